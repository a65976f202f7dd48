"""The Charts tab: the demo campaign's charts (titles, series, what each holds) painted
without a warning; a battle recorded or a table rolled shows there through
``apply_changes`` while the tab is shown; nothing is read while it is hidden."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPointF

from campaign_app.changes import changes_of
from campaign_app.usecases import campaigns
from campaign_app.usecases import charts as charts_uc
from campaign_app.usecases.charts import rolls_per_table
from campaign_app.usecases.rolls import roll_table
from ui.charts import ChartWidget, nice_ticks, number, short_name
from ui.main_window import TAB_CHARTS


@pytest.fixture
def reads(monkeypatch: Any) -> list[int]:
    """The campaigns the Charts tab read its charts of, one entry a read."""
    seen: list[int] = []
    real = charts_uc.campaign_charts

    def counted(engine: Any, campaign: Any) -> Any:
        seen.append(campaign)
        return real(engine, campaign)

    monkeypatch.setattr(charts_uc, "campaign_charts", counted)
    return seen


def _nuts(win: Any, engine: Any) -> int:
    from campaign_app.systems.nuts.demo import build

    cid = build(engine)
    win.reload(prefer=("campaign", cid))
    return cid


def _chart(win: Any, title: str) -> dict[str, Any]:
    return next(w.chart for w in win.charts_view.charts if w.chart["title"] == title)


def test_the_charts_tab_shows_the_demo_campaigns_charts(win: Any, gui_engine: Any, qtbot: Any) -> None:
    cid = _nuts(win, gui_engine)
    win.actions["view_charts"].trigger()  # View ▸ Charts (Ctrl+5)
    assert win.actions["view_charts"].shortcut().toString() == "Ctrl+5"
    assert win.tabs.currentIndex() == TAB_CHARTS and win.tabs.tabText(TAB_CHARTS) == "Charts"
    view = win.charts_view
    assert view.titles() == ["Casualties per battle", "Wins after each battle", "Average Rep after each battle",
                             "Rolls per table"]
    rosters = ["Die Nachtwölfe", "Easy Company, 2nd Squad"]
    for title in view.titles()[:3]:
        chart = _chart(win, title)
        assert chart["categories"] == ["#1", "#2"]
        assert sorted(s["name"] for s in chart["series"]) == rosters
        assert all(len(s["values"]) == 2 for s in chart["series"])
    casualties = {s["name"]: s["values"] for s in _chart(win, "Casualties per battle")["series"]}
    assert casualties == {"Die Nachtwölfe": [4.0, 1.0], "Easy Company, 2nd Squad": [1.0, 1.0]}
    tables = rolls_per_table(gui_engine, cid)
    rolls = _chart(win, "Rolls per table")
    assert rolls["categories"] == [t["title"] for t in tables]
    assert rolls["series"][0]["values"] == [float(t["rolls"]) for t in tables]
    qtbot.waitUntil(lambda: all(w.height() >= w.heightForWidth(w.width()) for w in view.charts))
    for w in view.charts:  # painted (no Qt warning: the fixture fails on one)
        assert not w.grab().isNull()
        assert w.width() >= 360 and w.height() == w.heightForWidth(w.width())
    for w in view.charts[:3]:  # each bar or point says what it stands for
        last = len(w.chart["series"]) - 1
        s = w.chart["series"][last]
        assert w.tip_at(w.mark_of(last, 1).center()) == f"{s['name']}, #2: {number(s['values'][1])}"
    rolls_widget = view.charts[3]
    first = rolls_widget.layout_for(rolls_widget.width()).rows[0]
    assert rolls_widget.tip_at(QPointF(first.center())) == f"{tables[0]['title']}: {tables[0]['rolls']}"
    legend = view.charts[0].layout_for(view.charts[0].width()).legend
    assert [shown for *_r, shown in legend] == [s["name"] for s in _chart(win, "Casualties per battle")["series"]]
    assert view.charts[0].tip_at(QPointF(legend[0][1].center())) == legend[0][3]


def test_a_battle_recorded_and_a_roll_show_while_the_tab_is_shown(win: Any, gui_engine: Any,
                                                                 reads: list[int]) -> None:
    from campaign_app.usecases.battles import record_battle

    cid = _nuts(win, gui_engine)
    win.tabs.setCurrentIndex(TAB_CHARTS)
    assert reads == [cid]
    rosters = [r["id"] for r in win.campaign["rosters"]]
    result = record_battle(gui_engine, cid, rosters, scenario="Bridge at Celles")
    win.apply_changes(changes_of(result))
    assert reads == [cid, cid]
    assert _chart(win, "Casualties per battle")["categories"] == ["#1", "#2", "#3"]
    before = {c: v for c, v in zip(_chart(win, "Rolls per table")["categories"],
                                   _chart(win, "Rolls per table")["series"][0]["values"], strict=True)}
    res = roll_table(gui_engine, "nuts-recovery", campaign=cid, target=4, dice="3,5")
    win.apply_changes(changes_of(res))
    assert reads == [cid, cid, cid]
    rolls = _chart(win, "Rolls per table")
    after = dict(zip(rolls["categories"], rolls["series"][0]["values"], strict=True))
    assert after[res.title] == before.get(res.title, 0) + 1
    win.undo()  # a table rolled alone is no action: Undo takes the battle back
    assert _chart(win, "Casualties per battle")["categories"] == ["#1", "#2"]


def test_nothing_is_read_while_the_tab_is_hidden(win: Any, gui_engine: Any, reads: list[int]) -> None:
    from campaign_app.usecases.battles import record_battle

    cid = _nuts(win, gui_engine)
    assert win.tabs.currentIndex() != TAB_CHARTS
    rosters = [r["id"] for r in win.campaign["rosters"]]
    win.apply_changes(changes_of(record_battle(gui_engine, cid, rosters)))
    win.apply_changes(changes_of(roll_table(gui_engine, "nuts-recovery", campaign=cid, target=4, dice="3,5")))
    win.reload()
    assert reads == []
    win.tabs.setCurrentIndex(TAB_CHARTS)  # read once, when shown
    assert reads == [cid]
    assert _chart(win, "Casualties per battle")["categories"] == ["#1", "#2", "#3"]
    win.tabs.setCurrentIndex(0)
    win.apply_changes(changes_of(roll_table(gui_engine, "nuts-recovery", campaign=cid, target=4, dice="3,5")))
    win.tabs.setCurrentIndex(TAB_CHARTS)
    assert reads == [cid, cid]


def test_a_campaign_without_battles_says_so(win: Any, gui_engine: Any) -> None:
    c = campaigns.create_campaign(gui_engine, "Kursk <b>1943</b>", "nuts")
    win.reload(prefer=("campaign", c.id))
    win.tabs.setCurrentIndex(TAB_CHARTS)
    assert win.charts_view.charts == []
    assert win.charts_view.message.isVisible() and "No battles" in win.charts_view.message.text()


def test_long_names_wrap_or_shorten_and_nothing_is_cut(qtbot: Any) -> None:
    long = "The Most Honourable and Ancient Company of the Underhive Scavengers"
    chart = {"title": "Rolls per table of a campaign whose title is long enough to wrap twice at this width",
             "kind": "bar", "axis": "rolls", "categories": ["After the Battle: Out of the Fight recovery", "#2"],
             "series": [{"name": long, "values": [3.0, 1.0]}, {"name": "<b>Reds</b>", "values": [0.0, 2.5]}]}
    w = ChartWidget(chart)
    qtbot.addWidget(w)
    w.resize(420, w.heightForWidth(420))
    w.show()
    lay = w.layout_for(420)
    assert not lay.upright and lay.label_band > w.fontMetrics().height()  # it wraps under its slot
    assert lay.title.height() > w.fontMetrics().height() * 1.5  # the title wraps
    assert lay.title.width() <= 420 - 20
    shown = [s for *_r, s in lay.legend]
    assert shown[0] != long and shown[0].endswith("…") and shown[1] == "<b>Reds</b>"
    assert lay.height == w.heightForWidth(420) and lay.plot.bottom() + lay.label_band < lay.height
    word = "Recuperation-and-Convalescence"
    many = ChartWidget({**chart, "categories": [f"{word} {i}" for i in range(8)],
                        "series": [{"name": "Reds", "values": [1.0] * 8}]})
    qtbot.addWidget(many)
    up = many.layout_for(420)
    assert up.upright  # a word wider than its slot cannot wrap: the labels stand upright, whole
    assert up.label_band >= many.fontMetrics().horizontalAdvance(f"{word} 7")
    assert up.plot.bottom() + up.label_band < up.height
    assert not many.grab().isNull()
    assert not w.grab().isNull()
    assert w.tip_at(QPointF(lay.legend[0][1].center())) == long  # the full name as a tooltip
    h = ChartWidget({**chart, "kind": "hbar", "series": chart["series"][:1]})
    qtbot.addWidget(h)
    hl = h.layout_for(420)
    assert all(r.width() >= h.fontMetrics().horizontalAdvance("recovery") for r in hl.rows)
    assert hl.rows[0].height() > hl.rows[1].height()  # the long table name wraps onto more lines
    assert not h.grab().isNull()


def test_ticks_and_numbers() -> None:
    assert nice_ticks(0, 4) == [0, 1, 2, 3, 4]
    assert nice_ticks(0, 1) == [0, 1]
    assert nice_ticks(0, 510)[-1] >= 510 and len(nice_ticks(0, 510)) <= 7
    assert nice_ticks(0, 3.88)[-1] >= 3.88
    assert [number(v) for v in (3.0, 3.5, 3.71, 0.0)] == ["3", "3.5", "3.71", "0"]
    assert short_name("Easy Company") == "Easy Company"
    assert len(short_name("x" * 60)) <= 28


def test_a_leagues_chart_thins_its_labels_and_still_paints(qtbot: Any) -> None:
    cats = [f"#{n}" for n in range(1, 1001)]
    series = [{"name": f"Gang {i}", "values": [float((i * n) % 7) for n in range(1000)]} for i in range(100)]
    for kind in ("bar", "line"):
        w = ChartWidget({"title": "Casualties per battle", "kind": kind, "axis": "casualties",
                         "categories": cats, "series": series})
        qtbot.addWidget(w)
        w.resize(700, w.heightForWidth(700))
        lay = w.layout_for(700)
        assert not lay.upright and lay.every > 1  # "#1", then every n-th battle: no label on another
        slot = lay.plot.width() / len(cats)
        widest = max(w.fontMetrics().horizontalAdvance(c) for c in cats)
        assert lay.every * slot >= widest + 4
        assert len(lay.legend) == 100 and lay.legend[-1][0].bottom() < lay.plot.top()
        assert not w.grab().isNull()
        assert w.tip_at(w.mark_of(99, 999).center()).startswith("Gang 99, #1000: ")


def test_a_league_too_big_to_chart_says_so_in_the_tab(win: Any, gui_engine: Any, monkeypatch: Any) -> None:
    _nuts(win, gui_engine)
    monkeypatch.setattr(charts_uc, "CHART_ROSTERS", 1)  # the demo has two rosters
    win.actions["view_charts"].trigger()
    view = win.charts_view
    assert view.titles() == [] and view.message.isVisible()
    text = view.message.text()
    assert "league of 2 rosters and 2 battles" in text and "up to 1 rosters" in text and "Standings" in text
