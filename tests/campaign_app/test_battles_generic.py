"""The generic battle use-cases, driven by a stand-in procedure so they are tested
apart from any one game's rules (each system's own flow tests cover the real ones)."""

from __future__ import annotations

import pytest

from campaign_app.dice import Rolling, ask
from campaign_app.errors import DiceError, InputError
from campaign_app.rules.rolling import roll_on
from campaign_app.systems import base
from campaign_app.systems.base import NewFighter, Outcome, Procedures, Step
from campaign_app.usecases import (
    add_fighter,
    create_campaign,
    create_roster,
    edit_fighter,
    roll_log,
    show_roster,
    undo,
)
from campaign_app.usecases.battles import after_battle, list_battles, record_battle, show_battle


def fake_after_battle(state, options) -> Rolling[Outcome]:
    out = Outcome()
    for f in state.fighters.values():
        if f.result == "out-of-the-fight":
            res, row = yield from roll_on(state.tables["nuts-recovery"], f"{f.name}'s recovery",
                                          target=f.rep, rule="OOF recovery", fighter_id=f.id)
            status = {"return-to-duty": "active", "wounded": "in-recovery", "lost": "lost"}[row.result]
            out.steps.append(Step("OOF recovery", f.name, row.label, res, fighter_id=f.id))
            out.change(f.id, "recovery", status=status)
    out.new_fighters.append(NewFighter(next(iter(state.rosters)), {"name": "Replacement", "rep": 3,
                                                                    "fighter_type": "grunt"}))
    if options.get("replacement_roll"):
        res = yield ask("d6", "Replacement's Rep", rule="Replacements")
        res.extra["new_fighter"] = 0
    return out


@pytest.fixture
def battle_setup(engine, monkeypatch):
    monkeypatch.setitem(base.PROCEDURES, "nuts", Procedures(
        system="nuts", after_battle=fake_after_battle, default_result="carry-on",
        result_statuses=("carry-on", "out-of-the-fight", "obviously-dead")))
    create_campaign(engine, "Kursk", "nuts")
    create_campaign(engine, "Elsewhere", "nuts")
    create_roster(engine, "Kursk", "Allies")
    create_roster(engine, "Kursk", "Axis")
    create_roster(engine, "Elsewhere", "Strangers")
    add_fighter(engine, "Allies", "Sgt Rock", rep=5, fighter_type="star")
    add_fighter(engine, "Allies", "Pvt Ryan", rep=4)
    add_fighter(engine, "Axis", "Hans", rep=4)
    add_fighter(engine, "Strangers", "Nobody", rep=4)
    return engine


def test_record_then_after_battle_applies_in_one_step_and_undoes_whole(battle_setup, snap):
    engine = battle_setup
    b = record_battle(engine, "Kursk", ["Allies", "Axis"], results={"Pvt Ryan": "out-of-the-fight"},
                      winner="Allies", scenario="Patrol")
    shown = show_battle(engine, b.id)
    statuses = {r["name"]: r["status"] for r in shown["results"]}
    assert statuses == {"Sgt Rock": "carry-on", "Pvt Ryan": "out-of-the-fight", "Hans": "carry-on"}
    assert {r["name"]: r["result"] for r in shown["rosters"]} == {"Allies": "win", "Axis": "loss"}

    before = snap(engine)
    dry = after_battle(engine, b.id, dice="3,5", dry_run=True)
    assert not dry.applied and snap(engine) == before
    assert dry.steps[0]["roll"]["faces"] == [3, 5] and dry.steps[0]["roll"]["result"] == "wounded"

    rep = after_battle(engine, b.id, dice="3,5")
    assert rep.applied
    roster = {f["name"]: f for f in show_roster(engine, "Allies")["fighters"]}
    assert roster["Pvt Ryan"]["status"] == "in-recovery" and "Replacement" in roster
    log = roll_log(engine, "Kursk", battle=b.id)
    assert len(log) == 1 and log[0]["subject"] == "Pvt Ryan" and log[0]["rule"] == "OOF recovery"
    assert list_battles(engine, "Kursk")[0]["after_battle_done"]

    with pytest.raises(InputError, match="already run"):
        after_battle(engine, b.id, dice="3,5")

    undo(engine, "Kursk")
    roster = {f["name"]: f for f in show_roster(engine, "Allies")["fighters"]}
    assert roster["Pvt Ryan"]["status"] == "active" and "Replacement" not in roster
    assert roll_log(engine, "Kursk", battle=b.id)[0]["undone"]
    assert not list_battles(engine, "Kursk")[0]["after_battle_done"]


@pytest.mark.parametrize(
    "kwargs,err",
    [
        ({"rosters": ["Allies", "Strangers"]}, "no roster 'Strangers'"),
        ({"rosters": ["Allies"], "results": {"Hans": "carry-on"}}, "not in the rosters of this battle"),
        ({"rosters": ["Allies"], "results": {"Sgt Rock": "dancing"}}, "result 'dancing'"),
        ({"rosters": ["Allies"], "results": {"Sgt Rock": "carry-on", "1": "down"}},
         "the result of Sgt Rock is given twice"),
        ({"rosters": ["Allies", "Axis"], "by": {"Sgt Rock": "Pvt Ryan"}},
         "Sgt Rock and Pvt Ryan are in the same roster"),
        ({"rosters": ["Allies"], "winner": "Axis"}, "not one of the battle's rosters"),
        ({"rosters": []}, "at least one roster"),
        ({"rosters": ["Allies"], "played_on": "yesterday"}, "YYYY-MM-DD"),
        ({"rosters": ["Allies", "Allies"]}, "named twice"),
    ],
)
def test_bad_battle_input_writes_nothing(battle_setup, snap, kwargs, err):
    engine = battle_setup
    before = snap(engine)
    with pytest.raises(InputError, match=err):
        kw = dict(kwargs)
        record_battle(engine, "Kursk", kw.pop("rosters"), **kw)
    assert snap(engine) == before


def test_unavailable_fighters_cannot_take_part(battle_setup, snap):
    engine = battle_setup
    edit_fighter(engine, "Pvt Ryan", status="dead")
    before = snap(engine)
    with pytest.raises(InputError, match="Pvt Ryan is dead and cannot take part"):
        record_battle(engine, "Kursk", ["Allies"], results={"Pvt Ryan": "carry-on"})
    assert snap(engine) == before
    b = record_battle(engine, "Kursk", ["Allies"])
    assert [r["name"] for r in show_battle(engine, b.id)["results"]] == ["Sgt Rock"]


def test_after_battle_of_unknown_battle_and_bad_dice_write_nothing(battle_setup, snap):
    engine = battle_setup
    b = record_battle(engine, "Kursk", ["Allies"], results={"Pvt Ryan": "out-of-the-fight"})
    before = snap(engine)
    with pytest.raises(InputError, match="no battle 999"):
        after_battle(engine, 999, dice="1,1")
    with pytest.raises(DiceError, match="is 7"):
        after_battle(engine, b.id, dice="3,7")
    with pytest.raises(DiceError, match="not enough dice"):
        after_battle(engine, b.id, dice="3")
    with pytest.raises(DiceError, match="too many dice"):
        after_battle(engine, b.id, dice="3,3,3")
    assert snap(engine) == before


def test_a_new_fighters_roll_is_linked_to_it(battle_setup):
    engine = battle_setup
    b = record_battle(engine, "Kursk", ["Allies"])
    after_battle(engine, b.id, dice="4", options={"replacement_roll": True})
    new = next(f for f in show_roster(engine, "Allies")["fighters"] if f["name"] == "Replacement")
    log = roll_log(engine, "Kursk", battle=b.id)
    assert log[0]["fighter_id"] == new["id"] and log[0]["subject"] == "Replacement"


def test_after_battle_refuses_a_battle_of_another_campaign(battle_setup, snap):
    engine = battle_setup
    b = record_battle(engine, "Kursk", ["Allies"])
    before = snap(engine)
    with pytest.raises(InputError, match="belongs to another campaign"):
        after_battle(engine, b.id, dice="1", campaign="Elsewhere")
    assert snap(engine) == before


def test_results_name_what_they_changed(battle_setup):
    """record_battle's result names the battle and every figure given a result; After
    the Battle's names the fighters it changed, the new fighter's roster (the tree's
    shape changes) and the rolls; a dry run changes nothing."""
    from campaign_app.changes import Changes
    from campaign_app.usecases.common import get_fighter
    from db.uow import read_session

    engine = battle_setup
    with read_session(engine) as s:
        ids = {n: get_fighter(s, n).id for n in ("Sgt Rock", "Pvt Ryan", "Hans")}
    b = record_battle(engine, "Kursk", ["Allies", "Axis"], results={"Pvt Ryan": "out-of-the-fight"})
    assert (b.number, b.scenario, b.after_battle_done) == (1, "", False)
    assert b.changes.battles == {b.id}
    assert b.changes.fighters >= set(ids.values()) and b.changes.history

    dry = after_battle(engine, b.id, dice="3,5", dry_run=True)
    assert dry.changes == Changes() and not dry.changes

    rep = after_battle(engine, b.id, dice="3,5")
    assert ids["Pvt Ryan"] in rep.changes.fighters and ids["Hans"] not in rep.changes.fighters
    assert rep.changes.rolls and rep.changes.structure and rep.changes.battles == {b.id}
    assert rep.lines and any("Pvt Ryan" in line for line in rep.lines)


def test_record_json_and_after_battle_json_keep_their_keys(battle_setup, capsys):
    """The CLI prints the typed results as the dicts it printed before."""
    import json

    from campaign_app.cli import main

    engine = battle_setup
    url = engine.url.render_as_string(hide_password=False)
    assert main(["--db", url, "--json", "battle", "record", "Kursk", "--roster", "Allies",
                 "--result", "Pvt Ryan=out-of-the-fight"]) == 0
    rec = json.loads(capsys.readouterr().out)
    assert list(rec) == ["id", "campaign_id", "number", "played_on", "scenario", "outcome",
                         "winner_roster_id", "cycle", "notes", "after_battle_done"]
    assert main(["--db", url, "--json", "after-battle", str(rec["id"]), "--dice", "3,5", "--dry-run"]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert list(rep) == ["battle_id", "battle", "campaign", "dry_run", "steps", "changes", "applied"]
    assert rep["dry_run"] and not rep["applied"] and rep["changes"]
    assert main(["--db", url, "battle", "record", "Kursk", "--roster", "Allies", "--result", "Sgt Rock"]) == 2
    assert "--result 'Sgt Rock': write FIGURE=STATUS (NAME=VALUE)" in capsys.readouterr().err


def test_fighters_options_are_resolved_from_the_systems_own_options(engine):
    """The core names no game's After the Battle option: an option of kind "fighters"
    (Necromunda's treat) is turned from names into ids because the system declares it,
    and a name that is not one of the battle's fighters is refused in the system's words."""
    from pathlib import Path

    from campaign_app.usecases.battles import start_after_battle

    src = (Path(__file__).resolve().parents[2] / "campaign_app" / "usecases" / "battles.py").read_text("utf-8")
    assert '"treat"' not in src
    c = create_campaign(engine, "Hive", "necromunda", "n23")
    r = create_roster(engine, c.id, "Rats")
    krug = add_fighter(engine, r.id, "Krug")
    b = record_battle(engine, c.id, [r.id], results={"Krug": "out-of-action"})
    plan = start_after_battle(engine, b.id, {"treat": ["Krug"]})
    assert plan.options["treat"] == {krug.id}
    with pytest.raises(InputError, match="fighter to treat 'Nobody' is not \\(exactly one\\) fighter of this battle"):
        start_after_battle(engine, b.id, {"treat": ["Nobody"]})
