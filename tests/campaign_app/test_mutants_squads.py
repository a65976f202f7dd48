"""Tests that kill mutants of campaign_app/systems/squads.py (FUBAR's and Unit Morale's
procedures) that survived the mutation run (tools/mutation, group `squads`): golden
After the Battle outcomes, QRS cards and rules helpers of both games
(tests/campaign_app/mutants_squads_golden.json)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from campaign_app.dice import Roller
from campaign_app.errors import DiceError, InputError, RulesDataError
from campaign_app.systems import squads

from .golden import check, plain
from .test_squads import FUBAR, UM, state, unit

GOLDEN = Path(__file__).with_name("mutants_squads_golden.json")
DATA = {"fubar": FUBAR, "unit-morale": UM}


def battle(st, dice, options=None) -> Any:
    roller = Roller.from_options(dice)
    try:
        out = squads.after_battle(st, roller, options or {})
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
        from campaign_app.systems import campaign_tables

        s[p + "qrs"] = call(squads.qrs_cards, system, campaign_tables(system), data)
    for raw in ("infantry", "Vehicle", "tank", "", None):
        s[f"unit type {raw!r}"] = call(squads.check_unit_type, raw)
    for raw in ("active", "Destroyed", "nope", "", None):
        s[f"status {raw!r}"] = call(squads.check_status, raw)
    for args in ((8, 8, 0), (9, 8, 0), (0, 8, 0), (8, 8, 1), (4, 8, 4), (4, 8, 5), (-1, 8, 0), (1, 0, 0)):
        s[f"figures {args}"] = call(squads.check_figures, *args)
    return s


def test_squad_outcomes_match_the_golden_record():
    check(GOLDEN, scenarios())
