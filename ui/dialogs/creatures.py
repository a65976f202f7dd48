"""Creature generator (a game system's ``creatures`` dialog): kind, how many, super, Roll or typed
dice, a preview of what will be added, then Add (one undo step, every roll logged)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from campaign_app import procedure_driver as driver
from campaign_app.dice import Roller
from campaign_app.errors import AppError
from ui.dice_widgets import DiceChoice, FacesView
from ui.i18n import translate
from ui.models import ALIGN_CENTER, Column, RowsModel
from ui.screen import fit_to_screen
from ui.text import esc, rich_label
from ui.theme import muted_style
from ui.widgets import UseCaseDialog


class CreatureDialog(UseCaseDialog):
    """Roll up creatures for a roster. ``api``: the game system's module of the use-cases this dialog calls (:data:`ui.system_dialogs.APIS`)."""

    def __init__(self, parent: QWidget | None, app: Any, roster: dict[str, Any],
                 campaign_id: int, api: Any) -> None:
        super().__init__(parent, translate("CreatureDialog", "Generate Creatures"))
        self.app = app
        self.roster = roster
        self.api = api
        self.kinds = app.run(api.campaign_creature_kinds, campaign_id)
        self.preview_data: dict[str, Any] | None = None
        self.preview_key: tuple[Any, ...] | None = None
        top = QHBoxLayout()
        form = QFormLayout()
        form.addRow(translate("CreatureDialog", "Roster:"), rich_label(f"<b>{esc(roster['name'])}</b>"))
        self.kind = QComboBox()
        self.kind.setObjectName("creatureKind")
        for k in self.kinds:
            self.kind.addItem(k["label"], k["kind"])
        form.addRow(translate("CreatureDialog", "&Kind:"), self.kind)
        self.count = QSpinBox()
        self.count.setObjectName("creatureCount")
        self.count.setRange(1, 100)
        form.addRow(translate("CreatureDialog", "&How many:"), self.count)
        self.super = QCheckBox(translate("CreatureDialog", "Super (Rep 5, no roll)"))
        self.super.setObjectName("creatureSuper")
        form.addRow("", self.super)
        self.rep_note = QLabel()
        self.rep_note.setTextFormat(Qt.TextFormat.PlainText)
        self.rep_note.setWordWrap(True)
        self.rep_note.setStyleSheet(muted_style())
        form.addRow("", self.rep_note)
        top.addLayout(form, 1)
        dbox = QGroupBox(translate("CreatureDialog", "Rep dice"))
        dl = QVBoxLayout(dbox)
        self.dice = DiceChoice(self)
        dl.addWidget(self.dice)
        self.need = QLabel()
        self.need.setTextFormat(Qt.TextFormat.PlainText)
        self.need.setStyleSheet(muted_style())
        dl.addWidget(self.need)
        dl.addStretch(1)
        top.addWidget(dbox, 1)
        self.body.addLayout(top)
        prow = QHBoxLayout()
        self.preview_button = QPushButton(translate("CreatureDialog", "&Preview"))
        self.preview_button.setObjectName("previewButton")
        prow.addWidget(self.preview_button)
        self.faces = FacesView(self, 22)
        prow.addWidget(self.faces, 1)
        self.body.addLayout(prow)
        self.model = RowsModel([
            Column("name", translate("CreatureDialog", "Name")),
            Column("rep", translate("CreatureDialog", "Rep"), align=ALIGN_CENTER),
            Column("how", translate("CreatureDialog", "How the Rep was set")),
        ])
        self.table = QTableView()
        self.table.setObjectName("previewTable")
        self.table.setModel(self.model)
        self.table.verticalHeader().hide()
        self.table.setAlternatingRowColors(True)
        self.table.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.table.setMinimumHeight(150)
        self.body.addWidget(self.table)
        self.ok_button.setText(translate("CreatureDialog", "&Add to roster"))
        self.preview_button.clicked.connect(self.preview)
        # Enter in the typed dice previews with them (empty: the app's dice); faces typed
        # while Preview has the focus go into the entry
        self.dice.entry.returnPressed.connect(lambda: (self.dice.take_enter(), self.preview()))
        self.dice.forward_typing(self.preview_button)
        for sig in (self.kind.currentIndexChanged, self.count.valueChanged, self.super.toggled,
                    self.dice.changed):
            sig.connect(self._changed)
        self._changed()
        fit_to_screen(self, 620, 460)

    def _key(self) -> tuple[Any, ...]:
        return (self.kind.currentData(), self.count.value(), self.super.isChecked(),
                self.dice.is_typed(), self.dice.entry.text().strip())

    def _current_kind(self) -> dict[str, Any]:
        return self.kinds[self.kind.currentIndex()] if self.kinds else {}

    def _changed(self) -> None:
        k = self._current_kind()
        fixed = k.get("fixed_rep")
        self.super.setEnabled(fixed is None)
        if fixed is not None and self.super.isChecked():
            self.super.setChecked(False)
        if fixed is not None:
            self.rep_note.setText(translate("CreatureDialog", "{label}s are always Rep {fixed}: no dice.").format(label=k['label'], fixed=fixed))
            self.need.setText(translate("CreatureDialog", "No dice needed."))
        elif self.super.isChecked():
            self.rep_note.setText(translate("CreatureDialog", "Super: Rep {rep} by agreement, no roll.").format(rep=k.get('super_rep', 5)))
            self.need.setText(translate("CreatureDialog", "No dice needed."))
        else:
            self.rep_note.setText(translate("CreatureDialog", "Rep rolled on {table} (house rules apply).").format(table=k.get('table', '')))
            n = self.count.value()
            self.need.setText(translate("CreatureDialog", "Needs {n} d6 (one per creature).").format(n=n))
        if self.preview_key is not None and self.preview_key != self._key():
            self.preview_data = None
            self.preview_key = None
            self.model.set_rows([])
            self.faces.set_faces([])

    def preview(self) -> bool:
        self.error.clear_error()
        if self.dice.error():
            self.error.show_error(self.dice.error())
            return False
        faces = None
        if self.dice.is_typed():
            faces = [(f, "typed") for f in self.dice.faces()]
        try:
            data = self.app.run(self.api.preview_creatures, self.roster["id"], self.kind.currentData(),
                                       self.count.value(), self.super.isChecked(), faces)
        except AppError as e:
            self.error.show_error(str(e))
            return False
        self.preview_data = data
        self.preview_key = self._key()
        self.model.set_rows(data["creatures"])
        self.faces.set_faces(data["faces"])
        return True

    def check(self) -> str:
        if not self.kinds:
            return translate("CreatureDialog", "this campaign's game (with its expansions) has no creatures")
        if self.preview_data is None and not self.preview():
            return self.error.text()
        return ""

    def run(self) -> list[int]:
        assert self.preview_data is not None
        roller = Roller(driver.FaceSource(self.preview_data["faces"]))
        made = self.app.run(self.api.generate_creatures, self.roster["id"], self.kind.currentData(),
                                  self.count.value(), self.super.isChecked(), roller=roller)
        self.keep(made)
        return [c.id for c in made.creatures]
