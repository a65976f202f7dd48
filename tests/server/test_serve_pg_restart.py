"""#35 item 6: PostgreSQL restarted under a running ``campaign-app serve``. A throwaway
cluster of its own (initdb in a temporary folder, a free port, as the user postgres
when the tests run as root; never the shared test server): a keyed write caught inside
its transaction by the restart answers 503 with Retry-After and leaves nothing; the
requests while the database is down answer 503 in one plain line; once it is back the
same server process serves again (no restart of it), and the write sent again with its
key applies once."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text

from db.migrate import open_database
from tests.conftest import snapshot
from tests.server.conftest import free_port, serving
from tests.server.test_serve_faults import _h, _league

BIN = next(iter(sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)), "")

pytestmark = pytest.mark.skipif(not BIN or not shutil.which("runuser") and os.geteuid() == 0,
                                reason="needs PostgreSQL's initdb and pg_ctl")


def _as_pg(*argv: str) -> subprocess.CompletedProcess[str]:
    cmd = [*argv] if os.geteuid() != 0 else ["runuser", "-u", "postgres", "--", *argv]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=60, check=True)


class Cluster:
    def __init__(self, folder: Path) -> None:
        self.data = folder / "data"
        self.port = free_port()
        self.log = folder / "pg.log"

    def ctl(self, *args: str) -> None:
        _as_pg(f"{BIN}/pg_ctl", "-D", str(self.data), "-l", str(self.log), "-w", *args)

    def start(self) -> None:
        self.ctl("-o", f"-p {self.port} -k {self.data} -c listen_addresses=127.0.0.1 -c fsync=off", "start")

    def stop(self) -> None:
        self.ctl("-m", "fast", "stop")


@pytest.fixture
def cluster() -> Iterator[Cluster]:
    # a folder of its own under the system's temp (pytest's is root's only: postgres
    # could not reach into it)
    folder = Path(tempfile.mkdtemp(prefix="campaign-app-pg-"))
    try:
        if os.geteuid() == 0:
            shutil.chown(folder, "postgres")
        c = Cluster(folder)
        try:
            _as_pg(f"{BIN}/initdb", "-D", str(c.data), "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8")
        except (subprocess.CalledProcessError, OSError) as e:
            pytest.skip(f"cannot make a PostgreSQL cluster here: {e} {getattr(e, 'stderr', '')}")
        c.start()
        try:
            yield c
        finally:
            try:
                c.stop()
            except subprocess.CalledProcessError:
                pass
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.slow
def test_postgresql_restarted_under_the_server(cluster: Cluster, tmp_path: Path) -> None:
    url = f"postgresql://postgres@127.0.0.1:{cluster.port}/postgres"
    engine = open_database(url)
    lg = _league(engine)
    engine.dispose()
    args = {"roster_ref": lg["easy"], "name": "Cpl Upham", "rep": 3}
    marker = tmp_path / "stalled"
    outcome: dict[str, Any] = {}

    def rows() -> dict[str, list[tuple]]:
        eng = create_engine(url)
        try:
            out = snapshot(eng)
            out.pop("member_session")
            return out
        finally:
            eng.dispose()

    before = rows()
    with serving(url, tmp_path / "serve.log", CAMPAIGN_APP_TEST_STALL=f"uow.before-commit:{marker}:4") as served:
        base = served.base
        post = f"{base}/api/run/fighters.add_fighter"

        def send() -> None:
            outcome["r"] = httpx.post(post, json=args, headers=_h(lg, "ann", "up-1"), timeout=60)

        sender = threading.Thread(target=send)
        sender.start()
        deadline = time.monotonic() + 30
        while not marker.exists():  # inside its transaction now
            assert time.monotonic() < deadline
            time.sleep(0.02)
        cluster.stop()  # the transaction's connection is cut; the database is down
        down = httpx.post(post, json=args, headers=_h(lg, "ann", "other-1"), timeout=60)
        sender.join(60)
        caught = outcome["r"]
        for r in (caught, down):
            assert r.status_code == 503, r.text
            assert r.headers["retry-after"] == "2"
            assert r.json()["error"].startswith("the database is unavailable just now (restarting or busy)")
        cluster.start()
        assert rows() == before  # nothing of the write caught by the restart
        # the same server process serves again, and the write sent again applies once
        for replay in (False, True):
            r = httpx.post(post, json=args, headers=_h(lg, "ann", "up-1"), timeout=60)
            assert r.status_code == 200, r.text
            assert ("idempotent-replay" in r.headers) == replay
    eng = create_engine(url)
    try:
        with eng.connect() as c:
            assert c.execute(text("SELECT COUNT(*) FROM fighter WHERE name = 'Cpl Upham'")).scalar_one() == 1
    finally:
        eng.dispose()
