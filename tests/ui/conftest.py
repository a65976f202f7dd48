"""GUI test fixtures: a real MainWindow on a temp SQLite database, settings in a temp
INI file, and Qt warnings that fail the test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from campaign_app.facade import Campaigns

pytest.importorskip("pytestqt")

from PySide6.QtCore import QSettings, QtMsgType, qInstallMessageHandler  # noqa: E402

# Notices of the offscreen platform plugin itself, not of the app: it cannot raise a
# window, grab the keyboard for a popup or propagate a size grip's hints. Exactly these
# messages are let through; any other warning fails the test.
IGNORED = (
    "This plugin does not support propagateSizeHints()",
    "This plugin does not support raise()",
    "This plugin does not support grabbing the keyboard",
)


@pytest.fixture(autouse=True)
def qt_warnings_fail(qapp: Any) -> Iterator[list[str]]:
    """Any Qt warning (or worse) during the test fails it."""
    seen: list[str] = []

    def handler(mode: QtMsgType, ctx: Any, msg: str) -> None:
        if mode not in (QtMsgType.QtDebugMsg, QtMsgType.QtInfoMsg) and msg not in IGNORED:
            seen.append(f"{mode.name}: {msg}")
        if previous is not None:
            previous(mode, ctx, msg)

    previous = qInstallMessageHandler(handler)
    from ui import widgets

    widgets.SHOWN.clear()
    yield seen
    close_popups()  # no message box of this test is left for the next one to find
    qInstallMessageHandler(previous)
    assert not seen, "Qt warnings:\n" + "\n".join(seen)


@pytest.fixture(autouse=True)
def _no_live_updates(monkeypatch: pytest.MonkeyPatch) -> None:
    """Windows do not listen for other clients' changes (a timer of their own in every
    test), but in the tests of live updates (tests/ui/test_live.py turns it on)."""
    import ui.live

    monkeypatch.setattr(ui.live, "ENABLED", False)


@pytest.fixture
def settings(tmp_path: Path) -> Any:
    from ui.settings import AppSettings

    return AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))


@pytest.fixture
def gui_engine(sqlite_url: str) -> Iterator[Any]:
    from db.migrate import open_database

    eng = open_database(sqlite_url)
    yield eng
    from ui import worker

    worker.cancel_all_and_wait()  # a background read (a chain check) ends before the file goes
    eng.dispose()


@pytest.fixture
def win(qtbot: Any, gui_engine: Any, settings: Any, sqlite_url: str) -> Iterator[Any]:
    from ui.main_window import MainWindow

    w = MainWindow(Campaigns(gui_engine), settings, sqlite_url)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    yield w
    close_popups()


def close_popups() -> None:
    from PySide6.QtWidgets import QApplication, QDialog, QMessageBox

    for w in QApplication.topLevelWidgets():
        if isinstance(w, (QMessageBox, QDialog)) and w.isVisible():
            w.reject()


def messages() -> list[tuple[str, str]]:
    from ui import widgets

    return list(widgets.SHOWN)
