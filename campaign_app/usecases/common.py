"""Shared pieces of the use-cases: finding rows by id or unique name, text checks."""

from __future__ import annotations

from typing import Any, TypeVar

from sqlmodel import Session, select

from campaign_app.errors import InputError, NotFoundError
from db.models import Battle, Campaign, Fighter, Roster, Unit

T = TypeVar("T")

MAX_NAME = 200
MAX_TEXT = 20000


def clean_name(value: Any, what: str = "name") -> str:
    text = str(value if value is not None else "").strip()
    if not text:
        raise InputError(f"{what} is empty")
    if len(text) > MAX_NAME:
        raise InputError(f"{what} is {len(text)} characters long (at most {MAX_NAME})")
    if any(ord(ch) < 32 for ch in text):
        raise InputError(f"{what} contains control characters")
    return text


def clean_text(value: Any, what: str = "text", limit: int = MAX_TEXT) -> str:
    text = str(value if value is not None else "")
    if len(text) > limit:
        raise InputError(f"{what} is {len(text)} characters long (at most {limit})")
    return text


def _by_ref(session: Session, model: type[T], ref: Any, what: str, **scope: Any) -> T:
    """Find one row by id or by exact name, within ``scope`` (column=value)."""
    text = str(ref).strip()
    if not text:
        raise InputError(f"no {what} given")
    if text.isdigit():
        obj = session.get(model, int(text))
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


def get_campaign(session: Session, ref: Any) -> Campaign:
    return _by_ref(session, Campaign, ref, "campaign")


def get_roster(session: Session, ref: Any, campaign: Campaign | None = None) -> Roster:
    scope = {"campaign_id": campaign.id} if campaign is not None else {}
    return _by_ref(session, Roster, ref, "roster", **scope)


def get_fighter(session: Session, ref: Any, roster: Roster | None = None) -> Fighter:
    scope = {"roster_id": roster.id} if roster is not None else {}
    return _by_ref(session, Fighter, ref, "fighter", **scope)


def get_unit(session: Session, ref: Any, roster: Roster | None = None) -> Unit:
    scope = {"roster_id": roster.id} if roster is not None else {}
    return _by_ref(session, Unit, ref, "unit", **scope)


def get_battle(session: Session, ref: Any, campaign: Campaign | None = None) -> Battle:
    text = str(ref).strip()
    if not text.isdigit():
        raise InputError(f"battle {text!r}: give the battle's id (a number)")
    battle = session.get(Battle, int(text))
    if battle is None:
        raise NotFoundError(f"no battle {text}")
    if campaign is not None and battle.campaign_id != campaign.id:
        raise InputError(f"battle {text} belongs to another campaign")
    return battle


def campaign_of_roster(session: Session, roster: Roster) -> Campaign:
    c = session.get(Campaign, roster.campaign_id)
    assert c is not None
    return c


def campaign_of_fighter(session: Session, fighter: Fighter) -> tuple[Campaign, Roster]:
    r = session.get(Roster, fighter.roster_id)
    assert r is not None
    return campaign_of_roster(session, r), r
