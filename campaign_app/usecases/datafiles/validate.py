"""Checking a campaign document before anything is written: every problem with its path,
and a plan of rows to insert. The big lists (rolls, battle results) are first checked column
by column at C speed and fall back to item-by-item checks, which name each problem, when
anything looks off."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from functools import cache, partial
from itertools import chain, repeat
from operator import attrgetter, is_not, itemgetter
from typing import Any

from campaign_app.errors import InputError, RulesDataError
from campaign_app.usecases.common import (
    BATTLES_RANGE,
    CREDITS_RANGE,
    FIGURES_RANGE,
    MAX_NAME,
    MAX_TEXT,
    REPUTATION_RANGE,
    XP_RANGE,
)
from campaign_app.usecases.datafiles.export import _T
from campaign_app.usecases.datafiles.limits import (
    INT_LIMIT,
    MAX_PROBLEMS,
    _kind,
    _path,
    _short,
)
from campaign_app.usecases.datafiles.schema import (
    _BATTLE_KEYS,
    _CAMPAIGN_KEYS,
    _EQ_KEYS,
    _FIGHTER_KEYS,
    _INJ_KEYS,
    _RESULT_KEYS,
    _ROLL_KEYS,
    _ROSTER_KEYS,
    _TOP_KEYS,
    _UNIT_KEYS,
    _WALKER_KEYS,
    BACKUP_FORMAT,
    FORMAT,
    SCHEMA_VERSION,
)
from db.models import (
    utcnow,
)

_MISSING = object()


class _Rows:
    """The rows of one table, kept column by column (what a bulk insert needs); every
    row has the same keys, and ``_x`` keys are references to resolve."""

    def __init__(self) -> None:
        self.cols: dict[str, list[Any]] = {}
        self.n = 0

    def append(self, row: Mapping[str, Any]) -> None:
        if not self.n:
            self.cols = {k: [] for k in row}
        for k, v in row.items():
            self.cols[k].append(v)
        self.n += 1

    def set(self, cols: dict[str, list[Any]], n: int) -> None:
        self.cols, self.n = cols, n

    def __len__(self) -> int:
        return self.n

    def __getitem__(self, key: str) -> list[Any]:
        return self.cols[key] if self.n else []


@dataclass
class _Plan:
    """A checked document as rows to insert."""

    campaign: dict[str, Any] = field(default_factory=dict)
    walker_types: _Rows = field(default_factory=_Rows)
    rosters: _Rows = field(default_factory=_Rows)
    fighters: _Rows = field(default_factory=_Rows)
    units: _Rows = field(default_factory=_Rows)
    equipment: _Rows = field(default_factory=_Rows)
    skills: _Rows = field(default_factory=_Rows)
    injuries: _Rows = field(default_factory=_Rows)
    battles: _Rows = field(default_factory=_Rows)
    battle_rosters: _Rows = field(default_factory=_Rows)
    battle_results: _Rows = field(default_factory=_Rows)
    rolls: _Rows = field(default_factory=_Rows)


class _Stop(Exception):
    pass


@cache
def _limit(table: str, column: str) -> int:
    length = getattr(_T[table].c[column].type, "length", None)
    return int(length) if length else MAX_TEXT


class _Checker:
    def __init__(self) -> None:
        self.problems: list[str] = []
        self.more = False
        self.refs: dict[str, dict[str, str]] = {k: {} for k in ("w", "r", "f", "u", "b", "d")}
        self.pending: list[tuple[str, str, str]] = []  # (kind, ref, path)

    def err(self, path: str, msg: str) -> None:
        self.problems.append(f"{path}: {msg}")
        if len(self.problems) >= MAX_PROBLEMS:
            self.more = True
            raise _Stop

    # structure -----------------------------------------------------------------
    def obj(self, v: Any, path: str, keys: tuple[str, ...]) -> dict[str, Any] | None:
        if not isinstance(v, dict):
            self.err(path, f"must be an object, not {_kind(v)}")
            return None
        for k in v:
            if k not in keys:
                self.err(f"{path}.{k}" if path else k, "unknown field")
        return v

    def lst(self, d: Mapping[str, Any], key: str, path: str) -> list[Any]:
        v = d.get(key, [])
        if not isinstance(v, list):
            self.err(f"{path}.{key}" if path else key, f"must be a list, not {_kind(v)}")
            return []
        return v

    # scalars -------------------------------------------------------------------
    def get(self, d: Mapping[str, Any], key: str, path: str, default: Any) -> tuple[Any, str]:
        p = f"{path}.{key}" if path else key
        v = d.get(key, _MISSING)
        if v is _MISSING:
            if default is _MISSING:
                self.err(p, "is missing")
            return default, p
        return v, p

    def text(self, d: Mapping[str, Any], key: str, path: str, limit: int, *, default: Any = "",
             name: bool = False) -> str:
        v = d.get(key, _MISSING)
        if type(v) is str and not name and len(v) <= limit:
            return v  # fast path: the usual case
        v, p = self.get(d, key, path, default)
        if v is _MISSING:
            return ""
        if not isinstance(v, str):
            self.err(p, f"must be text, not {_kind(v)}")
            return ""
        if name:
            v2 = v.strip()
            if v2 != v:
                self.err(p, f"{_short(v)} has spaces around it")
            elif not v:
                self.err(p, "is empty")
            elif _CONTROL.search(v):
                self.err(p, "contains control characters")
        if len(v) > limit:
            self.err(p, f"is {len(v):,} characters long (at most {limit:,})")
        return v

    def integer(self, d: Mapping[str, Any], key: str, path: str, lo: int = -INT_LIMIT,
                hi: int = INT_LIMIT, *, default: Any = 0, nullable: bool = False) -> int | None:
        v = d.get(key, _MISSING)
        if type(v) is int and lo <= v <= hi:
            return v  # fast path
        v, p = self.get(d, key, path, default)
        if v is _MISSING:
            return 0
        if v is None and nullable:
            return None
        if isinstance(v, bool) or not isinstance(v, int):
            self.err(p, f"{_short(v)} is not a whole number")
            return 0
        if v > hi:
            self.err(p, f"{v} is above {hi}")
        elif v < lo:
            self.err(p, f"{v} is below {lo}")
        return v

    def boolean(self, d: Mapping[str, Any], key: str, path: str, default: Any = False) -> bool:
        v, p = self.get(d, key, path, default)
        if v is _MISSING:
            return False
        if not isinstance(v, bool):
            self.err(p, f"{_short(v)} is not true or false")
            return False
        return v

    def when(self, d: Mapping[str, Any], key: str, path: str) -> datetime:
        v, p = self.get(d, key, path, None)
        if v is None:
            return utcnow()
        if not isinstance(v, str):
            self.err(p, f"{_short(v)} is not a date and time (YYYY-MM-DDTHH:MM:SS)")
            return datetime(2000, 1, 1, tzinfo=UTC)
        try:
            return _utc(datetime.fromisoformat(v))
        except (ValueError, OverflowError):
            self.err(p, f"{_short(v)} is not a date and time (YYYY-MM-DDTHH:MM:SS)")
            return datetime(2000, 1, 1, tzinfo=UTC)

    def day(self, d: Mapping[str, Any], key: str, path: str) -> date:
        v, p = self.get(d, key, path, None)
        if v is None:
            return date.today()
        if isinstance(v, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", v):
            try:
                return date.fromisoformat(v)
            except ValueError:
                pass
        self.err(p, f"{_short(v)} is not a date (YYYY-MM-DD)")
        return date(2000, 1, 1)

    def strings(self, d: Mapping[str, Any], key: str, path: str, limit: int = MAX_NAME) -> list[str]:
        v, p = self.get(d, key, path, [])
        if not isinstance(v, list):
            self.err(p, f"must be a list of text, not {_kind(v)}")
            return []
        for i, x in enumerate(v):
            if not isinstance(x, str):
                self.err(f"{p}[{i}]", f"must be text, not {_kind(x)}")
            elif len(x) > limit:
                self.err(f"{p}[{i}]", f"is {len(x):,} characters long (at most {limit:,})")
        return list(v)

    def mapping(self, d: Mapping[str, Any], key: str, path: str) -> dict[str, Any]:
        v, p = self.get(d, key, path, {})
        if not isinstance(v, dict):
            self.err(p, f"must be an object, not {_kind(v)}")
            return {}
        return v

    # references ------------------------------------------------------------------
    def define(self, kind: str, d: Mapping[str, Any], path: str) -> str:
        v, p = self.get(d, "ref", path, _MISSING)
        if v is _MISSING:
            return ""
        if not isinstance(v, str) or not v or len(v) > 40:
            self.err(p, f"{_short(v)} must be short text (1 to 40 characters)")
            return ""
        seen = self.refs[kind].get(v)
        if seen is not None:
            self.err(p, f"{v!r} is already used by {seen}")
            return v
        self.refs[kind][v] = path
        return v

    def refer(self, kind: str, d: Mapping[str, Any], key: str, path: str) -> str | None:
        v, p = self.get(d, key, path, None)
        if v is None:
            return None
        if not isinstance(v, str):
            self.err(p, f"{_short(v)} must be a reference (text) or null")
            return None
        self.pending.append((kind, v, p))
        return v

    def resolve(self) -> None:
        names = {"w": "walker type", "r": "roster", "f": "fighter", "u": "unit", "b": "battle",
                 "d": "roll"}
        for kind, ref, p in self.pending:
            if ref not in self.refs[kind]:
                self.err(p, f"no {names[kind]} has ref {ref!r}")

    def fast(self, items: list[Any], prefix: str, keys: frozenset[str], spec: tuple[tuple[Any, ...], ...],
             extra_ok: Any = None) -> dict[str, list[Any]] | None:
        """The rows the checks above would give for ``items``, column by column at C speed,
        when every item is plainly right; None when any might not be: then the item-by-item
        checks run and report each problem with its path. ``spec`` lists (row key, document
        key, check, arguments); references must point at refs already defined, and
        ``extra_ok(columns)`` checks what crosses columns. Nothing is recorded unless all pass."""
        n = len(items)
        if not n:
            return None
        if set(map(type, items)) != {dict} or not set().union(*items) <= keys:
            return None
        cols: dict[str, list[Any]] = {}
        defines: list[tuple[str, list[str]]] = []
        for name, key, check, *args in spec:
            if check == "text":  # limit, default
                vals = _column(items, key, args[1])
                if set(map(type, vals)) != {str} or max(map(len, vals)) > args[0]:
                    return None
            elif check == "int":  # lo, hi, default, nullable
                vals = _column(items, key, args[2])
                types = set(map(type, vals))
                nums = vals
                if args[3] and type(None) in types:
                    types.discard(type(None))
                    nums = list(filter(_NOT_NONE, vals))
                if types - {int} or (nums and (min(nums) < args[0] or max(nums) > args[1])):
                    return None
            elif check == "bool":
                vals = _column(items, key, False)
                if set(map(type, vals)) != {bool}:
                    return None
            elif check == "ref":  # kind: every ref already defined
                vals = _column(items, key, None)
                if set(map(type, vals)) - {str, type(None)}:
                    return None
                present = set(vals)
                present.discard(None)
                if not present <= self.refs[args[0]].keys():
                    return None
            elif check == "define":  # kind
                vals = _column(items, key, _MISSING)
                if (set(map(type, vals)) != {str} or min(map(len, vals)) < 1 or max(map(len, vals)) > 40
                        or len(set(vals)) != n or not self.refs[args[0]].keys().isdisjoint(vals)):
                    return None
                defines.append((args[0], vals))
            elif check == "map":  # an object; a missing one is a new empty object
                vals = _column(items, key, _MISSING)
                if _MISSING in vals:
                    vals = [{} if v is _MISSING else v for v in vals]
                if set(map(type, vals)) != {dict}:
                    return None
            elif check == "when":
                vals = _column(items, key, None)
                if set(map(type, vals)) != {str}:
                    return None
                try:
                    vals = list(map(datetime.fromisoformat, vals))
                    if set(map(id, map(attrgetter("tzinfo"), vals))) != {id(UTC)}:
                        vals = list(map(_utc, vals))
                except (ValueError, OverflowError):
                    return None
            else:  # pragma: no cover - a mistake in a spec
                raise ValueError(check)
            cols[name] = vals
        if extra_ok is not None and not extra_ok(cols):
            return None
        for kind, vals in defines:
            self.refs[kind].update(zip(vals, [f"{prefix}[{i}]" for i in range(n)], strict=True))
        return cols


def _column(items: list[dict[str, Any]], key: str, default: Any) -> list[Any]:
    """``item.get(key, default)`` of every item (at C speed when no item lacks the key)."""
    try:
        return list(map(itemgetter(key), items))
    except KeyError:
        return [x.get(key, default) for x in items]


def _utc(t: datetime) -> datetime:
    # stored in UTC (naive means UTC); out-of-range offsets fail here, not in the insert
    return t.replace(tzinfo=UTC) if t.utcoffset() is None else t.astimezone(UTC)


_NOT_NONE = partial(is_not, None)
_FACES = re.compile(r"\d+(,\d+)*")
_CONTROL = re.compile(r"[\x00-\x1f]")




def validate_document(doc: Any, *, rename: str | None = None,
                      taken_names: set[str] | frozenset[str] = frozenset()) -> tuple[_Plan, list[str], bool]:
    """Check a campaign document; returns the plan, the problems and whether more were cut."""
    ck = _Checker()
    plan = _Plan()
    try:
        _validate(ck, plan, doc, rename, taken_names)
        ck.resolve()
    except _Stop:
        pass
    return plan, ck.problems, ck.more


def _validate(ck: _Checker, plan: _Plan, doc: Any, rename: str | None, taken: Any) -> None:
    from campaign_app.systems import SYSTEMS, campaign_tables
    from campaign_app.usecases.core import FIGHTER_STATUSES

    top = ck.obj(doc, "", _TOP_KEYS)
    if top is None:
        return
    fmt = top.get("format")
    if fmt == BACKUP_FORMAT:
        ck.err("format", "this is a whole-database backup: use restore, or import one of its campaigns")
        return
    if fmt != FORMAT:
        ck.err("format", f"{_short(fmt)} is not {FORMAT!r} (not a campaign_app campaign file)")
        return
    sv = top.get("schema_version")
    if isinstance(sv, bool) or not isinstance(sv, int):
        ck.err("schema_version", f"{_short(sv)} is not a version number")
        return
    if sv > SCHEMA_VERSION:
        ck.err("schema_version", f"{sv} is newer than this app reads ({SCHEMA_VERSION}): "
                                 "upgrade campaign_app")
        return
    if sv < 1:
        ck.err("schema_version", f"{sv} is not a known version")
        return

    # campaign --------------------------------------------------------------------
    if "campaign" not in top:
        ck.err("campaign", "is missing")
        return
    cd = ck.obj(top["campaign"], "campaign", _CAMPAIGN_KEYS)
    if cd is None:
        return
    if rename is None:
        name = ck.text(cd, "name", "campaign", MAX_NAME, default=_MISSING, name=True)
    else:  # the file's own name does not matter
        name = rename.strip()
        if not name or len(name) > MAX_NAME or any(ord(ch) < 32 for ch in name):
            ck.err("--rename", f"{_short(rename)} is not a usable campaign name")
    if name and name in taken:
        ck.err("campaign.name" if rename is None else "--rename",
               f"a campaign named {name!r} already exists (import with another name: --rename NEW)")
    system_raw = ck.text(cd, "system", "campaign", 40, default=_MISSING)
    info = SYSTEMS.get(system_raw)
    if info is None and system_raw:
        ck.err("campaign.system", f"{system_raw!r} is not a known game system ({', '.join(SYSTEMS)})")
    edition = ck.text(cd, "edition", "campaign", 40)
    expansions = ck.strings(cd, "expansions", "campaign", 40)
    system_ok = info is not None
    if info is not None:
        if edition not in info.editions:
            system_ok = False
            ck.err("campaign.edition", f"{edition!r} is not an edition of {info.name} "
                                       f"({', '.join(e for e in info.editions if e) or 'none'})")
        for i, x in enumerate(expansions):
            if x not in info.expansions:
                system_ok = False
                ck.err(f"campaign.expansions[{i}]", f"{_short(x)} is not an expansion of {info.name}")
        if len(set(map(str, expansions))) != len(expansions):
            ck.err("campaign.expansions", "lists an expansion twice")
    house = ck.mapping(cd, "house_rules", "campaign")
    if house and info is not None and system_ok:
        from campaign_app.rules import check_effects, parse_table

        shipped = campaign_tables(info.id, edition, expansions)
        for tid, raw in house.items():
            p = "campaign.house_rules" + _path([0, tid])[3:]
            if tid not in shipped:
                ck.err(p, f"{info.name} has no table {tid!r} to override")
                continue
            try:
                parsed = parse_table(tid, raw, "house rule")
                check_effects(parsed, "house rule")
            except (RulesDataError, InputError) as e:
                ck.err(p, str(e))
                continue
            if parsed.dice != shipped[tid].dice:
                ck.err(p, f"dice must stay {shipped[tid].dice} (got {parsed.dice})")
    plan.campaign = {
        "name": name, "system": system_raw, "edition": edition, "expansions": expansions,
        "house_rules": house, "cycle": ck.integer(cd, "cycle", "campaign", 1, 10_000, default=1),
        "notes": ck.text(cd, "notes", "campaign", MAX_TEXT),
        "created_at": ck.when(cd, "created_at", "campaign"), "version": 1,
    }

    # walker types ------------------------------------------------------------------
    wnames: dict[str, str] = {}
    for i, w in enumerate(ck.lst(top, "walker_types", "")):
        p = f"walker_types[{i}]"
        wd = ck.obj(w, p, _WALKER_KEYS)
        if wd is None:
            continue
        row: dict[str, Any] = {"_ref": ck.define("w", wd, p)}
        row["name"] = ck.text(wd, "name", p, _limit("walker_type", "name"), default=_MISSING, name=True)
        if row["name"] in wnames:
            ck.err(f"{p}.name", f"{row['name']!r} is already used by {wnames[row['name']]}")
        wnames[row["name"]] = p
        for k in ("nation", "gun1", "gun2"):
            row[k] = ck.text(wd, k, p, _limit("walker_type", k))
        row["notes"] = ck.text(wd, "notes", p, MAX_TEXT)
        for k in ("armour_front", "armour_side", "speed_road", "speed_cc"):
            row[k] = ck.integer(wd, k, p, 0, 1000)
        row["crew"] = ck.integer(wd, "crew", p, 0, 100, default=3)
        row["aa_mg"] = ck.boolean(wd, "aa_mg", p)
        row["hull_mg"] = ck.boolean(wd, "hull_mg", p)
        plan.walker_types.append(row)

    # rosters, fighters, units ----------------------------------------------------------
    rnames: dict[str, str] = {}
    for i, r in enumerate(ck.lst(top, "rosters", "")):
        p = f"rosters[{i}]"
        rd = ck.obj(r, p, _ROSTER_KEYS)
        if rd is None:
            continue
        rref = ck.define("r", rd, p)
        row = {"_ref": rref}
        row["name"] = ck.text(rd, "name", p, _limit("roster", "name"), default=_MISSING, name=True)
        if row["name"] in rnames:
            ck.err(f"{p}.name", f"{row['name']!r} is already used by {rnames[row['name']]}")
        rnames[row["name"]] = p
        row["kind"] = ck.text(rd, "kind", p, 20, default="gang" if info is None else info.default_roster_kind)
        if info is not None and row["kind"] not in info.roster_kinds:
            ck.err(f"{p}.kind", f"{row['kind']!r} is not one of {', '.join(info.roster_kinds)}")
        row["faction"] = ck.text(rd, "faction", p, _limit("roster", "faction"))
        row["player"] = ck.text(rd, "player", p, _limit("roster", "player"))
        row["credits"] = ck.integer(rd, "credits", p, *CREDITS_RANGE)
        row["reputation"] = ck.integer(rd, "reputation", p, *REPUTATION_RANGE)
        row["notes"] = ck.text(rd, "notes", p, MAX_TEXT)
        row["created_at"] = ck.when(rd, "created_at", p)
        row["version"] = 1
        plan.rosters.append(row)
        for j, f in enumerate(ck.lst(rd, "fighters", p)):
            _validate_fighter(ck, plan, f, f"{p}.fighters[{j}]", rref, info if system_ok else None,
                              FIGHTER_STATUSES, edition)
        for j, u in enumerate(ck.lst(rd, "units", p)):
            _validate_unit(ck, plan, u, f"{p}.units[{j}]", rref)

    # battles ----------------------------------------------------------------------------
    numbers: dict[int, str] = {}
    battles = ck.lst(top, "battles", "")
    # every battle's results at once when they are plainly right (refs to fighters and units
    # are all defined by now); else each is checked in the loop below
    lists: list[Any] = [b.get("results", []) if type(b) is dict else None for b in battles]
    fast_results = (ck.fast(list(chain.from_iterable(lists)), "", frozenset(_RESULT_KEYS), _result_spec())
                    if all(type(x) is list for x in lists) else None)
    brefs: list[str] = []
    for i, b in enumerate(battles):
        p = f"battles[{i}]"
        bd = ck.obj(b, p, _BATTLE_KEYS)
        if bd is None:
            continue
        bref = ck.define("b", bd, p)
        brefs.append(bref)
        row = {"_ref": bref, "_winner": ck.refer("r", bd, "winner", p)}
        row["number"] = ck.integer(bd, "number", p, 1, default=_MISSING)
        if row["number"] in numbers:
            ck.err(f"{p}.number", f"battle {row['number']} is already {numbers[row['number']]}")
        numbers[row["number"]] = p
        row["played_on"] = ck.day(bd, "played_on", p)
        row["scenario"] = ck.text(bd, "scenario", p, _limit("battle", "scenario"))
        row["outcome"] = ck.text(bd, "outcome", p, _limit("battle", "outcome"))
        row["cycle"] = ck.integer(bd, "cycle", p, 1, 10_000, default=1)
        row["notes"] = ck.text(bd, "notes", p, MAX_TEXT)
        row["after_battle_done"] = ck.boolean(bd, "after_battle_done", p)
        row["created_at"] = ck.when(bd, "created_at", p)
        row["version"] = 1
        plan.battles.append(row)
        seen_r: dict[str, str] = {}
        for j, link in enumerate(ck.lst(bd, "rosters", p)):
            lp = f"{p}.rosters[{j}]"
            ld = ck.obj(link, lp, ("roster", "result"))
            if ld is None:
                continue
            ref = ck.refer("r", ld, "roster", lp)
            if ref is None:
                ck.err(f"{lp}.roster", "is missing")
            elif ref in seen_r:
                ck.err(f"{lp}.roster", f"{ref!r} is already listed at {seen_r[ref]}")
            else:
                seen_r[ref] = lp
            plan.battle_rosters.append({"_battle": bref, "_roster": ref,
                                        "result": ck.text(ld, "result", lp, _limit("battle_roster", "result"))})
        for j, res in enumerate(ck.lst(bd, "results", p) if fast_results is None else ()):
            rp = f"{p}.results[{j}]"
            xd = ck.obj(res, rp, _RESULT_KEYS)
            if xd is None:
                continue
            plan.battle_results.append({
                "_battle": bref, "_fighter": ck.refer("f", xd, "fighter", rp),
                "_unit": ck.refer("u", xd, "unit", rp), "_by": ck.refer("f", xd, "by_fighter", rp),
                "status": ck.text(xd, "status", rp, _limit("battle_result", "status"), default=_MISSING),
                "scored_hit": ck.boolean(xd, "scored_hit", rp),
                "casualties": ck.integer(xd, "casualties", rp, *FIGURES_RANGE),
                "details": ck.mapping(xd, "details", rp),
            })
    if fast_results is not None:  # every battle was an object, so brefs lines up with lists
        battle_col = list(chain.from_iterable(map(repeat, brefs, map(len, lists))))
        plan.battle_results.set({"_battle": battle_col, **fast_results}, len(battle_col))

    # rolls ----------------------------------------------------------------------------------
    rolls = ck.lst(top, "rolls", "")
    cols = ck.fast(rolls, "rolls", frozenset(_ROLL_KEYS), _roll_spec(), _rolls_ok)
    if cols is not None:  # all plainly right (the usual case): no need to look one by one
        plan.rolls.set(cols, len(rolls))
    for i, x in enumerate(rolls if cols is None else ()):
        p = f"rolls[{i}]"
        xd = ck.obj(x, p, _ROLL_KEYS)
        if xd is None:
            continue
        row = {
            "_ref": ck.define("d", xd, p), "_battle": ck.refer("b", xd, "battle", p),
            "_fighter": ck.refer("f", xd, "fighter", p), "_unit": ck.refer("u", xd, "unit", p),
            "created_at": ck.when(xd, "created_at", p),
            "subject": ck.text(xd, "subject", p, _limit("roll_record", "subject")),
            "purpose": ck.text(xd, "purpose", p, MAX_TEXT),
            "rule": ck.text(xd, "rule", p, _limit("roll_record", "rule")),
            "dice": ck.text(xd, "dice", p, _limit("roll_record", "dice"), default=_MISSING),
            "faces": ck.text(xd, "faces", p, _limit("roll_record", "faces"), default=_MISSING),
            "source": ck.text(xd, "source", p, _limit("roll_record", "source"), default=_MISSING),
            "target": ck.integer(xd, "target", p, default=None, nullable=True),
            "value": ck.integer(xd, "value", p, default=_MISSING),
            "table_id": ck.text(xd, "table", p, _limit("roll_record", "table_id")),
            "row": ck.text(xd, "row", p, _limit("roll_record", "row")),
            "result": ck.text(xd, "result", p, _limit("roll_record", "result")),
            "label": ck.text(xd, "label", p, _limit("roll_record", "label")),
            "_action": ck.text(xd, "action", p, _limit("journal", "action")),
            "_undone": ck.boolean(xd, "undone", p),
        }
        if row["faces"] and not _FACES.fullmatch(row["faces"]):
            ck.err(f"{p}.faces", f"{_short(row['faces'])} is not faces such as 3,5")
        if row["_undone"] and not row["_action"]:
            ck.err(f"{p}.undone", "an undone roll needs the action it belonged to")
        plan.rolls.append(row)


@cache
def _roll_spec() -> tuple[tuple[Any, ...], ...]:
    """The roll checks of _validate for Checker.fast, in the same row order."""
    def text(name: str, key: str | None = None, limit: int | None = None, default: Any = "") -> tuple[Any, ...]:
        return (name, key or name, "text", limit or _limit("roll_record", name), default)

    return (
        ("_ref", "ref", "define", "d"), ("_battle", "battle", "ref", "b"),
        ("_fighter", "fighter", "ref", "f"), ("_unit", "unit", "ref", "u"),
        ("created_at", "created_at", "when"),
        text("subject"), text("purpose", limit=MAX_TEXT), text("rule"), text("dice", default=_MISSING),
        text("faces", default=_MISSING), text("source", default=_MISSING),
        ("target", "target", "int", -INT_LIMIT, INT_LIMIT, None, True),
        ("value", "value", "int", -INT_LIMIT, INT_LIMIT, _MISSING, False),
        text("table_id", "table"), text("row"), text("result"), text("label"),
        text("_action", "action", _limit("journal", "action")), ("_undone", "undone", "bool"),
    )


@cache
def _result_spec() -> tuple[tuple[Any, ...], ...]:
    """The battle result checks of _validate for Checker.fast, in the same row order."""
    return (
        ("_fighter", "fighter", "ref", "f"), ("_unit", "unit", "ref", "u"), ("_by", "by_fighter", "ref", "f"),
        ("status", "status", "text", _limit("battle_result", "status"), _MISSING),
        ("scored_hit", "scored_hit", "bool"), ("casualties", "casualties", "int", *FIGURES_RANGE, 0, False),
        ("details", "details", "map"),
    )


def _rolls_ok(cols: dict[str, list[Any]]) -> bool:
    if not all(map(_FACES.fullmatch, filter(None, set(cols["faces"])))):
        return False
    return True not in cols["_undone"] or all(a for a, u in zip(cols["_action"], cols["_undone"],
                                                                 strict=True) if u)


def _stat_rules(info: Any, edition: str, kind: str) -> tuple[Any, ...]:
    """The characteristics the app checks for this system, edition and kind."""
    from campaign_app.systems import stat_rules

    return () if info is None else tuple(stat_rules(info.id, edition, kind))


@cache
def _fixed_reps(system: str) -> dict[str, int]:
    """Creature kinds whose Rep never varies (Weird WWII zombies: 2), by kind."""
    from campaign_app.rules import load_rulebook
    from campaign_app.systems import get_system

    data = load_rulebook().data(system, "", get_system(system).expansions)
    creatures = data.get("creatures", {})
    if not isinstance(creatures, Mapping):
        return {}
    return {str(k): int(v["rep"]) for k, v in creatures.items()
            if isinstance(v, Mapping) and v.get("rep") is not None}


def _validate_fighter(ck: _Checker, plan: _Plan, f: Any, p: str, rref: str, info: Any,
                      statuses: tuple[str, ...], edition: str = "") -> None:
    fd = ck.obj(f, p, _FIGHTER_KEYS)
    if fd is None:
        return
    fref = ck.define("f", fd, p)
    row: dict[str, Any] = {
        "_ref": fref, "_roster": rref, "_captured_by": ck.refer("r", fd, "captured_by", p),
        "_walker_type": ck.refer("w", fd, "walker_type", p), "_crew_of": ck.refer("f", fd, "crew_of", p),
    }
    row["name"] = ck.text(fd, "name", p, _limit("fighter", "name"), default=_MISSING, name=True)
    row["fighter_type"] = ck.text(fd, "type", p, _limit("fighter", "fighter_type"))
    row["role"] = ck.text(fd, "role", p, _limit("fighter", "role"))
    row["kind"] = ck.text(fd, "kind", p, _limit("fighter", "kind"), default="human")
    row["rep"] = ck.integer(fd, "rep", p, 1, 6, default=None, nullable=True)
    if info is not None:
        if row["fighter_type"] and row["fighter_type"] not in info.fighter_types:
            ck.err(f"{p}.type", f"{row['fighter_type']!r} is not one of {', '.join(info.fighter_types)}")
        if row["kind"] not in info.kinds:
            ck.err(f"{p}.kind", f"{row['kind']!r} is not one of {', '.join(info.kinds)}")
        if row["rep"] is not None and not info.uses_rep:
            ck.err(f"{p}.rep", f"{info.name} does not use Rep (give null)")
        fixed = _fixed_reps(info.id).get(row["kind"])
        if fixed is not None and row["rep"] not in (None, fixed) and 1 <= row["rep"] <= 6:  # else said above
            ck.err(f"{p}.rep", f"{row['rep']}: a {row['kind']} is always Rep {fixed}")
    stats = ck.mapping(fd, "stats", p)
    known = {s.key.lower(): s for s in _stat_rules(info, edition, row["kind"])} if stats else {}
    for k, v in stats.items():
        rule = known.get(k.lower())
        sp = f"{p}.stats" + _path([0, k])[3:]
        if rule is not None:
            if k != rule.key:
                ck.err(sp, f"write the characteristic as {rule.key}")
            elif isinstance(v, bool) or not isinstance(v, int):
                ck.err(sp, f"{_short(v)} is not a whole number")
            elif v > rule.high:
                ck.err(sp, f"{v} is above {rule.high}")
            elif v < rule.low:
                ck.err(sp, f"{v} is below {rule.low}")
        elif known:  # the game names this figure's characteristics: no others
            ck.err(sp, f"{_short(k)} is not a characteristic here ({', '.join(r.key for r in known.values())})")
        elif isinstance(v, (dict, list)):
            ck.err(sp, "must be a number or text")
    row["stats"] = stats
    row["xp"] = ck.integer(fd, "xp", p, *XP_RANGE)
    row["credits_value"] = ck.integer(fd, "credits_value", p, *CREDITS_RANGE)
    row["status"] = ck.text(fd, "status", p, 40, default="active")
    if row["status"] not in statuses:
        ck.err(f"{p}.status", f"{row['status']!r} is not one of {', '.join(statuses)}")
    row["status_note"] = ck.text(fd, "status_note", p, MAX_TEXT)
    row["abilities"] = ck.strings(fd, "abilities", p, MAX_TEXT)
    row["conditions"] = ck.strings(fd, "conditions", p, MAX_TEXT)
    row["notes"] = ck.text(fd, "notes", p, MAX_TEXT)
    row["created_at"] = ck.when(fd, "created_at", p)
    row["version"] = 1
    plan.fighters.append(row)
    for n, e in enumerate(ck.lst(fd, "equipment", p)):
        _validate_equipment(ck, plan, e, f"{p}.equipment[{n}]", fighter=fref)
    for n, s in enumerate(ck.lst(fd, "skills", p)):
        sp = f"{p}.skills[{n}]"
        sd = ck.obj(s, sp, ("name", "source"))
        if sd is None:
            continue
        plan.skills.append({
            "_fighter": fref,
            "name": ck.text(sd, "name", sp, _limit("skill", "name"), default=_MISSING, name=True),
            "source": ck.text(sd, "source", sp, _limit("skill", "source")),
        })
    for n, inj in enumerate(ck.lst(fd, "injuries", p)):
        ip = f"{p}.injuries[{n}]"
        idd = ck.obj(inj, ip, _INJ_KEYS)
        if idd is None:
            continue
        plan.injuries.append({
            "_fighter": fref, "_battle": ck.refer("b", idd, "battle", ip),
            "_roll": ck.refer("d", idd, "roll_record", ip),
            "table_id": ck.text(idd, "table", ip, _limit("lasting_injury", "table_id"), default=_MISSING),
            "roll": ck.integer(idd, "roll", ip, default=_MISSING),
            "faces": ck.text(idd, "faces", ip, _limit("lasting_injury", "faces")),
            "result": ck.text(idd, "result", ip, _limit("lasting_injury", "result"), default=_MISSING),
            "label": ck.text(idd, "label", ip, _limit("lasting_injury", "label")),
            "effects_applied": ck.strings(idd, "effects_applied", ip, MAX_TEXT),
            "effects_skipped": ck.strings(idd, "effects_skipped", ip, MAX_TEXT),
            "created_at": ck.when(idd, "created_at", ip),
        })


def _validate_equipment(ck: _Checker, plan: _Plan, e: Any, p: str, *, fighter: str | None = None,
                        unit: str | None = None) -> None:
    ed = ck.obj(e, p, _EQ_KEYS)
    if ed is None:
        return
    row: dict[str, Any] = {"_fighter": fighter, "_unit": unit}
    row["name"] = ck.text(ed, "name", p, _limit("equipment", "name"), default=_MISSING, name=True)
    for k in ("category", "range", "strength", "ap"):
        row[k] = ck.text(ed, k, p, _limit("equipment", k), default="weapon" if k == "category" else "")
    for k in ("targets", "impact", "fp"):
        row[k] = ck.integer(ed, k, p, default=None, nullable=True)
    row["traits"] = ck.strings(ed, "traits", p)
    row["qty"] = ck.integer(ed, "qty", p, 0, 100_000, default=1)
    row["cost"] = ck.integer(ed, "cost", p, 0)
    row["notes"] = ck.text(ed, "notes", p, MAX_TEXT)
    plan.equipment.append(row)


def _validate_unit(ck: _Checker, plan: _Plan, u: Any, p: str, rref: str) -> None:
    ud = ck.obj(u, p, _UNIT_KEYS)
    if ud is None:
        return
    uref = ck.define("u", ud, p)
    row: dict[str, Any] = {"_ref": uref, "_roster": rref}
    row["name"] = ck.text(ud, "name", p, _limit("unit", "name"), default=_MISSING, name=True)
    for k in ("unit_type", "training", "armour", "discipline", "order", "status"):
        row[k] = ck.text(ud, k, p, _limit("unit", k),
                         default={"unit_type": "infantry", "status": "active"}.get(k, ""))
    row["figures"] = ck.integer(ud, "figures", p, *FIGURES_RANGE, default=1)
    row["figures_start"] = ck.integer(ud, "figures_start", p, *FIGURES_RANGE, default=1)
    row["wounded"] = ck.integer(ud, "wounded", p, *FIGURES_RANGE)
    row["battles_fought"] = ck.integer(ud, "battles_fought", p, *BATTLES_RANGE)
    stats = ck.mapping(ud, "stats", p)
    row["stats"] = stats
    row["notes"] = ck.text(ud, "notes", p, MAX_TEXT)
    row["created_at"] = ck.when(ud, "created_at", p)
    row["version"] = 1
    plan.units.append(row)
    for n, e in enumerate(ck.lst(ud, "equipment", p)):
        _validate_equipment(ck, plan, e, f"{p}.equipment[{n}]", unit=uref)
