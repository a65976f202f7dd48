"""Write contract of the unit games, FUBAR and the unit-morale game (issue #34 part 1):
After the Battle's casualty fates, wounded returning, promotions, destroyed and prisoner
units and the discipline reset, made with typed dice and checked in the rows written (SQL)
and after undo, on SQLite and PostgreSQL; the promotion rule's negative cases (not due,
already at the top, a failed roll, a prisoner) checked in the database; an exchange of
prisoners.

One database per backend for the module; every test undoes what it did."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy.engine import Engine

from campaign_app.usecases import battles, campaigns, journal, rosters, units
from tests.campaign_app.write_contract import Written, contract, module_engine


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def eng(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    yield from module_engine(request, tmp_path_factory)


UNITS = [  # name, training, figures, figures_start, wounded, battles_fought
    ("Able", "seasoned", 8, 10, 1, 2),  # battle 3: casualties, then a promotion roll
    ("Baker", "elite", 10, 10, 0, 2),  # battle 3 but at the top: no roll
    ("Charlie", "green", 6, 6, 0, 0),  # battle 1: no roll due
    ("Dog", "seasoned", 6, 6, 0, 5),  # battle 6: rolls, fails
    ("Easy", "green", 5, 5, 0, 2),  # destroyed
    ("Fox", "green", 5, 5, 0, 2),  # prisoner: due a roll, gets none
    ("George", "green", 3, 6, 2, 1),  # absent: its wounded return anyway
]


def _world(eng: Engine, system: str) -> dict[str, Any]:
    c = campaigns.create_campaign(eng, f"Contract {system}", system)
    r = rosters.create_roster(eng, c.id, "Able Company")
    ids: dict[str, Any] = {"campaign": c.id, "r": r.id}
    levels = {"fubar": {}, "unit-morale": {"seasoned": "regular"}}[system]
    for name, training, figures, start, wounded, fought in UNITS:
        u = units.add_unit(eng, r.id, name, start, training=levels.get(training, training))
        units.edit_unit(eng, u.id, figures=figures, wounded=wounded, battles_fought=fought)
        ids[name] = u.id
    if system == "unit-morale":
        units.edit_unit(eng, ids["Charlie"], discipline="shaken")
    return ids


@pytest.fixture(scope="module")
def fubar(eng: Engine) -> dict[str, Any]:
    return _world(eng, "fubar")


@pytest.fixture(scope="module")
def morale(eng: Engine) -> dict[str, Any]:
    return _world(eng, "unit-morale")


def _battle(eng: Engine, w: dict[str, Any]) -> int:
    return battles.record_battle(
        eng, w["campaign"], [w["r"]], results={w["Easy"]: "destroyed", w["Fox"]: "prisoner"},
        casualties={w["Able"]: 3}, absent=[w["George"]], played_on="2026-03-14").id


def _after(eng: Engine, w: dict[str, Any], dice: str) -> Written:
    b = _battle(eng, w)
    got = contract(eng, w["campaign"], lambda: battles.after_battle(eng, b, dice=dice))
    journal.undo(eng, w["campaign"])
    return got


def test_fubar_after_battle_rows(eng, fubar):
    w = fubar
    # Able's 3 casualties: 1 lost, 3 wounded, 5 back; Able's promotion 5 (up); Dog's 4 (stays)
    got = _after(eng, w, "1,3,5,5,4")
    assert got.changed_rows("unit") == {
        # 8 + 1 wounded back - 3 casualties + 1 back; 1 newly wounded (as before: unchanged)
        w["Able"]: {"figures": 8 + 1 - 3 + 1, "battles_fought": 3, "training": "veteran"},
        w["Baker"]: {"battles_fought": 3},  # elite: no promotion roll
        w["Charlie"]: {"battles_fought": 1},  # not due
        w["Dog"]: {"battles_fought": 6},  # rolled 4: stays seasoned
        w["Easy"]: {"battles_fought": 3, "status": "destroyed"},
        w["Fox"]: {"battles_fought": 3, "status": "prisoner"},  # no promotion for a prisoner
        w["George"]: {"figures": 5, "wounded": 0},  # did not fight: wounded back, no battle counted
    }
    assert got.touched() == {"unit": (0, 0, 7), "battle": (0, 0, 1)}
    rolls = got.rolls()
    assert [(r["unit_id"], r["dice"], r["value"], r["result"]) for r in rolls] == [
        (w["Able"], "d6", 1, "lost"), (w["Able"], "d6", 3, "wounded"), (w["Able"], "d6", 5, "back"),
        (w["Able"], "d6", 5, "promoted"), (w["Dog"], "d6", 4, "no-change")]


def test_unit_morale_after_battle_rows_and_discipline_reset(eng, morale):
    w = morale
    got = _after(eng, w, "2,4,6,6,1")
    rows = got.changed_rows("unit")
    assert rows[w["Able"]] == {"figures": 7, "battles_fought": 3, "training": "veteran"}
    assert rows[w["Dog"]] == {"battles_fought": 6}
    assert rows[w["Charlie"]] == {"battles_fought": 1, "discipline": "confident"}  # shaken -> confident
    assert rows[w["Easy"]] == {"battles_fought": 3, "status": "destroyed", "discipline": "destroyed"}
    assert rows[w["Fox"]] == {"battles_fought": 3, "status": "prisoner", "discipline": "prisoner"}


def test_promotion_every_zero_turns_promotions_off(eng, fubar):
    """Negative: with promotions off, a unit due one rolls nothing and keeps its training."""
    w = fubar
    b = _battle(eng, w)
    got = contract(eng, w["campaign"], lambda: battles.after_battle(eng, b, dice="1,3,5",
                                                                   options={"promotion_every": 0}))
    journal.undo(eng, w["campaign"])
    assert "training" not in got.changed("unit", w["Able"])
    assert [r["result"] for r in got.rolls()] == ["lost", "wounded", "back"]


def test_exchange_of_prisoners_rows(eng, fubar):
    w = fubar
    units.edit_unit(eng, w["Fox"], status="prisoner")
    try:
        got = contract(eng, w["campaign"], lambda: units.exchange_prisoners(eng, w["Fox"]))
        assert got.changed_rows("unit") == {w["Fox"]: {"status": "active"}}
        assert got.touched() == {"unit": (0, 0, 1)}
    finally:
        journal.undo(eng, w["campaign"])
