"""The database itself, as the GUI asks for it: where the default one lives, opening
one, a backup and a restore. ``ui`` imports no ``db`` module: it calls these.

Importing this module loads nothing else (the work is imported inside each function),
so a dialog can ask for :func:`default_db_path` without loading SQLAlchemy."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from campaign_app.usecases.backup import BackupResult, RestoreResult
    from db.uow import Engine


def default_url() -> str:
    """$CAMPAIGN_APP_DB, else the SQLite file in the user data folder."""
    from db.paths import default_url

    return default_url()


def default_db_path() -> Path:
    """The default SQLite file (in the user data folder)."""
    from db.paths import default_db_path

    return default_db_path()


def open_database(url: str, *, create: bool = True) -> Engine:
    """A ready engine for ``url`` at the newest schema (migrated if older, made if
    ``create`` and missing); a :class:`~campaign_app.errors.DatabaseError` names what
    is wrong."""
    from db.migrate import open_database

    return open_database(url, create=create)


def reopen(engine: Engine) -> Engine:
    """The database of ``engine`` opened anew (after a restore replaced it)."""
    return open_database(engine.url.render_as_string(hide_password=False))


def backup(engine: Engine, dest: str | Path | None = None) -> BackupResult:
    """A backup on request (see :func:`campaign_app.usecases.backup.backup`)."""
    from campaign_app.usecases.backup import backup

    return backup(engine, dest)


def restore(engine: Engine, file: str | Path) -> RestoreResult:
    """Replace the whole database with a checked backup (see
    :func:`campaign_app.usecases.backup.restore`); reopen it with :func:`reopen`."""
    from campaign_app.usecases.backup import restore

    return restore(engine, file)
