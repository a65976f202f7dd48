"""#35 item 3: the window as a client of a league server (uvicorn on a loopback port over
the `lg` league of tests/server, SQLite and PostgreSQL): File ▸ Open League… signs in
and shows the league, an edit made in the window lands in the server's database, a
change made by another client shows through Server-Sent Events, and the After the Battle
wizard rolls step by step with the server's dice."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QLabel

from campaign_app.remote import RemoteCampaigns
from campaign_app.usecases import battles, fighters, rolls, rosters
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

    from campaign_app import remote

    # the window's live updates move from the local file it had open to the league (the
    # file's SqliteWatcher may still be there for a moment): wait for the league's watcher
    qtbot.waitUntil(lambda: getattr(win, "live", None) is not None and win.live.app is app
                    and isinstance(win.live.watcher, remote.EventWatcher)
                    and win.live.watcher.connected.is_set(), timeout=10000)

    remote.login(url, "carla", PASSWORDS["carla"])  # another client: the arbitrator
    carla = RemoteCampaigns.open(url.replace("//", "//carla@"))
    try:
        carla.run(fighters.edit_fighter, lg.rock, name="Sgt Stone")
    finally:
        carla.dispose()
    qtbot.waitUntil(lambda: sorted(_names(win)) == ["Pvt Ryan", "Sgt Stone"], timeout=10000)
    win.live.stop()


def _click(qtbot: Any, button: Any) -> None:
    assert button.isEnabled(), button.objectName()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def _roll_to_summary(qtbot: Any, wiz: Any) -> list[tuple[int, str]]:
    while wiz.page != "summary":
        assert wiz.current_need() is not None, wiz.error.text()
        _click(qtbot, wiz.roll_button)
        assert wiz.page == "result", wiz.error.text()
        _click(qtbot, wiz.next_button)
    return list(wiz.faces)


def _fought(lg: League) -> int:
    """Battle 1, Easy (ann) against Jerries (bob), Sgt Rock and Hans out of the fight; strict dice."""
    from campaign_app.usecases import record

    lg.app.run(record.set_campaign_settings, lg.campaign, dice_discipline="strict", typed_dice=False)
    rec = lg.app.run(battles.record_battle, lg.campaign, [lg.easy, lg.jerries], winner=lg.easy,
                     results={lg.rock: "out-of-the-fight", lg.hans: "out-of-the-fight"})
    return int(rec.id)


def _previews(lg: League) -> list[dict[str, Any]]:
    return lg.app.run(rolls.roll_log, lg.campaign, marks=["preview"])


def test_the_wizard_rolls_step_by_step_with_the_servers_dice_and_applies(
        qtbot: Any, win: Any, lg: League, url: str, tmp_path: Any) -> None:
    """#35 item 3: a player runs their battle's After the Battle in the wizard as on a
    file, one roll at a time; every die is the server's (on record as previews, then
    applied with source random); Cancel and a new wizard show the same dice again, and
    the rows written are those the summary showed, for both sides."""
    bid = _fought(lg)
    _sign_in(qtbot, win, url, "ann")
    qtbot.waitUntil(lambda: win.campaign is not None, timeout=5000)
    wiz = win.open_wizard(bid)
    assert wiz.objectName() != "leagueAfterBattle" and wiz.league
    assert wiz.findChild(QLabel, "leagueDice") is not None
    wiz.resize(900, 700)
    wiz.grab().save(str(tmp_path / "league-wizard-start.png"))
    _click(qtbot, wiz.next_button)
    assert wiz.current_need() is not None and not wiz._typed_allowed()  # strict, no typed dice
    _click(qtbot, wiz.roll_button)
    assert wiz.page == "result" and wiz.sources() and wiz.faces
    assert wiz.faces_view._note.text() == "rolled by the league server"
    wiz.resize(900, 700)
    wiz.grab().save(str(tmp_path / "league-wizard-roll.png"))
    first = list(wiz.faces)
    assert [f for r in _previews(lg) for f in r["faces"]] == [f for f, _s in first]  # rolled by the server
    _click(qtbot, wiz.back_button)  # taken back, rolled again: the same dice
    _click(qtbot, wiz.roll_button)
    assert wiz.faces == first and len(_previews(lg)) == 1
    _click(qtbot, wiz.next_button)
    faces = _roll_to_summary(qtbot, wiz)
    assert {s for _f, s in faces} == {"random"}
    wiz.resize(900, 700)
    wiz.grab().save(str(tmp_path / "league-wizard-summary.png"))
    _click(qtbot, wiz.cancel_button)  # cancelled: a new wizard shows the same dice
    assert [f for r in _previews(lg) for f in r["faces"]] == [f for f, _s in faces]
    before = game_rows(lg.app)
    wiz = win.open_wizard(bid)
    _click(qtbot, wiz.next_button)
    assert _roll_to_summary(qtbot, wiz) == faces
    assert game_rows(lg.app) == before  # nothing rolled anew, nothing written
    lines = [wiz.changes.item(i).text() for i in range(wiz.changes.count())]
    _click(qtbot, wiz.apply_button)
    qtbot.waitUntil(lambda: not wiz.isVisible(), timeout=5000)
    assert "applied on the league server" in win._notice.text()
    assert lg.app.run(battles.show_battle, bid)["after_battle_done"]
    applied = lg.app.run(rolls.roll_log, lg.campaign, marks=["applied"])
    assert [f for r in applied for f in r["faces"]] == [f for f, _s in faces]  # the server's faces
    assert {r["source"] for r in applied} == {"random"}
    rows = game_rows(lg.app)
    assert rows != before and len(rows["fighter"]) == 2 + sum(line.startswith("new: ") for line in lines)
    from sqlalchemy import text

    with lg.app.engine.connect() as conn:
        assert tuple(conn.execute(text("SELECT author, action FROM journal ORDER BY id DESC")).first()) == (
            "ann", "after-battle")


def test_the_wizard_takes_typed_dice_where_the_campaign_does(qtbot: Any, win: Any, lg: League, url: str) -> None:
    """An open campaign over a league: bob types his own dice for every roll; the server
    runs the procedure with them and applies them, recorded as typed."""
    from campaign_app.usecases import record

    bid = _fought(lg)
    lg.app.run(record.set_campaign_settings, lg.campaign, dice_discipline="open")
    _sign_in(qtbot, win, url, "bob")
    qtbot.waitUntil(lambda: win.campaign is not None, timeout=5000)
    wiz = win.open_wizard(bid)
    _click(qtbot, wiz.next_button)
    assert wiz._typed_allowed()
    while wiz.page != "summary":
        need = wiz.current_need()
        assert need is not None, wiz.error.text()
        wiz.typed.setText(",".join("4" for _ in range(need.count)))
        _click(qtbot, wiz.use_typed)
        assert wiz.page == "result", wiz.error.text()
        _click(qtbot, wiz.next_button)
    assert {s for _f, s in wiz.faces} == {"typed"} and not _previews(lg)
    _click(qtbot, wiz.apply_button)
    qtbot.waitUntil(lambda: not wiz.isVisible(), timeout=5000)
    applied = lg.app.run(rolls.roll_log, lg.campaign, marks=["applied"])
    assert applied and {r["source"] for r in applied} == {"typed"}
    assert {f for r in applied for f in r["faces"]} == {4}
    assert lg.app.run(battles.show_battle, bid)["after_battle_done"]


def test_the_wizards_apply_whose_answer_was_lost_offers_retry_and_applies_once(
        qtbot: Any, win: Any, lg: League, url: str) -> None:
    """Apply reached the server but its answer (and its automatic retries') never came:
    the Retry box; Retry gets the kept answer, the wizard ends as Apply would, and After
    the Battle is in the database once."""
    from PySide6.QtWidgets import QApplication, QMessageBox

    from campaign_app import remote
    from tests.server.test_remote import DropFirst

    bid = _fought(lg)
    app = _sign_in(qtbot, win, url, "ann")
    qtbot.waitUntil(lambda: win.campaign is not None, timeout=5000)
    wiz = win.open_wizard(bid)
    _click(qtbot, wiz.next_button)
    _roll_to_summary(qtbot, wiz)
    transport = DropFirst(drops=1 + remote.RETRIES)  # Apply and its automatic retries: no answer
    app._http.close()
    app._http = remote._client(app.url, transport)
    _click(qtbot, wiz.apply_button)
    qtbot.waitUntil(lambda: isinstance(QApplication.activeModalWidget(), QMessageBox), timeout=5000)
    box: Any = QApplication.activeModalWidget()
    assert box is wiz.retry_box and box.objectName() == "retryBox" and "at most once" in box.text()
    assert lg.app.run(battles.show_battle, bid)["after_battle_done"]  # applied, the answer lost
    assert wiz.isVisible()
    box.retry_button.click()
    qtbot.waitUntil(lambda: not wiz.isVisible(), timeout=5000)
    assert transport.replays[-1] is True and len(set(transport.keys)) == 1  # the same key, the kept answer
    assert "applied on the league server" in win._notice.text()
    from sqlalchemy import text

    with lg.app.engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM journal WHERE action = 'after-battle'")).scalar() == 1


def test_the_wizard_collects_the_territories_income_with_the_servers_dice(
        qtbot: Any, win: Any, lg: League, url: str) -> None:
    """Over a league the wizard offers the income of the battle's territories as on a
    file: after Apply the server rolls it and pays every side, once."""
    from campaign_app.usecases import gear

    lg.app.run(gear.add_territory, lg.easy, "Farm", credits=5, dice="D6x10")
    lg.app.run(gear.add_territory, lg.jerries, "Mill", credits=10)
    bid = _fought(lg)
    _sign_in(qtbot, win, url, "bob")
    qtbot.waitUntil(lambda: win.campaign is not None, timeout=5000)
    wiz = win.open_wizard(bid)
    assert wiz.income_box is not None and wiz.income_box.isChecked()
    _click(qtbot, wiz.next_button)
    _roll_to_summary(qtbot, wiz)
    _click(qtbot, wiz.apply_button)
    qtbot.waitUntil(lambda: not wiz.isVisible(), timeout=5000)
    assert not wiz.error.text()
    ledger = {r: [(e["kind"], e["amount"], e["battle"]) for e in lg.app.run(gear.show_ledger, r)["entries"]]
              for r in (lg.easy, lg.jerries)}
    farm = [x for x in lg.app.run(rolls.roll_log, lg.campaign) if x["purpose"] == "income from Farm"]
    assert len(farm) == 1 and farm[0]["source"] == "random"  # the server's die
    assert ledger == {lg.easy: [("income", 5 + 10 * farm[0]["faces"][0], 1)], lg.jerries: [("income", 10, 1)]}
    assert {e.roster for e in wiz.income.rosters} == {"Easy", "Jerries"}


def test_the_wizard_of_a_player_of_another_roster_is_refused_in_one_line(
        qtbot: Any, win: Any, lg: League, url: str) -> None:
    from campaign_app.usecases import league, members

    bid = _fought(lg)
    lg.app.run(members.add_member, "dora", "dora's passphrase 7", "player")
    rangers = lg.app.run(rosters.create_roster, lg.campaign, "Rangers")
    lg.app.run(league.assign_roster, rangers.id, "dora")
    PASSWORDS["dora"] = "dora's passphrase 7"
    try:
        _sign_in(qtbot, win, url, "dora")
    finally:
        PASSWORDS.pop("dora")
    qtbot.waitUntil(lambda: win.campaign is not None, timeout=5000)
    before = game_rows(lg.app)
    wiz = win.open_wizard(bid)
    _click(qtbot, wiz.next_button)
    _click(qtbot, wiz.roll_button)
    msg = wiz.error.text()
    assert wiz.page == "roll" and not wiz.faces
    assert "battle 1 was not fought by one of your rosters" in msg and "\n" not in msg
    assert game_rows(lg.app) == before
    _click(qtbot, wiz.cancel_button)


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
    assert win.app.run(rosters.show_roster, lg.easy)["name"] == "Easy"  # signed in again


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
