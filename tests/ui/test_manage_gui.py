"""Rename, delete and move from the window (issue #21 item 6): asked first, one undo
step, and a fighter dragged onto another roster of the tree moves there."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QMimeData, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton

from campaign_app.usecases import campaigns, fighters, rosters


def _gang(engine: Any) -> tuple[Any, Any, Any]:
    c = campaigns.create_campaign(engine, "Hive", "necromunda", "n23")
    a = rosters.create_roster(engine, c.id, "Jackals")
    b = rosters.create_roster(engine, c.id, "Vipers")
    fighters.add_fighter(engine, a.id, "Brak")
    fighters.add_fighter(engine, a.id, "Vel")
    return c, a, b


def _tree_names(win: Any) -> list[str]:
    out = []
    for i in range(win.tree.topLevelItemCount()):
        top = win.tree.topLevelItem(i)
        out.append(top.text(0))
        out += [f"  {top.child(j).text(0)}" for j in range(top.childCount())]
    return out


def _confirm_box(qtbot: Any) -> QMessageBox:
    box: list[QMessageBox] = []
    qtbot.waitUntil(lambda: bool(box.extend(w for w in QApplication.topLevelWidgets()
                                            if isinstance(w, QMessageBox) and w.isVisible()) or box))
    return box[0]


def _yes(box: QMessageBox) -> QPushButton:
    """The confirm box's yes button, found by name: a box found among the top-level
    widgets may come back as a fresh Python wrapper without ``yes_button``."""
    yes = box.findChild(QPushButton, "confirmYes")
    assert yes is not None
    return yes


def test_delete_a_roster_asks_first_and_undo_brings_it_back(qtbot: Any, win: Any, gui_engine: Any) -> None:
    c, a, b = _gang(gui_engine)
    win.reload(prefer=("roster", a.id))
    assert win.actions["delete_roster"].isEnabled()
    win.actions["delete_roster"].trigger()
    box = _confirm_box(qtbot)
    assert "Jackals" in box.text() and "2 figures" in box.text()
    assert box.defaultButton() is box.button(QMessageBox.StandardButton.Cancel)
    qtbot.keyClick(box, Qt.Key.Key_Escape)  # Escape (Cancel) deletes nothing
    assert "  Jackals  (2)" in _tree_names(win)
    win.actions["delete_roster"].trigger()
    box = _confirm_box(qtbot)
    qtbot.mouseClick(_yes(box), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "  Jackals  (2)" not in _tree_names(win))
    assert "Deleted roster Jackals" in win.notice_text()
    qtbot.keyClick(win, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: "  Jackals  (2)" in _tree_names(win))


def test_delete_a_campaign_then_bring_it_back(qtbot: Any, win: Any, gui_engine: Any) -> None:
    c, a, b = _gang(gui_engine)
    keep = campaigns.create_campaign(gui_engine, "Ash Wastes", "necromunda")
    win.reload(prefer=("campaign", c.id))
    win.actions["delete_campaign"].trigger()
    box = _confirm_box(qtbot)
    assert "Hive" in box.text() and "2 rosters" in box.text()
    qtbot.mouseClick(_yes(box), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "Hive" not in _tree_names(win))
    assert _tree_names(win) == [keep.name]
    dlg = win.actions["deleted_campaigns"].trigger() or next(
        w for w in QApplication.topLevelWidgets() if w.objectName() == "deletedCampaignsDialog" and w.isVisible())
    assert dlg.model.rows[0]["name"] == "Hive"
    qtbot.mouseClick(dlg.restore_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "Hive" in _tree_names(win))
    assert win.campaign["name"] == "Hive"


def test_rename_a_roster_and_a_campaign(qtbot: Any, win: Any, gui_engine: Any, monkeypatch: Any) -> None:
    from ui.controllers import manage

    c, a, b = _gang(gui_engine)
    win.reload(prefer=("roster", a.id))
    monkeypatch.setattr(manage, "ask_text", lambda _w, _t, _l, _x: "Iron Jackals")
    win.actions["rename_roster"].trigger()
    assert "  Iron Jackals  (2)" in _tree_names(win)
    monkeypatch.setattr(manage, "ask_text", lambda _w, _t, _l, _x: "Vipers")
    win.actions["rename_roster"].trigger()  # a taken name: said, nothing written
    assert "Vipers" in _confirm_box(qtbot).text()
    _confirm_box(qtbot).reject()
    assert "  Iron Jackals  (2)" in _tree_names(win)
    monkeypatch.setattr(manage, "ask_text", lambda _w, _t, _l, _x: "Underhive")
    win.reload(prefer=("campaign", c.id))
    win.actions["rename_campaign"].trigger()
    assert _tree_names(win)[0] == "Underhive"


def drop(win: Any, pos: Any, what: str) -> bool:
    """Drag ``what`` over the tree to ``pos`` and drop it, as Qt delivers a drag: the
    enter, a move, the drop. True when the drop was taken."""
    from ui.controllers.manage import MIME

    data = QMimeData()
    data.setData(MIME, what.encode())
    args = (pos, Qt.DropAction.MoveAction, data, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(win.tree.viewport(), QDragEnterEvent(*args))
    move = QDragMoveEvent(*args)
    QApplication.sendEvent(win.tree.viewport(), move)
    if not move.isAccepted():
        return False
    ev = QDropEvent(QPointF(pos), *args[1:])
    QApplication.sendEvent(win.tree.viewport(), ev)
    return ev.isAccepted()


def test_move_a_fighter_by_menu_and_by_dropping_it_on_a_roster(qtbot: Any, win: Any, gui_engine: Any,
                                                                monkeypatch: Any) -> None:
    c, a, b = _gang(gui_engine)
    win.reload(prefer=("roster", a.id))
    assert win.select_figure("Brak")
    monkeypatch.setattr(win, "ask_choice", lambda _t, _l, items, _c=0: items.index("Vipers"))
    win.actions["move_figure"].trigger()
    assert [f["name"] for f in rosters.show_roster(gui_engine, b.id)["fighters"]] == ["Brak"]
    # drop Vel onto Vipers in the tree
    win.reload(prefer=("roster", a.id))
    assert win.select_figure("Vel")
    vel = win.selected_row()
    item = win._find_tree_item("roster", b.id)
    pos = win.tree.visualItemRect(item).center()
    drop(win, pos, f"fighter:{vel['id']}")
    qtbot.waitUntil(lambda: len(rosters.show_roster(gui_engine, b.id)["fighters"]) == 2)
    assert "Moved Vel to Vipers" in win.notice_text()
    # dropped back on its own roster: nothing happens
    win.reload(prefer=("roster", b.id))
    own = win._find_tree_item("roster", b.id)
    assert win.select_figure("Vel")
    assert not drop(win, win.tree.visualItemRect(own).center(), f"fighter:{vel['id']}")
    assert len(rosters.show_roster(gui_engine, b.id)["fighters"]) == 2


def test_pressing_and_dragging_a_row_starts_a_drag_of_that_figure(qtbot: Any, win: Any, gui_engine: Any,
                                                                   monkeypatch: Any) -> None:
    from PySide6.QtCore import QEvent, QPoint
    from PySide6.QtGui import QMouseEvent

    from ui.controllers import manage

    started: list[bytes] = []

    class FakeDrag:
        def __init__(self, _source: Any) -> None:
            self.data: Any = None

        def setMimeData(self, data: Any) -> None:  # noqa: N802 (Qt's name)
            self.data = data

        def exec(self, _action: Any) -> None:
            started.append(bytes(self.data.data(manage.MIME).data()))

    monkeypatch.setattr(manage, "QDrag", FakeDrag)
    c, a, b = _gang(gui_engine)
    win.reload(prefer=("roster", a.id))
    assert win.select_figure("Vel")
    vel = win.selected_row()
    port = win.table.viewport()
    at = win.table.visualRect(win.table.currentIndex()).center()
    left, none = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    QApplication.sendEvent(port, QMouseEvent(QEvent.Type.MouseButtonPress, QPointF(at), QPointF(port.mapToGlobal(at)),
                                             left, left, none))
    far = at + QPoint(40, 0)
    QApplication.sendEvent(port, QMouseEvent(QEvent.Type.MouseMove, QPointF(far), QPointF(port.mapToGlobal(far)),
                                             Qt.MouseButton.NoButton, left, none))
    assert started == [f"fighter:{vel['id']}".encode()]
