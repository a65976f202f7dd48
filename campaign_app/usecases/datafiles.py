"""Campaign files: JSON export and import (format in ``docs/json-format.md``), whole-
database JSON backups (the PostgreSQL backup format), and the Yaktribe gang import.

Export reads one consistent snapshot and writes a document whose order and references
are stable, so ``export -> import into an empty database -> export`` gives the same
document. Import checks the whole document first and reports every problem with its
path (``rosters[2].fighters[5].rep: 9 is above 6``); only a clean document is written,
in one transaction, with bulk inserts (executemany on SQLite, COPY on PostgreSQL). The
checks of the big lists (rolls, battle results) first run column by column at C speed and
fall back to item-by-item checks, which name each problem, when anything looks off.
Files are read with a size cap before JSON parsing, and nesting, string length and item
counts are bounded, so a hostile file cannot exhaust memory.
"""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from functools import cache, partial
from itertools import chain, repeat
from operator import attrgetter, is_not, itemgetter, methodcaller
from pathlib import Path
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.engine import Connection, Engine
from sqlmodel import Session, SQLModel

from campaign_app.errors import InputError, RulesDataError
from campaign_app.uow import UnitOfWork, fault_point, read_session
from campaign_app.usecases.common import (
    BATTLES_RANGE,
    CREDITS_RANGE,
    FIGURES_RANGE,
    INT_MAX,
    MAX_NAME,
    MAX_TEXT,
    REPUTATION_RANGE,
    XP_RANGE,
    get_campaign,
)
from db.models import (
    Campaign,
    Fighter,
    LastingInjury,
    Roster,
    Skill,
    utcnow,
)

FORMAT = "campaign_app/campaign"
BACKUP_FORMAT = "campaign_app/backup"
SCHEMA_VERSION = 1

MAX_FILE_BYTES = 50 * 1024 * 1024
MAX_DEPTH = 20
MAX_STRING = MAX_TEXT  # 20,000 characters
MAX_ITEMS = 250_000  # items in one list or keys in one object
MAX_VALUES = 6_000_000  # values in the whole document
MAX_PROBLEMS = 200  # problems collected before giving up
INT_LIMIT = INT_MAX  # what an INTEGER column holds on every backend

_T = SQLModel.metadata.tables


class ImportRefused(InputError):
    """A file failed validation; ``problems`` lists each one with its path."""

    def __init__(self, source: str, problems: list[str], more: bool = False) -> None:
        self.problems = list(problems)
        self.source = source
        n = len(self.problems)
        count = f"{n}{'+' if more else ''} problem{'s' if n != 1 or more else ''}"
        lines = "\n".join(f"  {p}" for p in self.problems[:20])
        extra = f"\n  ... and {n - 20} more" if n > 20 else ""
        super().__init__(f"{source}: {count}, nothing was imported:\n{lines}{extra}")


# =========================================================================== reading
def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def read_json_bytes(raw: bytes, source: str) -> Any:
    """Parse JSON text already read (at most MAX_FILE_BYTES) and check its limits."""
    if len(raw) > MAX_FILE_BYTES:
        raise InputError(f"{source} is larger than {MAX_FILE_BYTES // (1024 * 1024)} MB")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise InputError(f"{source} is not UTF-8 text (byte {e.start})") from None
    try:
        doc = json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as e:
        raise InputError(f"{source} is not valid JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
    except RecursionError:
        raise InputError(f"{source}: nesting is deeper than {MAX_DEPTH} levels") from None
    except ValueError as e:  # NaN/Infinity, integers with thousands of digits
        raise InputError(f"{source} is not valid JSON: {e}") from None
    check_limits(doc, source)
    return doc


def read_json_file(path: str | os.PathLike[str]) -> Any:
    """Read a JSON file with a size cap before parsing."""
    p = Path(path)
    try:
        with open(p, "rb") as fh:
            raw = fh.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise InputError(f"{p}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{p} is a folder, not a file") from None
    except OSError as e:
        raise InputError(f"cannot read {p}: {e.strerror or e}") from None
    except ValueError:  # a NUL in the name
        raise InputError(f"{str(p)!r} is not a usable file name") from None
    return read_json_bytes(raw, str(p))


def _load(source: Any) -> tuple[Any, str]:
    """A document from a path, bytes, or an already parsed object (limits checked)."""
    if isinstance(source, (str, os.PathLike)):
        return read_json_file(source), str(source)
    if isinstance(source, (bytes, bytearray)):
        return read_json_bytes(bytes(source), "document"), "document"
    check_limits(source, "document")
    return source, "document"


class _TooBig(Exception):
    pass


def check_limits(doc: Any, source: str = "document") -> None:
    """Refuse documents too deep, too long or holding values JSON cannot carry."""
    problems: list[str] = []
    count = 0
    good_keys: set[str] = set()

    def bad(path: tuple[Any, ...], key: Any, msg: str) -> None:
        problems.append(f"{_path(path + ((key,) if key is not None else ()))}: {msg}")
        if len(problems) >= 20:
            raise _TooBig

    def scalar(x: Any, here: tuple[Any, ...], k: Any) -> None:
        if isinstance(x, str):
            _check_str(x, lambda m: bad(here, k, m))
        elif isinstance(x, bool) or x is None:
            return
        elif isinstance(x, int):
            if not -(2**63) < x < 2**63:
                bad(here, k, "number is too large")
        elif isinstance(x, float):
            if not math.isfinite(x):
                bad(here, k, "number is not finite")
        else:
            bad(here, k, f"{type(x).__name__} is not a JSON value")

    def walk(v: Any, depth: int, here: tuple[Any, ...]) -> None:
        # v is a dict or a list; scalars are checked inline (fast path for plain values)
        nonlocal count
        if depth >= MAX_DEPTH:
            problems.append(f"{_path(here)}: nesting is deeper than {MAX_DEPTH} levels")
            raise _TooBig
        if len(v) > MAX_ITEMS:
            problems.append(f"{_path(here)}: more than {MAX_ITEMS:,} items")
            raise _TooBig
        count += len(v)
        if count > MAX_VALUES:
            problems.append(f"{source} holds more than {MAX_VALUES:,} values")
            raise _TooBig
        # one loop for objects and one for lists, alike but for the keys (the hot path); a
        # key that passed once is known good, so repeated record keys cost one set lookup
        if isinstance(v, dict):
            for k, x in v.items():
                if type(k) is not str:
                    bad(here, None, f"key {k!r} is not text")
                    continue
                if k not in good_keys:
                    if len(k) > 200 or not k.isascii() or "\x00" in k:
                        _check_str(k, lambda m, k=k: bad(here, None, f"key {_short(k)}: {m}"))
                    else:
                        good_keys.add(k)
                t = type(x)
                if t is str:
                    if len(x) > MAX_STRING or "\x00" in x or not x.isascii():
                        _check_str(x, lambda m, k=k: bad(here, k, m))
                elif t is int:
                    if not -(2**63) < x < 2**63:
                        bad(here, k, "number is too large")
                elif t is dict or t is list:
                    walk(x, depth + 1, here + (k,))
                elif x is None or t is bool:
                    pass
                elif isinstance(x, (dict, list)):
                    walk(x, depth + 1, here + (k,))
                else:
                    scalar(x, here, k)
            return
        for k, x in enumerate(v):
            t = type(x)
            if t is str:
                if len(x) > MAX_STRING or "\x00" in x or not x.isascii():
                    _check_str(x, lambda m, k=k: bad(here, k, m))
            elif t is int:
                if not -(2**63) < x < 2**63:
                    bad(here, k, "number is too large")
            elif t is dict or t is list:
                walk(x, depth + 1, here + (k,))
            elif x is None or t is bool:
                pass
            elif isinstance(x, (dict, list)):
                walk(x, depth + 1, here + (k,))
            else:
                scalar(x, here, k)

    try:
        if isinstance(doc, (dict, list)):
            walk(doc, 0, ())
        else:
            scalar(doc, (), None)
    except _TooBig:
        pass
    except RecursionError:  # pragma: no cover - depth is bounded above
        problems.append(f"nesting is deeper than {MAX_DEPTH} levels")
    if problems:
        raise ImportRefused(source, problems)


def _check_str(s: str, bad: Any) -> None:
    if len(s) > MAX_STRING:
        bad(f"text is {len(s):,} characters long (at most {MAX_STRING:,})")
    elif "\x00" in s:
        bad("text contains a NUL character")
    elif not s.isascii():
        try:
            s.encode("utf-8")
        except UnicodeEncodeError:
            bad("text holds an unpaired surrogate (not valid Unicode)")


def _path(parts: tuple[Any, ...] | list[Any]) -> str:
    out = ""
    for p in parts:
        if isinstance(p, int):
            out += f"[{p}]"
        elif re.fullmatch(r"[A-Za-z_][A-Za-z0-9_-]*", p):
            out += f".{p}" if out else p
        else:
            out += f"[{json.dumps(p, ensure_ascii=False)}]"
    return out or "document"


def _short(v: Any, n: int = 40) -> str:
    text = repr(v)
    return text if len(text) <= n else text[: n - 3] + "..."


# =========================================================================== export
@contextmanager
def _snapshot(engine: Engine) -> Iterator[Connection]:
    """A connection whose reads all see one consistent snapshot."""
    if engine.dialect.name == "postgresql":
        with engine.connect().execution_options(isolation_level="REPEATABLE READ") as conn:
            with conn.begin():
                yield conn
        return
    with engine.connect() as conn:
        conn.exec_driver_sql("BEGIN")
        try:
            yield conn
        finally:
            conn.rollback()


def _iso(v: datetime | date | None) -> str | None:
    return None if v is None else v.isoformat()


def export_json(engine: Engine, campaign: Any) -> dict[str, Any]:
    """The whole campaign as a JSON-ready document (see docs/json-format.md)."""
    with read_session(engine) as s:
        cid = get_campaign(s, campaign).id
    with _snapshot(engine) as conn:
        return _export(conn, cid)  # type: ignore[arg-type]


def export_json_file(engine: Engine, campaign: Any, path: str | os.PathLike[str]) -> dict[str, Any]:
    """Write the campaign to ``path`` (whole, then renamed); returns a summary."""
    doc = export_json(engine, campaign)
    write_json(doc, path)
    return _summary(doc, path)


def write_json(doc: Any, path: str | os.PathLike[str]) -> None:
    p = Path(path)
    if "\x00" in str(p) or not p.name:
        raise InputError(f"{str(p)!r} is not a usable file name")
    tmp = p.with_name(p.name + ".part")
    try:
        if p.parent and not p.parent.exists():
            raise InputError(f"folder {p.parent} does not exist")
        with open(tmp, "w", encoding="utf-8", newline="\n") as fh:
            json.dump(doc, fh, ensure_ascii=False, indent=1)
            fh.write("\n")
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, p)
    except OSError as e:
        tmp.unlink(missing_ok=True)
        raise InputError(f"cannot write {p}: {e.strerror or e}") from None


def _summary(doc: Mapping[str, Any], path: Any = None) -> dict[str, Any]:
    rosters = doc.get("rosters", [])
    return {
        "file": str(path) if path is not None else None,
        "campaign": doc["campaign"]["name"],
        "rosters": len(rosters),
        "fighters": sum(len(r.get("fighters", [])) for r in rosters),
        "units": sum(len(r.get("units", [])) for r in rosters),
        "battles": len(doc.get("battles", [])),
        "rolls": len(doc.get("rolls", [])),
    }


def _export(conn: Connection, cid: int) -> dict[str, Any]:
    T = _T
    camp = conn.execute(select(T["campaign"]).where(T["campaign"].c.id == cid)).mappings().one()
    rosters = list(conn.execute(select(T["roster"]).where(T["roster"].c.campaign_id == cid)
                                .order_by(T["roster"].c.id)).mappings())
    roster_ids = select(T["roster"].c.id).where(T["roster"].c.campaign_id == cid)
    fighters = list(conn.execute(select(T["fighter"]).where(T["fighter"].c.roster_id.in_(roster_ids))
                                 .order_by(T["fighter"].c.id)).mappings())
    units = list(conn.execute(select(T["unit"]).where(T["unit"].c.roster_id.in_(roster_ids))
                              .order_by(T["unit"].c.id)).mappings())
    fighter_ids = select(T["fighter"].c.id).where(T["fighter"].c.roster_id.in_(roster_ids))
    unit_ids = select(T["unit"].c.id).where(T["unit"].c.roster_id.in_(roster_ids))
    eq_t = T["equipment"]
    equipment = list(conn.execute(select(eq_t).where(eq_t.c.fighter_id.in_(fighter_ids)
                                                     | eq_t.c.unit_id.in_(unit_ids))
                                  .order_by(eq_t.c.id)).mappings())
    skills = list(conn.execute(select(T["skill"]).where(T["skill"].c.fighter_id.in_(fighter_ids))
                               .order_by(T["skill"].c.id)).mappings())
    li_t = T["lasting_injury"]
    injuries = list(conn.execute(select(li_t).where(li_t.c.fighter_id.in_(fighter_ids))
                                 .order_by(li_t.c.id)).mappings())
    walkers = list(conn.execute(select(T["walker_type"]).where(T["walker_type"].c.campaign_id == cid)
                                .order_by(T["walker_type"].c.id)).mappings())
    battles = list(conn.execute(select(T["battle"]).where(T["battle"].c.campaign_id == cid)
                                .order_by(T["battle"].c.id)).mappings())
    battle_ids = select(T["battle"].c.id).where(T["battle"].c.campaign_id == cid)
    links = list(conn.execute(select(T["battle_roster"]).where(T["battle_roster"].c.battle_id.in_(battle_ids))
                              .order_by(T["battle_roster"].c.id)).mappings())
    results = list(conn.execute(select(T["battle_result"]).where(T["battle_result"].c.battle_id.in_(battle_ids))
                                .order_by(T["battle_result"].c.id)).mappings())
    rr, jn = T["roll_record"], T["journal"]
    rolls = list(conn.execute(select(rr, jn.c.action.label("j_action"), jn.c.undone.label("j_undone"))
                              .outerjoin(jn, jn.c.id == rr.c.journal_id)
                              .where(rr.c.campaign_id == cid).order_by(rr.c.id)).mappings())

    # document-local references, in document order
    wref = {w["id"]: f"w{i}" for i, w in enumerate(walkers, 1)}
    rref = {r["id"]: f"r{i}" for i, r in enumerate(rosters, 1)}
    by_roster: dict[int, list[Any]] = {}
    for f in fighters:
        by_roster.setdefault(f["roster_id"], []).append(f)
    units_by: dict[int, list[Any]] = {}
    for u in units:
        units_by.setdefault(u["roster_id"], []).append(u)
    fref: dict[int, str] = {}
    uref: dict[int, str] = {}
    for r in rosters:
        for f in by_roster.get(r["id"], []):
            fref[f["id"]] = f"f{len(fref) + 1}"
        for u in units_by.get(r["id"], []):
            uref[u["id"]] = f"u{len(uref) + 1}"
    bref = {b["id"]: f"b{i}" for i, b in enumerate(battles, 1)}
    dref = {x["id"]: f"d{i}" for i, x in enumerate(rolls, 1)}

    eq_f: dict[int, list[Any]] = {}
    eq_u: dict[int, list[Any]] = {}
    for e in equipment:
        if e["fighter_id"] is not None:
            eq_f.setdefault(e["fighter_id"], []).append(e)
        elif e["unit_id"] is not None:
            eq_u.setdefault(e["unit_id"], []).append(e)
    sk_f: dict[int, list[Any]] = {}
    for sk in skills:
        sk_f.setdefault(sk["fighter_id"], []).append(sk)
    inj_f: dict[int, list[Any]] = {}
    for i in injuries:
        inj_f.setdefault(i["fighter_id"], []).append(i)

    def eq_doc(e: Mapping[str, Any]) -> dict[str, Any]:
        return {
            "name": e["name"], "category": e["category"], "range": e["range"],
            "targets": e["targets"], "impact": e["impact"], "fp": e["fp"],
            "strength": e["strength"], "ap": e["ap"], "traits": list(e["traits"] or []),
            "qty": e["qty"], "cost": e["cost"], "notes": e["notes"],
        }

    def fighter_doc(f: Mapping[str, Any]) -> dict[str, Any]:
        return {
            "ref": fref[f["id"]], "name": f["name"], "type": f["fighter_type"], "role": f["role"],
            "kind": f["kind"], "rep": f["rep"], "stats": dict(f["stats"] or {}), "xp": f["xp"],
            "credits_value": f["credits_value"], "status": f["status"],
            "status_note": f["status_note"],
            "captured_by": rref.get(f["captured_by_roster_id"]),
            "walker_type": wref.get(f["walker_type_id"]),
            "crew_of": fref.get(f["crew_of_id"]),
            "abilities": list(f["abilities"] or []), "conditions": list(f["conditions"] or []),
            "notes": f["notes"], "created_at": _iso(f["created_at"]),
            "equipment": [eq_doc(e) for e in eq_f.get(f["id"], [])],
            "skills": [{"name": s["name"], "source": s["source"]} for s in sk_f.get(f["id"], [])],
            "injuries": [
                {
                    "table": i["table_id"], "roll": i["roll"], "faces": i["faces"],
                    "result": i["result"], "label": i["label"], "battle": bref.get(i["battle_id"]),
                    "roll_record": dref.get(i["roll_record_id"]),
                    "effects_applied": list(i["effects_applied"] or []),
                    "effects_skipped": list(i["effects_skipped"] or []),
                    "created_at": _iso(i["created_at"]),
                }
                for i in inj_f.get(f["id"], [])
            ],
        }

    def unit_doc(u: Mapping[str, Any]) -> dict[str, Any]:
        return {
            "ref": uref[u["id"]], "name": u["name"], "unit_type": u["unit_type"],
            "training": u["training"], "figures": u["figures"], "figures_start": u["figures_start"],
            "wounded": u["wounded"], "armour": u["armour"], "discipline": u["discipline"],
            "order": u["order"], "status": u["status"], "battles_fought": u["battles_fought"],
            "stats": dict(u["stats"] or {}), "notes": u["notes"], "created_at": _iso(u["created_at"]),
            "equipment": [eq_doc(e) for e in eq_u.get(u["id"], [])],
        }

    links_b: dict[int, list[Any]] = {}
    for link in links:
        links_b.setdefault(link["battle_id"], []).append(link)
    res_b: dict[int, list[Any]] = {}
    for res in results:
        res_b.setdefault(res["battle_id"], []).append(res)

    return {
        "format": FORMAT,
        "schema_version": SCHEMA_VERSION,
        "campaign": {
            "name": camp["name"], "system": camp["system"], "edition": camp["edition"],
            "expansions": list(camp["expansions"] or []), "cycle": camp["cycle"],
            "notes": camp["notes"], "created_at": _iso(camp["created_at"]),
            "house_rules": dict(camp["house_rules"] or {}),
        },
        "walker_types": [
            {
                "ref": wref[w["id"]], "name": w["name"], "nation": w["nation"],
                "armour_front": w["armour_front"], "armour_side": w["armour_side"],
                "gun1": w["gun1"], "gun2": w["gun2"], "aa_mg": w["aa_mg"], "hull_mg": w["hull_mg"],
                "speed_road": w["speed_road"], "speed_cc": w["speed_cc"], "crew": w["crew"],
                "notes": w["notes"],
            }
            for w in walkers
        ],
        "rosters": [
            {
                "ref": rref[r["id"]], "name": r["name"], "kind": r["kind"], "faction": r["faction"],
                "player": r["player"], "credits": r["credits"], "reputation": r["reputation"],
                "notes": r["notes"], "created_at": _iso(r["created_at"]),
                "fighters": [fighter_doc(f) for f in by_roster.get(r["id"], [])],
                "units": [unit_doc(u) for u in units_by.get(r["id"], [])],
            }
            for r in rosters
        ],
        "battles": [
            {
                "ref": bref[b["id"]], "number": b["number"], "played_on": _iso(b["played_on"]),
                "scenario": b["scenario"], "outcome": b["outcome"],
                "winner": rref.get(b["winner_roster_id"]), "cycle": b["cycle"], "notes": b["notes"],
                "after_battle_done": bool(b["after_battle_done"]), "created_at": _iso(b["created_at"]),
                "rosters": [{"roster": rref.get(x["roster_id"]), "result": x["result"]}
                            for x in links_b.get(b["id"], []) if x["roster_id"] in rref],
                "results": [
                    {
                        "fighter": fref.get(x["fighter_id"]), "unit": uref.get(x["unit_id"]),
                        "status": x["status"], "scored_hit": bool(x["scored_hit"]),
                        "by_fighter": fref.get(x["by_fighter_id"]), "casualties": x["casualties"],
                        "details": dict(x["details"] or {}),
                    }
                    for x in res_b.get(b["id"], [])
                ],
            }
            for b in battles
        ],
        "rolls": [
            {
                "ref": dref[x["id"]], "created_at": _iso(x["created_at"]),
                "battle": bref.get(x["battle_id"]), "fighter": fref.get(x["fighter_id"]),
                "unit": uref.get(x["unit_id"]), "subject": x["subject"], "purpose": x["purpose"],
                "rule": x["rule"], "dice": x["dice"], "faces": x["faces"], "source": x["source"],
                "target": x["target"], "value": x["value"], "table": x["table_id"], "row": x["row"],
                "result": x["result"], "label": x["label"], "action": x["j_action"] or "",
                "undone": bool(x["j_undone"]),
            }
            for x in rolls
        ],
    }


def export_all(engine: Engine) -> dict[str, Any]:
    """Every campaign of the database, in one snapshot (the JSON backup format)."""
    with _snapshot(engine) as conn:
        ids = [r[0] for r in conn.execute(select(_T["campaign"].c.id).order_by(_T["campaign"].c.id))]
        return {
            "format": BACKUP_FORMAT,
            "schema_version": SCHEMA_VERSION,
            "created_at": utcnow().isoformat(),
            "campaigns": [_export(conn, cid) for cid in ids],
        }


# =========================================================================== validation
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


def _kind(v: Any) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true/false"
    if isinstance(v, (int, float)):
        return f"the number {_short(v)}"
    if isinstance(v, str):
        return f"text {_short(v)}"
    if isinstance(v, list):
        return "a list"
    if isinstance(v, dict):
        return "an object"
    return type(v).__name__


_TOP_KEYS = ("format", "schema_version", "campaign", "walker_types", "rosters", "battles", "rolls")
_CAMPAIGN_KEYS = ("name", "system", "edition", "expansions", "cycle", "notes", "created_at",
                  "house_rules")
_WALKER_KEYS = ("ref", "name", "nation", "armour_front", "armour_side", "gun1", "gun2", "aa_mg",
                "hull_mg", "speed_road", "speed_cc", "crew", "notes")
_ROSTER_KEYS = ("ref", "name", "kind", "faction", "player", "credits", "reputation", "notes",
                "created_at", "fighters", "units")
_FIGHTER_KEYS = ("ref", "name", "type", "role", "kind", "rep", "stats", "xp", "credits_value",
                 "status", "status_note", "captured_by", "walker_type", "crew_of", "abilities",
                 "conditions", "notes", "created_at", "equipment", "skills", "injuries")
_EQ_KEYS = ("name", "category", "range", "targets", "impact", "fp", "strength", "ap", "traits",
            "qty", "cost", "notes")
_INJ_KEYS = ("table", "roll", "faces", "result", "label", "battle", "roll_record",
             "effects_applied", "effects_skipped", "created_at")
_UNIT_KEYS = ("ref", "name", "unit_type", "training", "figures", "figures_start", "wounded",
              "armour", "discipline", "order", "status", "battles_fought", "stats", "notes",
              "created_at", "equipment")
_BATTLE_KEYS = ("ref", "number", "played_on", "scenario", "outcome", "winner", "cycle", "notes",
                "after_battle_done", "created_at", "rosters", "results")
_RESULT_KEYS = ("fighter", "unit", "status", "scored_hit", "by_fighter", "casualties", "details")
_ROLL_KEYS = ("ref", "created_at", "battle", "fighter", "unit", "subject", "purpose", "rule",
              "dice", "faces", "source", "target", "value", "table", "row", "result", "label",
              "action", "undone")


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


# =========================================================================== writing
def _insert(s: Session, table: str, rows: _Rows | list[dict[str, Any]],
            extra: Mapping[str, Any] | None = None, returning: bool = False) -> list[int]:
    """Bulk-insert ``rows`` (keys starting with ``_`` are left out) plus the ``extra``
    columns (name -> one value per row as a list, or one value for all); with ``returning``
    give their new ids in row order (ascending, so export order follows document order)."""
    if isinstance(rows, list):
        table_rows = _Rows()
        for r in rows:
            table_rows.append(r)
        rows = table_rows
    n = len(rows)
    if not n:
        return []
    t = _T[table]
    names = [k for k in rows.cols if k[0] != "_"]
    columns: list[list[Any]] = [rows.cols[k] for k in names]
    for k, v in (extra or {}).items():
        names.append(k)
        columns.append(v if isinstance(v, list) else [v] * n)
    conn = s.connection()
    if conn.dialect.name == "postgresql":
        return _pg_copy(conn, t, names, columns, returning)
    return _sqlite_insert(conn, t, names, columns, returning)


def _sqlite_insert(conn: Connection, t: Any, names: list[str], columns: list[Any], returning: bool) -> list[int]:
    """SQLite: one executemany of plain tuples, each value converted by the column type's
    own bind processor (the text SQLAlchemy would store), ids given in order when needed."""
    from sqlalchemy import JSON

    dialect = conn.dialect
    columns = list(columns)
    for i, k in enumerate(names):
        proc = t.c[k].type.dialect_impl(dialect).bind_processor(dialect)
        if proc is not None:
            columns[i] = _stored(proc, columns[i], isinstance(t.c[k].type, JSON))
    q = dialect.identifier_preparer.quote
    ids: list[int] = []
    if returning:
        # the rows SQLite itself would number next: the transaction holds the write lock
        # (the campaign row is written first), so nobody else can take these ids
        top = conn.exec_driver_sql(f"SELECT max(id) FROM {q(t.name)}").scalar() or 0  # noqa: S608
        ids = list(range(top + 1, top + 1 + len(columns[0])))
        names, columns = ["id", *names], [ids, *columns]
    sql = (f"INSERT INTO {q(t.name)} ({', '.join(q(k) for k in names)}) "  # noqa: S608
           f"VALUES ({', '.join('?' * len(names))})")
    conn.exec_driver_sql(sql, list(zip(*columns, strict=True)))
    return ids


_PROBE = datetime(2001, 2, 3, 4, 5, 6, 7, tzinfo=UTC)
_ISO = methodcaller("isoformat", " ", "microseconds")
_NO_OFFSET = itemgetter(slice(0, 26))


def _stored(proc: Any, vals: list[Any], is_json: bool) -> list[Any]:
    """``proc`` applied to every value, faster for the usual columns: UTC datetimes (SQLite
    keeps "YYYY-MM-DD HH:MM:SS.ffffff"; checked against ``proc`` on a probe and on the
    first value) and empty JSON objects and lists (the same text every time)."""
    kinds = set(map(type, vals))
    if kinds == {datetime} and set(map(id, map(attrgetter("tzinfo"), vals))) == {id(UTC)}:
        if all(proc(v) == _NO_OFFSET(_ISO(v)) for v in (_PROBE, vals[0])):
            return list(map(_NO_OFFSET, map(_ISO, vals)))
    elif is_json and kinds <= {dict, list}:
        empty: dict[type, Any] = {dict: proc({}), list: proc([])}
        return [proc(v) if v else empty[type(v)] for v in vals]
    return list(map(proc, vals))


def _pg_copy(conn: Connection, t: Any, names: list[str], columns: list[Any], returning: bool) -> list[int]:
    """PostgreSQL: COPY the rows in (much faster than INSERTs for thousands of rows),
    with ids taken from the table's sequence first when they are needed."""
    from sqlalchemy import JSON, text

    n = len(columns[0])
    ids: list[int] = []
    if returning:
        ids = sorted(conn.execute(
            text("SELECT nextval(pg_get_serial_sequence(:t, 'id')) FROM generate_series(1, :n)"),
            {"t": t.name, "n": n},
        ).scalars())
    columns = list(columns)
    for i, k in enumerate(names):
        if isinstance(t.c[k].type, JSON):
            columns[i] = [None if v is None else json.dumps(v, ensure_ascii=False) for v in columns[i]]
    if returning:
        names, columns = ["id", *names], [ids, *columns]
    q = conn.dialect.identifier_preparer.quote
    raw: Any = conn.connection.driver_connection
    with raw.cursor() as cur, cur.copy(
        f"COPY {q(t.name)} ({', '.join(q(c) for c in names)}) FROM STDIN"
    ) as cp:
        for row in zip(*columns, strict=True):
            cp.write_row(row)
    return ids


def _write_plan(s: Session, plan: _Plan, summary: str) -> int:
    """Insert a checked plan with bulk inserts; returns the new campaign's id."""
    now = utcnow()
    if s.get_bind().dialect.name == "postgresql":
        cid = _insert(s, "campaign", [plan.campaign], returning=True)[0]
    else:  # a plain INSERT first, so the transaction holds the write lock (see _sqlite_insert)
        t = _T["campaign"]
        cid = s.execute(insert(t).returning(t.c.id), plan.campaign).scalar_one()
    fault_point("import.after-campaign")

    # journals: one per (action, undone) of the roll record, then the import itself last,
    # so undo stops at the import and redo never replays an imported undone action
    keys = list(dict.fromkeys(k for k in zip(plan.rolls["_action"], plan.rolls["_undone"], strict=True)
                              if k[0]))
    holders = dict(zip(keys, _insert(s, "journal", [{
        "campaign_id": cid, "action": key[0], "summary": "imported roll record",
        "created_at": now, "undone": key[1], "undone_at": now if key[1] else None,
    } for key in keys], returning=True), strict=True))
    _insert(s, "journal", [{"campaign_id": cid, "action": "campaign.create", "summary": summary,
                            "created_at": now, "undone": False, "undone_at": None}])

    def refs(rows: _Rows, key: str, ids: dict[str, int]) -> list[int | None]:
        return [ids[r] if r else None for r in rows[key]]

    def ids_of(rows: _Rows, key: str, ids: dict[str, int]) -> list[int]:
        return [ids[r] for r in rows[key]]

    wid = dict(zip(plan.walker_types["_ref"],
                   _insert(s, "walker_type", plan.walker_types, {"campaign_id": cid}, returning=True),
                   strict=True))
    rid = dict(zip(plan.rosters["_ref"],
                   _insert(s, "roster", plan.rosters, {"campaign_id": cid}, returning=True), strict=True))
    fighters = plan.fighters
    fid = dict(zip(fighters["_ref"], _insert(s, "fighter", fighters, {
        "roster_id": ids_of(fighters, "_roster", rid),
        "captured_by_roster_id": refs(fighters, "_captured_by", rid),
        "walker_type_id": refs(fighters, "_walker_type", wid),
        "crew_of_id": None,
    }, returning=True), strict=True))
    crews = [{"b_id": fid[f], "b_crew": fid[c]} for f, c in zip(fighters["_ref"], fighters["_crew_of"],
                                                                 strict=True) if c]
    if crews:
        from sqlalchemy import bindparam

        t = _T["fighter"]
        s.execute(update(t).where(t.c.id == bindparam("b_id")).values(crew_of_id=bindparam("b_crew")), crews)
    uid = dict(zip(plan.units["_ref"],
                   _insert(s, "unit", plan.units, {"roster_id": ids_of(plan.units, "_roster", rid)},
                           returning=True), strict=True))
    _insert(s, "equipment", plan.equipment, {"fighter_id": refs(plan.equipment, "_fighter", fid),
                                             "unit_id": refs(plan.equipment, "_unit", uid)})
    _insert(s, "skill", plan.skills, {"fighter_id": ids_of(plan.skills, "_fighter", fid)})
    fault_point("import.after-rosters")

    bid = dict(zip(plan.battles["_ref"],
                   _insert(s, "battle", plan.battles, {"campaign_id": cid,
                                                       "winner_roster_id": refs(plan.battles, "_winner", rid)},
                           returning=True), strict=True))
    links, results = plan.battle_rosters, plan.battle_results
    _insert(s, "battle_roster", links, {"battle_id": ids_of(links, "_battle", bid),
                                        "roster_id": ids_of(links, "_roster", rid)})
    _insert(s, "battle_result", results, {
        "battle_id": ids_of(results, "_battle", bid),
        "fighter_id": refs(results, "_fighter", fid),
        "unit_id": refs(results, "_unit", uid),
        "by_fighter_id": refs(results, "_by", fid)})
    fault_point("import.after-battles")

    rolls, injuries = plan.rolls, plan.injuries
    needed = any(injuries["_roll"])
    ids = _insert(s, "roll_record", rolls, {
        "campaign_id": cid,
        "journal_id": [holders[(a, u)] if a else None
                       for a, u in zip(rolls["_action"], rolls["_undone"], strict=True)],
        "battle_id": refs(rolls, "_battle", bid),
        "fighter_id": refs(rolls, "_fighter", fid),
        "unit_id": refs(rolls, "_unit", uid),
    }, returning=needed)
    did = dict(zip(rolls["_ref"], ids, strict=True)) if needed else {}
    fault_point("import.after-rolls")
    _insert(s, "lasting_injury", injuries, {
        "fighter_id": ids_of(injuries, "_fighter", fid),
        "battle_id": refs(injuries, "_battle", bid),
        "roll_record_id": refs(injuries, "_roll", did)})
    fault_point("import.after-injuries")
    return cid


def _taken_names(engine: Engine) -> set[str]:
    with engine.connect() as conn:
        return {r[0] for r in conn.execute(select(_T["campaign"].c.name))}


def import_json(engine: Engine, path_or_doc: Any, *, rename: str | None = None,
                backup: bool = True) -> Campaign:
    """Import a campaign file as a new campaign; every problem is reported, nothing written
    on any. An automatic backup is taken just before writing."""
    doc, source = _load(path_or_doc)
    plan, problems, more = validate_document(doc, rename=rename, taken_names=_taken_names(engine))
    if problems:
        raise ImportRefused(source, problems, more)
    if backup:
        from campaign_app.usecases.backup import automatic_backup

        automatic_backup(engine, "pre-import")
    name = plan.campaign["name"]
    with UnitOfWork(engine, "campaign.import", journaled=False) as uow:
        fault_point("import.start")
        cid = _write_plan(uow.session, plan, f"import campaign {name} from {Path(source).name}")
        uow.campaign_id = cid
    with read_session(engine) as s:
        c = s.get(Campaign, cid)
        assert c is not None
        return c


def check_backup(docs: list[Any], source: str = "backup") -> list[_Plan]:
    """Check every campaign of a backup; raises ImportRefused listing all problems."""
    plans = []
    problems: list[str] = []
    names: set[str] = set()
    for i, d in enumerate(docs):
        plan, probs, more = validate_document(d, taken_names=names)
        problems.extend(f"campaigns[{i}].{p}" for p in probs)
        names.add(plan.campaign.get("name", ""))
        plans.append(plan)
        if more or len(problems) >= MAX_PROBLEMS:
            raise ImportRefused(source, problems, True)
    if problems:
        raise ImportRefused(source, problems)
    return plans


def replace_all(engine: Engine, plans: list[_Plan], source: str = "backup") -> list[str]:
    """Replace every campaign of the database with checked ``plans`` (see check_backup),
    in one transaction: on any failure the database is left as it was."""
    with UnitOfWork(engine, "restore", journaled=False) as uow:
        s = uow.session
        for t in reversed(SQLModel.metadata.sorted_tables):
            s.execute(t.delete())
        fault_point("restore.after-delete")
        for plan in plans:
            _write_plan(s, plan, f"restored campaign {plan.campaign['name']} from {Path(source).name}")
    return [p.campaign["name"] for p in plans]


def load_backup_document(path: str | os.PathLike[str]) -> list[Any]:
    """The campaigns of a JSON backup file (limits and format checked)."""
    doc = read_json_file(path)
    if not isinstance(doc, dict) or doc.get("format") != BACKUP_FORMAT:
        if isinstance(doc, dict) and doc.get("format") == FORMAT:
            raise InputError(f"{path} is one campaign's export, not a backup: use import json")
        raise InputError(f"{path} is not a campaign_app backup (format {BACKUP_FORMAT!r})")
    sv = doc.get("schema_version")
    if isinstance(sv, bool) or not isinstance(sv, int) or sv < 1:
        raise InputError(f"{path}: schema_version {_short(sv)} is not a version number")
    if sv > SCHEMA_VERSION:
        raise InputError(f"{path}: schema_version {sv} is newer than this app reads ({SCHEMA_VERSION})")
    campaigns = doc.get("campaigns")
    if not isinstance(campaigns, list):
        raise InputError(f"{path}: campaigns must be a list")
    return campaigns


# =========================================================================== Yaktribe
YAK_STATS = (("m", "M"), ("ws", "WS"), ("bs", "BS"), ("s", "S"), ("t", "T"), ("w", "W"), ("i", "I"),
             ("a", "A"), ("ld", "Ld"), ("cl", "Cl"), ("wil", "Wil"), ("int", "Int"))
YAK_STATUS = {"alive": "active", "recovery": "in-recovery", "in recovery": "in-recovery",
              "dead": "dead", "captured": "captured", "retired": "retired", "missing": "lost"}
# (our type, words that mark it): first match wins
YAK_TYPES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("vehicle", ("vehicle", "quad", "ridgehauler", "cargo-8", "cargo 8", "rockgrinder", "buggy",
                 "bike", "ironcrawler")),
    ("crew", ("crew", "driver")),
    ("champion", ("champion", "acolyte", "arms master", "forgeborn", "lieutenant", "deacon",
                  "prime")),
    ("leader", ("leader", "alpha", "boss", "matriarch", "patriarch", "primus", "chieftain", "magus",
                "queen", "king", "captain", "tyrant", "word-keeper", "master of", "lord")),
    ("specialist", ("specialist", "heavy")),
    ("prospect", ("prospect",)),
    ("juve", ("juve", "juvie", "initiate", "youngblood", "novice", "brat")),
    ("brute", ("brute", "aberrant", "ogryn", "ambot", "beast")),
    ("hanger-on", ("hanger", "familiar", "propagandist", "rogue doc", "ammo-jack", "ammo jack",
                   "dome runner", "slopper", "cherub", "bookie", "cyber-mastiff", "mastiff")),
    ("ganger", ("ganger", "neophyte", "bully", "hybrid")),
)
# older Yaktribe names of Lasting Injury results (lower case) -> our row labels (lower case)
YAK_INJURY_ALIASES = {"grievous injury": "grievous wound"}
_WEAPON_WORDS = ("pistol", "gun", "sword", "knife", "launcher", "las", "rifle", "blade", "axe",
                 "hammer", "club", "maul", "flamer", "grenade", "stubber", "cannon", "bolt", "melta",
                 "plasma", "whip", "spear", "saw", "shotgun", "carbine", "claw", "fist", "web", "drill")


@dataclass
class _Report:
    items: list[dict[str, str]] = field(default_factory=list)

    def add(self, where: str, message: str) -> None:
        if len(self.items) < 1000:
            self.items.append({"where": where, "message": message})


def _yak_int(v: Any, where: str, what: str, rep: _Report, *, default: int = 0, lo: int = 0,
             hi: int = 1_000_000) -> int:
    if v is None or v == "":
        return default
    n: int | None = None
    if isinstance(v, bool):
        n = None
    elif isinstance(v, int):
        n = v
    elif isinstance(v, float) and math.isfinite(v) and v == int(v):
        n = int(v)
    elif isinstance(v, str) and re.fullmatch(r"\s*[+-]?\d{1,12}\s*", v):
        n = int(v)
    if n is None:
        rep.add(where, f"{what} {_short(v)} is not a whole number; used {default}")
        return default
    if not lo <= n <= hi:
        rep.add(where, f"{what} {n} is outside {lo}..{hi}; used {default}")
        return default
    return n


def _yak_text(v: Any, where: str, what: str, rep: _Report, limit: int) -> str:
    if v is None:
        return ""
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        v = str(v)
    if not isinstance(v, str):
        rep.add(where, f"{what} is {_kind(v)}, not text; left out")
        return ""
    v = v.replace("\x00", "")
    if len(v) > limit:
        rep.add(where, f"{what} is {len(v):,} characters long; cut to {limit:,}")
        v = v[:limit]
    return v


def _yak_name(v: Any, where: str, what: str, rep: _Report, fallback: str) -> str:
    text = _yak_text(v, where, what, rep, 10 * MAX_NAME)
    text = re.sub(r"[\x00-\x1f]+", " ", text).strip()
    if len(text) > MAX_NAME:
        rep.add(where, f"{what} is longer than {MAX_NAME} characters; cut")
        text = text[:MAX_NAME].strip()
    if not text:
        if v not in (None, "") and fallback:
            rep.add(where, f"{what} is empty; named {fallback!r}")
        return fallback
    return text


def yak_fighter_type(raw: str) -> str | None:
    low = raw.lower()
    for ours, words in YAK_TYPES:
        if any(w in low for w in words):
            return ours
    return None


def import_yaktribe(engine: Engine, path: Any, campaign: Any = None) -> dict[str, Any]:
    """Import a Yaktribe gang (best effort): everything that maps is imported as one roster
    (one undo step); the report lists each item that did not map and why."""
    from campaign_app.systems import get_system
    from campaign_app.usecases.core import campaign_dict, make_equipment, roster_dict, tables_for

    doc, source = _load(path)
    gang = doc.get("gang") if isinstance(doc, dict) else None
    if not isinstance(gang, dict):
        raise InputError(f"{source} is not a Yaktribe gang export (no \"gang\" object)")
    rep = _Report()
    raw_gangers = gang.get("gangers", [])
    if not isinstance(raw_gangers, list):
        rep.add("gang.gangers", f"is {_kind(raw_gangers)}, not a list; no fighters imported")
        raw_gangers = []

    from campaign_app.usecases.backup import automatic_backup

    automatic_backup(engine, "pre-import")
    info = get_system("necromunda")
    with UnitOfWork(engine, "roster.import") as uow:
        s = uow.session
        if campaign is not None:
            c = get_campaign(s, campaign)
            if c.system != "necromunda":
                raise InputError(f"{c.name} is a {get_system(c.system).name} campaign: Yaktribe gangs "
                                 "go into a Necromunda campaign")
        else:
            cname = _yak_name(gang.get("campaign"), "gang.campaign", "campaign name", rep,
                              "Yaktribe import")
            existing = s.exec(_select_campaign(cname)).first()
            if existing is not None:
                if existing.system != "necromunda":
                    raise InputError(f"campaign {cname!r} exists and is not Necromunda: give --campaign")
                c = existing
                rep.add("gang.campaign", f"added to the existing campaign {cname!r}")
            else:
                c = Campaign(name=cname, system="necromunda", edition=info.default_edition,
                             expansions=[], notes="imported from Yaktribe")
                s.add(c)
                s.flush()
                uow.action = "campaign.create"
                if uow.journal is not None:
                    uow.journal.action = "campaign.create"
        assert c.id is not None
        uow.campaign_id = c.id
        fault_point("yaktribe.after-campaign")

        rname = _yak_name(gang.get("gang_name"), "gang.gang_name", "gang name", rep,
                          f"Yaktribe gang {_yak_text(gang.get('gang_id'), 'gang.gang_id', 'gang id', rep, 40)}".strip())
        taken = set(s.exec(_select_roster_names(c.id)).all())
        if rname in taken:
            base, n = rname[: MAX_NAME - 6], 2
            while f"{base} ({n})" in taken:
                n += 1
            rep.add("gang.gang_name", f"{c.name} already has a roster {rname!r}; named it {base} ({n})")
            rname = f"{base} ({n})"
        notes = [_yak_text(gang.get("gang_notes"), "gang.gang_notes", "gang notes", rep, MAX_TEXT // 2)]
        extra_lines = []
        for key, label in (("alignment", "Alignment"), ("allegiance", "Allegiance"),
                           ("gang_rating", "Gang rating"), ("wealth", "Wealth"), ("meat", "Meat"),
                           ("url", "Yaktribe")):
            v = gang.get(key)
            if v not in (None, "", [], 0, "0"):
                extra_lines.append(f"{label}: {_yak_text(v, f'gang.{key}', label, rep, 500)}")
        for key, label in (("territories", "Territories"), ("campaign_rackets", "Rackets"),
                           ("stash", "Stash")):
            v = gang.get(key)
            if isinstance(v, list) and v:
                names = [_yak_item_name(x) for x in v[:200]]
                extra_lines.append(f"{label}: {', '.join(n for n in names if n)}")
                rep.add(f"gang.{key}", f"{label.lower()} have no place in a roster; kept in the roster notes")
        if isinstance(gang.get("campaign_territories"), list) and gang["campaign_territories"]:
            rep.add("gang.campaign_territories", "the campaign's territory list is not part of a gang; left out")
        if extra_lines:
            notes.append("\n".join(extra_lines))
        roster = Roster(
            campaign_id=c.id, name=rname, kind="gang",
            faction=_yak_text(gang.get("gang_type"), "gang.gang_type", "gang type", rep, 200),
            credits=_yak_int(gang.get("credits"), "gang.credits", "credits", rep, lo=CREDITS_RANGE[0],
                             hi=CREDITS_RANGE[1]),
            reputation=_yak_int(gang.get("reputation"), "gang.reputation", "reputation", rep,
                                lo=REPUTATION_RANGE[0], hi=REPUTATION_RANGE[1]),
            notes="\n\n".join(n for n in notes if n)[:MAX_TEXT],
        )
        s.add(roster)
        s.flush()
        assert roster.id is not None
        uow.summary = f"import Yaktribe gang {rname}"
        fault_point("yaktribe.after-roster")

        tables = tables_for(c)
        injury_table = tables.get(f"{c.edition}-lasting-injury")
        by_label = {}
        if injury_table is not None:
            for row in injury_table.rows:
                by_label[row.label.lower()] = row
        count = 0
        for gi, g in enumerate(raw_gangers[:1000]):
            where = f"gangers[{gi}]"
            if not isinstance(g, dict):
                rep.add(where, f"is {_kind(g)}, not a fighter; skipped")
                continue
            fname = _yak_name(g.get("name"), where, "name", rep, f"Fighter {gi + 1}")
            who = f"{where} {fname}"
            ytype = _yak_text(g.get("type"), who, "type", rep, 100).strip()
            ftype = yak_fighter_type(ytype) if ytype else None
            if ftype is None:
                rep.add(who, f"fighter type {ytype!r} is not known; mapped to 'ganger'")
                ftype = "ganger"
            stats: dict[str, int] = {}
            rules = _stat_rules(info, c.edition, "vehicle" if ftype == "vehicle" else "")
            for ykey, key in YAK_STATS:
                v = g.get(ykey)
                if v is None or v == "" or v == "-":
                    continue
                rule = next((r for r in rules if r.key == key), None)
                if rule is None:
                    rep.add(who, f"{key} is not a characteristic of this fighter; left out")
                    continue
                try:
                    stats[rule.key] = rule.parse(v if isinstance(v, (int, str)) and not isinstance(v, bool)
                                                 else _short(v))
                except InputError as e:
                    rep.add(who, f"{e}; left out")
            status_raw = _yak_text(g.get("status"), who, "status", rep, 40).strip()
            status = YAK_STATUS.get(status_raw.lower(), None) if status_raw else "active"
            if status is None:
                rep.add(who, f"status {status_raw!r} is not known; set to active")
                status = "active"
            note_lines = [_yak_text(g.get("notes"), who, "notes", rep, MAX_TEXT // 2)]
            kills = _yak_int(g.get("kills"), who, "kills", rep)
            advances = _yak_int(g.get("advance_count"), who, "advance count", rep)
            if kills or advances:
                note_lines.append(f"Yaktribe: {kills} kills, {advances} advances")
            f = Fighter(
                roster_id=roster.id, name=fname, fighter_type=ftype, role=ytype[:100],
                kind="vehicle" if ftype == "vehicle" else "human", rep=None, stats=stats,
                xp=_yak_int(g.get("xp"), who, "xp", rep, lo=XP_RANGE[0], hi=XP_RANGE[1]),
                credits_value=_yak_int(g.get("cost"), who, "cost", rep, lo=CREDITS_RANGE[0],
                                       hi=CREDITS_RANGE[1]), status=status,
                notes="\n".join(n for n in note_lines if n),
            )
            conditions: list[str] = []
            s.add(f)
            s.flush()
            assert f.id is not None
            fid: int = f.id
            count += 1
            eq = g.get("equipment", [])
            if not isinstance(eq, list):
                rep.add(who, f"equipment is {_kind(eq)}, not a list; left out")
                eq = []
            for ei, item in enumerate(eq[:200]):
                ew = f"{who} equipment[{ei}]"
                if isinstance(item, str):
                    item = {"name": item, "qty": 1}
                if not isinstance(item, dict):
                    rep.add(ew, f"is {_kind(item)}, not an item; left out")
                    continue
                iname = _yak_name(item.get("name"), ew, "item name", rep, "")
                if not iname:
                    rep.add(ew, "has no name; left out")
                    continue
                gear = make_equipment(c, iname)
                known = gear.range != "" or gear.targets is not None or gear.impact is not None
                if not known:
                    low = iname.lower()
                    gear.category = ("armour" if "armo" in low else
                                     "weapon" if any(w in low for w in _WEAPON_WORDS) else "wargear")
                gear.qty = _yak_int(item.get("qty"), ew, "qty", rep, default=1, lo=1, hi=1000)
                gear.fighter_id = fid
                s.add(gear)
            skills = g.get("skills", [])
            if not isinstance(skills, list):
                rep.add(who, f"skills is {_kind(skills)}, not a list; left out")
                skills = []
            for si, sk in enumerate(skills[:200]):
                sw = f"{who} skills[{si}]"
                if isinstance(sk, dict):
                    sk = sk.get("name")
                sname = _yak_name(sk, sw, "skill", rep, "")
                if not sname:
                    rep.add(sw, f"skill {_short(sk)} has no name; left out")
                    continue
                s.add(Skill(fighter_id=fid, name=sname, source="yaktribe"))
            injuries = g.get("injuries", [])
            if not isinstance(injuries, list):
                rep.add(who, f"injuries is {_kind(injuries)}, not a list; left out")
                injuries = []
            for ii, inj in enumerate(injuries[:200]):
                iw = f"{who} injuries[{ii}]"
                if isinstance(inj, dict):
                    inj = inj.get("name")
                iname = _yak_name(inj, iw, "injury", rep, "")
                if not iname:
                    rep.add(iw, f"injury {_short(inj)} has no name; left out")
                    continue
                inj_row = by_label.get(YAK_INJURY_ALIASES.get(iname.lower(), iname.lower()))
                if inj_row is not None and injury_table is not None:
                    s.add(LastingInjury(
                        fighter_id=fid, table_id=injury_table.id, roll=inj_row.low, faces="",
                        result=inj_row.result, label=inj_row.label, effects_applied=[],
                        effects_skipped=["imported from Yaktribe: effects are already in the stat line"],
                    ))
                else:
                    conditions.append(iname)
                    rep.add(iw, f"injury {iname!r} is not on the {injury_table.title if injury_table else 'Lasting Injury'}"
                                " table; kept as a condition")
            if conditions:
                f.conditions = list(conditions)
                s.add(f)
            fault_point("yaktribe.after-fighter")
        if len(raw_gangers) > 1000:
            rep.add("gang.gangers", f"{len(raw_gangers)} fighters; only the first 1000 were imported")
        for key in sorted(set(gang) - _YAK_GANG_KNOWN):
            rep.add(f"gang.{key}", "not a field this import knows; left out")
        s.flush()
        out = {
            "campaign": campaign_dict(c),
            "roster": roster_dict(roster),
            "fighters": count,
            "report": list(rep.items),
        }
    return out


_YAK_GANG_KNOWN = frozenset({
    "gang_id", "gang_name", "gang_type", "gang_rating", "campaign", "url", "credits", "meat",
    "reputation", "wealth", "alignment", "allegiance", "territories", "campaign_territories",
    "campaign_rackets", "stash", "gang_image", "gang_notes", "gangers",
})


def _yak_item_name(x: Any) -> str:
    if isinstance(x, str):
        return x[:200]
    if isinstance(x, dict):
        n = x.get("name")
        return str(n)[:200] if isinstance(n, (str, int)) else ""
    return ""


def _select_campaign(name: str) -> Any:
    from sqlmodel import select as sm_select

    return sm_select(Campaign).where(Campaign.name == name)


def _select_roster_names(cid: Any) -> Any:
    from sqlmodel import select as sm_select

    return sm_select(Roster.name).where(Roster.campaign_id == cid)


__all__ = [
    "BACKUP_FORMAT", "FORMAT", "SCHEMA_VERSION", "ImportRefused", "check_limits", "export_all",
    "export_json", "export_json_file", "import_json", "import_yaktribe", "load_backup_document",
    "check_backup", "read_json_file", "replace_all", "validate_document", "write_json",
]
