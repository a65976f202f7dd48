"""Write contract of Necromunda (issue #34 part 1): each outcome After the Battle, a
lasting injury, a treatment and the end of a cycle can produce, made with typed dice,
checked in the rows written (SQL, not the use-case's report) and in the rows after undo,
on SQLite and PostgreSQL. Plus the XP rules' negative cases: where XP must NOT be given.

One database per backend for the module: every test undoes what it did, and checks that
undo put every game row back (``write_contract.contract``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from campaign_app.systems.necromunda import actions
from campaign_app.usecases import battles, campaigns, fighters, journal, rosters
from db.models import BattleResult
from tests.campaign_app.write_contract import Written, contract, module_engine


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def eng(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    yield from module_engine(request, tmp_path_factory)


def _world(engine: Engine, edition: str) -> dict[str, Any]:
    name = f"Contract {edition}"
    c = campaigns.create_campaign(engine, name, "necromunda", edition)
    if edition == "n26":  # a house rule whose row 11 gives a skill (no shipped row does)
        table = campaigns.campaign_rules(engine, c.id)["n26-lasting-injury"].to_dict()
        table["rows"][0]["label"] = "Iron Lesson"
        table["rows"][0]["effects"] = [{"op": "skill", "value": "Iron Will"}]
        campaigns.set_house_rule(engine, c.id, "n26-lasting-injury", table)
    g = rosters.create_roster(engine, c.id, "Goliaths", faction="Goliath", credits=100)
    e = rosters.create_roster(engine, c.id, "Eschers", faction="Escher", credits=200)
    ids: dict[str, Any] = {"campaign": c.id, "g": g.id, "e": e.id}
    for roster, fname, ftype, kw in [
        (g.id, "Krug", "leader", {"xp": 5, "stats": {"BS": 4, "WS": 3}}),
        (g.id, "Brak", "ganger", {"stats": {"BS": 4}}),
        (g.id, "Idle", "ganger", {}),
        (e.id, "Vala", "champion", {"stats": {"BS": 4, "WS": 3, "Ld": 7}, "skills": ["Nerves of Steel"]}),
        (e.id, "Zara", "ganger", {"stats": {"BS": 4}}),
        (e.id, "Nyx", "juve", {"xp": 2}),
    ]:
        ids[fname] = fighters.add_fighter(engine, roster, fname, fighter_type=ftype, **kw).id
    return ids


@pytest.fixture(scope="module")
def n26(eng: Engine) -> dict[str, Any]:
    return _world(eng, "n26")


@pytest.fixture(scope="module")
def n23(eng: Engine) -> dict[str, Any]:
    return _world(eng, "n23")


def _battle(engine: Engine, w: dict[str, Any], *, results: dict[str, str], by: dict[str, str] | None = None,
            winner: str | None = "g", absent: tuple[str, ...] = ("Idle",)) -> int:
    b = battles.record_battle(
        engine, w["campaign"], [w["g"], w["e"]], results={w[k]: v for k, v in results.items()},
        by={w[k]: w[v] for k, v in (by or {}).items()}, winner=w[winner] if winner else None,
        played_on="2026-03-14", absent=[w[a] for a in absent])
    return b.id


def _after(engine: Engine, w: dict[str, Any], battle: int, dice: str, **options: Any) -> Written:
    out = contract(engine, w["campaign"],
                   lambda: battles.after_battle(engine, battle, dice=dice, options=options or None))
    journal.undo(engine, w["campaign"])  # the battle's record too: the next test starts clean
    return out


def _roll_ids(w: Written) -> list[int]:
    return [r["id"] for r in w.rolls()]


# --------------------------------------------------------------------------- After the Battle
def test_n26_after_battle_xp_lasting_injury_and_its_skill(eng, n26):
    w = n26
    b = _battle(eng, w, results={"Vala": "out-of-action", "Zara": "out-of-action", "Nyx": "seriously-injured"},
                by={"Vala": "Krug", "Zara": "Brak", "Nyx": "Brak"})
    # Vala: d66 11 (the house row: skill Iron Will); Zara: d66 21 (Out Cold)
    got = _after(eng, w, b, "1,1,2,1")
    assert got.touched() == {"fighter": (0, 0, 5), "skill": (1, 0, 0), "lasting_injury": (2, 0, 0),
                             "battle": (0, 0, 1)}
    assert got.changed_rows("fighter") == {  # Idle did not take part: no XP, no change
        w["Krug"]: {"xp": 5 + 1 + 2 + 1},  # took part, a champion out of action: 2 + 1
        w["Brak"]: {"xp": 0 + 1 + 2 + 1},  # took part, a ganger out (no bonus), a juve seriously injured
        w["Vala"]: {"xp": 1},
        w["Zara"]: {"xp": 1},
        w["Nyx"]: {"xp": 2 + 1},
    }
    assert got.changed("battle", b) == {"after_battle_done": True}
    [skill] = got.added("skill")
    assert (skill["fighter_id"], skill["name"], skill["source"]) == (w["Vala"], "Iron Will", "injury")
    r_vala, r_zara = got.rolls()
    assert [(r["fighter_id"], r["dice"], r["faces"], r["value"], r["row"], r["result"], r["mark"], r["step"],
             r["face_pos"], r["battle_id"]) for r in (r_vala, r_zara)] == [
        (w["Vala"], "d66", "1,1", 11, "11", "lesson-learnt", "applied", f"after-battle:{b}", 0, b),
        (w["Zara"], "d66", "2,1", 21, "21-26", "out-cold", "applied", f"after-battle:{b}", 2, b)]
    inj = got.added("lasting_injury")
    assert [{k: i[k] for k in ("fighter_id", "battle_id", "roll_record_id", "table_id", "roll", "faces",
                                "result", "label", "effects_applied", "effects_skipped")} for i in inj] == [
        {"fighter_id": w["Vala"], "battle_id": b, "roll_record_id": r_vala["id"], "table_id": "n26-lasting-injury",
         "roll": 11, "faces": "1,1", "result": "lesson-learnt", "label": "Iron Lesson",
         "effects_applied": ["skill Iron Will"], "effects_skipped": []},
        {"fighter_id": w["Zara"], "battle_id": b, "roll_record_id": r_zara["id"], "table_id": "n26-lasting-injury",
         "roll": 21, "faces": "2,1", "result": "out-cold", "label": "Out Cold",
         "effects_applied": [], "effects_skipped": []}]


def test_n26_skill_already_held_is_not_written_again(eng, n26):
    """The injury's skill when the fighter has it already: no second skill row."""
    w = n26
    fighters.edit_fighter(eng, w["Vala"], add_skills=["Iron Will"])
    try:
        b = _battle(eng, w, results={"Vala": "out-of-action"}, by={"Vala": "Krug"})
        got = _after(eng, w, b, "1,1")
        assert got.added("skill") == []
        [inj] = got.added("lasting_injury")
        assert inj["effects_applied"] == [] and inj["effects_skipped"] == ["skill Iron Will: already held"]
    finally:
        journal.undo(eng, w["campaign"])


def test_n26_stat_status_and_capture(eng, n26):
    w = n26
    b = _battle(eng, w, results={"Vala": "out-of-action", "Zara": "out-of-action"}, by={"Vala": "Krug", "Zara": "Brak"})
    # Vala: 51 Eye Injury (in recovery, BS one worse); Zara: 61 Captured (held by the Goliaths)
    got = _after(eng, w, b, "5,1,6,1")
    f = got.changed_rows("fighter")
    assert f[w["Vala"]] == {"xp": 1, "status": "in-recovery", "stats": {"BS": 5, "WS": 3, "Ld": 7}}
    assert f[w["Zara"]] == {"xp": 1, "status": "captured", "captured_by_roster_id": w["g"],
                            "status_note": "held by Goliaths"}
    assert f[w["Krug"]] == {"xp": 5 + 1 + 3} and f[w["Brak"]] == {"xp": 1 + 2}
    assert got.touched() == {"fighter": (0, 0, 5), "lasting_injury": (2, 0, 0), "battle": (0, 0, 1)}
    assert [i["effects_applied"] for i in got.added("lasting_injury")] == [
        ["status in-recovery", "BS 4+ -> 5+"], ["status captured"]]


def test_n26_critical_injury_treated_pays_and_untreated_waits(eng, n26):
    w = n26
    b = _battle(eng, w, results={"Vala": "out-of-action", "Zara": "out-of-action"}, by={"Vala": "Krug", "Zara": "Brak"})
    # Vala: 63 Critical Injury, treated: cost 2d6 = 3+3 -> 60 credits, treatment d6 4;
    # Zara: 64 Critical Injury, not treated: stays in recovery with the condition (N26)
    got = _after(eng, w, b, "6,3,3,3,4,6,4", treat=[w["Vala"]])
    f = got.changed_rows("fighter")
    assert f[w["Vala"]] == {"xp": 1, "status": "in-recovery", "status_note": "critical injury treated"}
    assert f[w["Zara"]] == {"xp": 1, "status": "in-recovery", "conditions": ["critical-injury"],
                            "status_note": "critical injury: treat it or it dies at the end of the cycle"}
    assert got.changed_rows("roster") == {w["e"]: {"credits": 200 - 60}}
    assert [(r["dice"], r["value"]) for r in got.rolls()] == [("d66", 63), ("2d6", 6), ("d6", 4), ("d66", 64)]


def test_n26_treatment_the_gang_cannot_pay_writes_no_credits(eng, n26):
    """Negative: a cost above the gang's credits is not paid (no roster row changes)."""
    w = n26
    b = _battle(eng, w, results={"Vala": "out-of-action"}, by={"Vala": "Krug"})
    got = _after(eng, w, b, "6,3,6,6,4", treat=[w["Vala"]])  # 2d6 = 12: 120 credits of 200, paid
    assert got.changed_rows("roster") == {w["e"]: {"credits": 80}}
    rosters.edit_roster(eng, w["e"], credits=119)
    try:
        b = _battle(eng, w, results={"Vala": "out-of-action"}, by={"Vala": "Krug"})
        got = _after(eng, w, b, "6,3,6,6", treat=[w["Vala"]])  # 120 credits of 119: not paid
        assert got.changed_rows("roster") == {}
        assert got.changed_rows("fighter")[w["Vala"]]["conditions"] == ["critical-injury"]
        assert [(r["dice"], r["value"]) for r in got.rolls()] == [("d66", 63), ("2d6", 12)]
    finally:
        journal.undo(eng, w["campaign"])


# --------------------------------------------------------------------------- XP negatives
def test_no_xp_for_taking_out_a_fighter_of_ones_own_gang(eng, n26):
    """``battle record`` refuses an attacker of the victim's own gang, but a result row can
    still name one (an import, an older database): After the Battle must give no XP."""
    w = n26
    b = _battle(eng, w, results={"Brak": "out-of-action", "Idle": "seriously-injured", "Vala": "out-of-action"},
                absent=())
    with Session(eng) as s:  # own-gang attackers, written as an old database may hold them
        for res in s.exec(select(BattleResult).where(BattleResult.battle_id == b)).all():
            if res.fighter_id in (w["Brak"], w["Idle"]):
                res.by_fighter_id = w["Krug"]
            if res.fighter_id == w["Vala"]:
                res.by_fighter_id = w["Zara"]
            s.add(res)
        s.commit()
    got = _after(eng, w, b, "2,1,2,1")  # both Out Cold
    f = got.changed_rows("fighter")
    assert f[w["Krug"]] == {"xp": 5 + 1}  # took part only
    assert f[w["Zara"]] == {"xp": 1}
    assert f[w["Brak"]] == {"xp": 1} and f[w["Idle"]] == {"xp": 1} and f[w["Vala"]] == {"xp": 1}


def test_no_xp_without_an_attacker_or_when_absent(eng, n26):
    """Negative: a fighter out of action with nobody named gives nobody XP; an absent
    fighter and a fighter whose result is 'fine' by someone get nothing for it."""
    w = n26
    b = _battle(eng, w, results={"Vala": "out-of-action", "Zara": "fine"}, by={"Zara": "Brak"},
                absent=("Idle", "Krug"))
    got = _after(eng, w, b, "2,1")
    f = got.changed_rows("fighter")
    assert w["Krug"] not in f and w["Idle"] not in f
    assert f[w["Brak"]] == {"xp": 1}  # took part; "fine" by Brak is worth nothing
    assert f[w["Vala"]] == {"xp": 1} and f[w["Zara"]] == {"xp": 1} and f[w["Nyx"]] == {"xp": 3}


# --------------------------------------------------------------------------- N23
def test_n23_seriously_injured_check_escape_and_clear_recovery(eng, n23):
    w = n23
    fighters.edit_fighter(eng, w["Nyx"], status="in-recovery")  # sat this battle out: cleared after it
    try:
        b = _battle(eng, w, results={"Vala": "seriously-injured", "Zara": "seriously-injured",
                                     "Krug": "out-of-action"}, by={"Vala": "Krug", "Zara": "Brak", "Krug": "Vala"},
                    winner="e", absent=("Idle", "Nyx"))
        # SI checks by id: Vala 1 (counts as Out of Action), Zara 5 (fine); then lasting
        # injuries by id: Krug, Vala.
        rules = campaigns.campaign_rules(eng, w["campaign"])
        li = rules["n23-lasting-injury"]
        out_cold = next(r for r in li.rows if r.result == "out-cold" and not r.effects)
        captured = next(r for r in li.rows if r.result == "captured")
        dice = ["1", "5", *_faces_of(li, out_cold.low), *_faces_of(li, captured.low), "6"]  # escape 6 - 0 (won)
        got = _after(eng, w, b, ",".join(dice))
        f = got.changed_rows("fighter")
        assert f[w["Nyx"]] == {"status": "active"}  # Clear Recovery (N23)
        assert w["Idle"] not in f
        assert f[w["Krug"]] == {"xp": 5 + 1 + 1}  # took part, Vala seriously injured (taken out himself: no XP)
        assert f[w["Vala"]]["xp"] == 1 + 2 + 1  # took part, Krug (a leader) out of action
        assert f[w["Vala"]].get("status", "active") == "active"
        assert f[w["Brak"]] == {"xp": 1 + 1}  # Zara seriously injured
        assert [r["rule"] for r in got.rolls()][:2] == ["Seriously Injured check"] * 2
    finally:
        journal.undo(eng, w["campaign"])


def _faces_of(table: Any, value: int) -> list[str]:
    if table.dice == "d66":
        return [str(value // 10), str(value % 10)]
    return [str(value)]


# --------------------------------------------------------------------------- single actions
def test_injury_roll_writes_the_injury_and_undo_takes_it_back(eng, n26):
    w = n26
    got = contract(eng, w["campaign"], lambda: actions.injury_roll(eng, w["Vala"], dice="5,1"))
    assert got.changed_rows("fighter") == {w["Vala"]: {"status": "in-recovery", "stats": {"BS": 5, "WS": 3, "Ld": 7}}}
    [inj] = got.added("lasting_injury")
    [roll] = got.rolls()
    assert (inj["fighter_id"], inj["battle_id"], inj["roll_record_id"], inj["roll"], inj["result"]) == (
        w["Vala"], None, roll["id"], 51, "eye-injury")
    assert got.touched() == {"fighter": (0, 0, 1), "lasting_injury": (1, 0, 0)}


def test_injury_roll_gives_the_skill_row(eng, n26):
    w = n26
    got = contract(eng, w["campaign"], lambda: actions.injury_roll(eng, w["Zara"], dice="1,1"))
    [skill] = got.added("skill")
    assert (skill["fighter_id"], skill["name"], skill["source"]) == (w["Zara"], "Iron Will", "injury")
    assert got.touched() == {"skill": (1, 0, 0), "lasting_injury": (1, 0, 0)}


def _poke(engine: Engine, fid: int, **cols: Any) -> dict[str, Any]:
    """Set fighter columns directly (no command sets conditions); returns the old values."""
    from db.models import Fighter

    with Session(engine) as s:
        f = s.get(Fighter, fid)
        assert f is not None
        old = {k: getattr(f, k) for k in cols}
        for k, v in cols.items():
            setattr(f, k, v)
        s.add(f)
        s.commit()
    return old


def test_n26_end_of_cycle_treats_lets_die_clears_recovery_and_collects_income(eng, n26):
    w = n26
    from campaign_app.usecases import gear

    crit = {"status": "in-recovery", "conditions": ["critical-injury"]}
    olds = {k: _poke(eng, w[k], **cols) for k, cols in
            {"Vala": crit, "Zara": crit, "Nyx": {"status": "in-recovery"}}.items()}
    gear.add_territory(eng, w["g"], "Old Ruins", credits=10, dice="d6x10")
    try:
        # Vala treated: cost 2d6 = 1+1 -> 20 credits, treatment d6 4 (lives); Zara untreated:
        # dies; every In Recovery cleared; income: 10 + 2 x 10
        got = contract(eng, w["campaign"], lambda: actions.end_cycle(eng, w["campaign"], treat=[w["Vala"]],
                                                                    dice="1,1,4,2", income=True))
        f = got.changed_rows("fighter")
        assert f == {
            w["Vala"]: {"status": "active", "conditions": []},  # treated, then In Recovery cleared
            w["Zara"]: {"status": "dead", "conditions": [],
                        "status_note": "critical injury, not treated by the end of the cycle"},
            w["Nyx"]: {"status": "active"},
        }
        assert got.changed_rows("roster") == {w["e"]: {"credits": 200 - 20}, w["g"]: {"credits": 100 + 30}}
        assert got.changed_rows("campaign") == {w["campaign"]: {"cycle": 2}}
        ledger = got.added("ledger_entry")
        assert {x["roster_id"] for x in ledger} == {w["g"]}
        assert sum(x["amount"] for x in ledger) == 30 and ledger[-1]["balance"] == 130
        assert [(r["dice"], r["value"]) for r in got.rolls()] == [("2d6", 2), ("d6", 4), ("1d6", 2)]
    finally:
        journal.undo(eng, w["campaign"])  # the territory
        for k, old in olds.items():
            _poke(eng, w[k], **old)


def test_release_and_revive_rows(eng, n26):
    w = n26
    old = _poke(eng, w["Zara"], status="captured", captured_by_roster_id=w["g"])
    try:
        got = contract(eng, w["campaign"], lambda: actions.release_captive(eng, w["Zara"], "rescue"))
        assert got.changed_rows("fighter") == {w["Zara"]: {"status": "active", "captured_by_roster_id": None,
                                                           "status_note": "rescued from Goliaths"}}
        _poke(eng, w["Zara"], status="dead", conditions=["critical-injury", "scar"], captured_by_roster_id=None)
        got = contract(eng, w["campaign"], lambda: actions.revive_fighter(eng, w["Zara"]))
        assert got.changed_rows("fighter") == {w["Zara"]: {"status": "active", "conditions": ["scar"],
                                                           "status_note": "revived: marked dead by mistake"}}
    finally:
        _poke(eng, w["Zara"], conditions=[], **old)
