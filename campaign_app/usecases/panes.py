"""The detail pane's shapes (:func:`campaign_app.usecases.gui_queries.details.fighter_detail`,
``unit_detail``, ``roster_detail``). Kept apart from :mod:`gui_queries` so that module
loads without the subjects' use-case modules (:mod:`campaign_app.usecases.fighters`...:
the window's first screen); the panes load it when one is read, and the facade when it
names a pane's type."""

from __future__ import annotations

from typing_extensions import TypedDict  # pydantic reads it on Python 3.11 (the facade's results)

from campaign_app.usecases.counters import CounterValue
from campaign_app.usecases.fighters import FighterDetail
from campaign_app.usecases.gui_queries.details import FigureBattle
from campaign_app.usecases.rolls import RollLogEntry
from campaign_app.usecases.shapes import RosterData, UnitData


class RosterDetail(RosterData):
    """A roster for the detail pane: its own fields, its campaign, its head counts."""

    campaign: str
    system: str
    system_name: str
    uses_credits: bool  # credits and reputation are the game's (NUTS!: no)
    fighters: int
    units: int
    worth: dict[str, int]  # gear: rating, credits, stash, wealth
    counters: list[CounterValue]  # the campaign's own counters, this roster's values


class CrewMember(TypedDict):
    id: int
    name: str
    role: str


class FighterPane(FighterDetail):
    """A fighter as the detail pane shows it: ``fighter show``'s fields and where the
    fighter stands, its battles, crew and rolls, and the order of its characteristics."""

    roster: str
    campaign_id: int
    campaign: str
    system: str
    battles: list[FigureBattle]
    crew: list[CrewMember]
    rolls: list[RollLogEntry]
    what: str
    stat_order: list[str]
    stat_targets: list[str]
    # a figure the stat line does not suit (a walker), as its game shows it: (label,
    # value) cells in place of the stats, (name, profile) weapons it is built with
    profile: list[tuple[str, str]] | None
    built_in: list[tuple[str, str]]
    uses_credits: bool  # the game's rosters buy and sell (the pane offers it)


class UnitRoll(TypedDict):
    id: int
    when: str
    purpose: str
    dice: str
    faces: list[int]
    source: str
    target: int | None
    value: int
    label: str
    result: str
    battle_id: int | None


class UnitPane(UnitData):
    """A unit as the detail pane shows it: its fields, where it stands, battles, rolls."""

    roster: str
    campaign_id: int
    campaign: str
    system: str
    battles: list[FigureBattle]
    rolls: list[UnitRoll]
    what: str
