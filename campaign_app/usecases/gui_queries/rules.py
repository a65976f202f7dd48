"""A campaign's rules tables as the house-rules editor shows them (in force, shipped, house
rules marked), their titles, and the weapon names the rules data knows."""

from __future__ import annotations

from typing import Any

from typing_extensions import TypedDict  # pydantic reads it on Python 3.11 (the facade's results)

from campaign_app.usecases.common import get_campaign
from db.uow import Engine, read_session


class RuleTableItem(TypedDict):
    id: str
    title: str
    dice: str
    group: str
    house_rule: bool


class RuleTableDetail(TypedDict):
    """One table as the campaign uses it (the house-rule shape), and the shipped one."""

    id: str
    title: str
    dice: str
    target: Any
    note: str
    house_rule: bool
    table: dict[str, Any]
    shipped: dict[str, Any] | None
    outcomes: list[Any]


def rule_tables(engine: Engine, campaign: Any) -> list[RuleTableItem]:
    """The tables in force in a campaign that a house rule may change (house rules
    marked): the rolled ones, and the reference tables of entries (the characteristic
    ranges, the advancement limits...)."""
    from campaign_app.usecases.campaigns import tables_for

    with read_session(engine) as s:
        c = get_campaign(s, campaign)
        tables = tables_for(c)
        house = set((c.house_rules or {}).keys())
    return [
        {"id": t.id, "title": t.title, "dice": t.dice, "group": t.group,
         "house_rule": t.id in house}
        for t in sorted(tables.values(), key=lambda t: (t.group, t.title))
        if t.rolled or t.entries
    ]


def rule_table(engine: Engine, campaign: Any, table_id: str) -> RuleTableDetail:
    """One table as the campaign uses it, in the house-rule shape, plus the shipped one."""
    from campaign_app.errors import NotFoundError
    from campaign_app.systems import campaign_tables
    from campaign_app.usecases.campaigns import tables_for

    with read_session(engine) as s:
        c = get_campaign(s, campaign)
        tables = tables_for(c)
        shipped = campaign_tables(c.system, c.edition, c.expansions or [])
        house = table_id in (c.house_rules or {})
        name = c.name
    if table_id not in tables:
        raise NotFoundError(f"{name} has no table {table_id!r}")
    t = tables[table_id]
    return {
        "id": t.id, "title": t.title, "dice": t.dice, "target": t.target, "note": t.note,
        "house_rule": house, "table": t.to_dict(),
        "shipped": shipped[table_id].to_dict() if table_id in shipped else None,
        "outcomes": t.spec.outcomes() if t.spec is not None else [],
    }


def weapon_names(engine: Engine, campaign: Any) -> list[str]:
    """Weapon names the system's rules data knows (for completion in the editors)."""
    from campaign_app.rules import load_rulebook

    with read_session(engine) as s:
        c = get_campaign(s, campaign)
        data = load_rulebook().data(c.system, c.edition, c.expansions or [])
    weapons = data.get("weapons", {})
    if not isinstance(weapons, dict):
        return []
    return sorted({str(w.get("name", k)) if isinstance(w, dict) else str(k)
                   for k, w in weapons.items()}, key=str.lower)


def table_title(table_id: str) -> str:
    """A rules table's name (its title in the rules data), for a table id on record."""
    from campaign_app.rules import load_rulebook

    t = load_rulebook().tables.get(table_id)
    return t.title if t is not None else table_id.replace("-", " ")
