"""No query of the window's main flows reads a whole big table: every SELECT over the
roll record, the fighters or the journal the window runs (SQLAlchemy event hook) while
it opens a league, shows the campaign, a roster, a fighter, the roll log (filtered, and
its next page), the history, the battles and the charts has a WHERE or a LIMIT and a
plan that is an index search (tests/db/plans.py), on a league-shaped database."""

from __future__ import annotations

from typing import Any

from tests.db.plans import check, statements

BIG_GUI = frozenset({"roll_record", "fighter", "journal", "journal_entry"})


def test_the_main_flows_read_no_whole_big_table(qtbot: Any, win: Any, gui_engine: Any) -> None:
    from bench.league import LeagueSize, make_league
    from campaign_app.systems.nuts.demo import build as demo_nuts
    from ui.main_window import TAB_BATTLES, TAB_CHARTS, TAB_HISTORY, TAB_LOG, TAB_ROSTER

    cid = make_league(gui_engine, size=LeagueSize().scaled(0.05))
    demo_nuts(gui_engine)  # a campaign with a history, injuries, units of work journaled
    with statements(gui_engine) as seen:
        win.reload(prefer=("campaign", cid))
        camp = next(c for c in win.tree_data if c["id"] == cid)
        win.select_tree("roster", camp["rosters"][0]["id"])
        assert win.model.rowCount() > 0
        win.table.selectRow(0)  # a fighter's detail: its battles, crew, rolls
        win.show_detail()
        for tab in (TAB_BATTLES, TAB_LOG, TAB_HISTORY, TAB_CHARTS, TAB_ROSTER):
            win.tabs.setCurrentIndex(tab)
            qtbot.wait(1)
        win.tabs.setCurrentIndex(TAB_LOG)
        log = win.log_view
        assert log.model.canFetchMore()
        log.model.fetchMore()  # the next page, as scrolling to the bottom asks
        log.fighter.setCurrentIndex(1)
        log.table.setCurrentIndex(1)
        for c in win.tree_data:  # every campaign once
            win.select_tree("campaign", c["id"])
    assert len(seen) > 50
    found = check(gui_engine, seen, BIG_GUI)
    assert found == [], "\n\n".join(found)
