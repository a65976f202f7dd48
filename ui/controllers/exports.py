"""Printing to PDF: a roster, its figures' cards, the game's quick reference, every
roster of the campaign (reportlab is imported on the worker thread, not at start)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from campaign_app.errors import AppError
from ui import widgets
from ui.i18n import translate

if TYPE_CHECKING:
    from ui.main_window import MainWindow
    from ui.worker import Task

NAMES = {"roster": "roster", "cards": "cards", "qrs": "quick-reference", "all": "rosters",
         "campaign": "campaign report"}


CHOICES: dict[str, dict[str, tuple[str, ...]]] = {
    "roster": {"page": ("a4", "letter"), "orientation": ("auto", "portrait", "landscape")},
    "all": {"page": ("a4", "letter"), "orientation": ("auto", "portrait", "landscape")},
    "cards": {"page": ("a4", "letter"), "size": ("classic", "poker", "large")},
    "qrs": {"page": ("a4", "letter")},
    "campaign": {"page": ("a4", "letter")},
}


def _draw(app: Any, kind: str, cid: int, rid: int | None, out: str, opts: dict[str, str],
          prog: Any = None) -> int:
    import reports
    from campaign_app.rules.localise import localise
    from campaign_app.usecases import exports
    from ui.i18n import current

    lang = current()  # the PDF in the window's language

    def local(doc: Any, what: str) -> Any:
        return doc if lang == "en" else localise(doc, what, lang)

    page = opts.get("page", "a4")
    if kind == "roster":
        return reports.render_roster(local(app.run(exports.roster_document, rid), "roster"), out, page, prog,
                                     orientation=opts.get("orientation", "auto"))
    if kind == "cards":
        return reports.render_cards(local(app.run(exports.cards_document, rid), "cards"), out, page, prog,
                                    size=opts.get("size", "classic"))
    if kind == "qrs":
        return reports.render_qrs(local(app.run(exports.qrs_document, cid), "qrs"), out, page, prog)
    if kind == "campaign":
        return reports.render_campaign(local(app.run(exports.campaign_document, cid), "campaign"), out, page, prog)
    return reports.render_rosters([local(d, "roster") for d in app.run(exports.roster_documents, cid)], out, page,
                                  prog, orientation=opts.get("orientation", "auto"))


def preview(win: MainWindow, kind: str, title: str) -> dict[str, str] | None:
    """Show the pages before saving; the options chosen, or None when cancelled."""
    from ui.preview import PrintPreview

    assert win.campaign is not None
    app, cid, rid = win.app, win.campaign["id"], win.roster_id
    page = str(win.settings.value("export/page", "a4"))
    choices = dict(CHOICES[kind])
    choices["page"] = (page, *(p for p in choices["page"] if p != page))
    dlg = PrintPreview(win, title, lambda out, opts: _draw(app, kind, cid, rid, out, opts), choices)
    try:
        return dlg.options() if dlg.exec() else None
    finally:
        dlg.cleanup()


def export_pdf(win: MainWindow, kind: str, path: str | None = None) -> Task | None:
    """Print to PDF off the GUI thread (with no path given: after a preview of the pages)."""
    if win.campaign is None:
        return None
    roster = next((r for r in win.campaign["rosters"] if r["id"] == win.roster_id), None)
    base = roster["name"] if roster and kind in ("roster", "cards") else win.campaign["name"]
    if kind in ("roster", "cards") and roster is None:
        return None
    opts: dict[str, str] = {"page": str(win.settings.value("export/page", "a4"))}
    if path is None:
        try:
            chosen = preview(win, kind, f"{base} {NAMES[kind]}")
        except (AppError, OSError) as e:
            widgets.show_error(win, translate("exports", "Print preview"), e)
            return None
        if chosen is None:
            return None
        opts = chosen
    path = path or win.ask_save_path(translate("exports", "Save PDF"), translate("exports", "{base} {value}.pdf").format(base=base, value=NAMES[kind]), translate("exports", "PDF files (*.pdf)"))
    if not path:
        return None
    from campaign_app.usecases.exports import writable_output

    try:
        path = win.app.run(writable_output, path)
    except AppError as e:  # no such folder, not writable...: say so before any work
        widgets.show_error(win, translate("exports", "Export PDF"), e)
        return None
    app, cid, rid = win.app, win.campaign["id"], win.roster_id
    out = path

    def work(ctx: Any) -> Any:
        from campaign_app.files import atomic_write

        def prog(done: int, total: int) -> bool:
            return ctx.progress(done, total, translate("exports", "Drawing {done} of {total}…").format(done=done, total=total))

        ctx.progress(0, 0, translate("exports", "Reading the campaign…"))
        with atomic_write(out) as part:  # the one writer: renamed over the file when whole
            pages = _draw(app, kind, cid, rid, str(part), opts, prog)
        return {"pages": pages, "path": out}

    return win._task(translate("exports", "Export PDF"), work,
                     lambda r: win.notify(translate("exports", "Saved {counted} to {path}").format(counted=widgets.counted(r['pages'], 'page'), path=r['path']), 10000),
                     on_cancel=lambda: win.notify(translate("exports", "Export cancelled: no file written"), 6000))
