"""Fighter cards: a grid of 100x110 mm cards per page with cut marks.

Each card's content is wrapped in a KeepInFrame(mode="shrink"), so text that is
too long is scaled down to fit inside its own card instead of spilling into the
next one.
"""

from __future__ import annotations

import math
import os

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import KeepInFrame, Paragraph, Spacer, Table

from ._base import (
    Progress,
    ProgressCallback,
    as_dict,
    as_list,
    atomic_target,
    check_page,
    markup,
    text,
    tr,
)
from ._pdf import (
    FONT,
    FONT_BOLD,
    INK,
    MUTED,
    PALE,
    RULE,
    STATUS_COLOURS,
    draw_footer,
    fit_string,
    page_size,
    register_fonts,
    status_key,
    style,
    table_style,
    word_widths,
)

CARD_W = 100 * mm
CARD_H = 110 * mm
# card sizes people sleeve: (width, height, fixed grid or None = as many as fit)
SIZES = {
    "classic": (100 * mm, 110 * mm),
    "poker": (63 * mm, 88 * mm),
    "large": (0.0, 0.0),  # one card on half the page (computed from the page)
}
MIN_MARGIN = 5 * mm  # the page margin that must stay free around the grid
PAD = 4 * mm  # inner padding of a card
MARK = 5 * mm  # length of the cut marks drawn outside the grid
MARK_GAP = 1.5 * mm
TEXT_LIMIT = 1200  # characters per string; beyond that an ellipsis
TITLE_LIMIT = 160  # a card title longer than this is cut with an ellipsis
STAT_LABEL_MAX = 5
STAT_VALUE_MAX = 7
STATS_PER_ROW = 8
MAX_BLANK = 500
# type size of each card size (the poker card is small; the large one roomy)
SCALES = {"classic": 1.0, "poker": 0.82, "large": 1.25}


class _Styles:
    def __init__(self, bw: bool = False, scale: float = 1.0) -> None:
        self.bw = bw
        k = scale
        self.title = style("ct", 12.5 * k, bold=True)
        self.subtitle = style("cs", 8 * k, colour=MUTED, spaceAfter=3)
        self.status = style("cst", 7.5 * k, bold=True, spaceAfter=2)
        self.badge = style("cb", 7.5 * k, bold=True, alignment=1)
        self.stat_label = style("sl", 6.5 * k, bold=True, colour=INK if bw else colors.white, alignment=1)
        self.weapon_head = style("wh", 6.5 * k, bold=True, colour=INK if bw else colors.white, splitLongWords=0)
        self.weapon_cell = style("wc", 7 * k)
        self.weapon_note = style("wn", 6.5 * k, colour=MUTED)
        self.stat_value = style("sv", 9 * k, bold=True, alignment=1)
        self.field_label = style("fl", 7.5 * k, bold=True, colour=MUTED)
        self.field_value = style("fv", 7.5 * k)
        self.section = style("sh", 8 * k, bold=True, spaceBefore=4, spaceAfter=1)
        self.line = style("li", 7.5 * k, leftIndent=8, bulletIndent=0)
        self.empty = style("ce", 10, colour=MUTED)

    @property
    def head_bg(self):
        """The background of stat labels and table headings (none in black and white)."""
        return colors.white if self.bw else INK


def check_size(size: object) -> str:
    if isinstance(size, str) and size.strip().lower() in SIZES:
        return size.strip().lower()
    raise ValueError("card size must be classic, poker or large")


def card_size(page: str, size: str = "classic") -> tuple[float, float]:
    """(width, height) of one card: a large card is the top half of the page (less the
    margins and the room for cut marks)."""
    if size == "large":
        width, height = page_size(page)
        room = 2 * (MIN_MARGIN + MARK + MARK_GAP)
        return width - room, (height - room) / 2
    return SIZES[size]


def grid(page: str, size: str = "classic") -> tuple[int, int, float, float]:
    """(columns, rows, x0, y0) of the card grid, centred on the page."""
    width, height = page_size(page)
    card_w, card_h = card_size(page, size)
    if size == "large":
        return 1, 1, (width - card_w) / 2, height - MIN_MARGIN - MARK - MARK_GAP - card_h
    cols = max(1, int((width - 2 * MIN_MARGIN) // card_w))
    rows = max(1, int((height - 2 * MIN_MARGIN) // card_h))
    x0 = (width - cols * card_w) / 2
    y0 = (height - rows * card_h) / 2
    return cols, rows, x0, y0


def cards_per_page(page: str = "a4", size: str = "classic") -> int:
    cols, rows, _x0, _y0 = grid(check_page(page), check_size(size))
    return cols * rows


def _is_stat(label: str, value: str) -> bool:
    return 0 < len(label) <= STAT_LABEL_MAX and len(value) <= STAT_VALUE_MAX and "\n" not in value


def _fields(fields: list, width: float, st: _Styles) -> list:
    pairs = []
    for item in fields:
        pair = as_list(item)
        if not pair:
            continue
        pairs.append((text(pair[0]).strip(), text(pair[1] if len(pair) > 1 else "").strip()))
    stats = [p for p in pairs if _is_stat(*p)]
    others = [p for p in pairs if not _is_stat(*p)]
    story: list = []

    if stats:
        per_row = min(len(stats), STATS_PER_ROW)
        data = []
        commands: list = [
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LEFTPADDING", (0, 0), (-1, -1), 1),
            ("RIGHTPADDING", (0, 0), (-1, -1), 1),
            ("TOPPADDING", (0, 0), (-1, -1), 1.5),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
        ]
        for i in range(0, len(stats), per_row):
            chunk = stats[i : i + per_row]
            pad = per_row - len(chunk)
            labels = [Paragraph(markup(lbl), st.stat_label) for lbl, _v in chunk] + [""] * pad
            values = [Paragraph(markup(val), st.stat_value) for _l, val in chunk] + [""] * pad
            r = len(data)
            data += [labels, values]
            commands.append(("BACKGROUND", (0, r), (len(chunk) - 1, r), st.head_bg))
            commands.append(("GRID", (0, r), (len(chunk) - 1, r + 1), 0.4, RULE))
        table = Table(data, colWidths=[width / per_row] * per_row, hAlign="LEFT")
        table.setStyle(table_style(commands))
        story += [table, Spacer(1, 3)]

    if others:
        data = [
            [
                Paragraph(markup(lbl, 200), st.field_label),
                Paragraph(markup(val, TEXT_LIMIT), st.field_value),
            ]
            for lbl, val in others
        ]
        table = Table(data, colWidths=[width * 0.3, width * 0.7], hAlign="LEFT")
        table.setStyle(
            table_style(
                [
                    ("LINEBELOW", (0, 0), (-1, -1), 0.3, RULE),
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("LEFTPADDING", (0, 0), (-1, -1), 1),
                    ("RIGHTPADDING", (0, 0), (-1, -1), 2),
                    ("TOPPADDING", (0, 0), (-1, -1), 1),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
                ]
            )
        )
        story += [table, Spacer(1, 2)]
    return story


WEAPON_PAD = 1.5  # a weapon table cell's left and right padding


def _weapons(spec: dict, width: float, st: _Styles) -> list:
    """The card's weapon profile table: name, then the system's profile columns."""
    header = [text(c) for c in as_list(spec.get("columns"))]
    rows = [[text(v) for v in as_list(r)] for r in as_list(spec.get("rows"))]
    if not header or not rows:
        return []
    n = len(header)
    data = [[Paragraph(markup(h, 40), st.weapon_head) for h in header]]
    data += [[Paragraph(markup(v, TEXT_LIMIT), st.weapon_cell) for v in (r + [""] * n)[:n]] for r in rows]
    # each column as wide as its longest word at least ("Lethality" ran over the rule
    # into "Traits"), measured at the cells' size (the bold header's is smaller)
    widths = word_widths(header, [(r + [""] * n)[:n] for r in rows], width, size=st.weapon_cell.fontSize,
                         pad=WEAPON_PAD)
    commands: list = [
        ("BACKGROUND", (0, 0), (-1, 0), st.head_bg),
        ("GRID", (0, 0), (-1, -1), 0.4, RULE),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), WEAPON_PAD),
        ("RIGHTPADDING", (0, 0), (-1, -1), WEAPON_PAD),
        ("TOPPADDING", (0, 0), (-1, -1), 1),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
    ]
    if any(not any(v.strip() for v in r) for r in rows):  # write-in rows: room to write
        commands.append(("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white]))
    table = Table(data, colWidths=widths, hAlign="LEFT",
                  rowHeights=[None] + [None if any(v.strip() for v in r) else 5.5 * mm for r in rows])
    table.setStyle(table_style(commands))
    story: list = [table]
    if text(spec.get("note")).strip():
        story.append(Paragraph(markup(spec.get("note"), 400), st.weapon_note))
    story.append(Spacer(1, 2))
    return story


def _short_status(label: str) -> str:
    """The badge's word: 'In recovery (critical injury: ...)' -> 'In recovery'."""
    return label.split(" (", 1)[0].strip() or label


def card_flowables(card: dict, width: float, st: _Styles) -> list:
    card = as_dict(card)
    status = status_key(card.get("status"))
    label = text(card.get("status_label")).strip() or text(card.get("status")).strip()
    write_in = bool(card.get("write_in"))
    name = tr("Name:") + " " + "_" * 28 if write_in else (card.get("title") or tr("Unnamed"))
    title = Paragraph(markup(name, TITLE_LIMIT), st.title)
    story: list
    if label:
        badge = Table([[Paragraph(markup(_short_status(label), 60), st.badge)]], colWidths=[26 * mm])
        badge.setStyle(
            table_style(
                [
                    ("BACKGROUND", (0, 0), (-1, -1), colors.white if st.bw else STATUS_COLOURS.get(status, PALE)),
                    ("BOX", (0, 0), (-1, -1), 0.5, RULE),
                    ("TOPPADDING", (0, 0), (-1, -1), 1.5),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
                ]
            )
        )
        head = Table([[title, badge]], colWidths=[width - 27 * mm, 27 * mm], hAlign="LEFT")
        head.setStyle(
            table_style(
                [
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("LEFTPADDING", (0, 0), (-1, -1), 0),
                    ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                    ("TOPPADDING", (0, 0), (-1, -1), 0),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
                    ("ALIGN", (1, 0), (1, 0), "RIGHT"),
                ]
            )
        )
        story = [head]
    else:
        story = [title]
    if text(card.get("subtitle")).strip():
        story.append(Paragraph(markup(card.get("subtitle"), 600), st.subtitle))
    elif write_in:
        story.append(Paragraph(markup(tr("Type:") + " " + "_" * 36), st.subtitle))
    else:
        story.append(Spacer(1, 3))
    if label and _short_status(label) != label:  # the badge has the word, this the rest, in full
        story.append(Paragraph(markup(tr("Status:") + " " + label, TEXT_LIMIT), st.status))

    story += _fields(as_list(card.get("fields")), width, st)
    story += _weapons(as_dict(card.get("weapons")), width, st)

    for section in as_list(card.get("sections")):
        section = as_dict(section)
        if text(section.get("title")).strip():
            story.append(Paragraph(markup(section.get("title"), 200), st.section))
        for line in as_list(section.get("lines")):
            story.append(Paragraph(markup(line, TEXT_LIMIT), st.line, bulletText="\u2022"))
    return story


def _cut_marks(canv: Canvas, cols: int, rows: int, x0: float, y0: float,
               card_w: float = CARD_W, card_h: float = CARD_H) -> None:
    x1, y1 = x0 + cols * card_w, y0 + rows * card_h
    canv.saveState()
    canv.setStrokeColor(colors.black)
    canv.setLineWidth(0.5)
    for i in range(cols + 1):
        x = x0 + i * card_w
        canv.line(x, y1 + MARK_GAP, x, y1 + MARK_GAP + MARK)
        canv.line(x, y0 - MARK_GAP, x, y0 - MARK_GAP - MARK)
    for j in range(rows + 1):
        y = y0 + j * card_h
        canv.line(x0 - MARK_GAP, y, x0 - MARK_GAP - MARK, y)
        canv.line(x1 + MARK_GAP, y, x1 + MARK_GAP + MARK, y)
    # small crosses where inner cut lines meet
    arm = 2 * mm
    for i in range(1, cols):
        for j in range(1, rows):
            x, y = x0 + i * card_w, y0 + j * card_h
            canv.line(x - arm, y, x + arm, y)
            canv.line(x, y - arm, x, y + arm)
    canv.restoreState()


def _draw_card(canv: Canvas, card: dict, x: float, y: float, st: _Styles,
               card_w: float = CARD_W, card_h: float = CARD_H) -> None:
    """Draw one card with its lower-left corner at (x, y)."""
    status = status_key(as_dict(card).get("status"))
    canv.saveState()
    canv.setStrokeColor(colors.black if st.bw else colors.HexColor("#BBBBBB"))
    canv.setLineWidth(0.3)
    canv.rect(x, y, card_w, card_h, stroke=1, fill=0)
    if status in STATUS_COLOURS:
        # a band down the left edge marks non-active fighters (an outline in black and white)
        if st.bw:
            canv.setLineWidth(0.6)
            canv.line(x + 1.2 * mm, y + PAD, x + 1.2 * mm, y + card_h - PAD)
        else:
            canv.setFillColor(STATUS_COLOURS[status])
            canv.rect(x, y, 2 * mm, card_h, stroke=0, fill=1)
    canv.restoreState()

    inner_w = card_w - 2 * PAD
    inner_h = card_h - 2 * PAD
    content = card_flowables(card, inner_w, st)
    box = KeepInFrame(inner_w, inner_h, content, mode="shrink")
    _w, h = box.wrapOn(canv, inner_w, inner_h)
    box.drawOn(canv, x + PAD, y + card_h - PAD - min(h, inner_h))


def render_cards(
    doc: dict,
    path: str | os.PathLike[str],
    page: str = "a4",
    progress: ProgressCallback | None = None,
    size: str = "classic",
    bw: bool = False,
    blank: int = 0,
) -> int:
    page = check_page(page)
    size = check_size(size)
    if isinstance(blank, bool) or not isinstance(blank, int) or not 0 <= blank <= MAX_BLANK:
        raise ValueError(f"blank cards must be a number from 0 to {MAX_BLANK}")
    register_fonts()
    doc = as_dict(doc)
    cards = [as_dict(c) for c in as_list(doc.get("cards"))]
    if blank:
        empty = dict(as_dict(doc.get("blank")) or {"fields": []})
        empty["write_in"] = True
        cards += [empty] * blank
    cols, rows, x0, y0 = grid(page, size)
    card_w, card_h = card_size(page, size)
    per_page = cols * rows
    pages = max(1, math.ceil(len(cards) / per_page))
    prog = Progress(progress, len(cards) + 1)
    prog.report()
    st = _Styles(bw, SCALES[size])
    footer = " \u2014 ".join(
        s for s in (text(doc.get("campaign")).strip(), text(doc.get("roster")).strip()) if s
    )
    width, height = page_size(page)
    margin = 12 * mm
    with atomic_target(path) as tmp:
        canv = Canvas(tmp, pagesize=(width, height), initialFontName=FONT)
        canv.setTitle(fit_string(footer or "Fighter cards", FONT, 10, 2000))
        canv.setAuthor("campaign_app")
        for number in range(1, pages + 1):
            chunk = cards[(number - 1) * per_page : number * per_page]
            for i, card in enumerate(chunk):
                col, row = i % cols, i // cols
                x = x0 + col * card_w
                y = y0 + (rows - 1 - row) * card_h
                _draw_card(canv, card, x, y, st, card_w, card_h)
                prog.step()
            if not cards:
                canv.setFont(FONT_BOLD, 12)
                canv.setFillColor(MUTED)
                canv.drawString(x0 + PAD, y0 + rows * card_h - PAD - 12, tr("No fighter cards."))
            else:
                _cut_marks(canv, cols, rows, x0, y0, card_w, card_h)
            draw_footer(canv, footer, number, pages, margin, baseline=min(10 * mm, y0 / 2))
            canv.showPage()
        canv.save()
        prog.finish()
    return pages
