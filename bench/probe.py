"""Start-up probe run in a child process by the benchmark.

``python -m bench.probe app URL T0`` starts the app the way ``campaign-app`` does (the
window first, the database opened off the GUI thread) on the league database;
``python -m bench.probe bare - T0`` shows a plain PySide6 window with none of our code.
T0 is the parent's clock just before it launched us. The probe prints, as JSON, the
seconds from T0 to the first paint of the window ("shown") and, for the app, to the
league's campaign tree and roster table filled ("loaded"), and its peak memory after
it has also shown every tab (battles, roll log, history) once."""

from __future__ import annotations

import json
import resource
import sys
import time


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


def main() -> None:
    mode, url, t0 = sys.argv[1], sys.argv[2], float(sys.argv[3])
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication, QMainWindow

    app = QApplication([])
    out: dict[str, float | str] = {"mode": mode}
    if mode == "app":
        app.setOrganizationName("campaign_app-bench")  # not the user's settings
        from ui.main_window import MainWindow
        from ui.settings import AppSettings

        qs = QSettings("campaign_app-bench", "probe")
        qs.clear()  # every run starts like a first start: no remembered tab or selection
        settings = AppSettings(qs)
        win = MainWindow(None, settings)
    else:
        win = QMainWindow()
        win.resize(1280, 780)
    win.show()
    app.processEvents()
    win.grab()  # a real paint of the whole window
    out["shown"] = time.time() - t0
    if mode == "app":
        win.open_url(url)
        deadline = time.time() + 120
        while time.time() < deadline:
            app.processEvents()
            model = getattr(win, "model", None) or getattr(win, "roster_model", None)
            if win.engine is not None and win.tree_data and (model is None or model.rowCount() > 0):
                break
            time.sleep(0.002)
        else:
            raise SystemExit("the league never loaded")
        win.grab()
        out["loaded"] = time.time() - t0
        # then what a user does next: every tab once (the roll log is the biggest)
        out["rss_loaded_mb"] = _rss()
        for tab in range(win.tabs.count()):
            win.tabs.setCurrentIndex(tab)
            app.processEvents()
            win.grab()
            out[f"rss_tab{tab}_mb"] = _rss()
    out["rss_mb"] = _rss()
    print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
