"""The one way the window's words are made translatable (Qt's own tools).

Write every user-visible string of ``ui/`` as ``translate("Context", "text")``
(``Context`` is the class or module it belongs to), with ``%n`` and ``n=`` for
counts, and module-level constants as ``QT_TRANSLATE_NOOP("Context", "text")``
translated where they are shown.  ``pyside6-lupdate`` finds both spellings; the
``.ts`` files live in ``ui/translations/``.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

__all__ = ["QT_TRANSLATE_NOOP", "translate"]


def translate(context: str, text: str, disambiguation: str | None = None, n: int = -1) -> str:
    """``text`` in the window's language (itself until a translator is installed)."""
    return QCoreApplication.translate(context, text, disambiguation, n)
