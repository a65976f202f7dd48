"""The campaign's charts page (the GUI's Charts tab): the campaign report's charts
(casualties and wins per battle, each roster's Rep, XP, rating or figures after each
battle: :func:`campaign_app.usecases.exports.campaign_document`) and the rolls made on
each rules table, from the roll record. Plain data, read only."""

from __future__ import annotations

from typing_extensions import TypedDict  # pydantic reads it on Python 3.11 (the facade's results)

from campaign_app.usecases.common import Ref, get_campaign
from campaign_app.usecases.exports import Chart, campaign_document
from campaign_app.usecases.gui_queries.rules import table_title
from db.queries import rolls as roll_q
from db.uow import Engine, read_session


class TableRolls(TypedDict):
    """The rolls made on one rules table (undone ones left out)."""

    table: str  # the table's id on record
    title: str  # its name in the rules data
    rolls: int


class CampaignCharts(TypedDict):
    campaign: str
    system: str
    charts: list[Chart]
    too_big: bool  # a league beyond CHART_ROSTERS / CHART_BATTLES: no charts drawn
    rosters: int
    battles: int


# A chart has a line or bar per roster and a point per battle: beyond these a league's
# charts (10,000 lines of 100,000 points) say nothing and take gigabytes to draw.
CHART_ROSTERS = 50
CHART_BATTLES = 2000


def rolls_per_table(engine: Engine, campaign: Ref) -> list[TableRolls]:
    """How many rolls of ``campaign`` went to each rules table, the most rolled first
    (then by name); rolls that were undone, and rolls on no table, are not counted."""
    with read_session(engine) as s:
        c = get_campaign(s, campaign)
        assert c.id is not None
        rows = roll_q.rolls_per_table(s, c.id)
    out: list[TableRolls] = [{"table": str(r.table_id), "title": table_title(str(r.table_id)),
                              "rolls": int(r.rolls)} for r in rows]
    return sorted(out, key=lambda t: (-t["rolls"], t["title"].casefold(), t["table"]))


def campaign_charts(engine: Engine, campaign: Ref) -> CampaignCharts:
    """The charts of the Charts tab: the campaign report's (one line or bar per roster,
    one point per battle) and, once a table has been rolled, the rolls per table (kind
    ``"hbar"``: one bar per table, named by its title). None (``too_big``) for a
    campaign of more than CHART_ROSTERS rosters or CHART_BATTLES battles."""
    with read_session(engine) as s:
        c = get_campaign(s, campaign)
        assert c.id is not None
        rosters, battles = roll_q.campaign_size(s, c.id)
        if rosters > CHART_ROSTERS or battles > CHART_BATTLES:
            from campaign_app.usecases.exports import _system_name, get_system

            return {"campaign": c.name, "system": _system_name(c, get_system(c.system)), "charts": [], "too_big": True,
                    "rosters": rosters, "battles": battles}
    doc = campaign_document(engine, campaign)
    charts = list(doc["charts"])
    tables = rolls_per_table(engine, campaign)
    if tables:
        charts.append({"title": "Rolls per table", "kind": "hbar", "axis": "rolls (undone ones left out)",
                       "categories": [t["title"] for t in tables],
                       "series": [{"name": "Rolls", "values": [float(t["rolls"]) for t in tables]}]})
    return {"campaign": doc["campaign"], "system": doc["system"], "charts": charts, "too_big": False,
            "rosters": rosters, "battles": battles}
