"""Printing to PDF: a roster, its figures' cards, the game's quick reference, every
roster of the campaign (reportlab is imported on the worker thread, not at start)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from campaign_app.errors import AppError
from ui import widgets

if TYPE_CHECKING:
    from ui.main_window import MainWindow
    from ui.worker import Task

NAMES = {"roster": "roster", "cards": "cards", "qrs": "quick-reference", "all": "rosters"}


def export_pdf(win: MainWindow, kind: str, path: str | None = None) -> Task | None:
    """Print to PDF off the GUI thread."""
    if win.campaign is None:
        return None
    roster = next((r for r in win.campaign["rosters"] if r["id"] == win.roster_id), None)
    base = roster["name"] if roster and kind in ("roster", "cards") else win.campaign["name"]
    if kind in ("roster", "cards") and roster is None:
        return None
    path = path or win.ask_save_path("Save PDF", f"{base} {NAMES[kind]}.pdf", "PDF files (*.pdf)")
    if not path:
        return None
    from campaign_app.usecases.exports import check_output_path

    try:
        path = check_output_path(path, win.engine)
    except AppError as e:  # no such folder, not writable...: say so before any work
        widgets.show_error(win, "Export PDF", e)
        return None
    engine, cid, rid = win.engine, win.campaign["id"], win.roster_id
    page = str(win.settings.value("export/page", "a4"))
    out = path

    def work(ctx: Any) -> Any:
        import reports
        from campaign_app.files import atomic_write
        from campaign_app.usecases import exports

        def prog(done: int, total: int) -> bool:
            return ctx.progress(done, total, f"Drawing {done} of {total}…")

        ctx.progress(0, 0, "Reading the campaign…")
        with atomic_write(out) as part:  # the one writer: renamed over the file when whole
            tmp = str(part)
            if kind == "roster":
                pages = reports.render_roster(exports.roster_document(engine, rid), tmp, page, prog)
            elif kind == "cards":
                pages = reports.render_cards(exports.cards_document(engine, rid), tmp, page, prog)
            elif kind == "qrs":
                pages = reports.render_qrs(exports.qrs_document(engine, cid), tmp, page, prog)
            else:
                docs = exports.roster_documents(engine, cid)
                ctx.check()
                pages = reports.render_rosters(docs, tmp, page, prog)
        return {"pages": pages, "path": out}

    return win._task("Export PDF", work,
                     lambda r: win.notify(f"Saved {widgets.counted(r['pages'], 'page')} to {r['path']}", 10000),
                     on_cancel=lambda: win.notify("Export cancelled: no file written", 6000))
