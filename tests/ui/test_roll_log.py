"""The roll log's filters: the one in force is always said above the rolls, and they
start again from every roll when another campaign is shown."""

from __future__ import annotations

from typing import Any

from campaign_app.usecases import gui_queries as q

TAB_LOG = 2


def test_filters_reset_with_the_campaign_and_say_what_is_shown(qtbot: Any, win: Any, gui_engine: Any) -> None:
    from campaign_app.systems.necromunda.demo import build as demo_necromunda
    from campaign_app.systems.nuts.demo import build as demo_nuts

    first = demo_nuts(gui_engine)
    second = demo_necromunda(gui_engine)
    win.reload(prefer=("campaign", first))
    win.tabs.setCurrentIndex(TAB_LOG)
    log = win.log_view
    someone = q.log_filters(gui_engine, first)["fighters"][0]
    log.set_filter(fighter=someone["id"])
    assert log.fighter.currentData() == someone["id"]
    assert f"of {someone['name']}" in log.count.text()
    shown = len(log.model.rows)
    assert shown and all(r["subject"] == someone["name"] for r in log.model.rows)

    win.select_tree("campaign", second)  # another campaign: every roll of it
    assert log.fighter.currentData() is None and " of " not in log.count.text()
    assert log.model.rows
    win.select_tree("campaign", first)  # and back: the old filter is not kept either
    assert log.fighter.currentData() is None and len(log.model.rows) > shown


def test_a_filter_chosen_before_is_gone_after_another_campaign_while_hidden(
        qtbot: Any, win: Any, gui_engine: Any) -> None:
    from campaign_app.systems.necromunda.demo import build as demo_necromunda
    from campaign_app.systems.nuts.demo import build as demo_nuts

    first = demo_nuts(gui_engine)
    second = demo_necromunda(gui_engine)
    win.reload(prefer=("campaign", first))
    win.tabs.setCurrentIndex(TAB_LOG)
    someone = q.log_filters(gui_engine, first)["fighters"][0]
    win.log_view.set_filter(fighter=someone["id"])
    win.tabs.setCurrentIndex(0)  # the log hidden: campaigns change under it
    win.select_tree("campaign", second)
    win.select_tree("campaign", first)
    win.tabs.setCurrentIndex(TAB_LOG)
    assert win.log_view.fighter.currentData() is None and " of " not in win.log_view.count.text()


def test_showing_the_log_reads_and_measures_its_rows_once(qtbot: Any, win: Any, gui_engine: Any,
                                                          monkeypatch: Any) -> None:
    """The tab read its page twice (as it appeared, then again for being chosen), and
    fitting its columns measured every row once per column resized: a second to show."""
    from PySide6.QtWidgets import QApplication

    from campaign_app.systems.nuts.demo import build as demo_nuts

    cid = demo_nuts(gui_engine)
    win.reload(prefer=("campaign", cid))
    log = win.log_view
    table = log.view
    reads, measures = [], []
    real_page = q.roll_log_page
    monkeypatch.setattr(q, "roll_log_page", lambda *a, **k: reads.append(1) or real_page(*a, **k))
    real_measure = table.resizeRowsToContents
    table.resizeRowsToContents = lambda: measures.append(1) or real_measure()
    win.tabs.setCurrentIndex(TAB_LOG)
    QApplication.processEvents()
    assert log.model.rows and len(reads) == 1, reads
    assert 1 <= len(measures) <= 2, measures
    measures.clear()
    for i in range(log.model.columnCount()):  # a user dragging columns: measured once they stop
        table.setColumnWidth(i, table.columnWidth(i) + 3)
    assert measures == []
    QApplication.processEvents()
    assert len(measures) == 1
