"""Battles: recording one, and After the Battle (the wizard)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QTimer

from campaign_app.changes import changes_of
from campaign_app.errors import AppError
from ui import widgets
from ui.lazy import q
from ui.main_window import TAB_BATTLES

if TYPE_CHECKING:
    from ui.main_window import MainWindow


def record_battle(win: MainWindow) -> Any:
    from ui.dialogs.battle import BattleDialog

    if win.campaign is None:
        return None
    chosen = [win.roster_id] if win.roster_id is not None else None
    dlg = BattleDialog(win, win.engine, win.campaign["id"], chosen)

    def saved(bid: int) -> None:
        win._saved("Battle recorded (Ctrl+Z to undo)", changes=dlg.changes)
        win.tabs.setCurrentIndex(TAB_BATTLES)
        if dlg.after.isChecked():
            QTimer.singleShot(0, lambda: win.open_wizard(bid))

    dlg.saved.connect(saved)
    return win._show_dialog(dlg)


def after_battle(win: MainWindow) -> Any:
    if win.campaign is None:
        return None
    sel = win.battles_view.selected() if win.tabs.currentIndex() == TAB_BATTLES else None
    pending = [b for b in q.battles(win.engine, win.campaign["id"]) if not b["after_battle_done"]]
    if sel is not None and not sel["after_battle_done"]:
        return win.open_wizard(sel["id"])
    if not pending:
        win.notify("No battle is waiting for After the Battle", 5000)
        return None
    return win.open_wizard(pending[0]["id"])


def open_wizard(win: MainWindow, battle_id: int) -> Any:
    from ui.wizard import AfterBattleWizard

    if win.campaign is None:
        return None
    try:
        options = win.game_system.after_battle_options if win.game_system else ()
        dlg = AfterBattleWizard(win, win.engine, battle_id, options)
    except AppError as e:
        widgets.show_error(win, "After the Battle", e)
        return None
    dlg.applied.connect(lambda rep: win._saved(
        f"After the Battle {rep.battle} applied: {len(rep.steps)} steps (Ctrl+Z to undo)",
        changes=changes_of(rep)))
    return win._show_dialog(dlg)
