"""The main window's detail pane (right, under the tabs in a narrow window): the
fighter, unit, roster or campaign chosen, and whether a change set names what it shows
(:meth:`DetailPart._detail_named`: then it is read again). A part of
:class:`ui.main_window.MainWindow` (its widget is the window's ``detail``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from campaign_app.errors import AppError
from ui.lazy import lazy_module, q

if TYPE_CHECKING:
    from campaign_app.changes import Changes

detail = lazy_module("ui.detail")  # loaded when a pane is first shown


class DetailPart:
    """The detail pane's part of the main window (a mixin of
    :class:`ui.main_window.MainWindow`)."""

    def _detail_named(self, ch: Changes) -> bool:
        shown = self.detail.current
        if shown is None:
            return True  # a message (nothing selected, a row gone): show what is there now
        kind, ident = shown
        if kind == "fighter":
            return ident in ch.fighters
        if kind == "unit":
            return ident in ch.units
        if kind == "roster":
            return ch.structure or ident in ch.rosters
        return ch.structure or bool(ch.battles) or ident in ch.campaigns

    def show_detail(self) -> None:
        if self.app is None and self._first_screen:  # the ORM loading: read once it is in
            self.update_actions()
            return
        if self.app is None or self.campaign is None:
            self.detail.show_nothing()
            return
        row = self.selected_row()
        try:
            if row is not None and row["what"] == "fighter":
                self.detail.show_html(detail.fighter_html(self.app.run(q.fighter_detail, row["id"])),
                                      ("fighter", row["id"]))
            elif row is not None:
                self.detail.show_html(detail.unit_html(self.app.run(q.unit_detail, row["id"])),
                                      ("unit", row["id"]))
            elif self.roster_id is not None:
                self.detail.show_html(detail.roster_html(self.app.run(q.roster_detail, self.roster_id)),
                                      ("roster", self.roster_id))
            else:
                self.detail.show_html(detail.campaign_html(self.campaign,
                                                           self.app.run(q.battles, self.campaign["id"], newest=15)),
                                      ("campaign", self.campaign["id"]))
        except AppError as e:  # the row vanished (another window removed it)
            self.detail.show_nothing(str(e))
        self.update_actions()
