"""The roster table of a scope above ``ui.paged.PAGE_THRESHOLD`` figures is read a page
at a time (issue #19), the threshold and the page lowered here so a small league shows
it: the first page only, more as the view scrolls to the end, a column click sorting in
SQL (the order a Python sort of every row gives), the filter in SQL, the title's counts
from SQL, a changed row refreshed in place with the selection kept, undo, a list column
left unsorted; a small roster keeps every row in memory."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

import ui.paged
from tests.db.test_roster_pages import _python_order


@pytest.fixture
def big(win: Any, gui_engine: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, int, int]:
    from bench.league import LeagueSize, make_league
    from campaign_app.usecases import gui_queries as q

    monkeypatch.setattr(ui.paged, "PAGE_THRESHOLD", 40)
    monkeypatch.setattr(ui.paged, "PAGE_ROWS", 15)
    cid = make_league(gui_engine, system="necromunda", size=LeagueSize().scaled(0.2))  # largest: 60
    win.reload(prefer=("campaign", cid))
    rid = q.campaign_tree(gui_engine)[0]["rosters"][0]["id"]
    win.select_tree("roster", rid)
    return win, cid, rid


def _ids(model: Any) -> list[tuple[str, int]]:
    return [(r["what"], r["id"]) for r in model.rows]


def _col(win: Any, key: str) -> int:
    return next(i for i, c in enumerate(win.model.columns) if c.key == key)


def test_a_big_roster_shows_its_first_page_then_more_as_it_scrolls(qtbot: Any, big: tuple[Any, int, int]) -> None:
    from campaign_app.usecases import gui_queries as q

    win, _cid, rid = big
    m = win.model
    # the first page (and those the view asks for to fill its height), never every row
    assert m.paged and m.rowCount() % 15 == 0 and m.rowCount() < 60 and m.canFetchMore()
    assert "60 fighters" in win.table_title.text()
    n = m.rowCount()
    win.table.scrollToBottom()  # the view asks for the next page at the end
    qtbot.waitUntil(lambda: m.rowCount() > n)
    while m.canFetchMore():
        m.fetchMore()
    assert _ids(m) == [(r["what"], r["id"]) for r in q.roster_rows(win.app.engine, roster=rid)["rows"]]
    # the status colours and icons as ever
    st = _col(win, "status")
    assert m.data(m.index(0, st), Qt.ItemDataRole.DecorationRole) is not None


def test_a_column_click_sorts_in_sql_and_keeps_the_selection(qtbot: Any, big: tuple[Any, int, int]) -> None:
    from campaign_app.usecases import gui_queries as q

    win, _cid, rid = big
    m = win.model
    full = q.roster_rows(win.app.engine, roster=rid)["rows"]
    win.table.selectRow(3)
    chosen = _ids(m)[3]
    for key in ("name", "xp", "stat:M", "status"):
        for order in (Qt.SortOrder.DescendingOrder, Qt.SortOrder.AscendingOrder):
            win.table.sortByColumn(_col(win, key), order)
            assert m.paged and m.rowCount() < 60
            want = _python_order(full, key, order == Qt.SortOrder.DescendingOrder)
            assert _ids(m) == want[:m.rowCount()]
            while m.canFetchMore():
                m.fetchMore()
            assert _ids(m) == want, key
            sel = win.selected_row()  # every row is loaded now: the figure chosen stays chosen
            assert sel is not None and (sel["what"], sel["id"]) == chosen
    before = _ids(m)
    win.table.sortByColumn(_col(win, "weapons"), Qt.SortOrder.AscendingOrder)  # a list: not sortable here
    assert _ids(m) == before
    assert win.table.horizontalHeader().sortIndicatorSection() == _col(win, "status")


def test_the_filter_runs_in_sql(qtbot: Any, big: tuple[Any, int, int]) -> None:
    from campaign_app.usecases import gui_queries as q

    win, _cid, rid = big
    full = q.roster_rows(win.app.engine, roster=rid)["rows"]
    bar = win.roster_filter
    name = full[20]["name"]
    bar.search.setText(name.upper())
    from tests.db.plans import statements

    with statements(win.app.engine) as seen:
        bar._now()
    want = [(r["what"], r["id"]) for r in full if name.lower() in r["name"].lower()]
    assert win.model.paged and _ids(win.model) == want[:15]  # fewer than a page
    assert f"{len(full) - len(want)} more left out by the filter" in win.table_title.text()
    # the filter's rows all on the first page: counted from it, not by a second pass in SQL
    assert len(want) < 15 and not [s for s in seen if "count(" in s.statement and "LIKE" in s.statement.upper()]
    bar.search.setText("a")  # more than a page: counted in SQL
    bar._now()
    many = [r for r in full if "a" in " ".join(str(v) for v in (r["name"], r["type"], r.get("role"))).lower()]
    assert win.model.more and win.model.counts["fighters"] + win.model.counts["units"] >= len(many) > 15
    bar.search.setText("")
    st = bar.status.findData("dead")
    assert st > 0  # the statuses offered come from SQL
    bar.status.setCurrentIndex(st)
    m = win.model
    while m.canFetchMore():
        m.fetchMore()
    assert _ids(m) == [(r["what"], r["id"]) for r in full if r["status"] == "dead"]


def test_a_changed_row_is_refreshed_in_place_and_undone(qtbot: Any, big: tuple[Any, int, int]) -> None:
    from campaign_app.changes import changes_of
    from campaign_app.usecases import fighters

    win, _cid, _rid = big
    m = win.model
    win.table.sortByColumn(_col(win, "name"), Qt.SortOrder.AscendingOrder)
    row = m.rows[2]
    win.table.selectRow(2)
    res = fighters.edit_fighter(win.app.engine, row["id"], xp=99)
    win.apply_changes(changes_of(res))
    n = m.rowCount()
    assert m.paged and m.rows[2]["id"] == row["id"] and m.rows[2]["xp"] == 99 and n < 60
    assert win.selected_row()["id"] == row["id"]
    # a new name sorting past the rows loaded: let go, it comes with its page
    res = fighters.edit_fighter(win.app.engine, row["id"], name="zzzz last")
    win.apply_changes(changes_of(res))
    assert row["id"] not in [r["id"] for r in m.rows]
    assert m.rowCount() == n - 1 and m.canFetchMore()
    while m.canFetchMore():
        m.fetchMore()
    assert m.rows[-1]["id"] == row["id"] and m.rowCount() == 60
    # a new name sorting first: moved there, still selected
    win.table.selectRow(59)
    res = fighters.edit_fighter(win.app.engine, row["id"], name="AAAA first")
    win.apply_changes(changes_of(res))
    assert m.rows[0]["id"] == row["id"] and win.selected_row()["id"] == row["id"]
    win.undo()
    assert m.rows[-1]["name"] == "zzzz last"


def test_a_small_roster_keeps_every_row_in_memory(qtbot: Any, big: tuple[Any, int, int]) -> None:
    from campaign_app.usecases import gui_queries as q

    win, _cid, rid = big
    small = q.campaign_tree(win.app.engine)[0]["rosters"][1]
    win.select_tree("roster", small["id"])
    assert not win.model.paged and not win.model.canFetchMore()
    assert win.model.rowCount() == small["fighters"] < 40
    win.table.sortByColumn(_col(win, "weapons"), Qt.SortOrder.AscendingOrder)  # in memory: any column
    assert win.model.sort_column == _col(win, "weapons")
    win.select_tree("roster", rid)  # paged again: weapons cannot sort it, the natural order
    assert win.model.paged and win.model.sort_column == -1
    assert win.table.horizontalHeader().sortIndicatorSection() in (-1, len(win.model.columns))


def test_the_paged_table_reads_no_whole_big_table(qtbot: Any, big: tuple[Any, int, int]) -> None:
    from campaign_app.changes import changes_of
    from campaign_app.usecases import fighters
    from tests.db.plans import check, statements

    win, cid, rid = big
    with statements(win.app.engine) as seen:
        win.select_tree("campaign", cid)  # every roster: 600 figures, paged
        assert win.model.paged
        win.table.sortByColumn(_col(win, "roster"), Qt.SortOrder.DescendingOrder)
        win.model.fetchMore()
        win.roster_filter.search.setText("a")
        win.roster_filter._now()
        win.select_tree("roster", rid)
        win.table.sortByColumn(_col(win, "stat:M"), Qt.SortOrder.AscendingOrder)
        win.table.selectRow(1)
        win.apply_changes(changes_of(fighters.edit_fighter(win.app.engine, win.selected_row()["id"], xp=7)))
    assert len(seen) > 10
    assert check(win.app.engine, seen) == []


def test_a_structure_change_reads_the_first_page_again_keeping_the_selection(
        qtbot: Any, big: tuple[Any, int, int]) -> None:
    from campaign_app.changes import changes_of
    from campaign_app.usecases import fighters

    win, _cid, rid = big
    m = win.model
    win.table.selectRow(4)
    chosen = win.selected_row()["id"]
    res = fighters.add_fighter(win.app.engine, rid, "Newcomer")
    win.apply_changes(changes_of(res))
    assert m.paged and win.selected_row()["id"] == chosen
    assert "61 fighters" in win.table_title.text()
    while m.canFetchMore():
        m.fetchMore()
    assert m.rows[-1]["name"] == "Newcomer"
    # a figure not on the first page: selected again once its page comes
    win.table.selectRow(m.rowCount() - 2)
    far = win.selected_row()["id"]
    win.apply_changes(changes_of(fighters.add_fighter(win.app.engine, rid, "Second newcomer")))
    assert win.selected_row() is None or win.selected_row()["id"] == far
    while m.canFetchMore():
        m.fetchMore()
    assert win.selected_row()["id"] == far


def test_keys_and_a_drag_onto_the_tree_work_on_a_paged_table(qtbot: Any, big: tuple[Any, int, int]) -> None:
    from PySide6.QtTest import QTest

    from campaign_app.usecases import gui_queries as q
    from ui.controllers import manage

    win, _cid, rid = big
    m = win.model
    win.table.setFocus()
    win.table.selectRow(0)
    QTest.keyClick(win.table, Qt.Key.Key_Down)
    row = win.selected_row()
    assert row is not None and row["id"] == m.rows[1]["id"]
    assert win.detail.current == ("fighter", row["id"])
    QTest.keyClick(win.table, Qt.Key.Key_End)  # the end of what is loaded: the view reads on
    qtbot.waitUntil(lambda: m.rowCount() > 15 or not m.canFetchMore())
    # the drag's figure is found among the rows loaded, and moves to another roster
    other = q.campaign_tree(win.app.engine)[0]["rosters"][1]["id"]
    dragged = win.figure_drag.dragged(f"fighter:{row['id']}")
    assert dragged is not None and dragged["id"] == row["id"]
    assert manage.move(win, dragged, other)
    assert win.roster_id == other and not m.paged  # the roster it went to is shown, the figure selected
    assert win.selected_row()["id"] == row["id"]
    win.select_tree("roster", rid)
    assert m.paged and row["id"] not in [r["id"] for r in m.rows] and "59 fighters" in win.table_title.text()
