"""The main window: campaigns and rosters on the left, the roster table (columns by
game system, status by icon and colour), battles, roll log and history in tabs, and
the selected fighter or unit in the detail pane on the right. Every action is in a
menu, most in the toolbar, each with a shortcut.

The window lays out its views and shows what a use-case changed
(:meth:`MainWindow.apply_changes`, given the use-case result's change set). Its
actions are built in :mod:`ui.actions`; what they do is in :mod:`ui.controllers` (one
module per group of operations, loaded when first used). The window only calls
use-cases (``campaign_app.usecases``) and shows their plain results; dialogs run on
``open()`` (never a nested ``exec()``), long work goes through :mod:`ui.worker`."""

from __future__ import annotations

import importlib.util
import logging
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6 import QtCore
from PySide6.QtCore import QSize, QTimer
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QLabel, QMainWindow, QStackedWidget, QWidget

from campaign_app.errors import AppError
from ui.glyphs import action_icon, app_icon
from ui.lazy import lazy_module, q
from ui.settings import AppSettings, safe_url

if TYPE_CHECKING:
    from PySide6.QtGui import QAction, QCloseEvent
    from PySide6.QtWidgets import QTreeWidgetItem

    from campaign_app.changes import Changes
    from ui.worker import Task

# Loaded on first use. The first frame shows the menus, the toolbar and what is being
# opened; the campaign tree, the tabs and the detail pane (and their modules) are built
# when there is something to show in them.
detail = lazy_module("ui.detail")
widgets = lazy_module("ui.widgets")
worker = lazy_module("ui.worker")

log = logging.getLogger(__name__)

ROLE = 256  # Qt.ItemDataRole.UserRole, as a plain int: see ui.actions.build_toolbar
TAB_ROSTER, TAB_BATTLES, TAB_LOG, TAB_HISTORY = range(4)
_MAIN_PAGE = frozenset({"splitter", "tree", "tabs", "table_title", "model", "table", "battles_view",
                        "log_view", "history_view", "detail"})
_EMPTY_PAGE = frozenset({"empty_page", "demo_button"})
NO_DATABASE = "No database is open: choose one in File ▸ Database Settings (Ctrl+O)."
OPEN_FALLBACK_MS = 300  # open the database even if the window never paints
NO_UNDO: dict[str, Any] = {"undo": None, "redo": None}


def has_module(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def _system_names() -> str:
    """The installed game systems, in words (read when a page or box needs them)."""
    from campaign_app.systems.registry import systems

    names = [gs.name for gs in systems().values()]
    return " and ".join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else "".join(names)


def _figure_order(row: dict[str, Any]) -> tuple[bool, int]:
    """The roster table's rows as the query gives them: fighters, then units, by id."""
    return row["what"] != "fighter", row["id"]


class MainWindow(QMainWindow):
    _main_built = False
    _empty_built = False

    def __init__(self, engine: Any = None, settings: AppSettings | None = None, url: str = "") -> None:
        from ui import actions as ui_actions

        super().__init__()
        self.engine = engine
        self.url = url
        self.settings = settings or AppSettings()
        self.campaign: dict[str, Any] | None = None
        self.roster_id: int | None = None
        self.system: dict[str, Any] | None = None
        self.tree_data: list[dict[str, Any]] = []
        self.active_dialog: Any = None
        self.tasks: list[Task] = []
        self._columns_key: tuple[Any, ...] | None = None
        self._undo_state: dict[str, Any] = NO_UNDO
        self._undo_for: int | None = None  # the campaign whose history _undo_state is
        self._open_pending: str | None = None
        self._open_create = True
        self._opening: Task | None = None  # the open_url task whose result counts
        self.actions: dict[str, QAction] = {}
        self.system_id = ""  # the game system whose actions are shown
        self.game_system: Any = None
        self.system_actions: dict[str, QAction] = {}
        self.system_command_map: dict[str, Any] = {}
        self.import_actions: dict[str, str] | None = None  # action name -> importer key, once built
        self.setWindowTitle("Campaign Manager")
        self.setWindowIcon(app_icon())
        self.setObjectName("mainWindow")
        self.resize(1280, 780)
        ui_actions.build(self)
        self._build_central()
        self.db_label = QLabel()
        self.db_label.setProperty("textFormat", "PlainText")
        self.statusBar().addPermanentWidget(self.db_label)
        self.restore_window()
        if engine is not None:
            self.set_engine(engine, url)
        else:
            self.update_actions()

    @cached_property
    def features(self) -> dict[str, bool]:
        """Which optional parts of the app are installed (looked up once, when needed)."""
        return {
            "battles": has_module("campaign_app.usecases.battles"),
            "units": has_module("campaign_app.usecases.units"),
            "exports": has_module("campaign_app.usecases.exports") and has_module("reports"),
            "data": has_module("campaign_app.usecases.datafiles"),
            "demo": has_module("campaign_app.usecases.demo"),
        }

    # ------------------------------------------------------------------ pages
    def _build_central(self) -> None:
        """The first frame: a page saying which database is being opened. The campaign
        page and the no-campaigns page are built when first shown (``__getattr__``)."""
        self.stack = QStackedWidget()
        self.start_page = QLabel(NO_DATABASE)
        self.start_page.setProperty("textFormat", "PlainText")  # it names a database (by name: no Qt enums yet)
        self.start_page.setObjectName("startPage")
        self.start_page.setProperty("alignment", "AlignCenter")  # by name, as the toolbar style
        self.start_page.setWordWrap(True)
        self.stack.addWidget(self.start_page)
        self.setCentralWidget(self.stack)

    def __getattr__(self, name: str) -> Any:
        """Called only for a name not set yet: a widget of a page not built yet. The page
        is built then, so every caller (and every test) finds it as if always there."""
        if name in _MAIN_PAGE and not self._main_built:
            self._build_main_page()
            return getattr(self, name)
        if name in _EMPTY_PAGE and not self._empty_built:
            self._build_empty_page()
            return getattr(self, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def _build_empty_page(self) -> None:
        """No campaigns in this database yet: offer the demo and a new campaign."""
        from PySide6.QtWidgets import QHBoxLayout, QPushButton, QVBoxLayout

        self._empty_built = True
        empty = QWidget()
        el = QVBoxLayout(empty)
        el.addStretch(1)
        icon = QLabel()
        icon.setPixmap(app_icon().pixmap(QSize(96, 96)))
        icon.setAlignment(QtCore.Qt.AlignmentFlag.AlignCenter)
        el.addWidget(icon)
        title = widgets.heading("No campaigns yet", 6)
        title.setAlignment(QtCore.Qt.AlignmentFlag.AlignCenter)
        el.addWidget(title)
        text = QLabel("Start your own campaign, or look around first in a sample campaign for each "
                      f"game system ({_system_names()}).")
        text.setWordWrap(True)
        text.setAlignment(QtCore.Qt.AlignmentFlag.AlignCenter)
        text.setMinimumWidth(540)
        text.setMaximumWidth(600)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(text)
        row.addStretch(1)
        el.addLayout(row)
        brow = QHBoxLayout()
        brow.addStretch(1)
        self.demo_button = QPushButton(action_icon("demo"), "  Open the &demo campaigns")
        self.demo_button.setObjectName("demoButton")
        self.demo_button.setMinimumHeight(40)
        self.demo_button.clicked.connect(self.create_demo)
        new_button = QPushButton(action_icon("campaign"), "  &New campaign…")
        new_button.setMinimumHeight(40)
        new_button.clicked.connect(self.new_campaign)
        brow.addWidget(self.demo_button)
        brow.addWidget(new_button)
        brow.addStretch(1)
        el.addLayout(brow)
        el.addStretch(2)
        self.empty_page = empty
        self.stack.addWidget(empty)

    def _build_main_page(self) -> None:
        """The campaign tree, the roster/battles/roll log/history tabs and the detail pane."""
        from PySide6.QtGui import QShortcut
        from PySide6.QtWidgets import (
            QAbstractItemView,
            QSplitter,
            QTabWidget,
            QTreeWidget,
            QVBoxLayout,
        )

        from ui import actions as ui_actions
        from ui.models import RosterModel
        from ui.views import BattlesView, HistoryView, RollLogView, table_view

        self._main_built = True
        self.splitter = QSplitter(QtCore.Qt.Orientation.Horizontal)
        self.splitter.setObjectName("mainSplitter")
        self.tree = QTreeWidget()
        self.tree.setObjectName("campaignTree")
        self.tree.setHeaderLabels(["Campaigns"])
        self.tree.setIconSize(QSize(18, 18))
        self.tree.setMinimumWidth(200)
        # a long roster name loses its middle, not its figure count at the end
        self.tree.setTextElideMode(QtCore.Qt.TextElideMode.ElideMiddle)
        self.tree.setContextMenuPolicy(QtCore.Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.customContextMenuRequested.connect(lambda pos: ui_actions.tree_menu(self, pos))
        self.splitter.addWidget(self.tree)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("tabs")
        self.tabs.setDocumentMode(True)
        rpage = QWidget()
        rl = QVBoxLayout(rpage)
        rl.setContentsMargins(0, 4, 0, 0)
        self.table_title = QLabel()
        self.table_title.setTextFormat(QtCore.Qt.TextFormat.RichText)  # user text in it through esc()
        self.table_title.setObjectName("tableTitle")
        rl.addWidget(self.table_title)
        self.model = RosterModel()
        self.table = table_view(self.model, "rosterTable")
        self.table.setContextMenuPolicy(QtCore.Qt.ContextMenuPolicy.CustomContextMenu)
        self.table.customContextMenuRequested.connect(lambda pos: ui_actions.table_menu(self, pos))
        self.table.doubleClicked.connect(lambda _ix: self.edit_selected())
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        rl.addWidget(self.table)
        self.tabs.addTab(rpage, action_icon("roster"), "Roster")
        self.battles_view = BattlesView()
        self.battles_view.open_after_battle.connect(self.open_wizard)
        self.tabs.addTab(self.battles_view, action_icon("battle"), "Battles")
        self.log_view = RollLogView()
        self.tabs.addTab(self.log_view, action_icon("log"), "Roll Log")
        self.history_view = HistoryView()
        self.tabs.addTab(self.history_view, action_icon("history"), "History")
        self.tabs.currentChanged.connect(self._tab_changed)
        self.splitter.addWidget(self.tabs)
        self.detail = detail.DetailPane()
        self.splitter.addWidget(self.detail)
        self.splitter.setStretchFactor(0, 0)
        self.splitter.setStretchFactor(1, 3)
        self.splitter.setStretchFactor(2, 2)
        self.splitter.setSizes([240, 720, 360])
        split = self.settings.window_state()[2]
        if split is not None:
            self.splitter.restoreState(split)
        self.stack.addWidget(self.splitter)
        self.tree.currentItemChanged.connect(self._tree_changed)
        # the selection, not the current row: a mouse press moves the current row before
        # it selects it, so the detail and the actions would see no selection yet
        self.table.selectionModel().selectionChanged.connect(lambda *_a: self.show_detail())
        # Enter edits the selected figure, in the table only (not in every text field)
        for key in ("Return", "Enter"):
            QShortcut(QKeySequence(key), self.table, self.edit_selected,
                      context=QtCore.Qt.ShortcutContext.WidgetShortcut)

    # ------------------------------------------------------------------ window state
    def restore_window(self) -> None:
        geometry, state, _split = self.settings.window_state()  # the split: with its page
        if geometry is not None:
            self.restoreGeometry(geometry)
        if state is not None:
            self.restoreState(state)
        self.update_recent_menu()

    def save_window(self) -> None:
        split = self.splitter.saveState() if self._main_built else self.settings.window_state()[2]
        self.settings.save_window_state(self.saveGeometry(), self.saveState(), split)
        if self.campaign:
            self.settings.set_value("view/campaign", self.campaign["id"])
        self.settings.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.save_window()
        worker.cancel_all_and_wait(5000)
        super().closeEvent(event)

    # ------------------------------------------------------------------ database
    def open_when_shown(self, url: str, create: bool = True) -> None:
        """Open ``url`` once the window has painted its first frame. Opening loads the
        core and SQLAlchemy on a worker thread, and that import would hold the GIL while
        the GUI thread paints: the window would appear later for nothing. If no paint
        comes (a minimised or hidden start), the database opens after a short wait.
        ``create=False``: a SQLite file that is not there is an error, not a new file."""
        self._open_pending = url
        self._open_create = create
        self.start_page.setText(f"Opening {safe_url(url)}…")
        QTimer.singleShot(OPEN_FALLBACK_MS, self._open_pending_url)

    def paintEvent(self, event: Any) -> None:  # noqa: N802 (Qt's name)
        super().paintEvent(event)
        if self._open_pending is not None:
            QTimer.singleShot(0, self._open_pending_url)

    def _open_pending_url(self) -> None:
        url, self._open_pending = self._open_pending, None
        if url is not None:
            self.open_url(url, create=self._open_create)

    def set_engine(self, engine: Any, url: str = "", prefer: tuple[str, int] | None = None) -> None:
        old = self.engine
        self.engine = engine
        self.url = url or self.url
        if old is not None and old is not engine:
            old.dispose()
        shown = safe_url(self.url) if self.url else str(getattr(engine, "url", ""))
        self.db_label.setText(f"  {shown}  ")
        self.db_label.setToolTip("the campaign database (Ctrl+O to change)")
        if self.url:
            self.settings.remember(self.url)
            self.update_recent_menu()
        name = Path(self.url.split("///", 1)[-1]).name if self.url.startswith("sqlite") else safe_url(self.url)
        self.setWindowTitle(f"Campaign Manager — {name}" if name else "Campaign Manager")
        self.campaign = None
        self.roster_id = None
        self._undo_for = None
        from ui import actions as ui_actions

        ui_actions.sync_import_actions(self)  # the installed systems' importers
        last = self.settings.value("view/campaign")
        self.reload(prefer=prefer or (("campaign", int(last)) if last not in (None, "") else None))

    def update_recent_menu(self) -> None:
        self.recent_menu.clear()
        for u in self.settings.recent():
            a = self.recent_menu.addAction(u)
            a.triggered.connect(lambda _c=False, url=u: self.open_url(url))
        self.recent_menu.setEnabled(bool(self.settings.recent()))

    def database_settings(self) -> None:
        from ui.controllers import database

        database.database_settings(self)

    def open_url(self, url: str, password: str | None = None, create: bool = True) -> Task | None:
        """Open a database off the GUI thread (a server may be slow to answer). Only the
        last database asked for is taken: an earlier open that ends later is let go."""
        from ui.controllers import database

        return database.open_url(self, url, password, create)

    # ------------------------------------------------------------------ loading
    def reload(self, prefer: tuple[str, int] | None = None) -> None:
        """Read everything shown again (another database, Reload, a conflict), keeping
        the selection."""
        if self.engine is None:
            self.update_actions()
            return
        keep_item = self.selected_row() if self._main_built else None
        want = prefer or self._here()
        self._undo_for = None
        self.tree_data = q.campaign_tree(self.engine)
        if not self.tree_data:
            self._show_empty()
            return
        target = self._fill_tree(want)
        self._select_tree_item(target, keep_item)

    def apply_changes(self, changes: Changes, prefer: tuple[str, int] | None = None) -> None:
        """Show what a use-case changed (``campaign_app.changes.changes_of(result)``),
        reading again only that: the tree when its shape or a campaign's or roster's row
        changed; the table rows of the fighters and units named (the whole table when
        the shape changed); the battles, the roll log, the history (and Undo/Redo) only
        when they changed; the detail pane when what it shows is named. ``prefer``: the
        campaign or roster to show now (one just made). Keeps the selection."""
        if (self.engine is None or changes.everything or self.campaign is None or not self._main_built
                or self.system is None):
            self.reload(prefer)
            return
        cid, rid = self.campaign["id"], self.roster_id
        keep = self.selected_row()
        if prefer is not None or self._tree_named(changes):
            self.tree_data = q.campaign_tree(self.engine)
            if not self.tree_data:
                self._show_empty()
                return
            target = self._fill_tree(prefer or (("roster", rid) if rid is not None else ("campaign", cid)))
            camp, new_rid = self._campaign_of_item(target)
            if camp is None or camp["id"] != cid or new_rid != rid:  # elsewhere now: show all of it
                self._select_tree_item(target, keep)
                return
            self.campaign = camp  # its names and counts as they are now
            self._set_table_title()
        if changes.structure:
            self.load_table(keep)
        elif changes.figures():
            self._refresh_rows(changes)
        # the battles list names the rosters that fought: a roster's own row counts too
        if changes.battles or (changes.rosters and not changes.figures()):
            self.battles_view.set_rows(q.battles(self.engine, cid))
        if changes.rolls:
            self.log_view.set_campaign(self.engine, cid)  # read now if shown, else when shown
        if changes.history:
            self._undo_for = None
            self.history_view.set_campaign(self.engine, cid)
        if self._detail_named(changes):
            self.show_detail()  # updates the actions too
        else:
            self.update_actions()

    @staticmethod
    def _tree_named(ch: Changes) -> bool:
        """Whether the campaign tree shows something ``ch`` changed: its shape, a
        roster's row, a battle (the pending count), or a campaign's own row."""
        return bool(ch.structure or ch.rosters or ch.battles or ch.campaigns)

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

    def _refresh_rows(self, ch: Changes) -> None:
        """The table rows of the fighters and units ``ch`` names, and only those."""
        assert self.campaign is not None
        scope: dict[str, Any] = ({"roster": self.roster_id} if self.roster_id is not None
                                 else {"campaign": self.campaign["id"]})
        data = q.roster_rows(self.engine, fighters=sorted(ch.fighters), units=sorted(ch.units), **scope)
        named = [("fighter", i) for i in ch.fighters] + [("unit", i) for i in ch.units]
        self.model.update_rows(data["rows"], named, key=lambda r: (r["what"], r["id"]),
                               natural=_figure_order)
        self._set_table_title()

    def _here(self) -> tuple[str, int] | None:
        return (("roster", self.roster_id) if self.roster_id is not None else
                ("campaign", self.campaign["id"]) if self.campaign else None)

    def _show_empty(self) -> None:
        self.stack.setCurrentWidget(self.empty_page)
        self.campaign = None
        self.roster_id = None
        if self._main_built:  # another database had campaigns: let go of them
            self.tree.clear()
            self.model.set_rows([])
        self.update_actions()

    def _fill_tree(self, want: tuple[str, int] | None) -> QTreeWidgetItem | None:
        """The tree from ``tree_data``, ``want`` (else the first campaign) made current
        without the signal; returns that item."""
        from PySide6.QtWidgets import QTreeWidgetItem

        from ui.text import esc

        self.tree.blockSignals(True)
        self.tree.clear()
        target: QTreeWidgetItem | None = None
        first: QTreeWidgetItem | None = None
        for c in self.tree_data:
            ci = QTreeWidgetItem([c["name"]])
            ci.setIcon(0, action_icon("campaign"))
            ci.setData(0, ROLE, ("campaign", c["id"]))
            pend = f"\n{c['pending_battles']} battle(s) waiting for After the Battle" \
                if c["pending_battles"] else ""
            ci.setToolTip(0, f"{c['system_name']}{(' ' + c['edition']) if c['edition'] else ''}"
                          f"{(' + ' + ', '.join(c['expansions'])) if c['expansions'] else ''}{pend}")
            f = ci.font(0)
            f.setBold(True)
            ci.setFont(0, f)
            self.tree.addTopLevelItem(ci)
            first = first or ci
            if want == ("campaign", c["id"]):
                target = ci
            for r in c["rosters"]:
                n = r["fighters"] + r["units"]
                ri = QTreeWidgetItem([f"{r['name']}  ({n})"])
                ri.setIcon(0, action_icon("roster"))
                ri.setData(0, ROLE, ("roster", r["id"]))
                tip = " · ".join(x for x in (f"{r['name']} ({n})", r["kind"], r["faction"], r["player"]) if x)
                ri.setToolTip(0, f"<span>{esc(tip)}</span>")  # a tooltip renders rich text: escaped
                ci.addChild(ri)
                if want == ("roster", r["id"]):
                    target = ri
            ci.setExpanded(True)
        self.stack.setCurrentWidget(self.splitter)
        target = target or first
        self.tree.setCurrentItem(target)
        self.tree.blockSignals(False)
        return target

    def _tree_changed(self, cur: QTreeWidgetItem | None, _prev: Any) -> None:
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

    def _select_tree_item(self, item: QTreeWidgetItem | None, keep: dict[str, Any] | None) -> None:
        """Show the campaign or roster ``item``: every view of it read again."""
        camp, rid = self._campaign_of_item(item)
        if camp is None:
            return
        self.campaign = camp
        self.roster_id = rid
        try:
            self.system = q.system_info(camp["system"])
        except AppError as e:  # a campaign of a game system not installed here
            self.system = None
            self.model.set_rows([])
            from ui.text import esc

            self.table_title.setText(f"<b>{esc(camp['name'])}</b>  ·  {esc(camp['system_name'])}")
            self.detail.show_nothing(str(e))
            self.statusBar().showMessage(str(e), 10000)
            self.update_actions()
            return
        self.load_table(keep)
        self.battles_view.set_rows(q.battles(self.engine, camp["id"]))
        self.log_view.set_campaign(self.engine, camp["id"])
        self.history_view.set_campaign(self.engine, camp["id"])
        self.show_detail()

    def load_table(self, keep: dict[str, Any] | None = None) -> None:
        assert self.campaign is not None and self.system is not None
        if self.roster_id is not None:
            data = q.roster_rows(self.engine, roster=self.roster_id)
        else:
            data = q.roster_rows(self.engine, campaign=self.campaign["id"])
        key = (self.system["id"], self.roster_id is None)
        if key != self._columns_key:
            from PySide6.QtWidgets import QHeaderView

            from ui.models import roster_columns

            self.model.set_columns(roster_columns(self.system, with_roster=self.roster_id is None))
            self._columns_key = key
            hh = self.table.horizontalHeader()
            hh.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
            for i, col in enumerate(self.model.columns):
                if col.width:
                    self.table.setColumnWidth(i, col.width)
                elif col.key.startswith("stat:") or col.key in ("rep", "xp", "wounded", "battles_fought"):
                    self.table.setColumnWidth(i, 40)
                else:
                    self.table.setColumnWidth(i, 96)
            hh.setStretchLastSection(True)
            self.table.horizontalHeader().setSortIndicator(-1, QtCore.Qt.SortOrder.AscendingOrder)
        self.model.set_rows(data["rows"])
        self._fit_columns()
        self._set_table_title()
        if keep is not None:
            r = self.model.find(lambda row: row["what"] == keep["what"] and row["id"] == keep["id"])
            if r >= 0:
                self.table.selectRow(r)

    def _set_table_title(self) -> None:
        from ui.text import esc

        assert self.campaign is not None
        if self.roster_id is not None:
            roster = next((r for r in self.campaign["rosters"] if r["id"] == self.roster_id), None)
            title = f"<b>{esc(roster['name'] if roster else '')}</b>  ·  {esc(self.campaign['system_name'])}"
        else:
            title = (f"<b>{esc(self.campaign['name'])}</b>  ·  every roster  ·  "
                     f"{esc(self.campaign['system_name'])}")
        n = self.model.rowCount()
        self.table_title.setText(f"{title}  ·  {n} figure{'s' if n != 1 else ''}")

    def _fit_columns(self) -> None:
        """Columns as wide as their contents (sampled: cheap on big rosters), capped."""
        hh = self.table.horizontalHeader()
        fm = self.table.fontMetrics()
        for i, col in enumerate(self.model.columns):
            self.table.resizeColumnToContents(i)
            want = max(self.table.columnWidth(i), fm.horizontalAdvance(col.title) + 22)
            cap = 260 if col.key in ("weapons", "skills", "injuries") else 200
            self.table.setColumnWidth(i, min(want, cap))
        hh.setStretchLastSection(True)

    def selected_row(self) -> dict[str, Any] | None:
        ix = self.table.selectionModel().currentIndex() if self.table.selectionModel() else None
        if ix is None or not ix.isValid():
            return None
        if not self.table.selectionModel().isRowSelected(ix.row(), ix.parent()):
            return None
        return self.model.row_at(ix.row())

    def select_figure(self, name: str) -> bool:
        r = self.model.find(lambda row: row["name"] == name)
        if r >= 0:
            self.table.selectRow(r)
            self.show_detail()
        return r >= 0

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

    def show_detail(self) -> None:
        if self.engine is None or self.campaign is None:
            self.detail.show_nothing()
            return
        row = self.selected_row()
        try:
            if row is not None and row["what"] == "fighter":
                self.detail.show_html(detail.fighter_html(q.fighter_detail(self.engine, row["id"])),
                                      ("fighter", row["id"]))
            elif row is not None:
                self.detail.show_html(detail.unit_html(q.unit_detail(self.engine, row["id"])),
                                      ("unit", row["id"]))
            elif self.roster_id is not None:
                self.detail.show_html(detail.roster_html(q.roster_detail(self.engine, self.roster_id)),
                                      ("roster", self.roster_id))
            else:
                self.detail.show_html(detail.campaign_html(self.campaign,
                                                           q.battles(self.engine, self.campaign["id"])),
                                      ("campaign", self.campaign["id"]))
        except AppError as e:  # the row vanished (another window removed it)
            self.detail.show_nothing(str(e))
        self.update_actions()

    def _tab_changed(self, i: int) -> None:
        if i == TAB_LOG:
            self.log_view.reload_filters()
            self.log_view.refresh()
        elif i == TAB_HISTORY:
            self.history_view.refresh()

    def show_log(self) -> None:
        self.tabs.setCurrentIndex(TAB_LOG)
        row = self.selected_row()
        if row is not None and row["what"] == "fighter":
            self.log_view.set_filter(fighter=row["id"])

    # ------------------------------------------------------------------ actions state
    # ------------------------------------------------------------------ actions state
    def update_actions(self) -> None:
        """Enable the actions that apply now (runs on every selection change)."""
        from ui import actions as ui_actions

        ui_actions.update_state(self)

    def undo_state_of(self, campaign_id: int | None) -> dict[str, Any]:
        """What Undo and Redo would do in the campaign: read once per change of its
        history (``apply_changes``), of the campaign shown, or of the database."""
        if campaign_id is None or self.engine is None:
            return NO_UNDO
        if self._undo_for != campaign_id:
            self._undo_state = q.undo_state(self.engine, campaign_id)
            self._undo_for = campaign_id
        return self._undo_state

    # ------------------------------------------------------------------ system commands
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

    # ------------------------------------------------------------------ dialogs, tasks
    def _show_dialog(self, dlg: Any) -> Any:
        """Open a dialog without blocking (tests and screenshots can drive it)."""
        self.active_dialog = dlg
        dlg.setAttribute(QtCore.Qt.WidgetAttribute.WA_DeleteOnClose)
        if hasattr(dlg, "conflict"):
            dlg.conflict.connect(lambda msg, d=dlg: self._conflict(d, msg))
        dlg.finished.connect(lambda _r, d=dlg: self._dialog_closed(d))
        dlg.open()
        return dlg

    def _dialog_closed(self, dlg: Any) -> None:
        if self.active_dialog is dlg:
            self.active_dialog = None

    def _conflict(self, dlg: Any, msg: str) -> None:
        dlg.reject()
        widgets.show_error(self, "Changed by someone else", msg)
        self.reload()

    def _saved(self, message: str, prefer: tuple[str, int] | None = None,
               select: tuple[str, int] | None = None, changes: Changes | None = None) -> None:
        """After a use-case: its message, what it changed shown (``changes``; None: a
        caller that does not know, so everything), then the figure ``select`` selected."""
        from campaign_app.changes import Changes

        self.statusBar().showMessage(message, 6000)
        self.apply_changes(Changes.all() if changes is None else changes, prefer=prefer)
        if select is not None:
            r = self.model.find(lambda row: (row["what"], row["id"]) == select)
            if r >= 0:
                self.table.selectRow(r)
                self.table.scrollTo(self.model.index(r, 0))
                self.show_detail()

    def _run_simple(self, fn: Any, row: dict[str, Any], message: str) -> bool:
        """One use-case on the selected figure ``row``, then the saved message."""
        from ui.controllers import editing

        return editing.run_simple(self, fn, row, message)

    def _task(self, title: str, work: Any, done: Any, on_cancel: Any = None) -> Task:
        task = worker.run_task(self, title, work, on_done=done,
                               on_error=lambda e: (self.statusBar().clearMessage(),
                                                   widgets.show_error(self, title, e), self.reload()),
                               on_cancel=on_cancel or (lambda: self.statusBar().showMessage(
                                   f"{title}: cancelled", 6000)))
        self.tasks.append(task)
        task.ended.connect(lambda: self.tasks.remove(task) if task in self.tasks else None)
        return task

    def ask_open_path(self, title: str, filters: str) -> str:
        from PySide6.QtWidgets import QFileDialog

        name, _f = QFileDialog.getOpenFileName(self, title, str(Path.home()), filters)
        return name

    def ask_save_path(self, title: str, default_name: str, filters: str) -> str:
        from PySide6.QtWidgets import QFileDialog

        start = str(Path(str(self.settings.value("export/dir", str(Path.home())))) / default_name)
        name, _f = QFileDialog.getSaveFileName(self, title, start, filters)
        if name:
            self.settings.set_value("export/dir", str(Path(name).parent))
        return name

    # ------------------------------------------------------------------ operations
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

    def remove_selected(self) -> None:
        from ui.controllers import editing

        editing.remove_selected(self)

    def house_rules(self) -> Any:
        from ui.controllers import editing

        return editing.house_rules(self)

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

    # ------------------------------------------------------------------ help
    def about(self) -> None:
        widgets.show_message(self, "About Campaign Manager",
                             "Campaign Manager\n\nCampaigns, rosters, battles and After the Battle rolls for "
                             f"{_system_names()}. Every roll is logged; every change can be undone.")

    def show_shortcuts(self) -> None:
        from ui import actions as ui_actions

        ui_actions.show_shortcuts(self)
