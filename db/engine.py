"""Engine and sessions from a database URL that is passed in.

The default is a SQLite file in the platform user-data folder; ``--db URL`` or the
``CAMPAIGN_APP_DB`` variable name another file or a PostgreSQL server. SQLite runs with
``foreign_keys=ON``, WAL and a busy timeout so a second process waits instead of
failing at once.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import URL, Engine, make_url
from sqlalchemy.exc import ArgumentError
from sqlmodel import create_engine

from campaign_app.errors import DatabaseError
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
        u = make_url(text)
    except ArgumentError:
        raise DatabaseError(
            f"database URL {redact(text)!r} is not valid (expected sqlite:///PATH or "
            "postgresql://USER@HOST/DBNAME)"
        ) from None
    backend = u.get_backend_name()
    if backend == "sqlite":
        if u.drivername not in ("sqlite", "sqlite+pysqlite"):
            raise DatabaseError(f"database URL driver {u.drivername!r} is not supported")
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


def redact(url: str | URL) -> str:
    """The URL without its password, for messages and logs."""
    try:
        u = make_url(url) if isinstance(url, str) else url
        return u.render_as_string(hide_password=True)
    except Exception:  # noqa: BLE001 - never let a message crash on a bad URL
        return "<unreadable URL>"


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=10000")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.close()


def make_engine(url: str | URL, *, echo: bool = False) -> Engine:
    u = normalize_url(url) if isinstance(url, str) else url
    if u.get_backend_name() == "sqlite":
        path = u.database
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(u, echo=echo, connect_args={"check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
        if path and path != ":memory:":
            with engine.connect() as conn:
                conn.exec_driver_sql("PRAGMA journal_mode=WAL")
        return engine
    return create_engine(u, echo=echo, pool_pre_ping=True)


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
