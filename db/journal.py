"""The change journal: every insert, update and delete a use-case makes through the ORM
is written as a :class:`JournalEntry` of that use-case's :class:`Journal`, in the same
transaction. Undo replays a journal backwards, redo forwards; both refuse (with
:class:`ConflictError`) when a row has changed since, so nothing is silently lost: every
statement of the replay is guarded by the row's version, as any edit is, and versions
only go up. See docs/data-safety.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from datetime import date, datetime
from typing import Any

from sqlalchemy import (
    Date,
    DateTime,
    and_,
    bindparam,
    case,
    delete,
    event,
    exists,
    func,
    insert,
    inspect,
    or_,
    select,
    update,
)
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import set_committed_value
from sqlmodel import SQLModel, col

from campaign_app.changes import Changes
from campaign_app.errors import ConflictError
from db import acting
from db.models import JOURNALED_TABLES, Journal, JournalEntry, utcnow

_RECORDER_KEY = "campaign_app.journal"
_TABLE_ORDER = {t.name: i for i, t in enumerate(SQLModel.metadata.sorted_tables)}


def _jsonable(value: Any) -> Any:
    if isinstance(value, datetime):
        return {"__dt__": value.isoformat()}
    if isinstance(value, date):
        return {"__date__": value.isoformat()}
    return value


def _from_json(value: Any) -> Any:
    if isinstance(value, dict) and len(value) == 1:
        if "__dt__" in value:
            return datetime.fromisoformat(value["__dt__"])
        if "__date__" in value:
            return date.fromisoformat(value["__date__"])
    return value


def _row_dict(obj: Any) -> dict[str, Any]:
    mapper = inspect(obj).mapper
    return {c.key: _jsonable(getattr(obj, c.key)) for c in mapper.column_attrs}


class JournalRecorder:
    """Listens to one session's flushes and records journaled changes."""

    def __init__(self, session: Session, journal: Journal) -> None:
        self.session = session
        self.journal = journal
        self.seq = 0
        self.pending: list[JournalEntry] = []
        self.changes = Changes()
        event.listen(session, "after_flush", self._after_flush)
        session.info[_RECORDER_KEY] = self

    def detach(self) -> None:
        if event.contains(self.session, "after_flush", self._after_flush):
            event.remove(self.session, "after_flush", self._after_flush)
        self.session.info.pop(_RECORDER_KEY, None)

    def _entry(self, obj: Any, op: str, before: dict[str, Any] | None,
               after: dict[str, Any] | None) -> None:
        self.seq += 1
        version = getattr(obj, "version", None) if op != "delete" else None
        entry = JournalEntry(
            journal_id=self.journal.id,  # type: ignore[arg-type]
            seq=self.seq,
            table_name=obj.__tablename__,
            row_id=obj.id,
            op=op,
            before=before,
            after=after,
            version_after=version,
        )
        self.pending.append(entry)
        self.changes |= entry_changes(entry)

    def _after_flush(self, session: Session, _ctx: Any) -> None:
        # parents before children for inserts, children before parents for deletes, so
        # that replaying the entries backwards (undo) or forwards (redo) keeps every
        # foreign key satisfied; updates by table, then id. Every group is sorted: the
        # session's sets are ordered by object identity (memory addresses, hash
        # randomisation), so the same action would otherwise journal in another order
        for obj in sorted((o for o in session.new if getattr(o, "__tablename__", None) in JOURNALED_TABLES),
                          key=lambda o: (_TABLE_ORDER[o.__tablename__], o.id)):
            self._entry(obj, "insert", None, _row_dict(obj))
        for obj in sorted((o for o in session.dirty if getattr(o, "__tablename__", None) in JOURNALED_TABLES),
                          key=lambda o: (_TABLE_ORDER[o.__tablename__], o.id)):
            state = inspect(obj)
            before: dict[str, Any] = {}
            after: dict[str, Any] = {}
            for attr in state.mapper.column_attrs:
                if attr.key == "version":
                    continue
                hist = state.attrs[attr.key].history
                if hist.has_changes():
                    old = hist.deleted[0] if hist.deleted else None
                    new = hist.added[0] if hist.added else getattr(obj, attr.key)
                    if old != new:
                        before[attr.key] = _jsonable(old)
                        after[attr.key] = _jsonable(new)
            if after:
                self._entry(obj, "update", before, after)
        for obj in sorted((o for o in session.deleted if getattr(o, "__tablename__", None) in JOURNALED_TABLES),
                          key=lambda o: (-_TABLE_ORDER[o.__tablename__], -o.id)):
            self._entry(obj, "delete", _row_dict(obj), None)

    def write(self) -> int:
        """Insert the collected entries (Core, in one statement); returns their count."""
        if self.pending:
            rows = [
                {c: getattr(e, c) for c in (
                    "journal_id", "seq", "table_name", "row_id", "op", "before", "after",
                    "version_after",
                )}
                for e in self.pending
            ]
            self.session.execute(insert(JournalEntry), rows)
        n = len(self.pending)
        self.pending.clear()
        return n


# which change-set field a journaled table's rows name, and which of their columns point
# at what else they change (a weapon changes its fighter or unit)
_OWN: dict[str, str] = {"campaign": "campaigns", "roster": "rosters", "fighter": "fighters",
                        "unit": "units", "battle": "battles"}
_POINTS: dict[str, tuple[tuple[str, str], ...]] = {
    "roster": (("campaign_id", "campaigns"),),
    "walker_type": (("campaign_id", "campaigns"),),
    "fighter": (("roster_id", "rosters"), ("crew_of_id", "fighters")),
    "unit": (("roster_id", "rosters"),),
    "equipment": (("fighter_id", "fighters"), ("unit_id", "units")),
    "skill": (("fighter_id", "fighters"),),
    "lasting_injury": (("fighter_id", "fighters"), ("battle_id", "battles")),
    "battle": (("campaign_id", "campaigns"),),
    "battle_roster": (("battle_id", "battles"), ("roster_id", "rosters")),
    "battle_result": (("battle_id", "battles"), ("fighter_id", "fighters"), ("unit_id", "units")),
    "battle_mark": (("battle_id", "battles"), ("fighter_id", "fighters"), ("unit_id", "units")),  # table helper
    "content_pack": (("campaign_id", "campaigns"),),  # gear helper
    "ledger_entry": (("roster_id", "rosters"), ("fighter_id", "fighters")),  # gear helper
    "stash_item": (("roster_id", "rosters"),),  # gear helper
    "territory": (("roster_id", "rosters"),),  # gear helper
    "system_record": (("campaign_id", "campaigns"), ("roster_id", "rosters")),  # records helper
}
_SHAPE = frozenset({"campaign", "roster", "fighter", "unit", "battle"})


def entry_changes(entry: JournalEntry) -> Changes:
    """What one journal entry changes: its own row and the rows it points at, before
    and after (a fighter moved between rosters changes both); an insert or delete of a
    campaign, roster, figure or battle changes the shape of the campaign tree."""
    found: dict[str, set[int]] = {}
    own = _OWN.get(entry.table_name)
    if own is not None and entry.row_id is not None:
        found.setdefault(own, set()).add(entry.row_id)
    for values in (entry.before, entry.after):
        for column, kind in _POINTS.get(entry.table_name, ()):
            v = (values or {}).get(column)
            if isinstance(v, int):
                found.setdefault(kind, set()).add(v)
    shape = entry.op in ("insert", "delete") and entry.table_name in _SHAPE
    if not shape and entry.op == "update":
        if entry.table_name in ("fighter", "unit"):
            shape = "roster_id" in (entry.after or {})  # moved to another roster
        elif entry.table_name == "campaign":
            shape = "deleted_at" in (entry.after or {})  # deleted, or brought back
    return Changes.of(campaigns=found.get("campaigns", ()), rosters=found.get("rosters", ()),
                      fighters=found.get("fighters", ()), units=found.get("units", ()),
                      battles=found.get("battles", ()), structure=shape, history=True)


def journal_changes(journal: Journal) -> Changes:
    """What undoing or redoing ``journal`` changes (the rows its entries name)."""
    out = Changes(history=True)
    for e in journal.entries:
        out |= entry_changes(e)
    return out


def bump_version(session: Session, obj: Any) -> None:
    """Raise ``obj``'s version by one without changing its columns: for a change of the
    rows that hang off it (a fighter's weapons and skills), so that a stale edit of the
    fighter is noticed. Journaled as an update that changes only the version (undo puts
    the version back, redo raises it again). A row changed meanwhile by someone else is
    a :class:`ConflictError`, as for any versioned update."""
    t = obj.__table__
    old = obj.version
    session.flush()  # pending inserts first (the journal keeps flush order)
    acting.note_core(session, t.name, {"id": obj.id, **{k: getattr(obj, k, None) for k in ("roster_id",)}})
    res = session.execute(update(t).where(t.c.id == obj.id, t.c.version == old).values(version=old + 1))
    if getattr(res, "rowcount", 1) != 1:  # a CursorResult for an UPDATE
        raise ConflictError(f"{_label_of(t.name, obj.id)} was changed by someone else meanwhile",
                            rows=((t.name, obj.id),))
    set_committed_value(obj, "version", old + 1)
    recorder = session.info.get(_RECORDER_KEY)
    if recorder is not None:
        recorder._entry(obj, "update", {}, {})


def journal_links(session: Session, table_name: str, row_ids: Iterable[int], values: dict[str, Any]) -> int:
    """Set ``values`` on the rows ``row_ids`` of an unjournaled log table (the roll
    record: a removed figure's rolls let go of it and are marked) with Core statements,
    journaled entry by entry, so that undo puts them back: a figure put back by undo has
    its rolls again. Ids with no row are left out (an entry for a row that is not there
    would make the action impossible to undo). Returns the count of rows changed."""
    recorder = session.info.get(_RECORDER_KEY)
    ids = sorted(set(row_ids))
    if not ids:
        return 0
    t = _table(table_name)
    cols = [t.c[k] for k in values]
    old: dict[int, dict[str, Any]] = {}
    for chunk in _chunks(ids):
        for row in session.execute(select(t.c.id, *cols).where(t.c.id.in_(chunk))):
            old[row[0]] = {k: _jsonable(v) for k, v in zip(values, row[1:], strict=True)}
        session.execute(update(t).where(t.c.id.in_(chunk)).values(values))
    if recorder is not None:
        for rid in sorted(old):
            recorder.seq += 1
            recorder.pending.append(JournalEntry(
                journal_id=recorder.journal.id,  # type: ignore[arg-type]
                seq=recorder.seq, table_name=table_name, row_id=rid, op="update",
                before=old[rid], after={k: _jsonable(v) for k, v in values.items()}, version_after=None,
            ))
        recorder.changes |= Changes(rolls=True)
    return len(old)


def _label_of(table_name: str, row_id: Any) -> str:
    return f"{table_name.replace('_', ' ')} #{row_id}"


def _table(name: str) -> Any:
    return SQLModel.metadata.tables[name]


def _coerce(table: Any, values: dict[str, Any]) -> dict[str, Any]:
    out = {}
    for k, v in values.items():
        v = _from_json(v)
        col = table.c.get(k)
        if col is not None and isinstance(v, str) and isinstance(col.type, (DateTime, Date)):
            v = datetime.fromisoformat(v) if isinstance(col.type, DateTime) else date.fromisoformat(v)
        out[k] = v
    return out


_Row = tuple[str, int]
_CHUNK = 500


def _chunks(ids: list[int]) -> Iterator[list[int]]:
    for i in range(0, len(ids), _CHUNK):
        yield ids[i:i + _CHUNK]


def _by_table(rows: Iterable[_Row]) -> dict[str, list[int]]:
    out: dict[str, set[int]] = {}
    for name, rid in rows:
        out.setdefault(name, set()).add(rid)
    return {name: sorted(ids) for name, ids in out.items()}


def _current_versions(session: Session, rows: Iterable[_Row]) -> dict[_Row, int | None]:
    """The rows that exist now, each with its version (None: a table without one)."""
    out: dict[_Row, int | None] = {}
    for name, ids in _by_table(rows).items():
        t = _table(name)
        cols = [t.c.id] + ([t.c.version] if "version" in t.c else [])
        for chunk in _chunks(ids):
            for row in session.execute(select(*cols).where(t.c.id.in_(chunk))):
                out[(name, row[0])] = row[1] if len(row) > 1 else None
    return out


class _History:
    """What other journals of the campaign recorded about the rows one journal touches:
    for each row, (journal id, journal undone, version_after, version_undone)."""

    def __init__(self, session: Session, journal: Journal, rows: Iterable[_Row]) -> None:
        je, jn = JournalEntry.__table__, Journal.__table__  # type: ignore[attr-defined]
        same = jn.c.campaign_id.is_(None) if journal.campaign_id is None else jn.c.campaign_id == journal.campaign_id
        self.rows: dict[_Row, list[tuple[int, bool, int | None, int | None]]] = {}
        groups = [(name, chunk) for name, ids in _by_table(rows).items() for chunk in _chunks(ids)]
        if not groups:
            return
        stmt = (select(je.c.journal_id, jn.c.undone, je.c.table_name, je.c.row_id, je.c.version_after,
                       je.c.version_undone)
                .join_from(je, jn, jn.c.id == je.c.journal_id)
                .where(same, je.c.journal_id != journal.id,
                       or_(*(and_(je.c.table_name == name, je.c.row_id.in_(chunk)) for name, chunk in groups))))
        for jid, undone, name, rid, v_after, v_undone in session.execute(stmt):
            self.rows.setdefault((name, rid), []).append((jid, bool(undone), v_after, v_undone))

    def undone_after(self, row: _Row, journal_id: int) -> int:
        """The highest version an undo of a later journal gave the row (0: none)."""
        return max((vu for jid, undone, _va, vu in self.rows.get(row, ())
                    if undone and jid > journal_id and vu is not None), default=0)

    def in_force_before(self, row: _Row, journal_id: int) -> int:
        """The highest version an earlier journal still in force left the row at (0: none)."""
        return max((va for jid, undone, va, _vu in self.rows.get(row, ())
                    if not undone and jid < journal_id and va is not None), default=0)

    def highest(self, row: _Row) -> int:
        return max((v for *_, va, vu in self.rows.get(row, ()) for v in (va, vu) if v is not None), default=0)


def _own_highest(entries: list[JournalEntry]) -> int:
    vs: list[int] = []
    for e in entries:
        vs += [v for v in (e.version_after, e.version_undone) if v is not None]
        vs += [v for v in ((e.before or {}).get("version"), (e.after or {}).get("version")) if isinstance(v, int)]
    return max(vs, default=0)


def _label(entry: JournalEntry) -> str:
    return _label_of(entry.table_name, entry.row_id)


def _rows_of(entries: list[JournalEntry]) -> dict[_Row, list[JournalEntry]]:
    """Each row the entries touch, with its entries oldest first."""
    out: dict[_Row, list[JournalEntry]] = {}
    for e in sorted(entries, key=lambda x: x.seq):
        out.setdefault((e.table_name, e.row_id), []).append(e)
    return out


class _Replay:
    """Core statements that replay journal entries, each guarded by the row's version
    (an optimistic lock, as any edit takes): the first write of a row in this replay
    raises its version by one, from the version checked beforehand, and a row that
    changed meanwhile (another writer got there between the check and the write) makes
    the statement touch nothing, which is a :class:`ConflictError`. Versions only go
    up; a row put back (re-inserted) gets a version above any it ever had."""

    def __init__(self, session: Session, verb: str, state: dict[_Row, int | None],
                 highest: dict[_Row, int]) -> None:
        self.session = session
        self.verb = verb
        self.state = state  # version of each existing row now (None: unversioned)
        self.highest = highest
        self.written: set[_Row] = set()
        self.removed_at: dict[_Row, int | None] = {}

    def _check(self, res: Any, e: JournalEntry) -> None:
        if getattr(res, "rowcount", 1) != 1:
            raise ConflictError(f"cannot {self.verb}: {_label(e)} was changed by someone else meanwhile; "
                                f"nothing was {self.verb}ne — try again", rows=((e.table_name, e.row_id),))

    def _next(self, row: _Row) -> int | None:
        cur = self.state.get(row)
        if cur is None:
            return None
        if row in self.written:
            return cur
        self.written.add(row)
        return max(cur, self.highest.get(row, 0)) + 1

    def insert(self, e: JournalEntry, values: dict[str, Any]) -> None:
        t, row = _table(e.table_name), (e.table_name, e.row_id)
        values = _coerce(t, values)
        if "version" in t.c:
            v = max(self.highest.get(row, 0), self.removed_at.get(row) or 0) + 1
            values["version"] = v
            self.state[row] = v
            self.written.add(row)
        else:
            self.state[row] = None
        acting.note_core(self.session, e.table_name, {**values, "id": e.row_id})
        self.session.execute(insert(t).values(**values))

    def update(self, e: JournalEntry, values: dict[str, Any]) -> None:
        t, row = _table(e.table_name), (e.table_name, e.row_id)
        values = _coerce(t, values)
        stmt = update(t).where(t.c.id == e.row_id)
        if "version" in t.c:
            old = self.state.get(row)
            new = self._next(row)
            stmt = stmt.where(t.c.version == old)
            values["version"] = new
            self.state[row] = new
        elif not values:
            return
        # server: the row as it was and as it will be (both must be the actor's)
        acting.note_core(self.session, e.table_name, {**(e.after or {}), **(e.before or {}), "id": e.row_id})
        acting.note_core(self.session, e.table_name, {**values, "id": e.row_id})
        self._check(self.session.execute(stmt.values(**values)), e)

    def delete(self, e: JournalEntry) -> None:
        t, row = _table(e.table_name), (e.table_name, e.row_id)
        stmt = delete(t).where(t.c.id == e.row_id)
        acting.note_core(self.session, e.table_name, {**(e.after or e.before or {}), "id": e.row_id})
        cur = self.state.pop(row, None)
        if "version" in t.c:
            stmt = stmt.where(t.c.version == cur)
        self._check(self.session.execute(stmt), e)
        self.removed_at[row] = cur
        self.written.discard(row)

    def left(self, row: _Row) -> int | None:
        """The version the replay left the row at (a removed row: the one it had)."""
        return self.state[row] if row in self.state else self.removed_at.get(row)


def _record(session: Session, rows: dict[_Row, list[JournalEntry]], replay: _Replay, column: str) -> None:
    """Write the version each row was left at into ``column`` of all its entries."""
    params = [{"b_id": e.id, "b_v": replay.left(row)} for row, es in rows.items() for e in es]
    if not params:
        return
    je = JournalEntry.__table__  # type: ignore[attr-defined]
    session.execute(update(je).where(je.c.id == bindparam("b_id")).values({column: bindparam("b_v")}), params)
    for row, es in rows.items():
        for e in es:
            set_committed_value(e, column, replay.left(row))


def _mark(session: Session, journal: Journal, *, undone: bool) -> None:
    """Mark ``journal`` undone (or redone) if it still may be: undo needs it to be the
    newest action in force, redo needs it undone with no new action since its undo. Two
    undos (or an undo and an edit) racing for the same step: one of them is refused."""
    jn = Journal.__table__  # type: ignore[attr-defined]
    other = jn.alias("other")
    cid = journal.campaign_id
    same = (lambda c: c.is_(None)) if cid is None else (lambda c: c == cid)
    later_in_force = exists().where(same(other.c.campaign_id), other.c.id > journal.id, other.c.undone.is_(False))
    newest = select(func.max(other.c.id)).where(same(other.c.campaign_id)).scalar_subquery()
    stmt = update(jn).where(jn.c.id == journal.id, ~later_in_force)
    acting.note_core(session, "journal", {"id": journal.id})
    now = utcnow()
    if undone:
        stmt = stmt.where(jn.c.undone.is_(False)).values(undone=True, undone_at=now, undo_mark=newest)
    else:
        stmt = stmt.where(jn.c.undone.is_(True), jn.c.undo_mark >= newest).values(undone=False, undone_at=None)
    if getattr(session.execute(stmt), "rowcount", 1) != 1:
        verb = "undo" if undone else "redo"
        raise ConflictError(f"cannot {verb} {journal.summary or journal.action}: the campaign's history was "
                            f"changed by someone else meanwhile; nothing was {verb}ne — reload and try again")
    session.info.setdefault("live.marked_journals", set()).add(journal.id)  # live helper: db.live
    # record helper: the journal's rolls are marked, never rewritten; each change of a
    # mark is a mark record appended to the chain (#35 item 4: the mark is hashed)
    from db.queries.rolls import set_marks

    new, old = ("undone", "applied") if undone else ("applied", "undone")
    set_marks(session, None, new, only=(old,), journal_id=journal.id)  # type: ignore[arg-type]  # a UoW's sqlmodel Session
    set_committed_value(journal, "undone", undone)
    set_committed_value(journal, "undone_at", now if undone else None)
    if undone:
        set_committed_value(journal, "undo_mark", session.execute(
            select(jn.c.undo_mark).where(jn.c.id == journal.id)).scalar())


def undo_journal(session: Session, journal: Journal) -> None:
    """Reverse every entry of ``journal``: see :func:`_undo_journal`. A refusal names the
    journal first (in a league, who made the change decides who may undo it)."""
    try:
        _undo_journal(session, journal)
    except ConflictError as e:
        e.rows = (("journal", journal.id or 0), *e.rows)
        raise


def redo_journal(session: Session, journal: Journal) -> None:
    """Re-apply an undone journal: see :func:`_redo_journal` (a refusal names the journal)."""
    try:
        _redo_journal(session, journal)
    except ConflictError as e:
        e.rows = (("journal", journal.id or 0), *e.rows)
        raise


def _undo_journal(session: Session, journal: Journal) -> None:
    """Reverse every entry of ``journal`` (newest first) with Core statements.

    Each row must still be as the journal left it: at the version the journal left it
    at, or at the version the undo of a later action gave it back. Anything else (a
    later action still in force, a writer that got in meanwhile) is a
    :class:`ConflictError` and nothing is undone. A row put back gets a new, higher
    version (versions never go back), so an editor holding an older one is refused."""
    rows = _rows_of(journal.entries)
    current = _current_versions(session, rows)
    hist = _History(session, journal, rows)
    jid = journal.id or 0
    for row, es in rows.items():
        last = es[-1]
        if last.op == "delete":
            if row in current:
                raise ConflictError(f"cannot undo: {_label(last)} exists again")
            continue
        if row not in current:
            raise ConflictError(f"cannot undo: {_label(last)} was removed by a later change")
        if current[row] is not None:
            expected = max(last.version_after or 0, hist.undone_after(row, jid))
            if current[row] != expected:
                raise ConflictError(f"cannot undo: {_label(last)} was changed by a later action")
    replay = _Replay(session, "undo", dict(current),
                     {row: max(_own_highest(es), hist.highest(row)) for row, es in rows.items()})
    for e in sorted(journal.entries, key=lambda x: x.seq, reverse=True):
        if e.op == "insert":
            replay.delete(e)
        elif e.op == "update":
            replay.update(e, e.before or {})
        elif e.op == "delete":
            replay.insert(e, e.before or {})
    _record(session, rows, replay, "version_undone")
    _mark(session, journal, undone=True)


def _undone_version(first: JournalEntry) -> int | None:
    """The version the journal's undo left a row at (its oldest entry ``first``)."""
    if first.version_undone is not None:
        return first.version_undone
    # undone before versions only went up: the undo put the old version back
    if first.op == "delete":
        v = (first.before or {}).get("version")
        return v if isinstance(v, int) else None
    return first.version_after - 1 if first.version_after is not None else None


def _redo_journal(session: Session, journal: Journal) -> None:
    """Re-apply an undone journal (oldest first), refusing if a row moved since the
    undo; guarded like :func:`undo_journal`, and versions go up again."""
    rows = _rows_of(journal.entries)
    current = _current_versions(session, rows)
    hist = _History(session, journal, rows)
    jid = journal.id or 0
    for row, es in rows.items():
        first = es[0]
        if first.op == "insert":
            if row in current:
                raise ConflictError(f"cannot redo: {_label(first)} exists again")
            continue
        if row not in current:
            raise ConflictError(f"cannot redo: {_label(first)} no longer exists")
        if current[row] is not None:
            expected = max(_undone_version(first) or 0, hist.in_force_before(row, jid))
            if current[row] != expected:
                raise ConflictError(f"cannot redo: {_label(first)} was changed after the undo")
    replay = _Replay(session, "redo", dict(current),
                     {row: max(_own_highest(es), hist.highest(row)) for row, es in rows.items()})
    for e in sorted(journal.entries, key=lambda x: x.seq):
        if e.op == "insert":
            replay.insert(e, e.after or {})
        elif e.op == "update":
            replay.update(e, e.after or {})
        elif e.op == "delete":
            replay.delete(e)
    _record(session, rows, replay, "version_after")
    _mark(session, journal, undone=False)


def undo_target(session: Session, campaign_id: int) -> Journal | None:
    """The journal Undo would reverse now in the campaign: its newest action not undone
    (check :func:`can_undo`: a campaign's creation or import cannot be undone)."""
    jid, undone = col(Journal.id), col(Journal.undone)
    stmt = select(Journal).where(col(Journal.campaign_id) == campaign_id, undone.is_(False))
    return session.execute(stmt.order_by(jid.desc()).limit(1)).scalars().first()


def redo_target(session: Session, campaign_id: int) -> Journal | None:
    """The journal Redo would apply again now: the oldest undone action after the
    newest one in force, undone since the campaign's last new action. A new action
    after an undo abandons what was undone before it (as in any editor): Redo never
    brings that back, not even after the new action is undone in turn."""
    jid, undone, cid = col(Journal.id), col(Journal.undone), col(Journal.campaign_id)
    last, newest = session.execute(
        select(func.max(case((undone.is_(False), jid))), func.max(jid)).where(cid == campaign_id)
    ).one()
    if newest is None:
        return None
    # undone with no new action since (a new action abandons the redo branch)
    stmt = select(Journal).where(cid == campaign_id, undone.is_(True), col(Journal.undo_mark) >= newest)
    if last is not None:
        stmt = stmt.where(jid > last)
    return session.execute(stmt.order_by(jid).limit(1)).scalars().first()


def can_undo(journal: Journal | None) -> bool:
    """Whether Undo may reverse ``journal`` (a campaign's creation cannot be undone)."""
    return journal is not None and journal.action != "campaign.create"
