"""The gear menu actions and dialogs (gear helper): credits, buying and selling, the
ledger and stash, the catalogue; the roster header shows rating and wealth, the detail
pane a weapon's catalogue profile."""

from __future__ import annotations

from typing import Any

from campaign_app.facade import Campaigns
from campaign_app.usecases import campaigns, fighters, gear, rosters


def setup(win: Any, engine: Any) -> tuple[int, int, int]:
    c = campaigns.create_campaign(engine, "Underhive", "necromunda", "n23")
    r = rosters.create_roster(engine, c.id, "Rusty Cogs", credits=100)
    f = fighters.add_fighter(engine, r.id, "Brak", fighter_type="leader")
    win.reload(prefer=("roster", r.id))
    assert win.roster_id == r.id
    return int(c.id), int(r.id), int(f.id)


def test_gear_actions_move_credits_and_the_window_shows_it(qtbot: Any, win: Any, gui_engine: Any) -> None:
    cid, rid, fid = setup(win, gui_engine)
    assert win.actions["gear_credits"].isEnabled() and win.actions["gear_content"].isEnabled()
    win.actions["gear_credits"].trigger()
    dlg = win.active_dialog
    dlg.amount.setText("-200")
    dlg.why.setText("bribe")
    dlg.try_accept()
    assert "has 100 credits" in dlg.error.text()  # refused, the dialog stays open
    dlg.amount.setText("+25")
    dlg.try_accept()
    assert rosters.show_roster(gui_engine, rid)["credits"] == 125
    assert "Rating" in win.detail.toPlainText() and "Wealth" in win.detail.toPlainText()
    assert "125" in win.detail.toPlainText()
    # buy through the menu for the selected fighter: the detail pane shows its profile
    assert win.select_figure("Brak")
    win.actions["gear_buy"].trigger()
    buy = win.active_dialog
    buy.items.setCurrentIndex(buy.items.findData("Plasma pistol"))
    buy.try_accept()
    assert rosters.show_roster(gui_engine, rid)["credits"] == 75
    assert win.select_figure("Brak")
    text = win.detail.toPlainText()
    assert "Plasma pistol" in text and "Str 5" in text and "AP -1" in text
    win.actions["gear_ledger"].trigger()
    led = win.active_dialog
    assert led.ledger.rowCount() == 2 and "wealth 125" in led.head.text()
    led.reject()
    win.actions["gear_content"].trigger()
    cat = win.active_dialog
    assert cat.table is not None and cat.table.rowCount() == len(gear.list_content(gui_engine, cid)["items"])
    cat.reject()


def test_after_the_battle_offers_the_income_of_territories(qtbot: Any, win: Any, gui_engine: Any) -> None:
    from campaign_app.systems import game_system
    from campaign_app.usecases.battles import after_battle, record_battle
    from ui.wizard import AfterBattleWizard, _collect_income

    cid, rid, fid = setup(win, gui_engine)
    other = rosters.create_roster(gui_engine, cid, "Other")
    vex = fighters.add_fighter(gui_engine, other.id, "Vex", fighter_type="leader")
    b = record_battle(gui_engine, cid, [rid, other.id], results={fid: "fine", vex.id: "fine"}, winner=rid)
    opts = game_system("necromunda").after_battle_options
    wiz = AfterBattleWizard(win, Campaigns(gui_engine), b.id, opts)
    qtbot.addWidget(wiz)
    assert wiz.income_box is None  # no territory held: nothing offered
    wiz.reject()
    gear.add_territory(gui_engine, rid, "Old Ruins", credits=15)
    wiz = AfterBattleWizard(win, Campaigns(gui_engine), b.id, opts)
    qtbot.addWidget(wiz)
    assert wiz.income_box is not None and wiz.income_box.isChecked()
    report = _collect_income(wiz, after_battle(gui_engine, b.id, seed=1))
    assert rid in report.changes.rosters
    led = gear.show_ledger(gui_engine, rid)["entries"]
    assert (led[-1]["kind"], led[-1]["amount"], led[-1]["battle"]) == ("income", 15, b.number)
    wiz.reject()
