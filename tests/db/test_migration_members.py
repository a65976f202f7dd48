"""Migration 0014_members: the league server's ``member`` and ``member_session`` tables,
on SQLite and PostgreSQL: made empty on an older database, dropped by the downgrade
(the game's rows untouched), made again when it is opened."""

from __future__ import annotations

from sqlalchemy import create_engine, inspect

from campaign_app.usecases import campaigns, members
from db.migrate import HEAD_REVISION, open_database
from tests.db.test_migration_advance import _alembic, _rows


def _tables(url: str) -> set[str]:
    eng = create_engine(url)
    try:
        return set(inspect(eng).get_table_names())
    finally:
        eng.dispose()


def test_members_come_and_go_with_the_migration(db_url: str) -> None:
    from db.migrate import known_revisions

    assert "0014_members" in known_revisions()  # 0015_system_records came after it
    engine = open_database(db_url)
    c = campaigns.create_campaign(engine, "Old Hive", "necromunda", "n23")
    members.add_member(engine, "ann", "pw", "player")
    members.login(engine, "ann", "pw")
    engine.dispose()
    assert _rows(db_url, "SELECT name, role, disabled FROM member") == [("ann", "player", False)]

    _alembic(db_url, "downgrade", "0013_roster_rules")
    assert {"member", "member_session"}.isdisjoint(_tables(db_url))
    assert _rows(db_url, "SELECT name FROM campaign") == [("Old Hive",)]

    engine = open_database(db_url)  # upgraded again, as an old database is on open
    try:
        assert _rows(db_url, "SELECT version_num FROM alembic_version") == [(HEAD_REVISION,)]
        assert members.members(engine) == [] and members.sessions(engine) == []
        members.add_member(engine, "ann", "pw2", "arbitrator")
        assert members.login(engine, "ann", "pw2").role == "arbitrator"
        assert campaigns.show_campaign(engine, c.id)["name"] == "Old Hive"
    finally:
        engine.dispose()
