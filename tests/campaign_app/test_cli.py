"""The CLI: --json on every command, ids printed on create, exit 2 with one line on bad
input, nothing written then."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from campaign_app.cli import main


@pytest.fixture
def run(sqlite_url, capsys):
    from db.migrate import open_database

    open_database(sqlite_url).dispose()  # a database to work in (a missing file is refused)

    def _run(*argv: str) -> tuple[int, str, str]:
        rc = main(["--db", sqlite_url, *argv])
        out = capsys.readouterr()
        return rc, out.out, out.err

    return _run


def test_campaign_roster_fighter_roll_log_undo(run):
    rc, out, _ = run("campaign", "create", "Kursk", "--system", "nuts", "--expansion", "weird-ww2", "--json")
    assert rc == 0 and json.loads(out)["id"] == 1
    assert run("roster", "create", "Kursk", "1st Squad")[1].startswith("created roster 1")
    rc, out, _ = run("fighter", "add", "1st Squad", "Sgt Rock", "--type", "star", "--rep", "5",
                     "--weapon", "Rifle", "--json")
    assert rc == 0 and json.loads(out)["rep"] == 5
    rc, out, _ = run("roll", "nuts-recovery", "--campaign", "Kursk", "--target", "5", "--dice", "6,1", "--json")
    d = json.loads(out)
    assert (d["faces"], d["value"], d["result"]) == ([6, 1], 1, "wounded")
    rc, out, _ = run("log", "Kursk", "--json")
    assert json.loads(out)[0]["faces"] == [6, 1]
    rc, out, _ = run("fighter", "edit", "Sgt Rock", "--rep", "6")
    assert rc == 0
    assert run("undo", "Kursk")[0] == 0
    assert json.loads(run("fighter", "show", "Sgt Rock", "--json")[1])["rep"] == 5
    assert run("redo", "Kursk")[0] == 0
    rc, out, _ = run("roster", "show", "1st Squad")
    assert "Sgt Rock" in out and "6" in out
    rc, out, _ = run("campaign", "list", "--json")
    assert json.loads(out)[0]["rosters"] == 1
    assert run("history", "Kursk")[0] == 0
    assert "nuts-recovery" in run("systems")[1]


@pytest.mark.parametrize(
    "argv,msg",
    [
        (["fighter", "add", "1st Squad", "X", "--rep", "9"], "rep: 9 is outside 1..6"),
        (["fighter", "add", "Nope", "X", "--rep", "3"], "no roster 'Nope'"),
        (["roll", "nuts-recovery", "--campaign", "Kursk", "--target", "4", "--dice", "3,7"], "is 7"),
        (["roll", "nuts-recovery", "--campaign", "Kursk", "--target", "4", "--dice", "3"], "needs 2d6 vs 4"),
        (["roll", "nuts-recovery", "--campaign", "Kursk", "--target", "4", "--dice", "3", "--seed", "1"],
         "not allowed with"),
        (["campaign", "create", "X", "--system", "chess"], "unknown game system"),
        (["campaign", "show", "Nope"], "no campaign 'Nope'"),
        (["fighter", "edit", "Sgt Rock", "--if-version", "7", "--rep", "3"], "changed by someone else"),
        (["undo", "Empty"], "nothing to undo"),
        (["campaign", "frobnicate"], "invalid choice"),
    ],
)
def test_bad_input_exit_2_one_line_nothing_written(run, argv, msg):
    run("campaign", "create", "Kursk", "--system", "nuts")
    run("campaign", "create", "Empty", "--system", "nuts")
    run("roster", "create", "Kursk", "1st Squad")
    run("fighter", "add", "1st Squad", "Sgt Rock", "--rep", "5")
    before = run("log", "Kursk", "--json")[1], run("roster", "show", "1st Squad", "--json")[1]
    rc, out, err = run(*argv)
    assert rc == 2 and msg in err and err.count("\n") == 1 and err.startswith("error: ")
    assert (run("log", "Kursk", "--json")[1], run("roster", "show", "1st Squad", "--json")[1]) == before


def test_json_errors(run):
    rc, out, err = run("campaign", "show", "Nope", "--json")
    assert rc == 2 and json.loads(err) == {"error": "no campaign 'Nope'"}


def test_bad_database_url_is_a_clear_message(capsys):
    rc = main(["--db", "mysql://u@h/d", "campaign", "list"])
    assert rc == 2 and "not supported" in capsys.readouterr().err


def test_python_dash_m_runs_the_same_cli(sqlite_url):
    from db.migrate import open_database

    open_database(sqlite_url).dispose()
    out = subprocess.run([sys.executable, "-m", "campaign_app", "--db", sqlite_url, "campaign", "list"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and "no campaigns yet" in out.stdout


def test_campaign_app_db_env_var_is_used(sqlite_url, monkeypatch, capsys):
    monkeypatch.setenv("CAMPAIGN_APP_DB", sqlite_url)
    assert main(["campaign", "create", "EnvCamp", "--system", "fubar"]) == 0
    capsys.readouterr()
    monkeypatch.delenv("CAMPAIGN_APP_DB")
    assert main(["--db", sqlite_url, "campaign", "list", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["name"] == "EnvCamp"


@pytest.mark.parametrize(("argv", "expected"), [
    ([], (True, None)),
    (["--db", "league.sqlite"], (True, "league.sqlite")),
    (["--db=postgresql://club@h/c", "--json"], (True, "postgresql://club@h/c")),
    (["--json"], (True, None)),
    (["--help"], (False, None)),
    (["-h"], (False, None)),
    (["campaign", "list"], (False, None)),
    (["--db", "x.sqlite", "campaign", "list"], (False, None)),
    (["--db"], (False, None)),  # missing value: the full parser says so
    (["--db", "--json"], (False, None)),
    (["--d", "x.sqlite"], (False, None)),  # abbreviations: left to argparse
])
def test_plain_start_is_recognised_without_the_parser(argv, expected):
    from campaign_app.cli import gui_launch

    assert gui_launch(argv) == expected


def test_a_bad_start_still_gets_the_parsers_message(capsys):
    assert main(["--db"]) == 2
    assert "--db" in capsys.readouterr().err


def test_database_paths_that_are_wrong_are_refused_in_one_line(tmp_path, capsys):
    not_db = tmp_path / "notes.sqlite"
    not_db.write_text("my shopping list\n")
    assert main(["--db", f"sqlite:///{not_db}", "campaign", "list"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: cannot open database") and "file is not a database" in err
    assert "Traceback" not in err and "sqlalche.me" not in err
    assert not_db.read_text() == "my shopping list\n"  # left as it was
    missing = tmp_path / "typo" / "campaigns.sqlite"
    for argv in (["campaign", "list"], ["roster", "create", "Kursk", "1st"], ["log", "Kursk"]):
        assert main(["--db", str(missing), *argv]) == 2
        assert "no database at" in capsys.readouterr().err
    assert not missing.parent.exists()  # nothing made on the way
    assert main(["--db", "", "campaign", "list"]) == 2
    assert "--db is empty" in capsys.readouterr().err
    assert main(["--db", ""]) == 2  # not the GUI on the default database either
    # the commands that make content make the file
    assert main(["--db", str(missing), "campaign", "create", "Kursk", "--system", "nuts"]) == 0
    assert missing.exists()


def test_roster_show_writes_targets_as_the_edition_does_and_no_rep_column_without_rep(run):
    """An N23 Weapon Skill of 3+ is printed "3+" (not "3"), in the edition's order; a
    game without Rep (Necromunda) has no empty Rep column; a game of Rep keeps it (#33)."""
    run("campaign", "create", "Zone", "--system", "necromunda", "--edition", "n23")
    run("roster", "create", "Zone", "Kings")
    assert run("fighter", "add", "Kings", "Grim", "--type", "leader", "--stat", "BS=4+", "--stat", "WS=3+",
               "--stat", "M=5")[0] == 0
    rc, out, _ = run("roster", "show", "Kings")
    head, rule, row = out.splitlines()[-3:]
    assert rc == 0 and head.split() == ["id", "name", "type", "kind", "M", "WS", "BS", "xp", "status", "weapons"]
    assert row.split()[1:7] == ["Grim", "leader", "human", "5", "3+", "4+"]
    assert json.loads(run("roster", "show", "Kings", "--json")[1])["fighters"][0]["stats"] == {
        "BS": 4, "WS": 3, "M": 5}  # the data is the numbers, as stored
    run("campaign", "create", "Foy", "--system", "nuts")
    run("roster", "create", "Foy", "Easy")
    run("fighter", "add", "Easy", "Rock", "--type", "star", "--rep", "5")
    out = run("roster", "show", "Easy")[1]
    assert out.splitlines()[-3].split()[:5] == ["id", "name", "type", "kind", "rep"]
    assert out.splitlines()[-1].split()[1:5] == ["Rock", "star", "human", "5"]
