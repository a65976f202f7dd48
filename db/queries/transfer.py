"""Bulk reads and writes of whole campaigns: the JSON export's snapshot reads, the JSON
import's Core inserts (``insert().returning()``, executemany on SQLite, COPY on
PostgreSQL), and the restore's wipe. Rows go in and out as plain mappings and columns;
the document shape is the use-cases' (:mod:`campaign_app.usecases.datafiles`)."""

from __future__ import annotations

import json
import threading
from array import array
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime
from operator import attrgetter, itemgetter, methodcaller
from typing import Any

from sqlalchemy import JSON, bindparam, func, insert, select, text, update
from sqlalchemy.engine import Connection, Engine, RowMapping
from sqlalchemy.exc import DBAPIError
from sqlmodel import Session, SQLModel

TABLES = SQLModel.metadata.tables
"""Every table by name (the import names the table it fills)."""

Row = RowMapping

__all__ = ["STREAM_ROWS", "TABLES", "BattleRows", "CampaignHead", "CampaignRows", "Connection", "RosterRows",
           "battle_parts", "build_indexes", "campaign_head", "defer_indexes", "campaign_ids", "campaign_names", "campaign_rows", "roster_parts",
           "stream_rolls",
           "delete_everything", "analyze", "copy_behind", "import_cache", "insert_columns", "set_captured", "set_crews", "snapshot", "system_records_of"]


@contextmanager
def snapshot(engine: Engine) -> Iterator[Connection]:
    """A connection whose reads all see one consistent snapshot."""
    if engine.dialect.name == "postgresql":
        with engine.connect().execution_options(isolation_level="REPEATABLE READ") as conn:
            with conn.begin():
                yield conn
        return
    with engine.connect() as conn:
        conn.exec_driver_sql("BEGIN")
        try:
            yield conn
        finally:
            conn.rollback()


def campaign_ids(conn: Connection) -> list[int]:
    """Every campaign's id, oldest first (deleted ones, kept for undo, left out)."""
    t = TABLES["campaign"]
    return [r[0] for r in conn.execute(select(t.c.id).where(t.c.deleted_at.is_(None)).order_by(t.c.id))]


def campaign_names(engine: Engine) -> set[str]:
    """The names every campaign has now (an import may not take one)."""
    with engine.connect() as conn:
        return {r[0] for r in conn.execute(select(TABLES["campaign"].c.name))}


@dataclass(frozen=True)
class CampaignRows:
    """Every row of one campaign, each table in id order (rolls with their journal's
    ``j_action`` and ``j_undone``)."""

    campaign: Row
    rosters: list[Row]
    fighters: list[Row]
    units: list[Row]
    equipment: list[Row]
    skills: list[Row]
    injuries: list[Row]
    walker_types: list[Row]
    battles: list[Row]
    battle_rosters: list[Row]
    battle_results: list[Row]
    rolls: list[Row]
    battle_marks: list[Row] = field(default_factory=list)  # table helper
    # --- gear (gear helper)
    stash: list[Row] = field(default_factory=list)
    ledger: list[Row] = field(default_factory=list)
    content_packs: list[Row] = field(default_factory=list)
    territories: list[Row] = field(default_factory=list)


def campaign_rows(conn: Connection, cid: int) -> CampaignRows:
    """One campaign's rows, read on ``conn`` (a :func:`snapshot`): one select per table."""
    T = TABLES
    camp = conn.execute(select(T["campaign"]).where(T["campaign"].c.id == cid)).mappings().one()
    rosters = list(conn.execute(select(T["roster"]).where(T["roster"].c.campaign_id == cid)
                                .order_by(T["roster"].c.id)).mappings())
    roster_ids = select(T["roster"].c.id).where(T["roster"].c.campaign_id == cid)
    fighters = list(conn.execute(select(T["fighter"]).where(T["fighter"].c.roster_id.in_(roster_ids))
                                 .order_by(T["fighter"].c.id)).mappings())
    units = list(conn.execute(select(T["unit"]).where(T["unit"].c.roster_id.in_(roster_ids))
                              .order_by(T["unit"].c.id)).mappings())
    fighter_ids = select(T["fighter"].c.id).where(T["fighter"].c.roster_id.in_(roster_ids))
    unit_ids = select(T["unit"].c.id).where(T["unit"].c.roster_id.in_(roster_ids))
    eq_t = T["equipment"]
    equipment = list(conn.execute(select(eq_t).where(eq_t.c.fighter_id.in_(fighter_ids)
                                                     | eq_t.c.unit_id.in_(unit_ids))
                                  .order_by(eq_t.c.id)).mappings())
    skills = list(conn.execute(select(T["skill"]).where(T["skill"].c.fighter_id.in_(fighter_ids))
                               .order_by(T["skill"].c.id)).mappings())
    li_t = T["lasting_injury"]
    injuries = list(conn.execute(select(li_t).where(li_t.c.fighter_id.in_(fighter_ids))
                                 .order_by(li_t.c.id)).mappings())
    walkers = list(conn.execute(select(T["walker_type"]).where(T["walker_type"].c.campaign_id == cid)
                                .order_by(T["walker_type"].c.id)).mappings())
    battles = list(conn.execute(select(T["battle"]).where(T["battle"].c.campaign_id == cid)
                                .order_by(T["battle"].c.id)).mappings())
    battle_ids = select(T["battle"].c.id).where(T["battle"].c.campaign_id == cid)
    links = list(conn.execute(select(T["battle_roster"]).where(T["battle_roster"].c.battle_id.in_(battle_ids))
                              .order_by(T["battle_roster"].c.id)).mappings())
    results = list(conn.execute(select(T["battle_result"]).where(T["battle_result"].c.battle_id.in_(battle_ids))
                                .order_by(T["battle_result"].c.id)).mappings())
    marks = list(conn.execute(select(T["battle_mark"]).where(T["battle_mark"].c.battle_id.in_(battle_ids))
                              .order_by(T["battle_mark"].c.id)).mappings())
    rr, jn = T["roll_record"], T["journal"]
    rolls = list(conn.execute(select(rr, jn.c.action.label("j_action"), jn.c.undone.label("j_undone"))
                              .outerjoin(jn, jn.c.id == rr.c.journal_id)
                              .where(rr.c.campaign_id == cid).order_by(rr.c.id)).mappings())
    st_t, lg_t, cp_t = T["stash_item"], T["ledger_entry"], T["content_pack"]  # gear
    stash = list(conn.execute(select(st_t).where(st_t.c.roster_id.in_(roster_ids)).order_by(st_t.c.id)).mappings())
    ledger = list(conn.execute(select(lg_t).where(lg_t.c.roster_id.in_(roster_ids)).order_by(lg_t.c.id)).mappings())
    packs = list(conn.execute(select(cp_t).where(cp_t.c.campaign_id == cid).order_by(cp_t.c.id)).mappings())
    tr_t = T["territory"]
    held = list(conn.execute(select(tr_t).where(tr_t.c.roster_id.in_(roster_ids)).order_by(tr_t.c.id)).mappings())
    return CampaignRows(campaign=camp, rosters=rosters, fighters=fighters, units=units,
                        equipment=equipment, skills=skills, injuries=injuries, walker_types=walkers,
                        battles=battles, battle_rosters=links, battle_results=results, rolls=rolls,
                        battle_marks=marks, stash=stash, ledger=ledger, content_packs=packs,
                        territories=held)


# --------------------------------------------------------------------------- streamed reads
# The export of a national league (hundreds of thousands of fighters, millions of rolls)
# reads a campaign in pieces: first what every reference needs (ids in document order),
# then the rosters and battles a chunk at a time and the rolls through a server-side
# cursor, so memory stays bounded whatever the campaign's size.

STREAM_ROWS = 5000
"""Rows fetched at a time by a streamed read (``yield_per``: a server-side cursor on
PostgreSQL)."""


@dataclass(frozen=True)
class CampaignHead:
    """What a streamed export reads first: the campaign, its walker types and rosters
    (id order), every fighter's and unit's ``(id, roster_id)`` (id order), the battle
    ids (id order), and for each roll an injury names, its place among the campaign's
    rolls (1-based, id order). Numbers in arrays: a national league's 300,000 fighters
    take a few MB."""

    campaign: Row
    walker_types: list[Row]
    rosters: list[Row]
    fighter_ids: array[int]  # id order, and beside each its roster's id (arrays: 8 bytes a fighter)
    fighter_rosters: array[int]
    unit_ids: array[int]
    unit_rosters: array[int]
    battle_ids: array[int]
    injury_rolls: dict[int, int]


@dataclass(frozen=True)
class RosterRows:
    """The fighters, units and their equipment, skills and injuries of some rosters
    (each table in id order)."""

    fighters: list[Row]
    units: list[Row]
    equipment: list[Row]
    skills: list[Row]
    injuries: list[Row]
    stash: list[Row] = field(default_factory=list)  # gear
    ledger: list[Row] = field(default_factory=list)
    territories: list[Row] = field(default_factory=list)


@dataclass(frozen=True)
class BattleRows:
    """Some battles with their rosters, results and marks (each table in id order)."""

    battles: list[Row]
    battle_rosters: list[Row]
    battle_results: list[Row]
    battle_marks: list[Row]


def campaign_head(conn: Connection, cid: int) -> CampaignHead:
    T = TABLES
    camp = conn.execute(select(T["campaign"]).where(T["campaign"].c.id == cid)).mappings().one()
    walkers = list(conn.execute(select(T["walker_type"]).where(T["walker_type"].c.campaign_id == cid)
                                .order_by(T["walker_type"].c.id)).mappings())
    rosters = list(conn.execute(select(T["roster"]).where(T["roster"].c.campaign_id == cid)
                                .order_by(T["roster"].c.id)).mappings())
    roster_ids = select(T["roster"].c.id).where(T["roster"].c.campaign_id == cid)
    f, u = T["fighter"], T["unit"]
    fighter_ids, fighter_rosters, unit_ids, unit_rosters = array("q"), array("q"), array("q"), array("q")
    for a, r in conn.execute(select(f.c.id, f.c.roster_id).where(f.c.roster_id.in_(roster_ids)).order_by(f.c.id),
                             execution_options={"yield_per": STREAM_ROWS}):
        fighter_ids.append(a)
        fighter_rosters.append(r)
    for a, r in conn.execute(select(u.c.id, u.c.roster_id).where(u.c.roster_id.in_(roster_ids)).order_by(u.c.id),
                             execution_options={"yield_per": STREAM_ROWS}):
        unit_ids.append(a)
        unit_rosters.append(r)
    b = T["battle"]
    battle_ids = array("q", conn.execute(select(b.c.id).where(b.c.campaign_id == cid).order_by(b.c.id),
                                         execution_options={"yield_per": STREAM_ROWS}).scalars())
    li, rr = T["lasting_injury"], T["roll_record"]
    named = (select(li.c.roll_record_id).where(li.c.roll_record_id.is_not(None),
                                               li.c.fighter_id.in_(select(f.c.id).where(f.c.roster_id.in_(roster_ids)))))
    injury_rolls: dict[int, int] = {}
    if conn.execute(named.limit(1)).first() is not None:
        place = (select(rr.c.id, func.row_number().over(order_by=rr.c.id).label("n"))
                 .where(rr.c.campaign_id == cid).subquery())
        injury_rolls = {int(a): int(n) for a, n in conn.execute(
            select(place.c.id, place.c.n).where(place.c.id.in_(named)))}
    return CampaignHead(campaign=camp, walker_types=walkers, rosters=rosters, fighter_ids=fighter_ids,
                        fighter_rosters=fighter_rosters, unit_ids=unit_ids, unit_rosters=unit_rosters,
                        battle_ids=battle_ids, injury_rolls=injury_rolls)


def roster_parts(conn: Connection, roster_ids: Sequence[int]) -> RosterRows:
    T = TABLES
    f, u, eq, sk, li = T["fighter"], T["unit"], T["equipment"], T["skill"], T["lasting_injury"]
    ids = list(roster_ids)
    fighters = list(conn.execute(select(f).where(f.c.roster_id.in_(ids)).order_by(f.c.id)).mappings())
    units = list(conn.execute(select(u).where(u.c.roster_id.in_(ids)).order_by(u.c.id)).mappings())
    fids = select(f.c.id).where(f.c.roster_id.in_(ids))
    uids = select(u.c.id).where(u.c.roster_id.in_(ids))

    def of(t: Any, *where: Any) -> list[Row]:
        return list(conn.execute(select(t).where(*where).order_by(t.c.id)).mappings())

    # a piece of equipment belongs to its fighter if it names one, else to its unit
    equipment = of(eq, eq.c.fighter_id.in_(fids))
    if units:
        equipment += of(eq, eq.c.fighter_id.is_(None), eq.c.unit_id.in_(uids))
    st, lg, tr = T["stash_item"], T["ledger_entry"], T["territory"]  # gear
    return RosterRows(fighters=fighters, units=units, equipment=equipment, skills=of(sk, sk.c.fighter_id.in_(fids)),
                      injuries=of(li, li.c.fighter_id.in_(fids)), stash=of(st, st.c.roster_id.in_(ids)),
                      ledger=of(lg, lg.c.roster_id.in_(ids)), territories=of(tr, tr.c.roster_id.in_(ids)))


def content_packs_of(conn: Connection, cid: int) -> list[Row]:
    """The campaign's content packs, oldest first (gear)."""
    cp = TABLES["content_pack"]
    return list(conn.execute(select(cp).where(cp.c.campaign_id == cid).order_by(cp.c.id)).mappings())


def system_records_of(conn: Connection, cid: int) -> list[Row]:
    """The records the campaign's game system keeps of its own, oldest first (records)."""
    sr = TABLES["system_record"]
    return list(conn.execute(select(sr).where(sr.c.campaign_id == cid).order_by(sr.c.id)).mappings())


def battle_parts(conn: Connection, battle_ids: Sequence[int]) -> BattleRows:
    T = TABLES
    ids = list(battle_ids)

    def of(name: str, col: str) -> list[Row]:
        t = T[name]
        return list(conn.execute(select(t).where(t.c[col].in_(ids)).order_by(t.c.id)).mappings())

    return BattleRows(battles=of("battle", "id"), battle_rosters=of("battle_roster", "battle_id"),
                      battle_results=of("battle_result", "battle_id"), battle_marks=of("battle_mark", "battle_id"))


def stream_rolls(conn: Connection, cid: int) -> Iterator[Row]:
    """The campaign's rolls in id order with their journal's ``j_action`` and
    ``j_undone``, fetched :data:`STREAM_ROWS` at a time (a server-side cursor on
    PostgreSQL)."""
    rr, jn = TABLES["roll_record"], TABLES["journal"]
    result = conn.execute(select(rr, jn.c.action.label("j_action"), jn.c.undone.label("j_undone"))
                          .outerjoin(jn, jn.c.id == rr.c.journal_id)
                          .where(rr.c.campaign_id == cid).order_by(rr.c.id),
                          execution_options={"yield_per": STREAM_ROWS})
    try:
        yield from result.mappings()
    finally:
        result.close()


# --------------------------------------------------------------------------- bulk inserts
_PG_COPY_ROWS = 1000  # from this many rows on, PostgreSQL COPYs even when the ids are needed


def insert_columns(s: Session, table: str, names: list[str], columns: list[list[Any]],
                   returning: bool = False) -> list[int]:
    """Bulk-insert rows given column by column (``columns[i]`` holds ``names[i]`` of every
    row); with ``returning`` give their new ids in row order:
    ``insert().returning(id, sort_by_parameter_order=True)`` (batched by SQLAlchemy's
    insertmanyvalues; on SQLite for the first row, the others then numbered on from it),
    else executemany on SQLite, COPY on PostgreSQL."""
    n = len(columns[0]) if columns else 0
    if not n:
        return []
    settle(s)
    if table == "roll_record":  # an import: the chain heads move on with the rows (chain order)
        _advance_heads(s, names, columns)
    t = TABLES[table]
    conn = s.connection()
    pg = conn.dialect.name == "postgresql"
    if returning and pg and n >= _PG_COPY_ROWS:
        # many rows: ids drawn from the table's own sequence (nextval: nobody else gets
        # them), then COPY, which is much faster than INSERT ... RETURNING at this size
        ids = sorted(conn.execute(
            text("SELECT nextval(pg_get_serial_sequence(:t, 'id')) FROM generate_series(1, :n)"),
            {"t": t.name, "n": n},
        ).scalars())
        _copy(s, conn, t, ["id", *names], [ids, *columns])
        return ids
    if returning and not pg and n > 1:
        # SQLite runs an INSERT ... RETURNING of many rows one statement a row (40,000
        # fighters and battles: 5 s): the first row so (its write takes the database's
        # write lock, held to the commit), the others in one executemany with the ids SQLite
        # gives next, one more each (what it gave them one by one: nobody else writes meanwhile)
        first = _insert_returning(conn, t, names, [c[:1] for c in columns])[0]
        ids = list(range(first, first + n))
        _sqlite_insert(conn, t, ["id", *names], [ids[1:], *(c[1:] for c in columns)])
        return ids
    if returning:
        return _insert_returning(conn, t, names, columns)
    if pg:
        _copy(s, conn, t, names, columns)
    else:
        _sqlite_insert(conn, t, names, columns)
    return []


_BEHIND = "transfer.copy_behind"
"""The session's ``info`` key of :func:`copy_behind`'s COPY in flight."""


@contextmanager
def copy_behind(s: Session) -> Iterator[None]:
    """PostgreSQL, for one big import in the session's transaction: each COPY of
    :func:`insert_columns` runs on a thread of its own while the caller reads and checks
    the next rows. The server's work on the rows it is sent (the roll record's eleven
    indexes and five foreign keys) was 40% of a streamed import's time, the caller
    waiting at the end of each COPY; now the two overlap. At most one COPY is in flight:
    this module's next call (any statement) waits for it first (:func:`settle`) and raises
    its error, and so does the end of the block. psycopg's lock keeps any other use of the
    connection behind it. The caller must not change lists it handed over. SQLite: nothing."""
    if s.connection().dialect.name != "postgresql":
        yield
        return
    s.info[_BEHIND] = None
    try:
        yield
    except BaseException:
        settle(s, quiet=True)  # the first error wins; the rollback waits for the thread anyway
        raise
    else:
        settle(s)
    finally:
        s.info.pop(_BEHIND, None)


def settle(s: Session, quiet: bool = False) -> None:
    """The COPY :func:`copy_behind` has in flight, if any, waited for; its error raised
    (unless ``quiet``)."""
    pending = s.info.get(_BEHIND)
    if pending is None:
        return
    s.info[_BEHIND] = None
    thread, failed = pending
    thread.join()
    if failed and not quiet:
        raise failed[0]


def _copy(s: Session, conn: Connection, t: Any, names: list[str], columns: list[Any]) -> None:
    """The rows COPYed in now, or on a thread of its own inside :func:`copy_behind`."""
    how = _copy_of(conn, t, names)  # the driver's connection got here, in the caller's thread
    if _BEHIND not in s.info:
        _copy_rows(*how, names, columns)
        return
    failed: list[BaseException] = []

    def run() -> None:
        try:
            _copy_rows(*how, names, columns)
        except BaseException as e:  # noqa: BLE001 - raised again by settle, in the caller's thread
            failed.append(e)

    thread = threading.Thread(target=run, name=f"copy {t.name}", daemon=True)
    thread.start()
    s.info[_BEHIND] = (thread, failed)


def analyze(s: Session, tables: Sequence[str]) -> None:
    """PostgreSQL, at the end of a big import in its transaction: the planner's statistics
    of ``tables`` (ANALYZE samples each: seconds at scale 100, against minutes of import).
    Without them, until autovacuum came round, the planner went by the statistics from
    before the import: a league of 5,000,000 rolls imported beside another was a campaign
    with no rolls to it, and the Roll Log tab's first read of it (the fighters with rolls,
    on the GUI thread) ran for minutes. SQLite plans by its indexes: nothing."""
    settle(s)
    conn = s.connection()
    if conn.dialect.name != "postgresql":
        return
    q = conn.dialect.identifier_preparer.quote
    for table in tables:
        conn.exec_driver_sql(f"ANALYZE {q(table)}")


IMPORT_CACHE_KIB = 32 * 1024
"""SQLite's page cache during a streamed import, in KiB (the connection's default is 2 MB)."""


@contextmanager
def import_cache(s: Session) -> Iterator[None]:
    """SQLite: a larger page cache on the session's connection for one big import's
    transaction, set back as it was after. With the default 2 MB the pages of the roll
    record's eleven indexes were spilled to the WAL and read back over and over: 500,000
    rolls took 40% less time to insert with 32 MB (the scale-100 import's peak memory was
    213 MB, against 300). PostgreSQL: nothing."""
    conn = s.connection()
    if conn.dialect.name != "sqlite":
        yield
        return
    old = int(conn.exec_driver_sql("PRAGMA cache_size").scalar() or -2000)
    conn.exec_driver_sql(f"PRAGMA cache_size = {-IMPORT_CACHE_KIB}")
    try:
        yield
    finally:
        with suppress(DBAPIError):  # a connection broken mid-import is thrown away anyway
            conn.exec_driver_sql(f"PRAGMA cache_size = {old}")


DEFER_INDEXES_ROWS = 50_000
"""Rows a bulk insert must still bring for SQLite to build its table's indexes after it."""


def defer_indexes(s: Session, table: str, coming: int) -> list[str]:
    """SQLite, in the session's transaction, before a bulk insert of about ``coming``
    more rows into ``table``: when they are many (:data:`DEFER_INDEXES_ROWS`) and the
    table holds at most twice as many already, its indexes (but unique ones) are dropped
    now and their own CREATE statements returned, for :func:`build_indexes` to build them
    again from sorted keys after the insert, in the same transaction (a rollback gives
    them back as they were). Filled row by row, the roll record's eleven indexes took 12 s
    of 500,000 rolls' inserts; dropped and built after, 3.4 s (the rows 2 s). Elsewhere
    (PostgreSQL: COPY), or for fewer rows: nothing, ``[]``."""
    conn = s.connection()
    if conn.dialect.name != "sqlite" or coming < DEFER_INDEXES_ROWS:
        return []
    q = conn.dialect.identifier_preparer.quote
    have = conn.exec_driver_sql(f"SELECT max(id) FROM {q(table)}").scalar() or 0  # noqa: S608
    if have > 2 * coming:
        return []
    found = conn.exec_driver_sql("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? "
                                 "AND sql IS NOT NULL ORDER BY rowid", (table,)).fetchall()
    kept = [(name, sql) for name, sql in found if not sql.lstrip()[:13].upper().startswith("CREATE UNIQUE")]
    for name, _sql in kept:
        conn.exec_driver_sql(f"DROP INDEX {q(name)}")
    return [sql for _name, sql in kept]


def build_indexes(s: Session, statements: Sequence[str]) -> None:
    """The indexes :func:`defer_indexes` dropped, built again by their own statements."""
    conn = s.connection()
    for sql in statements:
        conn.exec_driver_sql(sql)


def _advance_heads(s: Session, names: list[str], columns: list[list[Any]]) -> None:
    """Roll records about to be bulk-inserted, in chain order: each campaign's chain head
    moves on by its rows, to the last one's hash (before the insert: a head made now
    counts them as ``unwritten``)."""
    from db.queries.rolls import advance_head

    col = dict(zip(names, columns, strict=True))
    counts: dict[int, int] = {}
    last: dict[int, str] = {}
    for cid, h in zip(col["campaign_id"], col["hash"], strict=True):
        counts[int(cid)] = counts.get(int(cid), 0) + 1
        last[int(cid)] = str(h)
    for cid, n in counts.items():
        advance_head(s, cid, n, last[cid], unwritten=n)


_BATCH_ROWS = 1000
"""Rows handed to the driver at a time: SQLAlchemy builds a parameter dict per row (and
compiles each of them) before it sends the first batch, so 30,000 fighters at once held
every row three times over (~80 MB); a batch of insertmanyvalues' page size sends the same
statements."""


def _insert_returning(conn: Connection, t: Any, names: list[str], columns: list[Any]) -> list[int]:
    """INSERT ... RETURNING id, the ids in the order of the rows."""
    stmt = insert(t).returning(t.c.id, sort_by_parameter_order=True)
    n = len(columns[0])
    ids: list[int] = []
    for start in range(0, n, _BATCH_ROWS):
        end = min(n, start + _BATCH_ROWS)
        params = [dict(zip(names, row, strict=True)) for row in zip(*(c[start:end] for c in columns), strict=True)]
        ids.extend(conn.execute(stmt, params).scalars())
    return ids


def _sqlite_insert(conn: Connection, t: Any, names: list[str], columns: list[Any]) -> None:
    """SQLite: one executemany of plain tuples, each value converted by the column type's
    own bind processor (the text SQLAlchemy would store)."""
    dialect = conn.dialect
    columns = list(columns)
    for i, k in enumerate(names):
        proc = t.c[k].type.dialect_impl(dialect).bind_processor(dialect)
        if proc is not None:
            columns[i] = _stored(proc, columns[i], isinstance(t.c[k].type, JSON))
    q = dialect.identifier_preparer.quote
    sql = (f"INSERT INTO {q(t.name)} ({', '.join(q(k) for k in names)}) "  # noqa: S608
           f"VALUES ({', '.join('?' * len(names))})")
    n = len(columns[0])
    step = 5 * _BATCH_ROWS
    for start in range(0, n, step):
        conn.exec_driver_sql(sql, list(zip(*(c[start:start + step] for c in columns), strict=True)))


_PROBE = datetime(2001, 2, 3, 4, 5, 6, 7, tzinfo=UTC)
_ISO = methodcaller("isoformat", " ", "microseconds")
_NO_OFFSET = itemgetter(slice(0, 26))


def _stored(proc: Any, vals: list[Any], is_json: bool) -> list[Any]:
    """``proc`` applied to every value, faster for the usual columns: UTC datetimes (SQLite
    keeps "YYYY-MM-DD HH:MM:SS.ffffff"; checked against ``proc`` on a probe and on the
    first value) and empty JSON objects and lists (the same text every time)."""
    kinds = set(map(type, vals))
    if kinds == {datetime} and set(map(id, map(attrgetter("tzinfo"), vals))) == {id(UTC)}:
        if all(proc(v) == _NO_OFFSET(_ISO(v)) for v in (_PROBE, vals[0])):
            return list(map(_NO_OFFSET, map(_ISO, vals)))
    elif is_json and kinds <= {dict, list}:
        empty: dict[type, Any] = {dict: proc({}), list: proc([])}
        return [proc(v) if v else empty[type(v)] for v in vals]
    return list(map(proc, vals))


def _pg_copy(conn: Connection, t: Any, names: list[str], columns: list[Any]) -> None:
    """PostgreSQL: COPY the rows in (much faster than INSERTs for thousands of rows)."""
    _copy_rows(*_copy_of(conn, t, names), names, columns)


def _copy_of(conn: Connection, t: Any, names: list[str]) -> tuple[Any, Any, str]:
    """The driver's connection, the table and the COPY statement of ``names``."""
    q = conn.dialect.identifier_preparer.quote
    return conn.connection.driver_connection, t, f"COPY {q(t.name)} ({', '.join(q(c) for c in names)}) FROM STDIN"


def _copy_rows(raw: Any, t: Any, sql: str, names: list[str], columns: list[Any]) -> None:
    columns = list(columns)
    for i, k in enumerate(names):
        if isinstance(t.c[k].type, JSON):
            columns[i] = [None if v is None else json.dumps(v, ensure_ascii=False) for v in columns[i]]
    with raw.cursor() as cur, cur.copy(sql) as cp:
        for row in zip(*columns, strict=True):
            cp.write_row(row)


def set_crews(s: Session, crews: Sequence[tuple[int, int]]) -> None:
    """Set each (fighter id, crew-of fighter id): one executemany UPDATE."""
    if not crews:
        return
    settle(s)
    t = TABLES["fighter"]
    s.execute(update(t).where(t.c.id == bindparam("b_id")).values(crew_of_id=bindparam("b_crew")),
              [{"b_id": f, "b_crew": c} for f, c in crews])


def set_captured(s: Session, captured: Sequence[tuple[int, int]]) -> None:
    """Set each (fighter id, captured-by roster id): one executemany UPDATE (a streamed
    import names a roster that comes later in the file)."""
    if not captured:
        return
    settle(s)
    t = TABLES["fighter"]
    s.execute(update(t).where(t.c.id == bindparam("b_id")).values(captured_by_roster_id=bindparam("b_by")),
              [{"b_id": f, "b_by": r} for f, r in captured])


def delete_everything(s: Session) -> None:
    """Empty every table (children first): a restore replaces the whole database."""
    for t in reversed(SQLModel.metadata.sorted_tables):
        s.execute(t.delete())
