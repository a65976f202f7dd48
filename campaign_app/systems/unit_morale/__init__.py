"""The unit-morale infantry game: units with discipline states and orders.

Rules data: ``rules/unit_morale.toml``; units and their After the Battle come from the
squad toolkit, :mod:`campaign_app.systems.squads`.
"""

from __future__ import annotations

from campaign_app.systems.api import GameSystem, Rating
from campaign_app.systems.info import SystemInfo
from campaign_app.systems.squads_info import UNIT_STATUSES

INFO = SystemInfo(
    id="unit-morale",
    name="Unit-morale infantry game",
    default_roster_kind="squad",
    fighter_types=("character",),
    uses_units=True,
    uses_credits=False,  # squads of figures, no money
    battle_statuses=UNIT_STATUSES,
)

SYSTEM = GameSystem(
    info=INFO, package=__name__, listing=40, procedures_module="campaign_app.systems.unit_morale.procedures",
    layout=".layout:LAYOUT", qrs="campaign_app.systems.squads:qrs_sheet", demo=".demo:build",
    bench=".bench:LEAGUE",
    scenario_table="um-scenario",
    commands=".commands:COMMANDS",
    action_labels={"squad.order": "unit order", "squad.cover": "unit cover", "squad.hide": "unit hides",
                   "squad.opportunity-fire": "opportunity fire"},
    battle_commands=("squad_order", "squad_cover", "squad_hide", "squad_opportunity_fire"),
    rating=Rating("Figures", "units", "figures", ready_only=False),
)
