"""Battles: who fought, how each figure ended, and what a battle's After the Battle reads."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from sqlalchemy import func
from sqlmodel import Session, col, select

from db.models import Battle, BattleMark, BattleResult, BattleRoster, Fighter, Roster, Skill, Unit


def roster_fighters(s: Session, roster_ids: Sequence[int]) -> list[Fighter]:
    """The fighters of these rosters, by id."""
    return list(s.exec(select(Fighter).where(col(Fighter.roster_id).in_(roster_ids)).order_by(col(Fighter.id))).all())


def roster_units(s: Session, roster_ids: Sequence[int]) -> list[Unit]:
    """The units of these rosters, by id."""
    return list(s.exec(select(Unit).where(col(Unit.roster_id).in_(roster_ids)).order_by(col(Unit.id))).all())


BATTLE_NUMBER_LOCK = 0x62617474  # "batt": the first key of the battle-number advisory locks


def next_battle_number(s: Session, campaign_id: int) -> int:
    """The number the campaign's next battle gets (one more than its highest). On
    PostgreSQL the campaign's battle numbers are locked first (an advisory lock held to
    the end of the transaction, which needs no right to change the campaign row: a
    league player records battles too), so two battles recorded at once get two
    numbers, never the same one (SQLite runs one writer at a time)."""
    if s.get_bind().dialect.name == "postgresql":
        s.exec(select(func.pg_advisory_xact_lock(BATTLE_NUMBER_LOCK, campaign_id))).one()
    top = s.exec(select(func.max(Battle.number)).where(Battle.campaign_id == campaign_id)).one()
    return (top or 0) + 1


def battle_links(s: Session, battle_id: int) -> list[BattleRoster]:
    """The rosters that fought a battle (with each one's result)."""
    return list(s.exec(select(BattleRoster).where(BattleRoster.battle_id == battle_id)).all())


def changed_by_id(s: Session, fighter_ids: Iterable[int], unit_ids: Iterable[int],
                  roster_ids: Iterable[int]) -> tuple[dict[int, Fighter], dict[int, Unit], dict[int, Roster]]:
    """The fighters, units and rosters After the Battle changes, read in three queries
    (none flushes: the changes are then made together and written in one flush, which
    the ORM writes table by table in primary-key order, so two After the Battles that
    share rows lock them in the same order and one waits for the other; changed one by
    one, each load flushed the change before it, in the procedure's order, and two
    such orders could deadlock on PostgreSQL)."""
    with s.no_autoflush:
        fs = s.exec(select(Fighter).where(col(Fighter.id).in_(set(fighter_ids)))).all()
        us = s.exec(select(Unit).where(col(Unit.id).in_(set(unit_ids)))).all()
        rs = s.exec(select(Roster).where(col(Roster.id).in_(set(roster_ids)))).all()
    return ({f.id: f for f in fs if f.id is not None}, {u.id: u for u in us if u.id is not None},
            {r.id: r for r in rs if r.id is not None})


def rosters_by_id(s: Session, roster_ids: Sequence[int]) -> dict[int, Roster]:
    return {r.id: r for r in s.exec(select(Roster).where(col(Roster.id).in_(roster_ids))).all()
            if r.id is not None}


def battle_results(s: Session, battle_id: int) -> list[BattleResult]:
    return list(s.exec(select(BattleResult).where(BattleResult.battle_id == battle_id)).all())


def skill_names(s: Session, fighter_ids: Sequence[int]) -> dict[int, list[str]]:
    """Each fighter's skill names (in the order the database gives them)."""
    out: dict[int, list[str]] = {}
    if fighter_ids:
        for sk in s.exec(select(Skill).where(col(Skill.fighter_id).in_(fighter_ids))):
            out.setdefault(sk.fighter_id, []).append(sk.name)
    return out


def battles_before(s: Session, roster_ids: Sequence[int], number: int) -> dict[int, int]:
    """How many battles each roster fought before battle ``number`` of its campaign."""
    rows = s.exec(
        select(BattleRoster.roster_id, func.count(col(BattleRoster.id)))
        .join(Battle, col(Battle.id) == col(BattleRoster.battle_id))
        .where(col(BattleRoster.roster_id).in_(roster_ids), Battle.number < number)
        .group_by(col(BattleRoster.roster_id))
    ).all()
    return {int(rid): int(n) for rid, n in rows}


def crew_of(s: Session, fighter_id: int) -> list[Fighter]:
    """The fighters crewing ``fighter_id`` (a walker's or vehicle's crew)."""
    return list(s.exec(select(Fighter).where(Fighter.crew_of_id == fighter_id)).all())


def campaign_battles(s: Session, campaign_id: int) -> list[Battle]:
    return list(s.exec(select(Battle).where(Battle.campaign_id == campaign_id).order_by(col(Battle.number))).all())


def roster_names(s: Session, campaign_id: int) -> dict[int, str]:
    rows = s.exec(select(Roster.id, Roster.name).where(Roster.campaign_id == campaign_id)).all()
    return {i: n for i, n in rows if i is not None}


def campaign_battle_links(s: Session, campaign_id: int) -> list[BattleRoster]:
    """Every roster link of the campaign's battles."""
    return list(s.exec(select(BattleRoster).join(Battle).where(Battle.campaign_id == campaign_id)).all())


def battle_rosters(s: Session, battle_id: int) -> list[tuple[BattleRoster, Roster]]:
    return list(s.exec(select(BattleRoster, Roster).join(Roster).where(BattleRoster.battle_id == battle_id)).all())


def battle_results_named(s: Session, battle_id: int) -> list[tuple[BattleResult, Fighter | None, Unit | None]]:
    """A battle's results with the fighter or unit each is about, in the order recorded."""
    return list(s.exec(
        select(BattleResult, Fighter, Unit)
        .outerjoin(Fighter, col(Fighter.id) == col(BattleResult.fighter_id))
        .outerjoin(Unit, col(Unit.id) == col(BattleResult.unit_id))
        .where(BattleResult.battle_id == battle_id).order_by(col(BattleResult.id))
    ).all())


def fighter_results(s: Session, fighter_id: int) -> list[tuple[BattleResult, Battle]]:
    """A fighter's results with their battles, by battle number."""
    return list(s.exec(
        select(BattleResult, Battle).join(Battle, col(Battle.id) == col(BattleResult.battle_id))
        .where(BattleResult.fighter_id == fighter_id).order_by(col(Battle.number))
    ).all())


# --- table: battle setup and tracking (table helper)
def battle_marks(s: Session, battle_id: int) -> list[BattleMark]:
    """What was marked during a game, in order."""
    return list(s.exec(select(BattleMark).where(BattleMark.battle_id == battle_id).order_by(col(BattleMark.id))).all())


def figure_names(s: Session, fighter_ids: Sequence[int], unit_ids: Sequence[int]) -> tuple[dict[int, str], dict[int, str]]:
    """The names of these fighters and units, by id."""
    fn: dict[int, str] = {}
    un: dict[int, str] = {}
    if fighter_ids:
        fn = {i: n for i, n in s.exec(select(Fighter.id, Fighter.name).where(col(Fighter.id).in_(fighter_ids)))
              if i is not None}
    if unit_ids:
        un = {i: n for i, n in s.exec(select(Unit.id, Unit.name).where(col(Unit.id).in_(unit_ids))) if i is not None}
    return fn, un
