"""Crash proof: a writer process runs use-cases back to back on a SQLite file and is
killed with SIGKILL at random moments. After every kill the file passes
``PRAGMA integrity_check``, every use-case the writer reported committed is there in
full, and no half use-case is visible anywhere.

The writer is forked from the test process (the app is already imported, so a round
takes milliseconds, not a Python start-up). Each use-case is either ``add_fighter``
with 3 weapons and 2 skills, or (every fifth) ``import_json`` of a small campaign
(with its automatic backup), so a kill can land inside a journaled ORM use-case, a
bulk Core import, or a backup copy.
"""

from __future__ import annotations

import os
import random
import select
import signal
import sqlite3
import time
from pathlib import Path

import pytest

from campaign_app.usecases.datafiles import FORMAT
from campaign_app.usecases.fighters import add_fighter

KILLS = 100
WEAPONS = ["Autogun", "Fighting Knife", "Lasgun"]
SKILLS = ["Dodge", "Nerves of Steel"]

SMALL = {
    "format": FORMAT, "schema_version": 1,
    "campaign": {"name": "template", "system": "necromunda", "edition": "n26"},
    "rosters": [{
        "ref": "r1", "name": "Gang",
        "fighters": [{"ref": f"f{i}", "name": f"F{i}", "type": "ganger",
                      "equipment": [{"name": "Lasgun"}, {"name": "Knife"}],
                      "skills": [{"name": "Dodge"}]} for i in range(1, 5)],
    }],
    "battles": [{"ref": "b1", "number": 1, "rosters": [{"roster": "r1", "result": "win"}]}],
    "rolls": [{"ref": f"d{i}", "dice": "d6", "faces": "4", "source": "random", "value": 4, "battle": "b1"}
              for i in range(1, 31)],
}
IMPORT_COUNTS = {"roster": 1, "fighter": 4, "equipment": 8, "skill": 4, "battle": 1, "battle_roster": 1,
                 "roll_record": 30}


def _writer(url: str, start: int, fd: int) -> None:
    """Child: run use-cases forever, printing a line after each commit."""
    from campaign_app.usecases.datafiles import import_json
    from db.engine import make_engine

    engine = make_engine(url)
    out = os.fdopen(fd, "w", buffering=1)
    i = start
    while True:
        if i % 5 == 4:
            import_json(engine, SMALL, rename=f"imp{i}")
            out.write(f"import {i}\n")
        else:
            add_fighter(engine, "Writers", f"w{i}", fighter_type="ganger", weapons=WEAPONS,
                             skills=SKILLS)
            out.write(f"fighter {i}\n")
        i += 1


def _check(db: Path, reported: set[tuple[str, int]]) -> int:
    """Verify the file after a kill; returns the highest use-case number present."""
    con = sqlite3.connect(db)
    try:
        assert con.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert con.execute("PRAGMA foreign_key_check").fetchall() == []
        fighters = {
            name: (eq, sk)
            for name, eq, sk in con.execute(
                "SELECT f.name,"
                " (SELECT count(*) FROM equipment e WHERE e.fighter_id = f.id),"
                " (SELECT count(*) FROM skill s WHERE s.fighter_id = f.id)"
                " FROM fighter f JOIN roster r ON r.id = f.roster_id WHERE r.name = 'Writers'"
            )
        }
        for name, parts in fighters.items():
            assert parts == (3, 2), f"half a use-case visible: {name} has {parts}"
        # each fighter.add journal holds its 6 inserts; a journal never appears without them
        for jid, n in con.execute(
            "SELECT j.id, (SELECT count(*) FROM journal_entry e WHERE e.journal_id = j.id)"
            " FROM journal j WHERE j.action = 'fighter.add'"
        ):
            assert n == 6, f"journal {jid} has {n} entries"
        n_journals = con.execute("SELECT count(*) FROM journal WHERE action = 'fighter.add'").fetchone()[0]
        assert n_journals == len(fighters) + 2  # + the two set-up fighters of 'Others'
        imports = {}
        for cid, name in con.execute("SELECT id, name FROM campaign WHERE name LIKE 'imp%'"):
            got = {
                "roster": con.execute("SELECT count(*) FROM roster WHERE campaign_id=?", (cid,)).fetchone()[0],
                "fighter": con.execute("SELECT count(*) FROM fighter f JOIN roster r ON r.id=f.roster_id"
                                       " WHERE r.campaign_id=?", (cid,)).fetchone()[0],
                "equipment": con.execute("SELECT count(*) FROM equipment e JOIN fighter f ON f.id=e.fighter_id"
                                         " JOIN roster r ON r.id=f.roster_id WHERE r.campaign_id=?",
                                         (cid,)).fetchone()[0],
                "skill": con.execute("SELECT count(*) FROM skill s JOIN fighter f ON f.id=s.fighter_id"
                                     " JOIN roster r ON r.id=f.roster_id WHERE r.campaign_id=?", (cid,)).fetchone()[0],
                "battle": con.execute("SELECT count(*) FROM battle WHERE campaign_id=?", (cid,)).fetchone()[0],
                "battle_roster": con.execute("SELECT count(*) FROM battle_roster br JOIN battle b"
                                             " ON b.id=br.battle_id WHERE b.campaign_id=?", (cid,)).fetchone()[0],
                "roll_record": con.execute("SELECT count(*) FROM roll_record WHERE campaign_id=?",
                                           (cid,)).fetchone()[0],
            }
            assert got == IMPORT_COUNTS, f"half an import visible: {name} {got}"
            imports[name] = got
        for kind, i in reported:
            if kind == "fighter":
                assert f"w{i}" in fighters, f"committed fighter w{i} is missing"
            else:
                assert f"imp{i}" in imports, f"committed import imp{i} is missing"
        present = [int(n[1:]) for n in fighters] + [int(n[3:]) for n in imports]
        return max(present, default=-1)
    finally:
        con.close()


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_sigkill_never_leaves_half_a_use_case(tmp_path):
    from campaign_app.usecases import campaigns, rosters
    from db.migrate import open_database

    db = tmp_path / "crash.sqlite"
    url = f"sqlite:///{db}"
    eng = open_database(url)
    c = campaigns.create_campaign(eng, "Crash", "necromunda")
    rosters.create_roster(eng, c.id, "Writers")
    rosters.create_roster(eng, c.id, "Others")
    add_fighter(eng, "Others", "o1", weapons=WEAPONS, skills=SKILLS)
    add_fighter(eng, "Others", "o2", weapons=WEAPONS, skills=SKILLS)
    eng.dispose()

    rng = random.Random(20261129)
    reported: set[tuple[str, int]] = set()
    next_i = 0
    unreported = 0
    for _round in range(KILLS):
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:  # pragma: no cover - child
            os.close(r)
            try:
                _writer(url, next_i, w)
            finally:
                os._exit(3)
        os.close(w)
        buf = b""
        try:
            want = rng.randint(0, 3)
            deadline = time.monotonic() + 20
            while buf.count(b"\n") < want and time.monotonic() < deadline:
                ready, _, _ = select.select([r], [], [], 0.5)
                if ready:
                    chunk = os.read(r, 4096)
                    if not chunk:
                        break
                    buf += chunk
            time.sleep(rng.uniform(0, 0.025))
        finally:
            os.kill(pid, signal.SIGKILL)
            _, status = os.waitpid(pid, 0)
        while True:
            chunk = os.read(r, 4096)
            if not chunk:
                break
            buf += chunk
        os.close(r)
        assert os.WIFSIGNALED(status), f"writer stopped by itself (status {status}): {buf[-300:]!r}"
        for line in buf.decode().splitlines():
            kind, n = line.split()
            reported.add((kind, int(n)))
        top = _check(db, reported)
        last_reported = max((i for _, i in reported), default=-1)
        if top > last_reported:
            unreported += 1  # killed after a commit, before its line: present, never half
        next_i = max(top, last_reported) + 1
    assert len(reported) >= KILLS  # the writer did real work between kills
    assert any(k == "import" for k, _ in reported)
    print(f"{KILLS} kills, {len(reported)} use-cases reported, {unreported} committed but unreported")
