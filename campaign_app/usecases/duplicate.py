"""Duplicate a fighter: another figure like this one in the same roster (the same type,
characteristics, weapons, gear and skills), for a gang that fields several alike.

What happened to the original is its own and is not copied: the copy starts active,
without injuries, conditions, battles or rolls, and crews nothing (a vehicle's copy
has no crew)."""

from __future__ import annotations

from typing import Any

from campaign_app.errors import InputError
from campaign_app.usecases.common import (
    Ref,
    campaign_of_fighter,
    clean_name,
    get_fighter,
    get_roster,
)
from campaign_app.usecases.fighters import fighter_result
from campaign_app.usecases.results import FighterResult
from db.models import Equipment, Fighter, Skill
from db.queries import fighters as fighter_q
from db.queries import rosters as roster_q
from db.uow import Engine, UnitOfWork

MAX_NAME = 200
# what a copy takes over from its original: what it is, not what happened to it
COPIED = ("fighter_type", "role", "kind", "rep", "stats", "xp", "credits_value", "abilities", "notes",
          "walker_type_id")
EQUIPMENT = ("name", "category", "range", "targets", "impact", "fp", "strength", "ap", "traits", "qty",
             "cost", "notes")


def copy_name(name: str, taken: set[str]) -> str:
    """``name (2)``, or the next number free among ``taken``."""
    base = name
    if base.endswith(")") and " (" in base:
        head, _sep, num = base[:-1].rpartition(" (")
        if num.isdigit():
            base = head
    n = 2
    while True:
        suffix = f" ({n})"
        candidate = base[: MAX_NAME - len(suffix)] + suffix
        if candidate not in taken:
            return candidate
        n += 1


def duplicate_fighter(engine: Engine, ref: Ref, name: str | None = None) -> FighterResult:
    """Add a copy of fighter ``ref`` to its roster, named ``name`` (default: the
    original's name numbered, "Brak (2)"). One transaction, one undo step."""
    with UnitOfWork(engine, "fighter.duplicate") as uow:
        s = uow.session
        f = get_fighter(s, ref)
        c, r = campaign_of_fighter(s, f)
        uow.campaign_id = c.id
        taken = {x.name for x in roster_q.fighters_of(s, f.roster_id)}
        new_name = clean_name(name, "fighter name") if name is not None else copy_name(f.name, taken)
        if new_name in taken:
            raise InputError(f"{get_roster(s, f.roster_id).name} already has a fighter named {new_name}")
        copy = Fighter(roster_id=f.roster_id, name=new_name,
                       **{k: _fresh(getattr(f, k)) for k in COPIED})
        s.add(copy)
        s.flush()
        for e in fighter_q.equipment_of(s, [f.id]):
            s.add(Equipment(fighter_id=copy.id, **{k: _fresh(getattr(e, k)) for k in EQUIPMENT}))
        for sk in fighter_q.skills_of(s, [f.id]):
            s.add(Skill(fighter_id=copy.id or 0, name=sk.name))
        uow.summary = f"duplicate {f.name} as {new_name} in {r.name}"
    assert c.id is not None
    return fighter_result(copy, c.id, uow.changes)


def _fresh(v: Any) -> Any:
    """A value for the copy: lists and dicts copied, not shared with the original."""
    if isinstance(v, dict):
        return dict(v)
    if isinstance(v, list):
        return list(v)
    return v
