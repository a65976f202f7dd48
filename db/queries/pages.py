"""The roster table read a page at a time (issue #19: a league's largest roster has
30,000 fighters, a campaign 300,000): the ids of the next ``limit`` figures of a roster
or of a campaign in the order of one column, found by keyset on (sort value, kind, id)
and never by reading the whole scope into Python; the figures of the scope counted in
SQL; the search filter (words, a status) in SQL.

The order is the roster table's: a value sorts as the column holds it, text without
regard to case (``lower``; on PostgreSQL in the "C" collation, code point order, as
Python compares), blanks (NULL, an empty text, a characteristic that is not a number)
last in both directions, equal values by kind (fighters, then units) and id. Fighters
and units are two tables: each gives its next page, and :func:`page_ids` merges them.

A key (:data:`PageKey`) is ``(blank, value, kind, id)``: ``blank`` 1 for a blank value,
``kind`` 0 for a fighter and 1 for a unit."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import and_, case, cast, false, func, literal, null, or_, select, true
from sqlalchemy.sql.elements import ColumnElement, Null
from sqlalchemy.types import Numeric
from sqlmodel import Session

from db.engine import ULOWER
from db.queries.views import EQ, FI, LI, RO, SK, UN, ids_in

PageKey = tuple[int, Any, int, int]
FIGHTER, UNIT = 0, 1

# the sortable columns: the table's key -> (fighter column, unit column) names (None: the
# kind has no such column, a blank), and whether it holds text
_COLUMNS: dict[str, tuple[str | None, str | None, bool]] = {
    "name": ("name", "name", True),
    "type": ("fighter_type", "unit_type", True),
    "role": ("role", None, True),
    "kind": ("kind", None, True),
    "status": ("status", "status", True),
    "rep": ("rep", None, False),
    "xp": ("xp", None, False),
    "credits_value": ("credits_value", None, False),
    "training": (None, "training", True),
    "figures": (None, "figures", False),
    "wounded": (None, "wounded", False),
    "armour": (None, "armour", True),
    "discipline": (None, "discipline", True),
    "order": (None, "order", True),
    "battles_fought": (None, "battles_fought", False),
}


def sortable(key: str) -> bool:
    """Whether the column ``key`` of the roster table can be sorted in SQL: the figures'
    own columns, the roster's name and each characteristic (``stat:KEY``); not the lists
    (weapons, skills, injuries)."""
    return key in _COLUMNS or key == "roster" or (key.startswith("stat:") and len(key) > 5)


def _pg(s: Session) -> bool:
    return s.get_bind().dialect.name == "postgresql"


def _lower(expr: Any, pg: bool) -> Any:
    """Unicode lower case: PostgreSQL's lower() in a UTF-8 database; on SQLite (whose
    lower() knows A-Z only) Python's, registered by db/engine.py."""
    return func.lower(expr) if pg else getattr(func, ULOWER)(expr)


def _text(expr: Any, pg: bool) -> ColumnElement[Any]:
    out = func.nullif(_lower(expr, pg), "")
    return out.collate("C") if pg else out


def _stat(t: Any, key: str, pg: bool) -> ColumnElement[Any]:
    """A characteristic from the stats JSON, when it is a number (else a blank)."""
    if pg:
        return case((func.json_typeof(t.stats.op("->")(literal(key))) == "number",
                     cast(t.stats.op("->>")(literal(key)), Numeric)), else_=null())
    path = '$."' + key.replace('"', '""') + '"'
    return case((func.json_type(t.stats, path).in_(("integer", "real")), func.json_extract(t.stats, path)),
                else_=null())


def _sort_value(t: Any, what: int, key: str | None, pg: bool) -> ColumnElement[Any] | None:
    """The value ``key`` sorts figures of table ``t`` by (None: no sort, id order)."""
    if key is None:
        return None
    if key == "roster":
        return _text(select(RO.name).where(RO.id == t.roster_id).scalar_subquery(), pg)
    if key.startswith("stat:"):
        return _stat(t, key[5:], pg)
    names = _COLUMNS.get(key)
    if names is None:
        raise ValueError(f"the roster table cannot be sorted by {key!r}")
    name = names[what]
    if name is None:
        return null()
    return _text(t[name], pg) if names[2] else t[name]


def _like(word: str) -> str:
    w = word.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{w}%"


def _matches(t: Any, what: int, words: Sequence[str], with_roster: bool, pg: bool) -> ColumnElement[bool]:
    """Every word in one of the text columns the table shows (any case; the user's
    ``%`` and ``_`` are plain characters). On SQLite a word of ASCII letters is matched
    by LIKE itself (which ignores the case of A-Z), without calling Python for each of
    300,000 figures' columns; another word on the columns' Unicode lower case."""
    if what == FIGHTER:
        cols: list[Any] = [t.name, t.fighter_type, t.role, t.kind, func.replace(t.status, "-", " ")]
    else:
        cols = [t.name, t.unit_type, t.training, t.armour, t.discipline, t.order,
                func.replace(t.status, "-", " ")]
    out: list[ColumnElement[bool]] = []
    for word in words:
        pat = _like(word)
        plain = not pg and word.isascii()

        def like(c: Any, pat: str = pat, plain: bool = plain) -> Any:
            return (c if plain else _lower(c, pg)).like(pat, escape="\\")

        hits: list[Any] = [like(c) for c in cols]
        if with_roster:
            hits.append(select(RO.id).where(RO.id == t.roster_id, like(RO.name)).exists())
        owner = EQ.fighter_id if what == FIGHTER else EQ.unit_id
        hits.append(select(EQ.id).where(owner == t.id, like(EQ.name)).exists())
        if what == FIGHTER:
            hits.append(select(SK.id).where(SK.fighter_id == t.id, like(SK.name)).exists())
            hits.append(select(LI.id).where(LI.fighter_id == t.id, like(LI.label)).exists())
        out.append(or_(*hits))
    return and_(true(), *out)


@dataclass(frozen=True)
class Scope:
    """Which figures the table shows: one roster's or every roster's of a campaign, and
    the search filter (words all found in the row's text, a status)."""

    roster_id: int | None = None
    campaign_id: int | None = None
    words: tuple[str, ...] = ()
    status: str | None = None

    def where(self, t: Any, what: int, pg: bool) -> ColumnElement[bool]:
        if self.roster_id is not None:
            cond: ColumnElement[bool] = t.roster_id == self.roster_id
        else:
            cond = t.roster_id.in_(select(RO.id).where(RO.campaign_id == self.campaign_id).scalar_subquery())
        if self.status is not None:
            cond = cond & t.status.in_([self.status])
        if self.words:
            cond = cond & _matches(t, what, self.words, self.roster_id is None, pg)
        return cond


def _after(t: Any, what: int, v: ColumnElement[Any] | None, after: PageKey, desc: bool) -> ColumnElement[bool]:
    blank, cv, cwhat, cid = after
    tie: ColumnElement[bool] = true() if what > cwhat else false() if what < cwhat else t.id > cid
    if v is None:
        return tie
    if blank:
        return v.is_(None) & tie
    beyond = v < cv if desc else v > cv
    return or_(v.is_(None), beyond, and_(v == cv, tie))


def _table_page(s: Session, what: int, scope: Scope, sort: str | None, desc: bool,
                after: PageKey | None, limit: int, ids: Iterable[int] | None) -> list[PageKey]:
    t = FI if what == FIGHTER else UN
    pg = _pg(s)
    value = _sort_value(t, what, sort, pg)
    cond = scope.where(t, what, pg)
    if ids is not None:
        cond = cond & ids_in(s, t.id, ids)
    if value is None or isinstance(value, Null):  # no sort, or the kind has no such column: by id
        blank = int(value is not None)
        if after is not None:  # every blank sorts after a value
            cond = cond & (_after(t, what, None, after, desc) if after[0] == blank else true() if blank else false())
        rows = s.execute(select(t.id).where(cond).order_by(t.id).limit(limit)).all()
        return [(blank, None, what, r.id) for r in rows]
    # the value computed once per figure of the scope, then compared and ordered (on
    # PostgreSQL, OFFSET 0 keeps the planner from copying it into each comparison: a
    # characteristic would be parsed from the JSON five times a row)
    inner = select(t.id.label("id"), value.label("v")).where(cond)
    sub = (inner.offset(0) if pg else inner).subquery("figures")
    v = sub.c.v
    stmt = select(sub.c.id, v)
    if after is not None:
        stmt = stmt.where(_after(sub.c, what, v, after, desc))
    rows = s.execute(stmt.order_by(v.is_(None), v.desc() if desc else v, sub.c.id).limit(limit)).all()
    return [(int(r.v is None), r.v, what, r.id) for r in rows]


def order(keys: Iterable[PageKey], desc: bool) -> list[PageKey]:
    """``keys`` in the table's order (as the SQL of a page orders them)."""
    natural = sorted(keys, key=lambda k: (k[2], k[3]))
    filled = [k for k in natural if not k[0]]
    filled.sort(key=lambda k: 0 if k[1] is None else k[1], reverse=desc)  # stable: ties keep kind, id
    return filled + [k for k in natural if k[0]]


def page_ids(s: Session, scope: Scope, *, sort: str | None = None, desc: bool = False,
             after: PageKey | None = None, limit: int = 500,
             fighters: Iterable[int] | None = None, units: Iterable[int] | None = None,
             kinds: tuple[bool, bool] = (True, True)) -> tuple[list[PageKey], bool]:
    """The keys of the next ``limit`` figures of ``scope`` after ``after`` (None: from
    the first) in the order of column ``sort`` (None: fighters then units, by id), and
    whether more come after them. ``fighters``/``units``: only those ids (a refresh of
    named rows; give both). ``kinds``: whether the scope may hold fighters, units."""
    named = fighters is not None or units is not None
    got: list[PageKey] = []
    for what, ids, wanted in ((FIGHTER, fighters, kinds[0]), (UNIT, units, kinds[1])):
        if not wanted or (named and not ids):
            continue
        got += _table_page(s, what, scope, sort, desc, after, limit + 1, list(ids) if named and ids else None)
    keys = order(got, desc)
    return keys[:limit], len(keys) > limit


@dataclass(frozen=True)
class Counts:
    fighters: int
    units: int
    figures: int  # the units' figures


def counts(s: Session, scope: Scope) -> Counts:
    """The fighters and units of ``scope`` (and the units' figures), counted in SQL."""
    f = int(s.execute(select(func.count(FI.id)).where(scope.where(FI, FIGHTER, _pg(s)))).scalar_one())
    u, n = s.execute(select(func.count(UN.id), func.coalesce(func.sum(UN.figures), 0))
                     .where(scope.where(UN, UNIT, _pg(s)))).one()
    return Counts(fighters=f, units=int(u or 0), figures=int(n or 0))


def statuses(s: Session, scope: Scope) -> list[str]:
    """The statuses the figures of ``scope`` have (the filter's choices)."""
    got: set[str] = set()
    for t, what in ((FI, FIGHTER), (UN, UNIT)):
        got.update(s.execute(select(t.status).where(scope.where(t, what, _pg(s))).distinct()).scalars())
    return sorted(got - {""})


def roster_names(s: Session, roster_ids: Iterable[int]) -> dict[int, str]:
    """Roster id -> name, for those rosters only (the rosters of a page)."""
    ids = sorted(set(roster_ids))
    if not ids:
        return {}
    return dict(s.execute(select(RO.id, RO.name).where(RO.id.in_(ids))).all())  # type: ignore[arg-type]
