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

__all__ = [
    "Effect",
    "Row",
    "RuleBook",
    "RuleFile",
    "Table",
    "check_effects",
    "check_table_refs",
    "load_rulebook",
    "parse_table",
]
