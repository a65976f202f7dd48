"""The game systems the app knows, each a plug-in package found through one registry.

- :mod:`campaign_app.systems.api`: :class:`GameSystem`, the contract of a plug-in;
- :mod:`campaign_app.systems.registry`: the installed systems (entry points);
- :mod:`campaign_app.systems.info`: :class:`SystemInfo` and the checks of typed values;
- :mod:`campaign_app.systems.base`: what After the Battle procedures take and return;
- one sub-package per built-in system (``nuts``, ``necromunda``, ``fubar``,
  ``unit_morale``), plus :mod:`~campaign_app.systems.squads`, the unit toolkit that
  squad games share.
"""

from __future__ import annotations

from campaign_app.systems.info import (
    StatRule,
    SystemInfo,
    campaign_tables,
    check_ranges_rule,
    find_stat,
    stat_rules,
)
from campaign_app.systems.registry import SYSTEMS, game_system, get_system, systems

__all__ = [
    "SYSTEMS",
    "StatRule",
    "SystemInfo",
    "campaign_tables",
    "check_ranges_rule",
    "find_stat",
    "game_system",
    "get_system",
    "stat_rules",
    "systems",
]
