"""The typed results of the writing use-cases. Each is a frozen dataclass that says what
the use-case made or did, plus :attr:`~campaign_app.changes.Result.changes`, the change
set a view refreshes from. ``as_data`` turns one into the plain dict the CLI prints with
``--json`` (the change set left out).

An entity's result is a shape of it declared in :mod:`campaign_app.entities`
(``CAMPAIGN_RESULT``, ``ROSTER_RESULT``, ``FIGHTER_RESULT``, ``UNIT_RESULT``): the
use-cases build it from that shape, and ``tests/campaign_app/test_entities.py`` keeps
each dataclass's fields equal to it, in order (the order ``--json`` prints). The fields
of :class:`CampaignResult` and :class:`RosterResult` are those of ``campaign_dict`` and
``roster_dict``; a created roster adds, last, ``credits_default`` (its starting credits
are our labelled default, not a book's)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from campaign_app.changes import Changes, Result

__all__ = [
    "CampaignResult", "Changes", "ExchangeResult", "FighterResult", "RemovedResult", "Result",
    "RollOutcome", "RosterResult", "UndoResult", "UnitResult", "as_data",
]


@dataclass(frozen=True, kw_only=True)
class UndoResult(Result):
    """The action Undo reversed or Redo applied again."""

    id: int
    action: str
    summary: str


@dataclass(frozen=True, kw_only=True)
class CampaignResult(Result):
    """A campaign as a use-case left it (created, or a house rule set)."""

    id: int
    name: str
    system: str
    system_name: str
    edition: str
    expansions: list[str]
    house_rules: list[str]
    """The ids of the tables the campaign overrides, sorted."""
    cycle: int
    version: int


@dataclass(frozen=True, kw_only=True)
class RosterResult(Result):
    """A roster as a use-case left it (created or edited)."""

    id: int
    campaign_id: int
    name: str
    kind: str
    faction: str
    player: str
    credits: int
    reputation: int
    notes: str
    version: int
    credits_default: bool = False  # the starting credits are our labelled default


@dataclass(frozen=True, kw_only=True)
class FighterResult(Result):
    """A fighter as a use-case left it (added or edited)."""

    id: int
    roster_id: int
    campaign_id: int
    name: str
    fighter_type: str
    role: str
    kind: str
    rep: int | None
    stats: Mapping[str, Any]
    xp: int
    credits_value: int
    status: str
    captured_by_roster_id: int | None
    notes: str
    version: int


@dataclass(frozen=True, kw_only=True)
class UnitResult(Result):
    """A unit as a use-case left it (added, edited, back from captivity)."""

    id: int
    roster_id: int
    campaign_id: int
    name: str
    unit_type: str
    training: str
    figures: int
    figures_start: int
    wounded: int
    armour: str
    discipline: str
    order: str
    status: str
    battles_fought: int
    notes: str
    version: int


@dataclass(frozen=True, kw_only=True)
class ExchangeResult(Result):
    """The units an exchange of prisoners brought back into their forces."""

    units: tuple[UnitResult, ...]


@dataclass(frozen=True, kw_only=True)
class RemovedResult(Result):
    """A fighter or unit taken off its roster."""

    id: int
    name: str
    roster_id: int
    campaign_id: int


@dataclass(frozen=True, kw_only=True)
class RollOutcome(Result):
    """A roll on a rules table: the dice, the row they found, and whether the roll was
    recorded in a campaign's roll log."""

    table: str
    title: str
    dice: str
    faces: list[int]
    target: int | None
    value: int
    row: str
    result: str
    label: str
    text: str
    effects: list[dict[str, Any]]
    source: str
    recorded: bool
    house_rule: bool
    default: bool = False  # a table no seed gives (``default = true``): "(default)" after its title


def as_data(value: Any) -> Any:
    """A result as plain data: dataclasses become dicts without their change set (a
    field with ``metadata={"data_key": K}`` is shown under ``K``: a report's lines of
    changes in words print as ``changes``, as before change sets)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.metadata.get("data_key", f.name): as_data(getattr(value, f.name))
                for f in dataclasses.fields(value) if f.name != "changes"}
    if isinstance(value, (list, tuple)):
        return [as_data(v) for v in value]
    if isinstance(value, Mapping):
        return {k: as_data(v) for k, v in value.items()}
    if isinstance(value, (frozenset, set)):
        return sorted(value)
    return value
