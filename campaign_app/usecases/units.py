"""Units of the squad games (FUBAR, unit-morale): add, edit, show, exchange prisoners.

Each writing use-case is one :class:`UnitOfWork`: checked first, nothing written on bad
input. Values are checked against the system's rules data (``campaign_app.systems.squads``):
a training level by key, English or Italian name; weapons from the weapons list (FUBAR:
an unknown weapon is refused with the list of valid ones; the unit-morale game has no
list and takes weapon names as written); armour by the unit's type (personal armour for
infantry, vehicle armour for vehicles); discipline state and order (unit-morale only).

Column meanings: ``figures`` = figures fit to fight now, ``figures_start`` = starting
strength, ``wounded`` = figures out until after the next battle; figures + wounded never
exceed the starting strength. ``training``, ``armour``, ``discipline`` and ``order`` hold
the rules-data keys (``green``, ``medium``, ``confident``, ``advance``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from campaign_app.errors import InputError
from campaign_app.rules import load_rulebook
from campaign_app.systems import get_system, squads
from campaign_app.usecases.common import (
    BATTLES_RANGE,
    FIGURES_RANGE,
    campaign_of_roster,
    clean_int,
    clean_name,
    clean_text,
    get_roster,
    get_unit,
    touch_version,
)
from campaign_app.usecases.core import _check_version, equipment_dict, unit_dict
from db.models import Campaign, Equipment, Roster, Unit
from db.uow import UnitOfWork, fault_point, read_session


def _rules_data(c: Campaign) -> dict[str, Any]:
    return load_rulebook().data(c.system, c.edition, c.expansions or [])


def _squad_campaign(c: Campaign) -> None:
    info = get_system(c.system)
    if not info.uses_units:
        raise InputError(f"{c.name} is a {info.name} campaign: units belong to the squad games "
                         f"({', '.join(squads.SQUAD_SYSTEMS)}); add fighters instead")


def _unit_campaign(s: Session, u: Unit) -> tuple[Campaign, Roster]:
    r = s.get(Roster, u.roster_id)
    assert r is not None
    c = campaign_of_roster(s, r)
    return c, r


def _check_name_free(s: Session, roster: Roster, name: str, unit_id: int | None = None) -> None:
    stmt = select(Unit).where(Unit.roster_id == roster.id, Unit.name == name)
    for other in s.exec(stmt).all():
        if other.id != unit_id:
            raise InputError(f"{roster.name} already has a unit named {name!r}")


def _add_weapons(s: Session, c: Campaign, data: Mapping[str, Any], u: Unit, names: Iterable[str]) -> None:
    for w in names:
        fields = squads.equipment_fields(data, w, c.system)
        s.add(Equipment(unit_id=u.id, **fields))


def add_unit(engine: Engine, roster: Any, name: str, figures: Any, training: Any = None,
             weapons: Iterable[str] = (), armour: Any = None, unit_type: Any = "infantry",
             discipline: Any = None, order: Any = None, figures_start: Any = None,
             notes: str = "") -> Unit:
    """Add a unit to a squad-game roster. Training defaults to the lowest level (Green),
    discipline to Confident (unit-morale), armour to none (vehicles: the "none" class)."""
    name = clean_name(name, "unit name")
    weapons = list(weapons)
    with UnitOfWork(engine, "unit.add") as uow:
        s = uow.session
        r = get_roster(s, roster)
        c = campaign_of_roster(s, r)
        uow.campaign_id = c.id
        _squad_campaign(c)
        data = _rules_data(c)
        _check_name_free(s, r, name)
        utype = squads.check_unit_type(unit_type)
        n = _figures(figures, "figures")
        start = n if figures_start is None or figures_start == "" else _figures(figures_start, "figures at start")
        squads.check_figures(n, start)
        assert r.id is not None
        u = Unit(roster_id=r.id, name=name, unit_type=utype, figures=n, figures_start=start,
                 notes=clean_text(notes, "notes"))
        _apply_rules_fields(c, data, u, training=training, armour=armour, discipline=discipline,
                            order=order, new=True)
        s.add(u)
        s.flush()
        fault_point("unit.add.after-insert")
        _add_weapons(s, c, data, u, weapons)
        uow.summary = f"add unit {name} to {r.name}"
    return u


def _apply_rules_fields(c: Campaign, data: Mapping[str, Any], u: Unit, *, new: bool = False,
                        **fields: Any) -> None:
    system = c.system
    training = fields.get("training")
    if training is not None and str(training).strip() != "":
        u.training = squads.resolve_training(data, training, system).key
    elif new:
        levels = squads.training_levels(data)
        u.training = levels[0].key if levels else ""
    armour = fields.get("armour")
    if armour is not None and str(armour).strip() != "":
        if _norm(armour) in ("-", "no", "none") and not squads.armour_classes(data, u.unit_type).get("none"):
            u.armour = ""
        else:
            u.armour = squads.resolve_armour(data, armour, u.unit_type, system)[0]
    elif new:
        u.armour = "none" if "none" in squads.armour_classes(data, u.unit_type) else ""
    elif u.armour and u.armour not in squads.armour_classes(data, u.unit_type):
        # type changed (infantry <-> vehicle): the old class must exist for the new type
        if u.armour == "none":
            u.armour = ""
        else:
            squads.resolve_armour(data, u.armour, u.unit_type, system)
    discipline = fields.get("discipline")
    if discipline is not None and str(discipline).strip() != "":
        u.discipline = squads.resolve_discipline(data, discipline, system)
    elif new:
        u.discipline = squads.first_discipline(data)
    order = fields.get("order")
    if order is not None and str(order).strip() != "":
        if _norm(order) in ("-", "none"):
            u.order = ""
        else:
            u.order = squads.resolve_order(data, order, system)


def _figures(value: Any, what: str) -> int:
    """A count of figures (now, at start, wounded): 0 to 100."""
    return clean_int(value, what, *FIGURES_RANGE)


def _norm(v: Any) -> str:
    return str(v).strip().lower()


EDITABLE = {"name", "figures", "figures_start", "wounded", "training", "armour", "unit_type",
            "discipline", "order", "status", "battles_fought", "notes"}


def edit_unit(engine: Engine, unit: Any, if_version: int | None = None, *,
              add_weapons: Iterable[str] = (), remove_weapons: Iterable[str] = (),
              **fields: Any) -> Unit:
    """Change a unit's columns (``None`` leaves one as it is); refuses a stale
    ``if_version`` (someone else saved first) and writes nothing on bad input."""
    bad = set(fields) - EDITABLE
    if bad:
        raise InputError(f"cannot edit {', '.join(sorted(bad))} of a unit")
    fields = {k: v for k, v in fields.items() if v is not None}
    add_weapons, remove_weapons = list(add_weapons), list(remove_weapons)
    with UnitOfWork(engine, "unit.edit") as uow:
        s = uow.session
        u = get_unit(s, unit)
        c, r = _unit_campaign(s, u)
        uow.campaign_id = c.id
        _squad_campaign(c)
        _check_version(u, if_version, "unit")
        data = _rules_data(c)
        if "name" in fields:
            new_name = clean_name(fields["name"], "unit name")
            _check_name_free(s, r, new_name, u.id)
            u.name = new_name
        if "unit_type" in fields:
            u.unit_type = squads.check_unit_type(fields["unit_type"])
        figures = _figures(fields["figures"], "figures") if "figures" in fields else u.figures
        start = _figures(fields["figures_start"], "figures at start") if "figures_start" in fields else u.figures_start
        wounded = _figures(fields["wounded"], "wounded") if "wounded" in fields else u.wounded
        squads.check_figures(figures, start, wounded)
        u.figures, u.figures_start, u.wounded = figures, start, wounded
        _apply_rules_fields(c, data, u, training=fields.get("training"), armour=fields.get("armour"),
                            discipline=fields.get("discipline"), order=fields.get("order"))
        if "status" in fields:
            u.status = squads.check_status(fields["status"])
        if "battles_fought" in fields:
            u.battles_fought = clean_int(fields["battles_fought"], "battles fought", *BATTLES_RANGE)
        if "notes" in fields:
            u.notes = clean_text(fields["notes"], "notes")
        s.add(u)
        if add_weapons or remove_weapons:
            touch_version(s, u)  # its weapons change: a new version of the unit
        for w in remove_weapons:
            _remove_weapon(s, c, data, u, w)
        _add_weapons(s, c, data, u, add_weapons)
        uow.summary = f"edit unit {u.name}"
    return u


def remove_unit(engine: Engine, unit: Any) -> None:
    """Take a unit off its roster with its weapons and battle results (undo brings all
    of it back); the roll record keeps its rolls, under the unit's name."""
    with UnitOfWork(engine, "unit.remove") as uow:
        s = uow.session
        u = get_unit(s, unit)
        c, _r = _unit_campaign(s, u)
        uow.campaign_id = c.id
        uow.summary = f"remove {u.name}"
        s.delete(u)


def _remove_weapon(s: Session, c: Campaign, data: Mapping[str, Any], u: Unit, ref: str) -> None:
    carried = list(s.exec(select(Equipment).where(Equipment.unit_id == u.id).order_by(Equipment.id)).all())  # type: ignore[arg-type]
    want = {_norm(ref)}
    if squads.weapons(data):
        try:
            want.add(_norm(squads.equipment_fields(data, ref, c.system)["name"]))
        except InputError:
            pass
    for e in carried:
        if _norm(e.name) in want or str(e.id) == str(ref).strip():
            s.delete(e)
            return
    raise InputError(f"{u.name} carries no {ref!r} (carries: {', '.join(e.name for e in carried) or 'nothing'})")


def exchange_prisoners(engine: Engine, unit: Any, for_unit: Any = None,
                       if_version: int | None = None) -> list[Unit]:
    """Bring a unit taken prisoner back into its force (status active; Confident in the
    unit-morale game). With ``for_unit``, an enemy prisoner unit of another roster of
    the same campaign is released in the same exchange (one undo step)."""
    with UnitOfWork(engine, "unit.exchange") as uow:
        s = uow.session
        u = get_unit(s, unit)
        c, r = _unit_campaign(s, u)
        uow.campaign_id = c.id
        _squad_campaign(c)
        _check_version(u, if_version, "unit")
        back = [u]
        if for_unit is not None and str(for_unit).strip():
            other = get_unit(s, for_unit)
            oc, orr = _unit_campaign(s, other)
            if oc.id != c.id:
                raise InputError(f"{other.name} belongs to another campaign")
            if orr.id == r.id:
                raise InputError(f"{u.name} and {other.name} are in the same roster: an exchange is between "
                                 "two forces")
            back.append(other)
        data = _rules_data(c)
        for x in back:
            if x.status != "prisoner":
                raise InputError(f"{x.name} is not a prisoner (status {x.status})")
            x.status = "active"
            if squads.discipline_states(data):
                x.discipline = squads.first_discipline(data)
            s.add(x)
        uow.summary = "exchange prisoners: " + " and ".join(x.name for x in back)
    return back


def show_unit(engine: Engine, unit: Any) -> dict[str, Any]:
    """A unit with its weapons and what the rules make of it (activation, saves, move)."""
    with read_session(engine) as s:
        u = get_unit(s, unit)
        c, r = _unit_campaign(s, u)
        data = _rules_data(c)
        eq = [equipment_dict(e) for e in
              s.exec(select(Equipment).where(Equipment.unit_id == u.id).order_by(Equipment.id)).all()]  # type: ignore[arg-type]
        d = unit_dict(u, eq)
        d["roster"] = {"id": r.id, "name": r.name}
        d["campaign"] = {"id": c.id, "name": c.name, "system": c.system}
        d["rules"] = squads.unit_profile(c.system, data, training=u.training, armour=u.armour,
                                         unit_type=u.unit_type, discipline=u.discipline, order=u.order)
        wl = squads.weapons(data)
        profiles = []
        for e in eq:
            try:
                key, spec = squads.resolve_weapon(data, e["name"], c.system) if wl else ("", {})
            except InputError:
                key, spec = "", {}
            profiles.append({**e, "rules": squads.weapon_profile(key, spec) if spec else None})
        d["equipment"] = profiles
        return d


def unit_choices(system: str, edition: str = "", expansions: Iterable[str] = ()) -> dict[str, Any]:
    """What a unit of ``system`` may be given (for forms and help): levels, weapons..."""
    info = get_system(system)
    if not info.uses_units:
        raise InputError(f"{info.name} has no units (squad games: {', '.join(squads.SQUAD_SYSTEMS)})")
    data = load_rulebook().data(info.id, edition, expansions)
    return {
        "training": [lv.to_dict() for lv in squads.training_levels(data)],
        "weapons": [squads.weapon_profile(k, w) for k, w in squads.weapons(data).items()],
        "armour": {t: _armour_choices(data, t) for t in squads.UNIT_TYPES},
        "discipline": [{"key": k, "label": v.get("label", k)} for k, v in squads.discipline_states(data).items()],
        "orders": [{"key": k, "label": v.get("label", k), "move": squads.order_move_text(v)}
                   for k, v in squads.orders(data).items()],
        "unit_types": list(squads.UNIT_TYPES),
    }


def _armour_choices(data: Mapping[str, Any], unit_type: str) -> list[dict[str, Any]]:
    """The armour classes of a unit type; "none" first (stored as no armour) when the
    data has no class of that name (personal armour), nothing if the game has none."""
    classes = squads.armour_classes(data, unit_type)
    out = [{"key": k, "label": a.get("label", k), "save": a.get("save")} for k, a in classes.items()]
    if classes and "none" not in classes:
        out.insert(0, {"key": "none", "label": "None", "save": None})
    return out
