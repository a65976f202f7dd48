"""League mode (PostgreSQL): set up the league's roles and policies, add players, give
rosters to players, name the arbitrator, list who plays what. The database enforces the
rights (db/league.py); these use-cases only ask it to set them up."""

from __future__ import annotations

from dataclasses import dataclass

from typing_extensions import TypedDict  # pydantic reads it on Python 3.11 (the facade's results)

from campaign_app.changes import Result
from campaign_app.errors import InputError
from campaign_app.usecases.common import Ref, get_campaign, get_roster
from db import league
from db import members as member_q
from db.uow import Engine, Session, UnitOfWork


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
