"""CLI: ``battle record/list/show`` and ``after-battle`` for every system."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from campaign_app.cli import dice_options, emit, table_text

if TYPE_CHECKING:
    from db.queries.lookup import Ref


def cmd_record(args: argparse.Namespace, engine: Any) -> None:
    from campaign_app.usecases.battles import record_battle

    b = record_battle(engine, args.campaign, args.roster or [],
                      results=_pairs(args.result or [], "--result", "FIGURE=STATUS"),
                      hits=args.hit or [], by=_pairs(args.by or [], "--by", "FIGHTER=ATTACKER"),
                      casualties=_pairs(args.casualties or [], "--casualties", "UNIT=N"),
                      winner=args.winner, scenario=args.scenario or "", played_on=args.date,
                      notes=args.notes or "", absent=args.absent or [],
                      details=_details(args.detail or []))
    emit(args, b, f"recorded battle {b.number} (id {b.id}); next: after-battle {b.id}")


def _pairs(items: list[str], flag: str, form: str) -> dict[Ref, str]:
    """``--result "Hans=carry-on"`` (repeated) -> {"Hans": "carry-on"}: each name once."""
    from campaign_app.errors import InputError

    out: dict[Ref, str] = {}
    for item in items:
        k, eq, v = item.rpartition("=")
        if not eq or not k.strip() or not v.strip():
            raise InputError(f"{flag} {item!r}: write {form} (NAME=VALUE)")
        if k.strip() in out:
            raise InputError(f"{flag}: {k.strip()} is named twice")
        out[k.strip()] = v.strip()
    return out


def _details(items: list[str]) -> dict[Ref, dict[str, Any]]:
    """``--detail "Pvt Ryan=zombie"`` -> {"Pvt Ryan": {"zombie": True}}; ``FLAG:no`` gives
    ``"no"``. The use-case checks the flags against those the system's After the Battle
    reads (its procedures' ``detail_flags``) and reads yes/no."""
    from campaign_app.errors import InputError

    out: dict[Ref, dict[str, Any]] = {}
    for item in items:
        if "=" not in item:
            raise InputError(f"--detail {item!r}: write FIGURE=FLAG or FIGURE=KEY:VALUE")
        who, flag = item.rsplit("=", 1)
        key, _, value = flag.partition(":")
        if not who.strip() or not key.strip():
            raise InputError(f"--detail {item!r}: write FIGURE=FLAG or FIGURE=KEY:VALUE")
        out.setdefault(who.strip(), {})[key.strip()] = value.strip() if value else True
    return out


def cmd_list(args: argparse.Namespace, engine: Any) -> None:
    from campaign_app.usecases.battles import list_battles

    rows = list_battles(engine, args.campaign)
    emit(args, rows, lambda: table_text(
        [(b["id"], b["number"], b["played_on"], " vs ".join(b["rosters"]), b["winner"] or "",
          b["scenario"], "done" if b["after_battle_done"] else "pending") for b in rows],
        ["id", "battle", "date", "rosters", "winner", "scenario", "after battle"]) if rows else "no battles yet")


def cmd_show(args: argparse.Namespace, engine: Any) -> None:
    from campaign_app.usecases.battles import show_battle

    d = show_battle(engine, args.battle)

    def text() -> str:
        head = f"battle {d['number']} (id {d['id']}) on {d['played_on']}: " + " vs ".join(
            f"{r['name']}{' (' + r['result'] + ')' if r['result'] else ''}" for r in d["rosters"])
        rows = [(r["name"], r["status"], "hit" if r["scored_hit"] else "", r["casualties"] or "") for r in d["results"]]
        return head + "\n" + table_text(rows, ["figure", "result", "", "casualties"])

    emit(args, d, text)


def cmd_after_battle(args: argparse.Namespace, engine: Any) -> None:
    from campaign_app.systems.commands import options_from
    from campaign_app.usecases.battles import after_battle

    options = options_from(_after_battle_options(), vars(args))
    rep = after_battle(engine, args.battle, dice=args.dice, seed=args.seed, dry_run=args.dry_run,
                       options=options, campaign=args.campaign)

    def text() -> str:
        lines = [f"After the Battle {rep.battle} — {rep.campaign}"
                 + (" (dry run: nothing written)" if rep.dry_run else "")]
        for st in rep.steps:
            r = st["roll"]
            if r:
                vs = f" vs {r['target']}" if r["target"] is not None else ""
                faces = ",".join(map(str, r["faces"]))
                lines.append(f"- {st['rule']}: {st['subject']}: {r['dice']}{vs} [{faces}] = {r['value']}"
                             f" -> {r['label'] or r['result'] or ''}. {st['text']}".rstrip())
            else:
                lines.append(f"- {st['rule']}: {st['subject']}: {st['text']}")
        if rep.lines:
            lines.append("Changes:")
            lines.extend(f"  {c}" for c in rep.lines)
        else:
            lines.append("No changes.")
        return "\n".join(lines)

    emit(args, rep, text)


def register(sub: Any, add: Any, group: Any) -> None:
    bat = group("battle", "record and list battles")
    sp = add(bat, "record", cmd_record, "record a battle: who fought and how each figure ended")
    sp.add_argument("campaign")
    sp.add_argument("--roster", action="append", required=True, help="a roster that fought (repeatable)")
    sp.add_argument("--result", action="append", metavar="FIGURE=STATUS",
                    help="how a fighter or unit ended (others: the system's default)")
    sp.add_argument("--hit", action="append", metavar="FIGHTER", help="scored a hit or won a melee (for the games whose After the Battle asks)")
    sp.add_argument("--by", action="append", metavar="FIGHTER=ATTACKER", help="who took a fighter out")
    sp.add_argument("--casualties", action="append", metavar="UNIT=N", help="figures a unit lost")
    sp.add_argument("--absent", action="append", metavar="FIGURE", help="did not take part")
    sp.add_argument("--detail", action="append", metavar="FIGURE=FLAG",
                    help="a fact the game's After the Battle reads about a figure, e.g. 'Pvt Ryan=zombie' "
                         "('Pvt Ryan=zombie:no' to say not)")
    sp.add_argument("--winner", help="the winning roster")
    sp.add_argument("--scenario")
    sp.add_argument("--date", help="YYYY-MM-DD (default today)")
    sp.add_argument("--notes")
    sp = add(bat, "list", cmd_list, "list a campaign's battles")
    sp.add_argument("campaign")
    sp = add(bat, "show", cmd_show, "show a battle's results")
    sp.add_argument("battle")

    sp = add(sub, "after-battle", cmd_after_battle, "run After the Battle for a recorded battle")
    sp.add_argument("battle")
    sp.add_argument("--campaign", help="refuse a battle of any other campaign")
    sp.add_argument("--dry-run", action="store_true", help="show every roll and consequence, write nothing")
    for o in _after_battle_options():  # the game systems' options that have a flag
        if o.kind == "bool":  # the flag turns the option away from its default
            sp.add_argument(o.flag, dest=o.key, action="store_const", const=not o.default, default=None,
                            help=o.help or None)
            continue
        sp.add_argument(o.flag, dest=o.key, metavar=o.metavar or None, help=o.help or None,
                        action="append" if o.kind == "fighters" else "store",
                        **({"choices": o.choices} if o.choices else {}))
    dice_options(sp)


def _after_battle_options() -> list[Any]:
    """Every installed system's After the Battle options with a CLI flag (one per flag)."""
    from campaign_app.systems.registry import systems

    seen: dict[str, Any] = {}
    for system in systems().values():
        for o in system.after_battle_options:
            if o.flag and o.flag not in seen:
                seen[o.flag] = o
    return list(seen.values())
