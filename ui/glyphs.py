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


@cache
def app_icon() -> QIcon:
    """The app's icon (window, task bar, About box) at every size it is drawn at; a
    file is read only when that size is first shown."""
    icon = QIcon()
    for n in APP_ICON_SIZES:
        icon.addFile(str(APP_ICONS / f"{n}x{n}" / "apps" / f"{APP_ID}.png"), QSize(n, n))
    return icon
