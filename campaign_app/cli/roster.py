"""``roster create|edit|show``."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from campaign_app.cli import PLAIN_READS, emit, table_text

if TYPE_CHECKING:
    from campaign_app.facade import Campaigns


def cmd_roster_create(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.rosters import create_roster

    house = getattr(args, "house", None)
    credits = args.credits if house is not None else args.credits or 0
    r = app.run(create_roster, args.campaign, args.name, args.kind, faction=args.faction or "",
                player=args.player or "", credits=credits, house=house)
    founded = f" ({r.faction}, {r.credits:,} credits{', our default' if r.credits_default else ''})" \
        if house is not None else ""
    emit(args, r, f"created roster {r.id}: {r.name}{founded}")


def cmd_roster_edit(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.rosters import edit_roster

    r = app.run(edit_roster, args.roster, if_version=args.if_version, name=args.name,
                faction=args.faction, player=args.player, credits=args.credits,
                reputation=args.reputation, notes=args.notes)
    emit(args, r, f"roster {r.id} saved (version {r.version})")


def records_lines(app: Campaigns, roster_id: int, system: str) -> list[str]:
    """One line per record kind the roster holds (its game system's own, e.g. relics):
    the kind's words and the records' titles (records helper)."""
    from campaign_app.systems.registry import systems

    gs = systems().get(system)
    if gs is None or not gs.records:
        return []
    from campaign_app.usecases.records import list_records  # only for a game that keeps records

    held = app.run(list_records, roster=roster_id)["records"]
    out = []
    for rk in gs.records:
        titles = [x["title"] or f"#{x['id']}" for x in held if x["kind"] == rk.key]
        if titles:
            out.append(f"{rk.words[1]}: {', '.join(titles)}")
    return out


def cmd_roster_show(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.rosters import show_roster

    d = app.run(show_roster, args.roster)
    emit(args, d, lambda: roster_text(d, lambda: records_lines(app, d["id"], d["campaign"]["system"])))


def plain_roster_show(args: argparse.Namespace) -> bool:
    """``roster show`` read by plain SQL, before any database layer is imported
    (:mod:`campaign_app.usecases.roster_show`): False when it is not read so, and the
    command takes its normal path (which says what is wrong, if anything is)."""
    from campaign_app.usecases.roster_show import plain_show_roster

    d = plain_show_roster(args.db, args.roster)
    if d is None:
        return False
    emit(args, d, lambda: roster_text(d, list))  # (read so only for a game that keeps no records)
    return True


PLAIN_READS[cmd_roster_show] = plain_roster_show


def roster_text(d: Any, records: Callable[[], list[str]]) -> str:
    """``roster show``'s text of ``show_roster``'s dict ``d``; ``records``: the lines of
    the records the roster holds (records helper)."""
    lines = [f"{d['name']} (#{d['id']}, {d['kind']}) in {d['campaign']['name']}"]
    if d["faction"] or d["player"]:
        lines.append(" / ".join(x for x in (d["faction"], d["player"]) if x))
    w = d["worth"]
    if w["wealth"]:  # gear: rating and wealth
        lines.append(f"rating {w['rating']} \u00b7 wealth {w['wealth']} (credits {w['credits']}, "
                     f"stash {w['stash']})")
    if d["counters"]:  # the campaign's own counters (counters helper)
        from campaign_app.cli.counters import counters_text

        lines.append(counters_text(d["counters"]))
    lines += records()  # records helper
    if d["fighters"]:
        from campaign_app.systems.info import stat_rules
        from campaign_app.systems.registry import get_system

        camp = d["campaign"]
        # the edition's characteristics in its order, targets written as the game
        # writes them ("3+"); then any other keys the fighters carry
        rules = {st.key: st for st in stat_rules(camp["system"], camp["edition"])}
        stat_keys: list[str] = [k for k in rules if any(k in f["stats"] for f in d["fighters"])]
        for f in d["fighters"]:
            for k in f["stats"]:
                if k not in stat_keys:
                    stat_keys.append(k)

        def stat(f: Any, k: str) -> Any:
            v = f["stats"].get(k, "")
            return rules[k].show(v) if k in rules and v not in (None, "") else v

        uses_rep = get_system(camp["system"]).uses_rep or any(f["rep"] is not None for f in d["fighters"])
        rows = []
        for f in d["fighters"]:
            weapons = ", ".join(e["name"] for e in f["equipment"])
            rep = [f["rep"] if f["rep"] is not None else ""] if uses_rep else []
            rows.append([f["id"], f["name"], f["type"], f["kind"], *rep,
                         *[stat(f, k) for k in stat_keys], f["xp"], f["status"], weapons])
        lines.append("")
        lines.append(table_text(rows, ["id", "name", "type", "kind", *(["rep"] if uses_rep else []),
                                       *stat_keys, "xp", "status", "weapons"]))
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


def register(sub: Any, add: Any, group: Any) -> None:
    ros = group("roster", "create and show rosters (gangs, squads, forces)")
    sp = add(ros, "create", cmd_roster_create, "create a roster in a campaign")
    sp.add_argument("campaign")
    sp.add_argument("name")
    sp.add_argument("--kind", help="gang or squad")
    sp.add_argument("--faction")
    sp.add_argument("--house", help="found it from a house (faction) of the game: records the house and "
                                    "starts with its credits (see `fighter recruit ROSTER --list`)")
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
