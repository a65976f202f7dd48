"""The roll record: every roll a campaign's use-cases made, with the action it belongs to."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Row, func, insert, or_, select, update

from campaign_app import rollchain
from db.models import Journal, RollRecord
from db.uow import Session

_rr = RollRecord.__table__.c  # type: ignore[attr-defined]
_jr = Journal.__table__.c  # type: ignore[attr-defined]


def roll_rows(session: Session, campaign_id: int, *, battle_id: int | None = None,
              fighter_id: int | None = None, table_id: str | None = None,
              limit: int | None = None, marks: Sequence[str] | None = None) -> Sequence[Row]:
    """The campaign's rolls as plain rows (a league's log holds tens of thousands),
    oldest first; the newest ``limit`` when given. Each row has the roll's columns plus
    ``undone`` and ``action`` of its journal (None for a roll outside one)."""
    stmt = (
        select(_rr.id, _rr.created_at, _rr.purpose, _rr.rule, _rr.subject, _rr.dice, _rr.faces, _rr.source,
               _rr.target, _rr.value, _rr.table_id, _rr.row, _rr.result, _rr.label, _rr.battle_id,
               _rr.fighter_id, _jr.undone, _jr.action, _rr.mark, _rr.step, _rr.hash)
        .select_from(RollRecord.__table__.outerjoin(Journal.__table__, _jr.id == _rr.journal_id))  # type: ignore[attr-defined]
        .where(_rr.campaign_id == campaign_id)
    )
    if battle_id is not None:
        stmt = stmt.where(_rr.battle_id == battle_id)
    if fighter_id is not None:
        stmt = stmt.where(_rr.fighter_id == fighter_id)
    if table_id:
        stmt = stmt.where(_rr.table_id == table_id)
    if marks:
        stmt = stmt.where(_rr.mark.in_(list(marks)))
    stmt = stmt.order_by(_rr.id.desc())
    if limit is not None:
        stmt = stmt.limit(limit)
    rows = list(session.execute(stmt).all())
    rows.reverse()
    return rows


def rolls_per_table(session: Session, campaign_id: int) -> Sequence[Row]:
    """How many rolls of the campaign went to each rules table (``table_id``, ``rolls``),
    undone ones and previews left out; rolls on no table are not counted."""
    stmt = (
        select(_rr.table_id, func.count(_rr.id).label("rolls"))
        .select_from(RollRecord.__table__.outerjoin(Journal.__table__, _jr.id == _rr.journal_id))  # type: ignore[attr-defined]
        .where(_rr.campaign_id == campaign_id, _rr.table_id.is_not(None), _rr.table_id != "",
               or_(_jr.undone.is_(None), _jr.undone.is_(False)), _rr.mark == "applied")
        .group_by(_rr.table_id)
        .order_by(_rr.table_id)
    )
    return list(session.execute(stmt).all())


# --------------------------------------------------------------------------- record helper
# marks, steps and the hash chain (campaign_app/rollchain.py)

_CHAIN_LOCK = 0x726F6C6C  # "roll": the advisory lock class of a campaign's chain head


def lock_chain(session: Session, campaign_id: int) -> str:
    """Take the campaign's chain head for this transaction and return its hash (``""``
    before the first record). On PostgreSQL an advisory transaction lock per campaign
    makes concurrent writers take turns (the second reads the head the first committed);
    SQLite has one writer at a time (the transaction already holds the write lock once
    it has written, and a stale reader cannot commit over a newer head)."""
    if session.get_bind().dialect.name == "postgresql":
        session.execute(select(func.pg_advisory_xact_lock(_CHAIN_LOCK, campaign_id)))
    head = session.execute(select(_rr.hash).where(_rr.campaign_id == campaign_id)
                           .order_by(_rr.id.desc()).limit(1)).scalar()
    return head or ""


def insert_rolls(session: Session, campaign_id: int, rows: list[dict[str, Any]]) -> list[int]:
    """Chain ``rows`` after the campaign's head (hashes computed in Python) and insert
    them in one Core statement; their ids in order."""
    if not rows:
        return []
    rollchain.chain(lock_chain(session, campaign_id), rows)
    return list(session.execute(
        insert(RollRecord).returning(_rr.id, sort_by_parameter_order=True), rows).scalars())


def mark_rolls(session: Session, ids: Sequence[int], mark: str, *, only: Sequence[str] = ()) -> int:
    """Set the mark of the rolls ``ids`` (those whose mark is in ``only``, when given)."""
    if not ids:
        return 0
    stmt = update(RollRecord.__table__).where(_rr.id.in_(list(ids)))  # type: ignore[attr-defined]
    if only:
        stmt = stmt.where(_rr.mark.in_(list(only)))
    return int(getattr(session.execute(stmt.values(mark=mark)), "rowcount", 0) or 0)


def step_rolls(session: Session, campaign_id: int, step: str) -> Sequence[Row]:
    """The rolls recorded for ``step`` (``faces``, ``source``, ``face_pos``, ``mark``),
    oldest first."""
    return list(session.execute(
        select(_rr.id, _rr.faces, _rr.source, _rr.face_pos, _rr.mark)
        .where(_rr.campaign_id == campaign_id, _rr.step == step).order_by(_rr.id)).all())


def chain_rows(session: Session, campaign_id: int) -> Sequence[Row]:
    """Every roll record of the campaign with what its hash covers, in chain order."""
    cols = [getattr(_rr, c) for c in rollchain.HASHED]
    return list(session.execute(select(_rr.id, _rr.prev_hash, _rr.hash, *cols)
                                .where(_rr.campaign_id == campaign_id).order_by(_rr.id)).all())
