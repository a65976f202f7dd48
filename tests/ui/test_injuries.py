"""Necromunda single-fighter actions in the GUI: a Lasting Injury roll outside a
battle and the decision on a pending Critical Injury, each previewed with rolled or
typed dice and then applied with the same faces (or cancelled: nothing written)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

from campaign_app.usecases import campaigns, fighters, journal, rosters
from campaign_app.usecases.rolls import roll_log
from tests.ui.conftest import messages


def click(qtbot: Any, button: Any) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


@pytest.fixture
def necro(win: Any, gui_engine: Any) -> int:
    from campaign_app.systems.necromunda.demo import build as demo_necromunda

    cid = demo_necromunda(gui_engine)
    win.reload(prefer=("campaign", cid))
    return cid


def fighter(engine: Any, cid: int, name: str) -> dict[str, Any]:
    rows = campaigns.show_campaign(engine, cid)["rosters"]
    for r in rows:
        for f in rosters.show_roster(engine, r["id"])["fighters"]:
            if f["name"] == name:
                return dict(fighters.show_fighter(engine, f["id"]))
    raise AssertionError(name)


def type_dice(qtbot: Any, dlg: Any, text: str) -> None:
    if not dlg.dice.is_typed():
        click(qtbot, dlg.dice.typed)
    dlg.dice.entry.clear()
    qtbot.keyClicks(dlg.dice.entry, text)


def test_injury_actions_follow_the_selected_fighter(qtbot: Any, win: Any, gui_engine: Any, necro: int) -> None:
    from campaign_app.systems.necromunda.actions import injury_roll

    assert win.select_figure("Krug Ironhide")
    assert win.actions["injury_roll"].isEnabled() and not win.actions["treat_injury"].isEnabled()
    assert win.select_figure("Vorn")  # a Critical Injury waits for a decision
    assert win.actions["treat_injury"].isEnabled()
    injury_roll(gui_engine, "Ruk", dice="6,6")  # Memorable Death
    win.reload()
    assert win.select_figure("Ruk")
    assert not win.actions["injury_roll"].isEnabled() and not win.actions["treat_injury"].isEnabled()
    assert win.run_command("injury_roll") is None and win.run_command("treat_injury") is None
    assert win.actions["revive"].isEnabled()
    roster_menu = next(a.menu() for a in win.menuBar().actions() if a.text() == "&Roster")
    assert {"action_injury_roll", "action_treat_injury"} <= {a.objectName() for a in roster_menu.actions()}


def test_lasting_injury_with_typed_dice_preview_then_apply(qtbot: Any, win: Any, gui_engine: Any,
                                                          necro: int, snap: Any) -> None:
    assert win.select_figure("Krug Ironhide")
    before = snap(gui_engine)
    dlg = win.run_command("injury_roll")
    assert dlg.isVisible() and not dlg.ok_button.isEnabled()
    type_dice(qtbot, dlg, "7,1")
    assert "1 to 6" in dlg.dice.problem.text()
    click(qtbot, dlg.preview_button)
    assert "1 to 6" in dlg.error.text() and not dlg.ok_button.isEnabled()
    type_dice(qtbot, dlg, "1,1")  # Lesson Learnt wants a D3 more
    click(qtbot, dlg.preview_button)
    assert "not enough dice typed" in dlg.error.text() and "D3" in dlg.error.text()
    type_dice(qtbot, dlg, "5,5")
    assert dlg.preview_button.text() == "&Preview"
    click(qtbot, dlg.preview_button)
    assert not dlg.error.isVisible(), dlg.error.text()
    assert [s["rule"] for s in dlg.steps.rows] == ["Lasting Injury"]
    assert "Enfeebled" in dlg.steps.rows[0]["text"]
    assert dlg.changes.count() >= 1 and "in-recovery" in dlg.changes.item(0).text()
    assert [f for f, _s in dlg.faces_view.faces] == [5, 5]
    assert snap(gui_engine) == before  # a preview writes nothing
    click(qtbot, dlg.ok_button)
    assert not dlg.isVisible(), dlg.error.text()
    krug = fighter(gui_engine, necro, "Krug Ironhide")
    assert krug["status"] == "in-recovery" and krug["stats"]["T"] == 3
    assert [i["label"] for i in krug["injuries"]] == ["Enfeebled"]
    log = roll_log(gui_engine, necro)
    assert (log[-1]["faces"], log[-1]["source"], log[-1]["subject"]) == ([5, 5], "typed", "Krug Ironhide")
    assert win.selected_row()["name"] == "Krug Ironhide"
    assert "Enfeebled" in win.notice_text()
    win.actions["undo"].trigger()
    krug = fighter(gui_engine, necro, "Krug Ironhide")
    assert krug["status"] == "active" and krug["stats"]["T"] == 4 and krug["injuries"] == []


def test_lasting_injury_rolled_by_the_app_applies_what_the_preview_showed(
        qtbot: Any, win: Any, gui_engine: Any, necro: int) -> None:
    assert win.select_figure("Skarg")
    dlg = win.run_command("injury_roll")
    assert dlg.preview_button.text() == "&Roll"
    click(qtbot, dlg.preview_button)
    assert not dlg.error.isVisible(), dlg.error.text()
    shown = [dict(s) for s in dlg.steps.rows]
    faces = [f for f, _s in dlg.faces_view.faces]
    assert faces and all(src == "random" for _f, src in dlg.faces_view.faces)
    click(qtbot, dlg.ok_button)
    assert not dlg.isVisible(), dlg.error.text()
    everything = [r for r in roll_log(gui_engine, necro) if r["subject"] == "Skarg"]
    log = [r for r in everything if r["mark"] == "applied"]
    assert [f for r in log for f in r["faces"]] == faces
    # the preview's roll is on record too (issue #15), with the same faces
    assert [f for r in everything if r["mark"] == "preview" for f in r["faces"]] == faces
    assert all(r["source"] == "random" for r in log)
    first = next(s for s in shown if s["rule"] == "Lasting Injury")
    skarg = fighter(gui_engine, necro, "Skarg")
    assert skarg["injuries"][0]["label"] == first["roll"]["label"]


def test_the_fighter_who_took_it_out_holds_the_captive(qtbot: Any, win: Any, gui_engine: Any,
                                                       necro: int) -> None:
    assert win.select_figure("Brak")
    dlg = win.run_command("injury_roll")
    type_dice(qtbot, dlg, "6,1")
    click(qtbot, dlg.preview_button)
    assert dlg.ok_button.isEnabled()
    dlg.by.setCurrentIndex(dlg.by.findText("Sable (Venom Sisters)"))
    assert not dlg.ok_button.isEnabled()  # the preview no longer holds: preview again
    click(qtbot, dlg.preview_button)
    assert any("held by Venom Sisters" in s["text"] for s in dlg.steps.rows)
    click(qtbot, dlg.ok_button)
    assert not dlg.isVisible(), dlg.error.text()
    brak = fighter(gui_engine, necro, "Brak")
    assert brak["status"] == "captured"
    assert win.actions["release"].isEnabled() and not win.actions["injury_roll"].isEnabled()


def test_cancelling_an_injury_roll_writes_nothing_but_the_preview_roll(qtbot: Any, win: Any, gui_engine: Any,
                                                                       necro: int, snap: Any) -> None:
    assert win.select_figure("Krug Ironhide")
    before = snap(gui_engine)
    dlg = win.run_command("injury_roll")
    click(qtbot, dlg.preview_button)
    assert dlg.steps.rows
    click(qtbot, dlg.buttons.button(dlg.buttons.StandardButton.Cancel))
    assert not dlg.isVisible()
    after = snap(gui_engine)
    assert {k: v for k, v in after.items() if k not in ("roll_record", "chain_head")} == \
        {k: v for k, v in before.items() if k not in ("roll_record", "chain_head")}  # the head moves with the rolls
    # the app's roll stays on record (issue #15), marked a preview: no re-roll unseen
    assert {r["mark"] for r in roll_log(gui_engine, necro) if r["subject"] == "Krug Ironhide"} == {"preview"}
    assert not messages()


def test_treat_a_critical_injury_with_typed_dice(qtbot: Any, win: Any, gui_engine: Any, necro: int,
                                                 snap: Any) -> None:
    from campaign_app.systems.necromunda.actions import pending_criticals

    assert win.select_figure("Vorn")
    before = snap(gui_engine)
    dlg = win.run_command("treat_injury")
    assert dlg.treat.isChecked() and dlg.dice.isEnabled()
    type_dice(qtbot, dlg, "1,1")  # the cost roll, but no treatment roll
    click(qtbot, dlg.preview_button)
    assert "not enough dice typed" in dlg.error.text()
    type_dice(qtbot, dlg, "1,1 6 4")
    click(qtbot, dlg.preview_button)
    assert "too many dice typed: 4 given but only 3 used" in dlg.error.text()
    assert snap(gui_engine) == before
    type_dice(qtbot, dlg, "1,1 6")
    click(qtbot, dlg.preview_button)
    assert not dlg.error.isVisible(), dlg.error.text()
    assert any("credits 120 → 100" in dlg.changes.item(i).text() for i in range(dlg.changes.count()))
    assert snap(gui_engine) == before
    click(qtbot, dlg.ok_button)
    assert not dlg.isVisible(), dlg.error.text()
    vorn = fighter(gui_engine, necro, "Vorn")
    assert vorn["conditions"] == [] and vorn["status"] != "dead"
    assert campaigns.show_campaign(gui_engine, necro)["rosters"][0]["credits"] == 100
    assert pending_criticals(gui_engine, necro) == []
    assert not win.actions["treat_injury"].isEnabled()
    win.actions["undo"].trigger()
    assert fighter(gui_engine, necro, "Vorn")["conditions"] == ["critical-injury"]


def test_let_a_critical_injury_die_needs_no_dice(qtbot: Any, win: Any, gui_engine: Any, necro: int,
                                                 snap: Any) -> None:
    assert win.select_figure("Vorn")
    before = snap(gui_engine)
    dlg = win.run_command("treat_injury")
    click(qtbot, dlg.let_die)
    assert not dlg.dice.roll.isEnabled() and dlg.preview_button.text() == "&Preview"
    click(qtbot, dlg.preview_button)
    assert not dlg.error.isVisible(), dlg.error.text()
    assert dlg.faces_view.faces == [] and any("dead" in dlg.changes.item(i).text()
                                               for i in range(dlg.changes.count()))
    click(qtbot, dlg.buttons.button(dlg.buttons.StandardButton.Cancel))
    assert snap(gui_engine) == before  # cancel: nothing written
    rolls = len(roll_log(gui_engine, necro))
    dlg = win.run_command("treat_injury")
    click(qtbot, dlg.let_die)
    click(qtbot, dlg.preview_button)
    click(qtbot, dlg.ok_button)
    assert not dlg.isVisible(), dlg.error.text()
    assert fighter(gui_engine, necro, "Vorn")["status"] == "dead"
    assert len(roll_log(gui_engine, necro)) == rolls  # no dice rolled
    assert win.actions["revive"].isEnabled()


@pytest.mark.parametrize("how,button", [("exchange", "Exchanged"), ("rescue", "Rescued"), (None, None)])
def test_release_captive_asks_how(qtbot: Any, win: Any, gui_engine: Any, necro: int, snap: Any,
                                  how: str | None, button: str | None) -> None:
    from campaign_app.systems.necromunda.actions import injury_roll

    brak = fighter(gui_engine, necro, "Brak")
    injury_roll(gui_engine, brak["id"], dice="6,1", by="Sable")
    win.reload()
    assert win.select_figure("Brak")
    before = snap(gui_engine)
    box = win.run_command("release")
    if button is None:
        box.reject()  # Cancel
        qtbot.waitUntil(lambda: not box.isVisible())
        assert snap(gui_engine) == before
        assert fighter(gui_engine, necro, "Brak")["status"] == "captured"
        return
    target = next(b for b, h in box.choices.items() if h == how)
    assert target.text() == button
    click(qtbot, target)
    qtbot.waitUntil(lambda: fighter(gui_engine, necro, "Brak")["status"] == "active")
    assert journal.history(gui_engine, necro)[0]["summary"] == f"release Brak ({how})"
    assert fighter(gui_engine, necro, "Brak")["status_note"].startswith(
        "rescued" if how == "rescue" else "exchanged")


def test_enter_in_the_typed_dice_previews_and_applies_nothing(qtbot: Any, win: Any, gui_engine: Any,
                                                              necro: int, snap: Any) -> None:
    assert win.select_figure("Krug Ironhide")
    before = snap(gui_engine)
    dlg = win.run_command("injury_roll")
    type_dice(qtbot, dlg, "5,5")
    qtbot.keyClick(dlg.dice.entry, Qt.Key.Key_Return)
    assert dlg.isVisible() and not dlg.error.isVisible(), dlg.error.text()
    assert [s["rule"] for s in dlg.steps.rows] == ["Lasting Injury"] and dlg.ok_button.isEnabled()
    qtbot.keyClick(dlg.dice.entry, Qt.Key.Key_Return)  # again: previews again, still not Apply
    assert dlg.isVisible() and snap(gui_engine) == before
