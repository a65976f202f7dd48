"""The main window: campaigns and rosters on the left, the roster table (columns by
game system, status by icon and colour), battles, roll log and history in tabs, and
the selected fighter or unit in the detail pane on the right. Every action is in a
menu, most in the toolbar, each with a shortcut.

The window is the shell: it lays out its views, opens databases and hands each view
what a use-case changed (:meth:`MainWindow.apply_changes`, given the use-case result's
change set). Each view's part is a module by subject, mixed into the window: the
campaign tree (:mod:`ui.campaign_tree`), the roster table (:mod:`ui.roster_table`), the
other tabs (:mod:`ui.campaign_tabs`), the detail pane (:mod:`ui.detail_pane`) and the
actions' state and names (:mod:`ui.window_actions`). The actions are built in
:mod:`ui.actions`; what they do is in :mod:`ui.controllers` (one module per group of
operations, loaded when first used). The window only calls
use-cases (``campaign_app.usecases``) and shows their plain results; dialogs run on
``open()`` (never a nested ``exec()``), long work goes through :mod:`ui.worker`."""

from __future__ import annotations

import importlib.util
import logging
from collections.abc import Callable
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6 import QtCore
from PySide6.QtCore import QEvent, QSize, QTimer, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QLabel, QMainWindow, QStackedWidget, QWidget

from campaign_app.errors import AppError
from ui.campaign_tabs import CampaignTabs
from ui.campaign_tree import CampaignTree
from ui.detail_pane import DetailPart
from ui.glyphs import action_icon, app_icon, glyph
from ui.i18n import QT_TRANSLATE_NOOP, translate
from ui.lazy import lazy_module, q
from ui.qtboot import set_by_name
from ui.roster_table import RosterTable
from ui.rules_text import rules_text
from ui.rules_text import set_system as set_rules_system
from ui.screen import fit_to_screen
from ui.settings import AppSettings, safe_url
from ui.window_actions import NO_UNDO, WindowActions

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

TAB_ROSTER, TAB_BATTLES, TAB_LOG, TAB_HISTORY, TAB_CHARTS = range(5)
LEAGUE_ROSTERS = 50  # lazy: a campaign with more rosters opens on its first one (see reload)
TAB_STANDINGS = 5  # standings helper
_MAIN_PAGE = frozenset({"splitter", "tree", "tabs", "table_title", "model", "table", "battles_view",
                        "log_view", "history_view", "charts_view", "detail",
                        "standings_view", "figure_drag"})
_OTHER_TABS = frozenset({"battles_view", "log_view", "history_view", "charts_view", "standings_view",
                         "figure_drag"})
_EMPTY_PAGE = frozenset({"empty_page", "demo_button"})


def _other_tab_titles() -> list[tuple[str, str]]:
    """The glyph and the title of each tab after the roster's, in order."""
    return [("battle", translate("MainWindow", "Battles")), ("log", translate("MainWindow", "Roll Log")),
            ("history", translate("MainWindow", "History")), ("chart", translate("MainWindow", "Charts")),
            ("battle", translate("MainWindow", "Standings"))]
NO_DATABASE = QT_TRANSLATE_NOOP("main_window", "No database is open: choose one in File ▸ Database Settings (Ctrl+O).")
OPEN_FALLBACK_MS = 300  # open the database even if the window never paints
LIVE_START_MS = 400  # then others' changes are listened for (ui.live)


def has_module(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def _system_names() -> str:
    """The installed game systems, in words (read when a page or box needs them)."""
    from campaign_app.systems.registry import systems

    names = [rules_text(gs.name, sid) for sid, gs in systems().items()]
    return translate("main_window", " and ").join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else "".join(names)


class MainWindow(CampaignTree, RosterTable, CampaignTabs, DetailPart, WindowActions, QMainWindow):
    _main_built = False
    _empty_built = False
    # a league server refused the token (from any thread): sign in again
    league_token_refused = Signal(str)

    def __init__(self, app: Any = None, settings: AppSettings | None = None, url: str = "") -> None:
        from ui import actions as ui_actions

        super().__init__()
        self.app = app
        self.url = url
        self.settings = settings or AppSettings()
        self.campaign: dict[str, Any] | None = None
        self.roster_id: int | None = None
        self.system: dict[str, Any] | None = None
        self.tree_data: list[dict[str, Any]] = []
        self.active_dialog: Any = None
        self.tasks: list[Task] = []
        self._columns_key: tuple[Any, ...] | None = None
        self._filter_for: tuple[Any, ...] | None = None  # the campaign, roster the filter is for
        self._undo_state: dict[str, Any] = NO_UNDO
        self._undo_for: int | None = None  # the campaign whose history _undo_state is
        self._open_pending: str | None = None
        self._open_create = True
        self._open_which: Callable[[], tuple[str, bool]] | None = None
        self._opening: Task | None = None  # the open_url task whose result counts
        self.actions: dict[str, QAction] = {}
        self.system_id = ""  # the game system whose actions are shown
        self.game_system: Any = None
        self.system_actions: dict[str, QAction] = {}
        self.system_command_map: dict[str, Any] = {}
        self.import_actions: dict[str, str] | None = None  # action name -> importer key, once built
        self.setWindowTitle("")  # the platform shows the application's display name
        self.setWindowIcon(app_icon())
        self.setObjectName("mainWindow")
        fit_to_screen(self, 1280, 780)
        ui_actions.build(self)
        from ui.theme import is_dark

        if is_dark():  # a dark theme (chosen, or the desktop's): light glyphs
            self._theme_icons(True)
        self._build_central()
        self._help_dialog: Any = None  # ui.help.HelpDialog, made on the first F1
        self._notice: QLabel | None = None  # made on the first notify()
        self._notice_timer: QTimer | None = None
        self.db_label = QLabel()
        self.db_label.setProperty("textFormat", "PlainText")
        self.statusBar().addPermanentWidget(self.db_label)
        self.restore_window()
        if app is not None:
            self.set_app(app, url)
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
        self.start_page = QLabel(translate("main_window", NO_DATABASE))
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
        if name in _OTHER_TABS and self._main_built and not self._other_tabs_built:
            self._build_other_tabs()
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
        title = widgets.heading(translate("MainWindow", "No campaigns yet"), 6)
        title.setAlignment(QtCore.Qt.AlignmentFlag.AlignCenter)
        el.addWidget(title)
        text = QLabel(translate("MainWindow", "Start your own campaign, or look around first in a sample campaign for each game system ({_system_names}).").format(_system_names=_system_names()))
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
        self.demo_button = QPushButton(glyph("demo"), translate("MainWindow", "  Open the &demo campaigns"))
        self.demo_button.setObjectName("demoButton")
        self.demo_button.setMinimumHeight(40)
        self.demo_button.clicked.connect(self.create_demo)
        new_button = QPushButton(glyph("campaign"), translate("MainWindow", "  &New campaign…"))
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
        """The campaign tree, the roster/battles/roll log/history/charts tabs and the detail pane."""
        from PySide6.QtGui import QShortcut
        from PySide6.QtWidgets import (
            QAbstractItemView,
            QSplitter,
            QTabWidget,
            QTreeWidget,
            QVBoxLayout,
        )

        from ui import actions as ui_actions
        from ui.paged import PagedRosterModel
        from ui.views import table_view

        self._main_built = True
        self.splitter = QSplitter()  # side by side (horizontal)
        self.splitter.setObjectName("mainSplitter")
        self.tree = QTreeWidget()
        self.tree.setObjectName("campaignTree")
        self.tree.setHeaderLabels([translate("MainWindow", "Campaigns")])
        self.tree.setIconSize(QSize(18, 18))
        self.tree.setMinimumWidth(200)
        # a long roster name loses its middle, not its figure count at the end
        # (by name: the first screen uses no enum of Qt's namespace, ui.qtboot.set_by_name)
        set_by_name(self.tree, textElideMode="ElideMiddle", contextMenuPolicy="CustomContextMenu")
        self.tree.customContextMenuRequested.connect(
            lambda pos: ui_actions.tree_menu(self, pos) if self.app is not None else None)
        self.splitter.addWidget(self.tree)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("tabs")
        self.tabs.setDocumentMode(True)
        self.tabs.setUsesScrollButtons(True)  # many tabs (and longer words) never squeeze the tree
        rpage = QWidget()
        rl = QVBoxLayout(rpage)
        rl.setContentsMargins(0, 4, 0, 0)
        from PySide6.QtWidgets import QHBoxLayout

        from ui.roster_filter import RosterFilterBar

        head = QHBoxLayout()
        self.table_title = QLabel()
        set_by_name(self.table_title, textFormat="RichText")  # user text in it through esc()
        self.table_title.setObjectName("tableTitle")
        self.table_title.setWordWrap(True)  # a long title wraps at spaces; it never widens the page
        head.addWidget(self.table_title, 1)
        self.roster_filter = RosterFilterBar()
        self.roster_filter.changed.connect(self._roster_filter_changed)
        self.roster_filter.columns_changed.connect(self._roster_columns_chosen)
        head.addWidget(self.roster_filter)
        rl.addLayout(head)
        self.model = PagedRosterModel()  # every row in memory, or page by page (ui.paged)
        self.table = table_view(self.model, "rosterTable", sorting=not self._first_screen)
        set_by_name(self.table, contextMenuPolicy="CustomContextMenu")
        self.table.customContextMenuRequested.connect(
            lambda pos: ui_actions.table_menu(self, pos) if self.app is not None else None)
        self.table.doubleClicked.connect(lambda _ix: self.edit_selected() if self.app is not None else None)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        rl.addWidget(self.table)
        self.tabs.addTab(rpage, action_icon("roster"), translate("MainWindow", "Roster"))
        if self._first_screen:  # the other tabs are built as the first screen ends (issue #32)
            for icon, title in _other_tab_titles():  # meanwhile their titles, disabled
                self.tabs.addTab(QWidget(), action_icon(icon), title)
        from ui.theme import is_dark

        if is_dark():
            self._theme_icons(True)
        self.tabs.currentChanged.connect(self._tab_changed)
        # the tabs and the detail pane side by side, or the pane under the tabs on a
        # narrow screen (a 1024-pixel laptop: a roster's columns need the width)
        self.body = QSplitter()  # horizontal (_lay_out_body turns it)
        self._body_vertical = False
        self.body.setObjectName("bodySplitter")
        self.body.setChildrenCollapsible(False)
        self.body.addWidget(self.tabs)
        self.detail = detail.DetailPane()
        self.body.addWidget(self.detail)
        self.body.setStretchFactor(0, 3)
        self.body.setStretchFactor(1, 2)
        self.body.setSizes([740, 300])
        self.splitter.addWidget(self.body)
        # never held wider than the stacked layout needs: a window shrunk (or restored)
        # below NARROW gets the pane under the tabs instead of stopping at the sum of both
        self._fit_body_width()
        self.splitter.setStretchFactor(0, 0)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([240, 1040])
        split = self.settings.window_state()[2]
        self._split_dragged = split is not None  # the user's own split is kept as it is
        if split is not None:
            self.splitter.restoreState(split)
        self.splitter.splitterMoved.connect(lambda *_a: setattr(self, "_split_dragged", True))
        self._lay_out_body()
        self.stack.addWidget(self.splitter)
        self.tree.currentItemChanged.connect(self._tree_changed)
        self.tree.verticalScrollBar().valueChanged.connect(lambda *_a: self._tree_fetch_visible())
        # the selection, not the current row: a mouse press moves the current row before
        # it selects it, so the detail and the actions would see no selection yet
        self.table.selectionModel().selectionChanged.connect(lambda *_a: self.show_detail())
        # Enter edits the selected figure, in the table only (not in every text field)
        # (the context set after: PySide6 drops a context= given with a slot)
        for key in ("Return", "Enter"):
            sc = QShortcut(QKeySequence(key), self.table)
            set_by_name(sc, context="WidgetShortcut")
            sc.activated.connect(lambda: self.edit_selected() if self.app is not None else None)
        if not self._first_screen:
            self._build_other_tabs()

    _other_tabs_built = False

    def _build_other_tabs(self) -> None:
        """The battles, roll log, history, charts and standings tabs (in the place of the
        titles the first screen shows meanwhile) and the figures' drag and drop: their
        modules, their event filters and the Python enums of Qt's namespace they use are
        not on the first screen's path (issue #32). Built once; after the page's build,
        or as the first screen ends."""
        if self._other_tabs_built:
            return
        self._other_tabs_built = True
        from ui.controllers.manage import FigureDrag

        self.figure_drag = FigureDrag(self)  # a figure dragged onto another roster moves there
        from ui.charts import ChartsView
        from ui.standings_page import StandingsView
        from ui.views import BattlesView, HistoryView, RollLogView

        self.battles_view = BattlesView()
        self.battles_view.open_after_battle.connect(self.open_wizard)
        self.log_view = RollLogView()
        self.history_view = HistoryView()
        self.charts_view = ChartsView()  # read only while its tab is shown
        self.standings_view = StandingsView()  # the league table; read only while its tab is shown
        views = (self.battles_view, self.log_view, self.history_view, self.charts_view, self.standings_view)
        self.tabs.blockSignals(True)  # no tab change is one: the current tab stays the roster's
        for i, (view, (icon, title)) in enumerate(zip(views, _other_tab_titles(), strict=True), 1):
            if i < self.tabs.count():  # the first screen's stand-in
                stand_in = self.tabs.widget(i)
                enabled = self.tabs.isTabEnabled(i)
                self.tabs.removeTab(i)
                stand_in.deleteLater()
                self.tabs.insertTab(i, view, glyph(icon), title)  # the glyph for the palette in force
                self.tabs.setTabEnabled(i, enabled)
            else:
                self.tabs.addTab(view, glyph(icon), title)
        self.tabs.blockSignals(False)
        if "body" in vars(self):  # (else the page's build fits it)
            self._fit_body_width()

    def _fit_body_width(self) -> None:
        """Never held wider than the stacked layout needs: a window shrunk (or restored)
        below NARROW gets the pane under the tabs instead of stopping at the sum of both."""
        self.body.setMinimumWidth(max(self.tabs.minimumSizeHint().width(), self.detail.minimumSizeHint().width()))

    # ------------------------------------------------------------------ window state
    def restore_window(self) -> None:
        geometry, state, _split = self.settings.window_state()  # the split: with its page
        if geometry is not None:
            self.restoreGeometry(geometry)
        if state is not None:
            self.restoreState(state)
        self.update_recent_menu()

    def save_window(self) -> None:
        # the split is the user's only once dragged: until then each start fits the tree
        if getattr(self, "_main_built", False):
            split = self.splitter.saveState() if self._split_dragged else QtCore.QByteArray()
        else:
            split = self.settings.window_state()[2] or QtCore.QByteArray()
        self.settings.save_window_state(self.saveGeometry(), self.saveState(), split)
        if self.campaign:
            self.settings.set_value("view/campaign", self.campaign["id"])
        self.settings.sync()

    NARROW = 1200  # below this width the detail pane goes under the tabs

    def _lay_out_body(self) -> None:
        """The detail pane beside the tabs on a wide window, under them on a narrow one
        (a roster's columns and the roll log need the width more than the pane does)."""
        if not getattr(self, "_main_built", False):
            return
        vertical = self.width() < self.NARROW
        if vertical != self._body_vertical:  # (kept, not asked: no Qt enum on the first screen's path)
            self._body_vertical = vertical
            set_by_name(self.body, orientation="Vertical" if vertical else "Horizontal")
            total = sum(self.body.sizes()) or (self.height() if vertical else self.width())
            self.body.setSizes([total * 3 // 5, total - total * 3 // 5])
            if self.isVisible():
                QTimer.singleShot(0, self._squeeze_columns)

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._lay_out_body()

    def showEvent(self, event: Any) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        if getattr(self, "_fit_tree_when_shown", False):
            self._fit_tree_when_shown = False
            QTimer.singleShot(0, self._fit_tree)
        if self._main_built:  # a table filled while hidden: fit it now that it has its width
            QTimer.singleShot(0, self._squeeze_columns)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.save_window()
        if getattr(self, "live", None) is not None:  # live helper
            self.live.stop()
        server = getattr(self, "table_server", None)  # invite helper: the table's server ends with the window
        if server is not None:
            server.stop()
        worker.cancel_all_and_wait(5000)
        super().closeEvent(event)

    # ------------------------------------------------------------------ database
    def open_when_shown(self, url: str | None, create: bool = True,
                        which: Callable[[], tuple[str, bool]] | None = None) -> None:
        """Open ``url`` once the window has painted its first frame. Opening loads the
        core and SQLAlchemy on a worker thread, and that import would hold the GIL while
        the GUI thread paints: the window would appear later for nothing. If no paint
        comes (a minimised or hidden start), the database opens after a short wait.
        ``create=False``: a SQLite file that is not there is an error, not a new file.
        ``which`` (no ``url``): says then which database to open and whether it may be
        created (the default one is looked up after the first paint)."""
        self._open_pending = url or ""
        self._open_create = create
        self._open_which = which
        self.start_page.setText(translate("MainWindow", "Opening {url}…").format(url=safe_url(url)) if url
                                else translate("MainWindow", "Opening the campaign database…"))
        QTimer.singleShot(OPEN_FALLBACK_MS, self._open_pending_url)

    def paintEvent(self, event: Any) -> None:  # noqa: N802 (Qt's name)
        super().paintEvent(event)
        if self._open_pending is not None:
            QTimer.singleShot(0, self._open_pending_url)

    def _open_pending_url(self) -> None:
        url, self._open_pending = self._open_pending, None
        if url is None:
            return
        create = self._open_create
        which, self._open_which = self._open_which, None
        if which is not None:
            url, create = which()
        self.open_url(url, create=create)

    def set_app(self, app: Any, url: str = "", prefer: tuple[str, int] | None = None) -> None:
        old = self.app
        self.app = app
        self.url = url or self.url
        if old is not None and not old.same_database(app):
            old.dispose()
        if getattr(app, "backend", "") == "league":  # a token refused later asks to sign in again
            app.on_auth_error = self.league_token_refused.emit
            if not getattr(self, "_league_hooked", False):
                self.league_token_refused.connect(self._sign_in_again)
                self._league_hooked = True
        shown = safe_url(self.url) if self.url else str(getattr(app, "url", ""))
        self.db_label.setText(f"  {shown}  ")
        self.db_label.setToolTip(translate("MainWindow", "the campaign database (Ctrl+O to change)"))
        if self.url:
            self.settings.remember(self.url)
            self.update_recent_menu()
        name = Path(self.url.split("///", 1)[-1]).name if self.url.startswith("sqlite") else safe_url(self.url)
        # the platform adds the application's display name itself ("x — Campaign Manager")
        self.setWindowTitle(name or "")
        # the first screen's place and scroll kept (its place, or the one chosen in its tree)
        stays = self._first_screen and self._first_pending is None
        scroll = (self.table.verticalScrollBar().value(), self.tree.verticalScrollBar().value()) if stays else None
        shown = self._end_first_screen()
        self.campaign = None
        self.roster_id = None
        self._undo_for = None
        from ui import actions as ui_actions

        ui_actions.sync_import_actions(self)  # the installed systems' importers
        last = self.settings.value("view/campaign")
        prefer = prefer or shown
        self.reload(prefer=prefer or (("campaign", int(last)) if last not in (None, "") else None),
                    start=prefer is None)
        if scroll is not None:
            self.table.verticalScrollBar().setValue(scroll[0])
            self.tree.verticalScrollBar().setValue(scroll[1])
        QTimer.singleShot(LIVE_START_MS, self, self._start_live)  # live helper: others' changes, once shown

    def _start_live(self) -> None:
        """Hear other clients' changes to this database (:mod:`ui.live`)."""
        from ui.live import start_live

        start_live(self)

    def update_recent_menu(self) -> None:
        self.recent_menu.clear()
        for i, u in enumerate(self.settings.recent(), 1):  # &1 to &9, as desktop apps number them
            a = self.recent_menu.addAction(f"&{i} {u.replace('&', '&&')}" if i < 10 else u.replace("&", "&&"))
            a.triggered.connect(lambda _c=False, url=u: self.open_url(url))
        self.recent_menu.setEnabled(bool(self.settings.recent()))

    def database_settings(self) -> None:
        from ui.controllers import database

        database.database_settings(self)

    def _sign_in_again(self, message: str) -> None:
        dlg = getattr(self, "active_dialog", None)
        if dlg is not None and dlg.objectName() == "leagueDialog" and dlg.isVisible():
            return  # already asking
        if self.app is not None and getattr(self.app, "backend", "") == "league":
            self.open_league(self.app.url, note=message)

    def open_league(self, url: str = "", note: str = "") -> Any:
        """File ▸ Open League…: sign in to a league server, then open it."""
        from ui.dialogs.league import open_league

        return open_league(self, url, note=note)

    def open_url(self, url: str, password: str | None = None, create: bool = True) -> Task | None:
        """Open a database off the GUI thread (a server may be slow to answer). Only the
        last database asked for is taken: an earlier open that ends later is let go."""
        from ui.controllers import database

        return database.open_url(self, url, password, create)

    # ------------------------------------------------------------------ the first screen
    _first_screen = False  # shown from plain reads; the ORM and the rules still loading
    _first_pending: tuple[str, int] | None = None  # chosen in the tree meanwhile

    def show_first_screen(self, fs: dict[str, Any]) -> None:
        """The campaign tree, the first rows of the roster (or campaign) to show and the
        detail pane from the plain reads (``campaign_app.usecases.first_screen``) while
        the database layer and the rules load off the GUI thread (issue #32). Nothing
        here needs them: what does (the other tabs, the actions that write, the filter,
        another roster) is disabled, or (a tree item chosen) shown once they are in
        (:meth:`set_app` keeps the place and the selection)."""
        from ui import actions as ui_actions
        from ui.paged import PAGE_ROWS

        self._first_screen = True
        self.tree_data = fs["tree"]
        target = self._fill_tree(fs["want"])
        camp, rid = self._campaign_of_item(target)
        if camp is None:
            return
        self.campaign = camp
        set_rules_system(camp.get("system"))
        self.roster_id = rid
        self.system = fs["system"]
        from ui.roster_table import first_screen_headers

        first_screen_headers(self.table, self.model)  # before the model's columns change
        self._set_columns()
        counts = fs["counts"]
        if counts is not None:  # a big scope: its first page; the paged model takes over after
            self.table.setWordWrap(False)
            set_by_name(self.table, textElideMode="ElideRight")
        self.model.set_rows(fs["rows"][:PAGE_ROWS])
        first_screen_headers(self.table, self.model)  # its row count
        from ui.roster_table import _statuses_of

        self.roster_filter.set_statuses(_statuses_of(fs["rows"]) if counts is None else [])
        self._fit_columns()
        self._set_table_title(counts)
        detail_data = fs["detail"]
        if rid is not None and detail_data is not None:
            self.detail.show_html(detail.roster_html(detail_data), ("roster", rid))
        elif rid is None:
            self.detail.show_html(detail.campaign_html(camp, detail_data), ("campaign", camp["id"]))
        self.roster_filter.setEnabled(False)
        for i in range(1, self.tabs.count()):
            self.tabs.setTabEnabled(i, False)
        ui_actions.update_state(self)

    def _end_first_screen(self) -> tuple[str, int] | None:
        """The place the first screen shows (or the one chosen in its tree meanwhile),
        its widgets enabled again: the normal reads take over there."""
        if not self._first_screen:
            return None
        self._first_screen = False
        place = self._first_pending or self._here()
        self._first_pending = None
        self._build_other_tabs()
        from ui.roster_table import end_first_screen_table

        end_first_screen_table(self.table, self.model)
        self.roster_filter.setEnabled(True)
        for i in range(1, self.tabs.count()):
            self.tabs.setTabEnabled(i, True)
        return place

    def drop_first_screen(self) -> None:
        """The database did not open after all (an error, Cancel): the first screen goes,
        the start page says why."""
        if self._end_first_screen() is None or self.app is not None:
            return
        self.notify("")
        self.campaign = None
        self.roster_id = None
        self.tree_data = []
        self.tree.clear()
        self.model.set_rows([])
        self.stack.setCurrentWidget(self.start_page)
        self.update_actions()

    # ------------------------------------------------------------------ loading
    def reload(self, prefer: tuple[str, int] | None = None, start: bool = False) -> None:
        """Read everything shown again (another database, Reload, a conflict), keeping
        the selection. ``start``: the database was just opened; a league's campaign
        (more than LEAGUE_ROSTERS rosters) then opens on its first roster, not on the
        table of every figure it has."""
        if self.app is None:
            self.update_actions()
            return
        keep_item = self.selected_row() if self._main_built else None
        want = prefer or self._here()
        self._undo_for = None
        self.tree_data = self.app.run(q.campaign_tree)
        if not self.tree_data:
            self._show_empty()
            return
        if start and (want is None or want[0] == "campaign"):
            camp = next((c for c in self.tree_data if want is None or c["id"] == want[1]), None)
            if camp is not None and camp["roster_count"] > LEAGUE_ROSTERS and camp["rosters"]:
                want = ("roster", camp["rosters"][0]["id"])
        self._load_rosters_for(want)
        target = self._fill_tree(want)
        self._select_tree_item(target, keep_item)

    def apply_changes(self, changes: Changes, prefer: tuple[str, int] | None = None) -> None:
        """Show what a use-case changed (``campaign_app.changes.changes_of(result)``),
        reading again only that: the tree when its shape or a campaign's or roster's row
        changed; the table rows of the fighters and units named (the whole table when
        the shape changed); the battles, the roll log, the history (and Undo/Redo) only
        when they changed; the detail pane when what it shows is named. ``prefer``: the
        campaign or roster to show now (one just made). Keeps the selection. Each view
        takes the change set in turn: the tree (:mod:`ui.campaign_tree`), the roster
        table (:mod:`ui.roster_table`), the other tabs (:mod:`ui.campaign_tabs`), the
        detail pane (:mod:`ui.detail_pane`)."""
        if (self.app is None or changes.everything or self.campaign is None or not self._main_built
                or self.system is None):
            self.reload(prefer)
            return
        cid = self.campaign["id"]
        keep = self.selected_row()
        # Undo/Redo read again before anything returns early: a campaign or roster just
        # made goes back below before the history used to be looked at, and Undo stayed
        # grey (issue #33)
        if changes.history or prefer is not None:
            self._undo_for = None
        if not self._apply_to_tree(changes, prefer, keep):
            return
        self._apply_to_table(changes, keep)
        self._apply_to_tabs(changes, cid)
        if self._detail_named(changes):
            self.show_detail()  # updates the actions too
        else:
            self.update_actions()

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

    def _select_tree_item(self, item: QTreeWidgetItem | None, keep: dict[str, Any] | None) -> None:
        """Show the campaign or roster ``item``: every view of it read again."""
        camp, rid = self._campaign_of_item(item)
        if camp is None:
            return
        self.campaign = camp
        set_rules_system(camp.get("system"))
        self.roster_id = rid
        try:
            self.system = q.system_info(camp["system"], camp.get("edition"), self.app.run(q.range_rules, camp["id"]))
        except AppError as e:  # a campaign of a game system not installed here
            self.system = None
            self.model.set_rows([])
            from ui.text import esc

            self.table_title.setText(translate("MainWindow", "<b>{name}</b>  ·  {system_name}").format(name=esc(camp['name']), system_name=esc(rules_text(camp['system_name']))))
            self.detail.show_nothing(str(e))
            self.notify(str(e), 10000)
            self.update_actions()
            return
        self.load_table(keep)
        self._show_tabs_of(camp["id"])
        self.show_detail()

    # ------------------------------------------------------------------ actions state
    # (update_actions, refresh_undo, undo_state_of, the system commands and the window's
    # names for the operations: ui.window_actions)
    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt's name)
        super().changeEvent(event)
        if (event.type() == QEvent.Type.ActivationChange and self.isActiveWindow()
                and "undo" in (getattr(self, "actions", None) or ()) and hasattr(self, "campaign")):
            self.refresh_undo()  # back from the command line: Ctrl+Z does what the history says

    # ------------------------------------------------------------------ dialogs, tasks
    def _show_dialog(self, dlg: Any) -> Any:
        """Open a dialog without blocking (tests and screenshots can drive it)."""
        self.active_dialog = dlg
        dlg.setAttribute(QtCore.Qt.WidgetAttribute.WA_DeleteOnClose)
        if hasattr(dlg, "conflict"):
            dlg.conflict.connect(lambda msg, d=dlg: self._conflict(d, msg))
        dlg.finished.connect(lambda _r, d=dlg: self._dialog_closed(d))
        dlg.open()
        widgets.focus_first_field(dlg)  # every dialog: typing goes to its first field
        return dlg

    def _dialog_closed(self, dlg: Any) -> None:
        if self.active_dialog is dlg:
            self.active_dialog = None

    def _conflict(self, dlg: Any, msg: str) -> None:
        dlg.reject()
        widgets.show_error(self, translate("MainWindow", "Changed by someone else"), msg)
        self.reload()

    def notify(self, message: str, ms: int = 6000) -> None:
        """Say ``message`` in the status bar for ``ms`` milliseconds, in a place of its
        own: a menu's status tip, shown where Qt shows it, no longer wipes it out."""
        if self._notice is None:
            self._notice = QLabel()
            self._notice.setObjectName("notice")
            set_by_name(self._notice, textFormat="PlainText")
            self._notice_timer = QTimer(self)
            self._notice_timer.setSingleShot(True)
            self._notice_timer.timeout.connect(lambda: self._notice.clear() if self._notice else None)
            self.statusBar().insertPermanentWidget(0, self._notice)
        assert self._notice_timer is not None
        self._notice.setText(message)
        self._notice.setToolTip(message)
        self._notice_timer.stop()
        if message and ms > 0:
            self._notice_timer.start(ms)

    def notice_text(self) -> str:
        """What the status bar says now (the last notice, until it times out)."""
        return self._notice.text() if self._notice is not None else ""

    def _saved(self, message: str, prefer: tuple[str, int] | None = None,
               select: tuple[str, int] | None = None, changes: Changes | None = None) -> None:
        """After a use-case: its message, what it changed shown (``changes``; None: a
        caller that does not know, so everything), then the figure ``select`` selected."""
        from campaign_app.changes import Changes

        self.notify(message, 6000)
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
                               on_error=lambda e: (self.notify(""),
                                                   widgets.show_error(self, title, e), self.reload()),
                               on_cancel=on_cancel or (lambda: self.notify(
                                   translate("MainWindow", "{title}: cancelled").format(title=title), 6000)))
        self.tasks.append(task)
        task.ended.connect(lambda: self.tasks.remove(task) if task in self.tasks else None)
        return task

    def ask_open_path(self, title: str, filters: str) -> str:
        from PySide6.QtWidgets import QFileDialog

        name, _f = QFileDialog.getOpenFileName(self, title, str(Path.home()), filters)
        return name

    def ask_choice(self, title: str, label: str, items: list[str], current: int = 0) -> int | None:
        """The index of the item the user picks (None: cancelled)."""
        from PySide6.QtWidgets import QInputDialog

        text, ok = QInputDialog.getItem(self, title, label, items, current, False)
        return items.index(text) if ok and text in items else None

    def ask_save_path(self, title: str, default_name: str, filters: str) -> str:
        from PySide6.QtWidgets import QFileDialog

        start = str(Path(str(self.settings.value("export/dir", str(Path.home())))) / default_name)
        name, _f = QFileDialog.getSaveFileName(self, title, start, filters)
        if name:
            self.settings.set_value("export/dir", str(Path(name).parent))
        return name

    # ------------------------------------------------------------------ help
    def _theme_icons(self, dark: bool) -> None:
        """The glyphs of the menus, toolbar and tabs drawn for a light or dark palette."""
        from ui.glyphs import retheme_icons, themed

        retheme_icons([*self.actions.values(), *self.system_actions.values()], dark)
        if self._main_built:
            for i in range(self.tabs.count()):
                icon = themed(self.tabs.tabIcon(i), dark)
                if icon is not None:
                    self.tabs.setTabIcon(i, icon)

    def set_theme(self, mode: str) -> None:
        """View ▸ Theme: light, dark or the system's, at once and at every start."""
        from ui.theme import apply

        self.settings.set_theme(apply(mode))
        from ui.theme import is_dark

        self._theme_icons(is_dark())
        for a in self.theme_group.actions():
            a.setChecked(a.objectName() == f"action_theme_{mode}")
        if self._main_built and self.app is not None:
            self.reload()  # the tree's glyphs and the pane's page, in the new colours

    def show_help(self) -> None:
        from ui.help import show_help

        show_help(self, "guide")

    def about(self) -> None:
        from PySide6.QtWidgets import QMessageBox

        from campaign_app._version import __version__

        widgets.show_message(self, translate("MainWindow", "About Campaign Manager"), translate("MainWindow", "Campaign Manager {__version__}\n\nCampaigns, rosters, battles and After the Battle rolls for {_system_names}. Every roll is logged; every change can be undone.").format(__version__=__version__, _system_names=_system_names()),
                             icon=QMessageBox.Icon.Information)

    def show_shortcuts(self) -> None:
        from ui import actions as ui_actions

        ui_actions.show_shortcuts(self)
