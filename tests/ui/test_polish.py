"""The desktop app as a new player meets it (issue #18): what happens without a
display, window title, help key, headers and the status bar."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from campaign_app.facade import Campaigns
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
    from campaign_app.usecases import campaigns, fighters, rosters
    from campaign_app.usecases.units import add_unit

    c = campaigns.create_campaign(gui_engine, "Bocage", "fubar")
    r = rosters.create_roster(gui_engine, c.id, "2nd Platoon")
    add_unit(gui_engine, r.id, "1st Squad", 5)
    win.reload(prefer=("roster", r.id))
    assert win.table_title.text().endswith("1 unit  ·  5 figures")
    add_unit(gui_engine, r.id, "2nd Squad", 4)
    win.reload(prefer=("roster", r.id))
    assert win.table_title.text().endswith("2 units  ·  9 figures")
    c2 = campaigns.create_campaign(gui_engine, "Underhive", "necromunda")
    r2 = rosters.create_roster(gui_engine, c2.id, "Jackals")
    fighters.add_fighter(gui_engine, r2.id, "Brak", fighter_type="ganger")
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


def _is_button(w: Any) -> bool:
    from PySide6.QtWidgets import QAbstractButton

    return isinstance(w, QAbstractButton)


def _opened(qtbot: Any, dlg: Any) -> Any:
    from tests.ui.conftest import close_popups

    assert dlg is not None
    qtbot.waitUntil(dlg.isVisible)
    fw = dlg.focusWidget()
    name = type(dlg).__name__
    assert fw is not None and not _is_button(fw), f"{name} opens with focus on {fw!r}"
    close_popups()
    return fw


def test_every_dialog_opens_with_the_keyboard_in_its_first_field(qtbot: Any, win: Any,
                                                                gui_engine: Any) -> None:
    from campaign_app.usecases import campaigns, fighters, rosters
    from campaign_app.usecases.units import add_unit

    dlg = win.new_campaign()
    assert _opened(qtbot, dlg) is dlg.name
    c = campaigns.create_campaign(gui_engine, "Underhive", "necromunda")
    r = rosters.create_roster(gui_engine, c.id, "Jackals")
    fighters.add_fighter(gui_engine, r.id, "Brak", fighter_type="ganger")
    win.reload(prefer=("roster", r.id))
    for open_it in (win.new_campaign, win.new_roster, win.edit_roster, win.add_fighter,
                    win.house_rules, win.record_battle):
        _opened(qtbot, open_it())
    win.database_settings()
    _opened(qtbot, win.active_dialog)
    assert win.select_figure("Brak")
    _opened(qtbot, win.edit_selected())
    for command in ("injury_roll", "treat_injury"):
        if win.actions[command].isEnabled():
            _opened(qtbot, win.run_command(command))
    n = campaigns.create_campaign(gui_engine, "Ardennes", "nuts", None, ("weird-ww2",))
    nr = rosters.create_roster(gui_engine, n.id, "Easy Company")
    win.reload(prefer=("roster", nr.id))
    for command in ("creatures", "walker_types", "add_walker"):
        _opened(qtbot, win.run_command(command))
    f = campaigns.create_campaign(gui_engine, "Bocage", "fubar")
    fr = rosters.create_roster(gui_engine, f.id, "2nd Platoon")
    add_unit(gui_engine, fr.id, "1st Squad", 5)
    win.reload(prefer=("roster", fr.id))
    _opened(qtbot, win.add_unit())


def test_typing_right_after_ctrl_n_lands_in_the_name(qtbot: Any, win: Any) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    win.activateWindow()
    qtbot.waitUntil(win.isActiveWindow)
    qtbot.keyClick(win, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: win.active_dialog is not None and win.active_dialog.isVisible())
    dlg = win.active_dialog
    dlg.activateWindow()
    qtbot.waitUntil(dlg.isActiveWindow)
    target = QApplication.focusWidget()
    assert target is dlg.name
    qtbot.keyClicks(target, "Ash Wastes")
    qtbot.keyClick(target, Qt.Key.Key_Space)
    assert dlg.isVisible() and dlg.name.text() == "Ash Wastes "  # typed; no button pressed
    dlg.reject()


def test_the_error_line_keeps_its_room_so_the_form_does_not_jump(qtbot: Any, win: Any) -> None:
    dlg = win.new_campaign()
    qtbot.waitUntil(dlg.isVisible)
    before = dlg.ok_button.mapTo(dlg, dlg.ok_button.rect().topLeft()).y()
    height = dlg.height()
    dlg.try_accept()  # no name: the error line appears
    assert dlg.error.isVisible() and dlg.error.text()
    qtbot.wait(10)
    assert dlg.height() == height
    assert dlg.ok_button.mapTo(dlg, dlg.ok_button.rect().topLeft()).y() == before
    dlg.reject()


def test_characteristics_are_written_and_checked_as_the_edition_has_them(qtbot: Any, win: Any,
                                                                         gui_engine: Any) -> None:
    from campaign_app.usecases import campaigns, rosters
    from tests.ui.conftest import close_popups

    for edition, initiative in (("n23", "4+"), ("n26", "4")):
        c = campaigns.create_campaign(gui_engine, f"Hive {edition}", "necromunda", edition)
        r = rosters.create_roster(gui_engine, c.id, f"Gang {edition}")
        win.reload(prefer=("roster", r.id))
        dlg = win.add_fighter()
        qtbot.keyClicks(dlg.name, "Brak")
        qtbot.keyClicks(dlg.stat_edits["I"], initiative)
        assert not dlg.error.isVisible(), (edition, dlg.error.text())  # as the CLI takes it
        if initiative == "4":  # a plain value in this edition: "4+" is refused, as the CLI does
            dlg.stat_edits["I"].clear()
            qtbot.keyClicks(dlg.stat_edits["I"], "4+")
            assert dlg.error.isVisible() and "plain number" in dlg.error.text(), edition
        dlg.stat_edits["I"].clear()
        qtbot.keyClicks(dlg.stat_edits["I"], initiative)
        dlg.try_accept()
        assert not dlg.isVisible(), dlg.error.text()
        close_popups()
        row = win.model.find(lambda x: x["name"] == "Brak")
        col = next(i for i, cc in enumerate(win.model.columns) if cc.key == "stat:I")
        assert win.model.data(win.model.index(row, col)) == initiative, edition
        win.table.selectRow(row)
        win.show_detail()
        assert f">{initiative}<" in win.detail.toHtml().replace(" ", ""), edition


def test_players_words_not_internal_names(qtbot: Any, win: Any, gui_engine: Any) -> None:
    """The tree, the roll log and the history name games, tables and actions as the
    rules data and people do, never by their ids (weird-ww2, nuts-recovery, fighter.add)."""
    import re

    from campaign_app.rules import load_rulebook
    from campaign_app.systems.nuts.demo import build as demo_nuts
    from ui.main_window import TAB_HISTORY, TAB_LOG

    cid = demo_nuts(gui_engine)
    win.reload(prefer=("campaign", cid))
    item = next(win.tree.topLevelItem(i) for i in range(win.tree.topLevelItemCount())
                if win.tree.topLevelItem(i).data(0, 256) == ("campaign", cid))
    tip = item.toolTip(0)
    assert "Weird WWII" in tip and "weird-ww2" not in tip and "(s)" not in tip
    win.show_detail()
    pane = win.detail.toPlainText()
    assert "NUTS! 4th edition + Weird WWII" in pane and "weird-ww2" not in pane
    win.tabs.setCurrentIndex(TAB_LOG)
    log = win.log_view
    ids = [log.table.itemData(i) for i in range(1, log.table.count())]
    names = [log.table.itemText(i) for i in range(1, log.table.count())]
    assert ids and all(name == load_rulebook().tables[t].title for t, name in zip(ids, names, strict=True))
    col = next(i for i, c in enumerate(log.model.columns) if c.key == "table")
    shown = {log.model.data(log.model.index(r, col)) for r in range(log.model.rowCount())}
    assert shown and not shown & set(ids)
    log.table.setCurrentIndex(1)
    assert names[0] in log.count.text() and ids[0] not in log.count.text()
    win.tabs.setCurrentIndex(TAB_HISTORY)
    hv = win.history_view
    col = next(i for i, c in enumerate(hv.model.columns) if c.key == "action")
    actions = [hv.model.data(hv.model.index(r, col)) for r in range(hv.model.rowCount())]
    assert actions and not [a for a in actions if re.search(r"[.\-]|^[a-z]", a)], actions


def test_a_d66_is_read_not_added_up() -> None:
    from ui.wizard import _value_words

    assert _value_words("d66", 44) == "D66 <b>44</b>"
    assert _value_words("2d6", 9) == "Total <b>9</b>"


def test_duplicate_the_selected_fighter_from_the_roster_menu(qtbot: Any, win: Any, gui_engine: Any) -> None:
    from campaign_app.usecases import campaigns, fighters, rosters

    c = campaigns.create_campaign(gui_engine, "Underhive", "necromunda")
    r = rosters.create_roster(gui_engine, c.id, "Jackals")
    fighters.add_fighter(gui_engine, r.id, "Brak", fighter_type="champion", weapons=["Autogun"])
    win.reload(prefer=("roster", r.id))
    assert not win.actions["duplicate"].isEnabled()  # nothing selected
    assert win.select_figure("Brak")
    assert win.actions["duplicate"].isEnabled()
    win.actions["duplicate"].trigger()
    assert [row["name"] for row in win.model.rows] == ["Brak", "Brak (2)"]
    assert win.selected_row()["name"] == "Brak (2)"  # the copy is selected, its pane shown
    assert "Autogun" in win.detail.toPlainText() and "Brak (2)" in win.notice_text()
    win.actions["undo"].trigger()
    assert [row["name"] for row in win.model.rows] == ["Brak"]


def test_save_and_add_another_keeps_the_dialog_for_the_next_fighter(qtbot: Any, win: Any,
                                                                    gui_engine: Any) -> None:
    from campaign_app.usecases import campaigns, rosters

    c = campaigns.create_campaign(gui_engine, "Underhive", "necromunda")
    r = rosters.create_roster(gui_engine, c.id, "Jackals")
    win.reload(prefer=("roster", r.id))
    dlg = win.add_fighter()
    dlg.type.setCurrentIndex(dlg.type.findData("juve"))
    for name in ("Brak", "Vel"):
        qtbot.keyClicks(dlg.name, name)
        qtbot.keyClicks(dlg.weapons.entry, "Stub gun")
        dlg.weapons.add_current()
        qtbot.mouseClick(dlg.another_button, Qt.MouseButton.LeftButton)
        assert dlg.isVisible() and dlg.name.text() == "" and dlg.weapons.names() == []
        assert dlg.type.currentData() == "juve"  # the next one of the same type, as a gang grows
        assert dlg.focusWidget() is dlg.name
    assert sorted(row["name"] for row in win.model.rows) == ["Brak", "Vel"]
    assert all(row["type"] == "juve" for row in win.model.rows)
    dlg.reject()
    assert len(win.model.rows) == 2  # Cancel after saving keeps what was saved


def _gang(win: Any, engine: Any) -> int:
    from campaign_app.usecases import campaigns, fighters, rosters

    c = campaigns.create_campaign(engine, "Underhive", "necromunda")
    r = rosters.create_roster(engine, c.id, "Jackals")
    fighters.add_fighter(engine, r.id, "Brak", fighter_type="champion", weapons=["Autogun"])
    fighters.add_fighter(engine, r.id, "Vel", fighter_type="juve", skills=["Nerves of Steel"])
    v = fighters.add_fighter(engine, r.id, "Mox", fighter_type="ganger", weapons=["Autogun"])
    fighters.edit_fighter(engine, v.id, status="in-recovery")
    win.reload(prefer=("roster", r.id))
    return int(r.id)


def test_roster_search_and_status_filter(qtbot: Any, win: Any, gui_engine: Any) -> None:
    from campaign_app.usecases import campaigns, fighters, rosters

    rid = _gang(win, gui_engine)
    bar = win.roster_filter
    win.activateWindow()
    qtbot.waitUntil(win.isActiveWindow)
    qtbot.keyClick(win, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert bar.search.hasFocus()
    qtbot.keyClicks(bar.search, "autogun")
    qtbot.keyClick(bar.search, Qt.Key.Key_Return)
    assert sorted(r["name"] for r in win.model.rows) == ["Brak", "Mox"]
    assert win.active_dialog is None  # Enter in the search filters: it edits nothing
    assert "1 more left out by the filter" in win.table_title.text()
    bar.status.setCurrentIndex(bar.status.findData("in-recovery"))
    assert [r["name"] for r in win.model.rows] == ["Mox"]
    # a change elsewhere keeps the filter: a new fighter that does not match stays out
    fighters.add_fighter(gui_engine, rid, "Zed", fighter_type="ganger")
    win.reload()
    assert [r["name"] for r in win.model.rows] == ["Mox"]
    bar.search.clear()
    qtbot.keyClick(bar.search, Qt.Key.Key_Return)
    bar.status.setCurrentIndex(0)
    assert sorted(r["name"] for r in win.model.rows) == ["Brak", "Mox", "Vel", "Zed"]
    qtbot.keyClicks(bar.search, "nerves")
    qtbot.keyClick(bar.search, Qt.Key.Key_Return)
    assert [r["name"] for r in win.model.rows] == ["Vel"]
    # another campaign starts from every row
    c2 = campaigns.create_campaign(gui_engine, "Ash Wastes", "necromunda")
    r2 = rosters.create_roster(gui_engine, c2.id, "Sisters")
    fighters.add_fighter(gui_engine, r2.id, "Ann")
    win.reload(prefer=("roster", r2.id))
    assert bar.search.text() == "" and [r["name"] for r in win.model.rows] == ["Ann"]


def test_columns_chosen_are_kept_for_the_game(qtbot: Any, win: Any, gui_engine: Any, settings: Any) -> None:
    _gang(win, gui_engine)
    bar = win.roster_filter
    keys = [c.key for c in win.model.columns]
    assert "name" in keys and "stat:WS" in keys
    ws = next(a for a in bar.columns_menu.actions() if a.objectName() == "column_stat:WS")
    name = next(a for a in bar.columns_menu.actions() if a.objectName() == "column_name")
    assert not name.isEnabled()  # the name always stays
    ws.setChecked(False)
    assert win.table.isColumnHidden(keys.index("stat:WS"))
    assert "stat:WS" in settings.hidden_columns("necromunda")
    # another window (a new start) shows the table without it
    from ui.main_window import MainWindow

    other = MainWindow(Campaigns(gui_engine), settings, win.url)
    qtbot.addWidget(other)
    other.reload(prefer=("roster", win.roster_id))
    assert other.table.isColumnHidden([c.key for c in other.model.columns].index("stat:WS"))
    other.roster_filter.columns_menu.actions()[-1].trigger()  # Show Every Column
    assert not other.table.isColumnHidden([c.key for c in other.model.columns].index("stat:WS"))
    assert settings.hidden_columns("necromunda") == set()


def test_the_cut_off_finder_sees_each_kind_of_cut(qtbot: Any) -> None:
    """The screenshot test asserts no text is cut off; this proves the finder sees it."""
    from PySide6.QtWidgets import QLabel, QLineEdit, QTextBrowser, QVBoxLayout, QWidget

    from ui.cutoff import cut_texts
    from ui.models import Column, RowsModel
    from ui.views import table_view

    top = QWidget()
    qtbot.addWidget(top)
    lay = QVBoxLayout(top)
    label = QLabel("A label far too long for the narrow window it sits in")
    label.setObjectName("narrow")
    edit = QLineEdit()
    edit.setObjectName("field")
    edit.setPlaceholderText("a placeholder much longer than its field ever is")
    pane = QTextBrowser()
    pane.setObjectName("pane")
    pane.setHtml("<table><tr><td>Kampfgruppe</td><td>Nachtwölfe</td><td>Hauptmann</td>"
                 "<td>Panzergrenadiere</td></tr></table>")
    model = RowsModel([Column("name", "Name")])
    model.set_rows([{"name": "Easy Company, 2nd Squad of the 101st Airborne"}])
    view = table_view(model, "figures")
    for w in (label, edit, pane, view):
        w.setMaximumWidth(120)
        lay.addWidget(w)
    top.resize(140, 400)
    top.show()
    qtbot.waitExposed(top)
    view.setColumnWidth(0, 90)
    found = "\n".join(cut_texts(top))
    assert "narrow" in found and "is cut off" in found
    assert "placeholder" in found
    assert "broken inside the word" in found
    assert "is elided" in found
    label.setWordWrap(True)
    label.setText("Short words wrap well")
    assert not [x for x in cut_texts(top) if "narrow" in x]


def test_dark_theme_colours_come_from_the_palette(qtbot: Any, win: Any, gui_engine: Any, settings: Any) -> None:
    from PySide6.QtGui import QGuiApplication, QPalette

    from ui import theme

    _gang(win, gui_engine)
    assert win.select_figure("Brak")
    try:
        win.actions_theme = [a for a in win.theme_group.actions() if a.objectName() == "action_theme_dark"]
        win.actions_theme[0].trigger()
        assert settings.theme() == "dark" and theme.is_dark()
        from ui.glyphs import action_icon, dark_icon

        assert win.actions["new_campaign"].icon().cacheKey() == dark_icon("campaign").cacheKey()
        dark = theme.colours()
        html = win.detail.document().defaultStyleSheet()
        assert dark.muted in html and dark.heading in html and "#2f3b52" not in html  # no navy on dark
        dlg = win.add_fighter()
        dlg.try_accept()  # no name: the error line, in the dark theme's colours
        assert dark.error_back in dlg.error.styleSheet() and "#fdecec" not in dlg.error.styleSheet()
        dlg.reject()
        window = QGuiApplication.palette().color(QPalette.ColorRole.Window)
        assert window.lightness() < 128
        next(a for a in win.theme_group.actions() if a.objectName() == "action_theme_light").trigger()
        assert not theme.is_dark() and settings.theme() == "light"
        assert win.actions["new_campaign"].icon().cacheKey() == action_icon("campaign").cacheKey()
        assert theme.colours().muted in win.detail.document().defaultStyleSheet()
    finally:
        theme.apply("system")


@pytest.mark.parametrize("first_screen", [False, True])
def test_a_window_built_in_the_dark_theme_has_every_tab_glyph_dark(qtbot: Any, settings: Any, gui_engine: Any,
                                                                  first_screen: bool) -> None:
    """The campaign page built while a dark theme is in force: each tab's glyph is the
    dark one, the roster's and those of the tabs built after it (at once, or as the
    first screen ends)."""
    from ui import theme
    from ui.glyphs import dark_icon
    from ui.main_window import MainWindow

    theme.apply("dark")
    try:
        w = MainWindow(None, settings)
        qtbot.addWidget(w)
        w._first_screen = first_screen
        assert w.tabs.count() == 6  # (the page built now)
        if first_screen:
            w._end_first_screen()
        names = ["roster", "battle", "log", "history", "chart", "battle"]
        assert [w.tabs.tabIcon(i).cacheKey() for i in range(6)] == [dark_icon(n).cacheKey() for n in names]
    finally:
        theme.apply("system")
