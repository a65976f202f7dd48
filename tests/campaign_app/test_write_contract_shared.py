"""Write contract of the shared After the Battle writer (issue #34 part 1): every field of
an :class:`~campaign_app.systems.base.Outcome` (each column a fighter, unit or roster
change may set, new fighters, lasting injuries, skills, removed fighters and units), built
by hand and applied through ``apply_after_battle`` with a stub procedure: the rows written
(SQL), and the rows after undo, on SQLite and PostgreSQL. The games' own modules check
what their procedures decide reaches these rows; this one checks the writer does not
drop, add or bend any of it. Plus credits, trading and income (the gear use-cases).

One database per backend for the module; every test undoes what it did."""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy.engine import Engine

from campaign_app.dice import Roller, Rolling, ask
from campaign_app.systems.base import (
    FighterChange,
    InjuryRecord,
    NewFighter,
    Outcome,
    Procedures,
    RosterChange,
    SkillGain,
    UnitChange,
)
from campaign_app.usecases import battles, campaigns, fighters, gear, journal, rosters, units
from tests.campaign_app.write_contract import Written, contract, module_engine


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def eng(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    yield from module_engine(request, tmp_path_factory)


@pytest.fixture(scope="module")
def w(eng: Engine) -> dict[str, Any]:
    c = campaigns.create_campaign(eng, "Shared", "necromunda", "n26")
    g = rosters.create_roster(eng, c.id, "Goliaths", credits=100)
    e = rosters.create_roster(eng, c.id, "Eschers")
    krug = fighters.add_fighter(eng, g.id, "Krug", fighter_type="leader", stats={"BS": 4}, xp=3)
    brak = fighters.add_fighter(eng, g.id, "Brak", fighter_type="ganger", weapons=["Autogun"], skills=["Dodge"])
    vala = fighters.add_fighter(eng, e.id, "Vala", fighter_type="champion")
    u = campaigns.create_campaign(eng, "Shared units", "fubar")
    ur = rosters.create_roster(eng, u.id, "Able Company")
    a = units.add_unit(eng, ur.id, "1st Squad", 10, training="green", weapons=["lmg"])
    b = units.add_unit(eng, ur.id, "2nd Squad", 8, training="green")
    return {"c": c.id, "g": g.id, "e": e.id, "Krug": krug.id, "Brak": brak.id, "Vala": vala.id,
            "u": u.id, "ur": ur.id, "A": a.id, "B": b.id}


def _done(outcome: Outcome) -> Rolling[Outcome]:
    """A procedure that rolls nothing and returns ``outcome``."""
    return outcome
    yield  # a generator


def _apply(eng: Engine, campaign: int, rosters: list[int], build: Any, faces: tuple[int, ...] = ()) -> Written:
    """Record a battle of ``rosters``, apply the Outcome ``build()`` makes (a plain
    function, or a procedure that rolls: a generator) through the real writer
    (``apply_after_battle``), check it, undo it and the battle."""
    b = battles.record_battle(eng, campaign, rosters, played_on="2026-03-14").id
    plan = battles.start_after_battle(eng, b)

    def stub(state: Any, options: Any) -> Rolling[Outcome]:
        made = build()
        if inspect.isgenerator(made):
            return (yield from made)
        return made

    plan = dataclasses.replace(plan, proc=Procedures(system="stub", after_battle=stub, default_result="fine",
                                                     result_statuses=("fine",)))
    got = contract(eng, campaign, lambda: battles.apply_after_battle(eng, plan, [(f, "typed") for f in faces]))
    journal.undo(eng, campaign)
    assert got.changed("battle", b) == {"after_battle_done": True}
    return got


FIGHTER_SETS = [  # column, value (roster ids named by key)
    ("status", "in-recovery"), ("rep", 4), ("xp", 9), ("stats", {"BS": 5, "WS": 3}), ("conditions", ["scarred"]),
    ("abilities", ["Sure-footed"]), ("notes", "a note"), ("status_note", "held"), ("captured_by_roster_id", "e"),
    ("fighter_type", "champion"), ("role", "sniper"), ("credits_value", 55), ("roster_id", "e"),
    ("name", "Krug the Bold"), ("kind", "vehicle"),
]


def test_every_settable_fighter_column_is_in_the_table():
    assert {c for c, _ in FIGHTER_SETS} == battles.FIGHTER_COLUMNS


@pytest.mark.parametrize("col, value", FIGHTER_SETS, ids=[c for c, _ in FIGHTER_SETS])
def test_fighter_change_writes_exactly_its_column(eng, w, col, value):
    v = w[value] if col in ("captured_by_roster_id", "roster_id") else value
    got = _apply(eng, w["c"], [w["g"], w["e"]],
                 lambda: Outcome(fighter_changes=[FighterChange(w["Krug"], {col: v}, "stub")]))
    assert got.changed_rows("fighter") == {w["Krug"]: {col: v}}
    assert got.touched() == {"fighter": (0, 0, 1), "battle": (0, 0, 1)}


UNIT_SETS = [
    ("figures", 4), ("figures_start", 12), ("wounded", 2), ("training", "veteran"), ("discipline", "pinned"),
    ("order", "advance"), ("status", "prisoner"), ("battles_fought", 9), ("stats", {"move": 4}), ("notes", "n"),
    ("armour", "light"),
]


def test_every_settable_unit_column_is_in_the_table():
    assert {c for c, _ in UNIT_SETS} == battles.UNIT_COLUMNS


@pytest.mark.parametrize("col, value", UNIT_SETS, ids=[c for c, _ in UNIT_SETS])
def test_unit_change_writes_exactly_its_column(eng, w, col, value):
    got = _apply(eng, w["u"], [w["ur"]], lambda: Outcome(unit_changes=[UnitChange(w["A"], {col: value}, "stub")]))
    assert got.changed_rows("unit") == {w["A"]: {col: value}}
    assert got.touched() == {"unit": (0, 0, 1), "battle": (0, 0, 1)}


ROSTER_SETS = [("credits", 77), ("reputation", 3), ("notes", "after the raid")]


def test_every_settable_roster_column_is_in_the_table():
    assert {c for c, _ in ROSTER_SETS} == battles.ROSTER_COLUMNS


@pytest.mark.parametrize("col, value", ROSTER_SETS, ids=[c for c, _ in ROSTER_SETS])
def test_roster_change_writes_exactly_its_column(eng, w, col, value):
    got = _apply(eng, w["c"], [w["g"], w["e"]],
                 lambda: Outcome(roster_changes=[RosterChange(w["g"], {col: value}, "stub")]))
    assert got.changed_rows("roster") == {w["g"]: {col: value}}
    assert got.touched() == {"roster": (0, 0, 1), "battle": (0, 0, 1)}


def test_a_column_outside_the_writers_set_is_refused_and_nothing_written(eng, w):
    from tests.campaign_app.write_contract import rows

    b = battles.record_battle(eng, w["c"], [w["g"]], played_on="2026-03-14").id
    plan = battles.start_after_battle(eng, b)
    plan = dataclasses.replace(plan, proc=Procedures(
        system="stub", default_result="fine", result_statuses=("fine",),
        after_battle=lambda s, o: _done(Outcome(fighter_changes=[FighterChange(w["Krug"], {"version": 99})]))))
    before = rows(eng)
    with pytest.raises(ValueError, match="procedure tried to set"):
        battles.apply_after_battle(eng, plan, [])
    assert rows(eng) == before
    journal.undo(eng, w["c"])


def test_new_fighter_skill_and_injury_rows(eng, w):
    def build() -> Rolling[Outcome]:
        res = yield ask("d66", "stub injury", rule="Lasting Injury", fighter_id=w["Vala"], table="n26-lasting-injury")
        res.table, res.row, res.result = "n26-lasting-injury", "51", "eye-injury"
        res.extra["label"] = "Eye Injury"
        return Outcome(
            new_fighters=[NewFighter(w["g"], {"name": "Recruit", "fighter_type": "juve", "kind": "human",
                                              "xp": 1, "status": "active"}, "stub")],
            skills=[SkillGain(w["Vala"], "Iron Will", "injury"), SkillGain(w["Krug"], "Berserker", "advance")],
            injuries=[InjuryRecord(w["Vala"], "n26-lasting-injury", res, "eye-injury", "Eye Injury",
                                   applied=["status in-recovery"], skipped=["BS +1"])],
        )

    got = _apply(eng, w["c"], [w["g"], w["e"]], build, faces=(5, 1))
    assert got.touched() == {"fighter": (1, 0, 0), "skill": (2, 0, 0), "lasting_injury": (1, 0, 0),
                             "battle": (0, 0, 1)}
    [nf] = got.added("fighter")
    assert (nf["roster_id"], nf["name"], nf["fighter_type"], nf["kind"], nf["xp"], nf["status"]) == (
        w["g"], "Recruit", "juve", "human", 1, "active")
    assert sorted((s["fighter_id"], s["name"], s["source"]) for s in got.added("skill")) == sorted(
        [(w["Vala"], "Iron Will", "injury"), (w["Krug"], "Berserker", "advance")])
    [roll] = got.rolls()
    assert (roll["fighter_id"], roll["faces"], roll["value"], roll["source"], roll["table_id"], roll["row"],
            roll["result"], roll["label"], roll["subject"]) == (
        w["Vala"], "5,1", 51, "typed", "n26-lasting-injury", "51", "eye-injury", "Eye Injury", "Vala")
    [inj] = got.added("lasting_injury")
    assert {k: inj[k] for k in ("fighter_id", "roll_record_id", "table_id", "roll", "faces", "result", "label",
                                "effects_applied", "effects_skipped")} == {
        "fighter_id": w["Vala"], "roll_record_id": roll["id"], "table_id": "n26-lasting-injury", "roll": 51,
        "faces": "5,1", "result": "eye-injury", "label": "Eye Injury", "effects_applied": ["status in-recovery"],
        "effects_skipped": ["BS +1"]}


def test_removed_fighter_takes_its_gear_and_frees_its_crew(eng, w):
    fighters.edit_fighter(eng, w["Krug"], kind="vehicle")
    from sqlmodel import Session

    from db.models import Fighter

    with Session(eng) as s:  # Brak crews Krug (a vehicle here)
        f = s.get(Fighter, w["Brak"])
        assert f is not None
        f.crew_of_id = w["Krug"]
        s.add(f)
        s.commit()
    try:
        got = _apply(eng, w["c"], [w["g"], w["e"]], lambda: Outcome(removed_fighters=[w["Brak"]]))
        assert [f["id"] for f in got.removed("fighter")] == [w["Brak"]]
        assert [e["name"] for e in got.removed("equipment")] == ["Autogun"]
        assert [s["name"] for s in got.removed("skill")] == ["Dodge"]
        got = _apply(eng, w["c"], [w["g"], w["e"]], lambda: Outcome(removed_fighters=[w["Krug"]]))
        assert got.changed_rows("fighter") == {w["Brak"]: {"crew_of_id": None}}
        assert [f["id"] for f in got.removed("fighter")] == [w["Krug"]]
    finally:
        with Session(eng) as s:
            f = s.get(Fighter, w["Brak"])
            assert f is not None
            f.crew_of_id = None
            s.add(f)
            s.commit()
        journal.undo(eng, w["c"])


def test_removed_unit_takes_its_weapons(eng, w):
    got = _apply(eng, w["u"], [w["ur"]], lambda: Outcome(removed_units=[w["A"]]))
    assert [u["id"] for u in got.removed("unit")] == [w["A"]]
    [weapon] = got.removed("equipment")
    assert weapon["unit_id"] == w["A"]
    # its result in this battle goes with it (the row's foreign key cascades)
    assert [r["unit_id"] for r in got.removed("battle_result")] == [w["A"]]
    assert got.touched() == {"unit": (0, 1, 0), "equipment": (0, 1, 0), "battle_result": (0, 1, 0),
                             "battle": (0, 0, 1)}


# --------------------------------------------------------------------------- credits and income
def test_adjust_credits_writes_roster_and_ledger(eng, w):
    got = contract(eng, w["c"], lambda: gear.adjust_credits(eng, w["g"], -30, "fine"))
    assert got.changed_rows("roster") == {w["g"]: {"credits": 70}}
    [line] = got.added("ledger_entry")
    assert (line["roster_id"], line["amount"], line["balance"], line["why"]) == (w["g"], -30, 70, "fine")
    assert got.touched() == {"roster": (0, 0, 1), "ledger_entry": (1, 0, 0)}


def test_income_rows_and_a_territory_without_income(eng, w):
    gear.add_territory(eng, w["g"], "Old Ruins", credits=10, dice="d6x10")
    gear.add_territory(eng, w["g"], "Wastes")  # no income
    try:
        got = contract(eng, w["c"], lambda: gear.collect_income(eng, w["g"], roller=Roller.from_options("3", None)))
        assert got.changed_rows("roster") == {w["g"]: {"credits": 100 + 10 + 30}}
        lines = got.added("ledger_entry")
        assert sum(x["amount"] for x in lines) == 40 and lines[-1]["balance"] == 140
        assert [(r["dice"], r["value"]) for r in got.rolls()] == [("1d6", 3)]
    finally:
        journal.undo(eng, w["c"])
        journal.undo(eng, w["c"])
