"""#29: devices at the table, invited by QR code (campaign_app/usecases/devices.py,
server/join.py, db/acting.py's device scope) on SQLite and PostgreSQL: an invitation is
stored as its hash only; joining gives a session scoped to one battle and one roster;
that session marks its own figures (the rows in the database) and nothing else; every
refusal writes nothing."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest
from sqlalchemy import text

from campaign_app.errors import AuthError, RefusedError
from campaign_app.usecases import devices, fighters, members, rosters, table
from tests.server.conftest import League

OUT = "out-of-the-fight"


def rows(lg: League) -> dict[str, list[tuple]]:
    """Every row but the logins' and devices' sessions (whose last use each request
    notes); the device sessions' ids and states are kept."""
    from tests.conftest import snapshot

    out = snapshot(lg.app.engine)
    out.pop("member_session")
    out.pop("device_session")
    with lg.app.engine.connect() as c:
        out["device_session*"] = [tuple(r) for r in c.execute(text(
            "SELECT id, invite_id, revoked, expires_at FROM device_session ORDER BY id"))]
    return out


def sql(lg: League, query: str, **params: Any) -> list[tuple]:
    with lg.app.engine.begin() as c:
        res = c.execute(text(query), params)
        return [tuple(r) for r in res] if res.returns_rows else []


@pytest.fixture
def battle(lg: League) -> int:
    b = lg.app.run(table.setup_battle, lg.campaign, [lg.easy, lg.jerries], scenario="Patrol", attacker="Easy")
    lg.app.run(table.start_battle, b.id)
    return b.id


def join(lg: League, device_token: str) -> dict[str, str]:
    r = lg.client.post("/api/join", json={"device_token": device_token})
    assert r.status_code == 200, r.text
    return {"Authorization": f"Bearer {r.json()['token']}"}


def device(lg: League, battle: int, roster: int | None = None) -> dict[str, str]:
    inv = lg.app.run(devices.invite_to_table, battle, roster or lg.easy)
    return join(lg, inv.token)


def one_line(r: Any) -> str:
    body = r.json()
    assert set(body) == {"error"} and "\n" not in body["error"], body
    return str(body["error"])


# --------------------------------------------------------------------------- invite, join
def test_an_invitation_is_stored_as_its_hash_only(lg: League, battle: int) -> None:
    inv = lg.app.run(devices.invite_to_table, battle, lg.easy, minutes=90)
    stored = sql(lg, "SELECT token_hash, battle_id, roster_id, created_by, revoked FROM device_invite")
    assert stored == [(hashlib.sha256(inv.token.encode()).hexdigest(), battle, lg.easy, None, False)]
    assert len(inv.token) >= 40 and inv.token not in repr(rows(lg))
    assert 89 * 60 < (inv.expires_at - members.utcnow()).total_seconds() <= 90 * 60
    listed = lg.app.run(devices.invites, battle)
    assert [(i["roster"], i["state"], i["devices"]) for i in listed] == [("Easy", "active", 0)]
    assert "token" not in repr(listed)


def test_joining_gives_a_session_scoped_to_the_battle_and_roster(lg: League, battle: int) -> None:
    inv = lg.app.run(devices.invite_to_table, battle, lg.easy)
    r = lg.client.post("/api/join", json={"device_token": inv.token})
    assert r.status_code == 200 and r.headers["cache-control"] == "no-store"
    body = r.json()
    assert (body["battle_id"], body["roster_id"], body["roster"]) == (battle, lg.easy, "Easy")
    me = lg.client.get("/api/me", headers={"Authorization": f"Bearer {body['token']}"}).json()
    assert (me["role"], me["battle_id"], me["roster_id"], me["name"]) == ("device", battle, lg.easy, "ann")
    # only the session's hash is kept; the invitation is reusable (a phone that lost its cookie)
    assert sql(lg, "SELECT token_hash FROM device_session") == [(hashlib.sha256(body["token"].encode()).hexdigest(),)]
    join(lg, inv.token)
    assert [i["devices"] for i in lg.app.run(devices.invites, battle)] == [2]


def test_a_device_marks_its_own_figure_and_undoes_it(lg: League, battle: int) -> None:
    phone = device(lg, battle)
    r = lg.client.post("/api/run/table.track", headers=phone,
                       json={"battle": battle, "figure": lg.rock, "status": OUT, "by": lg.hans})
    assert r.status_code == 200, r.text
    assert sql(lg, "SELECT battle_id, fighter_id, by_fighter_id, kind, value FROM battle_mark") == [
        (battle, lg.rock, lg.hans, "status", OUT)]
    assert sql(lg, "SELECT status FROM battle_result WHERE fighter_id = :f", f=lg.rock) == [(OUT,)]
    assert sql(lg, "SELECT author FROM journal ORDER BY id DESC LIMIT 1") == [("ann",)]
    r = lg.client.post("/api/run/table.hit", headers=phone, json={"battle": battle, "fighter": lg.rock})
    assert r.status_code == 200, r.text
    r = lg.client.post("/api/run/table.undo_mark", headers=phone, json={"battle": battle})
    assert r.status_code == 200, r.text
    assert sql(lg, "SELECT kind FROM battle_mark") == [("status",)]
    assert sql(lg, "SELECT scored_hit FROM battle_result WHERE fighter_id = :f", f=lg.rock) == [(False,)]
    # the battle's state, read
    r = lg.client.post("/api/run/table.table_view", headers=phone, json={"battle": battle})
    assert r.status_code == 200 and [m["kind"] for m in r.json()["marks"]] == ["status"]


def test_a_device_rolls_a_table_of_the_battle(lg: League, battle: int) -> None:
    phone = device(lg, battle)
    tables = lg.client.post("/api/run/table.table_view", headers=phone, json={"battle": battle}).json()["tables"]
    assert "nuts-recovery" in [t["id"] for t in tables]
    r = lg.client.post("/api/run/table.battle_roll", headers=phone,
                       json={"battle": battle, "table_id": "nuts-recovery", "fighter": lg.rock, "dice": "3,4"})
    assert r.status_code == 200, r.text
    assert sql(lg, "SELECT battle_id, fighter_id, table_id FROM roll_record") == [(battle, lg.rock, "nuts-recovery")]


# --------------------------------------------------------------------------- refusals
def _refused(lg: League, headers: dict[str, str], use_case: str, code: int, words: str, **args: Any) -> None:
    before = rows(lg)
    r = lg.client.post(f"/api/run/{use_case}", headers=headers, json=args)
    assert r.status_code == code, r.text
    assert words in one_line(r)
    assert rows(lg) == before


def test_a_device_is_refused_another_rosters_figure(lg: League, battle: int) -> None:
    phone = device(lg, battle)
    _refused(lg, phone, "table.track", 403, "not of this device's roster", battle=battle, figure=lg.hans, status=OUT)
    _refused(lg, phone, "table.hit", 403, "not of this device's roster", battle=battle, fighter=lg.hans)


def test_a_device_is_refused_another_battle(lg: League, battle: int) -> None:
    other = lg.app.run(table.setup_battle, lg.campaign, [lg.easy, lg.jerries], scenario="Patrol", attacker="Easy")
    lg.app.run(table.start_battle, other.id)
    phone = device(lg, battle)
    _refused(lg, phone, "table.track", 403, f"invited to battle id {battle} only",
             battle=other.id, figure=lg.rock, status=OUT)
    _refused(lg, phone, "table.table_view", 403, "only", battle=other.id)
    _refused(lg, phone, "table.track", 403, "only", battle=f"#{other.id}", figure=lg.rock, status=OUT)


def test_the_transaction_refuses_another_battle_even_past_the_route(lg: League, battle: int) -> None:
    """db.acting's check, not only the route's: a device's use-case run on another battle."""
    other = lg.app.run(table.setup_battle, lg.campaign, [lg.easy, lg.jerries], scenario="Patrol", attacker="Easy")
    lg.app.run(table.start_battle, other.id)
    who = members.Who("ann", "device", 1, members.utcnow(), battle_id=battle, roster_id=lg.easy)
    before = rows(lg)
    with pytest.raises(RefusedError, match="another battle"):
        lg.app.run_as(who, table.track, other.id, lg.rock, OUT)
    with pytest.raises(RefusedError, match="not of this device's roster"):
        lg.app.run_as(who, table.track, battle, lg.hans, OUT)
    with pytest.raises(RefusedError, match="only marks its own figures"):
        lg.app.run_as(who, fighters.edit_fighter, lg.rock, rep=6)
    assert rows(lg) == before


@pytest.mark.parametrize(("use_case", "args"), [
    ("fighters.edit_fighter", {"ref": "ROCK", "rep": 6}),
    ("rosters.show_roster", {"ref": "EASY"}),
    ("journal.undo", {"campaign": "C"}),
    ("devices.invite_to_table", {"battle": "B", "roster": "EASY"}),
])
def test_a_device_is_refused_every_other_use_case(lg: League, battle: int, use_case: str, args: dict) -> None:
    subst = {"ROCK": lg.rock, "EASY": lg.easy, "C": lg.campaign, "B": battle}
    phone = device(lg, battle)
    _refused(lg, phone, use_case, 403, "is a device", **{k: subst.get(v, v) for k, v in args.items()})


def test_a_finished_battle_ends_its_devices(lg: League, battle: int) -> None:
    inv = lg.app.run(devices.invite_to_table, battle, lg.easy)
    phone = join(lg, inv.token)
    lg.app.run(table.finish_battle, battle)
    _refused(lg, phone, "table.table_view", 401, "battle finished", battle=battle)
    before = rows(lg)
    r = lg.client.post("/api/join", json={"device_token": inv.token})
    assert r.status_code == 401 and "battle finished" in one_line(r)
    assert rows(lg) == before
    assert lg.app.run(devices.invites, battle)[0]["state"] == "battle finished"


def test_an_expired_invitation_ends_its_devices(lg: League, battle: int) -> None:
    inv = lg.app.run(devices.invite_to_table, battle, lg.easy, minutes=5)
    phone = join(lg, inv.token)
    sql(lg, "UPDATE device_invite SET expires_at = :t", t=members.utcnow().replace(year=2020))
    _refused(lg, phone, "table.track", 401, "expired", battle=battle, figure=lg.rock, status=OUT)
    before = rows(lg)
    r = lg.client.post("/api/join", json={"device_token": inv.token})
    assert r.status_code == 401 and "expired" in one_line(r)
    assert rows(lg) == before


def test_a_revoked_invitation_ends_its_devices(lg: League, battle: int) -> None:
    inv = lg.app.run(devices.invite_to_table, battle, lg.easy)
    phone, tablet = join(lg, inv.token), join(lg, inv.token)
    assert lg.app.run(devices.uninvite, inv.invite_id).sessions == 2
    assert sql(lg, "SELECT revoked FROM device_invite") == [(True,)]
    _refused(lg, phone, "table.track", 401, "ended", battle=battle, figure=lg.rock, status=OUT)
    _refused(lg, tablet, "table.table_view", 401, "ended", battle=battle)
    before = rows(lg)
    assert lg.client.post("/api/join", json={"device_token": inv.token}).status_code == 401
    assert rows(lg) == before


@pytest.mark.parametrize("body", [
    {"device_token": "forged-" + "x" * 40},
    {"device_token": ""},
    {"device_token": "y" * 5000},
    {"token": "x"},
    ["not", "an", "object"],
])
def test_a_forged_or_malformed_join_is_401_and_writes_nothing(lg: League, battle: int, body: Any) -> None:
    lg.app.run(devices.invite_to_table, battle, lg.easy)
    before = rows(lg)
    r = lg.client.post("/api/join", json=body)
    assert r.status_code == 401, r.text
    one_line(r)
    assert rows(lg) == before
    # and a forged session token
    r = lg.client.post("/api/run/table.table_view", headers={"Authorization": "Bearer " + "z" * 43},
                       json={"battle": battle})
    assert r.status_code == 401 and rows(lg) == before


def test_a_huge_join_body_is_refused(lg: League, battle: int) -> None:
    before = rows(lg)
    r = lg.client.post("/api/join", content=b"{" + b" " * 2_000_000 + b"}",
                       headers={"content-type": "application/json"})
    assert r.status_code in (401, 413)
    one_line(r)
    assert rows(lg) == before


# --------------------------------------------------------------------------- who may invite
def test_the_owner_or_the_arbitrator_invites_through_the_server(lg: League, battle: int) -> None:
    r = lg.run("ann", "devices.invite_to_table", battle=battle, roster=lg.easy, minutes=30)
    assert r.status_code == 200, r.text
    assert sql(lg, "SELECT roster_id, created_by FROM device_invite") == [(lg.easy, "ann")]
    r = lg.run("carla", "devices.invite_to_table", battle=battle, roster=lg.jerries)
    assert r.status_code == 200, r.text
    before = rows(lg)
    for who, status in (("bob", 403), ("vic", 403)):
        r = lg.run(who, "devices.invite_to_table", battle=battle, roster=lg.easy)
        assert r.status_code == status, r.text
        one_line(r)
    r = lg.run("bob", "devices.uninvite", invite_id=1)
    assert r.status_code == 403
    assert rows(lg) == before
    # a roster that does not fight the battle, a finished battle: one line, nothing written
    solo = lg.app.run(rosters.create_roster, lg.campaign, "Solo")
    r = lg.run("carla", "devices.invite_to_table", battle=battle, roster=solo.id)
    assert r.status_code == 400 and "does not take part" in one_line(r)


def test_nobody_acting_may_invite_and_a_finished_battle_is_refused(lg: League, battle: int) -> None:
    from campaign_app.errors import InputError

    lg.app.run(table.finish_battle, battle)
    before = rows(lg)
    with pytest.raises(InputError, match="finished"):
        lg.app.run(devices.invite_to_table, battle, lg.easy)
    with pytest.raises(InputError, match="minutes"):
        lg.app.run(devices.invite_to_table, battle, lg.easy, minutes=0)
    assert rows(lg) == before


# --------------------------------------------------------------------------- the browser's join
def test_the_join_page_holds_no_token_and_posts_the_fragment(lg: League) -> None:
    r = lg.client.get("/join")
    assert r.status_code == 200 and "text/html" in r.headers["content-type"]
    assert "history.replaceState" in r.text and "location.hash" in r.text
    assert r.headers["referrer-policy"] == "no-referrer" and "script-src 'sha256-" in r.headers[
        "content-security-policy"]


def test_post_join_sets_the_cookie_and_redirects_to_the_battle(lg: League, battle: int) -> None:
    inv = lg.app.run(devices.invite_to_table, battle, lg.easy)
    r = lg.client.post("/join", data={"device_token": inv.token}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == f"/battle/{battle}"
    cookie = r.headers["set-cookie"]
    assert cookie.startswith("ca_session=") and "HttpOnly" in cookie and "SameSite=strict" in cookie
    assert "Secure" not in cookie  # plain http on the table's network; over https it is Secure
    assert inv.token not in cookie and inv.token not in r.headers["location"]
    token = cookie.split(";")[0].partition("=")[2]
    assert lg.app.run(members.authenticate, token).battle_id == battle
    with pytest.raises(AuthError):
        lg.app.run(members.authenticate, inv.token)  # the invitation is no session


def test_post_join_over_https_sets_a_secure_cookie(lg: League, battle: int) -> None:
    from fastapi.testclient import TestClient

    from server.app import create_app

    inv = lg.app.run(devices.invite_to_table, battle, lg.easy)
    with TestClient(create_app(lg.app), base_url="https://table.local") as tls:
        r = tls.post("/join", data={"device_token": inv.token}, follow_redirects=False)
    assert r.status_code == 303 and "Secure" in r.headers["set-cookie"]


def test_a_join_posted_from_another_site_is_refused(lg: League, battle: int) -> None:
    inv = lg.app.run(devices.invite_to_table, battle, lg.easy)
    before = rows(lg)
    r = lg.client.post("/join", data={"device_token": inv.token}, headers={"Origin": "https://evil.example"},
                       follow_redirects=False)
    assert r.status_code == 403 and "set-cookie" not in r.headers
    assert rows(lg) == before


def test_a_device_logs_out_and_its_session_ends(lg: League, battle: int) -> None:
    phone = device(lg, battle)
    r = lg.client.post("/api/logout", headers=phone)
    assert r.status_code == 200 and r.json()["sessions"] == 1
    assert sql(lg, "SELECT revoked FROM device_session") == [(True,)]
    _refused(lg, phone, "table.table_view", 401, "ended", battle=battle)


def test_only_a_device_acts_for_a_battle() -> None:
    from db.acting import Actor, acting

    for bad in (Actor("ann", "device"), Actor("ann", "player", battle_id=1, roster_id=1)):
        with pytest.raises(ValueError, match="a device acts for one battle"), acting(bad):
            pass
