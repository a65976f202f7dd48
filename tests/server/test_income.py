"""#35: the territories' income of a battle over the league server. Any player whose
roster fought the battle may collect it for every side (as After the Battle), the server
rolling the dice; once per battle and roster; a player of another battle, a viewer, a
seed or typed dice are refused in one line, nothing written."""

from __future__ import annotations

from typing import Any

from campaign_app.usecases import battles, gear, record, rolls
from tests.server.conftest import League, game_rows
from tests.server.test_app import _one_line_error


def _battle(lg: League, *rosters: int) -> int:
    rec = lg.app.run(battles.record_battle, lg.campaign, list(rosters), winner=rosters[0])
    return int(rec.id)


def _ledger(lg: League, roster: int) -> list[tuple[str, int, Any]]:
    return [(e["kind"], e["amount"], e["battle"]) for e in lg.app.run(gear.show_ledger, roster)["entries"]]


def test_a_player_of_the_battle_collects_every_sides_income_once_with_the_servers_dice(lg: League) -> None:
    lg.app.run(record.set_campaign_settings, lg.campaign, dice_discipline="strict", typed_dice=False)
    carla = lg.login("carla")
    r = lg.run(carla, "gear.add_territory", roster=lg.easy, name="Farm", credits=5, dice="D6x10")
    assert r.status_code == 200, r.text
    assert lg.run(carla, "gear.add_territory", roster=lg.jerries, name="Mill", credits=10).status_code == 200
    r = lg.run("ann", "gear.add_territory", roster=lg.easy, name="Bank", credits=500)
    assert r.status_code == 403 and "arbitrator" in _one_line_error(r)  # a player grants themselves nothing
    bid = _battle(lg, lg.easy, lg.jerries)
    before = game_rows(lg.app)
    for args, says in (({"battle": bid, "roller": "6"}, "unknown argument 'roller'"),
                       ({"battle": bid, "seed": 3}, "unknown argument 'seed'")):
        r = lg.run("bob", "gear.collect_battle_income", **args)
        assert r.status_code == 422 and says in _one_line_error(r)
    r = lg.run("vic", "gear.collect_battle_income", battle=bid)
    assert r.status_code == 403 and "viewer" in _one_line_error(r)
    assert game_rows(lg.app) == before

    r = lg.run("bob", "gear.collect_battle_income", battle=bid)  # bob's roster fought it: both sides paid
    assert r.status_code == 200, r.text
    got = {x["roster"]: x for x in r.json()["rosters"]}
    farm = got["Easy"]["lines"][0]
    assert farm["amount"] == 5 + 10 * farm["faces"][0] and got["Jerries"]["total"] == 10
    assert _ledger(lg, lg.easy) == [("income", farm["amount"], 1)] and _ledger(lg, lg.jerries) == [("income", 10, 1)]
    log = lg.app.run(rolls.roll_log, lg.campaign)
    assert [(x["purpose"], x["source"], x["faces"]) for x in log] == [
        ("income from Farm", "random", farm["faces"])]  # the server's die, on record
    chain = lg.app.run(record.verify_chain, lg.campaign)
    assert chain.intact and chain.rolls == chain.head_count == 1

    after = game_rows(lg.app)
    r = lg.run("ann", "gear.collect_battle_income", battle=bid)  # collected: not twice
    assert r.status_code == 400 and "already been collected" in _one_line_error(r)
    r = lg.run("ann", "gear.collect_income", roster=lg.easy, battle=bid)
    assert r.status_code == 400 and "already collected its income" in _one_line_error(r)
    r = lg.run("bob", "journal.undo", campaign=lg.campaign)  # it paid ann's roster too: the arbitrator's undo
    assert r.status_code == 403 and "belongs to ann" in _one_line_error(r)
    assert game_rows(lg.app) == after
    assert lg.run(carla, "journal.undo", campaign=lg.campaign).status_code == 200
    assert _ledger(lg, lg.easy) == [] and _ledger(lg, lg.jerries) == []


def test_a_player_of_another_battle_collects_nothing(lg: League) -> None:
    carla = lg.login("carla")
    third = lg.run(carla, "rosters.create_roster", campaign_ref=lg.campaign, name="Reserves").json()["id"]
    assert lg.run(carla, "gear.add_territory", roster=third, name="Depot", credits=20).status_code == 200
    assert lg.run(carla, "gear.add_territory", roster=lg.jerries, name="Mill", credits=10).status_code == 200
    bid = _battle(lg, lg.jerries, third)
    before = game_rows(lg.app)
    r = lg.run("ann", "gear.collect_battle_income", battle=bid)
    assert r.status_code == 403 and "battle 1 was not fought by one of your rosters" in _one_line_error(r)
    r = lg.run("ann", "gear.collect_income", roster=third, battle=bid)
    assert r.status_code == 403 and "not fought by one of your rosters" in _one_line_error(r)
    assert game_rows(lg.app) == before
    assert lg.run("bob", "gear.collect_battle_income", battle=bid).status_code == 200
    assert _ledger(lg, third) == [("income", 20, 1)]
