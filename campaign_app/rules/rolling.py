"""Rolling a rules table: the one place where dice meet a table's rows (pure)."""

from __future__ import annotations

from campaign_app.dice import Rolling, RollResult, ask
from campaign_app.errors import InputError
from campaign_app.rules.loader import Row, Table


def roll_on(table: Table, purpose: str, *, target: int | None = None,
            rule: str = "", fighter_id: int | None = None, unit_id: int | None = None,
            subject: str = "") -> Rolling[tuple[RollResult, Row]]:
    """Roll ``table`` once and read its row (a procedure's step:
    ``res, row = yield from roll_on(table, ...)``); the result carries the dice shown,
    the table, the row and the rule that asked."""
    spec = table.spec
    if spec is None:
        raise InputError(f"table {table.id} is reference data and cannot be rolled")
    if spec.mode == "pass" and target is None:
        raise InputError(f"table {table.id} is rolled against a target ({table.target or 'a number'}): give one")
    res = yield ask(spec, purpose, target=target, rule=rule or table.title, fighter_id=fighter_id,
                    unit_id=unit_id, table=table.id)
    row = table.lookup(res.value)
    res.table = table.id
    res.row = row.roll
    res.result = row.result
    res.extra["label"] = row.label
    if subject:
        res.extra["subject"] = subject
    return res, row
