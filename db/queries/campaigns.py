"""Campaigns: finding one by name, listing them with their counts."""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session, col, func, select

from db.models import Battle, Campaign, Roster


def campaign_named(session: Session, name: str) -> Campaign | None:
    """The campaign called exactly ``name``, if any."""
    return session.exec(select(Campaign).where(Campaign.name == name, col(Campaign.deleted_at).is_(None))).first()


def campaigns_by_name(session: Session) -> Sequence[Campaign]:
    """Every campaign, in order of name."""
    return session.exec(select(Campaign).where(col(Campaign.deleted_at).is_(None))
                        .order_by(col(Campaign.name))).all()


def roster_counts(session: Session) -> dict[int, int]:
    """Campaign id -> how many rosters it has (campaigns without any left out)."""
    rows = session.exec(select(Roster.campaign_id, func.count(col(Roster.id))).group_by(col(Roster.campaign_id)))
    return {cid: n for cid, n in rows.all()}


def battle_counts(session: Session) -> dict[int, int]:
    """Campaign id -> how many battles it recorded (campaigns without any left out)."""
    rows = session.exec(select(Battle.campaign_id, func.count(col(Battle.id))).group_by(col(Battle.campaign_id)))
    return {cid: n for cid, n in rows.all()}


def battles_of(session: Session, campaign_id: int) -> Sequence[Battle]:
    """A campaign's battles, in order of number."""
    return session.exec(select(Battle).where(Battle.campaign_id == campaign_id)
                        .order_by(col(Battle.number))).all()


def battle_in(session: Session, campaign_id: int, battle_id: int) -> Battle | None:
    """Battle ``battle_id`` if it belongs to the campaign, else None."""
    b = session.get(Battle, battle_id) if battle_id > 0 else None
    return b if b is not None and b.campaign_id == campaign_id else None
