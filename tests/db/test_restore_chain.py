"""A restore checks what an import checks (issue #34 items 3 and 7): a backup whose roll
record hash chain is broken (one roll row tampered with) is refused with one line, as
``import json`` refuses the same campaign, and a row whose ``version`` is not a row
version (negative, zero, past any count of edits) is refused too. Each time nothing is
written: the current database is byte for byte as it was. SQLite backups restored into
SQLite and into a server (PostgreSQL when CAMPAIGN_APP_TEST_PG is set), and JSON backups."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from campaign_app.cli import main
from campaign_app.errors import InputError
from campaign_app.usecases.backup import backup, restore
from campaign_app.usecases.datafiles import ImportRefused, export_all, import_json
from db.migrate import open_database
from tests.db.sqlite_files import altered_copy
from tests.db.sqlite_files import digest as file_digest

# a roll's record changed after the fact (what it was for): its content no longer matches its hash
TAMPER_ROLL = "UPDATE roll_record SET purpose = 'forged' WHERE id = (SELECT min(id) FROM roll_record)"


def _one_line(e: BaseException) -> str:
    text = str(e)
    assert "\n" not in text, text
    return text


def test_a_broken_roll_chain_is_refused_by_restore_as_by_import(filled, sqlite_url, tmp_path, snap):
    good = tmp_path / "good.sqlite"
    backup(filled, good)
    bad = altered_copy(good, tmp_path / "bad.sqlite", TAMPER_ROLL)
    con = sqlite3.connect(bad)
    assert con.execute("SELECT count(*) FROM roll_record WHERE purpose = 'forged'").fetchone()[0] == 1
    con.close()
    # import refuses the campaign of that file (the reference behaviour)
    other = open_database(f"sqlite:///{tmp_path / 'other.sqlite'}")
    tampered = open_database(f"sqlite:///{tmp_path / 'copy.sqlite'}")
    try:
        tampered.dispose()
        altered_copy(bad, tmp_path / "copy.sqlite")
        doc = export_all(tampered)["campaigns"][0]
        with pytest.raises(ImportRefused, match="hash chain is broken"):
            import_json(other, doc, backup=False)
    finally:
        tampered.dispose()
        other.dispose()
    before = snap(filled)
    filled.dispose()
    db_file = Path(sqlite_url.replace("sqlite:///", ""))
    digest = file_digest(db_file)
    with pytest.raises(InputError) as err:
        restore(filled, bad)
    assert "hash chain is broken" in _one_line(err.value)
    assert file_digest(db_file) == digest
    assert snap(filled) == before
    restore(filled, good)  # the untouched backup still restores


def test_a_broken_roll_chain_in_a_json_backup_is_refused(engine, filled, tmp_path, snap):
    doc = export_all(filled)
    rolls = doc["campaigns"][0]["rolls"]
    assert rolls and rolls[0]["hash"]
    rolls[0]["purpose"] = "forged"
    f = tmp_path / "backup.json"
    f.write_text(json.dumps(doc), encoding="utf-8")
    before = snap(engine)
    with pytest.raises(InputError) as err:
        restore(engine, f)
    assert "hash chain is broken" in _one_line(err.value)
    assert snap(engine) == before


def test_a_broken_roll_chain_in_a_sqlite_file_is_refused_by_a_server_too(engine, filled, tmp_path, snap):
    good = tmp_path / "good.sqlite"
    backup(filled, good)
    bad = altered_copy(good, tmp_path / "bad.sqlite", TAMPER_ROLL)
    before = snap(engine)
    with pytest.raises(InputError, match="hash chain is broken"):
        restore(engine, bad)
    assert snap(engine) == before


@pytest.mark.parametrize("version", [-5, 0, 2**63 - 1])
def test_a_row_version_that_is_no_version_is_refused(filled, sqlite_url, tmp_path, snap, version):
    good = tmp_path / "good.sqlite"
    backup(filled, good)
    bad = altered_copy(good, tmp_path / "bad.sqlite", f"UPDATE fighter SET version = {version} WHERE id = 1")
    before = snap(filled)
    filled.dispose()
    db_file = Path(sqlite_url.replace("sqlite:///", ""))
    digest = file_digest(db_file)
    with pytest.raises(InputError) as err:
        restore(filled, bad)
    assert "fighter.version of row 1 is not a row version" in _one_line(err.value)
    assert file_digest(db_file) == digest
    assert snap(filled) == before


def test_cli_restore_of_a_broken_chain_is_one_error_line(filled, sqlite_url, tmp_path, capsys):
    good = tmp_path / "good.sqlite"
    backup(filled, good)
    bad = altered_copy(good, tmp_path / "bad.sqlite", TAMPER_ROLL)
    filled.dispose()
    db_file = Path(sqlite_url.replace("sqlite:///", ""))
    digest = file_digest(db_file)
    capsys.readouterr()
    assert main(["--db", sqlite_url, "restore", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "hash chain is broken" in err, err
    assert len(err.strip().splitlines()) == 1, err
    assert file_digest(db_file) == digest
