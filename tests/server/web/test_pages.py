"""The web pages through Starlette's TestClient on both backends: what a mark writes,
and every refusal (no CSRF token, another player's figure, a viewer, a bad body, a
device scoped to another battle) writing nothing."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from datetime import datetime

import pytest

from campaign_app.usecases import campaigns, fighters, journal, members, rosters
from campaign_app.usecases.rolls import roll_log
from tests.server.conftest import PASSWORDS, game_rows
from tests.server.web.conftest import Table, error_line


def test_the_home_page_is_the_sign_in_form_then_the_members_campaigns(tb: Table) -> None:
    c = tb.client()
    r = c.get("/")
    assert r.status_code == 200 and 'action="/login"' in r.text
    assert '<label for="name">' in r.text and '<label for="password">' in r.text
    r = c.post("/login", data={"name": "ann", "password": PASSWORDS["ann"]}, follow_redirects=False)
    assert r.status_code == 303
    cookie = r.headers["set-cookie"]
    assert cookie.startswith("ca_session=") and "HttpOnly" in cookie and "SameSite=strict" in cookie
    token = cookie.split(";")[0].split("=", 1)[1]
    assert tb.lg.app.run(members.authenticate, token).name == "ann"
    home = c.get("/")
    assert "Kursk" in home.text and f'href="/battle/{tb.battle}"' in home.text
    assert f'href="/roster/{tb.lg.easy}"' in home.text
    assert token not in home.text  # the cookie is the only carrier
    assert "default-src 'self'" in home.headers["content-security-policy"]


def test_a_wrong_password_is_one_line_and_no_session(tb: Table) -> None:
    before = game_rows(tb.lg.app)
    sessions = len(tb.lg.app.run(members.sessions))
    r = tb.client().post("/login", data={"name": "ann", "password": "nope"}, follow_redirects=False)
    assert r.status_code == 401 and "set-cookie" not in r.headers
    assert error_line(r.text)
    assert len(tb.lg.app.run(members.sessions)) == sessions
    assert game_rows(tb.lg.app) == before


def test_a_post_from_another_site_is_refused_even_the_sign_in(tb: Table) -> None:
    c = tb.client()
    r = c.post("/login", data={"name": "ann", "password": PASSWORDS["ann"]},
               headers={"Origin": "https://evil.example"}, follow_redirects=False)
    assert r.status_code == 403 and "set-cookie" not in r.headers
    ann = tb.client("ann")
    before = game_rows(tb.lg.app)
    r = ann.post(f"/battle/{tb.battle}/hit", data={"csrf": tb.csrf(ann), "figure": tb.lg.rock},
                 headers={"Origin": "http://evil.example", "X-Requested-With": "fetch"})
    assert r.status_code == 403 and "another site" in r.text
    assert game_rows(tb.lg.app) == before
    r = ann.post(f"/battle/{tb.battle}/hit", data={"csrf": tb.csrf(ann), "figure": tb.lg.rock},
                 headers={"Origin": "http://testserver", "X-Requested-With": "fetch"})
    assert r.status_code == 200 and error_line(r.text) is None


def test_sign_out_ends_the_session(tb: Table) -> None:
    c = tb.client("ann")
    csrf = tb.csrf(c)
    r = c.post("/logout", data={"csrf": csrf}, follow_redirects=False)
    assert r.status_code == 303
    assert all(s["state"] != "active" for s in tb.lg.app.run(members.sessions, "ann"))
    assert 'action="/login"' in c.get("/").text


def test_a_mark_writes_the_use_cases_rows_and_shows_on_the_page(tb: Table) -> None:
    lg = tb.lg
    c = tb.client("ann")
    csrf = tb.csrf(c)
    r = tb.post(c, "track", csrf=csrf, figure=lg.rock, kind="fighter", status="out-of-the-fight", by=lg.hans)
    assert r.status_code == 200, r.text
    assert error_line(r.text) is None
    assert "Sgt Rock: out of the fight (by Hans)" in html.unescape(r.text)
    view = tb.view()
    rock = next(f for f in view["figures"] if f["fighter_id"] == lg.rock)
    assert rock["status"] == "out-of-the-fight" and rock["by"] == "Hans"
    assert [m["text"] for m in view["marks"]] == ["Sgt Rock: out of the fight (by Hans)"]
    # the same undo step as the desktop's: the campaign's history says so, by ann
    hist = lg.app.run(journal.history, lg.campaign)
    assert max(hist, key=lambda h: h["id"])["action"] == "battle.mark"
    assert any("'ann'" in str(row) for row in game_rows(lg.app)["journal"])  # by ann
    # a second device sees it
    other = tb.client("bob")
    assert "taken out by Sgt Rock" not in other.get(f"/battle/{tb.battle}").text
    assert "out of the fight (by Hans)" in html.unescape(other.get(f"/battle/{tb.battle}/live").text)


def test_without_script_a_mark_redirects_back_to_the_battle(tb: Table) -> None:
    c = tb.client("ann")
    r = tb.post(c, "hit", fetch=False, csrf=tb.csrf(c), figure=tb.lg.rock)
    assert r.status_code == 303 and r.headers["location"] == f"/battle/{tb.battle}"
    assert next(f for f in tb.view()["figures"] if f["fighter_id"] == tb.lg.rock)["scored_hit"]


@pytest.mark.parametrize("csrf", [None, "", "0" * 40])
def test_a_form_without_the_right_csrf_token_is_refused_and_writes_nothing(tb: Table, csrf: str | None) -> None:
    c = tb.client("ann")
    before = game_rows(tb.lg.app)
    data = {"figure": tb.lg.rock, "kind": "fighter", "status": "duck-back"}
    if csrf is not None:
        data["csrf"] = csrf
    r = tb.post(c, "track", **data)
    assert r.status_code == 403 and "CSRF" in r.text and "\n" not in r.text.strip()
    assert game_rows(tb.lg.app) == before


def test_a_replayed_form_is_refused_and_writes_nothing(tb: Table) -> None:
    c = tb.client("ann")
    csrf = tb.csrf(c)
    r = tb.post(c, "track", csrf=csrf, figure=tb.lg.rock, kind="fighter", status="duck-back")
    assert r.status_code == 200 and error_line(r.text) is None
    before = game_rows(tb.lg.app)
    for status in ("duck-back", "hunker-down"):  # the same request again, or another with its token
        r = tb.post(c, "track", csrf=csrf, figure=tb.lg.rock, kind="fighter", status=status)
        assert r.status_code == 409 and "sent already" in r.text
    assert game_rows(tb.lg.app) == before
    # every form of a page has its own token
    tokens = re.findall(r'name="csrf" value="([^"]+)"', c.get(f"/battle/{tb.battle}").text)
    assert len(tokens) > 2 and len(set(tokens)) == len(tokens)


def test_a_form_token_too_old_is_refused(tb: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    c = tb.client("ann")
    csrf = tb.csrf(c)
    real = time.time
    monkeypatch.setattr(time, "time", lambda: real() + 3 * 86400)
    before = game_rows(tb.lg.app)
    r = tb.post(c, "track", csrf=csrf, figure=tb.lg.rock, kind="fighter", status="duck-back")
    assert r.status_code == 403 and "too old" in r.text
    assert game_rows(tb.lg.app) == before


def test_another_session_s_csrf_token_is_refused(tb: Table) -> None:
    ann, bob = tb.client("ann"), tb.client("bob")
    before = game_rows(tb.lg.app)
    r = tb.post(ann, "track", csrf=tb.csrf(bob), figure=tb.lg.rock, kind="fighter", status="duck-back")
    assert r.status_code == 403
    assert game_rows(tb.lg.app) == before


def test_a_player_s_mark_on_another_player_s_figure_is_refused_and_writes_nothing(tb: Table) -> None:
    c = tb.client("ann")
    page = c.get(f"/battle/{tb.battle}").text
    assert f'name="figure" value="{tb.lg.hans}"' not in page  # no buttons on bob's figures
    before = game_rows(tb.lg.app)
    for what, data in (("track", {"figure": tb.lg.hans, "kind": "fighter", "status": "duck-back"}),
                       ("hit", {"figure": tb.lg.hans})):
        r = tb.post(c, what, csrf=tb.csrf(c), **data)
        assert r.status_code == 403
        assert "Hans is not in one of your rosters" in html.unescape(error_line(r.text) or "")
    assert game_rows(tb.lg.app) == before


def test_a_viewer_gets_no_buttons_and_a_forged_mark_is_refused(tb: Table) -> None:
    c = tb.client("vic")
    page = c.get(f"/battle/{tb.battle}").text
    assert "Sgt Rock" in page and 'name="status"' not in page and "/undo" not in page
    before = game_rows(tb.lg.app)
    r = tb.post(c, "track", csrf=tb.csrf(c), figure=tb.lg.rock, kind="fighter", status="duck-back")
    assert r.status_code == 403
    assert game_rows(tb.lg.app) == before


def test_the_arbitrator_marks_any_figure(tb: Table) -> None:
    c = tb.client("carla")
    r = tb.post(c, "track", csrf=tb.csrf(c), figure=tb.lg.hans, kind="fighter", status="duck-back")
    assert r.status_code == 200 and error_line(r.text) is None
    assert next(f for f in tb.view()["figures"] if f["fighter_id"] == tb.lg.hans)["status"] == "duck-back"


def test_a_bad_status_is_one_line_and_writes_nothing(tb: Table) -> None:
    c = tb.client("ann")
    before = game_rows(tb.lg.app)
    r = tb.post(c, "track", csrf=tb.csrf(c), figure=tb.lg.rock, kind="fighter", status="flying")
    assert r.status_code == 400
    assert "'flying' for Sgt Rock is not one of" in html.unescape(error_line(r.text) or "")
    assert game_rows(tb.lg.app) == before


def test_undo_takes_back_the_last_mark_and_only_one_s_own(tb: Table) -> None:
    ann, bob = tb.client("ann"), tb.client("bob")
    tb.post(ann, "track", csrf=tb.csrf(ann), figure=tb.lg.rock, kind="fighter", status="duck-back")
    tb.post(ann, "hit", csrf=tb.csrf(ann), figure=tb.lg.rock)
    assert len(tb.view()["marks"]) == 2
    before = game_rows(tb.lg.app)
    r = tb.post(bob, "undo", csrf=tb.csrf(bob))  # ann's mark: not bob's to undo
    assert r.status_code == 403 and error_line(r.text)
    assert game_rows(tb.lg.app) == before
    r = tb.post(ann, "undo", csrf=tb.csrf(ann))
    assert r.status_code == 200 and error_line(r.text) is None
    view = tb.view()
    assert [m["kind"] for m in view["marks"]] == ["status"]
    assert not next(f for f in view["figures"] if f["fighter_id"] == tb.lg.rock)["scored_hit"]


def test_a_roll_uses_the_server_s_dice_and_goes_on_record(tb: Table) -> None:
    c = tb.client("ann")
    rolls = len(tb.lg.app.run(roll_log, tb.lg.campaign))
    r = tb.post(c, "roll", csrf=tb.csrf(c), table="nuts-fast-move", fighter=tb.lg.rock)
    assert r.status_code == 200 and error_line(r.text) is None, r.text
    faces = re.search(r'class="faces">([0-9 ]+)<', r.text)
    assert faces
    log = tb.lg.app.run(roll_log, tb.lg.campaign)
    assert len(log) == rolls + 1
    last = log[-1]
    assert last["source"] == "random" and last["battle_id"] == tb.battle and last["target"] == 5
    assert " ".join(map(str, last["faces"])) == faces.group(1).strip()


def test_a_table_rolled_with_inputs_marks_what_it_says(tb: Table) -> None:
    c = tb.client("ann")
    page = c.get(f"/battle/{tb.battle}").text
    assert 'name="vs_rep"' in page and 'name="flag_cover"' in page
    rolls = len(tb.lg.app.run(roll_log, tb.lg.campaign))
    r = tb.post(c, "roll", csrf=tb.csrf(c), table="nuts-in-sight", fighter=tb.lg.rock, target_fighter=tb.lg.hans)
    assert r.status_code == 200 and error_line(r.text) is None, error_line(r.text)
    assert 'class="card rolled"' in r.text
    log = tb.lg.app.run(roll_log, tb.lg.campaign)
    assert len(log) > rolls and all(e["battle_id"] == tb.battle for e in log[rolls:])
    before = game_rows(tb.lg.app)
    r = tb.post(c, "roll", csrf=tb.csrf(c), table="nuts-shooting", fighter=tb.lg.hans, rep=4, shots=2)
    assert r.status_code == 403 and "your own figures" in (error_line(r.text) or "")
    r = tb.post(c, "roll", csrf=tb.csrf(c), table="nuts-shooting", fighter=tb.lg.rock, rep=99, shots=2)
    assert r.status_code == 400 and "Rep" in (error_line(r.text) or "")
    assert game_rows(tb.lg.app) == before


def test_typed_faces_only_where_the_campaign_allows_them(tb: Table) -> None:
    from campaign_app.usecases import record

    tb.lg.app.run(record.set_campaign_settings, tb.lg.campaign, typed_dice=False)
    c = tb.client("ann")
    assert 'name="dice"' not in c.get(f"/battle/{tb.battle}").text
    before = game_rows(tb.lg.app)
    r = tb.post(c, "roll", csrf=tb.csrf(c), table="nuts-fast-move", fighter=tb.lg.rock, dice="6,6")
    assert r.status_code == 400 and "typed dice" in (error_line(r.text) or "")
    assert game_rows(tb.lg.app) == before
    tb.lg.app.run(record.set_campaign_settings, tb.lg.campaign, typed_dice=True)
    assert 'name="dice"' in c.get(f"/battle/{tb.battle}").text
    r = tb.post(c, "roll", csrf=tb.csrf(c), table="nuts-fast-move", fighter=tb.lg.rock, dice="2,3")
    assert r.status_code == 200, error_line(r.text)
    last = tb.lg.app.run(roll_log, tb.lg.campaign)[-1]
    assert last["faces"] == [2, 3] and last["source"] == "typed"


@pytest.mark.parametrize("body, kind, status", [
    (b"csrf=x&" + b"a" * 30_000, "application/x-www-form-urlencoded", 413),
    (b'{"figure": 1}', "application/json", 415),
    (b"\xff\xfe=\xff", "application/x-www-form-urlencoded", 400),
])
def test_a_huge_or_malformed_body_is_one_line_and_writes_nothing(tb: Table, body: bytes, kind: str,
                                                                 status: int) -> None:
    c = tb.client("ann")
    before = game_rows(tb.lg.app)
    r = c.post(f"/battle/{tb.battle}/track", content=body,
               headers={"Content-Type": kind, "X-Requested-With": "fetch"})
    assert r.status_code == status
    assert "nothing was saved" in r.text and "\n" not in r.text.strip()
    assert game_rows(tb.lg.app) == before


def test_not_signed_in_a_mark_is_refused(tb: Table) -> None:
    before = game_rows(tb.lg.app)
    r = tb.post(tb.client(), "track", csrf="x", figure=tb.lg.rock, kind="fighter", status="duck-back")
    assert r.status_code == 401
    assert game_rows(tb.lg.app) == before


@dataclass(frozen=True)
class DeviceWho:
    """A device session as members.authenticate gives it: role device, one battle and roster."""

    name: str
    role: str
    session_id: int
    expires_at: datetime
    battle_id: int
    roster_id: int


def test_a_device_scoped_to_a_battle_sees_only_it_and_marks_only_its_roster(
        tb: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    real = members.authenticate
    c = tb.client("ann")
    csrf = tb.csrf(c)
    other = tb.lg.app.run(campaigns.create_campaign, "Elsewhere", "nuts")
    ro = tb.lg.app.run(rosters.create_roster, other.id, "Other")

    def scoped(engine, token):  # type: ignore[no-untyped-def]
        w = real(engine, token)
        return DeviceWho(w.name, "device", w.session_id, w.expires_at, tb.battle, tb.lg.easy)

    monkeypatch.setattr(members, "authenticate", scoped)
    assert c.get("/", follow_redirects=False).headers["location"] == f"/battle/{tb.battle}"
    assert c.get(f"/roster/{tb.lg.jerries}").status_code == 200  # the battle's rosters are read
    assert c.get(f"/roster/{ro.id}").status_code == 403
    assert c.get(f"/campaign/{other.id}/standings").status_code == 403
    before = game_rows(tb.lg.app)
    r = tb.post(c, "track", csrf=csrf, figure=tb.lg.hans, kind="fighter", status="duck-back")
    assert r.status_code == 403
    assert c.get(f"/battle/{tb.battle + 1}").status_code in (403, 404)
    assert game_rows(tb.lg.app) == before
    r = tb.post(c, "track", csrf=tb.csrf(c), figure=tb.lg.rock, kind="fighter", status="duck-back")
    assert r.status_code == 200 and error_line(r.text) is None


def test_a_battle_of_another_campaign_s_device_is_refused(tb: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    from campaign_app.usecases import table

    b2 = tb.lg.app.run(table.setup_battle, tb.lg.campaign, [tb.lg.easy, tb.lg.jerries])
    real = members.authenticate
    c = tb.client("ann")
    csrf = tb.csrf(c)

    def scoped(engine, token):  # type: ignore[no-untyped-def]
        w = real(engine, token)
        return DeviceWho(w.name, "device", w.session_id, w.expires_at, b2.id, tb.lg.easy)

    monkeypatch.setattr(members, "authenticate", scoped)
    before = game_rows(tb.lg.app)
    assert c.get(f"/battle/{tb.battle}").status_code == 403
    r = tb.post(c, "track", csrf=csrf, figure=tb.lg.rock, kind="fighter", status="duck-back")
    assert r.status_code == 403
    assert game_rows(tb.lg.app) == before


def test_roster_cards_log_and_standings(tb: Table) -> None:
    from campaign_app.usecases import gear

    lg = tb.lg
    lg.app.run(fighters.edit_fighter, lg.rock, skills=["Crack Shot"]) if "skills" in fighters.edit_fighter.__code__.co_varnames \
        else None
    del gear
    c = tb.client("vic")
    r = c.get(f"/roster/{lg.easy}")
    assert r.status_code == 200 and "Sgt Rock" in r.text and "<dt>Rep</dt><dd>5</dd>" in r.text
    r = c.get(f"/campaign/{lg.campaign}/log")
    assert r.status_code == 200 and "roll for who attacks" in r.text
    r = c.get(f"/campaign/{lg.campaign}/standings")
    assert r.status_code == 200 and "<th scope=\"row\">Easy</th>" in r.text and "data-label=\"Wins\"" in r.text
    assert c.get("/roster/9999").status_code == 404


@pytest.mark.parametrize("accept, word", [("fr-CH, fr;q=0.9, en;q=0.8", "Figurines"),
                                          ("it-IT,it;q=0.9", "Miniature"), ("de-DE", "Figures")])
def test_the_page_speaks_the_browser_s_language(tb: Table, accept: str, word: str) -> None:
    c = tb.client("ann")
    r = c.get(f"/battle/{tb.battle}", headers={"Accept-Language": accept})
    assert f"<h2>{word}</h2>" in r.text
    lang = accept[:2] if accept[:2] in ("fr", "it") else "en"
    assert f'<html lang="{lang}">' in r.text


def test_a_card_lists_each_ability_on_its_own(tb: Table) -> None:
    """Abilities are sentences of their own (a creature's rules): each is an item of
    the card's list, never run together with commas (".," between them)."""
    from sqlmodel import Session

    from db.models import Fighter

    lg = tb.lg
    with Session(lg.app.engine) as s:  # as creature generation writes them (no use-case edits them)
        f = s.get(Fighter, lg.rock)
        assert f is not None
        f.abilities = ["Always Rep 2.", "Never outgunned, never ducks back."]
        s.add(f)
        s.commit()
    r = tb.client("vic").get(f"/roster/{lg.easy}")
    assert r.status_code == 200
    assert '<ul class="abilities"><li>Always Rep 2.</li><li>Never outgunned, never ducks back.</li></ul>' in r.text
    assert ".," not in r.text
