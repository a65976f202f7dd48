"""The roll record's hash chain (pure: hashlib and json, no database).

Each roll record of a campaign carries ``hash`` = SHA-256 (hex) of the canonical JSON
of its content plus the previous record's hash (``prev``; ``""`` for the campaign's
first record). The content is :data:`HASHED` (the roll as it was made: when, for whom,
what for, the dice, the faces, the value and the table row it hit, and the step it
belonged to); database ids (which an import renumbers) and the mark (``preview``,
``abandoned``, ``applied``, ``undone``, which undo, redo and a cancelled wizard change
later) are not hashed. Canonical JSON: keys sorted, no spaces, UTF-8 (not escaped),
``created_at`` as naive UTC ``YYYY-MM-DDTHH:MM:SS.ffffff``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

HASHED = ("created_at", "subject", "purpose", "rule", "dice", "faces", "source", "target", "value",
          "table_id", "row", "result", "label", "step", "face_pos")  # = _TEXTS, _NUMBERS and created_at
MARKS = ("preview", "abandoned", "applied", "undone", "note")  # note: a chained note record
NOTE_DICE = "note"  # a chained note record (an accepted broken chain), not a roll


def when_text(v: Any) -> str:
    """``created_at`` as hashed: naive UTC, microseconds (a string is read as ISO)."""
    if v is None:
        return ""
    if isinstance(v, str):
        v = datetime.fromisoformat(v)
    if v.tzinfo is not None:
        v = v.astimezone(UTC).replace(tzinfo=None)
    return str(v.isoformat(timespec="microseconds"))


_TEXTS = ("subject", "purpose", "rule", "dice", "faces", "source", "table_id", "row", "result", "label", "step")
_NUMBERS = ("target", "value", "face_pos")
_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)
"""What ``json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False)``
builds for every call, built once (a chain of millions is hashed roll by roll)."""


def canonical(prev: str, row: Mapping[str, Any]) -> bytes:
    get = row.get
    doc: dict[str, Any] = {k: "" if (v := get(k)) is None else str(v) for k in _TEXTS}
    for k in _NUMBERS:
        v = get(k)
        doc[k] = None if v is None else int(v)
    doc["created_at"] = when_text(get("created_at"))
    doc["prev"] = prev
    return _ENCODER.encode(doc).encode("utf-8")


def link(prev: str, row: Mapping[str, Any]) -> str:
    """The hash of ``row`` chained after ``prev``."""
    return hashlib.sha256(canonical(prev, row)).hexdigest()


def chain(prev: str, rows: Iterable[dict[str, Any]]) -> str:
    """Set ``prev_hash`` and ``hash`` of each row in order after ``prev``; the new head."""
    for row in rows:
        row["prev_hash"] = prev
        prev = row["hash"] = link(prev, row)
    return prev


@dataclass(frozen=True)
class Break:
    """The first record that no longer matches: its position (1-based), its id (or
    reference) and why (``content`` changed, ``order``: a record before it was removed,
    moved or put in between, or ``inserted``: this record was put in between, the next
    one follows the record before it)."""

    position: int
    ref: Any
    why: str

    def text(self, what: str = "roll record") -> str:
        if self.why == "inserted":
            return (f"{what} {self.ref} (#{self.position} of the chain): it was put in between (the record after "
                    f"it follows the one before it): not written by the app")
        if self.why == "content":
            return f"{what} {self.ref} (#{self.position} of the chain): its content no longer matches its hash"
        return (f"{what} {self.ref} (#{self.position} of the chain): it no longer follows the record before "
                f"it (a record was removed, moved or put in between)")


def first_break(rows: Iterable[Mapping[str, Any]], ref: str = "id") -> tuple[int, Break | None]:
    """Walk ``rows`` (oldest first, each with ``prev_hash``, ``hash`` and the content);
    the number of records and the first break, if any."""
    prev = before = ""
    last_ref: Any = None
    n = 0
    for n, row in enumerate(rows, start=1):
        if (row.get("prev_hash") or "") != prev:
            if n > 1 and (row.get("prev_hash") or "") == before:  # the record before it is an extra one
                return n, Break(n - 1, last_ref, "inserted")
            return n, Break(n, row.get(ref), "order")
        if link(prev, row) != row.get("hash"):
            return n, Break(n, row.get(ref), "content")
        before, prev, last_ref = prev, str(row["hash"]), row.get(ref)
    return n, None
