"""The league standings of a campaign, counted by the database: per roster its battles,
wins, draws and losses, the casualties it suffered and caused, and its rating (a sum of
one number column over its figures). Four statements, whatever the league's size, each
reading in the order its rows lie, so the time grows with the league and no faster."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import and_, case, func, literal, or_, select, union_all
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

    # each roster's battles, from the campaign's rosters in turn, by the index of
    # (roster_id, result) alone: a battle's rosters are always its campaign's
    # (record_battle checks it; an import links a battle to the file's own rosters, and a
    # roster never changes campaign). Read in battle order instead, the links
    # were sorted into 10,000 rosters' groups: 2.5x the time at a national league's size,
    # and growing faster than it
    links = (select(col(Roster.id).label("rid"),
                    func.count().label("battles"),
                    func.sum(case((col(BattleRoster.result) == "win", 1), else_=0)).label("wins"),
                    func.sum(case((col(BattleRoster.result) == "draw", 1), else_=0)).label("draws"),
                    func.sum(case((col(BattleRoster.result) == "loss", 1), else_=0)).label("losses"))
             .join(BattleRoster, col(BattleRoster.roster_id) == col(Roster.id))
             .where(col(Roster.campaign_id) == campaign_id)
             .group_by(col(Roster.id)).subquery("links"))

    # every casualty: the battle, whose figure it was, whose fighter caused it, how many;
    # the rosters from the copies each result keeps (db.models.BattleResult): looked up
    # from the figures instead, one at a time in no useful order, the lookups grew 22x for
    # a league 10x the size (300,000 of them at a national league's)
    victim = col(BattleResult.roster_id)
    amount = case((col(BattleResult.unit_id).is_not(None), col(BattleResult.casualties)),
                  (func.lower(col(BattleResult.status)).in_(hurt), 1), else_=0)
    hurts = (select(col(BattleResult.battle_id).label("bid"), victim.label("victim"),
                    col(BattleResult.by_roster_id).label("by_roster"), amount.label("n"))
             .join(Battle, col(Battle.id) == col(BattleResult.battle_id))
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

    # read from the campaign's rosters, each one's figures by its index (the rows of a
    # roster lie together); a filter on the status would read every ready figure of every
    # campaign instead, then sort them by roster
    rated_n = case((col(model.status) == "active", column), else_=0) if ready_only else column
    rating: Any = (select(col(Roster.id).label("rid"), func.sum(rated_n).label("n"))
                   .join(model, col(model.roster_id) == col(Roster.id))
                   .where(col(Roster.campaign_id) == campaign_id).group_by(col(Roster.id)))

    # Each count is its own grouped statement, merged here by roster: joined to the
    # rosters in one statement, SQLite scans a grouped subquery once per roster (39 s
    # for a national league's 10,000 rosters). The two casualty counts are one statement:
    # both read the hurt figures, kept once (a CTE named twice is materialized, on SQLite
    # and PostgreSQL alike), so the battle results are walked once, not twice.
    names = s.execute(select(col(Roster.id), col(Roster.name)).where(col(Roster.campaign_id) == campaign_id)
                      .order_by(col(Roster.id))).all()
    fought_in = {int(r.rid): (int(r.battles), int(r.wins or 0), int(r.draws or 0), int(r.losses or 0))
                 for r in s.execute(select(links)).all()}
    got_hurt: dict[int, int] = {}
    did_hurt: dict[int, int] = {}
    both = union_all(select(literal(True).label("got"), suffered.c.rid, suffered.c.n),
                     select(literal(False).label("got"), caused.c.rid, caused.c.n))
    for r in s.execute(both).all():  # one statement, one walk of the battle results
        (got_hurt if r.got else did_hurt)[int(r.rid)] = int(r.n or 0)
    rated = {int(r.rid): float(r.n or 0) for r in s.execute(rating).all()}
    out: list[StandingRow] = []
    for rid, name in names:
        b, w, d, lo = fought_in.get(rid, (0, 0, 0, 0))
        out.append(StandingRow(roster_id=int(rid), roster=str(name), battles=b, wins=w, draws=d, losses=lo,
                               suffered=got_hurt.get(rid, 0), caused=did_hurt.get(rid, 0), rating=rated.get(rid, 0.0)))
    return out


def stale_result_rosters(s: Session) -> list[int]:
    """Ids of the battle results whose kept rosters (``roster_id``, ``by_roster_id``) are
    not those of their figure and attacker now: none, if every writer keeps them (the test
    suite asks after every test on a migrated database)."""
    by = aliased(Fighter)
    figure = func.coalesce(col(Fighter.roster_id), col(Unit.roster_id))
    return [int(i) for i in s.execute(
        select(col(BattleResult.id))
        .outerjoin(Fighter, col(Fighter.id) == col(BattleResult.fighter_id))
        .outerjoin(Unit, col(Unit.id) == col(BattleResult.unit_id))
        .outerjoin(by, col(by.id) == col(BattleResult.by_fighter_id))
        .where(or_(col(BattleResult.roster_id).is_distinct_from(figure),
                   col(BattleResult.by_roster_id).is_distinct_from(col(by.roster_id))))
        .order_by(col(BattleResult.id))).scalars()]
