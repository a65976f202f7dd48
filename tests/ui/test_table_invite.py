"""#29: Battle > Invite to the Table: the dialog shows the QR code (an image), the URL
(selectable text) and until when; the invitation is written as its hash only; the
window starts the table's server (a child process over its database) and stops it when
it closes."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import httpx
from PySide6.QtCore import Qt
from sqlalchemy import text

from campaign_app.usecases import add_fighter, create_campaign, create_roster
from campaign_app.usecases.table import setup_battle, start_battle


def battle_world(engine: Any) -> int:
    c = create_campaign(engine, "Kursk", "nuts")
    create_roster(engine, c.id, "Easy")
    create_roster(engine, c.id, "Jerries")
    add_fighter(engine, "Easy", "Sgt Rock", rep=5)
    add_fighter(engine, "Jerries", "Hans", rep=4)
    b = setup_battle(engine, c.id, ["Easy", "Jerries"], scenario="Patrol", attacker="Easy")
    start_battle(engine, b.id)
    return b.id


def test_the_invite_dialog_shows_the_code_the_url_and_the_end(qtbot: Any, win: Any, gui_engine: Any,
                                                               tmp_path: Path) -> None:
    from ui.table_invite import InviteDialog

    bid = battle_world(gui_engine)
    dlg = InviteDialog(win, win.app, bid, None, host="192.168.1.20")
    qtbot.addWidget(dlg)
    dlg.show()
    assert [dlg.roster.itemText(i) for i in range(dlg.roster.count())] == ["Easy", "Jerries"]
    dlg.roster.setCurrentIndex(1)
    qtbot.mouseClick(dlg.make_button, Qt.MouseButton.LeftButton)
    url = dlg.url_edit.text()
    assert url.startswith("http://192.168.1.20:8350/join#t=") and dlg.url_edit.isReadOnly()
    assert not dlg.qr.pixmap().isNull() and dlg.qr.pixmap().width() >= 200
    assert "Jerries" in dlg.until.text() and "battle is finished" in dlg.until.text()
    token = url.partition("#t=")[2]
    with gui_engine.connect() as c:
        stored = c.execute(text("SELECT token_hash, roster_id FROM device_invite")).all()
    assert [r[0] for r in stored] == [hashlib.sha256(token.encode()).hexdigest()]
    shot = tmp_path / "invite.png"
    assert dlg.grab().save(str(shot)) and shot.stat().st_size > 5000
    assert dlg.url_edit.cursorPosition() == 0  # the address shows, not the end of the token


def test_the_menu_starts_the_table_server_and_closing_the_window_stops_it(qtbot: Any, win: Any,
                                                                         gui_engine: Any) -> None:
    bid = battle_world(gui_engine)
    win.reload()
    win.select_tree("campaign", 1)
    win.actions["invite_table"].trigger()
    from ui.table_invite import InviteDialog

    dlg = win.findChild(InviteDialog, "inviteDialog")
    assert dlg.battle_id == bid
    url = dlg.make()
    assert url, dlg.status.text()
    server = win.table_server
    qtbot.waitUntil(lambda: "is running" in dlg.status.text(), timeout=60000)
    r = httpx.get(f"http://127.0.0.1:{server.port}/join", timeout=10)
    assert r.status_code == 200 and "Joining the table" in r.text
    proc = server.proc
    win.close()
    assert proc is not None and proc.state() == proc.ProcessState.NotRunning
