"""Pure-Python helpers shared by the report renderers.

Nothing here imports reportlab, so ``import reports`` stays cheap.
"""

from __future__ import annotations

import os
import re
import uuid
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, suppress
from contextvars import ContextVar

ProgressCallback = Callable[[int, int], object]

PAGE_SIZES = ("a4", "letter")
ORIENTATIONS = ("auto", "portrait", "landscape")

# C0 control characters (except tab/newline/carriage return), DEL and C1 controls,
# plus lone UTF-16 surrogates: none of them can be printed and some break the
# paragraph parser or the PDF encoder.
_UNPRINTABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufe0e\ufe0f]")
# right-to-left letters (Hebrew, Arabic and their presentation forms)
_RTL = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]")

# (fallback font name, code points of the main font, code points of the fallback),
# set by reports._pdf.register_fonts once the fonts are loaded
FALLBACK: tuple[str, frozenset[int], frozenset[int]] | None = None


def visual(s: str) -> str:
    """Right-to-left text in the order it is drawn, Arabic letters joined (their
    presentation forms); text without right-to-left letters as it is. Applied once,
    where a string is drawn (``markup`` and the plain strings the renderers draw), never
    to text that is measured or cut first (``text``)."""
    if not _RTL.search(s):
        return s
    import arabic_reshaper  # imported here: only for right-to-left text
    from bidi import get_display

    return "\n".join(str(get_display(arabic_reshaper.reshape(line))) for line in s.split("\n"))


def needs_fallback(s: str) -> bool:
    """Whether ``s`` has a character only the fallback (symbol) font can draw."""
    if FALLBACK is None or s.isascii():
        return False
    _name, main, extra = FALLBACK
    return any(ord(ch) not in main and ord(ch) in extra for ch in s)


def _with_fallback(escaped: str) -> str:
    """Paragraph markup with each run of symbol-font characters in a <font> tag."""
    assert FALLBACK is not None
    name, main, extra = FALLBACK
    out: list[str] = []
    run: list[str] = []
    for ch in escaped:
        cp = ord(ch)
        if cp not in main and cp in extra:
            run.append(ch)
            continue
        if run:
            out.append(f'<font face="{name}">{"".join(run)}</font>')
            run = []
        out.append(ch)
    if run:
        out.append(f'<font face="{name}">{"".join(run)}</font>')
    return "".join(out)


class ExportCancelled(Exception):
    """Raised when the ``progress`` callback asks to stop an export."""


def check_page(page: object) -> str:
    """Normalise ``page`` to "a4" or "letter", or raise ValueError."""
    if isinstance(page, str) and page.strip().lower() in PAGE_SIZES:
        return page.strip().lower()
    raise ValueError("page size must be a4 or letter")


def check_orientation(value: object) -> str:
    """Normalise ``value`` to auto, portrait or landscape, or raise ValueError."""
    if isinstance(value, str) and value.strip().lower() in ORIENTATIONS:
        return value.strip().lower()
    raise ValueError("orientation must be auto, portrait or landscape")


def text(value: object, limit: int | None = None) -> str:
    """Turn a document value into printable plain text (None -> "")."""
    if value is None:
        return ""
    s = value if isinstance(value, str) else str(value)
    if not (s.isprintable() and "\ufe0e" not in s and "\ufe0f" not in s):
        # printable text holds none of them (controls and surrogates are not printable;
        # the two variation selectors are): most cells skip the search
        s = _UNPRINTABLE.sub("", s)
    if limit is not None and len(s) > limit:
        s = s[: max(limit - 1, 0)].rstrip() + "\u2026"
    return s


def markup(value: object, limit: int | None = None) -> str:
    """Plain text -> Paragraph markup: XML-escaped, newlines kept as line breaks."""
    from xml.sax.saxutils import escape  # imported here to keep ``import reports`` cheap

    s = text(value, limit).replace("\r\n", "\n").replace("\r", "\n")
    s = escape(visual(s))  # drawn as given: right-to-left text in drawing order
    if needs_fallback(s):
        s = _with_fallback(s)
    return s.replace("\n", "<br/>")


def as_list(value: object) -> list:
    """Tolerate None / tuples / a single item where a list is expected."""
    if value is None:
        return []
    if isinstance(value, list | tuple):
        return list(value)
    return [value]


def as_dict(value: object) -> dict:
    return value if isinstance(value, dict) else {}


class Progress:
    """Wraps the optional ``progress(done, total) -> bool`` callback."""

    def __init__(self, callback: ProgressCallback | None, total: int) -> None:
        self.callback = callback
        self.total = max(int(total), 1)
        self.done = 0

    def report(self) -> None:
        if self.callback is None:
            return
        result = self.callback(min(self.done, self.total), self.total)
        # Only an explicit falsy answer cancels; a callback returning None goes on.
        if result is not None and not result:
            raise ExportCancelled("export cancelled")

    def step(self, n: int = 1) -> None:
        self.done += n
        self.report()

    def finish(self) -> None:
        self.done = self.total
        self.report()


@contextmanager
def atomic_target(path: str | os.PathLike[str]) -> Iterator[str]:
    """Yield a temporary file name next to ``path``; move it into place on success.

    On any error (including ExportCancelled) the temporary file is removed and
    ``path`` is left untouched, so no partial PDF is ever visible.
    """
    final = os.path.abspath(os.fspath(path))
    folder, name = os.path.split(final)
    tmp = os.path.join(folder, f".{name}.{uuid.uuid4().hex}.part")
    try:
        yield tmp
        os.replace(tmp, final)
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise


# --------------------------------------------------------------------------- words
# The reports' own words (titles, headings, "Page X of Y") in the document's language:
# a document may carry ``words``, a mapping of these English words to their
# translation (campaign_app.rules.localise builds it); missing words print in English.
_WORDS: ContextVar[Mapping[str, str] | None] = ContextVar("report_words", default=None)


def tr(word: str) -> str:
    """``word`` (one of the reports' own English words) in the document's language."""
    return (_WORDS.get() or {}).get(word) or word


@contextmanager
def words_of(doc: object) -> Iterator[None]:
    """The document's ``words`` used by :func:`tr` while it is drawn."""
    words = doc.get("words") if isinstance(doc, dict) else None
    token = _WORDS.set(words if isinstance(words, dict) else {})
    try:
        yield
    finally:
        _WORDS.reset(token)
