"""Example Skirmish: the smallest complete game system plug-in for campaign_app.

Fighters have one characteristic, Skill (1-6). A battle leaves each fighter ``fine`` or
``out-of-action``; After the Battle every out-of-action fighter rolls a D6 on the
injury table of ``rules/example_skirmish.toml`` (1 dead, 2-3 in recovery, 4-6 fine).

This module is imported whenever the app lists its systems, so it holds plain data
only; the procedures and the demo are named by module path and loaded when used.
"""

from __future__ import annotations

from campaign_app.systems.api import GameSystem, RecordKind
from campaign_app.systems.info import StatRule, SystemInfo

ID = "example-skirmish"
FINE = "fine"
OUT_OF_ACTION = "out-of-action"

INFO = SystemInfo(
    id=ID,
    name="Example Skirmish",
    default_roster_kind="gang",
    fighter_types=("leader", "fighter"),
    default_fighter_type="fighter",
    stats=(StatRule("Skill", "Skill", 1, 6),),
    battle_statuses=(FINE, OUT_OF_ACTION),
)

SYSTEM = GameSystem(
    info=INFO,
    package=__name__,
    procedures_module="example_skirmish.procedures",
    demo=".demo:build",
    # relics a roster holds: kept by the app's records (checked by .relics:Relic), with
    # CLI commands (relic add|list|remove) and a dialog in the GUI module (Roster > Relics)
    records=(RecordKind("relic", ".relics:Relic"),),
    commands=".relics:COMMANDS",
    gui=".gui",
)
