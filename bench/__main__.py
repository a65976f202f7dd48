"""Benchmarks at league scale, each printed next to a baseline measured in the same run.

    python -m bench [--url postgresql://...] [--repeat 5] [--scale 1.0] [--system ID] [--write-results]

Cases (median of --repeat runs; ratio = case / baseline, or baseline / case for
throughput):
  start          cold start to the main window on screen (first paint), vs a bare
                 PySide6 window process; start-loaded: until the league's tree and
                 roster table are filled (the database opens off the GUI thread)
  roster-load    largest roster into the table model, vs the same rows via raw sqlite3
  sort           sort the 3,000-fighter campaign table in the model, vs sorted() on the
                 raw tuples
  after-battle   After the Battle with 40 casualties (resolve + commit), vs raw sqlite3
                 doing the same number of row updates and inserts
  pdf            every roster of the league in one PDF (pages/s), vs raw reportlab
                 drawing the same tables
  json-export    JSON export of the league, vs raw sqlite3 reading the same rows
  json-import    JSON import of that document, vs raw sqlite3 executemany of the rows
  peak-rss       peak memory of the GUI process with the league open
Targets (2 cores): start <= 1.3x; roster-load <= 50 ms; sort <= 100 ms; after-battle
<= 100 ms; pdf >= 0.5x raw reportlab; import <= 10x raw sqlite3; peak RSS <= 250 MB.
"""

from __future__ import annotations

import argparse
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
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


@dataclass
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


class Bench:
    def __init__(self, url: str, repeat: int, scale: float, workdir: Path, system: str = "") -> None:
        from bench.league import default_system, league_of

        self.system = system or default_system()
        self.league = league_of(self.system)
        self.url = url
        self.repeat = repeat
        self.scale = scale
        self.workdir = workdir
        self.results: list[Result] = []

    # ----------------------------------------------------------------- setup
    def setup(self) -> None:
        from bench.league import LeagueSize, make_league
        from db.migrate import open_database

        self.engine = open_database(self.url)
        self.size = LeagueSize().scaled(self.scale)
        self.cid = make_league(self.engine, system=self.system, size=self.size, name="League")
        from sqlalchemy import func, select

        from db.models import Fighter, Roster

        with self.engine.connect() as c:
            self.big_roster = c.execute(
                select(Roster.id).join(Fighter, Fighter.roster_id == Roster.id).where(Roster.campaign_id == self.cid)
                .group_by(Roster.id).order_by(func.count(Fighter.id).desc()).limit(1)).scalar_one()
        self.raw_path = self._raw_copy()

    def _raw_copy(self) -> str:
        """A SQLite copy of the league for the raw-sqlite3 baselines (any backend)."""
        if self.engine.dialect.name == "sqlite":
            return str(self.engine.url.database)
        from bench.league import make_league
        from db.migrate import open_database

        path = self.workdir / "raw.sqlite"
        eng = open_database(f"sqlite:///{path}")
        make_league(eng, system=self.system, size=self.size, name="League")
        eng.dispose()
        return str(path)

    def add(self, case: str, value: float, unit: str, baseline: float | None, target: str,
            ok: bool | None, *, throughput: bool = False) -> None:
        ratio = None
        if baseline:
            ratio = (baseline / value) if throughput else (value / baseline)
        self.results.append(Result(case, value, unit, baseline, ratio, target, ok))
        b = f"{baseline:10.4g}" if baseline is not None else " " * 10
        r = f"{ratio:6.2f}x" if ratio is not None else " " * 7
        mark = {True: "ok", False: "MISSED", None: ""}[ok]
        print(f"{case:<14} {value:10.4g} {unit:<6} baseline {b}  ratio {r}  target {target:<16} {mark}",
              flush=True)

    # ----------------------------------------------------------------- cases
    def case_start(self) -> None:
        compile_sources()
        home = self.workdir / "home"
        run_probe("bare", home)  # warm the disk cache for both sides
        run_probe("app", home, self.url)
        app, bare = [], []
        for _ in range(self.repeat):  # interleaved: a busy moment hits both sides
            app.append(run_probe("app", home, self.url))
            bare.append(run_probe("bare", home))
        shown = statistics.median(p["shown"] for p in app)
        base = statistics.median(p["shown"] for p in bare)
        self.add("start", shown, "s", base, "<= 1.3x bare", shown / base <= 1.3)
        loaded = statistics.median(p["loaded"] for p in app)
        self.add("start-loaded", loaded, "s", base, "(reported)", None)
        rss = max(p["rss_mb"] for p in app)
        self.add("peak-rss", rss, "MB", None, "<= 250 MB", rss <= 250)

    def case_roster_load(self) -> None:
        from campaign_app.usecases.gui_queries import roster_rows, system_info
        from ui.models import RosterModel, roster_columns

        info = system_info(self.system)
        model = RosterModel(roster_columns(info, with_roster=False))

        def load() -> None:
            model.set_rows(roster_rows(self.engine, roster=self.big_roster)["rows"])

        def raw() -> None:
            with sqlite3.connect(self.raw_path) as c:
                c.execute("SELECT f.*, e.name FROM fighter f LEFT JOIN equipment e ON e.fighter_id = f.id "
                          "WHERE f.roster_id = ?", (self.big_roster,)).fetchall()

        load()
        t = median_time(load, self.repeat)
        b = median_time(raw, self.repeat)
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
        self.add("sort", t * 1000, "ms", b * 1000, f"<= 100 ms ({len(rows)} rows)", t <= 0.100)

    def case_after_battle(self) -> None:
        from campaign_app.usecases.battles import after_battle, record_battle

        casualty = self.league.casualty_result
        if not casualty:
            print(f"{'after-battle':<14} skipped: the league's system has no casualty result", flush=True)
            return
        ftype = self.league.fighter_types[0]
        rep = None if self.league.rep is None else (self.league.rep[0] + self.league.rep[1]) // 2
        from campaign_app.usecases.core import create_roster

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

        def raw() -> None:
            with sqlite3.connect(self.raw_path) as c:
                ids = [r[0] for r in c.execute("SELECT id FROM fighter LIMIT 40")]
                c.executemany("UPDATE fighter SET status = ?, version = version + 1 WHERE id = ?",
                              [("active", i) for i in ids])
                c.executemany("INSERT INTO roll_record (campaign_id, created_at, purpose, rule, dice, faces, "
                              "source, value, table_id, row, result, label, subject) VALUES "
                              "(?, '2025-01-01', 'x', 'x', 'pass:2d6', '1,2', 'seeded', 1, 't', '1', 'r', 'l', '')",
                              [(self.cid,) for _ in ids])

        b = median_time(raw, self.repeat)
        self.add("after-battle", t * 1000, "ms", b * 1000, "<= 100 ms (40 OOF)", t <= 0.100)

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
        docs = roster_documents(self.engine, self.cid)
        pages = [0]

        def export() -> None:
            pages[0] = reports.render_rosters(roster_documents(self.engine, self.cid), str(out))

        raw_pages = [0]

        def raw() -> None:
            raw_pages[0] = _raw_reportlab(docs, str(raw_out))

        export()  # warm both sides once (imports, font loading) before timing
        raw()
        t = median_time(export, max(1, self.repeat // 2))

        b = median_time(raw, max(1, self.repeat // 2))
        ours, theirs = pages[0] / t, raw_pages[0] / b
        ratio = ours / theirs
        self.results.append(Result("pdf", ours, "pages/s", theirs, ratio, ">= 0.5x raw", ratio >= 0.5))
        print(f"{'pdf':<14} {ours:10.4g} pages/s baseline {theirs:10.4g}  ratio {ratio:6.2f}x  "
              f"target {'>= 0.5x raw':<16} {'ok' if ratio >= 0.5 else 'MISSED'}", flush=True)

    def case_json(self) -> None:
        from campaign_app.usecases.datafiles import export_json, import_json
        from db.migrate import open_database

        doc: dict[str, Any] = {}

        def export() -> None:
            doc.clear()
            doc.update(export_json(self.engine, self.cid))

        t = median_time(export, self.repeat)
        tables = ["roster", "fighter", "equipment", "skill", "battle", "battle_roster", "battle_result",
                  "roll_record"]

        def raw_read() -> dict[str, list[Any]]:
            with sqlite3.connect(self.raw_path) as c:
                return {t: c.execute(f"SELECT * FROM {t}").fetchall() for t in tables}  # noqa: S608

        b = median_time(raw_read, self.repeat)
        self.add("json-export", t * 1000, "ms", b * 1000, "(reported)", None)

        rows = raw_read()
        n = [0]

        def fresh() -> None:
            n[0] += 1
            if self.engine.dialect.name == "sqlite":
                self.target = open_database(f"sqlite:///{self.workdir / f'import{n[0]}.sqlite'}")
            else:
                self.target = self.engine
                doc["campaign"]["name"] = f"Imported {n[0]}"

        def do_import() -> None:
            import_json(self.target, doc, rename=f"Imported {n[0]}", backup=False) \
                if "backup" in import_json.__code__.co_varnames else import_json(self.target, doc,
                                                                                 rename=f"Imported {n[0]}")

        t2 = median_time(do_import, max(1, self.repeat // 2), fresh)

        def raw_write() -> None:
            path = self.workdir / f"raw-import{time.perf_counter_ns()}.sqlite"
            with sqlite3.connect(self.raw_path) as src, sqlite3.connect(path) as dst:
                for (sql,) in src.execute("SELECT sql FROM sqlite_master WHERE type='table' AND sql IS NOT NULL"):
                    dst.execute(sql)
                for t, data in rows.items():
                    if data:
                        marks = ",".join("?" * len(data[0]))
                        dst.executemany(f"INSERT INTO {t} VALUES ({marks})", data)  # noqa: S608

        b2 = median_time(raw_write, max(1, self.repeat // 2))
        self.add("json-import", t2 * 1000, "ms", b2 * 1000, "<= 10x raw", t2 / b2 <= 10)


def _raw_reportlab(docs: list[dict[str, Any]], path: str) -> int:
    """The same tables drawn with plain reportlab: one Table per roster, every cell a
    Paragraph in the same embedded TTF (what printing these names safely needs), header
    repeated, no header block, colours or footer."""
    from xml.sax.saxutils import escape

    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.platypus import PageBreak, Paragraph, SimpleDocTemplate, Table

    font = str(ROOT / "reports" / "fonts" / "DejaVuSans.ttf")
    if "BenchSans" not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont("BenchSans", font))
    style = ParagraphStyle("cell", fontName="BenchSans", fontSize=7.5, leading=9)
    story: list[Any] = []
    for d in docs:
        cols = [c["key"] for c in d["columns"]]
        data = [[Paragraph(escape(c["label"]), style) for c in d["columns"]]]
        data += [[Paragraph(escape(str(r.get(k, "") or "")), style) for k in cols] for r in d["rows"]]
        story.append(Table(data, repeatRows=1))
        story.append(PageBreak())
    pages = [0]

    def count(canvas: Any, _doc: Any) -> None:
        pages[0] += 1

    SimpleDocTemplate(path, pagesize=A4).build(story, onFirstPage=count, onLaterPages=count)
    return pages[0]


def write_results(results: list[Result], args: argparse.Namespace) -> Path:
    path = HERE / "RESULTS.md"
    lines = [
        "# Benchmark results",
        "",
        f"Last run: {datetime.now(UTC).strftime('%Y-%m-%d %H:%M UTC')} on {platform.node() or 'this machine'}: "
        f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"{'PostgreSQL' if args.url and args.url.startswith('postgres') else 'SQLite'}, "
        f"scale {args.scale}, median of {args.repeat}.",
        "",
        "| case | result | baseline (same run) | ratio | target | |",
        "|---|---|---|---|---|---|",
    ]
    for r in results:
        base = f"{r.baseline:.4g}" if r.baseline is not None else "-"
        ratio = f"{r.ratio:.2f}x" if r.ratio is not None else "-"
        mark = {True: "met", False: "missed", None: ""}[r.ok]
        lines.append(f"| {r.case} | {r.value:.4g} {r.unit} | {base} | {ratio} | {r.target} | {mark} |")
    lines.append("")
    # the hand-written notes below the table stay (they explain the numbers)
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    notes = old[old.index(NOTES):] if NOTES in old else ""
    path.write_text("\n".join(lines) + ("\n" + notes if notes else ""), encoding="utf-8")
    return path


NOTES = "## Notes"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--url", help="run on this database server (a fresh, empty database) instead of SQLite")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--scale", type=float, default=1.0, help="league size factor (1.0 = 3,000 fighters)")
    ap.add_argument("--only", action="append", help="run only these cases")
    ap.add_argument("--system", default="", help="the league's game system (default: the first listed "
                    "that describes a benchmark league)")
    ap.add_argument("--write-results", action="store_true", help="record the table in bench/RESULTS.md")
    args = ap.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    with tempfile.TemporaryDirectory(prefix="campaign-bench-") as tmp:
        work = Path(tmp)
        url = args.url or f"sqlite:///{work / 'league.sqlite'}"
        bench = Bench(url, max(1, args.repeat), args.scale, work, args.system)
        print(f"building the league ({'given server' if args.url else 'SQLite'}, scale {args.scale})...", flush=True)
        bench.setup()
        from PySide6.QtWidgets import QApplication

        _app = QApplication.instance() or QApplication([])
        from bench import gui_cases
        cases = {
            "roster-load": bench.case_roster_load,
            "sort": bench.case_sort,
            "after-battle": bench.case_after_battle,
            "pdf": bench.case_pdf,
            "json": bench.case_json,
            "start": bench.case_start,
            **gui_cases.cases(bench),  # tree, roll-log-page, wizard-preview (bench/gui_cases.py)
        }
        for name, fn in cases.items():
            if args.only and name not in args.only:
                continue
            fn()
        bench.engine.dispose()
    if args.write_results:
        print(f"wrote {write_results(bench.results, args)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
