"""The reads of the desktop views: the campaign tree, the roster table, the detail panes,
the battle list and setup, the roll log's filters. Core selects of just the columns shown,
one per table whatever the number of rows (no per-fighter queries). Rows come back as
SQLAlchemy rows (attribute access by column name); the use-cases
(:mod:`campaign_app.usecases.gui_queries`) shape them."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select
from sqlmodel import Session

from db.models import (
    Battle,
    BattleResult,
    BattleRoster,
    Campaign,
    Equipment,
    Fighter,
    LastingInjury,
    RollRecord,
    Roster,
    Skill,
    Unit,
)


def _cols(model: Any) -> Any:
    """The Core columns of a table (typed loosely: these queries build plain selects)."""
    return model.__table__.c


CA = _cols(Campaign)
RO = _cols(Roster)
FI = _cols(Fighter)
UN = _cols(Unit)
BA = _cols(Battle)
BR = _cols(BattleResult)
BRO = _cols(BattleRoster)
EQ = _cols(Equipment)
SK = _cols(Skill)
LI = _cols(LastingInjury)
RR = _cols(RollRecord)

Rows = Sequence[Any]


# --------------------------------------------------------------------------- campaigns
def campaign_count(s: Session) -> int:
    return int(s.execute(select(func.count(CA.id))).scalar_one())


def campaign_id_named(s: Session, name: str) -> int | None:
    """The id of the campaign named ``name`` exactly, or None."""
    return s.execute(select(CA.id).where(CA.name == name)).scalars().first()


@dataclass(frozen=True)
class TreeRows:
    """Every campaign and roster (by name), head counts per roster, battles per campaign."""

    campaigns: Rows
    rosters: Rows
    fighters: dict[int, int]
    units: dict[int, int]
    battles: dict[int, int]
    pending: dict[int, int]


def tree_rows(s: Session) -> TreeRows:
    camps = s.execute(
        select(CA.id, CA.name, CA.system, CA.edition, CA.expansions, CA.cycle).order_by(CA.name)
    ).all()
    rosters = s.execute(
        select(RO.id, RO.campaign_id, RO.name, RO.kind, RO.faction, RO.player).order_by(RO.name)
    ).all()
    fcount = dict(s.execute(select(FI.roster_id, func.count(FI.id)).group_by(FI.roster_id)).all())
    ucount = dict(s.execute(select(UN.roster_id, func.count(UN.id)).group_by(UN.roster_id)).all())
    pending = dict(s.execute(
        select(BA.campaign_id, func.count(BA.id))
        .where(BA.after_battle_done == False)  # noqa: E712
        .group_by(BA.campaign_id)
    ).all())
    battles = dict(s.execute(select(BA.campaign_id, func.count(BA.id)).group_by(BA.campaign_id)).all())
    return TreeRows(campaigns=camps, rosters=rosters, fighters=fcount, units=ucount, battles=battles,
                    pending=pending)


def roster_names(s: Session, campaign_id: int) -> dict[int, str]:
    """Roster id -> name, for every roster of the campaign."""
    return dict(s.execute(select(RO.id, RO.name).where(RO.campaign_id == campaign_id)).all())  # type: ignore[arg-type]


# --------------------------------------------------------------------------- roster table
def _names_by(rows: Iterable[Any]) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    for owner, name in rows:
        out.setdefault(owner, []).append(name)
    return out


@dataclass(frozen=True)
class TableRows:
    """The roster table's fighters and units (in id order) with their name lists."""

    fighters: Rows
    weapons: dict[int, list[str]]
    skills: dict[int, list[str]]
    injuries: dict[int, list[str]]
    units: Rows
    unit_weapons: dict[int, list[str]]


def table_rows(s: Session, *, roster_id: int | None = None, campaign_id: int | None = None,
               fighters: Iterable[int] | None = None, units: Iterable[int] | None = None) -> TableRows:
    """The figures of one roster, or of every roster of a campaign; with ``fighters`` or
    ``units`` (ids), only those of them in that scope (an empty one for none of a kind)."""
    if roster_id is not None:
        scope_f = FI.roster_id == roster_id
        scope_u = UN.roster_id == roster_id
    else:
        ids = select(RO.id).where(RO.campaign_id == campaign_id).scalar_subquery()
        scope_f = FI.roster_id.in_(ids)
        scope_u = UN.roster_id.in_(ids)
    if fighters is not None or units is not None:
        scope_f = scope_f & FI.id.in_(sorted(fighters or ()))
        scope_u = scope_u & UN.id.in_(sorted(units or ()))
    ft = FI
    fighter_rows = s.execute(
        select(ft.id, ft.roster_id, ft.name, ft.fighter_type, ft.role, ft.kind, ft.rep,
               ft.stats, ft.xp, ft.credits_value, ft.status, ft.status_note, ft.crew_of_id,
               ft.version).where(scope_f).order_by(ft.id)
    ).all()
    et = EQ
    weapons = _names_by(s.execute(
        select(et.fighter_id, et.name).join(Fighter, FI.id == et.fighter_id)
        .where(scope_f).order_by(et.id)).all())
    skills = _names_by(s.execute(
        select(SK.fighter_id, SK.name).join(Fighter, FI.id == SK.fighter_id)
        .where(scope_f).order_by(SK.id)).all())
    injuries = _names_by(s.execute(
        select(LI.fighter_id, LI.label).join(Fighter, FI.id == LI.fighter_id)
        .where(scope_f).order_by(LI.id)).all())
    ut = UN
    unit_rows = s.execute(
        select(ut.id, ut.roster_id, ut.name, ut.unit_type, ut.training, ut.figures,
               ut.figures_start, ut.wounded, ut.armour, ut.discipline, ut.order, ut.status,
               ut.battles_fought, ut.stats, ut.version).where(scope_u).order_by(ut.id)
    ).all()
    unit_weapons = _names_by(s.execute(
        select(et.unit_id, et.name).join(Unit, UN.id == et.unit_id)
        .where(scope_u).order_by(et.id)).all())
    return TableRows(fighters=fighter_rows, weapons=weapons, skills=skills, injuries=injuries,
                     units=unit_rows, unit_weapons=unit_weapons)


# --------------------------------------------------------------------------- details
def figure_battles(s: Session, *, fighter_id: int | None = None, unit_id: int | None = None) -> Rows:
    """The battles a fighter (or a unit) has a result in, by battle number."""
    stmt = select(BR.status, BR.scored_hit, BR.casualties, BA.id, BA.number,
                  BA.played_on, BA.scenario, BA.after_battle_done,
                  BA.winner_roster_id).join(Battle, BA.id == BR.battle_id)
    stmt = stmt.where(BR.fighter_id == fighter_id) if fighter_id is not None else stmt.where(
        BR.unit_id == unit_id)
    return s.execute(stmt.order_by(BA.number)).all()


def crew_of(s: Session, fighter_id: int) -> Rows:
    """The fighters crewing fighter ``fighter_id`` (a vehicle or walker)."""
    return s.execute(select(FI.id, FI.name, FI.role).where(FI.crew_of_id == fighter_id).order_by(FI.id)).all()


def unit_rolls(s: Session, unit_id: int) -> Rows:
    """The rolls recorded for a unit, oldest first."""
    return s.execute(
        select(RR.id, RR.created_at, RR.purpose, RR.dice, RR.faces, RR.source, RR.target,
               RR.value, RR.label, RR.result, RR.battle_id)
        .where(RR.unit_id == unit_id, RR.mark.in_(("applied", "undone"))).order_by(RR.id)).all()


def roster_head_count(s: Session, roster_id: int) -> tuple[int, int]:
    """(fighters, units) of a roster."""
    f = int(s.execute(select(func.count(FI.id)).where(FI.roster_id == roster_id)).scalar_one())
    u = int(s.execute(select(func.count(UN.id)).where(UN.roster_id == roster_id)).scalar_one())
    return f, u


# --------------------------------------------------------------------------- battles
def campaign_battles(s: Session, campaign_id: int) -> list[Battle]:
    """The campaign's battles, by number."""
    return list(s.execute(select(Battle).where(BA.campaign_id == campaign_id).order_by(BA.number)).scalars())


def battle_roster_names(s: Session, campaign_id: int) -> dict[int, list[str]]:
    """Battle id -> the names of the rosters that took part, for the campaign's battles."""
    links = s.execute(
        select(BRO.battle_id, RO.name)
        .join(Roster, RO.id == BRO.roster_id)
        .join(Battle, BA.id == BRO.battle_id)
        .where(BA.campaign_id == campaign_id).order_by(BRO.id)).all()
    out: dict[int, list[str]] = {}
    for bid, name in links:
        out.setdefault(bid, []).append(name)
    return out


def setup_rosters(s: Session, campaign_id: int) -> Rows:
    """The campaign's rosters (id, name, kind) by name."""
    return s.execute(select(RO.id, RO.name, RO.kind).where(RO.campaign_id == campaign_id).order_by(RO.name)).all()


def setup_figures(s: Session, roster_ids: Sequence[int]) -> tuple[Rows, Rows]:
    """(fighters, units) of those rosters with what a battle's line-up shows, in id order."""
    if not roster_ids:
        return [], []
    fighters = s.execute(select(FI.id, FI.roster_id, FI.name, FI.status, FI.fighter_type, FI.crew_of_id)
                         .where(FI.roster_id.in_(roster_ids)).order_by(FI.id)).all()
    units = s.execute(select(UN.id, UN.roster_id, UN.name, UN.status, UN.figures)
                      .where(UN.roster_id.in_(roster_ids)).order_by(UN.id)).all()
    return fighters, units


# --------------------------------------------------------------------------- roll log
def log_filter_rows(s: Session, campaign_id: int) -> tuple[Rows, Rows, list[str]]:
    """(battles, fighters with rolls, tables rolled) of a campaign, for the log's filters."""
    bs = s.execute(select(BA.id, BA.number, BA.scenario)
                   .where(BA.campaign_id == campaign_id).order_by(BA.number)).all()
    fs = s.execute(
        select(FI.id, FI.name).where(
            FI.id.in_(
                select(RR.fighter_id).where(RR.campaign_id == campaign_id)
                .distinct().scalar_subquery())).order_by(FI.name)).all()
    ts = s.execute(select(RR.table_id).where(RR.campaign_id == campaign_id, RR.table_id != "")
                   .distinct().order_by(RR.table_id)).scalars().all()
    return bs, fs, list(ts)
