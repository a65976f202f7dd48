"""Migration 0015_system_records: the one table where game-system plug-ins keep records of
their own (``system_record``), on SQLite and PostgreSQL. A database stored before keeps
every row it had and gains an empty table; the downgrade drops the table (built at the
head, taken back with the migrations' own downgrade, opened again as an old database
is); a kill during the upgrade leaves the old revision whole or the new one whole."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import create_engine, inspect

from campaign_app.usecases import campaigns, fighters, rosters
from campaign_app.usecases.counters import change_counter, define_counter
from db.migrate import HEAD_REVISION, head_revision, open_database
from tests.db.test_migration_advance import _alembic, _rows

OLD = "0014_members"


def _load(v):
    return json.loads(v) if isinstance(v, str) else v


def _old_database(url: str) -> tuple[int, int]:
    """A campaign with a roster, a fighter and a counter, then the schema taken back to 0014 (main's members)."""
    engine = open_database(url)
    try:
        c = campaigns.create_campaign(engine, "Old Hive", "necromunda", "n23")
        r = rosters.create_roster(engine, c.id, "Rust Rats")
        fighters.add_fighter(engine, r.id, "Krug")
        define_counter(engine, c.id, "Terror Level", high=10)
        change_counter(engine, r.id, "Terror Level", to=3)
    finally:
        engine.dispose()
    _alembic(url, "downgrade", OLD)
    return c.id or 0, r.id or 0


def _tables(url: str) -> set[str]:
    eng = create_engine(url)
    try:
        return set(inspect(eng).get_table_names())
    finally:
        eng.dispose()


def _what_was_stored(url: str) -> list:
    return [
        _rows(url, "SELECT name, system FROM campaign"),
        _rows(url, "SELECT name FROM roster"),
        _rows(url, "SELECT name FROM fighter"),
        [_load(x) for (x,) in _rows(url, "SELECT counters FROM roster")],
        _rows(url, "SELECT count(*) FROM journal"),
    ]


def test_an_old_database_gains_the_table_keeps_its_rows_and_goes_back(db_url):
    cid, rid = _old_database(db_url)
    assert "system_record" not in _tables(db_url)
    assert _rows(db_url, "SELECT version_num FROM alembic_version") == [(OLD,)]
    before = _what_was_stored(db_url)

    engine = open_database(db_url)  # upgraded on open, as an old database is
    try:
        assert _rows(db_url, "SELECT version_num FROM alembic_version") == [(HEAD_REVISION,)]
        assert _what_was_stored(db_url) == before
        assert _rows(db_url, "SELECT count(*) FROM system_record") == [(0,)]
        from db.models import SystemRecord
        from db.uow import UnitOfWork

        with UnitOfWork(engine, "record.add", campaign_id=cid) as uow:  # the table takes a record
            uow.session.add(SystemRecord(campaign_id=cid, roster_id=rid, system="necromunda", kind="note",
                                         data={"text": "stored"}))
        assert [(k, _load(d)) for k, d in _rows(db_url, "SELECT kind, data FROM system_record")] == [
            ("note", {"text": "stored"})]
    finally:
        engine.dispose()

    _alembic(db_url, "downgrade", OLD)  # and the downgrade takes it away, nothing else
    assert "system_record" not in _tables(db_url)
    assert _what_was_stored(db_url)[:4] == before[:4]
    open_database(db_url).dispose()
    assert "system_record" in _tables(db_url)
    assert _what_was_stored(db_url)[:4] == before[:4]


def _state(path: Path) -> tuple[str, bool]:
    con = sqlite3.connect(path)
    try:
        assert con.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        (rev,), = con.execute("SELECT version_num FROM alembic_version").fetchall()
        names = {r[0] for r in con.execute("SELECT name FROM sqlite_master")}
        has = "system_record" in names
        indexes = {"ix_system_record_campaign_id", "ix_system_record_roster_id"} & names
        assert indexes == (indexes if has else set()), names  # no index without its table
        if has:
            assert len(indexes) == 2, f"half an upgrade: {sorted(indexes)}"
        return rev, has
    finally:
        con.close()


def test_an_upgrade_stopped_between_two_statements_leaves_0014_whole(tmp_path, monkeypatch):
    """The deterministic kill: 0015 stopped after its table, before its second index."""
    from alembic.operations import BatchOperations

    db = tmp_path / "old.sqlite"
    url = f"sqlite:///{db}"
    _old_database(url)
    before = _what_was_stored(url)
    real = BatchOperations.create_index
    calls = []

    def second_fails(self, *a, **kw):  # type: ignore[no-untyped-def]
        calls.append(a)
        if len(calls) == 2:
            raise KeyboardInterrupt  # stands for the kill
        return real(self, *a, **kw)

    monkeypatch.setattr(BatchOperations, "create_index", second_fails)
    with pytest.raises(KeyboardInterrupt):
        open_database(url)
    assert _state(db) == (OLD, False)
    assert _what_was_stored(url) == before
    monkeypatch.setattr(BatchOperations, "create_index", real)
    open_database(url, create=False).dispose()  # the next open upgrades it
    assert _state(db) == (HEAD_REVISION, True)
    assert _what_was_stored(url)[:4] == before[:4]


@pytest.mark.skipif(not hasattr(__import__("os"), "fork"), reason="needs fork")
def test_kills_during_the_upgrade_leave_0014_or_0015_whole(tmp_path):
    import shutil

    from tests.db.test_migration_kill import _run_and_kill

    head_revision()  # alembic loaded before the forks
    pristine = tmp_path / "pristine.sqlite"
    _old_database(f"sqlite:///{pristine}")
    before = _what_was_stored(f"sqlite:///{pristine}")
    db = tmp_path / "old.sqlite"
    url = f"sqlite:///{db}"
    rng = random.Random(20261205)
    seen = {OLD: 0, HEAD_REVISION: 0}
    for _ in range(8):
        for side in ("-wal", "-shm"):
            db.with_name(db.name + side).unlink(missing_ok=True)
        shutil.rmtree(tmp_path / "backups", ignore_errors=True)
        shutil.copy(pristine, db)
        _run_and_kill(url, rng, 0.6, 0.15)
        rev, has = _state(db)
        seen[rev] += 1
        assert has == (rev == HEAD_REVISION)
        assert _what_was_stored(url)[:4] == before[:4]
        open_database(url, create=False).dispose()  # the next command opens it (and upgrades)
        assert _state(db) == (HEAD_REVISION, True)
        assert _what_was_stored(url)[:4] == before[:4]
    assert sum(seen.values()) == 8
