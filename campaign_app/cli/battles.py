"""CLI: ``battle record/list/show`` and ``after-battle`` for every system."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from campaign_app.cli import dice_options, emit, table_text
from campaign_app.rules.labels import labelled

if TYPE_CHECKING:
    from campaign_app.facade import Campaigns
    from db.queries.lookup import Ref


def cmd_record(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.battles import record_battle

    b = app.run(record_battle, args.campaign, args.roster or [],
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


def cmd_list(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.battles import list_battles

    rows = app.run(list_battles, args.campaign)
    emit(args, rows, lambda: table_text(
        [(b["id"], b["number"], b["played_on"], " vs ".join(b["rosters"]), b["winner"] or "",
          b["scenario"], "done" if b["after_battle_done"] else "pending") for b in rows],
        ["id", "battle", "date", "rosters", "winner", "scenario", "after battle"]) if rows else "no battles yet")


def cmd_show(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.battles import show_battle

    d = app.run(show_battle, args.battle)

    def text() -> str:
        head = f"battle {d['number']} (id {d['id']}) on {d['played_on']}: " + " vs ".join(
            f"{r['name']}{' (' + r['result'] + ')' if r['result'] else ''}" for r in d["rosters"])
        rows = [(r["name"], r["status"], "hit" if r["scored_hit"] else "", r["casualties"] or "") for r in d["results"]]
        return head + "\n" + table_text(rows, ["figure", "result", "", "casualties"])

    emit(args, d, text)


def cmd_after_battle(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.systems.commands import options_from
    from campaign_app.usecases.battles import after_battle

    options = options_from(_after_battle_options(), vars(args))
    rep = app.run(after_battle, args.battle, dice=args.dice, seed=args.seed, dry_run=args.dry_run,
                  options=options, campaign=args.campaign)
    income = None
    if getattr(args, "income", False) and not args.dry_run:  # gear: territories' income, its own undo step
        from campaign_app.dice import Roller
        from campaign_app.usecases.gear import collect_battle_income

        # typed income dice only when given (over a league the server rolls: a roller is no plain data)
        roller = Roller.from_options(args.income_dice, None) if args.income_dice else None
        income = app.run(collect_battle_income, args.battle, roller=roller)

    def text() -> str:
        lines = [f"After the Battle {rep.battle} — {rep.campaign}"
                 + (" (dry run: nothing written)" if rep.dry_run else "")]
        for st in rep.steps:
            r = st["roll"]
            st = {**st, "rule": labelled(st["rule"], default=bool(st.get("default")))}
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
        if income is not None:
            from campaign_app.cli.gear import income_text

            lines.extend(income_text(x) for x in income.rosters)
        return "\n".join(lines)

    emit(args, rep, text)


# --- table: battle setup and tracking (table helper)
def cmd_setup(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.table import setup_battle

    b = app.run(setup_battle, args.campaign, args.roster or [], scenario=args.scenario, attacker=args.attacker,
                picks=args.pick or [], dice=args.dice, seed=args.seed, played_on=args.date,
                notes=args.notes or "")

    def text() -> str:
        name = labelled(b.scenario, default=b.scenario_default) if b.scenario else "no scenario"
        lines = [f"set up battle {b.number} (id {b.id}): {name}" + (" (rolled)" if b.scenario_rolled else "")
                 + (f": {b.scenario_text}" if b.scenario_text else "")]
        if b.attacker:
            lines.append(f"attacker: {b.attacker}")
        for roster, crew in b.crews.items():
            lines.append(f"{roster}: picked {', '.join(crew['picked']) or 'none'}; "
                         f"drawn {', '.join(crew['drawn']) or 'none'}")
        lines.append(f"taking part: {', '.join(b.taking_part)}")
        lines += [f"- {r['purpose']}: {r['dice']} [{','.join(map(str, r['faces']))}] = {r['value']}"
                  + (f" -> {r['label']}" if r["label"] else "") for r in b.rolls]
        lines.append(f"next: battle start {b.id}")
        return "\n".join(lines)

    emit(args, b, text)


def cmd_start(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.table import start_battle

    r = app.run(start_battle, args.battle)
    emit(args, r, f"battle {r.number} is in progress: mark with battle track/hit/casualties")


def cmd_finish(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.table import finish_battle

    r = app.run(finish_battle, args.battle, winner=args.winner)
    emit(args, r, f"battle {r.number} finished" + (f": {r.winner} wins" if r.winner else "")
         + f"; next: after-battle {r.id}")


def cmd_track(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.table import track

    m = app.run(track, args.battle, args.figure, args.status, by=args.by)
    emit(args, m, m.text)


def cmd_hit(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.table import hit

    m = app.run(hit, args.battle, args.fighter)
    emit(args, m, m.text)


def cmd_casualties(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.table import casualties

    m = app.run(casualties, args.battle, args.unit, args.n)
    emit(args, m, m.text)


def cmd_undo_mark(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.table import undo_mark

    r = app.run(undo_mark, args.battle)
    emit(args, r, f"undone: {r.summary or r.action}")


def cmd_table(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.table import table_view

    d = app.run(table_view, args.battle)

    def text() -> str:
        rolled = (d.get("setup") or {}).get("scenario_roll") or {}
        name = labelled(d["scenario"], default=bool(rolled.get("default"))
                        and rolled.get("label") == d["scenario"]) if d["scenario"] else "no scenario"
        head = (f"battle {d['number']} (id {d['id']}), {d['state']}: {name}"
                + (f"; attacker {d['attacker']}" if d["attacker"] else ""))
        rows = [(f["name"], f["roster"], f["status"], "hit" if f["scored_hit"] else "", f["by"] or "",
                 f["casualties"] if f["unit_id"] else "") for f in d["figures"]]
        marks = [f"{i}. {m['text']}" for i, m in enumerate(d["marks"], 1)]
        return "\n".join([head, table_text(rows, ["figure", "roster", "status", "", "by", "casualties"]),
                          *(["marks:", *marks] if marks else [])])

    emit(args, d, text)
# --- end table


# --- invite: devices at the table (#29)
def cmd_invite(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.errors import InputError
    from campaign_app.usecases.devices import invite_to_table, join_url, qr_text

    if not 0 < args.port < 65536:  # before the invitation is written
        raise InputError(f"--port {args.port} is not a port (1 to 65535)")
    if args.host is not None and (not args.host.strip() or any(c in args.host for c in " /#?@")):
        raise InputError(f"--host {args.host!r} is not an address (e.g. 192.168.1.20)")
    inv = app.run(invite_to_table, args.battle, args.roster, minutes=args.minutes)
    url = join_url(inv.token, args.host, args.port)
    data = {"url": url, "invite_id": inv.invite_id, "battle_id": inv.battle_id, "roster": inv.roster,
            "expires_at": inv.expires_at}
    emit(args, data, lambda: "\n".join([
        (qr_text(url) if not args.no_qr else "").rstrip("\n"),
        f"{inv.roster} joins battle {inv.battle_number} at {url}",
        f"(invitation {inv.invite_id}; until {inv.expires_at:%Y-%m-%d %H:%M} UTC or the battle's end; "
        f"serve this database with: campaign-app serve --bind 0.0.0.0:{args.port})"]).lstrip("\n"))


def cmd_invites(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.devices import invites

    rows = app.run(invites, args.battle)
    emit(args, rows, lambda: table_text(
        [(r["id"], r["battle_number"], r["roster"], r["devices"], f"{r['expires_at']:%Y-%m-%d %H:%M}", r["state"])
         for r in rows], ["id", "battle", "roster", "devices", "until (UTC)", "state"])
        if rows else "no invitations to the table")


def cmd_uninvite(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.devices import uninvite

    r = app.run(uninvite, args.invite)
    emit(args, r, f"invitation {r.invite_id} ended ({r.sessions} device(s) signed out)")
# --- end invite


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
    # --- table: battle setup and tracking (table helper)
    sp = add(bat, "setup", cmd_setup, "set a battle up before the game: scenario, who attacks, the crew")
    sp.add_argument("campaign")
    sp.add_argument("--roster", action="append", required=True, help="a roster that fights (repeatable)")
    sp.add_argument("--scenario", help="the scenario (default: rolled on the game's scenario table)")
    sp.add_argument("--attacker", help="the roster that attacks (default: rolled)")
    sp.add_argument("--pick", action="append", metavar="FIGHTER",
                    help="a fighter the player picks (repeatable; the game may draw more at random)")
    sp.add_argument("--date", help="YYYY-MM-DD (default today)")
    sp.add_argument("--notes")
    dice_options(sp)
    sp = add(bat, "start", cmd_start, "the game begins: marks can be made")
    sp.add_argument("battle")
    sp = add(bat, "track", cmd_track, "mark how a figure stands now, during the game")
    sp.add_argument("battle")
    sp.add_argument("figure")
    sp.add_argument("status")
    sp.add_argument("--by", metavar="OTHER", help="the fighter who did it")
    sp = add(bat, "hit", cmd_hit, "mark that a fighter scored a hit, during the game")
    sp.add_argument("battle")
    sp.add_argument("fighter")
    sp = add(bat, "casualties", cmd_casualties, "set the figures a unit has lost so far, during the game")
    sp.add_argument("battle")
    sp.add_argument("unit")
    sp.add_argument("n")
    sp = add(bat, "undo-mark", cmd_undo_mark, "undo the last mark of a battle")
    sp.add_argument("battle")
    sp = add(bat, "finish", cmd_finish, "the game is over; After the Battle starts from what was tracked")
    sp.add_argument("battle")
    sp.add_argument("--winner")
    sp = add(bat, "table", cmd_table, "a battle at the table: figures, their tracked results, the marks")
    sp.add_argument("battle")
    sp = add(bat, "invite", cmd_invite, "invite a phone or tablet to the table for one roster: a URL and "
             "its QR code (the device marks that roster's figures)")
    sp.add_argument("battle")
    sp.add_argument("roster")
    sp.add_argument("--minutes", type=int, default=6 * 60, help="how long the invitation lasts (default 360; "
                    "it ends anyway when the battle is finished)")
    sp.add_argument("--host", help="the address the phone reaches this machine at (default: its LAN address)")
    sp.add_argument("--port", type=int, default=8350, help="the port campaign-app serve listens on (default 8350)")
    sp.add_argument("--no-qr", action="store_true", help="print the URL only")
    sp = add(bat, "invites", cmd_invites, "the invitations to the table (never their tokens)")
    sp.add_argument("battle", nargs="?")
    sp = add(bat, "uninvite", cmd_uninvite, "end an invitation to the table and sign its devices out")
    sp.add_argument("invite", help="the invitation's id (battle invites)")
    # --- end table
    sp = add(bat, "list", cmd_list, "list a campaign's battles")
    sp.add_argument("campaign")
    sp = add(bat, "show", cmd_show, "show a battle's results")
    sp.add_argument("battle")

    sp = add(sub, "after-battle", cmd_after_battle, "run After the Battle for a recorded battle")
    sp.add_argument("battle")
    sp.add_argument("--campaign", help="refuse a battle of any other campaign")
    sp.add_argument("--dry-run", action="store_true", help="show every roll and consequence, write nothing")
    sp.add_argument("--income", action="store_true",
                    help="then each roster collects its territories' income (rolls recorded; its own undo step)")
    sp.add_argument("--income-dice", help="the faces rolled for the income, in order (default: random)")
    from campaign_app.cli import SKIPPED

    # the game systems' options that have a flag (only when this parser is built: they load every system)
    for o in ([] if sp is SKIPPED else _after_battle_options()):
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
