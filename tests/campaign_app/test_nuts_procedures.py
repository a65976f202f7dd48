"""NUTS! / Weird WWII pure procedures: After the Battle row by row with typed dice, and
creature Rep generation. No database: plain BattleState in, Outcome out."""

from __future__ import annotations

from typing import Any

import pytest

from campaign_app.dice import Roller
from campaign_app.errors import DiceError, InputError
from campaign_app.procedure_driver import drive
from campaign_app.rules import load_rulebook
from campaign_app.systems import campaign_tables, game_system
from campaign_app.systems.base import BattleState, FighterState, Outcome, RosterState
from campaign_app.systems.nuts.procedures import after_battle, generate_creatures, leader_order


def tables(house_rules: dict[str, Any] | None = None, weird: bool = True):
    return campaign_tables("nuts", "", ["weird-ww2"] if weird else [], house_rules or {})


def data(weird: bool = True):
    return load_rulebook().data("nuts", "", ["weird-ww2"] if weird else [])


def fighter(fid: int, name: str, rep: int | None = 4, *, result: str | None = "carry-on", type_: str = "grunt",
            role: str = "", kind: str = "human", roster: int = 1, hit: bool = False, status: str = "active",
            conditions: list[str] | None = None, by: int | None = None, details: dict | None = None,
            crew_of: int | None = None) -> FighterState:
    return FighterState(
        id=fid, roster_id=roster, name=name, type=type_, role=role, kind=kind, rep=rep, stats={}, xp=0,
        status=status, conditions=list(conditions or []), skills=[], crew_of_id=crew_of, result=result,
        scored_hit=hit, by_fighter_id=by, details=dict(details or {}),
    )


def state(*fighters: FighterState, house_rules: dict | None = None, weird: bool = True,
          rosters: dict[int, str] | None = None) -> BattleState:
    names = rosters or {1: "Easy Company"}
    return BattleState(
        battle_id=7, number=3, campaign_id=1, system="nuts", edition="",
        expansions=["weird-ww2"] if weird else [], tables=tables(house_rules, weird), data=data(weird),
        rosters={rid: RosterState(id=rid, name=n, kind="squad", faction="", credits=0, reputation=0)
                 for rid, n in names.items()},
        fighters={f.id: f for f in fighters}, units={},
    )


def run(st: BattleState, dice: str | list[int] | None, *, replacements: bool = False,
        **opts: Any) -> tuple[Outcome, Roller]:
    roller = Roller.from_options(dice if dice is not None else [])
    out = drive(after_battle(st, {"replacements": replacements, **opts}), roller)
    roller.finish()  # every typed die was used, no more, no fewer
    return out, roller


def changes(out: Outcome) -> dict[int, dict[str, Any]]:
    return {ch.fighter_id: ch.set for ch in out.fighter_changes}


# --------------------------------------------------------------------------- registration
def test_registered_with_the_nuts_statuses():
    proc = game_system("nuts").procedures()
    assert proc.after_battle is after_battle
    assert proc.default_result == "carry-on"
    assert set(proc.result_statuses) == {
        "carry-on", "duck-back", "hunker-down", "left-battlefield", "out-of-the-fight",
        "obviously-dead", "bitten", "turned",
    }


def test_quiet_battle_changes_nothing_and_rolls_nothing():
    out, roller = run(state(fighter(1, "Able"), fighter(2, "Baker", result="duck-back")), None)
    assert out.fighter_changes == [] and out.new_fighters == [] and roller.rolls == []


# --------------------------------------------------------------------------- OD and zombies
def test_obviously_dead_is_dead_without_a_roll():
    out, roller = run(state(fighter(1, "Able", result="obviously-dead")), None)
    assert changes(out)[1]["status"] == "dead"
    assert roller.rolls == []
    assert out.steps[0].rule == "Obviously Dead"


@pytest.mark.parametrize("how", [
    {"result": "turned"},
    {"result": "obviously-dead", "details": {"zombie": True}},
    {"result": "out-of-the-fight", "details": {"zombie": True}},
    {"result": "out-of-the-fight", "by": 9},  # put down by a zombie figure
    {"result": "obviously-dead", "by": 9},
])
def test_zombie_victims_leave_the_roster_without_a_roll(how):
    victim = fighter(1, "Able", **how)
    zombie = fighter(9, "Zombie 1", rep=2, kind="zombie", roster=2)
    out, roller = run(state(victim, zombie, rosters={1: "Easy", 2: "Horde"}), None)
    assert changes(out)[1]["status"] == "turned"
    assert "leaves the roster" in out.steps[0].text
    assert roller.rolls == []  # no recovery roll for a zombie victim


def test_oof_from_a_human_attacker_rolls_recovery():
    victim = fighter(1, "Able", result="out-of-the-fight", by=9)
    enemy = fighter(9, "Hans", rep=4, roster=2)
    out, roller = run(state(victim, enemy, rosters={1: "Easy", 2: "Germans"}), "1,2")
    assert changes(out)[1]["status"] == "active"
    assert roller.rolls[0].rule == "OOF recovery"


# --------------------------------------------------------------------------- OOF recovery
@pytest.mark.parametrize("faces,passes,status", [
    ("1,2", 2, "active"),        # pass 2: back to duty
    ("4,4", 2, "active"),        # a die equal to Rep passes
    ("2,5", 1, "in-recovery"),   # pass 1: wounded, misses the next battle
    ("6,1", 1, "in-recovery"),
    ("5,6", 0, "lost"),          # pass 0: lost
])
def test_oof_recovery_every_pass_count(faces, passes, status):
    out, roller = run(state(fighter(1, "Able", rep=4, result="out-of-the-fight")), faces)
    (roll,) = roller.rolls
    assert roll.value == passes and roll.target == 4 and roll.table == "nuts-recovery"
    assert roll.rule == "OOF recovery" and roll.fighter_id == 1
    assert changes(out)[1]["status"] == status
    step = out.steps[0]
    assert step.roll is roll and step.fighter_id == 1 and f"Status {status}" in step.text


def test_oof_figure_gets_no_rep_increase_even_with_a_hit():
    out, roller = run(state(fighter(1, "Able", rep=4, result="out-of-the-fight", hit=True)), "1,1")
    assert [r.rule for r in roller.rolls] == ["OOF recovery"]
    assert "rep" not in changes(out)[1]


# --------------------------------------------------------------------------- Rep increase
@pytest.mark.parametrize("rep,face,new", [
    (4, 1, 4), (4, 2, 4), (4, 3, 4), (4, 4, 4),  # 1-5: only a score above Rep counts
    (4, 5, 5),
    (4, 6, 5),                                   # 6: always
    (1, 2, 2), (5, 5, 5), (5, 6, 6),
    (6, 5, 6), (6, 6, 6),                        # never above 6
])
def test_rep_increase_every_row(rep, face, new):
    out, roller = run(state(fighter(1, "Able", rep=rep, hit=True)), [face])
    (roll,) = roller.rolls
    assert roll.table == "nuts-rep-increase" and roll.rule == "Rep increase" and roll.fighter_id == 1
    assert roll.result == ("rep-up" if face == 6 else "compare-rep")
    ch = changes(out)
    if new == rep:
        assert 1 not in ch or "rep" not in ch[1]
        assert f"Rep stays {rep}" in out.steps[0].text
    else:
        assert ch[1]["rep"] == new
        assert f"Rep {rep} -> {new}" in out.steps[0].text


@pytest.mark.parametrize("result", ["carry-on", "duck-back", "left-battlefield", "bitten"])
def test_who_rolls_for_rep_increase(result):
    # hit and not OOF and not hunkered: rolls (left-battlefield rolls both up and down;
    # a bitten grunt first passes its bite test)
    dice = {"carry-on": "6", "duck-back": "6", "left-battlefield": "6,3", "bitten": "1,6"}[result]
    out, roller = run(state(fighter(1, "Able", rep=4, hit=True, result=result)), dice)
    assert "Rep increase" in [r.rule for r in roller.rolls]
    assert changes(out)[1]["rep"] == 5


def test_hunkered_down_figure_with_a_hit_does_not_roll_for_increase():
    out, roller = run(state(fighter(1, "Able", rep=4, hit=True, result="hunker-down")), "2")
    assert [r.rule for r in roller.rolls] == ["Rep decrease"]


def test_no_hit_no_increase_roll():
    out, roller = run(state(fighter(1, "Able", rep=4, hit=False)), None)
    assert roller.rolls == []


def test_zombies_and_walkers_keep_their_rep():
    z = fighter(1, "Zombie 1", rep=2, kind="zombie", hit=True, result="hunker-down")
    w = fighter(2, "T-44 Walker", rep=None, kind="walker", hit=True)
    out, roller = run(state(z, w), None)
    assert roller.rolls == [] and out.fighter_changes == []


# --------------------------------------------------------------------------- Rep decrease
@pytest.mark.parametrize("result", ["hunker-down", "left-battlefield"])
@pytest.mark.parametrize("rep,face,new", [
    (4, 1, 3), (4, 2, 4), (4, 3, 4), (4, 4, 4), (4, 5, 4), (4, 6, 4),
    (2, 1, 1),
    (1, 1, 1), (1, 6, 1),  # never below 1
])
def test_rep_decrease_every_row(result, rep, face, new):
    out, roller = run(state(fighter(1, "Able", rep=rep, result=result)), [face])
    (roll,) = roller.rolls
    assert roll.table == "nuts-rep-decrease" and roll.rule == "Rep decrease"
    assert roll.result == ("rep-down" if face == 1 else "no-change")
    ch = changes(out)
    if new == rep:
        assert 1 not in ch or "rep" not in ch[1]
    else:
        assert ch[1]["rep"] == new
    if rep == 1 and face == 1:
        assert "never goes below 1" in out.steps[0].text


def test_increase_then_decrease_for_a_figure_that_left_with_a_hit():
    out, roller = run(state(fighter(1, "Able", rep=4, hit=True, result="left-battlefield")), "6,1")
    assert [r.rule for r in roller.rolls] == ["Rep increase", "Rep decrease"]
    assert changes(out)[1]["rep"] == 4  # 4 -> 5 -> 4
    assert "Rep 5 -> 4" in out.steps[1].text


# --------------------------------------------------------------------------- bites
@pytest.mark.parametrize("faces,passes,turned", [("3", 1, False), ("4", 1, False), ("5", 0, True), ("6", 0, True)])
def test_bite_test_every_pass_count(faces, passes, turned):
    out, roller = run(state(fighter(1, "Able", rep=4, result="bitten")), faces)
    (roll,) = roller.rolls
    assert roll.table == "ww2-bite" and roll.value == passes and roll.target == 4
    assert roll.rule == "They Can Sure Bite" and roll.fighter_id == 1
    ch = changes(out).get(1, {})
    assert "conditions" not in ch  # nothing remembered past the game (seed 001)
    if turned:
        assert ch["status"] == "turned"
        assert "leaves the roster" in out.steps[0].text
    else:
        assert "status" not in ch


def test_a_stars_first_bite_passes_without_a_roll():
    out, roller = run(state(fighter(1, "Sgt Rock", rep=5, type_="star", result="bitten")), None)
    assert roller.rolls == []
    assert 1 not in changes(out)  # no campaign memory: the next game's first bite is free again
    assert "first bite" in out.steps[0].text


def test_a_stars_first_bite_of_each_game_is_free_even_if_bitten_in_an_earlier_one():
    # seed 001: "The first time during a game that a star is knocked down by a zombie they
    # are considered to pass": per game, not per campaign (an old campaign's condition is ignored)
    star = fighter(1, "Sgt Rock", rep=5, type_="star", result="bitten", conditions=["bitten-before"])
    out, roller = run(state(star), None)
    assert roller.rolls == [] and "first bite" in out.steps[0].text


def test_a_stars_second_bite_in_the_same_game_is_rolled():
    star = fighter(1, "Sgt Rock", rep=5, type_="star", result="bitten", details={"marked": {"bitten": 2}})
    out, roller = run(state(star), "6")
    assert [r.table for r in roller.rolls] == ["ww2-bite"]
    assert "first bite" in out.steps[0].text and "bite 2 of 2" in roller.rolls[0].purpose
    assert changes(out)[1]["status"] == "turned"


def test_a_figure_can_be_bitten_more_than_once_in_a_game():
    # a grunt bitten twice rolls twice; one bitten then put out of the fight rolls the
    # bite, then recovery
    grunt = fighter(1, "Able", rep=4, result="bitten", details={"marked": {"bitten": 2}})
    out, roller = run(state(grunt), "1,2")
    assert [r.table for r in roller.rolls] == ["ww2-bite", "ww2-bite"]
    oof = fighter(2, "Baker", rep=4, result="out-of-the-fight", details={"marked": {"bitten": 1}})
    out, roller = run(state(oof), "1,1,1")
    assert [r.table for r in roller.rolls] == ["ww2-bite", "nuts-recovery"]


def test_a_grunts_first_bite_is_rolled():
    out, roller = run(state(fighter(1, "Able", rep=3, type_="grunt", result="bitten")), "2")
    assert len(roller.rolls) == 1 and "status" not in changes(out).get(1, {})


def test_bite_without_the_expansion_is_refused():
    st = state(fighter(1, "Able", rep=3, result="bitten"), weird=False)
    with pytest.raises(InputError, match="ww2-bite.*weird-ww2"):
        run(st, "2")


# --------------------------------------------------------------------------- recovery return
def test_figure_in_recovery_that_missed_the_battle_is_back():
    out, roller = run(state(fighter(1, "Able"), fighter(2, "Baker", status="in-recovery", result=None)), None)
    assert changes(out)[2]["status"] == "active"
    assert roller.rolls == []
    assert any(s.rule == "Back from recovery" for s in out.steps)


def test_active_figure_that_missed_the_battle_is_untouched():
    out, _ = run(state(fighter(1, "Able"), fighter(2, "Baker", result=None)), None)
    assert 2 not in changes(out)


def test_figure_wounded_in_this_battle_stays_in_recovery():
    out, _ = run(state(fighter(1, "Able", result="out-of-the-fight")), "1,6")
    assert changes(out)[1]["status"] == "in-recovery"


# --------------------------------------------------------------------------- replacements
def squad(*extra: FighterState) -> list[FighterState]:
    return [
        fighter(1, "Lt Dan", rep=5, role="leader", type_="star"),
        fighter(2, "Able", rep=4),
        fighter(3, "Baker", rep=3),
        *extra,
    ]


@pytest.mark.parametrize("faces,passes,reps", [
    ("1,2,1,6", 2, [3, 5]),  # pass 2: two grunts, each rolling the grunt Rep table
    ("3,6,4", 1, [4]),       # pass 1: one grunt
    ("6,6", 0, []),          # pass 0: none
])
def test_replacements_every_pass_count(faces, passes, reps):
    out, roller = run(state(*squad()), faces, replacements=True)
    first = roller.rolls[0]
    assert first.table == "nuts-replacements" and first.value == passes
    assert first.target == 5 and first.fighter_id == 1 and first.rule == "Replacements"
    assert [r.table for r in roller.rolls[1:]] == ["nuts-grunt-rep"] * len(reps)
    assert all(r.rule == "Grunt Rep" for r in roller.rolls[1:])
    assert [nf.fields["rep"] for nf in out.new_fighters] == reps
    assert [nf.fields["name"] for nf in out.new_fighters] == [f"Replacement {i}" for i in range(1, len(reps) + 1)]
    assert [r.extra["new_fighter"] for r in roller.rolls[1:]] == list(range(len(reps)))
    for nf in out.new_fighters:
        assert nf.roster_id == 1
        assert nf.fields["fighter_type"] == "grunt" and nf.fields["kind"] == "human"
        assert nf.fields["status"] == "active"


@pytest.mark.parametrize("face,rep", [(1, 3), (2, 3), (3, 4), (4, 4), (5, 4), (6, 5)])
def test_grunt_rep_every_row(face, rep):
    out, roller = run(state(*squad()), [1, 6, face], replacements=True)
    assert [nf.fields["rep"] for nf in out.new_fighters] == [rep]
    assert roller.rolls[1].extra["subject"] == "Replacement 1"


def test_replacement_numbers_follow_existing_ones():
    out, _ = run(state(*squad(fighter(4, "Replacement 2", rep=3, status="dead", result=None))), "1,6,1",
                 replacements=True)
    assert [nf.fields["name"] for nf in out.new_fighters] == ["Replacement 3"]


def test_house_ruled_grunt_rep_table_is_used():
    house = {"nuts-grunt-rep": {
        "title": "Grunt Rep (veterans)", "dice": "d6",
        "rows": [
            {"roll": "1-3", "result": "rep-4", "label": "Rep 4", "effects": [{"op": "set-rep", "value": 4}]},
            {"roll": "4-6", "result": "rep-6", "label": "Rep 6", "effects": [{"op": "set-rep", "value": 6}]},
        ],
    }}
    out, roller = run(state(*squad(), house_rules=house), "1,1,1,6", replacements=True)
    assert [nf.fields["rep"] for nf in out.new_fighters] == [4, 6]  # shipped table: 3 and 5
    assert roller.rolls[1].extra["label"] == "Rep 4"


def test_house_ruled_recovery_table_is_used():
    house = {"nuts-recovery": {
        "title": "Recovery (harsh)", "dice": "pass:2d6",
        "rows": [
            {"roll": "2", "result": "wounded", "effects": [{"op": "status", "value": "in-recovery"}]},
            {"roll": "0-1", "result": "lost", "effects": [{"op": "status", "value": "lost"}]},
        ],
    }}
    out, _ = run(state(fighter(1, "Able", rep=4, result="out-of-the-fight"), house_rules=house), "1,1")
    assert changes(out)[1]["status"] == "in-recovery"  # shipped table: active


@pytest.mark.parametrize("leader_fate,dice", [
    ({"result": "obviously-dead"}, "1,6,2"),                     # dead: no roll for him
    ({"result": "turned"}, "1,6,2"),
    ({"result": "out-of-the-fight"}, "6,6,1,6,2"),               # recovery pass 0: lost
    ({"result": "out-of-the-fight"}, "1,6,1,6,2"),               # in recovery: next in line
    ({"status": "in-recovery", "result": None}, None),           # back from recovery: he rolls
])
def test_a_squad_whose_leader_is_lost(leader_fate, dice):
    lt = fighter(1, "Lt Dan", rep=5, role="leader", **{"type_": "grunt", **leader_fate})
    sgt = fighter(2, "Sgt Rock", rep=4, type_="star")
    pvt = fighter(3, "Pvt Ryan", rep=6)
    st = state(lt, sgt, pvt)
    if dice is None:  # the leader comes back from recovery and rolls himself
        out, roller = run(st, "1,6,3", replacements=True)
        assert roller.rolls[0].fighter_id == 1 and roller.rolls[0].target == 5
        return
    out, roller = run(st, dice, replacements=True)
    rep_roll = next(r for r in roller.rolls if r.table == "nuts-replacements")
    # next in line: the Star before the higher-Rep grunt
    assert rep_roll.fighter_id == 2 and rep_roll.target == 4
    step = next(s for s in out.steps if s.rule == "Replacements")
    assert "Sgt Rock" in step.text and "standing in for Lt Dan" in step.text
    assert [nf.fields["rep"] for nf in out.new_fighters] == [3]


def test_leader_order_without_role_or_star_is_highest_rep_then_oldest():
    a, b, c = fighter(5, "A", rep=4), fighter(3, "B", rep=5), fighter(4, "C", rep=5)
    assert [f.name for f in leader_order([a, b, c], {5: 4, 3: 5, 4: 5})] == ["B", "C", "A"]


def test_squad_with_nobody_left_gets_no_replacements():
    st = state(fighter(1, "Lt Dan", rep=5, role="leader", result="obviously-dead"),
               fighter(2, "Able", rep=4, result="obviously-dead"))
    out, roller = run(st, None, replacements=True)
    assert roller.rolls == [] and out.new_fighters == []
    assert "no replacements" in out.steps[-1].text


def test_each_roster_rolls_and_creature_forces_do_not():
    easy = [fighter(1, "Lt Dan", rep=5, role="leader"), fighter(2, "Able", rep=4)]
    kraut = [fighter(5, "Hans", rep=4, roster=2)]
    horde = [fighter(8, "Zombie 1", rep=2, kind="zombie", roster=3), fighter(9, "Vampire 1", rep=5, kind="vampire", roster=3)]
    st = state(*easy, *kraut, *horde, rosters={1: "Easy", 2: "Germans", 3: "Horde"})
    out, roller = run(st, "6,6,1,6,2", replacements=True)
    assert [(r.table, r.fighter_id) for r in roller.rolls] == [
        ("nuts-replacements", 1), ("nuts-replacements", 5), ("nuts-grunt-rep", None)]
    assert [(nf.roster_id, nf.fields["name"]) for nf in out.new_fighters] == [(2, "Replacement 1")]


def test_walker_crew_do_not_lead_the_squad():
    st = state(fighter(1, "Walker", rep=None, kind="walker"), fighter(2, "Cmdr", rep=6, crew_of=1),
               fighter(3, "Able", rep=3))
    _, roller = run(st, "6,6", replacements=True)
    assert roller.rolls[0].fighter_id == 3


# --------------------------------------------------------------------------- dice and order
def test_whole_battle_in_order_with_typed_dice():
    fs = [
        fighter(1, "Lt Dan", rep=5, role="leader", type_="star", hit=True),
        fighter(2, "Able", rep=4, result="obviously-dead"),
        fighter(3, "Baker", rep=4, result="out-of-the-fight"),
        fighter(4, "Charlie", rep=3, result="bitten"),
        fighter(5, "Dog", rep=3, result="hunker-down"),
        fighter(6, "Easy", rep=4, result="turned"),
    ]
    out, roller = run(state(*fs), "4  2,3  6  1  1,2  5,6", replacements=True)
    assert [r.rule for r in roller.rolls] == [
        "They Can Sure Bite", "OOF recovery", "Rep increase", "Rep decrease", "Replacements",
        "Grunt Rep", "Grunt Rep",
    ]
    ch = changes(out)
    assert ch[2]["status"] == "dead"
    assert ch[6]["status"] == "turned"
    assert ch[4]["status"] == "turned"     # bite 4 vs Rep 3 fails
    assert ch[3]["status"] == "active"     # 2,3 vs 4: pass 2
    assert ch[1]["rep"] == 6               # a 6
    assert ch[5]["rep"] == 2               # a 1
    assert [nf.fields["rep"] for nf in out.new_fighters] == [4, 5]
    assert all(s.rule for s in out.steps)


def test_too_few_typed_dice_names_the_roll():
    with pytest.raises(DiceError, match="Baker: recovery"):
        run(state(fighter(3, "Baker", rep=4, result="out-of-the-fight")), "2")


def test_too_many_typed_dice_are_refused():
    with pytest.raises(DiceError, match="too many dice"):
        run(state(fighter(3, "Baker", rep=4, result="out-of-the-fight")), "2,2,2")


def test_typed_face_7_is_refused():
    with pytest.raises(DiceError, match="1 to 6"):
        Roller.from_options("2,7")


def test_seeded_runs_repeat():
    fs = squad(fighter(4, "Dog", rep=3, result="out-of-the-fight", hit=True))
    a = drive(after_battle(state(*fs), {}), Roller.from_options(seed=11))
    b = drive(after_battle(state(*fs), {}), Roller.from_options(seed=11))
    assert [s.text for s in a.steps] == [s.text for s in b.steps]


def test_unknown_result_is_refused():
    with pytest.raises(InputError, match="not a NUTS! status"):
        run(state(fighter(1, "Able", result="captured")), None)


# --------------------------------------------------------------------------- creatures
GEN = {
    "vampire": (4, 5, 6), "werewolf": (4, 5, 6), "monster": (4, 5, 6),
    "armoured-light": (3, 4, 5), "armoured-heavy": (3, 4, 5), "rocket-trooper": (3, 4, 5),
}


@pytest.mark.parametrize("kind", sorted(GEN))
@pytest.mark.parametrize("face", [1, 2, 3, 4, 5, 6])
def test_creature_rep_every_row(kind, face):
    roller = Roller.from_options([face])
    (c,) = drive(generate_creatures(kind, 1, False, tables(), data(), 1), roller)
    roller.finish()
    low, mid, high = GEN[kind]
    assert c["rep"] == (low if face <= 2 else mid if face <= 5 else high)
    assert c["kind"] == kind and c["roll"] is roller.rolls[0]
    assert c["roll"].table == f"ww2-gen-{kind}" and c["roll"].rule == "Creature Rep"
    assert c["abilities"] == data()["creatures"][kind]["abilities"] and c["abilities"]


def test_armoured_troopers_carry_their_armour():
    roller = Roller.from_options([3, 3])
    light = drive(generate_creatures("armoured-light", 1, False, tables(), data()), roller)
    heavy = drive(generate_creatures("armoured-heavy", 1, False, tables(), data()), roller)
    assert light[0]["stats"] == {"armour": 1} and heavy[0]["stats"] == {"armour": 2}


def test_zombies_are_rep_2_without_a_roll():
    roller = Roller.from_options([])
    zs = drive(generate_creatures("zombie", 5, False, tables(), data(), 4), roller)
    roller.finish()
    assert [z["rep"] for z in zs] == [2] * 5 and roller.rolls == []
    assert [z["name"] for z in zs] == [f"Zombie {i}" for i in range(4, 9)]
    assert all(z["roll"] is None for z in zs)


@pytest.mark.parametrize("kind", sorted(GEN))
def test_super_is_rep_5_without_a_roll(kind):
    roller = Roller.from_options([])
    cs = drive(generate_creatures(kind, 2, True, tables(), data(), 1), roller)
    roller.finish()
    assert [c["rep"] for c in cs] == [5, 5] and roller.rolls == []
    assert "Super" in cs[0]["notes"]


def test_no_super_zombies():
    with pytest.raises(InputError, match="always Rep 2"):
        drive(generate_creatures("zombie", 1, True, tables(), data()), Roller.from_options([]))


def test_house_ruled_generation_table_is_used():
    house = {"ww2-gen-vampire": {"title": "Old vampires", "dice": "d6", "rows": [
        {"roll": "1-6", "result": "rep-6", "effects": [{"op": "set-rep", "value": 6}]}]}}
    roller = Roller.from_options([1])
    (c,) = drive(generate_creatures("vampire", 1, False, tables(house), data()), roller)
    assert c["rep"] == 6


def test_unknown_kind_lists_the_kinds():
    with pytest.raises(InputError, match="unknown creature kind 'ghoul'.*zombie.*vampire"):
        drive(generate_creatures("ghoul", 1, False, tables(), data()), Roller.from_options([]))
    with pytest.raises(InputError, match="walker"):
        drive(generate_creatures("walker", 1, False, tables(), data()), Roller.from_options([]))


@pytest.mark.parametrize("count", [0, -1, 101, True, "3"])
def test_bad_count(count):
    with pytest.raises(InputError, match="1 to 100"):
        drive(generate_creatures("zombie", count, False, tables(), data()), Roller.from_options([]))


def test_batch_names_and_typed_dice_in_order():
    roller = Roller.from_options([1, 6, 4])
    cs = drive(generate_creatures("werewolf", 3, False, tables(), data(), 2), roller)
    roller.finish()
    assert [(c["name"], c["rep"]) for c in cs] == [("Werewolf 2", 4), ("Werewolf 3", 6), ("Werewolf 4", 5)]
    assert [r.extra["subject"] for r in roller.rolls] == ["Werewolf 2", "Werewolf 3", "Werewolf 4"]
