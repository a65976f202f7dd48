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
from campaign_app.rules import load_rulebook


@dataclass(frozen=True)
class StatRule:
    key: str
    label: str
    low: int
    high: int
    target: bool = False  # a target number written "3+": lower is better
    default: bool = False  # the range is our labelled default, not the source's

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
            raise InputError(f"{where}{self.key}: {value} is outside {shown}{' (default)' if self.default else ''}")
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


def stat_rules(system: str, edition: str | None = None, kind: str = "") -> tuple[StatRule, ...]:
    """The characteristics of ``system`` in ``edition`` (default edition if empty), from
    the edition's rules data: ``characteristics`` ({label, kind "target"|"value", min,
    max}), or ``vehicle_characteristics`` when ``kind`` is "vehicle". A system without
    such data keeps :attr:`SystemInfo.stats`."""
    from campaign_app.systems.registry import get_system

    info = get_system(system)
    ed = (edition or info.default_edition).lower()
    return _stat_rules(info.id, ed, "vehicle" if (kind or "").lower() == "vehicle" else "")


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


def campaign_tables(system: str, edition: str = "", expansions: Iterable[str] = (),
                    house_rules: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The tables in force for a campaign: shipped ones with its house rules on top."""
    from campaign_app.rules import parse_table

    book = load_rulebook()
    tables: dict[str, Any] = dict(book.for_campaign(system, edition, expansions))
    for tid, raw in (house_rules or {}).items():
        base = tables.get(tid)
        meta = {"system": system, "edition": base.edition if base else edition,
                "expansion": base.expansion if base else ""}
        tables[tid] = parse_table(tid, raw, "house rule", meta)
    return tables
