"""Opening a database: the settings dialog, the password question, and the open itself
off the GUI thread (a server may be slow to answer)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from campaign_app.errors import AppError
from campaign_app.remote import is_league_url
from ui import widgets, worker
from ui.i18n import translate
from ui.main_window import NO_DATABASE
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
    """Only the last database asked for is taken: an earlier open that ends later is let go."""
    win._open_pending = None  # the user's choice wins over the start-up database

    if is_postgres(url) and password is None and win.settings.ask_password(url):
        from ui.dialogs.database import ask_password

        win.active_dialog = ask_password(
            win, url, lambda pw: win.open_url(url, pw) if pw is not None else None)
        return None
    full = with_password(url, password)

    def work(ctx: Any) -> Any:
        from campaign_app.facade import Campaigns

        app = Campaigns.open(full, create=create)
        if ctx.cancelled:
            app.dispose()
        return app

    def current() -> bool:
        return win._opening is task

    def done(app: Any) -> None:
        if not current():  # another database was asked for meanwhile
            app.dispose()
            return
        win._opening = None
        win.set_app(app, url)

    def cancelled() -> None:
        if current():
            win._opening = None
            if win.app is None:
                win.start_page.setText(translate("main_window", NO_DATABASE))

    def failed(e: BaseException) -> None:
        if not current():
            return
        win._opening = None
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

    def start(quiet: bool) -> Task:
        """The open itself; ``quiet``: under the first screen, no progress dialog over it
        (the status bar says it; what needs the database is disabled meanwhile)."""
        nonlocal task
        if quiet:
            win.notify(translate("database", "Loading the campaign database…"), 0)
        task = worker.run_task(None if quiet else win, translate("database", "Opening database"), work,
                               on_done=lambda app: (win.notify("") if quiet else None, done(app)),
                               on_error=failed, on_cancel=cancelled,
                               label=translate("database", "Opening {url}…").format(url=safe_url(url)))
        win._opening = task
        win.tasks.append(task)
        return task

    if win.app is None:
        win.start_page.setText(translate("database", "Opening {url}…").format(url=safe_url(url)))
    task: Task | None = None
    if win.app is None and not win._main_built and not is_league_url(url):
        return first_screen(win, full, start)
    return start(False)


def first_screen(win: MainWindow, url: str, start: Any) -> Task:
    """At start-up: the first screen read by plain SQL off the GUI thread (no ORM, no
    rules data: ``campaign_app.usecases.first_screen``) and shown, then ``start(quiet)``
    opens the database as usual, loading SQLAlchemy, the tables and the rules off the
    GUI thread; the window then switches to its normal reads in place (issue #32).
    Nothing to show so (a file to migrate, no campaign...): the usual open at once."""
    last = win.settings.value("view/campaign")
    want = ("campaign", int(last)) if last not in (None, "") and str(last).isdigit() else None

    def read(_ctx: Any) -> Any:
        from campaign_app.usecases.first_screen import first_screen as read_first

        return read_first(url, want)

    def shown(fs: Any) -> None:
        if win._opening is not task:  # another database asked for meanwhile
            return
        if fs is None:
            start(False)
            return
        win.show_first_screen(fs)
        from PySide6.QtCore import QTimer

        QTimer.singleShot(0, lambda: start(True) if win._opening is task else None)  # once painted

    def failed(_e: BaseException) -> None:
        if win._opening is task:
            start(False)

    task = worker.run_task(None, translate("database", "Opening database"), read, on_done=shown,
                           on_error=failed, on_cancel=lambda: None)
    win._opening = task
    win.tasks.append(task)
    return task
