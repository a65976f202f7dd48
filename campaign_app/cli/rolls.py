"""``roll`` (any rules table) and ``log`` (the campaign's roll record)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from campaign_app.cli import dice_options, emit, table_text
from campaign_app.errors import InputError
from campaign_app.rules.labels import labelled

if TYPE_CHECKING:
    from campaign_app.facade import Campaigns


def cmd_roll(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.rolls import roll_table

    inputs = {"rep": args.rep, "vs_rep": args.vs_rep, "kind": args.kind, "vs_kind": args.vs_kind, "impact": args.impact, "shots": args.shots,
              "flags": args.flag, "per_die": args.per_die, "target_fighter": args.target_fighter,
              "weapon": args.weapon}
    if args.battle is not None:  # table helper: during a game, recorded against the battle
        from campaign_app.usecases.table import battle_roll

        d = app.run(battle_roll, args.battle, args.table, target=args.target, fighter=args.fighter,
                    dice=args.dice, seed=args.seed, inputs=inputs)
    else:
        if args.fighter is not None or args.target_fighter is not None or args.weapon is not None:
            raise InputError("--fighter, --target-fighter and --weapon name figures of a battle: give --battle too")
        d = app.run(roll_table, args.table, campaign=args.campaign, dice=args.dice, seed=args.seed,
                    target=args.target, inputs=inputs)

    def text() -> str:
        vs = f" vs {d.target}" if d.target is not None else ""
        faces = ",".join(str(x) for x in d.faces)
        line = f"{labelled(d.title, default=d.default, house_rule=d.house_rule)}: {d.dice}{vs} [{faces}] = {d.value} -> {d.label}"
        if d.text:
            line += f": {d.text}"
        for extra in getattr(d, "lines", []):
            line += f"\n  {extra}"
        for done in getattr(d, "applied", []):
            line += f"\n  marked: {done}"
        if not d.recorded:
            line += "\n(not recorded: no --campaign given)"
        return line

    emit(args, d, text)


def cmd_log(args: argparse.Namespace, app: Campaigns) -> int | None:
    from campaign_app.usecases.rolls import roll_log

    if args.more is not None:  # ``log verify C`` (record helper)
        if args.campaign != "verify":
            raise InputError(f"log takes one campaign (got {args.campaign!r} and {args.more!r}); "
                             "to check the hash chain: log verify CAMPAIGN")
        return cmd_log_verify(args, app)
    marks = [m.strip() for m in args.mark.split(",")] if args.mark else None
    rows = app.run(roll_log, args.campaign, battle=args.battle, fighter=args.fighter, table=args.table,
                   limit=args.limit, marks=marks)
    emit(args, rows, lambda: table_text(
        [(r["id"], r["when"], r["subject"] + (" (removed)" if r["removed"] else ""), r["purpose"],
          r["dice"] + (f" vs {r['target']}" if r["target"] is not None else ""),
          ",".join(map(str, r["faces"])), r["source"], r["value"], r["label"] or r["result"],
          "" if r["mark"] == "applied" else r["mark"])
         for r in rows],
        ["id", "when", "who", "for", "dice", "faces", "source", "value", "result", ""],
    ) if rows else "no rolls recorded")
    return None


def cmd_log_verify(args: argparse.Namespace, app: Campaigns) -> int:
    """``log verify C``: exit 0 with ``chain intact: N rolls``, or 3 naming the first
    record whose content or order no longer matches."""
    from campaign_app.usecases.record import verify_chain

    st = app.run(verify_chain, args.more)
    if args.json:
        emit(args, {"campaign": st.campaign, "rolls": st.rolls, "intact": st.intact,
                    "broken_at": st.broken_at, "problem": st.problem,
                    "head": None if st.head_count is None else {"rolls": st.head_count, "hash": st.head_hash}})
    elif st.intact:
        print(st.text)
        if st.head_count:  # the head the database keeps: compare it with a report you kept
            print(f"head: {st.head_count} rolls, last hash {st.head_hash}")
    else:
        print(f"error: {st.campaign}: the roll record's {st.text}", file=sys.stderr)
    return 0 if st.intact else 3


def register(sub: Any, add: Any, group: Any) -> None:
    sp = add(sub, "roll", cmd_roll, "roll on any rules table (typed dice, seed or random)")
    sp.add_argument("table")
    sp.add_argument("--campaign", help="record the roll in this campaign and use its house rules")
    sp.add_argument("--target", help="the number rolled against (e.g. Rep) for pass tests")
    sp.add_argument("--battle", help="record the roll against this battle (its campaign's tables)")
    sp.add_argument("--fighter", help="with --battle: who rolls (his Rep is the target when none is given)")
    g = sp.add_argument_group("tables a game rolls with inputs (e.g. a shooting table, a damage table)")
    g.add_argument("--target-fighter", help="with --battle: the figure on the other end (the one hit, the other "
                                            "side's leader): its Rep and kind; a damage result marks it")
    g.add_argument("--rep", help="the Rep of who rolls (default: --fighter's)")
    g.add_argument("--vs-rep", help="the other figure's Rep (default: --target-fighter's)")
    g.add_argument("--kind", help="what rolls, when no --fighter: human (default) or a creature kind")
    g.add_argument("--vs-kind", help="what is on the other end, when no --target-fighter: human (default) or a "
                                     "creature kind (a creature is hurt on its own damage table)")
    g.add_argument("--impact", help="the weapon's impact (default: --fighter's weapon)")
    g.add_argument("--shots", help="the weapon's Target number: how many dice (default: --fighter's weapon)")
    g.add_argument("--weapon", help="with --fighter: which of his weapons (default: the first with stats)")
    g.add_argument("--flag", action="append", metavar="FLAG",
                   help="a condition the table takes (e.g. cover, fast-moved, target-fast-moved, charging, "
                        "stake, silver, airborne); repeat or comma-separate")
    g.add_argument("--per-die", metavar="N,N,...", help="Shooting: which target each die goes to (1 = the first)")
    dice_options(sp)

    sp = add(sub, "log", cmd_log, "the campaign's roll record (log verify C: check its hash chain)")
    sp.add_argument("campaign")
    sp.add_argument("more", nargs="?", metavar="C", help="with verify: the campaign whose chain to check")
    sp.add_argument("--mark", help="only rolls marked so: preview, abandoned, applied, undone (comma-separated)")
    sp.add_argument("--battle", type=int)
    sp.add_argument("--fighter")
    sp.add_argument("--table")
    sp.add_argument("--limit", type=int)
