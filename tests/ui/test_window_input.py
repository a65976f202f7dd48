"""The main window as a user works it with mouse and keys: clicking a row selects it
for the detail pane and the actions, Enter edits only from the roster table, and the
first frame names the database being opened."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from campaign_app.usecases import campaigns, fighters, rosters
from tests.ui.conftest import close_popups


def _roster_with_two(win: Any, engine: Any) -> int:
    c = campaigns.create_campaign(engine, "Ash Wastes", "necromunda")
    r = rosters.create_roster(engine, c.id, "Iron Jackals")
    for name in ("Brak", "Vel"):
        fighters.add_fighter(engine, r.id, name, fighter_type="ganger")
    win.reload(prefer=("roster", r.id))
    return int(r.id)


def _click_row(qtbot: Any, win: Any, row: int) -> None:
    rect = win.table.visualRect(win.model.index(row, 0))
    qtbot.mouseClick(win.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def test_clicking_a_row_shows_that_fighter_and_enables_its_actions(qtbot: Any, win: Any,
                                                                    gui_engine: Any) -> None:
    _roster_with_two(win, gui_engine)
    assert win.selected_row() is None and not win.actions["edit_item"].isEnabled()
    _click_row(qtbot, win, 1)
    name = win.model.row_at(1)["name"]
    assert win.selected_row()["name"] == name
    assert win.detail.current == ("fighter", win.model.row_at(1)["id"])
    assert name in win.detail.toPlainText()
    assert win.actions["edit_item"].isEnabled() and win.actions["remove_item"].isEnabled()
    _click_row(qtbot, win, 0)
    assert win.detail.current == ("fighter", win.model.row_at(0)["id"])


def test_enter_edits_from_the_table_but_not_from_other_fields(qtbot: Any, win: Any,
                                                               gui_engine: Any) -> None:
    from ui.main_window import TAB_HISTORY

    _roster_with_two(win, gui_engine)
    win.activateWindow()  # shortcuts only work in the active window
    qtbot.waitUntil(win.isActiveWindow)
    _click_row(qtbot, win, 0)
    win.tabs.setCurrentIndex(TAB_HISTORY)
    field = win.history_view.search  # "Filter actions…"
    field.setFocus()
    qtbot.keyClicks(field, "edit")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert win.active_dialog is None or not win.active_dialog.isVisible()
    win.tabs.setCurrentIndex(0)
    win.table.setFocus()
    qtbot.keyClick(win.table, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: win.active_dialog is not None and win.active_dialog.isVisible())
    assert win.active_dialog.windowTitle() == f"Edit {win.model.row_at(0)['name']}"
    close_popups()


def test_the_start_page_names_the_database_from_the_first_frame(qtbot: Any, settings: Any,
                                                               sqlite_url: str) -> None:
    from ui.main_window import MainWindow

    w = MainWindow(None, settings)
    qtbot.addWidget(w)
    w.open_when_shown(sqlite_url)
    assert w.start_page.text().startswith("Opening sqlite:///")  # before the first paint
    w.show()
    qtbot.waitUntil(lambda: w.app is not None, timeout=30000)
    w.app.dispose()


def test_a_unit_can_be_removed_from_the_window_and_undo_brings_it_back(qtbot: Any, win: Any,
                                                                     gui_engine: Any) -> None:
    from campaign_app.usecases.units import add_unit

    c = campaigns.create_campaign(gui_engine, "Ops", "fubar")
    r = rosters.create_roster(gui_engine, c.id, "Alpha")
    add_unit(gui_engine, r.id, "1st Squad", 8)
    add_unit(gui_engine, r.id, "2nd Squad", 6)
    win.reload(prefer=("roster", r.id))
    assert "Select a unit" in win.detail.toPlainText()
    _click_row(qtbot, win, 0)
    gone = win.selected_row()["name"]
    assert win.actions["remove_item"].isEnabled()
    win.actions["remove_item"].trigger()
    assert [win.model.row_at(i)["name"] for i in range(win.model.rowCount())] == (
        [n for n in ("1st Squad", "2nd Squad") if n != gone])
    win.actions["undo"].trigger()
    assert win.model.rowCount() == 2


def test_a_fighter_removed_elsewhere_is_named_not_numbered(qtbot: Any, win: Any, gui_engine: Any) -> None:
    from tests.ui.conftest import messages

    _roster_with_two(win, gui_engine)
    _click_row(qtbot, win, 0)
    name = win.selected_row()["name"]
    fighters.remove_fighter(gui_engine, win.selected_row()["id"])  # another window or player
    win.edit_selected()
    title, text = messages()[-1]
    assert title == "Cannot edit" and text.startswith(f"{name} is no longer in this database")
    assert name not in [win.model.row_at(i)["name"] for i in range(win.model.rowCount())]


def test_an_action_on_a_figure_removed_elsewhere_names_it(qtbot: Any, win: Any, gui_engine: Any) -> None:
    from tests.ui.conftest import messages

    rid = _roster_with_two(win, gui_engine)
    dead = rosters.show_roster(gui_engine, rid)["fighters"][0]
    fighters.edit_fighter(gui_engine, dead["id"], status="dead")
    win.reload(prefer=("roster", rid))
    win.select_figure(dead["name"])
    assert win.actions["revive"].isEnabled()
    fighters.remove_fighter(gui_engine, dead["id"])  # another window or player
    win.run_command("revive")
    title, text = messages()[-1]
    assert title == "Cannot do that" and text.startswith(f"{dead['name']} is no longer in this database")
    assert win.model.find(lambda r: r["id"] == dead["id"]) < 0  # the list was read again
