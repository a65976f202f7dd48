"""Every file the app writes on request goes through here: one check and one writer.

:func:`check_output_path` refuses what must never be written over: the open database
itself, its ``-wal``, ``-shm`` and ``-journal`` files and its ``backups`` folder (real
paths compared: symbolic links resolved, and the same file under another name found by
``os.path.samefile``), a folder, a missing or read-only folder, and anything that is not
a regular file (a FIFO, a socket, a device such as ``/dev/null``: renaming a file over
it would replace it), or a name longer than the file system takes (a component over
``NAME_MAX`` bytes, a path over ``PATH_MAX``): each refused with one line, nothing written.

:func:`atomic_write` writes through a temporary file next to the target, flushed to
disk and then renamed into place: a kill at any moment leaves the old file whole (or no
file), never half a file. A temporary file left by a killed writer is removed by the
next write to the same folder once it is old (:data:`STALE_PART_SECONDS`).

Plain standard library: the core, ``db`` and the CLI all use it; ``reports`` (which
imports nothing of the app) is handed the temporary file to draw into.
"""

from __future__ import annotations

import os
import stat
import time
import uuid
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from campaign_app.errors import InputError

SIDE_FILES = ("-wal", "-shm", "-journal")
PART_SUFFIX = ".part"
# a temporary file nobody has written to for this long was left by a killed writer
STALE_PART_SECONDS = 15 * 60


Protected = tuple[Path, str]  # a path and what it is ("the database itself", ...; a folder ends "folder")


def protected_paths(database: str | os.PathLike[str] | None, backups: str | os.PathLike[str] | None = None
                    ) -> list[Protected]:
    """What an output must not be: a SQLite database file, its side files and its
    ``backups`` folder; ``backups``: the backups folder of a server database."""
    out: list[Protected] = []
    if database is not None:
        db = Path(database)
        out.append((db, "the database itself"))
        out.extend((db.with_name(db.name + ext), f"the database's {ext} file") for ext in SIDE_FILES)
        out.append((db.parent / "backups", "the database's backups folder"))
    if backups is not None:
        out.append((Path(backups), "the database's backups folder"))
    return out


def _real(p: Path) -> Path:
    return Path(os.path.realpath(p))


def _is_within(path: Path, folder: Path) -> bool:
    try:
        path.relative_to(folder)
        return True
    except ValueError:
        return False


def _same(a: Path, b: Path) -> bool:
    if _real(a) == _real(b):
        return True
    try:
        return a.exists() and b.exists() and os.path.samefile(a, b)
    except OSError:
        return False


_KINDS = ((stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISSOCK, "a socket"),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISDIR, "a folder"))


def special_kind(path: Path) -> str | None:
    """What ``path`` is when it exists and is not a regular file (a symbolic link is
    followed): "a FIFO (named pipe)", "a socket", "a character device"...; else None."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return None
    if stat.S_ISREG(mode):
        return None
    return next((what for test, what in _KINDS if test(mode)), "not a regular file")


def shown_path(raw: str, n: int = 80) -> str:
    """``raw`` cut to at most ``n`` characters (its start and end) for a one-line message."""
    half = (n - 3) // 2
    return raw if len(raw) <= n else f"{raw[:half]}...{raw[-(n - 3 - half):]}"


def _name_max(folder: Path) -> int:
    try:
        return int(os.pathconf(folder, "PC_NAME_MAX"))
    except (OSError, ValueError, AttributeError):
        return 255


def _path_max(folder: Path) -> int:
    try:
        return int(os.pathconf(folder, "PC_PATH_MAX"))
    except (OSError, ValueError, AttributeError):
        return 4096


def name_problem(full: Path) -> str | None:
    """Why the file system would refuse the absolute path ``full`` for its length (a
    component over NAME_MAX bytes, the whole over PATH_MAX), else None: checked before any
    call that would fail with ENAMETOOLONG."""
    existing = next((p for p in (full, *full.parents) if _exists_quietly(p)), Path(full.anchor or "/"))
    folder = existing if existing.is_dir() else existing.parent
    limit = _name_max(folder)
    for part in full.parts[1:]:
        size = len(os.fsencode(part))
        if size > limit:
            return f"the name {shown_path(part, 40)!r} is {size:,} bytes long (at most {limit:,})"
    total, most = len(os.fsencode(str(full))), _path_max(folder) - 1
    if total > most:
        return f"the path is {total:,} bytes long (at most {most:,})"
    return None


def _exists_quietly(p: Path) -> bool:
    try:
        os.stat(p)
        return True
    except (OSError, ValueError):
        return False


def check_output_path(path: str | os.PathLike[str], protect: Iterable[Protected] = (), *,
                      example: str = "file.pdf") -> Path:
    """The absolute output path, or an InputError saying why it cannot be written.

    ``protect``: :func:`protected_paths` of the open database (a file is refused when
    it is one of them, under any name; a folder when the output is inside it)."""
    raw = (os.fspath(path) if isinstance(path, os.PathLike) else str(path or "")).strip()
    if not raw:
        raise InputError(f"no output file given ({example})")
    if "\x00" in raw:
        raise InputError(f"{shown_path(raw)!r} is not a usable file name")
    try:
        raw.encode("utf-8")
    except UnicodeEncodeError:
        shown = raw.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
        raise InputError(f"{shown_path(shown)!r} is not a usable file name (not valid UTF-8)") from None
    try:
        return _check_output(raw, protect, example)
    except OSError as e:  # anything the file system refuses to even look at: one line
        raise InputError(f"cannot write {shown_path(raw)}: {e.strerror or e} (nothing was written)") from None


def _check_output(raw: str, protect: Iterable[Protected], example: str) -> Path:
    full = Path(os.path.abspath(os.path.expanduser(raw)))
    too_long = name_problem(full)
    if too_long:
        raise InputError(f"cannot write {shown_path(raw)}: {too_long} (nothing was written)")
    special = special_kind(full)
    if special is not None and special != "a folder":
        raise InputError(f"cannot write {raw}: it is {special}, not a regular file (nothing was written)")
    if full.is_dir():
        raise InputError(f"output {raw} is a folder: give a file name, e.g. {os.path.join(raw, example)}")
    folder = full.parent
    if not folder.exists():
        raise InputError(f"cannot write {raw}: the folder {folder} does not exist")
    if not folder.is_dir():
        raise InputError(f"cannot write {raw}: {folder} is not a folder")
    real = _real(full)
    for p, what in protect:
        if what.endswith("folder"):
            if _is_within(real, _real(p)) or _same(folder, p):
                raise InputError(f"cannot write {raw}: it is inside {what} (nothing was written)")
        elif _same(full, p):
            raise InputError(f"cannot write {raw}: it is {what} (nothing was written)")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise InputError(f"cannot write {raw}: the folder {folder} is not writable")
    if full.exists() and not os.access(full, os.W_OK):
        raise InputError(f"cannot write {raw}: the file exists and is read-only")
    return full


def part_name(final: Path) -> Path:
    """``.NAME.<hex>.part`` next to ``final``, NAME cut so that the whole stays within 255
    bytes (a name near the limit still gets a temporary file)."""
    name = final.name
    while len(os.fsencode(name)) > 200:
        name = name[:-1]
    return final.with_name(f".{name}.{uuid.uuid4().hex}{PART_SUFFIX}")


def prune_parts(folder: Path, *, older_than: float = STALE_PART_SECONDS) -> list[Path]:
    """Remove the temporary files (``.NAME.<hex>.part`` and a SQLite ``-journal`` of one)
    that killed writers left in ``folder``; returns those removed."""
    gone: list[Path] = []
    now = time.time()
    with suppress(OSError):
        for p in folder.glob(f".*{PART_SUFFIX}*"):
            with suppress(OSError):
                if now - p.stat().st_mtime >= older_than:
                    p.unlink()
                    gone.append(p)
    return gone


@contextmanager
def atomic_write(path: str | os.PathLike[str]) -> Iterator[Path]:
    """Yield a temporary file name next to ``path``; once the body is done, flush it to
    disk and rename it into place (one step). On any error the temporary file is removed
    and ``path`` is left as it was. An OSError becomes an InputError naming the file."""
    final = Path(os.path.abspath(os.fspath(path)))
    _refuse_special(final)
    too_long = name_problem(final)
    if too_long:
        raise InputError(f"cannot write {shown_path(str(final))}: {too_long} (nothing was written)")
    tmp = part_name(final)
    prune_parts(final.parent)
    try:
        yield tmp
        _fsync(tmp)
        _refuse_special(final)  # checked again right before the rename
        os.replace(tmp, final)
        _fsync_folder(final.parent)
    except BaseException as e:
        for leftover in (tmp, tmp.with_name(tmp.name + "-journal")):
            with suppress(OSError):
                leftover.unlink()
        if isinstance(e, OSError):
            raise InputError(f"cannot write {final}: {e.strerror or e}") from None
        raise


def _refuse_special(final: Path) -> None:
    """Never rename a file over anything but a regular file (``/dev/null``, a FIFO, a
    socket would be replaced by it); a folder is refused by the rename itself."""
    special = special_kind(final)
    if special is not None and special != "a folder":
        raise InputError(f"cannot write {final}: it is {special}, not a regular file (nothing was written)")


def _fsync(p: Path) -> None:
    fd = os.open(p, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _fsync_folder(folder: Path) -> None:
    with suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
