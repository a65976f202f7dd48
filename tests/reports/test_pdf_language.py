"""Issue #31: the PDFs in the user's language. `--lang fr|it` (before the command or on
`export ...`) and the window's language reach every PDF: the rules' words and the
reports' own words translated, the names users typed left as they are, English
unchanged without it; every word the reports print of their own has a translation."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from campaign_app.cli import main

ROOT = Path(__file__).resolve().parents[2]


def _text(path: Path) -> str:
    from pypdf import PdfReader

    return " ".join(" ".join(p.extract_text() for p in PdfReader(str(path)).pages).split())  # lines joined


@pytest.fixture
def demo_url(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'demo.sqlite'}"
    assert main(["--db", url, "demo"]) == 0
    return url


def _export(url: str, tmp_path: Path, *argv: str) -> str:
    out = tmp_path / "out.pdf"
    assert main(["--db", url, *argv, "-o", str(out)]) == 0
    return _text(out)


def test_qrs_in_italian_and_french_and_english_without_lang(demo_url: str, tmp_path: Path) -> None:
    it = _export(demo_url, tmp_path, "export", "qrs", "Operation Granite", "--lang", "it")
    assert "Riferimento rapido" in it and "Quick reference" not in it
    assert "Recluta" in it and "Pagina 1 di" in it and "Page 1 of" not in it
    fr = _export(demo_url, tmp_path, "--lang", "fr", "export", "qrs", "Bocage Summer")
    assert "Aide-mémoire" in fr and "Page 1 sur" in fr and "Quick reference" not in fr
    en = _export(demo_url, tmp_path, "export", "qrs", "Operation Granite")
    assert "Quick reference" in en and "Page 1 of" in en and "Riferimento" not in en


def test_roster_cards_and_campaign_report_translated_names_kept(demo_url: str, tmp_path: Path) -> None:
    roster = _export(demo_url, tmp_path, "--lang", "fr", "export", "roster", "Easy Company, 2nd Squad")
    assert "Liste d'escouade" in roster and "Nom" in roster and "État" in roster
    assert "Sgt. Rock Harlan" in roster and "Easy Company, 2nd Squad" in roster  # as typed
    assert "Squad roster" not in roster and "Page 1 of" not in roster
    cards = _export(demo_url, tmp_path, "export", "cards", "Easy Company, 2nd Squad", "--lang", "it")
    assert "Sgt. Rock Harlan" in cards and "Tipo" in cards
    report = _export(demo_url, tmp_path, "export", "campaign", "Ardennes 1944", "--lang", "fr")
    assert "Rapport de campagne" in report and "Classement" in report and "Batailles" in report
    assert "Easy Company, 2nd Squad a gagné" in report and "Die Nachtwölfe a perdu" in report
    assert "Standings" not in report and " won" not in report
    league = _export(demo_url, tmp_path, "--lang", "it", "export", "league", "Ardennes 1944")
    assert "Lista della squadra" in league and "Squad roster" not in league


def test_the_window_prints_in_its_language(qtbot: Any, tmp_path: Path) -> None:
    from sqlalchemy import text

    from campaign_app.facade import Campaigns
    from campaign_app.usecases.database import open_database
    from campaign_app.usecases.demo import create_demo
    from ui.controllers.exports import _draw
    from ui.i18n import install

    engine = open_database(f"sqlite:///{tmp_path / 'w.sqlite'}")
    create_demo(engine)
    app = Campaigns(engine)
    with engine.connect() as c:
        cid = c.execute(text("SELECT id FROM campaign WHERE system = 'fubar'")).scalar_one()
    try:
        assert install("it") == "it"
        _draw(app, "qrs", cid, None, str(tmp_path / "w.pdf"), {})
    finally:
        install("en")
    shown = _text(tmp_path / "w.pdf")
    assert "Riferimento rapido" in shown and "Recluta" in shown
    _draw(app, "qrs", cid, None, str(tmp_path / "e.pdf"), {})
    assert "Quick reference" in _text(tmp_path / "e.pdf")
    engine.dispose()


def test_every_word_the_reports_print_is_listed_and_translated() -> None:
    from campaign_app.rules.i18n import exact_translation
    from campaign_app.rules.localise import REPORT_WORDS

    used = set()
    for f in (ROOT / "reports").glob("*.py"):
        used |= set(re.findall(r'\btr\("((?:[^"\\]|\\.)*)"\)', f.read_text("utf-8")))
        for m in re.finditer(r"map\(tr, \[([^\]]*)\]", f.read_text("utf-8")):
            used |= set(re.findall(r'"([^"]*)"', m.group(1)))
    used |= {"In recovery", "Captured", "Dead", "Lost", "Out of the fight"}  # STATUS_LABELS, through tr
    assert used and used <= set(REPORT_WORDS), used - set(REPORT_WORDS)
    same = {"fr": {"Notes", "Date"}, "it": {"Scenario"}}  # the same word in that language
    for lang in ("fr", "it"):
        missing = [w for w in REPORT_WORDS if exact_translation(w, lang) is None and w not in same[lang]]
        assert missing == [], (lang, missing)


def test_a_name_like_a_rules_word_and_a_bad_lang_are_handled(demo_url: str, tmp_path: Path,
                                                             capsys: Any) -> None:
    from campaign_app.rules.localise import localise

    doc = {"campaign": "Standings", "roster": "Dead", "title": "Squad roster", "columns": [],
           "rows": [{"name": "Captured", "status": "Dead", "_status": "dead"}], "totals": [], "notes": "Lost"}
    out = localise(doc, "roster", "fr")
    assert (out["campaign"], out["roster"], out["notes"], out["rows"][0]["name"]) == ("Standings", "Dead", "Lost",
                                                                                      "Captured")
    assert out["title"] == "Liste d'escouade" and out["rows"][0]["status"] == "Mort"
    assert out["rows"][0]["_status"] == "dead" and doc["title"] == "Squad roster"  # a copy
    assert localise(doc, "roster", "en") == doc
    rc = main(["--db", demo_url, "export", "qrs", "Operation Granite", "--lang", "de", "-o", str(tmp_path / "x.pdf")])
    assert rc == 2 and "invalid choice: 'de'" in capsys.readouterr().err
    assert not (tmp_path / "x.pdf").exists()


def test_a_document_takes_its_own_games_words_first(demo_url: str, tmp_path: Path) -> None:
    """Unit-morale's "Hold" is "Tieni" in its own Italian words; FUBAR's "Hold" is "In
    attesa". A unit-morale card must not borrow FUBAR's word (the document names its game)."""
    it = _export(demo_url, tmp_path, "export", "qrs", "Bocage Summer", "--all", "--lang", "it")
    assert "Tieni" in it and "In attesa" not in it
    fubar = _export(demo_url, tmp_path, "export", "qrs", "Operation Granite", "--all", "--lang", "it")
    assert "In attesa" in fubar
