"""The window around the dialogs: settings and databases (passwords never stored),
readable connection failures, the demo offer, long work off the GUI thread with
Cancel, a league-size roster in the table model, light startup, screenshots."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import settings as hyp_settings
from hypothesis import strategies as st
from PySide6.QtCore import QSettings, Qt

from campaign_app.facade import Campaigns
from campaign_app.usecases import campaigns, fighters, journal, rosters
from tests.ui.conftest import messages


def wait_task(qtbot: Any, task: Any) -> None:
    if task.running:
        with qtbot.waitSignal(task.ended, timeout=60000):
            pass


# --------------------------------------------------------------------------- settings
def test_recent_databases_never_hold_a_password(settings: Any, tmp_path: Path) -> None:
    from ui.settings import safe_url

    settings.remember("postgresql://club:s3cret@db.example.org:5432/campaigns")
    settings.remember(f"sqlite:///{tmp_path / 'a.sqlite'}")
    assert settings.recent() == [f"sqlite:///{tmp_path / 'a.sqlite'}",
                                 "postgresql://club@db.example.org:5432/campaigns"]
    assert settings.last_url() == f"sqlite:///{tmp_path / 'a.sqlite'}"
    settings.set_ask_password("postgresql://club:s3cret@db.example.org:5432/campaigns", True)
    assert settings.ask_password("postgresql://club@db.example.org:5432/campaigns")
    settings.sync()
    assert "s3cret" not in (tmp_path / "settings.ini").read_text()
    assert safe_url("postgresql://a:b@h/d") == "postgresql://a@h/d"
    assert safe_url("postgresql://a@h/d?sslmode=require&password=s3") == "postgresql://a@h/d?sslmode=require"
    assert safe_url("postgresql://h/d?password=s3") == "postgresql://h/d"


_URL_TEXT = st.text(alphabet="ab1:@/%?.=-_ &", max_size=8) | st.sampled_from(
    ["?password=x", "db?sslmode=require&password=s3", "?PassWord=y&a=b", "d?password"])


@given(user=_URL_TEXT, password=_URL_TEXT, host=_URL_TEXT, rest=_URL_TEXT,
       scheme=st.sampled_from(["postgresql", "postgresql+psycopg", "sqlite", "mysql"]))
@hyp_settings(max_examples=400, deadline=None)
def test_safe_url_hides_exactly_what_sqlalchemy_would_connect_with(
        user: str, password: str, host: str, rest: str, scheme: str) -> None:
    """The window shows and stores URLs before SQLAlchemy is loaded, so ``safe_url``
    works on the text; whatever the app connects with as the password (SQLAlchemy's
    ``make_url`` with the user part ending at the last "@", ``db.engine.parse_url``)
    is gone, and the rest of the URL reads the same."""
    from sqlalchemy.engine import make_url

    from db.engine import parse_url
    from ui.settings import safe_url

    url = f"{scheme}://{user}:{password}@{host}/{rest}"
    try:
        parsed = parse_url(url.strip())  # surrounding blanks are never part of a URL here
    except Exception:  # noqa: BLE001 - not a URL SQLAlchemy would connect with
        return
    try:
        shown = make_url(safe_url(url))
    except Exception as e:  # noqa: BLE001
        raise AssertionError(f"{url!r} -> {safe_url(url)!r} no longer parses: {e}") from e
    assert not shown.password  # None, or "" where a ":" keeps the user name's end
    assert (shown.username, shown.host, shown.port, shown.database) == (
        parsed.username, parsed.host, parsed.port, parsed.database)
    assert "password" not in {k.strip().lower() for k in shown.query}
    assert {k: v for k, v in shown.query.items() if k.strip().lower() != "password"} == {
        k: v for k, v in parsed.query.items() if k.strip().lower() != "password"}


def test_database_dialog_builds_urls_and_keeps_the_password_out_of_settings(
        qtbot: Any, win: Any, settings: Any, tmp_path: Path) -> None:
    from ui.dialogs.database import DatabaseDialog
    from ui.settings import with_password

    dlg = DatabaseDialog(win, settings, win.url)
    qtbot.addWidget(dlg)
    assert dlg.local.isChecked() and dlg.path.text().endswith("campaign.sqlite")
    dlg.server.setChecked(True)
    dlg.try_accept()
    assert dlg.error.text() == "name the database on the server"
    dlg.host.setText("db.example.org")
    dlg.dbname.setText("campaigns")
    dlg.user.setText("club")
    dlg.pw.setText("p@ss word")
    dlg.ask.setChecked(True)
    dlg.try_accept()
    assert dlg.url == "postgresql://club@db.example.org:5432/campaigns"
    assert dlg.password == "p@ss word"
    assert with_password(dlg.url, dlg.password) == "postgresql://club:p%40ss%20word@db.example.org:5432/campaigns"
    settings.sync()
    assert "p@ss" not in (tmp_path / "settings.ini").read_text()
    assert settings.ask_password(dlg.url)


def test_connection_failure_is_a_readable_message(qtbot: Any, win: Any, gui_engine: Any,
                                                   settings: Any) -> None:
    task = win.open_url("postgresql://nobody@127.0.0.1:1/nothing", password="hunter2")
    wait_task(qtbot, task)
    title, text = messages()[-1]
    assert title == "Cannot open the database"
    assert "cannot open database" in text and "127.0.0.1" in text
    assert "hunter2" not in text and "Traceback" not in text
    assert win.app.engine is gui_engine  # still on the database it had
    assert all("127.0.0.1" not in u for u in settings.recent())


def test_the_first_frame_says_what_is_opening_and_pages_come_with_the_data(
        qtbot: Any, settings: Any, sqlite_url: str, tmp_path: Path) -> None:
    """The window starts on a page naming the database being opened (never a flash of
    "No campaigns yet" over a full league); the campaign page is built with its data."""
    from ui.main_window import NO_DATABASE, MainWindow

    w = MainWindow(None, settings)
    qtbot.addWidget(w)
    w.show()
    assert w.stack.currentWidget() is w.start_page and w.start_page.text() == NO_DATABASE
    assert not w._main_built and not w._empty_built  # the first frame stays light
    wait_task(qtbot, w.open_url(f"sqlite:///{tmp_path / 'nowhere' / 'x' / 'y.sqlite'}"[:-10] + "\0bad"))
    assert w.stack.currentWidget() is w.start_page and w.start_page.text() == NO_DATABASE
    task = w.open_url(sqlite_url)
    assert "Opening" in w.start_page.text() and w.stack.currentWidget() is w.start_page
    wait_task(qtbot, task)
    assert w.stack.currentWidget() is w.empty_page and not w._main_built  # a new, empty database
    campaigns.create_campaign(w.app.engine, "Kursk", "nuts")
    w.reload()
    assert w.stack.currentWidget() is w.splitter and w.tree.topLevelItemCount() == 1
    with pytest.raises(AttributeError):
        _ = w.no_such_widget
    w.app.dispose()


def test_only_the_last_database_asked_for_is_opened_and_cancel_says_so(
        qtbot: Any, settings: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import db.migrate
    from ui.main_window import NO_DATABASE, OPEN_FALLBACK_MS, MainWindow

    real = db.migrate.open_database
    gate = threading.Event()

    def slow_open(url: str, *args: Any, **kwargs: Any) -> Any:
        if "slow" in url:
            gate.wait(30)
        return real(url, *args, **kwargs)

    monkeypatch.setattr(db.migrate, "open_database", slow_open)
    w = MainWindow(None, settings)
    qtbot.addWidget(w)
    # a slow server, and the user picks another database meanwhile: the later choice wins
    first = w.open_url(f"sqlite:///{tmp_path / 'slow.sqlite'}")
    second = w.open_url(f"sqlite:///{tmp_path / 'quick.sqlite'}")
    wait_task(qtbot, second)
    assert str(w.app.engine.url).endswith("quick.sqlite")
    gate.set()
    wait_task(qtbot, first)
    assert str(w.app.engine.url).endswith("quick.sqlite")  # the late first open was let go
    w.app.dispose()
    # cancelling the only open: the window says no database is open (not "Opening…")
    gate.clear()
    w2 = MainWindow(None, settings)
    qtbot.addWidget(w2)
    task = w2.open_url(f"sqlite:///{tmp_path / 'slow2.sqlite'}")
    assert "Opening" in w2.start_page.text()
    task.cancel()
    gate.set()
    wait_task(qtbot, task)
    assert w2.app is None and w2.start_page.text() == NO_DATABASE
    # the start-up database does not replace one the user opened before the window painted
    w3 = MainWindow(None, settings)
    qtbot.addWidget(w3)
    w3.open_when_shown(f"sqlite:///{tmp_path / 'startup.sqlite'}")
    wait_task(qtbot, w3.open_url(f"sqlite:///{tmp_path / 'chosen.sqlite'}"))
    qtbot.wait(OPEN_FALLBACK_MS + 200)
    assert str(w3.app.engine.url).endswith("chosen.sqlite") and not (tmp_path / "startup.sqlite").exists()
    w3.app.dispose()


def test_lazily_loaded_ui_modules_are_attributes_of_their_package() -> None:
    """In a fresh process (here every module is loaded already): after the window's
    module, ``ui.worker`` is there before it is used, as an import would leave it."""
    code = ("import os, sys; os.environ['QT_QPA_PLATFORM']='offscreen'\n"
            "import ui.main_window, ui\n"
            "print(callable(ui.worker.run_task))\n")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=Path(__file__).resolve().parents[2], timeout=120)
    assert res.returncode == 0, res.stderr
    assert res.stdout.split() == ["True"]


def test_opening_another_database_off_the_gui_thread(qtbot: Any, win: Any, settings: Any,
                                                     tmp_path: Path) -> None:
    other = f"sqlite:///{tmp_path / 'other.sqlite'}"
    from db.migrate import open_database

    e2 = open_database(other)
    campaigns.create_campaign(e2, "Elsewhere", "fubar")
    e2.dispose()
    task = win.open_url(other)
    wait_task(qtbot, task)
    assert win.url == other and win.campaign["name"] == "Elsewhere"
    assert settings.recent()[0] == other
    assert win.recent_menu.actions()[0].text() == f"&1 {other}"  # numbered, as desktop apps do
    win.app.dispose()


# --------------------------------------------------------------------------- demo
def test_the_demo_is_offered_when_there_is_no_campaign(qtbot: Any, win: Any, gui_engine: Any) -> None:
    assert win.stack.currentWidget() is win.empty_page
    qtbot.mouseClick(win.demo_button, Qt.MouseButton.LeftButton)
    wait_task(qtbot, win.tasks[-1])
    names = [c["name"] for c in campaigns.list_campaigns(gui_engine)]
    assert sorted(names) == sorted(["Ardennes 1944", "Underhive Feud", "Operation Granite",
                                    "Bocage Summer"])
    systems = {c["system"] for c in campaigns.list_campaigns(gui_engine)}
    assert systems == {"nuts", "necromunda", "fubar", "unit-morale"}
    assert win.stack.currentWidget() is win.splitter
    assert win.tree.topLevelItemCount() == 4


def test_cli_demo_creates_one_campaign_per_system_once(sqlite_url: str, capsys: Any) -> None:
    from campaign_app.cli import main

    assert main(["--db", sqlite_url, "demo"]) == 0
    assert "created demo campaigns" in capsys.readouterr().out
    assert main(["--db", sqlite_url, "demo"]) == 0
    assert "already there" in capsys.readouterr().out


# --------------------------------------------------------------------------- long work
def test_a_task_reports_progress_and_cancel_stops_it(qtbot: Any, win: Any) -> None:
    from ui.worker import run_task

    started = threading.Event()
    steps: list[int] = []

    def work(ctx: Any) -> str:
        started.set()
        i = 0
        while ctx.progress(i, 1000, f"step {i}"):
            i += 1
            time.sleep(0.002)  # a step of real work
            if i > 100_000:
                return "never cancelled"
        return "stopped"

    cancelled: list[bool] = []
    task = run_task(win, "Long job", work, on_done=lambda r: steps.append(-1),
                    on_cancel=lambda: cancelled.append(True), show_after_ms=0)
    assert started.wait(30)
    assert task.dialog is not None
    from PySide6.QtWidgets import QPushButton

    cancel = task.dialog.findChild(QPushButton)
    assert cancel is not None and cancel.text() == "Cancel"
    with qtbot.waitSignal(task.ended, timeout=30000):
        qtbot.mouseClick(cancel, Qt.MouseButton.LeftButton)  # the progress dialog's Cancel
    assert cancelled == [True] and steps == []
    assert task.dialog is None and not task.running


def test_pdf_export_runs_off_the_gui_thread_and_cancel_leaves_no_file(
        qtbot: Any, win: Any, gui_engine: Any, tmp_path: Path, monkeypatch: Any) -> None:
    from campaign_app.usecases import exports

    c = campaigns.create_campaign(gui_engine, "Print me", "nuts")
    r = rosters.create_roster(gui_engine, c.id, "Squad")
    fighters.add_fighter(gui_engine, r.id, "Joe", rep=4, weapons=["Rifle"])
    win.reload(prefer=("roster", r.id))
    out = tmp_path / "squad.pdf"
    task = win.export_pdf("roster", str(out))
    wait_task(qtbot, task)
    assert out.exists() and out.read_bytes().startswith(b"%PDF")
    assert "Saved" in win.notice_text()

    # Cancel: the worker waits at the start until Cancel was pressed, so no race
    gate = threading.Event()
    real = exports.roster_document

    def slow(*a: Any, **kw: Any) -> Any:
        gate.wait(30)
        return real(*a, **kw)

    monkeypatch.setattr(exports, "roster_document", slow)
    out2 = tmp_path / "cancelled.pdf"
    task = win.export_pdf("roster", str(out2))
    task.cancel()
    gate.set()
    wait_task(qtbot, task)
    assert not out2.exists()
    assert "cancelled" in win.notice_text()

    # a folder that does not exist: said at once, in words, and no work started
    assert win.export_pdf("roster", str(tmp_path / "no-such-folder" / "x.pdf")) is None
    title, text = messages()[-1]
    assert title == "Export PDF" and "no-such-folder does not exist" in text
    assert "Error" not in text and ".part" not in text


def test_import_and_export_json_go_through_the_worker(qtbot: Any, win: Any, gui_engine: Any,
                                                       tmp_path: Path) -> None:
    c = campaigns.create_campaign(gui_engine, "Round trip", "necromunda")
    r = rosters.create_roster(gui_engine, c.id, "Gang")
    fighters.add_fighter(gui_engine, r.id, "Vex", stats={"WS": "3+"})
    win.reload(prefer=("campaign", c.id))
    path = tmp_path / "round.json"
    wait_task(qtbot, win.export_json(str(path)))
    assert path.exists()
    core_names = [x["name"] for x in campaigns.list_campaigns(gui_engine)]
    assert core_names == ["Round trip"]
    # the same file again is refused (the name is taken): a message, nothing written
    wait_task(qtbot, win.import_json(str(path)))
    assert messages() and messages()[-1][0] == "Importing campaign"
    assert [x["name"] for x in campaigns.list_campaigns(gui_engine)] == ["Round trip"]


def test_import_of_a_big_file_is_streamed_in_the_window(qtbot: Any, win: Any, gui_engine: Any,
                                                        tmp_path: Path, monkeypatch: Any) -> None:
    """A file above the whole-document limit goes through the streamed import (#19)."""
    import json

    from campaign_app.usecases.datafiles import streamed

    c = campaigns.create_campaign(gui_engine, "Big one", "necromunda")
    r = rosters.create_roster(gui_engine, c.id, "Gang")
    fighters.add_fighter(gui_engine, r.id, "Vex", stats={"WS": "3+"})
    win.reload(prefer=("campaign", c.id))
    path = tmp_path / "big.json"
    wait_task(qtbot, win.export_json(str(path)))
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["campaign"]["name"] = "Big two"
    path.write_text(json.dumps(doc, ensure_ascii=False, indent=1), encoding="utf-8")
    monkeypatch.setattr(streamed, "MAX_FILE_BYTES", 100)
    called: list[int] = []
    real = streamed.import_streamed
    monkeypatch.setattr(streamed, "import_streamed", lambda *a, **k: called.append(1) or real(*a, **k))
    wait_task(qtbot, win.import_json(str(path)))
    assert called
    assert "Big two" in [x["name"] for x in campaigns.list_campaigns(gui_engine)]


# --------------------------------------------------------------------------- scale
def test_a_3000_fighter_campaign_loads_and_sorts_in_the_model(qtbot: Any, win: Any, gui_engine: Any,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Every row in memory (the threshold above 3,000 here: a bigger scope is paged, see
    tests/ui/test_paged_roster.py)."""
    from sqlalchemy import insert

    import ui.paged
    from db.models import Fighter

    monkeypatch.setattr(ui.paged, "PAGE_THRESHOLD", 5000)

    c = campaigns.create_campaign(gui_engine, "League", "necromunda")
    roster_ids = [rosters.create_roster(gui_engine, c.id, f"Gang {i:02d}").id for i in range(30)]
    rows = [{"roster_id": roster_ids[i % 30], "name": f"F{i:04d}", "fighter_type": "ganger",
             "stats": {"WS": 2 + i % 5, "M": 4}, "xp": (i * 7) % 50, "status": "active" if i % 9 else "dead",
             "kind": "human", "abilities": [], "conditions": [], "version": 1}
            for i in range(3000)]
    with gui_engine.begin() as conn:
        conn.execute(insert(Fighter), rows)
    win.reload(prefer=("campaign", c.id))
    m = win.model
    assert m.rowCount() == 3000
    keys = [col.key for col in m.columns]
    xp = keys.index("xp")
    win.table.sortByColumn(xp, Qt.SortOrder.DescendingOrder)
    got = [r["xp"] for r in m.rows]
    assert got == sorted(got, reverse=True)
    ws = keys.index("stat:WS")
    win.table.sortByColumn(ws, Qt.SortOrder.AscendingOrder)
    assert [r["stats"]["WS"] for r in m.rows[:600]] == [2] * 600
    assert m.data(m.index(0, ws)) == "2+"
    # the selection follows its row through a sort
    win.table.selectRow(0)
    picked = win.selected_row()["name"]
    win.table.sortByColumn(keys.index("name"), Qt.SortOrder.DescendingOrder)
    assert win.selected_row()["name"] == picked
    # dead fighters carry their status icon and colour
    dead = m.find(lambda r: r["status"] == "dead")
    st = keys.index("status")
    assert m.data(m.index(dead, st), Qt.ItemDataRole.DecorationRole) is not None
    assert m.data(m.index(dead, 0), Qt.ItemDataRole.BackgroundRole) is not None


START_PROBE = """
import json, os, sys
import ui.app
from PySide6 import QtCore
from PySide6.QtCore import QTimer
seen = {}
make_app = ui.app.make_app


def watched(argv=None):
    app = make_app(argv)
    from ui.main_window import MainWindow

    paint = MainWindow.paintEvent

    def first_paint(self, event):
        if "at_first_paint" not in seen:
            seen["at_first_paint"] = sorted(m for m in HEAVY if m in sys.modules)
            seen["qt_enums_built"] = "Qt" in vars(QtCore)
        paint(self, event)

    MainWindow.paintEvent = first_paint

    def poll():
        wins = [w for w in app.topLevelWidgets() if isinstance(w, MainWindow)]
        if wins and wins[0].app is not None:
            seen["opened"] = str(wins[0].app.engine.url)
            wins[0].close()
            app.quit()
        else:
            QTimer.singleShot(20, poll)

    QTimer.singleShot(20, poll)
    return app


HEAVY = ("sqlalchemy", "sqlmodel", "alembic", "reportlab", "reports", "campaign_app.usecases.exports",
         "campaign_app.rules", "pydantic", "platformdirs",
         # and two that nothing on the first frame needs: some 5 ms of it (issue #32)
         "dataclasses", "pickle")
ui.app.make_app = watched
from campaign_app.cli import main

rc = main(["--db", sys.argv[1]] if sys.argv[1] != "-" else [])
print(json.dumps(seen))
sys.exit(rc)
"""


def test_plain_start_paints_the_window_before_loading_the_core(tmp_path: Path) -> None:
    """``campaign-app --db URL`` as a user runs it: the window paints before SQLAlchemy,
    the core, the rulebook (pydantic) or reportlab are imported (they would hold the first paint back), and the
    database is opened right after, off the GUI thread."""
    import json
    import os

    db = tmp_path / "start.sqlite"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=str(tmp_path / "config"),
               XDG_DATA_HOME=str(tmp_path / "data"))
    res = subprocess.run([sys.executable, "-c", START_PROBE, f"sqlite:///{db}"], capture_output=True,
                         text=True, cwd=Path(__file__).resolve().parents[2], timeout=120, env=env)
    assert res.returncode == 0, res.stdout + res.stderr
    seen = json.loads(res.stdout.strip().splitlines()[-1])
    assert seen["at_first_paint"] == [], seen
    # nor builds the 176 Python enums of Qt's namespace (12 ms): no Qt.* enum may be used
    # before the first paint (ui.main_window sets the two it needs by name)
    assert seen["qt_enums_built"] is False
    assert seen["opened"] == f"sqlite:///{db}" and db.exists()
    # a start without --db: where the default database lives is looked up after the paint
    env.pop("CAMPAIGN_APP_DB", None)
    env["XDG_CONFIG_HOME"] = str(tmp_path / "config2")  # a first start: no database used last
    res = subprocess.run([sys.executable, "-c", START_PROBE, "-"], capture_output=True,
                         text=True, cwd=Path(__file__).resolve().parents[2], timeout=120, env=env)
    assert res.returncode == 0, res.stdout + res.stderr
    seen = json.loads(res.stdout.strip().splitlines()[-1])
    assert seen["at_first_paint"] == [], seen
    default = tmp_path / "data" / "campaign_app" / "campaigns.sqlite"
    assert seen["opened"] == f"sqlite:///{default}" and default.exists()


def test_database_opens_after_the_first_paint_or_without_one(qtbot: Any, settings: Any,
                                                            sqlite_url: str) -> None:
    from ui.main_window import OPEN_FALLBACK_MS, MainWindow

    shown = MainWindow(None, settings)
    qtbot.addWidget(shown)
    shown.open_when_shown(sqlite_url)
    assert shown.app is None  # nothing happens before the window paints
    shown.show()
    qtbot.waitUntil(lambda: shown.app is not None, timeout=30000)
    hidden = MainWindow(None, settings)  # a start that never paints still opens it
    qtbot.addWidget(hidden)
    hidden.open_when_shown(sqlite_url)
    qtbot.wait(OPEN_FALLBACK_MS // 3)
    assert hidden.app is None
    qtbot.waitUntil(lambda: hidden.app is not None, timeout=30000)
    for w in (shown, hidden):
        w.app.dispose()


def test_window_state_is_remembered(qtbot: Any, win: Any, settings: Any, gui_engine: Any) -> None:
    from ui.main_window import MainWindow

    c = campaigns.create_campaign(gui_engine, "Remember me", "fubar")
    win.reload(prefer=("campaign", c.id))
    win.resize(810, 521)  # smaller than the tests' 1280x800 offscreen screen
    win.toolbar.setVisible(False)
    win.close()
    w2 = MainWindow(Campaigns(gui_engine), settings, win.url)
    qtbot.addWidget(w2)
    assert (w2.width(), w2.height()) == (810, 521)
    assert not w2.toolbar.isVisibleTo(w2)
    assert w2.campaign["name"] == "Remember me"
    assert isinstance(settings.q, QSettings)


@pytest.mark.slow
def test_screenshots_render_every_screen(qtbot: Any, tmp_path: Path) -> None:
    from ui.screenshots import render

    cut: list[str] = []
    files = render(tmp_path / "shots", cut)
    assert cut == []  # at 1280x800 no text is cut off, elided or broken inside a word
    names = [f.name for f in files]
    assert any("welcome" in n for n in names) and any("wizard-summary" in n for n in names)
    assert any("dialog-house-rules" in n for n in names) and any("dialog-creatures" in n for n in names)
    assert any("dialog-setup-battle" in n for n in names) and any("battle-page" in n for n in names)
    for dialog in ("walker-types", "add-walker", "injury-roll", "treat-injury", "restore-confirm",
                   "invite-to-the-table", "open-league", "open-league-again"):
        assert any(f"dialog-{dialog}" in n for n in names), dialog
    assert all(f.stat().st_size > 5000 for f in files)


def test_log_and_history_tabs_read_only_when_shown(qtbot: Any, gui_engine: Any, monkeypatch: Any) -> None:
    """Pointing a hidden tab at a campaign reads nothing; showing it reads once."""
    from campaign_app.systems.nuts.demo import build as demo_nuts
    from ui import views

    cid = demo_nuts(gui_engine)
    calls: list[str] = []
    real_log, real_history = views.q.roll_log_page, journal.history  # the log reads a page at a time
    monkeypatch.setattr(views.q, "roll_log_page", lambda *a, **k: calls.append("log") or real_log(*a, **k))
    monkeypatch.setattr(views.journal, "history", lambda *a, **k: calls.append("history") or real_history(*a, **k))
    log, hist = views.RollLogView(), views.HistoryView()
    qtbot.addWidget(log)
    qtbot.addWidget(hist)
    log.set_campaign(Campaigns(gui_engine), cid)
    hist.set_campaign(Campaigns(gui_engine), cid)
    assert calls == []
    log.show()
    hist.show()
    qtbot.waitUntil(lambda: calls == ["log", "history"])
    assert log.model.rowCount() > 0 and hist.model.rowCount() > 0
    log.set_campaign(Campaigns(gui_engine), cid)  # visible: read at once
    assert calls == ["log", "history", "log"]


def test_a_start_reopens_the_last_database_but_never_makes_it_anew(qtbot: Any, settings: Any,
                                                                   tmp_path: Path) -> None:
    from ui.app import start_database
    from ui.main_window import NO_DATABASE, MainWindow

    default = f"sqlite:///{tmp_path / 'default.sqlite'}"
    last = f"sqlite:///{tmp_path / 'usb' / 'league.sqlite'}"
    assert start_database("x.sqlite", last, default) == ("x.sqlite", True)
    assert start_database(None, last, default) == (last, False)
    assert start_database(None, None, default) == (default, True)
    assert start_database(None, default, default) == (default, True)
    # the last database is on a drive that is not connected: said, not replaced by an empty one
    w = MainWindow(None, settings)
    qtbot.addWidget(w)
    w.open_when_shown(last, create=False)
    w.show()
    qtbot.waitUntil(lambda: bool(messages()) and messages()[-1][0] == "Cannot open the database",
                    timeout=30000)
    assert "no database at" in messages()[-1][1]
    assert w.app is None and w.start_page.text() == NO_DATABASE
    assert not (tmp_path / "usb").exists()


def test_a_task_whose_signals_are_gone_ends_quietly(qtbot: Any) -> None:
    """The application quit while a task ran (PySide deletes the signals' objects at
    exit): its next report stops it, with no error from the pool's thread."""
    import threading

    import shiboken6
    from PySide6.QtCore import QThreadPool

    from ui.worker import run_task

    started, go = threading.Event(), threading.Event()
    reports: list[bool] = []

    def fn(ctx: Any) -> str:
        started.set()
        go.wait(10)
        reports.append(ctx.progress(1, 2))
        reports.append(ctx.cancelled)
        return "done"

    task = run_task(None, "gone", fn)
    assert started.wait(10)
    shiboken6.delete(task.signals)
    go.set()
    assert QThreadPool.globalInstance().waitForDone(10000)
    assert reports == [False, True]
