"""Necromunda content as data: houses and gangs, their fighter types, equipment lists,
gang composition rules and skill sets (format: docs/rules-format.md, "Gang content";
the items themselves, with their weapon profiles and Trading Post rarity, are the
equipment catalogue: campaign_app/rules/catalogue.py).

The data lives in the package's ``rules/*.toml`` files of an edition (``n23_*.toml``),
in these top-level sections, each a table of kebab-case keys::

    [houses.<id>]              a house or gang: name, aliases, starting credits, minimum
                               fighters, the composition it follows, its fighter types
    [compositions.<id>]        gang composition rules as data, each rule in words
    [house_fighters.<id>]     house, name, aliases, category, cost, stat line, default
                               equipment and skills, skill access, equipment list
    [equipment_lists.<id>]     item key -> cost (credits) for the fighter types naming it
    [skill_sets.<id>]          name and skills, in the book's order (1-6)

Every file says where its facts come from (``[meta] sources``); a value no source gives
is our labelled default: the entry's ``defaults`` names the fields that are ours.

The rules loader checks each file when it is read (:func:`check_file`, one line naming
the file and the key) and the edition's files together (:func:`check_book`: every
fighter type's house, equipment list, default equipment and skill sets exist, every
list item is in the catalogue, every weapon has a profile or says it has none).

Look-ups (pure domain; the data comes from the shipped rules):
:func:`content` (one edition's :class:`Content`), then ``house(name)``,
``fighter_types(house)``, ``fighter_type(house, name)``, ``equipment_list(fighter)``,
``item(name)``, ``weapon_profiles(name)``, ``trading_post()``, ``skills(set)``,
``composition(house)``. Names resolve by key, name or alias, case, dashes, underscores,
apostrophes and spaces aside (:func:`norm`).
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from campaign_app.errors import InputError, RulesDataError
from campaign_app.rules.catalogue import catalogue as build_catalogue
from campaign_app.rules.catalogue import profile_fields
from campaign_app.rules.schema import KEY, problem
from campaign_app.textlimits import MAX_NAME, MAX_TEXT

if TYPE_CHECKING:
    from campaign_app.rules.loader import RuleBook, RuleFile

SYSTEM = "necromunda"
# The fighter categories of the gang lists. "specialist" is a Ganger (Specialist),
# "prospect" a Juve (Specialist); a Champion (Specialist) is a champion with
# ``specialist = true``. Gang Fighters (the composition's "half the gang") are
# gangers, specialists, juves, prospects and crew.
CATEGORIES = ("leader", "champion", "ganger", "specialist", "juve", "prospect", "crew",
              "brute", "exotic-beast", "hanger-on", "hired-gun", "vehicle")
SECTIONS = ("houses", "compositions", "house_fighters", "equipment_lists", "skill_sets")
# N23 stat lines: target numbers (WS 3 = 3+) and values, as the edition's
# [characteristics] name them; "-" where the book prints none (a beast's BS)
N23_STATS = ("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld", "Cl", "Wil", "Int")
CREW_STATS = ("BS", "Ld", "Cl", "Wil", "Int")
RARITY = re.compile(r"^(C|E|[RI](\d{1,2}))$")  # Common, Exclusive, Rare n, Illegal n
MAX_COST = 10_000


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


def _text(v: str) -> str:
    if any(ord(ch) < 32 and ch not in "\n\t" for ch in v):
        raise ValueError("contains control characters")
    return v


class _Named(_Strict):
    name: str = Field(min_length=1, max_length=MAX_NAME)
    aliases: list[str] = Field(default_factory=list, max_length=30)
    notes: str = Field(default="", max_length=MAX_TEXT)
    source: str = Field(default="", max_length=MAX_NAME)
    # the fields whose values are our labelled defaults, not a source's
    defaults: list[str] = Field(default_factory=list, max_length=20)

    @field_validator("name", "notes", "source")
    @classmethod
    def _plain(cls, v: str) -> str:
        return _text(v)

    @field_validator("aliases")
    @classmethod
    def _aliases(cls, v: list[str]) -> list[str]:
        for a in v:
            if not a.strip() or len(a) > MAX_NAME:
                raise ValueError(f"alias {a!r} must be 1 to {MAX_NAME} characters")
            _text(a)
        return v

    @model_validator(mode="after")
    def _defaults_name_fields(self) -> _Named:
        for f in self.defaults:
            if f not in type(self).model_fields or f == "defaults":
                raise ValueError(f"defaults: {f!r} is not a field of this entry")
        return self


class RuleModel(_Strict):
    """One composition rule: the number of fighters of the ``count`` categories is
    within ``min``..``max``; or, with ``share_of``, at least ``min_percent`` of the
    fighters of the ``share_of`` categories. ``when = "founding"``: checked on a new
    gang only."""

    id: str
    rule: str = Field(min_length=1, max_length=MAX_TEXT)  # the rule in words, as messages name it
    count: list[str] = Field(min_length=1)
    min: int = Field(default=0, ge=0, le=100)
    max: int | None = Field(default=None, ge=0, le=100)
    share_of: list[str] = Field(default_factory=list)
    min_percent: int = Field(default=0, ge=0, le=100)
    when: str = "always"
    default: bool = False  # our labelled default, not a source's rule

    @field_validator("id")
    @classmethod
    def _id(cls, v: str) -> str:
        if not KEY.match(v):
            raise ValueError(f"rule id {v!r} must be kebab-case (a-z, 0-9, -)")
        return v

    @field_validator("count", "share_of")
    @classmethod
    def _cats(cls, v: list[str]) -> list[str]:
        for c in v:
            if c not in CATEGORIES:
                raise ValueError(f"category {c!r} is not one of {', '.join(CATEGORIES)}")
        return v

    @field_validator("when")
    @classmethod
    def _when(cls, v: str) -> str:
        if v not in ("always", "founding"):
            raise ValueError('when is "always" or "founding"')
        return v

    @model_validator(mode="after")
    def _bounds(self) -> RuleModel:
        if self.max is not None and self.max < self.min:
            raise ValueError(f"rule {self.id}: max {self.max} is below min {self.min}")
        if bool(self.share_of) != bool(self.min_percent):
            raise ValueError(f"rule {self.id}: share_of and min_percent go together")
        return self


class CompositionModel(_Strict):
    name: str = Field(min_length=1, max_length=MAX_NAME)
    rules: list[RuleModel] = Field(min_length=1, max_length=50)
    source: str = Field(default="", max_length=MAX_NAME)

    @model_validator(mode="after")
    def _unique(self) -> CompositionModel:
        ids = [r.id for r in self.rules]
        dup = {i for i in ids if ids.count(i) > 1}
        if dup:
            raise ValueError(f"rule id {sorted(dup)[0]!r} is given twice")
        return self


class HouseModel(_Named):
    """A house or gang a player founds a gang of."""

    starting_credits: int = Field(default=1000, ge=0, le=100_000)
    min_fighters: int = Field(default=3, ge=0, le=100)
    composition: str = "core"
    # the Trading Post the gang buys from ("general"; a gang book may name another)
    trading_post: str = "general"
    alignment: str = Field(default="", max_length=40)
    # false: no gang is founded of it (the Hangers-on any gang may hire)
    founding: bool = True

    @field_validator("composition", "trading_post")
    @classmethod
    def _key(cls, v: str) -> str:
        if not KEY.match(v):
            raise ValueError(f"{v!r} must be a kebab-case key")
        return v


class FighterTypeModel(_Named):
    house: str
    category: str
    specialist: bool = False  # a Champion (Specialist)
    cost: int | str
    stats: dict[str, int | str]
    equipment: list[str] = Field(default_factory=list, max_length=30)  # item keys, given free
    skills: list[str] = Field(default_factory=list, max_length=10)  # skills it starts with
    free_skill: bool = False  # starts with one Primary skill of the player's choice
    primary: list[str] = Field(default_factory=list, max_length=12)  # skill set keys
    secondary: list[str] = Field(default_factory=list, max_length=12)
    equipment_list: str = ""  # an [equipment_lists] key; "" = none (takes only what it comes with)
    # weapon types it may carry ("pistol", "basic", "special", "heavy", "close-combat");
    # [] = as its list gives
    weapons: list[str] = Field(default_factory=list, max_length=5)
    trading_post: bool = False  # may take weapons from the Trading Post beyond its list
    max: int | None = Field(default=None, ge=0, le=100)  # "0-1": at most one in a gang
    special_rules: list[str] = Field(default_factory=list, max_length=30)  # names only

    @field_validator("house")
    @classmethod
    def _house(cls, v: str) -> str:
        if not KEY.match(v):
            raise ValueError(f"house {v!r} must be a house key")
        return v

    @field_validator("category")
    @classmethod
    def _category(cls, v: str) -> str:
        if v not in CATEGORIES:
            raise ValueError(f"category {v!r} is not one of {', '.join(CATEGORIES)}")
        return v

    @field_validator("cost")
    @classmethod
    def _cost(cls, v: int | str) -> int | str:
        if isinstance(v, str) and v != "default":
            raise ValueError('must be a whole number of credits, or "default" when no source gives it')
        if isinstance(v, int) and not 0 <= v <= MAX_COST:
            raise ValueError(f"must be from 0 to {MAX_COST:,}")
        return v

    @field_validator("equipment", "primary", "secondary")
    @classmethod
    def _keys(cls, v: list[str]) -> list[str]:
        for k in v:
            if not KEY.match(k):
                raise ValueError(f"{k!r} must be a kebab-case key")
        return v

    @field_validator("weapons")
    @classmethod
    def _weapons(cls, v: list[str]) -> list[str]:
        known = ("pistol", "basic", "special", "heavy", "close-combat")
        for w in v:
            if w not in known:
                raise ValueError(f"weapon type {w!r} is not one of {', '.join(known)}")
        return v

    @model_validator(mode="after")
    def _stat_line(self) -> FighterTypeModel:
        need: tuple[str, ...] = CREW_STATS if self.category == "crew" else N23_STATS
        if self.category == "vehicle":
            need = ()
        for k, v in self.stats.items():
            if k not in N23_STATS:
                raise ValueError(f"stats: {k!r} is not a characteristic ({', '.join(N23_STATS)})")
            if isinstance(v, str) and v != "-":
                raise ValueError(f'stats.{k}: a whole number (3 for 3+), or "-" where the book gives none')
            if isinstance(v, int) and not 0 <= v <= 12:
                raise ValueError(f"stats.{k}: {v} is outside 0..12")
        missing = [k for k in need if k not in self.stats]
        if missing:
            raise ValueError(f"stats: missing {', '.join(missing)}")
        return self


class EquipmentListModel(_Strict):
    """What a fighter type may buy and at what cost: catalogue item key -> credits."""

    name: str = Field(min_length=1, max_length=MAX_NAME)
    house: str
    items: dict[str, int] = Field(min_length=1, max_length=300)
    source: str = Field(default="", max_length=MAX_NAME)
    notes: str = Field(default="", max_length=MAX_TEXT)

    @field_validator("items")
    @classmethod
    def _items(cls, v: dict[str, int]) -> dict[str, int]:
        for k, c in v.items():
            if not KEY.match(k):
                raise ValueError(f"item key {k!r} must be kebab-case (a-z, 0-9, -)")
            if not 0 <= c <= MAX_COST:
                raise ValueError(f"{k}: cost {c} must be from 0 to {MAX_COST:,}")
        return v


class SkillSetModel(_Strict):
    name: str = Field(min_length=1, max_length=MAX_NAME)
    skills: list[str] = Field(min_length=1, max_length=12)
    house: str = ""  # a gang-specific set (Bravado, Finesse...): the house key
    source: str = Field(default="", max_length=MAX_NAME)


MODELS: dict[str, type[BaseModel]] = {
    "houses": HouseModel, "compositions": CompositionModel, "house_fighters": FighterTypeModel,
    "equipment_lists": EquipmentListModel, "skill_sets": SkillSetModel,
}


# --------------------------------------------------------------------------- checks
def check_file(data: Mapping[str, Any], source: str) -> None:
    """Check one rules file's gang sections (and its catalogue's rarities): a one-line
    :class:`RulesDataError` naming ``source`` and the key path otherwise."""
    for section, model in MODELS.items():
        raw = data.get(section)
        if raw is None:
            continue
        if not isinstance(raw, Mapping):
            raise RulesDataError(f"{source}: {section}: must be a table of entries")
        for key, entry in raw.items():
            if not KEY.match(str(key)):
                raise RulesDataError(f"{source}: {section}.{key}: key must be kebab-case (a-z, 0-9, -)")
            try:
                model.model_validate(entry)
            except ValidationError as e:
                raise problem(e, source, (section, str(key))) from None
    cat = data.get("catalogue")
    if isinstance(cat, Mapping):
        for key, item in cat.items():
            rarity = item.get("rarity") if isinstance(item, Mapping) else None
            if rarity and not RARITY.match(str(rarity)):
                raise RulesDataError(f"{source}: catalogue.{key}.rarity: {rarity!r} is not C, E, R<n> or I<n>")


def check_book(files: Sequence[RuleFile]) -> None:
    """Check the system's files together, per edition: no key given by two files, and
    every reference resolves (one line naming the file and the key otherwise)."""
    editions = sorted({f.edition for f in files if f.edition})
    for edition in editions:
        mine = [f for f in files if f.edition in ("", edition)]
        if not any(any(s in f.data for s in SECTIONS) for f in mine):
            continue
        seen: dict[tuple[str, str], str] = {}
        for f in mine:
            for section in (*SECTIONS, "catalogue"):
                for key in f.data.get(section) or {}:
                    where = seen.get((section, key))
                    if where and f.edition:
                        raise RulesDataError(f"{f.name}: {section}.{key}: already given in {where}")
                    seen[(section, key)] = f.name
        _check_refs(edition, mine, seen)


def _check_refs(edition: str, files: Sequence[RuleFile], where: Mapping[tuple[str, str], str]) -> None:
    data: dict[str, Any] = {}
    for f in files:
        for k, v in f.data.items():
            data[k] = {**data[k], **v} if isinstance(v, Mapping) and isinstance(data.get(k), Mapping) else v
    items = build_catalogue(data)
    houses = data.get("houses") or {}
    lists = data.get("equipment_lists") or {}
    sets = data.get("skill_sets") or {}
    comps = data.get("compositions") or {}
    weapon_fields = {k for k, _ in profile_fields(data)} - {"traits"}

    def fail(section: str, key: str, msg: str) -> RulesDataError:
        return RulesDataError(f"{where.get((section, key), edition)}: {section}.{key}: {msg}")

    for hid, h in houses.items():
        if h.get("composition", "core") not in comps:
            raise fail("houses", hid, f"composition {h.get('composition', 'core')!r} is not in [compositions]")
    for lid, lst in lists.items():
        if lst["house"] not in houses:
            raise fail("equipment_lists", lid, f"house {lst['house']!r} is not in [houses]")
        for key in lst["items"]:
            if key not in items:
                raise fail("equipment_lists", lid, f"items.{key}: not in the {edition} catalogue")
    for fid, ft in (data.get("house_fighters") or {}).items():
        if ft["house"] not in houses:
            raise fail("house_fighters", fid, f"house {ft['house']!r} is not in [houses]")
        if ft.get("equipment_list") and ft["equipment_list"] not in lists:
            raise fail("house_fighters", fid, f"equipment_list {ft['equipment_list']!r} is not in [equipment_lists]")
        for key in ft.get("equipment") or []:
            if key not in items:
                raise fail("house_fighters", fid, f"equipment: {key!r} is not in the {edition} catalogue")
        for s in (*(ft.get("primary") or []), *(ft.get("secondary") or [])):
            if s not in sets:
                raise fail("house_fighters", fid, f"skill set {s!r} is not in [skill_sets]")
    for key, it in (data.get("catalogue") or {}).items():
        if it.get("category", "weapon") != "weapon":
            continue
        lines = [it.get("profile") or {}, *[p for p in it.get("profiles") or []]]
        if not any(lines) and not it.get("no_profile"):
            raise fail("catalogue", key, "a weapon with no profile: give one, or no_profile = true")
        for line in lines:
            bad = [k for k in line if weapon_fields and k not in weapon_fields and k not in ("name", "traits")]
            if bad:
                raise fail("catalogue", key, f"profile field {bad[0]!r} is not one of the {edition} weapon profile")
        for ref in it.get("fits") or []:
            if ref not in items:
                raise fail("catalogue", key, f"fits: {ref!r} is not in the {edition} catalogue")


# --------------------------------------------------------------------------- look-ups
_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "`": "'"})


def norm(name: Any) -> str:
    """A name as look-ups compare it: HTML entities decoded, case, dashes, underscores,
    apostrophes, brackets and runs of spaces aside ("Road Captain (Leader)" and
    "road-captain-leader" are the same)."""
    text = html.unescape(str(name or "")).translate(_QUOTES).lower()
    text = re.sub(r"[-_'()/,.]+", " ", text)
    return " ".join(text.split())


@dataclass(frozen=True)
class FighterType:
    key: str
    house: str
    name: str
    category: str
    cost: int
    cost_known: bool
    stats: Mapping[str, int | str]
    equipment: tuple[str, ...]
    skills: tuple[str, ...]
    primary: tuple[str, ...]
    secondary: tuple[str, ...]
    equipment_list: str
    aliases: tuple[str, ...] = ()
    specialist: bool = False
    free_skill: bool = False
    weapons: tuple[str, ...] = ()
    trading_post: bool = False
    max: int | None = None
    special_rules: tuple[str, ...] = ()
    defaults: tuple[str, ...] = ()
    source: str = ""
    notes: str = ""


@dataclass(frozen=True)
class House:
    key: str
    name: str
    aliases: tuple[str, ...]
    starting_credits: int
    min_fighters: int
    composition: str
    trading_post: str = "general"
    alignment: str = ""
    defaults: tuple[str, ...] = ()
    source: str = ""
    notes: str = ""
    founding: bool = True

    def is_default(self, name: str) -> bool:
        """True when the field ``name`` is our labelled default, not a source's value."""
        return name in self.defaults


@dataclass(frozen=True)
class Rule:
    id: str
    rule: str
    count: tuple[str, ...]
    min: int = 0
    max: int | None = None
    share_of: tuple[str, ...] = ()
    min_percent: int = 0
    when: str = "always"
    default: bool = False


@dataclass(frozen=True)
class Profile:
    """One line of a weapon's profile: its name ("" for a weapon of one line), the
    edition's fields (key -> value) and its traits."""

    name: str
    values: Mapping[str, Any]
    traits: tuple[str, ...]


@dataclass
class Content:
    """One edition's gang content, with look-ups by key, name or alias."""

    edition: str
    houses: dict[str, House] = field(default_factory=dict)
    types: dict[str, FighterType] = field(default_factory=dict)
    lists: dict[str, dict[str, int]] = field(default_factory=dict)
    skill_sets: dict[str, tuple[str, tuple[str, ...]]] = field(default_factory=dict)  # key -> (name, skills)
    compositions: dict[str, tuple[Rule, ...]] = field(default_factory=dict)
    items: dict[str, dict[str, Any]] = field(default_factory=dict)  # the edition's catalogue
    _item_names: dict[str, str] = field(default_factory=dict)

    # houses ---------------------------------------------------------------
    def find_house(self, name: Any) -> House | None:
        want = norm(name)
        for h in self.houses.values():
            if want in {norm(h.key), norm(h.name), *(norm(a) for a in h.aliases)}:
                return h
        return None

    def house(self, name: Any) -> House:
        """The house called ``name`` (key, name or alias); :class:`InputError` naming the
        houses there are otherwise."""
        h = self.find_house(name)
        if h is None:
            known = ", ".join(x.name for x in self.houses.values())
            raise InputError(f"no house or gang {str(name)!r} in {self.edition} (known: {known})")
        return h

    def composition(self, house: Any) -> tuple[Rule, ...]:
        return self.compositions[self.house(house).composition]

    # fighter types --------------------------------------------------------
    def fighter_types(self, house: Any) -> list[FighterType]:
        """The fighter types of a house, in the order its file gives them."""
        h = self.house(house)
        return [t for t in self.types.values() if t.house == h.key]

    def find_fighter_type(self, house: Any, name: Any) -> FighterType | None:
        """The fighter type ``name`` (key, name or alias; ``<house>-`` before the key may be
        left out) of ``house``, or of any house when ``house`` is None."""
        want = norm(name)
        pool = self.fighter_types(house) if house is not None else list(self.types.values())
        for t in pool:
            names = {norm(t.key), norm(t.key.removeprefix(t.house + "-")), norm(t.name),
                     *(norm(a) for a in t.aliases)}
            if want in names:
                return t
        return None

    def fighter_type(self, house: Any, name: Any) -> FighterType:
        t = self.find_fighter_type(house, name)
        if t is None:
            where = self.house(house).name if house is not None else self.edition
            known = ", ".join(x.name for x in (self.fighter_types(house) if house is not None else []))
            raise InputError(f"no fighter type {str(name)!r} in {where}" + (f" (known: {known})" if known else ""))
        return t

    def equipment_list(self, fighter: FighterType | str) -> dict[str, int]:
        """item key -> cost of what a fighter type may buy from its list ({} = none)."""
        t = fighter if isinstance(fighter, FighterType) else self.types[fighter]
        return dict(self.lists.get(t.equipment_list, {}))

    # items ----------------------------------------------------------------
    def find_item(self, name: Any) -> dict[str, Any] | None:
        """The catalogue item called ``name`` (key, name or alias), or None."""
        key = self._item_names.get(norm(name))
        return self.items[key] if key else None

    def item(self, name: Any) -> dict[str, Any]:
        it = self.find_item(name)
        if it is None:
            raise InputError(f"no item {str(name)!r} in the {self.edition} catalogue")
        return it

    def weapon_profiles(self, name: Any) -> list[Profile]:
        """Every profile line of a weapon (one for most; several for a weapon with more
        than one mode); [] for an item without a profile."""
        it = self.item(name)
        out = []
        if it.get("profile"):
            out.append(Profile(str(it.get("profile_name") or ""), dict(it["profile"]), tuple(it.get("traits") or ())))
        for p in it.get("profiles") or []:
            vals = {k: v for k, v in p.items() if k not in ("name", "traits")}
            out.append(Profile(str(p.get("name") or ""), vals, tuple(p.get("traits") or ())))
        return out

    def trading_post(self) -> dict[str, dict[str, Any]]:
        """key -> item of everything the Trading Post sells (cost, rarity)."""
        return {k: it for k, it in self.items.items() if it.get("trading_post")}

    # skills ---------------------------------------------------------------
    def skills(self, skill_set: Any) -> tuple[str, ...]:
        want = norm(skill_set)
        for key, (name, skills) in self.skill_sets.items():
            if want in (norm(key), norm(name)):
                return skills
        raise InputError(f"no skill set {str(skill_set)!r} in {self.edition}")


def build(edition: str, data: Mapping[str, Any]) -> Content:
    """The :class:`Content` of an edition's merged rules data."""
    c = Content(edition=edition)
    for key, raw in (data.get("houses") or {}).items():
        m = HouseModel.model_validate(raw)
        c.houses[key] = House(key, m.name, tuple(m.aliases), m.starting_credits, m.min_fighters,
                              m.composition, m.trading_post, m.alignment, tuple(m.defaults), m.source, m.notes,
                              m.founding)
    for key, raw in (data.get("compositions") or {}).items():
        cm = CompositionModel.model_validate(raw)
        c.compositions[key] = tuple(Rule(r.id, r.rule, tuple(r.count), r.min, r.max, tuple(r.share_of),
                                         r.min_percent, r.when, r.default) for r in cm.rules)
    for key, raw in (data.get("house_fighters") or {}).items():
        f = FighterTypeModel.model_validate(raw)
        c.types[key] = FighterType(
            key=key, house=f.house, name=f.name, category=f.category,
            cost=f.cost if isinstance(f.cost, int) else 0, cost_known=isinstance(f.cost, int),
            stats=dict(f.stats), equipment=tuple(f.equipment), skills=tuple(f.skills),
            primary=tuple(f.primary), secondary=tuple(f.secondary), equipment_list=f.equipment_list,
            aliases=tuple(f.aliases), specialist=f.specialist, free_skill=f.free_skill,
            weapons=tuple(f.weapons), trading_post=f.trading_post, max=f.max,
            special_rules=tuple(f.special_rules), defaults=tuple(f.defaults), source=f.source, notes=f.notes)
    for key, raw in (data.get("equipment_lists") or {}).items():
        c.lists[key] = dict(EquipmentListModel.model_validate(raw).items)
    for key, raw in (data.get("skill_sets") or {}).items():
        s = SkillSetModel.model_validate(raw)
        c.skill_sets[key] = (s.name, tuple(s.skills))
    c.items = build_catalogue(data)
    for key, it in c.items.items():
        for n in (key, it.get("name"), *(it.get("aliases") or [])):
            c._item_names.setdefault(norm(n), key)
    return c


@lru_cache(maxsize=4)
def content(edition: str = "n23") -> Content:
    """The shipped gang content of a Necromunda edition (read once per process)."""
    from campaign_app.rules.loader import load_rulebook

    return build(edition, load_rulebook().data(SYSTEM, edition))


def content_of(book: RuleBook, edition: str = "n23") -> Content:
    """The gang content of ``book`` (a rule book other than the shipped one: tests)."""
    return build(edition, book.data(SYSTEM, edition))


# short forms
def house(edition: str, name: Any) -> House:
    return content(edition).house(name)


def fighter_types(edition: str, house_name: Any) -> list[FighterType]:
    return content(edition).fighter_types(house_name)


def weapon_profiles(edition: str, name: Any) -> list[Profile]:
    return content(edition).weapon_profiles(name)
