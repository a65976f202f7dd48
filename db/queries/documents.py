"""The reads of the printable documents (rosters, fighter cards, quick-reference cards):
whole rows of a roster's (or a campaign's) figures and what they own, a fixed handful of
selects whatever the number of rosters."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import JSON, Row, Table, Text, TypeDecorator, cast, func
from sqlalchemy import select as core_select
from sqlmodel import Session, select

from db.models import (
    BattleRoster,
    Equipment,
    Fighter,
    LastingInjury,
    Roster,
    Skill,
    Unit,
    WalkerType,
)


@dataclass(frozen=True)
class FigureRows:
    """The figures of some rosters and what they own, each list in id order. What the
    figures and what they own come as plain rows (the columns of the table by name,
    read-only): the printers only read them, and thousands of figures load several times
    faster as rows than as mapped objects."""

    fighters: Sequence[Row[Any]]
    units: Sequence[Row[Any]]
    fighter_equipment: Sequence[Row[Any]]
    unit_equipment: Sequence[Row[Any]]
    skills: Sequence[Row[Any]]
    injuries: Sequence[Row[Any]]


class _JSONText(TypeDecorator[Any]):
    """A JSON column read as its text and decoded here: as the JSON type decodes it
    (``json.loads``), but the empty list and dict, most figures' conditions, abilities,
    stat changes and most weapons' traits, made without the parser."""

    impl = Text
    cache_ok = True

    def process_result_value(self, value: Any, dialect: Any) -> Any:
        if value is None:
            return None
        if value == "[]":
            return []
        if value == "{}":
            return {}
        return json.loads(value)


def _whole(table: Table) -> Any:
    """``select(table)``: every column by its name, the JSON ones as :class:`_JSONText`."""
    return core_select(*(cast(c, _JSONText).label(c.name) if isinstance(c.type, JSON) else c for c in table.c))


def figure_rows(s: Session, campaign_id: int, roster_ids: Sequence[int], *, whole: bool = False) -> FigureRows:
    """Fighters, units, their gear, skills and injuries of ``roster_ids``; ``whole``: they
    are every roster of campaign ``campaign_id`` (a sub-select, not thousands of bound
    ids). A few rosters of a national league's 10,000 are read by their ids: scoped to the
    campaign, printing a hundred of them read its 300,000 figures (6.8 s instead of 0.3 s)."""
    if len(roster_ids) == 1:
        f_scope = Fighter.roster_id == roster_ids[0]
        u_scope = Unit.roster_id == roster_ids[0]
    elif whole:
        campaign_rosters = select(Roster.id).where(Roster.campaign_id == campaign_id)
        f_scope = Fighter.roster_id.in_(campaign_rosters)  # type: ignore[attr-defined]
        u_scope = Unit.roster_id.in_(campaign_rosters)  # type: ignore[attr-defined]
    else:
        f_scope = Fighter.roster_id.in_(list(roster_ids))  # type: ignore[attr-defined]
        u_scope = Unit.roster_id.in_(list(roster_ids))  # type: ignore[attr-defined]
    fig, unit = Fighter.__table__, Unit.__table__  # type: ignore[attr-defined]
    run = s.connection().execute  # Core rows: the ORM adds nothing to a plain select but its cost
    fighters = run(_whole(fig).where(f_scope).order_by(fig.c.id)).all()  # type: ignore[arg-type]
    units = run(_whole(unit).where(u_scope).order_by(unit.c.id)).all()  # type: ignore[arg-type]
    fighter_ids = select(Fighter.id).where(f_scope)
    unit_ids = select(Unit.id).where(u_scope)
    f_eq: Sequence[Row[Any]] = []
    skills: Sequence[Row[Any]] = []
    injuries: Sequence[Row[Any]] = []
    u_eq: Sequence[Row[Any]] = []
    eq, sk, inj = Equipment.__table__, Skill.__table__, LastingInjury.__table__  # type: ignore[attr-defined]
    if fighters:
        f_eq = run(_whole(eq).where(eq.c.fighter_id.in_(fighter_ids)).order_by(eq.c.id)).all()
        skills = run(_whole(sk).where(sk.c.fighter_id.in_(fighter_ids)).order_by(sk.c.id)).all()
        injuries = run(_whole(inj).where(inj.c.fighter_id.in_(fighter_ids)).order_by(inj.c.id)).all()
    if units:
        u_eq = run(_whole(eq).where(eq.c.unit_id.in_(unit_ids)).order_by(eq.c.id)).all()
    return FigureRows(fighters=fighters, units=units, fighter_equipment=f_eq, unit_equipment=u_eq,
                      skills=skills, injuries=injuries)


def walker_types(s: Session, campaign_id: int, *, by_name: bool = False) -> list[WalkerType]:
    """The campaign's walker types (in id order, or by name)."""
    stmt = select(WalkerType).where(WalkerType.campaign_id == campaign_id)
    if by_name:
        stmt = stmt.order_by(WalkerType.name)  # type: ignore[arg-type]
    return list(s.exec(stmt).all())


def roster_names(s: Session, campaign_id: int) -> dict[int, str]:
    """Roster id -> name, for every roster of the campaign."""
    return {
        rid: name for rid, name in s.exec(select(Roster.id, Roster.name).where(Roster.campaign_id == campaign_id))  # type: ignore[call-overload]
        if rid is not None
    }


def campaign_rosters(s: Session, campaign_id: int) -> list[Roster]:
    """The campaign's rosters, by name."""
    return list(s.exec(select(Roster).where(Roster.campaign_id == campaign_id).order_by(Roster.name)).all())  # type: ignore[arg-type]


def battle_counts(s: Session, *, roster_ids: Sequence[int] | None = None,
                  campaign_id: int | None = None) -> dict[int, int]:
    """Roster id -> the battles it took part in: for ``roster_ids``, or for every roster of
    ``campaign_id``."""
    stmt = select(BattleRoster.roster_id, func.count(BattleRoster.id))  # type: ignore[arg-type]
    if roster_ids is not None:
        stmt = stmt.where(BattleRoster.roster_id.in_(roster_ids))  # type: ignore[attr-defined]
    else:
        stmt = stmt.join(Roster, Roster.id == BattleRoster.roster_id).where(  # type: ignore[arg-type]
            Roster.campaign_id == campaign_id)
    return {int(rid): int(n) for rid, n in s.exec(stmt.group_by(BattleRoster.roster_id)).all()}  # type: ignore[arg-type]


def kinds_present(s: Session, campaign_id: int) -> set[str]:
    """The figure kinds of the campaign's fighters."""
    return set(s.exec(
        select(Fighter.kind).join(Roster, Roster.id == Fighter.roster_id)  # type: ignore[arg-type]
        .where(Roster.campaign_id == campaign_id).distinct()
    ).all())
