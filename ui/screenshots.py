"""``python -m ui.screenshots OUTDIR``: render the main window, every dialog and each
step of the After the Battle wizard with the demo campaigns to PNG files, offscreen.
Every installed game system's demo campaign is shown, with its figure dialogs and the
dialogs of its own commands: nothing here knows a game.

A temporary database is filled with ``campaign_app.usecases.demo`` (nothing of the
user's is read or written); settings go to a temporary INI file too."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any

W, H = 1280, 800  # the smallest laptop screen the app is made to fit


def _pump(app: Any, n: int = 3) -> None:
    for _ in range(n):
        app.processEvents()


class Shooter:
    def __init__(self, app: Any, outdir: Path) -> None:
        self.app = app
        self.outdir = outdir
        self.files: list[Path] = []
        self.cut: list[str] = []  # text shown cut off, "picture: where: what"
        self.check_screen = True  # report windows larger than the screen

    def shot(self, widget: Any, name: str) -> Path:
        from PySide6.QtCore import QThreadPool

        _pump(self.app)
        QThreadPool.globalInstance().waitForDone(10000)  # reads off the GUI thread (standings, chain) shown
        _pump(self.app)
        path = self.outdir / f"{len(self.files) + 1:02d}-{name}.png"
        if not widget.grab().save(str(path)):
            raise RuntimeError(f"could not write {path}")
        self.files.append(path)
        from ui.cutoff import cut_texts

        self.cut += [f"{path.name}: {p}" for p in cut_texts(widget)]
        if self.check_screen:
            self.cut += [f"{path.name}: {p}" for p in _off_screen(widget)]
        return path


def _off_screen(widget: Any) -> list[str]:
    """A window or dialog larger than the screen's available geometry (a player could
    not reach its edge), or one whose smallest size is larger (it cannot be shrunk)."""
    screen = widget.screen()
    if screen is None:
        return []
    room = screen.availableGeometry()
    out: list[str] = []
    frame = widget.frameGeometry()
    if frame.width() > room.width() or frame.height() > room.height():
        out.append(f"{type(widget).__name__} is {frame.width()}x{frame.height()} on a "
                   f"{room.width()}x{room.height()} screen")
    least = widget.minimumSizeHint().expandedTo(widget.minimumSize())
    if least.width() > room.width() or least.height() > room.height():
        out.append(f"{type(widget).__name__} cannot shrink below {least.width()}x{least.height()} on a "
                   f"{room.width()}x{room.height()} screen")
    return out


def _close(app: Any, dlg: Any) -> None:
    if dlg is not None and dlg.isVisible():
        dlg.reject()
    _pump(app)


def _slug(text: str) -> str:
    out = "".join(ch.lower() if ch.isalnum() else "-" for ch in text)
    return "-".join(part for part in out.split("-") if part)[:40] or "x"


def _steady_dice() -> None:
    """The app's own dice roll the same faces every run, so the pictures are the same
    every run (only inside this tool: the app itself rolls at random)."""
    import random

    from campaign_app import dice

    def seeded(self: Any) -> None:
        self._rng = random.Random(1943)

    dice.RandomSource.__init__ = seeded  # type: ignore[method-assign]


def _first_figure(win: Any) -> str | None:
    rows = win.model.rows
    return str(rows[0]["name"]) if rows else None


def _shoot_campaign(s: Shooter, win: Any, camp: dict[str, Any]) -> None:
    """The campaign's rosters (a figure of each selected) and its figure dialogs, and
    every game-system command of the campaign on a figure it applies to."""
    app = s.app
    slug = _slug(camp["name"])
    win.select_tree("campaign", camp["id"])
    s.shot(win, f"main-{slug}")
    for r in camp["rosters"][:3]:
        win.select_tree("roster", r["id"])
        name = _first_figure(win)
        if name is not None:
            win.select_figure(name)
        s.shot(win, f"main-{slug}-{_slug(r['name'])}")
    if not camp["rosters"]:
        return
    win.select_tree("roster", camp["rosters"][0]["id"])
    name = _first_figure(win)
    if name is not None:
        win.select_figure(name)
        dlg = win.edit_selected()
        if dlg is not None:
            s.shot(dlg, f"dialog-figure-{slug}")
            edits = getattr(dlg, "stat_edits", {})
            if edits:
                next(iter(edits.values())).setText("99")
                dlg.try_accept()
                s.shot(dlg, f"dialog-figure-{slug}-invalid")
            _close(app, dlg)
        if win.actions["advance"].isEnabled():  # the figure's advancement (every game has one)
            dlg = win.advance_selected()
            if dlg is not None:
                s.shot(dlg, f"dialog-advance-{slug}")
                _close(app, dlg)
    dlg = win.add_unit() if camp.get("uses_units") else win.add_fighter()
    if dlg is not None:
        s.shot(dlg, f"dialog-add-figure-{slug}")
        dlg.try_accept()  # no name yet: the dialog says so and stays open
        if dlg.isVisible():
            s.shot(dlg, f"dialog-add-figure-{slug}-missing")
        _close(app, dlg)
    for cmd in win.system_commands():
        key = cmd.action_key
        act = win.actions.get(key)
        for r in camp["rosters"]:
            if act is not None and act.isEnabled():
                break
            win.select_tree("roster", r["id"])
            for row in list(win.model.rows):
                win.select_figure(row["name"])
                if act is not None and act.isEnabled():
                    break
        if act is None or not act.isEnabled():
            continue
        dlg = win.run_command(key)
        if dlg is None:
            continue
        if hasattr(dlg, "preview"):
            dlg.preview()
        s.shot(dlg, f"dialog-{_slug(key)}")
        _close(app, dlg)


def _shoot_table(s: Shooter, win: Any, campaigns: list[dict[str, Any]]) -> None:
    """The setup dialog (every roster ticked, a fighter picked) and, once set up, the
    battle page with a few marks, for each demo campaign whose game draws a crew or has
    in-battle commands (the others' pages look alike)."""
    from campaign_app.systems import game_system

    app = s.app
    invited = False
    for camp in campaigns:
        gs = game_system(camp["system"])
        if gs.crew_rule is None and not gs.battle_commands:
            continue
        slug = _slug(camp["name"])
        win.select_tree("campaign", camp["id"])
        dlg = win.actions["setup_battle"].isEnabled() and _trigger(win, "setup_battle")
        if not dlg:
            continue
        for r in dlg.choices["rosters"][:2]:
            dlg.set_roster_checked(r["id"])
        if gs.crew_rule is not None and dlg.picks.count():
            for i in range(min(2, dlg.picks.count())):
                dlg.set_picked(str(dlg.picks.item(i).data(0x0100)))
        s.shot(dlg, f"dialog-setup-battle-{slug}")
        dlg.try_accept()
        _pump(app, 6)
        page = getattr(win, "battle_page", None)
        if page is None:
            _close(app, dlg)
            continue
        s.shot(page, f"battle-page-{slug}-setup")
        page.start()
        statuses = list(page.view_data["statuses"])
        for i, row in enumerate(list(page.model.rows)[:3]):
            page.select(row["name"])
            page.mark(statuses[(i + 1) % len(statuses)])
        if page.model.rows:
            page.select(page.model.rows[0]["name"])
        if page.table_choice.count():
            page.roll()
        s.shot(page, f"battle-page-{slug}")
        if not invited:  # Battle > Invite to the Table, once: every game's looks alike
            invited = _shoot_invite(s, win, page.battle_id)
        page.close()
        win.battle_page = None
        _pump(app)


def _shoot_invite(s: Shooter, win: Any, battle_id: int) -> bool:
    """The invite dialog before and after its code is made (on this temporary database; no
    table server is started: the link names a made-up address of the local network)."""
    from ui.table_invite import InviteDialog

    dlg = InviteDialog(win, win.app, battle_id, None, host="192.168.1.20")
    dlg.show()
    s.shot(dlg, "dialog-invite-to-the-table-start")
    dlg.make()
    s.shot(dlg, "dialog-invite-to-the-table")
    _close(s.app, dlg)
    return True


def _trigger(win: Any, key: str) -> Any:
    win.actions[key].trigger()
    return win.active_dialog


def screen_platform(width: int, height: int, folder: Path) -> str:
    """The ``QT_QPA_PLATFORM`` value of an offscreen screen of ``width`` x ``height``
    (Qt's offscreen plugin reads the screens from a JSON file written in ``folder``)."""
    import json

    conf = folder / f"screen-{width}x{height}.json"
    conf.write_text(json.dumps({"screens": [{"name": f"{width}x{height}", "x": 0, "y": 0, "width": width,
                                             "height": height, "logicalDpi": 96, "logicalBaseDpi": 96,
                                             "dpr": 1}]}), "utf-8")
    return f"offscreen:configfile={conf}"


def render(outdir: Path, cut: list[str] | None = None, theme: str = "system",
           lang: str = "en", size: tuple[int, int] | None = None) -> list[Path]:
    """Write the pictures in ``theme`` (system, light, dark) and the window's language
    ``lang`` (en, fr, it); ``cut`` (if given) receives each text shown cut off and each
    window larger than the screen. The main window is ``size`` (default: the screen's
    available size, at most 1280x800)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings

    from ui.app import make_app

    app = make_app([sys.argv[0]])
    from ui.theme import apply

    apply(theme)
    from ui.i18n import install

    install(lang)
    from campaign_app.facade import Campaigns
    from campaign_app.usecases import demo
    from campaign_app.usecases import gui_queries as q
    from ui.main_window import MainWindow
    from ui.screen import fit_to_screen
    from ui.settings import AppSettings

    _steady_dice()
    if size is None:
        room = app.primaryScreen().availableGeometry()
        size = (min(W, room.width()), min(H, room.height())) if room.width() >= 1024 else (W, H)
    width, height = size
    outdir.mkdir(parents=True, exist_ok=True)
    s = Shooter(app, outdir)
    room = app.primaryScreen().availableGeometry()
    # the windows must fit a screen made for them (--size); not the test platform's
    # default 800x800 one, smaller than the 1280x800 the pictures are taken at
    s.check_screen = room.width() >= width and room.height() >= height

    def size_window(win: Any) -> None:  # within the screen (its frame too), or as asked on the test platform
        if s.check_screen:
            fit_to_screen(win, width, height)
        else:
            win.resize(width, height)
    with tempfile.TemporaryDirectory() as tmp:
        settings = AppSettings(QSettings(str(Path(tmp) / "settings.ini"), QSettings.Format.IniFormat))
        # the welcome page of an empty database
        empty_url = f"sqlite:///{Path(tmp) / 'empty.sqlite'}"
        empty = Campaigns.open(empty_url)
        win0 = MainWindow(empty, settings, empty_url)
        size_window(win0)
        win0.show()
        s.shot(win0, "welcome")
        win0.close()
        empty.dispose()

        url = f"sqlite:///{Path(tmp) / 'demo.sqlite'}"
        opened = Campaigns.open(url)
        opened.run(demo.create_demo)
        win = MainWindow(opened, settings, url)
        size_window(win)
        win.show()
        _pump(app)
        campaigns = list(win.tree_data)
        for camp in campaigns:  # every installed system's demo campaign
            _shoot_campaign(s, win, camp)
        busy = max(campaigns, key=lambda c: (c["pending_battles"], len(c["rosters"])))
        win.select_tree("campaign", busy["id"])
        for i, tab in ((1, "battles"), (2, "roll-log"), (3, "history"), (4, "charts"), (5, "standings")):
            win.tabs.setCurrentIndex(i)
            s.shot(win, tab)
        win.tabs.setCurrentIndex(0)

        # the dialogs every system shares
        dlg = win.new_campaign()
        dlg.name.setText("Kursk 1943")
        with_expansion = next((i for i, x in enumerate(dlg.systems) if x["expansions"]), None)
        if with_expansion is not None:
            dlg.system.setCurrentIndex(with_expansion)
            dlg.set_expansion(dlg.systems[with_expansion]["expansions"][0])
        s.shot(dlg, "dialog-new-campaign")
        _close(app, dlg)
        if busy["rosters"]:
            win.select_tree("roster", busy["rosters"][0]["id"])
            dlg = win.edit_roster()
            s.shot(dlg, "dialog-roster")
            _close(app, dlg)
        win.select_tree("campaign", busy["id"])
        dlg = win.house_rules()
        tables = opened.run(q.rule_tables, busy["id"])
        if tables:
            dlg.select_table(tables[0]["id"])
        s.shot(dlg, "dialog-house-rules")
        _close(app, dlg)
        dlg = win.record_battle()
        for r in dlg.setup["rosters"][:2]:
            dlg.set_roster_checked(r["id"])
        dlg.scenario.setText("Bridge at Celles")
        statuses = dlg.setup["statuses"]
        first = next((r["figures"] for r in dlg.setup["rosters"][:2] if r["figures"]), [])
        if first and len(statuses) > 1:
            dlg.set_end(first[0]["name"], statuses[-1])
        s.shot(dlg, "dialog-record-battle")
        _close(app, dlg)
        _shoot_table(s, win, campaigns)  # table helper: setup dialog and battle page
        from campaign_app.usecases.database import default_db_path
        from ui.dialogs.database import DatabaseDialog

        dlg = DatabaseDialog(win, settings, url, str(default_db_path()))
        dlg.show()
        s.shot(dlg, "dialog-database")
        dlg.load("postgresql://club@db.example.org:5432/campaigns")
        s.shot(dlg, "dialog-database-server")
        _close(app, dlg)
        dlg = win.open_league()  # File > Open League… (filled in as a member would)
        dlg.url_edit.setText("https://league.example.org/kursk")
        dlg.name_edit.setText("ann")
        dlg.password_edit.setFocus()
        s.shot(dlg, "dialog-open-league")
        _close(app, dlg)
        from campaign_app.remote import SIGN_IN_AGAIN
        from ui.dialogs.league import LeagueDialog

        league_url = "https://league.example.org/kursk"  # the token refused later: the window asks again
        dlg = LeagueDialog(win, league_url, "ann",
                           note=f"this session was ended: {SIGN_IN_AGAIN.format(url=league_url)}")
        dlg.show()
        s.shot(dlg, "dialog-open-league-again")
        _close(app, dlg)
        box = win.restore_database(str(Path(tmp) / "campaign-backup-20240309-2015.sqlite"))
        s.shot(box, "dialog-restore-confirm")
        _close(app, box)
        from ui.help import show_help

        dlg = show_help(win, "guide")
        s.shot(dlg, "dialog-help")
        dlg.show_tab("shortcuts")
        s.shot(dlg, "dialog-help-shortcuts")
        _close(app, dlg)

        # the After the Battle wizard, step by step: the app's dice and typed dice in turn
        pending = next((c for c in campaigns if c["pending_battles"]), None)
        if pending is not None:
            win.select_tree("campaign", pending["id"])
            wiz = win.after_battle()
            s.shot(wiz, "wizard-start")
            wiz.next()
            typed = iter(["3,5", "6", "4,2", "5", "2", "6", "1", "4", "3", "2", "6", "5"])
            step = 0
            while wiz.page != "summary" and step < 10:
                step += 1
                need = wiz.current_need()
                s.shot(wiz, f"wizard-roll-{step}")
                if step % 2:
                    wiz.roll()
                else:
                    per = need.count if need is not None else 1
                    parts = next(typed, "4").split(",")
                    wiz.typed.setText(",".join((parts * per)[:per]))
                    wiz.use_typed_dice()
                s.shot(wiz, f"wizard-roll-{step}-result")
                wiz.next()
            s.shot(wiz, "wizard-summary")
            _close(app, wiz)
        win.close()
        opened.dispose()
    if cut is not None:
        cut.extend(s.cut)
    return s.files


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    opts = {"--theme": ("system", "light", "dark"), "--lang": ("en", "fr", "it")}
    chosen = {"--theme": ["system"], "--lang": ["en"]}
    size: tuple[int, int] | None = None
    rest: list[str] = []
    usage = ("usage: python -m ui.screenshots OUTDIR [--size WxH] [--theme system|light|dark[,...]] "
             "[--lang en|fr|it[,...]]")
    while args:
        a = args.pop(0)
        if a in opts and args:
            picked = args.pop(0).split(",")
            bad = [x for x in picked if x not in opts[a]]
            if bad:
                print(f"{a}: unknown {bad[0]!r} (one of {', '.join(opts[a])})", file=sys.stderr)
                return 2
            chosen[a] = picked
        elif a == "--size" and args:
            try:
                w, h = (int(x) for x in args.pop(0).lower().split("x"))
            except ValueError:
                print("--size takes WIDTHxHEIGHT, e.g. 1024x700", file=sys.stderr)
                return 2
            if not (320 <= w <= 8000 and 240 <= h <= 8000):
                print("--size: between 320x240 and 8000x8000", file=sys.stderr)
                return 2
            size = (w, h)
        else:
            rest.append(a)
    if len(rest) != 1 or rest[0] in ("-h", "--help") or rest[0].startswith("-"):
        print(usage, file=sys.stderr)
        return 2
    out = Path(rest[0])
    if size is not None:  # a screen of that size (the window fills it; a dialog must fit in it)
        out.mkdir(parents=True, exist_ok=True)
        os.environ["QT_QPA_PLATFORM"] = screen_platform(size[0], size[1], out)
    combos = [(lang, theme) for lang in chosen["--lang"] for theme in chosen["--theme"]]
    for lang, theme in combos:  # one process, one screen: each language and theme in turn
        cut: list[str] = []
        where = out / f"{lang}-{theme}" if len(combos) > 1 else out
        files = render(where, cut, theme, lang, size)
        for f in files:
            print(f)
        for line in cut:
            print(f"cut off: {lang} {theme}: {line}", file=sys.stderr)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
