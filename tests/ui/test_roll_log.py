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
