"""The league server at scale (#35 item 7): several ``campaign-app serve`` processes on one
database, many simulated players over HTTP on loopback.

    python -m bench.server [--url postgresql://ADMIN@HOST/DB] [--players 200] [--servers 2]
                           [--duration 30] [--connections 32] [--write-results]

What it does, in order:

1. makes a fresh database (on the PostgreSQL server of ``--url``, else of
   CAMPAIGN_APP_TEST_PG; with neither, a SQLite file served by one process, as SQLite
   is meant to be) and fills it by bulk loads (:mod:`bench.league`): one campaign, a
   roster of six fighters per player; then, through the use-cases, the members: an
   arbitrator and one player per roster (``roster.owner``), passwords hashed with the
   server's real argon2id parameters (the time is reported: ``members``);
2. **the floor**: the same players doing the same mix for the same time through the
   facade in-process (``Campaigns.run_as``: the same use-cases, the same permission
   checks in the same transactions), in as many worker processes as there will be
   servers, each doing one use-case after another, as fast as it can: what the cores
   and the database give for this work with no HTTP, no JSON, no sessions;
3. starts ``--servers`` processes of ``python -m campaign_app serve`` on free ports and
   logs every member in once, one login at a time per server (argon2id at 64 MiB is
   meant to be slow: ``login`` is reported, not mixed into the throughput);
4. runs the players (asyncio tasks, ``httpx.AsyncClient`` bounded by ``--connections``
   per server; player *k* on server *k* mod N) for ``--duration`` seconds, each doing,
   back to back (``--think 0``: every player always busy, the servers saturated: the
   throughput) or with a pause between actions (``--think S``, exponential with mean S:
   a busy evening, the latencies a player sees):

   - ``read-roster`` any roster (``rosters.show_roster``) and ``roster-detail``
     (``details.roster_detail``);
   - ``edit``: the player's counter fighter read (``fighters.show_fighter``) and its notes'
     count raised by one with the version read (``fighters.edit_fighter if_version``); a
     409 (someone changed it in between) is normal: read again and retry, counted as
     ``stale``;
   - ``record-battle``: their roster against another, one casualty each, the casualty
     chosen among the active fighters read just before (``battles.record_battle``);
   - ``read-log``: the newest 50 rolls (``rolls.roll_log``) or actions (``journal.history``);

   and one arbitrator per server running After the Battle of the recorded battles
   (``battles.after_battle``, the server's dice) and, every other turn, raising a random
   player's counter (so a counter has two writers on two processes: the stale edits);
5. checks the database: every acknowledged raise is in its counter (a counter's value
   equals the raises acknowledged to the players and the arbitrators: **lost
   updates**), every acknowledged battle is there, every acknowledged After the Battle
   left its battle done; and counts **failed requests**: any 5xx, any 4xx other than a
   409 (stale) or a 400 for a casualty that an After the Battle took out of play first
   (printed with its message), any transport error.

Every ratio is server / floor: for the throughput the share of the floor's rate the
servers reach, for a latency how many times the floor's (the floor's latencies are one
use-case alone, no queue; the server's are with every player waiting their turn).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections import defaultdict
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MIX = (("read-roster", 30), ("roster-detail", 10), ("edit", 25), ("record-battle", 10), ("read-log", 25))
KINDS = ("read-roster", "roster-detail", "edit", "record-battle", "after-battle", "arb-edit", "read-log")
ARBITRATOR = "arbitrator"
COUNTER = "edits "

Call = Callable[..., Awaitable[tuple[int, Any]]]


def password_of(name: str) -> str:
    return f"bench password of {name}"


@dataclass
class Player:
    name: str
    roster: int
    counter: int  # the fighter whose notes count this player's raises
    others: list[int]  # the other fighters of the roster (casualty candidates)


@dataclass
class Tally:
    lat: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    raised: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    battles: list[int] = field(default_factory=list)
    done: list[int] = field(default_factory=list)
    stale: int = 0
    refused: int = 0
    failed: list[str] = field(default_factory=list)

    def dump(self) -> dict[str, Any]:
        return {"lat": self.lat, "raised": self.raised, "battles": self.battles, "done": self.done,
                "stale": self.stale, "refused": self.refused, "failed": self.failed}

    def merge(self, o: dict[str, Any]) -> None:
        for k, v in o["lat"].items():
            self.lat[k] += v
        for k, v in o["raised"].items():
            self.raised[int(k)] += v
        self.battles += o["battles"]
        self.done += o["done"]
        self.stale += o["stale"]
        self.refused += o["refused"]
        self.failed += o["failed"]


def _get(obj: Any, key: str) -> Any:
    return obj[key] if isinstance(obj, dict) else getattr(obj, key)


def _count(notes: str) -> int:
    return int(notes[len(COUNTER):]) if notes.startswith(COUNTER) else 0


# --------------------------------------------------------------------------- the mix
class Refused(Exception):
    """An answer the mix does not expect (counted as a failed request)."""


def _expected_400(message: str) -> bool:
    """A refusal a player meets in a busy league: the fighter they chose as a casualty
    was taken out of play by an After the Battle between their read and their write."""
    return message.endswith("cannot take part in a battle")


async def _edit(call: Call, t: Tally, fid: int, retries: int = 20) -> None:
    """Raise ``fid``'s counter by one, with the version read: a 409 is read again."""
    for _ in range(retries):
        status, f = await call("fighters.show_fighter", ref=fid)
        if status != 200:
            raise Refused(f"show_fighter {status}: {f}")
        status, out = await call("fighters.edit_fighter", ref=fid, if_version=_get(f, "version"),
                                 notes=f"{COUNTER}{_count(_get(f, 'notes')) + 1}")
        if status == 200:
            t.raised[fid] += 1
            return
        if status != 409:
            raise Refused(f"edit_fighter {status}: {out}")
        t.stale += 1
    raise Refused(f"edit of fighter {fid}: still stale after {retries} tries")


async def play(call: Call, p: Player, cid: int, rosters: list[int], casualty: str, queue: asyncio.Queue[int],
               t: Tally, end: float, seed: int, think: float = 0.0) -> None:
    rng = random.Random(seed)
    ops = [name for name, w in MIX for _ in range(w)]
    if think:  # players arrive spread out, not all in the first instant
        await asyncio.sleep(rng.uniform(0, think))
    # every kind once first (from a kind of its own for each player), then the mix at random
    kinds = [name for name, _w in MIX]
    first = kinds[seed % len(kinds):] + kinds[:seed % len(kinds)]
    while time.perf_counter() < end:
        # a pause (think time), and always the other players' turn (in the floor the work blocks)
        await asyncio.sleep(rng.expovariate(1 / think) if think else 0)
        op = first.pop(0) if first else rng.choice(ops)
        t0 = time.perf_counter()
        try:
            if op == "read-roster":
                status, out = await call("rosters.show_roster", ref=rng.choice(rosters))
            elif op == "roster-detail":
                status, out = await call("details.roster_detail", roster=rng.choice(rosters))
            elif op == "read-log":
                if rng.random() < 0.5:
                    status, out = await call("rolls.roll_log", campaign=cid, limit=50)
                else:
                    status, out = await call("journal.history", campaign=cid, limit=50)
            elif op == "edit":
                await _edit(call, t, p.counter)
                status, out = 200, None
            else:  # record-battle
                other = rng.choice([r for r in rosters if r != p.roster])
                hurt: dict[str, str] = {}
                for rid, keep in ((p.roster, p.counter), (other, None)):
                    status, r = await call("rosters.show_roster", ref=rid)
                    if status != 200:
                        raise Refused(f"show_roster {status}: {r}")
                    active = [_get(f, "id") for f in _get(r, "fighters")
                              if _get(f, "status") == "active" and _get(f, "id") != keep
                              and not _get(f, "notes").startswith(COUNTER)]
                    if active:
                        hurt[str(rng.choice(active))] = casualty
                status, out = await call("battles.record_battle", campaign=cid, rosters=[p.roster, other],
                                         results=hurt)
                if status == 200:
                    t.battles.append(int(_get(out, "id")))
                    queue.put_nowait(int(_get(out, "id")))
            if status == 400 and _expected_400(str(out)):
                t.refused += 1
            elif status != 200:
                raise Refused(f"{status}: {out}")
        except Refused as e:
            t.failed.append(f"{op}: {str(e)[:200]}")
        except Exception as e:  # noqa: BLE001 (a dropped connection, a timeout: a failure, shown)
            t.failed.append(f"{op}: {type(e).__name__}: {str(e)[:200]}")
        t.lat[op].append(time.perf_counter() - t0)


async def arbitrate(call: Call, counters: list[int], queue: asyncio.Queue[int], t: Tally, end: float,
                    seed: int) -> None:
    """After the Battle of the battles recorded, oldest first (the server's dice), and
    every other turn a random player's counter raised (a second writer of that row, on
    another process half of the time)."""
    rng = random.Random(seed)
    turn = 0
    while time.perf_counter() < end:
        t0 = time.perf_counter()
        turn += 1  # every other turn a counter raise, even with battles waiting
        bid = queue.get_nowait() if turn % 2 and not queue.empty() else None
        op = "after-battle" if bid is not None else "arb-edit"
        try:
            if bid is not None:
                status, out = await call("battles.after_battle", battle=bid)
                if status == 200:
                    t.done.append(bid)
                elif status == 409:
                    t.stale += 1
                    queue.put_nowait(bid)  # run again later, as the arbitrator would
                elif status == 400 and _expected_400(str(out)):
                    t.refused += 1
                else:
                    raise Refused(f"{status}: {out}")
            else:
                await _edit(call, t, rng.choice(counters))
        except Refused as e:
            t.failed.append(f"{op}: {str(e)[:200]}")
        except Exception as e:  # noqa: BLE001
            t.failed.append(f"{op}: {type(e).__name__}: {str(e)[:200]}")
        t.lat[op].append(time.perf_counter() - t0)
        await asyncio.sleep(0)


async def _warm(call: Call, cid: int, roster: int, fighter: int) -> None:
    """One read of each kind before the clock starts: a process's first use-case loads
    the rules data and the game system (seconds on a loaded machine), in the floor's
    workers and the servers alike; a league server has done that long before its
    evening's play."""
    for name, kw in (("rosters.show_roster", {"ref": roster}), ("details.roster_detail", {"roster": roster}),
                     ("fighters.show_fighter", {"ref": fighter}), ("rolls.roll_log", {"campaign": cid, "limit": 5}),
                     ("journal.history", {"campaign": cid, "limit": 5})):
        status, out = await call(name, **kw)
        if status != 200:
            raise RuntimeError(f"warming up, {name}: {status} {out}")


async def _crowd(calls: list[Call], arb_calls: list[Call], players: list[Player], cid: int, rosters: list[int],
                 casualty: str, duration: float, seed: int, think: float = 0.0) -> Tally:
    t = Tally()
    queue: asyncio.Queue[int] = asyncio.Queue()
    end = time.perf_counter() + duration
    counters = [p.counter for p in players]
    tasks = [play(calls[k], p, cid, rosters, casualty, queue, t, end, seed + k, think) for k, p in enumerate(players)]
    tasks += [arbitrate(c, counters, queue, t, end, seed - 1 - k) for k, c in enumerate(arb_calls)]
    await asyncio.gather(*tasks)
    return t


# --------------------------------------------------------------------------- the floor
def floor_worker(url: str, raw: dict[str, Any]) -> dict[str, Any]:
    """One floor process: the mix through the facade in-process, one use-case at a time."""
    from campaign_app.errors import AppError, ConflictError, InputError
    from campaign_app.facade import Campaigns
    from db.acting import Actor
    from server.catalogue import CATALOGUE

    app = Campaigns.open(url, create=False)

    def caller(who: Actor) -> Call:
        async def call(name: str, **kw: Any) -> tuple[int, Any]:
            try:
                return 200, app.run_as(who, CATALOGUE[name].fn, **kw)
            except ConflictError as e:
                return 409, str(e)
            except InputError as e:
                return 400, str(e)
            except AppError as e:
                return 403, str(e)
        return call

    players = [Player(**p) for p in raw["players"]]
    calls = [caller(Actor(p.name, "player")) for p in players]
    asyncio.run(_warm(calls[0], raw["cid"], raw["rosters"][0], players[0].counter))
    t = asyncio.run(_crowd(calls, [caller(Actor(ARBITRATOR, "arbitrator"))], players, raw["cid"], raw["rosters"],
                           raw["casualty"], raw["duration"], raw["seed"], raw.get("think", 0.0)))
    app.engine.dispose()
    return t.dump()


# --------------------------------------------------------------------------- over HTTP
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def start_servers(url: str, n: int, logdir: Path) -> tuple[list[subprocess.Popen[bytes]], list[str]]:
    import httpx

    procs, bases = [], []
    for k in range(n):
        port = _free_port()
        log = open(logdir / f"server-{k}.log", "wb")  # noqa: SIM115 (closed with the process)
        procs.append(subprocess.Popen([sys.executable, "-m", "campaign_app", "--db", url, "serve",
                                       "--bind", f"127.0.0.1:{port}"], cwd=ROOT, env=_env(),
                                      stdout=log, stderr=subprocess.STDOUT))
        bases.append(f"http://127.0.0.1:{port}")
    for p, base in zip(procs, bases, strict=True):
        deadline = time.monotonic() + 60
        while True:
            if p.poll() is not None:
                raise RuntimeError(f"a server exited at start (code {p.returncode}): see {logdir}")
            try:
                if httpx.get(f"{base}/api/me", timeout=2).status_code == 401:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"a server did not answer within 60 s: see {logdir}")
            time.sleep(0.1)
    return procs, bases


def stop_servers(procs: list[subprocess.Popen[bytes]]) -> None:
    for p in procs:
        if p.poll() is None:
            p.terminate()
    for p in procs:
        try:
            p.wait(timeout=20)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()


async def _over_http(bases: list[str], players: list[Player], cid: int, rosters: list[int], casualty: str,
                     duration: float, connections: int, seed: int,
                     think: float = 0.0) -> tuple[Tally, list[float], float]:
    import httpx

    # keep-alive: the client lets an idle connection go before uvicorn does (5 s), never
    # sending on one the server is closing at that very moment (a ReadError, not a fault)
    limits = httpx.Limits(max_connections=connections, max_keepalive_connections=connections, keepalive_expiry=2.0)
    clients = [httpx.AsyncClient(base_url=b, limits=limits, timeout=120) for b in bases]
    try:
        # every member logs in once: one login at a time per server
        names = [ARBITRATOR] * len(bases) + [p.name for p in players]
        servers = list(range(len(bases))) + [k % len(bases) for k in range(len(players))]
        tokens: list[str] = [""] * len(names)
        login_lat: list[float] = []

        async def logins(server: int) -> None:
            for i, name in enumerate(names):
                if servers[i] != server:
                    continue
                t0 = time.perf_counter()
                r = await clients[server].post("/api/login", json={"name": name, "password": password_of(name)})
                login_lat.append(time.perf_counter() - t0)
                r.raise_for_status()
                tokens[i] = r.json()["token"]

        t0 = time.perf_counter()
        await asyncio.gather(*(logins(k) for k in range(len(bases))))
        login_wall = time.perf_counter() - t0

        def caller(i: int) -> Call:
            client, headers = clients[servers[i]], {"Authorization": f"Bearer {tokens[i]}"}

            async def call(name: str, **kw: Any) -> tuple[int, Any]:
                r = await client.post(f"/api/run/{name}", json=kw, headers=headers)
                body = r.json()
                return r.status_code, body if r.status_code == 200 else body.get("error", body)
            return call

        calls = [caller(len(bases) + k) for k in range(len(players))]
        arb_calls = [caller(k) for k in range(len(bases))]
        await asyncio.gather(*(_warm(c, cid, rosters[0], players[0].counter) for c in arb_calls))
        t = await _crowd(calls, arb_calls, players, cid, rosters, casualty, duration, seed, think)
        return t, login_lat, login_wall
    finally:
        for c in clients:
            await c.aclose()


# --------------------------------------------------------------------------- set-up
@dataclass
class League:
    url: str
    cid: int
    rosters: list[int]
    players: list[Player]
    casualty: str
    before: dict[int, int]  # counter fighter -> its count at the start
    members_s: float


def make_league(url: str, n_players: int) -> League:
    from sqlalchemy import select, update

    from bench.league import LeagueSize, default_system, league_of
    from bench.league import make_league as bulk_league
    from campaign_app.facade import Campaigns
    from campaign_app.usecases import members
    from db.migrate import open_database
    from db.models import Fighter, Roster

    engine = open_database(url)
    system = default_system()
    league = league_of(system)
    cid = bulk_league(engine, system=system, name="Server league",
                      size=LeagueSize(rosters=n_players, fighters=6 * n_players, largest_roster=6,
                                      battles=2, rolls=2 * n_players))
    names = [f"player{k + 1:03d}" for k in range(n_players)]
    with engine.begin() as c:
        rosters = list(c.execute(select(Roster.id).where(Roster.campaign_id == cid).order_by(Roster.id)).scalars())
        for rid, name in zip(rosters, names, strict=True):
            c.execute(update(Roster).where(Roster.id == rid).values(owner=name))
        rows = c.execute(select(Fighter.id, Fighter.roster_id).where(Fighter.roster_id.in_(rosters))
                         .order_by(Fighter.id)).all()
        by_roster: dict[int, list[int]] = defaultdict(list)
        for fid, rid in rows:
            by_roster[rid].append(fid)
        counters = [by_roster[rid][0] for rid in rosters]
        c.execute(update(Fighter).where(Fighter.id.in_(counters)).values(notes=f"{COUNTER}0"))
    app = Campaigns(engine)
    t0 = time.perf_counter()
    app.run(members.add_member, ARBITRATOR, password_of(ARBITRATOR), "arbitrator")
    with ThreadPoolExecutor(2) as pool:  # argon2 leaves the GIL: both cores hash
        list(pool.map(lambda n: app.run(members.add_member, n, password_of(n), "player"), names))
    members_s = time.perf_counter() - t0
    engine.dispose()
    players = [Player(n, rid, by_roster[rid][0], by_roster[rid][1:]) for n, rid in zip(names, rosters, strict=True)]
    return League(url, int(cid), rosters, players, league.casualty_result or league.fine_result,
                  {p.counter: 0 for p in players}, members_s)


def check(league: League, t: Tally) -> tuple[int, list[str]]:
    """How many acknowledged writes are missing (or doubled) now, and which."""
    from sqlalchemy import select

    from db.migrate import open_database
    from db.models import Battle, Fighter

    engine = open_database(league.url)
    try:
        with engine.connect() as c:
            notes = dict(c.execute(select(Fighter.id, Fighter.notes).where(Fighter.id.in_(list(league.before))))
                         .all())
            have = dict(c.execute(select(Battle.id, Battle.after_battle_done)
                                  .where(Battle.id.in_(t.battles))).all()) if t.battles else {}
    finally:
        engine.dispose()
    wrong = [f"fighter {f}: count {_count(notes[f])}, {league.before[f] + t.raised.get(f, 0)} acknowledged"
             for f in league.before if _count(notes[f]) != league.before[f] + t.raised.get(f, 0)]
    wrong += [f"battle {b} acknowledged, missing" for b in t.battles if b not in have]
    wrong += [f"battle {b}: After the Battle acknowledged, not done" for b in t.done if not have.get(b)]
    return len(wrong), wrong


# --------------------------------------------------------------------------- the run
@dataclass
class Row:
    case: str
    value: float
    unit: str
    baseline: float | None
    target: str
    ok: bool | None
    throughput: bool = False

    @property
    def ratio(self) -> float | None:
        return self.value / self.baseline if self.baseline else None


def _pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))] if s else 0.0


def fresh_database(admin: str | None, workdir: Path) -> tuple[str, Callable[[], None]]:
    """A fresh database's URL and how to drop it."""
    if not admin:
        return f"sqlite:///{workdir / 'server-league.sqlite'}", lambda: None
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    name = f"bench_srv_{uuid.uuid4().hex[:10]}"
    adm = create_engine(make_url(admin).set(drivername="postgresql+psycopg"), isolation_level="AUTOCOMMIT")
    with adm.connect() as c:
        c.execute(text(f'CREATE DATABASE "{name}"'))

    def drop() -> None:
        with adm.connect() as c:
            c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        adm.dispose()

    return make_url(admin).set(database=name).render_as_string(hide_password=False), drop


def run_bench(admin: str | None, n_players: int = 200, servers: int = 2, duration: float = 30.0,
              connections: int = 32, seed: int = 1, think: float = 0.0, workdir: Path | None = None,
              say: Callable[[str], None] = print) -> dict[str, Any]:
    """The whole case; returns its rows and facts (and prints them as it goes)."""
    with tempfile.TemporaryDirectory(prefix="bench-server-") as tmp:
        work = workdir or Path(tmp)
        url, drop = fresh_database(admin, work)
        if url.startswith("sqlite"):
            servers = 1  # SQLite: one server process (one writer at a time, one file)
        try:
            return _run(url, n_players, servers, duration, connections, seed, think, work, say)
        finally:
            drop()


def _run(url: str, n_players: int, servers: int, duration: float, connections: int, seed: int, think: float,
         work: Path, say: Callable[[str], None]) -> dict[str, Any]:
    t0 = time.perf_counter()
    league = make_league(url, n_players)
    say(f"league: {n_players} players, {len(league.rosters) * 6} fighters, {servers} server(s) on "
        f"{url.split(':', 1)[0]}; made in {time.perf_counter() - t0:.1f} s "
        f"(members' argon2id hashes {league.members_s:.1f} s)")
    # the floor: the same mix in-process, one worker process per server
    share = [league.players[k::servers] for k in range(servers)]
    base = {"cid": league.cid, "rosters": league.rosters, "casualty": league.casualty, "duration": duration,
            "think": think}
    procs = [subprocess.Popen([sys.executable, "-m", "bench.server", "--floor-worker", url,
                               json.dumps({**base, "seed": seed * 1000 + 100 * k,
                                           "players": [vars(p) for p in share[k]]})],
                              cwd=ROOT, env=_env(), stdout=subprocess.PIPE, text=True)
             for k in range(servers)]
    floor = Tally()
    for p in procs:
        out, _ = p.communicate(timeout=duration + 300)
        if p.returncode != 0:
            raise RuntimeError(f"a floor worker failed (exit {p.returncode})")
        floor.merge(json.loads(out.strip().splitlines()[-1]))
    floor_ops = sum(len(v) for v in floor.lat.values())
    say(f"floor (in-process, {servers} process(es)): {floor_ops / duration:.1f} ops/s, "
        f"{len(floor.failed)} failed")
    procs_s, bases = start_servers(url, servers, work)
    try:
        t, login_lat, login_wall = asyncio.run(_over_http(bases, league.players, league.cid, league.rosters,
                                                          league.casualty, duration, connections, seed,
                                                          think))
    finally:
        stop_servers(procs_s)
    if t.failed:  # what the servers said about it (their logs go with the temporary folder)
        for k in range(servers):
            lines = (work / f"server-{k}.log").read_text(encoding="utf-8", errors="replace").splitlines()
            for line in [x for x in lines if "access" not in x and ("ERROR" in x or "WARNING" in x
                                                                  or "Error" in x)][-5:]:
                say(f"  server {k}: {line[:300]}")
    # both phases raised the counters: the database holds both
    both = Tally()
    both.merge(floor.dump())
    both.merge(t.dump())
    lost, wrong = check(league, both)
    ops = sum(len(v) for v in t.lat.values())
    rows = [Row("throughput", ops / duration, "ops/s", floor_ops / duration,
                f"(reported; {n_players} players, {servers} servers, {duration:g} s, think {think:g} s)", None,
                throughput=True)]
    for kind in KINDS:
        xs, fx = t.lat.get(kind, []), floor.lat.get(kind, [])
        if xs:
            rows.append(Row(f"p50-{kind}", statistics.median(xs) * 1000, "ms",
                            statistics.median(fx) * 1000 if fx else None, f"(reported; n={len(xs)})", None))
            rows.append(Row(f"p95-{kind}", _pct(xs, 0.95) * 1000, "ms", _pct(fx, 0.95) * 1000 if fx else None,
                            "(reported)", None))
    rows.append(Row("login", statistics.median(login_lat) * 1000, "ms", None,
                    f"(reported; p95 {_pct(login_lat, 0.95) * 1000:.0f} ms, all {login_wall:.1f} s)", None))
    rows.append(Row("failed", len(t.failed) + len(floor.failed), "", None, "0",
                    not t.failed and not floor.failed))
    rows.append(Row("lost-updates", lost, "", None, "0", lost == 0))
    rows.append(Row("stale", t.stale, "", None, f"(reported; 409 then re-read; {t.refused} refused inputs; "
                    f"floor {floor.stale} and {floor.refused})", None))
    for r in rows:
        b = f"{r.baseline:10.4g}" if r.baseline is not None else " " * 10
        ratio = f"{r.ratio:6.2f}x" if r.ratio is not None else " " * 7
        mark = {True: "MET", False: "MISSED", None: ""}[r.ok]
        say(f"{r.case:<22} {r.value:10.4g} {r.unit:<6} floor {b}  ratio {ratio}  target {r.target} {mark}")
    for f in (t.failed + floor.failed)[:10]:
        say(f"  failed: {f}")
    for w in wrong[:10]:
        say(f"  lost: {w}")
    return {"rows": rows, "failed": t.failed + floor.failed, "lost": lost, "wrong": wrong,
            "acknowledged": {"raises": sum(t.raised.values()), "battles": len(t.battles), "after": len(t.done)},
            "servers": servers, "players": n_players, "duration": duration, "connections": connections,
            "think": think,
            "backend": url.split(":", 1)[0].split("+")[0]}


def write_results(out: dict[str, Any], note: str = "") -> Path:
    path = ROOT / "bench" / "RESULTS.md"
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    a = out["acknowledged"]
    lines = [f"#### league server, {out['backend']}: {out['players']} players, {out['servers']} server "
             f"processes, {out['duration']:g} s, think time {out['think']:g} s, {out['connections']} connections "
             f"per server ({when})", "",
             f"Acknowledged: {a['raises']} counter raises, {a['battles']} battles, {a['after']} After the "
             "Battles (HTTP phase)." + (f" {note}" if note else ""), "",
             "| case | result | floor (in-process, same run) | ratio | target | |", "|---|---|---|---|---|---|"]
    for r in out["rows"]:
        base = f"{r.baseline:.4g} {r.unit}" if r.baseline is not None else "-"
        ratio = f"{r.ratio:.2f}x" if r.ratio is not None else "-"
        mark = {True: "MET", False: "**MISSED**", None: ""}[r.ok]
        lines.append(f"| {r.case} | {r.value:.4g} {r.unit} | {base} | {ratio} | {r.target} | {mark} |")
    text = path.read_text(encoding="utf-8")
    head = "## The league server at scale (issue #35)"
    mark = "<!-- bench/server.py: runs, newest first -->"
    block = "\n".join(lines) + "\n"
    if mark in text:
        at = text.index(mark) + len(mark) + 1
        text = text[:at] + "\n" + block + text[at:]
    elif head in text:
        at = text.index(head)
        nl = text.index("\n\n", at) + 2 if "\n\n" in text[at:] else len(text)
        text = text[:nl] + block + "\n" + text[nl:]
    else:
        text = text.rstrip("\n") + f"\n\n{head}\n\n" + block
    path.write_text(text, encoding="utf-8")
    return path


def run(bench: Any) -> None:
    """The ``league-server`` case of ``python -m bench``: on the server of ``--url``
    (two processes) or SQLite (one); 200 players, or 6 for 2 s with --tiny."""
    from sqlalchemy.engine import make_url

    admin = bench.url if bench.engine.dialect.name == "postgresql" else None
    if admin:
        admin = make_url(admin).set(database="postgres").render_as_string(hide_password=False)
    tiny = bench.clients < 20
    out = run_bench(admin, n_players=6 if tiny else 200, duration=bench.duration if not tiny else 2.0,
                    say=lambda s: print(s, flush=True))
    for r in out["rows"]:
        if r.case in ("throughput", "failed", "lost-updates") or r.case.startswith("p95-"):
            bench.add(f"srv-{r.case}"[:22], r.value, r.unit, r.baseline, r.target, r.ok, throughput=r.throughput)


CASES = {"league-server": run}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--floor-worker"]:
        print(json.dumps(floor_worker(argv[1], json.loads(argv[2]))), flush=True)
        return 0
    ap = argparse.ArgumentParser(prog="python -m bench.server", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--url", default=os.environ.get("CAMPAIGN_APP_TEST_PG"),
                    help="a PostgreSQL server (its admin URL; a fresh database is made there and dropped "
                         "after); default CAMPAIGN_APP_TEST_PG; without either, SQLite and one server")
    ap.add_argument("--sqlite", action="store_true", help="SQLite and one server, even with a PostgreSQL URL")
    ap.add_argument("--players", type=int, default=200)
    ap.add_argument("--servers", type=int, default=2)
    ap.add_argument("--duration", type=float, default=30.0, help="seconds of each phase (floor, then HTTP)")
    ap.add_argument("--connections", type=int, default=32, help="HTTP connections per server (the bound)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--think", type=float, default=0.0,
                    help="mean seconds a player pauses between actions (exponential; 0: none, every player "
                         "always busy: the servers saturated, throughput measured)")
    ap.add_argument("--write-results", action="store_true", help="add the table to bench/RESULTS.md")
    ap.add_argument("--note", default="", help="a sentence for the results (the machine's load, ...)")
    a = ap.parse_args(argv)
    if a.players < 2:
        ap.error("--players: at least 2 (a battle needs two rosters)")
    out = run_bench(None if a.sqlite else a.url, a.players, a.servers, a.duration, a.connections, a.seed,
                    a.think)
    if a.write_results:
        print(f"written to {write_results(out, a.note)}")
    return 0 if out["lost"] == 0 and not out["failed"] else 1


if __name__ == "__main__":
    sys.exit(main())
