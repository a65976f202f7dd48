"""Advancement as rules data (format: docs/rules-format.md, "Advancement").

A rules file may hold one ``[advancement]`` section saying how the fighters of its
system and edition improve between battles:

- ``mode = "xp"``: advancements are bought with XP: the ``options``
  table lists them with their XP cost and credits-value increase; ``random`` names, per
  fighter type, the table rolled for a random advancement and what a roll costs;
- ``mode = "ranks"``: advancements are earned by reaching XP ranks:
  the ``ranks`` table lists each rank's XP threshold and what it grants (a roll on the
  type's random table, or a choice among options); XP is not spent;
- ``mode = "battles"``: promotion by battles fought (the squad games), done in After the
  Battle; ``mode = "after-battle"``: changes only in After the Battle (a Rep).
  These two only explain themselves (``note``) on the advancement screen.

The options, limits and ranks are reference tables (``dice = "none"``, their
``entries`` checked by the models below), so a campaign house-rules them like every
table; the random tables are ordinary rolled tables whose rows carry ``advance``
effects (``{ op = "advance", options = ["ws", "bs"] }``: the advancement(s) the row
gives; more than one: the player picks one).

Pure domain: pydantic, no database. A problem is one :class:`RulesDataError` line with
its path: ``<file>.toml: tables.<options table>.entries[2].xp: ...``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from campaign_app.errors import RulesDataError
from campaign_app.rules.schema import KEY, problem

MODES = ("xp", "ranks", "battles", "after-battle")
MAX_XP = 10_000
MAX_VALUE = 100_000


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


def _key(v: str) -> str:
    if not KEY.match(v):
        raise ValueError(f"{v!r} must be a kebab-case key")
    return v


class RandomModel(_Strict):
    """How a random advancement is taken by one fighter type."""

    table: str  # a rolled table of the same rules (house rules included)
    xp: int = Field(0, ge=0, le=MAX_XP)  # XP spent for one roll (0 under ranks)
    value: int = Field(0, ge=0, le=MAX_VALUE)  # credits-value increase of one roll
    # the roll a row is read as when none of the characteristics it offers can go further
    blocked_as: int | None = Field(None, ge=1, le=66)

    @field_validator("table")
    @classmethod
    def _table(cls, v: str) -> str:
        return _key(v)


class AdvancementModel(_Strict):
    """The ``[advancement]`` section of a rules file."""

    mode: Literal["xp", "ranks", "battles", "after-battle"]
    title: str = "Advancement"
    note: str = ""
    default: bool = False  # values ours, not the source's: shown as a labelled default
    options: str = ""  # reference table: the advancements (mode xp and ranks)
    limits: str = ""  # reference table: the best value advancement may reach, per stat
    ranks: str = ""  # reference table: XP ranks (mode ranks)
    random: dict[str, RandomModel] = Field(default_factory=dict)  # fighter type ("any": every type)
    table: str = ""  # modes battles / after-battle: the rolled table that does it (shown in the list)
    # mode xp: a characteristic bought again costs this much more XP for each time the
    # fighter took it before (the types in repeat_exempt pay the plain cost every time)
    repeat_xp: int = Field(0, ge=0, le=100)
    repeat_exempt: list[str] = Field(default_factory=list)

    @field_validator("options", "limits", "ranks", "table")
    @classmethod
    def _ref(cls, v: str) -> str:
        return _key(v) if v else v

    @model_validator(mode="after")
    def _needs(self) -> AdvancementModel:
        if self.mode in ("xp", "ranks") and not self.options:
            raise ValueError(f"mode {self.mode!r} needs an options table")
        if self.mode == "ranks" and not self.ranks:
            raise ValueError("mode 'ranks' needs a ranks table")
        return self


class OptionModel(_Strict):
    """One advancement (an entry of the options table)."""

    key: str
    label: str = Field(min_length=1, max_length=200)
    xp: int = Field(0, ge=0, le=MAX_XP)  # XP cost when bought (mode xp)
    value: int = Field(0, ge=0, le=MAX_VALUE)  # credits-value increase
    stat: str = ""  # the characteristic it changes ...
    delta: int = Field(0, ge=-3, le=3)  # ... by this much ("one better" on a target: -1)
    skill: str = ""  # ... or a skill of this set the player names ("primary", "any"...)
    promote: str = ""  # ... or the fighter type it promotes to
    types: list[str] = Field(default_factory=list)  # who may take it ([] = every type)
    random_only: bool = False  # only granted by a roll or a rank, never bought
    skill_roll: str = ""  # the skill is random: these dice ("d6") pick it from the set the player names

    @field_validator("key")
    @classmethod
    def _k(cls, v: str) -> str:
        return _key(v)

    @field_validator("skill_roll")
    @classmethod
    def _dice(cls, v: str) -> str:
        if v and v.strip().lower() not in ("d6", "d3", "2d6", "d66"):
            raise ValueError(f"{v!r}: a skill is picked with d6, d3, 2d6 or d66")
        return v.strip().lower()

    @model_validator(mode="after")
    def _one(self) -> OptionModel:
        kinds = [k for k in ("stat", "skill", "promote") if getattr(self, k)]
        if len(kinds) != 1 and kinds != ["skill", "promote"]:
            raise ValueError("an advancement changes exactly one of stat, skill or promote "
                             "(a promotion may also give a skill)")
        if self.skill_roll and not self.skill:
            raise ValueError(f"advancement {self.key}: skill_roll goes with skill")
        if self.stat and self.delta == 0:
            raise ValueError(f"advancement {self.key}: a stat advancement needs a delta other than 0")
        if not self.stat and self.delta:
            raise ValueError(f"advancement {self.key}: delta goes with stat")
        return self


class LimitModel(_Strict):
    """How far advancement may take a characteristic (an entry of limits): ``best``, the
    best value it may reach, and/or ``above``, how many steps past the fighter's basic
    profile (the times it was advanced)."""

    stat: str = Field(min_length=1, max_length=20)
    best: int | None = Field(None, ge=-50, le=50)
    above: int | None = Field(None, ge=0, le=20)
    types: list[str] = Field(default_factory=list)  # [] = every type

    @model_validator(mode="after")
    def _some(self) -> LimitModel:
        if self.best is None and self.above is None:
            raise ValueError(f"limit of {self.stat}: give best, above or both")
        return self


class RankModel(_Strict):
    """One XP rank (an entry of the ranks table)."""

    rank: int = Field(ge=1, le=100)
    xp: int = Field(ge=0, le=MAX_XP)
    label: str = Field("", max_length=200)
    grants: list[str] = Field(min_length=1)  # "roll" (the type's random table) or option keys

    @field_validator("grants")
    @classmethod
    def _grants(cls, v: list[str]) -> list[str]:
        for g in v:
            _key(g)
        return v


@dataclass(frozen=True)
class Advancement:
    """The advancement rules of one system and edition (house rules applied)."""

    mode: str
    title: str
    note: str
    default: bool
    options: tuple[OptionModel, ...]
    limits: tuple[LimitModel, ...]
    ranks: tuple[RankModel, ...]
    random: Mapping[str, RandomModel]
    options_table: str = ""
    ranks_table: str = ""
    table: str = ""
    repeat_xp: int = 0
    repeat_exempt: tuple[str, ...] = ()
    limits_default: bool = False  # the limits table is our labelled default


    def option(self, key: str) -> OptionModel | None:
        return next((o for o in self.options if o.key == key), None)

    def random_for(self, fighter_type: str) -> RandomModel | None:
        return self.random.get(fighter_type) or self.random.get("any")

    def _limit(self, stat: str, fighter_type: str) -> LimitModel | None:
        own = [lm for lm in self.limits if lm.stat.lower() == stat.lower() and fighter_type in lm.types]
        every = [lm for lm in self.limits if lm.stat.lower() == stat.lower() and not lm.types]
        found = own or every
        return found[0] if found else None

    def limit(self, stat: str, fighter_type: str) -> int | None:
        """The best value advancement may bring ``stat`` to (None: no such limit)."""
        lm = self._limit(stat, fighter_type)
        return lm.best if lm else None

    def limit_above(self, stat: str, fighter_type: str) -> int | None:
        """How many times ``stat`` may be advanced past the basic profile (None: no limit)."""
        lm = self._limit(stat, fighter_type)
        return lm.above if lm else None

    def xp_cost(self, o: OptionModel, fighter_type: str, advances: Mapping[str, Any], stat_key: str = "") -> int:
        """What ``o`` costs a fighter of ``fighter_type`` that advanced its characteristics
        ``advances`` times (key -> count): the option's XP, plus ``repeat_xp`` for each
        earlier time the same characteristic was taken (not for the exempt types)."""
        if not o.stat or not self.repeat_xp or fighter_type in self.repeat_exempt:
            return o.xp
        taken = advances.get(stat_key or o.stat, 0)
        return o.xp + self.repeat_xp * (taken if isinstance(taken, int) and taken > 0 else 0)


def validate_section(raw: Any, source: str) -> AdvancementModel:
    try:
        return AdvancementModel.model_validate(raw)
    except ValidationError as e:
        raise problem(e, source, ("advancement",)) from None


_ENTRY_MODELS: dict[str, type[BaseModel]] = {"options": OptionModel, "limits": LimitModel, "ranks": RankModel}


def validate_entries(what: str, table_id: str, entries: Any, source: str) -> list[Any]:
    """The entries of the ``what`` ("options", "limits", "ranks") table, checked."""
    model = _ENTRY_MODELS[what]
    if not isinstance(entries, list | tuple):
        raise RulesDataError(f"{source}: tables.{table_id}.entries: must be a list")
    out: list[Any] = []
    for i, raw in enumerate(entries):
        try:
            out.append(model.model_validate(dict(raw) if isinstance(raw, Mapping) else raw))
        except ValidationError as e:
            raise problem(e, source, ("tables", table_id, "entries", i)) from None
    if what == "options":
        seen: set[str] = set()
        for i, o in enumerate(out):
            if o.key in seen:
                raise RulesDataError(f"{source}: tables.{table_id}.entries[{i}].key: {o.key!r} is given twice")
            seen.add(o.key)
    if what == "ranks":
        for i, (a, b) in enumerate(zip(out, out[1:], strict=False), start=1):
            if b.rank != a.rank + 1 or b.xp <= a.xp:
                raise RulesDataError(f"{source}: tables.{table_id}.entries[{i}]: ranks must count up "
                                     "one by one, each needing more XP than the last")
    return out


def tables_of(model: AdvancementModel) -> dict[str, str]:
    """table id -> what it is ("options", "limits", "ranks", "random")."""
    out = {t: w for w, t in (("options", model.options), ("limits", model.limits), ("ranks", model.ranks)) if t}
    for r in model.random.values():
        out.setdefault(r.table, "random")
    return out


def build(model: AdvancementModel, tables: Mapping[str, Any], source: str) -> Advancement:
    """The advancement rules from the section and the tables in force (``Table`` objects
    by id, house rules included); every cross-reference checked."""
    def entries(what: str, tid: str) -> list[Any]:
        if not tid:
            return []
        t = tables.get(tid)
        if t is None:
            raise RulesDataError(f"{source}: advancement.{what}: no table {tid!r}")
        if t.rolled:
            raise RulesDataError(f"{source}: advancement.{what}: table {tid} must be reference data (dice = 'none')")
        return validate_entries(what, tid, [dict(e) for e in t.entries], t.source or source)

    options = entries("options", model.options)
    limits = entries("limits", model.limits)
    ranks = entries("ranks", model.ranks)
    keys = {o.key for o in options}
    for ftype, r in model.random.items():
        t = tables.get(r.table)
        if t is None or not t.rolled:
            raise RulesDataError(f"{source}: advancement.random.{ftype}.table: no rolled table {r.table!r}")
        if r.blocked_as is not None and not any(row.covers(r.blocked_as) for row in t.rows):
            raise RulesDataError(f"{source}: advancement.random.{ftype}.blocked_as: table {t.id} "
                                 f"has no row for {r.blocked_as}")
        for i, row in enumerate(t.rows, start=1):
            for e in row.effects:
                if e.op == "advance":
                    for k in advance_keys(e.args):
                        if k not in keys:
                            raise RulesDataError(f"{t.source or source}: table {t.id} row {i}: "
                                                 f"advancement {k!r} is not in {model.options}")
    if model.table and model.table not in tables:
        raise RulesDataError(f"{source}: advancement.table: no table {model.table!r}")
    for i, rk in enumerate(ranks):
        for g in rk.grants:
            if g != "roll" and g not in keys:
                raise RulesDataError(f"{source}: tables.{model.ranks}.entries[{i}].grants: "
                                     f"{g!r} is neither 'roll' nor an advancement of {model.options}")
    limits_table = tables.get(model.limits) if model.limits else None
    return Advancement(mode=model.mode, title=model.title, note=model.note, default=model.default,
                       options=tuple(options), limits=tuple(limits), ranks=tuple(ranks),
                       random=dict(model.random), options_table=model.options, ranks_table=model.ranks,
                       table=model.table, repeat_xp=model.repeat_xp, repeat_exempt=tuple(model.repeat_exempt),
                       limits_default=bool(getattr(limits_table, "default", False)))


def advance_keys(args: Mapping[str, Any]) -> list[str]:
    """The option keys of an ``advance`` effect (a list, or text "ws,bs")."""
    raw = args.get("options", [])
    if isinstance(raw, str):
        return [k.strip() for k in raw.split(",") if k.strip()]
    return [str(k) for k in raw] if isinstance(raw, list | tuple) else []
