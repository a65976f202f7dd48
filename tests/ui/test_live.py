"""Live updates in the window: a change another client commits shows up within two
seconds, without a reload, on PostgreSQL (LISTEN/NOTIFY) and on a SQLite file
(data_version); the window's own changes are not heard again; a stale edit is still
refused."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from campaign_app.facade import Campaigns
from campaign_app.usecases import campaigns, fighters, rosters
from tests.ui.conftest import messages

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _live_on(monkeypatch: pytest.MonkeyPatch) -> None:
    import ui.live

    monkeypatch.setattr(ui.live, "ENABLED", True)


def _window(qtbot: Any, engine: Any, settings: Any, url: str) -> Any:
    from ui.main_window import MainWindow

    w = MainWindow(Campaigns(engine), settings, url)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    qtbot.waitUntil(lambda: getattr(w, "live", None) is not None and w.live.watcher is not None, timeout=5000)
    return w


class Spy:
    """Counts the window's full reloads and keeps the change sets it was handed."""

    def __init__(self, win: Any, monkeypatch: pytest.MonkeyPatch) -> None:
        self.reloads = 0
        self.applied: list[Any] = []
        real_reload, real_apply = win.reload, win.apply_changes

        def reload(*a: Any, **k: Any) -> None:
            self.reloads += 1
            real_reload(*a, **k)

        def apply(changes: Any, *a: Any, **k: Any) -> None:
            self.applied.append(changes)
            real_apply(changes, *a, **k)

        monkeypatch.setattr(win, "reload", reload)
        monkeypatch.setattr(win, "apply_changes", apply)


def _names(win: Any) -> list[str]:
    return [r["name"] for r in win.model.rows]


def _tree_text(win: Any, roster_id: int) -> str:
    item = win._find_tree_item("roster", roster_id)
    return item.text(0) if item is not None else ""


@pytest.fixture
def two_pg(pg_url: str) -> Iterator[tuple[Any, Any, str]]:
    from db.migrate import open_database

    first, second = open_database(pg_url), open_database(pg_url)
    yield first, second, pg_url
    first.dispose()
    second.dispose()


def test_a_second_clients_change_arrives_in_the_gui_on_postgresql(qtbot: Any, two_pg: Any, settings: Any,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    first, second, url = two_pg
    c = campaigns.create_campaign(first, "League", "necromunda")
    r = rosters.create_roster(first, c.id, "Goliaths")
    other = rosters.create_roster(first, c.id, "Eschers")
    f = fighters.add_fighter(first, r.id, "Grub", fighter_type="ganger")
    win = _window(qtbot, first, settings, url)
    win.select_tree("roster", r.id)
    assert win.roster_id == r.id and _names(win) == ["Grub"]
    spy = Spy(win, monkeypatch)

    fighters.edit_fighter(second, f.id, name="Grub the Bold", xp=3)  # the other client
    qtbot.waitUntil(lambda: _names(win) == ["Grub the Bold"], timeout=2000)
    assert spy.reloads == 0 and spy.applied[-1].fighters == {f.id}  # only what changed was read

    fighters.add_fighter(second, r.id, "Krag", fighter_type="ganger")  # the named roster grows
    qtbot.waitUntil(lambda: sorted(_names(win)) == ["Grub the Bold", "Krag"], timeout=2000)
    qtbot.waitUntil(lambda: "(2)" in _tree_text(win, r.id), timeout=2000)
    assert spy.reloads == 0

    fighters.add_fighter(second, other.id, "Mira", fighter_type="ganger")  # another roster: its count only
    qtbot.waitUntil(lambda: "(1)" in _tree_text(win, other.id), timeout=2000)
    assert sorted(_names(win)) == ["Grub the Bold", "Krag"] and win.roster_id == r.id

    heard = win.live.heard
    fighters.edit_fighter(first, f.id, xp=5)  # its own engine's change: applied by itself, not heard again
    qtbot.wait(700)
    assert win.live.heard == heard


def test_a_change_made_by_another_process_arrives(qtbot: Any, two_pg: Any, settings: Any) -> None:
    first, _second, url = two_pg
    c = campaigns.create_campaign(first, "League", "necromunda")
    r = rosters.create_roster(first, c.id, "Goliaths")
    win = _window(qtbot, first, settings, url)
    win.select_tree("roster", r.id)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    subprocess.run([sys.executable, "-m", "campaign_app", "--db", url, "fighter", "add", str(r.id), "Vex",
                    "--type", "ganger"], check=True, cwd=ROOT, env=env, capture_output=True, timeout=120)
    qtbot.waitUntil(lambda: _names(win) == ["Vex"], timeout=2000)


def test_two_windows_on_one_sqlite_file_see_each_others_changes(qtbot: Any, sqlite_url: str, settings: Any,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from db.migrate import open_database

    first, second = open_database(sqlite_url), open_database(sqlite_url)
    try:
        c = campaigns.create_campaign(first, "Solo", "nuts")
        r = rosters.create_roster(first, c.id, "Squad")
        f = fighters.add_fighter(first, r.id, "Hans", rep=4)
        a = _window(qtbot, first, settings, sqlite_url)
        b = _window(qtbot, second, settings, sqlite_url)
        for w in (a, b):
            w.select_tree("roster", r.id)
        spy_a, spy_b = Spy(a, monkeypatch), Spy(b, monkeypatch)
        fighters.edit_fighter(second, f.id, name="Hans Jr")  # through b's database connection
        qtbot.waitUntil(lambda: _names(a) == ["Hans Jr"], timeout=2000)
        assert spy_a.reloads == 0 and f.id in spy_a.applied[-1].fighters
        fighters.add_fighter(first, r.id, "Fritz", rep=3)  # and back
        qtbot.waitUntil(lambda: sorted(_names(b)) == ["Fritz", "Hans Jr"], timeout=2000)
        qtbot.wait(1200)
        assert len(spy_a.applied) == 1  # a did not hear its own Fritz again
        assert len(spy_b.applied) == 1  # nor b its own Hans Jr
        assert spy_b.reloads == 0
        a.close()
        b.close()
    finally:
        first.dispose()
        second.dispose()


def test_a_stale_edit_is_still_refused_with_a_clear_message(qtbot: Any, sqlite_url: str, settings: Any) -> None:
    from db.migrate import open_database

    first, second = open_database(sqlite_url), open_database(sqlite_url)
    try:
        c = campaigns.create_campaign(first, "Solo", "nuts")
        r = rosters.create_roster(first, c.id, "Squad")
        f = fighters.add_fighter(first, r.id, "Joe", rep=4)
        win = _window(qtbot, first, settings, sqlite_url)
        win.select_tree("roster", r.id)
        assert win.select_figure("Joe")
        dlg = win.edit_selected()
        fighters.edit_fighter(second, f.id, name="Joseph")  # another client saves first
        qtbot.waitUntil(lambda: _names(win) == ["Joseph"], timeout=2000)
        dlg.name.setText("Joey")
        qtbot.mouseClick(dlg.ok_button, Qt.MouseButton.LeftButton)
        assert messages() and "someone else" in messages()[-1][1]
        assert fighters.show_fighter(first, f.id)["name"] == "Joseph"
        win.close()
    finally:
        first.dispose()
        second.dispose()


def test_a_lost_connection_is_tried_again_and_the_window_reads_what_it_missed(
        qtbot: Any, sqlite_url: str, settings: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The listening connection dies (a server restart, a network cut): the window says
    so, tries again after a growing wait, and once back reads everything once (other
    clients' changes meanwhile were not heard), then listens again."""
    import ui.live
    from campaign_app.usecases import live as live_uc
    from db.migrate import open_database

    monkeypatch.setattr(ui.live, "RETRY_MS", (50, 100))
    eng = open_database(sqlite_url)
    try:
        c = campaigns.create_campaign(eng, "Solo", "nuts")
        rosters.create_roster(eng, c.id, "Squad")
        win = _window(qtbot, eng, settings, sqlite_url)
        spy = Spy(win, monkeypatch)
        real_watch = live_uc.watch
        attempts: list[int] = []

        def down(_engine: Any) -> Any:
            attempts.append(1)
            raise OSError("server closed the connection unexpectedly")

        class Broken:
            def poll(self) -> Any:
                raise OSError("server closed the connection unexpectedly")

            def close(self) -> None:
                pass

        monkeypatch.setattr(live_uc, "watch", down)  # still down when tried again
        win.live.watcher.close()
        win.live.watcher = Broken()
        win.live._poll()
        assert "Live updates are off: server closed the connection unexpectedly; trying again in 0 s" \
            in win.notice_text()
        qtbot.waitUntil(lambda: len(attempts) >= 2, timeout=3000)  # tried again, and again
        assert win.live.watcher is None and win.live.retries >= 2 and spy.reloads == 0
        monkeypatch.setattr(live_uc, "watch", real_watch)  # the server is back
        qtbot.waitUntil(lambda: win.live.watcher is not None, timeout=3000)
        assert spy.reloads == 1 and win.live.retries == 0 and not win.live.missed
        assert "Live updates are back on" in win.notice_text()
        rosters.create_roster(eng, c.id, "Second")  # and it listens again
        win.close()
    finally:
        eng.dispose()
