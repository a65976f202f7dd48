"""Issue #31 item 5: every line of every game's quick-reference cards (``qrs_document(...,
all_kinds=True)`` of the demo, localised as ``export qrs --lang fr|it`` prints it) is in
French and in Italian: a line left as it is, or a piece of an English sentence left in
a translated one, fails, except the words listed below that are the same in both
languages (names, dice, the seeds' own English terms)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy.engine import Engine

from campaign_app.rules.i18n import LANGUAGES
from campaign_app.rules.localise import localise
from campaign_app.usecases.exports import qrs_document

# the demo's campaign of each game
CAMPAIGNS = {
    "nuts": "Ardennes 1944",
    "necromunda": "Underhive Feud",
    "fubar": "Operation Granite",
    "unit-morale": "Bocage Summer",
}

# Lines the same in English and in the language, on purpose. Each one says why.
_BOTH = frozenset(
    {
        # game names, and the NUTS! terms the players use as they are (Rep, Pass 2/1/0, Clank)
        "NUTS!",
        "Rep",
        "1d6 + Rep",
        "Pass 0",
        "Pass 1",
        "Pass 2",
        "Rep 3",
        "Rep 4",
        "Rep 5",
        "Rep 6",
        "Clank",
        "Raid",
        "Necromunda N26",
        "RPG",
        # Necromunda's characteristics as the fighter's profile abbreviates them, and the
        # advancement keys a user types (`fighter advance FIGHTER wil`)
        "Str",
        "Hnd",
        "Wil",
        "Int",
        "wil",
        "int",
        "any-skill",
    }
)
SAME: dict[str, frozenset[str]] = {
    "fr": _BOTH
    | {
        # seed 002 (the French players' summary) keeps the rulebook's English terms
        "Suppressed",
        "Shaken",
        "Hold",
        "Sneak",
        "Advance",
        "Run",
        "Fall back",
        "Discipline",
        "Phase 5",
        "Phase 1: discipline",
        "10 cm, normal -10 cm",
        "30 cm, normal +10 cm",
        # the same word in French
        "Notes",
        "Type",
        "Action",
        "Initiative",
        "Stars",
        "Zombie",
        "Vampire",
        "4, Grenade",
        "1 zombie",
        "1d3+1 zombies",
        "Activation",
        "Impact",
        "Nation",
        "Note",
        "Score (1d6)",
        "+1 Initiative",
        "+1 Intelligence",
        "Intelligence",
        "Traits",
        "Actions",
        "Bunkers",
        "Expertise",
    },
    "it": _BOTH
    | {
        # seed 004 (FUBAR in Italian) writes these in English
        "Elite",
        "APC",
        # the same word in Italian (the walkers keep their English name, as the window does)
        "Stars",
        "Walker",
        "Clank (walker)",
    },
}

# the keys of a document whose values are no rules text (names, the language's tags)
_SKIP = frozenset(
    {"campaign", "roster", "player", "notes", "name", "crew_of", "game", "lang", "words"}
)
# words that are English only (never French or Italian): one left in a translated line
# means a piece of it stayed English
_ENGLISH = re.compile(
    r"\b(?:the|and|with|of|its|from|each|or|to|is|are|not|this|that|when|may|roll|rolls|"
    r"figures|unit|units|against|if|at|by|for|but|be|can|cannot|until|after|expansion|edition)\b"
)
_PIECES = re.compile(r"[.;:!?]\s+|\s·\s|,\s|\s[-–]\s|[()]")


def _pairs(en: Any, loc: Any) -> Iterator[tuple[str, str]]:
    """Each text of the English document with its localised one (the same place)."""
    if isinstance(en, str):
        yield en, loc
    elif isinstance(en, list | tuple):
        for a, b in zip(en, loc, strict=True):
            yield from _pairs(a, b)
    elif isinstance(en, dict):
        for k, v in en.items():
            if k not in _SKIP:
                yield from _pairs(v, loc[k])


def _words(s: str) -> int:
    return len(re.findall(r"[A-Za-z]{2,}", s))


def leftovers(doc: dict[str, Any], lang: str) -> Iterator[tuple[str, str | None]]:
    """(English line, None) for each line of ``doc`` its ``lang`` version leaves as it
    is; (line, piece) for a piece of two or more words of an English sentence found as
    it is in the translated line."""
    same = SAME[lang]
    loc = localise(doc, "qrs", lang)
    for en, tr in _pairs(doc, loc):
        if not re.search(r"[A-Za-z]{3,}", en) or en in same:
            continue
        if tr.replace(" : ", ": ").replace(" ;", ";") == en:
            yield en, None
            continue
        found = False
        for piece in (p.strip() for p in _PIECES.split(en)):
            if (
                _words(piece) >= 2
                and piece not in same
                and re.search(rf"\b{re.escape(piece)}\b", tr)
            ):
                found = True
                yield en, piece
        english = _ENGLISH.search(tr)
        if english and not found:
            yield en, english.group(0)


def left_in_english(doc: dict[str, Any], lang: str) -> list[str]:
    """What :func:`leftovers` finds, one line each."""
    return sorted(
        {en if piece is None else f"{piece!r} in {en!r}" for en, piece in leftovers(doc, lang)}
    )


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def demo(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Engine]:
    """The demo, made once per module and backend."""
    from campaign_app.usecases.database import open_database
    from campaign_app.usecases.demo import create_demo
    from tests.conftest import pg_admin_url

    if request.param == "sqlite":
        eng = open_database(f"sqlite:///{tmp_path_factory.mktemp('qrs') / 'demo.sqlite'}")
        create_demo(eng)
        yield eng
        eng.dispose()
        return
    if not pg_admin_url():
        pytest.skip("no PostgreSQL server: set CAMPAIGN_APP_TEST_PG (.ci/run does)")
    import uuid

    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    name = f"t_{uuid.uuid4().hex[:12]}"
    adm = create_engine(
        make_url(pg_admin_url()).set(drivername="postgresql+psycopg"), isolation_level="AUTOCOMMIT"
    )
    with adm.connect() as c:
        c.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        eng = open_database(
            make_url(pg_admin_url()).set(database=name).render_as_string(hide_password=False)
        )
        create_demo(eng)
        yield eng
        eng.dispose()
    finally:
        with adm.connect() as c:
            c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        adm.dispose()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", sorted(CAMPAIGNS))
def test_every_qrs_line_is_translated(demo: Engine, game: str, lang: str) -> None:
    doc = qrs_document(demo, CAMPAIGNS[game], all_kinds=True)
    assert doc["game"] == game
    left = left_in_english(dict(doc), lang)
    assert not left, f"{game} {lang}: {len(left)} left in English:\n" + "\n".join(left)


def test_the_check_finds_english_left_whole_in_part_or_in_a_word() -> None:
    doc = {
        "game": "fubar",
        "cards": [
            {
                "title": "Weapons",
                "lines": [
                    "Each figure rolls once.",  # no translation: left whole
                    "Shooting: roll a die per weapon",  # "Shooting" has one, the rest none: a piece left
                    "Elite",  # the seed's own word, the same in Italian
                    "Activation and expertise are D6 scores to equal or beat.",  # translated
                ],
            }
        ],
    }
    assert left_in_english(doc, "it") == [
        "'roll a die per weapon' in 'Shooting: roll a die per weapon'",
        "Each figure rolls once.",
    ]
    assert list(
        leftovers({"game": "nuts", "cards": [{"lines": ["1d6 vs the unknown thing"]}]}, "fr")
    ) == [("1d6 vs the unknown thing", "the")]  # "1d6 contre the unknown thing"


# the seeds' own words, as a player finds them on the printed cards (pypdf reads the PDF)
SEED_WORDS = {
    ("Operation Granite", "it"): [  # seed 004, FUBAR in Italian
        "Inchiodamento",
        "Max inchiodamento",
        "Tiro Armatura",
        "Gittata",
        "Mitraglietta",
        "Correre riparandosi",
        "Andare a terra",
        "In attesa",
        "Energetica",
        "Armatura Personale",
        "Corpo a Corpo",
        "Recluta",
        "Esperto",
        "Veterano",
    ],
    ("Bocage Summer", "fr"): [  # seed 002, the French unit-morale summary
        "confiante",
        "suppressed",
        "shaken",
        "démoralisée",
        "fall back",
        "Hold",
        "Sneak",
        "Advance",
        "tir d'opportunité",
        "Phase de discipline",
        "svg",
        "CC",
        "figs",
    ],
}


@pytest.mark.parametrize(("campaign", "lang"), sorted(SEED_WORDS))
def test_the_printed_qrs_uses_the_seeds_words(
    demo: Engine, tmp_path: Any, campaign: str, lang: str
) -> None:
    from pypdf import PdfReader

    from campaign_app.cli import main

    out = tmp_path / "qrs.pdf"
    url = demo.url.render_as_string(hide_password=False)
    assert (
        main(["--db", url, "export", "qrs", campaign, "--all", "--lang", lang, "-o", str(out)]) == 0
    )
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(str(out)).pages).split())
    missing = [w for w in SEED_WORDS[campaign, lang] if w not in text]
    assert not missing, f"{campaign} {lang}: the seed's words missing from the PDF: {missing}"
    assert "Each figure" not in text and "Every unit" not in text
