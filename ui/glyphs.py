"""The toolbar and menu glyphs and the app icon, loaded from the PNG files in
``ui/glyphs/`` (drawn by :mod:`ui.icons`, written with ``python -m ui.icons``).

Loading a file needs none of the painting code, so the window's first frame does not
pay for it. Each icon has a 1x and a 2x file, for sharp icons on high-DPI screens."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PySide6.QtCore import QSize
from PySide6.QtGui import QIcon

FOLDER = Path(__file__).with_name("glyphs")
SIZES = {"app": (64, 256)}  # the others: 32 and 64 (as ui.icons writes them)


@cache
def action_icon(name: str) -> QIcon:
    """A toolbar or menu glyph by name (``ui.icons.GLYPHS``)."""
    small = FOLDER / f"{name}.png"
    if not small.is_file():
        raise KeyError(f"no glyph file {small} (run python -m ui.icons)")
    one, two = SIZES.get(name, (32, 64))
    icon = QIcon()  # sizes given: a file is read only when the icon is first drawn
    icon.addFile(str(small), QSize(one, one))
    icon.addFile(str(FOLDER / f"{name}@2x.png"), QSize(two, two))
    return icon


def app_icon() -> QIcon:
    return action_icon("app")
