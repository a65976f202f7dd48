"""Undo and redo are edits like any other (issue #14, items 2 and 3), on SQLite and
PostgreSQL (the ``engine`` fixture runs each test on both):

- they take the row's version as an optimistic lock: an edit that another writer commits
  while an undo or redo waits for its lock survives, and the undo or redo is refused
  with a ConflictError; the journal then says what the data says;
- versions only go up: a row put back by undo or redo gets a new, higher version, so an
  editor holding an older version is refused;
- a new action after an undo abandons the redo branch: Redo never brings it back.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import random
import threading
import time
from typing import Any

import pytest
from sqlalchemy import text

import db.uow as uow_module
from campaign_app.errors import ConflictError, InputError
from campaign_app.usecases import (
    add_fighter,
    create_campaign,
    create_roster,
    edit_fighter,
    history,
    redo,
    remove_fighter,
    show_fighter,
    undo,
)
from db.journal import redo_target
from db.uow import read_session


@pytest.fixture
def gang(engine):
    create_campaign(engine, "Hive", "necromunda")
    create_roster(engine, "Hive", "Goliaths")
    a = add_fighter(engine, "Goliaths", "Grukk", fighter_type="ganger", weapons=["Stub gun"])
    b = add_fighter(engine, "Goliaths", "Brakk", fighter_type="ganger")
    return engine, int(a.id), int(b.id)  # type: ignore[arg-type]


def _version(engine, fid: int) -> int:
    return int(show_fighter(engine, fid)["version"])


def _in_force(engine) -> list[str]:
    """The summaries of the campaign's actions in force, newest first."""
    return [h["summary"] for h in history(engine, "Hive") if not h["undone"]]


# --------------------------------------------------------------------------- item 2

def test_a_stale_version_is_refused_after_an_undo(gang):
    """Undo no longer rewinds the version: an editor who read the row before the undone
    edit cannot save over the restored row."""
    engine, grukk, _ = gang
    v = _version(engine, grukk)
    edit_fighter(engine, grukk, notes="scarred")
    undo(engine, "Hive")
    assert show_fighter(engine, grukk)["notes"] == ""
    assert _version(engine, grukk) > v + 1
    with pytest.raises(ConflictError, match="changed by someone else"):
        edit_fighter(engine, grukk, if_version=v, notes="stale")
    assert show_fighter(engine, grukk)["notes"] == ""


def test_versions_only_go_up_through_undo_and_redo(gang):
    """Edits, gear changes, a removal, their undos and redos: each step gives the row a
    version it never had before, and the data follows the journal."""
    engine, grukk, _ = gang
    seen = [_version(engine, grukk)]

    def step(fn: Any, *args: Any, **kw: Any) -> None:
        fn(*args, **kw)
        try:
            seen.append(_version(engine, grukk))
        except Exception:  # noqa: BLE001 - removed: no version now
            seen.append(-1)

    step(edit_fighter, engine, grukk, notes="one")
    step(edit_fighter, engine, grukk, add_weapons=["Autogun"])
    step(remove_fighter, engine, grukk)
    step(undo, engine, "Hive")  # back from the removal: a version above any it had
    step(undo, engine, "Hive")
    step(undo, engine, "Hive")
    step(redo, engine, "Hive")
    step(redo, engine, "Hive")
    step(redo, engine, "Hive")  # removed again
    step(undo, engine, "Hive")
    present = [v for v in seen if v != -1]
    assert present == sorted(present) and len(set(present)) == len(present), seen
    assert seen[3] == -1 and seen[-2] == -1
    f = show_fighter(engine, grukk)
    assert f["notes"] == "one" and [e["name"] for e in f["equipment"]] == ["Stub gun", "Autogun"]


def _hold_edit(engine, fid: int, note: str, holding: threading.Event, release: threading.Event,
               out: dict[str, Any]) -> threading.Thread:
    """Start a fighter edit in a thread that stops just before its commit, holding its
    locks (SQLite: the write lock; PostgreSQL: the row lock), until ``release``."""

    def run() -> None:
        try:
            edit_fighter(engine, fid, notes=note)
            out["edit"] = "ok"
        except Exception as e:  # noqa: BLE001 - reported to the test
            out["edit"] = f"{type(e).__name__}: {e}"

    t = threading.Thread(target=run, name="editor")
    t.start()
    assert holding.wait(30), "the editor never reached its commit"
    return t


def _race(engine, fid: int, note: str, op: Any) -> dict[str, Any]:
    """An edit holds its locks while ``op`` (undo or redo) starts; the edit commits;
    ``op`` then finishes. Returns both outcomes."""
    holding, release = threading.Event(), threading.Event()
    out: dict[str, Any] = {}

    def hook(point: str) -> None:
        if point == "uow.before-commit" and threading.current_thread().name == "editor":
            holding.set()
            assert release.wait(30)

    def run_op() -> None:
        try:
            op(engine, "Hive")
            out["op"] = "ok"
        except ConflictError as e:
            out["op"] = "conflict"
            out["message"] = str(e)
        except Exception as e:  # noqa: BLE001 - reported to the test
            out["op"] = f"{type(e).__name__}: {e}"

    uow_module.FAULT_HOOK = hook
    try:
        editor = _hold_edit(engine, fid, note, holding, release, out)
        worker = threading.Thread(target=run_op, name="undoer")
        worker.start()
        time.sleep(0.5)  # the undo or redo reads, then waits for the editor's lock
        release.set()
        editor.join(30)
        worker.join(30)
    finally:
        uow_module.FAULT_HOOK = None
        release.set()
    assert out.get("edit") == "ok", out
    return out


def test_undo_racing_an_edit_of_the_same_row_keeps_the_edit(gang):
    engine, grukk, _ = gang
    edit_fighter(engine, grukk, notes="before")
    v = _version(engine, grukk)
    out = _race(engine, grukk, "the edit", undo)
    assert out["op"] == "conflict", out
    assert "nothing was undone" in out["message"] or "later action" in out["message"]
    f = show_fighter(engine, grukk)
    assert f["notes"] == "the edit" and f["version"] == v + 1
    # the journal says what the data says: both edits in force
    assert _in_force(engine)[:2] == ["edit Grukk", "edit Grukk"]
    # the next undo takes back the edit that survived, and only that
    undo(engine, "Hive")
    f = show_fighter(engine, grukk)
    assert f["notes"] == "before" and f["version"] > v + 1
    with pytest.raises(ConflictError):
        edit_fighter(engine, grukk, if_version=v + 1, notes="stale")


def _edit_in_child(url: str, fid: int, holding: Any, release: Any, results: Any) -> None:
    """A second process with its own engine: an edit that stops before its commit,
    holding its locks, until the parent says go."""
    import db.uow as u
    from campaign_app.usecases import edit_fighter as edit
    from db.engine import make_engine

    def hook(point: str) -> None:
        if point == "uow.before-commit":
            holding.set()
            release.wait(30)

    u.FAULT_HOOK = hook
    engine = make_engine(url)
    try:
        edit(engine, fid, notes="from the other process")
        results.put("ok")
    except Exception as e:  # noqa: BLE001 - reported to the test
        results.put(f"{type(e).__name__}: {e}")
    finally:
        engine.dispose()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_undo_waiting_for_another_process_keeps_its_edit(gang, db_url):
    engine, grukk, _ = gang
    edit_fighter(engine, grukk, notes="before")
    v = _version(engine, grukk)
    ctx = mp.get_context("fork")
    holding, release, results = ctx.Event(), ctx.Event(), ctx.Queue()
    engine.dispose()  # nothing shared across the fork
    child = ctx.Process(target=_edit_in_child, args=(db_url, grukk, holding, release, results))
    child.start()
    try:
        assert holding.wait(30), "the other process never reached its commit"
        out: dict[str, str] = {}

        def run() -> None:
            try:
                undo(engine, "Hive")
                out["undo"] = "ok"
            except ConflictError:
                out["undo"] = "conflict"

        t = threading.Thread(target=run)
        t.start()
        time.sleep(0.5)  # the undo waits for the other process's lock
        release.set()
        assert results.get(timeout=30) == "ok"
        t.join(30)
    finally:
        release.set()
        child.join(30)
    assert out == {"undo": "conflict"}
    f = show_fighter(engine, grukk)
    assert f["notes"] == "from the other process" and f["version"] == v + 1
    assert _in_force(engine)[:2] == ["edit Grukk", "edit Grukk"]


def test_undo_racing_an_edit_of_another_row(gang):
    """An edit of another fighter while the undo waits: either the undo is refused or
    it goes through; the edit survives either way and the journal matches the data."""
    engine, grukk, brakk = gang
    edit_fighter(engine, grukk, notes="undo me")
    out = _race(engine, brakk, "the edit", undo)
    assert out["op"] in ("ok", "conflict"), out
    assert show_fighter(engine, brakk)["notes"] == "the edit"
    notes = show_fighter(engine, grukk)["notes"]
    in_force = _in_force(engine)
    assert in_force[0] == "edit Brakk"
    if out["op"] == "ok":
        assert notes == "" and in_force[1].startswith("add Brakk")
    else:
        assert notes == "undo me" and in_force[1] == "edit Grukk"


def test_redo_racing_an_edit_keeps_the_edit(gang):
    engine, grukk, _ = gang
    edit_fighter(engine, grukk, notes="undone")
    undo(engine, "Hive")
    v = _version(engine, grukk)
    out = _race(engine, grukk, "the edit", redo)
    assert out["op"] == "conflict", out
    f = show_fighter(engine, grukk)
    assert f["notes"] == "the edit" and f["version"] == v + 1
    # the edit is a new action: the undone one is abandoned, not redone later
    with pytest.raises(InputError, match="nothing to redo"):
        redo(engine, "Hive")
    assert _in_force(engine)[0] == "edit Grukk"
    assert [h["undone"] for h in history(engine, "Hive")][:2] == [False, True]


def test_two_undos_at_once_never_take_back_the_same_step(gang):
    engine, grukk, brakk = gang
    edit_fighter(engine, grukk, notes="first")
    edit_fighter(engine, brakk, notes="second")
    results: list[str] = []
    barrier = threading.Barrier(2)

    def run() -> None:
        barrier.wait(10)
        try:
            undo(engine, "Hive")
            results.append("ok")
        except ConflictError:
            results.append("conflict")
        except Exception as e:  # noqa: BLE001 - reported to the test
            results.append(f"{type(e).__name__}: {e}")

    threads = [threading.Thread(target=run) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert sorted(results) in (["ok", "ok"], ["conflict", "ok"]), results
    undone = [h["summary"] for h in history(engine, "Hive") if h["undone"]]
    notes = (show_fighter(engine, grukk)["notes"], show_fighter(engine, brakk)["notes"])
    if results.count("ok") == 2:
        assert undone == ["edit Brakk", "edit Grukk"] and notes == ("", "")
    else:
        assert undone == ["edit Brakk"] and notes == ("first", "")


# --------------------------------------------------------------------------- item 3

def test_redo_never_brings_back_an_abandoned_branch(gang):
    """Edit A, undo, edit B, undo: Redo redoes B, and nothing after it."""
    engine, grukk, _ = gang
    edit_fighter(engine, grukk, notes="A")
    undo(engine, "Hive")
    edit_fighter(engine, grukk, notes="B")
    undo(engine, "Hive")
    redo(engine, "Hive")
    assert show_fighter(engine, grukk)["notes"] == "B"
    with pytest.raises(InputError, match="nothing to redo"):
        redo(engine, "Hive")
    assert show_fighter(engine, grukk)["notes"] == "B"


def test_undo_redo_follow_an_editor_stack(gang):
    """A seeded random run of edits, undos and redos against the model every editor
    follows (an undo stack, a redo stack that a new action clears): same data and same
    Undo/Redo availability after every step."""
    engine, grukk, _ = gang
    rng = random.Random(14)
    done: list[str] = [""]  # notes after each action in force, oldest first
    redo_stack: list[str] = []  # notes each redo would give, next last
    with read_session(engine) as s:
        cid = s.execute(text("SELECT id FROM campaign WHERE name = 'Hive'")).scalar_one()
    for i in range(30):
        op = rng.choice(["edit", "edit", "undo", "redo"])
        if op == "edit":
            note = f"n{i}"
            edit_fighter(engine, grukk, notes=note)
            done.append(note)
            redo_stack.clear()
        elif op == "undo" and len(done) > 1:
            undo(engine, "Hive")
            redo_stack.append(done.pop())
        elif op == "redo":
            if redo_stack:
                redo(engine, "Hive")
                done.append(redo_stack.pop())
            else:
                with pytest.raises(InputError, match="nothing to redo"):
                    redo(engine, "Hive")
        else:
            continue
        assert show_fighter(engine, grukk)["notes"] == done[-1], (i, op)
        with read_session(engine) as s:
            assert (redo_target(s, cid) is not None) == bool(redo_stack), (i, op)


# --------------------------------------------------------------------------- migration

def _downgrade(engine, revision: str) -> None:
    from alembic import command

    from db.migrate import alembic_config

    cfg = alembic_config()
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, revision)


def test_an_action_undone_before_0003_can_still_be_redone(sqlite_url):
    """A database whose last action was undone by the old code (versions rewound, no
    undo mark) keeps its Redo after the upgrade, and the redo raises the version."""
    from db.migrate import open_database, upgrade

    engine = open_database(sqlite_url)
    try:
        create_campaign(engine, "Hive", "necromunda")
        create_roster(engine, "Hive", "Goliaths")
        fid = int(add_fighter(engine, "Goliaths", "Grukk", fighter_type="ganger").id)  # type: ignore[arg-type]
        edit_fighter(engine, fid, notes="old")
        undo(engine, "Hive")
        # as the old code left it: the version put back, nothing remembered of the undo
        with engine.begin() as c:
            c.execute(text("UPDATE fighter SET version = 1 WHERE id = :f"), {"f": fid})
        _downgrade(engine, "0002")
        upgrade(engine, "head")
        with engine.connect() as c:
            assert c.execute(text("SELECT count(*) FROM journal_entry WHERE version_undone IS NOT NULL")).scalar() == 0
        redo(engine, "Hive")
        f = show_fighter(engine, fid)
        assert f["notes"] == "old" and f["version"] == 3
        undo(engine, "Hive")
        assert show_fighter(engine, fid)["version"] == 4
    finally:
        engine.dispose()
