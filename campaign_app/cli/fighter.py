"""``fighter add|edit|show|remove``."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from campaign_app.cli import dice_options, emit, table_text
from campaign_app.cli.parsing import key_values

if TYPE_CHECKING:
    from campaign_app.facade import Campaigns


def _stats(args: argparse.Namespace) -> dict[str, str]:
    return key_values(args.stat, "--stat", "WS=3+")


def cmd_fighter_add(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.fighters import add_fighter, show_fighter

    stats = _stats(args)
    f = app.run(add_fighter, args.roster, args.name, fighter_type=args.type, rep=args.rep, stats=stats,
                role=args.role or "", kind=args.kind or "human", xp=args.xp if args.xp is not None else 0,
                credits_value=args.credits_value if args.credits_value is not None else 0,
                notes=args.notes or "", weapons=args.weapon or [], skills=args.skill or [])
    emit(args, app.run(show_fighter, f.id), f"added fighter {f.id}: {f.name}")


def cmd_fighter_edit(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.fighters import edit_fighter, show_fighter

    stats = _stats(args)
    f = app.run(edit_fighter, args.fighter, if_version=args.if_version, add_weapons=args.weapon or [],
                remove_weapons=args.drop_weapon or [], add_skills=args.skill or [],
                name=args.name, fighter_type=args.type, rep=args.rep, stats=stats, role=args.role,
                kind=args.kind, xp=args.xp, credits_value=args.credits_value, notes=args.notes,
                status=args.status)
    emit(args, app.run(show_fighter, f.id), f"fighter {f.id} saved (version {f.version})")


def cmd_fighter_show(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.fighters import show_fighter

    d = app.run(show_fighter, args.fighter)

    def text() -> str:
        lines = [f"{d['name']} (#{d['id']}) {d['type']} {d['kind']} — {d['status']}"]
        if d["rep"] is not None:
            lines.append(f"Rep {d['rep']}")
        if d["stats"]:
            lines.append("  ".join(f"{k} {v}" for k, v in d["stats"].items()))
        lines.append(f"XP {d['xp']}" + (f"  rank {d['rank']}" if d["rank"] else ""))
        for e in d["equipment"]:
            prof = e.get("profile") or {}
            if e.get("profile_lines"):  # every line of a weapon of several modes
                lines.append(f"- {e['name']}")
                lines += [f"    {p['name']}:  " + "  ".join(f"{k} {v}" for k, v in p["profile"].items())
                          for p in e["profile_lines"]]
            elif prof:  # the weapon's profile from the catalogue (gear)
                lines.append(f"- {e['name']}  " + "  ".join(f"{k} {v}" for k, v in prof.items()))
            else:
                lines.append(f"- {e['name']} {e['range']}".rstrip())
        if d["skills"]:
            lines.append("skills: " + ", ".join(d["skills"]))
        for i in d["injuries"]:
            lines.append(f"injury: {i['label']} ({i['table']} {i['roll']})")
        return "\n".join(lines)

    emit(args, d, text)


def cmd_fighter_remove(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.fighters import remove_fighter

    app.run(remove_fighter, args.fighter)
    emit(args, {"removed": args.fighter}, f"removed fighter {args.fighter}")


def cmd_fighter_duplicate(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.duplicate import duplicate_fighter
    from campaign_app.usecases.fighters import show_fighter

    f = app.run(duplicate_fighter, args.fighter, args.name)
    emit(args, app.run(show_fighter, f.id), f"added fighter {f.id}: {f.name} (a copy of {args.fighter})")


def cmd_fighter_advance(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.advance import advance_options, take_advance

    if args.key is None:
        if args.dice is not None or args.seed is not None or args.choose or args.skill:
            from campaign_app.errors import InputError

            raise InputError("dice, a choice or a skill go with an advancement to take (KEY)")
        d = app.run(advance_options, args.fighter)
        emit(args, d, lambda: advance_list_text(d))
        return
    r = app.run(take_advance, args.fighter, args.key, dice=args.dice, seed=args.seed, choose=args.choose,
                skill=args.skill)

    def text() -> str:
        lines = [f"{r.fighter}: {r.label}"]
        if r.roll:
            faces = ",".join(map(str, r.roll["faces"]))
            lines.append(f"- {r.roll['rule']}: {r.roll['dice']} [{faces}] = {r.roll['value']} -> "
                         f"{r.roll['label']} (row {r.roll['row']})")
        lines.extend(f"  {line}" for line in r.lines)
        return "\n".join(lines)

    emit(args, r, text)


def advance_list_text(d: Any) -> str:
    lines = [f"{d['fighter']} ({d['fighter_type']}) — {d['title']}" + (" [our default]" if d["default"] else "")]
    if d["mode"] in ("xp", "ranks"):
        lines.append(f"XP {d['xp']}  value {d['credits_value']}" + (f"  rank {d['rank']}" if d["mode"] == "ranks" else ""))
    if d["note"]:
        lines.append(d["note"])
    lines.extend(d["status"])
    if d["ranks"]:
        lines.append(table_text([(r["rank"], r["xp"], r["label"], "claimed" if r["claimed"] else
                                  ("reached" if r["reached"] else "")) for r in d["ranks"]],
                                ["rank", "XP", "grants", ""]))
    if d["options"]:
        lines.append(table_text([(o["key"], o["label"], o["xp"], f"+{o['value']}" if o["value"] else "",
                                  o["change"], "yes" if o["can"] else o["why"]) for o in d["options"]],
                                ["key", "advancement", "XP", "value", "change", "can take"]))
    if d["rows"]:
        lines.append(f"{d['table_title']} ({d['table']}):")
        lines.extend(f"  {r['roll']:>5}  {r['label']}: {r['text']}" for r in d["rows"])
    return "\n".join(lines)


def _fighter_opts(sp: Any) -> None:
    sp.add_argument("--type", help="the fighter's type (see `campaign-app systems`)")
    sp.add_argument("--rep", help="Rep 1-6 (the games that use Rep)")
    sp.add_argument("--stat", action="append", metavar="KEY=VALUE", help="e.g. WS=3+ (repeatable)")
    sp.add_argument("--role", help="leader, NCO, medic...")
    sp.add_argument("--kind", help="human, or a kind the game or one of its expansions adds")
    sp.add_argument("--xp")
    sp.add_argument("--credits-value")
    sp.add_argument("--notes")
    sp.add_argument("--weapon", action="append", help="add a weapon (repeatable)")
    sp.add_argument("--skill", action="append", help="add a skill (repeatable)")


def register(sub: Any, add: Any, group: Any) -> None:
    fig = group("fighter", "add, edit and show fighters")
    sp = add(fig, "add", cmd_fighter_add, "add a fighter to a roster")
    sp.add_argument("roster")
    sp.add_argument("name")
    _fighter_opts(sp)
    sp = add(fig, "edit", cmd_fighter_edit, "edit a fighter")
    sp.add_argument("fighter")
    sp.add_argument("--name")
    sp.add_argument("--status", help="active, in-recovery, captured, dead, ...")
    sp.add_argument("--drop-weapon", action="append")
    sp.add_argument("--if-version", type=int, help="refuse if the fighter changed since this version")
    _fighter_opts(sp)
    sp = add(fig, "show", cmd_fighter_show, "show a fighter")
    sp.add_argument("fighter")
    sp = add(fig, "remove", cmd_fighter_remove, "remove a fighter from its roster")
    sp.add_argument("fighter")
    sp = add(fig, "advance", cmd_fighter_advance,
             "list what a fighter may take and what it costs, or take one (KEY)")
    sp.add_argument("fighter")
    sp.add_argument("key", nargs="?", help="the advancement to take (as listed), e.g. ws, random, rank")
    sp.add_argument("--choose", help="the advancement to apply when the roll (or rank) offers a choice")
    sp.add_argument("--skill", help="the skill gained, for a skill advancement")
    dice_options(sp)
    sp = add(fig, "duplicate", cmd_fighter_duplicate,
             "add a copy of a fighter to its roster (type, characteristics, weapons, skills; not its history)")
    sp.add_argument("fighter")
    sp.add_argument("--name", help="the copy's name (default: the name numbered, e.g. \"Brak (2)\")")
