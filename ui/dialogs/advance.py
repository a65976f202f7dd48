"""The Advance dialog: what the selected fighter may take and what each costs (the
game's advancement rules data, house rules applied), and taking one.

It works as the other dice dialogs do (:class:`ui.dialogs.preview.DicePreviewDialog`):
pick an advancement, Roll (the app's dice) or type the faces rolled at the table, look
at the preview (a dry run of ``fighter advance``: nothing written), then Apply runs it
for real with the same faces (one undo step, the roll on record). A roll whose row
offers two advancements asks which one, keeping the same dice. In the games that
improve figures in After the Battle (promotion by battles, Rep changes) the dialog only
lists how it works there."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QGroupBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from campaign_app import procedure_driver as driver
from campaign_app.dice import Roller
from campaign_app.errors import AppError
from ui.dialogs.preview import DicePreviewDialog
from ui.i18n import translate
from ui.rules_text import rules_text
from ui.screen import fit_to_screen

KEY = Qt.ItemDataRole.UserRole


class AdvanceDialog(DicePreviewDialog):
    """``campaign_app.usecases.advance`` for one fighter (or, in the squad games, a unit:
    list only). ``info``: its ``advance_options``."""

    def __init__(self, parent: QWidget | None, app: Any, info: dict[str, Any]) -> None:
        title = (translate("AdvanceDialog", "Advance — {name}").format(name=info["fighter"]))
        note = str(rules_text(info["note"])) + ("  " + translate("AdvanceDialog", "(Our default: check it against the book.)") if info["default"] else "")
        super().__init__(parent, title, note)
        self.app = app
        self.info = info
        listing_only = info["mode"] not in ("xp", "ranks")
        facts = [str(rules_text(info["title"]))]
        if not listing_only:
            facts.append(translate("AdvanceDialog", "XP {xp}, value {value}").format(xp=info["xp"], value=info["credits_value"]))
        facts.extend(str(rules_text(x)) for x in info["status"])  # ranks: "rank 1 claimed; rank 2 at 10 XP" (said once)
        head = QLabel(" · ".join(facts))
        head.setObjectName("advanceFacts")
        head.setTextFormat(Qt.TextFormat.PlainText)  # names are user text
        head.setWordWrap(True)
        self.form.addRow(translate("AdvanceDialog", "Fighter:"), head)

        self.options = QTreeWidget()
        self.options.setObjectName("advanceOptions")
        self.options.setRootIsDecorated(False)
        self.options.setHeaderLabels([translate("AdvanceDialog", "Advancement"), translate("AdvanceDialog", "XP"), translate("AdvanceDialog", "Value"), translate("AdvanceDialog", "Change"),
                                      translate("AdvanceDialog", "Can take")])
        for o in info["options"]:
            why = str(rules_text(o["why"]))
            it = QTreeWidgetItem([str(rules_text(o["label"])), str(o["xp"]), f"+{o['value']}" if o["value"] else "",
                                  str(rules_text(o["change"])), translate("AdvanceDialog", "yes") if o["can"] else why])
            it.setData(0, KEY, o["key"])
            it.setToolTip(4, why)
            if not o["can"]:
                it.setFlags(it.flags() & ~Qt.ItemFlag.ItemIsEnabled)
            self.options.addTopLevelItem(it)
        for r in info["rows"] if listing_only else []:  # how it happens after the battle
            self.options.addTopLevelItem(QTreeWidgetItem([f"{r['roll']}: {rules_text(r['label'])}", "", "",
                                                                      str(rules_text(r["text"])), ""]))
        _fit(self.options, stretch=3)
        self.options.setMinimumHeight(90)
        # the lists across the dialog's whole width, under the form and the dice: their
        # entries whole on a 1024-pixel screen ("Rank 1: roll o..." in half the width)
        box = QGroupBox(translate("AdvanceDialog", "&Advancement") if not listing_only else str(rules_text(info.get("table_title") or "")))
        QVBoxLayout(box).addWidget(self.options)
        self.body.insertWidget(2, box, 1)
        if info["ranks"]:
            ranks = QTreeWidget()
            ranks.setObjectName("advanceRanks")
            ranks.setRootIsDecorated(False)
            ranks.setHeaderLabels([translate("AdvanceDialog", "Rank"), translate("AdvanceDialog", "XP"), translate("AdvanceDialog", "Grants"), ""])
            for rk in info["ranks"]:
                ranks.addTopLevelItem(QTreeWidgetItem([
                    str(rk["rank"]), str(rk["xp"]), str(rules_text(rk["label"])),
                    translate("AdvanceDialog", "claimed") if rk["claimed"] else translate("AdvanceDialog", "reached") if rk["reached"] else ""]))
            _fit(ranks, stretch=2)
            ranks.setMaximumHeight(100)
            ranks.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            rbox = QGroupBox(translate("AdvanceDialog", "Ranks"))
            QVBoxLayout(rbox).addWidget(ranks)
            self.body.insertWidget(3, rbox)
        self.skill = QLineEdit()
        self.skill.setObjectName("advanceSkill")
        self.skill.setPlaceholderText(translate("AdvanceDialog", "the skill gained"))
        self.skill.setEnabled(False)
        self.form.addRow(translate("AdvanceDialog", "&Skill:"), self.skill)
        self.choice = QComboBox()
        self.choice.setObjectName("advanceChoice")
        self.choice.setEnabled(False)
        self.choice.setToolTip(translate("AdvanceDialog", "When the roll offers two advancements: the one to take (same dice)"))
        self.form.addRow(translate("AdvanceDialog", "&Take:"), self.choice)

        self.options.currentItemChanged.connect(self._option_changed)
        self.skill.textEdited.connect(self._skill_edited)
        self.choice.activated.connect(self._chosen)
        if listing_only or not info["options"]:
            self.dice_box.hide()
            self.preview_button.hide()
            self.ok_button.hide()
            self.skill.setEnabled(False)
            for w in (self.view, self.changes):
                w.hide()
        first = next((self.options.topLevelItem(i) for i in range(self.options.topLevelItemCount())
                      if self.options.topLevelItem(i).flags() & Qt.ItemFlag.ItemIsEnabled), None)
        if first is not None and not listing_only:
            self.options.setCurrentItem(first)
        self._option_changed()
        self.options.setFocus()
        self.view.setMinimumHeight(80)  # the preview's steps: a 700-pixel screen holds it all
        fit_to_screen(self, 920, 660)

    # the chosen advancement -----------------------------------------------------------
    def key(self) -> str:
        it = self.options.currentItem()
        return str(it.data(0, KEY) or "") if it is not None else ""

    def _option(self) -> dict[str, Any] | None:
        return next((o for o in self.info["options"] if o["key"] == self.key()), None)

    def uses_dice(self) -> bool:
        o = self._option()  # a random advancement, a rank's roll, a random skill
        return bool(o and o.get("dice"))

    def _option_changed(self, *_a: Any) -> None:
        o = self._option()
        self.skill.setEnabled(bool(o and o["skill"]))
        self.dice.set_enabled_all(self.uses_dice())
        self._dice_changed()

    def invalidate(self, *_a: Any) -> None:
        super().invalidate()
        if hasattr(self, "choice"):
            self.choice.clear()
            self.choice.setEnabled(False)

    # the use-case -----------------------------------------------------------------------
    def call(self, *, dry_run: bool, dice: Any = None, roller: Roller | None = None) -> Any:
        from campaign_app.usecases.advance import take_advance

        if not self.key():
            raise AppError(translate("AdvanceDialog", "pick an advancement first"))
        choose = self.choice.currentData() if self.choice.isEnabled() else None
        return self.app.run(take_advance, self.info["fighter_id"], self.key(), dice=dice, roller=roller,
                            dry_run=dry_run, choose=choose or None, skill=self.skill.text() or None)

    def preview(self) -> bool:
        if not super().preview():
            return False
        rep = self.preview_data
        if rep is not None and rep.skill_roll and not self.skill.isEnabled():  # a roll gave a random skill
            self.skill.setEnabled(True)
            self.skill.setFocus()
        if rep is not None and rep.choices:  # the row offers two: ask which, same dice
            self.choice.clear()
            self.choice.addItem(translate("AdvanceDialog", "choose…"), None)
            for k in rep.choices:
                self.choice.addItem(self.info["labels"].get(k, k), k)
            self.choice.setEnabled(True)
            self.ok_button.setEnabled(False)
            self.choice.setFocus()
        return True

    def _skill_edited(self, *_a: Any) -> None:
        """The skill named: after a roll (a random skill is named once its die is seen) the
        same faces again with the name; else the preview no longer holds."""
        if self.preview_data is None or not self.uses_dice() or (self.choice.isEnabled()
                                                                and self.choice.currentData() is None):
            self.invalidate()
            return
        self._again()

    def _chosen(self, _index: int = 0) -> None:
        """A choice made: the same faces again, now with the advancement chosen."""
        if self.choice.currentData() is None:
            self.ok_button.setEnabled(False)
            return
        self._again()

    def _again(self) -> None:
        """The dry run again with the faces already rolled (or typed)."""
        self.error.clear_error()
        try:
            if self.dice.is_typed():
                rep = self.call(dry_run=True, dice=self.dice.faces())
            else:
                rep = self.call(dry_run=True, roller=Roller(driver.FaceSource(self.faces)))
        except AppError as e:
            self.error.show_error(str(e))
            self.ok_button.setEnabled(False)
            return
        self.preview_data = rep
        self.steps.set_rows(rep.steps)
        self.changes.clear()
        for line in rep.lines or [translate("AdvanceDialog", "no changes")]:
            self.changes.addItem(line)
        self.ok_button.setEnabled(True)

    def check(self) -> str:
        if self.preview_data is not None and self.preview_data.choices:
            return translate("AdvanceDialog", "the roll offers a choice: pick the advancement to take")
        return super().check()


def advance_selected(win: Any) -> Any:
    """Open the Advance dialog for the figure selected in the window's roster table."""
    from campaign_app.usecases.advance import advance_options
    from ui import widgets

    row = win.selected_row()
    if row is None or win.app is None:
        return None
    try:
        info = win.app.run(advance_options, row["id"], unit=row["what"] == "unit")
    except AppError as e:
        widgets.show_error(win, translate("AdvanceDialog", "Cannot advance"), str(e))
        return None
    dlg = AdvanceDialog(win, win.app, dict(info))
    dlg.saved.connect(lambda rep: win._saved(
        translate("AdvanceDialog", "{name}: {what} (Ctrl+Z to undo)").format(name=rep.fighter, what=rep.label),
        select=("fighter", rep.fighter_id), changes=dlg.changes))
    return win._show_dialog(dlg)


def _fit(tree: QTreeWidget, stretch: int) -> None:
    """The tree's columns as wide as their text, one of them taking the room left."""
    head = tree.header()
    head.setStretchLastSection(False)
    for col in range(tree.columnCount()):
        head.setSectionResizeMode(col, QHeaderView.ResizeMode.Stretch if col == stretch
                                  else QHeaderView.ResizeMode.ResizeToContents)
