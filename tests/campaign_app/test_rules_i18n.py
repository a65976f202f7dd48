"""The rules data's translations (campaign_app.rules.i18n): every shipped file is valid
and names only tables, rows, editions and expansions that exist; a bad one is a
one-line RulesDataError; anything not named stays English."""

from __future__ import annotations

from typing import Any

import pytest

from campaign_app.errors import RulesDataError
from campaign_app.rules import i18n


@pytest.fixture(autouse=True)
def _fresh_catalogues() -> Any:
    """Each test reads the translations anew: the catalogues are cached per process, and
    a mutation run forks every mutant from a process that already filled them."""
    for cached in (i18n.catalogue, i18n.pattern_catalogue, i18n._merged):
        cached.cache_clear()
    yield
    for cached in (i18n.catalogue, i18n.pattern_catalogue, i18n._merged):
        cached.cache_clear()


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


# ---------------------------------------------------------------- [patterns] (issue #33)
def test_a_pattern_compiles_each_kind_of_slot() -> None:
    p = i18n.compile_pattern("{who!}: {items*} ({why}) [{more;}]", "{who} : {items} ({why}) [{more}]", "x: ")
    assert p.kinds == {"who": "!", "items": "*", "why": "", "more": ";"}
    m = p.regex.fullmatch("Ann: a, b (c) [d; e]")
    assert m is not None and m.groupdict() == {"who": "Ann", "items": "a, b", "why": "c", "more": "d; e"}
    assert p.regex.fullmatch("Ann: x: a (c) [d]") is not None  # only the name may not hold ": "
    assert i18n.compile_pattern("{who!}: {x}", "{who}: {x}").regex.fullmatch("A: B: c").groupdict() == \
        {"who": "A", "x": "B: c"}
    # a bracketed slot holds no bracket: the reason is the last brackets' text
    assert i18n.compile_pattern("{a} ({b})", "{a} ({b})").regex.fullmatch("x (1) (y)").groupdict() == \
        {"a": "x (1)", "b": "y"}
    # the same slot twice must hold the same text
    twice = i18n.compile_pattern("{n} of {n}", "{n} sur {n}")
    assert twice.regex.fullmatch("3 of 3") is not None and twice.regex.fullmatch("3 of 4") is None
    assert p.english == "{who!}: {items*} ({why}) [{more;}]" and p.translation.startswith("{who} :")
    with pytest.raises(RulesDataError) as e:  # no file named: the line starts with "patterns"
        i18n.compile_pattern("{a}", "{b}")
    assert str(e.value).startswith("patterns: '{a}'")


@pytest.mark.parametrize(("english", "translation", "error"), [
    ("no slot here", "pas de case", "x.toml: patterns: 'no slot here' has no {slot} (write it under [text])"),
    ("{a} and {b}", "{a} et {c}", "x.toml: patterns: '{a} and {b}' and its translation name different slots (a, b / a, c)"),
    ("{a} and {b}", "rien", "x.toml: patterns: '{a} and {b}' and its translation name different slots (a, b / none)"),
])
def test_a_bad_pattern_is_one_line(english: str, translation: str, error: str) -> None:
    with pytest.raises(RulesDataError) as e:
        i18n.compile_pattern(english, translation, "x.toml: ")
    assert str(e.value) == error
    doc = f'language = "fr"\n[patterns]\n"{english}" = "{translation}"\n'
    with pytest.raises(RulesDataError) as e2:
        i18n.parse_translation("x.toml", doc)
    assert str(e2.value) == error


def test_patterns_translate_slots_lists_names_and_the_most_specific_first() -> None:
    t = i18n.translated
    # a list: each item in turn; a name kept; the reason in its brackets
    assert t("Ruk: XP 1 → 2, status active → dead (after the battle)", "fr", "necromunda") == \
        "Ruk : XP 1 → 2, statut actif → mort (après la bataille)"
    assert t("Ruk: XP 1 → 2, status active → dead (after the battle)", "it", "necromunda") == \
        "Ruk: XP 1 → 2, stato attivo → morto (dopo la battaglia)"
    # a "; " list
    assert t("+3 XP (took Ruk out of action; took part)", "it", "necromunda") == \
        "+3 XP (ha messo fuori combattimento Ruk; ha partecipato)"
    # a name the data translates word for word is translated; another name is kept
    assert t("Personal Enmity: condition fearsome", "fr", "necromunda") == \
        "Inimitié personnelle : état terrifiant"
    assert t("Sgt Rock: recovery", "fr", "nuts") == "Sgt Rock : récupération"
    # the system's templates and the core's together, the most specific first
    assert t("Alpha: 2 casualties", "fr", "fubar") == "Alpha : 2 pertes"
    assert t("casualty 1 of 3: Dead or out for good.", "it", "fubar") == "perdita 1 di 3: Morto o fuori per sempre."
    # no system: the core's templates only
    assert t("Brak scores a hit", "it") == "Brak mette a segno un colpo"
    assert t("score 4 beats Rep 3: Rep 3 -> 4", "fr") == "score 4 beats Rep 3 : Rep 3 -> 4"
    assert t("score 4 beats Rep 3: Rep 3 -> 4", "fr", "nuts") == "score 4 bat la Rep 3 : Rep 3 -> 4"
    # a column title never goes through a template; English and no match stay as they are
    assert t("Brak scores a hit", "fr", column=True) == "Brak scores a hit"
    assert t("Brak scores a hit", "en") == "Brak scores a hit"
    assert t("nothing matches this", "fr", "nuts") == "nothing matches this"


def test_a_template_nested_too_deep_stops() -> None:
    # "{game} + {more}" translates its parts in turn, one level deeper each time; past
    # the limit the rest is kept as it is (a runaway text cannot recurse for ever)
    deep = " + ".join(["Rep increase"] * 12)
    parts = i18n.translated(deep, "fr", "nuts").split(" + ")
    assert parts[:7] == ["Hausse de Rep"] * 7
    assert parts[7:] == ["Rep increase"] * 5


def test_the_pattern_catalogue_is_sorted_and_cached() -> None:
    cat = i18n.pattern_catalogue("fr")
    core = cat[""]
    lengths = [len(i18n._SLOT.sub("", p.english)) for p in core]
    assert lengths == sorted(lengths, reverse=True)
    assert i18n.pattern_catalogue("en") == {} and i18n.pattern_catalogue("fr") is cat
    merged = i18n._merged("fr", "nuts")
    assert len(merged) == len(cat["nuts"]) + len(core)
    assert [len(i18n._SLOT.sub("", p.english)) for p in merged] == \
        sorted((len(i18n._SLOT.sub("", p.english)) for p in merged), reverse=True)


def test_a_name_slot_takes_only_a_word_for_word_translation() -> None:
    t = i18n.translated
    # the game's own word, the core's word, an unknown game (the core's words still)
    assert t("held by Personal Enmity", "fr", "necromunda") == "détenu par Inimitié personnelle"
    assert t("held by Personal Enmity", "fr") == "détenu par Personal Enmity"
    assert t("held by squad", "fr", "necromunda") == "détenu par escouade"
    assert t("held by squad", "it", "no-such-game") == "prigioniero di squadra"
    # a name is never run through a template of its own
    assert t("held by bite 1 of 2", "fr", "nuts") == "détenu par bite 1 of 2"
    # a name cannot reach across ": ": "Ruk: XP 1 → 2," is not the name of "{who!} gains {skill}"
    assert t("Ruk: XP 1 → 2, gains condition fearsome (after the battle)", "fr", "necromunda") == \
        "Ruk : XP 1 → 2, gagne l'état terrifiant (après la bataille)"
    # only a bracketed slot is kept from brackets: a name may hold some
    assert t("Easy: replacements (Sgt (Ret.) Rock rolls)", "fr", "nuts") == \
        "Easy : remplaçants (Sgt (Ret.) Rock lance)"


def test_a_slot_is_translated_with_the_games_own_words_first() -> None:
    # "Green" is "Bleue" (a unit) in the unit-morale game, "Bleu" in FUBAR
    assert i18n.translated("Alpha: Green", "fr", "unit-morale") == "Alpha : Bleue"
    assert i18n.translated("Alpha: Green", "fr", "fubar") == "Alpha : Bleu"


def test_a_template_spans_lines_and_a_list_item_goes_one_level_deeper() -> None:
    assert i18n.translated("Brak: note “line one\nline two” (after the battle)", "fr") == \
        "Brak : note « line one\nline two » (après la bataille)"
    chain = " + ".join(["Rep increase"] * 12)
    parts = i18n.translated(f"Ruk: {chain} (after the battle)", "fr", "nuts").split(" + ")
    assert sum(p.endswith("Hausse de Rep") for p in parts) == 6  # one level used by the line itself
