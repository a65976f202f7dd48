"""The benchmark league of NUTS! (``python -m bench``): squads of grunts and stars with
the Weird WWII expansion; After the Battle resolves Out of the Fight figures."""

from __future__ import annotations

from campaign_app.systems.bench_league import BenchLeague

LEAGUE = BenchLeague(
    expansions=("weird-ww2",),
    roster_kind="squad",
    fighter_types=("grunt",) * 5 + ("star",),
    rep=(3, 5),
    fine_result="carry-on",
    casualty_result="out-of-the-fight",
    roll={"purpose": "recovery", "rule": "OOF recovery", "dice": "pass:2d6", "target": 4,
          "table_id": "nuts-recovery", "row": "1", "result": "wounded", "label": "Wounded"},
)
