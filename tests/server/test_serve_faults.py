"""#35 item 6: faults against a real ``campaign-app serve`` (a subprocess on a free port),
on SQLite and on PostgreSQL, like the SIGKILL tests of the desktop app
(tests/campaign_app/test_crash.py):

- the server killed (SIGKILL) inside the transaction of an After the Battle (its rolls,
  its changes and the key's row written, not committed: the test hook
  CAMPAIGN_APP_TEST_STALL holds it there): after a restart nothing of it is in the
  database, the roll chain is intact, and the request sent again with its key applies
  once; sent a third time it gets the kept answer;
- then, on the restarted server (one start fewer: each costs seconds on a busy
  machine), a client that sends a write and closes its socket before the answer: the
  write applies once, and sent again with its key it gets the kept answer; and the same
  keyed write sent eight times at once: it applies once.

PostgreSQL restarted under the server: tests/server/test_serve_pg_restart.py."""

from __future__ import annotations

import signal
import socket
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import text

from campaign_app.usecases import (
    battles,
    campaigns,
    fighters,
    league,
    members,
    record,
    rosters,
)
from tests.conftest import snapshot
from tests.server.conftest import serving


def _league(engine: Any) -> dict[str, Any]:
    """ann (player, roster Easy), carla (arbitrator); a battle of Easy against Jerries
    waiting for its After the Battle; a token for each (sessions made in the database,
    as a login through the server would)."""
    members.add_member(engine, "ann", "ann's long passphrase", "player")
    members.add_member(engine, "carla", "arbiter of all", "arbitrator")
    c = campaigns.create_campaign(engine, "Kursk", "nuts")
    easy = rosters.create_roster(engine, c.id, "Easy")
    jerries = rosters.create_roster(engine, c.id, "Jerries")
    league.assign_roster(engine, easy.id, "ann")
    for name in ("Sgt Rock", "Pvt Lee"):
        fighters.add_fighter(engine, easy.id, name, rep=5)
    fighters.add_fighter(engine, jerries.id, "Hans", rep=4)
    b = battles.record_battle(engine, c.id, [easy.id, jerries.id], winner=easy.id)
    tokens = {who: members.login(engine, who, pw).token
              for who, pw in (("ann", "ann's long passphrase"), ("carla", "arbiter of all"))}
    return {"campaign": c.id, "easy": easy.id, "battle": b.id, "tokens": tokens}


def _h(lg: dict[str, Any], who: str, key: str | None = None) -> dict[str, str]:
    h = {"Authorization": f"Bearer {lg['tokens'][who]}"}
    if key is not None:
        h["Idempotency-Key"] = key
    return h


def _url(engine: Any) -> str:
    return str(engine.url.render_as_string(hide_password=False))


def _game(engine: Any) -> dict[str, list[tuple]]:
    rows = snapshot(engine)
    rows.pop("member_session")  # a request notes its session's last use
    return rows


def _count(engine: Any, sql: str) -> int:
    with engine.connect() as c:
        return int(c.execute(text(sql)).scalar_one())


@pytest.mark.slow
def test_a_server_killed_inside_the_transaction_writes_nothing_and_the_retry_applies_once(
        engine: Any, tmp_path: Path) -> None:
    """Then, on the restarted server, a dropped connection and concurrent sends
    (:func:`_dropped_and_concurrent`)."""
    lg = _league(engine)
    url, log, marker = _url(engine), tmp_path / "serve.log", tmp_path / "stalled"
    before = _game(engine)
    rolls_before = _count(engine, "SELECT COUNT(*) FROM roll_record")
    body = {"battle": lg["battle"]}
    outcome: dict[str, Any] = {}

    def send(base: str) -> None:
        try:
            outcome["response"] = httpx.post(f"{base}/api/run/battles.after_battle", json=body,
                                             headers=_h(lg, "carla", "ab-1"), timeout=60)
        except httpx.TransportError as e:
            outcome["error"] = e

    with serving(url, log, CAMPAIGN_APP_TEST_STALL=f"uow.before-commit:{marker}") as served:
        sender = threading.Thread(target=send, args=(served.base,))
        sender.start()
        deadline = time.monotonic() + 30
        while not marker.exists():  # its rows are written, the commit not yet made
            assert time.monotonic() < deadline and sender.is_alive(), log.read_text(encoding="utf-8")
            time.sleep(0.02)
        served.proc.send_signal(signal.SIGKILL)
        served.proc.wait()
        sender.join(30)
    assert "error" in outcome, outcome  # the client got no answer: it cannot know what happened

    assert _game(engine) == before  # nothing of the After the Battle, no key
    chain = record.verify_chain(engine, lg["campaign"])
    assert chain.intact and chain.rolls == rolls_before

    with serving(url, log) as served:  # restarted; the client sends its request again
        base = served.base
        first = httpx.post(f"{base}/api/run/battles.after_battle", json=body, headers=_h(lg, "carla", "ab-1"),
                           timeout=60)
        assert first.status_code == 200 and "idempotent-replay" not in first.headers, first.text
        assert first.json()["applied"] is True
        applied = _game(engine)
        again = httpx.post(f"{base}/api/run/battles.after_battle", json=body, headers=_h(lg, "carla", "ab-1"),
                           timeout=60)
        assert again.status_code == 200 and again.headers["idempotent-replay"] == "true"
        assert again.json() == first.json()
        assert _game(engine) == applied
        _dropped_and_concurrent(engine, lg, base, log)  # the same restarted server: one start fewer
    assert _count(engine, "SELECT COUNT(*) FROM journal WHERE action LIKE 'after%'") == 1
    chain = record.verify_chain(engine, lg["campaign"])
    assert chain.intact and chain.rolls > rolls_before


def _raw_post(base: str, path: str, headers: dict[str, str], body: bytes) -> None:
    """Send a request and close the socket at once, before any answer."""
    host, port = base.removeprefix("http://").split(":")
    lines = [f"POST {path} HTTP/1.1", f"Host: {host}:{port}", "Content-Type: application/json",
             f"Content-Length: {len(body)}", *(f"{k}: {v}" for k, v in headers.items()), "", ""]
    with socket.create_connection((host, int(port)), timeout=10) as s:
        s.sendall("\r\n".join(lines).encode() + body)
        s.shutdown(socket.SHUT_RDWR)


def _dropped_and_concurrent(engine: Any, lg: dict[str, Any], base: str, log: Path) -> None:
    """A write whose client closes the socket before the answer applies once, and its
    answer comes back when it is sent again; eight sends of one key at once apply once."""
    import json

    args = {"roster_ref": lg["easy"], "name": "Cpl Upham", "rep": 3}

    def uphams() -> int:
        return _count(engine, "SELECT COUNT(*) FROM fighter WHERE name = 'Cpl Upham'")

    _raw_post(base, "/api/run/fighters.add_fighter", _h(lg, "ann", "drop-1"), json.dumps(args).encode())
    deadline = time.monotonic() + 30
    while _count(engine, "SELECT COUNT(*) FROM idempotency_key WHERE key = 'drop-1' AND status IS NOT NULL") == 0:
        assert time.monotonic() < deadline, log.read_text(encoding="utf-8")
        time.sleep(0.05)
    assert uphams() == 1  # it arrived and applied, though no one read the answer
    before = _game(engine)
    again = httpx.post(f"{base}/api/run/fighters.add_fighter", json=args, headers=_h(lg, "ann", "drop-1"),
                       timeout=30)
    assert again.status_code == 200 and again.headers["idempotent-replay"] == "true", again.text
    assert again.json()["name"] == "Cpl Upham"
    assert _game(engine) == before

    # eight sends of one key at once (a client retrying too eagerly): one applies
    args["name"] = "Cpl Eager"
    answers: list[httpx.Response] = []
    go = threading.Barrier(8)

    def send() -> None:
        go.wait()
        answers.append(httpx.post(f"{base}/api/run/fighters.add_fighter", json=args,
                                  headers=_h(lg, "ann", "eager-1"), timeout=60))

    threads = [threading.Thread(target=send) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert len(answers) == 8
    assert {r.status_code for r in answers} <= {200, 409}, [r.text for r in answers]
    fresh = [r for r in answers if r.status_code == 200 and "idempotent-replay" not in r.headers]
    assert len(fresh) == 1
    for r in answers:
        if r.status_code == 409:
            assert r.headers["retry-after"] == "1" and "send it again in a moment" in r.json()["error"]
        else:
            assert r.json() == fresh[0].json()
    final = httpx.post(f"{base}/api/run/fighters.add_fighter", json=args, headers=_h(lg, "ann", "eager-1"),
                       timeout=30)
    assert final.status_code == 200 and final.json() == fresh[0].json()
    assert _count(engine, "SELECT COUNT(*) FROM fighter WHERE name = 'Cpl Eager'") == 1
    assert uphams() == 1


@pytest.fixture(autouse=True)
def _no_stall_inherited(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CAMPAIGN_APP_TEST_STALL", raising=False)
