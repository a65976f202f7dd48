"""Reading JSON files within limits: a size cap before parsing, then nesting, text
length, item and value counts, so a hostile file cannot exhaust memory; and the one-line
problem paths (``rosters[2].fighters[5].rep``) every check reports."""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from itertools import chain
from pathlib import Path
from typing import Any

from campaign_app.errors import InputError
from campaign_app.usecases.common import (
    INT_MAX,
    MAX_TEXT,
)

MAX_FILE_BYTES = 50 * 1024 * 1024
MAX_DEPTH = 20
MAX_STRING = MAX_TEXT  # 20,000 characters
MAX_ITEMS = 250_000  # items in one list or keys in one object
MAX_VALUES = 6_000_000  # values in the whole document
MAX_PROBLEMS = 200  # problems collected before giving up
INT_LIMIT = INT_MAX  # what an INTEGER column holds on every backend


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


def check_limits(doc: Any, source: str = "document", at: tuple[Any, ...] = ()) -> None:
    """Refuse documents too deep, too long or holding values JSON cannot carry. ``at``:
    where ``doc`` sits in its document (a streamed import checks one record at a time;
    paths and depth count from the document's top)."""
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
        if v and depth + 1 < MAX_DEPTH and _flat_records(v, good_keys):
            count += sum(map(len, v))  # a list of flat records, checked at once (rolls, results)
            if count > MAX_VALUES:
                problems.append(f"{source} holds more than {MAX_VALUES:,} values")
                raise _TooBig
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
            walk(doc, len(at), at)
        else:
            scalar(doc, at[:-1], at[-1] if at else None)
    except _TooBig:
        pass
    except RecursionError:  # pragma: no cover - depth is bounded above
        problems.append(f"nesting is deeper than {MAX_DEPTH} levels")
    if problems:
        raise ImportRefused(source, problems)


def _flat_records(v: list[Any], good_keys: set[str]) -> bool:
    """Whether ``v`` is a list of objects holding only known-good keys and plain values
    (short ASCII text without NUL, 64-bit integers, true/false, null): then nothing in it
    can break a limit but the value count. False sends it through the item-by-item walk.
    A long list is looked at a key's values at a time, at C speed (a chunk of rolls)."""
    if set(map(type, v)) != {dict} or max(map(len, v)) > MAX_ITEMS:
        return False
    keys = set().union(*v)
    for k in keys - good_keys:
        if type(k) is not str or len(k) > 200 or not k.isascii() or "\x00" in k:
            return False
        good_keys.add(k)
    if len(v) < _BY_COLUMN or len(set(map(len, v))) != 1:
        return _plain_values(chain.from_iterable(map(dict.values, v)))
    # as many values in each record: the k-th of each together (a key's values when the
    # records list their keys in the same order; any grouping gives the same answer)
    return all(map(_plain_column, zip(*map(dict.values, v))))  # noqa: B905 (all the same length)


def flat_columns(columns: Mapping[Any, Sequence[Any]], n: int) -> bool:
    """Whether ``n`` records given column by column (key -> each record's value; every
    record has exactly these keys) pass :func:`check_limits` as a list of flat records at
    once: a key short ASCII text, every value plain, the counts within the limits. False
    says nothing: check the records themselves."""
    if n > MAX_ITEMS or len(columns) > MAX_ITEMS or n * (len(columns) + 1) > MAX_VALUES:
        return False
    for k in columns:
        if type(k) is not str or len(k) > 200 or not k.isascii() or "\x00" in k:
            return False
    return all(map(_plain_column, columns.values()))


_BY_COLUMN = 32
"""Records from which :func:`_flat_records` looks at their values a key at a time."""
_TEXT_OR_NULL = frozenset((str, type(None)))
_NUMBER_OR_NULL = frozenset((int, bool, type(None)))


def _plain_column(col: Sequence[Any]) -> bool:
    """:func:`_plain_values` of one column of values: texts or numbers (each or null) at
    C speed, anything else value by value."""
    kinds = set(map(type, col))
    if kinds <= _TEXT_OR_NULL:
        texts = col if type(None) not in kinds else list(filter(None, col))
        if not texts:
            return True
        joined = "".join(texts)
        return max(map(len, texts)) <= MAX_STRING and "\x00" not in joined and joined.isascii()
    if kinds <= _NUMBER_OR_NULL:
        numbers = list(filter(None, col))  # null, 0 and false are plain
        return not numbers or (min(numbers) > -(2**63) and max(numbers) < 2**63)
    return _plain_values(col)


def _plain_values(values: Iterable[Any]) -> bool:
    """Whether every value is plain (short ASCII text without NUL, a 64-bit integer,
    true/false or null)."""
    for x in values:
        t = type(x)
        if t is str:
            if len(x) > MAX_STRING or "\x00" in x or not x.isascii():
                return False
        elif t is int:
            if not -(2**63) < x < 2**63:
                return False
        elif x is not None and t is not bool:
            return False
    return True


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
