"""The benchmark runs end to end at a tiny size (no timing is asserted here: speed
goals live in bench/ and its RESULTS.md)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


CASES = {"roster-load", "sort", "after-battle", "pdf", "json-export", "export-rss", "json-import", "import-vs-bare", "import-rss",
         "start", "start-loaded", "loaded/floor", "peak-rss",
         # the window walked through at the league's size (bench/window_walk.py)
         "walk-campaign", "walk-search", "walk-sort", "walk-roster", "walk-battles", "walk-roll-log",
         "walk-chain-check", "walk-history", "walk-charts", "walk-standings",
         # the standings use-case alone (bench/standings.py), and its growth to 10x the data
         "standings", "standings-10x"}
CONCURRENT = {"concurrent", "lost-updates", "failed-tx", "stale-edits"}
# and a p95-<use-case> row for each use-case the clients ran (a 3 s run on a busy machine
# may not reach every one)
USE_CASES = {"p95-read-roster", "p95-edit", "p95-record-battle", "p95-after-battle"}


def test_bench_runs_every_case_at_tiny_size(db_url, tmp_path):
    """``--tiny`` on each backend: every case reports a row of the right shape (values are
    never asserted as timings); the concurrent league (PostgreSQL) lost no acknowledged
    write and failed no transaction."""
    report = tmp_path / "report.json"
    args = [sys.executable, "-m", "bench", "--tiny", "--no-cache", "--report", str(report)]
    if not db_url.startswith("sqlite"):
        args += ["--url", db_url]
    out = subprocess.run(args, capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    printed = {line.split()[0] for line in out.stdout.splitlines()[1:] if line.strip() and line[0] != " "}
    doc = json.loads(report.read_text(encoding="utf-8"))
    assert doc["scale"] == 0.05 and doc["repeat"] == 1 and doc["failed"] == []
    assert doc["size"] == {"rosters": 5, "fighters": 150, "largest_roster": 15, "battles": 50, "rolls": 2500}
    results = {r["case"]: r for r in doc["results"]}
    want = CASES | (CONCURRENT if not db_url.startswith("sqlite") else set())
    assert want <= set(results) <= printed | {"pdf"}, out.stdout
    for r in results.values():
        assert set(r) == {"case", "value", "unit", "baseline", "ratio", "target", "ok"}
        assert isinstance(r["value"], (int, float)) and r["value"] >= 0, r
        assert r["ok"] in (True, False, None) and isinstance(r["target"], str)
        if r["baseline"]:
            assert r["ratio"] is not None and r["ratio"] > 0
        if not r["target"].startswith("(reported"):  # a case with a target says MET or MISSED
            assert r["ok"] in (True, False), r
            line = next(x for x in out.stdout.splitlines() if x.split() and x.split()[0] == r["case"])
            assert line.rstrip().endswith("MET" if r["ok"] else "MISSED"), line
    if db_url.startswith("sqlite"):
        assert "concurrent     skipped: needs one PostgreSQL server" in out.stdout
    else:
        assert results["lost-updates"]["value"] == 0, out.stdout
        assert results["failed-tx"]["value"] == 0, out.stdout
        assert results["concurrent"]["value"] > 0
        assert {k for k in results if k.startswith("p95-")} <= USE_CASES
        assert "p95-read-roster" in results, out.stdout


def test_league_cache_builds_once(tmp_path):
    """A second run takes a copy of the cached league; another size or build version
    is another file."""
    from bench import cache
    from bench.league import LeagueSize

    built: list[str] = []

    def build(url: str) -> None:
        built.append(url)
        with sqlite3.connect(url.removeprefix("sqlite:///")) as con:
            con.execute("CREATE TABLE league (name TEXT)")
            con.execute("INSERT INTO league VALUES ('built')")
        con.close()

    size = LeagueSize().scaled(0.05)
    runs = [cache.sqlite_league(tmp_path / "cache", tmp_path / f"run{k}.sqlite", "x", 0.05, size, build)
            for k in range(2)]
    assert [hit for _url, hit in runs] == [False, True] and len(built) == 1
    with sqlite3.connect(tmp_path / "run1.sqlite") as con:
        assert con.execute("SELECT name FROM league").fetchall() == [("built",)]
    con.close()
    cache.sqlite_league(tmp_path / "cache", tmp_path / "other.sqlite", "x", 0.1, LeagueSize().scaled(0.1), build)
    assert len(built) == 2
    assert cache.cache_key("x", 0.05, size) != cache.cache_key("x", 0.1, size)


def test_league_generator_makes_the_asked_size(sqlite_engine):
    from sqlalchemy import func, select

    from bench.league import LeagueSize, make_league
    from db.models import Battle, Fighter, RollRecord, Roster

    size = LeagueSize(rosters=5, fighters=60, largest_roster=20, battles=7, rolls=100)
    cid = make_league(sqlite_engine, size=size)
    with sqlite_engine.connect() as c:
        count = lambda m: c.execute(select(func.count()).select_from(m)).scalar()  # noqa: E731
        assert (count(Roster), count(Fighter), count(Battle), count(RollRecord)) == (5, 60, 7, 100)
        biggest = c.execute(select(func.count(Fighter.id)).group_by(Fighter.roster_id)
                            .order_by(func.count(Fighter.id).desc())).first()[0]
        assert biggest == 20 and cid == 1


def test_league_of_another_system_uses_its_own_profile(sqlite_engine):
    from sqlalchemy import select

    from bench.league import LeagueSize, bench_systems, default_system, make_league
    from db.models import Campaign, Fighter, RollRecord

    assert default_system() == bench_systems()[0] == "nuts"
    assert "necromunda" in bench_systems()
    cid = make_league(sqlite_engine, system="necromunda", size=LeagueSize(3, 12, 6, 3, 10))
    with sqlite_engine.connect() as c:
        camp = c.execute(select(Campaign.system, Campaign.edition).where(Campaign.id == cid)).one()
        assert tuple(camp) == ("necromunda", "n26")
        types = set(c.execute(select(Fighter.fighter_type)).scalars())
        assert types <= {"ganger", "champion", "juve"}
        assert set(c.execute(select(RollRecord.table_id)).scalars()) == {"n26-lasting-injury"}


def test_bench_and_demo_code_name_no_game_system():
    """The systems are asked, never named: their ids appear only in their packages."""
    import re

    ids = ("nuts", "necromunda", "fubar", "unit-morale", "weird-ww2", "n23", "n26")
    alternatives = "|".join(map(re.escape, ids))
    pattern = re.compile(rf"""["']({alternatives})["']""")
    for path in [*sorted((ROOT / "bench").glob("*.py")), ROOT / "campaign_app" / "usecases" / "demo.py"]:
        found = pattern.findall(path.read_text(encoding="utf-8"))
        assert not found, f"{path.relative_to(ROOT)} names {found}"


def test_recorded_results_keep_every_hand_written_section(tmp_path):
    """``--write-results`` puts a run's table in a block of its own backend and scale below
    the title: a second run on the same backend and scale replaces that block, another
    backend gets its own, and the hand-written sections (all of them, whatever their
    headings) stay as they were."""
    import argparse

    from bench.__main__ import Result, write_results

    path = tmp_path / "RESULTS.md"
    notes = "## Baselines\n\nhand-written.\n\n## Notes of a round\n\nkept too.\n"
    path.write_text("# Benchmark results\n\n" + notes, encoding="utf-8")
    run = argparse.Namespace(url=None, scale=1.0, repeat=3)
    write_results([Result("pdf", 90.0, "pages/s", 200.0, 0.45, ">= 0.5x raw", False)], run, path)
    write_results([Result("pdf", 120.0, "pages/s", 200.0, 0.6, ">= 0.5x raw", True)], run, path)
    pg = argparse.Namespace(url="postgresql://x/y", scale=1.0, repeat=3)
    write_results([Result("sort", 5.0, "ms", 1.0, 5.0, "<= 100 ms", True)], pg, path)
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# Benchmark results\n")
    assert text.endswith(notes)
    assert text.count("### Last full run: SQLite, scale 1.0") == 1
    assert "| pdf | 120 pages/s | 200 | 0.60x | >= 0.5x raw | MET |" in text and "| pdf | 90 " not in text
    assert "### Last full run: PostgreSQL, scale 1.0" in text and "| sort | 5 ms |" in text
    assert "load average (1, 5, 15 min) at the end" in text
