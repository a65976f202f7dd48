"""Backups and restore at the level of database files.

SQLite: a copy made with SQLite's online backup API (consistent even while another
connection writes). Automatic copies (before a migration, an import or a restore) go to
a ``backups`` folder beside the database (for a server database:
$CAMPAIGN_APP_BACKUP_DIR or the user data folder's ``backups``), keeping the newest N
of each kind.

``restore_sqlite_file`` checks a SQLite file completely before it replaces anything: it
must pass ``PRAGMA integrity_check`` and ``foreign_key_check``, carry an Alembic revision
this app knows (older ones are upgraded on a scratch copy first) and hold our tables.
The current database is backed up first, then the checked copy is written into place
with the backup API (one step).

What needs the JSON format (a server database is backed up as a JSON export of every
campaign; a JSON backup or a SQLite file is restored into a server by importing its
campaigns) is the use-case layer's: :mod:`campaign_app.usecases.backup`, which is what
the CLI and the GUI call. This module imports nothing above ``db``.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import tempfile
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy.engine import Engine

from campaign_app.errors import DatabaseError, InputError
from campaign_app.files import (
    Protected,
    atomic_write,
    check_output_path,
    protected_paths,
    prune_parts,
)
from db.engine import sqlite_path, sqlite_ro_uri

AUTO_KEEP = 10
MANUAL_KEEP = 20
SQLITE_HEADER = b"SQLite format 3\x00"
MAX_ROW_VERSION = 2**62  # far past any real count of edits; leaves room to count on


def stamp() -> str:
    return datetime.now(UTC).strftime("%Y%m%d-%H%M%S-%f")


def backup_dir(db_path: Path) -> Path:
    return db_path.parent / "backups"


BACKUP_DIR_ENV = "CAMPAIGN_APP_BACKUP_DIR"


def server_backup_dir() -> Path:
    """Where backups of a server database go: $CAMPAIGN_APP_BACKUP_DIR, else the
    ``backups`` folder of the user data folder."""
    env = os.environ.get(BACKUP_DIR_ENV, "").strip()
    if env:
        return Path(env).expanduser()
    from db.engine import default_db_path

    return default_db_path().parent / "backups"


def server_stem(engine: Engine) -> str:
    u = engine.url
    raw = f"{u.get_backend_name()}-{u.host or 'local'}-{u.database or 'db'}"
    return "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in raw)


def sqlite_backup(src: Path, dest: Path) -> Path:
    """Copy the SQLite database ``src`` to ``dest`` (written whole, then renamed)."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    s = d = None
    try:
        with atomic_write(dest) as tmp:
            try:
                s = sqlite3.connect(sqlite_ro_uri(src), uri=True)
                d = sqlite3.connect(tmp)
                s.backup(d)
            finally:
                if d is not None:
                    d.close()
                if s is not None:
                    s.close()
    except sqlite3.Error as e:
        raise DatabaseError(f"backup of {src} failed: {e}") from None
    return dest


def prune(folder: Path, prefix: str, keep: int, suffix: str = ".sqlite") -> None:
    """Keep the newest ``keep`` backups of one kind; also remove what killed backups
    left (temporary ``.part`` files older than a quarter of an hour)."""
    files = sorted(folder.glob(f"{prefix}*{suffix}"), key=lambda p: (p.stat().st_mtime, p.name))
    for old in files[:-keep] if keep > 0 else files:
        old.unlink(missing_ok=True)
    prune_parts(folder)


def protected_outputs(engine: Engine | None) -> list[Protected]:
    """What no file written on request may be: the database file of ``engine``, its
    ``-wal``/``-shm``/``-journal`` files and its backups folder (a server's backups folder)."""
    if engine is None:
        return []
    path = sqlite_path(engine)
    if path is not None:
        return protected_paths(path)
    if engine.dialect.name == "sqlite":
        return []
    return protected_paths(None, server_backup_dir())


def automatic_sqlite_backup(engine: Engine, reason: str, *, keep: int = AUTO_KEEP) -> Path | None:
    """Copy a SQLite database file into its backups folder before a risky step; returns
    the copy (None for a server or in-memory database, or a file not made yet)."""
    path = sqlite_path(engine)
    if path is None or not path.exists():
        return None
    folder = backup_dir(path)
    prefix = f"{path.stem}-{reason}-"
    dest = sqlite_backup(path, folder / f"{prefix}{stamp()}.sqlite")
    prune(folder, prefix, keep)
    return dest


def backup_before_migration(engine: Engine, from_revision: str, *, keep: int = AUTO_KEEP) -> Path | None:
    """SQLite only: a server database in the old schema cannot be read by this app's
    models, so it is not exported before a migration."""
    return automatic_sqlite_backup(engine, f"pre-migrate-{from_revision}", keep=keep)


def check_backup_target(engine: Engine, dest: str | Path) -> Path:
    """The file a backup on request may be written to, or InputError naming why not
    (:func:`campaign_app.files.check_output_path`: never the database, its side files
    or its backups folder)."""
    return check_output_path(dest, protected_outputs(engine), example="backup.sqlite")


def sqlite_manual_backup(engine: Engine, dest: Path | None, *, keep: int = MANUAL_KEEP) -> dict[str, Any]:
    """A backup on request of a SQLite database file: to ``dest`` (checked with
    :func:`check_backup_target`), or to the backups folder keeping the newest ``keep``."""
    path = sqlite_path(engine)
    if path is None:
        raise DatabaseError("an in-memory database cannot be backed up")
    if not path.exists():
        raise DatabaseError(f"{path} does not exist yet: nothing to back up")
    if dest is None:
        folder = backup_dir(path)
        prefix = f"{path.stem}-manual-"
        written = sqlite_backup(path, folder / f"{prefix}{stamp()}.sqlite")
        prune(folder, prefix, keep)
    else:
        written = sqlite_backup(path, dest)
    return {"file": str(written), "format": "sqlite", "bytes": written.stat().st_size}


# --------------------------------------------------------------------------- restore
def file_kind(path: Path) -> str:
    try:
        with open(path, "rb") as fh:
            head = fh.read(64)
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{path} is a folder, not a backup file") from None
    except OSError as e:
        raise InputError(f"cannot read {path}: {e.strerror or e}") from None
    except ValueError:  # a NUL in the name
        raise InputError(f"{str(path)!r} is not a usable file name") from None
    if head.startswith(SQLITE_HEADER):
        return "sqlite"
    if head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{"):
        return "json"
    raise InputError(f"{path} is neither a SQLite campaign database nor a JSON backup")


def check_sqlite_file(path: Path, scratch: Path) -> dict[str, Any]:
    """Copy the SQLite file ``path`` to ``scratch`` and check it there completely
    (integrity, revision, tables; older revisions are upgraded on the scratch copy).
    Raises InputError/DatabaseError naming the problem; ``path`` is only read."""
    from sqlalchemy import inspect
    from sqlmodel import SQLModel

    import db.models  # noqa: F401
    from db.engine import make_engine
    from db.migrate import ensure_schema, head_revision, known_revisions

    try:
        sqlite_backup(path, scratch)
    except DatabaseError as e:
        raise InputError(f"{path} cannot be read as a SQLite database ({e.message.split(': ', 1)[-1]})") from None
    try:
        con = sqlite3.connect(scratch)
        try:
            rows = [r[0] for r in con.execute("PRAGMA integrity_check").fetchall()]
            if rows != ["ok"]:
                raise InputError(f"{path} is damaged (integrity check: {'; '.join(map(str, rows[:3]))})")
            tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            if "alembic_version" not in tables:
                raise InputError(f"{path} is not a campaign database (no schema revision)")
            revs = [r[0] for r in con.execute("SELECT version_num FROM alembic_version")]
            fk = con.execute("PRAGMA foreign_key_check").fetchall()
        finally:
            con.close()
    except sqlite3.Error as e:
        raise InputError(f"{path} cannot be read as a SQLite database ({e})") from None
    if len(revs) != 1:
        raise InputError(f"{path} is not a campaign database (schema revision {revs!r})")
    rev, head = revs[0], head_revision()
    if rev not in known_revisions():
        raise InputError(f"{path} has schema {rev}, newer than this app knows (newest {head}): "
                         "upgrade campaign_app to restore it")
    ours = {t.name for t in SQLModel.metadata.sorted_tables}
    other = {t for t in tables if not t.startswith("sqlite_")} - ours - {"alembic_version"}
    if rev == head and (ours - tables or other):
        missing = ", ".join(sorted(ours - tables)[:5])
        raise InputError(f"{path} does not hold this app's tables"
                         + (f" (missing {missing})" if missing else f" (other tables: {', '.join(sorted(other)[:5])})"))
    if fk:
        raise InputError(f"{path} has {len(fk)} broken references (foreign key check)")
    if rev != head:
        eng = make_engine(f"sqlite:///{scratch}")
        try:
            ensure_schema(eng, backup_keep=0)
        except Exception as e:  # noqa: BLE001 - any failure means: refuse the file
            raise InputError(f"{path} (schema {rev}) could not be upgraded: {e}") from None
        finally:
            eng.dispose()
    eng = make_engine(f"sqlite:///{scratch}")
    try:
        with eng.connect() as conn:
            missing_now = ours - set(inspect(conn).get_table_names())
            n = conn.exec_driver_sql("SELECT count(*) FROM campaign").scalar_one()
    finally:
        eng.dispose()
    if missing_now:
        raise InputError(f"{path} does not hold this app's tables (missing {', '.join(sorted(missing_now))})")
    try:
        con = sqlite3.connect(f"file:{scratch}?mode=ro", uri=True)
        try:
            _check_exact_schema(con, path)
            _check_values(con, path)
        finally:
            con.close()
    except sqlite3.Error as e:
        raise InputError(f"{path} cannot be read as a SQLite database ({e})") from None
    return {"revision": rev, "upgraded": rev != head, "campaigns": int(n)}


# --------------------------------------------------------------------------- a restore trusts nothing
def sqlite_schema(con: sqlite3.Connection) -> dict[tuple[str, str], Any]:
    """What a SQLite database is made of, by (type, name): each table's columns (name,
    declared type, not null, default, primary key, hidden) and foreign keys, each index's
    table, columns and kind, and every trigger and view. Compared by structure, not by
    the text of its SQL."""
    out: dict[tuple[str, str], Any] = {}
    objects = con.execute("SELECT type, name, tbl_name FROM sqlite_master "
                          "WHERE name NOT LIKE 'sqlite_stat%' ORDER BY type, name").fetchall()
    for kind, name, table in objects:
        if kind == "table":
            cols = sorted(tuple(r[1:]) for r in con.execute("SELECT * FROM pragma_table_xinfo(?)", (name,)))
            fks = sorted(tuple(map(str, r[2:])) for r in con.execute("SELECT * FROM pragma_foreign_key_list(?)",
                                                                     (name,)))
            out[kind, name] = (cols, fks)
        elif kind == "index":
            cols = [tuple(r) for r in con.execute("SELECT * FROM pragma_index_xinfo(?)", (name,))]
            flags = [tuple(r[2:]) for r in con.execute("SELECT * FROM pragma_index_list(?)", (table,)) if r[1] == name]
            out[kind, name] = (table, cols, flags)
        else:  # a trigger or a view: this app makes none
            out[kind, name] = table
    return out


_REFERENCE: dict[str, dict[tuple[str, str], Any]] = {}


def reference_schema() -> dict[tuple[str, str], Any]:
    """The schema this app's migrations make (a new database, once per process)."""
    from db.engine import make_engine
    from db.migrate import head_revision, upgrade

    head = head_revision()
    if head not in _REFERENCE:
        with tempfile.TemporaryDirectory(prefix="campaign-schema-") as tmp:
            db_file = Path(tmp) / "reference.sqlite"
            eng = make_engine(f"sqlite:///{db_file}")
            try:
                upgrade(eng)
            finally:
                eng.dispose()
            con = sqlite3.connect(db_file)
            try:
                _REFERENCE[head] = sqlite_schema(con)
            finally:
                con.close()
    return _REFERENCE[head]


def _check_exact_schema(con: sqlite3.Connection, path: Path) -> None:
    """Refuse a file whose tables, columns, types, indexes or foreign keys differ from what
    the migrations make, or that carries triggers or views (a trigger could undo edits or
    rewrite typed dice behind the app's back)."""
    theirs, ours = sqlite_schema(con), reference_schema()
    for kind, name in sorted(theirs.keys() - ours.keys()):
        raise InputError(f"{path} has a {kind} {name!r} that this app does not make: not restored")
    for kind, name in sorted(ours.keys() - theirs.keys()):
        raise InputError(f"{path} lacks the {kind} {name!r} of this app's schema: not restored")
    for key in sorted(ours):
        if theirs[key] != ours[key]:
            kind, name = key
            detail = ""
            if kind == "table":
                mine = {c[0]: c for c in ours[key][0]}
                other = {c[0]: c for c in theirs[key][0]}
                gone = sorted(mine.keys() - other.keys())
                extra = sorted(other.keys() - mine.keys())
                changed = sorted(k for k in mine.keys() & other.keys() if mine[k] != other[k])
                detail = (f" (missing column {gone[0]})" if gone else f" (extra column {extra[0]})" if extra
                          else f" (column {changed[0]} differs)" if changed else " (its foreign keys differ)")
            raise InputError(f"{path}: the {kind} {name!r} is not as this app makes it{detail}: not restored")


def _column_problems(table: Any) -> list[tuple[str, str, str]]:
    """(column, SQL condition true for a bad value, what is wrong) of each column of ``table``."""
    import sqlalchemy as sa

    out: list[tuple[str, str, str]] = []
    for c in table.columns:
        q = '"' + c.name.replace('"', '""') + '"'
        t = c.type
        impl = getattr(t, "impl_instance", None) or getattr(t, "impl", None)
        base = impl if isinstance(t, sa.types.TypeDecorator) and impl is not None else t
        if not c.nullable and not c.primary_key:
            out.append((c.name, f"{q} IS NULL", "is empty where a value is needed"))
        if isinstance(base, sa.Boolean):
            out.append((c.name, f"{q} IS NOT NULL AND (typeof({q}) != 'integer' OR {q} NOT IN (0, 1))",
                        "is not true or false"))
        elif isinstance(base, sa.Integer):
            out.append((c.name, f"typeof({q}) NOT IN ('integer', 'null')", "is not a whole number"))
            if c.name == "version":  # a row version (optimistic concurrency) counts up from 1
                out.append((c.name, f"{q} < 1 OR {q} > {MAX_ROW_VERSION}",
                            f"is not a row version (a whole number from 1 to {MAX_ROW_VERSION:,})"))
        elif isinstance(base, sa.JSON):
            out.append((c.name, f"{q} IS NOT NULL AND (typeof({q}) != 'text' OR NOT json_valid({q}))",
                        "is not JSON"))
        elif isinstance(base, sa.DateTime):
            out.append((c.name, f"{q} IS NOT NULL AND (typeof({q}) != 'text' OR "
                                f"{q} NOT GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-6][0-9]*'"
                                f" OR datetime({q}) IS NULL)", "is not a date and time"))
        elif isinstance(base, sa.Date):
            out.append((c.name, f"{q} IS NOT NULL AND (typeof({q}) != 'text' OR "
                                f"{q} NOT GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]' OR date({q}) IS NULL)",
                        "is not a date"))
        elif isinstance(base, sa.String):
            out.append((c.name, f"{q} IS NOT NULL AND typeof({q}) != 'text'", "is not text"))
            out.append((c.name, f"instr({q}, char(0)) > 0", "holds a NUL character"))
            if base.length:
                out.append((c.name, f"length({q}) > {int(base.length)}", f"is longer than {base.length} characters"))
        elif isinstance(base, sa.Float):
            out.append((c.name, f"typeof({q}) NOT IN ('real', 'integer', 'null')", "is not a number"))
    return out


def _check_values(con: sqlite3.Connection, path: Path) -> None:
    """Every value of every row is of its column's type and within its length (SQLite
    stores whatever it is given: text in a number column, a 5,000-character name...)."""
    from sqlmodel import SQLModel

    import db.models  # noqa: F401

    for table in SQLModel.metadata.sorted_tables:
        tq = '"' + table.name.replace('"', '""') + '"'
        for column, bad, words in _column_problems(table):
            row = con.execute(f"SELECT rowid FROM {tq} WHERE {bad} LIMIT 1").fetchone()  # noqa: S608
            if row is not None:
                raise InputError(f"{path}: {table.name}.{column} of row {row[0]} {words}: not restored")


def _holds_something(path: Path) -> bool:
    """True unless ``path`` is missing or an empty database (nothing worth saving)."""
    if not path.exists():
        return False
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            return bool(con.execute("SELECT count(*) FROM sqlite_master").fetchone()[0])
        finally:
            con.close()
    except sqlite3.Error:
        return True  # unreadable: keep a raw copy of whatever it is


def holds_rows(path: Path) -> bool:
    """Whether the SQLite file at ``path`` holds a row of anything but its schema's
    revision (a campaign, a member...), read after any writer's transaction has ended;
    an unreadable file counts as holding some."""
    try:
        con = sqlite3.connect(path, timeout=10)
        try:
            con.execute("BEGIN IMMEDIATE")  # waits for a writer at work on it
            tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
                      if r[0] != "alembic_version" and not str(r[0]).startswith("sqlite_")]
            return any(con.execute(f'SELECT 1 FROM "{t}" LIMIT 1').fetchone() for t in tables)  # noqa: S608
        finally:
            con.close()
    except sqlite3.Error:
        return True


def _raw_copy(path: Path, reason: str) -> Path:
    folder = backup_dir(path)
    folder.mkdir(parents=True, exist_ok=True)
    dest = folder / f"{path.stem}-{reason}-raw-{stamp()}.sqlite"
    for ext in ("-wal", "-shm", ""):  # the main file last: a copy is only there when whole
        side = path.with_name(path.name + ext)
        if side.exists():
            with atomic_write(dest.with_name(dest.name + ext)) as tmp:
                shutil.copy2(side, tmp)
    return dest


def _copy_into_place(scratch: Path, path: Path) -> None:
    """Write the checked copy over the live database with the backup API (one write
    transaction on the destination: other connections see the old or the new data)."""
    s = d = None
    try:
        s = sqlite3.connect(f"file:{scratch}?mode=ro", uri=True)
        d = sqlite3.connect(path, timeout=10)
        s.backup(d)
    finally:
        if d is not None:
            d.close()
        if s is not None:
            s.close()


def _replace_file(scratch: Path, path: Path) -> None:
    """Swap a damaged database file for the checked copy (rename: all or nothing)."""
    tmp = path.with_name(path.name + ".restore-part")
    shutil.copy2(scratch, tmp)
    for ext in ("-wal", "-shm"):
        path.with_name(path.name + ext).unlink(missing_ok=True)
    tmp.replace(path)


def restore_sqlite_file(engine: Engine, src: Path,
                        check: Callable[[Path], None] | None = None) -> dict[str, Any]:
    """Replace the SQLite database of ``engine`` with the SQLite file ``src``, after
    checking it completely (module doc); ``check`` is handed the checked scratch copy
    before anything is replaced (the use-cases check every campaign in it as an import
    does). ``engine`` is disposed and must be reopened by the caller. Returns what was
    done, including where the previous database was saved."""
    path = sqlite_path(engine)
    if path is None:
        raise DatabaseError("only a SQLite database file is restored from a SQLite file here")
    if path.exists() and src.resolve() == path.resolve():
        raise InputError(f"{src} is the current database itself")
    with tempfile.TemporaryDirectory(prefix="campaign-restore-") as tmp:
        scratch = Path(tmp) / "restore.sqlite"
        info = check_sqlite_file(src, scratch)
        if check is not None:
            check(scratch)
        previous = None
        if _holds_something(path):
            engine.dispose()
            try:
                previous = automatic_sqlite_backup(engine, "pre-restore")
            except DatabaseError:
                previous = _raw_copy(path, "pre-restore")
        engine.dispose()
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            _copy_into_place(scratch, path)
        except sqlite3.Error:
            # the current file is not a usable database (or cannot take the copy in place);
            # it was saved above if it held anything: swap the whole file instead
            _replace_file(scratch, path)
    return {"restored_from": str(src), "format": "sqlite", "database": str(path),
            "previous_saved_to": str(previous) if previous else None, **info}
