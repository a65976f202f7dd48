"""Creatures: the names already taken in a campaign (creatures are numbered on through it)."""

from __future__ import annotations

from sqlmodel import Session, col, select

from db.models import Fighter, Roster


def campaign_fighter_names(s: Session, campaign_id: int) -> list[str]:
    """The names of every fighter of the campaign's rosters."""
    return list(s.exec(
        select(Fighter.name).join(Roster, col(Roster.id) == col(Fighter.roster_id))
        .where(Roster.campaign_id == campaign_id)
    ).all())
