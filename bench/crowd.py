"""The concurrent league: many client processes using one PostgreSQL server at once.

Each client (``python -m bench.crowd URL CAMPAIGN SEED POOL``) opens the database as the
app does and, until told to stop, does a realistic mix through the use-cases:

- ``read-roster`` (half of the work): a roster's table rows, as the window shows them;
- ``edit``: a fighter of the edit pool read, then its XP raised by one with the version
  read (``if_version``): someone else's edit in between is a reported stale edit
  (a ConflictError, like any use-case refusing a change made on stale data);
- ``record-battle``: a battle of two rosters of the battle half, two casualties each;
- ``after-battle``: After the Battle of a battle this client recorded (tried again
  later when it was refused as stale).

The edit pool's rosters never fight, so only the edits change those fighters' XP. The
parent then checks every acknowledged write: each raise of XP is in the final XP (no lost
update), each recorded battle is there, each after-battle left its battle done.
A failed transaction is any error other than a stale edit or a refused input."""

from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from typing import Any

MIX = (("read-roster", 50), ("edit", 25), ("record-battle", 15), ("after-battle", 10))


def client(url: str, cid: int, seed: int, pool: list[int], fighting: list[int], casualty: str,
           deadline_s: float) -> dict[str, Any]:
    from campaign_app.errors import ConflictError, InputError
    from campaign_app.usecases.battles import after_battle, record_battle
    from campaign_app.usecases.fighters import edit_fighter, show_fighter
    from campaign_app.usecases.gui_queries import roster_rows
    from db.migrate import open_database

    engine = open_database(url)
    rng = random.Random(seed)
    ops = [name for name, w in MIX for _ in range(w)]
    lat: dict[str, list[float]] = defaultdict(list)
    raised: dict[int, int] = defaultdict(int)
    battles: list[int] = []
    waiting: list[int] = []
    done: list[int] = []
    stale = refused = 0
    failed: list[str] = []
    print("ready", flush=True)
    sys.stdin.readline()  # "go": every client starts together
    end = time.perf_counter() + deadline_s
    while time.perf_counter() < end:
        op = rng.choice(ops)
        if op == "after-battle" and not waiting:
            op = "record-battle"
        t0 = time.perf_counter()
        try:
            if op == "read-roster":
                roster_rows(engine, roster=rng.choice(fighting))
            elif op == "edit":
                fid = rng.choice(pool)
                f = show_fighter(engine, fid)
                edit_fighter(engine, fid, if_version=f["version"], xp=f["xp"] + 1)
                raised[fid] += 1
            elif op == "record-battle":
                a, b = rng.sample(fighting, 2)
                hurt: dict[Any, str] = {}
                for rid in (a, b):
                    rows = [r for r in roster_rows(engine, roster=rid)["rows"]
                            if r.get("status") == "active" and r.get("kind") != "unit"]
                    for r in rng.sample(rows, min(2, len(rows))):
                        hurt[r["id"]] = casualty
                got = record_battle(engine, cid, [a, b], results=hurt)
                battles.append(got.id)
                if hurt:
                    waiting.append(got.id)
            else:
                bid = waiting.pop(0)
                try:
                    after_battle(engine, bid, seed=rng.randrange(1 << 30))
                except ConflictError:
                    waiting.append(bid)  # the user reloads and runs it again later
                    raise
                done.append(bid)
        except ConflictError:
            stale += 1  # reported: someone else changed it first, nothing was saved
        except InputError:
            refused += 1  # e.g. a casualty another client's After the Battle took away first
        except Exception as e:  # noqa: BLE001 (every other failure is counted and shown)
            failed.append(f"{op}: {type(e).__name__}: {str(e)[:200]}")
        lat[op].append(time.perf_counter() - t0)
    engine.dispose()
    return {"lat": lat, "raised": raised, "battles": battles, "done": done, "stale": stale,
            "refused": refused, "failed": failed}


def run(bench: Any) -> None:
    """The ``concurrent-league`` case (PostgreSQL only)."""
    if bench.engine.dialect.name != "postgresql":
        print(f"{'concurrent':<14} skipped: needs one PostgreSQL server (--url)", flush=True)
        return
    from sqlalchemy import select

    from db.models import Fighter, Roster

    league = bench.league
    casualty = league.casualty_result or league.fine_result
    with bench.engine.connect() as c:
        rids = list(c.execute(select(Roster.id).where(Roster.campaign_id == bench.cid).order_by(Roster.id)).scalars())
    rids = [r for r in rids if r != bench.big_roster]
    fighting, editing = rids[0::2], rids[1::2][:10]
    if len(fighting) < 2 or not editing:
        print(f"{'concurrent':<14} skipped: the league has too few rosters (at least 5)", flush=True)
        return
    with bench.engine.connect() as c:
        pool = list(c.execute(select(Fighter.id).where(Fighter.roster_id.in_(editing)).order_by(Fighter.id)
                              .limit(60)).scalars())
        before = dict(c.execute(select(Fighter.id, Fighter.xp).where(Fighter.id.in_(pool))).all())
    n, duration = bench.clients, bench.duration
    env = dict(__import__("os").environ)
    env["PYTHONPATH"] = str(bench.root) + __import__("os").pathsep + env.get("PYTHONPATH", "")
    args = json.dumps({"cid": bench.cid, "pool": pool, "fighting": fighting, "casualty": casualty,
                       "duration": duration})
    procs = [subprocess.Popen([sys.executable, "-m", "bench.crowd", bench.url, str(k), args],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env, cwd=bench.root)
             for k in range(n)]
    for p in procs:  # every client ready (imports done, database open) before any starts
        assert p.stdout is not None
        line = p.stdout.readline()
        if line.strip() != "ready":
            raise RuntimeError(f"a league client failed to start: {line!r}")
    t0 = time.perf_counter()
    for p in procs:
        assert p.stdin is not None
        p.stdin.write("go\n")
        p.stdin.flush()
    outs = []
    for p in procs:
        out, _ = p.communicate(timeout=duration + 300)
        if p.returncode != 0:
            raise RuntimeError(f"a league client failed (exit {p.returncode})")
        outs.append(json.loads(out.strip().splitlines()[-1]))
    wall = time.perf_counter() - t0
    lat: dict[str, list[float]] = defaultdict(list)
    raised: dict[int, int] = defaultdict(int)
    battles, done, failed = [], [], []
    stale = refused = 0
    for o in outs:
        for k, v in o["lat"].items():
            lat[k] += v
        for k, v in o["raised"].items():
            raised[int(k)] += v
        battles += o["battles"]
        done += o["done"]
        failed += o["failed"]
        stale += o["stale"]
        refused += o["refused"]
    lost = _lost_updates(bench.engine, before, raised, battles, done)
    total = sum(len(v) for v in lat.values())
    bench.add("concurrent", total / wall, "ops/s", None, f"(reported; {n} clients, {duration:g} s)", None)
    for op, _w in MIX:
        xs = sorted(lat.get(op, []))
        if xs:
            p95 = xs[min(len(xs) - 1, int(0.95 * len(xs)))]
            bench.add(f"p95-{op}", p95 * 1000, "ms", statistics.median(xs) * 1000, f"(reported; median as baseline, n={len(xs)})",
                      None)
    bench.add("lost-updates", lost, "", None, "0", lost == 0)
    bench.add("failed-tx", len(failed), "", None, "0", not failed)
    bench.add("stale-edits", stale, "", None, f"(reported; {refused} refused inputs)", None)
    for f in failed[:5]:
        print(f"  failed: {f}", flush=True)


def _lost_updates(engine: Any, before: dict[int, int], raised: dict[int, int], battles: list[int],
                  done: list[int]) -> int:
    """How many acknowledged writes are missing now."""
    from sqlalchemy import select

    from db.models import Battle, Fighter

    with engine.connect() as c:
        now = dict(c.execute(select(Fighter.id, Fighter.xp).where(Fighter.id.in_(list(before)))).all())
        lost = sum(abs(now[f] - before[f] - raised.get(f, 0)) for f in before)
        have = dict(c.execute(select(Battle.id, Battle.after_battle_done).where(Battle.id.in_(battles))).all()) \
            if battles else {}
    lost += sum(1 for b in battles if b not in have)
    lost += sum(1 for b in done if not have.get(b))
    return lost


def main() -> int:
    url, k, raw = sys.argv[1], int(sys.argv[2]), json.loads(sys.argv[3])
    out = client(url, raw["cid"], 1000 + k, raw["pool"], raw["fighting"], raw["casualty"], raw["duration"])
    print(json.dumps(out), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())


CASES = {"concurrent": run}
