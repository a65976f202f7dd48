"""The equipment catalogue: items (weapons, armour, wargear) as rules data, with a
category, a cost and, for weapons, the profile of the campaign's game and edition.

Where the items come from, in order (a later one replaces an earlier one of the same
key):

1. the ``[weapons]`` lists the rules files already carry (every entry a weapon, its
   profile keys at top level: ``range``, ``targets``, ``impact``, ``fp``...);
2. the ``[catalogue.<key>]`` sections of the rules files (e.g. a system's
   ``rules/catalogue*.toml``), for the campaign's edition and expansions;
3. the campaign's content packs (``campaign-app content add``; format in
   ``docs/content-packs.md``), in the order they were added.

Which profile fields a weapon has is declared by the rules data too, per system and
edition: ``[weapon_profile] fields = [{ key = "strength", label = "Str" }, ...]``.

Pure domain: plain dicts and pydantic models; no database, no GUI."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from campaign_app.errors import RulesDataError
from campaign_app.rules.schema import KEY, problem
from campaign_app.textlimits import MAX_NAME, MAX_TEXT, name_problem, value_problem

CATEGORIES = ("weapon", "armour", "wargear", "ammo", "other")
MAX_ITEMS = 2000  # items of one file or pack
MAX_COST = 1_000_000
PACK_FORMAT = 1


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class ProfileFieldModel(_Strict):
    key: str
    label: str

    @field_validator("key")
    @classmethod
    def _key(cls, v: str) -> str:
        if not v or not v.replace("_", "").isalnum() or not v[0].isalpha() or v != v.lower():
            raise ValueError(f"{v!r} is not a field key (lower-case letters, digits and _)")
        return v

    @field_validator("label")
    @classmethod
    def _label(cls, v: str) -> str:
        if not v.strip() or len(v) > 20:
            raise ValueError("a column label is 1 to 20 characters")
        return v


class WeaponProfileModel(_Strict):
    fields: list[ProfileFieldModel] = Field(min_length=1, max_length=20)
    # keys an item's profile may carry beyond the printed columns (NUTS!: ``type``)
    also: list[str] = Field(default_factory=list, max_length=20)
    note: str = ""


class TradingModel(_Strict):
    """How the game's trading works (our defaults unless ``default = false``)."""

    # an item sold fetches this share of its cost (in percent), rounded down to ``round_to``
    sell_percent: int = Field(default=50, ge=0, le=100)
    round_to: int = Field(default=5, ge=1, le=1000)
    default: bool = True
    note: str = ""


def _plain(v: Any) -> Any:
    p = value_problem(v)
    if p:
        raise ValueError(p)
    return v


def _name(v: str) -> str:
    """A name a pack gives (the pack's, an item's: it becomes a weapon's or a stash item's
    name): no control character and no invisible format character (a bidi control would
    show it reversed in the window and the PDFs), as every other name."""
    if any(ord(ch) < 32 for ch in v):
        raise ValueError("contains control characters")
    p = name_problem(v)
    if p:
        raise ValueError(p)
    return v


class ItemModel(_Strict):
    """One catalogue item. ``cost`` "default" or absent: the source gives no cost (0 is
    used, and shown as unknown); ``default = true``: values are our labelled defaults,
    not the game's book."""

    name: str = Field(min_length=1, max_length=MAX_NAME)
    category: str = "weapon"
    cost: int | str | None = None
    default: bool = False
    aliases: list[str] = Field(default_factory=list, max_length=20)
    traits: list[str] = Field(default_factory=list, max_length=30)
    profile: dict[str, int | str] = Field(default_factory=dict)
    notes: str = Field(default="", max_length=MAX_TEXT)
    source: str = Field(default="", max_length=MAX_NAME)
    # a weapon of several modes or ammunition: the name of the first line (``profile``)
    # and the further lines, each ``{ name = "...", <field> = ..., traits = [...] }``
    profile_name: str = Field(default="", max_length=MAX_NAME)
    profiles: list[dict[str, int | str | list[str]]] = Field(default_factory=list, max_length=12)
    # a weapon the sources give no profile for says so (else a profile is expected)
    no_profile: bool = False
    # the Trading Post: sold there (at ``cost``), and its rarity or legality as the game
    # writes it (Necromunda: C common, R<n> rare, I<n> illegal, E exclusive)
    trading_post: bool = False
    rarity: str = Field(default="", max_length=10)
    # ammunition or an accessory: the keys of the items it fits
    fits: list[str] = Field(default_factory=list, max_length=40)
    # an item that takes a lasting injury away (Necromunda's bionics): the results of the
    # edition's lasting injury table it cures (refused for a fighter with none of them),
    # and how many of the injury's characteristic losses it gives back: 0 every one, 1 one
    # of them, chosen by the buyer when the injury took more
    cures: list[str] = Field(default_factory=list, max_length=20)
    restores: int = Field(default=0, ge=0, le=20)

    @field_validator("profiles")
    @classmethod
    def _lines(cls, v: list[dict[str, Any]]) -> list[dict[str, Any]]:
        for i, line in enumerate(v):
            if not isinstance(line.get("name"), str) or not line["name"].strip():
                raise ValueError(f"profiles[{i}] needs a name")
            for k, x in line.items():
                if k == "traits":
                    if not isinstance(x, list) or not all(isinstance(t, str) and 0 < len(t) <= MAX_NAME for t in x):
                        raise ValueError(f"profiles[{i}].traits must be a list of names")
                elif isinstance(x, list) or (isinstance(x, str) and len(x) > (MAX_NAME if k == "name" else 40)):
                    raise ValueError(f"profiles[{i}].{k} is not a profile value")
        return v

    @field_validator("name")
    @classmethod
    def _item_name(cls, v: str) -> str:
        return _name(v)

    @field_validator("category")
    @classmethod
    def _category(cls, v: str) -> str:
        if v not in CATEGORIES:
            raise ValueError(f"category {v!r} is not one of {', '.join(CATEGORIES)}")
        return v

    @field_validator("cost")
    @classmethod
    def _cost(cls, v: int | str | None) -> int | str | None:
        if isinstance(v, str) and v != "default":
            raise ValueError('must be a whole number of credits, or "default" when the source gives none')
        if isinstance(v, int) and not 0 <= v <= MAX_COST:
            raise ValueError(f"must be from 0 to {MAX_COST:,}")
        return v

    @field_validator("profile")
    @classmethod
    def _profile(cls, v: dict[str, int | str]) -> dict[str, int | str]:
        for k, x in v.items():
            if not k or len(k) > 40:
                raise ValueError(f"profile key {k!r} is not a field key")
            if isinstance(x, str) and len(x) > 40:
                raise ValueError(f"profile value of {k} is longer than 40 characters")
        return v

    @field_validator("cures")
    @classmethod
    def _cures(cls, v: list[str]) -> list[str]:
        for x in v:
            if not KEY.match(x):
                raise ValueError(f"{x!r} is not a table result key (kebab-case, a-z, 0-9, -)")
        return v

    @field_validator("aliases", "traits")
    @classmethod
    def _names(cls, v: list[str]) -> list[str]:
        for x in v:
            if not x.strip() or len(x) > MAX_NAME:
                raise ValueError(f"{x!r} must be 1 to {MAX_NAME} characters")
            _name(x)
        return v

    @field_validator("notes", "source")
    @classmethod
    def _text(cls, v: str) -> str:
        return _plain(v)


class PackMeta(_Strict):
    name: str = Field(min_length=1, max_length=MAX_NAME)
    system: str = Field(min_length=1, max_length=40)
    edition: str = Field(default="", max_length=40)
    format: int = PACK_FORMAT
    notes: str = Field(default="", max_length=MAX_TEXT)

    @field_validator("name")
    @classmethod
    def _pack_name(cls, v: str) -> str:
        return _name(v)

    @field_validator("format")
    @classmethod
    def _format(cls, v: int) -> int:
        if v != PACK_FORMAT:
            raise ValueError(f"format {v} is not one this version reads ({PACK_FORMAT})")
        return v


class PackModel(_Strict):
    """A content pack file: ``[pack]`` (name, system, edition) and ``[items.<key>]``."""

    pack: PackMeta
    items: dict[str, ItemModel] = Field(min_length=1)

    @field_validator("items")
    @classmethod
    def _keys(cls, v: dict[str, ItemModel]) -> dict[str, ItemModel]:
        if len(v) > MAX_ITEMS:
            raise ValueError(f"{len(v)} items; a pack holds at most {MAX_ITEMS}")
        for k in v:
            if not KEY.match(k):
                raise ValueError(f"item key {k!r} must be kebab-case (a-z, 0-9, -)")
        return v


def _fail(err: ValidationError, source: str, prefix: tuple[int | str, ...]) -> RulesDataError:
    return problem(err, source, prefix)


def validate_sections(data: Mapping[str, Any], source: str) -> None:
    """Check a rules file's ``catalogue``, ``weapon_profile`` and ``trading`` sections;
    a one-line :class:`RulesDataError` naming the file and the path otherwise."""
    raw = data.get("catalogue")
    if raw is not None:
        if not isinstance(raw, Mapping):
            raise RulesDataError(f"{source}: catalogue: must be a table of items")
        for key, item in raw.items():
            if not KEY.match(str(key)):
                raise RulesDataError(f"{source}: catalogue.{key}: item key must be kebab-case (a-z, 0-9, -)")
            try:
                ItemModel.model_validate(item)
            except ValidationError as e:
                raise _fail(e, source, ("catalogue", str(key))) from None
    for section, model in (("weapon_profile", WeaponProfileModel), ("trading", TradingModel)):
        if data.get(section) is not None:
            try:
                model.model_validate(data[section])
            except ValidationError as e:
                raise _fail(e, source, (section,)) from None
    if isinstance(raw, Mapping) and data.get("weapon_profile") is not None:
        # a file's own items fit the profile it declares (as a content pack's must)
        bad = pack_profile_problem(data, raw, source)
        if bad:
            raise RulesDataError(bad.replace(f"{source}: items.", f"{source}: catalogue.", 1))


def validate_pack(doc: Any, source: str) -> PackModel:
    """A content pack document (from TOML or JSON) as its model, or a one-line
    :class:`RulesDataError` naming the file and the path."""
    if not isinstance(doc, Mapping):
        raise RulesDataError(f"{source}: a content pack is a table with [pack] and [items]")
    try:
        return PackModel.model_validate(doc)
    except ValidationError as e:
        raise _fail(e, source, ()) from None


# --------------------------------------------------------------------------- the catalogue
def norm(name: Any) -> str:
    return " ".join(str(name or "").lower().replace("-", " ").replace("_", " ").split())


def profile_fields(data: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(key, label) of the weapon profile the rules data declares, in order ([] = none)."""
    raw = data.get("weapon_profile")
    if not isinstance(raw, Mapping):
        return []
    out = []
    for f in raw.get("fields") or []:
        if isinstance(f, Mapping) and f.get("key"):
            out.append((str(f["key"]), str(f.get("label") or f["key"])))
    return out


def pack_profile_problem(data: Mapping[str, Any], items: Mapping[str, Mapping[str, Any]],
                         source: str, edition: str = "") -> str:
    """The first item of a content pack whose profile names a field the edition's weapon
    profile does not have (e.g. an N23 ``ammo`` for an N26 weapon), as a one-line message
    naming the file and the path; "" when every profile fits (or none is declared). A
    field may be given by its key or by its column label (``Am`` for ``ammo``)."""
    fields = profile_fields(data)
    if not fields:
        return ""
    raw = data.get("weapon_profile")
    also = {str(x) for x in (raw.get("also") or [])} if isinstance(raw, Mapping) else set()
    keys = {k for k, _ in fields if k != "traits"} | also
    labels = {lbl.lower(): k for k, lbl in fields if k != "traits"}
    shown = ", ".join(lbl for k, lbl in fields if k != "traits")
    for key, item in items.items():
        for k in (item.get("profile") or {}):
            if k in keys or str(k).lower() in labels:
                continue
            where = f"the {edition} weapon profile" if edition else "the weapon profile"
            return f"{source}: items.{key}.profile.{k}: not a field of {where} ({shown}, traits)"
    return ""


def profile_by_key(data: Mapping[str, Any], profile: Mapping[str, Any]) -> dict[str, Any]:
    """A pack item's profile with each field given by its column label (``SR``) under
    the field's key (``rng_s``); keys stay as they are."""
    labels = {lbl.lower(): k for k, lbl in profile_fields(data) if k != "traits"}
    keys = {k for k, _ in profile_fields(data)}
    return {(k if k in keys else labels.get(str(k).lower(), k)): v for k, v in profile.items()}


def trading(data: Mapping[str, Any]) -> TradingModel:
    raw = data.get("trading")
    return TradingModel.model_validate(raw) if isinstance(raw, Mapping) else TradingModel()


def sell_price(data: Mapping[str, Any], cost: int) -> int:
    """What an item of ``cost`` fetches when sold, by the rules data's trading rule."""
    t = trading(data)
    value = cost * t.sell_percent // 100
    return value - value % t.round_to


def _legacy(key: str, spec: Mapping[str, Any], fields: Iterable[str]) -> dict[str, Any]:
    """An entry of a rules file's ``[weapons]`` list as a catalogue item."""
    profile = {k: spec[k] for k in fields if k in spec and k != "traits"}
    for k in ("range", "targets", "impact", "fp", "type"):
        if k in spec and k not in profile:
            profile[k] = spec[k]
    if isinstance(profile.get("range"), int):
        profile["range"] = f'{profile["range"]}"'
    cost = spec.get("cost")
    return {
        "key": key, "name": str(spec.get("name") or key), "category": "weapon",
        "cost": cost if isinstance(cost, int) else 0, "cost_known": isinstance(cost, int),
        "default": bool(spec.get("default")), "aliases": [p.strip() for p in str(spec.get("name", "")).split("/")
                                                         if "/" in str(spec.get("name", ""))],
        "traits": [str(t) for t in spec.get("traits") or []], "profile": profile,
        "notes": str(spec.get("notes") or ""), "source": "rules", "legacy": True,
    }


def item_dict(key: str, item: ItemModel | Mapping[str, Any], source: str) -> dict[str, Any]:
    m = item if isinstance(item, ItemModel) else ItemModel.model_validate(item)
    profile = {k: (f'{v}"' if k in ("range",) and isinstance(v, int) else v) for k, v in m.profile.items()}
    out: dict[str, Any] = {
        "key": key, "name": m.name, "category": m.category,
        "cost": m.cost if isinstance(m.cost, int) else 0, "cost_known": isinstance(m.cost, int),
        "default": m.default, "aliases": list(m.aliases), "traits": list(m.traits), "profile": profile,
        "notes": m.notes, "source": source or m.source or "rules",
    }
    # the fields of several profile lines and of the Trading Post, only where given (an
    # item without them reads as it always did)
    extra = {"profile_name": m.profile_name, "profiles": [dict(p) for p in m.profiles],
             "no_profile": m.no_profile, "trading_post": m.trading_post, "rarity": m.rarity,
             "fits": list(m.fits), "cures": list(m.cures), "restores": m.restores}
    out.update({k: v for k, v in extra.items() if v})
    return out


def catalogue(data: Mapping[str, Any], packs: Iterable[tuple[str, Mapping[str, Any]]] = ()
              ) -> dict[str, dict[str, Any]]:
    """key -> item dict (name, category, cost, cost_known, default, aliases, traits,
    profile, notes, source) of the rules data's weapons and catalogue, then of each
    ``(pack name, {key: item})`` in order."""
    fields = [k for k, _label in profile_fields(data)]
    out: dict[str, dict[str, Any]] = {}
    weapons = data.get("weapons")
    if isinstance(weapons, Mapping):
        for key, spec in weapons.items():
            if isinstance(spec, Mapping):
                out[str(key)] = _legacy(str(key), spec, fields)
    raw = data.get("catalogue")
    if isinstance(raw, Mapping):
        for key, item in raw.items():
            out[str(key)] = item_dict(str(key), item, "rules")
    for pack_name, items in packs:
        for key, item in items.items():
            out[str(key)] = item_dict(str(key), item, f"pack {pack_name}")
    return out


def index(items: Mapping[str, Mapping[str, Any]]) -> dict[str, Mapping[str, Any]]:
    """Every name an item answers to (key, name, aliases; normalised) -> the item, the
    first item winning, as :func:`find_item` finds them."""
    out: dict[str, Mapping[str, Any]] = {}
    for key, it in items.items():
        for n in (key, it.get("name"), *(it.get("aliases") or [])):
            out.setdefault(norm(n), it)
    return out


def find_item(items: Mapping[str, Mapping[str, Any]], name: Any) -> Mapping[str, Any] | None:
    """The item called ``name`` (by key, name or alias; case, dashes and spaces aside)."""
    want = norm(name)
    if not want:
        return None
    for key, it in items.items():
        if want == norm(key) or want == norm(it.get("name")) or want in {norm(a) for a in it.get("aliases") or []}:
            return it
    return None


def profile_line(line: Mapping[str, Any], item: Mapping[str, Any]) -> dict[str, Any]:
    """A further profile line of ``item`` (``profiles``) as an equipment dict's fields:
    its ``name``, each profile value as a top-level key, its ``traits`` (the item's when
    the line names none)."""
    out = {k: v for k, v in line.items() if k != "traits"}
    out["traits"] = list(line["traits"]) if "traits" in line else list(item.get("traits") or [])
    return out


def fill_profile(item: dict[str, Any], found: Mapping[str, Any] | None) -> dict[str, Any]:
    """An equipment dict with what it lacks filled from its catalogue item: each profile
    field (as a top-level key), traits, and ``catalogue_key``; ``profile_source`` is
    "default" for an item of our labelled defaults, else "rules" (or a pack's name)."""
    out = dict(item)
    if found is None:
        return out
    filled = False
    for k, v in (found.get("profile") or {}).items():
        if v in (None, "") or out.get(k) not in (None, "", []):
            continue
        out[k] = v
        filled = True
    if found.get("traits") and not out.get("traits"):
        out["traits"] = list(found["traits"])
        filled = True
    out["catalogue_key"] = found.get("key", "")
    if not found.get("legacy"):  # a catalogue or pack item: print the edition's profile
        out["catalogue_profile"] = True
        if found.get("profiles"):  # a weapon of several modes or ammunition: every line
            out["profile_name"] = str(found.get("profile_name") or "")
            out["profile_lines"] = [profile_line(p, found) for p in found["profiles"]]
    if filled and not out.get("profile_source"):
        out["profile_source"] = "default" if found.get("default") else str(found.get("source") or "rules")
    return out
