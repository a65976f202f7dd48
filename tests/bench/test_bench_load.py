"""bench/load.py: the second process's load that after-battle and wizard-preview run
under on PostgreSQL. It must really load (a process reading the league over and over)
and must never let a case pass "under load" when it has died."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bench.load import QUERY, background


def _league(path: Path) -> str:
    con = sqlite3.connect(path)
    con.executescript("CREATE TABLE roster (id INTEGER PRIMARY KEY);"
                      "CREATE TABLE fighter (id INTEGER PRIMARY KEY, roster_id INTEGER, xp INTEGER);"
                      "CREATE TABLE battle_result (id INTEGER PRIMARY KEY, fighter_id INTEGER);"
                      "INSERT INTO roster VALUES (1); INSERT INTO fighter VALUES (1, 1, 3);")
    con.commit()
    assert con.execute(QUERY).fetchall() == [(1, 1, 3)]
    con.close()
    return f"sqlite:///{path}"


def test_the_load_runs_while_the_block_runs(tmp_path: Path) -> None:
    url = _league(tmp_path / "l.sqlite")
    import os
    import time

    with background(url):
        busy = []
        for pid in os.listdir("/proc"):
            if pid.isdigit():
                try:
                    cmd = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
                except OSError:
                    continue
                if b"bench.load" in cmd and url.encode() in cmd:
                    busy.append(pid)
        assert len(busy) == 1  # one process, loading this league
        time.sleep(0.2)
    time.sleep(0.2)
    assert not Path(f"/proc/{busy[0]}").exists() or b"zombie" in Path(f"/proc/{busy[0]}/status").read_bytes().lower()


def test_a_load_that_dies_is_an_error_not_a_quiet_pass(tmp_path: Path) -> None:
    bad = f"sqlite:///{tmp_path / 'empty.sqlite'}"  # no tables: the query fails at once
    with pytest.raises(RuntimeError, match="background load stopped"), background(bad):
        pass


def test_on_postgresql_the_load_is_one_server_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """No parallel workers for the load's query: at scale 100 they made it three busy
    processes on two cores, not a second process's load."""
    import psycopg

    import bench.load

    seen: dict[str, object] = {}

    class Stop(Exception):
        pass

    class Con:
        def __enter__(self) -> Con:
            return self

        def __exit__(self, *_a: object) -> None:
            return None

        def execute(self, sql: str) -> None:
            seen["sql"] = sql
            raise Stop

    def connect(url: str, **kw: object) -> Con:
        seen.update(kw, url=url)
        return Con()

    monkeypatch.setattr(psycopg, "connect", connect)
    with pytest.raises(Stop):
        bench.load.main("postgresql+psycopg://u@h/league")
    assert seen["url"] == "postgresql://u@h/league" and seen["sql"] == QUERY
    assert "max_parallel_workers_per_gather=0" in str(seen["options"])


def test_a_case_waits_for_a_busy_machine_to_settle_and_no_longer_than_its_limit() -> None:
    """bench.__main__.settle: while another process keeps a core busy the next case
    waits (here the busy process stops after 1 s), and a machine that stays busy holds
    it no longer than the limit."""
    import subprocess
    import sys
    import time

    from bench.__main__ import settle
    from campaign_app.machine import loadavg, running_threads

    if running_threads(loadavg()) is None:
        pytest.skip("no /proc/loadavg")
    busy = subprocess.Popen([sys.executable, "-c", "import time\nt = time.time() + 1.0\nwhile time.time() < t: pass"])
    try:
        time.sleep(0.2)
        waited = settle("sqlite:///unused", limit=6.0)
    finally:
        busy.wait()
    assert 0.7 <= waited <= 6.5, waited
    forever = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        time.sleep(0.2)
        assert 0.9 <= settle("sqlite:///unused", limit=1.0) <= 1.5
    finally:
        forever.kill()
        forever.wait()
