"""Migration 0012_counters: the campaign's own counters (``campaign.counters``) and each
roster's values (``roster.counters``), on SQLite and PostgreSQL: a campaign and roster
stored before have none, and the downgrade drops both columns (built at the head, taken
back with the migrations' own downgrade, opened again as an old database is)."""

from __future__ import annotations

import json

from sqlalchemy import create_engine, inspect

from campaign_app.usecases import campaigns, rosters
from campaign_app.usecases.counters import change_counter, define_counter
from db.migrate import HEAD_REVISION, open_database
from tests.db.test_migration_advance import _alembic, _rows


def _load(v):
    return json.loads(v) if isinstance(v, str) else v


def test_counters_start_empty_and_go_with_the_downgrade(db_url):
    engine = open_database(db_url)
    c = campaigns.create_campaign(engine, "Old Hive", "necromunda", "n23")
    r = rosters.create_roster(engine, c.id, "Rust Rats")
    define_counter(engine, c.id, "Terror Level", high=10)
    change_counter(engine, r.id, "Terror Level", to=3)
    engine.dispose()
    assert [_load(x) for (x,) in _rows(db_url, "SELECT counters FROM roster")] == [{"Terror Level": 3}]

    _alembic(db_url, "downgrade", "0011_advance")
    eng = create_engine(db_url)
    try:
        insp = inspect(eng)
        assert "counters" not in {col["name"] for col in insp.get_columns("roster")}
        assert "counters" not in {col["name"] for col in insp.get_columns("campaign")}
    finally:
        eng.dispose()

    engine = open_database(db_url)  # upgraded again, as an old database is on open
    try:
        assert _rows(db_url, "SELECT version_num FROM alembic_version") == [(HEAD_REVISION,)]
        assert [_load(x) for (x,) in _rows(db_url, "SELECT counters FROM campaign")] == [[]]
        assert [_load(x) for (x,) in _rows(db_url, "SELECT counters FROM roster")] == [{}]
        assert rosters.show_roster(engine, r.id)["counters"] == []
        define_counter(engine, c.id, "Terror Level", start=1, high=10)
        assert change_counter(engine, r.id, "Terror Level", by=1).value == 2
        assert [_load(x) for (x,) in _rows(db_url, "SELECT counters FROM roster")] == [{"Terror Level": 2}]
    finally:
        engine.dispose()
