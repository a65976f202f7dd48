"""Campaign ▸ Dice Discipline…: the campaign's dice discipline (open or strict) and
whether typed dice are allowed (``campaign settings`` in the CLI; record helper)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QLabel, QWidget

from ui.i18n import translate
from ui.theme import muted_style
from ui.widgets import UseCaseDialog


class CampaignSettingsDialog(UseCaseDialog):
    """Dice discipline: open (previews are recorded, the real run rolls anew) or strict
    (the real run reuses the dice already rolled for its step), and typed dice."""

    def __init__(self, parent: QWidget | None, app: Any, campaign_id: int) -> None:
        super().__init__(parent, translate("CampaignSettingsDialog", "Dice Discipline"))
        from campaign_app.usecases.record import campaign_settings

        self.app = app
        self.campaign_id = campaign_id
        now = app.run(campaign_settings, campaign_id)
        form = QFormLayout()
        self.discipline = QComboBox()
        self.discipline.setObjectName("diceDiscipline")
        self.discipline.addItem(translate("CampaignSettingsDialog", "Open: previews recorded, the real run rolls anew"),
                                "open")
        self.discipline.addItem(translate("CampaignSettingsDialog",
                                          "Strict: the real run reuses the dice already rolled"), "strict")
        self.discipline.setCurrentIndex(max(0, self.discipline.findData(now["dice_discipline"])))
        form.addRow(translate("CampaignSettingsDialog", "&Dice discipline:"), self.discipline)
        self.typed = QCheckBox(translate("CampaignSettingsDialog", "Allow &typed dice (dice rolled at the table)"))
        self.typed.setObjectName("typedDice")
        self.typed.setChecked(bool(now["typed_dice"]))
        form.addRow("", self.typed)
        hint = QLabel(translate(
            "CampaignSettingsDialog",
            "Every roll the app makes is on record, previews and cancelled wizards too. Under strict "
            "discipline a battle's After the Battle, a lasting injury or a creature batch keeps the dice "
            "first rolled for it; typed dice are refused unless allowed."))
        hint.setWordWrap(True)
        hint.setStyleSheet(muted_style())
        form.addRow("", hint)
        self.body.addLayout(form)

    def run(self) -> Any:
        from campaign_app.usecases.record import set_campaign_settings

        return self.keep(self.app.run(set_campaign_settings, self.campaign_id,
                                               dice_discipline=self.discipline.currentData(),
                                               typed_dice=self.typed.isChecked()))
