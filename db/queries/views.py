"""The reads of the desktop views: the campaign tree, the roster table, the detail panes,
the battle list and setup, the roll log's filters. Core selects of just the columns shown,
one per table whatever the number of rows (no per-fighter queries). Rows come back as
SQLAlchemy rows (attribute access by column name); the use-cases
(:mod:`campaign_app.usecases.gui_queries`) shape them."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Integer, any_, func, literal, select, tuple_
from sqlalchemy.dialects.postgresql import ARRAY
from sqlmodel import Session

from campaign_app.entities import FIGHTER_ROW, UNIT_ROW
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


def ids_in(s: Session, column: Any, ids: Iterable[int]) -> Any:
    """``column IN ids``. On PostgreSQL one array parameter (``= ANY(:ids)``): a page of
    500 ids as 500 parameters is rendered, sent and parsed again on every read (a
    quarter of a paged roster's read time)."""
    ids = sorted(ids)
    if s.get_bind().dialect.name == "postgresql":
        return column == any_(literal(ids, ARRAY(Integer)))
    return column.in_(ids)


# --------------------------------------------------------------------------- campaigns
def campaign_count(s: Session) -> int:
    return int(s.execute(select(func.count(CA.id)).where(CA.deleted_at.is_(None))).scalar_one())


def campaign_id_named(s: Session, name: str) -> int | None:
    """The id of the campaign named ``name`` exactly, or None."""
    return s.execute(select(CA.id).where(CA.name == name, CA.deleted_at.is_(None))).scalars().first()


@dataclass(frozen=True)
class TreeRows:
    """Every campaign with its roster and battle counts (one aggregate query), the first
    page of each campaign's rosters (by name) and the head counts of those rosters."""

    campaigns: Rows
    rosters: Rows
    fighters: dict[int, int]
    units: dict[int, int]


def tree_rows(s: Session, page: int, campaigns: Iterable[int] | None = None) -> TreeRows:
    """The campaigns (each with ``rosters``, ``battles`` and ``pending`` counted in SQL)
    and the first ``page`` rosters of each campaign (of those in ``campaigns`` when
    given), with their figure counts: never every roster of a national league."""
    n_rosters = select(func.count(RO.id)).where(RO.campaign_id == CA.id).scalar_subquery()
    n_battles = select(func.count(BA.id)).where(BA.campaign_id == CA.id).scalar_subquery()
    n_pending = (select(func.count(BA.id))
                 .where(BA.campaign_id == CA.id, BA.after_battle_done == False)  # noqa: E712
                 .scalar_subquery())
    camps = s.execute(
        select(CA.id, CA.name, CA.system, CA.edition, CA.expansions, CA.cycle,
               n_rosters.label("rosters"), n_battles.label("battles"), n_pending.label("pending"))
        .where(CA.deleted_at.is_(None)).order_by(CA.name)
    ).all()
    wanted = None if campaigns is None else set(campaigns)
    rosters: list[Any] = []
    for c in camps:
        if c.rosters and (wanted is None or c.id in wanted):
            rosters += roster_page_rows(s, c.id, None, page)
    fighters, units = head_counts(s, [r.id for r in rosters])
    return TreeRows(campaigns=camps, rosters=rosters, fighters=fighters, units=units)


def roster_page_rows(s: Session, campaign_id: int, after: tuple[str, int] | None, limit: int | None) -> Rows:
    """A page of a campaign's rosters by name (then id): the ``limit`` after ``after``
    (keyset; None: from the first), every one after it when ``limit`` is None."""
    stmt = select(RO.id, RO.campaign_id, RO.name, RO.kind, RO.faction, RO.player).where(
        RO.campaign_id == campaign_id)
    if after is not None:
        stmt = stmt.where(tuple_(RO.name, RO.id) > tuple_(literal(after[0], RO.name.type),
                                                        literal(after[1], RO.id.type)))
    stmt = stmt.order_by(RO.name, RO.id)
    return s.execute(stmt if limit is None else stmt.limit(limit)).all()


def rosters_up_to(s: Session, campaign_id: int, roster_id: int) -> Rows:
    """A campaign's rosters by name up to roster ``roster_id`` (a tree showing it)."""
    name = s.execute(select(RO.name).where(RO.id == roster_id, RO.campaign_id == campaign_id)).scalar()
    if name is None:
        return []
    return s.execute(select(RO.id, RO.campaign_id, RO.name, RO.kind, RO.faction, RO.player)
                     .where(RO.campaign_id == campaign_id,
                            tuple_(RO.name, RO.id) <= tuple_(literal(name, RO.name.type),
                                                             literal(roster_id, RO.id.type)))
                     .order_by(RO.name, RO.id)).all()


def head_counts(s: Session, roster_ids: Sequence[int]) -> tuple[dict[int, int], dict[int, int]]:
    """(fighters, units) per roster of ``roster_ids``: two grouped counts over the
    roster_id indexes."""
    if not roster_ids:
        return {}, {}
    ids = sorted(set(roster_ids))
    fighters = dict(s.execute(select(FI.roster_id, func.count(FI.id)).where(FI.roster_id.in_(ids))
                              .group_by(FI.roster_id)).all())
    units = dict(s.execute(select(UN.roster_id, func.count(UN.id)).where(UN.roster_id.in_(ids))
                           .group_by(UN.roster_id)).all())
    return fighters, units  # type: ignore[return-value]


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
    ``units`` (ids), only those of them in that scope (an empty one for none of a kind).

    By ids (a page of a paged table, the rows a change names) the figures are read by
    their primary key and the scope is checked on the rows read (a campaign's: their
    rosters looked up): with the scope's condition in SQL, PostgreSQL walked a roster's
    index (30,000 figures for a page of 500) and SQLite a campaign's (300,000, 1.1 s);
    the weapons, skills and injuries are read by their figures' ids, those of a figure
    out of scope left unused."""
    if roster_id is not None:
        scope_f = FI.roster_id == roster_id
        scope_u = UN.roster_id == roster_id
    else:
        ids = select(RO.id).where(RO.campaign_id == campaign_id).scalar_subquery()
        scope_f = FI.roster_id.in_(ids)
        scope_u = UN.roster_id.in_(ids)
    by_id = fighters is not None or units is not None
    f_ids, u_ids = sorted(fighters or ()), sorted(units or ())
    ft, et, ut = FI, EQ, UN
    f_cond = ids_in(s, ft.id, f_ids) if by_id else scope_f
    u_cond = ids_in(s, ut.id, u_ids) if by_id else scope_u

    def in_scope(rows: Rows) -> Rows:
        if not by_id or not rows:
            return rows
        if roster_id is not None:
            return [r for r in rows if r.roster_id == roster_id]
        mine = set(s.execute(select(RO.id).where(ids_in(s, RO.id, {r.roster_id for r in rows}),
                                                 RO.campaign_id == campaign_id)).scalars())
        return [r for r in rows if r.roster_id in mine]

    def of_fighters(col: Any, owner: Any, *cols: Any) -> Rows:
        stmt = select(owner, *cols)
        stmt = stmt.where(ids_in(s, owner, f_ids)) if by_id else stmt.join(Fighter, FI.id == owner).where(scope_f)
        return s.execute(stmt.order_by(col)).all()

    fighter_rows = in_scope(s.execute(
        select(*(getattr(ft, c) for c in FIGHTER_ROW.columns)).where(f_cond).order_by(ft.id)
    ).all()) if not by_id or f_ids else []
    weapons = _names_by(of_fighters(et.id, et.fighter_id, et.name)) if fighter_rows else {}
    skills = _names_by(of_fighters(SK.id, SK.fighter_id, SK.name)) if fighter_rows else {}
    injuries = _names_by(of_fighters(LI.id, LI.fighter_id, LI.label)) if fighter_rows else {}
    unit_rows = in_scope(s.execute(
        select(*(getattr(ut, c) for c in UNIT_ROW.columns)).where(u_cond).order_by(ut.id)
    ).all()) if not by_id or u_ids else []
    if not unit_rows:
        unit_weapons: dict[int, list[str]] = {}
    else:
        stmt = select(et.unit_id, et.name)
        stmt = stmt.where(ids_in(s, et.unit_id, u_ids)) if by_id else stmt.join(Unit, UN.id == et.unit_id).where(scope_u)
        unit_weapons = _names_by(s.execute(stmt.order_by(et.id)).all())
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


def battle_rows(s: Session, campaign_id: int, newest: int | None) -> tuple[Rows, dict[int, list[str]]]:
    """The campaign's battles by number (Core rows with the winner's name as
    ``winner``) and battle id -> the names of the rosters that took part; with
    ``newest``, only the ``newest`` last battles and every one still waiting for After
    the Battle (a national league has 100,000 battles)."""
    winner = Roster.__table__.alias("winner")  # type: ignore[attr-defined]
    stmt = (select(BA.id, BA.number, BA.played_on, BA.scenario, BA.outcome, BA.notes,
                   BA.after_battle_done, BA.cycle, winner.c.name.label("winner"))
            .select_from(Battle.__table__.outerjoin(winner, winner.c.id == BA.winner_roster_id))  # type: ignore[attr-defined]
            .where(BA.campaign_id == campaign_id))
    if newest is not None:
        last = list(s.execute(select(BA.id).where(BA.campaign_id == campaign_id)
                              .order_by(BA.number.desc()).limit(newest)).scalars()) if newest else []
        pending = list(s.execute(select(BA.id).where(BA.campaign_id == campaign_id,
                                                     BA.after_battle_done == False)  # noqa: E712
                                 .limit(10_000)).scalars())
        stmt = stmt.where(BA.id.in_(sorted(set(last) | set(pending))))
    rows = s.execute(stmt.order_by(BA.number)).all()
    links = s.execute(select(BRO.battle_id, RO.name).join(Roster, RO.id == BRO.roster_id)
                      .where(BRO.battle_id.in_([r.id for r in rows])).order_by(BRO.id)).all() if rows else []
    out: dict[int, list[str]] = {}
    for bid, name in links:
        out.setdefault(bid, []).append(name)
    return rows, out


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
def log_filter_rows(s: Session, campaign_id: int, fighters: int) -> tuple[Rows, Rows, list[str], bool]:
    """(the newest battles and fighters with rolls [at most ``fighters`` of each], tables rolled, whether
    more fighters have rolls) of a campaign, for the log's filters. The distinct fighters
    and tables are found by loose index scans, never by reading every roll."""
    from db.queries.rolls import fighters_with_rolls, tables_rolled

    bs = list(reversed(s.execute(select(BA.id, BA.number, BA.scenario).where(BA.campaign_id == campaign_id)
                                 .order_by(BA.number.desc()).limit(fighters)).all()))  # the newest
    ids = fighters_with_rolls(s, campaign_id, fighters + 1)
    fs = s.execute(select(FI.id, FI.name).where(FI.id.in_(ids[:fighters])).order_by(FI.name)).all() if ids else []
    return bs, fs, tables_rolled(s, campaign_id), len(ids) > fighters
