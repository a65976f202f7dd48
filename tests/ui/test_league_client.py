"""#35 item 3: the window as a client of a league server (uvicorn on a loopback port over
the `lg` league of tests/server, SQLite and PostgreSQL): File ▸ Open League… signs in
and shows the league, an edit made in the window lands in the server's database, a
change made by another client shows through Server-Sent Events, and After the Battle
offers to roll on the server (the step-by-step wizard cannot roll there)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QLabel

from campaign_app.remote import RemoteCampaigns
from campaign_app.usecases import battles, core
from tests.server import conftest as league_fixtures
from tests.server.conftest import PASSWORDS, League, game_rows

# the league, served on a loopback port, and its members' cheap password hashes
lg, url, _cheap_argon2 = league_fixtures.lg, league_fixtures.url, league_fixtures._cheap_argon2
no_keyring = league_fixtures.no_keyring


@pytest.fixture(autouse=True)
def _headless_tokens(no_keyring: None) -> None:
    """Tokens in the 0600 file of a temporary config folder."""


def _sign_in(qtbot: Any, win: Any, url: str, name: str) -> RemoteCampaigns:
    dlg = win.open_league()
    assert dlg.objectName() == "leagueDialog" and dlg.focusWidget() is dlg.url_edit
    qtbot.keyClicks(dlg.url_edit, url)
    qtbot.keyClicks(dlg.name_edit, name)
    qtbot.keyClicks(dlg.password_edit, PASSWORDS[name])
    assert dlg.password_edit.echoMode() == dlg.password_edit.EchoMode.Password
    dlg._accept()
    qtbot.waitUntil(lambda: isinstance(win.app, RemoteCampaigns), timeout=10000)
    return win.app


def _names(win: Any) -> list[str]:
    return [r["name"] for r in win.model.rows]


def test_the_window_signs_in_shows_the_league_and_edits_land_on_the_server(
        qtbot: Any, win: Any, lg: League, url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import ui.live

    monkeypatch.setattr(ui.live, "ENABLED", True)
    app = _sign_in(qtbot, win, url, "ann")
    assert app.member == "ann" and url in win.db_label.text()
    qtbot.waitUntil(lambda: win._find_tree_item("campaign", lg.campaign) is not None, timeout=5000)
    win.select_tree("roster", lg.easy)
    qtbot.waitUntil(lambda: _names(win) == ["Sgt Rock"], timeout=5000)

    dlg = win.add_fighter()  # an edit made in the window
    qtbot.keyClicks(dlg.name, "Pvt Ryan")
    dlg.rep.setValue(4)
    qtbot.mouseClick(dlg.ok_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: sorted(_names(win)) == ["Pvt Ryan", "Sgt Rock"], timeout=5000)
    assert any("'Pvt Ryan'" in r for r in game_rows(lg.app)["fighter"])  # in the server's database

    qtbot.waitUntil(lambda: getattr(win, "live", None) is not None and win.live.watcher is not None
                    and win.live.watcher.connected.is_set(), timeout=10000)
    from campaign_app import remote

    remote.login(url, "carla", PASSWORDS["carla"])  # another client: the arbitrator
    carla = RemoteCampaigns.open(url.replace("//", "//carla@"))
    try:
        carla.run(core.edit_fighter, lg.rock, name="Sgt Stone")
    finally:
        carla.dispose()
    qtbot.waitUntil(lambda: sorted(_names(win)) == ["Pvt Ryan", "Sgt Stone"], timeout=10000)
    win.live.stop()


def test_after_the_battle_on_a_league_rolls_on_the_server(qtbot: Any, win: Any, lg: League, url: str) -> None:
    rec = lg.app.run(battles.record_battle, lg.campaign, [lg.easy, lg.jerries], winner=lg.easy)
    _sign_in(qtbot, win, url, "carla")
    qtbot.waitUntil(lambda: win.campaign is not None, timeout=5000)
    box = win.open_wizard(rec.id)
    assert box.objectName() == "leagueAfterBattle"
    assert "not available on a league server yet" in box.text()
    roll = next(b for b in box.buttons() if "Roll on the Server" in b.text().replace("&", ""))
    roll.click()
    qtbot.waitUntil(lambda: lg.app.run(battles.show_battle, rec.id)["after_battle_done"], timeout=10000)


def test_a_token_refused_later_says_so_and_asks_to_sign_in_again(qtbot: Any, win: Any, lg: League, url: str) -> None:
    from campaign_app.usecases import members

    _sign_in(qtbot, win, url, "ann")
    qtbot.waitUntil(lambda: win._find_tree_item("campaign", lg.campaign) is not None, timeout=5000)
    win.select_tree("roster", lg.easy)
    qtbot.waitUntil(lambda: _names(win) == ["Sgt Rock"], timeout=5000)
    lg.app.run(members.revoke, member="ann")  # the arbitrator ends ann's sessions
    before = game_rows(lg.app)
    win.undo()  # any call now: refused with one clear line, nothing written
    qtbot.waitUntil(lambda: getattr(win.active_dialog, "objectName", lambda: "")() == "leagueDialog", timeout=5000)
    dlg = win.active_dialog
    assert dlg.url_edit.text() == url and dlg.name_edit.text() == "ann"
    assert any("sign in again" in lab.text() for lab in dlg.findChildren(QLabel))
    assert game_rows(lg.app) == before
    old = win.app
    dlg.password_edit.setText(PASSWORDS["ann"])
    dlg._accept()
    qtbot.waitUntil(lambda: win.app is not old and isinstance(win.app, RemoteCampaigns), timeout=10000)
    assert win.app.run(core.show_roster, lg.easy)["name"] == "Easy"  # signed in again


def test_a_write_whose_answer_was_lost_offers_retry_and_applies_once(qtbot: Any, win: Any, lg: League, url: str) -> None:
    """#35 item 6: the server applied Duplicate but its answer never came (nor those of
    the automatic retries): the window says so and offers Retry (the default); a Retry
    that fails the same way offers it again; the next one gets the kept answer, the
    copy shows, and it is in the database once."""
    from PySide6.QtWidgets import QApplication, QMessageBox

    from campaign_app import remote
    from tests.server.test_remote import DropFirst

    app = _sign_in(qtbot, win, url, "ann")
    qtbot.waitUntil(lambda: win._find_tree_item("campaign", lg.campaign) is not None, timeout=5000)
    win.select_tree("roster", lg.easy)
    qtbot.waitUntil(lambda: _names(win) == ["Sgt Rock"], timeout=5000)
    win.table.selectRow(0)
    assert win.selected_row()["id"] == lg.rock
    before = len(game_rows(lg.app)["fighter"])
    transport = DropFirst(drops=2 * (1 + remote.RETRIES))  # the action and its first Retry: no answer
    app._http.close()
    app._http = remote._client(app.url, transport)

    def retry_box() -> Any:
        qtbot.waitUntil(lambda: isinstance(QApplication.activeModalWidget(), QMessageBox), timeout=5000)
        box: Any = QApplication.activeModalWidget()
        assert box.objectName() == "retryBox" and box.parent() is win
        assert "cannot reach the league server" in box.text() and "at most once" in box.text()
        assert "\n" not in box.text()
        assert box.defaultButton() is box.retry_button and box.retry_button.text() == "&Retry"
        return box

    win.duplicate_selected()
    box = retry_box()
    assert len(game_rows(lg.app)["fighter"]) == before + 1  # applied by the server, no answer
    QTimer.singleShot(0, box.retry_button.click)
    qtbot.waitUntil(lambda: QApplication.activeModalWidget() is not box, timeout=5000)
    box = retry_box()  # failed again: asked again
    box.retry_button.click()
    qtbot.waitUntil(lambda: len(_names(win)) == 2, timeout=10000)
    assert QApplication.activeModalWidget() is None
    assert len(set(transport.keys)) == 1 and transport.replays[-1] is True
    assert len(game_rows(lg.app)["fighter"]) == before + 1  # once
    assert "sent again, done" in win.notice_text()
