"""Dialogs for campaigns and rosters: new campaign (system, edition, expansions) and
new/edit roster."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QCompleter,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QSpinBox,
    QWidget,
)

from campaign_app.usecases import campaigns, rosters
from campaign_app.usecases import gui_queries as q
from ui.i18n import translate
from ui.rules_text import rules_text
from ui.screen import fit_to_screen
from ui.theme import muted_style
from ui.widgets import UseCaseDialog


class CampaignDialog(UseCaseDialog):
    """New campaign: name, game system, edition and expansions."""

    def __init__(self, parent: QWidget | None, app: Any) -> None:
        super().__init__(parent, translate("CampaignDialog", "New Campaign"))
        self.app = app
        self.systems = q.systems()
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.name = QLineEdit()
        self.name.setPlaceholderText(translate("CampaignDialog", "e.g. Kursk 1943"))
        self.name.setObjectName("campaignName")
        form.addRow(translate("CampaignDialog", "&Name:"), self.name)
        self.system = QComboBox()
        self.system.setObjectName("system")
        for s in self.systems:
            self.system.addItem(rules_text(s["name"], s["id"]), s["id"])
        form.addRow(translate("CampaignDialog", "&Game system:"), self.system)
        self.edition = QComboBox()
        self.edition.setObjectName("edition")
        form.addRow(translate("CampaignDialog", "&Edition:"), self.edition)
        self.expansions = QListWidget()
        self.expansions.setObjectName("expansions")
        self.expansions.setMaximumHeight(80)
        form.addRow(translate("CampaignDialog", "E&xpansions:"), self.expansions)
        self.notes = QPlainTextEdit()
        self.notes.setPlaceholderText(translate("CampaignDialog", "Optional"))
        self.notes.setMaximumHeight(70)
        form.addRow(translate("CampaignDialog", "N&otes:"), self.notes)
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet(muted_style())
        form.addRow("", self.hint)
        self.body.addLayout(form)
        self.system.currentIndexChanged.connect(self._system_changed)
        self._system_changed()
        fit_to_screen(self, 460, self.sizeHint().height())

    def _system_changed(self) -> None:
        info = self.systems[max(0, self.system.currentIndex())]
        self.edition.clear()
        for e in info["editions"]:
            self.edition.addItem(rules_text(e["name"], info["id"]), e["id"])
        if info["default_edition"]:
            self.edition.setCurrentIndex(max(0, self.edition.findData(info["default_edition"])))
        self.edition.setEnabled(bool(info["editions"]))
        if not info["editions"]:
            self.edition.addItem(translate("CampaignDialog", "(one edition)"), "")
        self.expansions.clear()
        for x in info["expansions"]:
            item = QListWidgetItem(rules_text(info["expansion_names"].get(x, x), info["id"]))
            item.setData(Qt.ItemDataRole.UserRole, x)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.expansions.addItem(item)
        self.expansions.setEnabled(bool(info["expansions"]))
        if not info["expansions"]:
            self.expansions.addItem(translate("CampaignDialog", "(none for this system)"))
        kinds = translate("CampaignDialog", "units (squads of figures)") if info["uses_units"] else translate("CampaignDialog", "individual fighters")
        self.hint.setText(translate("CampaignDialog", "{name} rosters hold {kinds}.").format(name=rules_text(info['name'], info['id']), kinds=kinds))

    def set_expansion(self, key: str, on: bool = True) -> None:
        for i in range(self.expansions.count()):
            item = self.expansions.item(i)
            if item.data(Qt.ItemDataRole.UserRole) == key:
                item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)

    def chosen_expansions(self) -> list[str]:
        out = []
        for i in range(self.expansions.count()):
            item = self.expansions.item(i)
            key = item.data(Qt.ItemDataRole.UserRole)
            if key and item.checkState() == Qt.CheckState.Checked:
                out.append(key)
        return out

    def run(self) -> int:
        c = self.app.run(campaigns.create_campaign, self.name.text(), self.system.currentData(),
                                 self.edition.currentData() or None, self.chosen_expansions(),
                                 self.notes.toPlainText())
        self.keep(c)
        assert c.id is not None
        return c.id


class RosterDialog(UseCaseDialog):
    """New roster in a campaign, or edit one (``roster`` = its dict)."""

    def __init__(self, parent: QWidget | None, app: Any, campaign_id: int, system: dict[str, Any],
                 roster: dict[str, Any] | None = None, choices: dict[str, Any] | None = None) -> None:
        """``choices``: what the campaign's game offers (``gui_queries.roster_choices``):
        factions to pick from (any other may be typed) and a new roster's credits."""
        super().__init__(parent, translate("RosterDialog", "Edit Roster") if roster else translate("RosterDialog", "New Roster"))
        self.app = app
        self.campaign_id = campaign_id
        self.roster = roster
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.name = QLineEdit(roster["name"] if roster else "")
        self.name.setObjectName("rosterName")
        self.name.setPlaceholderText(translate("RosterDialog", "e.g. 1st Squad, The Iron Jackals"))
        form.addRow(translate("RosterDialog", "&Name:"), self.name)
        self.kind = QComboBox()
        for k in system["roster_kinds"]:
            self.kind.addItem(k.title(), k)
        self.kind.setCurrentIndex(max(0, self.kind.findData(roster["kind"] if roster
                                                             else system["default_roster_kind"])))
        form.addRow(translate("RosterDialog", "&Kind:"), self.kind)
        self.faction = QComboBox()  # the game's factions offered, any other typed
        self.faction.setObjectName("faction")
        self.faction.setEditable(True)
        self.faction.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.faction.addItems(list((choices or {}).get("factions") or []))
        self.faction.setCurrentIndex(-1)
        completer = self.faction.completer()
        if completer is not None:  # "house es" completes to House Escher as it is typed
            completer.setCompletionMode(QCompleter.CompletionMode.InlineCompletion)
            completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.faction.setEditText(roster["faction"] if roster else "")
        self.faction.lineEdit().setPlaceholderText(translate("RosterDialog", "gang house, nation or army"))
        form.addRow(translate("RosterDialog", "&Faction:"), self.faction)
        self.player = QLineEdit(roster["player"] if roster else "")
        form.addRow(translate("RosterDialog", "&Player:"), self.player)
        self.credits = QSpinBox()
        self.credits.setObjectName("credits")
        self.credits.setRange(-1_000_000, 1_000_000)
        self.credits.setValue(roster["credits"] if roster else int((choices or {}).get("starting_credits") or 0))
        self.credits.setSuffix(translate("RosterDialog", " credits"))
        money = bool(system.get("uses_credits", True))  # a game of no money: neither field (kept as they are)
        if money:
            form.addRow(translate("RosterDialog", "&Credits:"), self.credits)
        # a new roster founded from one of the game's houses starts with its credits
        self.houses = {h["name"].casefold(): h for h in (choices or {}).get("houses") or []} if not roster else {}
        self.house_note = QLabel()
        self.house_note.setObjectName("houseNote")
        self.house_note.setTextFormat(Qt.TextFormat.PlainText)
        self.house_note.setWordWrap(True)
        self.house_note.setStyleSheet(muted_style())
        if self.houses and money:
            form.addRow("", self.house_note)
            self.faction.currentTextChanged.connect(self._house_chosen)
        self.reputation = QSpinBox()
        self.reputation.setRange(-1000, 100_000)
        self.notes = QPlainTextEdit()
        self.notes.setMaximumHeight(80)
        if roster:
            self.reputation.setValue(roster["reputation"])
            if money:
                form.addRow(translate("RosterDialog", "&Reputation:"), self.reputation)
            self.notes.setPlainText(roster["notes"])
            form.addRow(translate("RosterDialog", "N&otes:"), self.notes)
        self.body.addLayout(form)
        for w in (self.credits, self.reputation):
            if w.parent() is None:  # not on the form: the dialog's still, never shown
                w.setParent(self)
                w.hide()
        fit_to_screen(self, 420, self.sizeHint().height())

    def house(self) -> dict[str, Any] | None:
        """The game's house the faction names (a new roster is founded from it), or None."""
        return self.houses.get(self.faction_text().casefold())

    def _house_chosen(self, _text: str = "") -> None:
        h = self.house()
        if h is None:
            self.house_note.setText("")
            return
        self.credits.setValue(int(h["credits"]))
        note = (translate("RosterDialog", "{house} starts with {credits} credits (our default).")
                if h["credits_default"] else translate("RosterDialog", "{house} starts with {credits} credits."))
        self.house_note.setText(note.format(house=h["name"], credits=f"{int(h['credits']):,}"))

    def faction_text(self) -> str:
        """The faction typed, written as the game's list writes it when it is one of them."""
        text = self.faction.currentText().strip()
        i = self.faction.findText(text, Qt.MatchFlag.MatchFixedString)  # any case
        return self.faction.itemText(i) if i >= 0 else text

    def run(self) -> int:
        if self.roster is None:
            h = self.house()
            r = self.app.run(rosters.create_roster, self.campaign_id, self.name.text(),
                                   self.kind.currentData(), faction="" if h else self.faction_text(),
                                   player=self.player.text(), credits=self.credits.value(),
                                   house=h["name"] if h else None)
        else:
            r = self.app.run(rosters.edit_roster, self.roster["id"], if_version=self.roster["version"],
                                 name=self.name.text(), kind=self.kind.currentData(),
                                 faction=self.faction_text(), player=self.player.text(),
                                 credits=self.credits.value(), reputation=self.reputation.value(),
                                 notes=self.notes.toPlainText())
        self.keep(r)
        assert r.id is not None
        return r.id
