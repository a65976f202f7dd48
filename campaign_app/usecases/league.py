"""League mode (PostgreSQL): set up the league's roles and policies, add players, give
rosters to players, name the arbitrator, list who plays what. The database enforces the
rights (db/league.py); these use-cases only ask it to set them up."""

from __future__ import annotations

from dataclasses import dataclass

from typing_extensions import TypedDict  # pydantic reads it on Python 3.11 (the facade's results)

from campaign_app.changes import Result
from campaign_app.errors import InputError
from campaign_app.usecases.common import Ref, clean_name, get_campaign, get_roster
from db import league
from db import members as member_q
from db.models import Member
from db.uow import Engine, Session, UnitOfWork, read_session


@dataclass(frozen=True)
class LeagueReady(Result):
    database: str
    league_role: str
    player_role: str
    arbitrator_role: str
    tables: int


@dataclass(frozen=True)
class PlayerAdded(Result):
    name: str
    created: bool


@dataclass(frozen=True)
class ArbitratorNamed(Result):
    name: str


@dataclass(frozen=True)
class RosterAssigned(Result):
    roster_id: int
    roster: str
    player: str
    previous: str | None


class LeagueRoster(TypedDict):
    id: int
    name: str
    campaign: str


class LeaguePlayer(TypedDict):
    name: str
    arbitrator: bool
    rosters: list[LeagueRoster]


def init_league(engine: Engine) -> LeagueReady:
    done = league.init(engine)
    return LeagueReady(database=done.database, league_role=done.roles.league, player_role=done.roles.player,
                       arbitrator_role=done.roles.arbitrator, tables=done.tables)


def _role_name(name: str) -> str:
    text = str(name).strip()
    if not text:
        raise InputError("a player needs a name")
    if len(text.encode()) > 63:
        raise InputError(f"the player name {text[:20]}... is too long (at most 63 bytes)")
    return text


def add_player(engine: Engine, name: str, password: str) -> PlayerAdded:
    """A login role for player ``name``; ``password`` is sent as a SCRAM verifier, never kept."""
    who, created = league.add_player(engine, _role_name(name), password)
    return PlayerAdded(name=who, created=created)


def name_arbitrator(engine: Engine, name: str) -> ArbitratorNamed:
    return ArbitratorNamed(name=league.name_arbitrator(engine, _role_name(name)))


def assign_roster(engine: Engine, roster: Ref, player: str, *, campaign: Ref | None = None) -> RosterAssigned:
    """Give ``roster`` to ``player`` (one undo step; the arbitrator's right): a member of
    the league server (any database), or a player role of a PostgreSQL league."""
    name = _role_name(player)
    with UnitOfWork(engine, "league.assign") as uow:
        s = uow.session
        c = get_campaign(s, campaign) if campaign is not None else None
        r = get_roster(s, roster, c)
        uow.campaign_id = r.campaign_id
        if not member_q.is_member(s, name) and not _league_player(engine, s, name):
            raise InputError(f"{name} is not a member of this league: add them with league add-member "
                             "(or league add-player for a PostgreSQL league) first")
        previous = r.owner
        r.owner = name
        s.add(r)
        uow.summary = f"give {r.name} to {name}"
        assert r.id is not None
        rid, rname = r.id, r.name
    return RosterAssigned(roster_id=rid, roster=rname, player=name, previous=previous, changes=uow.changes)


def _league_player(engine: Engine, s: Session, name: str) -> bool:
    """A player role of a PostgreSQL league (False where there is no league)."""
    if engine.dialect.name != "postgresql":
        return False
    try:
        return league.is_player(s.connection(), name)
    except InputError:  # no league roles on this database: the league server's members only
        return False


def players(engine: Engine) -> list[LeaguePlayer]:
    return [{"name": m.name, "arbitrator": m.arbitrator,
             "rosters": [{"id": i, "name": n, "campaign": c} for i, n, c in m.rosters]}
            for m in league.members(engine)]


# --------------------------------------------------------------------------- from the direct league
class AdoptedMember(TypedDict):
    name: str
    role: str  # arbitrator or player
    rosters: list[LeagueRoster]
    adopted: bool  # False: already a member of the server (left as it is)
    password: str | None  # the starting password, shown once (None: already a member, or --disabled)


@dataclass(frozen=True)
class PlayersAdopted:
    members: list[AdoptedMember]
    adopted: int


@dataclass(frozen=True)
class DirectClosed:
    closed: list[str]
    already_closed: list[str]
    connections_ended: int  # -1: not allowed to end them (they last until they disconnect)


def adopt_players(engine: Engine, *, disabled: bool = False) -> PlayersAdopted:
    """Make every person of the direct PostgreSQL league (its player and arbitrator login
    roles, ``league players``) a member of the league server of the same name and role;
    the rosters they own (``roster.owner``, a name) are theirs as members with nothing
    moved. Each new member gets a random starting password, returned once to be handed
    on (only its argon2id hash is kept); ``disabled``: no password is shown, the members
    are disabled until ``league set-member NAME --password --enable``. Someone already a
    member is left as they are. One transaction: all are adopted or none."""
    import secrets

    from campaign_app.usecases import members as m

    people = league.members(engine)
    with read_session(engine) as rs:
        have = {x.name for x in member_q.all_members(rs)}
    out: list[AdoptedMember] = []
    new: list[tuple[str, str, str]] = []  # (name, role, password)
    for p in people:
        role = "arbitrator" if p.arbitrator else "player"
        rosters: list[LeagueRoster] = [{"id": i, "name": n, "campaign": c} for i, n, c in p.rosters]
        if p.name in have:
            out.append({"name": p.name, "role": role, "rosters": rosters, "adopted": False, "password": None})
            continue
        if len(p.name) > 63:
            raise InputError(f"the role name {p.name[:20]}... is too long for a member (at most 63 characters)")
        if clean_name(p.name, f"the role name {p.name!r}") != p.name:  # roster.owner must match it exactly
            raise InputError(f"the role name {p.name!r} has spaces at an end: rename the role first")
        password = secrets.token_urlsafe(12)
        new.append((p.name, role, password))
        out.append({"name": p.name, "role": role, "rosters": rosters, "adopted": True,
                    "password": None if disabled else password})
    hashes = [m.password_hash_of(pw) for _n, _r, pw in new]  # before the transaction: argon2 is slow
    with UnitOfWork(engine, "member.adopt", journaled=False) as uow:
        s = uow.session
        for (name, role, _pw), hashed in zip(new, hashes, strict=True):
            if member_q.by_name(s, name) is not None:
                raise InputError(f"{name} became a member meanwhile: run league adopt-players again")
            s.add(Member(name=name, password_hash=hashed, role=role, disabled=disabled))
    return PlayersAdopted(members=out, adopted=len(new))


def close_direct(engine: Engine) -> DirectClosed:
    """Close the direct league to players: every player and arbitrator role of this
    league loses its login (the server's own login, the one running this, keeps it) and
    their open connections to this database are ended. Their data stays; they come in
    through the league server as members (:func:`adopt_players`)."""
    closed, already, ended = league.close_direct(engine)
    return DirectClosed(closed=closed, already_closed=already, connections_ended=ended)
