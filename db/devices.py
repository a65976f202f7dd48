"""Devices at the table (tables ``device_invite``, ``device_session``, #29): the queries
only. Tokens are the use-cases' (:mod:`campaign_app.usecases.devices`); no token
reaches this module, only its SHA-256."""

from __future__ import annotations

from sqlmodel import Session, col, func, select

from db.models import Battle, DeviceInvite, DeviceSession, Roster


def invite_by_hash(s: Session, token_hash: str) -> DeviceInvite | None:
    return s.exec(select(DeviceInvite).where(DeviceInvite.token_hash == token_hash)).first()


def session_by_hash(s: Session, token_hash: str) -> tuple[DeviceSession, DeviceInvite, Battle, Roster] | None:
    row = s.exec(select(DeviceSession, DeviceInvite, Battle, Roster)
                 .join(DeviceInvite, col(DeviceInvite.id) == col(DeviceSession.invite_id))
                 .join(Battle, col(Battle.id) == col(DeviceInvite.battle_id))
                 .join(Roster, col(Roster.id) == col(DeviceInvite.roster_id))
                 .where(DeviceSession.token_hash == token_hash)).first()
    return (row[0], row[1], row[2], row[3]) if row is not None else None


def invites(s: Session, battle_id: int | None = None) -> list[tuple[DeviceInvite, Battle, Roster, int]]:
    """The invitations (of one battle), oldest first, with how many devices joined by each."""
    joined = (select(DeviceSession.invite_id, func.count().label("n"))
              .group_by(col(DeviceSession.invite_id)).subquery())
    q = (select(DeviceInvite, Battle, Roster, joined.c.n)
         .join(Battle, col(Battle.id) == col(DeviceInvite.battle_id))
         .join(Roster, col(Roster.id) == col(DeviceInvite.roster_id))
         .outerjoin(joined, joined.c.invite_id == col(DeviceInvite.id)))
    if battle_id is not None:
        q = q.where(DeviceInvite.battle_id == battle_id)
    return [(a, b, r, int(n or 0)) for a, b, r, n in s.exec(q.order_by(col(DeviceInvite.id)))]


def sessions_of(s: Session, invite_id: int) -> list[DeviceSession]:
    return list(s.exec(select(DeviceSession).where(DeviceSession.invite_id == invite_id)))
