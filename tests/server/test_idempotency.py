"""#35 item 6: idempotency keys on the league server's writes, in process (SQLite and
PostgreSQL). A keyed write applies once; sent again it gets the kept answer back and
writes nothing; the key's row is written in the change's own transaction (a change that
does not commit leaves no key, a key taken by another request rolls the change back);
the database away is a 503 with Retry-After. The same against a real ``campaign-app
serve`` killed and cut off: tests/server/test_serve_faults.py."""

from __future__ import annotations

import json
import uuid
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import text

from campaign_app.errors import ConflictError
from campaign_app.facade import Campaigns
from campaign_app.usecases import fighters, rosters
from campaign_app.usecases import idempotency as idem
from db.acting import Actor
from db.models import utcnow
from tests.server.conftest import League, game_rows


def _keys(app: Campaigns) -> list[tuple[Any, ...]]:
    with app.engine.connect() as c:
        return [tuple(r) for r in c.execute(text(
            "SELECT member, key, status, body IS NOT NULL FROM idempotency_key ORDER BY id"))]


def _fighters(app: Campaigns, roster: int) -> list[str]:
    return [f["name"] for f in app.run(rosters.show_roster, roster)["fighters"]]


def _post(lg: League, headers: dict[str, str], use_case: str, key: str | None, **args: Any) -> Any:
    h = dict(headers)
    if key is not None:
        h["Idempotency-Key"] = key
    return lg.client.post(f"/api/run/{use_case}", json=args, headers=h)


def test_a_keyed_write_applies_once_and_its_answer_comes_back(lg: League) -> None:
    ann = lg.login("ann")
    key = str(uuid.uuid4())
    first = _post(lg, ann, "fighters.add_fighter", key, roster_ref=lg.easy, name="Pvt Lee", rep=4)
    assert first.status_code == 200, first.text
    assert "idempotent-replay" not in first.headers
    assert _keys(lg.app) == [("ann", key, 200, True)]
    before = game_rows(lg.app)
    # sent again (the client did not see the answer): the same answer, nothing run
    again = _post(lg, ann, "fighters.add_fighter", key, roster_ref=lg.easy, name="Pvt Lee", rep=4)
    assert again.status_code == 200 and again.headers["idempotent-replay"] == "true"
    assert again.json() == first.json()
    assert game_rows(lg.app) == before
    assert _fighters(lg.app, lg.easy).count("Pvt Lee") == 1
    # the same arguments spelt in another order are the same request
    swapped = lg.client.post("/api/run/fighters.add_fighter", content=json.dumps(
        {"rep": 4, "name": "Pvt Lee", "roster_ref": lg.easy}), headers={**ann, "Idempotency-Key": key,
                                                                       "Content-Type": "application/json"})
    assert swapped.status_code == 200 and swapped.headers["idempotent-replay"] == "true"
    assert game_rows(lg.app) == before
    # another session of the same member: the same member's key
    assert _post(lg, lg.login("ann"), "fighters.add_fighter", key, roster_ref=lg.easy, name="Pvt Lee",
                 rep=4).headers["idempotent-replay"] == "true"
    # another member's key of the same text is theirs: it runs (and is refused on its own terms)
    other = _post(lg, lg.login("bob"), "fighters.add_fighter", key, roster_ref=lg.jerries, name="Fritz", rep=3)
    assert other.status_code == 200 and "idempotent-replay" not in other.headers
    assert sorted(k[0] for k in _keys(lg.app)) == ["ann", "bob"]


def test_the_same_key_with_another_request_is_refused_and_writes_nothing(lg: League) -> None:
    ann = lg.login("ann")
    key = "retry-1"
    assert _post(lg, ann, "fighters.add_fighter", key, roster_ref=lg.easy, name="Pvt Lee", rep=4).status_code == 200
    before = game_rows(lg.app)
    for use_case, args in (("fighters.add_fighter", {"roster_ref": lg.easy, "name": "Pvt Kim", "rep": 4}),
                           ("rosters.edit_roster", {"ref": lg.easy, "name": "Easy Co"})):
        r = _post(lg, ann, use_case, key, **args)
        assert r.status_code == 422, r.text
        assert r.json() == {"error": "this Idempotency-Key was used for another request (another use-case or "
                                     "other arguments): a new request needs a new key"}
    assert game_rows(lg.app) == before


def test_writes_without_a_key_still_run_each_time(lg: League) -> None:
    ann = lg.login("ann")
    for _ in range(2):
        assert _post(lg, ann, "fighters.add_fighter", None, roster_ref=lg.easy, name="Pvt Lee", rep=4).status_code == 200
    assert _fighters(lg.app, lg.easy).count("Pvt Lee") == 2
    assert _keys(lg.app) == []


@pytest.mark.parametrize("key", ["", "x" * 201, "has space", "tab\there", "é-accent"])
def test_a_malformed_key_is_refused_in_one_line(lg: League, key: str) -> None:
    ann = lg.login("ann")
    before = game_rows(lg.app)
    r = lg.client.post("/api/run/fighters.add_fighter", json={"roster_ref": lg.easy, "name": "X", "rep": 3},
                       headers={**ann, "Idempotency-Key": key.encode("utf-8")})
    assert r.status_code == 400, r.text
    assert r.json()["error"].startswith("Idempotency-Key must be 1 to 200 printable ASCII characters")
    assert game_rows(lg.app) == before


def test_a_read_ignores_the_key(lg: League) -> None:
    ann = lg.login("ann")
    r = _post(lg, ann, "rosters.show_roster", "k-read", ref=lg.easy)
    assert r.status_code == 200 and "idempotent-replay" not in r.headers
    assert _keys(lg.app) == []


def test_a_refused_write_keeps_no_key_and_runs_again_when_sent_again(lg: League) -> None:
    """A 4xx wrote nothing: no answer is kept (the choice documented in docs/league.md);
    the same key sent again runs again, and applies if it may by then."""
    ann = lg.login("ann")
    before = game_rows(lg.app)
    for _ in range(2):
        r = _post(lg, ann, "fighters.edit_fighter", "k-403", ref=lg.hans, name="Hansi")
        assert r.status_code == 403, r.text
    assert game_rows(lg.app) == before and _keys(lg.app) == []
    from campaign_app.usecases import league

    lg.app.run(league.assign_roster, lg.jerries, "ann")  # now it may
    r = _post(lg, ann, "fighters.edit_fighter", "k-403", ref=lg.hans, name="Hansi")
    assert r.status_code == 200, r.text
    assert _keys(lg.app) == [("ann", "k-403", 200, True)]


def test_a_change_that_does_not_commit_leaves_no_key_and_the_retry_applies_once(lg: League, monkeypatch) -> None:
    """A fault after every row of the change (and the key's row) was written, before the
    commit: nothing of either stays; the retry with the same key applies, once."""
    import db.uow as uow_mod

    ann = lg.login("ann")
    before = game_rows(lg.app)

    def boom(name: str) -> None:
        if name == "uow.before-commit":
            raise RuntimeError("the server fell over")

    monkeypatch.setattr(uow_mod, "FAULT_HOOK", boom)
    with pytest.raises(RuntimeError, match="fell over"):  # (the test client raises the server's fault)
        _post(lg, ann, "fighters.add_fighter", "k-fault", roster_ref=lg.easy, name="Pvt Lee", rep=4)
    assert game_rows(lg.app) == before and _keys(lg.app) == []
    monkeypatch.setattr(uow_mod, "FAULT_HOOK", None)
    for replay in (False, True):
        r = _post(lg, ann, "fighters.add_fighter", "k-fault", roster_ref=lg.easy, name="Pvt Lee", rep=4)
        assert r.status_code == 200 and ("idempotent-replay" in r.headers) == replay
    assert _fighters(lg.app, lg.easy).count("Pvt Lee") == 1


def test_a_key_taken_by_another_request_rolls_the_change_back(lg: League) -> None:
    """Two sends of one key both past the look-up: the second to commit meets the unique
    key and its whole change is rolled back (it never applies twice)."""
    with lg.app.engine.begin() as c:  # the other request committed between our look-up and our commit
        c.execute(text("INSERT INTO idempotency_key (member, key, request_hash, created_at)"
                       " VALUES ('ann', 'k-race', 'h', :t)"), {"t": utcnow()})
    before = game_rows(lg.app)
    claim = idem.Claim("ann", "k-race", "h")
    with idem.claiming(claim), pytest.raises(ConflictError, match="being applied or was applied just now"):
        lg.app.run_as(Actor("ann", "player"), fighters.add_fighter, lg.easy, "Pvt Lee", rep=4)
    assert not claim.written
    assert game_rows(lg.app) == before


def test_a_key_without_an_answer_is_in_progress_then_applied_with_its_answer_lost(lg: League) -> None:
    ann = lg.login("ann")
    digest = idem.request_hash("fighters.add_fighter", {"roster_ref": lg.easy, "name": "Pvt Lee", "rep": 4})
    with lg.app.engine.begin() as c:
        c.execute(text("INSERT INTO idempotency_key (member, key, request_hash, created_at)"
                       " VALUES ('ann', 'k-run', :h, :t)"), {"h": digest, "t": utcnow()})
    before = game_rows(lg.app)
    r = _post(lg, ann, "fighters.add_fighter", "k-run", roster_ref=lg.easy, name="Pvt Lee", rep=4)
    assert r.status_code == 409 and r.headers["retry-after"] == "1"
    assert "still being applied" in r.json()["error"]
    with lg.app.engine.begin() as c:
        c.execute(text("UPDATE idempotency_key SET created_at = :t"), {"t": utcnow() - timedelta(minutes=5)})
    before = game_rows(lg.app)
    r = _post(lg, ann, "fighters.add_fighter", "k-run", roster_ref=lg.easy, name="Pvt Lee", rep=4)
    assert r.status_code == 409 and r.headers["idempotent-replay"] == "true"
    assert "applied once already" in r.json()["error"]
    assert game_rows(lg.app) == before


def test_keys_expire_and_are_pruned(lg: League) -> None:
    ann = lg.login("ann")
    args = {"roster_ref": lg.easy, "name": "Pvt Lee", "rep": 4}
    assert _post(lg, ann, "fighters.add_fighter", "k-old", **args).status_code == 200
    assert _post(lg, ann, "fighters.add_fighter", "k-older", **args).status_code == 200
    with lg.app.engine.begin() as c:
        c.execute(text("UPDATE idempotency_key SET created_at = :t"), {"t": utcnow() - idem.KEEP - timedelta(hours=1)})
    # an expired key is forgotten: the same key is a new request again
    r = _post(lg, ann, "fighters.add_fighter", "k-old", **args)
    assert r.status_code == 200 and "idempotent-replay" not in r.headers
    assert _fighters(lg.app, lg.easy).count("Pvt Lee") == 3
    # and keeping an answer prunes every expired row
    assert [k[1] for k in _keys(lg.app)] == ["k-old"]


def test_the_database_away_is_a_503_with_retry_after(lg: League, monkeypatch) -> None:
    from sqlalchemy.exc import OperationalError

    ann = lg.login("ann")

    def away(*_a: Any, **_k: Any) -> Any:
        raise OperationalError("SELECT 1", {}, Exception('connection to server at "10.0.0.5", port 5432 failed'))

    monkeypatch.setattr(Campaigns, "run_as", away)
    r = _post(lg, ann, "fighters.add_fighter", "k-503", roster_ref=lg.easy, name="Pvt Lee", rep=4)
    assert r.status_code == 503 and r.headers["retry-after"] == "2"
    message = r.json()["error"]
    assert "database is unavailable" in message and "try again" in message and "\n" not in message
    assert "10.0.0.5" not in message  # where the database is stays in the server's log
    monkeypatch.undo()
    assert _keys(lg.app) == []


@pytest.mark.parametrize("fault", [RuntimeError("a bug after the commit"), None])
def test_a_failure_after_the_commit_keeps_its_answer_and_is_not_applied_again(lg: League, monkeypatch,
                                                                              fault: Exception | None) -> None:
    """A use-case whose change committed and which then failed (a later step of it): the
    change stays, so its answer is kept, and sent again it is not run again."""
    from campaign_app.errors import InputError

    ann = lg.login("ann")
    real = Campaigns.run_as
    error = fault or InputError("a later step refused")

    def commits_then_fails(self: Campaigns, *a: Any, **k: Any) -> Any:
        real(self, *a, **k)
        raise error

    monkeypatch.setattr(Campaigns, "run_as", commits_then_fails)
    r = _post(lg, ann, "fighters.add_fighter", "k-after", roster_ref=lg.easy, name="Pvt Lee", rep=4)
    status = 500 if fault else 400
    message = ("the server failed after the change was saved (its log says why): reload to see it" if fault
               else "a later step refused")
    assert r.status_code == status and r.json() == {"error": message}
    monkeypatch.undo()
    before = game_rows(lg.app)
    again = _post(lg, ann, "fighters.add_fighter", "k-after", roster_ref=lg.easy, name="Pvt Lee", rep=4)
    assert again.status_code == status and again.json() == {"error": message}
    assert again.headers["idempotent-replay"] == "true"
    assert game_rows(lg.app) == before and _fighters(lg.app, lg.easy).count("Pvt Lee") == 1


def test_the_openapi_document_offers_the_key_on_writes_only(lg: League) -> None:
    doc = lg.client.get("/api/openapi.json").json()
    write = doc["paths"]["/api/run/fighters.add_fighter"]["post"]
    assert [(p["name"], p["in"], p["required"]) for p in write["parameters"]] == [("Idempotency-Key", "header", False)]
    assert "parameters" not in doc["paths"]["/api/run/rosters.show_roster"]["post"]


def test_a_keyed_preview_keeps_its_dice(lg: League) -> None:
    """A dry run of After the Battle records its preview rolls (a write): sent again
    with its key it gets the same dice back, and no roll is added."""
    from campaign_app.usecases import battles

    b = lg.app.run(battles.record_battle, lg.campaign, [lg.easy, lg.jerries], winner=lg.easy)
    carla = lg.login("carla")
    first = _post(lg, carla, "battles.after_battle", "preview-1", battle=b.id, dry_run=True)
    assert first.status_code == 200 and first.json()["applied"] is False, first.text
    with lg.app.engine.connect() as c:
        rolls = c.execute(text("SELECT COUNT(*) FROM roll_record WHERE mark = 'preview'")).scalar_one()
    assert rolls > 0 and _keys(lg.app) == [("carla", "preview-1", 200, True)]
    before = game_rows(lg.app)
    again = _post(lg, carla, "battles.after_battle", "preview-1", battle=b.id, dry_run=True)
    assert again.headers["idempotent-replay"] == "true" and again.json() == first.json()
    assert game_rows(lg.app) == before
