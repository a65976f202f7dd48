"""Campaign counters: numbers a campaign keeps for each roster that its game's rules do
not (a Terror Level, a Notoriety, supplies).

The campaign defines a counter (a name, a start value, the lowest and highest value it
may take); every roster of the campaign holds a value of it, its start until changed.
The definitions live on the campaign row (``campaign.counters``, a list in the order they
were defined), the values on each roster row (``roster.counters``, name -> value; a
counter missing there stands at its start). Every change is one unit of work: one
transaction, one undo step. A value outside the counter's limits is refused with a
one-line message and nothing is written.

Generic: no game's rules are read here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from typing_extensions import TypedDict

from campaign_app.changes import Result
from campaign_app.errors import InputError
from campaign_app.usecases.common import (
    Ref,
    campaign_of_roster,
    clean_name,
    get_campaign,
    get_roster,
)
from campaign_app.usecases.counter_values import (  # noqa: F401 (this module's names, kept light there for the first screen)
    definitions,
    values_of,
)
from db.uow import Engine, UnitOfWork, read_session

COUNTER_RANGE = (-1_000_000, 1_000_000)  # any counter's value, start and limits
MAX_COUNTERS = 50  # counters of one campaign


# (campaign_app.usecases.counter_values, the first screen's reader, names them for mypy
# only: it does not import typing_extensions)
class CounterDef(TypedDict):
    name: str
    start: int
    min: int
    max: int


class CounterValue(CounterDef):
    value: int


def _whole(v: Any, what: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise InputError(f"{what} is a whole number, not {v!r}")
    lo, hi = COUNTER_RANGE
    if not lo <= v <= hi:
        raise InputError(f"{what} {v:,} is out of range: from {lo:,} to {hi:,}")
    return v


def find(defs: Sequence[CounterDef], name: str) -> CounterDef | None:
    want = name.strip().casefold()
    return next((d for d in defs if d["name"].casefold() == want), None)


def limits_text(d: CounterDef) -> str:
    return f"from {d['min']} to {d['max']}"


def counter_problem(d: Mapping[str, Any]) -> str:
    """What is wrong with a counter definition (its numbers), or ""."""
    if d["min"] > d["max"]:
        return f"counter {d['name']}: the lowest value {d['min']} is above the highest {d['max']}"
    if not d["min"] <= d["start"] <= d["max"]:
        return f"counter {d['name']}: the start {d['start']} is not from {d['min']} to {d['max']}"
    return ""


# --------------------------------------------------------------------------- reading
class CounterList(TypedDict):
    campaign: str
    counters: list[CounterDef]


def list_counters(engine: Engine, campaign: Ref) -> CounterList:
    with read_session(engine) as s:
        c = get_campaign(s, campaign)
        return {"campaign": c.name, "counters": definitions(c.counters)}


class RosterCounters(TypedDict):
    roster: str
    counters: list[CounterValue]


def roster_counters(engine: Engine, roster: Ref) -> RosterCounters:
    with read_session(engine) as s:
        r = get_roster(s, roster)
        c = campaign_of_roster(s, r)
        return {"roster": r.name, "counters": values_of(definitions(c.counters), r.counters)}


# --------------------------------------------------------------------------- writing
@dataclass(frozen=True, kw_only=True)
class CounterDefined(Result):
    campaign_id: int
    campaign: str
    counter: CounterDef
    removed: bool = False


def define_counter(engine: Engine, campaign: Ref, name: str, *, start: int = 0, low: int = 0,
                   high: int = 10) -> CounterDefined:
    """The campaign keeps a new counter for each of its rosters: every roster starts at
    ``start``; its value stays from ``low`` to ``high`` (one undo step)."""
    name = clean_name(name, "counter name")
    if len(name) > 60:
        raise InputError(f"counter name {name[:20]!r}... is longer than 60 characters")
    d: CounterDef = {"name": name, "start": _whole(start, "start"), "min": _whole(low, "lowest value"),
                     "max": _whole(high, "highest value")}
    bad = counter_problem(d)
    if bad:
        raise InputError(bad)
    with UnitOfWork(engine, "campaign.counter") as uow:
        s = uow.session
        c = get_campaign(s, campaign)
        uow.campaign_id = c.id
        defs = definitions(c.counters)
        same = find(defs, name)
        if same is not None:
            raise InputError(f"{c.name} already has a counter named {same['name']!r}")
        if len(defs) >= MAX_COUNTERS:
            raise InputError(f"{c.name} has {len(defs)} counters; at most {MAX_COUNTERS}")
        c.counters = [dict(x) for x in (*defs, d)]
        s.add(c)
        uow.summary = f"{c.name}: new counter {name} ({d['start']}, {limits_text(d)})"
    return CounterDefined(campaign_id=c.id or 0, campaign=c.name, counter=d, changes=uow.changes)


def remove_counter(engine: Engine, campaign: Ref, name: str) -> CounterDefined:
    """The campaign no longer keeps counter ``name``: its definition and every roster's
    value of it go (one undo step: undo brings both back)."""
    from db.queries import rosters as roster_q

    name = clean_name(name, "counter name")
    with UnitOfWork(engine, "campaign.counter") as uow:
        s = uow.session
        c = get_campaign(s, campaign)
        uow.campaign_id = c.id
        defs = definitions(c.counters)
        d = find(defs, name)
        if d is None:
            raise InputError(f"{c.name} has no counter {name!r}" + _known(defs))
        c.counters = [dict(x) for x in defs if x is not d]
        s.add(c)
        for r in roster_q.rosters_of(s, c.id or 0):
            held = dict(r.counters or {})
            if d["name"] in held:
                del held[d["name"]]
                r.counters = held
                s.add(r)
        uow.summary = f"{c.name}: counter {d['name']} removed"
    return CounterDefined(campaign_id=c.id or 0, campaign=c.name, counter=d, removed=True, changes=uow.changes)


def _known(defs: Sequence[CounterDef]) -> str:
    return f" (it has {', '.join(d['name'] for d in defs)})" if defs else " (it has none: campaign counter add)"


@dataclass(frozen=True, kw_only=True)
class CounterChanged(Result):
    roster_id: int
    roster: str
    counter: str
    before: int
    value: int


def change_counter(engine: Engine, roster: Ref, name: str, *, by: int | None = None,
                   to: int | None = None) -> CounterChanged:
    """Move the roster's counter ``name`` by ``by`` or set it ``to`` a value; refused,
    nothing written, when the value would leave the counter's limits (one undo step)."""
    if (by is None) == (to is None):
        raise InputError("change a counter by an amount (+1, -2) or to a value (=5), one of them")
    amount = _whole(by if by is not None else to, "the change" if by is not None else "the value")
    name = clean_name(name, "counter name")
    with UnitOfWork(engine, "roster.counter") as uow:
        s = uow.session
        r = get_roster(s, roster)
        c = campaign_of_roster(s, r)
        uow.campaign_id = c.id
        defs = definitions(c.counters)
        d = find(defs, name)
        if d is None:
            raise InputError(f"{c.name} has no counter {name!r}" + _known(defs))
        before = values_of([d], r.counters)[0]["value"]
        new = before + amount if by is not None else amount
        if not d["min"] <= new <= d["max"]:
            raise InputError(f"{d['name']} of {r.name} would be {new}; it runs {limits_text(d)}")
        if new == before:
            raise InputError(f"{d['name']} of {r.name} is {before} already")
        r.counters = {**dict(r.counters or {}), d["name"]: new}
        s.add(r)
        uow.summary = f"{r.name}: {d['name']} {before} \u2192 {new}"
    return CounterChanged(roster_id=r.id or 0, roster=r.name, counter=d["name"], before=before, value=new,
                          changes=uow.changes)


__all__ = [
    "COUNTER_RANGE", "CounterChanged", "CounterDef", "CounterDefined", "CounterValue", "change_counter",
    "counter_problem", "define_counter", "definitions", "list_counters", "remove_counter", "roster_counters",
    "values_of",
]
