"""Migration 0011_advance: the times each characteristic of a fighter was advanced
(``fighter.advances``), on SQLite and PostgreSQL: a fighter stored before has none, and
the downgrade drops the column (built at the head, taken back with the migrations' own
downgrade, opened again as an old database is)."""

from __future__ import annotations

import json

from sqlalchemy import create_engine, inspect

from campaign_app.usecases import campaigns, fighters, rosters
from campaign_app.usecases.advance import take_advance
from db.migrate import HEAD_REVISION, open_database
from tests.db.test_migration_advance import _alembic, _rows

N23 = {"M": "4", "WS": "4+", "BS": "4+", "S": "3", "T": "3", "W": "1", "I": "4+", "A": "1",
       "Ld": "7+", "Cl": "7+", "Wil": "8+", "Int": "8+"}


def _advances(url: str) -> dict[str, dict]:
    return {name: (json.loads(a) if isinstance(a, str) else a)
            for name, a in _rows(url, "SELECT name, advances FROM fighter")}


def test_advance_counts_start_empty_and_go_with_the_downgrade(db_url):
    engine = open_database(db_url)
    c = campaigns.create_campaign(engine, "Old Hive", "necromunda", "n23")
    r = rosters.create_roster(engine, c.id, "Rust Rats")
    krag = fighters.add_fighter(engine, r.id, "Krag", fighter_type="champion", stats=N23, xp=20).id
    take_advance(engine, krag, "ws")
    engine.dispose()
    assert _advances(db_url) == {"Krag": {"WS": 1}}

    _alembic(db_url, "downgrade", "0010_record")
    eng = create_engine(db_url)
    try:
        assert "advances" not in {col["name"] for col in inspect(eng).get_columns("fighter")}
    finally:
        eng.dispose()

    engine = open_database(db_url)  # upgraded again, as an old database is on open
    try:
        assert _rows(db_url, "SELECT version_num FROM alembic_version") == [(HEAD_REVISION,)]
        assert _advances(db_url) == {"Krag": {}}  # nothing says what was advanced before
        assert take_advance(engine, krag, "ws").xp_spent == 6  # so the next costs the plain price
        assert _advances(db_url) == {"Krag": {"WS": 1}}
    finally:
        engine.dispose()
