"""Issue #31, every seed rule right: the rules the app rolled or allowed wrongly (seed 001
Weird WWII walkers and zombies, seed 004 FUBAR cannons), each driven through the CLI with
typed dice at the edges of its bands and checked in what the database holds; and the
table-top rules the app only shows, checked on the rules data and the QRS cards.
docs/rules-fidelity.md lists each rule with the test here that proves it."""

from __future__ import annotations

import json
import re

import pytest

from campaign_app.cli import main
from campaign_app.systems.nuts.creatures import add_walker, generate_creatures
from campaign_app.usecases import add_fighter, create_campaign, create_roster, roll_log
from campaign_app.usecases.table import setup_battle, start_battle


def cli(db_url, capsys, *argv, code=(0, None)):
    assert main(["--db", db_url, *argv]) in code
    return capsys.readouterr()


@pytest.fixture
def night(engine):
    """A Weird WWII campaign with a battle in progress: a Star, a grunt, a zombie and a
    walker whose crew are all Rep 4."""
    c = create_campaign(engine, "Night Shift", "nuts", expansions=["weird-ww2"])
    create_roster(engine, c.id, "Easy")
    create_roster(engine, c.id, "Horde")
    add_fighter(engine, "Easy", "Sgt Rock", fighter_type="star", rep=4, role="leader")
    add_fighter(engine, "Easy", "Able", fighter_type="grunt", rep=4)
    generate_creatures(engine, "Horde", "zombie", 1)
    add_walker(engine, "Easy", "Ironside", "soviet-medium", {"commander": 4, "driver": 4, "gunner": 4})
    b = setup_battle(engine, c.id, ["Easy", "Horde"], scenario="Patrol", attacker="Easy")
    start_battle(engine, b.id)
    return c, b.id


# --------------------------------------------------------------------------- seed 001: walker driver +1
@pytest.mark.parametrize(("table", "dice", "result", "passes"), [
    # Losing Control, 2d6 vs the driver's Rep 4 +1 = 5: a 5 passes, a 6 fails
    ("ww2-walker-losing-control", "5,5", "in-control", 2),
    ("ww2-walker-losing-control", "6,5", "drifts", 1),
    ("ww2-walker-losing-control", "6,6", "falls", 0),
    # Run Over, 1d6 vs the driver's Rep 4 +1 = 5
    ("ww2-walker-run-over", "5", "through", 1),
    ("ww2-walker-run-over", "6", "hung-up", 0),
])
def test_walker_driver_tests_add_one_to_his_rep(engine, night, db_url, capsys, table, dice, result, passes):
    c, battle = night
    out = json.loads(cli(db_url, capsys, "--json", "roll", table, "--battle", str(battle),
                         "--fighter", "Ironside Driver", "--dice", dice).out)
    assert (out["value"], out["result"]) == (passes, result)
    [rec] = roll_log(engine, c.id, battle=battle, table=table)
    assert (rec["faces"], rec["value"], rec["result"], rec["target"]) == (
        [int(x) for x in dice.split(",")], passes, result, 4)
    assert rec["dice"].endswith("+1")  # the record shows the +1 beside the Rep it was rolled against


# --------------------------------------------------------------------------- seed 004: cannons
def test_fubar_cannons_only_on_tanks_and_bunkers(engine, db_url, capsys, snap):
    """Seed 004: only tanks or bunkers may mount cannons. FUBAR tells vehicles apart by
    their armour (none: trucks and cars; light: APCs; medium and up: tanks)."""
    from campaign_app.usecases.units import show_unit

    c = create_campaign(engine, "Cannons", "fubar")
    create_roster(engine, c.id, "Reds")
    before = snap(engine)
    for armour, what in (("none", "Truck"), ("light", "APC")):
        for gun in ("Light cannon", "Heavy cannon"):
            err = cli(db_url, capsys, "unit", "add", "Reds", what, "--figures", "1", "--type", "vehicle",
                      "--armour", armour, "--weapon", gun, code=(1, 2)).err
            assert err.strip() == (f"error: {gun}: only tanks and bunkers can mount it, and {what} is a vehicle "
                                   f"with {armour} armour (a vehicle needs medium or heavy or ultra-heavy armour)")
            assert err.count("\n") == 1
    assert snap(engine) == before  # nothing written
    # a tank (the lightest: medium armour) and a bunker may; a truck may carry other weapons
    for name, armour, gun in (("Stuart", "medium", "Light cannon"), ("Tiger", "ultra-heavy", "Heavy cannon")):
        cli(db_url, capsys, "unit", "add", "Reds", name, "--figures", "1", "--type", "vehicle",
            "--armour", armour, "--weapon", gun)
        assert [w["name"] for w in show_unit(engine, name)["equipment"]] == [gun]
    cli(db_url, capsys, "unit", "add", "Reds", "Pillbox", "--figures", "2", "--type", "bunker", "--weapon",
        "Heavy cannon")
    cli(db_url, capsys, "unit", "add", "Reds", "Truck", "--figures", "1", "--type", "vehicle", "--weapon", "HMG")
    # nor can a cannon go on a truck later, nor a tank lose the armour that makes it one
    before = snap(engine)
    err = cli(db_url, capsys, "unit", "edit", "Truck", "--weapon", "Light cannon", code=(1, 2)).err
    assert "only tanks and bunkers can mount it, and Truck is a vehicle with none armour" in err
    err = cli(db_url, capsys, "unit", "edit", "Stuart", "--armour", "light", code=(1, 2)).err
    assert "Light cannon: only tanks and bunkers can mount it, and Stuart is a vehicle with light armour" in err
    assert snap(engine) == before
    cli(db_url, capsys, "unit", "edit", "Stuart", "--armour", "heavy")
    assert show_unit(engine, "Stuart")["armour"] == "heavy"


# --------------------------------------------------------------------------- seed 001: They Can Sure Bite
def _result_details(engine, battle, name):
    from campaign_app.usecases.table import table_view

    return next(f for f in table_view(engine, battle)["figures"] if f["name"] == name)


def test_bite_at_the_table_star_first_free_and_not_tested_again(engine, night, db_url, capsys, snap):
    """Seed 001: the first time in a game a Star is knocked down by a zombie he passes
    the bite test; the second time he rolls (1d6 vs Rep 4: a 4 passes, a 5 fails). A
    bite tested at the table is not tested again After the Battle."""
    c, battle = night
    b = str(battle)
    # the plain table roll during the game would ignore the Star's free bite: refused
    before = snap(engine)
    err = cli(db_url, capsys, "roll", "ww2-bite", "--battle", b, "--fighter", "Sgt Rock", "--dice", "6",
              code=(1, 2)).err
    assert err.strip() == ("error: during a battle, They Can Sure Bite is taken with the Zombies bite command: "
                           "nothing rolled")
    assert snap(engine) == before
    # first bite: free, even on dice that would fail; no dice are taken, nothing is rolled
    out = cli(db_url, capsys, "zombies", "bite", b, "Sgt Rock", "--by", "Zombie 1").out
    assert "a Star's first bite of the game: passes without a roll" in out
    assert roll_log(engine, c.id, battle=battle, table="ww2-bite") == []
    rock = _result_details(engine, battle, "Sgt Rock")
    assert (rock["status"], rock["marked"]) == ("bitten", {"bitten": 1})
    # second bite: rolled; a 4 passes (Rep 4)
    d = json.loads(cli(db_url, capsys, "--json", "zombies", "bite", b, "Sgt Rock", "--dice", "4").out)
    assert (d["bite"], d["free"], d["result"]) == (2, False, "just-a-scratch")
    # a grunt's first bite is rolled: a 5 fails against Rep 4
    d = json.loads(cli(db_url, capsys, "--json", "zombies", "bite", b, "Able", "--dice", "5").out)
    assert (d["bite"], d["free"], d["result"]) == (1, False, "turns")
    log = roll_log(engine, c.id, battle=battle, table="ww2-bite")
    assert [(r["subject"], r["faces"], r["target"], r["result"]) for r in log] == [
        ("Sgt Rock", [4], 4, "just-a-scratch"), ("Able", [5], 4, "turns")]
    assert _result_details(engine, battle, "Able")["marked"] == {"bitten": 1}
    # bad input: one line, nothing written
    before = snap(engine)
    for argv, msg in ((("Zombie 1",), "Zombie 1 is a zombie: zombies do not take the bite test"),
                      (("Able", "--by", "Sgt Rock"), "Sgt Rock is not a zombie"),
                      (("Nobody",), "'Nobody' does not take part in battle 1")):
        err = cli(db_url, capsys, "zombies", "bite", b, *argv, "--dice", "1", code=(1, 2)).err
        assert msg in err and err.count("\n") == 1
    assert snap(engine) == before

    cli(db_url, capsys, "battle", "finish", b)
    # After the Battle tests no bite again: it takes the ones tested at the table (typed
    # dice left over would be refused: the only dice are the replacements roll, 6,6: none)
    rep = json.loads(cli(db_url, capsys, "--json", "after-battle", b, "--dice", "6,6").out)
    bites = [(s["subject"], s["roll"]) for s in rep["steps"] if s["rule"] == "They Can Sure Bite"]
    assert bites == [("Sgt Rock", None), ("Sgt Rock", None), ("Able", None)]
    assert len(roll_log(engine, c.id, battle=battle, table="ww2-bite")) == 2
    from campaign_app.usecases import show_roster

    easy = {f["name"]: f for f in show_roster(engine, "Easy")["fighters"]}
    assert easy["Sgt Rock"]["status"] == "active" and easy["Able"]["status"] == "turned"


# --------------------------------------------------------------------------- seed 001: who rolls for a walker
def test_walker_activates_on_its_commander_then_its_driver(engine, db_url, capsys):
    """Seed 001: a walker activates if its commander's Rep allows it; with the commander
    out, on the driver's Rep. 1d6 vs commander Rep 5: a 5 activates; the commander out of
    the fight, vs driver Rep 3: a 4 does not, a 3 does."""
    from campaign_app.usecases.table import track

    c = create_campaign(engine, "Steel", "nuts", expansions=["weird-ww2"])
    create_roster(engine, c.id, "Reds")
    add_walker(engine, "Reds", "Red Bear", "soviet-medium", {"commander": 5, "driver": 3, "gunner": 4})
    b = setup_battle(engine, c.id, ["Reds"], scenario="Patrol")
    start_battle(engine, b.id)

    def activate(dice):
        return json.loads(cli(db_url, capsys, "--json", "roll", "nuts-activation", "--battle", str(b.id),
                              "--fighter", "Red Bear", "--dice", dice).out)

    assert (activate("5")["result"], activate("6")["result"]) == ("activates", "no-activation")
    track(engine, b.id, "Red Bear Commander", "out-of-the-fight")
    assert (activate("4")["result"], activate("3")["result"]) == ("no-activation", "activates")
    log = roll_log(engine, c.id, battle=b.id, table="nuts-activation")
    assert [(r["subject"], r["target"], r["faces"]) for r in log] == [
        ("Red Bear Commander", 5, [5]), ("Red Bear Commander", 5, [6]),
        ("Red Bear Driver", 3, [4]), ("Red Bear Driver", 3, [3])]
    assert log[2]["purpose"] == "Red Bear Driver: Activation for Red Bear (driver, the commander being out)"
    # the movement tests are the driver's; with him out too, nothing is rolled
    track(engine, b.id, "Red Bear Driver", "out-of-the-fight")
    err = cli(db_url, capsys, "roll", "nuts-activation", "--battle", str(b.id), "--fighter", "Red Bear",
              "--dice", "1", code=(1, 2)).err
    assert err.strip() == "error: Red Bear has no commander or driver left in the fight to roll Activation"
    assert len(roll_log(engine, c.id, battle=b.id, table="nuts-activation")) == 4


def test_walker_ammunition_chosen_once_per_battle(engine, night, db_url, capsys, snap):
    """Seed 001: the walker's self-loading guns hold HE or AP, chosen before the battle
    and kept for the whole of it."""
    from campaign_app.systems.nuts.creatures import add_walker_type
    from campaign_app.usecases.table import finish_battle, table_view

    c, battle = night
    b = str(battle)
    add_walker_type(engine, c.id, "Mortar Walker", 2, 1, gun1="Grenade", speed_road=18)
    before = snap(engine)
    for argv, msg in ((("Ironside", "he", "--x"), None),
                      (("Ironside", "heat"), "invalid choice"),
                      (("Able", "ap"), "Able is neither a walker in battle 1 nor one of its crew")):
        err = cli(db_url, capsys, "walker", "ammo", b, *argv, code=(1, 2)).err
        assert msg is None or msg in err
    assert snap(engine) == before
    out = cli(db_url, capsys, "walker", "ammo", b, "Ironside Gunner", "ap").out  # a crew member names his walker
    assert out.strip() == f"Ironside loads AP for the whole of battle {battle}"
    view = table_view(engine, battle)
    assert [m["text"] for m in view["marks"]] == ["Ironside loads AP"]
    from sqlmodel import select

    from db.models import BattleResult, Fighter
    from db.uow import read_session

    with read_session(engine) as s:
        w = s.exec(select(Fighter).where(Fighter.name == "Ironside")).one()
        res = s.exec(select(BattleResult).where(BattleResult.battle_id == battle,
                                                BattleResult.fighter_id == w.id)).one()
        assert res.details["ammo"] == "AP"  # on the walker's battle result
    before = snap(engine)
    err = cli(db_url, capsys, "walker", "ammo", b, "Ironside", "he", code=(1, 2)).err
    assert err.strip() == ("error: Ironside loaded AP for battle 1: the ammunition is chosen once, "
                           "for the whole battle")
    assert snap(engine) == before
    add_walker(engine, "Easy", "Thumper", "Mortar Walker", {"commander": 4, "driver": 4, "gunner": 4})
    finish_battle(engine, battle)
    err = cli(db_url, capsys, "walker", "ammo", b, "Ironside", "he", code=(1, 2)).err
    assert "battle 1 is finished: cannot load a walker's guns" in err
    b2 = setup_battle(engine, c.id, ["Easy"], scenario="Patrol")  # a new battle: chosen anew, at setup
    assert "Ironside loads HE" in cli(db_url, capsys, "walker", "ammo", str(b2.id), "Ironside", "he").out
    err = cli(db_url, capsys, "walker", "ammo", str(b2.id), "Thumper", "he", code=(1, 2)).err
    assert err.strip() == "error: Thumper has no gun that fires HE or AP (its guns: Grenade)"


# --------------------------------------------------------------------------- seed 001: rules on the cards
def test_weird_ww2_table_top_rules_on_the_qrs_cards(engine):
    """The seed 001 rules a player applies on the table (the app rolls none of them) are
    on the QRS cards, in our words: the walker's movement, guns and crew exposure, a
    zombie's free attack on a figure breaking off, an armour-piercing charge on an
    armoured trooper, and the extra weapons."""
    from campaign_app.usecases import exports

    c = create_campaign(engine, "Cards", "nuts", expansions=["weird-ww2"])
    cards = {card["title"]: card for card in exports.qrs_document(engine, c.id, all_kinds=True)["cards"]}
    walker = " ".join(cards["Walkers"]["lines"])
    for words in ("moving again after a stop costs 2 inches",
                  "Reverses only after stopping, at up to a quarter of the move it has left",
                  "45-degree arc straight ahead",
                  "counts as a medium machine gun",
                  "A Grenade gun fires as a thrown grenade, with the gunner's Rep",
                  "choose HE or AP before the battle and keep it all battle",
                  "small arms can hit him, and he counts as in cover",
                  "Activates on the commander's Rep; with the commander out, on the driver's"):
        assert words in walker, words
    notes = {t["title"]: t.get("note", "") for t in cards["Walkers"]["tables"]}
    assert "two separate turns in one activation, even with a stop between them" in notes["Losing Control (walker)"]
    assert any("breaking off melee with a zombie takes a free attack" in x for x in cards["Zombie"]["lines"])
    for kind in ("Armoured Trooper (light)", "Armoured Trooper (heavy)"):
        assert any("armour-piercing rating" in x and "normal infantry charge rules" in x
                   for x in cards[kind]["lines"]), kind
    [table] = cards["Weird WWII weapons"]["tables"]
    rows = {r[0]: r[1:4] for r in table["rows"]}
    assert rows == {"Stake": ["hand-to-hand", "1", "1"], "Bludgeon": ["hand-to-hand", "1", "1"],
                    "Single-edged blade": ["hand-to-hand", "1", "2"], "Bow": ["-", "-", "-"],
                    "Crossbow": ["-", "-", "-"]}
    # the core game alone prints none of them
    core = create_campaign(engine, "Plain", "nuts")
    titles = [card["title"] for card in exports.qrs_document(engine, core.id, all_kinds=True)["cards"]]
    assert "Walkers" not in titles and "Weird WWII weapons" not in titles


# --------------------------------------------------------------------------- seed 002: the Orders phase
@pytest.fixture
def bocage(engine):
    """A unit-morale battle in progress: two sections of the Paras (Confident, no order
    yet) against one of Grenadiers."""
    from campaign_app.usecases.units import add_unit

    c = create_campaign(engine, "Bocage", "unit-morale")
    create_roster(engine, c.id, "Paras")
    create_roster(engine, c.id, "Grenadiers")
    add_unit(engine, "Paras", "1 Section", 10)
    add_unit(engine, "Paras", "2 Section", 9)
    add_unit(engine, "Grenadiers", "1. Gruppe", 10)
    b = setup_battle(engine, c.id, ["Paras", "Grenadiers"], scenario="Hedgerow", attacker="Paras")
    start_battle(engine, b.id)
    return c, b.id


def _unit_state(engine, battle, name):
    """The unit's order (its row) and what its battle result holds, read from the database."""
    from sqlmodel import select

    from db.models import BattleResult, Unit
    from db.uow import read_session

    with read_session(engine) as s:
        u = s.exec(select(Unit).where(Unit.name == name)).one()
        res = s.exec(select(BattleResult).where(BattleResult.battle_id == battle,
                                                BattleResult.unit_id == u.id)).one()
        return u.order, dict(res.details or {})


def _marks(engine, battle):
    from campaign_app.usecases.table import table_view

    return [(m["kind"], m["figure"], m["value"]) for m in table_view(engine, battle)["marks"]]


def test_unit_morale_hides_only_in_cover_and_on_hold_or_sneak(engine, bocage, db_url, capsys, snap):
    """Seed 002: "se cacher : si on est à couvert"; Hold and Sneak "peut se cacher",
    Advance and Run "ne peut pas se cacher". A hide is refused in one line, nothing
    written, out of cover or on an order that cannot hide; in cover on Hold it is on
    record (the result's details and a mark); an order that cannot hide, or leaving the
    cover, shows the unit again."""
    _c, battle = bocage
    b = str(battle)
    cli(db_url, capsys, "squad", "order", b, "1 Section", "hold")
    before = snap(engine)
    err = cli(db_url, capsys, "squad", "hide", b, "1 Section", code=(2,)).err
    assert err == ("error: 1 Section is not in cover: a unit may hide only in cover "
                   "(mark it first: squad cover BATTLE '1 Section' in)\n")
    assert snap(engine) == before
    assert cli(db_url, capsys, "squad", "cover", b, "1 Section", "in").out == "1 Section: cover taken\n"
    assert cli(db_url, capsys, "squad", "hide", b, "1 Section").out == "1 Section: hides in cover\n"
    assert _unit_state(engine, battle, "1 Section") == ("hold", {"order": "hold", "cover": True, "hidden": True})
    # on Advance (in cover all the same) a unit may not hide; a hidden one given Advance is seen
    cli(db_url, capsys, "squad", "cover", b, "2 Section", "in")
    cli(db_url, capsys, "squad", "order", b, "2 Section", "advance")
    before = snap(engine)
    err = cli(db_url, capsys, "squad", "hide", b, "2 Section", code=(2,)).err
    assert err == "error: 2 Section is on Advance: only a unit on Hold or Sneak may hide\n"
    assert snap(engine) == before
    out = cli(db_url, capsys, "squad", "order", b, "1 Section", "run").out
    assert out == "1 Section: order Run (not using the terrain)\n1 Section: revealed (Run cannot hide)\n"
    assert _unit_state(engine, battle, "1 Section") == ("run", {"order": "run", "cover": True, "hidden": False})
    # Sneak may hide; leaving the cover shows the unit
    cli(db_url, capsys, "squad", "order", b, "1 Section", "sneak")
    cli(db_url, capsys, "squad", "hide", b, "1 Section")
    assert cli(db_url, capsys, "squad", "cover", b, "1 Section", "out").out == \
        "1 Section: cover left: no longer hidden\n"
    assert _unit_state(engine, battle, "1 Section")[1] == {"order": "sneak", "cover": False, "hidden": False}
    assert _marks(engine, battle)[-3:] == [("order", "1 Section", "Sneak (uses the terrain: +1 to the save)"),
                                           ("hides", "1 Section", "in cover"),
                                           ("cover", "1 Section", "left: no longer hidden")]
    # each command is one undo step
    cli(db_url, capsys, "battle", "undo-mark", b)
    assert _unit_state(engine, battle, "1 Section")[1] == {"order": "sneak", "cover": True, "hidden": True}


def test_unit_morale_orders_say_which_use_the_terrain(engine, bocage, db_url, capsys, snap):
    """Seed 002: Hold and Sneak "compte comme utilisant le terrain", Advance and Run do
    not; "utiliser le terrain donne un +1 à la svg". A Suppressed or Shaken unit "ne peut
    que faire sneak": another order is refused, nothing written."""
    _c, battle = bocage
    b = str(battle)
    words = {"hold": "Hold (uses the terrain: +1 to the save)", "sneak": "Sneak (uses the terrain: +1 to the save)",
             "advance": "Advance (not using the terrain)", "run": "Run (not using the terrain)"}
    for order, value in words.items():
        d = json.loads(cli(db_url, capsys, "--json", "squad", "order", b, "2 Section", order).out)
        assert (d["order"], d["value"], d["save_modifier"]) == (order, value, 1 if order in ("hold", "sneak") else 0)
        assert _unit_state(engine, battle, "2 Section")[0] == order
        assert _marks(engine, battle)[-1] == ("order", "2 Section", value)
    cli(db_url, capsys, "squad", "order", b, "1 Section", "hold")
    assert "order Hold: no move; uses the terrain: +1 to the save" in cli(db_url, capsys, "unit", "show",
                                                                         "1 Section").out
    for state in ("suppressed", "shaken"):
        cli(db_url, capsys, "unit", "edit", "1 Section", "--discipline", state)
        before = snap(engine)
        for order in ("hold", "advance", "run"):
            err = cli(db_url, capsys, "squad", "order", b, "1 Section", order, code=(2,)).err
            assert err == (f"error: 1 Section is {state.title()}: it may only take Sneak, "
                           f"not {order.title()}\n")
            assert snap(engine) == before
        cli(db_url, capsys, "squad", "order", b, "1 Section", "sneak")
        assert _unit_state(engine, battle, "1 Section")[0] == "sneak"


def test_unit_morale_opportunity_fire_arc_on_record(engine, bocage, db_url, capsys, snap):
    """Seed 002: opportunity fire (Hold: "peut faire tir d'opportunité") in a 180-degree
    arc; "pas d'angle pour les unités cachées, elles peuvent tirer à n'importe quel moment
    durant la phase ennemie". The arc is on record; another order is refused."""
    _c, battle = bocage
    b = str(battle)
    cli(db_url, capsys, "squad", "order", b, "2 Section", "sneak")
    before = snap(engine)
    err = cli(db_url, capsys, "squad", "opportunity-fire", b, "2 Section", code=(2,)).err
    assert err == "error: 2 Section is on Sneak: only a unit on Hold may take opportunity fire\n"
    assert snap(engine) == before
    cli(db_url, capsys, "squad", "order", b, "1 Section", "hold")
    out = json.loads(cli(db_url, capsys, "--json", "squad", "opportunity-fire", b, "1 Section").out)
    assert (out["arc"], out["hidden"]) == ("180-degree arc", False)
    assert _unit_state(engine, battle, "1 Section")[1]["opportunity_fire"] == "180-degree arc"
    err = cli(db_url, capsys, "squad", "opportunity-fire", b, "1 Section", code=(2,)).err
    assert err == "error: 1 Section is on opportunity fire already this turn (180-degree arc)\n"
    # the next turn, hidden in cover: no arc, any time in the enemy phase
    cli(db_url, capsys, "squad", "order", b, "1 Section", "hold")
    assert "opportunity_fire" not in _unit_state(engine, battle, "1 Section")[1]
    cli(db_url, capsys, "squad", "cover", b, "1 Section", "in")
    cli(db_url, capsys, "squad", "hide", b, "1 Section")
    out = cli(db_url, capsys, "squad", "opportunity-fire", b, "1 Section").out
    assert out == "1 Section: opportunity fire any direction, at any time in the enemy phase (hidden)\n"
    assert _unit_state(engine, battle, "1 Section")[1]["opportunity_fire"] == \
        "any direction, at any time in the enemy phase (hidden)"
    # a game without orders has no squad commands
    f = create_campaign(engine, "Desert", "fubar")
    create_roster(engine, f.id, "A")
    create_roster(engine, f.id, "B")
    from campaign_app.usecases.units import add_unit

    add_unit(engine, "A", "Alpha", 5)
    fb = setup_battle(engine, f.id, ["A", "B"], scenario="x", attacker="A")
    start_battle(engine, fb.id)
    err = cli(db_url, capsys, "squad", "order", str(fb.id), "Alpha", "hold", code=(2,)).err
    assert err == "error: battle 1 is not a unit-morale game: squad commands are for its units\n"


def test_unit_morale_orders_rules_on_the_qrs_card(engine):
    """The Orders card says what using the terrain gives, where a unit may hide and the
    opportunity fire arcs (seed 002), beside the orders table."""
    from campaign_app.usecases import exports

    c = create_campaign(engine, "Cards", "unit-morale")
    cards = {card["title"]: card for card in exports.qrs_document(engine, c.id)["cards"]}
    lines = " ".join(cards["Orders"]["lines"])
    for words in ("Using the terrain gives +1 to the save: Hold and Sneak count as using it",
                  "A unit may hide only when in cover, and only on Hold or Sneak",
                  "a unit not hidden names a 180-degree arc; a hidden unit has no arc and may fire at any time "
                  "during the enemy phase"):
        assert words in lines, words
    rows = {r[0]: r[5] for r in cards["Orders"]["tables"][0]["rows"]}
    assert rows == {"Hold": "yes (+1 save)", "Sneak": "yes (+1 save)", "Advance": "no", "Run": "no"}
    # the `squad order` choices are the rules data's orders
    from campaign_app.rules import load_rulebook
    from campaign_app.systems.unit_morale.commands import ORDERS

    assert ORDERS == tuple(load_rulebook().data("unit-morale", "", [])["orders"])


# --------------------------------------------------------------------------- seed 003: several wounding hits
def test_n26_several_wounding_hits_the_opponent_chooses_their_order(engine):
    """Seed 003: "If a model has been successfully wounded by several attacks at the same
    time, then the hit model's opposing player chooses the order in which the attacks are
    resolved." The app rolls no hit (a table-top matter): the Resolving hits card says it."""
    from campaign_app.usecases import exports

    c = create_campaign(engine, "Hive", "necromunda", edition="n26")
    cards = {card["title"]: card for card in exports.qrs_document(engine, c.id)["cards"]}
    assert any("Several attacks wounding a model at the same time: the hit model's opposing player chooses "
               "the order they are resolved in" in x for x in cards["Resolving hits"]["lines"])


# --------------------------------------------------------------------------- defaults said out loud
def _pdf_text(path):
    import re

    import pypdf

    return re.sub(r"\s+", " ", " ".join(p.extract_text() for p in pypdf.PdfReader(str(path)).pages))


def test_defaults_said_out_loud_on_the_cards(engine, db_url, capsys, tmp_path):
    """Values no seed gives carry "(default)" on the QRS cards: the FUBAR and unit-morale
    casualty and promotion tables and campaign rules, the unit-morale experience levels,
    the invented scenario tables, the Soviet walker's crew of 3, the selling rule."""
    from campaign_app.usecases.units import add_unit

    um = create_campaign(engine, "UM", "unit-morale")
    create_roster(engine, um.id, "Paras")
    add_unit(engine, "Paras", "1 Section", 10, training="veteran")
    fu = create_campaign(engine, "FU", "fubar")
    nu = create_campaign(engine, "NU", "nuts", expansions=["weird-ww2"])
    ne = create_campaign(engine, "NE", "necromunda", edition="n26")
    text = {}
    for c in (um, fu, nu, ne):
        cli(db_url, capsys, "export", "qrs", str(c.id), "-o", str(tmp_path / f"{c.name}.pdf"), "--all")
        text[c.name] = _pdf_text(tmp_path / f"{c.name}.pdf")
    for name in ("UM", "FU"):
        for words in ("After the battle: casualty fate (default)", "After the battle: unit promotion (default)",
                      "Campaign rules (default)"):
            assert words in text[name], (name, words)
    assert "Experience (campaign marker) (default): Green -> Regular -> Veteran -> Elite" in text["UM"]
    assert "Unit morale: scenario (default)" in text["UM"] and "FUBAR: scenario (default)" in text["FU"]
    assert "Soviet Medium Walker USSR 3/2/1 4, Grenade No Yes 24/? 3 (default)" in text["NU"]
    assert "NUTS!: mission (default)" in text["NU"] and "Necromunda: scenario (default)" in text["NE"]
    assert "Selling (default): an item fetches 50% of its cost, rounded down to 5 credits" in text["NE"]
    # the roster sheet and the unit cards say it of the experience level
    cli(db_url, capsys, "export", "roster", "Paras", "-o", str(tmp_path / "r.pdf"))
    assert "Veteran (default)" in _pdf_text(tmp_path / "r.pdf")
    cli(db_url, capsys, "export", "cards", "Paras", "-o", str(tmp_path / "c.pdf"))
    assert "Veteran (default)" in _pdf_text(tmp_path / "c.pdf")


def test_defaults_said_out_loud_in_the_cli(engine, db_url, capsys):
    """The CLI says "(default)" after a roll on a table no seed gives, an After the Battle
    step on one, a rolled scenario (with its description), the unit-morale experience
    levels, the Soviet walker's crew and the selling rule on a sale."""
    from campaign_app.usecases.gear import buy_item
    from campaign_app.usecases.units import add_unit

    out = cli(db_url, capsys, "roll", "um-scenario", "--dice", "3").out
    assert out.startswith("Unit morale: scenario (default): d6 [3] = 3 -> Hold the line: The defender")
    assert cli(db_url, capsys, "roll", "fubar-vehicle-damage", "--dice", "3").out.startswith("Vehicle damage: d6")
    # the experience levels
    assert "training (default): Green, Regular, Veteran, Elite" in cli(db_url, capsys, "unit", "options",
                                                                        "unit-morale").out
    assert "training: Green (Recluta)" in cli(db_url, capsys, "unit", "options", "fubar").out
    um = create_campaign(engine, "UM", "unit-morale")
    create_roster(engine, um.id, "Paras")
    create_roster(engine, um.id, "Jerries")
    add_unit(engine, "Paras", "1 Section", 10, training="veteran")
    add_unit(engine, "Jerries", "1. Gruppe", 10)
    assert "training Veteran (default)" in cli(db_url, capsys, "unit", "show", "1 Section").out
    # a rolled scenario: the invented table says so, with the description
    out = cli(db_url, capsys, "battle", "setup", str(um.id), "--roster", "Paras", "--roster", "Jerries",
              "--attacker", "Paras", "--dice", "4").out
    assert out.startswith("set up battle 1 (id 1): Breakthrough (default) (rolled): "
                          "The attacker must get units off the far edge.")
    assert cli(db_url, capsys, "battle", "table", "1").out.startswith("battle 1 (id 1), setup: Breakthrough (default)")
    cli(db_url, capsys, "battle", "start", "1")
    cli(db_url, capsys, "battle", "casualties", "1", "1 Section", "1")
    cli(db_url, capsys, "battle", "finish", "1")
    out = cli(db_url, capsys, "after-battle", "1", "--dice", "4").out
    assert "- After the battle: casualty fate (default): 1 Section: d6 [4] = 4 -> Wounded." in out
    # the walker's crew
    nu = create_campaign(engine, "NU", "nuts", expansions=["weird-ww2"])
    out = cli(db_url, capsys, "walker", "types", str(nu.id)).out
    assert "24/?   3 (default)  shipped" in out
    # the selling rule
    ne = create_campaign(engine, "NE", "necromunda", edition="n23")
    create_roster(engine, ne.id, "Goliaths")
    f = add_fighter(engine, "Goliaths", "Brak", fighter_type="champion")
    from campaign_app.usecases.gear import adjust_credits

    adjust_credits(engine, "Goliaths", 100, "start")
    buy_item(engine, f.id, "Bolt pistol")
    out = cli(db_url, capsys, "fighter", "sell", str(f.id), "Bolt pistol").out
    assert out.startswith("Brak sold Bolt pistol for 20 credits: 50% of the cost, rounded down to 5 (default); ")


# --------------------------------------------------------------------------- the seeds' own words
# (where in the rules data, key, the seed's word): seed 004 is FUBAR in Italian; its words
# are the Italian names, and typed they name the same thing as the English key.
SEED_004_WORDS = [
    ("training", "green", "Recluta"), ("training", "seasoned", "Esperto"),
    ("training", "veteran", "Veterano"), ("training", "elite", "Elite"),
    ("actions", "walk", "Camminare"), ("actions", "run", "Correre"),
    ("actions", "covered-run", "Correre riparandosi"), ("actions", "hold", "In attesa"),
    ("actions", "go-to-ground", "Andare a terra"), ("actions", "aim", "Mirare"),
    ("actions", "assault", "Assaltare"),
    ("cover", "light", "Leggera"), ("cover", "medium", "Media"), ("cover", "heavy", "Pesante"),
    ("armour.personal", "light", "Leggera"), ("armour.personal", "medium", "Media"),
    ("armour.personal", "heavy", "Pesante"), ("armour.personal", "power", "Energetica"),
    ("armour.personal", "battle", "Armatura da Battaglia"),
    ("armour.vehicle", "none", "Nessuna"), ("armour.vehicle", "light", "Leggera"),
    ("armour.vehicle", "medium", "Media"), ("armour.vehicle", "heavy", "Pesante"),
    ("armour.vehicle", "ultra-heavy", "Ultra pesante"),
    ("weapons", "pistol", "Pistola / Revolver"), ("weapons", "rifle", "Fucile"),
    ("weapons", "assault-rifle", "Fucile d'Assalto"), ("weapons", "sniper-rifle", "Fucile di Precisione"),
    ("weapons", "smg", "Mitraglietta"), ("weapons", "lmg", "Mitragliatrice"),
    ("weapons", "shotgun", "Doppietta"), ("weapons", "hmg", "Mitragliatrice Pesante"),
    ("weapons", "flamer", "Lanciafiamme"), ("weapons", "grenade-launcher", "Lanciagranate"),
    ("weapons", "rpg", "RPG"), ("weapons", "light-at-gun", "Cannone Anticarro Leggero"),
    ("weapons", "light-mortar", "Mortaio Leggero"), ("weapons", "light-cannon", "Cannone Leggero"),
    ("weapons", "heavy-cannon", "Cannone Pesante"),
    ("fubar-vehicle-damage", "crew-stunned", "Equipaggio Stordito"),
    ("fubar-vehicle-damage", "immobilised", "Veicolo Immobilizzato"),
    ("fubar-vehicle-damage", "weapon-destroyed", "Arma distrutta"),
    ("fubar-vehicle-damage", "destroyed", "Veicolo distrutto"),
]
# seed 002 is a French players' summary: it keeps the rulebook's English terms
# (suppressed, shaken, hold, sneak, advance, run) and says the rest in French
SEED_002_WORDS = [
    ("discipline", "confident", "Confiante"), ("discipline", "suppressed", "Suppressed"),
    ("discipline", "shaken", "Shaken"), ("discipline", "demoralised", "Démoralisée"),
    ("discipline", "destroyed", "Détruite"), ("discipline", "prisoner", "Prisonnière"),
    ("orders", "hold", "Hold"), ("orders", "sneak", "Sneak"), ("orders", "advance", "Advance"),
    ("orders", "run", "Run"),
]


def _english(system, where, key):
    """The English name the rules data gives ``key`` under ``where`` (a section, or a
    table whose row it is)."""
    from campaign_app.rules import load_rulebook

    book = load_rulebook()
    if where in book.tables:
        return next(r.label for r in book.tables[where].rows if r.result == key)
    spec = book.data(system)
    for part in where.split("."):
        spec = spec[part]
    return spec[key]["name" if where == "weapons" else "label"]


@pytest.mark.parametrize(("system", "lang", "where", "key", "word"),
                         [("fubar", "it", *w) for w in SEED_004_WORDS]
                         + [("unit-morale", "fr", *w) for w in SEED_002_WORDS])
def test_the_translation_uses_the_seeds_word(system, lang, where, key, word):
    """Issue #31: a player finds their sheet's words. Seed 004's Italian names (not
    "Potenziata", "Corri al coperto", "A terra", nor the English weapon names) and seed
    002's terms (not "Neutralisée", "Ébranlée", "Progresser à couvert") are what the
    window, and the PDFs in that language, show."""
    from campaign_app.rules import i18n

    assert i18n.translated(_english(system, where, key), lang, system) == word


def test_the_seeds_terms_in_the_translations():
    """The words of the seeds' sentences: FUBAR's Esperienza (not "perizia") and
    Inchiodamento; the French sheet's lower-case terms in a sentence, its CC and tir
    d'opportunité."""
    from campaign_app.rules import i18n
    from campaign_app.rules.loader import load_rulebook

    assert i18n.translated("FUBAR 3rd edition", "it", "fubar") == "FUBAR Terza Edizione"
    assert i18n.translated("Expertise", "it", "fubar") == "Esperienza"
    assert i18n.translated("Suppression", "it", "fubar") == "Inchiodamento"
    assert i18n.translated("Powered armour", "it", "fubar") == "Corazza Energetica"
    # a unit's weapons as the roster lists them, item by item; a list with a name in it stays
    assert i18n.translated("Assault rifle, LMG", "it", "fubar") == "Fucile d'Assalto, Mitragliatrice"
    assert i18n.translated("Alpha, LMG", "it", "fubar") == "Alpha, LMG"
    note = load_rulebook().tables["fubar-training"].note
    assert "Esperienza" in i18n.translated(note, "it", "fubar") and "perizia" not in i18n.translated(note, "it", "fubar")
    for key in ("suppressed", "shaken", "hold", "sneak", "advance", "run"):
        assert i18n.translated(key, "fr", "unit-morale") == key  # the sheet writes them so
    assert i18n.translated("Becomes Shaken.", "fr", "unit-morale") == "Devient shaken."
    assert i18n.translated("Close Combat", "fr", "unit-morale") == "CC"
    falls = i18n.translated("Falls back if above half its starting strength; surrenders if under half.", "fr",
                            "unit-morale")
    assert falls.startswith("Fait fall back")
    data = load_rulebook().data("unit-morale")
    assert "tir d'opportunité" in i18n.translated(data["opportunity_fire"]["text"], "fr", "unit-morale").lower()


@pytest.mark.parametrize(("system", "where", "key", "word"),
                         [("fubar", *w) for w in SEED_004_WORDS if not w[0].startswith(("actions", "cover", "fubar-"))]
                         + [("unit-morale", *w) for w in SEED_002_WORDS])
def test_the_seeds_word_typed_names_the_same_thing(system, where, key, word):
    """Typed in any case, with or without accents, the seed's word names the key."""
    from campaign_app.rules import load_rulebook
    from campaign_app.systems import squads

    data = load_rulebook().data(system)
    resolve = {
        "training": lambda w: squads.resolve_training(data, w, system).key,
        "weapons": lambda w: squads.resolve_weapon(data, w, system)[0],
        "armour.personal": lambda w: squads.resolve_armour(data, w, "infantry", system)[0],
        "armour.vehicle": lambda w: squads.resolve_armour(data, w, "vehicle", system)[0],
        "discipline": lambda w: squads.resolve_discipline(data, w, system),
        "orders": lambda w: squads.resolve_order(data, w, system),
    }[where]
    for typed in (word, word.upper(), word.lower(), word.replace("é", "e").replace("è", "e")):
        assert resolve(typed) == key, typed
    for part in word.split(" / "):  # Pistola / Revolver: either is the pistol
        assert resolve(part) == key


@pytest.mark.parametrize("system", ["fubar", "unit-morale"])
def test_every_translated_word_names_one_thing(system):
    """No word of a squad game's translations (any language) names two entries of the
    same list: each resolves to its own key."""
    from campaign_app.rules import load_rulebook
    from campaign_app.rules.names import seed_words
    from campaign_app.systems import squads

    data = load_rulebook().data(system)
    lists = [(squads.weapons(data), "name", lambda w: squads.resolve_weapon(data, w, system)[0]),
             (squads.discipline_states(data), "label", lambda w: squads.resolve_discipline(data, w, system)),
             (squads.orders(data), "label", lambda w: squads.resolve_order(data, w, system)),
             ({lv.key: {"label": lv.label} for lv in squads.training_levels(data)}, "label",
              lambda w: squads.resolve_training(data, w, system).key),
             (squads.armour_classes(data, "infantry"), "label",
              lambda w: squads.resolve_armour(data, w, "infantry", system)[0]),
             (squads.armour_classes(data, "vehicle"), "label",
              lambda w: squads.resolve_armour(data, w, "vehicle", system)[0])]
    checked = 0
    for table, field, resolve in lists:
        for key, spec in table.items():
            for word in seed_words(str(spec[field]), system):
                assert resolve(word) == key, word
                checked += 1
    assert checked > 20


def _unit_rows(engine):
    """Every unit as the database holds it: name -> (type, training, armour, discipline,
    order, its weapons' names)."""
    from sqlmodel import select

    from db.models import Equipment, Unit
    from db.uow import read_session

    with read_session(engine) as s:
        return {u.name: (u.unit_type, u.training, u.armour, u.discipline, u.order,
                         sorted(e.name for e in s.exec(select(Equipment).where(Equipment.unit_id == u.id))))
                for u in s.exec(select(Unit))}


def test_fubar_takes_the_seeds_italian_words_typed(engine, db_url, capsys, snap):
    """`unit add ... --weapon Mitraglietta` finds the SMG (it was "unknown weapon"):
    training, weapons, armour and unit type typed in seed 004's words are stored as the
    rules data's keys and English weapon names. An unknown word is refused in one line,
    naming the valid ones, and nothing is written."""
    # the player finds the sheet's words beside the keys
    options = cli(db_url, capsys, "unit", "options", "fubar").out
    # (the French words first: the QRS in French named the weapons and armour too)
    assert re.search(r"^smg +SMG +16\" / 40 cm +3 +PM, Mitraglietta$", options, re.M)
    assert "power = Énergétique, Energetica" in options and "ultra-heavy = Ultra-lourd, Ultra pesante" in options
    c = create_campaign(engine, "Italia", "fubar")
    create_roster(engine, c.id, "Rossi")
    cli(db_url, capsys, "unit", "add", "Rossi", "Prima squadra", "--figures", "6", "--training", "Recluta",
        "--weapon", "Mitraglietta", "--weapon", "fucile d’assalto", "--armour", "ENERGETICA")
    cli(db_url, capsys, "unit", "add", "Rossi", "Carro", "--figures", "1", "--type", "Veicolo",
        "--training", "élite", "--armour", "Ultra pesante", "--weapon", "Cannone Pesante",
        "--weapon", "mitragliatrice pesante")
    assert _unit_rows(engine) == {
        "Prima squadra": ("infantry", "green", "power", "", "", ["Assault rifle", "SMG"]),
        "Carro": ("vehicle", "elite", "ultra-heavy", "", "", ["HMG", "Heavy cannon"]),
    }
    # edit: drop a weapon by the seed's word, add another, change the armour and training
    cli(db_url, capsys, "unit", "edit", "Prima squadra", "--drop-weapon", "Mitraglietta", "--weapon", "Revolver",
        "--weapon", "Doppietta", "--armour", "Armatura da Battaglia", "--training", "Esperto")
    assert _unit_rows(engine)["Prima squadra"] == ("infantry", "seasoned", "battle", "", "",
                                                   ["Assault rifle", "Pistol / revolver", "Shotgun"])
    out = cli(db_url, capsys, "unit", "show", "Prima squadra").out
    assert "Shotgun" in out and "training Seasoned (Esperto)" in out
    # unknown words: one line, nothing written (not the unit, not its other weapons)
    before = snap(engine)
    for argv, msg in (
        (["unit", "add", "Rossi", "Seconda", "--figures", "5", "--weapon", "Mitraglietta", "--weapon", "Bazooka"],
         "error: unknown weapon 'Bazooka' for FUBAR (valid: pistol, rifle, assault-rifle, sniper-rifle, smg, lmg, "
         "shotgun, hmg, flamer, grenade-launcher, rpg, light-at-gun, light-mortar, light-cannon, heavy-cannon)"),
        (["unit", "add", "Rossi", "Seconda", "--figures", "5", "--armour", "Potenziata"],
         "error: unknown personal armour 'Potenziata' for FUBAR (valid: light (6+), medium (5+), heavy (4+), "
         "power (3+), battle (2+))"),
        (["unit", "edit", "Carro", "--training", "Caporale"],
         "error: unknown training level 'Caporale' for FUBAR (valid: Green (Recluta), Seasoned (Esperto), "
         "Veteran (Veterano), Elite)"),
        (["unit", "edit", "Carro", "--type", "Elicottero"],
         "error: unit type 'Elicottero' is not one of infantry, vehicle, bunker"),
    ):
        err = cli(db_url, capsys, *argv, code=(1, 2)).err
        assert err == msg + "\n"
    assert snap(engine) == before


def test_unit_morale_takes_the_french_sheets_words_typed(engine, bocage, db_url, capsys, snap):
    """Seed 002's words typed: the discipline states in French (démoralisée, confiante,
    prisonnière, accents or not) and the orders as the sheet keeps them, in any case,
    `squad order` included (its list once refused "Sneak"). Stored as the keys; an
    unknown word is refused in one line and nothing is written."""
    _c, battle = bocage
    b = str(battle)
    cli(db_url, capsys, "unit", "add", "Paras", "3 Section", "--figures", "8", "--discipline", "Démoralisée",
        "--order", "SNEAK")
    cli(db_url, capsys, "unit", "edit", "2 Section", "--discipline", "confiante", "--order", "Advance")
    cli(db_url, capsys, "squad", "order", b, "1 Section", "Sneak")
    cli(db_url, capsys, "squad", "order", b, "2 Section", "RUN")
    rows = _unit_rows(engine)
    assert rows["3 Section"][3:5] == ("demoralised", "sneak")
    assert rows["2 Section"][3:5] == ("confident", "run")
    assert rows["1 Section"][3:5] == ("confident", "sneak")
    assert _unit_state(engine, battle, "1 Section") == ("sneak", {"order": "sneak"})
    cli(db_url, capsys, "unit", "edit", "3 Section", "--discipline", "prisonniere")
    assert _unit_rows(engine)["3 Section"][3] == "prisoner"
    before = snap(engine)
    for argv, msg in (
        (["squad", "order", b, "1 Section", "Tenir"],
         "error: unknown order 'Tenir' for the unit-morale game (valid: Hold, Sneak, Advance, Run)"),
        (["unit", "edit", "2 Section", "--discipline", "Neutralisée"],
         "error: unknown discipline state 'Neutralisée' for the unit-morale game (valid: Confident, Suppressed, "
         "Shaken, Demoralised, Destroyed, Prisoner)"),
    ):
        err = cli(db_url, capsys, *argv, code=(1, 2)).err
        assert err == msg + "\n"
    assert snap(engine) == before

# --------------------------------------------------------------------------- seeds 000/001: combat tables rolled
# In Sight, Shooting, Shooting Damage (seed 000) and the creatures' damage tables (seed
# 001) were reference only; now each is rolled by its procedure (systems/nuts/combat.py)
# on the bands of the rules data. The bands first (the pure procedures, typed dice at each
# edge), then through `roll` at the table: the roll record and the marks in the database.
def _combat(table_id, dice, **kw):
    from campaign_app.dice import Roller
    from campaign_app.procedure_driver import drive
    from campaign_app.rules import load_rulebook
    from campaign_app.systems.base import TableRollInputs
    from campaign_app.systems.info import campaign_tables
    from campaign_app.systems.nuts.combat import TABLE_ROLLS

    tables = campaign_tables("nuts", "", ["weird-ww2"], {})
    data = load_rulebook().data("nuts", "", ["weird-ww2"])
    roller = Roller.from_options(dice)
    kw["flags"] = frozenset(kw.get("flags", ()))
    out = drive(TABLE_ROLLS[table_id].run(tables[table_id], tables, data, TableRollInputs(**kw)), roller)
    roller.finish()  # every typed die used, none missing
    return out, roller.rolls


@pytest.mark.parametrize(("face", "flags", "target", "hit"), [
    # 1d6 + Rep 4: 3-7 miss; 8 hit unless fast moved (either), charging, cover, 2nd+ target;
    # 9 hit unless cover or 3rd+ target; 10+ hit
    (3, (), 1, False),                       # 7: miss
    (4, (), 1, True),                        # 8: hit
    (4, ("fast-moved",), 1, False),
    (4, ("target-fast-moved",), 1, False),
    (4, ("charging",), 1, False),
    (4, ("cover",), 1, False),
    (4, (), 2, False),                       # 8 on the 2nd target
    (5, (), 1, True),                        # 9: hit
    (5, ("fast-moved", "charging"), 2, True),  # 9 ignores fast moves, charges and the 2nd target
    (5, ("cover",), 1, False),
    (5, (), 3, False),                       # 9 on the 3rd target
    (6, ("cover", "fast-moved", "charging"), 3, True),  # 10: hit whatever
])
def test_nuts_shooting_bands(face, flags, target, hit):
    # three dice (Target 3): the first two at target 1 score 2 + 4 = 6, a miss; the third is the one read
    out, [roll] = _combat("nuts-shooting", f"2,2,{face}", rep=4, shots=3, per_die=(1, 1, target), flags=flags)
    assert (out.value, out.result, out.scored_hit) == (int(hit), "hit" if hit else "miss", hit)
    assert (roll.spec, roll.faces, roll.table, roll.rule, roll.value) == ("3d6", [2, 2, face], "nuts-shooting",
                                                                          "Shooting", int(hit))


def test_nuts_shooting_two_ones_out_of_ammo():
    out, _ = _combat("nuts-shooting", "1,1,6", rep=4, shots=3)
    assert (out.value, out.result) == (1, "out-of-ammo")  # the 6 still hits (10); the weapon is empty
    assert "out of ammo" in out.label
    out, _ = _combat("nuts-shooting", "1,2,6", rep=4, shots=3)
    assert (out.value, out.result) == (1, "hit")  # one natural 1 is not enough


def test_nuts_fast_moving_creatures_shoot_as_if_stationary():
    """Seed 001: a vampire, werewolf or monster that fast moved does not count as fast
    moving when it shoots (it does when shot at)."""
    out, _ = _combat("nuts-shooting", "4", rep=4, shots=1, kind="vampire", flags=("fast-moved",))
    assert out.value == 1
    out, _ = _combat("nuts-shooting", "4", rep=4, shots=1, kind="human", flags=("fast-moved",))
    assert out.value == 0
    out, _ = _combat("nuts-shooting", "4", rep=4, shots=1, kind="vampire", flags=("target-fast-moved",))
    assert out.value == 0


@pytest.mark.parametrize(("rep", "face", "status"), [
    (4, 6, "obviously-dead"), (4, 5, "out-of-the-fight"), (4, 4, "out-of-the-fight"), (4, 3, "duck-back"),
    (6, 6, "obviously-dead"), (6, 5, "duck-back"), (2, 1, "duck-back"), (2, 2, "out-of-the-fight"),
])
def test_nuts_shooting_damage_bands(rep, face, status):
    out, [roll] = _combat("nuts-shooting-damage", str(face), vs_rep=rep)
    assert (out.status, out.result, roll.target, roll.table) == (status, status, rep, "nuts-shooting-damage")


@pytest.mark.parametrize(("rep", "face", "status"), [
    (4, 4, "duck-back"), (4, 5, "out-of-the-fight"), (5, 5, "duck-back"), (5, 6, "obviously-dead"),
])
def test_monster_damage_is_rolled_against_rep_plus_one(rep, face, status):
    out, [roll] = _combat("ww2-monster-damage", str(face), vs_rep=rep)
    assert (out.status, roll.target) == (status, rep + 1)
    # the same through Shooting Damage when the target is a monster
    out, [roll] = _combat("nuts-shooting-damage", str(face), vs_rep=rep, vs_kind="monster")
    assert (out.status, roll.target) == (status, rep + 1)


@pytest.mark.parametrize(("table", "impact", "rep", "face", "flags", "result", "status"), [
    # score <= impact; over the impact up to the Rep; over the Rep
    ("ww2-zombie-melee-damage", 1, 2, 1, (), "severed-head", "obviously-dead"),
    ("ww2-zombie-melee-damage", 1, 2, 2, (), "no-effect", None),
    ("ww2-zombie-melee-damage", 1, 2, 3, (), "knocked-down", None),
    ("ww2-vampire-ranged-damage", 2, 4, 2, (), "no-effect", None),
    ("ww2-vampire-ranged-damage", 2, 4, 2, ("stake",), "no-effect", "out-of-the-fight"),
    ("ww2-vampire-ranged-damage", 2, 4, 3, ("stake",), "knocked-down", None),  # missed the heart
    ("ww2-vampire-ranged-damage", 2, 4, 4, (), "knocked-down", None),
    ("ww2-vampire-ranged-damage", 2, 4, 5, (), "no-effect", None),
    ("ww2-vampire-ranged-damage", 2, 4, 5, ("stake",), "no-effect", "out-of-the-fight"),
    ("ww2-werewolf-ranged-damage", 2, 4, 2, ("silver",), "no-effect", "obviously-dead"),
    ("ww2-werewolf-ranged-damage", 2, 4, 2, (), "no-effect", None),
    ("ww2-werewolf-ranged-damage", 2, 4, 4, ("silver",), "knocked-down", None),
    ("ww2-werewolf-ranged-damage", 2, 4, 5, ("silver",), "no-effect", "out-of-the-fight"),
    ("ww2-rocket-trooper-ranged-damage", 2, 4, 2, (), "obviously-dead", "obviously-dead"),
    ("ww2-rocket-trooper-ranged-damage", 2, 4, 3, ("airborne",), "knocked-down", None),
    ("ww2-rocket-trooper-ranged-damage", 2, 4, 4, (), "knocked-down", None),
    ("ww2-rocket-trooper-ranged-damage", 2, 4, 5, (), "out-of-the-fight", "out-of-the-fight"),
    ("ww2-rocket-trooper-ranged-damage", 2, 4, 5, ("airborne",), "out-of-the-fight", "obviously-dead"),
])
def test_creature_damage_bands(table, impact, rep, face, flags, result, status):
    out, [roll] = _combat(table, str(face), vs_rep=rep, impact=impact, flags=flags)
    assert (out.result, out.status) == (result, status)
    assert (roll.faces, roll.target, roll.table, roll.result) == ([face], rep, table, result)


@pytest.mark.parametrize(("faces", "status", "result"), [
    ("2,4", "obviously-dead", "put-down"),  # knocked down (2 <= impact 2), then 4 vs the shooter's Rep 4: destroyed
    ("2,5", None, "gets-up"),               # 5 fails: it springs up at its next activation
])
def test_zombie_ranged_damage_then_the_shooter_rolls(faces, status, result):
    out, [hit, follow] = _combat("ww2-zombie-ranged-damage", faces, rep=4, vs_rep=2, impact=2)
    assert (out.result, out.status) == ("knocked-down", status)
    assert (follow.spec, follow.target, follow.result) == ("pass:1d6", 4, result)
    out, [only] = _combat("ww2-zombie-ranged-damage", "3", rep=4, vs_rep=2, impact=2)
    assert (out.result, out.status) == ("no-effect", None)  # no follow-up roll


@pytest.mark.parametrize(("dice", "result", "value"), [
    # Rep 3 each: the first three faces are side 1's, a success is 1-3 (3 counts, 4 does not)
    ("3,4,4,1,2,6", "other-acts-first", -1),
    ("1,4,4,5,2,6", "tie", 0),
    ("4,5,6,4,5,6", "tie", 0),
    ("1,2,3,4,5,6", "acts-first", 3),
])
def test_nuts_in_sight_successes_and_ties(dice, result, value):
    out, rolls = _combat("nuts-in-sight", dice, rep=3, vs_rep=3, who="Rock", vs_who="Fritz")
    assert (out.result, out.value) == (result, value)
    assert [r.spec for r in rolls] == ["3d6", "3d6"]
    assert rolls[0].table == rolls[1].table == "nuts-in-sight"
    assert out.default == (result == "tie")  # the tie rule is ours (no seed says): labelled a default
    if result == "tie":
        assert out.text == "Equal successes: both leaders roll again."


def test_in_sight_creatures_roll_2d6_best_and_zombies_count_one():
    # a vampire Rep 2 rolls two pairs: (4,5) none, (6,1) one; the Rep 1 man rolls [4]: none
    out, rolls = _combat("nuts-in-sight", "4,5,6,1,4", rep=2, vs_rep=1, kind="vampire")
    assert (out.result, rolls[0].spec, rolls[0].value) == ("acts-first", "4d6", 1)
    out, rolls = _combat("nuts-in-sight", "4", rep=2, vs_rep=1, kind="zombie")
    assert (out.result, len(rolls)) == ("acts-first", 1)  # the zombie counts 1 success, no dice


@pytest.fixture
def firefight(engine):
    """A Weird WWII battle in progress: Able (Rep 4, a BAR: Target 3, impact 2) and Sgt
    Rock (Rep 5) against Fritz (Rep 4), Drac (a vampire, Rep 4) and a zombie."""
    from sqlmodel import Session, select

    from db.models import Equipment, Fighter

    c = create_campaign(engine, "Firefight", "nuts", expansions=["weird-ww2"])
    create_roster(engine, c.id, "Easy")
    create_roster(engine, c.id, "Jerry")
    add_fighter(engine, "Easy", "Sgt Rock", fighter_type="star", rep=5, role="leader")
    add_fighter(engine, "Easy", "Able", fighter_type="grunt", rep=4, weapons=["BAR"])
    add_fighter(engine, "Jerry", "Fritz", fighter_type="grunt", rep=4)
    add_fighter(engine, "Jerry", "Drac", fighter_type="grunt", rep=4, kind="vampire")
    with Session(engine) as s:
        able = s.exec(select(Fighter).where(Fighter.name == "Able")).one()
        bar = s.exec(select(Equipment).where(Equipment.fighter_id == able.id)).one()
        bar.targets, bar.impact = 3, 2
        s.add(bar)
        s.commit()
    b = setup_battle(engine, c.id, ["Easy", "Jerry"], scenario="Patrol", attacker="Easy")
    start_battle(engine, b.id)
    return c, b.id


def _figure(engine, battle, name):
    from campaign_app.usecases.table import table_view

    return next(f for f in table_view(engine, battle)["figures"] if f["name"] == name)


def test_shooting_at_the_table_uses_the_weapon_and_marks_the_hit(engine, firefight, db_url, capsys):
    c, battle = firefight
    out = json.loads(cli(db_url, capsys, "--json", "roll", "nuts-shooting", "--battle", str(battle),
                         "--fighter", "Able", "--target-fighter", "Fritz", "--flag", "cover",
                         "--dice", "4,6,1").out)
    # the BAR's Target 3: three dice + Rep 4: 8 in cover misses, 10 hits, 5 misses
    assert (out["value"], out["result"], out["faces"]) == (1, "hit", [4, 6, 1])
    assert out["applied"] == ["Able scores a hit"]
    [rec] = roll_log(engine, c.id, battle=battle, table="nuts-shooting")
    assert (rec["faces"], rec["value"], rec["result"], rec["subject"], rec["dice"], rec["source"]) == (
        [4, 6, 1], 1, "hit", "Able", "3d6", "typed")
    assert _figure(engine, battle, "Able")["scored_hit"] is True
    # the text: the dice, the row, the outcome, a line per die
    text = cli(db_url, capsys, "roll", "nuts-shooting", "--battle", str(battle), "--fighter", "Able",
               "--shots", "1", "--dice", "3").out
    assert text.splitlines()[0] == "Shooting: 1d6 [3] = 0 -> 0 hits: missed: outgunned targets duck back, the others " \
        "return fire (or duck back if they already have, or carry on if they cannot fire); chargers keep coming"
    assert "die 1 at target 1: 3 + Rep 4 = 7 (3-7): miss" in text


def test_shooting_damage_at_the_table_marks_the_target(engine, firefight, db_url, capsys):
    c, battle = firefight
    out = json.loads(cli(db_url, capsys, "--json", "roll", "nuts-shooting-damage", "--battle", str(battle),
                         "--fighter", "Able", "--target-fighter", "Fritz", "--dice", "4").out)
    assert (out["result"], out["status"], out["target"]) == ("out-of-the-fight", "out-of-the-fight", 4)
    fritz = _figure(engine, battle, "Fritz")
    assert (fritz["status"], fritz["by"]) == ("out-of-the-fight", "Able")  # on the battle page, by Able
    [rec] = roll_log(engine, c.id, battle=battle, table="nuts-shooting-damage")
    assert (rec["faces"], rec["target"], rec["result"], rec["subject"]) == ([4], 4, "out-of-the-fight", "Fritz")
    # one undo step takes the mark back
    cli(db_url, capsys, "undo", str(c.id))
    assert _figure(engine, battle, "Fritz")["status"] == "carry-on"


def test_shooting_damage_on_a_vampire_rolls_its_own_table(engine, firefight, db_url, capsys):
    c, battle = firefight
    # the BAR's impact 2: a 2 is "no effect", but a stake puts the vampire Out of the Fight
    out = json.loads(cli(db_url, capsys, "--json", "roll", "nuts-shooting-damage", "--battle", str(battle),
                         "--fighter", "Able", "--target-fighter", "Drac", "--dice", "2").out)
    assert (out["result"], out["status"], out["applied"]) == ("no-effect", None, [])
    assert _figure(engine, battle, "Drac")["status"] == "carry-on"
    out = json.loads(cli(db_url, capsys, "--json", "roll", "nuts-shooting-damage", "--battle", str(battle),
                         "--fighter", "Able", "--target-fighter", "Drac", "--flag", "stake", "--dice", "2").out)
    assert (out["result"], out["status"]) == ("no-effect", "out-of-the-fight")
    assert _figure(engine, battle, "Drac")["status"] == "out-of-the-fight"
    recs = roll_log(engine, c.id, battle=battle)
    assert [(r["table"], r["faces"], r["result"]) for r in recs] == [
        ("ww2-vampire-ranged-damage", [2], "no-effect"), ("ww2-vampire-ranged-damage", [2], "no-effect")]


def test_in_sight_at_the_table_records_both_leaders(engine, firefight, db_url, capsys):
    c, battle = firefight
    out = json.loads(cli(db_url, capsys, "--json", "roll", "nuts-in-sight", "--battle", str(battle),
                         "--fighter", "Sgt Rock", "--target-fighter", "Fritz",
                         "--dice", "1,4,5,6,6,2,4,5,6").out)
    assert (out["result"], out["label"], out["default"]) == ("tie", "Tie (1 to 1)", True)
    recs = roll_log(engine, c.id, battle=battle, table="nuts-in-sight")
    assert [(r["subject"], r["faces"], r["value"]) for r in recs] == [
        ("Sgt Rock", [1, 4, 5, 6, 6], 1), ("Fritz", [2, 4, 5, 6], 1)]
    assert "(default)" in cli(db_url, capsys, "roll", "nuts-in-sight", "--battle", str(battle), "--fighter",
                              "Sgt Rock", "--target-fighter", "Fritz", "--dice", "1,4,5,6,6,2,4,5,6").out


@pytest.mark.parametrize(("argv", "message"), [
    (["nuts-shooting", "--fighter", "Able", "--flag", "smoke", "--dice", "1,2,3"],
     "error: Shooting takes no flag 'smoke' (its flags: fast-moved, target-fast-moved, charging, cover)"),
    (["nuts-shooting", "--fighter", "Able", "--per-die", "1,2", "--dice", "1,2,3"],
     "error: Shooting: 2 targets given for 3 dice (one per die, e.g. --per-die 1,1,1)"),
    (["nuts-shooting", "--fighter", "Able", "--dice", "1,2"],
     "error: not enough dice typed: 2 given, the next roll needs 3d6 for Able: Shooting"),
    (["nuts-shooting-damage", "--fighter", "Able", "--dice", "4"],
     "error: Shooting Damage needs the other figure's Rep (--vs-rep, or --target-fighter at the table)"),
    (["nuts-shooting-damage", "--target-fighter", "Nobody", "--dice", "4"],
     "error: target fighter 'Nobody' is not in the rosters of this battle"),
    (["nuts-activation", "--fighter", "Able", "--impact", "2", "--dice", "4"],
     "error: nuts-activation is a plain table: it takes no --target-fighter, --rep, --vs-rep, --impact, --shots, "
     "--weapon, --flag or --per-die"),
    (["ww2-vampire-ranged-damage", "--target-fighter", "Drac", "--dice", "4"],
     "error: Vampire Ranged Damage needs the weapon's impact (--impact, or the shooter's weapon)"),
])
def test_combat_rolls_refuse_bad_input_in_one_line(engine, firefight, db_url, capsys, snap, argv, message):
    c, battle = firefight
    before = snap(engine)
    err = cli(db_url, capsys, "roll", argv[0], "--battle", str(battle), *argv[1:], code=(1, 2)).err
    assert err.strip() == message and err.count("\n") == 1
    assert snap(engine) == before  # nothing written: no roll, no mark


def test_damage_on_a_figure_already_down_is_refused(engine, firefight, db_url, capsys, snap):
    c, battle = firefight
    cli(db_url, capsys, "roll", "nuts-shooting-damage", "--battle", str(battle), "--target-fighter", "Fritz",
        "--dice", "6")
    assert _figure(engine, battle, "Fritz")["status"] == "obviously-dead"
    before = snap(engine)
    err = cli(db_url, capsys, "roll", "nuts-shooting-damage", "--battle", str(battle), "--target-fighter", "Fritz",
              "--dice", "6", code=(1, 2)).err
    assert err.strip() == "error: Fritz is obviously dead already"
    assert snap(engine) == before


def test_combat_tables_still_print_on_the_qrs_card():
    """The bands the procedures read are data, not print: the cards show the seed's words
    (and our In Sight tie rule says it is a default)."""
    from campaign_app.rules import load_rulebook
    from campaign_app.systems.qrs import table_card

    book = load_rulebook()
    sight = table_card(book.table("nuts-in-sight"))
    assert sight["columns"] == ["Step", "Effect"]
    assert ["Tie", "Equal successes: both leaders roll again. (default)"] in sight["rows"]
    shooting = table_card(book.table("nuts-shooting"))
    assert shooting["columns"] == ["1d6 + Rep", "Result", "Effect"]
    assert [r[0] for r in shooting["rows"]] == ["3-7", "8", "9", "10+"]
    for tid in ("nuts-shooting-damage", "ww2-zombie-melee-damage", "ww2-zombie-ranged-damage",
                "ww2-vampire-ranged-damage", "ww2-werewolf-ranged-damage", "ww2-rocket-trooper-ranged-damage"):
        card = table_card(book.table(tid))
        assert card["columns"] == ["Score (1d6)", "Result", "Effect"], tid
        assert len(card["rows"]) == 3
