"""pytest fixtures for the desktop window, for a game system plug-in's own tests.

Loaded with the core's (``campaign_app.testing``), in the plug-in's root ``conftest.py``::

    pytest_plugins = ["campaign_app.testing", "ui.testing"]

Needs pytest-qt (its ``qtbot``). Qt runs offscreen unless ``QT_QPA_PLATFORM`` says
otherwise.

``campaign_window``
    The main window on ``campaign_db`` (SQLite only: the window's tests need not run
    twice), shown, with settings of its own in a temporary file; ``reload()`` it after
    writing through a use-case. Message boxes and dialogs left open are closed
    afterwards, and background work is waited for before the database goes.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture
def campaign_window(qtbot: Any, tmp_path: Path) -> Iterator[Any]:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication, QDialog, QMessageBox

    from campaign_app.facade import Campaigns
    from ui import worker
    from ui.main_window import MainWindow
    from ui.settings import AppSettings

    url = f"sqlite:///{tmp_path / 'window.sqlite'}"
    app = Campaigns.open(url)
    settings = AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    w = MainWindow(app, settings, url)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    yield w
    for top in QApplication.topLevelWidgets():
        if isinstance(top, (QMessageBox, QDialog)) and top.isVisible():
            top.reject()
    worker.cancel_all_and_wait()
    app.dispose()
