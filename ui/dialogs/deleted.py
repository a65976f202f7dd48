"""Deleted Campaigns: the campaigns deleted but kept, each with when it was deleted;
Restore brings one back as it was (the undo of its deletion), Remove for Good takes it
and its rolls and history away (asked first; no undo)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from campaign_app.changes import changes_of
from campaign_app.errors import AppError
from ui import widgets
from ui.i18n import translate
from ui.models import Column, RowsModel
from ui.screen import fit_to_screen


class DeletedCampaignsDialog(QDialog):
    restored = Signal(int, str, object)  # campaign id, name, changes
    purged = Signal(str, object)  # name, changes

    def __init__(self, parent: QWidget | None, app: Any) -> None:
        super().__init__(parent)
        self.app = app
        self.setWindowTitle(translate("DeletedCampaignsDialog", "Deleted Campaigns"))
        self.setObjectName("deletedCampaignsDialog")
        lay = QVBoxLayout(self)
        self.note = QLabel(translate("DeletedCampaignsDialog", "Deleted campaigns are kept, with their rolls and history, until removed for good."))
        self.note.setWordWrap(True)
        self.note.setTextFormat(Qt.TextFormat.PlainText)
        lay.addWidget(self.note)
        self.model = RowsModel([
            Column("name", translate("DeletedCampaignsDialog", "Campaign")),
            Column("system_name", translate("DeletedCampaignsDialog", "Game")),
            Column("rosters", translate("DeletedCampaignsDialog", "Rosters")),
            Column("deleted_at", translate("DeletedCampaignsDialog", "Deleted")),
        ])
        self.view = QTableView()
        self.view.setObjectName("deletedCampaigns")
        self.view.setModel(self.model)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.horizontalHeader().setStretchLastSection(True)
        self.view.verticalHeader().hide()
        self.view.doubleClicked.connect(lambda _i: self.restore())
        lay.addWidget(self.view)
        self.error = widgets.ErrorLabel()
        lay.addWidget(self.error)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.restore_button = QPushButton(translate("DeletedCampaignsDialog", "&Restore"))
        self.restore_button.setObjectName("restoreCampaign")
        self.purge_button = QPushButton(translate("DeletedCampaignsDialog", "Remove for &Good…"))
        self.purge_button.setObjectName("purgeCampaign")
        self.buttons.addButton(self.restore_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.buttons.addButton(self.purge_button, QDialogButtonBox.ButtonRole.DestructiveRole)
        self.restore_button.clicked.connect(self.restore)
        self.purge_button.clicked.connect(self.ask_purge)
        self.buttons.rejected.connect(self.reject)
        lay.addWidget(self.buttons)
        fit_to_screen(self, 620, 320)
        self.load()

    def load(self) -> None:
        from campaign_app.usecases.manage import deleted_campaigns

        rows = self.app.run(deleted_campaigns)
        self.model.set_rows([{**r, "what": "campaign"} for r in rows])
        has = bool(rows)
        self.restore_button.setEnabled(has)
        self.purge_button.setEnabled(has)
        if has:
            self.view.selectRow(0)
        self.view.resizeColumnsToContents()
        self.note.setText(translate("DeletedCampaignsDialog", "Deleted campaigns are kept, with their rolls and history, until removed for good.")
                          if has else translate("DeletedCampaignsDialog", "No deleted campaigns."))

    def showEvent(self, event: Any) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        self.view.setFocus()

    def selected(self) -> dict[str, Any] | None:
        rows = self.view.selectionModel().selectedRows()
        return self.model.rows[rows[0].row()] if rows else None

    def restore(self) -> None:
        from campaign_app.usecases.manage import restore_campaign

        d = self.selected()
        if d is None:
            return
        try:
            res = self.app.run(restore_campaign, d["id"])
        except AppError as e:
            self.error.show_error(str(e))
            return
        self.restored.emit(res.id, res.name, changes_of(res))
        self.accept()

    def ask_purge(self) -> Any:
        d = self.selected()
        if d is None:
            return None
        text = translate("DeletedCampaignsDialog", "Remove the campaign {name} for good, with its rolls and history? This cannot be undone.")
        return widgets.ask_confirm(self, translate("DeletedCampaignsDialog", "Remove for Good"), text.format(name=d["name"]),
                                   translate("DeletedCampaignsDialog", "Remove for Good"), lambda: self.purge(d))

    def purge(self, d: dict[str, Any]) -> None:
        from campaign_app.usecases.manage import purge_campaign

        try:
            res = self.app.run(purge_campaign, d["id"])
        except AppError as e:
            self.error.show_error(str(e))
            return
        self.purged.emit(res.name, changes_of(res))
        self.load()
