"""Each entity's read shape: the plain data a ``show`` use-case, a read of the window and
``--json`` give for a campaign, a roster, a fighter, a unit and the equipment they carry
(``TypedDict`` classes the facade's pydantic adapters read), and the function that fills
each from its row. The subjects' modules (:mod:`.campaigns`, :mod:`.rosters`,
:mod:`.fighters`, :mod:`.units`) build their details on these."""

from __future__ import annotations

from typing import Any

from typing_extensions import TypedDict  # pydantic reads it on Python 3.11 (the facade's results)

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

    return {
        "id": row_id(c),
        "name": c.name,
        "system": c.system,
        "system_name": system_name(c.system),
        "edition": c.edition,
        "expansions": list(c.expansions or []),
        "house_rules": sorted((c.house_rules or {}).keys()),
        "cycle": c.cycle,
        "version": c.version,
    }


def roster_dict(r: Roster) -> RosterData:
    return {
        "id": row_id(r), "campaign_id": r.campaign_id, "name": r.name, "kind": r.kind,
        "faction": r.faction, "player": r.player, "credits": r.credits,
        "reputation": r.reputation, "notes": r.notes, "version": r.version,
    }


def equipment_dict(e: Equipment) -> EquipmentData:
    return {
        "id": row_id(e), "name": e.name, "category": e.category, "range": e.range,
        "targets": e.targets, "impact": e.impact, "fp": e.fp, "strength": e.strength,
        "ap": e.ap, "traits": list(e.traits or []), "qty": e.qty, "cost": e.cost, "notes": e.notes,
        "profile": {}, "profile_lines": [],
    }


def fighter_dict(f: Fighter, equipment: list[EquipmentData] | None = None,
                 skills: list[str] | None = None) -> FighterData:
    return {
        "id": row_id(f), "roster_id": f.roster_id, "name": f.name, "type": f.fighter_type,
        "role": f.role, "kind": f.kind, "rep": f.rep, "stats": dict(f.stats or {}),
        "xp": f.xp, "credits_value": f.credits_value, "rank": f.rank, "status": f.status,
        "status_note": f.status_note, "captured_by_roster_id": f.captured_by_roster_id,
        "walker_type_id": f.walker_type_id, "crew_of_id": f.crew_of_id,
        "abilities": list(f.abilities or []), "conditions": list(f.conditions or []),
        "notes": f.notes, "version": f.version,
        "equipment": equipment or [], "skills": skills or [],
    }


def unit_dict(u: Unit, equipment: list[EquipmentData] | None = None) -> UnitData:
    return {
        "id": row_id(u), "roster_id": u.roster_id, "name": u.name, "unit_type": u.unit_type,
        "training": u.training, "figures": u.figures, "figures_start": u.figures_start,
        "wounded": u.wounded, "armour": u.armour, "discipline": u.discipline, "order": u.order,
        "status": u.status, "battles_fought": u.battles_fought, "stats": dict(u.stats or {}),
        "notes": u.notes, "version": u.version, "equipment": equipment or [],
    }
