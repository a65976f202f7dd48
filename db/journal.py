"""The change journal: every insert, update and delete a use-case makes through the ORM
is written as a :class:`JournalEntry` of that use-case's :class:`Journal`, in the same
transaction. Undo replays a journal backwards, redo forwards; both refuse (with
:class:`ConflictError`) when a row has changed since, so nothing is silently lost.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import Date, DateTime, delete, event, insert, inspect, select, update
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import set_committed_value
from sqlmodel import SQLModel, col

from campaign_app.changes import Changes
from campaign_app.errors import ConflictError
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
        # foreign key satisfied
        for obj in sorted((o for o in session.new if getattr(o, "__tablename__", None) in JOURNALED_TABLES),
                          key=lambda o: (_TABLE_ORDER[o.__tablename__], o.id)):
            self._entry(obj, "insert", None, _row_dict(obj))
        for obj in session.dirty:
            if getattr(obj, "__tablename__", None) not in JOURNALED_TABLES:
                continue
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
    if not shape and entry.table_name == "fighter" and entry.op == "update":
        shape = "roster_id" in (entry.after or {})  # moved to another roster
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
    res = session.execute(update(t).where(t.c.id == obj.id, t.c.version == old).values(version=old + 1))
    if getattr(res, "rowcount", 1) != 1:  # a CursorResult for an UPDATE
        raise ConflictError(f"{_label_of(t.name, obj.id)} was changed by someone else meanwhile")
    set_committed_value(obj, "version", old + 1)
    recorder = session.info.get(_RECORDER_KEY)
    if recorder is not None:
        recorder._entry(obj, "update", {}, {})


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


def _current_version(session: Session, table: Any, row_id: int) -> int | None | bool:
    """The row's version; None if the row has no version column; False if missing."""
    cols = [table.c.id] + ([table.c.version] if "version" in table.c else [])
    row = session.execute(select(*cols).where(table.c.id == row_id)).first()
    if row is None:
        return False
    return row[1] if len(row) > 1 else None


def _label(entry: JournalEntry) -> str:
    return _label_of(entry.table_name, entry.row_id)


def undo_journal(session: Session, journal: Journal) -> None:
    """Reverse every entry of ``journal`` (newest first) with Core statements.

    Versions go back with the data: undoing an update restores the version the row had
    before it, so a row is at version N exactly when it holds the data of version N.
    A row changed by a later action that is still in force makes the undo refuse."""
    entries = sorted(journal.entries, key=lambda e: e.seq, reverse=True)
    last_version = _last_versions(entries)
    for e in entries:
        t = _table(e.table_name)
        cur = _current_version(session, t, e.row_id)
        if e.op in ("insert", "update"):
            if cur is False:
                raise ConflictError(f"cannot undo: {_label(e)} was removed by a later change")
            expected = last_version.pop((e.table_name, e.row_id), None)
            if expected is not None and cur != expected:
                raise ConflictError(f"cannot undo: {_label(e)} was changed by a later action")
        if e.op == "insert":
            session.execute(delete(t).where(t.c.id == e.row_id))
        elif e.op == "update":
            values = _coerce(t, e.before or {})
            if e.version_after is not None:
                values["version"] = e.version_after - 1
            session.execute(update(t).where(t.c.id == e.row_id).values(**values))
        elif e.op == "delete":
            if cur is not False:
                raise ConflictError(f"cannot undo: {_label(e)} exists again")
            session.execute(insert(t).values(**_coerce(t, e.before or {})))
    journal.undone = True
    journal.undone_at = utcnow()
    session.add(journal)


def _last_versions(entries: list[JournalEntry]) -> dict[tuple[str, int], int]:
    """For each row, the version the journal left it at (its newest entry's)."""
    out: dict[tuple[str, int], int] = {}
    for e in sorted(entries, key=lambda x: x.seq):
        key = (e.table_name, e.row_id)
        if e.op == "delete":
            out.pop(key, None)
        elif e.version_after is not None:
            out[key] = e.version_after
    return out


def redo_journal(session: Session, journal: Journal) -> None:
    """Re-apply an undone journal (oldest first), refusing if a row moved since."""
    entries = sorted(journal.entries, key=lambda e: e.seq)
    for e in entries:
        t = _table(e.table_name)
        cur = _current_version(session, t, e.row_id)
        if e.op == "insert":
            if cur is not False:
                raise ConflictError(f"cannot redo: {_label(e)} exists again")
            session.execute(insert(t).values(**_coerce(t, e.after or {})))
            continue
        if cur is False:
            raise ConflictError(f"cannot redo: {_label(e)} no longer exists")
        if e.op == "update":
            if e.version_after is not None and cur != e.version_after - 1:
                raise ConflictError(f"cannot redo: {_label(e)} was changed after the undo")
            values = _coerce(t, e.after or {})
            if e.version_after is not None:
                values["version"] = e.version_after
            session.execute(update(t).where(t.c.id == e.row_id).values(**values))
        elif e.op == "delete":
            before_version = (e.before or {}).get("version")
            if before_version is not None and cur != before_version:
                raise ConflictError(f"cannot redo: {_label(e)} was changed after the undo")
            session.execute(delete(t).where(t.c.id == e.row_id))
    journal.undone = False
    journal.undone_at = None
    session.add(journal)


def undo_target(session: Session, campaign_id: int) -> Journal | None:
    """The journal Undo would reverse now in the campaign: its newest action not undone
    (check :func:`can_undo`: a campaign's creation or import cannot be undone)."""
    jid, undone = col(Journal.id), col(Journal.undone)
    stmt = select(Journal).where(col(Journal.campaign_id) == campaign_id, undone.is_(False))
    return session.execute(stmt.order_by(jid.desc()).limit(1)).scalars().first()


def redo_target(session: Session, campaign_id: int) -> Journal | None:
    """The journal Redo would apply again now: the oldest undone action after the
    newest one in force (none once something new was done after an undo)."""
    jid, undone, cid = col(Journal.id), col(Journal.undone), col(Journal.campaign_id)
    last = session.execute(
        select(jid).where(cid == campaign_id, undone.is_(False)).order_by(jid.desc()).limit(1)
    ).scalar()
    stmt = select(Journal).where(cid == campaign_id, undone.is_(True))
    if last is not None:
        stmt = stmt.where(jid > last)
    return session.execute(stmt.order_by(jid).limit(1)).scalars().first()


def can_undo(journal: Journal | None) -> bool:
    """Whether Undo may reverse ``journal`` (a campaign's creation cannot be undone)."""
    return journal is not None and journal.action != "campaign.create"
