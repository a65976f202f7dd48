"""The game systems installed: each one's editions, expansions and rules tables (what
``campaign-app systems`` lists and a new campaign chooses from)."""

from __future__ import annotations

from typing_extensions import TypedDict  # pydantic reads it on Python 3.11 (the facade's results)


class TableBrief(TypedDict):
    id: str
    title: str
    dice: str
    edition: str
    expansion: str
    default: bool


class SystemOverview(TypedDict):
    id: str
    name: str
    editions: list[str]
    default_edition: str
    expansions: list[str]
    tables: list[TableBrief]


def systems_overview() -> list[SystemOverview]:
    from campaign_app.rules import load_rulebook
    from campaign_app.systems import SYSTEMS

    book = load_rulebook()
    out: list[SystemOverview] = []
    for info in SYSTEMS.values():
        tables: list[TableBrief] = [
            {"id": t.id, "title": t.title, "dice": t.dice, "edition": t.edition,
             "expansion": t.expansion, "default": t.default}
            for t in book.tables.values() if t.system == info.id
        ]
        out.append({
            "id": info.id, "name": info.name, "editions": [e for e in info.editions if e],
            "default_edition": info.default_edition, "expansions": list(info.expansions),
            "tables": tables,
        })
    return out
