"""Benchmark case ``window-walk``: what a user of a national league waits for in the main
window itself (issue #19), each click timed until the window has shown its answer (the
GUI thread's work, and any read it started off that thread, done):

- ``walk-campaign``: the league's campaign chosen in the tree (its table of every
  figure, paged; its battles, the detail pane);
- ``walk-search``: two words typed in that table's search field (counted and read in SQL);
- ``walk-sort``: a click on the Name column of that table (every figure of the campaign
  in order, in SQL);
- ``walk-roster``: a roster chosen in the tree;
- ``walk-<tab>``: each tab shown (the roll log, the history, the battles, the charts,
  the standings); the roll log until its rows are shown, and ``walk-chain-check`` until
  the check of its hash chain, off the GUI thread, has said its answer (a chain of at
  most ``AUTO_VERIFY_ROLLS`` rolls is checked as the log is shown; a longer one only
  when asked).

Reported (no targets): the cases above hold the targets of the reads themselves; this
says what is left for the window, at the league's size. The window runs on settings of
its own (an INI file in the run's folder): no user's settings are read or written."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

from campaign_app.facade import Campaigns


def case_window_walk(bench: Any) -> None:
    from PySide6.QtCore import QSettings, Qt, QThreadPool
    from PySide6.QtWidgets import QApplication

    from ui.main_window import MainWindow
    from ui.settings import AppSettings

    app = QApplication.instance()
    assert app is not None
    settings = AppSettings(QSettings(str(bench.workdir / "walk-settings.ini"), QSettings.Format.IniFormat))
    win = MainWindow(None, settings)
    win.resize(1280, 780)
    win.show()

    def settle(pool: bool = True) -> None:
        if pool:
            QThreadPool.globalInstance().waitForDone(600_000)
        app.processEvents()

    def timed(click: Callable[[], None], undo: Callable[[], None] | None = None, *,
              pool: bool = True, after: list[float] | None = None) -> float:
        """``pool=False``: until the window has painted, not for what it does meanwhile
        off the GUI thread (then timed into ``after``, from the click)."""
        times = []
        for _ in range(max(1, bench.repeat)):
            if undo is not None:
                undo()
                settle()
            t0 = time.perf_counter()
            click()
            settle(pool)
            times.append(time.perf_counter() - t0)
            if after is not None:
                settle()
                after.append(time.perf_counter() - t0)
        return statistics.median(times)

    settle()
    win.set_app(Campaigns(bench.engine), bench.url)
    settle()
    roster = next(r for r in win.tree_data[0]["rosters"] if r["id"] != bench.big_roster)["id"]
    figures = f"{bench.size.fighters:,} figures"
    out: list[tuple[str, float, str]] = []
    out.append(("walk-campaign", timed(lambda: win.select_tree("campaign", bench.cid),
                                       lambda: win.select_tree("roster", roster)), figures))

    def search(text: str) -> None:
        win.roster_filter.search.setText(text)
        typing = win.roster_filter._typing  # the field waits for typing to pause: not timed
        typing.stop()
        typing.timeout.emit()

    out.append(("walk-search", timed(lambda: search("ab 1"), lambda: search("")), figures))
    search("")
    settle()
    name = next(i for i, c in enumerate(win.model.columns) if c.key == "name")
    orders = [Qt.SortOrder.AscendingOrder, Qt.SortOrder.DescendingOrder]
    k = [0]

    def sort() -> None:
        k[0] += 1
        win.table.sortByColumn(name, orders[k[0] % 2])

    out.append(("walk-sort", timed(sort), figures))
    out.append(("walk-roster", timed(lambda: win.select_tree("roster", roster),
                                     lambda: win.select_tree("campaign", bench.cid)), "a roster"))
    win.select_tree("campaign", bench.cid)
    settle()
    for i in range(1, win.tabs.count()):
        tab = win.tabs.tabText(i).replace("&", "").strip().lower().replace(" ", "-")

        def show(i: int = i) -> None:
            win.tabs.setCurrentIndex(i)

        def away() -> None:
            win.tabs.setCurrentIndex(0)
            win.select_tree("roster", roster)  # the tab reads its campaign again when shown
            settle()
            win.select_tree("campaign", bench.cid)

        if i == win.tabs.indexOf(win.log_view):  # its rows; the chain is checked meanwhile
            chain: list[float] = []
            out.append((f"walk-{tab}", timed(show, away, pool=False, after=chain), "its rows shown"))
            out.append(("walk-chain-check", statistics.median(chain), "the chain's check, off the GUI thread"))
        else:
            out.append((f"walk-{tab}", timed(show, away), "tab shown"))
        win.tabs.setCurrentIndex(0)
        settle()
    for case, seconds, what in out:
        bench.add(case, seconds * 1000, "ms", None, f"(reported; {what})", None)
    win.close()
    win.deleteLater()
    settle()


def cases(bench: Any) -> dict[str, Any]:
    return {"window-walk": lambda: case_window_walk(bench)}
