"""#35: ``campaign-app serve`` for real: the league's members set up with the CLI
(``league add-member`` with ``--password-file``), the server started as a subprocess on
a free port over a SQLite file, a login and a read over real HTTP, then stopped; its
output holds neither the token nor the password."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import httpx

from tests.server.conftest import ROOT, free_port, serving


def _cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "campaign_app", *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=120)




def test_league_member_commands(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'league.sqlite'}"
    pw = tmp_path / "pw"
    pw.write_text("correct horse\n", encoding="utf-8")
    res = _cli("--db", db, "league", "add-member", "ann", "--role", "player", "--password-file", str(pw))
    assert res.returncode == 0, res.stderr
    res = _cli("--db", db, "league", "add-member", "carla", "--role", "arbitrator", "--password-file", "-",
               stdin="arbiter\n")
    assert res.returncode == 0, res.stderr
    res = _cli("--db", db, "league", "add-member", "ann", "--password-file", str(pw))
    assert res.returncode == 2 and res.stderr.strip() == "error: ann is already a member"
    res = _cli("--db", db, "league", "add-member", "eve", "--password-file", str(tmp_path / "missing"))
    assert res.returncode == 2 and "cannot read the password file" in res.stderr
    res = _cli("--db", db, "--json", "league", "members")
    assert [(m["name"], m["role"]) for m in json.loads(res.stdout)] == [("ann", "player"), ("carla", "arbitrator")]
    assert "correct horse" not in res.stdout
    res = _cli("--db", db, "league", "revoke", "12")
    assert res.returncode == 2 and "no session 12" in res.stderr
    res = _cli("--db", db, "league", "revoke")
    assert res.returncode == 2 and "give a session id" in res.stderr
    res = _cli("--db", db, "league", "sessions")
    assert res.returncode == 0 and res.stdout.strip() == "no sessions"
    res = _cli("--db", db, "league", "set-member", "ann", "--disable", "--role", "viewer")
    assert res.returncode == 0 and res.stdout.strip() == "ann: role viewer, disabled", res.stderr
    res = _cli("--db", db, "league", "set-member", "ann", "--password-file", "-", stdin="another\n")
    assert res.returncode == 0 and "new password" in res.stdout, res.stderr
    res = _cli("--db", db, "league", "set-member", "ann")
    assert res.returncode == 2 and "nothing to change" in res.stderr


def test_campaign_app_serve_answers_over_http_and_logs_no_secret(tmp_path: Path) -> None:
    file = tmp_path / "league.sqlite"
    db = f"sqlite:///{file}"
    password = "s3cret horse battery"
    (tmp_path / "pw").write_text(password + "\n", encoding="utf-8")
    assert _cli("--db", db, "campaign", "create", "Hive", "--system", "necromunda").returncode == 0
    assert _cli("--db", db, "roster", "create", "Hive", "Goliaths").returncode == 0
    res = _cli("--db", db, "league", "add-member", "ann", "--password-file", str(tmp_path / "pw"))
    assert res.returncode == 0, res.stderr
    assert _cli("--db", db, "league", "assign", "Goliaths", "ann").returncode == 0

    log = tmp_path / "serve.log"
    with serving(db, log) as served:
        base = served.base
        r = httpx.post(f"{base}/api/login", json={"name": "ann", "password": password}, timeout=30)
        assert r.status_code == 200, r.text
        token = r.json()["token"]
        h = {"Authorization": f"Bearer {token}"}
        r = httpx.post(f"{base}/api/run/rosters.show_roster", json={"ref": "Goliaths"}, headers=h, timeout=30)
        assert r.status_code == 200 and r.json()["name"] == "Goliaths", r.text
        assert httpx.get(f"{base}/api/me", headers=h, timeout=30).json()["name"] == "ann"
    text = log.read_text(encoding="utf-8")
    assert "POST /api/run/rosters.show_roster" in text and "POST /api/login" in text  # it does log requests
    assert token not in text and password not in text
    assert served.proc.returncode == 0, text


def test_serve_refuses_a_missing_database_and_a_bad_bind(tmp_path: Path) -> None:
    missing = tmp_path / "typo.sqlite"
    res = subprocess.run([sys.executable, "-m", "campaign_app", "--db", str(missing), "serve", "--bind",
                          f"127.0.0.1:{free_port()}"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert res.returncode == 2 and res.stderr.startswith("error: no database at"), res.stderr
    assert not missing.exists()
    res = _cli("--db", str(missing), "serve", "--bind", "localhost")
    assert res.returncode == 2 and "is not HOST:PORT" in res.stderr
    assert "Traceback" not in res.stderr
