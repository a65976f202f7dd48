"""The roll record: every roll a campaign's use-cases made, with the action it belongs to."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import Row, func, or_, select

from db.models import Journal, RollRecord
from db.uow import Session

_rr = RollRecord.__table__.c  # type: ignore[attr-defined]
_jr = Journal.__table__.c  # type: ignore[attr-defined]


def roll_rows(session: Session, campaign_id: int, *, battle_id: int | None = None,
              fighter_id: int | None = None, table_id: str | None = None,
              limit: int | None = None) -> Sequence[Row]:
    """The campaign's rolls as plain rows (a league's log holds tens of thousands),
    oldest first; the newest ``limit`` when given. Each row has the roll's columns plus
    ``undone`` and ``action`` of its journal (None for a roll outside one)."""
    stmt = (
        select(_rr.id, _rr.created_at, _rr.purpose, _rr.rule, _rr.subject, _rr.dice, _rr.faces, _rr.source,
               _rr.target, _rr.value, _rr.table_id, _rr.row, _rr.result, _rr.label, _rr.battle_id,
               _rr.fighter_id, _rr.figure_removed, _jr.undone, _jr.action)
        .select_from(RollRecord.__table__.outerjoin(Journal.__table__, _jr.id == _rr.journal_id))  # type: ignore[attr-defined]
        .where(_rr.campaign_id == campaign_id)
    )
    if battle_id is not None:
        stmt = stmt.where(_rr.battle_id == battle_id)
    if fighter_id is not None:
        stmt = stmt.where(_rr.fighter_id == fighter_id)
    if table_id:
        stmt = stmt.where(_rr.table_id == table_id)
    stmt = stmt.order_by(_rr.id.desc())
    if limit is not None:
        stmt = stmt.limit(limit)
    rows = list(session.execute(stmt).all())
    rows.reverse()
    return rows


def rolls_per_table(session: Session, campaign_id: int) -> Sequence[Row]:
    """How many rolls of the campaign went to each rules table (``table_id``, ``rolls``),
    undone ones left out; rolls on no table are not counted."""
    stmt = (
        select(_rr.table_id, func.count(_rr.id).label("rolls"))
        .select_from(RollRecord.__table__.outerjoin(Journal.__table__, _jr.id == _rr.journal_id))  # type: ignore[attr-defined]
        .where(_rr.campaign_id == campaign_id, _rr.table_id.is_not(None), _rr.table_id != "",
               or_(_jr.undone.is_(None), _jr.undone.is_(False)))
        .group_by(_rr.table_id)
        .order_by(_rr.table_id)
    )
    return list(session.execute(stmt).all())
