"""The end of a campaign cycle (a game system's ``end_cycle`` dialog: the post-cycle sequence). Choose which pending
Critical Injuries the gangs pay to treat, roll or type the dice, preview every step,
then End Cycle (one use-case, undoable)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QGroupBox,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from campaign_app.dice import Roller
from ui.dialogs.preview import DicePreviewDialog
from ui.i18n import translate
from ui.screen import fit_to_screen


class CycleEndDialog(DicePreviewDialog):
    """``api.end_cycle``: the post-cycle sequence, with the gangs' choices of
    which pending Critical Injuries to pay for."""

    def __init__(self, parent: QWidget | None, app: Any, campaign: dict[str, Any], api: Any) -> None:
        """``api``: the game system's module of the use-cases this dialog calls (:data:`ui.system_dialogs.APIS`)."""
        super().__init__(
            parent, translate("CycleEndDialog", "End Cycle {cycle} — {name}").format(cycle=campaign.get('cycle', 1), name=campaign['name']),
            translate("CycleEndDialog", "The post-cycle sequence: every Critical Injury still waiting is treated (if the gang "
            "pays) or the fighter dies; then the roster is updated and the next cycle starts."))
        self.app = app
        self.campaign = campaign
        self.end_cycle = api.end_cycle
        tbox = QGroupBox(translate("CycleEndDialog", "Pay for treatment"))
        tl = QVBoxLayout(tbox)
        self.treat = QListWidget()
        self.treat.setObjectName("treatList")
        for f in app.run(api.pending_criticals, campaign["id"]):
            item = QListWidgetItem(translate("CycleEndDialog", "{name} ({roster}, {credits} credits)").format(name=f['name'], roster=f['roster'], credits=f['credits']))
            item.setData(Qt.ItemDataRole.UserRole, f["id"])
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.treat.addItem(item)
        if self.treat.count() == 0:
            self.treat.addItem(translate("CycleEndDialog", "No Critical Injury is waiting."))
            self.treat.setEnabled(False)
        self.treat.setMaximumHeight(120)
        tl.addWidget(self.treat)
        self.form.addRow(tbox)
        # gear: every gang collects its territories' income in the same step (when any holds one)
        from campaign_app.usecases.gear import campaign_has_income

        self.income = QCheckBox(translate("CycleEndDialog", "Collect every gang's territory &income (rolls recorded)"))
        self.income.setObjectName("option_income")
        self.has_income = app.run(campaign_has_income, campaign["id"])
        self.income.setVisible(self.has_income)
        self.income.toggled.connect(self._dice_changed)
        self.form.addRow(self.income)
        self.view.setObjectName("cycleSteps")
        self.ok_button.setText(translate("CycleEndDialog", "&End cycle"))
        self.treat.itemChanged.connect(self._dice_changed)
        fit_to_screen(self, 760, 560)
        self.inputs_ready()  # nothing to treat and no income: previewed at once, End Cycle ready

    preview_without_dice = True

    def uses_dice(self) -> bool:
        """Dice only for a treatment paid for or the territories' income."""
        return bool(self.treated()) or (self.has_income and self.income.isChecked())

    def treated(self) -> list[str]:
        out = []
        for i in range(self.treat.count()):
            item = self.treat.item(i)
            if item.data(Qt.ItemDataRole.UserRole) and item.checkState() == Qt.CheckState.Checked:
                out.append(str(item.data(Qt.ItemDataRole.UserRole)))
        return out

    def call(self, *, dry_run: bool, dice: Any = None, roller: Roller | None = None) -> Any:
        return self.app.run(self.end_cycle, self.campaign["id"], treat=self.treated(), dice=dice,
                              dry_run=dry_run, roller=roller,
                              income=self.has_income and self.income.isChecked())
