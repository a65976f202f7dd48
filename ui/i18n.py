"""The one way the window's words are made translatable (Qt's own tools).

Write every user-visible string of ``ui/`` as ``translate("Context", "text")``
(``Context`` is the class or module it belongs to), and module-level constants as
``QT_TRANSLATE_NOOP("Context", "text")`` translated where they are shown.  Put the
values in with ``.format``: ``translate("C", "Edit {name}").format(name=n)``.  A count
goes in as the fourth argument, by position (``pyside6-lupdate`` does not see a
keyword ``n=``): ``translate("C", "%n rolls", None, count)``.  The ``.ts`` files live
in ``ui/translations/`` (``tools/update-translations`` runs ``pyside6-lupdate`` then
``pyside6-lrelease``); the built ``.qm`` files ship in the package.

:func:`install` loads the chosen language before any window is built: the app's own
translator and Qt's (standard buttons and dialogs).  :func:`current` is the language
the window shows, which the rules data's names follow as well (``ui.rules_text``).
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

__all__ = ["LANGUAGES", "QT_TRANSLATE_NOOP", "current", "install", "pick_language", "plural", "translate"]

LANGUAGES = ("en", "fr", "it")
# each language named in itself, as a language menu shows them
LANGUAGE_NAMES = {"en": "English", "fr": "Français", "it": "Italiano"}
TRANSLATIONS = Path(__file__).with_name("translations")

_current = "en"
_installed: list[object] = []  # the translators, kept alive while installed


def translate(context: str, text: str, disambiguation: str | None = None, n: int = -1) -> str:
    """``text`` in the window's language (itself until a translator is installed)."""
    return QCoreApplication.translate(context, text, disambiguation, n)


def plural(n: int, one: str, many: str, **values: object) -> str:
    """``one`` or ``many`` (both already translated, each with ``{n}``) for the count
    ``n``, filled in: ``plural(k, translate("C", "{n} roll"), translate("C", "{n} rolls"))``.
    (English keeps its own plurals exactly; the translations name both forms.)"""
    return (one if n == 1 else many).format(n=n, **values)


def current() -> str:
    """The language the window shows: "en", "fr" or "it"."""
    return _current


def system_language(env: dict[str, str] | None = None) -> str:
    """The desktop's language if the window speaks it, else English. Read from the
    usual variables first (cheap, no Qt locale database), then Qt's system locale."""
    env = dict(os.environ) if env is None else env
    for var in ("LC_ALL", "LC_MESSAGES", "LANGUAGE", "LANG"):
        v = env.get(var, "")
        if v:
            code = v.split(":")[0][:2].lower()
            return code if code in LANGUAGES else "en"
    from PySide6.QtCore import QLocale

    code = QLocale.system().name()[:2].lower()
    return code if code in LANGUAGES else "en"


def pick_language(given: str | None, saved: str | None, env: dict[str, str] | None = None) -> str:
    """The language a start uses: ``--lang``, else the one chosen in the window, else the
    system's if the window speaks it, else English."""
    for lang in (given, saved):
        if lang and lang.lower() in LANGUAGES:
            return lang.lower()
    return system_language(env)


def qm_path(lang: str) -> Path:
    return TRANSLATIONS / f"campaign_app_{lang}.qm"


def install(lang: str) -> str:
    """Show the window in ``lang`` from now on (call before building windows): the app's
    translation and Qt's own for standard buttons. English removes any installed one.
    Returns the language in use (English when the file is missing)."""
    global _current
    if lang not in LANGUAGES[1:] and not _installed:  # English, as it is: nothing to load
        _current = "en"
        return _current
    from PySide6.QtCore import QLibraryInfo, QTranslator

    app = QCoreApplication.instance()
    for tr in _installed:
        QCoreApplication.removeTranslator(tr)  # type: ignore[arg-type]
    _installed.clear()
    _current = "en"
    if lang not in LANGUAGES or lang == "en" or app is None:
        return _current
    own = QTranslator(app)
    if not own.load(str(qm_path(lang))):
        return _current
    QCoreApplication.installTranslator(own)
    _installed.append(own)
    qt = QTranslator(app)
    if qt.load(f"qtbase_{lang}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
        QCoreApplication.installTranslator(qt)
        _installed.append(qt)
    _current = lang
    return _current
