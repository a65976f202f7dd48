"""Settings ▸ Database: a local SQLite file or a PostgreSQL server. A password typed
here is used for this connection only: it is never written to the settings or logs
(leave it empty to let libpq find it in PGPASSWORD, ~/.pgpass or a service file)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from campaign_app.urls import server_fields
from ui.i18n import translate
from ui.screen import fit_to_screen
from ui.settings import AppSettings, is_postgres, pg_url, safe_url
from ui.theme import muted_style
from ui.widgets import ErrorLabel


def sqlite_file(url: str) -> str:
    text = (url or "").strip()
    if text.startswith("sqlite:///"):
        return text[len("sqlite:///"):]
    return text if "://" not in text else ""


def needs_password(message: str) -> bool:
    m = message.lower()
    return "password" in m and ("authentication" in m or "no password" in m or "supplied" in m)


class DatabaseDialog(QDialog):
    """Choose the database. ``url`` (no password) and ``password`` (maybe None) are set
    when accepted."""

    def __init__(self, parent: QWidget | None, settings: AppSettings, current: str = "",
                 default_file: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("DatabaseDialog", "Database Settings"))
        self.settings = settings
        self.url = ""
        self.password: str | None = None
        lay = QVBoxLayout(self)
        recent = settings.recent()
        if recent:
            row = QHBoxLayout()
            row.addWidget(QLabel(translate("DatabaseDialog", "Recent:")))
            self.recent = QComboBox()
            self.recent.setObjectName("recentDatabases")
            self.recent.addItem("")
            for u in recent:
                self.recent.addItem(u, u)
            row.addWidget(self.recent, 1)
            lay.addLayout(row)
            self.recent.activated.connect(lambda _i: self.load(self.recent.currentData() or ""))
        self.local = QRadioButton(translate("DatabaseDialog", "A &file on this computer (SQLite)"))
        self.local.setObjectName("useLocal")
        self.server = QRadioButton(translate("DatabaseDialog", "A &PostgreSQL server (shared by a club)"))
        self.server.setObjectName("useServer")
        group = QButtonGroup(self)
        group.addButton(self.local)
        group.addButton(self.server)
        lay.addWidget(self.local)
        fbox = QGroupBox()
        fl = QHBoxLayout(fbox)
        self.path = QLineEdit(default_file)
        self.path.setObjectName("dbPath")
        browse = QPushButton(translate("DatabaseDialog", "&Browse…"))
        fl.addWidget(self.path, 1)
        fl.addWidget(browse)
        lay.addWidget(fbox)
        lay.addWidget(self.server)
        sbox = QGroupBox()
        form = QFormLayout(sbox)
        self.host = QLineEdit("localhost")
        self.host.setObjectName("pgHost")
        self.port = QSpinBox()
        self.port.setRange(1, 65535)
        self.port.setValue(5432)
        self.dbname = QLineEdit()
        self.dbname.setObjectName("pgDatabase")
        self.dbname.setPlaceholderText("campaigns")
        self.user = QLineEdit()
        self.user.setObjectName("pgUser")
        self.pw = QLineEdit()
        self.pw.setObjectName("pgPassword")
        self.pw.setEchoMode(QLineEdit.EchoMode.Password)
        self.pw.setPlaceholderText(translate("DatabaseDialog", "empty: PGPASSWORD / ~/.pgpass"))
        self.ask = QCheckBox(translate("DatabaseDialog", "Ask for the password every time"))
        self.ask.setObjectName("askPassword")
        form.addRow(translate("DatabaseDialog", "&Host:"), self.host)
        form.addRow(translate("DatabaseDialog", "P&ort:"), self.port)
        form.addRow(translate("DatabaseDialog", "&Database:"), self.dbname)
        form.addRow(translate("DatabaseDialog", "&User:"), self.user)
        form.addRow(translate("DatabaseDialog", "Pass&word:"), self.pw)
        form.addRow("", self.ask)
        lay.addWidget(sbox)
        note = QLabel(translate("DatabaseDialog", "The password is used to connect and is never saved with the settings."))
        note.setWordWrap(True)
        note.setStyleSheet(muted_style())
        lay.addWidget(note)
        self.error = ErrorLabel()
        lay.addWidget(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(translate("DatabaseDialog", "&Connect"))
        buttons.accepted.connect(self.try_accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        browse.clicked.connect(self._browse)
        self.local.toggled.connect(lambda on: (fbox.setEnabled(on), sbox.setEnabled(not on)))
        self.local.setChecked(True)
        sbox.setEnabled(False)
        self.load(current)
        fit_to_screen(self, 500, self.sizeHint().height())

    def load(self, url: str) -> None:
        if is_postgres(url):
            p = server_fields(url)  # the one URL split (campaign_app.urls)
            self.server.setChecked(True)
            self.host.setText(p.host or "localhost")
            self.port.setValue(p.port or 5432)
            self.dbname.setText(p.database)
            self.user.setText(p.user)
            self.ask.setChecked(self.settings.ask_password(url))
        elif url:
            self.local.setChecked(True)
            self.path.setText(sqlite_file(url))

    def _browse(self) -> None:
        start = self.path.text() or str(Path.home())
        name, _f = QFileDialog.getSaveFileName(
            self, translate("DatabaseDialog", "Campaign database"), start, translate("DatabaseDialog", "Campaign databases (*.sqlite *.db);;All files (*)"),
            options=QFileDialog.Option.DontConfirmOverwrite)
        if name:
            self.path.setText(name)

    def build(self) -> str:
        if self.local.isChecked():
            path = self.path.text().strip()
            if not path:
                raise ValueError(translate("DatabaseDialog", "choose a file for the database"))
            return f"sqlite:///{Path(path).expanduser().resolve()}"
        if not self.dbname.text().strip():
            raise ValueError(translate("DatabaseDialog", "name the database on the server"))
        return pg_url(self.host.text(), self.port.value(), self.dbname.text(), self.user.text())

    def try_accept(self) -> None:
        try:
            self.url = self.build()
        except ValueError as e:
            self.error.show_error(str(e))
            return
        self.password = self.pw.text() or None if self.server.isChecked() else None
        if self.server.isChecked():
            self.settings.set_ask_password(self.url, self.ask.isChecked())
        self.accept()


def ask_password(parent: QWidget | None, url: str, callback: Any) -> QInputDialog:
    """Ask for a password without blocking: ``callback(password or None)``."""
    dlg = QInputDialog(parent)
    dlg.setObjectName("passwordDialog")
    dlg.setWindowTitle(translate("database", "Database password"))
    dlg.setLabelText(translate("database", "Password for {url}:").format(url=safe_url(url)))
    dlg.setTextEchoMode(QLineEdit.EchoMode.Password)
    dlg.setInputMode(QInputDialog.InputMode.TextInput)
    done = {"called": False}

    def finish(ok: int) -> None:
        if done["called"]:
            return
        done["called"] = True
        callback(dlg.textValue() if ok else None)

    dlg.finished.connect(finish)
    dlg.open()
    return dlg
