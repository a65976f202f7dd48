"""Roster PDF: header with totals, one row per fighter, status shading, notes."""

from __future__ import annotations

import math
import os

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import (
    PageBreak,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.tables import CellStyle

from ._base import (
    Progress,
    ProgressCallback,
    as_dict,
    as_list,
    check_orientation,
    check_page,
    markup,
    needs_fallback,
    text,
    tr,
    visual,
)
from ._pdf import (
    FONT,
    FONT_BOLD,
    GREYED_STATUSES,
    HEAD_BG,
    MARGIN,
    MUTED,
    PALE,
    RULE,
    STATUS_COLOURS,
    FooterContext,
    build_document,
    page_size,
    register_fonts,
    spread_widths,
    status_key,
    string_width,
    style,
    table_style,
)

CELL_LIMIT = 1500  # characters per table cell; longer values end with an ellipsis
NOTES_LIMIT = 20000
TOTALS_PER_ROW = 6
STATUS_KEYS = {"status", "_status", "_status_label", "status_label"}
STATUS_LABELS = {
    "in-recovery": "In recovery",
    "captured": "Captured",
    "dead": "Dead",
    "lost": "Lost",
    "out-of-the-fight": "Out of the fight",
}


class _Styles:
    def __init__(self, size: float = 8.5) -> None:
        self.kicker = style("kicker", 8.5, colour=MUTED)
        self.h1 = style("h1", 17, bold=True, spaceAfter=2)
        self.sub = style("sub", 10, colour=MUTED, spaceAfter=4)
        self.total_label = style("tl", 7, colour=MUTED)
        self.total_value = style("tv", 11, bold=True)
        # words are never broken inside (they wrap at spaces); the *_split styles serve
        # a cell holding a word wider than any column could be
        self.head = style("th", size, bold=True, colour=colors.white, splitLongWords=0)
        self.cell = style("td", size, splitLongWords=0)
        self.cell_grey = style("tdg", size, colour=colors.HexColor("#4A4A4A"), splitLongWords=0)
        self.first = style("tdb", size, bold=True, splitLongWords=0)
        self.first_grey = style("tdbg", size, bold=True, colour=colors.HexColor("#4A4A4A"), splitLongWords=0)
        self.empty = style("empty", 10, colour=MUTED, spaceBefore=6)
        self.h2 = style("h2", 11, bold=True, spaceBefore=10, spaceAfter=3)
        self.body = style("body", 9)
        self.legend = style("legend", 7.5, colour=MUTED)
        self._split: dict[str, ParagraphStyle] = {}

    def split(self, base: ParagraphStyle) -> ParagraphStyle:
        """``base`` breaking words inside (for a word no column can hold)."""
        got = self._split.get(base.name)
        if got is None:
            got = self._split[base.name] = ParagraphStyle(base.name + "-split", parent=base, splitLongWords=1)
        return got


_STYLES: dict[float, _Styles] = {}


def _styles(size: float = 8.5) -> _Styles:
    """The styles at cell size ``size``, made once: nothing changes a style once made
    (reportlab only reads them), and making the twenty of them was a good part of a
    roster's header."""
    got = _STYLES.get(size)
    if got is None:
        got = _STYLES[size] = _Styles(size)
    return got


def _weight(col: dict) -> float:
    try:
        w = float(col.get("width") or 1)
    except (TypeError, ValueError):
        return 1.0
    return w if math.isfinite(w) and w > 0 else 1.0


def _columns(doc: dict, rows: list[dict]) -> tuple[list[dict], str | None]:
    """Resolve the column list and the key of the status column (if any).

    A "Status" column (printing ``_status_label``) is appended when the core did
    not pass one but some row carries a status label.
    """
    cols = []
    for raw in as_list(doc.get("columns")):
        col = raw if isinstance(raw, dict) else {"key": text(raw), "label": text(raw)}
        key = text(col.get("key"))
        label = text(col.get("label", key))
        cols.append({"key": key, "label": label, "weight": _weight(col)})
    if not cols and rows:
        keys = [k for k in rows[0] if isinstance(k, str) and not k.startswith("_")]
        cols = [{"key": k, "label": k.replace("_", " ").title(), "weight": 1.0} for k in keys]

    status_col = None
    for col in cols:
        if col["key"].strip().lower() in STATUS_KEYS or col["label"].strip().lower() == "status":
            status_col = col["key"]
            break
    if status_col is None and any(_status_label(r) for r in rows):
        status_col = "_status_label"
        cols.append({"key": status_col, "label": tr("Status"), "weight": 1.0})
    return cols, status_col


def _status_label(row: dict) -> str:
    label = text(row.get("_status_label")).strip()
    if label:
        return label
    status = status_key(row.get("_status"))
    if status and status != "active":
        return tr(STATUS_LABELS[status]) if status in STATUS_LABELS else text(row.get("_status"))
    return ""


class _Memo:
    """What one render reads once for all its rosters: each roster's table
    (:class:`_Sheet`, by the document's id: the documents outlive the render) and the
    parsed text of each header paragraph (the same kicker and total labels head every
    roster of a campaign)."""

    def __init__(self) -> None:
        self.sheets: dict[int, _Sheet] = {}
        self._frags: dict[tuple[str, int], tuple[Paragraph, list]] = {}

    def sheet(self, doc: dict) -> _Sheet:
        got = self.sheets.get(id(doc))
        if got is None:
            got = self.sheets[id(doc)] = _Sheet.of(doc, _rows(doc))
        return got

    def para(self, markup_text: str, style: ParagraphStyle) -> Paragraph:
        """``Paragraph(markup_text, style)``, its markup parsed once per render: a later
        one gets copies of the first one's fragments (each paragraph its own, as
        reportlab may set things on them while it lays them out)."""
        key = (markup_text, id(style))
        got = self._frags.get(key)
        if got is None or got[0].style is not style:
            para = Paragraph(markup_text, style)
            self._frags[key] = (para, para.frags)
            return para
        first, frags = got
        return Paragraph(first.text, style, frags=[f.clone() for f in frags])


def _header(doc: dict, width: float, st: _Styles, memo: _Memo | None = None) -> list:
    para = (memo or _Memo()).para
    story: list = []
    kicker = " \u00b7 ".join(
        s
        for s in (
            text(doc.get("title")) or tr("Roster"),
            text(doc.get("campaign")),
            text(doc.get("system")),
        )
        if s.strip()
    )
    story.append(para(markup(kicker, 600), st.kicker))
    story.append(para(markup(doc.get("roster") or tr("Unnamed roster"), 600), st.h1))
    if text(doc.get("subtitle")).strip():
        story.append(para(markup(doc.get("subtitle"), 800), st.sub))

    totals = []
    for item in as_list(doc.get("totals")):
        pair = as_list(item)
        if not pair:
            continue
        label = pair[0]
        value = pair[1] if len(pair) > 1 else ""
        totals.append(
            [
                para(markup(label, 120), st.total_label),
                para(markup(value, 200), st.total_value),
            ]
        )
    if totals:
        ncols = min(len(totals), TOTALS_PER_ROW)
        data = []
        for i in range(0, len(totals), ncols):
            chunk = totals[i : i + ncols]
            chunk += [""] * (ncols - len(chunk))
            data.append(chunk)
        table = Table(data, colWidths=[width / ncols] * ncols, hAlign="LEFT")
        table.setStyle(
            table_style(
                [
                    ("BOX", (0, 0), (-1, -1), 0.5, RULE),
                    ("INNERGRID", (0, 0), (-1, -1), 0.5, RULE),
                    ("BACKGROUND", (0, 0), (-1, -1), PALE),
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("TOPPADDING", (0, 0), (-1, -1), 3),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
                ]
            )
        )
        story.append(Spacer(1, 4))
        story.append(table)
    story.append(Spacer(1, 8))
    return story


# Characters Paragraph treats specially (breaks, joins or hides) even in a line that
# fits; a cell holding one of them is drawn as a Paragraph, as before.
_SPECIAL_CHARS = frozenset("\u00ad\u200b\u200c\u200d\u2028\u2029\u2060\ufeff")


class _CellText:
    """Chooses, per table cell, between a plain string and a Paragraph.

    A Paragraph costs a markup parse, a line break and a saved/restored canvas state
    per cell. A one-line, single-spaced cell that fits its column is drawn exactly
    the same by the Table as a plain string in the same font, size, leading and
    colour (the Table draws plain strings literally, so no escaping is needed).
    Everything else (wrapping, several lines, odd whitespace, special characters)
    stays a Paragraph of escaped text.
    """

    def __init__(self, size: float) -> None:
        self.size = size
        self._widths: dict[tuple[str, str], float] = {}

    def width(self, line: str, font: str) -> float:
        key = (font, line)
        w = self._widths.get(key)
        if w is None:
            w = self._widths[key] = string_width(line, font, self.size)
        return w

    def plain(self, value: str, font: str, avail: float) -> bool:
        """True when ``value`` (already cleaned by ``text``) prints as is on one line.

        Several lines stay a Paragraph: the Table splits a tall row across pages
        with orphan control for Paragraphs, but cuts plain strings at 1.2 x font
        size, which is not our leading, so the last line would spill out of the row.
        """
        if not value:
            return True
        if value != " ".join(value.split()) or not _SPECIAL_CHARS.isdisjoint(value):
            return False  # newlines, tabs, runs of spaces: the Paragraph decides
        if needs_fallback(value):
            return False  # the symbol font's characters need the Paragraph's <font>
        return self.width(value, font) <= avail


def _runs(indexes: list[int]) -> list[tuple[int, int]]:
    """[1, 2, 3, 7] -> [(1, 3), (7, 7)]: one style command per run of rows."""
    out: list[tuple[int, int]] = []
    for i in indexes:
        if out and out[-1][1] == i - 1:
            out[-1] = (out[-1][0], i)
        else:
            out.append((i, i))
    return out


SIZES = (8.5, 7.5, 6.5)  # the cell font size, and the steps it shrinks by to fit
# a word wider than this share of the frame can never sit whole in a column: it is
# left out of the fitting and broken inside, as a last resort
UNBREAKABLE_SHARE = 0.34


def _words(value: str) -> list[str]:
    return value.split()


class _Sheet:
    """A roster's table as text, read once: its columns, the key of its status column,
    each cell's printable text (by row, then column) and each row's status; then, per
    column, its distinct lines and words for the fitting, and the fitting per frame
    width. The page's orientation (:func:`needs_landscape`) and the table
    (:func:`_table`) share one, so a roster's cells are read and measured once."""

    def __init__(self, cols: list[dict], status_col: str | None, rows: list[dict]) -> None:
        self.cols, self.status_col, self.rows = cols, status_col, rows
        keys = [c["key"] for c in cols]
        cells = []
        for row in rows:
            line = []
            for key in keys:
                value = row.get(key)
                if key == status_col and not text(value).strip():
                    value = _status_label(row)
                line.append(text(value, CELL_LIMIT))
            cells.append(line)
        self.cells = cells
        self._parts: list[tuple[set[str], set[str]]] | None = None
        self._fits: dict[float, tuple[tuple[float, list[float]] | None, list[float]]] = {}

    @classmethod
    def of(cls, doc: dict, rows: list[dict]) -> _Sheet:
        cols, status_col = _columns(doc, rows)
        return cls(cols, status_col, rows)

    def parts(self) -> list[tuple[set[str], set[str]]]:
        """Per column: its cells' distinct lines (spaces made single) and words."""
        if self._parts is None:
            out = []
            for position in range(len(self.cols)):
                lines: set[str] = set()
                words: set[str] = set()
                for s in {row[position] for row in self.cells}:
                    for line in s.splitlines():
                        parts = line.split()
                        lines.add(" ".join(parts))
                        words.update(parts)
                out.append((lines, words))
            self._parts = out
        return self._parts

    def fit(self, width: float) -> tuple[tuple[float, list[float]] | None, list[float]]:
        got = self._fits.get(width)
        if got is None:
            got = self._fits[width] = _fit_sheet(self, width)
        return got


def _measure_sheet(sheet: _Sheet, size: float, pad: float, limit: float) -> tuple[list[float], list[float]]:
    """(narrowest, natural) width of each column at ``size``, padding included: the
    narrowest holds its widest word (header and first column in bold; words wider than
    ``limit`` do not count), the natural its longest line unwrapped (at most ``limit``).
    Each distinct line and word of a column is measured once."""
    mins, naturals = [], []
    for position, (col, (lines, words)) in enumerate(zip(sheet.cols, sheet.parts(), strict=True)):
        label = text(col["label"], 200)
        widest = max((string_width(w, FONT_BOLD, size) for w in _words(label)), default=0.0)
        natural = string_width(" ".join(_words(label)), FONT_BOLD, size)
        font = FONT_BOLD if position == 0 else FONT
        for line in lines:
            natural = max(natural, string_width(line, font, size))
        for w in words:
            ww = string_width(w, font, size)
            if widest < ww <= limit:
                widest = ww
        mins.append(min(widest, limit) + 2 * pad + 0.5)
        naturals.append(max(min(natural, limit * 2) + 2 * pad + 0.5, mins[-1]))
    return mins, naturals


def _measure(cols: list[dict], rows: list[dict], status_col: str | None, size: float, pad: float,
             limit: float) -> tuple[list[float], list[float]]:
    """:func:`_measure_sheet` of these rows."""
    return _measure_sheet(_Sheet(cols, status_col, rows), size, pad, limit)


def fit_columns(cols: list[dict], rows: list[dict], status_col: str | None,
                width: float) -> tuple[float, list[float]] | None:
    """(font size, column widths) at which every word sits whole in its column, trying
    the sizes of SIZES in turn; None when even the smallest is too wide."""
    return _Sheet(cols, status_col, rows).fit(width)[0]


def _fit_sheet(sheet: _Sheet, width: float) -> tuple[tuple[float, list[float]] | None, list[float]]:
    """:func:`fit_columns`, and the natural widths at the first size (what
    :func:`needs_landscape` weighs)."""
    cols = sheet.cols
    if not cols:
        return (SIZES[0], []), []
    first: list[float] = []
    for size in SIZES:
        pad = 3 if size >= SIZES[0] else 1.5
        mins, naturals = _measure_sheet(sheet, size, pad, width * UNBREAKABLE_SHARE)
        if size == SIZES[0]:
            first = naturals
        if sum(mins) <= width:
            return (size, spread_widths([c["weight"] for c in cols], mins, naturals, width)), first
    return None, first


# a portrait page is too narrow when the columns' unwrapped text would fill more than
# this many page widths (most cells would wrap to three lines or more)
CROWDED = 1.6


def _rows(doc: dict) -> list[dict]:
    return [as_dict(r) for r in as_list(doc.get("rows"))]


def needs_landscape(doc: dict, width: float, memo: _Memo | None = None) -> bool:
    """Whether the roster's columns need a wider page than ``width`` points: their words
    only fit at a smaller type size, or their text would crowd the page. ``memo``
    keeps the roster's :class:`_Sheet` for its table."""
    doc = as_dict(doc)
    sheet = (memo or _Memo()).sheet(doc)
    if not sheet.cols:
        return False
    fit, naturals = sheet.fit(width)
    if fit is None or fit[0] < SIZES[0]:
        return True
    return sum(naturals) > CROWDED * width


def _table(doc: dict, rows: list[dict], width: float, progress: Progress, sheet: _Sheet | None = None) -> list:
    if sheet is None:
        sheet = _Sheet.of(doc, rows)
    cols = sheet.cols
    fit = sheet.fit(width)[0]
    if fit is None:  # too many columns for any size: the smallest, in proportion
        total_weight = sum(c["weight"] for c in cols)
        fit = (SIZES[-1], [width * c["weight"] / total_weight for c in cols])
    size, widths = fit
    st = _styles(size)
    pad = 3 if size >= SIZES[0] else 1.5
    # room for text inside each cell; a hair less so rounding never decides a wrap
    avail = [w - 2 * pad - 0.01 for w in widths]
    measure = _CellText(st.cell.fontSize)

    head = []
    for c, room in zip(cols, avail, strict=True):
        label = text(c["label"], 200)
        head_style = st.head
        if any(measure.width(w, FONT_BOLD) > room for w in _words(label)):
            head_style = st.split(head_style)
        head.append(visual(label) if measure.plain(label, FONT_BOLD, room)
                    else Paragraph(markup(label, 200), head_style))
    data = [head]
    # a row of plain strings (one line each) is as tall as reportlab makes it, leading
    # and padding (:func:`_cell_styles`): given, so reportlab measures only the rows
    # with a Paragraph
    line = st.cell.leading * 1 + (3 + 2)
    heights: list[float | None] = [line if all(isinstance(c, str) for c in head) else None]
    # the cells' font, colour, padding and alignment come with the cells' styles
    # (:func:`_cell_styles`); the commands only draw the grid and the shading
    commands: list = [
        ("BACKGROUND", (0, 0), (-1, 0), HEAD_BG),
        ("GRID", (0, 0), (-1, -1), 0.4, RULE),
        ("LINEBELOW", (0, 0), (-1, 0), 1, HEAD_BG),
    ]
    seen_status: dict[str, str] = {}
    shaded: dict[str, list[int]] = {}
    greyed: list[int] = []
    fonts = [FONT_BOLD if position == 0 else FONT for position in range(len(cols))]
    plain = measure.plain
    statuses: dict[object, str] = {}
    for index, (row, texts) in enumerate(zip(sheet.rows, sheet.cells, strict=True), start=1):
        raw = row.get("_status")
        try:
            status = statuses[raw]
        except (KeyError, TypeError):  # a new status, or a value no dict can hold
            status = status_key(raw)
            if raw is None or isinstance(raw, str):
                statuses[raw] = status
        grey = status in GREYED_STATUSES
        cells: list = []
        row_height: float | None = line
        for position, s in enumerate(texts):
            if plain(s, fonts[position], avail[position]):
                cells.append(visual(s))
                continue
            row_height = None
            if position == 0:
                cell_style = st.first_grey if grey else st.first
            else:
                cell_style = st.cell_grey if grey else st.cell
            if any(measure.width(w, fonts[position]) > avail[position] for w in _words(s)):
                cell_style = st.split(cell_style)  # a word no column can hold whole
            cells.append(Paragraph(markup(s), cell_style))
        data.append(cells)
        heights.append(row_height)
        if grey:
            greyed.append(index)
        if status in STATUS_COLOURS:
            shaded.setdefault(status, []).append(index)
            if status not in seen_status:
                seen_status[status] = _status_label(row) or tr(STATUS_LABELS[status])
        progress.step()
    for status, indexes in shaded.items():
        for first, last in _runs(indexes):
            commands.append(("BACKGROUND", (0, first), (-1, last), STATUS_COLOURS[status]))

    # the cells are strings and Paragraphs already (normalizedData: reportlab would
    # only turn None into "")
    table = Table(data, colWidths=widths, rowHeights=heights, repeatRows=1, splitInRow=1, hAlign="LEFT",
                  cellStyles=_cell_styles(st, pad, len(data), len(cols), set(greyed)), normalizedData=1)
    table.setStyle(TableStyle(commands))
    story: list = [table]
    if seen_status:
        story.append(Spacer(1, 4))
        story.append(_legend(seen_status, st))
    return story


def _cell_styles(st: _Styles, pad: float, nrows: int, ncols: int, greyed: set[int]) -> list[list[CellStyle]]:
    """Each cell's style for a plain-string cell, as the Paragraph styles print: the
    cell font, size and leading, the header row and the first column bold, the header's
    colour, greyed rows grey; padding and top alignment everywhere. Built as styles
    rather than TableStyle commands, which reportlab applies cell by cell, command by
    command: ten of them were a fifth of a league PDF's time.

    The cells of one kind share one style: the table's commands only draw the grid and
    the shading (none changes a cell's style, so none writes to a shared one), and the
    Table skips comparing colour and font when a cell's style is the one it drew last."""
    head, first, cell, first_grey, cell_grey = _cell_kinds(st, pad)
    rest = ncols - 1
    grid = [[head] * ncols]
    for i in range(1, nrows):
        grid.append([first_grey, *[cell_grey] * rest] if i in greyed else [first, *[cell] * rest])
    return grid


class _SharedCellStyle(CellStyle):
    """A cell style many cells (of many tables) share, so read-only: a TableStyle
    command that would change one cell's style raises rather than restyle every roster
    printed after it (reportlab copies a style it needs to change, as when a row splits)."""

    def __init__(self, name: str) -> None:
        object.__setattr__(self, "name", name)

    def __setattr__(self, key: str, value: object) -> None:
        raise TypeError(f"the shared cell style {self.name} cannot change ({key})")


_CELL_KINDS: dict[tuple[float, float], tuple[CellStyle, ...]] = {}


def _cell_kinds(st: _Styles, pad: float) -> tuple[CellStyle, ...]:
    """The header's, first column's and other cells' styles (those two greyed too) at
    ``st``'s size, made once."""
    got = _CELL_KINDS.get((st.cell.fontSize, pad))
    if got is not None:
        return got
    base = {"fontname": FONT, "fontsize": st.cell.fontSize, "leading": st.cell.leading, "valign": "TOP",
            "leftPadding": pad, "rightPadding": pad, "topPadding": 2, "bottomPadding": 3}

    def kind(name: str, font: str, colour: object) -> CellStyle:
        return type(name, (_SharedCellStyle,), {**base, "fontname": font, "color": colour})(name)

    got = _CELL_KINDS[(st.cell.fontSize, pad)] = (
        kind("RosterHead", FONT_BOLD, st.head.textColor),
        kind("RosterFirst", FONT_BOLD, st.cell.textColor), kind("RosterCell", FONT, st.cell.textColor),
        kind("RosterFirstGrey", FONT_BOLD, st.cell_grey.textColor),
        kind("RosterCellGrey", FONT, st.cell_grey.textColor))
    return got


def _legend(seen: dict[str, str], st: _Styles) -> Table:
    """A swatch and a label per shading used; the label is the shade's own word (the
    rows say the rest), sized to its text so nothing is cut."""
    cells = []
    widths = []
    commands: list = [
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), 6),
        ("TOPPADDING", (0, 0), (-1, -1), 1),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
    ]
    size = st.legend.fontSize
    for i, (status, label) in enumerate(seen.items()):
        words = text(tr(STATUS_LABELS[status]) if status in STATUS_LABELS else label, 60)
        cells += ["", visual(words)]
        widths += [4 * mm, pdfmetrics.stringWidth(words, FONT, size) + 10]
        commands.append(("BACKGROUND", (2 * i, 0), (2 * i, 0), STATUS_COLOURS[status]))
        commands.append(("BOX", (2 * i, 0), (2 * i, 0), 0.4, RULE))
    legend = Table([cells], colWidths=widths, hAlign="LEFT")
    legend.setStyle(table_style([*commands, ("FONTSIZE", (0, 0), (-1, -1), size),
                                 ("TEXTCOLOR", (0, 0), (-1, -1), MUTED)]))
    return legend


def roster_story(doc: dict, width: float, progress: Progress, group: int = 0,
                 memo: _Memo | None = None) -> list:
    """The flowables of one roster; ``memo``: what the render read already (the
    rosters' tables as :func:`needs_landscape` read them, the header paragraphs)."""
    memo = memo or _Memo()
    doc = as_dict(doc)
    st = _styles()
    footer = " \u2014 ".join(
        s for s in (text(doc.get("campaign")).strip(), text(doc.get("roster")).strip()) if s
    )
    story: list = [FooterContext(footer, group)]
    story += _header(doc, width, st, memo)
    sheet = memo.sheet(doc)
    if sheet.rows:
        story += _table(doc, sheet.rows, width, progress, sheet)
    else:
        story.append(Paragraph(tr("No fighters yet."), st.empty))
    notes = text(doc.get("notes")).strip()
    if notes:
        story.append(Paragraph(tr("Notes"), st.h2))
        for para in notes.replace("\r\n", "\n").split("\n\n"):
            if para.strip():
                story.append(Paragraph(markup(para.strip(), NOTES_LIMIT), st.body))
                story.append(Spacer(1, 3))
    return story




def _frame_width(page: str, landscape: bool = False) -> float:
    return page_size(page, landscape)[0] - 2 * MARGIN


def _landscape(docs: list[dict], page: str, orientation: str, memo: _Memo | None = None) -> bool:
    orientation = check_orientation(orientation)
    if orientation != "auto":
        return orientation == "landscape"
    width = _frame_width(page)
    return any(needs_landscape(d, width, memo) for d in docs)


def render_roster(
    doc: dict,
    path: str | os.PathLike[str],
    page: str = "a4",
    progress: ProgressCallback | None = None,
    orientation: str = "auto",
) -> int:
    page = check_page(page)
    register_fonts()
    doc = as_dict(doc)
    memo = _Memo()
    wide = _landscape([doc], page, orientation, memo)
    prog = Progress(progress, len(as_list(doc.get("rows"))) + 1)
    prog.report()
    story = roster_story(doc, _frame_width(page, wide), prog, memo=memo)
    return build_document(story, path, page, prog, text(doc.get("roster")), landscape=wide)


def render_rosters(
    docs: list[dict],
    path: str | os.PathLike[str],
    page: str = "a4",
    progress: ProgressCallback | None = None,
    orientation: str = "auto",
) -> int:
    page = check_page(page)
    register_fonts()
    docs = [as_dict(d) for d in as_list(docs)]
    memo = _Memo()  # each roster's table read once, the header paragraphs parsed once
    wide = _landscape(docs, page, orientation, memo)
    prog = Progress(progress, sum(len(as_list(d.get("rows"))) for d in docs) + 1)
    prog.report()
    width = _frame_width(page, wide)
    story: list = []
    for group, doc in enumerate(docs):
        if group:
            story.append(PageBreak())
        story += roster_story(doc, width, prog, group, memo)
    if not story:
        story.append(Paragraph(tr("No rosters to print."), _styles().empty))
    campaign = text(docs[0].get("campaign")) if docs else ""
    return build_document(story, path, page, prog, " \u2014 ".join(s for s in (campaign, tr("Rosters")) if s),
                          landscape=wide)
