"""Engine and sessions from a database URL that is passed in.

The default is a SQLite file in the platform user-data folder; ``--db URL`` or the
``CAMPAIGN_APP_DB`` variable name another file or a PostgreSQL server. SQLite runs with
``foreign_keys=ON``, WAL and a busy timeout so a second process waits instead of
failing at once.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import URL, Engine, make_url
from sqlalchemy.exc import ArgumentError
from sqlmodel import create_engine

from campaign_app.errors import DamagedDatabaseError, DatabaseError
from campaign_app.files import name_problem, shown_path
from campaign_app.urls import SECRET_PARAMS, redact_url, split_url, userinfo_text
from db.paths import APP_NAME, ENV_VAR, default_db_path, default_url

__all__ = ["APP_NAME", "ENV_VAR", "default_db_path", "default_url"]


def normalize_url(url: str) -> URL:
    """Parse and check a database URL; a bare file path means a SQLite file."""
    text = (url or "").strip()
    if not text:
        raise DatabaseError("database URL is empty")
    if "://" not in text:
        text = f"sqlite:///{Path(text).expanduser().resolve()}"
    try:
        u = parse_url(text)
    except (ArgumentError, ValueError):
        raise DatabaseError(
            f"database URL {redact(text)!r} is not valid (expected sqlite:///PATH or "
            "postgresql://USER@HOST/DBNAME)"
        ) from None
    backend = u.get_backend_name()
    if backend == "sqlite":
        if u.drivername not in ("sqlite", "sqlite+pysqlite"):
            raise DatabaseError(f"database URL driver {u.drivername!r} is not supported")
        if u.database and u.database != ":memory:" and not u.database.startswith("file:"):
            full = Path(os.path.abspath(os.path.expanduser(u.database)))
            too_long = name_problem(full)  # ENAMETOOLONG further on would be a traceback
            if too_long:
                raise DatabaseError(f"cannot open database {shown_path(str(full))}: {too_long}")
        return u
    if backend in ("postgresql", "postgres"):
        if u.drivername in ("postgresql", "postgres", "postgresql+psycopg"):
            u = u.set(drivername="postgresql+psycopg")
        else:
            raise DatabaseError(
                f"database URL driver {u.drivername!r} is not supported (use postgresql://)"
            )
        if not u.database:
            raise DatabaseError("PostgreSQL URL names no database (postgresql://USER@HOST/DBNAME)")
        return u
    raise DatabaseError(
        f"database URL scheme {u.drivername!r} is not supported: use sqlite:///PATH or postgresql://..."
    )


def parse_url(text: str) -> URL:
    """The URL ``text`` parsed as :func:`campaign_app.urls.split_url` splits it: SQLAlchemy's
    ``make_url`` reads only the part after the user part (host, port, database, query),
    and the user name and password (which may hold ``@ : / ? #``) are set on the result
    as they are; no piece of a password reaches the host name or a message."""
    parts = split_url(text)
    if parts is None or parts.user_text is None:
        return make_url((text or "").strip())
    u = make_url(f"{parts.scheme}://{userinfo_text('', parts.location)}{parts.location}")
    return u.set(username=parts.username, password=parts.password)


def redact(url: str | URL) -> str:
    """The URL without its password, for messages, logs and ``--json``: the one helper
    (:func:`campaign_app.urls.redact_url`; a parsed URL loses its password before it is
    rendered at all)."""
    try:
        if not isinstance(url, str):
            query = {k: v for k, v in url.query.items() if k.strip().lower() not in SECRET_PARAMS}
            url = url.set(password=None, query=query).render_as_string(hide_password=False)
        return redact_url(url)
    except Exception:  # noqa: BLE001 - never let a message crash on a bad URL
        return "<unreadable URL>"


ULOWER = "ulower"
"""The name of the Unicode lower() on our SQLite connections."""


def _lower(value: Any) -> Any:
    try:
        return value.lower()  # text (nearly every call: kept fast)
    except AttributeError:  # NULL, a number
        return value


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    # SQLite's own lower() changes only A-Z: sorted by it, "Ärger" comes after "zed",
    # and a search for "łukasz" misses "Łukasz". ulower() is Python's (Unicode), as
    # PostgreSQL's lower() is in a UTF-8 database (db/queries/pages.py uses it).
    dbapi_conn.create_function(ULOWER, 1, _lower, deterministic=True)
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=10000")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.close()


WAL_TRIES = 200  # 10 s at 50 ms, as busy_timeout


def _wal(engine: Engine) -> None:
    """Put the file in WAL mode. Two processes making the same new file at once can
    each hold its shared lock and want it alone: SQLite then answers one of them "database
    is locked" at once, without waiting (waiting would deadlock), so that one tries
    again once the other is done."""
    import time

    from sqlalchemy.exc import OperationalError

    for attempt in range(WAL_TRIES):
        try:
            with engine.connect() as conn:
                conn.exec_driver_sql("PRAGMA journal_mode=WAL")
            return
        except OperationalError as e:
            if "database is locked" not in str(e.orig) or attempt == WAL_TRIES - 1:
                raise
            time.sleep(0.05)


def make_engine(url: str | URL, *, echo: bool = False) -> Engine:
    u = normalize_url(url) if isinstance(url, str) else url
    if u.get_backend_name() == "sqlite":
        path = u.database
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(u, echo=echo, connect_args={"check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
        if path and path != ":memory:":
            _wal(engine)
        return engine
    engine = create_engine(u, echo=echo, pool_pre_ping=True)
    if u.get_backend_name() == "postgresql":
        event.listen(engine, "connect", _postgres_session)
    return engine


def _postgres_session(dbapi_conn: Any, _record: Any) -> None:
    """Every query of ours is a short interactive one: PostgreSQL's JIT compiler, which
    starts on a high estimated cost, took 343 ms of a 467 ms search of a 30,000-figure
    roster (and nothing of ours runs long enough to win it back). Set per session, so a
    URL's own ``options`` stay as given."""
    version = getattr(getattr(dbapi_conn, "info", None), "server_version", 0)
    if version and version < 110000:  # no JIT before PostgreSQL 11 (nor the setting)
        return
    with dbapi_conn.cursor() as cur:
        cur.execute("SET jit = off")
    dbapi_conn.commit()


def is_sqlite(engine: Engine) -> bool:
    return engine.dialect.name == "sqlite"


def sqlite_path(engine: Engine) -> Path | None:
    if not is_sqlite(engine):
        return None
    db = engine.url.database
    if not db or db == ":memory:":
        return None
    return Path(db)


def refused_reason(e: BaseException) -> str | None:
    """The database's own one-line reason when ``e`` is the server or file refusing an
    operation (locked, read-only, gone away: the environment, not our bug); else None."""
    from sqlalchemy.exc import OperationalError

    if not isinstance(e, OperationalError):
        return None
    return str(getattr(e, "orig", e)).strip().splitlines()[0]


# SQLite's primary result codes for a file that is not (or no longer) a sound database
_SQLITE_CORRUPT = 11
_SQLITE_NOTADB = 26


def damaged_reason(e: BaseException) -> str | None:
    """SQLite's one-line reason when ``e`` says the database file is damaged (a corrupt
    page, not a database): reads may still work while a write meets the bad page."""
    from sqlalchemy.exc import DBAPIError

    orig = getattr(e, "orig", e) if isinstance(e, DBAPIError) else e
    code = getattr(orig, "sqlite_errorcode", None)
    if code is None or (code & 0xFF) not in (_SQLITE_CORRUPT, _SQLITE_NOTADB):
        return None
    return str(orig).strip().splitlines()[0] if str(orig) else "database disk image is malformed"


def damaged_error(where: Path | str, reason: str) -> DamagedDatabaseError:
    """The one-line error for a damaged database file: what happened, what to do."""
    folder = Path(where).parent / "backups" if isinstance(where, Path) else None
    hint = (f"restore a copy from {folder} (campaign-app restore FILE)" if folder is not None
            else "restore it from a backup (campaign-app restore FILE)")
    return DamagedDatabaseError(f"the database {where} is damaged ({reason}): nothing was written; {hint}")


def sqlite_ro_uri(path: Path | str) -> str:
    """A ``file:`` URI opening ``path`` read-only (``mode=ro``): SQLite writes nothing
    to the file through it, not even its journal mode."""
    from urllib.parse import quote

    return f"file:{quote(str(path))}?mode=ro"


def _migration_pragmas(dbapi_conn: Any, _record: Any) -> None:
    # Python's sqlite3 would run DDL outside any transaction (it opens one before DML
    # only): take transaction control from it, and let the "begin" event open it.
    dbapi_conn.isolation_level = None
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA busy_timeout=10000")
    # the scripts keep references whole; a batch table rebuild must not cascade
    cur.execute("PRAGMA foreign_keys=OFF")
    cur.close()


def _begin_immediate(conn: Any) -> None:
    conn.exec_driver_sql("BEGIN IMMEDIATE")


def migration_engine(url: URL) -> Engine:
    """An engine for running migrations on a SQLite file with transactional DDL (see
    the SQLAlchemy docs, "Serializable isolation / Savepoints / Transactional DDL" of
    pysqlite): ``BEGIN IMMEDIATE`` opens every transaction, so every CREATE/ALTER/DROP
    of a migration is inside it and a kill rolls all of it back; and a second process
    starting the same upgrade waits for the first, then finds it done."""
    from sqlalchemy.pool import NullPool

    engine = create_engine(url, poolclass=NullPool, connect_args={"check_same_thread": False})
    event.listen(engine, "connect", _migration_pragmas)
    event.listen(engine, "begin", _begin_immediate)
    return engine
