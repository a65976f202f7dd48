"""Each entity's read shape: the plain data a ``show`` use-case, a read of the window and
``--json`` give for a campaign, a roster, a fighter, a unit and the equipment they carry
(``TypedDict`` classes the facade's pydantic adapters read), and the function that fills
each from its row. The subjects' modules (:mod:`.campaigns`, :mod:`.rosters`,
:mod:`.fighters`, :mod:`.units`) build their details on these.

The fields are declared in :mod:`campaign_app.entities` (``CAMPAIGN_DATA``, ...): the
builders fill each dict from that shape, and the ``TypedDict`` here is its type for
mypy; ``tests/campaign_app/test_entities.py`` keeps their keys equal, in order."""

from __future__ import annotations

from typing import Any, cast

from typing_extensions import TypedDict  # pydantic reads it on Python 3.11 (the facade's results)

from campaign_app.entities import (
    CAMPAIGN_DATA,
    EQUIPMENT_DATA,
    FIGHTER_DATA,
    ROSTER_DATA,
    UNIT_DATA,
)
from campaign_app.usecases.common import row_id
from db.models import Campaign, Equipment, Fighter, Roster, Unit


class CampaignData(TypedDict):
    id: int
    name: str
    system: str
    system_name: str
    edition: str
    expansions: list[str]
    house_rules: list[str]
    cycle: int
    version: int


class RosterData(TypedDict):
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


class EquipmentData(TypedDict):
    id: int
    name: str
    category: str
    range: str
    targets: int | None
    impact: int | None
    fp: int | None
    strength: str
    ap: str
    traits: list[str]
    qty: int
    cost: int
    notes: str
    # gear: the weapon's profile from the campaign's catalogue, label -> value in the
    # order the edition declares ({} = not in the catalogue, or not read here)
    profile: dict[str, Any]
    # ... and its further lines (a weapon of several modes or ammunition: "maximal",
    # "krak grenades"), each {"name", "profile": label -> value}; [] for one line
    profile_lines: list[dict[str, Any]]


class FighterData(TypedDict):
    id: int
    roster_id: int
    name: str
    type: str
    role: str
    kind: str
    rep: int | None
    stats: dict[str, Any]
    xp: int
    credits_value: int
    rank: int
    status: str
    status_note: str
    captured_by_roster_id: int | None
    walker_type_id: int | None
    crew_of_id: int | None
    abilities: list[str]
    conditions: list[str]
    notes: str
    version: int
    equipment: list[EquipmentData]
    skills: list[str]


class UnitColumns(TypedDict):
    """A unit's own columns (``unit show`` and the detail pane add to them)."""

    id: int
    roster_id: int
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
    stats: dict[str, Any]
    notes: str
    version: int


class UnitData(UnitColumns):
    equipment: list[EquipmentData]


def campaign_dict(c: Campaign) -> CampaignData:
    from campaign_app.systems.registry import system_name

    return cast(CampaignData, CAMPAIGN_DATA.build(c, id=row_id(c), system_name=system_name(c.system)))


def roster_dict(r: Roster) -> RosterData:
    return cast(RosterData, ROSTER_DATA.build(r, id=row_id(r)))


def equipment_dict(e: Equipment) -> EquipmentData:
    return cast(EquipmentData, EQUIPMENT_DATA.build(e, id=row_id(e)))


def fighter_dict(f: Fighter, equipment: list[EquipmentData] | None = None,
                 skills: list[str] | None = None) -> FighterData:
    return cast(FighterData, FIGHTER_DATA.build(f, id=row_id(f), equipment=equipment or [], skills=skills or []))


def unit_dict(u: Unit, equipment: list[EquipmentData] | None = None) -> UnitData:
    return cast(UnitData, UNIT_DATA.build(u, id=row_id(u), equipment=equipment or []))
