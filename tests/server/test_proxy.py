"""#35 item 7: the server behind a reverse proxy (``serve --proxy ADDRESS``). The login
rate limit keys on the client's address; behind a proxy every connection comes from the
proxy, so the server believes X-Forwarded-For, but only on a connection from the proxy's
address: a client talking to the server directly cannot choose its address by writing
the header. Without ``--proxy`` the header is never read."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from server.app import behind_proxy, create_app, proxy_addresses
from tests.server.conftest import League

PROXY = "10.0.0.5"


def _fail(client: TestClient, forwarded: str) -> int:
    r = client.post("/api/login", json={"name": "ann", "password": "wrong"}, headers={"X-Forwarded-For": forwarded})
    return r.status_code


def _login(client: TestClient, forwarded: str, password: str) -> int:
    r = client.post("/api/login", json={"name": "ann", "password": password},
                    headers={"X-Forwarded-For": forwarded})
    return r.status_code


def test_behind_the_proxy_each_client_has_its_own_login_limit(lg: League) -> None:
    from tests.server.conftest import PASSWORDS

    app = behind_proxy(create_app(lg.app), proxy_addresses(PROXY))
    with TestClient(app, client=(PROXY, 40000)) as c:
        assert [_fail(c, "198.51.100.1") for _ in range(5)] == [401] * 5
        assert _login(c, "198.51.100.1", PASSWORDS["ann"]) == 429  # that client is held back
        assert _login(c, "198.51.100.2", PASSWORDS["ann"]) == 200  # another behind the same proxy is not


def test_a_client_not_from_the_proxy_cannot_choose_its_address(lg: League) -> None:
    from tests.server.conftest import PASSWORDS

    app = behind_proxy(create_app(lg.app), proxy_addresses(PROXY))
    with TestClient(app, client=("203.0.113.9", 40000)) as c:
        # a fresh made-up address each time: ignored, all five count against 203.0.113.9
        assert [_fail(c, f"192.0.2.{k}") for k in range(5)] == [401] * 5
        assert _login(c, "192.0.2.77", PASSWORDS["ann"]) == 429


def test_without_proxy_the_header_is_never_read(lg: League) -> None:
    from tests.server.conftest import PASSWORDS

    app = behind_proxy(create_app(lg.app), None)
    with TestClient(app, client=("127.0.0.1", 40000)) as c:
        assert [_fail(c, f"192.0.2.{k}") for k in range(5)] == [401] * 5
        assert _login(c, "192.0.2.200", PASSWORDS["ann"]) == 429


def test_proxy_addresses_are_checked() -> None:
    assert proxy_addresses("127.0.0.1, 10.0.0.0/8,::1") == ["127.0.0.1/32", "10.0.0.0/8", "::1/128"]
    for bad, msg in (("*", "would trust every client"), ("proxy.example", "not an IP address"),
                     (" , ", "needs the reverse proxy's address")):
        with pytest.raises(ValueError, match=msg):
            proxy_addresses(bad)


def test_serve_refuses_a_bad_proxy_in_one_line(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[2]
    res = subprocess.run([sys.executable, "-m", "campaign_app", "--db", f"sqlite:///{tmp_path / 'x.sqlite'}",
                          "serve", "--proxy", "*"], cwd=root, capture_output=True, text=True, timeout=120)
    assert res.returncode == 2
    assert res.stderr.strip() == ("error: --proxy '*' would trust every client's X-Forwarded-For: "
                                  "name the proxy's address")


def test_serve_with_proxy_believes_the_proxy_for_real(tmp_path: Path) -> None:
    """The real ``campaign-app serve --proxy 127.0.0.1`` over HTTP: the loopback
    connection is the proxy's, so five failures for one forwarded client hold back that
    client only; the access log shows the client's address."""
    import httpx

    from tests.server.conftest import serving
    from tests.server.test_serve import _cli

    db = f"sqlite:///{tmp_path / 'league.sqlite'}"
    res = _cli("--db", db, "league", "add-member", "ann", "--password-file", "-", stdin="right one\n")
    assert res.returncode == 0, res.stderr
    log = tmp_path / "serve.log"
    with serving(db, log, "--proxy", "127.0.0.1") as served:
        base = served.base

        def login(password: str, client: str) -> int:
            return httpx.post(f"{base}/api/login", json={"name": "ann", "password": password},
                              headers={"X-Forwarded-For": client}, timeout=30).status_code

        assert [login("wrong", "198.51.100.1") for _ in range(5)] == [401] * 5
        assert login("right one", "198.51.100.1") == 429
        assert login("right one", "198.51.100.2") == 200
    text = log.read_text(encoding="utf-8")
    assert "behind the proxy at 127.0.0.1/32" in text and "198.51.100.2" in text, text
