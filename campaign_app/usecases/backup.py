"""Backup and restore of the whole database: what the CLI and the GUI call.

SQLite: a copy of the database file (:mod:`db.backup` does all file-level work).
PostgreSQL: a JSON export of every campaign (the backup format of
``docs/json-format.md``), written to $CAMPAIGN_APP_BACKUP_DIR or the user data folder's
``backups``, keeping the newest N of each kind.

``restore`` checks the file completely before it replaces anything: a SQLite file as
:func:`db.backup.check_sqlite_file` says; a JSON backup (or the campaigns of a SQLite
file restored into a server) must pass the import validation for every campaign. The
current database is backed up first, then replaced in one step (SQLite: the checked
copy is written into place; JSON: one transaction deletes everything and imports).
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from campaign_app.changes import Changes, Result
from campaign_app.errors import AppError, InputError
from db.backup import (
    AUTO_KEEP,
    MANUAL_KEEP,
    automatic_sqlite_backup,
    check_backup_target,
    check_sqlite_file,
    file_kind,
    prune,
    restore_sqlite_file,
    server_backup_dir,
    server_stem,
    sqlite_manual_backup,
    stamp,
)
from db.engine import is_sqlite, redact, sqlite_path
from db.uow import Engine

__all__ = ["AUTO_KEEP", "MANUAL_KEEP", "BackupResult", "JsonRestoreResult", "RestoreResult",
           "SqliteRestoreResult", "automatic_backup", "backup", "restore"]


@dataclass(frozen=True, kw_only=True)
class BackupResult(Result):
    """The backup file written (the database itself is unchanged: no change set)."""

    file: str
    format: str
    bytes: int


@dataclass(frozen=True, kw_only=True)
class JsonRestoreResult(Result):
    """A restore from a JSON backup (or from a SQLite file into a server database): every
    campaign was replaced, so everything may have changed."""

    restored_from: str
    format: str
    database: str
    previous_saved_to: str | None
    campaigns: int


@dataclass(frozen=True, kw_only=True)
class SqliteRestoreResult(Result):
    """A SQLite database file replaced by a checked SQLite backup (``revision`` the
    backup's schema, ``upgraded`` whether it was migrated on the way)."""

    restored_from: str
    format: str
    database: str
    previous_saved_to: str | None
    revision: str | None
    upgraded: bool
    campaigns: int


RestoreResult = JsonRestoreResult | SqliteRestoreResult


def _json_backup(engine: Engine, dest: Path) -> Path:
    from campaign_app.usecases.datafiles import export_all, write_json

    dest.parent.mkdir(parents=True, exist_ok=True)
    write_json(export_all(engine), dest)
    return dest


def automatic_backup(engine: Engine, reason: str, *, keep: int = AUTO_KEEP) -> Path | None:
    """Back up the database into its backups folder before a risky step; returns the copy.

    SQLite: a file copy. PostgreSQL: a JSON export of every campaign (not before a
    migration: the old schema cannot be read by this app's models)."""
    if sqlite_path(engine) is not None:
        return automatic_sqlite_backup(engine, reason, keep=keep)
    if is_sqlite(engine) or reason.startswith("pre-migrate"):
        return None
    folder = server_backup_dir()
    prefix = f"{server_stem(engine)}-{reason}-"
    dest = _json_backup(engine, folder / f"{prefix}{stamp()}.json")
    prune(folder, prefix, keep, ".json")
    return dest


def backup(engine: Engine, dest: str | Path | None = None, *, keep: int = MANUAL_KEEP) -> BackupResult:
    """A backup on request: to ``dest``, or to the backups folder (keeping the newest
    ``keep`` of those). Returns what was written."""
    out = None if dest is None else check_backup_target(engine, dest)
    if sqlite_path(engine) is not None or is_sqlite(engine):
        d = sqlite_manual_backup(engine, out, keep=keep)
        return BackupResult(file=str(d["file"]), format=str(d["format"]), bytes=int(d["bytes"]))
    if out is None:
        folder = server_backup_dir()
        prefix = f"{server_stem(engine)}-manual-"
        written = _json_backup(engine, folder / f"{prefix}{stamp()}.json")
        prune(folder, prefix, keep, ".json")
    else:
        written = _json_backup(engine, out)
    return BackupResult(file=str(written), format="json", bytes=written.stat().st_size)


def restore(engine: Engine, file: str | Path) -> RestoreResult:
    """Replace the database with a backup, after checking it completely (module doc).

    ``engine`` is the current database; it is disposed (SQLite) and must be reopened by
    the caller. Returns what was done, including where the previous database was saved;
    its change set is everything (every campaign was replaced)."""
    src = Path(file).expanduser()
    kind = file_kind(src)
    if kind == "json":
        return _restore_json(engine, src)
    if sqlite_path(engine) is None:  # a server (or in-memory) database: import the campaigns
        return _restore_sqlite_into_server(engine, src)
    d = restore_sqlite_file(engine, src, check=_check_campaigns_of(src))
    return SqliteRestoreResult(restored_from=d["restored_from"], format=d["format"], database=d["database"],
                               previous_saved_to=d["previous_saved_to"], revision=d["revision"],
                               upgraded=bool(d["upgraded"]), campaigns=int(d["campaigns"]),
                               changes=Changes.all())


def _check_campaigns_of(src: Path) -> Callable[[Path], None]:
    """A check of the checked SQLite copy: every campaign in it passes the import's checks
    (the same limits and cross-row checks as a JSON backup), or nothing is restored."""

    def check(scratch: Path) -> None:
        from campaign_app.usecases.datafiles import check_backup, export_all
        from campaign_app.usecases.datafiles.limits import check_limits
        from db.engine import make_engine

        eng = make_engine(f"sqlite:///{scratch}")
        try:
            docs = export_all(eng)["campaigns"]
        except AppError:
            raise
        except Exception as e:  # noqa: BLE001 - a value the app cannot read: refuse the file
            raise InputError(f"{src} holds data this app cannot read ({type(e).__name__}): not restored") from None
        finally:
            eng.dispose()
        check_limits(docs, str(src))
        check_backup(docs, str(src))

    return check


def _restore_json(engine: Engine, src: Path) -> JsonRestoreResult:
    from campaign_app.usecases.datafiles import check_backup, load_backup_document, replace_all
    from db.migrate import ensure_schema

    plans = check_backup(load_backup_document(src), str(src))
    ensure_schema(engine)
    previous = automatic_backup(engine, "pre-restore")
    names = replace_all(engine, plans, str(src))
    return JsonRestoreResult(restored_from=str(src), format="json", database=redact(engine.url),
                             previous_saved_to=str(previous) if previous else None, campaigns=len(names),
                             changes=Changes.all())


def _restore_sqlite_into_server(engine: Engine, src: Path) -> JsonRestoreResult:
    """A SQLite backup restored into a server database: its campaigns replace all."""
    from campaign_app.usecases.datafiles import check_backup, export_all, replace_all
    from db.engine import make_engine
    from db.migrate import ensure_schema

    with tempfile.TemporaryDirectory(prefix="campaign-restore-") as tmp:
        scratch = Path(tmp) / "restore.sqlite"
        check_sqlite_file(src, scratch)
        eng = make_engine(f"sqlite:///{scratch}")
        try:
            docs = export_all(eng)["campaigns"]
        finally:
            eng.dispose()
    plans = check_backup(docs, str(src))
    ensure_schema(engine)
    previous = automatic_backup(engine, "pre-restore")
    names = replace_all(engine, plans, str(src))
    return JsonRestoreResult(restored_from=str(src), format="sqlite", database=redact(engine.url),
                             previous_saved_to=str(previous) if previous else None, campaigns=len(names),
                             changes=Changes.all())
