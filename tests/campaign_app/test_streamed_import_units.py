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


# --------------------------------------------------------------------------- the passes after the first
def _good_file(engine: Any, tmp_path: Any) -> Any:
    build_necromunda(engine)
    doc = export_json(engine, "Hive War")
    p = tmp_path / "good.json"
    write_json(doc, p)
    return doc, p


def test_each_section_is_read_from_its_own_bytes_with_the_same_items(sqlite_engine, tmp_path):
    """After the first pass to the file's end, a section's items come from its own span
    (seek): the same items as a parse of the whole file gives, a section given twice both
    in order, a key written with escapes found as the parser reads it; a file changed since
    is read whole again."""
    import ijson

    doc, p = _good_file(sqlite_engine, tmp_path)
    raw = p.read_bytes()
    i = raw.index(b'"battles"')
    twice = raw[:i] + b'"ro\\u006cls": [{"ref": "extra"}], ' + raw[i:]  # "rolls" again, escaped
    p.write_bytes(b"\xef\xbb\xbf" + twice)
    f = st._File(p)
    assert list(f.events("items", "rosters.item")) == doc["rosters"]  # the first pass to the end
    assert f.sections is not None and set(f.sections) >= {"campaign", "rosters", "battles", "rolls", "worth"}
    assert len(f.sections["rolls"]) == 2
    for prefix in ("battles.item", "rolls.item", "content_packs.item", "campaign.counters.item"):
        whole = list(ijson.items(twice, prefix, use_float=True))
        assert list(f.events("items", prefix)) == whole, prefix
        assert isinstance(f.reader, st._Slice) and f.reader.left == 0
    assert [r["ref"] for r in f.events("items", "rolls.item")] == ["extra"] + [r["ref"] for r in doc["rolls"]]
    assert list(f.events("items", "worth", kv=True)) == list(doc["worth"].items())
    assert list(f.events("items", "nothing.item")) == []

    p.write_bytes(b"\xef\xbb\xbf" + raw)  # changed: read whole (through the guard) again
    assert list(f.events("items", "rolls.item")) == doc["rolls"]
    assert isinstance(f.reader, st._Guarded)


def test_sections_unreadable_as_keys_are_not_used():
    assert st._sections([(b'"rolls"', 5, 9), (b'"rolls"', 20, 30), (b'"a\\u0062"', 1, 2)]) == {
        "rolls": [(5, 9), (20, 30)], "ab": [(1, 2)]}
    assert st._sections([(b'"rolls"', 5, 9), (None, 1, 2)]) is None
    assert st._sections([(b'"ro', 5, 9)]) is None


# --------------------------------------------------------------------------- refs in bulk
def test_places_and_ids_at_agree_with_find_and_id():
    refs = st._Refs("f")
    ck = _Checker()
    refs.define(["f1", "f2", "hero", "f9", "f5"], ck, "fighters", 0)
    refs.ids.extend([101, 102, 103, 104, 105])
    asked = {"f1", "f2", "hero", "f9", "f5", "f4", "f3", "f01", "f٣", "x1", "", "f", "f10", None, 7}
    places = refs.places(asked)
    assert places == {x: (refs.find(x) if type(x) is str else None) for x in asked}
    col = ["f2", None, "hero", "f9", "", "f1", "f5", "f2"]
    assert refs.ids_at(col, refs.places(set(col))) == refs.ids_of(col) == [refs.id(x) if x else None for x in col]


# --------------------------------------------------------------------------- SQLite: ids and indexes
def test_sqlite_ids_of_a_bulk_insert_are_those_one_by_one_gives(sqlite_engine):
    """Many rows inserted for their ids on SQLite: the first by RETURNING, the others
    numbered on from it, as SQLite numbers rows one by one (after the table's largest id,
    even when rows at the end were deleted)."""
    from sqlalchemy import insert
    from sqlmodel import Session

    from db.models import utcnow
    from db.queries.transfer import TABLES, insert_columns

    cid = build_necromunda(sqlite_engine)
    t = TABLES["journal"]
    names = ["campaign_id", "action", "summary", "created_at", "undone"]

    def rows(tag: str, n: int) -> list[list[Any]]:
        return [[cid] * n, ["test"] * n, [f"{tag}{k}" for k in range(n)], [utcnow()] * n, [False] * n]

    with Session(sqlite_engine) as s:
        first = insert_columns(s, "journal", names, rows("a", 5), returning=True)
        s.execute(t.delete().where(t.c.id.in_(first[-2:])))
        one_by_one = [s.execute(insert(t).returning(t.c.id), dict(zip(names, r, strict=True))).scalar_one()
                      for r in zip(*rows("b", 4), strict=True)]
        s.rollback()
        first = insert_columns(s, "journal", names, rows("a", 5), returning=True)
        s.execute(t.delete().where(t.c.id.in_(first[-2:])))
        bulk = insert_columns(s, "journal", names, rows("b", 4), returning=True)
        assert bulk == one_by_one == list(range(first[2] + 1, first[2] + 5))
        got = s.execute(t.select().with_only_columns(t.c.id, t.c.summary).where(t.c.id.in_(bulk)).order_by(t.c.id))
        assert [tuple(r) for r in got] == list(zip(bulk, rows("b", 4)[2], strict=True))
        s.rollback()


def _indexes(engine: Any, table: str) -> list[tuple[str, str]]:
    with engine.connect() as c:
        return sorted(c.exec_driver_sql("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? "
                                        "AND sql IS NOT NULL", (table,)).fetchall())


def test_defer_indexes_drops_only_for_many_rows_into_a_small_table(engine):
    """PostgreSQL: never. SQLite: only for many rows coming into a table holding at most
    twice as many; the unique indexes stay; built again, the same indexes."""
    from sqlmodel import Session

    from db.queries import transfer

    build_necromunda(engine)
    many = transfer.DEFER_INDEXES_ROWS
    with Session(engine) as s:
        if engine.dialect.name != "sqlite":
            assert transfer.defer_indexes(s, "roll_record", 10 * many) == []
            return
    before = _indexes(engine, "roll_record")
    assert len(before) >= 10
    with Session(engine) as s:
        assert transfer.defer_indexes(s, "roll_record", many - 1) == []
        have = s.connection().exec_driver_sql("SELECT max(id) FROM roll_record").scalar()
        assert have and transfer.defer_indexes(s, "roll_record", (have - 1) // 2) == []
        dropped = transfer.defer_indexes(s, "roll_record", many)
        assert sorted(dropped) == sorted(sql for _name, sql in before)
        assert s.connection().exec_driver_sql(
            "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND tbl_name = 'roll_record' "
            "AND sql IS NOT NULL").scalar() == 0
        transfer.build_indexes(s, dropped)
        s.commit()
    assert _indexes(engine, "roll_record") == before
    unique = _indexes(engine, "campaign")
    assert any("UNIQUE" in sql for _n, sql in unique)
    with Session(engine) as s:
        dropped = transfer.defer_indexes(s, "campaign", many)
        assert all("UNIQUE" not in sql for sql in dropped)
        s.rollback()  # a rollback gives them back
    assert _indexes(engine, "campaign") == unique


def test_streamed_import_builds_the_roll_indexes_after_the_rolls(sqlite_engine, tmp_path, monkeypatch):
    """A big rolls section (made so here: chunks of 2 rolls, the estimate raised): the roll
    record's indexes are dropped after the first chunk and built after the last, in the
    import's transaction; the same rows as filled row by row, the same indexes after, and
    a refusal after the drop writes nothing and leaves them as they were."""
    from db.queries import transfer
    from tests.conftest import snapshot

    doc, p = _good_file(sqlite_engine, tmp_path)
    extra = [{**r, "ref": f"d{len(doc['rolls']) + k + 1}"} for k, r in enumerate(doc["rolls"] * 3)]
    doc["rolls"] = [{**r, "prev_hash": "", "hash": ""} for r in doc["rolls"] + extra]  # no chain given: chained afresh
    write_json(doc, p)
    before = _indexes(sqlite_engine, "roll_record")
    calls: list[tuple[str, Any]] = []
    real_defer, real_build = transfer.defer_indexes, transfer.build_indexes

    def defer(s: Any, table: str, coming: int) -> list[str]:
        dropped = real_defer(s, table, 10**9)  # as if a national league's rolls were coming
        calls.append(("defer", len(dropped)))
        return dropped

    def build(s: Any, statements: Any) -> None:
        calls.append(("build", len(statements)))
        real_build(s, statements)

    monkeypatch.setattr(st, "CHUNK", 2)
    monkeypatch.setattr(transfer, "defer_indexes", defer)
    monkeypatch.setattr(transfer, "build_indexes", build)
    deferred = import_json(sqlite_engine, p, rename="Deferred", backup=False, streamed=True)
    assert calls == [("defer", len(before)), ("build", len(before))]
    assert _indexes(sqlite_engine, "roll_record") == before
    monkeypatch.setattr(transfer, "defer_indexes", real_defer)
    plain = import_json(sqlite_engine, p, rename="Row by row", backup=False, streamed=True)
    a, b = export_json(sqlite_engine, deferred.id), export_json(sqlite_engine, plain.id)
    a["campaign"]["name"] = b["campaign"]["name"]
    assert a == b

    monkeypatch.setattr(transfer, "defer_indexes", defer)
    calls.clear()
    bad = json.loads(json.dumps(doc))
    bad["rolls"][-1]["value"] = "1"  # refused after the drop
    write_json(bad, p)
    was = snapshot(sqlite_engine)
    with pytest.raises(ImportRefused, match=r"rolls\[\d+\]\.value"):
        import_json(sqlite_engine, p, rename="Refused", backup=False, streamed=True)
    assert calls == [("defer", len(before))]
    assert snapshot(sqlite_engine) == was
    assert _indexes(sqlite_engine, "roll_record") == before


def test_copy_behind_runs_each_copy_on_a_thread_and_raises_its_error_at_the_next_statement(engine, monkeypatch):
    """PostgreSQL: inside ``copy_behind`` a COPY runs on a thread of its own (the caller
    goes on); the next statement waits for it, and a COPY that failed raises its own error
    there (a foreign key here), not the aborted transaction's; the block's end raises it
    too. Good rows are all written. SQLite: the same calls, inline."""
    import threading

    from psycopg.errors import ForeignKeyViolation
    from sqlalchemy.exc import IntegrityError
    from sqlmodel import Session

    from db.models import utcnow
    from db.queries import transfer
    from db.queries.transfer import TABLES, copy_behind, insert_columns

    cid = build_necromunda(engine)
    pg = engine.dialect.name == "postgresql"
    names = ["campaign_id", "action", "summary", "created_at", "undone"]
    threads: list[str] = []
    real = transfer._copy_rows

    def copy_rows(*a: Any) -> None:
        threads.append(threading.current_thread().name)
        real(*a)

    monkeypatch.setattr(transfer, "_copy_rows", copy_rows)

    def rows(campaign: int, tag: str, n: int = 3) -> list[list[Any]]:
        return [[campaign] * n, ["test"] * n, [f"{tag}{k}" for k in range(n)], [utcnow()] * n, [False] * n]

    t = TABLES["journal"]
    with Session(engine) as s:
        with copy_behind(s):
            insert_columns(s, "journal", names, rows(cid, "a"))
            insert_columns(s, "journal", names, rows(cid, "b"))
        s.commit()
    with engine.connect() as c:
        got = c.execute(t.select().with_only_columns(t.c.summary).where(t.c.action == "test")).scalars().all()
    assert sorted(got) == ["a0", "a1", "a2", "b0", "b1", "b2"]
    assert threads == (["copy journal"] * 2 if pg else [])

    for then in ("statement", "end"):
        with Session(engine) as s:
            with pytest.raises(ForeignKeyViolation if pg else IntegrityError, match="(?i)foreign key"):
                with copy_behind(s):
                    insert_columns(s, "journal", names, rows(cid + 999, then))  # no such campaign
                    if then == "statement":
                        insert_columns(s, "journal", names, rows(cid, "after"))
            s.rollback()
    with engine.connect() as c:
        assert c.execute(t.select().where(t.c.summary.in_(["statement0", "end0", "after0"]))).first() is None
