"""Plain facts the squad games share (importable without the squad toolkit itself)."""

from __future__ import annotations

# what a unit did in a battle
UNIT_STATUSES = ("fought", "destroyed", "prisoner", "not-present")
