"""Help ▸ Getting Started (F1) and Help ▸ Keyboard Shortcuts (Ctrl+/): one dialog with
two tabs. The guide is plain Markdown written here; the shortcuts are read from the
window's actions, so the list is always the one in force."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
)

from ui.i18n import QT_TRANSLATE_NOOP, translate
from ui.screen import fit_to_screen

if TYPE_CHECKING:
    from ui.main_window import MainWindow

GUIDE = QT_TRANSLATE_NOOP("help", """# Getting started

**Campaign Manager** keeps the campaigns of your skirmish games: rosters of fighters
and units, battles, After the Battle rolls and printed rosters, cards and quick
reference sheets.

1. **A first look.** *File ▸ Create Demo Campaigns* makes one finished campaign for each
   game the app knows. Pick one in the tree on the left.
2. **Your own campaign.** *Campaign ▸ New Campaign* (Ctrl+N): a name and the game. Then
   *Campaign ▸ New Roster* (Ctrl+Shift+N) for each player's gang or force.
3. **Fighters and units.** *Roster ▸ Add Fighter* (Insert) or *Add Unit* (Ctrl+Shift+U).
   Double-click a row or press Enter to edit it; the pane on the right shows everything
   about it. *Edit ▸ Find in Roster* (Ctrl+F) narrows the table; its *Columns* button
   chooses what the table shows.
4. **Play.** *Battle ▸ Set Up Battle* (Ctrl+Alt+B) rolls the scenario, who attacks and
   the crew; *Battle at the Table* (F9) then marks what happens as it happens, one key
   per status. A game played without the app: *Battle ▸ Record Battle* (Ctrl+B), who
   fought and how each figure ended.
5. **After the Battle.** *Battle ▸ After the Battle* (Ctrl+Shift+B) walks through every
   roll the game asks for. Let the app roll, or type the dice you rolled at the table.
   Nothing is saved until you press Apply.
6. **Print.** *File ▸ Print / Export PDF*: the roster (Ctrl+P), fighter cards and the
   quick reference sheet.

Every roll is kept in the **Roll Log** (Ctrl+L) with the dice, the table row and the
rule that asked for it. Every change is one step in the **History** (Ctrl+4):
*Edit ▸ Undo* (Ctrl+Z) takes it back, *Redo* (Ctrl+Shift+Z) brings it back.
The **Charts** (Ctrl+5) show casualties, wins, Rep, XP or rating battle by battle, and
the rolls made on each table.

*View ▸ Theme* chooses light, dark or your desktop's colours; *View ▸ Language* the
window's language.

**Your data.** The campaigns live in one database file in your data folder.
*File ▸ Back Up Database* (Ctrl+Shift+S) writes a copy; *Export Campaign as JSON* writes a
file you can import on another computer. For a league, *File ▸ Database Settings*
(Ctrl+O) connects to a PostgreSQL server that every player shares.

**From a terminal.** Everything the window does is also a command:
`campaign-app --help` lists them.
""")


def _shortcut_rows(win: MainWindow) -> list[tuple[str, str]]:
    rows = []
    for a in win.actions.values():
        keys = ", ".join(s.toString(QKeySequence.SequenceFormat.NativeText) for s in a.shortcuts())
        if keys:
            rows.append((str(a.property("plain_text") or a.text().replace("&", "")), keys))
    rows.append((translate("help", "Edit Selected (in the roster table)"), "Enter"))
    return rows


class HelpDialog(QDialog):
    """The guide and the shortcuts, each on a tab; ``tab`` is "guide" or "shortcuts"."""

    def __init__(self, win: MainWindow, tab: str = "guide") -> None:
        super().__init__(win)
        self.setObjectName("helpDialog")
        self.setWindowTitle(translate("HelpDialog", "Help"))
        fit_to_screen(self, 640, 560)
        self.tabs = QTabWidget()
        self.guide = QTextBrowser()
        self.guide.setObjectName("helpGuide")
        self.guide.setOpenExternalLinks(False)
        self.guide.setMarkdown(translate("help", GUIDE))
        rows = _shortcut_rows(win)
        self.keys = QTableWidget(len(rows), 2)
        self.keys.setObjectName("shortcutTable")
        self.keys.setHorizontalHeaderLabels([translate("HelpDialog", "Action"), translate("HelpDialog", "Keys")])
        self.keys.verticalHeader().hide()
        self.keys.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.keys.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.keys.setAlternatingRowColors(True)
        for r, (what, keys) in enumerate(rows):
            self.keys.setItem(r, 0, QTableWidgetItem(what))
            self.keys.setItem(r, 1, QTableWidgetItem(keys))
        hh = self.keys.horizontalHeader()
        hh.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        hh.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.tabs.addTab(self.guide, translate("HelpDialog", "Getting Started"))
        self.tabs.addTab(self.keys, translate("HelpDialog", "Keyboard Shortcuts"))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(self.tabs)
        lay.addWidget(buttons)
        self.show_tab(tab)

    def show_tab(self, tab: str) -> None:
        page = self.keys if tab == "shortcuts" else self.guide
        self.tabs.setCurrentWidget(page)
        page.setFocus(Qt.FocusReason.OtherFocusReason)


def show_help(win: MainWindow, tab: str = "guide") -> HelpDialog:
    """Open (or bring up) the window's help dialog on ``tab``; it does not block."""
    dlg = getattr(win, "_help_dialog", None)
    if dlg is None:
        dlg = HelpDialog(win, tab)
        win._help_dialog = dlg
    else:
        dlg.show_tab(tab)
    dlg.show()
    dlg.raise_()
    dlg.activateWindow()
    return dlg
