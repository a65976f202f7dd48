"""Start-up probe run in a child process by the benchmark.

``python -m bench.probe app URL T0`` starts the app exactly as ``campaign-app --db URL``
does (``campaign_app.cli.main``: argument parsing, the window, the database opened off
the GUI thread); ``python -m bench.probe bare - T0`` shows a plain PySide6 window with
none of our code; ``python -m bench.probe floor URL T0`` is the floor of the app's loaded
start: that bare window reading the league's tree and a roster's first 300 figures with
the plain driver (sqlite3 or psycopg, no ORM) and showing them in a tree and a table
(on PostgreSQL read by a forked process while Qt starts, as the app reads it).
T0 is the parent's clock just before it launched us.

Both modes are timed the same way: an event filter sees the first paint of the main
window, and right after it the whole window is grabbed (a complete frame). The probe
prints, as JSON, the seconds from T0 to that frame ("shown") and, for the app, to the
league's campaign tree and roster table filled and painted ("loaded": by the first
screen's plain reads, issue #32), to the window switched to its normal reads once the
database layer has loaded off the GUI thread ("ready"), and its peak
memory after it has also shown every tab (battles, roll log, history) once.

The app runs on its real settings code, so the parent gives the child a private
``XDG_CONFIG_HOME``/``XDG_DATA_HOME``: no user's settings are read or written."""

from __future__ import annotations

import json
import resource
import sys
import time
from typing import Any


def _rss() -> float:
    """Peak resident memory of this process, in MB. VmHWM belongs to this program's own
    address space; ru_maxrss would also carry the parent's size from the fork."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


class _Watch:
    """Waits for the first paint of a main window, then drives the rest of the probe."""

    def __init__(self, app: Any, mode: str, t0: float) -> None:
        from PySide6.QtCore import QEvent, QObject, QTimer

        self.app, self.mode, self.t0 = app, mode, t0
        self.out: dict[str, float | str] = {"mode": mode}
        self.win: Any = None
        self._timer = QTimer
        paint = QEvent.Type.Paint
        watch = self

        class Filter(QObject):
            def eventFilter(self, obj: Any, event: Any) -> bool:  # noqa: N802 (Qt's name)
                if event.type() == paint and watch.win is None:
                    obj.removeEventFilter(self)
                    watch.win = obj
                    QTimer.singleShot(0, watch.first_frame)
                return False

        self.filter = Filter()

    def watch(self, window: Any) -> None:
        """Only the window's own events pass through this (Python) filter: one on the
        whole application would slow every event of the app and time the probe."""
        window.installEventFilter(self.filter)

    def first_frame(self) -> None:
        self.win.grab()  # a complete frame of the whole window
        self.out["shown"] = time.time() - self.t0
        if self.mode == "app":
            self.deadline = time.time() + 120
            self.poll()
        else:
            if self.mode == "floor":  # read and filled before show(): the first frame is loaded
                self.out["loaded"] = self.out["shown"]
            self.finish()

    def poll(self) -> None:
        win = self.win
        # the roster table only once the database is open and read: asking for the table
        # earlier would build the window's campaign page before the app itself does
        # (loaded: on screen, from the first screen's plain reads or the normal ones; the
        # tabs after it wait for the database layer itself: "ready")
        if win._main_built and win.tree_data and win.model.rowCount() > 0:
            self.loaded()
        elif time.time() > self.deadline:
            print(json.dumps({"error": "the league never loaded"}), flush=True)
            self.app.exit(3)
        else:
            self._timer.singleShot(2, self.poll)

    def loaded(self) -> None:
        win = self.win
        win.grab()
        self.out["loaded"] = time.time() - self.t0
        self.out["rss_loaded_mb"] = _rss()
        self.ready()

    def ready(self) -> None:
        """The database layer in (the window switched to its normal reads): then what
        a user does next, every tab once (the roll log is the biggest)."""
        win, app = self.win, self.app
        if win.app is None or win._first_screen:
            if time.time() > self.deadline:
                print(json.dumps({"error": "the database never opened"}), flush=True)
                self.app.exit(3)
                return
            self._timer.singleShot(2, self.ready)
            return
        win.grab()
        self.out["ready"] = time.time() - self.t0
        for tab in range(win.tabs.count()):
            win.tabs.setCurrentIndex(tab)
            app.processEvents()
            win.grab()
            self.out[f"rss_tab{tab}_mb"] = _rss()
        self.finish()

    def finish(self) -> None:
        self.out["rss_mb"] = _rss()
        print(json.dumps(self.out), flush=True)
        if self.mode == "app":
            self.win.close()
        self.app.exit(0)


def main() -> None:
    mode, url, t0 = sys.argv[1], sys.argv[2], float(sys.argv[3])
    if mode == "app":
        import ui.app

        make_app = ui.app.make_app

        def watched_app(argv: list[str] | None = None) -> Any:
            app = make_app(argv)
            watch = app._bench_watch = _Watch(app, mode, t0)  # kept alive with the app
            from ui.main_window import MainWindow  # what run() imports next anyway

            init = MainWindow.__init__

            def watched_init(self: Any, *args: Any, **kwargs: Any) -> None:
                init(self, *args, **kwargs)
                watch.watch(self)

            MainWindow.__init__ = watched_init  # type: ignore[method-assign]
            return app

        ui.app.make_app = watched_app  # the only change: the window is watched
        from campaign_app.cli import main as cli_main

        sys.exit(cli_main(["--db", url]))
    reading = _fork_read(url) if mode == "floor" and url.startswith("postgres") else None
    from PySide6.QtWidgets import QApplication, QMainWindow

    app = QApplication([])
    watch = _Watch(app, mode, t0)
    win = QMainWindow()
    win.resize(1280, 780)
    watch.watch(win)
    if mode == "floor":
        _floor(win, url, reading)
    win.show()
    app.exec()
    del watch


FLOOR_ROWS = 300


def _floor_rows(url: str) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """The league's tree (campaigns and their rosters) and the first roster's first
    ``FLOOR_ROWS`` figures, read by the plain driver (sqlite3 or psycopg), no ORM."""
    tree_sql = ("SELECT c.id, c.name, c.system, r.id, r.name FROM campaign c "
                "LEFT JOIN roster r ON r.campaign_id = c.id ORDER BY c.name, c.id, r.name, r.id")
    rows_sql = ("SELECT name, fighter_type, status, rep, xp, credits_value, stats FROM fighter "
                "WHERE roster_id = (SELECT min(id) FROM roster WHERE campaign_id = "
                f"(SELECT min(id) FROM campaign)) ORDER BY name, id LIMIT {FLOOR_ROWS}")
    if url.startswith("postgresql"):
        import psycopg

        with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://")) as con:
            return list(con.execute(tree_sql).fetchall()), list(con.execute(rows_sql).fetchall())
    import sqlite3

    con = sqlite3.connect(url.removeprefix("sqlite:///"))
    try:
        return con.execute(tree_sql).fetchall(), con.execute(rows_sql).fetchall()
    finally:
        con.close()


def _fork_read(url: str) -> Any:
    """On PostgreSQL the app reads its first screen in a second process while Qt starts
    (``ui.prefetch``): so does its floor, the same way (a fork before Qt is imported, the
    rows pickled into a memory file), and waits for them once its window is made."""
    import os
    import pickle

    fd = os.memfd_create("floor")
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        code = 1
        try:
            os.write(fd, pickle.dumps(_floor_rows(url)))
            code = 0
        finally:
            os._exit(code)

    def rows() -> Any:
        _, status = os.waitpid(pid, 0)
        assert os.waitstatus_to_exitcode(status) == 0, "the floor's read failed"
        got = pickle.loads(os.pread(fd, os.fstat(fd).st_size, 0))
        os.close(fd)
        return got

    return rows


def _floor(win: Any, url: str, reading: Any = None) -> None:
    """The floor of the app's loaded start: a bare window that reads the tree and a
    roster's first rows with the plain driver and shows them in a tree and a table
    (read meanwhile by a second process on PostgreSQL, as the app does)."""
    import json as _json

    from PySide6.QtWidgets import (
        QSplitter,
        QTableWidget,
        QTableWidgetItem,
        QTreeWidget,
        QTreeWidgetItem,
    )

    tree_rows, fig_rows = reading() if reading is not None else _floor_rows(url)
    split = QSplitter()
    tree = QTreeWidget()
    tree.setHeaderHidden(True)
    camps: dict[Any, Any] = {}
    for cid, cname, system, rid, rname in tree_rows:
        if cid not in camps:
            camps[cid] = QTreeWidgetItem(tree, [f"{cname} ({system})"])
        if rid is not None:
            QTreeWidgetItem(camps[cid], [rname])
    tree.expandAll()
    stat_keys = sorted({k for r in fig_rows for k in (r[6] if isinstance(r[6], dict) else
                                                       _json.loads(r[6] or "{}"))})
    table = QTableWidget(len(fig_rows), 6 + len(stat_keys))
    table.setHorizontalHeaderLabels(["name", "type", "status", "rep", "xp", "value", *stat_keys])
    for i, r in enumerate(fig_rows):
        stats = r[6] if isinstance(r[6], dict) else _json.loads(r[6] or "{}")
        for j, v in enumerate([*r[:6], *(stats.get(k) for k in stat_keys)]):
            table.setItem(i, j, QTableWidgetItem("" if v is None else str(v)))
    split.addWidget(tree)
    split.addWidget(table)
    win.setCentralWidget(split)


if __name__ == "__main__":
    main()
