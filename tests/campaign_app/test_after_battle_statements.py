"""After the Battle reads the battle's state once, previews in memory and writes once:
the SQL statements of a whole wizard run (every roll previewed one at a time, then
Apply) stay under a fixed budget, on SQLite and PostgreSQL (the `engine` fixture)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine

from campaign_app import procedure_driver as driver
from campaign_app.usecases import (
    add_fighter,
    create_campaign,
    create_roster,
    roll_log,
    show_fighter,
)
from campaign_app.usecases.battles import apply_after_battle, record_battle, start_after_battle

BUDGET = 80
STATS = {"M": "5", "WS": "3+", "BS": "3+", "S": "3", "T": "3", "W": "1", "I": "4+", "A": "1", "Ld": "7+",
         "Cl": "7+", "Wil": "8+", "Int": "8+"}


@contextmanager
def statements(engine: Engine) -> Iterator[list[str]]:
    seen: list[str] = []

    def count(_conn: Any, _cursor: Any, statement: str, *_a: Any) -> None:
        seen.append(statement)

    event.listen(engine, "before_cursor_execute", count)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", count)


def eight_fighter_n23_battle(engine: Engine) -> tuple[int, int, dict[str, int]]:
    c = create_campaign(engine, "Underhive", "necromunda", edition="n23")
    ids: dict[str, int] = {}
    rosters = []
    for gang, faction in (("Rats", "Orlock"), ("Ghosts", "Cawdor")):
        r = create_roster(engine, c.id, gang, faction=faction, credits=150)
        rosters.append(r.id)
        for ftype in ("leader", "champion", "ganger", "juve"):
            ids[f"{gang} {ftype}"] = add_fighter(engine, r.id, f"{gang} {ftype}", fighter_type=ftype,
                                                 stats=STATS).id
    hurt = {"Rats champion": "out-of-action", "Rats ganger": "seriously-injured", "Rats juve": "out-of-action",
            "Ghosts leader": "seriously-injured", "Ghosts champion": "out-of-action",
            "Ghosts ganger": "out-of-action", "Ghosts juve": "seriously-injured"}
    by = {name: ("Rats leader" if name.startswith("Ghosts") else "Ghosts leader") for name in hurt}
    by["Ghosts leader"] = "Rats leader"
    b = record_battle(engine, c.id, rosters, winner=rosters[0],
                      results={ids[n]: st for n, st in hurt.items()},
                      by={ids[v]: ids[a] for v, a in by.items()})
    assert b.id is not None and c.id is not None
    return int(c.id), b.id, ids


def test_wizard_run_of_an_eight_fighter_n23_battle_stays_under_the_statement_budget(engine: Engine) -> None:
    cid, bid, ids = eight_fighter_n23_battle(engine)
    faces_rng = random.Random(2026)
    with statements(engine) as seen:
        plan = start_after_battle(engine, bid)  # the state, read once
        read = len(seen)
        faces: list[driver.Face] = []
        previews = 0
        run = plan.step(faces)  # one live run, as the wizard keeps: each roll's faces sent to it
        while True:  # roll by roll, as the wizard does: the request shown, then its faces typed
            previews += 1
            if run.done:
                break
            assert run.pending is not None and run.pending.need and run.pending.count >= 1
            typed: list[driver.Face] = [(faces_rng.randint(1, 6), "typed") for _ in range(run.pending.count)]
            faces += typed
            run.send(typed)
        assert run.faces == faces
        assert len(seen) == read, seen[read:]  # previews run in memory: no statement at all
        report = apply_after_battle(engine, plan, faces)
    rolls = previews - 1
    assert rolls >= 8, rolls  # many rolls: the budget must not grow with them
    assert report.applied and len(seen) < BUDGET, (len(seen), seen)
    log = roll_log(engine, cid, battle=bid)
    assert len(log) == rolls and {r["source"] for r in log} == {"typed"}
    assert all(r["faces"] and r["rule"] for r in log)
    assert [f for r in log for f in r["faces"]] == [f for f, _s in faces]
    assert show_fighter(engine, ids["Rats leader"])["xp"] > 0


def test_a_dry_run_reads_once_and_writes_nothing_but_its_rolls(engine: Engine, snap: Any) -> None:
    from campaign_app.usecases.battles import after_battle

    cid, bid, _ids = eight_fighter_n23_battle(engine)
    before = snap(engine)
    with statements(engine) as seen:
        rep = after_battle(engine, bid, seed=5, dry_run=True)
    assert rep.dry_run and not rep.applied and rep.steps
    writes = [s for s in seen if s.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE"))]
    # the preview's rolls go on record (issue #15, one Core insert) and the chain's head
    # moves with them (#35); nothing else is written
    assert writes and all(w.lstrip().upper().startswith(("INSERT INTO ROLL_RECORD", "UPDATE CHAIN_HEAD",
                                                         "INSERT INTO CHAIN_HEAD")) for w in writes), writes
    assert len(seen) < 24, seen  # the chain head: read, and on the campaign's first roll counted and made (#35)
    after = snap(engine)
    assert {k: v for k, v in after.items() if k not in ("roll_record", "chain_head")} == \
        {k: v for k, v in before.items() if k not in ("roll_record", "chain_head")}  # the head moves with the rolls
    log = roll_log(engine, cid, battle=bid)
    assert log and {r["mark"] for r in log} == {"preview"} and not any(r["undone"] for r in log)


def test_apply_refuses_when_the_rosters_changed_since_the_preview(engine: Engine, snap: Any) -> None:
    from campaign_app.errors import ConflictError
    from campaign_app.usecases.fighters import edit_fighter

    _cid, bid, ids = eight_fighter_n23_battle(engine)
    plan = start_after_battle(engine, bid)
    faces: list[driver.Face] = []
    while not (run := plan.step(faces)).done:
        assert run.pending is not None
        faces += [(4, "typed")] * run.pending.count
    edit_fighter(engine, ids["Rats leader"], xp=9)
    before = snap(engine)
    try:
        apply_after_battle(engine, plan, faces)
    except ConflictError as e:
        assert "changed since the preview" in str(e)
    else:
        raise AssertionError("Apply wrote over a roster changed since the preview")
    assert snap(engine) == before
