"""Benchmarks at league scale, each printed next to a baseline measured in the same run.

    python -m bench [--url postgresql://...] [--repeat 5] [--scale 1.0] [--tiny] [--duration 60]
                    [--system ID] [--only CASE] [--report FILE] [--write-results]

--scale N: the league's size (1 = 100 rosters, 3,000 fighters, 1,000 battles, 50,000
rolls; 100 = the national league: 10,000 rosters, 300,000 fighters, 100,000 battles,
5,000,000 rolls), built with bulk loads (db/bulk.py) and kept in a cache
(bench/cache.py; --no-cache builds into the given database, --cache DIR moves it).
--tiny: the smoke test's preset (scale 0.05, one repeat, a 3 s concurrent league).

More cases come from the modules of this package, run after the cases below, modules in
name order: a module ``bench/<name>.py`` that defines ``CASES = {"case-name": function}``
(each ``function(bench)`` reports through ``bench.add(...)``), or a function
``cases(bench)`` returning ``{"case-name": function()}``. ``bench`` offers
``engine``, ``url``, ``cid`` (the league), ``big_roster``, ``size``, ``scale``,
``repeat``, ``league``, ``system``, ``workdir``, ``raw_path`` (a SQLite copy for raw
baselines), ``duration``, ``clients``, ``root`` and ``median_time``.

Cases (median of --repeat runs; ratio = case / baseline, or baseline / case for
throughput):
  start          cold start to the main window on screen (first paint), vs a bare
                 PySide6 window process; start-loaded: until the league's tree and
                 roster table are filled (the database opens off the GUI thread), vs
                 the bare window and vs its floor (loaded/floor): the bare window
                 reading the tree and 300 figures by the plain driver and showing them
                 (at least 11 interleaved rounds when --repeat is above 1)
  roster-load    largest roster into the table model, vs the same rows read by the plain
                 driver on the same backend (sqlite3, or psycopg on PostgreSQL); above
                 ui.paged.PAGE_THRESHOLD rows only reported (the window pages them:
                 roster-page)
  sort           sort the 3,000-fighter campaign table in the model, vs sorted() on the
                 raw tuples; a bigger campaign only reported (the window sorts it in
                 SQL, a page at a time: roster-page-sort)
  after-battle   After the Battle with 40 casualties (resolve + commit), vs the plain
                 driver on the same backend doing the same number of row updates and
                 chained roll inserts in one transaction
  pdf            every roster of the league in one PDF (pages/s; a national league: its
                 first 100 rosters, as `export league --roster ...`), vs the plain
                 driver reading their rows and plain reportlab drawing the same tables
                 with plain-string cells in the same font
  json-export    JSON export of the league to a file (streamed), in a child process, vs
                 the plain driver reading the same rows (psycopg on PostgreSQL);
                 export-rss: that process's peak memory
  json-import    JSON import of that file in a child process, vs the plain driver
                 writing the rows into the same tables with the same indexes (sqlite3
                 executemany; on PostgreSQL, COPY into a schema of its own on the same
                 server; import-vs-bare: into the tables alone); import-rss: its peak memory
  peak-rss       peak memory of the GUI process with the league open
  cli            `campaign-app roster show` of a league roster in a fresh process (the
                 checked rules data already kept, as after a user's first command), vs
                 `python -c "import sqlmodel"`, the floor every command pays
  standings      (bench/standings.py) the league's standings, vs the plain driver counting
                 the same rows in two grouped statements; standings-10x: linear, <= 12x
                 their time on the league a tenth of the size (--scale / 10, cached too)
  concurrent     (bench/crowd.py, PostgreSQL) 20 client processes doing a mix of reads,
                 battles, After the Battles and edits for --duration s: throughput, p95
                 per use-case, lost updates and failed transactions
  league-server  (bench/server.py) two `campaign-app serve` processes on a fresh
                 PostgreSQL database (one on SQLite), 200 players over HTTP (6 with
                 --tiny), vs the same mix in-process: throughput, p95, failed requests,
                 lost updates; alone: python -m bench.server --players 200 [--think S]
Before each case the run waits for the machine to settle (``settle``: on PostgreSQL a
CHECKPOINT and no autovacuum at work; no other thread running), 30 s at most: what one
case leaves behind is not timed in the next (not with --repeat 1, the smoke test's).

Targets (2 cores): start <= 1.3x; start-loaded <= 3.5x bare and <= 1.5x its floor;
roster-load <= 50 ms; sort <= 100 ms; after-battle <= 100 ms; pdf >= 0.5x raw reportlab;
import <= 10x raw sqlite3; peak RSS <= 250 MB; export RSS <= 300 MB; cli-roster <= 1.3x
import sqlmodel; standings <= 12x for 10x the data; 0 lost updates and 0 failed transactions.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import importlib
import json
import os
import platform
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


@dataclasses.dataclass
class Result:
    case: str
    value: float
    unit: str
    baseline: float | None
    ratio: float | None
    target: str
    ok: bool | None


def median_time(fn: Callable[[], Any], repeat: int, setup: Callable[[], Any] | None = None) -> float:
    times = []
    for _ in range(repeat):
        if setup is not None:
            setup()
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def _python() -> str:
    return sys.executable


def _env(home: Path) -> dict[str, str]:
    """The probe's environment: offscreen Qt, our sources first, and private settings and
    data folders (the app reads and writes its real QSettings, never the user's)."""
    env = dict(os.environ)
    env["QT_QPA_PLATFORM"] = "offscreen"
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    for var, sub in (("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"), ("XDG_CACHE_HOME", "cache")):
        (home / sub).mkdir(parents=True, exist_ok=True)
        env[var] = str(home / sub)
    env["CAMPAIGN_APP_BACKUP_DIR"] = str(home / "backups")
    return env


def compile_sources() -> None:
    """Write the bytecode of our packages, as installing a wheel does and as every start
    after the first finds it: with PYTHONDONTWRITEBYTECODE set (CI, containers) each probe
    would otherwise compile our sources again and time the compiler, not the start."""
    import compileall

    for pkg in ("campaign_app", "db", "ui", "reports", "bench"):
        compileall.compile_dir(ROOT / pkg, quiet=1)


def run_probe(mode: str, home: Path, url: str = "-") -> dict[str, Any]:
    """One probe process; every run starts like a first start (no remembered window
    state, tab or selection), so all runs do the same work."""
    shutil.rmtree(home, ignore_errors=True)
    env = _env(home)
    t0 = time.time()
    out = subprocess.run([_python(), "-m", "bench.probe", mode, url, repr(t0)], capture_output=True,
                         text=True, env=env, cwd=ROOT, timeout=300)
    if out.returncode != 0:
        raise RuntimeError(f"probe {mode} failed: {out.stderr[-2000:]}")
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


SETTLE_MAX_S = 30.0
"""The longest a case waits for the machine and the server to settle after the one before."""


def settle(url: str, limit: float = SETTLE_MAX_S) -> float:
    """Wait until what the case before left behind is done, so each case is timed on the
    same quiet machine (a full run measured wizard-preview at 144 ms right after the
    concurrent league's 60 s of writes; 78-83 ms on its own, and after that league run
    alone). On PostgreSQL: a CHECKPOINT (the dirty pages written now, not while the next
    case is timed; skipped without the right to it) and no autovacuum worker at work; then
    no other thread running on the machine for three looks in a row, 0.1 s apart. Returns
    the seconds waited; at most ``limit``, after which the case runs as it is."""
    t0 = time.perf_counter()
    deadline = t0 + limit
    if url.startswith("postgresql"):
        import psycopg

        try:
            with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://"), autocommit=True) as con:
                try:
                    con.execute("CHECKPOINT")
                except psycopg.Error:
                    pass  # not a superuser nor pg_checkpoint: the server writes them when it will
                while time.perf_counter() < deadline and con.execute(
                        "SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'autovacuum worker'"
                        ).fetchone()[0]:  # type: ignore[index]
                    time.sleep(0.2)
        except psycopg.Error:
            pass
    from campaign_app.machine import loadavg, running_threads

    quiet = 0
    while quiet < 3 and time.perf_counter() < deadline:
        n = running_threads(loadavg())
        quiet = quiet + 1 if n is None or n <= 1 else 0
        time.sleep(0.1)
    return time.perf_counter() - t0


START_ROUNDS = 11
"""Interleaved rounds of the start case (app, bare window, floor) in a run of more than one."""


class Bench:
    root = ROOT
    median_time = staticmethod(median_time)

    def __init__(self, url: str, repeat: int, scale: float, workdir: Path, system: str = "", *,
                 cache: Path | None = None, given_url: bool = False, duration: float = 60.0,
                 clients: int = 20) -> None:
        from bench.league import default_system, league_of

        self.system = system or default_system()
        self.league = league_of(self.system)
        self.url = url
        self.repeat = repeat
        self.scale = scale
        self.workdir = workdir
        self.cache = cache
        self.given_url = given_url
        self.duration = duration
        self.clients = clients
        self.results: list[Result] = []
        self.notes: list[str] = []
        self.failed: list[str] = []  # cases that stopped with an error

    # ----------------------------------------------------------------- setup
    @contextmanager
    def setup(self) -> Iterator[None]:
        """The league ready in ``self.engine`` for the run (from the cache when it has
        it), the run's database dropped at the end."""
        from bench.cache import pg_league, sqlite_league
        from bench.league import LeagueSize

        self.size = LeagueSize().scaled(self.scale)
        t0 = time.perf_counter()
        with ExitStack() as stack:
            if not self.url.startswith("sqlite") and self.cache is not None:
                self.url, hit = stack.enter_context(pg_league(self.url, self.system, self.scale, self.size,
                                                              self._build))
            elif self.url.startswith("sqlite"):
                self.url, hit = sqlite_league(self.cache, self.workdir / "league.sqlite", self.system, self.scale,
                                              self.size, self._build)
            else:
                self._build(self.url)
                hit = False
            self.notes.append(f"league {'from the cache' if hit else 'built'} in {time.perf_counter() - t0:.1f} s")
            print(f"  {self.notes[-1]}", flush=True)
            from db.migrate import open_database

            self.engine = open_database(self.url)
            stack.callback(self.engine.dispose)
            from sqlalchemy import func, select

            from db.models import Campaign, Fighter, Roster

            with self.engine.connect() as c:
                self.cid = c.execute(select(Campaign.id).where(Campaign.name == "League")).scalar_one()
                self.big_roster = c.execute(
                    select(Roster.id).join(Fighter, Fighter.roster_id == Roster.id)
                    .where(Roster.campaign_id == self.cid)
                    .group_by(Roster.id).order_by(func.count(Fighter.id).desc()).limit(1)).scalar_one()
            self.raw_path = self._raw_copy()
            yield

    def _build(self, url: str, size: Any = None, scale: float | None = None) -> None:
        from bench.league import make_league
        from db.migrate import open_database

        t0 = time.perf_counter()
        eng = open_database(url)
        try:
            make_league(eng, system=self.system, size=size or self.size, name="League")
        finally:
            eng.dispose()
        print(f"  built the league ({url.split(':', 1)[0]}, scale {scale or self.scale:g}) in "
              f"{time.perf_counter() - t0:.1f} s", flush=True)

    @contextmanager
    def league_at(self, scale: float) -> Iterator[tuple[Any, int, Any]]:
        """The league at another ``scale`` on the same backend (from the cache when it has
        it, as the run's own): its engine, its campaign's id and its size."""
        from bench.cache import pg_league, sqlite_league
        from bench.league import LeagueSize
        from db.migrate import open_database

        size = LeagueSize().scaled(scale)

        def build(url: str) -> None:
            self._build(url, size, scale)

        with ExitStack() as stack:
            if self.engine.dialect.name == "sqlite":
                url, _hit = sqlite_league(self.cache, self.workdir / f"league-s{scale:g}.sqlite", self.system,
                                          scale, size, build)
            else:
                url, _hit = stack.enter_context(pg_league(self.url, self.system, scale, size, build))
            engine = open_database(url)
            stack.callback(engine.dispose)
            from sqlalchemy import select

            from db.models import Campaign

            with engine.connect() as c:
                cid = c.execute(select(Campaign.id).where(Campaign.name == "League")).scalar_one()
            yield engine, cid, size

    def _raw_copy(self) -> str:
        """A SQLite copy of the league for the raw-sqlite3 baselines (any backend)."""
        if self.engine.dialect.name == "sqlite":
            return str(self.engine.url.database)
        from bench.cache import sqlite_league

        url, _hit = sqlite_league(self.cache, self.workdir / "raw.sqlite", self.system, self.scale, self.size,
                                  self._build)
        return url.removeprefix("sqlite:///")

    @contextmanager
    def raw(self) -> Iterator[tuple[Any, str]]:
        """A plain driver connection on the same backend as the case (sqlite3 on the
        league's SQLite copy, psycopg on the PostgreSQL server's league) and its
        parameter mark ("?" or "%s"); committed when the block ends."""
        if self.engine.dialect.name == "sqlite":
            con = sqlite3.connect(self.raw_path)
            try:
                yield con, "?"
                con.commit()
            finally:
                con.close()
            return
        import psycopg

        plain = self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        with psycopg.connect(plain) as pg:
            yield pg, "%s"

    def add(self, case: str, value: float, unit: str, baseline: float | None, target: str,
            ok: bool | None, *, throughput: bool = False) -> None:
        ratio = None
        if baseline:
            ratio = (baseline / value) if throughput else (value / baseline)
        self.results.append(Result(case, value, unit, baseline, ratio, target, ok))
        b = f"{baseline:10.4g}" if baseline is not None else " " * 10
        r = f"{ratio:6.2f}x" if ratio is not None else " " * 7
        mark = {True: "MET", False: "MISSED", None: ""}[ok]
        print(f"{case:<14} {value:10.4g} {unit:<6} baseline {b}  ratio {r}  target {target:<16} {mark}",
              flush=True)

    # ----------------------------------------------------------------- cases
    def case_start(self) -> None:
        compile_sources()
        home = self.workdir / "home"
        if self.repeat > 1:  # warm the disk cache for both sides (a single run: the smoke test)
            run_probe("bare", home)
            run_probe("app", home, self.url)
        if self.repeat > 1:
            run_probe("floor", home, self.url)
        app, bare, floor = [], [], []
        # interleaved: a busy moment hits every side; at least START_ROUNDS of them (a
        # start is a few tenths of a second, and a median of five moved with one busy moment)
        for _ in range(max(self.repeat, START_ROUNDS) if self.repeat > 1 else 1):
            app.append(run_probe("app", home, self.url))
            bare.append(run_probe("bare", home))
            floor.append(run_probe("floor", home, self.url))
        shown = statistics.median(p["shown"] for p in app)
        base = statistics.median(p["shown"] for p in bare)
        self.add("start", shown, "s", base, "<= 1.3x bare", shown / base <= 1.3)
        loaded = statistics.median(p["loaded"] for p in app)
        self.add("start-loaded", loaded, "s", base, "<= 3.5x bare", loaded / base <= 3.5)
        ready = statistics.median(p["ready"] for p in app)  # the ORM in, the normal reads shown
        self.add("start-ready", ready, "s", base, "(reported)", None)
        least = statistics.median(p["loaded"] for p in floor)
        self.add("loaded/floor", loaded, "s", least, "<= 1.5x floor", loaded / least <= 1.5)
        rss = max(p["rss_mb"] for p in app)
        self.add("peak-rss", rss, "MB", None, "<= 250 MB", rss <= 250)

    def case_cli(self) -> None:
        """``campaign-app roster show`` of a league roster, from a fresh process, against
        the floor every command pays: ``python -c "import sqlmodel"``. Our sources are
        compiled first, as an installed wheel's are (else, with PYTHONDONTWRITEBYTECODE,
        every run would time the compiler)."""
        import subprocess

        compile_sources()
        with self.engine.connect() as c:
            from sqlalchemy import select

            from db.models import Roster

            rid = c.execute(select(Roster.id).where(Roster.campaign_id == self.cid, Roster.id != self.big_roster)
                            .order_by(Roster.id).limit(1)).scalar_one()
        env = {**os.environ, "CAMPAIGN_APP_CACHE": str(self.workdir / "cache"), "QT_QPA_PLATFORM": "offscreen"}
        show = [sys.executable, "-m", "campaign_app", "--db", self.url, "roster", "show", str(rid)]
        floor = [sys.executable, "-c", "import sqlmodel"]

        def timed(cmd: list[str]) -> float:
            t0 = time.perf_counter()
            subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL)
            return time.perf_counter() - t0

        timed(show)  # the first run keeps the checked rules data, as a user's first command does
        a, b = [], []
        for _ in range(max(self.repeat, 3)):  # interleaved: a busy moment hits both
            a.append(timed(show))
            b.append(timed(floor))
        t, base = statistics.median(a), statistics.median(b)
        self.add("cli-roster", t, "s", base, "<= 1.3x sqlmodel", t / base <= 1.3)

    def case_roster_load(self) -> None:
        from campaign_app.usecases.gui_queries import roster_rows, system_info
        from ui.models import RosterModel, roster_columns
        from ui.paged import PAGE_THRESHOLD  # above it the window reads a page at a time

        info = system_info(self.system)
        model = RosterModel(roster_columns(info, with_roster=False))

        def load() -> None:
            model.set_rows(roster_rows(self.engine, roster=self.big_roster)["rows"])

        def raw() -> None:
            with self.raw() as (c, mark):
                c.execute("SELECT f.*, e.name FROM fighter f LEFT JOIN equipment e ON e.fighter_id = f.id "
                          f"WHERE f.roster_id = {mark}", (self.big_roster,)).fetchall()

        load()
        t = median_time(load, self.repeat)
        b = median_time(raw, self.repeat)
        n = len(model.rows)
        if n > PAGE_THRESHOLD:  # the window pages a roster this big: its target is roster-page's
            self.add("roster-load", t * 1000, "ms", b * 1000, f"(reported; {n} rows: the window pages them)", None)
            return
        self.add("roster-load", t * 1000, "ms", b * 1000, "<= 50 ms", t <= 0.050)

    def case_sort(self) -> None:
        from campaign_app.usecases.gui_queries import roster_rows, system_info
        from ui.models import RosterModel, roster_columns

        info = system_info(self.system)
        model = RosterModel(roster_columns(info, with_roster=True))
        rows = roster_rows(self.engine, campaign=self.cid)["rows"]
        model.set_rows(rows)
        name_col = next(i for i, c in enumerate(model.columns) if c.key == "name")
        from PySide6.QtCore import Qt

        order = [Qt.SortOrder.AscendingOrder, Qt.SortOrder.DescendingOrder]
        k = [0]

        def sort() -> None:
            model.sort(name_col, order[k[0] % 2])
            k[0] += 1

        tuples = [(r["name"], r["id"]) for r in rows]
        t = median_time(sort, self.repeat)
        b = median_time(lambda: sorted(tuples), self.repeat)
        if len(rows) > SORT_ROWS:  # the window pages and sorts these in SQL: roster-page-sort
            self.add("sort", t * 1000, "ms", b * 1000, f"(reported; {len(rows)} rows: sorted in SQL, paged)", None)
            return
        self.add("sort", t * 1000, "ms", b * 1000, f"<= 100 ms ({len(rows)} rows)", t <= 0.100)

    def case_after_battle(self) -> None:
        from campaign_app.usecases.battles import after_battle, record_battle

        casualty = self.league.casualty_result
        if not casualty:
            print(f"{'after-battle':<14} skipped: the league's system has no casualty result", flush=True)
            return
        ftype = self.league.fighter_types[0]
        rep = None if self.league.rep is None else (self.league.rep[0] + self.league.rep[1]) // 2
        from campaign_app.usecases.rosters import create_roster

        names = [f"AB {i}" for i in range(40)]
        create_roster(self.engine, "League", "Casualties")
        from sqlalchemy import insert

        from db.models import Fighter

        with self.engine.begin() as c:
            c.execute(insert(Fighter), [{"roster_id": self._roster_id("Casualties"), "name": n, "fighter_type": ftype,
                                         "kind": "human", "rep": rep, "stats": dict(self.league.stats), "xp": 0, "credits_value": 0,
                                         "status": "active", "status_note": "", "abilities": [], "conditions": [],
                                         "notes": "", "created_at": datetime.now(UTC), "version": 1}
                                        for n in names])
        battles: list[int] = []

        def setup() -> None:
            from sqlalchemy import update

            with self.engine.begin() as c:
                c.execute(update(Fighter).where(Fighter.name.in_(names)).values(status="active", rep=rep))  # type: ignore[attr-defined]
            b = record_battle(self.engine, "League", ["Casualties"],
                              results={n: casualty for n in names})
            battles.append(b.id)

        t = median_time(lambda: after_battle(self.engine, battles[-1], seed=7), self.repeat, setup)

        sqlite = self.engine.dialect.name == "sqlite"
        if not sqlite:  # the raw rolls go to a table like the roll record, the league's chain untouched
            with self.raw() as (c, _mark):
                c.execute("DROP TABLE IF EXISTS bench_raw_roll")
                c.execute("CREATE TABLE bench_raw_roll (LIKE roll_record INCLUDING ALL)")

        def raw() -> None:
            with self.raw() as (c, mark):
                # SQLite: 40 fighters of the league's copy; PostgreSQL: the case's own 40
                ids = [r[0] for r in c.execute("SELECT id FROM fighter LIMIT 40" if sqlite else
                                               "SELECT id FROM fighter WHERE name LIKE 'AB %%' LIMIT 40")]
                cur = c.cursor()
                cur.executemany(f"UPDATE fighter SET status = {mark}, version = version + 1 WHERE id = {mark}",
                                [("active", i) for i in ids])
                # chained as the app writes them (the hash computed in Python): the raw
                # baseline does the same work, and the league's chain stays intact
                from campaign_app.rollchain import link

                table = "roll_record" if sqlite else "bench_raw_roll"
                prev = c.execute(f"SELECT hash FROM roll_record WHERE campaign_id = {mark} ORDER BY id DESC LIMIT 1",
                                 (self.cid,)).fetchone()
                head = prev[0] if prev else ""
                rows = []
                for _i in ids:
                    roll = {"created_at": "2025-01-01 00:00:00+00:00", "purpose": "x", "rule": "x",
                            "dice": "pass:2d6", "faces": "1,2", "source": "seeded", "value": 1, "table_id": "t",
                            "row": "1", "result": "r", "label": "l", "subject": ""}
                    h = link(head, roll)
                    rows.append((self.cid, head, h))
                    head = h
                cur.executemany(f"INSERT INTO {table} (campaign_id, created_at, purpose, rule, dice, faces, "  # noqa: S608
                                "source, value, table_id, row, result, label, subject, prev_hash, hash) VALUES "
                                f"({mark}, '2025-01-01 00:00:00+00:00', 'x', 'x', 'pass:2d6', '1,2', 'seeded', 1, "
                                f"'t', '1', 'r', 'l', '', {mark}, {mark})", rows)

        b = median_time(raw, self.repeat)
        if not sqlite:
            with self.raw() as (c, _mark):
                c.execute("DROP TABLE bench_raw_roll")
        self.add("after-battle", t * 1000, "ms", b * 1000, "<= 100 ms (40 OOF)", t <= 0.100)

    def _first_rosters(self, n: int) -> list[int]:
        from sqlalchemy import select

        from db.models import Roster

        with self.engine.connect() as c:
            return list(c.execute(select(Roster.id).where(Roster.campaign_id == self.cid).order_by(Roster.id)
                                  .limit(n)).scalars())

    def _roster_id(self, name: str) -> int:
        from sqlalchemy import select

        from db.models import Roster

        with self.engine.connect() as c:
            return int(c.execute(select(Roster.id).where(Roster.campaign_id == self.cid, Roster.name == name))
                       .scalar_one())

    def case_pdf(self) -> None:
        import reports
        from campaign_app.usecases.exports import roster_documents

        out = self.workdir / "league.pdf"
        raw_out = self.workdir / "raw.pdf"
        pages = [0]
        if self.size.rosters <= PDF_ROSTERS:
            def documents() -> list[Any]:
                return list(roster_documents(self.engine, self.cid))
            from sqlalchemy import select

            from db.models import Roster

            with self.engine.connect() as c:
                first = list(c.execute(select(Roster.id).where(Roster.campaign_id == self.cid)).scalars())
        else:  # a national league: its first ordinary rosters, printed together as a user
            # prints a league's chosen rosters (``export league CAMPAIGN --roster ...``: one
            # read for the lot, as the floor reads them); printed one document at a time they
            # were 0.42x, each paying its own lookups, rules data and gear
            first = [r for r in self._first_rosters(PDF_ROSTERS + 1) if r != self.big_roster][:PDF_ROSTERS]

            def documents() -> list[Any]:
                return list(roster_documents(self.engine, self.cid, first))
        docs = documents()

        def export() -> None:
            pages[0] = reports.render_rosters(documents(), str(out))  # type: ignore[arg-type]

        raw_pages = [0]

        def raw() -> None:
            raw_pages[0] = _raw_reportlab(docs, str(raw_out))

        def read() -> None:
            self._raw_roster_rows(first)

        export()  # warm both sides once (imports, font loading) before timing
        raw()
        read()
        t = median_time(export, max(1, self.repeat // 2))

        # the floor of the same work: reading the rosters' rows with the plain driver, then
        # drawing the app's own tables with plain reportlab
        b = median_time(read, max(1, self.repeat // 2)) + median_time(raw, max(1, self.repeat // 2))
        ours, theirs = pages[0] / t, raw_pages[0] / b
        ratio = ours / theirs
        self.results.append(Result("pdf", ours, "pages/s", theirs, ratio, ">= 0.5x raw", ratio >= 0.5))
        print(f"{'pdf':<14} {ours:10.4g} pages/s baseline {theirs:10.4g}  ratio {ratio:6.2f}x  "
              f"target {'>= 0.5x raw':<16} {'MET' if ratio >= 0.5 else 'MISSED'}", flush=True)

    def _raw_roster_rows(self, rosters: list[int]) -> int:
        """Every row a printed roster is made of (the roster, its fighters and units, their
        equipment, skills and lasting injuries), read by the plain driver of the case's
        backend: the least a PDF of those rosters must read."""
        n = 0
        with self.raw() as (con, mark):
            marks = ",".join([mark] * len(rosters))
            for sql in (f"SELECT * FROM roster WHERE id IN ({marks})",
                        f"SELECT * FROM fighter WHERE roster_id IN ({marks}) ORDER BY roster_id, id",
                        f"SELECT * FROM unit WHERE roster_id IN ({marks}) ORDER BY roster_id, id",
                        f"SELECT e.* FROM equipment e JOIN fighter f ON f.id = e.fighter_id "
                        f"WHERE f.roster_id IN ({marks})",
                        f"SELECT e.* FROM equipment e JOIN unit u ON u.id = e.unit_id WHERE u.roster_id IN ({marks})",
                        f"SELECT s.* FROM skill s JOIN fighter f ON f.id = s.fighter_id WHERE f.roster_id IN ({marks})",
                        f"SELECT i.* FROM lasting_injury i JOIN fighter f ON f.id = i.fighter_id "
                        f"WHERE f.roster_id IN ({marks})"):
                n += len(con.execute(sql, rosters).fetchall())
        return n

    def _child(self, *args: str) -> dict[str, Any]:
        """One export or import alone in a child process (bench/child.py): its time and
        its own peak memory."""
        env = _env(self.workdir / "child-home")
        out = subprocess.run([_python(), "-m", "bench.child", *args], capture_output=True, text=True, env=env,
                             cwd=ROOT, timeout=7200)
        if out.returncode != 0:
            raise RuntimeError(f"bench.child {args[0]} failed: {out.stderr[-2000:]}")
        return dict(json.loads(out.stdout.strip().splitlines()[-1]))

    def case_json(self) -> None:
        """Export the league to a file as the app does (streamed: rosters and battles in
        chunks, rolls through a server-side cursor) and import that file into a new, empty
        database (streamed above MAX_FILE_BYTES: read section by section with ijson,
        written in chunks in one transaction), each alone in a child process whose peak
        memory is measured."""
        from campaign_app.usecases.datafiles import MAX_FILE_BYTES

        path = self.workdir / "league.json"
        runs = max(1, self.repeat // 2) if self.scale <= 1 else 1
        exports = [self._child("export", self.url, str(self.cid), str(path)) for _ in range(runs)]
        t = statistics.median(e["seconds"] for e in exports)
        tables = ["roster", "fighter", "equipment", "skill", "battle", "battle_roster", "battle_result",
                  "roll_record"]

        pg = self.engine.dialect.name == "postgresql"
        dsn = self.url.replace("+psycopg", "")

        def raw_read() -> int:
            n = 0
            if pg:  # psycopg on the same server, as the other PostgreSQL cases
                import psycopg

                with psycopg.connect(dsn) as c, c.cursor() as cur:
                    for t in tables:
                        for _row in cur.execute(f"SELECT * FROM {t}"):  # noqa: S608
                            n += 1
                return n
            with sqlite3.connect(self.raw_path) as c:
                for t in tables:
                    for _row in c.execute(f"SELECT * FROM {t}"):  # noqa: S608
                        n += 1
            return n

        b = median_time(raw_read, runs)
        size_mb = path.stat().st_size / 2**20
        self.add("json-export", t * 1000, "ms", b * 1000, f"(reported; {size_mb:.0f} MB)", None)
        rss = max(e["rss_mb"] for e in exports)
        self.add("export-rss", rss, "MB", None, "<= 300 MB", rss <= 300)

        how = "streamed" if path.stat().st_size > MAX_FILE_BYTES else "whole document"
        copied: dict[str, bytes] = {}
        if pg:  # the league's rows as PostgreSQL's COPY text, read before the imports add theirs
            import psycopg

            with psycopg.connect(dsn) as c, c.cursor() as cur:
                for t in tables:
                    with cur.copy(f"COPY (SELECT * FROM {t}) TO STDOUT") as cp:  # noqa: S608
                        copied[t] = b"".join(bytes(chunk) for chunk in cp)
        imports = []
        from bench.cache import pg_scratch
        from db.migrate import open_database

        for n in range(runs):
            with ExitStack() as scratch:
                # a new database, its tables made before the timing: the import writes
                # into empty tables as the floor does (into the league's own database it
                # also doubled it for every case after this one: at scale 100 the start's
                # probe then timed out, standings grew 16x)
                if pg:
                    target = scratch.enter_context(pg_scratch(self.url))
                else:
                    target = f"sqlite:///{self.workdir / f'import{n}.sqlite'}"
                open_database(target).dispose()
                imports.append(self._child("import", target, str(path), f"Imported {n + 1}"))
        t2 = statistics.median(i["seconds"] for i in imports)
        rows: dict[str, list[Any]] = {}
        if not pg:
            with sqlite3.connect(self.raw_path) as c:
                rows = {t: c.execute(f"SELECT * FROM {t}").fetchall() for t in tables}  # noqa: S608

        def raw_write(indexes: bool) -> None:
            dest = self.workdir / f"raw-import{time.perf_counter_ns()}.sqlite"
            with sqlite3.connect(self.raw_path) as src, sqlite3.connect(dest) as dst:
                ddl = dict(src.execute("SELECT sql, type FROM sqlite_master WHERE sql IS NOT NULL"))
                for sql in (k for k, v in ddl.items() if v == "table"):
                    dst.execute(sql)
                for t, data in rows.items():
                    if data:
                        marks = ",".join("?" * len(data[0]))
                        dst.executemany(f"INSERT INTO {t} VALUES ({marks})", data)  # noqa: S608
                for sql in (k for k, v in ddl.items() if v == "index" and indexes):
                    dst.execute(sql)  # built once over the rows, the cheapest way
            dest.unlink()

        # the floor gives the same result: the rows in the same tables with the same
        # indexes (the app's database must keep them: the roll record alone has eleven),
        # written with executemany; the bare tables without their indexes are reported too
        schemas: list[str] = []

        def raw_write_pg(indexes: bool) -> None:
            """The same on the same server: in a schema of its own, each table made like
            the league's (columns and defaults), its rows sent with COPY, then the
            league table's own indexes built once over them, then its foreign keys, each
            checked once over the rows (as pg_restore does: the same tables, constraints
            and all); one transaction."""
            import psycopg

            schema = f"bench_floor_{len(schemas)}"
            schemas.append(schema)
            with psycopg.connect(dsn) as c, c.cursor() as cur:
                cur.execute(f"CREATE SCHEMA {schema}")
                for t, data in copied.items():
                    cur.execute(f"CREATE TABLE {schema}.{t} (LIKE public.{t} INCLUDING DEFAULTS)")
                    with cur.copy(f"COPY {schema}.{t} FROM STDIN") as cp:
                        cp.write(data)
                    if indexes:
                        for (ddl,) in cur.execute("SELECT indexdef FROM pg_indexes WHERE schemaname = 'public'"
                                                  " AND tablename = %s", (t,)).fetchall():
                            cur.execute(ddl.replace(f" ON public.{t} ", f" ON {schema}.{t} ", 1))
                if indexes:  # the keys name tables by schema: those written here, the others the league's
                    cur.execute("SET LOCAL search_path = pg_catalog")
                    keys = cur.execute("SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid) "
                                       "FROM pg_constraint WHERE contype = 'f' AND conrelid = ANY(%s::regclass[])",
                                       ([f"public.{t}" for t in copied],)).fetchall()
                    for table, name, ddl in keys:
                        for t in copied:
                            ddl = ddl.replace(f" public.{t}(", f" {schema}.{t}(")
                        cur.execute(f"ALTER TABLE {schema}.{table.split('.')[-1]} ADD CONSTRAINT {name} {ddl}")

        write = raw_write_pg if pg else raw_write
        try:
            b2 = median_time(lambda: write(True), runs)
            bare = median_time(lambda: write(False), runs)
        finally:
            if schemas:
                import psycopg

                with psycopg.connect(dsn) as c:
                    for schema in schemas:
                        c.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
        rows.clear()
        copied.clear()
        self.add("json-import", t2 * 1000, "ms", b2 * 1000, f"<= 10x raw ({how})", t2 / b2 <= 10)
        self.add("import-vs-bare", t2 * 1000, "ms", bare * 1000, "(reported: vs tables without indexes)", None)
        rss2 = max(i["rss_mb"] for i in imports)
        if how == "streamed":
            self.add("import-rss", rss2, "MB", None, "<= 300 MB", rss2 <= 300)
        else:
            self.add("import-rss", rss2, "MB", None, "(reported)", None)


def case_modules(bench: Bench) -> dict[str, Callable[[], None]]:
    """The cases of this package's case modules, modules in name order: a module
    ``bench/<name>.py`` defining ``CASES = {"case": function(bench)}``, or a function
    ``cases(bench)`` giving ``{"case": function()}``."""
    found: dict[str, Callable[[], None]] = {}
    for path in sorted(HERE.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        if path.stem.startswith("_") or ("CASES" not in text and "def cases(" not in text):
            continue
        mod = importlib.import_module(f"bench.{path.stem}")
        for name, fn in dict(getattr(mod, "CASES", {}) or {}).items():
            found[str(name)] = functools.partial(fn, bench)
        if callable(getattr(mod, "cases", None)):
            found.update(mod.cases(bench))
    return found


def _raw_reportlab(docs: list[dict[str, Any]], path: str) -> int:
    """The floor of printing the same tables: plain reportlab, one Table per roster whose
    cells are plain strings (what the app itself uses for a cell that fits) in the same
    embedded TTF and size, header repeated; no Paragraph, header block, colours or footer."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.platypus import PageBreak, SimpleDocTemplate, Table, TableStyle

    font = str(ROOT / "reports" / "fonts" / "DejaVuSans.ttf")
    if "BenchSans" not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont("BenchSans", font))
    style = TableStyle([("FONTNAME", (0, 0), (-1, -1), "BenchSans"), ("FONTSIZE", (0, 0), (-1, -1), 7.5),
                        ("LEADING", (0, 0), (-1, -1), 9)])
    story: list[Any] = []
    for d in docs:
        cols = [c["key"] for c in d["columns"]]
        data = [[str(c["label"]) for c in d["columns"]]]
        data += [[str(r.get(k, "") or "") for k in cols] for r in d["rows"]]
        story.append(Table(data, repeatRows=1, style=style))
        story.append(PageBreak())
    pages = [0]

    def count(canvas: Any, _doc: Any) -> None:
        pages[0] += 1

    SimpleDocTemplate(path, pagesize=A4).build(story, onFirstPage=count, onLaterPages=count)
    return pages[0]


def write_results(results: list[Result], args: argparse.Namespace, path: Path | None = None) -> Path:
    """Record this run's table in RESULTS.md, in a block of its own for its backend and
    scale (between two marker comments) right below the title: a later run on the same
    backend and scale replaces its block, and every hand-written section stays."""
    path = path or HERE / "RESULTS.md"
    backend = "PostgreSQL" if args.url and args.url.startswith("postgres") else "SQLite"
    mark = f"<!-- last run: {backend}, scale {args.scale} -->"
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    lines = [
        mark,
        f"### Last full run: {backend}, scale {args.scale}",
        "",
        f"{datetime.now(UTC).strftime('%Y-%m-%d %H:%M UTC')} on {platform.node() or 'this machine'}: "
        f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"median of {args.repeat}; load average (1, 5, 15 min) at the end {load}.",
        "",
        "| case | result | baseline (same run) | ratio | target | |",
        "|---|---|---|---|---|---|",
    ]
    for r in results:
        base = f"{r.baseline:.4g}" if r.baseline is not None else "-"
        ratio = f"{r.ratio:.2f}x" if r.ratio is not None else "-"
        ok = {True: "MET", False: "**MISSED**", None: ""}[r.ok]
        lines.append(f"| {r.case} | {r.value:.4g} {r.unit} | {base} | {ratio} | {r.target} | {ok} |")
    lines += ["", END_MARK]
    block = "\n".join(lines)
    old = path.read_text(encoding="utf-8") if path.exists() else "# Benchmark results\n"
    if mark in old:  # this backend and scale's earlier block, replaced in place
        a = old.index(mark)
        b = old.index(END_MARK, a) + len(END_MARK)
        text = old[:a] + block + old[b:]
    else:  # a new block right below the title
        head, _, rest = old.partition("\n")
        text = f"{head}\n\n{block}\n{rest}"
    path.write_text(text, encoding="utf-8")
    return path


END_MARK = "<!-- end of last run -->"


PDF_ROSTERS = 100
# the sort target's size: the scale-1 league's campaign (3,000 figures); a bigger scope the
# window pages and sorts in SQL (roster-page-sort), never in the model
SORT_ROWS = 3000
"""The pdf case prints every roster of a league up to this many, else the first this many
after the largest (whose 30,000 fighters at scale 100 would be most of the pages)."""

# the cases whose targets hold under a second process's load on PostgreSQL (issue #32)
UNDER_LOAD = ("after-battle", "wizard-preview")
TINY = {"scale": 0.05, "repeat": 1, "duration": 3.0, "clients": 4}
"""The ``--tiny`` preset: every case, in seconds (the smoke test)."""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--url", help="run on this PostgreSQL server instead of SQLite (the league is made in a "
                    "database of its own there, from the cache; with --no-cache: in this empty database)")
    ap.add_argument("--repeat", type=int, default=None, help="runs per case, the median reported (default 5)")
    ap.add_argument("--scale", type=float, default=None, help="league size factor (1 = 3,000 fighters, "
                    "50,000 rolls; 100 = 300,000 fighters, 5,000,000 rolls)")
    ap.add_argument("--no-load", action="store_true",
                    help="run after-battle and wizard-preview on PostgreSQL without the second process's "
                         "load their targets are set under (bench/load.py)")
    ap.add_argument("--tiny", action="store_true", help="the smoke-test preset: scale 0.05, one repeat, "
                    "a short concurrent league")
    ap.add_argument("--duration", type=float, default=None, help="seconds of the concurrent league (default 60)")
    ap.add_argument("--clients", type=int, default=None, help="client processes of the concurrent league "
                    "(default 20)")
    ap.add_argument("--cache", type=Path, default=None, help="where built leagues are kept (default "
                    "$XDG_CACHE_HOME/campaign-app-bench)")
    ap.add_argument("--no-cache", action="store_true", help="build the league for this run only")
    ap.add_argument("--only", action="append", help="run only these cases")
    ap.add_argument("--system", default="", help="the league's game system (default: the first listed "
                    "that describes a benchmark league)")
    ap.add_argument("--report", type=Path, help="also write the results as JSON to this file")
    ap.add_argument("--write-results", action="store_true", help="record the table in bench/RESULTS.md")
    args = ap.parse_args(argv)
    preset = TINY if args.tiny else {"scale": 1.0, "repeat": 5, "duration": 60.0, "clients": 20}
    for k, v in preset.items():
        if getattr(args, k) is None:
            setattr(args, k, v)
    if args.scale <= 0:
        ap.error("--scale must be above 0")
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from bench.cache import default_dir

    cache = None if args.no_cache else (args.cache or default_dir())
    t_all = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="campaign-bench-") as tmp:
        work = Path(tmp)
        url = args.url or f"sqlite:///{work / 'league.sqlite'}"
        bench = Bench(url, max(1, args.repeat), args.scale, work, args.system, cache=cache,
                      given_url=bool(args.url), duration=args.duration, clients=args.clients)
        print(f"building the league ({'given server' if args.url else 'SQLite'}, scale {args.scale:g})...",
              flush=True)
        with bench.setup():
            from PySide6.QtWidgets import QApplication

            _app = QApplication.instance() or QApplication([])
            cases: dict[str, Callable[[], None]] = {
                "roster-load": bench.case_roster_load,
                "sort": bench.case_sort,
                "after-battle": bench.case_after_battle,
                "pdf": bench.case_pdf,
                "json": bench.case_json,
                "start": bench.case_start,
                "cli": bench.case_cli,
            }
            for name, fn in case_modules(bench).items():  # bench/<module>.py: CASES or cases(bench)
                cases.setdefault(name, fn)
            only = {"json" if o in ("json-import", "json-export") else o for o in args.only or ()}
            for name, run in cases.items():  # --only json-import (or json-export): the json case
                if only and name not in only:
                    continue
                waited = settle(bench.url) if bench.repeat > 1 else 0.0  # (not the smoke test's one run)
                if waited > 1:
                    print(f"  {name}: waited {waited:.1f} s for the machine to settle", flush=True)
                t0 = time.perf_counter()
                try:
                    if name in UNDER_LOAD and not bench.url.startswith("sqlite") and not args.no_load:
                        from bench.load import background

                        print(f"  {name}: under a second process's load (bench/load.py)", flush=True)
                        with background(bench.url.replace("+psycopg", "")):
                            run()
                    else:
                        run()
                except Exception as e:  # noqa: BLE001 (one case failing is reported; the others still run)
                    bench.failed.append(name)
                    print(f"{name:<14} FAILED: {type(e).__name__}: {str(e)[-500:]}", flush=True)
                bench.notes.append(f"{name}: {time.perf_counter() - t0:.1f} s")
    elapsed = time.perf_counter() - t_all
    if args.report:
        args.report.write_text(json.dumps({
            "scale": args.scale, "backend": "postgresql" if args.url else "sqlite", "repeat": args.repeat,
            "size": dataclasses.asdict(bench.size), "seconds": elapsed, "notes": bench.notes,
            "load": os.getloadavg(), "failed": bench.failed,
            "results": [dataclasses.asdict(r) for r in bench.results],
        }, indent=1), encoding="utf-8")
    if args.write_results:
        print(f"wrote {write_results(bench.results, args)}")
    return 1 if bench.failed else 0


if __name__ == "__main__":
    sys.exit(main())
