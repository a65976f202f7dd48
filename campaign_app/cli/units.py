"""CLI: ``unit add/edit/show/remove/exchange/options``: units (figures in groups) of the games
that use them."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from campaign_app.cli import emit, table_text
from campaign_app.rules.labels import labelled

if TYPE_CHECKING:
    from campaign_app.facade import Campaigns
    from campaign_app.usecases.units import UnitDetail


def _save(save: Any) -> str:
    """An armour save as the rules write it: ``5+``, or ``no save`` for a class without one."""
    return "no save" if save is None or save == "" else f"{save}+"


def _also(words: list[str], *names: str) -> str:
    """The game's other words for a name (``Mitraglietta`` for SMG), those that differ."""
    from campaign_app.rules.names import fold

    seen = {fold(n) for n in names}
    out = []
    for w in words:
        if fold(w) not in seen:
            seen.add(fold(w))
            out.append(w)
    return ", ".join(out)


def _also_in(words: list[str], *names: str) -> str:
    """`` (Confiante)``, or nothing when the game's words are the name itself."""
    also = _also(words, *names)
    return f" ({also})" if also else ""


def _unit_text(d: UnitDetail) -> str:
    rules = d["rules"] or {}
    head = f"{d['name']} (#{d['id']}, {d['unit_type']}) in {d['roster']['name']} — {d['status']}"
    lines = [head, f"figures {d['figures']}/{d['figures_start']}"
             + (f", {d['wounded']} wounded (back after the next battle)" if d["wounded"] else "")
             + f", battles fought {d['battles_fought']}"]
    lv = rules.get("training")
    if lv:
        bits = [f"training {labelled(lv['shown'], default=bool(lv.get('default')))}"]
        if lv.get("activation") is not None:
            bits.append(f"activation {lv['activation']}+")
        if lv.get("expertise") is not None:
            bits.append(f"expertise {lv['expertise']}+")
        if lv.get("max_suppressed") is not None:
            bits.append(f"max suppressed {lv['max_suppressed']}")
        lines.append(", ".join(bits))
    a = rules.get("armour")
    if a:
        lines.append(f"{a['kind']} armour {a['label']} ({'save ' if a['save'] is not None else ''}{_save(a['save'])})")
    disc = rules.get("discipline")
    if disc:
        lines.append(f"discipline {disc['label']}: {disc['text']}")
    order = rules.get("order")
    if order:
        lines.append(f"order {order['label']}: {order['move']}{'' if order['can_fire'] else ', no firing'}"
                     + (f"; {order['terrain']}" if order.get("terrain") else ""))
    if d["equipment"]:
        rows = []
        for e in d["equipment"]:
            p = e["rules"]
            rows.append((e["id"], e["name"], p["range_text"] if p else e["range"],
                         p["fp_text"] if p else (e["fp"] if e["fp"] is not None else ""), e["notes"]))
        lines.append(table_text(rows, ["id", "weapon", "range", "FP", "notes"]))
    if d["notes"]:
        lines.append(d["notes"])
    lines.append(f"(version {d['version']})")
    return "\n".join(lines)


def cmd_add(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.units import add_unit, show_unit

    u = app.run(add_unit, args.roster, args.name, args.figures, training=args.training,
                weapons=args.weapon or [], armour=args.armour, unit_type=args.type or "infantry",
                discipline=args.discipline, order=args.order, figures_start=args.start,
                notes=args.notes or "")
    d = app.run(show_unit, u.id)
    emit(args, d, lambda: f"added unit {u.id}: {u.name}\n" + _unit_text(d))


def cmd_edit(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.units import edit_unit, show_unit

    u = app.run(edit_unit, args.unit, if_version=args.if_version, add_weapons=args.weapon or [],
                remove_weapons=args.drop_weapon or [], name=args.name, figures=args.figures,
                figures_start=args.start, wounded=args.wounded, training=args.training,
                armour=args.armour, unit_type=args.type, discipline=args.discipline, order=args.order,
                status=args.status, battles_fought=args.battles, notes=args.notes)
    d = app.run(show_unit, u.id)
    emit(args, d, lambda: f"unit {u.id} saved (version {u.version})\n" + _unit_text(d))


def cmd_show(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.units import show_unit

    d = app.run(show_unit, args.unit)
    emit(args, d, lambda: _unit_text(d))


def cmd_exchange(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.units import exchange_prisoners, show_unit

    back = app.run(exchange_prisoners, args.unit, for_unit=args.for_unit, if_version=args.if_version).units
    data = [app.run(show_unit, u.id) for u in back]
    emit(args, data, lambda: "\n".join(f"{u.name} is back with its force ({u.figures} figures)" for u in back))


def cmd_remove(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.units import remove_unit

    app.run(remove_unit, args.unit)
    emit(args, {"removed": args.unit}, f"removed unit {args.unit}")


def cmd_options(args: argparse.Namespace, _app: Any) -> None:
    from campaign_app.systems import get_system
    from campaign_app.usecases.units import unit_choices

    info = get_system(args.system)
    d = unit_choices(info.id)

    def text() -> str:
        out = [info.name]
        if d["training"]:
            out.append(labelled("training", default=any(lv.get("default") for lv in d["training"]))
                       + ": " + ", ".join(lv["shown"] for lv in d["training"]))
        if d["weapons"]:
            out.append(table_text([(w["key"], w["name"], w["range_text"], w["fp_text"], _also(w["words"], w["name"]))
                                   for w in d["weapons"]], ["key", "weapon", "range", "FP", "also"]))
        else:
            out.append("weapons: any name (no weapons list)")
        for t, classes in d["armour"].items():
            if classes:
                out.append(f"{t} armour: " + ", ".join(f"{a['key']} ({_save(a['save'])})" for a in classes))
                also = [f"{a['key']} = {_also(a['words'], a['key'], a['label'])}" for a in classes
                        if _also(a["words"], a["key"], a["label"])]
                if also:
                    out.append("  also: " + ", ".join(also))
        if d["discipline"]:
            out.append("discipline: " + ", ".join(x["label"] + _also_in(x["words"], x["label"]) for x in d["discipline"]))
        if d["orders"]:
            out.append("orders: " + ", ".join(f"{o['label']}{_also_in(o['words'], o['label'])} ({o['move']})"
                                              for o in d["orders"]))
        out.append("Each name may also be typed in the game's translated words (the 'also' names, the seed's "
                   "among them), in any case, with or without accents.")
        return "\n".join(out)

    emit(args, d, text)


def _rules_opts(sp: Any) -> None:
    sp.add_argument("--training", help="a training level of the game: its key, name or alias "
                    "(see `unit options SYSTEM`)")
    sp.add_argument("--weapon", action="append", help="add a weapon from the system's list (repeatable)")
    sp.add_argument("--armour", help="personal armour (infantry) or vehicle armour class")
    sp.add_argument("--type", help="infantry, vehicle or bunker")
    sp.add_argument("--discipline", help="a discipline state, in the games that have them "
                    "(see `unit options SYSTEM`)")
    sp.add_argument("--order", help="an order, in the games that have them (none to clear; "
                    "see `unit options SYSTEM`)")
    sp.add_argument("--notes")


def register(sub: Any, add: Any, group: Any) -> None:
    grp = group("unit", "add, edit and show units (figures in groups) of the games that use them")
    sp = add(grp, "add", cmd_add, "add a unit to a roster of a game with units")
    sp.add_argument("roster")
    sp.add_argument("name")
    sp.add_argument("--figures", required=True, help="figures now")
    sp.add_argument("--start", help="figures at start (default: --figures)")
    _rules_opts(sp)
    sp = add(grp, "edit", cmd_edit, "edit a unit")
    sp.add_argument("unit")
    sp.add_argument("--name")
    sp.add_argument("--figures", help="figures now (fit to fight)")
    sp.add_argument("--start", help="figures at start")
    sp.add_argument("--wounded", help="figures out until after the next battle")
    sp.add_argument("--status", help="active, destroyed or prisoner")
    sp.add_argument("--battles", help="battles fought")
    sp.add_argument("--drop-weapon", action="append", help="remove a weapon by name or id (repeatable)")
    sp.add_argument("--if-version", type=int, help="refuse if the unit changed since this version")
    _rules_opts(sp)
    sp = add(grp, "show", cmd_show, "show a unit with its rules values")
    sp.add_argument("unit")
    sp = add(grp, "remove", cmd_remove, "remove a unit from its roster (undo brings it back)")
    sp.add_argument("unit")
    sp = add(grp, "exchange", cmd_exchange, "bring a unit taken prisoner back into its force")
    sp.add_argument("unit")
    sp.add_argument("--for", dest="for_unit", metavar="UNIT",
                    help="an enemy prisoner unit released in return (same exchange)")
    sp.add_argument("--if-version", type=int, help="refuse if the unit changed since this version")
    sp = add(grp, "options", cmd_options, "training levels, weapons, armour, orders of a game with units",
             needs_db=False)
    sp.add_argument("system", help="a game system with units (see `campaign-app systems`)")
