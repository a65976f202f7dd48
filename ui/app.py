"""Desktop app entry point: ``run(db_url)`` opens the main window.

Startup stays light: only Qt and the core are imported here; reportlab and the
export code are imported inside the export action, on the worker thread."""

from __future__ import annotations

import sys


def make_app(argv: list[str] | None = None):  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(argv if argv is not None else sys.argv[:1])
    app.setApplicationName("Campaign Manager")
    app.setOrganizationName("campaign_app")
    app.setApplicationDisplayName("Campaign Manager")
    from ui.glyphs import APP_ID, app_icon

    app.setDesktopFileName(APP_ID)  # Wayland and task bars match the window to its menu entry
    app.setWindowIcon(app_icon())
    return app


def run(db_url: str | None = None, argv: list[str] | None = None, default_url: str | None = None) -> int:
    """Open the window, then, once it has painted, the database (``db_url``, else the
    one used last, else the default one) off the GUI thread; a failure is a message,
    not a traceback. The CLI passes ``default_url`` (it has the lookup loaded, and
    nothing more is imported before the window is up); else it is asked for here."""
    app = make_app(argv)
    from ui.main_window import MainWindow
    from ui.settings import AppSettings

    if default_url is None:
        from campaign_app.usecases.database import default_url as _default_url

        default_url = _default_url()
    settings = AppSettings()
    win = MainWindow(None, settings)
    win.show()
    url, create = start_database(db_url, settings.last_url(), default_url)
    win.open_when_shown(url, create=create)
    return int(app.exec())


def start_database(given: str | None, last: str | None, default: str) -> tuple[str, bool]:
    """The database a start opens, and whether a missing SQLite file may be created
    there. The one used last is only reopened, never made anew: if its file is gone
    (moved, or on a drive not connected) the window says so instead of showing an
    empty database in its place. ``--db`` and the default file are created if needed."""
    if given:
        return given, True
    if last and last != default:
        return last, False
    return default, True
