"""Small screens (issue #33): on a 1024x700 laptop every window fits the screen, the
battle page's marks, rolls and "Marks so far" can be reached, and nothing is cut off,
in every language and theme; the main window puts the detail pane under the tabs when
it is narrow. The pictures are taken by ``python -m ui.screenshots --size`` in a process
of its own (Qt's screen is chosen when the application starts)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

ROOT = Path(__file__).resolve().parents[2]


def _shoot(out: Path, size: str, langs: str, themes: str) -> tuple[list[str], list[str]]:
    res = subprocess.run([sys.executable, "-m", "ui.screenshots", str(out), "--size", size, "--lang", langs,
                          "--theme", themes], capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert res.returncode == 0, res.stderr[-3000:]
    cut = [line for line in res.stderr.splitlines() if line.startswith("cut off:")]
    return res.stdout.split(), cut


@pytest.mark.slow
def test_at_1024x700_nothing_is_cut_off_in_any_language_or_theme(tmp_path: Path) -> None:
    files, cut = _shoot(tmp_path, "1024x700", "en,fr,it", "light,dark")
    assert cut == []  # no window larger than the screen, no text elided, clipped or broken
    for combo in ("en-light", "en-dark", "fr-light", "fr-dark", "it-light", "it-dark"):
        names = [Path(f).name for f in files if Path(f).parent.name == combo]
        assert any("battle-page" in n for n in names) and any("wizard-summary" in n for n in names), combo
        assert any("dialog-house-rules" in n for n in names), combo


@pytest.mark.slow
def test_at_1920x1080_nothing_is_cut_off(tmp_path: Path) -> None:
    files, cut = _shoot(tmp_path, "1920x1080", "en", "dark")
    assert cut == [] and any("battle-page" in f for f in files)


def test_the_screenshot_tool_refuses_a_bad_size(tmp_path: Path) -> None:
    from ui.screenshots import main

    assert main([str(tmp_path), "--size", "wide"]) == 2
    assert main([str(tmp_path), "--size", "100x100"]) == 2
    assert main([str(tmp_path), "--lang", "de"]) == 2


def test_the_finder_sees_a_window_larger_than_the_screen_and_a_panel_cut_at_the_side(qtbot: Any) -> None:
    from PySide6.QtWidgets import QPushButton, QScrollArea, QVBoxLayout, QWidget

    from ui.cutoff import cut_texts
    from ui.screenshots import _off_screen

    top = QWidget()
    qtbot.addWidget(top)
    top.setMinimumSize(2000, 300)  # wider than the tests' 1280x800 screen
    top.show()
    qtbot.waitExposed(top)
    assert any("cannot shrink below 2000x300" in p for p in _off_screen(top))
    assert any("on a 1280x800 screen" in p for p in _off_screen(top))

    panel = QWidget()
    lay = QVBoxLayout(panel)
    wide = QPushButton("A button far wider than the scrolling panel")
    wide.setObjectName("wide")
    wide.setMinimumWidth(500)
    lay.addWidget(wide)
    scroll = QScrollArea()  # a plain scroll area, no sideways bar: the panel is clipped
    scroll.setWidgetResizable(True)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    scroll.setWidget(panel)
    holder = QWidget()
    qtbot.addWidget(holder)
    QVBoxLayout(holder).addWidget(scroll)
    scroll.setFixedWidth(200)
    holder.show()
    qtbot.waitExposed(holder)
    found = "\n".join(cut_texts(holder))
    assert "wide" in found and "cut off at the side" in found

    from ui.widgets import VerticalScroll

    panel2 = QWidget()
    lay2 = QVBoxLayout(panel2)
    lay2.addWidget(QPushButton("A button far wider than the scrolling panel"))
    holder2 = QWidget()
    qtbot.addWidget(holder2)
    QVBoxLayout(holder2).addWidget(VerticalScroll(panel2))  # as wide as its content: nothing clipped
    holder2.show()
    qtbot.waitExposed(holder2)
    assert cut_texts(holder2) == []


def test_a_narrow_main_window_puts_the_detail_pane_under_the_tabs(qtbot: Any, win: Any, gui_engine: Any) -> None:
    from campaign_app.usecases import create_campaign

    create_campaign(gui_engine, "Small screen", "nuts")
    win.reload()
    win.show()
    qtbot.waitExposed(win)
    win.resize(1276, 780)
    qtbot.waitUntil(lambda: win.body.orientation() == Qt.Orientation.Horizontal)
    assert win.minimumSizeHint().width() <= 1020  # it can be made as small as a 1024 screen
    win.resize(1000, 650)
    qtbot.waitUntil(lambda: win.body.orientation() == Qt.Orientation.Vertical)
    assert win.width() == 1000  # not held at the side-by-side layout's width
    tabs, pane = win.body.sizes()
    assert tabs > 0 and pane > 0  # both shown, one above the other
    win.resize(1276, 780)
    qtbot.waitUntil(lambda: win.body.orientation() == Qt.Orientation.Horizontal)


def test_windows_open_within_the_screen(qtbot: Any, win: Any) -> None:
    """The main window (1280x780 asked) and a dialog fit the tests' 1280x800 screen, frame included."""
    room = win.screen().availableGeometry()
    win.show()
    qtbot.waitExposed(win)
    frame = win.frameGeometry()
    assert frame.width() <= room.width() and frame.height() <= room.height()
    from PySide6.QtWidgets import QDialog

    from ui.screen import fit_to_screen

    dlg = QDialog()
    qtbot.addWidget(dlg)
    fit_to_screen(dlg, 3000, 2000)
    assert dlg.width() <= room.width() and dlg.height() <= room.height()


def test_the_finder_sees_a_header_cut_and_squeezing_keeps_headers_whole(qtbot: Any) -> None:
    from PySide6.QtWidgets import QVBoxLayout, QWidget

    from ui.cutoff import cut_texts
    from ui.models import Column, RowsModel
    from ui.views import fit_columns, table_view

    model = RowsModel([Column("a", "Casualties caused"), Column("b", "Casualties suffered"), Column("c", "Name")])
    model.set_rows([{"a": "1", "b": "2", "c": "Easy Company, 2nd Squad of the 101st Airborne"}])
    view = table_view(model, "standingsLike")
    top = QWidget()
    qtbot.addWidget(top)
    QVBoxLayout(top).addWidget(view)
    top.resize(600, 300)
    top.show()
    qtbot.waitExposed(top)
    view.setColumnWidth(0, 40)  # a header far too narrow for its title
    assert any("header 'Casualties caused' is cut off" in p for p in cut_texts(top))
    top.resize(330, 300)  # narrow: the columns give way, the headers' titles stay whole
    fit_columns(view)
    qtbot.wait(50)
    assert not [p for p in cut_texts(top) if "header" in p]


@pytest.mark.parametrize("style", ["Fusion", "Windows"])
def test_viewport_size_is_the_laid_out_viewports(qapp: Any, style: str) -> None:
    """The columns' squeeze measures a table's viewport without asking ``viewport()``
    (ui.views.viewport_size): the same width and height as the laid-out viewport, with
    and without scroll bars and headers, in a style that frames the whole area and one
    that does not."""
    from PySide6.QtWidgets import QStyleFactory, QTableWidget

    from ui.views import viewport_size

    if style not in QStyleFactory.keys():
        pytest.skip(f"no {style} style here")
    the_style = QStyleFactory.create(style)
    seen_bars = set()
    for rows, cols, size in ((3, 2, (400, 300)), (300, 2, (400, 300)), (3, 40, (400, 300)),
                             (300, 40, (400, 300)), (0, 0, (200, 100))):
        t = QTableWidget(rows, cols)
        t.setStyle(the_style)
        t.resize(*size)
        t.show()
        qapp.processEvents()
        for heads in (True, False):
            t.verticalHeader().setVisible(heads)
            qapp.processEvents()
            assert viewport_size(t) == (t.viewport().width(), t.viewport().height()), (rows, cols, heads)
            seen_bars.add((t.verticalScrollBar().isVisible(), t.horizontalScrollBar().isVisible()))
        t.close()
    assert seen_bars == {(False, False), (True, False), (False, True), (True, True)}
