"""Set a battle up before the game: the rosters, the scenario (typed, or rolled on the
game's scenario table), who attacks (chosen or rolled), the fighters the players pick
(the game may draw more at random), and the dice (the app's, or typed: "I rolled").
One use-case (``table.setup_battle``): all of it is saved with every roll, or nothing."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ui.i18n import translate
from ui.screen import fit_to_screen
from ui.widgets import UseCaseDialog, checked_ids, set_checked


class BattleSetupDialog(UseCaseDialog):
    """Set up a battle of a campaign; the result is the new battle's id."""

    def __init__(self, parent: QWidget | None, app: Any, campaign_id: int,
                 rosters: list[int] | None = None) -> None:
        from campaign_app.usecases.table import setup_choices

        super().__init__(parent, translate("BattleSetupDialog", "Set Up Battle"))
        self.app = app
        self.campaign_id = campaign_id
        self.choices = app.run(setup_choices, campaign_id)
        top = QHBoxLayout()
        rbox = QGroupBox(translate("BattleSetupDialog", "&Rosters that fight"))
        rl = QVBoxLayout(rbox)
        self.roster_list = QListWidget()
        self.roster_list.setObjectName("setupRosters")
        for r in self.choices["rosters"]:
            item = QListWidgetItem(r["name"])
            item.setData(Qt.ItemDataRole.UserRole, r["id"])
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if rosters and r["id"] in rosters
                               else Qt.CheckState.Unchecked)
            self.roster_list.addItem(item)
        rl.addWidget(self.roster_list)
        top.addWidget(rbox, 1)
        form = QFormLayout()
        self.scenario = QLineEdit()
        self.scenario.setObjectName("setupScenario")
        title = self.choices["scenario_title"]
        self.scenario.setPlaceholderText(translate("BattleSetupDialog", "empty: roll on {title}").format(title=title) if title else translate("BattleSetupDialog", "e.g. Hold the crossroads"))
        form.addRow(translate("BattleSetupDialog", "&Scenario:"), self.scenario)
        self.attacker = QComboBox()
        self.attacker.setObjectName("setupAttacker")
        form.addRow(translate("BattleSetupDialog", "&Attacker:"), self.attacker)
        self.dice = QLineEdit()
        self.dice.setObjectName("setupDice")
        self.dice.setPlaceholderText(translate("BattleSetupDialog", "empty: the app rolls; or the faces you rolled, e.g. 4,6,2"))
        form.addRow(translate("BattleSetupDialog", "I &rolled:"), self.dice)
        top.addLayout(form, 2)
        self.body.addLayout(top)
        crew = self.choices["crew_rule"]
        pbox = QGroupBox(translate("BattleSetupDialog", "&Picked fighters") + (f" ({crew})" if crew else translate("BattleSetupDialog", " (none ticked: every available one fights)")))
        pl = QVBoxLayout(pbox)
        self.picks = QListWidget()
        self.picks.setObjectName("setupPicks")
        pl.addWidget(self.picks)
        note = QLabel(translate("BattleSetupDialog", "Fighters in recovery, captured or dead are not offered."))
        note.setTextFormat(Qt.TextFormat.PlainText)
        pl.addWidget(note)
        self.body.addWidget(pbox, 1)
        self.ok_button.setText(translate("BattleSetupDialog", "&Set up battle"))
        self.roster_list.itemChanged.connect(self._rosters_changed)
        self._rosters_changed()
        fit_to_screen(self, 720, 520)
        self.roster_list.setFocus()

    def chosen_rosters(self) -> list[int]:
        return checked_ids(self.roster_list)

    def set_roster_checked(self, roster_id: int, on: bool = True) -> None:
        set_checked(self.roster_list, roster_id, on)

    def set_picked(self, name: str, on: bool = True) -> None:
        for i in range(self.picks.count()):
            item = self.picks.item(i)
            if item.data(Qt.ItemDataRole.UserRole) == name:
                item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)

    def picked(self) -> list[str]:
        return [str(self.picks.item(i).data(Qt.ItemDataRole.UserRole)) for i in range(self.picks.count())
                if self.picks.item(i).checkState() == Qt.CheckState.Checked]

    def _rosters_changed(self, *_a: Any) -> None:
        chosen = self.chosen_rosters()
        rosters = [r for r in self.choices["rosters"] if r["id"] in chosen]
        keep = self.attacker.currentData()
        self.attacker.clear()
        self.attacker.addItem(translate("BattleSetupDialog", "roll for it"), None)
        for r in rosters:
            self.attacker.addItem(r["name"], r["name"])
        self.attacker.setCurrentIndex(max(0, self.attacker.findData(keep)))
        was = set(self.picked())
        self.picks.clear()
        for r in rosters:
            for f in r["figures"]:
                if f["what"] != "fighter" or not f["available"]:
                    continue  # never offered
                item = QListWidgetItem(f"{f['name']}  ({r['name']})")
                item.setData(Qt.ItemDataRole.UserRole, f["name"])
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(Qt.CheckState.Checked if f["name"] in was else Qt.CheckState.Unchecked)
                self.picks.addItem(item)

    def check(self) -> str:
        if not self.chosen_rosters():
            return translate("BattleSetupDialog", "tick at least one roster that fights")
        return ""

    def run(self) -> int:
        from campaign_app.usecases.table import setup_battle

        typed = self.dice.text().strip()
        b = self.app.run(setup_battle, self.campaign_id, self.chosen_rosters(),
                         scenario=self.scenario.text() or None, attacker=self.attacker.currentData(),
                         picks=self.picked(), dice=typed or None)
        self.keep(b)
        return b.id
