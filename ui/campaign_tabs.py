"""The main window's tabs but the roster table: the battles, the roll log, the history,
the charts and the standings of the campaign shown. Each reads what a change set
changed of it (:meth:`CampaignTabs._apply_to_tabs`), the log and the history when they
are shown. A part of :class:`ui.main_window.MainWindow` (its widgets are the window's:
``tabs``, ``battles_view``, ``log_view``, ``history_view``, ``charts_view``,
``standings_view``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ui.lazy import q

if TYPE_CHECKING:
    from campaign_app.changes import Changes


class CampaignTabs:
    """The campaign tabs' part of the main window (a mixin of
    :class:`ui.main_window.MainWindow`)."""

    def _show_tabs_of(self, campaign_id: int) -> None:
        """Every tab of the campaign ``campaign_id`` (one just chosen): the battles now,
        the others now if shown, else when shown."""
        self.battles_view.set_rows(self.app.run(q.battles, campaign_id, newest=q.BATTLES_SHOWN))
        self.log_view.set_campaign(self.app, campaign_id)
        self.history_view.set_campaign(self.app, campaign_id)
        self.charts_view.set_campaign(self.app, campaign_id)
        self.standings_view.set_campaign(self.app, campaign_id)

    def _apply_to_tabs(self, changes: Changes, campaign_id: int) -> None:
        """What ``changes`` changed of the tabs of the campaign shown, read again (the
        log, the history, the charts and the standings when they are shown)."""
        cid = campaign_id
        # the battles list names the rosters that fought: a roster's own row counts too
        if changes.battles or (changes.rosters and not changes.figures()):
            self.battles_view.set_rows(self.app.run(q.battles, cid, newest=q.BATTLES_SHOWN))
        if changes.rolls:
            self.log_view.set_campaign(self.app, cid)  # read now if shown, else when shown
        if changes.history:
            self.history_view.set_campaign(self.app, cid)
        if changes.battles or changes.rolls or changes.figures() or changes.rosters or changes.structure:
            self.charts_view.set_campaign(self.app, cid)  # read now if shown, else when shown
            self.standings_view.set_campaign(self.app, cid)

    def _tab_changed(self, i: int) -> None:
        from ui.main_window import TAB_HISTORY, TAB_LOG

        if i == TAB_LOG and self.log_view.read_on_show():  # read twice, a 200-row log took twice as long
            self.log_view.reload_filters()
            self.log_view.refresh()
        elif i == TAB_HISTORY and self.history_view.read_on_show():
            self.history_view.refresh()

    def show_log(self) -> None:
        from ui.main_window import TAB_LOG

        self.tabs.setCurrentIndex(TAB_LOG)
        row = self.selected_row()
        if row is not None and row["what"] == "fighter":
            self.log_view.set_filter(fighter=row["id"])
