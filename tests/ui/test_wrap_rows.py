"""Wrapped rows (``ui.views.wrap_rows``): a table of up to ``WRAP_ALL_ROWS`` rows has
every row as tall as its text; a longer one (a national league's 10,000 standings) only
the rows in sight and a screenful either side, and the others as they scroll into sight
or after a sort, so that showing or sorting it lays out some hundred rows, not all."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from ui.models import Column, RowsModel
from ui.views import WRAP_ALL_ROWS, table_view, wrap_rows

LONG = "a roster whose name runs on and on over many words"


def _table(qtbot: Any, n: int) -> Any:
    model = RowsModel([Column("n", "No."), Column("name", "Name")])
    model.set_rows([{"id": i, "n": i, "name": f"{LONG} {i}"} for i in range(n)])
    view = table_view(model, "wrapped")
    qtbot.addWidget(view)
    view.resize(300, 400)
    view.setColumnWidth(0, 60)
    view.setColumnWidth(1, 150)  # the name wraps over several lines
    view.show()
    qtbot.waitExposed(view)
    return view


def _tall(view: Any, row: int) -> bool:
    return view.rowHeight(row) > view.verticalHeader().defaultSectionSize()


def test_a_short_table_has_every_row_fitted(qtbot: Any) -> None:
    view = _table(qtbot, WRAP_ALL_ROWS)
    wrap_rows(view)
    assert all(_tall(view, r) for r in range(WRAP_ALL_ROWS))


def test_a_long_table_fits_the_rows_in_sight_then_those_scrolled_to_and_after_a_sort(qtbot: Any) -> None:
    n = 5000
    view = _table(qtbot, n)
    calls = []
    fit = view.resizeRowToContents
    view.resizeRowToContents = lambda r: (calls.append(r), fit(r))[1]  # type: ignore[method-assign]
    wrap_rows(view)
    assert _tall(view, 0) and _tall(view, 5)
    assert not _tall(view, 3000) and not _tall(view, n - 1)
    assert 0 < len(calls) < 100, len(calls)  # not every row
    calls.clear()
    view.scrollTo(view.model().index(3000, 1))
    qtbot.waitUntil(lambda: _tall(view, 3000))
    assert 3000 in calls and len(calls) < 100, len(calls)
    view.scrollToTop()
    qtbot.waitUntil(lambda: 0 in calls)
    calls.clear()
    view.sortByColumn(0, Qt.SortOrder.DescendingOrder)  # the last rows come first
    assert view.model().index(0, 0).data() == str(n - 1)
    qtbot.waitUntil(lambda: 0 in calls and 4 in calls)  # the rows now in sight measured again
    assert len(calls) < 100, len(calls)
