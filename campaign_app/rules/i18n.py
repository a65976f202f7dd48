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

import tomllib
from collections.abc import Mapping
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


def translated(text: Any, lang: str, system: str | None = None, column: bool = False) -> Any:
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
    return text
