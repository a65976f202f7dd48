"""#35 item 3: After the Battle step by step over the league server, with the server's
dice (SQLite and PostgreSQL). A player whose roster fought the battle views the run
(``battles.after_battle_view``), has the server roll each roll's dice
(``battles.roll_after_battle``: on record as previews, and the same faces again when
asked again) and applies (``battles.apply_rolled_after_battle``: the ``random`` faces
must be the server's). A player of another roster, a face the server did not roll,
typed dice a strict campaign refuses and a player's undo of it are refused in one line
with nothing written."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import text

from campaign_app.usecases import (
    battles,
    campaigns,
    fighters,
    league,
    members,
    record,
    rolls,
    rosters,
)
from tests.server.conftest import League, game_rows
from tests.server.test_attacks import _error, _intact, _refused, _strict

BODY = {"options": {}}


@pytest.fixture
def fought(lg: League) -> int:
    """Battle 1 of Kursk, Easy (ann) against Jerries (bob): Sgt Rock and Hans both out of
    the fight, so both sides roll for them."""
    b = lg.app.run(battles.record_battle, lg.campaign, [lg.easy, lg.jerries], winner=lg.easy,
                   results={lg.rock: "out-of-the-fight", lg.hans: "out-of-the-fight"})
    return int(b.id)


def _dora(lg: League) -> dict[str, str]:
    """A third player, with a roster of her own that did not fight battle 1."""
    lg.app.run(members.add_member, "dora", "dora's passphrase 7", "player")
    r = lg.app.run(rosters.create_roster, lg.campaign, "Rangers")
    lg.app.run(league.assign_roster, r.id, "dora")
    resp = lg.client.post("/api/login", json={"name": "dora", "password": "dora's passphrase 7"})
    assert resp.status_code == 200, resp.text
    return {"Authorization": f"Bearer {resp.json()['token']}"}


def _post(lg: League, who: dict[str, str], use_case: str, **args: Any) -> dict[str, Any]:
    r = lg.client.post(f"/api/run/{use_case}", json=args, headers=who)
    assert r.status_code == 200, r.text
    return dict(r.json())


def _previews(lg: League) -> list[dict[str, Any]]:
    return [r for r in lg.app.run(rolls.roll_log, lg.campaign) if r["mark"] == "preview"]


def _step_through(lg: League, who: dict[str, str], battle: int) -> tuple[list[list[Any]], dict[str, Any]]:
    """Roll every roll on the server, one request each; the faces and the last view."""
    faces: list[list[Any]] = []
    view = _post(lg, who, "battles.after_battle_view", battle=battle, faces=faces)
    while not view["done"]:
        assert view["need"] is not None and view["need"]["count"] >= 1
        rolled = _post(lg, who, "battles.roll_after_battle", battle=battle, faces=faces)
        assert [src for _f, src in rolled["faces"]] == ["random"] * view["need"]["count"]
        faces += rolled["faces"]
        view = rolled["view"]
        assert view["faces"] == faces
    return faces, view


def test_a_player_steps_through_with_the_servers_dice_and_applies(lg: League, fought: int) -> None:
    _strict(lg)
    ann = lg.login("ann")
    faces, view = _step_through(lg, ann, fought)
    assert len(faces) >= 2 and view["steps"] and view["lines"]
    shown = [(p["faces"], p["source"]) for p in _previews(lg)]
    assert shown and all(src == "random" for _f, src in shown)
    assert [f for p, _s in shown for f in p] == [f for f, _s in faces]  # each die rolled once, on record
    # asking again for the first roll (Cancel, Back, a new wizard) gives the same faces, writes nothing
    before = game_rows(lg.app)
    again = _post(lg, ann, "battles.roll_after_battle", battle=fought, faces=[])
    assert again["fresh"] is False and again["ids"] == []
    assert again["faces"] == faces[:len(again["faces"])]
    assert game_rows(lg.app) == before
    rep = _post(lg, ann, "battles.apply_rolled_after_battle", battle=fought, faces=faces,
                state_key=view["state_key"])
    assert rep["applied"] is True and rep["steps"] == view["steps"]
    assert lg.app.run(battles.show_battle, fought)["after_battle_done"] is True
    applied = [r for r in lg.app.run(rolls.roll_log, lg.campaign) if r["mark"] == "applied"]
    assert [f for r in applied for f in r["faces"]] == [f for f, _s in faces]  # the server's faces
    assert {r["source"] for r in applied} == {"random"}
    with lg.app.engine.connect() as conn:
        last = conn.execute(text("SELECT author, action FROM journal ORDER BY id DESC")).first()
        figures = {r.name: (r.status, r.roster_id) for r in conn.execute(text("SELECT name, status, roster_id FROM fighter"))}
    assert tuple(last) == ("ann", "after-battle")
    # the rows written are what the wizard showed: both sides' (ann applied bob's too)
    new = [line for line in view["lines"] if line.startswith("new: ")]
    assert len(figures) == 2 + len(new)
    for name in ("Sgt Rock", "Hans"):
        if name not in figures:
            assert f"{name} leaves the roster" in view["lines"]
            continue
        said = next((line for line in view["lines"] if line.startswith(f"{name}: status ")), None)
        status = figures[name][0]
        assert (said is None and status == "active") or (said is not None and f"→ {status}" in said), (said, status)
    _intact(lg)


def test_the_other_side_gets_the_same_dice(lg: League, fought: int) -> None:
    """bob, whose roster fought too, asks for the first roll ann had rolled: the same faces."""
    _strict(lg)
    first = _post(lg, lg.login("ann"), "battles.roll_after_battle", battle=fought, faces=[])
    n = len(_previews(lg))
    again = _post(lg, lg.login("bob"), "battles.roll_after_battle", battle=fought, faces=[])
    assert again["faces"] == first["faces"] and again["fresh"] is False
    assert len(_previews(lg)) == n


def test_a_player_of_another_roster_is_refused_and_nothing_is_written(lg: League, fought: int) -> None:
    _strict(lg)
    dora = _dora(lg)
    msg = _refused(lg, dora, "battles.roll_after_battle", 403, "not fought by one of your rosters",
                   battle=fought, faces=[])
    assert msg.startswith("refused by the league server: battle 1 ") and msg.endswith("nothing was saved")
    faces, view = _step_through(lg, lg.login("ann"), fought)  # ann rolls them all
    _refused(lg, dora, "battles.apply_rolled_after_battle", 403, "battle 1 was not fought by one of your rosters",
             battle=fought, faces=faces)
    _refused(lg, dora, "battles.after_battle", 403, "not fought by one of your rosters", battle=fought)
    assert lg.app.run(battles.show_battle, fought)["after_battle_done"] is False
    _refused(lg, lg.login("vic"), "battles.roll_after_battle", 403, "viewer", battle=fought, faces=[])


def test_a_face_the_server_did_not_roll_is_refused(lg: League, fought: int) -> None:
    ann = lg.login("ann")
    faces, _view = _step_through(lg, ann, fought)
    forged = [[faces[0][0] % 6 + 1, "random"], *faces[1:]]  # another face than the server's
    _refused(lg, ann, "battles.apply_rolled_after_battle", 400, "was not rolled by the server",
             battle=fought, faces=forged)
    _refused(lg, ann, "battles.apply_rolled_after_battle", 400, "give random (the server's) or typed dice",
             battle=fought, faces=[[faces[0][0], "seeded"], *faces[1:]])
    assert lg.app.run(battles.show_battle, fought)["after_battle_done"] is False


def test_typed_dice_only_where_the_campaign_allows_them(lg: League, fought: int) -> None:
    _strict(lg, typed=False)
    ann = lg.login("ann")
    view = _post(lg, ann, "battles.after_battle_view", battle=fought, faces=[])
    typed = [[6, "typed"]] * view["need"]["count"]
    _refused(lg, ann, "battles.roll_after_battle", 400, "without typed dice", battle=fought, faces=typed)
    r = lg.client.post("/api/run/battles.after_battle_view", json={"battle": fought, "faces": typed}, headers=ann)
    assert r.status_code == 400 and "without typed dice" in _error(r)
    lg.app.run(record.set_campaign_settings, lg.campaign, typed_dice=True)
    after = _post(lg, ann, "battles.after_battle_view", battle=fought, faces=typed)
    assert after["faces"] == typed


def test_a_player_does_not_undo_an_after_the_battle_the_arbitrator_does(lg: League, fought: int) -> None:
    ann = lg.login("ann")
    faces, view = _step_through(lg, ann, fought)
    _post(lg, ann, "battles.apply_rolled_after_battle", battle=fought, faces=faces, state_key=view["state_key"])
    msg = _refused(lg, ann, "journal.undo", 403, "only the arbitrator may", campaign=lg.campaign)
    assert "After the Battle" in msg
    _post(lg, lg.login("carla"), "journal.undo", campaign=lg.campaign)
    assert lg.app.run(battles.show_battle, fought)["after_battle_done"] is False


def test_apply_after_the_rosters_changed_is_a_conflict(lg: League, fought: int) -> None:
    ann = lg.login("ann")
    faces, view = _step_through(lg, ann, fought)
    lg.app.run(fighters.edit_fighter, lg.rock, xp=3)
    r = lg.client.post("/api/run/battles.apply_rolled_after_battle",
                       json={"battle": fought, "faces": faces, "state_key": view["state_key"]}, headers=ann)
    assert r.status_code == 409 and "rosters changed since the preview" in _error(r)
    assert lg.app.run(battles.show_battle, fought)["after_battle_done"] is False


def test_a_player_applies_what_changes_the_other_side_in_the_same_transaction(lg: League, fought: int) -> None:
    """Typed dice (an open campaign) that fail both recoveries: ann's After the Battle
    writes bob's Hans too, allowed only because it closes a battle ann's roster fought."""
    ann = lg.login("ann")
    faces: list[list[Any]] = []
    view = _post(lg, ann, "battles.after_battle_view", battle=fought, faces=faces)
    while not view["done"]:
        faces += [[6, "typed"]] * view["need"]["count"]
        view = _post(lg, ann, "battles.after_battle_view", battle=fought, faces=faces)
    hans_before = [r for r in game_rows(lg.app)["fighter"] if "'Hans'" in r]
    _post(lg, ann, "battles.apply_rolled_after_battle", battle=fought, faces=faces, state_key=view["state_key"])
    hans_after = [r for r in game_rows(lg.app)["fighter"] if "'Hans'" in r]
    assert hans_after != hans_before  # bob's fighter, written by ann's After the Battle
    applied = [r for r in lg.app.run(rolls.roll_log, lg.campaign) if r["mark"] == "applied"]
    assert {r["source"] for r in applied} == {"typed"} and {f for r in applied for f in r["faces"]} == {6}


def test_a_necromunda_battle_with_an_option_steps_through_and_applies(lg: League) -> None:
    """Another game, with an After the Battle option naming fighters (treat Krug): the
    options travel with every call; bob (the other gang) steps through and applies."""
    c = lg.app.run(campaigns.create_campaign, "Hive War", "necromunda")
    g = lg.app.run(rosters.create_roster, c.id, "Crushers", faction="Goliath")
    e = lg.app.run(rosters.create_roster, c.id, "Blades", faction="Escher")
    lg.app.run(league.assign_roster, g.id, "ann")
    lg.app.run(league.assign_roster, e.id, "bob")
    krug = lg.app.run(fighters.add_fighter, g.id, "Krug", fighter_type="ganger")
    vala = lg.app.run(fighters.add_fighter, e.id, "Vala", fighter_type="ganger")
    lg.app.run(record.set_campaign_settings, c.id, dice_discipline="strict")
    b = lg.app.run(battles.record_battle, c.id, [g.id, e.id], winner=e.id,
                   results={krug.id: "out-of-action", vala.id: "out-of-action"})
    bob = lg.login("bob")
    opts = {"treat": [str(krug.id)]}
    faces: list[list[Any]] = []
    view = _post(lg, bob, "battles.after_battle_view", battle=b.id, faces=faces, options=opts)
    while not view["done"]:
        rolled = _post(lg, bob, "battles.roll_after_battle", battle=b.id, faces=faces, options=opts)
        faces += rolled["faces"]
        view = rolled["view"]
    assert faces and view["lines"]
    rep = _post(lg, bob, "battles.apply_rolled_after_battle", battle=b.id, faces=faces, options=opts,
                state_key=view["state_key"])
    assert rep["applied"] and rep["lines"] == view["lines"]
    applied = [r for r in lg.app.run(rolls.roll_log, c.id) if r["mark"] == "applied"]
    assert [f for r in applied for f in r["faces"]] == [f for f, _s in faces]
    assert {r["source"] for r in applied} == {"random"}
    assert lg.app.run(record.verify_chain, c.id).intact
