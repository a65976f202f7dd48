"""Finding rows by id or by unique name: one use-case's way into the database."""

from __future__ import annotations

from typing import TypeVar

from sqlmodel import Session, col, select

from campaign_app.errors import InputError, NotFoundError
from db.models import Battle, Campaign, Fighter, Roster, Unit

T = TypeVar("T")

Ref = int | str
"""A row named by its id, or by its exact name (unique where it is looked up)."""


MAX_ID = 2**63 - 1  # the largest id a database column holds


def as_id(text: str) -> int | None:
    """``text`` as a row id (plain ASCII digits, in range), else None (then it is a name,
    or no row at all: never a driver overflow)."""
    if text.isascii() and text.isdigit() and len(text) <= 19 and int(text) <= MAX_ID:
        return int(text)
    return None


def _by_ref(session: Session, model: type[T], ref: Ref, what: str, **scope: int | None) -> T:
    """Find one row by id or by exact name, within ``scope`` (column=value)."""
    text = str(ref).strip()
    if not text:
        raise InputError(f"no {what} given")
    ident = as_id(text)
    if ident is not None:
        obj = session.get(model, ident)
        if obj is not None and all(getattr(obj, k) == v for k, v in scope.items()):
            return obj
    stmt = select(model).where(model.name == text)  # type: ignore[attr-defined]
    for k, v in scope.items():
        stmt = stmt.where(getattr(model, k) == v)
    found = list(session.exec(stmt).all())
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        ids = ", ".join(str(getattr(o, "id", "?")) for o in found)
        raise InputError(f"{len(found)} {what}s are named {text!r}: use the id ({ids})")
    raise NotFoundError(f"no {what} {text!r}")


def get_campaign(session: Session, ref: Ref, *, deleted: bool = False) -> Campaign:
    """Campaign ``ref``; a deleted one (kept for undo) only with ``deleted``."""
    try:
        c = _by_ref(session, Campaign, ref, "campaign")
    except NotFoundError:
        text = str(ref).strip()
        was = session.exec(select(Campaign.id).where(col(Campaign.deleted_at).is_not(None),
                                                      col(Campaign.name).startswith(f"{text} (deleted #"))).first()
        if was is None:
            raise
        raise NotFoundError(f"no campaign {text!r} (campaign {was} of that name was deleted: "
                            "restore it to use it)") from None
    if c.deleted_at is not None and not deleted:
        raise NotFoundError(f"campaign {c.id} was deleted: restore it to use it")
    return c


def get_roster(session: Session, ref: Ref, campaign: Campaign | None = None) -> Roster:
    scope = {"campaign_id": campaign.id} if campaign is not None else {}
    return _by_ref(session, Roster, ref, "roster", **scope)


def get_fighter(session: Session, ref: Ref, roster: Roster | None = None) -> Fighter:
    scope = {"roster_id": roster.id} if roster is not None else {}
    return _by_ref(session, Fighter, ref, "fighter", **scope)


def get_unit(session: Session, ref: Ref, roster: Roster | None = None) -> Unit:
    scope = {"roster_id": roster.id} if roster is not None else {}
    return _by_ref(session, Unit, ref, "unit", **scope)


def get_battle(session: Session, ref: Ref, campaign: Campaign | None = None) -> Battle:
    text = str(ref).strip()
    if not (text.isascii() and text.isdigit()):
        raise InputError(f"battle {text!r}: give the battle's id (a number)")
    ident = as_id(text)
    battle = session.get(Battle, ident) if ident is not None else None
    if battle is None:
        raise NotFoundError(f"no battle {text}")
    if campaign is not None and battle.campaign_id != campaign.id:
        raise InputError(f"battle {text} belongs to another campaign")
    return battle


def campaign_of_roster(session: Session, roster: Roster) -> Campaign:
    c = session.get(Campaign, roster.campaign_id)
    assert c is not None
    if c.deleted_at is not None:
        raise NotFoundError(f"no roster {roster.name!r} (its campaign was deleted: restore it to use it)")
    return c


def campaign_of_fighter(session: Session, fighter: Fighter) -> tuple[Campaign, Roster]:
    r = session.get(Roster, fighter.roster_id)
    assert r is not None
    return campaign_of_roster(session, r), r


