"""The detail pane of an n26 fighter prints the n26 weapon profile (SR, LR, Str, AP,
Lethality, traits), never the n23 accuracy, damage or ammo (#21 item 7)."""

from __future__ import annotations

from typing import Any

from campaign_app.usecases import core, gear

PACK = {"pack": {"name": "Hive guns", "system": "necromunda", "edition": "n26"},
        "items": {"needle-pistol": {"name": "Needle pistol", "cost": 25, "traits": ["Light"],
                                    "profile": {"SR": '9"', "LR": '17"', "Str": "2", "AP": "-1", "Lethality": "3"}}}}


def test_the_detail_pane_prints_the_n26_profile(qtbot: Any, win: Any, gui_engine: Any) -> None:
    c = core.create_campaign(gui_engine, "Underhive", "necromunda", "n26")
    r = core.create_roster(gui_engine, c.id, "Rusty Cogs", credits=100)
    f = core.add_fighter(gui_engine, r.id, "Brak", fighter_type="leader")
    gear.add_content(gui_engine, c.id, PACK)
    gear.buy_item(gui_engine, f.id, "Needle pistol")
    win.reload(prefer=("roster", r.id))
    assert win.select_figure("Brak")
    text = win.detail.toPlainText()
    assert "Needle pistol" in text and 'SR 9"' in text and "Lethality 3" in text and "Str 2" in text
    assert "Acc" not in text and "Am " not in text
