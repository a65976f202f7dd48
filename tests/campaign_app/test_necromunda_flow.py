"""Necromunda campaigns end to end, on SQLite and PostgreSQL (the `engine` fixture):
gangs with full stat lines, a battle, After the Battle with typed dice, the campaign
cycle, captives, revival, undo; and bad input refused with nothing written."""

from __future__ import annotations

import json

import pytest
from sqlmodel import Session, select

from campaign_app.cli import main
from campaign_app.errors import DiceError, InputError
from campaign_app.systems.necromunda.actions import (
    end_cycle,
    injury_roll,
    pending_criticals,
    release_captive,
    revive_fighter,
    treat_injury,
)
from campaign_app.usecases import (
    add_fighter,
    create_campaign,
    create_roster,
    roll_log,
    show_campaign,
    show_fighter,
    undo,
)
from campaign_app.usecases.battles import after_battle, record_battle, show_battle
from db.models import LastingInjury, RollRecord

PROFILES = {
    "leader": ["M=5", "WS=2+", "BS=3+", "S=3", "T=3", "W=2", "I=4", "A=2", "Ld=5+", "Cl=5+", "Wil=6+", "Int=6+"],
    "champion": ["M=5", "WS=3+", "BS=3+", "S=3", "T=3", "W=2", "I=4", "A=2", "Ld=6+", "Cl=6+", "Wil=7+",
                 "Int=7+"],
    "ganger": ["M=5", "WS=4+", "BS=4+", "S=3", "T=3", "W=1", "I=4", "A=1", "Ld=7+", "Cl=7+", "Wil=8+", "Int=8+"],
    "juve": ["M=5", "WS=5+", "BS=5+", "S=3", "T=3", "W=1", "I=3", "A=1", "Ld=8+", "Cl=8+", "Wil=9+", "Int=9+"],
}


def gang(engine, campaign, name, faction, credits, *, n23=False):
    """Leader, Champion, two Gangers and a Juve; returns {role: fighter id}."""
    r = create_roster(engine, campaign, name, faction=faction, credits=credits)
    out = {"roster": r.id}
    for key, ftype in (("leader", "leader"), ("champion", "champion"), ("ganger1", "ganger"),
                       ("ganger2", "ganger"), ("juve", "juve")):
        # n23 writes Initiative as a target ("4+"), n26 as a plain value
        stats = dict(s.split("=", 1) for s in PROFILES[ftype])
        if n23:
            stats["I"] += "+"
        else:  # n26: Ld, Cl, Wil and Int are plain values (a target T+ is 14 - T), and a Save
            for k in ("Ld", "Cl", "Wil", "Int"):
                stats[k] = str(14 - int(stats[k].rstrip("+")))
            stats["Sv"] = "5+"
        f = add_fighter(engine, r.id, f"{name} {key}", fighter_type=ftype, stats=stats,
                        weapons=["Autogun"], skills=["Nerves of Steel"] if ftype == "leader" else [])
        out[key] = f.id
    return out


@pytest.fixture
def n26(engine):
    c = create_campaign(engine, "Hive War", "necromunda")
    a = gang(engine, c.id, "Iron Fists", "Goliath", 200)
    b = gang(engine, c.id, "Blades", "Escher", 100)
    return engine, c, a, b


@pytest.fixture
def n23(engine):
    c = create_campaign(engine, "Old Hive", "necromunda", edition="n23")
    a = gang(engine, c.id, "Rust Rats", "Orlock", 200, n23=True)
    b = gang(engine, c.id, "Pale Ones", "Cawdor", 100, n23=True)
    return engine, c, a, b


def fs(engine, fid):
    return show_fighter(engine, fid)


def credits(engine, c, roster_id):
    return next(r["credits"] for r in show_campaign(engine, c.id)["rosters"] if r["id"] == roster_id)


# --------------------------------------------------------------------------- n26
def test_n26_full_flow(n26, snap):
    engine, c, a, b = n26
    assert fs(engine, a["leader"])["stats"]["I"] == 4  # n26: Initiative is a plain value
    battle = record_battle(
        engine, c.id, [a["roster"], b["roster"]], winner=a["roster"],
        results={b['champion']: "out-of-action", b['ganger1']: "out-of-action", b['juve']: "seriously-injured", a['ganger2']: "out-of-action"},
        by={b['champion']: a['leader'], b['ganger1']: a['champion'], b['juve']: a['ganger1'], a['ganger2']: b['leader']},
    )
    # dice in order: OOA fighters by id (Iron Fists' ganger2 first), each with its consequences
    dice = "5,1  6,4 3,2 4  6,2"
    before = snap(engine)
    dry = after_battle(engine, battle.id, dice=dice, dry_run=True, options={"treat": [str(b["champion"])]})
    assert dry.applied is False and snap(engine) == before
    rep = after_battle(engine, battle.id, dice=dice, options={"treat": [str(b["champion"])]})
    assert rep.applied is True

    g2 = fs(engine, a["ganger2"])  # Eye Injury
    assert g2["status"] == "in-recovery" and g2["stats"]["BS"] == 5
    assert [i["result"] for i in g2["injuries"]] == ["eye-injury"]
    champ = fs(engine, b["champion"])  # Critical Injury, treated for 50 credits, D6 4: saved
    assert champ["status"] == "in-recovery" and "critical-injury" not in champ["conditions"]
    assert credits(engine, c, b["roster"]) == 50 and credits(engine, c, a["roster"]) == 200
    g1 = fs(engine, b["ganger1"])  # Captured by the Iron Fists
    assert g1["status"] == "captured" and g1["captured_by_roster_id"] == a["roster"]
    # XP: 1 for taking part, 2 per OOA (+1 for an enemy Leader/Champion), 1 per Serious Injury
    xp = {k: fs(engine, v)["xp"] for k, v in a.items() if k != "roster"}
    assert xp == {"leader": 4, "champion": 3, "ganger1": 2, "ganger2": 1, "juve": 1}
    assert fs(engine, b["leader"])["xp"] == 3 and fs(engine, b["juve"])["xp"] == 1

    with Session(engine) as s:
        injuries = s.exec(select(LastingInjury).order_by(LastingInjury.id)).all()
        rolls = s.exec(select(RollRecord).order_by(RollRecord.id)).all()
        assert [(i.result, i.roll, i.faces) for i in injuries] == [
            ("eye-injury", 51, "5,1"), ("critical-injury", 64, "6,4"), ("captured", 62, "6,2")]
        by_id = {r.id: r for r in rolls}
        for i in injuries:
            assert by_id[i.roll_record_id].faces == i.faces and i.battle_id == battle.id
        assert [(r.dice, r.faces, r.battle_id) for r in rolls] == [
            ("d66", "5,1", battle.id), ("d66", "6,4", battle.id), ("2d6", "3,2", battle.id),
            ("d6", "4", battle.id), ("d66", "6,2", battle.id)]

    with pytest.raises(InputError, match="already run"):
        after_battle(engine, battle.id, dice=dice)

    # same cycle: the fighter In Recovery (and the captive) cannot play; named -> refused
    before = snap(engine)
    with pytest.raises(InputError, match="Iron Fists ganger2 is in-recovery and cannot take part"):
        record_battle(engine, c.id, [a["roster"], b["roster"]], results={a['ganger2']: "out-of-action"})
    with pytest.raises(InputError, match="Blades ganger1 is captured"):
        record_battle(engine, c.id, [a["roster"], b["roster"]], results={b['ganger1']: "fine"})
    assert snap(engine) == before
    b2 = record_battle(engine, c.id, [a["roster"], b["roster"]])
    playing = {r["fighter_id"] for r in show_battle(engine, b2.id)["results"]}
    assert a["ganger2"] not in playing and b["ganger1"] not in playing and b["champion"] not in playing
    assert a["leader"] in playing

    # cycle end: Update Roster clears In Recovery; the cycle moves on
    assert show_campaign(engine, c.id)["cycle"] == 1
    out = end_cycle(engine, c.id)
    assert out.cleared == 2
    assert fs(engine, a["ganger2"])["status"] == "active" and fs(engine, b["champion"])["status"] == "active"
    assert fs(engine, b["ganger1"])["status"] == "captured"
    assert show_campaign(engine, c.id)["cycle"] == 2

    # undo: cycle end, then battle 2, then the After the Battle, each whole
    undo(engine, c.id)
    assert show_campaign(engine, c.id)["cycle"] == 1 and fs(engine, a["ganger2"])["status"] == "in-recovery"
    undo(engine, c.id)
    undo(engine, c.id)
    for key in ("leader", "champion", "ganger1", "ganger2", "juve"):
        for g in (a, b):
            f = fs(engine, g[key])
            assert (f["status"], f["xp"], f["conditions"], f["injuries"]) == ("active", 0, [], []), f["name"]
            assert f["captured_by_roster_id"] is None
    assert fs(engine, a["ganger2"])["stats"]["BS"] == 4
    assert credits(engine, c, b["roster"]) == 100
    assert all(r["undone"] for r in roll_log(engine, c.id, battle=battle.id))
    # and it can be run again
    again = after_battle(engine, battle.id, seed=7, options={"treat": [str(b["champion"])]})
    assert again.applied


def test_n26_untreated_critical_waits_for_the_cycle_end(n26, snap):
    engine, c, a, b = n26
    battle = record_battle(engine, c.id, [a["roster"], b["roster"]], winner=b["roster"],
                           results={a['leader']: "out-of-action", a['champion']: "out-of-action"},
                           by={a['leader']: b['leader'], a['champion']: b['leader']})
    after_battle(engine, battle.id, dice="6,3 6,5")
    assert fs(engine, a["leader"])["conditions"] == ["critical-injury"]
    assert fs(engine, a["champion"])["status"] == "in-recovery"
    assert [p["id"] for p in pending_criticals(engine, c.id)] == [a["leader"], a["champion"]]
    before = snap(engine)
    with pytest.raises(InputError, match="has no critical injury waiting"):
        end_cycle(engine, c.id, treat=[str(b["leader"])])
    with pytest.raises(DiceError, match="not enough dice"):
        end_cycle(engine, c.id, treat=[str(a["leader"])], dice="3,3")
    assert snap(engine) == before
    # leader treated (2d6 = 5,5: 100 credits; D6 1: dies); champion untreated: dies
    out = end_cycle(engine, c.id, treat=[str(a["leader"])], dice="5,5 1")
    assert fs(engine, a["leader"])["status"] == "dead" and fs(engine, a["champion"])["status"] == "dead"
    assert credits(engine, c, a["roster"]) == 100 and out.cleared == 0
    undo(engine, c.id)
    assert fs(engine, a["leader"])["status"] == "in-recovery" and credits(engine, c, a["roster"]) == 200
    # decided before the cycle ends, with injury treat
    rep = treat_injury(engine, a["leader"], dice="1,1 6")
    assert rep.cost == 20 and fs(engine, a["leader"])["conditions"] == []
    treat_injury(engine, a["champion"], treat=False)
    assert fs(engine, a["champion"])["status"] == "dead"
    end_cycle(engine, c.id)
    assert fs(engine, a["leader"])["status"] == "active"


# --------------------------------------------------------------------------- n23
def test_n23_full_flow(n23):
    engine, c, a, b = n23
    assert fs(engine, a["leader"])["stats"]["I"] == 4  # stored as a number, shown "4+" (target)
    battle = record_battle(
        engine, c.id, [a["roster"], b["roster"]], winner=a["roster"],
        results={b['ganger1']: "seriously-injured", b['ganger2']: "out-of-action", a['juve']: "out-of-action"},
        by={b['ganger1']: a['champion'], b['ganger2']: a['leader'], a['juve']: b['leader']},
    )
    # Seriously Injured check for b.ganger1 (1: Out of Action); then by id: a.juve Eye Injury (44);
    # b.ganger1 Captured (55) + escape D6-2 (3 -> 1: stays); b.ganger2 Critical Injury (61), no escort
    rep = after_battle(engine, battle.id, dice="1  4,4  5,5 3  6,1")
    assert [s["rule"] for s in rep.steps][:2] == ["Seriously Injured check", "Lasting Injury"]
    juve = fs(engine, a["juve"])
    assert juve["status"] == "in-recovery" and juve["stats"]["BS"] == 6
    g1 = fs(engine, b["ganger1"])
    assert g1["status"] == "captured" and g1["captured_by_roster_id"] == a["roster"]
    assert fs(engine, b["ganger2"])["status"] == "dead"
    assert fs(engine, a["champion"])["xp"] == 2 and fs(engine, a["leader"])["xp"] == 3
    escape = [r for r in roll_log(engine, c.id, battle=battle.id) if r["table"] == "n23-escape"][0]
    assert escape["dice"] == "d6-2" and escape["value"] == 1 and escape["result"] == "still-captured"

    # the dead cannot play; the juve sits the next battle out and is back after it
    with pytest.raises(InputError, match="Pale Ones ganger2 is dead and cannot take part"):
        record_battle(engine, c.id, [a["roster"], b["roster"]], results={b['ganger2']: "fine"})
    b2 = record_battle(engine, c.id, [a["roster"], b["roster"]])
    assert a["juve"] not in {r["fighter_id"] for r in show_battle(engine, b2.id)["results"]}
    rep2 = after_battle(engine, b2.id)  # nobody hurt: no dice
    assert any(s["rule"] == "Clear Recovery" for s in rep2.steps)
    assert fs(engine, a["juve"])["status"] == "active"

    # captives and mistakes, each undoable
    release_captive(engine, b["ganger1"], how="exchange", note="for 2 crates")
    g1 = fs(engine, b["ganger1"])
    assert g1["status"] == "active" and g1["captured_by_roster_id"] is None and "exchanged" in g1["status_note"]
    undo(engine, c.id)
    assert fs(engine, b["ganger1"])["captured_by_roster_id"] == a["roster"]
    revive_fighter(engine, b["ganger2"])
    assert fs(engine, b["ganger2"])["status"] == "active"
    undo(engine, c.id)
    assert fs(engine, b["ganger2"])["status"] == "dead"

    # n23 cycle end: only the counter (recovery is cleared after battles)
    out = end_cycle(engine, c.id)
    assert out.cleared == 0 and show_campaign(engine, c.id)["cycle"] == 2


def test_injury_roll_outside_a_battle(n23, snap):
    engine, c, a, b = n23
    before = snap(engine)
    dry = injury_roll(engine, a["ganger1"], dice="5,4 3 4,4 1,4", dry_run=True, by=b["leader"])
    assert dry.applied is False and snap(engine) == before
    assert [i["result"] for i in dry.injuries] == ["multiple-injuries", "eye-injury", "bitter-enmity"]
    rep = injury_roll(engine, a["ganger1"], dice="5,4 3 4,4 1,4", by=b["leader"])
    f = fs(engine, a["ganger1"])
    assert f["status"] == "in-recovery" and f["stats"]["BS"] == 5
    assert f["conditions"] == [f"hatred-gang:Pale Ones (#{b['roster']})"]
    assert [i["result"] for i in f["injuries"]] == ["multiple-injuries", "eye-injury", "bitter-enmity"]
    assert rep.applied
    # the dry run changed nothing; the roll names the fighter it changed and its rolls
    assert not dry.changes and rep.changes.fighters == {a["ganger1"]} and rep.changes.rolls
    assert not rep.changes.campaigns and not rep.changes.structure  # the campaign's row is as it was
    with Session(engine) as s:
        links = [i.roll_record_id for i in s.exec(select(LastingInjury)).all()]
        assert all(links) and len(s.exec(select(RollRecord)).all()) == 4
    undo(engine, c.id)
    f = fs(engine, a["ganger1"])
    assert (f["status"], f["stats"]["BS"], f["conditions"], f["injuries"]) == ("active", 4, [], [])


# --------------------------------------------------------------------------- bad input
def test_bad_input_is_refused_with_nothing_written(n26, snap):
    engine, c, a, b = n26
    other = create_campaign(engine, "Elsewhere", "necromunda")
    stranger = gang(engine, other.id, "Strangers", "Delaque", 50)
    nuts = create_campaign(engine, "Kursk", "nuts")
    nuts_r = create_roster(engine, nuts.id, "Squad")
    grunt = add_fighter(engine, nuts_r.id, "Pvt Ryan", rep=4)
    battle = record_battle(engine, c.id, [a["roster"], b["roster"]],
                           results={b['juve']: "out-of-action"}, by={b['juve']: a['leader']})
    injury_roll(engine, b["ganger2"], dice="6,6")  # Memorable Death
    before = snap(engine)
    cases = [
        (lambda: injury_roll(engine, a["juve"], dice="7,1"), DiceError, "a d6 shows 1 to 6"),
        (lambda: after_battle(engine, battle.id, dice="7,1"), DiceError, "a d6 shows 1 to 6"),
        (lambda: after_battle(engine, battle.id, dice="1"), DiceError, "not enough dice"),
        (lambda: after_battle(engine, battle.id, dice="2,1 4 4"), DiceError, "too many dice"),
        (lambda: record_battle(engine, c.id, [a["roster"], b["roster"]],
                               results={stranger['leader']: "out-of-action"}), InputError, "not in the rosters"),
        (lambda: record_battle(engine, c.id, [a["roster"], stranger["roster"]]), InputError, "another campaign"),
        (lambda: injury_roll(engine, a["juve"], dice="1,2", by=stranger["leader"]), InputError,
         "another campaign"),
        (lambda: end_cycle(engine, c.id, treat=[str(stranger["leader"])]), InputError, r"is not \(exactly one\) fighter of Hive War"),
        (lambda: record_battle(engine, c.id, [a["roster"], b["roster"]], results={b['ganger2']: "fine"}),
         InputError, "Blades ganger2 is dead and cannot take part"),
        (lambda: injury_roll(engine, b["ganger2"], dice="1,1"), InputError, "is dead"),
        (lambda: injury_roll(engine, grunt.id, dice="1,1"), InputError, "not Necromunda"),
        (lambda: end_cycle(engine, nuts.id), InputError, "not Necromunda"),
        (lambda: release_captive(engine, a["juve"], how="rescue"), InputError, "not captured"),
        (lambda: release_captive(engine, a["juve"], how="steal"), InputError, "choose rescue or exchange"),
        (lambda: revive_fighter(engine, a["juve"]), InputError, "not dead"),
        (lambda: treat_injury(engine, a["juve"]), InputError, "no critical injury"),
        (lambda: add_fighter(engine, a["roster"], "Bad", stats={"I": "4+"}), InputError, "plain number"),
        (lambda: add_fighter(engine, a["roster"], "Bad", stats={"Fr": "8"}), InputError, "unknown characteristic"),
    ]
    for call, err, msg in cases:
        with pytest.raises(err, match=msg):
            call()
        assert snap(engine) == before, msg


def test_stat_lines_follow_the_edition_and_kind(engine):
    create_campaign(engine, "Old", "necromunda", edition="n23")
    r = create_roster(engine, "Old", "Cogs")
    f = add_fighter(engine, r.id, "Tin", stats={"I": "4+", "WS": "3+"})
    assert fs(engine, f.id)["stats"] == {"I": 4, "WS": 3}
    v = add_fighter(engine, r.id, "Rig", fighter_type="vehicle", kind="vehicle",
                    stats={"M": "8", "Fr": "8", "Sd": "7", "Rr": "6", "HP": "3", "Hnd": "6+", "Sv": "4+", "BS": "4+"})
    assert fs(engine, v.id)["stats"]["Hnd"] == 6
    with pytest.raises(InputError, match="unknown characteristic 'WS'"):
        add_fighter(engine, r.id, "Rig2", kind="vehicle", stats={"WS": "3+"})


# --------------------------------------------------------------------------- CLI
def test_cli_commands(n26, db_url, capsys):
    engine, c, a, b = n26
    rc = main(["--db", db_url, "--json", "injury", "roll", str(a["ganger1"]), "--dice", "5,5"])
    out = json.loads(capsys.readouterr().out)
    assert rc == 0 and out["injuries"][0]["result"] == "enfeebled"
    assert fs(engine, a["ganger1"])["stats"]["T"] == 2
    rc = main(["--db", db_url, "injury", "roll", str(a["ganger2"]), "--dice", "7,1"])
    err = capsys.readouterr().err
    assert rc == 2 and err.startswith("error: typed die #1 is 7")
    rc = main(["--db", db_url, "injury", "roll", str(a["ganger2"]), "--dice", "6,1", "--by", str(b["leader"])])
    assert rc == 0 and "held by Blades" in capsys.readouterr().out
    assert main(["--db", db_url, "captive", "release", str(a["ganger2"]), "--how", "rescue"]) == 0
    assert "back with the gang" in capsys.readouterr().out
    assert main(["--db", db_url, "injury", "roll", str(a["juve"]), "--dice", "6,6"]) == 0
    assert main(["--db", db_url, "fighter", "revive", str(a["juve"])]) == 0
    assert fs(engine, a["juve"])["status"] == "active"
    rc = main(["--db", db_url, "cycle", "end", str(c.id)])
    assert rc == 0 and "In Recovery cleared" in capsys.readouterr().out
    assert show_campaign(engine, c.id)["cycle"] == 2


def test_step_wise_dice_ask_for_the_next_roll_and_write_nothing(n26, snap):
    from campaign_app.dice import Roller
    from campaign_app.errors import DiceError
    from campaign_app.procedure_driver import FaceSource

    engine, c, a, b = n26
    before = snap(engine)
    with pytest.raises(DiceError, match="the next roll needs D3"):
        injury_roll(engine, a["juve"], roller=Roller(FaceSource([(1, "typed"), (1, "typed")])))
    assert snap(engine) == before
    rep = injury_roll(engine, a["juve"], roller=Roller(FaceSource([(1, "typed"), (1, "random"), (6, "typed")])))
    assert fs(engine, a["juve"])["xp"] == 3 and rep.steps[1]["roll"]["source"] == "typed"
    with pytest.raises(InputError, match="not several"):
        end_cycle(engine, c.id, seed=1, roller=Roller(FaceSource([])))
