"""What an import of another tool's roster file reads: the campaign it goes into and
the roster names already taken there."""

from __future__ import annotations

from sqlmodel import Session, col, select

from db.models import Campaign, Roster


def campaign_named(s: Session, name: str) -> Campaign | None:
    return s.exec(select(Campaign).where(Campaign.name == name, col(Campaign.deleted_at).is_(None))).first()


def roster_names(s: Session, campaign_id: int) -> set[str]:
    """The names of the campaign's rosters."""
    return set(s.exec(select(Roster.name).where(Roster.campaign_id == campaign_id)).all())
