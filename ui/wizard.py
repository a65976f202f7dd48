"""The After the Battle wizard: one page per roll the procedure asks for.

Leaving the start page reads the battle's state once (``start_after_battle``: the
plan, with the options chosen). The wizard keeps the faces gathered so far, each
marked ``random`` (Roll button) or ``typed`` (the user's own dice), and holds one
live run of the procedure (``plan.live``: its generator, in memory, no database),
sent each roll's faces. When a roll has no faces yet the run waits at its
:class:`~campaign_app.dice.DiceRequest` (what is rolled and why, how many dice): that
is the next page. After a roll the page shows
the faces, the table row hit and its effect. Back drops the last roll's faces. When
no more dice are needed the summary page lists every step and change; Apply writes
it once with the same faces (one transaction, every roll recorded with its source).
Cancel writes nothing.

Over a league server (``app.backend == "league"``) the procedure runs there and the
server rolls: each page asks it for the run with the faces so far
(``battles.after_battle_view``), Roll asks it to roll the next roll's dice
(``battles.roll_after_battle``: kept on record; a roll it made before comes back the
same, so Back, Cancel or a new wizard never re-rolls) and Apply sends the faces
(``battles.apply_rolled_after_battle``, which takes only the server's own as
``random``). Typed dice go as typed faces, where the campaign takes them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSize, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QStackedWidget,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from campaign_app import procedure_driver as driver
from campaign_app.dice import DiceRequest, RandomSource, parse_typed
from campaign_app.errors import AppError, DiceError
from campaign_app.systems.commands import AfterBattleOption, options_from
from ui.dice_widgets import FacesView, TypeIntoField, dice_words, roll_text, source_label
from ui.glyphs import action_icon
from ui.i18n import plural, translate
from ui.models import Column, RowsModel
from ui.rules_text import need_text, rules_text
from ui.screen import fit_to_screen
from ui.text import esc, plain_label
from ui.theme import muted_style
from ui.views import wrap_items, wrap_rows
from ui.widgets import EntryLine, ErrorLabel, heading, hline

if TYPE_CHECKING:
    from campaign_app.usecases.battles import AfterBattleReport


@dataclass
class DryRun:
    """What one dry run with a list of faces tells."""

    need: DiceRequest | None = None  # the next roll that has no faces yet
    report: AfterBattleReport | None = None  # the full report when no dice were missing
    rolls: list[Any] = field(default_factory=list)  # RollResults of the rolls made
    steps: list[dict[str, Any]] = field(default_factory=list)  # the steps decided so far
    error: str = ""
    state_key: str = ""  # over a league: the battle's state as the server read it (Apply checks it)


class AfterBattleWizard(QDialog):
    applied = Signal(object)

    def __init__(self, parent: QWidget | None, app: Any, battle_id: int,
                 options: tuple[AfterBattleOption, ...] = ()) -> None:
        super().__init__(parent)
        from campaign_app.usecases.battles import show_battle

        self.app = app
        self.battle = app.run(show_battle, battle_id)
        battle = self.battle
        self.option_specs = tuple(options)  # the game system's After the Battle options
        self.option_widgets: dict[str, Any] = {}
        self.fighters = [{"id": r["fighter_id"], "name": r["name"]} for r in battle["results"]
                         if r["fighter_id"] is not None]
        self.faces: list[tuple[int, str]] = []
        self.roll_starts: list[int] = []
        self.page = "start"  # start, roll, result, summary
        self.report: AfterBattleReport | None = None
        self._cache: dict[tuple[Any, ...], DryRun] = {}
        self._history_shown = []
        self.plan: Any = None  # AfterBattlePlan: the state read once, when leaving the start page
        self.plan_error = ""
        self._rng = RandomSource()
        # record helper: every roll the wizard makes goes on record (marked preview; a
        # roll taken back or a cancelled wizard marks them abandoned), strict dice first
        # reuse the faces already rolled for this battle's After the Battle
        self._roll_ids: list[list[int]] = []
        self._step: Any = None  # StepDice, read with the plan
        self._applied = False
        # over a league server the server runs the procedure and rolls (module docstring)
        self.league = getattr(app, "backend", "") == "league"
        self._options: dict[str, Any] = {}  # the options sent to the server, read when leaving the start page
        self.setWindowTitle(translate("AfterBattleWizard", "After the Battle — battle {number}").format(number=battle['number']))
        self.setModal(True)
        outer = QVBoxLayout(self)
        head = QHBoxLayout()
        icon = QLabel()
        icon.setPixmap(action_icon("wizard").pixmap(QSize(40, 40)))
        head.addWidget(icon)
        tl = QVBoxLayout()
        self.title = heading("", 3)
        self.title.setObjectName("wizardTitle")
        self.subtitle = plain_label()
        self.subtitle.setWordWrap(True)
        tl.addWidget(self.title)
        tl.addWidget(self.subtitle)
        head.addLayout(tl, 1)
        self.step_label = QLabel()
        self.step_label.setStyleSheet(muted_style())
        head.addWidget(self.step_label, 0, Qt.AlignmentFlag.AlignTop)
        outer.addLayout(head)
        outer.addWidget(hline())
        self.stack = QStackedWidget()
        outer.addWidget(self.stack, 1)
        self._build_start()
        self._build_roll()
        self._build_summary()
        self.error = ErrorLabel()
        outer.addWidget(self.error)
        outer.addWidget(hline())
        buttons = QHBoxLayout()
        self.back_button = QPushButton(translate("AfterBattleWizard", "< &Back"))
        self.back_button.setObjectName("backButton")
        self.next_button = QPushButton(translate("AfterBattleWizard", "&Next >"))
        self.next_button.setObjectName("nextButton")
        self.apply_button = QPushButton(translate("AfterBattleWizard", "&Apply"))
        self.apply_button.setObjectName("applyButton")
        self.cancel_button = QPushButton(translate("AfterBattleWizard", "Cancel"))
        self.cancel_button.setObjectName("cancelButton")
        buttons.addStretch(1)
        for b in (self.back_button, self.next_button, self.apply_button, self.cancel_button):
            buttons.addWidget(b)
        outer.addLayout(buttons)
        self.back_button.clicked.connect(self.back)
        self.next_button.clicked.connect(self.next)
        self.apply_button.clicked.connect(self.apply)
        self.cancel_button.clicked.connect(self.reject)
        # Enter is the page's default action (Next, Roll, Apply) even when focus sits on
        # Back or Cancel: those two take a click, Space, or (Cancel) Escape
        self.back_button.setAutoDefault(False)
        self.cancel_button.setAutoDefault(False)
        fit_to_screen(self, 800, 600)
        self.render()

    # pages -----------------------------------------------------------------------
    def _build_start(self) -> None:
        w = QWidget()
        lay = QVBoxLayout(w)
        info = QLabel(
            translate("AfterBattleWizard", "The app now walks through this battle's After the Battle rules, one roll at a "
            "time. For each roll press <b>Roll</b>, or type what your own dice show. You "
            "can go back and change a roll; nothing is saved until you press <b>Apply</b>, "
            "and <b>Cancel</b> leaves the campaign as it is."))
        info.setWordWrap(True)
        lay.addWidget(info)
        if self.league:
            server = QLabel(translate("AfterBattleWizard", "On this league the server rolls: each <b>Roll</b> asks it "
                                      "for the dice, and a roll it made stays made (Back, Cancel or starting again "
                                      "shows the same dice)."))
            server.setObjectName("leagueDice")
            server.setWordWrap(True)
            lay.addWidget(server)
        self.options_box = QGroupBox(translate("AfterBattleWizard", "Options"))
        ol = QVBoxLayout(self.options_box)
        for spec in self.option_specs:
            ol.addWidget(self._option_widget(spec, ol))
        # gear helper (over a league server the server rolls the income's dice, once per battle)
        self.income_box = _income_box(self.app, self.battle["id"], ol)
        self.options_box.setVisible(bool(self.option_specs) or self.income_box is not None)
        lay.addWidget(self.options_box)
        self.participants = QLabel()
        self.participants.setWordWrap(True)
        self.participants.setTextFormat(Qt.TextFormat.RichText)
        lay.addWidget(self.participants)
        lay.addStretch(1)
        self.start_page = w
        self.stack.addWidget(w)

    def _option_widget(self, spec: AfterBattleOption, layout: QVBoxLayout) -> QWidget:
        """The widget of one of the system's options: a check box (bool), a list of
        choices (choice) or a checkable list of the battle's fighters (fighters)."""
        w: QWidget
        if spec.kind == "bool":
            box = QCheckBox(spec.label)
            box.setChecked(bool(spec.default))
            w = box
        elif spec.kind == "choice":
            from PySide6.QtWidgets import QComboBox

            layout.addWidget(QLabel(spec.label))
            combo = QComboBox()
            for c in spec.choices:
                combo.addItem(c, c)
            if spec.default in spec.choices:
                combo.setCurrentIndex(spec.choices.index(spec.default))
            w = combo
        else:
            layout.addWidget(QLabel(spec.label))
            lst = QListWidget()
            for f in self.fighters:
                item = QListWidgetItem(f["name"])
                item.setData(Qt.ItemDataRole.UserRole, f["id"])
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(Qt.CheckState.Unchecked)
                lst.addItem(item)
            lst.setMaximumHeight(120)
            w = lst
        w.setObjectName(f"option_{spec.key}")
        if spec.help:
            w.setToolTip(spec.help)
        self.option_widgets[spec.key] = w
        return w

    def option_values(self) -> dict[str, Any]:
        """What the options box shows, by option key."""
        out: dict[str, Any] = {}
        for spec in self.option_specs:
            w = self.option_widgets[spec.key]
            if spec.kind == "bool":
                out[spec.key] = w.isChecked()
            elif spec.kind == "choice":
                out[spec.key] = w.currentData()
            else:
                out[spec.key] = [str(w.item(i).data(Qt.ItemDataRole.UserRole)) for i in range(w.count())
                                 if w.item(i).checkState() == Qt.CheckState.Checked]
        return out

    def _build_roll(self) -> None:
        w = QWidget()
        lay = QVBoxLayout(w)
        self.need_label = QLabel()
        self.need_label.setTextFormat(Qt.TextFormat.RichText)  # its user text through esc()
        self.need_label.setObjectName("needLabel")
        self.need_label.setWordWrap(True)
        f = self.need_label.font()
        f.setPointSize(f.pointSize() + 2)
        self.need_label.setFont(f)
        lay.addWidget(self.need_label)
        self.dice_box = QGroupBox(translate("AfterBattleWizard", "Dice"))
        dl = QGridLayout(self.dice_box)
        self.roll_button = QPushButton(action_icon("dice"), translate("AfterBattleWizard", "  &Roll"))
        self.roll_button.setObjectName("rollButton")
        self.roll_button.setIconSize(QSize(28, 28))
        self.roll_button.setMinimumHeight(44)
        self.roll_button.setMinimumWidth(140)
        dl.addWidget(self.roll_button, 0, 0, 2, 1)
        dl.addWidget(QLabel(translate("AfterBattleWizard", "or type what your dice show:")), 0, 1)
        trow = QHBoxLayout()
        self.typed = EntryLine()  # Enter uses the dice and shows the result; it is not Next
        self.typed.setObjectName("typedDice")
        self.typed.setPlaceholderText(translate("AfterBattleWizard", "e.g. 3,5"))
        self.use_typed = QPushButton(translate("AfterBattleWizard", "&Use these dice"))
        self.use_typed.setObjectName("useTyped")
        trow.addWidget(self.typed, 1)
        trow.addWidget(self.use_typed)
        dl.addLayout(trow, 1, 1)
        dl.setColumnStretch(1, 1)
        lay.addWidget(self.dice_box)
        self.result_box = QGroupBox(translate("AfterBattleWizard", "Result"))
        self.result_box.setObjectName("resultBox")
        rl = QVBoxLayout(self.result_box)
        self.faces_view = FacesView(self, 34)
        if self.league:
            self.faces_view.random_text = translate("AfterBattleWizard", "rolled by the league server")
        rl.addWidget(self.faces_view)
        self.row_label = QLabel()
        self.row_label.setObjectName("rowLabel")
        self.row_label.setWordWrap(True)
        self.row_label.setTextFormat(Qt.TextFormat.RichText)
        rl.addWidget(self.row_label)
        self.effect_label = plain_label()
        self.effect_label.setObjectName("effectLabel")
        self.effect_label.setWordWrap(True)
        rl.addWidget(self.effect_label)
        lay.addWidget(self.result_box)
        so_far = QLabel(translate("AfterBattleWizard", "So far:"))
        so_far.setStyleSheet(muted_style())
        lay.addWidget(so_far)
        self.history = QListWidget()
        self.history.setObjectName("soFar")
        self.history.setFrameShape(QFrame.Shape.StyledPanel)
        wrap_items(self.history)
        lay.addWidget(self.history, 1)
        self.roll_page = w
        self.stack.addWidget(w)
        self.roll_button.clicked.connect(self.roll)
        self.use_typed.clicked.connect(self.use_typed_dice)
        self.typed.returnPressed.connect(self.enter_dice)
        # faces typed while Roll (or Use these dice) has the focus go into the field: they
        # were lost, and the Enter after them rolled the app's dice (issue #33)
        self.typing = TypeIntoField(self.typed, [self.roll_button, self.use_typed])
        self.typed.textChanged.connect(self._typed_changed)

    def _build_summary(self) -> None:
        w = QWidget()
        lay = QVBoxLayout(w)
        lay.addWidget(QLabel(translate("AfterBattleWizard", "<b>Every step</b> (press Apply to save all of it at once):")))
        self.steps_model = RowsModel([
            Column("subject", translate("AfterBattleWizard", "Who")),
            Column("rule", translate("AfterBattleWizard", "Rule"), show=lambda r: rules_text(r.get("rule") or "")),
            Column("roll", translate("AfterBattleWizard", "Dice"), show=lambda r: roll_text(r.get("roll"))),
            Column("text", translate("AfterBattleWizard", "What happened"), show=lambda r: rules_text(r.get("text") or "")),
        ])
        self.steps_view = QTableView()
        self.steps_view.setObjectName("summarySteps")
        self.steps_view.setModel(self.steps_model)
        self.steps_view.verticalHeader().hide()
        self.steps_view.setAlternatingRowColors(True)
        self.steps_view.setWordWrap(True)
        self.steps_view.horizontalHeader().setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        wrap_rows(self.steps_view)
        lay.addWidget(self.steps_view, 2)
        lay.addWidget(QLabel(translate("AfterBattleWizard", "<b>Changes to the rosters</b>:")))
        self.changes = QListWidget()
        self.changes.setObjectName("summaryChanges")
        wrap_items(self.changes)
        lay.addWidget(self.changes, 1)
        self.summary_page = w
        self.stack.addWidget(w)

    # the use-case --------------------------------------------------------------------
    def options(self) -> dict[str, Any]:
        return options_from(self.option_specs, self.option_values())

    def _plan(self) -> Any:
        """The battle's state, read once with the options chosen (None: see plan_error)."""
        if self.plan is None and not self.plan_error and self.league:
            self._options = self.options()
            try:
                self.plan = self._remote_dry([])
                self._cache[()] = self.plan
            except AppError as e:
                self.plan_error = str(e)
        if self.plan is None and not self.plan_error:
            from campaign_app.usecases.battles import start_after_battle
            from campaign_app.usecases.record import step_dice

            try:
                self.plan = self.app.run(start_after_battle, self.battle["id"], self.options())
                self._step = self.app.run(step_dice, self.plan.state.campaign_id, self.plan.step_key)
            except AppError as e:
                self.plan_error = str(e)
        return self.plan

    def _remote_dry(self, faces: list[tuple[int, str]]) -> DryRun:
        """Over a league: the server's run with ``faces`` (nothing rolled or written)."""
        from campaign_app.usecases.battles import after_battle_view

        return self._from_view(self.app.run(after_battle_view, self.battle["id"], list(faces), self._options))

    def _from_view(self, view: Any) -> DryRun:
        """A DryRun of the server's :class:`~campaign_app.usecases.battles.AfterBattleView`;
        its dice settings and the faces already rolled are what the pages check typed dice with."""
        self._step = {"strict": view.strict, "typed_dice": view.typed_dice, "faces": list(view.recorded)}
        return DryRun(need=view.need, report=view.report() if view.done else None, rolls=list(view.rolls),
                      steps=list(view.steps), state_key=view.state_key)

    def _recorded(self) -> list[tuple[int, str]]:
        """Strict dice: the faces already rolled for this After the Battle."""
        return list(self._step["faces"]) if self._step else []

    def _record_roll(self, start: int, new: bool) -> None:
        """Put the roll just made on record (a preview), unless its faces were already."""
        ids: list[int] = []
        made, pos = None, 0
        for r in self.dry(self.faces).rolls:  # the roll that took the faces from ``start`` on
            if pos == start:
                made = r
                break
            pos += len(r.faces)
        if new and made is not None and self.plan is not None:
            from dataclasses import replace

            from campaign_app.usecases.battles import name_rolls
            from campaign_app.usecases.record import record_preview

            roll = replace(made, extra=dict(made.extra))
            name_rolls(self.plan.state, [roll])
            try:
                ids = self.app.run(record_preview, self.plan.state.campaign_id, [roll], step=self.plan.step_key,
                                     battle_id=self.plan.battle_id, face_start=start).ids
            except AppError as e:
                self.error.show_error(str(e))
        self._roll_ids.append(ids)

    def _abandon(self, ids: list[int]) -> None:
        if not ids or self.league:  # a league server keeps its rolls (they come back the same)
            return
        from campaign_app.usecases.record import abandon_rolls

        try:
            self.app.run(abandon_rolls, ids)
        except AppError as e:
            self.error.show_error(str(e))

    def reject(self) -> None:
        """Cancel: the rolls made so far stay on record, marked abandoned."""
        if not self._applied:
            self._abandon([i for ids in self._roll_ids for i in ids])
            self._roll_ids = []
        super().reject()

    def dry(self, faces: list[tuple[int, str]]) -> DryRun:
        """The procedure in memory with ``faces``: one live run (``plan.live``, the
        procedure's generator kept) that waits at the next roll and goes on when sent
        its faces, so a roll costs the same however many came before (Back starts a run
        again). The steps shown are those the run has decided so far (a roll whose own
        step is not out yet, a fighter's rolls still going on, shows its row only)."""
        key = tuple(faces)
        if key in self._cache:
            return self._cache[key]
        out = DryRun()
        plan = self._plan()
        if plan is None:
            out.error = self.plan_error
            return out
        if self.league:
            try:
                out = self._remote_dry(faces)
            except AppError as e:
                out.error = str(e)
            self._cache[key] = out
            return out
        try:
            live = self._live_with(plan, faces)
            if live.error is not None:
                raise live.error
            if live.done:
                assert live.result is not None
                out.report = plan.report(live.result, True)
                out.rolls = list(live.rolls)
                out.steps = out.report.steps
            else:
                out.need = live.pending
                out.rolls = list(live.rolls)
                out.steps = self._live_steps()
        except AppError as e:
            out.error = str(e)
        self._cache[key] = out
        return out

    # --- one live run (the procedure's generator), sent each roll's faces
    _live: driver.Run[Any] | None = None
    _live_plan: Any = None
    _live_seen: list[Any]  # the outcomes the live run made (the first is its own)
    _live_dicts: list[tuple[Any, dict[str, Any]]]  # its steps so far, each with its dict
    _history_shown: list[dict[str, Any]]  # the steps the history list shows, in order
    live_runs = 0  # live runs started (the first, and one per Back)

    def _live_with(self, plan: Any, faces: list[tuple[int, str]]) -> driver.Run[Any]:
        live = self._live
        given = live.given if live is not None else []
        if live is None or self._live_plan is not plan or faces[:len(given)] != given:
            if live is not None:
                live.close()
                self._live = None
            self.live_runs += 1
            live, self._live_seen = plan.live(faces)
            self._live, self._live_plan, self._live_dicts = live, plan, []
        elif len(faces) > len(given):
            live.send(faces[len(given):])
        return live

    def _live_steps(self) -> list[dict[str, Any]]:
        """The steps the live run's outcome holds now, as dicts (each made once)."""
        seen = self._live_seen
        steps = seen[0].steps if seen else []
        done = self._live_dicts
        if len(done) > len(steps) or (done and steps[len(done) - 1] is not done[-1][0]):
            done.clear()  # not the same steps grown: all again
        done += [(st, st.to_dict()) for st in steps[len(done):]]
        return [d for _st, d in done]

    def done(self, r: int) -> None:  # noqa: D102 - QDialog.done: a live run waiting is let go
        if self._live is not None:
            self._live.close()
            self._live = None
        super().done(r)

    # navigation -------------------------------------------------------------------------
    def render(self) -> None:
        self.error.clear_error()
        b = self.battle
        self.title.setText(translate("AfterBattleWizard", "After the Battle — battle {number}").format(number=b['number']))
        scen = f": {b['scenario']}" if b.get("scenario") else ""
        names = " vs ".join(r["name"] for r in b.get("rosters", []))
        self.subtitle.setText(f"{names}{scen} ({b.get('played_on', '')})")
        rolls_made = len(self.roll_starts)
        if self.page == "start":
            self.stack.setCurrentWidget(self.start_page)
            self.step_label.setText(translate("AfterBattleWizard", "Start"))
            self.participants.setText(_participants_html(self.battle))
            self.back_button.setEnabled(False)
            self.next_button.setEnabled(True)
            self.apply_button.setEnabled(False)
            self.next_button.setDefault(True)
            return
        state = self.dry(self.faces)
        if state.error:
            self.error.show_error(state.error)
            self.stack.setCurrentWidget(self.start_page)
            self.next_button.setEnabled(False)
            self.apply_button.setEnabled(False)
            self.back_button.setEnabled(bool(self.faces) or self.page != "start")
            return
        if self.page == "result" and rolls_made:
            self._show_roll(rolls_made - 1, state, done=True)
        elif state.need is not None:
            self.page = "roll"
            self._show_roll(rolls_made, state, done=False)
        else:
            self.page = "summary"
            self._show_summary(state)

    def _show_roll(self, k: int, state: DryRun, done: bool) -> None:
        self.stack.setCurrentWidget(self.roll_page)
        self.step_label.setText(translate("AfterBattleWizard", "Roll {value}").format(value=k + 1))
        start = self.roll_starts[k] if k < len(self.roll_starts) else len(self.faces)
        roll = state.rolls[k] if k < len(state.rolls) else None
        # what came before this roll (decided by the faces already there): the lines
        # not shown yet are added, the list is only filled again when it went back
        before = self._steps_before(state, k)
        shown = self._history_shown
        if len(shown) > len(before) or any(before[i] is not shown[i] for i in range(max(0, len(shown) - 1),
                                                                                     len(shown))):
            self.history.clear()
            shown.clear()
        for st in before[len(shown):]:
            self.history.addItem(_step_line(st))
            shown.append(st)
        if done and roll is not None:
            self.need_label.setText(translate("AfterBattleWizard", "<b>{dice_words}</b> for {purpose}").format(dice_words=esc(dice_words(roll.spec, roll.target)), purpose=esc(rules_text(roll.purpose))))
            self.dice_box.setEnabled(False)
            self.result_box.show()
            self.faces_view.set_faces(self.faces[start:start + len(roll.faces)])
            label = roll.extra.get("label") or roll.result or ""
            table = translate("AfterBattleWizard", "<br><span style='color: gray'>table {table}, row {row}</span>").format(table=esc(_table_title(roll.table)), row=esc(roll.row)) \
                if roll.table else ""
            self.row_label.setText(translate("AfterBattleWizard", "{value} → <b>{label}</b>{table}").format(value=_value_words(roll.spec, roll.value), label=esc(rules_text(label)), table=table))
            self.effect_label.setText(self._effect_of(state, k))
            self.next_button.setEnabled(True)
            self.next_button.setDefault(True)
            self.next_button.setFocus()  # the next Enter goes on (the dice box is disabled)
        else:
            need = state.need
            assert need is not None
            self.need_label.setText(translate("AfterBattleWizard", "Roll <b>{need}</b>").format(need=esc(need_text(need.need, need.purpose))))
            self.dice_box.setEnabled(True)
            self.typed.clear()
            self.typed.setPlaceholderText(
                plural(need.count, translate("AfterBattleWizard", "{n} die, e.g. "),
                       translate("AfterBattleWizard", "{n} dice, e.g. "))
                + ",".join(str(x) for x in [3, 5, 2, 6, 1][:need.count] or ["3"]))
            self.result_box.hide()
            self.next_button.setEnabled(False)
            self.roll_button.setDefault(True)
            if self._typed_allowed():
                self.typed.setFocus()  # type the faces and Enter; Enter alone is Roll
            else:
                self.roll_button.setFocus()
        self.back_button.setEnabled(True)
        self.apply_button.setEnabled(False)

    def _steps_before(self, state: DryRun, k: int) -> list[dict[str, Any]]:
        """Steps up to (not including) roll ``k``'s own step."""
        out = []
        seen = 0
        for st in state.steps:
            if st.get("roll"):
                if seen >= k:
                    break
                seen += 1
            out.append(st)
        return out

    def _effect_of(self, state: DryRun, k: int) -> str:
        """What roll ``k`` did: its step; when the step is not decided yet (the row asks
        for more dice first, e.g. a D3 of XP), the roll it asks for next (the live
        run's pending request)."""
        seen = 0
        for st in state.steps:
            if st.get("roll"):
                if seen == k:
                    return f"{st['subject']}: {rules_text(st['text'])}" if st.get("subject") else rules_text(st["text"])
                seen += 1
        need = state.need
        if need is not None and k == len(state.rolls) - 1:
            return translate("AfterBattleWizard", "Roll <b>{need}</b>").format(need=esc(need_text(need.need,
                                                                                                    need.purpose)))
        return ""

    def _show_summary(self, state: DryRun) -> None:
        assert state.report is not None
        self.report = state.report
        self.stack.setCurrentWidget(self.summary_page)
        n = len(self.roll_starts)
        self.step_label.setText(plural(n, translate("AfterBattleWizard", "Summary ({n} roll)"), translate("AfterBattleWizard", "Summary ({n} rolls)")))
        self.steps_model.set_rows(state.report.steps)
        # Who, Rule and Dice as wide as their text, but capped (a fifth of the table or
        # less each): a long translated rule name wraps and "What happened" keeps at
        # least two fifths of the width
        room = self.steps_view.viewport().width()
        for c, share in ((0, 0.2), (1, 0.22), (2, 0.18)):
            self.steps_view.resizeColumnToContents(c)
            self.steps_view.setColumnWidth(c, min(self.steps_view.columnWidth(c), max(90, int(room * share))))
        self.steps_view.resizeRowsToContents()
        self.changes.clear()
        for line in state.report.lines or [translate("AfterBattleWizard", "no changes")]:
            self.changes.addItem(rules_text(line))
        self.back_button.setEnabled(True)
        self.next_button.setEnabled(False)
        self.apply_button.setEnabled(True)
        self.apply_button.setDefault(True)
        self.apply_button.setFocus()  # Next went grey under the focus: Enter applies

    def next(self) -> None:
        if self.page == "start":
            self._cache.clear()  # the options may have changed: read the state again
            self.plan = None
            self.plan_error = ""
            self.page = "roll"
        elif self.page == "result":
            self.page = "roll"
        self.render()

    def back(self) -> None:
        """Drop the last roll's faces (and show that roll again, waiting for dice)."""
        if self.page == "start":
            return
        if not self.roll_starts:
            self.page = "start"
            self.render()
            return
        start = self.roll_starts.pop()
        del self.faces[start:]
        if self._roll_ids:  # the roll taken back stays on record, abandoned
            self._abandon(self._roll_ids.pop())
        self.page = "roll"
        self.render()

    def _add_faces(self, faces: list[tuple[int, str]]) -> None:
        self.roll_starts.append(len(self.faces))
        self.faces.extend(faces)
        self.page = "result"
        self.render()

    def roll(self) -> None:
        """The Roll button: the app rolls the dice this step needs."""
        state = self.dry(self.faces)
        if state.need is None or self.page != "roll":
            return
        if self.league:
            self._roll_on_server()
            return
        start = len(self.faces)
        known = self._recorded()[start:start + state.need.count]  # strict: already rolled
        self._add_faces(known + [(self._rng.next_face(), "random")
                                 for _ in range(state.need.count - len(known))])
        self._record_roll(start, len(known) < state.need.count)

    def _roll_on_server(self) -> None:
        """Over a league: the server rolls this roll's dice (or gives back those it rolled
        for it before) and sends the run with them."""
        from campaign_app.usecases.battles import roll_after_battle

        try:
            rolled = self.app.run(roll_after_battle, self.battle["id"], list(self.faces), self._options)
        except AppError as e:
            self.error.show_error(str(e))
            return
        faces = [(int(f), str(src)) for f, src in rolled.faces]
        self._cache[tuple(self.faces + faces)] = self._from_view(rolled.view)
        self._roll_ids.append([])  # kept by the server, never abandoned
        self._add_faces(faces)

    def _typed_changed(self) -> None:
        text = self.typed.text().strip()
        problem = self._typed_problem() if text else ""
        from ui.theme import bad_field_style

        self.typed.setStyleSheet(bad_field_style() if problem else "")
        if problem:
            self.error.show_error(problem)
        else:
            self.error.clear_error()

    def _typed_problem(self) -> str:
        state = self.dry(self.faces)
        if state.need is None:
            return ""
        try:
            faces = parse_typed(self.typed.text())
        except DiceError as e:
            return str(e)
        if len(faces) != state.need.count:
            return plural(state.need.count, translate("AfterBattleWizard", "this roll takes {n} die; you typed {typed}"),
                          translate("AfterBattleWizard", "this roll takes {n} dice; you typed {typed}"), typed=len(faces))
        if self._step and self._step["strict"]:
            if not self._step["typed_dice"]:
                return translate("AfterBattleWizard",
                                 "this campaign plays strict dice without typed dice: use Roll")
            known = [f for f, _s in self._recorded()[len(self.faces):len(self.faces) + len(faces)]]
            if known and faces[:len(known)] != known:
                return translate("AfterBattleWizard",
                                 "these dice were already rolled (%1): strict dice reuse them").replace(
                                     "%1", ",".join(map(str, known)))
        return ""

    def _typed_allowed(self) -> bool:
        """Whether typed dice may be used (strict dice can forbid them)."""
        return not (self._step and self._step["strict"] and not self._step["typed_dice"])

    def enter_dice(self) -> None:
        """Enter in the typed dice: the faces typed, or (nothing typed) the app's Roll."""
        if self.typed.text().strip():
            self.use_typed_dice()
        else:
            self.roll()

    def use_typed_dice(self) -> None:
        """Use the faces typed in (checked first: count and 1-6)."""
        if self.page != "roll":
            return
        problem = self._typed_problem()
        if problem:
            self.error.show_error(problem)
            return
        self._add_faces([(f, "typed") for f in parse_typed(self.typed.text())])
        self._roll_ids.append([])  # typed: the player's own dice (not an app roll)

    def apply(self) -> None:
        """Run After the Battle for real with the same faces (one transaction)."""
        if self.page != "summary":
            return
        from campaign_app.usecases.battles import apply_after_battle, apply_rolled_after_battle

        try:
            if self.league:
                shown = self.dry(self.faces)
                report = self.app.run(apply_rolled_after_battle, self.battle["id"], list(self.faces), self._options,
                                      shown.state_key)
            else:
                report = self.app.run(apply_after_battle, self.plan, self.faces)
        except AppError as e:  # a conflict says the rosters changed since the preview
            if callable(e.retry):  # a league write with no answer: Retry sends it again, applied once
                self._offer_retry(e)
                return
            self.error.show_error(str(e))
            return
        self._done(report)

    def _done(self, report: Any) -> None:
        report = _collect_income(self, report)  # gear helper
        self.report = report
        self._applied = True
        self.applied.emit(report)
        self.accept()

    def _offer_retry(self, err: AppError) -> None:
        """Apply got no answer from the league server (or a 503): the Retry box; a Retry
        that goes through (the same request, the same key: applied at most once) ends the
        wizard as Apply would have."""
        from ui import widgets

        self.retry_box = widgets.ask_retry(self, translate("AfterBattleWizard", "After the Battle"),
                                           self._ends_wizard(err))

    def _ends_wizard(self, err: AppError) -> AppError:
        """``err`` whose Retry, once it goes through, ends the wizard (a Retry that gets
        no answer again raises an error of the same kind)."""
        again = err.retry
        assert again is not None

        def retry() -> Any:
            try:
                report = again()
            except AppError as e:
                if callable(e.retry):
                    self._ends_wizard(e)
                raise
            QTimer.singleShot(0, lambda: self._done(report))
            return report

        err.retry = retry
        return err

    # for tests and screenshots --------------------------------------------------------
    def current_need(self) -> DiceRequest | None:
        return self.dry(self.faces).need if self.page == "roll" else None

    def sources(self) -> list[str]:
        return [source_label(s) for _f, s in self.faces]


# --- gear helper: collecting the territories' income after the battle (an option)
def _income_box(app: Any, battle_id: int, layout: QVBoxLayout) -> Any:
    """The "collect income" check box, when a roster of the battle holds territories."""
    from campaign_app.usecases.gear import battle_has_income

    if not app.run(battle_has_income, battle_id):
        return None

    from ui.i18n import translate

    box = QCheckBox(translate("AfterBattleWizard", "Collect the territories' &income (rolls recorded)"))
    box.setObjectName("option_income")
    box.setChecked(True)
    layout.addWidget(box)
    return box


def _collect_income(wiz: Any, report: Any) -> Any:
    """After Apply: the income of each roster's territories, when asked (its own undo
    step, rolled at random, on the ledger with the battle); the report names its changes."""
    box = getattr(wiz, "income_box", None)
    if box is None or not box.isChecked():
        return report
    from dataclasses import replace

    from campaign_app.usecases.gear import collect_battle_income

    try:
        income = wiz.app.run(collect_battle_income, wiz.battle["id"])
    except AppError as e:
        wiz.error.show_error(str(e))
        return report
    wiz.income = income
    return replace(report, changes=report.changes | income.changes)


def _value_words(spec: str, value: int) -> str:
    if spec.startswith("pass:"):
        return translate("wizard", "<b>pass {value}</b>").format(value=value)
    if spec.strip().lower() == "d66":  # read as tens and units, not added up
        return translate("wizard", "D66 <b>{value}</b>").format(value=value)
    return translate("wizard", "Total <b>{value}</b>").format(value=value)


def _step_line(st: dict[str, Any]) -> str:
    who = f"{st['subject']} — " if st.get("subject") else ""
    roll = f"  [{roll_text(st['roll'])}]" if st.get("roll") else ""
    return f"{who}{rules_text(st['rule'])}: {rules_text(st['text'])}{roll}"


# The use-case's change lines ("Joe: status active, status_note  (Back from recovery)")
# name columns as the database does; the summary shows them in words.
def _participants_html(b: dict[str, Any]) -> str:
    hit = translate("wizard", "scored a hit")
    casualties = translate("wizard", "{n} casualties")
    rows = "".join(
        f"<tr><td>{esc(r['name'])}</td><td>{esc(rules_text(r['status'].replace('-', ' ')))}</td>"
        f"<td>{hit if r.get('scored_hit') else ''}"
        f"{casualties.format(n=r['casualties']) if r.get('casualties') else ''}</td></tr>"
        for r in b.get("results", []))
    winner = next((r["name"] for r in b.get("rosters", []) if r.get("result") == "win"), "")
    head = translate("wizard", "<p><b>Winner:</b> {winner}</p>").format(winner=esc(winner)) if winner else translate("wizard", "<p>No winner recorded.</p>")
    return (translate("wizard", "{head}<p><b>How each figure ended the battle:</b></p><table cellspacing='0' cellpadding='3'>{rows}</table>").format(head=head, rows=rows))


def _table_title(table_id: str) -> str:
    """A rolled table by its title, in the window's language (its id where the rules
    data has no such table: a house rule's own)."""
    from campaign_app.rules.loader import load_rulebook

    table = load_rulebook().tables.get(table_id)
    return str(rules_text(table.title)) if table is not None else table_id
