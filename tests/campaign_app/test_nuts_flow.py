"""The whole NUTS! / Weird WWII flow on SQLite and PostgreSQL: a squad, generated
creatures, a recorded battle, After the Battle with typed dice (dry run first), the
roster checked, undo, checked again. Bad input changes nothing."""

from __future__ import annotations

import json

import pytest

from campaign_app.cli import main
from campaign_app.errors import DiceError, InputError
from campaign_app.systems.nuts.creatures import add_walker, generate_creatures
from campaign_app.usecases import (
    add_fighter,
    create_campaign,
    create_roster,
    edit_fighter,
    redo,
    roll_log,
    show_roster,
    undo,
)
from campaign_app.usecases.battles import after_battle, record_battle, show_battle

# bite (Charlie, Rep 3): 2 passes; recovery (Baker, Rep 4): 2,5 = pass 1; Rep up (Lt Dan,
# Rep 5): 6; Rep down (Dog, Rep 3): 1; replacements (Lt Dan, now Rep 6): 1,3 = pass 2;
# two grunt Reps: 1 -> Rep 3, 6 -> Rep 5
DICE = "2  2,5  6  1  1,3  1  6"


@pytest.fixture
def world(engine):
    c = create_campaign(engine, "Weird War", "nuts", expansions=["weird-ww2"])
    create_roster(engine, c.id, "Easy")
    create_roster(engine, c.id, "Horde")
    add_fighter(engine, "Easy", "Lt Dan", fighter_type="star", rep=5, role="leader")
    for name, rep in (("Able", 4), ("Baker", 4), ("Charlie", 3), ("Dog", 3), ("Eddie", 4), ("Fox", 4)):
        add_fighter(engine, "Easy", name, fighter_type="grunt", rep=rep)
    edit_fighter(engine, "Fox", status="in-recovery")  # wounded in an earlier battle
    generate_creatures(engine, "Horde", "zombie", 3)
    generate_creatures(engine, "Horde", "vampire", 1, dice="4")
    return c


def record(engine, c):
    return record_battle(
        engine, c.id, ["Easy", "Horde"],
        results={"Able": "obviously-dead", "Baker": "out-of-the-fight", "Charlie": "bitten", "Dog": "hunker-down", "Eddie": "out-of-the-fight", "Zombie 1": "obviously-dead"},
        hits=["Lt Dan"], by={"Eddie": "Zombie 2", "Baker": "Vampire 1"}, winner="Easy", scenario="Night at the mill",
    )


def by_name(engine, roster="Easy"):
    return {f["name"]: f for f in show_roster(engine, roster)["fighters"]}


def test_whole_flow(engine, world, snap):
    c = world
    horde = by_name(engine, "Horde")
    assert [horde[f"Zombie {i}"]["rep"] for i in (1, 2, 3)] == [2, 2, 2]
    assert horde["Vampire 1"]["rep"] == 5
    b = record(engine, c)
    assert show_battle(engine, b.id)["after_battle_done"] is False
    easy_before, horde_before = show_roster(engine, "Easy"), show_roster(engine, "Horde")

    # dry run: every roll and consequence shown, nothing written
    before = snap(engine)
    dry = after_battle(engine, b.id, dice=DICE, dry_run=True)
    assert snap(engine) == before
    assert dry.applied is False
    assert [s["rule"] for s in dry.steps if s["roll"]] == [
        "They Can Sure Bite", "OOF recovery", "Rep increase", "Rep decrease", "Replacements",
        "Grunt Rep", "Grunt Rep"]
    assert any("Eddie" in line and "turned" in line for line in dry.lines)

    # the real run
    rep = after_battle(engine, b.id, dice=DICE)
    assert rep.applied is True
    assert [s["text"] for s in rep.steps] == [s["text"] for s in dry.steps]
    easy = by_name(engine)
    assert easy["Able"]["status"] == "dead"
    assert easy["Eddie"]["status"] == "turned"            # OOF from zombie melee: gone
    assert easy["Baker"]["status"] == "in-recovery"       # pass 1
    assert easy["Charlie"]["status"] == "active" and easy["Charlie"]["conditions"] == []
    assert easy["Dog"]["rep"] == 2
    assert easy["Lt Dan"]["rep"] == 6
    assert easy["Fox"]["status"] == "active"              # missed this battle: back
    assert (easy["Replacement 1"]["rep"], easy["Replacement 2"]["rep"]) == (3, 5)
    assert easy["Replacement 1"]["type"] == "grunt" and easy["Replacement 1"]["status"] == "active"
    assert by_name(engine, "Horde")["Zombie 1"]["status"] == "dead"
    assert show_battle(engine, b.id)["after_battle_done"] is True

    log = roll_log(engine, c.id, battle=b.id)
    assert [(r["rule"], r["subject"], r["faces"]) for r in log] == [
        ("They Can Sure Bite", "Charlie", [2]),
        ("OOF recovery", "Baker", [2, 5]),
        ("Rep increase", "Lt Dan", [6]),
        ("Rep decrease", "Dog", [1]),
        ("Replacements", "Lt Dan", [1, 3]),
        ("Grunt Rep", "Replacement 1", [1]),
        ("Grunt Rep", "Replacement 2", [6]),
    ]
    assert all(r["source"] == "typed" for r in log)
    assert log[1]["fighter_id"] == easy["Baker"]["id"] and log[1]["table"] == "nuts-recovery"

    # running it twice is refused, and writes nothing
    before = snap(engine)
    with pytest.raises(InputError, match="already"):
        after_battle(engine, b.id, dice=DICE)
    assert snap(engine) == before

    # undo: the whole After the Battle at once
    assert undo(engine, c.id).action == "after-battle"
    # the data is back as it was, under new versions (versions never go back)
    for name, was in (("Easy", easy_before), ("Horde", horde_before)):
        now = show_roster(engine, name)
        assert _unversioned(now) == _unversioned(was)
        assert now["version"] >= was["version"]
        old_v = {f["id"]: f["version"] for f in was["fighters"]}
        assert all(f["version"] >= old_v[f["id"]] for f in now["fighters"])
    assert show_battle(engine, b.id)["after_battle_done"] is False
    assert all(r["undone"] for r in roll_log(engine, c.id, battle=b.id))

    # and redo brings it back
    redo(engine, c.id)
    assert by_name(engine)["Lt Dan"]["rep"] == 6 and "Replacement 2" in by_name(engine)


def _unversioned(value: object) -> object:
    """``value`` without its ``version`` keys (undo gives rows new versions)."""
    if isinstance(value, dict):
        return {k: _unversioned(v) for k, v in value.items() if k != "version"}
    if isinstance(value, list):
        return [_unversioned(v) for v in value]
    return value


def test_seeded_after_battle_runs_and_the_new_squad_fights_again(engine, world):
    b = record(engine, world)
    after_battle(engine, b.id, seed=42)
    easy = by_name(engine)
    # dead, turned (and anyone lost or in recovery) cannot take part in the next battle
    b2 = record_battle(engine, world.id, ["Easy", "Horde"], results={"Dog": "left-battlefield"})
    names = {r["name"] for r in show_battle(engine, b2.id)["results"]}
    assert "Able" not in names and "Eddie" not in names
    gone = {n for n, f in easy.items() if f["status"] in ("dead", "turned", "lost", "in-recovery")}
    assert not gone & names


def test_walker_crews_fight_and_can_be_hurt(engine, world):
    add_walker(engine, "Easy", "Red Bear", "soviet-medium", {"commander": 4, "driver": 3, "gunner": 5})
    b = record_battle(engine, world.id, ["Easy", "Horde"], results={"Red Bear Driver": "out-of-the-fight"},
                      hits=["Red Bear Gunner"])
    # recovery 1,1 (pass 2); gunner Rep up 6 (5 -> 6); replacements 6,6 (pass 0); Fox back
    rep = after_battle(engine, b.id, dice="1,1 6 6,6")
    easy = by_name(engine)
    assert easy["Red Bear Driver"]["status"] == "active"
    assert easy["Red Bear Gunner"]["rep"] == 6
    assert easy["Red Bear"]["kind"] == "walker" and easy["Red Bear"]["rep"] is None
    assert rep.applied


# --------------------------------------------------------------------------- bad input
def test_battle_of_another_campaign_changes_nothing(engine, world, snap):
    other = create_campaign(engine, "Other War", "nuts")
    create_roster(engine, other.id, "Baker Company")
    add_fighter(engine, "Baker Company", "Pvt Ryan", rep=4)
    ob = record_battle(engine, other.id, ["Baker Company"], results={"Pvt Ryan": "out-of-the-fight"})
    roster_id = show_roster(engine, "Baker Company")["id"]
    before = snap(engine)
    with pytest.raises(InputError, match="another campaign"):
        record_battle(engine, world.id, ["Easy", str(roster_id)])
    with pytest.raises(InputError, match="no roster 'Baker Company'"):
        record_battle(engine, world.id, ["Easy", "Baker Company"])
    with pytest.raises(InputError, match="not in the rosters of this battle"):
        record_battle(engine, world.id, ["Easy"], results={"Pvt Ryan": "obviously-dead"})
    assert snap(engine) == before
    # the other campaign's battle runs with its own tables and leaves this one alone
    easy = show_roster(engine, "Easy")
    after_battle(engine, ob.id, dice="1,1 6,6")
    assert show_roster(engine, "Easy") == easy


@pytest.mark.parametrize("dice,error,match", [
    ("2 2,5 6 1 1,3 1 7", DiceError, "1 to 6"),
    ("2 2,5 6 1 1,3 1", DiceError, "not enough dice.*Replacement 2"),
    ("2 2,5 6 1 1,3 1 6 6", DiceError, "too many dice"),
    ("2 2,x", DiceError, "not a number"),
])
def test_bad_dice_change_nothing(engine, world, snap, dice, error, match):
    b = record(engine, world)
    before = snap(engine)
    with pytest.raises(error, match=match):
        after_battle(engine, b.id, dice=dice)
    assert snap(engine) == before


def test_bites_without_the_expansion_are_refused(engine, snap):
    c = create_campaign(engine, "Plain", "nuts")
    create_roster(engine, c.id, "Squad")
    add_fighter(engine, "Squad", "Able", rep=4)
    b = record_battle(engine, c.id, ["Squad"], results={"Able": "bitten"})
    before = snap(engine)
    with pytest.raises(InputError, match="weird-ww2"):
        after_battle(engine, b.id, dice="3")
    assert snap(engine) == before


# --------------------------------------------------------------------------- CLI
def test_cli_flow(engine, db_url, world, capsys, snap):
    def run(*argv):
        rc = main(["--db", db_url, *argv])
        cap = capsys.readouterr()
        return rc, cap.out, cap.err

    rc, out, _ = run("--json", "battle", "record", str(world.id), "--roster", "Easy", "--roster", "Horde",
                     "--result", "Able=obviously-dead", "--result", "Baker=out-of-the-fight",
                     "--result", "Charlie=bitten", "--result", "Dog=hunker-down",
                     "--result", "Eddie=out-of-the-fight", "--result", "Zombie 1=obviously-dead",
                     "--hit", "Lt Dan", "--by", "Eddie=Zombie 2", "--by", "Baker=Vampire 1", "--winner", "Easy")
    assert rc == 0
    bid = str(json.loads(out)["id"])
    before = snap(engine)
    rc, out, err = run("after-battle", bid, "--dice", "2 2,5 6 1 1,3 1 7")
    assert rc == 2 and err.startswith("error: ") and "1 to 6" in err and err.count("\n") == 1
    assert snap(engine) == before
    rc, out, _ = run("after-battle", bid, "--dice", DICE, "--dry-run")
    assert rc == 0 and "dry run" in out and "OOF recovery" in out and "[2,5]" in out
    assert snap(engine) == before
    rc, out, _ = run("after-battle", bid, "--dice", DICE)
    assert rc == 0 and "Replacement 2" in out
    rc, out, _ = run("--json", "roster", "show", "Easy")
    easy = {f["name"]: f for f in json.loads(out)["fighters"]}
    assert easy["Eddie"]["status"] == "turned" and easy["Lt Dan"]["rep"] == 6
    rc, out, err = run("after-battle", bid, "--dice", DICE)
    assert rc == 2 and "already" in err
    rc, out, _ = run("undo", str(world.id))
    assert rc == 0
    rc, out, _ = run("--json", "roster", "show", "Easy")
    easy = {f["name"]: f for f in json.loads(out)["fighters"]}
    assert easy["Eddie"]["status"] == "active" and easy["Lt Dan"]["rep"] == 5 and "Replacement 1" not in easy
