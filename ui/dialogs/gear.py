"""Gear dialogs (gear helper): a roster's credits, buying and selling a fighter's
equipment, the ledger and the stash, its territories, the campaign's catalogue and
content packs.

Each dialog runs one use-case of :mod:`campaign_app.usecases.gear` (one undo step) and
keeps its result, so the window shows what changed. ``open_gear(win, what)`` is the one
entry the window's actions call."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from campaign_app.changes import NO_CHANGES, Changes, changes_of
from campaign_app.errors import AppError
from campaign_app.usecases import gear
from ui.i18n import translate
from ui.screen import fit_to_screen
from ui.text import when
from ui.widgets import ErrorLabel, UseCaseDialog

if TYPE_CHECKING:
    from ui.main_window import MainWindow

Campaigns = Any  # the open database the window holds (campaign_app.facade)


def _table(headers: list[str], rows: list[list[Any]]) -> QTableWidget:
    """A read-only table of plain text (user text is never read as markup)."""
    t = QTableWidget(len(rows), len(headers))
    t.setHorizontalHeaderLabels(headers)
    t.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    t.verticalHeader().setVisible(False)
    for i, row in enumerate(rows):
        for j, v in enumerate(row):
            t.setItem(i, j, QTableWidgetItem("" if v is None else str(v)))
    t.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    t.horizontalHeader().setStretchLastSection(True)
    return t


class CreditsDialog(UseCaseDialog):
    """Give or take a roster's credits, with the reason (on its ledger)."""

    def __init__(self, parent: QWidget | None, app: Campaigns, roster_id: int, roster: str) -> None:
        super().__init__(parent, translate("CreditsDialog", "Credits of {roster}").format(roster=roster))
        self.app, self.roster_id = app, roster_id
        form = QFormLayout()
        self.amount = QLineEdit()
        self.amount.setPlaceholderText(translate("CreditsDialog", "+50 or -20"))
        self.why = QLineEdit()
        self.why.setPlaceholderText(translate("CreditsDialog", "e.g. sold loot"))
        form.addRow(translate("CreditsDialog", "&Credits:"), self.amount)
        form.addRow(translate("CreditsDialog", "&Why:"), self.why)
        self.body.addLayout(form)

    def check(self) -> str:
        text = self.amount.text().strip()
        if not text.lstrip("+-").isdigit() or len(text) > 10:
            return translate("CreditsDialog", "give the credits as a whole number such as +50 or -20")
        return ""

    def run(self) -> Any:
        return self.keep(self.app.run(gear.adjust_credits, self.roster_id, int(self.amount.text().strip()),
                                             self.why.text()))


class TradeDialog(UseCaseDialog):
    """Buy a catalogue item for a fighter, or sell one it carries."""

    def __init__(self, parent: QWidget | None, app: Campaigns, fighter: dict[str, Any], selling: bool) -> None:
        title = (translate("TradeDialog", "Sell Equipment of {name}") if selling
                 else translate("TradeDialog", "Buy Equipment for {name}"))
        super().__init__(parent, title.format(name=fighter["name"]))
        self.app, self.fighter_id, self.selling = app, int(fighter["id"]), selling
        self.items = QComboBox()
        if selling:
            from campaign_app.usecases.fighters import show_fighter

            for e in app.run(show_fighter, self.fighter_id)["equipment"]:
                self.items.addItem(e["name"], e["name"])
        else:
            listed = app.run(gear.list_content, int(fighter["campaign_id"]))
            for it in listed["items"]:
                cost = str(it["cost"]) if it["cost_known"] else "?"
                self.items.addItem(f"{it['name']} ({cost})", it["name"])
        form = QFormLayout()
        form.addRow(translate("TradeDialog", "&Item:"), self.items)
        self.body.addLayout(form)

    def check(self) -> str:
        return "" if self.items.currentData() else translate("TradeDialog", "there is no item to choose")

    def run(self) -> Any:
        fn = gear.sell_item if self.selling else gear.buy_item
        return self.keep(self.app.run(fn, self.fighter_id, str(self.items.currentData())))


class LedgerDialog(QDialog):
    """A roster's ledger (every movement of its credits) and its stash; an item of the
    stash can be handed to a fighter."""

    def __init__(self, parent: QWidget | None, app: Campaigns, roster_id: int,
                 fighters: list[dict[str, Any]]) -> None:
        super().__init__(parent)
        self.app, self.roster_id = app, roster_id
        self.changes: Changes = NO_CHANGES
        lay = QVBoxLayout(self)
        led = app.run(gear.show_ledger, roster_id)
        self.setWindowTitle(translate("LedgerDialog", "Ledger and Stash of {roster}").format(roster=led["roster"]))
        w = app.run(gear.roster_worth, roster_id)
        self.head = QLabel(translate("LedgerDialog", "Rating {rating} · credits {credits} · stash {stash} · "
                                                     "wealth {wealth}").format(**w))
        self.head.setTextFormat(Qt.TextFormat.PlainText)
        lay.addWidget(self.head)
        self.ledger = _table([translate("LedgerDialog", "When"), translate("LedgerDialog", "Kind"),
                              translate("LedgerDialog", "Credits"), translate("LedgerDialog", "Balance"),
                              translate("LedgerDialog", "Why"), translate("LedgerDialog", "Battle")],
                             [[when(e["when"]), e["kind"], f"{e['amount']:+d}", e["balance"], e["why"],
                               e["battle"]] for e in led["entries"]])
        lay.addWidget(self.ledger)
        stash = app.run(gear.show_stash, roster_id)
        lay.addWidget(QLabel(translate("LedgerDialog", "Stash")))
        self.stash = _table([translate("LedgerDialog", "Item"), translate("LedgerDialog", "Category"),
                             translate("LedgerDialog", "Qty"), translate("LedgerDialog", "Cost")],
                            [[i["name"], i["category"], i["qty"], i["cost"]] for i in stash["items"]])
        self.stash_names = [i["name"] for i in stash["items"]]
        lay.addWidget(self.stash)
        form = QFormLayout()
        self.to = QComboBox()
        for f in fighters:
            self.to.addItem(f["name"], f["id"])
        self.give = QPushButton(translate("LedgerDialog", "&Give to Fighter"))
        self.give.clicked.connect(self.give_selected)
        self.give.setEnabled(bool(self.stash_names) and bool(fighters))
        form.addRow(translate("LedgerDialog", "&Fighter:"), self.to)
        form.addRow("", self.give)
        lay.addLayout(form)
        self.error = ErrorLabel()
        lay.addWidget(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        fit_to_screen(self, 640, 480)

    def give_selected(self) -> None:
        row = self.stash.currentRow()
        if row < 0 or row >= len(self.stash_names) or self.to.currentData() is None:
            self.error.show_error(translate("LedgerDialog", "pick an item of the stash and a fighter"))
            return
        try:
            res = self.app.run(gear.stash_give, self.roster_id, self.stash_names[row], int(self.to.currentData()))
        except AppError as e:
            self.error.show_error(str(e))
            return
        self.changes = self.changes | changes_of(res)
        self.accept()


class TerritoriesDialog(QDialog):
    """A roster's territories (what each gives a battle: credits, an income roll, its
    rule), a form that adds one and a button that gives the selected one up; each one
    undo step, the dialog staying open."""

    def __init__(self, parent: QWidget | None, app: Campaigns, roster_id: int) -> None:
        super().__init__(parent)
        self.app, self.roster_id = app, roster_id
        self.changes: Changes = NO_CHANGES
        lay = QVBoxLayout(self)
        self.table_box = QVBoxLayout()
        lay.addLayout(self.table_box)
        self.table: QTableWidget | None = None
        self.names: list[str] = []
        self.remove = QPushButton(translate("TerritoriesDialog", "&Give Up Selected"))
        self.remove.clicked.connect(self.remove_selected)
        lay.addWidget(self.remove)
        form = QFormLayout()
        self.name = QLineEdit()
        self.name.setObjectName("territoryName")
        self.name.setPlaceholderText(translate("TerritoriesDialog", "e.g. Old Ruins"))
        form.addRow(translate("TerritoriesDialog", "&Name:"), self.name)
        self.credits = QSpinBox()
        self.credits.setObjectName("territoryCredits")
        self.credits.setRange(0, 100_000)
        self.credits.setSuffix(translate("TerritoriesDialog", " credits"))
        form.addRow(translate("TerritoriesDialog", "&Each battle:"), self.credits)
        self.dice = QLineEdit()
        self.dice.setObjectName("territoryDice")
        self.dice.setPlaceholderText(translate("TerritoriesDialog", "e.g. D6x10 (empty: none)"))
        form.addRow(translate("TerritoriesDialog", "Income &roll:"), self.dice)
        self.rule = QLineEdit()
        self.rule.setObjectName("territoryRule")
        form.addRow(translate("TerritoriesDialog", "Special r&ule:"), self.rule)
        self.add = QPushButton(translate("TerritoriesDialog", "&Add Territory"))
        self.add.setObjectName("addTerritory")
        self.add.clicked.connect(self.add_one)
        self.add.setDefault(True)  # Enter in the form adds; never gives one up
        self.remove.setAutoDefault(False)
        form.addRow("", self.add)
        lay.addLayout(form)
        self.error = ErrorLabel()
        lay.addWidget(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.fill()
        fit_to_screen(self, 640, 420)

    def fill(self) -> None:
        d = self.app.run(gear.show_territories, self.roster_id)
        self.setWindowTitle(translate("TerritoriesDialog", "Territories of {roster}").format(roster=d["roster"]))
        self.names = [t["name"] for t in d["territories"]]
        if self.table is not None:
            self.table.setParent(None)
        self.table = _table([translate("TerritoriesDialog", "Territory"), translate("TerritoriesDialog", "Credits"),
                             translate("TerritoriesDialog", "Income roll"), translate("TerritoriesDialog", "Rule")],
                            [[t["name"], t["credits"], t["dice"], t["rule"]] for t in d["territories"]])
        self.table.setObjectName("territories")
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table_box.addWidget(self.table)
        self.remove.setEnabled(bool(self.names))

    def _done(self, res: Any) -> None:
        self.error.clear_error()
        self.changes = self.changes | changes_of(res)
        self.fill()

    def add_one(self) -> None:
        try:
            res = self.app.run(gear.add_territory, self.roster_id, self.name.text(), credits=self.credits.value(),
                                     dice=self.dice.text(), rule=self.rule.text())
        except AppError as e:
            self.error.show_error(str(e))
            return
        for w in (self.name, self.dice, self.rule):
            w.clear()
        self.credits.setValue(0)
        self._done(res)
        self.name.setFocus()

    def remove_selected(self) -> None:
        row = self.table.currentRow() if self.table is not None else -1
        if not 0 <= row < len(self.names):
            self.error.show_error(translate("TerritoriesDialog", "pick a territory first"))
            return
        try:
            res = self.app.run(gear.remove_territory, self.roster_id, self.names[row])
        except AppError as e:
            self.error.show_error(str(e))
            return
        self._done(res)


class ContentDialog(QDialog):
    """The campaign's catalogue (items, costs, profiles, where each comes from) and a
    button adding a content pack."""

    def __init__(self, parent: QWidget | None, app: Campaigns, campaign_id: int) -> None:
        super().__init__(parent)
        self.app, self.campaign_id = app, campaign_id
        self.changes: Changes = NO_CHANGES
        lay = QVBoxLayout(self)
        self.add = QPushButton(translate("ContentDialog", "&Add Content Pack…"))
        self.add.clicked.connect(self.add_pack)
        lay.addWidget(self.add)
        self.error = ErrorLabel()
        lay.addWidget(self.error)
        self.table_box = QVBoxLayout()
        lay.addLayout(self.table_box)
        self.table: QTableWidget | None = None
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.fill()
        fit_to_screen(self, 760, 480)

    def fill(self) -> None:
        d = self.app.run(gear.list_content, self.campaign_id)
        self.setWindowTitle(translate("ContentDialog", "Catalogue of {campaign}").format(campaign=d["campaign"]))
        fields = d["profile"]
        rows = []
        for it in d["items"]:
            prof = "  ".join(f"{f['label']} {it['profile'][f['key']]}" for f in fields if f["key"] in it["profile"])
            rows.append([it["name"] + (translate("ContentDialog", " (default)") if it["default"] else ""),
                         it["category"], it["cost"] if it["cost_known"] else "?", it["source"],
                         " ".join(x for x in (prof, ", ".join(it["traits"])) if x)])
        if self.table is not None:
            self.table.setParent(None)
        self.table = _table([translate("ContentDialog", "Item"), translate("ContentDialog", "Category"),
                             translate("ContentDialog", "Cost"), translate("ContentDialog", "From"),
                             translate("ContentDialog", "Profile")], rows)
        self.table_box.addWidget(self.table)

    def add_pack(self) -> None:
        path, _f = QFileDialog.getOpenFileName(self, translate("ContentDialog", "Add Content Pack"), "",
                                               translate("ContentDialog", "Content packs (*.toml *.json)"))
        if not path:
            return
        try:
            res = self.app.run(gear.add_content, self.campaign_id, path)
        except AppError as e:
            self.error.show_error(str(e))
            return
        self.error.clear_error()
        self.changes = self.changes | changes_of(res)
        self.fill()


def open_gear(win: MainWindow, what: str) -> Any:
    """Open the gear dialog ``what`` (credits, buy, sell, ledger, content) for the
    window's selection; what it changed is shown when it closes."""
    camp = win.campaign
    if camp is None:
        return None
    dlg: Any
    if what == "content":
        dlg = ContentDialog(win, win.app, camp["id"])
    elif what in ("buy", "sell"):
        row = win.selected_row()
        if row is None or row.get("what") != "fighter":
            return None
        dlg = TradeDialog(win, win.app, {**row, "campaign_id": camp["id"]}, selling=what == "sell")
    else:
        if win.roster_id is None:
            return None
        roster = next((r for r in camp["rosters"] if r["id"] == win.roster_id), {"name": ""})
        if what == "credits":
            dlg = CreditsDialog(win, win.app, win.roster_id, roster["name"])
        elif what == "territories":
            dlg = TerritoriesDialog(win, win.app, win.roster_id)
        else:
            from campaign_app.usecases.rosters import show_roster

            fighters = [{"id": f["id"], "name": f["name"]} for f in win.app.run(show_roster, win.roster_id)["fighters"]]
            dlg = LedgerDialog(win, win.app, win.roster_id, fighters)
    dlg.finished.connect(lambda _r: win.apply_changes(dlg.changes) if dlg.changes != NO_CHANGES else None)
    return win._show_dialog(dlg)
