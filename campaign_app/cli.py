"""Command line: ``campaign-app [--db URL] [--json] COMMAND ...``.

With no command it opens the GUI. Every command accepts ids or unique names and
``--json``; a command that creates something prints its id. Exit status: 0 on
success, 2 with a one-line ``error: ...`` on bad input (nothing written).

Area modules (battles, creatures, units, data files) add their commands through a
``register(sub, common)`` function listed in ``EXTENSIONS``; only this module imports
``ui`` or ``reports``, inside the command that needs them.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence
from typing import Any

from campaign_app.errors import AppError, InputError

EXTENSIONS: list[str] = [
    "campaign_app.cli_battles",  # battle record, after-battle (every system)
    "campaign_app.cli_systems",  # every installed game system's own commands
    "campaign_app.cli_units",  # unit add/edit (squad games)
    "campaign_app.cli_data",  # backup, restore, export/import json, import yaktribe
    "campaign_app.cli_export",  # PDF exports (imports reports inside its commands)
    "campaign_app.cli_demo",  # demo campaigns
]

Handler = Callable[[argparse.Namespace, Any], Any]


class CliError(AppError):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"error: {message} (see {self.prog} --help)\n")


# --------------------------------------------------------------------------- output
def emit(args: argparse.Namespace, data: Any, text: str | Callable[[], str] | None = None) -> None:
    if getattr(args, "json", False):
        import json  # not at module level: a plain start (the GUI) never needs it

        print(json.dumps(data, indent=2, ensure_ascii=False, default=str))
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
    ``import json|yaktribe``, ``demo``): for any other, a mistyped path is an error."""
    from db.engine import default_url
    from db.migrate import open_database

    create = args.db is None or getattr(args, "creates_db", False)
    return open_database(args.db or default_url(), create=create)


# --------------------------------------------------------------------------- commands
def cmd_systems(args: argparse.Namespace, _engine: Any) -> None:
    from campaign_app.usecases import systems_overview

    data = systems_overview()

    def text() -> str:
        out = []
        for s in data:
            eds = f" editions: {', '.join(s['editions'])} (default {s['default_edition']})" if s["editions"] else ""
            exps = f" expansions: {', '.join(s['expansions'])}" if s["expansions"] else ""
            out.append(f"{s['id']}: {s['name']}{eds}{exps}")
            for t in s["tables"]:
                tag = []
                if t["edition"]:
                    tag.append(t["edition"])
                if t["expansion"]:
                    tag.append(t["expansion"])
                if t["default"]:
                    tag.append("default")
                extra = f" [{', '.join(tag)}]" if tag else ""
                out.append(f"  {t['id']:<32} {t['dice']:<10} {t['title']}{extra}")
        return "\n".join(out)

    emit(args, data, text)


def cmd_campaign_create(args: argparse.Namespace, engine: Any) -> None:
    from campaign_app.usecases import campaign_dict, create_campaign

    c = create_campaign(engine, args.name, args.system, args.edition, args.expansion or [])
    emit(args, campaign_dict(c), f"created campaign {c.id}: {c.name}")


def cmd_campaign_list(args: argparse.Namespace, engine: Any) -> None:
    from campaign_app.usecases import list_campaigns

    data = list_campaigns(engine)
    emit(args, data, lambda: table_text(
        [(c["id"], c["name"], c["system"], c["edition"], ",".join(c["expansions"]), c["rosters"], c["battles"])
         for c in data],
        ["id", "name", "system", "edition", "expansions", "rosters", "battles"],
    ) if data else "no campaigns yet (campaign create NAME --system S, or demo)")


def cmd_campaign_show(args: argparse.Namespace, engine: Any) -> None:
    from campaign_app.usecases import show_campaign

    d = show_campaign(engine, args.campaign)

    def text() -> str:
        lines = [f"{d['name']} (#{d['id']}): {d['system_name']}"
                 + (f", edition {d['edition']}" if d["edition"] else "")
                 + (f", expansions {', '.join(d['expansions'])}" if d["expansions"] else "")]
        if d["house_rules"]:
            lines.append("house rules: " + ", ".join(d["house_rules"]))
        lines.append("")
        lines.append(table_text([(r["id"], r["name"], r["kind"], r["faction"], r["fighters"], r["units"])
                                 for r in d["rosters"]], ["id", "roster", "kind", "faction", "fighters", "units"])
                     if d["rosters"] else "no rosters yet")
        if d["battles"]:
            lines.append("")
            lines.append(table_text([(b["id"], b["number"], b["played_on"], b["scenario"],
                                      "done" if b["after_battle_done"] else "pending")
                                     for b in d["battles"]], ["id", "battle", "date", "scenario", "after battle"]))
        return "\n".join(lines)

    emit(args, d, text)


def cmd_house_rule(args: argparse.Namespace, engine: Any) -> None:
    from campaign_app.usecases import campaign_dict, set_house_rule

    if args.reset:
        c = set_house_rule(engine, args.campaign, args.table, None)
        emit(args, campaign_dict(c), f"{args.table}: back to the shipped table")
        return
    if not args.file:
        raise InputError("give --file TABLE.json (or .toml) or --reset")
    table = _read_table_file(args.file, args.table)
    c = set_house_rule(engine, args.campaign, args.table, table)
    emit(args, campaign_dict(c), f"{args.table}: house rule saved for {c.name}")


def _read_table_file(path: str, table_id: str) -> Any:
    import tomllib

    try:
        with open(path, "rb") as fh:
            raw = fh.read(1_000_001)
    except OSError as e:
        raise InputError(f"cannot read {path}: {e.strerror}") from None
    if len(raw) > 1_000_000:
        raise InputError(f"{path} is larger than 1 MB")
    try:
        if path.lower().endswith(".toml"):
            doc = tomllib.loads(raw.decode("utf-8"))
            return doc.get("tables", {}).get(table_id, doc)
        import json

        return json.loads(raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError) as e:
        raise InputError(f"{path} is not valid: {e}") from None


def cmd_roster_create(args: argparse.Namespace, engine: Any) -> None:
    from campaign_app.usecases import create_roster, roster_dict

    r = create_roster(engine, args.campaign, args.name, args.kind, faction=args.faction or "",
                      player=args.player or "", credits=args.credits or 0)
    emit(args, roster_dict(r), f"created roster {r.id}: {r.name}")


def cmd_roster_edit(args: argparse.Namespace, engine: Any) -> None:
    from campaign_app.usecases import edit_roster, roster_dict

    r = edit_roster(engine, args.roster, if_version=args.if_version, name=args.name,
                    faction=args.faction, player=args.player, credits=args.credits,
                    reputation=args.reputation, notes=args.notes)
    emit(args, roster_dict(r), f"roster {r.id} saved (version {r.version})")


def cmd_roster_show(args: argparse.Namespace, engine: Any) -> None:
    from campaign_app.usecases import show_roster

    d = show_roster(engine, args.roster)

    def text() -> str:
        lines = [f"{d['name']} (#{d['id']}, {d['kind']}) in {d['campaign']['name']}"]
        if d["faction"] or d["player"]:
            lines.append(" / ".join(x for x in (d["faction"], d["player"]) if x))
        if d["fighters"]:
            stat_keys: list[str] = []
            for f in d["fighters"]:
                for k in f["stats"]:
                    if k not in stat_keys:
                        stat_keys.append(k)
            rows = []
            for f in d["fighters"]:
                weapons = ", ".join(e["name"] for e in f["equipment"])
                rows.append([f["id"], f["name"], f["type"], f["kind"], f["rep"] if f["rep"] is not None else "",
                             *[f["stats"].get(k, "") for k in stat_keys], f["xp"], f["status"], weapons])
            lines.append("")
            lines.append(table_text(rows, ["id", "name", "type", "kind", "rep", *stat_keys, "xp", "status",
                                           "weapons"]))
        if d["units"]:
            lines.append("")
            lines.append(table_text(
                [(u["id"], u["name"], u["training"], f"{u['figures']}/{u['figures_start']}", u["wounded"],
                  u["discipline"], u["status"], ", ".join(e["name"] for e in u["equipment"]))
                 for u in d["units"]],
                ["id", "unit", "training", "figures", "wounded", "discipline", "status", "weapons"]))
        if not d["fighters"] and not d["units"]:
            lines.append("empty roster")
        return "\n".join(lines)

    emit(args, d, text)


def _fighter_fields(args: argparse.Namespace) -> dict[str, Any]:
    return {
        "fighter_type": args.type, "rep": args.rep, "stats": args.stat or [], "role": args.role,
        "kind": args.kind, "xp": args.xp, "credits_value": args.credits_value, "notes": args.notes,
    }


def cmd_fighter_add(args: argparse.Namespace, engine: Any) -> None:
    from campaign_app.usecases import add_fighter, show_fighter

    fields = _fighter_fields(args)
    fields["kind"] = fields["kind"] or "human"
    fields["role"] = fields["role"] or ""
    fields["notes"] = fields["notes"] or ""
    f = add_fighter(engine, args.roster, args.name, weapons=args.weapon or [], skills=args.skill or [],
                    **fields)
    emit(args, show_fighter(engine, f.id), f"added fighter {f.id}: {f.name}")


def cmd_fighter_edit(args: argparse.Namespace, engine: Any) -> None:
    from campaign_app.usecases import edit_fighter, show_fighter

    fields = _fighter_fields(args)
    fields["name"] = args.name
    fields["status"] = args.status
    f = edit_fighter(engine, args.fighter, if_version=args.if_version, add_weapons=args.weapon or [],
                     remove_weapons=args.drop_weapon or [], add_skills=args.skill or [], **fields)
    emit(args, show_fighter(engine, f.id), f"fighter {f.id} saved (version {f.version})")


def cmd_fighter_show(args: argparse.Namespace, engine: Any) -> None:
    from campaign_app.usecases import show_fighter

    d = show_fighter(engine, args.fighter)

    def text() -> str:
        lines = [f"{d['name']} (#{d['id']}) {d['type']} {d['kind']} — {d['status']}"]
        if d["rep"] is not None:
            lines.append(f"Rep {d['rep']}")
        if d["stats"]:
            lines.append("  ".join(f"{k} {v}" for k, v in d["stats"].items()))
        lines.append(f"XP {d['xp']}")
        for e in d["equipment"]:
            lines.append(f"- {e['name']} {e['range']}".rstrip())
        if d["skills"]:
            lines.append("skills: " + ", ".join(d["skills"]))
        for i in d["injuries"]:
            lines.append(f"injury: {i['label']} ({i['table']} {i['roll']})")
        return "\n".join(lines)

    emit(args, d, text)


def cmd_fighter_remove(args: argparse.Namespace, engine: Any) -> None:
    from campaign_app.usecases import remove_fighter

    remove_fighter(engine, args.fighter)
    emit(args, {"removed": args.fighter}, f"removed fighter {args.fighter}")


def cmd_roll(args: argparse.Namespace, engine: Any) -> None:
    from campaign_app.usecases import roll_table

    d = roll_table(engine, args.table, campaign=args.campaign, dice=args.dice, seed=args.seed,
                   target=args.target)

    def text() -> str:
        vs = f" vs {d['target']}" if d["target"] is not None else ""
        faces = ",".join(str(x) for x in d["faces"])
        hr = " (house rule)" if d["house_rule"] else ""
        line = f"{d['title']}{hr}: {d['dice']}{vs} [{faces}] = {d['value']} -> {d['label']}"
        if d["text"]:
            line += f": {d['text']}"
        if not d["recorded"]:
            line += "\n(not recorded: no --campaign given)"
        return line

    emit(args, d, text)


def cmd_log(args: argparse.Namespace, engine: Any) -> None:
    from campaign_app.usecases import roll_log

    rows = roll_log(engine, args.campaign, battle=args.battle, fighter=args.fighter, table=args.table,
                    limit=args.limit)
    emit(args, rows, lambda: table_text(
        [(r["id"], r["when"], r["subject"], r["purpose"], r["dice"] + (f" vs {r['target']}" if r["target"] is not None else ""),
          ",".join(map(str, r["faces"])), r["source"], r["value"], r["label"] or r["result"],
          "undone" if r["undone"] else "")
         for r in rows],
        ["id", "when", "who", "for", "dice", "faces", "source", "value", "result", ""],
    ) if rows else "no rolls recorded")


def cmd_history(args: argparse.Namespace, engine: Any) -> None:
    from campaign_app.usecases import history

    rows = history(engine, args.campaign, args.limit)
    emit(args, rows, lambda: table_text(
        [(r["id"], r["when"], r["action"], r["summary"], "undone" if r["undone"] else "") for r in rows],
        ["id", "when", "action", "summary", ""]))


def cmd_undo(args: argparse.Namespace, engine: Any) -> None:
    from campaign_app.usecases import undo

    d = undo(engine, args.campaign)
    emit(args, d, f"undone: {d['summary'] or d['action']}")


def cmd_redo(args: argparse.Namespace, engine: Any) -> None:
    from campaign_app.usecases import redo

    d = redo(engine, args.campaign)
    emit(args, d, f"redone: {d['summary'] or d['action']}")


def cmd_gui(args: argparse.Namespace, _engine: Any) -> int:
    from ui.app import run

    return int(run(args.db) or 0)


# --------------------------------------------------------------------------- parser
def build_parser() -> argparse.ArgumentParser:
    common = _Parser(add_help=False)
    common.add_argument("--json", action="store_true", default=argparse.SUPPRESS,
                        help="print machine-readable JSON")
    common.add_argument("--db", default=argparse.SUPPRESS,
                        help="database URL or SQLite file (default: $CAMPAIGN_APP_DB or the user data folder)")

    p = _Parser(prog="campaign-app", description="Campaign and roster manager for tabletop skirmish games.",
                parents=[common])
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    def add(parent: Any, name: str, handler: Handler, help_text: str, *, needs_db: bool = True,
            creates_db: bool = False) -> Any:
        sp = parent.add_parser(name, help=help_text, parents=[common], description=help_text)
        sp.set_defaults(handler=handler, needs_db=needs_db, creates_db=creates_db)
        return sp

    groups: dict[str, Any] = {}

    def group(name: str, help_text: str) -> Any:
        """A command group (``campaign``, ``export``...); asking twice gives the same one."""
        if name not in groups:
            gp = sub.add_parser(name, help=help_text, parents=[common])
            groups[name] = gp.add_subparsers(dest=f"{name}_command", metavar="ACTION", required=True,
                                             parser_class=_Parser)
        return groups[name]

    add(sub, "systems", cmd_systems, "list game systems, editions, expansions and tables", needs_db=False)
    add(sub, "gui", cmd_gui, "open the desktop app (the default with no command)", needs_db=False)

    camp = group("campaign", "create, list and show campaigns")
    sp = add(camp, "create", cmd_campaign_create, "create a campaign", creates_db=True)
    sp.add_argument("name")
    sp.add_argument("--system", required=True, help="nuts, necromunda, fubar or unit-morale")
    sp.add_argument("--edition", help="e.g. n26 or n23 for necromunda")
    sp.add_argument("--expansion", action="append", help="e.g. weird-ww2 (repeatable)")
    add(camp, "list", cmd_campaign_list, "list campaigns")
    sp = add(camp, "show", cmd_campaign_show, "show a campaign's rosters and battles")
    sp.add_argument("campaign")
    sp = add(camp, "house-rule", cmd_house_rule, "replace a table for this campaign (house rule)")
    sp.add_argument("campaign")
    sp.add_argument("table")
    sp.add_argument("--file", help="the table as JSON or TOML (same shape as the shipped tables)")
    sp.add_argument("--reset", action="store_true", help="go back to the shipped table")

    ros = group("roster", "create and show rosters (gangs, squads, forces)")
    sp = add(ros, "create", cmd_roster_create, "create a roster in a campaign")
    sp.add_argument("campaign")
    sp.add_argument("name")
    sp.add_argument("--kind", help="gang or squad")
    sp.add_argument("--faction")
    sp.add_argument("--player")
    sp.add_argument("--credits", type=int)
    sp = add(ros, "edit", cmd_roster_edit, "edit a roster")
    sp.add_argument("roster")
    for opt in ("--name", "--faction", "--player", "--notes"):
        sp.add_argument(opt)
    sp.add_argument("--credits", type=int)
    sp.add_argument("--reputation", type=int)
    sp.add_argument("--if-version", type=int, help="refuse if the roster changed since this version")
    sp = add(ros, "show", cmd_roster_show, "show a roster")
    sp.add_argument("roster")

    fig = group("fighter", "add, edit and show fighters")

    def fighter_opts(sp: Any) -> None:
        sp.add_argument("--type", help="star/grunt (NUTS!), leader/champion/ganger/juve... (Necromunda)")
        sp.add_argument("--rep", help="Rep 1-6 (NUTS!)")
        sp.add_argument("--stat", action="append", metavar="KEY=VALUE", help="e.g. WS=3+ (repeatable)")
        sp.add_argument("--role", help="leader, NCO, medic...")
        sp.add_argument("--kind", help="human, zombie, vampire... (NUTS! with weird-ww2)")
        sp.add_argument("--xp")
        sp.add_argument("--credits-value")
        sp.add_argument("--notes")
        sp.add_argument("--weapon", action="append", help="add a weapon (repeatable)")
        sp.add_argument("--skill", action="append", help="add a skill (repeatable)")

    sp = add(fig, "add", cmd_fighter_add, "add a fighter to a roster")
    sp.add_argument("roster")
    sp.add_argument("name")
    fighter_opts(sp)
    sp = add(fig, "edit", cmd_fighter_edit, "edit a fighter")
    sp.add_argument("fighter")
    sp.add_argument("--name")
    sp.add_argument("--status", help="active, in-recovery, captured, dead, ...")
    sp.add_argument("--drop-weapon", action="append")
    sp.add_argument("--if-version", type=int, help="refuse if the fighter changed since this version")
    fighter_opts(sp)
    sp = add(fig, "show", cmd_fighter_show, "show a fighter")
    sp.add_argument("fighter")
    sp = add(fig, "remove", cmd_fighter_remove, "remove a fighter from its roster")
    sp.add_argument("fighter")

    sp = add(sub, "roll", cmd_roll, "roll on any rules table (typed dice, seed or random)")
    sp.add_argument("table")
    sp.add_argument("--campaign", help="record the roll in this campaign and use its house rules")
    sp.add_argument("--target", help="the number rolled against (e.g. Rep) for pass tests")
    dice_options(sp)

    sp = add(sub, "log", cmd_log, "the campaign's roll record")
    sp.add_argument("campaign")
    sp.add_argument("--battle", type=int)
    sp.add_argument("--fighter")
    sp.add_argument("--table")
    sp.add_argument("--limit", type=int)
    sp = add(sub, "history", cmd_history, "the campaign's actions (what undo would undo)")
    sp.add_argument("campaign")
    sp.add_argument("--limit", type=int)
    sp = add(sub, "undo", cmd_undo, "undo the campaign's last action")
    sp.add_argument("campaign")
    sp = add(sub, "redo", cmd_redo, "redo the last undone action")
    sp.add_argument("campaign")

    for mod_name in EXTENSIONS:
        try:
            mod = importlib.import_module(mod_name)
        except ModuleNotFoundError as e:
            if e.name == mod_name:
                continue
            raise
        mod.register(sub, add, group)  # each module: register(sub, add, group)
    return p


def dice_options(sp: Any) -> None:
    g = sp.add_mutually_exclusive_group()
    g.add_argument("--dice", help="faces you rolled, in order, e.g. 3,5 (a D66 takes two)")
    g.add_argument("--seed", type=int, help="reproducible random dice")


def gui_launch(argv: Sequence[str]) -> tuple[bool, str | None]:
    """Whether ``argv`` only starts the GUI (no command; at most ``--db URL`` and
    ``--json``) and with which database. Answered on the text, so a plain
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
        else:
            return False, None
    return True, db


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    gui, db = gui_launch(argv)
    if gui:
        args = argparse.Namespace(json="--json" in argv, db=db, command=None, needs_db=False)
        return _run(args, cmd_gui)
    parser = build_parser()
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
                parser.parse_args([args.command, "--help"])
            except SystemExit as e:
                return int(e.code or 0)
        handler = cmd_gui
        args.needs_db = False
    return _run(args, handler)


def _run(args: argparse.Namespace, handler: Handler) -> int:
    engine = None
    try:
        if args.db is not None and not args.db.strip():
            raise InputError("--db is empty: give a database file or URL, or leave --db out "
                             "for the default database")
        if getattr(args, "needs_db", True):
            engine = open_engine(args)
        result = handler(args, engine)
        return int(result) if isinstance(result, int) else 0
    except AppError as e:
        msg = str(e).replace("\n", " ")
        if args.json:
            import json

            print(json.dumps({"error": msg}), file=sys.stderr)
        else:
            print(f"error: {msg}", file=sys.stderr)
        return e.exit_code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as e:
        from sqlalchemy.exc import OperationalError  # loaded already by any command that got here

        if not isinstance(e, OperationalError):
            raise
        reason = str(getattr(e, "orig", e)).strip().splitlines()[0]
        print(f"error: the database could not do that: {reason}", file=sys.stderr)
        return 2
    finally:
        if engine is not None:
            engine.dispose()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
