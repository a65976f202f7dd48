"""The league standings of a campaign, counted by the database: per roster its battles,
wins, draws and losses, the casualties it suffered and caused, and its rating (a sum of
one number column over its figures). Five grouped statements, whatever the league's size."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import and_, case, func, or_, select
from sqlalchemy.orm import aliased
from sqlmodel import Session, col

from db.models import Battle, BattleResult, BattleRoster, Fighter, Roster, Unit


@dataclass(frozen=True)
class StandingRow:
    roster_id: int
    roster: str
    battles: int
    wins: int
    draws: int
    losses: int
    suffered: int
    caused: int
    rating: float


_RATED = {"fighters": Fighter, "units": Unit}


def standings_rows(s: Session, campaign_id: int, *, hurt_statuses: Iterable[str], rating_figures: str,
                   rating_column: str, ready_only: bool) -> list[StandingRow]:
    """Every roster of the campaign (by id) with its standing.

    A casualty is a unit's lost figures (its result's ``casualties``) or a fighter whose
    battle status is one of ``hurt_statuses`` (lower case), counted for the roster the
    figure belongs to, in the battles that roster fought. It is *caused* by the roster of
    the fighter named as its attacker; one that names none, in a battle of two rosters,
    by the other roster. The rating is ``rating_column`` summed over the roster's
    ``rating_figures`` (``"fighters"`` or ``"units"``), those with status ``active`` only
    when ``ready_only``."""
    model: Any = _RATED.get(rating_figures)
    column = getattr(model, rating_column, None) if model is not None else None
    if model is None or column is None or rating_column in ("id", "roster_id", "version"):
        raise ValueError(f"no number column {rating_figures}.{rating_column} to rate rosters by")
    hurt = sorted({h.strip().lower() for h in hurt_statuses}) or [""]
    by = aliased(Fighter)

    links = (select(col(BattleRoster.roster_id).label("rid"),
                    func.count().label("battles"),
                    func.sum(case((col(BattleRoster.result) == "win", 1), else_=0)).label("wins"),
                    func.sum(case((col(BattleRoster.result) == "draw", 1), else_=0)).label("draws"),
                    func.sum(case((col(BattleRoster.result) == "loss", 1), else_=0)).label("losses"))
             .join(Battle, col(Battle.id) == col(BattleRoster.battle_id))
             .where(col(Battle.campaign_id) == campaign_id)
             .group_by(col(BattleRoster.roster_id)).subquery("links"))

    # every casualty: the battle, whose figure it was, whose fighter caused it, how many
    victim = func.coalesce(col(Fighter.roster_id), col(Unit.roster_id))
    amount = case((col(BattleResult.unit_id).is_not(None), col(BattleResult.casualties)),
                  (func.lower(col(BattleResult.status)).in_(hurt), 1), else_=0)
    hurts = (select(col(BattleResult.battle_id).label("bid"), victim.label("victim"),
                    col(by.roster_id).label("by_roster"), amount.label("n"))
             .join(Battle, col(Battle.id) == col(BattleResult.battle_id))
             .outerjoin(Fighter, col(Fighter.id) == col(BattleResult.fighter_id))
             .outerjoin(Unit, col(Unit.id) == col(BattleResult.unit_id))
             .outerjoin(by, col(by.id) == col(BattleResult.by_fighter_id))
             .where(col(Battle.campaign_id) == campaign_id,
                    # the results that count (most figures come back unhurt): the others add
                    # nothing, and joined on they made the two counts 10x the whole read
                    or_(and_(col(BattleResult.unit_id).is_not(None), col(BattleResult.casualties) != 0),
                        and_(col(BattleResult.unit_id).is_(None), func.lower(col(BattleResult.status)).in_(hurt))))
             .cte("hurts"))
    fought = aliased(BattleRoster)
    suffered = (select(hurts.c.victim.label("rid"), func.sum(hurts.c.n).label("n"))
                .join(fought, and_(col(fought.battle_id) == hurts.c.bid, col(fought.roster_id) == hurts.c.victim))
                .group_by(hurts.c.victim).subquery("suffered"))
    # the battles of exactly two rosters: a casualty naming no attacker is the other's
    pairs = (select(col(BattleRoster.battle_id).label("bid"))
             .join(Battle, col(Battle.id) == col(BattleRoster.battle_id))
             .where(col(Battle.campaign_id) == campaign_id)
             .group_by(col(BattleRoster.battle_id)).having(func.count() == 2).subquery("pairs"))
    enemy = aliased(BattleRoster)
    credited = func.coalesce(hurts.c.by_roster, col(enemy.roster_id))
    caused = (select(credited.label("rid"), func.sum(hurts.c.n).label("n"))
              .select_from(hurts)
              .outerjoin(pairs, pairs.c.bid == hurts.c.bid)
              .outerjoin(enemy, and_(hurts.c.by_roster.is_(None), pairs.c.bid.is_not(None),
                                     col(enemy.battle_id) == hurts.c.bid,
                                     col(enemy.roster_id) != hurts.c.victim))
              .where(credited.is_not(None), or_(hurts.c.victim.is_(None), credited != hurts.c.victim))
              .group_by(credited).subquery("caused"))

    ready = [col(model.status) == "active"] if ready_only else []
    ours = select(col(Roster.id)).where(col(Roster.campaign_id) == campaign_id)
    rating = (select(col(model.roster_id).label("rid"), func.sum(column).label("n"))
              .where(col(model.roster_id).in_(ours), *ready).group_by(col(model.roster_id)))

    # Each count is its own grouped statement, merged here by roster: joined to the
    # rosters in one statement, SQLite scans a grouped subquery once per roster (39 s
    # for a national league's 10,000 rosters; these five take seconds (both casualty counts walk the battle results: one
    # statement of both would first copy every result into a temporary table, slower)).
    names = s.execute(select(col(Roster.id), col(Roster.name)).where(col(Roster.campaign_id) == campaign_id)
                      .order_by(col(Roster.id))).all()
    fought_in = {int(r.rid): (int(r.battles), int(r.wins or 0), int(r.draws or 0), int(r.losses or 0))
                 for r in s.execute(select(links)).all()}
    got_hurt = {int(r.rid): int(r.n or 0) for r in s.execute(select(suffered)).all()}
    did_hurt = {int(r.rid): int(r.n or 0) for r in s.execute(select(caused)).all()}
    rated = {int(r.rid): float(r.n or 0) for r in s.execute(rating).all()}
    out: list[StandingRow] = []
    for rid, name in names:
        b, w, d, lo = fought_in.get(rid, (0, 0, 0, 0))
        out.append(StandingRow(roster_id=int(rid), roster=str(name), battles=b, wins=w, draws=d, losses=lo,
                               suffered=got_hurt.get(rid, 0), caused=did_hurt.get(rid, 0), rating=rated.get(rid, 0.0)))
    return out
