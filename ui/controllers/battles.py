"""Battles: recording one, and After the Battle (the wizard)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, QTimer

from campaign_app.changes import changes_of
from campaign_app.errors import AppError
from ui import widgets
from ui.i18n import translate
from ui.lazy import q
from ui.main_window import TAB_BATTLES

if TYPE_CHECKING:
    from ui.main_window import MainWindow


def record_battle(win: MainWindow) -> Any:
    from ui.dialogs.battle import BattleDialog

    if win.campaign is None:
        return None
    chosen = [win.roster_id] if win.roster_id is not None else None
    dlg = BattleDialog(win, win.app, win.campaign["id"], chosen)

    def saved(bid: int) -> None:
        win._saved(translate("battles", "Battle recorded (Ctrl+Z to undo)"), changes=dlg.changes)
        win.tabs.setCurrentIndex(TAB_BATTLES)
        if dlg.after.isChecked():
            QTimer.singleShot(0, lambda: win.open_wizard(bid))

    dlg.saved.connect(saved)
    return win._show_dialog(dlg)


def after_battle(win: MainWindow) -> Any:
    if win.campaign is None:
        return None
    sel = win.battles_view.selected() if win.tabs.currentIndex() == TAB_BATTLES else None
    pending = [b for b in win.app.run(q.battles, win.campaign["id"], newest=0) if not b["after_battle_done"]]
    if sel is not None and not sel["after_battle_done"]:
        return win.open_wizard(sel["id"])
    if not pending:
        win.notify(translate("battles", "No battle is waiting for After the Battle"), 5000)
        return None
    return win.open_wizard(pending[0]["id"])


def open_wizard(win: MainWindow, battle_id: int) -> Any:
    from ui.wizard import AfterBattleWizard

    if win.campaign is None:
        return None
    try:
        options = win.game_system.after_battle_options if win.game_system else ()
        dlg = AfterBattleWizard(win, win.app, battle_id, options)
    except AppError as e:
        widgets.show_error(win, translate("battles", "After the Battle"), e)
        return None
    # over a league only the arbitrator undoes an After the Battle (it changes every side)
    done = (translate("battles", "After the Battle {battle} applied on the league server: {len} steps (only the "
                      "arbitrator can undo it)") if getattr(win.app, "backend", "") == "league"
            else translate("battles", "After the Battle {battle} applied: {len} steps (Ctrl+Z to undo)"))
    dlg.applied.connect(lambda rep: win._saved(done.format(battle=rep.battle, len=len(rep.steps)),
                                               changes=changes_of(rep)))
    return win._show_dialog(dlg)


# --- table: battle setup and the battle page (table helper)
def setup_battle(win: MainWindow) -> Any:
    """The setup dialog; once the battle is set up, its battle page opens."""
    from ui.dialogs.battle_setup import BattleSetupDialog

    if win.campaign is None:
        return None
    chosen = [win.roster_id] if win.roster_id is not None else None
    try:
        dlg = BattleSetupDialog(win, win.app, win.campaign["id"], chosen)
    except AppError as e:
        widgets.show_error(win, translate("battles", "Set Up Battle"), e)
        return None

    def saved(bid: int) -> None:
        win._saved(translate("battles", "Battle set up (Ctrl+Z to undo)"), changes=dlg.changes)
        win.tabs.setCurrentIndex(TAB_BATTLES)
        QTimer.singleShot(0, lambda: open_battle_page(win, bid))

    dlg.saved.connect(saved)
    return win._show_dialog(dlg)


def battle_page(win: MainWindow) -> Any:
    """The battle page of the battle being played (the selected one, else the oldest
    battle set up or in progress)."""
    from campaign_app.usecases.table import open_battles

    if win.campaign is None:
        return None
    live = win.app.run(open_battles, win.campaign["id"])
    sel = win.battles_view.selected() if win.tabs.currentIndex() == TAB_BATTLES else None
    chosen = next((b for b in live if sel is not None and b["id"] == sel["id"]), live[0] if live else None)
    if chosen is None:
        win.statusBar().showMessage(translate("battles", "No battle is being set up or played: Set Up Battle first"), 5000)
        return None
    return open_battle_page(win, chosen["id"])


def invite_to_table(win: MainWindow, battle_id: int | None = None) -> Any:
    """Battle > Invite to the Table: the QR code a phone scans to join the battle being
    played (the battle page's, else as Battle at the Table picks it)."""
    from campaign_app.usecases.table import open_battles
    from ui.table_invite import InviteDialog, server_of

    if battle_id is None:
        page = getattr(win, "battle_page", None)
        try:
            battle_id = page.battle_id if page is not None and page.isVisible() else None
        except RuntimeError:  # the page was closed (deleted)
            battle_id = None
    if battle_id is None and win.campaign is not None:
        live = [b for b in win.app.run(open_battles, win.campaign["id"])]
        battle_id = live[0]["id"] if live else None
    if battle_id is None:
        win.statusBar().showMessage(translate("battles", "No battle is being set up or played: Set Up Battle first"), 5000)
        return None
    try:
        dlg = InviteDialog(win, win.app, battle_id, server_of(win))
    except AppError as e:
        widgets.show_error(win, translate("battles", "Invite to the Table"), e)
        return None
    dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dlg.show()
    return dlg


def open_battle_page(win: MainWindow, battle_id: int) -> Any:
    from ui.battle_page import BattlePage

    try:
        page = BattlePage(win, win.app, battle_id, on_changes=win.apply_changes)
    except AppError as e:
        widgets.show_error(win, translate("battles", "Battle at the table"), e)
        return None
    page.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    win.battle_page = page
    page.show()
    return page
