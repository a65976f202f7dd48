"""The GUI's Print shows the pages before saving (issue #17 item 5)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from campaign_app.usecases import campaigns, fighters, rosters
from tests.ui.test_app import wait_task


def _renderer_available() -> bool:
    try:
        import PySide6.QtPdf  # noqa: F401
    except ImportError:
        return shutil.which("pdftoppm") is not None
    return True


needs_renderer = pytest.mark.skipif(not _renderer_available(), reason="needs QtPdf or poppler's pdftoppm")


@needs_renderer
def test_preview_draws_every_page_and_redraws_on_a_new_size(qtbot: Any, tmp_path: Path) -> None:
    import reports
    from ui.preview import PrintPreview

    cards = {"cards": [{"title": f"Card {i}", "fields": [["Rep", "4"]], "sections": []} for i in range(9)]}
    calls: list[dict[str, str]] = []

    def render(out: str, opts: dict[str, str]) -> int:
        calls.append(opts)
        return reports.render_cards(cards, out, opts["page"], size=opts["size"])

    dlg = PrintPreview(None, "cards", render, {"page": ("a4", "letter"), "size": ("classic", "poker", "large")})
    qtbot.addWidget(dlg)
    try:
        assert len(dlg.images) == 3  # nine classic cards: three pages
        assert dlg.images[0].width() < dlg.images[0].height()  # a portrait A4 page
        dlg.boxes["size"].setCurrentText("poker")
        assert len(dlg.images) == 1 and calls[-1] == {"page": "a4", "size": "poker"}
        assert "1 page" in dlg.info.text()
        # Print: every page to the printer (a PDF printer here)
        from pypdf import PdfReader
        from PySide6.QtPrintSupport import QPrinter

        dlg.boxes["size"].setCurrentText("classic")
        printer = QPrinter(QPrinter.PrinterMode.ScreenResolution)
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printed = tmp_path / "printed.pdf"
        printer.setOutputFileName(str(printed))
        assert dlg.print_to(printer) == 3
        assert len(PdfReader(str(printed)).pages) == 3
    finally:
        dlg.cleanup()


@needs_renderer
def test_print_opens_the_preview_and_saves_with_its_choices(qtbot: Any, win: Any, gui_engine: Any,
                                                             tmp_path: Path, monkeypatch: Any) -> None:
    from pypdf import PdfReader

    from ui.controllers import exports as ctl
    from ui.preview import PrintPreview

    c = campaigns.create_campaign(gui_engine, "Preview me", "nuts")
    r = rosters.create_roster(gui_engine, c.id, "Squad")
    fighters.add_fighter(gui_engine, r.id, "Joe", rep=4, weapons=["Rifle"])
    win.reload(prefer=("roster", r.id))
    seen: dict[str, Any] = {}

    def fake_exec(self: PrintPreview) -> int:
        seen["pages"] = len(self.images)
        self.boxes["orientation"].setCurrentText("landscape")
        return 1

    monkeypatch.setattr(PrintPreview, "exec", fake_exec)
    out = tmp_path / "squad.pdf"
    monkeypatch.setattr(win, "ask_save_path", lambda *a: str(out))
    task = ctl.export_pdf(win, "roster")
    wait_task(qtbot, task)
    assert seen["pages"] == 1
    box = PdfReader(str(out)).pages[0].mediabox
    assert float(box.width) > float(box.height)  # the orientation chosen in the preview



@needs_renderer
def test_campaign_report_prints_from_the_menu(qtbot: Any, win: Any, gui_engine: Any, tmp_path: Path,
                                               monkeypatch: Any) -> None:
    from ui.preview import PrintPreview

    c = campaigns.create_campaign(gui_engine, "Report me", "nuts")
    r = rosters.create_roster(gui_engine, c.id, "Squad")
    fighters.add_fighter(gui_engine, r.id, "Joe", rep=4)
    win.reload(prefer=("roster", r.id))
    assert win.actions["export_campaign"].isEnabled()
    monkeypatch.setattr(PrintPreview, "exec", lambda self: 1)
    out = tmp_path / "report.pdf"
    monkeypatch.setattr(win, "ask_save_path", lambda *a: str(out))
    from ui.controllers import exports as ctl

    wait_task(qtbot, ctl.export_pdf(win, "campaign"))
    assert out.read_bytes().startswith(b"%PDF")
