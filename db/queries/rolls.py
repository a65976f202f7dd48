"""The roll record: every roll a campaign's use-cases made, with the action it belongs to."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Row, func, literal, or_, select, tuple_

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


# --- lazy: the roll log's pages (lazy helper)
Before = tuple[datetime, int]  # (created_at, id) of the oldest roll already shown


def roll_page(session: Session, campaign_id: int, *, battle_id: int | None = None,
              fighter_id: int | None = None, table_id: str | None = None,
              before: Before | None = None, limit: int = 200) -> Sequence[Row]:
    """One page of the campaign's rolls, newest first: the ``limit`` rolls made before
    ``before`` (keyset pagination on ``(created_at, id)``; None: the newest). The columns
    of :func:`roll_rows` plus ``created_at``. Each filter has its index
    (``ix_roll_record_log*``): a page costs the same at 50 or 5,000,000 rolls."""
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
    if before is not None:
        stmt = stmt.where(tuple_(_rr.created_at, _rr.id) < tuple_(
            literal(before[0], _rr.created_at.type), literal(before[1], _rr.id.type)))
    stmt = stmt.order_by(_rr.created_at.desc(), _rr.id.desc()).limit(limit)
    return list(session.execute(stmt).all())


def _loose_distinct(session: Session, campaign_id: int, column: Any, *, above: Any, limit: int) -> list[Any]:
    """The distinct values of ``column`` among the campaign's rolls, smallest first, at
    most ``limit``: a loose index scan (one index probe per value, a recursive CTE), so
    five million rolls are never read to find a few hundred values."""
    first = (select(column).where(_rr.campaign_id == campaign_id, column > above)
             .order_by(column).limit(1).scalar_subquery())
    seen = select(first.label("v")).cte("seen", recursive=True)
    rr2 = RollRecord.__table__.alias("rr2")  # type: ignore[attr-defined]
    col2 = rr2.c[column.name]
    nxt = (select(col2).where(rr2.c.campaign_id == campaign_id, col2 > seen.c.v)
           .order_by(col2).limit(1).scalar_subquery())
    seen = seen.union_all(select(nxt.label("v")).where(seen.c.v.is_not(None)))
    return list(session.execute(select(seen.c.v).where(seen.c.v.is_not(None)).limit(limit)).scalars())


def fighters_with_rolls(session: Session, campaign_id: int, limit: int) -> list[int]:
    """Ids of (at most ``limit``) fighters with rolls in the campaign, smallest first."""
    return [int(v) for v in _loose_distinct(session, campaign_id, _rr.fighter_id, above=0, limit=limit)]


def tables_rolled(session: Session, campaign_id: int, limit: int = 1000) -> list[str]:
    """The rules tables the campaign's rolls went to (not ''), in id order."""
    return [str(v) for v in _loose_distinct(session, campaign_id, _rr.table_id, above="", limit=limit)]
