"""Fault injection: an exception raised at each step (``fault_point``) of each multi-step
use-case leaves the database exactly as it was.

Every scenario is run again and again: run k raises at the k-th step it reaches (steps
are counted in order, a step inside a loop once per pass), until a run reaches no k-th
step and completes. Dice are seeded, so each run takes the same path.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import db.uow as uow_module
from campaign_app.errors import AppError
from campaign_app.usecases import campaigns, fighters, journal, rolls, rosters
from tests.campaign_app.test_yaktribe import SAMPLE_DOC


class InjectedFault(Exception):
    pass


@pytest.fixture(autouse=True)
def _server_backups(tmp_path, monkeypatch):
    monkeypatch.setenv("CAMPAIGN_APP_BACKUP_DIR", str(tmp_path / "server-backups"))


def _pending_battle(engine: Any, campaign: str) -> int:
    from campaign_app.usecases.battles import list_battles

    pending = [b for b in list_battles(engine, campaign) if not b["after_battle_done"]]
    assert pending, f"{campaign} has no battle waiting for After the Battle"
    return int(pending[-1]["id"])


def _roster_ids(engine: Any, campaign: str) -> list[int]:
    return [r["id"] for r in campaigns.show_campaign(engine, campaign)["rosters"]]


def _fighter_named(engine: Any, roster: str, name: str) -> int:
    d = rosters.show_roster(engine, roster)
    return next(f["id"] for f in d["fighters"] if f["name"] == name)


def scenarios(tmp_path: Path) -> list[tuple[str, Callable[[Any], Any]]]:
    from campaign_app.systems.fubar.demo import NAME as FUBAR
    from campaign_app.systems.necromunda import actions as necromunda
    from campaign_app.systems.necromunda.demo import NAME as NECRO
    from campaign_app.systems.necromunda.yaktribe import import_yaktribe
    from campaign_app.systems.nuts import creatures
    from campaign_app.systems.nuts.demo import NAME as NUTS
    from campaign_app.systems.unit_morale.demo import NAME as MORALE
    from campaign_app.usecases import battles, units
    from campaign_app.usecases.backup import restore
    from campaign_app.usecases.datafiles import (
        export_all,
        export_json,
        import_json,
    )

    state: dict[str, Any] = {}

    def restore_json(engine: Any) -> Any:
        if "backup" not in state:
            path = tmp_path / "all.json"
            path.write_text(json.dumps(export_all(engine)), encoding="utf-8")
            state["backup"] = path
        return restore(engine, state["backup"])

    def necro_table(engine: Any) -> dict[str, Any]:
        table = campaigns.campaign_rules(engine, NECRO)["n26-lasting-injury"].to_dict()
        table["rows"][0]["label"] = "Learnt the hard way"
        return table

    return [
        ("fighter add", lambda e: fighters.add_fighter(
            e, "The Iron Jackals", "Fault Test", fighter_type="ganger",
            weapons=["Autogun", "Fighting Knife", "Lasgun"], skills=["Dodge", "Nerves of Steel"])),
        ("fighter edit", lambda e: fighters.edit_fighter(
            e, _fighter_named(e, "The Iron Jackals", "Fault Test"), notes="edited",
            add_weapons=["Stub Gun"], remove_weapons=["Lasgun"], add_skills=["Iron Jaw"])),
        ("house rule", lambda e: campaigns.set_house_rule(e, NECRO, "n26-lasting-injury", necro_table(e))),
        ("recorded roll", lambda e: rolls.roll_table(e, "n26-lasting-injury", campaign=NECRO, seed=5)),
        ("creature batch", lambda e: creatures.generate_creatures(e, "Die Nachtwölfe", "vampire", 3, seed=11)),
        ("after-battle nuts", lambda e: battles.after_battle(e, _pending_battle(e, NUTS), seed=3)),
        ("after-battle necromunda", lambda e: battles.after_battle(e, _pending_battle(e, NECRO), seed=4)),
        ("after-battle unit-morale", lambda e: battles.after_battle(e, _pending_battle(e, MORALE), seed=5)),
        ("battle record fubar", lambda e: battles.record_battle(e, FUBAR, _roster_ids(e, FUBAR),
                                                                 scenario="Night raid")),
        ("after-battle fubar", lambda e: battles.after_battle(e, _pending_battle(e, FUBAR), seed=6)),
        ("unit add", lambda e: units.add_unit(e, _roster_ids(e, FUBAR)[0], "Fault Squad", 8)),
        ("necromunda injury roll", lambda e: necromunda.injury_roll(
            e, _fighter_named(e, "The Iron Jackals", "Fault Test"), seed=8)),
        ("necromunda cycle end", lambda e: necromunda.end_cycle(e, NECRO, seed=9)),
        ("import json", lambda e: import_json(e, export_json(e, NECRO), rename="Feud copy")),
        ("import yaktribe (new campaign)", lambda e: import_yaktribe(e, SAMPLE_DOC)),
        ("import yaktribe (into campaign)", lambda e: import_yaktribe(e, SAMPLE_DOC, campaign=NECRO)),
        ("undo", lambda e: journal.undo(e, NECRO)),
        ("redo", lambda e: journal.redo(e, NECRO)),
        ("restore json backup", restore_json),
    ]


def _run_with_faults(engine: Any, snap: Any, name: str, fn: Callable[[Any], Any]) -> tuple[list[str], list[str]]:
    """Returns (the steps faulted, problems found)."""
    steps: list[str] = []
    problems: list[str] = []
    k = 0
    while k < 500:
        seen: list[str] = []

        def hook(point: str, k: int = k, seen: list[str] = seen) -> None:
            seen.append(point)
            if len(seen) == k + 1:
                raise InjectedFault(point)

        before = snap(engine)
        uow_module.FAULT_HOOK = hook
        try:
            fn(engine)
        except InjectedFault as e:
            steps.append(str(e))
            if snap(engine) != before:
                problems.append(f"{name}: a fault at step {k + 1} ({e}) left changes behind")
            k += 1
            continue
        except AppError as e:
            problems.append(f"{name}: failed without any fault: {e}")
            break
        finally:
            uow_module.FAULT_HOOK = None
        if k == 0:
            problems.append(f"{name}: reached no fault point at all")
        break
    return steps, problems


def test_a_fault_at_every_step_leaves_the_database_as_it_was(engine, snap, tmp_path):
    from campaign_app.usecases.demo import create_demo

    create_demo(engine)
    problems: list[str] = []
    covered: dict[str, list[str]] = {}
    for name, fn in scenarios(tmp_path):
        steps, probs = _run_with_faults(engine, snap, name, fn)
        covered[name] = steps
        problems.extend(probs)
    assert not problems, "\n".join(problems)
    # every use-case has its own steps besides the unit of work's two
    for name, steps in covered.items():
        assert {"uow.before-commit"} <= set(steps) or name == "restore json backup", name
    assert {"import.after-rosters", "import.after-rolls"} <= set(covered["import json"])
    assert "restore.after-delete" in covered["restore json backup"]
    assert covered["fighter add"].count("uow.before-commit") == 1
    assert any(p.startswith("after-battle.") for p in covered["after-battle necromunda"])
    assert covered["import yaktribe (new campaign)"].count("yaktribe.after-fighter") == 5
