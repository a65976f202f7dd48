"""Keys and closing in the dialogs, pressed as a user would: Enter in an entry line
does that line's job only (adds a weapon, uses typed dice) and never also presses the
dialog's default button; the wizard's summary speaks in words, not column names; the
fighter editor refuses an emptied characteristic or Rep instead of silently keeping
the old value; the house-rule editor asks before throwing away unsaved edits."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialogButtonBox

from campaign_app.usecases import battles, campaigns, rosters
from campaign_app.usecases import gui_queries as q
from campaign_app.usecases.fighters import add_fighter, edit_fighter
from campaign_app.usecases.rolls import roll_log
from tests.ui.conftest import messages
from tests.ui.test_flow import faces_for

ENTER = Qt.Key.Key_Return


def click(qtbot: Any, button: Any) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def setup(win: Any, engine: Any, system: str, expansions: tuple[str, ...] = ()) -> tuple[int, int]:
    c = campaigns.create_campaign(engine, f"Camp {system}", system, None, expansions)
    r = rosters.create_roster(engine, c.id, "Alpha")
    win.reload(prefer=("roster", r.id))
    assert win.roster_id == r.id
    return int(c.id), int(r.id)


def fighters(engine: Any, rid: int) -> dict[str, dict[str, Any]]:
    return {f["name"]: f for f in rosters.show_roster(engine, rid)["fighters"]}


# 1. Enter in the weapons / skills entry ------------------------------------------------
def test_enter_in_the_weapon_entry_adds_only(qtbot: Any, win: Any, gui_engine: Any, snap: Any) -> None:
    _cid, rid = setup(win, gui_engine, "nuts")
    before = snap(gui_engine)
    dlg = win.add_fighter()
    qtbot.keyClicks(dlg.name, "Sgt Rock")
    dlg.type.setCurrentIndex(dlg.type.findData("star"))
    dlg.rep.setValue(5)
    dlg.weapons.entry.setFocus()
    QTest.keyClicks(dlg.weapons.entry, "Rifle")
    QTest.keyClick(dlg.weapons.entry, ENTER)
    assert dlg.isVisible(), "Enter in the weapon entry saved and closed the dialog"
    assert dlg.weapons.names() == ["Rifle"] and dlg.weapons.entry.text() == ""
    assert snap(gui_engine) == before
    QTest.keyClicks(dlg.weapons.entry, "Pistol")
    QTest.keyClick(dlg.weapons.entry, Qt.Key.Key_Enter)  # the keypad's Enter too
    assert dlg.isVisible() and dlg.weapons.names() == ["Rifle", "Pistol"]
    QTest.keyClicks(dlg.skills.entry, "Sniper")
    QTest.keyClick(dlg.skills.entry, ENTER)
    assert dlg.isVisible() and dlg.skills.names() == ["Sniper"]
    QTest.keyClick(dlg.weapons.entry, ENTER)  # empty entry: nothing added, still open
    assert dlg.isVisible() and dlg.weapons.names() == ["Rifle", "Pistol"]
    assert snap(gui_engine) == before
    # Enter elsewhere in the form still means OK
    QTest.keyClick(dlg.name, ENTER)
    assert not dlg.isVisible(), dlg.error.text()
    rock = fighters(gui_engine, rid)["Sgt Rock"]
    assert [e["name"] for e in rock["equipment"]] == ["Rifle", "Pistol"]
    assert rock["skills"] == ["Sniper"]


def test_enter_in_the_edit_dialog_weapon_entry_adds_only(qtbot: Any, win: Any, gui_engine: Any) -> None:
    _cid, rid = setup(win, gui_engine, "nuts")
    add_fighter(gui_engine, rid, "Joe", rep=4, weapons=["Rifle"])
    win.reload()
    assert win.select_figure("Joe")
    dlg = win.edit_selected()
    QTest.keyClicks(dlg.weapons.entry, "Grenade")
    QTest.keyClick(dlg.weapons.entry, ENTER)
    assert dlg.isVisible() and dlg.weapons.added() == ["Grenade"]
    assert [e["name"] for e in fighters(gui_engine, rid)["Joe"]["equipment"]] == ["Rifle"]
    click(qtbot, dlg.ok_button)
    assert not dlg.isVisible(), dlg.error.text()
    assert [e["name"] for e in fighters(gui_engine, rid)["Joe"]["equipment"]] == ["Rifle", "Grenade"]


# 2. the After the Battle wizard ------------------------------------------------------
def nuts_battle(win: Any, engine: Any) -> tuple[int, int]:
    """A NUTS! battle: Joe out of the fight, Hans dead, Rock scored a hit and Doc,
    in recovery, stayed at home (he comes back after this battle)."""
    cid, r1 = setup(win, engine, "nuts")
    r2 = rosters.create_roster(engine, cid, "Jerries").id
    add_fighter(engine, r1, "Sgt Rock", rep=5, fighter_type="star")
    add_fighter(engine, r1, "Pvt Joe", rep=4)
    doc = add_fighter(engine, r1, "Doc", rep=4)
    edit_fighter(engine, doc.id, status="in-recovery")
    add_fighter(engine, r2, "Hans", rep=4)
    battles.record_battle(engine, cid, [r1, r2], results={"Pvt Joe": "out-of-the-fight",
                                                          "Hans": "obviously-dead"},
                          hits=["Sgt Rock"], absent=["Doc"], winner=r1)
    win.reload(prefer=("campaign", cid))
    return cid, r1


def test_enter_in_typed_dice_shows_the_result_then_enter_goes_on(qtbot: Any, win: Any,
                                                                  gui_engine: Any, snap: Any) -> None:
    cid, r1 = nuts_battle(win, gui_engine)
    wiz = win.after_battle()
    assert wiz is not None and wiz.page == "start"
    QTest.keyClick(wiz, ENTER)  # Next is the default on the start page
    assert wiz.page == "roll"
    before = snap(gui_engine)
    rolls = 0
    while wiz.page != "summary":
        need = wiz.current_need()
        assert need is not None and wiz.result_box.isHidden()
        wiz.typed.setFocus()
        QTest.keyClicks(wiz.typed, faces_for(need.need))
        QTest.keyClick(wiz.typed, ENTER)
        rolls += 1
        # the typed dice are used and their result is shown, not skipped over
        assert wiz.page == "result", (need.need, wiz.error.text())
        assert not wiz.result_box.isHidden()
        assert wiz.row_label.text() and wiz.effect_label.text()
        assert wiz.next_button.isDefault() and wiz.focusWidget() is wiz.next_button
        if rolls == 1:
            assert [f for f, _s in wiz.faces] == [3, 5] and [s for _f, s in wiz.faces] == ["typed", "typed"]
        # a second Enter (on Next, the default) goes on to the next roll
        QTest.keyClick(wiz.focusWidget(), ENTER)
        assert wiz.page != "result"
    assert rolls == 5
    assert snap(gui_engine) == before  # dry runs only
    # the summary speaks in words: no internal column names
    lines = [wiz.changes.item(i).text() for i in range(wiz.changes.count())]
    assert not any("status_note" in ln or "_" in ln for ln in lines), lines
    doc = [ln for ln in lines if ln.startswith("Doc:")]
    assert len(doc) == 1 and doc[0].endswith("active (Back from recovery)"), lines
    assert any(ln.startswith("Hans: status") and "note “obviously dead in battle 1”" in ln
               for ln in lines), lines
    click(qtbot, wiz.apply_button)
    assert not wiz.isVisible(), wiz.error.text()
    squad = fighters(gui_engine, r1)
    assert squad["Pvt Joe"]["status"] == "in-recovery" and squad["Doc"]["status"] == "active"
    assert [r["faces"] for r in roll_log(gui_engine, cid)][:2] == [[3, 5], [6]]


# 3. the fighter editor never silently keeps a value the user emptied ---------------------
def test_emptied_stat_on_edit_is_refused(qtbot: Any, win: Any, gui_engine: Any, snap: Any) -> None:
    _cid, rid = setup(win, gui_engine, "necromunda")
    f = add_fighter(gui_engine, rid, "Brak", stats={"WS": "3+", "M": "5"})
    win.reload()
    assert win.select_figure("Brak")
    before = snap(gui_engine)
    dlg = win.edit_selected()
    ws = dlg.stat_edits["WS"]
    assert ws.text() == "3+"
    ws.selectAll()
    QTest.keyClick(ws, Qt.Key.Key_Backspace)
    assert ws.text() == "" and "WS cannot be left empty" in dlg.error.text()  # said at once
    assert ws.styleSheet()
    click(qtbot, dlg.ok_button)
    assert dlg.isVisible() and "WS cannot be left empty" in dlg.error.text()
    QTest.keyClick(ws, ENTER)  # Enter in the box is OK: refused the same way
    assert dlg.isVisible() and "WS cannot be left empty" in dlg.error.text()
    assert snap(gui_engine) == before
    assert q.fighter_detail(gui_engine, f.id)["stats"] == {"WS": 3, "M": 5}
    # a stat that had no value may stay empty; a new value is saved
    QTest.keyClicks(ws, "4+")
    assert not dlg.error.isVisible() and not ws.styleSheet()
    click(qtbot, dlg.ok_button)
    assert not dlg.isVisible(), dlg.error.text()
    assert q.fighter_detail(gui_engine, f.id)["stats"] == {"WS": 4, "M": 5}


def test_rep_set_to_none_on_edit_is_refused(qtbot: Any, win: Any, gui_engine: Any, snap: Any) -> None:
    _cid, rid = setup(win, gui_engine, "nuts")
    f = add_fighter(gui_engine, rid, "Lou", rep=4)
    win.reload()
    assert win.select_figure("Lou")
    before = snap(gui_engine)
    dlg = win.edit_selected()
    dlg.rep.setFocus()
    for _ in range(4):
        QTest.keyClick(dlg.rep, Qt.Key.Key_Down)
    assert dlg.rep.text() == "—"
    click(qtbot, dlg.ok_button)
    assert dlg.isVisible() and "choose a Rep from 1 to 6" in dlg.error.text()
    assert snap(gui_engine) == before and q.fighter_detail(gui_engine, f.id)["rep"] == 4
    dlg.rep.setValue(5)
    click(qtbot, dlg.ok_button)
    assert not dlg.isVisible(), dlg.error.text()
    assert q.fighter_detail(gui_engine, f.id)["rep"] == 5


def test_add_without_rep_says_so_in_gui_words(qtbot: Any, win: Any, gui_engine: Any, snap: Any) -> None:
    setup(win, gui_engine, "nuts")
    before = snap(gui_engine)
    dlg = win.add_fighter()
    QTest.keyClicks(dlg.name, "NoRep")
    QTest.keyClick(dlg.name, ENTER)
    assert dlg.isVisible()
    assert "choose a Rep from 1 to 6" in dlg.error.text() and "--rep" not in dlg.error.text()
    assert snap(gui_engine) == before


# 4. the house-rule editor asks before throwing edits away --------------------------------
def edit_cell(qtbot: Any, dlg: Any, row: int, col: int, text: str) -> None:
    """Click a cell, double-click it, type, Enter: the real item editor."""
    ix = dlg.rows.index(row, col)
    at = dlg.rows_view.visualRect(ix).center()
    vp = dlg.rows_view.viewport()
    QTest.mouseClick(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)
    QTest.mouseDClick(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)
    ed = dlg.rows_view.indexWidget(ix)
    assert ed is not None, "no editor opened"
    ed.selectAll()
    QTest.keyClicks(ed, text)
    QTest.keyClick(ed, ENTER)  # the delegate commits on its next turn of the event loop
    qtbot.waitUntil(lambda: dlg.rows.rows[row]["text" if col == 3 else "label"] == text)


def close_button(dlg: Any) -> Any:
    box = dlg.findChild(QDialogButtonBox)
    return box.button(QDialogButtonBox.StandardButton.Close)


def test_house_rules_close_with_unsaved_edits_asks(qtbot: Any, win: Any, gui_engine: Any, snap: Any) -> None:
    cid, _rid = setup(win, gui_engine, "nuts")
    before = snap(gui_engine)
    dlg = win.house_rules()
    dlg.select_table("nuts-recovery")
    edit_cell(qtbot, dlg, 0, 3, "Back on his feet, house rule")
    assert dlg.dirty

    # Esc: asked; Cancel keeps the dialog and the edit
    QTest.keyClick(dlg, Qt.Key.Key_Escape)
    box = dlg.confirm_box
    assert box is not None and box.isVisible() and dlg.isVisible()
    assert messages()[-1][0] == "Unsaved changes" and "Out of the Fight recovery" in messages()[-1][1]
    click(qtbot, box.cancel_button)
    assert dlg.isVisible() and dlg.dirty and dlg.confirm_box is None
    assert dlg.rows.rows[0]["text"] == "Back on his feet, house rule"

    # the window's close box: asked; Esc on the question is Cancel
    dlg.close()
    box = dlg.confirm_box
    assert box is not None and box.isVisible() and dlg.isVisible()
    QTest.keyClick(box, Qt.Key.Key_Escape)
    assert dlg.isVisible() and dlg.dirty and dlg.confirm_box is None
    assert snap(gui_engine) == before

    # the Close button: asked; Discard closes and writes nothing
    click(qtbot, close_button(dlg))
    box = dlg.confirm_box
    assert box is not None and box.isVisible()
    click(qtbot, box.discard_button)
    assert not dlg.isVisible()
    assert snap(gui_engine) == before
    assert campaigns.show_campaign(gui_engine, cid)["house_rules"] == []


def test_house_rules_close_then_save(qtbot: Any, win: Any, gui_engine: Any, snap: Any) -> None:
    cid, _rid = setup(win, gui_engine, "nuts")
    dlg = win.house_rules()
    dlg.select_table("nuts-recovery")
    edit_cell(qtbot, dlg, 1, 2, "Badly hurt")
    # a Save that fails keeps the dialog open with the reason, nothing written
    dlg.rows.setData(dlg.rows.index(0, 4), "status value=flying")
    before = snap(gui_engine)
    click(qtbot, close_button(dlg))
    click(qtbot, dlg.confirm_box.save_button)
    assert dlg.isVisible() and "status 'flying' is not one of" in dlg.error.text()
    assert snap(gui_engine) == before
    dlg.rows.setData(dlg.rows.index(0, 4), "")
    click(qtbot, close_button(dlg))
    click(qtbot, dlg.confirm_box.save_button)
    assert not dlg.isVisible(), dlg.error.text()
    assert campaigns.show_campaign(gui_engine, cid)["house_rules"] == ["nuts-recovery"]
    assert campaigns.campaign_rules(gui_engine, cid)["nuts-recovery"].rows[1].label == "Badly hurt"


def test_house_rules_close_without_edits_just_closes(qtbot: Any, win: Any, gui_engine: Any) -> None:
    setup(win, gui_engine, "nuts")
    dlg = win.house_rules()
    dlg.select_table("nuts-recovery")
    QTest.keyClick(dlg, Qt.Key.Key_Escape)
    assert not dlg.isVisible() and dlg.confirm_box is None


def test_enter_on_the_summary_applies_even_from_cancel(qtbot: Any, win: Any, gui_engine: Any) -> None:
    """On the summary Next is grey; Enter must Apply (the default), never fall on Cancel,
    which only Escape or a click take."""
    cid, _r1 = nuts_battle(win, gui_engine)
    for start_on in ("focus", "cancel"):
        wiz = win.after_battle()
        assert wiz is not None
        QTest.keyClick(wiz, ENTER)
        while wiz.page != "summary":
            need = wiz.current_need()
            assert need is not None
            wiz.typed.setFocus()
            QTest.keyClicks(wiz.typed, faces_for(need.need))
            QTest.keyClick(wiz.typed, ENTER)
            QTest.keyClick(wiz.focusWidget(), ENTER)
        assert wiz.apply_button.isDefault() and wiz.focusWidget() is wiz.apply_button
        if start_on == "cancel":
            wiz.cancel_button.setFocus()
            assert wiz.focusWidget() is wiz.cancel_button
            QTest.keyClick(wiz.cancel_button, ENTER)
            break
        QTest.keyClick(wiz, Qt.Key.Key_Escape)  # Escape still cancels: nothing applied
        assert not wiz.isVisible()
        assert q.battles(gui_engine, cid)[0]["after_battle_done"] is False
    assert not wiz.isVisible(), wiz.error.text()
    assert q.battles(gui_engine, cid)[0]["after_battle_done"] is True
