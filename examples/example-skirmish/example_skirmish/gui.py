"""The example plug-in's window part (``GameSystem.gui``): imported only when the window
runs and a campaign of Example Skirmish opens one of its dialogs. ``DIALOGS`` maps the
dialog key a command's ``GuiAction`` names to ``opener(window, command) -> dialog``."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
)

from campaign_app.changes import changes_of
from campaign_app.errors import AppError
from example_skirmish import relics


class RelicsDialog(QDialog):
    """The relics a roster holds: the list, and a relic added or removed (each one undo step)."""

    def __init__(self, win: Any, roster: dict[str, Any]) -> None:
        super().__init__(win)
        self.win, self.roster = win, roster
        self.setWindowTitle(f"Relics of {roster['name']}")
        lay = QVBoxLayout(self)
        self.list = QListWidget()
        lay.addWidget(self.list)
        form = QFormLayout()
        self.name, self.power, self.notes = QLineEdit(), QSpinBox(), QLineEdit()
        self.power.setRange(1, 6)
        form.addRow("&Name", self.name)
        form.addRow("&Power", self.power)
        form.addRow("N&otes", self.notes)
        lay.addLayout(form)
        self.error = QLabel()
        self.error.setObjectName("error")
        lay.addWidget(self.error)
        row = QHBoxLayout()
        self.add_button, self.remove_button = QPushButton("&Add"), QPushButton("&Remove")
        self.add_button.clicked.connect(self.add)
        self.remove_button.clicked.connect(self.remove)
        row.addWidget(self.add_button)
        row.addWidget(self.remove_button)
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        box.rejected.connect(self.reject)
        row.addWidget(box)
        lay.addLayout(row)
        self.reload()

    def reload(self) -> None:
        self.list.clear()
        for x in self.win.app.run(relics.relics_of, self.roster["id"])["records"]:
            d = x["data"]
            item = QListWidgetItem(f"{d['name']} (power {d['power']})" + (f": {d['notes']}" if d["notes"] else ""))
            item.setData(256, d["name"])
            self.list.addItem(item)

    def names(self) -> list[str]:
        return [self.list.item(i).data(256) for i in range(self.list.count())]

    def _run(self, fn: Any, *args: Any, message: str) -> bool:
        try:
            result = self.win.app.run(fn, self.roster["id"], *args)
        except AppError as e:
            self.error.setText(str(e))
            return False
        self.error.clear()
        self.win._saved(message.format(r=result), changes=changes_of(result))
        self.reload()
        return True

    def add(self) -> None:
        if self._run(relics.add_relic, self.name.text().strip(), self.power.value(), self.notes.text(),
                     message="{r.roster} holds {r.relic} (Ctrl+Z to undo)"):
            self.name.clear()
            self.notes.clear()

    def remove(self) -> None:
        item = self.list.currentItem()
        if item is not None:
            self._run(relics.remove_relic, item.data(256), message="{r.roster} no longer holds {r.relic}")


def open_relics(win: Any, _cmd: Any) -> Any:
    if win.roster_id is None or win.campaign is None:
        return None
    roster = next((r for r in win.campaign["rosters"] if r["id"] == win.roster_id), None)
    if roster is None:
        return None
    return win._show_dialog(RelicsDialog(win, roster))


DIALOGS = {"relics": open_relics}
