"""The window's first screen read by plain SQL (issue #32): the campaign tree, the first
page of the chosen roster (or campaign) and what the detail pane shows, with the plain
driver (sqlite3 for a file, psycopg for PostgreSQL), before SQLAlchemy, SQLModel and
the tables are imported (about 0.4 s of a start; they load off the GUI thread after).

This module imports neither sqlalchemy nor sqlmodel (tests/test_layering.py checks it in
a subprocess). It returns raw rows as plain dicts, each read as its ORM twin in
:mod:`db.queries.views` reads it (same tables, same order); the use-case layer
(:mod:`campaign_app.usecases.first_screen`) turns them into the rows the window shows,
with the same code the ORM path uses. ``tests/usecases/test_first_screen.py`` compares
the two for every game.

A database this module cannot read as it is (another schema revision, a missing file,
a server asking for a password) gives None: the window then takes its normal path."""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from campaign_app.entities import FIGHTER_ROW, ROSTER_DATA, UNIT_ROW

VERSIONS = Path(__file__).resolve().parent.parent / "migrations" / "versions"


def head_revision() -> str:
    """The newest migration's revision (a migration's file is named by its revision:
    ``0020_standings_index.py``); a test keeps it equal to ``db.migrate.HEAD_REVISION``."""
    names = sorted(n[:-3] for n in os.listdir(VERSIONS) if n.endswith(".py") and n[:4].isdigit())
    return names[-1] if names else ""


class Reader:
    """One plain connection: ``rows(sql, params)`` with ``?`` marks on either backend."""

    def __init__(self, url: str) -> None:
        self.pg = url.startswith(("postgresql", "postgres:"))
        self._asked: dict[tuple[str, tuple[Any, ...]], list[tuple[Any, ...]]] = {}
        if self.pg:
            import psycopg

            plain = "postgresql://" + url.split("://", 1)[1]
            self.con: Any = psycopg.connect(plain, autocommit=False, connect_timeout=10)
            self.con.read_only = True
            self.con.execute("SET LOCAL jit = off")  # as the app's sessions (db.engine)
        else:
            import sqlite3

            path = url.split("///", 1)[1] if "///" in url else ""
            if not path or path == ":memory:" or not Path(path).is_file():
                raise FileNotFoundError(path)
            # mode=rw: never make a file (a missing one is the normal path's question)
            self.con = sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=rw", uri=True,
                                       check_same_thread=False, timeout=5)

    def close(self) -> None:
        self.con.close()

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """The rows of ``sql``; one asked again on this connection is not run again (the
        first screen counts a roster's fighters for its table and for its pane: 3 ms on a
        30,000-figure roster on PostgreSQL)."""
        key = (sql, tuple(params))
        got = self._asked.get(key)
        if got is None:
            got = self._asked[key] = list(self.con.execute(sql.replace("?", "%s") if self.pg else sql,
                                                           key[1]).fetchall())
        return list(got)

    def json(self, value: Any) -> Any:
        """A JSON column's value: psycopg decodes it, sqlite3 gives its text."""
        if isinstance(value, str):
            return json.loads(value)
        return value


def _marks(ids: Iterable[Any]) -> str:
    return ",".join("?" for _ in ids)


CAMPAIGN_COLS = ("id", "name", "system", "edition", "expansions", "cycle", "rosters", "battles", "pending")
ROSTER_COLS = ("id", "campaign_id", "name", "kind", "faction", "player")
# the columns of a roster table's row and of a roster's own fields: those the shapes
# declare (campaign_app.entities), read as views.table_rows reads them
FIGHTER_COLS = FIGHTER_ROW.columns
UNIT_COLS = UNIT_ROW.columns
ROSTER_FIELDS = ROSTER_DATA.columns


def _select(cols: Sequence[str], prefix: str = "") -> str:
    """The select list of ``cols`` (quoted: ``order`` is a keyword)."""
    return ", ".join(f'{prefix}"{c}"' for c in cols)


class Row(dict[str, Any]):
    """A row read by name (``r["name"]``) and by attribute (``r.name``), as a Core row."""

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


def _rows(cols: Sequence[str], raw: Iterable[tuple[Any, ...]]) -> list[Row]:
    return [Row(zip(cols, r, strict=True)) for r in raw]


def tree(db: Reader, page: int) -> dict[str, Any]:
    """As :func:`db.queries.views.tree_rows`: the campaigns with their counts, the first
    ``page`` rosters of each (by name, then id) and those rosters' head counts."""
    camps = _rows(CAMPAIGN_COLS, db.rows(
        "SELECT c.id, c.name, c.system, c.edition, c.expansions, c.cycle, "
        "(SELECT count(r.id) FROM roster r WHERE r.campaign_id = c.id), "
        "(SELECT count(b.id) FROM battle b WHERE b.campaign_id = c.id), "
        "(SELECT count(b.id) FROM battle b WHERE b.campaign_id = c.id AND b.after_battle_done = ?) "
        "FROM campaign c WHERE c.deleted_at IS NULL ORDER BY c.name", (False,)))
    for c in camps:
        c["expansions"] = db.json(c["expansions"])
    rosters: list[Row] = []
    for c in camps:
        if c["rosters"]:
            rosters += _rows(ROSTER_COLS, db.rows(
                "SELECT id, campaign_id, name, kind, faction, player FROM roster WHERE campaign_id = ? "
                "ORDER BY name, id LIMIT ?", (c["id"], page)))
    fighters, units = head_counts(db, [r["id"] for r in rosters])
    return {"campaigns": camps, "rosters": rosters, "fighters": fighters, "units": units}


def head_counts(db: Reader, roster_ids: Sequence[int]) -> tuple[dict[int, int], dict[int, int]]:
    if not roster_ids:
        return {}, {}
    ids = sorted(set(roster_ids))
    out = []
    for table in ("fighter", "unit"):
        out.append(dict(db.rows(f"SELECT roster_id, count(id) FROM {table} WHERE roster_id IN ({_marks(ids)}) "
                                "GROUP BY roster_id", ids)))
    return out[0], out[1]


def _scope(roster_id: int | None, campaign_id: int | None) -> tuple[str, int | None]:
    """The SQL condition on a figure's ``roster_id`` of a roster, or of a campaign's rosters."""
    if roster_id is not None:
        return "roster_id = ?", roster_id
    return "roster_id IN (SELECT id FROM roster WHERE campaign_id = ?)", campaign_id


def _names_by(rows: Iterable[tuple[Any, Any]]) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    for owner, name in rows:
        out.setdefault(owner, []).append(name)
    return out


def table(db: Reader, *, roster_id: int | None = None, campaign_id: int | None = None,
          limit: int | None = None) -> dict[str, Any]:
    """As :func:`db.queries.views.table_rows`: the figures of a roster (or of every
    roster of a campaign), fighters then units by id, with their weapons, skills and
    injuries; with ``limit``, only the first ``limit`` of them (a paged table's first
    page in its natural order)."""
    scope, arg = _scope(roster_id, campaign_id)
    lim = "" if limit is None else f" LIMIT {int(limit)}"
    fighters = _rows(FIGHTER_COLS, db.rows(
        f"SELECT {_select(FIGHTER_COLS)} FROM fighter WHERE {scope} ORDER BY id{lim}", (arg,)))
    left = None if limit is None else limit - len(fighters)
    units = _rows(UNIT_COLS, db.rows(
        f"SELECT {_select(UNIT_COLS)} FROM unit WHERE {scope} ORDER BY id"
        + ("" if left is None else f" LIMIT {max(left, 0)}"), (arg,))) if left is None or left > 0 else []
    for r in (*fighters, *units):
        r["stats"] = db.json(r["stats"])
    fids, uids = [f["id"] for f in fighters], [u["id"] for u in units]

    def named(sql: str, ids: list[int]) -> dict[int, list[str]]:
        return _names_by(db.rows(sql.replace("IDS", _marks(ids)), ids)) if ids else {}

    return {
        "fighters": fighters, "units": units,
        "weapons": named("SELECT fighter_id, name FROM equipment WHERE fighter_id IN (IDS) ORDER BY id", fids),
        "skills": named("SELECT fighter_id, name FROM skill WHERE fighter_id IN (IDS) ORDER BY id", fids),
        "injuries": named("SELECT fighter_id, label FROM lasting_injury WHERE fighter_id IN (IDS) ORDER BY id",
                          fids),
        "unit_weapons": named("SELECT unit_id, name FROM equipment WHERE unit_id IN (IDS) ORDER BY id", uids),
    }


def figure_counts(db: Reader, *, roster_id: int | None = None, campaign_id: int | None = None) -> dict[str, int]:
    """The fighters and units of a scope and the units' figures (a paged table's title)."""
    scope, arg = _scope(roster_id, campaign_id)
    (f,), = db.rows(f"SELECT count(id) FROM fighter WHERE {scope}", (arg,))
    u, figures = db.rows(f"SELECT count(id), coalesce(sum(figures), 0) FROM unit WHERE {scope}", (arg,))[0]
    return {"fighters": int(f), "units": int(u), "figures": int(figures)}


def roster_names(db: Reader, roster_ids: Iterable[int]) -> dict[int, str]:
    """Roster id -> name, for these rosters (a page's: not a league campaign's 10,000)."""
    ids = sorted(set(roster_ids))
    return dict(db.rows(f"SELECT id, name FROM roster WHERE id IN ({_marks(ids)})", ids)) if ids else {}


def roster(db: Reader, roster_id: int) -> dict[str, Any] | None:
    """A roster's own row, its campaign's name, system and counters, its head counts,
    its fighters' (status, value) and its stash's value (the detail pane's roster)."""
    got = db.rows(f"SELECT {_select(ROSTER_FIELDS, 'r.')}, r.counters, c.name, c.system, c.counters FROM roster r "
                  "JOIN campaign c ON c.id = r.campaign_id WHERE r.id = ?", (roster_id,))
    if not got:
        return None
    out = Row(zip((*ROSTER_FIELDS, "counters", "campaign", "system", "campaign_counters"), got[0], strict=True))
    out["counters"] = db.json(out["counters"])
    out["campaign_counters"] = db.json(out["campaign_counters"])
    out["fighters"] = int(db.rows("SELECT count(id) FROM fighter WHERE roster_id = ?", (roster_id,))[0][0])
    out["units"] = int(db.rows("SELECT count(id) FROM unit WHERE roster_id = ?", (roster_id,))[0][0])
    # (status, value): the fighters' values summed per status in SQL (a league roster
    # has 30,000 fighters); a rating adds those of the statuses that count
    out["values"] = [(str(st or "active"), int(v or 0)) for st, v in db.rows(
        "SELECT status, sum(credits_value) FROM fighter WHERE roster_id = ? GROUP BY status", (roster_id,))]
    out["stash"] = sum(int(cost) * int(qty) for cost, qty in db.rows(
        "SELECT cost, qty FROM stash_item WHERE roster_id = ?", (roster_id,)))
    return out


def battles(db: Reader, campaign_id: int, newest: int) -> tuple[list[Row], dict[int, list[str]]]:
    """As :func:`db.queries.views.battle_rows` with ``newest``: the ``newest`` last
    battles and every one waiting for After the Battle, by number, with the names of the
    rosters that took part."""
    last = [i for (i,) in db.rows("SELECT id FROM battle WHERE campaign_id = ? ORDER BY number DESC LIMIT ?",
                                  (campaign_id, newest))] if newest else []
    pending = [i for (i,) in db.rows("SELECT id FROM battle WHERE campaign_id = ? AND after_battle_done = ? "
                                     "LIMIT 10000", (campaign_id, False))]
    ids = sorted(set(last) | set(pending))
    if not ids:
        return [], {}
    rows = _rows(("id", "number", "played_on", "scenario", "outcome", "notes", "after_battle_done", "cycle",
                  "winner"), db.rows(
        "SELECT b.id, b.number, b.played_on, b.scenario, b.outcome, b.notes, b.after_battle_done, b.cycle, "
        f"w.name FROM battle b LEFT JOIN roster w ON w.id = b.winner_roster_id WHERE b.campaign_id = ? "
        f"AND b.id IN ({_marks(ids)}) ORDER BY b.number", (campaign_id, *ids)))
    links = db.rows(f"SELECT br.battle_id, r.name FROM battle_roster br JOIN roster r ON r.id = br.roster_id "
                    f"WHERE br.battle_id IN ({_marks(rows)}) ORDER BY br.id", [r["id"] for r in rows]) if rows else []
    for r in rows:
        r["played_on"] = r["played_on"] if isinstance(r["played_on"], str) else r["played_on"].isoformat()
    return rows, _names_by(links)


def house_rules(db: Reader, campaign_id: int) -> dict[str, Any]:
    got = db.rows("SELECT house_rules FROM campaign WHERE id = ?", (campaign_id,))
    return dict(db.json(got[0][0]) or {}) if got else {}


def revision(db: Reader) -> str:
    try:
        got = db.rows("SELECT version_num FROM alembic_version")
    except Exception:  # noqa: BLE001 (no such table: a new or foreign file, the normal path's)
        return ""
    return str(got[0][0]) if len(got) == 1 else ""


@contextmanager
def current(url: str) -> Iterator[Reader | None]:
    """A plain reader on ``url``, closed when the block ends; None when it does not open
    (no file, a password asked for...) or its schema is not the head revision (to be
    migrated, and backed up first): the plain reads then leave it to the normal path,
    which says why."""
    try:
        db = Reader(url)
    except Exception:  # noqa: BLE001 (the normal path gives the message)
        yield None
        return
    try:
        yield db if revision(db) == head_revision() else None
    finally:
        db.close()
