"""The Charts tab: the campaign's charts (casualties and wins per battle, each roster's
Rep, XP, rating or figures after each battle, the rolls per table), painted with
QPainter from the plain data of :func:`campaign_app.usecases.charts.campaign_charts`.

Nothing is cut off: a title or a category label wraps at spaces (a label that cannot
wrap under its bar is turned upright), a chart grows as tall as its text needs, and a
long roster name in a legend is shortened with its full name as a tooltip. Colours come
from the palette in force (:func:`ui.theme.colours`) and a fixed list of series colours
that reads on light and dark."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QEvent, QPointF, QRect, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetrics,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import QLabel, QScrollArea, QSizePolicy, QToolTip, QVBoxLayout, QWidget

from ui.i18n import QT_TRANSLATE_NOOP, translate
from ui.views import CampaignTab

# Series colours (Tableau 10): each reads on a light and a dark background.
SERIES_COLOURS = ("#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#b07aa1", "#76b7b2", "#edc948", "#9c755f",
                  "#ff9da7", "#bab0ac")
LEGEND_CHARS = 28  # a longer series name is shortened in the legend (full name as a tooltip)
MARGIN = 10
PLOT_HEIGHT = 170  # of a bar or line chart's plotting area
WRAP = Qt.TextFlag.TextWordWrap
NO_CHARTS = (QT_TRANSLATE_NOOP("charts", "No battles or rolls on record yet: the charts fill in as battles are recorded "
             "and the rules tables are rolled."))


def series_colour(i: int) -> QColor:
    return QColor(SERIES_COLOURS[i % len(SERIES_COLOURS)])


def number(v: float) -> str:
    """A value as a tick or a bar shows it: 3, 3.5, 3.71."""
    return str(int(v)) if float(v).is_integer() else f"{v:.2f}".rstrip("0").rstrip(".")


def short_name(name: str, limit: int = LEGEND_CHARS) -> str:
    """``name`` for a legend: as it is when short, else cut at a space near ``limit``
    characters with an ellipsis (the full name is the legend's tooltip)."""
    if len(name) <= limit:
        return name
    cut = name[:limit - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > limit // 2 else cut).rstrip(" ,;:-") + "…"


def nice_ticks(lo: float, hi: float, count: int = 5) -> list[float]:
    """Round tick values from ``lo`` (or below) to ``hi`` (or above), about ``count`` steps."""
    if hi <= lo:
        hi = lo + 1
    raw = (hi - lo) / count
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    if step < 1 and all(float(v).is_integer() for v in (lo, hi)) and hi - lo <= count:
        step = 1.0  # counts: whole numbers
    start = math.floor(lo / step) * step
    ticks = [start]
    while ticks[-1] < hi - 1e-9:
        ticks.append(round(ticks[-1] + step, 10))
    return ticks


@dataclass
class _Layout:
    """Where everything of a chart goes at one width (the same for sizing and painting)."""

    height: int = 0
    title: QRect = field(default_factory=QRect)
    caption: QRect = field(default_factory=QRect)
    legend: list[tuple[QRect, QRect, int, str]] = field(default_factory=list)  # swatch, text, series, shown
    plot: QRect = field(default_factory=QRect)
    ticks: list[float] = field(default_factory=list)
    upright: bool = False  # category labels turned upright (they cannot wrap under their slot)
    every: int = 1  # a label under every n-th slot (a league's thousand battles)
    label_band: int = 0
    rows: list[QRect] = field(default_factory=list)  # hbar: each category's row, label side


class ChartWidget(QWidget):
    """One chart (``Chart``: title, kind "bar", "line" or "hbar", categories, series,
    axis), as tall as its width needs."""

    def __init__(self, chart: dict[str, Any], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.chart = chart
        self.setObjectName("chart")
        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self.setMinimumWidth(360)
        self._cache: tuple[int, str, _Layout] | None = None

    # ------------------------------------------------------------------ sizes
    def title_font(self) -> QFont:
        f = QFont(self.font())
        f.setBold(True)
        f.setPointSizeF(f.pointSizeF() * 1.1 if f.pointSizeF() > 0 else 10)
        return f

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt override
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt override
        return self.layout_for(width).height

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(640, self.heightForWidth(640))

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(360, self.heightForWidth(max(self.width(), 360)))

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        want = self.heightForWidth(self.width())
        if want != self.minimumHeight():
            self.setMinimumHeight(want)  # a layout that ignores height-for-width still gives it

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.PaletteChange):
            self._cache = None
            self.updateGeometry()
        super().changeEvent(event)

    def layout_for(self, width: int) -> _Layout:
        key = self.font().toString()
        if self._cache is not None and self._cache[:2] == (width, key):
            return self._cache[2]
        lay = self._hbar_layout(width) if self.chart["kind"] == "hbar" else self._layout(width)
        self._cache = (width, key, lay)
        return lay

    def _head(self, width: int, lay: _Layout) -> int:
        """Title, axis caption and legend from the top; returns the y below them."""
        inner = max(width - 2 * MARGIN, 1)
        tf = QFontMetrics(self.title_font())
        fm = self.fontMetrics()
        y = MARGIN
        lay.title = tf.boundingRect(QRect(MARGIN, y, inner, 100000), int(WRAP), self.chart["title"])
        y = lay.title.bottom() + 4
        if self.chart.get("axis"):
            lay.caption = fm.boundingRect(QRect(MARGIN, y, inner, 100000), int(WRAP), self.chart["axis"])
            y = lay.caption.bottom() + 6
        series = self.chart["series"]
        if len(series) > 1:
            x, line = MARGIN, fm.height()
            for i, s in enumerate(series):
                shown = short_name(s["name"])
                tw = fm.horizontalAdvance(shown) + 2
                need = 14 + 6 + tw
                if x > MARGIN and x + need > MARGIN + inner:
                    x, y = MARGIN, y + line + 4
                swatch = QRect(x, y + (line - 12) // 2, 12, 12)
                lay.legend.append((swatch, QRect(x + 18, y, tw, line), i, shown))
                x += need + 16
            y += line + 8
        return y

    def _layout(self, width: int) -> _Layout:
        lay = _Layout()
        fm = self.fontMetrics()
        y = self._head(width, lay)
        values = [v for s in self.chart["series"] for v in s["values"]]
        lay.ticks = nice_ticks(min([0.0, *values]), max([0.0, *values]))
        left = MARGIN + max(fm.horizontalAdvance(number(t)) for t in lay.ticks) + 8
        top = y + fm.height() // 2  # room for the top tick's label
        lay.plot = QRect(left, top, max(width - MARGIN - left, 40), PLOT_HEIGHT)
        cats = self.chart["categories"]
        slot = lay.plot.width() / max(len(cats), 1)
        fits = all(fm.horizontalAdvance(w) <= slot - 4 for c in cats for w in c.split())
        widest = max((fm.horizontalAdvance(c) for c in cats), default=0)
        if fits:
            lay.label_band = max((fm.boundingRect(QRect(0, 0, int(slot) - 4, 100000), int(WRAP), c).height()
                                  for c in cats), default=0)
        elif widest <= 60:  # short labels ("#12"): flat, under every n-th slot
            lay.every = math.ceil((widest + 8) / max(slot, 0.01))
            lay.label_band = fm.height()
        else:
            lay.upright = True
            lay.every = max(1, math.ceil((fm.height() + 2) / max(slot, 0.01)))
            lay.label_band = widest
        lay.height = lay.plot.bottom() + 6 + lay.label_band + MARGIN
        return lay

    def _hbar_layout(self, width: int) -> _Layout:
        lay = _Layout()
        fm = self.fontMetrics()
        y = self._head(width, lay) + 4
        inner = max(width - 2 * MARGIN, 1)
        cats = self.chart["categories"]
        values = [v for s in self.chart["series"] for v in s["values"]]
        lay.ticks = nice_ticks(0.0, max([0.0, *values]))
        label_w = min(max((fm.horizontalAdvance(c) for c in cats), default=0) + 2, int(inner * 0.4))
        label_w = max(label_w, max((fm.horizontalAdvance(w) for c in cats for w in c.split()), default=0) + 2)
        rows = []
        for c in cats:
            h = fm.boundingRect(QRect(0, 0, label_w, 100000), int(WRAP), c).height()
            rows.append(QRect(MARGIN, y, label_w, max(h, fm.height() + 6) + 6))
            y += rows[-1].height()
        lay.rows = rows
        left = MARGIN + label_w + 10
        value_w = fm.horizontalAdvance(number(max(values, default=0))) + 8
        tick_w = fm.horizontalAdvance(number(lay.ticks[-1])) // 2 + 2
        lay.plot = QRect(left, rows[0].top() if rows else y, max(width - MARGIN - left - max(value_w, tick_w), 40),
                         max(y - (rows[0].top() if rows else y), 1))
        lay.label_band = fm.height() + 6
        lay.height = lay.plot.bottom() + 6 + lay.label_band + MARGIN
        return lay

    # ------------------------------------------------------------------ painting
    def paintEvent(self, _event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        from ui.theme import colours

        c = colours(self.palette())
        lay = self.layout_for(self.width())
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), self.palette().color(QPalette.ColorRole.Base))
        p.setPen(QColor(c.cell_border))
        p.drawRect(QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5))
        text, muted, rule = QColor(c.text), QColor(c.muted), QColor(c.rule)
        p.setFont(self.title_font())
        p.setPen(QColor(c.heading))
        p.drawText(lay.title, int(WRAP), self.chart["title"])
        p.setFont(self.font())
        if self.chart.get("axis"):
            p.setPen(muted)
            p.drawText(lay.caption, int(WRAP), self.chart["axis"])
        for swatch, rect, i, shown in lay.legend:
            p.fillRect(swatch, series_colour(i))
            p.setPen(text)
            p.drawText(rect, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), shown)
        if self.chart["kind"] == "hbar":
            self._paint_hbar(p, lay, text, muted, rule)
        else:
            self._paint_xy(p, lay, text, muted, rule)
        p.end()

    def _y(self, lay: _Layout, v: float) -> float:
        lo, hi = lay.ticks[0], lay.ticks[-1]
        return lay.plot.bottom() - (v - lo) / ((hi - lo) or 1) * lay.plot.height()

    def _paint_xy(self, p: QPainter, lay: _Layout, text: QColor, muted: QColor, rule: QColor) -> None:
        fm = self.fontMetrics()
        plot = lay.plot
        for t in lay.ticks:  # grid and the y axis' labels
            y = self._y(lay, t)
            p.setPen(QPen(rule, 1))
            p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            p.setPen(muted)
            p.drawText(QRectF(MARGIN, y - fm.height() / 2, plot.left() - MARGIN - 6, fm.height()),
                       int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter), number(t))
        p.setPen(QPen(muted, 1))
        p.drawLine(QPointF(plot.left(), plot.top()), QPointF(plot.left(), plot.bottom()))
        cats = self.chart["categories"]
        slot = plot.width() / max(len(cats), 1)
        p.setPen(text)
        for j, cat in enumerate(cats):  # the category labels under their slots
            if j % lay.every:
                continue
            x0 = plot.left() + j * slot
            if lay.upright:
                p.save()
                p.translate(x0 + slot / 2 + fm.height() / 2 - fm.descent(), plot.bottom() + 6)
                p.rotate(-90)
                p.drawText(QPointF(-fm.horizontalAdvance(cat), 0), cat)
                p.restore()
            elif lay.every > 1:
                w = fm.horizontalAdvance(cat) + 4
                p.drawText(QRectF(x0 + slot / 2 - w / 2, plot.bottom() + 6, w, lay.label_band),
                           int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop), cat)
            else:
                p.drawText(QRectF(x0 + 2, plot.bottom() + 6, slot - 4, lay.label_band),
                           int(WRAP | Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop), cat)
        series = self.chart["series"]
        base = self._y(lay, max(lay.ticks[0], 0.0))
        big = sum(len(s["values"]) for s in series) > 4000  # a league's chart: drawn fast, thin, not smoothed
        if big:
            p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        if self.chart["kind"] == "bar":
            for i, s in enumerate(series):
                colour = series_colour(i)
                for j in range(len(s["values"])):
                    p.fillRect(self.mark_of(i, j, lay), colour)
        else:
            for i, s in enumerate(series):
                pts = [QPointF(plot.left() + (j + 0.5) * slot, self._y(lay, v)) for j, v in enumerate(s["values"])]
                colour = series_colour(i)
                p.setPen(QPen(colour, 0 if big else 2.2))
                p.drawPolyline(QPolygonF(pts))
                p.setBrush(colour)
                if slot >= 4:  # a point for each battle, when they do not run into each other
                    for pt in pts:
                        p.drawEllipse(pt, 3.5, 3.5)
                p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(muted, 1))
        p.drawLine(QPointF(plot.left(), base), QPointF(plot.right(), base))

    def mark_of(self, i: int, j: int, lay: _Layout | None = None) -> QRectF:
        """Series ``i``'s bar at category ``j`` (a bar chart), or the 12-pixel square
        around its point (a line chart)."""
        lay = lay or self.layout_for(self.width())
        plot, n = lay.plot, max(len(self.chart["categories"]), 1)
        slot = plot.width() / n
        v = self.chart["series"][i]["values"][j]
        y = self._y(lay, v)
        if self.chart["kind"] != "bar":
            x = plot.left() + (j + 0.5) * slot
            return QRectF(x - 6, y - 6, 12, 12)
        count = max(len(self.chart["series"]), 1)
        group = min(slot * 0.72, 56.0 * count)
        bw = group / count
        base = self._y(lay, max(lay.ticks[0], 0.0))
        x = plot.left() + j * slot + (slot - group) / 2 + i * bw
        return QRectF(x + min(1.0, bw / 4), min(y, base), max(bw - 2, bw / 2), max(abs(base - y), 1 if v else 0))

    def _paint_hbar(self, p: QPainter, lay: _Layout, text: QColor, muted: QColor, rule: QColor) -> None:
        fm = self.fontMetrics()
        plot = lay.plot
        hi = lay.ticks[-1] or 1
        for t in lay.ticks:  # grid and the x axis' labels
            x = plot.left() + t / hi * plot.width()
            p.setPen(QPen(rule, 1))
            p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()))
            p.setPen(muted)
            w = fm.horizontalAdvance(number(t)) + 4
            p.drawText(QRectF(x - w / 2, plot.bottom() + 6, w, fm.height()), int(Qt.AlignmentFlag.AlignCenter),
                       number(t))
        values = self.chart["series"][0]["values"] if self.chart["series"] else []
        colour = series_colour(0)
        for row, cat, v in zip(lay.rows, self.chart["categories"], values, strict=False):
            p.setPen(text)
            p.drawText(row, int(WRAP | Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter), cat)
            h = min(row.height() - 8, fm.height() + 4)
            bar = QRectF(plot.left(), row.center().y() - h / 2 + 0.5, max(v / hi * plot.width(), 1), h)
            p.fillRect(bar, colour)
            p.drawText(QRectF(bar.right() + 4, bar.top(), fm.horizontalAdvance(number(v)) + 4, bar.height()),
                       int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), number(v))
        p.setPen(QPen(muted, 1))
        p.drawLine(QPointF(plot.left(), plot.top()), QPointF(plot.left(), plot.bottom()))

    def tip_at(self, pos: QPointF) -> str:
        """What the tooltip says at ``pos``: a legend's full name, a bar's or a point's
        value (found by its place: a league's chart keeps no list of its thousands)."""
        lay = self.layout_for(self.width())
        for swatch, rect, i, _shown in lay.legend:
            if QRectF(swatch.united(rect)).contains(pos):
                return str(self.chart["series"][i]["name"])
        cats, series = self.chart["categories"], self.chart["series"]
        if self.chart["kind"] == "hbar":
            for row, cat, v in zip(lay.rows, cats, series[0]["values"] if series else [], strict=False):
                if row.top() <= pos.y() < row.bottom() and MARGIN <= pos.x() <= self.width() - MARGIN:
                    return f"{cat}: {number(v)}"
            return ""
        if not cats or not QRectF(lay.plot).adjusted(-6, -6, 6, 6).contains(pos):
            return ""
        j = min(max(int((pos.x() - lay.plot.left()) / (lay.plot.width() / len(cats))), 0), len(cats) - 1)
        for i in reversed(range(len(series))):  # the one drawn last is on top
            mark = self.mark_of(i, j, lay)
            if mark.adjusted(0, -4, 0, 0).contains(pos):
                return f"{series[i]['name']}, {cats[j]}: {number(series[i]['values'][j])}"
        return ""

    def event(self, e: QEvent) -> bool:
        if e.type() == QEvent.Type.ToolTip:
            from ui.text import esc

            tip = self.tip_at(QPointF(e.pos()))  # type: ignore[attr-defined]
            if tip:  # a tooltip renders rich text: the names in it escaped
                QToolTip.showText(e.globalPos(), f"<span>{esc(tip)}</span>", self)  # type: ignore[attr-defined]
            else:
                QToolTip.hideText()
                e.ignore()
            return True
        return super().event(e)


class ChartsView(CampaignTab):
    """The campaign's charts, one under the other in a scroll area, read when the tab
    is shown (and again, while shown, when a change set names battles, rolls, figures
    or rosters: :meth:`ui.main_window.MainWindow.apply_changes`)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 4, 0, 0)
        self.scroll = QScrollArea()
        self.scroll.setObjectName("chartsScroll")
        self.scroll.setWidgetResizable(True)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.page = QWidget()
        self.page.setObjectName("chartsPage")
        self.column = QVBoxLayout(self.page)
        self.column.setContentsMargins(8, 8, 8, 8)
        self.column.setSpacing(12)
        self.message = QLabel()
        self.message.setObjectName("chartsMessage")
        self.message.setTextFormat(Qt.TextFormat.PlainText)  # an error may name the campaign
        self.message.setWordWrap(True)
        self.message.hide()
        self.column.addWidget(self.message)
        self.column.addStretch(1)
        self.scroll.setWidget(self.page)
        lay.addWidget(self.scroll)
        self.charts: list[ChartWidget] = []
        self.data: dict[str, Any] | None = None

    def load(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        from campaign_app.errors import AppError

        for w in self.charts:
            self.column.removeWidget(w)
            w.deleteLater()
        self.charts = []
        self.data = None
        if self.app is None or self.campaign_id is None:
            self._say("")
            return
        from campaign_app.usecases import charts as uc

        try:
            data = self.app.run(uc.campaign_charts, self.campaign_id)
        except AppError as e:  # the campaign is gone, or its game is not installed here
            self._say(str(e))
            return
        self.data = dict(data)
        if data.get("too_big"):
            self._say(translate("charts", "{campaign} is a league of {rosters} rosters and {battles} battles: charts "
                                          "are drawn for campaigns of up to {max_rosters} rosters and {max_battles} "
                                          "battles. The Standings tab ranks every roster.").format(
                campaign=data["campaign"], rosters=f"{data['rosters']:,}", battles=f"{data['battles']:,}",
                max_rosters=uc.CHART_ROSTERS, max_battles=f"{uc.CHART_BATTLES:,}"))
            return
        self._say("" if data["charts"] else translate("charts", NO_CHARTS))
        for i, chart in enumerate(data["charts"]):
            w = ChartWidget(dict(chart), self.page)
            self.column.insertWidget(1 + i, w)
            self.charts.append(w)

    def _say(self, text: str) -> None:
        self.message.setText(text)
        self.message.setVisible(bool(text))

    def titles(self) -> list[str]:
        return [w.chart["title"] for w in self.charts]
