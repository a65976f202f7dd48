"""The benchmark runs end to end at a tiny size (no timing is asserted here: speed
goals live in bench/ and its RESULTS.md)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_bench_runs_every_case_at_tiny_size():
    out = subprocess.run([sys.executable, "-m", "bench", "--scale", "0.02", "--repeat", "1"],
                         capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    cases = {line.split()[0] for line in out.stdout.splitlines()[1:] if line.strip()}
    assert {"roster-load", "sort", "after-battle", "pdf", "json-export", "json-import", "start",
            "start-loaded", "peak-rss"} <= cases, out.stdout


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
