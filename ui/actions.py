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
from ui.main_window import TAB_BATTLES, TAB_CHARTS, TAB_HISTORY, TAB_ROSTER, TAB_STANDINGS
from ui.mnemonics import assign_keys
from ui.rules_text import rules_text

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
    act(win, "open_db", translate("actions", "&Database Settings…"), win.database_settings, K.Open,
        action_icon("database"), translate("actions", "Choose the campaign database (file or server)"))
    act(win, "open_league", translate("actions", "Open &League…"), win.open_league, None, None,
        translate("actions", "Sign in to a league server and open its campaigns"))
    act(win, "demo", translate("actions", "Create &Demo Campaigns"), win.create_demo, None, action_icon("demo"),
        translate("actions", "Add one sample campaign per game system"))
    act(win, "import_json", translate("actions", "Import &Campaign (JSON)…"), win.import_json, None, None,
        translate("actions", "Import a campaign exported from this app"))
    act(win, "export_json", translate("actions", "Export Campaign as &JSON…"), win.export_json, None, None,
        translate("actions", "Save the whole campaign as a JSON file"))
    act(win, "export_roster", translate("actions", "&Roster PDF…"), lambda: win.export_pdf("roster"), K.Print,
        action_icon("export"), translate("actions", "Print the selected roster"))
    act(win, "export_cards", translate("actions", "Fighter &Cards PDF…"), lambda: win.export_pdf("cards"), None, None,
        translate("actions", "Print a card for each fighter or unit of the roster"))
    act(win, "export_qrs", translate("actions", "&Quick Reference PDF…"), lambda: win.export_pdf("qrs"), None, None,
        translate("actions", "Print the quick-reference cards of the campaign's game"))
    act(win, "export_all", translate("actions", "&All Rosters of the Campaign PDF…"), lambda: win.export_pdf("all"),
        "Ctrl+Shift+P", None, translate("actions", "Print every roster of the campaign in one PDF"))
    act(win, "export_campaign", translate("actions", "Campaign &Report PDF…"), lambda: win.export_pdf("campaign"), None, None,
        translate("actions", "Print the campaign's battles, standings, roster histories and charts"))
    act(win, "backup", translate("actions", "&Back Up Database…"), win.backup_database, "Ctrl+Shift+S", None,
        translate("actions", "Save a copy of the whole database (SQLite copy; JSON on a server)"))
    act(win, "restore", translate("actions", "Re&store from Backup…"), win.restore_database, None, None,
        translate("actions", "Replace the whole database with a backup (checked first; the current one is saved)"))
    act(win, "quit", translate("actions", "&Quit"), win.close, K.Quit, None, translate("actions", "Close the app"))
    act(win, "undo", translate("actions", "&Undo"), win.undo, K.Undo, action_icon("undo"),
        translate("actions", "Undo the campaign's last action"))
    act(win, "redo", translate("actions", "&Redo"), win.redo, ["Ctrl+Shift+Z", "Ctrl+Y"], action_icon("redo"),
        translate("actions", "Redo the last undone action"))
    act(win, "edit_item", translate("actions", "&Edit Selected…"), win.edit_selected, "F2",
        action_icon("edit"), translate("actions", "Edit the selected fighter or unit"))
    act(win, "remove_item", translate("actions", "Re&move Selected"), win.remove_selected, K.Delete,
        action_icon("remove"), translate("actions", "Remove the selected fighter or unit (undoable)"))
    act(win, "reload", translate("actions", "Re&load"), win.reload, K.Refresh, action_icon("reload"),
        translate("actions", "Read the database again"))
    act(win, "new_campaign", translate("actions", "&New Campaign…"), win.new_campaign, K.New, action_icon("campaign"),
        translate("actions", "Start a campaign: game system, edition, expansions"))
    act(win, "new_roster", translate("actions", "New &Roster…"), win.new_roster, "Ctrl+Shift+N", action_icon("roster"),
        translate("actions", "Add a gang, squad or force to the campaign"))
    act(win, "edit_roster", translate("actions", "Edit R&oster…"), win.edit_roster, "Ctrl+Shift+E", None,
        translate("actions", "Edit the selected roster's name, faction, player, credits"))
    act(win, "campaign_settings", translate("Actions", "&Dice Discipline…"), win.campaign_settings, None, None,
        translate("Actions", "Open or strict dice, typed dice allowed or not (the roll record)"))
    act(win, "house_rules", translate("actions", "&House Rules…"), win.house_rules, "Ctrl+H", action_icon("house-rules"),
        translate("actions", "Edit a rules table for this campaign only"))
    act(win, "add_fighter", translate("actions", "Add &Fighter…"), win.add_fighter, ["Ins", "Ctrl+Shift+F"],
        action_icon("fighter"), translate("actions", "Add a fighter to the selected roster"))
    act(win, "add_unit", translate("actions", "Add &Unit…"), win.add_unit, "Ctrl+Shift+U", action_icon("unit"),
        translate("actions", "Add a unit to the selected roster (squad games)"))
    act(win, "find", translate("actions", "&Find in Roster…"), win.find_in_roster, K.Find, None,
        translate("actions", "Show only the figures whose name, type, weapons or skills hold the words typed"))
    act(win, "duplicate", translate("actions", "&Duplicate Fighter"), win.duplicate_selected, "Ctrl+D", None,
        translate("actions", "Add a copy of the selected fighter: type, characteristics, weapons and skills"))
    act(win, "advance", translate("actions", "Adva&nce…"), win.advance_selected, "Ctrl+Shift+V", None,  # advance helper
        translate("actions", "What the selected fighter may take with its XP (or ranks), and taking it"))
    act(win, "exchange", translate("actions", "E&xchange Prisoner"), win.exchange_prisoner, None, None,
        translate("actions", "Squad games: the selected prisoner unit comes back"))
    act(win, "record_battle", translate("actions", "&Record Battle…"), win.record_battle, "Ctrl+B", action_icon("battle"),
        translate("actions", "Record who fought and how each figure ended"))
    act(win, "after_battle", translate("actions", "&After the Battle…"), win.after_battle, "Ctrl+Shift+B",
        action_icon("wizard"), translate("actions", "Walk through the After the Battle rolls of a battle"))
    act(win, "setup_battle", translate("actions", "&Set Up Battle…"), lambda: _battles().setup_battle(win), "Ctrl+Alt+B",  # table helper
        None, translate("actions", "Before the game: scenario, who attacks and the crew, every roll on record"))
    act(win, "battle_page", translate("actions", "Battle at the &Table…"), lambda: _battles().battle_page(win), "F9",  # table helper
        None, translate("actions", "During the game: mark each figure's status, hits and casualties; roll the tables"))
    act(win, "invite_table", translate("actions", "&Invite to the Table…"), lambda: _battles().invite_to_table(win),
        None, None, translate("actions", "A QR code a phone or tablet scans to follow the battle and mark one roster's figures"))
    # --- gear (gear helper): credits, trading, ledger and stash, the catalogue
    for key, text, what, tip in (
        ("gear_credits", translate("Actions", "C&redits…"), "credits",
         translate("Actions", "Give or take the roster's credits, with the reason")),
        ("gear_buy", translate("Actions", "&Buy Equipment…"), "buy",
         translate("Actions", "Buy a catalogue item for the selected fighter (the gang's credits pay)")),
        ("gear_sell", translate("Actions", "Se&ll Equipment…"), "sell",
         translate("Actions", "Sell an item the selected fighter carries")),
        ("gear_ledger", translate("Actions", "Led&ger and Stash…"), "ledger",
         translate("Actions", "Every movement of the roster's credits; the items the gang holds")),
        ("gear_territories", translate("Actions", "&Territories…"), "territories",
         translate("Actions", "The territories the roster holds and what each gives a battle; take or give up one")),
        ("gear_content", translate("Actions", "&Catalogue and Content Packs…"), "content",
         translate("Actions", "The campaign's equipment, costs and profiles; add a content pack")),
    ):
        act(win, key, text, lambda w=what: _gear().open_gear(win, w), None, None, tip)
    act(win, "view_roster", translate("actions", "&Roster"), lambda: win.tabs.setCurrentIndex(TAB_ROSTER), "Ctrl+1")
    act(win, "view_battles", translate("actions", "&Battles"), lambda: win.tabs.setCurrentIndex(TAB_BATTLES), "Ctrl+2")
    act(win, "view_log", translate("actions", "Roll &Log"), win.show_log, ["Ctrl+3", "Ctrl+L"], action_icon("log"),
        translate("actions", "Every roll of the campaign, with filters"))
    act(win, "view_history", translate("actions", "&History"), lambda: win.tabs.setCurrentIndex(TAB_HISTORY), "Ctrl+4",
        action_icon("history"), translate("actions", "The campaign's actions (what Undo undoes)"))
    act(win, "view_charts", translate("actions", "&Charts"), lambda: win.tabs.setCurrentIndex(TAB_CHARTS), "Ctrl+5",
        action_icon("chart"), translate("actions", "Casualties, wins, Rep, XP or rating per battle, and the rolls per table"))
    act(win, "view_standings", translate("actions", "&Standings"), lambda: win.tabs.setCurrentIndex(TAB_STANDINGS),
        "Ctrl+6", None, translate("actions", "The rosters ranked by wins, with their battles, casualties and rating"))
    act(win, "help", translate("actions", "&Getting Started"), win.show_help, K.HelpContents, None,
        translate("actions", "How to keep a campaign here, step by step"))
    act(win, "shortcuts", translate("actions", "&Keyboard Shortcuts"), win.show_shortcuts, "Ctrl+/")
    act(win, "about", translate("actions", "&About Campaign Manager"), win.about)
    build_manage_actions(win)
    win.theme_group = QActionGroup(win)
    from ui.theme import MODES, NAMES

    for mode in MODES:
        a = QAction(translate("theme", NAMES[mode]), win, checkable=True)
        a.setObjectName(f"action_theme_{mode}")
        a.setChecked(mode == win.settings.theme())
        a.triggered.connect(lambda _c=False, m=mode: win.set_theme(m))
        win.theme_group.addAction(a)
    win.page_group = QActionGroup(win)
    for size, label in (("a4", "A4"), ("letter", translate("actions", "US Letter"))):
        a = QAction(label, win, checkable=True)
        a.setObjectName(f"action_page_{size}")
        a.setData(size)
        win.page_group.addAction(a)
        a.setChecked(win.settings.value("export/page", "a4") == size)
    win.page_group.triggered.connect(lambda a: win.settings.set_value("export/page", a.data()))
    win.language_group = QActionGroup(win)
    from ui.i18n import LANGUAGE_NAMES, current

    for lang, name in LANGUAGE_NAMES.items():  # each named in itself, whatever the window's
        a = QAction(name, win, checkable=True)
        a.setObjectName(f"action_lang_{lang}")
        a.setData(lang)
        a.setChecked(lang == current())
        win.language_group.addAction(a)
    win.language_group.triggered.connect(lambda a: set_language(win, str(a.data())))


def set_language(win: MainWindow, lang: str) -> None:
    """Remember the window's language; it is used from the next start on (said so)."""
    from ui.i18n import LANGUAGE_NAMES, current

    win.settings.set_language(lang)
    if lang == current():
        win.notify(translate("actions", "The window is in {language}").format(
            language=LANGUAGE_NAMES[lang]), 6000)
        return
    from PySide6.QtWidgets import QMessageBox  # on use: its class costs the first frame ~3 ms

    from ui.widgets import show_message

    show_message(win, translate("actions", "Language"), icon=QMessageBox.Icon.Information, text=translate(
        "actions", "The window will be in {language} from the next start of the app.").format(
        language=LANGUAGE_NAMES[lang]))


def build_manage_actions(win: MainWindow) -> None:
    """Rename, delete and move (what they do: ui.controllers.manage, loaded on use)."""
    act(win, "rename_campaign", translate("Manage", "Re&name Campaign…"), lambda: _manage().rename_campaign(win), None, None,
        translate("Manage", "Give the campaign another name"))
    act(win, "delete_campaign", translate("Manage", "&Delete Campaign…"), lambda: _manage().delete_campaign(win), None, None,
        translate("Manage", "Delete the campaign (kept until purged: Deleted Campaigns brings it back)"))
    act(win, "deleted_campaigns", translate("Manage", "Deleted Ca&mpaigns…"), lambda: _manage().deleted_campaigns(win), None,
        None, translate("Manage", "Bring back a deleted campaign, or remove it for good"))
    act(win, "rename_roster", translate("Manage", "Rena&me Roster…"), lambda: _manage().rename_roster(win), None, None,
        translate("Manage", "Give the selected roster another name"))
    act(win, "delete_roster", translate("Manage", "De&lete Roster…"), lambda: _manage().delete_roster(win), None, None,
        translate("Manage", "Delete the selected roster with its fighters and units (undoable; its rolls stay on record)"))
    act(win, "move_figure", translate("Manage", "Mo&ve to Roster…"), lambda: _manage().move_selected(win), "Ctrl+M", None,
        translate("Manage", "Move the selected fighter or unit to another roster of the campaign (or drag it onto one)"))


def manage_state(win: MainWindow, row: dict[str, Any] | None) -> None:
    a = win.actions
    camp = win.campaign
    for k in ("rename_campaign", "delete_campaign"):
        a[k].setEnabled(camp is not None)
    a["deleted_campaigns"].setEnabled(win.app is not None)
    for k in ("rename_roster", "delete_roster"):
        a[k].setEnabled(win.roster_id is not None)
    others = [r for r in (camp or {}).get("rosters", []) if row is not None and r["id"] != row.get("roster_id")]
    a["move_figure"].setEnabled(row is not None and bool(others))


def build_menus(win: MainWindow) -> None:
    actions = win.actions
    mb = win.menuBar()
    m = mb.addMenu(translate("actions", "&File"))
    m.addAction(actions["open_db"])
    m.addAction(actions["open_league"])
    win.recent_menu = m.addMenu(translate("actions", "Open &Recent"))
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
    ex = m.addMenu(action_icon("export"), translate("actions", "&Print / Export PDF"))
    for k in ("export_roster", "export_cards", "export_qrs", "export_all", "export_campaign"):
        ex.addAction(actions[k])
    ex.addSeparator()
    pm = ex.addMenu(translate("actions", "Page &Size"))
    for a in win.page_group.actions():
        pm.addAction(a)
    m.addSeparator()
    m.addAction(actions["quit"])
    m = mb.addMenu(translate("actions", "&Edit"))
    m.setObjectName("editMenu")
    win.edit_menu = m
    # another process (the command line, a second window) may have undone or redone
    # since: the menu about to open reads the history again, never offering a stale step
    m.aboutToShow.connect(win.refresh_undo)
    for k in ("undo", "redo"):
        m.addAction(actions[k])
    m.addSeparator()
    for k in ("edit_item", "remove_item"):
        m.addAction(actions[k])
    m.addSeparator()
    m.addAction(actions["find"])
    m.addAction(actions["reload"])
    m = mb.addMenu(translate("actions", "&Campaign"))
    for k in ("new_campaign", "new_roster", "edit_roster"):
        m.addAction(actions[k])
    m.addSeparator()
    for k in ("rename_campaign", "delete_campaign", "rename_roster", "delete_roster"):
        m.addAction(actions[k])
    m.addAction(actions["deleted_campaigns"])
    m.addSeparator()
    m.addAction(actions["house_rules"])
    m.addAction(actions["campaign_settings"])
    campaign_menu = m
    m = mb.addMenu(translate("actions", "&Roster"))
    for k in ("add_fighter", "add_unit"):
        m.addAction(actions[k])
    roster_end = m.addSeparator()
    for k in ("edit_item", "duplicate", "advance", "move_figure", "remove_item"):
        m.addAction(actions[k])
    m.addSeparator()
    for k in ("gear_credits", "gear_buy", "gear_sell", "gear_ledger", "gear_territories", "gear_content"):  # gear helper
        m.addAction(actions[k])
    m.addSeparator()
    m.addAction(actions["exchange"])
    # where the open campaign's game-system actions go: (menu, the action they precede)
    win.system_places = {
        "campaign": (campaign_menu, None), "roster": (m, roster_end),
        "figure": (m, actions["exchange"]),
    }
    m = mb.addMenu(translate("actions", "&Battle"))
    m.addAction(actions["setup_battle"])  # table helper
    m.addAction(actions["battle_page"])
    m.addAction(actions["invite_table"])
    m.addAction(actions["record_battle"])
    m.addAction(actions["after_battle"])
    m = mb.addMenu(translate("actions", "&View"))
    for k in ("view_roster", "view_battles", "view_log", "view_history", "view_charts", "view_standings"):
        m.addAction(actions[k])
    m.addSeparator()
    tm = m.addMenu(translate("actions", "&Theme"))
    for a in win.theme_group.actions():
        tm.addAction(a)
    lm = m.addMenu(translate("actions", "&Language"))
    lm.setObjectName("menu_language")
    for a in win.language_group.actions():
        lm.addAction(a)
    m.addSeparator()
    win.view_menu = m
    m = mb.addMenu(translate("actions", "&Help"))
    m.addAction(actions["help"])
    m.addAction(actions["shortcuts"])
    m.addSeparator()
    m.addAction(actions["about"])
    # each item a letter of its own, whatever the language, the game's actions and the
    # texts made at run time; connected last, after the menus' own aboutToShow
    assign_keys(mb, deep=False)
    for top in mb.actions():
        top.menu().aboutToShow.connect(lambda menu=top.menu(): assign_keys(menu))


def build_toolbar(win: MainWindow) -> None:
    tb = QToolBar(translate("actions", "Main toolbar"))
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
    short = {"new_campaign": translate("actions", "Campaign"), "new_roster": translate("actions", "Roster"), "add_fighter": translate("actions", "Fighter"),
             "add_unit": translate("actions", "Unit"), "edit_item": translate("actions", "Edit"), "remove_item": translate("actions", "Remove"),
             "record_battle": translate("actions", "Battle"), "after_battle": translate("actions", "After Battle"), "undo": translate("actions", "Undo"), "redo": translate("actions", "Redo"),
             "view_log": translate("actions", "Roll Log"), "export_roster": translate("actions", "Print")}
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
            a = act(win, name, translate("actions", "Import {label}…").format(label=imp.label), lambda k=imp.key: win.import_external(k),
                    None, None, translate("actions", "Import a {label} file ({name})").format(label=imp.label, name=gs.name))
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
    from campaign_app.systems.registry import some_systems

    gs = some_systems([sysid]).get(sysid)  # (the others' plug-ins not loaded for it)
    if gs is None:
        return
    win.game_system = gs
    cmds = sorted((c for c in gs.command_list() if c.gui is not None), key=lambda c: c.gui.order)
    for cmd in cmds:
        g, key = cmd.gui, cmd.action_key
        a = act(win, key, rules_text(g.label, sysid), lambda k=key: win.run_command(k),
                list(g.shortcut) or None, action_icon(g.icon) if g.icon else None,
                rules_text(g.tip, sysid))
        menu, before = win.system_places[g.menu]
        if before is None:
            menu.addAction(a)
        else:
            menu.insertAction(before, a)
        if g.toolbar:
            a.setIconText(rules_text(g.toolbar, sysid))
            win.toolbar.insertAction(win.actions["edit_item"], a)
        win.system_actions[key] = a
        win.system_command_map[key] = cmd


def command_check(win: MainWindow, cmd: Any, row: dict[str, Any] | None) -> bool:
    """The command's own read-only checks of the selected roster and figure, if it has them."""
    from campaign_app.errors import AppError

    if cmd.needs.roster_check:
        if win.roster_id is None or win.game_system is None:
            return False
        try:
            if not win.app.run(win.game_system.load(cmd.needs.roster_check), win.roster_id):
                return False
        except AppError:  # the roster vanished (another window removed it)
            return False
    if not cmd.needs.check:
        return True
    if row is None or win.game_system is None:
        return False
    try:
        return bool(win.app.run(win.game_system.load(cmd.needs.check), row["id"]))
    except AppError:  # the row vanished (another window removed it)
        return False


# --------------------------------------------------------------------------- state
# what the first screen offers while the database layer loads (issue #32): nothing that
# reads or writes through it
FIRST_SCREEN_ACTIONS = frozenset({"open_db", "open_league", "quit", "help", "shortcuts", "about", "view_roster"})


def update_state(win: MainWindow) -> None:
    """Enable the actions that apply to what is open and selected. Undo's and Redo's
    texts come from ``win.undo_state``, read when the campaign's history changed."""
    a = win.actions
    if win.app is None and win.campaign is not None:  # the first screen: the ORM still loading
        sync_system_actions(win)  # in their places already (disabled): the toolbar does not shift after
        for k, action in a.items():
            action.setEnabled(k in FIRST_SCREEN_ACTIONS)
        return
    has_db = win.app is not None
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
    a["advance"].setEnabled(row is not None)  # advance helper
    a["remove_item"].setEnabled(row is not None and (row["what"] == "fighter" or feats["units"]))
    manage_state(win, row)
    a["exchange"].setEnabled(row is not None and row["what"] == "unit" and feats["units"]
                             and row.get("status") == "prisoner")
    a["record_battle"].setEnabled(camp is not None and feats["battles"] and bool(camp["rosters"]))
    a["after_battle"].setEnabled(camp is not None and feats["battles"] and camp["pending_battles"] > 0)
    a["setup_battle"].setEnabled(a["record_battle"].isEnabled())  # table helper
    # gear helper: money and trading only in a game whose rosters keep credits (its
    # SystemInfo says so); the catalogue (profiles) in every game
    money = camp is None or bool(camp.get("uses_credits", True))
    for k in ("gear_credits", "gear_ledger", "gear_territories", "gear_buy", "gear_sell"):
        a[k].setVisible(money)
    for k in ("gear_credits", "gear_ledger", "gear_territories"):
        a[k].setEnabled(roster and money)
    a["gear_content"].setEnabled(camp is not None)
    for k in ("gear_buy", "gear_sell"):
        a[k].setEnabled(money and row is not None and row["what"] == "fighter")
    a["battle_page"].setEnabled(camp is not None and feats["battles"] and camp["pending_battles"] > 0)
    for k in ("view_roster", "view_battles", "view_log", "view_history", "view_charts", "view_standings"):
        a[k].setEnabled(camp is not None)
    for k in ("export_roster", "export_cards"):
        a[k].setEnabled(roster and feats["exports"])
    for k in ("export_qrs", "export_all", "export_campaign"):
        a[k].setEnabled(camp is not None and feats["exports"])
    update_undo(win)


def update_undo(win: MainWindow) -> None:
    """Undo's and Redo's enabled state, text and tip from ``win.undo_state_of`` (the
    database's history of the campaign shown, read again when it may have changed)."""
    a = win.actions
    camp = win.campaign
    state = win.undo_state_of(camp["id"] if camp and win.app is not None else None)
    u, r = state["undo"], state["redo"]
    a["undo"].setEnabled(u is not None)
    a["redo"].setEnabled(r is not None)
    a["undo"].setText(translate("actions", "&Undo {u}").format(u=u) if u else translate("actions", "&Undo"))
    a["redo"].setText(translate("actions", "&Redo {r}").format(r=r) if r else translate("actions", "&Redo"))
    a["undo"].setToolTip(translate("actions", "Undo: {u} (Ctrl+Z)").format(u=u) if u else translate("actions", "Nothing to undo"))
    a["redo"].setToolTip(translate("actions", "Redo: {r} (Ctrl+Shift+Z)").format(r=r) if r else translate("actions", "Nothing to redo"))


# --------------------------------------------------------------------------- menus, help
def tree_menu(win: MainWindow, pos: Any) -> None:
    from PySide6.QtWidgets import QMenu

    m = QMenu(win)
    for k in ("new_campaign", "new_roster", "edit_roster", None, "gear_credits", "gear_ledger", "gear_territories",
              None, "record_battle", "after_battle",
              None, "house_rules", "export_all", None, "rename_campaign", "rename_roster", "delete_roster",
              "delete_campaign"):
        if k is None:
            m.addSeparator()
        elif k in ("new_campaign", "new_roster") or win.actions[k].isEnabled():
            m.addAction(win.actions[k])
    m.popup(win.tree.viewport().mapToGlobal(pos))


def table_menu(win: MainWindow, pos: Any) -> None:
    from PySide6.QtWidgets import QMenu

    m = QMenu(win)
    by_place: dict[str, list[str]] = {"roster": [], "figure": []}
    for key, cmd in win.system_command_map.items():
        if cmd.gui.menu in by_place:
            by_place[cmd.gui.menu].append(key)
    for k in ("edit_item", "duplicate", "advance", "move_figure", "remove_item", None, "gear_buy", "gear_sell",
              "gear_ledger", None, "add_fighter", "add_unit", *by_place["roster"], None,
              *by_place["figure"], "exchange", None, "view_log"):
        if k is None:
            m.addSeparator()
        elif win.actions[k].isEnabled():
            m.addAction(win.actions[k])
    m.popup(win.table.viewport().mapToGlobal(pos))


def show_shortcuts(win: MainWindow) -> None:
    from ui.help import show_help

    show_help(win, "shortcuts")


def _gear() -> Any:  # gear helper: the gear dialogs, loaded on first use
    from ui.dialogs import gear

    return gear


def _battles() -> Any:  # table helper: the battles controller, loaded on first use
    from ui.controllers import battles

    return battles


def _manage() -> Any:  # rename, delete and move: their actions, dialogs and drag and drop
    from ui.controllers import manage

    return manage
