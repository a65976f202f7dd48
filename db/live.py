"""Live updates: what another client committed, told to every window that shows it.

**PostgreSQL.** The unit of work sends ``pg_notify(CHANNEL, payload)`` in the same
transaction that makes the change (:func:`send`), so the notification goes out when,
and only when, the change is committed (a rolled-back change sends nothing). The
payload is the change set (:class:`campaign_app.changes.Changes`) in a compact JSON
form: the sender (one id per engine, so a window ignores its own changes), the
campaign, the ids by kind and the flags (:func:`encode`). One over PostgreSQL's
8000-byte payload limit says ``everything`` for that campaign. A :class:`PgListener`
holds its own connection (autocommit) that LISTENs; its :meth:`PgListener.poll` reads
what arrived without blocking (the GUI calls it when the socket has data).

**SQLite.** A file has no notifications: a :class:`SqliteWatcher` reads ``PRAGMA
data_version`` on a connection of its own (cheap: it changes when another connection
committed) and, when it moved, builds the change set from the journal: the journals
added, undone or redone since it last looked, less those this engine wrote itself
(:func:`remember_own`), and the rolls recorded meanwhile. A change the journal cannot
explain (an import, a restore) is ``everything``.
"""

from __future__ import annotations

import json
import uuid
import weakref
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import func, select, text
from sqlalchemy.engine import Connection, Engine
from sqlmodel import Session, col

from campaign_app.changes import Changes
from db.journal import entry_changes
from db.models import Journal, JournalEntry, RollRecord

__all__ = ["CHANNEL", "PAYLOAD_LIMIT", "PgListener", "SqliteWatcher", "decode", "encode",
           "remember_own", "send", "sender_of", "watcher"]

CHANNEL = "campaign_app_changes"
PAYLOAD_LIMIT = 8000  # bytes: PostgreSQL refuses a longer NOTIFY payload
MARKED_KEY = "live.marked_journals"  # session.info: journals a session undid or redid

_IDS = (("campaigns", "c"), ("rosters", "o"), ("fighters", "f"), ("units", "u"), ("battles", "b"))
_FLAGS = (("structure", "s"), ("rolls", "r"), ("history", "h"), ("everything", "e"))
_OWN_LIMIT = 5000  # journal and roll ids remembered per engine (the oldest go first)

_senders: weakref.WeakKeyDictionary[Engine, str] = weakref.WeakKeyDictionary()


def sender_of(engine: Engine) -> str:
    """This engine's id in the payloads it sends (a window skips its own changes)."""
    sid = _senders.get(engine)
    if sid is None:
        sid = _senders[engine] = uuid.uuid4().hex[:12]
    return sid


# --------------------------------------------------------------------------- payload
def encode(changes: Changes, sender: str, campaign_id: int | None = None) -> str:
    """``changes`` as a compact payload: ``{"s": sender, "k": campaign, "f": [ids], ...,
    "x": "shr"}``; over :data:`PAYLOAD_LIMIT` bytes, ``everything`` for the campaign."""
    d: dict[str, Any] = {"s": sender}
    if campaign_id is not None:
        d["k"] = campaign_id
    for name, key in _IDS:
        ids = getattr(changes, name)
        if ids:
            d[key] = sorted(ids)
    flags = "".join(k for name, k in _FLAGS if getattr(changes, name))
    if flags:
        d["x"] = flags
    out = json.dumps(d, separators=(",", ":"))
    if len(out.encode("utf-8")) >= PAYLOAD_LIMIT:
        short: dict[str, Any] = {"s": sender, "x": "e"}
        if campaign_id is not None:
            short["k"] = campaign_id
        out = json.dumps(short, separators=(",", ":"))
    return out


def decode(payload: str) -> tuple[str, Changes] | None:
    """The sender and change set of a payload; None for one that is not ours."""
    try:
        d = json.loads(payload)
    except ValueError:
        return None
    if not isinstance(d, dict) or not isinstance(d.get("s"), str):
        return None
    flags = str(d.get("x", ""))
    if "e" in flags:
        return d["s"], Changes.all()
    kw: dict[str, Any] = {}
    for name, key in _IDS:
        ids = d.get(key, [])
        kw[name] = frozenset(i for i in ids if isinstance(i, int)) if isinstance(ids, list) else frozenset()
    for name, key in _FLAGS:
        kw[name] = key in flags
    return d["s"], Changes(**kw)


def outgoing(changes: Changes, journaled: bool) -> Changes:
    """What a committed unit of work tells the others: its change set; for an
    unjournaled one that names nothing (an import, a restore), everything."""
    named = Changes(campaigns=changes.campaigns, rosters=changes.rosters, fighters=changes.fighters,
                    units=changes.units, battles=changes.battles, structure=changes.structure,
                    rolls=changes.rolls, everything=changes.everything)
    if not journaled and not named:
        return Changes.all()
    return changes


def send(session: Session, changes: Changes, campaign_id: int | None) -> None:
    """Queue the notification of ``changes`` in the session's transaction (PostgreSQL
    delivers it on commit, never on rollback). Nothing on SQLite, nothing when empty."""
    bind = session.get_bind()
    if bind.dialect.name != "postgresql" or not changes:
        return
    engine = bind.engine if isinstance(bind, Connection) else bind
    session.execute(text("SELECT pg_notify(:channel, :payload)"),
                    {"channel": CHANNEL, "payload": encode(changes, sender_of(engine), campaign_id)})


# --------------------------------------------------------------------------- own changes
@dataclass
class _Own:
    journals: dict[int, None] = field(default_factory=dict)  # an ordered set
    rolls: dict[int, None] = field(default_factory=dict)


_own: weakref.WeakKeyDictionary[Engine, _Own] = weakref.WeakKeyDictionary()


def _own_of(engine: Engine) -> _Own:
    own = _own.get(engine)
    if own is None:
        own = _own[engine] = _Own()
    return own


def remember_own(engine: Engine, journals: list[int], rolls: list[int]) -> None:
    """The journals (written, undone or redone) and rolls this engine committed: its
    :class:`SqliteWatcher` does not report them as another client's."""
    own = _own_of(engine)
    for store, ids in ((own.journals, journals), (own.rolls, rolls)):
        for i in ids:
            store[i] = None
        while len(store) > _OWN_LIMIT:
            del store[next(iter(store))]


# --------------------------------------------------------------------------- PostgreSQL
class PgListener:
    """A connection of its own that LISTENs for the changes of other clients."""

    def __init__(self, engine: Engine) -> None:
        import psycopg

        args, kwargs = engine.dialect.create_connect_args(engine.url)
        kwargs.pop("context", None)
        self.sender = sender_of(engine)
        self.conn = psycopg.connect(*args, **kwargs, autocommit=True)
        self.conn.execute(f"LISTEN {CHANNEL}")

    def fileno(self) -> int:
        return self.conn.fileno()

    def poll(self) -> list[Changes]:
        """The change sets other clients committed since the last call (never blocks).
        A lost connection raises ``psycopg.OperationalError``."""
        pg = self.conn.pgconn
        pg.consume_input()  # OperationalError when the server went away
        out: list[Changes] = []
        while (n := pg.notifies()) is not None:
            if n.relname.decode() != CHANNEL:
                continue
            got = decode(n.extra.decode("utf-8", "replace"))
            if got is not None and got[0] != self.sender:
                out.append(got[1])
        return out

    def close(self) -> None:
        self.conn.close()


# --------------------------------------------------------------------------- SQLite
class SqliteWatcher:
    """Whether another connection committed to the file, and what, from the journal."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.conn = engine.connect()
        self.version = self._data_version()
        with Session(engine) as s:
            self._read_marks(s)

    def fileno(self) -> int | None:
        return None

    def _data_version(self) -> int:
        v = self.conn.exec_driver_sql("PRAGMA data_version").scalar()
        self.conn.rollback()
        return int(v or 0)

    def _read_marks(self, s: Session) -> None:
        self.last_journal = int(s.execute(select(func.max(col(Journal.id)))).scalar() or 0)
        self.last_roll = int(s.execute(select(func.max(col(RollRecord.id)))).scalar() or 0)
        self.undone = set(s.execute(select(col(Journal.id)).where(col(Journal.undone).is_(True))).scalars())

    def poll(self) -> list[Changes]:
        """What other clients committed since the last call: one change set, or none
        when the file did not change (or only this engine changed it)."""
        v = self._data_version()
        if v == self.version:
            return []
        self.version = v
        own = _own_of(self.engine)
        with Session(self.engine) as s:
            before_journal, before_roll, before_undone = self.last_journal, self.last_roll, self.undone
            self._read_marks(s)
            if self.last_journal < before_journal or self.last_roll < before_roll:
                return [Changes.all()]  # rows went away under us: a restore
            new = set(s.execute(select(col(Journal.id)).where(col(Journal.id) > before_journal)).scalars())
            touched = (new | (self.undone ^ before_undone))
            theirs = {j for j in touched if j not in own.journals}
            for j in touched & set(own.journals):
                del own.journals[j]  # seen once: a later change of it is another's
            out = Changes()
            if theirs:
                with_entries: set[int] = set()
                for e in s.execute(select(JournalEntry).where(col(JournalEntry.journal_id).in_(sorted(theirs)))).scalars():
                    with_entries.add(e.journal_id)
                    out |= entry_changes(e)
                if new & theirs - with_entries:  # a journal with no entries: an import
                    return [Changes.all()]
                out |= Changes(history=True)
            rolls = s.execute(select(col(RollRecord.id), col(RollRecord.journal_id))
                              .where(col(RollRecord.id) > before_roll)).all()
            for rid, jid in rolls:
                if rid in own.rolls:
                    del own.rolls[rid]
                elif jid is None or jid in theirs or jid not in touched:
                    out |= Changes(rolls=True)
        return [out] if out else []

    def close(self) -> None:
        self.conn.close()


def watcher(engine: Engine) -> PgListener | SqliteWatcher | None:
    """The way to hear of other clients' changes on ``engine``'s database (None for an
    in-memory SQLite database, which no other client can open)."""
    if engine.dialect.name == "postgresql":
        return PgListener(engine)
    db = engine.url.database
    if not db or db == ":memory:":
        return None
    return SqliteWatcher(engine)
