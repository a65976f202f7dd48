"""Printable PDF reports (rosters, fighter cards, quick-reference sheets).

The renderers are fed only plain Python data (dicts, lists, str, int) built by
the core; this package never imports campaign_app, db, ui, Qt or SQLAlchemy.
reportlab is imported lazily by the drawing modules, so ``import reports`` is
cheap.

Every renderer takes ``page`` ("a4" or "letter", anything else raises
ValueError) and an optional ``progress(done, total) -> bool`` callback; when it
returns False the export stops with :class:`ExportCancelled` and no file (not
even a partial one) is left at ``path``. Each returns the number of pages
written.
"""

from __future__ import annotations

import os

from ._base import ExportCancelled, ProgressCallback, check_orientation, check_page, words_of

__all__ = [
    "ExportCancelled",
    "render_campaign",
    "render_cards",
    "render_qrs",
    "render_roster",
    "render_rosters",
]

PathArg = str | os.PathLike[str]


def render_roster(
    doc: dict, path: PathArg, page: str = "a4", progress: ProgressCallback | None = None,
    orientation: str = "auto",
) -> int:
    """Draw one roster (header, totals, fighter table, notes) to ``path``.

    ``orientation`` is "portrait", "landscape" or "auto" (landscape when the columns
    only fit a portrait page at a small type size). Words are never broken inside:
    cells wrap at spaces, and the type shrinks a step when a column is too narrow.
    """
    check_page(page)
    check_orientation(orientation)
    from .roster import render_roster as _render

    with words_of(doc):
        return _render(doc, path, page, progress, orientation)


def render_rosters(
    docs: list[dict], path: PathArg, page: str = "a4", progress: ProgressCallback | None = None,
    orientation: str = "auto",
) -> int:
    """Draw many rosters into one PDF, each starting on a new page.

    Page numbering ("Page X of Y") restarts for every roster so each printed
    roster is complete on its own; the return value is the total page count.
    """
    check_page(page)
    check_orientation(orientation)
    from .roster import render_rosters as _render

    with words_of(docs[0] if docs else {}):
        return _render(docs, path, page, progress, orientation)


CARD_SIZES = ("classic", "poker", "large")


def render_cards(
    doc: dict, path: PathArg, page: str = "a4", progress: ProgressCallback | None = None,
    size: str = "classic", bw: bool = False, blank: int = 0,
) -> int:
    """Draw fighter cards with cut marks: ``size`` "classic" (100x110 mm, four to an A4
    page), "poker" (63x88 mm, nine to a page) or "large" (one on half a page); ``bw``
    prints black and white (no fills, for toner); ``blank`` adds that many write-in
    cards (the document's ``blank`` card: the system's empty stat line)."""
    check_page(page)
    if not (isinstance(size, str) and size.strip().lower() in CARD_SIZES):
        raise ValueError("card size must be classic, poker or large")
    from .cards import render_cards as _render

    with words_of(doc):
        return _render(doc, path, page, progress, size=size.strip().lower(), bw=bool(bw), blank=blank)


def render_qrs(
    doc: dict, path: PathArg, page: str = "a4", progress: ProgressCallback | None = None
) -> int:
    """Draw quick-reference cards (text lines and tables), flowing over pages."""
    check_page(page)
    from .qrs import render_qrs as _render

    with words_of(doc):
        return _render(doc, path, page, progress)


def render_campaign(
    doc: dict, path: PathArg, page: str = "a4", progress: ProgressCallback | None = None
) -> int:
    """Draw a campaign report: battles, standings, charts (reportlab graphics) and each
    roster's history."""
    check_page(page)
    from .campaign import render_campaign as _render

    with words_of(doc):
        return _render(doc, path, page, progress)
