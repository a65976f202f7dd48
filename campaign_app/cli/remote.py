"""The CLI over a league server: ``--db https://host/league`` (or ``http://`` on a LAN).

``login [NAME]`` and ``logout`` sign in and out (:mod:`campaign_app.remote` keeps the
token: the keyring, else a 0600 file; never printed). Every other command runs as on a
local file: its handler is given a :class:`LeagueEngine` instead of an engine, and for
the command's run every use-case function of :mod:`campaign_app.usecases` is wrapped so
that called with a :class:`LeagueEngine` it is sent to the server
(:meth:`campaign_app.remote.RemoteCampaigns.run`: same result, same change set); a
command that needs the database itself (backup, purge, a whole-database import, a
game's own commands the server does not offer) is refused in one line, nothing sent."""

from __future__ import annotations

import argparse
import functools
import importlib
import inspect
import pkgutil
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from campaign_app.cli import emit
from campaign_app.errors import InputError


class LeagueEngine:
    """What a command's handler gets for ``engine`` on a league server: use-cases called
    with it go to the server; anything that would reach the database is refused."""

    def __init__(self, app: Any) -> None:
        self.app = app

    def __getattr__(self, name: str) -> Any:
        raise InputError(f"that command needs the database itself: not available on a league server "
                         f"({self.app.url})")

    def dispose(self) -> None:
        self.app.dispose()


def _use_case_modules() -> list[Any]:
    import campaign_app.usecases as pkg

    mods = []
    for info in pkgutil.iter_modules(pkg.__path__):
        try:
            mods.append(importlib.import_module(f"{pkg.__name__}.{info.name}"))
        except ImportError:
            continue
    return mods


def _wrapped(fn: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(fn)
    def call(engine: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(engine, LeagueEngine):
            return engine.app.run(fn, *args, **kwargs)
        return fn(engine, *args, **kwargs)

    call.__league_original__ = fn  # type: ignore[attr-defined]
    return call


@contextmanager
def over_league() -> Iterator[None]:
    """Every use-case called with a :class:`LeagueEngine` goes to its server (for the
    time of one command)."""
    from campaign_app.wire import takes_database

    patched: list[tuple[Any, str, Any]] = []
    for mod in _use_case_modules():
        for name, fn in list(vars(mod).items()):
            if (inspect.isfunction(fn) and fn.__module__ == mod.__name__ and not name.startswith("_")
                    and takes_database(fn)):
                patched.append((mod, name, fn))
                setattr(mod, name, _wrapped(fn))
    try:
        yield
    finally:
        for mod, name, fn in patched:
            setattr(mod, name, fn)


def run_handler(args: argparse.Namespace, handler: Any) -> Any:
    """``handler`` run over the league server ``args.db``."""
    from campaign_app.remote import RemoteCampaigns

    engine = LeagueEngine(RemoteCampaigns.open(args.db))
    try:
        with over_league():
            return handler(args, engine)
    finally:
        engine.dispose()


def cmd_login(args: argparse.Namespace, _engine: Any) -> None:
    import getpass

    from campaign_app.remote import is_league_url, login, split_member

    if not is_league_url(args.db):
        raise InputError("login is for a league server: give --db https://HOST/LEAGUE (or http:// on a LAN)")
    _, named = split_member(args.db)
    name = args.name or named
    if not name:
        if not sys.stdin.isatty():
            raise InputError("give the member's name: campaign-app --db URL login NAME")
        name = input("member name: ").strip()
    if args.password_stdin:
        line = sys.stdin.readline()
        password = line[:-1] if line.endswith("\n") else line
    else:
        if not sys.stdin.isatty():
            raise InputError("no terminal to ask the password on: give it with --password-stdin")
        password = getpass.getpass(f"password for {name}: ")
    d = login(args.db, name, password)
    emit(args, d, f"signed in to {d['url']} as {d['name']} ({d['role']}) until {d['expires_at']}; "
                  f"the token is kept in {d['kept_in']}")


def cmd_logout(args: argparse.Namespace, _engine: Any) -> None:
    from campaign_app.remote import is_league_url, logout

    if not is_league_url(args.db):
        raise InputError("logout is for a league server: give --db https://HOST/LEAGUE")
    who = logout(args.db, args.name)
    emit(args, {"signed_out": who}, f"signed out {who}; the token is forgotten")


def register(sub: Any, add: Any, group: Any) -> None:
    sp = add(sub, "login", cmd_login, "sign in to a league server (--db https://HOST/LEAGUE): the token "
             "is kept in the system keyring (else a file only you can read)", needs_db=False)
    sp.add_argument("name", nargs="?", help="your member name (default: the one in the URL)")
    sp.add_argument("--password-stdin", action="store_true", help="read the password from the first line of stdin")
    sp = add(sub, "logout", cmd_logout, "sign out of a league server and forget the token", needs_db=False)
    sp.add_argument("name", nargs="?", help="the member (default: the last one signed in there)")
