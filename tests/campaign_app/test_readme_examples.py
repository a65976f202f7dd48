"""The README's NUTS! example runs as written (a user copies it line by line)."""

from __future__ import annotations

import shlex
from pathlib import Path

from campaign_app.cli import main

README = Path(__file__).resolve().parents[2] / "README.md"


def _block(heading: str) -> list[list[str]]:
    text = README.read_text(encoding="utf-8")
    body = text[text.index(heading):]
    body = body[body.index("```sh") + len("```sh"):]
    body = body[:body.index("```")].replace("\\\n", " ")
    commands = []
    for line in body.splitlines():
        line = line.split("  #", 1)[0].strip()
        if line:
            words = shlex.split(line)
            assert words[0] == "campaign-app", line
            commands.append(words[1:])
    return commands


def test_the_nuts_example_runs_as_written(tmp_path, capsys):
    db = str(tmp_path / "readme.sqlite")
    commands = _block("### NUTS! 4th edition and Weird WWII")
    assert len(commands) >= 10
    for argv in commands:
        rc = main(["--db", db, *argv])
        assert rc == 0, f"{' '.join(argv)}: {capsys.readouterr().err}"


def test_the_at_the_table_example_runs_as_written(tmp_path, capsys):
    db = str(tmp_path / "table.sqlite")
    commands = _block("### At the table")
    assert [c[:2] for c in commands if c[0] == "battle"][0] == ["battle", "setup"]
    for argv in commands:
        rc = main(["--db", db, *argv])
        assert rc == 0, f"{' '.join(argv)}: {capsys.readouterr().err}"
    assert "Lasting Injury: Ana" in capsys.readouterr().out


def test_the_renaming_deleting_and_moving_example_runs_as_written(tmp_path, capsys):
    db = str(tmp_path / "manage.sqlite")
    commands = _block("### Renaming, deleting and moving")
    assert {c[0] + " " + c[1] for c in commands if len(c) > 1} >= {
        "campaign rename", "roster rename", "fighter move", "unit move", "roster delete", "campaign delete",
        "campaign restore", "campaign purge"}
    for argv in commands:
        rc = main(["--db", db, *argv])
        assert rc == 0, f"{' '.join(argv)}: {capsys.readouterr().err}"
    capsys.readouterr()
    assert main(["--db", db, "campaign", "list"]) == 0
    listed = capsys.readouterr().out
    assert "Ardennes, Winter 1944" in listed and "Bocage Summer" in listed and "Operation Granite" not in listed
