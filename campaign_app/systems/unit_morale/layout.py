"""How unit-morale forces are shown and printed: the squad games' layout, with each
unit's discipline state and order in the table."""

from __future__ import annotations

from campaign_app.systems.squads_layout import ORDERS_COLUMNS, squad_layout
from campaign_app.systems.unit_morale import INFO

LAYOUT = squad_layout(INFO, ORDERS_COLUMNS, table_hidden=("wounded", "battles_fought"))
