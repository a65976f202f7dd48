"""The main window's actions: their state (enabled or not, Undo and Redo's words, read
once per change of the campaign's history), the open campaign's game-system commands,
and the window's names for what the menus and the toolbar do. The actions are built in
:mod:`ui.actions`; what they do is in :mod:`ui.controllers` (one module per group of
operations, loaded on first use). A part of :class:`ui.main_window.MainWindow`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ui.lazy import q

if TYPE_CHECKING:
    from ui.worker import Task

NO_UNDO: dict[str, Any] = {"undo": None, "redo": None}


class WindowActions:
    """The actions' part of the main window (a mixin of :class:`ui.main_window.MainWindow`)."""

    def update_actions(self) -> None:
        """Enable the actions that apply now (runs on every selection change)."""
        from ui import actions as ui_actions

        ui_actions.update_state(self)

    def refresh_undo(self) -> None:
        """Read the campaign's undo history again and show it on Undo/Redo: another
        process may have changed it (the Edit menu about to open, the window activated)."""
        from ui import actions as ui_actions

        self._undo_for = None
        ui_actions.update_undo(self)

    def undo_state_of(self, campaign_id: int | None) -> dict[str, Any]:
        """What Undo and Redo would do in the campaign: read once per change of its
        history (``apply_changes``), of the campaign shown, or of the database."""
        if campaign_id is None or self.app is None:
            return NO_UNDO
        if self._undo_for != campaign_id:
            from campaign_app.errors import AuthError

            try:
                self._undo_state = self.app.run(q.undo_state, campaign_id)
            except AuthError:  # a league's token refused: nothing to offer until signed in again
                return NO_UNDO
            self._undo_for = campaign_id
        return self._undo_state

    def system_commands(self) -> list[Any]:
        """The open campaign's game-system commands shown as actions."""
        return list(self.system_command_map.values())

    def command_runner(self, cmd: Any) -> Any:
        """The use-case of a command of the open campaign's system."""
        assert self.game_system is not None
        return self.game_system.load(cmd.run)

    def run_command(self, key: str) -> Any:
        """Run the system command behind action ``key`` (:mod:`ui.controllers.commands`)."""
        from ui.controllers import commands

        return commands.run_command(self, key)

    # What the actions do lives in ui.controllers (loaded on first use); these are the
    # window's names for them.
    def new_campaign(self) -> Any:
        from ui.controllers import editing

        return editing.new_campaign(self)

    def new_roster(self) -> Any:
        from ui.controllers import editing

        return editing.new_roster(self)

    def edit_roster(self) -> Any:
        from ui.controllers import editing

        return editing.edit_roster(self)

    def add_fighter(self) -> Any:
        from ui.controllers import editing

        return editing.add_fighter(self)

    def add_unit(self) -> Any:
        from ui.controllers import editing

        return editing.add_unit(self)

    def edit_selected(self) -> Any:
        from ui.controllers import editing

        return editing.edit_selected(self)

    def duplicate_selected(self) -> None:
        from ui.controllers import editing

        editing.duplicate_selected(self)

    def advance_selected(self) -> Any:  # advance helper
        from ui.dialogs.advance import advance_selected

        return advance_selected(self)

    def remove_selected(self) -> None:
        from ui.controllers import editing

        editing.remove_selected(self)

    def house_rules(self) -> Any:
        from ui.controllers import editing

        return editing.house_rules(self)

    def campaign_settings(self) -> Any:
        """Campaign ▸ Dice Discipline… (record helper)."""
        from ui.dialogs.campaign_settings import CampaignSettingsDialog

        if self.campaign is None:
            return None
        dlg = CampaignSettingsDialog(self, self.app, self.campaign["id"])
        dlg.saved.connect(lambda _r: self.apply_changes(dlg.changes))
        return self._show_dialog(dlg)

    def exchange_prisoner(self) -> None:
        from ui.controllers import editing

        editing.exchange_prisoner(self)

    def record_battle(self) -> Any:
        from ui.controllers import battles

        return battles.record_battle(self)

    def after_battle(self) -> Any:
        from ui.controllers import battles

        return battles.after_battle(self)

    def open_wizard(self, battle_id: int) -> Any:
        from ui.controllers import battles

        return battles.open_wizard(self, battle_id)

    def undo(self) -> None:
        from ui.controllers import history

        history.undo(self)

    def redo(self) -> None:
        from ui.controllers import history

        history.redo(self)

    def create_demo(self) -> Task | None:
        from ui.controllers import datafiles

        return datafiles.create_demo(self)

    def import_json(self, path: str | None = None) -> Task | None:
        from ui.controllers import datafiles

        return datafiles.import_json(self, path)

    def import_external(self, key: str, path: str | None = None) -> Task | None:
        """Import a file with the importer ``key`` of an installed game system."""
        from ui.controllers import datafiles

        return datafiles.import_external(self, key, path)

    def export_json(self, path: str | None = None) -> Task | None:
        from ui.controllers import datafiles

        return datafiles.export_json(self, path)

    def backup_database(self, path: str | None = None) -> Task | None:
        from ui.controllers import datafiles

        return datafiles.backup_database(self, path)

    def restore_database(self, path: str | None = None) -> Any:
        from ui.controllers import datafiles

        return datafiles.restore_database(self, path)

    def export_pdf(self, kind: str, path: str | None = None) -> Task | None:
        from ui.controllers import exports

        return exports.export_pdf(self, kind, path)
