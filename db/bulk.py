"""Bulk loads of many rows (the benchmark's national league, millions of rolls): COPY on
PostgreSQL (psycopg's ``cursor.copy``), executemany in one big transaction on SQLite with
PRAGMAs that trade crash safety for speed *for the load only* (restored afterwards).

The loader hands out ids itself (``max(id) + 1`` on), so children can name their parents
without reading them back; on PostgreSQL each table's id sequence is moved past the
loaded ids at the end. That is right for a database nobody else writes while it loads
(the benchmark builds its own); the app's own imports use
:func:`db.queries.transfer.insert_columns`.

    with bulk_load(engine) as load:
        ids = load.ids("roster", len(rows))
        load.rows("roster", ["id", "campaign_id", ...], rows)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from itertools import islice
from typing import Any

from sqlalchemy import func, select, text
from sqlalchemy.engine import Connection, Engine

from db.queries.transfer import TABLES, _pg_copy, _sqlite_insert

__all__ = ["BulkLoader", "bulk_load"]

CHUNK = 50_000
"""Rows converted and sent at a time: memory stays bounded whatever the load's size."""

_SQLITE_LOAD_PRAGMAS = {"synchronous": "OFF", "cache_size": "-200000", "temp_store": "MEMORY"}


class BulkLoader:
    """Loads rows into tables on one connection inside one transaction."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self.pg = conn.dialect.name == "postgresql"
        self._next: dict[str, int] = {}
        self.loaded: dict[str, int] = {}

    def ids(self, table: str, n: int) -> range:
        """Ids for ``n`` new rows of ``table`` (consecutive, after every id there)."""
        if table not in self._next:
            t = TABLES[table]
            self._next[table] = int(self.conn.execute(select(func.coalesce(func.max(t.c.id), 0))).scalar_one()) + 1
        first = self._next[table]
        self._next[table] = first + n
        return range(first, first + n)

    def rows(self, table: str, names: Sequence[str], rows: Iterable[Sequence[Any]], chunk: int = CHUNK) -> int:
        """Load ``rows`` (tuples in the order of ``names``, values as the models take them:
        datetimes, dicts/lists for JSON columns) in chunks; returns how many."""
        t = TABLES[table]
        names = list(names)
        it = iter(rows)
        n = 0
        while batch := list(islice(it, chunk)):
            columns = [list(c) for c in zip(*batch, strict=True)]
            if self.pg:
                _pg_copy(self.conn, t, names, columns)
            else:
                _sqlite_insert(self.conn, t, names, columns)
            n += len(batch)
        self.loaded[table] = self.loaded.get(table, 0) + n
        return n

    def finish(self) -> None:
        """PostgreSQL: move every loaded table's id sequence past its ids, and give the
        planner statistics of what was loaded (ANALYZE): autovacuum would, later; until
        then a planner that takes a table of millions for empty picks hash joins of all
        of it. (SQLite plans by its indexes without statistics, as the app runs it.)"""
        if not self.pg:
            return
        for table in sorted(set(self._next) | set(self.loaded)):
            self.conn.execute(text(
                f"SELECT setval(pg_get_serial_sequence(:t, 'id'), (SELECT coalesce(max(id), 1) FROM {table}))"  # noqa: S608
            ), {"t": table})
            self.conn.exec_driver_sql(f"ANALYZE {table}")


@contextmanager
def bulk_load(engine: Engine) -> Iterator[BulkLoader]:
    """One transaction for a big load; on SQLite with the load PRAGMAs set for its
    duration only (the connection goes back to the pool as it came)."""
    with engine.connect() as conn:
        old: dict[str, Any] = {}
        if conn.dialect.name == "sqlite":
            for k, v in _SQLITE_LOAD_PRAGMAS.items():
                old[k] = conn.exec_driver_sql(f"PRAGMA {k}").scalar()
                conn.exec_driver_sql(f"PRAGMA {k} = {v}")
            conn.commit()
        try:
            with conn.begin():
                loader = BulkLoader(conn)
                yield loader
                loader.finish()
        finally:
            if old:
                for k, v in old.items():
                    conn.exec_driver_sql(f"PRAGMA {k} = {v}")
                conn.commit()
