"""The one escape of user text for Qt's rich-text widgets.

A name, note or house-rule label the user typed goes into a label that renders rich
text (``<b>``, a QTextBrowser page, a wizard step) only through :func:`esc`, so
``<font size=200>`` shows as typed, never as markup. A label that shows nothing but user
text is set with :func:`plain` (Qt.PlainText) instead."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QLabel

from ui.qtboot import set_by_name


def esc(value: Any) -> str:
    """``value`` as text safe inside rich text: ``<``, ``>``, ``&`` and quotes escaped
    (safe in an attribute too); None is empty."""
    if value is None:
        return ""
    # html.escape's five replacements (a test compares both), without importing the html
    # package and its 2,000-entity table on the first screen's path (issue #32)
    return (str(value).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#x27;"))


def plain(label: QLabel, text: str = "") -> QLabel:
    """``label`` showing ``text`` as plain text (never read as markup)."""
    set_by_name(label, textFormat="PlainText")
    label.setText(text)
    return label


def plain_label(text: str = "") -> QLabel:
    """A new label showing ``text`` as plain text."""
    return plain(QLabel(), text)


def rich(label: QLabel, markup: str) -> QLabel:
    """``label`` showing app-made ``markup`` (user text in it through :func:`esc`)."""
    set_by_name(label, textFormat="RichText")
    label.setText(markup)
    return label


def rich_label(markup: str) -> QLabel:
    """A new label showing app-made ``markup`` (user text in it through :func:`esc`)."""
    return rich(QLabel(), markup)


def when(stamp: Any) -> str:
    """A stored time (ISO text, as the use-cases give it, or a datetime) as the window
    shows times: ``2026-12-04 18:30`` in the desktop's time zone, never the raw
    ``T``/``+00:00`` of the ISO form. A time without a zone is taken as UTC (the
    database keeps UTC); text that is no time is shown as it is."""
    from datetime import UTC, datetime

    if stamp is None or stamp == "":
        return ""
    try:
        t = stamp if isinstance(stamp, datetime) else datetime.fromisoformat(str(stamp))
    except ValueError:
        return str(stamp)
    if t.tzinfo is None:
        t = t.replace(tzinfo=UTC)
    return t.astimezone().strftime("%Y-%m-%d %H:%M")
