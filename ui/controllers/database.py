"""Opening a database: the settings dialog, the password question, and the open itself
off the GUI thread (a server may be slow to answer)."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QTimer

from campaign_app.errors import AppError
from ui import prefetch, widgets, worker
from ui.i18n import translate
from ui.main_window import NO_DATABASE
from ui.qtboot import release_gc
from ui.settings import is_postgres, safe_url, with_password

if TYPE_CHECKING:
    from ui.main_window import MainWindow
    from ui.worker import Task



def database_settings(win: MainWindow) -> None:
    from campaign_app.usecases.database import default_db_path
    from ui.dialogs.database import DatabaseDialog

    dlg = DatabaseDialog(win, win.settings, win.url, str(default_db_path()))
    dlg.accepted.connect(lambda: win.open_url(dlg.url, dlg.password))
    win._show_dialog(dlg)


def open_url(win: MainWindow, url: str, password: str | None = None, create: bool = True) -> Task | None:
    """Only the last database asked for is taken: an earlier open that ends later is let go.

    At start-up (nothing shown yet, a SQLite file or a PostgreSQL server) the task first
    reads the first screen by plain SQL (issue #32: ``campaign_app.usecases.first_screen``,
    no ORM, no rules data) and hands it over (``Task.partial``): the window shows it, its
    progress dialog dropped, while the task goes on importing SQLAlchemy, the tables and
    the rules off the GUI thread; the window then switches to its normal reads in place.
    A league server keeps its own path."""
    win._open_pending = None  # the user's choice wins over the start-up database

    if is_postgres(url) and password is None and win.settings.ask_password(url):
        from ui.dialogs.database import ask_password

        win.active_dialog = ask_password(
            win, url, lambda pw: win.open_url(url, pw) if pw is not None else None)
        return None
    full = with_password(url, password)
    first = win.app is None and not win._main_built and url.startswith(("sqlite:", "postgres"))
    want = win.settings.last_place() if first else None
    if not first:
        prefetch.discard()  # read for a start that is over
    shown = threading.Event()  # the GUI thread has painted the first screen

    def work(ctx: Any) -> Any:
        from campaign_app.facade import Campaigns

        fs = None
        if first:
            read, fs = prefetch.take(full, want)  # read by a second process meanwhile?
            if not read:
                from campaign_app.usecases.first_screen import first_screen

                fs = first_screen(full, want)
            if fs is not None and not ctx.cancelled and ctx.partial(fs):
                # the imports below hold the GIL: they would slow the first screen's paint
                for _ in range(100):  # (5 s at most; a window closed meanwhile cancels)
                    if shown.wait(0.05) or ctx.cancelled:
                        break
        app = Campaigns.open(full, create=create)
        if ctx.cancelled:
            app.dispose()
        elif fs is not None:
            from campaign_app.usecases.warm import warm_up

            warm_up(app, fs["campaign_id"], fs["system"]["id"], fs["edition"])  # then the switch only reads
        return app

    def current() -> bool:
        return win._opening is task

    def first_shown(fs: Any) -> None:
        if current() and win.app is None:
            task.quiet()  # no progress dialog over the first screen
            win.show_first_screen(fs)
            win.notify(translate("database", "Loading the campaign database…"), 0)
            # the table's title paints with its rows (the table's viewport is not asked
            # for: ui.views.viewport_size says why)
            after_paint(win.table_title, lambda: QTimer.singleShot(SETTLE_MS, shown.set))
        else:
            QTimer.singleShot(0, shown.set)

    def done(app: Any) -> None:
        release_gc()  # the start is over (ui.qtboot.hold_gc)
        if not current():  # another database was asked for meanwhile
            app.dispose()
            return
        win._opening = None
        if win._first_screen:
            win.notify("")
        win.set_app(app, url)

    def cancelled() -> None:
        release_gc()
        if current():
            win._opening = None
            win.drop_first_screen()
            if win.app is None:
                win.start_page.setText(translate("main_window", NO_DATABASE))

    def failed(e: BaseException) -> None:
        release_gc()
        if not current():
            return
        win._opening = None
        win.drop_first_screen()
        if win.app is None:
            win.start_page.setText(translate("main_window", NO_DATABASE))
        text = str(e)
        from campaign_app.errors import AuthError
        from campaign_app.remote import is_league_url

        if isinstance(e, AuthError) and is_league_url(url):  # not signed in, or the token refused
            win.active_dialog = win.open_league(url, note=text)
            return
        if password:
            text = text.replace(password, "***")
        if is_postgres(url) and password is None and "password" in text.lower():
            from ui.dialogs.database import ask_password

            win.notify(translate("database", "The server wants a password"), 5000)
            win.active_dialog = ask_password(
                win, url, lambda pw: win.open_url(url, pw) if pw is not None else None)
            return
        if not isinstance(e, AppError):
            text = translate("database", "cannot open database {url}: {__name__}: {text}").format(url=safe_url(url), __name__=type(e).__name__, text=text)
        widgets.show_error(win, translate("database", "Cannot open the database"), text)

    if win.app is None:
        win.start_page.setText(translate("database", "Opening {url}…").format(url=safe_url(url)))
    task = worker.run_task(win, translate("database", "Opening database"), work, on_done=done, on_error=failed,
                           on_cancel=cancelled, label=translate("database", "Opening {url}…").format(url=safe_url(url)))
    task.partial.connect(first_shown)
    win._opening = task
    win.tasks.append(task)
    if first:  # while the task reads (waiting on the disk or the server)
        QTimer.singleShot(0, _import_campaign_page)
    return task


def _import_campaign_page() -> None:
    """Import the campaign page's modules (the first screen's, about 25 ms CPU) on the
    GUI thread while the open task reads the first screen: that read waits on the
    server (or the disk) for part of its time. Only imported: the page itself is built
    with its data (an empty database shows the no-campaigns page instead)."""
    import ui.detail
    import ui.paged
    import ui.roster_filter
    import ui.views  # noqa: F401


SETTLE_MS = 50  # after the first screen's paint: its layout passes, then the imports
UNPAINTED_MS = 500  # a window that does not paint (minimised, hidden) waits no longer


def after_paint(widget: Any, then: Any) -> None:
    """``then()`` once ``widget`` has painted (the first screen on screen), or after
    UNPAINTED_MS if it does not paint: the open task's imports of the database layer
    (SQLAlchemy, the tables, the rules: about 2 s holding the GIL) then start. Started
    at once, they slowed the first screen's own paint by about 50 ms (issue #32)."""
    from PySide6.QtCore import QEvent, QObject

    fired = []

    def fire() -> None:
        if not fired:
            fired.append(True)
            widget.removeEventFilter(watch)
            then()

    class Watch(QObject):
        def eventFilter(self, obj: Any, event: Any) -> bool:  # noqa: N802 (Qt's name)
            if event.type() == QEvent.Type.Paint:
                QTimer.singleShot(0, fire)  # the paint itself first
            return False

    watch = Watch(widget)
    widget.installEventFilter(watch)
    QTimer.singleShot(UNPAINTED_MS, fire)
