"""``roster show`` read by plain SQL (issue #32): a roster, its campaign, fighters, units,
their weapons and skills, its campaign's content packs and what its worth is made of,
with the plain driver (:class:`db.queries.first_screen.Reader`: sqlite3 for a file,
psycopg for PostgreSQL), so a command that only reads one roster imports neither
SQLAlchemy nor SQLModel nor the tables.

Each function reads what its ORM twin reads (same tables, same order): ``lookup.get_roster``
(by id, else by exact name), ``lookup.campaign_of_roster``, ``rosters.fighters_of`` and
``units_of``, ``fighters.equipment_of`` and ``skills_of``, ``gear.packs_of``,
``figure_values`` and ``stashes_of``. Rows are :class:`~db.queries.first_screen.Row`
dicts keyed by column, JSON columns decoded (:data:`JSON_COLUMNS`; a test keeps it equal
to the tables' own). ``tests/campaign_app/test_cli_roster_show_plain.py`` compares the
command's output read so with the ORM's for every game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from campaign_app.entities import (
    CAMPAIGN_DATA,
    EQUIPMENT_DATA,
    FIGHTER_DATA,
    ROSTER_DATA,
    UNIT_DATA,
)
from db.queries.first_screen import Reader, Row, _marks, _rows, _select

# the JSON columns of the tables read here (db.models: ``_json`` and ``Column(JSON)``)
JSON_COLUMNS: dict[str, frozenset[str]] = {
    "campaign": frozenset({"expansions", "house_rules", "counters"}),
    "roster": frozenset({"counters"}),
    "fighter": frozenset({"stats", "abilities", "conditions", "advances"}),
    "unit": frozenset({"stats"}),
    "equipment": frozenset({"traits"}),
    "content_pack": frozenset({"items"}),
}

CAMPAIGN_COLS = (*CAMPAIGN_DATA.columns, "counters", "deleted_at")
ROSTER_COLS = (*ROSTER_DATA.columns, "counters")
EQUIPMENT_COLS = (*EQUIPMENT_DATA.columns, "fighter_id", "unit_id")


def _read(db: Reader, table: str, cols: Sequence[str], where: str, params: Sequence[Any],
          order: str = ' ORDER BY "id"') -> list[Row]:
    rows = _rows(cols, db.rows(f"SELECT {_select(cols)} FROM {table} WHERE {where}{order}", params))
    for c in JSON_COLUMNS.get(table, frozenset()) & set(cols):
        for r in rows:
            r[c] = db.json(r[c])
    return rows


def roster(db: Reader, ref: str) -> Row | None:
    """Roster ``ref``: the one of that id, else the one of exactly that name; None when
    there is no such one roster (the ORM's path then says what is wrong)."""
    text = str(ref).strip()
    if not text:
        return None
    if text.isascii() and text.isdigit() and len(text) <= 18:
        got = _read(db, "roster", ROSTER_COLS, '"id" = ?', (int(text),), "")
        if got:
            return got[0]
    got = _read(db, "roster", ROSTER_COLS, '"name" = ?', (text,), "")
    return got[0] if len(got) == 1 else None


def campaign(db: Reader, campaign_id: int) -> Row | None:
    got = _read(db, "campaign", CAMPAIGN_COLS, '"id" = ?', (campaign_id,), "")
    return got[0] if got else None


def fighters(db: Reader, roster_id: int) -> list[Row]:
    return _read(db, "fighter", FIGHTER_DATA.columns, '"roster_id" = ?', (roster_id,))


def units(db: Reader, roster_id: int) -> list[Row]:
    return _read(db, "unit", UNIT_DATA.columns, '"roster_id" = ?', (roster_id,))


def equipment(db: Reader, fighter_ids: Sequence[int], unit_ids: Sequence[int]) -> list[Row]:
    """The weapons and gear of these fighters and units: the fighters' first, each group
    in the order it was added."""
    out: list[Row] = []
    for owner, ids in (("fighter_id", fighter_ids), ("unit_id", unit_ids)):
        if ids:
            out += _read(db, "equipment", EQUIPMENT_COLS, f'"{owner}" IN ({_marks(ids)})', list(ids))
    return out


def skills(db: Reader, fighter_ids: Sequence[int]) -> list[tuple[int, str]]:
    """(fighter id, skill) of these fighters, in the order they were gained."""
    if not fighter_ids:
        return []
    return [(int(f), str(n)) for f, n in db.rows(
        f'SELECT fighter_id, name FROM skill WHERE fighter_id IN ({_marks(fighter_ids)}) ORDER BY id',
        list(fighter_ids))]


def packs(db: Reader, campaign_id: int) -> list[tuple[str, dict[str, Any]]]:
    """(name, items) of the campaign's content packs, in the order they were added."""
    return [(r["name"], dict(r["items"] or {}))
            for r in _read(db, "content_pack", ("name", "items"), '"campaign_id" = ?', (campaign_id,))]


def figure_values(db: Reader, roster_id: int) -> list[tuple[str, int]]:
    """(status, credits value) of every fighter of the roster."""
    return [(str(st or "active"), int(v or 0)) for st, v in db.rows(
        "SELECT status, credits_value FROM fighter WHERE roster_id = ?", (roster_id,))]


def stash_value(db: Reader, roster_id: int) -> int:
    return sum(int(cost) * int(qty) for cost, qty in db.rows(
        "SELECT cost, qty FROM stash_item WHERE roster_id = ? ORDER BY id", (roster_id,)))
