"""Weird WWII (NUTS!) commands: ``creature generate``, ``walker type-add``, ``walker
types`` and ``walker add``; each a CLI subcommand, the GUI ones also a menu action.

The ``run`` functions take the engine and the typed parameters and return the typed
result; the ``*_text`` functions are how the CLI shows it, the ``*_data`` ones what
``--json`` prints."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from campaign_app.changes import Result
from campaign_app.rules.labels import labelled
from campaign_app.systems.commands import Command, GuiAction, Needs, Param
from campaign_app.systems.nuts import WEIRD

MOTIONS = ("moving", "stationary")  # as creatures.MOTIONS (this module stays light to import)

if TYPE_CHECKING:
    from campaign_app.systems.nuts.creatures import (
        AmmoLoaded,
        BiteTested,
        CreaturesAdded,
        DriverDisabled,
        WalkerTypeAdded,
        WalkerTypeData,
        ZombiesArrived,
    )
    from campaign_app.usecases.fighters import FighterDetail

_ME = "campaign_app.systems.nuts.commands"


def _table_text(rows: Any, header: Any) -> str:
    from campaign_app.cli import table_text

    return table_text(rows, header)


def generate(engine: Any, roster: Any, kind: str, count: Any = "1", super_: bool = False,
             dice: str | None = None, seed: int | None = None) -> CreaturesAdded:
    from campaign_app.systems.nuts.creatures import generate_creatures

    return generate_creatures(engine, roster, kind, count, super_, dice=dice, seed=seed)


def generate_data(made: CreaturesAdded) -> list[dict[str, Any]]:
    """``creature generate --json``: each new fighter, how its Rep came and its roll."""
    return [{**c.row, "how": _how(c, made.super_), "roll": None if c.roll is None else c.roll.to_dict()}
            for c in made.creatures]


def _how(c: Any, super_: bool) -> str:
    if c.roll is None:
        return "super: no roll" if super_ else "no roll"
    r = c.roll
    return f"{r.spec} [{r.faces_text}] -> {r.extra.get('label', r.result)}"


def generate_text(made: CreaturesAdded, _params: dict[str, Any]) -> str:
    rows = [(d["id"], d["name"], d["kind"], d["rep"], d["how"]) for d in generate_data(made)]
    return _table_text(rows, ["id", "name", "kind", "rep", "rolled"])


def type_add(engine: Any, campaign: Any, name: str, armour: str, speed: str, gun1: str | None = None,
             gun2: str | None = None, aa_mg: bool = False, hull_mg: bool = False, crew: Any = "3",
             nation: str | None = None, notes: str | None = None) -> WalkerTypeAdded:
    from campaign_app.systems.nuts.creatures import add_walker_type, parse_pair

    front, side = parse_pair(armour, "armour", single_for_both=True)
    road, cc = parse_pair(speed, "speed", second_optional=True)
    return add_walker_type(engine, campaign, name, front, side, gun1=gun1 or "", gun2=gun2 or "",
                           aa_mg=aa_mg, hull_mg=hull_mg, speed_road=road, speed_cc=cc, crew=crew,
                           nation=nation or "", notes=notes or "")


def type_add_text(t: WalkerTypeAdded, _params: dict[str, Any]) -> str:
    return f"added walker type {t.id}: {t.name}"


def _yn(v: bool) -> str:
    return "Y" if v else "N"


def types(engine: Any, campaign: Any) -> list[WalkerTypeData]:
    from campaign_app.systems.nuts.creatures import list_walker_types

    return list_walker_types(engine, campaign)


def types_text(rows: list[WalkerTypeData], _params: dict[str, Any]) -> str:
    return _table_text(
        [(t["key"] or t["id"], t["name"], t["nation"],
          f"{t['armour_front']}/{t['armour_side']}/{t['armour_top']}", t["gun1"] or "-", t["gun2"] or "-",
          _yn(t["aa_mg"]), _yn(t["hull_mg"]), f"{t['speed_road']}/{t['speed_cc'] or '?'}",
          labelled(str(t["crew"]), default="crew" in t.get("defaults", [])),
          t["source"])
         for t in rows],
        ["type", "name", "nation", "armour F/S/T", "gun 1", "gun 2", "AA MG", "hull MG", "speed", "crew",
         "from"],
    )


@dataclass(frozen=True, kw_only=True)
class WalkerShown(Result):
    """``walker add``: the new walker as ``fighter show`` prints it, and its crew."""

    walker: FighterDetail
    crew: list[dict[str, Any]]


def walker(engine: Any, roster: Any, name: str, type: str, commander: Any = None, driver: Any = None,
           gunner: Any = None, notes: str | None = None) -> WalkerShown:
    from campaign_app.systems.nuts.creatures import add_walker, walker_crew
    from campaign_app.usecases.fighters import show_fighter

    given = {"commander": commander, "driver": driver, "gunner": gunner}
    reps = {role: rep for role, rep in given.items() if rep is not None}
    w = add_walker(engine, roster, name, type, reps, notes=notes or "")
    return WalkerShown(walker=show_fighter(engine, w.id), crew=walker_crew(engine, w.id), changes=w.changes)


def walker_data(shown: WalkerShown) -> dict[str, Any]:
    return {**shown.walker, "crew": shown.crew}


def walker_text(shown: WalkerShown, _params: dict[str, Any]) -> str:
    d = walker_data(shown)
    st = d["stats"]
    lines = [f"added walker {d['id']}: {d['name']} ({st.get('walker_type')}), armour "
             f"{st['armour_front']}/{st['armour_side']}/{st['armour_top']}"]
    lines += [f"  {c['role']}: {c['name']} (#{c['id']}) Rep {c['rep']}" for c in d["crew"]]
    return "\n".join(lines)


def zombies_arrive(engine: Any, battle: Any, support: str = "rural", roster: str | None = None,
                   dice: str | None = None, seed: int | None = None) -> ZombiesArrived:
    from campaign_app.systems.nuts.creatures import zombie_arrival

    return zombie_arrival(engine, battle, support, roster, dice=dice, seed=seed)


def zombies_arrive_text(z: ZombiesArrived, _params: dict[str, Any]) -> str:
    roll = z.rolls[0] if z.rolls else None
    faces = ",".join(str(f) for f in roll["faces"]) if roll else ""  # type: ignore[attr-defined]
    head = f"Zombie Arrival vs support {z.support}: [{faces}] = pass {z.passes} -> {z.label}"
    if not z.count:
        return head + "\nno zombies arrive"
    return head + f"\n{z.count} join {z.roster}: {', '.join(z.zombies)}"


def driver_disabled(engine: Any, battle: Any, figure: str | None = None, motion: str = "moving", dice: str | None = None,
                    seed: int | None = None) -> DriverDisabled:
    from campaign_app.systems.nuts.creatures import driver_disabled as run

    return run(engine, battle, figure, motion, dice=dice, seed=seed)


def driver_disabled_text(d: DriverDisabled, _params: dict[str, Any]) -> str:
    from campaign_app.systems.nuts.creatures import driver_disabled_text as text

    return text(d)


def zombie_bite(engine: Any, battle: Any, figure: str | None = None, by: str | None = None, dice: str | None = None,
                seed: int | None = None) -> BiteTested:
    from campaign_app.systems.nuts.creatures import zombie_bite as run

    return run(engine, battle, figure, by, dice=dice, seed=seed)


def zombie_bite_text(t: BiteTested, _params: dict[str, Any]) -> str:
    from campaign_app.systems.nuts.creatures import zombie_bite_text as text

    return text(t)


def walker_ammo(engine: Any, battle: Any, figure: str | None = None, ammo: str = "") -> AmmoLoaded:
    from campaign_app.systems.nuts.creatures import walker_ammo as run

    return run(engine, battle, figure, ammo)


def walker_ammo_text(a: AmmoLoaded, _params: dict[str, Any]) -> str:
    return f"{a.walker} loads {a.ammo} for the whole of battle {a.battle_id}"


_CREATURE = ("creature", "Weird WWII creatures (NUTS! with weird-ww2)")
_WALKER = ("walker", "Weird WWII walkers and walker types")

COMMANDS: tuple[Command, ...] = (
    Command(
        "generate", "add creatures to a roster, each Rep rolled on its generation table",
        f"{_ME}:generate", *_CREATURE, text=f"{_ME}:generate_text", data=f"{_ME}:generate_data", dice=True,
        params=(
            Param("roster"),
            Param("kind", help="zombie, vampire, werewolf, monster, armoured-light, armoured-heavy, "
                               "rocket-trooper"),
            Param("count", "--count", default="1", help="how many (1-100, default 1)"),
            Param("super_", "--super", "flag", help="super creatures: Rep 5 without a roll"),
        ),
        needs=Needs(roster=True, expansion=WEIRD),
        gui=GuiAction("&Generate Creatures…", "roster", ("Ctrl+G",), "creature",
                      "Weird WWII: roll up creatures for the roster", toolbar="Creatures",
                      dialog="creatures", order=1),
        key="creatures",
    ),
    Command(
        "type-add", "add a walker type to a campaign", f"{_ME}:type_add", *_WALKER,
        text=f"{_ME}:type_add_text",
        params=(
            Param("campaign"),
            Param("name"),
            Param("armour", "--armour", required=True, metavar="FRONT/SIDE", help="e.g. 3/2, or 3 all round (top is side / 2)"),
            Param("gun1", "--gun1", help="armour-piercing rating or Grenade"),
            Param("gun2", "--gun2", help="armour-piercing rating or Grenade"),
            Param("aa_mg", "--aa-mg", "flag", help="has an AA machine gun"),
            Param("hull_mg", "--hull-mg", "flag", help="has a hull machine gun"),
            Param("speed", "--speed", required=True, metavar="ROAD/CC",
                  help="e.g. 24/12 (24 alone: cross-country unknown)"),
            Param("crew", "--crew", default="3", help="crew count (default 3)"),
            Param("nation", "--nation"),
            Param("notes", "--notes"),
        ),
        needs=Needs(expansion=WEIRD),
    ),
    Command(
        "types", "list the walker types a campaign can use", f"{_ME}:types", *_WALKER,
        text=f"{_ME}:types_text", params=(Param("campaign"),),
        needs=Needs(expansion=WEIRD),
        gui=GuiAction("Walker &Types…", "roster", (), "", "Weird WWII: the walker types of the campaign; "
                      "add your own", dialog="walker_types", order=3),
        key="walker_types",
    ),
    Command(
        "add", "add a walker and its crew to a roster", f"{_ME}:walker", *_WALKER,
        text=f"{_ME}:walker_text", data=f"{_ME}:walker_data",
        params=(
            Param("roster"),
            Param("name"),
            Param("type", "--type", required=True, help="a walker type (e.g. soviet-medium, or one you added)"),
            Param("commander", "--commander", metavar="REP", help="the commander's Rep"),
            Param("driver", "--driver", metavar="REP", help="the driver's Rep"),
            Param("gunner", "--gunner", metavar="REP", help="the gunner's Rep"),
            Param("notes", "--notes"),
        ),
        needs=Needs(roster=True, expansion=WEIRD),
        gui=GuiAction("Add &Walker…", "roster", ("Ctrl+Shift+W",), "",
                      "Weird WWII: add a walker and its crew to the roster", dialog="add_walker", order=2),
        key="add_walker",
    ),
    Command(
        "arrive", "during a battle in progress: roll Zombie Arrival against the support level and "
                  "add the zombies it brings to the opposing force", f"{_ME}:zombies_arrive",
        "zombies", "Weird WWII zombies at the table", text=f"{_ME}:zombies_arrive_text", dice=True,
        params=(
            Param("battle", help="the battle (its id)"),
            Param("support", "--support", default="rural", help="rural (2), urban (3) or a level 1-6"),
            Param("roster", "--roster", help="the roster the zombies join (default: the battle's roster "
                                             "that holds zombies)"),
        ),
        needs=Needs(expansion=WEIRD),
        key="zombies_arrive",
    ),
    Command(
        "bite", "during a battle in progress: a zombie knocked the figure down in melee; it is marked "
                "bitten and takes They Can Sure Bite now (1d6 vs its Rep; a Star's first bite of the "
                "game passes without a roll); After the Battle does not test that bite again",
        f"{_ME}:zombie_bite", "zombies", "Weird WWII zombies at the table", text=f"{_ME}:zombie_bite_text",
        dice=True,
        params=(
            Param("battle", help="the battle (its id)"),
            Param("figure", help="the figure knocked down (the selected figure at the table)"),
            Param("by", "--by", help="the zombie that knocked it down"),
        ),
        needs=Needs(expansion=WEIRD),
        key="zombie_bite",
    ),
    Command(
        "ammo", "before a battle (set up or started): the walker's self-loading guns take HE or AP for the "
                "whole battle, chosen once", f"{_ME}:walker_ammo", *_WALKER, text=f"{_ME}:walker_ammo_text",
        params=(
            Param("battle", help="the battle (its id)"),
            Param("figure", help="the walker, or one of its crew (the selected figure at the table)"),
            Param("ammo", kind="choice", choices=("he", "ap"), help="he (high explosive) or ap (armour piercing)"),
        ),
        needs=Needs(expansion=WEIRD),
        key="walker_ammo",
    ),
    Command(
        "driver-disabled", "during a battle in progress: the walker's driver is disabled; moving, the "
                           "walker falls and each remaining crew member rolls Driver Disabled (1d6 vs his "
                           "Rep: pass, prone; fail, Out of the Fight, marked); stationary, it just stops",
        f"{_ME}:driver_disabled", *_WALKER, text=f"{_ME}:driver_disabled_text", dice=True,
        params=(
            Param("battle", help="the battle (its id)"),
            Param("figure", help="the walker, or one of its crew (the selected figure at the table)"),
            Param("motion", "--motion", kind="choice", choices=MOTIONS, default="moving",
                  help="the walker was moving (it falls) or stationary (it stops)"),
        ),
        needs=Needs(expansion=WEIRD),
        key="driver_disabled",
    ),
)
