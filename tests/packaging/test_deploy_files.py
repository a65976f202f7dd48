"""docs/deploy (#35 item 7): the files an organiser copies must keep matching the server.
The command lines of the systemd unit and the Containerfile are parsed by the real CLI
(a renamed option fails here, not on a league's server); the proxies' body limit is the
server's; nginx's site passes ``nginx -t`` and the unit ``systemd-analyze verify`` where
those tools are installed."""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

from campaign_app.cli import build_parser
from server.app import MAX_BODY, proxy_addresses

DEPLOY = Path(__file__).resolve().parents[2] / "docs" / "deploy"


def _serve_args(argv: list[str]) -> object:
    assert argv[0].endswith("campaign-app") and argv[1] == "serve", argv
    args = build_parser().parse_args(argv[1:])
    from campaign_app.cli.serve import parse_bind

    parse_bind(args.bind)
    if args.proxy:
        proxy_addresses(args.proxy)
    return args


def test_the_unit_runs_serve_behind_the_local_proxy() -> None:
    text = (DEPLOY / "campaign-app.service").read_text(encoding="utf-8")
    line = next(x for x in text.splitlines() if x.startswith("ExecStart="))
    args = _serve_args(shlex.split(line.removeprefix("ExecStart=")))
    assert args.bind == "127.0.0.1:8350" and args.proxy == "127.0.0.1"  # type: ignore[attr-defined]
    assert "EnvironmentFile=" in text and "User=campaign-app" in text and "KillSignal=SIGINT" in text


def test_the_container_runs_serve_on_every_address_as_a_user() -> None:
    text = (DEPLOY / "Containerfile").read_text(encoding="utf-8")
    entry = json.loads(re.search(r"^ENTRYPOINT (\[.*\])$", text, re.M).group(1))  # type: ignore[union-attr]
    args = _serve_args(entry + ["--proxy", "10.88.0.1"])
    assert args.bind == "0.0.0.0:8350"  # type: ignore[attr-defined]
    assert re.search(r"^USER campaign-app$", text, re.M) and "slim" in text.splitlines()[
        next(i for i, x in enumerate(text.splitlines()) if x.startswith("FROM "))]
    for package in ("campaign_app", "db", "server", "ui", "reports"):  # what pyproject installs
        assert f"COPY {package} ./{package}" in text


def test_the_proxies_limit_bodies_as_the_server_does_and_send_hsts() -> None:
    assert MAX_BODY == 1_000_000
    nginx = (DEPLOY / "nginx.conf").read_text(encoding="utf-8")
    caddy = (DEPLOY / "Caddyfile").read_text(encoding="utf-8")
    assert re.search(r"client_max_body_size 1m;", nginx) and re.search(r"max_size 1MB", caddy)
    assert "Strict-Transport-Security" in nginx and "Strict-Transport-Security" in caddy
    assert "proxy_set_header X-Forwarded-For $remote_addr;" in nginx  # replaced, never appended
    assert "127.0.0.1:8350" in nginx and "reverse_proxy 127.0.0.1:8350" in caddy


@pytest.mark.skipif(shutil.which("nginx") is None, reason="nginx is not installed")
def test_nginx_accepts_the_site(tmp_path: Path) -> None:
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(tmp_path / "k.pem"),
                    "-out", str(tmp_path / "c.pem"), "-days", "1", "-subj", "/CN=league.example.org"],
                   check=True, capture_output=True)
    site = (DEPLOY / "nginx.conf").read_text(encoding="utf-8")
    site = site.replace("/etc/letsencrypt/live/league.example.org/fullchain.pem", str(tmp_path / "c.pem"))
    site = site.replace("/etc/letsencrypt/live/league.example.org/privkey.pem", str(tmp_path / "k.pem"))
    site = site.replace("/var/log/nginx/campaign-app.access.log", str(tmp_path / "access.log"))
    (tmp_path / "site.conf").write_text(site, encoding="utf-8")
    (tmp_path / "main.conf").write_text(f"pid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/error.log;\n"
                                        f"events {{}}\nhttp {{ include {tmp_path}/site.conf; }}\n", encoding="utf-8")
    res = subprocess.run(["nginx", "-t", "-c", str(tmp_path / "main.conf")], capture_output=True, text=True)
    assert res.returncode == 0, res.stderr


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")
def test_systemd_accepts_the_unit(tmp_path: Path) -> None:
    import sys

    exe = Path(sys.executable).with_name("campaign-app")
    if not exe.exists():
        pytest.skip("no campaign-app console script beside this Python")
    unit = (DEPLOY / "campaign-app.service").read_text(encoding="utf-8")
    (tmp_path / "campaign-app.service").write_text(unit.replace("/opt/campaign-app/bin/campaign-app", str(exe)),
                                                   encoding="utf-8")
    res = subprocess.run(["systemd-analyze", "verify", str(tmp_path / "campaign-app.service")],
                         capture_output=True, text=True)
    assert res.returncode == 0 and "campaign-app.service" not in res.stderr, res.stderr
