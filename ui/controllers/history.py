"""Undo and Redo of the open campaign's last action: they show what the undone
journal touched (the result's change set), nothing more."""

from __future__ import annotations

from typing import TYPE_CHECKING

from campaign_app.changes import changes_of
from campaign_app.errors import AppError, ConflictError
from ui import widgets
from ui.i18n import translate
from ui.lazy import journal, q

if TYPE_CHECKING:
    from ui.main_window import MainWindow


def undo(win: MainWindow) -> None:
    _step(win, redo=False)


def redo(win: MainWindow) -> None:
    _step(win, redo=True)


def _step(win: MainWindow, *, redo: bool) -> None:
    if win.campaign is None:
        return
    try:
        d = win.app.run(journal.redo if redo else journal.undo, win.campaign["id"])
    except ConflictError as e:
        widgets.show_error(win, translate("history", "Cannot redo") if redo else translate("history", "Cannot undo"), e)
        win.reload()
        return
    except AppError as e:  # "nothing to redo": another process changed the history
        win.notify(str(e), 5000)
        win.refresh_undo()
        return
    done = translate("history", "Redone") if redo else translate("history", "Undone")
    win._saved(f"{done}: {q.action_label(d.action, d.summary)}",
               changes=changes_of(d))
