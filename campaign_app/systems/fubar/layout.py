"""How FUBAR forces are shown and printed: the squad games' layout."""

from __future__ import annotations

from campaign_app.systems.fubar import INFO
from campaign_app.systems.squads_layout import squad_layout

LAYOUT = squad_layout(INFO)
