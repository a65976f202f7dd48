"""#35 item 3, #28: every CLI command's handler gets the app facade of ``--db`` (a local
``Campaigns``, a league server's ``RemoteCampaigns``) and calls its use-cases through
``app.run``. The commands that need the database itself are the one list
``campaign_app.cli.LOCAL_ONLY``: exactly their handlers reach the database (an engine),
and on a league server each is refused in one line before anything is opened or sent.
(The league end to end, with a real server: tests/server/test_remote.py.)"""

from __future__ import annotations

import argparse
import inspect
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from campaign_app.cli import LOCAL_ONLY, build_parser, main
from campaign_app.facade import Campaigns
from tests.conftest import snapshot


def _handlers(p: argparse.ArgumentParser, path: tuple[str, ...] = ()) -> Iterator[tuple[str, Callable[..., Any]]]:
    """Every command of ``p`` with its handler: ("campaign purge", cmd_campaign_purge)..."""
    for a in p._actions:
        if isinstance(a, argparse._SubParsersAction):
            for name, sp in a.choices.items():
                yield from _handlers(sp, (*path, name))
    handler = p.get_default("handler")
    if handler is not None and path:
        assert p.get_default("command_path") == " ".join(path)
        yield " ".join(path), handler


COMMANDS = dict(_handlers(build_parser()))


def test_local_only_names_exactly_the_commands_that_reach_the_database_itself() -> None:
    """A handler that takes an engine (``app.engine``, or --db opened by itself) is listed
    in LOCAL_ONLY, and every listed command is one of those: no other handler gets at
    the database but through ``app.run``."""
    assert LOCAL_ONLY <= set(COMMANDS), LOCAL_ONLY - set(COMMANDS)
    reaching = {name for name, h in COMMANDS.items() if "engine" in inspect.getsource(h)}
    assert reaching == set(LOCAL_ONLY)
    for name, h in COMMANDS.items():
        params = list(inspect.signature(h).parameters)
        assert len(params) == 2 and params[1] in ("app", "_app"), (name, params)


# one way to call each LOCAL_ONLY command (a new entry must be added here too)
LOCAL_ARGV = {
    "backup": ["backup"],
    "restore": ["restore", "old.sqlite"],
    "campaign purge": ["campaign", "purge", "Kursk", "--yes"],
    "serve": ["serve", "--bind", "127.0.0.1:1"],
    "league init": ["league", "init"],
    "league add-player": ["league", "add-player", "ann", "--password-stdin"],
    "league arbitrator": ["league", "arbitrator", "carla"],
    "league players": ["league", "players"],
    "league adopt-players": ["league", "adopt-players", "--disabled"],
    "league close-direct": ["league", "close-direct"],
}


@pytest.mark.parametrize("name", sorted(LOCAL_ONLY))
def test_a_local_only_command_on_a_league_is_refused_before_anything_is_opened(
        name: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Refused in one line naming the server, nothing opened: no RemoteCampaigns (so no
    token read, no request), no database, no server started."""
    from campaign_app import remote

    assert set(LOCAL_ARGV) == set(LOCAL_ONLY)

    def never(*_a: Any, **_k: Any) -> Any:
        raise AssertionError("opened something for a command refused on a league")

    monkeypatch.setenv("CAMPAIGN_APP_CONFIG_DIR", str(tmp_path))
    monkeypatch.setattr(remote.RemoteCampaigns, "open", classmethod(never))
    monkeypatch.setattr(remote, "_client", never)
    monkeypatch.setattr("campaign_app.cli.open_engine", never)
    monkeypatch.setattr("db.migrate.open_database", never)
    monkeypatch.setattr("db.engine.make_engine", never)
    code = main(["--db", "https://ann@league.example.org/kursk/", *LOCAL_ARGV[name]])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err == ("error: that command needs the database itself: not available on a league server "
                   "(https://league.example.org/kursk)\n")


def test_a_handler_gets_the_local_campaigns_and_the_use_cases_run_through_it(
        db_url: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """On a local database (SQLite, PostgreSQL) every use-case a command calls goes
    through ``Campaigns.run`` (the facade's one door), and what it writes is there."""
    calls: list[str] = []
    real_run = Campaigns.run

    def spy(self: Campaigns, use_case: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        calls.append(use_case.__name__)
        return real_run(self, use_case, *args, **kwargs)

    monkeypatch.setattr(Campaigns, "run", spy)
    db = db_url
    assert main(["--db", db, "campaign", "create", "Kursk", "--system", "nuts"]) == 0
    assert main(["--db", db, "roster", "create", "Kursk", "Easy"]) == 0
    assert main(["--db", db, "fighter", "add", "Easy", "Sgt Rock", "--rep", "5"]) == 0
    # roster show answers by its plain read (issue #32: no database layer, no facade)...
    assert main(["--db", db, "roster", "show", "Easy"]) == 0
    plain = capsys.readouterr().out.split("added fighter 1: Sgt Rock\n")[1]
    assert plain.startswith("Easy (#1, squad) in Kursk") and "Sgt Rock" in plain
    assert calls == ["create_campaign", "create_roster", "add_fighter", "show_fighter"]
    # ... and, without it, through the facade, with the same output
    monkeypatch.setattr("campaign_app.cli.PLAIN_READS", {})
    assert main(["--db", db, "roster", "show", "Easy"]) == 0
    assert capsys.readouterr().out == plain
    assert calls == ["create_campaign", "create_roster", "add_fighter", "show_fighter", "show_roster"]
    app = Campaigns.open(db, create=False)
    try:
        rows = snapshot(app.engine)
    finally:
        app.dispose()
    assert any(r for r in rows["fighter"] if "'Sgt Rock'" in r and "5" in r)
