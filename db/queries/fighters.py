"""Fighters: their weapons, skills and injuries, and the rows that point at one."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from sqlmodel import Session, col, select

from db.models import BattleMark, BattleResult, Equipment, Fighter, LastingInjury, Skill


def equipment_of(session: Session, fighter_ids: Iterable[int | None] = (),
                 unit_ids: Iterable[int | None] = ()) -> list[Equipment]:
    """The weapons and gear of these fighters and units: the fighters' first, each
    group in the order it was added."""
    fids = [i for i in fighter_ids if i is not None]
    uids = [i for i in unit_ids if i is not None]
    out: list[Equipment] = []
    if fids:
        out += session.exec(select(Equipment).where(col(Equipment.fighter_id).in_(fids))
                            .order_by(col(Equipment.id))).all()
    if uids:
        out += session.exec(select(Equipment).where(col(Equipment.unit_id).in_(uids))
                            .order_by(col(Equipment.id))).all()
    return out


def skills_of(session: Session, fighter_ids: Iterable[int | None]) -> Sequence[Skill]:
    """The skills of these fighters, in the order they were gained."""
    fids = [i for i in fighter_ids if i is not None]
    if not fids:
        return []
    return session.exec(select(Skill).where(col(Skill.fighter_id).in_(fids)).order_by(col(Skill.id))).all()


def carried(session: Session, fighter_id: int, name: str) -> Equipment | None:
    """The fighter's first weapon called exactly ``name``, if any."""
    return session.exec(select(Equipment).where(Equipment.fighter_id == fighter_id, Equipment.name == name)
                        .order_by(col(Equipment.id))).first()


def injuries_of(session: Session, fighter_id: int) -> Sequence[LastingInjury]:
    """A fighter's lasting injuries, oldest first."""
    return session.exec(select(LastingInjury).where(LastingInjury.fighter_id == fighter_id)
                        .order_by(col(LastingInjury.id))).all()


def results_by(session: Session, fighter_id: int) -> Sequence[BattleResult]:
    """Battle results that name this fighter as the one who caused them."""
    return session.exec(select(BattleResult).where(BattleResult.by_fighter_id == fighter_id)).all()


def marks_by(session: Session, fighter_id: int) -> Sequence[BattleMark]:
    """Battle marks that name this fighter as the one who did it (table helper)."""
    return session.exec(select(BattleMark).where(BattleMark.by_fighter_id == fighter_id)).all()


def crew_of(session: Session, fighter_id: int) -> Sequence[Fighter]:
    """The fighters that crew this one (a vehicle or walker)."""
    return session.exec(select(Fighter).where(Fighter.crew_of_id == fighter_id)).all()
