"""Schema: migrations, indexes, SQLite pragmas, refusing newer or foreign databases."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import inspect, text
from sqlmodel import SQLModel

import db.models  # noqa: F401
from campaign_app.errors import DatabaseError
from db.engine import make_engine, normalize_url, redact
from db.migrate import current_revision, head_revision, open_database, upgrade


def test_migrations_from_empty_to_head_match_the_models(db_url):
    eng = open_database(db_url)
    try:
        assert current_revision(eng) == head_revision()
        insp = inspect(eng)
        for table in SQLModel.metadata.sorted_tables:
            cols = {c["name"] for c in insp.get_columns(table.name)}
            assert cols == {c.name for c in table.columns}, table.name
    finally:
        eng.dispose()


def test_every_foreign_key_is_indexed(db_url):
    eng = open_database(db_url)
    try:
        insp = inspect(eng)
        for table in SQLModel.metadata.sorted_tables:
            indexed = {tuple(ix["column_names"]) for ix in insp.get_indexes(table.name)}
            indexed |= {(c,) for c in insp.get_pk_constraint(table.name)["constrained_columns"]}
            for fk in insp.get_foreign_keys(table.name):
                cols = tuple(fk["constrained_columns"])
                assert any(ix[: len(cols)] == cols for ix in indexed), f"{table.name}.{cols} has no index"
    finally:
        eng.dispose()


def test_sqlite_runs_with_foreign_keys_and_wal(sqlite_url):
    eng = open_database(sqlite_url)
    with eng.connect() as c:
        assert c.execute(text("PRAGMA foreign_keys")).scalar() == 1
        assert c.execute(text("PRAGMA journal_mode")).scalar() == "wal"
    eng.dispose()


def test_older_database_is_upgraded_after_a_backup(tmp_path: Path):
    path = tmp_path / "old.sqlite"
    eng = make_engine(f"sqlite:///{path}")
    upgrade(eng, "0001")
    with eng.begin() as c:
        c.execute(text("INSERT INTO campaign (name, system, edition, expansions, house_rules, cycle, notes,"
                       " created_at, version) VALUES ('Old', 'nuts', '', '[]', '{}', 1, '', '2025-01-01', 1)"))
    eng.dispose()
    eng = open_database(f"sqlite:///{path}")
    assert current_revision(eng) == head_revision()
    with eng.connect() as c:
        assert c.execute(text("SELECT name FROM campaign")).scalar() == "Old"
    eng.dispose()
    backups = list((tmp_path / "backups").glob("old-pre-migrate-0001-*.sqlite"))
    assert len(backups) == 1
    with sqlite3.connect(backups[0]) as b:
        assert b.execute("SELECT version_num FROM alembic_version").fetchone()[0] == "0001"
        assert b.execute("SELECT name FROM campaign").fetchone()[0] == "Old"


def test_newer_database_is_refused_and_left_untouched(tmp_path: Path):
    path = tmp_path / "new.sqlite"
    open_database(f"sqlite:///{path}").dispose()
    with sqlite3.connect(path) as c:
        c.execute("UPDATE alembic_version SET version_num = '9999_future'")
    before = path.read_bytes()
    with pytest.raises(DatabaseError, match="newer than this app"):
        open_database(f"sqlite:///{path}")
    assert path.read_bytes() == before
    assert not (tmp_path / "backups").exists()


def test_foreign_database_is_refused(tmp_path: Path):
    path = tmp_path / "other.sqlite"
    with sqlite3.connect(path) as c:
        c.execute("CREATE TABLE recipes (id INTEGER PRIMARY KEY)")
    with pytest.raises(DatabaseError, match="not a campaign database"):
        open_database(f"sqlite:///{path}")


@pytest.mark.parametrize(
    "url,msg",
    [
        ("", "empty"),
        ("mysql://x@y/z", "not supported"),
        ("postgresql://user@host", "names no database"),
        ("postgresql+asyncpg://u@h/d", "not supported"),
        ("http://example.org/db", "not supported"),
    ],
)
def test_bad_database_urls_get_a_clear_message(url, msg):
    with pytest.raises(DatabaseError, match=msg):
        normalize_url(url)


def test_unreachable_server_is_a_message_without_the_password():
    with pytest.raises(DatabaseError) as e:
        open_database("postgresql://someone:s3cret@127.0.0.1:1/nothing")
    assert "s3cret" not in str(e.value) and "cannot open database" in str(e.value)
    assert "s3cret" not in redact("postgresql://someone:s3cret@127.0.0.1:1/nothing")


def test_bare_path_means_a_sqlite_file(tmp_path: Path):
    u = normalize_url(str(tmp_path / "x.sqlite"))
    assert u.get_backend_name() == "sqlite" and u.database.endswith("x.sqlite")


def test_the_fast_path_head_constant_is_the_migration_head():
    from db.migrate import HEAD_REVISION

    assert HEAD_REVISION == head_revision()
