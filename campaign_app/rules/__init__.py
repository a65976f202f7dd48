"""Rules as data: tables loaded from TOML files and validated (see docs/rules-format.md)."""

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
