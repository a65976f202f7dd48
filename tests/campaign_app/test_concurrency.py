"""Concurrency proof: two writers editing the same fighter, on SQLite and PostgreSQL.

Whoever commits second gets a ConflictError naming the problem; the first write
survives; nothing is silently lost. Shown for two processes (forked, each with its own
engine) and for two sessions in one process (a stale ORM object, an interleaved edit).
"""

from __future__ import annotations

import multiprocessing as mp
import os
import threading
from typing import Any

import pytest
from sqlalchemy import event as sa_event

import db.uow as uow_module
from campaign_app.errors import ConflictError
from campaign_app.usecases import campaigns, fighters, rosters
from db.models import Fighter
from db.uow import UnitOfWork, read_session


@pytest.fixture
def fighter(engine) -> int:
    c = campaigns.create_campaign(engine, "Race", "necromunda")
    r = rosters.create_roster(engine, c.id, "Gang")
    f = fighters.add_fighter(engine, r.id, "Contested", fighter_type="ganger", weapons=["Lasgun"])
    return int(f.id)  # type: ignore[arg-type]


def _edit_in_child(url: str, fid: int, note: str, barrier: Any, results: Any) -> None:
    """A second process: read the fighter, wait for the other, then save with if_version."""
    from campaign_app.usecases import fighters as c
    from db.engine import make_engine

    engine = make_engine(url)
    try:
        version = c.show_fighter(engine, fid)["version"]
        barrier.wait(timeout=30)
        try:
            c.edit_fighter(engine, fid, if_version=version, notes=note, add_weapons=["Autogun"])
            results.put((note, "ok", ""))
        except ConflictError as e:
            results.put((note, "conflict", str(e)))
        except Exception as e:  # noqa: BLE001 - reported to the test
            results.put((note, "error", f"{type(e).__name__}: {e}"))
    finally:
        engine.dispose()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_two_processes_edit_the_same_fighter(engine, db_url, fighter):
    ctx = mp.get_context("fork")
    barrier = ctx.Barrier(2)
    results = ctx.Queue()
    engine.dispose()  # nothing shared across the fork
    procs = [ctx.Process(target=_edit_in_child, args=(db_url, fighter, note, barrier, results))
             for note in ("from A", "from B")]
    for p in procs:
        p.start()
    got = [results.get(timeout=60) for _ in procs]
    for p in procs:
        p.join(timeout=30)
    outcomes = sorted(o for _, o, _ in got)
    assert outcomes == ["conflict", "ok"], got
    winner = next(n for n, o, _ in got if o == "ok")
    message = next(m for _, o, m in got if o == "conflict")
    assert "someone else" in message and "nothing was saved" in message and "reload" in message
    d = fighters.show_fighter(engine, fighter)
    assert d["notes"] == winner and d["version"] == 2
    assert [e["name"] for e in d["equipment"]] == ["Lasgun", "Autogun"]  # the loser added nothing


def test_stale_object_from_another_session_is_refused(engine, fighter):
    """A session holding a fighter it read earlier cannot overwrite a newer edit."""
    with read_session(engine) as s:
        stale = s.get(Fighter, fighter)
        assert stale is not None
    fighters.edit_fighter(engine, fighter, notes="first writer")
    stale.notes = "second writer"
    with pytest.raises(ConflictError, match="someone else changed this"):
        with UnitOfWork(engine, "fighter.edit") as uow:
            uow.session.add(stale)
    d = fighters.show_fighter(engine, fighter)
    assert d["notes"] == "first writer" and d["version"] == 2


def test_if_version_refuses_an_old_version(engine, fighter, snap):
    v = fighters.show_fighter(engine, fighter)["version"]
    fighters.edit_fighter(engine, fighter, if_version=v, xp=3)
    before = snap(engine)
    with pytest.raises(ConflictError, match=r"was changed by someone else \(version 2, you had 1\)"):
        fighters.edit_fighter(engine, fighter, if_version=v, xp=9)
    assert snap(engine) == before


def test_interleaved_sessions_on_postgres(engine, fighter):
    """PostgreSQL runs both use-cases at once: the one that read first but commits
    second is refused when it writes (SQLite serialises writers instead, so the
    second one reads the new version and ``if_version`` refuses it: see above)."""
    if engine.dialect.name != "postgresql":
        pytest.skip("SQLite serialises writers: covered by the if_version tests")
    paused = threading.Event()
    resume = threading.Event()
    outcome: dict[str, Any] = {}

    def hook(point: str) -> None:
        if point == "fighter.edit.after-fields" and threading.current_thread().name == "slow-writer":
            paused.set()
            assert resume.wait(30)

    def slow() -> None:
        try:
            fighters.edit_fighter(engine, fighter, notes="slow writer")
            outcome["slow"] = "ok"
        except ConflictError as e:
            outcome["slow"] = str(e)

    uow_module.FAULT_HOOK = hook
    try:
        t = threading.Thread(target=slow, name="slow-writer")
        t.start()
        assert paused.wait(30)
        fighters.edit_fighter(engine, fighter, notes="fast writer")  # commits while the slow one holds its copy
        resume.set()
        t.join(30)
    finally:
        uow_module.FAULT_HOOK = None
    assert "someone else changed this" in outcome["slow"]
    d = fighters.show_fighter(engine, fighter)
    assert d["notes"] == "fast writer" and d["version"] == 2


def _pg_only(engine) -> None:
    if engine.dialect.name != "postgresql":
        pytest.skip("SQLite runs one writer at a time: no two transactions wait on each other")


def test_two_after_battles_sharing_fighters_never_deadlock(engine, db_url, monkeypatch):
    """Two After the Battles at once whose battles share casualties (a fighter hurt in
    both, as when a league records battles faster than it runs their After the Battle).
    Each thread pauses after its first fighter UPDATE until the other has made its own
    (or 1 s has passed), and the second lists its changes in the opposite order, as
    another game's procedure may. The rows are written in one order whatever the
    procedure's, so one waits for the other: one is applied, the other is either
    applied after it or refused as stale; PostgreSQL never has to break a deadlock."""
    _pg_only(engine)
    from dataclasses import replace

    import campaign_app.usecases.battles as battles_mod
    from campaign_app.usecases.battles import after_battle, record_battle
    from db.engine import make_engine

    c = campaigns.create_campaign(engine, "Shared casualties", "nuts")
    ids: dict[str, int] = {}
    for rn in ("A", "B"):
        r = rosters.create_roster(engine, c.id, rn)
        for k in range(3):
            ids[f"{rn}{k}"] = int(fighters.add_fighter(engine, r.id, f"{rn}{k}", rep=4).id)  # type: ignore[arg-type]
    hurt = {ids[n]: "out-of-the-fight" for n in ("A0", "A1", "B0", "B1")}
    x = record_battle(engine, c.id, ["A", "B"], results=hurt)
    y = record_battle(engine, c.id, ["B", "A"], results=hurt)

    real_apply = battles_mod._apply

    def apply(s, uow, state, out, rolls, b):  # type: ignore[no-untyped-def]
        if threading.current_thread().name == "reversed":
            out = replace(out, fighter_changes=list(reversed(out.fighter_changes)))
        return real_apply(s, uow, state, out, rolls, b)

    monkeypatch.setattr(battles_mod, "_apply", apply)
    first_update = {"forward": threading.Event(), "reversed": threading.Event()}
    outcome: dict[str, str] = {}

    def run(name: str, battle: int, other: str) -> None:
        eng = make_engine(db_url)

        @sa_event.listens_for(eng, "after_cursor_execute")
        def paused(conn, cursor, statement, *_a: Any) -> None:  # type: ignore[no-untyped-def]
            if statement.startswith("UPDATE fighter") and not first_update[name].is_set():
                first_update[name].set()
                first_update[other].wait(1)
        try:
            after_battle(eng, battle, seed=5)
            outcome[name] = "applied"
        except ConflictError as e:
            outcome[name] = f"conflict: {e}"
        except Exception as e:  # noqa: BLE001 (reported by the assertion)
            outcome[name] = f"{type(e).__name__}: {e}"
        finally:
            eng.dispose()

    threads = [threading.Thread(target=run, name=n, args=(n, b, o))
               for n, b, o in (("forward", x.id, "reversed"), ("reversed", y.id, "forward"))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert set(outcome) == {"forward", "reversed"}, outcome
    assert "applied" in outcome.values(), outcome
    for got in outcome.values():
        assert got == "applied" or got.startswith("conflict: someone else changed this"), outcome
    with read_session(engine) as s:  # what is on file agrees with who was applied
        done = {bid: s.get(battles_mod.Battle, bid).after_battle_done for bid in (x.id, y.id)}
        hurt_now = {fid: s.get(Fighter, fid).status for fid in hurt}
    assert done == {x.id: outcome["forward"] == "applied", y.id: outcome["reversed"] == "applied"}
    assert all(st != "active" for st in hurt_now.values()), hurt_now


def test_a_deadlock_postgresql_breaks_is_a_conflict_and_saves_nothing(engine, db_url):
    """Two units of work that change the same two fighters in opposite orders: PostgreSQL
    stops one of them (a deadlock). That one is a ConflictError saying to try again, and
    none of its changes is on file; the other is saved whole."""
    _pg_only(engine)
    from db.engine import make_engine

    c = campaigns.create_campaign(engine, "Opposite orders", "necromunda")
    r = rosters.create_roster(engine, c.id, "Gang")
    a, b = (int(fighters.add_fighter(engine, r.id, n, fighter_type="ganger").id)  # type: ignore[arg-type]
            for n in ("First", "Second"))
    holding = {"one": threading.Event(), "two": threading.Event()}
    outcome: dict[str, str] = {}

    def run(name: str, order: tuple[int, int], other: str) -> None:
        eng = make_engine(db_url)
        try:
            with UnitOfWork(eng, "test.opposite") as uow:
                s = uow.session
                for k, fid in enumerate(order):
                    f = s.get(Fighter, fid)
                    f.notes = f"by {name}"
                    s.add(f)
                    s.flush()
                    if k == 0:
                        holding[name].set()
                        holding[other].wait(10)
            outcome[name] = "saved"
        except ConflictError as e:
            outcome[name] = str(e)
        except Exception as e:  # noqa: BLE001 (reported by the assertion)
            outcome[name] = f"{type(e).__name__}: {e}"
        finally:
            eng.dispose()

    threads = [threading.Thread(target=run, args=("one", (a, b), "two")),
               threading.Thread(target=run, args=("two", (b, a), "one"))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert sorted(outcome.values()) == sorted(["saved", uow_module.COLLIDED]), outcome
    winner = next(n for n, got in outcome.items() if got == "saved")
    with read_session(engine) as s:
        assert {s.get(Fighter, a).notes, s.get(Fighter, b).notes} == {f"by {winner}"}
