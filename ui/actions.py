"""The main window's actions: building them (text, shortcut, icon, tip), the menus, the
toolbar and the context menus they go in; the actions of the open campaign's game
system and of the installed systems' importers; which actions are enabled.

Every function takes the window; the window keeps the actions in ``win.actions``."""

from __future__ import annotations

import collections
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSize
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QToolBar

from ui.glyphs import action_icon
from ui.i18n import translate
from ui.main_window import TAB_BATTLES, TAB_CHARTS, TAB_HISTORY, TAB_ROSTER

if TYPE_CHECKING:
    from ui.main_window import MainWindow

_NO_FEATURES: dict[str, bool] = collections.defaultdict(bool)


def act(win: MainWindow, name: str, text: str, slot: Any, shortcut: Any = None, icon: Any = None,
        tip: str = "") -> QAction:
    a = QAction(text, win)
    a.setObjectName(f"action_{name}")
    a.setProperty("plain_text", text.replace("&", "").replace("…", ""))  # Undo's text changes
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
    win.actions[name] = a
    win.addAction(a)
    return a


def build(win: MainWindow) -> None:
    """The actions, the menus and the toolbar of a new window."""
    build_actions(win)
    build_menus(win)
    build_toolbar(win)


def build_actions(win: MainWindow) -> None:
    win.actions = {}
    K = QKeySequence.StandardKey
    act(win, "open_db", "&Database Settings…", win.database_settings, K.Open,
        action_icon("database"), "Choose the campaign database (file or server)")
    act(win, "demo", "Create &Demo Campaigns", win.create_demo, None, action_icon("demo"),
        "Add one sample campaign per game system")
    act(win, "import_json", "Import &Campaign (JSON)…", win.import_json, None, None,
        "Import a campaign exported from this app")
    act(win, "export_json", "Export Campaign as &JSON…", win.export_json, None, None,
        "Save the whole campaign as a JSON file")
    act(win, "export_roster", "&Roster PDF…", lambda: win.export_pdf("roster"), K.Print,
        action_icon("export"), "Print the selected roster")
    act(win, "export_cards", "Fighter &Cards PDF…", lambda: win.export_pdf("cards"), None, None,
        "Print a card for each fighter or unit of the roster")
    act(win, "export_qrs", "&Quick Reference PDF…", lambda: win.export_pdf("qrs"), None, None,
        "Print the quick-reference cards of the campaign's game")
    act(win, "export_all", "&All Rosters of the Campaign PDF…", lambda: win.export_pdf("all"),
        "Ctrl+Shift+P", None, "Print every roster of the campaign in one PDF")
    act(win, "export_campaign", "Campaign &Report PDF…", lambda: win.export_pdf("campaign"), None, None,
        "Print the campaign's battles, standings, roster histories and charts")
    act(win, "backup", "&Back Up Database…", win.backup_database, "Ctrl+Shift+S", None,
        "Save a copy of the whole database (SQLite copy; JSON on a server)")
    act(win, "restore", "Re&store from Backup…", win.restore_database, None, None,
        "Replace the whole database with a backup (checked first; the current one is saved)")
    act(win, "quit", "&Quit", win.close, K.Quit, None, "Close the app")
    act(win, "undo", "&Undo", win.undo, K.Undo, action_icon("undo"),
        "Undo the campaign's last action")
    act(win, "redo", "&Redo", win.redo, ["Ctrl+Shift+Z", "Ctrl+Y"], action_icon("redo"),
        "Redo the last undone action")
    act(win, "edit_item", "&Edit Selected…", win.edit_selected, "F2",
        action_icon("edit"), "Edit the selected fighter or unit")
    act(win, "remove_item", "Re&move Selected", win.remove_selected, K.Delete,
        action_icon("remove"), "Remove the selected fighter or unit (undoable)")
    act(win, "reload", "Re&load", win.reload, K.Refresh, action_icon("reload"),
        "Read the database again")
    act(win, "new_campaign", "&New Campaign…", win.new_campaign, K.New, action_icon("campaign"),
        "Start a campaign: game system, edition, expansions")
    act(win, "new_roster", "New &Roster…", win.new_roster, "Ctrl+Shift+N", action_icon("roster"),
        "Add a gang, squad or force to the campaign")
    act(win, "edit_roster", "Edit R&oster…", win.edit_roster, "Ctrl+Shift+E", None,
        "Edit the selected roster's name, faction, player, credits")
    act(win, "house_rules", "&House Rules…", win.house_rules, "Ctrl+H", action_icon("house-rules"),
        "Edit a rules table for this campaign only")
    act(win, "campaign_settings", translate("Actions", "&Dice Discipline…"), win.campaign_settings, None, None,
        translate("Actions", "Open or strict dice, typed dice allowed or not (the roll record)"))
    act(win, "add_fighter", "Add &Fighter…", win.add_fighter, ["Ins", "Ctrl+Shift+F"],
        action_icon("fighter"), "Add a fighter to the selected roster")
    act(win, "add_unit", "Add &Unit…", win.add_unit, "Ctrl+Shift+U", action_icon("unit"),
        "Add a unit to the selected roster (squad games)")
    act(win, "find", "&Find in Roster…", win.find_in_roster, K.Find, None,
        "Show only the figures whose name, type, weapons or skills hold the words typed")
    act(win, "duplicate", "&Duplicate Fighter", win.duplicate_selected, "Ctrl+D", None,
        "Add a copy of the selected fighter: type, characteristics, weapons and skills")
    act(win, "exchange", "E&xchange Prisoner", win.exchange_prisoner, None, None,
        "Squad games: the selected prisoner unit comes back")
    act(win, "record_battle", "&Record Battle…", win.record_battle, "Ctrl+B", action_icon("battle"),
        "Record who fought and how each figure ended")
    act(win, "after_battle", "&After the Battle…", win.after_battle, "Ctrl+Shift+B",
        action_icon("wizard"), "Walk through the After the Battle rolls of a battle")
    act(win, "setup_battle", "&Set Up Battle…", lambda: _battles().setup_battle(win), "Ctrl+Alt+B",  # table helper
        None, "Before the game: scenario, who attacks and the crew, every roll on record")
    act(win, "battle_page", "Battle at the &Table…", lambda: _battles().battle_page(win), "F9",  # table helper
        None, "During the game: mark each figure's status, hits and casualties; roll the tables")
    act(win, "view_roster", "&Roster", lambda: win.tabs.setCurrentIndex(TAB_ROSTER), "Ctrl+1")
    act(win, "view_battles", "&Battles", lambda: win.tabs.setCurrentIndex(TAB_BATTLES), "Ctrl+2")
    act(win, "view_log", "Roll &Log", win.show_log, ["Ctrl+3", "Ctrl+L"], action_icon("log"),
        "Every roll of the campaign, with filters")
    act(win, "view_history", "&History", lambda: win.tabs.setCurrentIndex(TAB_HISTORY), "Ctrl+4",
        action_icon("history"), "The campaign's actions (what Undo undoes)")
    act(win, "view_charts", "&Charts", lambda: win.tabs.setCurrentIndex(TAB_CHARTS), "Ctrl+5",
        action_icon("chart"), "Casualties, wins, Rep, XP or rating per battle, and the rolls per table")
    act(win, "help", "&Getting Started", win.show_help, K.HelpContents, None,
        "How to keep a campaign here, step by step")
    act(win, "shortcuts", "&Keyboard Shortcuts", win.show_shortcuts, "Ctrl+/")
    act(win, "about", "&About Campaign Manager", win.about)
    win.theme_group = QActionGroup(win)
    from ui.theme import MODES, NAMES

    for mode in MODES:
        a = QAction(NAMES[mode], win, checkable=True)
        a.setObjectName(f"action_theme_{mode}")
        a.setChecked(mode == win.settings.theme())
        a.triggered.connect(lambda _c=False, m=mode: win.set_theme(m))
        win.theme_group.addAction(a)
    win.page_group = QActionGroup(win)
    for size, label in (("a4", "A4"), ("letter", "US Letter")):
        a = QAction(label, win, checkable=True)
        a.setObjectName(f"action_page_{size}")
        a.setData(size)
        win.page_group.addAction(a)
        a.setChecked(win.settings.value("export/page", "a4") == size)
    win.page_group.triggered.connect(lambda a: win.settings.set_value("export/page", a.data()))


def build_menus(win: MainWindow) -> None:
    actions = win.actions
    mb = win.menuBar()
    m = mb.addMenu("&File")
    m.addAction(actions["open_db"])
    win.recent_menu = m.addMenu("Open &Recent")
    win.recent_menu.setObjectName("recentMenu")
    m.addSeparator()
    m.addAction(actions["demo"])
    m.addSeparator()
    m.addAction(actions["import_json"])
    # the installed systems' importers go here, once the registry is loaded
    win.import_place = (m, actions["export_json"])
    m.addAction(actions["export_json"])
    m.addSeparator()
    m.addAction(actions["backup"])
    m.addAction(actions["restore"])
    m.addSeparator()
    ex = m.addMenu(action_icon("export"), "&Print / Export PDF")
    for k in ("export_roster", "export_cards", "export_qrs", "export_all", "export_campaign"):
        ex.addAction(actions[k])
    ex.addSeparator()
    pm = ex.addMenu("Page &Size")
    for a in win.page_group.actions():
        pm.addAction(a)
    m.addSeparator()
    m.addAction(actions["quit"])
    m = mb.addMenu("&Edit")
    for k in ("undo", "redo"):
        m.addAction(actions[k])
    m.addSeparator()
    for k in ("edit_item", "remove_item"):
        m.addAction(actions[k])
    m.addSeparator()
    m.addAction(actions["find"])
    m.addAction(actions["reload"])
    m = mb.addMenu("&Campaign")
    for k in ("new_campaign", "new_roster", "edit_roster"):
        m.addAction(actions[k])
    m.addSeparator()
    m.addAction(actions["house_rules"])
    m.addAction(actions["campaign_settings"])
    campaign_menu = m
    m = mb.addMenu("&Roster")
    for k in ("add_fighter", "add_unit"):
        m.addAction(actions[k])
    roster_end = m.addSeparator()
    for k in ("edit_item", "duplicate", "remove_item"):
        m.addAction(actions[k])
    m.addSeparator()
    m.addAction(actions["exchange"])
    # where the open campaign's game-system actions go: (menu, the action they precede)
    win.system_places = {
        "campaign": (campaign_menu, None), "roster": (m, roster_end),
        "figure": (m, actions["exchange"]),
    }
    m = mb.addMenu("&Battle")
    m.addAction(actions["setup_battle"])  # table helper
    m.addAction(actions["battle_page"])
    m.addAction(actions["record_battle"])
    m.addAction(actions["after_battle"])
    m = mb.addMenu("&View")
    for k in ("view_roster", "view_battles", "view_log", "view_history", "view_charts"):
        m.addAction(actions[k])
    m.addSeparator()
    tm = m.addMenu("&Theme")
    for a in win.theme_group.actions():
        tm.addAction(a)
    m.addSeparator()
    win.view_menu = m
    m = mb.addMenu("&Help")
    m.addAction(actions["help"])
    m.addAction(actions["shortcuts"])
    m.addSeparator()
    m.addAction(actions["about"])


def build_toolbar(win: MainWindow) -> None:
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
            tb.addAction(win.actions[k])
    short = {"new_campaign": "Campaign", "new_roster": "Roster", "add_fighter": "Fighter",
             "add_unit": "Unit", "edit_item": "Edit", "remove_item": "Remove",
             "record_battle": "Battle", "after_battle": "After Battle", "undo": "Undo", "redo": "Redo",
             "view_log": "Roll Log", "export_roster": "Print"}
    for k, text in short.items():
        win.actions[k].setIconText(text)
    win.addToolBar(tb)
    win.toolbar = tb
    win.view_menu.addAction(tb.toggleViewAction())


# --------------------------------------------------------------------------- importers
def import_action_key(key: str) -> str:
    return f"import_{key}"


def sync_import_actions(win: MainWindow) -> None:
    """One File menu action per importer an installed game system offers (built once,
    when a database is open: the registry is not loaded before)."""
    if win.import_actions is not None:
        return
    from campaign_app.systems.registry import systems

    win.import_actions = {}
    menu, before = win.import_place
    for gs in systems().values():
        for imp in gs.importers:
            name = import_action_key(imp.key)
            if name in win.actions:  # two systems offer the same key: the first one imports
                continue
            a = act(win, name, f"Import {imp.label}…", lambda k=imp.key: win.import_external(k),
                    None, None, f"Import a {imp.label} file ({gs.name})")
            menu.insertAction(before, a)
            win.import_actions[name] = imp.key


# --------------------------------------------------------------------------- system commands
def sync_system_actions(win: MainWindow) -> None:
    """Show the actions of the open campaign's game system, and only those: each
    command of the system that has a GUI action (none for a system not installed)."""
    sysid = win.campaign["system"] if win.campaign else ""
    if sysid == win.system_id:
        return
    for key, a in win.system_actions.items():
        for menu, _before in win.system_places.values():
            menu.removeAction(a)
        win.toolbar.removeAction(a)
        win.removeAction(a)
        win.actions.pop(key, None)
        a.deleteLater()
    win.system_actions, win.system_command_map = {}, {}
    win.system_id, win.game_system = sysid, None
    if not sysid:
        return  # nothing open: the registry is not even loaded (start-up)
    from campaign_app.systems.registry import systems

    gs = systems().get(sysid)
    if gs is None:
        return
    win.game_system = gs
    cmds = sorted((c for c in gs.command_list() if c.gui is not None), key=lambda c: c.gui.order)
    for cmd in cmds:
        g, key = cmd.gui, cmd.action_key
        a = act(win, key, g.label, lambda k=key: win.run_command(k), list(g.shortcut) or None,
                action_icon(g.icon) if g.icon else None, g.tip)
        menu, before = win.system_places[g.menu]
        if before is None:
            menu.addAction(a)
        else:
            menu.insertAction(before, a)
        if g.toolbar:
            a.setIconText(g.toolbar)
            win.toolbar.insertAction(win.actions["edit_item"], a)
        win.system_actions[key] = a
        win.system_command_map[key] = cmd


def command_check(win: MainWindow, cmd: Any, row: dict[str, Any] | None) -> bool:
    """The command's own read-only check of the selected figure, if it has one."""
    from campaign_app.errors import AppError

    if not cmd.needs.check:
        return True
    if row is None or win.game_system is None:
        return False
    try:
        return bool(win.game_system.load(cmd.needs.check)(win.engine, row["id"]))
    except AppError:  # the row vanished (another window removed it)
        return False


# --------------------------------------------------------------------------- state
def update_state(win: MainWindow) -> None:
    """Enable the actions that apply to what is open and selected. Undo's and Redo's
    texts come from ``win.undo_state``, read when the campaign's history changed."""
    a = win.actions
    has_db = win.engine is not None
    camp = win.campaign
    row = win.selected_row() if has_db and win._main_built else None
    roster = win.roster_id is not None
    feats = win.features if has_db else _NO_FEATURES  # nothing to look up before a database
    a["demo"].setEnabled(has_db and feats["demo"])
    a["new_campaign"].setEnabled(has_db)
    for k in ("new_roster", "house_rules", "export_json", "campaign_settings"):
        a[k].setEnabled(camp is not None)
    a["import_json"].setEnabled(has_db and feats["data"])
    for k in win.import_actions or ():
        a[k].setEnabled(has_db and feats["data"])
    a["export_json"].setEnabled(camp is not None and feats["data"])
    a["edit_roster"].setEnabled(roster)
    a["add_fighter"].setEnabled(roster)
    a["add_unit"].setEnabled(roster and bool(camp and camp["uses_units"]) and feats["units"])
    sync_system_actions(win)
    for key, cmd in win.system_command_map.items():
        a[key].setEnabled(cmd.applies(camp, roster, row) and command_check(win, cmd, row))
    a["backup"].setEnabled(has_db)
    a["restore"].setEnabled(has_db)
    a["edit_item"].setEnabled(row is not None)
    a["find"].setEnabled(camp is not None)
    a["duplicate"].setEnabled(row is not None and row["what"] == "fighter")
    a["remove_item"].setEnabled(row is not None and (row["what"] == "fighter" or feats["units"]))
    a["exchange"].setEnabled(row is not None and row["what"] == "unit" and feats["units"]
                             and row.get("status") == "prisoner")
    a["record_battle"].setEnabled(camp is not None and feats["battles"] and bool(camp["rosters"]))
    a["after_battle"].setEnabled(camp is not None and feats["battles"] and camp["pending_battles"] > 0)
    a["setup_battle"].setEnabled(a["record_battle"].isEnabled())  # table helper
    a["battle_page"].setEnabled(camp is not None and feats["battles"] and camp["pending_battles"] > 0)
    for k in ("view_roster", "view_battles", "view_log", "view_history", "view_charts"):
        a[k].setEnabled(camp is not None)
    for k in ("export_roster", "export_cards"):
        a[k].setEnabled(roster and feats["exports"])
    for k in ("export_qrs", "export_all", "export_campaign"):
        a[k].setEnabled(camp is not None and feats["exports"])
    state = win.undo_state_of(camp["id"] if camp and has_db else None)
    u, r = state["undo"], state["redo"]
    a["undo"].setEnabled(u is not None)
    a["redo"].setEnabled(r is not None)
    a["undo"].setText(f"&Undo {u}" if u else "&Undo")
    a["redo"].setText(f"&Redo {r}" if r else "&Redo")
    a["undo"].setToolTip(f"Undo: {u} (Ctrl+Z)" if u else "Nothing to undo")
    a["redo"].setToolTip(f"Redo: {r} (Ctrl+Shift+Z)" if r else "Nothing to redo")


# --------------------------------------------------------------------------- menus, help
def tree_menu(win: MainWindow, pos: Any) -> None:
    from PySide6.QtWidgets import QMenu

    m = QMenu(win)
    for k in ("new_campaign", "new_roster", "edit_roster", None, "record_battle", "after_battle",
              None, "house_rules", "export_all"):
        if k is None:
            m.addSeparator()
        else:
            m.addAction(win.actions[k])
    m.popup(win.tree.viewport().mapToGlobal(pos))


def table_menu(win: MainWindow, pos: Any) -> None:
    from PySide6.QtWidgets import QMenu

    m = QMenu(win)
    by_place: dict[str, list[str]] = {"roster": [], "figure": []}
    for key, cmd in win.system_command_map.items():
        if cmd.gui.menu in by_place:
            by_place[cmd.gui.menu].append(key)
    for k in ("edit_item", "duplicate", "remove_item", None, "add_fighter", "add_unit", *by_place["roster"], None,
              *by_place["figure"], "exchange", None, "view_log"):
        if k is None:
            m.addSeparator()
        elif win.actions[k].isEnabled():
            m.addAction(win.actions[k])
    m.popup(win.table.viewport().mapToGlobal(pos))


def show_shortcuts(win: MainWindow) -> None:
    from ui.help import show_help

    show_help(win, "shortcuts")


def _battles() -> Any:  # table helper: the battles controller, loaded on first use
    from ui.controllers import battles

    return battles
