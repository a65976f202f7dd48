"""A second process's load, for the cases whose targets hold "under load" (issue #32:
after-battle and wizard-preview on PostgreSQL). ``python -m bench.load URL`` reads the
league over and over with the plain driver of its backend (a join over the figures and
their battle results, the kind of read another player's window makes) until it is
stopped, so the server and the machine are busy the same way in every run.

:func:`background` starts it for the length of a ``with`` block."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

# One server process, at every scale: at scale 100 (300,000 figures) PostgreSQL's planner
# runs this join with two parallel workers, three processes on the machine's two cores,
# not "a second process's load" (after-battle then took 391 ms against 81 at scale 1,
# and its floor 99 ms against 11); at scale 1 the query is too small to go parallel.
ONE_PROCESS = "-c max_parallel_workers_per_gather=0"
QUERY = ("SELECT r.id, count(f.id), sum(coalesce(f.xp, 0)) FROM roster r JOIN fighter f ON f.roster_id = r.id "
         "LEFT JOIN battle_result b ON b.fighter_id = f.id GROUP BY r.id ORDER BY 2 DESC")


def main(url: str) -> None:
    if url.startswith("sqlite"):
        import sqlite3

        con = sqlite3.connect(url.split("///", 1)[1])
        while True:
            con.execute(QUERY).fetchall()
    import psycopg

    with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://"), autocommit=True,
                         options=ONE_PROCESS) as con:
        while True:
            con.execute(QUERY).fetchall()


@contextmanager
def background(url: str) -> Iterator[None]:
    """The load running while the block runs (started, given a moment to get going,
    stopped at the end whatever happens)."""
    proc = subprocess.Popen([sys.executable, "-m", "bench.load", url], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    try:
        time.sleep(0.5)
        if proc.poll() is not None:  # it must be loading, not gone: a case "under load" would lie
            raise RuntimeError(f"the background load stopped: {(proc.stderr.read() if proc.stderr else '')[-500:]}")
        yield
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


if __name__ == "__main__":
    main(sys.argv[1])
