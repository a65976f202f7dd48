"""One resolver for the names of the rules data a user types (a weapon, an armour
class, a training level, a discipline state, an order...): the key, the English name,
the aliases the rules data gives, and the words the game's own translation files give
it in every language (``translations/<lang>.toml``, which use the seeds' words: FUBAR's
Italian "Mitraglietta" is the SMG, the unit-morale game's French sheet keeps "sneak").

Matching ignores case, accents, spaces, hyphens and apostrophes (``fucile d'assalto``,
``Fucile d’Assalto`` and ``FUCILE DASSALTO`` are one name), and whatever the window's
language, every language's words are accepted. A name in the rules data itself (key,
English name, alias) wins over a translation; a word that names two different entries
is refused, naming both. Pure: no database, GUI or PDF code."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

from campaign_app.errors import InputError


def fold(text: Any) -> str:
    """``text`` as the resolver compares it: lower case, no accents, letters and digits only."""
    s = unicodedata.normalize("NFKD", str(text if text is not None else ""))
    return "".join(ch for ch in s.casefold() if ch.isalnum() and not unicodedata.combining(ch))


def _parts(name: str) -> list[str]:
    """``Pistol / revolver``: the whole name and each of its ``/`` parts."""
    return [name, *(p for p in name.split("/") if "/" in name)]


def seed_words(english: str, system: str, parts: bool = True) -> list[str]:
    """The words ``system``'s own translation files give ``english`` (each language),
    with the ``/`` parts of each (``parts``); none for a game without translations."""
    if not system or not english:
        return []
    from campaign_app.rules.i18n import LANGUAGES, catalogue

    out: list[str] = []
    for lang in LANGUAGES:
        found = catalogue(lang).get(system, {}).get(english)
        if found:
            out += [w.strip() for w in (_parts(found) if parts else [found]) if w.strip()]
    return out


def names_of(key: str, english: str, aliases: Iterable[str] = (), system: str = ""
             ) -> tuple[list[str], list[str]]:
    """(the rules data's own names of an entry, the translations' words for it)."""
    own = [key, *_parts(english), *(str(a) for a in aliases)]
    return [n for n in own if n], seed_words(english, system)


def resolve_name(entries: Mapping[str, tuple[Iterable[str], Iterable[str]]], raw: Any, what: str
                 ) -> str | None:
    """The key of the entry ``raw`` names, or None if none does. ``entries``: key ->
    (its own names, its translated words) as :func:`names_of` gives them. Raises
    :class:`InputError` when ``raw`` names two entries alike."""
    want = fold(raw)
    if not want:
        return None
    for tier in (0, 1):
        hits = [key for key, names in entries.items() if want in {fold(n) for n in names[tier]}]
        if len(hits) == 1:
            return hits[0]
        if hits:
            raise InputError(f"{what} {str(raw).strip()!r} could be {' or '.join(hits)}: give its key")
    return None


def entry_words(spec: Mapping[str, Any], english_field: str, key: str, system: str) -> tuple[list[str], list[str]]:
    """:func:`names_of` for one entry of a rules-data section (its ``label`` or ``name``
    field and its ``aliases`` list)."""
    raw = spec.get("aliases")
    aliases = [str(a) for a in raw] if isinstance(raw, list) else []
    return names_of(key, str(spec.get(english_field, "") or ""), aliases, system)
