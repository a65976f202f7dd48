"""The league standings (``campaign-app league standings``, the GUI's Standings tab, the
campaign report's table): per roster its battles, wins, draws and losses, the casualties
it caused and suffered, and its rating as the game system counts it
(:meth:`campaign_app.systems.api.GameSystem.rating_rule`). The database does the counting
(:mod:`db.queries.standings`); this module names the columns and sorts."""

from __future__ import annotations

from typing_extensions import TypedDict  # pydantic reads it on Python 3.11 (the facade's results)

from campaign_app.errors import InputError
from campaign_app.systems.layout import BASE_STATUSES
from campaign_app.systems.registry import game_system
from campaign_app.usecases.common import Ref, get_campaign
from db.queries.standings import standings_rows
from db.uow import Engine, read_session

# the columns, in order: key -> heading
COLUMNS: dict[str, str] = {
    "roster": "Roster", "battles": "Battles", "wins": "Wins", "draws": "Draws", "losses": "Losses",
    "caused": "Caused", "suffered": "Suffered", "rating": "Rating",
}
DEFAULT_SORT = "wins"


class StandingLine(TypedDict):
    roster_id: int
    roster: str
    battles: int
    wins: int
    draws: int
    losses: int
    caused: int  # casualties this roster's figures caused
    suffered: int  # casualties among its own figures
    rating: int


class Standings(TypedDict):
    campaign: str
    system: str
    rating: str  # what the rating column counts ("Gang rating", "Total Rep", "Figures")
    sort: str
    standings: list[StandingLine]


def standing_key(line: StandingLine, column: str) -> tuple[object, ...]:
    """How ``column`` orders the lines: names A to Z, numbers highest first (fewest
    losses and casualties suffered first); ties by wins, draws, fewer losses, rating, name."""
    tie = (-line["wins"], -line["draws"], line["losses"], -line["rating"], line["roster"].casefold(),
           line["roster_id"])
    if column == "roster":
        return (line["roster"].casefold(), line["roster_id"])
    value = line[column]  # type: ignore[literal-required]
    return ((value if column in ("losses", "suffered") else -value), *tie)


def league_standings(engine: Engine, campaign: Ref, sort: str = DEFAULT_SORT) -> Standings:
    """The campaign's standings, sorted by ``sort`` (a key of :data:`COLUMNS`)."""
    column = (sort or DEFAULT_SORT).strip().lower()
    if column not in COLUMNS:
        raise InputError(f"standings cannot be sorted by {sort!r}: choose one of {', '.join(COLUMNS)}")
    with read_session(engine) as s:
        c = get_campaign(s, campaign)
        assert c.id is not None
        gs = game_system(c.system)
        layout = gs.roster_layout()
        hurt = {k for k, st in {**BASE_STATUSES, **layout.statuses}.items() if st.severity != "ok"}
        rule = gs.rating_rule()
        try:
            rows = standings_rows(s, c.id, hurt_statuses=hurt, rating_figures=rule.figures,
                                  rating_column=rule.column, ready_only=rule.ready_only)
        except ValueError as e:
            raise InputError(f"{gs.name}: {e}") from None
        name = c.name
    lines: list[StandingLine] = [
        {"roster_id": r.roster_id, "roster": r.roster, "battles": r.battles, "wins": r.wins, "draws": r.draws,
         "losses": r.losses, "caused": r.caused, "suffered": r.suffered, "rating": int(r.rating)}
        for r in rows]
    lines.sort(key=lambda line: standing_key(line, column))
    return {"campaign": name, "system": gs.name, "rating": rule.label, "sort": column, "standings": lines}
