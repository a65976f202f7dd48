"""A league server over the `engine` fixture (SQLite, and PostgreSQL when
CAMPAIGN_APP_TEST_PG names a server): members ann (player), bob (player), carla
(arbitrator) and vic (viewer); a NUTS! campaign with ann's roster Easy (with Sgt Rock)
and bob's roster Jerries (with Hans)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from campaign_app.facade import Campaigns
from campaign_app.usecases import campaigns, fighters, league, members, rosters
from tests.conftest import SEEDS, seeded

PASSWORDS = {"ann": "ann's long passphrase", "bob": "bob-pw-9f2", "carla": "arbiter of all", "vic": "just looking"}
REAL_HASHER = members._hasher  # before _cheap_argon2 replaces it
ROLES = {"ann": "player", "bob": "player", "carla": "arbitrator", "vic": "viewer"}
ROOT = Path(__file__).resolve().parents[2]  # the worktree: `python -m campaign_app` runs its code


@dataclass
class League:
    app: Campaigns
    client: TestClient
    campaign: int
    easy: int
    jerries: int
    rock: int
    hans: int

    def login(self, name: str) -> dict[str, str]:
        r = self.client.post("/api/login", json={"name": name, "password": PASSWORDS[name]})
        assert r.status_code == 200, r.text
        return {"Authorization": f"Bearer {r.json()['token']}"}

    def run(self, who: str | dict[str, str], use_case: str, **args: Any) -> Any:
        headers = self.login(who) if isinstance(who, str) else who
        return self.client.post(f"/api/run/{use_case}", json=args, headers=headers)


def game_rows(app: Campaigns) -> dict[str, list[tuple]]:
    """Every row of every table but the sessions (whose last use a request notes)."""
    from tests.conftest import snapshot

    rows = snapshot(app.engine)
    rows.pop("member_session")
    return rows


def _cheap_hasher() -> Any:
    from argon2 import PasswordHasher

    return PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)


@pytest.fixture(autouse=True)
def _cheap_argon2(monkeypatch: pytest.MonkeyPatch) -> None:
    """argon2id with the least memory and time: the same code, a tenth of the time (the
    real cost is checked once, test_passwords_are_hashed_with_argon2id...)."""
    cheap = _cheap_hasher()
    monkeypatch.setattr(members, "_hasher", lambda: cheap)


def write_league(engine: Any) -> dict[str, int]:
    """The league's rows (members with the tests' cheap argon2 hashes), written through
    the use-cases; the ids of its campaign, rosters and fighters."""
    cheap = _cheap_hasher()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(members, "_hasher", lambda: cheap)
        app = Campaigns(engine)
        for name, role in ROLES.items():
            app.run(members.add_member, name, PASSWORDS[name], role)
        c = app.run(campaigns.create_campaign, "Kursk", "nuts")
        easy = app.run(rosters.create_roster, c.id, "Easy")
        jerries = app.run(rosters.create_roster, c.id, "Jerries")
        app.run(league.assign_roster, easy.id, "ann")
        app.run(league.assign_roster, jerries.id, "bob")
        rock = app.run(fighters.add_fighter, easy.id, "Sgt Rock", rep=5)
        hans = app.run(fighters.add_fighter, jerries.id, "Hans", rep=4)
    return {"campaign": c.id, "easy": easy.id, "jerries": jerries.id, "rock": rock.id, "hans": hans.id}


# written once per test process and backend, each test's `engine` a copy (tests/conftest.py)
SEEDS["lg"] = write_league


@pytest.fixture
def lg(engine: Any, request: pytest.FixtureRequest) -> Iterator[League]:
    """The league (write_league's rows: `engine` is a copy of them) and a test client of
    its server."""
    from server.app import create_app

    app = Campaigns(engine)
    with TestClient(create_app(app), client=("203.0.113.7", 50000)) as client:
        yield League(app, client, **seeded(request, "lg"))


@pytest.fixture
def no_keyring(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    """No keyring (tokens go to the 0600 file) and a temporary config folder."""
    from campaign_app import remote

    monkeypatch.setattr(remote, "_usable_keyring", lambda: None)
    monkeypatch.setenv("CAMPAIGN_APP_CONFIG_DIR", str(tmp_path / "config"))


@pytest.fixture
def url(lg: League) -> Iterator[str]:
    """The league served by uvicorn on a free loopback port."""
    import uvicorn

    from server.app import create_app

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(lg.app), log_level="warning", lifespan="on",
                                          timeout_graceful_shutdown=1))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    for _ in range(200):
        if server.started:
            break
        time.sleep(0.02)
    assert server.started
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)
    sock.close()




# --------------------------------------------------------------------------- campaign-app serve
def free_port() -> int:
    """A loopback port free just now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Served:
    """A ``campaign-app serve`` process started by :func:`serving`."""

    base: str  # http://127.0.0.1:PORT
    proc: subprocess.Popen[bytes]
    log: Path  # its output (stdout and stderr)

    def log_text(self) -> str:
        return self.log.read_text(encoding="utf-8")


@contextmanager
def serving(db: str, log: Path, *options: str, port: int | None = None, **env: str) -> Iterator[Served]:
    """``python -m campaign_app --db DB serve --bind 127.0.0.1:PORT OPTIONS`` (this
    worktree's code, environment plus ``env``) until the block ends, entered once it
    answers HTTP (60 s at most; a process that dies before fails the test with its log).
    Its output is appended to ``log``; at the end it is stopped with Ctrl+C (killed after
    30 s) unless the test killed it already; ``proc.returncode`` then tells how it ended."""
    port = port or free_port()
    with open(log, "a", encoding="utf-8") as out:
        proc = subprocess.Popen([sys.executable, "-m", "campaign_app", "--db", db, "serve", "--bind",
                                 f"127.0.0.1:{port}", *options], cwd=ROOT, stdout=out,
                                stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1", **env})
    served = Served(f"http://127.0.0.1:{port}", proc, log)
    try:
        import httpx

        deadline = time.monotonic() + 60
        while True:
            try:
                httpx.get(f"{served.base}/api/openapi.json", timeout=2)
                break
            except httpx.TransportError:
                assert proc.poll() is None, served.log_text()
                assert time.monotonic() < deadline, served.log_text()
                time.sleep(0.1)
        yield served
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
