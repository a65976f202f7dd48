"""Every roll the After the Battle wizard makes is on record (issue #15): a cancelled
wizard's rolls are in the log marked abandoned (a roll taken back with Back too), and
under strict dice a second wizard reuses exactly the faces the first one rolled."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from campaign_app.facade import Campaigns
from campaign_app.usecases import roll_log
from campaign_app.usecases.record import set_campaign_settings, verify_chain
from tests.campaign_app.test_after_battle_statements import eight_fighter_n23_battle


def click(qtbot: Any, button: Any) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def _wizard(qtbot: Any, win: Any, engine: Any, bid: int) -> Any:
    from campaign_app.systems import game_system
    from ui.wizard import AfterBattleWizard

    wiz = AfterBattleWizard(win, Campaigns(engine), bid, game_system("necromunda").after_battle_options)
    qtbot.addWidget(wiz)
    wiz.show()
    click(qtbot, wiz.next_button)
    return wiz


def _roll_to_summary(qtbot: Any, wiz: Any) -> None:
    while wiz.page != "summary":
        assert wiz.current_need() is not None, wiz.error.text()
        click(qtbot, wiz.roll_button)
        assert wiz.page == "result", wiz.error.text()
        click(qtbot, wiz.next_button)


def test_a_cancelled_wizard_leaves_its_rolls_in_the_log_as_abandoned(qtbot: Any, win: Any,
                                                                     gui_engine: Any) -> None:
    cid, bid, _ids = eight_fighter_n23_battle(gui_engine)
    wiz = _wizard(qtbot, win, gui_engine, bid)
    for _ in range(3):
        click(qtbot, wiz.roll_button)
        click(qtbot, wiz.next_button)
    shown = [f for f, _s in wiz.faces]
    log = roll_log(gui_engine, cid, battle=bid)
    assert [r["mark"] for r in log] == ["preview"] * 3  # on record as soon as rolled
    click(qtbot, wiz.back_button)  # the third roll taken back: abandoned
    assert [r["mark"] for r in roll_log(gui_engine, cid, battle=bid)] == ["preview", "preview", "abandoned"]
    click(qtbot, wiz.cancel_button)
    assert not wiz.isVisible()
    log = roll_log(gui_engine, cid, battle=bid)
    assert [r["mark"] for r in log] == ["abandoned"] * 3
    assert [f for r in log for f in r["faces"]] == shown
    assert all(r["subject"] and r["source"] == "random" and not r["undone"] for r in log)
    assert len(roll_log(gui_engine, cid, marks=["abandoned"])) == 3
    assert verify_chain(gui_engine, cid).intact


def test_strict_dice_a_second_wizard_reuses_the_faces_the_first_rolled(qtbot: Any, win: Any,
                                                                       gui_engine: Any) -> None:
    cid, bid, _ids = eight_fighter_n23_battle(gui_engine)
    set_campaign_settings(gui_engine, cid, dice_discipline="strict", typed_dice=False)
    first = _wizard(qtbot, win, gui_engine, bid)
    _roll_to_summary(qtbot, first)
    faces = list(first.faces)
    click(qtbot, first.cancel_button)
    second = _wizard(qtbot, win, gui_engine, bid)
    # typed dice refused: the campaign allows none
    second.typed.setText(",".join("1" for _ in range(second.current_need().count)))
    click(qtbot, second.use_typed)
    assert second.page == "roll" and "typed dice" in second.error.text()
    _roll_to_summary(qtbot, second)
    assert second.faces == faces  # exactly the faces already rolled
    click(qtbot, second.apply_button)
    assert not second.isVisible(), second.error.text()
    applied = roll_log(gui_engine, cid, battle=bid, marks=["applied"])
    assert [f for r in applied for f in r["faces"]] == [f for f, _s in faces]
    assert {r["mark"] for r in roll_log(gui_engine, cid, battle=bid)} == {"abandoned", "applied"}
    assert verify_chain(gui_engine, cid).intact


def test_the_dice_discipline_dialog_changes_the_campaign_settings_in_one_undo_step(qtbot: Any, win: Any,
                                                                                   gui_engine: Any) -> None:
    from campaign_app.usecases import undo
    from campaign_app.usecases.record import campaign_settings
    from ui.dialogs.campaign_settings import CampaignSettingsDialog

    cid, bid, _ids = eight_fighter_n23_battle(gui_engine)
    dlg = CampaignSettingsDialog(win, Campaigns(gui_engine), cid)
    qtbot.addWidget(dlg)
    dlg.show()
    assert dlg.discipline.currentData() == "open" and dlg.typed.isChecked()
    dlg.discipline.setCurrentIndex(dlg.discipline.findData("strict"))
    dlg.typed.setChecked(False)
    dlg.try_accept()
    assert not dlg.isVisible(), dlg.error.text()
    got = campaign_settings(gui_engine, cid)
    assert (got["dice_discipline"], got["typed_dice"]) == ("strict", False)
    assert dlg.changes.campaigns == {cid} and dlg.changes.history
    undo(gui_engine, cid)
    got = campaign_settings(gui_engine, cid)
    assert (got["dice_discipline"], got["typed_dice"]) == ("open", True)
    assert "campaign_settings" in win.actions and "Dice Discipline" in win.actions["campaign_settings"].text()


def test_the_roll_log_tab_shows_marks_a_mark_filter_and_the_chain_state(qtbot: Any, win: Any,
                                                                        gui_engine: Any) -> None:
    from campaign_app.usecases.battles import after_battle
    from ui.views import RollLogView

    cid, bid, _ids = eight_fighter_n23_battle(gui_engine)
    after_battle(gui_engine, bid, seed=3, dry_run=True)
    after_battle(gui_engine, bid, seed=4)
    view = RollLogView()
    qtbot.addWidget(view)
    view.set_campaign(Campaigns(gui_engine), cid)
    view.load()
    n = len(roll_log(gui_engine, cid))
    assert view.model.rowCount() == n
    qtbot.waitUntil(lambda: view.chain.text() == f"chain intact: {n} rolls")  # checked off the GUI thread
    assert view.verify.isHidden()
    col = view.model.columnCount() - 1
    shown = {view.model.index(r, col).data() for r in range(view.model.rowCount())}
    assert shown == {"preview", ""}
    view.mark.setCurrentIndex(view.mark.findData("preview"))
    assert 0 < view.model.rowCount() < n
    assert {view.model.index(r, col).data() for r in range(view.model.rowCount())} == {"preview"}


def test_a_long_chain_is_checked_when_asked_with_progress_and_a_broken_one_is_named(
        qtbot: Any, win: Any, gui_engine: Any, monkeypatch: Any) -> None:
    """Above AUTO_VERIFY_ROLLS (a national league's millions) the roll log does not walk
    the chain on every show: it says how long the chain is and offers Verify Chain, which
    checks it off the GUI thread with progress (streamed, VERIFY_STEP rolls a report)."""
    from sqlalchemy import text

    import campaign_app.usecases.record as record
    import ui.views
    from campaign_app.usecases.battles import after_battle
    from ui.views import RollLogView

    cid, bid, _ids = eight_fighter_n23_battle(gui_engine)
    after_battle(gui_engine, bid, seed=4)
    n = len(roll_log(gui_engine, cid))
    monkeypatch.setattr(ui.views, "AUTO_VERIFY_ROLLS", n - 1)
    monkeypatch.setattr(record, "VERIFY_STEP", 2)
    reports: list[tuple[int, int]] = []
    real = record.verify_chain
    monkeypatch.setattr(record, "verify_chain", lambda e, c, progress=None: real(
        e, c, progress=lambda d, t: (reports.append((d, t)), progress(d, t) if progress else True)[1]))
    view = RollLogView()
    qtbot.addWidget(view)
    view.set_campaign(Campaigns(gui_engine), cid)
    view.load()
    assert view.chain.text() == f"chain of over {n - 1} rolls, not checked" and not view.verify.isHidden()
    click(qtbot, view.verify)
    qtbot.waitUntil(lambda: view.chain.text() == f"chain intact: {n} rolls")
    assert view.verify.isHidden() and reports and all(t == n for _d, t in reports)
    assert [d for d, _t in reports] == list(range(2, n + 1, 2))
    with gui_engine.begin() as c:  # a roll's faces changed behind the app's back
        victim = c.execute(text("SELECT id FROM roll_record WHERE campaign_id = :c ORDER BY id LIMIT 1 OFFSET 3"),
                           {"c": cid}).scalar()
        c.execute(text("UPDATE roll_record SET faces = '6,6' WHERE id = :i"), {"i": victim})
    view.check_chain()
    click(qtbot, view.verify)
    qtbot.waitUntil(lambda: view.chain.text() == f"chain broken at roll {victim}")
    assert "no longer matches" in view.chain.toolTip()
