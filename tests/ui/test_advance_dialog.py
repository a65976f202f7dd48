"""The Advance dialog, driven with real key presses: it opens from the roster menu (and
the detail pane's link) with the keyboard in its list of advancements, each with its
cost; Preview then Apply takes the advancement (one undo step); a roll whose row offers
two advancements asks which, keeping the same dice; the games that improve figures in
After the Battle only list how."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtTest import QTest

from campaign_app.usecases import campaigns, fighters, rolls, rosters

N23 = {"M": "4", "WS": "4+", "BS": "4+", "S": "3", "T": "3", "W": "1", "I": "4+", "A": "1",
       "Ld": "7+", "Cl": "7+", "Wil": "8+", "Int": "8+"}


def gang(win: Any, engine: Any) -> tuple[int, int, int]:
    c = campaigns.create_campaign(engine, "Old Hive", "necromunda", edition="n23")
    r = rosters.create_roster(engine, c.id, "Rust Rats")
    krag = fighters.add_fighter(engine, r.id, "Krag", fighter_type="champion", stats=N23, xp=7, credits_value=100)
    gan = fighters.add_fighter(engine, r.id, "Gan", fighter_type="ganger", stats=N23, xp=7)
    win.reload(prefer=("roster", r.id))
    return int(c.id), int(krag.id), int(gan.id)


def open_for(win: Any, name: str) -> Any:
    assert win.select_figure(name)
    assert win.actions["advance"].isEnabled()
    win.actions["advance"].trigger()
    dlg = win.active_dialog
    assert dlg is not None and dlg.isVisible()
    return dlg


def press(widget: Any, key: Any, mod: Any = Qt.KeyboardModifier.NoModifier) -> None:
    QTest.keyClick(widget, key, mod)


def test_buy_an_advancement_with_the_keyboard_and_undo(qtbot: Any, win: Any, gui_engine: Any) -> None:
    _cid, krag, _gan = gang(win, gui_engine)
    dlg = open_for(win, "Krag")
    assert dlg.focusWidget() is dlg.options  # focus in the first field
    rows = {dlg.options.topLevelItem(i).text(0): dlg.options.topLevelItem(i)
            for i in range(dlg.options.topLevelItemCount())}
    assert rows["Weapon Skill one better"].text(1) == "6" and rows["Weapon Skill one better"].text(2) == "+20"
    assert rows["Weapon Skill one better"].text(3) == "WS 4+ -> 3+"
    assert not rows["+1 Strength"].flags() & Qt.ItemFlag.ItemIsEnabled  # 8 XP: Krag has 7
    assert rows["+1 Strength"].text(4) == "needs 8 XP (has 7)"
    while dlg.key() != "ws":
        press(dlg.options, Qt.Key.Key_Down)
    assert not dlg.dice.roll.isEnabled()  # nothing rolled for a bought advancement
    dlg.preview_button.setFocus()
    press(dlg.preview_button, Qt.Key.Key_Space)
    assert dlg.ok_button.isEnabled(), dlg.error.text()
    assert [dlg.changes.item(i).text() for i in range(dlg.changes.count())] == \
        ["WS 4+ -> 3+", "XP 7 -> 1", "value 100 -> 120"]
    assert fighters.show_fighter(gui_engine, krag)["stats"]["WS"] == 4  # a preview writes nothing
    dlg.ok_button.setFocus()
    press(dlg.ok_button, Qt.Key.Key_Return)
    assert not dlg.isVisible(), dlg.error.text()
    d = fighters.show_fighter(gui_engine, krag)
    assert (d["stats"]["WS"], d["xp"], d["credits_value"]) == (3, 1, 120)
    press(win, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    d = fighters.show_fighter(gui_engine, krag)
    assert (d["stats"]["WS"], d["xp"], d["credits_value"]) == (4, 7, 100)


def test_random_skill_shows_its_die_then_takes_the_name_with_the_same_roll(qtbot: Any, win: Any,
                                                                         gui_engine: Any) -> None:
    cid, krag, _gan = gang(win, gui_engine)
    dlg = open_for(win, "Krag")
    for _ in range(dlg.options.topLevelItemCount()):
        if dlg.key() == "random-primary-skill":
            break
        press(dlg.options, Qt.Key.Key_Down)
    assert dlg.key() == "random-primary-skill"
    assert dlg.dice.roll.isEnabled()  # one D6 picks the skill
    dlg.preview_button.setFocus()
    press(dlg.preview_button, Qt.Key.Key_Space)  # the app rolls
    assert dlg.preview_data is not None and dlg.preview_data.skill_roll, dlg.error.text()
    face = dlg.preview_data.skill_roll["value"]
    lines = [dlg.changes.item(i).text() for i in range(dlg.changes.count())]
    assert "name the skill the roll gave" in lines and f"= {face}:" in lines[0]
    dlg.skill.setFocus()
    QTest.keyClicks(dlg.skill, "Iron Jaw")  # named: the same die again, not a new roll
    assert dlg.preview_data.skill_roll["value"] == face and dlg.ok_button.isEnabled(), dlg.error.text()
    dlg.ok_button.setFocus()
    press(dlg.ok_button, Qt.Key.Key_Return)
    assert not dlg.isVisible(), dlg.error.text()
    d = fighters.show_fighter(gui_engine, krag)
    assert (d["skills"], d["xp"], d["credits_value"]) == (["Iron Jaw"], 1, 120)
    [log] = rolls.roll_log(gui_engine, cid)
    assert log["faces"] == [face]


def test_a_ganger_promoted_by_the_roll_names_the_skill_its_die_gave(qtbot: Any, win: Any,
                                                                      gui_engine: Any) -> None:
    _cid, _krag, gan = gang(win, gui_engine)
    dlg = open_for(win, "Gan")
    assert dlg.key() == "random" and not dlg.skill.isEnabled()
    dlg.dice.typed.setFocus()
    press(dlg.dice.typed, Qt.Key.Key_Space)  # "I rolled:"
    QTest.keyClicks(dlg.dice.entry, "1,1,4")  # 2: promotion, then the skill's D6
    press(dlg.dice.entry, Qt.Key.Key_Return)
    assert dlg.skill.isEnabled() and dlg.focusWidget() is dlg.skill, dlg.error.text()
    QTest.keyClicks(dlg.skill, "Iron Jaw")
    assert dlg.ok_button.isEnabled(), dlg.error.text()
    dlg.ok_button.setFocus()
    press(dlg.ok_button, Qt.Key.Key_Return)
    assert not dlg.isVisible(), dlg.error.text()
    d = fighters.show_fighter(gui_engine, gan)
    assert (d["type"], d["skills"], d["xp"], d["credits_value"]) == ("specialist", ["Iron Jaw"], 1, 20)


def test_typed_roll_that_offers_a_choice_asks_which(qtbot: Any, win: Any, gui_engine: Any) -> None:
    cid, _krag, gan = gang(win, gui_engine)
    dlg = open_for(win, "Gan")
    assert dlg.key() == "random" and dlg.dice.roll.isEnabled()
    dlg.dice.typed.setFocus()
    press(dlg.dice.typed, Qt.Key.Key_Space)  # "I rolled:"
    QTest.keyClicks(dlg.dice.entry, "5,5")
    press(dlg.dice.entry, Qt.Key.Key_Return)  # Enter in the dice previews
    assert dlg.isVisible() and dlg.choice.isEnabled(), dlg.error.text()
    assert not dlg.ok_button.isEnabled()  # a choice is needed first
    assert dlg.focusWidget() is dlg.choice
    press(dlg.choice, Qt.Key.Key_Down)  # Leadership one better
    assert dlg.choice.currentData() == "ld"
    assert dlg.ok_button.isEnabled(), dlg.error.text()
    dlg.ok_button.setFocus()
    press(dlg.ok_button, Qt.Key.Key_Return)
    assert not dlg.isVisible(), dlg.error.text()
    d = fighters.show_fighter(gui_engine, gan)
    assert (d["stats"]["Ld"], d["xp"], d["credits_value"]) == (6, 1, 10)  # a Ganger's Ld advance adds +10
    log = rolls.roll_log(gui_engine, cid)
    assert [(e["table"], e["row"], e["faces"], e["source"]) for e in log] == \
        [("n23-ganger-advancement", "10-11", [5, 5], "typed")]


@pytest.mark.parametrize("dice", [[3, 4], [6, 6, 1]])
def test_the_apps_roll_is_applied_with_the_same_faces(qtbot: Any, win: Any, gui_engine: Any, monkeypatch: Any,
                                                      dice: list[int]) -> None:
    """The app's own dice (here made known): a plain 2D6 advancement, and a 12 whose
    promotion rolls a random skill (its die the third face; the player names the skill)."""
    from campaign_app import dice as dice_mod

    faces_out = iter(dice)
    monkeypatch.setattr(dice_mod.RandomSource, "next_face", lambda self: next(faces_out))
    cid, _krag, gan = gang(win, gui_engine)
    dlg = open_for(win, "Gan")
    dlg.preview_button.setFocus()
    press(dlg.preview_button, Qt.Key.Key_Space)  # Roll
    faces = [f for f, _src in dlg.faces]
    assert faces == dice and dlg.error.text() == ""
    if dlg.choice.isEnabled():
        press(dlg.choice, Qt.Key.Key_Down)
    assert dlg.skill.isEnabled() == (len(dice) == 3)
    if dlg.skill.isEnabled():  # the random skill's die is seen: the player names the skill
        dlg.skill.setFocus()
        QTest.keyClicks(dlg.skill, "Iron Jaw")
        assert [f for f, _src in dlg.faces] == dice  # named: the same dice, no new roll
    dlg.ok_button.setFocus()
    press(dlg.ok_button, Qt.Key.Key_Return)
    assert not dlg.isVisible(), dlg.error.text()
    log = rolls.roll_log(gui_engine, cid)
    assert [f for r in log for f in r["faces"]] == dice and {r["source"] for r in log} == {"random"}
    assert fighters.show_fighter(gui_engine, gan)["xp"] == 1
    if len(dice) == 3:
        assert "Iron Jaw" in fighters.show_fighter(gui_engine, gan)["skills"]


def test_the_detail_pane_link_opens_it(qtbot: Any, win: Any, gui_engine: Any) -> None:
    gang(win, gui_engine)
    assert win.select_figure("Krag")
    assert "action:advance" in win.detail.toHtml() or "Advance" in win.detail.toPlainText()
    win.detail._link(QUrl("action:advance"))
    assert type(win.active_dialog).__name__ == "AdvanceDialog"


def test_nuts_lists_where_rep_changes(qtbot: Any, win: Any, gui_engine: Any, snap: Any) -> None:
    c = campaigns.create_campaign(gui_engine, "Kursk", "nuts")
    r = rosters.create_roster(gui_engine, c.id, "Easy Company")
    fighters.add_fighter(gui_engine, r.id, "Sgt Rock", fighter_type="star", rep=5)
    win.reload(prefer=("roster", r.id))
    before = snap(gui_engine)
    dlg = open_for(win, "Sgt Rock")
    assert not dlg.ok_button.isVisible() and not dlg.dice_box.isVisible()
    assert dlg.options.topLevelItemCount() >= 1  # the Rep increase table's rows
    press(dlg, Qt.Key.Key_Escape)
    assert not dlg.isVisible()
    assert snap(gui_engine) == before
