"""League mode on PostgreSQL: group roles, grants and row-level security policies, so
that the database itself (not the app) decides who may change what.

Three group roles per database (names derived from the database's name, so several
league databases on one server do not clash): ``<db>_league`` (every league member:
reads everything), ``<db>_player`` and ``<db>_arbitrator`` (both members of the first).
A player is a LOGIN role in ``<db>_player``; the app connects as that role (the URL's
user), and ``current_user`` is matched against ``roster.owner`` and ``journal.author``.

What the policies enforce (see docs/league.md):

- a player changes only rosters whose ``owner`` is them, and every row hanging from one
  (fighters, walkers and crews, units, equipment, skills, lasting injuries);
- a player records battles and runs After the Battle for battles one of their rosters
  fought (battle rows, participants, results, marks); the transaction that completes a
  battle's After the Battle may change every roster of that battle (After the Battle
  changes every side), and only the arbitrator reopens a completed one;
- the roll record is insert-only for everyone but the arbitrator (grants);
- journal rows (the Undo history) are written by their author; only the author or the
  arbitrator may undo or redo them;
- campaigns and walker types are the arbitrator's (players may add walker types).

A refused write is explained by :func:`refusal`, in a fresh transaction after the unit
of work rolled back: which roster and whose it is.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError

from campaign_app.errors import InputError, RefusedError

# A row a unit of work touched when it was refused: its table and the columns that lead
# to its roster (id, roster_id, fighter_id, unit_id, battle_id, journal_id).
Touched = tuple[str, Mapping[str, Any]]

KEY_COLUMNS = ("id", "roster_id", "fighter_id", "unit_id", "battle_id", "journal_id", "campaign_id")

NOT_POSTGRES = "league mode needs a PostgreSQL server (give --db postgresql://USER@HOST/DATABASE)"

# Tables whose rows hang from a roster (the column that leads there, through the function
# named) and those that hang from a battle.
_ROSTER_TABLES = {
    "roster": "league_may_roster(id)",
    "fighter": "league_may_roster(roster_id)",
    "unit": "league_may_roster(roster_id)",
    "equipment": "((fighter_id IS NOT NULL AND league_may_fighter(fighter_id)) "
                 "OR (unit_id IS NOT NULL AND league_may_unit(unit_id)))",
    "skill": "league_may_fighter(fighter_id)",
    "lasting_injury": "league_may_fighter(fighter_id)",
    # gear: a roster's stash, credits ledger and territories are its owner's
    "stash_item": "league_may_roster(roster_id)",
    "ledger_entry": "league_may_roster(roster_id)",
    "territory": "league_may_roster(roster_id)",
    # records: a game system's record of a roster is its owner's; the campaign's own
    # (no roster) the arbitrator's
    "system_record": "(roster_id IS NOT NULL AND league_may_roster(roster_id))",
}
_BATTLE_TABLES = {
    "battle": "league_may_battle(id)",
    "battle_roster": "league_may_battle(battle_id)",
    "battle_result": "league_may_battle(battle_id)",
    "battle_mark": "league_may_battle(battle_id)",
}
# the league server's members, sessions, devices and idempotency keys (#35, #29): the server's own login only
SERVER_ONLY_TABLES = ("member", "member_session", "device_invite", "device_session", "idempotency_key")
_ARBITRATOR_TABLES = ("campaign", "walker_type", "roll_record", "journal", "journal_entry", "alembic_version")


@dataclass(frozen=True)
class Roles:
    league: str
    player: str
    arbitrator: str


def roles_for(database: str) -> Roles:
    """The group roles of the league database ``database`` (at most 63 characters each)."""
    base = database[:48]
    return Roles(f"{base}_league", f"{base}_player", f"{base}_arbitrator")


def require_postgres(engine: Engine) -> None:
    if engine.dialect.name != "postgresql":
        raise InputError(NOT_POSTGRES)


def _q(conn: Connection, ident: str) -> str:
    """``ident`` quoted as an SQL identifier by psycopg (``sql.Identifier``)."""
    from psycopg import sql

    raw = conn.connection.dbapi_connection
    return sql.Identifier(ident).as_string(raw)  # type: ignore[arg-type]


def _lit(conn: Connection, value: str) -> str:
    from psycopg import sql

    raw = conn.connection.dbapi_connection
    return sql.Literal(value).as_string(raw)  # type: ignore[arg-type]


def _ddl(conn: Connection, stmt: str) -> None:
    """Run one DDL statement (a ``%`` in a function body is not a placeholder)."""
    conn.exec_driver_sql(stmt.replace("%", "%%"))


def _who(conn: Connection) -> tuple[str, str]:
    user, database = conn.execute(text("SELECT current_user, current_database()")).one()
    return str(user), str(database)


def _role_exists(conn: Connection, name: str) -> bool:
    return conn.execute(text("SELECT 1 FROM pg_roles WHERE rolname = :n"), {"n": name}).first() is not None


def _member(conn: Connection, user: str, group: str) -> bool:
    """``user`` is (through any chain of grants) a member of ``group``: real membership,
    not a superuser's right to act as any role."""
    return bool(conn.execute(text(
        "WITH RECURSIVE m(oid) AS (SELECT oid FROM pg_roles WHERE rolname = :u "
        "UNION SELECT am.roleid FROM pg_auth_members am JOIN m ON am.member = m.oid) "
        "SELECT EXISTS (SELECT 1 FROM m JOIN pg_roles g ON g.oid = m.oid WHERE g.rolname = :g)"),
        {"u": user, "g": group}).scalar())


def _sqlstate(e: BaseException) -> str | None:
    orig = getattr(e, "orig", e)
    return getattr(orig, "sqlstate", None)


def is_insufficient_privilege(e: BaseException) -> bool:
    """A refusal for lack of rights: a grant missing, a row-level security policy, or one
    of the league's triggers (SQLSTATE 42501)."""
    return _sqlstate(e) == "42501"


def _rights(conn: Connection) -> tuple[bool, bool]:
    """(may create roles, owns the app's tables) for the current user."""
    createrole, owns = conn.execute(text(
        "SELECT r.rolsuper OR r.rolcreaterole, r.rolsuper OR pg_has_role(current_user, c.relowner, 'MEMBER') "
        "FROM pg_roles r, pg_class c WHERE r.rolname = current_user AND c.oid = 'public.roster'::regclass"
    )).one()
    return bool(createrole), bool(owns)


# --------------------------------------------------------------------------- init
def _functions(roles: Roles, lit: Any) -> list[str]:
    arb = lit(roles.arbitrator)
    return [
        # the arbitrator, a superuser or the owner of the tables
        f"""CREATE OR REPLACE FUNCTION league_is_arbitrator() RETURNS boolean LANGUAGE sql STABLE AS $$
            SELECT pg_has_role(current_user, {arb}, 'MEMBER')
                OR coalesce((SELECT rolsuper FROM pg_roles WHERE rolname = current_user), false)
                OR pg_has_role(current_user, (SELECT relowner FROM pg_class
                                              WHERE oid = 'public.roster'::regclass), 'MEMBER') $$""",
        """CREATE TABLE IF NOT EXISTS league_after_battle (
            battle_id integer NOT NULL, xact xid8 NOT NULL, PRIMARY KEY (battle_id, xact))""",
        # the roster fought a battle whose After the Battle this transaction completes
        """CREATE OR REPLACE FUNCTION league_in_after_battle(rid integer) RETURNS boolean LANGUAGE sql STABLE AS $$
            SELECT EXISTS (SELECT 1 FROM league_after_battle m
                           JOIN battle_roster br ON br.battle_id = m.battle_id
                           WHERE br.roster_id = rid AND m.xact = pg_current_xact_id()) $$""",
        """CREATE OR REPLACE FUNCTION league_may_roster(rid integer) RETURNS boolean LANGUAGE sql STABLE AS $$
            SELECT EXISTS (SELECT 1 FROM roster WHERE id = rid AND owner = current_user)
                OR league_in_after_battle(rid) $$""",
        """CREATE OR REPLACE FUNCTION league_may_fighter(fid integer) RETURNS boolean LANGUAGE sql STABLE AS $$
            SELECT coalesce(league_may_roster((SELECT roster_id FROM fighter WHERE id = fid)), false) $$""",
        """CREATE OR REPLACE FUNCTION league_may_unit(uid integer) RETURNS boolean LANGUAGE sql STABLE AS $$
            SELECT coalesce(league_may_roster((SELECT roster_id FROM unit WHERE id = uid)), false) $$""",
        # one of the player's rosters fought it, or this transaction created (or changed) it
        """CREATE OR REPLACE FUNCTION league_may_battle(bid integer) RETURNS boolean LANGUAGE sql STABLE AS $$
            SELECT EXISTS (SELECT 1 FROM battle_roster br JOIN roster r ON r.id = br.roster_id
                           WHERE br.battle_id = bid AND r.owner = current_user)
                OR EXISTS (SELECT 1 FROM battle WHERE id = bid AND xmin = pg_current_xact_id()::xid) $$""",
        """CREATE OR REPLACE FUNCTION league_my_journal(jid integer) RETURNS boolean LANGUAGE sql STABLE AS $$
            SELECT EXISTS (SELECT 1 FROM journal WHERE id = jid AND author = current_user) $$""",
        # triggers
        """CREATE OR REPLACE FUNCTION league_roster_owner() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              IF TG_OP = 'INSERT' THEN
                IF NEW.owner IS NULL AND NOT league_is_arbitrator() THEN NEW.owner := current_user; END IF;
              ELSIF NEW.owner IS DISTINCT FROM OLD.owner AND NOT league_is_arbitrator() THEN
                RAISE EXCEPTION 'only the arbitrator gives a roster to a player (roster %)', OLD.name
                  USING ERRCODE = 'insufficient_privilege';
              END IF;
              RETURN NEW;
            END $$""",
        """CREATE OR REPLACE FUNCTION league_journal_author() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              IF NEW.author IS NULL THEN NEW.author := current_user; END IF;
              RETURN NEW;
            END $$""",
        # runs as the owner: players cannot write the marker table themselves
        """CREATE OR REPLACE FUNCTION league_battle_done() RETURNS trigger LANGUAGE plpgsql
            SECURITY DEFINER SET search_path = public, pg_temp AS $$
            BEGIN
              IF NEW.after_battle_done AND NOT OLD.after_battle_done THEN
                INSERT INTO league_after_battle VALUES (NEW.id, pg_current_xact_id()) ON CONFLICT DO NOTHING;
              END IF;
              RETURN NEW;
            END $$""",
        # runs as the writer (current_user is who reopens it)
        """CREATE OR REPLACE FUNCTION league_battle_reopen() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              IF OLD.after_battle_done AND NOT NEW.after_battle_done AND NOT league_is_arbitrator() THEN
                RAISE EXCEPTION 'only the arbitrator reopens the After the Battle of battle %', OLD.number
                  USING ERRCODE = 'insufficient_privilege';
              END IF;
              RETURN NEW;
            END $$""",
        # at commit: a battle a player wrote has one of their rosters in it
        """CREATE OR REPLACE FUNCTION league_battle_fought() RETURNS trigger LANGUAGE plpgsql AS $$
            DECLARE bid integer; num integer;
            BEGIN
              IF TG_TABLE_NAME = 'battle' THEN bid := NEW.id;
              ELSIF TG_OP = 'DELETE' THEN bid := OLD.battle_id;
              ELSE bid := NEW.battle_id; END IF;
              SELECT number INTO num FROM battle WHERE id = bid;
              IF num IS NULL OR league_is_arbitrator() THEN RETURN NULL; END IF;
              IF NOT EXISTS (SELECT 1 FROM battle_roster br JOIN roster r ON r.id = br.roster_id
                             WHERE br.battle_id = bid AND r.owner = current_user) THEN
                RAISE EXCEPTION 'a player records only battles one of their rosters fought (battle %)', num
                  USING ERRCODE = 'insufficient_privilege';
              END IF;
              RETURN NULL;
            END $$""",
    ]


def _triggers() -> list[str]:
    out = []
    for name, table, when in (
        ("league_roster_owner", "roster", "BEFORE INSERT OR UPDATE ON roster FOR EACH ROW"),
        ("league_journal_author", "journal", "BEFORE INSERT ON journal FOR EACH ROW"),
        ("league_battle_done", "battle", "BEFORE UPDATE ON battle FOR EACH ROW"),
        ("league_battle_reopen", "battle", "BEFORE UPDATE ON battle FOR EACH ROW"),
    ):
        out.append(f"DROP TRIGGER IF EXISTS {name} ON {table}")
        out.append(f"CREATE TRIGGER {name} {when} EXECUTE FUNCTION {name}()")
    for table, ops in (("battle", "INSERT"), ("battle_roster", "INSERT OR UPDATE OR DELETE")):
        out.append(f"DROP TRIGGER IF EXISTS league_battle_fought ON {table}")
        out.append(f"CREATE CONSTRAINT TRIGGER league_battle_fought AFTER {ops} ON {table} "
                   "DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION league_battle_fought()")
    return out


def _policies(table: str, q: Any, roles: Roles) -> list[str]:
    """Row-level security of one app table, replacing whatever this app set before."""
    lg, pl, arb = q(roles.league), q(roles.player), q(roles.arbitrator)
    qt = q(table)
    out = [f"ALTER TABLE {qt} ENABLE ROW LEVEL SECURITY"]

    def policy(name: str, cmd: str, to: str, using: str | None, check: str | None) -> None:
        out.append(f"DROP POLICY IF EXISTS {name} ON {qt}")
        clause = f"CREATE POLICY {name} ON {qt} FOR {cmd} TO {to}"
        if using is not None:
            clause += f" USING ({using})"
        if check is not None:
            clause += f" WITH CHECK ({check})"
        out.append(clause)

    policy("league_read", "SELECT", lg, "true", None)
    policy("league_arbitrator", "ALL", arb, "true", "true")
    rule = _ROSTER_TABLES.get(table) or _BATTLE_TABLES.get(table)
    if table == "roster":
        policy("league_player_insert", "INSERT", pl, None, "owner = current_user")
        policy("league_player_update", "UPDATE", pl, rule, rule)
        policy("league_player_delete", "DELETE", pl, "owner = current_user", None)
    elif table == "battle":
        policy("league_player_insert", "INSERT", pl, None, "true")  # checked at commit (league_battle_fought)
        policy("league_player_update", "UPDATE", pl, rule, rule)
        policy("league_player_delete", "DELETE", pl, rule, None)
    elif rule is not None:
        policy("league_player_insert", "INSERT", pl, None, rule)
        policy("league_player_update", "UPDATE", pl, rule, rule)
        policy("league_player_delete", "DELETE", pl, rule, None)
    elif table == "walker_type":
        policy("league_player_insert", "INSERT", pl, None, "true")
    elif table == "journal":
        policy("league_player_insert", "INSERT", pl, None, "author = current_user")
        policy("league_player_update", "UPDATE", pl, "author = current_user", "author = current_user")
    elif table == "journal_entry":
        policy("league_player_insert", "INSERT", pl, None, "league_my_journal(journal_id)")
        policy("league_player_update", "UPDATE", pl, "league_my_journal(journal_id)",
               "league_my_journal(journal_id)")
    elif table == "roll_record":
        policy("league_player_insert", "INSERT", pl, None, "true")
        # a player's figure removed (or put back by undo): its rolls let go of it (or take
        # it again) and are marked; a player's own action undone or redone, or a preview
        # abandoned: its rolls are marked. Only those columns are granted (fighter_id,
        # unit_id, figure_removed, mark): what was rolled, and the hash chain, stay as written
        mine = ("((fighter_id IS NOT NULL AND league_may_fighter(fighter_id)) "
                "OR (unit_id IS NOT NULL AND league_may_unit(unit_id)))")
        policy("league_player_unlink", "UPDATE", pl,
               f"({mine} OR figure_removed OR mark = 'preview' "
               "OR (journal_id IS NOT NULL AND league_my_journal(journal_id)))",
               "((fighter_id IS NULL OR league_may_fighter(fighter_id)) "
               "AND (unit_id IS NULL OR league_may_unit(unit_id))) "
               "OR journal_id IS NULL OR league_my_journal(journal_id)")
    return out


@dataclass(frozen=True)
class InitDone:
    database: str
    roles: Roles
    tables: int


def init(engine: Engine) -> InitDone:
    """Create (or bring up to date) the league's roles, grants, policies and triggers,
    in one transaction; running it again changes nothing more."""
    require_postgres(engine)
    with engine.begin() as conn:
        user, database = _who(conn)
        createrole, owns = _rights(conn)
        if not (createrole and owns):
            raise RefusedError(f"league init needs the owner of the database's tables with the right to "
                               f"create roles (CREATEROLE); {user} is not")
        roles = roles_for(database)
        q = lambda ident: _q(conn, ident)  # noqa: E731
        lit = lambda value: _lit(conn, value)  # noqa: E731
        for name in (roles.league, roles.player, roles.arbitrator):
            if not _role_exists(conn, name):
                _ddl(conn, f"CREATE ROLE {q(name)} NOLOGIN")
        _ddl(conn, f"GRANT {q(roles.league)} TO {q(roles.player)}, {q(roles.arbitrator)}")
        _ddl(conn, f"GRANT CONNECT ON DATABASE {q(database)} TO {q(roles.league)}")
        _ddl(conn, "REVOKE CREATE ON SCHEMA public FROM PUBLIC")
        _ddl(conn, f"GRANT USAGE ON SCHEMA public TO {q(roles.league)}")
        for stmt in _functions(roles, lit):
            _ddl(conn, stmt)
        tables = [str(t) for t in conn.execute(text(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename")).scalars()]
        lg, pl, arb = q(roles.league), q(roles.player), q(roles.arbitrator)
        for table in tables:
            if table in SERVER_ONLY_TABLES:  # password hashes and session tokens: no role's
                _ddl(conn, f"REVOKE ALL ON {q(table)} FROM {lg}, {pl}, {arb}")
                continue
            _ddl(conn, f"GRANT SELECT ON {q(table)} TO {lg}")
            if table in ("alembic_version", "league_after_battle"):
                continue
            _ddl(conn, f"GRANT SELECT, INSERT, UPDATE, DELETE ON {q(table)} TO {arb}")
            if table in _ROSTER_TABLES or table in _BATTLE_TABLES or table in ("journal", "journal_entry"):
                _ddl(conn, f"GRANT INSERT, UPDATE, DELETE ON {q(table)} TO {pl}")
            elif table in ("walker_type", "roll_record"):
                _ddl(conn, f"REVOKE UPDATE, DELETE ON {q(table)} FROM {pl}")
                _ddl(conn, f"GRANT INSERT ON {q(table)} TO {pl}")
                if table == "roll_record":  # a removed figure's rolls: see _policies
                    _ddl(conn, f"GRANT UPDATE (fighter_id, unit_id, figure_removed, mark) ON {q(table)} TO {pl}")
            elif table == "chain_head":  # moved with every roll a player records (no DELETE); a
                # direct league cannot protect it from its players: the league server does (#35)
                _ddl(conn, f"REVOKE DELETE ON {q(table)} FROM {pl}")
                _ddl(conn, f"GRANT INSERT, UPDATE ON {q(table)} TO {pl}")
            else:  # a campaign, or a table this app does not know yet: the arbitrator's
                _ddl(conn, f"REVOKE INSERT, UPDATE, DELETE ON {q(table)} FROM {pl}")
            if table in _ROSTER_TABLES or table in _BATTLE_TABLES or table in _ARBITRATOR_TABLES:
                for stmt in _policies(table, q, roles):
                    _ddl(conn, stmt)
        _ddl(conn, f"GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO {lg}")
        for stmt in _triggers():
            _ddl(conn, stmt)
    return InitDone(database=database, roles=roles, tables=len(tables))


def _league_roles(conn: Connection) -> tuple[str, Roles]:
    user, database = _who(conn)
    roles = roles_for(database)
    if not _role_exists(conn, roles.player):
        raise InputError(f"{database} is not set up for a league yet: run league init first (as its owner)")
    return user, roles


def _refuse_role_rights(user: str, what: str) -> RefusedError:
    return RefusedError(f"{what} needs a role with the right to create roles (CREATEROLE), "
                        f"such as the database's owner; {user} has not")


def add_player(engine: Engine, name: str, password: str) -> tuple[str, bool]:
    """Create the LOGIN role ``name`` in the league's player group with ``password`` (sent
    as a SCRAM-SHA-256 verifier computed here, never in clear); a player already in the
    league gets the new password. Returns (name, created)."""
    require_postgres(engine)
    if not password:
        raise InputError("a player needs a password (an empty one cannot log in)")
    with engine.begin() as conn:
        user, roles = _league_roles(conn)
        createrole, _ = _rights(conn)
        if not createrole:
            raise _refuse_role_rights(user, "league add-player")
        if name in (roles.league, roles.player, roles.arbitrator):
            raise InputError(f"{name} is one of the league's group roles, not a player")
        raw = conn.connection.dbapi_connection
        verifier = raw.pgconn.encrypt_password(  # type: ignore[union-attr]
            password.encode(), name.encode(), b"scram-sha-256").decode()
        created = not _role_exists(conn, name)
        if created:
            _ddl(conn, f"CREATE ROLE {_q(conn, name)} LOGIN PASSWORD {_lit(conn, verifier)}")
        elif not _member(conn, name, roles.player):
            raise InputError(f"a role named {name} already exists on this server and is not a player of "
                             f"this league: choose another name")
        else:
            _ddl(conn, f"ALTER ROLE {_q(conn, name)} PASSWORD {_lit(conn, verifier)}")
        _ddl(conn, f"GRANT {_q(conn, roles.player)} TO {_q(conn, name)}")
    return name, created


def name_arbitrator(engine: Engine, name: str) -> str:
    require_postgres(engine)
    with engine.begin() as conn:
        user, roles = _league_roles(conn)
        if not _role_exists(conn, name):
            raise InputError(f"there is no role {name} on this server: add it with league add-player first")
        try:
            with conn.begin_nested():
                _ddl(conn, f"GRANT {_q(conn, roles.arbitrator)} TO {_q(conn, name)}")
        except DBAPIError as e:
            if is_insufficient_privilege(e):
                raise _refuse_role_rights(user, "league arbitrator") from None
            raise
    return name


def is_player(conn: Connection, name: str) -> bool:
    _user, roles = _league_roles(conn)
    return _member(conn, name, roles.player) or _member(conn, name, roles.arbitrator)


@dataclass(frozen=True)
class Member:
    name: str
    arbitrator: bool
    rosters: list[tuple[int, str, str]]  # (id, name, campaign)


def members(engine: Engine) -> list[Member]:
    require_postgres(engine)
    with engine.connect() as conn:
        _user, roles = _league_roles(conn)
        names = [str(n) for n in conn.execute(text(
            "SELECT DISTINCT m.rolname FROM pg_auth_members am JOIN pg_roles g ON g.oid = am.roleid "
            "JOIN pg_roles m ON m.oid = am.member WHERE g.rolname IN (:p, :a) ORDER BY m.rolname"),
            {"p": roles.player, "a": roles.arbitrator}).scalars()]
        rosters: dict[str, list[tuple[int, str, str]]] = {}
        for rid, rname, owner, cname in conn.execute(text(
                "SELECT r.id, r.name, r.owner, c.name FROM roster r JOIN campaign c ON c.id = r.campaign_id "
                "WHERE r.owner IS NOT NULL ORDER BY c.name, r.name")):
            rosters.setdefault(str(owner), []).append((int(rid), str(rname), str(cname)))
        return [Member(n, _member(conn, n, roles.arbitrator), rosters.get(n, [])) for n in names]


def close_direct(engine: Engine) -> tuple[list[str], list[str], int]:
    """Close the direct league to its people: every player and arbitrator role of this
    league loses LOGIN (``ALTER ROLE ... NOLOGIN``) and its open connections to this
    database are ended; the current user (the server's own login) keeps its login.
    One transaction. Returns (roles closed, roles that were already closed, connections
    ended). A role is a role of the whole PostgreSQL server: one that also plays in
    another league database there loses its login there too."""
    require_postgres(engine)
    with engine.begin() as conn:
        user, roles = _league_roles(conn)
        createrole, _ = _rights(conn)
        if not createrole:
            raise _refuse_role_rights(user, "league close-direct")
        rows = conn.execute(text(
            "SELECT DISTINCT m.rolname, m.rolcanlogin FROM pg_auth_members am "
            "JOIN pg_roles g ON g.oid = am.roleid JOIN pg_roles m ON m.oid = am.member "
            "WHERE g.rolname IN (:p, :a) AND m.rolname <> current_user ORDER BY m.rolname"),
            {"p": roles.player, "a": roles.arbitrator}).all()
        closed = [str(n) for n, can in rows if can]
        already = [str(n) for n, can in rows if not can]
        for name in closed:
            try:
                with conn.begin_nested():
                    _ddl(conn, f"ALTER ROLE {_q(conn, name)} NOLOGIN")
            except DBAPIError as e:
                if is_insufficient_privilege(e):  # a superuser role: only a superuser changes it
                    raise RefusedError(f"{user} may not change the role {name} (a superuser's role?): "
                                       "ask the server's administrator; nothing was changed") from None
                raise
        ended = 0
        names = [n for n, _can in rows]
        if names:
            try:
                with conn.begin_nested():
                    ended = int(conn.execute(text(
                        "SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) FROM pg_stat_activity "
                        "WHERE datname = current_database() AND usename = ANY(:names) "
                        "AND pid <> pg_backend_pid()"), {"names": names}).scalar() or 0)
            except DBAPIError as e:
                if not is_insufficient_privilege(e):
                    raise
                ended = -1  # not allowed to end them: they last until they disconnect
    return closed, already, ended


# --------------------------------------------------------------------------- refusals
def _one(conn: Connection, sql: str, **params: Any) -> Any:
    return conn.execute(text(sql), params).first()


def _roster_of(conn: Connection, table: str, row: Mapping[str, Any]) -> int | None:
    """The roster a touched row hangs from (None: it does not hang from one)."""
    if table == "roster":
        return row.get("id")
    if table in ("fighter", "unit"):
        if row.get("roster_id") is not None:
            return int(row["roster_id"])
        found = _one(conn, f"SELECT roster_id FROM {table} WHERE id = :i", i=row.get("id"))
        return int(found[0]) if found else None
    fid, uid = row.get("fighter_id"), row.get("unit_id")
    if table in ("equipment", "skill", "lasting_injury") and fid is None and uid is None:
        found = _one(conn, f"SELECT * FROM {table} WHERE id = :i", i=row.get("id"))
        if found is None:
            return None
        fid = found._mapping.get("fighter_id")
        uid = found._mapping.get("unit_id")
    if table in ("equipment", "skill", "lasting_injury"):
        if fid is not None:
            return _roster_of(conn, "fighter", {"id": fid})
        if uid is not None:
            return _roster_of(conn, "unit", {"id": uid})
    return None


def _battle_of(conn: Connection, table: str, row: Mapping[str, Any]) -> int | None:
    if table == "battle":
        return row.get("id")
    if table in _BATTLE_TABLES:
        if row.get("battle_id") is not None:
            return int(row["battle_id"])
        found = _one(conn, f"SELECT battle_id FROM {table} WHERE id = :i", i=row.get("id"))
        return int(found[0]) if found else None
    return None


def _explain(conn: Connection, user: str, touched: Sequence[Touched]) -> str | None:
    for table, row in touched:
        if table == "journal" and row.get("id") is not None:
            found = _one(conn, "SELECT author, action, summary FROM journal WHERE id = :i", i=row["id"])
            if found is not None and found.author != user:
                who = found.author or "the league's organiser"
                return (f"that change ({found.summary or found.action}) was made by {who}: only {who} "
                        f"or the arbitrator may undo or redo it")
        if table == "campaign" or (table in ("roll_record", "walker_type") and row.get("id") is not None):
            what = {"roll_record": "change or remove a roll record", "campaign": "create or change a campaign",
                    "walker_type": "change or remove a walker type"}[table]
            return f"only the arbitrator may {what}"
        rid = _roster_of(conn, table, row)
        if rid is not None:
            found = _one(conn, "SELECT name, owner FROM roster WHERE id = :i", i=rid)
            if found is not None and found.owner != user:
                owner = found.owner or "nobody yet (the arbitrator's)"
                return f"the roster {found.name!r} belongs to {owner}, not to you ({user})"
        bid = _battle_of(conn, table, row)
        if bid is not None:
            found = _one(conn, "SELECT number FROM battle WHERE id = :i", i=bid)
            if found is not None:
                rows = conn.execute(text(
                    "SELECT r.name, r.owner FROM battle_roster br JOIN roster r ON r.id = br.roster_id "
                    "WHERE br.battle_id = :b ORDER BY r.name"), {"b": bid}).all()
                if all(r.owner != user for r in rows):
                    whose = ", ".join(f"{r.name!r} ({r.owner or 'nobody'})" for r in rows) or "no roster"
                    return f"battle {found.number} was not fought by one of your rosters (it was fought by {whose})"
    return None


def refusal(engine: Engine, touched: Iterable[Touched], error: BaseException | None) -> RefusedError | None:
    """A refused write explained (in a fresh transaction): the roster and its owner, the
    author of a change, or the database's own reason. None when this is no league refusal
    (not PostgreSQL, no league, the arbitrator's conflict: a real stale edit)."""
    if engine.dialect.name != "postgresql":
        return None
    try:
        with engine.connect() as conn:
            user, database = _who(conn)
            roles = roles_for(database)
            if not _member(conn, user, roles.player) or _member(conn, user, roles.arbitrator):
                return None
            why = _explain(conn, user, list(touched))
    except DBAPIError:
        return None
    if why is None and error is not None and is_insufficient_privilege(error):
        orig = getattr(error, "orig", error)
        why = str(orig).strip().splitlines()[0] if str(orig).strip() else "permission denied"
    if why is None:
        return None
    return RefusedError(f"refused by the league database: {why}; nothing was saved")
