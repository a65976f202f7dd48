"""The roll record's hash chain (pure: hashlib and json, no database).

Each roll record of a campaign carries ``hash`` = SHA-256 (hex) of the canonical JSON
of its content plus the previous record's hash (``prev``; ``""`` for the campaign's
first record). The content is :data:`HASHED` (the roll as it was made: when, for whom,
what for, the dice, the faces, the value and the table row it hit, and the step it
belonged to); database ids (which an import renumbers) are not hashed. Canonical JSON:
keys sorted, no spaces, UTF-8 (not escaped), ``created_at`` as naive UTC
``YYYY-MM-DDTHH:MM:SS.ffffff``.

The mark (issue #35 item 4). A record of version ``v`` 1 (written since migration
0019_rollmark) also hashes ``v`` and the mark it was written with (``first_mark``:
``preview``, ``applied``, ``note``, ``mark``); a record of version 0 (written before)
hashes exactly what it always did, so older chains and files still verify. The mark
column itself changes later (undo, redo, a cancelled wizard), so every change of it is
appended to the chain as a *mark record* (``dice`` = :data:`MARK_DICE`; ``label`` = the
hash of the roll it names, ``row`` = the mark before, ``result`` = the mark now), written
in the same transaction as the change (:func:`db.queries.rolls.set_marks`). ``log
verify`` replays them (:class:`MarkReplay`): a roll's mark must be its hashed first mark
as changed by the newest mark record naming it. A version 0 roll that no mark record
names proves no mark (it was written before marks were hashed); the marks of the records
before an accepted broken import's note are as imported (the import chained them afresh).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from operator import attrgetter, itemgetter, methodcaller
from typing import Any

HASHED = ("created_at", "subject", "purpose", "rule", "dice", "faces", "source", "target", "value",
          "table_id", "row", "result", "label", "step", "face_pos",
          "v", "first_mark")  # = _TEXTS, _NUMBERS, created_at and (version 1) v and the first mark
# note: a chained note record; mark: a chained mark record (a roll's mark changed)
MARKS = ("preview", "abandoned", "applied", "undone", "note", "mark")
NOTE_DICE = "note"  # a chained note record (an accepted broken chain), not a roll
MARK_DICE = "mark"  # a chained mark record: the roll whose hash is its label is now marked its result
VERSION = 1  # what records written now hash (0: written before marks were hashed)


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
_str = json.encoder.encode_basestring  # what json.dumps(..., ensure_ascii=False) writes for a string


def _t(v: Any) -> str:
    return '""' if v is None else _str(str(v))


def _n(v: Any) -> str:
    return "null" if v is None else str(int(v))


def canonical(prev: str, row: Mapping[str, Any]) -> bytes:
    """The bytes hashed: ``json.dumps(doc, sort_keys=True, separators=(",", ":"),
    ensure_ascii=False)`` of the texts (None as ""), the numbers (None as null),
    ``created_at``, ``prev`` and (version 1) ``v`` and ``mark``, written out in the sorted
    key order by hand: a chain of millions is hashed roll by roll, and json's encoder took
    two thirds of the time (tests/campaign_app/test_rollchain_known_answer.py compares
    it with json's on every kind of value)."""
    get = row.get
    v = get("v")
    version = f',"v":{int(v)}' if v else ""  # version 0 hashes what it always did
    mark = f'"mark":{_t(get("first_mark"))},' if v else ""
    return (f'{{"created_at":{_str(when_text(get("created_at")))},"dice":{_t(get("dice"))},'
            f'"face_pos":{_n(get("face_pos"))},"faces":{_t(get("faces"))},"label":{_t(get("label"))},{mark}'
            f'"prev":{_str(prev)},"purpose":{_t(get("purpose"))},"result":{_t(get("result"))},'
            f'"row":{_t(get("row"))},"rule":{_t(get("rule"))},"source":{_t(get("source"))},'
            f'"step":{_t(get("step"))},"subject":{_t(get("subject"))},"table_id":{_t(get("table_id"))},'
            f'"target":{_n(get("target"))}{version},"value":{_n(get("value"))}}}').encode()


def link(prev: str, row: Mapping[str, Any]) -> str:
    """The hash of ``row`` chained after ``prev``."""
    return hashlib.sha256(canonical(prev, row)).hexdigest()


def _texts(col: Sequence[Any]) -> list[str]:
    """:func:`_t` of each value (texts at C speed)."""
    return list(map(_str, col)) if set(map(type, col)) <= {str} else list(map(_t, col))


def _numbers(col: Sequence[Any]) -> list[str]:
    """:func:`_n` of each value (whole numbers at C speed)."""
    return list(map(str, col)) if set(map(type, col)) <= {int} else list(map(_n, col))


_ISO = methodcaller("isoformat", "T", "microseconds")
_NAIVE = itemgetter(slice(0, 26))  # YYYY-MM-DDTHH:MM:SS.ffffff: what isoformat gives before an offset


def _whens(col: Sequence[Any]) -> list[str]:
    """``created_at`` of each as hashed (:func:`when_text`, written as JSON); UTC and naive
    datetimes, the usual, at C speed."""
    if set(map(type, col)) == {datetime} and set(map(attrgetter("tzinfo"), col)) <= {UTC, None}:
        return list(map('"{}"'.format, map(_NAIVE, map(_ISO, col))))
    return list(map(_str, map(when_text, col)))


_VERSION = {0: "", 1: ',"v":1'}
# canonical() cut at ``prev``'s hash: the texts before it and after it, filled a column at a time
_BEFORE = '{{"created_at":{},"dice":{},"face_pos":{},"faces":{},"label":{},{}"prev":"'
_AFTER = ('","purpose":{},"result":{},"row":{},"rule":{},"source":{},"step":{},"subject":{},"table_id":{},'
          '"target":{}{},"value":{}}}')


def chain_columns(prev: str, cols: Mapping[str, Sequence[Any]]) -> tuple[list[str], list[str]]:
    """Rows given column by column (``cols[name][i]`` for each name of :data:`HASHED`)
    chained after ``prev``: each row's ``prev_hash`` and ``hash``, the same as
    :func:`link` row by row (a streamed import chains millions). The canonical JSON's
    pieces before and after ``prev`` are built a column at a time at C speed; only the
    hashing is left to the loop."""
    n = len(cols["created_at"])
    prevs: list[str] = []
    hashes: list[str] = []
    if _str(prev) != f'"{prev}"':  # a head that JSON would escape (never a hash): row by row
        rows = [dict(zip(HASHED, values, strict=True)) for values in zip(*(cols[k] for k in HASHED), strict=True)]
        for row in rows:
            prevs.append(prev)
            prev = link(prev, row)
            hashes.append(prev)
        return prevs, hashes
    t = {k: _texts(cols[k]) for k in _TEXTS}
    num = {k: _numbers(cols[k]) for k in _NUMBERS}
    vs = cols["v"]
    version = [_VERSION[v] if type(v) is int and v in _VERSION else (f',"v":{int(v)}' if v else "") for v in vs]
    marks = [f'"mark":{m},' if v else "" for v, m in zip(vs, _texts(cols["first_mark"]), strict=True)]
    when = _whens(cols["created_at"])
    before = list(map(str.encode, map(_BEFORE.format, when, t["dice"], num["face_pos"], t["faces"], t["label"],
                                      marks)))
    after = list(map(str.encode, map(_AFTER.format, t["purpose"], t["result"], t["row"], t["rule"], t["source"],
                                     t["step"], t["subject"], t["table_id"], num["target"], version,
                                     num["value"])))
    assert len(before) == len(after) == n
    sha = hashlib.sha256
    add_prev, add_hash = prevs.append, hashes.append
    for b, a in zip(before, after):  # noqa: B905 (the same length, asserted above)
        add_prev(prev)
        prev = sha(b + prev.encode() + a).hexdigest()
        add_hash(prev)
    return prevs, hashes


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


# --------------------------------------------------------------------------- marks
def mark_row(target: Mapping[str, Any], new: str, now: Any) -> dict[str, Any]:
    """The content of the mark record saying the roll ``target`` (its ``hash``, ``mark``
    and ``subject``) is now marked ``new`` (not yet chained)."""
    return {"subject": str(target.get("subject") or "")[:200], "created_at": now,
            "purpose": f"mark: {target.get('mark')} -> {new}", "rule": "", "dice": MARK_DICE, "faces": "",
            "source": MARK_DICE, "target": None, "value": 0, "table_id": "", "row": str(target.get("mark") or ""),
            "result": new, "label": str(target.get("hash") or ""), "mark": MARK_DICE, "step": "",
            "face_pos": None, "v": VERSION, "first_mark": MARK_DICE}


@dataclass(frozen=True)
class MarkMismatch:
    """A roll whose mark in the table is not the one its chain says."""

    ref: Any  # the roll's id
    position: int | None  # its place in the chain (1-based), when known
    table: str
    chain: str

    def text(self) -> str:
        if not self.table:  # a mark record naming a roll the table does not have
            return f"a mark record names the roll {self.ref}: no such roll in the table (the chain says {self.chain})"
        where = f" (#{self.position} of the chain)" if self.position else ""
        return f"roll record {self.ref}{where}: marked {self.table} in the table, the chain says {self.chain}"


class MarkReplay:
    """The marks a chain says, replayed record by record (oldest first) with
    :meth:`feed`; :meth:`mismatches` compares them with the marks in the table. Memory
    grows with the mark changes, not with the rolls: only the rolls whose mark is not
    their first one, and the rolls mark records name, are kept."""

    def __init__(self) -> None:
        self.said: dict[str, str] = {}  # a roll's hash -> the mark its newest mark record gives
        self.odd: dict[str, tuple[Any, int, str, str]] = {}  # hash -> (id, position, table mark, first mark)

    def feed(self, position: int, row: Mapping[str, Any]) -> None:
        dice, mark, v = row.get("dice"), str(row.get("mark") or ""), row.get("v")
        first = str(row.get("first_mark") or "")
        if dice == NOTE_DICE and first == NOTE_DICE and v:  # an accepted broken import: marks before it as imported
            self.said.clear()
            self.odd.clear()
        elif dice == MARK_DICE and first == MARK_DICE and v:
            self.said[str(row.get("label") or "")] = str(row.get("result") or "")
        if v and mark != first:
            self.odd[str(row.get("hash"))] = (row.get("id"), position, mark, first)

    def mismatches(self, lookup: Callable[[list[str]], Iterable[Mapping[str, Any]]]) -> list[MarkMismatch]:
        """Every roll whose mark differs from the chain's, oldest first. ``lookup(hashes)``
        gives the rows (``id``, ``hash``, ``mark``) of named rolls not kept (their mark
        was their first one when walked, or a version 0 roll)."""
        out: list[MarkMismatch] = []
        for h, (ref, pos, table, first) in self.odd.items():
            want = self.said.get(h, first)
            if table != want:
                out.append(MarkMismatch(ref, pos, table, want))
        rest = [h for h in self.said if h not in self.odd]
        found: set[str] = set()
        for r in lookup(rest):
            h = str(r.get("hash"))
            found.add(h)
            want = self.said[h]
            if str(r.get("mark")) != want:
                out.append(MarkMismatch(r.get("id"), None, str(r.get("mark")), want))
        for h in rest:
            if h not in found:
                out.append(MarkMismatch(f"with hash {h[:16]}", None, "", self.said[h]))
        out.sort(key=lambda m: (not isinstance(m.ref, int), m.ref if isinstance(m.ref, int) else 0))
        return out
