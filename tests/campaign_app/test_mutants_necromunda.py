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
