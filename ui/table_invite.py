"""Battle > Invite to the Table (#29): a phone or tablet joins the battle being played
by scanning a QR code, for one roster (it marks that roster's figures only).

The code holds ``http://<this machine's LAN address>:<port>/join#t=<token>``
(:func:`campaign_app.usecases.devices.join_url`). The pages are served by the league
server (``campaign-app serve``); if none was started by this window, one is, as a child
process (:class:`TableServer`: ``python -m campaign_app serve --bind 0.0.0.0:PORT`` over
the open database, given to it in its environment so no password shows in a process
list) and stopped when the window closes. The window never imports the server: front
ends are independent (import-linter)."""

from __future__ import annotations

import socket
import sys
from datetime import datetime
from typing import Any

from PySide6.QtCore import QObject, QProcess, QProcessEnvironment, Qt, QTimer
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from campaign_app.errors import AppError
from ui.i18n import translate

FIRST_PORT = 8350


def _port_free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("0.0.0.0", port))  # noqa: S104 - the table server listens on every address
        except OSError:
            return False
    return True


def _answers(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.2)
        return s.connect_ex(("127.0.0.1", port)) == 0


class TableServer(QObject):
    """The table's server, a child process of the window over its open database."""

    def __init__(self, parent: QObject | None, environment: dict[str, str]) -> None:
        super().__init__(parent)
        self.environment = environment
        self.port = 0
        self.proc: QProcess | None = None
        self.error = ""

    def running(self) -> bool:
        return self.proc is not None and self.proc.state() != QProcess.ProcessState.NotRunning

    def start(self) -> int:
        """Start it (unless running) on the first free port from 8350; its port. If it
        cannot start: 0, and :attr:`error` says why in one line."""
        if self.running():
            return self.port
        port = next((p for p in range(FIRST_PORT, FIRST_PORT + 50) if _port_free(p)), 0)
        if not port:
            self.error = translate("TableInvite", "no free port from {a} to {b} for the table's server").format(
                a=FIRST_PORT, b=FIRST_PORT + 49)
            return 0
        proc = QProcess(self)
        env = QProcessEnvironment.systemEnvironment()
        for key, value in self.environment.items():  # the database: not on the command line (a password)
            env.insert(key, value)
        env.insert("PYTHONUNBUFFERED", "1")
        proc.setProcessEnvironment(env)
        proc.setProcessChannelMode(QProcess.ProcessChannelMode.MergedChannels)
        proc.start(sys.executable, ["-m", "campaign_app", "serve", "--bind", f"0.0.0.0:{port}"])
        if not proc.waitForStarted(5000):
            self.error = translate("TableInvite", "the table's server did not start: {why}").format(
                why=proc.errorString())
            return 0
        self.proc, self.port, self.error = proc, port, ""
        return port

    def failure(self) -> str:
        """Why the server stopped (its last line), or "" while it runs."""
        if self.proc is None or self.running():
            return self.error
        out = bytes(self.proc.readAll().data()).decode("utf-8", "replace").strip().splitlines()
        last = out[-1] if out else translate("TableInvite", "it stopped")
        return translate("TableInvite", "the table's server stopped: {why}").format(why=last[:200])

    def stop(self) -> None:
        if self.proc is not None and self.running():
            self.proc.terminate()
            if not self.proc.waitForFinished(5000):
                self.proc.kill()
                self.proc.waitForFinished(2000)
        self.proc = None


def server_of(win: Any) -> TableServer:
    """The window's table server (made on first use; the window stops it on close)."""
    server = getattr(win, "table_server", None)
    if server is None:
        from campaign_app.usecases.devices import serve_environment

        server = TableServer(win, win.app.run(serve_environment))
        win.table_server = server
    return server


class InviteDialog(QDialog):
    """Pick the player's roster; the QR code, the URL (selectable) and until when."""

    def __init__(self, parent: QWidget | None, app: Any, battle_id: int, server: TableServer | None,
                 *, host: str | None = None) -> None:
        super().__init__(parent)
        from campaign_app.usecases.table import table_view

        self.setObjectName("inviteDialog")
        self.setWindowTitle(translate("TableInvite", "Invite to the Table"))
        self.app, self.battle_id, self.server, self.host = app, battle_id, server, host
        self.url = ""
        view = app.run(table_view, battle_id)
        ids = {f["roster"]: f["roster_id"] for f in view["figures"]}
        lay = QVBoxLayout(self)
        head = QLabel(translate("TableInvite", "Battle {n}: a phone or tablet scans this code to follow the battle "
                                "and mark one roster's figures.").format(n=view["number"]))
        head.setWordWrap(True)
        lay.addWidget(head)
        form = QFormLayout()
        self.roster = QComboBox()
        self.roster.setObjectName("inviteRoster")
        for name in view["rosters"]:
            self.roster.addItem(name, ids.get(name, name))
        form.addRow(translate("TableInvite", "Player's &roster:"), self.roster)
        self.minutes = QSpinBox()
        self.minutes.setObjectName("inviteMinutes")
        self.minutes.setRange(10, 24 * 60)
        self.minutes.setValue(6 * 60)
        self.minutes.setSuffix(translate("TableInvite", " min"))
        form.addRow(translate("TableInvite", "&Lasts at most:"), self.minutes)
        lay.addLayout(form)
        self.make_button = QPushButton(translate("TableInvite", "&Make the code"))
        self.make_button.setObjectName("inviteMake")
        self.make_button.clicked.connect(self.make)
        lay.addWidget(self.make_button)
        self.qr = QLabel()
        self.qr.setObjectName("inviteQr")
        self.qr.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.qr.setMinimumSize(300, 300)
        self.qr.setAccessibleName(translate("TableInvite", "QR code to join the table"))
        lay.addWidget(self.qr, 1)
        self.url_edit = QLineEdit()
        self.url_edit.setObjectName("inviteUrl")
        self.url_edit.setReadOnly(True)
        self.url_edit.setAccessibleName(translate("TableInvite", "Link to join the table"))
        lay.addWidget(self.url_edit)
        self.until = QLabel()
        self.until.setObjectName("inviteUntil")
        self.until.setWordWrap(True)
        lay.addWidget(self.until)
        self.status = QLabel()
        self.status.setObjectName("inviteServer")
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        lay.addWidget(self.status)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self._poll = QTimer(self)
        self._poll.setInterval(250)
        self._poll.timeout.connect(self._check_server)
        self._tries = 0
        self.setMinimumWidth(480)

    def make(self) -> str:
        """Start the table server if needed, make the invitation, show its code."""
        from campaign_app.usecases.devices import DEFAULT_PORT, invite_to_table, join_url

        port = DEFAULT_PORT
        if self.server is not None:
            port = self.server.start()
            if not port:
                self.status.setText(self.server.error)
                return ""
        try:
            inv = self.app.run(invite_to_table, self.battle_id, self.roster.currentData(),
                               minutes=self.minutes.value())
        except AppError as e:
            self.status.setText(str(e))
            return ""
        self.url = join_url(inv.token, self.host, port)
        self.qr.setPixmap(qr_pixmap(self.url))
        self.url_edit.setText(self.url)
        self.url_edit.setCursorPosition(0)  # its start (the address) shows, not the token's end
        # the whole link in view (someone may type it), within the screen
        need = self.url_edit.fontMetrics().horizontalAdvance(self.url) + 16
        screen = self.screen()
        room = screen.availableGeometry().width() - 80 if screen is not None else need
        self.url_edit.setMinimumWidth(min(need, room))
        local = inv.expires_at.astimezone()
        self.until.setText(translate("TableInvite", "{roster} joins until {when}, or until the battle is finished. "
                                     "Anyone with this code marks {roster}'s figures.").format(
            roster=inv.roster, when=f"{local:%H:%M}" if local.date() == datetime.now().date() else f"{local:%Y-%m-%d %H:%M}"))
        if self.server is not None:
            self.status.setText(translate("TableInvite", "Starting the table's server on port {p}…").format(p=port))
            self._tries = 0
            self._poll.start()
        self.adjustSize()
        return self.url

    def _check_server(self) -> None:
        assert self.server is not None
        self._tries += 1
        if not self.server.running():
            self._poll.stop()
            self.status.setText(self.server.failure())
        elif _answers(self.server.port):
            self._poll.stop()
            self.status.setText(translate("TableInvite", "The table's server is running on port {p} (this window "
                                          "stops it when it closes); the phone must be on this network.").format(
                p=self.server.port))
        elif self._tries > 120:
            self._poll.stop()
            self.status.setText(translate("TableInvite", "the table's server does not answer on port {p}").format(
                p=self.server.port))


def qr_pixmap(url: str, scale: int = 6) -> QPixmap:
    """The QR code of ``url`` (segno, as a PNG) as a pixmap."""
    import io

    import segno

    buf = io.BytesIO()
    segno.make(url, error="m").save(buf, kind="png", scale=scale, border=4)
    pix = QPixmap()
    pix.loadFromData(buf.getvalue(), "PNG")
    return pix
