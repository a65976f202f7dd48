"""The rules data's words in the window's language: names, statuses, table titles and
rows, where a system's ``translations/<lang>.toml`` writes them
(:mod:`campaign_app.rules.i18n`), else as the data has them (English). In English this
is the text itself, at no cost; the CLI and the PDFs never come here."""

from __future__ import annotations

from typing import Any

from ui.i18n import current

_system: str | None = None  # the open campaign's game system: its own words first


def set_system(system: str | None) -> None:
    global _system
    _system = system


def rules_text(text: Any, system: str | None = None, column: bool = False) -> Any:
    """``text`` (rules data shown in the window) in the window's language; ``column``:
    a column title."""
    lang = current()
    if lang == "en" or not isinstance(text, str) or not text:
        return text
    from campaign_app.rules.i18n import translated

    return translated(text, lang, system or _system, column)


def need_text(need: str, purpose: str) -> str:
    """A roll's need (``2d6 vs 4 for Sgt Rock: recovery``, as the dice word it) in the
    window's language: the dice part and the purpose each translated, so that a purpose
    never swallows the dice words."""
    if current() == "en" or not purpose or not need.endswith(purpose):
        return str(rules_text(need))
    outer = str(rules_text(need[: len(need) - len(purpose)] + "\x00"))
    return outer.replace("\x00", str(rules_text(purpose))) if "\x00" in outer else str(rules_text(need))
