"""Record a battle: which rosters fought, each figure's end state (and who scored a hit,
who took whom out, a unit's casualties), the winner, scenario and date. One use-case
(``battles.record_battle``): all of it is saved, or nothing and the reason is shown."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QDate,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDateEdit,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from campaign_app.usecases import gui_queries as q
from ui.badges import status_icon
from ui.i18n import QT_TRANSLATE_NOOP, translate
from ui.rules_text import rules_text
from ui.screen import fit_to_screen
from ui.widgets import UseCaseDialog, checked_ids, set_checked

Index = QModelIndex | QPersistentModelIndex
COLS = (QT_TRANSLATE_NOOP("battle", "Fought"), QT_TRANSLATE_NOOP("battle", "Figure"), QT_TRANSLATE_NOOP("battle", "Roster"), QT_TRANSLATE_NOOP("battle", "Now"), QT_TRANSLATE_NOOP("battle", "End state"), QT_TRANSLATE_NOOP("battle", "Scored a hit"), QT_TRANSLATE_NOOP("battle", "Taken out by"), QT_TRANSLATE_NOOP("battle", "Casualties"))
C_FOUGHT, C_NAME, C_ROSTER, C_NOW, C_END, C_HIT, C_BY, C_CAS = range(len(COLS))


def _pretty(s: str) -> str:
    return rules_text((s or "").replace("-", " "))


class FiguresModel(QAbstractTableModel):
    """One row per figure of the chosen rosters; end state and details are editable."""

    def __init__(self, statuses: list[str], default: str, parent: Any = None) -> None:
        super().__init__(parent)
        self.statuses = statuses
        self.default = default
        self.rows: list[dict[str, Any]] = []

    def set_figures(self, rosters: list[dict[str, Any]]) -> None:
        keep = {(r["what"], r["id"]): r for r in self.rows}
        self.beginResetModel()
        rows = []
        for ros in rosters:
            for f in ros["figures"]:
                old = keep.get((f["what"], f["id"]))
                rows.append(old or {
                    **f, "roster": ros["name"], "roster_id": ros["id"],
                    "fought": bool(f["available"]), "end": self.default or (self.statuses[0] if
                                                                             self.statuses else ""),
                    "hit": False, "by": "", "casualties": 0,
                })
        self.rows = rows
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return translate("battle", COLS[section])
        return None

    def enemies(self, row: dict[str, Any]) -> list[dict[str, Any]]:
        return [r for r in self.rows if r["what"] == "fighter" and r["roster_id"] != row["roster_id"]
                and r["fought"]]

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        r = self.rows[index.row()]
        c = index.column()
        fighter = r["what"] == "fighter"
        if role == Qt.ItemDataRole.CheckStateRole:
            if c == C_FOUGHT:
                return Qt.CheckState.Checked if r["fought"] else Qt.CheckState.Unchecked
            if c == C_HIT and fighter:
                return Qt.CheckState.Checked if r["hit"] else Qt.CheckState.Unchecked
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            if c == C_NAME:
                return r["name"]
            if c == C_ROSTER:
                return r["roster"]
            if c == C_NOW:
                return _pretty(r["status"])
            if c == C_END:
                return (r["end"] if role == Qt.ItemDataRole.EditRole else _pretty(r["end"])) \
                    if r["fought"] else ""
            if c == C_BY and fighter:
                return r["by"]
            if c == C_CAS and not fighter:
                return r["casualties"] if role == Qt.ItemDataRole.EditRole else (
                    str(r["casualties"]) if r["fought"] else "")
            return None
        if role == Qt.ItemDataRole.DecorationRole and c == C_NOW:
            return status_icon(q.status_class(r["status"]))
        if role == Qt.ItemDataRole.ForegroundRole and not r["available"]:
            from PySide6.QtGui import QGuiApplication, QPalette

            return QGuiApplication.palette().color(QPalette.ColorRole.PlaceholderText)
        if role == Qt.ItemDataRole.ToolTipRole and c == C_END:
            return translate("FiguresModel", "double-click to choose how this figure ended the battle")
        if role == Qt.ItemDataRole.ToolTipRole and not r["available"]:
            return translate("FiguresModel", "{name} is {status} and cannot take part").format(name=r['name'], status=_pretty(r['status']))
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        r = self.rows[index.row()]
        c = index.column()
        base = Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEnabled
        if not r["available"]:
            return Qt.ItemFlag.ItemIsSelectable
        fighter = r["what"] == "fighter"
        if c == C_FOUGHT or (c == C_HIT and fighter and r["fought"]):
            return base | Qt.ItemFlag.ItemIsUserCheckable
        if r["fought"] and (c == C_END or (c == C_BY and fighter) or (c == C_CAS and not fighter)):
            return base | Qt.ItemFlag.ItemIsEditable
        return base

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid():
            return False
        r = self.rows[index.row()]
        c = index.column()
        if role == Qt.ItemDataRole.CheckStateRole:
            on = Qt.CheckState(value) == Qt.CheckState.Checked
            if c == C_FOUGHT:
                r["fought"] = on
                self.dataChanged.emit(self.index(index.row(), 0),
                                      self.index(index.row(), len(COLS) - 1))
                return True
            if c == C_HIT:
                r["hit"] = on
                self.dataChanged.emit(index, index)
                return True
            return False
        if role == Qt.ItemDataRole.EditRole:
            if c == C_END:
                r["end"] = str(value)
            elif c == C_BY:
                r["by"] = str(value)
            elif c == C_CAS:
                r["casualties"] = int(value)
            else:
                return False
            self.dataChanged.emit(index, index)
            return True
        return False

    def find(self, name: str) -> int:
        for i, r in enumerate(self.rows):
            if r["name"] == name:
                return i
        return -1

    def _ref(self, r: dict[str, Any]) -> str:
        same_id = [x for x in self.rows if x["id"] == r["id"]]
        same_name = [x for x in self.rows if x["name"] == r["name"]]
        if len(same_id) == 1 or len(same_name) > 1:
            return str(r["id"])
        return r["name"]

    def use_case_args(self) -> dict[str, Any]:
        results: dict[str, str] = {}
        hits: list[str] = []
        by: dict[str, str] = {}
        casualties: dict[str, int] = {}
        absent: list[str] = []
        by_name = {x["name"]: x for x in self.rows if x["what"] == "fighter"}
        for r in self.rows:
            if not r["available"]:
                continue
            ref = self._ref(r)
            if not r["fought"]:
                absent.append(ref)
                continue
            results[ref] = r["end"]
            if r["what"] == "fighter":
                if r["hit"]:
                    hits.append(ref)
                if r["by"]:
                    att = by_name.get(r["by"])
                    by[ref] = self._ref(att) if att else r["by"]
            elif r["casualties"]:
                casualties[ref] = int(r["casualties"])
        return {"results": results, "hits": hits, "by": by, "casualties": casualties,
                "absent": absent}


class FiguresDelegate(QStyledItemDelegate):
    def __init__(self, model: FiguresModel, parent: Any = None) -> None:
        super().__init__(parent)
        self.fmodel = model

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        r = self.fmodel.rows[index.row()]
        if index.column() == C_END:
            box = QComboBox(parent)
            for st in self.fmodel.statuses:
                box.addItem(_pretty(st), st)
            return box
        if index.column() == C_BY:
            box = QComboBox(parent)
            box.addItem("", "")
            for e in self.fmodel.enemies(r):
                box.addItem(e["name"], e["name"])
            return box
        if index.column() == C_CAS:
            spin = QSpinBox(parent)
            spin.setRange(0, int(r.get("figures", 0)))
            return spin
        return super().createEditor(parent, option, index)

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        value = index.data(Qt.ItemDataRole.EditRole)
        if isinstance(editor, QComboBox):
            editor.setCurrentIndex(max(0, editor.findData(value)))
        elif isinstance(editor, QSpinBox):
            editor.setValue(int(value or 0))
        else:
            super().setEditorData(editor, index)

    def setModelData(self, editor: QWidget, model: Any, index: Index) -> None:
        if isinstance(editor, QComboBox):
            model.setData(index, editor.currentData(), Qt.ItemDataRole.EditRole)
        elif isinstance(editor, QSpinBox):
            model.setData(index, editor.value(), Qt.ItemDataRole.EditRole)
        else:
            super().setModelData(editor, model, index)


class BattleDialog(UseCaseDialog):
    """Record a battle of a campaign."""

    def __init__(self, parent: QWidget | None, app: Any, campaign_id: int,
                 rosters: list[int] | None = None) -> None:
        super().__init__(parent, translate("BattleDialog", "Record Battle"))
        self.app = app
        self.campaign_id = campaign_id
        self.setup = app.run(q.battle_setup, campaign_id)
        top = QHBoxLayout()
        rbox = QGroupBox(translate("BattleDialog", "Rosters that fought"))
        rl = QVBoxLayout(rbox)
        self.roster_list = QListWidget()
        self.roster_list.setObjectName("battleRosters")
        for r in self.setup["rosters"]:
            item = QListWidgetItem(f"{r['name']}  ({len(r['figures'])})")
            item.setData(Qt.ItemDataRole.UserRole, r["id"])
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if rosters and r["id"] in rosters
                               else Qt.CheckState.Unchecked)
            self.roster_list.addItem(item)
        self.roster_list.setMaximumHeight(120)
        rl.addWidget(self.roster_list)
        top.addWidget(rbox, 1)
        form = QFormLayout()
        self.scenario = QLineEdit()
        self.scenario.setObjectName("scenario")
        self.scenario.setPlaceholderText(translate("BattleDialog", "e.g. Hold the crossroads"))
        form.addRow(translate("BattleDialog", "&Scenario:"), self.scenario)
        self.date = QDateEdit(QDate.currentDate())
        self.date.setObjectName("battleDate")
        self.date.setCalendarPopup(True)
        self.date.setDisplayFormat("yyyy-MM-dd")
        form.addRow(translate("BattleDialog", "&Date:"), self.date)
        self.winner = QComboBox()
        self.winner.setObjectName("winner")
        form.addRow(translate("BattleDialog", "&Winner:"), self.winner)
        self.notes = QLineEdit()
        form.addRow(translate("BattleDialog", "N&otes:"), self.notes)
        top.addLayout(form, 1)
        self.body.addLayout(top)
        fbox = QGroupBox(translate("BattleDialog", "How each figure ended the battle (double-click to change)"))
        fl = QVBoxLayout(fbox)
        self.model = FiguresModel(self.setup["statuses"], self.setup["default_status"], self)
        self.view = QTableView()
        self.view.setObjectName("battleFigures")
        self.view.setModel(self.model)
        self.view.setItemDelegate(FiguresDelegate(self.model, self.view))
        self.view.verticalHeader().hide()
        self.view.verticalHeader().setDefaultSectionSize(24)
        self.view.setWordWrap(False)
        self.view.setAlternatingRowColors(True)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                                  | QAbstractItemView.EditTrigger.SelectedClicked
                                  | QAbstractItemView.EditTrigger.EditKeyPressed)
        hh = self.view.horizontalHeader()
        hh.setSectionResizeMode(C_NAME, QHeaderView.ResizeMode.Stretch)
        units = self.setup["uses_units"]
        self.view.setColumnHidden(C_CAS, not units)
        fl.addWidget(self.view)
        self.body.addWidget(fbox, 1)
        self.after = QCheckBox(translate("BattleDialog", "Go on to After the Battle when saved"))
        self.after.setObjectName("goAfterBattle")
        self.after.setChecked(True)
        self.body.addWidget(self.after)
        self.ok_button.setText(translate("BattleDialog", "&Record battle"))
        self.roster_list.itemChanged.connect(self._rosters_changed)
        self._rosters_changed()
        fit_to_screen(self, 860, 560)

    def chosen_rosters(self) -> list[int]:
        return checked_ids(self.roster_list)

    def set_roster_checked(self, roster_id: int, on: bool = True) -> None:
        set_checked(self.roster_list, roster_id, on)

    def _rosters_changed(self, *_a: Any) -> None:
        chosen = self.chosen_rosters()
        rosters = [r for r in self.setup["rosters"] if r["id"] in chosen]
        self.model.set_figures(rosters)
        keep = self.winner.currentData()
        self.winner.clear()
        self.winner.addItem(translate("BattleDialog", "no winner (draw)"), None)
        for r in rosters:
            self.winner.addItem(r["name"], r["id"])
        self.winner.setCurrentIndex(max(0, self.winner.findData(keep)))
        self.view.resizeColumnToContents(C_FOUGHT)

    def set_end(self, name: str, status: str) -> None:
        r = self.model.find(name)
        self.model.setData(self.model.index(r, C_END), status)

    def set_hit(self, name: str, on: bool = True) -> None:
        r = self.model.find(name)
        self.model.setData(self.model.index(r, C_HIT),
                           (Qt.CheckState.Checked if on else Qt.CheckState.Unchecked).value,
                           Qt.ItemDataRole.CheckStateRole)

    def set_fought(self, name: str, on: bool) -> None:
        r = self.model.find(name)
        self.model.setData(self.model.index(r, C_FOUGHT),
                           (Qt.CheckState.Checked if on else Qt.CheckState.Unchecked).value,
                           Qt.ItemDataRole.CheckStateRole)

    def check(self) -> str:
        if not self.chosen_rosters():
            return translate("BattleDialog", "tick at least one roster that fought")
        return ""

    def run(self) -> int:
        from campaign_app.usecases.battles import record_battle

        w = self.winner.currentData()
        b = self.app.run(record_battle, self.campaign_id, self.chosen_rosters(),
                          winner=str(w) if w is not None else None,
                          scenario=self.scenario.text(),
                          played_on=self.date.date().toString("yyyy-MM-dd"),
                          notes=self.notes.text(), **self.model.use_case_args())
        self.keep(b)
        assert b.id is not None
        return b.id
