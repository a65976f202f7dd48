"""Campaign report: battles, standings, each roster's history and charts drawn with
reportlab's own graphics (a Drawing per chart: bars or lines, with a legend)."""

from __future__ import annotations

import os

from reportlab.graphics.charts.barcharts import VerticalBarChart
from reportlab.graphics.charts.legends import Legend
from reportlab.graphics.charts.linecharts import HorizontalLineChart
from reportlab.graphics.shapes import Drawing, String
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, Paragraph, Spacer, Table

from ._base import (
    Progress,
    ProgressCallback,
    as_dict,
    as_list,
    check_page,
    markup,
    text,
    tr,
    visual,
)
from ._pdf import (
    FONT,
    FONT_BOLD,
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

# series colours that stay apart in grey too (dark, light, mid, ...)
SERIES = [colors.HexColor(c) for c in ("#1F4E79", "#E69F00", "#009E73", "#CC3311", "#7A5195", "#555555")]


class _Styles:
    def __init__(self) -> None:
        self.kicker = style("rk", 8.5, colour=MUTED)
        self.h1 = style("rh1", 17, bold=True, spaceAfter=4)
        self.h2 = style("rh2", 12, bold=True, spaceBefore=10, spaceAfter=4)
        self.h3 = style("rh3", 9.5, bold=True, spaceBefore=6, spaceAfter=2)
        self.head = style("rth", TABLE_SIZE, bold=True, colour=colors.white, splitLongWords=0)
        self.cell = style("rtd", TABLE_SIZE, splitLongWords=0)
        self.line = style("rl", 8.5, leftIndent=8, bulletIndent=0, spaceAfter=1)
        self.empty = style("re", 9, colour=MUTED)


CELL_PAD = 4.0  # a table cell's left and right padding
TABLE_SIZE = 8  # the tables' text (st.head, st.cell)


def _table(header: list[str], rows: list[list[str]], widths: list[float], st: _Styles) -> Table:
    data = [[Paragraph(markup(h, 100), st.head) for h in header]]
    data += [[Paragraph(markup(v, 1500), st.cell) for v in r] for r in rows]
    t = Table(data, colWidths=widths, repeatRows=1, hAlign="LEFT", splitInRow=1)
    commands: list = [
        ("BACKGROUND", (0, 0), (-1, 0), HEAD_BG),
        ("GRID", (0, 0), (-1, -1), 0.4, RULE),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), CELL_PAD),
        ("RIGHTPADDING", (0, 0), (-1, -1), CELL_PAD),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]
    commands += [("BACKGROUND", (0, i), (-1, i), PALE) for i in range(2, len(data), 2)]
    t.setStyle(table_style(commands))
    return t


def chart_drawing(spec: dict, width: float, height: float = 62 * mm) -> Drawing:
    """One chart as a Drawing: bars (grouped by battle) or lines, axes and a legend."""
    spec = as_dict(spec)
    cats = [text(c, 20) for c in as_list(spec.get("categories"))]
    series = [as_dict(s) for s in as_list(spec.get("series"))]
    values = []
    for s in series:
        vals = []
        for v in as_list(s.get("values")):
            try:
                vals.append(float(v))
            except (TypeError, ValueError):
                vals.append(0.0)
        values.append((vals + [0.0] * len(cats))[: len(cats)])
    d = Drawing(width, height)
    d.add(String(0, height - 10, visual(text(spec.get("title"), 120)), fontName=FONT_BOLD, fontSize=9.5))
    if not cats or not values:
        d.add(String(0, height - 26, "No battles yet.", fontName=FONT, fontSize=8, fillColor=MUTED))
        return d
    legend_w = 46 * mm
    chart = VerticalBarChart() if spec.get("kind") == "bar" else HorizontalLineChart()
    chart.x, chart.y = 28, 22
    chart.width, chart.height = width - legend_w - 40, height - 44
    chart.data = values
    chart.categoryAxis.categoryNames = cats
    for axis in (chart.categoryAxis, chart.valueAxis):
        axis.labels.fontName = FONT
        axis.labels.fontSize = 7
    top = max((max(v) for v in values if v), default=0.0)
    chart.valueAxis.valueMin = 0
    chart.valueAxis.valueMax = max(top, 1.0)
    chart.valueAxis.valueStep = max(1.0, round((max(top, 1.0)) / 5))
    for i in range(len(values)):
        colour = SERIES[i % len(SERIES)]
        if isinstance(chart, VerticalBarChart):
            chart.bars[i].fillColor = colour
            chart.bars[i].strokeColor = colors.black
            chart.bars[i].strokeWidth = 0.3
        else:
            chart.lines[i].strokeColor = colour
            chart.lines[i].strokeWidth = 1.6
    d.add(chart)
    legend = Legend()
    legend.x, legend.y = width - legend_w + 6, height - 24
    legend.fontName, legend.fontSize = FONT, 7.5
    legend.alignment = "right"
    legend.columnMaximum = 8
    legend.dx = legend.dy = 7
    legend.colorNamePairs = [(SERIES[i % len(SERIES)], visual(text(s.get("name"), 28)))
                             for i, s in enumerate(series)]
    d.add(legend)
    d.add(String(0, 6, text(spec.get("axis"), 40), fontName=FONT, fontSize=7, fillColor=MUTED))
    return d


def render_campaign(
    doc: dict,
    path: str | os.PathLike[str],
    page: str = "a4",
    progress: ProgressCallback | None = None,
) -> int:
    page = check_page(page)
    register_fonts()
    doc = as_dict(doc)
    st = _Styles()
    width = page_size(page)[0] - 2 * MARGIN
    histories = [as_dict(h) for h in as_list(doc.get("histories"))]
    prog = Progress(progress, len(histories) + 2)
    prog.report()
    campaign, system = text(doc.get("campaign")).strip(), text(doc.get("system")).strip()
    story: list = [FooterContext(" \u2014 ".join(s for s in (campaign, tr("Campaign report")) if s))]
    if system:
        story.append(Paragraph(markup(system, 300), st.kicker))
    story.append(Paragraph(markup(campaign or tr("Campaign"), 300), st.h1))

    story.append(Paragraph(tr("Battles"), st.h2))
    battles = [as_dict(b) for b in as_list(doc.get("battles"))]
    if battles:
        story.append(_table([tr("#"), tr("Date"), tr("Scenario"), tr("Result")],
                            [[text(b.get("number")), text(b.get("date")), text(b.get("scenario")),
                              text(b.get("result"))] for b in battles],
                            [10 * mm, 24 * mm, width * 0.35, width - 34 * mm - width * 0.35], st))
    else:
        story.append(Paragraph(tr("No battles yet."), st.empty))

    story.append(Paragraph(tr("Standings"), st.h2))
    standings = [as_dict(s) for s in as_list(doc.get("standings"))]
    if standings:
        if all("caused" in s for s in standings):  # the league table (standings helper)
            rating = text(doc.get("rating")).strip() or tr("Rating")
            header = [*map(tr, ["Roster", "Battles", "Wins", "Draws", "Losses", "Casualties caused",
                                "Casualties suffered"]), rating]
            keys: tuple[str, ...] = ("battles", "wins", "draws", "losses", "caused", "suffered", "rating")
        else:
            header = list(map(tr, ["Roster", "Battles", "Wins", "Draws", "Losses", "Casualties"]))
            keys = ("battles", "wins", "draws", "losses", "casualties")
        rows = [[text(s.get("roster")), *(text(s.get(k)) for k in keys)] for s in standings]
        # each column as wide as its longest word at least ("Casualties" ran over the rule)
        story.append(_table(header, rows, word_widths(header, rows, width, size=TABLE_SIZE, pad=CELL_PAD), st))
    prog.step()

    charts = as_list(doc.get("charts"))
    if charts:
        story.append(Paragraph(tr("Charts"), st.h2))
        for spec in charts:
            story.append(KeepTogether([chart_drawing(as_dict(spec), width), Spacer(1, 6)]))
    prog.step()

    if histories:
        story.append(Paragraph(tr("Roster histories"), st.h2))
    for h in histories:
        part: list = [Paragraph(markup(h.get("roster"), 300), st.h3)]
        lines = as_list(h.get("lines"))
        part += [Paragraph(markup(line, 2000), st.line, bulletText="\u2022") for line in lines] or \
            [Paragraph(tr("No battles yet."), st.empty)]
        story += part
        prog.step()

    head = as_dict(doc.get("roll_chain"))
    if head:  # the roll chain's head: players keep this page, `log verify` compares the chain with it
        story.append(Paragraph(tr("Roll record"), st.h2))
        rolls, digest = text(head.get("rolls")), text(head.get("hash")).strip()
        story.append(Paragraph(markup(tr("Chain head: {rolls} rolls, last hash {hash}").format(
            rolls=rolls, hash=digest or "-"), 300), st.line))
        story.append(Paragraph(markup(tr("Keep this page: `log verify` checks the roll record against "
                                         "the head the server keeps, and you can check that head against it."),
                                      400), st.empty))
    return build_document(story, path, page, prog, " \u2014 ".join(s for s in (campaign, tr("Campaign report")) if s))
