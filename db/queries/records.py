"""Records a game system keeps of its own (``system_record``; records helper)."""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session, col, select

from db.models import SystemRecord


def records_of(session: Session, campaign_id: int, kind: str | None = None, *,
               roster_id: int | None = None, campaign_only: bool = False) -> Sequence[SystemRecord]:
    """The campaign's records (of ``kind``; of roster ``roster_id``; or, ``campaign_only``,
    those of no roster), oldest first."""
    stmt = select(SystemRecord).where(SystemRecord.campaign_id == campaign_id)
    if kind is not None:
        stmt = stmt.where(SystemRecord.kind == kind)
    if roster_id is not None:
        stmt = stmt.where(SystemRecord.roster_id == roster_id)
    elif campaign_only:
        stmt = stmt.where(col(SystemRecord.roster_id).is_(None))
    return session.exec(stmt.order_by(col(SystemRecord.id))).all()
