"""Unit of work: one use-case = one transaction = one journal = one undo step.

    with UnitOfWork(engine, "fighter.add", campaign_id=c.id) as uow:
        uow.session.add(fighter)
        uow.record_rolls(roller)           # every roll of the use-case, in order

On any exception nothing is written (the transaction rolls back). A stale edit
(another session changed the row) becomes :class:`ConflictError`; a constraint the
database refuses becomes :class:`InputError` naming it. On a league database
(:mod:`db.league`) a write refused for lack of rights (a grant, a row-level security
policy: SQLSTATE 42501, or an UPDATE that a policy made touch no row, which looks like a
stale version) becomes :class:`RefusedError` naming the roster and its owner, looked up
in a fresh transaction after the rollback. Two transactions that PostgreSQL had to part
(a deadlock it broke, or a serialization failure) are a :class:`ConflictError` too: the
one it stopped wrote nothing and may simply be run again.
"""

from __future__ import annotations

from collections.abc import Iterable
from types import TracebackType
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.orm.exc import StaleDataError
from sqlmodel import Session

from campaign_app import rollchain
from campaign_app.changes import Changes
from campaign_app.dice import Roller, RollResult
from campaign_app.errors import ConflictError, InputError, RefusedError
from db import acting, idempotency, live
from db.journal import JournalRecorder
from db.models import Journal, utcnow
from db.queries import rolls as roll_q

__all__ = ["Engine", "Preview", "Session", "UnitOfWork", "fault_point", "read_session", "work"]

# Test hook for fault injection: a callable run at named steps of a use-case.
FAULT_HOOK: Any = None


def fault_point(name: str) -> None:
    """Named step inside a use-case; tests may inject an exception here."""
    if FAULT_HOOK is not None:
        FAULT_HOOK(name)


class UnitOfWork:
    def __init__(self, engine: Engine, action: str, *, campaign_id: int | None = None,
                 summary: str = "", journaled: bool = True, durable: bool = True) -> None:
        """``durable=False`` (a preview's roll records, nothing of the game): on
        PostgreSQL the commit does not wait for the server to flush its log to disk
        (``synchronous_commit`` off for this transaction only). That is what SQLite's
        WAL with ``synchronous=NORMAL`` does for every commit: a crash of the server
        may lose the last such commits, never corrupt or reorder them, and a later
        durable commit (any change of the game) makes every one before it durable."""
        self.engine = engine
        self.durable = durable
        self._waits_not = False  # the commit is already told not to wait (PostgreSQL)
        self.action = action
        self.campaign_id = campaign_id
        self.summary = summary
        self.journaled = journaled
        self.session: Session = Session(engine, expire_on_commit=False)
        self.journal: Journal | None = None
        self._recorder: JournalRecorder | None = None
        self._discard = False
        self._changes = Changes()
        # what the last flush was writing (table and keys): read only to explain a refusal
        self._flushing: list[tuple[str, dict[str, Any]]] = []
        self._tables: set[str] = set()  # every table it flushed a row of (live: a sign-in tells no one)
        self._roll_ids: list[int] = []  # --- live: the rolls it wrote (live helper)
        event.listen(self.session, "before_flush", self._note_flush)
        # --- server: the member acting (db/acting.py), checked before the commit
        actor = acting.current()
        self._watch = acting.Watch(self.session, actor) if actor is not None else None

    def _note_flush(self, session: Session, _ctx: Any, _instances: Any) -> None:
        self._flushing = _touched([*session.dirty, *session.deleted, *session.new])
        self._tables.update(t for t, _ in self._flushing)

    @property
    def changes(self) -> Changes:
        """What this unit of work changed so far: every row it journaled (and what those
        rows point at), the rolls it recorded, the history (a journaled action is a new
        Undo step) and anything :meth:`note` added. Read it after the ``with`` block to return it."""
        out = self._changes
        if self._recorder is not None:
            out |= self._recorder.changes
        elif self._recorded is not None:
            out |= self._recorded
        if self.journaled:
            out |= Changes(history=True)
        return out

    def note(self, changes: Changes) -> None:
        """Add what the journal cannot see (Core statements, an unjournaled action)."""
        self._changes |= changes

    _recorded: Changes | None = None

    def __enter__(self) -> UnitOfWork:
        if self.journaled:
            self.journal = Journal(campaign_id=self.campaign_id, action=self.action, summary=self.summary[:500])
            if self._watch is not None:  # the league server: the member who made it
                self.journal.author = self._watch.actor.name
            self.session.add(self.journal)
            try:
                self.session.flush()
            except DBAPIError as e:  # a role that may not write the history at all
                if not _lacks_rights(e):
                    raise
                self.session.rollback()
                self.session.close()
                raise RefusedError(f"the database refused the change: {_first_line(e)}; nothing was saved") from None
            self._recorder = JournalRecorder(self.session, self.journal)
        return self

    def record_rolls(self, rolls: Roller | Iterable[RollResult], *, battle_id: int | None = None,
                     campaign_id: int | None = None, step: str = "", mark: str = "applied",
                     face_start: int | None = None, app_only: bool = False) -> list[int]:
        """Write roll records now (in this transaction), chained after the campaign's
        head; returns their ids in order.

        Each roll is stamped with ``extra["record_id"]`` so later rows (a lasting
        injury) can point at the roll that caused them. ``step`` names what the dice
        were rolled for (dice discipline); with ``face_start`` each roll also records
        the position of its first face in that step. ``app_only`` (previews): only the
        rolls whose faces the app rolled (typed faces are the player's own dice)."""
        items = rolls.rolls if isinstance(rolls, Roller) else list(rolls)
        rows = roll_rows(items, 0, None, battle_id, step, mark, face_start)
        cid = campaign_id or self.campaign_id
        if self._watch is not None and cid is not None:  # server: strict dice, whose previews
            acting.check_dice(self.session, cid, [r for r in items if "record_id" not in r.extra],
                              preview=mark == "preview", battle_id=battle_id, step=step)
        kept = [(r, row) for r, row in zip(items, rows, strict=True)
                if "record_id" not in r.extra and not (app_only and r.source == "typed")]
        items = [r for r, _row in kept]
        if cid is None:
            raise ValueError("rolls need a campaign")
        if not items:
            return []
        self._changes |= Changes(rolls=True)
        jid = self.journal.id if self.journal is not None else None
        rows = [row | {"campaign_id": cid, "journal_id": jid} for _r, row in kept]
        self.session.flush()
        ids = roll_q.insert_rolls(self.session, cid, rows, durable=self.durable)
        self._waits_not = not self.durable  # said with the chain's lock
        for r, rid in zip(items, ids, strict=True):
            r.extra["record_id"] = rid
        self._roll_ids += ids
        return ids

    def discard(self) -> None:
        """End the unit of work without writing anything (a dry run)."""
        self._discard = True

    def commit(self) -> None:
        s = self.session
        try:
            s.flush()
            fault_point("uow.before-journal")
            if self.journal is not None:
                if self.campaign_id is not None and self.journal.campaign_id is None:
                    self.journal.campaign_id = self.campaign_id
                if self.summary and self.journal.summary != self.summary:
                    self.journal.summary = self.summary[:500]
                s.add(self.journal)
                s.flush()
                assert self._recorder is not None
                self._recorder.write()
                self._recorder.detach()
                self._recorded = self._recorder.changes
                self._recorder = None
            if self._watch is not None:  # server: who acts may write all of it (same transaction)
                s.flush()
                acting.check(s, self._watch, writes=self.journaled or bool(self._roll_ids))
            # server: a keyed request's row, in the same transaction (db/idempotency.py)
            idempotency.write_claim(s)
            # --- live: the others are told in this transaction: on commit, never on rollback
            # (a member's sign-in or session use touches no game: no one is told, else every
            # window would reload everything on each request of the league server)
            if self.journaled or self._roll_ids or not (self._tables and self._tables <= _MEMBER_TABLES):
                live.send(s, live.outgoing(self.changes, self.journaled), self.campaign_id)
            fault_point("uow.before-commit")
            if not self.durable and not self._waits_not:
                roll_q.commit_without_wait(s)
            s.commit()
            own = [self.journal.id] if self.journal is not None and self.journal.id is not None else []
            live.remember_own(self.engine, own + sorted(s.info.get(live.MARKED_KEY, ())), self._roll_ids)
            # --- end live
        except StaleDataError as e:
            self._raise_refused(e)
            raise ConflictError(
                "someone else changed this since you opened it; nothing was saved — reload and try again"
            ) from None
        except IntegrityError as e:
            s.rollback()
            raise InputError(f"the database refused the change: {_integrity_reason(e)}") from None
        except DBAPIError as e:
            if _collided(e):
                s.rollback()
                raise ConflictError(COLLIDED) from None
            if not _lacks_rights(e):
                raise
            self._raise_refused(e)
            raise RefusedError(f"the database refused the change: {_first_line(e)}; nothing was saved") from None

    def _raise_refused(self, exc: BaseException) -> None:
        """Roll back; on a league database, raise the refusal explained (the rows this unit
        of work touched, looked up in a fresh transaction)."""
        touched = list(self._flushing)
        if isinstance(exc, ConflictError):
            touched = [(t, {"id": i}) for t, i in exc.rows] + touched
        self.session.rollback()
        if self.engine.dialect.name != "postgresql":
            return
        from db.league import refusal

        refused = refusal(self.engine, touched, exc)
        if refused is not None:
            raise refused from None

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        try:
            if exc_type is None and not self._discard:
                self.commit()
            else:
                if isinstance(exc, StaleDataError | ConflictError) or (
                        isinstance(exc, DBAPIError) and _lacks_rights(exc)):
                    assert exc is not None
                    self._raise_refused(exc)
                    if isinstance(exc, DBAPIError):
                        raise RefusedError(
                            f"the database refused the change: {_first_line(exc)}; nothing was saved") from None
                self.session.rollback()
                if isinstance(exc, DBAPIError) and _collided(exc):
                    raise ConflictError(COLLIDED) from None
                if isinstance(exc, StaleDataError):
                    raise ConflictError(
                        "someone else changed this since you opened it; nothing was saved — reload and try again"
                    ) from None
        finally:
            if self._recorder is not None:
                self._recorder.detach()
            if self._watch is not None:
                self._watch.detach()
            self.session.close()


COLLIDED = ("someone else was saving the same rows at the same moment; nothing was saved "
            "— try again")


def _collided(e: DBAPIError) -> bool:
    """PostgreSQL stopped this transaction to let another go on: a deadlock it broke
    (40P01) or a serialization failure (40001)."""
    return getattr(e.orig, "sqlstate", None) in ("40P01", "40001")


def _lacks_rights(e: DBAPIError) -> bool:
    return getattr(e.orig, "sqlstate", None) == "42501"  # insufficient_privilege


def _first_line(e: DBAPIError) -> str:
    return str(e.orig).strip().splitlines()[0] if str(e.orig).strip() else "permission denied"


_KEYS = ("id", "roster_id", "fighter_id", "unit_id", "battle_id", "journal_id", "campaign_id")


_MEMBER_TABLES = frozenset({"member", "member_session"})


def _touched(objects: Iterable[Any]) -> list[tuple[str, dict[str, Any]]]:
    """The rows a refused unit of work was writing (table, the keys leading to a roster),
    read from the objects' state without loading anything; existing rows first."""
    out: list[tuple[str, dict[str, Any]]] = []
    for obj in objects:
        table = getattr(type(obj), "__tablename__", None)
        if isinstance(table, str):
            state = obj.__dict__
            out.append((table, {k: state[k] for k in _KEYS if state.get(k) is not None}))
    return out


def roll_rows(items: Iterable[RollResult], campaign_id: int, journal_id: int | None, battle_id: int | None,
              step: str = "", mark: str = "applied", face_start: int | None = None) -> list[dict[str, Any]]:
    """The roll record rows of ``items`` (not yet chained)."""
    now = utcnow()
    rows: list[dict[str, Any]] = []
    pos = face_start
    for r in items:
        rows.append({
            "campaign_id": campaign_id,
            "journal_id": journal_id,
            "battle_id": battle_id,
            "fighter_id": r.fighter_id,
            "unit_id": r.unit_id,
            "subject": str(r.extra.get("subject", ""))[:200],
            "created_at": now,
            "purpose": r.purpose,
            "rule": r.rule[:200],
            "dice": r.spec,
            "faces": r.faces_text,
            "source": r.source,
            "target": r.target,
            "value": r.value,
            "table_id": r.table or "",
            "row": r.row or "",
            "result": r.result or "",
            "label": str(r.extra.get("label", ""))[:200],
            "figure_removed": False,
            "mark": mark,
            "step": step[:120],
            "face_pos": pos,
            "v": rollchain.VERSION,  # the first mark is hashed (#35 item 4)
            "first_mark": mark,
        })
        if pos is not None:
            pos += len(r.faces)
    return rows


def _integrity_reason(e: IntegrityError) -> str:
    text = str(getattr(e, "orig", e)).strip().splitlines()[0]
    if "UNIQUE" in text.upper() or "unique" in text:
        return f"a name or number is already used ({text})"
    return text


def read_session(engine: Engine) -> Session:
    """A session for reads (no journal)."""
    return Session(engine, expire_on_commit=False)


class Preview:
    """A dry run's stand-in for :class:`UnitOfWork`: the same ``session``,
    ``campaign_id`` and ``summary``, but no journal, no flush and no commit: it reads
    and writes nothing (whatever the session holds is rolled back)."""

    def __init__(self, engine: Engine, action: str) -> None:
        self.engine = engine
        self.action = action
        self.campaign_id: int | None = None
        self.summary = ""
        self.session: Session = Session(engine, expire_on_commit=False, autoflush=False)
        self._rolls: list[tuple[list[RollResult], dict[str, Any]]] = []
        self.changes = Changes()

    def __enter__(self) -> Preview:
        return self

    def discard(self) -> None:
        return None

    def record_rolls(self, rolls: Roller | Iterable[RollResult], *, battle_id: int | None = None,
                     step: str = "", face_start: int | None = 0) -> None:
        """The preview's rolls the app rolled go on record too (marked ``preview``),
        written when the preview ends in their own small transaction: a record, not a
        change of the game (no journal, no undo step, no version touched)."""
        items = list(rolls.rolls if isinstance(rolls, Roller) else rolls)
        self._rolls.append((items, {"battle_id": battle_id, "step": step, "face_start": face_start}))

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.session.rollback()
        self.session.close()
        if exc_type is None and self._rolls and self.campaign_id is not None:
            with UnitOfWork(self.engine, "preview", campaign_id=self.campaign_id, journaled=False) as uow:
                for items, kw in self._rolls:
                    uow.record_rolls(items, mark="preview", app_only=True, **kw)
            self.changes = uow.changes


def work(engine: Engine, action: str, dry_run: bool) -> UnitOfWork | Preview:
    """The unit of work of a writing use-case, or (``dry_run``) a :class:`Preview`."""
    return Preview(engine, action) if dry_run else UnitOfWork(engine, action)
