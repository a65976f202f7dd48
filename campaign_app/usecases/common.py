"""Shared pieces of the use-cases: finding rows by id or unique name, text checks."""

from __future__ import annotations

from collections.abc import Mapping
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


# ------------------------------------------------------------------ change wording
_COLUMN_WORDS = {
    "rep": "Rep", "xp": "XP", "fighter_type": "type", "credits_value": "value",
    "figures_start": "figures at start", "battles_fought": "battles fought",
}


def _shown(v: Any) -> str:
    if v is None or v == "" or v == []:
        return "none"
    if isinstance(v, (list, tuple)):
        return ", ".join(str(x) for x in v)
    return str(v)


def change_words(new: Mapping[str, Any], old: Mapping[str, Any] | None = None,
                 rosters: Mapping[int, str] | None = None) -> list[str]:
    """What a change of columns means, in words a player reads in a preview: ``Rep 4 →
    5``, ``WS 3 → 4`` (only the characteristics that change), ``gains condition
    Blind``, ``note “Back from recovery”``, ``held by Venom Sisters``. ``old`` holds the
    values before (where known); unchanged columns are left out."""
    old = old or {}
    rosters = rosters or {}
    words: list[str] = []
    for key, value in new.items():
        before = old.get(key)
        if key in old and before == value:
            continue
        if key == "stats" and isinstance(value, Mapping):
            prev = before if isinstance(before, Mapping) else {}
            words += [f"{k} {prev[k]} → {v}" if prev.get(k) is not None else f"{k} {v}"
                      for k, v in value.items() if prev.get(k) != v]
        elif key in ("conditions", "abilities", "skills") and isinstance(value, (list, tuple)):
            what = {"conditions": "condition", "abilities": "ability", "skills": "skill"}[key]
            prev_items = list(before or [])
            words += [f"gains {what} {x}" for x in value if x not in prev_items]
            words += [f"loses {what} {x}" for x in prev_items if x not in value]
        elif key == "status_note":
            text = str(value or "").strip()
            if text:
                words.append(f"note “{text}”")
            elif before:
                words.append("note cleared")
        elif key == "captured_by_roster_id":
            words.append("no longer held captive" if value is None
                         else f"held by {rosters.get(value, f'roster {value}')}")
        elif key == "roster_id":
            words.append(f"moves to {rosters.get(value, f'roster {value}')}")
        else:
            label = _COLUMN_WORDS.get(key, key.replace("_", " "))
            words.append(f"{label} {_shown(before)} → {_shown(value)}" if key in old
                         else f"{label} {_shown(value)}")
    return words


def describe_change(name: str, new: Mapping[str, Any], old: Mapping[str, Any] | None = None,
                    rosters: Mapping[int, str] | None = None, reason: str = "") -> str | None:
    """``Brak: Rep 4 → 5 (rolled a 6)``; with nothing visible changing, the reason alone
    (``Brak: back from recovery``), or ``None`` without one either."""
    words = change_words(new, old, rosters)
    if not words:
        return f"{name}: {reason}" if reason else None
    return f"{name}: {', '.join(words)}" + (f" ({reason})" if reason else "")
