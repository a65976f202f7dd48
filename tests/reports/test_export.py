"""Cross-cutting behaviour: page sizes, cancellation, fonts, import hygiene."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

import reports

from .helpers import fighter, make_roster

ROOT = Path(__file__).resolve().parents[2]

RENDERERS = [
    (reports.render_roster, make_roster([fighter(f"F{i}") for i in range(40)])),
    (reports.render_rosters, [make_roster([fighter(f"F{i}") for i in range(40)])]),
    (reports.render_cards, {"cards": [{"title": f"C{i}"} for i in range(10)]}),
    (reports.render_qrs, {"cards": [{"title": f"Q{i}", "lines": ["x"]} for i in range(10)]}),
]


@pytest.mark.parametrize("render, doc", RENDERERS)
@pytest.mark.parametrize("page", ["a5", "A3", "", None, 4])
def test_invalid_page_size_raises(tmp_path, render, doc, page):
    target = tmp_path / "x.pdf"
    with pytest.raises(ValueError, match="page size must be a4 or letter"):
        render(doc, target, page=page)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("render, doc", RENDERERS)
def test_progress_reports_and_reaches_total(tmp_path, render, doc):
    calls = []

    def progress(done, total):
        calls.append((done, total))
        return True

    render(doc, tmp_path / "x.pdf", progress=progress)
    assert calls
    totals = {t for _d, t in calls}
    assert len(totals) == 1
    dones = [d for d, _t in calls]
    assert dones == sorted(dones)
    assert dones[-1] == calls[-1][1]


@pytest.mark.parametrize("render, doc", RENDERERS)
@pytest.mark.parametrize("stop_after", [1, 4, "last"])
def test_cancel_raises_and_leaves_no_file(tmp_path, render, doc, stop_after):
    target = tmp_path / "x.pdf"
    seen = []

    def progress(done, total):
        seen.append(done)
        if stop_after == "last":
            return done < total
        return len(seen) < stop_after

    with pytest.raises(reports.ExportCancelled):
        render(doc, target, progress=progress)
    assert list(tmp_path.iterdir()) == []


def test_cancel_keeps_previous_file_untouched(out):
    out.write_bytes(b"old pdf")
    with pytest.raises(reports.ExportCancelled):
        reports.render_roster(make_roster([fighter("A")]), out, progress=lambda d, t: False)
    assert out.read_bytes() == b"old pdf"
    assert [p.name for p in out.parent.iterdir()] == [out.name]


def test_progress_returning_none_does_not_cancel(out):
    assert reports.render_roster(make_roster([fighter("A")]), out, progress=lambda d, t: None)
    assert out.exists()


def test_accepts_str_path(tmp_path):
    target = str(tmp_path / "roster.pdf")
    assert reports.render_roster(make_roster([]), target) == 1
    assert Path(target).read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize("render, doc", RENDERERS)
def test_dejavu_embedded_and_no_helvetica(out, render, doc):
    render(doc, out)
    fonts = set()
    for page in PdfReader(str(out)).pages:
        for ref in page["/Resources"]["/Font"].values():
            font = ref.get_object()
            fonts.add(str(font["/BaseFont"]))
            if "DejaVu" in str(font["/BaseFont"]):
                descendant = (
                    font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
                )
                descriptor = descendant["/FontDescriptor"].get_object()
                assert "/FontFile2" in descriptor  # the TrueType program is embedded
    assert any("DejaVuSans" in f for f in fonts)
    assert not any("Helvetica" in f or "Times" in f or "Courier" in f for f in fonts)


def test_fonts_and_licence_ship_with_package():
    fonts = Path(reports.__file__).parent / "fonts"
    assert (fonts / "DejaVuSans.ttf").stat().st_size > 100_000
    assert (fonts / "DejaVuSans-Bold.ttf").stat().st_size > 100_000
    assert "Bitstream" in (fonts / "LICENSE-DejaVu.txt").read_text(encoding="utf-8")


def _run(code: str) -> str:
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return result.stdout.strip()


def test_import_is_cheap_and_isolated(tmp_path):
    heavy = _run(
        "import sys, reports; print(sorted(m for m in sys.modules if m.startswith('reportlab'))[:1])"
    )
    assert heavy == "[]"
    forbidden = ("campaign_app", "db", "ui", "PySide6", "sqlalchemy", "sqlmodel")
    code = (
        "import sys, reports\n"
        f"reports.render_roster({{'rows': [{{'name': 'x'}}]}}, {str(tmp_path / 'a.pdf')!r})\n"
        f"reports.render_cards({{'cards': [{{'title': 'x'}}]}}, {str(tmp_path / 'b.pdf')!r})\n"
        f"reports.render_qrs({{'cards': [{{'title': 'x'}}]}}, {str(tmp_path / 'c.pdf')!r})\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {forbidden!r}))\n"
    )
    assert _run(code) == "[]"


def test_symbol_font_and_licence_ship_with_package():
    fonts = Path(reports.__file__).parent / "fonts"
    assert (fonts / "Symbola.ttf").stat().st_size > 100_000
    assert "Douros" in (fonts / "LICENSE-Symbola.txt").read_text(encoding="utf-8")
