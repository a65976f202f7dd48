"""Migration 0019_rollmark (#35 item 4), on SQLite and PostgreSQL: a database stored
before (rolls hashed without their mark, marks changed in place) gains ``v`` and
``first_mark``; no roll is rewritten, its chain still verifies; from then on every mark
change is a chained mark record, also for the old rolls, so a mark later flipped by hand
is found. The downgrade drops the columns; a kill during the upgrade leaves the old
revision whole or the new one whole."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path
from unittest.mock import patch

import pytest
from sqlalchemy import create_engine, inspect

from campaign_app import rollchain
from campaign_app.usecases import roll_log, rolls, undo
from campaign_app.usecases.battles import after_battle
from campaign_app.usecases.record import verify_chain
from db.migrate import HEAD_REVISION, head_revision, open_database
from tests.campaign_app.test_after_battle_statements import eight_fighter_n23_battle
from tests.db.test_migration_advance import _alembic, _rows

OLD = "0018_devices"  # the revision before marks were hashed


def _old_database(url: str) -> int:
    """A campaign with an applied After the Battle and a few table rolls, written as the
    app before 0019 wrote them (version 0: the mark not hashed), then the schema taken
    back to the revision before it."""
    engine = open_database(url)
    try:
        with patch.object(rollchain, "VERSION", 0):
            cid, bid, _ids = eight_fighter_n23_battle(engine)
            after_battle(engine, bid, seed=9)
            for n in range(3):
                rolls.roll_table(engine, "n23-lasting-injury", campaign=cid, seed=n)
    finally:
        engine.dispose()
    _alembic(url, "downgrade", OLD)
    return cid


def _columns(url: str) -> set[str]:
    eng = create_engine(url)
    try:
        return {c["name"] for c in inspect(eng).get_columns("roll_record")}
    finally:
        eng.dispose()


def _rolls(url: str) -> list:
    return _rows(url, "SELECT id, campaign_id, faces, mark, prev_hash, hash FROM roll_record ORDER BY id")


def test_an_old_chain_verifies_and_its_marks_are_chained_from_then_on(db_url):
    cid = _old_database(db_url)
    assert not {"v", "first_mark"} & _columns(db_url)
    before = _rolls(db_url)
    engine = open_database(db_url)  # upgraded on open, as an old database is
    try:
        assert _rows(db_url, "SELECT version_num FROM alembic_version") == [(HEAD_REVISION,)]
        assert _rolls(db_url) == before  # no roll touched
        assert set(_rows(db_url, "SELECT v, first_mark FROM roll_record")) == {(0, "")}
        st = verify_chain(engine, cid)
        assert st.intact and st.rolls == len(before), st.text
        undo(engine, cid)  # the old rolls' marks change: chained now, as version 1 mark records
        undone = [r["id"] for r in roll_log(engine, cid, marks=["undone"])]
        assert undone
        assert _rows(db_url, f"SELECT count(*) FROM roll_record WHERE mark = 'mark' AND v = 1 "
                             f"AND campaign_id = {cid}") == [(len(undone),)]
        assert verify_chain(engine, cid).intact
        with engine.begin() as conn:  # an old roll flipped back by hand: named
            conn.exec_driver_sql(f"UPDATE roll_record SET mark = 'applied' WHERE id = {undone[0]}")
        st = verify_chain(engine, cid)
        assert not st.intact and st.broken_at == undone[0] and "the chain says undone" in st.text
    finally:
        engine.dispose()
    _alembic(db_url, "downgrade", OLD)  # the downgrade takes the columns away, nothing else
    assert not {"v", "first_mark"} & _columns(db_url)
    assert [r[:2] for r in _rolls(db_url)][:len(before)] == [r[:2] for r in before]


def _state(path: Path) -> tuple[str, bool]:
    con = sqlite3.connect(path)
    try:
        assert con.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        (rev,), = con.execute("SELECT version_num FROM alembic_version").fetchall()
        cols = {r[1] for r in con.execute("PRAGMA table_info(roll_record)")}
        has = {"v", "first_mark"} <= cols
        assert has or not ({"v", "first_mark"} & cols)  # never one column without the other
        return rev, has
    finally:
        con.close()


@pytest.mark.skipif(not hasattr(__import__("os"), "fork"), reason="needs fork")
def test_kills_during_the_upgrade_leave_the_old_or_the_new_schema_whole(tmp_path):
    import shutil

    from tests.db.test_migration_kill import _run_and_kill

    head_revision()  # alembic loaded before the forks
    pristine = tmp_path / "pristine.sqlite"
    _old_database(f"sqlite:///{pristine}")
    before = _rolls(f"sqlite:///{pristine}")
    db = tmp_path / "old.sqlite"
    url = f"sqlite:///{db}"
    rng = random.Random(20261205)
    for _ in range(6):
        for side in ("-wal", "-shm"):
            db.with_name(db.name + side).unlink(missing_ok=True)
        shutil.rmtree(tmp_path / "backups", ignore_errors=True)
        shutil.copy(pristine, db)
        _run_and_kill(url, rng, 0.6, 0.15)
        rev, has = _state(db)
        assert has == (rev != OLD)
        assert _rolls(url) == before
        open_database(url, create=False).dispose()  # the next command opens it (and upgrades)
        assert _state(db) == (HEAD_REVISION, True)
        assert _rolls(url) == before
