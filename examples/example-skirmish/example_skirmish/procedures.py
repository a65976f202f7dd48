"""Example Skirmish After the Battle, a procedure (a generator: no database, no GUI).

1. Every fighter who ended the battle ``out-of-action`` rolls a D6 on the
   ``example-skirmish-injury`` table and takes the status of its row (``dead``,
   ``in-recovery`` or ``active``).
2. A fighter ``in-recovery`` who did not take part in this battle has now missed one
   and is ``active`` again (no roll).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from campaign_app.dice import Rolling
from campaign_app.errors import InputError
from campaign_app.rules.rolling import roll_on
from campaign_app.systems.base import BattleState, Outcome, Procedures, Step, register
from example_skirmish import FINE, ID, INFO, OUT_OF_ACTION

INJURY_TABLE = "example-skirmish-injury"
RULE_INJURY = "Injury"
RULE_BACK = "Back from recovery"


def after_battle(state: BattleState, options: Mapping[str, Any]) -> Rolling[Outcome]:
    out = Outcome()
    table = state.tables.get(INJURY_TABLE)
    if table is None:
        raise InputError(f"After the Battle needs the table {INJURY_TABLE!r}, which this campaign does not have")
    for f in sorted(state.fighters.values(), key=lambda f: f.id):
        if f.result == OUT_OF_ACTION:
            res, row = yield from roll_on(table, f"{f.name}: injury", rule=RULE_INJURY,
                               fighter_id=f.id, subject=f.name)
            status = next((str(e.get("value")) for e in row.effects if e.op == "status"), f.status)
            if status != f.status:
                out.change(f.id, RULE_INJURY, status=status)
            out.steps.append(Step(RULE_INJURY, f.name, f"{row.text} Status {status}.", res, fighter_id=f.id))
        elif f.result is None and f.status == "in-recovery":
            out.change(f.id, RULE_BACK, status="active")
            out.steps.append(Step(RULE_BACK, f.name, "missed a battle: active again.", fighter_id=f.id))
    return out


PROCEDURES = register(Procedures(system=ID, after_battle=after_battle, default_result=FINE,
                                 result_statuses=INFO.battle_statuses))
