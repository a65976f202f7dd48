"""FUBAR 3rd edition: a force-on-force game of multi-figure units.

Rules data: ``rules/fubar.toml``; units and their After the Battle come from the squad
toolkit, :mod:`campaign_app.systems.squads`.
"""

from __future__ import annotations

from campaign_app.systems.api import GameSystem, Rating
from campaign_app.systems.info import SystemInfo
from campaign_app.systems.squads_info import UNIT_STATUSES

INFO = SystemInfo(
    id="fubar",
    name="FUBAR 3rd edition",
    default_roster_kind="squad",
    fighter_types=("character",),
    uses_units=True,
    uses_credits=False,  # squads of figures, no money
    battle_statuses=UNIT_STATUSES,
)

SYSTEM = GameSystem(
    info=INFO, package=__name__, listing=30, procedures_module="campaign_app.systems.fubar.procedures",
    layout=".layout:LAYOUT", qrs="campaign_app.systems.squads:qrs_sheet", demo=".demo:build",
    bench=".bench:LEAGUE",
    scenario_table="fubar-scenario",
    rating=Rating("Figures", "units", "figures", ready_only=False),
)
