"""Typed dice pressed as keys (issue #33): faces typed where a dice step waits go into
the typed-dice field (the wizard starts there; typing while Roll, Preview or "Roll for
me" has the focus moves there), Enter with faces typed uses them, not the app's dice,
and Enter with nothing typed rolls the app's dice as before. Checked in the After the
Battle wizard, the dice preview dialogs (Lasting Injury), the creature generator and
the battle page's table rolls."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from sqlalchemy import text

from tests.ui.test_dialog_keys import nuts_battle
from tests.ui.test_flow import faces_for

ENTER = Qt.Key.Key_Return


def type_keys(window: Any, keys: str) -> None:
    """Each key to the widget of ``window`` that has the focus now (as the keyboard does)."""
    for ch in keys:
        QTest.keyClick(window.focusWidget() or window, ch)


def enter(window: Any) -> None:
    QTest.keyClick(window.focusWidget() or window, ENTER)


def rolls(engine: Any, cid: int) -> list[tuple[str, str, str]]:
    """(faces, source, mark) of the campaign's roll_record rows, oldest first."""
    with engine.connect() as c:
        return [tuple(r) for r in c.execute(text(
            "SELECT faces, source, mark FROM roll_record WHERE campaign_id = :c ORDER BY id"), {"c": cid})]


def _faces(stored: str) -> list[int]:
    """roll_record.faces as stored: the faces separated by commas."""
    return [int(f) for f in str(stored).replace("[", "").replace("]", "").replace(" ", "").split(",") if f]


def test_faces_typed_in_the_wizard_and_enter_use_them_not_the_apps_dice(qtbot: Any, win: Any,
                                                                        gui_engine: Any) -> None:
    cid, _r1 = nuts_battle(win, gui_engine)
    before = rolls(gui_engine, cid)
    wiz = win.after_battle()
    enter(wiz)  # Next on the start page
    typed: list[int] = []
    k = 0
    while wiz.page != "summary":
        need = wiz.current_need()
        assert need is not None, wiz.error.text()
        assert wiz.focusWidget() is wiz.typed  # the step that asks for dice waits in the field
        if k == 1:  # a player who clicked or tabbed to Roll types on it: into the field too
            wiz.roll_button.setFocus()
        faces = faces_for(need.need)
        type_keys(wiz, faces)
        assert wiz.typed.text() == faces
        enter(wiz)
        assert wiz.page == "result", (need.need, wiz.error.text())
        got = [int(f) for f in faces.split(",")]
        start = wiz.roll_starts[-1]
        assert wiz.faces[start:] == [(f, "typed") for f in got]  # the step's result: these faces
        assert [f for f, _s in wiz.faces_view.faces] == got
        typed += got
        k += 1
        enter(wiz)  # Next
    assert k == 5 and [s for _f, s in wiz.faces] == ["typed"] * len(typed)
    assert rolls(gui_engine, cid) == before  # typed dice: no app roll on record, none abandoned
    enter(wiz)  # Apply
    assert not wiz.isVisible(), wiz.error.text()
    new = rolls(gui_engine, cid)[len(before):]
    assert [f for faces, _s, _m in new for f in _faces(faces)] == typed
    assert {s for _f, s, _m in new} == {"typed"}
    assert "abandoned" not in {m for _f, _s, m in rolls(gui_engine, cid)}


def test_enter_with_nothing_typed_rolls_the_apps_dice_in_the_wizard(qtbot: Any, win: Any,
                                                                   gui_engine: Any) -> None:
    cid, _r1 = nuts_battle(win, gui_engine)
    before = rolls(gui_engine, cid)
    wiz = win.after_battle()
    enter(wiz)
    need = wiz.current_need()
    assert need is not None and wiz.focusWidget() is wiz.typed and not wiz.typed.text()
    enter(wiz)  # nothing typed: the app rolls, as Roll does
    assert wiz.page == "result" and [s for _f, s in wiz.faces] == ["random"] * need.count
    new = rolls(gui_engine, cid)[len(before):]
    assert [(s, m) for _f, s, m in new] == [("random", "preview")]
    wiz.reject()


def test_faces_typed_on_roll_for_me_go_into_the_entry_and_enter_previews_them(
        qtbot: Any, win: Any, gui_engine: Any) -> None:
    from campaign_app.systems.necromunda.demo import build as demo_necromunda

    cid = demo_necromunda(gui_engine)
    win.reload(prefer=("campaign", cid))
    assert win.select_figure("Krug Ironhide")
    before = rolls(gui_engine, cid)
    dlg = win.run_command("injury_roll")
    dlg.dice.roll.setFocus()  # "Roll for me" chosen, the focus on it
    type_keys(dlg, "5,5")
    assert dlg.dice.is_typed() and dlg.dice.entry.text() == "5,5"
    enter(dlg)
    assert not dlg.error.isVisible(), dlg.error.text()
    assert [f for f, _s in dlg.faces_view.faces] == [5, 5] and "Enfeebled" in dlg.steps.rows[0]["text"]
    assert rolls(gui_engine, cid) == before  # typed: the preview rolled nothing
    QTest.mouseClick(dlg.ok_button, Qt.MouseButton.LeftButton)
    assert not dlg.isVisible(), dlg.error.text()
    new = rolls(gui_engine, cid)[len(before):]
    assert [(_faces(f), s) for f, s, _m in new] == [([5, 5], "typed")]
    # typed on the Roll button: the same; an empty entry and Enter: the app's dice
    assert win.select_figure("Sable")
    dlg = win.run_command("injury_roll")
    assert dlg is not None and dlg.isVisible()
    dlg.preview_button.setFocus()
    type_keys(dlg, "1")
    assert dlg.dice.is_typed() and dlg.dice.entry.text() == "1"
    QTest.keyClick(dlg.dice.entry, Qt.Key.Key_Backspace)
    enter(dlg)
    assert not dlg.dice.is_typed() and dlg.ok_button.isEnabled(), dlg.error.text()
    assert {s for _f, s in dlg.faces_view.faces} == {"random"}
    dlg.reject()


def test_faces_typed_on_preview_in_the_creature_generator_are_used(qtbot: Any, win: Any,
                                                                   gui_engine: Any) -> None:
    from campaign_app.usecases import campaigns, rosters

    c = campaigns.create_campaign(gui_engine, "Weird", "nuts", None, ("weird-ww2",))
    r = rosters.create_roster(gui_engine, c.id, "Alpha")
    win.reload(prefer=("roster", r.id))
    dlg = win.run_command("creatures")
    dlg.kind.setCurrentIndex(dlg.kind.findData("vampire"))
    dlg.count.setValue(2)
    dlg.preview_button.setFocus()
    type_keys(dlg, "1,6")
    assert dlg.dice.is_typed() and dlg.dice.entry.text() == "1,6"
    enter(dlg)
    assert [(x["name"], x["rep"]) for x in dlg.model.rows] == [("Vampire 1", 4), ("Vampire 2", 6)]
    QTest.mouseClick(dlg.ok_button, Qt.MouseButton.LeftButton)
    assert not dlg.isVisible(), dlg.error.text()
    assert [(_faces(f), s) for f, s, _m in rolls(gui_engine, c.id)] == [([1], "typed"), ([6], "typed")]


def test_faces_typed_on_the_battle_pages_roll_and_enter_roll_the_table_with_them(
        qtbot: Any, win: Any, gui_engine: Any) -> None:
    from campaign_app.usecases import roll_log
    from campaign_app.usecases.table import table_view
    from tests.ui.test_battle_page import weird_world

    cid = weird_world(gui_engine)
    win.reload()
    win.select_tree("campaign", cid)
    win.actions["setup_battle"].trigger()
    dlg = win.active_dialog
    for r in dlg.choices["rosters"]:
        dlg.set_roster_checked(r["id"])
    qtbot.keyClicks(dlg.dice, "4,6,2")
    QTest.mouseClick(dlg.ok_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: getattr(win, "battle_page", None) is not None)
    page = win.battle_page
    QTest.mouseClick(page.start_button, Qt.MouseButton.LeftButton)
    page.table_choice.setCurrentIndex(page.table_choice.findData("ww2-walker-penetration"))
    page.target.setValue(2)
    page.table.selectRow(0)
    statuses = [f["status"] for f in table_view(gui_engine, page.battle_id)["figures"]]
    page.roll_button.setFocus()
    for ch in "1,5":
        QTest.keyClick(QApplication.focusWidget() or page.roll_button, ch)
    assert page.typed.text() == "1,5"
    # a face, not the page's status key 1 for the selected figure
    assert [f["status"] for f in table_view(gui_engine, page.battle_id)["figures"]] == statuses
    QTest.keyClick(page.typed, ENTER)  # Enter in "I rolled": the table rolled with these faces
    assert "[1,5]" in page.roll_result.text() and "Disabled" in page.roll_result.text()
    last = roll_log(gui_engine, cid, battle=page.battle_id)[-1]
    assert (last["faces"], last["source"]) == ([1, 5], "typed")
    QTest.keyClick(page.typed, ENTER)  # nothing typed: the app's dice, as the Roll button
    last = roll_log(gui_engine, cid, battle=page.battle_id)[-1]
    assert last["source"] == "random" and last["table"] == "ww2-walker-penetration"
