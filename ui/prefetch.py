"""The first screen of a PostgreSQL database read by a second process while the
window starts (issue #32).

A start has two long waits in a row: Qt's own start (its libraries, the platform, the
fonts, the first frame) and then the first screen's read (``first_screen``: its
modules, the driver, the reads; psycopg's import alone is about 110 ms). Both run
Python and would take turns on the GIL in one process; on a machine of two cores or
more a second process does the read meanwhile.

:func:`start`, called by ``ui.app.run`` before Qt is imported, forks one when the
start opens a PostgreSQL server (Linux, from a process of one thread only, where a
fork is safe; a new interpreter instead took 20 to 35 ms longer to answer, and spared
the first frame nothing measurable). The child finds the database and the place the window will open on as the
window does (``--db``, else the one used last, else the default; the campaign shown
last), from the settings file read as text (importing Qt would cost it 80 ms). It
reads the first screen by plain SQL, writes it, pickled, into an anonymous memory file
and exits. The open task (``ui.controllers.database.open_url``) then :func:`take` s
it: the answer is only used if it was read for the very URL and place the window
opens, else the task reads as before. The child only reads, on its own read-only
connection, closed before it exits.

Measured (``bench/RESULTS.md``): on PostgreSQL at scale 100 the first screen came 60
to 125 ms sooner (medians of 16 to 25 starts), the first frame 0 to 15 ms later (the
two processes slow each other a little on this machine). On a SQLite file the read is some 25 ms, and a second process
busy while Qt starts delayed the first frame by about as much as it saved: a start on
SQLite reads on the open task after the first frame, as before.

It forks only when a core is free at that moment (:func:`core_free`: fewer threads
running than the cores this process may use, the ``running`` count of
``/proc/loadavg``). On a busy machine the two processes took turns on the cores with
the other work instead: with one busy loop on this two-core machine, the first frame
came at 166 ms instead of 144 and the first screen at 354 ms instead of 339 (medians of
11 starts), later on both counts than without the reader.

``CAMPAIGN_APP_NO_PREFETCH=1`` turns it off (the read then runs on the open task);
``CAMPAIGN_APP_PREFETCH=always`` forks whatever the machine's load (the tests)."""

from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from campaign_app.machine import loadavg as _loadavg
from campaign_app.machine import running_threads, usable_cores
from campaign_app.urls import is_postgres

TAKE_TIMEOUT_S = 30.0  # the child's own connect gives up after 10 s (db.queries.first_screen)
_pending: Prefetch | None = None


class Prefetch:
    """A forked reader: its pid and the memory file it writes its answer into."""

    def __init__(self, pid: int, fd: int) -> None:
        self.pid, self.fd = pid, fd
        self._lock = threading.Lock()
        self._done = False

    def wait(self, timeout: float) -> bool:
        """Reap the child; False if it is still at work after ``timeout`` seconds. The
        wait sleeps on the child's pidfd (woken the moment it exits), else polls."""
        deadline = time.monotonic() + timeout
        pidfd = -1
        if timeout > 0 and hasattr(os, "pidfd_open"):
            try:
                pidfd = os.pidfd_open(self.pid)
            except OSError:  # an old kernel, or the child already reaped
                pidfd = -1
        try:
            while True:
                try:
                    pid, _status = os.waitpid(self.pid, os.WNOHANG)
                except ChildProcessError:  # reaped elsewhere (a SIGCHLD handler): done with it
                    return True
                if pid:
                    return True
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                if pidfd >= 0:
                    import select

                    select.select([pidfd], [], [], left)
                else:
                    time.sleep(min(0.002, left))
        finally:
            if pidfd >= 0:
                os.close(pidfd)

    def answer(self, timeout: float = TAKE_TIMEOUT_S) -> tuple[str, Any, Any] | None:
        """The child's (url, place, first screen), or None (it failed, or took too long:
        it is then killed)."""
        with self._lock:
            if self._done:
                return None
            self._done = True
            try:
                if not self.wait(timeout):
                    self._kill()
                    return None
                size = os.fstat(self.fd).st_size
                data = os.pread(self.fd, size, 0) if size else b""
            finally:
                os.close(self.fd)
        if not data:
            return None
        import pickle  # here, not at the top: the first frame does without its 1.5 ms

        try:
            got = pickle.loads(data)  # noqa: S301 (our own child's, through our own memory file)
        except Exception:  # noqa: BLE001 (a half-written answer: the open task reads instead)
            return None
        return got if isinstance(got, tuple) and len(got) == 3 else None

    def discard(self) -> None:
        """Let the answer go: the child is stopped (if still reading) and reaped."""
        with self._lock:
            if self._done:
                return
            self._done = True
            if not self.wait(0):
                self._kill()
            os.close(self.fd)

    def _kill(self) -> None:
        import signal

        try:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass


def enabled() -> bool:
    return (sys.platform.startswith("linux") and hasattr(os, "memfd_create") and hasattr(os, "fork")
            and os.environ.get("CAMPAIGN_APP_NO_PREFETCH", "") in ("", "0")
            and (os.cpu_count() or 1) > 1
            and (os.environ.get("CAMPAIGN_APP_PREFETCH", "") == "always" or core_free(_loadavg(), usable_cores())))


def core_free(loadavg: str, cores: int) -> bool:
    """Whether a core is free for the reader: the threads running right now (by the text
    of ``/proc/loadavg``, this process's own thread among them) fewer than ``cores``.
    Unknown: free, as before."""
    running = running_threads(loadavg)
    return running is None or running < cores


def start(db_url: str | None, default_url: str | None = None, *, sqlite: bool = False) -> Prefetch | None:
    """Fork the reader (see the module's text); None where it is not done: not Linux,
    one core, turned off, this process already runs another thread or Qt (whose own
    threads Python does not count), or the start opens a SQLite file (``sqlite=True``
    reads that too: the tests check the reader on both backends)."""
    global _pending
    discard()
    if not enabled() or threading.active_count() > 1 or _qt_running():
        return None
    values = None if db_url else read_settings(settings_file())  # (a --db needs none of it)
    if not sqlite and not _for_a_server(db_url, default_url, values or {}):
        return None  # a SQLite file: read after the first frame, as the module's text says
    fd = os.memfd_create("campaign-app-first-screen", os.MFD_CLOEXEC)
    try:
        pid = os.fork()
    except OSError:
        os.close(fd)
        return None
    if pid == 0:  # pragma: no cover - the child (tests/ui/test_prefetch.py checks its answer)
        code = 1
        try:
            code = _child(fd, db_url, default_url, values)
        finally:
            os._exit(code)
    _pending = Prefetch(pid, fd)
    return _pending


def _for_a_server(db_url: str | None, default_url: str | None, values: dict[str, str]) -> bool:
    """Whether the start opens a PostgreSQL server (``ui.app.start_database``'s choice,
    without looking up the default file's folder: it is a SQLite file unless
    ``$CAMPAIGN_APP_DB`` names a server)."""
    if db_url:
        return is_postgres(db_url)
    default = default_url or os.environ.get("CAMPAIGN_APP_DB", "").strip() or None
    last = values.get("database/last") or None
    return is_postgres(last if last and last != default else default)


def _qt_running() -> bool:
    core = sys.modules.get("PySide6.QtCore")
    return core is not None and core.QCoreApplication.instance() is not None


def take(url: str, want: Any) -> tuple[bool, Any]:
    """``(True, first screen)`` if the reader read it for ``url`` and ``want`` (the
    first screen may be None: it could not be read so, and reading again would not
    change that), else ``(False, None)``: the caller reads it itself. Taken once."""
    global _pending
    p, _pending = _pending, None
    if p is None:
        return False, None
    got = p.answer()
    if got is None or got[0] != url or got[1] != want:
        return False, None
    return True, got[2]


def discard() -> None:
    """Let a reader still pending go (another database was asked for; the window closed)."""
    global _pending
    p, _pending = _pending, None
    if p is not None:
        p.discard()


def settings_file() -> Path:
    """The file Qt keeps our settings in on Linux (``QSettings()``: the organisation's
    folder in ``$XDG_CONFIG_HOME``, else ``~/.config``, the application's name)."""
    from ui.app import APP_NAME, ORGANIZATION

    base = os.environ.get("XDG_CONFIG_HOME", "")
    if not os.path.isabs(base):
        base = os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / ORGANIZATION / f"{APP_NAME}.conf"


def read_settings(path: Path) -> dict[str, str]:
    """The plain text values of a Qt INI settings file, by ``group/key`` (what the
    reader needs; importing Qt for ``QSettings`` alone costs it some 80 ms). A value
    that is not plain text (a list, a ``@Variant``) is left out. A misread value can
    cost no more than the read: the answer is only taken for the URL and place the
    window itself reads with QSettings."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return {}
    out: dict[str, str] = {}
    group = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line[0] in ";#":
            continue
        if line[0] == "[" and line[-1] == "]":
            group = "" if line == "[General]" else unquote(line[1:-1]) + "/"
            continue
        key, sep, value = line.partition("=")
        got = _ini_text(value.strip()) if sep else None
        if got is not None:
            out[group + unquote(key.strip()).replace("\\", "/")] = got
    return out


_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}


def _ini_text(value: str) -> str | None:
    """One value as Qt writes a string: quoted when it must be, backslash escapes;
    an unquoted comma makes a list, a leading ``@`` a variant: None for those."""
    quoted = value.startswith('"')
    if quoted:
        if len(value) < 2 or not value.endswith('"'):
            return None
        value = value[1:-1]
    elif value.startswith("@") or "," in value:
        return None
    out: list[str] = []
    i = 0
    while i < len(value):
        ch = value[i]
        if ch == "\\" and i + 1 < len(value):
            nxt = value[i + 1]
            if nxt == "x":  # \xHHHH: one UTF-16 unit
                j = i + 2
                while j < len(value) and j < i + 6 and value[j] in "0123456789abcdefABCDEF":
                    j += 1
                if j == i + 2:
                    return None
                out.append(chr(int(value[i + 2:j], 16)))
                i = j
                continue
            out.append(_ESCAPES.get(nxt, nxt))
            i += 2
            continue
        out.append(ch)
        i += 1
    return "".join(out)


def where(db_url: str | None, default_url: str | None, values: dict[str, str] | None = None) -> tuple[str, Any]:
    """The URL and the place the window opens on, as ``ui.app.run`` and the open task
    find them (``ui.app.start_database``, ``AppSettings.last_url``/``last_place``), from
    the settings file read as text (``values``, if :func:`start` read it already): the
    reader imports no Qt."""
    from ui.app import start_database

    if values is None:
        values = read_settings(settings_file())
    if db_url:
        url = db_url
    else:
        if default_url is None:
            from campaign_app.usecases.database import default_url as _default_url

            default_url = _default_url()
        url = start_database(None, values.get("database/last") or None, default_url)[0]
    if is_postgres(url) and any(
            k.startswith("database/ask_password") and v in ("true", "1") for k, v in values.items()):
        return "", None  # the window may ask for a password first: nothing to read now
    place = values.get("view/campaign", "")
    return url, (("campaign", int(place)) if place.isdigit() else None)


CHILD_NICE = 5  # where the two share a core, the window's first frame goes first


def _child(fd: int, db_url: str | None, default_url: str | None,
           values: dict[str, str] | None) -> int:  # pragma: no cover - child
    try:
        os.nice(CHILD_NICE)
    except OSError:
        pass
    url, want = where(db_url, default_url, values)
    if not url.startswith(("sqlite:", "postgres")):
        return 0  # as open_url: only these have a first screen
    import pickle

    from campaign_app.usecases.first_screen import first_screen

    data = pickle.dumps((url, want, first_screen(url, want)), protocol=pickle.HIGHEST_PROTOCOL)
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]
    return 0
