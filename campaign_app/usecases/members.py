"""The league server's members and sessions (#35): add a member, log in and out, look a
session up by its token, list and revoke sessions.

A password is kept only as an argon2id hash (argon2-cffi's defaults, RFC 9106's second
recommended profile); a session's bearer token (32 random bytes, URL-safe) is given to
the client once and kept only as its SHA-256. None of these use-cases is journaled:
members and sessions are not a change of the game (no undo)."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache
from typing import TYPE_CHECKING

from typing_extensions import TypedDict  # pydantic reads it on Python 3.11 (the facade's results)

from campaign_app.errors import AuthError, InputError, NotFoundError
from campaign_app.usecases.common import clean_name
from db import members as member_q
from db.models import MEMBER_ROLES, Member, MemberSession, utcnow
from db.uow import Engine, UnitOfWork, read_session

if TYPE_CHECKING:
    from argon2 import PasswordHasher

SESSION_DAYS = 30
MAX_PASSWORD = 1024  # characters: argon2 takes any length, a request body need not
_NOT_IN = "wrong name or password"


@cache
def _hasher() -> PasswordHasher:
    from argon2 import PasswordHasher

    return PasswordHasher()  # argon2id, 64 MiB, 3 passes, 4 lanes


@cache
def _dummy_hash() -> str:
    """A hash to check an unknown name's password against: a wrong name takes as long
    as a wrong password (no telling which names exist by the time it takes)."""
    return _hasher().hash(secrets.token_hex(16))


def password_hash_of(password: str) -> str:
    """The argon2id hash kept of a new member's ``password`` (checked: not empty, not
    longer than :data:`MAX_PASSWORD`)."""
    return _hasher().hash(_password(password))


def token_hash(token: str) -> str:
    """What is stored of a bearer token: its SHA-256, hex."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(frozen=True)
class MemberAdded:
    id: int
    name: str
    role: str


@dataclass(frozen=True)
class LoggedIn:
    token: str
    session_id: int
    name: str
    role: str
    expires_at: datetime


@dataclass(frozen=True)
class Who:
    """The member behind a valid session; or a device at the table (role ``device``,
    :mod:`campaign_app.usecases.devices`), scoped to one battle and one of its rosters
    (``battle_id``, ``roster_id``: None for a member)."""

    name: str
    role: str
    session_id: int
    expires_at: datetime
    battle_id: int | None = None
    roster_id: int | None = None


@dataclass(frozen=True)
class Revoked:
    sessions: int


class MemberRoster(TypedDict):
    id: int
    name: str


class MemberRow(TypedDict):
    name: str
    role: str
    disabled: bool
    created_at: datetime
    rosters: list[MemberRoster]


class SessionRow(TypedDict):
    id: int
    member: str
    created_at: datetime
    last_used: datetime
    expires_at: datetime
    state: str  # active, expired, revoked


def _role(role: str) -> str:
    r = str(role).strip().lower()
    if r not in MEMBER_ROLES:
        raise InputError(f"role {role!r} is not one of {', '.join(MEMBER_ROLES)}")
    return r


def _password(password: str) -> str:
    if not isinstance(password, str) or not password:
        raise InputError("a member needs a password (an empty one cannot log in)")
    if len(password) > MAX_PASSWORD:
        raise InputError(f"the password is longer than {MAX_PASSWORD} characters")
    return password


def add_member(engine: Engine, name: str, password: str, role: str = "player") -> MemberAdded:
    """A new member ``name`` with ``role`` (arbitrator, player or viewer); the password
    is kept as an argon2id hash. A name already taken is refused."""
    who = clean_name(name, "member name")
    if len(who) > 63:
        raise InputError(f"the member name {who[:20]}... is too long (at most 63 characters)")
    r = _role(role)
    hashed = _hasher().hash(_password(password))
    with UnitOfWork(engine, "member.add", journaled=False) as uow:
        s = uow.session
        if member_q.by_name(s, who) is not None:
            raise InputError(f"{who} is already a member")
        m = Member(name=who, password_hash=hashed, role=r)
        s.add(m)
        s.flush()
        assert m.id is not None
        out = MemberAdded(id=m.id, name=who, role=r)
    return out


@dataclass(frozen=True)
class MemberChanged:
    name: str
    role: str
    disabled: bool
    password_changed: bool
    sessions_ended: int


def set_member(engine: Engine, name: str, *, password: str | None = None, role: str | None = None,
               disabled: bool | None = None) -> MemberChanged:
    """Change a member's password, role or whether they are disabled. A new password or
    disabling ends every session of theirs (they log in again, or not at all)."""
    hashed = _hasher().hash(_password(password)) if password is not None else None
    r = _role(role) if role is not None else None
    if hashed is None and r is None and disabled is None:
        raise InputError("nothing to change: give a new password, a role, or disable or enable")
    with UnitOfWork(engine, "member.set", journaled=False) as uow:
        s = uow.session
        m = member_q.by_name(s, str(name).strip())
        if m is None:
            raise NotFoundError(f"no member named {name!r}")
        if hashed is not None:
            m.password_hash = hashed
        if r is not None:
            m.role = r
        if disabled is not None:
            m.disabled = disabled
        ended = 0
        if hashed is not None or disabled:
            for x, _m in member_q.sessions(s, m.id):
                if not x.revoked:
                    x.revoked = True
                    ended += 1
        out = MemberChanged(name=m.name, role=m.role, disabled=m.disabled, password_changed=hashed is not None,
                            sessions_ended=ended)
    return out


def members(engine: Engine) -> list[MemberRow]:
    """Every member, with the rosters they own (``roster.owner``)."""
    with read_session(engine) as s:
        owned = member_q.rosters_of(s)
        return [{"name": m.name, "role": m.role, "disabled": m.disabled, "created_at": member_q.aware(m.created_at),
                 "rosters": [{"id": i, "name": n} for i, n in owned.get(m.name, [])]}
                for m in member_q.all_members(s)]


def login(engine: Engine, name: str, password: str, *, days: int = SESSION_DAYS) -> LoggedIn:
    """A new session for ``name`` if ``password`` is theirs: its token (shown once, kept
    only hashed). A wrong name, password or a disabled member: :class:`AuthError`."""
    if not isinstance(password, str) or len(password) > MAX_PASSWORD:
        raise AuthError(_NOT_IN)
    from argon2.exceptions import InvalidHashError, VerificationError

    with read_session(engine) as s:
        m = member_q.by_name(s, str(name).strip())
    try:
        _hasher().verify(m.password_hash if m is not None else _dummy_hash(), password)
    except (VerificationError, InvalidHashError):
        raise AuthError(_NOT_IN) from None
    if m is None:
        raise AuthError(_NOT_IN)
    if m.disabled:
        raise AuthError(f"{m.name} is disabled: ask the league's arbitrator")
    token = secrets.token_urlsafe(32)
    now = utcnow()
    with UnitOfWork(engine, "member.login", journaled=False) as uow:
        assert m.id is not None
        sess = MemberSession(token_hash=token_hash(token), member_id=m.id, created_at=now, last_used=now,
                             expires_at=now + timedelta(days=days))
        uow.session.add(sess)
        if _hasher().check_needs_rehash(m.password_hash):  # argon2 parameters raised since
            fresh = uow.session.get(Member, m.id)
            if fresh is not None:
                fresh.password_hash = _hasher().hash(password)
        uow.session.flush()
        assert sess.id is not None
        out = LoggedIn(token=token, session_id=sess.id, name=m.name, role=m.role, expires_at=sess.expires_at)
    return out


def authenticate(engine: Engine, token: str) -> Who:
    """The member behind bearer ``token``, its session's use noted; an unknown, expired
    or revoked token, or a disabled member: :class:`AuthError`. A device session's token
    (:func:`campaign_app.usecases.devices.join`) gives a device: role ``device``, its
    battle and roster (refused once its invitation ended or its battle is finished)."""
    if not token or len(token) > 200:
        raise AuthError("not logged in (no valid token)")
    with UnitOfWork(engine, "member.seen", journaled=False) as uow:
        found = member_q.session_by_hash(uow.session, token_hash(token))
        now = utcnow()
        if found is None:
            from campaign_app.usecases.devices import device_who

            device = device_who(uow.session, token_hash(token), now)
            if device is None:
                raise AuthError("not logged in (no valid token)")
            dsess, name, battle_id, roster_id = device
            assert dsess.id is not None
            out = Who(name=name, role="device", session_id=dsess.id, expires_at=member_q.aware(dsess.expires_at),
                      battle_id=battle_id, roster_id=roster_id)
            return out
        sess, m = found
        if sess.revoked:
            raise AuthError("this session was ended: log in again")
        if member_q.aware(sess.expires_at) <= now:
            raise AuthError("this session expired: log in again")
        if m.disabled:
            raise AuthError(f"{m.name} is disabled: ask the league's arbitrator")
        sess.last_used = now
        assert sess.id is not None
        out = Who(name=m.name, role=m.role, session_id=sess.id, expires_at=member_q.aware(sess.expires_at))
    return out


def logout(engine: Engine, token: str) -> Revoked:
    """End the session of ``token``, a member's or a device's (nothing to end: 0)."""
    from db import devices as device_q

    with UnitOfWork(engine, "member.logout", journaled=False) as uow:
        found = member_q.session_by_hash(uow.session, token_hash(token or ""))
        device = device_q.session_by_hash(uow.session, token_hash(token or "")) if found is None else None
        sess = found[0] if found is not None else device[0] if device is not None else None
        if sess is None or sess.revoked:
            return Revoked(sessions=0)
        sess.revoked = True
    return Revoked(sessions=1)


def sessions(engine: Engine, member: str | None = None) -> list[SessionRow]:
    """The sessions (of ``member``), oldest first: none shows its token (only its id)."""
    now = utcnow()
    with read_session(engine) as s:
        mid = None
        if member is not None:
            m = member_q.by_name(s, member)
            if m is None:
                raise NotFoundError(f"no member named {member!r}")
            mid = m.id
        return [{"id": x.id or 0, "member": m.name, "created_at": member_q.aware(x.created_at),
                 "last_used": member_q.aware(x.last_used), "expires_at": member_q.aware(x.expires_at),
                 "state": "revoked" if x.revoked else "expired" if member_q.aware(x.expires_at) <= now else "active"}
                for x, m in member_q.sessions(s, mid)]


def revoke(engine: Engine, session_id: int | None = None, *, member: str | None = None) -> Revoked:
    """End session ``session_id``, or every session of ``member``."""
    if (session_id is None) == (member is None):
        raise InputError("give a session id or a member, not both")
    n = 0
    with UnitOfWork(engine, "member.revoke", journaled=False) as uow:
        s = uow.session
        if session_id is not None:
            found = s.get(MemberSession, session_id)
            if found is None:
                raise NotFoundError(f"no session {session_id}")
            rows = [found]
        else:
            m = member_q.by_name(s, str(member))
            if m is None:
                raise NotFoundError(f"no member named {member!r}")
            rows = [x for x, _m in member_q.sessions(s, m.id)]
        for x in rows:
            if not x.revoked:
                x.revoked = True
                n += 1
    return Revoked(sessions=n)
