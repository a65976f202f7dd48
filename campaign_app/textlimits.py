"""The limits of stored text, one set for every way in (a use-case's argument, a house
rule, a rules file, the JSON import, a restore): what one accepts the others accept,
so whatever is saved exports to JSON and imports back. Pure: no database, no GUI."""

from __future__ import annotations

import math
from typing import Any

MAX_NAME = 200  # a name (campaign, roster, fighter, unit, skill, weapon...)
MAX_TEXT = 20000  # notes and any other text without a column length of its own
MAX_NESTING = 8  # lists and tables within a free-form value of a house rule (entries, effects)
INT_BITS = 63  # a whole number in a JSON document fits 64 bits


def text_problem(text: str, limit: int = MAX_TEXT) -> str | None:
    """What keeps ``text`` from being stored and exported (None: nothing): too long, a NUL
    (PostgreSQL and the JSON import refuse it), or not valid Unicode (a lone surrogate)."""
    if len(text) > limit:
        return f"is {len(text):,} characters long (at most {limit:,})"
    if "\x00" in text:
        return "contains a NUL character"
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            return "holds an unpaired surrogate (not valid Unicode)"
    return None


def value_problem(value: Any, depth: int = 0) -> str | None:
    """What keeps a free-form value (parsed JSON or TOML) from being stored and exported:
    text as :func:`text_problem` says, keys that are not text, numbers beyond 64 bits or not
    finite, nesting deeper than MAX_NESTING, or values JSON has no form for."""
    if isinstance(value, str):
        return text_problem(value)
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, int):
        return None if -(2**INT_BITS) < value < 2**INT_BITS else f"number {value} is too large"
    if isinstance(value, float):
        return None if math.isfinite(value) else f"number {value} is not finite"
    if isinstance(value, (list, tuple, dict)):
        if depth >= MAX_NESTING:
            return f"nests deeper than {MAX_NESTING} levels"
        if isinstance(value, dict):
            for k, v in value.items():
                if not isinstance(k, str):
                    return f"key {k!r} is not text"
                problem = text_problem(k, MAX_NAME) or value_problem(v, depth + 1)
                if problem:
                    return f"{k[:40]!r}: {problem}" if not text_problem(k, MAX_NAME) else f"a key {problem}"
            return None
        for v in value:
            problem = value_problem(v, depth + 1)
            if problem:
                return problem
        return None
    return f"{type(value).__name__} is not a value a file can hold"


def deeper_than(value: Any, limit: int) -> bool:
    """Whether lists and tables nest more than ``limit`` levels deep in ``value`` (walked
    without recursion, so a document nested 60,000 deep is measured, not a RecursionError)."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        v, depth = stack.pop()
        if isinstance(v, dict):
            v = list(v.values())
        elif not isinstance(v, (list, tuple)):
            continue
        if depth >= limit:
            return True
        stack.extend((x, depth + 1) for x in v if isinstance(x, (list, tuple, dict)))
    return False
