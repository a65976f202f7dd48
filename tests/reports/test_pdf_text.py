"""The printers' canvas draws a string's operators from what it made for the same string
earlier in the same document (reports._pdf.numbered_canvas): it must write exactly what
reportlab's own Canvas.drawString writes, in every document, whatever was drawn before
in another one."""

from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas

from reports._pdf import FONT, FONT_BOLD, MARGIN, numbered_canvas, register_fonts

# many distinct characters: the font's second subset (256 codes each)
WIDE = "".join(chr(c) for c in range(0x100, 0x100 + 300) if chr(c).isprintable())


def _draw(c: Canvas, order: list[str]) -> None:
    c.setFont(FONT, 7.5, 9)
    for i, s in enumerate(order):
        c.drawString(10 + i, 700 - i, s)
    c.setFont(FONT_BOLD, 8.5, 10.37)
    for s in order:
        c.drawString(20, 600, s)
    c.drawString(30, 500, "spaced", charSpace=1)  # reportlab's own way
    c.setFont("Helvetica", 10)  # not a TrueType font: reportlab's own way
    c.drawString(40, 400, "Helvetica (1)")


def _pair() -> tuple[Canvas, Canvas]:
    register_fonts()
    ours = numbered_canvas(MARGIN)(io.BytesIO(), initialFontName=FONT)
    plain = Canvas(io.BytesIO(), initialFontName=FONT)
    return ours, plain


def test_strings_are_drawn_as_reportlab_draws_them_in_each_document() -> None:
    first = ["ab", "Active", "", "(paren) back\\slash", "Zoë ×2", WIDE, "ab", "Active", WIDE[:5]]
    # the second document meets the characters in another order: their codes differ
    second = ["ba", "éa", WIDE[::-1], "ab", "Active", "(paren) back\\slash", "ab"]
    for order in (first, second, first):
        ours, plain = _pair()
        _draw(ours, order)
        _draw(plain, order)
        assert ours._code == plain._code
        ours.showPage()
        plain.showPage()
        ours.save()
        plain.save()
