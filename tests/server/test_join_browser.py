"""#29: the join in a real browser (Debian's Chromium, headless, driven by Playwright):
the QR code's link opens /join, its script posts the token from the fragment, the
browser gets the HttpOnly, SameSite=Strict ca_session cookie and lands on
/battle/{id}; the token is in no URL the browser requested, not in its address bar
after the join and not in the server's log; the phone then marks its own figure (the
mark is in the database) and is given no button on the other roster's."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from tests.server.test_serve import ROOT, _cli, _free_port

CHROMIUM = Path("/usr/bin/chromium")
pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's Chromium is not installed")


def test_a_browser_joins_by_the_link_and_keeps_no_token_in_a_url(tmp_path: Path) -> None:
    playwright = pytest.importorskip("playwright.sync_api")
    db = f"sqlite:///{tmp_path / 'table.sqlite'}"
    for args in (("campaign", "create", "Kursk", "--system", "nuts"), ("roster", "create", "Kursk", "Easy"),
                 ("roster", "create", "Kursk", "Jerries"), ("fighter", "add", "Easy", "Sgt Rock", "--rep", "5"),
                 ("fighter", "add", "Jerries", "Hans", "--rep", "4"),
                 ("battle", "setup", "Kursk", "--roster", "Easy", "--roster", "Jerries", "--scenario", "Patrol",
                  "--attacker", "Easy"), ("battle", "start", "1")):
        assert _cli("--db", db, *args).returncode == 0
    port = _free_port()
    res = _cli("--db", db, "--json", "battle", "invite", "1", "Easy", "--host", "127.0.0.1", "--port", str(port))
    url = json.loads(res.stdout)["url"]
    token = url.partition("#t=")[2]
    log = tmp_path / "serve.log"
    with open(log, "w", encoding="utf-8") as out:
        proc = subprocess.Popen([sys.executable, "-m", "campaign_app", "--db", db, "serve", "--bind",
                                 f"127.0.0.1:{port}"], cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
                                env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                httpx.get(f"http://127.0.0.1:{port}/join", timeout=2)
                break
            except httpx.TransportError:
                assert proc.poll() is None and time.monotonic() < deadline, log.read_text(encoding="utf-8")
                time.sleep(0.2)
        with playwright.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
            try:
                page = browser.new_page()
                requested: list[str] = []
                page.on("request", lambda r: requested.append(r.url))
                page.goto(url)
                page.wait_for_url("**/battle/1", timeout=30000)
                cookies = {c["name"]: c for c in page.context.cookies()}
                address_bar = page.evaluate("location.href")
                # the phone marks its own figure, and is given no button on the other side's
                figures = _figures(db)
                rock, hans = figures["Sgt Rock"], figures["Hans"]
                assert page.locator(f"form:has(input[name=figure][value='{hans}']) button[name=status]").count() == 0
                page.locator(f"form:has(input[name=figure][value='{rock}']) button[value='duck-back']").click()
                deadline = time.monotonic() + 15
                while not _marks(db) and time.monotonic() < deadline:
                    time.sleep(0.2)
                marks = _marks(db)
            finally:
                browser.close()
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    assert address_bar == f"http://127.0.0.1:{port}/battle/1"
    assert requested and all(token not in u for u in requested), requested
    session = cookies["ca_session"]
    assert session["httpOnly"] and session["sameSite"] == "Strict" and session["value"] != token
    assert marks == [(rock, "status", "duck-back")], marks  # one mark, on the phone's own figure
    text = log.read_text(encoding="utf-8")
    assert "POST /join" in text and token not in text and session["value"] not in text


def _figures(db: str) -> dict[str, int]:
    import sqlite3

    con = sqlite3.connect(db.removeprefix("sqlite:///"))
    try:
        return dict(con.execute("SELECT name, id FROM fighter").fetchall())
    finally:
        con.close()


def _marks(db: str) -> list[tuple[int, str, str]]:
    import sqlite3

    con = sqlite3.connect(db.removeprefix("sqlite:///"))
    try:
        return con.execute("SELECT fighter_id, kind, value FROM battle_mark").fetchall()
    finally:
        con.close()

