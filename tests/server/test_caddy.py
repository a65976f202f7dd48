"""#35 item 5: docs/deploy/Caddyfile, the documented reverse proxy, checked by Caddy itself
and run in front of a real ``campaign-app serve --proxy 127.0.0.1``: players reach the
league through it, its body limit refuses a large request before the server sees it, its
headers are set, a live-update stream passes through as it comes, and a client behind it
cannot choose the address the login limit counts by writing X-Forwarded-For. Needs
Debian's caddy package (.ci/run installs it)."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from campaign_app.usecases import fighters
from tests.server.conftest import PASSWORDS, League, free_port, serving

ROOT = Path(__file__).resolve().parents[2]
CADDYFILE = ROOT / "docs" / "deploy" / "Caddyfile"


def _caddy() -> str:
    exe = shutil.which("caddy")
    if exe is None:
        pytest.fail("the Caddyfile test needs Caddy (Debian's caddy package): .ci/run installs it")
    return exe


def _env(tmp: Path) -> dict[str, str]:
    home = tmp / "caddy-home"
    home.mkdir(exist_ok=True)
    return {**os.environ, "HOME": str(home), "XDG_DATA_HOME": str(home / "data"),
            "XDG_CONFIG_HOME": str(home / "config")}


def _local(tmp: Path, port: int, upstream: int) -> Path:
    """The documented Caddyfile for this machine: plain HTTP on a loopback port instead of
    the league's name (no certificate here), its log in the test's folder, no admin
    endpoint (tests run side by side); everything else as documented."""
    text = CADDYFILE.read_text(encoding="utf-8")
    for old, new in (("league.example.org {", f"http://127.0.0.1:{port} {{"),
                     ("reverse_proxy 127.0.0.1:8350 {", f"reverse_proxy 127.0.0.1:{upstream} {{"),
                     ("output file /var/log/caddy/league.log", f"output file {tmp / 'caddy.log'}")):
        assert old in text, f"docs/deploy/Caddyfile no longer has {old!r}: update this test"
        text = text.replace(old, new)
    path = tmp / "Caddyfile"
    path.write_text("{\n\tadmin off\n}\n\n" + text, encoding="utf-8")
    return path


def test_the_documented_caddyfile_is_valid(tmp_path: Path) -> None:
    text = CADDYFILE.read_text(encoding="utf-8").replace("/var/log/caddy/league.log", str(tmp_path / "l.log"))
    conf = tmp_path / "Caddyfile"
    conf.write_text(text, encoding="utf-8")
    r = subprocess.run([_caddy(), "validate", "--adapter", "caddyfile", "--config", str(conf)],
                       capture_output=True, text=True, env=_env(tmp_path), timeout=60)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]


@pytest.fixture
def proxied(lg: League, tmp_path: Path, db_url: str) -> Iterator[tuple[str, str]]:
    """(the league's address through Caddy, the server's own address)."""
    import httpx

    with serving(db_url, tmp_path / "serve.log", "--proxy", "127.0.0.1") as served:
        upstream = int(served.base.rsplit(":", 1)[1])
        port = free_port()
        conf = _local(tmp_path, port, upstream)
        out = open(tmp_path / "caddy.out", "w", encoding="utf-8")  # noqa: SIM115 - closed below
        proc = subprocess.Popen([_caddy(), "run", "--adapter", "caddyfile", "--config", str(conf)],
                                stdout=out, stderr=subprocess.STDOUT, env=_env(tmp_path))
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    httpx.get(f"{base}/api/openapi.json", timeout=2)
                    break
                except httpx.TransportError:
                    assert proc.poll() is None, (tmp_path / "caddy.out").read_text()
                    assert time.monotonic() < deadline, (tmp_path / "caddy.out").read_text()
                    time.sleep(0.1)
            yield base, served.base
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:  # still waiting on the stream the server keeps open
                proc.kill()
                proc.wait(timeout=10)
            out.close()


def test_players_reach_the_league_through_caddy(lg: League, proxied: tuple[str, str]) -> None:
    import httpx

    base, _direct = proxied
    r = httpx.post(f"{base}/api/login", json={"name": "ann", "password": PASSWORDS["ann"]}, timeout=10)
    assert r.status_code == 200, r.text
    assert r.headers["strict-transport-security"].startswith("max-age=31536000")
    assert r.headers["x-content-type-options"] == "nosniff" and "server" not in r.headers
    auth = {"Authorization": f"Bearer {r.json()['token']}"}
    assert httpx.get(f"{base}/api/me", headers=auth, timeout=10).json()["name"] == "ann"
    # a write through the proxy lands in the database
    r = httpx.post(f"{base}/api/run/fighters.edit_fighter", json={"ref": lg.rock, "xp": 3}, headers=auth, timeout=10)
    assert r.status_code == 200, r.text
    assert lg.app.run(fighters.show_fighter, lg.rock)["xp"] == 3
    # a body over the documented 1 MB is refused: a 413, or the connection closed under
    # the upload (Caddy 2.6 does either, caddyserver/caddy#6739); nothing is written
    big = {"ref": lg.rock, "notes": "x" * 1_100_000}
    try:
        r = httpx.post(f"{base}/api/run/fighters.edit_fighter", json=big, headers=auth, timeout=10)
        assert r.status_code == 413, r.text[:200]
    except httpx.RemoteProtocolError:
        pass
    assert lg.app.run(fighters.show_fighter, lg.rock)["notes"] == ""
    # the live-update stream passes through as it comes (flush_interval -1): its first
    # line arrives at once, not when a buffer fills
    with httpx.stream("GET", f"{base}/api/events", headers=auth, timeout=10) as s:
        assert s.status_code == 200
        first = next(s.iter_lines())
        assert first.startswith(":"), first


def test_a_client_behind_caddy_cannot_choose_its_address(lg: League, proxied: tuple[str, str]) -> None:
    """Caddy replaces an X-Forwarded-For it was sent with the client's own address, and the
    server (``--proxy 127.0.0.1``) believes Caddy: five wrong passwords, each claiming
    another address, hold back the client's next login all the same."""
    import httpx

    base, _direct = proxied
    codes = [httpx.post(f"{base}/api/login", json={"name": "ann", "password": "wrong"},
                        headers={"X-Forwarded-For": f"192.0.2.{k}"}, timeout=10).status_code for k in range(5)]
    assert codes == [401] * 5
    r = httpx.post(f"{base}/api/login", json={"name": "ann", "password": PASSWORDS["ann"]},
                   headers={"X-Forwarded-For": "192.0.2.77"}, timeout=10)
    assert r.status_code == 429, r.text
