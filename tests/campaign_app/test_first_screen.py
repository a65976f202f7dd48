"""The window's first screen read by plain SQL (issue #32) against the ORM's reads: for
every game's demo campaign, on SQLite and PostgreSQL, the same tree, the same first
roster page and the same detail pane values; and the cases it leaves to the normal path."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from campaign_app.usecases import first_screen as fsu
from campaign_app.usecases import gui_queries as q
from campaign_app.usecases.demo import create_demo

ROOT = Path(__file__).resolve().parents[2]


def _url(engine: Any) -> str:
    return str(engine.url.render_as_string(hide_password=False))


def _orm_detail(engine: Any, kind: str, ident: int, cid: int) -> Any:
    if kind == "roster":
        return q.roster_detail(engine, ident)
    return q.battles(engine, cid, newest=fsu.BATTLES_NEWEST)


def test_first_screen_equals_the_orm_for_every_game(engine: Any) -> None:
    create_demo(engine)
    url = _url(engine)
    tree = q.campaign_tree(engine)
    systems = {c["system"] for c in tree}
    from campaign_app.systems import systems as installed

    assert systems == set(installed()), "a demo campaign for every installed game"
    checked = 0
    for camp in tree:
        for want in [("campaign", camp["id"]), *(("roster", r["id"]) for r in camp["rosters"])]:
            got = fsu.first_screen(url, want)  # type: ignore[arg-type]
            assert got is not None, (camp["system"], want)
            assert got["tree"] == tree  # the whole tree, every campaign's
            assert got["want"] == want
            scope = {"roster": want[1]} if want[0] == "roster" else {"campaign": camp["id"]}
            assert got["rows"] == q.roster_rows(engine, **scope)["rows"], (camp["system"], want)
            assert got["rows"], (camp["system"], want)  # the demo's rosters have figures
            assert got["counts"] is None
            assert got["detail"] == _orm_detail(engine, want[0], want[1], camp["id"]), (camp["system"], want)
            assert got["house_rules"] == q.range_rules(engine, camp["id"]) | got["house_rules"]
            info = q.system_info(camp["system"], camp["edition"], q.range_rules(engine, camp["id"]))
            assert [(s["key"], s["target"]) for s in got["system"]["stats"]] == \
                [(s["key"], s["target"]) for s in info["stats"]]
            checked += 1
    assert checked >= 2 * len(systems)


def test_a_paged_scope_shows_the_orm_first_page(engine: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Above the paging threshold the first screen holds the first page in the table's
    natural order (fighters, then units, by id) and the scope's SQL counts, as the
    paged table's first page."""
    create_demo(engine)
    monkeypatch.setattr(fsu, "PAGE_THRESHOLD", 3)
    monkeypatch.setattr(fsu, "PAGE_ROWS", 4)
    url = _url(engine)
    for camp in q.campaign_tree(engine):
        got = fsu.first_screen(url, ("campaign", camp["id"]))
        assert got is not None
        page = q.roster_page(engine, campaign=camp["id"], limit=4)
        assert got["rows"] == page["rows"], camp["system"]
        assert got["counts"] == q.roster_count(engine, campaign=camp["id"]), camp["system"]


def test_the_start_place_is_the_windows(engine: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """No place asked for: the first campaign (by name); one of more than LEAGUE_ROSTERS
    rosters opens on its first roster, as ``MainWindow.reload(start=True)``."""
    create_demo(engine)
    url = _url(engine)
    tree = q.campaign_tree(engine)
    got = fsu.first_screen(url)
    assert got is not None and got["want"] == ("campaign", tree[0]["id"])
    monkeypatch.setattr(fsu, "LEAGUE_ROSTERS", 0)
    got = fsu.first_screen(url, ("campaign", tree[1]["id"]))
    assert got is not None and got["want"] == ("roster", tree[1]["rosters"][0]["id"])
    got = fsu.first_screen(url, ("campaign", 10**6))  # remembered, deleted since: the first, whole
    assert got is not None and got["want"] == ("campaign", tree[0]["id"])


def test_left_to_the_normal_path(engine: Any, tmp_path: Path) -> None:
    """Nothing read (None) where the plain reads could show something else than the
    window's normal path: no campaign, a schema to migrate, an edition with its own
    characteristics (in the rules data), a league server, a file that is not there."""
    from sqlalchemy import text

    from campaign_app.usecases.campaigns import create_campaign

    url = _url(engine)
    assert fsu.first_screen(url) is None  # no campaign: the window's empty page
    c = create_campaign(engine, "Old edition", "necromunda", edition="n23")
    cid = c.id if hasattr(c, "id") else c["id"]
    assert fsu.first_screen(url, ("campaign", cid)) is None
    assert fsu.first_screen("https://league.example/league") is None
    missing = tmp_path / "nothing.sqlite"
    assert fsu.first_screen(f"sqlite:///{missing}") is None
    assert not missing.exists()  # never made by the plain read
    create_campaign(engine, "New", "nuts")
    assert fsu.first_screen(url) is not None
    with engine.begin() as con:
        con.execute(text("UPDATE alembic_version SET version_num = '0001_old'"))
    assert fsu.first_screen(url) is None


def test_head_revision_is_the_migrations() -> None:
    from db.migrate import HEAD_REVISION
    from db.queries.first_screen import head_revision

    assert head_revision() == HEAD_REVISION


def test_default_editions_characteristics_are_the_games_own() -> None:
    """The first screen chooses the table's columns from a game's own characteristics
    (no rules data read) for its default edition: true of every installed game."""
    from campaign_app.systems import systems
    from campaign_app.systems.info import stat_rules

    for sid, gs in systems().items():
        assert [(s.key, s.target) for s in stat_rules(sid, gs.info.default_edition)] == \
            [(s.key, s.target) for s in gs.info.stats], sid


def test_constants_follow_the_window() -> None:
    from campaign_app.usecases.gui_queries.tree import TREE_PAGE
    from ui import main_window, paged

    assert fsu.TREE_PAGE == TREE_PAGE
    assert fsu.LEAGUE_ROSTERS == main_window.LEAGUE_ROSTERS
    assert (fsu.PAGE_THRESHOLD, fsu.PAGE_ROWS) == (paged.PAGE_THRESHOLD, paged.PAGE_ROWS)


def test_the_fast_path_imports_no_orm() -> None:
    """Reading the first screen imports neither SQLAlchemy nor SQLModel nor pydantic
    (the rules data), measured in a fresh process."""
    code = ("import sys, json; import campaign_app.usecases.first_screen as f; import db.queries.first_screen; "
            "f.first_screen('sqlite:////nonexistent/x.sqlite'); "
            "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('sqlalchemy', 'sqlmodel', 'pydantic', 'alembic'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert json.loads(out.stdout.strip().splitlines()[-1]) == []


def test_the_first_screen_imports_none_of_what_it_does_not_show(engine: Any) -> None:
    """Listing the games and reading a first screen import nothing of what only the
    games' commands, importers, battles and rules files use (the commands'
    declarations, the dice, importlib.resources with tempfile and the archives) nor
    typing_extensions (issue #32; the plug-in contract: importing a game is cheap),
    measured in a fresh process. (psycopg imports some of them itself: what the driver
    imports does not count.)"""
    create_demo(engine)
    url = _url(engine)
    driver = "sqlite3" if url.startswith("sqlite") else "psycopg"
    unused = ("campaign_app.systems.commands", "campaign_app.dice", "importlib.resources", "tempfile",
              "typing_extensions")
    code = (f"import sys, json; import {driver}; before = set(sys.modules); "
            "import campaign_app.usecases.first_screen as f; "
            f"shown = f.first_screen({url!r}); "
            f"print(json.dumps([shown is not None, [m for m in {unused!r} if m in set(sys.modules) - before]]))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert json.loads(out.stdout.strip().splitlines()[-1]) == [True, []]


def test_the_first_screens_reader_runs_a_query_once(engine: Any) -> None:
    """The first screen asks a roster's fighter count twice (its table, its pane): the
    plain reader runs it once and gives each caller its own list of the same rows."""
    from db.queries.first_screen import current

    create_demo(engine)
    with current(_url(engine)) as db:
        assert db is not None
        ran: list[str] = []
        real = db.con

        class Counting:
            def execute(self, sql: str, params: Any = ()) -> Any:
                ran.append(sql)
                return real.execute(sql, params)

        db.con = Counting()
        try:
            sql = "SELECT count(id) FROM fighter WHERE roster_id = ?"
            rid = db.rows("SELECT min(id) FROM roster")[0][0]
            first, again = db.rows(sql, (rid,)), db.rows(sql, (rid,))
            other = db.rows(sql, (rid + 1,))
        finally:
            db.con = real
        assert first == again and first is not again and first[0][0] > 0
        assert len(ran) == 3 and other != [] and ran.count(ran[1]) == 2  # the second roster's: run
        fs = fsu.first_screen(_url(engine), None)
        assert fs is not None and fs["rows"]
