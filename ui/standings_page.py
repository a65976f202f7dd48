"""The Standings tab: the league table of the campaign shown (per roster its battles,
wins, draws, losses, the casualties it caused and suffered, and its rating as the game
counts it), from :func:`campaign_app.usecases.standings.league_standings`. A click on a
heading sorts by that column; the sorting is the model's own (:meth:`StandingsModel.sort`),
ties kept in league order (wins, draws, fewer losses, rating)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from ui.i18n import QT_TRANSLATE_NOOP, translate
from ui.rules_text import rules_text
from ui.views import CampaignTab

# key -> heading (the rating's heading is the game's own word for it)
COLUMNS: tuple[tuple[str, str], ...] = (
    ("roster", QT_TRANSLATE_NOOP("StandingsView", "Roster")),
    ("battles", QT_TRANSLATE_NOOP("StandingsView", "Battles")),
    ("wins", QT_TRANSLATE_NOOP("StandingsView", "Wins")),
    ("draws", QT_TRANSLATE_NOOP("StandingsView", "Draws")),
    ("losses", QT_TRANSLATE_NOOP("StandingsView", "Losses")),
    ("caused", QT_TRANSLATE_NOOP("StandingsView", "Casualties caused")),
    ("suffered", QT_TRANSLATE_NOOP("StandingsView", "Casualties suffered")),
    ("rating", QT_TRANSLATE_NOOP("StandingsView", "Rating")),
)
WINS = 2  # the column the table is first sorted by (most wins first)
Index = QModelIndex | QPersistentModelIndex


class StandingsModel(QAbstractTableModel):
    """The standings' rows; :meth:`sort` orders them (the view only asks)."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.rows: list[dict[str, Any]] = []
        self.rating_label = ""
        self.sort_column = WINS
        self.sort_order = Qt.SortOrder.DescendingOrder

    def set_rows(self, rows: list[dict[str, Any]], rating_label: str) -> None:
        self.beginResetModel()
        self.rows = list(rows)
        self.rating_label = rating_label
        self._sort_rows()
        self.endResetModel()
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(COLUMNS) - 1)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008 (Qt's name)
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(COLUMNS)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        key = COLUMNS[index.column()][0]
        value = self.rows[index.row()].get(key)
        if role == Qt.ItemDataRole.DisplayRole:
            return "" if value is None else str(value)
        if role == Qt.ItemDataRole.UserRole:
            return value
        if role == Qt.ItemDataRole.TextAlignmentRole and key != "roster":
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        if not 0 <= section < len(COLUMNS):
            return None
        key, heading = COLUMNS[section]
        if key == "rating" and self.rating_label:
            return self.rating_label
        return translate("StandingsView", heading)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if not 0 <= column < len(COLUMNS):
            return
        self.layoutAboutToBeChanged.emit()
        self.sort_column, self.sort_order = column, order
        self._sort_rows()
        self.layoutChanged.emit()

    def _sort_rows(self) -> None:
        """By the column chosen; ties in league order (wins, draws, fewer losses...)."""
        self.rows.sort(key=lambda r: (-r["wins"], -r["draws"], r["losses"], -r["rating"],
                                      str(r["roster"]).casefold()))
        key = COLUMNS[self.sort_column][0]
        down = self.sort_order == Qt.SortOrder.DescendingOrder
        if key == "roster":
            self.rows.sort(key=lambda r: str(r["roster"]).casefold(), reverse=down)
        else:
            self.rows.sort(key=lambda r: r[key], reverse=down)  # stable: ties stay in league order


class StandingsView(CampaignTab):
    """The league table of the campaign (read when the tab is shown)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 4, 0, 0)
        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.PlainText)  # names the campaign and the game
        self.title.setObjectName("standingsTitle")
        self.title.setWordWrap(True)
        lay.addWidget(self.title)
        self.model = StandingsModel(self)
        self.table = QTableView()
        self.table.setObjectName("standingsTable")
        self.table.setModel(self.model)
        self.table.setSortingEnabled(True)
        self.table.horizontalHeader().setSortIndicator(WINS, Qt.SortOrder.DescendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().setVisible(False)
        hh = self.table.horizontalHeader()
        hh.setStretchLastSection(True)
        # columns fitted to the rows in sight and some either side, not to all 10,000 of
        # a national league (Qt's default precision: 1,000 rows a column)
        hh.setResizeContentsPrecision(80)
        # columns as wide as their text; on a narrow window the roster's name wraps at
        # its spaces before anything is cut (ui.views.fit_columns)
        self.table.setWordWrap(True)
        self.table.setTextElideMode(Qt.TextElideMode.ElideNone)
        lay.addWidget(self.table)

    _ticket = 0  # the newest read: an older one's answer is not shown

    def load(self) -> None:
        """Count the standings off the GUI thread (a national league's 10,000 rosters
        and 1,200,000 battle results take seconds); the newest read is shown."""
        self._ticket += 1
        if self.app is None or self.campaign_id is None:
            self.model.set_rows([], "")
            self.title.setText("")
            return
        import shiboken6

        from campaign_app.usecases.standings import league_standings
        from ui.worker import run_task

        ticket, app, cid = self._ticket, self.app, self.campaign_id
        if not self.model.rows:
            self.title.setText(translate("StandingsView", "Counting the standings…"))

        def done(doc: Any) -> None:
            if shiboken6.isValid(self) and ticket == self._ticket:
                self._show(doc)

        def failed(e: BaseException) -> None:
            from campaign_app.errors import AppError

            if not (shiboken6.isValid(self) and ticket == self._ticket):
                return
            if not isinstance(e, AppError):  # our bug: say so as any other error is said
                from ui.widgets import show_error

                show_error(self.window(), translate("StandingsView", "Standings"), e)
            self.model.set_rows([], "")  # the campaign is gone, or its game is not installed
            self.title.setText(str(e))

        self.task = run_task(None, translate("StandingsView", "Standings"), lambda _ctx: app.run(league_standings, cid),
                             on_done=done, on_error=failed)

    def _show(self, doc: Any) -> None:
        rows = [dict(line) for line in doc["standings"]]
        self.model.set_rows(rows, doc["rating"])
        from ui.views import fit_columns

        fit_columns(self.table)
        if rows:
            self.title.setText(f"{doc['campaign']}  ·  {rules_text(doc['system'])}")
        else:
            self.title.setText(translate("StandingsView", "No rosters in this campaign yet."))
