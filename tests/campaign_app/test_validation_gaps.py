"""Validation gaps of issue #14 item 10: rules tables whose bands run outside the die,
"roll again" naming a table nobody has, forged roll sources, crew cycles, a fighter
crewing itself, a figure's battle result given twice, and typed dice with an empty
entry. Each is refused with one line naming it, and nothing is written."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from campaign_app.dice import parse_typed
from campaign_app.errors import DiceError, InputError, RulesDataError
from campaign_app.rules.loader import RuleBook, parse_rule_file, parse_table
from campaign_app.usecases import create_campaign, roll_table, set_house_rule
from campaign_app.usecases.datafiles import ImportRefused, export_json, import_json
from tests.campaign_app.data_builders import build_nuts


def _table(*rows: tuple[str, str], dice: str = "d6", effects: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    out = [{"roll": roll, "result": result} for roll, result in rows]
    if effects:
        out[-1]["effects"] = effects
    return {"title": "House rule", "dice": dice, "rows": out}


# --------------------------------------------------------------------------- bands of a table
@pytest.mark.parametrize(("rows", "dice", "message"), [
    ((("1-3", "low"), ("4-7", "high")), "d6", "row 2: roll 4-7 runs outside 1-6 (d6)"),
    ((("0-3", "low"), ("4-6", "high")), "d6", "row 1: roll 0-3 cannot come up on d6"),
    ((("1-3", "low"), ("4", "high")), "d6", "no row covers a roll of 5"),
    ((("1-4", "low"), ("4-6", "high")), "d6", "rows 1 and 2 both cover a roll of 4"),
    ((("2-6", "low"), ("7-12", "mid"), ("13", "high")), "2d6", "row 3: roll 13 cannot come up"),
    ((("2-6", "low"), ("7-13", "high")), "2d6", "row 2: roll 7-13 runs outside 2-12 (2d6)"),
])  # fmt: skip
def test_a_band_outside_the_die_or_overlapping_or_leaving_a_gap_is_refused(rows, dice, message):
    with pytest.raises(RulesDataError, match="house rule: table t") as err:
        parse_table("t", _table(*rows, dice=dice), "house rule")
    assert message in str(err.value)


def test_an_open_band_still_reads_to_the_top():
    t = parse_table("t", _table(("1-3", "low"), ("4+", "high")), "house rule")
    assert t.lookup(6).result == "high"


def test_a_d6_band_1_7_is_refused_as_a_house_rule_and_nothing_is_saved(engine, snap):
    create_campaign(engine, "Kursk", "nuts")
    before = snap(engine)
    with pytest.raises(InputError, match="roll 4-7 runs outside 1-6"):
        set_house_rule(engine, "Kursk", "nuts-grunt-rep", _table(("1-3", "a"), ("4-7", "b")))
    assert snap(engine) == before


# --------------------------------------------------------------------------- roll again
def test_roll_again_on_an_unknown_table_is_refused_as_a_house_rule(engine, snap):
    create_campaign(engine, "Kursk", "nuts")
    before = snap(engine)
    with pytest.raises(InputError, match=r"house rule: table nuts-grunt-rep row 2 effect 1: effect 'roll-again': "
                                         r"no table 'no-such-table' to roll on"):
        set_house_rule(engine, "Kursk", "nuts-grunt-rep", _table(
            ("1-5", "a"), ("6", "b"), effects=[{"op": "roll-again", "table": "no-such-table"}]))
    assert snap(engine) == before
    # a table the campaign has is fine
    set_house_rule(engine, "Kursk", "nuts-grunt-rep", _table(
        ("1-5", "a"), ("6", "b"), effects=[{"op": "roll-again", "table": "nuts-grunt-rep"}]))


def test_roll_again_on_an_unknown_table_is_refused_on_import(engine, snap):
    cid = build_nuts(engine)
    doc = export_json(engine, cid)
    doc["campaign"]["house_rules"] = {"nuts-grunt-rep": _table(
        ("1-5", "a"), ("6", "b"), effects=[{"op": "roll-again", "table": "ghost"}])}
    before = snap(engine)
    with pytest.raises(ImportRefused, match="no table 'ghost' to roll on"):
        import_json(engine, doc, rename="Copy", backup=False)
    assert snap(engine) == before


def test_a_rules_file_rolling_again_on_an_unknown_table_is_refused():
    text = """
[meta]
system = "x"
[tables.x-one]
title = "One"
dice = "d6"
rows = [{roll = "1-5", result = "a"},
        {roll = "6", result = "b", effects = [{op = "roll-again", table = "x-two"}]}]
"""
    with pytest.raises(RulesDataError, match="x.toml: table x-one row 2 effect 1: effect 'roll-again': no table 'x-two'"):
        RuleBook([parse_rule_file("x.toml", text)])


# --------------------------------------------------------------------------- the JSON import
def _nuts_doc(engine) -> dict[str, Any]:
    doc = export_json(engine, build_nuts(engine))
    doc["rosters"][0]["fighters"][0]["crew_of"] = None  # f1 crewed f3 (the walker)
    return doc


def _with_rolls(doc: dict[str, Any], source: str) -> dict[str, Any]:
    doc["rolls"] = [{"ref": "d1", "dice": "d6", "faces": "3", "source": "random", "value": 3},
                    {"ref": "d2", "dice": "d6", "faces": "6", "source": source, "value": 6}]
    return doc


def _with_results(doc: dict[str, Any], *figures: dict[str, Any]) -> dict[str, Any]:
    doc["battles"] = [{"ref": "b1", "number": 1, "rosters": [{"roster": "r1"}],
                       "results": [{"status": "active", **f} for f in figures]}]
    return doc


@pytest.mark.parametrize(("mutate", "expected"), [
    (lambda d: _with_rolls(d, "forged"), "rolls[1].source: 'forged' is not one of random, seeded, typed"),
    (lambda d: _with_rolls(d, ""), "rolls[1].source: '' is not one of random, seeded, typed"),
    (lambda d: d["rosters"][0]["fighters"][0].update(crew_of="f1"), "rosters[0].fighters[0].crew_of: "
                                                                   "a fighter cannot crew itself"),
    (lambda d: (d["rosters"][0]["fighters"][0].update(crew_of="f3"), d["rosters"][0]["fighters"][2].update(
        crew_of="f1")), "rosters[0].fighters[0].crew_of: 'f3' is itself crew of 'f1' (crew serve a walker)"),
    (lambda d: _with_results(d, {"fighter": "f1"}, {"fighter": "f2"}, {"fighter": "f1"}),
     "battles[0].results[2].fighter: the result of fighter 'f1' is already given at battles[0].results[0]"),
])  # fmt: skip
def test_import_refuses_forged_logs_crew_cycles_and_double_results(engine, snap, mutate, expected):
    doc = _nuts_doc(engine)
    mutate(doc)
    before = snap(engine)
    with pytest.raises(ImportRefused) as err:
        import_json(engine, doc, rename="Copy", backup=False)
    assert expected in err.value.problems, err.value.problems
    assert snap(engine) == before


def test_import_takes_every_real_roll_source_crew_and_one_result_each(engine):
    doc = _nuts_doc(engine)
    doc["rosters"][0]["fighters"][0]["crew_of"] = "f3"
    _with_results(doc, {"fighter": "f1"}, {"fighter": "f2"})
    for source in ("random", "seeded", "typed"):
        d = _with_rolls(copy.deepcopy(doc), source)
        import_json(engine, d, rename=f"Copy {source}", backup=False)


# --------------------------------------------------------------------------- typed dice
@pytest.mark.parametrize("text", ["1,,2", "1,2,", ",1", "1, ,2", "3;;4"])
def test_typed_dice_with_an_empty_entry_are_refused(text):
    with pytest.raises(DiceError, match="an empty entry between commas"):
        parse_typed(text)


@pytest.mark.parametrize(("text", "faces"), [("1,2", [1, 2]), ("1, 2", [1, 2]), ("3 5  6", [3, 5, 6]),
                                             ("35", [3, 5]), (" 4 ; 5 ", [4, 5])])
def test_typed_dice_still_read(text, faces):
    assert parse_typed(text) == faces


def test_a_roll_typed_with_an_empty_entry_writes_nothing(engine, snap):
    create_campaign(engine, "Kursk", "nuts")
    before = snap(engine)
    with pytest.raises(DiceError):
        roll_table(engine, "nuts-grunt-rep", campaign="Kursk", dice="1,,2")
    assert snap(engine) == before
