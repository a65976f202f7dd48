"""Table models over plain rows (dicts from the use-cases). Sorting is done here, in
the model: the rows are sorted as a list with a precomputed key per row, never
through a QSortFilterProxyModel over Python data."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex
from PySide6.QtGui import QFont

from campaign_app.systems.layout import as_text, stat_show
from ui.badges import STATUS_TEXT, row_tint, status_colour, status_icon
from ui.i18n import translate
from ui.rules_text import rules_text

if TYPE_CHECKING:
    from PySide6.QtCore import Qt

Row = dict[str, Any]
Index = QModelIndex | QPersistentModelIndex

# Qt's values as plain ints (a test compares them with Qt's enums): the first screen
# builds no Python enum of Qt's namespace, whose first use builds all 93 of them
# (ui.qtboot.set_by_name says why); data() compares them with the role Qt passes (an int)
ALIGN_RIGHT = 0x0082  # Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
ALIGN_CENTER = 0x0084  # Qt.AlignmentFlag.AlignCenter
DISPLAY_ROLE = 0  # Qt.ItemDataRole.DisplayRole
DECORATION_ROLE = 1  # DecorationRole
TOOLTIP_ROLE = 3  # ToolTipRole
FONT_ROLE = 6  # FontRole
ALIGNMENT_ROLE = 7  # TextAlignmentRole
BACKGROUND_ROLE = 8  # BackgroundRole
FOREGROUND_ROLE = 9  # ForegroundRole
USER_ROLE = 256  # UserRole


def descending(order: Any) -> bool:
    """Whether ``order`` (a ``Qt.SortOrder``) is descending."""
    from PySide6.QtCore import Qt  # at call time: sorting comes after the first screen

    return bool(order == Qt.SortOrder.DescendingOrder)


def _sortable(v: Any) -> tuple[int, Any]:
    """Blanks sort last; numbers before text; text case-insensitively."""
    if v is None or v == "" or v == []:
        return (2, "")
    if isinstance(v, bool):
        return (0, int(v))
    if isinstance(v, (int, float)):
        return (0, v)
    if isinstance(v, (list, tuple)):
        v = ", ".join(str(x) for x in v)
    return (1, str(v).casefold())


@dataclass
class Column:
    key: str
    title: str
    value: Callable[[Row], Any] | None = None  # raw value (sorting); default row[key]
    show: Callable[[Row], str] | None = None  # display text; default str(value)
    align: int = 0
    tip: str = ""
    width: int = 0

    def raw(self, row: Row) -> Any:
        return self.value(row) if self.value is not None else row.get(self.key)

    def text(self, row: Row) -> str:
        return self.show(row) if self.show is not None else as_text(self.raw(row))


class RowsModel(QAbstractTableModel):
    """Read-only rows with columns; sorts in place (stable) and keeps the sort on reload."""

    def __init__(self, columns: Sequence[Column] = (), parent: Any = None) -> None:
        super().__init__(parent)
        self.columns: list[Column] = list(columns)
        self.rows: list[Row] = []
        self.sort_column = -1
        self._sort_order: Any = None  # Qt.SortOrder.AscendingOrder until sorted (sort_order)
        # a filter (``set_accept``): rows it refuses are left out, and counted
        self.accept: Callable[[Row], bool] | None = None
        self.left_out: set[Hashable] = set()  # the keys of the rows left out

    @property
    def sort_order(self) -> Any:
        """The order of the last sort (a ``Qt.SortOrder``; ascending before any)."""
        if self._sort_order is None:
            from PySide6.QtCore import Qt

            return Qt.SortOrder.AscendingOrder
        return self._sort_order

    @sort_order.setter
    def sort_order(self, order: Any) -> None:
        self._sort_order = order

    # structure ---------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.columns)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = DISPLAY_ROLE) -> Any:
        from PySide6.QtCore import Qt

        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self.columns):
            return None
        col = self.columns[section]
        if role == DISPLAY_ROLE:
            return col.title
        if role == TOOLTIP_ROLE:
            return col.tip or col.title
        if role == ALIGNMENT_ROLE and col.align:
            return col.align
        return None

    answers: frozenset[int] | None = None  # the roles data() answers, if it knows them: the rest turned away first

    def data(self, index: Index, role: int = DISPLAY_ROLE) -> Any:
        if (self.answers is not None and role not in self.answers) or not index.isValid():
            return None
        return self.value(self.rows[index.row()], self.columns[index.column()], role)

    def value(self, row: Row, col: Column, role: int) -> Any:
        """What ``data()`` gives for ``role`` of the cell of ``row`` in ``col`` (asked from
        Python without a model index: ui.views.column_hint)."""
        if self.answers is not None and role not in self.answers:
            return None
        if role == DISPLAY_ROLE:
            return rules_text(col.text(row))
        if role == ALIGNMENT_ROLE:
            return col.align or None
        if role == USER_ROLE:
            return row
        return self.extra_data(row, col, role)

    def extra_data(self, row: Row, col: Column, role: int) -> Any:
        return None

    # content -----------------------------------------------------------------
    def set_columns(self, columns: Sequence[Column]) -> None:
        self.beginResetModel()
        self.columns = list(columns)
        self.sort_column = -1
        self.endResetModel()

    def row_key(self, row: Row) -> Hashable:
        """What names a row across reloads (``update_rows`` takes its own)."""
        return (row.get("what"), row.get("id"))

    def set_accept(self, accept: Callable[[Row], bool] | None) -> None:
        """Show only the rows ``accept`` takes (None: every row), from the next
        ``set_rows`` on; the caller reads the rows again (a query, not a Python pass over
        rows held back)."""
        self.accept = accept

    def _split(self, rows: Iterable[Row], key: Callable[[Row], Hashable]) -> list[Row]:
        if self.accept is None:
            return list(rows)
        shown = []
        for r in rows:
            if self.accept(r):
                shown.append(r)
            else:
                self.left_out.add(key(r))
        return shown

    def set_rows(self, rows: Sequence[Row]) -> None:
        self.beginResetModel()
        self.left_out = set()
        self.rows = self._split(rows, self.row_key)
        if 0 <= self.sort_column < len(self.columns):
            self._sort_rows(self.sort_column, self.sort_order)
        self.endResetModel()

    def update_rows(self, fresh: Sequence[Row], named: Iterable[Hashable], key: Callable[[Row], Hashable],
                    natural: Callable[[Row], Any] | None = None) -> None:
        """Refresh only the rows whose ``key`` is in ``named``: ``fresh`` holds those of
        them that are still there. A row in both is replaced (moved if the sort says so),
        a fresh one not shown is inserted where the sort (or ``natural``, the order the
        rows came in) puts it, a named one not fresh is removed. Selections and the
        current row follow their rows (persistent indexes)."""
        named = set(named)
        self.left_out -= named
        want = {key(r): r for r in self._split(fresh, key)}
        gone = named - set(want)
        for i in range(len(self.rows) - 1, -1, -1):
            if key(self.rows[i]) in gone:
                self.beginRemoveRows(QModelIndex(), i, i)
                del self.rows[i]
                self.endRemoveRows()
        at = {key(r): i for i, r in enumerate(self.rows)}
        last = max(len(self.columns) - 1, 0)
        for k, row in want.items():
            i = at.get(k)
            if i is None:
                j = self._place(row, natural)
                self.beginInsertRows(QModelIndex(), j, j)
                self.rows.insert(j, row)
                self.endInsertRows()
                at = {key(r): n for n, r in enumerate(self.rows)}
                continue
            self.rows[i] = row
            self.dataChanged.emit(self.index(i, 0), self.index(i, last))
            if self._sorted():
                del self.rows[i]
                j = self._place(row, natural)
                self.rows.insert(i, row)
                if j != i:  # the new value sorts elsewhere: move the row there
                    self.beginMoveRows(QModelIndex(), i, i, QModelIndex(), j + 1 if j > i else j)
                    del self.rows[i]
                    self.rows.insert(j, row)
                    self.endMoveRows()
                    at = {key(r): n for n, r in enumerate(self.rows)}

    def _sorted(self) -> bool:
        return 0 <= self.sort_column < len(self.columns)

    def _place(self, row: Row, natural: Callable[[Row], Any] | None) -> int:
        """Where ``row`` goes among ``self.rows`` (not in it): after its equals, as the
        stable sort would put a row that came last; blanks stay at the bottom."""
        if self._sorted():
            col = self.columns[self.sort_column]
            k = _sortable(col.raw(row))
            desc = descending(self.sort_order)
            for i, r in enumerate(self.rows):
                other = _sortable(col.raw(r))
                if k[0] == 2:
                    continue  # a blank goes after everything
                if other[0] == 2 or (other < k if desc else k < other):
                    return i
            return len(self.rows)
        if natural is not None:
            k = natural(row)
            return next((i for i, r in enumerate(self.rows) if k < natural(r)), len(self.rows))
        return len(self.rows)

    def row_at(self, r: int) -> Row | None:
        return self.rows[r] if 0 <= r < len(self.rows) else None

    def find(self, pred: Callable[[Row], bool]) -> int:
        for i, row in enumerate(self.rows):
            if pred(row):
                return i
        return -1

    # sorting -----------------------------------------------------------------
    def _sort_rows(self, column: int, order: Qt.SortOrder) -> None:
        col = self.columns[column]
        keyed = [(_sortable(col.raw(r)), r) for r in self.rows]
        filled = [t for t in keyed if t[0][0] != 2]
        blank = [t[1] for t in keyed if t[0][0] == 2]
        # stable in both directions; blanks stay at the bottom
        filled.sort(key=lambda t: t[0], reverse=descending(order))
        self.rows = [r for _k, r in filled] + blank

    def sort(self, column: int, order: Qt.SortOrder | None = None) -> None:
        from PySide6.QtCore import Qt

        order = Qt.SortOrder.AscendingOrder if order is None else order
        if not 0 <= column < len(self.columns):
            return
        self.layoutAboutToBeChanged.emit()
        old_rows = self.rows
        self.sort_column, self.sort_order = column, order
        self._sort_rows(column, order)
        new_pos = {id(r): i for i, r in enumerate(self.rows)}
        olds = self.persistentIndexList()
        news = [self.index(new_pos[id(old_rows[ix.row()])], ix.column()) if ix.isValid() else ix
                for ix in olds]
        self.changePersistentIndexList(olds, news)
        self.layoutChanged.emit()


# --------------------------------------------------------------------------- roster table
_ALIGN = {"left": 0, "center": ALIGN_CENTER, "right": ALIGN_RIGHT}


def _pretty(key: str) -> str:
    return str(key or "").replace("-", " ")


def roster_columns(system: dict[str, Any], *, with_roster: bool) -> list[Column]:
    """The roster table's columns for a game system (``gui_queries.system_info``): its
    layout's (``gui_queries.roster_layout``), with the roster after the status when
    every roster of a campaign is shown."""
    from campaign_app.usecases.first_screen import (
        roster_layout,  # no database layer: the first screen's too
    )

    # a characteristic is written as the campaign's edition has it ("4+" or "4")
    targets = {st["key"]: bool(st["target"]) for st in system.get("stats") or ()}
    cols = [Column(c.key, rules_text(c.label, column=True), value=c.value, align=_ALIGN[c.align], tip=rules_text(c.tip), width=int(c.width),
                   show=stat_show(c.key[5:], targets[c.key[5:]])
                   if c.key.startswith("stat:") and c.key[5:] in targets else c.text)
            for c in roster_layout(system["id"]).table
            # the edition's own characteristics only (a Save column where it has a Save)
            if not (targets and c.key.startswith("stat:") and c.key[5:] not in targets)]
    if with_roster:
        at = next((i + 1 for i, c in enumerate(cols) if c.key == "status"), min(1, len(cols)))
        cols.insert(at, Column("roster", translate("models", "Roster"), width=130))
    return cols


_ROSTER_ROLES = frozenset({DISPLAY_ROLE, DECORATION_ROLE, TOOLTIP_ROLE, FONT_ROLE, ALIGNMENT_ROLE,
                           BACKGROUND_ROLE, FOREGROUND_ROLE, USER_ROLE})


class RosterModel(RowsModel):
    """Fighters and units of a roster (or campaign), columns by game system; the
    status is shown by an icon and a colour."""

    # a table's paint and its columns' fitting ask every cell for some ten roles (the
    # first screen's 300-figure roster: about 6,000 calls, issue #32)
    answers = _ROSTER_ROLES

    def extra_data(self, row: Row, col: Column, role: int) -> Any:
        cls = row.get("status_class", "ok")
        if role == DECORATION_ROLE:
            if col.key == "status":
                return status_icon(cls)
            return None
        if role == FOREGROUND_ROLE:
            if col.key == "status" and cls != "ok":
                return status_colour(cls).darker(115)
            if cls == "down":  # greyed, as a figure that cannot fight
                from PySide6.QtGui import QGuiApplication, QPalette

                return QGuiApplication.palette().color(QPalette.ColorRole.PlaceholderText)
            return None
        if role == BACKGROUND_ROLE:
            return row_tint(cls)
        if role == FONT_ROLE:
            if cls == "down" and col.key == "name":
                f = QFont()
                f.setStrikeOut(True)
                return f
            return None
        if role == TOOLTIP_ROLE:
            if col.key == "status":
                note = f" — {row['status_note']}" if row.get("status_note") else ""
                return f"{_pretty(row.get('status', ''))} ({translate('icons', STATUS_TEXT.get(cls, ''))}){note}"
            if col.key in ("weapons", "skills", "injuries"):
                return as_text(row.get(col.key)) or None
            return None
        return None


def simple_columns(spec: Sequence[tuple[str, str]]) -> list[Column]:
    return [Column(k, t) for k, t in spec]
