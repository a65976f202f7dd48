"""A printed document (roster, cards, quick reference, campaign report) in a language.

The documents of :mod:`campaign_app.usecases.exports` are plain data in English. Here
their rules words (titles, column headings, statuses, table rows, notes, the words
the app writes between names) go through the rules data's translations
(:mod:`campaign_app.rules.i18n`), while what users typed (the campaign's, rosters' and
figures' names, players, notes) stays as it is; and the document gets ``words``, the
reports' own words (headings, "Page X of Y") in that language, which ``reports`` prints.
A word no translation names stays English. Pure: data in, data out."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from campaign_app.rules.i18n import LANGUAGES, exact_translation, translated

# Every word the reports package prints of its own (reports.tr), in English: a test
# checks that each tr("...") there is listed here.
REPORT_WORDS = (
    "Page {number} of {total}", "Roster", "Rosters", "Unnamed roster", "Status", "No fighters yet.", "Notes",
    "No rosters to print.", "In recovery", "Captured", "Dead", "Lost", "Out of the fight",
    "Name:", "Type:", "Status:", "Unnamed", "No fighter cards.",
    "Quick reference", "Untitled", "No reference cards.",
    "Campaign report", "Campaign", "Battles", "No battles yet.", "Standings", "Rating", "Wins", "Draws",
    "Losses", "Casualties caused", "Casualties suffered", "Casualties", "Charts", "Roster histories",
    "#", "Date", "Scenario", "Result",
    "Roll record", "Chain head: {rolls} rolls, last hash {hash}",
    "Keep this page: `log verify` checks the roll record against the head the server keeps, and you can check "
    "that head against it.",
)

# the keys whose values users typed: never translated
_USER_KEYS = frozenset({"campaign", "roster", "player", "notes", "name", "crew_of", "game"})
_SEPARATORS = (" · ", "; ", ", ", ": ")


def _text(s: str, lang: str, system: str | None, column: bool = False) -> str:
    """``s`` translated: word for word when a translation names it whole; else piece by
    piece between the separators the documents join words with (a cell "Star · squad
    leader", a result "A won; B lost"); else by a template ("Battle 1 (1944-12-20)")."""
    exact = exact_translation(s, lang, system, column)
    if exact is not None:
        return exact
    for sep in _SEPARATORS[:3]:  # items of a list: never one template's slot
        if sep in s:
            return sep.join(_text(part, lang, system, column) for part in s.split(sep))
    whole = translated(s, lang, system or "*", column)
    if whole != s:
        return str(whole)
    for sep in _SEPARATORS[3:]:  # "Resolving hits: the opponent...": its parts
        if sep in s:
            return sep.join(_text(part, lang, system, column) for part in s.split(sep))
    return s


def _walk(value: Any, tr: Callable[[str], str], skip: frozenset[str]) -> Any:
    if isinstance(value, str):
        return tr(value)
    if isinstance(value, list):
        return [_walk(v, tr, skip) for v in value]
    if isinstance(value, tuple):
        return tuple(_walk(v, tr, skip) for v in value)
    if isinstance(value, dict):
        return {k: (v if k in skip else _walk(v, tr, skip)) for k, v in value.items()}
    return value


def report_words(lang: str) -> dict[str, str]:
    """The reports' own words in ``lang`` (those a translation names)."""
    out: dict[str, str] = {}
    for w in REPORT_WORDS:
        t = translated(w, lang)
        if isinstance(t, str) and t != w:
            out[w] = t
    return out


def localise(doc: Mapping[str, Any], kind: str, lang: str, system: str | None = None) -> dict[str, Any]:
    """``doc`` (a document of ``kind``: roster, cards, qrs, campaign) in ``lang``; a copy,
    the English one unchanged. English, or a language no translation covers: as it is.
    ``system``: the campaign's game, whose words come first (else the document's
    ``game``: a unit-morale "Hold" is not FUBAR's; else every game's)."""
    if lang not in LANGUAGES or lang == "en":
        return dict(doc)
    system = system or doc.get("game") or None

    def tr(s: str) -> str:
        return _text(s, lang, system)

    def col(s: str) -> str:
        return _text(s, lang, system, column=True)

    skip = _USER_KEYS
    if kind == "cards":
        out = _walk({k: v for k, v in doc.items() if k != "cards"}, tr, skip)
        out["cards"] = [{k: (v if k == "title" else _walk(v, tr, skip)) for k, v in c.items()}
                        for c in doc.get("cards", [])]
        for c, src in zip(out["cards"], doc.get("cards", []), strict=True):
            weapons = src.get("weapons")
            if isinstance(weapons, dict) and isinstance(weapons.get("columns"), list):
                c["weapons"] = {**c["weapons"], "columns": [col(x) if isinstance(x, str) else x
                                                            for x in weapons["columns"]]}
    elif kind == "roster":
        out = _walk({k: v for k, v in doc.items() if k not in ("columns", "rows")}, tr, skip)
        out["columns"] = [{**c, "label": col(c["label"]) if isinstance(c.get("label"), str) else c.get("label")}
                          for c in doc.get("columns", [])]
        out["rows"] = [{k: (v if k in skip or k.startswith("_") and k != "_status_label" else _walk(v, tr, skip))
                        for k, v in r.items()} for r in doc.get("rows", [])]
    elif kind == "campaign":
        out = _walk({k: v for k, v in doc.items() if k not in ("charts", "standings", "histories")}, tr, skip)
        out["standings"] = [dict(s) for s in doc.get("standings", [])]
        out["histories"] = [{**h, "lines": _walk(h.get("lines", []), tr, skip)} for h in doc.get("histories", [])]
        out["charts"] = [{**c, **{k: tr(c[k]) for k in ("title", "axis") if isinstance(c.get(k), str)}}
                         for c in doc.get("charts", [])]
    else:  # qrs: every word is the rules' but the campaign's name
        out = _walk(dict(doc), tr, skip)
    out["words"] = report_words(lang)
    out["lang"] = lang
    return out
