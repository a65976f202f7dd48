"""Rosters: their names within a campaign, their figures and the counts of those."""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session, col, func, select

from db.models import BattleRoster, Fighter, Roster, Unit


def roster_named(session: Session, campaign_id: int, name: str, *,
                 other_than: int | None = None) -> Roster | None:
    """The campaign's roster called exactly ``name`` (not ``other_than``), if any."""
    stmt = select(Roster).where(Roster.campaign_id == campaign_id, Roster.name == name)
    if other_than is not None:
        stmt = stmt.where(col(Roster.id) != other_than)
    return session.exec(stmt).first()


def rosters_of(session: Session, campaign_id: int) -> Sequence[Roster]:
    """A campaign's rosters, in order of name."""
    return session.exec(select(Roster).where(Roster.campaign_id == campaign_id)
                        .order_by(col(Roster.name))).all()


def fighter_counts(session: Session, campaign_id: int) -> dict[int, int]:
    """Roster id -> how many fighters it has, for the rosters of a campaign."""
    rows = session.exec(
        select(Fighter.roster_id, func.count(col(Fighter.id)))
        .join(Roster, col(Roster.id) == col(Fighter.roster_id))
        .where(Roster.campaign_id == campaign_id)
        .group_by(col(Fighter.roster_id))
    )
    return {rid: n for rid, n in rows.all()}


def unit_counts(session: Session, campaign_id: int) -> dict[int, int]:
    """Roster id -> how many units it has, for the rosters of a campaign."""
    rows = session.exec(
        select(Unit.roster_id, func.count(col(Unit.id)))
        .join(Roster, col(Roster.id) == col(Unit.roster_id))
        .where(Roster.campaign_id == campaign_id)
        .group_by(col(Unit.roster_id))
    )
    return {rid: n for rid, n in rows.all()}


def fighters_of(session: Session, roster_id: int) -> Sequence[Fighter]:
    """A roster's fighters, in the order they were added."""
    return session.exec(select(Fighter).where(Fighter.roster_id == roster_id).order_by(col(Fighter.id))).all()


def units_of(session: Session, roster_id: int) -> Sequence[Unit]:
    """A roster's units, in the order they were added."""
    return session.exec(select(Unit).where(Unit.roster_id == roster_id).order_by(col(Unit.id))).all()


def battles_fought(session: Session, roster_id: int) -> int:
    """How many battles a roster took part in (0: a gang still being founded)."""
    return int(session.exec(select(func.count()).select_from(BattleRoster)
                            .where(BattleRoster.roster_id == roster_id)).one())
