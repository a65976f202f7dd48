"""A campaign's counters as its rows hold them, read without the database layer: the
definitions on the campaign row and a roster's values (:mod:`campaign_app.usecases.counters`
writes them; the window's first screen reads them by plain SQL)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # (typing_extensions, which pydantic needs of them, is not imported here)
    from campaign_app.usecases.counters import CounterDef, CounterValue


def definitions(raw: Any) -> list[CounterDef]:
    """The counters a campaign row holds, as checked dicts (anything else left out: a
    stored list is only ever written by :func:`define_counter`)."""
    out: list[CounterDef] = []
    for d in raw if isinstance(raw, list) else []:
        if isinstance(d, Mapping) and isinstance(d.get("name"), str):
            try:
                out.append({"name": d["name"], "start": int(d["start"]), "min": int(d["min"]),
                            "max": int(d["max"])})
            except (KeyError, TypeError, ValueError):
                continue
    return out


def values_of(defs: Sequence[CounterDef], held: Any) -> list[CounterValue]:
    """Each counter of the campaign with the roster's value (its start when the roster
    holds none), in the order they were defined."""
    held = held if isinstance(held, Mapping) else {}
    out: list[CounterValue] = []
    for d in defs:
        v = held.get(d["name"])
        value = v if isinstance(v, int) and not isinstance(v, bool) else d["start"]
        out.append({**d, "value": value})
    return out
