"""The roll record: every roll a campaign's use-cases made, with the action it belongs to."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import datetime
from functools import cache
from typing import Any

from sqlalchemy import Row, bindparam, func, insert, literal, or_, select, tuple_, update

from campaign_app import rollchain
from db.models import ChainHead, Journal, RollRecord, utcnow
from db.uow import Session

_rr = RollRecord.__table__.c  # type: ignore[attr-defined]
_jr = Journal.__table__.c  # type: ignore[attr-defined]


def _log_filters(stmt: Any, campaign_id: int, battle_id: int | None, fighter_id: int | None,
                 table_id: str | None, marks: Sequence[str] | None) -> Any:
    """The roll log's filters on ``stmt``: one set for the whole log and its pages."""
    stmt = stmt.where(_rr.campaign_id == campaign_id)
    if battle_id is not None:
        stmt = stmt.where(_rr.battle_id == battle_id)
    if fighter_id is not None:
        stmt = stmt.where(_rr.fighter_id == fighter_id)
    if table_id:
        stmt = stmt.where(_rr.table_id == table_id)
    if marks:
        stmt = stmt.where(_rr.mark.in_(list(marks)))
    else:  # the chain's mark records are not rolls: shown only when asked for (``mark``)
        stmt = stmt.where(_rr.mark != rollchain.MARK_DICE)
    return stmt


def _log_columns() -> Any:
    """The roll log's columns: each roll with its journal's ``undone`` and ``action``."""
    return (select(_rr.id, _rr.created_at, _rr.purpose, _rr.rule, _rr.subject, _rr.dice, _rr.faces, _rr.source,
                   _rr.target, _rr.value, _rr.table_id, _rr.row, _rr.result, _rr.label, _rr.battle_id,
                   _rr.fighter_id, _rr.figure_removed, _jr.undone, _jr.action, _rr.mark, _rr.step, _rr.hash))


def _log_select(campaign_id: int, battle_id: int | None, fighter_id: int | None, table_id: str | None,
                marks: Sequence[str] | None) -> Any:
    """The roll log's columns and its filters (the whole log)."""
    stmt = _log_columns().select_from(
        RollRecord.__table__.outerjoin(Journal.__table__, _jr.id == _rr.journal_id))  # type: ignore[attr-defined]
    return _log_filters(stmt, campaign_id, battle_id, fighter_id, table_id, marks)


def roll_rows(session: Session, campaign_id: int, *, battle_id: int | None = None,
              fighter_id: int | None = None, table_id: str | None = None,
              limit: int | None = None, marks: Sequence[str] | None = None) -> Sequence[Row]:
    """The campaign's rolls as plain rows (a league's log holds tens of thousands),
    oldest first; the newest ``limit`` when given. Each row has the roll's columns plus
    ``undone`` and ``action`` of its journal (None for a roll outside one)."""
    stmt = _log_select(campaign_id, battle_id, fighter_id, table_id, marks)
    stmt = stmt.order_by(_rr.id.desc())
    if limit is not None:
        stmt = stmt.limit(limit)
    rows = list(session.execute(stmt).all())
    rows.reverse()
    return rows


def campaign_size(session: Session, campaign_id: int) -> tuple[int, int]:
    """The campaign's rosters and battles, counted by the database (index-only counts)."""
    from db.models import Battle, Roster

    ro, ba = Roster.__table__, Battle.__table__  # type: ignore[attr-defined]
    rosters = session.execute(select(func.count()).select_from(ro).where(ro.c.campaign_id == campaign_id)).scalar()
    battles = session.execute(select(func.count()).select_from(ba).where(ba.c.campaign_id == campaign_id)).scalar()
    return int(rosters or 0), int(battles or 0)


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


# --- lazy: the roll log's pages (lazy helper)
Before = tuple[datetime, int]  # (created_at, id) of the oldest roll already shown


def roll_page(session: Session, campaign_id: int, *, battle_id: int | None = None,
              fighter_id: int | None = None, table_id: str | None = None,
              before: Before | None = None, limit: int = 200,
              marks: Sequence[str] | None = None) -> Sequence[Row]:
    """One page of the campaign's rolls, newest first: the ``limit`` rolls made before
    ``before`` (keyset pagination on ``(created_at, id)``; None: the newest). The columns
    of :func:`roll_rows` plus ``created_at``. Each filter has its index
    (``ix_roll_record_log*``): a page costs the same at 50 or 5,000,000 rolls."""
    keys = _log_filters(select(_rr.id, _rr.created_at), campaign_id, battle_id, fighter_id, table_id, marks)
    if before is not None:
        keys = keys.where(tuple_(_rr.created_at, _rr.id) < tuple_(
            literal(before[0], _rr.created_at.type), literal(before[1], _rr.id.type)))
    # the page's ids first (an index walk that stops after ``limit``), then their rows
    # and journals: joined before the limit, a planner without statistics (a league
    # just bulk-loaded) hashed all 5,000,000 rolls to the journal first (9 s)
    page = keys.order_by(_rr.created_at.desc(), _rr.id.desc()).limit(limit).subquery("page")
    rr = RollRecord.__table__  # type: ignore[attr-defined]
    stmt = (_log_columns()
            .select_from(page.join(rr, rr.c.id == page.c.id)
                         .outerjoin(Journal.__table__, _jr.id == _rr.journal_id)))  # type: ignore[attr-defined]
    # newest first, as the index gave them: at most ``limit`` rows, put in order here
    return sorted(session.execute(stmt).all(), key=lambda r: (r.created_at, r.id), reverse=True)


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


# --------------------------------------------------------------------------- record helper
# marks, steps and the hash chain (campaign_app/rollchain.py)

_CHAIN_LOCK = 0x726F6C6C  # "roll": the advisory lock class of a campaign's chain head


def lock_chain(session: Session, campaign_id: int, *, durable: bool = True) -> str:
    """Take the campaign's chain head for this transaction and return its hash (``""``
    before the first record): :func:`take_head` without saying whether a head is kept."""
    return take_head(session, campaign_id, durable=durable)[0]


def take_head(session: Session, campaign_id: int, *, durable: bool = True) -> tuple[str, bool]:
    """Take the campaign's chain head for this transaction: its hash (``""`` before the
    first record) and whether the head row is kept (then locked by this transaction).

    On PostgreSQL concurrent writers take turns: the head row is read ``FOR UPDATE``
    (the second writer waits, then reads the head the first committed: read committed
    reads the row again once its lock is free), one statement for lock and read. A
    campaign with no head row yet has nothing to lock: an advisory transaction lock per
    campaign makes its first writers take turns, and the head is read again under it
    (the writer before may have made it). SQLite has one writer at a time (the
    transaction already holds the write lock once it has written, and a stale reader
    cannot commit over a newer head). ``durable=False``: in the same statement, this
    transaction's commit will not wait for the server's disk (:class:`db.uow.UnitOfWork`'s
    ``durable``)."""
    at = {"head_campaign": campaign_id}
    if session.get_bind().dialect.name == "postgresql":
        kept = session.execute(_head_read(lock=True, no_wait=not durable), at).scalar()
        if kept is None:
            said = () if durable else (_no_wait(),)
            session.execute(select(func.pg_advisory_xact_lock(_CHAIN_LOCK, campaign_id), *said))
            kept = session.execute(_head_read(lock=True, no_wait=False), at).scalar()
    else:
        kept = session.execute(_head_read(lock=False, no_wait=False), at).scalar()
    if kept is not None:  # the head the server keeps: what the next record follows
        return str(kept), True
    last = session.execute(select(_rr.hash).where(_rr.campaign_id == campaign_id)
                           .order_by(_rr.id.desc()).limit(1)).scalar()
    return last or "", False


_ch = ChainHead.__table__.c  # type: ignore[attr-defined]


@cache
def _head_read(*, lock: bool, no_wait: bool) -> Any:
    """The chain head's hash by ``head_campaign`` (``lock``: FOR UPDATE; ``no_wait``:
    with :func:`_no_wait`), built once: each preview of a wizard runs it."""
    stmt = select(_ch.last_hash).where(_ch.campaign_id == bindparam("head_campaign"))
    if no_wait:
        stmt = stmt.add_columns(_no_wait())
    return stmt.with_for_update() if lock else stmt


@cache
def _insert_one(keys: tuple[str, ...]) -> Any:
    """One roll record (its columns ``keys``) inserted with the campaign's head row moved
    on to it, in one statement (a data-modifying WITH runs once, whole), built once per
    set of columns. Its parameters are the row's as ``row_<column>``, ``head_campaign``
    and ``head_hash``: no name of the head's columns, which SQLAlchemy would also set in
    the WITH's UPDATE."""
    table = RollRecord.__table__  # type: ignore[attr-defined]
    move = (update(ChainHead.__table__)  # type: ignore[attr-defined]
            .where(_ch.campaign_id == bindparam("head_campaign"))
            .values(count=_ch.count + 1, last_hash=bindparam("head_hash")).cte("head_moved"))
    return (insert(table).values({k: bindparam(f"row_{k}") for k in keys})
            .returning(table.c.id).add_cte(move))


_DEFAULTED = frozenset(c.name for c in RollRecord.__table__.c  # type: ignore[attr-defined]
                       if c.default is not None)


def chain_head(session: Session, campaign_id: int) -> tuple[int, str] | None:
    """The campaign's chain head as kept (count, last hash); None: none kept."""
    row = session.execute(select(_ch.count, _ch.last_hash).where(_ch.campaign_id == campaign_id)).first()
    return None if row is None else (int(row[0]), str(row[1]))


def advance_head(session: Session, campaign_id: int, added: int, last_hash: str, *, unwritten: int = 0) -> None:
    """Move the campaign's chain head on by ``added`` records ending in ``last_hash``, in
    the caller's transaction (under :func:`lock_chain`). A campaign without a head yet
    gets one counting the records it has (``unwritten``: those the caller has not
    inserted yet)."""
    if added <= 0:
        return
    t = ChainHead.__table__  # type: ignore[attr-defined]
    res = session.execute(update(t).where(_ch.campaign_id == campaign_id)
                          .values(count=_ch.count + added, last_hash=last_hash))
    if int(getattr(res, "rowcount", 0) or 0) == 0:
        session.execute(insert(t).values(campaign_id=campaign_id, last_hash=last_hash,
                                         count=chain_length(session, campaign_id) + unwritten))


def _no_wait() -> Any:
    """PostgreSQL: this transaction's commit does not wait for its log to reach the disk."""
    return func.set_config("synchronous_commit", "off", True)


def commit_without_wait(session: Session) -> None:
    """:func:`_no_wait` as a statement of its own (a transaction that took no chain lock)."""
    if session.get_bind().dialect.name == "postgresql":
        session.execute(select(_no_wait()))


def insert_rolls(session: Session, campaign_id: int, rows: list[dict[str, Any]], *,
                 durable: bool = True) -> list[int]:
    """Chain ``rows`` after the campaign's head (hashes computed in Python) and insert
    them in one Core statement, the head moved on with them; their ids in order."""
    if not rows:
        return []
    head, kept = take_head(session, campaign_id, durable=durable)
    rollchain.chain(head, rows)
    table = RollRecord.__table__  # type: ignore[attr-defined]
    if (kept and len(rows) == 1 and session.get_bind().dialect.name == "postgresql"
            and _DEFAULTED <= rows[0].keys()):
        # one roll (a wizard's preview, each click): the head row locked above moves on in
        # the insert's own statement, one round trip fewer; more rolls go in batches
        # (insertmanyvalues), which would repeat it. The row names every column that has
        # a default: with a WITH, SQLAlchemy 2.1 sends NULL for a column left out
        row = rows[0]
        at = {f"row_{k}": v for k, v in row.items()} | {"head_campaign": campaign_id, "head_hash": str(row["hash"])}
        return [int(session.execute(_insert_one(tuple(sorted(row))), at).scalar_one())]
    # Core, not the ORM's bulk insert: the rows are complete dicts, nothing to map
    ids = list(session.execute(
        insert(table).returning(table.c.id, sort_by_parameter_order=True), rows).scalars())
    advance_head(session, campaign_id, len(rows), str(rows[-1]["hash"]))
    return ids


def set_marks(session: Session, ids: Sequence[int] | None, mark: str, *, only: Sequence[str] = (),
              journal_id: int | None = None, durable: bool = True) -> list[int]:
    """Mark the rolls ``ids`` (or every roll of ``journal_id``) ``mark``, those whose mark
    is in ``only`` when given, and append one mark record per roll marked to its
    campaign's chain, in the caller's transaction (#35 item 4: the only way the app
    changes a mark, so ``log verify`` can replay them). Returns the ids marked."""
    if ids is not None and not ids:
        return []
    stmt = select(_rr.id, _rr.campaign_id, _rr.hash, _rr.mark, _rr.subject)
    stmt = stmt.where(_rr.id.in_(list(ids))) if ids is not None else stmt.where(_rr.journal_id == journal_id)
    stmt = stmt.where(_rr.mark != mark, _rr.mark.not_in((rollchain.NOTE_DICE, rollchain.MARK_DICE)))
    if only:
        stmt = stmt.where(_rr.mark.in_(list(only)))
    targets = list(session.execute(stmt.order_by(_rr.campaign_id, _rr.id)).all())
    if not targets:
        return []
    table = RollRecord.__table__  # type: ignore[attr-defined]
    marked = [int(t.id) for t in targets]
    session.execute(update(table).where(_rr.id.in_(marked)).values(mark=mark))
    now = utcnow()
    by_campaign: dict[int, list[dict[str, Any]]] = {}
    for t in targets:
        by_campaign.setdefault(int(t.campaign_id), []).append(
            rollchain.mark_row(dict(t._mapping), mark, now) | {"campaign_id": int(t.campaign_id)})
    for cid, rows in by_campaign.items():
        insert_rolls(session, cid, rows, durable=durable)
    return marked


def step_rolls(session: Session, campaign_id: int, step: str) -> Sequence[Row]:
    """The rolls recorded for ``step`` (``faces``, ``source``, ``face_pos``, ``mark``),
    oldest first."""
    return list(session.execute(
        select(_rr.id, _rr.faces, _rr.source, _rr.face_pos, _rr.mark)
        .where(_rr.campaign_id == campaign_id, _rr.step == step).order_by(_rr.id)).all())


def chain_rows(session: Session, campaign_id: int, batch: int = 10_000) -> Iterator[Row[Any]]:
    """Every roll record of the campaign with what its hash covers, in chain order,
    streamed ``batch`` rows at a time (a national league has millions: never all in
    memory at once)."""
    cols = [getattr(_rr, c) for c in rollchain.HASHED]
    stmt = (select(_rr.id, _rr.prev_hash, _rr.hash, _rr.mark, *cols)
            .where(_rr.campaign_id == campaign_id).order_by(_rr.id))
    yield from session.execute(stmt.execution_options(yield_per=batch))


def rolls_by_hash(session: Session, campaign_id: int, hashes: Sequence[str],
                  batch: int = 500) -> Iterator[Row[Any]]:
    """The campaign's records whose hash is one of ``hashes`` (``id``, ``hash``, ``mark``,
    ``v``, ``first_mark``): the rolls mark records name (``log verify``)."""
    hashes = list(hashes)
    for i in range(0, len(hashes), batch):
        yield from session.execute(select(_rr.id, _rr.hash, _rr.mark, _rr.v, _rr.first_mark).where(
            _rr.campaign_id == campaign_id, _rr.hash.in_(hashes[i:i + batch]))).all()


def chain_position(session: Session, campaign_id: int, roll_id: int) -> int:
    """The place (1-based) of the record ``roll_id`` in its campaign's chain."""
    return int(session.execute(select(func.count(_rr.id)).where(
        _rr.campaign_id == campaign_id, _rr.id <= roll_id)).scalar() or 0)


def chain_longer_than(session: Session, campaign_id: int, n: int) -> bool:
    """Whether the campaign has more than ``n`` roll records: a walk of ``n`` index
    entries at most, not a count of millions."""
    return session.execute(select(_rr.id).where(_rr.campaign_id == campaign_id)
                           .order_by(_rr.id).limit(1).offset(n)).first() is not None


def chain_length(session: Session, campaign_id: int) -> int:
    """How many roll records the campaign's chain has (an index-only count)."""
    return int(session.execute(select(func.count(_rr.id)).where(_rr.campaign_id == campaign_id)).scalar() or 0)
