"""The roster table's reads: every row of a roster or a campaign, or a page of them in the
order of one column under a filter, sorted, filtered and counted in SQL (league-size:
one Core select per table, no per-fighter queries)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, cast

from typing_extensions import TypedDict  # pydantic reads it on Python 3.11 (the facade's results)

from campaign_app.systems import get_system
from campaign_app.usecases.common import campaign_of_roster, get_campaign, get_roster
from campaign_app.usecases.first_screen import table_rows
from db.queries import pages, views
from db.uow import Engine, read_session


class FighterRow(TypedDict):
    """A fighter's row of the roster table."""

    what: str
    id: int
    roster_id: int
    roster: str
    name: str
    type: str
    role: str
    kind: str
    rep: int | None
    stats: dict[str, Any]
    xp: int
    credits_value: int
    status: str
    status_note: str
    crew_of_id: int | None
    version: int
    weapons: list[str]
    skills: list[str]
    injuries: list[str]
    status_class: str


class UnitRow(TypedDict):
    """A unit's row of the roster table."""

    what: str
    id: int
    roster_id: int
    roster: str
    name: str
    type: str
    training: str
    figures: int
    figures_start: int
    wounded: int
    armour: Any
    discipline: Any
    order: str
    status: str
    battles_fought: int
    stats: dict[str, Any]
    version: int
    weapons: list[str]
    status_class: str


class RosterRows(TypedDict):
    """The roster table: its campaign and system, and a row per fighter and unit."""

    campaign_id: int
    campaign: str
    system: str
    system_name: str
    uses_rep: bool
    uses_units: bool
    stat_keys: list[str]
    roster_id: int | None
    rows: list[FighterRow | UnitRow]


def roster_rows(engine: Engine, *, campaign: Any = None, roster: Any = None,
                fighters: Iterable[int] | None = None, units: Iterable[int] | None = None) -> RosterRows:
    """The rows of the roster table: every fighter and unit of one roster, or of every
    roster of a campaign. Weapons and skills come as name lists. With ``fighters`` or
    ``units`` (ids), only those of them still in that scope (a view refreshing the rows
    a change set names); give both, an empty one for none of that kind."""
    if (campaign is None) == (roster is None):
        raise ValueError("give a campaign or a roster")
    with read_session(engine) as s:
        if roster is not None:
            r = get_roster(s, roster)
            c = campaign_of_roster(s, r)
            assert r.id is not None
            roster_names = {r.id: r.name}
            t = views.table_rows(s, roster_id=r.id, fighters=fighters, units=units)
        else:
            c = get_campaign(s, campaign)
            assert c.id is not None
            roster_names = views.roster_names(s, c.id)
            t = views.table_rows(s, campaign_id=c.id, fighters=fighters, units=units)
        out_rows = _table_rows(c.system, t, roster_names)
        info = get_system(c.system)
        assert c.id is not None
        return {
            "campaign_id": c.id, "campaign": c.name, "system": c.system, "system_name": info.name,
            "uses_rep": info.uses_rep, "uses_units": info.uses_units,
            "stat_keys": [st.key for st in info.stats],
            "roster_id": next(iter(roster_names)) if roster is not None else None,
            "rows": out_rows,
        }


def _table_rows(system: str, t: views.TableRows, roster_names: dict[int, str]) -> list[FighterRow | UnitRow]:
    """The table's rows of ``t`` (fighters, then units, by id), shaped as the first
    screen shapes its plain reads (:func:`campaign_app.usecases.first_screen.table_rows`)."""
    return cast(list[FighterRow | UnitRow], table_rows(system, t, roster_names))


PAGE_ROWS = 500  # rows of a paged roster table read at a time


class RosterPage(TypedDict):
    """A page of the roster table in the order of one column (``roster_page``)."""

    rows: list[FighterRow | UnitRow]
    keys: list[tuple[int, Any, int, int]]  # each row's place in the order; the last one is the next page's ``after``
    more: bool  # whether rows come after these


class RosterCount(TypedDict):
    """The figures of a roster table's scope (under its filter), counted in SQL."""

    fighters: int
    units: int
    figures: int  # the units' figures


def _page_scope(s: Any, campaign: Any, roster: Any, search: str, status: str | None) -> tuple[Any, pages.Scope]:
    if (campaign is None) == (roster is None):
        raise ValueError("give a campaign or a roster")
    words = tuple(search.split())
    if roster is not None:
        r = get_roster(s, roster)
        return campaign_of_roster(s, r), pages.Scope(roster_id=r.id, words=words, status=status)
    c = get_campaign(s, campaign)
    return c, pages.Scope(campaign_id=c.id, words=words, status=status)


def roster_sortable(key: str) -> bool:
    """Whether a paged roster table can sort by column ``key`` (in SQL): not by the
    weapons, skills or injuries (lists)."""
    return pages.sortable(key)


def roster_page(engine: Engine, *, campaign: Any = None, roster: Any = None, sort: str | None = None,
                descending: bool = False, search: str = "", status: str | None = None,
                after: Sequence[Any] | None = None, limit: int = PAGE_ROWS,
                fighters: Iterable[int] | None = None, units: Iterable[int] | None = None) -> RosterPage:
    """The next ``limit`` rows of the roster table of one roster (or of every roster of
    a campaign) after the key ``after`` (None: the first page), sorted in SQL by the
    column ``sort`` (None: fighters, then units, by id; ``roster_sortable``), filtered
    in SQL by ``search`` (every word in a text column the row shows, any case) and
    ``status``. With ``fighters`` and ``units`` (ids): those of them in the scope and
    the filter, each with its key (a view refreshing the rows a change set names)."""
    with read_session(engine) as s:
        c, scope = _page_scope(s, campaign, roster, search, status)
        key = None if after is None else (int(after[0]), after[1], int(after[2]), int(after[3]))
        keys, more = pages.page_ids(s, scope, sort=sort, desc=descending, after=key, limit=limit,
                                    fighters=fighters, units=units)
        fids = [k[3] for k in keys if k[2] == pages.FIGHTER]
        uids = [k[3] for k in keys if k[2] == pages.UNIT]
        t = views.table_rows(s, roster_id=scope.roster_id, campaign_id=scope.campaign_id,
                             fighters=fids, units=uids)
        names = pages.roster_names(s, [r.roster_id for r in (*t.fighters, *t.units)])
        system = c.system
    rows = {(r["what"], r["id"]): r for r in _table_rows(system, t, names)}
    out = [(rows.get(("fighter" if k[2] == pages.FIGHTER else "unit", k[3])), k) for k in keys]
    return {"rows": [r for r, _k in out if r is not None], "keys": [k for r, k in out if r is not None],
            "more": more}


def roster_count(engine: Engine, *, campaign: Any = None, roster: Any = None, search: str = "",
                 status: str | None = None) -> RosterCount:
    """The fighters and units of a roster (or of every roster of a campaign) that the
    filter (``search``, ``status``) lets through, counted in SQL."""
    with read_session(engine) as s:
        _c, scope = _page_scope(s, campaign, roster, search, status)
        n = pages.counts(s, scope)
    return {"fighters": n.fighters, "units": n.units, "figures": n.figures}


def roster_statuses(engine: Engine, *, campaign: Any = None, roster: Any = None) -> list[str]:
    """The statuses the figures of a roster (or a campaign) have, for the filter."""
    with read_session(engine) as s:
        _c, scope = _page_scope(s, campaign, roster, "", None)
        return pages.statuses(s, scope)
