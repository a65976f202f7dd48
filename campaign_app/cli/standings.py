"""``league standings``: the league table of a campaign (its own module, so the
``league`` group's other commands live apart: the group is shared through ``group``)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from campaign_app.cli import emit, table_text

if TYPE_CHECKING:
    from campaign_app.facade import Campaigns

SORTS = ("roster", "battles", "wins", "draws", "losses", "caused", "suffered", "rating")


def cmd_standings(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.standings import COLUMNS, league_standings

    d = app.run(league_standings, args.campaign, args.sort)

    def text() -> str:
        head = [COLUMNS[k] for k in COLUMNS]
        head[-1] = d["rating"]
        head[5], head[6] = "Cas. caused", "Cas. suffered"
        rows = [[line[k] for k in COLUMNS] for line in d["standings"]]  # type: ignore[literal-required]
        title = f"{d['campaign']} ({d['system']}): standings by {d['sort']}"
        return f"{title}\n{table_text(rows, head)}" if rows else f"{title}\nno rosters yet"

    emit(args, d, text)


def register(sub: Any, add: Any, group: Any) -> None:
    league = group("league", "a league: standings (and, on a server, players and permissions)")
    sp = add(league, "standings", cmd_standings,
             "the league table: battles, wins, draws, losses, casualties caused and suffered, rating")
    sp.add_argument("campaign")
    sp.add_argument("--sort", default="wins", choices=SORTS, metavar="COLUMN",
                    help=f"order by one of {', '.join(SORTS)} (default: wins)")
