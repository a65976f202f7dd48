"""Renaming, deleting and moving campaigns, rosters and figures.

- A **roster** deleted goes with everything on it (fighters, units, their weapons,
  skills, injuries and battle results); what points at it from elsewhere (battles it
  won or attacked in, captives it holds, casualties its fighters caused) lets go of it.
  Its rolls stay in the campaign's roll record under the names they had, marked as of
  a removed figure. One transaction, one undo step: undo puts every row back, the
  roll record's links included.
- A **campaign** deleted is kept, hidden, with its rolls and history, until it is
  purged: undo (or ``campaign restore``) brings it back as it was; its name is free
  meanwhile (the kept one carries a suffix).
- A **fighter or unit moved** goes to another roster of the same campaign, with what
  it carries and what happened to it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from typing_extensions import TypedDict  # pydantic reads it on Python 3.11 (the facade's results)

from campaign_app.errors import InputError, NotFoundError
from campaign_app.usecases.campaigns import campaign_result
from campaign_app.usecases.common import (
    Ref,
    campaign_of_fighter,
    campaign_of_roster,
    check_version,
    clean_name,
    get_fighter,
    get_roster,
    get_unit,
    row_id,
    unlink_figures,
)
from campaign_app.usecases.results import CampaignResult, Result, RosterResult
from campaign_app.usecases.rosters import roster_result
from db.journal import bump_version
from db.models import Campaign, Fighter, Roster, utcnow
from db.queries import campaigns as campaign_q
from db.queries import lookup
from db.queries import manage as manage_q
from db.queries import rosters as roster_q
from db.uow import Engine, Session, UnitOfWork, read_session

DELETED_MARK = " (deleted #"


def kept_name(name: str, ident: int) -> str:
    """The name a deleted campaign is kept under (its own name stays free)."""
    suffix = f"{DELETED_MARK}{ident})"
    return name[: 200 - len(suffix)] + suffix


def original_name(c: Campaign) -> str:
    """A deleted campaign's own name (without the suffix it is kept under)."""
    suffix = f"{DELETED_MARK}{c.id})"
    return c.name[: -len(suffix)] if c.deleted_at is not None and c.name.endswith(suffix) else c.name


# --------------------------------------------------------------------------- results
@dataclass(frozen=True, kw_only=True)
class DeletedResult(Result):
    """A campaign or roster deleted: what it was, and how much went with it."""

    kind: str  # campaign | roster
    id: int
    name: str
    campaign_id: int
    fighters: int
    units: int
    battles: int
    rolls: int
    """Rolls of the deleted figures kept in the roll record."""


@dataclass(frozen=True, kw_only=True)
class MovedResult(Result):
    """A fighter or unit moved to another roster."""

    kind: str  # fighter | unit
    id: int
    name: str
    campaign_id: int
    from_roster_id: int
    from_roster: str
    to_roster_id: int
    to_roster: str
    version: int


@dataclass(frozen=True, kw_only=True)
class PurgedResult(Result):
    id: int
    name: str


class DeletedCampaign(TypedDict):
    id: int
    name: str
    system: str
    system_name: str
    deleted_at: str
    rosters: int


# --------------------------------------------------------------------------- campaigns
def rename_campaign(engine: Engine, ref: Ref, new_name: str, *, if_version: int | None = None) -> CampaignResult:
    name = clean_name(new_name, "campaign name")
    with UnitOfWork(engine, "campaign.rename") as uow:
        s = uow.session
        c = lookup.get_campaign(s, ref)
        uow.campaign_id = c.id
        check_version(c, if_version, "campaign")
        if name == c.name:
            raise InputError(f"the campaign is already named {name!r}")
        other = campaign_q.campaign_named(s, name)
        if other is not None:
            raise InputError(f"a campaign named {name!r} already exists")
        uow.summary = f"rename campaign {c.name} to {name}"
        c.name = name
        s.add(c)
    return campaign_result(c, uow.changes)


def delete_campaign(engine: Engine, ref: Ref, *, if_version: int | None = None) -> DeletedResult:
    """Delete a campaign: hidden and its name freed, kept whole until purged; one undo
    step (``undo``/``campaign restore`` with its id brings it back)."""
    with UnitOfWork(engine, "campaign.delete") as uow:
        s = uow.session
        c = lookup.get_campaign(s, ref)
        uow.campaign_id = c.id
        check_version(c, if_version, "campaign")
        counts = _campaign_counts(s, row_id(c))
        name = c.name
        uow.summary = f"delete campaign {name}"
        c.name = kept_name(name, row_id(c))
        c.deleted_at = utcnow()
        s.add(c)
    return DeletedResult(kind="campaign", id=row_id(c), name=name, campaign_id=row_id(c), changes=uow.changes,
                         **counts)


def _campaign_counts(s: Session, cid: int) -> dict[str, int]:
    rosters = campaign_q.roster_counts(s).get(cid, 0)
    battles = campaign_q.battle_counts(s).get(cid, 0)
    fighters = units = 0
    for r in roster_q.rosters_of(s, cid) if rosters else ():
        fids, uids = manage_q.figure_ids(s, row_id(r))
        fighters += len(fids)
        units += len(uids)
    return {"fighters": fighters, "units": units, "battles": battles, "rolls": 0}


def deleted_campaigns(engine: Engine) -> list[DeletedCampaign]:
    with read_session(engine) as s:
        counts = campaign_q.roster_counts(s)
        return [_deleted(c, counts) for c in manage_q.deleted_campaigns(s)]


def _deleted(c: Campaign, counts: dict[int, int]) -> DeletedCampaign:
    from campaign_app.systems.registry import systems

    gs = systems().get(c.system)
    return {"id": row_id(c), "name": original_name(c), "system": c.system,
            "system_name": gs.name if gs is not None else c.system, "deleted_at": _when(c.deleted_at),
            "rosters": counts.get(row_id(c), 0)}


def _when(value: datetime | None) -> str:
    return value.strftime("%Y-%m-%d %H:%M") if value is not None else ""


def deleted_campaign(s: Session, ref: Ref) -> Campaign:
    """A deleted campaign by id or by the name it had."""
    text = str(ref).strip()
    found = [c for c in manage_q.deleted_campaigns(s) if str(c.id) == text or original_name(c) == text]
    if not found:
        raise NotFoundError(f"no deleted campaign {text!r}")
    if len(found) > 1:
        ids = ", ".join(str(c.id) for c in found)
        raise InputError(f"{len(found)} deleted campaigns were named {text!r}: use the id ({ids})")
    return found[0]


def deleted_campaign_info(engine: Engine, ref: Ref) -> DeletedCampaign:
    """One deleted campaign, by id or by the name it had."""
    with read_session(engine) as s:
        return _deleted(deleted_campaign(s, ref), campaign_q.roster_counts(s))


def restore_campaign(engine: Engine, ref: Ref) -> CampaignResult:
    """Bring a deleted campaign back: the undo of its deletion."""
    from campaign_app.usecases.journal import undo

    with read_session(engine) as s:
        c = deleted_campaign(s, ref)
        cid, name = row_id(c), original_name(c)
        if campaign_q.campaign_named(s, name) is not None:
            raise InputError(f"a campaign named {name!r} exists again: rename it first, then restore")
    undone = undo(engine, cid)
    if undone.action != "campaign.delete":  # cannot happen: nothing else runs in a deleted campaign
        raise InputError(f"the last action of campaign {name!r} was not its deletion")
    with read_session(engine) as s:
        back = lookup.get_campaign(s, cid)
        return campaign_result(back, undone.changes)


def purge_campaign(engine: Engine, ref: Ref) -> PurgedResult:
    """Remove a deleted campaign for good (its rolls and history too): no undo."""
    from campaign_app.changes import Changes

    with UnitOfWork(engine, "campaign.purge", journaled=False) as uow:
        s = uow.session
        c = deleted_campaign(s, ref)
        cid, name = row_id(c), original_name(c)
        manage_q.purge_campaign(s, cid)
        uow.note(Changes(everything=True))
    return PurgedResult(id=cid, name=name, changes=uow.changes)


# --------------------------------------------------------------------------- rosters
def rename_roster(engine: Engine, ref: Ref, new_name: str, *, if_version: int | None = None) -> RosterResult:
    name = clean_name(new_name, "roster name")
    with UnitOfWork(engine, "roster.rename") as uow:
        s = uow.session
        r = get_roster(s, ref)
        c = campaign_of_roster(s, r)
        uow.campaign_id = c.id
        check_version(r, if_version, "roster")
        if name == r.name:
            raise InputError(f"the roster is already named {name!r}")
        if roster_q.roster_named(s, row_id(c), name, other_than=r.id) is not None:
            raise InputError(f"{c.name} already has a roster named {name!r}")
        uow.summary = f"rename roster {r.name} to {name}"
        r.name = name
        s.add(r)
    return roster_result(r, uow.changes)


def delete_roster(engine: Engine, ref: Ref, *, if_version: int | None = None) -> DeletedResult:
    """Delete a roster and everything on it; one undo step; its rolls stay on record."""
    with UnitOfWork(engine, "roster.delete") as uow:
        s = uow.session
        r = get_roster(s, ref)
        c = campaign_of_roster(s, r)
        uow.campaign_id = c.id
        check_version(r, if_version, "roster")
        # the roster's own row first: a writer without the right to it (a league player,
        # another's roster) is refused here, before any of its rows is touched
        bump_version(s, r)
        rid, name = row_id(r), r.name
        uow.summary = f"delete roster {name}"
        fids, uids = manage_q.figure_ids(s, rid)
        rolls = unlink_figures(s, fids, uids, deleted_roster=rid)
        for b in manage_q.battles_naming(s, rid):
            if b.winner_roster_id == rid:
                b.winner_roster_id = None
            if b.attacker_roster_id == rid:
                b.attacker_roster_id = None
            s.add(b)
        for f in manage_q.captured_by(s, rid):
            f.captured_by_roster_id = None
            s.add(f)
        battles = len({link.battle_id for link in r.battle_links})
        s.flush()
        s.delete(r)
    return DeletedResult(kind="roster", id=rid, name=name, campaign_id=row_id(c), fighters=len(fids),
                         units=len(uids), battles=battles, rolls=rolls, changes=uow.changes)


# --------------------------------------------------------------------------- moving
def move_fighter(engine: Engine, ref: Ref, roster: Ref, *, if_version: int | None = None) -> MovedResult:
    """Move a fighter (with its crew, if it is a vehicle) to another roster of the
    same campaign."""
    with UnitOfWork(engine, "fighter.move") as uow:
        s = uow.session
        f = get_fighter(s, ref)
        c, src = campaign_of_fighter(s, f)
        uow.campaign_id = c.id
        dest = get_roster(s, roster, c) if _in_campaign(s, roster, c) else _other_campaign(s, roster, c)
        check_version(f, if_version, "fighter")
        if dest.id == src.id:
            raise InputError(f"{f.name} is already in {src.name}")
        if f.crew_of_id is not None:
            vehicle = s.get(Fighter, f.crew_of_id)
            vname = vehicle.name if vehicle is not None else "a vehicle"
            raise InputError(f"{f.name} crews {vname}: move {vname} and its crew go with it")
        uow.summary = f"move {f.name} from {src.name} to {dest.name}"
        f.roster_id = row_id(dest)
        if f.captured_by_roster_id == dest.id:
            f.captured_by_roster_id = None
        s.add(f)
        moved = [row_id(f)]
        for crew in manage_q.crew_of_any(s, row_id(f)):
            crew.roster_id = row_id(dest)
            s.add(crew)
            moved.append(row_id(crew))
        _results_follow(s, moved, [], row_id(dest))
        s.flush()
    return MovedResult(kind="fighter", id=row_id(f), name=f.name, campaign_id=row_id(c), from_roster_id=row_id(src),
                       from_roster=src.name, to_roster_id=row_id(dest), to_roster=dest.name, version=f.version,
                       changes=uow.changes)


def _results_follow(s: Session, fighter_ids: list[int], unit_ids: list[int], roster_id: int) -> None:
    """The battle results of moved figures, and those the moved fighters caused, name
    the new roster (the copies :class:`db.models.BattleResult` keeps for the standings),
    in the same undo step as the move."""
    for res in manage_q.results_of(s, fighter_ids, unit_ids):
        res.roster_id = roster_id
        s.add(res)
    for res in manage_q.results_caused_by(s, fighter_ids):
        res.by_roster_id = roster_id
        s.add(res)


def move_unit(engine: Engine, ref: Ref, roster: Ref, *, if_version: int | None = None) -> MovedResult:
    """Move a unit to another roster of the same campaign."""
    with UnitOfWork(engine, "unit.move") as uow:
        s = uow.session
        u = get_unit(s, ref)
        src = s.get(Roster, u.roster_id)
        assert src is not None
        c = campaign_of_roster(s, src)
        uow.campaign_id = c.id
        dest = get_roster(s, roster, c) if _in_campaign(s, roster, c) else _other_campaign(s, roster, c)
        check_version(u, if_version, "unit")
        if dest.id == src.id:
            raise InputError(f"{u.name} is already in {src.name}")
        uow.summary = f"move {u.name} from {src.name} to {dest.name}"
        u.roster_id = row_id(dest)
        s.add(u)
        _results_follow(s, [], [row_id(u)], row_id(dest))
        s.flush()
    return MovedResult(kind="unit", id=row_id(u), name=u.name, campaign_id=row_id(c), from_roster_id=row_id(src),
                       from_roster=src.name, to_roster_id=row_id(dest), to_roster=dest.name, version=u.version,
                       changes=uow.changes)


def _in_campaign(s: Session, ref: Ref, c: Campaign) -> bool:
    try:
        get_roster(s, ref, c)
    except NotFoundError:
        return False
    return True


def _other_campaign(s: Session, ref: Ref, c: Campaign) -> Roster:
    """A roster ``ref`` not in ``c``: refused, saying why."""
    r = get_roster(s, ref)  # NotFoundError when there is none at all
    other = campaign_of_roster(s, r)
    raise InputError(f"{r.name} is in campaign {other.name}, not {c.name}: figures move only within a campaign")

