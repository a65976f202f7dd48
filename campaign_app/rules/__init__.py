"""Rules as data: tables loaded from TOML files and validated (see docs/rules-format.md).

The names below load on first use (PEP 562): importing a light module of this package
(``campaign_app.rules.labels``, ``dice``...) does not build the pydantic schemas of the
loader, so a command that never reads the rules data never pays for them."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from campaign_app.rules.loader import (
        Effect,
        Row,
        RuleBook,
        RuleFile,
        Table,
        check_effects,
        check_table_refs,
        load_rulebook,
        parse_table,
    )
    from campaign_app.rules.schema import check_table_limits

_WHERE = {
    "Effect": "loader", "Row": "loader", "RuleBook": "loader", "RuleFile": "loader", "Table": "loader",
    "check_effects": "loader", "check_table_refs": "loader", "load_rulebook": "loader",
    "parse_table": "loader", "check_table_limits": "schema",
}

__all__ = [
    "Effect",
    "Row",
    "RuleBook",
    "RuleFile",
    "Table",
    "check_effects",
    "check_table_limits",
    "check_table_refs",
    "load_rulebook",
    "parse_table",
]


def __getattr__(name: str) -> Any:
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{where}"), name)
    globals()[name] = value  # once: later lookups are plain attribute reads
    return value
