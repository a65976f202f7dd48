"""#29: the join in a real browser (Debian's Chromium, headless, driven by Playwright):
the QR code's link opens /join, its script posts the token from the fragment, the
browser gets the HttpOnly, SameSite=Strict ca_session cookie and lands on
/battle/{id}; the token is in no URL the browser requested, not in its address bar
after the join and not in the server's log; the phone then marks its own figure (the
mark is in the database) and is given no button on the other roster's. On SQLite and
on PostgreSQL (the `engine` fixture's backends)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

from campaign_app.facade import Campaigns
from campaign_app.usecases import campaigns, fighters, rosters, table
from tests.server.conftest import free_port, serving
from tests.server.test_serve import _cli

CHROMIUM = Path("/usr/bin/chromium")
pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's Chromium is not installed")


def test_a_browser_joins_by_the_link_and_keeps_no_token_in_a_url(engine: Any, tmp_path: Path) -> None:
    playwright = pytest.importorskip("playwright.sync_api")
    db = engine.url.render_as_string(hide_password=False)
    # the battle set up in this process (a CLI start costs seconds); the invitation by the CLI
    app = Campaigns(engine)
    c = app.run(campaigns.create_campaign, "Kursk", "nuts")
    easy, jerries = (app.run(rosters.create_roster, c.id, name) for name in ("Easy", "Jerries"))
    app.run(fighters.add_fighter, easy.id, "Sgt Rock", rep=5)
    app.run(fighters.add_fighter, jerries.id, "Hans", rep=4)
    b = app.run(table.setup_battle, c.id, [easy.id, jerries.id], scenario="Patrol", attacker=easy.id)
    app.run(table.start_battle, b.id)
    assert b.id == 1
    port = free_port()
    res = _cli("--db", db, "--json", "battle", "invite", "1", "Easy", "--host", "127.0.0.1", "--port", str(port))
    url = json.loads(res.stdout)["url"]
    token = url.partition("#t=")[2]
    log = tmp_path / "serve.log"
    with serving(db, log, port=port):  # the port the invitation names
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
                figures = _figures(engine)
                rock, hans = figures["Sgt Rock"], figures["Hans"]
                assert page.locator(f"form:has(input[name=figure][value='{hans}']) button[name=status]").count() == 0
                page.locator(f"form:has(input[name=figure][value='{rock}']) button[value='duck-back']").click()
                deadline = time.monotonic() + 15
                while not _marks(engine) and time.monotonic() < deadline:
                    time.sleep(0.2)
                marks = _marks(engine)
            finally:
                browser.close()
    assert address_bar == f"http://127.0.0.1:{port}/battle/1"
    assert requested and all(token not in u for u in requested), requested
    session = cookies["ca_session"]
    assert session["httpOnly"] and session["sameSite"] == "Strict" and session["value"] != token
    assert marks == [(rock, "status", "duck-back")], marks  # one mark, on the phone's own figure
    text = log.read_text(encoding="utf-8")
    assert "POST /join" in text and token not in text and session["value"] not in text


def _figures(engine: Any) -> dict[str, int]:
    with engine.connect() as c:
        return {name: i for name, i in c.execute(text("SELECT name, id FROM fighter"))}


def _marks(engine: Any) -> list[tuple[int, str, str]]:
    with engine.connect() as c:
        return [tuple(r) for r in c.execute(text("SELECT fighter_id, kind, value FROM battle_mark"))]
