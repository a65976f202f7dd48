"""Desktop app entry point: ``run(db_url)`` opens the main window."""

from __future__ import annotations

import sys


def run(db_url: str | None = None, argv: list[str] | None = None) -> int:
    from PySide6.QtWidgets import QApplication, QMessageBox

    from campaign_app.errors import AppError
    from db.engine import default_url
    from db.migrate import open_database
    from ui.main_window import MainWindow

    app = QApplication.instance() or QApplication(argv if argv is not None else sys.argv[:1])
    app.setApplicationName("campaign_app")
    app.setOrganizationName("campaign_app")
    try:
        engine = open_database(db_url or default_url())
    except AppError as e:
        QMessageBox.critical(None, "Cannot open the database", str(e))
        return 2
    win = MainWindow(engine)
    win.show()
    return app.exec()
