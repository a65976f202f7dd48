"""Units of the streamed import that gained a behaviour of their own when it was split
by section and made faster (issue #28 item 5, #32): the refs' ids looked up in bulk, and
SQLite's larger page cache for the import's transaction only."""

from __future__ import annotations

import json
from typing import Any

import pytest
from sqlalchemy import event

from campaign_app.usecases.datafiles import ImportRefused, export_json, import_json, write_json
from campaign_app.usecases.datafiles import streamed as st
from campaign_app.usecases.datafiles.validate import _Checker
from tests.campaign_app.data_builders import build_necromunda

pytestmark = pytest.mark.usefixtures("_server_backups")  # tests/campaign_app/conftest.py


def test_ids_of_gives_each_refs_id_as_id_does():
    """The exporter's refs (``f1, f2...``), any other text, a ref taking the exporter's
    form at another place, and nulls: the same ids as :meth:`_Refs.id`, in order."""
    refs = st._Refs("f")
    ck = _Checker()
    refs.define(["f1", "f2", "hero", "f9", "f5"], ck, "fighters", 0)
    assert not ck.problems
    refs.ids.extend([101, 102, 103, 104, 105])
    asked = ["f2", None, "hero", "f9", "", "f1", "f5", "f2"]
    assert refs.ids_of(asked) == [refs.id(x) if x else None for x in asked]
    assert refs.ids_of(asked) == [102, None, 103, 104, None, 101, 105, 102]
    assert refs.ids_of([]) == []


def _cache_sizes(engine: Any) -> list[int]:
    """The page cache size each INSERT of the import ran with (read on its own connection)."""
    seen: list[int] = []

    @event.listens_for(engine, "before_cursor_execute")
    def _spy(conn, cursor, statement, parameters, context, executemany):
        if statement.startswith("INSERT"):
            seen.append(conn.connection.dbapi_connection.execute("PRAGMA cache_size").fetchone()[0])

    return seen


def _pool_cache_size(engine: Any) -> int:
    with engine.connect() as c:
        return int(c.exec_driver_sql("PRAGMA cache_size").scalar())


def test_sqlite_import_runs_with_a_larger_page_cache_then_gives_it_back(sqlite_engine, tmp_path):
    """Every insert of a streamed import on SQLite runs with the import's page cache
    (the default's spills made the rolls' indexes 40% slower to fill); after it, written or
    refused, the pooled connection has its own cache size back."""
    from db.queries.transfer import IMPORT_CACHE_KIB

    build_necromunda(sqlite_engine)
    default = _pool_cache_size(sqlite_engine)
    assert default != -IMPORT_CACHE_KIB
    doc = export_json(sqlite_engine, "Hive War")
    p = tmp_path / "good.json"
    write_json(doc, p)
    seen = _cache_sizes(sqlite_engine)
    res = import_json(sqlite_engine, p, rename="Copy", backup=False, streamed=True)
    assert export_json(sqlite_engine, res.id)["rolls"] == doc["rolls"]
    assert len(seen) > 5 and set(seen) == {-IMPORT_CACHE_KIB}
    assert _pool_cache_size(sqlite_engine) == default

    bad = json.loads(json.dumps(doc))
    bad["rolls"][-1]["value"] = "1"  # refused after rosters and battles were written
    write_json(bad, p)
    with pytest.raises(ImportRefused, match=r"rolls\[\d+\]\.value"):
        import_json(sqlite_engine, p, rename="Again", backup=False, streamed=True)
    assert _pool_cache_size(sqlite_engine) == default
