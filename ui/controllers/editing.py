"""Campaigns, rosters, fighters and units: the dialogs that add and edit them, removing
the selected figure, the house rules, and one use-case run on the selected figure."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from campaign_app.changes import changes_of
from campaign_app.errors import AppError, ConflictError, NotFoundError
from ui import widgets
from ui.i18n import translate
from ui.lazy import fighters, q

if TYPE_CHECKING:
    from ui.main_window import MainWindow


def new_campaign(win: MainWindow) -> Any:
    from ui.dialogs.campaign import CampaignDialog

    if win.app is None:
        return None
    dlg = CampaignDialog(win, win.app)
    dlg.saved.connect(lambda cid: win._saved(translate("editing", "Campaign created"), prefer=("campaign", cid), changes=dlg.changes))
    return win._show_dialog(dlg)


def _roster_choices(win: MainWindow) -> Any:
    """The factions and starting credits the campaign's game offers a roster."""
    c = win.campaign
    assert c is not None
    return q.roster_choices(c["system"], c["edition"], c["expansions"], [r["faction"] for r in c["rosters"]])


def new_roster(win: MainWindow) -> Any:
    from ui.dialogs.campaign import RosterDialog

    if win.campaign is None or win.system is None:
        return None
    dlg = RosterDialog(win, win.app, win.campaign["id"], win.system, choices=_roster_choices(win))
    dlg.saved.connect(lambda rid: win._saved(translate("editing", "Roster created"), prefer=("roster", rid), changes=dlg.changes))
    return win._show_dialog(dlg)


def edit_roster(win: MainWindow) -> Any:
    from ui.dialogs.campaign import RosterDialog

    if win.roster_id is None or win.system is None or win.campaign is None:
        return None
    d = win.app.run(q.roster_detail, win.roster_id)
    dlg = RosterDialog(win, win.app, win.campaign["id"], win.system, d, choices=_roster_choices(win))
    dlg.saved.connect(lambda rid: win._saved(translate("editing", "Roster saved"), prefer=("roster", rid), changes=dlg.changes))
    return win._show_dialog(dlg)


def add_fighter(win: MainWindow) -> Any:
    from ui.dialogs.fighter import FighterDialog

    if win.roster_id is None or win.system is None or win.campaign is None:
        return None
    dlg = FighterDialog(win, win.app, win.roster_id, win.campaign["id"], win.system)
    dlg.saved.connect(lambda fid: win._saved(translate("editing", "Fighter added (Ctrl+Z to undo)"), select=("fighter", fid),
                                             changes=dlg.changes))
    return win._show_dialog(dlg)


def add_unit(win: MainWindow) -> Any:
    from ui.dialogs.fighter import UnitDialog

    if win.roster_id is None or win.campaign is None:
        return None
    dlg = UnitDialog(win, win.app, win.roster_id, win.campaign)
    dlg.saved.connect(lambda uid: win._saved(translate("editing", "Unit added (Ctrl+Z to undo)"), select=("unit", uid),
                                             changes=dlg.changes))
    return win._show_dialog(dlg)


def edit_selected(win: MainWindow) -> Any:
    from ui.dialogs.fighter import FighterDialog, UnitDialog

    row = win.selected_row()
    if row is None or win.campaign is None or win.system is None:
        return None
    try:
        if row["what"] == "fighter":
            d = win.app.run(q.fighter_detail, row["id"])
            dlg: Any = FighterDialog(win, win.app, d["roster_id"], win.campaign["id"], win.system, d)
        else:
            d = win.app.run(q.unit_detail, row["id"])
            dlg = UnitDialog(win, win.app, d["roster_id"], win.campaign, d)
    except AppError as e:
        widgets.show_error(win, translate("editing", "Cannot edit"), problem_with(row, e))
        win.reload()
        return None
    what = row["what"]
    dlg.saved.connect(lambda i: win._saved(translate("editing", "Saved (Ctrl+Z to undo)"), select=(what, i), changes=dlg.changes))
    return win._show_dialog(dlg)


def problem_with(row: dict[str, Any], e: AppError) -> str | AppError:
    """The message for a row the user picked: one that is gone is named, not an id; a
    league write that can be sent again is the error itself (it offers Retry)."""
    if isinstance(e, NotFoundError):
        return (translate("editing", "{name} is no longer in this database (removed in another window or by another player). The list has been read again.").format(name=row['name']))
    return e if e.retry is not None else str(e)


def remove_selected(win: MainWindow) -> None:
    row = win.selected_row()
    if row is None:
        return
    try:
        if row["what"] == "fighter":
            res = win.app.run(fighters.remove_fighter, row["id"])
        else:
            from campaign_app.usecases.units import remove_unit

            res = win.app.run(remove_unit, row["id"])
    except AppError as e:
        widgets.show_error(win, translate("editing", "Cannot remove"), problem_with(row, e))
        win.reload()
        return
    win._saved(translate("editing", "Removed {name} — Ctrl+Z brings it back").format(name=row['name']), changes=changes_of(res))


def duplicate_selected(win: MainWindow) -> None:
    from campaign_app.usecases.duplicate import duplicate_fighter

    row = win.selected_row()
    if row is None or row["what"] != "fighter":
        return
    try:
        res = win.app.run(duplicate_fighter, row["id"])
    except AppError as e:
        widgets.show_error(win, translate("editing", "Cannot duplicate"), problem_with(row, e))
        win.reload()
        return
    win._saved(translate("editing", "Added {name}, a copy of {name2} (Ctrl+Z to undo)").format(name=res.name, name2=row['name']), select=("fighter", res.id),
               changes=changes_of(res))


def house_rules(win: MainWindow) -> Any:
    from ui.dialogs.house_rules import HouseRulesDialog

    if win.campaign is None:
        return None
    dlg = HouseRulesDialog(win, win.app, win.campaign)
    # each table saved is shown at once (the history, Undo's text)
    dlg.changed.connect(lambda: win.apply_changes(dlg.last_changes))
    return win._show_dialog(dlg)


def exchange_prisoner(win: MainWindow) -> None:
    from campaign_app.usecases.units import exchange_prisoners

    row = win.selected_row()
    if row is None:
        return
    run_simple(win, lambda: win.app.run(exchange_prisoners, row["id"], if_version=row["version"]), row,
               translate("editing", "{name} is back with the force").format(name=row['name']))


def run_simple(win: MainWindow, fn: Any, row: dict[str, Any], message: str) -> bool:
    """One use-case on the selected figure ``row``, then the saved message and what it
    changed shown."""
    try:
        res = fn()
    except ConflictError as e:
        widgets.show_error(win, translate("editing", "Changed by someone else"), e)
        win.reload()
        return False
    except AppError as e:
        widgets.show_error(win, translate("editing", "Cannot do that"), problem_with(row, e))
        if isinstance(e, NotFoundError):
            win.reload()
        return False
    win._saved(translate("editing", "{message} (Ctrl+Z to undo)").format(message=message), select=(row["what"], row["id"]), changes=changes_of(res))
    return True
