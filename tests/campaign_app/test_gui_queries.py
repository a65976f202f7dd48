"""The GUI's read-only queries and the demo campaigns, on SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

import pytest

from campaign_app.errors import InputError
from campaign_app.systems.necromunda import actions as necro
from campaign_app.systems.nuts import creatures as weird
from campaign_app.usecases import campaigns, fighters, rosters
from campaign_app.usecases import gui_queries as q


def test_queries_read_what_the_use_cases_wrote_and_write_nothing(engine: Any, snap: Any) -> None:
    from campaign_app.systems.nuts.creatures import generate_creatures
    from campaign_app.usecases.battles import record_battle

    c = campaigns.create_campaign(engine, "Kursk", "nuts", expansions=["weird-ww2"])
    r = rosters.create_roster(engine, c.id, "1st")
    r2 = rosters.create_roster(engine, c.id, "2nd")
    f = fighters.add_fighter(engine, r.id, "Rock", fighter_type="star", rep=5, weapons=["Rifle"], skills=["Tough"])
    fighters.add_fighter(engine, r2.id, "Hans", rep=4)
    generate_creatures(engine, r2.id, "vampire", 1, dice="6")
    record_battle(engine, c.id, [r.id, r2.id], results={"Hans": "out-of-the-fight"}, hits=["Rock"])
    before = snap(engine)

    tree = q.campaign_tree(engine)
    assert [(x["name"], [y["name"] for y in x["rosters"]], x["pending_battles"]) for x in tree] == [
        ("Kursk", ["1st", "2nd"], 1)]
    rows = q.roster_rows(engine, roster=r.id)["rows"]
    assert [(x["name"], x["weapons"], x["skills"], x["status_class"]) for x in rows] == [
        ("Rock", ["Rifle"], ["Tough"], "ok")]
    everyone = q.roster_rows(engine, campaign=c.id)
    assert {x["name"]: x["roster"] for x in everyone["rows"]} == {"Rock": "1st", "Hans": "2nd",
                                                                  "Vampire 1": "2nd"}
    hans = next(x["id"] for x in everyone["rows"] if x["name"] == "Hans")
    some = q.roster_rows(engine, campaign=c.id, fighters=[f.id, hans], units=[])["rows"]
    assert [x["name"] for x in some] == ["Rock", "Hans"]
    assert [x["name"] for x in q.roster_rows(engine, roster=r.id, fighters=[hans], units=[])["rows"]] == []
    with pytest.raises(ValueError):
        q.roster_rows(engine)
    d = q.fighter_detail(engine, f.id)
    assert d["roster"] == "1st" and d["battles"][0]["scored_hit"] and d["rolls"] == []
    vamp = next(x for x in everyone["rows"] if x["name"] == "Vampire 1")
    assert [x["faces"] for x in q.fighter_detail(engine, vamp["id"])["rolls"]] == [[6]]
    state = q.undo_state(engine, c.id)
    # the journal's summary when the core keeps it, else a name for the action
    assert state["redo"] is None and state["undo"] in ("battle 1: 1st vs 2nd", "record battle")
    setup = q.battle_setup(engine, c.id)
    assert setup["default_status"] == "carry-on" and "out-of-the-fight" in setup["statuses"]
    assert q.battles(engine, c.id)[0]["rosters"] == ["1st", "2nd"]
    f2 = q.log_filters(engine, c.id)
    assert [x["name"] for x in f2["fighters"]] == ["Vampire 1"] and f2["tables"] == [{"id": "ww2-gen-vampire", "title": "Random Vampire Generation"}]
    t = q.rule_table(engine, c.id, "nuts-recovery")
    assert t["dice"] == "pass:2d6" and not t["house_rule"] and t["outcomes"] == [0, 1, 2]
    assert any(x["id"] == "nuts-recovery" for x in q.rule_tables(engine, c.id))
    prev = weird.preview_creatures(engine, r2.id, "vampire", 2, faces=[(1, "typed"), (6, "typed")])
    assert [(x["name"], x["rep"]) for x in prev["creatures"]] == [("Vampire 2", 4), ("Vampire 3", 6)]
    with pytest.raises(InputError, match="too many dice"):
        weird.preview_creatures(engine, r2.id, "vampire", 1, faces=[(1, "typed"), (6, "typed")])
    assert snap(engine) == before


def test_checks_and_effects_text() -> None:
    assert q.check_stat("necromunda", "WS", "3+") == ""
    assert q.check_stat("necromunda", "WS", "7+") == "WS: 7 is outside 2+..6+ (default)"
    assert q.check_rep("nuts", "9") == "rep: 9 is outside 1..6"
    effects = [{"op": "status", "value": "in-recovery"}, {"op": "rep", "delta": -1},
               {"op": "roll-again", "table": "x", "times": 2, "reroll": ["a", "b"]},
               {"op": "note", "value": "free words here"}]
    assert q.parse_effects_text(q.effects_text(effects)) == effects
    with pytest.raises(InputError):
        q.parse_effects_text("status in-recovery")
    assert q.status_class("dead") == "down" and q.status_class("captured") == "away"
    assert q.status_class("in-recovery") == "hurt" and q.status_class("active") == "ok"


def test_demo_builds_one_campaign_per_system_once(engine: Any) -> None:
    from campaign_app.usecases.demo import create_demo, demo_names

    DEMO_NAMES = demo_names()
    assert DEMO_NAMES == ("Ardennes 1944", "Underhive Feud", "Operation Granite", "Bocage Summer")

    res = create_demo(engine)
    assert res.created == list(DEMO_NAMES)
    assert res.changes.everything and res.first_id == res.ids[0]
    camps = {c["name"]: c for c in campaigns.list_campaigns(engine)}
    assert {camps[n]["system"] for n in DEMO_NAMES} == {"nuts", "necromunda", "fubar", "unit-morale"}
    assert all(camps[n]["rosters"] == 2 for n in DEMO_NAMES)
    assert all(camps[n]["battles"] >= 1 for n in DEMO_NAMES)
    again = create_demo(engine)
    assert again.created == [] and again.skipped == list(DEMO_NAMES)
    # a pending Critical Injury is waiting for the end of the cycle in the Necromunda demo
    assert [p["name"] for p in necro.pending_criticals(engine, "Underhive Feud")] == ["Vorn"]


def test_injury_opponents_and_pending_critical(engine: Any, snap: Any) -> None:
    from campaign_app.systems.necromunda.actions import injury_roll

    c = campaigns.create_campaign(engine, "Feud", "necromunda", "n26")
    a = rosters.create_roster(engine, c.id, "Jackals")
    b = rosters.create_roster(engine, c.id, "Sisters")
    krug = fighters.add_fighter(engine, a.id, "Krug")
    fighters.add_fighter(engine, a.id, "Brak")
    fighters.add_fighter(engine, b.id, "Sable")
    fighters.add_fighter(engine, b.id, "Nyx")
    nuts = campaigns.create_campaign(engine, "Kursk", "nuts")
    grunt = fighters.add_fighter(engine, rosters.create_roster(engine, nuts.id, "1st").id, "Joe", rep=4)
    before = snap(engine)
    assert [(o["name"], o["roster"]) for o in necro.injury_opponents(engine, krug.id)] == [
        ("Sable", "Sisters"), ("Nyx", "Sisters")]
    assert not necro.has_pending_critical(engine, krug.id) and not necro.has_pending_critical(engine, grunt.id)
    assert snap(engine) == before
    injury_roll(engine, krug.id, dice="6,3")  # Critical Injury
    assert necro.has_pending_critical(engine, krug.id)
    with pytest.raises(InputError):
        necro.has_pending_critical(engine, 9999)
