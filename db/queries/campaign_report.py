"""The reads of the campaign report: its battles, which rosters fought each and how they
fared, and every figure's result with the roster it belongs to (three selects)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session, select

from db.models import Battle, BattleResult, BattleRoster, Fighter, Unit


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
    battles = list(s.exec(select(Battle).where(Battle.campaign_id == campaign_id)
                          .order_by(Battle.number, Battle.id)).all())
    links = list(s.exec(select(BattleRoster).join(Battle, Battle.id == BattleRoster.battle_id)
                        .where(Battle.campaign_id == campaign_id).order_by(BattleRoster.id)).all())
    rows = s.exec(
        select(BattleResult.battle_id, BattleResult.status, BattleResult.casualties,
               BattleResult.unit_id, Fighter.roster_id, Unit.roster_id)
        .join(Battle, Battle.id == BattleResult.battle_id)
        .outerjoin(Fighter, Fighter.id == BattleResult.fighter_id)
        .outerjoin(Unit, Unit.id == BattleResult.unit_id)
        .where(Battle.campaign_id == campaign_id)
        .order_by(BattleResult.id)
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
    before: dict | None
    after: dict | None


def figure_history(s: Session, campaign_id: int) -> list[JournalChange]:
    """The campaign's journaled changes of fighters, units and battles, oldest first (one
    select); undone actions left out. With the current rows they give the figures as they
    stood after each battle."""
    from db.models import Journal, JournalEntry

    rows = s.exec(
        select(JournalEntry.journal_id, JournalEntry.table_name, JournalEntry.row_id, JournalEntry.op,
               JournalEntry.before, JournalEntry.after)
        .join(Journal, Journal.id == JournalEntry.journal_id)
        .where(Journal.campaign_id == campaign_id, Journal.undone == False)  # noqa: E712 - SQL
        .where(JournalEntry.table_name.in_(("fighter", "unit", "battle")))  # type: ignore[attr-defined]
        .order_by(JournalEntry.journal_id, JournalEntry.seq)
    ).all()
    return [JournalChange(journal_id=j, table=t, row_id=r, op=o, before=b, after=a) for j, t, r, o, b, a in rows]


def current_figures(s: Session, campaign_id: int) -> tuple[list[Fighter], list[Unit]]:
    """The campaign's fighters and units as they are now."""
    from db.models import Roster

    fighters = list(s.exec(select(Fighter).join(Roster, Roster.id == Fighter.roster_id)
                           .where(Roster.campaign_id == campaign_id)).all())
    units = list(s.exec(select(Unit).join(Roster, Roster.id == Unit.roster_id)
                        .where(Roster.campaign_id == campaign_id)).all())
    return fighters, units
