"""Renaming, deleting and moving: what points at a roster or figure about to go, the
deleted campaigns kept for undo, and removing one for good."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from sqlalchemy import delete, or_, update
from sqlmodel import Session, col, select

from db.models import (
    Battle,
    BattleMark,
    BattleResult,
    BattleRoster,
    Campaign,
    ChainHead,
    ContentPack,
    Equipment,
    Fighter,
    Journal,
    JournalEntry,
    LastingInjury,
    LedgerEntry,
    RollRecord,
    Roster,
    Skill,
    StashItem,
    SystemRecord,
    Territory,
    Unit,
    WalkerType,
)


def _table(model: Any) -> Any:
    return model.__table__


def _c(model: Any) -> Any:
    """The Core columns of a table (typed loosely: these build plain statements)."""
    return model.__table__.c


def deleted_campaigns(session: Session) -> Sequence[Campaign]:
    """The deleted campaigns still kept, newest deletion first."""
    return session.exec(select(Campaign).where(col(Campaign.deleted_at).is_not(None))
                        .order_by(col(Campaign.deleted_at).desc(), col(Campaign.id).desc())).all()


def figure_ids(session: Session, roster_id: int) -> tuple[list[int], list[int]]:
    """(fighter ids, unit ids) of a roster."""
    fids = [i for i in session.exec(select(Fighter.id).where(Fighter.roster_id == roster_id)).all() if i]
    uids = [i for i in session.exec(select(Unit.id).where(Unit.roster_id == roster_id)).all() if i]
    return fids, uids


def rolls_of(session: Session, column: str, ids: Iterable[int]) -> list[int]:
    """Ids of the roll records whose ``column`` (fighter_id, unit_id) is one of ``ids``."""
    wanted = list(ids)
    if not wanted:
        return []
    c = getattr(_c(RollRecord), column)
    return [i for i in session.exec(select(RollRecord.id).where(c.in_(wanted))).all() if i]


def results_of(session: Session, fighter_ids: Sequence[int], unit_ids: Sequence[int]) -> Sequence[BattleResult]:
    """Battle results of any of ``fighter_ids`` and ``unit_ids``."""
    r = _c(BattleResult)
    where = [c.in_(ids) for c, ids in ((r.fighter_id, fighter_ids), (r.unit_id, unit_ids)) if ids]
    if not where:
        return []
    return session.exec(select(BattleResult).where(or_(*where))).all()


def results_caused_by(session: Session, fighter_ids: Sequence[int]) -> Sequence[BattleResult]:
    """Battle results of other figures caused by one of ``fighter_ids``."""
    if not fighter_ids:
        return []
    return session.exec(select(BattleResult).where(col(BattleResult.by_fighter_id).in_(fighter_ids))).all()


def marks_caused_by(session: Session, fighter_ids: Sequence[int]) -> Sequence[BattleMark]:
    if not fighter_ids:
        return []
    return session.exec(select(BattleMark).where(col(BattleMark.by_fighter_id).in_(fighter_ids))).all()


def crew_from_elsewhere(session: Session, fighter_ids: Sequence[int], roster_id: int | None) -> Sequence[Fighter]:
    """Fighters crewing one of ``fighter_ids`` (from rosters other than ``roster_id``)."""
    if not fighter_ids:
        return []
    stmt = select(Fighter).where(col(Fighter.crew_of_id).in_(fighter_ids))
    if roster_id is not None:
        stmt = stmt.where(Fighter.roster_id != roster_id)
    return session.exec(stmt).all()


def captured_by(session: Session, roster_id: int) -> Sequence[Fighter]:
    """Fighters of other rosters held captive by this one."""
    return session.exec(select(Fighter).where(Fighter.captured_by_roster_id == roster_id,
                                              Fighter.roster_id != roster_id)).all()


def battles_naming(session: Session, roster_id: int) -> Sequence[Battle]:
    """Battles that name this roster as their winner or attacker."""
    ba = _c(Battle)
    return session.exec(select(Battle).where(or_(ba.winner_roster_id == roster_id,
                                                 ba.attacker_roster_id == roster_id))).all()


def crew_of_any(session: Session, fighter_id: int) -> Sequence[Fighter]:
    """The fighters that crew this one."""
    return session.exec(select(Fighter).where(Fighter.crew_of_id == fighter_id)).all()


def purge_campaign(session: Session, campaign_id: int) -> None:
    """Remove a (deleted) campaign and everything of it for good, with Core statements,
    children first: no journal (there is nothing left to undo into)."""
    ro, fi, un, ba, jn = _c(Roster), _c(Fighter), _c(Unit), _c(Battle), _c(Journal)
    roster_ids = select(ro.id).where(ro.campaign_id == campaign_id)
    fighter_ids = select(fi.id).where(fi.roster_id.in_(roster_ids))
    unit_ids = select(un.id).where(un.roster_id.in_(roster_ids))
    battle_ids = select(ba.id).where(ba.campaign_id == campaign_id)
    journal_ids = select(jn.id).where(jn.campaign_id == campaign_id)
    ex = session.execute

    def gone(model: Any, where: Any) -> None:
        ex(delete(model.__table__).where(where))

    gone(JournalEntry, _c(JournalEntry).journal_id.in_(journal_ids))
    gone(RollRecord, _c(RollRecord).campaign_id == campaign_id)
    gone(ChainHead, _c(ChainHead).campaign_id == campaign_id)  # chain head
    gone(Journal, jn.campaign_id == campaign_id)
    for model in (BattleMark, BattleResult, BattleRoster):
        gone(model, _c(model).battle_id.in_(battle_ids))
    for owned in (LastingInjury, Skill):
        gone(owned, _c(owned).fighter_id.in_(fighter_ids))
    for held in (LedgerEntry, StashItem, Territory):  # the gang's credits, stash, territories
        gone(held, _c(held).roster_id.in_(roster_ids))
    gone(ContentPack, _c(ContentPack).campaign_id == campaign_id)
    eq = _c(Equipment)
    gone(Equipment, or_(eq.fighter_id.in_(fighter_ids), eq.unit_id.in_(unit_ids)))
    # fighters pointing at each other (crews, captives) and battles at rosters
    ex(update(_table(Fighter)).where(fi.roster_id.in_(roster_ids)).values(crew_of_id=None))
    ex(update(_table(Fighter)).where(fi.captured_by_roster_id.in_(roster_ids)).values(captured_by_roster_id=None))
    gone(Battle, ba.campaign_id == campaign_id)
    gone(SystemRecord, _c(SystemRecord).campaign_id == campaign_id)  # records helper
    gone(Fighter, fi.roster_id.in_(roster_ids))
    gone(Unit, un.roster_id.in_(roster_ids))
    gone(Roster, ro.campaign_id == campaign_id)
    gone(WalkerType, _c(WalkerType).campaign_id == campaign_id)
    gone(Campaign, _c(Campaign).id == campaign_id)
