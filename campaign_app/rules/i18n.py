"""The rules data in other languages, as data: for a game system and a language
(``fr``, ``it``), an optional ``translations/<lang>.toml`` in the system's package names
the system, its editions and expansions, its statuses, and its tables (title, note,
each row's label and effect in words, by the row's result key) in that language, plus
a ``[text]`` mapping for any other rules-data text (training levels, orders, phases...).
The core's shared words (roster columns, statuses) are in
``campaign_app/rules/translations/<lang>.toml``.

Every file is checked by :class:`RulesTranslation` (pydantic) and against the rules data
it translates (a table or row that does not exist is an error), and anything it does not
name stays English. The window shows the translated text (``ui.rules_text``); the CLI,
the PDFs and what is stored stay English. Pure: no database, GUI or PDF code."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from campaign_app.errors import RulesDataError

LANGUAGES = ("fr", "it")
COLUMNS = "#columns"  # the catalogue of column titles (no system is named so)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class RowText(_Strict):
    label: str | None = None
    text: str | None = None


class TableText(_Strict):
    title: str | None = None
    note: str | None = None
    rows: dict[str, RowText] = Field(default_factory=dict)  # by the row's result key


class RulesTranslation(_Strict):
    """One translation file: what it names in ``language``; the rest stays English."""

    language: str
    name: str | None = None  # the game system's name
    editions: dict[str, str] = Field(default_factory=dict)  # edition id -> name
    expansions: dict[str, str] = Field(default_factory=dict)  # expansion id -> name
    statuses: dict[str, str] = Field(default_factory=dict)  # status key -> label
    tables: dict[str, TableText] = Field(default_factory=dict)  # table id -> texts
    text: dict[str, str] = Field(default_factory=dict)  # English text -> translation
    # column titles (roster table and sheets): English -> translation, used for titles
    # only, so a column's name never changes a cell that holds the same word
    columns: dict[str, str] = Field(default_factory=dict)
    # texts the procedures build (After the Battle steps, rolls' purposes, changes):
    # an English template -> its translation, with the same {placeholders}. {x} is
    # translated in turn where the data names it (a status, a row); {x!} is a name, kept
    # as it is unless the data translates it word for word; {x*} is a list "a, b, c"
    # ({x;}: "a; b; c") whose items are translated one by one.
    patterns: dict[str, str] = Field(default_factory=dict)


_SLOT = re.compile(r"\{([a-z_][a-z0-9_]*)([!*;]?)\}")


@dataclass(frozen=True)
class Pattern:
    """One compiled template: its regular expression, the translation and each slot's kind."""

    english: str
    regex: re.Pattern[str]
    translation: str
    kinds: dict[str, str]


def compile_pattern(english: str, translation: str, where: str = "") -> Pattern:
    """The pattern of ``english`` (its slots become lazy groups); the translation must
    hold the same slots, else a one-line error naming the file and the template."""
    slots = {m.group(1): m.group(2) for m in _SLOT.finditer(english)}
    other = {m.group(1) for m in _SLOT.finditer(translation)}
    if not slots:
        raise RulesDataError(f"{where}patterns: {english!r} has no {{slot}} (write it under [text])")
    if other != set(slots):
        raise RulesDataError(f"{where}patterns: {english!r} and its translation name different slots "
                             f"({', '.join(sorted(slots))} / {', '.join(sorted(other)) or 'none'})")
    rx, seen, pos = "", set(), 0
    for m in _SLOT.finditer(english):
        rx += re.escape(english[pos:m.start()])
        name = m.group(1)
        bracketed = english[:m.start()].endswith("(") and english[m.end():].startswith(")")
        if name in seen:
            rx += f"(?P={name})"
        elif bracketed:  # "({reason})": what is in the brackets, no bracket of its own
            rx += f"(?P<{name}>[^()]+?)"
        elif m.group(2) == "!":  # a name: never across ": " (a name, not a sentence with a name in it)
            rx += f"(?P<{name}>(?:(?!: ).)+?)"
        else:
            rx += f"(?P<{name}>.+?)"
        seen.add(name)
        pos = m.end()
    rx += re.escape(english[pos:])
    return Pattern(english, re.compile(rx, re.S), translation, slots)


def parse_translation(name: str, text: str) -> RulesTranslation:
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise RulesDataError(f"{name}: not valid TOML: {e}") from None
    try:
        model = RulesTranslation.model_validate(doc)
    except ValidationError as e:
        first = e.errors()[0]
        where = ".".join(str(x) for x in first["loc"])
        raise RulesDataError(f"{name}: {where}: {first['msg']}") from None
    if model.language not in LANGUAGES:
        raise RulesDataError(f"{name}: language {model.language!r} is not one of {', '.join(LANGUAGES)}")
    for english, translation in model.patterns.items():
        compile_pattern(english, translation, f"{name}: ")
    return model


def _read(package: str, lang: str) -> tuple[str, str] | None:
    try:
        f = resources.files(package) / "translations" / f"{lang}.toml"
        if not f.is_file():
            return None
        return f"{package}/translations/{lang}.toml", f.read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError, NotADirectoryError):
        return None


def translation_files(lang: str) -> list[tuple[str, str | None, RulesTranslation]]:
    """(file name, system id or None for the core's words, parsed file) for ``lang``."""
    from campaign_app.systems.registry import systems

    out: list[tuple[str, str | None, RulesTranslation]] = []
    found = _read("campaign_app.rules", lang)
    if found:
        out.append((found[0], None, parse_translation(*found)))
    for sid, gs in systems().items():
        found = _read(gs.package, lang)
        if found:
            out.append((found[0], sid, parse_translation(*found)))
    for name, _sid, model in out:
        if model.language != lang:
            raise RulesDataError(f"{name}: says language {model.language!r}, not {lang!r}")
    return out


def _pretty(key: str) -> str:
    return key.replace("-", " ").replace("_", " ")


def _put(out: dict[str, str], english: str | None, translated: str | None) -> None:
    if english and translated:
        out[english] = translated


def build_catalogue(lang: str) -> dict[str, dict[str, str]]:
    """For each installed system ("" for the core's shared words): its English
    rules-data text -> the ``lang`` text, each file checked against the rules data it
    names."""
    from campaign_app.rules.loader import load_rulebook
    from campaign_app.systems.registry import game_system

    book = load_rulebook()
    cats: dict[str, dict[str, str]] = {}
    for name, sid, model in translation_files(lang):
        out = cats.setdefault(sid or "", {})
        out.update(model.text)
        cats.setdefault(COLUMNS, {}).update(model.columns)
        for key, label in model.statuses.items():
            pretty = _pretty(key)
            for english in (pretty.title(), key):
                out.setdefault(english, label)
            out[pretty.capitalize()] = label[:1].upper() + label[1:]
            out[pretty] = label
        if sid is not None:
            info = game_system(sid).info
            _put(out, info.name, model.name)
            for ed, title in model.editions.items():
                if ed not in info.editions:
                    raise RulesDataError(f"{name}: {sid} has no edition {ed!r}")
                _put(out, info.edition_names.get(ed), title)
            for exp, title in model.expansions.items():
                if exp not in info.expansions:
                    raise RulesDataError(f"{name}: {sid} has no expansion {exp!r}")
                _put(out, info.expansion_names.get(exp), title)
        elif model.name or model.editions or model.expansions or model.tables:
            raise RulesDataError(f"{name}: the core's words name no system, edition or table")
        for tid, tt in model.tables.items():
            table = book.tables.get(tid)
            if table is None or (sid is not None and table.system != sid):
                raise RulesDataError(f"{name}: no rules table {tid!r} in {sid}")
            _put(out, table.title, tt.title)
            _put(out, table.note, tt.note)
            rows = {r.result: r for r in table.rows}
            for result, rt in tt.rows.items():
                row = rows.get(result)
                if row is None:
                    raise RulesDataError(f"{name}: table {tid} has no row {result!r}")
                _put(out, row.label, rt.label)
                _put(out, row.text, rt.text)
    return cats


@lru_cache(maxsize=4)
def catalogue(lang: str) -> Mapping[str, Mapping[str, str]]:
    """:func:`build_catalogue`, read once per language (English: empty)."""
    if lang not in LANGUAGES:
        return {}
    return build_catalogue(lang)


@lru_cache(maxsize=4)
def pattern_catalogue(lang: str) -> Mapping[str, tuple[Pattern, ...]]:
    """For each installed system ("" for the core's): its compiled patterns, the most
    specific first (the longest fixed text)."""
    if lang not in LANGUAGES:
        return {}
    out: dict[str, list[Pattern]] = {}
    for name, sid, model in translation_files(lang):
        out.setdefault(sid or "", []).extend(compile_pattern(e, t, f"{name}: ") for e, t in model.patterns.items())
    return {k: tuple(sorted(v, key=lambda p: -len(_SLOT.sub("", p.english)))) for k, v in out.items()}


@lru_cache(maxsize=64)
def _merged(lang: str, system: str) -> tuple[Pattern, ...]:
    pats = pattern_catalogue(lang)
    # "*": every installed system's (a printed document of one game, its id unknown)
    both = [p for ps in pats.values() for p in ps] if system == "*" else [*pats.get(system, ()), *pats.get("", ())]
    return tuple(sorted(both, key=lambda p: -len(_SLOT.sub("", p.english))))


def _by_pattern(text: str, lang: str, system: str | None, depth: int) -> str | None:
    """``text`` translated by the first pattern that matches it whole (the system's
    patterns first, then the core's), its slots translated in turn; None if none does."""
    if depth > 6:
        return None
    pats = pattern_catalogue(lang)
    # the system's and the core's together, the most specific first (a system's loose
    # "{rule}: {row}" must not take a change line the core's pattern says better)
    group = _merged(lang, system or "") if system else pats.get("", ())
    for p in group:
        m = p.regex.fullmatch(text)
        if m is None:
            continue
        values: dict[str, str] = {}
        for slot, kind in p.kinds.items():
            v = m.group(slot)
            if kind == "!":  # a name: as it is, unless the data names it ("Personal Enmity")
                values[slot] = _exact(v, lang, system)
            elif kind in ("*", ";"):  # a list: each item in turn
                sep = ", " if kind == "*" else "; "
                values[slot] = sep.join(_translated(item, lang, system, depth + 1) for item in v.split(sep))
            else:
                values[slot] = _translated(v, lang, system, depth + 1)
        return _fill(p.translation, values)
    return None


def _fill(template: str, values: Mapping[str, str]) -> str:
    """``template`` with each {slot} (kind marks dropped) replaced by its value."""
    def one(m: re.Match[str]) -> str:
        return values[m.group(1)]

    return _SLOT.sub(one, template)


def _exact(text: str, lang: str, system: str | None) -> str:
    cats = catalogue(lang)
    for cat in (cats.get(system or "", {}), cats.get("", {})):
        found = cat.get(text)
        if found is not None:
            return found
    return text


def _translated(text: str, lang: str, system: str | None, depth: int) -> str:
    found = translated(text, lang, system, _depth=depth)
    return found if isinstance(found, str) else text


def exact_translation(text: str, lang: str, system: str | None = None, column: bool = False) -> str | None:
    """``text``'s translation when a translation file names it word for word (no
    template); None otherwise."""
    if lang not in LANGUAGES or not text:
        return None
    cats = catalogue(lang)
    order = [cats.get(COLUMNS, {})] if column else []
    order += [cats.get(system or "", {}), cats.get("", {}), *(c for k, c in cats.items() if k != COLUMNS)]
    for key in (text, text.strip()):
        for cat in order:
            found = cat.get(key)
            if found is not None:
                return found
    return None


def translated(text: Any, lang: str, system: str | None = None, column: bool = False, *,
               _depth: int = 0) -> Any:
    """``text`` in ``lang`` when the rules data's translation names it, else as it is:
    the system's own words first (``system``: the campaign's), then the core's, then
    any installed system's (a system's name shown outside its campaign). ``column``:
    ``text`` is a column title (the ``columns`` mappings come first)."""
    if not isinstance(text, str) or not text or lang not in LANGUAGES:
        return text
    cats = catalogue(lang)
    order = [cats.get(COLUMNS, {})] if column else []
    order += [cats.get(system or "", {}), cats.get("", {}),
              *(c for k, c in cats.items() if k != COLUMNS)]
    for key in (text, text.strip()):
        for cat in order:
            found = cat.get(key)
            if found is not None:
                return found
    if not column:
        by = _by_pattern(text, lang, system, _depth)
        if by is not None:
            return by
        listed = _list_items(text, lang, system)
        if listed is not None:
            return listed
    return text


def _list_items(text: str, lang: str, system: str | None) -> str | None:
    """A list ``Assault rifle, LMG`` (a unit's weapons) item by item, when every item is
    a word the rules data's translation names (``Fucile d'Assalto, Mitragliatrice``);
    None when it is no list or one item is not such a word (a name, a sentence)."""
    items = text.split(", ")
    if len(items) < 2:
        return None
    out = [exact_translation(item, lang, system) for item in items]
    if any(x is None for x in out):
        return None
    return ", ".join(x for x in out if x is not None)
