"""Migration 0010_record on a database with rolls already recorded (SQLite and
PostgreSQL): the chain of every existing roll is computed, rolls of an undone action are
marked undone, and its downgrade takes the columns away again."""

from __future__ import annotations

from sqlalchemy import create_engine, inspect
from sqlalchemy.engine import Engine

from campaign_app.usecases import roll_log, undo
from campaign_app.usecases.battles import after_battle
from campaign_app.usecases.core import roll_table
from campaign_app.usecases.record import verify_chain
from db.engine import migration_engine, normalize_url
from db.migrate import alembic_config, open_database
from tests.campaign_app.test_after_battle_statements import eight_fighter_n23_battle


def _engine(url: str) -> Engine:
    u = normalize_url(url)
    return migration_engine(u) if u.get_backend_name() == "sqlite" else create_engine(u)


def _downgrade(url: str, revision: str) -> None:
    from alembic import command

    cfg = alembic_config()
    mig = _engine(url)
    try:
        with mig.begin() as conn:
            cfg.attributes["connection"] = conn
            command.downgrade(cfg, revision)
    finally:
        mig.dispose()


def test_the_migration_chains_the_rolls_already_recorded(db_url: str) -> None:
    eng = open_database(db_url)
    cid, bid, _ids = eight_fighter_n23_battle(eng)
    after_battle(eng, bid, seed=3)
    for n in range(4):
        roll_table(eng, "n23-lasting-injury", campaign=cid, seed=n)
    undo(eng, cid)  # After the Battle undone (a plain roll is no undo step)
    before = roll_log(eng, cid)
    eng.dispose()
    _downgrade(db_url, "0004_table")
    old = _engine(db_url)
    cols = {c["name"] for c in inspect(old).get_columns("roll_record")}
    old.dispose()
    assert not {"mark", "hash", "prev_hash", "step", "face_pos"} & cols
    eng = open_database(db_url)  # upgraded again: the chain computed for every roll
    try:
        after = roll_log(eng, cid)
        assert [r["id"] for r in after] == [r["id"] for r in before]
        assert [r["mark"] for r in after] == [r["mark"] for r in before]
        assert {r["mark"] for r in after} == {"applied", "undone"}
        assert all(len(r["hash"]) == 64 for r in after)
        st = verify_chain(eng, cid)
        assert st.intact and st.rolls == len(before)
    finally:
        eng.dispose()
