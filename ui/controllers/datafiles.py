"""Data files: the demo campaigns, importing a campaign or another tool's file (each
installed system's importers), exporting a campaign, backing up and restoring the
whole database. The work runs on a worker thread (:mod:`ui.worker`)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from campaign_app.changes import Changes, changes_of
from campaign_app.errors import AppError
from ui import widgets, worker
from ui.i18n import plural, translate
from ui.settings import safe_url

if TYPE_CHECKING:
    from ui.main_window import MainWindow
    from ui.worker import Task


def create_demo(win: MainWindow) -> Task | None:
    if win.app is None or not win.features["demo"]:
        return None
    app = win.app

    def work(ctx: Any) -> Any:
        from campaign_app.usecases.demo import create_demo

        return app.run(create_demo, progress=lambda d, t, text="": ctx.progress(d, t, text))

    def done(res: Any) -> None:
        made = list(res.created)
        win.notify(
            translate("datafiles", "Demo campaigns: {names}").format(names=', '.join(made)) if made else translate("datafiles", "The demo campaigns are already here"), 8000)
        cid = res.first_id
        win.apply_changes(changes_of(res), prefer=("campaign", cid) if cid else None)

    task = worker.run_task(win, translate("datafiles", "Creating demo campaigns"), work, on_done=done,
                           on_error=lambda e: widgets.show_error(win, translate("datafiles", "Demo campaigns"), e),
                           on_cancel=lambda: win.reload())
    win.tasks.append(task)
    return task


def import_json(win: MainWindow, path: str | None = None) -> Task | None:
    path = path or win.ask_open_path(translate("datafiles", "Import a campaign"), translate("datafiles", "Campaign files (*.json);;All files (*)"))
    if not path or win.app is None:
        return None
    app = win.app

    def work(ctx: Any) -> Any:
        from campaign_app.usecases.datafiles import import_json

        ctx.progress(0, 0, translate("datafiles", "Checking {name}…").format(name=Path(path).name))
        return app.run(import_json, path)

    return win._task(translate("datafiles", "Importing campaign"), work,
                     lambda c: win._saved(translate("datafiles", "Imported campaign {name}").format(name=c.name), prefer=("campaign", c.id),
                                          changes=changes_of(c)))


def import_external(win: MainWindow, key: str, path: str | None = None) -> Task | None:
    """Import a file made by another tool with the importer ``key`` (of the first
    installed system offering one) into the open campaign when that campaign's system
    offers the importer, else into a new campaign."""
    from campaign_app.systems.importers import find_importer

    found = find_importer(key)
    if found is None:
        widgets.show_message(win, translate("datafiles", "Import"), translate("datafiles", "No installed game system imports {key!r} files.").format(key=key))
        return None
    gs, imp = found
    path = path or win.ask_open_path(translate("datafiles", "Import a {label}").format(label=imp.label), imp.file_filter)
    if not path or win.app is None:
        return None
    app = win.app
    # which campaign: one of this system's (the open one first), or a new one
    fits = [c for c in win.tree_data if c["system"] == gs.id]
    camp: int | None = None
    if fits:
        labels = [c["name"] for c in fits] + [translate("datafiles", "A new campaign (named as in the file)")]
        current = next((i for i, c in enumerate(fits) if win.campaign and c["id"] == win.campaign["id"]), 0)
        chosen = win.ask_choice(translate("datafiles", "Import a {label}").format(label=imp.label), translate("datafiles", "Add {name} to the campaign:").format(name=Path(path).name),
                                labels, current)
        if chosen is None:
            return None
        camp = fits[chosen]["id"] if chosen < len(fits) else None

    def work(ctx: Any) -> Any:
        from campaign_app.usecases.datafiles import import_external

        ctx.progress(0, 0, translate("datafiles", "Reading {name}…").format(name=Path(path).name))
        return app.run(import_external, imp.key, path, camp)

    def done(rep: Any) -> None:
        from PySide6.QtWidgets import QMessageBox

        roster = rep.roster
        name = roster.get("name") or translate("datafiles", "the {label}").format(label=imp.label)
        win._saved(translate("datafiles", "Imported {name}").format(name=name),
                   prefer=("roster", roster["id"]) if roster.get("id") else None, changes=changes_of(rep))
        lines = rep.report_lines()  # the same report as the CLI's
        if len(lines) > 42:
            lines = [*lines[:41], translate("datafiles", "  … and {value} more (campaign-app import {key} prints all)").format(value=len(lines) - 41, key=imp.key)]
        widgets.show_message(win, translate("datafiles", "Imported, with gaps") if rep.report else translate("datafiles", "Imported"), "\n".join(lines),
                             icon=QMessageBox.Icon.Warning if rep.report else QMessageBox.Icon.Information)

    return win._task(translate("datafiles", "Importing {label}").format(label=imp.label), work, done)


def export_json(win: MainWindow, path: str | None = None) -> Task | None:
    if win.campaign is None:
        return None
    path = path or win.ask_save_path(translate("datafiles", "Export the campaign"), f"{win.campaign['name']}.json",
                                     translate("datafiles", "Campaign files (*.json)"))
    if not path:
        return None
    app, cid, out = win.app, win.campaign["id"], path

    def work(ctx: Any) -> Any:
        from campaign_app.usecases.datafiles import export_json_file

        ctx.progress(0, 0, translate("datafiles", "Writing the campaign…"))
        return app.run(export_json_file, cid, out)

    return win._task(translate("datafiles", "Exporting campaign"), work, lambda _r: win.notify(translate("datafiles", "Saved {out}").format(out=out), 8000))


def backup_database(win: MainWindow, path: str | None = None) -> Task | None:
    """Write a backup of the whole database where the user says (off the GUI thread)."""
    if win.app is None:
        return None
    app = win.app
    local = app.sqlite_file is not None
    stem = Path(str(app.sqlite_file or "campaign")).stem if local else "campaigns"
    ext = "sqlite" if local else "json"
    path = path or win.ask_save_path(
        translate("datafiles", "Back up the database"), f"{stem}-backup-{time.strftime('%Y%m%d-%H%M')}.{ext}",
        translate("datafiles", "SQLite backups (*.sqlite);;All files (*)") if local else translate("datafiles", "JSON backups (*.json);;All files (*)"))
    if not path:
        return None
    out = path

    def work(ctx: Any) -> Any:
        from campaign_app.usecases.database import backup

        ctx.progress(0, 0, translate("datafiles", "Writing {name}…").format(name=Path(out).name))
        d = app.run(backup, out)
        if ctx.cancelled:  # too late to stop it: take the new file away again
            Path(d.file).unlink(missing_ok=True)
            ctx.check()
        return d

    return win._task(translate("datafiles", "Back up"), work,
                     lambda d: win.notify(
                         translate("datafiles", "Backup written to {file} ({bytes:,} bytes)").format(file=d.file, bytes=d.bytes), 10000),
                     on_cancel=lambda: win.notify(translate("datafiles", "Backup cancelled: no file kept"), 6000))


def restore_database(win: MainWindow, path: str | None = None) -> Any:
    """Ask, then replace the whole database with a backup; the window reopens it."""
    if win.app is None:
        return None
    path = path or win.ask_open_path(translate("datafiles", "Restore from a backup"), translate("datafiles", "Backups (*.sqlite *.json);;All files (*)"))
    if not path:
        return None
    names = [c["name"] for c in win.tree_data]
    shown = ", ".join(names[:8]) + (translate("datafiles", " and {value} more").format(value=len(names) - 8) if len(names) > 8 else "")
    now = (plural(len(names), translate("datafiles", "{n} campaign: {shown}"),
                  translate("datafiles", "{n} campaigns: {shown}"), shown=shown) if names
           else translate("datafiles", "no campaigns"))
    where = str(win.app.sqlite_file) if win.app.sqlite_file is not None else safe_url(win.url or win.app.url)
    text = (translate("datafiles", "Replace everything in the database\n{breakable}\n({now})\n\nwith the backup\n{breakable2}\n\nThe backup is checked first. The current database is saved to its backups folder before it is replaced; Undo cannot take a restore back.").format(breakable=widgets.breakable(where), now=now, breakable2=widgets.breakable(path)))
    chosen = path
    box = widgets.ask_confirm(win, translate("datafiles", "Restore from backup"), text, translate("datafiles", "&Replace with backup"),
                              lambda: restore(win, chosen))
    win.active_dialog = box
    return box


def restore(win: MainWindow, path: str) -> Task | None:
    if win.app is None:
        return None
    app = win.app
    here = (("roster", win.roster_id) if win.roster_id is not None else
            ("campaign", win.campaign["id"]) if win.campaign else None)

    def work(ctx: Any) -> Any:
        from campaign_app.usecases.database import restore

        ctx.progress(0, 0, translate("datafiles", "Checking {name}, then restoring…").format(name=Path(path).name))
        rep = app.run(restore, path)
        ctx.progress(0, 0, translate("datafiles", "Opening the restored database…"))
        try:
            return rep, app.reopened(), None
        except AppError as e:
            return rep, None, e

    def done(res: Any) -> None:
        from PySide6.QtWidgets import QMessageBox

        rep, new, problem = res
        prev = rep.previous_saved_to
        text = (translate("datafiles", "Restored {counted} from {restored_from}.").format(counted=widgets.counted(rep.campaigns, 'campaign'), restored_from=rep.restored_from)
                + (translate("datafiles", "\n\nThe previous database was saved to {prev}").format(prev=prev) if prev else ""))
        if new is None:
            widgets.show_error(win, translate("datafiles", "Restored, but not reopened"), translate("datafiles", "{text}\n\nReopening it failed: {problem}").format(text=text, problem=problem))
            win.apply_changes(Changes.all())
            return
        win.set_app(new, win.url, prefer=here)  # stay where the user was, if it is there
        widgets.show_message(win, translate("datafiles", "Restored"), text, icon=QMessageBox.Icon.Information)

    def failed(e: BaseException) -> None:
        widgets.show_error(win, translate("datafiles", "Cannot restore"), e)
        win.reload()

    task = worker.run_task(win, translate("datafiles", "Restore from backup"), work, on_done=done, on_error=failed,
                           cancellable=False, show_after_ms=0)
    win.tasks.append(task)
    task.ended.connect(lambda: win.tasks.remove(task) if task in win.tasks else None)
    return task
