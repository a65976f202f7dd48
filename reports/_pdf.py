"""reportlab plumbing shared by the renderers: fonts, styles, page sizes, footers."""

from __future__ import annotations

import threading
from collections import Counter
from functools import lru_cache
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.rl_accel import fp_str
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate, TableStyle

from . import _base
from ._base import Progress, atomic_target, text

FONT = "DejaVuSans"
FONT_BOLD = "DejaVuSans-Bold"
# symbols and emoji DejaVu lacks (a subset of George Douros' Symbola, Debian's
# fonts-symbola: free for any use); black outlines, no colour emoji
FONT_SYMBOLS = "Symbola"
FONT_DIR = Path(__file__).resolve().parent / "fonts"

PAGE_SIZES = {"a4": A4, "letter": LETTER}

INK = colors.HexColor("#1A1A1A")
MUTED = colors.HexColor("#555555")
RULE = colors.HexColor("#8C8C8C")
HEAD_BG = colors.HexColor("#2B2B2B")
PALE = colors.HexColor("#F2F2F2")

# Row / badge shading by status. Text labels are always printed as well, so the
# status survives black-and-white printing.
STATUS_COLOURS = {
    "in-recovery": colors.HexColor("#FFDD99"),  # amber
    "captured": colors.HexColor("#C9DDF2"),  # blue-ish
    "dead": colors.HexColor("#CFCFCF"),  # grey
    "lost": colors.HexColor("#CFCFCF"),  # grey
    "out-of-the-fight": colors.HexColor("#F4D3CC"),  # pale red
}
GREYED_STATUSES = {"dead", "lost"}

_font_lock = threading.Lock()



@lru_cache(maxsize=65536)
def string_width(s: str, font: str, size: float) -> float:
    """``pdfmetrics.stringWidth``, remembered: the same words (statuses, numbers, weapon
    names) are measured over and over when columns are fitted, at each trial size."""
    return float(pdfmetrics.stringWidth(s, font, size))

def register_fonts() -> None:
    """Register the bundled DejaVu TTFs once (idempotent, thread-safe)."""
    with _font_lock:
        if FONT in pdfmetrics.getRegisteredFontNames():
            return
        pdfmetrics.registerFont(TTFont(FONT, str(FONT_DIR / "DejaVuSans.ttf")))
        pdfmetrics.registerFont(TTFont(FONT_BOLD, str(FONT_DIR / "DejaVuSans-Bold.ttf")))
        pdfmetrics.registerFontFamily(
            FONT, normal=FONT, bold=FONT_BOLD, italic=FONT, boldItalic=FONT_BOLD
        )
        symbols = TTFont(FONT_SYMBOLS, str(FONT_DIR / "Symbola.ttf"))
        pdfmetrics.registerFont(symbols)
        pdfmetrics.registerFontFamily(FONT_SYMBOLS, normal=FONT_SYMBOLS, bold=FONT_SYMBOLS,
                                      italic=FONT_SYMBOLS, boldItalic=FONT_SYMBOLS)
        main = pdfmetrics.getFont(FONT).face.charToGlyph  # type: ignore[attr-defined]
        _base.FALLBACK = (FONT_SYMBOLS, frozenset(main), frozenset(symbols.face.charToGlyph))


def page_size(page: str, landscape: bool = False) -> tuple[float, float]:
    width, height = PAGE_SIZES[page]
    return (height, width) if landscape else (width, height)


def status_key(value: object) -> str:
    """'In Recovery' / 'in_recovery' / 'in-recovery' -> 'in-recovery'."""
    return "-".join(text(value).strip().lower().replace("_", " ").replace("-", " ").split())


def style(name: str, size: float = 9, bold: bool = False, colour=INK, **kw) -> ParagraphStyle:
    """A ParagraphStyle that never falls back to Helvetica."""
    font = FONT_BOLD if bold else FONT
    kw.setdefault("leading", round(size * 1.22, 2))
    kw.setdefault("splitLongWords", 1)
    return ParagraphStyle(
        name,
        fontName=font,
        fontSize=size,
        textColor=colour,
        bulletFontName=FONT,
        **kw,
    )


def table_style(commands: list) -> TableStyle:
    """TableStyle whose cell font is DejaVu (reportlab's default is Helvetica)."""
    return TableStyle([("FONTNAME", (0, 0), (-1, -1), FONT), *commands])


def fit_string(value: object, font: str, size: float, width: float) -> str:
    """Truncate ``value`` with an ellipsis so it fits ``width`` points on one line."""
    s = " ".join(text(value).split())
    if pdfmetrics.stringWidth(s, font, size) <= width:
        return s
    lo, hi = 0, len(s)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if pdfmetrics.stringWidth(s[:mid] + "\u2026", font, size) <= width:
            lo = mid
        else:
            hi = mid - 1
    return s[:lo].rstrip() + "\u2026"


def draw_footer(
    canv: Canvas, left: str, number: int, total: int, margin: float, baseline: float | None = None
) -> None:
    """Draw the footer rule, the campaign/roster line and "Page X of Y"."""
    width, _height = canv._pagesize
    y = margin * 0.55 if baseline is None else baseline
    canv.saveState()
    canv.setStrokeColor(RULE)
    canv.setLineWidth(0.4)
    canv.line(margin, y + 10, width - margin, y + 10)
    canv.setFillColor(MUTED)
    right = _base.tr("Page {number} of {total}").format(number=number, total=total)
    canv.setFont(FONT, 8)
    right_w = pdfmetrics.stringWidth(right, FONT, 8)
    canv.drawRightString(width - margin, y, right)
    avail = width - 2 * margin - right_w - 12
    line = fit_string(left, FONT, 8, avail)
    if _base.needs_fallback(line):  # symbols DejaVu lacks: a Paragraph picks the symbol font
        from reportlab.platypus import Paragraph

        para = Paragraph(_base.markup(line), style("footer", 8, colour=MUTED, leading=9.6))
        _w, h = para.wrap(avail + 40, 20)
        para.drawOn(canv, margin, y - 2.1)
    else:
        canv.drawString(margin, y, _base.visual(line))
    canv.restoreState()


class FooterContext(Flowable):
    """Zero-size marker: sets the footer text and numbering group from here on."""

    def __init__(self, left: str, group: int = 0) -> None:
        super().__init__()
        self.left = left
        self.group = group

    def wrap(self, availWidth, availHeight):  # noqa: N803 - reportlab API
        return 0, 0

    def draw(self) -> None:
        self.canv.footer_left = self.left
        self.canv.footer_group = self.group


def numbered_canvas(margin: float):
    """Canvas class that defers pages so it can print "Page X of Y" on each.

    Pages are numbered within their footer group (see FooterContext), so several
    rosters in one PDF each get their own "Page 1 of N".
    """

    class NumberedCanvas(Canvas):
        def __init__(self, *args, **kwargs):
            if not kwargs.get("initialFontName"):
                kwargs["initialFontName"] = FONT
            super().__init__(*args, **kwargs)
            self._deferred_pages: list[dict] = []
            self.footer_left = ""
            self.footer_group = 0
            # (font, size, leading, text) -> the text's PDF operators in this document
            self._shown: dict[tuple[str, float, float, str], str] = {}

        def drawString(self, x, y, text, mode=None, charSpace=0, direction=None,  # noqa: N802, N803
                       wordSpace=None, shaping=False):
            """``Canvas.drawString``, each string's operators made once per document: a
            table's cells say "Active", "-" and the same weapons hundreds of times.

            Canvas.drawString (reportlab 4-5) writes ``BT 1 0 0 1 x y Tm <text> T* ET``,
            where <text> is the text object's ``_formatText`` of the string: for a
            TrueType font, the font subset's selection and the string in that subset's
            codes, which depend only on the font, size, leading and string once the
            document has met its characters (the first time, which this lets reportlab
            do). Anything else (modes, spacing, direction, shaping, other fonts, a
            top-down canvas) goes to reportlab as before."""
            if (mode is not None or charSpace or direction is not None or wordSpace or shaping
                    or not self.bottomup or type(text) is not str):
                return Canvas.drawString(self, x, y, text, mode, charSpace, direction, wordSpace, shaping)
            key = (self._fontname, self._fontsize, self._leading, text)
            shown = self._shown.get(key)
            if shown is None:
                if not getattr(pdfmetrics.getFont(self._fontname), "_dynamicFont", False):
                    return Canvas.drawString(self, x, y, text)
                shown = self._shown[key] = PDFTextObject(self)._formatText(text)
            self._code.append(f"BT 1 0 0 1 {fp_str(x, y)} Tm {shown} T* ET")
            return None

        def showPage(self):  # noqa: N802 - reportlab API
            self._deferred_pages.append(dict(self.__dict__))
            self._startPage()

        def save(self):
            states = self._deferred_pages
            totals = Counter(s["footer_group"] for s in states)
            seen: Counter = Counter()
            for state in states:
                self.__dict__.update(state)
                group = state["footer_group"]
                seen[group] += 1
                draw_footer(self, state["footer_left"], seen[group], totals[group], margin)
                Canvas.showPage(self)
            Canvas.save(self)

    return NumberedCanvas


MARGIN = 12 * mm


def build_document(story: list, path, page: str, progress: Progress, title: str,
                   landscape: bool = False) -> int:
    """Lay ``story`` out on pages with the shared margins and the 'Page X of Y' footer,
    written to a temp file that replaces ``path`` only when the whole PDF is done."""
    pagesize = page_size(page, landscape)
    with atomic_target(path) as tmp:
        doc = BaseDocTemplate(
            tmp,
            pagesize=pagesize,
            leftMargin=MARGIN,
            rightMargin=MARGIN,
            topMargin=MARGIN,
            bottomMargin=MARGIN + 6 * mm,
            title=text(title, 300) or _base.tr("Roster"),
            author="campaign_app",
        )
        frame = Frame(
            doc.leftMargin,
            doc.bottomMargin,
            doc.width,
            doc.height,
            id="body",
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
        )
        doc.addPageTemplates([PageTemplate(id="page", frames=[frame])])
        doc.build(story, canvasmaker=numbered_canvas(MARGIN))
        progress.finish()
        pages = doc.page
    return pages


def spread_widths(weights: list[float], mins: list[float], naturals: list[float], width: float) -> list[float]:
    """Widths (sum = width) never below ``mins``: the room left goes to the columns whose
    text would wrap, by how much more they need times their weight; once every column
    has its natural width, the rest goes by weight."""
    if sum(naturals) <= width:
        extra = width - sum(naturals)
        total = sum(weights) or 1.0
        return [n + extra * w / total for n, w in zip(naturals, weights, strict=True)]
    need = [(n - m) * w for n, m, w in zip(naturals, mins, weights, strict=True)]
    total = sum(need) or 1.0
    extra = width - sum(mins)
    return [m + extra * d / total for m, d in zip(mins, need, strict=True)]


def word_widths(header: list[str], rows: list[list[str]], width: float, *, size: float,
                pad: float) -> list[float]:
    """Column widths (sum = width) for a table of plain text in ``size`` points with
    ``pad`` points either side of a cell: each column at least as wide as its widest
    word (the header's in bold), so no word is broken ("Charg/e") or runs over the rule
    into the next column; the room left goes to the columns whose text would wrap
    (longer text, more room). Where even the widest words cannot all fit, widths by the
    length of the text, as a last resort."""
    mins, naturals, weights = [], [], []
    for i, head in enumerate(header):
        cells = [r[i] for r in rows if i < len(r)]
        widest = max([string_width(w, FONT_BOLD, size) for w in head.split()]
                     + [string_width(w, FONT, size) for c in cells for w in c.split()], default=0.0)
        natural = max([string_width(head, FONT_BOLD, size)] + [string_width(c, FONT, size) for c in cells],
                      default=0.0)
        mins.append(widest + 2 * pad + 0.5)
        naturals.append(max(natural + 2 * pad + 0.5, mins[-1]))
        weights.append(float(min(max(max([len(head)] + [len(c) for c in cells]), 3), 40)))
    if sum(mins) <= width:
        return spread_widths(weights, mins, naturals, width)
    total = sum(weights)
    return [width * w / total for w in weights]
