"""The glyph files the window loads at start are exactly what ui.icons draws (written
with ``python -m ui.icons``), one 1x and one 2x file each, and every name has one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest


def _pixels(img: Any) -> bytes:
    from PySide6.QtGui import QImage

    img = img.convertToFormat(QImage.Format.Format_ARGB32)
    return bytes(img.constBits())[: img.sizeInBytes()]


def test_every_glyph_file_is_what_the_drawing_code_draws(qapp: Any) -> None:
    from PySide6.QtGui import QImage

    from ui.glyphs import FOLDER
    from ui.icons import GLYPH_SIZES, GLYPHS, glyph_image

    names = ("app", *GLYPHS)
    on_disk = {p.name for p in FOLDER.glob("*.png")}
    expected = {f"{n}{s}.png" for n in names for s in ("", "@2x")}
    assert on_disk == expected, "run python -m ui.icons to write the glyph files again"
    for name in names:
        for size, suffix in zip(GLYPH_SIZES.get(name, (32, 64)), ("", "@2x"), strict=True):
            stored = QImage(str(FOLDER / f"{name}{suffix}.png"))
            assert (stored.width(), stored.height()) == (size, size), name
            assert _pixels(stored) == _pixels(glyph_image(name, size)), (
                f"{name}{suffix}.png differs from ui.icons' drawing: run python -m ui.icons")


def test_glyphs_load_with_both_sizes_and_unknown_names_are_refused(qapp: Any) -> None:
    from ui.glyphs import action_icon, app_icon

    icon = action_icon("undo")
    assert not icon.isNull()
    assert sorted(s.width() for s in icon.availableSizes()) == [32, 64]
    assert sorted(s.width() for s in app_icon().availableSizes()) == [64, 256]
    with pytest.raises(KeyError, match="no glyph file"):
        action_icon("no-such-glyph")


def test_writing_the_glyphs_makes_a_full_set(qapp: Any, tmp_path: Path) -> None:
    from ui.icons import GLYPHS, main

    assert main([str(tmp_path)]) == 0
    assert len(list(tmp_path.glob("*.png"))) == 2 * (len(GLYPHS) + 1)
