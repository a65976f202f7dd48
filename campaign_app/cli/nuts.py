"""CLI for Weird WWII (NUTS!): ``creature generate``, ``walker type-add``, ``walker types``
and ``walker add``."""

from __future__ import annotations

import argparse
from typing import Any

from campaign_app.cli import dice_options, emit, table_text


def cmd_creature_generate(args: argparse.Namespace, engine: Any) -> None:
    from campaign_app.dice import Roller
    from campaign_app.usecases.core import fighter_dict
    from campaign_app.usecases.creatures import generate_creatures

    roller = Roller.from_options(args.dice, args.seed)
    made = generate_creatures(engine, args.roster, args.kind, args.count, args.super, roller=roller)
    rolls = {r.fighter_id: r for r in roller.rolls}
    data = []
    for f in made:
        r = rolls.get(f.id)
        how = ("super: no roll" if args.super else "no roll") if r is None else (
            f"{r.spec} [{r.faces_text}] -> {r.extra.get('label', r.result)}")
        data.append({**fighter_dict(f), "how": how,
                     "roll": None if r is None else r.to_dict()})

    def text() -> str:
        rows = [(d["id"], d["name"], d["kind"], d["rep"], d["how"]) for d in data]
        return table_text(rows, ["id", "name", "kind", "rep", "rolled"])

    emit(args, data, text)


def cmd_walker_type_add(args: argparse.Namespace, engine: Any) -> None:
    from campaign_app.usecases.creatures import add_walker_type, parse_pair, walker_type_dict

    front, side = parse_pair(args.armour, "--armour")
    road, cc = parse_pair(args.speed, "--speed", second_optional=True)
    t = add_walker_type(engine, args.campaign, args.name, front, side, gun1=args.gun1 or "",
                        gun2=args.gun2 or "", aa_mg=args.aa_mg, hull_mg=args.hull_mg, speed_road=road,
                        speed_cc=cc, crew=args.crew, nation=args.nation or "", notes=args.notes or "")
    emit(args, walker_type_dict(t), f"added walker type {t.id}: {t.name}")


def _yn(v: bool) -> str:
    return "Y" if v else "N"


def cmd_walker_types(args: argparse.Namespace, engine: Any) -> None:
    from campaign_app.usecases.creatures import list_walker_types

    rows = list_walker_types(engine, args.campaign)

    def text() -> str:
        return table_text(
            [(t["key"] or t["id"], t["name"], t["nation"],
              f"{t['armour_front']}/{t['armour_side']}/{t['armour_top']}", t["gun1"] or "-", t["gun2"] or "-",
              _yn(t["aa_mg"]), _yn(t["hull_mg"]), f"{t['speed_road']}/{t['speed_cc'] or '?'}", t["crew"],
              t["source"])
             for t in rows],
            ["type", "name", "nation", "armour F/S/T", "gun 1", "gun 2", "AA MG", "hull MG", "speed", "crew",
             "from"],
        )

    emit(args, rows, text)


def cmd_walker_add(args: argparse.Namespace, engine: Any) -> None:
    from campaign_app.usecases.core import show_fighter
    from campaign_app.usecases.creatures import add_walker, walker_crew

    reps = {role: getattr(args, role) for role in ("commander", "driver", "gunner")
            if getattr(args, role) is not None}
    w = add_walker(engine, args.roster, args.name, args.type, reps, notes=args.notes or "")
    d = {**show_fighter(engine, w.id), "crew": walker_crew(engine, w.id)}  # type: ignore[arg-type]

    def text() -> str:
        st = d["stats"]
        lines = [f"added walker {d['id']}: {d['name']} ({st.get('walker_type')}), armour "
                 f"{st['armour_front']}/{st['armour_side']}/{st['armour_top']}"]
        lines += [f"  {c['role']}: {c['name']} (#{c['id']}) Rep {c['rep']}" for c in d["crew"]]
        return "\n".join(lines)

    emit(args, d, text)


def register(sub: Any, add: Any, group: Any) -> None:
    cre = group("creature", "Weird WWII creatures (NUTS! with weird-ww2)")
    sp = add(cre, "generate", cmd_creature_generate,
             "add creatures to a roster, each Rep rolled on its generation table")
    sp.add_argument("roster")
    sp.add_argument("kind", help="zombie, vampire, werewolf, monster, armoured-light, armoured-heavy, "
                                 "rocket-trooper")
    sp.add_argument("--count", default="1", help="how many (1-100, default 1)")
    sp.add_argument("--super", action="store_true", help="super creatures: Rep 5 without a roll")
    dice_options(sp)

    wal = group("walker", "Weird WWII walkers and walker types")
    sp = add(wal, "type-add", cmd_walker_type_add, "add a walker type to a campaign")
    sp.add_argument("campaign")
    sp.add_argument("name")
    sp.add_argument("--armour", required=True, metavar="FRONT/SIDE", help="e.g. 3/2 (top is side / 2)")
    sp.add_argument("--gun1", help="armour-piercing rating or Grenade")
    sp.add_argument("--gun2", help="armour-piercing rating or Grenade")
    sp.add_argument("--aa-mg", action="store_true", help="has an AA machine gun")
    sp.add_argument("--hull-mg", action="store_true", help="has a hull machine gun")
    sp.add_argument("--speed", required=True, metavar="ROAD/CC", help="e.g. 24/12 (24 alone: cross-country unknown)")
    sp.add_argument("--crew", default="3", help="crew count (default 3)")
    sp.add_argument("--nation")
    sp.add_argument("--notes")
    sp = add(wal, "types", cmd_walker_types, "list the walker types a campaign can use")
    sp.add_argument("campaign")
    sp = add(wal, "add", cmd_walker_add, "add a walker and its crew to a roster")
    sp.add_argument("roster")
    sp.add_argument("name")
    sp.add_argument("--type", required=True, help="a walker type (e.g. soviet-medium, or one you added)")
    sp.add_argument("--commander", metavar="REP", help="the commander's Rep")
    sp.add_argument("--driver", metavar="REP", help="the driver's Rep")
    sp.add_argument("--gunner", metavar="REP", help="the gunner's Rep")
    sp.add_argument("--notes")
