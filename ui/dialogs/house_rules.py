"""House-rule table editor: pick one of the campaign's tables, edit its rows (a rolled
table: roll, result, label, text, effects; a reference table such as the
characteristic ranges or the advancement limits: its entries' fields), Save (checked
like a shipped table before it is stored: the error names the row) or Restore the
shipped table."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from campaign_app.changes import NO_CHANGES, Changes, changes_of
from campaign_app.errors import AppError, InputError
from campaign_app.usecases import campaigns
from campaign_app.usecases import gui_queries as q
from ui.i18n import QT_TRANSLATE_NOOP, translate
from ui.models import Column, RowsModel
from ui.screen import fit_to_screen
from ui.text import esc, plain
from ui.widgets import ErrorLabel, ask_save_discard, heading

Index = QModelIndex | QPersistentModelIndex
ROW_KEYS = ("roll", "result", "label", "text", "effects")
ROW_TITLES = (QT_TRANSLATE_NOOP("house_rules", "Roll"), QT_TRANSLATE_NOOP("house_rules", "Result key"), QT_TRANSLATE_NOOP("house_rules", "Label"), QT_TRANSLATE_NOOP("house_rules", "Effect in words"), QT_TRANSLATE_NOOP("house_rules", "Effects (applied)"))


def _entry_text(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return "" if value is None else str(value)


def _entry_value(text: str, like: Any, where: str) -> Any:
    """``text`` typed in a reference table's cell, as the kind of value ``like`` (the
    shipped entry's) is: a whole number, yes/no, a list (comma-separated) or text."""
    text = text.strip()
    if isinstance(like, bool):
        yes, no = ("yes", "true", "sì", "si", "oui"), ("no", "false", "non")  # the window's languages
        if text.lower() not in yes + no:
            raise InputError(translate("RuleRowsModel", "{where}: write yes or no").format(where=where))
        return text.lower() in yes
    if isinstance(like, int):
        try:
            return int(text)
        except ValueError:
            raise InputError(translate("RuleRowsModel", "{where}: {text!r} is not a whole number")
                           .format(where=where, text=text)) from None
    if isinstance(like, list):
        return [p.strip() for p in text.split(",") if p.strip()]
    return text


class RuleRowsModel(QAbstractTableModel):
    """The editable rows of one table (effects shown as one line of text), or the
    entries of a reference table (one column per field)."""

    edited = Signal()

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.rows: list[dict[str, str]] = []
        self.keys: tuple[str, ...] = ROW_KEYS
        self.kinds: dict[str, Any] = {}  # a reference table: each field's shipped value (its kind)

    @property
    def reference(self) -> bool:
        return self.keys != ROW_KEYS

    def load(self, rows: list[dict[str, Any]]) -> None:
        self.beginResetModel()
        self.keys, self.kinds = ROW_KEYS, {}
        self.rows = [{"roll": str(r.get("roll", "")), "result": r.get("result", ""),
                      "label": r.get("label", ""), "text": r.get("text", ""),
                      "effects": q.effects_text(r.get("effects", []))} for r in rows]
        self.endResetModel()

    def load_entries(self, entries: list[dict[str, Any]]) -> None:
        """A reference table's entries: a column per field, in the order they come."""
        self.beginResetModel()
        keys: list[str] = []
        self.kinds = {}
        for e in entries:
            for k, v in e.items():
                if k not in keys:
                    keys.append(k)
                self.kinds.setdefault(k, v)
        self.keys = tuple(keys)
        self.rows = [{k: _entry_text(e.get(k)) for k in keys} for e in entries]
        self.endResetModel()

    def table_entries(self) -> list[dict[str, Any]]:
        """The entries as typed (each field as the kind of value it was; an empty cell
        leaves the field out)."""
        out = []
        for i, r in enumerate(self.rows, start=1):
            entry: dict[str, Any] = {}
            for k in self.keys:
                if r.get(k, "").strip():
                    where = translate("RuleRowsModel", "row {i}, {field}").format(i=i, field=k)
                    entry[k] = _entry_value(r[k], self.kinds.get(k), where)
            out.append(entry)
        return out

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.keys)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            if self.reference:
                return self.keys[section].replace("_", " ").capitalize()
            return translate("house_rules", ROW_TITLES[section])
        return str(section + 1)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        key = self.keys[index.column()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return self.rows[index.row()].get(key, "")
        if self.reference:
            return None
        if role == Qt.ItemDataRole.ToolTipRole and key == "effects":
            return (translate("RuleRowsModel", "ops: status value=…; stat stat=WS delta=1; rep delta=-1; set-rep value=4; "
                    "xp value=1 (or dice=d3); skill value=…; condition value=…; "
                    "roll-again table=… times=1; new-figures count=1; remove; figures value=lost; "
                    "training delta=1; note value=free text"))
        if role == Qt.ItemDataRole.FontRole and key == "roll":
            f = QFont()
            f.setBold(True)
            return f
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        base = super().flags(index)
        return base | Qt.ItemFlag.ItemIsEditable if index.isValid() else base

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid() or role != Qt.ItemDataRole.EditRole:
            return False
        self.rows[index.row()][self.keys[index.column()]] = str(value)
        self.dataChanged.emit(index, index, [role])
        self.edited.emit()
        return True

    def insert_row(self, at: int) -> None:
        self.beginInsertRows(QModelIndex(), at, at)
        self.rows.insert(at, {k: "" for k in self.keys})
        self.endInsertRows()
        self.edited.emit()

    def remove_row(self, at: int) -> None:
        if 0 <= at < len(self.rows):
            self.beginRemoveRows(QModelIndex(), at, at)
            del self.rows[at]
            self.endRemoveRows()
            self.edited.emit()

    def table_rows(self) -> list[dict[str, Any]]:
        """The rows as the house-rule table shape (effects parsed: InputError on bad text)."""
        out = []
        for i, r in enumerate(self.rows, start=1):
            roll: Any = r["roll"].strip()
            if roll.lstrip("-").isdigit():
                roll = int(roll)
            try:
                effects = q.parse_effects_text(r["effects"])
            except AppError as e:
                raise type(e)(translate("RuleRowsModel", "row {i}: {e}").format(i=i, e=e)) from None
            row: dict[str, Any] = {"roll": roll, "result": r["result"].strip(),
                                   "label": r["label"].strip() or r["result"].strip(),
                                   "text": r["text"]}
            if effects:
                row["effects"] = effects
            out.append(row)
        return out


class HouseRulesDialog(QDialog):
    changed = Signal()

    def __init__(self, parent: QWidget | None, app: Any, campaign: dict[str, Any],
                 table_id: str | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("HouseRulesDialog", "House Rules — {name}").format(name=campaign['name']))
        self.app = app
        self.campaign = campaign
        self.current: dict[str, Any] | None = None
        self.dirty = False
        self.confirm_box: Any = None  # the open "unsaved changes" question, if any
        self.last_changes: Changes = NO_CHANGES  # what the last table saved changed
        lay = QVBoxLayout(self)
        split = QSplitter(Qt.Orientation.Horizontal)
        self.tables = RowsModel([
            Column("title", translate("HouseRulesDialog", "Table")),
            Column("dice", translate("HouseRulesDialog", "Dice"),
                   show=lambda r: translate("HouseRulesDialog", "reference") if r["dice"] == "none" else r["dice"]),
            Column("house_rule", translate("HouseRulesDialog", "Changed"), show=lambda r: translate("HouseRulesDialog", "house rule") if r["house_rule"] else ""),
        ])
        self.table_view = QTableView()
        self.table_view.setObjectName("ruleTables")
        self.table_view.setModel(self.tables)
        self.table_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table_view.verticalHeader().hide()
        self.table_view.verticalHeader().setDefaultSectionSize(24)
        self.table_view.setWordWrap(False)
        self.table_view.setAlternatingRowColors(True)
        th = self.table_view.horizontalHeader()
        th.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        th.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        th.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.table_view.setSortingEnabled(True)
        from ui.views import wrap_rows

        wrap_rows(self.table_view)  # a long table name wraps at spaces
        split.addWidget(self.table_view)
        right = QWidget()
        rl = QVBoxLayout(right)
        rl.setContentsMargins(6, 0, 0, 0)
        self.title = heading("", 1)
        rl.addWidget(self.title)
        form = QFormLayout()
        self.title_edit = QLineEdit()
        self.title_edit.setObjectName("tableTitle")
        form.addRow(translate("HouseRulesDialog", "Title:"), self.title_edit)
        self.dice = QLabel()
        form.addRow(translate("HouseRulesDialog", "Dice:"), self.dice)
        self.note = QLineEdit()
        form.addRow(translate("HouseRulesDialog", "Note:"), self.note)
        rl.addLayout(form)
        self.rows = RuleRowsModel(self)
        self.rows_view = QTableView()
        self.rows_view.setObjectName("ruleRows")
        self.rows_view.setModel(self.rows)
        self.rows_view.setWordWrap(False)
        self.rows_view.setAlternatingRowColors(True)
        hh = self.rows_view.horizontalHeader()
        hh.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        hh.setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        wrap_rows(self.rows_view)  # an effect's words wrap; the row grows
        rl.addWidget(self.rows_view, 1)
        brow = QHBoxLayout()
        self.add_row = QPushButton(translate("HouseRulesDialog", "Add row"))
        self.remove_row = QPushButton(translate("HouseRulesDialog", "Remove row"))
        self.restore = QPushButton(translate("HouseRulesDialog", "Restore shipped table"))
        self.restore.setObjectName("restoreShipped")
        self.revert = QPushButton(translate("HouseRulesDialog", "Revert"))
        self.save = QPushButton(translate("HouseRulesDialog", "Save house rule"))
        self.save.setObjectName("saveHouseRule")
        self.save.setDefault(True)
        # two rows, the table's rows' and the whole table's: in one, the five buttons'
        # width took the dialog, and the list of tables beside was squeezed until its
        # titles were cut mid-word
        for b in (self.add_row, self.remove_row):
            brow.addWidget(b)
        brow.addStretch(1)
        rl.addLayout(brow)
        whole = QHBoxLayout()
        whole.addWidget(self.restore)
        whole.addStretch(1)
        whole.addWidget(self.revert)
        whole.addWidget(self.save)
        rl.addLayout(whole)
        self.error = ErrorLabel()
        rl.addWidget(self.error)
        self.status = plain(QLabel())  # names the table saved
        from ui.theme import colours

        self.status.setStyleSheet(f"color: {colours().good_text};")
        rl.addWidget(self.status)
        split.addWidget(right)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 3)
        split.setSizes([380, 700])
        lay.addWidget(split, 1)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        lay.addWidget(close)
        self.add_row.clicked.connect(self._add_row)
        self.remove_row.clicked.connect(self._remove_row)
        self.restore.clicked.connect(self.restore_shipped)
        self.revert.clicked.connect(lambda: self.load_table(self.current["id"]) if self.current else None)
        self.save.clicked.connect(self.save_table)
        self.rows.edited.connect(self._mark_dirty)
        self.title_edit.textEdited.connect(self._mark_dirty)
        self.note.textEdited.connect(self._mark_dirty)
        self.table_view.selectionModel().currentRowChanged.connect(self._pick)
        self.reload_list()
        if table_id:
            self.select_table(table_id)
        elif self.tables.rows:
            self.table_view.selectRow(0)
        fit_to_screen(self, 1180, 580)

    # closing ------------------------------------------------------------------------
    def reject(self) -> None:
        """Close (the Close button, Esc, the window's close box). Unsaved edits are not
        thrown away silently: a Save / Discard / Cancel question comes first, and Cancel
        (or a Save that fails) keeps the dialog open."""
        if not self.dirty or self.current is None:
            super().reject()
            return
        if self.confirm_box is not None and self.confirm_box.isVisible():
            return
        self.confirm_box = ask_save_discard(
            self, translate("HouseRulesDialog", "Unsaved changes"),
            translate("HouseRulesDialog", "Save your changes to {title} as a house rule before closing?").format(title=self.current['table']['title']),
            on_save=self._save_and_close, on_discard=self._discard_and_close)
        self.confirm_box.finished.connect(self._confirm_closed)

    def _confirm_closed(self, *_a: Any) -> None:
        self.confirm_box = None

    def _save_and_close(self) -> None:
        try:
            ok = self.save_table()
        except AppError as e:  # e.g. effects that do not parse
            self.error.show_error(str(e))
            ok = False
        if ok:
            super().reject()

    def _discard_and_close(self) -> None:
        self.dirty = False
        super().reject()

    # tables list ---------------------------------------------------------------
    def reload_list(self) -> None:
        keep = self.current["id"] if self.current else None
        self.tables.set_rows(self.app.run(q.rule_tables, self.campaign["id"]))
        if keep:
            r = self.tables.find(lambda row: row["id"] == keep)
            if r >= 0:
                self.table_view.selectionModel().blockSignals(True)
                self.table_view.selectRow(r)
                self.table_view.selectionModel().blockSignals(False)

    def select_table(self, table_id: str) -> None:
        r = self.tables.find(lambda row: row["id"] == table_id)
        if r >= 0:
            self.table_view.selectRow(r)

    def _pick(self, cur: QModelIndex, prev: QModelIndex) -> None:
        row = self.tables.row_at(cur.row())
        if row is None:
            return
        if self.dirty and self.current and row["id"] != self.current["id"]:
            self.error.show_error(translate("HouseRulesDialog", "Save or revert your changes to {title} first.").format(title=self.current['title']))
            back = self.tables.find(lambda r: r["id"] == self.current["id"])  # type: ignore[index]
            self.table_view.selectionModel().blockSignals(True)
            self.table_view.selectRow(back)
            self.table_view.selectionModel().blockSignals(False)
            return
        self.load_table(row["id"])

    def load_table(self, table_id: str) -> None:
        self.current = self.app.run(q.rule_table, self.campaign["id"], table_id)
        t = self.current["table"]
        mark = translate("HouseRulesDialog", "  (house rule)") if self.current["house_rule"] else ""
        self.title.setText(f"{t['title']}{mark}")
        self.title_edit.setText(t["title"])
        if t["dice"] == "none":
            self.dice.setText(translate("HouseRulesDialog", "none: a reference table, one row per entry"))
            self.rows.load_entries(t.get("entries", []))
        else:
            self.dice.setText(f"<b>{esc(t['dice'])}</b>" + (translate("HouseRulesDialog", " vs {target}").format(target=esc(self.current['target']))
                                                        if self.current["target"] else "")
                              + translate("HouseRulesDialog", "  — rows must cover every result of the dice once"))
            self.rows.load(t.get("rows", []))
        self.note.setText(t.get("note", ""))
        self.rows_view.resizeColumnsToContents()
        hh = self.rows_view.horizontalHeader()
        for col in range(self.rows.columnCount()):
            hh.setSectionResizeMode(col, QHeaderView.ResizeMode.Interactive)
        if not self.rows.reference:
            hh.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
            hh.setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        self.restore.setEnabled(self.current["house_rule"])
        self.error.clear_error()
        self.dirty = False
        self._update_buttons()

    def _mark_dirty(self, *_a: Any) -> None:
        self.dirty = True
        self.status.setText("")
        self._update_buttons()

    def _update_buttons(self) -> None:
        self.save.setEnabled(self.current is not None and self.dirty)
        self.revert.setEnabled(self.dirty)

    def _add_row(self) -> None:
        at = self.rows_view.currentIndex().row() + 1 if self.rows_view.currentIndex().isValid() \
            else len(self.rows.rows)
        self.rows.insert_row(at)
        self.rows_view.setCurrentIndex(self.rows.index(at, 0))

    def _remove_row(self) -> None:
        ix = self.rows_view.currentIndex()
        if ix.isValid():
            self.rows.remove_row(ix.row())

    # saving ---------------------------------------------------------------------
    def table_dict(self) -> dict[str, Any]:
        assert self.current is not None
        base = dict(self.current["table"])
        base["title"] = self.title_edit.text().strip()
        if self.note.text().strip():
            base["note"] = self.note.text().strip()
        else:
            base.pop("note", None)
        base.pop("default", None)
        if self.rows.reference:
            base.pop("rows", None)
            base["entries"] = self.rows.table_entries()
        else:
            base["rows"] = self.rows.table_rows()
        return base

    def save_table(self) -> bool:
        if self.current is None:
            return False
        try:
            table = self.table_dict()
        except AppError as e:  # a cell that does not read (effects, a number): named, nothing saved
            self.error.show_error(str(e))
            return False
        return self._set_house_rule(table, translate("HouseRulesDialog", "Saved as a house rule of this campaign (Undo reverts it)."))

    def restore_shipped(self) -> bool:
        if self.current is None or not self.current["house_rule"]:
            return False
        return self._set_house_rule(None, translate("HouseRulesDialog", "Back to the shipped table."))

    def _set_house_rule(self, table: dict[str, Any] | None, done: str) -> bool:
        """Save ``table`` as the current table's house rule (None: the shipped one)."""
        assert self.current is not None
        tid = self.current["id"]
        try:
            self.last_changes = changes_of(self.app.run(campaigns.set_house_rule, self.campaign["id"], tid, table))
        except AppError as e:
            self.error.show_error(str(e))
            return False
        self.dirty = False
        self.reload_list()
        self.load_table(tid)
        self.status.setText(done)
        self.changed.emit()
        return True
