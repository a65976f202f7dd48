"""Light, dark or the system's colours (View ▸ Theme, remembered in the settings).

Every colour the app draws itself comes from the palette in force, through
:func:`colours`: the detail pane's style sheet, the red error line and fields, the
muted text of tables, the row tints. A theme change sends Qt's ``PaletteChange`` to
every widget, and the widgets that draw with these colours build them again."""

from __future__ import annotations

from typing import NamedTuple

from PySide6.QtGui import QColor, QGuiApplication, QPalette

from ui.i18n import QT_TRANSLATE_NOOP

MODES = ("system", "light", "dark")
NAMES = {"system": QT_TRANSLATE_NOOP("theme", "Follow the &System"), "light": QT_TRANSLATE_NOOP("theme", "&Light"),
         "dark": QT_TRANSLATE_NOOP("theme", "&Dark")}

_system_palette: QPalette | None = None  # the palette the app started with


def _dark_palette() -> QPalette:
    p = QPalette()
    window, base, text = QColor(45, 47, 52), QColor(32, 34, 38), QColor(226, 228, 232)
    roles = {
        QPalette.ColorRole.Window: window, QPalette.ColorRole.WindowText: text,
        QPalette.ColorRole.Base: base, QPalette.ColorRole.AlternateBase: QColor(40, 42, 47),
        QPalette.ColorRole.ToolTipBase: QColor(58, 60, 66), QPalette.ColorRole.ToolTipText: text,
        QPalette.ColorRole.Text: text, QPalette.ColorRole.Button: QColor(54, 56, 62),
        QPalette.ColorRole.ButtonText: text, QPalette.ColorRole.BrightText: QColor(255, 120, 120),
        QPalette.ColorRole.Link: QColor(110, 170, 255), QPalette.ColorRole.Highlight: QColor(52, 116, 196),
        QPalette.ColorRole.HighlightedText: QColor(255, 255, 255),
        QPalette.ColorRole.PlaceholderText: QColor(150, 154, 162),
        QPalette.ColorRole.Light: QColor(70, 72, 78), QPalette.ColorRole.Midlight: QColor(62, 64, 70),
        QPalette.ColorRole.Mid: QColor(84, 87, 94), QPalette.ColorRole.Dark: QColor(24, 25, 28),
        QPalette.ColorRole.Shadow: QColor(10, 10, 12),
    }
    for role, colour in roles.items():
        p.setColor(role, colour)
    for role in (QPalette.ColorRole.Text, QPalette.ColorRole.WindowText, QPalette.ColorRole.ButtonText):
        p.setColor(QPalette.ColorGroup.Disabled, role, QColor(120, 123, 130))
    return p


def _light_palette() -> QPalette:
    from PySide6.QtWidgets import QApplication, QStyleFactory

    style = QStyleFactory.create("Fusion") or QApplication.style()
    return style.standardPalette()


def apply(mode: str) -> str:
    """Use ``mode`` ("system", "light" or "dark"; anything else is "system") for the
    whole app; returns the mode in force."""
    global _system_palette
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return "system"
    if _system_palette is None:
        _system_palette = QPalette(app.palette())
    mode = mode if mode in MODES else "system"
    if mode != "system" and app.style().name().lower() != "fusion":
        app.setStyle("Fusion")  # draws any palette well, on every platform
    hints = app.styleHints()
    if hasattr(hints, "setColorScheme"):  # Qt 6.8: the platform's own widgets follow too
        from PySide6.QtCore import Qt

        hints.setColorScheme({"light": Qt.ColorScheme.Light, "dark": Qt.ColorScheme.Dark}.get(
            mode, Qt.ColorScheme.Unknown))
    palette = {"light": _light_palette, "dark": _dark_palette}.get(mode)
    app.setPalette(palette() if palette is not None else _system_palette)
    return mode


def is_dark(palette: QPalette | None = None) -> bool:
    p = palette or QGuiApplication.palette()
    return p.color(QPalette.ColorRole.Window).lightness() < 128


class Colours(NamedTuple):
    """The colours the app draws with, for the palette in force (CSS ``#rrggbb``). A
    named tuple: the first frame imports this module, and does without ``dataclasses``."""

    text: str
    muted: str
    heading: str
    rule: str
    cell_border: str
    cell_head: str
    error_text: str
    error_back: str
    error_border: str
    warning_text: str
    good_text: str


def colours(palette: QPalette | None = None) -> Colours:
    p = palette or QGuiApplication.palette()
    dark = is_dark(p)

    def hexa(role: QPalette.ColorRole) -> str:
        return p.color(role).name()

    def mix(a: QPalette.ColorRole, b: QPalette.ColorRole, t: float) -> str:
        ca, cb = p.color(a), p.color(b)
        return QColor(round(ca.red() * (1 - t) + cb.red() * t), round(ca.green() * (1 - t) + cb.green() * t),
                      round(ca.blue() * (1 - t) + cb.blue() * t)).name()

    return Colours(
        text=hexa(QPalette.ColorRole.Text),
        muted=mix(QPalette.ColorRole.Text, QPalette.ColorRole.Base, 0.45),  # (placeholders are alpha)
        heading=hexa(QPalette.ColorRole.WindowText) if dark else "#2f3b52",
        rule=mix(QPalette.ColorRole.Text, QPalette.ColorRole.Base, 0.8),
        cell_border=mix(QPalette.ColorRole.Text, QPalette.ColorRole.Base, 0.75),
        cell_head=mix(QPalette.ColorRole.Text, QPalette.ColorRole.Base, 0.92),
        error_text="#ff9c9c" if dark else "#a61b1b",
        error_back="#4a2326" if dark else "#fdecec",
        error_border="#80373c" if dark else "#f1b9b9",
        warning_text="#e8b04a" if dark else "#8a5a00",
        good_text="#7fd18b" if dark else "#2f6b36",
    )


def bad_field_style() -> str:
    """The style of a field holding a value that is refused."""
    c = colours()
    return f"QLineEdit {{ border: 1px solid {c.error_border}; background: {c.error_back}; color: {c.text}; }}"


def muted_style() -> str:
    """The style of a hint or note: text that steps back, readable in either theme."""
    return f"color: {colours().muted};"
