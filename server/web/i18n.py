"""The pages' words in English, French and Italian, chosen by the browser's
``Accept-Language``. The pages' own words are in ``translations/<lang>.toml`` (English
-> translation; a test checks that every ``_("...")`` of the templates is in each file);
the rules' words (statuses, table titles) go through the rules data's translations
(:func:`campaign_app.rules.i18n.translated`), like the printed reports."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from functools import cache
from importlib import resources

from campaign_app.rules.i18n import translated

LANGUAGES = ("en", "fr", "it")


@cache
def words(lang: str) -> dict[str, str]:
    if lang == "en":
        return {}
    text = resources.files("server.web").joinpath("translations", f"{lang}.toml").read_text("utf-8")
    return dict(tomllib.loads(text)["words"])


def pick(accept_language: str | None) -> str:
    """The first of our languages the browser asks for (by its q weights), else English."""
    best: list[tuple[float, int, str]] = []
    for i, part in enumerate((accept_language or "").split(",")[:20]):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        for p in params.split(";"):
            k, _, v = p.strip().partition("=")
            if k == "q":
                try:
                    q = float(v)
                except ValueError:
                    q = 0.0
        lang = tag.strip().lower().split("-")[0]
        if lang in LANGUAGES and q > 0:
            best.append((-q, i, lang))
    return sorted(best)[0][2] if best else "en"


def gettext(lang: str) -> Callable[..., str]:
    table = words(lang)

    def _(text: str, **values: object) -> str:
        out = table.get(text, text)
        return out.format(**values) if values else out

    return _


def rules_text(lang: str, system: str | None) -> Callable[[str], str]:
    """A rules word (a status id such as ``out-of-the-fight``, a table's title) in ``lang``."""

    def rt(text: str) -> str:
        plain = str(text).replace("-", " ") if "-" in str(text) and " " not in str(text) else str(text)
        if lang == "en":
            return plain
        return str(translated(plain, lang, system))

    return rt
