"""The roster table of a big scope, read a page at a time (issue #19: a league's largest
roster has 30,000 fighters, a campaign 300,000).

Up to :data:`PAGE_THRESHOLD` figures the table holds every row (``ui.models.RosterModel``:
sorted and filtered in Python, as before). Above it the same model, a
:class:`PagedRosterModel`, asks ``gui_queries.roster_page`` for the first
``PAGE_ROWS`` rows in the current order and for the next ones as the view scrolls to
the end (Qt's ``canFetchMore``/``fetchMore``); a column click sorts in SQL, the roster
filter runs in SQL, the title's counts are SQL counts. Weapons, skills and injuries
(lists) cannot be sorted then: a click on them keeps the order there is.

The window calls :func:`big_scope` and :func:`fill` from ``load_table``, the model's
``refresh`` from ``_refresh_rows``, :func:`count_words` from ``_set_table_title``."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QLocale, QModelIndex, QPersistentModelIndex

from ui.i18n import plural, translate
from ui.models import DISPLAY_ROLE, RosterModel, Row, descending

if TYPE_CHECKING:
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QTableView

    from campaign_app.usecases.gui_queries import RosterCount

PAGE_THRESHOLD = 2000  # figures of a scope above which the table is read page by page
PAGE_ROWS = 500  # rows read at a time

Index = QModelIndex | QPersistentModelIndex
Key = tuple[Any, ...]  # a row's place in the order (gui_queries.RosterPage keys)


def _before(a: Key, b: Key, desc: bool) -> bool:
    """Whether key ``a`` sorts before ``b``: blanks last, the value (reversed when
    descending), then kind and id (as ``db.queries.pages`` orders them)."""
    if a[0] != b[0]:
        return bool(a[0] < b[0])
    if not a[0] and a[1] is not None and b[1] is not None and a[1] != b[1]:
        return bool(a[1] > b[1]) if desc else bool(a[1] < b[1])
    return (a[2], a[3]) < (b[2], b[3])


def _row_key(row: Row) -> tuple[str, int]:
    return row["what"], row["id"]


class PagedRosterModel(RosterModel):
    """The roster table's model: every row (``set_rows``, as ``RosterModel``), or, after
    :meth:`load_pages`, a page at a time from the database."""

    def __init__(self, columns: Sequence[Any] = (), parent: Any = None) -> None:
        super().__init__(columns, parent)
        self.paged = False
        self.app: Any = None
        self.scope: dict[str, int] = {}
        self.search = ""
        self.status: str | None = None
        self.keys: list[Key] = []  # the loaded rows' keys, in order
        self.more = False
        self.total: RosterCount | None = None  # every figure of the scope
        self.counts: RosterCount | None = None  # those the filter lets through
        self.view: QTableView | None = None
        self.pending: tuple[str, int] | None = None  # selected before a sort, not loaded yet

    # the whole scope in memory (small rosters) -----------------------------------
    def set_rows(self, rows: Sequence[Row]) -> None:
        self.paged = False
        self.keys, self.more, self.total, self.counts = [], False, None, None
        super().set_rows(rows)

    # paged ---------------------------------------------------------------------------
    def _sort_key(self) -> str | None:
        if 0 <= self.sort_column < len(self.columns):
            return self.columns[self.sort_column].key
        return None

    def _read(self, after: Key | None, limit: int | None = None, **named: Any) -> Any:
        from campaign_app.usecases import gui_queries as q

        return self.app.run(q.roster_page, sort=self._sort_key(),
                             descending=descending(self.sort_order),
                             search=self.search, status=self.status, after=after, limit=limit or PAGE_ROWS,
                             **self.scope, **named)

    def _count(self) -> None:
        from campaign_app.usecases import gui_queries as q

        if not (self.search.strip() or self.status is not None):
            self.counts = self.total
        elif not self.more:  # the filter's every row is on the first page: counted here, not again in SQL
            units = [r for r in self.rows if r["what"] == "unit"]
            self.counts = {"fighters": len(self.rows) - len(units), "units": len(units),
                           "figures": sum(int(r.get("figures") or 0) for r in units)}
        else:
            self.counts = self.app.run(q.roster_count, search=self.search, status=self.status, **self.scope)

    def load_pages(self, app: Any, scope: dict[str, int], total: RosterCount, search: str = "",
                   status: str | None = None) -> None:
        """Show the first page of ``scope`` (``{"roster": id}`` or ``{"campaign": id}``;
        ``total``: its figures) under the filter (``search``, ``status``), in the current
        order; the rest comes as the view scrolls."""
        self.app, self.scope, self.total = app, dict(scope), total
        self.pending = None
        self.search, self.status = search, status
        if self._sort_key() is not None and not self.sortable(self.sort_column):
            self.sort_column = -1
        self._first_page()

    def _first_page(self) -> None:
        page = self._read(None)
        self.beginResetModel()
        self.paged = True
        self.left_out = set()
        self.rows, self.keys, self.more = list(page["rows"]), [tuple(k) for k in page["keys"]], page["more"]
        self.endResetModel()
        self._count()

    def canFetchMore(self, parent: Index = QModelIndex()) -> bool:  # noqa: N802, B008 (Qt's name)
        return self.paged and self.more and not parent.isValid()

    def fetchMore(self, parent: Index = QModelIndex()) -> None:  # noqa: N802, B008 (Qt's name)
        """The next page, after the last row loaded (keyset: never a whole scope)."""
        if not self.canFetchMore(parent):
            return
        page = self._read(self.keys[-1] if self.keys else None)
        rows, keys = list(page["rows"]), [tuple(k) for k in page["keys"]]
        self.more = page["more"]
        if rows:
            n = len(self.rows)
            self.beginInsertRows(QModelIndex(), n, n + len(rows) - 1)
            self.rows += rows
            self.keys += keys
            self.endInsertRows()
        if self.pending is not None and self.view is not None:  # the figure selected before a sort
            if self.view.selectionModel().hasSelection():
                self.pending = None
            elif self.select(self.pending):
                self.pending = None

    def sortable(self, column: int) -> bool:
        from campaign_app.usecases.gui_queries import roster_sortable

        return 0 <= column < len(self.columns) and roster_sortable(self.columns[column].key)

    def sort(self, column: int, order: Qt.SortOrder | None = None) -> None:
        """A column click: in memory as before, or (paged) the first page again in the
        new order, read in SQL; the selected figure stays selected when it is loaded."""
        from PySide6.QtCore import Qt

        order = Qt.SortOrder.AscendingOrder if order is None else order
        if not self.paged:
            super().sort(column, order)
            return
        if not self.sortable(column):  # a list column: the order stays, and its arrow
            if self.view is not None:
                hh = self.view.horizontalHeader()
                hh.blockSignals(True)
                hh.setSortIndicator(self.sort_column, self.sort_order)
                hh.blockSignals(False)
            return
        if (column, order) == (self.sort_column, self.sort_order):
            return
        keep = self._selected() or self.pending
        self.sort_column, self.sort_order = column, order
        self._first_page()
        self.pending = None if self.select(keep) else keep  # selected again when its page comes

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802 (Qt's name)
                   role: int = DISPLAY_ROLE) -> Any:
        from PySide6.QtCore import Qt

        got = super().headerData(section, orientation, role)
        if (role == Qt.ItemDataRole.ToolTipRole and self.paged and orientation == Qt.Orientation.Horizontal
                and 0 <= section < len(self.columns) and not self.sortable(section)):
            return translate("paged", "{tip} (a table this long sorts by the other columns)").format(tip=got)
        return got

    # the selection ---------------------------------------------------------------------
    def _selected(self) -> tuple[str, int] | None:
        if self.view is None or self.view.selectionModel() is None:
            return None
        ix = self.view.selectionModel().currentIndex()
        row = self.row_at(ix.row()) if ix.isValid() else None
        return _row_key(row) if row is not None else None

    def select(self, key: tuple[str, int] | None) -> bool:
        """Select the row of figure ``key`` if it is loaded; whether it is."""
        if key is None or self.view is None:
            return False
        r = self.find(lambda row: _row_key(row) == key)
        if r >= 0:
            self.view.selectRow(r)
        return r >= 0

    # a change set: the named rows read again ----------------------------------------------
    def refresh(self, fighters: Iterable[int], units: Iterable[int]) -> None:
        """Read again the named fighters and units (those still in the scope and the
        filter, with their place in the order): a loaded one is replaced, moved where
        it sorts now (or let go when that is past the rows loaded: a later page brings
        it), removed when gone; one not loaded comes in when it now sorts among them.
        Selections follow their rows."""
        fighters, units = sorted(fighters), sorted(units)
        named = {("fighter", i) for i in fighters} | {("unit", i) for i in units}
        page = self._read(None, len(named) + 1, fighters=fighters, units=units)
        fresh = {_row_key(r): (r, tuple(k)) for r, k in zip(page["rows"], page["keys"], strict=True)}
        for i in range(len(self.rows) - 1, -1, -1):  # gone, or past what is loaded
            k = _row_key(self.rows[i])
            if k in named and (k not in fresh or self._past_loaded(fresh[k][1], i)):
                self.beginRemoveRows(QModelIndex(), i, i)
                del self.rows[i]
                del self.keys[i]
                self.endRemoveRows()
        desc = descending(self.sort_order)
        last = max(len(self.columns) - 1, 0)
        for k, (row, key) in fresh.items():
            i = self.find(lambda r, k=k: _row_key(r) == k)
            if i >= 0:
                self.rows[i], self.keys[i] = row, key
                self.dataChanged.emit(self.index(i, 0), self.index(i, last))
                others = self.keys[:i] + self.keys[i + 1:]
                j = next((n for n, other in enumerate(others) if _before(key, other, desc)), len(others))
                if j != i:
                    self.beginMoveRows(QModelIndex(), i, i, QModelIndex(), j + 1 if j > i else j)
                    del self.rows[i]
                    del self.keys[i]
                    self.rows.insert(j, row)
                    self.keys.insert(j, key)
                    self.endMoveRows()
                continue
            j = next((n for n, other in enumerate(self.keys) if _before(key, other, desc)), len(self.keys))
            if j < len(self.keys) or not self.more:
                self.beginInsertRows(QModelIndex(), j, j)
                self.rows.insert(j, row)
                self.keys.insert(j, key)
                self.endInsertRows()
        if units or self.counts is not self.total:
            self._count()

    def _past_loaded(self, key: Key, at: int) -> bool:
        """Whether ``key`` (the row at ``at``, changed) now sorts after every other row
        loaded while more are to come."""
        if not self.more:
            return False
        desc = descending(self.sort_order)
        others = self.keys[:at] + self.keys[at + 1:]
        return not others or not _before(key, others[-1], desc)


# --------------------------------------------------------------------------- the window's hooks
def big_scope(app: Any, scope: dict[str, int]) -> RosterCount | None:
    """The figures of ``scope`` (SQL counts) when there are more than PAGE_THRESHOLD
    (the table is paged), else None (every row in memory)."""
    from campaign_app.usecases import gui_queries as q

    n = app.run(q.roster_count, **scope)
    return n if n["fighters"] + n["units"] > PAGE_THRESHOLD else None


def fill(win: Any, scope: dict[str, int], total: RosterCount) -> None:
    """The window's table paged over ``scope``: its first page, under the roster filter,
    and the filter's statuses from SQL."""
    from campaign_app.usecases import gui_queries as q
    from ui.qtboot import set_by_name

    model: PagedRosterModel = win.model
    model.view = win.table
    win.table.setWordWrap(False)  # one line per row (measuring each is slow), cut short with "…"
    set_by_name(win.table, textElideMode="ElideRight")
    bar = win.roster_filter
    bar.set_statuses([(s, s.replace("-", " ").capitalize()) for s in win.app.run(q.roster_statuses, **scope)])
    model.load_pages(win.app, scope, total, search=bar.search.text(), status=bar.status.currentData())
    hh = win.table.horizontalHeader()
    if hh.sortIndicatorSection() != model.sort_column:  # a list column sorted in memory before: no longer
        hh.blockSignals(True)
        hh.setSortIndicator(model.sort_column, model.sort_order)
        hh.blockSignals(False)


def _number(n: int) -> str:
    """``n`` with the language's thousands separator ("30,000")."""
    loc = QLocale()
    loc.setNumberOptions(QLocale.NumberOption.DefaultNumberOptions)
    return loc.toString(n)


def count_words(model: Any) -> tuple[str, int] | None:
    """A paged table's counts in words ("30,000 fighters", "2 units · 9 figures") and how
    many figures the filter leaves out; None for a table held in memory."""
    if not getattr(model, "paged", False) or model.counts is None or model.total is None:
        return None
    c, t = model.counts, model.total
    parts = []
    if c["fighters"] or not c["units"]:
        parts.append(plural(c["fighters"], translate("main_window", "{n} fighter"),
                            translate("main_window", "{n} fighters")).replace(str(c["fighters"]), _number(c["fighters"]), 1))
    if c["units"]:
        parts.append(plural(c["units"], translate("main_window", "{n} unit"),
                            translate("main_window", "{n} units")).replace(str(c["units"]), _number(c["units"]), 1))
        parts.append(plural(c["figures"], translate("main_window", "{n} figure"),
                            translate("main_window", "{n} figures")).replace(str(c["figures"]), _number(c["figures"]), 1))
    left = t["fighters"] + t["units"] - c["fighters"] - c["units"]
    return "  ·  ".join(parts), left
