"""``campaign rename|delete|deleted|restore|purge``, ``roster rename|delete``,
``fighter move``, ``unit move``: renaming, deleting (asked first) and moving."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from campaign_app.cli import emit, table_text
from campaign_app.errors import InputError

if TYPE_CHECKING:
    from campaign_app.facade import Campaigns


def confirm(args: argparse.Namespace, question: str) -> None:
    """Ask ``question`` (y/N) unless ``--yes``; without a terminal to ask at, refuse."""
    if getattr(args, "yes", False):
        return
    if not sys.stdin.isatty():
        raise InputError(f"{question.rstrip('?')}: give --yes to confirm (no terminal to ask at)")
    answer = input(f"{question} [y/N] ").strip().lower()
    if answer not in ("y", "yes"):
        raise InputError("nothing deleted")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _what(d: dict[str, Any]) -> str:
    parts = [_plural(d.get("rosters", 0), "roster")] if "rosters" in d else []
    parts += [_plural(d["fighters"], "fighter")] if d.get("fighters") else []
    parts += [_plural(d["units"], "unit")] if d.get("units") else []
    parts += [_plural(d["battles"], "battle")] if d.get("battles") else []
    return ", ".join(parts) or "nothing on it"


def cmd_campaign_rename(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.manage import rename_campaign

    c = app.run(rename_campaign, args.campaign, args.name, if_version=args.if_version)
    emit(args, c, f"campaign {c.id} is now named {c.name}")


def cmd_campaign_delete(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.campaigns import show_campaign
    from campaign_app.usecases.manage import delete_campaign

    d = app.run(show_campaign, args.campaign)
    n_fighters = sum(r.get("fighters", 0) for r in d["rosters"])
    what = _what({"rosters": len(d["rosters"]), "fighters": n_fighters, "battles": len(d["battles"])})
    confirm(args, f"delete campaign {d['name']} ({what})?")
    res = app.run(delete_campaign, d["id"], if_version=args.if_version)
    emit(args, res, f"deleted campaign {res.name}; it is kept until purged: "
                    f"`campaign-app campaign restore {res.id}` (or `undo {res.id}`) brings it back")


def cmd_campaign_deleted(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.manage import deleted_campaigns

    rows = app.run(deleted_campaigns)
    emit(args, rows, lambda: table_text([(d["id"], d["name"], d["system_name"], d["rosters"], d["deleted_at"])
                                         for d in rows], ["id", "name", "system", "rosters", "deleted"])
         if rows else "no deleted campaigns")


def cmd_campaign_restore(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.manage import restore_campaign

    c = app.run(restore_campaign, args.campaign)
    emit(args, c, f"restored campaign {c.id}: {c.name}")


def cmd_campaign_purge(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.manage import deleted_campaign_info, purge_campaign

    engine = app.engine  # LOCAL_ONLY: rows removed for good, on this database only
    d = deleted_campaign_info(engine, args.campaign)
    confirm(args, f"remove deleted campaign {d['name']} for good, with its rolls and history (no undo)?")
    res = purge_campaign(engine, d["id"])
    emit(args, res, f"purged campaign {res.name}")


def cmd_roster_rename(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.manage import rename_roster

    r = app.run(rename_roster, args.roster, args.name, if_version=args.if_version)
    emit(args, r, f"roster {r.id} is now named {r.name}")


def cmd_roster_delete(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.manage import delete_roster
    from campaign_app.usecases.rosters import show_roster

    d = app.run(show_roster, args.roster)
    what = _what({"fighters": len(d["fighters"]), "units": len(d["units"])})
    confirm(args, f"delete roster {d['name']} of {d['campaign']['name']} ({what})?")
    res = app.run(delete_roster, d["id"], if_version=args.if_version)
    kept = f"; {_plural(res.rolls, 'roll')} stay on record" if res.rolls else ""
    emit(args, res, f"deleted roster {res.name} ({_what(vars(res))}){kept}; "
                    f"`campaign-app undo {res.campaign_id}` brings it back")


def cmd_fighter_move(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.manage import move_fighter

    m = app.run(move_fighter, args.fighter, args.roster, if_version=args.if_version)
    emit(args, m, f"moved {m.name} from {m.from_roster} to {m.to_roster}")


def cmd_unit_move(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.manage import move_unit

    m = app.run(move_unit, args.unit, args.roster, if_version=args.if_version)
    emit(args, m, f"moved {m.name} from {m.from_roster} to {m.to_roster}")


def register(sub: Any, add: Any, group: Any) -> None:
    def versioned(sp: Any, what: str) -> None:
        sp.add_argument("--if-version", type=int, help=f"refuse if the {what} changed since this version")

    camp = group("campaign", "create, list and show campaigns")
    sp = add(camp, "rename", cmd_campaign_rename, "rename a campaign")
    sp.add_argument("campaign")
    sp.add_argument("name", help="the new name")
    versioned(sp, "campaign")
    sp = add(camp, "delete", cmd_campaign_delete,
             "delete a campaign (asks first; kept until purged: restore or undo brings it back)")
    sp.add_argument("campaign")
    sp.add_argument("--yes", action="store_true", help="do not ask")
    versioned(sp, "campaign")
    add(camp, "deleted", cmd_campaign_deleted, "list the deleted campaigns kept until purged")
    sp = add(camp, "restore", cmd_campaign_restore, "bring a deleted campaign back (its id or old name)")
    sp.add_argument("campaign")
    sp = add(camp, "purge", cmd_campaign_purge, "remove a deleted campaign for good (asks first; no undo)")
    sp.add_argument("campaign")
    sp.add_argument("--yes", action="store_true", help="do not ask")

    ros = group("roster", "create and show rosters (gangs, squads, forces)")
    sp = add(ros, "rename", cmd_roster_rename, "rename a roster")
    sp.add_argument("roster")
    sp.add_argument("name", help="the new name")
    versioned(sp, "roster")
    sp = add(ros, "delete", cmd_roster_delete,
             "delete a roster with its fighters and units (asks first; one undo step; its rolls stay on record)")
    sp.add_argument("roster")
    sp.add_argument("--yes", action="store_true", help="do not ask")
    versioned(sp, "roster")

    fig = group("fighter", "add, edit and show fighters")
    sp = add(fig, "move", cmd_fighter_move, "move a fighter to another roster of its campaign (a vehicle with its crew)")
    sp.add_argument("fighter")
    sp.add_argument("roster")
    versioned(sp, "fighter")
    un = group("unit", "add, edit and show units (squad games)")
    sp = add(un, "move", cmd_unit_move, "move a unit to another roster of its campaign")
    sp.add_argument("unit")
    sp.add_argument("roster")
    versioned(sp, "unit")
