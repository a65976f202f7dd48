"""Squad games: FUBAR 3rd edition and the unit-morale infantry game.

Everything here is **pure**: rules data (``load_rulebook().data(system)``) and tables in,
plain values out. It holds

- unit validation helpers: training level by key, label or alias (FUBAR's Italian names
  Recluta / Esperto / Veterano / Elite included) with the activation, expertise and
  most-suppressed figures it gives; weapons with their fire points (FP) and close-range
  FP; personal and vehicle armour saves; discipline states and orders with their moves;
- the After the Battle for units (:func:`after_battle`), registered by the ``fubar`` and
  ``unit_morale`` packages (:func:`unit_procedures`);
- :func:`qrs_cards`, the quick-reference cards of both games as plain data.

After the Battle for units (our documented defaults; the tables are house-rule editable):

1. Units are handled in id order. A unit already ``destroyed`` is skipped.
2. Wounded figures from the unit's previous battle come back (``Unit.wounded`` back to
   ``figures``), whether or not the unit fought this time: they missed one battle.
3. A unit that ended the battle ``destroyed`` leaves the force: its status becomes
   ``destroyed`` (the row stays, for the history; it takes no part in later battles).
   It makes no rolls.
4. Each casualty figure of a unit that ``fought`` or was taken ``prisoner`` rolls the
   casualty table (``squad-casualty`` / ``um-casualty``): lost for good, wounded (misses
   the next battle, kept in ``Unit.wounded``) or back at once. A unit left with no
   figures and none wounded is destroyed.
5. A ``prisoner`` unit gets status ``prisoner`` (discipline Prisoner in the unit-morale
   game) until it is exchanged (``unit exchange``).
6. ``battles_fought`` counts every battle the unit took part in. A unit that fought and
   is still in the force rolls the promotion table after every third battle
   (``[after_battle] promotion_every`` in the rules data): 5+ raises its training one
   level; a unit at the top level (Elite) does not roll. The unit-morale game has no
   troop quality of its own: it gets the same four experience levels as a campaign
   marker (``[training]`` in ``unit_morale.toml``), so promotion means the same there.
7. In the unit-morale game every unit still in the force goes back to Confident.

Dice are taken in this order, so typed dice are predictable: for each unit (id order)
one d6 per casualty figure, then its promotion d6 if it is due.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from campaign_app.dice import Rolling, RollResult
from campaign_app.errors import InputError, RulesDataError
from campaign_app.rules import Row, Table
from campaign_app.rules.labels import labelled
from campaign_app.rules.names import entry_words, names_of, resolve_name
from campaign_app.rules.rolling import roll_on
from campaign_app.systems.base import BattleState, Outcome, Procedures, Step, UnitState
from campaign_app.systems.squads_info import UNIT_STATUSES

SQUAD_SYSTEMS = ("fubar", "unit-morale")
UNIT_TYPES = ("infantry", "vehicle", "bunker")
UNIT_ROW_STATUSES = ("active", "destroyed", "prisoner")  # Unit.status values
FATES = ("lost", "wounded", "back")
SYSTEM_NAMES = {"fubar": "FUBAR", "unit-morale": "the unit-morale game"}
DEFAULT_AFTER_BATTLE = {
    "fubar": {"casualty_table": "squad-casualty", "promotion_table": "squad-promotion", "promotion_every": 3},
    "unit-morale": {"casualty_table": "um-casualty", "promotion_table": "um-promotion", "promotion_every": 3},
}


def _norm(text: Any) -> str:
    return " ".join(str(text if text is not None else "").strip().lower().replace("_", "-").split())


def _section(data: Mapping[str, Any], name: str) -> dict[str, dict[str, Any]]:
    raw = data.get(name, {})
    if not isinstance(raw, Mapping):
        return {}
    return {str(k): dict(v) for k, v in raw.items() if isinstance(v, Mapping)}


def _inches(value: Any) -> str:
    return f'{value}"' if isinstance(value, int) else str(value or "")


# --------------------------------------------------------------------------- training
@dataclass(frozen=True)
class Level:
    key: str
    label: str
    aliases: tuple[str, ...]
    order: int
    activation: int | None = None
    expertise: int | None = None
    max_suppressed: int | None = None
    text: str = ""
    default: bool = False  # not from a seed (``default = true``): shown with "(default)"

    @property
    def shown(self) -> str:
        """``Green (Recluta)``: the label with the aliases that differ from it."""
        other = [a for a in self.aliases if a.lower() != self.label.lower()]
        return f"{self.label} ({', '.join(other)})" if other else self.label

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key, "label": self.label, "aliases": list(self.aliases), "shown": self.shown,
            "order": self.order, "activation": self.activation, "expertise": self.expertise,
            "max_suppressed": self.max_suppressed, "text": self.text, "default": self.default,
        }


def _opt_int(v: Any) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def training_levels(data: Mapping[str, Any]) -> list[Level]:
    """The system's training levels, lowest first (empty if it has none)."""
    out = []
    for key, v in _section(data, "training").items():
        out.append(Level(
            key=key, label=str(v.get("label", key)), aliases=tuple(str(a) for a in v.get("aliases", [])),
            order=int(v.get("order", 0)), activation=_opt_int(v.get("activation")),
            expertise=_opt_int(v.get("expertise")), max_suppressed=_opt_int(v.get("max_suppressed")),
            text=str(v.get("text", "")), default=v.get("default") is True,
        ))
    return sorted(out, key=lambda lv: lv.order)


def _choices(items: Iterable[str]) -> str:
    return ", ".join(items) or "none"


def resolve_training(data: Mapping[str, Any], raw: Any, system: str = "") -> Level:
    """A level by key, label or alias (any case): ``Recluta`` is Green in FUBAR."""
    levels = training_levels(data)
    name = SYSTEM_NAMES.get(system, system or "this game")
    if not levels:
        raise InputError(f"{name} has no training levels")
    found = resolve_name({lv.key: names_of(lv.key, lv.label, lv.aliases, system) for lv in levels},
                         raw, "training level")
    for lv in levels:
        if lv.key == found:
            return lv
    raise InputError(f"unknown training level {str(raw).strip()!r} for {name} "
                     f"(valid: {_choices(lv.shown for lv in levels)})")


def level_by_key(data: Mapping[str, Any], key: str) -> Level | None:
    for lv in training_levels(data):
        if lv.key == key:
            return lv
    return None


def promote(data: Mapping[str, Any], key: str, delta: int = 1) -> tuple[str, bool]:
    """The level ``delta`` steps from ``key`` (capped at both ends) and whether it moved."""
    levels = training_levels(data)
    keys = [lv.key for lv in levels]
    if key not in keys:
        raise InputError(f"unknown training level {key!r} (valid: {_choices(keys)})")
    i = max(0, min(len(keys) - 1, keys.index(key) + delta))
    return keys[i], keys[i] != key


def top_level(data: Mapping[str, Any]) -> Level | None:
    levels = training_levels(data)
    return levels[-1] if levels else None


# --------------------------------------------------------------------------- weapons
def weapons(data: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    return _section(data, "weapons")


def resolve_weapon(data: Mapping[str, Any], raw: Any, system: str = "") -> tuple[str, dict[str, Any]]:
    """A weapon of the weapons data by key or name (``assault rifle``, ``Revolver``...)."""
    table = weapons(data)
    name = SYSTEM_NAMES.get(system, system or "this game")
    want = _norm(raw)
    if not want:
        raise InputError("weapon name is empty")
    key = resolve_name({k: entry_words(v, "name", k, system) for k, v in table.items()}, raw, "weapon")
    if key is not None:
        return key, table[key]
    raise InputError(f"unknown weapon {str(raw).strip()!r} for {name} (valid: {_choices(table)})")


def weapon_fp(spec: Mapping[str, Any], distance: float | None = None) -> int:
    """Fire points at ``distance`` inches: the close FP at its range or less."""
    fp = int(spec.get("fp", 0))
    close_fp, close_range = spec.get("close_fp"), spec.get("close_range")
    if distance is not None and isinstance(close_fp, int) and isinstance(close_range, (int, float)):
        if distance <= close_range:
            return close_fp
    return fp


def weapon_fp_text(spec: Mapping[str, Any]) -> str:
    fp = str(spec.get("fp", ""))
    if isinstance(spec.get("close_fp"), int) and spec.get("close_range") is not None:
        return f'{fp} ({spec["close_fp"]} at {spec["close_range"]}" or less)'
    return fp


def weapon_range_text(spec: Mapping[str, Any]) -> str:
    rng = _inches(spec.get("range"))
    if spec.get("range_cm") is not None:
        rng += f" / {spec['range_cm']} cm"
    return rng


def weapon_notes(spec: Mapping[str, Any]) -> str:
    notes = str(spec.get("notes", "") or "")
    if isinstance(spec.get("close_fp"), int) and not notes:
        notes = f'{spec["close_fp"]} FP at {spec.get("close_range")} inches or less.'
    return notes


def weapon_profile(key: str, spec: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "key": key, "name": str(spec.get("name", key)), "category": str(spec.get("category", "")),
        "range": spec.get("range"), "range_cm": spec.get("range_cm"), "fp": spec.get("fp"),
        "close_fp": spec.get("close_fp"), "close_range": spec.get("close_range"),
        "fp_text": weapon_fp_text(spec), "range_text": weapon_range_text(spec), "notes": weapon_notes(spec),
    }


def equipment_fields(data: Mapping[str, Any], raw: Any, system: str = "", unit: Any = None) -> dict[str, Any]:
    """Column values of an Equipment row for a weapon typed by the user.

    A system with a weapons list (FUBAR) refuses a weapon it does not know, naming the
    valid ones; one without (the unit-morale game) takes the name as written. A weapon
    whose data names ``mounts`` (unit types) is refused on ``unit`` (a unit: ``name``
    and ``unit_type``) of another type."""
    if not weapons(data):
        name = " ".join(str(raw if raw is not None else "").split())
        if not name:
            raise InputError("weapon name is empty")
        if len(name) > 200:
            raise InputError(f"weapon name is {len(name)} characters long (at most 200)")
        return {"name": name, "category": "weapon", "range": "", "fp": None, "notes": "", "traits": []}
    key, spec = resolve_weapon(data, raw, system)
    if unit is not None:
        check_mount(spec, key, unit.name, unit.unit_type, str(getattr(unit, "armour", "") or ""))
    traits = [t for t in (str(spec.get("category", "")),) if t]
    return {
        "name": str(spec.get("name", key)), "category": "weapon", "range": _inches(spec.get("range")),
        "fp": _opt_int(spec.get("fp")), "notes": weapon_notes(spec), "traits": traits,
    }


def check_mount(spec: Mapping[str, Any], key: str, unit_name: str, unit_type: str, armour: str = "") -> None:
    """Refuse a weapon its data restricts to some unit types (``mounts``) on another; and,
    when the data also names ``vehicle_armour`` (the vehicle armour classes allowed: the
    game tells a tank from a truck by its armour), on a vehicle of another class.
    ``mounts_text`` says in words who may mount it."""
    mounts = [str(m) for m in (spec.get("mounts") or [])]
    classes = [str(a) for a in (spec.get("vehicle_armour") or [])]
    name = spec.get("name", key)
    kinds = str(spec.get("mounts_text") or " and ".join(f"{m}s" for m in mounts))
    if mounts and unit_type not in mounts:
        raise InputError(f"{name}: only {kinds} can mount it, and {unit_name} is {unit_type}")
    if classes and unit_type == "vehicle" and armour not in classes:
        raise InputError(f"{name}: only {kinds} can mount it, and {unit_name} is a vehicle with "
                         f"{armour or 'no'} armour (a vehicle needs {' or '.join(classes)} armour)")


def mount_of(data: Mapping[str, Any], weapon_name: str) -> tuple[str, dict[str, Any]] | None:
    """The weapon spec of a weapon a unit holds (by its name), if the data has it."""
    for key, spec in weapons(data).items():
        if isinstance(spec, Mapping) and str(spec.get("name", key)).lower() == weapon_name.lower():
            return key, dict(spec)
    return None


# --------------------------------------------------------------------------- armour
def armour_classes(data: Mapping[str, Any], unit_type: str) -> dict[str, dict[str, Any]]:
    armour = data.get("armour", {})
    if not isinstance(armour, Mapping):
        return {}
    group = "vehicle" if unit_type == "vehicle" else "personal"
    raw = armour.get(group, {})
    return {str(k): dict(v) for k, v in raw.items() if isinstance(v, Mapping)} if isinstance(raw, Mapping) else {}


def resolve_armour(data: Mapping[str, Any], raw: Any, unit_type: str = "infantry",
                   system: str = "") -> tuple[str, dict[str, Any]]:
    classes = armour_classes(data, unit_type)
    name = SYSTEM_NAMES.get(system, system or "this game")
    what = "vehicle armour" if unit_type == "vehicle" else "personal armour"
    if not classes:
        raise InputError(f"{name} has no {what} classes")
    key = resolve_name({k: entry_words(v, "label", k, system) for k, v in classes.items()}, raw, what)
    if key is not None:
        return key, classes[key]
    shown = _choices(f"{k} ({v.get('save')}+)" for k, v in classes.items())
    raise InputError(f"unknown {what} {str(raw).strip()!r} for {name} (valid: {shown})")


# --------------------------------------------------------------------------- morale
def discipline_states(data: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    return dict(sorted(_section(data, "discipline").items(), key=lambda kv: int(kv[1].get("order", 0))))


def orders(data: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    return _section(data, "orders")


def _resolve_keyed(table: Mapping[str, Mapping[str, Any]], raw: Any, what: str, name: str,
                   system: str = "") -> str:
    key = resolve_name({k: entry_words(v, "label", k, system) for k, v in table.items()}, raw, what)
    if key is not None:
        return key
    raise InputError(f"unknown {what} {str(raw).strip()!r} for {name} "
                     f"(valid: {_choices(str(v.get('label', k)) for k, v in table.items())})")


def resolve_discipline(data: Mapping[str, Any], raw: Any, system: str = "") -> str:
    name = SYSTEM_NAMES.get(system, system or "this game")
    table = discipline_states(data)
    if not table:
        raise InputError(f"{name} units have no discipline state")
    return _resolve_keyed(table, raw, "discipline state", name, system)


def resolve_order(data: Mapping[str, Any], raw: Any, system: str = "") -> str:
    name = SYSTEM_NAMES.get(system, system or "this game")
    table = orders(data)
    if not table:
        raise InputError(f"{name} units take no orders (it uses activations)")
    return _resolve_keyed(table, raw, "order", name, system)


def first_discipline(data: Mapping[str, Any]) -> str:
    """The best discipline state (Confident), or "" if the system has none."""
    return next(iter(discipline_states(data)), "")


def terrain_save(data: Mapping[str, Any]) -> int:
    """What using the terrain adds to a unit's save (``[terrain] save_modifier``; 0 if none)."""
    t = data.get("terrain")
    v = t.get("save_modifier") if isinstance(t, Mapping) else None
    return v if isinstance(v, int) and not isinstance(v, bool) else 0


def order_terrain_text(data: Mapping[str, Any], spec: Mapping[str, Any]) -> str:
    """``uses the terrain: +1 to the save`` for an order that counts as using it."""
    if not spec.get("uses_terrain"):
        return "not using the terrain"
    mod = terrain_save(data)
    return f"uses the terrain: {mod:+d} to the save" if mod else "uses the terrain"


def _rule_text(data: Mapping[str, Any], section: str) -> str:
    v = data.get(section)
    return str(v.get("text", "")) if isinstance(v, Mapping) else ""


def order_move_text(spec: Mapping[str, Any]) -> str:
    if not spec.get("moves"):
        return "no move"
    change = int(spec.get("move_change_cm", 0))
    base = f"{spec.get('move_cm')} cm"
    return f"{base}, normal {change:+d} cm" if change else f"{base}, normal move"


# --------------------------------------------------------------------------- checks
def check_unit_type(raw: Any, system: str = "") -> str:
    """infantry, vehicle or bunker: by its name or the game's words for it (``veicolo``)."""
    t = resolve_name({k: names_of(k, k, (), system) for k in UNIT_TYPES}, raw or "infantry", "unit type")
    if t is None:
        raise InputError(f"unit type {str(raw).strip()!r} is not one of {', '.join(UNIT_TYPES)}")
    return t


def check_status(raw: Any) -> str:
    s = _norm(raw)
    if s not in UNIT_ROW_STATUSES:
        raise InputError(f"unit status {str(raw).strip()!r} is not one of {', '.join(UNIT_ROW_STATUSES)}")
    return s


def check_figures(figures: int, figures_start: int, wounded: int = 0) -> None:
    """Figures now (fit to fight) and wounded never above the starting strength."""
    if figures_start < 1:
        raise InputError(f"figures at start: {figures_start} (a unit starts with at least 1)")
    if figures < 0:
        raise InputError(f"figures: {figures} cannot be negative")
    if wounded < 0:
        raise InputError(f"wounded: {wounded} cannot be negative")
    if figures > figures_start:
        raise InputError(f"figures: {figures} is more than the {figures_start} the unit started with")
    if figures + wounded > figures_start:
        raise InputError(f"figures {figures} plus wounded {wounded} is more than the "
                         f"{figures_start} the unit started with")


def unit_profile(system: str, data: Mapping[str, Any], *, training: str = "", armour: str = "",
                 unit_type: str = "infantry", discipline: str = "", order: str = "") -> dict[str, Any]:
    """What the rules make of a unit's columns: activation, saves, move... (for show)."""
    out: dict[str, Any] = {"system": system}
    lv = level_by_key(data, training) if training else None
    out["training"] = lv.to_dict() if lv else None
    classes = armour_classes(data, unit_type)
    a = classes.get(armour) if armour else None
    out["armour"] = ({"key": armour, "label": a.get("label", armour), "save": a.get("save"),
                      "kind": "vehicle" if unit_type == "vehicle" else "personal"} if a else None)
    d = discipline_states(data).get(discipline) if discipline else None
    out["discipline"] = {"key": discipline, "label": d.get("label", discipline), "text": d.get("text", "")} if d else None
    o = orders(data).get(order) if order else None
    out["order"] = ({"key": order, "label": o.get("label", order), "move": order_move_text(o),
                     "can_fire": bool(o.get("can_fire")), "text": o.get("text", ""),
                     "uses_terrain": bool(o.get("uses_terrain")),
                     "save_modifier": terrain_save(data) if o.get("uses_terrain") else 0,
                     "terrain": order_terrain_text(data, o) if "uses_terrain" in o else ""} if o else None)
    return out


# --------------------------------------------------------------------------- after the battle
@dataclass(frozen=True)
class AfterBattleConfig:
    casualty_table: str
    promotion_table: str
    promotion_every: int


def after_battle_config(system: str, data: Mapping[str, Any], options: Mapping[str, Any] | None = None
                        ) -> AfterBattleConfig:
    raw = dict(DEFAULT_AFTER_BATTLE.get(system, DEFAULT_AFTER_BATTLE["fubar"]))
    sect = data.get("after_battle")
    if isinstance(sect, Mapping):
        raw.update(sect)
    if options and options.get("promotion_every") is not None:
        raw["promotion_every"] = options["promotion_every"]
    every = raw["promotion_every"]
    if isinstance(every, bool) or not isinstance(every, int) or every < 0:
        raise InputError(f"promotion every {every!r} battles: give a whole number (0 turns it off)")
    return AfterBattleConfig(str(raw["casualty_table"]), str(raw["promotion_table"]), every)


def _table(tables: Mapping[str, Table], table_id: str) -> Table:
    t = tables.get(table_id)
    if t is None or not t.rolled:
        raise RulesDataError(f"no rolled table {table_id!r} in force for this campaign")
    return t


def _roll(table: Table, purpose: str, unit: UnitState) -> Rolling[tuple[RollResult, Row]]:

    res, row = yield from roll_on(table, purpose, rule=table.title, subject=unit.name)
    res.unit_id = unit.id
    return res, row


def _fate(table: Table, row: Row) -> str:
    for e in row.effects:
        if e.op == "figures":
            value = _norm(e.get("value"))
            if value in FATES:
                return value
            raise RulesDataError(f"table {table.id} row {row.roll}: figures {e.get('value')!r} "
                                 f"is not one of {', '.join(FATES)}")
    if row.result in FATES:
        return row.result
    raise RulesDataError(f"table {table.id} row {row.roll} gives no figure fate ({', '.join(FATES)})")


def _notes(row: Row) -> list[str]:
    return [str(e.get("value")) for e in row.effects if e.op == "note"]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def after_battle(state: BattleState, options: Mapping[str, Any]) -> Rolling[Outcome]:
    """After the Battle for every unit of the rosters that took part (see the module doc)."""
    data = state.data
    cfg = after_battle_config(state.system, data, options)
    out = Outcome()
    casualty_table: Table | None = None
    promotion_table: Table | None = None
    has_levels = bool(training_levels(data))
    confident = first_discipline(data)
    states = discipline_states(data)
    for uid in sorted(state.units):
        u = state.units[uid]
        if u.status == "destroyed":
            continue
        sets: dict[str, Any] = {}
        took_part = u.result in ("fought", "destroyed", "prisoner")
        figures, wounded = u.figures, u.wounded
        if took_part:
            sets["battles_fought"] = u.battles_fought + 1
        if u.result == "destroyed":
            sets["status"] = "destroyed"
            if "destroyed" in states:
                sets["discipline"] = "destroyed"
            out.steps.append(Step("Destroyed", u.name, "destroyed in the battle: the unit leaves the force",
                                  unit_id=u.id))
            out.change_unit(u.id, "destroyed", **sets)
            continue
        if wounded > 0:
            out.steps.append(Step("Wounded return", u.name,
                                  f"{_plural(wounded, 'wounded figure')} from the last battle "
                                  f"{'is' if wounded == 1 else 'are'} back", unit_id=u.id))
            figures += wounded
            wounded = 0
        if took_part and u.casualties > 0:
            casualties = u.casualties
            if casualties > u.figures:
                out.steps.append(Step("Casualty fate", u.name,
                                      f"{casualties} casualties recorded but only {u.figures} figures "
                                      f"fought: counting {u.figures}", unit_id=u.id))
                casualties = u.figures
            casualty_table = casualty_table or _table(state.tables, cfg.casualty_table)
            counts = dict.fromkeys(FATES, 0)
            for i in range(1, casualties + 1):
                res, row = yield from _roll(casualty_table,
                                 f"fate of {u.name}'s casualty {i} of {casualties}", u)
                fate = _fate(casualty_table, row)
                counts[fate] += 1
                extra = "".join(f" ({n})" for n in _notes(row))
                out.steps.append(Step(casualty_table.title, u.name,
                                      f"casualty {i} of {casualties}: {row.text or row.label}{extra}",
                                      roll=res, unit_id=u.id))
            figures = figures - casualties + counts["back"]
            wounded = counts["wounded"]
            out.steps.append(Step("Casualties", u.name,
                                  f"{counts['lost']} lost, {counts['wounded']} wounded (out for the next "
                                  f"battle), {counts['back']} back: {figures} of {u.figures_start} figures "
                                  f"ready", unit_id=u.id))
        figures = max(0, min(figures, u.figures_start))
        wounded = max(0, min(wounded, u.figures_start - figures))
        if figures != u.figures:
            sets["figures"] = figures
        if wounded != u.wounded:
            sets["wounded"] = wounded
        status = u.status
        if figures == 0 and wounded == 0:
            status = "destroyed"
            sets["status"] = "destroyed"
            if "destroyed" in states:
                sets["discipline"] = "destroyed"
            out.steps.append(Step("Destroyed", u.name, "no figures left: the unit leaves the force",
                                  unit_id=u.id))
        elif u.result == "prisoner":
            status = "prisoner"
            sets["status"] = "prisoner"
            if "prisoner" in states:
                sets["discipline"] = "prisoner"
            out.steps.append(Step("Prisoner", u.name,
                                  "taken prisoner: out of the force until exchanged (unit exchange)",
                                  unit_id=u.id))
        if u.result == "fought" and status == "active" and has_levels and cfg.promotion_every:
            done = u.battles_fought + 1
            if done % cfg.promotion_every == 0:
                yield from _promotion(state, cfg, u, done, sets, out, promotion_table)
        if status == "active" and confident and u.discipline != confident:
            sets["discipline"] = confident
            label = states[confident].get("label", confident)
            was = states.get(u.discipline, {}).get("label", u.discipline or "no state")
            out.steps.append(Step("Discipline reset", u.name, f"{was} -> {label} for the next battle",
                                  unit_id=u.id))
        if sets:
            out.change_unit(u.id, "after the battle", **sets)
    return out


def _promotion(state: BattleState, cfg: AfterBattleConfig, u: UnitState, done: int,
               sets: dict[str, Any], out: Outcome, table: Table | None) -> Rolling[None]:
    data = state.data
    top = top_level(data)
    current = level_by_key(data, u.training)
    if current is None:
        out.steps.append(Step("Promotion", u.name, f"battle {done}: no known training level "
                              f"({u.training or 'none'}), no promotion roll", unit_id=u.id))
        return
    if top is not None and current.key == top.key:
        out.steps.append(Step("Promotion", u.name, f"battle {done}: already {top.label}, the highest level: "
                              "no promotion roll", unit_id=u.id))
        return
    table = table or _table(state.tables, cfg.promotion_table)
    res, row = yield from _roll(table, f"promotion of {u.name} after its battle {done}", u)
    level = current.key
    for e in row.effects:
        if e.op == "training":
            level, _moved = promote(data, level, int(e.get("delta", 0)))
    new = level_by_key(data, level)
    assert new is not None
    if level != current.key:
        sets["training"] = level
        text = f"after battle {done}: {current.label} -> {new.label}"
    else:
        text = f"after battle {done}: stays {current.label}"
    extra = "".join(f" ({n})" for n in _notes(row))
    out.steps.append(Step(table.title, u.name, text + extra, roll=res, unit_id=u.id))


# --------------------------------------------------------------------------- QRS cards
def _s(v: Any) -> str:
    if v is None:
        return "-"
    if isinstance(v, bool):
        return "yes" if v else "no"
    return str(v)


def _rolled_table(table: Table) -> dict[str, Any]:
    return {
        "title": table.shown_title,
        "note": table.note,
        "columns": [table.dice.upper(), "Result", "Effect"],
        "rows": [[r.roll, r.label, r.text] for r in table.rows],
    }


def _entries_table(table: Table, columns: Sequence[tuple[str, str]]) -> dict[str, Any]:
    return {
        "title": table.shown_title,
        "note": table.note,
        "columns": [label for _k, label in columns],
        "rows": [[_s(e.get(k, "")) for k, _l in columns] for e in table.entries],
    }


def _after_battle_card(system: str, tables: Mapping[str, Table], data: Mapping[str, Any],
                       subtitle: str) -> dict[str, Any] | None:
    cfg = after_battle_config(system, data)
    found = [tables[t] for t in (cfg.casualty_table, cfg.promotion_table) if t in tables]
    if not found:
        return None
    sect = data.get("after_battle")
    ours = isinstance(sect, Mapping) and sect.get("default") is True
    lines = [
        labelled("Campaign rules", default=ours) + ": each unit's After the Battle, in this order.",
        "Each casualty figure rolls once: lost for good, wounded (misses the next battle), or back.",
        "Wounded figures from the previous battle come back.",
        f"A unit that fought rolls for promotion after every {cfg.promotion_every} battles "
        "(3rd, 6th...); the top level cannot rise." if cfg.promotion_every else "No promotion rolls.",
        "Destroyed units leave the force; prisoners return when exchanged.",
    ]
    if discipline_states(data):
        lines.append("Every unit still in the force starts the next battle Confident.")
    return {"title": "After the battle (campaign)", "subtitle": subtitle, "lines": lines,
            "tables": [_rolled_table(t) for t in found]}


def qrs_cards(system: str, tables: Mapping[str, Table], data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Quick-reference cards for a squad game, as plain data for the PDF report.

    Shape: ``[{"title", "subtitle", "lines": [...], "tables": [{"title", "note",
    "columns", "rows"}]}]``; every cell is text. Built from the same rules data the
    engine uses; ``tables`` are the campaign's tables in force (house rules included)."""
    if system == "fubar":
        return _fubar_cards(tables, data)
    if system == "unit-morale":
        return _unit_morale_cards(tables, data)
    raise InputError(f"no squad-game cards for {system!r} (known: {', '.join(SQUAD_SYSTEMS)})")


def _fubar_cards(tables: Mapping[str, Table], data: Mapping[str, Any]) -> list[dict[str, Any]]:
    sub = "FUBAR 3rd edition"
    cards: list[dict[str, Any]] = []
    levels = training_levels(data)
    cards.append({
        "title": "Training levels", "subtitle": sub,
        "lines": ["Activation and expertise are D6 scores to equal or beat.",
                  "An unmodified 6 always succeeds; an unmodified 1 always fails.",
                  "A unit that has lost more than half its figures falls back 6\"."],
        "tables": [{"title": "Training", "note": "Italian names in brackets.",
                    "columns": ["Level", "Activation", "Expertise", "Max suppressed"],
                    "rows": [[lv.shown, f"{lv.activation}+", f"{lv.expertise}+", _s(lv.max_suppressed)]
                             for lv in levels]}],
    })
    phases = data.get("sequence", {}).get("phases", []) if isinstance(data.get("sequence"), Mapping) else []
    acts = _section(data, "actions")
    cover = _section(data, "cover")
    seq_tables: list[dict[str, Any]] = []
    if acts:
        seq_tables.append({"title": "Actions", "note": "", "columns": ["Action", "Move", "Fire", "Notes"],
                           "rows": [[str(a.get("label", k)), _inches(a.get("move")), _s(a.get("can_fire")),
                                     str(a.get("text", ""))] for k, a in acts.items()]})
    if cover:
        seq_tables.append({"title": "Cover", "note": "Added to the score the shooter needs (never past 6+).",
                           "columns": ["Cover", "To hit", "Examples"],
                           "rows": [[str(c.get("label", k)), f"+{c.get('modifier')}", str(c.get("examples", ""))]
                                    for k, c in cover.items()]})
    cards.append({"title": "Turn sequence", "subtitle": sub,
                  "lines": [f"{p.get('label')}: {p.get('text')}" for p in phases if isinstance(p, Mapping)],
                  "tables": seq_tables})
    wl = weapons(data)
    rank = {"common": 0, "support": 1}
    rows = []
    for k, w in sorted(wl.items(), key=lambda kv: rank.get(str(kv[1].get("category", "")), 2)):
        p = weapon_profile(k, w)
        rows.append([p["name"], p["category"], p["range_text"], p["fp_text"], p["notes"]])
    cards.append({"title": "Weapons", "subtitle": sub,
                  "lines": ["Each figure rolls one die per FP against its expertise; each success hits.",
                            "Common small arms and HMGs cannot hurt armoured vehicles."],
                  "tables": [{"title": "Weapons", "note": "", "columns": ["Weapon", "Type", "Range", "FP", "Notes"],
                              "rows": rows}]})
    armour_tables = []
    for group, title in (("infantry", "Personal armour"), ("vehicle", "Vehicle armour")):
        classes = armour_classes(data, group)
        if classes:
            armour_tables.append({"title": title, "note": "Roll this or more on a D6 to stop a hit.",
                                  "columns": ["Armour", "Save", "Examples"],
                                  "rows": [[str(a.get("label", k)), f"{a.get('save')}+", str(a.get("examples", ""))]
                                           for k, a in classes.items()]})
    if "fubar-vehicle-damage" in tables:
        armour_tables.append(_rolled_table(tables["fubar-vehicle-damage"]))
    cards.append({"title": "Armour and vehicle damage", "subtitle": sub,
                  "lines": ["Roll once per unsaved hit on a vehicle."], "tables": armour_tables})
    ab = _after_battle_card("fubar", tables, data, sub)
    if ab:
        cards.append(ab)
    return cards


def _unit_morale_cards(tables: Mapping[str, Table], data: Mapping[str, Any]) -> list[dict[str, Any]]:
    sub = "Unit-morale infantry game"
    cards: list[dict[str, Any]] = []
    phases = data.get("sequence", {}).get("phases", []) if isinstance(data.get("sequence"), Mapping) else []
    cards.append({"title": "Phase sequence", "subtitle": sub,
                  "lines": [f"{i}. {p.get('label')}: {p.get('text')}"
                            for i, p in enumerate((p for p in phases if isinstance(p, Mapping)), start=1)],
                  "tables": []})
    states = discipline_states(data)
    disc_tables: list[dict[str, Any]] = [{
        "title": "Discipline states", "note": "Best first.", "columns": ["State", "What it means"],
        "rows": [[str(d.get("label", k)), str(d.get("text", ""))] for k, d in states.items()],
    }]
    if "um-state-changes" in tables:
        disc_tables.append(_entries_table(tables["um-state-changes"], [("trigger", "When"), ("change", "Then")]))
    cards.append({"title": "Discipline", "subtitle": sub,
                  "lines": ["A troubled unit either falls back or tests morale in the Discipline phase.",
                            "A unit that cannot fall back without closing on an enemy must test."],
                  "tables": disc_tables})
    ords = orders(data)
    mod = terrain_save(data)
    lines = ["One order per unit per turn, shown with a marker."]
    lines += [t for t in (_rule_text(data, "terrain"), _rule_text(data, "hiding"),
                          _rule_text(data, "opportunity_fire")) if t]
    cards.append({"title": "Orders", "subtitle": sub,
                  "lines": lines,
                  "tables": [{"title": "Orders", "note": "Moves for infantry.",
                              "columns": ["Order", "Move", "Fire", "Charge", "Hide", "Uses terrain", "Notes"],
                              "rows": [[str(o.get("label", k)), order_move_text(o), _s(o.get("can_fire")),
                                        _s(o.get("can_charge")), _s(o.get("can_hide")),
                                        _s(o.get("uses_terrain")) + (f" ({mod:+d} save)" if o.get("uses_terrain")
                                                                     and mod else ""),
                                        str(o.get("text", ""))] for k, o in ords.items()]}]})
    ab = _after_battle_card("unit-morale", tables, data, sub)
    if ab:
        levels = training_levels(data)
        if levels:
            ab["lines"].append(labelled("Experience (campaign marker)", default=any(lv.default for lv in levels))
                               + ": " + " -> ".join(lv.label for lv in levels) + ".")
        cards.append(ab)
    return cards


# --------------------------------------------------------------------------- registration
def unit_procedures(system: str) -> Procedures:
    """The After the Battle of a squad game; its package registers it (``fubar``,
    ``unit_morale``)."""
    return Procedures(
        system=system,
        after_battle=after_battle,
        default_result="fought",
        result_statuses=UNIT_STATUSES,
        unavailable=("dead", "lost", "captured", "in-recovery", "turned", "retired", "destroyed", "prisoner"),
    )


def qrs_sheet(q: Any) -> None:
    """Fill a :class:`~campaign_app.systems.qrs.QrsSheet` with the squad game's cards
    (``GameSystem.qrs`` of the ``fubar`` and ``unit_morale`` packages)."""
    cards = qrs_cards(q.system, q.tables, q.data)
    q.cards += cards
    titles = {str(t.get("title", "")) for c in cards for t in c.get("tables", []) if isinstance(t, Mapping)}
    q.used.update(tid for tid, t in q.tables.items() if t.shown_title in titles)
    # reference tables (training, state changes) are printed from the same data by
    # the squads cards under their own titles: only a rolled table may be left over
    q.skipped.update(tid for tid, t in q.tables.items() if not t.rolled)
