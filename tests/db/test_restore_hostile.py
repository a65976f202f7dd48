"""A restore trusts nothing in a SQLite file (issue #14 item 6): only this app's exact
schema (tables, columns, types, indexes, foreign keys; no triggers or views of its own,
compared with what the migrations make), every value of its column's type and length,
and every campaign passing the checks of a JSON import. Each hostile file is refused
with one line, the current database left byte for byte as it was, on SQLite and (where
a SQLite file is restored into a server) PostgreSQL."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from campaign_app.errors import InputError
from campaign_app.usecases import rolls, rosters
from campaign_app.usecases.backup import backup, restore
from campaign_app.usecases.datafiles import export_all
from db.backup import reference_schema, sqlite_schema
from db.migrate import open_database
from tests.db.sqlite_files import altered_copy
from tests.db.sqlite_files import digest as file_digest

HOSTILE: list[tuple[str, tuple[str, ...], str]] = [
    ("a trigger undoing edits", (
        "CREATE TRIGGER keep_rep AFTER UPDATE ON fighter BEGIN UPDATE fighter SET rep = OLD.rep "
        "WHERE id = NEW.id; END",), "has a trigger 'keep_rep' that this app does not make"),
    ("a trigger rewriting typed dice", (
        "CREATE TRIGGER lucky AFTER INSERT ON roll_record BEGIN UPDATE roll_record SET faces = '6' "
        "WHERE id = NEW.id; END",), "has a trigger 'lucky'"),
    ("a view", ("CREATE VIEW everyone AS SELECT name FROM fighter",), "has a view 'everyone'"),
    ("an index of its own", ("CREATE INDEX spy ON fighter(notes)",), "has a index 'spy'"),
    ("a dropped column", ("ALTER TABLE fighter DROP COLUMN notes",), "table 'fighter' is not as this app makes "
                                                                      "it (missing column notes)"),
    ("an extra column", ("ALTER TABLE roster ADD COLUMN secret TEXT",), "(extra column secret)"),
    ("a dropped index", ("DROP INDEX ix_fighter_status",), "lacks the index 'ix_fighter_status'"),
    ("text in a number column", ("UPDATE fighter SET xp = 'lots' WHERE id = 1",),
     "fighter.xp of row 1 is not a whole number"),
    ("bytes where text belongs", ("UPDATE roster SET name = X'ff00ff' WHERE id = 1",),
     "roster.name of row 1 is not text"),
    ("a name past its column", ("UPDATE fighter SET name = printf('%.500c', 'x') WHERE id = 1",),
     "fighter.name of row 1 is longer than 200 characters"),
    ("a NUL in a name", ("UPDATE fighter SET name = 'a' || char(0) || 'b' WHERE id = 1",),
     "fighter.name of row 1 holds a NUL character"),
    ("a flag that is not true or false", ("UPDATE battle SET after_battle_done = 7",), "is not true or false"),
    ("broken JSON", ("UPDATE fighter SET stats = '{not json' WHERE id = 1",), "fighter.stats of row 1 is not JSON"),
    ("a date that is no date", ("UPDATE fighter SET created_at = 'yesterday' WHERE id = 1",),
     "fighter.created_at of row 1 is not a date and time"),
    ("a Rep the game does not have", ("UPDATE fighter SET rep = 9 WHERE rep IS NOT NULL",), "rep: 9 is above 6"),
    ("a forged roll source", ("UPDATE roll_record SET source = 'forged'",), "source: 'forged' is not one of"),
    ("a fighter crewing itself", ("UPDATE fighter SET crew_of_id = id WHERE name = 'Sgt Rock'",),
     "a fighter cannot crew itself"),
]


def _ids(case: tuple[str, tuple[str, ...], str]) -> str:
    return case[0]


@pytest.mark.parametrize("case", HOSTILE, ids=_ids)
def test_a_hostile_sqlite_file_is_refused_and_nothing_changes(filled, sqlite_url, tmp_path, snap, case):
    _what, sql, expected = case
    good = tmp_path / "good.sqlite"
    backup(filled, good)
    if "roll_record" in " ".join(sql) and "UPDATE" in sql[0]:
        rolls.roll_table(filled, "n26-lasting-injury", campaign="Hive War", seed=3)
        backup(filled, good)
    bad = altered_copy(good, tmp_path / "bad.sqlite", *sql)
    before = snap(filled)
    filled.dispose()
    db_file = Path(sqlite_url.replace("sqlite:///", ""))
    digest = file_digest(db_file)
    with pytest.raises(InputError) as err:
        restore(filled, bad)
    assert expected in str(err.value), str(err.value)
    assert "\n" not in str(err.value).split(":", 1)[0]
    assert file_digest(db_file) == digest
    assert snap(filled) == before


@pytest.mark.parametrize("case", [c for c in HOSTILE if c[0] in (
    "a trigger undoing edits", "a dropped column", "text in a number column", "a Rep the game does not have")], ids=_ids)
def test_a_hostile_sqlite_file_is_refused_by_a_server_too(engine, filled, tmp_path, snap, case):
    _what, sql, expected = case
    good = tmp_path / "good.sqlite"
    backup(filled, good)
    bad = altered_copy(good, tmp_path / "bad.sqlite", *sql)
    before = snap(engine)
    with pytest.raises(InputError):
        restore(engine, bad)
    assert snap(engine) == before


def test_a_clean_backup_still_restores_with_the_reference_schema(filled, sqlite_url, tmp_path):
    good = tmp_path / "good.sqlite"
    backup(filled, good)
    con = sqlite3.connect(good)
    try:
        assert sqlite_schema(con) == reference_schema()
        assert not [k for k in reference_schema() if k[0] in ("trigger", "view")]
    finally:
        con.close()
    docs = export_all(filled)["campaigns"]
    rosters.create_roster(filled, "Hive War", "Late gang")
    restore(filled, good)
    eng = open_database(sqlite_url)
    try:
        assert export_all(eng)["campaigns"] == docs
    finally:
        eng.dispose()


def test_an_old_schema_upgraded_on_the_way_matches_the_reference(tmp_path):
    """A 0001 database upgraded by the migrations has exactly the schema a new one has."""
    from db.engine import make_engine
    from db.migrate import upgrade

    path = tmp_path / "old.sqlite"
    eng = make_engine(f"sqlite:///{path}")
    try:
        upgrade(eng, "0001")
        upgrade(eng)
    finally:
        eng.dispose()
    con = sqlite3.connect(path)
    try:
        assert sqlite_schema(con) == reference_schema()
    finally:
        con.close()

