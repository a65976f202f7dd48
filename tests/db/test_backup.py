"""Backup and restore: copies are usable; a bad restore file is refused with the current
database untouched; a good one replaces it (after the current one is saved)."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path

import pytest

from campaign_app.cli import main
from campaign_app.errors import InputError
from campaign_app.usecases import campaigns, fighters, journal, rosters
from campaign_app.usecases.backup import automatic_backup, backup, restore
from campaign_app.usecases.datafiles import FORMAT, export_all, export_json
from db.migrate import open_database
from tests.campaign_app.data_builders import build_necromunda, build_nuts, build_squad


@pytest.fixture(autouse=True)
def _server_backups(tmp_path, monkeypatch):
    """Backups of a PostgreSQL test database go to the test's folder, not the user's."""
    monkeypatch.setenv("CAMPAIGN_APP_BACKUP_DIR", str(tmp_path / "server-backups"))


def _path(url: str) -> Path:
    return Path(url.replace("sqlite:///", ""))


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _docs(engine) -> list[dict]:
    return export_all(engine)["campaigns"]


@pytest.fixture
def filled(sqlite_url):
    eng = open_database(sqlite_url)
    build_necromunda(eng)
    build_nuts(eng)
    yield eng
    eng.dispose()


# --------------------------------------------------------------------------- backup
def test_backup_to_file_is_a_full_copy(filled, tmp_path):
    out = tmp_path / "copy.sqlite"
    d = backup(filled, out)
    assert not d.changes  # a backup changes nothing in the database
    assert d.file == str(out) and d.format == "sqlite"
    copy = open_database(f"sqlite:///{out}")
    try:
        assert _docs(copy) == _docs(filled)
    finally:
        copy.dispose()


def test_backup_default_folder_keeps_last_n(filled, sqlite_url):
    for _ in range(4):
        backup(filled, keep=2)
    folder = _path(sqlite_url).parent / "backups"
    assert len(list(folder.glob("campaign-manual-*.sqlite"))) == 2
    for _ in range(3):
        automatic_backup(filled, "pre-import", keep=2)
    assert len(list(folder.glob("campaign-pre-import-*.sqlite"))) == 2
    assert len(list(folder.glob("campaign-manual-*.sqlite"))) == 2


def test_backup_refuses_bad_targets(filled, sqlite_url, tmp_path):
    with pytest.raises(InputError, match="is a folder"):
        backup(filled, tmp_path)
    with pytest.raises(InputError, match="does not exist"):
        backup(filled, tmp_path / "no" / "x.sqlite")
    with pytest.raises(InputError, match="the database itself"):
        backup(filled, _path(sqlite_url))


def test_backup_on_server_is_json(engine, tmp_path):
    build_squad(engine)
    out = tmp_path / "b.json"
    d = backup(engine, out)
    if engine.dialect.name == "sqlite":
        assert d.format == "sqlite"
        return
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert d.format == "json" and doc["format"] == "campaign_app/backup"
    assert [c["campaign"]["name"] for c in doc["campaigns"]] == ["Bocage"]


# --------------------------------------------------------------------------- restore
def test_restore_sqlite_backup(filled, sqlite_url, tmp_path):
    saved = tmp_path / "saved.sqlite"
    backup(filled, saved)
    before = _docs(filled)
    rosters.create_roster(filled, "Hive War", "Late gang")
    fighters.remove_fighter(filled, "Brak")
    d = restore(filled, saved)
    assert d.changes.everything and d.changes.structure  # every campaign replaced
    assert d.campaigns == 2 and d.previous_saved_to
    eng = open_database(sqlite_url)
    try:
        assert _docs(eng) == before
    finally:
        eng.dispose()
    # the state just before the restore was saved and is itself restorable
    prev = open_database(f"sqlite:///{d.previous_saved_to}")
    try:
        names = [r["name"] for r in export_json(prev, "Hive War")["rosters"]]
        assert "Late gang" in names
    finally:
        prev.dispose()


def _non_campaign(path: Path) -> None:
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE recipes (id INTEGER PRIMARY KEY, name TEXT)")
    con.commit()
    con.close()


def _newer_schema(path: Path, src: Path) -> None:
    con_s = sqlite3.connect(src)
    con_d = sqlite3.connect(path)
    con_s.backup(con_d)
    con_s.close()
    con_d.execute("UPDATE alembic_version SET version_num='9999_future'")
    con_d.commit()
    con_d.close()


def _damaged(path: Path, src: Path) -> None:
    con_s = sqlite3.connect(src)
    con_d = sqlite3.connect(path)
    con_s.backup(con_d)
    con_s.close()
    con_d.execute("PRAGMA journal_mode=DELETE")
    con_d.close()
    data = bytearray(path.read_bytes())
    page = 4096
    for i in range(2 * page + 100, min(len(data), 6 * page), 7):  # scribble over table pages
        data[i] = 0xAB
    path.write_bytes(bytes(data))


def _broken_refs(path: Path, src: Path) -> None:
    con_s = sqlite3.connect(src)
    con_d = sqlite3.connect(path)
    con_s.backup(con_d)
    con_s.close()
    con_d.execute("PRAGMA foreign_keys=OFF")
    con_d.execute("UPDATE fighter SET roster_id = 999 WHERE id = 1")
    con_d.commit()
    con_d.close()


@pytest.mark.parametrize("make, expected", [
    (lambda p, src: p.write_bytes(b""), "neither a SQLite"),
    (lambda p, src: p.write_bytes(b"\x00\x01garbage" * 100), "neither a SQLite"),
    (lambda p, src: p.write_bytes(b"SQLite format 3\x00" + b"\xff" * 5000), "cannot be read|damaged"),
    (lambda p, src: p.write_text('{"format": "campaign_app/backup", "schema_version": 1, "campaigns": [{}]}'),
     "campaigns\\[0\\].format"),
    (lambda p, src: p.write_text('{"format": "campaign_app/backup", "schema_version": 7, "campaigns": []}'),
     "newer than this app reads"),
    (lambda p, src: p.write_text(json.dumps({"format": FORMAT, "schema_version": 1})), "use import json"),
    (lambda p, src: p.write_text("{ not json"), "not valid JSON"),
    (lambda p, src: _non_campaign(p), "not a campaign database"),
    (lambda p, src: _newer_schema(p, src), "newer than this app knows"),
    (lambda p, src: _damaged(p, src), "damaged|cannot be read|broken"),
    (lambda p, src: _broken_refs(p, src), "broken references"),
])
def test_bad_restore_file_is_refused_and_nothing_changes(filled, sqlite_url, tmp_path, snap, make, expected):
    src = tmp_path / "good.sqlite"
    backup(filled, src)
    bad = tmp_path / "bad.file"
    make(bad, src)
    before = snap(filled)
    filled.dispose()
    digest = _digest(_path(sqlite_url))
    with pytest.raises(InputError, match=expected):
        restore(filled, bad)
    assert _digest(_path(sqlite_url)) == digest
    assert snap(filled) == before
    assert not list((_path(sqlite_url).parent / "backups").glob("*pre-restore*"))


def test_restore_refuses_missing_file_and_itself(filled, sqlite_url, tmp_path):
    with pytest.raises(InputError, match="no such file"):
        restore(filled, tmp_path / "nope.sqlite")
    with pytest.raises(InputError, match="folder"):
        restore(filled, tmp_path)
    with pytest.raises(InputError, match="current database itself"):
        restore(filled, _path(sqlite_url))


def test_restore_over_a_damaged_database(filled, sqlite_url, tmp_path):
    saved = tmp_path / "saved.sqlite"
    backup(filled, saved)
    before = _docs(filled)
    filled.dispose()
    db = _path(sqlite_url)
    for ext in ("-wal", "-shm"):
        db.with_name(db.name + ext).unlink(missing_ok=True)
    db.write_bytes(b"this is no longer a database" * 200)
    from sqlalchemy import create_engine

    raw = create_engine(f"sqlite:///{db}")  # open_database would refuse it; restore does not need it
    d = restore(raw, saved)
    raw.dispose()
    assert d.previous_saved_to and Path(d.previous_saved_to).exists()
    eng2 = open_database(f"sqlite:///{db}")
    try:
        assert _docs(eng2) == before
    finally:
        eng2.dispose()


def test_restore_json_backup(engine, tmp_path, snap):
    """A JSON backup replaces every campaign, on each backend; a bad one changes nothing."""
    build_necromunda(engine)
    build_squad(engine)
    doc = export_all(engine)
    path = tmp_path / "b.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    before = _docs(engine)
    campaigns.create_campaign(engine, "Extra", "nuts")
    rosters.create_roster(engine, "Hive War", "Extra gang")
    # a broken backup: nothing changes
    broken = json.loads(json.dumps(doc))
    broken["campaigns"][1]["rosters"][0]["credits"] = -3
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(broken))
    state = snap(engine)
    with pytest.raises(InputError, match=r"campaigns\[1\]\.rosters\[0\]\.credits: -3 is below 0"):
        restore(engine, bad)
    assert snap(engine) == state
    d = restore(engine, path)
    assert d.changes.everything
    assert d.campaigns == 2
    assert _docs(engine) == before
    with pytest.raises(InputError, match="nothing to undo"):
        journal.undo(engine, "Hive War")


def test_restore_sqlite_file_into_server(engine, filled, tmp_path):
    saved = tmp_path / "saved.sqlite"
    backup(filled, saved)
    build_squad(engine)
    restore(engine, saved)
    assert _docs(engine) == _docs(filled)


# --------------------------------------------------------------------------- CLI
def test_cli_backup_and_restore(filled, sqlite_url, tmp_path, capsys):
    out = tmp_path / "cli.sqlite"
    assert main(["--db", sqlite_url, "backup", "-o", str(out)]) == 0
    assert "backup written to" in capsys.readouterr().out
    before = _docs(filled)
    campaigns.create_campaign(filled, "Later", "fubar")
    filled.dispose()
    assert main(["--db", sqlite_url, "--json", "restore", str(out)]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["campaigns"] == 2 and d["previous_saved_to"]
    assert _docs(filled) == before
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"nope")
    assert main(["--db", sqlite_url, "restore", str(junk)]) == 2
    assert capsys.readouterr().err.startswith("error: ")
    assert main(["--db", sqlite_url, "backup", "--keep", "0"]) == 2


def test_restore_onto_a_new_machine(filled, tmp_path, capsys):
    saved = tmp_path / "saved.sqlite"
    backup(filled, saved)
    fresh = tmp_path / "new" / "campaigns.sqlite"
    assert main(["--db", str(fresh), "--json", "restore", str(saved)]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["previous_saved_to"] is None and d["campaigns"] == 2
    eng = open_database(f"sqlite:///{fresh}")
    try:
        assert _docs(eng) == _docs(filled)
    finally:
        eng.dispose()
