"""Tests that kill mutants of campaign_app/systems/nuts/procedures.py that survived the
mutation run (tools/mutation, group `nuts`): golden After the Battle outcomes (every
line, roll, change and new fighter) of battles that walk each rule, and the creatures
generated for each kind (tests/campaign_app/mutants_nuts_golden.json)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from campaign_app.dice import Roller
from campaign_app.errors import DiceError, InputError
from campaign_app.procedure_driver import drive
from campaign_app.systems.nuts.procedures import (
    after_battle,
    bites,
    creature_kinds,
    creature_label,
    generate_creatures,
    leader_order,
)

from .golden import check, plain
from .test_nuts_procedures import data, fighter, squad, state, tables

GOLDEN = Path(__file__).with_name("mutants_nuts_golden.json")


def battle(st, dice, **opts: Any) -> Any:
    roller = Roller.from_options(dice if dice is not None else [])
    try:
        out = drive(after_battle(st, {"replacements": False, **opts}), roller)
    except (DiceError, InputError) as e:
        return {"error": f"{type(e).__name__}: {e}"}
    got = plain(out)
    try:
        roller.finish()
    except DiceError as e:  # faces left over: what the battle used is recorded all the same
        got["left over"] = str(e)
    return got


def scenarios() -> dict[str, Any]:
    s: dict[str, Any] = {}
    s["quiet"] = battle(state(fighter(1, "Able")), None)
    s["obviously dead"] = battle(state(fighter(1, "Able", result="obviously-dead")), None)
    for how in ("turned", "obviously-dead", "out-of-the-fight"):
        s[f"zombie victim {how}"] = battle(state(
            fighter(1, "Able", result=how, by=2), fighter(2, "Zombie 1", rep=2, kind="zombie", roster=2,
                                                        result=None),
            rosters={1: "Easy", 2: "Horde"}), None if how != "out-of-the-fight" else "1,1")
    for faces in ("1,2", "1,6", "6,6", "3,4"):
        s[f"oof {faces}"] = battle(state(fighter(1, "Able", rep=4, result="out-of-the-fight")), faces)
        s[f"oof with a hit {faces}"] = battle(state(fighter(1, "Able", rep=4, result="out-of-the-fight",
                                                            hit=True)), faces)
    for rep in (1, 3, 5, 6, None):
        for face in (1, 5, 6):
            s[f"rep up {rep} {face}"] = battle(state(fighter(1, "Able", rep=rep, hit=True)), [face])
            for result in ("hunker-down", "left-battlefield"):
                s[f"rep down {result} {rep} {face}"] = battle(state(fighter(1, "Able", rep=rep, result=result)),
                                                              [face])
    for result in ("carry-on", "duck-back", "left-battlefield", "bitten"):
        s[f"who rolls {result}"] = battle(state(fighter(1, "Able", rep=4, result=result, hit=True)), "6,6,6")
    s["hunkered with a hit"] = battle(state(fighter(1, "Able", rep=4, result="hunker-down", hit=True)), "1")
    s["zombie keeps rep"] = battle(state(fighter(1, "Zed", rep=2, kind="zombie", hit=True),
                                         fighter(2, "Walker", rep=None, kind="walker", hit=True)), None)
    for face in (3, 4, 5, 6):
        s[f"bite {face}"] = battle(state(fighter(1, "Able", rep=4, result="bitten")), [face])
    s["star first bite"] = battle(state(fighter(1, "Sgt", rep=5, type_="star", result="bitten")), None)
    s["star bitten before"] = battle(state(fighter(1, "Sgt", rep=5, type_="star", result="bitten",
                                                   details={"bites": 1, "bitten_in": [2]})), None)
    s["star second bite"] = battle(state(fighter(1, "Sgt", rep=5, type_="star", result="bitten",
                                                 details={"bites": 1, "bitten_in": [7]})), "2")
    s["bitten twice"] = battle(state(fighter(1, "Able", rep=4, result="bitten", details={"bites": 2})), "1")
    s["bite without the expansion"] = battle(state(fighter(1, "Able", rep=4, result="bitten"), weird=False), "1")
    s["back from recovery"] = battle(state(fighter(1, "Able", status="in-recovery", result=None)), None)
    s["missed, active"] = battle(state(fighter(1, "Able", result=None)), None)
    s["wounded this battle"] = battle(state(fighter(1, "Able", status="in-recovery", result="out-of-the-fight")),
                                      "1,6")
    for faces in ("1,2,1,6", "3,6,4", "6,6", "1,6,1", "1,6,2", "1,6,3", "1,6,5", "1,6,6"):
        s[f"replacements {faces}"] = battle(state(*squad()), faces, replacements=True)
    s["replacement numbers"] = battle(state(*squad(fighter(4, "Replacement 2", rep=3, status="dead",
                                                           result=None))), "1,6,1", replacements=True)
    for i, (fate, dice) in enumerate([({"result": "obviously-dead"}, "1,6,2"), ({"result": "turned"}, "1,6,2"),
                                      ({"result": "out-of-the-fight"}, "6,6,1,6,2"),
                                      ({"result": "out-of-the-fight"}, "1,6,1,6,2"),
                                      ({"status": "in-recovery", "result": None}, "1,6,3")]):
        lt = fighter(1, "Lt Dan", rep=5, role="leader", **{"type_": "grunt", **fate})
        s[f"leader lost {i}"] = battle(state(lt, fighter(2, "Sgt Rock", rep=4, type_="star"),
                                             fighter(3, "Pvt Ryan", rep=6)), dice, replacements=True)
    s["nobody left"] = battle(state(fighter(1, "Lt Dan", rep=5, role="leader", result="obviously-dead"),
                                    fighter(2, "Able", rep=4, result="obviously-dead")), None, replacements=True)
    easy = [fighter(1, "Lt Dan", rep=5, role="leader"), fighter(2, "Able", rep=4)]
    kraut = [fighter(5, "Hans", rep=4, roster=2)]
    horde = [fighter(8, "Zombie 1", rep=2, kind="zombie", roster=3),
             fighter(9, "Vampire 1", rep=5, kind="vampire", roster=3)]
    s["each roster"] = battle(state(*easy, *kraut, *horde, rosters={1: "Easy", 2: "Germans", 3: "Horde"}),
                              "6,6,1,6,2", replacements=True)
    s["walker crew"] = battle(state(fighter(1, "Walker", rep=None, kind="walker"), fighter(2, "Cmdr", rep=6, crew_of=1),
                                    fighter(3, "Able", rep=3)), "6,6", replacements=True)
    fs = [fighter(1, "Lt Dan", rep=5, role="leader", type_="star", hit=True),
          fighter(2, "Able", rep=4, result="obviously-dead"),
          fighter(3, "Baker", rep=4, result="out-of-the-fight"),
          fighter(4, "Charlie", rep=3, result="bitten"),
          fighter(5, "Dog", rep=3, result="hunker-down"),
          fighter(6, "Easy", rep=4, result="turned")]
    s["whole battle"] = battle(state(*fs), "4  2,3  6  1  1,2  5,6", replacements=True)
    s["too few dice"] = battle(state(*fs), "4 2", replacements=True)
    s["unknown result"] = battle(state(fighter(1, "Able", result="wat")), None)
    house = {"nuts-recovery": {"title": "Recovery (harsh)", "dice": "pass:2d6", "rows": [
        {"roll": "2", "result": "wounded", "effects": [{"op": "status", "value": "in-recovery"}]},
        {"roll": "0-1", "result": "lost", "effects": [{"op": "status", "value": "lost"}]}]}}
    s["house recovery"] = battle(state(fighter(1, "Able", rep=4, result="out-of-the-fight"), house_rules=house),
                                 "1,1")
    # creatures
    for kind in creature_kinds(data()):
        for super_ in (False, True):
            roller = Roller.from_options([1, 4, 6, 2, 3, 5])
            try:
                made = drive(generate_creatures(kind, 3 if not super_ else 1, super_, tables(), data(), 4), roller)
                s[f"creatures {kind} {super_}"] = {
                    "label": creature_label(kind, data()),
                    "made": [getattr(c, "__dict__", c) for c in made],
                    "rolls": [r.to_dict() for r in roller.rolls]}
            except (DiceError, InputError) as e:
                s[f"creatures {kind} {super_}"] = {"error": f"{type(e).__name__}: {e}"}
    a, b, c = fighter(5, "A", rep=4), fighter(3, "B", rep=5), fighter(4, "C", rep=5)
    s["leader order"] = [f.name for f in leader_order([a, b, c], {5: 4, 3: 5, 4: 5})]
    s["bites"] = [bites(fighter(1, "X", details=d)) for d in ({}, {"bites": 2}, {"bites": "x"}, {"bites": None})]
    s.update(more_scenarios())
    return s


def _house(table_id: str, title: str, dice: str, rows: list[tuple[str, str, list[dict]]], text: str = "") -> dict:
    return {table_id: {"title": title, "dice": dice, "rows": [
        {"roll": roll, "result": result, "label": result.title(), "text": text, "effects": effects}
        for roll, result, effects in rows]}}


def more_scenarios() -> dict[str, Any]:
    """Paths the first record missed: house tables with their own titles and words (the
    rule that asked stays the procedure's), a figure without Rep, missing tables, bites
    counted at the table."""
    s: dict[str, Any] = {}
    quiet_bite = _house("ww2-bite", "Bite (house)", "pass:1d6", [
        ("1", "scratch", [{"op": "note", "value": "Lucky."}]),
        ("0", "gone", [{"op": "status", "value": "turned"}, {"op": "note", "value": "Groans."}])])
    for face in (3, 5):
        s[f"house bite {face}"] = battle(state(fighter(1, "Able", rep=4, result="bitten"), house_rules=quiet_bite),
                                         [face])
        s[f"house bite hurt {face}"] = battle(state(fighter(1, "Able", rep=4, result="bitten"), house_rules=_house(
            "ww2-bite", "Bite (house)", "pass:1d6", [("1", "scratch", [{"op": "status", "value": "in-recovery"}]),
                                                     ("0", "gone", [{"op": "status", "value": "dead"}])])), [face])
    s["house recovery notes"] = battle(state(fighter(1, "Able", rep=4, result="out-of-the-fight"), house_rules=_house(
        "nuts-recovery", "Recovery (house)", "pass:2d6", [
            ("2", "fine", [{"op": "note", "value": "Patched up."}]),
            ("1", "hurt", [{"op": "status", "value": "in-recovery"}]),
            ("0", "gone", [{"op": "status", "value": "lost"}, {"op": "note", "value": "Sent home."}])])), "1,6")
    s["house recovery lost"] = battle(state(fighter(1, "Able", rep=4, result="out-of-the-fight"), house_rules=_house(
        "nuts-recovery", "Recovery (house)", "pass:2d6", [
            ("2", "fine", []), ("1", "hurt", [{"op": "status", "value": "dead"}]),
            ("0", "gone", [{"op": "status", "value": "lost"}])])), "6,6")
    s["house recovery dead"] = battle(state(fighter(1, "Able", rep=4, result="out-of-the-fight"), house_rules=_house(
        "nuts-recovery", "Recovery (house)", "pass:2d6", [
            ("2", "fine", []), ("1", "hurt", [{"op": "status", "value": "dead"}]),
            ("0", "gone", [{"op": "status", "value": "lost"}])])), "1,6")
    s["house grunt rep"] = battle(st_with(squad(), _house("nuts-grunt-rep", "Grunts (house)", "d6", [
            ("1-3", "low", []), ("4-6", "high", [{"op": "set-rep", "value": 5}])])), "1,2,2,5", replacements=True)
    s["house replacements"] = battle(st_with(squad(), _house("nuts-replacements", "Reinforcements", "pass:2d6", [
        ("2", "two", [{"op": "new-figures", "count": 1}, {"op": "new-figures", "count": 1}]),
        ("1", "one", [{"op": "note", "value": "Maybe later."}]),
        ("0", "none", [])])), "1,2,3,4", replacements=True)
    s["no rep out of the fight"] = battle(state(fighter(1, "Walker", rep=None, result="out-of-the-fight"),
                                                fighter(2, "Able", rep=4, result="out-of-the-fight")), "1,6")
    s["no rep bitten"] = battle(state(fighter(1, "Able", rep=None, result="bitten")), "1")
    s["bitten twice at the table"] = battle(state(fighter(1, "Able", rep=4, result="bitten",
                                                          details={"marked": {"bitten": 2}})), "1,2")
    s["bitten once at the table"] = battle(state(fighter(1, "Able", rep=4, result="carry-on",
                                                         details={"marked": {"bitten": 1}})), "6")
    s["star bitten twice at the table"] = battle(state(fighter(1, "Sgt", rep=4, type_="star", result="bitten",
                                                               details={"marked": {"bitten": 2}})), "6")
    s["turned then bitten"] = battle(state(fighter(1, "Able", rep=4, result="turned",
                                               details={"marked": {"bitten": 1}})), None)
    s["zombie marked victim"] = battle(state(fighter(1, "Able", rep=4, result="out-of-the-fight",
                                                 details={"zombie": True}), fighter(2, "Baker", rep=4,
                                                                                    result="carry-on")), None)
    for missing in ("ww2-bite", "nuts-recovery", "nuts-rep-increase", "nuts-rep-decrease", "nuts-replacements",
                    "nuts-grunt-rep"):
        st = state(fighter(1, "Able", rep=4, result="bitten"), fighter(2, "Baker", rep=4, result="out-of-the-fight"),
                   fighter(3, "Charlie", rep=4, hit=True), fighter(4, "Dog", rep=4, result="hunker-down"),
                   fighter(5, "Easy", rep=4, role="leader"))
        del st.tables[missing]
        s[f"missing {missing}"] = battle(st, "6 6,6 6 6 1,2 1", replacements=True)
    return s


def st_with(figs: list, house: dict) -> Any:
    return state(*figs, house_rules=house)


def test_nuts_outcomes_match_the_golden_record():
    check(GOLDEN, scenarios())


def _row(result: str, *effects: tuple[str, dict], label: str = "L", text: str = ""):
    from campaign_app.rules.loader import Effect, Row

    return Row(roll="1", low=1, high=1, result=result, label=label, text=text,
               effects=tuple(Effect(op, args) for op, args in effects))


def test_rep_rows_and_their_words():
    from campaign_app.systems.nuts import procedures as p

    assert p._row_rep(_row("up", ("rep", {"delta": 1})), 4, 0) == (5, "")
    assert p._row_rep(_row("up", ("rep", {"delta": 3})), 5, 0) == (6, "")  # clamped
    assert p._row_rep(_row("down", ("rep", {"delta": -2})), 2, 0) == (1, "")
    assert p._row_rep(_row("none", ("rep", {})), 3, 0) == (3, "")
    assert p._row_rep(_row("set", ("set-rep", {"value": 5})), 3, 0) == (5, "")
    assert p._row_rep(_row("set", ("set-rep", {"value": 9})), 3, 0) == (6, "")
    assert p._row_rep(_row("compare-rep"), 4, 5) == (5, "score 5 beats Rep 4")
    assert p._row_rep(_row("compare-rep"), 4, 4) == (4, "score 4 does not beat Rep 4")
    assert p._row_rep(_row("compare-rep"), 6, 7) == (6, "score 7 beats Rep 6")
    assert p._row_rep(_row("compare-rep", ("rep", {"delta": -1})), 4, 6) == (3, "")
    assert p._row_rep(_row("compare-rep", ("set-rep", {"value": 2})), 4, 6) == (2, "")
    assert p._promises_change(_row("compare-rep"), 4) is True
    assert p._promises_change(_row("x", ("rep", {"delta": 1})), 4) is True
    assert p._promises_change(_row("x", ("rep", {"delta": 0})), 4) is False
    assert p._promises_change(_row("x", ("rep", {})), 4) is False
    assert p._promises_change(_row("x", ("set-rep", {"value": 4})), 4) is False
    assert p._promises_change(_row("x", ("set-rep", {"value": 5})), 4) is True
    assert p._promises_change(_row("x", ("note", {"value": "n"})), 4) is False
    assert p._notes(_row("x", ("note", {"value": "a"}), ("rep", {"delta": 1}), ("note", {"value": "b"}))) == "a b"
    assert p._notes(_row("x")) == ""
    assert p._row_status(_row("x", ("note", {"value": "a"}), ("status", {"value": "dead"}),
                              ("status", {"value": "lost"}))) == "dead"
    assert p._row_status(_row("x")) is None
    assert p._row_text(_row("x", label="Rep up")) == "Rep up."
    assert p._row_text(_row("x", label="L", text=" Back! ")) == "Back!"
    assert p._row_text(_row("x", label="Why?")) == "Why?"
    assert p._clamp_rep(0) == 1 and p._clamp_rep(7) == 6 and p._clamp_rep(3) == 3


def test_small_helpers_and_their_refusals():
    from campaign_app.systems.nuts import procedures as p

    r = Roller.from_options([3, 4])
    assert p._faces(r.roll("pass:1d6", "x", target=4)) == "pass:1d6 vs 4 [3]"
    assert p._faces(r.roll("d6", "y")) == "d6 [4]"
    t = tables()
    assert p._table(t, "nuts-recovery", "why") is t["nuts-recovery"]
    for tid, hint in (("nuts-none", ""), ("ww2-none", " (enable the weird-ww2 expansion)")):
        try:
            p._table({}, tid, "Able's test")
        except InputError as e:
            assert str(e) == f"Able's test needs the table {tid!r}, which this campaign does not have{hint}"
        else:
            raise AssertionError("no refusal")
    assert bites(fighter(1, "X", details={"marked": {}})) == 0
    assert bites(fighter(1, "X", details={"marked": {"bitten": 2}})) == 2
    assert bites(fighter(1, "X", result="bitten", details={"marked": {}})) == 1
    assert bites(fighter(1, "X", result="bitten", details={"marked": {"bitten": 3}})) == 3
    assert bites(fighter(1, "X", details={"marked": "bitten"})) == 0
    assert creature_kinds({}) == [] and creature_kinds({"creatures": ["zombie"]}) == []
    assert creature_kinds({"creatures": {"ghoul": {}, "zombie": {}}}) == ["ghoul", "zombie"]
    assert creature_label("flying-monkey", {}) == "Flying Monkey"
    assert creature_label("mud-man", {"creatures": {}}) == "Mud Man"
    assert creature_label("x-y", {"creatures": {"x-y": {"label": "Lbl"}}}) == "Lbl"
    a, b, c = fighter(1, "A", rep=None), fighter(2, "B", rep=1), fighter(3, "C", rep=4)
    assert [f.name for f in leader_order([a, b, c], {1: None, 2: 1, 3: 4})] == ["C", "B", "A"]
    assert [f.name for f in leader_order([a, b], {1: None, 2: 1})] == ["B", "A"]
    assert [f.name for f in leader_order([b, a], {})] == ["A", "B"]


def test_creature_generation_edges():
    d = data()
    kind = next(k for k in creature_kinds(d) if k != "zombie")
    label = creature_label(kind, d)
    made = drive(generate_creatures(kind, 100, True, tables(), d), Roller.from_options([]))
    assert len(made) == 100 and made[0]["name"] == f"{label} 1" and made[-1]["name"] == f"{label} 100"
    zs = drive(generate_creatures("zombie", 1, False, tables(), d), Roller.from_options([]))
    assert zs[0]["name"] == f"{creature_label('zombie', d)} 1" and zs[0]["abilities"] == [
        str(a) for a in d["creatures"]["zombie"].get("abilities", [])]
    for bad in (0, 101, True, "3"):
        try:
            drive(generate_creatures(kind, bad, False, tables(), d), Roller.from_options([]))  # type: ignore[arg-type]
        except InputError:
            pass
        else:
            raise AssertionError(f"count {bad!r} taken")
    try:
        drive(generate_creatures("wendigo", 1, False, tables(), d), Roller.from_options([]))
    except InputError as e:
        assert str(e) == f"unknown creature kind 'wendigo' (known: {', '.join(creature_kinds(d))})"
    try:
        drive(generate_creatures("wendigo", 1, False, tables(), {}), Roller.from_options([]))
    except InputError as e:
        assert str(e) == "unknown creature kind 'wendigo' (known: none: enable weird-ww2)"
    own = {"creatures": {"blob": {"label": "Blob", "super_rep": 6}, "imp": {"gen_table": "imp-gen"},
                         "ooze": {"gen_table": "ooze-gen"}}}
    blob = drive(generate_creatures("blob", 1, True, tables(), own), Roller.from_options([]))
    assert blob[0]["rep"] == 6 and blob[0]["abilities"] == [] and blob[0]["name"] == "Blob 1"
    try:
        drive(generate_creatures("blob", 1, False, tables(), own), Roller.from_options([]))
    except InputError as e:
        assert str(e) == "Blob has no generation table in the rules data"
    try:
        drive(generate_creatures("imp", 1, False, tables(), own), Roller.from_options([]))
    except InputError as e:
        assert str(e) == "Imp generation needs the table 'imp-gen', which this campaign does not have"
    house = tables({"ooze-gen": {"title": "Ooze", "dice": "d6", "rows": [
        {"roll": "1-3", "result": "low", "label": "Low", "effects": []},
        {"roll": "4-6", "result": "high", "label": "High", "effects": [{"op": "set-rep", "value": 5}]}]}})
    oozes = drive(generate_creatures("ooze", 2, False, house, own, start_number=4), Roller.from_options([2, 6]))
    assert [(o["name"], o["rep"]) for o in oozes] == [("Ooze 4", 2), ("Ooze 5", 5)]
