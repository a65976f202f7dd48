"""Example Skirmish tested the way a plug-in's own project tests itself: with the app's
fixtures (campaign_app.testing, ui.testing) and nothing from the app's own tests."""

from __future__ import annotations

import json
from typing import Any

import example_skirmish
import pytest


@pytest.fixture(autouse=True)
def skirmish(game_system: Any) -> Any:
    return game_system(example_skirmish.SYSTEM)


def test_a_battle_and_its_after_the_battle_are_written(campaign_cli: Any, campaign_engine: Any,
                                                       db_rows: Any) -> None:
    for argv in (("campaign", "create", "Ford", "--system", example_skirmish.ID),
                 ("roster", "create", "Ford", "Reds"), ("roster", "create", "Ford", "Blues"),
                 ("fighter", "add", "Reds", "Bob", "--stat", "Skill=3"),
                 ("fighter", "add", "Blues", "Cy", "--stat", "Skill=4"),
                 ("battle", "record", "Ford", "--roster", "Reds", "--roster", "Blues",
                  "--result", "Bob=out-of-action", "--result", "Cy=out-of-action")):
        rc, _out, err = campaign_cli(*argv)
        assert rc == 0, err
    rc, _out, err = campaign_cli("after-battle", "1", "--dice", "1,2")
    assert rc == 0, err
    assert sorted(db_rows(campaign_engine, "SELECT name, status FROM fighter")) == [
        ("Bob", "dead"), ("Cy", "in-recovery")]
    assert db_rows(campaign_engine, "SELECT faces, table_id FROM roll_record ORDER BY id") == [
        ("1", "example-skirmish-injury"), ("2", "example-skirmish-injury")]


def test_bad_input_writes_nothing(campaign_cli: Any, campaign_engine: Any, db_rows: Any) -> None:
    assert campaign_cli("campaign", "create", "Ford", "--system", example_skirmish.ID)[0] == 0
    assert campaign_cli("roster", "create", "Ford", "Reds")[0] == 0
    rc, _out, err = campaign_cli("fighter", "add", "Reds", "Bob", "--stat", "Skill=7")
    assert rc == 2 and "Skill: 7 is outside 1..6" in err and err.count("\n") == 1
    assert db_rows(campaign_engine, "SELECT name FROM fighter") == []


def test_the_demo_opens_in_the_window(campaign_window: Any) -> None:
    from campaign_app.usecases.demo import create_demo

    campaign_window.app.run(create_demo)
    campaign_window.reload()
    camp = next(c for c in campaign_window.tree_data if c["system"] == example_skirmish.ID)
    campaign_window.select_tree("campaign", camp["id"])
    assert campaign_window.campaign["name"] == "Skirmish at the Ford"
    assert json.dumps(camp, default=str)  # plain data, as a second front end would get it
