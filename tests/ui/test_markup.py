"""User text is never read as markup (issue #14 item 11).

A campaign, roster, fighter, unit, walker type, scenario and house-rule label named with
Qt rich-text markup go through every page and dialog that shows them: the tree, the table
title, the detail pane, the roll log, the history, the walker, creature, injury and house
rule dialogs, the After the Battle wizard and message boxes. No widget that renders rich
text shows the markup as markup: a label is plain text, or its text holds the escaped
form; a text browser's plain text holds the name as typed; and nothing is drawn at the
200-point size the markup asks for."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtWidgets import QApplication, QLabel, QMessageBox, QTextEdit, QWidget

from campaign_app.usecases import campaigns, fighters, rolls, rosters
from campaign_app.usecases.battles import record_battle
from tests.ui.conftest import close_popups

BIG = "<font size=200 color=red>BIG</font>"
RAW = "BIG</font>"  # the markup as markup: never in a widget that renders rich text
ESCAPED = "&lt;font size=200 color=red&gt;BIG&lt;/font&gt;"


def click(qtbot: Any, button: Any) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def _renders_rich(label: QLabel) -> bool:
    fmt = label.textFormat()
    return fmt == Qt.TextFormat.RichText or fmt == Qt.TextFormat.AutoText and GuiQt.mightBeRichText(label.text())


def _widgets() -> list[QWidget]:
    out: list[QWidget] = []
    for top in QApplication.topLevelWidgets():
        if top.isVisible():
            out.append(top)
            out.extend(top.findChildren(QWidget))
    return out


def check_no_markup(where: str) -> int:
    """Every visible label and text view is free of rendered markup; returns how many showed
    the hostile text (escaped or plain), so a test knows the name was really on screen."""
    shown = 0
    for w in _widgets():
        if not w.isVisible():
            continue
        if isinstance(w, QLabel):
            text = w.text()
            if _renders_rich(w):
                assert RAW not in text, f"{where}: {w.objectName() or type(w).__name__} renders {text[:120]!r}"
                shown += ESCAPED in text
            else:
                shown += BIG in text
            assert w.sizeHint().height() < 150, f"{where}: {text[:80]!r} is drawn {w.sizeHint().height()}px high"
        elif isinstance(w, QTextEdit):
            plain = w.toPlainText()
            html = w.toHtml()
            assert "font-size:200" not in html.replace(" ", "") and "color:#ff0000" not in html, where
            shown += BIG in plain
    for box in QApplication.topLevelWidgets():
        if isinstance(box, QMessageBox) and box.isVisible():
            assert box.textFormat() == Qt.TextFormat.PlainText or RAW not in box.text(), where
    return shown


@pytest.fixture
def hostile(win: Any, gui_engine: Any) -> dict[str, int]:
    from campaign_app.systems.nuts.creatures import add_walker_type

    e = gui_engine
    c = campaigns.create_campaign(e, BIG, "nuts", expansions=["weird-ww2"])
    r = rosters.create_roster(e, c.id, f"{BIG} squad", faction=BIG, player=BIG)
    f = fighters.add_fighter(e, r.id, f"{BIG} rock", fighter_type="star", rep=5, role=BIG, notes=BIG,
                         skills=[BIG], weapons=[BIG])
    fighters.add_fighter(e, r.id, "Pvt Joe", rep=4)
    add_walker_type(e, c.id, f"{BIG} walker", 4, 3, nation=BIG, notes=BIG)
    table = campaigns.campaign_rules(e, c.id)["nuts-rep-increase"].to_dict()
    for row in table["rows"]:
        row["label"] = f"{BIG} {row['result']}"
    campaigns.set_house_rule(e, c.id, "nuts-rep-increase", table)
    rolls.roll_table(e, "nuts-rep-increase", campaign=c.id, dice="6")
    b = record_battle(e, c.id, [r.id], scenario=BIG, notes=BIG, winner=r.id)
    ops = campaigns.create_campaign(e, f"{BIG} ops", "fubar")
    alpha = rosters.create_roster(e, ops.id, f"{BIG} alpha")
    from campaign_app.usecases.units import add_unit

    u = add_unit(e, alpha.id, f"{BIG} unit", 8, notes=BIG)
    win.reload(prefer=("campaign", c.id))
    return {"campaign": c.id, "roster": r.id, "fighter": f.id, "battle": b.id, "ops": ops.id,
            "alpha": alpha.id, "unit": u.id}


def test_pages_show_hostile_names_as_text(qtbot: Any, win: Any, hostile: dict[str, int]) -> None:
    assert check_no_markup("campaign page")
    win.reload(prefer=("roster", hostile["roster"]))
    assert win.table_title.text()
    assert check_no_markup("roster page")
    item = win.tree.currentItem()
    assert item.text(0).startswith(BIG)  # a tree item is plain text; its tooltip renders rich text
    assert RAW not in item.toolTip(0) and ESCAPED in item.toolTip(0)
    assert win.select_figure(f"{BIG} rock")
    assert check_no_markup("fighter detail")
    for tab in range(win.tabs.count()):  # battles, roll log, history
        win.tabs.setCurrentIndex(tab)
        check_no_markup(f"tab {win.tabs.tabText(tab)}")
    win.reload(prefer=("roster", hostile["alpha"]))
    assert win.select_figure(f"{BIG} unit")
    assert check_no_markup("unit detail")


def test_dialogs_show_hostile_names_as_text(qtbot: Any, win: Any, gui_engine: Any, hostile: dict[str, int]) -> None:
    from ui.controllers import editing

    win.reload(prefer=("roster", hostile["roster"]))
    for command in ("walker_types", "add_walker", "creatures"):
        dlg = win.run_command(command)
        assert dlg is not None and dlg.isVisible(), command
        assert check_no_markup(command), command
        dlg.reject()
    dlg = editing.house_rules(win)
    index = dlg.tables.findData("nuts-rep-increase") if hasattr(dlg, "tables") and hasattr(dlg.tables, "findData") \
        else -1
    if index >= 0:
        dlg.tables.setCurrentIndex(index)
    check_no_markup("house rules")
    dlg.reject()
    close_popups()


def test_the_wizard_shows_hostile_names_as_text(qtbot: Any, win: Any, hostile: dict[str, int]) -> None:
    wiz = win.open_wizard(hostile["battle"])
    assert wiz is not None and wiz.isVisible()
    assert check_no_markup("wizard start")
    click(qtbot, wiz.next_button)
    results = 0
    for _ in range(12):
        if wiz.page == "summary":
            break
        check_no_markup(f"wizard {wiz.page}")
        click(qtbot, wiz.roll_button)  # the app rolls
        if wiz.page == "result":
            assert check_no_markup("wizard result")  # the roster and scenario, the fighter's name
            assert RAW not in wiz.row_label.text() and "&lt;b&gt;" not in wiz.row_label.text()
            results += 1
            click(qtbot, wiz.next_button)
    assert results and wiz.page == "summary"
    check_no_markup("wizard end")
    wiz.reject()
    close_popups()


def test_the_injury_dialog_shows_hostile_names_as_text(qtbot: Any, win: Any, gui_engine: Any) -> None:
    e = gui_engine
    c = campaigns.create_campaign(e, BIG, "necromunda")
    r = rosters.create_roster(e, c.id, f"{BIG} gang", credits=100)
    fighters.add_fighter(e, r.id, f"{BIG} krug", fighter_type="leader")
    win.reload(prefer=("roster", r.id))
    assert win.select_figure(f"{BIG} krug")
    dlg = win.run_command("injury_roll")
    assert dlg is not None and dlg.isVisible()
    assert check_no_markup("injury dialog")
    dlg.reject()


def test_message_boxes_show_hostile_names_as_text(qtbot: Any, win: Any, hostile: dict[str, int]) -> None:
    from campaign_app.errors import InputError
    from ui import widgets

    box = widgets.show_error(win, "Problem", InputError(f"a campaign named {BIG!r} already exists"))
    assert box.textFormat() == Qt.TextFormat.PlainText
    assert check_no_markup("message box") >= 0
    box.reject()


def test_esc_is_the_one_escape() -> None:
    import pathlib

    from ui.text import esc

    assert esc(BIG) == ESCAPED and esc(None) == "" and esc(3) == "3" and esc("a & 'b'") == "a &amp; &#x27;b&#x27;"
    import html

    for text in (BIG, "&amp;<>\"'", "&&lt;", "<a href='x'>\"y\"</a>", "plain", "", "é & ü"):
        assert esc(text) == html.escape(text), text  # the library's escape, done without it
    ui_dir = pathlib.Path(__file__).parents[2] / "ui"
    users = [p.name for p in ui_dir.rglob("*.py") if "html.escape" in p.read_text() or "from html import" in
             p.read_text()]
    assert users == ["text.py"], users
