"""``content add|list|export``, ``roster credits|stash|ledger``, ``fighter buy|sell``
(gear helper)."""

from __future__ import annotations

import argparse
import re
from typing import TYPE_CHECKING, Any

from campaign_app.cli import emit, table_text
from campaign_app.errors import InputError
from campaign_app.rules.labels import labelled

if TYPE_CHECKING:
    from campaign_app.facade import Campaigns


def cmd_content_add(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.gear import add_content

    r = app.run(add_content, args.campaign, args.pack)
    parts = [f"{len(r.added)} added"] + ([f"{len(r.replaced)} replaced ({', '.join(r.replaced)})"]
                                         if r.replaced else [])
    emit(args, r, f"content pack {r.pack}: {', '.join(parts)}")


def _profile_text(item: dict[str, Any], fields: list[dict[str, str]]) -> str:
    prof = item["profile"]
    cells = [f"{f['label']} {prof[f['key']]}" for f in fields if f["key"] in prof]
    if item["traits"]:
        cells.append(", ".join(item["traits"]))
    return "  ".join(cells)


def cmd_content_list(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.gear import list_content

    d = app.run(list_content, args.campaign)

    def text() -> str:
        lines = []
        if d["packs"]:
            lines.append("content packs: " + ", ".join(f"{p['name']} ({p['items']} items)" for p in d["packs"]))
        rows = [[i["key"], labelled(i["name"], default=i["default"]), i["category"],
                 i["cost"] if i["cost_known"] else "?", i["source"], _profile_text(dict(i), d["profile"])]
                for i in d["items"]]
        lines.append(table_text(rows, ["key", "item", "category", "cost", "from", "profile"]) if rows
                     else f"{d['campaign']} has no catalogue items")
        return "\n".join(lines)

    emit(args, d, text)


def cmd_content_export(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.gear import export_content

    d = app.run(export_content, args.campaign, args.output)
    emit(args, d, f"wrote {d['items']} items to {d['path']}")


def _amount(text: str) -> int:
    if not re.fullmatch(r"[+-]?\d{1,9}", text.strip()):
        raise InputError(f"credits {text!r}: give a whole number such as +50 or -20")
    return int(text)


def cmd_roster_credits(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.gear import adjust_credits

    r = app.run(adjust_credits, args.roster, _amount(args.amount), args.why or "", battle=args.battle)
    emit(args, r, f"{r.roster}: {r.amount:+d} credits ({r.why}); {r.credits} credits now")


def cmd_roster_stash(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases import gear

    if args.give and not args.to:
        raise InputError("say which fighter gets the item (--to FIGHTER)")
    if args.add or args.found:
        r = app.run(gear.stash_add, args.roster, args.add or args.found, pay=bool(args.add))
        emit(args, r, f"{r.item} into the stash of {r.roster}" + (f" for {r.price} credits; {r.credits} left"
                                                                   if r.price else ""))
        return
    if args.give:
        r = app.run(gear.stash_give, args.roster, args.give, args.to, stat=args.stat)
        emit(args, r, f"{r.item} from the stash of {r.roster} to {r.fighter}"
             + (f"\n{r.item} {r.cured}" if r.cured else ""))
        return
    d = app.run(gear.show_stash, args.roster)

    def text() -> str:
        if not d["items"]:
            return f"the stash of {d['roster']} is empty ({d['credits']} credits)"
        return "\n".join([table_text([[i["id"], i["name"], i["category"], i["qty"], i["cost"]] for i in d["items"]],
                                     ["id", "item", "category", "qty", "cost"]),
                          f"stash value {d['value']}; {d['credits']} credits"])

    emit(args, d, text)


def cmd_roster_ledger(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.gear import show_ledger

    d = app.run(show_ledger, args.roster)

    def text() -> str:
        if not d["entries"]:
            return f"{d['roster']}: no credits moved yet ({d['credits']} credits)"
        return table_text([[e["when"].replace("T", " "), e["kind"], f"{e['amount']:+d}", e["balance"], e["why"],
                            e["battle"] if e["battle"] is not None else ""] for e in d["entries"]],
                          ["when", "kind", "credits", "balance", "why", "battle"])

    emit(args, d, text)


def cmd_fighter_buy(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.gear import buy_item

    r = app.run(buy_item, args.fighter, args.item, args.cost, stat=args.stat)
    emit(args, r, f"{r.fighter} bought {r.item} for {r.price} credits; the gang has {r.credits} left, "
                  f"{r.fighter} is worth {r.value}" + (f"\n{r.item} {r.cured}" if r.cured else ""))


def cmd_fighter_sell(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.gear import sell_item

    r = app.run(sell_item, args.fighter, args.item)
    rule = f": {labelled(r.rule, default=r.rule_default)}" if r.rule else ""
    emit(args, r, f"{r.fighter} sold {r.item} for {r.price} credits{rule}; the gang has {r.credits}, "
                  f"{r.fighter} is worth {r.value}")


def cmd_roster_territory(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases import gear

    if args.add and args.remove:
        raise InputError("add or remove a territory, not both at once")
    if args.add:
        credits = _amount(args.credits) if args.credits else 0
        r = app.run(gear.add_territory, args.roster, args.add, credits=credits, dice=args.income_dice or "",
                    rule=args.rule or "")
        emit(args, r, f"{r.roster} holds {r.territory}")
        return
    if args.remove:
        r = app.run(gear.remove_territory, args.roster, args.remove)
        emit(args, r, f"{r.roster} no longer holds {r.territory}")
        return
    d = app.run(gear.show_territories, args.roster)

    def text() -> str:
        if not d["territories"]:
            return f"{d['roster']} holds no territories"
        return table_text([[t["name"], t["credits"], t["dice"], t["rule"]] for t in d["territories"]],
                          ["territory", "credits", "dice", "rule"])

    emit(args, d, text)


def income_text(r: Any) -> str:
    lines = [f"{r.roster} collects {r.total} credits ({r.credits} now)"]
    for x in r.lines:
        roll = f" + {x['dice']} [{','.join(map(str, x['faces']))}]" if x["dice"] else ""
        lines.append(f"- {x['territory']}: {x['credits']}{roll} = {x['amount']}")
    return "\n".join(lines)


def cmd_roster_income(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.dice import Roller
    from campaign_app.usecases.gear import collect_income

    r = app.run(collect_income, args.roster, battle=args.battle,
                roller=Roller.from_options(args.dice, args.seed))
    emit(args, r, lambda: income_text(r))


def register(sub: Any, add: Any, group: Any) -> None:
    con = group("content", "the equipment catalogue and content packs of a campaign")
    sp = add(con, "add", cmd_content_add, "add a content pack (TOML or JSON; docs/content-packs.md) to a campaign")
    sp.add_argument("campaign")
    sp.add_argument("pack")
    sp = add(con, "list", cmd_content_list, "list a campaign's catalogue: items, costs, profiles, packs")
    sp.add_argument("campaign")
    sp = add(con, "export", cmd_content_export, "write a campaign's content packs as one pack file")
    sp.add_argument("campaign")
    sp.add_argument("-o", "--output", required=True, help="the file (.toml, or .json)")

    ros = group("roster", "create and show rosters (gangs, squads, forces)")
    sp = add(ros, "credits", cmd_roster_credits, "give or take a roster's credits, with the reason (on its ledger)")
    sp.add_argument("roster")
    sp.add_argument("amount", help="+N or -N")
    sp.add_argument("--why", required=True, help="the reason, kept on the ledger")
    sp.add_argument("--battle", help="the battle (id) the credits came from")
    sp = add(ros, "stash", cmd_roster_stash, "show the items the gang holds, or add one, or hand one to a fighter")
    sp.add_argument("roster")
    sp.add_argument("--add", metavar="ITEM", help="buy a catalogue item into the stash")
    sp.add_argument("--found", metavar="ITEM", help="put an item in the stash without paying (loot)")
    sp.add_argument("--give", metavar="ITEM", help="hand an item of the stash to a fighter (with --to)")
    sp.add_argument("--to", metavar="FIGHTER")
    sp.add_argument("--stat", metavar="KEY", help="an item that cures an injury (bionics) and gives back one of "
                    "its characteristics: which one (e.g. Ld)")
    sp = add(ros, "ledger", cmd_roster_ledger, "every movement of a roster's credits, with why and battle")
    sp.add_argument("roster")
    sp = add(ros, "territory", cmd_roster_territory, "show, add or remove the territories a roster holds")
    sp.add_argument("roster")
    sp.add_argument("--add", metavar="NAME", help="take a territory")
    sp.add_argument("--credits", help="the credits it gives each battle")
    sp.add_argument("--income-dice", metavar="DICE", help="the roll it gives each battle, e.g. D6x10")
    sp.add_argument("--rule", help="its special rule, in words")
    sp.add_argument("--remove", metavar="NAME", help="give a territory up")
    sp = add(ros, "income", cmd_roster_income, "collect the income of a roster's territories (rolls recorded)")
    sp.add_argument("roster")
    sp.add_argument("--battle", help="the battle (id) the income follows")
    from campaign_app.cli import dice_options

    dice_options(sp)

    fig = group("fighter", "add, edit and show fighters")
    sp = add(fig, "buy", cmd_fighter_buy, "buy a catalogue item for a fighter (the gang's credits pay)")
    sp.add_argument("fighter")
    sp.add_argument("item")
    sp.add_argument("--stat", metavar="KEY", help="an item that cures an injury (bionics) and gives back one of "
                    "its characteristics: which one (e.g. Ld)")
    sp.add_argument("--cost", type=int, metavar="N",
                    help="what it costs, for an item whose cost the catalogue does not know")
    sp = add(fig, "sell", cmd_fighter_sell, "sell an item a fighter carries (credits back, value down)")
    sp.add_argument("fighter")
    sp.add_argument("item")
