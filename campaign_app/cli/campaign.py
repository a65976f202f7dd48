"""``campaign create|list|show|settings|house-rule``."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from campaign_app.cli import emit, table_text
from campaign_app.errors import InputError

if TYPE_CHECKING:
    from campaign_app.facade import Campaigns


def cmd_campaign_create(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.campaigns import create_campaign

    c = app.run(create_campaign, args.name, args.system, args.edition, args.expansion or [])
    emit(args, c, f"created campaign {c.id}: {c.name}")


def cmd_campaign_list(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.campaigns import list_campaigns

    data = app.run(list_campaigns)
    emit(args, data, lambda: table_text(
        [(c["id"], c["name"], c["system"], c["edition"], ",".join(c["expansions"]), c["rosters"], c["battles"])
         for c in data],
        ["id", "name", "system", "edition", "expansions", "rosters", "battles"],
    ) if data else "no campaigns yet (campaign create NAME --system S, or demo)")


def cmd_campaign_show(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.campaigns import show_campaign

    d = app.run(show_campaign, args.campaign)

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


def cmd_house_rule(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.campaigns import set_house_rule

    if args.reset:
        c = app.run(set_house_rule, args.campaign, args.table, None)
        emit(args, c, f"{args.table}: back to the shipped table")
        return
    if not args.file:
        raise InputError("give --file TABLE.json (or .toml) or --reset")
    table = _read_table_file(args.file, args.table)
    c = app.run(set_house_rule, args.campaign, args.table, table)
    emit(args, c, f"{args.table}: house rule saved for {c.name}")


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
    except RecursionError:
        raise InputError(f"{path} is not valid: it is nested too deeply to be a table") from None


def cmd_campaign_settings(args: argparse.Namespace, app: Campaigns) -> None:
    """``campaign settings C [--dice-discipline open|strict] [--typed-dice yes|no]
    [--roster-rules checked|loose]``."""
    from campaign_app.usecases.record import campaign_settings, set_campaign_settings

    typed = None if args.typed_dice is None else args.typed_dice == "yes"
    if args.dice_discipline is None and typed is None and args.roster_rules is None:
        d: Any = app.run(campaign_settings, args.campaign)
    else:
        d = app.run(set_campaign_settings, args.campaign, dice_discipline=args.dice_discipline, typed_dice=typed,
                    roster_rules=args.roster_rules)

    def text() -> str:
        get = d.get if isinstance(d, dict) else lambda k: getattr(d, k)
        return (f"{get('campaign')}: dice discipline {get('dice_discipline')}, typed dice "
                f"{'yes' if get('typed_dice') else 'no'}, roster rules {get('roster_rules')}")

    emit(args, d, text)


def register(sub: Any, add: Any, group: Any) -> None:
    camp = group("campaign", "create, list and show campaigns")
    sp = add(camp, "create", cmd_campaign_create, "create a campaign", creates_db=True)
    sp.add_argument("name")
    sp.add_argument("--system", required=True, help="a game system id (see `campaign-app systems`)")
    sp.add_argument("--edition", help="an edition of the system (see `campaign-app systems`)")
    sp.add_argument("--expansion", action="append",
                    help="an expansion of the system (repeatable; see `campaign-app systems`)")
    add(camp, "list", cmd_campaign_list, "list campaigns")
    sp = add(camp, "show", cmd_campaign_show, "show a campaign's rosters and battles")
    sp.add_argument("campaign")
    sp = add(camp, "settings", cmd_campaign_settings,
             "show or change a campaign's dice discipline (open or strict), whether typed dice are allowed "
             "and whether its gang composition rules are checked")
    sp.add_argument("campaign")
    sp.add_argument("--dice-discipline", choices=("open", "strict"),
                    help="open: previews are recorded, the real run rolls anew; strict: the real run "
                         "reuses the dice already rolled for its step")
    sp.add_argument("--typed-dice", choices=("yes", "no"), help="allow dice typed in (strict discipline)")
    sp.add_argument("--roster-rules", choices=("checked", "loose"),
                    help="checked: recruiting follows the game's gang composition rules (the default); "
                         "loose: the campaign plays without them")
    sp = add(camp, "house-rule", cmd_house_rule, "replace a table for this campaign (house rule)")
    sp.add_argument("campaign")
    sp.add_argument("table")
    sp.add_argument("--file", help="the table as JSON or TOML (same shape as the shipped tables)")
    sp.add_argument("--reset", action="store_true", help="go back to the shipped table")
