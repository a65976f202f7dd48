"""NUTS! 4th edition (Two Hour Wargames), with the Weird WWII expansion.

Rules data: ``rules/nuts.toml`` and ``rules/weird_ww2.toml``; After the Battle and
creature REP generation: :mod:`.procedures`.
"""

from __future__ import annotations

from campaign_app.systems.after_battle import AfterBattleOption
from campaign_app.systems.api import GameSystem, Rating
from campaign_app.systems.info import SystemInfo

KINDS = (
    "human", "zombie", "vampire", "werewolf", "monster", "armoured-light", "armoured-heavy",
    "rocket-trooper", "walker",
)
STATUSES = (
    "carry-on", "duck-back", "hunker-down", "left-battlefield", "out-of-the-fight",
    "obviously-dead", "bitten", "turned",
)
# the expansion that brings creatures and walkers
WEIRD = "weird-ww2"

INFO = SystemInfo(
    id="nuts",
    name="NUTS! 4th edition",
    expansions=(WEIRD,),
    default_roster_kind="squad",
    fighter_types=("star", "grunt"),
    default_fighter_type="grunt",
    uses_rep=True,
    uses_credits=False,  # no credits in NUTS! (catalogue.toml: items cost 0)
    kinds=KINDS,
    battle_statuses=STATUSES,
    expansion_names={WEIRD: "Weird WWII (creatures, walkers)"},
    kinds_by_expansion={WEIRD: tuple(k for k in KINDS if k != "human")},
)

SYSTEM = GameSystem(
    info=INFO,
    package=__name__, listing=10, demo=".demo:build", bench=".bench:LEAGUE",
    procedures_module="campaign_app.systems.nuts.procedures",
    layout=".layout:LAYOUT", qrs=".qrs:cards",
    commands=".commands:COMMANDS",
    action_labels={"creature.generate": "generate creatures", "walker.add": "add walker",
                   "walker-type.add": "add walker type", "zombie.arrival": "zombie arrival",
                   "walker.driver-disabled": "walker driver disabled", "zombie.bite": "zombie bite",
                   "walker.ammo": "walker ammunition"},
    scenario_table="nuts-scenario", battle_commands=("zombies_arrive", "zombie_bite", "walker_ammo",
                                                               "driver_disabled"),
    after_battle_options=(
        AfterBattleOption("replacements", "Roll for replacements (NUTS!)", "bool", default=True,
                          help="roll on the replacements table for the squad's losses"),
    ),
    rating=Rating("Total Rep", "fighters", "rep"),
)
