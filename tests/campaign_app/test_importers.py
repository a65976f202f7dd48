"""Importers are a game system's: generic code finds one by key through the registry
(the first installed system, in listing order, that offers it)."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from typing import Any

import pytest

from campaign_app.changes import Changes, changes_of
from campaign_app.cli import build_parser, main
from campaign_app.errors import InputError
from campaign_app.systems import necromunda
from campaign_app.systems.api import GameSystem
from campaign_app.systems.importers import Importer, all_importers, find_importer, importer
from campaign_app.usecases.datafiles import ExternalImportResult, ReportItem, import_external

CALLS: list[tuple[Any, Any, Any]] = []


def fake_run(engine: Any, path: Any, campaign: Any = None) -> dict[str, Any]:
    CALLS.append((engine, path, campaign))
    return {"campaign": {"id": 7, "name": "C"}, "roster": {"id": 9, "name": "R"}, "fighters": 0,
            "report": [{"where": "gang.x", "message": "left out"}]}


@pytest.fixture
def plugin() -> Iterator[GameSystem]:
    from campaign_app.systems.registry import add_system, remove_system

    gs = dataclasses.replace(
        necromunda.SYSTEM, info=dataclasses.replace(necromunda.INFO, id="zz-importer"), listing=999, commands="",
        importers=(Importer("other-tool", "Other roster", run=f"{__name__}:fake_run",
                            description="import a roster from the other tool",
                            campaign_help="where the other roster goes"),
                   Importer("yaktribe", "Yaktribe gang (too)", run=f"{__name__}:fake_run")))
    add_system(gs)
    yield gs
    remove_system(gs.id)
    CALLS.clear()


def test_necromunda_offers_the_yaktribe_import():
    gs, imp = importer("yaktribe")
    assert gs is necromunda.SYSTEM
    assert imp.label == "Yaktribe gang" and "*.json" in imp.file_filter
    assert callable(gs.load(imp.run))


def test_a_plugin_importer_is_found_by_key(plugin):
    assert find_importer("other-tool") == (plugin, plugin.importers[0])
    res = import_external("ENGINE", "other-tool", "f.json", "C")
    assert res == ExternalImportResult(campaign={"id": 7, "name": "C"}, roster={"id": 9, "name": "R"},
                                       fighters=0, report=[ReportItem(where="gang.x", message="left out")])
    assert CALLS == [("ENGINE", "f.json", "C")]
    # a roster (and maybe a campaign) is added: a view reads everything again
    assert changes_of(res) == Changes.all() and res.changes.everything
    # the first system in listing order offering the key wins
    assert find_importer("yaktribe")[0] is necromunda.SYSTEM  # type: ignore[index]


def test_a_key_no_system_offers_is_a_one_line_error():
    assert find_importer("no-such-tool") is None
    with pytest.raises(InputError, match="no installed game system imports 'no-such-tool' files"):
        import_external(None, "no-such-tool", "f.json")


def test_datafiles_names_no_importer_of_its_own():
    from campaign_app.usecases import datafiles

    for name in ("import_yaktribe", "yak_fighter_type", "YAK_TYPES"):
        assert not hasattr(datafiles, name)
    with pytest.raises(AttributeError):
        _ = datafiles.no_such_name  # type: ignore[attr-defined]


def _import_commands() -> dict[str, Any]:
    parser = build_parser()
    top = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    imp = top.choices["import"]  # type: ignore[index]
    sub = next(a for a in imp._actions if a.__class__.__name__ == "_SubParsersAction")
    return dict(sub.choices)  # type: ignore[arg-type]


def test_one_import_command_per_installed_importer():
    commands = _import_commands()
    assert set(commands) == {"json"} | {imp.key for _gs, imp in all_importers()}
    yak = commands["yaktribe"]
    assert yak.description == "import a gang exported from Yaktribe"
    assert "Yaktribe campaign" in yak.format_help()


def test_a_plugin_importer_gets_its_command(plugin, tmp_path, capsys):
    commands = _import_commands()
    assert commands["other-tool"].description == "import a roster from the other tool"
    assert "where the other roster goes" in commands["other-tool"].format_help()
    # yaktribe stays the first system's: one command per key
    assert commands["yaktribe"].description == "import a gang exported from Yaktribe"
    url = f"sqlite:///{tmp_path / 'db.sqlite'}"
    assert main(["--db", url, "import", "other-tool", "f.json", "--campaign", "C"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("imported R (roster 9, 0 fighters) into C (campaign 7)")
    assert "  gang.x: left out" in out
    assert CALLS[-1][1:] == ("f.json", "C")
    assert main(["--db", url, "--json", "import", "other-tool", "f.json"]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "campaign": {"id": 7, "name": "C"}, "roster": {"id": 9, "name": "R"}, "fighters": 0,
        "report": [{"where": "gang.x", "message": "left out"}]}


def test_an_importer_without_a_description_is_described_by_its_label():
    assert Importer("k", "Thing roster", run="m:f").help == "import a Thing roster file"


@dataclasses.dataclass(frozen=True)
class _OwnResult:
    campaign: dict[str, Any]
    roster: dict[str, Any]
    fighters: int
    report: list[dict[str, str]]


def dataclass_run(engine: Any, path: Any, campaign: Any = None) -> _OwnResult:
    return _OwnResult({"id": 1, "name": "C"}, {"id": 2, "name": "R"}, 3, [{"where": "w", "message": "m"}])


def test_an_importer_returning_its_own_dataclass_is_read_too():
    from campaign_app.systems.registry import add_system, remove_system

    gs = dataclasses.replace(
        necromunda.SYSTEM, info=dataclasses.replace(necromunda.INFO, id="zz-own"), listing=998, commands="",
        importers=(Importer("own-tool", "Own roster", run=f"{__name__}:dataclass_run"),))
    add_system(gs)
    try:
        res = import_external(None, "own-tool", "f.json")
    finally:
        remove_system(gs.id)
    assert (res.roster["name"], res.fighters, res.report) == ("R", 3, [ReportItem(where="w", message="m")])
    assert res.changes.everything
