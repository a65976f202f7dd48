"""The window's roster view shows the campaign's counters with the roster's values
(#30 item 4), and a change (or its undo) shows at once."""

from __future__ import annotations

from typing import Any

from campaign_app.usecases import campaigns, rosters
from campaign_app.usecases.counters import change_counter, define_counter


def _shown(win: Any, name: str) -> str:
    """The value the detail pane shows beside ``name``."""
    lines = [x.strip() for x in win.detail.toPlainText().splitlines() if x.strip()]
    return lines[lines.index(name) + 1]


def test_the_roster_view_shows_each_counter_and_follows_a_change(qtbot: Any, win: Any, gui_engine: Any) -> None:
    c = campaigns.create_campaign(gui_engine, "Hive", "necromunda", "n23", ())
    r = rosters.create_roster(gui_engine, c.id, "Kings")
    define_counter(gui_engine, c.id, "Terror Level", start=1, high=10)
    define_counter(gui_engine, c.id, "<b>Supplies</b>", high=99)  # user text: never markup
    win.reload(prefer=("roster", r.id))
    assert _shown(win, "Terror Level") == "1 (0\u201310)"
    assert _shown(win, "<b>Supplies</b>") == "0 (0\u201399)"

    res = change_counter(gui_engine, r.id, "Terror Level", by=4)
    win.apply_changes(res.changes)
    assert _shown(win, "Terror Level") == "5 (0\u201310)"
    win.undo()
    assert _shown(win, "Terror Level") == "1 (0\u201310)"
