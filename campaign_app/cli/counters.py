"""``campaign counter add|list|remove`` and ``roster counter`` (counters helper): the
campaign's own counters, kept per roster."""

from __future__ import annotations

import argparse
import re
from typing import TYPE_CHECKING, Any

from campaign_app.cli import emit, table_text
from campaign_app.errors import InputError

if TYPE_CHECKING:
    from campaign_app.facade import Campaigns


def change_of(text: str) -> tuple[int | None, int | None]:
    """``"+1"`` -> (1, None): move by; ``"=5"`` -> (None, 5): set to; ``"-2"`` -> (-2, None)."""
    m = re.fullmatch(r"\s*(=\s*[+-]?|[+-])\s*(\d{1,7})\s*", text or "")
    if m is None:
        raise InputError(f"counter change {text!r}: write +1, -1 or =5")
    sign = m[1].replace(" ", "")
    n = int(m[2])
    if sign.startswith("="):
        return None, -n if sign.endswith("-") else n
    return (n if sign == "+" else -n), None


def cmd_campaign_counter_add(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.counters import define_counter

    r = app.run(define_counter, args.campaign, args.name, start=args.start, low=args.min, high=args.max)
    d = r.counter
    emit(args, r, f"{r.campaign}: counter {d['name']}, every roster starts at {d['start']}, "
                  f"from {d['min']} to {d['max']}")


def cmd_campaign_counter_remove(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.counters import remove_counter

    r = app.run(remove_counter, args.campaign, args.name)
    emit(args, r, f"{r.campaign}: counter {r.counter['name']} removed, with every roster's value")


def cmd_campaign_counter_list(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.counters import list_counters

    d = app.run(list_counters, args.campaign)
    emit(args, d, lambda: table_text([[x["name"], x["start"], x["min"], x["max"]] for x in d["counters"]],
                                     ["counter", "start", "min", "max"]) if d["counters"]
         else f"{d['campaign']} has no counters (campaign counter add)")


def counters_text(counters: list[Any]) -> str:
    """'Terror Level 3 (0-10), Supplies 0 (0-99)'."""
    return ", ".join(f"{x['name']} {x['value']} ({x['min']}\u2013{x['max']})" for x in counters)


def cmd_roster_counter(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases import counters

    if args.name is None:
        d = app.run(counters.roster_counters, args.roster)
        emit(args, d, lambda: f"{d['roster']}: {counters_text(d['counters'])}" if d["counters"]
             else f"the campaign of {d['roster']} has no counters (campaign counter add)")
        return
    if args.change is None:
        raise InputError("say how the counter changes: +1, -1 or =5")
    by, to = change_of(args.change)
    r = app.run(counters.change_counter, args.roster, args.name, by=by, to=to)
    emit(args, r, f"{r.roster}: {r.counter} {r.before} \u2192 {r.value}")


def cmd_campaign_counter(args: argparse.Namespace, app: Campaigns) -> None:
    if args.action == "list":
        if args.name is not None:
            raise InputError("campaign counter list takes the campaign only")
        cmd_campaign_counter_list(args, app)
        return
    if args.name is None:
        raise InputError(f"campaign counter {args.action}: name the counter (campaign counter {args.action} "
                         "CAMPAIGN NAME)")
    (cmd_campaign_counter_add if args.action == "add" else cmd_campaign_counter_remove)(args, app)


def register(sub: Any, add: Any, group: Any) -> None:
    camp = group("campaign", "create, list and show campaigns")
    sp = add(camp, "counter", cmd_campaign_counter,
             "define (add), list or remove the campaign's own counters, kept for each roster "
             "(e.g. a Terror Level from 0 to 10)")
    sp.add_argument("action", choices=("add", "list", "remove"))
    sp.add_argument("campaign")
    sp.add_argument("name", nargs="?", help="the counter's name (add, remove)")
    sp.add_argument("--start", type=int, default=0, help="add: the value every roster starts at (default 0)")
    sp.add_argument("--min", type=int, default=0, help="add: the lowest value (default 0)")
    sp.add_argument("--max", type=int, default=10, help="add: the highest value (default 10)")

    ros = group("roster", "create and show rosters (gangs, squads, forces)")
    sp = add(ros, "counter", cmd_roster_counter,
             "show a roster's counters, or change one: +1, -1 or =5 (its limits hold)")
    sp.add_argument("roster")
    sp.add_argument("name", nargs="?", help="the counter's name")
    sp.add_argument("change", nargs="?", help="+N, -N or =N")
