"""Each entity's fields, declared once (issue #28): a campaign, a roster, a fighter, a
unit and the equipment they carry. An :class:`Entity` lists every field the app shows
of it, in order: each column of its table (a test keeps them equal to ``db.models``)
and the fields a reader is given (``system_name``, a fighter's ``equipment``...).

Every shape of an entity (the read shapes of :mod:`campaign_app.usecases.shapes`, the
results of :mod:`campaign_app.usecases.results`, the roster table's rows, a
procedure's state, the export's documents) is a :class:`Shape` of it: *all* its fields
but those it leaves out, in the entity's order, renamed where it says, with keys of its
own around them. Its ``build`` fills the dict from a row, so a column declared here
reaches every shape that does not leave it out; the shape's ``TypedDict`` or dataclass
stays written out for mypy, and ``tests/campaign_app/test_entities.py`` checks that
each one's keys are its shape's, in order: a field added in one place only fails it.

Pure: no database, no pydantic (the window's first screen imports it)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any


def _list(v: Any) -> list[Any]:
    return list(v or [])


def _dict(v: Any) -> dict[str, Any]:
    return dict(v or {})


def _keys(v: Any) -> list[str]:
    return sorted((v or {}).keys())


@dataclass(frozen=True)
class Field:
    """A field of an entity: ``key``, its name in the shapes; ``column``, the table's
    column it is read from (None: not a column, the shape's reader gives it); ``copy``,
    how the value is taken out of the row (a list, a dict, a mapping's sorted keys);
    ``default``, what a given field is when the reader gives nothing."""

    key: str
    column: str | None = ""  # "": the column named as the key
    copy: Callable[[Any], Any] | None = None
    default: Callable[[], Any] | None = None

    @property
    def col(self) -> str | None:
        return self.key if self.column == "" else self.column


def col(key: str, column: str = "", copy: Callable[[Any], Any] | None = None) -> Field:
    return Field(key, column, copy)


def given(key: str, default: Callable[[], Any] | None = None) -> Field:
    return Field(key, None, None, default)


@dataclass(frozen=True)
class Entity:
    name: str
    table: str
    fields: tuple[Field, ...]

    def __post_init__(self) -> None:
        keys = [f.key for f in self.fields]
        if len(set(keys)) != len(keys):
            raise ValueError(f"{self.name}: a field is declared twice")

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(f.key for f in self.fields)

    @property
    def columns(self) -> tuple[str, ...]:
        """The table's columns, as the entity declares them."""
        return tuple(c for f in self.fields if (c := f.col) is not None)

    def field(self, key: str) -> Field:
        for f in self.fields:
            if f.key == key:
                return f
        raise KeyError(f"{self.name} has no field {key!r}")

    def shape(self, template: Iterable[str] = ("*",), *, leave_out: Iterable[str] = (),
              rename: Mapping[str, str] | None = None, replace: Mapping[str, str] | None = None) -> Shape:
        """A shape of this entity: ``template``'s keys in order, where ``"*"`` stands for
        every field not named elsewhere in it nor in ``leave_out`` (so a new field comes
        in there); a key of the template that is not a field is the shape's own (its
        reader gives it). ``rename``: a field shown under another key, its value read
        as it is; ``replace``: a field shown under another key whose value the reader
        gives (a reference turned into a document's ``ref``)."""
        rename, replace = dict(rename or {}), dict(replace or {})
        template = tuple(template)
        out = set(leave_out)
        for k in (*out, *rename, *replace):
            self.field(k)  # a typo is an error, not a field left in
        named = {k for k in template if k != "*"}
        plan: list[tuple[str, str | None, Callable[[Any], Any] | None, Callable[[], Any] | None]] = []
        for k in template:
            if k == "*":
                for f in self.fields:
                    if f.key in named or f.key in out:
                        continue
                    if f.key in replace:
                        plan.append((replace[f.key], None, None, None))
                    else:
                        plan.append((rename.get(f.key, f.key), f.col, f.copy, f.default))
            elif k in replace:
                plan.append((replace[k], None, None, None))
            elif k in self.keys:
                f = self.field(k)
                plan.append((k, f.col, f.copy, f.default))
            else:
                plan.append((k, None, None, None))
        keys = [p[0] for p in plan]
        if len(set(keys)) != len(keys):
            raise ValueError(f"{self.name}: a key is twice in the shape {keys}")
        return Shape(self, tuple(plan), (template, tuple(sorted(out)), rename, replace))


@dataclass(frozen=True)
class Shape:
    """One shape of an entity: its keys in order, each read from a column (copied) or
    given by the reader. ``build(row, **given)`` makes the dict; a row is an ORM object,
    a Core row or a mapping (a plain read's dict)."""

    entity: Entity
    plan: tuple[tuple[str, str | None, Callable[[Any], Any] | None, Callable[[], Any] | None], ...]
    spec: tuple[tuple[str, ...], tuple[str, ...], dict[str, str], dict[str, str]]  # as it was declared

    def of(self, entity: Entity) -> Shape:
        """The same shape of another entity (a test's: the entity with a field more)."""
        template, leave_out, rename, replace = self.spec
        return entity.shape(template, leave_out=leave_out, rename=rename, replace=replace)

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(p[0] for p in self.plan)

    @property
    def columns(self) -> tuple[str, ...]:
        """The table's columns this shape reads, in order (what its query selects)."""
        return tuple(c for _k, c, _cp, _d in self.plan if c is not None)

    def build(self, row: Any, **given: Any) -> dict[str, Any]:
        get: Callable[[str], Any] = row.__getitem__ if isinstance(row, Mapping) else partial(getattr, row)
        out: dict[str, Any] = {}
        for key, column, copy, default in self.plan:
            if key in given:
                out[key] = given[key]
            elif column is not None:
                v = get(column)
                out[key] = copy(v) if copy is not None else v
            elif default is not None:
                out[key] = default()
            else:
                raise TypeError(f"{self.entity.name}: {key!r} is not given")
        extra = set(given) - set(out)
        if extra:
            raise TypeError(f"{self.entity.name}: no such key in the shape: {', '.join(sorted(extra))}")
        return out


# ------------------------------------------------------------------------ the entities
# The order is the shapes' order (``--json`` and the export print in it).
CAMPAIGN = Entity("campaign", "campaign", (
    col("id"), col("name"), col("system"),
    given("system_name"),  # the game's name (the registry's), given by the reader
    col("edition"), col("expansions", copy=_list),
    col("house_rules", copy=_keys),  # the ids of the tables the campaign overrides, sorted
    col("cycle"), col("version"),
    col("notes"), col("created_at"), col("deleted_at"), col("counters"), col("dice_discipline"),
    col("typed_dice"), col("roster_rules"),
))

ROSTER = Entity("roster", "roster", (
    col("id"), col("campaign_id"), col("name"), col("kind"), col("faction"), col("player"),
    col("credits"), col("reputation"), col("notes"), col("version"),
    col("created_at"), col("owner"), col("counters", copy=_dict),
))

EQUIPMENT = Entity("equipment", "equipment", (
    col("id"), col("name"), col("category"), col("range"), col("targets"), col("impact"), col("fp"),
    col("strength"), col("ap"), col("traits", copy=_list), col("qty"), col("cost"), col("notes"),
    # the weapon's profile from the campaign's catalogue, and its further lines (filled
    # by ``fill_profiles``; {} and [] when not read)
    given("profile", dict), given("profile_lines", list),
    col("fighter_id"), col("unit_id"),
))

FIGHTER = Entity("fighter", "fighter", (
    col("id"), col("roster_id"), col("name"), col("type", "fighter_type"), col("role"), col("kind"),
    col("rep"), col("stats", copy=_dict), col("xp"), col("credits_value"), col("rank"),
    col("advances", copy=_dict), col("status"), col("status_note"), col("captured_by_roster_id"),
    col("walker_type_id"), col("crew_of_id"), col("abilities", copy=_list),
    col("conditions", copy=_list), col("notes"), col("created_at"), col("version"),
    given("equipment", list), given("skills", list),
))

UNIT = Entity("unit", "unit", (
    col("id"), col("roster_id"), col("name"), col("unit_type"), col("training"), col("figures"),
    col("figures_start"), col("wounded"), col("armour"), col("discipline"), col("order"),
    col("status"), col("battles_fought"), col("stats", copy=_dict), col("notes"), col("created_at"),
    col("version"), given("equipment", list),
))

ENTITIES = (CAMPAIGN, ROSTER, EQUIPMENT, FIGHTER, UNIT)


# ------------------------------------------------------------------------ the shapes
# read shapes (``usecases.shapes``: ``show``, the window's reads, ``--json``)
CAMPAIGN_DATA = CAMPAIGN.shape(leave_out=("notes", "created_at", "deleted_at", "dice_discipline",
                                          "typed_dice", "counters", "roster_rules"))
ROSTER_DATA = ROSTER.shape(leave_out=("created_at", "owner", "counters"))
EQUIPMENT_DATA = EQUIPMENT.shape(leave_out=("fighter_id", "unit_id"))
FIGHTER_DATA = FIGHTER.shape(leave_out=("advances", "created_at"))
UNIT_DATA = UNIT.shape(leave_out=("created_at",))

# a writing use-case's result (``usecases.results``)
CAMPAIGN_RESULT = CAMPAIGN_DATA
ROSTER_RESULT = ROSTER.shape(("*", "credits_default"), leave_out=("created_at", "owner", "counters"))
FIGHTER_RESULT = FIGHTER.shape(
    ("id", "roster_id", "campaign_id", "*"), rename={"type": "fighter_type"},
    leave_out=("rank", "advances", "status_note", "walker_type_id", "crew_of_id", "abilities",
               "conditions", "created_at", "equipment", "skills"))
UNIT_RESULT = UNIT.shape(("id", "roster_id", "campaign_id", "*"),
                         leave_out=("stats", "created_at", "equipment"))

# a row of the roster table (``gui_queries.roster_table``, the first screen's plain reads)
FIGHTER_ROW = FIGHTER.shape(
    ("what", "id", "roster_id", "roster", "*", "weapons", "skills", "injuries", "status_class"),
    leave_out=("rank", "advances", "captured_by_roster_id", "walker_type_id", "abilities", "conditions",
               "notes", "created_at", "equipment"))
UNIT_ROW = UNIT.shape(("what", "id", "roster_id", "roster", "*", "weapons", "status_class"),
                      rename={"unit_type": "type"}, leave_out=("notes", "created_at", "equipment"))

# a figure and a roster as an After the Battle procedure sees them (``systems.base``;
# the battle's own fields, its result, come after)
FIGHTER_STATE = FIGHTER.shape(leave_out=(
    "credits_value", "rank", "advances", "status_note", "captured_by_roster_id", "walker_type_id",
    "abilities", "notes", "created_at", "version", "equipment"))
UNIT_STATE = UNIT.shape(leave_out=("unit_type", "armour", "order", "notes", "created_at", "version",
                                   "equipment"))
ROSTER_STATE = ROSTER.shape(leave_out=("campaign_id", "player", "notes", "version", "created_at",
                                       "owner", "counters"))

# the JSON export's documents (``usecases.datafiles.export``; the import's models in
# ``usecases.datafiles.schema`` have the same fields): references by ``ref``, times as
# ISO text, both given
CAMPAIGN_DOC = CAMPAIGN.shape(
    ("name", "system", "edition", "expansions", "cycle", "stat_line", "notes", "created_at", "house_rules", "*"),
    leave_out=("id", "system_name", "version", "deleted_at"),
    replace={"created_at": "created_at", "house_rules": "house_rules", "counters": "counters",
             "typed_dice": "typed_dice"})
ROSTER_DOC = ROSTER.shape(("ref", "*", "fighters", "units", "stash", "ledger", "territories"),
                          leave_out=("id", "campaign_id", "version"), replace={"created_at": "created_at"})
EQUIPMENT_DOC = EQUIPMENT.shape(leave_out=("id", "profile", "profile_lines", "fighter_id", "unit_id"))
FIGHTER_DOC = FIGHTER.shape(
    ("ref", "*", "injuries"), leave_out=("id", "roster_id", "version"),
    replace={"captured_by_roster_id": "captured_by", "walker_type_id": "walker_type",
             "crew_of_id": "crew_of", "created_at": "created_at", "equipment": "equipment",
             "skills": "skills"})
UNIT_DOC = UNIT.shape(("ref", "*"), leave_out=("id", "roster_id", "version"),
                      replace={"created_at": "created_at", "equipment": "equipment"})
