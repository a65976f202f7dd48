"""Main window (placeholder list of campaigns until the GUI issue lands)."""

from __future__ import annotations

from PySide6.QtWidgets import QListWidget, QMainWindow

from campaign_app.usecases import list_campaigns


class MainWindow(QMainWindow):
    def __init__(self, engine) -> None:  # type: ignore[no-untyped-def]
        super().__init__()
        self.engine = engine
        self.setWindowTitle("Campaign Manager")
        self.resize(900, 600)
        self.list = QListWidget()
        self.setCentralWidget(self.list)
        self.reload()

    def reload(self) -> None:
        self.list.clear()
        for c in list_campaigns(self.engine):
            self.list.addItem(f"{c['name']} — {c['system']}")
