"""The league server's members and sessions (tables ``member``, ``member_session``):
the queries only. Hashing and tokens are the use-cases'
(:mod:`campaign_app.usecases.members`); no password or token reaches this module, only
their hashes."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlmodel import Session, col, select

from db.models import Member, MemberSession, Roster


def by_name(s: Session, name: str) -> Member | None:
    return s.exec(select(Member).where(Member.name == name)).first()


def is_member(s: Session, name: str) -> bool:
    """Whether ``name`` is a member of the league server. False for a database login that
    may not read the members (a PostgreSQL league's player or arbitrator role)."""
    if s.get_bind().dialect.name == "postgresql":
        from sqlalchemy import text

        if not s.execute(text("SELECT has_table_privilege('member', 'SELECT')")).scalar():
            return False
    return by_name(s, name) is not None


def all_members(s: Session) -> list[Member]:
    return list(s.exec(select(Member).order_by(col(Member.name))))


def rosters_of(s: Session) -> dict[str, list[tuple[int, str]]]:
    """Each owner's rosters (id, name)."""
    out: dict[str, list[tuple[int, str]]] = {}
    for r in s.exec(select(Roster).where(col(Roster.owner).is_not(None)).order_by(col(Roster.name))):
        assert r.id is not None and r.owner is not None
        out.setdefault(r.owner, []).append((r.id, r.name))
    return out


def session_by_hash(s: Session, token_hash: str) -> tuple[MemberSession, Member] | None:
    row = s.exec(select(MemberSession, Member).join(Member, col(Member.id) == col(MemberSession.member_id))
                 .where(MemberSession.token_hash == token_hash)).first()
    return (row[0], row[1]) if row is not None else None


def sessions(s: Session, member_id: int | None = None) -> list[tuple[MemberSession, Member]]:
    q = select(MemberSession, Member).join(Member, col(Member.id) == col(MemberSession.member_id))
    if member_id is not None:
        q = q.where(MemberSession.member_id == member_id)
    return [(a, b) for a, b in s.exec(q.order_by(col(MemberSession.id)))]


def aware(when: datetime) -> datetime:
    """A stored time as UTC (SQLite gives it back without its zone)."""
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)
