"""Tests that kill mutants of campaign_app/systems/squads.py (FUBAR's and Unit Morale's
procedures) that survived the mutation run (tools/mutation, group `squads`): golden
After the Battle outcomes, QRS cards and rules helpers of both games
(tests/campaign_app/mutants_squads_golden.json)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from campaign_app.dice import Roller
from campaign_app.errors import DiceError, InputError, RulesDataError
from campaign_app.procedure_driver import drive
from campaign_app.systems import campaign_tables, squads

from .golden import check, plain
from .test_squads import FUBAR, UM, state, unit

GOLDEN = Path(__file__).with_name("mutants_squads_golden.json")
DATA = {"fubar": FUBAR, "unit-morale": UM}


def battle(st, dice, options=None) -> Any:
    roller = Roller.from_options(dice)
    try:
        out = drive(squads.after_battle(st, options or {}), roller)
    except (DiceError, InputError, RulesDataError) as e:
        return {"error": f"{type(e).__name__}: {e}"}
    got = plain(out)
    try:
        roller.finish()
    except DiceError as e:
        got["left over"] = str(e)
    return got


def call(f, *a, **kw) -> Any:
    try:
        return f(*a, **kw)
    except (InputError, RulesDataError, KeyError, ValueError, TypeError) as e:
        return {"error": f"{type(e).__name__}: {e}"}


def scenarios() -> dict[str, Any]:
    s: dict[str, Any] = {}
    for system in ("fubar", "unit-morale"):
        disc = "confident" if system == "unit-morale" else ""
        for face in range(1, 7):
            s[f"{system} casualty {face}"] = battle(state(system, unit(casualties=1, discipline=disc)), [face])
    s["two units"] = battle(state("fubar", unit(casualties=3), unit(2, "Bravo", casualties=2)), [1, 3, 5, 2, 6])
    s["too few"] = battle(state("fubar", unit(casualties=3)), [1, 2])
    s["wounded back"] = battle(state("fubar", unit(figures=6, wounded=2),
                                     unit(2, "Away", figures=5, wounded=1, result=None)), [])
    s["wounded and new"] = battle(state("fubar", unit(figures=6, wounded=2, casualties=2)), [3, 1])
    s["wounded and new 2"] = battle(state("fubar", unit(figures=6, wounded=2, casualties=2)), [6, 1])
    s["capped"] = battle(state("fubar", unit(figures=2, casualties=5)), [5, 5])
    for before in ("green", "seasoned", "veteran", "elite"):
        for face in (1, 4, 5, 6):
            s[f"promotion {before} {face}"] = battle(state("fubar", unit(training=before, battles_fought=2)), [face])
    for n in range(0, 9):
        s[f"fought {n}"] = battle(state("fubar", unit(battles_fought=n)), [6])
    s["no promotion"] = battle(state("fubar", unit(battles_fought=2, result="prisoner"),
                                     unit(2, "B", battles_fought=2, result="destroyed"),
                                     unit(3, "C", battles_fought=2, result=None),
                                     unit(4, "D", battles_fought=2, result="not-present")), [])
    s["every 2"] = battle(state("fubar", unit(battles_fought=1)), [5], {"promotion_every": 2})
    s["every 0"] = battle(state("fubar", unit(battles_fought=2)), [], {"promotion_every": 0})
    for bad in ("x", -1, True, 1.5):
        s[f"every {bad!r}"] = battle(state("fubar", unit()), [], {"promotion_every": bad})
    s["destroyed"] = battle(state("unit-morale", unit(discipline="shaken", casualties=4, result="destroyed")), [])
    s["none left"] = battle(state("fubar", unit(figures=2, casualties=2, battles_fought=2)), [1, 2])
    s["none left 2"] = battle(state("fubar", unit(figures=2, casualties=2)), [1, 3])
    s["already destroyed"] = battle(state("fubar", unit(status="destroyed", wounded=1, result=None)), [])
    s["prisoner"] = battle(state("unit-morale", unit(discipline="demoralised", casualties=1, result="prisoner")),
                           [6])
    s["um reset"] = battle(state("unit-morale", unit(discipline="shaken", battles_fought=2),
                                 unit(2, "Away", discipline="suppressed", result=None),
                                 unit(3, "Calm", discipline="confident")), [5])
    s["fubar no reset"] = battle(state("fubar", unit()), [])
    harsh = {"title": "Harsh fate", "dice": "d6",
             "rows": [{"roll": "1-5", "result": "lost", "effects": [{"op": "figures", "value": "lost"}]},
                      {"roll": "6", "result": "wounded", "label": "Hurt",
                       "effects": [{"op": "figures", "value": "wounded"}, {"op": "note", "value": "medic!"}]}]}
    s["house rule"] = battle(state("fubar", unit(casualties=2), house_rules={"squad-casualty": harsh}), [5, 6])
    odd = {"title": "Odd fate", "dice": "d6",
           "rows": [{"roll": "1-6", "result": "odd", "effects": [{"op": "figures", "value": "eaten"}]}]}
    s["house rule unknown fate"] = battle(state("fubar", unit(casualties=1), house_rules={"squad-casualty": odd}),
                                          [1])
    # rules helpers
    for system, data in DATA.items():
        p = f"{system}: "
        s[p + "levels"] = [lv.to_dict() for lv in squads.training_levels(data)]
        s[p + "top"] = call(lambda: squads.top_level(data).to_dict())  # noqa: B023
        for raw in ("green", "Recluta", " elite ", "nope", "", None, 3):
            s[p + f"training {raw!r}"] = call(lambda: squads.resolve_training(data, raw, system).to_dict())  # noqa: B023
        for key in ("green", "seasoned", "veteran", "elite", "nope"):
            for d in (1, 2, 5, -1):
                s[p + f"promote {key} {d}"] = call(squads.promote, data, key, d)
        s[p + "weapons"] = {k: [squads.weapon_profile(k, v), squads.weapon_fp_text(v), squads.weapon_range_text(v),
                                squads.weapon_notes(v), [squads.weapon_fp(v, d) for d in (None, 0, 3, 6, 12, 24, 48)]]
                            for k, v in squads.weapons(data).items()}
        for raw in ("Assault Rifle", "assault-rifle", "nope", "", None):
            s[p + f"weapon {raw!r}"] = call(squads.resolve_weapon, data, raw, system)
            s[p + f"equipment {raw!r}"] = call(squads.equipment_fields, data, raw, system)
            s[p + f"mount {raw!r}"] = call(squads.mount_of, data, str(raw))
        for ut in ("infantry", "vehicle", "nope"):
            s[p + f"armour classes {ut}"] = call(squads.armour_classes, data, ut)
            for raw in ("light", "Heavy", "none", "", "nope", None):
                s[p + f"armour {ut} {raw!r}"] = call(squads.resolve_armour, data, raw, ut, system)
        s[p + "discipline"] = squads.discipline_states(data)
        s[p + "orders"] = {k: [v, squads.order_move_text(v)] for k, v in squads.orders(data).items()}
        s[p + "first discipline"] = call(squads.first_discipline, data)
        for raw in ("confident", "Shaken", "nope", "", None):
            s[p + f"resolve discipline {raw!r}"] = call(squads.resolve_discipline, data, raw, system)
        for raw in ("advance", "Fire", "nope", "", None):
            s[p + f"resolve order {raw!r}"] = call(squads.resolve_order, data, raw, system)
        for kw in ({}, {"training": "green", "armour": "light", "discipline": "shaken", "order": "advance"},
                   {"training": "elite", "unit_type": "vehicle", "armour": "heavy"}):
            s[p + f"profile {sorted(kw.items())}"] = call(squads.unit_profile, system, data, **kw)
        s[p + "after battle config"] = call(lambda: squads.after_battle_config(system, data).__dict__)  # noqa: B023
        s[p + "qrs"] = call(squads.qrs_cards, system, campaign_tables(system), data)
    for raw in ("infantry", "Vehicle", "tank", "", None):
        s[f"unit type {raw!r}"] = call(squads.check_unit_type, raw)
    for raw in ("active", "Destroyed", "nope", "", None):
        s[f"status {raw!r}"] = call(squads.check_status, raw)
    for args in ((8, 8, 0), (9, 8, 0), (0, 8, 0), (8, 8, 1), (4, 8, 4), (4, 8, 5), (-1, 8, 0), (1, 0, 0)):
        s[f"figures {args}"] = call(squads.check_figures, *args)
    s.update(more_scenarios())
    return s


def test_squad_outcomes_match_the_golden_record():
    check(GOLDEN, scenarios())


# Rules data as a file may write it: the data sections are free-form (rules/schema.py), so
# every key the code reads with a default may be missing. Weapons in an order that the
# cards' common-support-other sort changes; a training level, an armour class, a
# discipline state, an order, an action and a cover without their labels or texts.
SPARSE: dict[str, Any] = {
    "training": {"ace": {"label": "Ace", "aliases": ["Asso"], "order": 1, "activation": 2, "expertise": 3},
                 "raw": {"activation": 5, "expertise": 6}},
    "weapons": {
        "zap": {},
        "Big-Gun": {"name": "Cannon", "category": "support", "range": "template", "fp": 3,
                    "mounts": ["vehicle", "bunker"]},
        "pea": {"name": "Pea shooter", "category": "common", "range": 12, "fp": 1, "close_range": 3},
        "odd": {"name": "Odd", "category": "special", "fp": 2},
        "tow": {"mounts": ["vehicle"]},
    },
    "armour": {"personal": {"kevlar": {"save": 5}, "plate": {"label": "Plate", "save": 4, "examples": "Knights"}},
               "vehicle": ["steel"]},
    "discipline": {"calm": {"order": 1}, "panic": {"label": "Panic", "order": 3, "text": "Runs."}, "odd": {}},
    "orders": {"creep": {"moves": True, "move_cm": 5}, "stay": {"label": "Stay", "moves": False, "text": "Holds."}},
    "actions": {"dash": {"move": "2d6"}},
    "cover": {"smoke": {"modifier": 1}},
    "sequence": {},
}


def _house(table_id: str, title: str, rows: list[tuple[str, str, list[dict]]]) -> dict:
    return {table_id: {"title": title, "dice": "d6", "rows": [
        {"roll": roll, "result": result, "label": result.title(), "effects": effects} for roll, result, effects in rows]}}


def with_data(st: Any, data: dict[str, Any]) -> Any:
    st.data = data
    return st


def more_scenarios() -> dict[str, Any]:
    """Paths the first record missed: house tables with their own titles, words and notes,
    units without a known training level or discipline state, rules data lacking its
    optional keys, missing and unrollable tables, a unit skipped before another."""
    s: dict[str, Any] = {}
    # After the Battle
    notes = _house("squad-casualty", "Field hospital", [
        ("1-3", "lost", [{"op": "note", "value": "Buried."}, {"op": "note", "value": "Letter home."}]),
        ("4-6", "back", [{"op": "figures", "value": "back"}])])
    s["house casualty notes"] = battle(state("fubar", unit(casualties=2), house_rules=notes), [2, 5])
    by_result = _house("squad-casualty", "Fate by result", [("1-3", "lost", []), ("4-6", "mauled", [])])
    s["house fate by result"] = battle(state("fubar", unit(casualties=1), house_rules=by_result), [1])
    s["house fate neither"] = battle(state("fubar", unit(casualties=1), house_rules=by_result), [4])
    promo = _house("squad-promotion", "Field promotion", [
        ("1-2", "busted", [{"op": "training", "delta": -1}, {"op": "note", "value": "Demoted."},
                           {"op": "note", "value": "Shamed."}]),
        ("3-4", "steady", []),
        ("5-6", "jump", [{"op": "training", "delta": 2}])])
    for face in (1, 3, 6):
        s[f"house promotion {face}"] = battle(state("fubar", unit(training="seasoned", battles_fought=2),
                                                    house_rules=promo), [face])
    for training in ("", "conscript"):
        s[f"promotion unknown level {training!r}"] = battle(
            state("fubar", unit(training=training, battles_fought=2)), [])
    st = state("fubar", unit(casualties=1))
    del st.tables["squad-casualty"]
    s["no casualty table"] = battle(st, [1])
    st = state("fubar", unit(battles_fought=2))
    del st.tables["squad-promotion"]
    s["no promotion table"] = battle(st, [6])
    s["casualty table not rolled"] = battle(with_data(state("fubar", unit(casualties=1)), {
        **FUBAR, "after_battle": {"casualty_table": "fubar-training"}}), [1])
    s["own after battle section"] = battle(with_data(state("fubar", unit(battles_fought=3, casualties=1)), {
        **FUBAR, "after_battle": {"promotion_every": 4}}), [5, 6])
    no_section = {k: v for k, v in UM.items() if k != "after_battle"}
    s["um without after battle section"] = battle(with_data(
        state("unit-morale", unit(casualties=1, discipline="confident", battles_fought=2)), no_section), [5, 6])
    s["skipped then wounded back"] = battle(state("fubar", unit(status="destroyed"),
                                                  unit(2, "Bravo", wounded=1, figures=7, result=None)), [])
    s["destroyed then wounded back"] = battle(state("fubar", unit(result="destroyed"),
                                                    unit(2, "Bravo", wounded=1, figures=7, result=None)), [])
    s["more than its start"] = battle(state("fubar", unit(figures=8, wounded=2, casualties=2)), [3, 3])
    s["um none left"] = battle(state("unit-morale", unit(figures=1, casualties=1, discipline="shaken")), [1])
    calm = {**UM, "discipline": {"steady": {"order": 1}, "rattled": {"label": "Rattled", "order": 2}}}
    s["um reset without labels"] = battle(with_data(state(
        "unit-morale", unit(discipline="rattled", result=None), unit(2, "Bravo", discipline="", result=None),
        unit(3, "Charlie", discipline="gone", result=None)), calm), [])
    # rules data lacking its optional keys
    p = "sparse: "
    s[p + "levels"] = [lv.to_dict() for lv in squads.training_levels(SPARSE)]
    s[p + "discipline"] = squads.discipline_states(SPARSE)
    s[p + "weapons"] = {k: [squads.weapon_profile(k, v), squads.weapon_fp_text(v), squads.weapon_range_text(v),
                            squads.weapon_notes(v), [squads.weapon_fp(v, d) for d in (None, 2, 12)]]
                        for k, v in squads.weapons(SPARSE).items()}
    for raw in ("big gun", "big-gun", "xxxx", "None", "zap", "tow"):
        s[p + f"weapon {raw!r}"] = call(squads.resolve_weapon, SPARSE, raw, "fubar")
        s[p + f"equipment {raw!r}"] = call(squads.equipment_fields, SPARSE, raw, "fubar")
    for raw in ("ZAP", "cannon", "none"):
        s[p + f"mount {raw!r}"] = call(squads.mount_of, SPARSE, raw)
    for raw in ("kevlar", "Plate", "xxxx"):
        s[p + f"armour {raw!r}"] = call(squads.resolve_armour, SPARSE, raw, "infantry", "fubar")
    s[p + "vehicle armour"] = call(squads.armour_classes, SPARSE, "vehicle")
    for raw in ("calm", "Panic", "xxxx"):
        s[p + f"resolve discipline {raw!r}"] = call(squads.resolve_discipline, SPARSE, raw, "unit-morale")
    s[p + "orders"] = {k: squads.order_move_text(v) for k, v in squads.orders(SPARSE).items()}
    s[p + "profile"] = squads.unit_profile("unit-morale", SPARSE, training="raw", armour="kevlar",
                                           discipline="calm", order="creep")
    for system in ("fubar", "unit-morale"):
        s[p + f"{system} qrs"] = call(squads.qrs_cards, system, {}, SPARSE)
        s[f"{system} qrs, sequence not a table"] = call(squads.qrs_cards, system, {}, {"sequence": "none"})
    s["fubar qrs, no promotion"] = squads.qrs_cards("fubar", campaign_tables("fubar"), {
        **FUBAR, "after_battle": {"promotion_every": 0}})[-1]
    s["unit-morale qrs, no after battle section"] = squads.qrs_cards(
        "unit-morale", campaign_tables("unit-morale"), no_section)[-1]
    changes = {"um-state-changes": {"title": "Our changes", "dice": "none",
                                    "entries": [{"trigger": "Hit hard"}, {"change": "Flees."}]}}
    s["unit-morale qrs, house state changes"] = squads.qrs_cards(
        "unit-morale", campaign_tables("unit-morale", house_rules=changes), UM)[1]
    return s


def _refusal(f: Any, *a: Any, **kw: Any) -> str:
    with pytest.raises((InputError, RulesDataError)) as e:
        f(*a, **kw)
    return str(e.value)


def test_the_game_named_in_refusals():
    """Each refusal names the game: FUBAR or the unit-morale game by their names, another
    system by its id, none given as "this game"."""
    for system, name in (("fubar", "FUBAR"), ("my-game", "my-game"), ("", "this game")):
        assert _refusal(squads.resolve_training, FUBAR, "nope", system).endswith(
            f"for {name} (valid: Green (Recluta), Seasoned (Esperto), Veteran (Veterano), Elite)")
        assert _refusal(squads.resolve_training, {}, "nope", system) == f"{name} has no training levels"
        assert _refusal(squads.resolve_weapon, SPARSE, "nope", system) == (
            f"unknown weapon 'nope' for {name} (valid: zap, Big-Gun, pea, odd, tow)")
        assert _refusal(squads.resolve_armour, SPARSE, "nope", "infantry", system) == (
            f"unknown personal armour 'nope' for {name} (valid: kevlar (5+), plate (4+))")
        assert _refusal(squads.resolve_armour, SPARSE, "x", "vehicle", system) == (
            f"{name} has no vehicle armour classes")
        assert _refusal(squads.resolve_discipline, SPARSE, "nope", system) == (
            f"unknown discipline state 'nope' for {name} (valid: odd, calm, Panic)")
        assert _refusal(squads.resolve_discipline, {}, "x", system) == f"{name} units have no discipline state"
        assert _refusal(squads.resolve_order, SPARSE, "nope", system) == (
            f"unknown order 'nope' for {name} (valid: creep, Stay)")
        assert _refusal(squads.resolve_order, {}, "x", system) == (
            f"{name} units take no orders (it uses activations)")
    # the system left out
    assert _refusal(squads.resolve_training, {}, "x") == "this game has no training levels"
    assert _refusal(squads.resolve_weapon, SPARSE, "nope").startswith("unknown weapon 'nope' for this game ")
    assert _refusal(squads.equipment_fields, SPARSE, "nope").startswith("unknown weapon 'nope' for this game ")
    assert _refusal(squads.resolve_armour, SPARSE, "nope").startswith("unknown personal armour 'nope' for this game ")
    assert _refusal(squads.resolve_discipline, SPARSE, "nope").startswith("unknown discipline state 'nope' for this game ")
    assert _refusal(squads.resolve_order, SPARSE, "nope").startswith("unknown order 'nope' for this game ")
    assert _refusal(squads.qrs_cards, "necromunda", {}, {}) == (
        "no squad-game cards for 'necromunda' (known: fubar, unit-morale)")


def test_names_typed_the_ways_a_user_types_them():
    assert squads.resolve_weapon(FUBAR, "light at-gun", "fubar")[0] == "light-at-gun"
    assert squads.resolve_weapon(FUBAR, "Assault_Rifle", "fubar")[0] == "assault-rifle"
    assert squads.resolve_weapon(SPARSE, "BIG gun", "fubar")[0] == "Big-Gun"
    assert squads.resolve_weapon(SPARSE, "big-gun", "fubar")[0] == "Big-Gun"
    # a word of a name is not the name; a weapon without a name answers to its key only
    assert _refusal(squads.resolve_weapon, FUBAR, "assault", "fubar").startswith("unknown weapon 'assault'")
    for raw in ("xxxx", "none", "None"):
        assert _refusal(squads.resolve_weapon, SPARSE, raw, "fubar").startswith(f"unknown weapon {raw!r}")
    assert squads.resolve_weapon(SPARSE, "ZAP", "fubar") == ("zap", {})
    # a state or class without a label answers to its key only
    assert squads.resolve_discipline(SPARSE, "CALM") == "calm"
    assert _refusal(squads.resolve_discipline, SPARSE, "xxxx").startswith("unknown discipline state 'xxxx'")
    assert _refusal(squads.resolve_armour, SPARSE, "xxxx").startswith("unknown personal armour 'xxxx'")


def test_mounts_refused_by_unit_type():
    from types import SimpleNamespace

    alpha = SimpleNamespace(name="Alpha", unit_type="infantry")
    assert _refusal(squads.equipment_fields, FUBAR, "heavy cannon", "fubar", unit=alpha) == (
        "Heavy cannon: only tanks and bunkers can mount it, and Alpha is infantry")  # the data's mounts_text
    assert _refusal(squads.equipment_fields, SPARSE, "big gun", "fubar", unit=alpha) == (
        "Cannon: only vehicles and bunkers can mount it, and Alpha is infantry")
    assert _refusal(squads.equipment_fields, SPARSE, "tow", "fubar", unit=alpha) == (
        "tow: only vehicles can mount it, and Alpha is infantry")
    tank = SimpleNamespace(name="Tiger", unit_type="vehicle", armour="heavy")  # a tank: seed 004
    assert squads.equipment_fields(SPARSE, "tow", "fubar", unit=tank)["name"] == "tow"
    assert squads.equipment_fields(FUBAR, "heavy cannon", "fubar", unit=tank)["name"] == "Heavy cannon"
    squads.check_mount({"mounts": ["bunker"]}, "k", "Pillbox", "bunker")
    squads.check_mount({}, "k", "Alpha", "infantry")


def test_weapon_names_up_to_200_characters():
    assert squads.equipment_fields(UM, "x" * 200)["name"] == "x" * 200
    assert _refusal(squads.equipment_fields, UM, "x" * 201) == "weapon name is 201 characters long (at most 200)"


def test_small_helpers_on_data_without_their_keys():
    assert squads.top_level({}) is None and squads.training_levels({"training": []}) == []
    assert [lv.key for lv in squads.training_levels(SPARSE)] == ["raw", "ace"]
    odd = squads.training_levels({"training": {"x": {"activation": True, "expertise": "4", "max_suppressed": 2.5}}})
    assert (odd[0].activation, odd[0].expertise, odd[0].max_suppressed) == (None, None, None)  # not whole numbers
    assert squads.weapon_fp({}) == 0 and squads.weapon_fp({}, 1) == 0
    assert squads.weapon_fp_text({}) == "" and squads.weapon_fp_text({"fp": 2, "close_range": 3}) == "2"
    assert squads.weapon_fp_text({"fp": 2, "close_fp": 4}) == "2"
    assert squads.weapon_range_text({}) == "" and squads.weapon_range_text({"range": "template"}) == "template"
    assert squads.weapon_profile("zap", {})["name"] == "zap" and squads.weapon_profile("zap", {})["category"] == ""
    assert squads.equipment_fields(SPARSE, "zap") == {"name": "zap", "category": "weapon", "range": "", "fp": None,
                                                      "notes": "", "traits": []}
    assert squads.equipment_fields(SPARSE, "big gun")["range"] == "template"
    assert squads.mount_of(SPARSE, "ZAP") == ("zap", {})
    assert list(squads.discipline_states(SPARSE)) == ["odd", "calm", "panic"]
    assert squads.order_move_text({"moves": True, "move_cm": 5}) == "5 cm, normal move"
    assert squads.armour_classes(SPARSE, "vehicle") == {}
    # an empty column is no entry, even where the data has one keyed ""
    blank = {"training": {"": {"label": "Blank"}}, "armour": {"personal": {"": {"save": 6}}},
             "discipline": {"": {"label": "Blank"}}, "orders": {"": {"label": "Blank"}}}
    assert squads.unit_profile("fubar", blank) == {"system": "fubar", "training": None, "armour": None,
                                                   "discipline": None, "order": None}
    # the After the Battle of a squad game the defaults do not name: FUBAR's
    assert squads.after_battle_config("another-game", {}) == squads.AfterBattleConfig(
        "squad-casualty", "squad-promotion", 3)
    assert squads.after_battle_config("unit-morale", {}) == squads.AfterBattleConfig("um-casualty", "um-promotion", 3)
    assert squads.after_battle_config("fubar", {"after_battle": {"casualty_table": "mine", "promotion_every": 5}}
                                      ) == squads.AfterBattleConfig("mine", "squad-promotion", 5)


def test_unit_procedures_as_registered():
    from campaign_app.systems.squads_info import UNIT_STATUSES

    for system in ("fubar", "unit-morale", "another-game"):
        proc = squads.unit_procedures(system)
        assert proc.system == system
        assert proc.after_battle is squads.after_battle
        assert proc.default_result == "fought"
        assert proc.result_statuses == UNIT_STATUSES
        assert proc.unavailable == ("dead", "lost", "captured", "in-recovery", "turned", "retired", "destroyed",
                                    "prisoner")


def test_qrs_sheet_adds_the_cards_and_marks_the_tables():
    from campaign_app.systems.qrs import QrsSheet

    house = _house("squad-casualty", "Harsh fate", [("1-6", "lost", [{"op": "figures", "value": "lost"}])])
    tables = campaign_tables("fubar", house_rules=house)
    sheet = QrsSheet(tables, FUBAR, system="fubar")
    sheet.cards.append({"title": "Before", "subtitle": "", "lines": [], "tables": []})
    squads.qrs_sheet(sheet)
    assert sheet.cards == [{"title": "Before", "subtitle": "", "lines": [], "tables": []},
                           *squads.qrs_cards("fubar", tables, FUBAR)]
    assert any(t["title"] == "Harsh fate (house rule)" for c in sheet.cards for t in c["tables"])
    assert sheet.used == {"fubar-vehicle-damage", "squad-casualty", "squad-promotion"}
    assert sheet.skipped == {"fubar-training"}
    um = campaign_tables("unit-morale")
    sheet = QrsSheet(um, UM, system="unit-morale")
    squads.qrs_sheet(sheet)
    assert sheet.cards == squads.qrs_cards("unit-morale", um, UM)
    assert sheet.used == {"um-state-changes", "um-casualty", "um-promotion"}
    assert sheet.skipped == {"um-state-changes"}
