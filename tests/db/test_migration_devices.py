"""Migration 0018_devices: the table's ``device_invite`` and ``device_session`` tables,
on SQLite and PostgreSQL: made empty on an older database, dropped by the downgrade
(the game's rows and the members untouched), made again when it is opened."""

from __future__ import annotations

from sqlalchemy import create_engine, inspect

from campaign_app.usecases import campaigns, devices, fighters, members, rosters, table
from db.migrate import HEAD_REVISION, open_database
from tests.db.test_migration_advance import _alembic, _rows


def _tables(url: str) -> set[str]:
    eng = create_engine(url)
    try:
        return set(inspect(eng).get_table_names())
    finally:
        eng.dispose()


def _battle(engine: object) -> int:
    c = campaigns.create_campaign(engine, "Old Hive", "nuts")
    rosters.create_roster(engine, c.id, "Easy")
    fighters.add_fighter(engine, "Easy", "Sgt Rock", rep=5)
    b = table.setup_battle(engine, c.id, ["Easy"], scenario="Patrol")
    table.start_battle(engine, b.id)
    return b.id


def test_devices_come_and_go_with_the_migration(db_url: str) -> None:
    from db.migrate import known_revisions

    assert "0018_devices" in known_revisions()
    engine = open_database(db_url)
    bid = _battle(engine)
    members.add_member(engine, "ann", "pw", "player")
    inv = devices.invite_to_table(engine, bid, "Easy")
    devices.join(engine, inv.token)
    engine.dispose()
    assert _rows(db_url, "SELECT battle_id, revoked FROM device_invite") == [(bid, False)]
    assert len(_rows(db_url, "SELECT id FROM device_session")) == 1

    _alembic(db_url, "downgrade", "0015_system_records")
    assert {"device_invite", "device_session"}.isdisjoint(_tables(db_url))
    assert _rows(db_url, "SELECT name FROM campaign") == [("Old Hive",)]
    assert _rows(db_url, "SELECT name FROM member") == [("ann",)]

    engine = open_database(db_url)  # upgraded again, as an old database is on open
    try:
        assert _rows(db_url, "SELECT version_num FROM alembic_version") == [(HEAD_REVISION,)]
        assert devices.invites(engine) == []
        again = devices.invite_to_table(engine, bid, "Easy")
        assert devices.join(engine, again.token).battle_id == bid
    finally:
        engine.dispose()
