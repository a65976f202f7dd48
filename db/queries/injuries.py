"""Injuries outside a battle: a fighter's skills, a campaign's fighters and gangs, and
who may have taken a fighter out."""

from __future__ import annotations

from sqlalchemy import Row, select
from sqlmodel import Session, col
from sqlmodel import select as sm_select

from db.models import Fighter, Roster, Skill


def fighter_skills(s: Session, fighter_id: int) -> list[str]:
    """A fighter's skill names, in the order gained."""
    return list(s.exec(sm_select(Skill.name).where(Skill.fighter_id == fighter_id).order_by(col(Skill.id))).all())


def campaign_fighters(s: Session, campaign_id: int) -> list[tuple[Fighter, Roster]]:
    """Every fighter of the campaign with its roster, by fighter id."""
    return list(s.exec(
        sm_select(Fighter, Roster).join(Roster, col(Roster.id) == col(Fighter.roster_id))
        .where(Roster.campaign_id == campaign_id).order_by(col(Fighter.id))
    ).all())


def campaign_rosters(s: Session, campaign_id: int) -> list[Roster]:
    return list(s.exec(sm_select(Roster).where(Roster.campaign_id == campaign_id)).all())


def other_rosters(s: Session, campaign_id: int, roster_id: int) -> list[Roster]:
    """The campaign's rosters but ``roster_id``."""
    return list(s.exec(sm_select(Roster).where(Roster.campaign_id == campaign_id, Roster.id != roster_id)).all())


def opponents(s: Session, campaign_id: int, roster_id: int) -> list[Row[tuple[int, str, str]]]:
    """Fighters of the campaign's other rosters (id, name, roster), by roster name then id."""
    fi, ro = Fighter.__table__.c, Roster.__table__.c  # type: ignore[attr-defined]
    return list(s.execute(
        select(fi.id, fi.name, ro.name.label("roster"))
        .select_from(Fighter.__table__.join(Roster.__table__, ro.id == fi.roster_id))  # type: ignore[attr-defined]
        .where(ro.campaign_id == campaign_id, ro.id != roster_id)
        .order_by(ro.name, fi.id)
    ).all())
