"""Migration 0020_standings_index (#32), on SQLite and PostgreSQL: ``battle_roster``'s
index on ``roster_id`` becomes one on ``(roster_id, result)``; the downgrade gives the old
one back; the standings count the same either way."""

from __future__ import annotations

from sqlalchemy import create_engine, inspect

from campaign_app.usecases import campaigns, fighters, rosters
from campaign_app.usecases.battles import record_battle
from campaign_app.usecases.standings import league_standings
from db.migrate import HEAD_REVISION, open_database
from tests.db.test_migration_advance import _alembic, _rows


def _indexes(url: str) -> dict[str, list[str]]:
    eng = create_engine(url)
    try:
        return {str(i["name"]): list(i["column_names"]) for i in inspect(eng).get_indexes("battle_roster")}
    finally:
        eng.dispose()


def _lines(engine: object, cid: int) -> list[tuple[str, int, int, int]]:
    return [(x["roster"], x["battles"], x["wins"], x["losses"]) for x in league_standings(engine, cid)["standings"]]


def test_the_standings_index_comes_and_goes_with_the_migration(db_url: str) -> None:
    engine = open_database(db_url)
    c = campaigns.create_campaign(engine, "Bocage", "nuts")
    a, b = rosters.create_roster(engine, c.id, "Easy"), rosters.create_roster(engine, c.id, "Dog")
    fighters.add_fighter(engine, "Easy", "Sgt Rock", rep=5)
    fighters.add_fighter(engine, "Dog", "Cpl Hans", rep=4)
    record_battle(engine, c.id, [a.id, b.id], winner=a.id)
    record_battle(engine, c.id, [a.id, b.id], winner=b.id)
    record_battle(engine, c.id, [b.id, a.id], winner=b.id)
    want = sorted([("Easy", 3, 1, 2), ("Dog", 3, 2, 1)])
    assert sorted(_lines(engine, c.id)) == want
    engine.dispose()
    assert _indexes(db_url)["ix_battle_roster_standing"] == ["roster_id", "result"]
    assert "ix_battle_roster_roster_id" not in _indexes(db_url)

    _alembic(db_url, "downgrade", "0019_rollmark")
    got = _indexes(db_url)
    assert got["ix_battle_roster_roster_id"] == ["roster_id"] and "ix_battle_roster_standing" not in got
    assert _rows(db_url, "SELECT count(*) FROM battle_roster") == [(6,)]

    engine = open_database(db_url)  # upgraded again, as an old database is on open
    try:
        assert _rows(db_url, "SELECT version_num FROM alembic_version") == [(HEAD_REVISION,)]
        assert _indexes(db_url)["ix_battle_roster_standing"] == ["roster_id", "result"]
        assert sorted(_lines(engine, c.id)) == want
    finally:
        engine.dispose()
