"""Migration 0016_idempotency: the league server's ``idempotency_key`` table, on SQLite
and PostgreSQL: made empty on an older database, dropped by the downgrade (the game's
rows untouched), made again when it is opened; one row per (member, key)."""

from __future__ import annotations

import pytest
from sqlalchemy import create_engine, inspect, text
from sqlalchemy.exc import IntegrityError

from campaign_app.usecases import campaigns
from db.migrate import HEAD_REVISION, open_database
from db.models import utcnow
from tests.db.test_migration_advance import _alembic, _rows


def _tables(url: str) -> set[str]:
    eng = create_engine(url)
    try:
        return set(inspect(eng).get_table_names())
    finally:
        eng.dispose()


def test_idempotency_keys_come_and_go_with_the_migration(db_url: str) -> None:
    from db.migrate import known_revisions

    assert "0016_idempotency" in known_revisions()
    engine = open_database(db_url)
    c = campaigns.create_campaign(engine, "Old Hive", "necromunda", "n23")
    insert = text("INSERT INTO idempotency_key (member, key, request_hash, created_at) VALUES ('ann', 'k', 'h', :t)")
    with engine.begin() as conn:
        conn.execute(insert, {"t": utcnow()})
    with pytest.raises(IntegrityError), engine.begin() as conn:  # one row per (member, key)
        conn.execute(insert, {"t": utcnow()})
    engine.dispose()

    _alembic(db_url, "downgrade", "0015_system_records")
    assert "idempotency_key" not in _tables(db_url)
    assert _rows(db_url, "SELECT name FROM campaign") == [("Old Hive",)]

    engine = open_database(db_url)  # upgraded again, as an old database is on open
    try:
        assert _rows(db_url, "SELECT version_num FROM alembic_version") == [(HEAD_REVISION,)]
        assert _rows(db_url, "SELECT COUNT(*) FROM idempotency_key") == [(0,)]
        assert campaigns.show_campaign(engine, c.id)["name"] == "Old Hive"
    finally:
        engine.dispose()
