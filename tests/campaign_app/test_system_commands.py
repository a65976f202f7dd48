"""A game system's commands: each a CLI subcommand built from its parameters (and only
its own system's), run through its use-case; its After the Battle options map onto
the ``after-battle`` flags; the command contract's own predicate."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from campaign_app.cli import build_parser, main
from campaign_app.systems.api import GameSystem
from campaign_app.systems.commands import (
    AfterBattleOption,
    Command,
    GuiAction,
    Needs,
    Param,
    options_from,
)
from campaign_app.systems.info import SystemInfo
from campaign_app.systems.registry import add_system, game_system, remove_system

CALLS: list[dict[str, Any]] = []


def greet(engine: Any, campaign: Any, loud: bool = False, times: int | None = None) -> dict[str, Any]:
    from campaign_app.usecases import show_campaign

    c = show_campaign(engine, campaign)  # the command runs on the database of --db
    CALLS.append({"campaign": c["name"], "loud": loud, "times": times})
    return {"campaign": c["name"], "loud": loud, "times": times}


def wave(engine: Any, fighter: Any) -> dict[str, Any]:
    from campaign_app.usecases import show_fighter

    CALLS.append({"waved": show_fighter(engine, fighter)["name"]})
    return {}


def greet_text(data: dict[str, Any], params: dict[str, Any]) -> str:
    word = "HELLO" if data["loud"] else "hello"
    return f"{word} {data['campaign']} x{params['times'] or 1}"


ME = __name__
GREET = Command(
    "greet", "say hello to a campaign", f"{ME}:greet", "hello", "the test system's greetings",
    params=(Param("campaign"), Param("loud", "--loud", "flag", help="shout"),
            Param("times", "--times", "int", metavar="N", help="how often")),
    text=f"{ME}:greet_text",
    gui=GuiAction("&Greet", "campaign", ("Ctrl+Alt+G",), tip="Say hello", dialog="greet"),
)
WAVE = Command("wave", "wave at a dead fighter", f"{ME}:wave", "hello",
               params=(Param("fighter"),), needs=Needs(selected="fighter", statuses=("dead",)),
               gui=GuiAction("&Wave", "figure", done="waved at {name}"))
COMMANDS = (GREET, WAVE)
OPTIONS = (
    AfterBattleOption("bonus", "Roll for a bonus", "bool", default=True, help="a bonus roll",
                      flag="--no-bonus"),
    AfterBattleOption("weather", "Weather", "choice", default="dry", choices=("dry", "rain"),
                      flag="--weather"),
    AfterBattleOption("heal", "Heal:", "fighters", flag="--heal", metavar="FIGHTER", help="heal this one"),
)
TEST_SYSTEM = GameSystem(
    info=SystemInfo(id="test-greeter", name="Greeter test game", fighter_types=("hero",),
                    default_roster_kind="gang"),
    package="tests", commands=f"{ME}:COMMANDS", after_battle_options=OPTIONS,
)


@pytest.fixture
def greeter() -> Iterator[GameSystem]:
    add_system(TEST_SYSTEM)
    CALLS.clear()
    yield TEST_SYSTEM
    remove_system(TEST_SYSTEM.id)


def _subcommands(parser: Any) -> dict[str, Any]:
    action = next(a for a in parser._actions if a.dest == "command")
    return dict(action.choices)


def test_a_systems_command_is_a_cli_subcommand_with_its_parameters(greeter, sqlite_url, capsys):
    from campaign_app.usecases import create_campaign
    from db.migrate import open_database

    engine = open_database(sqlite_url)
    create_campaign(engine, "Camp Hello", "test-greeter")
    engine.dispose()
    groups = _subcommands(build_parser())
    assert "hello" in groups
    assert main(["--db", sqlite_url, "hello", "greet", "Camp Hello", "--loud", "--times", "3"]) == 0
    assert capsys.readouterr().out == "HELLO Camp Hello x3\n"
    assert CALLS == [{"campaign": "Camp Hello", "loud": True, "times": 3}]
    assert main(["--db", sqlite_url, "--json", "hello", "greet", "Camp Hello"]) == 0
    assert json.loads(capsys.readouterr().out) == {"campaign": "Camp Hello", "loud": False, "times": None}
    # the parameters' types are argparse's: a bad --times is a usage error, nothing run
    assert main(["--db", sqlite_url, "hello", "greet", "Camp Hello", "--times", "many"]) == 2
    assert "invalid int value" in capsys.readouterr().err and len(CALLS) == 2
    assert main(["hello", "greet", "--help"]) == 0
    out = capsys.readouterr().out
    assert "say hello to a campaign" in out and "--times N" in out and "shout" in out


def test_a_systems_commands_are_not_there_without_it(capsys):
    assert "hello" not in _subcommands(build_parser())
    assert main(["hello", "greet", "x"]) == 2
    assert "invalid choice: 'hello'" in capsys.readouterr().err


def test_after_battle_takes_the_flags_of_the_systems_options(greeter, capsys):
    assert main(["after-battle", "--help"]) == 0
    out = capsys.readouterr().out
    assert "--heal FIGHTER" in out and "heal this one" in out
    assert "--treat FIGHTER" in out  # Necromunda's option, as before
    args = build_parser().parse_args(["after-battle", "1", "--heal", "Ann", "--heal", "7"])
    assert options_from(OPTIONS, vars(args)) == {"heal": ["Ann", "7"]}
    args = build_parser().parse_args(["after-battle", "1", "--no-bonus", "--weather", "rain"])
    assert options_from(OPTIONS, vars(args)) == {"bonus": False, "weather": "rain"}
    assert main(["after-battle", "1", "--weather", "snow"]) == 2
    assert "invalid choice: 'snow'" in capsys.readouterr().err


def test_options_from_leaves_out_defaults_and_empty_sets():
    assert options_from(OPTIONS, {"bonus": True, "weather": "dry", "heal": []}) == {}
    assert options_from(OPTIONS, {"bonus": False, "weather": "rain", "heal": [3]}) == {
        "bonus": False, "weather": "rain", "heal": ["3"]}


def test_a_commands_predicate_reads_the_campaign_and_the_selection():
    creatures = next(c for c in game_system("nuts").command_list() if c.action_key == "creatures")
    weird = {"expansions": ["weird-ww2"]}
    assert creatures.applies(weird, roster=True)
    assert not creatures.applies(weird, roster=False)
    assert not creatures.applies({"expansions": []}, roster=True)
    assert not creatures.applies(None, roster=True)
    assert WAVE.applies({}, figure={"what": "fighter", "status": "dead"})
    assert not WAVE.applies({}, figure={"what": "fighter", "status": "active"})
    assert not WAVE.applies({}, figure={"what": "unit", "status": "dead"})
    assert not WAVE.applies({}, figure=None)
    assert GREET.action_key == "hello_greet" and WAVE.action_key == "hello_wave"


def test_the_built_in_systems_name_their_commands_and_options_in_their_packages():
    keys = {sid: [c.action_key for c in game_system(sid).command_list() if c.gui] for sid in
            ("nuts", "necromunda", "fubar", "unit-morale")}
    assert keys == {"nuts": ["creatures", "walker_types", "add_walker"],
                    "necromunda": ["injury_roll", "treat_injury", "end_cycle", "release", "revive", "recruit"],
                    "fubar": [], "unit-morale": []}
    assert [o.key for o in game_system("nuts").after_battle_options] == ["replacements"]
    assert [o.key for o in game_system("necromunda").after_battle_options] == ["treat"]
    for sid in ("nuts", "necromunda"):
        for c in game_system(sid).command_list():
            assert game_system(sid).load(c.run) and (not c.text or game_system(sid).load(c.text))
            assert c.run.startswith(f"campaign_app.systems.{sid}.")
