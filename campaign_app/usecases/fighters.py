"""Fighters of a roster: add, edit, remove and show one; the checks of what a fighter
is given (its type, Rep, characteristics, status) against its game, and the weapons
and gear it carries, filled from the game's weapon list and catalogue."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, cast

from typing_extensions import (
    TypedDict,  # pydantic reads it on Python 3.11 (the facade's results)
    Unpack,
)

from campaign_app.changes import Changes
from campaign_app.entities import FIGHTER_RESULT
from campaign_app.errors import InputError
from campaign_app.systems import StatRule, SystemInfo, find_stat, get_system, stat_rules
from campaign_app.usecases.common import (
    CREDITS_RANGE,
    XP_RANGE,
    Number,
    Ref,
    campaign_of_fighter,
    campaign_of_roster,
    check_version,
    clean_int,
    clean_name,
    clean_text,
    get_fighter,
    get_roster,
    row_id,
    unlink_figures,
)
from campaign_app.usecases.results import FighterResult, RemovedResult
from campaign_app.usecases.shapes import EquipmentData, FighterData, equipment_dict, fighter_dict
from db.models import Campaign, Equipment, Fighter, Skill
from db.queries import fighters as fighter_q
from db.queries.versions import touch_version
from db.uow import Engine, Session, UnitOfWork, fault_point, read_session

FIGHTER_STATUSES = (
    "active", "in-recovery", "convalescence", "captured", "dead", "lost", "turned", "retired",
)


class InjuryData(TypedDict):
    id: int
    table: str
    roll: int
    result: str
    label: str
    battle_id: int | None
    effects_applied: list[str]
    effects_skipped: list[str]


class FighterDetail(FighterData):
    injuries: list[InjuryData]


def equipment_by_owner(s: Session, fids: Sequence[int | None], uids: Sequence[int | None]
                        ) -> dict[tuple[str, int], list[EquipmentData]]:
    """("f", fighter id) or ("u", unit id) -> the weapons and gear it carries."""
    out: dict[tuple[str, int], list[EquipmentData]] = {}
    for e in fighter_q.equipment_of(s, fids, uids):
        key = ("f", e.fighter_id) if e.fighter_id is not None else ("u", e.unit_id or 0)
        out.setdefault(key, []).append(equipment_dict(e))
    return out


def skills_by_fighter(s: Session, fids: Sequence[int | None]) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    for sk in fighter_q.skills_of(s, fids):
        out.setdefault(sk.fighter_id, []).append(sk.name)
    return out


def fill_profiles(s: Session, c: Campaign, groups: Iterable[list[EquipmentData]]) -> None:
    """Each weapon's profile (label -> value) from the campaign's catalogue (gear)."""
    from campaign_app.usecases.gear import campaign_data
    from campaign_app.usecases.profiles import fill_profiles as fill

    fill(campaign_data(s, c), groups)


def validate_rep(info: SystemInfo, rep: Number | None) -> int | None:
    if rep is None or rep == "":
        return None
    if not info.uses_rep:
        raise InputError(f"{info.name} does not use Rep")
    value = clean_int(rep, "rep")
    if not 1 <= value <= 6:
        raise InputError(f"rep: {value} is outside 1..6")
    return value


def parse_stats(info: SystemInfo, raw: Mapping[str, str | int],
                rules: Sequence[StatRule] | None = None) -> dict[str, int]:
    """``{"WS": "3+", "M": 5}`` to checked values keyed as the system spells them.

    ``rules``: the characteristics to check against (``stat_rules(system, edition,
    kind)``); default the system's edition-less ``info.stats``."""
    out: dict[str, int] = {}
    for k, v in raw.items():
        key = str(k).strip()
        rule = find_stat(rules, key, info.name) if rules is not None else info.stat(key)
        out[rule.key] = rule.parse(v.strip() if isinstance(v, str) else v)
    return out


def _weapon_data(c: Campaign) -> dict[str, Any]:
    from campaign_app.rules import load_rulebook

    data = load_rulebook().data(c.system, c.edition, c.expansions or [])
    weapons = data.get("weapons", {})
    return weapons if isinstance(weapons, dict) else {}


def make_equipment(c: Campaign, name: str) -> Equipment:
    """A weapon by name, filled from the system's weapon list when it knows it."""
    name = clean_name(name, "weapon name")
    weapons = _weapon_data(c)
    key = name.lower().replace(" ", "-")
    spec = weapons.get(key) or next(
        (w for w in weapons.values() if isinstance(w, dict) and str(w.get("name", "")).lower() == name.lower()),
        None,
    )
    e = Equipment(name=name)
    if isinstance(spec, dict):
        e.name = str(spec.get("name", name))
        rng = spec.get("range")
        e.range = "" if rng is None else (f'{rng}"' if isinstance(rng, int) else str(rng))
        for k in ("targets", "impact", "fp"):
            if isinstance(spec.get(k), int):
                setattr(e, k, spec[k])
        if spec.get("notes"):
            e.notes = str(spec["notes"])
        if spec.get("category"):
            e.category = str(spec["category"])
    return e


def _fixed_rep(c: Campaign, kind: str) -> tuple[int, str] | None:
    """(Rep, label) of a creature kind whose Rep never varies (the rules data gives the
    kind a ``rep``), from the campaign's rules data; None for every other kind."""
    from campaign_app.rules import load_rulebook

    if not kind or kind == "human":
        return None
    creatures = load_rulebook().data(c.system, c.edition, c.expansions or []).get("creatures", {})
    spec = creatures.get(kind) if isinstance(creatures, Mapping) else None
    if not isinstance(spec, Mapping) or spec.get("rep") is None:
        return None
    return int(spec["rep"]), str(spec.get("label") or kind.replace("-", " ").title())


def fighter_result(f: Fighter, campaign_id: int, changes: Changes) -> FighterResult:
    """The typed result of a use-case that added or changed fighter ``f``."""
    return FighterResult(**FIGHTER_RESULT.build(f, id=row_id(f), campaign_id=campaign_id), changes=changes)


class FighterFields(TypedDict, total=False):
    """The columns ``add_fighter`` and ``edit_fighter`` set (``None``: leave as it is)."""

    name: str | None
    fighter_type: str | None
    rep: Number | None
    stats: Mapping[str, str | int] | None
    role: str | None
    kind: str | None
    xp: Number | None
    credits_value: Number | None
    notes: str | None
    status: str | None


def add_fighter(engine: Engine, roster_ref: Ref, name: str, *, fighter_type: str | None = None,
                rep: Number | None = None, stats: Mapping[str, str | int] | None = None, role: str = "",
                kind: str = "human", xp: Number = 0, credits_value: Number = 0, notes: str = "",
                weapons: Iterable[str] = (), skills: Iterable[str] = ()) -> FighterResult:
    name = clean_name(name, "fighter name")
    with UnitOfWork(engine, "fighter.add") as uow:
        s = uow.session
        r = get_roster(s, roster_ref)
        c = campaign_of_roster(s, r)
        uow.campaign_id = c.id
        info = get_system(c.system)
        f = Fighter(roster_id=row_id(r), name=name)
        _apply_fighter_fields(info, c, f, {"fighter_type": fighter_type, "rep": rep, "stats": stats,
                                           "role": role, "kind": kind, "xp": xp,
                                           "credits_value": credits_value, "notes": notes}, new=True)
        s.add(f)
        s.flush()
        fault_point("fighter.add.after-insert")
        for w in weapons:
            e = make_equipment(c, w)
            e.fighter_id = f.id
            s.add(e)
        fault_point("fighter.add.after-equipment")
        for sk in skills:
            s.add(Skill(fighter_id=row_id(f), name=clean_name(sk, "skill")))
        uow.summary = f"add {name} to {r.name}"
    return fighter_result(f, row_id(c), uow.changes)


def _apply_fighter_fields(info: SystemInfo, c: Campaign, f: Fighter, fields: FighterFields, *,
                          new: bool = False) -> None:
    ft = fields.get("fighter_type")
    if ft is not None or new:
        t = (ft or info.default_type).strip().lower()
        if t not in info.fighter_types:
            raise InputError(f"type {ft!r} is not one of {', '.join(info.fighter_types)}")
        f.fighter_type = t
    kind_given = fields.get("kind")
    fixed = _fixed_rep(c, str(kind_given).strip().lower() if kind_given is not None else f.kind or "")
    if "rep" in fields and (fields["rep"] is not None or new):
        rep = validate_rep(info, fields["rep"])
        if info.uses_rep and rep is None and new and fixed is None:
            raise InputError(f"{info.name} fighters need a Rep from 1 to 6")
        if fixed is not None and rep is not None and rep != fixed[0]:
            label = fixed[1].lower()
            raise InputError(f"{f.name} is a {label}: {label}s are always Rep {fixed[0]} (not {rep})")
        f.rep = rep
    if fixed is not None:  # a creature of a fixed Rep (made one now, or added without a Rep)
        f.rep = fixed[0]
    stats = fields.get("stats")
    if stats:
        kind_now = str(fields.get("kind") or f.kind or "").strip().lower()
        if kind_now != "vehicle" and (f.fighter_type or "") == "vehicle":
            kind_now = "vehicle"
        merged = dict(f.stats or {})
        merged.update(parse_stats(info, stats, stat_rules(info.id, c.edition, kind_now, c.house_rules)))
        f.stats = merged
    kind = fields.get("kind")
    if kind is not None:
        k = kind.strip().lower()
        if k not in info.kinds:
            raise InputError(f"kind {kind!r} is not one of {', '.join(info.kinds)}")
        needed = info.expansion_for_kind(k)
        if needed and needed not in (c.expansions or []):
            raise InputError(f"kind {k!r} needs the {needed} expansion enabled for {c.name}")
        f.kind = k
    xp = fields.get("xp")
    if xp is not None:
        f.xp = clean_int(xp, "xp", *XP_RANGE)
    value = fields.get("credits_value")
    if value is not None:
        f.credits_value = clean_int(value, "credits value", *CREDITS_RANGE)
    role = fields.get("role")
    if role is not None:
        f.role = clean_text(role, "role", 100)
    notes = fields.get("notes")
    if notes is not None:
        f.notes = clean_text(notes, "notes")
    new_name = fields.get("name")
    if new_name is not None:
        f.name = clean_name(new_name, "fighter name")
    status = fields.get("status")
    if status is not None:
        st = status.strip().lower()
        if st not in FIGHTER_STATUSES:
            raise InputError(f"status {status!r} is not one of {', '.join(FIGHTER_STATUSES)}")
        f.status = st


def edit_fighter(engine: Engine, ref: Ref, *, if_version: int | None = None,
                 add_weapons: Iterable[str] = (), remove_weapons: Iterable[str] = (),
                 add_skills: Iterable[str] = (), **fields: Unpack[FighterFields]) -> FighterResult:
    allowed = set(FighterFields.__annotations__)
    bad = set(fields) - allowed
    if bad:
        raise InputError(f"cannot edit {', '.join(sorted(bad))} of a fighter")
    given = cast(FighterFields, {k: v for k, v in fields.items() if v is not None})
    with UnitOfWork(engine, "fighter.edit") as uow:
        s = uow.session
        f = get_fighter(s, ref)
        c, r = campaign_of_fighter(s, f)
        uow.campaign_id = c.id
        check_version(f, if_version, "fighter")
        info = get_system(c.system)
        _apply_fighter_fields(info, c, f, given)
        s.add(f)
        add_weapons, remove_weapons, add_skills = list(add_weapons), list(remove_weapons), list(add_skills)
        if add_weapons or remove_weapons or add_skills:
            touch_version(s, f)  # its weapons or skills change: a new version of the fighter
        fault_point("fighter.edit.after-fields")
        for w in add_weapons:
            e = make_equipment(c, w)
            e.fighter_id = f.id
            s.add(e)
        for w in remove_weapons:
            found = fighter_q.carried(s, row_id(f), w)
            if found is None:
                raise InputError(f"{f.name} carries no {w!r}")
            s.delete(found)
        fault_point("fighter.edit.after-equipment")
        for sk in add_skills:
            s.add(Skill(fighter_id=row_id(f), name=clean_name(sk, "skill")))
        uow.summary = f"edit {f.name}"
    return fighter_result(f, row_id(c), uow.changes)


def remove_fighter(engine: Engine, ref: Ref) -> RemovedResult:
    with UnitOfWork(engine, "fighter.remove") as uow:
        s = uow.session
        f = get_fighter(s, ref)
        c, _r = campaign_of_fighter(s, f)
        uow.campaign_id = c.id
        uow.summary = f"remove {f.name}"
        fid, name, roster_id = row_id(f), f.name, f.roster_id
        # other rows that point at this fighter keep their history without the link, its
        # rolls stay on record (journaled like everything else, so undo puts the links back)
        unlink_figures(s, [fid], [])
        s.delete(f)
    return RemovedResult(id=fid, name=name, roster_id=roster_id, campaign_id=row_id(c), changes=uow.changes)


def show_fighter(engine: Engine, ref: Ref) -> FighterDetail:
    with read_session(engine) as s:
        f = get_fighter(s, ref)
        fid = row_id(f)
        eq = equipment_by_owner(s, [fid], [])
        fill_profiles(s, campaign_of_roster(s, get_roster(s, f.roster_id)), eq.values())
        skills = skills_by_fighter(s, [fid])
        injuries = fighter_q.injuries_of(s, fid)
        return {
            **fighter_dict(f, eq.get(("f", fid), []), skills.get(fid, [])),
            "injuries": [
                {"id": i.id or 0, "table": i.table_id, "roll": i.roll, "result": i.result, "label": i.label,
                 "battle_id": i.battle_id, "effects_applied": list(i.effects_applied or []),
                 "effects_skipped": list(i.effects_skipped or [])}
                for i in injuries
            ],
        }
