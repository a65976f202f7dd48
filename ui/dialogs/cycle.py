"""Necromunda: end of a campaign cycle (the post-cycle sequence). Choose which pending
Critical Injuries the gangs pay to treat, roll or type the dice, preview every step,
then End Cycle (one use-case, undoable)."""

from __future__ import annotations

import inspect
import random
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from campaign_app.dice import MoreDiceNeeded, RandomSource, Roller, StepSource
from campaign_app.errors import AppError
from campaign_app.usecases import gui_queries as q
from ui.dice_widgets import DiceChoice, FacesView
from ui.models import Column, RowsModel
from ui.widgets import UseCaseDialog


def _roll_text(r: dict[str, Any] | None) -> str:
    if not r:
        return ""
    vs = f" vs {r['target']}" if r.get("target") is not None else ""
    return f"{r['dice']}{vs} [{','.join(str(x) for x in r['faces'])}] = {r['value']}"


class CycleEndDialog(UseCaseDialog):
    def __init__(self, parent: QWidget | None, engine: Any, campaign: dict[str, Any]) -> None:
        super().__init__(parent, f"End Cycle {campaign.get('cycle', 1)} — {campaign['name']}")
        from campaign_app.usecases.necromunda import end_cycle

        self.engine = engine
        self.campaign = campaign
        self.end_cycle = end_cycle
        self.with_roller = "roller" in inspect.signature(end_cycle).parameters
        self.preview_data: dict[str, Any] | None = None
        self.faces: list[tuple[int, str]] = []
        self.seed: int | None = None
        info = QLabel(
            "The post-cycle sequence: every Critical Injury still waiting is treated (if the gang "
            "pays) or the fighter dies; then the roster is updated and the next cycle starts.")
        info.setWordWrap(True)
        self.body.addWidget(info)
        top = QHBoxLayout()
        tbox = QGroupBox("Pay for treatment")
        tl = QVBoxLayout(tbox)
        self.treat = QListWidget()
        self.treat.setObjectName("treatList")
        for f in q.pending_criticals(engine, campaign["id"]):
            item = QListWidgetItem(f"{f['name']} ({f['roster']}, {f['credits']} credits)")
            item.setData(Qt.ItemDataRole.UserRole, f["id"])
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.treat.addItem(item)
        if self.treat.count() == 0:
            self.treat.addItem("No Critical Injury is waiting.")
            self.treat.setEnabled(False)
        self.treat.setMaximumHeight(120)
        tl.addWidget(self.treat)
        top.addWidget(tbox, 1)
        dbox = QGroupBox("Dice")
        dl = QVBoxLayout(dbox)
        self.dice = DiceChoice(self)
        dl.addWidget(self.dice)
        self.preview_button = QPushButton("&Preview")
        self.preview_button.setObjectName("previewButton")
        dl.addWidget(self.preview_button)
        self.faces_view = FacesView(self, 22)
        dl.addWidget(self.faces_view)
        dl.addStretch(1)
        top.addWidget(dbox, 1)
        self.body.addLayout(top)
        self.steps = RowsModel([Column("subject", "Who"), Column("rule", "Rule"),
                                Column("roll", "Dice", show=lambda r: _roll_text(r.get("roll"))),
                                Column("text", "What happens")])
        self.view = QTableView()
        self.view.setObjectName("cycleSteps")
        self.view.setModel(self.steps)
        self.view.verticalHeader().hide()
        self.view.horizontalHeader().setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        self.body.addWidget(self.view, 1)
        self.changes = QListWidget()
        self.changes.setMaximumHeight(90)
        self.body.addWidget(self.changes)
        self.ok_button.setText("&End cycle")
        self.preview_button.clicked.connect(self.preview)
        self.dice.changed.connect(self._invalidate)
        self.treat.itemChanged.connect(self._invalidate)
        self.resize(760, 560)

    def treated(self) -> list[str]:
        out = []
        for i in range(self.treat.count()):
            item = self.treat.item(i)
            if item.data(Qt.ItemDataRole.UserRole) and item.checkState() == Qt.CheckState.Checked:
                out.append(str(item.data(Qt.ItemDataRole.UserRole)))
        return out

    def _invalidate(self, *_a: Any) -> None:
        self.preview_data = None
        self.steps.set_rows([])
        self.changes.clear()
        self.faces_view.set_faces([])

    def _call(self, dry_run: bool) -> dict[str, Any]:
        """Run end_cycle with the dice chosen (the same dice for preview and for real)."""
        kw: dict[str, Any] = {"treat": self.treated(), "dry_run": dry_run}
        if self.dice.is_typed():
            return self.end_cycle(self.engine, self.campaign["id"], dice=self.dice.faces(), **kw)
        if not self.with_roller:
            # no step-wise dice in this use-case yet: a seed reproduces preview and result
            if dry_run or self.seed is None:
                self.seed = self.seed or random.SystemRandom().randrange(1, 2**31)
            return self.end_cycle(self.engine, self.campaign["id"], seed=self.seed, **kw)
        if dry_run:
            self.faces = []
            rng = RandomSource()
            while True:
                try:
                    return self.end_cycle(self.engine, self.campaign["id"],
                                          roller=Roller(StepSource(self.faces)),  # type: ignore[arg-type]
                                          **kw)
                except MoreDiceNeeded as e:
                    self.faces += [(rng.next_face(e.need), "random") for _ in range(e.count)]
        return self.end_cycle(self.engine, self.campaign["id"],
                              roller=Roller(StepSource(self.faces)), **kw)  # type: ignore[arg-type]

    def preview(self) -> bool:
        self.error.clear_error()
        if self.dice.error():
            self.error.show_error(self.dice.error())
            return False
        self.seed = None
        try:
            rep = self._call(dry_run=True)
        except AppError as e:
            self.error.show_error(str(e))
            return False
        self.preview_data = rep
        self.steps.set_rows(rep["steps"])
        self.view.resizeColumnToContents(0)
        self.changes.clear()
        for line in rep["changes"] or ["no changes"]:
            self.changes.addItem(line)
        rolled = [(f, r["roll"].get("source", "")) for r in rep["steps"] if r.get("roll")
                  for f in r["roll"]["faces"]]
        self.faces_view.set_faces(rolled)
        return True

    def check(self) -> str:
        if self.preview_data is None and not self.preview():
            return self.error.text()
        return ""

    def run(self) -> dict[str, Any]:
        return self._call(dry_run=False)
