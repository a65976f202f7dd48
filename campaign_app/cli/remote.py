"""The CLI over a league server: ``--db https://host/league`` (or ``http://`` on a LAN).

``login [NAME]`` and ``logout`` sign in and out (:mod:`campaign_app.remote` keeps the
token: the keyring, else a 0600 file; never printed). Every other command runs as on a
local file: its handler is given the league's facade, a
:class:`campaign_app.remote.RemoteCampaigns`, where a local database gives a
:class:`campaign_app.facade.Campaigns` (``campaign_app.cli._run``), and its
``app.run(use_case, ...)`` is sent to the server (same result, same change set). A use-case
the server does not offer is refused there in one line, nothing written; a command that
needs the database itself (``campaign_app.cli.LOCAL_ONLY``: backup, restore, purge,
serve...) is refused before anything is sent."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from campaign_app.cli import emit
from campaign_app.errors import InputError


def cmd_login(args: argparse.Namespace, _app: Any) -> None:
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


def cmd_logout(args: argparse.Namespace, _app: Any) -> None:
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
