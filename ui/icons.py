"""Icons drawn with QPainter: dice faces (painted when first shown, cached), and the
source of the toolbar and menu glyphs and of the status badges (:mod:`ui.badges`).

The glyphs and the badges are shipped as PNG files in ``ui/glyphs/`` and the app icon (an SVG drawn
by hand) as PNG sizes in ``campaign_app/share/icons/``; :mod:`ui.glyphs` loads them, so
the window's first frame needs no painting code (nor the Python enums of Qt's
namespace that it uses, 12 ms at start). They are drawn here and written
with ``python -m ui.icons``; a test keeps the files equal to what this code draws."""

from __future__ import annotations

import math
import sys
from functools import cache
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QIcon,
    QImage,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QPolygonF,
)

from ui.badges import (
    BADGES,
    STATUS_COLOURS,
    badge_file,
    status_colour,
)

INK = "#3b4252"


def _canvas(size: int = 32) -> tuple[QPixmap, QPainter]:
    pm = QPixmap(size, size)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    return pm, p


STATUSES = tuple(STATUS_COLOURS)  # each has a badge (ui.badges.status_icon)


def status_image(cls: str, size: int) -> QImage:
    """The status badge of ``cls`` (``STATUSES``) drawn at ``size`` pixels: a tick (fit),
    a cross-shaped bandage (hurt), a padlock (captured) or an X (dead)."""
    if cls not in STATUS_COLOURS:
        raise KeyError(f"no status badge named {cls!r}")
    img = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(Qt.GlobalColor.transparent)
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.scale(size / 32, size / 32)
    colour = status_colour(cls)
    p.setPen(QPen(colour.darker(130), 1.5))
    p.setBrush(colour)
    p.drawEllipse(QRectF(3, 3, 26, 26))
    white = QPen(QColor("white"), 3.2, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                 Qt.PenJoinStyle.RoundJoin)
    p.setPen(white)
    p.setBrush(Qt.BrushStyle.NoBrush)
    if cls == "ok":
        p.drawPolyline(QPolygonF([QPointF(10, 16.5), QPointF(14.5, 21), QPointF(22, 11.5)]))
    elif cls == "hurt":
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("white"))
        p.drawRect(QRectF(13.5, 8.5, 5, 15))
        p.drawRect(QRectF(8.5, 13.5, 15, 5))
    elif cls == "away":
        p.setPen(QPen(QColor("white"), 2.4))
        p.drawArc(QRectF(11.5, 7.5, 9, 10), 0, 180 * 16)
        p.drawLine(QPointF(11.5, 12.5), QPointF(11.5, 15))
        p.drawLine(QPointF(20.5, 12.5), QPointF(20.5, 15))
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("white"))
        p.drawRoundedRect(QRectF(9.5, 14.5, 13, 9.5), 1.5, 1.5)
    else:
        p.drawLine(QPointF(11, 11), QPointF(21, 21))
        p.drawLine(QPointF(21, 11), QPointF(11, 21))
    p.end()
    return img


def _pen(colour: str = INK, width: float = 2.2) -> QPen:
    return QPen(QColor(colour), width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                Qt.PenJoinStyle.RoundJoin)


def _person(p: QPainter, x: float, y: float, scale: float, colour: str) -> None:
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(colour))
    p.drawEllipse(QRectF(x - 4 * scale, y, 8 * scale, 8 * scale))
    path = QPainterPath()
    path.moveTo(x - 8 * scale, y + 20 * scale)
    path.cubicTo(x - 8 * scale, y + 9 * scale, x + 8 * scale, y + 9 * scale, x + 8 * scale, y + 20 * scale)
    path.closeSubpath()
    p.drawPath(path)


def _plus(p: QPainter, colour: str = "#3c9a4a") -> None:
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(colour))
    p.drawEllipse(QRectF(18, 17, 14, 14))
    p.setPen(_pen("white", 2.4))
    p.drawLine(QPointF(25, 20), QPointF(25, 28))
    p.drawLine(QPointF(21, 24), QPointF(29, 24))


def _die(p: QPainter, rect: QRectF, pips: int, fill: str = "#ffffff", ink: str = INK) -> None:
    p.setPen(_pen(ink, 1.8))
    p.setBrush(QColor(fill))
    p.drawRoundedRect(rect, rect.width() * 0.18, rect.width() * 0.18)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(ink))
    cx, cy, d = rect.center().x(), rect.center().y(), rect.width() * 0.26
    spots = {
        1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
    }[pips]
    r = rect.width() * 0.085
    for sx, sy in spots:
        p.drawEllipse(QPointF(cx + sx * d, cy + sy * d), r, r)


@cache
def die_icon(face: int) -> QIcon:
    pm, p = _canvas(32)
    _die(p, QRectF(3, 3, 26, 26), max(1, min(6, face)))
    p.end()
    return QIcon(pm)


# The app icon: drawn as SVG (by hand), shipped with the desktop entry that
# ``campaign-app install-desktop`` installs (campaign_app.desktop), PNGs rendered from it.
APP_ID = "io.github.campaign_app.CampaignManager"  # = campaign_app.desktop.APP_ID
APP_SHARE = Path(__file__).resolve().parents[1] / "campaign_app" / "share"
APP_SVG = APP_SHARE / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"
APP_ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)  # = campaign_app.desktop.ICON_SIZES

GLYPHS = ("campaign", "roster", "fighter", "unit", "creature", "battle", "wizard", "dice", "edit",
          "house-rules", "export", "log", "history", "database", "demo", "cycle", "undo", "redo",
          "remove", "reload", "chart")


def glyph_image(name: str, size: int) -> QImage:
    """A toolbar glyph (``GLYPHS``) or the app icon (``"app"``), drawn at ``size`` pixels.
    Our own drawings rather than the style's icons: the same on every desktop."""
    img = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(Qt.GlobalColor.transparent)
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    if name == "app":
        p.scale(size / 64, size / 64)
        _draw_app(p)
    elif name in GLYPHS:
        p.scale(size / 32, size / 32)
        _draw_glyph(p, name)
    else:
        p.end()
        raise KeyError(f"no glyph named {name!r}")
    p.end()
    return img


def write_glyphs(folder: Path) -> list[Path]:
    """Write every toolbar glyph as ``NAME.png`` (32 pixels) and ``NAME@2x.png`` (64)
    into ``folder``, and every status badge the same way into ``folder/status``."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in GLYPHS:
        for size, suffix in ((32, ""), (64, "@2x")):
            path = folder / f"{name}{suffix}.png"
            if not glyph_image(name, size).save(str(path), "PNG"):
                raise OSError(f"cannot write {path}")
            written.append(path)
    status = folder / BADGES.name
    status.mkdir(exist_ok=True)
    for cls in STATUSES:  # the status badges, in a folder of their own (a dark theme keeps their colours)
        for size in (32, 64):
            path = status / badge_file(cls, size).name
            if not status_image(cls, size).save(str(path), "PNG"):
                raise OSError(f"cannot write {path}")
            written.append(path)
    return written


def write_app_icons(share: Path) -> list[Path]:
    """Write the app icon at every size of ``APP_ICON_SIZES`` under ``share`` (laid out
    as XDG's ``icons/hicolor/NxN/apps/``), rendered from its SVG."""
    written = []
    for size in APP_ICON_SIZES:
        path = app_icon_png(share, size)
        path.parent.mkdir(parents=True, exist_ok=True)
        if not glyph_image("app", size).save(str(path), "PNG"):
            raise OSError(f"cannot write {path}")
        written.append(path)
    return written


def app_icon_png(share: Path, size: int) -> Path:
    return share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"


def _draw_glyph(p: QPainter, name: str) -> None:
    """One glyph, on a 32 x 32 canvas."""
    if name == "campaign":
        p.setPen(_pen(INK, 2.4))
        p.drawLine(QPointF(8, 5), QPointF(8, 28))
        p.setPen(_pen("#a23b3b", 1.2))
        p.setBrush(QColor("#c94c4c"))
        flag = QPainterPath()
        flag.moveTo(9, 6)
        flag.cubicTo(15, 3, 19, 10, 26, 7)
        flag.lineTo(26, 18)
        flag.cubicTo(19, 21, 15, 14, 9, 17)
        flag.closeSubpath()
        p.drawPath(flag)
    elif name == "roster":
        _person(p, 11, 7, 0.9, "#7a8597")
        _person(p, 21, 5, 1.05, "#4a5a78")
    elif name == "fighter":
        _person(p, 13, 4, 1.1, "#4a5a78")
        _plus(p)
    elif name == "unit":
        for i, x in enumerate((8, 16, 24)):
            _person(p, x, 8 + (i % 2) * 2, 0.75, "#5d6b4a" if i != 1 else "#465436")
        _plus(p)
    elif name == "creature":
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#5e7d3a"))
        head = QPainterPath()
        head.addEllipse(QRectF(6, 5, 20, 20))
        p.drawPath(head)
        p.setBrush(QColor("#fff6c2"))
        p.drawEllipse(QRectF(10, 11, 5, 5))
        p.drawEllipse(QRectF(17, 11, 5, 5))
        p.setPen(_pen("#263318", 1.8))
        p.drawPolyline(QPolygonF([QPointF(11, 20), QPointF(13, 22), QPointF(15, 20),
                                  QPointF(17, 22), QPointF(19, 20), QPointF(21, 22)]))
        _plus(p)
    elif name == "battle":
        for flip in (1, -1):
            p.save()
            p.translate(16, 16)
            p.scale(flip, 1)
            p.rotate(45)
            p.setPen(_pen("#6b7280", 3))
            p.drawLine(QPointF(0, -12), QPointF(0, 7))
            p.setPen(_pen("#8a5a2b", 3.5))
            p.drawLine(QPointF(-5, 7), QPointF(5, 7))
            p.drawLine(QPointF(0, 8), QPointF(0, 12))
            p.restore()
    elif name in ("wizard", "dice"):
        _die(p, QRectF(3, 9, 18, 18), 5, "#ffffff")
        _die(p, QRectF(13, 3, 16, 16), 3, "#f3e3c3")
    elif name == "edit":
        p.save()
        p.translate(16, 16)
        p.rotate(45)
        p.setPen(_pen(INK, 1.4))
        p.setBrush(QColor("#f2c14e"))
        p.drawRect(QRectF(-3.5, -13, 7, 19))
        p.setBrush(QColor("#e8a0a0"))
        p.drawRect(QRectF(-3.5, -15, 7, 3))
        p.setBrush(QColor("#f5deb3"))
        p.drawPolygon(QPolygonF([QPointF(-3.5, 6), QPointF(3.5, 6), QPointF(0, 13)]))
        p.restore()
    elif name == "house-rules":
        p.setPen(_pen(INK, 1.6))
        p.setBrush(QColor("#fbfbf6"))
        p.drawRect(QRectF(5, 4, 20, 24))
        for y in (10, 15, 20):
            p.drawLine(QPointF(9, y), QPointF(21, y))
        p.setPen(_pen("#c07a12", 3))
        p.drawLine(QPointF(17, 27), QPointF(28, 14))
    elif name == "export":
        p.setPen(_pen(INK, 1.6))
        p.setBrush(QColor("#ffffff"))
        p.drawRect(QRectF(8, 3, 16, 10))
        p.setBrush(QColor("#d4d8e0"))
        p.drawRoundedRect(QRectF(3, 12, 26, 11), 2, 2)
        p.setBrush(QColor("#ffffff"))
        p.drawRect(QRectF(8, 19, 16, 10))
    elif name == "log":
        p.setPen(_pen(INK, 1.6))
        p.setBrush(QColor("#fbfbf6"))
        p.drawRect(QRectF(5, 3, 22, 26))
        for y in (9, 14, 19, 24):
            p.drawLine(QPointF(9, y), QPointF(23, y))
    elif name == "history":
        p.setPen(_pen(INK, 2.2))
        p.setBrush(QColor("#ffffff"))
        p.drawEllipse(QRectF(4, 4, 24, 24))
        p.drawLine(QPointF(16, 16), QPointF(16, 8))
        p.drawLine(QPointF(16, 16), QPointF(22, 19))
    elif name == "chart":
        p.setPen(Qt.PenStyle.NoPen)
        for x, top, colour in ((8, 17, "#4e79a7"), (15, 9, "#f28e2b"), (22, 13, "#59a14f")):
            p.setBrush(QColor(colour))
            p.drawRect(QRectF(x, top, 5, 26 - top))
        p.setPen(_pen(INK, 2))
        p.drawPolyline(QPolygonF([QPointF(5, 4), QPointF(5, 27), QPointF(29, 27)]))
    elif name == "database":
        p.setPen(_pen(INK, 1.6))
        p.setBrush(QColor("#d7e3f4"))
        for y in (18, 11, 4):
            p.drawRect(QRectF(6, y + 4, 20, 6))
            p.drawEllipse(QRectF(6, y, 20, 8))
    elif name == "demo":
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#e3a21a"))
        star = QPolygonF()
        for i in range(10):
            r = 13 if i % 2 == 0 else 5.5
            a = -math.pi / 2 + i * math.pi / 5
            star.append(QPointF(16 + r * math.cos(a), 17 + r * math.sin(a)))
        p.drawPolygon(star)
    elif name == "cycle":
        _circular_arrow(p, "#4a5a78", 40, 280, [(22, 2), (29, 9), (20, 11)])
    elif name in ("undo", "redo"):
        if name == "redo":  # the same arrow, mirrored
            p.translate(32, 0)
            p.scale(-1, 1)
        p.setPen(_pen("#4a5a78", 3))
        hook = QPainterPath()
        hook.moveTo(9, 13)
        hook.lineTo(19, 13)
        hook.cubicTo(30, 13, 30, 27, 19, 27)
        hook.lineTo(13, 27)
        p.drawPath(hook)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#4a5a78"))
        p.drawPolygon(QPolygonF([QPointF(3, 13), QPointF(11, 6), QPointF(11, 20)]))
    elif name == "remove":
        p.setPen(_pen(INK, 1.6))
        p.setBrush(QColor("#d4d8e0"))
        p.drawRoundedRect(QRectF(5, 7, 22, 4), 1, 1)
        p.drawRect(QRectF(13, 3.5, 6, 3.5))
        p.drawPolygon(QPolygonF([QPointF(7.5, 11), QPointF(24.5, 11), QPointF(22.5, 29), QPointF(9.5, 29)]))
        for x in (12.5, 16, 19.5):
            p.drawLine(QPointF(x, 15), QPointF(x, 25))
    elif name == "reload":
        _circular_arrow(p, "#3c7a4a", 100, 290, [(11, 1), (18, 6), (10, 11)])
    else:
        p.setBrush(QBrush(QColor("#9aa3b2")))
        p.drawEllipse(QRectF(8, 8, 16, 16))


def _circular_arrow(p: QPainter, colour: str, start: float, span: float,
                    head: list[tuple[float, float]]) -> None:
    """An arc round the glyph's middle (angles in degrees) with an arrowhead."""
    p.setPen(_pen(colour, 2.6))
    p.drawArc(QRectF(5, 5, 22, 22), int(start * 16), int(span * 16))
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(colour))
    p.drawPolygon(QPolygonF([QPointF(x, y) for x, y in head]))


def _draw_app(p: QPainter) -> None:
    """The app icon, on a 64 x 64 canvas: the hand-drawn SVG shipped for the desktop
    (``campaign_app/share/icons/hicolor/scalable/apps/``)."""
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(APP_SVG))
    if not renderer.isValid():
        raise OSError(f"cannot read the app icon {APP_SVG}")
    renderer.render(p, QRectF(0, 0, 64, 64))


def main(argv: list[str] | None = None) -> int:
    """``python -m ui.icons [FOLDER]``: write the glyph files (default: ``ui/glyphs``)
    and the app icon's PNG sizes (default: ``campaign_app/share``; with FOLDER, under
    ``FOLDER/share``)."""
    from PySide6.QtGui import QGuiApplication

    args = sys.argv[1:] if argv is None else argv
    _app = QGuiApplication.instance() or QGuiApplication(["icons"])
    folder = Path(args[0]) if args else Path(__file__).with_name("glyphs")
    share = folder / "share" if args else APP_SHARE
    for path in [*write_glyphs(folder), *write_app_icons(share)]:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
