"""#29: a laptop at the table serves its own SQLite file with no league member at all:
``battle invite`` prints the URL, ``campaign-app serve`` (a subprocess, real HTTP) lets
the phone join by it and mark its own figure; the server's log holds neither the
invitation's token nor the device session's."""

from __future__ import annotations

import json
from pathlib import Path

import httpx

from tests.server.conftest import free_port, serving
from tests.server.test_serve import _cli


def test_a_table_server_with_no_member_serves_an_invited_phone(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'table.sqlite'}"
    for args in (("campaign", "create", "Kursk", "--system", "nuts"), ("roster", "create", "Kursk", "Easy"),
                 ("roster", "create", "Kursk", "Jerries"), ("fighter", "add", "Easy", "Sgt Rock", "--rep", "5"),
                 ("fighter", "add", "Jerries", "Hans", "--rep", "4"),
                 ("battle", "setup", "Kursk", "--roster", "Easy", "--roster", "Jerries", "--scenario", "Patrol",
                  "--attacker", "Easy"), ("battle", "start", "1")):
        res = _cli("--db", db, *args)
        assert res.returncode == 0, res.stderr
    port = free_port()
    res = _cli("--db", db, "--json", "battle", "invite", "1", "Easy", "--host", "127.0.0.1", "--port", str(port))
    assert res.returncode == 0, res.stderr
    url = json.loads(res.stdout)["url"]
    assert url.startswith(f"http://127.0.0.1:{port}/join#t=")
    device_token = url.partition("#t=")[2]
    text = _cli("--db", db, "battle", "invite", "1", "Easy", "--host", "127.0.0.1").stdout
    assert "▀" in text and "/join#t=" in text  # the QR code as text, then the URL

    log = tmp_path / "serve.log"
    with serving(db, log, port=port) as served:  # the port the invitation names
        base = served.base
        r = httpx.post(f"{base}/join", data={"device_token": device_token}, timeout=30)
        assert r.status_code == 303 and r.headers["location"] == "/battle/1", r.text
        session = r.cookies["ca_session"]
        h = {"Authorization": f"Bearer {session}"}
        r = httpx.post(f"{base}/api/run/table.track", headers=h, timeout=30,
                       json={"battle": 1, "figure": "Sgt Rock", "status": "out-of-the-fight"})
        assert r.status_code == 200, r.text
        r = httpx.post(f"{base}/api/run/table.track", headers=h, timeout=30,
                       json={"battle": 1, "figure": "Hans", "status": "out-of-the-fight"})
        assert r.status_code == 403, r.text
    text = log.read_text(encoding="utf-8")
    assert "POST /join" in text and "POST /api/run/table.track" in text
    assert device_token not in text and session not in text
    res = _cli("--db", db, "--json", "battle", "table", "1")
    marks = json.loads(res.stdout)["marks"]
    assert [(m["figure"], m["value"]) for m in marks] == [("Sgt Rock", "out-of-the-fight")]
