"""The one way the GUI runs long work (PDF export, imports, opening a database) off the
GUI thread: :func:`run_task` starts ``fn(ctx)`` on the global QThreadPool and shows a
progress dialog with Cancel. ``fn`` must not touch widgets; it reports through
``ctx.progress(done, total, text)`` (which returns False once Cancel was pressed) and
may call ``ctx.check()`` to stop. Results, errors and cancellation come back as
signals handled on the GUI thread."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal
from PySide6.QtWidgets import QProgressDialog, QWidget

from ui.i18n import translate

log = logging.getLogger(__name__)


class TaskCancelled(Exception):
    """Raised by :meth:`TaskContext.check` when the user pressed Cancel."""


class _Signals(QObject):
    progress = Signal(int, int, str)
    partial = Signal(object)
    finished = Signal(object)
    failed = Signal(object)
    cancelled = Signal()


class TaskContext:
    """Handed to the background function: progress reports and the cancel flag."""

    def __init__(self, signals: _Signals, event: threading.Event) -> None:
        self._signals = signals
        self._event = event

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()

    def progress(self, done: int, total: int, text: str = "") -> bool:
        """Report progress; returns False when the task should stop (Cancel, or no one
        is left to hear it: the application is closing)."""
        if not _emit(self._signals.progress, int(done), int(total), text):
            self._event.set()
        return not self._event.is_set()

    def partial(self, value: Any) -> bool:
        """Hand ``value`` (a first part of the result) to the GUI thread now, the task
        going on (``Task.partial``); False when no one is left to hear it."""
        return _emit(self._signals.partial, value)

    def check(self) -> None:
        if self._event.is_set():
            raise TaskCancelled("cancelled")


def _emit(signal: Any, *args: Any) -> bool:
    """Emit ``signal``; False when its object is gone (the application quit while the
    task ran: PySide deletes the signals' objects at exit), which ends the task quietly."""
    try:
        signal.emit(*args)
    except RuntimeError:
        return False
    return True


class _Runnable(QRunnable):
    def __init__(self, fn: Callable[[TaskContext], Any], signals: _Signals,
                 event: threading.Event) -> None:
        super().__init__()
        self.setAutoDelete(True)
        self.fn = fn
        self.signals = signals
        self.stop = event

    def run(self) -> None:
        ctx = TaskContext(self.signals, self.stop)
        try:
            result = self.fn(ctx)
        except BaseException as e:  # noqa: BLE001 - reported on the GUI thread
            if self.stop.is_set() or isinstance(e, TaskCancelled) or type(e).__name__ == "ExportCancelled":
                _emit(self.signals.cancelled)
            else:
                _emit(self.signals.failed, e)
            return
        if self.stop.is_set():
            _emit(self.signals.cancelled)
        else:
            _emit(self.signals.finished, result)


class Task(QObject):
    """A running background job. Exactly one of ``done``, ``error`` or ``cancelled``
    is emitted (on the GUI thread), then ``ended``."""

    done = Signal(object)
    error = Signal(object)
    cancelled = Signal()
    ended = Signal()
    progressed = Signal(int, int, str)
    partial = Signal(object)  # a first part of the result (TaskContext.partial)

    def __init__(self, title: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.title = title
        self.stop = threading.Event()
        self.signals = _Signals()
        self.signals.progress.connect(self._on_progress)
        self.signals.partial.connect(self.partial.emit)
        self.signals.finished.connect(self._on_finished)
        self.signals.failed.connect(self._on_failed)
        self.signals.cancelled.connect(self._on_cancelled)
        self.dialog: QProgressDialog | None = None
        self.running = True
        self.result: Any = None
        self.exception: BaseException | None = None

    def cancel(self) -> None:
        self.stop.set()
        if self.dialog is not None:
            self.dialog.setLabelText(translate("Task", "{title}: stopping…").format(title=self.title))

    def _on_progress(self, done: int, total: int, text: str) -> None:
        self.progressed.emit(done, total, text)
        dlg = self.dialog
        if dlg is not None and not self.stop.is_set():
            if text:
                dlg.setLabelText(text)
            if total > 0:
                dlg.setMaximum(total)
                # last: a modal progress dialog processes events in setValue, which
                # may deliver this task's end (and close the dialog) right here
                dlg.setValue(min(done, total))

    def quiet(self) -> None:
        """No progress dialog from now on: the window shows what the task handed over
        (``partial``) and says in its own place that the rest is coming."""
        if self.dialog is not None:
            self.dialog.canceled.disconnect(self.cancel)
            self.dialog.reset()
            self.dialog.hide()
            self.dialog.deleteLater()
            self.dialog = None

    def _close(self) -> None:
        self.running = False
        if self.dialog is not None:
            self.dialog.canceled.disconnect(self.cancel)
            self.dialog.reset()
            self.dialog.hide()
            self.dialog.deleteLater()
            self.dialog = None

    def _on_finished(self, result: Any) -> None:
        self.result = result
        self._close()
        self.done.emit(result)
        self.ended.emit()

    def _on_failed(self, exc: BaseException) -> None:
        self.exception = exc
        self._close()
        self.error.emit(exc)
        self.ended.emit()

    def _on_cancelled(self) -> None:
        self._close()
        self.cancelled.emit()
        self.ended.emit()


_RUNNING: set[Task] = set()


def running_tasks() -> list[Task]:
    return list(_RUNNING)


def run_task(parent: QWidget | None, title: str, fn: Callable[[TaskContext], Any], *,
             on_done: Callable[[Any], None] | None = None,
             on_error: Callable[[BaseException], None] | None = None,
             on_cancel: Callable[[], None] | None = None, label: str = "",
             cancellable: bool = True, show_after_ms: int = 300) -> Task:
    """Run ``fn(ctx)`` on the thread pool with a progress dialog over ``parent``."""
    task = Task(title)
    if parent is not None:
        dlg = QProgressDialog(label or f"{title}…", translate("worker", "Cancel") if cancellable else "", 0, 0, parent)
        dlg.setWindowTitle(title)
        dlg.setProperty("windowModality", "WindowModal")  # by name: ui.qtboot.NO_QT_ENUMS
        dlg.setAutoClose(False)
        dlg.setAutoReset(False)
        dlg.setMinimumDuration(show_after_ms)
        dlg.setMinimumWidth(360)
        if not cancellable:
            dlg.setCancelButton(None)
        dlg.canceled.connect(task.cancel)
        task.dialog = dlg
    if on_done is not None:
        task.done.connect(on_done)
    if on_error is not None:
        task.error.connect(on_error)
    if on_cancel is not None:
        task.cancelled.connect(on_cancel)
    _RUNNING.add(task)
    task.ended.connect(lambda: _RUNNING.discard(task))
    QThreadPool.globalInstance().start(_Runnable(fn, task.signals, task.stop))
    return task


def cancel_all_and_wait(timeout_ms: int = 10000) -> bool:
    """Ask every running task to stop and wait for the pool (at exit)."""
    for t in list(_RUNNING):
        t.stop.set()
    return QThreadPool.globalInstance().waitForDone(timeout_ms)
