"""PySide's per-import check, asked of the file's bytes (ui.qtboot, issue #32): the
same answer as PySide's own for every module a window start imports."""

from __future__ import annotations

import os
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from ui import qtboot

ROOT = Path(__file__).resolve().parents[2]

SAME_ANSWER = r"""
import sys, linecache
import PySide6.QtWidgets
import shibokensupport.feature as feature
original = feature._mod_uses_pyside
from ui.qtboot import quicker_feature_check, uses_pyside
assert quicker_feature_check() and feature._mod_uses_pyside is uses_pyside
assert quicker_feature_check() and feature._mod_uses_pyside is uses_pyside  # once only
import ui.main_window, ui.views, ui.charts, ui.controllers.database
import campaign_app.usecases.first_screen
from campaign_app.systems.registry import systems
systems()
mods = list(sys.modules.values())
ours = [m for m in mods if m.__name__.split(".")[0] in ("ui", "campaign_app")]
users = [m for m in ours if uses_pyside(m)]
assert len(ours) > 40 and len(users) > 10, (len(ours), len(users))
wrong = [m.__name__ for m in mods if uses_pyside(m) != original(m)]
assert not wrong, wrong
assert feature.pyside_feature_dict.get("ui.views") == 0  # uses PySide6
assert feature.pyside_feature_dict.get("campaign_app.usecases.first_screen") == -1
print("ok", len(mods))
"""


def test_the_same_answer_as_pysides_own_for_every_module_of_a_start() -> None:
    out = subprocess.run([sys.executable, "-c", SAME_ANSWER], cwd=ROOT, capture_output=True, text=True,
                         timeout=120, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert out.returncode == 0, out.stderr[-3000:]
    assert out.stdout.startswith("ok ")


def test_no_source_file_means_no_pyside(tmp_path: Path) -> None:
    built_in = sys.modules["sys"]
    assert not qtboot.uses_pyside(built_in)
    gone = types.ModuleType("gone")
    gone.__file__ = str(tmp_path / "gone.py")
    assert not qtboot.uses_pyside(gone)
    src = tmp_path / "uses.py"
    src.write_text("from PySide6.QtCore import Qt\n", encoding="utf-8")
    mod = types.ModuleType("uses")
    mod.__file__ = str(src)
    assert qtboot.uses_pyside(mod)
    src.write_text("import json\n", encoding="utf-8")
    assert not qtboot.uses_pyside(mod)


def test_another_pyside_without_the_check_is_left_alone(monkeypatch: object) -> None:
    fake = types.ModuleType("shibokensupport.feature")
    monkeypatch.setitem(sys.modules, "shibokensupport.feature", fake)  # type: ignore[attr-defined]
    assert qtboot.quicker_feature_check() is False
    assert not hasattr(fake, "_mod_uses_pyside")


def test_the_collector_is_held_once_and_given_back_once() -> None:
    import gc

    assert gc.isenabled()
    try:
        qtboot.hold_gc()
        assert not gc.isenabled()
        qtboot.hold_gc()  # held already: nothing more
        qtboot.release_gc()
        assert gc.isenabled()
        gc.disable()  # turned off by someone else: not ours to turn on
        qtboot.release_gc()
        assert not gc.isenabled()
        qtboot.hold_gc()  # off already: not held by us, so never turned on by us
        qtboot.release_gc()
        assert not gc.isenabled()
    finally:
        gc.enable()


RUN_START = r"""
import gc, sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
import ui.app, ui.qtboot
from ui.main_window import MainWindow
seen = []
import time
t0 = time.monotonic()
ui.qtboot.GC_HELD_MS = 60_000  # opening gives it back: not the time limit
if sys.argv[2] == "never-opens":
    ui.qtboot.GC_HELD_MS = 400
    MainWindow.open_when_shown = lambda self, *a, **k: None  # as a start waiting on a dialog
make_app = ui.app.make_app

def watched(argv=None):
    app = make_app(argv)
    seen.append(gc.isenabled())
    def check():
        win = next(w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow))
        if gc.isenabled() or time.monotonic() - t0 > 30:
            seen.append(win.app is not None if gc.isenabled() else "still held")
            print(seen, flush=True)
            QApplication.exit(0)
        else:
            QTimer.singleShot(10, check)
    QTimer.singleShot(0, check)
    return app

ui.app.make_app = watched
ui.app.run(sys.argv[1])
"""


@pytest.mark.parametrize("how", ["opens", "never-opens"])
def test_a_start_holds_the_collector_until_its_database_opens(tmp_path: Path, how: str) -> None:
    """ui.app.run: no collector from before the window is made until the start-up
    database has opened; a start that opens nothing (a password dialog waiting) gets
    it back after GC_HELD_MS all the same."""
    db = tmp_path / "c.sqlite"
    from campaign_app.facade import Campaigns

    Campaigns.open(f"sqlite:///{db}").dispose()
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": str(tmp_path / "c"),
           "XDG_DATA_HOME": str(tmp_path / "d")}
    out = subprocess.run([sys.executable, "-c", RUN_START, f"sqlite:///{db}", how], cwd=ROOT,
                         capture_output=True, text=True, timeout=120, env=env)
    assert out.returncode == 0, out.stderr[-3000:]
    # held when the window was made; back on with the database open, or without it
    assert out.stdout.split()[-2:] == (["[False,", "True]"] if how == "opens" else ["[False,", "False]"])


def test_set_by_name_sets_what_the_enum_sets_and_refuses_a_misspelling(qapp: Any) -> None:
    """Widgets on the first screen's path take their enum properties by name (no Python
    enum of Qt's namespace built): the same value the enum setter gives, and a name or
    key Qt does not take is our bug, said at once (not a silently ignored property)."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QLabel, QSplitter, QTableView

    from ui.qtboot import set_by_name

    label, table, split = QLabel(), QTableView(), QSplitter()
    set_by_name(label, textFormat="RichText")
    set_by_name(table, textElideMode="ElideMiddle", contextMenuPolicy="CustomContextMenu")
    set_by_name(split, orientation="Vertical")
    assert label.textFormat() == Qt.TextFormat.RichText
    assert table.textElideMode() == Qt.TextElideMode.ElideMiddle
    assert table.contextMenuPolicy() == Qt.ContextMenuPolicy.CustomContextMenu
    assert split.orientation() == Qt.Orientation.Vertical
    with pytest.raises(ValueError, match="textFormat='Richtext'"):
        set_by_name(label, textFormat="Richtext")
    with pytest.raises(ValueError, match="textFromat"):
        set_by_name(label, textFromat="RichText")
    assert label.textFormat() == Qt.TextFormat.RichText


def test_the_models_roles_and_alignments_are_qts() -> None:
    """ui.models keeps Qt's item roles and alignments as plain ints (no Python enum of
    Qt's namespace on the first screen's path): each is the value of Qt's own."""
    from PySide6.QtCore import Qt

    from ui import models

    roles = Qt.ItemDataRole
    assert (models.DISPLAY_ROLE, models.DECORATION_ROLE, models.TOOLTIP_ROLE, models.FONT_ROLE,
            models.ALIGNMENT_ROLE, models.BACKGROUND_ROLE, models.FOREGROUND_ROLE, models.USER_ROLE) == (
        roles.DisplayRole.value, roles.DecorationRole.value, roles.ToolTipRole.value, roles.FontRole.value,
        roles.TextAlignmentRole.value, roles.BackgroundRole.value, roles.ForegroundRole.value,
        roles.UserRole.value)
    assert models.ALIGN_RIGHT == (Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter).value
    assert models.ALIGN_CENTER == Qt.AlignmentFlag.AlignCenter.value
