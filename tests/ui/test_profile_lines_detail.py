"""The detail pane prints every line of a weapon's catalogue profile (a plasma pistol's
low and maximal), as the cards and ``fighter show`` do (#30 item 5)."""

from __future__ import annotations

from typing import Any

from campaign_app.usecases import campaigns, fighters, gear, rosters


def test_the_detail_pane_prints_every_profile_line(qtbot: Any, win: Any, gui_engine: Any) -> None:
    c = campaigns.create_campaign(gui_engine, "Underhive", "necromunda", "n23")
    r = rosters.create_roster(gui_engine, c.id, "Rusty Cogs", credits=100)
    f = fighters.add_fighter(gui_engine, r.id, "Brak", fighter_type="leader")
    gear.buy_item(gui_engine, f.id, "Plasma pistol")
    win.reload(prefer=("roster", r.id))
    assert win.select_figure("Brak")
    text = " ".join(win.detail.toPlainText().split())
    assert "low: S 6\", L 12\", Acc S +2, Acc L -, Str 5, AP -1, D 2, Am 5+" in text
    assert "maximal: S 6\", L 12\", Acc S +1, Acc L -, Str 7, AP -2, D 3, Am 5+" in text
