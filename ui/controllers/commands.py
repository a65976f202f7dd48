"""The open campaign's game-system commands: running the one behind an action (its
dialog, or its use-case on the selected figure)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ui import widgets
from ui.controllers.editing import run_simple

if TYPE_CHECKING:
    from ui.main_window import MainWindow


def run_command(win: MainWindow, key: str) -> Any:
    """Run the system command behind action ``key``: open the dialog it names, or run
    it on the selected figure. Returns the dialog (None when disabled or done)."""
    cmd = win.system_command_map.get(key)
    act = win.actions.get(key)
    if cmd is None or act is None or not act.isEnabled() or cmd.gui is None:
        return None
    label = act.text().replace("&", "").replace("…", "")
    if cmd.gui.dialog:
        from ui.system_dialogs import DIALOGS

        opener = DIALOGS.get(cmd.gui.dialog)
        if opener is None:  # the system's own, from its GUI module (GameSystem.gui), loaded now
            opener = win.game_system.gui_dialogs().get(cmd.gui.dialog)
        if opener is None:
            widgets.show_error(win, label, f"this app has no dialog {cmd.gui.dialog!r} for {label}")
            return None
        return opener(win, cmd)
    row = win.selected_row()
    if row is None:
        return None
    run = win.command_runner(cmd)
    run_simple(win, lambda: win.app.run(run, row["id"]), row,
               cmd.gui.done.format(name=row["name"]) if cmd.gui.done else f"{label}: {row['name']}")
    return None
