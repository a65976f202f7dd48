"""Streamed JSON import of one campaign (issue #19): a file larger than the whole-document
limit (``MAX_FILE_BYTES``; a national league's export is gigabytes) is read with ijson
(its C backend when installed), section by section, checked and written in chunks inside
ONE transaction: any problem anywhere, even in the last roll, rolls everything back.

What it keeps of the whole-document import (:mod:`.importing`): the same checks (the
models record by record or a chunk of rolls column by column, the limits of
:func:`.limits.check_limits` per record, references between sections, names and numbers
unique, the systems' checks, the hash chain and ``accept_broken_chain``), the same rows
(each table is filled in document order, so the ids come out the same), the same journals
and the same result. Memory stays bounded: only the reference maps (a dict per kind but
rolls, whose exporter refs ``d1, d2...`` take one byte each) and what waits for a later
section (lasting injuries for their rolls, ledger lines for their battles) are kept,
beside the record being read: a roster is parsed whole (the scale-100 league's largest,
30,000 fighters, is about 120 MB raw), its fighters checked one at a time, each raw one let
go of once checked, and its rows handed to the database 1,000 at a time
(:func:`db.queries.transfer.insert_columns`).

How the file is read: one pass for the sections before the first big list (``format``,
``schema_version``, ``campaign``, ``walker_types``), then one pass per section
(``rosters``, ``battles``, ``rolls``, ``content_packs``, ``worth``), each taking only its
own items; so the sections may come in any order. The first of them reads the file to its
end (any syntax error anywhere is found there, as before) and notes where each top-level
section begins and ends; each later pass seeks to its own section and parses only it. What the streamed path does not see:
a top-level key other than the document's after the first big list, and a big section
given twice (its items are read together). Problems are collected to the end of the
section where they are found (up to MAX_PROBLEMS), then the import stops.

One enormous text or number is the remaining risk of a streaming parser (it holds a token
whole): every byte is looked at before the parser gets it, and a token longer than
:data:`MAX_TOKEN_BYTES` is refused. So is a file nested deeper than :data:`MAX_NESTING`
(ijson's prefixes make deep nesting cost O(depth^2)), counted on the raw bytes of the
first pass that reads the file to its end."""

from __future__ import annotations

import json
import os
import re
from array import array
from collections.abc import Callable, Collection, Iterator
from operator import itemgetter
from pathlib import Path
from typing import Any, BinaryIO

from pydantic import ConfigDict, TypeAdapter, ValidationError

from campaign_app import rollchain
from campaign_app.errors import InputError
from campaign_app.usecases.datafiles import schema as sch
from campaign_app.usecases.datafiles.limits import (
    MAX_DEPTH,
    MAX_FILE_BYTES,
    MAX_ITEMS,
    MAX_PROBLEMS,
    ImportRefused,
    _path,
    check_limits,
    flat_columns,
)
from campaign_app.usecases.datafiles.validate import (
    _check_columns,
    _check_crews,
    _check_fighter,
    _check_packs,
    _check_unit,
    _Checker,
    _col,
    _default,
    _items,
    _message,
    _old_stat_line,
    _Plan,
    _Rows,
    _rows,
    _spec,
    _Stop,
    _validate,
    check_records,
    check_roster_counters,
    counter_defs,
    held_equipment,
)

CHUNK = 5000
"""Records (fighters, battles, rolls) checked and written at a time."""
MAX_TOKEN_BYTES = 256 * 1024
"""The longest text or number token of a streamed file in bytes: a text of MAX_STRING
(20,000) characters written with escapes takes at most 6 bytes a character."""
MAX_ROLLS = 100_000_000
"""Rolls of one streamed file at most (a list of more is refused)."""
MAX_HEAD_BYTES = MAX_FILE_BYTES
"""The sections before the big lists (the campaign, walker types) are read whole: at most this."""
_BIG = ("rosters", "battles", "rolls", "content_packs", "records", "worth")
_HEAD = ("format", "schema_version", "campaign", "walker_types")


def _backend() -> Any:
    """ijson with its fastest backend (yajl2_c when built, else the pure Python one)."""
    import ijson

    for name in ("yajl2_c", "yajl2_cffi", "yajl2", "python"):
        try:
            return ijson.get_backend(name)
        except ImportError:
            continue
    return ijson  # pragma: no cover


MAX_NESTING = 64
"""The deepest nesting of brackets (``[`` and ``{`` outside texts) a streamed file may
reach, counted on the raw bytes before the parser gets them: the document's object and a
big section's list are two levels and a record at most :data:`MAX_DEPTH` more, so only a
file nested far too deep reaches it. (ijson builds a prefix, "rosters.item.item...", for
every event of a read at once: a section nested 100,000 deep cost O(depth^2) memory and
time before the record's own depth check saw it.)"""
_NOT_MARKS = bytes(c for c in range(256) if c not in b'"[]{}')  # deleted: all but quotes and brackets
_SQUARE = bytes.maketrans(b"{}", b"[]")  # for the depth, a bracket is a bracket
_TEXTS = re.compile(rb'"[^"]*"')
_TOKENS = re.compile(rb'"[^"]*"?|[\[\]{}]')


class _Guarded:
    """A binary file read through a guard, on the raw bytes before the parser gets them
    (escaped quotes and backslashes masked first, so only a real quote splits texts): no
    token (a text, or a run of anything but text) longer than :data:`MAX_TOKEN_BYTES`, no
    nesting deeper than :data:`MAX_NESTING`.

    The depth is kept at C speed (a file of gigabytes is read once a section): the read's
    quotes and brackets picked out (``translate``), its texts cut out of those (``replace``,
    ``re.sub``), its matched pairs removed innermost first (``replace``, one call a level: a
    handful in a record) leave ``]]..[[``, which give the depth at its end, the lowest it
    came to and a bound of the highest. Only a read that might pass the limit, or comes down
    to the top level (where the section keys are), is walked token by token. With
    ``nesting`` False (a pass of the file before read to its end through this check) the
    depth is not looked at; ``complete`` says this guard looked at every byte to the end.
    The walk also notes where each top-level value that is an object or a list begins and
    ends (``spans``: its key, raw, and the bytes from its bracket to the closing one), so the
    later passes read only their own section's bytes."""

    def __init__(self, fh: BinaryIO, source: str, nesting: bool = True) -> None:
        self.fh, self.source, self.run, self.pos = fh, source, 0, 0
        self.nesting, self.complete = nesting, False
        self.tail = b""  # a trailing backslash of the last read (an escape cut in two)
        self.depth, self.in_text = 0, False  # at the end of the last read
        self.key: bytes | None = None  # the last text at the top level, raw: a section's key
        self.key_open = False  # ... cut by the end of the last read
        self.section: bytes | None = None  # the key of the top-level value being read
        self.opened = 0  # where that value's bracket is
        self.spans: list[tuple[bytes | None, int, int]] = []  # (key, start, end) of each top-level value read

    def read(self, n: int = -1) -> bytes:
        # at most MAX_TOKEN_BYTES at a time: then only a run across reads can be too long
        data = self.fh.read(MAX_TOKEN_BYTES if n < 0 or n > MAX_TOKEN_BYTES else n)
        if data:
            self._check(data)
            self.pos += len(data)
        elif n != 0 and self.nesting:  # (ijson reads 0 bytes first to see what the file gives)
            self.complete = True
        return data

    def _check(self, data: bytes) -> None:
        skip = len(self.tail)
        raw = clean = self.tail + data
        if b"\\" in clean:  # escapes masked (same length): only a real quote ends a text
            clean = clean.replace(b"\\\\", b"__").replace(b'\\"', b"__")
            self.tail = b"\\" if clean.endswith(b"\\") else b""
        else:
            self.tail = b""
        first = clean.find(b'"')
        if first < 0:
            self.run += len(clean)
            longest = self.run
        else:  # the runs inside this read are shorter than the read
            longest = self.run + first
            self.run = len(clean) - clean.rfind(b'"') - 1
            longest = max(longest, self.run)
        if longest > MAX_TOKEN_BYTES:
            raise InputError(f"{self.source}: a text or number near byte {self.pos:,} is longer than "
                             f"{MAX_TOKEN_BYTES // 1024} KB (at most {sch.MAX_TEXT:,} characters)")
        if self.nesting:
            self._depth(raw, clean, skip)

    def _depth(self, raw: bytes, clean: bytes, skip: int) -> None:
        d0, in_text = self.depth, self.in_text
        marks = clean.translate(_SQUARE, _NOT_MARKS)
        if in_text:
            marks = b'"' + marks
        # texts without brackets: runs of quotes, an even number taken out keeps the others' roles
        marks = marks.replace(b'""""""""', b"").replace(b'""', b"")
        if b'"' in marks:
            self.in_text = marks.count(b'"') % 2 == 1
            marks = _TEXTS.sub(b"", marks)
            if self.in_text:
                marks = marks[: marks.find(b'"')]  # a text running on into the next read
        else:
            self.in_text = False
        levels = 0
        while levels < MAX_NESTING:
            inner = marks.replace(b"[]", b"")
            if len(inner) == len(marks):
                break
            marks, levels = inner, levels + 1
        opened = marks.count(b"[")  # marks is "]" * closed + "[" * opened
        closed = len(marks) - opened
        if d0 + opened + levels < MAX_NESTING and d0 - closed > 1:
            self.depth = d0 - closed + opened
        else:
            self._walk(raw, clean, skip, d0, in_text)

    def _walk(self, raw: bytes, clean: bytes, skip: int, depth: int, in_text: bool) -> None:
        """The read (``clean``, escapes masked, ``skip`` bytes of the last read before it)
        token by token: the depth exactly, the top level's keys; refused past the limit."""
        at = 0
        if in_text:
            q = clean.find(b'"')
            if self.key_open:
                self.key = (self.key or b"") + raw[skip: len(raw) if q < 0 else q + 1]
                self.key_open = q < 0
            if q < 0:
                return
            at = q + 1
        for m in _TOKENS.finditer(clean, at):
            c = clean[m.start()]
            if c == 0x22:  # a text
                if depth == 1:
                    self.key = raw[m.start(): m.end()]
                    self.key_open = m.end() - m.start() == 1 or clean[m.end() - 1] != 0x22
            elif c == 0x5B or c == 0x7B:  # [ {
                depth += 1
                if depth == 1:
                    self.key = self.section = None
                elif depth == 2:
                    self.section = self.key
                    self.opened = self.pos + m.start() - skip
                elif depth > MAX_NESTING:
                    raise InputError(f"{self.source}: {self._where()}: nesting is deeper than {MAX_DEPTH} levels "
                                     f"near byte {self.pos + m.start() - skip:,}")
            else:
                depth -= 1
                if depth == 1:
                    self.spans.append((self.section, self.opened, self.pos + m.start() - skip + 1))
        self.depth = depth

    def _where(self) -> str:
        """The section being read, as the problems name it."""
        if self.section is None:
            return "document"
        text = self.section.decode("utf-8", "replace")
        try:
            name = json.loads(text)
        except ValueError:
            name = text.strip('"')
        return _path([str(name)[:60]])


class _File:
    """The file, opened once per pass (a UTF-8 byte order mark skipped). The first pass
    that reads it to its end (through the depth check) notes where each top-level section
    begins and ends; each later pass of a section reads only that section's bytes (seek),
    as long as the file is the one that pass read."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path, self.source = Path(path), str(path)
        self.guard: _Guarded | None = None
        self.nesting_done: tuple[int, int, int] | None = None  # the file read to its end through the depth check
        self.sections: dict[str, list[tuple[int, int]]] | None = None  # key -> (start, end) of each value
        self.reader: _Guarded | _Slice | None = None  # what the pass being read reads through
        with open(self.path, "rb") as fh:
            self.bom = 3 if fh.read(3) == b"\xef\xbb\xbf" else 0

    def section_bytes(self, key: str) -> int | None:
        """The bytes of the top-level section ``key`` (None before the file was read to its end)."""
        if self.sections is None:
            return None
        return sum(end - start for start, end in self.sections.get(key, ()))

    def events(self, what: str, prefix: str = "", kv: bool = False) -> Iterator[Any]:
        """ijson's items (or key-value pairs with ``kv``, or ``(event, value)`` pairs
        without prefixes when ``what`` is ``basic_parse``) of ``prefix``, parse errors
        as one line. Once the file was read to its end, the items of a section are read
        from that section's own bytes: the same items (a section given twice, both in
        order), without parsing the rest of the file again."""
        with open(self.path, "rb") as fh:
            st = os.fstat(fh.fileno())
            seen = (st.st_ino, st.st_size, st.st_mtime_ns)  # the depth of each pass's bytes is the same:
            if what != "basic_parse" and self.sections is not None and self.nesting_done == seen:
                section, _dot, rest = prefix.partition(".")
                for start, end in self.sections.get(section, ()):
                    fh.seek(self.bom + start)
                    self.reader = _Slice(fh, end - start)
                    yield from self._parse(self.reader, what, rest, kv)
                return
            fh.seek(self.bom)
            g = self.reader = self.guard = _Guarded(fh, self.source, nesting=self.nesting_done != seen)  # checked once
            try:
                yield from self._parse(g, what, prefix, kv)
            finally:
                if g.complete:
                    self.nesting_done = seen
                    self.sections = _sections(g.spans)

    def _parse(self, source: Any, what: str, prefix: str, kv: bool) -> Iterator[Any]:
        import ijson

        ij = _backend()
        if what == "basic_parse":
            it = ij.basic_parse(source, use_float=True)
        elif kv:
            it = ij.kvitems(source, prefix, use_float=True)
        else:
            it = ij.items(source, prefix, use_float=True)
        try:
            yield from it
        except ijson.JSONError as e:
            why = e.args[0] if e.args else type(e).__name__
            why = why.decode("utf-8", "replace") if isinstance(why, bytes) else str(why)
            first = why.strip().splitlines()[0] if why.strip() else type(e).__name__
            cut = "truncated: " if "premature EOF" in first or "Incomplete" in first else ""
            raise InputError(f"{self.source} is not valid JSON ({cut}{first[:200]})") from None
        except UnicodeDecodeError as e:
            raise InputError(f"{self.source} is not UTF-8 text (byte {e.start})") from None


class _Slice:
    """``n`` bytes of a file from where it stands: one section's value."""

    def __init__(self, fh: BinaryIO, n: int) -> None:
        self.fh, self.left, self.pos = fh, n, 0

    def read(self, n: int = -1) -> bytes:
        data = self.fh.read(self.left if n < 0 or n > self.left else n)
        self.left -= len(data)
        self.pos += len(data)
        return data


def _sections(spans: list[tuple[bytes | None, int, int]]) -> dict[str, list[tuple[int, int]]] | None:
    """The spans of the top-level values by their key (decoded as the parser decodes it);
    None when a key cannot be read so (the passes then read the whole file each)."""
    out: dict[str, list[tuple[int, int]]] = {}
    for raw, start, end in spans:
        if raw is None:
            return None
        try:
            key = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            return None
        if type(key) is not str:
            return None
        out.setdefault(key, []).append((start, end))
    return out


def should_stream(path_or_doc: Any) -> bool:
    """Whether an import of ``path_or_doc`` is streamed: a file above the whole-document limit."""
    if not isinstance(path_or_doc, (str, os.PathLike)):
        return False
    try:
        return os.path.getsize(path_or_doc) > MAX_FILE_BYTES
    except (OSError, ValueError):
        return False


def _head(f: _File) -> tuple[dict[str, Any], list[str]]:
    """The sections before the first big list (one pass, stopped there), and problems of
    the top level."""
    import ijson

    head: dict[str, Any] = {}
    problems: list[str] = []
    builder: Any = None
    key: str | None = None
    # basic_parse, not parse: parse builds each event's prefix ("campaign.notes.item.item...")
    # for every event of a read at once, so a hostile head nested 100,000 deep cost
    # minutes before the depth check below saw its 21st level. The depth is counted here.
    it = f.events("basic_parse")
    depth = 0
    for event, value in it:
        if depth == 0:
            if event != "start_map":
                problems.append("document: must be an object")
                break
            depth = 1
            continue
        if depth == 1 and event in ("map_key", "end_map"):  # the top level
            if builder is not None and key is not None:
                head[key] = builder.value
                builder = None
            if event == "end_map":
                break
            key = value
            if key in _BIG:  # its first event says what it is (a later big section: not looked at)
                first, _v = next(it, ("end_map", None))
                want = "start_map" if key == "worth" else "start_array"
                if first != want:
                    kind = {"start_map": "an object", "start_array": "a list"}.get(first, "a single value")
                    problems.append(f"{key}: must be {'an object' if key == 'worth' else 'a list'}, not {kind}")
                break
            if key not in _HEAD:
                problems.append(f"{_path([key])}: unknown field")
            builder = ijson.ObjectBuilder()
            continue
        if event in ("start_map", "start_array"):
            depth += 1
        elif event in ("end_map", "end_array"):
            depth -= 1
        if builder is not None:
            builder.event(event, value)
            if len(builder.containers) >= MAX_DEPTH:
                problems.append(f"{_path([str(key)])}: nesting is deeper than {MAX_DEPTH} levels")
                break
            if f.guard is not None and f.guard.pos > MAX_HEAD_BYTES:
                problems.append(f"{_path([str(key)])}: the sections before rosters, battles and rolls take "
                                f"more than {MAX_HEAD_BYTES // 2**20} MB")
                break
    close = getattr(it, "close", None)
    if close is not None:
        close()
    return {k: v for k, v in head.items() if k in _HEAD}, problems


class _Refs:
    """Refs of one kind in document order: the exporter's (the k-th row's ref is
    ``<letter>k``: ``f1, f2...``, ``d1, d2...``) take one byte each, any other ref a dict
    entry; beside them the new ids by place (a national league's 300,000 fighters and
    5,000,000 rolls in a few MB)."""

    def __init__(self, letter: str) -> None:
        self.letter = letter
        self.canon = bytearray()  # 1: the row at this place has the exporter's ref
        self.other: dict[str, int] = {}
        self.ids = array("q")
        self.rosters = array("q")  # fighters and units: each one's roster id, by place

    def __len__(self) -> int:
        return len(self.canon)

    def __contains__(self, ref: object) -> bool:
        return type(ref) is str and self.find(ref) is not None

    def find(self, ref: str) -> int | None:
        """The place of the row with ``ref``, or None."""
        got = self.other.get(ref)
        if got is not None:
            return got
        if ref[:1] == self.letter and ref[1:].isdigit() and ref[1:2] != "0" and ref[1:].isascii():
            k = int(ref[1:]) - 1
            if k < len(self.canon) and self.canon[k]:
                return k
        return None

    def places(self, refs: Collection[Any]) -> dict[Any, int | None]:
        """:meth:`find` of each of ``refs`` (distinct; a ref that is not text: None), without
        its calls (a chunk of rolls names thousands of fighters)."""
        other, canon, letter, n = self.other, self.canon, self.letter, len(self.canon)
        out: dict[Any, int | None] = {}
        for ref in refs:
            if type(ref) is not str:
                out[ref] = None
                continue
            place = other.get(ref)
            if place is None and ref[:1] == letter:
                tail = ref[1:]
                if tail.isdigit() and tail[:1] != "0" and tail.isascii():
                    k = int(tail) - 1
                    if k < n and canon[k]:
                        place = k
            out[ref] = place
        return out

    def id(self, ref: str) -> int:
        place = self.find(ref)
        assert place is not None
        return self.ids[place]

    def ids_of(self, refs: list[Any], of: array[int] | None = None) -> list[Any]:
        """The new ids of ``refs`` (None for a null ref), every ref already checked to be
        known: :meth:`id` of each, without its calls (millions of rolls name fighters);
        ``of`` another array by place instead (:attr:`rosters`)."""
        ids = self.ids if of is None else of
        found: dict[Any, Any] = {}
        for ref, place in self.places({ref for ref in set(refs) if ref}).items():  # each ref once
            assert place is not None
            found[ref] = ids[place]
        found[None] = found[""] = None
        return list(map(found.__getitem__, refs))

    def ids_at(self, refs: list[Any], places: dict[Any, int | None]) -> list[Any]:
        """:meth:`ids_of` of ``refs`` whose places :meth:`places` gave (every text ref known)."""
        ids = self.ids
        found: dict[Any, Any] = {ref: ids[place] for ref, place in places.items() if place is not None}
        found[None] = found[""] = None
        return list(map(found.__getitem__, refs))

    def add(self, ref: Any) -> int | None:
        """Define the next row's ``ref``; the place of the row that already has it, if any
        (the row then has no ref)."""
        pos = len(self.canon)
        if type(ref) is not str or not 1 <= len(ref) <= 40:
            self.canon.append(0)
            return None  # the models name it
        earlier = self.find(ref)
        if earlier is not None:
            self.canon.append(0)
            return earlier
        if ref == f"{self.letter}{pos + 1}":
            self.canon.append(1)
        else:
            self.other[ref] = pos
            self.canon.append(0)
        return None

    def define(self, refs: list[Any], ck: _Checker, prefix: str, offset: int) -> None:
        """Define the refs of a chunk of rows (``prefix[offset + i]``)."""
        n = len(refs)
        if not self.other and refs == [f"{self.letter}{k}" for k in range(offset + 1, offset + n + 1)]:
            self.canon.extend(b"\x01" * n)
            return
        for i, v in enumerate(refs):
            earlier = self.add(v)
            if earlier is not None:
                ck.err(f"{prefix}[{offset + i}].ref", f"{v!r} is already used by {prefix}[{earlier}]")


def _transposed(items: list[Any]) -> dict[Any, tuple[Any, ...]] | None:
    """Records that are all objects with the same keys (an exporter's rolls) as their
    columns, key -> values in order (at C speed); else None."""
    if not items or set(map(type, items)) != {dict}:
        return None
    keys = tuple(items[0])
    if len(keys) < 2 or set(map(len, items)) != {len(keys)}:
        return None
    try:  # as many keys in each, all of the first's: the same keys
        rows = list(map(itemgetter(*keys), items))
    except KeyError:
        return None
    return dict(zip(keys, zip(*rows), strict=True))  # noqa: B905 (each row has every key)


def _limits(ck: _Checker, source: str, record: Any, at: tuple[Any, ...]) -> bool:
    """check_limits of one record; its problems into ``ck``; whether it passed."""
    try:
        check_limits(record, source, at)
    except ImportRefused as e:
        for p in e.problems:
            _problem(ck, p)
        return False
    return True


def _problem(ck: _Checker, text: str) -> None:
    ck.problems.append(text)
    if len(ck.problems) >= MAX_PROBLEMS:
        ck.more = True
        raise _Stop


def _model(ck: _Checker, adapter: TypeAdapter[Any], model: Any, record: Any, at: tuple[Any, ...]) -> Any:
    """``record`` checked by the model (its row type) and for unknown keys; None on a problem."""
    out = None
    try:
        out = adapter.validate_python(record)
    except ValidationError as e:
        for d in e.errors(include_url=False):
            ck.err(_path((*at, *d["loc"])), _message(d))
    for loc in sch.unknown_keys(model, record, at):
        out = None
        ck.err(_path(loc), "unknown field")
    return out


def _roster_model(ck: _Checker, record: Any, at: tuple[Any, ...]) -> Any:
    """:func:`_model` of a roster, its fighters checked one at a time, each raw fighter let
    go of (set to None in ``record``) once checked: a national league's roster of 30,000
    fighters was held twice, raw and checked (180 MB). The same problems in the same order
    (the model's in its field order, then the unknown keys) and the same result."""
    fighters = record.get("fighters") if type(record) is dict else None
    if type(fighters) is not list or not fighters:
        return _model(ck, _adapter(sch.Roster), sch.Roster, record, at)
    out = None
    errors: list[Any] = []
    try:
        out = _adapter(sch.Roster).validate_python({k: [] if k == "fighters" else v for k, v in record.items()})
    except ValidationError as e:
        errors = e.errors(include_url=False)
    unknown = list(sch.unknown_keys(sch.Roster, {k: v for k, v in record.items() if k != "fighters"}, at))
    adapter = _adapter(sch.Fighter)
    good: list[Any] = []
    f_errors: list[Any] = []
    for j, fd in enumerate(fighters):
        try:
            good.append(adapter.validate_python(fd))
        except ValidationError as e:
            f_errors.extend({**d, "loc": ("fighters", j, *d["loc"])} for d in e.errors(include_url=False))
        unknown.extend(sch.unknown_keys(sch.Fighter, fd, (*at, "fighters", j)))
        fighters[j] = None
    # the fighters' errors where the model gives them: after the fields before ``fighters``
    cut = next((k for k, d in enumerate(errors) if d["loc"] and d["loc"][0] in _AFTER_FIGHTERS), len(errors))
    errors[cut:cut] = f_errors
    n = len(at)  # the roster's own unknown keys, then its fighters', then the rest (unknown_keys' order)
    unknown.sort(key=lambda loc: 0 if len(loc) == n + 1 else 1 if loc[n] == "fighters" else 2)
    for d in errors:
        ck.err(_path((*at, *d["loc"])), _message(d))
    for loc in unknown:
        ck.err(_path(loc), "unknown field")
    if errors or unknown or out is None:
        return None
    out["fighters"] = good
    return out


_ROSTER_FIELDS = tuple(sch.Roster.model_fields)
_AFTER_FIGHTERS = frozenset(_ROSTER_FIELDS[_ROSTER_FIELDS.index("fighters") + 1:])
"""The roster fields the model checks after its fighters (their errors come after the fighters')."""
_ADAPTERS: dict[Any, TypeAdapter[Any]] = {}


def _adapter(model: Any) -> TypeAdapter[Any]:
    if model not in _ADAPTERS:
        _ADAPTERS[model] = TypeAdapter(sch.row_type(model))
    return _ADAPTERS[model]


def _refer(ck: _Checker, known: Collection[str] | _Refs, kind: str, items: list[Any], key: str,
           prefix: str) -> None:
    for i, x in enumerate(items):
        v = x.get(key) if type(x) is dict else None
        if type(v) is str and v not in known:
            ck.err(f"{prefix}[{i}].{key}", f"no {kind} has ref {v!r}")


class _Import:
    """What the sections of one streamed import share, filled in file order: the file and
    its checker, the checked campaign and its rules, the open transaction, the refs of
    each kind with their new ids, and what waits for a later section (refs to check once
    their kind is known, lasting injuries for their rolls, ledger lines for their battles)."""

    def __init__(self, f: _File, ck: _Checker, plan: _Plan, head: dict[str, Any], checked: dict[str, Any]) -> None:
        from campaign_app.systems import SYSTEMS
        from db.models import utcnow

        self.f, self.source, self.ck, self.plan = f, f.source, ck, plan
        self.cd: dict[str, Any] = checked["campaign"]
        self.walker_types: list[Any] = checked["walker_types"]
        self.raw_cd: dict[str, Any] = head.get("campaign") or {}
        self.counters = counter_defs(None, self.cd)  # counters helper: checked with the campaign
        info = SYSTEMS.get(self.cd["system"])
        self.edition = self.cd["edition"]
        if info is None or self.edition not in info.editions or any(
                x not in info.expansions for x in self.cd["expansions"]):
            info = None  # pragma: no cover - refused above
        self.info = info
        self.old_stats = self.raw_cd.get("stat_line", 1) == 1
        self.now = utcnow()
        self.s: Any = None  # the transaction's session, once open
        self.cid = 0
        self.filled: set[str] = set()  # the tables rows went into
        self.wid: dict[str, int] = {}  # walker type ref -> id
        self.rref: dict[str, int] = {}  # roster ref -> id
        self.fr, self.ur, self.br, self.dr = _Refs("f"), _Refs("u"), _Refs("b"), _Refs("d")
        self.later: list[tuple[str, str, str, str]] = []  # (kind, ref, path, key) checked when that kind is known
        self.injuries: list[dict[str, Any]] = []
        self.i_fighter: list[str] = []
        self.ledger: list[dict[str, Any]] = []
        self.l_roster: list[str] = []
        self.did: dict[str, int] = {}  # roll ref -> id, of the rolls an injury names

    def refuse(self) -> None:
        if self.ck.problems:
            raise ImportRefused(self.source, self.ck.problems, self.ck.more)

    def rows(self, model: Any, items: list[dict[str, Any]], **extra: Any) -> _Rows:
        """Checked records of ``model`` as the columns of a table's rows."""
        rows = _Rows()
        _rows(rows, model, items, self.now, **extra)
        return rows

    def insert(self, table: str, rows: _Rows | list[dict[str, Any]], extra: dict[str, Any] | None = None,
               returning: bool = False) -> list[int]:
        from campaign_app.usecases.datafiles.importing import _insert

        self.filled.add(table)
        return _insert(self.s, table, rows, extra, returning=returning)

    def check_later(self, kind: str, known: Collection[str] | _Refs, what: str) -> None:
        """The refs waiting for rows of ``kind`` (``what``), now that they are all known."""
        for k, ref, where, _key in self.later:
            if k == kind and ref not in known:
                self.ck.err(where, f"no {what} has ref {ref!r}")


def _check_head(f: _File, ck: _Checker, plan: _Plan, rename: str | None,
                taken: Collection[str] | Callable[[str], bool]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The sections before the big lists (the campaign, walker types), checked as the
    whole-document import checks them; (the raw head, the checked document). Refused on
    any problem, before anything is written."""
    head, top = _head(f)
    if not top and "walker_types" not in head:  # not before the big lists (a hand-made file): read it
        walkers = []
        for i, w in enumerate(f.events("items", "walker_types.item")):
            if i >= MAX_ITEMS:
                top.append(f"walker_types: more than {MAX_ITEMS:,} items")
                break
            walkers.append(w)
        head["walker_types"] = walkers
    for p in top:
        ck.problems.append(p)
    if not top:
        try:
            check_limits(head, f.source)
        except ImportRefused as e:
            ck.problems.extend(e.problems)
    checked: dict[str, Any] | None = None
    try:
        if not top:
            checked = _validate(ck, plan, {**head, "rosters": [], "battles": [], "rolls": []}, rename, taken)
    except _Stop:
        pass
    if ck.problems:
        raise ImportRefused(f.source, ck.problems, ck.more)
    if checked is None:  # pragma: no cover - a refusal names a problem
        raise ImportRefused(f.source, ["document: not a campaign file"])
    return head, checked


def _write_campaign(st: _Import, uow: Any) -> None:
    """The campaign's row (the transaction's campaign from now on)."""
    from db.uow import fault_point

    cd, plan = st.cd, st.plan
    plan.campaign = {
        "name": plan.campaign["name"], "system": cd["system"], "edition": cd["edition"],
        "expansions": cd["expansions"], "house_rules": cd["house_rules"], "cycle": cd["cycle"],
        "counters": [dict(x) for x in cd["counters"]],  # counters helper
        "dice_discipline": cd["dice_discipline"], "typed_dice": cd["typed_dice"],
        "roster_rules": cd["roster_rules"],
        "notes": cd["notes"], "created_at": cd["created_at"] or st.now, "version": 1,
    }
    st.cid = uow.campaign_id = st.insert("campaign", [plan.campaign], returning=True)[0]
    fault_point("import.after-campaign")
    wrows = st.rows(sch.WalkerType, st.walker_types)
    st.wid = dict(zip(wrows["_ref"], st.insert("walker_type", wrows, {"campaign_id": st.cid}, returning=True),
                      strict=True))


class _Rosters:
    """The rosters section: each roster checked (the file's checks on the raw record, then
    the model's, fighter by fighter) and its rows written with others, CHUNK records at a
    time; the links to rosters and fighters later in the file are checked and set at the end."""

    def __init__(self, st: _Import) -> None:
        from campaign_app.usecases.fighters import FIGHTER_STATUSES

        self.st, self.ck = st, st.ck
        self.statuses = FIGHTER_STATUSES
        self.defaults = (_default(sch.Fighter, "kind"), _default(sch.Fighter, "status"))
        self.rplace: dict[str, int] = {}  # ref -> the roster's place
        self.rnames: dict[Any, str] = {}
        self.fpath = (array("l"), array("l"))  # only read for an error: roster and place of each fighter
        self.upath = (array("l"), array("l"))
        self.crews: list[tuple[str, dict[str, Any]]] = []
        self.captured: list[tuple[str, str, str]] = []  # (fighter ref, roster ref, path): rosters later in the file
        self.pending: list[dict[str, Any]] = []
        self.npending = 0

    def run(self) -> None:
        from db.queries.transfer import set_captured, set_crews

        st = self.st
        try:
            for i, r in enumerate(st.f.events("items", "rosters.item")):
                good = self.checked(i, r)
                r = None  # the raw roster let go of before its rows are written
                if good is not None:
                    self.keep(good)
            self.flush()
            self.check_links()
        except _Stop:
            pass
        st.refuse()
        fr, rref = st.fr, st.rref
        set_captured(st.s, [(fr.id(fref), rref[by]) for fref, by, _fp in self.captured])
        set_crews(st.s, [(fr.id(fd["ref"]), fr.id(fd["crew_of"])) for _fp, fd in self.crews])
        for done in (self.crews, self.captured, self.rplace, self.rnames):  # let go of
            done.clear()
        for places in (*self.fpath, *self.upath):
            del places[:]

    def checked(self, i: int, r: Any) -> dict[str, Any] | None:
        """Roster ``i`` checked; None when it has a problem (or an earlier record had)."""
        st, ck = self.st, self.ck
        p = f"rosters[{i}]"
        if i == MAX_ITEMS:
            ck.err("rosters", f"more than {MAX_ITEMS:,} items")
        if not _limits(ck, st.source, r, ("rosters", i)):
            return None
        if st.old_stats and type(r) is dict:
            r = _old_stat_line({"campaign": st.raw_cd, "rosters": [r]})["rosters"][0]
        # the file's checks first (they read the raw fighters), their problems kept to come
        # after the model's, as in the whole-document import; the model's check lets go of
        # each raw fighter
        saved, ck.problems = ck.problems, []
        try:
            if type(r) is dict:
                self.check(i, p, r)
        except _Stop:
            pass
        after, ck.problems = ck.problems, saved
        good = _roster_model(ck, r, ("rosters", i))
        for text in after:
            _problem(ck, text)
        if good is None or ck.problems:
            return None
        return good

    def keep(self, good: dict[str, Any]) -> None:
        """A checked roster waits to be written with others (what names later sections, aside)."""
        from campaign_app.systems import SYSTEMS

        st = self.st
        if not good["kind"]:
            good["kind"] = SYSTEMS[st.cd["system"]].default_roster_kind
        for fd in good["fighters"]:
            st.injuries.extend(fd["injuries"])
            st.i_fighter.extend([fd["ref"]] * len(fd["injuries"]))
        st.ledger.extend(good["ledger"])
        st.l_roster.extend([good["ref"]] * len(good["ledger"]))
        self.pending.append(good)
        self.npending += len(good["fighters"]) + len(good["units"]) + 1
        if self.npending >= CHUNK:
            self.flush()

    def check(self, i: int, p: str, r: dict[str, Any]) -> None:
        """The file's checks of roster ``i`` (refs, names, kinds, each fighter), on the raw record."""
        ck, info = self.ck, self.st.info
        ref = r.get("ref")
        if type(ref) is str and 1 <= len(ref) <= 40:
            if ref in self.rplace:
                ck.err(f"{p}.ref", f"{ref!r} is already used by rosters[{self.rplace[ref]}]")
            else:
                self.rplace[ref] = i
        name = r.get("name")
        if type(name) in (str, int):
            if name in self.rnames:
                ck.err(f"{p}.name", f"{name!r} is already used by {self.rnames[name]}")
            self.rnames[name] = p
        if info is not None:
            kind = r.get("kind", info.default_roster_kind)
            if type(kind) is str and kind not in info.roster_kinds:
                ck.err(f"{p}.kind", f"{kind!r} is not one of {', '.join(info.roster_kinds)}")
        for j, fd in enumerate(_items(r, "fighters")):
            if type(fd) is dict:
                self.check_fighter(i, j, f"{p}.fighters[{j}]", fd)
        for j, u in enumerate(_items(r, "units")):
            self.check_unit(i, j, p, u)
        check_roster_counters(ck, r, p, self.st.counters)  # counters helper
        for k, x in enumerate(_items(r, "ledger")):
            if type(x) is dict:
                for key, kind in (("fighter", "f"), ("battle", "b")):
                    if type(x.get(key)) is str:
                        self.st.later.append((kind, x[key], f"{p}.ledger[{k}].{key}", key))

    def check_fighter(self, i: int, j: int, fp: str, fd: dict[str, Any]) -> None:
        """The file's checks of fighter ``j`` of roster ``i`` (at ``fp``)."""
        st, ck = self.st, self.ck
        v = fd.get("ref")
        earlier = st.fr.add(v)
        self.fpath[0].append(i)
        self.fpath[1].append(j)
        if earlier is not None:
            a, b = self.fpath[0][earlier], self.fpath[1][earlier]
            ck.err(f"{fp}.ref", f"{v!r} is already used by rosters[{a}].fighters[{b}]")
        by = fd.get("captured_by")
        if type(by) is str and by not in self.rplace:
            self.captured.append((str(v), by, fp))
        w = fd.get("walker_type")
        if type(w) is str and w not in st.wid:
            ck.err(f"{fp}.walker_type", f"no walker type has ref {w!r}")
        if type(fd.get("crew_of")) is str:
            self.crews.append((fp, fd))
        _check_fighter(ck, fd, fp, st.info, st.edition, self.defaults, self.statuses)
        for k, inj in enumerate(_items(fd, "injuries")):
            if type(inj) is dict:
                for key, kind in (("battle", "b"), ("roll_record", "d")):
                    if type(inj.get(key)) is str:
                        st.later.append((kind, inj[key], f"{fp}.injuries[{k}].{key}", key))

    def check_unit(self, i: int, j: int, p: str, u: Any) -> None:
        """The file's checks of unit ``j`` of roster ``i`` (at ``p``)."""
        v = u.get("ref") if type(u) is dict else None
        earlier = self.st.ur.add(v)
        self.upath[0].append(i)
        self.upath[1].append(j)
        if earlier is not None:
            a, b = self.upath[0][earlier], self.upath[1][earlier]
            self.ck.err(f"{p}.units[{j}].ref", f"{v!r} is already used by rosters[{a}].units[{b}]")
        if type(u) is dict:
            _check_unit(self.ck, u, f"{p}.units[{j}]")

    def check_links(self) -> None:
        """References to rosters and fighters later in the file, now that all are known."""
        ck, fr = self.ck, self.st.fr
        for _f, by, fp in self.captured:
            if by not in self.rplace:
                ck.err(f"{fp}.captured_by", f"no roster has ref {by!r}")
        for fp, fd in self.crews:
            if fd["crew_of"] not in fr:
                ck.err(f"{fp}.crew_of", f"no fighter has ref {fd['crew_of']!r}")
        _check_crews(ck, self.crews)
        self.st.check_later("f", fr, "fighter")

    def flush(self) -> None:
        """The rosters waiting, written with their fighters, units and what they hold."""
        pending, self.pending, self.npending = self.pending, [], 0
        if not pending or self.ck.problems:
            return
        st = self.st
        rosters = st.rows(sch.Roster, pending)
        for ref, new in zip(rosters["_ref"], st.insert("roster", rosters, {"campaign_id": st.cid}, returning=True),
                            strict=True):
            st.rref[ref] = new
        fighters, f_roster, units, u_roster = [], [], [], []
        for r in pending:
            fighters += r["fighters"]
            f_roster += [r["ref"]] * len(r["fighters"])
            units += r["units"]
            u_roster += [r["ref"]] * len(r["units"])
        rref = st.rref
        rows = st.rows(sch.Fighter, fighters, _roster=f_roster)
        if len(rows):
            in_roster = [rref[x] for x in rows["_roster"]]
            st.fr.ids.extend(st.insert("fighter", rows, {
                "roster_id": in_roster,
                "captured_by_roster_id": [rref.get(x) if x else None for x in rows["_captured_by"]],
                "walker_type_id": [st.wid[x] if x else None for x in rows["_walker_type"]],
                "crew_of_id": None}, returning=True))
            st.fr.rosters.extend(in_roster)
        rows = st.rows(sch.Unit, units, _roster=u_roster)
        if len(rows):
            in_roster = [rref[x] for x in rows["_roster"]]
            st.ur.ids.extend(st.insert("unit", rows, {"roster_id": in_roster}, returning=True))
            st.ur.rosters.extend(in_roster)
        self.flush_held(pending)

    def flush_held(self, pending: list[dict[str, Any]]) -> None:
        """What the written rosters' fighters and units hold: equipment, skills, stash, territories."""
        st = self.st
        fr, ur, rref = st.fr, st.ur, st.rref
        eq, eq_f, eq_u = held_equipment(pending)
        skills, s_fighter = [], []
        stash, st_roster, held, t_roster = [], [], [], []
        for r in pending:
            stash += r["stash"]
            st_roster += [r["ref"]] * len(r["stash"])
            held += r["territories"]
            t_roster += [r["ref"]] * len(r["territories"])
        for r in pending:
            for fd in r["fighters"]:
                skills += fd["skills"]
                s_fighter += [fd["ref"]] * len(fd["skills"])
        rows = st.rows(sch.Equipment, eq, _fighter=eq_f, _unit=eq_u)
        st.insert("equipment", rows, {"fighter_id": fr.ids_of(rows["_fighter"]),
                                      "unit_id": ur.ids_of(rows["_unit"])})
        rows = st.rows(sch.Skill, skills, _fighter=s_fighter)
        st.insert("skill", rows, {"fighter_id": fr.ids_of(rows["_fighter"])})
        rows = st.rows(sch.StashEntry, stash, _roster=st_roster)
        st.insert("stash_item", rows, {"roster_id": [rref[x] for x in rows["_roster"]]})
        rows = st.rows(sch.TerritoryDoc, held, _roster=t_roster)
        st.insert("territory", rows, {"roster_id": [rref[x] for x in rows["_roster"]]})


class _Battles:
    """The battles section: each battle checked (refs to rosters, fighters and units,
    numbers and refs unique) and written with others, CHUNK / 2 at a time with their
    rosters, results and marks; then the ledger lines, which name battles."""

    def __init__(self, st: _Import) -> None:
        self.st, self.ck = st, st.ck
        self.numbers: dict[Any, int] = {}  # battle number -> the battle's place
        self.pending: list[dict[str, Any]] = []

    def run(self) -> None:
        st = self.st
        try:
            for i, b in enumerate(st.f.events("items", "battles.item")):
                good = self.checked(i, b)
                if good is None or self.ck.problems:
                    continue
                self.pending.append(good)
                if len(self.pending) >= CHUNK // 2:
                    self.flush()
            self.flush()
            st.check_later("b", st.br, "battle")
        except _Stop:
            pass
        st.refuse()
        self.numbers.clear()
        rows = st.rows(sch.LedgerLine, st.ledger, _roster=st.l_roster)  # gear: after the battles they name
        fr, br, rref = st.fr, st.br, st.rref
        st.insert("ledger_entry", rows, {"roster_id": [rref[x] for x in rows["_roster"]],
                                         "fighter_id": [fr.id(x) if x else None for x in rows["_fighter"]],
                                         "battle_id": [br.id(x) if x else None for x in rows["_battle"]]})
        st.ledger, st.l_roster = [], []

    def checked(self, i: int, b: Any) -> dict[str, Any] | None:
        """Battle ``i`` checked by its model and the file's checks: the model's result (None
        on a problem of the model's)."""
        st, ck = self.st, self.ck
        p = f"battles[{i}]"
        if i == MAX_ITEMS:
            ck.err("battles", f"more than {MAX_ITEMS:,} items")
        if not _limits(ck, st.source, b, ("battles", i)):
            return None
        good = _model(ck, _adapter(sch.Battle), sch.Battle, b, ("battles", i))
        if type(b) is not dict:
            return None
        v = b.get("ref")
        earlier = st.br.add(v)
        if earlier is not None:
            ck.err(f"{p}.ref", f"{v!r} is already used by battles[{earlier}]")
        for key in ("winner", "attacker"):
            x = b.get(key)
            if type(x) is str and x not in st.rref:
                ck.err(f"{p}.{key}", f"no roster has ref {x!r}")
        number = b.get("number")
        if type(number) in (str, int):
            if number in self.numbers:
                ck.err(f"{p}.number", f"battle {number} is already battles[{self.numbers[number]}]")
            self.numbers[number] = i
        links = _items(b, "rosters")
        _refer(ck, st.rref, "roster", links, "roster", f"{p}.rosters")
        ck.unique(links, "roster", f"{p}.rosters", {}, "{v!r} is already listed at {at}")
        results = _items(b, "results")
        _refer(ck, st.fr, "fighter", results, "fighter", f"{p}.results")
        _refer(ck, st.ur, "unit", results, "unit", f"{p}.results")
        _refer(ck, st.fr, "fighter", results, "by_fighter", f"{p}.results")
        for key, what in (("fighter", "fighter"), ("unit", "unit")):
            ck.unique(results, key, f"{p}.results", {}, f"the result of {what} {{v!r}} is already given at {{at}}")
        marks = _items(b, "marks")
        _refer(ck, st.fr, "fighter", marks, "fighter", f"{p}.marks")
        _refer(ck, st.ur, "unit", marks, "unit", f"{p}.marks")
        _refer(ck, st.fr, "fighter", marks, "by_fighter", f"{p}.marks")
        return good

    def flush(self) -> None:
        """The battles waiting, written with their rosters, results and marks."""
        pending, self.pending = self.pending, []
        if not pending or self.ck.problems:
            return
        st = self.st
        fr, ur, br, rref = st.fr, st.ur, st.br, st.rref
        rows = st.rows(sch.Battle, pending)
        br.ids.extend(st.insert("battle", rows, {
            "campaign_id": st.cid,
            "winner_roster_id": [rref[x] if x else None for x in rows["_winner"]],
            "attacker_roster_id": [rref[x] if x else None for x in rows["_attacker"]]}, returning=True))
        for key, table, model in (("rosters", "battle_roster", sch.BattleRoster),
                                  ("results", "battle_result", sch.BattleResult),
                                  ("marks", "battle_mark", sch.BattleMark)):
            items: list[Any] = []
            of: list[str] = []
            for b in pending:
                items += b[key]
                of += [b["ref"]] * len(b[key])
            rows = st.rows(model, items, _battle=of)
            extra: dict[str, Any] = {"battle_id": br.ids_of(rows["_battle"])}
            if key == "rosters":
                extra["roster_id"] = [rref[x] for x in rows["_roster"]]
            else:
                extra["fighter_id"] = fr.ids_of(rows["_fighter"])
                extra["unit_id"] = ur.ids_of(rows["_unit"])
                extra["by_fighter_id"] = fr.ids_of(rows["_by"])
            if key == "results":  # the copies of the figures' rosters (db.models.BattleResult)
                extra["roster_id"] = [f if f is not None else u for f, u in
                                      zip(fr.ids_of(rows["_fighter"], fr.rosters),
                                          ur.ids_of(rows["_unit"], ur.rosters), strict=True)]
                extra["by_roster_id"] = fr.ids_of(rows["_by"], fr.rosters)
            st.insert(table, rows, extra)


class _Rolls:
    """The rolls section, CHUNK at a time: checked column by column, chained afresh (the
    file's hash chain checked on the way), written with the journals of their actions;
    then the lasting injuries, which name rolls. The accepted chain break, if any."""

    def __init__(self, st: _Import) -> None:
        self.st, self.ck = st, st.ck
        self.wanted = {ref for kind, ref, _w, _k in st.later if kind == "d"}
        self.holders: dict[tuple[str, bool], int] = {}  # (action, undone) -> its journal
        self.head = ""  # the chain's last hash
        self.brk: rollchain.Break | None = None
        self.given = False  # the file gives hashes
        self.indexes: list[str] = []  # the roll record's indexes to build after the rolls (SQLite)
        self.found: dict[str, dict[Any, int | None]] = {}  # the chunk's refs of each kind -> their places

    def run(self, accept_broken_chain: bool) -> rollchain.Break | None:
        from db.uow import fault_point

        st, ck = self.st, self.ck
        try:
            chunk: list[Any] = []
            offset = 0
            for roll in st.f.events("items", "rolls.item"):
                chunk.append(roll)
                if len(chunk) >= CHUNK:
                    self.chunk(chunk, offset)
                    offset += len(chunk)
                    chunk = []
                    if offset == CHUNK:
                        self.defer(offset)
                    if offset > MAX_ROLLS:
                        ck.err("rolls", f"more than {MAX_ROLLS:,} items")
                        break
            if chunk:
                self.chunk(chunk, offset)
            del chunk
            for kind, ref, where, _key in st.later:
                if kind == "d" and st.dr.find(ref) is None:
                    ck.err(where, f"no roll has ref {ref!r}")
        except _Stop:
            pass
        st.refuse()
        brk = self.brk if self.given else None
        if brk is not None and not accept_broken_chain:
            raise ImportRefused(st.source, [f"rolls: the roll record's hash chain is broken at {brk.text('roll')}; "
                                            "accept the broken chain to import it anyway (the break is recorded)"])
        if self.indexes:
            from db.queries.transfer import build_indexes

            build_indexes(st.s, self.indexes)
        fault_point("import.after-rolls")
        rows = st.rows(sch.Injury, st.injuries, _fighter=st.i_fighter)
        st.insert("lasting_injury", rows, {"fighter_id": [st.fr.id(x) for x in rows["_fighter"]],
                                           "battle_id": [st.br.id(x) if x else None for x in rows["_battle"]],
                                           "roll_record_id": [st.did[x] if x else None for x in rows["_roll"]]})
        st.injuries, st.i_fighter = [], []
        return brk

    def defer(self, done: int) -> None:
        """After the first ``done`` rolls are written: how many more are coming, from the
        bytes of the section and those they took; on SQLite, when they are many, the roll
        record's indexes are built after the last (:func:`db.queries.transfer.defer_indexes`)."""
        from db.queries.transfer import defer_indexes

        st = self.st
        total, reader = st.f.section_bytes("rolls"), st.f.reader
        if total is None or not isinstance(reader, _Slice) or not reader.pos or self.ck.problems:
            return
        self.indexes = defer_indexes(st.s, "roll_record", int(total * done / reader.pos) - done)

    def chunk(self, items: list[Any], offset: int) -> None:
        """Rolls ``offset``... checked, and written when they and all before are good."""
        pc = self.checked(items, offset)
        if pc is not None:
            self.chain(pc, offset)
            self.write(pc)

    def checked(self, items: list[Any], offset: int) -> dict[str, list[Any]] | None:
        """A chunk of rolls checked: its columns (plan names), None on a problem."""
        st, ck = self.st, self.ck
        raw = _transposed(items)
        try:
            if raw is None or not flat_columns(raw, len(items)):  # else what check_limits passes at once
                check_limits(items, st.source, ("rolls",))
        except ImportRefused:
            for k, x in enumerate(items):
                _limits(ck, st.source, x, ("rolls", offset + k))
            st.dr.define([x.get("ref") if type(x) is dict else None for x in items], ck, "rolls", offset)
            return None
        cols = _check_columns(ck, sch.Roll, items, "rolls", offset, raw)
        ck.cols.clear()
        if not sch._plain(sch.Roll, items):
            for k, x in enumerate(items):
                for loc in sch.unknown_keys(sch.Roll, x, ("rolls", offset + k)):
                    cols = None
                    ck.err(_path(loc), "unknown field")
        def col_of(key: str) -> list[Any]:
            return list(raw[key]) if raw is not None and key in raw else _col(items, key)

        st.dr.define(col_of("ref"), ck, "rolls", offset)
        for kind, known, key in (("battle", st.br, "battle"), ("fighter", st.fr, "fighter"),
                                 ("unit", st.ur, "unit")):
            col = col_of(key)
            try:  # each ref looked up once; the rolls naming an unknown one then in order
                found = self.found[key] = known.places(set(col))
                unknown: Any = {v for v, place in found.items() if type(v) is str and place is None}
            except TypeError:  # a list or an object where a ref goes (the models named it)
                unknown = None
            if unknown is None or unknown:
                for k, v in enumerate(col):
                    if type(v) is str and (v in unknown if unknown is not None else v not in known):
                        ck.err(f"rolls[{offset + k}].{key}", f"no {kind} has ref {v!r}")
        if True in col_of("undone"):
            for k, x in enumerate(items):
                if type(x) is dict and x.get("undone") is True and not x.get("action"):
                    ck.err(f"rolls[{offset + k}].undone", "an undone roll needs the action it belonged to")
        if cols is None or ck.problems:
            return None
        cols_of, keys_of = _spec(sch.Roll)
        pc = {c: cols[k] for c, k in zip(cols_of, keys_of, strict=True)}
        if None in pc["created_at"]:
            pc["created_at"] = [st.now if v is None else v for v in pc["created_at"]]
        return pc

    def chain(self, pc: dict[str, list[Any]], offset: int) -> None:
        """The hash chain: the rolls chained afresh (:func:`rollchain.chain_columns`), the
        file's chain checked against that (the same when intact): the first roll whose given
        ``prev_hash`` is not the hash before it (order) or whose given hash is not its own
        (content) is the break."""
        given_prev, given = pc["prev_hash"], pc["hash"]
        new_prev, new_hash = rollchain.chain_columns(self.head, pc)
        if self.brk is None and (given_prev != new_prev or given != new_hash):
            for k, (gp, gh, p, h) in enumerate(zip(given_prev, given, new_prev, new_hash, strict=True)):
                if (gp or "") != p:
                    self.brk = rollchain.Break(offset + k + 1, pc["_ref"][k], "order")
                    break
                if gh != h:
                    self.brk = rollchain.Break(offset + k + 1, pc["_ref"][k], "content")
                    break
        if not self.given and any(given):
            self.given = True
        if new_hash:
            self.head = new_hash[-1]
        pc["prev_hash"], pc["hash"] = new_prev, new_hash

    def write(self, pc: dict[str, list[Any]]) -> None:
        """A checked, chained chunk of rolls, with the journals of actions not seen before."""
        st = self.st
        pc["mark"] = ["undone" if u and m == "applied" else m for m, u in zip(pc["mark"], pc["_undone"], strict=True)]
        keys = [key for key in dict.fromkeys(zip(pc["_action"], pc["_undone"], strict=True))
                if key[0] and key not in self.holders]
        if keys:
            self.holders.update(zip(keys, st.insert("journal", [{
                "campaign_id": st.cid, "action": key[0], "summary": "imported roll record",
                "created_at": st.now, "undone": key[1], "undone_at": st.now if key[1] else None,
            } for key in keys], returning=True), strict=True))
        rows = _Rows()
        rows.set(pc, len(pc["_ref"]))
        need = bool(self.wanted) and not self.wanted.isdisjoint(pc["_ref"])
        fr, ur, br = st.fr, st.ur, st.br
        ids = st.insert("roll_record", rows, {
            "campaign_id": st.cid,
            "journal_id": [self.holders[(a, u)] if a else None for a, u in zip(pc["_action"], pc["_undone"],
                                                                                strict=True)],
            "battle_id": br.ids_at(pc["_battle"], self.found["battle"]),
            "fighter_id": fr.ids_at(pc["_fighter"], self.found["fighter"]),
            "unit_id": ur.ids_at(pc["_unit"], self.found["unit"]),
        }, returning=need)
        if need:
            st.did.update((r, x) for r, x in zip(pc["_ref"], ids, strict=True) if r in self.wanted)


def _extras(st: _Import) -> None:
    """Content packs, the records helper's records and worth (derived, ignored: checked
    only); the packs and records written."""
    good_packs: list[Any] = []
    good_records: list[Any] = []
    try:
        good_packs = _read_packs(st)
        good_records = _read_records(st)
        _read_worth(st)
    except _Stop:
        pass
    st.refuse()
    rows = st.rows(sch.ContentPackDoc, good_packs)
    st.insert("content_pack", rows, {"campaign_id": st.cid})
    rows = st.rows(sch.RecordDoc, good_records, system=[st.cd["system"]] * len(good_records),
                   version=[1] * len(good_records))  # records helper
    st.insert("system_record", rows, {"campaign_id": st.cid,
                                      "roster_id": [st.rref[x] if x else None for x in rows["_roster"]]})


def _read_packs(st: _Import) -> list[Any]:
    """The content packs section checked; the good packs."""
    ck = st.ck
    packs: list[Any] = []
    good_packs: list[Any] = []
    for i, pk in enumerate(st.f.events("items", "content_packs.item")):
        if i == MAX_ITEMS:
            ck.err("content_packs", f"more than {MAX_ITEMS:,} items")
        if not _limits(ck, st.source, pk, ("content_packs", i)):
            continue
        packs.append(pk)
        good = _model(ck, _adapter(sch.ContentPackDoc), sch.ContentPackDoc, pk, ("content_packs", i))
        if good is not None:
            good_packs.append(good)
    _check_packs(ck, packs, st.info.id if st.info is not None else "")
    return good_packs


def _read_records(st: _Import) -> list[Any]:
    """The records helper's section, checked as a whole import checks it; the good records."""
    ck = st.ck
    raw_records: list[Any] = []
    for i, rec in enumerate(st.f.events("items", "records.item")):
        if i == MAX_ITEMS:
            ck.err("records", f"more than {MAX_ITEMS:,} items")
        if not _limits(ck, st.source, rec, ("records", i)):
            raw_records.append(None)
            continue
        raw_records.append(_model(ck, _adapter(sch.RecordDoc), sch.RecordDoc, rec, ("records", i)))
    _refer(ck, st.rref, "roster", [x or {} for x in raw_records], "roster", "records")
    clean_data = check_records(ck, [x if x is not None else 0 for x in raw_records],
                               st.info.id if st.info is not None else "")
    return [{**x, "data": d} for x, d in zip(raw_records, clean_data, strict=True) if x is not None and d is not None]


def _read_worth(st: _Import) -> None:
    """The worth section (derived from the rest, ignored): checked only."""
    ck = st.ck
    worth = TypeAdapter(dict[str, int], config=ConfigDict(strict=True))
    for i, (key, v) in enumerate(st.f.events("items", "worth", kv=True)):
        if i == MAX_ITEMS:
            ck.err("worth", f"more than {MAX_ITEMS:,} items")
        if not _limits(ck, st.source, v, ("worth", key)):
            continue
        try:
            worth.validate_python(v)
        except ValidationError as e:
            for d in e.errors(include_url=False):
                ck.err(_path(("worth", key, *d["loc"])), _message(d))


def import_streamed(engine: Any, path: str | os.PathLike[str], *, rename: str | None = None,
                    taken: Collection[str] | Callable[[str], bool] = frozenset(),
                    accept_broken_chain: bool = False, summary: Callable[[str], str],
                    before_write: Callable[[], None] | None = None) -> tuple[int, rollchain.Break | None]:
    """Check and write the campaign file at ``path`` in one transaction; the new
    campaign's id and the accepted chain break (if any). A problem raises ImportRefused
    and nothing is written. Each section is its own unit, in file-format order: the head
    (:func:`_check_head`, before the transaction), the campaign and walker types, the
    rosters, the battles and ledger, the rolls and lasting injuries, the extras."""
    from db.queries.transfer import analyze, copy_behind, import_cache
    from db.uow import UnitOfWork, fault_point

    f = _File(path)
    ck, plan = _Checker(), _Plan()
    head, checked = _check_head(f, ck, plan, rename, taken)
    st = _Import(f, ck, plan, head, checked)
    del head, checked
    if before_write is not None:
        before_write()
    with UnitOfWork(engine, "campaign.import", journaled=False) as uow, import_cache(uow.session):
        st.s = uow.session
        fault_point("import.start")
        _write_campaign(st, uow)
        with copy_behind(uow.session):  # PostgreSQL: each COPY while the next rows are read
            _Rosters(st).run()
            fault_point("import.after-rosters")
            _Battles(st).run()
            fault_point("import.after-battles")
            brk = _Rolls(st).run(accept_broken_chain)
            fault_point("import.after-injuries")
            _extras(st)
        st.insert("journal", [{"campaign_id": st.cid, "action": "campaign.create",
                               "summary": summary(plan.campaign["name"]),
                               "created_at": st.now, "undone": False, "undone_at": None}])
        analyze(uow.session, sorted(st.filled))  # PostgreSQL: plans for the rows just written
        if brk is not None:
            from campaign_app.dice import RollResult

            note = RollResult(spec=rollchain.NOTE_DICE, faces=[], value=0, source="note", purpose=(
                f"import from {Path(f.source).name}: the file's roll hash chain was broken at "
                f"{brk.text('roll')}; accepted, its rolls chained afresh")[:2000])
            uow.record_rolls([note], mark="note")
    return st.cid, brk
