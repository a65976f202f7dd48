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


def _fighter_table(doc: dict, width: float = 500):
    from reportlab.platypus import Table

    from reports._base import Progress
    from reports._pdf import register_fonts
    from reports.roster import roster_story

    register_fonts()
    story = roster_story(doc, width, Progress(None, 1))
    return [f for f in story if isinstance(f, Table)][1]  # after the totals table


def test_short_cells_are_plain_strings_and_the_rest_paragraphs():
    from reportlab.platypus import Paragraph

    rows = [
        fighter(HOSTILE, gear="Lasgun"),
        fighter("Two  spaces", gear="Autogun\nStub gun"),
        fighter(" ".join(["Word"] * 40), gear="soft\u00adhyphen"),
        fighter("Zoë", gear=""),
    ]
    table = _fighter_table(make_roster(rows))
    header, hostile, spaced, wrapped, plain = table._cellvalues
    assert header == ["Name", "Type", "XP", "Status", "Equipment"]
    # drawn literally by the Table: no escaping needed, none done
    assert hostile == [HOSTILE, "Ganger", "3", "Active", "Lasgun"]
    assert plain == ["Zoë", "Ganger", "3", "Active", ""]
    # odd whitespace and several lines: the Paragraph decides, as before
    assert isinstance(spaced[0], Paragraph) and isinstance(spaced[4], Paragraph)
    # too wide for the column, or a character Paragraph treats specially
    assert isinstance(wrapped[0], Paragraph) and isinstance(wrapped[4], Paragraph)
    assert wrapped[1:4] == ["Ganger", "3", "Active"]


def test_plain_cells_keep_fonts_and_colours(out):
    rows = [fighter("Alive"), fighter("Gone", status="dead", label="Dead"), fighter("Lost", "lost", "Lost")]
    reports.render_roster(make_roster(rows), out)
    page = PdfReader(str(out)).pages[0]
    content = page.get_contents().get_data().decode("latin-1")
    assert ".101961 .101961 .101961 rg" in content  # ink
    assert ".290196 .290196 .290196 rg" in content  # greyed text of dead/lost rows
    assert "1 1 1 rg" in content  # white header text
    fonts = {str(f["/BaseFont"]) for f in page["/Resources"]["/Font"].values()}
    assert any("DejaVuSans-Bold" in f for f in fonts)  # bold names and header
    assert any(f.endswith("DejaVuSans") for f in fonts)
    assert not any("Helvetica" in f for f in fonts)
    assert "Alive Ganger 3 Active Lasgun" in all_text(out)


def test_greyed_and_shaded_rows_use_one_command_per_run():
    rows = [fighter(f"D{i}", "dead", "Dead") for i in range(5)] + [fighter("A")] + \
        [fighter(f"R{i}", "in-recovery", "In recovery") for i in range(3)]
    table = _fighter_table(make_roster(rows))
    backgrounds = [c for c in table._bkgrndcmds if c[1][1] > 0]
    assert sorted((c[1][1], c[2][1]) for c in backgrounds) == [(1, 5), (7, 9)]


def test_the_shared_cell_styles_refuse_a_change():
    """Every roster's cells share their cell styles: a command restyling one cell must
    fail, not restyle the cells of every roster printed after it."""
    from reportlab.lib import colors

    rows = [fighter("A"), fighter("Gone", status="dead", label="Dead")]
    table = _fighter_table(make_roster(rows))
    kinds = {id(s) for row in table._cellStyles for s in row}
    assert len(kinds) == 5  # header, first and other cells, those two greyed
    with pytest.raises(TypeError):
        table.setStyle([("TEXTCOLOR", (1, 1), (1, 1), colors.red)])
    again = _fighter_table(make_roster(rows))
    assert again._cellStyles[1][1].color != colors.red


def test_tall_row_splits_across_pages_with_every_line(out):
    tall = "\n".join(f"Item {i:03d}" for i in range(140))
    rows = [fighter(f"F{i}") for i in range(40)] + [fighter("Tall", gear=tall), fighter("After")]
    pages = reports.render_roster(make_roster(rows), out)
    assert pages >= 2
    text = all_text(out)
    for i in range(140):
        assert f"Item {i:03d}" in text
    assert "After" in text
