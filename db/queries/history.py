"""A campaign's history: the journals of its actions."""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session, col, select

from db.models import Journal


def journals_of(session: Session, campaign_id: int, limit: int | None = None) -> Sequence[Journal]:
    """The campaign's actions, newest first (the newest ``limit`` when given)."""
    stmt = select(Journal).where(Journal.campaign_id == campaign_id).order_by(col(Journal.id).desc())
    if limit is not None:
        stmt = stmt.limit(limit)
    return session.exec(stmt).all()
