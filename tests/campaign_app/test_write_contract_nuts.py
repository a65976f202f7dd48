"""Write contract of NUTS! (issue #34 part 1): After the Battle's Rep changes, statuses,
bites and replacements made with typed dice, checked in the rows written (SQL) and after
undo, on SQLite and PostgreSQL; and the Rep rules' negative cases (where Rep must NOT
change), checked in the database. Creatures and walkers: their rows and undo.

One database per backend for the module; every test undoes what it did."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy.engine import Engine

from campaign_app.systems.nuts import creatures
from campaign_app.usecases import battles, campaigns, fighters, journal, rosters
from tests.campaign_app.write_contract import Written, contract, module_engine


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def eng(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    yield from module_engine(request, tmp_path_factory)


@pytest.fixture(scope="module")
def w(eng: Engine) -> dict[str, Any]:
    c = campaigns.create_campaign(eng, "Contract NUTS", "nuts", expansions=["weird-ww2"])
    r = rosters.create_roster(eng, c.id, "1st Platoon")
    ids: dict[str, Any] = {"campaign": c.id, "r": r.id}
    for name, ftype, rep, kw in [
        ("Sgt", "star", 5, {"role": "leader"}),
        ("Able", "grunt", 3, {}),
        ("Baker", "grunt", 6, {}),
        ("Dog", "grunt", 3, {}),
        ("Charlie", "grunt", 1, {}),
        ("Easy", "grunt", 4, {}),
        ("Fox", "grunt", 4, {}),
        ("Zed", "grunt", 2, {"kind": "zombie"}),
    ]:
        ids[name] = fighters.add_fighter(eng, r.id, name, fighter_type=ftype, rep=rep, **kw).id
    return ids


def _battle(eng: Engine, w: dict[str, Any], results: dict[str, str], hits: tuple[str, ...] = (),
            absent: tuple[str, ...] = (), details: dict[str, Any] | None = None) -> int:
    return battles.record_battle(eng, w["campaign"], [w["r"]], results={w[k]: v for k, v in results.items()},
                                 hits=[w[h] for h in hits], absent=[w[a] for a in absent],
                                 details={w[k]: v for k, v in (details or {}).items()} or None,
                                 played_on="2026-03-14").id


def _after(eng: Engine, w: dict[str, Any], battle: int, dice: str | None, **options: Any) -> Written:
    got = contract(eng, w["campaign"], lambda: battles.after_battle(
        eng, battle, dice=dice, seed=None if dice else 1, options=options or None))
    journal.undo(eng, w["campaign"])  # the battle too
    return got


def test_rep_changes_and_where_rep_must_not_change(eng, w):
    b = _battle(eng, w, {"Sgt": "out-of-the-fight", "Charlie": "hunker-down", "Easy": "left-battlefield",
                         "Fox": "hunker-down"},
                hits=("Sgt", "Able", "Baker", "Dog", "Fox", "Zed"))
    # Sgt's recovery 2d6 vs Rep 5: 1,2 both pass (return to duty; no Rep roll: he was OOF).
    # Rep increase by id: Able 4 beats Rep 3 (up); Baker 6 at Rep 6 (stays); Dog 3 = Rep 3
    # (does not beat it). Rep decrease: Charlie 1 at Rep 1 (stays); Easy 1 (down); Fox 2 (no
    # change; hunkered down: no increase roll despite his hit). Zed, a zombie: no roll.
    got = _after(eng, w, b, "1,2,4,6,3,1,1,2", replacements=False)
    assert got.changed_rows("fighter") == {w["Able"]: {"rep": 4}, w["Easy"]: {"rep": 3}}
    assert got.touched() == {"fighter": (0, 0, 2), "battle": (0, 0, 1)}
    rolls = got.rolls()
    assert [(r["fighter_id"], r["rule"], r["faces"], r["value"], r["label"]) for r in rolls] == [
        (w["Sgt"], "OOF recovery", "1,2", 2, "Returns to duty"),
        (w["Able"], "Rep increase", "4", 4, "Rep up"),
        (w["Baker"], "Rep increase", "6", 6, "No change"),
        (w["Dog"], "Rep increase", "3", 3, "No change"),
        (w["Charlie"], "Rep decrease", "1", 1, "No change"),
        (w["Easy"], "Rep decrease", "1", 1, "Rep down"),
        (w["Fox"], "Rep decrease", "2", 2, "No change"),
    ]
    assert all(r["mark"] == "applied" and r["step"] == f"after-battle:{b}" for r in rolls)
    assert [r["face_pos"] for r in rolls] == [0, 2, 3, 4, 5, 6, 7]


def test_no_rep_roll_without_a_hit(eng, w):
    """Negative: a figure that scored no hit gets no Rep increase roll (nothing written)."""
    b = _battle(eng, w, {})
    got = _after(eng, w, b, None, replacements=False)
    assert got.changed_rows("fighter") == {} and got.rolls() == []
    assert got.touched() == {"battle": (0, 0, 1)}


def test_statuses_recovery_return_and_replacements(eng, w):
    fighters.edit_fighter(eng, w["Easy"], status="in-recovery")
    try:
        b = _battle(eng, w, {"Able": "obviously-dead", "Dog": "out-of-the-fight", "Charlie": "out-of-the-fight"},
                    absent=("Easy",))
        # recovery by id: Dog 5,6 vs Rep 3 (no pass: lost); Charlie 1,6 vs Rep 1 (one pass: wounded);
        # replacements: Sgt 1,1 vs Rep 5 (two); their Rep d6: 6 (Rep 5), 1 (Rep 3)
        got = _after(eng, w, b, "5,6,1,6,1,1,6,1")
        f = got.changed_rows("fighter")
        assert f == {
            w["Able"]: {"status": "dead", "status_note": f"obviously dead in battle {_number(got, b)}"},
            w["Dog"]: {"status": "lost", "status_note": f"lost after battle {_number(got, b)}"},
            w["Charlie"]: {"status": "in-recovery",
                           "status_note": f"wounded in battle {_number(got, b)}: misses the next battle"},
            w["Easy"]: {"status": "active"},
        }
        new = got.added("fighter")
        assert [(n["roster_id"], n["name"], n["fighter_type"], n["kind"], n["rep"], n["role"], n["status"])
                for n in new] == [(w["r"], "Replacement 1", "grunt", "human", 5, "", "active"),
                                  (w["r"], "Replacement 2", "grunt", "human", 3, "", "active")]
        rolls = got.rolls()
        assert [(r["fighter_id"], r["subject"], r["value"]) for r in rolls[-2:]] == [
            (new[0]["id"], "Replacement 1", 6), (new[1]["id"], "Replacement 2", 1)]
        assert rolls[2]["fighter_id"] == w["Sgt"] and rolls[2]["rule"] == "Replacements"
        assert got.touched() == {"fighter": (2, 0, 4), "battle": (0, 0, 1)}
    finally:
        journal.undo(eng, w["campaign"])


def _number(got: Written, battle: int) -> int:
    return got.after["battle"][battle]["number"]


def test_bite_turns_and_a_stars_first_bite_is_free(eng, w):
    b = _battle(eng, w, {"Sgt": "bitten", "Able": "bitten"})
    # Sgt (a Star): first bite passes with no roll. Able: bite 1d6 vs Rep 3: 6 fails, turns
    got = _after(eng, w, b, "6", replacements=False)
    assert got.changed_rows("fighter") == {
        w["Able"]: {"status": "turned", "status_note": f"bitten in battle {_number(got, b)}: turned zombie"}}
    [roll] = got.rolls()
    assert (roll["fighter_id"], roll["rule"], roll["value"]) == (w["Able"], "They Can Sure Bite", 0)


def test_creatures_are_written_and_undone(eng, w):
    kinds = creatures.creature_kinds()
    got = contract(eng, w["campaign"], lambda: creatures.generate_creatures(eng, w["r"], kinds[0], 2, seed=3))
    new = got.added("fighter")
    assert len(new) == 2 and all(n["roster_id"] == w["r"] for n in new)
    assert {r["fighter_id"] for r in got.rolls()} <= {n["id"] for n in new} | {None}
    assert set(got.touched()) <= {"fighter", "equipment", "skill"}


def test_walker_type_and_walker_are_written_and_undone(eng, w):
    got = contract(eng, w["campaign"], lambda: creatures.add_walker_type(
        eng, w["campaign"], "Contract Walker", 4, 3, gun1="7"))
    [wt] = got.added("walker_type")
    assert (wt["campaign_id"], wt["name"], wt["armour_front"], wt["armour_side"], wt["gun1"]) == (
        w["campaign"], "Contract Walker", 4, 3, "7")
    assert got.touched() == {"walker_type": (1, 0, 0)}
