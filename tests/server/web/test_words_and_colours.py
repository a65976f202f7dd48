"""The pages' words in French and Italian, the browser's language picked, and the
colours' contrast (WCAG AA: 4.5:1 for text, 3:1 for large text and controls' edges) in
light and dark."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from server.web import i18n

WEB = Path(__file__).resolve().parents[3] / "server" / "web"


def template_words() -> set[str]:
    out: set[str] = set()
    for f in (WEB / "templates").glob("*.html"):
        out |= set(re.findall(r'_\("([^"]+)"', f.read_text("utf-8")))
        assert not re.findall(r"_\('", f.read_text("utf-8")), f"{f.name}: write _(\"...\") with double quotes"
    from server.web.pages import INPUT_WORDS

    return out | set(INPUT_WORDS.values())


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_every_word_of_the_pages_is_translated(lang: str) -> None:
    words = i18n.words(lang)
    missing = sorted(template_words() - set(words))
    assert not missing, f"{lang}.toml lacks {missing}"
    for english, text in words.items():
        assert text.strip(), english
        assert set(re.findall(r"\{(\w+)\}", english)) == set(re.findall(r"\{(\w+)\}", text)), english


@pytest.mark.parametrize("header, lang", [
    ("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7", "fr"), ("en-GB,it;q=0.9", "en"), ("de,it;q=0.5,fr;q=0.4", "it"),
    ("it;q=0, fr;q=0.1", "fr"), ("", "en"), (None, "en"), ("xx;q=abc,,;", "en"), ("IT-it", "it"),
])
def test_the_language_follows_accept_language(header: str | None, lang: str) -> None:
    assert i18n.pick(header) == lang


def test_rules_words_go_through_the_rules_translations() -> None:
    assert i18n.rules_text("fr", "nuts")("out-of-the-fight") == "hors de combat"
    assert i18n.rules_text("en", "nuts")("out-of-the-fight") == "out of the fight"


def _luminance(hex_colour: str) -> float:
    h = hex_colour.lstrip("#")
    rgb = [int(h[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def palettes() -> dict[str, dict[str, str]]:
    css = (WEB / "static" / "app.css").read_text("utf-8")
    light = css.split("@media (prefers-color-scheme: dark)")[0]
    dark = css.split("@media (prefers-color-scheme: dark)")[1].split("}\n}")[0]

    def colours(block: str) -> dict[str, str]:
        return dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6});", block))

    return {"light": colours(light), "dark": colours(dark)}


# (text, background, least ratio): every pair the stylesheet puts together
PAIRS = [("fg", "bg", 4.5), ("fg", "card", 4.5), ("muted", "bg", 4.5), ("muted", "card", 4.5),
         ("accent", "bg", 4.5), ("accent", "card", 4.5), ("on-accent", "accent", 4.5),
         ("err", "err-bg", 4.5), ("on-warn", "warn", 4.5), ("down", "card", 4.5), ("ok", "card", 4.5),
         ("line", "bg", 3.0), ("line", "card", 3.0), ("accent", "bg", 3.0)]


def test_the_test_knows_the_contrast_formula() -> None:
    assert round(contrast("#000000", "#ffffff"), 1) == 21.0
    assert round(contrast("#777777", "#ffffff"), 2) == 4.48  # the classic just-fails grey


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_colour_pair_passes_wcag_aa(scheme: str) -> None:
    p = palettes()[scheme]
    assert set(palettes()["light"]) == set(palettes()["dark"]), "dark must set every colour light sets"
    bad = [(fg, bg, round(contrast(p[fg], p[bg]), 2)) for fg, bg, least in PAIRS if contrast(p[fg], p[bg]) < least]
    assert not bad, f"{scheme}: too little contrast {bad}"
