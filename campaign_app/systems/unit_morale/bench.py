"""The benchmark league of this squad game (``python -m bench --system ...``): rosters of
characters (units are not part of the league); After the Battle is not timed for it."""

from __future__ import annotations

from campaign_app.systems.bench_league import BenchLeague

LEAGUE = BenchLeague(
    roster_kind="squad",
    fighter_types=("character",),
    fine_result="fought",
    roll={"purpose": "casualty", "rule": "Casualty fate", "dice": "d6", "target": None,
          "table_id": "um-casualty", "row": "1-2", "result": "lost", "label": "Lost"},
)
