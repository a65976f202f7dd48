"""Phones and tablets at the table (#29): invite a device to one battle, for one of its
rosters (the desktop's Battle > Invite to the Table, ``campaign-app battle invite``);
join by that invitation (the league server's ``/join``); list and revoke invitations.

An invitation token (32 random bytes, URL-safe, shown once as a QR code and a URL) is
kept only as its SHA-256, like a member's session. It is **reusable until it ends**: a
phone whose browser dropped its cookie scans the same code again and is back at the
table, as players expect. It ends at the earliest of: its time limit (``minutes``), its
revocation (:func:`uninvite`), and its battle being finished (checked at every request,
so undoing the finish opens it again until its time limit). Each join makes a device
session (its own token, the browser's ``ca_session`` cookie) that ends with its
invitation. A device session is a :class:`~campaign_app.usecases.members.Who` with
role ``device`` and a ``battle_id`` and ``roster_id``: :mod:`db.acting` lets it write
only the marks of its own roster's figures in its battle.

Who may invite (or revoke): with no one acting (the desktop app or the CLI on its own
file) anyone; through the league server the arbitrator, or the player who owns the
roster. None of these use-cases is journaled (credentials, not a change of the game)."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from typing_extensions import TypedDict  # pydantic reads it on Python 3.11 (the facade's results)

from campaign_app.errors import AuthError, InputError, NotFoundError, RefusedError
from campaign_app.usecases.common import Ref, clean_int, get_battle, get_roster
from campaign_app.usecases.members import token_hash
from db import devices as device_q
from db.models import DeviceInvite, DeviceSession, Roster, utcnow
from db.queries import battles as battle_q
from db.uow import Engine, Session, UnitOfWork, read_session

DEFAULT_MINUTES = 6 * 60  # an evening's game
MAX_MINUTES = 7 * 24 * 60
FINISHED = "finished"  # campaign_app.usecases.table.FINISHED (not imported: table imports much)
_NOT_VALID = "this invitation to the table is not valid (ask for a new QR code)"


@dataclass(frozen=True)
class Invited:
    """An invitation: its token (shown once: the QR code), what it opens, until when."""

    token: str
    invite_id: int
    battle_id: int
    battle_number: int
    roster_id: int
    roster: str
    expires_at: datetime


@dataclass(frozen=True)
class Joined:
    """A device session: its token (the ``ca_session`` cookie), battle, roster, end."""

    token: str
    session_id: int
    battle_id: int
    roster_id: int
    roster: str
    expires_at: datetime


@dataclass(frozen=True)
class Uninvited:
    invite_id: int
    sessions: int  # device sessions it ended


class InviteRow(TypedDict):
    id: int
    battle_id: int
    battle_number: int
    roster_id: int
    roster: str
    created_by: str | None
    created_at: datetime
    expires_at: datetime
    devices: int  # how many times it was used to join
    state: str  # active, expired, revoked, battle finished


def _aware(when: datetime) -> datetime:
    from db.members import aware

    return aware(when)


def device_name(roster: Roster) -> str:
    """Who a device acts as (the history's author): its roster's owner (so they may undo
    its marks from their own login), else the roster's name at the table."""
    return roster.owner or f"{roster.name} (at the table)"[:63]


def _may_invite(roster: Roster, doing: str) -> None:
    from db.acting import current

    actor = current()
    if actor is None or actor.role == "arbitrator":
        return
    if actor.role == "player" and actor.battle_id is None and roster.owner == actor.name:
        return
    raise RefusedError(f"refused by the league server: only the arbitrator or {roster.name}'s owner may "
                       f"{doing}; nothing was saved")


def _state(inv: DeviceInvite, battle_state: str, now: datetime) -> str:
    if inv.revoked:
        return "revoked"
    if battle_state == FINISHED:
        return "battle finished"
    if _aware(inv.expires_at) <= now:
        return "expired"
    return "active"


def invite_to_table(engine: Engine, battle: Ref, roster: Ref, *, minutes: int | str = DEFAULT_MINUTES) -> Invited:
    """Invite a phone or tablet to ``battle`` for ``roster`` (one of its rosters): a
    token (shown once) that lets a device read the battle and mark its roster's figures,
    reusable until ``minutes`` pass, it is revoked or the battle is finished."""
    mins = clean_int(minutes, "minutes", 1, MAX_MINUTES)
    token = secrets.token_urlsafe(32)
    now = utcnow()
    with UnitOfWork(engine, "device.invite", journaled=False) as uow:
        s = uow.session
        b = get_battle(s, battle)
        r = get_roster(s, roster)
        assert b.id is not None and r.id is not None
        if b.state == FINISHED:
            raise InputError(f"battle {b.number} is finished: no one joins it now")
        if r.id not in {link.roster_id for link in battle_q.battle_links(s, b.id)}:
            raise InputError(f"{r.name} does not take part in battle {b.number}")
        _may_invite(r, "invite a device to the table for it")
        from db.acting import current

        actor = current()
        inv = DeviceInvite(token_hash=token_hash(token), battle_id=b.id, roster_id=r.id,
                           created_by=actor.name if actor is not None else None, created_at=now,
                           expires_at=now + timedelta(minutes=mins))
        s.add(inv)
        s.flush()
        assert inv.id is not None
        out = Invited(token=token, invite_id=inv.id, battle_id=b.id, battle_number=b.number, roster_id=r.id,
                      roster=r.name, expires_at=inv.expires_at)
    return out


def join(engine: Engine, device_token: str) -> Joined:
    """A device joins the table with an invitation's token: a new device session (its
    own token, shown once) scoped to the invitation's battle and roster. A forged,
    expired or revoked token, or a finished battle: :class:`AuthError`, nothing written."""
    if not isinstance(device_token, str) or not device_token or len(device_token) > 200:
        raise AuthError(_NOT_VALID)
    token = secrets.token_urlsafe(32)
    now = utcnow()
    with UnitOfWork(engine, "device.join", journaled=False) as uow:
        s = uow.session
        inv = device_q.invite_by_hash(s, token_hash(device_token))
        if inv is None:
            raise AuthError(_NOT_VALID)
        b = get_battle(s, inv.battle_id)
        r = s.get(Roster, inv.roster_id)
        assert r is not None and inv.id is not None
        state = _state(inv, b.state, now)
        if state != "active":
            raise AuthError(f"this invitation to battle {b.number} has ended ({state}): ask for a new QR code")
        sess = DeviceSession(token_hash=token_hash(token), invite_id=inv.id, created_at=now, last_used=now,
                             expires_at=inv.expires_at)
        s.add(sess)
        s.flush()
        assert sess.id is not None
        out = Joined(token=token, session_id=sess.id, battle_id=inv.battle_id, roster_id=inv.roster_id,
                     roster=r.name, expires_at=_aware(inv.expires_at))
    return out


def device_who(s: Session, hashed: str, now: datetime) -> tuple[DeviceSession, str, int, int] | None:
    """For :func:`campaign_app.usecases.members.authenticate`: the device session of a
    token's hash (its use noted) as (session, name, battle id, roster id); None: no such
    device; one that ended: :class:`AuthError`."""
    found = device_q.session_by_hash(s, hashed)
    if found is None:
        return None
    sess, inv, b, r = found
    if sess.revoked:
        raise AuthError("this device's place at the table was ended: scan the QR code again")
    state = _state(inv, b.state, now)
    if state != "active" or _aware(sess.expires_at) <= now:
        raise AuthError(f"this device's invitation to battle {b.number} has ended "
                        f"({'expired' if state == 'active' else state})")
    sess.last_used = now
    assert b.id is not None and r.id is not None
    return sess, device_name(r), b.id, r.id


def invites(engine: Engine, battle: Ref | None = None) -> list[InviteRow]:
    """The invitations to the table (of ``battle``), oldest first: never a token."""
    now = utcnow()
    with read_session(engine) as s:
        bid = get_battle(s, battle).id if battle is not None else None
        return [{"id": inv.id or 0, "battle_id": b.id or 0, "battle_number": b.number, "roster_id": r.id or 0,
                 "roster": r.name, "created_by": inv.created_by, "created_at": _aware(inv.created_at),
                 "expires_at": _aware(inv.expires_at), "devices": n, "state": _state(inv, b.state, now)}
                for inv, b, r, n in device_q.invites(s, bid)]


def uninvite(engine: Engine, invite_id: int | str) -> Uninvited:
    """End invitation ``invite_id`` and every device that joined by it."""
    iid = clean_int(invite_id, "invitation id", 1)
    with UnitOfWork(engine, "device.uninvite", journaled=False) as uow:
        s = uow.session
        inv = s.get(DeviceInvite, iid)
        if inv is None:
            raise NotFoundError(f"no invitation to the table {iid}")
        r = s.get(Roster, inv.roster_id)
        assert r is not None
        _may_invite(r, "end its invitations")
        inv.revoked = True
        n = 0
        for sess in device_q.sessions_of(s, iid):
            if not sess.revoked:
                sess.revoked = True
                n += 1
    return Uninvited(invite_id=iid, sessions=n)


# --------------------------------------------------------------------------- the code to scan
DEFAULT_PORT = 8350  # campaign_app.cli.serve.DEFAULT_BIND's


def lan_address() -> str:
    """This machine's address on its local network (what a phone at the table reaches);
    127.0.0.1 when it has none. No packet is sent (a UDP socket's route only)."""
    import socket

    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("10.255.255.255", 1))
        return str(s.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()


def join_url(token: str, host: str | None = None, port: int = DEFAULT_PORT) -> str:
    """The link the QR code holds: ``http://HOST:PORT/join#t=TOKEN`` (the token in the
    fragment, which no browser sends to a server)."""
    from urllib.parse import quote

    return f"http://{host or lan_address()}:{port}/join#t={quote(token, safe='')}"


def qr_text(url: str) -> str:
    """The QR code of ``url`` as text for a terminal (Unicode half blocks)."""
    import io

    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()


def serve_environment(engine: Engine) -> dict[str, str]:
    """The environment a table server started by the window needs to open ``engine``'s
    database: its URL, password included, in ``CAMPAIGN_APP_DB`` (an environment is
    private to its user; a command line shows in every process list)."""
    from db.paths import ENV_VAR

    return {ENV_VAR: engine.url.render_as_string(hide_password=False)}
