"""``league init|add-player|assign|arbitrator|players``: league mode on a PostgreSQL server;
``league add-member|members|sessions|revoke``: the members of the league server
(``campaign-app serve``, SQLite or PostgreSQL)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from campaign_app.cli import emit, table_text
from campaign_app.errors import InputError

if TYPE_CHECKING:
    from campaign_app.facade import Campaigns

NOT_POSTGRES = "league mode needs a PostgreSQL server (give --db postgresql://USER@HOST/DATABASE)"


def _engine(args: argparse.Namespace, *, create: bool = False) -> Any:
    """The league database: only a PostgreSQL URL (checked before anything is opened).
    The commands that open it so are in ``campaign_app.cli.LOCAL_ONLY``: roles, grants and
    the schema are the database's own, never a league server's (refused there)."""
    from db.engine import default_url, normalize_url
    from db.migrate import open_database

    url = args.db or default_url()
    if normalize_url(url).get_backend_name() != "postgresql":
        raise InputError(NOT_POSTGRES)
    return open_database(url, create=create)


def _password(args: argparse.Namespace) -> str:
    if args.password_stdin:
        line = sys.stdin.readline()
        return line[:-1] if line.endswith("\n") else line
    return _asked_twice(args.name, "give it with --password-stdin")


def _asked_twice(name: str, otherwise: str) -> str:
    """A password typed twice without echo; refused in one line with no terminal (a
    script, a pipe, a test: never a prompt nobody sees), ``otherwise`` saying what to give."""
    if not sys.stdin.isatty():
        raise InputError(f"no terminal to ask the password on: {otherwise}")
    import getpass

    first = getpass.getpass(f"password for {name}: ")
    if getpass.getpass(f"password for {name} again: ") != first:
        raise InputError("the two passwords differ; nothing was changed")
    return first


def _run(args: argparse.Namespace, body: Any, *, create: bool = False) -> None:
    engine = _engine(args, create=create)
    try:
        body(engine)
    finally:
        engine.dispose()


def cmd_init(args: argparse.Namespace, _app: Any) -> None:
    from campaign_app.usecases.league import init_league

    def body(engine: Any) -> None:
        d = init_league(engine)
        emit(args, d, f"league ready in {d.database}: players are members of {d.player_role}, "
                      f"the arbitrator of {d.arbitrator_role} ({d.tables} tables)")

    _run(args, body, create=True)


def cmd_add_player(args: argparse.Namespace, _app: Any) -> None:
    from campaign_app.usecases.league import add_player

    def body(engine: Any) -> None:
        d = add_player(engine, args.name, _password(args))
        emit(args, d, f"player {d.name} {'added' if d.created else 'given a new password'}")

    _run(args, body)


def cmd_assign(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.league import assign_roster

    d = app.run(assign_roster, args.roster, args.player, campaign=args.campaign)
    emit(args, d, f"{d.roster} now belongs to {d.player}")


# --------------------------------------------------------------------------- server members
def _member_password(args: argparse.Namespace) -> str:
    """The new member's password: the first line of ``--password-file`` (``-``: standard
    input), else asked twice without echo."""
    if args.password_file is not None:
        if args.password_file == "-":
            line = sys.stdin.readline()
        else:
            from pathlib import Path

            try:
                text = Path(args.password_file).read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as e:
                raise InputError(f"cannot read the password file {args.password_file}: "
                                 f"{getattr(e, 'strerror', None) or e}") from None
            line = text.splitlines()[0] if text.splitlines() else ""
        return line.rstrip("\r\n")
    return _asked_twice(args.name, "give --password-file F (- for standard input)")


def cmd_add_member(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.members import add_member

    d = app.run(add_member, args.name, _member_password(args), args.role)
    emit(args, d, f"{d.name} is a member of the league server ({d.role})")


def cmd_set_member(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.members import set_member

    password = _member_password(args) if args.password or args.password_file is not None else None
    d = app.run(set_member, args.name, password=password, role=args.role, disabled=args.disabled)
    said = [f"role {d.role}"] + (["disabled"] if d.disabled else []) + (["new password"] if d.password_changed else [])
    emit(args, d, f"{d.name}: {', '.join(said)}" + (f"; {d.sessions_ended} session(s) ended" if d.sessions_ended else ""))


def cmd_members(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.members import members

    rows = app.run(members)
    emit(args, rows, lambda: table_text(
        [(m["name"], m["role"] + (" (disabled)" if m["disabled"] else ""),
          ", ".join(r["name"] for r in m["rosters"])) for m in rows], ["member", "role", "rosters"])
        if rows else "no members yet: league add-member NAME --role player")


def cmd_sessions(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.members import sessions

    rows = app.run(sessions, args.member)
    emit(args, rows, lambda: table_text(
        [(x["id"], x["member"], x["state"], f"{x['created_at']:%Y-%m-%d %H:%M}", f"{x['last_used']:%Y-%m-%d %H:%M}",
          f"{x['expires_at']:%Y-%m-%d %H:%M}") for x in rows],
        ["id", "member", "state", "created (UTC)", "last used", "expires"]) if rows else "no sessions")


def cmd_revoke(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.members import revoke

    if (args.session is None) == (args.member is None):
        raise InputError("give a session id (league sessions lists them) or --member NAME")
    sid = None
    if args.session is not None:
        if not args.session.isdigit():
            raise InputError(f"{args.session!r} is not a session id (a number: league sessions lists them)")
        sid = int(args.session)
    d = app.run(revoke, sid, member=args.member)
    emit(args, d, f"{d.sessions} session{'s' if d.sessions != 1 else ''} ended")


def cmd_arbitrator(args: argparse.Namespace, _app: Any) -> None:
    from campaign_app.usecases.league import name_arbitrator

    def body(engine: Any) -> None:
        d = name_arbitrator(engine, args.name)
        emit(args, d, f"{d.name} is the league's arbitrator")

    _run(args, body)


def cmd_players(args: argparse.Namespace, _app: Any) -> None:
    from campaign_app.usecases.league import players

    def body(engine: Any) -> None:
        rows = players(engine)
        emit(args, rows, lambda: table_text(
            [(p["name"], "arbitrator" if p["arbitrator"] else "player",
              ", ".join(f"{r['name']} ({r['campaign']})" for r in p["rosters"])) for p in rows],
            ["player", "role", "rosters"]))

    _run(args, body)


def _say_closed(d: Any) -> str:
    lines = [f"direct login closed for {', '.join(d.closed)}" if d.closed else "no direct login left to close"]
    if d.already_closed:
        lines.append(f"already closed: {', '.join(d.already_closed)}")
    if d.connections_ended > 0:
        lines.append(f"{d.connections_ended} open connection(s) of theirs ended")
    elif d.connections_ended < 0:
        lines.append("their open connections (if any) last until they disconnect: this login may not end them")
    return "\n".join(lines)


def cmd_adopt_players(args: argparse.Namespace, _app: Any) -> None:
    from campaign_app.usecases.league import adopt_players, close_direct

    def body(engine: Any) -> None:
        d = adopt_players(engine, disabled=args.disabled)
        closed = close_direct(engine) if args.close_direct else None

        def text() -> str:
            rows = [(m["name"], m["role"], ", ".join(r["name"] for r in m["rosters"]),
                     (m["password"] or "(disabled until set-member --password --enable)") if m["adopted"]
                     else "(already a member)") for m in d.members]
            out = table_text(rows, ["member", "role", "rosters", "starting password"]) if rows \
                else "the league has no players"
            if any(m["password"] for m in d.members):
                out += ("\nEach starting password is shown only now: hand it to its player privately; "
                        "league set-member NAME --password changes it.")
            return out + ("\n" + _say_closed(closed) if closed is not None else "")

        emit(args, {"members": d.members, "adopted": d.adopted,
                    "closed": None if closed is None else closed.closed}, text)

    _run(args, body)


def cmd_close_direct(args: argparse.Namespace, _app: Any) -> None:
    from campaign_app.usecases.league import close_direct

    def body(engine: Any) -> None:
        d = close_direct(engine)
        emit(args, d, _say_closed(d))

    _run(args, body)


def register(sub: Any, add: Any, group: Any) -> None:
    g = group("league", "league mode on a PostgreSQL server: players, rosters, rights")
    add(g, "init", cmd_init, "create the league's roles, grants and row-level security (run again after "
        "an upgrade)", needs_db=False)
    sp = add(g, "add-player", cmd_add_player, "create a login role for a player (password asked, never kept)",
             needs_db=False)
    sp.add_argument("name")
    sp.add_argument("--password-stdin", action="store_true", help="read the password from standard input")
    sp = add(g, "assign", cmd_assign, "give a roster to a player (a member of the league server, or a "
             "PostgreSQL player)")
    sp.add_argument("roster")
    sp.add_argument("player")
    sp.add_argument("--campaign", help="the campaign of the roster (when names repeat)")
    sp = add(g, "arbitrator", cmd_arbitrator, "name who may change everything", needs_db=False)
    sp.add_argument("name")
    add(g, "players", cmd_players, "the league's players and their rosters", needs_db=False)
    sp = add(g, "add-member", cmd_add_member, "add a member of the league server (campaign-app serve); "
             "the password is asked, or read with --password-file", creates_db=True)
    sp.add_argument("name")
    sp.add_argument("--role", choices=("player", "arbitrator", "viewer"), default="player",
                    help="player (their own rosters), arbitrator (everything) or viewer (reads only)")
    sp.add_argument("--password-file", metavar="FILE",
                    help="read the password from the first line of FILE (- for standard input)")
    sp = add(g, "set-member", cmd_set_member, "change a server member's password, role, or disable them "
             "(a new password or disabling ends their sessions)")
    sp.add_argument("name")
    sp.add_argument("--role", choices=("player", "arbitrator", "viewer"))
    sp.add_argument("--password", action="store_true", help="ask for a new password")
    sp.add_argument("--password-file", metavar="FILE", help="the new password: first line of FILE (- for stdin)")
    dis = sp.add_mutually_exclusive_group()
    dis.add_argument("--disable", dest="disabled", action="store_const", const=True, default=None,
                     help="the member may no longer log in")
    dis.add_argument("--enable", dest="disabled", action="store_const", const=False)
    add(g, "members", cmd_members, "the league server's members, their roles and rosters")
    sp = add(g, "adopt-players", cmd_adopt_players, "a direct PostgreSQL league to the league server: "
             "every player and arbitrator role becomes a member of the same name, role and rosters "
             "(a starting password each, shown once)", needs_db=False)
    sp.add_argument("--disabled", action="store_true", help="show no passwords: the new members stay "
                    "disabled until league set-member NAME --password --enable")
    sp.add_argument("--close-direct", action="store_true", help="then close the direct login (as "
                    "league close-direct)")
    add(g, "close-direct", cmd_close_direct, "the direct PostgreSQL league closed to players: their roles "
        "lose LOGIN, their open connections end (the server's own login stays)", needs_db=False)
    sp = add(g, "sessions", cmd_sessions, "the league server's logins (never their tokens)")
    sp.add_argument("--member", help="only this member's")
    sp = add(g, "revoke", cmd_revoke, "end a login of the league server, or every login of a member")
    sp.add_argument("session", nargs="?", metavar="TOKEN-ID", help="the session's id (league sessions)")
    sp.add_argument("--member", help="end every session of this member")
