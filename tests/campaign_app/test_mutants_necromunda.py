"""Tests that kill mutants of campaign_app/systems/necromunda/procedures.py that
survived the mutation run (tools/mutation, group `necromunda`)."""

from __future__ import annotations

import dataclasses

from campaign_app.dice import Roller
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

    return after_battle(st or state("n26", fs), roller, {})


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
    out = after_battle(state(edition, fs, **kw), roller, options or {})
    roller.finish()
    return plain(out)


def injury(edition, f, faces, enemy=ENEMY):
    roller = Roller.from_options(list(faces))
    sheet = Sheet.of(f)
    try:
        out = roll_lasting_injury(sheet, roller, tables(edition), edition, enemy=enemy)
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
    s["n26 captive held by the winner"] = plain(after_battle(st, Roller.from_options([]), {}))
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
        s[f"n26 enmity {faces} three gangs"] = plain(after_battle(st3, r, {}))
        st3.winner_roster_id = 3
        r = Roller.from_options(faces)
        s[f"n26 enmity {faces} three gangs, third won"] = plain(after_battle(st3, r, {}))
        st3.winner_roster_id = 2
        r = Roller.from_options(faces)
        s[f"n26 enmity {faces} three gangs, own won"] = plain(after_battle(st3, r, {}))
    t = tables("n26")
    sheet = Sheet.of(fighter())
    run = apply_lasting_injury(sheet, t["n26-lasting-injury"].row_by_result("enfeebled"), Roller.from_options([]),
                               t, "n26")
    s["by hand"] = plain(run)
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
        after_battle(state("n26", gangs({4: ("out-of-action", 1)})), Roller.from_options([6, 4]), {"treat": treat})
