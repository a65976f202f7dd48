"""The roll log's reads: a page of a campaign's rolls, newest first, by battle, fighter and
table, and the choices of its filters."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from typing_extensions import TypedDict  # pydantic reads it on Python 3.11 (the facade's results)

from campaign_app.usecases.common import get_campaign
from campaign_app.usecases.gui_queries.rules import table_title
from db.queries import views
from db.uow import Engine, read_session

if TYPE_CHECKING:
    from campaign_app.usecases.rolls import RollLogEntry


class BattleChoice(TypedDict):
    id: int
    number: int
    scenario: str


class FighterChoice(TypedDict):
    id: int
    name: str


class TableChoice(TypedDict):
    id: str
    title: str  # the table's name in the rules data


class LogFilters(TypedDict):
    """Choices for the roll log filters."""

    battles: list[BattleChoice]
    fighters: list[FighterChoice]
    tables: list[TableChoice]
    more_fighters: bool  # more fighters have rolls than the FILTER_FIGHTERS listed


class RollLogPage(TypedDict):
    """One page of the roll log, newest first; ``before`` is where the next page starts
    (None: this page is the last)."""

    rows: list[RollLogEntry]
    before: tuple[Any, int] | None


LOG_PAGE = 200  # rolls per page of the roll log


FILTER_FIGHTERS = 500  # fighters listed in the roll log's fighter filter (a league has 300,000)


def log_filters(engine: Engine, campaign: Any) -> LogFilters:
    """Choices for the roll log filters: battles, fighters with rolls (the first
    :data:`FILTER_FIGHTERS` of them by id), tables rolled."""
    with read_session(engine) as s:
        c = get_campaign(s, campaign)
        assert c.id is not None
        bs, fs, ts, more = views.log_filter_rows(s, c.id, FILTER_FIGHTERS)
    return {
        "battles": [{"id": b.id, "number": b.number, "scenario": b.scenario} for b in bs],
        "fighters": [{"id": f.id, "name": f.name} for f in fs],
        "tables": sorted(({"id": t, "title": table_title(t)} for t in ts), key=lambda t: t["title"].casefold()),
        "more_fighters": more,
    }


def roll_log_page(engine: Engine, campaign: Any, *, battle: int | None = None, fighter: int | None = None,
                  table: str | None = None, before: tuple[Any, int] | None = None,
                  limit: int = LOG_PAGE, marks: list[str] | None = None) -> RollLogPage:
    """The ``limit`` newest rolls of the campaign (made before ``before``, the previous
    page's ``before``), by battle, fighter and table when given; an index range each."""
    from campaign_app.usecases.rolls import roll_entry
    from db.queries import rolls as roll_q

    with read_session(engine) as s:
        c = get_campaign(s, campaign)
        assert c.id is not None
        rows = roll_q.roll_page(s, c.id, battle_id=battle, fighter_id=fighter, table_id=table,
                                before=before, limit=limit + 1, marks=marks)
    more = len(rows) > limit
    rows = rows[:limit]
    return {"rows": [roll_entry(r) for r in rows],
            "before": (rows[-1].created_at, int(rows[-1].id)) if more and rows else None}
