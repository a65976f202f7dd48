"""What a campaign of a game system is made of (:class:`SystemInfo`: editions,
expansions, fighter types, characteristics, statuses) and the checks of typed values
against it. Each system's own package (``campaign_app/systems/<id>/``) fills one in;
its tables and reference data live in that package's ``rules/*.toml``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from campaign_app.errors import InputError


def load_rulebook() -> Any:
    """The rules data (loaded on first use: importing this module builds no schema)."""
    from campaign_app.rules.loader import load_rulebook as load

    return load()


@dataclass(frozen=True)
class StatRule:
    key: str
    label: str
    low: int
    high: int
    target: bool = False  # a target number written "3+": lower is better
    default: bool = False  # the range is our labelled default, not the source's
    house_rule: bool = False  # the campaign's house rule set the range

    def parse(self, raw: Any, where: str = "") -> int:
        text = str(raw).strip()
        m = re.fullmatch(r"(-?\d+)(\+)?(\")?", text)
        if not m:
            raise InputError(f"{where}{self.key}: {text!r} is not a number")
        if m[2] and not self.target:
            raise InputError(f"{where}{self.key}: {text!r}: {self.key} is a plain number, not a target")
        value = int(m[1])
        if not self.low <= value <= self.high:
            shown = f"{self.low}+..{self.high}+" if self.target else f"{self.low}..{self.high}"
            said = " (house rule)" if self.house_rule else " (default)" if self.default else ""
            raise InputError(f"{where}{self.key}: {value} is outside {shown}{said}")
        return value

    def show(self, value: Any) -> str:
        if value is None or value == "":
            return "-"
        return f"{value}+" if self.target else str(value)


@dataclass(frozen=True)
class SystemInfo:
    id: str
    name: str
    editions: tuple[str, ...] = ("",)
    default_edition: str = ""
    expansions: tuple[str, ...] = ()
    roster_kinds: tuple[str, ...] = ("gang", "squad")
    default_roster_kind: str = "squad"
    fighter_types: tuple[str, ...] = ()
    uses_rep: bool = False
    # rosters keep credits and a reputation, trade gear and keep a ledger (the window
    # offers Credits, Buy, Sell and the Ledger only then); False: a game of no money
    uses_credits: bool = True
    uses_units: bool = False
    stats: tuple[StatRule, ...] = ()
    kinds: tuple[str, ...] = ("human",)
    battle_statuses: tuple[str, ...] = ()
    edition_names: Mapping[str, str] = field(default_factory=dict)
    default_fighter_type: str = ""  # "" = the first of fighter_types
    # --- commands: expansions named for people, kinds an expansion brings (commands helper)
    expansion_names: Mapping[str, str] = field(default_factory=dict)  # id -> "Name (what it adds)"
    kinds_by_expansion: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # kinds it needs

    def expansion_for_kind(self, kind: str) -> str:
        """The expansion a figure of ``kind`` needs ("" when the base game has it)."""
        return next((x for x, kinds in self.kinds_by_expansion.items() if kind in kinds), "")

    @property
    def default_type(self) -> str:
        return self.default_fighter_type or self.fighter_types[0]

    def stat(self, key: str) -> StatRule:
        for s in self.stats:
            if s.key.lower() == key.lower():
                return s
        raise InputError(
            f"unknown characteristic {key!r} for {self.name} (known: {', '.join(s.key for s in self.stats) or 'none'})"
        )

    def check_edition(self, edition: str | None) -> str:
        ed = (edition or self.default_edition).lower()
        if ed not in self.editions:
            raise InputError(
                f"{self.name} has no edition {edition!r} (choose {', '.join(e for e in self.editions if e)})"
            )
        return ed

    def check_expansions(self, expansions: Iterable[str]) -> list[str]:
        out: list[str] = []
        for x in expansions:
            x = x.strip().lower()
            if x not in self.expansions:
                known = ", ".join(self.expansions) or "none"
                raise InputError(f"{self.name} has no expansion {x!r} (known: {known})")
            if x not in out:
                out.append(x)
        return out


# The ids of the reference tables that hold a campaign's characteristic ranges: shown
# with the other tables and replaced like any of them by a house rule (campaign_tables).
RANGES_TABLE = "characteristics"
VEHICLE_RANGES_TABLE = "vehicle-characteristics"


def stat_rules(system: str, edition: str | None = None, kind: str = "",
               house_rules: Mapping[str, Any] | None = None) -> tuple[StatRule, ...]:
    """The characteristics of ``system`` in ``edition`` (default edition if empty), from
    the edition's rules data: ``characteristics`` ({label, kind "target"|"value", min,
    max}), or ``vehicle_characteristics`` when ``kind`` is "vehicle". A system without
    such data keeps :attr:`SystemInfo.stats`. ``house_rules``: the campaign's; a house
    rule of the ranges table (:data:`RANGES_TABLE`) sets the ranges it names."""
    from campaign_app.systems.registry import get_system

    info = get_system(system)
    ed = (edition or info.default_edition).lower()
    vehicle = (kind or "").lower() == "vehicle"
    rules = _stat_rules(info.id, ed, "vehicle" if vehicle else "")
    house = (house_rules or {}).get(VEHICLE_RANGES_TABLE if vehicle else RANGES_TABLE)
    if not isinstance(house, Mapping):
        return rules
    ranges = {str(e.get("stat", "")).lower(): e for e in house.get("entries", ()) if isinstance(e, Mapping)}
    out = []
    for r in rules:
        e = ranges.get(r.key.lower())
        if e is not None and (int(e["min"]), int(e["max"])) != (r.low, r.high):
            r = StatRule(r.key, r.label, int(e["min"]), int(e["max"]), r.target, False, True)
        out.append(r)
    return tuple(out)


def ranges_tables(system: str, edition: str | None = None) -> dict[str, Mapping[str, Any]]:
    """The characteristic ranges of ``system`` in ``edition`` as reference tables (raw,
    as a rules file or a house rule writes them): each characteristic's label, kind and
    lowest and highest entry; ``default`` when any range is our default."""
    from campaign_app.systems.registry import get_system

    info = get_system(system)
    ed = (edition or info.default_edition).lower()
    data = load_rulebook().data(info.id, ed)
    out: dict[str, Mapping[str, Any]] = {}
    for tid, kind, title in ((RANGES_TABLE, "", "Characteristic ranges"),
                             (VEHICLE_RANGES_TABLE, "vehicle", "Vehicle characteristic ranges")):
        if kind and not isinstance(data.get("vehicle_characteristics"), Mapping):
            continue
        rules = _stat_rules(info.id, ed, kind)
        if not rules:
            continue
        table: dict[str, Any] = {
            "title": title, "dice": "none",
            "note": "The values a characteristic may be entered with (a target number as its number: 4 for 4+). "
                    "Change them as a house rule.",
            "entries": [{"stat": r.key, "label": r.label, "kind": "target" if r.target else "value",
                         "min": r.low, "max": r.high} for r in rules],
        }
        if any(r.default for r in rules):
            table["default"] = True
        out[tid] = table
    return out


def check_ranges_rule(system: str, edition: str | None, table_id: str,
                      entries: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]] | None:
    """A house rule of a ranges table: each entry names a characteristic of the game and
    whole numbers ``min`` <= ``max``; InputError naming the entry otherwise. Returns the
    whole table's entries (those not named keep the shipped range), or None when
    ``table_id`` is not a ranges table."""
    shipped = ranges_tables(system, edition).get(table_id)
    if shipped is None:
        return None
    known = {str(e["stat"]).lower(): e for e in shipped["entries"]}
    seen: set[str] = set()
    for i, e in enumerate(entries, 1):
        stat = str(e.get("stat", "")).strip()
        if stat.lower() not in known:
            raise InputError(f"house rule {table_id} entry {i}: unknown characteristic {stat!r} "
                             f"(known: {', '.join(str(k['stat']) for k in known.values())})")
        if stat.lower() in seen:
            raise InputError(f"house rule {table_id} entry {i}: {stat} is given twice")
        seen.add(stat.lower())
        lo, hi = e.get("min"), e.get("max")
        if not (isinstance(lo, int) and isinstance(hi, int)) or isinstance(lo, bool) or isinstance(hi, bool):
            raise InputError(f"house rule {table_id} entry {i} ({stat}): min and max must be whole numbers")
        if lo > hi:
            raise InputError(f"house rule {table_id} entry {i} ({stat}): min {lo} is above max {hi}")
        if not -99 <= lo and hi <= 99:
            raise InputError(f"house rule {table_id} entry {i} ({stat}): keep min and max within -99..99")
    given = {str(e["stat"]).strip().lower(): e for e in entries}
    out = []
    for e in shipped["entries"]:
        g = given.get(str(e["stat"]).lower())
        out.append({**e, "min": g["min"], "max": g["max"]} if g is not None else dict(e))
    return out


@lru_cache(maxsize=64)
def _stat_rules(system: str, edition: str, kind: str) -> tuple[StatRule, ...]:
    data = load_rulebook().data(system, edition)
    section = data.get("vehicle_characteristics" if kind == "vehicle" else "characteristics")
    if not isinstance(section, Mapping) or not section:
        from campaign_app.systems.registry import get_system

        return get_system(system).stats
    return tuple(
        StatRule(str(key), str(v.get("label", key)), int(v["min"]), int(v["max"]), v.get("kind") == "target",
                 v.get("default") is True)
        for key, v in section.items()
        if isinstance(v, Mapping)
    )


def find_stat(rules: Iterable[StatRule], key: str, where: str = "") -> StatRule:
    """The rule for ``key`` (any case) among ``rules``; InputError naming the known keys."""
    rules = tuple(rules)
    for s in rules:
        if s.key.lower() == str(key).strip().lower():
            return s
    raise InputError(
        f"unknown characteristic {key!r}{' for ' + where if where else ''} "
        f"(known: {', '.join(s.key for s in rules) or 'none'})"
    )


@lru_cache(maxsize=64)
def _ranges_parsed(system: str, edition: str) -> dict[str, Any]:
    from campaign_app.rules import parse_table

    try:
        return {tid: parse_table(tid, raw, "characteristics", {"system": system, "edition": edition})
                for tid, raw in ranges_tables(system, edition).items()}
    except InputError:  # a system not installed: no ranges
        return {}


def campaign_tables(system: str, edition: str = "", expansions: Iterable[str] = (),
                    house_rules: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The tables in force for a campaign: shipped ones with its house rules on top."""
    from campaign_app.rules import parse_table

    book = load_rulebook()
    tables: dict[str, Any] = dict(book.for_campaign(system, edition, expansions))
    for tid, raw in _ranges_parsed(system, edition).items():
        tables.setdefault(tid, raw)
    for tid, raw in (house_rules or {}).items():
        base = tables.get(tid)
        meta = {"system": system, "edition": base.edition if base else edition,
                "expansion": base.expansion if base else ""}
        tables[tid] = parse_table(tid, raw, "house rule", meta)
    return tables
