"""The main window's roster table (its first tab): the rows of the roster or campaign
chosen in the tree (a page at a time above ``ui.paged.PAGE_THRESHOLD`` figures), its
columns by game system, its title, the search and status filter, and the rows a change
set names read again (:meth:`RosterTable._apply_to_table`). A part of
:class:`ui.main_window.MainWindow` (its widgets are the window's: ``table``, ``model``,
``table_title``, ``roster_filter``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6 import QtCore

from ui.i18n import plural, translate
from ui.lazy import q
from ui.rules_text import rules_text

if TYPE_CHECKING:
    from campaign_app.changes import Changes


def count_text(rows: list[dict[str, Any]]) -> str:
    """What a roster table holds, in the words of its rows: "3 fighters", "2 units · 9
    figures" (a unit counts its figures as well), "4 fighters · 1 unit · 5 figures"."""
    fighters = sum(1 for r in rows if r.get("what") != "unit")
    units = [r for r in rows if r.get("what") == "unit"]
    parts = []
    if fighters or not units:
        parts.append(plural(fighters, translate("main_window", "{n} fighter"), translate("main_window", "{n} fighters")))
    if units:
        figures = sum(int(r.get("figures") or 0) for r in units)
        parts.append(plural(len(units), translate("main_window", "{n} unit"), translate("main_window", "{n} units")))
        parts.append(plural(figures, translate("main_window", "{n} figure"), translate("main_window", "{n} figures")))
    return "  ·  ".join(parts)


def first_screen_headers(table: Any, model: Any) -> None:
    """The first screen's table headers, read from two C++ models made to match
    ``model``'s columns and row count (issue #32). Qt asks a Python model's
    ``headerData`` with a ``Qt.Orientation``, and that first Python enum of Qt's
    namespace builds all 93 of them (some 125 million instructions); the rows' cells come
    from ``model`` itself (``data`` is asked with a plain int). Called again whenever the
    columns or the rows change while the first screen shows; :func:`end_first_screen_table`
    gives the headers back to ``model``."""
    from PySide6.QtGui import QStandardItem, QStandardItemModel

    from ui.models import ALIGNMENT_ROLE

    top, side = getattr(table, "_first_headers", (None, None))
    if top is None:
        top, side = QStandardItemModel(table), QStandardItemModel(table)
        table._first_headers = (top, side)
        table.horizontalHeader().setModel(top)
        table.verticalHeader().setModel(side)
    top.setColumnCount(len(model.columns))
    for i, col in enumerate(model.columns):
        item = QStandardItem(col.title)
        item.setToolTip(col.tip or col.title)
        if col.align:
            item.setData(col.align, ALIGNMENT_ROLE)  # as the model gives it
        top.setHorizontalHeaderItem(i, item)
    side.setRowCount(model.rowCount())


def end_first_screen_table(table: Any, model: Any) -> None:
    """The first screen over: the headers read ``model`` again (each column keeps its
    width and whether it is hidden) and a header click sorts."""
    top, side = getattr(table, "_first_headers", (None, None))
    if top is not None:
        hh = table.horizontalHeader()
        kept = [(hh.sectionSize(i), hh.isSectionHidden(i)) for i in range(hh.count())]
        hh.setModel(model)
        table.verticalHeader().setModel(model)
        del table._first_headers
        top.deleteLater()
        side.deleteLater()
        for i, (width, hidden) in enumerate(kept[:hh.count()]):
            hh.resizeSection(i, width)
            hh.setSectionHidden(i, hidden)
    if not table.isSortingEnabled():  # (also a first screen that ended before its table was filled)
        from ui.views import enable_sorting

        enable_sorting(table)


def _statuses_of(rows: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """The statuses among ``rows``, in words, for the roster filter."""
    seen = sorted({str(r.get("status") or "") for r in rows} - {""})
    return [(s, s.replace("-", " ").capitalize()) for s in seen]


def _figure_order(row: dict[str, Any]) -> tuple[bool, int]:
    """The roster table's rows as the query gives them: fighters, then units, by id."""
    return row["what"] != "fighter", row["id"]


class _Counted:
    """A scope's SQL counts as ``ui.paged.count_words`` reads a paged model's."""

    paged = True

    def __init__(self, counts: dict[str, int]) -> None:
        self.counts = self.total = counts


class RosterTable:
    """The roster table's part of the main window (a mixin of
    :class:`ui.main_window.MainWindow`)."""

    def _apply_to_table(self, changes: Changes, keep: dict[str, Any] | None) -> None:
        """What ``changes`` changed of the table: all of it when the shape changed, else
        the rows of the fighters and units it names; ``keep``: the row to keep selected."""
        if changes.structure:
            self.load_table(keep)
        elif changes.figures():
            self._refresh_rows(changes)

    def _refresh_rows(self, ch: Changes) -> None:
        """The table rows of the fighters and units ``ch`` names, and only those."""
        assert self.campaign is not None
        if self.model.paged:  # a paged table reads them with their place in its order
            self.model.refresh(ch.fighters, ch.units)
            self._set_table_title()
            return
        scope: dict[str, Any] = ({"roster": self.roster_id} if self.roster_id is not None
                                 else {"campaign": self.campaign["id"]})
        data = self.app.run(q.roster_rows, fighters=sorted(ch.fighters), units=sorted(ch.units), **scope)
        named = [("fighter", i) for i in ch.fighters] + [("unit", i) for i in ch.units]
        self.model.update_rows(data["rows"], named, key=lambda r: (r["what"], r["id"]),
                               natural=_figure_order)
        self._set_table_title()

    def load_table(self, keep: dict[str, Any] | None = None) -> None:
        assert self.campaign is not None and self.system is not None
        from ui import paged

        scope = {"roster": self.roster_id} if self.roster_id is not None else {"campaign": self.campaign["id"]}
        big = paged.big_scope(self.app, scope)  # above PAGE_THRESHOLD figures: page by page
        data = {"rows": []} if big is not None else self.app.run(q.roster_rows, **scope)
        shown = (self.campaign["id"], self.roster_id)
        if shown != self._filter_for:  # another campaign or roster: every row of it
            self._filter_for = shown
            self.roster_filter.clear()
        self.model.set_accept(self.roster_filter.accept(self._row_text))
        self._set_columns()
        if big is not None:
            paged.fill(self, scope, big)
        else:
            self.model.set_rows(data["rows"])
            self.roster_filter.set_statuses(_statuses_of(data["rows"]))
        self._fit_columns()
        self._set_table_title()
        if keep is not None:
            r = self.model.find(lambda row: row["what"] == keep["what"] and row["id"] == keep["id"])
            if r >= 0:
                self.table.selectRow(r)
            elif self.model.paged:  # selected when its page comes
                self.model.pending = (keep["what"], keep["id"])

    def _set_columns(self) -> None:
        """The table's columns for the game and scope shown (kept while they are the same)."""
        assert self.campaign is not None and self.system is not None
        from campaign_app.usecases.first_screen import roster_layout

        key = (self.system["id"], self.campaign.get("edition"), self.roster_id is None)
        if key != self._columns_key:
            from PySide6.QtWidgets import QHeaderView

            from ui.models import roster_columns

            self.model.set_columns(roster_columns(self.system, with_roster=self.roster_id is None))
            self._columns_key = key
            if self._first_screen:
                first_screen_headers(self.table, self.model)
            hh = self.table.horizontalHeader()
            hh.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
            for i, col in enumerate(self.model.columns):
                if col.width:
                    self.table.setColumnWidth(i, col.width)
                elif col.key.startswith("stat:") or col.key in ("rep", "xp", "wounded", "battles_fought"):
                    self.table.setColumnWidth(i, 40)
                else:
                    self.table.setColumnWidth(i, 96)
            hh.setStretchLastSection(True)
            if self.table.isSortingEnabled():  # (the first screen's table sorts once it is over)
                self.table.horizontalHeader().setSortIndicator(-1, QtCore.Qt.SortOrder.AscendingOrder)
            hidden = self.settings.hidden_columns(self.system["id"])
            if hidden is None:  # never chosen: the game's own default
                hidden = set(roster_layout(self.system["id"]).table_hidden)
            self.roster_filter.set_columns([(c.key, c.title) for c in self.model.columns], hidden)
            self._show_chosen_columns()

    def _set_table_title(self, counts: dict[str, int] | None = None) -> None:
        from ui.text import esc

        assert self.campaign is not None
        if self.roster_id is not None:
            roster = next((r for r in self.campaign["rosters"] if r["id"] == self.roster_id), None)
            title = translate("MainWindow", "<b>{value}</b>  ·  {system_name}").format(value=esc(roster['name'] if roster else ''), system_name=esc(rules_text(self.campaign['system_name'])))
        else:
            title = (translate("MainWindow", "<b>{name}</b>  ·  every roster  ·  {system_name}").format(name=esc(self.campaign['name']), system_name=esc(rules_text(self.campaign['system_name']))))
        from ui.paged import count_words

        if counts is not None:  # the first screen of a big scope: its SQL counts
            words, hidden = count_words(_Counted(counts)) or ("", 0)
        else:
            words, hidden = count_words(self.model) or (count_text(self.model.rows), len(self.model.left_out))
        more = translate("MainWindow", "  ·  {hidden} more left out by the filter").format(hidden=hidden) if hidden else ""
        self.table_title.setText(f"{title}  ·  {words}{more}")

    def _row_text(self, row: dict[str, Any]) -> str:
        """What a row shows, column by column: what the roster search looks in."""
        return " ".join(c.text(row) for c in self.model.columns)

    def _roster_filter_changed(self) -> None:
        if self.campaign is not None and self.system is not None:
            self.load_table(keep=self.selected_row())

    def _roster_columns_chosen(self) -> None:
        if self.system is not None:
            self.settings.set_hidden_columns(self.system["id"], self.roster_filter.hidden)
        self._show_chosen_columns()

    def _show_chosen_columns(self) -> None:
        for i, c in enumerate(self.model.columns):
            self.table.setColumnHidden(i, c.key in self.roster_filter.hidden)

    def find_in_roster(self) -> None:
        """Ctrl+F: the roster tab, its search field ready for typing."""
        if not getattr(self, "_main_built", False) or self.campaign is None:
            return
        from ui.main_window import TAB_ROSTER
        from ui.roster_filter import focus_search

        self.tabs.setCurrentIndex(TAB_ROSTER)
        focus_search(self.roster_filter)

    def _fit_columns(self) -> None:
        """Columns as wide as their contents (sampled: cheap on big rosters), capped."""
        hh = self.table.horizontalHeader()
        # the first screen's table sorts once it is over: its headers measured with the
        # room of the sort arrow all the same, so no column moves at the switch
        arrow_room = not hh.isSortIndicatorShown()
        if arrow_room:
            hh.setSortIndicatorShown(True)  # (back off before any paint: no arrow drawn)
        try:
            self._fit_each_column()
            hh.setStretchLastSection(True)
            self._squeeze_columns()
        finally:
            if arrow_room:
                hh.setSortIndicatorShown(False)

    def _fit_each_column(self) -> None:
        from ui.views import column_hint, sampled_rows

        hh = self.table.horizontalHeader()
        fm = self.table.fontMetrics()
        rows = sampled_rows(self.table)  # (the same rows for every column)
        sample = self.model.rows[:200]
        for i, col in enumerate(self.model.columns):
            if col.key.startswith("stat:"):  # short values: as wide as the widest, no more
                widest = max([fm.horizontalAdvance(col.text(r)) for r in sample]
                             + [fm.horizontalAdvance(col.title)])
                self.table.setColumnWidth(i, widest + 8)  # 13 characteristics fit 1280 px (advance helper)
                continue
            # what resizeColumnToContents sets, its column's hint asked of few cells
            # (ui.views.column_hint: the same number)
            fits = max(column_hint(self.table, i, rows), 0 if hh.isHidden() else hh.sectionSizeHint(i))
            want = max(fits, fm.horizontalAdvance(col.title) + 22)
            cap = 260 if col.key in ("weapons", "skills", "injuries") else 200
            self.table.setColumnWidth(i, min(want, cap))

    def _squeeze_columns(self) -> None:
        """Wider than the table: the text columns (weapons, skills, names...) give way,
        their words wrapping onto more lines, before a sideways scroll bar appears. (A
        table of over a thousand rows keeps one line per row: measuring each is slow.)"""
        if self.campaign is None or len(self.model.rows) > 1000 or self.model.paged:
            return
        from ui.views import squeeze_columns, wrap_rows

        fixed = [c.key.startswith("stat:") or c.key in ("rep", "xp") for c in self.model.columns]
        for _ in range(2):  # taller rows may bring a vertical scroll bar: squeeze once more
            if not squeeze_columns(self.table, skip=lambda c: fixed[c]):
                break
            wrap_rows(self.table)

    def selected_row(self) -> dict[str, Any] | None:
        ix = self.table.selectionModel().currentIndex() if self.table.selectionModel() else None
        if ix is None or not ix.isValid():
            return None
        if not self.table.selectionModel().isRowSelected(ix.row(), ix.parent()):
            return None
        return self.model.row_at(ix.row())

    def select_figure(self, name: str) -> bool:
        r = self.model.find(lambda row: row["name"] == name)
        if r >= 0:
            self.table.selectRow(r)
            self.show_detail()
        return r >= 0
