"""File ▸ Open League…: sign in to a league server (``campaign-app serve``) with its URL,
a member's name and password. The password goes to the server's ``/api/login`` only;
the token it gives is kept by :mod:`campaign_app.remote` (the system keyring, else a
file only the user can read), never shown or logged."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from ui.i18n import translate
from ui.widgets import ErrorLabel


class LeagueDialog(QDialog):
    """URL, name, password; ``url``, ``name`` and ``password`` are set when accepted."""

    def __init__(self, parent: QWidget | None, url: str = "", name: str = "", note: str = "") -> None:
        super().__init__(parent)
        self.setObjectName("leagueDialog")
        self.setWindowTitle(translate("LeagueDialog", "Open League"))
        self.url, self.name, self.password = "", "", ""
        lay = QVBoxLayout(self)
        if note:
            lab = QLabel(note)
            lab.setWordWrap(True)
            lay.addWidget(lab)
        form = QFormLayout()
        self.url_edit = QLineEdit(url)
        self.url_edit.setObjectName("leagueUrl")
        self.url_edit.setPlaceholderText("https://league.example.org/league")
        # a league's whole address in view, not its last few letters
        self.url_edit.setMinimumWidth(self.url_edit.fontMetrics().horizontalAdvance("x" * 36))
        self.name_edit = QLineEdit(name)
        self.name_edit.setObjectName("leagueName")
        self.password_edit = QLineEdit()
        self.password_edit.setObjectName("leaguePassword")
        self.password_edit.setEchoMode(QLineEdit.EchoMode.Password)
        form.addRow(translate("LeagueDialog", "Server &URL:"), self.url_edit)
        form.addRow(translate("LeagueDialog", "&Name:"), self.name_edit)
        form.addRow(translate("LeagueDialog", "&Password:"), self.password_edit)
        lay.addLayout(form)
        self.error = ErrorLabel()
        lay.addWidget(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        if ok is not None:
            ok.setText(translate("LeagueDialog", "Sign &In"))
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        # focus on the first field left to fill
        first = next((e for e in (self.url_edit, self.name_edit, self.password_edit) if not e.text()),
                     self.password_edit)
        first.setFocus()

    def _accept(self) -> None:
        from campaign_app.remote import is_league_url

        url, name = self.url_edit.text().strip(), self.name_edit.text().strip()
        if not is_league_url(url):
            self.error.setText(translate("LeagueDialog", "The URL of a league server starts with https:// "
                                                         "(or http:// on a local network)."))
            self.url_edit.setFocus()
            return
        if not name:
            self.error.setText(translate("LeagueDialog", "Give your member name."))
            self.name_edit.setFocus()
            return
        self.url, self.name, self.password = url, name, self.password_edit.text()
        self.accept()


def open_league(win: Any, url: str = "", name: str = "", note: str = "") -> LeagueDialog:
    """Ask for the server, name and password, sign in off the GUI thread, then open the
    league in the window (its token kept for next time)."""
    from campaign_app.remote import TokenStore, split_member
    from ui import widgets, worker

    if url and not name:
        base, named = split_member(url)
        name = named or TokenStore().last_member(base) or ""
    dlg = LeagueDialog(win, url, name, note)

    def sign_in() -> None:
        url_, name_, password = dlg.url, dlg.name, dlg.password
        dlg.password = ""

        def work(_ctx: Any) -> Any:
            from campaign_app.remote import login

            return login(url_, name_, password)

        def done(d: Any) -> None:
            win.notify(translate("LeagueDialog", "Signed in to {url} as {name} ({role})").format(
                url=d["url"], name=d["name"], role=d["role"]), 5000)
            win.open_url(d["url"])

        def failed(e: BaseException) -> None:
            widgets.show_error(win, translate("LeagueDialog", "Cannot sign in"), str(e))

        win.tasks.append(worker.run_task(win, translate("LeagueDialog", "Signing in"), work,
                                         on_done=done, on_error=failed))

    dlg.accepted.connect(sign_in)
    win._show_dialog(dlg)
    return dlg
