"""Open a campaign database: create it, upgrade it (after a backup), or refuse it.

- an empty database is created at the newest schema;
- an older schema is upgraded with Alembic after a backup copy is saved;
- a schema newer than this app (a revision it does not know) is refused and left
  untouched, with a message saying so;
- a database holding other tables than ours is refused.

A SQLite file is first looked at read-only (``mode=ro``): a database that is refused
(newer, foreign, not a database, a broken schema stamp) is never opened for writing,
so not one of its bytes changes (not its journal mode, not its change counter).

Every upgrade, the very first creation included, runs in **one transaction**: SQLite
has transactional DDL once Python's sqlite3 is kept from running DDL outside a
transaction (:func:`db.engine.migration_engine`), and PostgreSQL has it anyway. A kill
halfway leaves the database exactly as it was before the upgrade (the next open runs
it again), and two processes creating or upgrading the same database at once take
turns (``BEGIN IMMEDIATE``; an advisory lock on PostgreSQL): the second finds the work
done.
"""

from __future__ import annotations

import errno
import functools
import os
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import inspect, text
from sqlalchemy.engine import URL, Engine
from sqlalchemy.exc import DBAPIError, OperationalError

from campaign_app.errors import DatabaseError
from db.backup import backup_before_migration
from db.engine import (
    damaged_error,
    damaged_reason,
    is_sqlite,
    make_engine,
    migration_engine,
    normalize_url,
    redact,
    sqlite_path,
    sqlite_ro_uri,
)

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS_DIR = Path(__file__).with_name("migrations")
# The newest revision this app ships. Opening an up-to-date database compares against it
# without importing Alembic (a tenth of a second at every start); a test keeps it equal
# to the head of the migration scripts.
HEAD_REVISION = "0021_result_rosters"


def alembic_config() -> Config:
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS_DIR))
    return cfg


@functools.cache
def _revisions() -> tuple[str, frozenset[str]]:
    """The head and every revision of the migration scripts, read once per process.

    Alembic reads the scripts by executing each file anew (compiled from source where no
    bytecode may be written: PYTHONDONTWRITEBYTECODE, as in CI and containers), about
    10 ms for the ten of them, which opening an older database paid twice besides the
    upgrade's own reading, and a first creation once (a tenth of its 0.11 s). The files
    do not change while the app runs; a process forked after a first call (the kill
    proofs) reads nothing again."""
    from alembic.script import ScriptDirectory

    script = ScriptDirectory.from_config(alembic_config())
    head = script.get_current_head()
    assert head is not None
    return head, frozenset(rev.revision for rev in script.walk_revisions())


def head_revision() -> str:
    return _revisions()[0]


def known_revisions() -> set[str]:
    return set(_revisions()[1])


def current_revision(engine: Engine) -> str | None:
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


# PostgreSQL: the advisory lock two upgrading processes take turns on ("campaign")
PG_MIGRATION_LOCK = 0x63616D70


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Run the migrations up to ``revision`` in one transaction (module doc)."""
    from alembic import command

    cfg = alembic_config()
    if sqlite_path(engine) is not None:  # a file (an in-memory database is the engine's own)
        mig = migration_engine(engine.url)
        try:
            with mig.begin() as conn:  # BEGIN IMMEDIATE: DDL included, all or nothing
                cfg.attributes["connection"] = conn
                command.upgrade(cfg, revision)
                broken = conn.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
                if broken:
                    raise DatabaseError(f"the upgrade of {redact(engine.url)} would break "
                                        f"{len(broken)} references; nothing was changed")
        finally:
            mig.dispose()
        return
    with engine.begin() as conn:
        if not is_sqlite(engine):
            conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": PG_MIGRATION_LOCK})
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)


def open_database(url: str, *, backup_keep: int = 10, create: bool = True) -> Engine:
    """Return a ready engine for ``url`` at the newest schema (see module doc).

    ``create=False`` refuses a SQLite file that does not exist yet, or exists but is
    empty (a mistyped path must not quietly start an empty database). Any file or
    server that cannot be read as a database is a :class:`DatabaseError` naming it,
    never a driver traceback; a damaged file is a
    :class:`~campaign_app.errors.DamagedDatabaseError` (exit 1) saying what to do."""
    u = normalize_url(url)
    path = _sqlite_file(u)
    seen: str | None = None
    if path is not None:
        if not path.exists():
            if not create:
                raise DatabaseError(f"no database at {path}: check the path (campaign create, "
                                    "import or demo makes a new one)")
        elif not path.is_dir():
            seen = check_sqlite_readonly(path, create=create)
    engine: Engine | None = None
    try:
        engine = make_engine(u)
        if seen != HEAD_REVISION:  # up to date when looked at: nothing more to read
            ensure_schema(engine, backup_keep=backup_keep)
    except (OperationalError, DBAPIError) as e:
        if engine is not None:
            engine.dispose()
        damaged = damaged_reason(e)
        if damaged is not None and path is not None:
            raise damaged_error(path, damaged) from None
        reason = str(getattr(e, "orig", e)).strip().splitlines()[0] if str(e) else type(e).__name__
        where = redact(engine.url) if engine is not None else redact(url)
        raise DatabaseError(f"cannot open database {where}: {reason}") from None
    except BaseException:
        if engine is not None:
            engine.dispose()
        raise
    return engine


def _sqlite_file(u: URL) -> Path | None:
    if u.get_backend_name() != "sqlite" or not u.database or u.database == ":memory:":
        return None
    return Path(u.database)


# SQLITE_BUSY, SQLITE_READONLY (a hot journal or lost -shm that only a writer recovers),
# SQLITE_CANTOPEN (no -shm can be made read-only)
_NEEDS_A_WRITER = (5, 8, 14)
_NOT_A_DATABASE = 26  # SQLITE_NOTADB: the file does not start with SQLite's header


def check_sqlite_readonly(path: Path, *, create: bool = True) -> str | None:
    """Look at an existing SQLite file read-only and refuse it when this app will not
    open it: its revision (None for an empty file), or a DatabaseError naming why.
    Nothing is written to the file, whatever it holds.

    The file is read through SQLite only, never opened and closed by plain Python: a
    process that already has the database open (the league server's live watcher, a
    second window) would lose every POSIX lock SQLite holds on it when any other file
    descriptor of it is closed, and another process closing its last connection would
    then delete the -wal file under it, taking its newest commits with it."""
    try:
        size = path.stat().st_size
        if not os.access(path, os.R_OK):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))
    except OSError as e:
        raise DatabaseError(f"cannot open database {path}: {e.strerror or e}") from None
    tables: set[str] = set()
    revs: list[object] = []
    if size:
        try:
            con = sqlite3.connect(sqlite_ro_uri(path), uri=True, timeout=10)
            try:
                tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")
                          if not str(r[0]).startswith("sqlite_")}
                if "alembic_version" in tables:
                    revs = [r[0] for r in con.execute("SELECT version_num FROM alembic_version")]
            finally:
                con.close()
        except sqlite3.Error as e:
            if (getattr(e, "sqlite_errorcode", 0) & 0xFF) == _NOT_A_DATABASE:
                raise DatabaseError(f"cannot open database {path}: file is not a database; nothing was changed") from None
            damaged = damaged_reason(e)
            if damaged is not None:
                raise damaged_error(path, damaged) from None
            if (getattr(e, "sqlite_errorcode", 0) & 0xFF) in _NEEDS_A_WRITER:
                return None  # a crash left it to be recovered (by a writer): the normal open does
            raise DatabaseError(f"cannot open database {path}: {e}") from None
    if not tables:
        if not create:
            raise DatabaseError(f"{path} is empty, not a campaign database: check the path "
                                "(campaign create, import or demo makes a new one); nothing was changed")
        return None
    if "alembic_version" not in tables:
        raise DatabaseError(f"{path} holds other tables ({', '.join(sorted(tables)[:5])}) "
                            "and is not a campaign database; nothing was changed")
    if len(revs) != 1:
        raise damaged_error(path, f"its schema revision table holds {len(revs)} rows, not one")
    rev = str(revs[0])
    if rev != HEAD_REVISION and rev not in known_revisions():
        raise DatabaseError(f"database schema {rev} is newer than this app knows (newest {head_revision()}); "
                            "upgrade campaign_app to open it. The database was left untouched.")
    return rev


def sqlite_file_of(url: str) -> Path | None:
    """The file a SQLite URL (or a bare path) names; None for a server or memory."""
    u = normalize_url(url)
    if u.get_backend_name() != "sqlite" or not u.database or u.database == ":memory:":
        return None
    return Path(u.database)


def _stamped_revisions(engine: Engine) -> list[str] | None:
    """The revisions in alembic_version, read with plain SQL (None if there is none)."""
    with engine.connect() as conn:
        if not inspect(conn).has_table("alembic_version"):
            return None
        return [str(r) for r in conn.execute(text("SELECT version_num FROM alembic_version")).scalars()]


def ensure_schema(engine: Engine, *, backup_keep: int = 10) -> str:
    revs = _stamped_revisions(engine)
    if revs == [HEAD_REVISION]:
        return HEAD_REVISION
    if revs is not None and len(revs) != 1:
        where = sqlite_path(engine)
        reason = f"its schema revision table holds {len(revs)} rows, not one"
        raise damaged_error(where if where is not None else redact(engine.url), reason)
    head = head_revision()
    current = revs[0] if revs else None
    if current == head:
        return head
    if current is None:
        tables = set(inspect(engine).get_table_names()) - {"alembic_version"}
        if tables and _stamped_revisions(engine):  # another process created it meanwhile
            return ensure_schema(engine, backup_keep=backup_keep)
        if tables:
            raise DatabaseError(
                f"{redact(engine.url)} holds other tables ({', '.join(sorted(tables)[:5])}) "
                "and is not a campaign database; nothing was changed"
            )
        upgrade(engine)  # one transaction: a second process creating it too waits, then finds it done
        return head
    if current not in known_revisions():
        raise DatabaseError(
            f"database schema {current} is newer than this app knows (newest {head}); "
            "upgrade campaign_app to open it. The database was left untouched."
        )
    backup_before_migration(engine, current, keep=backup_keep)
    upgrade(engine)
    return head
