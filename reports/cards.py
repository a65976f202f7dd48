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
)

CARD_W = 100 * mm
CARD_H = 110 * mm
MIN_MARGIN = 5 * mm  # the page margin that must stay free around the grid
PAD = 4 * mm  # inner padding of a card
MARK = 5 * mm  # length of the cut marks drawn outside the grid
MARK_GAP = 1.5 * mm
TEXT_LIMIT = 1200  # characters per string; beyond that an ellipsis
TITLE_LIMIT = 160  # a card title longer than this is cut with an ellipsis
STAT_LABEL_MAX = 5
STAT_VALUE_MAX = 7
STATS_PER_ROW = 8


class _Styles:
    def __init__(self) -> None:
        self.title = style("ct", 12.5, bold=True)
        self.subtitle = style("cs", 8, colour=MUTED, spaceAfter=3)
        self.badge = style("cb", 7.5, bold=True, alignment=1)
        self.stat_label = style("sl", 6.5, bold=True, colour=colors.white, alignment=1)
        self.stat_value = style("sv", 9, bold=True, alignment=1)
        self.field_label = style("fl", 7.5, bold=True, colour=MUTED)
        self.field_value = style("fv", 7.5)
        self.section = style("sh", 8, bold=True, spaceBefore=4, spaceAfter=1)
        self.line = style("li", 7.5, leftIndent=8, bulletIndent=0)
        self.empty = style("ce", 10, colour=MUTED)


def grid(page: str) -> tuple[int, int, float, float]:
    """(columns, rows, x0, y0) of the card grid, centred on the page."""
    width, height = page_size(page)
    cols = max(1, int((width - 2 * MIN_MARGIN) // CARD_W))
    rows = max(1, int((height - 2 * MIN_MARGIN) // CARD_H))
    x0 = (width - cols * CARD_W) / 2
    y0 = (height - rows * CARD_H) / 2
    return cols, rows, x0, y0


def cards_per_page(page: str = "a4") -> int:
    cols, rows, _x0, _y0 = grid(check_page(page))
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
            commands.append(("BACKGROUND", (0, r), (len(chunk) - 1, r), INK))
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


def card_flowables(card: dict, width: float, st: _Styles) -> list:
    card = as_dict(card)
    status = status_key(card.get("status"))
    label = text(card.get("status_label")).strip() or text(card.get("status")).strip()
    title = Paragraph(markup(card.get("title") or "Unnamed", TITLE_LIMIT), st.title)
    story: list
    if label:
        badge = Table([[Paragraph(markup(label, 60), st.badge)]], colWidths=[26 * mm])
        badge.setStyle(
            table_style(
                [
                    ("BACKGROUND", (0, 0), (-1, -1), STATUS_COLOURS.get(status, PALE)),
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
    else:
        story.append(Spacer(1, 3))

    story += _fields(as_list(card.get("fields")), width, st)

    for section in as_list(card.get("sections")):
        section = as_dict(section)
        if text(section.get("title")).strip():
            story.append(Paragraph(markup(section.get("title"), 200), st.section))
        for line in as_list(section.get("lines")):
            story.append(Paragraph(markup(line, TEXT_LIMIT), st.line, bulletText="\u2022"))
    return story


def _cut_marks(canv: Canvas, cols: int, rows: int, x0: float, y0: float) -> None:
    x1, y1 = x0 + cols * CARD_W, y0 + rows * CARD_H
    canv.saveState()
    canv.setStrokeColor(colors.black)
    canv.setLineWidth(0.5)
    for i in range(cols + 1):
        x = x0 + i * CARD_W
        canv.line(x, y1 + MARK_GAP, x, y1 + MARK_GAP + MARK)
        canv.line(x, y0 - MARK_GAP, x, y0 - MARK_GAP - MARK)
    for j in range(rows + 1):
        y = y0 + j * CARD_H
        canv.line(x0 - MARK_GAP, y, x0 - MARK_GAP - MARK, y)
        canv.line(x1 + MARK_GAP, y, x1 + MARK_GAP + MARK, y)
    # small crosses where inner cut lines meet
    arm = 2 * mm
    for i in range(1, cols):
        for j in range(1, rows):
            x, y = x0 + i * CARD_W, y0 + j * CARD_H
            canv.line(x - arm, y, x + arm, y)
            canv.line(x, y - arm, x, y + arm)
    canv.restoreState()


def _draw_card(canv: Canvas, card: dict, x: float, y: float, st: _Styles) -> None:
    """Draw one card with its lower-left corner at (x, y)."""
    status = status_key(as_dict(card).get("status"))
    canv.saveState()
    canv.setStrokeColor(colors.HexColor("#BBBBBB"))
    canv.setLineWidth(0.3)
    canv.rect(x, y, CARD_W, CARD_H, stroke=1, fill=0)
    if status in STATUS_COLOURS:
        # a coloured band down the left edge marks non-active fighters
        canv.setFillColor(STATUS_COLOURS[status])
        canv.rect(x, y, 2 * mm, CARD_H, stroke=0, fill=1)
    canv.restoreState()

    inner_w = CARD_W - 2 * PAD
    inner_h = CARD_H - 2 * PAD
    content = card_flowables(card, inner_w, st)
    box = KeepInFrame(inner_w, inner_h, content, mode="shrink")
    _w, h = box.wrapOn(canv, inner_w, inner_h)
    box.drawOn(canv, x + PAD, y + CARD_H - PAD - min(h, inner_h))


def render_cards(
    doc: dict,
    path: str | os.PathLike[str],
    page: str = "a4",
    progress: ProgressCallback | None = None,
) -> int:
    page = check_page(page)
    register_fonts()
    doc = as_dict(doc)
    cards = [as_dict(c) for c in as_list(doc.get("cards"))]
    cols, rows, x0, y0 = grid(page)
    per_page = cols * rows
    pages = max(1, math.ceil(len(cards) / per_page))
    prog = Progress(progress, len(cards) + 1)
    prog.report()
    st = _Styles()
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
                x = x0 + col * CARD_W
                y = y0 + (rows - 1 - row) * CARD_H
                _draw_card(canv, card, x, y, st)
                prog.step()
            if not cards:
                canv.setFont(FONT_BOLD, 12)
                canv.setFillColor(MUTED)
                canv.drawString(x0 + PAD, y0 + rows * CARD_H - PAD - 12, "No fighter cards.")
            else:
                _cut_marks(canv, cols, rows, x0, y0)
            draw_footer(canv, footer, number, pages, margin, baseline=min(10 * mm, y0 / 2))
            canv.showPage()
        canv.save()
        prog.finish()
    return pages
