"""The toolbar and menu glyphs, loaded from the PNG files in ``ui/glyphs/``, and the app
icon, from its PNG sizes in ``campaign_app/share/icons/hicolor/`` (drawn by
:mod:`ui.icons`, written with ``python -m ui.icons``; the app icon is an SVG drawn by
hand, also installed for the desktop by ``campaign-app install-desktop``).

Loading a file needs none of the painting code, so the window's first frame does not
pay for it. Each glyph has a 1x and a 2x file, for sharp icons on high-DPI screens."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PySide6.QtCore import QSize
from PySide6.QtGui import QIcon

FOLDER = Path(__file__).with_name("glyphs")
APP_ID = "io.github.campaign_app.CampaignManager"  # = campaign_app.desktop.APP_ID
APP_ICONS = Path(__file__).parent.parent / "campaign_app" / "share" / "icons" / "hicolor"
APP_ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


@cache
def action_icon(name: str) -> QIcon:
    """A toolbar or menu glyph by name (``ui.icons.GLYPHS``)."""
    small = FOLDER / f"{name}.png"
    if not small.is_file():
        raise KeyError(f"no glyph file {small} (run python -m ui.icons)")
    icon = QIcon()  # sizes given: a file is read only when the icon is first drawn
    icon.addFile(str(small), QSize(32, 32))
    icon.addFile(str(FOLDER / f"{name}@2x.png"), QSize(64, 64))
    return icon


def glyph(name: str) -> QIcon:
    """The glyph ``name`` for the palette in force (light strokes on a dark theme)."""
    from ui.theme import is_dark

    if is_dark():
        _darkened.add(name)
        return dark_icon(name)
    return action_icon(name)


def glyph_names() -> list[str]:
    return sorted(p.stem for p in FOLDER.glob("*.png") if not p.stem.endswith("@2x"))


@cache
def dark_icon(name: str) -> QIcon:
    """The glyph for a dark theme: its dark grey strokes drawn light (coloured parts,
    a red flag or a green plus, are kept)."""
    from PySide6.QtGui import QColor, QImage, QPixmap

    icon = QIcon()
    for file, size in ((FOLDER / f"{name}.png", 32), (FOLDER / f"{name}@2x.png", 64)):
        img = QImage(str(file)).convertToFormat(QImage.Format.Format_ARGB32)
        for y in range(img.height()):
            for x in range(img.width()):
                c = img.pixelColor(x, y)
                if c.alpha() and c.hsvSaturation() < 60 and c.lightness() < 150:
                    light = 235 - c.lightness() // 3
                    img.setPixelColor(x, y, QColor(light, light, light + 4, c.alpha()))
        icon.addPixmap(QPixmap.fromImage(img))
        del size
    return icon


def themed(icon: QIcon, dark: bool) -> QIcon | None:
    """``icon`` (one of the glyphs, in either theme) drawn for the theme; None if it is
    not a glyph."""
    for n in glyph_names():
        if icon.cacheKey() in (action_icon(n).cacheKey(),
                               dark_icon(n).cacheKey() if n in _darkened else -1):
            return dark_icon(n) if dark else action_icon(n)
    return None


_darkened: set[str] = set()  # glyphs drawn for the dark theme so far


def retheme_icons(actions: list, dark: bool) -> None:  # type: ignore[type-arg]
    """Give each action (or anything with icon()/setIcon()) its glyph drawn for the theme."""
    if dark:
        _darkened.update(glyph_names())
    for a in actions:
        icon = themed(a.icon(), dark)
        if icon is not None:
            a.setIcon(icon)


@cache
def app_icon() -> QIcon:
    """The app's icon (window, task bar, About box) at every size it is drawn at; a
    file is read only when that size is first shown."""
    icon = QIcon()
    for n in APP_ICON_SIZES:
        icon.addFile(str(APP_ICONS / f"{n}x{n}" / "apps" / f"{APP_ID}.png"), QSize(n, n))
    return icon
