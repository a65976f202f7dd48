"""Dialogs that run a use-case first as a dry run with the dice chosen (the app's Roll,
or the faces typed from the table), show every step, its dice and what changes, then
run it for real with exactly the same faces (one undo step, every roll logged with its
source). Used by End Cycle, Lasting Injury and Critical Injury treatment."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from campaign_app import procedure_driver as driver
from campaign_app.dice import Roller
from campaign_app.errors import AppError
from ui.dice_widgets import DiceChoice, FacesView, roll_text
from ui.i18n import translate
from ui.models import Column, RowsModel
from ui.screen import fit_to_screen
from ui.widgets import UseCaseDialog

MAX_FACES = 200  # the app's own dice for one preview (a runaway procedure stops here)


class DicePreviewDialog(UseCaseDialog):
    """A use-case run first as a dry run with the dice chosen, then for real with the
    same faces. Subclasses build their form in ``self.form`` and implement ``call``.

    A subclass with ``preview_without_dice`` shows the preview at once whenever its
    choices need no dice (``uses_dice`` False: there is nothing to roll), so Apply is
    ready without a Roll; it calls :meth:`inputs_ready` when its form is built."""

    preview_without_dice = False

    def __init__(self, parent: QWidget | None, title: str, info: str) -> None:
        super().__init__(parent, title)
        self._ready = False  # the subclass's form is built (uses_dice may read it)
        self._previewing = False
        self.preview_data: Any = None  # the use-case's report of the dry run
        self.faces: list[tuple[int, str]] = []
        lab = QLabel(info)
        lab.setWordWrap(True)
        self.body.addWidget(lab)
        top = QHBoxLayout()
        self.form = QFormLayout()
        top.addLayout(self.form, 1)
        self.dice_box = QGroupBox(translate("DicePreviewDialog", "Dice"))
        dl = QVBoxLayout(self.dice_box)
        self.dice = DiceChoice(self)
        dl.addWidget(self.dice)
        self.preview_button = QPushButton(translate("DicePreviewDialog", "&Roll"))
        self.preview_button.setObjectName("previewButton")
        dl.addWidget(self.preview_button)
        self.faces_view = FacesView(self, 22)
        dl.addWidget(self.faces_view)
        dl.addStretch(1)
        top.addWidget(self.dice_box, 1)
        self.body.addLayout(top)
        self.steps = RowsModel([Column("subject", translate("DicePreviewDialog", "Who")), Column("rule", translate("DicePreviewDialog", "Rule")),
                                Column("roll", translate("DicePreviewDialog", "Dice"), show=lambda r: roll_text(r.get("roll"))),
                                Column("text", translate("DicePreviewDialog", "What happens"))])
        self.view = QTableView()
        self.view.setObjectName("previewSteps")
        self.view.setModel(self.steps)
        self.view.verticalHeader().hide()
        self.view.horizontalHeader().setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        from ui.views import wrap_items, wrap_rows

        wrap_rows(self.view)
        self.view.setMinimumHeight(120)
        self.body.addWidget(self.view, 1)
        self.changes = QListWidget()
        self.changes.setObjectName("previewChanges")
        wrap_items(self.changes)
        self.changes.setMaximumHeight(90)
        self.body.addWidget(self.changes)
        self.ok_button.setText(translate("DicePreviewDialog", "&Apply"))
        self.ok_button.setEnabled(False)
        self.preview_button.clicked.connect(self.preview)
        # Enter in the typed dice previews with those faces (an empty entry: the app's
        # dice); faces typed while Roll/Preview has the focus go into the entry
        self.dice.entry.returnPressed.connect(self._enter)
        self.dice.forward_typing(self.preview_button)
        self.dice.changed.connect(self._dice_changed)
        fit_to_screen(self, 700, 500)

    # subclasses ---------------------------------------------------------------------
    def call(self, *, dry_run: bool, dice: Any = None, roller: Roller | None = None) -> Any:
        raise NotImplementedError  # pragma: no cover

    def uses_dice(self) -> bool:
        return True

    def inputs_ready(self) -> None:
        """The subclass's form is built: the dice box follows whether anything is rolled
        and, with ``preview_without_dice``, nothing to roll previews at once."""
        self._ready = True
        self.dice.set_enabled_all(self.uses_dice())
        self._dice_changed()

    # the dice -----------------------------------------------------------------------
    def _dice_changed(self) -> None:
        self.preview_button.setText(translate("DicePreviewDialog", "&Preview") if self.dice.is_typed() or not self.uses_dice() else translate("DicePreviewDialog", "&Roll"))
        self.invalidate()

    def _enter(self) -> None:
        self.dice.take_enter()
        self.preview()

    def invalidate(self, *_a: Any) -> None:
        """An input changed: the preview shown no longer holds."""
        self.preview_data = None
        self.faces = []
        self.steps.set_rows([])
        self.changes.clear()
        self.faces_view.set_faces([])
        self.ok_button.setEnabled(False)
        if self.preview_without_dice and self._ready and not self._previewing and not self.uses_dice():
            self.dice.set_enabled_all(False)
            self.preview()  # nothing to roll: what Apply writes is known now
        elif self._ready:
            self.dice.set_enabled_all(self.uses_dice())

    def _run(self, dry_run: bool) -> Any:
        """The use-case with the dice chosen (the same faces for preview and for real)."""
        if self.uses_dice() and self.dice.is_typed():
            return self.call(dry_run=dry_run, dice=self.dice.faces())
        if not dry_run:
            return self.call(dry_run=False, roller=Roller(driver.FaceSource(self.faces)))
        # the app rolls what the use-case asks for, in one dry run, keeping the faces
        source = driver.app_dice(limit=MAX_FACES)
        self.faces = []
        report = self.call(dry_run=True, roller=Roller(source))
        self.faces = list(source.faces)
        return report

    def preview(self) -> bool:
        self._previewing = True
        try:
            self.invalidate()
        finally:
            self._previewing = False
        self.error.clear_error()
        if self.uses_dice() and self.dice.error():
            self.error.show_error(self.dice.error())
            return False
        try:
            rep = self._run(dry_run=True)
        except AppError as e:
            self.error.show_error(str(e))
            return False
        self.preview_data = rep
        self.steps.set_rows(rep.steps)
        for col in (0, 1, 2):
            self.view.resizeColumnToContents(col)
        for line in [*rep.lines, *(f"note: {n}" for n in getattr(rep, "notes", []))] or [translate("DicePreviewDialog", "no changes")]:
            self.changes.addItem(line)
        self.faces_view.set_faces([(f, r["roll"].get("source", "")) for r in rep.steps if r.get("roll")
                                   for f in r["roll"]["faces"]])
        self.ok_button.setEnabled(True)
        return True

    def check(self) -> str:
        if self.preview_data is None:
            return translate("DicePreviewDialog", "roll (or type the dice and press Preview) first: Apply writes what the preview shows")
        return ""

    def run(self) -> Any:
        return self.keep(self._run(dry_run=False))
