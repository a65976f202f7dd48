"""Live updates in the window: what other clients commit shows up without a reload.

Started a moment after the database is open (never on the start path: the first paint
comes first). On PostgreSQL the listening connection is opened off the GUI thread
(:mod:`ui.worker`), then a :class:`QSocketNotifier` on its socket wakes the GUI thread
when a notification arrives; on a SQLite file a :class:`QTimer` asks the file once a
second whether another connection changed it (``PRAGMA data_version``, cheap). Either
way the change set goes to :meth:`MainWindow.apply_changes`, which reads again only what
it names. The window's own changes are not heard again (the sender id / the journals
it wrote). A stale edit is still refused by the row versions, as before.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QSocketNotifier, QTimer

from campaign_app.errors import AppError
from ui.i18n import translate

if TYPE_CHECKING:
    from campaign_app.changes import Changes
    from ui.main_window import MainWindow

log = logging.getLogger(__name__)

ENABLED = True  # tests turn it off, but for the tests of live updates
START_MS = 400  # after the database is open and shown
POLL_MS = 1000  # a SQLite file: how often it is asked
RETRY_MS = (2000, 5000, 15000, 30000, 60000)  # a lost connection: tried again after these waits


class LiveUpdates(QObject):
    """The window's ear on its database (one app at a time)."""

    def __init__(self, win: MainWindow) -> None:
        super().__init__(win)
        self.win = win
        self.app: Any = None
        self.watcher: Any = None
        self.notifier: QSocketNotifier | None = None
        self.timer: QTimer | None = None
        self.task: Any = None
        self.heard = 0  # change sets applied (tests, the status bar)
        self.retries = 0  # failed attempts in a row (the wait grows with them)
        self.missed = False  # a connection was lost: what others did meanwhile was not heard

    def start(self, app: Any) -> None:
        if app is self.app and (self.watcher is not None or self.task is not None):
            return
        if app is not self.app:  # another database: a fresh start
            self.retries, self.missed = 0, False
        self.stop()
        self.app = app
        if app is None:
            return
        from campaign_app.usecases import live

        if app.backend == "postgresql":  # a server may be slow to answer
            from ui import worker

            self.task = worker.run_task(None, "Live updates", lambda _ctx: app.run(live.watch),
                                        on_done=lambda w, e=app: self._attach(e, w),
                                        on_error=lambda err, e=app: self._failed(e, err))
            return
        try:
            self._attach(app, app.run(live.watch))
        except Exception as e:  # noqa: BLE001 - live updates are a convenience: the window goes on
            self._failed(app, e)

    def _attach(self, app: Any, watcher: Any) -> None:
        self.task = None
        if app is not self.app:  # another database was opened meanwhile
            if watcher is not None:
                watcher.close()
            return
        self.watcher = watcher
        if watcher is None:
            return
        if self.missed:  # back after a lost connection: read everything once, then listen
            self.missed, self.retries = False, 0
            self.win.notify(translate("LiveUpdates", "Live updates are back on"), 5000)
            self.win.reload()
        fd = watcher.fileno()
        if fd is not None:
            self.notifier = QSocketNotifier(fd, QSocketNotifier.Type.Read, self)
            self.notifier.activated.connect(self._poll)
        else:
            self.timer = QTimer(self)
            self.timer.setInterval(POLL_MS)
            self.timer.timeout.connect(self._poll)
            self.timer.start()

    def _failed(self, app: Any, err: BaseException) -> None:
        """Say live updates are off, and try again after a wait that grows (RETRY_MS)
        while the window stays on this database."""
        self.task = None
        if app is not self.app:
            return
        wait = RETRY_MS[min(self.retries, len(RETRY_MS) - 1)]
        self.retries += 1
        self.missed = True
        log.warning("live updates are off: %s (trying again in %d ms)", err, wait)
        off = translate("LiveUpdates", "Live updates are off")
        again = translate("LiveUpdates", "trying again in {seconds} s").format(seconds=wait // 1000)
        self.win.notify(f"{off}: {_one_line(err)}; {again}", wait)
        QTimer.singleShot(wait, self, lambda e=app: self._retry(e))

    def _retry(self, app: Any) -> None:
        if app is self.app and self.watcher is None and self.task is None:
            self.start(app)

    def _poll(self, *_a: Any) -> None:
        w = self.watcher
        if w is None:
            return
        try:
            got = w.poll()
        except Exception as e:  # noqa: BLE001 - a lost connection: say so, keep the window
            app = self.app
            self.stop()
            self.app = app
            self._failed(app, e)
            return
        if got:
            self.apply(got)

    def apply(self, got: list[Changes]) -> None:
        """Show what other clients changed (several change sets as one)."""
        merged = got[0]
        for ch in got[1:]:
            merged |= ch
        self.heard += 1
        try:
            self.win.apply_changes(merged)
        except AppError:  # what was shown is gone: read everything again
            self.win.reload()

    def stop(self) -> None:
        if self.notifier is not None:
            self.notifier.setEnabled(False)
            self.notifier.deleteLater()
            self.notifier = None
        if self.timer is not None:
            self.timer.stop()
            self.timer.deleteLater()
            self.timer = None
        if self.watcher is not None:
            try:
                self.watcher.close()
            except Exception:  # noqa: BLE001 - closing a broken connection
                log.debug("closing the live updates connection failed", exc_info=True)
            self.watcher = None
        self.app = None


def _one_line(err: BaseException) -> str:
    return (str(err).strip().splitlines() or [type(err).__name__])[0]


def start_live(win: MainWindow) -> LiveUpdates | None:
    """Start (or move to the window's database) the window's live updates."""
    if not ENABLED:
        return None
    live = getattr(win, "live", None)
    if live is None:
        live = win.live = LiveUpdates(win)
    live.start(win.app)
    return live


def stop_live(win: MainWindow) -> None:
    live = getattr(win, "live", None)
    if live is not None:
        live.stop()
