"""Tests that kill mutants of campaign_app/systems/necromunda/procedures.py that
survived the mutation run (tools/mutation, group `necromunda`)."""

from __future__ import annotations

import dataclasses

from campaign_app.dice import Roller
from campaign_app.procedure_driver import drive
from campaign_app.rules.loader import Effect
from campaign_app.systems.base import SkillGain

from .test_necromunda_injuries import changes, fighter, gangs, state


def test_no_xp_for_taking_out_or_injuring_a_fighter_of_ones_own_gang():
    # 6 (gang 2) is taken out by 5, and 7 (gang 2) seriously injured by 4: both their own gang
    fs = gangs({6: ("out-of-action", 5), 7: ("seriously-injured", 4), 5: ("fine", None), 4: ("fine", None),
                3: ("out-of-action", 1)})
    roller = Roller.from_options([2, 1,  # 6: Out Cold
                                  2, 2])  # 3 (taken out by 1, also own gang): Out Cold
    out = after_battle_n26(fs, roller)
    roller.finish()
    ch = changes(out)
    assert ch[5]["xp"] == 1 and ch[4]["xp"] == 1  # taking part only
    assert ch[1]["xp"] == 1
    xp_steps = [s for s in out.steps if s.rule == "Experience"]
    assert all("out of action" not in s.text and "seriously injured" not in s.text for s in xp_steps)


def after_battle_n26(fs, roller, st=None):
    from campaign_app.systems.necromunda.procedures import after_battle

    return drive(after_battle(st or state("n26", fs), {}), roller)


def test_the_skill_a_lasting_injury_gives_is_written():
    """A house-ruled Lasting Injury row that gives a skill: After the Battle hands the skill
    to the use-case (Outcome.skills), which writes it."""
    st = state("n26", [fighter(1, roster_id=1, result="fine"),
                       fighter(2, roster_id=2, result="out-of-action", by=1, skills=["Iron Jaw"])])
    tid = st.data["injury_rules"]["lasting_injury_table"] if "injury_rules" in st.data else None
    tables = dict(st.tables)
    tid = tid or next(k for k in tables if k.endswith("lasting-injury"))
    t = tables[tid]
    rows = tuple(dataclasses.replace(r, effects=(Effect("skill", {"value": "Nerves of Steel"}),
                                                 Effect("skill", {"value": "iron jaw"})))
                 if r.covers(21) else r for r in t.rows)
    tables[tid] = dataclasses.replace(t, rows=rows)
    st = dataclasses.replace(st, tables=tables)
    roller = Roller.from_options([2, 1])
    out = after_battle_n26([], roller, st)
    roller.finish()
    assert out.skills == [SkillGain(2, "Nerves of Steel", "injury")]  # Iron Jaw is held already
    assert out.injuries[0].applied == ["skill Nerves of Steel"]
    assert out.injuries[0].skipped == ["skill iron jaw: already held"]


# --------------------------------------------------------------------------- golden outcomes
# Every line After the Battle shows (rule, who, text, the roll and the row it hit), every
# column change, injury record, roster change, skill and note of a set of battles,
# compared with what they were when checked by hand (tests/campaign_app/
# mutants_necromunda_golden.json; NECRO_GOLDEN=write rewrites it after a deliberate change).
import json  # noqa: E402
import os  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from campaign_app.errors import DiceError  # noqa: E402
from campaign_app.systems.base import RosterState  # noqa: E402
from campaign_app.systems.necromunda.procedures import (  # noqa: E402
    Enemy,
    Sheet,
    after_battle,
    apply_lasting_injury,
    roll_lasting_injury,
)

from .test_necromunda_injuries import BASE, VEHICLE, tables  # noqa: E402

GOLDEN = Path(__file__).with_name("mutants_necromunda_golden.json")
ENEMY = Enemy(fighter_id=7, fighter_name="Krug", roster_id=2, roster_name="Iron Fists", gang_type="Goliath")


def plain(out) -> dict:
    def roll(r):
        return None if r is None else {**r.to_dict(), "fighter_id": r.fighter_id, "unit_id": r.unit_id,
                                       "extra": dict(r.extra)}

    d = {"steps": [{**s.to_dict(), "roll": roll(s.roll)} for s in out.steps],
         "notes": list(out.notes)}
    if hasattr(out, "records"):
        d["records"] = [{"fighter_id": r.fighter_id, "table_id": r.table_id, "roll": roll(r.roll),
                         "result": r.result, "label": r.label, "applied": r.applied, "skipped": r.skipped}
                        for r in out.records]
    else:
        d["changes"] = [[c.fighter_id, c.set, c.reason] for c in out.fighter_changes]
        d["injuries"] = [{"fighter_id": r.fighter_id, "table_id": r.table_id, "roll": roll(r.roll),
                          "result": r.result, "label": r.label, "applied": r.applied, "skipped": r.skipped}
                         for r in out.injuries]
        d["rosters"] = [[c.roster_id, c.set, c.reason] for c in out.roster_changes]
        d["skills"] = [[s.fighter_id, s.name, s.source] for s in out.skills]
    return json.loads(json.dumps(d, default=str))


def battle(edition, fs, faces, options=None, **kw):
    roller = Roller.from_options(list(faces))
    out = drive(after_battle(state(edition, fs, **kw), options or {}), roller)
    roller.finish()
    return plain(out)


def injury(edition, f, faces, enemy=ENEMY):
    roller = Roller.from_options(list(faces))
    sheet = Sheet.of(f)
    try:
        out = drive(roll_lasting_injury(sheet, tables(edition), edition, enemy=enemy), roller)
        roller.finish()
    except DiceError as e:  # the faces given do not fit this roll: what it says is recorded
        return {"error": str(e)}
    return {**plain(out), "columns": json.loads(json.dumps(sheet.columns(f), default=str))}


def scenarios() -> dict:
    s: dict = {}
    s["n26 injuries capture critical xp"] = battle(
        "n26", gangs({5: ("out-of-action", 1), 6: ("out-of-action", 2), 7: ("seriously-injured", 3),
                      4: ("out-of-action", 3)}), [6, 4, 6, 1, 3, 3])
    fs = gangs({4: ("out-of-action", 1)})
    s["n26 treated"] = battle("n26", fs, [6, 4, 5, 1, 2], {"treat": {4}}, credits=(0, 200))
    s["n23 treated dies"] = battle("n23", fs, [6, 3, 6, 6, 1], {"treat": {4}}, credits=(0, 200))
    s["n23 untreated dies"] = battle("n23", fs, [6, 1])
    s["n23 cannot pay"] = battle("n23", fs, [6, 1, 6, 6], {"treat": [4]})
    fs = gangs({6: ("seriously-injured", 1), 7: ("seriously-injured", 1)})
    s["n23 escape after a loss"] = battle("n23", fs, [2, 5, 5, 5, 6])
    s["n23 stays captured after a draw"] = battle("n23", fs, [2, 5, 5, 5, 4], winner=None)
    s["n23 escape after a win"] = battle("n23", gangs({3: ("seriously-injured", 4)}), [1, 5, 5, 6])
    fs = gangs({})
    fs[2] = fighter(3, type_="ganger", roster_id=1, status="in-recovery", result=None)
    fs[1] = fighter(2, type_="champion", roster_id=1, status="convalescence", result="fine")
    s["n23 clears recovery"] = battle("n23", fs, [])
    s["n26 keeps recovery"] = battle("n26", fs, [])
    st = state("n26", gangs({6: ("captured", None)}), winner=None)
    st.rosters[3] = RosterState(3, "Third", "gang", "Orlock", 0, 0, "")
    st.winner_roster_id = 3
    s["n26 captive held by the winner"] = plain(drive(after_battle(st, {}), Roller.from_options([])))
    s["n26 captured by a leader"] = battle("n26", gangs({6: ("captured", 1), 2: ("out-of-action", 4)}), [2, 1])
    s["own gang"] = battle("n26", gangs({6: ("out-of-action", 5), 7: ("seriously-injured", 4),
                                         3: ("out-of-action", 1)}), [2, 1, 2, 2])
    s["n23 multiple injuries"] = injury("n23", fighter(), [5, 4, 3, 5, 5, 2, 1, 6, 6, 5, 4, 4, 4, 6, 1, 5, 2])
    s["n23 multiple more serious"] = injury("n23", fighter(), [5, 4, 3, 4, 4, 3, 1])
    for roll in (11, 12, 13, 14, 15, 16, 23, 36, 51, 52, 53, 54, 55, 56, 61, 63, 66):
        extra = [5] if roll == 11 else []
        s[f"n26 lasting {roll}"] = injury("n26", fighter(), [roll // 10, roll % 10, *extra])
        s[f"n23 lasting {roll}"] = injury("n23", fighter(), [roll // 10, roll % 10, *extra])
    s["n26 hatred, no attacker"] = injury("n26", fighter(), [1, 3], enemy=None)
    s["n26 enmity, no gang type"] = injury("n26", fighter(), [1, 2], enemy=Enemy(
        fighter_id=7, fighter_name="Krug", roster_id=2, roster_name="Iron Fists", gang_type=""))
    s["n26 at limits"] = injury("n26", fighter(stats={**BASE, "BS": 6, "Ld": 12, "M": 1}), [5, 1])
    s["n26 held scars"] = injury("n26", fighter(conditions=["fearsome"]), [1, 5])
    v = fighter(kind="vehicle", type_="vehicle", stats=VEHICLE)
    for face in (1, 2, 3, 4, 5, 6):
        s[f"n23 vehicle {face}"] = injury("n23", v, [face])
    for roll in (11, 15, 23, 36, 51, 53, 54, 55, 61, 63, 66):
        extra = [4] if roll == 11 else []
        s[f"n26 vehicle {roll}"] = injury("n26", v, [roll // 10, roll % 10, *extra])
    s["n23 rattle"] = injury("n23", fighter(kind="vehicle", stats=VEHICLE, conditions=["persistent-rattle"]), [1])
    v2 = fighter(kind="vehicle", stats=VEHICLE, conditions=["persistent-rattle", "persistent-rattle"])
    s["n23 write-off"] = injury("n23", v2, [5])
    s["n23 damaged frame at +2"] = injury("n23", v2, [4])
    s["n23 vehicle write-off in battle"] = battle("n23", [fighter(1, roster_id=1, result="fine"),
                                                         fighter(2, kind="vehicle", type_="vehicle", stats=VEHICLE,
                                                                 roster_id=2, result="out-of-action", by=1,
                                                                 conditions=["persistent-rattle"] * 2)], [6])
    # enmities in a battle: the attacker (another gang), else the captor's gang, else nobody
    for faces in ([1, 2], [1, 3], [1, 4]):
        s[f"n26 enmity {faces} by an enemy"] = battle("n26", gangs({6: ("out-of-action", 1)}), faces)
        s[f"n26 enmity {faces} by own gang"] = battle("n26", gangs({6: ("out-of-action", 4)}), faces)
        s[f"n26 enmity {faces} nobody"] = battle("n26", gangs({6: ("out-of-action", None)}), faces)
        s[f"n23 enmity {faces} by an enemy"] = battle("n23", gangs({6: ("out-of-action", 2)}), faces)
        st3 = state("n26", gangs({6: ("out-of-action", None)}), winner=None)
        st3.rosters[3] = RosterState(3, "Third", "gang", "Orlock", 0, 0, "")
        r = Roller.from_options(faces)
        s[f"n26 enmity {faces} three gangs"] = plain(drive(after_battle(st3, {}), r))
        st3.winner_roster_id = 3
        r = Roller.from_options(faces)
        s[f"n26 enmity {faces} three gangs, third won"] = plain(drive(after_battle(st3, {}), r))
        st3.winner_roster_id = 2
        r = Roller.from_options(faces)
        s[f"n26 enmity {faces} three gangs, own won"] = plain(drive(after_battle(st3, {}), r))
    t = tables("n26")
    sheet = Sheet.of(fighter())
    run = drive(apply_lasting_injury(sheet, t["n26-lasting-injury"].row_by_result("enfeebled"), t, "n26"), Roller.from_options([]))
    s["by hand"] = plain(run)
    s.update(more_scenarios())
    return s


def test_after_battle_outcomes_match_the_golden_record():
    got = scenarios()
    if os.environ.get("NECRO_GOLDEN") == "write" or os.environ.get("GOLDEN") == "write":
        GOLDEN.write_text(json.dumps(got, indent=1, sort_keys=True, ensure_ascii=False) + "\n", "utf-8")
    want = json.loads(GOLDEN.read_text("utf-8"))
    assert sorted(got) == sorted(want)
    for name in want:
        assert got[name] == want[name], name


@pytest.mark.parametrize("treat", ["F9", 99, ["F4", "F4x"]])
def test_treat_names_exactly_one_fighter(treat):
    from campaign_app.errors import InputError

    with pytest.raises(InputError, match=r"^--treat '.*' is not \(exactly one\) fighter of this battle$"):
        drive(after_battle(state("n26", gangs({4: ("out-of-action", 1)})), {"treat": treat}), Roller.from_options([6, 4]))


# --------------------------------------------------------------------------- more paths
# What the first record missed: every roll's request (the rule, table and fighter the
# dice are asked for), house tables with their own titles and words, rules data that
# lacks a key (an edition file need not give every key of [injury_rules]: the defaults
# apply) or gives other values, each missing table's refusal, fighters with odd stat
# lines, statuses and XP, and the edges of the limits.
import copy  # noqa: E402

from campaign_app.dice import DiceRequest, RollResult, TypedSource  # noqa: E402
from campaign_app.errors import InputError  # noqa: E402
from campaign_app.rules import load_rulebook  # noqa: E402
from campaign_app.systems import campaign_tables  # noqa: E402
from campaign_app.systems.necromunda import procedures as p  # noqa: E402


class Asking(TypedSource):
    """Typed faces that also keep what each roll asked for: the words, the rule, the
    table and the fighter (what a player typing dice is shown)."""

    def __init__(self, faces) -> None:
        super().__init__(list(faces))
        self.asked: list[list] = []

    def take(self, request: DiceRequest) -> list[int]:
        self.asked.append([request.need, request.rule, request.table, request.fighter_id])
        return super().take(request)


def rules_data(edition: str, *, drop: tuple[str, ...] = (), **injury) -> dict:
    """The edition's rules data with [injury_rules] keys changed (``drop``: removed)."""
    d = copy.deepcopy(load_rulebook().data("necromunda", edition))
    d["injury_rules"].update(injury)
    for key in drop:
        del d["injury_rules"][key]
    return d


def house(edition: str, **raw: dict) -> dict:
    return campaign_tables("necromunda", edition, [], {k.replace("_", "-"): v for k, v in raw.items()})


def table(title: str, dice: str, *rows: tuple[str, str, list[dict]]) -> dict:
    return {"title": title, "dice": dice, "rows": [
        {"roll": roll, "result": result, "label": result.replace("-", " ").title(), "effects": effects}
        for roll, result, effects in rows]}


def _failed(e: Exception, src: Asking) -> dict:
    return {"error": f"{type(e).__name__}: {e}", "asked": src.asked}


def outcome(st, faces, options=None) -> dict:
    src = Asking(faces)
    roller = Roller(src)
    try:
        out = drive(after_battle(st, options or {}), roller)
    except (InputError, DiceError) as e:
        return _failed(e, src)
    got = {**plain(out), "asked": src.asked}
    try:
        roller.finish()
    except DiceError as e:  # faces left over: what the battle used is recorded all the same
        got["left over"] = str(e)
    return got


def _sheet_data(sheet: Sheet, f) -> dict:
    return {"columns": json.loads(json.dumps(sheet.columns(f), default=str)), "skills": list(sheet.skills),
            "new_skills": list(sheet.new_skills)}


def hurt(edition: str, f, faces, *, tabs=None, data=None, enemy=ENEMY) -> dict:
    """One lasting injury roll (roll_lasting_injury) with the requests it made."""
    src = Asking(faces)
    roller = Roller(src)
    sheet = Sheet.of(f)
    try:
        out = drive(roll_lasting_injury(sheet, tabs if tabs is not None else tables(edition), edition, enemy=enemy, data=data), roller)
        roller.finish()
    except (InputError, DiceError) as e:
        return _failed(e, src)
    return {**plain(out), **_sheet_data(sheet, f), "asked": src.asked}


def apply_row(edition: str, f, tabs: dict, tid: str, result: str, faces=(), **kw) -> dict:
    """One row applied (apply_lasting_injury, as a result entered by hand)."""
    src = Asking(faces)
    roller = Roller(src)
    sheet = Sheet.of(f)
    try:
        out = drive(apply_lasting_injury(sheet, tabs[tid].row_by_result(result), tabs, edition, enemy=ENEMY, **kw), roller)
        roller.finish()
    except (InputError, DiceError) as e:
        return _failed(e, src)
    return {**plain(out), **_sheet_data(sheet, f), "asked": src.asked}


def with_(st, *, tabs=None, data=None, drop_tables: tuple[str, ...] = ()):
    if tabs is not None:
        st.tables = tabs
    if data is not None:
        st.data = data
    st.tables = {k: v for k, v in st.tables.items() if k not in drop_tables}
    return st


def more_scenarios() -> dict:
    s: dict = {}
    # who holds a captive: the attacker's gang, also when a third gang is in the battle and
    # another won (a captive by result, and one by a Captured lasting injury)
    fs = gangs({6: ("captured", 8), 5: ("out-of-action", 8)})
    fs.append(fighter(8, type_="ganger", roster_id=3, result="fine"))
    st = state("n26", fs)
    st.rosters[3] = RosterState(3, "Third", "gang", "Orlock", 0, 0, "loss")
    s["captor: the attacker's gang of three"] = outcome(st, [6, 1])
    st = state("n23", fs)
    st.rosters[3] = RosterState(3, "Third", "gang", "Orlock", 0, 0, "loss")
    s["n23 captor: the attacker's gang of three"] = outcome(st, [5, 5, 3, 6])
    # escapes (N23)
    captive = gangs({6: ("captured", 1)})
    s["n23 escape table missing"] = outcome(with_(state("n23", captive), drop_tables=("n23-escape",)), [3])
    s["n23 escape, no modifiers in the data"] = outcome(
        with_(state("n23", captive), data=rules_data("n23", drop=("escape_modifiers",))), [4])
    winner_captive = gangs({3: ("captured", 4)})
    s["n23 escape after a win, no win modifier"] = outcome(
        with_(state("n23", winner_captive), data=rules_data("n23", escape_modifiers={"draw": -1, "loss": -2})), [3])
    plus = rules_data("n23", escape_modifiers={"win": 1, "draw": -1, "loss": -2})
    s["n23 escape past the table"] = outcome(with_(state("n23", winner_captive), data=plus), [6])
    house_escape = house("n23", n23_escape=table("Escape (house)", "d6",
                                                 ("1-2", "in-chains", [{"op": "note", "value": "Chained up."}]),
                                                 ("3-4", "limps-home", [{"op": "status", "value": "in-recovery"}]),
                                                 ("5-6", "slips-away", [{"op": "status", "value": "active"}])))
    both = gangs({3: ("captured", 4), 6: ("captured", 1)})
    s["n23 house escape"] = outcome(with_(state("n23", both), tabs=house_escape, data=plus), [6, 4])
    held = house("n23", n23_escape=table("Escape (house)", "d6",
                                         ("1-3", "held-fast", [{"op": "status", "value": "captured"}]),
                                         ("4-6", "slips-away", [{"op": "status", "value": "active"}])))
    s["n23 house escape, held by a status"] = outcome(with_(state("n23", captive), tabs=held), [5])
    s.update(injury_scenarios())
    s.update(treatment_scenarios())
    s.update(wrap_up_scenarios())
    return s


def injury_scenarios() -> dict:
    s: dict = {}
    # Multiple Injuries and house rows that roll again
    more = table("More (house)", "d6", ("1-3", "scratch", [{"op": "note", "value": "Scratched."}]),
                 ("4-6", "lesson", [{"op": "xp", "value": 2}]))
    tabs = house("n23", house_more=more, house_nest=table("Nest (house)", "d6", (
        "1-6", "deeper", [{"op": "roll-again", "table": "house-more"}])), house_loop=table("Loop (house)", "d6", (
            "1-6", "again", [{"op": "roll-again", "table": "house-loop"}])), house_inj=table(
        "Injuries (house)", "d6",
        ("1", "twice", [{"op": "roll-again", "table": "house-more", "times": 2}]),
        ("2", "once", [{"op": "roll-again", "table": "house-more"}]),
        ("3", "nested", [{"op": "roll-again", "table": "house-nest", "times": 1}]),
        ("4", "endless", [{"op": "roll-again", "table": "house-loop", "reroll": ["again"]}]),
        ("5", "nowhere", [{"op": "roll-again", "table": "house-none"}]),
        ("6", "mixed", [{"op": "stat", "stat": "Fr", "delta": -1}, {"op": "rep", "delta": 1},
                        {"op": "skill", "value": "Iron Will"}, {"op": "condition", "value": "fearsome"},
                        {"op": "stat", "stat": "WS", "delta": 1}, {"op": "skill", "value": "iron will"},
                        {"op": "status", "value": "in-recovery"}])),
        house_up=table("Up (house)", "d6", ("1-6", "back-on-feet", [{"op": "status", "value": "active"},
                                                                     {"op": "xp", "value": 3}])))
    xp5 = fighter(xp=5)
    s["house roll again twice"] = apply_row("n23", xp5, tabs, "house-inj", "twice", [2, 5])
    s["house roll again, times not given"] = apply_row("n23", xp5, tabs, "house-inj", "once", [6])
    s["house roll again, nested"] = apply_row("n23", xp5, tabs, "house-inj", "nested", [3, 4])
    endless = apply_row("n23", xp5, tabs, "house-inj", "endless", [1] * 200)
    s["house roll again without end"] = {**endless, "asked": [len(endless["asked"]), endless["asked"][-1]]}
    s["house roll again on a missing table"] = apply_row("n23", xp5, tabs, "house-inj", "nowhere")
    s["house mixed row"] = apply_row("n23", fighter(conditions=["fearsome"]), tabs, "house-inj", "mixed")
    s["house mixed row, vehicle"] = apply_row("n23", fighter(kind="vehicle", type_="vehicle", stats=VEHICLE),
                                              tabs, "house-inj", "mixed")
    s["house back on its feet"] = apply_row("n23", fighter(status="in-recovery", xp=4), tabs, "house-up",
                                            "back-on-feet")
    s["n23 multiple injuries, lesson learned"] = hurt("n23", xp5, [5, 4, 1, 1, 1, 3])
    low_m = rules_data("n23")
    low_m["characteristics"]["M"]["min"] = 5
    s["n23 multiple injuries, own limits"] = hurt("n23", fighter(), [5, 4, 1, 4, 6], data=low_m)
    # write-off and the rules data's own numbers
    v = fighter(kind="vehicle", type_="vehicle", stats=VEHICLE)
    for face in (5, 6):
        s[f"n23 write-off at 6, roll {face}"] = hurt("n23", v, [face], data=rules_data("n23", write_off_at=6))
    rattled = fighter(kind="vehicle", stats=VEHICLE, conditions=["persistent-rattle"] * 2)
    s["n23 no write-off score, past the table"] = hurt("n23", rattled, [5], data=rules_data("n23", drop=(
        "write_off_at",)))
    s["vehicle by its type"] = hurt("n23", fighter(kind="", type_="Vehicle", stats=VEHICLE), [6])
    s["n26 vehicle by its type"] = hurt("n26", fighter(kind="human", type_="VEHICLE", stats=VEHICLE), [2, 3])
    bare = {"injury_rules": load_rulebook().data("necromunda", "n23")["injury_rules"]}
    s["n23 data without characteristics"] = hurt("n23", fighter(), [4, 4], data=bare)
    s["n23 data without characteristics, vehicle"] = hurt("n23", v, [6], data=bare)
    s["n23 data without stacking or once-only"] = hurt("n23", fighter(conditions=["impressive-scars"]), [1, 2],
                                                      data=rules_data("n23", drop=("stacking_conditions",
                                                                                   "once_only_results")))
    s["n23 rolls on a reference table"] = hurt("n23", fighter(), [1, 1],
                                               data=rules_data("n23", lasting_injury_table="n23-write-off"))
    t23 = tables("n23")
    s["n23 lasting injury table missing"] = hurt("n23", fighter(), [1, 1], tabs={
        k: t for k, t in t23.items() if k != "n23-lasting-injury"})
    s["n23 lasting damage table missing"] = hurt("n23", v, [1], tabs={
        k: t for k, t in t23.items() if k != "n23-lasting-damage"})
    low_bs = rules_data("n26")
    low_bs["characteristics"]["BS"]["max"] = 4
    s["n26 own BS limit"] = hurt("n26", fighter(), [5, 1], data=low_bs)
    t26 = tables("n26")
    s["n26 own BS limit, by hand"] = apply_row("n26", fighter(), t26, "n26-lasting-injury", "eye-injury",
                                               data=low_bs)
    s["n26 by hand on the table"] = apply_row("n26", fighter(), t26, "n26-lasting-injury", "eye-injury",
                                              table_id="n26-lasting-injury")
    # the edges of the stat line
    s["n26 hobbled to the lowest M"] = hurt("n26", fighter(stats={**BASE, "M": 2}), [5, 3])
    s["n23 impressive scars at the best Cl"] = hurt("n23", fighter(stats={**BASE, "Cl": 2}), [1, 2])
    s["n23 humiliated without Ld"] = hurt("n23", fighter(stats={k: v for k, v in BASE.items() if k != "Ld"}),
                                          [4, 3])
    s["n23 humiliated at the worst Ld and Cl"] = hurt("n23", fighter(stats={**BASE, "Ld": 12, "Cl": 12}), [4, 3])
    for bs in ("4+", "4X", "abc", " "):
        s[f"n26 eye injury, BS {bs!r}"] = hurt("n26", fighter(stats={**BASE, "BS": bs}), [5, 1])
    s["n23 lesson learned with XP"] = hurt("n23", xp5, [1, 1, 5])
    return s


def treatment_scenarios() -> dict:
    s: dict = {}
    crit = gangs({4: ("out-of-action", 1)})
    cheap = rules_data("n23", treatment_cost_dice="d6", treatment_cost_multiplier=5)
    s["n23 own treatment cost"] = outcome(with_(state("n23", crit), data=cheap), [6, 1, 4, 3], {"treat": {4}})
    plain_cost = rules_data("n23", drop=("treatment_cost_dice", "treatment_cost_multiplier"))
    s["n23 treatment cost not in the data"] = outcome(with_(state("n23", crit, credits=(0, 60)), data=plain_cost),
                                                      [6, 1, 3, 3, 2], {"treat": {4}})
    s["n23 treatment costs all the credits"] = outcome(state("n23", crit, credits=(0, 60)), [6, 1, 3, 3, 2],
                                                       {"treat": {4}})
    s["n23 treatment costs a credit too many"] = outcome(state("n23", crit, credits=(0, 59)), [6, 1, 3, 3],
                                                         {"treat": {4}})
    s["n23 treatment table missing"] = outcome(with_(state("n23", crit), drop_tables=("n23-medical-escort",)),
                                               [6, 1, 3, 3], {"treat": {4}})
    odd = house("n23", n23_medical_escort=table("Escort (house)", "d6", (
        "1-6", "patched", [{"op": "status", "value": "in-recovery"}, {"op": "status", "value": "convalescence"}])))
    s["n23 house treatment, two statuses"] = outcome(with_(state("n23", crit), tabs=odd), [6, 1, 3, 3, 2],
                                                     {"treat": {4}})
    two = gangs({4: ("out-of-action", 1), 5: ("out-of-action", 1)})
    s["n23 two treated in one gang"] = outcome(state("n23", two), [6, 1, 1, 1, 2, 6, 2, 1, 2, 3],
                                               {"treat": [4, 5]})
    # a fighter whose critical injury waits (N26) and who now dies: nothing to treat
    dying = [fighter(1, roster_id=1, result="fine"),
             fighter(6, roster_id=2, status="in-recovery", conditions=["critical-injury"], result="out-of-action",
                     by=1)]
    s["n26 pending critical, memorable death"] = outcome(state("n26", dying), [6, 6])
    s["n26 pending critical, memorable death, treat"] = outcome(state("n26", dying), [6, 6], {"treat": [6]})
    return s


def wrap_up_scenarios() -> dict:
    s: dict = {}
    # Seriously Injured checks on a house table: a row that rolls again, one that says
    # out-of-action, one with a note
    si = house("n23", n23_seriously_injured=table(
        "Seriously Injured (house)", "d6", ("1-2", "out-of-action", []),
        ("3-4", "carried-off", [{"op": "roll-again", "table": "n23-lasting-injury"}]),
        ("5-6", "fine", [{"op": "note", "value": "Walks it off."}])))
    three = gangs({5: ("seriously-injured", 1), 6: ("seriously-injured", 1), 7: ("seriously-injured", 1)})
    s["n23 house seriously injured"] = outcome(with_(state("n23", three), tabs=si), [1, 3, 5, 2, 1, 2, 2])
    s["n23 seriously injured table missing"] = outcome(
        with_(state("n23", three), drop_tables=("n23-seriously-injured",)), [1, 3, 5])
    # Experience: fighters with XP, an empty status, a result that is not Out of Action
    # (no XP for it), and data without XP awards or with its own
    fs = [fighter(1, type_="leader", roster_id=1, result="fine", xp=5),
          fighter(2, type_="champion", roster_id=1, result="fine", status=""),
          fighter(3, type_="ganger", roster_id=1, result=None, status="in-recovery", xp=7),
          fighter(4, type_="leader", roster_id=2, result="injured", by=1),
          fighter(5, type_=None, roster_id=2, result="out-of-action", by=1)]
    s["n26 xp, odd fighters"] = outcome(state("n26", fs), [2, 1])
    s["n23 xp, odd fighters"] = outcome(state("n23", fs), [2, 1])
    no_xp = copy.deepcopy(load_rulebook().data("necromunda", "n26"))
    del no_xp["xp"]
    s["n26 no xp in the data"] = outcome(with_(state("n26", fs), data=no_xp), [2, 1])
    own = rules_data("n26")
    own["xp"]["took_part"] = 3
    own["characteristics"]["BS"]["max"] = 4
    s["n26 own xp and limits"] = outcome(with_(state("n26", fs), data=own), [5, 1])
    s["n26 data without injury rules"] = outcome(with_(state("n26", fs), data={}), [5, 1])
    # Clear Recovery (N23): a convalescent fighter hurt again stays so; an untreated
    # critical injury waits and does not stop the next fighter's recovery
    fs = [fighter(1, roster_id=1, result="fine"),
          fighter(2, roster_id=1, status="in-recovery", conditions=["critical-injury"], result=None),
          fighter(3, roster_id=1, status="in-recovery", result=None),
          fighter(6, roster_id=2, status="convalescence", result="out-of-action", by=1)]
    s["n23 clear recovery, hurt again and waiting"] = outcome(state("n23", fs), [2, 1])
    return s


# --------------------------------------------------------------------------- small parts
def test_names_compare_without_case_spaces_or_underscores():
    assert p._norm("  Nerves of_Steel ") == "nerves-of-steel"
    tabs = house("n26", house_skill=table("Skills (house)", "d6", ("1-6", "iron", [
        {"op": "skill", "value": "Iron Jaw"}, {"op": "skill", "value": "True Grit"}])))
    got = apply_row("n26", fighter(skills=["iron_jaw", "true-grit"]), tabs, "house-skill", "iron")
    assert got["records"][0]["skipped"] == ["skill Iron Jaw: already held", "skill True Grit: already held"]
    assert got["new_skills"] == []


def test_who_took_a_fighter_out():
    fs = gangs({6: ("out-of-action", 1), 5: ("out-of-action", 4), 7: ("out-of-action", None)})
    st = state("n26", fs)
    assert p._enemy(st, st.fighters[6]) == Enemy(1, "F1", 1, "Iron Fists", "Goliath")
    # taken out by its own gang, or by nobody: the gang that would hold it, no fighter
    assert p._enemy(st, st.fighters[5]) == Enemy(None, "", 1, "Iron Fists", "Goliath")
    assert p._enemy(st, st.fighters[7]) == Enemy(None, "", 1, "Iron Fists", "Goliath")
    st.rosters[3] = RosterState(3, "Third", "gang", "Orlock", 0, 0, "")
    st.winner_roster_id = None
    assert p._enemy(st, st.fighters[7]) == Enemy()


def test_the_working_copy_of_a_fighter():
    f = fighter(type_="Leader", xp=5, status="in-recovery")
    sheet = Sheet.of(f, "critical injury treated")
    assert (sheet.type, sheet.xp, sheet.status, sheet.note_before) == ("leader", 5, "in-recovery",
                                                                        "critical injury treated")
    sheet.status_note = "critical injury treated"  # the note it had: not a change
    assert sheet.columns(f) == {}
    sheet.status_note = "held"
    assert sheet.columns(f) == {"status_note": "held"}
    odd = dataclasses.replace(f, type=None, xp=None, status="")
    sheet = Sheet.of(odd)
    assert (sheet.type, sheet.xp, sheet.status, sheet.note_before) == ("", 0, "active", None)
    assert sheet.columns(odd) == {}


def test_a_status_necromunda_does_not_rank_is_not_applied():
    # "turned" is a NUTS! status the shared rules loader allows on any table
    tabs = house("n26", house_turn=table("Turn (house)", "d6", ("1-6", "turn", [{"op": "status",
                                                                                 "value": "turned"}])))
    for status in ("active", "in-recovery"):
        got = apply_row("n26", fighter(status=status), tabs, "house-turn", "turn")
        assert got["columns"] == {} and got["records"][0]["applied"] == []
        assert len(got["records"][0]["skipped"]) == 1


def test_edition_rules_read_from_the_data_given():
    r = p.edition_rules("n23")
    assert r.edition == "n23" and r.rules["escape_table"] == "n23-escape" and r.xp["took_part"] == 1
    own = rules_data("n23", escape_table="house-escape")
    assert p.edition_rules("n23", own).rules["escape_table"] == "house-escape"
    bare = p.edition_rules("n26", {"injury_rules": {"lasting_injury_table": "x"}})
    assert (bare.edition, dict(bare.rules)) == ("n26", {"lasting_injury_table": "x"})
    assert (bare.characteristics, bare.vehicle_characteristics, bare.xp) == ({}, {}, {})
    assert bare.get("treatment_cost_dice", "2d6") == "2d6" and bare.get("lasting_injury_table", "y") == "x"
    assert p.edition_rules("n26", {"xp": {}}).rules == p.edition_rules("n26").rules  # no rules: the shipped
    for bad in ({"injury_rules": ["x"]}, None):
        with pytest.raises(InputError) as e:
            p.edition_rules("n99", bad)
        assert str(e.value) == "Necromunda edition 'n99' has no injury rules data"


def test_a_lasting_injury_of_a_fighter_state_leaves_it_as_it_was():
    f = fighter()
    run = drive(roll_lasting_injury(f, tables("n26"), "n26"), Roller.from_options([5, 1]))
    assert run.records[0].applied == ["status in-recovery", "BS 4+ -> 5+"]
    assert f.stats == BASE and f.status == "active"


def test_the_record_names_the_table_of_the_roll():
    t = tables("n26")
    row = t["n26-lasting-injury"].row_by_result("out-cold")
    roll = RollResult(spec="d66", faces=[2, 1], value=21, purpose="x", table="n26-lasting-injury")
    run = drive(apply_lasting_injury(Sheet.of(fighter()), row, t, "n26", roll=roll), Roller.from_options([]))
    assert run.records[0].table_id == "n26-lasting-injury"
    run = drive(apply_lasting_injury(Sheet.of(fighter()), row, t, "n26", table_id="mine"), Roller.from_options([]))
    assert run.records[0].table_id == "mine" and run.records[0].roll.table == "mine"


def test_a_gang_that_cannot_pay_pays_nothing():
    sheet = Sheet.of(fighter(conditions=["critical-injury"], status="in-recovery"))
    cost, steps, ok = drive(p.treat_critical(sheet, tables("n23"), p.edition_rules("n23"), 119), Roller.from_options([6, 6]))
    assert (cost, ok, [s.text for s in steps]) == (
        0, False, ["treatment costs 120 credits; the gang has 119: it cannot pay"])
    assert sheet.conditions == ["critical-injury"] and sheet.status == "in-recovery"


def test_an_escape_modifier_names_how_the_captives_gang_did():
    """Rules data may give any gang result a modifier: the line says won, drew or lost
    as the captive's gang did (it said "drew" for a win)."""
    mods = rules_data("n23", escape_modifiers={"win": 1, "draw": -1, "loss": -2})
    texts = {}
    for fid, winner in ((3, 1), (6, 1), (6, None)):
        out = drive(after_battle(with_(state("n23", gangs({fid: ("captured", 4 if fid == 3 else 1)}), winner=winner),
                                 data=mods), {}), Roller.from_options([3]))
        texts[fid, winner] = next(s.text for s in out.steps if s.rule == "Escape")
    assert texts == {(3, 1): "Escapes (+1: the gang won): back with the gang",
                     (6, 1): "Still captured (-2: the gang lost)",
                     (6, None): "Still captured (-1: the gang drew, no winner recorded)"}
