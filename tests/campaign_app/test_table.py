"""A whole game at the table, on SQLite and PostgreSQL: the battle set up with typed dice
(scenario rolled, who attacks, a Necromunda crew drawn), marks during play (with an
undo), a zombie arrival adding creatures, a walker Penetration roll recorded against the
battle, the finish, After the Battle from the tracked results, and a Star's free bite in
two games running. Bad input writes nothing."""

from __future__ import annotations

import json

import pytest

from campaign_app.cli import main
from campaign_app.errors import InputError
from campaign_app.systems.nuts.creatures import add_walker, generate_creatures, zombie_arrival
from campaign_app.usecases import (
    add_fighter,
    create_campaign,
    create_roster,
    edit_fighter,
    roll_log,
    show_roster,
    undo,
)
from campaign_app.usecases.battles import after_battle, list_battles, show_battle
from campaign_app.usecases.table import (
    battle_roll,
    casualties,
    finish_battle,
    hit,
    setup_battle,
    start_battle,
    table_view,
    track,
    undo_mark,
)


def figures(engine, battle) -> dict[str, dict]:
    return {f["name"]: f for f in table_view(engine, battle)["figures"]}


# --------------------------------------------------------------------------- NUTS! / Weird WWII
@pytest.fixture
def weird(engine):
    c = create_campaign(engine, "Night Shift", "nuts", expansions=["weird-ww2"])
    create_roster(engine, c.id, "Easy")
    create_roster(engine, c.id, "Horde")
    add_fighter(engine, "Easy", "Sgt Rock", fighter_type="star", rep=5, role="leader")
    for name, rep in (("Able", 4), ("Baker", 4), ("Charlie", 3)):
        add_fighter(engine, "Easy", name, fighter_type="grunt", rep=rep)
    generate_creatures(engine, "Horde", "zombie", 1)
    add_walker(engine, "Easy", "Ironside", "soviet-medium", {"commander": 4, "driver": 4, "gunner": 4})
    return c


def test_a_whole_game_at_the_table_then_a_second_one(engine, weird, snap):
    c = weird
    # setup: scenario d6 4 -> Defend; who attacks: Easy 6, Horde 2
    b = setup_battle(engine, c.id, ["Easy", "Horde"], dice="4,6,2")
    assert (b.state, b.scenario, b.scenario_rolled, b.attacker) == ("setup", "Defend", True, "Easy")
    assert show_battle(engine, b.id)["scenario"] == "Defend"
    log = roll_log(engine, c.id, battle=b.id)
    assert [(r["dice"], r["value"]) for r in log] == [("d6", 4), ("d6", 6), ("d6", 2)]
    assert log[0]["table"] == "nuts-scenario" and log[0]["label"] == "Defend"
    assert set(figures(engine, b.id)) >= {"Sgt Rock", "Able", "Baker", "Charlie", "Zombie 1", "Ironside"}
    # no marks before the game starts, no After the Battle before it ends
    with pytest.raises(InputError, match="is being set up: cannot mark what happens"):
        track(engine, b.id, "Able", "duck-back")
    start_battle(engine, b.id)
    with pytest.raises(InputError, match="finish it before After the Battle"):
        after_battle(engine, b.id, seed=1)

    # marks during play, one undone
    track(engine, b.id, "Sgt Rock", "bitten")
    track(engine, b.id, "Able", "out-of-the-fight", by="Zombie 1")
    m = track(engine, b.id, "Baker", "obviously-dead")
    assert m.before == "carry-on" and m.changes.battles == frozenset({b.id})
    assert figures(engine, b.id)["Baker"]["status"] == "obviously-dead"
    undo_mark(engine, b.id)
    assert figures(engine, b.id)["Baker"]["status"] == "carry-on"
    assert [x["text"] for x in table_view(engine, b.id)["marks"]] == [
        "Sgt Rock: bitten", "Able: out of the fight (by Zombie 1)"]
    # bad marks: one-line messages, nothing written
    before = snap(engine)
    for bad, msg in ((lambda: track(engine, b.id, "Able", "asleep"), "not one of"),
                     (lambda: track(engine, b.id, "Nobody", "duck-back"), "not in the rosters"),
                     (lambda: track(engine, b.id, "Baker", "duck-back", by="Charlie"), "same roster"),
                     (lambda: casualties(engine, b.id, "Able", 1), "only units")):
        with pytest.raises(InputError, match=msg):
            bad()
    assert snap(engine) == before

    # shots fired: zombie arrival, urban (3): 1,2 = pass 2 -> 1d3+1 with a 5 = 4 zombies
    z = zombie_arrival(engine, b.id, "urban", dice="1,2,5")
    assert (z.support, z.passes, z.count, z.roster) == (3, 2, 4, "Horde")
    assert z.zombies == ["Zombie 2", "Zombie 3", "Zombie 4", "Zombie 5"]
    horde = {f["name"]: f for f in show_roster(engine, "Horde")["fighters"]}
    assert all(horde[n]["kind"] == "zombie" and horde[n]["rep"] == 2 for n in z.zombies)
    seen = figures(engine, b.id)
    assert all(seen[n]["status"] == "carry-on" for n in z.zombies)  # they fight at once
    # a quiet moment: pass 0, nobody comes (and the Undo of that step removes nothing else)
    z0 = zombie_arrival(engine, b.id, "rural", dice="6,6")
    assert (z0.passes, z0.count, z0.zombies) == (0, 0, [])

    # the walker is hit: Penetration, 2d6 vs APR - AR = 2: 1,5 = pass 1 -> disabled
    pen = battle_roll(engine, b.id, "ww2-walker-penetration", target=2, dice="1,5")
    assert (pen.value, pen.result, pen.recorded) == (1, "disabled", True)
    # then the Driver Disabled test for a crew member: his Rep is the target
    dd = battle_roll(engine, b.id, "ww2-walker-driver-disabled", fighter="Ironside Gunner", dice="6")
    assert (dd.target, dd.result) == (4, "out-of-the-fight")
    tables = [r["table"] for r in roll_log(engine, c.id, battle=b.id)]
    assert "ww2-walker-penetration" in tables and "ww2-walker-driver-disabled" in tables
    assert "ww2-zombie-arrival" in tables

    finish_battle(engine, b.id, winner="Easy")
    assert list_battles(engine, c.id)[-1]["winner"] == "Easy"
    with pytest.raises(InputError, match="is finished"):
        hit(engine, b.id, "Charlie")

    # After the Battle from what was tracked: nothing typed again
    rep = after_battle(engine, b.id, seed=5, options={"replacements": False})
    bite = [s for s in rep.steps if s["rule"] == "They Can Sure Bite"]
    assert len(bite) == 1 and bite[0]["subject"] == "Sgt Rock" and "first bite" in bite[0]["text"]
    assert bite[0]["roll"] is None
    easy = {f["name"]: f for f in show_roster(engine, "Easy")["fighters"]}
    assert easy["Able"]["status"] == "turned"  # out of the fight in zombie melee
    assert easy["Baker"]["status"] == "active"  # the undone mark left him standing
    assert easy["Sgt Rock"]["status"] == "active"

    # the next game: the Star's first bite is free again; bitten a second time, he rolls
    b2 = setup_battle(engine, c.id, ["Easy", "Horde"], scenario="Night at the mill", attacker="Horde")
    assert (b2.scenario, b2.scenario_rolled, b2.attacker, b2.rolls) == ("Night at the mill", False, "Horde", [])
    assert "Able" not in b2.taking_part  # turned: never offered again
    start_battle(engine, b2.id)
    track(engine, b2.id, "Sgt Rock", "bitten")
    finish_battle(engine, b2.id)
    rep2 = after_battle(engine, b2.id, seed=5, options={"replacements": False})
    bite2 = [s for s in rep2.steps if s["rule"] == "They Can Sure Bite"]
    assert len(bite2) == 1 and bite2[0]["roll"] is None and "first bite" in bite2[0]["text"]

    b3 = setup_battle(engine, c.id, ["Easy"], scenario="Patrol")
    start_battle(engine, b3.id)
    track(engine, b3.id, "Sgt Rock", "bitten")
    track(engine, b3.id, "Sgt Rock", "bitten")  # twice in one game: the second is rolled
    finish_battle(engine, b3.id)
    rep3 = after_battle(engine, b3.id, dice="6", options={"replacements": False})
    bite3 = [s for s in rep3.steps if s["rule"] == "They Can Sure Bite"]
    assert [s["roll"] is None for s in bite3] == [True, False]
    assert {f["name"]: f for f in show_roster(engine, "Easy")["fighters"]}["Sgt Rock"]["status"] == "turned"


def test_setup_is_one_undo_step_and_refuses_bad_input(engine, weird, snap):
    c = weird
    before = snap(engine)
    for kwargs, msg in (({"attacker": "Nobody"}, "not one of the battle's rosters"),
                        ({"picks": ["Nobody"]}, "not in the rosters"),
                        ({"dice": "4"}, "no more typed dice|needs|dice")):
        with pytest.raises(Exception, match=msg):
            setup_battle(engine, c.id, ["Easy", "Horde"], **kwargs)
    assert snap(engine) == before
    b = setup_battle(engine, c.id, ["Easy", "Horde"], seed=3)
    assert show_battle(engine, b.id)["number"] == 1
    undo(engine, c.id)
    after = snap(engine)
    for table in ("battle", "battle_roster", "battle_result", "battle_mark", "fighter"):
        assert after[table] == before[table]


# --------------------------------------------------------------------------- Necromunda
@pytest.fixture
def hive(engine):
    c = create_campaign(engine, "Hive War", "necromunda", edition="n23")
    create_roster(engine, c.id, "Goliaths")
    create_roster(engine, c.id, "Eschers")
    for n in ("Krug", "Brak", "Mog", "Tusk", "Grog", "Vex", "Dread", "Nabbed"):
        add_fighter(engine, "Goliaths", n)
    for n in ("Ana", "Bea", "Cat"):
        add_fighter(engine, "Eschers", n)
    edit_fighter(engine, "Vex", status="in-recovery")
    edit_fighter(engine, "Dread", status="dead")
    edit_fighter(engine, "Nabbed", status="captured")
    return c


def test_necromunda_crew_picked_and_drawn(engine, hive, snap):
    c = hive
    # scenario 3 (Sneak Attack); attack 5 vs 2; D3 with a 4 = 2 more; draws: 2nd of
    # (Mog, Tusk, Grog) = Tusk, then 1st of (Mog, Grog) = Mog
    b = setup_battle(engine, c.id, ["Goliaths", "Eschers"], picks=["Krug", "Brak"], dice="3,5,2,4,2,1")
    assert b.scenario == "Sneak Attack" and b.attacker == "Goliaths"
    assert b.crews == {"Goliaths": {"picked": ["Krug", "Brak"], "drawn": ["Tusk", "Mog"]}}
    assert set(b.taking_part) == {"Krug", "Brak", "Mog", "Tusk", "Ana", "Bea", "Cat"}
    draws = [r for r in roll_log(engine, c.id, battle=b.id) if r["rule"] == "Crew drawn at random"]
    assert [r["value"] for r in draws] == [2, 2, 1] and draws[1]["subject"] == "Tusk"
    offered = " ".join(r["purpose"] for r in draws)
    for never in ("Vex", "Dread", "Nabbed"):  # in recovery, dead, captured: never offered
        assert never not in offered
    before = snap(engine)
    with pytest.raises(InputError, match="in-recovery and cannot take part"):
        setup_battle(engine, c.id, ["Goliaths", "Eschers"], picks=["Vex"], seed=1)
    assert snap(engine) == before

    start_battle(engine, b.id)
    track(engine, b.id, "Ana", "out-of-action", by="Krug")
    hit(engine, b.id, "Krug")
    track(engine, b.id, "Bea", "seriously-injured")
    undo_mark(engine, b.id)
    with pytest.raises(InputError, match="already scored a hit"):
        hit(engine, b.id, "Krug")
    with pytest.raises(InputError, match="not in the rosters"):
        track(engine, b.id, "Grog", "out-of-action")  # not in the crew
    finish_battle(engine, b.id, winner="Goliaths")
    shown = {r["name"]: r for r in show_battle(engine, b.id)["results"]}
    assert shown["Ana"]["status"] == "out-of-action" and shown["Bea"]["status"] == "fine"
    assert shown["Krug"]["scored_hit"] is True and "Grog" not in shown
    rep = after_battle(engine, b.id, dice="2,5")  # Ana's lasting injury: 25
    assert [s["subject"] for s in rep.steps if s["roll"]] == ["Ana"]
    xp = {s["subject"]: s["text"] for s in rep.steps if s["rule"] == "Experience"}
    assert "Ana out of action" in xp["Krug"]


def test_undo_mark_refuses_what_is_not_a_mark(engine, hive):
    c = hive
    b = setup_battle(engine, c.id, ["Goliaths", "Eschers"], seed=2)
    start_battle(engine, b.id)
    with pytest.raises(InputError, match="not a mark of battle"):
        undo_mark(engine, b.id)
    assert table_view(engine, b.id)["state"] == "in-progress"


# --------------------------------------------------------------------------- squads
def test_unit_casualties_tracked(engine):
    from campaign_app.usecases.units import add_unit

    c = create_campaign(engine, "Hill 60", "fubar")
    create_roster(engine, c.id, "Reds")
    add_unit(engine, "Reds", "Rifles", figures=6)
    b = setup_battle(engine, c.id, ["Reds"], dice="2")
    assert b.scenario == "Seize the objective" and b.attacker is None
    start_battle(engine, b.id)
    casualties(engine, b.id, "Rifles", 2)
    with pytest.raises(InputError, match="give 0 to 6"):
        casualties(engine, b.id, "Rifles", 7)
    assert figures(engine, b.id)["Rifles"]["casualties"] == 2


# --------------------------------------------------------------------------- CLI
def test_cli_at_the_table(engine, hive, capsys, db_url):
    def run(*argv):
        assert main(["--db", db_url, *argv]) in (0, None)
        return capsys.readouterr().out

    out = run("battle", "setup", "Hive War", "--roster", "Goliaths", "--roster", "Eschers",
              "--pick", "Krug", "--dice", "1,6,1,1,1")
    assert "set up battle 1 (id 1): Border Dispute (default) (rolled): Both gangs fight" in out and "drawn Brak" in out
    run("battle", "start", "1")
    assert run("battle", "track", "1", "Ana", "out-of-action", "--by", "Krug").strip() == "Ana: out of action (by Krug)"
    assert "scores a hit" in run("battle", "hit", "1", "Krug")
    d = json.loads(run("--json", "battle", "table", "1"))
    assert d["state"] == "in-progress" and [m["text"] for m in d["marks"]][-1] == "Krug scores a hit"
    out = run("roll", "n23-lasting-injury", "--battle", "1", "--dice", "1,1")
    assert "Lasting" in out
    assert "battle 1 finished: Goliaths wins" in run("battle", "finish", "1", "--winner", "Goliaths")


# --------------------------------------------------------------------------- JSON
def test_export_and_import_carry_the_table(engine, hive):
    from campaign_app.usecases.datafiles import export_json, import_json

    c = hive
    b = setup_battle(engine, c.id, ["Goliaths", "Eschers"], picks=["Krug"], dice="3,5,2,1,1")
    start_battle(engine, b.id)
    track(engine, b.id, "Ana", "out-of-action", by="Krug")
    hit(engine, b.id, "Krug")
    doc = export_json(engine, c.id)
    (bd,) = doc["battles"]
    assert (bd["state"], bd["attacker"]) == ("in-progress", "r1")
    assert bd["setup"]["crews"] == {"Goliaths": {"picked": ["Krug"], "drawn": ["Brak"]}}
    assert [(m["kind"], m["value"], m["before"]) for m in bd["marks"]] == [
        ("status", "out-of-action", "fine"), ("hit", "hit", "")]
    new = import_json(engine, doc, rename="Hive War (copy)", backup=False)
    (copy,) = list_battles(engine, new.id)
    view = table_view(engine, copy["id"])
    assert (view["state"], view["attacker"], view["scenario"]) == ("in-progress", "Goliaths", "Sneak Attack")
    assert [m["text"] for m in view["marks"]] == ["Ana: out of action (by Krug)", "Krug scores a hit"]
    # the game goes on in the copy
    track(engine, copy["id"], "Bea", "out-of-action")
    finish_battle(engine, copy["id"])
    # a document of before (no table fields) still reads: a finished battle
    for key in ("state", "attacker", "setup", "marks"):
        del bd[key]
    old = import_json(engine, doc, rename="Hive War (old)", backup=False)
    assert table_view(engine, list_battles(engine, old.id)[0]["id"])["state"] == "finished"


# --------------------------------------------------------------------------- FUBAR cannons
def test_fubar_cannons_only_on_vehicles_and_bunkers(engine, snap):
    from campaign_app.usecases.units import add_unit, edit_unit

    c = create_campaign(engine, "Cannons", "fubar")
    create_roster(engine, c.id, "Reds")
    before = snap(engine)
    for gun in ("Light cannon", "Heavy cannon"):  # seed 004: only tanks or bunkers mount cannons
        with pytest.raises(InputError, match=f"{gun}: only tanks and bunkers can mount it, and Rifles is infantry"):
            add_unit(engine, "Reds", "Rifles", figures=6, weapons=[gun])
    assert snap(engine) == before
    add_unit(engine, "Reds", "Tiger", figures=1, unit_type="vehicle", armour="heavy", weapons=["Heavy cannon"])
    add_unit(engine, "Reds", "Pillbox", figures=2, unit_type="bunker", weapons=["Light cannon"])
    add_unit(engine, "Reds", "Rifles", figures=6)
    with pytest.raises(InputError, match="only tanks and bunkers"):
        edit_unit(engine, "Rifles", add_weapons=["Light cannon"])
    with pytest.raises(InputError, match="and Tiger is infantry"):
        edit_unit(engine, "Tiger", unit_type="infantry")


def test_removing_a_fighter_who_took_someone_out_keeps_the_marks(engine, hive):
    from campaign_app.usecases import remove_fighter

    c = hive
    b = setup_battle(engine, c.id, ["Goliaths", "Eschers"], seed=4)
    start_battle(engine, b.id)
    track(engine, b.id, "Krug", "out-of-action", by="Ana")
    remove_fighter(engine, "Ana")
    assert [m["text"] for m in table_view(engine, b.id)["marks"]] == ["Krug: out of action"]
    undo(engine, c.id)
    assert [m["text"] for m in table_view(engine, b.id)["marks"]] == ["Krug: out of action (by Ana)"]
