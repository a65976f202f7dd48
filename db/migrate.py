"""Open a campaign database: create it, upgrade it (after a backup), or refuse it.

- an empty database is created at the newest schema;
- an older schema is upgraded with Alembic after a backup copy is saved;
- a schema newer than this app (a revision it does not know) is refused and left
  untouched, with a message saying so;
- a database holding other tables than ours is refused.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import inspect, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError, OperationalError

from campaign_app.errors import DatabaseError
from db.backup import backup_before_migration
from db.engine import make_engine, normalize_url, redact

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS_DIR = Path(__file__).with_name("migrations")
# The newest revision this app ships. Opening an up-to-date database compares against it
# without importing Alembic (a tenth of a second at every start); a test keeps it equal
# to the head of the migration scripts.
HEAD_REVISION = "0004_table"


def alembic_config() -> Config:
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS_DIR))
    return cfg


def head_revision() -> str:
    from alembic.script import ScriptDirectory

    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return head


def known_revisions() -> set[str]:
    from alembic.script import ScriptDirectory

    script = ScriptDirectory.from_config(alembic_config())
    return {rev.revision for rev in script.walk_revisions()}


def current_revision(engine: Engine) -> str | None:
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def upgrade(engine: Engine, revision: str = "head") -> None:
    from alembic import command

    cfg = alembic_config()
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)


def open_database(url: str, *, backup_keep: int = 10, create: bool = True) -> Engine:
    """Return a ready engine for ``url`` at the newest schema (see module doc).

    ``create=False`` refuses a SQLite file that does not exist yet (a mistyped path
    must not quietly start an empty database). Any file or server that cannot be read
    as a database is a :class:`DatabaseError` naming it, never a driver traceback."""
    if not create:
        path = sqlite_file_of(url)
        if path is not None and not path.exists():
            raise DatabaseError(f"no database at {path}: check the path (campaign create, "
                                "import or demo makes a new one)")
    engine: Engine | None = None
    try:
        engine = make_engine(url)
        ensure_schema(engine, backup_keep=backup_keep)
    except (OperationalError, DBAPIError) as e:
        if engine is not None:
            engine.dispose()
        reason = str(getattr(e, "orig", e)).strip().splitlines()[0] if str(e) else type(e).__name__
        where = redact(engine.url) if engine is not None else redact(url)
        raise DatabaseError(f"cannot open database {where}: {reason}") from None
    except BaseException:
        if engine is not None:
            engine.dispose()
        raise
    return engine


def sqlite_file_of(url: str) -> Path | None:
    """The file a SQLite URL (or a bare path) names; None for a server or memory."""
    u = normalize_url(url)
    if u.get_backend_name() != "sqlite" or not u.database or u.database == ":memory:":
        return None
    return Path(u.database)


def _stamped_revision(engine: Engine) -> str | None:
    """The revision in alembic_version, read with plain SQL (None if there is none)."""
    with engine.connect() as conn:
        if not inspect(conn).has_table("alembic_version"):
            return None
        return conn.execute(text("SELECT version_num FROM alembic_version")).scalar()


def ensure_schema(engine: Engine, *, backup_keep: int = 10) -> str:
    if _stamped_revision(engine) == HEAD_REVISION:
        return HEAD_REVISION
    head = head_revision()
    current = current_revision(engine)
    if current == head:
        return head
    if current is None:
        tables = set(inspect(engine).get_table_names()) - {"alembic_version"}
        if tables:
            raise DatabaseError(
                f"{redact(engine.url)} holds other tables ({', '.join(sorted(tables)[:5])}) "
                "and is not a campaign database; nothing was changed"
            )
        upgrade(engine)
        return head
    if current not in known_revisions():
        raise DatabaseError(
            f"database schema {current} is newer than this app knows (newest {head}); "
            "upgrade campaign_app to open it. The database was left untouched."
        )
    backup_before_migration(engine, current, keep=backup_keep)
    upgrade(engine)
    return head
