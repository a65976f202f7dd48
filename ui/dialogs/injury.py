"""Injuries, one fighter at a time (a game system's ``injury_roll`` and ``treat_injury``
dialogs): roll a Lasting Injury outside a recorded battle,
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
    QLabel,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from campaign_app.dice import Roller
from ui.dialogs.preview import DicePreviewDialog
from ui.i18n import translate
from ui.text import esc, rich_label


class InjuryRollDialog(DicePreviewDialog):
    """``api.injury_roll`` for the fighter ``fighter`` (a roster row). ``api``: the game system's module of the use-cases this dialog calls (:data:`ui.system_dialogs.APIS`)."""

    def __init__(self, parent: QWidget | None, app: Any, fighter: dict[str, Any], api: Any) -> None:
        super().__init__(
            parent, translate("InjuryRollDialog", "Lasting Injury — {name}").format(name=fighter['name']),
            translate("InjuryRollDialog", "Roll on the edition's Lasting Injury table (Lasting Damage for a vehicle) for a fighter "
            "taken out outside a recorded battle. Every effect is applied and the injury recorded."))
        self.app = app
        self.fighter = fighter
        self.injury_roll: Callable[..., Any] = api.injury_roll
        self.form.addRow(translate("InjuryRollDialog", "Fighter:"), rich_label(translate("InjuryRollDialog", "<b>{name}</b> ({roster})").format(name=esc(fighter['name']), roster=esc(fighter.get('roster', '')))))
        self.by = QComboBox()
        self.by.setObjectName("takenOutBy")
        self.by.addItem(translate("InjuryRollDialog", "not named"), None)
        for o in app.run(api.injury_opponents, fighter["id"]):
            self.by.addItem(f"{o['name']} ({o['roster']})", o["id"])
        self.by.setToolTip(translate("InjuryRollDialog", "Who took the fighter out: for Hatred, and who holds a captive. Not named: "
                           "the campaign's other gang when there is only one."))
        self.form.addRow(translate("InjuryRollDialog", "Taken out &by:"), self.by)
        self.by.currentIndexChanged.connect(self.invalidate)

    def call(self, *, dry_run: bool, dice: Any = None, roller: Roller | None = None) -> Any:
        return self.app.run(self.injury_roll, self.fighter["id"], dice=dice, dry_run=dry_run,
                                by=self.by.currentData(), roller=roller)


class TreatInjuryDialog(DicePreviewDialog):
    """``api.treat_injury``: pay for treatment (cost roll, then the treatment
    roll) or let the fighter die."""

    def __init__(self, parent: QWidget | None, app: Any, fighter: dict[str, Any],
                 credits: int | None = None, *, api: Any) -> None:
        super().__init__(
            parent, translate("TreatInjuryDialog", "Critical Injury — {name}").format(name=fighter['name']),
            translate("TreatInjuryDialog", "A Critical Injury waits for a decision: the gang pays for treatment (the cost is rolled, "
            "then the treatment itself), or the fighter dies. Undecided ones die at the end of the cycle."))
        self.app = app
        self.fighter = fighter
        self.treat_injury: Callable[..., Any] = api.treat_injury
        gang = fighter.get("roster", "")
        self.form.addRow(translate("TreatInjuryDialog", "Fighter:"), rich_label(translate("TreatInjuryDialog", "<b>{name}</b> ({gang})").format(name=esc(fighter['name']), gang=esc(gang))))
        if credits is not None:
            self.form.addRow(translate("TreatInjuryDialog", "Gang's credits:"), QLabel(str(credits)))
        self.treat = QRadioButton(translate("TreatInjuryDialog", "&Pay for treatment"))
        self.treat.setObjectName("payTreatment")
        self.let_die = QRadioButton(translate("TreatInjuryDialog", "&Let the fighter die (no dice)"))
        self.let_die.setObjectName("letDie")
        self.choice = QButtonGroup(self)
        self.choice.addButton(self.treat)
        self.choice.addButton(self.let_die)
        self.treat.setChecked(True)
        box = QVBoxLayout()
        box.addWidget(self.treat)
        box.addWidget(self.let_die)
        self.form.addRow(translate("TreatInjuryDialog", "Decision:"), box)
        self.let_die.toggled.connect(self._decision)

    def uses_dice(self) -> bool:
        return not self.let_die.isChecked()

    def _decision(self, _on: bool = False) -> None:
        self.dice.set_enabled_all(self.uses_dice())
        self._dice_changed()

    def call(self, *, dry_run: bool, dice: Any = None, roller: Roller | None = None) -> Any:
        return self.app.run(self.treat_injury, self.fighter["id"], treat=self.treat.isChecked(), dice=dice,
                                 dry_run=dry_run, roller=roller)
