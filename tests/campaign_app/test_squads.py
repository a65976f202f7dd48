"""Squad games (FUBAR, unit-morale): rules helpers, the After the Battle for units with
typed dice, the QRS cards, and the unit use-cases and commands (with refusals that
write nothing)."""

from __future__ import annotations

import json

import pytest

from campaign_app.dice import Roller
from campaign_app.errors import ConflictError, DiceError, InputError, RulesDataError
from campaign_app.procedure_driver import drive
from campaign_app.rules import load_rulebook, parse_table
from campaign_app.systems import campaign_tables, game_system, squads
from campaign_app.systems.base import BattleState, UnitState

FUBAR = load_rulebook().data("fubar")
UM = load_rulebook().data("unit-morale")


# --------------------------------------------------------------------------- helpers
def unit(uid: int = 1, name: str = "Alpha", *, training: str = "green", figures: int = 8,
         figures_start: int = 8, wounded: int = 0, discipline: str = "", status: str = "active",
         battles_fought: int = 0, result: str | None = "fought", casualties: int = 0) -> UnitState:
    return UnitState(id=uid, roster_id=1, name=name, training=training, figures=figures,
                     figures_start=figures_start, wounded=wounded, discipline=discipline, status=status,
                     battles_fought=battles_fought, stats={}, result=result, casualties=casualties)


def state(system: str, *units: UnitState, house_rules: dict | None = None) -> BattleState:
    return BattleState(
        battle_id=1, number=1, campaign_id=1, system=system, edition="", expansions=[],
        tables=campaign_tables(system, house_rules=house_rules or {}),
        data=load_rulebook().data(system), rosters={}, fighters={}, units={u.id: u for u in units},
    )


def run(st: BattleState, dice: list[int], options: dict | None = None):
    roller = Roller.from_options(dice)
    out = drive(squads.after_battle(st, options or {}), roller)
    roller.finish()
    return out, roller


def changes(out) -> dict[int, dict]:
    return {ch.unit_id: ch.set for ch in out.unit_changes}


# --------------------------------------------------------------------------- registration
def test_registered_for_both_systems():
    from campaign_app.systems.squads_info import UNIT_STATUSES

    for system in ("fubar", "unit-morale"):
        proc = game_system(system).procedures()
        assert proc.after_battle is squads.after_battle
        assert proc.default_result == "fought"
        assert proc.result_statuses == UNIT_STATUSES
        assert {"destroyed", "prisoner"} <= set(proc.unavailable)


# --------------------------------------------------------------------------- training
@pytest.mark.parametrize(("typed", "key", "activation", "expertise", "max_suppressed"), [
    ("green", "green", 5, 6, 1), ("Green", "green", 5, 6, 1), ("Recluta", "green", 5, 6, 1),
    ("recluta", "green", 5, 6, 1),
    ("seasoned", "seasoned", 4, 5, 2), ("Esperto", "seasoned", 4, 5, 2), ("ESPERTO", "seasoned", 4, 5, 2),
    ("veteran", "veteran", 3, 4, 3), ("Veterano", "veteran", 3, 4, 3),
    ("elite", "elite", 2, 4, 4), ("Elite", "elite", 2, 4, 4), (" elite ", "elite", 2, 4, 4),
])  # fmt: skip
def test_fubar_training_levels_and_aliases(typed, key, activation, expertise, max_suppressed):
    lv = squads.resolve_training(FUBAR, typed, "fubar")
    assert (lv.key, lv.activation, lv.expertise, lv.max_suppressed) == (key, activation, expertise, max_suppressed)


def test_training_order_and_shown_names():
    levels = squads.training_levels(FUBAR)
    assert [lv.shown for lv in levels] == ["Green (Recluta)", "Seasoned (Esperto)", "Veteran (Veterano)", "Elite"]
    assert squads.promote(FUBAR, "green") == ("seasoned", True)
    assert squads.promote(FUBAR, "veteran", 2) == ("elite", True)
    assert squads.promote(FUBAR, "elite") == ("elite", False)


def test_unknown_training_level_lists_valid_ones():
    with pytest.raises(InputError) as e:
        squads.resolve_training(FUBAR, "Rookie", "fubar")
    assert str(e.value) == ("unknown training level 'Rookie' for FUBAR (valid: Green (Recluta), "
                            "Seasoned (Esperto), Veteran (Veterano), Elite)")


def test_unit_morale_experience_levels():
    assert [lv.key for lv in squads.training_levels(UM)] == ["green", "regular", "veteran", "elite"]
    assert squads.resolve_training(UM, "Regular", "unit-morale").activation is None
    # FUBAR's Esperto is no word of this game; its own translations' words are
    # (Recluta is its Italian Green)
    with pytest.raises(InputError, match="valid: Green, Regular, Veteran, Elite"):
        squads.resolve_training(UM, "Esperto", "unit-morale")
    assert squads.resolve_training(UM, "Recluta", "unit-morale").key == "green"


# --------------------------------------------------------------------------- weapons
WEAPONS = {
    "pistol": ("Pistol / revolver", 8, 1), "rifle": ("Rifle", 24, 1),
    "assault-rifle": ("Assault rifle", 24, 1), "sniper-rifle": ("Sniper rifle", 32, 2),
    "smg": ("SMG", 16, 3), "lmg": ("LMG", 32, 3), "shotgun": ("Shotgun", 8, 3), "hmg": ("HMG", 32, 4),
    "flamer": ("Flamer", 8, 4), "grenade-launcher": ("Grenade launcher", 8, 3), "rpg": ("RPG", 24, 3),
    "light-at-gun": ("Light AT gun", 32, 3), "light-mortar": ("Light mortar", 40, 3),
    "light-cannon": ("Light cannon", 32, 4), "heavy-cannon": ("Heavy cannon", 48, 6),
}  # fmt: skip


@pytest.mark.parametrize("key", sorted(WEAPONS))
def test_each_fubar_weapon(key):
    name, rng, fp = WEAPONS[key]
    for typed in (key, name, name.upper(), key.replace("-", " ")):
        got_key, spec = squads.resolve_weapon(FUBAR, typed, "fubar")
        assert got_key == key
    fields = squads.equipment_fields(FUBAR, key, "fubar")
    assert (fields["name"], fields["range"], fields["fp"]) == (name, f'{rng}"', fp)
    assert fields["traits"] == [spec["category"]]
    assert squads.weapon_fp(spec) == fp and squads.weapon_fp(spec, 1) == (2 if key == "assault-rifle" else fp)


def test_assault_rifle_close_fire_points_as_data():
    _key, spec = squads.resolve_weapon(FUBAR, "Assault rifle")
    assert [squads.weapon_fp(spec, d) for d in (None, 6, 12, 12.5, 24)] == [1, 2, 2, 1, 1]
    assert squads.weapon_fp_text(spec) == '1 (2 at 12" or less)'
    assert squads.equipment_fields(FUBAR, "assault-rifle")["notes"].startswith("2 FP at 12 inches or less")
    assert squads.weapon_notes({"fp": 1, "close_fp": 3, "close_range": 6}) == "3 FP at 6 inches or less."
    assert squads.resolve_weapon(FUBAR, "revolver")[0] == "pistol"


def test_unknown_weapon_lists_valid_ones():
    with pytest.raises(InputError) as e:
        squads.equipment_fields(FUBAR, "laser", "fubar")
    assert str(e.value).startswith("unknown weapon 'laser' for FUBAR (valid: pistol, rifle, assault-rifle,")
    assert all(k in str(e.value) for k in WEAPONS)
    with pytest.raises(InputError, match="weapon name is empty"):
        squads.equipment_fields(FUBAR, "  ", "fubar")


def test_unit_morale_weapons_are_free_names():
    assert squads.equipment_fields(UM, "  Bren   gun ", "unit-morale")["name"] == "Bren gun"
    with pytest.raises(InputError, match="empty"):
        squads.equipment_fields(UM, "", "unit-morale")


# --------------------------------------------------------------------------- armour, discipline, orders
@pytest.mark.parametrize(("unit_type", "typed", "key", "save"), [
    ("infantry", "light", "light", 6), ("infantry", "Medium", "medium", 5), ("infantry", "heavy", "heavy", 4),
    ("infantry", "power", "power", 3), ("infantry", "Battle armour", "battle", 2),
    ("vehicle", "none", "none", 6), ("vehicle", "light", "light", 5), ("vehicle", "medium", "medium", 4),
    ("vehicle", "Heavy", "heavy", 3), ("vehicle", "ultra heavy", "ultra-heavy", 2),
])  # fmt: skip
def test_armour_saves(unit_type, typed, key, save):
    got, spec = squads.resolve_armour(FUBAR, typed, unit_type, "fubar")
    assert (got, spec["save"]) == (key, save)
    assert squads.unit_profile("fubar", FUBAR, armour=key, unit_type=unit_type)["armour"]["save"] == save


def test_armour_refusals():
    with pytest.raises(InputError, match=r"unknown personal armour 'ultra-heavy' .*valid: light \(6\+\)"):
        squads.resolve_armour(FUBAR, "ultra-heavy", "infantry", "fubar")
    with pytest.raises(InputError, match="unknown vehicle armour 'power'"):
        squads.resolve_armour(FUBAR, "power", "vehicle", "fubar")
    with pytest.raises(InputError, match="the unit-morale game has no personal armour classes"):
        squads.resolve_armour(UM, "light", "infantry", "unit-morale")


def test_discipline_and_orders():
    assert [squads.resolve_discipline(UM, s) for s in ("Confident", "suppressed", "SHAKEN", "Demoralised",
                                                        "destroyed", "Prisoner")] == list(squads.discipline_states(UM))
    assert squads.first_discipline(UM) == "confident" and squads.first_discipline(FUBAR) == ""
    moves = {k: (o["moves"], o["move_cm"], o["can_fire"]) for k, o in squads.orders(UM).items()}
    assert moves == {"hold": (False, 0, True), "sneak": (True, 10, True), "advance": (True, 20, True),
                     "run": (True, 30, False)}
    assert squads.resolve_order(UM, "Run") == "run"
    assert squads.order_move_text(squads.orders(UM)["sneak"]) == "10 cm, normal -10 cm"
    assert squads.order_move_text(squads.orders(UM)["hold"]) == "no move"
    with pytest.raises(InputError, match="unknown order 'Charge' .*valid: Hold, Sneak, Advance, Run"):
        squads.resolve_order(UM, "Charge", "unit-morale")
    with pytest.raises(InputError, match="valid: Confident, Suppressed"):
        squads.resolve_discipline(UM, "happy", "unit-morale")
    with pytest.raises(InputError, match="FUBAR units have no discipline state"):
        squads.resolve_discipline(FUBAR, "shaken", "fubar")
    with pytest.raises(InputError, match="FUBAR units take no orders"):
        squads.resolve_order(FUBAR, "run", "fubar")


@pytest.mark.parametrize(("figures", "start", "wounded", "message"), [
    (9, 8, 0, "figures: 9 is more than the 8 the unit started with"),
    (-1, 8, 0, "figures: -1 cannot be negative"),
    (3, 0, 0, "figures at start: 0"),
    (6, 8, 3, "figures 6 plus wounded 3 is more than the 8"),
    (6, 8, -1, "wounded: -1 cannot be negative"),
])  # fmt: skip
def test_figure_checks(figures, start, wounded, message):
    with pytest.raises(InputError, match=message):
        squads.check_figures(figures, start, wounded)
    squads.check_figures(8, 8, 0)
    squads.check_figures(0, 8, 8)
    squads.check_figures(5, 8, 3)


# --------------------------------------------------------------------------- after the battle
@pytest.mark.parametrize("system", ["fubar", "unit-morale"])
@pytest.mark.parametrize(("face", "figures", "wounded"), [
    (1, 7, 0), (2, 7, 0), (3, 7, 1), (4, 7, 1), (5, 8, 0), (6, 8, 0),
])  # fmt: skip
def test_each_casualty_row(system, face, figures, wounded):
    disc = "confident" if system == "unit-morale" else ""
    out, roller = run(state(system, unit(casualties=1, discipline=disc)), [face])
    ch = changes(out)[1]
    assert ch.get("figures", 8) == figures and ch.get("wounded", 0) == wounded
    assert ch["battles_fought"] == 1
    (r,) = roller.rolls
    assert r.table == ("squad-casualty" if system == "fubar" else "um-casualty")
    assert r.unit_id == 1 and r.extra["subject"] == "Alpha" and r.source == "typed"
    assert r.result == {1: "lost", 2: "lost", 3: "wounded", 4: "wounded", 5: "back", 6: "back"}[face]


def test_unit_loses_figures_and_every_roll_is_a_step():
    out, roller = run(state("fubar", unit(casualties=3), unit(2, "Bravo", casualties=2)), [1, 3, 5, 2, 6])
    assert changes(out) == {
        1: {"battles_fought": 1, "figures": 6, "wounded": 1},
        2: {"battles_fought": 1, "figures": 7},
    }
    rolled = [st for st in out.steps if st.roll is not None]
    assert [st.roll for st in rolled] == roller.rolls
    assert [(st.rule, st.subject, st.unit_id) for st in rolled] == (
        [("After the battle: casualty fate", "Alpha", 1)] * 3 + [("After the battle: casualty fate", "Bravo", 2)] * 2
    )
    assert "casualty 2 of 3" in rolled[1].text and "Misses the next battle" in rolled[1].text
    summary = [st.text for st in out.steps if st.rule == "Casualties"]
    assert summary[0] == "1 lost, 1 wounded (out for the next battle), 1 back: 6 of 8 figures ready"


def test_too_few_typed_dice_names_the_roll():
    with pytest.raises(DiceError, match="fate of Alpha's casualty 3 of 3"):
        run(state("fubar", unit(casualties=3)), [1, 2])
    with pytest.raises(DiceError, match="too many dice"):
        run(state("fubar", unit(casualties=1)), [1, 2])


def test_wounded_come_back_after_the_next_battle():
    out, roller = run(state("fubar", unit(figures=6, wounded=2), unit(2, "Away", figures=5, wounded=1,
                                                                     result=None)), [])
    assert changes(out) == {1: {"battles_fought": 1, "figures": 8, "wounded": 0},
                            2: {"figures": 6, "wounded": 0}}
    assert roller.rolls == []
    assert [st.text for st in out.steps if st.rule == "Wounded return"] == [
        "2 wounded figures from the last battle are back", "1 wounded figure from the last battle is back"]


def test_wounded_return_and_new_wounded_in_one_battle():
    # 6 fought, 2 came back, 2 hit: one wounded (out again), one lost
    out, _ = run(state("fubar", unit(figures=6, wounded=2, casualties=2)), [3, 1])
    assert changes(out)[1] == {"battles_fought": 1, "wounded": 1}
    out, _ = run(state("fubar", unit(figures=6, wounded=2, casualties=2)), [6, 1])
    assert changes(out)[1] == {"battles_fought": 1, "figures": 7, "wounded": 0}


def test_casualties_above_figures_are_capped():
    out, roller = run(state("fubar", unit(figures=2, casualties=5)), [5, 5])
    assert len(roller.rolls) == 2
    assert "only 2 figures fought" in out.steps[0].text


@pytest.mark.parametrize(("before", "face", "after"), [
    ("green", 4, None), ("green", 5, "seasoned"), ("seasoned", 6, "veteran"), ("veteran", 5, "elite"),
    ("veteran", 1, None), ("seasoned", 2, None), ("green", 3, None),
])  # fmt: skip
def test_promotion_on_the_third_battle(before, face, after):
    out, roller = run(state("fubar", unit(training=before, battles_fought=2)), [face])
    ch = changes(out)[1]
    assert ch.get("training") == after and ch["battles_fought"] == 3
    (r,) = roller.rolls
    assert r.table == "squad-promotion" and r.unit_id == 1
    step = next(st for st in out.steps if st.roll is r)
    assert step.rule == "After the battle: unit promotion" and step.subject == "Alpha"
    assert "after battle 3" in step.text


@pytest.mark.parametrize(("fought_before", "rolls"), [(0, 0), (1, 0), (2, 1), (3, 0), (4, 0), (5, 1), (8, 1)])
def test_promotion_only_every_third_battle(fought_before, rolls):
    dice = [6] * rolls
    out, roller = run(state("fubar", unit(battles_fought=fought_before)), dice)
    assert len(roller.rolls) == rolls
    assert ("training" in changes(out)[1]) == bool(rolls)


def test_elite_is_the_cap_no_roll():
    out, roller = run(state("fubar", unit(training="elite", battles_fought=2)), [])
    assert roller.rolls == [] and "training" not in changes(out)[1]
    assert any("already Elite, the highest level" in st.text for st in out.steps)


def test_no_promotion_for_prisoners_destroyed_or_absent():
    out, roller = run(state("fubar", unit(battles_fought=2, result="prisoner"),
                            unit(2, "B", battles_fought=2, result="destroyed"),
                            unit(3, "C", battles_fought=2, result=None),
                            unit(4, "D", battles_fought=2, result="not-present")), [])
    assert roller.rolls == []
    ch = changes(out)
    assert ch[1] == {"battles_fought": 3, "status": "prisoner"}
    assert ch[2] == {"battles_fought": 3, "status": "destroyed"}
    assert 3 not in ch and 4 not in ch


def test_promotion_every_option_and_off():
    out, roller = run(state("fubar", unit(battles_fought=1)), [5], {"promotion_every": 2})
    assert changes(out)[1]["training"] == "seasoned"
    out, roller = run(state("fubar", unit(battles_fought=2)), [], {"promotion_every": 0})
    assert roller.rolls == []
    with pytest.raises(InputError, match="promotion every"):
        run(state("fubar", unit()), [], {"promotion_every": "x"})


def test_destroyed_unit_leaves_the_force_without_rolls():
    out, roller = run(state("unit-morale", unit(discipline="shaken", casualties=4, result="destroyed")), [])
    assert roller.rolls == []
    assert changes(out)[1] == {"battles_fought": 1, "status": "destroyed", "discipline": "destroyed"}
    assert out.removed_units == []
    assert out.steps[0].rule == "Destroyed" and "leaves the force" in out.steps[0].text


def test_unit_with_no_figures_left_is_destroyed():
    out, _ = run(state("fubar", unit(figures=2, casualties=2, battles_fought=2)), [1, 2])
    assert changes(out)[1] == {"battles_fought": 3, "figures": 0, "status": "destroyed"}
    out, _ = run(state("fubar", unit(figures=2, casualties=2)), [1, 3])
    assert changes(out)[1] == {"battles_fought": 1, "figures": 0, "wounded": 1}


def test_already_destroyed_units_are_skipped():
    out, roller = run(state("fubar", unit(status="destroyed", wounded=1, result=None)), [])
    assert out.unit_changes == [] and out.steps == []


def test_prisoner_rolls_casualties_and_is_held():
    out, roller = run(state("unit-morale", unit(discipline="demoralised", casualties=1, result="prisoner")), [6])
    assert changes(out)[1] == {"battles_fought": 1, "status": "prisoner", "discipline": "prisoner"}
    assert any("until exchanged" in st.text for st in out.steps)


def test_unit_morale_resets_to_confident_and_promotes():
    out, roller = run(state("unit-morale", unit(discipline="shaken", battles_fought=2),
                            unit(2, "Away", discipline="suppressed", result=None),
                            unit(3, "Calm", discipline="confident")), [5])
    ch = changes(out)
    assert ch[1] == {"battles_fought": 3, "training": "regular", "discipline": "confident"}
    assert ch[2] == {"discipline": "confident"}
    assert ch[3] == {"battles_fought": 1}
    assert [st.text for st in out.steps if st.rule == "Discipline reset"] == [
        "Shaken -> Confident for the next battle", "Suppressed -> Confident for the next battle"]
    assert roller.rolls[0].table == "um-promotion"


def test_fubar_has_no_discipline_to_reset():
    out, _ = run(state("fubar", unit()), [])
    assert changes(out)[1] == {"battles_fought": 1}


def test_house_rule_tables_are_used():
    harsh = {"title": "Harsh fate", "dice": "d6",
             "rows": [{"roll": "1-5", "result": "lost", "effects": [{"op": "figures", "value": "lost"}]},
                      {"roll": "6", "result": "wounded", "label": "Hurt",
                       "effects": [{"op": "figures", "value": "wounded"}, {"op": "note", "value": "medic!"}]}]}
    st = state("fubar", unit(casualties=2), house_rules={"squad-casualty": harsh})
    out, roller = run(st, [5, 6])
    assert changes(out)[1] == {"battles_fought": 1, "figures": 6, "wounded": 1}
    assert roller.rolls[0].rule == "Harsh fate"
    assert "(medic!)" in [s for s in out.steps if s.roll is roller.rolls[1]][0].text


def test_house_rule_with_an_unknown_fate_is_refused():
    bad = parse_table("squad-casualty", {"title": "Bad", "dice": "d6", "rows": [
        {"roll": "1-6", "result": "dead", "effects": [{"op": "figures", "value": "dead"}]}]}, "house rule")
    st = state("fubar", unit(casualties=1))
    st.tables = {**st.tables, "squad-casualty": bad}
    with pytest.raises(RulesDataError, match="figures 'dead' is not one of lost, wounded, back"):
        run(st, [1])


def test_the_procedure_does_not_touch_its_input():
    u = unit(casualties=2, wounded=1, figures=7)
    st = state("fubar", u)
    run(st, [1, 1])
    assert (u.figures, u.wounded, u.battles_fought) == (7, 1, 0)


# --------------------------------------------------------------------------- QRS cards
def _all_cells(cards):
    for c in cards:
        assert set(c) == {"title", "subtitle", "lines", "tables"}
        assert all(isinstance(x, str) for x in c["lines"])
        for t in c["tables"]:
            assert set(t) == {"title", "note", "columns", "rows"}
            for row in t["rows"]:
                assert len(row) == len(t["columns"])
                assert all(isinstance(x, str) for x in row)
                yield from row


def test_fubar_qrs_cards():
    cards = squads.qrs_cards("fubar", campaign_tables("fubar"), FUBAR)
    assert [c["title"] for c in cards] == ["Training levels", "Turn sequence", "Weapons",
                                           "Armour and vehicle damage", "After the battle (campaign)"]
    cells = list(_all_cells(cards))
    assert json.loads(json.dumps(cards)) == cards
    training = cards[0]["tables"][0]["rows"]
    assert training == [["Green (Recluta)", "5+", "6+", "1"], ["Seasoned (Esperto)", "4+", "5+", "2"],
                        ["Veteran (Veterano)", "3+", "4+", "3"], ["Elite", "2+", "4+", "4"]]
    weapons = {r[0]: r for r in cards[2]["tables"][0]["rows"]}
    assert len(weapons) == 15
    assert weapons["Assault rifle"][2:4] == ['24" / 60 cm', '1 (2 at 12" or less)']
    assert weapons["Heavy cannon"][1:4] == ["support", '48" / 120 cm', "6"]
    armour = {t["title"]: t for t in cards[3]["tables"]}
    assert [r[1] for r in armour["Personal armour"]["rows"]] == ["6+", "5+", "4+", "3+", "2+"]
    assert [r[0] for r in armour["Vehicle damage"]["rows"]] == ["1-2", "3", "4-5", "6"]
    assert "Initiative: " in cards[1]["lines"][0]
    assert "Dead or out for good." in cells


def test_qrs_cards_show_house_rules():
    harsh = {"title": "Harsh fate", "dice": "d6", "rows": [
        {"roll": "1-6", "result": "lost", "label": "Gone", "effects": [{"op": "figures", "value": "lost"}]}]}
    cards = squads.qrs_cards("fubar", campaign_tables("fubar", house_rules={"squad-casualty": harsh}), FUBAR)
    ab = cards[-1]["tables"][0]
    assert ab["title"] == "Harsh fate (house rule)" and ab["rows"] == [["1-6", "Gone", ""]]


def test_unit_morale_qrs_cards():
    cards = squads.qrs_cards("unit-morale", campaign_tables("unit-morale"), UM)
    assert [c["title"] for c in cards] == ["Phase sequence", "Discipline", "Orders", "After the battle (campaign)"]
    list(_all_cells(cards))
    assert [line.split(":")[0] for line in cards[0]["lines"]] == [
        "1. Discipline", "2. Orders", "3. Movement", "4. Shooting", "5. Close Combat"]
    states = [r[0] for r in cards[1]["tables"][0]["rows"]]
    assert states == ["Confident", "Suppressed", "Shaken", "Demoralised", "Destroyed", "Prisoner"]
    assert cards[1]["tables"][1]["columns"] == ["When", "Then"]
    orders = {r[0]: r for r in cards[2]["tables"][0]["rows"]}
    assert orders["Run"][1:3] == ["30 cm, normal +10 cm", "no"]
    assert orders["Hold"][1] == "no move"
    assert any("Confident" in line for line in cards[3]["lines"])


def test_qrs_cards_unknown_system():
    with pytest.raises(InputError, match="no squad-game cards for 'nuts'"):
        squads.qrs_cards("nuts", {}, {})


# --------------------------------------------------------------------------- use-cases
@pytest.fixture
def fubar(engine):
    from campaign_app.usecases import create_campaign, create_roster

    create_campaign(engine, "Ops", "fubar")
    create_roster(engine, "Ops", "Alpha")
    create_roster(engine, "Ops", "Bravo")
    return engine


@pytest.fixture
def morale(engine):
    from campaign_app.usecases import create_campaign, create_roster

    create_campaign(engine, "Bocage", "unit-morale")
    create_roster(engine, "Bocage", "Paras")
    create_roster(engine, "Bocage", "Grenadiers")
    return engine


def test_add_unit_stores_rules_values_and_weapons(fubar):
    from campaign_app.usecases.units import add_unit, show_unit

    u = add_unit(fubar, "Alpha", "1st Squad", 7, training="Veterano", weapons=["assault rifle", "LMG"],
                 armour="medium", figures_start=8)
    d = show_unit(fubar, u.id)
    assert (d["training"], d["figures"], d["figures_start"], d["armour"], d["discipline"]) == (
        "veteran", 7, 8, "medium", "")
    assert [(e["name"], e["fp"], e["range"], e["category"]) for e in d["equipment"]] == [
        ("Assault rifle", 1, '24"', "weapon"), ("LMG", 3, '32"', "weapon")]
    assert d["equipment"][0]["notes"].startswith("2 FP at 12 inches")
    assert d["equipment"][0]["rules"]["close_fp"] == 2
    assert d["rules"]["training"]["activation"] == 3 and d["rules"]["armour"]["save"] == 5
    t = add_unit(fubar, "Alpha", "Tank", 1, unit_type="vehicle", weapons=["HMG"])  # no cannon: armour none is a truck
    assert (t.training, t.armour, t.unit_type) == ("green", "none", "vehicle")
    assert show_unit(fubar, t.id)["rules"]["armour"]["save"] == 6


def test_add_unit_unit_morale_defaults(morale):
    from campaign_app.usecases.units import add_unit, show_unit

    u = add_unit(morale, "Paras", "1 Section", 10, weapons=["Bren gun", "Sten"], order="advance")
    d = show_unit(morale, u.id)
    assert (d["discipline"], d["order"], d["training"], d["armour"]) == ("confident", "advance", "green", "")
    assert [e["name"] for e in d["equipment"]] == ["Bren gun", "Sten"]
    assert d["rules"]["order"]["move"] == "20 cm, normal move"


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"figures": 9, "figures_start": 8}, "figures: 9 is more than the 8"),
    ({"figures": 0}, "figures at start: 0"),
    ({"figures": "lots"}, "figures: 'lots' is not a whole number"),
    ({"figures": 5, "training": "rookie"}, r"unknown training level 'rookie' for FUBAR \(valid: Green"),
    ({"figures": 5, "weapons": ["rifle", "phaser"]}, r"unknown weapon 'phaser' for FUBAR \(valid: pistol"),
    ({"figures": 5, "armour": "plate"}, "unknown personal armour 'plate'"),
    ({"figures": 5, "unit_type": "horse"}, "unit type 'horse' is not one of infantry, vehicle"),
    ({"figures": 5, "discipline": "shaken"}, "FUBAR units have no discipline state"),
    ({"figures": 5, "order": "run"}, "FUBAR units take no orders"),
    ({"figures": 5, "name": ""}, "unit name is empty"),
])  # fmt: skip
def test_add_unit_refusals_write_nothing(fubar, snap, kwargs, message):
    from campaign_app.usecases.units import add_unit

    before = snap(fubar)
    kwargs = {"name": "Squad", **kwargs}
    with pytest.raises(InputError, match=message):
        add_unit(fubar, "Alpha", kwargs.pop("name"), kwargs.pop("figures"), **kwargs)
    assert snap(fubar) == before


def test_add_unit_refused_outside_squad_games_and_for_duplicates(engine, snap):
    from campaign_app.usecases import create_campaign, create_roster
    from campaign_app.usecases.units import add_unit

    create_campaign(engine, "Nuts", "nuts")
    create_roster(engine, "Nuts", "Squad")
    create_campaign(engine, "Ops", "fubar")
    create_roster(engine, "Ops", "Alpha")
    add_unit(engine, "Alpha", "1st", 5)
    before = snap(engine)
    with pytest.raises(InputError, match="units belong to the squad games"):
        add_unit(engine, "Squad", "1st", 5)
    with pytest.raises(InputError, match="Alpha already has a unit named '1st'"):
        add_unit(engine, "Alpha", "1st", 5)
    assert snap(engine) == before


def test_unit_morale_refuses_armour(morale, snap):
    from campaign_app.usecases.units import add_unit

    before = snap(morale)
    with pytest.raises(InputError, match="the unit-morale game has no personal armour classes"):
        add_unit(morale, "Paras", "1 Section", 10, armour="light")
    with pytest.raises(InputError, match="unknown discipline state 'calm'"):
        add_unit(morale, "Paras", "1 Section", 10, discipline="calm")
    assert snap(morale) == before


def test_edit_unit(fubar, snap):
    from campaign_app.usecases.units import add_unit, edit_unit, show_unit

    u = add_unit(fubar, "Alpha", "1st", 8, weapons=["rifle", "lmg"])
    e = edit_unit(fubar, "1st", if_version=u.version, figures=6, wounded=2, training="elite",
                  armour="heavy", add_weapons=["smg"], remove_weapons=["Rifle"], notes="hard men")
    d = show_unit(fubar, e.id)
    assert (d["figures"], d["wounded"], d["training"], d["armour"], d["notes"]) == (6, 2, "elite", "heavy", "hard men")
    assert [x["name"] for x in d["equipment"]] == ["LMG", "SMG"]
    assert d["version"] == u.version + 1
    edit_unit(fubar, e.id, remove_weapons=["lmg"])
    assert [x["name"] for x in show_unit(fubar, e.id)["equipment"]] == ["SMG"]
    before = snap(fubar)
    with pytest.raises(ConflictError, match="changed by someone else"):
        edit_unit(fubar, e.id, if_version=u.version, figures=5)
    for kw, msg in [
        ({"figures": 7}, "figures 7 plus wounded 2 is more than the 8"),
        ({"figures_start": 5}, "figures: 6 is more than the 5"),
        ({"status": "dead"}, "unit status 'dead' is not one of active, destroyed, prisoner"),
        ({"battles_fought": -1}, "battles fought cannot be negative"),
        ({"remove_weapons": ["rifle"]}, r"1st carries no 'rifle' \(carries: SMG\)"),
        ({"add_weapons": ["raygun"]}, "unknown weapon 'raygun'"),
        ({"unit_type": "vehicle", "armour": "power"}, "unknown vehicle armour 'power'"),
        ({"colour": "red"}, "cannot edit colour of a unit"),
    ]:
        with pytest.raises(InputError, match=msg):
            edit_unit(fubar, e.id, **kw)
        assert snap(fubar) == before, kw


def test_edit_unit_type_checks_armour_class(fubar):
    from campaign_app.usecases.units import add_unit, edit_unit

    add_unit(fubar, "Alpha", "Walker", 1, armour="power")
    with pytest.raises(InputError, match="unknown vehicle armour 'power'"):
        edit_unit(fubar, "Walker", unit_type="vehicle")
    assert edit_unit(fubar, "Walker", unit_type="vehicle", armour="ultra-heavy").armour == "ultra-heavy"
    assert edit_unit(fubar, "Walker", unit_type="infantry", armour="none").armour == ""
    assert edit_unit(fubar, "Walker", unit_type="vehicle", armour="none").armour == "none"
    assert edit_unit(fubar, "Walker", unit_type="infantry").armour == ""


def test_exchange_prisoners(morale, snap):
    from campaign_app.usecases import undo
    from campaign_app.usecases.units import add_unit, edit_unit, exchange_prisoners, show_unit

    a = add_unit(morale, "Paras", "1 Section", 10)
    b = add_unit(morale, "Grenadiers", "Gruppe 1", 9)
    add_unit(morale, "Paras", "2 Section", 10)
    edit_unit(morale, a.id, status="prisoner", discipline="prisoner")
    edit_unit(morale, b.id, status="prisoner", discipline="prisoner")
    before = snap(morale)
    with pytest.raises(InputError, match="2 Section is not a prisoner"):
        exchange_prisoners(morale, "2 Section")
    with pytest.raises(InputError, match="same roster"):
        exchange_prisoners(morale, "1 Section", for_unit="2 Section")
    assert snap(morale) == before
    back = exchange_prisoners(morale, "1 Section", for_unit="Gruppe 1")
    assert [(u.name, u.status, u.discipline) for u in back.units] == [
        ("1 Section", "active", "confident"), ("Gruppe 1", "active", "confident")]
    undo(morale, "Bocage")
    assert show_unit(morale, a.id)["status"] == "prisoner" and show_unit(morale, b.id)["status"] == "prisoner"


def test_add_unit_undo(fubar):
    from campaign_app.usecases import show_roster, undo
    from campaign_app.usecases.units import add_unit

    add_unit(fubar, "Alpha", "1st", 8, weapons=["rifle"])
    assert len(show_roster(fubar, "Alpha")["units"]) == 1
    undo(fubar, "Ops")
    assert show_roster(fubar, "Alpha")["units"] == []


def test_unit_choices():
    from campaign_app.usecases.units import unit_choices

    d = unit_choices("fubar")
    assert len(d["weapons"]) == 15 and [t["key"] for t in d["training"]][0] == "green"
    assert [a["key"] for a in d["armour"]["infantry"]] == ["none", "light", "medium", "heavy", "power", "battle"]
    assert [a["key"] for a in d["armour"]["vehicle"]][0] == "none"
    assert unit_choices("unit-morale")["orders"][0]["label"] == "Hold"
    assert unit_choices("unit-morale")["armour"] == {"infantry": [], "vehicle": [], "bunker": []}
    with pytest.raises(InputError, match="has no units"):
        unit_choices("nuts")


# --------------------------------------------------------------------------- CLI
def test_cli_unit_commands(sqlite_url, capsys):
    from campaign_app.cli import main

    def cli(*args):
        rc = main(["--db", sqlite_url, *args])
        out, err = capsys.readouterr()
        return rc, out, err

    assert cli("campaign", "create", "Ops", "--system", "fubar")[0] == 0
    assert cli("roster", "create", "Ops", "Alpha")[0] == 0
    rc, out, _ = cli("unit", "add", "Alpha", "1st Squad", "--figures", "7", "--start", "8", "--training",
                     "Esperto", "--weapon", "assault rifle", "--weapon", "lmg", "--armour", "medium")
    assert rc == 0 and "added unit" in out and "Seasoned (Esperto), activation 4+" in out
    assert '1 (2 at 12" or less)' in out and "save 5+" in out
    rc, out, err = cli("unit", "add", "Alpha", "X", "--figures", "3", "--weapon", "laser")
    assert rc == 2 and "error: unknown weapon 'laser' for FUBAR (valid: pistol" in err
    rc, out, err = cli("unit", "add", "Alpha", "X", "--figures", "9", "--start", "8")
    assert rc == 2 and "figures: 9 is more than the 8" in err
    rc, out, _ = cli("--json", "unit", "edit", "1st Squad", "--figures", "6", "--wounded", "1",
                     "--drop-weapon", "lmg", "--if-version", "1")
    d = json.loads(out)
    assert rc == 0 and (d["figures"], d["wounded"], d["version"]) == (6, 1, 2)
    assert [e["name"] for e in d["equipment"]] == ["Assault rifle"]
    rc, out, err = cli("unit", "edit", "1st Squad", "--figures", "5", "--if-version", "1")
    assert rc == 2 and "changed by someone else" in err
    rc, out, _ = cli("unit", "show", "1st Squad")
    assert rc == 0 and "figures 6/8, 1 wounded" in out
    rc, out, err = cli("unit", "exchange", "1st Squad")
    assert rc == 2 and "is not a prisoner" in err
    assert cli("unit", "edit", "1st Squad", "--status", "prisoner")[0] == 0
    rc, out, _ = cli("unit", "exchange", "1st Squad")
    assert rc == 0 and "1st Squad is back with its force" in out
    rc, out, _ = cli("unit", "options", "fubar")
    assert rc == 0 and "Green (Recluta)" in out and "heavy-cannon" in out
    rc, out, _ = cli("--json", "unit", "options", "unit-morale")
    assert rc == 0 and [o["label"] for o in json.loads(out)["orders"]] == ["Hold", "Sneak", "Advance", "Run"]
