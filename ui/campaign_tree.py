"""The main window's campaign tree (left): every campaign with its rosters, read a page
at a time (a league has 10,000 rosters in a campaign), the current item the campaign or
roster the other views show. A part of :class:`ui.main_window.MainWindow` (its widgets
are the window's: ``tree``, ``splitter``); :meth:`CampaignTree._tree_named` says when a
change set changes what the tree shows."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QTimer

from ui.glyphs import glyph
from ui.i18n import plural, translate
from ui.lazy import q
from ui.rules_text import set_system as set_rules_system

if TYPE_CHECKING:
    from PySide6.QtWidgets import QTreeWidgetItem

    from campaign_app.changes import Changes

ROLE = 256  # Qt.ItemDataRole.UserRole, as a plain int: see ui.actions.build_toolbar


class CampaignTree:
    """The tree's part of the main window (a mixin of :class:`ui.main_window.MainWindow`)."""

    @staticmethod
    def _tree_named(ch: Changes) -> bool:
        """Whether the campaign tree shows something ``ch`` changed: its shape, a
        roster's row, a battle (the pending count), or a campaign's own row."""
        return bool(ch.structure or ch.rosters or ch.battles or ch.campaigns)

    def _apply_to_tree(self, changes: Changes, prefer: tuple[str, int] | None,
                       keep: dict[str, Any] | None) -> bool:
        """What ``changes`` changed of the tree, read again (all of it, when it shows
        something changed or ``prefer`` is to be shown). False: the other views are not
        to apply the change set, they were read whole or emptied (no campaign left, or
        the campaign or roster shown is gone: the tree shows another, ``keep`` selected)."""
        assert self.campaign is not None
        cid, rid = self.campaign["id"], self.roster_id
        if prefer is not None or self._tree_named(changes):
            self.tree_data = self.app.run(q.campaign_tree)
            if not self.tree_data:
                self._show_empty()
                return False
            here = prefer or (("roster", rid) if rid is not None else ("campaign", cid))
            self._load_rosters_for(here, cid)
            # the roster shown gone (its creation undone): its campaign, not the first one
            target = self._fill_tree(here, cid)
            camp, new_rid = self._campaign_of_item(target)
            if camp is None or camp["id"] != cid or new_rid != rid:  # elsewhere now: show all of it
                self._select_tree_item(target, keep)
                return False
            self.campaign = camp  # its names and counts as they are now
            set_rules_system(camp.get("system"))
            self._set_table_title()
        return True

    def _fill_tree(self, want: tuple[str, int] | None, campaign: int | None = None) -> QTreeWidgetItem | None:
        """The tree from ``tree_data``, ``want`` (else the campaign ``campaign``, else the
        first campaign) made current without the signal; returns that item."""
        from PySide6.QtWidgets import QTreeWidgetItem


        self.tree.blockSignals(True)
        self.tree.clear()
        target: QTreeWidgetItem | None = None
        first: QTreeWidgetItem | None = None
        home: QTreeWidgetItem | None = None
        for c in self.tree_data:
            ci = QTreeWidgetItem([c["name"]])
            ci.setIcon(0, glyph("campaign"))
            ci.setData(0, ROLE, ("campaign", c["id"]))
            n = c["pending_battles"]
            pend = "\n" + plural(n, translate("MainWindow", "{n} battle waiting for After the Battle"), translate("MainWindow", "{n} battles waiting for After the Battle")) if n else ""
            ci.setToolTip(0, f"{c['about']}{pend}")
            f = ci.font(0)
            f.setBold(True)
            ci.setFont(0, f)
            self.tree.addTopLevelItem(ci)
            first = first or ci
            if want == ("campaign", c["id"]):
                target = ci
            if c["id"] == campaign:
                home = ci
            ci.addChildren(self._roster_items(c, c["rosters"]))
            if want is not None and want[0] == "roster":
                target = target or next((ci.child(j) for j in range(ci.childCount())
                                         if ci.child(j).data(0, ROLE) == want), None)
            ci.setExpanded(True)
        self.stack.setCurrentWidget(self.splitter)
        target = target or home or first
        self.tree.setCurrentItem(target)
        self.tree.blockSignals(False)
        self._fit_tree()
        QTimer.singleShot(0, self._tree_fetch_visible)  # a short campaign shows its "more" row
        return target

    # --- lazy: a campaign's rosters read a page at a time (lazy helper)
    def _roster_items(self, c: dict[str, Any], rosters: list[dict[str, Any]]) -> list[QTreeWidgetItem]:
        """The tree rows of ``rosters`` of campaign ``c``, then a row that reads the
        next page when it is shown or chosen, while the campaign has more."""
        from PySide6.QtWidgets import QTreeWidgetItem

        from ui.i18n import translate
        from ui.text import esc

        items = []
        icon = glyph("roster")
        for r in rosters:
            n = r["fighters"] + r["units"]
            ri = QTreeWidgetItem([f"{r['name']}  ({n})"])
            ri.setIcon(0, icon)
            ri.setData(0, ROLE, ("roster", r["id"]))
            tip = " · ".join(x for x in (f"{r['name']} ({n})", r["kind"], r["faction"], r["player"]) if x)
            ri.setToolTip(0, f"<span>{esc(tip)}</span>")  # a tooltip renders rich text: escaped
            items.append(ri)
        left = c.get("roster_count", len(c["rosters"])) - len(c["rosters"])
        if left > 0:
            more = QTreeWidgetItem([plural(left, translate("MainWindow", "1 more roster…"), translate("MainWindow", "{n} more rosters…"))])
            more.setData(0, ROLE, ("more", c["id"]))
            more.setForeground(0, self.palette().placeholderText())
            items.append(more)
        return items

    def _load_rosters_for(self, want: tuple[str, int] | None, campaign_id: int | None = None) -> None:
        """A roster to be shown that is past the campaign's first page: its rosters up
        to it are read (the tree can select it)."""
        if want is None or want[0] != "roster":
            return
        cid = campaign_id if campaign_id is not None else (self.campaign["id"] if self.campaign else None)
        camps = [c for c in self.tree_data if c["id"] == cid] or self.tree_data
        for c in camps:
            if any(r["id"] == want[1] for r in c["rosters"]):
                return
        for c in camps:
            if len(c["rosters"]) < c.get("roster_count", 0):
                got = self.app.run(q.campaign_rosters, c["id"], up_to=want[1])
                if got:
                    c["rosters"] = got
                    return

    def _tree_fetch_more(self, more: QTreeWidgetItem) -> list[QTreeWidgetItem]:
        """Replace the "more" row ``more`` by the next page of its campaign's rosters."""
        cid = more.data(0, ROLE)[1]
        c = next((x for x in self.tree_data if x["id"] == cid), None)
        parent = more.parent()
        if c is None or parent is None:
            return []
        last = c["rosters"][-1] if c["rosters"] else None
        page = self.app.run(q.campaign_rosters, cid, after=(last["name"], last["id"]) if last else None)
        c["rosters"] = c["rosters"] + page
        if not page:
            c["roster_count"] = len(c["rosters"])
        self.tree.blockSignals(True)
        parent.removeChild(more)
        items = self._roster_items(c, page)
        parent.addChildren(items)
        self.tree.blockSignals(False)
        return items

    def _tree_fetch_visible(self) -> None:
        """Qt's fetchMore for the tree: a "more" row scrolled into view reads its page."""
        if not self._main_built or self.app is None:
            return
        view = self.tree.viewport().rect()
        for i in range(self.tree.topLevelItemCount()):
            ci = self.tree.topLevelItem(i)
            last = ci.child(ci.childCount() - 1) if ci.childCount() else None
            if last is not None and last.data(0, ROLE)[0] == "more" and ci.isExpanded():
                rect = self.tree.visualItemRect(last)
                if rect.isValid() and rect.intersects(view):
                    self._tree_fetch_more(last)

    def _fit_tree(self) -> None:
        """Until the user drags the split (then theirs is kept), the tree is as wide as
        its longest name, up to a quarter of the window (a third of a narrow one, whose
        detail pane is under the tabs): names are not cut short."""
        if self._split_dragged:
            return
        if not self.splitter.isVisible():  # not laid out yet: once the window shows
            self._fit_tree_when_shown = True
            return
        want = self.tree.sizeHintForColumn(0) + 2 * self.tree.frameWidth() + 6
        if self.tree.verticalScrollBar().isVisible():
            want += self.tree.verticalScrollBar().width()
        share = 3 if self.width() < self.NARROW else 4  # a narrow window: the pane is under the tabs
        want = max(200, min(want, max(self.width() // share, 200)))
        sizes = self.splitter.sizes()
        if len(sizes) == 2 and sizes[0] != want and sum(sizes) > 0:
            self.splitter.setSizes([want, max(sizes[1] - (want - sizes[0]), 300)])
            self._squeeze_columns()

    def _tree_changed(self, cur: QTreeWidgetItem | None, _prev: Any) -> None:
        if self.app is None:  # the first screen (ORM loading): shown once it is in
            if cur is not None and cur.data(0, ROLE)[0] != "more":  # (a "more" row: read after)
                self._first_pending = cur.data(0, ROLE)
            return
        if cur is not None and cur.data(0, ROLE)[0] == "more":  # chosen: the next page, its first roster
            items = self._tree_fetch_more(cur)
            self.tree.setCurrentItem(items[0] if items else _prev)
            return
        self._select_tree_item(cur, None)

    def _campaign_of_item(self, item: QTreeWidgetItem | None) -> tuple[dict[str, Any] | None, int | None]:
        if item is None:
            return None, None
        kind, ident = item.data(0, ROLE)
        if kind == "roster":
            parent = item.parent()
            cid = parent.data(0, ROLE)[1] if parent is not None else None
            camp = next((c for c in self.tree_data if c["id"] == cid), None)
            return camp, ident
        return next((c for c in self.tree_data if c["id"] == ident), None), None

    def select_tree(self, kind: str, ident: int) -> None:
        it = self._find_tree_item(kind, ident)
        if it is not None:
            self.tree.setCurrentItem(it)

    def _find_tree_item(self, kind: str, ident: int) -> QTreeWidgetItem | None:
        for i in range(self.tree.topLevelItemCount()):
            ci = self.tree.topLevelItem(i)
            if ci.data(0, ROLE) == (kind, ident):
                return ci
            for j in range(ci.childCount()):
                if ci.child(j).data(0, ROLE) == (kind, ident):
                    return ci.child(j)
        return None
