"""Backups of a SQLite campaign file with SQLite's online backup API.

Automatic copies (before a migration or an import) go to a ``backups`` folder beside
the database, keeping the newest N. A backup is consistent even while another
connection writes (the backup API copies a snapshot).
"""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy.engine import Engine

from campaign_app.errors import DatabaseError
from db.engine import sqlite_path


def backup_dir(db_path: Path) -> Path:
    return db_path.parent / "backups"


def sqlite_backup(src: Path, dest: Path) -> Path:
    """Copy the SQLite database ``src`` to ``dest`` (written whole, then renamed)."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_name(dest.name + ".part")
    tmp.unlink(missing_ok=True)
    try:
        with sqlite3.connect(f"file:{src}?mode=ro", uri=True) as s, sqlite3.connect(tmp) as d:
            s.backup(d)
        d.close()
        s.close()
        tmp.replace(dest)
    except sqlite3.Error as e:
        tmp.unlink(missing_ok=True)
        raise DatabaseError(f"backup of {src} failed: {e}") from None
    return dest


def prune(folder: Path, prefix: str, keep: int) -> None:
    files = sorted(folder.glob(f"{prefix}*.sqlite"), key=lambda p: p.stat().st_mtime)
    for old in files[:-keep] if keep > 0 else files:
        old.unlink(missing_ok=True)


def automatic_backup(engine: Engine, reason: str, *, keep: int = 10) -> Path | None:
    """Back up a SQLite database into its backups folder; None for other servers."""
    path = sqlite_path(engine)
    if path is None or not path.exists():
        return None
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S-%f")
    folder = backup_dir(path)
    prefix = f"{path.stem}-{reason}-"
    dest = sqlite_backup(path, folder / f"{prefix}{stamp}.sqlite")
    prune(folder, f"{path.stem}-{reason}-", keep)
    return dest


def backup_before_migration(engine: Engine, from_revision: str, *, keep: int = 10) -> Path | None:
    return automatic_backup(engine, f"pre-migrate-{from_revision}", keep=keep)
