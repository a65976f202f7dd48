"""The rules data's translations (campaign_app.rules.i18n): every shipped file is valid
and names only tables, rows, editions and expansions that exist; a bad one is a
one-line RulesDataError; anything not named stays English."""

from __future__ import annotations

from typing import Any

import pytest

from campaign_app.errors import RulesDataError
from campaign_app.rules import i18n


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_shipped_translation_is_valid_and_checked(lang: str) -> None:
    cats = i18n.build_catalogue(lang)
    assert {"", "nuts", "necromunda", "fubar", "unit-morale"} <= set(cats)
    assert all(cats.values())


def test_translated_falls_back_to_english_and_prefers_the_system() -> None:
    assert i18n.translated("Green", "fr", "unit-morale") == "Bleue"
    assert i18n.translated("Green", "fr", "fubar") == "Bleu"
    assert i18n.translated("Lost", "it") == "Perso"
    assert i18n.translated("Not a rules word", "fr") == "Not a rules word"
    assert i18n.translated("Lost", "en") == "Lost"
    assert i18n.translated(3, "fr") == 3


@pytest.mark.parametrize(("text", "problem"), [
    ('language = "fr"\nunknown = 1\n', "unknown"),
    ('language = "de"\n', "language 'de'"),
    ('language = "fr"\n[tables.no-such-table]\ntitle = "x"\n', "no rules table 'no-such-table'"),
    ('language = "fr"\n[tables.um-casualty.rows.nope]\nlabel = "x"\n', "has no row 'nope'"),
    ('language = "fr"\neditions.zz = "x"\n', "no edition 'zz'"),
    ('language = "fr"\nname = [1]\n', "name"),
    ('language = "fr\n', "not valid TOML"),
])
def test_a_bad_translation_file_is_one_line_error(monkeypatch: Any, text: str, problem: str) -> None:
    real = i18n._read

    def fake(package: str, lang: str) -> tuple[str, str] | None:
        if package == "campaign_app.systems.unit_morale" and lang == "fr":
            return "unit_morale/translations/fr.toml", text
        return real(package, lang)

    monkeypatch.setattr(i18n, "_read", fake)
    with pytest.raises(RulesDataError) as e:
        i18n.build_catalogue("fr")
    msg = str(e.value)
    assert problem in msg and "\n" not in msg and "fr.toml" in msg


def test_cli_output_stays_english(capsys: Any) -> None:
    """The translations are the window's: the core's tables keep their English text."""
    from campaign_app.rules.loader import load_rulebook

    t = load_rulebook().table("um-casualty")
    assert t.title == "After the battle: casualty fate" and t.rows[0].label == "Lost"
