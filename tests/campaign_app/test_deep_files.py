"""Files nested absurdly deep (issue #34 item 5): a content pack (TOML or JSON), a JSON
import file and a Yaktribe file nested 60,000 deep, or a few hundred deep (under the
parser's recursion limit), are each refused with one ``error:`` line naming the
problem, never a RecursionError traceback; nothing is written."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from campaign_app.cli import main
from campaign_app.textlimits import deeper_than

DEEP = 60_000


def _json_pack(depth: int) -> str:
    return ('{"pack": {"name": "Deep", "system": "necromunda"}, "items": {"knife": {"name": "Knife", '
            '"category": "weapon", "cost": 5, "traits": ' + "[" * depth + "]" * depth + "}}}")


def _toml_pack(depth: int) -> str:
    return ('[pack]\nname = "Deep"\nsystem = "necromunda"\n\n[items.knife]\nname = "Knife"\n'
            'category = "weapon"\ncost = 5\ntraits = ' + "[" * depth + "]" * depth + "\n")


@pytest.fixture
def db(tmp_path) -> Path:
    path = tmp_path / "campaign.sqlite"
    assert main(["--db", str(path), "campaign", "create", "Hive", "--system", "necromunda"]) == 0
    return path


def _digest(p: Path) -> str:
    return hashlib.sha256(p.read_bytes()).hexdigest()


def _refused(capsys, argv: list[str], db: Path, words: str) -> None:
    before = _digest(db)
    rc = main(["--db", str(db), *argv])
    out, err = capsys.readouterr()
    assert rc == 2, err
    assert err.startswith("error: ") and words in err, err
    assert len(err.strip().splitlines()) <= 2 and "Traceback" not in err and "RecursionError" not in err, err
    assert len(err) < 400
    assert _digest(db) == before


@pytest.mark.parametrize("depth", [DEEP, 500])
@pytest.mark.parametrize("kind", ["json", "toml"])
def test_a_content_pack_nested_too_deep_is_one_line(db, tmp_path, capsys, kind, depth):
    capsys.readouterr()
    pack = tmp_path / f"pack.{kind}"
    pack.write_text(_json_pack(depth) if kind == "json" else _toml_pack(depth), encoding="utf-8")
    _refused(capsys, ["content", "add", "Hive", str(pack)], db, "nest deeper than")
    err_free = tmp_path / f"ok.{kind}"  # the same pack, not nested: added
    err_free.write_text(_json_pack(1) if kind == "json" else _toml_pack(1), encoding="utf-8")
    assert main(["--db", str(db), "content", "add", "Hive", str(err_free)]) == 0, capsys.readouterr().err


def test_a_json_import_file_and_a_yaktribe_file_nested_too_deep_are_one_line(db, tmp_path, capsys):
    capsys.readouterr()
    campaign = tmp_path / "campaign.json"
    campaign.write_text('{"format": "campaign_app/campaign", "schema_version": 1, "campaign": {"name": "X", '
                        '"system": "nuts", "notes": ' + "[" * DEEP + "]" * DEEP + "}}")
    _refused(capsys, ["import", "json", str(campaign)], db, "nesting is deeper than")
    bare = tmp_path / "bare.json"
    bare.write_text("[" * DEEP + "]" * DEEP)
    _refused(capsys, ["import", "json", str(bare)], db, "nesting is deeper than")
    _refused(capsys, ["restore", str(bare)], db, "neither a SQLite campaign database nor a JSON backup")
    backup = tmp_path / "backup.json"
    backup.write_text('{"format": "campaign_app/backup", "schema_version": 1, "campaigns": '
                      + "[" * DEEP + "]" * DEEP + "}")
    _refused(capsys, ["restore", str(backup)], db, "nesting is deeper than")
    yak = tmp_path / "gang.json"
    yak.write_text('{"gang": {"gang_name": "Deep", "gangers": ' + "[" * DEEP + "]" * DEEP + "}}")
    _refused(capsys, ["import", "yaktribe", str(yak), "--campaign", "Hive"], db, "nesting is deeper than")


def test_depth_is_measured_without_recursion():
    deep: list = []
    inner = deep
    for _ in range(DEEP):
        inner.append([])
        inner = inner[0]
    assert deeper_than(deep, 20)
    assert not deeper_than({"a": [1, {"b": [2]}]}, 20)
    assert deeper_than({"a": [1, {"b": [2]}]}, 2)
