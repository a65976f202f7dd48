"""Necromunda's pure injury procedures (campaign_app/systems/necromunda.py): every D66
outcome of both editions' Lasting Injury tables gives the right result AND changes the
fighter as RULES.md section 3 says; limits, repeats, Multiple Injuries with rerolls,
vehicles' Lasting Damage, and the After the Battle procedure on hand-built states."""

from __future__ import annotations

import pytest

from campaign_app.dice import Roller
from campaign_app.errors import DiceError, InputError
from campaign_app.procedure_driver import drive
from campaign_app.rules import load_rulebook
from campaign_app.systems import campaign_tables, stat_rules
from campaign_app.systems.base import BattleState, FighterState, RosterState
from campaign_app.systems.necromunda import STATS as NECRO_STATS
from campaign_app.systems.necromunda.procedures import (
    Enemy,
    Sheet,
    after_battle,
    apply_lasting_injury,
    roll_lasting_injury,
)

BASE = {"M": 5, "WS": 4, "BS": 4, "S": 3, "T": 3, "W": 1, "I": 4, "A": 1,
        "Ld": 7, "Cl": 7, "Wil": 8, "Int": 8}
VEHICLE = {"M": 8, "Fr": 8, "Sd": 7, "Rr": 6, "HP": 3, "Hnd": 6, "Sv": 4, "BS": 4, "Ld": 8, "Cl": 7,
           "Wil": 8, "Int": 8}
ENEMY = Enemy(fighter_id=7, fighter_name="Krug", roster_id=2, roster_name="Iron Fists", gang_type="Goliath")


def _d66() -> list[int]:
    return [t * 10 + u for t in range(1, 7) for u in range(1, 7)]


def fighter(fid: int = 1, *, stats=None, kind: str = "human", type_: str = "ganger", status: str = "active",
            conditions=(), skills=(), xp: int = 0, roster_id: int = 1, result=None, by=None) -> FighterState:
    return FighterState(id=fid, roster_id=roster_id, name=f"F{fid}", type=type_, role="", kind=kind, rep=None,
                        stats=dict(BASE if stats is None else stats), xp=xp, status=status,
                        conditions=list(conditions), skills=list(skills), result=result, by_fighter_id=by)


def tables(edition: str):
    return campaign_tables("necromunda", edition)


def run(edition: str, f: FighterState, faces, enemy: Enemy | None = ENEMY):
    roller = Roller.from_options(list(faces))
    sheet = Sheet.of(f)
    out = drive(roll_lasting_injury(sheet, tables(edition), edition, enemy=enemy), roller)
    roller.finish()  # exactly the dice the result needs
    return out, sheet.columns(f), sheet


# --------------------------------------------------------------------------- expectations
# (result, status, stat deltas, xp gained, conditions added, extra faces after the D66)
def E(result, status=None, stats=None, xp=0, conds=(), extra=()):  # noqa: N802
    return (result, status, stats or {}, xp, list(conds), list(extra))


N26 = {
    11: E("lesson-learnt", xp=3, extra=[5]),  # D3 from a 5 = 3
    12: E("eternal-enmity", conds=["hatred-gang-type:Goliath"]),
    13: E("bitter-enmity", conds=["hatred-gang:Iron Fists (#2)"]),
    14: E("personal-enmity", conds=["hatred-fighter:Krug (#7)"]),
    15: E("horrid-scars", conds=["fearsome"]),
    16: E("impressive-scars", stats={"Ld": +1}),  # Ld is a plain value in n26: +1 Leadership = 7 -> 8
    **{r: E("out-cold") for r in range(21, 27)},
    **{r: E("grievous-wound", "in-recovery") for r in (31, 32, 33, 34, 35, 36, 41, 42, 43, 44, 45, 46)},
    51: E("eye-injury", "in-recovery", {"BS": +1}),  # one worse: 4+ -> 5+
    52: E("hand-injury", "in-recovery", {"WS": +1}),
    53: E("hobbled", "in-recovery", {"M": -1}),
    54: E("spinal-injury", "in-recovery", {"S": -1}),
    55: E("enfeebled", "in-recovery", {"T": -1}),
    56: E("head-injury", "in-recovery", {"Ld": -1}),
    61: E("captured", "captured"),
    62: E("captured", "captured"),
    **{r: E("critical-injury", "in-recovery", conds=["critical-injury"]) for r in (63, 64, 65)},
    66: E("memorable-death", "dead"),
}

N23 = {
    11: E("lesson-learned", "convalescence", xp=2, extra=[3]),  # D3 from a 3 = 2
    12: E("impressive-scars", stats={"Cl": -1}, conds=["impressive-scars"]),
    13: E("horrid-scars", conds=["fearsome"]),
    14: E("bitter-enmity", conds=["hatred-gang:Iron Fists (#2)"]),
    **{r: E("out-cold") for r in (15, 16, 21, 22, 23, 24, 25, 26)},
    **{r: E("convalescence", "convalescence") for r in range(31, 37)},
    41: E("old-battle-wound", "in-recovery", conds=["old-battle-wound"]),
    42: E("partially-deafened", "in-recovery", conds=["partially-deafened"]),
    43: E("humiliated", "convalescence", {"Ld": +1, "Cl": +1}),
    44: E("eye-injury", "in-recovery", {"BS": +1}),
    45: E("hand-injury", "in-recovery", {"WS": +1}),
    46: E("hobbled", "in-recovery", {"M": -1}),
    51: E("spinal-injury", "in-recovery", {"S": -1}),
    52: E("enfeebled", "in-recovery", {"T": -1}),
    53: E("head-injury", "in-recovery", {"Int": +1, "Wil": +1}),
    # Multiple Injuries: D3 (a 1 -> one more roll), then 3,1 = Convalescence
    54: E("multiple-injuries", "convalescence", extra=[1, 3, 1]),
    55: E("captured", "captured"),
    56: E("captured", "captured"),
    **{r: E("critical-injury", "in-recovery", conds=["critical-injury"]) for r in (61, 62, 63, 64, 65)},
    66: E("memorable-death", "dead"),
}


def test_expectations_cover_all_36():
    assert sorted(N26) == _d66() and sorted(N23) == _d66()


@pytest.mark.parametrize(("edition", "roll"), [("n26", r) for r in _d66()] + [("n23", r) for r in _d66()])
def test_every_d66_outcome_result_and_effect(edition, roll):
    result, status, deltas, xp, conds, extra = (N26 if edition == "n26" else N23)[roll]
    f = fighter()
    out, cols, _sheet = run(edition, f, [roll // 10, roll % 10, *extra])
    rec = out.records[0]
    assert rec.result == result
    assert rec.roll.value == roll and rec.roll.faces == [roll // 10, roll % 10]
    assert rec.table_id == f"{edition}-lasting-injury"
    assert rec.skipped == []
    expected = {}
    if deltas:
        expected["stats"] = {**BASE, **{k: BASE[k] + d for k, d in deltas.items()}}
    if xp:
        expected["xp"] = xp
    if status:
        expected["status"] = status
    if conds:
        expected["conditions"] = conds
    assert cols == expected


# --------------------------------------------------------------------------- limits, repeats
def test_change_at_its_limit_is_skipped_and_the_rest_applies():
    f = fighter(stats={**BASE, "BS": 6, "Ld": 12, "M": 1})
    out, cols, _ = run("n26", f, [5, 1])  # Eye Injury: In Recovery, BS one worse
    assert cols == {"status": "in-recovery"}
    assert out.records[0].applied == ["status in-recovery"]
    assert out.records[0].skipped == ["BS +1: already at its limit (6+)"]
    out, cols, _ = run("n26", f, [1, 6])  # Impressive Scars at Ld 12 (a plain value in n26)
    assert cols == {} and out.records[0].skipped == ["Ld +1: already at its limit (12)"]
    out, cols, _ = run("n23", fighter(stats={**BASE, "Cl": 2}), [1, 2])  # n23 Impressive Scars at Cl 2+
    assert out.records[0].skipped == ["Cl -1: already at its limit (2+)"]
    out, cols, _ = run("n23", f, [4, 6])  # Hobbled at M 1
    assert cols == {"status": "in-recovery"} and "M -1: already at its limit (1)" in out.records[0].skipped


def test_missing_characteristic_is_skipped():
    f = fighter(stats={"M": 5})
    out, cols, _ = run("n26", f, [5, 2])  # Hand Injury, no WS on the stat line
    assert cols == {"status": "in-recovery"}
    assert out.records[0].skipped == ["WS +1: no WS on the stat line"]


def test_edition_limits_differ_for_initiative():
    assert {r.key: r.target for r in stat_rules("necromunda", "n26")}["I"] is False
    assert {r.key: r.target for r in stat_rules("necromunda", "n23")}["I"] is True
    assert NECRO_STATS == stat_rules("necromunda", "n26")
    assert stat_rules("necromunda", "") == stat_rules("necromunda", "n26")
    v = {r.key: r for r in stat_rules("necromunda", "n23", "vehicle")}
    assert {"M", "Fr", "Sd", "Rr", "HP", "Hnd", "Sv"} <= set(v) and v["Sv"].target
    assert [r.key for r in stat_rules("necromunda", "n26", "vehicle")] == list(v)


def test_repeats_apply_again():
    f = fighter()
    sheet = Sheet.of(f)
    t = tables("n26")
    for _ in range(2):
        roller = Roller.from_options([5, 1])
        drive(roll_lasting_injury(sheet, t, "n26", enemy=ENEMY), roller)
    assert sheet.stats["BS"] == 6 and sheet.status == "in-recovery"
    roller = Roller.from_options([5, 1])
    third = drive(roll_lasting_injury(sheet, t, "n26", enemy=ENEMY), roller)
    assert sheet.stats["BS"] == 6 and third.records[0].skipped == ["BS +1: already at its limit (6+)"]


def test_condition_or_skill_already_held_is_skipped():
    f = fighter(conditions=["hatred-gang:Iron Fists (#2)"], skills=["Fearsome"])
    out, cols, _ = run("n26", f, [1, 3])
    assert cols == {} and out.records[0].skipped == ["hatred-gang:Iron Fists (#2): already has it"]
    out, cols, _ = run("n26", f, [1, 5])  # Horrid Scars: Fearsome already a skill
    assert cols == {} and out.records[0].skipped == ["fearsome: already has it"]
    # another gang is another hatred
    other = Enemy(8, "Vex", 3, "Blades", "Escher")
    out, cols, _ = run("n26", f, [1, 3], enemy=other)
    assert cols == {"conditions": ["hatred-gang:Iron Fists (#2)", "hatred-gang:Blades (#3)"]}


def test_hatred_without_a_known_attacker_is_recorded_with_a_note():
    out, cols, _ = run("n26", fighter(), [1, 4], enemy=None)
    assert cols == {"conditions": ["hatred-fighter"]}
    assert out.notes and "not known" in out.notes[0]


def test_n23_impressive_scars_only_once():
    f = fighter(conditions=["impressive-scars"], stats={**BASE, "Cl": 6})
    out, cols, _ = run("n23", f, [1, 2])
    assert cols == {}
    assert out.records[0].skipped == ["Impressive Scars: only once per fighter, already had"]


def test_n23_multiple_injuries_rolls_d3_more_and_rerolls_the_listed_results():
    faces = [5, 4,  # Multiple Injuries
             3,  # D3 = 2 more rolls
             5, 5,  # Captured: rerolled
             2, 1,  # Out Cold: rerolled
             6, 6,  # Memorable Death: rerolled
             5, 4,  # Multiple Injuries: rerolled
             4, 4,  # Eye Injury (roll 1)
             6, 1,  # Critical Injury: rerolled
             5, 2]  # Enfeebled (roll 2)
    out, cols, _ = run("n23", fighter(), faces)
    assert [r.result for r in out.records] == ["multiple-injuries", "eye-injury", "enfeebled"]
    assert [r.roll.value for r in out.records] == [54, 44, 52]
    assert cols == {"status": "in-recovery", "stats": {**BASE, "BS": 5, "T": 2}}
    rerolled = [s for s in out.steps if "rolled again" in s.text]
    assert [s.roll.value for s in rerolled] == [55, 21, 66, 54, 61]
    assert out.records[0].applied == ["2 more roll(s) on n23-lasting-injury"]


def test_n23_multiple_injuries_keeps_the_more_serious_status():
    # 54, D3 of 3 = 2 rolls: Convalescence (31) then Eye Injury (44)
    out, cols, _ = run("n23", fighter(), [5, 4, 3, 3, 1, 4, 4])
    assert cols["status"] == "in-recovery"
    out, cols, _ = run("n23", fighter(), [5, 4, 3, 4, 4, 3, 1])
    assert cols["status"] == "in-recovery"
    assert "status convalescence: already in-recovery, which is more serious" in out.records[2].skipped


def test_typed_dice_too_few_names_the_roll():
    with pytest.raises(DiceError, match="D3"):
        run("n26", fighter(), [1, 1])  # Lesson Learnt needs a D3 more
    with pytest.raises(DiceError, match="1 to 6"):
        Roller.from_options("7,1")


def test_entered_by_hand_row_needs_no_roll():
    t = tables("n26")
    f = fighter()
    out = drive(apply_lasting_injury(f, t["n26-lasting-injury"].row_by_result("enfeebled"), t, "n26"), Roller.from_options([]))
    assert out.records[0].roll.source == "typed" and out.records[0].applied == ["status in-recovery", "T 3 -> 2"]


# --------------------------------------------------------------------------- vehicles
N26_DAMAGE = {
    11: "lesson-learnt", 12: "eternal-enmity", 13: "bitter-enmity", 14: "personal-enmity",
    15: "percussive-repair", 16: "percussive-repair",
    **{r: "superficial-damage" for r in range(21, 27)},
    **{r: "major-damage" for r in (31, 32, 33, 34, 35, 36, 41, 42, 43, 44, 45, 46)},
    51: "busted-sights", 52: "busted-sights", 53: "drive-system-fault", 54: "buckled-frame",
    55: "engine-fracture", 56: "engine-fracture", 61: "captured", 62: "captured",
    63: "critical-damage", 64: "critical-damage", 65: "critical-damage", 66: "catastrophic-explosion",
}  # fmt: skip


@pytest.mark.parametrize("roll", _d66())
def test_n26_vehicle_lasting_damage(roll):
    v = fighter(kind="vehicle", type_="vehicle", stats=VEHICLE)
    extra = [4] if roll == 11 else []
    out, cols, _ = run("n26", v, [roll // 10, roll % 10, *extra])
    rec = out.records[0]
    assert rec.table_id == "n26-lasting-damage" and rec.result == N26_DAMAGE[roll]
    status = {"major-damage": "in-recovery", "busted-sights": "in-recovery", "drive-system-fault": "in-recovery",
              "buckled-frame": "in-recovery", "engine-fracture": "in-recovery", "captured": "captured",
              "critical-damage": "in-recovery", "catastrophic-explosion": "dead"}.get(rec.result)
    assert cols.get("status") == status
    if rec.result == "lesson-learnt":
        assert cols["xp"] == 2
    if rec.result == "critical-damage":
        assert cols["conditions"] == ["critical-damage"]
    if rec.result in ("busted-sights", "drive-system-fault", "buckled-frame", "engine-fracture"):
        assert any(a.startswith("note:") for a in rec.applied) and out.notes
    assert "stats" not in cols


def test_n23_vehicle_lasting_damage_d6():
    v = fighter(kind="vehicle", type_="vehicle", stats=VEHICLE)
    out, cols, _ = run("n23", v, [1])
    assert out.records[0].result == "persistent-rattle" and cols == {"conditions": ["persistent-rattle"]}
    out, cols, _ = run("n23", v, [4])
    assert out.records[0].result == "loss-of-power" and cols == {"stats": {**VEHICLE, "M": 7}}
    out, cols, _ = run("n23", v, [6])
    assert out.records[0].result == "damaged-frame" and cols == {"stats": {**VEHICLE, "HP": 2}}
    out, cols, _ = run("n23", v, [5])
    assert out.records[0].result == "damaged-bodywork" and cols == {} and out.notes
    # Hull Points at the minimum: skipped
    out, cols, _ = run("n23", fighter(kind="vehicle", stats={**VEHICLE, "HP": 1}), [6])
    assert cols == {} and out.records[0].skipped == ["HP -1: already at its limit (1)"]


def test_n23_persistent_rattle_stacks_and_leads_to_write_off():
    v = fighter(kind="vehicle", stats=VEHICLE, conditions=["persistent-rattle"])
    out, cols, _ = run("n23", v, [1])  # 1 + 1 = 2: Handling Glitch
    assert out.records[0].result == "handling-glitch" and out.records[0].roll.spec == "d6+1"
    v2 = fighter(kind="vehicle", stats=VEHICLE, conditions=["persistent-rattle", "persistent-rattle"])
    out, cols, _ = run("n23", v2, [4])  # 4 + 2 = 6: Damaged Frame
    assert out.records[0].result == "damaged-frame"
    out, cols, _ = run("n23", v2, [5])  # 5 + 2 = 7: Write-off
    assert out.records[0].result == "write-off" and cols["status"] == "dead"
    # a second rattle (entered by hand: a rattled vehicle's roll cannot read 1) stacks
    v0 = fighter(kind="vehicle", stats=VEHICLE, conditions=["persistent-rattle"])
    sheet = Sheet.of(v0)
    drive(apply_lasting_injury(sheet, tables("n23")["n23-lasting-damage"].lookup(1), tables("n23"), "n23"), Roller.from_options([]))
    assert sheet.conditions == ["persistent-rattle", "persistent-rattle"]


# --------------------------------------------------------------------------- after the battle (pure)
def state(edition: str, fighters: list[FighterState], *, winner=1, credits=(200, 100), results=None):
    rosters = {
        1: RosterState(1, "Iron Fists", "gang", "Goliath", credits[0], 0, "win" if winner == 1 else
                       ("loss" if winner == 2 else "")),
        2: RosterState(2, "Blades", "gang", "Escher", credits[1], 0, "win" if winner == 2 else
                       ("loss" if winner == 1 else "")),
    }
    return BattleState(battle_id=1, number=1, campaign_id=1, system="necromunda", edition=edition, expansions=[],
                       tables=tables(edition), data=load_rulebook().data("necromunda", edition), rosters=rosters,
                       fighters={f.id: f for f in fighters}, units={}, winner_roster_id=winner)


def gangs(edition_results: dict[int, tuple[str | None, int | None]]):
    """1 Leader(1), 2 Champion(1), 3 Ganger(1); 4 Leader(2), 5 Champion(2), 6 Ganger(2), 7 Juve(2)."""
    spec = {1: ("leader", 1), 2: ("champion", 1), 3: ("ganger", 1), 4: ("leader", 2), 5: ("champion", 2),
            6: ("ganger", 2), 7: ("juve", 2)}
    out = []
    for fid, (t, rid) in spec.items():
        res, by = edition_results.get(fid, ("fine", None))
        out.append(fighter(fid, type_=t, roster_id=rid, result=res, by=by))
    return out


def changes(out):
    return {ch.fighter_id: ch.set for ch in out.fighter_changes}


def test_after_battle_n26_injury_capture_critical_pending_and_xp():
    fs = gangs({5: ("out-of-action", 1), 6: ("out-of-action", 2), 7: ("seriously-injured", 3),
                4: ("out-of-action", 3)})
    st = state("n26", fs)
    roller = Roller.from_options([6, 4,  # Leader 4: Critical Injury (untreated: waits for the cycle end)
                                  6, 1,  # Champion 5: Captured
                                  3, 3])  # Ganger 6: Grievous Wound
    out = drive(after_battle(st, {}), roller)
    roller.finish()
    ch = changes(out)
    assert ch[4]["status"] == "in-recovery" and ch[4]["conditions"] == ["critical-injury"]
    assert "end of the cycle" in ch[4]["status_note"]
    assert ch[5]["status"] == "captured" and ch[5]["captured_by_roster_id"] == 1
    assert ch[6]["status"] == "in-recovery"
    # XP: 1 for taking part; attacker 1 took out the champion (2+1); 2 took out a ganger (2);
    # 3 took out the leader (2+1) and seriously injured the juve (1)
    assert ch[1]["xp"] == 1 + 3 and ch[2]["xp"] == 1 + 2 and ch[3]["xp"] == 1 + 3 + 1
    assert ch[7]["xp"] == 1 and "status" not in ch[7]
    assert [i.result for i in out.injuries] == ["critical-injury", "captured", "grievous-wound"]
    assert out.roster_changes == []


def test_after_battle_treatment_paid_and_saved_or_dies():
    fs = gangs({4: ("out-of-action", 1)})
    for edition, crit, dice, status in (("n26", [6, 4], [5, 1, 2], "in-recovery"),
                                        ("n23", [6, 3], [6, 6, 1], "dead")):
        roller = Roller.from_options([*crit, *dice])
        out = drive(after_battle(state(edition, fs, credits=(0, 200)), {"treat": {4}}), roller)
        roller.finish()
        ch = changes(out)[4]
        assert ch["status"] == status
        assert "critical-injury" not in ch.get("conditions", [])
        cost = (dice[0] + dice[1]) * 10
        assert [(rc.roster_id, rc.set) for rc in out.roster_changes] == [(2, {"credits": 200 - cost})]
        assert any("chooses to treat" in s.text for s in out.steps)


def test_after_battle_n23_untreated_critical_dies_and_cannot_pay_is_untreated():
    fs = gangs({4: ("out-of-action", 1)})
    roller = Roller.from_options([6, 1])
    out = drive(after_battle(state("n23", fs), {}), roller)
    roller.finish()
    assert changes(out)[4]["status"] == "dead"
    roller = Roller.from_options([6, 1, 6, 6])  # 120 credits, the gang has 100
    out = drive(after_battle(state("n23", fs), {"treat": [4]}), roller)
    roller.finish()
    assert changes(out)[4]["status"] == "dead" and out.roster_changes == []
    assert any("cannot pay" in s.text for s in out.steps)


def test_after_battle_n23_seriously_injured_check_and_escape_modifiers():
    fs = gangs({6: ("seriously-injured", 1), 7: ("seriously-injured", 1)})
    roller = Roller.from_options([2,  # ganger 6 fails (1-2): Out of Action
                                  5,  # juve 7 pulls through
                                  5, 5,  # ganger 6: Captured
                                  6])  # escape: 6 - 2 (lost) = 4: escapes
    out = drive(after_battle(state("n23", fs), {}), roller)
    roller.finish()
    ch = changes(out)
    assert ch[6].get("status", "active") == "active" and ch[6]["captured_by_roster_id"] is None
    esc = [s for s in out.steps if s.rule == "Escape"][0]
    assert esc.roll.spec == "d6-2" and esc.roll.value == 4 and esc.roll.result == "escapes"
    assert "status" not in ch[7]  # pulled through
    # a draw (no winner): -1; a 4 stays captured
    roller = Roller.from_options([2, 5, 5, 5, 4])
    out = drive(after_battle(state("n23", fs, winner=None), {}), roller)
    roller.finish()
    ch = changes(out)
    assert ch[6]["status"] == "captured" and ch[6]["captured_by_roster_id"] == 1
    assert [s for s in out.steps if s.rule == "Escape"][0].roll.spec == "d6-1"


def test_after_battle_n23_clears_recovery_of_those_who_sat_out():
    fs = gangs({})
    fs[2] = fighter(3, type_="ganger", roster_id=1, status="in-recovery", result=None)
    fs[1] = fighter(2, type_="champion", roster_id=1, status="convalescence", result="fine")
    out = drive(after_battle(state("n23", fs), {}), Roller.from_options([]))
    ch = changes(out)
    assert ch[3]["status"] == "active" and ch[2]["status"] == "active"
    # n26 keeps them until the cycle ends
    out = drive(after_battle(state("n26", fs), {}), Roller.from_options([]))
    assert "status" not in changes(out).get(3, {})


def test_after_battle_captive_needs_a_known_captor():
    fs = gangs({6: ("captured", None)})
    st = state("n26", fs, winner=None)
    st.rosters[3] = RosterState(3, "Third", "gang", "Orlock", 0, 0, "")
    with pytest.raises(InputError, match="F6 was captured"):
        drive(after_battle(st, {}), Roller.from_options([]))
    st.winner_roster_id = 3
    out = drive(after_battle(st, {}), Roller.from_options([]))
    assert changes(out)[6]["captured_by_roster_id"] == 3
