"""Rosters of a campaign: create one (founded from a house of its game, with its
starting credits on its ledger), edit it and show it with its fighters, units, worth
and counters. Renaming, moving figures between rosters and deleting a roster are
:mod:`.manage`'s.

The other subjects the app's foundation use-cases fell into, each its own module:
:mod:`.campaigns`, :mod:`.fighters`, :mod:`.rolls` (rolling a table, the roll log),
:mod:`.journal` (history, undo, redo), :mod:`.games`, with the read shapes they share in
:mod:`.shapes`. Each writing use-case is one :class:`UnitOfWork` (one transaction, one
journal, one undo step) and returns a typed result naming what it changed
(:mod:`campaign_app.usecases.results`); each raises typed errors and writes nothing on
bad input. The SQL lives in :mod:`db.queries`."""

from __future__ import annotations

from collections.abc import Mapping

from typing_extensions import (
    TypedDict,  # pydantic reads it on Python 3.11 (the facade's results)
    Unpack,
)

from campaign_app.changes import Changes
from campaign_app.errors import InputError
from campaign_app.systems import SystemInfo, game_system, get_system
from campaign_app.systems.api import Founding
from campaign_app.usecases.common import (
    CREDITS_RANGE,
    REPUTATION_RANGE,
    Number,
    Ref,
    campaign_of_roster,
    check_version,
    clean_int,
    clean_name,
    clean_text,
    column_text,
    get_campaign,
    get_roster,
    row_id,
)
from campaign_app.usecases.counters import CounterValue, definitions, values_of
from campaign_app.usecases.fighters import equipment_by_owner, fill_profiles, skills_by_fighter
from campaign_app.usecases.results import RosterResult
from campaign_app.usecases.shapes import (
    CampaignData,
    FighterData,
    RosterData,
    UnitData,
    campaign_dict,
    fighter_dict,
    roster_dict,
    unit_dict,
)
from db.models import Campaign, LedgerEntry, Roster
from db.queries import rosters as roster_q
from db.uow import Engine, Session, UnitOfWork, read_session


class RosterDetail(RosterData):
    campaign: CampaignData
    fighters: list[FighterData]
    units: list[UnitData]
    # gear: rating (the fighters' values), credits, stash value, wealth (their sum)
    worth: dict[str, int]
    # counters: each counter the campaign defines, with this roster's value
    counters: list[CounterValue]


def roster_result(r: Roster, changes: Changes, credits_default: bool = False) -> RosterResult:
    """The typed result of a use-case that created or changed roster ``r``."""
    return RosterResult(**roster_dict(r), credits_default=credits_default, changes=changes)  # ROSTER_RESULT


def _check_roster_kind(info: SystemInfo, kind: str | None) -> None:
    if kind not in info.roster_kinds:
        raise InputError(f"roster kind {kind!r} is not one of {', '.join(info.roster_kinds)}")


def founding_of(c: Campaign, house: str) -> Founding:
    """The house (faction) ``house`` names among those the campaign's game founds
    rosters from; a one-line :class:`InputError` naming the known ones otherwise."""
    system = game_system(c.system)
    known = system.founding_list(c.edition, c.expansions or [])
    found = next((f for f in known if f.answers_to(house)), None)
    if found is None:
        where = f"{system.name} {c.edition}".strip()
        names = ", ".join(f.name for f in known) or "none"
        raise InputError(f"no house {house.strip()!r} in {where} (known: {names})")
    return found


def create_roster(engine: Engine, campaign_ref: Ref, name: str, kind: str | None = None,
                  faction: str = "", player: str = "", credits: Number | None = None,
                  house: str | None = None) -> RosterResult:
    """A new roster. ``house``: founded from that house (faction) of the game: the
    roster records it as its faction and starts with its credits (unless ``credits``
    is given), written to its ledger."""
    name = clean_name(name, "roster name")
    with UnitOfWork(engine, "roster.create") as uow:
        s = uow.session
        c = get_campaign(s, campaign_ref)
        info = get_system(c.system)
        k = (kind or info.default_roster_kind).strip().lower()
        if k not in info.roster_kinds:
            raise InputError(f"roster kind {kind!r} is not one of {', '.join(info.roster_kinds)}")
        if roster_q.roster_named(s, row_id(c), name) is not None:
            raise InputError(f"{c.name} already has a roster named {name!r}")
        founded = None
        if house is not None:
            founded = founding_of(c, clean_name(house, "house"))
            if faction and faction.strip().casefold() != founded.name.casefold():
                raise InputError(f"give the house or the faction, not both ({house!r}, {faction!r})")
            faction = founded.name
            if credits is None:
                credits = founded.credits
        cr = clean_int(credits if credits is not None else 0, "credits", *CREDITS_RANGE)
        r = Roster(campaign_id=row_id(c), name=name, kind=k, faction=clean_text(faction, "faction", 200),
                   player=clean_text(player, "player", 200), credits=cr)
        s.add(r)
        if founded is not None and cr:
            s.flush()
            why = f"starting credits of {founded.name}" + (
                " (our default)" if founded.credits_default and cr == founded.credits else "")
            s.add(LedgerEntry(roster_id=row_id(r), amount=cr, balance=cr, kind="credits", why=why))
        uow.campaign_id = c.id
        uow.summary = f"create roster {name}" + (f" ({founded.name}, {cr:,} credits)" if founded else "")
    return roster_result(r, uow.changes, credits_default=bool(
        founded is not None and founded.credits_default and cr == founded.credits))


class RosterFields(TypedDict, total=False):
    """What ``edit_roster`` may change (``None``: leave it as it is)."""

    name: str | None
    faction: str | None
    player: str | None
    credits: Number | None
    reputation: Number | None
    notes: str | None
    kind: str | None


def edit_roster(engine: Engine, ref: Ref, *, if_version: int | None = None,
                **changes: Unpack[RosterFields]) -> RosterResult:
    allowed = set(RosterFields.__annotations__)
    bad = set(changes) - allowed
    if bad:
        raise InputError(f"cannot edit {', '.join(sorted(bad))} of a roster")
    with UnitOfWork(engine, "roster.edit") as uow:
        s = uow.session
        r = get_roster(s, ref)
        c = campaign_of_roster(s, r)
        uow.campaign_id = c.id
        check_version(r, if_version, "roster")
        for k, v in changes.items():
            if v is None:
                continue
            value: str | int
            if k == "name":
                value = clean_name(v, "roster name")
                if roster_q.roster_named(s, row_id(c), value, other_than=r.id) is not None:
                    raise InputError(f"{c.name} already has a roster named {value!r}")
            elif k in ("credits", "reputation"):
                value = clean_int(v, k, *(CREDITS_RANGE if k == "credits" else REPUTATION_RANGE))
            elif k == "kind":
                _check_roster_kind(get_system(c.system), str(v))
                value = str(v)
            else:
                value = column_text(v, "roster", k)
            setattr(r, k, value)
        s.add(r)
        uow.summary = f"edit roster {r.name}"
    return roster_result(r, uow.changes)


def show_roster(engine: Engine, ref: Ref) -> RosterDetail:
    with read_session(engine) as s:
        r = get_roster(s, ref)
        c = campaign_of_roster(s, r)
        fighters = roster_q.fighters_of(s, row_id(r))
        units = roster_q.units_of(s, row_id(r))
        eq = equipment_by_owner(s, [f.id for f in fighters], [u.id for u in units])
        fill_profiles(s, c, eq.values())
        skills = skills_by_fighter(s, [f.id for f in fighters])
        return {
            **roster_dict(r),
            "campaign": campaign_dict(c),
            "fighters": [fighter_dict(f, eq.get(("f", row_id(f)), []), skills.get(row_id(f), [])) for f in fighters],
            "units": [unit_dict(u, eq.get(("u", row_id(u)), [])) for u in units],
            "worth": dict(_worth(s, r)),
            "counters": values_of(definitions(c.counters), r.counters),
        }


def _worth(s: Session, r: Roster) -> Mapping[str, int]:
    from campaign_app.usecases.gear import worth_of

    return worth_of(s, [r])[row_id(r)]


