"""The main window: campaigns and rosters on the left, the roster table (columns by
game system, status by icon and colour), battles, roll log and history in tabs, and
the selected fighter or unit in the detail pane on the right. Every action is in a
menu, most in the toolbar, each with a shortcut.

The window only calls use-cases (``campaign_app.usecases``) and shows their plain
results; dialogs run on ``open()`` (never a nested ``exec()``), long work goes
through :mod:`ui.worker`."""

from __future__ import annotations

import collections
import importlib.util
import logging
import time
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6 import QtCore
from PySide6.QtCore import QSize, QTimer
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QLabel, QMainWindow, QStackedWidget, QToolBar, QWidget

from campaign_app.errors import AppError, ConflictError, NotFoundError
from ui.glyphs import action_icon, app_icon
from ui.lazy import core, lazy_module, q
from ui.settings import AppSettings, safe_url

if TYPE_CHECKING:
    from PySide6.QtGui import QCloseEvent
    from PySide6.QtWidgets import QTreeWidgetItem

    from ui.worker import Task

# Loaded on first use. The first frame shows the menus, the toolbar and what is being
# opened; the campaign tree, the tabs and the detail pane (and their modules) are built
# when there is something to show in them.
detail = lazy_module("ui.detail")
widgets = lazy_module("ui.widgets")
worker = lazy_module("ui.worker")

log = logging.getLogger(__name__)

ROLE = 256  # Qt.ItemDataRole.UserRole, as a plain int: see _build_toolbar
TAB_ROSTER, TAB_BATTLES, TAB_LOG, TAB_HISTORY = range(4)
_MAIN_PAGE = frozenset({"splitter", "tree", "tabs", "table_title", "model", "table", "battles_view",
                        "log_view", "history_view", "detail"})
_EMPTY_PAGE = frozenset({"empty_page", "demo_button"})
_NO_FEATURES: dict[str, bool] = collections.defaultdict(bool)
NO_DATABASE = "No database is open: choose one in File ▸ Database Settings (Ctrl+O)."
OPEN_FALLBACK_MS = 300  # open the database even if the window never paints


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


class MainWindow(QMainWindow):
    _main_built = False
    _empty_built = False

    def __init__(self, engine: Any = None, settings: AppSettings | None = None, url: str = "") -> None:
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
        self._undo_state: dict[str, Any] = {"undo": None, "redo": None}
        self._open_pending: str | None = None
        self._open_create = True
        self._opening: Task | None = None  # the open_url task whose result counts
        self._system_id = ""  # the game system whose actions are shown
        self._game_system: Any = None
        self._system_actions: dict[str, QAction] = {}
        self._system_commands: dict[str, Any] = {}
        self.setWindowTitle("Campaign Manager")
        self.setWindowIcon(app_icon())
        self.setObjectName("mainWindow")
        self.resize(1280, 780)
        self._build_actions()
        self._build_menus()
        self._build_toolbar()
        self._build_central()
        self.db_label = QLabel()
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

    # ------------------------------------------------------------------ building
    def _act(self, name: str, text: str, slot: Any, shortcut: Any = None, icon: Any = None,
             tip: str = "") -> QAction:
        a = QAction(text, self)
        a.setObjectName(f"action_{name}")
        if shortcut is not None:
            # always setShortcuts(list): setShortcut's overloads would build Qt's enums
            keys = shortcut if isinstance(shortcut, (list, tuple)) else [shortcut]
            a.setShortcuts([QKeySequence(k) for k in keys])
        if icon is not None:
            a.setIcon(icon)
        if tip:
            a.setStatusTip(tip)
            a.setToolTip(f"{tip} ({a.shortcut().toString(QKeySequence.SequenceFormat.NativeText)})"
                         if shortcut else tip)
        a.triggered.connect(lambda _checked=False: slot())
        self.actions[name] = a
        self.addAction(a)
        return a

    def _build_actions(self) -> None:
        self.actions: dict[str, QAction] = {}
        K = QKeySequence.StandardKey
        self._act("open_db", "&Database Settings…", self.database_settings, K.Open,
                  action_icon("database"), "Choose the campaign database (file or server)")
        self._act("demo", "Create &Demo Campaigns", self.create_demo, None, action_icon("demo"),
                  "Add one sample campaign per game system")
        self._act("import_json", "Import &Campaign (JSON)…", self.import_json, None, None,
                  "Import a campaign exported from this app")
        self._act("import_yaktribe", "Import &Yaktribe Gang…", self.import_yaktribe, None, None,
                  "Import a gang from a Yaktribe JSON file")
        self._act("export_json", "Export Campaign as &JSON…", self.export_json, None, None,
                  "Save the whole campaign as a JSON file")
        self._act("export_roster", "&Roster PDF…", lambda: self.export_pdf("roster"), K.Print,
                  action_icon("export"), "Print the selected roster")
        self._act("export_cards", "Fighter &Cards PDF…", lambda: self.export_pdf("cards"), None, None,
                  "Print a card for each fighter or unit of the roster")
        self._act("export_qrs", "&Quick Reference PDF…", lambda: self.export_pdf("qrs"), None, None,
                  "Print the quick-reference cards of the campaign's game")
        self._act("export_all", "&All Rosters of the Campaign PDF…", lambda: self.export_pdf("all"),
                  "Ctrl+Shift+P", None, "Print every roster of the campaign in one PDF")
        self._act("backup", "&Back Up Database…", self.backup_database, "Ctrl+Shift+S", None,
                  "Save a copy of the whole database (SQLite copy; JSON on a server)")
        self._act("restore", "Re&store from Backup…", self.restore_database, None, None,
                  "Replace the whole database with a backup (checked first; the current one is saved)")
        self._act("quit", "&Quit", self.close, K.Quit, None, "Close the app")
        self._act("undo", "&Undo", self.undo, K.Undo, action_icon("undo"),
                  "Undo the campaign's last action")
        self._act("redo", "&Redo", self.redo, ["Ctrl+Shift+Z", "Ctrl+Y"], action_icon("redo"),
                  "Redo the last undone action")
        self._act("edit_item", "&Edit Selected…", self.edit_selected, "F2",
                  action_icon("edit"), "Edit the selected fighter or unit")
        self._act("remove_item", "Re&move Selected", self.remove_selected, K.Delete,
                  action_icon("remove"), "Remove the selected fighter or unit (undoable)")
        self._act("reload", "Re&load", self.reload, K.Refresh, action_icon("reload"),
                  "Read the database again")
        self._act("new_campaign", "&New Campaign…", self.new_campaign, K.New, action_icon("campaign"),
                  "Start a campaign: game system, edition, expansions")
        self._act("new_roster", "New &Roster…", self.new_roster, "Ctrl+Shift+N", action_icon("roster"),
                  "Add a gang, squad or force to the campaign")
        self._act("edit_roster", "Edit R&oster…", self.edit_roster, "Ctrl+Shift+E", None,
                  "Edit the selected roster's name, faction, player, credits")
        self._act("house_rules", "&House Rules…", self.house_rules, "Ctrl+H", action_icon("house-rules"),
                  "Edit a rules table for this campaign only")
        self._act("add_fighter", "Add &Fighter…", self.add_fighter, ["Ins", "Ctrl+Shift+F"],
                  action_icon("fighter"), "Add a fighter to the selected roster")
        self._act("add_unit", "Add &Unit…", self.add_unit, "Ctrl+Shift+U", action_icon("unit"),
                  "Add a unit to the selected roster (squad games)")
        self._act("exchange", "E&xchange Prisoner", self.exchange_prisoner, None, None,
                  "Squad games: the selected prisoner unit comes back")
        self._act("record_battle", "&Record Battle…", self.record_battle, "Ctrl+B", action_icon("battle"),
                  "Record who fought and how each figure ended")
        self._act("after_battle", "&After the Battle…", self.after_battle, "Ctrl+Shift+B",
                  action_icon("wizard"), "Walk through the After the Battle rolls of a battle")
        self._act("view_roster", "&Roster", lambda: self.tabs.setCurrentIndex(TAB_ROSTER), "Ctrl+1")
        self._act("view_battles", "&Battles", lambda: self.tabs.setCurrentIndex(TAB_BATTLES), "Ctrl+2")
        self._act("view_log", "Roll &Log", self.show_log, ["Ctrl+3", "Ctrl+L"], action_icon("log"),
                  "Every roll of the campaign, with filters")
        self._act("view_history", "&History", lambda: self.tabs.setCurrentIndex(TAB_HISTORY), "Ctrl+4",
                  action_icon("history"), "The campaign's actions (what Undo undoes)")
        self._act("about", "&About", self.about, K.HelpContents)
        self._act("shortcuts", "&Keyboard Shortcuts", self.show_shortcuts, "Ctrl+/")
        self.page_group = QActionGroup(self)
        for size, label in (("a4", "A4"), ("letter", "US Letter")):
            a = QAction(label, self, checkable=True)
            a.setObjectName(f"action_page_{size}")
            a.setData(size)
            self.page_group.addAction(a)
            a.setChecked(self.settings.value("export/page", "a4") == size)
        self.page_group.triggered.connect(lambda a: self.settings.set_value("export/page", a.data()))

    def _build_menus(self) -> None:
        mb = self.menuBar()
        m = mb.addMenu("&File")
        m.addAction(self.actions["open_db"])
        self.recent_menu = m.addMenu("Open &Recent")
        self.recent_menu.setObjectName("recentMenu")
        m.addSeparator()
        m.addAction(self.actions["demo"])
        m.addSeparator()
        m.addAction(self.actions["import_json"])
        m.addAction(self.actions["import_yaktribe"])
        m.addAction(self.actions["export_json"])
        m.addSeparator()
        m.addAction(self.actions["backup"])
        m.addAction(self.actions["restore"])
        m.addSeparator()
        ex = m.addMenu(action_icon("export"), "&Print / Export PDF")
        for k in ("export_roster", "export_cards", "export_qrs", "export_all"):
            ex.addAction(self.actions[k])
        ex.addSeparator()
        pm = ex.addMenu("Page &Size")
        for a in self.page_group.actions():
            pm.addAction(a)
        m.addSeparator()
        m.addAction(self.actions["quit"])
        m = mb.addMenu("&Edit")
        for k in ("undo", "redo"):
            m.addAction(self.actions[k])
        m.addSeparator()
        for k in ("edit_item", "remove_item"):
            m.addAction(self.actions[k])
        m.addSeparator()
        m.addAction(self.actions["reload"])
        m = mb.addMenu("&Campaign")
        for k in ("new_campaign", "new_roster", "edit_roster"):
            m.addAction(self.actions[k])
        m.addSeparator()
        m.addAction(self.actions["house_rules"])
        campaign_menu = m
        m = mb.addMenu("&Roster")
        for k in ("add_fighter", "add_unit"):
            m.addAction(self.actions[k])
        roster_end = m.addSeparator()
        for k in ("edit_item", "remove_item"):
            m.addAction(self.actions[k])
        m.addSeparator()
        m.addAction(self.actions["exchange"])
        # where the open campaign's game-system actions go: (menu, the action they precede)
        self._system_places: dict[str, tuple[Any, QAction | None]] = {
            "campaign": (campaign_menu, None), "roster": (m, roster_end),
            "figure": (m, self.actions["exchange"]),
        }
        m = mb.addMenu("&Battle")
        m.addAction(self.actions["record_battle"])
        m.addAction(self.actions["after_battle"])
        m = mb.addMenu("&View")
        for k in ("view_roster", "view_battles", "view_log", "view_history"):
            m.addAction(self.actions[k])
        m.addSeparator()
        self.view_menu = m
        m = mb.addMenu("&Help")
        m.addAction(self.actions["shortcuts"])
        m.addAction(self.actions["about"])

    def _build_toolbar(self) -> None:
        tb = QToolBar("Main toolbar")
        tb.setObjectName("mainToolbar")
        tb.setIconSize(QSize(24, 24))
        # Set by name: the first frame uses no enum of Qt's namespace, whose first use
        # builds all 176 of its Python enums (12 ms, a tenth of the start)
        tb.setProperty("toolButtonStyle", "ToolButtonTextUnderIcon")
        for k in ("new_campaign", "new_roster", None, "add_fighter", "add_unit", "edit_item",
                  "remove_item", None, "record_battle", "after_battle", None, "undo", "redo", None,
                  "view_log", "export_roster"):
            if k is None:
                tb.addSeparator()
            else:
                tb.addAction(self.actions[k])
        short = {"new_campaign": "Campaign", "new_roster": "Roster", "add_fighter": "Fighter",
                 "add_unit": "Unit", "edit_item": "Edit", "remove_item": "Remove",
                 "record_battle": "Battle", "after_battle": "After Battle", "undo": "Undo", "redo": "Redo",
                 "view_log": "Roll Log", "export_roster": "Print"}
        for k, text in short.items():
            self.actions[k].setIconText(text)
        self.addToolBar(tb)
        self.toolbar = tb
        self.view_menu.addAction(tb.toggleViewAction())

    def _build_central(self) -> None:
        """The first frame: a page saying which database is being opened. The campaign
        page and the no-campaigns page are built when first shown (``__getattr__``)."""
        self.stack = QStackedWidget()
        self.start_page = QLabel(NO_DATABASE)
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
        self.tree.customContextMenuRequested.connect(self._tree_menu)
        self.splitter.addWidget(self.tree)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("tabs")
        self.tabs.setDocumentMode(True)
        rpage = QWidget()
        rl = QVBoxLayout(rpage)
        rl.setContentsMargins(0, 4, 0, 0)
        self.table_title = QLabel()
        self.table_title.setObjectName("tableTitle")
        rl.addWidget(self.table_title)
        self.model = RosterModel()
        self.table = table_view(self.model, "rosterTable")
        self.table.setContextMenuPolicy(QtCore.Qt.ContextMenuPolicy.CustomContextMenu)
        self.table.customContextMenuRequested.connect(self._table_menu)
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
        last = self.settings.value("view/campaign")
        self.reload(prefer=prefer or (("campaign", int(last)) if last not in (None, "") else None))

    def update_recent_menu(self) -> None:
        self.recent_menu.clear()
        for u in self.settings.recent():
            a = self.recent_menu.addAction(u)
            a.triggered.connect(lambda _c=False, url=u: self.open_url(url))
        self.recent_menu.setEnabled(bool(self.settings.recent()))

    def database_settings(self) -> None:
        from campaign_app.usecases.database import default_db_path
        from ui.dialogs.database import DatabaseDialog

        dlg = DatabaseDialog(self, self.settings, self.url, str(default_db_path()))
        dlg.accepted.connect(lambda: self.open_url(dlg.url, dlg.password))
        self._show_dialog(dlg)

    def open_url(self, url: str, password: str | None = None, create: bool = True) -> Task | None:
        """Open a database off the GUI thread (a server may be slow to answer). Only the
        last database asked for is taken: an earlier open that ends later is let go."""
        from ui.settings import is_postgres, with_password

        self._open_pending = None  # the user's choice wins over the start-up database

        if is_postgres(url) and password is None and self.settings.ask_password(url):
            from ui.dialogs.database import ask_password

            self.active_dialog = ask_password(
                self, url, lambda pw: self.open_url(url, pw) if pw is not None else None)
            return None
        full = with_password(url, password)

        def work(ctx: Any) -> Any:
            from campaign_app.usecases.database import open_database

            engine = open_database(full, create=create)
            if ctx.cancelled:
                engine.dispose()
            return engine

        def current() -> bool:
            return self._opening is task

        def done(engine: Any) -> None:
            if not current():  # another database was asked for meanwhile
                engine.dispose()
                return
            self._opening = None
            self.set_engine(engine, url)

        def cancelled() -> None:
            if current():
                self._opening = None
                if self.engine is None:
                    self.start_page.setText(NO_DATABASE)

        def failed(e: BaseException) -> None:
            if not current():
                return
            self._opening = None
            if self.engine is None:
                self.start_page.setText(NO_DATABASE)
            text = str(e)
            if password:
                text = text.replace(password, "***")
            if is_postgres(url) and password is None and "password" in text.lower():
                from ui.dialogs.database import ask_password

                self.statusBar().showMessage("The server wants a password", 5000)
                self.active_dialog = ask_password(
                    self, url, lambda pw: self.open_url(url, pw) if pw is not None else None)
                return
            if not isinstance(e, AppError):
                text = f"cannot open database {safe_url(url)}: {type(e).__name__}: {text}"
            widgets.show_error(self, "Cannot open the database", text)

        if self.engine is None:
            self.start_page.setText(f"Opening {safe_url(url)}…")
        task = worker.run_task(self, "Opening database", work, on_done=done, on_error=failed,
                               on_cancel=cancelled, label=f"Opening {safe_url(url)}…")
        self._opening = task
        self.tasks.append(task)
        return task

    # ------------------------------------------------------------------ loading
    def reload(self, prefer: tuple[str, int] | None = None) -> None:
        """Read everything shown again (after any change), keeping the selection."""
        from PySide6.QtWidgets import QTreeWidgetItem

        if self.engine is None:
            self.update_actions()
            return
        keep_item = self.selected_row() if self._main_built else None
        want = prefer or (("roster", self.roster_id) if self.roster_id is not None else
                          ("campaign", self.campaign["id"]) if self.campaign else None)
        self.tree_data = q.campaign_tree(self.engine)
        if not self.tree_data:
            self.stack.setCurrentWidget(self.empty_page)
            self.campaign = None
            self.roster_id = None
            if self._main_built:  # another database had campaigns: let go of them
                self.tree.clear()
                self.model.set_rows([])
            self.update_actions()
            return
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
                ri.setToolTip(0, " · ".join(x for x in (f"{r['name']} ({n})", r["kind"], r["faction"],
                                                        r["player"]) if x))
                ci.addChild(ri)
                if want == ("roster", r["id"]):
                    target = ri
            ci.setExpanded(True)
        self.tree.blockSignals(False)
        self.stack.setCurrentWidget(self.splitter)
        target = target or first
        self.tree.blockSignals(True)
        self.tree.setCurrentItem(target)
        self.tree.blockSignals(False)
        self._select_tree_item(target, keep_item)

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
            self.table_title.setText(f"<b>{camp['name']}</b>  ·  {camp['system_name']}")
            self.detail.show_nothing(str(e))
            self.statusBar().showMessage(str(e), 10000)
            self.update_actions()
            return
        self.load_table(keep)
        self.battles_view.set_rows(q.battles(self.engine, camp["id"]))
        self.log_view.set_campaign(self.engine, camp["id"])
        self.history_view.set_campaign(self.engine, camp["id"])
        self.show_detail()
        self.update_actions()

    def load_table(self, keep: dict[str, Any] | None = None) -> None:
        assert self.campaign is not None and self.system is not None
        if self.roster_id is not None:
            data = q.roster_rows(self.engine, roster=self.roster_id)
            roster = next((r for r in self.campaign["rosters"] if r["id"] == self.roster_id), None)
            title = f"<b>{roster['name'] if roster else ''}</b>  ·  {self.campaign['system_name']}"
        else:
            data = q.roster_rows(self.engine, campaign=self.campaign["id"])
            title = (f"<b>{self.campaign['name']}</b>  ·  every roster  ·  {self.campaign['system_name']}")
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
        n = len(data["rows"])
        self.table_title.setText(f"{title}  ·  {n} figure{'s' if n != 1 else ''}")
        if keep is not None:
            r = self.model.find(lambda row: row["what"] == keep["what"] and row["id"] == keep["id"])
            if r >= 0:
                self.table.selectRow(r)

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
    def update_actions(self) -> None:
        a = self.actions
        has_db = self.engine is not None
        camp = self.campaign
        row = self.selected_row() if has_db and self._main_built else None
        roster = self.roster_id is not None
        feats = self.features if has_db else _NO_FEATURES  # nothing to look up before a database
        a["demo"].setEnabled(has_db and feats["demo"])
        a["new_campaign"].setEnabled(has_db)
        for k in ("new_roster", "house_rules", "export_json"):
            a[k].setEnabled(camp is not None)
        a["import_json"].setEnabled(has_db and feats["data"])
        a["import_yaktribe"].setEnabled(has_db and feats["data"])
        a["export_json"].setEnabled(camp is not None and feats["data"])
        a["edit_roster"].setEnabled(roster)
        a["add_fighter"].setEnabled(roster)
        a["add_unit"].setEnabled(roster and bool(camp and camp["uses_units"]) and feats["units"])
        self._sync_system_actions()
        for key, cmd in self._system_commands.items():
            a[key].setEnabled(cmd.applies(camp, roster, row) and self._command_check(cmd, row))
        a["backup"].setEnabled(has_db)
        a["restore"].setEnabled(has_db)
        a["edit_item"].setEnabled(row is not None)
        a["remove_item"].setEnabled(row is not None and (row["what"] == "fighter" or feats["units"]))
        a["exchange"].setEnabled(row is not None and row["what"] == "unit" and feats["units"]
                                 and row.get("status") == "prisoner")
        a["record_battle"].setEnabled(camp is not None and feats["battles"] and bool(camp["rosters"]))
        a["after_battle"].setEnabled(camp is not None and feats["battles"] and camp["pending_battles"] > 0)
        for k in ("view_roster", "view_battles", "view_log", "view_history"):
            a[k].setEnabled(camp is not None)
        for k in ("export_roster", "export_cards"):
            a[k].setEnabled(roster and feats["exports"])
        for k in ("export_qrs", "export_all"):
            a[k].setEnabled(camp is not None and feats["exports"])
        self._undo_state = q.undo_state(self.engine, camp["id"]) if camp and has_db else \
            {"undo": None, "redo": None}
        u, r = self._undo_state["undo"], self._undo_state["redo"]
        a["undo"].setEnabled(u is not None)
        a["redo"].setEnabled(r is not None)
        a["undo"].setText(f"&Undo {u}" if u else "&Undo")
        a["redo"].setText(f"&Redo {r}" if r else "&Redo")
        a["undo"].setToolTip(f"Undo: {u} (Ctrl+Z)" if u else "Nothing to undo")
        a["redo"].setToolTip(f"Redo: {r} (Ctrl+Shift+Z)" if r else "Nothing to redo")

    # ------------------------------------------------------------------ system commands
    def _sync_system_actions(self) -> None:
        """Show the actions of the open campaign's game system, and only those: each
        command of the system that has a GUI action (none for a system not installed)."""
        sysid = self.campaign["system"] if self.campaign else ""
        if sysid == self._system_id:
            return
        for key, act in self._system_actions.items():
            for menu, _before in self._system_places.values():
                menu.removeAction(act)
            self.toolbar.removeAction(act)
            self.removeAction(act)
            self.actions.pop(key, None)
            act.deleteLater()
        self._system_actions, self._system_commands = {}, {}
        self._system_id, self._game_system = sysid, None
        if not sysid:
            return  # nothing open: the registry is not even loaded (start-up)
        from campaign_app.systems.registry import systems

        gs = systems().get(sysid)
        if gs is None:
            return
        self._game_system = gs
        cmds = sorted((c for c in gs.command_list() if c.gui is not None), key=lambda c: c.gui.order)
        for cmd in cmds:
            g, key = cmd.gui, cmd.action_key
            act = self._act(key, g.label, lambda k=key: self.run_command(k), list(g.shortcut) or None,
                            action_icon(g.icon) if g.icon else None, g.tip)
            menu, before = self._system_places[g.menu]
            if before is None:
                menu.addAction(act)
            else:
                menu.insertAction(before, act)
            if g.toolbar:
                act.setIconText(g.toolbar)
                self.toolbar.insertAction(self.actions["edit_item"], act)
            self._system_actions[key] = act
            self._system_commands[key] = cmd

    def _command_check(self, cmd: Any, row: dict[str, Any] | None) -> bool:
        """The command's own read-only check of the selected figure, if it has one."""
        if not cmd.needs.check:
            return True
        if row is None or self._game_system is None:
            return False
        try:
            return bool(self._game_system.load(cmd.needs.check)(self.engine, row["id"]))
        except AppError:  # the row vanished (another window removed it)
            return False

    def system_commands(self) -> list[Any]:
        """The open campaign's game-system commands shown as actions."""
        return list(self._system_commands.values())

    def command_runner(self, cmd: Any) -> Any:
        """The use-case of a command of the open campaign's system."""
        assert self._game_system is not None
        return self._game_system.load(cmd.run)

    def run_command(self, key: str) -> Any:
        """Run the system command behind action ``key``: open the dialog it names, or run
        it on the selected figure. Returns the dialog (None when disabled or done)."""
        cmd = self._system_commands.get(key)
        act = self.actions.get(key)
        if cmd is None or act is None or not act.isEnabled() or cmd.gui is None:
            return None
        label = act.text().replace("&", "").replace("…", "")
        if cmd.gui.dialog:
            from ui.system_dialogs import DIALOGS

            opener = DIALOGS.get(cmd.gui.dialog)
            if opener is None:
                widgets.show_error(self, label, f"this app has no dialog {cmd.gui.dialog!r} for {label}")
                return None
            return opener(self, cmd)
        row = self.selected_row()
        if row is None:
            return None
        run = self.command_runner(cmd)
        self._run_simple(lambda: run(self.engine, row["id"]), row,
                         cmd.gui.done.format(name=row["name"]) if cmd.gui.done else f"{label}: {row['name']}")
        return None

    # ------------------------------------------------------------------ dialogs
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
               select: tuple[str, int] | None = None) -> None:
        self.statusBar().showMessage(message, 6000)
        self.reload(prefer=prefer)
        if select is not None:
            r = self.model.find(lambda row: (row["what"], row["id"]) == select)
            if r >= 0:
                self.table.selectRow(r)
                self.table.scrollTo(self.model.index(r, 0))
                self.show_detail()

    def new_campaign(self) -> Any:
        from ui.dialogs.campaign import CampaignDialog

        if self.engine is None:
            return None
        dlg = CampaignDialog(self, self.engine)
        dlg.saved.connect(lambda cid: self._saved("Campaign created", prefer=("campaign", cid)))
        return self._show_dialog(dlg)

    def new_roster(self) -> Any:
        from ui.dialogs.campaign import RosterDialog

        if self.campaign is None or self.system is None:
            return None
        dlg = RosterDialog(self, self.engine, self.campaign["id"], self.system)
        dlg.saved.connect(lambda rid: self._saved("Roster created", prefer=("roster", rid)))
        return self._show_dialog(dlg)

    def edit_roster(self) -> Any:
        from ui.dialogs.campaign import RosterDialog

        if self.roster_id is None or self.system is None or self.campaign is None:
            return None
        d = q.roster_detail(self.engine, self.roster_id)
        dlg = RosterDialog(self, self.engine, self.campaign["id"], self.system, d)
        dlg.saved.connect(lambda rid: self._saved("Roster saved", prefer=("roster", rid)))
        return self._show_dialog(dlg)

    def add_fighter(self) -> Any:
        from ui.dialogs.fighter import FighterDialog

        if self.roster_id is None or self.system is None or self.campaign is None:
            return None
        dlg = FighterDialog(self, self.engine, self.roster_id, self.campaign["id"], self.system)
        dlg.saved.connect(lambda fid: self._saved("Fighter added (Ctrl+Z to undo)",
                                                  select=("fighter", fid)))
        return self._show_dialog(dlg)

    def add_unit(self) -> Any:
        from ui.dialogs.fighter import UnitDialog

        if self.roster_id is None or self.campaign is None:
            return None
        dlg = UnitDialog(self, self.engine, self.roster_id, self.campaign)
        dlg.saved.connect(lambda uid: self._saved("Unit added (Ctrl+Z to undo)", select=("unit", uid)))
        return self._show_dialog(dlg)

    def edit_selected(self) -> Any:
        from ui.dialogs.fighter import FighterDialog, UnitDialog

        row = self.selected_row()
        if row is None or self.campaign is None or self.system is None:
            return None
        try:
            if row["what"] == "fighter":
                d = q.fighter_detail(self.engine, row["id"])
                dlg: Any = FighterDialog(self, self.engine, d["roster_id"], self.campaign["id"],
                                         self.system, d)
            else:
                d = q.unit_detail(self.engine, row["id"])
                dlg = UnitDialog(self, self.engine, d["roster_id"], self.campaign, d)
        except AppError as e:
            widgets.show_error(self, "Cannot edit", self._problem_with(row, e))
            self.reload()
            return None
        what = row["what"]
        dlg.saved.connect(lambda i: self._saved("Saved (Ctrl+Z to undo)", select=(what, i)))
        return self._show_dialog(dlg)

    @staticmethod
    def _problem_with(row: dict[str, Any], e: AppError) -> str:
        """The message for a row the user picked: one that is gone is named, not an id."""
        if isinstance(e, NotFoundError):
            return (f"{row['name']} is no longer in this database (removed in another window "
                    "or by another player). The list has been read again.")
        return str(e)

    def remove_selected(self) -> None:
        row = self.selected_row()
        if row is None:
            return
        try:
            if row["what"] == "fighter":
                core.remove_fighter(self.engine, row["id"])
            else:
                from campaign_app.usecases.units import remove_unit

                remove_unit(self.engine, row["id"])
        except AppError as e:
            widgets.show_error(self, "Cannot remove", self._problem_with(row, e))
            self.reload()
            return
        self._saved(f"Removed {row['name']} — Ctrl+Z brings it back")

    def house_rules(self) -> Any:
        from ui.dialogs.house_rules import HouseRulesDialog

        if self.campaign is None:
            return None
        dlg = HouseRulesDialog(self, self.engine, self.campaign)
        dlg.changed.connect(lambda: (self.update_actions(), self.history_view.refresh()))
        dlg.finished.connect(lambda _r: self.reload())
        return self._show_dialog(dlg)

    def record_battle(self) -> Any:
        from ui.dialogs.battle import BattleDialog

        if self.campaign is None:
            return None
        chosen = [self.roster_id] if self.roster_id is not None else None
        dlg = BattleDialog(self, self.engine, self.campaign["id"], chosen)

        def saved(bid: int) -> None:
            self._saved("Battle recorded (Ctrl+Z to undo)")
            self.tabs.setCurrentIndex(TAB_BATTLES)
            if dlg.after.isChecked():
                QTimer.singleShot(0, lambda: self.open_wizard(bid))

        dlg.saved.connect(saved)
        return self._show_dialog(dlg)

    def after_battle(self) -> Any:
        if self.campaign is None:
            return None
        sel = self.battles_view.selected() if self.tabs.currentIndex() == TAB_BATTLES else None
        pending = [b for b in q.battles(self.engine, self.campaign["id"]) if not b["after_battle_done"]]
        if sel is not None and not sel["after_battle_done"]:
            return self.open_wizard(sel["id"])
        if not pending:
            self.statusBar().showMessage("No battle is waiting for After the Battle", 5000)
            return None
        return self.open_wizard(pending[0]["id"])

    def open_wizard(self, battle_id: int) -> Any:
        from ui.wizard import AfterBattleWizard

        if self.campaign is None:
            return None
        try:
            options = self._game_system.after_battle_options if self._game_system else ()
            dlg = AfterBattleWizard(self, self.engine, battle_id, options)
        except AppError as e:
            widgets.show_error(self, "After the Battle", e)
            return None
        dlg.applied.connect(lambda rep: self._saved(
            f"After the Battle {rep.battle} applied: {len(rep.steps)} steps (Ctrl+Z to undo)"))
        return self._show_dialog(dlg)

    def exchange_prisoner(self) -> None:
        from campaign_app.usecases.units import exchange_prisoners

        row = self.selected_row()
        if row is None:
            return
        self._run_simple(lambda: exchange_prisoners(self.engine, row["id"], if_version=row["version"]), row,
                         f"{row['name']} is back with the force")

    def _run_simple(self, fn: Any, row: dict[str, Any], message: str) -> bool:
        """One use-case on the selected figure ``row``, then the saved message."""
        try:
            fn()
        except ConflictError as e:
            widgets.show_error(self, "Changed by someone else", e)
            self.reload()
            return False
        except AppError as e:
            widgets.show_error(self, "Cannot do that", self._problem_with(row, e))
            if isinstance(e, NotFoundError):
                self.reload()
            return False
        self._saved(f"{message} (Ctrl+Z to undo)", select=(row["what"], row["id"]))
        return True

    # ------------------------------------------------------------------ undo
    def undo(self) -> None:
        if self.campaign is None:
            return
        try:
            d = core.undo(self.engine, self.campaign["id"])
        except ConflictError as e:
            widgets.show_error(self, "Cannot undo", e)
            self.reload()
            return
        except AppError as e:
            self.statusBar().showMessage(str(e), 5000)
            return
        self._saved(f"Undone: {q.action_label(d.action, d.summary)}")

    def redo(self) -> None:
        if self.campaign is None:
            return
        try:
            d = core.redo(self.engine, self.campaign["id"])
        except ConflictError as e:
            widgets.show_error(self, "Cannot redo", e)
            self.reload()
            return
        except AppError as e:
            self.statusBar().showMessage(str(e), 5000)
            return
        self._saved(f"Redone: {q.action_label(d.action, d.summary)}")

    # ------------------------------------------------------------------ demo, files
    def create_demo(self) -> Task | None:
        if self.engine is None or not self.features["demo"]:
            return None
        engine = self.engine

        def work(ctx: Any) -> Any:
            from campaign_app.usecases.demo import create_demo

            return create_demo(engine, progress=lambda d, t, text="": ctx.progress(d, t, text))

        def done(res: Any) -> None:
            made = res.get("created", []) if isinstance(res, dict) else []
            self.statusBar().showMessage(
                f"Demo campaigns: {', '.join(made)}" if made else "The demo campaigns are already here", 8000)
            cid = res.get("first_id") if isinstance(res, dict) else None
            self.reload(prefer=("campaign", cid) if cid else None)

        task = worker.run_task(self, "Creating demo campaigns", work, on_done=done,
                        on_error=lambda e: widgets.show_error(self, "Demo campaigns", e),
                        on_cancel=lambda: self.reload())
        self.tasks.append(task)
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

    def import_json(self, path: str | None = None) -> Task | None:
        path = path or self.ask_open_path("Import a campaign", "Campaign files (*.json);;All files (*)")
        if not path or self.engine is None:
            return None
        engine = self.engine

        def work(ctx: Any) -> Any:
            from campaign_app.usecases.datafiles import import_json

            ctx.progress(0, 0, f"Checking {Path(path).name}…")
            c = import_json(engine, path)
            return {"id": c.id, "name": c.name}

        return self._task("Importing campaign", work,
                          lambda r: self._saved(f"Imported campaign {r['name']}", prefer=("campaign", r["id"])))

    def import_yaktribe(self, path: str | None = None) -> Task | None:
        from campaign_app.systems.importers import find_importer

        found = find_importer("yaktribe")
        if found is None:
            widgets.show_message(self, "Import", "No installed game system imports Yaktribe gangs.")
            return None
        gs, imp = found
        path = path or self.ask_open_path(f"Import a {imp.label}", imp.file_filter)
        if not path or self.engine is None:
            return None
        engine = self.engine
        camp = self.campaign["id"] if self.campaign and self.campaign["system"] == gs.id else None

        def work(ctx: Any) -> Any:
            from campaign_app.usecases.datafiles import import_external

            ctx.progress(0, 0, f"Reading {Path(path).name}…")
            return import_external(engine, imp.key, path, camp)

        def done(rep: Any) -> None:
            roster = getattr(rep, "roster", None) or {}
            skipped = [f"{r['where']}: {r['message']}" for r in getattr(rep, "report", None) or []]
            self._saved(f"Imported {roster.get('name', 'the gang')}",
                        prefer=("roster", roster["id"]) if roster.get("id") else None)
            if skipped:
                widgets.show_message(self, "Imported, with gaps", "Not imported:\n" + "\n".join(skipped[:30]))

        return self._task("Importing Yaktribe gang", work, done)

    def export_json(self, path: str | None = None) -> Task | None:
        if self.campaign is None:
            return None
        path = path or self.ask_save_path("Export the campaign", f"{self.campaign['name']}.json",
                                          "Campaign files (*.json)")
        if not path:
            return None
        engine, cid = self.engine, self.campaign["id"]

        def work(ctx: Any) -> Any:
            from campaign_app.usecases.datafiles import export_json_file

            ctx.progress(0, 0, "Writing the campaign…")
            return export_json_file(engine, cid, path)

        return self._task("Exporting campaign", work,
                          lambda _r: self.statusBar().showMessage(f"Saved {path}", 8000))

    def backup_database(self, path: str | None = None) -> Task | None:
        """Write a backup of the whole database where the user says (off the GUI thread)."""
        if self.engine is None:
            return None
        engine = self.engine
        local = engine.url.get_backend_name() == "sqlite"
        stem = Path(str(engine.url.database or "campaign")).stem if local else "campaigns"
        ext = "sqlite" if local else "json"
        path = path or self.ask_save_path(
            "Back up the database", f"{stem}-backup-{time.strftime('%Y%m%d-%H%M')}.{ext}",
            "SQLite backups (*.sqlite);;All files (*)" if local else "JSON backups (*.json);;All files (*)")
        if not path:
            return None

        def work(ctx: Any) -> Any:
            from campaign_app.usecases.database import backup

            ctx.progress(0, 0, f"Writing {Path(path).name}…")
            d = backup(engine, path)
            if ctx.cancelled:  # too late to stop it: take the new file away again
                Path(d["file"]).unlink(missing_ok=True)
                ctx.check()
            return d

        return self._task("Back up", work,
                          lambda d: self.statusBar().showMessage(
                              f"Backup written to {d['file']} ({d['bytes']:,} bytes)", 10000),
                          on_cancel=lambda: self.statusBar().showMessage("Backup cancelled: no file kept", 6000))

    def restore_database(self, path: str | None = None) -> Any:
        """Ask, then replace the whole database with a backup; the window reopens it."""
        if self.engine is None:
            return None
        path = path or self.ask_open_path("Restore from a backup",
                                          "Backups (*.sqlite *.json);;All files (*)")
        if not path:
            return None
        names = [c["name"] for c in self.tree_data]
        shown = ", ".join(names[:8]) + (f" and {len(names) - 8} more" if len(names) > 8 else "")
        now = (f"{len(names)} campaign{'s' if len(names) != 1 else ''}: {shown}" if names
               else "no campaigns")
        u = self.engine.url
        where = str(u.database) if u.get_backend_name() == "sqlite" else safe_url(self.url or str(u))
        text = (f"Replace everything in the database\n{where}\n({now})\n\nwith the backup\n{path}\n\n"
                "The backup is checked first. The current database is saved to its backups folder "
                "before it is replaced; Undo cannot take a restore back.")
        box = widgets.ask_confirm(self, "Restore from backup", text, "&Replace with backup",
                          lambda: self._restore(path))
        self.active_dialog = box
        return box

    def _restore(self, path: str) -> Task | None:
        if self.engine is None:
            return None
        engine = self.engine
        here = (("roster", self.roster_id) if self.roster_id is not None else
                ("campaign", self.campaign["id"]) if self.campaign else None)

        def work(ctx: Any) -> Any:
            from campaign_app.usecases.database import reopen, restore

            ctx.progress(0, 0, f"Checking {Path(path).name}, then restoring…")
            rep = restore(engine, path)
            ctx.progress(0, 0, "Opening the restored database…")
            try:
                return rep, reopen(engine), None
            except AppError as e:
                return rep, None, e

        def done(res: Any) -> None:
            from PySide6.QtWidgets import QMessageBox

            rep, new, problem = res
            prev = rep.get("previous_saved_to")
            text = (f"Restored {rep['campaigns']} campaign(s) from {rep['restored_from']}."
                    + (f"\n\nThe previous database was saved to {prev}" if prev else ""))
            if new is None:
                widgets.show_error(self, "Restored, but not reopened", f"{text}\n\nReopening it failed: {problem}")
                self.reload()
                return
            self.set_engine(new, self.url, prefer=here)  # stay where the user was, if it is there
            widgets.show_message(self, "Restored", text, icon=QMessageBox.Icon.Information)

        def failed(e: BaseException) -> None:
            widgets.show_error(self, "Cannot restore", e)
            self.reload()

        task = worker.run_task(self, "Restore from backup", work, on_done=done, on_error=failed,
                        cancellable=False, show_after_ms=0)
        self.tasks.append(task)
        task.ended.connect(lambda: self.tasks.remove(task) if task in self.tasks else None)
        return task

    def export_pdf(self, kind: str, path: str | None = None) -> Task | None:
        """Print to PDF off the GUI thread (reportlab is imported there, not at start)."""
        if self.campaign is None:
            return None
        names = {"roster": "roster", "cards": "cards", "qrs": "quick-reference", "all": "rosters"}
        roster = next((r for r in self.campaign["rosters"] if r["id"] == self.roster_id), None)
        base = roster["name"] if roster and kind in ("roster", "cards") else self.campaign["name"]
        if kind in ("roster", "cards") and roster is None:
            return None
        path = path or self.ask_save_path("Save PDF", f"{base} {names[kind]}.pdf", "PDF files (*.pdf)")
        if not path:
            return None
        from campaign_app.usecases.exports import check_output_path

        try:
            path = check_output_path(path)
        except AppError as e:  # no such folder, not writable...: say so before any work
            widgets.show_error(self, "Export PDF", e)
            return None
        engine, cid, rid = self.engine, self.campaign["id"], self.roster_id
        page = str(self.settings.value("export/page", "a4"))

        def work(ctx: Any) -> Any:
            import reports
            from campaign_app.usecases import exports

            def prog(done: int, total: int) -> bool:
                return ctx.progress(done, total, f"Drawing {done} of {total}…")

            ctx.progress(0, 0, "Reading the campaign…")
            if kind == "roster":
                pages = reports.render_roster(exports.roster_document(engine, rid), path, page, prog)
            elif kind == "cards":
                pages = reports.render_cards(exports.cards_document(engine, rid), path, page, prog)
            elif kind == "qrs":
                pages = reports.render_qrs(exports.qrs_document(engine, cid), path, page, prog)
            else:
                docs = exports.roster_documents(engine, cid)
                ctx.check()
                pages = reports.render_rosters(docs, path, page, prog)
            return {"pages": pages, "path": path}

        return self._task("Export PDF", work,
                          lambda r: self.statusBar().showMessage(
                              f"Saved {r['pages']} page(s) to {r['path']}", 10000),
                          on_cancel=lambda: self.statusBar().showMessage("Export cancelled: no file written",
                                                                         6000))

    def _task(self, title: str, work: Any, done: Any, on_cancel: Any = None) -> Task:
        task = worker.run_task(self, title, work, on_done=done,
                        on_error=lambda e: (self.statusBar().clearMessage(),
                                            widgets.show_error(self, title, e), self.reload()),
                        on_cancel=on_cancel or (lambda: self.statusBar().showMessage(f"{title}: cancelled",
                                                                                     6000)))
        self.tasks.append(task)
        task.ended.connect(lambda: self.tasks.remove(task) if task in self.tasks else None)
        return task

    # ------------------------------------------------------------------ menus, help
    def _tree_menu(self, pos: Any) -> None:
        from PySide6.QtWidgets import QMenu

        m = QMenu(self)
        for k in ("new_campaign", "new_roster", "edit_roster", None, "record_battle", "after_battle",
                  None, "house_rules", "export_all"):
            if k is None:
                m.addSeparator()
            else:
                m.addAction(self.actions[k])
        m.popup(self.tree.viewport().mapToGlobal(pos))

    def _table_menu(self, pos: Any) -> None:
        from PySide6.QtWidgets import QMenu

        m = QMenu(self)
        by_place: dict[str, list[str]] = {"roster": [], "figure": []}
        for key, cmd in self._system_commands.items():
            if cmd.gui.menu in by_place:
                by_place[cmd.gui.menu].append(key)
        for k in ("edit_item", "remove_item", None, "add_fighter", "add_unit", *by_place["roster"], None,
                  *by_place["figure"], "exchange", None, "view_log"):
            if k is None:
                m.addSeparator()
            elif self.actions[k].isEnabled():
                m.addAction(self.actions[k])
        m.popup(self.table.viewport().mapToGlobal(pos))

    def about(self) -> None:
        widgets.show_message(self, "About Campaign Manager",
                     "Campaign Manager\n\nCampaigns, rosters, battles and After the Battle rolls for "
                     f"{_system_names()}. Every roll is logged; every change can be undone.")

    def show_shortcuts(self) -> None:
        lines = []
        for a in self.actions.values():
            keys = ", ".join(s.toString(QKeySequence.SequenceFormat.NativeText) for s in a.shortcuts())
            if keys:
                lines.append(f"{keys}\t{a.text().replace('&', '').replace('…', '')}")
        lines.append("Enter\tEdit Selected (in the roster table)")
        widgets.show_message(self, "Keyboard shortcuts", "\n".join(lines))

