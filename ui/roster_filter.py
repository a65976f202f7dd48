"""The bar above the roster table: find figures by any word the table shows (name,
type, weapons, skills...), keep one status, and choose the columns (per game system,
remembered in the settings). The table model does the filtering (``set_accept``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLineEdit, QMenu, QToolButton, QWidget

from ui.i18n import translate

Row = dict[str, Any]


class RosterFilterBar(QWidget):
    """Search text, a status and the column menu; ``changed`` when the filter changes."""

    changed = Signal()
    columns_changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rosterFilter")
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.search = QLineEdit()
        self.search.setObjectName("rosterSearch")
        self.search.setPlaceholderText(translate("RosterFilterBar", "Find…"))
        self.search.setToolTip(translate("RosterFilterBar", "Show only the figures whose row holds every word typed: "
                               "name, type, status, weapons, skills (Ctrl+F)"))
        self.search.setClearButtonEnabled(True)
        self.search.setMinimumWidth(150)
        self.status = QComboBox()
        self.status.setObjectName("rosterStatus")
        self.status.addItem(translate("RosterFilterBar", "Any status"), None)
        self.status.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.columns_button = QToolButton()
        self.columns_button.setObjectName("rosterColumns")
        self.columns_button.setText(translate("RosterFilterBar", "Columns"))
        self.columns_button.setToolTip(translate("RosterFilterBar", "Choose the columns of the table (kept for each game)"))
        self.columns_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.columns_menu = QMenu(self)
        self.columns_button.setMenu(self.columns_menu)
        lay.addWidget(self.search, 1)
        lay.addWidget(self.status)
        lay.addWidget(self.columns_button)
        self._typing = QTimer(self)  # filter once typing pauses, not on every key
        self._typing.setSingleShot(True)
        self._typing.setInterval(150)
        self._typing.timeout.connect(self.changed.emit)
        self.search.textChanged.connect(lambda _t: self._typing.start())
        self.search.returnPressed.connect(self._now)
        self.status.currentIndexChanged.connect(lambda _i: self.changed.emit())
        self.hidden: set[str] = set()

    def _now(self) -> None:
        self._typing.stop()
        self.changed.emit()

    # the filter ------------------------------------------------------------------
    def active(self) -> bool:
        return bool(self.search.text().strip()) or self.status.currentData() is not None

    def accept(self, texts: Callable[[Row], str]) -> Callable[[Row], bool] | None:
        """The rows to show: each word of the search in what the row's columns show
        (any case), and the status chosen; None when nothing is asked."""
        words = self.search.text().casefold().split()
        status = self.status.currentData()
        if not words and status is None:
            return None

        def ok(row: Row) -> bool:
            if status is not None and row.get("status") != status:
                return False
            if not words:
                return True
            hay = texts(row).casefold()
            return all(w in hay for w in words)

        return ok

    def set_statuses(self, statuses: Sequence[tuple[str, str]]) -> None:
        """The statuses offered: (value, words) of the shown campaign or roster; the
        one chosen stays if it is still there."""
        keep = self.status.currentData()
        self.status.blockSignals(True)
        self.status.clear()
        self.status.addItem(translate("RosterFilterBar", "Any status"), None)
        for value, words in statuses:
            self.status.addItem(words, value)
        self.status.setCurrentIndex(max(0, self.status.findData(keep)))
        self.status.blockSignals(False)
        if keep is not None and self.status.currentData() is None:
            self.changed.emit()  # the status chosen is gone: every row again

    def clear(self) -> None:
        """Another campaign or roster: show every row of it."""
        self.search.blockSignals(True)
        self.search.clear()
        self.search.blockSignals(False)
        self.status.blockSignals(True)
        self.status.setCurrentIndex(0)
        self.status.blockSignals(False)

    # the columns ------------------------------------------------------------------
    def set_columns(self, columns: Sequence[tuple[str, str]], hidden: set[str]) -> None:
        """The column menu for ``columns`` ((key, title) of the table's columns), with
        ``hidden`` unticked. The name column always stays."""
        self.hidden = {k for k in hidden if k != "name"}
        self.columns_menu.clear()
        for key, title in columns:
            a = QAction(title or key, self.columns_menu)
            a.setObjectName(f"column_{key}")
            a.setCheckable(True)
            a.setChecked(key not in self.hidden)
            a.setEnabled(key != "name")
            a.toggled.connect(lambda on, k=key: self._toggle(k, on))
            self.columns_menu.addAction(a)
        self.columns_menu.addSeparator()
        every = QAction(translate("RosterFilterBar", "Show Every Column"), self.columns_menu)
        every.triggered.connect(self._show_all)
        self.columns_menu.addAction(every)

    def _toggle(self, key: str, on: bool) -> None:
        if on:
            self.hidden.discard(key)
        else:
            self.hidden.add(key)
        self.columns_changed.emit()

    def _show_all(self) -> None:
        for a in self.columns_menu.actions():
            if a.isCheckable():
                a.blockSignals(True)
                a.setChecked(True)
                a.blockSignals(False)
        self.hidden = set()
        self.columns_changed.emit()


def focus_search(bar: RosterFilterBar) -> None:
    from PySide6.QtCore import Qt

    bar.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
    bar.search.selectAll()
