"""CLI: Necromunda's ``injury roll/treat``, ``cycle end``, ``captive release`` and
``fighter revive``. (``after-battle B --treat FIGHTER`` lives with the battle commands.)"""

from __future__ import annotations

import argparse
from typing import Any

from campaign_app.cli import dice_options, emit


def _report_text(title: str, rep: dict[str, Any]) -> str:
    lines = [title + (" (dry run: nothing written)" if rep.get("dry_run") else "")]
    for st in rep.get("steps", []):
        r = st["roll"]
        if r:
            faces = ",".join(map(str, r["faces"]))
            lines.append(f"- {st['rule']}: {st['subject']}: {r['dice']} [{faces}] = {r['value']}. {st['text']}")
        else:
            lines.append(f"- {st['rule']}: {st['subject']}: {st['text']}")
    if rep.get("changes"):
        lines.append("Changes:")
        lines.extend(f"  {c}" for c in rep["changes"])
    for n in rep.get("notes", []):
        lines.append(f"note: {n}")
    return "\n".join(lines)


def cmd_injury_roll(args: argparse.Namespace, engine: Any) -> None:
    from campaign_app.usecases.necromunda import injury_roll

    rep = injury_roll(engine, args.fighter, dice=args.dice, seed=args.seed, dry_run=args.dry_run, by=args.by)
    emit(args, rep, lambda: _report_text(f"Lasting injury for {rep['fighter']}", rep))


def cmd_injury_treat(args: argparse.Namespace, engine: Any) -> None:
    from campaign_app.usecases.necromunda import treat_injury

    rep = treat_injury(engine, args.fighter, treat=not args.let_die, dice=args.dice, seed=args.seed,
                       dry_run=args.dry_run)
    emit(args, rep, lambda: _report_text(f"Critical injury of {rep['fighter']}", rep))


def cmd_cycle_end(args: argparse.Namespace, engine: Any) -> None:
    from campaign_app.usecases.necromunda import end_cycle

    rep = end_cycle(engine, args.campaign, treat=args.treat or [], dice=args.dice, seed=args.seed,
                    dry_run=args.dry_run)
    emit(args, rep, lambda: _report_text(
        f"End of cycle {rep['cycle']} in {rep['campaign']} (next: cycle {rep['next_cycle']})", rep))


def cmd_captive_release(args: argparse.Namespace, engine: Any) -> None:
    from campaign_app.usecases.necromunda import release_captive

    rep = release_captive(engine, args.fighter, how=args.how, note=args.note or "")
    emit(args, rep, f"{rep['fighter']} is back with the gang ({args.how})")


def cmd_fighter_revive(args: argparse.Namespace, engine: Any) -> None:
    from campaign_app.usecases.necromunda import revive_fighter

    rep = revive_fighter(engine, args.fighter, note=args.note or "")
    emit(args, rep, f"{rep['fighter']} is active again (undo to take it back)")


def register(sub: Any, add: Any, group: Any) -> None:
    inj = group("injury", "Necromunda lasting injuries and critical injury treatment")
    sp = add(inj, "roll", cmd_injury_roll,
             "roll the edition's Lasting Injury (or vehicle Lasting Damage) table for a fighter and apply it")
    sp.add_argument("fighter")
    sp.add_argument("--by", metavar="ATTACKER", help="the fighter who took it out (Hatred, capture)")
    sp.add_argument("--dry-run", action="store_true", help="show the roll and its effects, write nothing")
    dice_options(sp)
    sp = add(inj, "treat", cmd_injury_treat, "decide a pending Critical Injury: pay for treatment (or --let-die)")
    sp.add_argument("fighter")
    sp.add_argument("--let-die", action="store_true", help="do not pay: the fighter dies")
    sp.add_argument("--dry-run", action="store_true", help="show the rolls, write nothing")
    dice_options(sp)

    cyc = group("cycle", "Necromunda campaign cycles")
    sp = add(cyc, "end", cmd_cycle_end,
             "Post-cycle Sequence: decide critical injuries, Update Roster (clear In Recovery), next cycle")
    sp.add_argument("campaign")
    sp.add_argument("--treat", action="append", metavar="FIGHTER",
                    help="pay for this fighter's pending Critical Injury (repeatable); the others die")
    sp.add_argument("--dry-run", action="store_true", help="show what would happen, write nothing")
    dice_options(sp)

    cap = group("captive", "Necromunda captured fighters")
    sp = add(cap, "release", cmd_captive_release, "a captured fighter comes back to its gang")
    sp.add_argument("fighter")
    sp.add_argument("--how", required=True, choices=("rescue", "exchange"))
    sp.add_argument("--note", help="e.g. what was exchanged")

    fig = group("fighter", "add, edit and show fighters")
    sp = add(fig, "revive", cmd_fighter_revive, "bring back a fighter marked dead by mistake")
    sp.add_argument("fighter")
    sp.add_argument("--note")
