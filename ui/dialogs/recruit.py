"""Recruit from the house list (a game system's ``recruit`` dialog): the house's fighter
types with their costs, the new fighter's name, the items it may take with their prices
(its list, then the Trading Post), and what it all costs, the credits left and the gang
rating after; Recruit runs the use-case (one undo step; refused, nothing written, when
the gang cannot pay or a composition rule would break)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QWidget,
)

from campaign_app.errors import AppError
from ui.i18n import translate
from ui.screen import fit_to_screen
from ui.text import esc, rich_label
from ui.theme import muted_style
from ui.widgets import UseCaseDialog


class RecruitDialog(UseCaseDialog):
    """Recruit a fighter into ``roster``. ``api``: the game system's module of the
    use-cases this dialog calls (:data:`ui.system_dialogs.APIS`): ``recruit_list(roster)``,
    ``item_offers(roster, fighter_type)`` and ``recruit_fighter(roster, fighter_type, name,
    with_items)``, each run through the facade (``app.run``)."""

    def __init__(self, parent: QWidget | None, app: Any, roster: dict[str, Any], api: Any) -> None:
        super().__init__(parent, translate("RecruitDialog", "Recruit"))
        self.app = app
        self.roster = roster
        self.api = api
        self.data = app.run(api.recruit_list, roster["id"])
        self.offers: list[dict[str, Any]] = []
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.addRow(translate("RecruitDialog", "Gang:"),
                    rich_label(f"<b>{esc(self.data['roster'])}</b> ({esc(self.data['house'])})"))
        self.fighter_type = QComboBox()
        self.fighter_type.setObjectName("recruitType")
        for t in self.data["types"]:
            self.fighter_type.addItem(
                translate("RecruitDialog", "{name} ({category}): {cost} credits").format(
                    name=t["name"], category=t["category"], cost=t["cost"]), t["key"])
        form.addRow(translate("RecruitDialog", "&Fighter type:"), self.fighter_type)
        self.type_note = QLabel()
        self.type_note.setObjectName("recruitTypeNote")
        self.type_note.setTextFormat(Qt.TextFormat.PlainText)
        self.type_note.setWordWrap(True)
        self.type_note.setStyleSheet(muted_style())
        form.addRow("", self.type_note)
        self._form = form
        self.name = QLineEdit()
        self.name.setObjectName("recruitName")
        form.addRow(translate("RecruitDialog", "&Name:"), self.name)
        self.items = QListWidget()
        self.items.setObjectName("recruitItems")
        self.items.setMinimumHeight(160)
        form.addRow(translate("RecruitDialog", "&Items:"), self.items)
        self.summary = QLabel()
        self.summary.setObjectName("recruitSummary")
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.summary.setWordWrap(True)
        form.addRow("", self.summary)
        self.body.addLayout(form)
        self.ok_button.setText(translate("RecruitDialog", "&Recruit"))
        self.fighter_type.currentIndexChanged.connect(self._type_chosen)
        self.items.itemChanged.connect(lambda _item: self._update())
        self._type_chosen()
        fit_to_screen(self, 480, 520)

    def _type(self) -> dict[str, Any]:
        i = self.fighter_type.currentIndex()
        return self.data["types"][i] if 0 <= i < len(self.data["types"]) else {}

    def _type_chosen(self, _index: int = 0) -> None:
        t = self._type()
        self.items.blockSignals(True)
        self.items.clear()
        self.offers = []
        if t:
            try:
                self.offers = list(self.app.run(self.api.item_offers, self.roster["id"], t["key"]))
            except AppError as e:
                self.error.show_error(str(e))
            for o in self.offers:
                where = (translate("RecruitDialog", "list") if o["source"] == "list"
                         else translate("RecruitDialog", "Trading Post"))
                item = QListWidgetItem(translate("RecruitDialog", "{name}: {price} credits ({where})").format(
                    name=o["name"], price=o["price"], where=where))
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(Qt.CheckState.Unchecked)
                self.items.addItem(item)
            note = []
            if t["equipment"]:
                note.append(translate("RecruitDialog", "Comes with: {items}.").format(items=", ".join(t["equipment"])))
            if t["max"] is not None:
                note.append(translate("RecruitDialog", "At most {max} in a gang ({n} now).").format(
                    max=t["max"], n=t["in_gang"]))
            self.type_note.setText(" ".join(note))
            self._form.setRowVisible(self.type_note, bool(note))  # no empty gap under the type
        self.items.blockSignals(False)
        self._update()

    def chosen_items(self) -> list[str]:
        return [self.offers[i]["name"] for i in range(self.items.count())
                if self.items.item(i).checkState() == Qt.CheckState.Checked]

    def total(self) -> int:
        t = self._type()
        if not t:
            return 0
        picked = set(self.chosen_items())
        return int(t["cost"]) + sum(int(o["price"]) for o in self.offers if o["name"] in picked)

    def _update(self) -> None:
        total = self.total()
        left = int(self.data["credits"]) - total
        self.summary.setText(translate("RecruitDialog", "Cost {total} credits · {left} credits left · "
                                                        "gang rating {rating}").format(
            total=f"{total:,}", left=f"{left:,}", rating=f"{int(self.data['rating']) + total:,}"))

    def check(self) -> str:
        if not self.data["types"]:
            return translate("RecruitDialog", "the gang's house has no fighter types")
        if self.total() > int(self.data["credits"]):
            return translate("RecruitDialog", "the gang has {credits} credits; this costs {total}").format(
                credits=f"{int(self.data['credits']):,}", total=f"{self.total():,}")
        return ""

    def run(self) -> int:
        rec = self.app.run(self.api.recruit_fighter, self.roster["id"], self._type()["key"], self.name.text(),
                                       self.chosen_items())
        self.keep(rec)
        return int(rec.fighter_id)
