"""Checking a campaign document before anything is written: every problem with its path,
and a plan of rows to insert.

What a valid document is (keys, types, ranges, lengths, required fields, defaults) is the
pydantic models' (:mod:`.schema`): the whole document is checked once by pydantic-core and
each of its errors becomes one line such as ``rosters[2].fighters[5].rep: 9 is above 6``.
This module adds only what a model cannot say: references between rows (each ref defined
once, each reference pointing at a row), names and battle numbers unique in the campaign,
the system, edition, expansions, kinds, types and characteristics known to the installed
game systems, house rules, a campaign name not taken in the database (handed in by the
caller) and the fighter statuses of the app; then the checked rows as a plan for the bulk
insert. The cross-row checks read the raw document, skipping values the models refuse, so
one report names both kinds of problem."""

from __future__ import annotations

import gc
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import date
from functools import cache
from itertools import chain, repeat
from operator import itemgetter
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError
from pydantic_core import ErrorDetails

from campaign_app.errors import InputError, RulesDataError
from campaign_app.textlimits import name_problem, visible
from campaign_app.usecases.datafiles import schema as sch
from campaign_app.usecases.datafiles.limits import MAX_PROBLEMS, _kind, _path, _short
from campaign_app.usecases.datafiles.schema import BACKUP_FORMAT, FORMAT, SCHEMA_VERSION
from db.models import utcnow


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
    battle_marks: _Rows = field(default_factory=_Rows)
    rolls: _Rows = field(default_factory=_Rows)
    # --- gear (gear helper)
    stash: _Rows = field(default_factory=_Rows)
    ledger: _Rows = field(default_factory=_Rows)
    content_packs: _Rows = field(default_factory=_Rows)
    territories: _Rows = field(default_factory=_Rows)
    records: _Rows = field(default_factory=_Rows)  # records helper


class _Stop(Exception):
    pass


# =========================================================================== the models' errors
@cache
def _field_kinds() -> tuple[frozenset[str], frozenset[str]]:
    """The names of reference fields and of list-of-text fields, from the models (a name
    means the same kind of field in every record)."""
    refs, texts = set(), set()
    models: list[type[BaseModel]] = [sch.CampaignDocument, *(m for m, _t in sch._SECTIONS)]
    for model in models:
        for key, info in model.model_fields.items():
            if (info.json_schema_extra or {}).get("ref"):  # type: ignore[union-attr]
                refs.add(key)
            elif sch._type_label(info) == "list of text":
                texts.add(key)
    return frozenset(refs), frozenset(texts)


def _message(e: ErrorDetails) -> str:
    """One pydantic error in the app's words."""
    t, v, ctx, loc = e["type"], e.get("input"), e.get("ctx") or {}, e["loc"]
    key = loc[-1] if loc else None
    refs, texts = _field_kinds()
    if t == "missing":
        return "is missing"
    if t == "extra_forbidden":
        return "unknown field"
    if key == "ref" and t in ("string_type", "string_too_short", "string_too_long"):
        return f"{_short(v)} must be short text (1 to 40 characters)"
    if t == "string_type":
        if key in refs:  # null where a reference is required: as if left out
            return "is missing" if v is None else f"{_short(v)} must be a reference (text) or null"
        return f"must be text, not {_kind(v)}"
    if t == "string_too_long":
        return f"is {len(v):,} characters long (at most {ctx['max_length']:,})"
    if t == "string_pattern_mismatch":
        if ctx.get("pattern") == sch.NAME_PATTERN:
            return (f"{_short(v)} has spaces around it" if v.strip() != v else "is empty" if not v
                    else f"{visible(v, 40)!r} {name_problem(v)}" if name_problem(v)
                    else "contains control characters")
        if ctx.get("pattern") == sch.FACES_PATTERN:
            return f"{_short(v)} is not faces such as 3,5"
        if ctx.get("pattern") == sch.SOURCE_PATTERN:
            return f"{_short(v)} is not one of {', '.join(sch.ROLL_SOURCES)}"
    if t == "int_type":
        return f"{_short(v)} is not a whole number"
    if t == "greater_than_equal":
        return f"{v} is below {ctx['ge']}"
    if t == "less_than_equal":
        return f"{v} is above {ctx['le']}"
    if t == "bool_type":
        return f"{_short(v)} is not true or false"
    if t in ("dict_type", "model_type"):
        return f"must be an object, not {_kind(v)}"
    if t == "list_type":
        return f"must be a list{' of text' if key in texts else ''}, not {_kind(v)}"
    return str(e["msg"])  # the models' own custom errors (dates) are already worded


@contextmanager
def _gc_paused() -> Iterator[None]:
    """No garbage collection while tens of thousands of checked records are made: the
    document is a tree (no cycles to find), and each full collection would walk it all."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


_MISSING = object()


@cache
def _column_adapter(model: type[BaseModel], key: str) -> TypeAdapter[list[Any]]:
    """A list of values of the field ``key`` of ``model``, checked as the model checks it."""
    info = model.model_fields[key]
    column: Any = list[Annotated[info.annotation, info]]  # type: ignore[name-defined]
    return TypeAdapter(column, config=ConfigDict(**model.model_config))  # strict, as the model


def _check_columns(ck: _Checker, model: type[BaseModel], items: list[Any], prefix: str,
                   offset: int = 0, columns: Mapping[Any, Sequence[Any]] | None = None) -> dict[str, list[Any]] | None:
    """Flat records (no nested records) checked field by field: every value of one field in
    one pydantic-core call with the model's own type, constraints and default; much faster
    than record by record on 50,000 rolls. The checked columns, or None when any problem.
    ``offset``: the place of ``items[0]`` in its list (a streamed import checks a chunk);
    ``columns``: the items' values by key when every item has exactly those keys."""
    if set(map(type, items)) != {dict}:  # not all objects: record by record names each
        try:
            records: Any = list[sch.row_type(model)]  # type: ignore[misc]
            TypeAdapter(records).validate_python(items)
        except ValidationError as e:
            for d in e.errors(include_url=False):
                loc = d["loc"]
                if offset and loc and isinstance(loc[0], int):
                    loc = (loc[0] + offset, *loc[1:])
                ck.err(_path((prefix, *loc)), _message(d))
        return None
    cols: dict[str, list[Any]] | None = {}
    for key, info in model.model_fields.items():
        if columns is not None:
            got = columns.get(key)
            vals, missing = (list(got), False) if got is not None else ([_MISSING] * len(items), True)
        else:
            try:
                vals, missing = list(map(itemgetter(key), items)), False
            except KeyError:
                vals, missing = [x.get(key, _MISSING) for x in items], True
        where = None
        if missing:
            if info.is_required():
                where = [i for i, v in enumerate(vals) if v is not _MISSING]
                for i, v in enumerate(vals):
                    if v is _MISSING:
                        ck.err(f"{prefix}[{i + offset}].{key}", "is missing")
                vals = [vals[i] for i in where]
            else:
                default = info.get_default(call_default_factory=True)
                vals = [default if v is _MISSING else v for v in vals]
        if where is None:
            ck.cols[id(items), key] = vals  # the cross-row checks read the same column
        try:
            out = _column_adapter(model, key).validate_python(vals)
        except ValidationError as e:
            for d in e.errors(include_url=False):
                at = d["loc"][0]
                if where is not None and isinstance(at, int):
                    at = where[at]
                if isinstance(at, int):
                    at += offset
                d["loc"] = (prefix, at, key, *d["loc"][1:])
                ck.err(_path(d["loc"]), _message(d))
            cols = None
            continue
        if cols is not None and where is None:
            cols[key] = out
        else:
            cols = None
    return cols


# =========================================================================== cross-row checks
_KIND_NAMES = {"w": "walker type", "r": "roster", "f": "fighter", "u": "unit", "b": "battle", "d": "roll"}


def _col(items: list[Any], key: str, default: Any = None) -> list[Any]:
    """``item.get(key, default)`` of every item (None for an item that is not an object),
    at C speed when every item has the key."""
    try:
        return list(map(itemgetter(key), items))
    except (KeyError, TypeError, IndexError):
        return [x.get(key, default) if type(x) is dict else None for x in items]


def _items(d: Any, key: str) -> list[Any]:
    """The list ``d[key]`` (empty when ``d`` is no object or it is no list: the models say so)."""
    v = d.get(key) if type(d) is dict else None
    return v if type(v) is list else []


def _default(model: type[BaseModel], key: str) -> Any:
    return model.model_fields[key].get_default(call_default_factory=True)


class _Checker:
    def __init__(self) -> None:
        self.problems: list[str] = []
        self.more = False
        self.refs: dict[str, dict[str, int]] = {k: {} for k in _KIND_NAMES}  # ref -> its list's number
        self.lists: list[tuple[str, list[Any]]] = []  # (prefix, refs) of every list of rows
        self.pending: list[tuple[str, list[Any], str, str]] = []  # (kind, items, key, prefix)
        self.cols: dict[tuple[int, str], list[Any]] = {}  # columns already read, by (id(items), key)

    def col(self, items: list[Any], key: str, default: Any = None) -> list[Any]:
        """``_col(items, key, default)``, or the column the field checks already read (every
        item an object and the missing values given their default, which the cross-row
        checks treat as the models' defaults: null refs, not undone)."""
        got = self.cols.get((id(items), key))
        return got if got is not None else _col(items, key, default)

    def err(self, path: str, msg: str) -> None:
        self.problems.append(f"{path}: {msg}")
        if len(self.problems) >= MAX_PROBLEMS:
            self.more = True
            raise _Stop

    def define(self, kind: str, items: list[Any], prefix: str) -> None:
        """The refs of ``items`` (at ``prefix[i]``), each used once among rows of its kind."""
        vals = self.col(items, "ref")
        seen = self.refs[kind]
        here = len(self.lists)
        if set(map(type, vals)) <= {str}:
            new = dict.fromkeys(vals, here)
            if len(new) == len(vals) and seen.keys().isdisjoint(new):
                seen.update(new)
                self.lists.append((prefix, vals))
                return
        self.lists.append((prefix, vals))
        for i, v in enumerate(vals):
            if type(v) is not str or not 1 <= len(v) <= 40:
                continue  # the models name it
            if v in seen:
                self.err(f"{prefix}[{i}].ref", f"{v!r} is already used by {self.where(seen[v], v)}")
            else:
                seen[v] = here

    def where(self, n: int, ref: str) -> str:
        """The path of the row that defined ``ref`` in the ``n``-th list."""
        prefix, vals = self.lists[n]
        return f"{prefix}[{vals.index(ref)}]"

    def refer(self, kind: str, items: list[Any], key: str, prefix: str) -> None:
        """``items[i][key]`` must be null or the ref of a row of ``kind`` (checked at the end)."""
        if items:
            self.pending.append((kind, items, key, prefix))

    def resolve(self) -> None:
        for kind, items, key, prefix in self.pending:
            vals = self.col(items, key)
            known = self.refs[kind]
            try:
                present = set(vals)
            except TypeError:  # a list or an object where a ref belongs: the models say so
                present = set()
            else:
                present.discard(None)
                if present <= known.keys():
                    continue
            for i, v in enumerate(vals):
                if type(v) is str and v not in known:
                    self.err(f"{prefix}[{i}].{key}", f"no {_KIND_NAMES[kind]} has ref {v!r}")

    def unique(self, items: list[Any], key: str, prefix: str, seen: dict[Any, str], what: str) -> None:
        """``items[i][key]`` (text, or a whole number) not given twice in the campaign."""
        for i, v in enumerate(_col(items, key)):
            if type(v) not in (str, int):
                continue
            p = f"{prefix}[{i}]"
            if v in seen:
                self.err(f"{p}.{key}", what.format(v=v, at=seen[v]))
            seen[v] = p


def validate_document(doc: Any, *, rename: str | None = None,
                      taken_names: Collection[str] | Callable[[str], bool] = frozenset(),
                      ) -> tuple[_Plan, list[str], bool]:
    """Check a campaign document; returns the plan, the problems and whether more were cut.
    ``taken_names`` says which campaign names the database already has (a set, or a function
    asking it)."""
    ck = _Checker()
    plan = _Plan()
    try:
        checked = _validate(ck, plan, doc, rename, taken_names)
        ck.resolve()
        if checked is not None and not ck.problems:
            with _gc_paused():
                _fill_plan(plan, checked)
    except _Stop:
        pass
    return plan, ck.problems, ck.more


def _validate(ck: _Checker, plan: _Plan, doc: Any, rename: str | None,
              taken: Collection[str] | Callable[[str], bool]) -> dict[str, Any] | None:
    """The document checked by the models (None when they refuse it) and by the cross-row
    checks (problems in ``ck``)."""
    from campaign_app.systems import SYSTEMS, campaign_tables

    if not isinstance(doc, dict):
        ck.err("", f"must be an object, not {_kind(doc)}")
        return None
    fmt = doc.get("format")
    if fmt == BACKUP_FORMAT:
        ck.err("format", "this is a whole-database backup: use restore, or import one of its campaigns")
        return None
    if fmt != FORMAT:
        ck.err("format", f"{_short(fmt)} is not {FORMAT!r} (not a campaign_app campaign file)")
        return None
    sv = doc.get("schema_version")
    if isinstance(sv, bool) or not isinstance(sv, int):
        ck.err("schema_version", f"{_short(sv)} is not a version number")
        return None
    if sv > SCHEMA_VERSION:
        ck.err("schema_version", f"{sv} is newer than this app reads ({SCHEMA_VERSION}): upgrade campaign_app")
        return None
    if sv < 1:
        ck.err("schema_version", f"{sv} is not a known version")
        return None

    doc = _old_stat_line(doc)  # advance helper
    cd = doc.get("campaign")
    if rename is not None and type(cd) is dict:  # the file's own name does not matter
        doc = {**doc, "campaign": {**cd, "name": "x"}}
    checked: dict[str, Any] | None
    rolls_doc = None
    try:
        with _gc_paused():
            rolls_doc = doc.get("rolls")
            if type(rolls_doc) is list and rolls_doc:  # the big list: checked field by field below
                doc = {**doc, "rolls": []}
            checked = sch.document_adapter().validate_python(doc)
    except ValidationError as e:
        checked = None
        for d in e.errors(include_url=False):
            ck.err(_path(d["loc"]), _message(d))
    if type(rolls_doc) is list and rolls_doc:
        doc = {**doc, "rolls": rolls_doc}
        with _gc_paused():
            roll_cols = _check_columns(ck, sch.Roll, rolls_doc, "rolls")
        if checked is not None:
            checked["rolls"] = roll_cols
    for loc in sch.unknown_keys(sch.CampaignDocument, doc):
        checked = None
        ck.err(_path(loc), "unknown field")
    if type(cd) is not dict:
        return checked

    # campaign --------------------------------------------------------------------
    if rename is None:
        name = cd.get("name")
    else:
        name = rename.strip()
        if not name or len(name) > sch.MAX_NAME or any(ord(ch) < 32 for ch in name) or name_problem(name):
            ck.err("--rename", f"{visible(rename, 40)!r} is not a usable campaign name"
                   + (f" (it {name_problem(name)})" if name and name_problem(name) else ""))
    if type(name) is str:
        plan.campaign["name"] = name
        if name and (taken(name) if callable(taken) else name in taken):
            ck.err("campaign.name" if rename is None else "--rename",
                   f"a campaign named {name!r} already exists (import with another name: --rename NEW)")
    system = cd.get("system")
    info = SYSTEMS.get(system) if type(system) is str else None
    if info is None and type(system) is str:  # "" too: the model allows empty text
        ck.err("campaign.system", f"{system!r} is not a known game system ({', '.join(SYSTEMS)})")
    edition = cd.get("edition", "")
    expansions = [x for x in _items(cd, "expansions") if type(x) is str]
    system_ok = info is not None and type(edition) is str
    if info is not None:
        if type(edition) is str and edition not in info.editions:
            system_ok = False
            ck.err("campaign.edition", f"{edition!r} is not an edition of {info.name} "
                                       f"({', '.join(e for e in info.editions if e) or 'none'})")
        for i, x in enumerate(_items(cd, "expansions")):
            if type(x) is str and x not in info.expansions:
                system_ok = False
                ck.err(f"campaign.expansions[{i}]", f"{_short(x)} is not an expansion of {info.name}")
        if len(set(expansions)) != len(expansions):
            ck.err("campaign.expansions", "lists an expansion twice")
    house = cd.get("house_rules")
    if type(house) is dict and house and info is not None and system_ok:
        from campaign_app.rules import (
            check_effects,
            check_table_limits,
            check_table_refs,
            parse_table,
        )

        shipped = campaign_tables(info.id, edition, expansions)
        for tid, raw in house.items():
            p = "campaign.house_rules" + _path([0, tid])[3:]
            if tid not in shipped:
                ck.err(p, f"{info.name} has no table {tid!r} to override")
                continue
            try:
                parsed = parse_table(tid, raw, "house rule")
                check_effects(parsed, "house rule")
                check_table_limits(tid, raw, "house rule")
                check_table_refs(parsed, shipped, "house rule")
            except (RulesDataError, InputError) as e:
                ck.err(p, str(e))
                continue
            if parsed.dice != shipped[tid].dice:
                ck.err(p, f"dice must stay {shipped[tid].dice} (got {parsed.dice})")
    if not system_ok:
        info = None
    counters = counter_defs(ck, cd)  # counters helper

    # walker types, rosters, fighters, units ------------------------------------------
    walkers = _items(doc, "walker_types")
    ck.define("w", walkers, "walker_types")
    ck.unique(walkers, "name", "walker_types", {}, "{v!r} is already used by {at}")
    rosters = _items(doc, "rosters")
    ck.define("r", rosters, "rosters")
    ck.unique(rosters, "name", "rosters", {}, "{v!r} is already used by {at}")
    from campaign_app.usecases.fighters import FIGHTER_STATUSES

    defaults = (_default(sch.Fighter, "kind"), _default(sch.Fighter, "status"))
    crews: list[tuple[str, dict[str, Any]]] = []  # (path, fighter) of every fighter
    for i, r in enumerate(rosters):
        p = f"rosters[{i}]"
        if type(r) is not dict:
            continue
        if info is not None:
            kind = r.get("kind", info.default_roster_kind)
            if type(kind) is str and kind not in info.roster_kinds:
                ck.err(f"{p}.kind", f"{kind!r} is not one of {', '.join(info.roster_kinds)}")
        fighters = _items(r, "fighters")
        ck.define("f", fighters, f"{p}.fighters")
        ck.refer("r", fighters, "captured_by", f"{p}.fighters")
        ck.refer("w", fighters, "walker_type", f"{p}.fighters")
        ck.refer("f", fighters, "crew_of", f"{p}.fighters")
        crews.extend((f"{p}.fighters[{j}]", f) for j, f in enumerate(fighters) if type(f) is dict)
        for j, f in enumerate(fighters):
            if type(f) is dict:
                _check_fighter(ck, f, f"{p}.fighters[{j}]", info, edition, defaults, FIGHTER_STATUSES)
                injuries = _items(f, "injuries")
                ck.refer("b", injuries, "battle", f"{p}.fighters[{j}].injuries")
                ck.refer("d", injuries, "roll_record", f"{p}.fighters[{j}].injuries")
        units = _items(r, "units")
        ck.define("u", units, f"{p}.units")
        for j, u in enumerate(units):
            if type(u) is dict:
                _check_unit(ck, u, f"{p}.units[{j}]")
        check_roster_counters(ck, r, p, counters)  # counters helper
        ledger = _items(r, "ledger")  # gear
        ck.refer("f", ledger, "fighter", f"{p}.ledger")
        ck.refer("b", ledger, "battle", f"{p}.ledger")

    _check_crews(ck, crews)
    _check_packs(ck, _items(doc, "content_packs"), info.id if info is not None else "")
    records = _items(doc, "records")  # records helper
    ck.refer("r", records, "roster", "records")
    clean = check_records(ck, records, info.id if info is not None else "")
    if checked is not None and type(checked.get("records")) is list:
        for rec, data in zip(checked["records"], clean, strict=False):
            if data is not None:
                rec["data"] = data

    # battles ----------------------------------------------------------------------------
    battles = _items(doc, "battles")
    ck.define("b", battles, "battles")
    ck.refer("r", battles, "winner", "battles")
    ck.unique(battles, "number", "battles", {}, "battle {v} is already {at}")
    for i, b in enumerate(battles):
        p = f"battles[{i}]"
        links = _items(b, "rosters")
        ck.refer("r", links, "roster", f"{p}.rosters")
        ck.unique(links, "roster", f"{p}.rosters", {}, "{v!r} is already listed at {at}")
        results = _items(b, "results")
        ck.refer("f", results, "fighter", f"{p}.results")
        ck.refer("u", results, "unit", f"{p}.results")
        ck.refer("f", results, "by_fighter", f"{p}.results")
        for key, what in (("fighter", "fighter"), ("unit", "unit")):  # one result per figure
            ck.unique(results, key, f"{p}.results", {}, f"the result of {what} {{v!r}} is already given at {{at}}")
        marks = _items(b, "marks")
        ck.refer("f", marks, "fighter", f"{p}.marks")
        ck.refer("u", marks, "unit", f"{p}.marks")
        ck.refer("f", marks, "by_fighter", f"{p}.marks")
    ck.refer("r", battles, "attacker", "battles")

    # rolls ----------------------------------------------------------------------------------
    rolls = _items(doc, "rolls")
    ck.define("d", rolls, "rolls")
    for kind, key in (("b", "battle"), ("f", "fighter"), ("u", "unit")):
        ck.refer(kind, rolls, key, "rolls")
    undone = ck.col(rolls, "undone", False)
    if True in undone:  # an undone roll names the action that was undone
        for i, (u, a) in enumerate(zip(undone, ck.col(rolls, "action", ""), strict=True)):
            if u is True and not a:
                ck.err(f"rolls[{i}].undone", "an undone roll needs the action it belonged to")
    return checked


# --- counters: the campaign's own counters and each roster's values (counters helper)
def counter_defs(ck: _Checker | None, cd: Any) -> dict[str, dict[str, Any]]:
    """The counters ``campaign.counters`` defines (name in any case -> counter), each
    name once and each start within its limits (``ck``: where the problems go; None:
    a campaign already checked)."""
    from campaign_app.usecases.counters import counter_problem

    defs: dict[str, dict[str, Any]] = {}
    for i, d in enumerate(_items(cd, "counters") if type(cd) is dict else []):
        if type(d) is not dict or type(d.get("name")) is not str:
            continue
        key = d["name"].strip().casefold()
        if key in defs:
            if ck is not None:
                ck.err(f"campaign.counters[{i}].name", f"{d['name']!r} is already the name of another counter")
            continue
        nums = {"name": d["name"], "start": d.get("start", 0), "min": d.get("min", 0), "max": d.get("max", 10)}
        if any(type(nums[k]) is not int for k in ("start", "min", "max")):
            continue  # the model names it
        bad = counter_problem(nums)
        if bad and ck is not None:
            ck.err(f"campaign.counters[{i}]", bad.split(": ", 1)[1])
        defs[key] = nums
    return defs


def check_roster_counters(ck: _Checker, r: dict[str, Any], p: str, defs: Mapping[str, Mapping[str, Any]]) -> None:
    """Each value ``rosters[].counters`` holds is a counter of the campaign, within its limits."""
    held = r.get("counters")
    if type(held) is not dict:
        return
    for name, v in held.items():
        at = f"{p}.counters" + _path([0, name])[3:]
        d = defs.get(name.strip().casefold()) if type(name) is str else None
        if d is None or d["name"] != name:
            ck.err(at, f"{name!r} is not a counter of the campaign (campaign.counters)"
                   + (f"; did you mean {d['name']!r}?" if d is not None else ""))
        elif type(v) is not int:
            ck.err(at, f"{_short(v)} is not a whole number")
        elif not d["min"] <= v <= d["max"]:
            ck.err(at, f"{v} is not from {d['min']} to {d['max']}")
# --- end counters


def _check_packs(ck: _Checker, packs: list[Any], system: str) -> None:
    """Each content pack's items as a pack file's (gear); names unique."""
    from campaign_app.errors import RulesDataError
    from campaign_app.rules.catalogue import validate_pack

    ck.unique(packs, "name", "content_packs", {}, "{v!r} is already used by {at}")
    for i, pk in enumerate(packs):
        if type(pk) is not dict or type(pk.get("items")) is not dict or not pk["items"] or not system:
            continue
        try:
            validate_pack({"pack": {"name": "pack", "system": system}, "items": pk["items"]},
                          f"content_packs[{i}]")
        except RulesDataError as e:
            msg = str(e).split(": ", 1)[1] if ": " in str(e) else str(e)
            ck.err(f"content_packs[{i}]", msg)


# --- records: what the campaign's game system keeps of its own (records helper)
def check_records(ck: _Checker, records: list[Any], system: str) -> list[dict[str, Any] | None]:
    """Each record's kind is one the system keeps, held as the kind says (by a roster or by
    the campaign), its data what the system's model accepts, its title unique among its
    holder's records of the kind. Returns each record's data as the model gives it (None:
    not checked, or refused)."""
    from campaign_app.errors import InputError
    from campaign_app.systems.registry import systems
    from campaign_app.usecases.records import RecordProblem, validate_record

    gs = systems().get(system) if system else None
    out: list[dict[str, Any] | None] = []
    seen: dict[tuple[str, Any, str], int] = {}
    for i, rec in enumerate(records):
        out.append(None)
        if gs is None or type(rec) is not dict or type(rec.get("kind")) is not str or type(rec.get("data")) is not dict:
            continue
        p = f"records[{i}]"
        try:
            rk = gs.record_kind(rec["kind"])
        except InputError as e:
            ck.err(f"{p}.kind", str(e))
            continue
        roster = rec.get("roster")
        if rk.holder == "campaign" and roster is not None:
            ck.err(f"{p}.roster", f"a {rk.words[0]} is the campaign's own: no roster holds it (null)")
            continue
        if rk.holder != "campaign" and roster is None:
            ck.err(f"{p}.roster", f"a {rk.words[0]} is held by a roster: name its ref")
            continue
        try:
            data = validate_record(gs, rk.key, rec["data"])
        except RecordProblem as e:
            ck.err(f"{p}.data" + (f".{e.where}" if e.where else ""), e.reason)
            continue
        if rk.title:
            key = (rk.key, roster, str(data.get(rk.title, "")).casefold())
            if key in seen:
                ck.err(f"{p}.data.{rk.title}", f"{data[rk.title]!r} is already the {rk.title} of "
                                                f"records[{seen[key]}]")
                continue
            seen[key] = i
        out[-1] = data
    return out
# --- end records


def _check_crews(ck: _Checker, fighters: list[tuple[str, dict[str, Any]]]) -> None:
    """A fighter crews a walker: never itself, never one that crews another (so no cycles)."""
    crew_of = {f["ref"]: f.get("crew_of") for _p, f in fighters if type(f.get("ref")) is str}
    for p, f in fighters:
        target = f.get("crew_of")
        if type(target) is not str:
            continue
        if target == f.get("ref"):
            ck.err(f"{p}.crew_of", "a fighter cannot crew itself")
        elif type(crew_of.get(target)) is str:
            ck.err(f"{p}.crew_of", f"{target!r} is itself crew of {crew_of[target]!r} (crew serve a walker)")


def _old_stat_line(doc: dict[str, Any]) -> dict[str, Any]:
    """A file written before ``stat_line`` 2 (advance helper, issue #21): its fighters'
    characteristics as the edition's rules data writes them now. A characteristic with
    ``old_target_sum`` S was stored as a target T: it becomes S - T; one with
    ``old_default`` D is added (to a fighter with a stat line, not a vehicle) when missing.
    The same conversion as migration 0008_advance, then brought inside the characteristic's
    range (a target 3+ is 11, past Necromunda n26's 10: 10). Anything malformed is left to
    the checks."""
    cd = doc.get("campaign")
    if type(cd) is not dict or cd.get("stat_line", 1) != 1 or type(cd.get("system")) is not str:
        return doc
    from campaign_app.rules import load_rulebook
    from campaign_app.systems import SYSTEMS

    info = SYSTEMS.get(cd["system"])
    if info is None:
        return doc
    given = cd.get("edition")
    edition = given if type(given) is str and given else info.default_edition
    data = load_rulebook().data(info.id, str(edition))
    specs = {kind: {k: v for k, v in (data.get(section) or {}).items()
                    if isinstance(v, Mapping) and ("old_target_sum" in v or "old_default" in v)}
             for kind, section in (("", "characteristics"), ("vehicle", "vehicle_characteristics"))}
    if not any(specs.values()) or type(doc.get("rosters")) is not list:
        return doc

    def convert(fd: Any) -> Any:
        stats = fd.get("stats") if type(fd) is dict else None
        if type(stats) is not dict or not stats:
            return fd
        vehicle = fd.get("kind") == "vehicle" or fd.get("type") == "vehicle"
        out = dict(stats)
        for k, spec in specs["vehicle" if vehicle else ""].items():
            v = out.get(k)
            total = spec.get("old_target_sum")
            if isinstance(total, int) and type(v) is int and 2 <= v <= 12:
                out[k] = total - v
                lo, hi = spec.get("min"), spec.get("max")  # e.g. Ld 3+ is 11: the edition stops at 10
                if isinstance(lo, int) and isinstance(hi, int):
                    out[k] = min(max(out[k], lo), hi)
            if k not in out and isinstance(spec.get("old_default"), int) and not vehicle:
                out[k] = spec["old_default"]
        return {**fd, "stats": out}

    rosters = [{**r, "fighters": [convert(f) for f in r["fighters"]]}
               if type(r) is dict and type(r.get("fighters")) is list else r for r in doc["rosters"]]
    return {**doc, "rosters": rosters}


def _stat_rules(info: Any, edition: str, kind: str) -> tuple[Any, ...]:
    """The characteristics the app checks for this system, edition and kind."""
    from campaign_app.systems import stat_rules

    return () if info is None else tuple(stat_rules(info.id, edition, kind))


@cache
def _fixed_reps(system: str) -> dict[str, int]:
    """Creature kinds whose Rep never varies (a creature kind of an expansion with a set Rep), by kind."""
    from campaign_app.rules import load_rulebook
    from campaign_app.systems import get_system

    data = load_rulebook().data(system, "", get_system(system).expansions)
    creatures = data.get("creatures", {})
    if not isinstance(creatures, Mapping):
        return {}
    return {str(k): int(v["rep"]) for k, v in creatures.items()
            if isinstance(v, Mapping) and v.get("rep") is not None}


def _check_unit(ck: _Checker, u: dict[str, Any], p: str) -> None:
    """Figures fit to fight plus wounded never above the starting strength, as every
    command keeps them (``squads.check_figures``); the model checks each number's range."""
    figures, start, wounded = u.get("figures", 1), u.get("figures_start", 1), u.get("wounded", 0)
    if not all(type(x) is int for x in (figures, start, wounded)):
        return  # the model names it
    if figures > start:
        ck.err(f"{p}.figures", f"{figures} is more than the {start} the unit started with")
    elif figures + wounded > start:
        ck.err(f"{p}.wounded", f"figures {figures} plus wounded {wounded} is more than the "
                               f"{start} the unit started with")


def _check_fighter(ck: _Checker, fd: dict[str, Any], p: str, info: Any, edition: str,
                   defaults: tuple[str, str], statuses: Collection[str]) -> None:
    """What the system says of a fighter: its type, kind, Rep and characteristics; and the
    app's statuses."""
    default_kind, default_status = defaults
    ftype, kind, rep = fd.get("type", ""), fd.get("kind", default_kind), fd.get("rep")
    kind = kind if type(kind) is str else default_kind
    if info is not None:
        if type(ftype) is str and ftype and ftype not in info.fighter_types:
            ck.err(f"{p}.type", f"{ftype!r} is not one of {', '.join(info.fighter_types)}")
        if kind not in info.kinds:
            ck.err(f"{p}.kind", f"{kind!r} is not one of {', '.join(info.kinds)}")
        if rep is not None and not info.uses_rep:
            ck.err(f"{p}.rep", f"{info.name} does not use Rep (give null)")
        fixed = _fixed_reps(info.id).get(kind)
        if fixed is not None and type(rep) is int and rep != fixed and 1 <= rep <= 6:  # else the model says
            ck.err(f"{p}.rep", f"{rep}: a {kind} is always Rep {fixed}")
    status = fd.get("status", default_status)
    if type(status) is str and status not in statuses:
        ck.err(f"{p}.status", f"{status!r} is not one of {', '.join(statuses)}")
    stats = fd.get("stats")
    if type(stats) is not dict or not stats:
        return
    known = {s.key.lower(): s for s in _stat_rules(info, edition, kind)}
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


# =========================================================================== the plan
# document field -> plan column (references become ``_x`` columns, resolved to ids on insert)
_RENAME = {"ref": "_ref", "type": "fighter_type", "table": "table_id", "action": "_action",
           "undone": "_undone", "roll_record": "_roll", "by_fighter": "_by"}


@cache
def _spec(model: type[BaseModel]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(plan columns, document fields) of a model's own fields (nested lists left out)."""
    refs, _texts = _field_kinds()
    cols, keys = [], []
    for key, info in model.model_fields.items():
        if sch._type_label(info) == "list":
            continue
        cols.append(_RENAME.get(key, f"_{key}" if key in refs else key))
        keys.append(key)
    return tuple(cols), tuple(keys)


def _rows(rows: _Rows, model: type[BaseModel], items: list[dict[str, Any]], now: Any,
          **extra: Iterable[Any]) -> None:
    """``items`` (checked records, every field present) as the columns of ``rows``, with
    ``extra`` columns; a null ``created_at`` is ``now``, a null ``played_on`` today."""
    if not items:
        return
    cols, keys = _spec(model)
    columns = {c: list(map(itemgetter(k), items)) for c, k in zip(cols, keys, strict=True)}
    if None in columns.get("created_at", ()):
        columns["created_at"] = [now if v is None else v for v in columns["created_at"]]
    if None in columns.get("played_on", ()):
        today = date.today()
        columns["played_on"] = [today if v is None else v for v in columns["played_on"]]
    n = len(items)
    for k, v in extra.items():
        columns[k] = list(v)
    if model in (sch.Roster, sch.Fighter, sch.Unit, sch.Battle):
        columns["version"] = [1] * n
    rows.set(columns, n)



def held_equipment(rosters: Iterable[Mapping[str, Any]]) -> tuple[list[Any], list[str | None], list[str | None]]:
    """The checked rosters' equipment in file order (roster by roster: its fighters',
    then its units'), with the ref of the fighter or unit holding each piece (None for
    the other kind)."""
    eq: list[Any] = []
    eq_f: list[str | None] = []
    eq_u: list[str | None] = []
    for r in rosters:
        for f in r["fighters"]:
            eq += f["equipment"]
            eq_f += [f["ref"]] * len(f["equipment"])
            eq_u += [None] * len(f["equipment"])
        for u in r["units"]:
            eq += u["equipment"]
            eq_f += [None] * len(u["equipment"])
            eq_u += [u["ref"]] * len(u["equipment"])
    return eq, eq_f, eq_u

def _fill_plan(plan: _Plan, doc: dict[str, Any]) -> None:
    """The plan of a document the models and the cross-row checks passed."""
    from campaign_app.systems import SYSTEMS

    now = utcnow()
    cd = doc["campaign"]
    info = SYSTEMS[cd["system"]]
    plan.campaign = {
        "name": plan.campaign["name"], "system": cd["system"], "edition": cd["edition"],
        "expansions": cd["expansions"], "house_rules": cd["house_rules"], "cycle": cd["cycle"],
        "counters": [dict(x) for x in cd["counters"]],  # counters helper
        "dice_discipline": cd["dice_discipline"], "typed_dice": cd["typed_dice"],
        "roster_rules": cd["roster_rules"],
        "notes": cd["notes"], "created_at": cd["created_at"] or now, "version": 1,
    }
    _rows(plan.walker_types, sch.WalkerType, doc["walker_types"], now)
    rosters = doc["rosters"]
    for r in rosters:
        if "kind" not in r or not r["kind"]:
            r["kind"] = info.default_roster_kind
    _rows(plan.rosters, sch.Roster, rosters, now)

    def under(parents: list[dict[str, Any]], key: str, ref: str = "ref") -> tuple[list[Any], list[Any]]:
        """The records of ``parent[key]`` of every parent, and each one's parent ref."""
        lists = [p[key] for p in parents]
        return list(chain.from_iterable(lists)), list(chain.from_iterable(map(repeat, (p[ref] for p in parents),
                                                                              map(len, lists))))

    fighters, f_roster = under(rosters, "fighters")
    _rows(plan.fighters, sch.Fighter, fighters, now, _roster=f_roster)
    units, u_roster = under(rosters, "units")
    _rows(plan.units, sch.Unit, units, now, _roster=u_roster)
    eq, eq_f, eq_u = held_equipment(rosters)
    _rows(plan.equipment, sch.Equipment, eq, now, _fighter=eq_f, _unit=eq_u)
    skills, s_fighter = under(fighters, "skills")
    _rows(plan.skills, sch.Skill, skills, now, _fighter=s_fighter)
    injuries, i_fighter = under(fighters, "injuries")
    _rows(plan.injuries, sch.Injury, injuries, now, _fighter=i_fighter)
    stash, st_roster = under(rosters, "stash")  # gear
    _rows(plan.stash, sch.StashEntry, stash, now, _roster=st_roster)
    ledger, lg_roster = under(rosters, "ledger")
    _rows(plan.ledger, sch.LedgerLine, ledger, now, _roster=lg_roster)
    _rows(plan.content_packs, sch.ContentPackDoc, doc.get("content_packs") or [], now)
    held, t_roster = under(rosters, "territories")
    _rows(plan.territories, sch.TerritoryDoc, held, now, _roster=t_roster)
    records = doc.get("records") or []  # records helper
    _rows(plan.records, sch.RecordDoc, records, now, system=[cd["system"]] * len(records),
          version=[1] * len(records))
    battles = doc["battles"]
    _rows(plan.battles, sch.Battle, battles, now)
    links, l_battle = under(battles, "rosters")
    _rows(plan.battle_rosters, sch.BattleRoster, links, now, _battle=l_battle)
    results, r_battle = under(battles, "results")
    _rows(plan.battle_results, sch.BattleResult, results, now, _battle=r_battle)
    marks, m_battle = under(battles, "marks")
    _rows(plan.battle_marks, sch.BattleMark, marks, now, _battle=m_battle)
    rolls = doc["rolls"]
    if isinstance(rolls, dict):  # checked column by column (see _check_columns)
        if None in rolls["created_at"]:
            rolls["created_at"] = [now if v is None else v for v in rolls["created_at"]]
        cols, keys = _spec(sch.Roll)
        plan.rolls.set({c: rolls[k] for c, k in zip(cols, keys, strict=True)}, len(rolls["created_at"]))
    else:
        _rows(plan.rolls, sch.Roll, rolls, now)
