"""The Standings tab: the league table of the campaign shown, sorted by the model when
a heading is clicked, read again when a battle is recorded."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, Qt

from campaign_app.changes import changes_of
from campaign_app.usecases import campaigns
from campaign_app.usecases.battles import record_battle
from tests.campaign_app.test_standings import EXPECTED, recorded_league
from ui.main_window import TAB_STANDINGS


def _column(win: Any, key: str) -> list[str]:
    from ui.standings_page import COLUMNS

    m = win.standings_view.model
    c = [k for k, _h in COLUMNS].index(key)
    return [m.index(r, c).data() for r in range(m.rowCount())]


def test_the_standings_tab_shows_and_sorts_the_league_table(win: Any, gui_engine: Any, qtbot: Any) -> None:
    cid = recorded_league(gui_engine)
    win.reload(prefer=("campaign", cid))
    assert win.actions["view_standings"].shortcut().toString() == "Ctrl+6"
    win.actions["view_standings"].trigger()  # View ▸ Standings
    assert win.tabs.currentIndex() == TAB_STANDINGS
    assert win.tabs.tabText(TAB_STANDINGS) == "Standings"
    view = win.standings_view
    model = view.model
    qtbot.waitUntil(lambda: model.rowCount() == 3)  # counted off the GUI thread
    assert model.headerData(7, Qt.Orientation.Horizontal) == "Gang rating"
    assert model.headerData(5, Qt.Orientation.Horizontal) == "Casualties caused"
    assert _column(win, "roster") == ["Spiders", "Rats", "Ghosts"]  # most wins first, draws break the tie
    rows = {r[0]: tuple(int(x) for x in r[1:]) for r in zip(*(_column(win, k) for k in
            ("roster", "battles", "wins", "draws", "losses", "caused", "suffered", "rating")), strict=True)}
    assert rows == EXPECTED
    header = view.table.horizontalHeader()
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton,
                     pos=QPoint(header.sectionViewportPosition(7) + 5, 5))  # a click on the rating heading
    assert header.sortIndicatorSection() == 7
    order = header.sortIndicatorOrder()
    ratings = [int(x) for x in _column(win, "rating")]
    assert ratings == sorted(ratings, reverse=order == Qt.SortOrder.DescendingOrder)
    view.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)  # by name
    assert _column(win, "roster") == ["Ghosts", "Rats", "Spiders"]
    view.table.sortByColumn(6, Qt.SortOrder.DescendingOrder)  # most casualties suffered
    assert _column(win, "roster") == ["Ghosts", "Rats", "Spiders"]
    view.table.sortByColumn(5, Qt.SortOrder.DescendingOrder)  # caused: a tie, kept in league order
    assert _column(win, "roster") == ["Rats", "Ghosts", "Spiders"]

    rosters = {r["name"]: r["id"] for r in win.campaign["rosters"]}
    res = record_battle(gui_engine, cid, [rosters["Ghosts"], rosters["Rats"]], winner=rosters["Ghosts"])
    win.apply_changes(changes_of(res))  # shown: read again at once
    qtbot.waitUntil(lambda: dict(zip(_column(win, "roster"), _column(win, "wins"), strict=True))["Ghosts"] == "1")


def test_a_campaign_without_rosters_says_so(win: Any, gui_engine: Any, qtbot: Any) -> None:
    c = campaigns.create_campaign(gui_engine, "Empty", "nuts")
    win.reload(prefer=("campaign", c.id))
    win.tabs.setCurrentIndex(TAB_STANDINGS)
    qtbot.waitUntil(lambda: win.standings_view.title.text() == "No rosters in this campaign yet.")
    assert win.standings_view.model.rowCount() == 0
    assert win.standings_view.title.text() == "No rosters in this campaign yet."
    assert win.standings_view.model.headerData(7, Qt.Orientation.Horizontal) == "Total Rep"
