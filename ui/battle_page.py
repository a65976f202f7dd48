"""The battle page: a battle at the table, on a laptop beside the game. Every figure of
the battle in a big table; pick one (click, or the Up/Down keys) and press a status
button (or its number key), H for a hit, + and - for a unit's casualties; Ctrl+Z
undoes the last mark. The pass tables of the campaign roll from here against the
battle, and the game's own in-battle commands (a zombie arrival) run from here too.

Each mark is one use-case (``campaign_app.usecases.table``): one transaction, one
undo step, journaled; the page reads the battle again after each and hands the change
set to the window (``on_changes``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont, QKeySequence, QPalette, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSpinBox,
    QStyle,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from campaign_app.changes import Changes, changes_of
from campaign_app.errors import AppError
from campaign_app.systems.layout import pretty
from ui.i18n import QT_TRANSLATE_NOOP, translate
from ui.rules_text import rules_text
from ui.screen import fit_to_screen
from ui.widgets import VerticalScroll

Index = QModelIndex | QPersistentModelIndex
COLS = (QT_TRANSLATE_NOOP("battle_page", "Figure"), QT_TRANSLATE_NOOP("battle_page", "Roster"), QT_TRANSLATE_NOOP("battle_page", "Status"), QT_TRANSLATE_NOOP("battle_page", "Hit"), QT_TRANSLATE_NOOP("battle_page", "Taken out by"), QT_TRANSLATE_NOOP("battle_page", "Casualties"))
C_NAME, C_ROSTER, C_STATUS, C_HIT, C_BY, C_CAS = range(len(COLS))
BIG = 40  # px: a row and a button, big enough for a quick click at the table


class BattleFiguresModel(QAbstractTableModel):
    """The battle's figures with their tracked results (read only: marks change them)."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.rows: list[dict[str, Any]] = []
        self.default = ""

    def set_rows(self, rows: list[dict[str, Any]], default: str) -> None:
        self.beginResetModel()
        self.rows = list(rows)
        self.default = default
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return translate("battle_page", COLS[section])
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        r = self.rows[index.row()]
        c = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if c == C_NAME:
                return r["name"]
            if c == C_ROSTER:
                return r["roster"]
            if c == C_STATUS:
                return rules_text(pretty(r["status"]))
            if c == C_HIT:
                return translate("BattleFiguresModel", "hit") if r["scored_hit"] else ""
            if c == C_BY:
                return r["by"] or ""
            if c == C_CAS:
                return translate("BattleFiguresModel", "{casualties} of {figures}").format(casualties=r['casualties'], figures=r['figures']) if r["unit_id"] else ""
        if role == Qt.ItemDataRole.FontRole and c == C_STATUS and r["status"] != self.default:
            f = QFont()
            f.setBold(True)
            return f
        return None

    def find(self, name: str) -> int:
        return next((i for i, r in enumerate(self.rows) if r["name"] == name), -1)


class BattlePage(QDialog):
    """One battle at the table (a window of its own, not modal)."""

    def __init__(self, parent: QWidget | None, app: Any, battle_id: int,
                 on_changes: Callable[[Changes], None] | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("battlePage")
        self.app = app
        self.battle_id = battle_id
        self.on_changes = on_changes
        self.view_data: dict[str, Any] = {}
        self.status_buttons: dict[str, QPushButton] = {}
        self.command_rows: dict[str, tuple[QPushButton, list[tuple[str, QLineEdit | QComboBox]]]] = {}
        outer = QVBoxLayout(self)
        self.head = QLabel()
        self.head.setObjectName("battleHead")
        self.head.setTextFormat(Qt.TextFormat.PlainText)
        self.head.setWordWrap(True)  # a long scenario and roster names wrap (a 1024-pixel screen)
        hf = self.head.font()
        hf.setPointSize(hf.pointSize() + 4)
        hf.setBold(True)
        self.head.setFont(hf)
        outer.addWidget(self.head)
        self.message = QLabel()
        self.message.setObjectName("battleMessage")
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        self.message.setWordWrap(True)
        outer.addWidget(self.message)
        main = QHBoxLayout()
        outer.addLayout(main, 1)
        # the figures
        self.model = BattleFiguresModel(self)
        self.table = QTableView()
        self.table.setObjectName("battleFigures")
        self.table.setModel(self.model)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(BIG - 8)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        tf = self.table.font()
        tf.setPointSize(tf.pointSize() + 2)
        self.table.setFont(tf)
        hh = self.table.horizontalHeader()
        # every figure's name whole; the roster's name takes what is left and wraps at
        # its spaces (a row grows, never below the big click size), in any language
        self.table.setWordWrap(True)
        self.table.setTextElideMode(Qt.TextElideMode.ElideNone)  # wrapped at its spaces, never "Easy Com..."
        self.table.verticalHeader().setMinimumSectionSize(BIG - 8)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        # columns as wide as their text, the last stretching; on a narrow screen the
        # widest give way down to their longest word and wrap (ui.views.fit_columns)
        hh.setStretchLastSection(True)
        main.addWidget(self.table, 3)
        # the marks, rolls and commands scroll on a screen too short for them (1024x700)
        side_panel = QWidget()
        side = QVBoxLayout(side_panel)
        side.setContentsMargins(0, 0, 0, 0)
        main.addWidget(VerticalScroll(side_panel, "battleSide"), 2)
        # the marks
        self.status_box = QGroupBox(translate("BattlePage", "Mark the selected figure (click, or press the key)"))
        self.status_grid = QGridLayout(self.status_box)
        side.addWidget(self.status_box)
        by_row = QHBoxLayout()
        by_row.addWidget(QLabel(translate("BattlePage", "Taken out &by:")))
        self.by = QComboBox()
        self.by.setObjectName("battleBy")
        by_row.addWidget(self.by, 1)
        by_row.itemAt(0).widget().setBuddy(self.by)  # type: ignore[union-attr]
        side.addLayout(by_row)
        row = QHBoxLayout()
        self.hit_button = self._big(translate("BattlePage", "H  Scored a hit"), "battleHit", self.mark_hit)
        self.cas_up = self._big(translate("BattlePage", "+  Casualty"), "battleCasualtyUp", lambda: self.change_casualties(1))
        self.cas_down = self._big(translate("BattlePage", "-  Casualty"), "battleCasualtyDown", lambda: self.change_casualties(-1))
        for b in (self.hit_button, self.cas_up, self.cas_down):
            row.addWidget(b)
        side.addLayout(row)
        row = QHBoxLayout()
        self.undo_button = self._big(translate("BattlePage", "Undo last mark (Ctrl+Z)"), "battleUndo", self.undo_last)
        self.start_button = self._big(translate("BattlePage", "Start the game"), "battleStart", self.start)
        row.addWidget(self.undo_button)
        row.addWidget(self.start_button)
        side.addLayout(row)
        row = QHBoxLayout()
        self.winner = QComboBox()
        self.winner.setObjectName("battleWinner")
        self.finish_button = self._big(translate("BattlePage", "Finish the game"), "battleFinish", self.finish)
        row.addWidget(QLabel(translate("BattlePage", "Winner:")))
        row.addWidget(self.winner, 1)
        row.addWidget(self.finish_button)
        side.addLayout(row)
        # rolls
        rbox = QGroupBox(translate("BattlePage", "&Roll a table (recorded against the battle)"))
        rl = QGridLayout(rbox)
        self.table_choice = QComboBox()
        self.table_choice.setObjectName("battleTable")
        rl.addWidget(self.table_choice, 0, 0, 1, 3)
        self.target = QSpinBox()
        self.target.setObjectName("battleTarget")
        self.target.setRange(0, 12)
        self.target.setSpecialValueText(translate("BattlePage", "Rep of the selected"))
        self.target_label = QLabel(translate("BattlePage", "Against:"))
        rl.addWidget(self.target_label, 1, 0)
        rl.addWidget(self.target, 1, 1, 1, 2)
        # a table rolled with inputs (a shooting or damage table...): the selected figure
        # rolls; the other figure, the weapon's impact and Target number, the conditions
        self.inputs_box = QWidget()
        il = QGridLayout(self.inputs_box)
        il.setContentsMargins(0, 0, 0, 0)
        self.other = QComboBox()
        self.other.setObjectName("battleOther")
        self.other.setToolTip(translate("BattlePage", "the figure on the other end: the one hit, the other side's leader"))
        il.addWidget(QLabel(translate("BattlePage", "Other figure:")), 0, 0)
        il.addWidget(self.other, 0, 1, 1, 3)
        self.impact = QSpinBox()
        self.impact.setObjectName("battleImpact")
        self.impact.setRange(0, 10)
        self.impact.setSpecialValueText(translate("BattlePage", "weapon's"))
        self.shots = QSpinBox()
        self.shots.setObjectName("battleShots")
        self.shots.setRange(0, 20)
        self.shots.setSpecialValueText(translate("BattlePage", "weapon's"))
        self.impact_label = QLabel(translate("BattlePage", "Impact:"))
        self.shots_label = QLabel(translate("BattlePage", "Dice (Target):"))
        il.addWidget(self.impact_label, 1, 0)
        il.addWidget(self.impact, 1, 1)
        il.addWidget(self.shots_label, 1, 2)
        il.addWidget(self.shots, 1, 3)
        from ui.widgets import EntryLine as _Entry

        self.per_die = _Entry()
        self.per_die.setObjectName("battlePerDie")
        self.per_die.setPlaceholderText(translate("BattlePage", "all at the first; or e.g. 1,1,2"))
        self.per_die_label = QLabel(translate("BattlePage", "Dice to targets:"))
        il.addWidget(self.per_die_label, 2, 0)
        il.addWidget(self.per_die, 2, 1, 1, 3)
        self.flags_row = QHBoxLayout()
        il.addLayout(self.flags_row, 3, 0, 1, 4)
        self.flag_boxes: dict[str, QCheckBox] = {}
        rl.addWidget(self.inputs_box, 2, 0, 1, 3)
        self.inputs_box.setVisible(False)
        self.table_choice.currentIndexChanged.connect(self._table_inputs)
        from ui.dice_widgets import TypeIntoField
        from ui.widgets import EntryLine

        self.typed = EntryLine()  # Enter rolls: with the faces typed, else the app's dice
        self.typed.setObjectName("battleDice")
        self.typed.setPlaceholderText(translate("BattlePage", "empty: the app rolls; or the faces you rolled"))
        rl.addWidget(QLabel(translate("BattlePage", "I rolled:")), 3, 0)
        rl.addWidget(self.typed, 3, 1, 1, 2)  # the whole width: its hint is read on a narrow screen too
        self.roll_button = QPushButton(translate("BattlePage", "Roll"))
        self.roll_button.setObjectName("battleRoll")
        self.roll_button.setMinimumHeight(BIG - 8)
        self.roll_button.clicked.connect(self.roll)
        self.typed.returnPressed.connect(lambda: self.roll() if self.roll_button.isEnabled() else None)
        # faces typed while Roll has the focus go into "I rolled" (they were lost: issue #33)
        self.typing = TypeIntoField(self.typed, [self.roll_button])
        rl.addWidget(self.roll_button, 4, 0, 1, 3)
        self.roll_result = QLabel()
        self.roll_result.setObjectName("battleRollResult")
        self.roll_result.setTextFormat(Qt.TextFormat.PlainText)
        self.roll_result.setWordWrap(True)
        rl.addWidget(self.roll_result, 5, 0, 1, 3)
        side.addWidget(rbox)
        self.roll_box = rbox
        self.commands_box = QGroupBox(translate("BattlePage", "During the game"))
        self.commands_layout = QVBoxLayout(self.commands_box)
        side.addWidget(self.commands_box)
        mbox = QGroupBox(translate("BattlePage", "Marks so far"))
        ml = QVBoxLayout(mbox)
        self.marks = QListWidget()
        self.marks.setObjectName("battleMarks")
        ml.addWidget(self.marks)
        side.addWidget(mbox, 1)
        # keys
        QShortcut(QKeySequence("H"), self, activated=self.mark_hit)
        QShortcut(QKeySequence("+"), self, activated=lambda: self.change_casualties(1))
        QShortcut(QKeySequence("-"), self, activated=lambda: self.change_casualties(-1))
        QShortcut(QKeySequence.StandardKey.Undo, self, activated=self.undo_last)
        self.table.selectionModel().selectionChanged.connect(lambda *_a: self._selection_changed())
        self.reload()
        fit_to_screen(self, 1240, 760)
        self.table.setFocus()
        if self.model.rowCount():
            self.table.selectRow(0)

    # ------------------------------------------------------------------ building
    def _big(self, text: str, name: str, slot: Callable[[], Any]) -> QPushButton:
        b = QPushButton(text)
        b.setObjectName(name)
        b.setMinimumHeight(BIG)
        f = b.font()
        f.setPointSize(f.pointSize() + 1)
        b.setFont(f)
        b.clicked.connect(lambda _c=False: slot())
        return b

    def _build_statuses(self, statuses: list[str]) -> None:
        if list(self.status_buttons) == statuses:
            return
        for b in self.status_buttons.values():
            b.setParent(None)
        self.status_buttons = {}
        for i, st in enumerate(statuses):
            key = str(i + 1) if i < 9 else ""
            b = self._big(f"{key}  {rules_text(pretty(st))}".strip(), f"status_{st}", lambda st=st: self.mark(st))
            if key:
                QShortcut(QKeySequence(key), self, activated=lambda st=st: self.mark(st))
            self.status_buttons[st] = b
            self.status_grid.addWidget(b, i // 2, i % 2)

    def _build_commands(self, commands: list[dict[str, Any]], system_commands: dict[str, Any]) -> None:
        self.commands_box.setVisible(bool(commands))
        if set(self.command_rows) == {c["key"] for c in commands}:
            return
        for c in commands:
            cmd = system_commands.get(c["key"])
            if cmd is None:
                continue
            row = QHBoxLayout()
            edits: list[tuple[str, QLineEdit | QComboBox]] = []
            for p in cmd.params:
                if p.name == "battle":
                    continue
                # the parameter's name in words, in the window's language, as a label
                row.addWidget(QLabel(f"{pretty(rules_text(p.name.replace('_', ' ')))}:"))
                e: QLineEdit | QComboBox
                if p.choices:  # one of a few words: a list, the default chosen
                    e = QComboBox()
                    for ch in p.choices:
                        e.addItem(rules_text(ch), ch)
                    e.setCurrentIndex(max(0, e.findData(p.default)))
                else:
                    e = QLineEdit("" if p.default is None else str(p.default))
                    if p.name == "figure":  # left empty: the figure selected in the table
                        e.setPlaceholderText(translate("BattlePage", "selected"))
                    e.setMaximumWidth(120)
                    # never narrower than its hint (the big button beside it takes the rest)
                    e.setMinimumWidth(min(120, max(60, e.fontMetrics().horizontalAdvance(e.placeholderText()) + 16)))
                e.setObjectName(f"command_{c['key']}_{p.name}")
                e.setToolTip(p.help)
                row.addWidget(e)
                edits.append((p.name, e))
            b = self._big(c["label"], f"command_{c['key']}", lambda k=c["key"]: self.run_command(k))
            row.addWidget(b, 1)
            self.commands_layout.addLayout(row)
            self.command_rows[c["key"]] = (b, edits)

    # ------------------------------------------------------------------ reading
    def reload(self) -> None:
        from campaign_app.systems import game_system
        from campaign_app.usecases.table import table_view

        keep = self.selected_name()
        d = self.app.run(table_view, self.battle_id)
        self.view_data = dict(d)
        state = d["state"]
        bits = [translate("BattlePage", "Battle {number}").format(number=d['number']), d["scenario"] or translate("BattlePage", "no scenario")]
        if d["attacker"]:
            bits.append(translate("BattlePage", "{attacker} attacks").format(attacker=d['attacker']))
        bits.append({"setup": translate("BattlePage", "set up: start the game to mark"), "in-progress": translate("BattlePage", "in progress"),
                     "finished": translate("BattlePage", "finished")}.get(state, state))
        self.head.setText(" \u2014 ".join(bits))
        self.setWindowTitle(translate("BattlePage", "Battle {number} at the table — {campaign}").format(number=d['number'], campaign=d['campaign']))
        self.model.set_rows([dict(f) for f in d["figures"]], d["default_status"])
        from ui.views import fit_columns

        fit_columns(self.table)
        self.table.setColumnHidden(C_CAS, not any(f["unit_id"] for f in d["figures"]))
        self.table.setColumnHidden(C_BY, not any(f["fighter_id"] for f in d["figures"]))
        self._keep_columns_whole()
        self._build_statuses(list(d["statuses"]))
        system = game_system(self._system())
        self._build_commands([dict(c) for c in d["commands"]], {c.action_key: c for c in system.command_list()})
        self.marks.clear()
        for i, m in enumerate(d["marks"], 1):
            self.marks.addItem(f"{i}. {rules_text(m['text'])}")
        self.marks.scrollToBottom()
        cur = self.table_choice.currentData()
        self.table_choice.clear()
        for t in d["tables"]:
            self.table_choice.addItem(t["title"] + (translate("BattlePage", "  (vs {target})").format(target=t['target']) if t["target"] else ""), t["id"])
        self.table_choice.setCurrentIndex(max(0, self.table_choice.findData(cur)))
        self.table_info = {t["id"]: dict(t) for t in d["tables"]}
        ocur = self.other.currentData()
        self.other.clear()
        self.other.addItem(translate("BattlePage", "none"), None)
        for f in d["figures"]:
            if f["fighter_id"]:
                twice = sum(1 for x in d["figures"] if x["name"] == f["name"]) > 1
                self.other.addItem(f"{f['name']} ({f['roster']})", f["fighter_id"] if twice else f["name"])
        self.other.setCurrentIndex(max(0, self.other.findData(ocur)))
        self._table_inputs()
        self.roll_box.setVisible(bool(d["tables"]))  # the game's pass tables (none: nothing to roll here)
        wcur = self.winner.currentData()
        self.winner.clear()
        self.winner.addItem(translate("BattlePage", "no winner (draw)"), None)
        for r in d["rosters"]:
            self.winner.addItem(r, r)
        self.winner.setCurrentIndex(max(0, self.winner.findData(wcur)))
        playing = state == "in-progress"
        for b in [*self.status_buttons.values(), self.hit_button, self.cas_up, self.cas_down,
                  self.undo_button, self.finish_button]:
            b.setEnabled(playing)
        self.start_button.setVisible(state == "setup")
        self.roll_button.setEnabled(state != "finished")
        for b, _e in self.command_rows.values():
            b.setEnabled(playing)
        if keep:
            self.select(keep)
        self._selection_changed()

    def _keep_columns_whole(self) -> None:
        """The figures' table asks for the width its shown columns need once squeezed to
        their longest words (and a vertical scroll bar): the side panel gives way first,
        so no status is cut off and no sideways scroll bar appears on a small screen."""
        from ui.views import column_floor

        t = self.table
        cols = [c for c in range(self.model.columnCount()) if not t.isColumnHidden(c)]
        need = sum(column_floor(t, c) for c in cols) + 2 * t.frameWidth() \
            + t.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, t.verticalScrollBar())
        t.setMinimumWidth(need + 4)  # (a grid line, rounding)

    def _system(self) -> str:
        return str(self.view_data["system"])

    def selected_row(self) -> dict[str, Any] | None:
        idx = self.table.selectionModel().selectedRows()
        return self.model.rows[idx[0].row()] if idx else None

    def selected_name(self) -> str | None:
        r = self.selected_row() if self.model.rows else None
        return r["name"] if r else None

    def select(self, name: str) -> None:
        r = self.model.find(name)
        if r >= 0:
            self.table.selectRow(r)

    def _selection_changed(self) -> None:
        r = self.selected_row()
        keep = self.by.currentData()
        self.by.clear()
        self.by.addItem(translate("BattlePage", "nobody in particular"), None)
        if r is not None:
            for f in self.model.rows:
                if f["fighter_id"] and f["roster_id"] != r["roster_id"]:
                    self.by.addItem(f["name"], f["name"])
        self.by.setCurrentIndex(max(0, self.by.findData(keep)))
        unit = bool(r and r["unit_id"])
        playing = self.view_data.get("state") == "in-progress"
        self.cas_up.setEnabled(playing and unit)
        self.cas_down.setEnabled(playing and unit)
        self.hit_button.setEnabled(playing and bool(r and r["fighter_id"]))
        self.by.setEnabled(playing and bool(r and r["fighter_id"]))

    # ------------------------------------------------------------------ doing
    def _do(self, fn: Callable[[], Any], done: Callable[[Any], str]) -> Any:
        try:
            result = fn()
        except AppError as e:
            self.message.setText(str(e))
            self._palette_message(error=True)
            return None
        self.message.setText(done(result))
        self._palette_message(error=False)
        self.reload()
        if self.on_changes is not None:
            self.on_changes(changes_of(result))
        return result

    def _palette_message(self, error: bool) -> None:
        """A refusal is said in bold, in the palette's highlight colour; a done mark plainly."""
        pal = self.palette()
        colour = pal.color(QPalette.ColorRole.Highlight if error else QPalette.ColorRole.WindowText)
        mp = self.message.palette()
        mp.setColor(QPalette.ColorRole.WindowText, colour)
        self.message.setPalette(mp)
        f = self.message.font()
        f.setBold(error)
        self.message.setFont(f)

    def mark(self, status: str) -> Any:
        from campaign_app.usecases.table import track

        r = self.selected_row()
        if r is None:
            self.message.setText(translate("BattlePage", "Select a figure first"))
            return None
        by = self.by.currentData()
        ref = self._ref(r)
        return self._do(lambda: self.app.run(track, self.battle_id, ref, status, by=by),
                        lambda m: translate("BattlePage", "{text} (Ctrl+Z to undo)").format(text=rules_text(m.text)))

    def _ref(self, r: dict[str, Any]) -> Any:
        """The figure by name (an id may be both a fighter's and a unit's), by id when
        two figures of the battle share the name."""
        twice = sum(1 for x in self.model.rows if x["name"] == r["name"]) > 1
        return (r["fighter_id"] or r["unit_id"]) if twice else r["name"]

    def mark_hit(self) -> Any:
        from campaign_app.usecases.table import hit

        r = self.selected_row()
        if r is None or not r["fighter_id"]:
            self.message.setText(translate("BattlePage", "Select a fighter first"))
            return None
        return self._do(lambda: self.app.run(hit, self.battle_id, self._ref(r)), lambda m: str(rules_text(m.text)))

    def change_casualties(self, step: int) -> Any:
        from campaign_app.usecases.table import casualties

        r = self.selected_row()
        if r is None or not r["unit_id"]:
            self.message.setText(translate("BattlePage", "Select a unit first"))
            return None
        return self._do(lambda: self.app.run(casualties, self.battle_id, self._ref(r), r["casualties"] + step),
                        lambda m: str(rules_text(m.text)))

    def undo_last(self) -> Any:
        from campaign_app.usecases.table import undo_mark

        return self._do(lambda: self.app.run(undo_mark, self.battle_id), lambda u: translate("BattlePage", "Undone: {summary}").format(summary=u.summary))

    def start(self) -> Any:
        from campaign_app.usecases.table import start_battle

        return self._do(lambda: self.app.run(start_battle, self.battle_id),
                        lambda r: translate("BattlePage", "Battle {number} is in progress: pick a figure, press a status").format(number=r.number))

    def finish(self) -> Any:
        from campaign_app.usecases.table import finish_battle

        return self._do(lambda: self.app.run(finish_battle, self.battle_id, winner=self.winner.currentData()),
                        lambda r: translate("BattlePage", "Battle {number} is over: After the Battle starts from what was marked").format(number=r.number))

    def _table_inputs(self) -> None:
        """Show the inputs the chosen table takes: Against for a pass test; the other
        figure, impact, dice, targets and flags for a table rolled with inputs."""
        info = getattr(self, "table_info", {}).get(self.table_choice.currentData()) or {}
        needs = list(info.get("needs") or [])
        flags = [tuple(f) for f in info.get("flags") or []]
        with_inputs = bool(needs or flags)
        self.target.setVisible(not with_inputs)
        self.target_label.setVisible(not with_inputs)
        self.inputs_box.setVisible(with_inputs)
        takes = list(info.get("takes") or needs)
        self.impact.setVisible("impact" in takes)
        self.impact_label.setVisible("impact" in takes)
        self.shots.setVisible("shots" in needs)
        self.shots_label.setVisible("shots" in needs)
        self.per_die.setVisible(bool(info.get("per_die")))
        self.per_die_label.setVisible(bool(info.get("per_die")))
        if [k for k in self.flag_boxes] != [k for k, _w in flags]:
            for box in self.flag_boxes.values():
                self.flags_row.removeWidget(box)
                box.deleteLater()
            self.flag_boxes = {}
            for key, words in flags:
                box = QCheckBox(key.replace("-", " "))
                box.setObjectName(f"battleFlag_{key}")
                box.setToolTip(words)
                self.flags_row.addWidget(box)
                self.flag_boxes[key] = box

    def roll(self) -> Any:
        from campaign_app.usecases.table import battle_roll

        tid = self.table_choice.currentData()
        if not tid:
            return None
        r = self.selected_row()
        info = getattr(self, "table_info", {}).get(tid) or {}
        with_inputs = bool(info.get("needs") or info.get("flags"))
        target = None if with_inputs else (self.target.value() or None)
        who = r["fighter_id"] if r is not None and target is None and r["fighter_id"] else None
        typed = self.typed.text().strip() or None
        inputs: dict[str, Any] | None = None
        if with_inputs:
            inputs = {"target_fighter": self.other.currentData(),
                      "impact": self.impact.value() or None if self.impact.isVisibleTo(self.inputs_box) else None,
                      "shots": self.shots.value() or None if self.shots.isVisibleTo(self.inputs_box) else None,
                      "per_die": self.per_die.text().strip() or None,
                      "flags": [k for k, b in self.flag_boxes.items() if b.isChecked()]}

        def done(d: Any) -> str:
            vs = translate("BattlePage", " vs {target}").format(target=d.target) if d.target is not None else ""
            text = (f"{d.title}{vs}: [{','.join(map(str, d.faces))}] = {d.value} -> {d.label}"
                    + (f": {d.text}" if d.text else ""))
            for line in [*getattr(d, "lines", []), *getattr(d, "applied", [])]:
                text += f"\n{rules_text(line)}"
            self.roll_result.setText(text)
            self.typed.clear()
            return text.splitlines()[0]

        return self._do(lambda: self.app.run(battle_roll, self.battle_id, tid, target=target, fighter=who,
                                            dice=typed, inputs=inputs), done)

    def run_command(self, key: str) -> Any:
        from campaign_app.systems import game_system

        cmd = next((c for c in game_system(self._system()).command_list() if c.action_key == key), None)
        if cmd is None:
            return None
        _b, edits = self.command_rows[key]
        params: dict[str, Any] = {"battle": self.battle_id}
        for name, e in edits:
            text = str(e.currentData()) if isinstance(e, QComboBox) else e.text().strip()
            if text:
                params[name] = text
            elif name == "figure" and self.selected_row() is not None:
                params[name] = self._ref(self.selected_row())  # type: ignore[arg-type]
        if cmd.dice and self.typed.text().strip():
            params["dice"] = self.typed.text().strip()
        fn = game_system(self._system()).load(cmd.run)

        def done(res: Any) -> str:
            self.typed.clear()
            if cmd.text:
                return str(game_system(self._system()).load(cmd.text)(res, params))
            return translate("BattlePage", "{command} done").format(command=c_label(cmd))

        return self._do(lambda: self.app.run(fn, **params), done)


def c_label(cmd: Any) -> str:
    return f"{cmd.group} {cmd.name}".replace("-", " ").strip().capitalize()
