"""Units (figures in groups): their names within a roster, their weapons."""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session, col, select

from db.models import Equipment, Roster, Unit


def roster_of_unit(session: Session, unit: Unit) -> Roster:
    """The roster a unit belongs to."""
    r = session.get(Roster, unit.roster_id)
    assert r is not None
    return r


def units_named(session: Session, roster_id: int, name: str) -> Sequence[Unit]:
    """The roster's units called exactly ``name``."""
    return session.exec(select(Unit).where(Unit.roster_id == roster_id, Unit.name == name)).all()


def weapons_of(session: Session, unit_id: int) -> Sequence[Equipment]:
    """A unit's weapons, in the order they were added."""
    return session.exec(select(Equipment).where(Equipment.unit_id == unit_id).order_by(col(Equipment.id))).all()
