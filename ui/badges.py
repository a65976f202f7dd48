"""How a figure's status looks: its colour, the faint tint of its row, the words for it
and its round badge. The badges are PNG files in ``ui/glyphs/status/`` (drawn by
:func:`ui.icons.status_image`, written with ``python -m ui.icons``; a test keeps them
equal to that drawing), so the first screen's roster table shows them without the
painting code or the Python enums of Qt's namespace that it uses (issue #32:
:func:`ui.qtboot.set_by_name` says why)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PySide6.QtCore import QSize
from PySide6.QtGui import QColor, QIcon

from ui.i18n import QT_TRANSLATE_NOOP

# how serious a status is (campaign_app.usecases.gui_queries.status_class) -> colour
STATUS_COLOURS = {
    "ok": "#3c9a4a",
    "hurt": "#d98b00",
    "away": "#5263c9",
    "down": "#b23a3a",
}
STATUS_TEXT = {
    "ok": QT_TRANSLATE_NOOP("icons", "fit"),
    "hurt": QT_TRANSLATE_NOOP("icons", "injured or recovering"),
    "away": QT_TRANSLATE_NOOP("icons", "captured or away"),
    "down": QT_TRANSLATE_NOOP("icons", "dead or lost"),
}
BADGES = Path(__file__).with_name("glyphs") / "status"


def status_colour(cls: str) -> QColor:
    return QColor(STATUS_COLOURS.get(cls, STATUS_COLOURS["ok"]))


def row_tint(cls: str) -> QColor | None:
    """A faint background for rows whose figure cannot fight."""
    if cls == "ok":
        return None
    c = status_colour(cls)
    c.setAlpha(34)
    return c


def badge_file(cls: str, size: int) -> Path:
    """The badge of status class ``cls`` at ``size`` pixels (32, or 64 for high-DPI screens)."""
    return BADGES / (f"{cls}.png" if size == 32 else f"{cls}@2x.png")


@cache
def status_icon(cls: str) -> QIcon:
    """A round badge: a tick (fit), a cross-shaped bandage (hurt), a padlock (captured)
    or an X (dead); an unknown class has the fit badge, as it has the fit colour."""
    if cls not in STATUS_COLOURS:
        cls = "ok"
    icon = QIcon()  # sizes given: a file is read only when the icon is first drawn
    icon.addFile(str(badge_file(cls, 32)), QSize(32, 32))
    icon.addFile(str(badge_file(cls, 64)), QSize(64, 64))
    return icon
