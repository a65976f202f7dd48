"""The reads of the campaign report: its battles, which rosters fought each and how they
fared, every figure's result with the roster it belongs to, and the journal of its
figures (to read them back as they stood after each battle)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import select as columns  # Core select: more than four columns
from sqlmodel import Session, col, select

from db.models import (
    Battle,
    BattleResult,
    BattleRoster,
    Fighter,
    Journal,
    JournalEntry,
    Roster,
    Unit,
)


@dataclass(frozen=True)
class ResultRow:
    """One figure's result in one battle: its roster, its status, the casualties it took
    (a unit's lost figures; 0 for a fighter)."""

    battle_id: int
    roster_id: int
    status: str
    casualties: int
    is_unit: bool


@dataclass(frozen=True)
class CampaignReportRows:
    battles: list[Battle]  # by number
    links: list[BattleRoster]  # each roster's part in each battle
    results: list[ResultRow]


def campaign_report_rows(s: Session, campaign_id: int) -> CampaignReportRows:
    battles = list(s.exec(select(Battle).where(col(Battle.campaign_id) == campaign_id)
                          .order_by(col(Battle.number), col(Battle.id))).all())
    links = list(s.exec(select(BattleRoster).join(Battle, col(Battle.id) == col(BattleRoster.battle_id))
                        .where(col(Battle.campaign_id) == campaign_id).order_by(col(BattleRoster.id))).all())
    rows = s.execute(
        columns(col(BattleResult.battle_id), col(BattleResult.status), col(BattleResult.casualties),
               col(BattleResult.unit_id), col(Fighter.roster_id), col(Unit.roster_id))
        .join(Battle, col(Battle.id) == col(BattleResult.battle_id))
        .outerjoin(Fighter, col(Fighter.id) == col(BattleResult.fighter_id))
        .outerjoin(Unit, col(Unit.id) == col(BattleResult.unit_id))
        .where(col(Battle.campaign_id) == campaign_id)
        .order_by(col(BattleResult.id))
    ).all()
    results = [ResultRow(battle_id=b, roster_id=int(fr or ur or 0), status=st or "", casualties=int(cas or 0),
                         is_unit=uid is not None)
               for b, st, cas, uid, fr, ur in rows]
    return CampaignReportRows(battles=battles, links=links, results=results)


@dataclass(frozen=True)
class JournalChange:
    """One journaled change of a fighter, unit or battle row (an action not undone)."""

    journal_id: int
    table: str
    row_id: int
    op: str
    before: dict[str, Any] | None
    after: dict[str, Any] | None


def figure_history(s: Session, campaign_id: int) -> list[JournalChange]:
    """The campaign's journaled changes of fighters, units and battles, oldest first (one
    select); undone actions left out. With the current rows they give the figures as they
    stood after each battle."""
    rows = s.execute(
        columns(col(JournalEntry.journal_id), col(JournalEntry.table_name), col(JournalEntry.row_id),
               col(JournalEntry.op), col(JournalEntry.before), col(JournalEntry.after))
        .join(Journal, col(Journal.id) == col(JournalEntry.journal_id))
        .where(col(Journal.campaign_id) == campaign_id, col(Journal.undone).is_(False))
        .where(col(JournalEntry.table_name).in_(("fighter", "unit", "battle")))
        .order_by(col(JournalEntry.journal_id), col(JournalEntry.seq))
    ).all()
    return [JournalChange(journal_id=j, table=t, row_id=r, op=o, before=b, after=a) for j, t, r, o, b, a in rows]


def current_figures(s: Session, campaign_id: int) -> tuple[list[Fighter], list[Unit]]:
    """The campaign's fighters and units as they are now."""
    fighters = list(s.exec(select(Fighter).join(Roster, col(Roster.id) == col(Fighter.roster_id))
                           .where(col(Roster.campaign_id) == campaign_id)).all())
    units = list(s.exec(select(Unit).join(Roster, col(Roster.id) == col(Unit.roster_id))
                        .where(col(Roster.campaign_id) == campaign_id)).all())
    return fighters, units
