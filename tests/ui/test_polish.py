"""The desktop app as a new player meets it (issue #18): what happens without a
display, window title, help key, headers and the status bar."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from ui.app import missing_display


def test_missing_display_is_named_only_where_qt_would_abort() -> None:
    linux = "linux"
    assert missing_display({}, linux) is not None
    assert missing_display({"QT_QPA_PLATFORM": "xcb"}, linux) is not None
    assert missing_display({"QT_QPA_PLATFORM": "wayland;xcb"}, linux) is not None
    assert missing_display({"DISPLAY": ":0"}, linux) is None
    assert missing_display({"WAYLAND_DISPLAY": "wayland-0"}, linux) is None
    assert missing_display({"QT_QPA_PLATFORM": "offscreen"}, linux) is None
    assert missing_display({"QT_QPA_PLATFORM": "vnc:size=800x600"}, linux) is None
    assert missing_display({}, "win32") is None
    assert missing_display({}, "darwin") is None


def test_a_start_without_a_display_says_so_in_one_line(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env["HOME"] = str(tmp_path)
    env["XDG_DATA_HOME"] = str(tmp_path / "data")
    env["XDG_CONFIG_HOME"] = str(tmp_path / "config")
    proc = subprocess.run([sys.executable, "-m", "campaign_app"], env=env, capture_output=True,
                          text=True, timeout=60)
    lines = proc.stderr.strip().splitlines()
    assert proc.returncode == 2, proc.stderr
    assert len(lines) == 1, proc.stderr
    assert "no display found" in lines[0] and "campaign-app --help" in lines[0]
    assert not (tmp_path / "data").exists()  # nothing made: no database, no settings


def test_the_table_title_counts_units_and_their_figures(qtbot: Any, win: Any, gui_engine: Any) -> None:
    from campaign_app.usecases import core
    from campaign_app.usecases.units import add_unit

    c = core.create_campaign(gui_engine, "Bocage", "fubar")
    r = core.create_roster(gui_engine, c.id, "2nd Platoon")
    add_unit(gui_engine, r.id, "1st Squad", 5)
    win.reload(prefer=("roster", r.id))
    assert win.table_title.text().endswith("1 unit  ·  5 figures")
    add_unit(gui_engine, r.id, "2nd Squad", 4)
    win.reload(prefer=("roster", r.id))
    assert win.table_title.text().endswith("2 units  ·  9 figures")
    c2 = core.create_campaign(gui_engine, "Underhive", "necromunda")
    r2 = core.create_roster(gui_engine, c2.id, "Jackals")
    core.add_fighter(gui_engine, r2.id, "Brak", fighter_type="ganger")
    win.reload(prefer=("roster", r2.id))
    assert win.table_title.text().endswith("1 fighter")


def test_the_window_title_names_the_app_once(win: Any) -> None:
    # the platform adds the application's display name to the title itself
    assert "Campaign Manager" not in win.windowTitle()
    assert win.windowTitle() == Path(win.url.split("///", 1)[-1]).name


def test_a_notice_outlives_a_menu_status_tip(qtbot: Any, win: Any) -> None:
    from PySide6.QtGui import QStatusTipEvent
    from PySide6.QtWidgets import QApplication

    win.notify("Saved 2 pages to roster.pdf", 10000)
    QApplication.sendEvent(win, QStatusTipEvent("Record who fought and how each figure ended"))
    QApplication.sendEvent(win, QStatusTipEvent(""))  # the pointer leaves the menu
    assert win.notice_text() == "Saved 2 pages to roster.pdf"
    assert win._notice.isVisible()


def test_f1_opens_help_and_the_shortcuts_tab_lists_every_key(qtbot: Any, win: Any) -> None:
    from PySide6.QtCore import Qt

    win.activateWindow()
    qtbot.waitUntil(win.isActiveWindow)
    qtbot.keyClick(win, Qt.Key.Key_F1)
    dlg = win._help_dialog
    qtbot.waitUntil(lambda: dlg is not None and dlg.isVisible())
    assert dlg.tabs.currentWidget() is dlg.guide
    assert "Getting started" in dlg.guide.toPlainText()
    dlg.close()
    win.show_shortcuts()
    assert dlg.isVisible() and dlg.tabs.currentWidget() is dlg.keys
    actions = [dlg.keys.item(r, 0).text() for r in range(dlg.keys.rowCount())]
    keys = dict(zip(actions, [dlg.keys.item(r, 1).text() for r in range(dlg.keys.rowCount())],
                    strict=True))
    assert keys["Undo"] == "Ctrl+Z" and keys["Getting Started"] == "F1"
    assert "About Campaign Manager" not in keys  # About has no key of its own
    dlg.close()
