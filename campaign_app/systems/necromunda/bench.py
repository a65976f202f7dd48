"""The benchmark league of Necromunda (``python -m bench --system necromunda``)."""

from __future__ import annotations

from campaign_app.systems.bench_league import BenchLeague

LINE = {"M": 5, "WS": 4, "BS": 4, "S": 3, "T": 3, "W": 1, "I": 4, "A": 1, "Ld": 7, "Cl": 7, "Wil": 7,
        "Int": 7}

LEAGUE = BenchLeague(
    edition="n26",
    roster_kind="gang",
    fighter_types=("ganger", "champion", "juve"),
    stats=LINE,
    fine_result="fine",
    # no after-battle case: its one-gang battle has no rival for a Captured lasting injury
    casualty_result="",
    roll={"purpose": "lasting injury", "rule": "Lasting Injury", "dice": "d66", "target": None,
          "table_id": "n26-lasting-injury", "row": "11", "result": "lesson-learnt",
          "label": "Lesson Learnt"},
)
