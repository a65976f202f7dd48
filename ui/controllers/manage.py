"""Renaming, deleting and moving from the window: the actions and what they run, the
Deleted Campaigns dialog, and dragging a fighter or unit onto another roster of the
campaign tree.

Deleting asks first (Cancel is the default). A roster deleted comes back with Undo; a
campaign deleted is kept until purged, and Campaign ▸ Deleted Campaigns… brings it
back."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QMimeData, QObject
from PySide6.QtGui import QDrag

from campaign_app.changes import changes_of
from campaign_app.errors import AppError
from ui import widgets
from ui.i18n import translate

if TYPE_CHECKING:
    from ui.main_window import MainWindow

MIME = "application/x-campaign-app-figure"
ROLE = 256  # the tree items' (kind, id): ui.main_window.ROLE



# --------------------------------------------------------------------------- asking
def ask_text(win: MainWindow, title: str, label: str, text: str) -> str | None:
    """A line of text typed by the user (None: cancelled). Tests replace it."""
    from PySide6.QtWidgets import QInputDialog, QLineEdit

    value, ok = QInputDialog.getText(win, title, label, QLineEdit.EchoMode.Normal, text)
    return value if ok else None


def _failed(win: MainWindow, title: str, e: AppError) -> None:
    widgets.show_error(win, title, e)
    win.reload()


def _roster(win: MainWindow) -> dict[str, Any] | None:
    camp = win.campaign
    if camp is None or win.roster_id is None:
        return None
    return next((r for r in camp.get("rosters", []) if r["id"] == win.roster_id), None)


# --------------------------------------------------------------------------- campaigns
def rename_campaign(win: MainWindow) -> None:
    from campaign_app.usecases.manage import rename_campaign as run

    camp = win.campaign
    if camp is None:
        return
    name = ask_text(win, translate("Manage", "Rename Campaign"), translate("Manage", "New name:"), camp["name"])
    if name is None or name == camp["name"]:
        return
    try:
        res = win.app.run(run, camp["id"], name, if_version=camp.get("version"))
    except AppError as e:
        _failed(win, translate("Manage", "Cannot rename"), e)
        return
    win._saved(translate("Manage", "Campaign renamed {name} (Ctrl+Z to undo)").format(name=res.name),
               prefer=("campaign", res.id), changes=changes_of(res))


def delete_campaign(win: MainWindow) -> Any:
    camp = win.campaign
    if camp is None:
        return None
    rosters = camp.get("rosters", [])
    n = len(rosters)
    what = translate("Manage", "1 roster") if n == 1 else translate("Manage", "{n} rosters").format(n=n)
    text = translate("Manage", "Delete the campaign {name} with {what}?").format(name=camp["name"], what=what)
    text += "\n\n" + translate("Manage", "It is kept, with its rolls and history, until you remove it for good: "
                        "Campaign ▸ Deleted Campaigns… brings it back.")
    return widgets.ask_confirm(win, translate("Manage", "Delete Campaign"), text, translate("Manage", "Delete"),
                               lambda: _delete_campaign(win, camp))


def _delete_campaign(win: MainWindow, camp: dict[str, Any]) -> None:
    from campaign_app.usecases.manage import delete_campaign as run

    try:
        res = win.app.run(run, camp["id"], if_version=camp.get("version"))
    except AppError as e:
        _failed(win, translate("Manage", "Cannot delete"), e)
        return
    win._saved(translate("Manage", "Deleted campaign {name} — Campaign ▸ Deleted Campaigns… brings it back").format(name=res.name),
               changes=changes_of(res))


def deleted_campaigns(win: MainWindow) -> Any:
    from ui.dialogs.deleted import DeletedCampaignsDialog

    if win.app is None:
        return None
    dlg = DeletedCampaignsDialog(win, win.app)
    dlg.restored.connect(lambda cid, name, ch: win._saved(
        translate("Manage", "Campaign {name} is back").format(name=name), prefer=("campaign", cid), changes=ch))
    dlg.purged.connect(lambda name, ch: win._saved(translate("Manage", "Campaign {name} removed for good").format(name=name),
                                                   changes=ch))
    return win._show_dialog(dlg)


# --------------------------------------------------------------------------- rosters
def rename_roster(win: MainWindow) -> None:
    from campaign_app.usecases.manage import rename_roster as run

    r = _roster(win)
    if r is None:
        return
    name = ask_text(win, translate("Manage", "Rename Roster"), translate("Manage", "New name:"), r["name"])
    if name is None or name == r["name"]:
        return
    try:
        res = win.app.run(run, r["id"], name)
    except AppError as e:
        _failed(win, translate("Manage", "Cannot rename"), e)
        return
    win._saved(translate("Manage", "Roster renamed {name} (Ctrl+Z to undo)").format(name=res.name),
               prefer=("roster", res.id), changes=changes_of(res))


def delete_roster(win: MainWindow) -> Any:
    r = _roster(win)
    if r is None:
        return None
    n = int(r.get("fighters", 0)) + int(r.get("units", 0))
    what = translate("Manage", "1 figure") if n == 1 else translate("Manage", "{n} figures").format(n=n)
    text = translate("Manage", "Delete the roster {name} with {what}?").format(name=r["name"], what=what)
    text += "\n\n" + translate("Manage", "Its rolls stay in the roll log. Edit ▸ Undo brings it all back.")
    return widgets.ask_confirm(win, translate("Manage", "Delete Roster"), text, translate("Manage", "Delete"), lambda: _delete_roster(win, r))


def _delete_roster(win: MainWindow, r: dict[str, Any]) -> None:
    from campaign_app.usecases.manage import delete_roster as run

    try:
        res = win.app.run(run, r["id"])
    except AppError as e:
        _failed(win, translate("Manage", "Cannot delete"), e)
        return
    win._saved(translate("Manage", "Deleted roster {name} — Ctrl+Z brings it back").format(name=res.name),
               prefer=("campaign", res.campaign_id), changes=changes_of(res))


# --------------------------------------------------------------------------- moving
def move_selected(win: MainWindow) -> None:
    row = win.selected_row()
    camp = win.campaign
    if row is None or camp is None:
        return
    others = [r for r in camp.get("rosters", []) if r["id"] != row.get("roster_id")]
    if not others:
        return
    i = win.ask_choice(translate("Manage", "Move to Roster"), translate("Manage", "Move {name} to:").format(name=row["name"]),
                       [r["name"] for r in others])
    if i is not None:
        move(win, row, others[i]["id"])


def move(win: MainWindow, row: dict[str, Any], roster_id: int) -> bool:
    """Move the figure ``row`` to roster ``roster_id``; True when it moved."""
    from campaign_app.usecases.manage import move_fighter, move_unit

    run = move_fighter if row["what"] == "fighter" else move_unit
    try:
        res = win.app.run(run, row["id"], roster_id, if_version=row.get("version"))
    except AppError as e:
        _failed(win, translate("Manage", "Cannot move"), e)
        return False
    win._saved(translate("Manage", "Moved {name} to {roster} (Ctrl+Z to undo)").format(name=res.name, roster=res.to_roster),
               prefer=("roster", res.to_roster_id), select=(res.kind, res.id), changes=changes_of(res))
    return True


# --------------------------------------------------------------------------- drag and drop
class FigureDrag(QObject):
    """Drag a fighter or unit row of the roster table onto a roster of the tree."""

    def __init__(self, win: MainWindow) -> None:
        super().__init__(win)
        self.win = win
        self.press: Any = None
        self.table_port = win.table.viewport()
        self.tree_port = win.tree.viewport()
        self.table_port.installEventFilter(self)
        self.tree_port.installEventFilter(self)
        win.tree.setAcceptDrops(True)
        win.tree.viewport().setAcceptDrops(True)

    def eventFilter(self, obj: QObject, ev: QEvent) -> bool:  # noqa: N802 (Qt's name)
        win = self.win
        t = ev.type()
        from PySide6.QtCore import Qt

        if obj is self.table_port:
            if t == QEvent.Type.MouseButtonPress and ev.button() == Qt.MouseButton.LeftButton:  # type: ignore[attr-defined]
                self.press = ev.position().toPoint()  # type: ignore[attr-defined]
            elif t == QEvent.Type.MouseMove and self.press is not None and \
                    ev.buttons() & Qt.MouseButton.LeftButton:  # type: ignore[attr-defined]
                from PySide6.QtWidgets import QApplication

                if (ev.position().toPoint() - self.press).manhattanLength() >= \
                        QApplication.startDragDistance():  # type: ignore[attr-defined]
                    self.press = None
                    self.start()
                    return True
            elif t == QEvent.Type.MouseButtonRelease:
                self.press = None
            return False
        if obj is self.tree_port and t in (QEvent.Type.DragEnter, QEvent.Type.DragMove, QEvent.Type.Drop):
            data = ev.mimeData()  # type: ignore[attr-defined]
            if not data.hasFormat(MIME):
                return False
            target = self.roster_at(ev.position().toPoint())  # type: ignore[attr-defined]
            row = self.dragged(bytes(data.data(MIME).data()).decode())
            ok = target is not None and row is not None and target != row.get("roster_id")
            if t == QEvent.Type.Drop and ok and row is not None and target is not None:
                ev.acceptProposedAction()  # type: ignore[attr-defined]
                move(win, row, target)
            elif ok or t == QEvent.Type.DragEnter:
                ev.acceptProposedAction()  # type: ignore[attr-defined]
            else:
                ev.ignore()
            return True
        return False

    def start(self) -> None:
        row = self.win.selected_row()
        if row is None or self.win.app is None:  # (the first screen: the database still loading)
            return
        data = QMimeData()
        data.setData(MIME, f"{row['what']}:{row['id']}".encode())
        data.setText(str(row["name"]))
        from PySide6.QtCore import Qt

        drag = QDrag(self.win.table)
        drag.setMimeData(data)
        drag.exec(Qt.DropAction.MoveAction)

    def roster_at(self, pos: Any) -> int | None:
        """The roster of the open campaign under ``pos`` in the tree, if any."""
        data = self.win.tree.indexAt(pos).data(ROLE)
        camp = self.win.campaign
        if not data or data[0] != "roster" or camp is None:
            return None
        return data[1] if any(r["id"] == data[1] for r in camp.get("rosters", [])) else None

    def dragged(self, text: str) -> dict[str, Any] | None:
        what, _sep, ident = text.partition(":")
        r = self.win.model.find(lambda row: row["what"] == what and str(row["id"]) == ident)
        return self.win.model.rows[r] if r >= 0 else None
