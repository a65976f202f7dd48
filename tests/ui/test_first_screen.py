"""The window's first screen (issue #32): at start-up the tree, the first rows and the
detail pane come from plain SQL while SQLAlchemy, the tables and the rules load off the
GUI thread; meanwhile what needs them is disabled or queued, and the switch to the
normal reads changes nothing the user sees and keeps what they chose."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QIcon

from campaign_app.usecases import warm as fsu
from campaign_app.usecases.demo import create_demo
from ui import qtboot


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """The open task held after the first screen (in ``warm_up``) until set."""
    gate = threading.Event()
    real = fsu.warm_up

    def slow(*args: Any) -> None:
        gate.wait(30)
        real(*args)

    monkeypatch.setattr(fsu, "warm_up", slow)
    yield gate
    gate.set()


@pytest.fixture(autouse=True)
def _collector_back() -> Iterator[None]:
    """A test that holds the collector (as ui.app.run does) and fails before the open
    ends must not leave it off for the worker's other tests."""
    yield
    qtboot.release_gc()
    gc.enable()


def _url(engine: Any) -> str:
    return str(engine.url.render_as_string(hide_password=False))


def _screen(win: Any) -> dict[str, Any]:
    """What the user sees of the campaign page: the tree's texts, the current item,
    the table's title, columns and cells, the detail pane's text."""
    tree = []
    for i in range(win.tree.topLevelItemCount()):
        ci = win.tree.topLevelItem(i)
        tree.append((ci.text(0), ci.toolTip(0), [ci.child(j).text(0) for j in range(ci.childCount())]))
    m = win.model
    return {
        "tree": tree,
        "current": win.tree.currentItem().text(0),
        "title": win.table_title.text(),
        "columns": [m.headerData(c, Qt.Orientation.Horizontal) for c in range(m.columnCount())],
        "hidden": [win.table.isColumnHidden(c) for c in range(m.columnCount())],
        "cells": [[m.index(r, c).data() for c in range(m.columnCount())] for r in range(m.rowCount())],
        "detail": win.detail.toPlainText(),
    }


def _open(qtbot: Any, settings: Any, url: str) -> tuple[Any, Any, list[Any]]:
    from ui.main_window import MainWindow

    w = MainWindow(None, settings)
    qtbot.addWidget(w)
    w.show()
    got: list[Any] = []
    task = w.open_url(url)
    task.partial.connect(got.append)
    qtbot.waitUntil(lambda: w._first_screen, timeout=30000)
    return w, task, got


def _finish(qtbot: Any, w: Any, task: Any, held: threading.Event) -> None:
    held.set()
    if task.running:
        with qtbot.waitSignal(task.ended, timeout=60000):
            pass
    assert w.app is not None and not w._first_screen


def test_first_screen_then_the_same_window(qtbot: Any, settings: Any, engine: Any,
                                           held: threading.Event) -> None:
    create_demo(engine)
    qtboot.hold_gc()  # as ui.app.run does: no collector until the start-up open ends
    w, task, _got = _open(qtbot, settings, _url(engine))
    assert not gc.isenabled()
    assert w.app is None  # the ORM still loading
    first = _screen(w)
    assert first["cells"] and first["tree"] and first["detail"]
    # what needs the database is disabled: actions, the other tabs, the filter
    enabled = {k for k, a in w.actions.items() if a.isEnabled()}
    assert enabled <= {"open_db", "open_league", "quit", "help", "shortcuts", "about", "view_roster"}
    assert "new_roster" not in enabled and "record_battle" not in enabled
    assert not any(w.tabs.isTabEnabled(i) for i in range(1, w.tabs.count()))
    assert not w.roster_filter.isEnabled()
    # its headers from C++ models (no Python headerData asked with a Qt.Orientation):
    # the same titles and tips, each column as the table shows it; no header sorts yet
    hh = w.table.horizontalHeader()
    assert hh.model() is not w.model and hh.count() == w.model.columnCount()
    assert [hh.model().headerData(c, Qt.Orientation.Horizontal) for c in range(hh.count())] == first["columns"]
    assert [hh.model().headerData(c, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
            for c in range(hh.count())] == [w.model.headerData(c, Qt.Orientation.Horizontal,
                                                               Qt.ItemDataRole.ToolTipRole)
                                            for c in range(hh.count())]
    assert w.table.verticalHeader().count() == w.model.rowCount()
    assert not w.table.isSortingEnabled()
    widths = [hh.sectionSize(c) for c in range(hh.count())]
    w.table.selectRow(1)  # chosen while loading: kept
    chosen = w.model.row_at(1)
    assert w.detail.toPlainText() == first["detail"]  # read once the ORM is in, not wiped
    _finish(qtbot, w, task, held)
    after = _screen(w)
    assert after["tree"] == first["tree"] and after["current"] == first["current"]
    assert after["title"] == first["title"] and after["columns"] == first["columns"]
    assert after["hidden"] == first["hidden"] and after["cells"] == first["cells"]
    assert hh.model() is w.model and w.table.verticalHeader().model() is w.model
    assert [hh.sectionSize(c) for c in range(hh.count())] == widths  # nothing moved
    assert w.table.isSortingEnabled() and hh.sortIndicatorSection() == -1  # in its order until a click
    assert w.selected_row() is not None and w.selected_row()["id"] == chosen["id"]
    assert chosen["name"] in w.detail.toPlainText()  # the detail of the row kept selected
    assert all(w.tabs.isTabEnabled(i) for i in range(w.tabs.count()))
    assert w.roster_filter.isEnabled() and w.actions["new_roster"].isEnabled()
    assert gc.isenabled()  # back on once opened
    w.app.dispose()


def test_detail_pane_is_the_normal_one(qtbot: Any, settings: Any, engine: Any, held: threading.Event) -> None:
    """The pane of the campaign (and of a roster) as the normal reads show it."""
    create_demo(engine)
    w, task, _got = _open(qtbot, settings, _url(engine))
    first = w.detail.toPlainText()
    _finish(qtbot, w, task, held)
    w.show_detail()  # read again by the normal path
    assert w.detail.toPlainText() == first
    w.app.dispose()


def test_a_tree_item_chosen_while_loading_is_shown_after(qtbot: Any, settings: Any, engine: Any,
                                                        held: threading.Event) -> None:
    create_demo(engine)
    w, task, _got = _open(qtbot, settings, _url(engine))
    before = _screen(w)["cells"]
    last = w.tree.topLevelItem(w.tree.topLevelItemCount() - 1)
    roster = last.child(0)
    text, rid = roster.text(0), roster.data(0, 256)[1]
    w.tree.setCurrentItem(roster)  # queued: nothing read without the ORM, nothing broken
    assert _screen(w)["cells"] == before
    _finish(qtbot, w, task, held)
    assert w.tree.currentItem().text(0) == text
    assert w.roster_id == rid
    assert {r["roster_id"] for r in w.model.rows} == {w.roster_id}
    w.app.dispose()


def test_a_failed_open_drops_the_first_screen(qtbot: Any, settings: Any, engine: Any,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from campaign_app.errors import DatabaseError
    from ui.main_window import NO_DATABASE
    from ui.widgets import SHOWN

    create_demo(engine)
    gate = threading.Event()

    def broken(*_a: Any) -> None:
        gate.wait(30)
        raise DatabaseError("the server went away")

    monkeypatch.setattr(fsu, "warm_up", broken)
    qtboot.hold_gc()
    w, task, _got = _open(qtbot, settings, _url(engine))
    gate.set()
    with qtbot.waitSignal(task.ended, timeout=60000):
        pass
    assert gc.isenabled()  # a failed open gives the collector back too
    assert w.app is None and not w._first_screen
    assert w.stack.currentWidget() is w.start_page and w.start_page.text() == NO_DATABASE
    assert any("the server went away" in m for _t, m in SHOWN)
    assert w.campaign is None
    # the table is the normal one again for the next database: its headers, its sorting
    assert w.table.horizontalHeader().model() is w.model and w.table.isSortingEnabled()
    assert w.tabs.count() == 6 and w.log_view is w.tabs.widget(2)  # the other tabs built


def test_no_first_screen_where_it_cannot_show_the_same(qtbot: Any, settings: Any, engine: Any) -> None:
    """An edition with its own characteristics (read from the rules data): the normal
    path at once, the window as before."""
    from campaign_app.usecases.campaigns import create_campaign
    from campaign_app.usecases.rosters import create_roster

    c = create_campaign(engine, "Old", "necromunda", edition="n23")
    create_roster(engine, c.id if hasattr(c, "id") else c["id"], "Goliaths")
    from ui.main_window import MainWindow

    w = MainWindow(None, settings)
    qtbot.addWidget(w)
    w.show()
    seen: list[Any] = []
    task = w.open_url(_url(engine))
    task.partial.connect(seen.append)
    with qtbot.waitSignal(task.ended, timeout=60000):
        pass
    assert not seen and w.app is not None and w.campaign is not None and w.campaign["name"] == "Old"
    w.app.dispose()


def test_a_paged_scope_first_screen_is_the_paged_tables_first_page(
        qtbot: Any, settings: Any, engine: Any, held: threading.Event, monkeypatch: pytest.MonkeyPatch) -> None:
    """Above the paging threshold: the first page and the scope's SQL counts in the
    title, then the paged table shows the same."""
    from campaign_app.usecases import first_screen as first
    from ui import paged

    create_demo(engine)
    for mod in (first, paged):
        monkeypatch.setattr(mod, "PAGE_THRESHOLD", 4)
        monkeypatch.setattr(mod, "PAGE_ROWS", 5)
    w, task, _got = _open(qtbot, settings, _url(engine))
    before = _screen(w)
    assert len(before["cells"]) == 5
    assert "19 fighters" in before["title"]  # the scope's SQL count, not the page's
    _finish(qtbot, w, task, held)
    assert w.model.paged
    after = _screen(w)
    assert after["cells"][:5] == before["cells"] and after["title"] == before["title"]
    assert after["columns"] == before["columns"]
    w.model.set_rows([])  # no page fetched once the database is gone
    w.close()
    w.app.dispose()


def test_a_more_row_chosen_while_loading_breaks_nothing(qtbot: Any, settings: Any, engine: Any,
                                                       held: threading.Event,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A campaign's "more rosters" row (read a page at a time) chosen before the
    database layer is in: nothing read, nothing broken; after it, the tree reads on."""
    from campaign_app.usecases import first_screen as first

    create_demo(engine)
    monkeypatch.setattr(first, "TREE_PAGE", 1)  # every campaign with a "more" row
    w, task, _got = _open(qtbot, settings, _url(engine))
    camp = w.tree.topLevelItem(0)
    more = camp.child(camp.childCount() - 1)
    assert more.data(0, 256)[0] == "more"
    shown = _screen(w)["current"]
    w.tree.setCurrentItem(more)
    _finish(qtbot, w, task, held)
    assert _screen(w)["current"] == shown  # the place shown before, now read normally
    w.app.dispose()


def test_the_first_screen_and_its_page_import_no_orm_nor_metadata(engine: Any) -> None:
    """In a fresh process, the first screen's read of a real database (the game systems'
    registry with it) and the campaign page's modules imported meanwhile bring in no
    SQLAlchemy, SQLModel, pydantic or alembic, nor ``importlib.metadata`` (about 30 ms;
    psycopg imports it itself, so only on SQLite)."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    create_demo(engine)
    code = ("import sys, json\n"
            "from PySide6.QtWidgets import QApplication\n"
            "app = QApplication([])\n"
            "from ui.controllers.database import _import_campaign_page\n"
            "_import_campaign_page()\n"
            "from campaign_app.usecases.first_screen import first_screen\n"
            f"fs = first_screen({_url(engine)!r})\n"
            "print(json.dumps([fs is not None, sorted(m for m in sys.modules if m.split('.')[0] in "
            "('sqlalchemy', 'sqlmodel', 'pydantic', 'alembic') or m == 'importlib.metadata')]))\n")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env,
                         cwd=Path(__file__).resolve().parents[2])
    pg = engine.dialect.name == "postgresql"
    assert json.loads(out.stdout.strip().splitlines()[-1]) == [True, ["importlib.metadata"] if pg else []]


FIRST_SCREEN_PROBE = """
import json, sys
import ui.app, ui.prefetch
if sys.argv[2] == "paged":  # a scope above the paging threshold: its first page
    import campaign_app.usecases.first_screen as first, ui.paged as paged
    for mod in (first, paged):
        mod.PAGE_THRESHOLD, mod.PAGE_ROWS = 4, 5
from PySide6 import QtCore, QtWidgets
seen = {}
take = ui.prefetch.take


def watched_take(url, want):  # whether the open task took the reader's answer (tests/ui/test_prefetch.py)
    read, fs = take(url, want)
    seen.update(read=read, want=None if fs is None else fs["want"])
    return read, fs


ui.prefetch.take = watched_take
make_app = ui.app.make_app


def watched(argv=None):
    app = make_app(argv)
    from ui.main_window import MainWindow

    show = MainWindow.show_first_screen

    def shown(self, fs):
        show(self, fs)
        self.grab()  # painted whole: the tree, every visible cell and header, the pane
        seen.update(rows=self.model.rowCount(), tree=self.tree.topLevelItemCount(), paged=fs["counts"] is not None,
                    current=self.tree.currentItem().text(0),
                    qt_enums="Qt" in vars(QtCore), qstyle="QStyle" in vars(QtWidgets),
                    qstandard="QStandardItemModel" in vars(__import__("PySide6.QtGui").QtGui))
        self.close()
        app.quit()

    MainWindow.show_first_screen = shown
    return app


ui.app.make_app = watched
from campaign_app.cli import main

main(["--db", sys.argv[1]] if sys.argv[1] != "-" else [])  # "-": the database used last
print(json.dumps(seen))
"""


@pytest.mark.parametrize("scope", ["whole", "paged"])
def test_the_first_screen_builds_no_enum_of_qts_namespace_nor_the_style(engine: Any, tmp_path: Any,
                                                                      scope: str) -> None:
    """A real start (``campaign-app --db URL``, fresh process) up to its first screen
    painted uses no Python enum of Qt's namespace (all 93 of them are built at its first
    use: some 125 million instructions, a tenth of the first screen) nor QStyle (some 500
    enums): widgets set by name (ui.qtboot.set_by_name), the roster's headers from C++
    models, the badges from files, the other tabs built after."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    create_demo(engine)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": str(tmp_path / "c"),
           "XDG_DATA_HOME": str(tmp_path / "d")}
    out = subprocess.run([sys.executable, "-c", FIRST_SCREEN_PROBE, _url(engine), scope], capture_output=True,
                         text=True, env=env, cwd=Path(__file__).resolve().parents[2], timeout=120)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    assert seen["rows"] > 0 and seen["tree"] > 0  # the first screen itself, painted
    assert seen["paged"] is (scope == "paged")
    assert seen["qstandard"]  # (its headers' models: the check sees a type once it is made)
    assert seen["qt_enums"] is False and seen["qstyle"] is False, seen


def test_the_roster_model_turns_away_only_roles_it_never_answers(qtbot: Any, win: Any, gui_engine: Any) -> None:
    """``RosterModel.answers`` lets data() turn a role away before reading the row: every
    role a roster table can be asked for (Qt's and the user roles) gives what the model
    gives without that shortcut, for every cell of a demo roster with every status."""
    from ui.models import RosterModel

    create_demo(gui_engine)
    win.reload()
    rows = [r for r in win.model.rows]
    assert {r.get("status_class") for r in rows} >= {"ok", "hurt"}
    m = RosterModel(win.model.columns)
    m.set_rows(rows)
    full = RosterModel(win.model.columns)
    full.answers = None  # every role asked of the row
    full.set_rows(rows)
    answered = set()
    for role in [*range(0, 40), 256, 257, 258]:
        for r in range(m.rowCount()):
            for c in range(m.columnCount()):
                got, want = m.index(r, c).data(role), full.index(r, c).data(role)
                if isinstance(want, (QIcon, QColor, QFont)):
                    assert type(got) is type(want), (role, r, c)
                else:
                    assert got == want, (role, r, c)
                if want is not None:
                    answered.add(role)
    assert answered == set(RosterModel.answers)  # each role it lets through is one it answers


def test_column_hint_is_qts_size_hint_for_column(qtbot: Any, win: Any, gui_engine: Any) -> None:
    """The roster's columns are fitted from ``ui.views.column_hint``: for every column the
    number Qt's own ``sizeHintForColumn`` gives (it asks the delegate of every sampled
    row), scrolled to the top or further down, a row hidden, few rows sampled or many,
    every status with its badge and struck-out names, short and long rosters."""
    from ui.views import column_hint, sampled_rows

    create_demo(gui_engine)
    win.reload()
    win.resize(1280, 800)
    win.show()
    camp = win.tree.topLevelItem(0)
    checked = 0
    for item in [camp, *(camp.child(i) for i in range(min(3, camp.childCount())))]:
        win.tree.setCurrentItem(item)
        qtbot.wait(10)
        t = win.table
        t.setWordWrap(False)  # (as the fit measures: one line per cell)
        qt_hint = type(t).sizeHintForColumn
        t.sizeHintForColumn = lambda _c: pytest.fail("column_hint asked Qt for the whole column")
        for precision, scroll, hide in ((80, 0, None), (5, 0, None), (3, t.model().rowCount() // 2, 2),
                                        (1000, 10 ** 6, None), (0, 0, None)):
            t.horizontalHeader().setResizeContentsPrecision(precision)
            t.verticalScrollBar().setValue(scroll)
            if hide is not None and t.model().rowCount() > hide:
                t.setRowHidden(hide, True)
            for c in range(t.model().columnCount()):
                assert column_hint(t, c) == qt_hint(t, c), (item.text(0), precision, scroll, c)
                checked += 1
            if hide is not None and t.model().rowCount() > hide:
                t.setRowHidden(hide, False)
        t.horizontalHeader().setResizeContentsPrecision(80)
        assert sampled_rows(t)  # (the rows Qt samples, found)
        del t.sizeHintForColumn
    assert checked > 40
    t.setWordWrap(True)  # wrapped text: Qt's own number, asked of Qt
    assert column_hint(t, 0) == qt_hint(t, 0)
