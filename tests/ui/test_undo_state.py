"""Undo and Redo in the window say what the database's history holds (issue #33):
after a campaign or a roster is made through the window's dialogs Undo names it and
Ctrl+Z undoes it; after an undo from another process the Edit menu (when it opens)
or the live updates no longer offer the stale Undo/Redo."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from campaign_app.usecases import campaigns
from tests.ui.test_flow import make_campaign, make_roster


def _rosters(engine: Any, cid: int) -> list[str]:
    return [r["name"] for r in campaigns.show_campaign(engine, cid)["rosters"]]


def _shows_history(win: Any, engine: Any, cid: int) -> None:
    """Undo and Redo are enabled, and named, as the database's history says."""
    from campaign_app.usecases import gui_queries as q

    state = q.undo_state(engine, cid)
    for key in ("undo", "redo"):
        a = win.actions[key]
        assert a.isEnabled() == (state[key] is not None), (key, a.text(), state)
        if state[key]:
            assert state[key] in a.text(), (key, a.text(), state)


def test_undo_names_a_campaign_or_roster_made_in_the_window_and_ctrl_z_undoes_it(
        qtbot: Any, win: Any, gui_engine: Any) -> None:
    undo, redo = win.actions["undo"], win.actions["redo"]
    first = make_campaign(qtbot, win, "Bulge")
    make_roster(qtbot, win, "Easy Company")
    _shows_history(win, gui_engine, first)
    cid = make_campaign(qtbot, win)  # its creation cannot be undone: nothing to undo in it
    assert win.campaign["id"] == cid
    _shows_history(win, gui_engine, cid)
    rid = make_roster(qtbot, win, "1st Squad")
    assert win.roster_id == rid
    assert undo.isEnabled(), undo.text()
    assert "1st Squad" in undo.text(), undo.text()
    _shows_history(win, gui_engine, cid)
    assert _rosters(gui_engine, cid) == ["1st Squad"]
    win.table.setFocus()
    qtbot.keyClick(win.table, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert _rosters(gui_engine, cid) == []  # undone in the database
    assert win.campaign["id"] == cid, (win.campaign["name"], win.roster_id)
    assert redo.isEnabled() and "1st Squad" in redo.text(), redo.text()
    assert not undo.isEnabled()
    _shows_history(win, gui_engine, cid)


def test_an_undo_from_the_command_line_is_seen_when_the_edit_menu_opens(
        qtbot: Any, win: Any, gui_engine: Any, sqlite_url: str) -> None:
    from campaign_app.cli import main

    undo, redo = win.actions["undo"], win.actions["redo"]
    cid = make_campaign(qtbot, win)
    make_roster(qtbot, win, "1st Squad")
    assert "1st Squad" in undo.text()
    assert main(["--db", sqlite_url, "undo", str(cid)]) in (0, None)  # another process undoes it
    assert _rosters(gui_engine, cid) == []
    win.edit_menu.aboutToShow.emit()  # the menu about to open reads the history again
    assert "1st Squad" not in undo.text(), undo.text()
    assert redo.isEnabled() and "1st Squad" in redo.text(), redo.text()
    _shows_history(win, gui_engine, cid)
    # ... and redone from the command line: the window's Redo goes, Undo names it again
    assert main(["--db", sqlite_url, "redo", str(cid)]) in (0, None)
    win.edit_menu.aboutToShow.emit()
    assert not redo.isEnabled(), redo.text()
    assert "1st Squad" in undo.text(), undo.text()
    _shows_history(win, gui_engine, cid)
    qtbot.keyClick(win.table, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert _rosters(gui_engine, cid) == []


def test_an_undo_from_the_command_line_reaches_undo_and_redo_by_live_updates(
        qtbot: Any, win: Any, gui_engine: Any, sqlite_url: str, monkeypatch: Any) -> None:
    import ui.live
    from campaign_app.cli import main

    undo, redo = win.actions["undo"], win.actions["redo"]
    monkeypatch.setattr(ui.live, "ENABLED", True)
    ui.live.start_live(win)
    qtbot.waitUntil(lambda: win.live.watcher is not None, timeout=5000)
    cid = make_campaign(qtbot, win)
    make_roster(qtbot, win, "1st Squad")
    win.live._poll()  # the window's own changes, seen as its own (the timer does it each second)
    assert "1st Squad" in undo.text()
    assert main(["--db", sqlite_url, "undo", str(cid)]) in (0, None)
    qtbot.waitUntil(lambda: redo.isEnabled(), timeout=3000)  # heard, without opening a menu
    assert "1st Squad" in redo.text() and not undo.isEnabled(), (undo.text(), redo.text())
    _shows_history(win, gui_engine, cid)
    ui.live.stop_live(win)
