"""Walker types and walkers' crews."""

from __future__ import annotations

from sqlmodel import Session, col, select

from db.models import Fighter, WalkerType


def campaign_walker_types(s: Session, campaign_id: int) -> list[WalkerType]:
    """The walker types a campaign added, in the order added."""
    return list(s.exec(select(WalkerType).where(WalkerType.campaign_id == campaign_id)
                       .order_by(col(WalkerType.id))).all())


def crew(s: Session, walker_id: int) -> list[Fighter]:
    """The fighters crewing ``walker_id``, by id."""
    return list(s.exec(select(Fighter).where(Fighter.crew_of_id == walker_id).order_by(col(Fighter.id))).all())
