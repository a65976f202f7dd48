"""Migration 0008_advance: the newest Necromunda edition's own stat line for the fighters
already stored, and the XP rank column, on SQLite and PostgreSQL. The old database is
built as test_migration_kill does: made at the head with the use-cases, then taken back
with the migrations' own downgrades (so the downgrade is tested too)."""

from __future__ import annotations

import pytest
from sqlalchemy import create_engine, inspect, text

from campaign_app.usecases import campaigns, fighters, journal, rosters
from db.migrate import HEAD_REVISION, open_database

N26 = {"M": "5", "WS": "3+", "BS": "4+", "S": "3", "T": "3", "W": "1", "I": "4", "A": "1", "Sv": "5+",
       "Ld": "7", "Cl": "9", "Wil": "5", "Int": "6"}
N23 = {"M": "5", "WS": "3+", "Ld": "7+", "Cl": "5+"}
VEHICLE = {"M": "8", "Fr": "8", "Sd": "7", "Rr": "6", "HP": "3", "Hnd": "6+", "Sv": "4+", "BS": "4+",
           "Ld": "8", "Cl": "7"}


def _alembic(url: str, how: str, revision: str) -> None:
    from alembic import command

    from db.engine import migration_engine, normalize_url
    from db.migrate import alembic_config

    cfg = alembic_config()
    eng = migration_engine(normalize_url(url)) if url.startswith("sqlite") else create_engine(url)
    try:
        with eng.begin() as conn:
            cfg.attributes["connection"] = conn
            getattr(command, how)(cfg, revision)
    finally:
        eng.dispose()


def _rows(url: str, sql: str) -> list:
    eng = create_engine(url)
    try:
        with eng.connect() as conn:
            return list(conn.execute(text(sql)))
    finally:
        eng.dispose()


def _stats(url: str) -> dict[str, dict]:
    import json

    return {name: (json.loads(st) if isinstance(st, str) else st)
            for name, st in _rows(url, "SELECT name, stats FROM fighter")}


def test_n26_fighters_get_a_save_and_plain_values_and_back(db_url):
    engine = open_database(db_url)
    new = campaigns.create_campaign(engine, "Hive War", "necromunda", "n26")
    old = campaigns.create_campaign(engine, "Old Hive", "necromunda", "n23")
    r = rosters.create_roster(engine, new.id, "Venom Sisters")
    lyra = fighters.add_fighter(engine, r.id, "Lyra", stats=N26)
    fighters.add_fighter(engine, r.id, "Rig", fighter_type="vehicle", kind="vehicle", stats=VEHICLE)
    fighters.add_fighter(engine, r.id, "Nobody")  # no stat line: nothing added
    fighters.add_fighter(engine, rosters.create_roster(engine, old.id, "Rust Rats").id, "Krag", stats=N23)
    fighters.edit_fighter(engine, lyra.id, stats={"Ld": "8"})  # a journal entry holding plain values
    table = campaigns.campaign_rules(engine, new.id)["n26-lasting-injury"].to_dict()
    campaigns.set_house_rule(engine, new.id, "n26-lasting-injury", table)  # Impressive Scars: Ld +1
    engine.dispose()
    at_head = _stats(db_url)
    assert at_head["Lyra"]["Ld"] == 8 and at_head["Lyra"]["Sv"] == 5

    # down: the stat line as 0004 stored it (targets: 14 - v), no Save, no rank column
    _alembic(db_url, "downgrade", "0004_table")
    down = _stats(db_url)
    assert down["Lyra"] == {"M": 5, "WS": 3, "BS": 4, "S": 3, "T": 3, "W": 1, "I": 4, "A": 1,
                            "Ld": 6, "Cl": 5, "Wil": 9, "Int": 8}
    assert down["Rig"]["Sv"] == 4 and down["Rig"]["Ld"] == 6 and down["Rig"]["Cl"] == 7
    assert down["Krag"] == at_head["Krag"] == {"M": 5, "WS": 3, "Ld": 7, "Cl": 5}  # n23: untouched
    assert down["Nobody"] == {}
    eng = create_engine(db_url)
    try:
        assert "rank" not in {c["name"] for c in inspect(eng).get_columns("fighter")}
    finally:
        eng.dispose()
    import json

    rules = [json.loads(h) if isinstance(h, str) else h
             for (h,) in _rows(db_url, "SELECT house_rules FROM campaign WHERE name = 'Hive War'")][0]
    row16 = next(x for x in rules["n26-lasting-injury"]["rows"] if x["result"] == "impressive-scars")
    assert row16["effects"] == [{"op": "stat", "stat": "Ld", "delta": -1}]  # one better on a target

    # up again (as an old database is opened): plain values, a Save of 6+ where none was
    engine = open_database(db_url)
    try:
        up = _stats(db_url)
        assert up["Lyra"] == {**at_head["Lyra"], "Sv": 6}  # a Save set before the downgrade is lost
        assert up["Rig"] == at_head["Rig"] and up["Krag"] == at_head["Krag"] and up["Nobody"] == {}
        assert _rows(db_url, "SELECT version_num FROM alembic_version") == [(HEAD_REVISION,)]
        d = campaigns.campaign_rules(engine, new.id)["n26-lasting-injury"]
        assert d.row_by_result("impressive-scars").effects[0].args == {"stat": "Ld", "delta": 1}
        # Undo of the edit made before the migration puts back a plain value (journal converted)
        journal.undo(engine, new.id)  # the house rule
        journal.undo(engine, new.id)  # the edit: Ld 8 -> 7
        assert fighters.show_fighter(engine, lyra.id)["stats"]["Ld"] == 7
    finally:
        engine.dispose()


@pytest.mark.parametrize("rev", ["0004_table"])
def test_an_old_n26_database_is_converted_on_open(sqlite_url, rev):
    """A fighter stored by the old app (targets, no Save) is converted once when opened."""
    import sqlite3

    engine = open_database(sqlite_url)
    c = campaigns.create_campaign(engine, "Hive War", "necromunda")
    r = rosters.create_roster(engine, c.id, "Gang")
    engine.dispose()
    _alembic(sqlite_url, "downgrade", rev)
    path = sqlite_url.removeprefix("sqlite:///")
    con = sqlite3.connect(path)
    with con:
        con.execute("INSERT INTO fighter (roster_id, name, fighter_type, role, kind, stats, xp, credits_value,"
                    " status, status_note, abilities, conditions, notes, created_at, version) VALUES"
                    " (?, 'Old', 'ganger', '', 'human', ?, 0, 0, 'active', '', '[]', '[]', '',"
                    " '2026-01-01 00:00:00', 1)",
                    (r.id, '{"WS": 4, "Ld": 7, "Cl": 6, "Wil": 8, "Int": 9}'))
    con.close()
    engine = open_database(sqlite_url)
    try:
        st = fighters.show_fighter(engine, "Old")["stats"]
        assert st == {"WS": 4, "Ld": 7, "Cl": 8, "Wil": 6, "Int": 5, "Sv": 6}
    finally:
        engine.dispose()
