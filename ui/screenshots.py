"""``python -m ui.screenshots OUTDIR``: render the main window, every dialog and each
step of the After the Battle wizard with the demo campaigns to PNG files, offscreen.

A temporary database is filled with ``campaign_app.usecases.demo`` (nothing of the
user's is read or written); settings go to a temporary INI file too."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any

W, H = 1360, 820


def _pump(app: Any, n: int = 3) -> None:
    for _ in range(n):
        app.processEvents()


class Shooter:
    def __init__(self, app: Any, outdir: Path) -> None:
        self.app = app
        self.outdir = outdir
        self.files: list[Path] = []

    def shot(self, widget: Any, name: str) -> Path:
        _pump(self.app)
        path = self.outdir / f"{len(self.files) + 1:02d}-{name}.png"
        if not widget.grab().save(str(path)):
            raise RuntimeError(f"could not write {path}")
        self.files.append(path)
        return path


def _close(app: Any, dlg: Any) -> None:
    if dlg is not None and dlg.isVisible():
        dlg.reject()
    _pump(app)


def _campaign_id(win: Any, name: str) -> int:
    return next(c["id"] for c in win.tree_data if c["name"] == name)


def _roster_id(win: Any, name: str) -> int:
    return next(r["id"] for c in win.tree_data for r in c["rosters"] if r["name"] == name)


def render(outdir: Path) -> list[Path]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings

    from ui.app import make_app

    app = make_app([sys.argv[0]])
    from campaign_app.usecases import demo
    from campaign_app.usecases.database import open_database
    from ui.main_window import MainWindow
    from ui.settings import AppSettings

    outdir.mkdir(parents=True, exist_ok=True)
    s = Shooter(app, outdir)
    with tempfile.TemporaryDirectory() as tmp:
        settings = AppSettings(QSettings(str(Path(tmp) / "settings.ini"), QSettings.Format.IniFormat))
        # the welcome page of an empty database
        empty_url = f"sqlite:///{Path(tmp) / 'empty.sqlite'}"
        empty = open_database(empty_url)
        win0 = MainWindow(empty, settings, empty_url)
        win0.resize(W, H)
        win0.show()
        s.shot(win0, "welcome")
        win0.close()
        empty.dispose()

        url = f"sqlite:///{Path(tmp) / 'demo.sqlite'}"
        engine = open_database(url)
        demo.create_demo(engine)
        win = MainWindow(engine, settings, url)
        win.resize(W, H)
        win.show()
        _pump(app)
        win.select_tree("roster", _roster_id(win, "Easy Company, 2nd Squad"))
        win.select_figure("Sgt. Rock Harlan")
        s.shot(win, "main-nuts")
        win.select_tree("roster", _roster_id(win, "Die Nachtwölfe"))
        win.select_figure("Vampire 1")
        s.shot(win, "main-nuts-creatures")
        win.select_tree("roster", _roster_id(win, "The Iron Jackals"))
        win.select_figure("Krug Ironhide")
        s.shot(win, "main-necromunda")
        win.select_tree("roster", _roster_id(win, "2nd Platoon, Bravo Coy"))
        win.select_figure("Alpha Section")
        s.shot(win, "main-fubar")
        win.select_tree("campaign", _campaign_id(win, "Bocage Summer"))
        s.shot(win, "main-unit-morale-campaign")
        win.select_tree("campaign", _campaign_id(win, "Underhive Feud"))
        win.tabs.setCurrentIndex(1)
        s.shot(win, "battles")
        win.tabs.setCurrentIndex(2)
        s.shot(win, "roll-log")
        win.tabs.setCurrentIndex(3)
        s.shot(win, "history")
        win.tabs.setCurrentIndex(0)

        # dialogs
        dlg = win.new_campaign()
        dlg.name.setText("Kursk 1943")
        dlg.set_expansion("weird-ww2")
        s.shot(dlg, "dialog-new-campaign")
        _close(app, dlg)
        win.select_tree("roster", _roster_id(win, "The Iron Jackals"))
        dlg = win.edit_roster()
        s.shot(dlg, "dialog-roster")
        _close(app, dlg)
        win.select_figure("Krug Ironhide")
        dlg = win.edit_selected()
        s.shot(dlg, "dialog-fighter-necromunda")
        dlg.stat_edits["WS"].setText("9+")
        dlg.try_accept()
        s.shot(dlg, "dialog-fighter-invalid")
        _close(app, dlg)
        win.select_tree("roster", _roster_id(win, "Easy Company, 2nd Squad"))
        dlg = win.add_fighter()
        dlg.name.setText("Pvt. Joe Novak")
        s.shot(dlg, "dialog-fighter-nuts")
        dlg.try_accept()
        s.shot(dlg, "dialog-fighter-missing-rep")
        _close(app, dlg)
        win.select_tree("roster", _roster_id(win, "Die Nachtwölfe"))
        dlg = win.run_command("creatures")
        dlg.kind.setCurrentIndex(dlg.kind.findData("vampire"))
        dlg.count.setValue(3)
        dlg.dice.set_typed("2,4,6")
        dlg.preview()
        s.shot(dlg, "dialog-creatures")
        _close(app, dlg)
        dlg = win.run_command("walker_types")
        dlg.name.setText("Panzerläufer II")
        dlg.nation.setText("Germany")
        dlg.armour_front.setText("12")
        dlg.armour_side.setText("3")
        dlg.add_type()
        s.shot(dlg, "dialog-walker-types")
        _close(app, dlg)
        dlg = win.run_command("add_walker")
        dlg.name.setText("Iron Bear")
        dlg.type.setCurrentIndex(max(0, dlg.type.findData("soviet-medium")))
        for role, rep in zip(dlg.roles(), (5, 4, 3), strict=False):
            dlg.set_rep(role, rep)
        s.shot(dlg, "dialog-add-walker")
        _close(app, dlg)
        win.select_tree("roster", _roster_id(win, "2nd Platoon, Bravo Coy"))
        win.select_figure("Alpha Section")
        dlg = win.edit_selected()
        s.shot(dlg, "dialog-unit")
        _close(app, dlg)
        win.select_tree("campaign", _campaign_id(win, "Ardennes 1944"))
        dlg = win.house_rules()
        dlg.select_table("nuts-recovery")
        s.shot(dlg, "dialog-house-rules")
        _close(app, dlg)
        dlg = win.record_battle()
        for r in dlg.setup["rosters"]:
            dlg.set_roster_checked(r["id"])
        dlg.scenario.setText("Bridge at Celles")
        dlg.set_end("Pvt. Lou Marino", "out-of-the-fight")
        dlg.set_hit("Cpl. Eddie Voss")
        s.shot(dlg, "dialog-record-battle")
        _close(app, dlg)
        from campaign_app.usecases.database import default_db_path
        from ui.dialogs.database import DatabaseDialog

        dlg = DatabaseDialog(win, settings, url, str(default_db_path()))
        dlg.show()
        s.shot(dlg, "dialog-database")
        dlg.load("postgresql://club@db.example.org:5432/campaigns")
        s.shot(dlg, "dialog-database-server")
        _close(app, dlg)
        win.select_tree("campaign", _campaign_id(win, "Underhive Feud"))
        dlg = win.run_command("end_cycle")
        dlg.preview()
        s.shot(dlg, "dialog-end-cycle")
        _close(app, dlg)
        win.select_figure("Krug Ironhide")
        dlg = win.run_command("injury_roll")
        dlg.dice.set_typed("5,5")
        dlg.preview()
        s.shot(dlg, "dialog-injury-roll")
        _close(app, dlg)
        win.select_figure("Vorn")
        dlg = win.run_command("treat_injury")
        if dlg is not None:
            dlg.dice.set_typed("1,1 6")
            dlg.preview()
            s.shot(dlg, "dialog-treat-injury")
            _close(app, dlg)
        box = win.restore_database(str(Path(tmp) / "campaign-backup-20240309-2015.sqlite"))
        s.shot(box, "dialog-restore-confirm")
        _close(app, box)

        # the After the Battle wizard, step by step (typed dice: the same pictures every run)
        win.select_tree("campaign", _campaign_id(win, "Ardennes 1944"))
        wiz = win.after_battle()
        s.shot(wiz, "wizard-start")
        wiz.next()
        faces = iter(["3,5", "6", "4,2", "5", "2", "6", "1", "4", "3", "2", "6", "5"])
        step = 0
        while wiz.page != "summary" and step < 10:
            step += 1
            need = wiz.current_need()
            s.shot(wiz, f"wizard-roll-{step}")
            text = next(faces, "4")
            per = need.count if need is not None else 1
            parts = text.split(",")
            wiz.typed.setText(",".join((parts * per)[:per]))
            wiz.use_typed_dice()
            s.shot(wiz, f"wizard-roll-{step}-result")
            wiz.next()
        s.shot(wiz, "wizard-summary")
        _close(app, wiz)
        win.close()
        engine.dispose()
    return s.files


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1 or args[0] in ("-h", "--help"):
        print("usage: python -m ui.screenshots OUTDIR", file=sys.stderr)
        return 2
    files = render(Path(args[0]))
    for f in files:
        print(f)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
