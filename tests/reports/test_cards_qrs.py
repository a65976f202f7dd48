from __future__ import annotations

from pypdf import PdfReader

import reports
from reports.cards import cards_per_page

from .helpers import all_text, page_texts

STATS = [["M", '5"'], ["WS", "4+"], ["BS", "3+"], ["S", "3"], ["T", "3"], ["W", "2"]]


def card(title: str, status: str = "active", label: str = "Active", **extra) -> dict:
    c = {
        "title": title,
        "subtitle": "Ganger · 125 credits",
        "status": status,
        "status_label": label,
        "fields": [*STATS, ["Equipment", "Lasgun, frag grenades"]],
        "sections": [{"title": "Skills", "lines": ["Nerves of Steel"]}],
    }
    c.update(extra)
    return c


def test_nine_cards_make_three_a4_pages(out):
    names = ["O<b>Brien & AT&T", "Łukasz", "Zoë", "Дмитрий"] + [f"Card {i}" for i in range(5)]
    doc = {"campaign": "Dust", "roster": "Cogs", "cards": [card(n) for n in names]}
    assert cards_per_page("a4") == 4
    pages = reports.render_cards(doc, out)
    assert pages == 3
    texts = page_texts(out)
    assert len(texts) == 3
    for name in names:
        assert name in " ".join(texts)
    assert "Card 4" in texts[2]
    assert "Page 3 of 3" in texts[2]
    for stat in ("WS", "4+", "Equipment", "Lasgun, frag grenades", "Skills", "Nerves of Steel"):
        assert stat in texts[0]


def test_cards_on_letter(out):
    assert cards_per_page("letter") == 4
    pages = reports.render_cards({"cards": [card("Vex")] * 5}, out, page="letter")
    assert pages == 2
    box = PdfReader(str(out)).pages[0].mediabox
    assert (float(box.width), float(box.height)) == (612, 792)


def test_card_status_and_overlong_content_stay_in_card(out):
    huge = card(
        "Overflowing",
        "dead",
        "Dead",
        sections=[{"title": "Injuries", "lines": ["Old battle wound " * 40] * 40}],
        fields=[["Equipment", "Grenade " * 300]] * 6,
    )
    doc = {"cards": [huge, card("Neighbour", "in-recovery", "In recovery")]}
    assert reports.render_cards(doc, out) == 1
    text = all_text(out)
    assert "Dead" in text and "In recovery" in text
    assert "Overflowing" in text and "Neighbour" in text


def test_card_500_character_title(out):
    assert reports.render_cards({"cards": [card("N" * 500)]}, out) == 1


def test_no_cards(out):
    assert reports.render_cards({"cards": []}, out) == 1
    assert "No fighter cards." in all_text(out)


def test_qrs_lines_and_table_rows(out):
    doc = {
        "campaign": "Dust",
        "system": "Necromunda",
        "cards": [
            {
                "title": "Shooting",
                "subtitle": "Core rules",
                "lines": ["Partial cover: -1 to hit."],
                "tables": [
                    {
                        "title": "Wound chart",
                        "note": "Strength against Toughness",
                        "columns": ["S vs T", "Roll"],
                        "rows": [["S > T", "3+"], ["S ≥ 2×T", "2+"], ["Plasma <hot>", "4+"]],
                    }
                ],
            }
        ]
        * 8,
    }
    pages = reports.render_qrs(doc, out)
    assert pages >= 1
    text = all_text(out)
    for expected in (
        "Shooting",
        "Core rules",
        "Partial cover: -1 to hit.",
        "Wound chart",
        "Strength against Toughness",
        "S vs T",
        "S ≥ 2×T",
        "Plasma <hot>",
    ):
        assert expected in text
    assert f"Page {pages} of {pages}" in text


def test_qrs_ragged_and_empty_tables(out):
    doc = {
        "cards": [
            {"title": "Ragged", "tables": [{"columns": ["A"], "rows": [["1", "2", "3"], []]}]},
            {"title": "Empty", "tables": [{"columns": [], "rows": []}]},
            {"title": "Long", "tables": [{"columns": ["X"], "rows": [["row"]] * 400}]},
        ]
    }
    assert reports.render_qrs(doc, out) > 1
    assert reports.render_qrs({}, out) == 1
