"""Issue #33: no word broken inside a table cell, no text drawn over other text and no
word across a table's rule on the cards, rosters, QRS cards and the campaign report of
every demo campaign, read from the PDF as a reader sees it (tests/reports/pdfcheck.py);
and the check itself sees a broken word, an overlap and a word across a rule."""

from __future__ import annotations

from pathlib import Path

import pytest
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.pdfgen import canvas
from reportlab.platypus import Paragraph, SimpleDocTemplate, Table

import reports
from campaign_app.usecases import demo, exports
from campaign_app.usecases.database import open_database

from .pdfcheck import broken_words, over_rules, overlaps, source_words


def test_the_check_sees_a_broken_word_and_an_overlap(tmp_path: Path) -> None:
    style = getSampleStyleSheet()["BodyText"]
    doc = SimpleDocTemplate(str(tmp_path / "b.pdf"), pagesize=A4)
    cell = Paragraph("Str default, AP -1", style)  # a column too narrow for "default": reportlab splits it
    doc.build([Table([[cell, Paragraph("Lethality", style)]], colWidths=[30, 200])])
    found = broken_words(tmp_path / "b.pdf", source_words({"profile": "Str default, AP -1"}))
    assert any("'default' broken" in f for f in found), found

    ok = SimpleDocTemplate(str(tmp_path / "ok.pdf"), pagesize=A4)
    ok.build([Table([[Paragraph("Heavy stubber and a default profile", style)]], colWidths=[60])])
    assert broken_words(tmp_path / "ok.pdf", source_words("Heavy stubber and a default profile")) == []

    c = canvas.Canvas(str(tmp_path / "o.pdf"), pagesize=A4)
    c.setFont("Helvetica", 10)
    c.drawString(100, 700, "Casualties caused")
    c.drawString(160, 700, "Casualties suffered")  # starts inside the first header
    c.drawString(100, 600, "Apart")
    c.drawString(140, 600, "enough")
    c.save()
    found = overlaps(tmp_path / "o.pdf")
    assert found and all("Apart" not in f for f in found), found

    narrow = SimpleDocTemplate(str(tmp_path / "r.pdf"), pagesize=A4)  # "Casualties" wider than its column
    narrow.build([Table([["Casualties", ""]], colWidths=[30, 60], style=[("GRID", (0, 0), (-1, -1), 0.4, "black")])])
    assert over_rules(tmp_path / "r.pdf") == ["page 1: 'Casualties' crosses a rule"]
    wide = SimpleDocTemplate(str(tmp_path / "w.pdf"), pagesize=A4)
    wide.build([Table([["Casualties", "Wins"]], colWidths=[80, 60], style=[("GRID", (0, 0), (-1, -1), 0.4, "black")])])
    assert over_rules(tmp_path / "w.pdf") == []


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory: pytest.TempPathFactory):
    path = tmp_path_factory.mktemp("pdfdemo") / "demo.sqlite"
    engine = open_database(f"sqlite:///{path}")
    demo.create_demo(engine)
    yield engine
    engine.dispose()


def _campaigns(engine) -> list[tuple[int, str, list[int]]]:
    from sqlalchemy import text

    with engine.connect() as con:
        camps = con.execute(text("SELECT id, name FROM campaign ORDER BY id")).all()
        return [(cid, name, [r for (r,) in con.execute(text("SELECT id FROM roster WHERE campaign_id = :c "
                                                                "ORDER BY id"), {"c": cid})])
                for cid, name in camps]


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_no_broken_word_or_overlap_on_any_demo_pdf(demo_db, tmp_path: Path, lang: str) -> None:
    """In each language: French and Italian words are longer (issue #31: PDFs in --lang)."""
    from campaign_app.rules.localise import localise

    def local(doc, kind):
        return localise(doc, kind, lang) if lang != "en" else doc

    problems: list[str] = []
    made = 0
    for cid, name, rosters in _campaigns(demo_db):
        jobs = []
        for rid in rosters:
            rdoc = local(exports.roster_document(demo_db, rid), "roster")
            jobs.append((f"roster-{rid}", reports.render_roster, rdoc, {}))
            cdoc = local(exports.cards_document(demo_db, rid), "cards")
            jobs.append((f"cards-{rid}", reports.render_cards, cdoc, {}))
            jobs.append((f"cards-bw-{rid}", reports.render_cards, cdoc, {"bw": True, "blank": 1}))
        qdoc = local(exports.qrs_document(demo_db, cid, all_kinds=True), "qrs")
        jobs.append((f"qrs-{cid}", reports.render_qrs, qdoc, {}))
        kdoc = local(exports.campaign_document(demo_db, cid), "campaign")
        jobs.append((f"campaign-{cid}", reports.render_campaign, kdoc, {}))
        for label, render, doc, kw in jobs:
            out = tmp_path / f"{label}.pdf"
            render(doc, out, **kw)
            made += 1
            words = source_words(doc)
            problems += [f"{name} {label}: {p}" for p in broken_words(out, words)]
            problems += [f"{name} {label}: {p}" for p in overlaps(out)]
            problems += [f"{name} {label}: {p}" for p in over_rules(out)]
    assert made >= 20
    assert problems == []
