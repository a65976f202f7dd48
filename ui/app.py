"""Desktop app entry point: ``run(db_url)`` opens the main window; ``main`` is the
``campaign-app-gui`` command (``campaign-app`` with no command does the same).

Startup stays light: only Qt and the core are imported here; reportlab and the
export code are imported inside the export action, on the worker thread."""

from __future__ import annotations

import os
import sys


def missing_display(env: dict[str, str] | None = None, platform: str | None = None) -> str | None:
    """Why Qt could not open a window here (a Linux session without X11 or Wayland, as
    over plain ssh or on a server), else None. Qt would abort with a core dump; the app
    says it in one line instead. A platform plug-in chosen on purpose (``offscreen``,
    ``vnc``, ``eglfs``...) is left to Qt."""
    env = dict(os.environ) if env is None else env
    platform = sys.platform if platform is None else platform
    if not platform.startswith("linux"):
        return None
    chosen = [p.strip().split(":")[0] for p in env.get("QT_QPA_PLATFORM", "").split(";") if p.strip()]
    if chosen and not any(p in ("xcb", "wayland", "wayland-egl") for p in chosen):
        return None
    if env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"):
        return None
    return ("no display found (neither DISPLAY nor WAYLAND_DISPLAY is set), so the window "
            "cannot open; every action also works as a command: campaign-app --help")


APP_NAME = "Campaign Manager"
ORGANIZATION = "campaign_app"


def make_app(argv: list[str] | None = None):  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QApplication

    from ui.qtboot import quicker_feature_check

    quicker_feature_check()  # before the window's own imports (ui.qtboot says why)
    app = QApplication.instance() or QApplication(argv if argv is not None else sys.argv[:1])
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(ORGANIZATION)  # with the name: where QSettings keeps ours
    app.setApplicationDisplayName(APP_NAME)
    from ui.glyphs import APP_ID, app_icon

    app.setDesktopFileName(APP_ID)  # Wayland and task bars match the window to its menu entry
    app.setWindowIcon(app_icon())
    return app


def run(db_url: str | None = None, argv: list[str] | None = None, default_url: str | None = None,
        lang: str | None = None) -> int:
    """Open the window, then, once it has painted, the database (``db_url``, else the
    one used last, else the default one) off the GUI thread; a failure is a message,
    not a traceback. ``default_url`` (else asked for here) is only looked up once the
    window has painted: nothing it needs is imported before the window is up.
    ``lang`` (``--lang``) overrides the language chosen in the window (else the
    system's, else English); the translation is installed before the window is built."""
    problem = missing_display()
    if problem is not None:
        from campaign_app.errors import InputError

        raise InputError(problem)
    from ui import prefetch
    from ui.qtboot import GC_HELD_MS, hold_gc, release_gc

    hold_gc()  # until the start-up database has opened (ui.qtboot says why)
    prefetch.start(db_url, default_url)  # the first screen read meanwhile (ui.prefetch says how)
    app = make_app(argv)
    from ui.main_window import MainWindow
    from ui.settings import AppSettings

    settings = AppSettings()
    from ui.i18n import install, pick_language

    install(pick_language(lang, settings.language()))
    if settings.theme() != "system":  # the system's colours need nothing done
        from ui.theme import apply

        apply(settings.theme())
    win = MainWindow(None, settings)
    from PySide6.QtCore import QTimer

    QTimer.singleShot(GC_HELD_MS, release_gc)  # whatever becomes of the start-up database
    win.show()
    if db_url:
        win.open_when_shown(db_url)
    else:  # where the default file lives is looked up once the window is on screen
        def which() -> tuple[str, bool]:
            if default_url is not None:
                return start_database(None, settings.last_url(), default_url)
            from campaign_app.usecases.database import default_url as _default_url

            return start_database(None, settings.last_url(), _default_url())

        win.open_when_shown(None, which=which)
    try:
        return int(app.exec())
    finally:
        prefetch.discard()  # a start that never opened its database (a password asked...)


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


def main(argv: list[str] | None = None) -> int:
    """``campaign-app-gui [--db URL] [--lang fr|it|en]``: the window, started exactly as a
    plain ``campaign-app`` starts it (same options, same one-line errors); no commands."""
    import argparse

    from campaign_app.cli import GUI_LANGUAGES
    from campaign_app.cli import main as cli_main

    class Parser(argparse.ArgumentParser):
        def error(self, message: str) -> None:  # type: ignore[override]
            self.exit(2, f"error: {message} (see {self.prog} --help)\n")

    parser = Parser(prog="campaign-app-gui",
                    description="Open the desktop app (what campaign-app with no command does).")
    parser.add_argument("--db", help="database URL or SQLite file (default: the one used last, "
                                     "else $CAMPAIGN_APP_DB, else the user data folder)")
    parser.add_argument("--lang", choices=GUI_LANGUAGES,
                        help="language of the window (default: the one chosen in it, else the system's)")
    try:
        args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    except SystemExit as e:  # --help (0) or a usage error (2, message already printed)
        return int(e.code or 0)
    plain = [f"--db={args.db}"] if args.db is not None else []
    plain += [f"--lang={args.lang}"] if args.lang is not None else []
    return cli_main(plain)
