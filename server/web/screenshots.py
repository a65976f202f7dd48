"""Screenshots of the web pages (``python -m server.web.screenshots DIR``): the demo
campaigns in a fresh SQLite file, a battle in progress with a few marks, the server on
a free local port, Debian's Chromium headless (Playwright) at a phone's 390 x 844 and a
tablet's 820 x 1180, light and dark. The helpers here (:func:`serving`,
:func:`launch_chromium`, :func:`table_league`) are the browser tests' too."""

from __future__ import annotations

import argparse
import socket
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from campaign_app.facade import Campaigns
from campaign_app.usecases import demo, gui_queries, league, members, table

CHROMIUM = "/usr/bin/chromium"
SIZES = {"phone": (390, 844), "tablet": (820, 1180)}
PASSWORD = "a long table passphrase"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serving(campaigns: Campaigns) -> Iterator[str]:
    """The league server (API and pages) over ``campaigns`` on a free port of this
    machine, in a thread, until the block ends; yields its base URL."""
    import uvicorn

    from server.app import create_app

    port = free_port()
    config = uvicorn.Config(create_app(campaigns), host="127.0.0.1", port=port, log_level="warning",
                            access_log=False, timeout_graceful_shutdown=1, lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name="web-test-server", daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def launch_chromium(playwright: Any) -> Any:
    """Debian's Chromium, headless (never a browser Playwright downloads)."""
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])


@dataclass
class TableLeague:
    campaigns: Campaigns
    campaign: int
    battle: int
    rosters: list[dict[str, Any]]  # the battle's two rosters (id, name)
    players: list[str]  # who owns each of them


def table_league(campaigns: Campaigns) -> TableLeague:
    """The demo campaigns, members ``ref`` (arbitrator), ``sam`` and ``jo`` (players:
    each owns one of the first campaign's first two rosters), and a battle of those two
    rosters in progress."""
    made = campaigns.run(demo.create_demo)
    cid = int(made.first_id or 0)
    tree = next(c for c in campaigns.run(gui_queries.campaign_tree) if c["id"] == cid)
    rosters: list[dict[str, Any]] = [{"id": r["id"], "name": r["name"]} for r in tree["rosters"][:2]]
    campaigns.run(members.add_member, "ref", PASSWORD, "arbitrator")
    players = ["sam", "jo"]
    ids: list[int | str] = [int(r["id"]) for r in rosters]
    for name, rid in zip(players, ids, strict=True):
        campaigns.run(members.add_member, name, PASSWORD, "player")
        campaigns.run(league.assign_roster, rid, name)
    b = campaigns.run(table.setup_battle, cid, ids)
    campaigns.run(table.start_battle, b.id)
    return TableLeague(campaigns, cid, b.id, rosters, players)


def sign_in(page: Any, base: str, name: str, button: str = "Sign in") -> None:
    page.goto(base + "/")
    page.locator("#name").fill(name)
    page.locator("#password").fill(PASSWORD)
    page.get_by_role("button", name=button).click()
    page.wait_for_url(base + "/")


def shoot(out: Path) -> list[Path]:
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    shots: list[Path] = []
    with tempfile.TemporaryDirectory() as tmp:
        campaigns = Campaigns.open(f"sqlite:///{tmp}/screens.db")
        tl = table_league(campaigns)
        view = campaigns.run(table.table_view, tl.battle)
        mine = [int(f["fighter_id"]) for f in view["figures"]
                if f["roster_id"] == tl.rosters[0]["id"] and f["fighter_id"]]
        theirs = [int(f["fighter_id"]) for f in view["figures"]
                  if f["roster_id"] == tl.rosters[1]["id"] and f["fighter_id"]]
        downs = [s for s in view["statuses"] if s != view["default_status"]]
        if len(mine) > 1 and theirs and downs:  # a few marks, as in a game under way
            campaigns.run(table.hit, tl.battle, mine[0])
            campaigns.run(table.track, tl.battle, theirs[0], downs[-1], by=mine[0])
            campaigns.run(table.track, tl.battle, mine[1], downs[0])
        pages = {"sign-in": None, "campaigns": "/", "battle": f"/battle/{tl.battle}",
                 "roster": f"/roster/{tl.rosters[0]['id']}", "standings": f"/campaign/{tl.campaign}/standings",
                 "roll-log": f"/campaign/{tl.campaign}/log"}
        with serving(campaigns) as base, sync_playwright() as p:
            browser = launch_chromium(p)
            for size, (w, h) in SIZES.items():
                for scheme in ("light", "dark"):
                    ctx = browser.new_context(viewport={"width": w, "height": h}, color_scheme=scheme,
                                              locale="en-GB", device_scale_factor=1)
                    page = ctx.new_page()
                    for name, path in pages.items():
                        if path is None:
                            page.goto(base + "/")
                        else:
                            if name == "campaigns":
                                sign_in(page, base, tl.players[0])
                            page.goto(base + path)
                        page.wait_for_load_state("networkidle") if name != "battle" else page.wait_for_timeout(300)
                        file = out / f"web-{name}-{size}-{scheme}.png"
                        page.screenshot(path=str(file), full_page=False)
                        shots.append(file)
                    ctx.close()
            for lang in ("fr", "it"):  # the battle page in the other languages, on a phone
                ctx = browser.new_context(viewport={"width": SIZES["phone"][0], "height": SIZES["phone"][1]},
                                          color_scheme="light", locale=f"{lang}-{lang.upper()}")
                page = ctx.new_page()
                sign_in(page, base, tl.players[0], button={"fr": "Se connecter", "it": "Accedi"}[lang])
                page.goto(base + pages["battle"])  # type: ignore[operator]
                page.wait_for_timeout(300)
                file = out / f"web-battle-phone-{lang}.png"
                page.screenshot(path=str(file))
                shots.append(file)
                ctx.close()
            browser.close()
        campaigns.dispose()
    return shots


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m server.web.screenshots", description=__doc__.split("\n\n")[0])
    ap.add_argument("out", nargs="?", default="docs/screenshots", help="the folder for the PNGs")
    args = ap.parse_args(argv)
    for f in shoot(Path(args.out)):
        print(f, file=sys.stdout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
