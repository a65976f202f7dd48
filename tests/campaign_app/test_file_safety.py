"""Files written on request (issue #14 items 1, 7-10): no command writes over the open
database, its -wal/-shm/-journal files or its backups folder (under any name: a
symbolic or hard link is the same file); every file is written whole through a
temporary file renamed into place; and odd inputs (invalid UTF-8 arguments, a typed
die of thousands of digits, a house rule nested 50,000 deep, a zero-byte file, a
damaged database, two rows in alembic_version) each get one line, never a traceback."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import time
from pathlib import Path

import pytest

from campaign_app.cli import main
from campaign_app.usecases import campaigns, fighters, rosters
from db.migrate import open_database

WRITERS = [  # every command that writes a file the user names
    ["export", "json", "Kursk", "-o"],
    ["export", "roster", "Easy Company", "-o"],
    ["export", "cards", "Easy Company", "-o"],
    ["export", "qrs", "Kursk", "-o"],
    ["export", "league", "Kursk", "-o"],
    ["backup", "-o"],
]


def _digest(p: Path) -> str | None:
    return hashlib.sha256(p.read_bytes()).hexdigest() if p.exists() else None


@pytest.fixture
def kursk(sqlite_url):
    eng = open_database(sqlite_url)
    c = campaigns.create_campaign(eng, "Kursk", "nuts")
    r = rosters.create_roster(eng, c.id, "Easy Company")
    for i in range(3):
        fighters.add_fighter(eng, r.id, f"Pvt {i}", fighter_type="grunt", rep=4)
    eng.dispose()
    return Path(sqlite_url.removeprefix("sqlite:///"))


def _targets(db: Path) -> dict[str, Path]:
    folder = db.parent
    (folder / "backups").mkdir(exist_ok=True)
    link = folder / "link.sqlite"
    link.symlink_to(db)
    hard = folder / "hard.sqlite"
    os.link(db, hard)
    return {"the database": db, "a relative path to it": Path(os.path.relpath(db)),
            "a symbolic link to it": link, "a hard link to it": hard,
            "its -wal file": db.with_name(db.name + "-wal"), "its -shm file": db.with_name(db.name + "-shm"),
            "its -journal file": db.with_name(db.name + "-journal"),
            "a file in its backups folder": folder / "backups" / "mine.json",
            "its backups folder through ..": folder / "x" / ".." / "backups" / "a.pdf"}


@pytest.mark.parametrize("argv", WRITERS, ids=lambda a: " ".join(a[:2]))
def test_no_command_writes_over_the_database_its_side_files_or_backups(kursk, capsys, argv):
    db = kursk
    url = f"sqlite:///{db}"
    for what, target in _targets(db).items():
        before = {p: _digest(p) for p in (db.with_name(db.name + "-journal"), db.parent / "backups" / "mine.json")}
        rc = main(["--db", url, *argv, str(target)])
        err = capsys.readouterr().err
        assert rc == 2, (what, err)
        assert err.startswith("error: cannot write") and "nothing was written" in err, (what, err)
        assert len(err.strip().splitlines()) == 1
        for p, d in before.items():
            assert _digest(p) == d, (what, p)
        con = sqlite3.connect(db)  # the database is whole and still holds its campaign
        assert con.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert con.execute("SELECT name FROM campaign").fetchall() == [("Kursk",)]
        con.close()
        assert not list(db.parent.glob(".*.part")), what
    (db.parent / "link.sqlite").unlink()
    (db.parent / "hard.sqlite").unlink()
    out = db.parent / "out.file"  # an ordinary file next to it is written
    assert main(["--db", url, *argv, str(out)]) == 0
    assert out.stat().st_size > 0


def test_the_one_check_compares_real_paths(tmp_path):
    from campaign_app.errors import InputError
    from campaign_app.files import check_output_path, protected_paths

    db = tmp_path / "a.sqlite"
    db.write_bytes(b"x")
    protect = protected_paths(db)
    assert check_output_path(tmp_path / "b.pdf", protect) == tmp_path / "b.pdf"
    (tmp_path / "sub").mkdir()
    (tmp_path / "backups").mkdir()
    (tmp_path / "sub" / "up").symlink_to(tmp_path)
    for bad in (db, tmp_path / "sub" / "up" / "a.sqlite", tmp_path / "sub" / "up" / "backups" / "x.json",
                tmp_path / "a.sqlite-wal"):
        with pytest.raises(InputError, match="nothing was written"):
            check_output_path(bad, protect)


def test_an_interrupted_write_leaves_the_old_file_and_no_part(tmp_path):
    from campaign_app.files import atomic_write

    out = tmp_path / "o.json"
    out.write_text("old")
    with pytest.raises(ZeroDivisionError), atomic_write(out) as tmp:
        tmp.write_text("half")
        1 / 0  # noqa: B018
    assert out.read_text() == "old" and sorted(p.name for p in tmp_path.iterdir()) == ["o.json"]


def test_leftover_part_files_are_pruned(kursk):
    db = kursk
    backups = db.parent / "backups"
    backups.mkdir(exist_ok=True)
    old = [backups / ".campaign-manual-1.sqlite.0a1b.part", backups / ".campaign-manual-1.sqlite.0a1b.part-journal",
           db.parent / ".out.json.77.part"]
    fresh = backups / ".campaign-manual-2.sqlite.ffff.part"  # another process may be writing it
    for p in [*old, fresh]:
        p.write_bytes(b"half")
    an_hour_ago = time.time() - 3600
    for p in old:
        os.utime(p, (an_hour_ago, an_hour_ago))
    assert main(["--db", str(db), "backup"]) == 0
    assert main(["--db", str(db), "export", "json", "Kursk", "-o", str(db.parent / "out.json")]) == 0
    assert not any(p.exists() for p in old) and fresh.exists()


# --------------------------------------------------------------------------- item 7
@pytest.mark.parametrize("kind", ["newer", "foreign", "two revisions"])
def test_a_refused_database_is_opened_read_only_and_its_bytes_do_not_change(tmp_path, capsys, kind):
    db = tmp_path / "other.sqlite"
    con = sqlite3.connect(db)
    if kind == "foreign":
        con.execute("CREATE TABLE recipes (id INTEGER PRIMARY KEY, name TEXT)")
        con.execute("INSERT INTO recipes (name) VALUES ('soup')")
    else:
        con.execute("CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL)")
        con.execute("INSERT INTO alembic_version VALUES ('9999_future')")
        con.execute("CREATE TABLE campaign (id INTEGER PRIMARY KEY)")
        if kind == "two revisions":
            con.execute("UPDATE alembic_version SET version_num = '0001'")
            con.execute("INSERT INTO alembic_version VALUES ('0002')")
    con.commit()
    con.close()  # a rollback-journal database, as another app may keep it
    before = _digest(db)
    for argv in (["campaign", "list"], ["campaign", "create", "X", "--system", "nuts"], ["backup"]):
        rc = main(["--db", str(db), *argv])
        err = capsys.readouterr().err
        assert rc == (1 if kind == "two revisions" else 2), err
        assert err.startswith("error: ") and len(err.strip().splitlines()) == 1
        assert _digest(db) == before, f"{kind}: {argv} changed the file"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.sqlite"]  # no -wal, no backups


# --------------------------------------------------------------------------- item 8
def test_a_password_with_at_signs_is_never_printed(capsys):
    url = "postgresql://club:s3cr@t!pw@127.0.0.1:1/league"
    for argv in (["campaign", "list"], ["--json", "campaign", "list"]):
        assert main(["--db", url, *argv]) == 2
        out, err = capsys.readouterr()
        assert "s3cr" not in out + err and "t!pw" not in out + err, err
        assert "club@127.0.0.1:1/league" in err
    from campaign_app.urls import redact_url
    from db.engine import normalize_url, redact

    u = normalize_url(url)
    assert (u.username, u.password, u.host, u.port, u.database) == ("club", "s3cr@t!pw", "127.0.0.1", 1, "league")
    assert redact(u) == redact(url).replace("postgresql:", "postgresql+psycopg:")
    assert redact(url) == redact_url(url) == "postgresql://club@127.0.0.1:1/league"


# --------------------------------------------------------------------------- item 9
def _all_commands() -> list[list[str]]:
    from tests.campaign_app.test_hostile import COMMANDS

    return [p for p, _ in COMMANDS]


def test_invalid_utf8_in_any_argument_is_one_line(kursk, capsys):
    bad = os.fsdecode(b"caf\xe9\xff")  # what Python makes of such bytes in argv
    commands = _all_commands()
    assert len(commands) >= 35
    before = _digest(kursk)
    for path in commands:
        rc = main(["--db", str(kursk), *path, bad])
        err = capsys.readouterr().err
        assert rc == 2 and err.startswith("error: ") and "not valid UTF-8" in err, (path, err)
        assert len(err.strip().splitlines()) == 1
    assert main(["--db", str(kursk), "--json", "campaign", "create", bad, "--system", "nuts"]) == 2
    assert "not valid UTF-8" in json.loads(capsys.readouterr().err)["error"]
    assert _digest(kursk) == before


def test_a_typed_die_of_thousands_of_digits_and_a_deep_house_rule_are_one_line(kursk, tmp_path, capsys):
    db = str(kursk)
    assert main(["--db", db, "campaign", "create", "Hive", "--system", "necromunda"]) == 0
    capsys.readouterr()
    assert main(["--db", db, "roll", "n26-lasting-injury", "--campaign", "Hive", "--dice", "1" * 5000]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: typed die #1") and len(err) < 200
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 50_000 + "]" * 50_000)
    deep_toml = tmp_path / "deep.toml"
    deep_toml.write_text("a = " + "[" * 50_000 + "]" * 50_000)
    for f in (deep, deep_toml):
        assert main(["--db", db, "campaign", "house-rule", "Hive", "n26-lasting-injury", "--file", str(f)]) == 2
        err = capsys.readouterr().err
        assert err.startswith("error: ") and "nested too deeply" in err and len(err.splitlines()) == 1


def test_a_damaged_page_is_exit_1_with_what_to_do(kursk, capsys):
    db = kursk
    con = sqlite3.connect(db)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    page = con.execute("PRAGMA page_size").fetchone()[0]
    root = con.execute("SELECT rootpage FROM sqlite_master WHERE name = 'ix_fighter_roster_id'").fetchone()[0]
    con.close()
    with open(db, "r+b") as fh:  # the index a new fighter goes into: reads still work
        fh.seek(page * (root - 1))
        fh.write(b"\xff" * page)
    assert main(["--db", str(db), "campaign", "list"]) == 0
    capsys.readouterr()
    rc = main(["--db", str(db), "fighter", "add", "Easy Company", "Pvt 9", "--type", "grunt", "--rep", "4"])
    err = capsys.readouterr().err
    assert rc == 1, err
    assert err.startswith("error: the database") and "damaged" in err and "backups" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_two_rows_in_alembic_version_is_exit_1(kursk, capsys):
    con = sqlite3.connect(kursk)
    with con:
        con.execute("INSERT INTO alembic_version VALUES ('0001')")
    con.close()
    assert main(["--db", str(kursk), "campaign", "list"]) == 1
    err = capsys.readouterr().err
    assert "damaged" in err and "schema revision table holds 2 rows" in err and "backups" in err


# --------------------------------------------------------------------------- item 10
def test_a_zero_byte_file_is_not_made_a_database_by_a_command_that_must_not(tmp_path, capsys):
    empty = tmp_path / "empty.sqlite"
    empty.touch()
    for argv in (["campaign", "list"], ["log", "Kursk"], ["backup"], ["export", "json", "K", "-o", "x.json"]):
        assert main(["--db", str(empty), *argv]) == 2
        assert "is empty, not a campaign database" in capsys.readouterr().err
        assert empty.stat().st_size == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty.sqlite"]
    assert main(["--db", str(empty), "campaign", "create", "Kursk", "--system", "nuts"]) == 0  # this one may


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_two_first_campaign_creates_at_once_both_succeed(tmp_path):
    from db.migrate import head_revision

    head_revision()  # alembic loaded before the forks
    for round_ in range(8):
        db = tmp_path / f"race{round_}.sqlite"
        pids = []
        for i in range(2):
            pid = os.fork()
            if pid == 0:  # pragma: no cover - child
                code = 3
                try:
                    code = main(["--db", str(db), "campaign", "create", f"C{i}", "--system", "nuts"])
                finally:
                    os._exit(code)
            pids.append(pid)
        codes = [os.waitstatus_to_exitcode(os.waitpid(p, 0)[1]) for p in pids]
        assert codes == [0, 0], f"round {round_}: exit codes {codes}"
        con = sqlite3.connect(db)
        assert sorted(r[0] for r in con.execute("SELECT name FROM campaign")) == ["C0", "C1"]
        con.close()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_refused_command_never_takes_away_a_new_file_another_process_saved_into(tmp_path, monkeypatch, capsys):
    """A command that makes a new database file takes it away again when it is refused
    (nothing left behind). Another process that started on the same new file at the
    same moment and saved a campaign into it keeps it: the refused one leaves it."""
    import campaign_app.cli.campaign as cli_campaign
    from campaign_app.errors import InputError
    from db.migrate import head_revision

    head_revision()
    db = tmp_path / "shared.sqlite"
    real = cli_campaign.cmd_campaign_create

    def refused_after_the_other_saved(args, app):
        pid = os.fork()
        if pid == 0:  # pragma: no cover - child: the other process, on the same file
            code = 3
            try:
                cli_campaign.cmd_campaign_create = real
                code = main(["--db", str(db), "campaign", "create", "Theirs", "--system", "nuts"])
            finally:
                os._exit(code)
        assert os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) == 0
        raise InputError("refused for the test")

    monkeypatch.setattr(cli_campaign, "cmd_campaign_create", refused_after_the_other_saved)
    assert main(["--db", str(db), "campaign", "create", "Mine", "--system", "nuts"]) == 2
    assert "refused for the test" in capsys.readouterr().err
    con = sqlite3.connect(db)
    assert [r[0] for r in con.execute("SELECT name FROM campaign")] == ["Theirs"]
    con.close()

    # alone, a refused command still leaves nothing behind
    alone = tmp_path / "alone.sqlite"
    monkeypatch.setattr(cli_campaign, "cmd_campaign_create",
                        lambda args, app: (_ for _ in ()).throw(InputError("refused alone")))
    assert main(["--db", str(alone), "campaign", "create", "Mine", "--system", "nuts"]) == 2
    assert not any(tmp_path.glob("alone.sqlite*"))
