"""After the Battle of this squad game: the squad toolkit's, registered under its id."""

from __future__ import annotations

from campaign_app.systems.base import register
from campaign_app.systems.squads import unit_procedures

PROCEDURES = register(unit_procedures("fubar"))
