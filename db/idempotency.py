"""Idempotency keys of the league server (#35, item 6): a write a client sends again
(it cannot know whether the first one arrived) applies once.

The server sets a :class:`Claim` (member, key, hash of the request) around the use-case
(:func:`claiming`). The first unit of work of it that commits writes the claim's row
in its own transaction (:func:`write_claim`, called by :meth:`db.uow.UnitOfWork.commit`
after the permission check, before the commit): the row exists exactly when the change
does. A second request with the same key whose transaction reaches that insert meets
the unique constraint on (member, key) and is rolled back whole
(:class:`KeyInUse`, 409): two concurrent sends never both apply. The answer (status and
JSON body) is added to the row right after (:func:`keep_answer`); a later send with the
key finds it (:func:`find`) and gets it back without running anything.

Rows older than :data:`KEEP` are pruned by their time index when an answer is kept."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import delete, event, insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session

from campaign_app.errors import ConflictError
from db.models import IdempotencyKey, utcnow

_T = IdempotencyKey.metadata.tables["idempotency_key"]
KEEP = timedelta(hours=24)
"""How long a key is remembered: a client retries within minutes, not days."""


class KeyInUse(ConflictError):
    """Another request with the same key committed first (or is committing now): this
    one is rolled back whole."""


@dataclass
class Claim:
    """A keyed request: whose, the key, the SHA-256 of its use-case and arguments;
    ``written``: its row was committed with a change."""

    member: str
    key: str
    request_hash: str
    written: bool = False


_CLAIM: ContextVar[Claim | None] = ContextVar("campaign_app_idempotency_claim", default=None)


def current() -> Claim | None:
    """The keyed request being run now (None: none)."""
    return _CLAIM.get()


@contextmanager
def claiming(claim: Claim | None) -> Iterator[Claim | None]:
    """Run the block with ``claim``: the first unit of work that commits writes it."""
    token = _CLAIM.set(claim)
    try:
        yield claim
    finally:
        _CLAIM.reset(token)


def write_claim(session: Session) -> None:
    """In the unit of work's transaction: the claim's row (once per request). Raises
    :class:`KeyInUse` when the key is already taken (the caller's transaction is then
    rolled back with everything it wrote)."""
    claim = _CLAIM.get()
    if claim is None or claim.written or session.info.get("idempotency.claimed"):
        return
    try:
        session.execute(insert(_T).values(
            member=claim.member, key=claim.key, request_hash=claim.request_hash, created_at=utcnow()))
    except IntegrityError:
        session.rollback()
        raise KeyInUse("a request with this Idempotency-Key is being applied or was applied just now; "
                       "nothing was saved by this one: send it again in a moment to get its answer") from None
    session.info["idempotency.claimed"] = True

    def _committed(_s: Session) -> None:
        claim.written = True

    event.listen(session, "after_commit", _committed, once=True)


@dataclass(frozen=True)
class Stored:
    request_hash: str
    status: int | None
    body: str | None
    created_at: datetime


def find(engine: Engine, member: str, key: str) -> Stored | None:
    """The row of ``member``'s ``key`` if it has not expired."""
    with Session(engine) as s:
        row = s.execute(select(_T.c.request_hash, _T.c.status, _T.c.body, _T.c.created_at)
                        .where(_T.c.member == member, _T.c.key == key)).first()
    if row is None:
        return None
    created = row.created_at if row.created_at.tzinfo is not None else row.created_at.replace(tzinfo=UTC)
    if utcnow() - created > KEEP:  # expired (not pruned yet): forgotten, the key is free again
        forget_expired(engine, member, key)
        return None
    return Stored(row.request_hash, row.status, row.body, created)


def forget_expired(engine: Engine, member: str, key: str) -> None:
    """Drop ``member``'s ``key`` if it has expired (so the key may be used again)."""
    with Session(engine) as s:
        s.execute(delete(_T).where(_T.c.member == member, _T.c.key == key, _T.c.created_at < utcnow() - KEEP))
        s.commit()


def keep_answer(engine: Engine, member: str, key: str, status: int, body: str) -> None:
    """The answer of a keyed request whose change committed; and expired rows pruned
    (through the time index: a few rows at a time, cheap)."""
    with Session(engine) as s:
        s.execute(update(_T).where(_T.c.member == member, _T.c.key == key).values(status=status, body=body))
        s.execute(delete(_T).where(_T.c.created_at < utcnow() - KEEP))
        s.commit()
