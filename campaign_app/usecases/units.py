"""Units (figures in groups) of the games that use them: add, edit, show, exchange
prisoners.

Each writing use-case is one :class:`UnitOfWork`: checked first, nothing written on bad
input, and returns a typed result naming what it changed. Values are checked against
the system's rules data (``campaign_app.systems.squads``): a training level by key, label
or alias; weapons from the weapons list when the game has one (an unknown weapon is
refused with the list of valid ones; a game without a list takes weapon names as
written); armour by the unit's type (personal armour for infantry, vehicle armour for
vehicles); discipline state and order where the game has them.

Column meanings: ``figures`` = figures fit to fight now, ``figures_start`` = starting
strength, ``wounded`` = figures out until after the next battle; figures + wounded never
exceed the starting strength. ``training``, ``armour``, ``discipline`` and ``order`` hold
the rules-data keys (``green``, ``medium``, ``confident``, ``advance``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from typing_extensions import (
    TypedDict,  # pydantic reads it on Python 3.11 (the facade's results)
    Unpack,
)

from campaign_app.changes import Changes
from campaign_app.entities import UNIT_RESULT
from campaign_app.errors import InputError
from campaign_app.rules import load_rulebook
from campaign_app.rules.names import fold, seed_words
from campaign_app.systems import get_system, squads
from campaign_app.usecases.common import (
    BATTLES_RANGE,
    FIGURES_RANGE,
    Number,
    Ref,
    campaign_of_roster,
    check_version,
    clean_int,
    clean_name,
    clean_text,
    get_roster,
    get_unit,
    row_id,
    unlink_figures,
)
from campaign_app.usecases.results import ExchangeResult, RemovedResult, UnitResult
from campaign_app.usecases.shapes import EquipmentData, UnitColumns, equipment_dict, unit_dict
from db.models import Campaign, Equipment, Roster, Unit
from db.queries import units as unit_q
from db.queries.versions import touch_version
from db.uow import Engine, Session, UnitOfWork, fault_point, read_session


class WeaponData(EquipmentData):
    rules: dict[str, Any] | None
    """The weapon's profile from the game's weapons list (None: not on the list)."""


class RosterBrief(TypedDict):
    id: int
    name: str


class CampaignBrief(TypedDict):
    id: int
    name: str
    system: str


class UnitDetail(UnitColumns):
    equipment: list[WeaponData]
    roster: RosterBrief
    campaign: CampaignBrief
    rules: dict[str, Any]
    """What the rules make of the unit (``squads.unit_profile``)."""


class ArmourChoice(TypedDict):
    key: str
    label: str
    save: int | None
    words: list[str]
    """The game's own words for it in its translations (the seed's: ``Energetica``)."""


class KeyLabel(TypedDict):
    key: str
    label: str
    words: list[str]


class OrderChoice(KeyLabel):
    move: str


class UnitChoices(TypedDict):
    training: list[dict[str, Any]]
    weapons: list[dict[str, Any]]
    armour: dict[str, list[ArmourChoice]]
    discipline: list[KeyLabel]
    orders: list[OrderChoice]
    unit_types: list[str]


def _rules_data(c: Campaign) -> dict[str, Any]:
    return load_rulebook().data(c.system, c.edition, c.expansions or [])


def _unit_game(c: Campaign) -> None:
    info = get_system(c.system)
    if not info.uses_units:
        raise InputError(f"{c.name} is a {info.name} campaign: units belong to the squad games "
                         f"({', '.join(squads.SQUAD_SYSTEMS)}); add fighters instead")


def _unit_campaign(s: Session, u: Unit) -> tuple[Campaign, Roster]:
    r = unit_q.roster_of_unit(s, u)
    return campaign_of_roster(s, r), r


def _check_name_free(s: Session, roster: Roster, name: str, unit_id: int | None = None) -> None:
    for other in unit_q.units_named(s, row_id(roster), name):
        if other.id != unit_id:
            raise InputError(f"{roster.name} already has a unit named {name!r}")


def _add_weapons(s: Session, c: Campaign, data: Mapping[str, Any], u: Unit, names: Iterable[str]) -> None:
    for w in names:
        fields = squads.equipment_fields(data, w, c.system, unit=u)
        s.add(Equipment(unit_id=u.id, **fields))


def unit_result(u: Unit, campaign_id: int, changes: Changes) -> UnitResult:
    """The typed result of a use-case that added or changed unit ``u``."""
    return UnitResult(**UNIT_RESULT.build(u, id=row_id(u), campaign_id=campaign_id), changes=changes)


def add_unit(engine: Engine, roster: Ref, name: str, figures: Number, training: str | None = None,
             weapons: Iterable[str] = (), armour: str | None = None, unit_type: str | None = "infantry",
             discipline: str | None = None, order: str | None = None, figures_start: Number | None = None,
             notes: str = "") -> UnitResult:
    """Add a unit to a roster of a game with units. Training defaults to the lowest
    level, discipline to the first state (where the game has them), armour to none
    (vehicles: the "none" class)."""
    name = clean_name(name, "unit name")
    weapons = list(weapons)
    with UnitOfWork(engine, "unit.add") as uow:
        s = uow.session
        r = get_roster(s, roster)
        c = campaign_of_roster(s, r)
        uow.campaign_id = c.id
        _unit_game(c)
        data = _rules_data(c)
        _check_name_free(s, r, name)
        utype = squads.check_unit_type(unit_type, c.system)
        n = _figures(figures, "figures")
        start = n if figures_start is None or figures_start == "" else _figures(figures_start, "figures at start")
        squads.check_figures(n, start)
        u = Unit(roster_id=row_id(r), name=name, unit_type=utype, figures=n, figures_start=start,
                 notes=clean_text(notes, "notes"))
        _apply_rules_fields(c, data, u, training=training, armour=armour, discipline=discipline,
                            order=order, new=True)
        s.add(u)
        s.flush()
        fault_point("unit.add.after-insert")
        _add_weapons(s, c, data, u, weapons)
        uow.summary = f"add unit {name} to {r.name}"
    return unit_result(u, row_id(c), uow.changes)


def _given(value: str | None) -> bool:
    return value is not None and str(value).strip() != ""


def _apply_rules_fields(c: Campaign, data: Mapping[str, Any], u: Unit, *, training: str | None,
                        armour: str | None, discipline: str | None, order: str | None,
                        new: bool = False) -> None:
    system = c.system
    if training is not None and _given(training):
        u.training = squads.resolve_training(data, training, system).key
    elif new:
        levels = squads.training_levels(data)
        u.training = levels[0].key if levels else ""
    if armour is not None and _given(armour):
        if (fold(armour) in ("", "no", "none", *map(fold, seed_words("None", system)))
                and not squads.armour_classes(data, u.unit_type).get("none")):
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
    if discipline is not None and _given(discipline):
        u.discipline = squads.resolve_discipline(data, discipline, system)
    elif new:
        u.discipline = squads.first_discipline(data)
    if order is not None and _given(order):
        if _norm(order) in ("-", "none"):
            u.order = ""
        else:
            u.order = squads.resolve_order(data, order, system)


def _figures(value: Number, what: str) -> int:
    """A count of figures (now, at start, wounded): 0 to 100."""
    return clean_int(value, what, *FIGURES_RANGE)


def _norm(v: str | int) -> str:
    return str(v).strip().lower()


class UnitFields(TypedDict, total=False):
    """What ``edit_unit`` may change (``None``: leave it as it is)."""

    name: str | None
    figures: Number | None
    figures_start: Number | None
    wounded: Number | None
    training: str | None
    armour: str | None
    unit_type: str | None
    discipline: str | None
    order: str | None
    status: str | None
    battles_fought: Number | None
    notes: str | None


EDITABLE = frozenset(UnitFields.__annotations__)


def edit_unit(engine: Engine, unit: Ref, if_version: int | None = None, *,
              add_weapons: Iterable[str] = (), remove_weapons: Iterable[str] = (),
              **fields: Unpack[UnitFields]) -> UnitResult:
    """Change a unit's columns (``None`` leaves one as it is); refuses a stale
    ``if_version`` (someone else saved first) and writes nothing on bad input."""
    bad = set(fields) - EDITABLE
    if bad:
        raise InputError(f"cannot edit {', '.join(sorted(bad))} of a unit")
    add_weapons, remove_weapons = list(add_weapons), list(remove_weapons)
    with UnitOfWork(engine, "unit.edit") as uow:
        s = uow.session
        u = get_unit(s, unit)
        c, r = _unit_campaign(s, u)
        uow.campaign_id = c.id
        _unit_game(c)
        check_version(u, if_version, "unit")
        data = _rules_data(c)
        name = fields.get("name")
        if name is not None:
            new_name = clean_name(name, "unit name")
            _check_name_free(s, r, new_name, u.id)
            u.name = new_name
        type_before, armour_before = u.unit_type, u.armour
        unit_type = fields.get("unit_type")
        if unit_type is not None:
            u.unit_type = squads.check_unit_type(unit_type, c.system)
        figures, start, wounded = u.figures, u.figures_start, u.wounded
        if (v := fields.get("figures")) is not None:
            figures = _figures(v, "figures")
        if (v := fields.get("figures_start")) is not None:
            start = _figures(v, "figures at start")
        if (v := fields.get("wounded")) is not None:
            wounded = _figures(v, "wounded")
        squads.check_figures(figures, start, wounded)
        u.figures, u.figures_start, u.wounded = figures, start, wounded
        _apply_rules_fields(c, data, u, training=fields.get("training"), armour=fields.get("armour"),
                            discipline=fields.get("discipline"), order=fields.get("order"))
        if (u.unit_type, u.armour) != (type_before, armour_before):
            # a cannon stays on a tank or a bunker (seed 004): not on infantry, nor on a
            # vehicle whose armour makes it a truck or an APC (read without flushing the
            # unit: one edit is one new version)
            with s.no_autoflush:
                held = unit_q.weapons_of(s, row_id(u))
            for e in held:
                found = squads.mount_of(data, e.name)
                if found is not None:
                    squads.check_mount(found[1], found[0], u.name, u.unit_type, u.armour)
        if (status := fields.get("status")) is not None:
            u.status = squads.check_status(status)
        if (fought := fields.get("battles_fought")) is not None:
            u.battles_fought = clean_int(fought, "battles fought", *BATTLES_RANGE)
        if (notes := fields.get("notes")) is not None:
            u.notes = clean_text(notes, "notes")
        s.add(u)
        if add_weapons or remove_weapons:
            touch_version(s, u)  # its weapons change: a new version of the unit
        for w in remove_weapons:
            _remove_weapon(s, c, data, u, w)
        _add_weapons(s, c, data, u, add_weapons)
        uow.summary = f"edit unit {u.name}"
    return unit_result(u, row_id(c), uow.changes)


def remove_unit(engine: Engine, unit: Ref) -> RemovedResult:
    """Take a unit off its roster with its weapons and battle results (undo brings all
    of it back); the roll record keeps its rolls, under the unit's name."""
    with UnitOfWork(engine, "unit.remove") as uow:
        s = uow.session
        u = get_unit(s, unit)
        c, _r = _unit_campaign(s, u)
        uow.campaign_id = c.id
        uow.summary = f"remove {u.name}"
        uid, name, roster_id = row_id(u), u.name, u.roster_id
        unlink_figures(s, [], [uid])  # its rolls stay on record, linked again by undo
        s.delete(u)
    return RemovedResult(id=uid, name=name, roster_id=roster_id, campaign_id=row_id(c), changes=uow.changes)


def _remove_weapon(s: Session, c: Campaign, data: Mapping[str, Any], u: Unit, ref: str) -> None:
    carried = list(unit_q.weapons_of(s, row_id(u)))
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


def exchange_prisoners(engine: Engine, unit: Ref, for_unit: Ref | None = None,
                       if_version: int | None = None) -> ExchangeResult:
    """Bring a unit taken prisoner back into its force (status active; back to the first
    discipline state where the game has them). With ``for_unit``, an enemy prisoner unit
    of another roster of the same campaign is released in the same exchange (one undo
    step)."""
    with UnitOfWork(engine, "unit.exchange") as uow:
        s = uow.session
        u = get_unit(s, unit)
        c, r = _unit_campaign(s, u)
        uow.campaign_id = c.id
        _unit_game(c)
        check_version(u, if_version, "unit")
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
    changes = uow.changes
    return ExchangeResult(units=tuple(unit_result(x, row_id(c), changes) for x in back), changes=changes)


def show_unit(engine: Engine, unit: Ref) -> UnitDetail:
    """A unit with its weapons and what the rules make of it (activation, saves, move)."""
    with read_session(engine) as s:
        u = get_unit(s, unit)
        c, r = _unit_campaign(s, u)
        data = _rules_data(c)
        eq = [equipment_dict(e) for e in unit_q.weapons_of(s, row_id(u))]
        wl = squads.weapons(data)
        profiles: list[WeaponData] = []
        for e in eq:
            try:
                key, spec = squads.resolve_weapon(data, e["name"], c.system) if wl else ("", {})
            except InputError:
                key, spec = "", {}
            profiles.append({**e, "rules": squads.weapon_profile(key, spec) if spec else None})
        return {
            **unit_dict(u),
            "equipment": profiles,
            "roster": {"id": row_id(r), "name": r.name},
            "campaign": {"id": row_id(c), "name": c.name, "system": c.system},
            "rules": squads.unit_profile(c.system, data, training=u.training, armour=u.armour,
                                         unit_type=u.unit_type, discipline=u.discipline, order=u.order),
        }


def unit_choices(system: str, edition: str = "", expansions: Iterable[str] = ()) -> UnitChoices:
    """What a unit of ``system`` may be given (for forms and help): levels, weapons..."""
    info = get_system(system)
    if not info.uses_units:
        raise InputError(f"{info.name} has no units (squad games: {', '.join(squads.SQUAD_SYSTEMS)})")
    data = load_rulebook().data(info.id, edition, expansions)
    sid = info.id

    def words(english: Any) -> list[str]:
        return seed_words(str(english), sid, parts=False)

    return {
        "training": [{**lv.to_dict(), "words": words(lv.label)} for lv in squads.training_levels(data)],
        "weapons": [{**squads.weapon_profile(k, w), "words": words(w.get("name", k))}
                    for k, w in squads.weapons(data).items()],
        "armour": {t: _armour_choices(data, t, sid) for t in squads.UNIT_TYPES},
        "discipline": [{"key": k, "label": v.get("label", k), "words": words(v.get("label", k))}
                       for k, v in squads.discipline_states(data).items()],
        "orders": [{"key": k, "label": v.get("label", k), "words": words(v.get("label", k)),
                    "move": squads.order_move_text(v)} for k, v in squads.orders(data).items()],
        "unit_types": list(squads.UNIT_TYPES),
    }


def _armour_choices(data: Mapping[str, Any], unit_type: str, system: str = "") -> list[ArmourChoice]:
    """The armour classes of a unit type; "none" first (stored as no armour) when the
    data has no class of that name (personal armour), nothing if the game has none."""
    classes = squads.armour_classes(data, unit_type)
    out: list[ArmourChoice] = [{"key": k, "label": a.get("label", k), "save": a.get("save"),
                                "words": seed_words(str(a.get("label", k)), system, parts=False)}
                               for k, a in classes.items()]
    if classes and "none" not in classes:
        out.insert(0, {"key": "none", "label": "None", "save": None, "words": seed_words("None", system, parts=False)})
    return out
