"""The glyph files the window loads at start are exactly what ui.icons draws (written
with ``python -m ui.icons``), one 1x and one 2x file each, and every name has one; the
app icon's PNG sizes are its SVG rendered, and the window uses them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest


def _pixels(img: Any) -> bytes:
    from PySide6.QtGui import QImage

    img = img.convertToFormat(QImage.Format.Format_ARGB32)
    return bytes(img.constBits())[: img.sizeInBytes()]


# Qt's rasteriser rounds antialiased edges differently between releases (6.11.3 moved
# a few edge pixels of the stored glyphs by one level of 255): a drawing is the same
# drawing when no channel of any pixel is off by more than this. A changed drawing moves
# whole shapes, far past it.
ROUNDING = 2


def _same_drawing(a: bytes, b: bytes) -> bool:
    return len(a) == len(b) and all(abs(x - y) <= ROUNDING for x, y in zip(a, b, strict=True))


def test_every_glyph_file_is_what_the_drawing_code_draws(qapp: Any) -> None:
    from PySide6.QtGui import QImage

    from ui.glyphs import FOLDER
    from ui.icons import GLYPHS, glyph_image

    on_disk = {p.name for p in FOLDER.glob("*.png")}
    expected = {f"{n}{s}.png" for n in GLYPHS for s in ("", "@2x")}
    assert on_disk == expected, "run python -m ui.icons to write the glyph files again"
    for name in GLYPHS:
        for size, suffix in zip((32, 64), ("", "@2x"), strict=True):
            stored = QImage(str(FOLDER / f"{name}{suffix}.png"))
            assert (stored.width(), stored.height()) == (size, size), name
            assert _same_drawing(_pixels(stored), _pixels(glyph_image(name, size))), (
                f"{name}{suffix}.png differs from ui.icons' drawing: run python -m ui.icons")


def test_every_status_badge_file_is_what_the_drawing_code_draws(qapp: Any) -> None:
    """The roster table's status badges are loaded from files (no painting code and no
    Qt enums on the first screen's path), each the drawing at 1x and 2x."""
    from PySide6.QtGui import QImage

    from ui.badges import BADGES, badge_file, status_icon
    from ui.icons import STATUSES, status_image

    assert set(STATUSES) == {"ok", "hurt", "away", "down"}
    assert {p.name for p in BADGES.glob("*.png")} == {f"{c}{s}.png" for c in STATUSES for s in ("", "@2x")}
    images = {}
    for cls in STATUSES:
        for size in (32, 64):
            stored = QImage(str(badge_file(cls, size)))
            assert (stored.width(), stored.height()) == (size, size), cls
            assert _same_drawing(_pixels(stored), _pixels(status_image(cls, size))), (
                f"the {cls} badge differs from ui.icons' drawing: run python -m ui.icons")
        images[cls] = _pixels(QImage(str(badge_file(cls, 32))))
        icon = status_icon(cls)
        assert sorted(s.width() for s in icon.availableSizes()) == [32, 64]
        assert not icon.pixmap(16, 16).isNull()
    assert len(set(images.values())) == 4  # four different badges
    assert _pixels(status_icon("no-such-class").pixmap(32, 32).toImage()) == images["ok"]
    with pytest.raises(KeyError, match="no status badge"):
        status_image("no-such-class", 32)


def test_every_app_icon_size_is_the_svg_rendered(qapp: Any) -> None:
    from PySide6.QtGui import QImage

    from campaign_app import desktop
    from ui import glyphs, icons

    assert icons.APP_ID == glyphs.APP_ID == desktop.APP_ID
    assert icons.APP_ICON_SIZES == glyphs.APP_ICON_SIZES == desktop.ICON_SIZES
    assert icons.APP_SHARE == desktop.SHARE.resolve()
    hicolor = desktop.SHARE / "icons" / "hicolor"
    on_disk = sorted(p.relative_to(hicolor).as_posix() for p in hicolor.rglob("*.png"))
    assert on_disk == sorted(f"{n}x{n}/apps/{desktop.APP_ID}.png" for n in desktop.ICON_SIZES)
    for size in desktop.ICON_SIZES:
        stored = QImage(str(icons.app_icon_png(desktop.SHARE, size)))
        assert (stored.width(), stored.height()) == (size, size)
        assert _same_drawing(_pixels(stored), _pixels(icons.glyph_image("app", size))), (
            f"the {size} px app icon differs from its SVG: run python -m ui.icons")
    # a drawing, not a blank square: opaque in the middle, see-through in the corners
    big = icons.glyph_image("app", 256)
    assert big.pixelColor(128, 128).alpha() == 255 and big.pixelColor(0, 0).alpha() == 0
    assert len({big.pixel(x, y) for x in range(0, 256, 8) for y in range(0, 256, 8)}) > 20


def test_the_window_uses_the_app_icon(qapp: Any) -> None:
    from ui.app import make_app
    from ui.glyphs import APP_ID

    app = make_app()
    icon = app.windowIcon()
    assert sorted(s.width() for s in icon.availableSizes()) == [16, 24, 32, 48, 64, 128, 256, 512]
    assert not icon.pixmap(48, 48).isNull()
    assert app.desktopFileName() == APP_ID


def test_glyphs_load_with_both_sizes_and_unknown_names_are_refused(qapp: Any) -> None:
    from ui.glyphs import action_icon, app_icon

    icon = action_icon("undo")
    assert not icon.isNull()
    assert sorted(s.width() for s in icon.availableSizes()) == [32, 64]
    assert sorted(s.width() for s in app_icon().availableSizes()) == [16, 24, 32, 48, 64, 128, 256, 512]
    with pytest.raises(KeyError, match="no glyph file"):
        action_icon("no-such-glyph")


def test_writing_the_glyphs_makes_a_full_set(qapp: Any, tmp_path: Path) -> None:
    from ui.icons import GLYPHS, main

    assert main([str(tmp_path)]) == 0
    assert len(list(tmp_path.glob("*.png"))) == 2 * len(GLYPHS)
    assert len(list((tmp_path / "status").glob("*.png"))) == 2 * 4
    assert len(list((tmp_path / "share" / "icons" / "hicolor").rglob("*.png"))) == 8
