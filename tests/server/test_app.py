"""#35: the league server's API (server/app.py) against `create_app` on SQLite and
PostgreSQL: login, sessions, who may write what (checked on the database's rows, not
only the status), bad input, results that round-trip, errors in one line."""

from __future__ import annotations

import hashlib
import logging
from typing import Any

import pytest
from fastapi.testclient import TestClient

from campaign_app.facade import result_adapter
from campaign_app.usecases import campaigns, fighters, gui_queries, journal, members, rosters
from server.app import create_app
from tests.server.conftest import PASSWORDS, League, game_rows


def _one_line_error(r: Any) -> str:
    body = r.json()
    assert set(body) == {"error"}, body
    assert "\n" not in body["error"] and "Traceback" not in body["error"], body
    return str(body["error"])


# --------------------------------------------------------------------------- login
def _unstamped(rows: dict[str, list[tuple]]) -> dict[str, list[tuple]]:
    """``rows`` without what differs each time they are written: times and argon2 salts."""
    import re

    def plain(v: str) -> str:
        v = re.sub(r"datetime\.datetime\([^)]*\)", "TIME", v)
        v = re.sub(r"'__dt__': '[^']*'", "'__dt__': TIME", v)
        return re.sub(r"\$argon2id\$[^']*", "HASH", v)

    return {t: [tuple(plain(v) for v in r) for r in rs] for t, rs in rows.items()}


def test_the_league_fixture_is_the_league_written_in_place(
        lg: League, db_url: str, request: pytest.FixtureRequest, tmp_path: Any) -> None:
    """`lg`'s database is a copy of a template its rows were written into once
    (tests/conftest.py, SEEDS): the same rows and ids as write_league writes into a new
    migrated database of the same backend, and a database of this test's own."""
    import shutil

    from sqlalchemy.engine import make_url

    from db.migrate import open_database
    from tests.conftest import _pg_database, _seeded_template, pg_admin_url, snapshot
    from tests.server.conftest import write_league

    def written_in_place(url: str) -> tuple[dict[str, int], dict[str, list[tuple]]]:
        eng = open_database(url)
        try:
            return write_league(eng), snapshot(eng)
        finally:
            eng.dispose()

    backend = make_url(db_url).get_backend_name()
    if backend == "sqlite":
        shutil.copyfile(request.getfixturevalue("_sqlite_template"), tmp_path / "fresh.sqlite")
        ids, rows = written_in_place(f"sqlite:///{tmp_path / 'fresh.sqlite'}")
    else:
        admin = pg_admin_url()
        assert admin
        with _pg_database(admin, request.getfixturevalue("_pg_template")) as url:
            ids, rows = written_in_place(url)
    assert rows["member"] and rows["fighter"] and rows["journal_entry"]
    assert _unstamped(snapshot(lg.app.engine)) == _unstamped(rows)
    assert (lg.campaign, lg.easy, lg.jerries, lg.rock, lg.hans) == tuple(ids.values()) == (1, 1, 2, 1, 2)
    assert lg.login("ann") and lg.login("vic")  # the cheap hashes of PASSWORDS

    template = _seeded_template(request, "lg", backend)[0]
    assert template not in db_url  # this test's own copy: what it writes stays in it
    lg.app.run(fighters.add_fighter, lg.easy, "Pvt Ryan", rep=4)
    if backend == "sqlite":
        import sqlite3

        with sqlite3.connect(f"file:{template}?mode=ro", uri=True) as c:
            names = [r[0] for r in c.execute("SELECT name FROM fighter ORDER BY id")]
    else:
        with _pg_database(pg_admin_url() or "", template) as url:
            eng = open_database(url)
            with eng.connect() as c:
                names = [r[0] for r in c.exec_driver_sql("SELECT name FROM fighter ORDER BY id")]
            eng.dispose()
    assert names == ["Sgt Rock", "Hans"]


def test_login_gives_a_token_and_me_says_who(lg: League) -> None:
    r = lg.client.post("/api/login", json={"name": "ann", "password": PASSWORDS["ann"]})
    assert r.status_code == 200
    body = r.json()
    assert body["name"] == "ann" and body["role"] == "player" and len(body["token"]) >= 40
    me = lg.client.get("/api/me", headers={"Authorization": f"Bearer {body['token']}"})
    assert me.status_code == 200 and me.json()["name"] == "ann" and me.json()["session_id"] == body["session_id"]


@pytest.mark.parametrize(("name", "password"), [("ann", "wrong"), ("nobody", "whatever"), ("ann", "")])
def test_a_wrong_password_or_name_is_401_and_makes_no_session(lg: League, name: str, password: str) -> None:
    r = lg.client.post("/api/login", json={"name": name, "password": password})
    assert r.status_code == 401
    assert _one_line_error(r) == "wrong name or password"  # the same for an unknown name
    assert lg.app.run(members.sessions) == []


def test_no_token_or_a_bad_one_is_401(lg: League) -> None:
    assert lg.client.get("/api/me").status_code == 401
    r = lg.client.post("/api/run/rosters.show_roster", json={"ref": lg.easy},
                       headers={"Authorization": "Bearer not-a-token"})
    assert r.status_code == 401 and "not logged in" in _one_line_error(r)
    # a token is read from the header only, never from the URL
    token = lg.login("ann")["Authorization"].split()[1]
    assert lg.client.get(f"/api/me?token={token}").status_code == 401


def test_five_failed_logins_a_minute_then_429_even_with_the_right_password(lg: League) -> None:
    for _ in range(5):
        assert lg.client.post("/api/login", json={"name": "ann", "password": "guess"}).status_code == 401
    r = lg.client.post("/api/login", json={"name": "ann", "password": PASSWORDS["ann"]})
    assert r.status_code == 429 and "too many failed logins" in _one_line_error(r)
    assert int(r.headers["Retry-After"]) >= 1
    # per name and address: bob, and ann from another address, still log in
    assert lg.client.post("/api/login", json={"name": "bob", "password": PASSWORDS["bob"]}).status_code == 200
    with TestClient(create_app(lg.app), client=("198.51.100.9", 40000)) as other:
        assert other.post("/api/login", json={"name": "ann", "password": PASSWORDS["ann"]}).status_code == 200


def test_the_limit_forgets_after_its_window() -> None:
    from server.limits import LoginLimiter

    now = [1000.0]
    lim = LoginLimiter(failures=2, window=60, clock=lambda: now[0])
    lim.failed("Ann", "1.2.3.4")
    assert lim.blocked("ann", "1.2.3.4") == 0
    lim.failed("ann ", "1.2.3.4")
    assert lim.blocked("ANN", "1.2.3.4") == 60 and lim.blocked("ann", "5.6.7.8") == 0
    now[0] += 59.5
    assert 0 < lim.blocked("ann", "1.2.3.4") <= 1
    now[0] += 1
    assert lim.blocked("ann", "1.2.3.4") == 0


def test_the_token_is_stored_only_as_its_sha256(lg: League) -> None:
    token = lg.login("ann")["Authorization"].split()[1]
    with lg.app.engine.connect() as c:
        stored = [tuple(r) for r in c.exec_driver_sql("SELECT * FROM member_session")]
        hashes = [r[0] for r in c.exec_driver_sql("SELECT token_hash FROM member_session")]
        pw = [r[0] for r in c.exec_driver_sql("SELECT password_hash FROM member WHERE name = 'ann'")]
    assert hashes == [hashlib.sha256(token.encode()).hexdigest()]
    assert token not in repr(stored)
    assert pw[0].startswith("$argon2id$") and PASSWORDS["ann"] not in pw[0]


def test_passwords_are_hashed_with_argon2id_at_its_recommended_cost() -> None:
    from argon2 import Type

    from tests.server.conftest import REAL_HASHER

    real = REAL_HASHER()  # the tests' cheaper one is set in tests/server/conftest.py
    assert real.type is Type.ID and real.memory_cost >= 65536 and real.time_cost >= 3
    assert real.hash("x").startswith("$argon2id$v=19$m=65536,t=3")


def test_logout_and_revoke_end_sessions(lg: League) -> None:
    h1, h2 = lg.login("ann"), lg.login("ann")
    assert lg.client.post("/api/logout", headers=h1).json() == {"sessions": 1}
    assert lg.client.get("/api/me", headers=h1).status_code == 401
    assert lg.client.get("/api/me", headers=h2).status_code == 200
    sid = lg.client.get("/api/me", headers=h2).json()["session_id"]
    assert lg.app.run(members.revoke, sid).sessions == 1
    r = lg.client.get("/api/me", headers=h2)
    assert r.status_code == 401 and "ended" in _one_line_error(r)
    h3, h4 = lg.login("bob"), lg.login("ann")
    assert lg.app.run(members.revoke, member="bob").sessions == 1
    assert lg.client.get("/api/me", headers=h3).status_code == 401
    assert lg.client.get("/api/me", headers=h4).status_code == 200
    states = {(s["member"], s["state"]) for s in lg.app.run(members.sessions)}
    assert states == {("ann", "revoked"), ("ann", "active"), ("bob", "revoked")}


# --------------------------------------------------------------------------- who writes what
def test_a_viewer_reads_but_writes_nothing(lg: League) -> None:
    vic = lg.login("vic")
    assert lg.run(vic, "rosters.show_roster", ref=lg.easy).json()["name"] == "Easy"
    before = game_rows(lg.app)
    r = lg.run(vic, "fighters.edit_fighter", ref=lg.rock, xp=7)
    assert r.status_code == 403 and "viewer" in _one_line_error(r)
    r = lg.run(vic, "journal.undo", campaign=lg.campaign)
    assert r.status_code == 403
    assert game_rows(lg.app) == before


def test_a_player_editing_another_players_roster_is_refused_and_nothing_is_written(lg: League) -> None:
    before = game_rows(lg.app)
    ann = lg.login("ann")
    r = lg.run(ann, "fighters.edit_fighter", ref=lg.hans, xp=9, add_weapons=["Rifle"])
    assert r.status_code == 403
    assert "belongs to bob, not to you (ann)" in _one_line_error(r)
    r = lg.run(ann, "fighters.add_fighter", roster_ref=lg.jerries, name="Spy", rep=3)
    assert r.status_code == 403
    r = lg.run(ann, "rosters.edit_roster", ref=lg.jerries, name="Losers")
    assert r.status_code == 403
    assert game_rows(lg.app) == before  # no fighter, no weapon, no journal, no roll


def test_a_player_may_not_take_a_roster_or_create_a_campaign(lg: League) -> None:
    before = game_rows(lg.app)
    r = lg.run("ann", "league.assign_roster", roster=lg.jerries, player="ann")
    assert r.status_code == 403 and "arbitrator" in _one_line_error(r)
    r = lg.run("ann", "campaigns.create_campaign", name="Mine", system="nuts")
    assert r.status_code == 403
    assert game_rows(lg.app) == before


def test_an_owners_edit_is_written_journaled_and_undone(lg: League) -> None:
    ann = lg.login("ann")
    r = lg.run(ann, "fighters.edit_fighter", ref=lg.rock, xp=3, add_weapons=["Rifle"])
    assert r.status_code == 200, r.text
    shown = lg.app.run(fighters.show_fighter, lg.rock)
    assert shown["xp"] == 3 and [e["name"] for e in shown["equipment"]] == ["Rifle"]
    newest = lg.app.run(journal.history, lg.campaign)[0]
    assert newest["action"] == "fighter.edit" and not newest["undone"]
    with lg.app.engine.connect() as c:
        authors = [r[0] for r in c.exec_driver_sql("SELECT author FROM journal ORDER BY id DESC")]
    assert authors[0] == "ann"  # the member who made it, for undo's check
    # bob may not undo ann's change; ann may
    r = lg.run("bob", "journal.undo", campaign=lg.campaign)
    assert r.status_code == 403 and "made by ann" in _one_line_error(r)
    assert lg.app.run(fighters.show_fighter, lg.rock)["xp"] == 3
    r = lg.run(ann, "journal.undo", campaign=lg.campaign)
    assert r.status_code == 200, r.text
    shown = lg.app.run(fighters.show_fighter, lg.rock)
    assert shown["xp"] == 0 and shown["equipment"] == []
    # the arbitrator's own older action is not ann's to undo
    r = lg.run(ann, "journal.undo", campaign=lg.campaign)
    assert r.status_code == 403


def test_a_roster_a_player_creates_is_theirs(lg: League) -> None:
    r = lg.run("bob", "rosters.create_roster", campaign_ref=lg.campaign, name="Panzers")
    assert r.status_code == 200, r.text
    rid = r.json()["id"]
    assert {m["name"]: [x["name"] for x in m["rosters"]] for m in lg.app.run(members.members)}["bob"] == \
        ["Jerries", "Panzers"]
    assert lg.run("bob", "fighters.add_fighter", roster_ref=rid, name="Kurt", rep=4).status_code == 200
    assert lg.run("ann", "fighters.add_fighter", roster_ref=rid, name="Mole", rep=4).status_code == 403


def test_a_player_records_a_battle_their_roster_fought_but_not_others(lg: League) -> None:
    carla = lg.login("carla")
    third = lg.run(carla, "rosters.create_roster", campaign_ref=lg.campaign, name="Reserves").json()["id"]
    before = game_rows(lg.app)
    r = lg.run("ann", "battles.record_battle", campaign=lg.campaign, rosters=[lg.jerries, third])
    assert r.status_code == 403 and "not fought by one of your rosters" in _one_line_error(r)
    assert game_rows(lg.app) == before
    r = lg.run("ann", "battles.record_battle", campaign=lg.campaign, rosters=[lg.easy, lg.jerries],
               winner=lg.easy)
    assert r.status_code == 200, r.text
    assert [b["number"] for b in lg.app.run(gui_queries.battles, lg.campaign)] == [1]


def test_the_arbitrator_changes_everything(lg: League) -> None:
    carla = lg.login("carla")
    assert lg.run(carla, "fighters.edit_fighter", ref=lg.hans, xp=2).status_code == 200
    assert lg.run(carla, "league.assign_roster", roster=lg.jerries, player="ann").status_code == 200
    assert lg.run("ann", "fighters.edit_fighter", ref=lg.hans, xp=4).status_code == 200  # now ann's
    assert lg.app.run(fighters.show_fighter, lg.hans)["xp"] == 4


# --------------------------------------------------------------------------- input and output
@pytest.mark.parametrize(("args", "says"), [
    ({"ref": "x", "xp": 3, "bogus": 1}, "unknown argument 'bogus'"),
    ({"xp": 3}, "missing argument 'ref'"),
    ({"ref": 1, "add_weapons": "Rifle"}, "bad argument 'add_weapons'"),
    ({"ref": 1, "if_version": "two"}, "bad argument 'if_version'"),
])
def test_bad_arguments_are_422_in_one_line_and_write_nothing(lg: League, args: dict[str, Any], says: str) -> None:
    h = lg.login("carla")
    before = game_rows(lg.app)
    r = lg.client.post("/api/run/fighters.edit_fighter", json=args, headers=h)
    assert r.status_code == 422
    assert says in _one_line_error(r)
    assert game_rows(lg.app) == before


def test_a_body_that_is_no_object_and_an_unknown_use_case_are_422(lg: League) -> None:
    h = lg.login("carla")
    r = lg.client.post("/api/run/rosters.show_roster", content=b"[1, 2]", headers=h)
    assert r.status_code == 422 and "JSON object" in _one_line_error(r)
    r = lg.client.post("/api/run/rosters.show_roster", content=b"{not json", headers=h)
    assert r.status_code == 422
    r = lg.client.post("/api/run/database.restore", json={}, headers=h)  # not on the list
    assert r.status_code == 422 and "no use-case named 'database.restore'" in _one_line_error(r)


def test_use_case_errors_are_one_line_with_their_status(lg: League) -> None:
    h = lg.login("carla")
    r = lg.run(h, "rosters.show_roster", ref=9999)
    assert r.status_code == 404 and "9999" in _one_line_error(r)
    r = lg.run(h, "fighters.add_fighter", roster_ref=lg.easy, name="Bad", rep=9)
    assert r.status_code == 400 and "rep: 9 is outside" in _one_line_error(r)
    old = lg.app.run(fighters.show_fighter, lg.rock)["version"]
    assert lg.run(h, "fighters.edit_fighter", ref=lg.rock, xp=1, if_version=old).status_code == 200
    r = lg.run(h, "fighters.edit_fighter", ref=lg.rock, xp=2, if_version=old)
    assert r.status_code == 409, r.text
    _one_line_error(r)


def _broken(engine: Any, ref: int) -> dict[str, int]:
    raise ZeroDivisionError("secret internals")


def test_a_fault_is_500_with_no_traceback_to_the_client(lg: League, monkeypatch: pytest.MonkeyPatch,
                                                        caplog: pytest.LogCaptureFixture) -> None:
    from server import catalogue

    monkeypatch.setitem(catalogue.CATALOGUE, "test_app._broken", catalogue.Entry(_broken, "read"))
    with TestClient(create_app(lg.app), raise_server_exceptions=False) as client:
        token = client.post("/api/login", json={"name": "ann", "password": PASSWORDS["ann"]}).json()["token"]
        r = client.post("/api/run/test_app._broken", json={"ref": 1}, headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 500
    assert "secret" not in r.text and "Traceback" not in r.text and "ZeroDivision" not in r.text
    _one_line_error(r)
    assert any("ZeroDivisionError" in rec.getMessage() for rec in caplog.records)  # the server's log says


def test_a_body_over_a_megabyte_is_413(lg: League) -> None:
    h = lg.login("carla")
    before = game_rows(lg.app)
    r = lg.client.post("/api/run/fighters.edit_fighter", headers=h,
                       json={"ref": lg.rock, "notes": "x" * 1_100_000})
    assert r.status_code == 413 and "larger than" in _one_line_error(r)

    def chunks() -> Any:  # no Content-Length: counted as it arrives
        for _ in range(12):
            yield b" " * 100_000

    r = lg.client.post("/api/run/fighters.edit_fighter", headers=h, content=chunks())
    assert r.status_code == 413
    assert game_rows(lg.app) == before


def test_results_round_trip_through_the_server(lg: League) -> None:
    """The JSON the server sends, read back by the use-case's result adapter, equals
    what the use-case returns locally."""
    h = lg.login("carla")
    for name, fn, args in [("rosters.show_roster", rosters.show_roster, {"ref": lg.easy}),
                           ("tree.campaign_tree", gui_queries.campaign_tree, {}),
                           ("roster_table.roster_rows", gui_queries.roster_rows, {"roster": lg.jerries}),
                           ("campaigns.list_campaigns", campaigns.list_campaigns, {})]:
        r = lg.run(h, name, **args)
        assert r.status_code == 200, r.text
        assert result_adapter(fn).validate_json(r.content) == lg.app.run(fn, **args), name
    r = lg.run(h, "fighters.add_fighter", roster_ref=lg.easy, name="Pvt Ryan", rep=4, weapons=["Rifle"])
    remote = result_adapter(fighters.add_fighter).validate_json(r.content)
    assert remote.name == "Pvt Ryan" and remote.changes.fighters == frozenset({remote.id})
    assert remote == result_adapter(fighters.add_fighter).validate_python(
        result_adapter(fighters.add_fighter).dump_python(remote))


def test_the_openapi_document_describes_every_use_case(lg: League) -> None:
    from server.catalogue import CATALOGUE

    doc = lg.client.get("/api/openapi.json").json()
    for name in CATALOGUE:
        op = doc["paths"][f"/api/run/{name}"]["post"]
        assert op["requestBody"]["content"]["application/json"]["schema"]["type"] == "object", name
    props = doc["paths"]["/api/run/fighters.add_fighter"]["post"]["requestBody"]["content"]["application/json"]
    assert {"roster_ref", "name", "rep"} <= set(props["schema"]["properties"])
    refs = {v.split("/")[-1] for v in _refs(doc)}
    assert refs <= set(doc["components"]["schemas"]), refs - set(doc["components"]["schemas"])
    listed = lg.client.get("/api/use-cases", headers=lg.login("vic")).json()
    assert listed and {u["access"] for u in listed} == {"read", "table-read"}  # a viewer reads, the battle at the table too (#29)
    # the schemas are worked out once per process (server.catalogue.Entry.schemas): each
    # app made after the first (the `url` fixture's, a test's own) describes every one too
    assert TestClient(create_app(lg.app)).get("/api/openapi.json").json() == doc


def _refs(node: Any) -> list[str]:
    if isinstance(node, dict):
        return [v for k, v in node.items() if k == "$ref"] + [r for v in node.values() for r in _refs(v)]
    if isinstance(node, list):
        return [r for v in node for r in _refs(v)]
    return []


def test_no_token_and_no_password_reaches_the_logs(lg: League, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    r = lg.client.post("/api/login", json={"name": "ann", "password": PASSWORDS["ann"]})
    token = r.json()["token"]
    h = {"Authorization": f"Bearer {token}"}
    lg.client.get("/api/me", headers=h)
    lg.client.post("/api/run/fighters.edit_fighter", json={"ref": lg.hans, "xp": 1}, headers=h)  # refused
    lg.client.post("/api/login", json={"name": "ann", "password": "wrong " + PASSWORDS["bob"]})
    text = "\n".join(f"{r.name} {r.getMessage()} {r.args!r}" for r in caplog.records)
    assert caplog.records  # something was logged (the HTTP client's requests at least)
    for secret in (token, PASSWORDS["ann"], PASSWORDS["bob"], hashlib.sha256(token.encode()).hexdigest()):
        assert secret not in text


def test_a_disabled_member_or_a_new_password_ends_the_sessions(lg: League) -> None:
    h = lg.login("bob")
    done = lg.app.run(members.set_member, "bob", disabled=True)
    assert done.disabled and done.sessions_ended == 1
    assert lg.client.get("/api/me", headers=h).status_code == 401
    r = lg.client.post("/api/login", json={"name": "bob", "password": PASSWORDS["bob"]})
    assert r.status_code == 401 and "disabled" in _one_line_error(r)
    lg.app.run(members.set_member, "bob", disabled=False, password="a new one", role="viewer")
    assert lg.client.post("/api/login", json={"name": "bob", "password": PASSWORDS["bob"]}).status_code == 401
    r = lg.client.post("/api/login", json={"name": "bob", "password": "a new one"})
    assert r.status_code == 200 and r.json()["role"] == "viewer"


def test_an_expired_session_is_401(lg: League) -> None:
    h = lg.login("ann")
    with lg.app.engine.begin() as c:
        c.exec_driver_sql("UPDATE member_session SET expires_at = created_at")
    r = lg.client.get("/api/me", headers=h)
    assert r.status_code == 401 and "expired" in _one_line_error(r)
    assert [s["state"] for s in lg.app.run(members.sessions, "ann")] == ["expired"]
