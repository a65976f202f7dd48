"""Quick-reference sheets: titled cards of text lines and tables, flowing over pages."""

from __future__ import annotations

import os

from reportlab.lib import colors
from reportlab.platypus import (
    KeepTogether,
    Paragraph,
    Spacer,
    Table,
)

from ._base import (
    Progress,
    ProgressCallback,
    as_dict,
    as_list,
    check_page,
    markup,
    text,
    tr,
)
from ._pdf import (
    HEAD_BG,
    MARGIN,
    MUTED,
    PALE,
    RULE,
    FooterContext,
    build_document,
    page_size,
    register_fonts,
    style,
    table_style,
    word_widths,
)

CELL_LIMIT = 1500
LINE_LIMIT = 4000


class _Styles:
    def __init__(self) -> None:
        self.kicker = style("qk", 8.5, colour=MUTED)
        self.h1 = style("qh1", 16, bold=True, spaceAfter=6)
        self.card_title = style("qct", 11, bold=True, colour=colors.white)
        self.subtitle = style("qcs", 8.5, colour=MUTED, spaceBefore=2, spaceAfter=2)
        self.line = style("ql", 8.5, spaceAfter=1.5)
        self.table_title = style("qtt", 9, bold=True, spaceBefore=5, spaceAfter=1)
        self.note = style("qn", 7.5, colour=MUTED, spaceAfter=2)
        self.head = style("qth", 7.5, bold=True, colour=colors.white)
        self.cell = style("qtd", 7.5)
        self.empty = style("qe", 10, colour=MUTED)


CELL_PAD = 2.5  # the table's left and right padding


def _table(spec: dict, width: float, st: _Styles) -> list:
    story: list = []
    if text(spec.get("title")).strip():
        story.append(Paragraph(markup(spec.get("title"), 300), st.table_title))
    if text(spec.get("note")).strip():
        story.append(Paragraph(markup(spec.get("note"), LINE_LIMIT), st.note))

    header = [text(c) for c in as_list(spec.get("columns"))]
    rows = [[text(v) for v in as_list(r)] for r in as_list(spec.get("rows"))]
    ncols = max([len(header)] + [len(r) for r in rows])
    if ncols == 0:
        return story
    has_header = bool(header)
    header += [""] * (ncols - len(header))
    rows = [r + [""] * (ncols - len(r)) for r in rows]

    data = []
    if has_header:
        data.append([Paragraph(markup(h, 200), st.head) for h in header])
    data += [[Paragraph(markup(v, CELL_LIMIT), st.cell) for v in r] for r in rows]
    commands: list = [
        ("GRID", (0, 0), (-1, -1), 0.4, RULE),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), CELL_PAD),
        ("RIGHTPADDING", (0, 0), (-1, -1), CELL_PAD),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
    ]
    if has_header:
        commands.append(("BACKGROUND", (0, 0), (-1, 0), HEAD_BG))
    first = 1 if has_header else 0
    for i in range(first + 1, len(data), 2):
        commands.append(("BACKGROUND", (0, i), (-1, i), PALE))
    table = Table(
        data,
        colWidths=word_widths(header, rows, width, size=7.5, pad=CELL_PAD),
        repeatRows=1 if has_header else 0,
        splitInRow=1,
        hAlign="LEFT",
    )
    table.setStyle(table_style(commands))
    story.append(table)
    return story


def card_story(card: dict, width: float, st: _Styles) -> list:
    card = as_dict(card)
    bar = Table(
        [[Paragraph(markup(card.get("title") or tr("Untitled"), 300), st.card_title)]],
        colWidths=[width],
        hAlign="LEFT",
    )
    bar.setStyle(
        table_style(
            [
                ("BACKGROUND", (0, 0), (-1, -1), HEAD_BG),
                ("TOPPADDING", (0, 0), (-1, -1), 3),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
                ("LEFTPADDING", (0, 0), (-1, -1), 4),
            ]
        )
    )
    story: list = [bar]
    if text(card.get("subtitle")).strip():
        story.append(Paragraph(markup(card.get("subtitle"), 600), st.subtitle))
    story.append(Spacer(1, 3))
    for line in as_list(card.get("lines")):
        story.append(Paragraph(markup(line, LINE_LIMIT), st.line))
    for spec in as_list(card.get("tables")):
        story += _table(as_dict(spec), width, st)
    story.append(Spacer(1, 10))
    return story


def render_qrs(
    doc: dict,
    path: str | os.PathLike[str],
    page: str = "a4",
    progress: ProgressCallback | None = None,
) -> int:
    page = check_page(page)
    register_fonts()
    doc = as_dict(doc)
    cards = as_list(doc.get("cards"))
    prog = Progress(progress, len(cards) + 1)
    prog.report()
    st = _Styles()
    width = page_size(page)[0] - 2 * MARGIN
    campaign, system = text(doc.get("campaign")).strip(), text(doc.get("system")).strip()
    footer = " \u2014 ".join(s for s in (campaign, system, tr("Quick reference")) if s)

    story: list = [FooterContext(footer)]
    kicker = " \u00b7 ".join(s for s in (campaign, system) if s)
    if kicker:
        story.append(Paragraph(markup(kicker, 600), st.kicker))
    story.append(Paragraph(tr("Quick reference"), st.h1))
    for card in cards:
        story.append(KeepTogether(card_story(card, width, st)))
        prog.step()
    if not cards:
        story.append(Paragraph(tr("No reference cards."), st.empty))

    return build_document(story, path, page, prog, tr("Quick reference"))
