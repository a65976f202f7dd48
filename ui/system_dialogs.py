"""The dialogs of game-system commands, by the dialog key a command's GUI action names
(:attr:`campaign_app.systems.commands.GuiAction.dialog`). Each opener takes the main
window and the command and returns the open dialog (None when there is nothing to do).

The window never asks which system a campaign plays: it shows the commands the
campaign's system has, and a command that names a dialog opens it through here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ui.i18n import translate
from ui.lazy import lazy_module, q

widgets = lazy_module("ui.widgets")

Opener = Callable[[Any, Any], Any]

# The module of a game system's package (relative to it) holding the use-cases each
# dialog calls: a system whose command names one of these dialogs provides that module
# with the functions the dialog's docstring names.
APIS: dict[str, str] = {
    "creatures": ".creatures",
    "walker_types": ".creatures",
    "add_walker": ".creatures",
    "end_cycle": ".actions",
    "injury_roll": ".actions",
    "treat_injury": ".actions",
    "recruit": ".recruiting",
}


def _api(win: Any, cmd: Any) -> Any:
    """The open campaign's system module the dialog of ``cmd`` calls."""
    return win.game_system.load(APIS[cmd.gui.dialog])


def _roster(win: Any) -> dict[str, Any] | None:
    if win.roster_id is None or win.campaign is None:
        return None
    return next((r for r in win.campaign["rosters"] if r["id"] == win.roster_id), None)


def creatures(win: Any, cmd: Any) -> Any:
    from ui.dialogs.creatures import CreatureDialog

    roster = _roster(win)
    if roster is None:
        return None
    dlg = CreatureDialog(win, win.app, roster, win.campaign["id"], _api(win, cmd))
    dlg.saved.connect(lambda ids: win._saved(translate("system_dialogs", "{counted} added (Ctrl+Z to undo)").format(counted=widgets.counted(len(ids), 'creature')),
                                             select=("fighter", ids[0]) if ids else None,
                                             changes=dlg.changes))
    return win._show_dialog(dlg)


def walker_types(win: Any, cmd: Any) -> Any:
    from ui.dialogs.walkers import WalkerTypesDialog

    if win.campaign is None:
        return None
    dlg = WalkerTypesDialog(win, win.app, win.campaign, _api(win, cmd))
    dlg.changed.connect(lambda _id: (win.notify(translate("system_dialogs", "Walker type added (Ctrl+Z to undo)"), 6000),
                                     win.apply_changes(dlg.last_changes)))
    return win._show_dialog(dlg)


def add_walker(win: Any, cmd: Any) -> Any:
    from ui.dialogs.walkers import WalkerDialog

    roster = _roster(win)
    if roster is None:
        return None
    dlg = WalkerDialog(win, win.app, roster, win.campaign["id"], _api(win, cmd))
    dlg.saved.connect(lambda wid: win._saved(translate("system_dialogs", "Walker and crew added (Ctrl+Z to undo)"), select=("fighter", wid),
                                             changes=dlg.changes))
    return win._show_dialog(dlg)


def end_cycle(win: Any, cmd: Any) -> Any:
    from ui.dialogs.cycle import CycleEndDialog

    if win.campaign is None:
        return None
    dlg = CycleEndDialog(win, win.app, win.campaign, _api(win, cmd))
    dlg.saved.connect(lambda rep: win._saved(translate("system_dialogs", "Cycle {cycle} ended (Ctrl+Z to undo)").format(cycle=rep.cycle), changes=dlg.changes))
    return win._show_dialog(dlg)


def injury_roll(win: Any, cmd: Any) -> Any:
    from ui.dialogs.injury import InjuryRollDialog

    row = win.selected_row()
    if row is None:
        return None
    dlg = InjuryRollDialog(win, win.app, row, _api(win, cmd))
    dlg.saved.connect(lambda rep: win._saved(
        translate("system_dialogs", "Lasting injury for {fighter}: {injuries} (Ctrl+Z to undo)").format(fighter=rep.fighter, injuries=', '.join(i['label'] for i in rep.injuries)), select=("fighter", row["id"]), changes=dlg.changes))
    return win._show_dialog(dlg)


def treat_injury(win: Any, cmd: Any) -> Any:
    from campaign_app.errors import AppError
    from ui.dialogs.injury import TreatInjuryDialog

    row = win.selected_row()
    if row is None or win.campaign is None:
        return None
    try:
        credits = win.app.run(q.roster_detail, row["roster_id"])["credits"]
    except AppError as e:  # the roster vanished (another window removed it)
        widgets.show_error(win, translate("system_dialogs", "Cannot treat"), e)
        win.reload()
        return None
    dlg = TreatInjuryDialog(win, win.app, row, credits, api=_api(win, cmd))
    dlg.saved.connect(lambda rep: win._saved(
        translate("system_dialogs", "Critical injury of {fighter}: {value} (Ctrl+Z to undo)").format(fighter=rep.fighter, value='; '.join(rep.lines) or 'decided'),
        select=("fighter", row["id"]), changes=dlg.changes))
    return win._show_dialog(dlg)


def release(win: Any, cmd: Any) -> Any:
    """Ask how the captive came back (rescued, or exchanged for a captive the gang
    held), then run the command; Cancel does nothing."""
    from PySide6 import QtCore
    from PySide6.QtWidgets import QMessageBox

    row = win.selected_row()
    if row is None:
        return None
    run = win.command_runner(cmd)
    box = QMessageBox(QMessageBox.Icon.Question, translate("system_dialogs", "Release Captive"),
                      translate("system_dialogs", "How does {name} come back to the gang?").format(name=row['name']),
                      QMessageBox.StandardButton.Cancel, win)
    box.setAttribute(QtCore.Qt.WidgetAttribute.WA_DeleteOnClose)
    box.setTextFormat(QtCore.Qt.TextFormat.PlainText)
    box.setObjectName("releaseBox")
    choices = {box.addButton(translate("system_dialogs", "Rescued"), QMessageBox.ButtonRole.AcceptRole): "rescue",
               box.addButton(translate("system_dialogs", "Exchanged"), QMessageBox.ButtonRole.AcceptRole): "exchange"}
    box.choices = choices  # type: ignore[attr-defined]

    def done(_result: int) -> None:
        how = choices.get(box.clickedButton())
        if how is not None:
            win._run_simple(lambda: win.app.run(run, row["id"], how=how), row,
                            translate("system_dialogs", "{name} is back with the gang ({value})").format(name=row['name'], value='rescued' if how == 'rescue' else 'exchanged'))

    box.finished.connect(done)
    box.open()
    return box


def recruit(win: Any, cmd: Any) -> Any:
    from campaign_app.errors import AppError
    from ui.dialogs.recruit import RecruitDialog

    roster = _roster(win)
    if roster is None:
        return None
    try:
        dlg = RecruitDialog(win, win.app, roster, _api(win, cmd))
    except AppError as e:  # the gang's house has no list (or the roster vanished)
        widgets.show_error(win, translate("system_dialogs", "Cannot recruit"), e)
        return None
    dlg.saved.connect(lambda fid: win._saved(translate("system_dialogs", "Fighter recruited (Ctrl+Z to undo)"),
                                             select=("fighter", fid), changes=dlg.changes))
    return win._show_dialog(dlg)


DIALOGS: dict[str, Opener] = {
    "creatures": creatures,
    "walker_types": walker_types,
    "add_walker": add_walker,
    "end_cycle": end_cycle,
    "injury_roll": injury_roll,
    "treat_injury": treat_injury,
    "release": release,
    "recruit": recruit,
}
