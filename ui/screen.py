"""Windows that fit the screen they open on. Light: the main window imports it before
its first paint (no Qt enum, no app module)."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

FRAME_ALLOWANCE = (8, 40)  # a window manager's frame and title bar, before the window has one


def fit_to_screen(window: QWidget, width: int, height: int) -> None:
    """Size ``window`` to ``width`` x ``height``, or to the screen's available geometry
    where that is smaller (a 1024x700 laptop): a window larger than the screen hides its
    edges, and its buttons with them. Call before the first show."""
    from PySide6.QtGui import QGuiApplication

    screen = window.screen() or QGuiApplication.primaryScreen()
    if screen is None:
        window.resize(width, height)
        return
    room = screen.availableGeometry()
    frame_w, frame_h = FRAME_ALLOWANCE
    if QGuiApplication.platformName() == "offscreen":
        frame_w, frame_h = 4, 4  # the offscreen plugin's own frame margins
    window.resize(max(1, min(width, room.width() - frame_w)), max(1, min(height, room.height() - frame_h)))

