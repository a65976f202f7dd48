from __future__ import annotations

import re

import pytest
from pypdf import PdfReader

import reports

from .helpers import all_text, fighter, make_roster, page_texts

HOSTILE = "O<b>Brien & AT&T"


def test_hostile_and_non_latin_names_print_exactly(out):
    names = [HOSTILE, "Łukasz", "Zoë", "Дмитрий"]
    doc = make_roster(
        [fighter(n) for n in names],
        campaign="Ash & <i>Dust",
        subtitle="Zoë's </b> gang",
    )
    pages = reports.render_roster(doc, out)
    assert pages == 1
    text = all_text(out)
    for name in names:
        assert name in text
    assert "Ash & <i>Dust" in text
    assert "Zoë's </b> gang" in text


@pytest.mark.parametrize(
    "evil",
    [
        "<para>",
        "</b></i></font>",
        "<font name='Helvetica' size=90>x</font>",
        "<img src='/etc/passwd'/>",
        "&amp; &#0; &bogus; &",
        "<![CDATA[ x ]]>",
        "a\x00b\x07c\ud800d",
        "<br/><br>",
    ],
)
def test_markup_in_every_field_never_raises(out, evil):
    doc = make_roster(
        [fighter(evil, gear=evil, status="dead", label=evil)],
        title=evil,
        campaign=evil,
        system=evil,
        roster=evil,
        subtitle=evil,
        totals=[[evil, evil]],
        columns=[{"key": "name", "label": evil}, {"key": "gear", "label": "Gear"}],
        notes=evil,
    )
    assert reports.render_roster(doc, out) == 1
    printable = re.sub("[\x00-\x1f\ud800-\udfff]", "", evil)
    if "<br" not in evil:
        assert printable.split()[0] in all_text(out)


def test_header_totals_and_notes_printed(out):
    doc = make_roster([fighter("Vex")], notes="Owes the Guilders 40 credits.")
    reports.render_roster(doc, out)
    text = all_text(out)
    for expected in ("Dust Campaign", "Necromunda", "Rusty Cogs", "Orlock - played by Sam"):
        assert expected in text
    for label, value in (("Battles", "12"), ("Gang rating", "1715"), ("Credits", "30")):
        assert label in text and value in text
    assert "Owes the Guilders 40 credits." in text


def test_long_roster_has_page_x_of_y_and_repeated_header(out):
    rows = [fighter(f"Fighter {i:03d}") for i in range(120)]
    pages = reports.render_roster(make_roster(rows), out)
    assert pages >= 2
    texts = page_texts(out)
    assert len(texts) == pages
    for number, text in enumerate(texts, start=1):
        assert f"Page {number} of {pages}" in text
        assert "Dust Campaign — Rusty Cogs" in text
    # the column header row is repeated at the top of page 2
    for label in ("Name", "Type", "XP", "Status", "Equipment"):
        assert label in texts[1]
    assert texts[1].index("Equipment") < texts[1].index("Fighter")


def test_300_rows_render_and_every_name_is_present(out):
    rows = [fighter(f"Fighter {i:03d}", gear="Autogun, " * (i % 5 + 1)) for i in range(300)]
    pages = reports.render_roster(make_roster(rows), out)
    assert pages > 3
    text = all_text(out)
    for i in range(300):
        assert f"Fighter {i:03d}" in text
    assert f"Page {pages} of {pages}" in text


def test_empty_roster_prints_header_and_placeholder(out):
    pages = reports.render_roster(make_roster([]), out)
    assert pages == 1
    text = all_text(out)
    assert "No fighters yet." in text
    assert "Rusty Cogs" in text
    assert "Page 1 of 1" in text


def test_minimal_and_junk_documents_do_not_crash(out):
    assert reports.render_roster({}, out) == 1
    assert "No fighters yet." in all_text(out)
    junk = {
        "roster": None,
        "totals": [["only label"], [], None],
        "columns": [{"key": "name", "label": "Name", "width": "wide"}, {"key": "n"}],
        "rows": [{"name": None, "n": 7, "_status": None}, {"name": 12}],
    }
    assert reports.render_roster(junk, out) == 1
    assert "7" in all_text(out)


def test_500_character_name_renders(out):
    name = "Long" + "x" * 496
    assert len(name) == 500
    spaced = " ".join(["Word"] * 100)  # 499 characters that wrap on spaces
    pages = reports.render_roster(make_roster([fighter(name), fighter(spaced)]), out)
    assert pages == 1
    squashed = "".join(all_text(out).split())
    assert name in squashed


def test_huge_cell_is_cut_not_fatal(out):
    pages = reports.render_roster(make_roster([fighter("Big", gear="Z" * 100_000)]), out)
    assert pages >= 1
    assert "…" in all_text(out)


def test_status_label_printed_when_no_status_column(out):
    doc = make_roster(
        [
            fighter("Alive"),
            fighter("Hurt", status="in-recovery", label="In recovery"),
            fighter("Taken", status="captured", label="Captured"),
            fighter("Gone", status="dead", label="Dead"),
        ],
        columns=[{"key": "name", "label": "Name"}, {"key": "xp", "label": "XP"}],
    )
    reports.render_roster(doc, out)
    text = all_text(out)
    assert "Status" in text
    for label in ("In recovery", "Captured", "Dead"):
        assert label in text


def test_status_column_falls_back_to_status_label(out):
    row = fighter("Hurt", status="in-recovery", label="In recovery")
    row["status"] = ""
    reports.render_roster(make_roster([row]), out)
    assert "In recovery" in all_text(out)


def test_status_rows_are_shaded(out):
    rows = [
        fighter("A", "in-recovery", "In recovery"),
        fighter("B", "captured", "Captured"),
        fighter("C", "dead", "Dead"),
    ]
    reports.render_roster(make_roster(rows), out)
    content = PdfReader(str(out)).pages[0].get_contents().get_data().decode("latin-1")
    # amber, blue-ish and grey fills (see reports._pdf.STATUS_COLOURS)
    assert "1 .866667 .6 rg" in content
    assert ".788235 .866667 .94902 rg" in content
    assert ".811765 .811765 .811765 rg" in content


def test_letter_and_a4_page_sizes(tmp_path):
    a4, letter = tmp_path / "a4.pdf", tmp_path / "letter.pdf"
    reports.render_roster(make_roster([fighter("Vex")]), a4)
    reports.render_roster(make_roster([fighter("Vex")]), letter, page="letter")
    box = PdfReader(str(a4)).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)
    box = PdfReader(str(letter)).pages[0].mediabox
    assert (float(box.width), float(box.height)) == (612, 792)


def test_render_rosters_starts_each_roster_on_a_new_page(out):
    docs = [
        make_roster([fighter(f"Alpha {i:03d}") for i in range(90)], roster="Alphas"),
        make_roster([], roster="Empties"),
        make_roster([fighter("Gamma")], roster="Gammas"),
    ]
    total = reports.render_rosters(docs, out)
    texts = page_texts(out)
    assert total == len(texts) >= 4
    alpha_pages = [t for t in texts if "Dust Campaign — Alphas" in t]
    n = len(alpha_pages)
    assert n >= 2
    assert f"Page 1 of {n}" in alpha_pages[0]
    assert "No fighters yet." in texts[n] and "Empties" in texts[n]
    assert "Page 1 of 1" in texts[n]
    assert "Gamma" in texts[n + 1] and "Page 1 of 1" in texts[n + 1]


def test_render_rosters_with_no_rosters(out):
    assert reports.render_rosters([], out) == 1
