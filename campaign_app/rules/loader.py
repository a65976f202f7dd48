"""Load and validate rule tables (format: docs/rules-format.md).

A :class:`Table` maps each outcome of its dice to exactly one :class:`Row`. The
loader refuses a table whose rows leave a gap or overlap, naming the file, table and
row. House rules (a campaign's table overrides) go through the same checks.
"""

from __future__ import annotations

import tomllib
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from campaign_app.dice import DiceSpec, parse_spec
from campaign_app.errors import DiceError, RulesDataError
from campaign_app.rules.catalogue import validate_sections
from campaign_app.rules.labels import labelled
from campaign_app.rules.schema import (
    KEY,
    OPEN_HIGH,
    TableModel,
    check_table_limits,
    parse_range,
    validate_file,
    validate_table,
)

# op -> (required keys, optional keys)
EFFECT_OPS: dict[str, tuple[set[str], set[str]]] = {
    "status": ({"value"}, set()),
    "stat": ({"stat", "delta"}, set()),
    "rep": ({"delta"}, set()),
    "set-rep": ({"value"}, set()),
    "xp": (set(), {"value", "dice"}),
    "skill": ({"value"}, set()),
    "condition": ({"value"}, set()),
    "roll-again": ({"table"}, {"times", "reroll"}),
    "new-figures": ({"count"}, set()),
    "remove": (set(), set()),
    "figures": ({"value"}, set()),
    "training": ({"delta"}, set()),
    "note": ({"value"}, set()),
    "advance": ({"options"}, set()),  # advancement: the option key(s) a row gives (rules/advancement.py)
}
STATUS_VALUES = {
    "active", "in-recovery", "captured", "dead", "lost", "turned", "convalescence",
}
# (op, key) -> (lowest, highest, why): the whole numbers an effect may carry, so a
# table (a house rule above all) cannot ask for what the game does not allow
EFFECT_NUMBERS: dict[tuple[str, str], tuple[int, int, str]] = {
    ("set-rep", "value"): (1, 6, "Rep runs 1 to 6"),
    ("rep", "delta"): (-5, 5, "Rep runs 1 to 6"),
    ("stat", "delta"): (-10, 10, "a characteristic moves a few steps at a time"),
    ("xp", "value"): (0, 100, "XP gained from one result"),
    ("new-figures", "count"): (0, 10, "new figures from one roll"),
    ("training", "delta"): (-3, 3, "training moves a level or two at a time"),
    ("roll-again", "times"): (1, 10, "more rolls from one result"),
}
FIGURE_FATES = ("lost", "wounded", "back")
EFFECT_TEXT_LIMIT = 200  # skill, condition, stat and table names
NOTE_LIMIT = 2000
_KEY = KEY


@dataclass(frozen=True)
class Effect:
    op: str
    args: Mapping[str, Any]

    def get(self, key: str, default: Any = None) -> Any:
        return self.args.get(key, default)

    def to_dict(self) -> dict[str, Any]:
        return {"op": self.op, **dict(self.args)}


@dataclass(frozen=True)
class Row:
    roll: str
    low: int
    high: int  # inclusive; an open "7+" row has high = low of 999
    result: str
    label: str
    text: str
    effects: tuple[Effect, ...]

    def covers(self, value: int) -> bool:
        return self.low <= value <= self.high

    def to_dict(self) -> dict[str, Any]:
        return {
            "roll": self.roll,
            "result": self.result,
            "label": self.label,
            "text": self.text,
            "effects": [e.to_dict() for e in self.effects],
        }


@dataclass(frozen=True)
class Table:
    id: str
    title: str
    dice: str  # spec text, or "none" for reference data
    rows: tuple[Row, ...]
    target: str = ""
    note: str = ""
    default: bool = False
    group: str = ""
    system: str = ""
    edition: str = ""
    expansion: str = ""
    entries: tuple[Mapping[str, Any], ...] = ()
    source: str = ""  # file name, or "house rule"

    @property
    def spec(self) -> DiceSpec | None:
        return None if self.dice == "none" else parse_spec(self.dice)

    @property
    def rolled(self) -> bool:
        return self.dice != "none"

    @property
    def house_rule(self) -> bool:
        return self.source == "house rule"

    @property
    def shown_title(self) -> str:
        """The title as the cards and the CLI print it: "(house rule)" after a campaign's
        own table, "(default)" after one no seed gives (``default = true``)."""
        return labelled(self.title, default=self.default, house_rule=self.house_rule)

    def lookup(self, value: int) -> Row:
        for row in self.rows:
            if row.covers(value):
                return row
        raise RulesDataError(f"table {self.id}: no row for a roll of {value}")

    def row_by_result(self, result: str) -> Row:
        for row in self.rows:
            if row.result == result:
                return row
        raise RulesDataError(f"table {self.id}: no row with result {result!r}")

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"title": self.title, "dice": self.dice}
        for k in ("target", "note", "group"):
            if getattr(self, k):
                d[k] = getattr(self, k)
        if self.default:
            d["default"] = True
        if self.rows:
            d["rows"] = [r.to_dict() for r in self.rows]
        if self.entries:
            d["entries"] = [dict(e) for e in self.entries]
        return d


def _err(where: str, msg: str) -> RulesDataError:
    return RulesDataError(f"{where}: {msg}")


def _parse_effect(raw: Any, where: str) -> Effect:
    if not isinstance(raw, Mapping):
        raise _err(where, "an effect must be a table with an 'op'")
    op = raw.get("op")
    if not isinstance(op, str) or op not in EFFECT_OPS:
        raise _err(where, f"unknown effect op {op!r} (known: {', '.join(sorted(EFFECT_OPS))})")
    required, optional = EFFECT_OPS[op]
    keys = set(raw) - {"op"}
    missing = required - keys
    if missing:
        raise _err(where, f"effect {op!r} needs {', '.join(sorted(missing))}")
    extra = keys - required - optional
    if extra:
        raise _err(where, f"effect {op!r} does not take {', '.join(sorted(extra))}")
    if op == "status" and (not isinstance(raw["value"], str) or raw["value"] not in STATUS_VALUES):
        raise _err(where, f"status {raw['value']!r} is not one of {', '.join(sorted(STATUS_VALUES))}")
    for k in ("delta", "count"):
        if k in raw and (not isinstance(raw[k], int) or isinstance(raw[k], bool)):
            raise _err(where, f"effect {op!r}: {k} must be a whole number")
    if op == "xp":
        if ("value" in raw) == ("dice" in raw):
            raise _err(where, "effect 'xp' needs exactly one of value or dice")
    for k in ("dice",):
        if k in raw:
            try:
                parse_spec(str(raw[k]))
            except DiceError as e:
                raise _err(where, str(e)) from None
    if op == "roll-again" and "times" in raw and not isinstance(raw["times"], int):
        try:
            parse_spec(str(raw["times"]))
        except DiceError as e:
            raise _err(where, f"roll-again times: {e}") from None
    return Effect(op=op, args={k: v for k, v in raw.items() if k != "op"})


def check_effects(table: Table, source: str) -> None:
    """Refuse effects whose values the game does not allow (Rep 9, a thousand new
    figures, a skill that is not text...): :class:`RulesDataError` naming ``source``, the
    table, the row and the effect, as :func:`parse_table` does.

    Run on the shipped files and on every house rule a user saves or imports; not by
    :func:`parse_table` itself, so a campaign whose house rule was saved before these
    checks still opens (its values are capped where they are applied, as before)."""
    for i, row in enumerate(table.rows, start=1):
        for j, e in enumerate(row.effects, start=1):
            _check_effect_values(e.op, {"op": e.op, **dict(e.args)},
                                 f"{source}: table {table.id} row {i} effect {j}")


def _check_effect_values(op: str, raw: Mapping[str, Any], where: str) -> None:
    """Each value an effect carries is of the right kind and within what the game allows."""
    for (eop, key), (lo, hi, why) in EFFECT_NUMBERS.items():
        if eop != op or key not in raw:
            continue
        v = raw[key]
        if op == "roll-again" and isinstance(v, str):
            continue  # times as dice ("d3"): checked with the other dice below
        if isinstance(v, bool) or not isinstance(v, int):
            raise _err(where, f"effect {op!r}: {key} {v!r} must be a whole number")
        if not lo <= v <= hi:
            raise _err(where, f"effect {op!r}: {key} {v} is outside {lo}..{hi} ({why})")
    texts = {"skill": ("value",), "condition": ("value",), "stat": ("stat",), "roll-again": ("table",),
             "note": ("value",)}.get(op, ())
    for key in texts:
        v = raw[key]
        limit = NOTE_LIMIT if op == "note" else EFFECT_TEXT_LIMIT
        if not isinstance(v, str) or not v.strip():
            raise _err(where, f"effect {op!r}: {key} must be text")
        if len(v) > limit:
            raise _err(where, f"effect {op!r}: {key} is {len(v)} characters long (at most {limit})")
    if op == "roll-again":
        if not _KEY.match(str(raw["table"])):
            raise _err(where, f"effect 'roll-again': table {raw['table']!r} must be a table id")
        reroll = raw.get("reroll", [])
        if not isinstance(reroll, list) or not all(isinstance(x, str) and _KEY.match(x) for x in reroll):
            raise _err(where, "effect 'roll-again': reroll must be a list of result keys")
    if op == "advance":
        opts = raw["options"]
        keys = [k.strip() for k in opts.split(",")] if isinstance(opts, str) else opts
        if not isinstance(keys, list) or not keys or not all(isinstance(k, str) and _KEY.match(k) for k in keys):
            raise _err(where, "effect 'advance': options must be a list of advancement keys")
    if op == "figures" and str(raw["value"]).strip().lower() not in FIGURE_FATES:
        raise _err(where, f"effect 'figures': value {raw['value']!r} is not one of {', '.join(FIGURE_FATES)}")


def _parse_range(text: Any, where: str) -> tuple[int, int]:
    try:
        return parse_range(text)
    except ValueError as e:
        raise _err(where, str(e)) from None


def parse_table(table_id: str, raw: Any, source: str, meta: Mapping[str, Any] | None = None) -> Table:
    """Validate one table (a house rule, or one of a file's); errors name ``source``,
    and the path (``tables.<id>.rows[0].roll``) or the table and row."""
    _check_id(table_id, source)
    return _build_table(table_id, validate_table(table_id, raw, source), source, meta or {})


def _check_id(table_id: str, source: str) -> None:
    if not KEY.match(table_id):
        raise _err(f"{source}: table {table_id}", "table id must be lower-case kebab-case")


def _build_table(table_id: str, model: TableModel, source: str, meta: Mapping[str, Any]) -> Table:
    where = f"{source}: table {table_id}"
    spec = None if model.dice == "none" else parse_spec(model.dice)
    rows: list[Row] = []
    for i, rr in enumerate(model.rows, start=1):
        rwhere = f"{where} row {i}"
        low, high = _parse_range(rr.roll, rwhere)
        effects = tuple(_parse_effect(e, f"{rwhere} effect {j}") for j, e in enumerate(rr.effects, 1))
        label = rr.result if rr.label is None else rr.label
        rows.append(Row(str(rr.roll), low, high, rr.result, label, rr.text, effects))
    if spec is None:
        if rows:
            raise _err(where, "a table with dice = 'none' has entries, not rows")
    else:
        if not rows:
            raise _err(where, "a rolled table needs rows")
        _check_coverage(spec, rows, where)
    return Table(
        id=table_id,
        title=model.title,
        dice=model.dice,
        rows=tuple(rows),
        target=model.target,
        note=model.note,
        default=model.default,
        group=model.group,
        system=str(meta.get("system", "")),
        edition=str(meta.get("edition", "")),
        expansion=str(meta.get("expansion", "")),
        entries=tuple(dict(e) for e in model.entries),
        source=source,
    )


def _check_coverage(spec: DiceSpec, rows: list[Row], where: str) -> None:
    outcomes = spec.outcomes()
    top = max(outcomes)
    for v in outcomes:
        hits = [i for i, r in enumerate(rows, start=1) if r.covers(v)]
        if not hits:
            raise _err(where, f"no row covers a roll of {v} ({spec.text})")
        if len(hits) > 1:
            raise _err(where, f"rows {' and '.join(map(str, hits))} both cover a roll of {v}")
    valid = set(outcomes)
    bottom = min(outcomes)
    for i, r in enumerate(rows, start=1):
        last = r.high if r.high != OPEN_HIGH else r.low
        span = range(r.low, min(last, top) + 1)
        if r.low not in valid or not any(v in valid for v in span):
            raise _err(f"{where} row {i}", f"roll {r.roll} cannot come up on {spec.text}")
        if r.high != OPEN_HIGH and (r.low < bottom or r.high > top):
            # a closed band reaching past the die ("1-7" on a d6): write "7+" for an open one
            raise _err(f"{where} row {i}", f"roll {r.roll} runs outside {bottom}-{top} ({spec.text})")


def check_table_refs(table: Table, known: Collection[str], source: str) -> None:
    """Every table a "roll again" effect names is one of ``known`` (the tables of the
    campaign or of the shipped files): :class:`RulesDataError` naming table, row, effect."""
    for i, row in enumerate(table.rows, start=1):
        for j, e in enumerate(row.effects, start=1):
            if e.op == "roll-again" and str(e.get("table")) not in known:
                raise _err(f"{source}: table {table.id} row {i} effect {j}",
                           f"effect 'roll-again': no table {e.get('table')!r} to roll on")


@dataclass(frozen=True)
class RuleFile:
    name: str
    system: str
    edition: str
    expansion: str
    title: str
    tables: tuple[Table, ...]
    data: Mapping[str, Any] = field(default_factory=dict)  # other top-level sections


def parse_rule_file(name: str, text: str) -> RuleFile:
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise RulesDataError(f"{name}: not valid TOML: {e}") from None
    model = validate_file(doc, name)
    meta = model.meta.model_dump()
    tables = []
    for tid, t in model.tables.items():
        _check_id(tid, name)
        check_table_limits(tid, doc["tables"][tid], name)
        tables.append(_build_table(tid, t, name, meta))
    for table in tables:
        check_effects(table, name)
    if "advancement" in model.other:
        from campaign_app.rules.advancement import validate_section

        validate_section(model.other["advancement"], name)
    validate_sections(model.other, name)  # gear: catalogue, weapon_profile, trading
    check = _system_hook(model.meta.system, "rules_check")
    if check is not None:
        check(model.other, name)  # the game's own sections (a house's fighter types...)
    return RuleFile(
        name=name,
        system=model.meta.system,
        edition=model.meta.edition,
        expansion=model.meta.expansion,
        title=model.meta.system if model.meta.title is None else model.meta.title,
        tables=tuple(tables),
        data=model.other,
    )


class RuleBook:
    """Every table of every shipped file, by id; plus per-campaign views."""

    def __init__(self, files: Iterable[RuleFile]) -> None:
        self.files = tuple(files)
        self.tables: dict[str, Table] = {}
        for f in self.files:
            for t in f.tables:
                if t.id in self.tables:
                    raise RulesDataError(
                        f"{f.name}: table {t.id} is already defined in {self.tables[t.id].source}"
                    )
                self.tables[t.id] = t
        for f in self.files:
            for t in f.tables:
                check_table_refs(t, self.tables, f.name)
        for system in sorted({f.system for f in self.files}):
            check = _system_hook(system, "book_check")
            if check is not None:
                check([f for f in self.files if f.system == system])
        for f in self.files:
            if "advancement" in f.data:
                from campaign_app.rules.advancement import build, validate_section

                build(validate_section(f.data["advancement"], f.name), self.tables, f.name)

    def table(self, table_id: str) -> Table:
        try:
            return self.tables[table_id]
        except KeyError:
            raise RulesDataError(f"no rules table {table_id!r}") from None

    def for_campaign(
        self, system: str, edition: str = "", expansions: Iterable[str] = ()
    ) -> dict[str, Table]:
        exps = set(expansions)
        return {
            tid: t
            for tid, t in self.tables.items()
            if t.system == system
            and (not t.edition or t.edition == edition)
            and (not t.expansion or t.expansion in exps)
        }

    def data(self, system: str, edition: str = "", expansions: Iterable[str] = ()) -> dict[str, Any]:
        """Merged non-table data sections (weapons lists, creature facts...)."""
        exps = set(expansions)
        out: dict[str, Any] = {}
        for f in self.files:
            if f.system == system and (not f.edition or f.edition == edition) and (
                not f.expansion or f.expansion in exps
            ):
                for k, v in f.data.items():
                    if isinstance(v, Mapping) and isinstance(out.get(k), Mapping):
                        out[k] = {**out[k], **v}
                    else:
                        out[k] = v
        return out


def _system_hook(system: str, attr: str) -> Any:
    """The installed game system's check named ``attr`` (``rules_check``, ``book_check``),
    or None when the system is not installed or has none."""
    from campaign_app.systems.registry import systems

    found = systems().get(system)
    ref = getattr(found, attr, "") if found is not None else ""
    return found.load(ref) if found is not None and ref else None


def shipped_files() -> list[tuple[str, str]]:
    """(file name, text) of the rules data of every installed game system."""
    from campaign_app.systems.registry import systems

    out: list[tuple[str, str]] = []
    for system in systems().values():
        out.extend(system.rule_files())
    return out


@lru_cache(maxsize=1)
def load_rulebook() -> RuleBook:
    """Every installed game system's rules data, parsed and checked. Checked once per
    version of the data and of the code that reads it: the checked book is kept in the
    user's cache folder (:func:`cache_dir`) under a key made of every rules file's text and
    every source file of the loader and of the game systems, so a change to any of them
    reads the files anew."""
    files = shipped_files()
    where = _cache_file(files)
    if where is not None:
        book = _read_cached(where)
        if book is not None:
            return book
    book = RuleBook(parse_rule_file(name, text) for name, text in files)
    if where is not None:
        _write_cached(where, book)
    return book


# --------------------------------------------------------------------------- the checked book, kept
CACHE_ENV = "CAMPAIGN_APP_CACHE"  # a folder, or "off" (the tests: every run parses and checks)
_CACHE_FORMAT = 1


def cache_dir() -> Path | None:
    """Where the checked rulebook is kept: ``$CAMPAIGN_APP_CACHE``, else the user's cache
    folder; None when ``$CAMPAIGN_APP_CACHE`` is ``off``."""
    import os

    env = os.environ.get(CACHE_ENV, "").strip()
    if env.lower() == "off":
        return None
    if env:
        return Path(env)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("campaign_app", appauthor=False))


def _code_files() -> list[Path]:
    """The source files whose code decides what the checked book holds: this package's
    and each installed game system's (their rules checks)."""
    import importlib.util

    from campaign_app.systems.registry import systems

    folders = {Path(__file__).resolve().parent}
    for system in systems().values():
        spec = importlib.util.find_spec(system.package)
        for loc in (spec.submodule_search_locations or []) if spec is not None else []:
            folders.add(Path(loc))
    return sorted(f for d in folders for f in d.rglob("*.py"))


def _cache_file(files: list[tuple[str, str]]) -> Path | None:
    folder = cache_dir()
    if folder is None:
        return None
    import hashlib
    import sys

    from campaign_app._version import __version__

    h = hashlib.sha256(f"{_CACHE_FORMAT}|{__version__}|{sys.version}".encode())
    for name, text in files:
        h.update(f"\0{name}\0".encode())
        h.update(text.encode("utf-8", "surrogatepass"))
    try:
        for f in _code_files():
            st = f.stat()
            h.update(f"\0{f}\0{st.st_mtime_ns}\0{st.st_size}".encode())
    except OSError:
        return None
    return folder / f"rulebook-{h.hexdigest()[:32]}.pickle"


def _read_cached(where: Path) -> RuleBook | None:
    import pickle

    try:
        with where.open("rb") as f:
            book = pickle.load(f)
    except FileNotFoundError:
        return None
    except Exception:  # a damaged or foreign file: read the rules anew (and write it again)
        return None
    return book if isinstance(book, RuleBook) else None


def _write_cached(where: Path, book: RuleBook) -> None:
    """Keep ``book`` (best effort: a folder that cannot be written is no error); the other
    versions' files go, so the folder holds one."""
    import os
    import pickle
    import tempfile

    try:
        where.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=where.parent, prefix=".rulebook-")
        with os.fdopen(fd, "wb") as f:
            pickle.dump(book, f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, where)  # whole or not at all: another process reads the old or the new
        for old in where.parent.glob("rulebook-*.pickle"):
            if old != where:
                old.unlink(missing_ok=True)
    except OSError:
        return
