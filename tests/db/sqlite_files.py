"""Helpers for tests that hand a SQLite file to restore: its digest, and a copy of it
changed by SQL (foreign keys off, as a hostile file's author would have them)."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def altered_copy(src: Path, dest: Path, *sql: str) -> Path:
    """A copy of the SQLite file ``src`` at ``dest`` with ``sql`` run on it."""
    con = sqlite3.connect(src)
    out = sqlite3.connect(dest)
    con.backup(out)
    con.close()
    out.execute("PRAGMA foreign_keys=OFF")
    for statement in sql:
        out.execute(statement)
    out.commit()
    out.close()
    return dest
