"""The campaign tree reads a campaign's rosters a page at a time: counts from SQL, a
"more" row that reads the next page when shown or chosen, and a roster past the first
page still selected after a reload."""

from __future__ import annotations

from typing import Any

import pytest

ROLE = 256


@pytest.fixture
def small_pages(monkeypatch: pytest.MonkeyPatch) -> None:
    from campaign_app.usecases import gui_queries as q

    real_tree, real_rosters = q.campaign_tree, q.campaign_rosters
    monkeypatch.setattr(q, "campaign_tree", lambda engine, page=2: real_tree(engine, page))
    monkeypatch.setattr(q, "campaign_rosters", lambda engine, cid, *, after=None, limit=2, up_to=None:
                        real_rosters(engine, cid, after=after, limit=limit, up_to=up_to))


def _children(win: Any) -> list[Any]:
    top = win.tree.topLevelItem(0)
    return [top.child(j).data(0, ROLE) for j in range(top.childCount())]


def test_rosters_come_a_page_at_a_time(qtbot: Any, win: Any, gui_engine: Any, small_pages: None) -> None:
    from campaign_app.usecases import add_fighter, create_campaign, create_roster

    c = create_campaign(gui_engine, "Big", "nuts")
    ids = [create_roster(gui_engine, c.id, f"R{i}").id for i in range(5)]
    add_fighter(gui_engine, ids[4], "Last one", fighter_type="grunt", rep=4)
    win.reload(prefer=("campaign", c.id))
    assert _children(win) == [("roster", ids[0]), ("roster", ids[1]), ("more", c.id)]
    assert win.campaign["roster_count"] == 5
    more = win.tree.topLevelItem(0).child(2)
    assert "3" in more.text(0)
    win.tree.setCurrentItem(more)  # chosen: the next page, its first roster shown
    assert _children(win) == [("roster", ids[0]), ("roster", ids[1]), ("roster", ids[2]), ("roster", ids[3]),
                              ("more", c.id)]
    assert win.roster_id == ids[2]
    win.tree.setCurrentItem(win.tree.topLevelItem(0).child(4))
    assert _children(win)[-1] == ("roster", ids[4]) and win.roster_id == ids[4]
    assert win.tree.topLevelItem(0).child(4).text(0).endswith("(1)")  # its head count, from SQL
    win.reload()  # the roster past the first page stays selected
    assert win.roster_id == ids[4] and win.tree.currentItem().data(0, ROLE) == ("roster", ids[4])
    assert _children(win)[-1] == ("roster", ids[4])
