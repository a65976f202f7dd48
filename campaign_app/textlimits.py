"""The limits of stored text, one set for every way in (a use-case's argument, a house
rule, a rules file, the JSON import, a restore): what one accepts the others accept,
so whatever is saved exports to JSON and imports back. Pure: no database, no GUI."""

from __future__ import annotations

import math
import unicodedata
from typing import Any

MAX_NAME = 200  # a name (campaign, roster, fighter, unit, skill, weapon...)
MAX_TEXT = 20000  # notes and any other text without a column length of its own
MAX_NESTING = 8  # lists and tables within a free-form value of a house rule (entries, effects)
INT_BITS = 63  # a whole number in a JSON document fits 64 bits


# Invisible format characters a name must not hold (Unicode category Cf, and the line and
# paragraph separators): the bidi controls (U+202A..U+202E, U+2066..U+2069, U+200E, U+200F,
# U+061C) make "evil" show as "live" in the window and the PDFs; the zero-width ones
# (U+200B, U+2060.., U+FEFF, U+00AD) make two names look the same; tags (U+E0000..) hide
# text. Kept, because scripts need them: U+200C ZERO WIDTH NON-JOINER and U+200D ZERO WIDTH
# JOINER (Persian, the Indic scripts, emoji sequences: they join or part letters and change
# no order), the visible prepended marks (Arabic number signs U+0600..U+0605, U+06DD,
# U+070F, U+0890, U+0891, U+08E2, Kaithi U+110BD, U+110CD) and the format controls of
# Egyptian hieroglyphs (U+13430..) and Duployan shorthand (U+1BCA0..). Right-to-left
# letters themselves (Arabic, Hebrew) are letters, not controls: names in them are fine.
INVISIBLE_RANGES: tuple[tuple[int, int], ...] = (
    (0x00AD, 0x00AD), (0x061C, 0x061C), (0x180E, 0x180E), (0x200B, 0x200B), (0x200E, 0x200F),
    (0x2028, 0x202E), (0x2060, 0x2064), (0x2066, 0x206F), (0xFEFF, 0xFEFF), (0xFFF9, 0xFFFB),
    (0x1D173, 0x1D17A), (0xE0001, 0xE0001), (0xE0020, 0xE007F),
)
INVISIBLE_CLASS = "".join(
    (f"\\u{a:04x}" if a <= 0xFFFF else f"\\U{a:08x}") + ("" if a == b else "-" + (
        f"\\u{b:04x}" if b <= 0xFFFF else f"\\U{b:08x}")) for a, b in INVISIBLE_RANGES)
"""The same characters as a regular-expression class body (``\\uXXXX`` escapes, which both
Python's ``re`` and pydantic-core's regex read): for the import's name pattern."""


def invisible_char(text: str) -> str | None:
    """The first invisible format character of ``text`` that a name must not hold, if any."""
    if text.isascii():
        return None
    for ch in text:
        n = ord(ch)
        if n >= 0xAD and any(a <= n <= b for a, b in INVISIBLE_RANGES):
            return ch
    return None


def char_label(ch: str) -> str:
    """``U+202E (RIGHT-TO-LEFT OVERRIDE)``: a character named without showing it."""
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X}" + (f" ({name})" if name else "")


def visible(text: str, n: int = 60) -> str:
    """``text`` with every invisible character written ``<U+202E>`` (a message shows the
    name as typed without it turning the line around), cut to ``n`` characters."""
    shown = "".join(f"<U+{ord(ch):04X}>" if invisible_char(ch) or ord(ch) < 32 else ch for ch in text[:n])
    return shown + ("..." if len(text) > n else "")


def name_problem(text: str) -> str | None:
    """What keeps ``text`` from being a name besides length and NUL (None: nothing): an
    invisible format character."""
    ch = invisible_char(text)
    if ch is None:
        return None
    return f"contains an invisible control character {char_label(ch)}"


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
