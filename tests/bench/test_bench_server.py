"""bench/server.py (#35 item 7) at a tiny scale, so it cannot rot: real server processes
(two on PostgreSQL, one on SQLite), real HTTP, a few players for two seconds; no failed
request, no lost update, every kind of work done. And the lost-update check itself must
see a write that is not there."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.server import COUNTER, Tally, check, make_league, run_bench
from tests.conftest import pg_admin_url


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_the_server_bench_runs_at_tiny_scale(backend: str, tmp_path: Path) -> None:
    admin = None
    if backend == "postgres":
        admin = pg_admin_url()
        if not admin:
            pytest.skip("no PostgreSQL server: set CAMPAIGN_APP_TEST_PG (.ci/run does)")
    lines: list[str] = []
    out = run_bench(admin, n_players=4, servers=2, duration=2.0, connections=4, workdir=tmp_path,
                    say=lines.append)
    text = "\n".join(lines)
    assert out["servers"] == (2 if backend == "postgres" else 1), text
    assert out["failed"] == [] and out["lost"] == 0, text
    cases = {r.case: r for r in out["rows"]}
    assert cases["throughput"].value > 0 and cases["throughput"].baseline, text
    for kind in ("read-roster", "edit", "record-battle", "read-log"):
        assert f"p95-{kind}" in cases, text
    assert out["acknowledged"]["raises"] > 0 and out["acknowledged"]["battles"] > 0, text
    assert cases["lost-updates"].ok and cases["failed"].ok


def test_the_lost_update_check_sees_a_missing_or_doubled_write(tmp_path: Path) -> None:
    from sqlalchemy import update

    from db.migrate import open_database
    from db.models import Fighter

    league = make_league(f"sqlite:///{tmp_path / 'l.sqlite'}", 2)
    counter = league.players[0].counter
    assert check(league, Tally()) == (0, [])
    acked = Tally()
    acked.raised[counter] = 1  # acknowledged, never written
    n, wrong = check(league, acked)
    assert n == 1 and wrong == [f"fighter {counter}: count 0, 1 acknowledged"]
    engine = open_database(league.url)
    with engine.begin() as c:  # written twice for one acknowledgement
        c.execute(update(Fighter).where(Fighter.id == counter).values(notes=f"{COUNTER}2"))
    engine.dispose()
    assert check(league, acked)[0] == 1
    acked.battles.append(10_000)  # a battle acknowledged that is not there
    assert check(league, acked)[0] == 2
