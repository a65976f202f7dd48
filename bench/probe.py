"""Start-up probe run in a child process by the benchmark.

``python -m bench.probe app URL`` opens the real main window on the league database;
``python -m bench.probe bare`` shows a plain PySide6 window with none of our imports.
Each exits as soon as the window is shown and painted, printing its peak memory."""

from __future__ import annotations

import json
import resource
import sys


def main() -> None:
    mode = sys.argv[1]
    from PySide6.QtWidgets import QApplication, QMainWindow

    app = QApplication([])
    if mode == "app":
        from db.migrate import open_database
        from ui.main_window import MainWindow

        win = MainWindow(open_database(sys.argv[2]), url=sys.argv[2])
    else:
        win = QMainWindow()
        win.resize(1280, 780)
    win.show()
    for _ in range(3):
        app.processEvents()
    win.grab()  # a real paint of the whole window
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"mode": mode, "rss_mb": round(rss_mb, 1)}), flush=True)


if __name__ == "__main__":
    main()
