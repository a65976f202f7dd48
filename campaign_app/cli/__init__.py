"""Command line: ``campaign-app [--db URL] [--json] COMMAND ...``.

With no command it opens the GUI. Every command accepts ids or unique names and
``--json``; a command that creates something prints its id. Exit status: 0 on
success, 2 with a one-line ``error: ...`` on bad input (nothing written), 1 when the
database file is damaged (the message says to restore a copy from its ``backups``).

This package module holds what a plain start needs (``main``, ``gui_launch``: a plain
``campaign-app`` builds no parser and loads no core) and the output helpers. Each command
group is a module of its own (``campaign``, ``roster``, ``fighter``, ``battles``, ``data``,
...) that adds its commands through ``register(sub, add, group)``; they are listed in
``COMMANDS`` and ``EXTENSIONS``, and ``TOP`` says which of them add to each top-level
command: a command's parser imports those modules only, the top-level one (``--help``)
none, and the game systems (which may add to any group) are read only for a command or
action the core does not have (:func:`parser_for`). A command's handler gets the facade of ``--db`` (a
local ``Campaigns`` or a league server's ``RemoteCampaigns``, see ``Handler``) and calls
its use-cases as ``app.run(use_case, ...)``; the few that need the database itself are
listed in ``LOCAL_ONLY``. Only this package imports ``reports``, inside the
command that needs it; it never imports ``ui`` (the layer above it): ``gui`` loads the
window by name (``GUI_MODULE``).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from campaign_app.errors import AppError, InputError

# One module per command group, each with ``register(sub, add, group)``; the commands
# appear in ``--help`` in this order (``gui`` comes right after ``systems``).
COMMANDS: list[str] = [
    "campaign_app.cli.systems",  # systems (no database)
    "campaign_app.cli.campaign",  # campaign create/list/show/house-rule
    "campaign_app.cli.roster",  # roster create/edit/show
    "campaign_app.cli.fighter",  # fighter add/edit/show/remove
    "campaign_app.cli.rolls",  # roll, log
    "campaign_app.cli.history",  # history, undo, redo
]
EXTENSIONS: list[str] = [
    "campaign_app.cli.battles",  # battle record, after-battle (every system)
    "campaign_app.cli.game_commands",  # every installed game system's own commands
    "campaign_app.cli.units",  # unit add/edit (squad games)
    "campaign_app.cli.manage",  # rename, delete and move campaigns, rosters, figures
    "campaign_app.cli.gear",  # content, roster credits/stash/ledger, fighter buy/sell (gear helper)
    "campaign_app.cli.counters",  # campaign counter, roster counter (counters helper)
    "campaign_app.cli.data",  # backup, restore, export/import json, import <importer>
    "campaign_app.cli.export",  # PDF exports (imports reports inside its commands)
    "campaign_app.cli.demo",  # demo campaigns
    "campaign_app.cli.league",  # league mode on PostgreSQL: roles, players, rosters
    "campaign_app.cli.standings",  # league standings
    "campaign_app.cli.serve",  # serve: the league server (loads server/ by name)
    "campaign_app.cli.remote",  # login, logout: the CLI as a client of a league server
    "campaign_app.desktop",  # install-desktop (menu entry, icon, AppStream metadata)
]
SYSTEM_COMMANDS = "campaign_app.cli.game_commands"

# Every top-level command of the core, in ``--help`` order: its help and the command
# modules that add to it (a group's actions are listed in the order of COMMANDS and
# EXTENSIONS). The top-level parser is built from this table alone, so it imports no
# command module; a command's own parser imports the modules named here and no other
# (tests/campaign_app/test_cli_parser_per_command.py holds the table to what the modules
# register). The game systems' own commands (SYSTEM_COMMANDS) are not here: they are
# read from the systems when a command is not the core's, or a group's action is not.
_CLI = "campaign_app.cli."
TOP: dict[str, tuple[str, tuple[str, ...]]] = {
    "systems": ("list game systems, editions, expansions and tables", (_CLI + "systems",)),
    "gui": ("open the desktop app (the default with no command)", ()),
    "campaign": ("create, list and show campaigns", (_CLI + "campaign", _CLI + "manage", _CLI + "counters")),
    "roster": ("create and show rosters (gangs, squads, forces)",
               (_CLI + "roster", _CLI + "manage", _CLI + "gear", _CLI + "counters")),
    "fighter": ("add, edit and show fighters", (_CLI + "fighter", _CLI + "manage", _CLI + "gear")),
    "roll": ("roll on any rules table (typed dice, seed or random)", (_CLI + "rolls",)),
    "log": ("the campaign's roll record (log verify C: check its hash chain)", (_CLI + "rolls",)),
    "history": ("the campaign's actions (what undo would undo)", (_CLI + "history",)),
    "undo": ("undo the campaign's last action", (_CLI + "history",)),
    "redo": ("redo the last undone action", (_CLI + "history",)),
    "battle": ("record and list battles", (_CLI + "battles",)),
    "after-battle": ("run After the Battle for a recorded battle", (_CLI + "battles",)),
    # (the game systems' own commands are listed here)
    "unit": ("add, edit and show units (figures in groups) of the games that use them",
             (_CLI + "units", _CLI + "manage")),
    "content": ("the equipment catalogue and content packs of a campaign", (_CLI + "gear",)),
    "backup": ("back up the database (SQLite copy; JSON on a server)", (_CLI + "data",)),
    "restore": ("replace the database with a backup (checked first; the current one is backed up)",
                (_CLI + "data",)),
    "export": ("export a campaign or roster to a file", (_CLI + "data", _CLI + "export")),
    "import": ("import campaigns and gangs from files", (_CLI + "data",)),
    "demo": ("create one sample campaign per game system (skips those already there)", (_CLI + "demo",)),
    "league": ("league mode on a PostgreSQL server: players, rosters, rights",
               (_CLI + "league", _CLI + "standings")),
    "serve": ("run the league server: an HTTP API over this database, with its own members "
              "(league add-member) and sessions", (_CLI + "serve",)),
    "login": ("sign in to a league server (--db https://HOST/LEAGUE): the token is kept in the system "
              "keyring (else a file only you can read)", (_CLI + "remote",)),
    "logout": ("sign out of a league server and forget the token", (_CLI + "remote",)),
    "install-desktop": ("add the app to this user's desktop menus (entry, icon, AppStream metadata)",
                        ("campaign_app.desktop",)),
}
SYSTEMS_BEFORE = "unit"
"""The game systems' own top-level commands are listed just before this one (where
SYSTEM_COMMANDS stands among the modules)."""

# A command's handler: ``handler(args, app)``. ``app`` is the facade of ``--db``: a
# :class:`campaign_app.facade.Campaigns` on a local database, a
# :class:`campaign_app.remote.RemoteCampaigns` on a league server (``--db https://...``),
# None for a command that opens no database (``needs_db=False``). A handler calls its
# use-cases as ``app.run(use_case, *args)``: the facade decides where they run.
Handler = Callable[[argparse.Namespace, Any], Any]

# A read-only command that can be answered by plain SQL, before any database layer is
# imported (issue #32: SQLAlchemy, SQLModel and the tables cost a short command most of
# its time): its handler -> ``plain(args)``, which prints the same output the handler
# would and gives True, or gives False having printed nothing (the handler then runs as
# usual, and says what is wrong if anything is). Added by the command's module.
PLAIN_READS: dict[Handler, Callable[[argparse.Namespace], bool]] = {}

# The commands that need the database itself, not only its use-cases: a database file
# copied or replaced, rows removed for good, roles and grants made, a server run on it.
# Their handlers take ``app.engine``, or open ``--db`` themselves (restore, serve, the
# PostgreSQL league's commands, which run with ``needs_db=False``). On a league server
# they are refused in one line before anything is opened or sent
# (tests/campaign_app/test_cli_facade.py: exactly these handlers reach the database).
LOCAL_ONLY: frozenset[str] = frozenset({
    "backup",
    "restore",
    "campaign purge",
    "serve",
    "league init",
    "league add-player",
    "league arbitrator",
    "league players",
    "league adopt-players",
    "league close-direct",
})


def local_only_refusal(db: str) -> str:
    """The one line a :data:`LOCAL_ONLY` command gets on the league server ``db``."""
    from campaign_app.remote import split_member

    return (f"that command needs the database itself: not available on a league server "
            f"({split_member(db)[0]})")


class CliError(AppError):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"error: {message} (see {self.prog} --help)\n")


# --------------------------------------------------------------------------- output
def emit(args: argparse.Namespace, data: Any, text: str | Callable[[], str] | None = None) -> None:
    if getattr(args, "json", False):
        import json  # not at module level: a plain start (the GUI) never needs it

        from campaign_app.usecases.results import as_data

        print(json.dumps(as_data(data), indent=2, ensure_ascii=False, default=str))
    elif text is not None:
        out = text() if callable(text) else text
        if out:
            print(out)


def table_text(rows: Sequence[Sequence[Any]], header: Sequence[str]) -> str:
    cells = [[str(h) for h in header]] + [["" if c is None else str(c) for c in r] for r in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(header))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=False)).rstrip() for r in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


# --------------------------------------------------------------------------- engine
def open_engine(args: argparse.Namespace) -> Any:
    """The database of ``--db`` (else the default one). A ``--db`` file that does not
    exist is made only by the commands that create content (``campaign create``,
    ``import json|<importer>``, ``demo``): for any other, a mistyped path is an error."""
    from db.engine import default_url
    from db.migrate import open_database

    create = args.db is None or getattr(args, "creates_db", False)
    return open_database(args.db or default_url(), create=create)


# --------------------------------------------------------------------------- commands
# The desktop app sits above the CLI (import-linter's ``layers`` contract): the CLI never
# imports it, it loads the window by name when one is asked for, as it loads its command
# modules. ``campaign-app-gui`` (``ui.app:main``) starts the same window on its own.
GUI_MODULE = "ui.app"


def cmd_gui(args: argparse.Namespace, _app: Any) -> int:
    try:
        gui = importlib.import_module(GUI_MODULE)
    except ModuleNotFoundError as e:
        if e.name not in (GUI_MODULE, GUI_MODULE.partition(".")[0]):
            raise  # the desktop app is there but something it needs is not: a real fault
        raise CliError("the desktop app is not installed here; every action also works as "
                       "a command: campaign-app --help") from None
    # the default database is looked up once the window is shown
    return int(gui.run(args.db, lang=getattr(args, "lang", None)) or 0)


# --------------------------------------------------------------------------- parser
class _Skipped:
    """What ``add`` and ``group`` hand a command module for a command the parser being
    built is not for (:func:`build_parser` with ``only``): every call is taken and
    nothing is built."""

    def __getattr__(self, _name: str) -> Any:
        return self._take

    def _take(self, *_a: Any, **_k: Any) -> _Skipped:
        return self


SKIPPED = _SKIPPED = _Skipped()  # SKIPPED: a module may skip costly work for it


def _top(common: argparse.ArgumentParser) -> tuple[argparse.ArgumentParser, Any]:
    """The top-level parser (global options) and its commands' subparsers action."""
    p = _Parser(prog="campaign-app", description="Campaign and roster manager for tabletop skirmish games.",
                parents=[common])
    from campaign_app._version import __version__

    p.add_argument("--version", action="version", version=f"campaign-app {__version__}")
    p.add_argument("--lang", choices=GUI_LANGUAGES, default=None,
                   help="language of the window (default: the one chosen in the window, else "
                        "the system's) and of the PDFs an export writes (default English)")
    return p, p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)


def _common() -> argparse.ArgumentParser:
    common = _Parser(add_help=False)
    common.add_argument("--json", action="store_true", default=argparse.SUPPRESS,
                        help="print machine-readable JSON")
    common.add_argument("--db", default=argparse.SUPPRESS,
                        help="database URL or SQLite file (default: $CAMPAIGN_APP_DB or the user data folder)")
    return common


def _modules(only: str | None, systems: bool) -> list[str]:
    """The command modules a parser for ``only`` (None: every command) asks, in order."""
    every = [*COMMANDS, *EXTENSIONS]
    if only is None:
        return every if systems else [m for m in every if m != SYSTEM_COMMANDS]
    core = TOP[only][1] if only in TOP else ()
    return [m for m in every if m in core or (systems and m == SYSTEM_COMMANDS)]


def build_parser(only: str | None = None, *, systems: bool = True) -> argparse.ArgumentParser:
    """The command line's parser. ``only``: the one top-level command the arguments
    name; the parser then holds that command alone, built by the modules :data:`TOP`
    names for it (and the game systems', which may add to any group); no other command
    module is imported. ``None``: every command. ``systems=False``: without the game
    systems' own commands (none of them is loaded)."""
    common = _common()
    p, sub = _top(common)

    def add(parent: Any, name: str, handler: Handler, help_text: str, *, needs_db: bool = True,
            creates_db: bool = False) -> Any:
        if parent is _SKIPPED or (only is not None and parent is sub and name != only):
            return _SKIPPED
        sp = parent.add_parser(name, help=help_text, parents=[common], description=help_text)
        path = name if parent is sub else " ".join(
            [*(g for g, action in groups.items() if action is parent), name])
        sp.set_defaults(handler=handler, needs_db=needs_db, creates_db=creates_db, command_path=path)
        return sp

    groups: dict[str, Any] = {}

    def group(name: str, help_text: str) -> Any:
        """A command group (``campaign``, ``export``...); asking twice gives the same one."""
        if only is not None and name != only:
            return _SKIPPED
        if name not in groups:
            gp = sub.add_parser(name, help=help_text, parents=[common])
            groups[name] = gp.add_subparsers(dest=f"{name}_command", metavar="ACTION", required=True,
                                             parser_class=_Parser)
        return groups[name]

    mods = _modules(only, systems)
    first = COMMANDS[0]
    if mods[:1] == [first]:
        register(first, sub, add, group)
    add(sub, "gui", cmd_gui, TOP["gui"][0], needs_db=False)
    for mod_name in mods:
        if mod_name == first:
            continue
        try:
            register(mod_name, sub, add, group)
        except ModuleNotFoundError as e:
            if e.name == mod_name and mod_name in EXTENSIONS:
                continue
            raise
    return p


def top_parser() -> argparse.ArgumentParser:
    """The parser of the command line with no command (``--help``, ``--version``, a
    mistyped command): every command's name and help from :data:`TOP` and the game
    systems' command lists (plain data), no command module imported and no command's
    options built. Its ``--help`` is the whole parser's, line for line."""
    from importlib.util import find_spec

    common = _common()
    p, sub = _top(common)
    words = _system_words()
    for word, (help_text, mods) in TOP.items():
        if word == SYSTEMS_BEFORE:
            for w, h in words.items():
                if w not in TOP:
                    sub.add_parser(w, help=h, parents=[common])
        if mods and all(m in EXTENSIONS and find_spec(m) is None for m in mods):
            continue  # a command module this installation leaves out
        sub.add_parser(word, help=help_text, parents=[common])
    return p


def _system_words() -> dict[str, str]:
    """The top-level words of the game systems' own commands (a command or a group) and
    their help, in the order the systems and their commands are listed."""
    from campaign_app.systems.registry import systems

    out: dict[str, str] = {}
    for system in systems().values():
        for cmd in system.command_list():
            out.setdefault(cmd.group or cmd.name, cmd.group_help if cmd.group else cmd.help)
    return out


def register(mod_name: str, sub: Any, add: Any, group: Any) -> None:
    """Let a command module add its commands: ``register(sub, add, group)``."""
    importlib.import_module(mod_name).register(sub, add, group)


def dice_options(sp: Any) -> None:
    g = sp.add_mutually_exclusive_group()
    g.add_argument("--dice", help="faces you rolled, in order, e.g. 3,5 (a D66 takes two)")
    g.add_argument("--seed", type=int, help="reproducible random dice")


GUI_LANGUAGES = ("fr", "it", "en")


def gui_lang(argv: Sequence[str]) -> str | None:
    """The window's language given as ``--lang X`` / ``--lang=X`` (None if not given)."""
    args = list(argv)
    for i, a in enumerate(args):
        if a == "--lang" and i + 1 < len(args):
            return args[i + 1]
        if a.startswith("--lang="):
            return a[len("--lang="):]
    return None


def gui_launch(argv: Sequence[str]) -> tuple[bool, str | None]:
    """Whether ``argv`` only starts the GUI (no command; at most ``--db URL``,
    ``--lang fr|it|en`` and ``--json``) and with which database. Answered on the text, so a plain
    ``campaign-app`` builds no parser and loads no core before its window is up;
    anything else (``--help``, a command, an odd spelling) goes to the full parser."""
    db: str | None = None
    args = list(argv)
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--json":
            i += 1
        elif a == "--db" and i + 1 < len(args) and not args[i + 1].startswith("-"):
            db, i = args[i + 1], i + 2
        elif a.startswith("--db="):
            db, i = a[len("--db="):], i + 1
        elif a == "--lang" and i + 1 < len(args) and args[i + 1] in GUI_LANGUAGES:
            i += 2
        elif a.startswith("--lang=") and a[len("--lang="):] in GUI_LANGUAGES:
            i += 1
        else:
            return False, None
    return True, db


def _print_error(as_json: bool, msg: str) -> None:
    msg = msg.replace("\n", " ")
    if as_json:
        import json

        print(json.dumps({"error": msg}), file=sys.stderr)
    else:
        print(f"error: {msg}", file=sys.stderr)


def _not_utf8(argv: Sequence[str]) -> str | None:
    """The first argument that is not valid UTF-8 (Python hands such bytes over as lone
    surrogates), shown with the bad bytes replaced; None when every one is valid."""
    for a in argv:
        try:
            a.encode("utf-8")
        except UnicodeEncodeError:
            return a.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    return None


def command_of(argv: Sequence[str]) -> str | None:
    """The top-level command ``argv`` names (its first word that is not an option or an
    option's value), or None: no command, or a ``--help`` before it (the whole list)."""
    args = list(argv)
    i = 0
    while i < len(args):
        a = args[i]
        if a in ("-h", "--help"):
            return None
        if a in ("--db", "--lang"):
            i += 2
        elif a.startswith("-"):
            i += 1
        else:
            return a
    return None


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    bad = _not_utf8(argv)
    if bad is not None:
        _print_error("--json" in argv, f"the argument {bad!r} is not valid UTF-8 text: retype it "
                     "(or rename the file)")
        return 2
    gui, db = gui_launch(argv)
    if gui:
        args = argparse.Namespace(json="--json" in argv, db=db, command=None, needs_db=False,
                                  lang=gui_lang(argv))
        return _run(args, cmd_gui)
    parser = parser_for(argv)
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # --help (0) or a usage error (2, message already printed)
        return int(e.code or 0)
    if not hasattr(args, "json"):
        args.json = False
    if not hasattr(args, "db"):
        args.db = None
    handler: Handler | None = getattr(args, "handler", None)
    if handler is None:
        if args.command:
            try:
                build_parser(args.command).parse_args([args.command, "--help"])
            except SystemExit as e:
                return int(e.code or 0)
        handler = cmd_gui
        args.needs_db = False
    return _run(args, handler)


def parser_for(argv: Sequence[str]) -> argparse.ArgumentParser:
    """The parser ``argv`` needs: its command's alone, built by that command's modules
    (:data:`TOP`); with the game systems' commands only when the command or its group's
    action is not the core's (or the group's actions are to be listed); the top-level
    parser (:func:`top_parser`) with no command or a mistyped one."""
    only = command_of(argv)
    if only is None:
        return top_parser()  # --help, --version, a usage error
    if only in TOP:
        parser = build_parser(only, systems=False)
        if _core_knows(parser, only, argv):
            return parser
    parser = build_parser(only)
    return parser if _has_command(parser, only) else top_parser()  # mistyped: every command listed


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser] | None:
    for a in parser._actions:
        if isinstance(a, argparse._SubParsersAction):
            return dict(a.choices)
    return None


def _has_command(parser: argparse.ArgumentParser, name: str) -> bool:
    return name in (_subparsers(parser) or {})


def _core_knows(parser: argparse.ArgumentParser, name: str, argv: Sequence[str]) -> bool:
    """Whether the core's parser for command ``name`` is all ``argv`` needs: a command
    that is no group, or a group's action the core has (a game system may add actions to
    any group: asked for its list, or for an action it lacks, the systems are read)."""
    cmd = (_subparsers(parser) or {}).get(name)
    if cmd is None:
        return False
    actions = _subparsers(cmd)
    if actions is None:
        return True
    words = _words(argv)
    return len(words) > 1 and words[1] in actions


def _words(argv: Sequence[str]) -> list[str]:
    """The first two words of ``argv`` that are neither options nor a global option's
    value: the command and, for a group, its action."""
    out: list[str] = []
    args = list(argv)
    i = 0
    while i < len(args) and len(out) < 2:
        a = args[i]
        if a in ("--db", "--lang"):
            i += 2
            continue
        if not a.startswith("-"):
            out.append(a)
        i += 1
    return out


def _new_sqlite_file(args: argparse.Namespace) -> Path | None:
    """The SQLite file a command that creates content (``creates_db``) would make: the one
    ``--db`` (else the default database) names when it does not exist yet; else None."""
    if not getattr(args, "creates_db", False) or not getattr(args, "needs_db", True):
        return None
    from db.engine import default_url, normalize_url

    try:
        u = normalize_url(args.db or default_url())
    except AppError:
        return None  # open_engine says what is wrong with it
    if u.get_backend_name() != "sqlite" or not u.database or u.database == ":memory:":
        return None
    path = Path(u.database)
    try:  # made here, empty, so that it is ours: another process's file is never taken away
        path.parent.mkdir(parents=True, exist_ok=True)
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o666))
    except OSError:  # there already (another process made it meanwhile), or not writable
        return None
    return path


def _discard_new_file(path: Path) -> None:
    """Take away the database file a refused command made (and SQLite's files beside it):
    a refused import leaves nothing behind, not an empty database. Kept if another
    process, starting on the same new file at the same moment, saved something in it."""
    from db.backup import holds_rows

    if path.exists() and path.stat().st_size and holds_rows(path):
        return
    for p in (path, *(path.with_name(path.name + end) for end in ("-wal", "-shm", "-journal"))):
        try:
            p.unlink(missing_ok=True)
        except OSError:
            pass


def _league(db: str | None) -> bool:
    """Whether ``--db`` names a league server (http:// or https://)."""
    return (db or "").strip().lower().startswith(("http://", "https://"))


def _run(args: argparse.Namespace, handler: Handler) -> int:
    engine = None
    app: Any = None
    fresh: Path | None = None
    done = False
    try:
        if args.db is not None and not args.db.strip():
            raise InputError("--db is empty: give a database file or URL, or leave --db out "
                             "for the default database")
        if _league(args.db) and getattr(args, "command_path", None) in LOCAL_ONLY:
            raise InputError(local_only_refusal(args.db))
        plain = PLAIN_READS.get(handler) if getattr(args, "needs_db", True) and not _league(args.db) else None
        if plain is not None and plain(args):
            done = True
            return 0
        if getattr(args, "needs_db", True) and _league(args.db):
            from campaign_app.remote import RemoteCampaigns

            app = RemoteCampaigns.open(args.db)
        elif getattr(args, "needs_db", True):
            from campaign_app.facade import Campaigns

            fresh = _new_sqlite_file(args)
            engine = open_engine(args)
            app = Campaigns(engine)
        result = handler(args, app)
        code = int(result) if isinstance(result, int) else 0
        done = code == 0
        return code
    except AppError as e:
        _print_error(args.json, str(e))
        return e.exit_code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as e:
        from db.engine import damaged_error, damaged_reason, refused_reason, sqlite_path

        damaged = damaged_reason(e)
        if damaged is not None:  # a corrupt page met by a write (reads may still work)
            where = sqlite_path(engine) if engine is not None else None
            err = damaged_error(where if where is not None else "file", damaged)
            _print_error(args.json, str(err))
            return err.exit_code
        reason = refused_reason(e)
        if reason is None:
            raise
        print(f"error: the database could not do that: {reason}", file=sys.stderr)
        return 2
    finally:
        if app is not None:
            app.dispose()  # a local one: its engine's connections
        elif engine is not None:
            engine.dispose()
        if fresh is not None and not done:
            _discard_new_file(fresh)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
