"""The campaign's tabs besides the roster: battles, the roll log (filters: battle,
fighter, table) and the history of actions (what Undo would undo)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, QModelIndex, QObject, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from ui.i18n import QT_TRANSLATE_NOOP, plural, translate
from ui.lazy import journal, q
from ui.models import (
    ALIGN_CENTER,
    ALIGN_RIGHT,
    DECORATION_ROLE,
    DISPLAY_ROLE,
    FONT_ROLE,
    FOREGROUND_ROLE,
    TOOLTIP_ROLE,
    Column,
    Row,
    RowsModel,
)
from ui.qtboot import set_by_name
from ui.text import when


def table_view(model: RowsModel, name: str, sorting: bool = True) -> QTableView:
    """A read-only table of ``model``'s rows, sorted by a header click unless ``sorting``
    is False (the first screen's roster: :func:`enable_sorting` once it is over)."""
    v = QTableView()
    v.setObjectName(name)
    v.setModel(model)
    if sorting:
        enable_sorting(v)
    v.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
    v.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    v.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    v.setAlternatingRowColors(True)
    v.verticalHeader().hide()
    v.verticalHeader().setDefaultSectionSize(24)
    v.horizontalHeader().setHighlightSections(False)
    v.horizontalHeader().setResizeContentsPrecision(80)
    v.setWordWrap(False)
    v.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    return v


def enable_sorting(v: QTableView) -> None:
    """A header click sorts ``v``'s model, which stays in its order until then (Qt sorts
    by the header's indicator as sorting is turned on: it points at no column first)."""
    from PySide6.QtCore import Qt

    v.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
    v.setSortingEnabled(True)


def fit_columns(view: QTableView, cap: int = 260) -> None:
    """Columns as wide as their contents (sampled rows), capped; the last one stretches.
    A capped column's text wraps at spaces (its rows grow) instead of being cut off."""
    model = view.model()
    capped = False
    for i in range(model.columnCount()):
        view.resizeColumnToContents(i)
        if view.columnWidth(i) > cap:
            view.setColumnWidth(i, cap)
            capped = True
    refit_on_resize(view)
    if squeeze_columns(view) or capped or view.wordWrap():
        wrap_rows(view)
        if squeeze_columns(view):  # the taller rows may bring a vertical scroll bar
            wrap_rows(view)


def column_hint(view: QTableView, c: int, rows: list[int] | None = None) -> int:
    """``view.sizeHintForColumn(c)`` of a table over a :class:`~ui.models.RowsModel`,
    the same number asked of far fewer cells (a test compares both): Qt asks the
    delegate's size of every row it samples (the visible ones, then above and below, as
    many as the header's resize precision), some ten ``data()`` calls and a text layout
    each, 13 ms of the first screen's 300-figure roster (issue #32). Here each sampled
    cell's text is measured with the font metrics alone (in its own font, an icon's room
    added), and the delegate asked only of the widest and of any within two pixels of it
    (a text layout rounds). ``rows``: :func:`sampled_rows`, when known."""
    model = view.model()
    if not isinstance(model, RowsModel) or view.wordWrap():  # (wrapped text: the layout decides)
        return int(view.sizeHintForColumn(c))
    rows = sampled_rows(view) if rows is None else rows
    if not rows:
        return int(view.sizeHintForColumn(c))
    fm, base, icon = view.fontMetrics(), view.font(), max(16, view.iconSize().width()) + 8
    col, value, data = model.columns[c], model.value, model.rows
    widths = []
    for r in rows:
        row = data[r]
        font = value(row, col, FONT_ROLE)
        text = str(value(row, col, DISPLAY_ROLE) or "")
        w = (QFontMetrics(font.resolve(base)) if font is not None else fm).horizontalAdvance(text)
        deco = value(row, col, DECORATION_ROLE) is not None
        widths.append((w + icon if deco else w, r, (text, font.key() if font is not None else "", deco)))
    top = max(w for w, _r, _same in widths)
    widest: dict[tuple[str, str, bool], int] = {}  # cells alike in text, font and icon measure alike
    for w, r, same in widths:
        if w >= top - 2:
            widest.setdefault(same, r)
    hint = max(view.sizeHintForIndex(model.index(r, c)).width() for r in widest.values())
    return int(hint) + (1 if view.showGrid() else 0)


def sampled_rows(view: QTableView) -> list[int]:
    """The rows ``QTableView::sizeHintForColumn`` asks the delegate about (Qt 6's own
    loop): the visible ones from the top, then one above or below by the parity of the
    count so far, up to the horizontal header's resize precision; hidden rows skipped."""
    count = view.model().rowCount()
    if count <= 0:
        return []
    most = view.horizontalHeader().resizeContentsPrecision()
    vh = view.verticalHeader()
    plain = not vh.sectionsHidden() and not vh.sectionsMoved()  # (then a row is where it shows)
    logical: Callable[[int], int] = (lambda v: v) if plain else vh.logicalIndex
    hidden: Callable[[int], bool] = (lambda _r: False) if plain else vh.isSectionHidden
    top = max(0, vh.visualIndexAt(0))
    bottom = vh.visualIndexAt(viewport_size(view)[1])
    if not view.isVisible() or bottom == -1:
        bottom = count - 1
    out: list[int] = []
    row = top
    while row <= bottom:
        if not hidden(logical(row)):
            out.append(logical(row))
            if len(out) == most:
                break
        row += 1
    last, up, down = count - 1, top, row - 1
    done = 0 if most == 0 else len(out)
    while done != most and (up > 0 or down < last):
        found = -1
        if (done % 2 and up > 0) or down == last:
            while up > 0:
                up -= 1
                if not hidden(logical(up)):
                    found = logical(up)
                    break
        else:
            while down < last:
                down += 1
                if not hidden(logical(down)):
                    found = logical(down)
                    break
        if found < 0:
            continue
        out.append(found)
        done += 1
    return out


def viewport_size(view: Any) -> tuple[int, int]:
    """The width and height of a scroll area's viewport as Qt lays it out (its contents
    less the viewport margins, the headers of a table, and less a scroll bar shown),
    without asking ``viewport()``: PySide types the plain QWidget it returns by making
    every class of QtWidgets not made yet, some 6 ms of the first screen (issue #32). A
    test compares both."""
    r, m = view.contentsRect(), view.viewportMargins()
    w, h = r.width() - m.left() - m.right(), r.height() - m.top() - m.bottom()
    if view.frameRect() == view.rect():  # (else the style frames the contents alone, bars outside)
        vbar, hbar = view.verticalScrollBar(), view.horizontalScrollBar()
        if vbar.isVisible():  # shown (its container is): the width it is laid out by
            w -= vbar.sizeHint().width()
        if hbar.isVisible():
            h -= hbar.sizeHint().height()
    return w, h


def squeeze_columns(view: QTableView, skip: Callable[[int], bool] = lambda _c: False) -> bool:
    """Wider than the view: the widest columns give way, each down to its longest word
    (sampled rows), their text then wrapping, before a sideways scroll bar appears.
    Returns whether a column gave way. Nothing happens while the view is hidden."""
    model = view.model()
    room, high = viewport_size(view)
    bar = view.verticalScrollBar()
    if not bar.isVisible() and view.verticalHeader().length() > high:
        # the rows (grown by wrapping) will need a vertical scroll bar: leave it room
        # the width the scroll area gives the bar: it lays it out by its size hint (and
        # no QStyle here: its ~500 Python enums are not on the first screen's path)
        room -= bar.sizeHint().width()
    cols = [c for c in range(model.columnCount()) if not view.isColumnHidden(c)]
    if not cols or room <= 0 or not view.isVisible():
        return False
    hh = view.horizontalHeader()
    last = cols[-1]
    need_last = max(column_hint(view, last), hh.sectionSizeHint(last)) if hh.stretchLastSection() \
        else view.columnWidth(last)
    over = sum(view.columnWidth(c) for c in cols[:-1]) + need_last - room
    if over <= 0:
        return False
    rows = min(model.rowCount(), 200)
    gave = False
    for c in sorted((c for c in cols if not skip(c)), key=lambda c: -view.columnWidth(c)):
        floor = column_floor(view, c, rows)
        width = need_last if c == last else view.columnWidth(c)
        give = min(over, width - floor)
        if give > 0:
            view.setColumnWidth(c, width - give)
            over -= give
            gave = True
        if over <= 0:
            break
    return gave


def _horizontal() -> Any:
    from PySide6.QtCore import Qt

    return Qt.Orientation.Horizontal


def column_floor(view: QTableView, c: int, rows: int | None = None) -> int:
    """How narrow column ``c`` may get: its longest word (the first ``rows`` rows, 200 by
    default) in each cell's own font (a bold status is wider), its whole title (a header
    does not wrap) and an icon beside the text."""
    model = view.model()
    rows = min(model.rowCount(), 200) if rows is None else rows
    fm = view.fontMetrics()
    widest: int | None = None
    for r in range(rows):
        ix = model.index(r, c)
        words = str(ix.data() or "").split()
        if words:
            font = ix.data(FONT_ROLE)
            m = QFontMetrics(font.resolve(view.font())) if font is not None else fm  # as the delegate does
            widest = max(widest or 0, *(m.horizontalAdvance(w) for w in words))
    floor = (30 if widest is None else widest) + 10
    # a table's own columns: their titles (what its headerData gives, asked without a
    # Qt.Orientation: no Python enum of Qt's namespace on the first screen's path)
    title = (model.columns[c].title if isinstance(model, RowsModel) and 0 <= c < len(model.columns)
             else str(model.headerData(c, _horizontal()) or ""))
    if title:
        floor = max(floor, QFontMetrics(view.horizontalHeader().font()).horizontalAdvance(title) + 12)
    if rows and model.index(0, c).data(DECORATION_ROLE) is not None:
        floor += max(16, view.iconSize().width()) + 8  # the icon beside the text
    return floor


class _RefitOnResize(QObject):
    """Squeeze a fitted table again when its viewport gets its width (first shown, a
    split dragged): a table filled while hidden fits when it appears."""

    def __init__(self, view: QTableView) -> None:
        super().__init__(view)
        self.view = view

    def eventFilter(self, obj: Any, event: Any) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.Resize and squeeze_columns(self.view):
            wrap_rows(self.view)
        return False


def refit_on_resize(view: QTableView) -> None:
    if not view.property("refits"):
        view.setProperty("refits", True)
        view.viewport().installEventFilter(_RefitOnResize(view))


WRAP_ALL_ROWS = 400
"""Up to this many rows a wrapping table measures them all; above it only the rows in
sight and a screenful either side, again as it scrolls: Qt lays out the text of every
cell it measures, and a national league's 10,000 standings took 2 s on the GUI thread,
on every sort again."""


def fit_rows(view: QTableView) -> None:
    """Each row of ``view`` as tall as its wrapped text: all of them, or above
    :data:`WRAP_ALL_ROWS` the ones in sight and a screenful either side."""
    n = view.model().rowCount()
    if n <= WRAP_ALL_ROWS:
        view.resizeRowsToContents()
        return
    for row in rows_near_sight(view, n):
        view.resizeRowToContents(row)


def rows_near_sight(view: QTableView, n: int) -> range:
    """The rows of ``view`` (of ``n``) in sight, and a screenful above and below them."""
    _w, high = viewport_size(view)
    step = max(1, view.verticalHeader().defaultSectionSize())
    top = max(0, view.rowAt(0))
    bottom = view.rowAt(max(0, high - 1))
    if bottom < 0:
        bottom = min(n - 1, top + high // step)
    span = bottom - top + 1
    return range(max(0, top - span), min(n, bottom + span + 1))


def wrap_rows(view: QTableView) -> None:
    """Long text wraps at spaces in ``view``, each row as tall as its text: at once, and
    again whenever a column is resized, the rows change or (a long table) it scrolls."""
    view.setWordWrap(True)
    set_by_name(view, textElideMode="ElideNone")
    timer = view.findChild(QTimer, "wrapRowsAgain")
    if timer is None:
        # the rows are measured again once the event loop comes back, however many
        # columns were resized meanwhile: fitting a log's eleven columns measured its
        # 200 rows eleven times (a second to show the roll log)
        timer = QTimer(view)
        timer.setObjectName("wrapRowsAgain")
        timer.setSingleShot(True)
        timer.setInterval(0)

        def again() -> None:  # a paged table (ui.paged) keeps one line per row: no measuring
            if not getattr(view.model(), "paged", False):
                fit_rows(view)

        def scrolled() -> None:  # rows come into sight: measured as they come
            if view.model().rowCount() > WRAP_ALL_ROWS:
                timer.start()

        timer.timeout.connect(again)
        view.horizontalHeader().sectionResized.connect(lambda *_a: timer.start())
        view.verticalScrollBar().valueChanged.connect(lambda *_a: scrolled())
        view.model().modelReset.connect(timer.start)
        view.model().rowsInserted.connect(lambda *_a: timer.start())
        view.model().layoutChanged.connect(lambda *_a: timer.start())
    fit_rows(view)
    timer.stop()  # measured just now


def wrap_items(view: Any) -> None:
    """A list whose long items wrap at spaces instead of being cut off."""
    from PySide6.QtWidgets import QListView

    view.setWordWrap(True)
    set_by_name(view, textElideMode="ElideNone", horizontalScrollBarPolicy="ScrollBarAlwaysOff")
    view.setUniformItemSizes(False)
    view.setResizeMode(QListView.ResizeMode.Adjust)


class LogModel(RowsModel):
    """The roll log's rows, a page at a time: Qt asks for the next page
    (``canFetchMore``/``fetchMore``) when the view is scrolled to the bottom."""

    more: Callable[[], list[Row]] | None = None  # reads the next page; None: none left

    def set_more(self, more: Callable[[], list[Row]] | None) -> None:
        self.more = more

    def canFetchMore(self, parent: Any = None) -> bool:  # noqa: N802 (Qt's name)
        return self.more is not None and not (parent is not None and parent.isValid())

    def fetchMore(self, parent: Any = None) -> None:  # noqa: N802 (Qt's name)
        if not self.canFetchMore(parent):
            return
        assert self.more is not None
        rows = self._split(self.more(), self.row_key)
        if not rows:
            return
        if self._sorted():  # a sorted log: the new rows go where the sort puts them
            self.layoutAboutToBeChanged.emit()
            self.rows += rows
            self._sort_rows(self.sort_column, self.sort_order)
            self.layoutChanged.emit()
            return
        self.beginInsertRows(QModelIndex(), len(self.rows), len(self.rows) + len(rows) - 1)
        self.rows += rows
        self.endInsertRows()

    def extra_data(self, row: Row, col: Column, role: int) -> Any:
        if role == FONT_ROLE and row.get("undone"):
            f = QFont()
            f.setStrikeOut(True)
            return f
        if role == FOREGROUND_ROLE and row.get("undone"):
            from PySide6.QtGui import QGuiApplication, QPalette

            return QGuiApplication.palette().color(QPalette.ColorRole.PlaceholderText)
        if role == FOREGROUND_ROLE and col.key == "source" and row.get("source") == "typed":
            from ui.theme import colours

            return QColor(colours().warning_text)
        if role == DECORATION_ROLE and col.key == "faces" and row.get("faces"):
            from ui.icons import die_icon  # the painting code: not on the first screen's path

            return die_icon(int(row["faces"][0]))
        if role == TOOLTIP_ROLE and col.key in ("purpose", "rule", "label"):
            return f"{row.get('rule', '')}: {row.get('purpose', '')}"
        return None


def _who(r: Row) -> str:
    """Who was rolled for; a fighter or unit removed since is said so."""
    if not r.get("removed"):
        return str(r["subject"])
    return translate("RollLog", "{name} (removed)").format(name=r["subject"])


def _dice(r: Row) -> str:
    vs = translate("views", " vs {target}").format(target=r['target']) if r.get("target") is not None else ""
    return f"{r['dice']}{vs}"


# A league's log holds millions of rolls; the view reads the newest page and an older
# page each time it is scrolled to the bottom (``LogModel.fetchMore``).


class CampaignTab(QWidget):
    """A tab that shows something of one campaign. ``set_campaign`` only points it at
    the campaign; the data is read when the tab is (or becomes) visible, so switching
    campaigns never reads a long roll log or history for a hidden tab."""

    app: Any = None
    campaign_id: int | None = None
    _stale = False

    def set_campaign(self, app: Any, campaign_id: int | None) -> None:
        self.app = app
        self.campaign_id = campaign_id
        self._stale = True
        if self.isVisible():
            self._stale = False
            self.load()

    _shown_fresh = False

    def showEvent(self, event: Any) -> None:  # noqa: N802 - Qt override
        super().showEvent(event)
        if self._stale:
            self._stale = False
            self.load()
            self._shown_fresh = True

    def read_on_show(self) -> bool:
        """Whether the tab, just chosen, should read again: not if it did as it appeared."""
        fresh, self._shown_fresh = self._shown_fresh, False
        return not fresh

    def load(self) -> None:
        raise NotImplementedError  # pragma: no cover


AUTO_VERIFY_ROLLS = 100_000  # a longer chain is checked when asked (Verify Chain), not on every show

_MARK_WORDS = (
    ("applied", QT_TRANSLATE_NOOP("RollLogView", "applied")),
    ("preview", QT_TRANSLATE_NOOP("RollLogView", "preview")),
    ("abandoned", QT_TRANSLATE_NOOP("RollLogView", "abandoned")),
    ("undone", QT_TRANSLATE_NOOP("RollLogView", "undone")),
    ("note", QT_TRANSLATE_NOOP("RollLogView", "note")),
)


class RollLogView(CampaignTab):
    """Every roll of the campaign, filtered by battle, fighter or table."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 4, 0, 0)
        bar = QHBoxLayout()
        self.battle = QComboBox()
        self.battle.setObjectName("logBattle")
        self.fighter = QComboBox()
        self.fighter.setObjectName("logFighter")
        self.fighter.setMinimumWidth(140)
        self.table = QComboBox()
        self.table.setObjectName("logTable")
        self.table.setMinimumWidth(160)
        for lab, w in ((translate("RollLogView", "Battle:"), self.battle), (translate("RollLogView", "Fighter:"), self.fighter), (translate("RollLogView", "Table:"), self.table)):
            bar.addWidget(QLabel(lab))
            bar.addWidget(w)
        # record helper: the marks (previews and abandoned rolls too) and the chain state
        self.mark = QComboBox()
        self.mark.setObjectName("logMark")
        self.mark.addItem(translate("RollLogView", "All marks"), None)
        for m, words in _MARK_WORDS:
            self.mark.addItem(translate("RollLogView", words), m)
        bar.addStretch(1)
        lay.addLayout(bar)
        # a second line: the mark, the chain state and the count (the filters stay narrow
        # enough for the campaign tree beside them, in every language)
        info = QHBoxLayout()
        info.addWidget(QLabel(translate("RollLogView", "Mark:")))
        info.addWidget(self.mark)
        self.chain = QLabel()
        self.chain.setObjectName("logChain")
        set_by_name(self.chain, textFormat="PlainText")
        info.addWidget(self.chain)
        self.verify = QPushButton(translate("RollLogView", "Verify Chain"))
        self.verify.setObjectName("logVerify")
        self.verify.setToolTip(translate("RollLogView", "Check every roll's hash, oldest first (log verify)"))
        self.verify.clicked.connect(lambda: self.verify_chain(asked=True))
        self.verify.hide()
        info.addWidget(self.verify)
        info.addStretch(1)
        self.count = QLabel()
        set_by_name(self.count, textFormat="PlainText")  # names the filter in force
        info.addWidget(self.count)
        lay.addLayout(info)
        self.model = LogModel([
            Column("id", "#", align=ALIGN_RIGHT),
            Column("when", translate("RollLogView", "When"), show=lambda r: when(r["when"])),
            Column("subject", translate("RollLogView", "Who"), show=_who),
            Column("purpose", translate("RollLogView", "For")),
            Column("dice", translate("RollLogView", "Dice"), value=_dice, show=_dice),
            Column("faces", translate("RollLogView", "Faces"), value=lambda r: r["faces"],
                   show=lambda r: ",".join(str(x) for x in r["faces"])),
            Column("value", translate("RollLogView", "Total"), align=ALIGN_CENTER),
            Column("label", translate("RollLogView", "Result"), value=lambda r: r["label"] or r["result"]),
            Column("table", translate("RollLogView", "Table"), show=lambda r: self.table_titles.get(r["table"] or "", r["table"] or "")),
            Column("source", translate("RollLogView", "Source")),
            Column("undone", "", show=lambda r: "" if r.get("mark", "applied") == "applied"
                   else translate("RollLogView", dict(_MARK_WORDS).get(r.get("mark", ""), r.get("mark", "")))),
        ])
        self.view = table_view(self.model, "rollLog")
        self.view.horizontalHeader().setStretchLastSection(True)
        lay.addWidget(self.view)
        for box in (self.battle, self.fighter, self.table, self.mark):
            box.currentIndexChanged.connect(self.refresh)
        self.model.rowsInserted.connect(lambda *_a: self._say_count())  # an older page read
        self.model.layoutChanged.connect(lambda *_a: self._say_count())

    _filters_of: int | None = None  # the campaign the filters were chosen in
    _chain_for = 0  # the newest chain check: an older one's answer is not shown
    table_titles: dict[str, str] = {}  # noqa: RUF012 - replaced per instance: table id -> its name

    def set_campaign(self, app: Any, campaign_id: int | None) -> None:
        if campaign_id != self.campaign_id:
            self._filters_of = None  # another campaign, even if the tab never showed it
        super().set_campaign(app, campaign_id)

    def load(self) -> None:
        self.reload_filters()
        self.refresh()
        self.check_chain()

    def check_chain(self) -> None:
        """Show whether the campaign's roll hash chain is intact (``log verify``): checked
        off the GUI thread when the chain is at most AUTO_VERIFY_ROLLS long, else when
        Verify Chain is pressed (a national league's millions of rolls take minutes)."""
        self._chain_for += 1
        self.verify.hide()
        self.chain.setStyleSheet("")
        self.chain.setToolTip("")
        if self.app is None or self.campaign_id is None:
            self.chain.setText("")
            return
        from campaign_app.usecases.record import chain_longer_than

        if self.app.run(chain_longer_than, self.campaign_id, AUTO_VERIFY_ROLLS):
            self.chain.setText(translate("RollLogView", "chain of over {n} rolls, not checked").format(
                n=f"{AUTO_VERIFY_ROLLS:,}"))
            self.verify.show()
            return
        self.verify_chain(asked=False)

    def verify_chain(self, asked: bool = True) -> None:
        """Check the chain on the thread pool; ``asked`` (Verify Chain): with a progress
        dialog and Cancel. Only the newest check of the campaign shown is shown."""
        if self.app is None or self.campaign_id is None:
            return
        import shiboken6

        from campaign_app.usecases.record import verify_chain
        from ui.worker import run_task

        self._chain_for += 1
        ticket, app, cid = self._chain_for, self.app, self.campaign_id
        self.chain.setText(translate("RollLogView", "checking the chain…"))
        self.verify.hide()

        def work(ctx: Any) -> Any:
            return app.run(verify_chain, cid, progress=lambda done, total: ctx.progress(
                done, total, translate("RollLogView", "{done} of {total} rolls checked").format(
                    done=f"{done:,}", total=f"{total:,}")))

        def done(st: Any) -> None:
            if shiboken6.isValid(self) and ticket == self._chain_for:
                self._show_chain(st)

        def stopped(*_a: Any) -> None:
            if shiboken6.isValid(self) and ticket == self._chain_for:
                self.chain.setText(translate("RollLogView", "chain not checked"))
                self.verify.show()

        self._chain_task = run_task(self.window() if asked else None, translate("RollLogView", "Verify Chain"),
                                    work, on_done=done, on_error=stopped, on_cancel=stopped)

    def _show_chain(self, st: Any) -> None:
        if st.intact:
            self.chain.setText(plural(st.rolls, translate("RollLogView", "chain intact: 1 roll"),
                                       translate("RollLogView", "chain intact: {n} rolls")))
            self.chain.setStyleSheet("")
        else:
            self.chain.setText(translate("RollLogView", "chain broken at roll %1").replace(
                "%1", str(st.broken_at)))
            from ui.theme import colours

            self.chain.setStyleSheet(f"color: {colours().error_text};")
        self.chain.setToolTip(st.problem)

    def reload_filters(self) -> None:
        """Fill the filter boxes from the campaign's rolls, keeping what was chosen while
        the campaign stays the same; another campaign starts from every roll."""
        boxes = (self.battle, self.fighter, self.table)
        same = self._filters_of == self.campaign_id
        keep = [b.currentData() if same else None for b in boxes]
        self._filters_of = self.campaign_id
        for b in boxes:
            b.blockSignals(True)
            b.clear()
        self.table_titles = {}
        self.battle.addItem(translate("RollLogView", "All battles"), None)
        self.fighter.addItem(translate("RollLogView", "Everyone"), None)
        self.table.addItem(translate("RollLogView", "All tables"), None)
        for b in boxes:  # "every ..." shows whole, in any language
            b.setMinimumWidth(max(b.minimumWidth(), b.fontMetrics().horizontalAdvance(b.itemText(0)) + 48))
        if self.app is not None and self.campaign_id is not None:
            f = self.app.run(q.log_filters, self.campaign_id)
            for b in f["battles"]:
                self.battle.addItem(f"#{b['number']} {b['scenario']}".strip(), b["id"])
            for x in f["fighters"]:
                self.fighter.addItem(x["name"], x["id"])
            for t in f["tables"]:
                self.table.addItem(t["title"], t["id"])
                self.table_titles[t["id"]] = t["title"]
        for b, k in zip(boxes, keep, strict=True):
            b.setCurrentIndex(max(0, b.findData(k)))
            b.blockSignals(False)

    def set_filter(self, *, battle: int | None = None, fighter: int | None = None,
                   table: str | None = None) -> None:
        if self._filters_of != self.campaign_id:  # pointed at another campaign meanwhile
            self.reload_filters()
        for box, v in ((self.battle, battle), (self.fighter, fighter), (self.table, table)):
            box.blockSignals(True)
            box.setCurrentIndex(max(0, box.findData(v)))
            box.blockSignals(False)
        self.refresh()

    def refresh(self, *_a: Any) -> None:
        """The newest page of the rolls the filters choose; older pages as the view is
        scrolled down (keyset pages: each costs the same however long the log is)."""
        self.model.set_more(None)
        if self.app is None or self.campaign_id is None:
            self.model.set_rows([])
            self.count.setText("")
            return
        app, cid = self.app, self.campaign_id
        chosen = {"battle": self.battle.currentData(), "fighter": self.fighter.currentData(),
                  "table": self.table.currentData()}
        mark = self.mark.currentData()
        marks = [mark] if mark else None
        page = app.run(q.roll_log_page, cid, marks=marks, **chosen)
        self.model.set_rows(page["rows"])
        before = [page["before"]]

        def more() -> list[Row]:
            if before[0] is None:
                return []
            nxt = app.run(q.roll_log_page, cid, before=before[0], marks=marks, **chosen)
            before[0] = nxt["before"]
            if before[0] is None:
                self.model.set_more(None)
            return list(nxt["rows"])

        self.model.set_more(more if before[0] is not None else None)
        fit_columns(self.view)
        self._say_count()

    def _say_count(self) -> None:
        n = len(self.model.rows)
        chosen = [box.currentText() for box in (self.battle, self.fighter, self.table)
                  if box.currentData() is not None]
        of = translate("RollLogView", " of {chosen}").format(chosen=", ".join(chosen)) if chosen else ""
        if self.model.more is not None:
            self.count.setText(translate("RollLogView", "the newest {count} rolls").format(count=n) + of
                               + translate("RollLogView", " (scroll down for older ones)"))
        else:
            self.count.setText((translate("RollLogView", "1 roll{of}") if n == 1 else translate(
                "RollLogView", "{count} rolls{of}")).format(count=n, of=of))


def _sentence(words: str) -> str:
    return words[:1].upper() + words[1:]


HISTORY_LIMIT = 2000  # the newest actions shown (and searched); a league's journal is far longer


class HistoryView(CampaignTab):
    """The campaign's actions, newest first (undone ones struck through)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 4, 0, 0)
        bar = QHBoxLayout()
        self.search = QLineEdit()
        self.search.setObjectName("historySearch")
        self.search.setPlaceholderText(translate("HistoryView", "Filter actions…"))
        self.search.setClearButtonEnabled(True)
        self.show_undone = QCheckBox(translate("HistoryView", "Show undone"))
        self.show_undone.setChecked(True)
        bar.addWidget(self.search, 1)
        bar.addWidget(self.show_undone)
        lay.addLayout(bar)
        self.model = LogModel([
            Column("id", "#", align=ALIGN_RIGHT),
            Column("when", translate("HistoryView", "When"), show=lambda r: when(r["when"])),
            Column("action", translate("HistoryView", "Action"), show=lambda r: _sentence(q.action_label(r["action"]))),
            Column("summary", translate("HistoryView", "What")),
            Column("undone", "", show=lambda r: translate("views", "undone") if r["undone"] else ""),
        ])
        self.view = table_view(self.model, "historyView")
        self.view.horizontalHeader().setStretchLastSection(True)
        lay.addWidget(self.view)
        self.rows: list[Row] = []
        self.search.textChanged.connect(self._filter)
        self.show_undone.toggled.connect(self._filter)

    def load(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        if self.app is None or self.campaign_id is None:
            self.rows = []
        else:
            self.rows = self.app.run(journal.history, self.campaign_id, limit=HISTORY_LIMIT)
        self._filter()

    def _filter(self, *_a: Any) -> None:
        text = self.search.text().strip().casefold()
        rows = [r for r in self.rows
                if (self.show_undone.isChecked() or not r["undone"])
                and (not text or text in " ".join((r["action"], q.action_label(r["action"]),
                                                         r["summary"])).casefold())]
        self.model.set_rows(rows)
        fit_columns(self.view, 400)


class BattlesView(QWidget):
    """The campaign's battles; a pending one can be opened in the wizard."""

    open_after_battle = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 4, 0, 0)
        self.model = RowsModel([
            Column("number", "#", align=ALIGN_RIGHT),
            Column("played_on", translate("BattlesView", "Date")),
            Column("scenario", translate("BattlesView", "Scenario")),
            Column("rosters", translate("BattlesView", "Rosters"), show=lambda r: " vs ".join(r["rosters"])),
            Column("winner", translate("BattlesView", "Winner")),
            Column("after_battle_done", translate("BattlesView", "After the Battle"),
                   show=lambda r: "done" if r["after_battle_done"] else "pending",
                   tip=translate("BattlesView", "pending: double-click the battle (or Battle ▸ After the Battle) to run it")),
        ])
        self.view = table_view(self.model, "battlesView")
        self.view.horizontalHeader().setStretchLastSection(True)
        lay.addWidget(self.view)
        self.view.doubleClicked.connect(self._double)

    def set_rows(self, rows: list[Row]) -> None:
        self.model.set_rows(rows)
        fit_columns(self.view)

    def selected(self) -> Row | None:
        ix = self.view.currentIndex()
        return self.model.row_at(ix.row()) if ix.isValid() else None

    def _double(self, ix: Any) -> None:
        row = self.model.row_at(ix.row())
        if row and not row["after_battle_done"]:
            self.open_after_battle.emit(row["id"])
