"""Issue #17: rosters that fit, card sizes, weapon profiles, QRS sections, campaign report."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from pypdf import PdfReader

import reports
from reports.cards import cards_per_page

from .helpers import all_text, fighter, make_roster, page_texts

A4 = (595.28, 841.89)


def _size(path, index=0):
    box = PdfReader(str(path)).pages[index].mediabox
    return round(float(box.width), 2), round(float(box.height), 2)


def _wide_roster():
    cols = [{"key": "name", "label": "Name", "width": 2.6}] + \
        [{"key": f"s{i}", "label": k, "width": 0.8} for i, k in enumerate("M WS BS S T W I A Ld Cl Wil Int".split())] + \
        [{"key": "skills", "label": "Skills", "width": 2}, {"key": "status", "label": "Status", "width": 1.6},
         {"key": "gear", "label": "Wargear", "width": 3}]
    rows = []
    for n in range(6):
        row = fighter(f"Krug Ironhide{n}", skills="Unstoppable, Iron Jaw, Fearsome",
                      gear="Renderizer (Str 5, AP -1), Heavy stubber", status="in-recovery",
                      label="In recovery (critical injury: treat it or it dies at the end of the cycle)")
        row.update({f"s{i}": "4+" for i in range(12)})
        rows.append(row)
    return make_roster(rows, columns=cols)


def test_orientation_auto_portrait_and_landscape(tmp_path):
    narrow, wide = tmp_path / "n.pdf", tmp_path / "w.pdf"
    reports.render_roster(make_roster([fighter("Vex")]), narrow)
    assert _size(narrow) == A4  # few columns: portrait
    reports.render_roster(_wide_roster(), wide)
    assert _size(wide) == (A4[1], A4[0])  # the stat line needs landscape
    forced = tmp_path / "p.pdf"
    reports.render_roster(_wide_roster(), forced, orientation="portrait")
    assert _size(forced) == A4
    letter = tmp_path / "l.pdf"
    reports.render_roster(_wide_roster(), letter, page="letter", orientation="landscape")
    assert _size(letter) == (792.0, 612.0)
    with pytest.raises(ValueError):
        reports.render_roster(_wide_roster(), forced, orientation="sideways")


@pytest.mark.parametrize("orientation", ["portrait", "landscape"])
def test_no_word_is_split(tmp_path, orientation):
    out = tmp_path / "r.pdf"
    reports.render_roster(_wide_roster(), out, orientation=orientation)
    words = set(all_text(out).split())
    for w in ("Unstoppable,", "Fearsome", "Ironhide0", "recovery", "Renderizer", "(critical", "injury:",
              "Wargear", "Skills", "Status"):
        assert w in words, w
    assert "Unstoppabl" not in words and "e" not in words


def test_legend_shows_its_label_whole(tmp_path):
    out = tmp_path / "r.pdf"
    reports.render_roster(_wide_roster(), out)
    assert "…" not in all_text(out)


def card(name, **extra):
    c = {"title": name, "subtitle": "Ganger", "fields": [["WS", "4+"], ["BS", "3+"]], "sections": [],
         "weapons": {"columns": ["Weapon", "Rng", "Str", "AP"], "rows": [["Autogun", '24"', "3", "-1"]],
                     "note": ""}}
    c.update(extra)
    return c


def test_poker_cards_nine_to_a4_page(out):
    assert cards_per_page("a4", "poker") == 9
    assert cards_per_page("letter", "poker") == 9
    assert cards_per_page("a4", "large") == 1
    pages = reports.render_cards({"cards": [card(f"Card{i:02d}") for i in range(18)]}, out, size="poker")
    assert pages == 2
    texts = page_texts(out)
    assert sum(f"Card{i:02d}" in texts[0] for i in range(18)) == 9
    assert _size(out) == A4


def test_card_weapon_profile_status_in_full_bw_and_blanks(tmp_path):
    long = "In recovery (critical injury: treat it or it dies at the end of the cycle)"
    doc = {"cards": [card("Vorn", status="in-recovery", status_label=long)],
           "blank": {"fields": [["WS", ""], ["BS", ""]],
                     "weapons": {"columns": ["Weapon", "Str", "AP"], "rows": [["", "", ""]], "note": ""}}}
    for size in ("classic", "poker", "large"):
        out = tmp_path / f"{size}.pdf"
        pages = reports.render_cards(doc, out, size=size, bw=True, blank=2)
        text = all_text(out)
        assert "Autogun" in text and "Str" in text and "AP" in text and "-1" in text
        assert long in text and "…" not in text
        assert text.count("Name:") == 2  # the write-in cards
        assert pages == (3 if size == "large" else 1)
    content = PdfReader(str(tmp_path / "classic.pdf")).pages[0].get_contents().get_data().decode("latin-1")
    assert "1 .866667 .6 rg" not in content  # no amber fill in black and white
    with pytest.raises(ValueError):
        reports.render_cards(doc, tmp_path / "x.pdf", size="tarot")


def test_campaign_report_draws_charts(out):
    doc = {"campaign": "Dust", "system": "Necromunda",
           "battles": [{"number": 1, "date": "2024-01-01", "scenario": "Ambush", "result": "A won"}],
           "standings": [{"roster": "A", "battles": 1, "wins": 1, "draws": 0, "losses": 0, "casualties": 2}],
           "histories": [{"roster": "A", "lines": ["Battle 1, Ambush, won"]}],
           "charts": [{"title": "Casualties per battle", "kind": "bar", "categories": ["#1"],
                       "series": [{"name": "A", "values": [2]}], "axis": "casualties"},
                      {"title": "Wins after each battle", "kind": "line", "categories": ["#1"],
                       "series": [{"name": "A", "values": [1]}], "axis": "wins"}]}
    assert reports.render_campaign(doc, out) == 1
    text = all_text(out)
    for s in ("Ambush", "Standings", "Casualties per battle", "Wins after each battle", "Battle 1, Ambush, won"):
        assert s in text
    content = PdfReader(str(out)).pages[0].get_contents().get_data().decode("latin-1")
    assert content.count(" re") >= 3  # the bars are drawn rectangles, not an empty page


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs poppler's pdftoppm")
def test_pages_render_to_png(tmp_path):
    out = tmp_path / "r.pdf"
    reports.render_cards({"cards": [card("A")] * 9}, out, size="poker")
    subprocess.run(["pdftoppm", "-png", "-r", "30", str(out), str(tmp_path / "p")], check=True)
    assert list(tmp_path.glob("p*.png"))


def _fonts_of(path):
    out = set()
    for p in PdfReader(str(path)).pages:
        for f in p["/Resources"]["/Font"].values():
            out.add(str(f.get_object()["/BaseFont"]))
    return out


def test_emoji_and_symbols_use_the_embedded_fallback_font(out):
    # 🎲 🐺 are not in DejaVu Sans: before the fallback they printed as empty boxes
    doc = make_roster([fighter("Dice 🎲 Wolf 🐺"), fighter("Plain")], roster="Wolves 🐺", notes="Notes 🎲")
    reports.render_roster(doc, out)
    fonts = _fonts_of(out)
    assert any(f.endswith("Symbola") for f in fonts)
    assert "Dice" in all_text(out) and "Wolf" in all_text(out)
    # a roster without such characters does not embed it
    plain = out.with_name("plain.pdf")
    reports.render_roster(make_roster([fighter("Plain")]), plain)
    assert not any(f.endswith("Symbola") for f in _fonts_of(plain))


def test_arabic_is_joined_and_right_to_left(out):
    from reports._base import markup, visual

    def printable(s: str) -> str:
        return visual(s)

    word = "\u0645\u062d\u0645\u062f"  # Muhammad, four letters in logical order
    shown = printable(word)
    # joined: presentation forms (initial, medial, medial, final), in drawing order
    assert all(0xFE70 <= ord(ch) <= 0xFEFC for ch in shown)
    assert shown == "\ufeaa\ufee4\ufea4\ufee3"  # final dal first: drawn right to left
    assert printable("Zoë Łukasz") == "Zoë Łukasz"  # left-to-right text untouched
    assert markup(word) == shown  # once, where it is drawn: a Paragraph gets it so
    # a plain cell, a paragraph (notes), the title and the footer all draw the same
    # glyphs in the same order (applied twice, some would come out reversed)
    doc = make_roster([fighter(word)], notes=f"Notes {word}", roster=word)
    reports.render_roster(doc, out)
    text = all_text(out)
    forms = [f for f in (shown, shown[::-1]) if f in text]
    assert len(forms) == 1, forms
    assert text.count(forms[0]) == 4
