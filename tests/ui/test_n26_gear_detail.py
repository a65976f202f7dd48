"""The detail pane of an n26 fighter prints the n26 weapon profile (SR, LR, Str, AP,
Lethality, traits), never the n23 accuracy, damage or ammo (#21 item 7); the End Cycle
dialog offers collecting the territories' income (#21 item 4)."""

from __future__ import annotations

from typing import Any

from campaign_app.usecases import campaigns, fighters, gear, rosters

PACK = {"pack": {"name": "Hive guns", "system": "necromunda", "edition": "n26"},
        "items": {"needle-pistol": {"name": "Needle pistol", "cost": 25, "traits": ["Light"],
                                    "profile": {"SR": '9"', "LR": '17"', "Str": "2", "AP": "-1", "Lethality": "3"}}}}


def test_the_detail_pane_prints_the_n26_profile(qtbot: Any, win: Any, gui_engine: Any) -> None:
    c = campaigns.create_campaign(gui_engine, "Underhive", "necromunda", "n26")
    r = rosters.create_roster(gui_engine, c.id, "Rusty Cogs", credits=100)
    f = fighters.add_fighter(gui_engine, r.id, "Brak", fighter_type="leader")
    gear.add_content(gui_engine, c.id, PACK)
    gear.buy_item(gui_engine, f.id, "Needle pistol")
    win.reload(prefer=("roster", r.id))
    assert win.select_figure("Brak")
    text = win.detail.toPlainText()
    assert "Needle pistol" in text and 'SR 9"' in text and "Lethality 3" in text and "Str 2" in text
    assert "Acc" not in text and "Am " not in text


def test_the_end_cycle_dialog_offers_the_territories_income(qtbot: Any, win: Any, gui_engine: Any) -> None:
    from campaign_app.usecases.gear import show_ledger
    from tests.ui.test_dialogs import click

    c = campaigns.create_campaign(gui_engine, "Underhive", "necromunda", "n26")
    r = rosters.create_roster(gui_engine, c.id, "Rusty Cogs", credits=10)
    fighters.add_fighter(gui_engine, r.id, "Brak", fighter_type="leader")
    gear.add_territory(gui_engine, r.id, "Old Ruins", credits=5, dice="D6x10")
    win.reload(prefer=("campaign", c.id))
    dlg = win.run_command("end_cycle")
    assert dlg.has_income and not dlg.income.isChecked()
    dlg.income.setChecked(True)
    dlg.dice.typed.setChecked(True)
    dlg.dice.entry.setText("4")
    click(qtbot, dlg.preview_button)
    assert not dlg.error.isVisible(), dlg.error.text()
    click(qtbot, dlg.ok_button)
    assert not dlg.isVisible(), dlg.error.text()
    assert rosters.show_roster(gui_engine, r.id)["credits"] == 55
    assert [(e["kind"], e["amount"]) for e in show_ledger(gui_engine, r.id)["entries"]] == [("income", 45)]
    win.actions["undo"].trigger()  # one step with the rest of the cycle end
    assert rosters.show_roster(gui_engine, r.id)["credits"] == 10 and campaigns.show_campaign(gui_engine, c.id)["cycle"] == 1
