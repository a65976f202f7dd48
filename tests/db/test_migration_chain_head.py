"""Migration 0017_chain_head (#35 item 4), on SQLite and PostgreSQL: a database whose
chain was built on the old schema (0015) gains a head for each campaign with rolls,
from its chain as it stands, and its chain still verifies; from then on the head moves
with every roll, so a cut end is found. The downgrade drops the table; a kill during
the upgrade leaves the old revision whole or the new one whole."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path
from unittest.mock import patch

import pytest
from sqlalchemy import create_engine, inspect

from campaign_app import rollchain
from campaign_app.usecases import campaigns, rolls
from campaign_app.usecases.record import verify_chain
from db.migrate import HEAD_REVISION, head_revision, open_database
from tests.db.test_migration_advance import _alembic, _rows

OLD = "0016_idempotency"  # the revision before the chain head


def _old_database(url: str) -> tuple[int, int]:
    """Two campaigns, one with rolls (seeded, typed) and one without, then the schema
    taken back to the revision before it (no chain head)."""
    engine = open_database(url)
    try:
        with patch.object(rollchain, "VERSION", 0):  # hashed as before 0019_rollmark: the old schema's chain
            c = campaigns.create_campaign(engine, "Old Hive", "necromunda", "n23")
            quiet = campaigns.create_campaign(engine, "Quiet Hive", "necromunda", "n23")
            for n in range(5):
                rolls.roll_table(engine, "n23-lasting-injury", campaign=c.id, seed=n)
            rolls.roll_table(engine, "n23-lasting-injury", campaign=c.id, dice="6,6")
    finally:
        engine.dispose()
    _alembic(url, "downgrade", OLD)
    return c.id or 0, quiet.id or 0


def _tables(url: str) -> set[str]:
    eng = create_engine(url)
    try:
        return set(inspect(eng).get_table_names())
    finally:
        eng.dispose()


def _rolls(url: str) -> list:
    return _rows(url, "SELECT id, campaign_id, faces, mark, prev_hash, hash FROM roll_record ORDER BY id")


def test_an_old_chain_gets_its_head_verifies_and_a_cut_end_is_then_found(db_url):
    cid, quiet = _old_database(db_url)
    assert "chain_head" not in _tables(db_url)
    before = _rolls(db_url)
    assert len(before) == 6
    engine = open_database(db_url)  # upgraded on open, as an old database is
    try:
        assert _rows(db_url, "SELECT version_num FROM alembic_version") == [(HEAD_REVISION,)]
        assert _rolls(db_url) == before  # no roll touched
        assert _rows(db_url, "SELECT campaign_id, count, last_hash FROM chain_head") == [(cid, 6, before[-1][5])]
        st = verify_chain(engine, cid)
        assert st.intact and st.rolls == 6 and st.head_count == 6 and st.head_hash == before[-1][5]
        assert verify_chain(engine, quiet).intact  # no rolls, no head: nothing to anchor
        rolls.roll_table(engine, "n23-lasting-injury", campaign=cid, seed=9)  # the head moves with the roll
        assert _rows(db_url, "SELECT count FROM chain_head") == [(7,)]
        assert verify_chain(engine, cid).intact
        with engine.begin() as conn:  # the newest roll cut off, as the old league let a player
            conn.exec_driver_sql("DELETE FROM roll_record WHERE id = (SELECT max(id) FROM roll_record)")
        st = verify_chain(engine, cid)
        assert not st.intact and "1 roll cut off the end" in st.text and "has 6" in st.text
    finally:
        engine.dispose()
    _alembic(db_url, "downgrade", OLD)  # the downgrade takes the table away, nothing else
    assert "chain_head" not in _tables(db_url)
    assert _rolls(db_url) == before


def _state(path: Path) -> tuple[str, bool]:
    con = sqlite3.connect(path)
    try:
        assert con.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        (rev,), = con.execute("SELECT version_num FROM alembic_version").fetchall()
        names = {r[0] for r in con.execute("SELECT name FROM sqlite_master")}
        has = "chain_head" in names
        if has:  # never a table without its heads
            assert con.execute("SELECT count(*) FROM chain_head").fetchone() == (1,)
        return rev, has
    finally:
        con.close()


@pytest.mark.skipif(not hasattr(__import__("os"), "fork"), reason="needs fork")
def test_kills_during_the_upgrade_leave_the_old_or_a_newer_schema_whole(tmp_path):
    import shutil

    from tests.db.test_migration_kill import _run_and_kill

    head_revision()  # alembic loaded before the forks
    pristine = tmp_path / "pristine.sqlite"
    _old_database(f"sqlite:///{pristine}")
    before = _rolls(f"sqlite:///{pristine}")
    db = tmp_path / "old.sqlite"
    url = f"sqlite:///{db}"
    rng = random.Random(20261205)
    seen: dict[str, int] = {}
    for _ in range(8):
        for side in ("-wal", "-shm"):
            db.with_name(db.name + side).unlink(missing_ok=True)
        shutil.rmtree(tmp_path / "backups", ignore_errors=True)
        shutil.copy(pristine, db)
        _run_and_kill(url, rng, 0.6, 0.15)
        rev, has = _state(db)
        seen[rev] = seen.get(rev, 0) + 1
        assert has == (rev != OLD)
        assert _rolls(url) == before
        open_database(url, create=False).dispose()  # the next command opens it (and upgrades)
        assert _state(db) == (HEAD_REVISION, True)
        assert _rolls(url) == before
    assert sum(seen.values()) == 8
