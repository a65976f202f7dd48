"""Necromunda, one fighter at a time: roll a Lasting Injury outside a recorded battle,
or decide a pending Critical Injury (pay for treatment, or let the fighter die).

Both dialogs work the same way: Roll (the app's dice) or type the faces rolled at the
table, look at the preview (every step, its dice and what changes: a dry run of the
use-case, nothing written), then Apply runs the same use-case with the same faces
(one undo step, every roll logged with its source)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QPushButton,
    QRadioButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from campaign_app.dice import MoreDiceNeeded, RandomSource, Roller, StepSource
from campaign_app.errors import AppError
from campaign_app.usecases import gui_queries as q
from ui.dialogs.cycle import _roll_text
from ui.dice_widgets import DiceChoice, FacesView
from ui.models import Column, RowsModel
from ui.widgets import UseCaseDialog

MAX_FACES = 200  # the app's own dice for one preview (a runaway procedure stops here)


class DicePreviewDialog(UseCaseDialog):
    """A use-case run first as a dry run with the dice chosen, then for real with the
    same faces. Subclasses build their form in ``self.form`` and implement ``call``."""

    def __init__(self, parent: QWidget | None, title: str, info: str) -> None:
        super().__init__(parent, title)
        self.preview_data: dict[str, Any] | None = None
        self.faces: list[tuple[int, str]] = []
        lab = QLabel(info)
        lab.setWordWrap(True)
        self.body.addWidget(lab)
        top = QHBoxLayout()
        self.form = QFormLayout()
        top.addLayout(self.form, 1)
        self.dice_box = QGroupBox("Dice")
        dl = QVBoxLayout(self.dice_box)
        self.dice = DiceChoice(self)
        dl.addWidget(self.dice)
        self.preview_button = QPushButton("&Roll")
        self.preview_button.setObjectName("previewButton")
        dl.addWidget(self.preview_button)
        self.faces_view = FacesView(self, 22)
        dl.addWidget(self.faces_view)
        dl.addStretch(1)
        top.addWidget(self.dice_box, 1)
        self.body.addLayout(top)
        self.steps = RowsModel([Column("rule", "Rule"),
                                Column("roll", "Dice", show=lambda r: _roll_text(r.get("roll"))),
                                Column("text", "What happens")])
        self.view = QTableView()
        self.view.setObjectName("previewSteps")
        self.view.setModel(self.steps)
        self.view.verticalHeader().hide()
        self.view.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.view.setMinimumHeight(120)
        self.body.addWidget(self.view, 1)
        self.changes = QListWidget()
        self.changes.setObjectName("previewChanges")
        self.changes.setMaximumHeight(90)
        self.body.addWidget(self.changes)
        self.ok_button.setText("&Apply")
        self.ok_button.setEnabled(False)
        self.preview_button.clicked.connect(self.preview)
        self.dice.changed.connect(self._dice_changed)
        self.resize(700, 500)

    # subclasses ---------------------------------------------------------------------
    def call(self, *, dry_run: bool, dice: Any = None, roller: Roller | None = None) -> dict[str, Any]:
        raise NotImplementedError  # pragma: no cover

    def uses_dice(self) -> bool:
        return True

    # the dice -----------------------------------------------------------------------
    def _dice_changed(self) -> None:
        self.preview_button.setText("&Preview" if self.dice.is_typed() or not self.uses_dice() else "&Roll")
        self.invalidate()

    def invalidate(self, *_a: Any) -> None:
        """An input changed: the preview shown no longer holds."""
        self.preview_data = None
        self.faces = []
        self.steps.set_rows([])
        self.changes.clear()
        self.faces_view.set_faces([])
        self.ok_button.setEnabled(False)

    def _run(self, dry_run: bool) -> dict[str, Any]:
        """The use-case with the dice chosen (the same faces for preview and for real)."""
        if self.uses_dice() and self.dice.is_typed():
            return self.call(dry_run=dry_run, dice=self.dice.faces())
        if not dry_run:
            return self.call(dry_run=False, roller=Roller(StepSource(self.faces)))  # type: ignore[arg-type]
        self.faces = []
        rng = RandomSource()
        while True:
            try:
                return self.call(dry_run=True, roller=Roller(StepSource(self.faces)))  # type: ignore[arg-type]
            except MoreDiceNeeded as e:
                if len(self.faces) + e.count > MAX_FACES:
                    raise AppError(f"more than {MAX_FACES} dice needed: stopped") from None
                self.faces += [(rng.next_face(e.need), "random") for _ in range(e.count)]

    def preview(self) -> bool:
        self.invalidate()
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
        self.steps.set_rows(rep["steps"])
        self.view.resizeColumnToContents(0)
        self.view.resizeColumnToContents(1)
        for line in [*rep.get("changes", []), *(f"note: {n}" for n in rep.get("notes", []))] or ["no changes"]:
            self.changes.addItem(line)
        self.faces_view.set_faces([(f, r["roll"].get("source", "")) for r in rep["steps"] if r.get("roll")
                                   for f in r["roll"]["faces"]])
        self.ok_button.setEnabled(True)
        return True

    def check(self) -> str:
        if self.preview_data is None:
            return "roll (or type the dice and press Preview) first: Apply writes what the preview shows"
        return ""

    def run(self) -> dict[str, Any]:
        return self._run(dry_run=False)


class InjuryRollDialog(DicePreviewDialog):
    """``necromunda.injury_roll`` for the fighter ``fighter`` (a roster row)."""

    def __init__(self, parent: QWidget | None, engine: Any, fighter: dict[str, Any]) -> None:
        super().__init__(
            parent, f"Lasting Injury — {fighter['name']}",
            "Roll on the edition's Lasting Injury table (Lasting Damage for a vehicle) for a fighter "
            "taken out outside a recorded battle. Every effect is applied and the injury recorded.")
        from campaign_app.usecases.necromunda import injury_roll

        self.engine = engine
        self.fighter = fighter
        self.injury_roll: Callable[..., dict[str, Any]] = injury_roll
        self.form.addRow("Fighter:", QLabel(f"<b>{fighter['name']}</b> ({fighter.get('roster', '')})"))
        self.by = QComboBox()
        self.by.setObjectName("takenOutBy")
        self.by.addItem("not named", None)
        for o in q.injury_opponents(engine, fighter["id"]):
            self.by.addItem(f"{o['name']} ({o['roster']})", o["id"])
        self.by.setToolTip("Who took the fighter out: for Hatred, and who holds a captive. Not named: "
                           "the campaign's other gang when there is only one.")
        self.form.addRow("Taken out &by:", self.by)
        self.by.currentIndexChanged.connect(self.invalidate)

    def call(self, *, dry_run: bool, dice: Any = None, roller: Roller | None = None) -> dict[str, Any]:
        return self.injury_roll(self.engine, self.fighter["id"], dice=dice, dry_run=dry_run,
                                by=self.by.currentData(), roller=roller)


class TreatInjuryDialog(DicePreviewDialog):
    """``necromunda.treat_injury``: pay for treatment (cost roll, then the treatment
    roll) or let the fighter die."""

    def __init__(self, parent: QWidget | None, engine: Any, fighter: dict[str, Any],
                 credits: int | None = None) -> None:
        super().__init__(
            parent, f"Critical Injury — {fighter['name']}",
            "A Critical Injury waits for a decision: the gang pays for treatment (the cost is rolled, "
            "then the treatment itself), or the fighter dies. Undecided ones die at the end of the cycle.")
        from campaign_app.usecases.necromunda import treat_injury

        self.engine = engine
        self.fighter = fighter
        self.treat_injury: Callable[..., dict[str, Any]] = treat_injury
        gang = fighter.get("roster", "")
        self.form.addRow("Fighter:", QLabel(f"<b>{fighter['name']}</b> ({gang})"))
        if credits is not None:
            self.form.addRow("Gang's credits:", QLabel(str(credits)))
        self.treat = QRadioButton("&Pay for treatment")
        self.treat.setObjectName("payTreatment")
        self.let_die = QRadioButton("&Let the fighter die (no dice)")
        self.let_die.setObjectName("letDie")
        self.choice = QButtonGroup(self)
        self.choice.addButton(self.treat)
        self.choice.addButton(self.let_die)
        self.treat.setChecked(True)
        box = QVBoxLayout()
        box.addWidget(self.treat)
        box.addWidget(self.let_die)
        self.form.addRow("Decision:", box)
        self.let_die.toggled.connect(self._decision)

    def uses_dice(self) -> bool:
        return not self.let_die.isChecked()

    def _decision(self, _on: bool = False) -> None:
        self.dice.set_enabled_all(self.uses_dice())
        self._dice_changed()

    def call(self, *, dry_run: bool, dice: Any = None, roller: Roller | None = None) -> dict[str, Any]:
        return self.treat_injury(self.engine, self.fighter["id"], treat=self.treat.isChecked(), dice=dice,
                                 dry_run=dry_run, roller=roller)
