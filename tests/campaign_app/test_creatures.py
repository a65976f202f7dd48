"""Weird WWII use-cases on SQLite and PostgreSQL: creature generation (one undo step,
rolls recorded with the new fighters' ids), walker types, walkers with their crews,
and the CLI commands. Bad input writes nothing."""

from __future__ import annotations

import json

import pytest
from sqlmodel import select

from campaign_app.cli import main
from campaign_app.dice import Roller
from campaign_app.errors import DiceError, InputError, NotFoundError
from campaign_app.systems.nuts.creatures import (
    add_walker,
    add_walker_type,
    crew_roles,
    generate_creatures,
    list_walker_types,
    parse_pair,
    walker_crew,
)
from campaign_app.usecases import (
    add_fighter,
    create_campaign,
    create_roster,
    roll_log,
    set_house_rule,
    show_roster,
    undo,
)
from db.models import Fighter, WalkerType
from db.uow import read_session


@pytest.fixture
def camp(engine):
    c = create_campaign(engine, "Weird", "nuts", expansions=["weird-ww2"])
    create_roster(engine, c.id, "Easy")
    create_roster(engine, c.id, "Horde")
    return c


def fighters(engine, roster="Horde"):
    return show_roster(engine, roster)["fighters"]


# --------------------------------------------------------------------------- creatures
GEN = {
    "vampire": (4, 5, 6), "werewolf": (4, 5, 6), "monster": (4, 5, 6),
    "armoured-light": (3, 4, 5), "armoured-heavy": (3, 4, 5), "rocket-trooper": (3, 4, 5),
}


def test_each_kind_rolls_its_table_and_records_the_roll(engine, camp):
    for kind, (low, mid, high) in GEN.items():
        made = generate_creatures(engine, "Horde", kind, 3, dice="2,5,6").creatures
        assert [f.rep for f in made] == [low, mid, high]
        assert all(f.kind == kind and f.abilities for f in made)
        log = roll_log(engine, camp.id, table=f"ww2-gen-{kind}")
        assert [r["fighter_id"] for r in log] == [f.id for f in made]
        assert [r["subject"] for r in log] == [f.name for f in made]
        assert [r["faces"] for r in log] == [[2], [5], [6]]
        assert all(r["source"] == "typed" and r["rule"] == "Creature Rep" for r in log)
    armoured = [f for f in fighters(engine) if f["kind"].startswith("armoured")]
    assert {f["stats"]["armour"] for f in armoured} == {1, 2}


def test_zombies_are_rep_2_and_roll_nothing(engine, camp):
    made = generate_creatures(engine, "Horde", "zombie", 5).creatures
    assert [f.rep for f in made] == [2] * 5
    assert [f.name for f in made] == [f"Zombie {i}" for i in range(1, 6)]
    assert roll_log(engine, camp.id) == []
    assert "Always Rep 2." in fighters(engine)[0]["abilities"]


def test_super_is_rep_5_without_a_roll(engine, camp):
    made = generate_creatures(engine, "Horde", "vampire", 2, super_=True).creatures
    assert [f.rep for f in made] == [5, 5]
    assert roll_log(engine, camp.id) == []


def test_numbers_run_on_through_the_campaign(engine, camp):
    generate_creatures(engine, "Horde", "zombie", 2)
    made = generate_creatures(engine, "Easy", "zombie", 2).creatures
    assert [f.name for f in made] == ["Zombie 3", "Zombie 4"]


def test_a_batch_is_one_undo_step(engine, camp, snap):
    before = snap(engine)
    generate_creatures(engine, "Horde", "werewolf", 4, dice=[1, 2, 3, 4])
    assert len(fighters(engine)) == 4
    undone = undo(engine, camp.id)
    assert undone.action == "creature.generate"
    assert undone.changes.structure and len(undone.changes.fighters) == 4
    assert fighters(engine) == []
    assert all(r["undone"] for r in roll_log(engine, camp.id))
    after = snap(engine)
    assert after["fighter"] == before["fighter"]


def test_house_ruled_generation_table_is_used(engine, camp):
    set_house_rule(engine, camp.id, "ww2-gen-monster", {
        "title": "Big monsters", "dice": "d6",
        "rows": [{"roll": "1-6", "result": "rep-6", "label": "Rep 6", "effects": [{"op": "set-rep", "value": 6}]}],
    })
    (m,) = generate_creatures(engine, "Horde", "monster", dice="1").creatures
    assert m.rep == 6
    assert roll_log(engine, camp.id, table="ww2-gen-monster")[0]["label"] == "Rep 6"


def test_seeded_generation_repeats(engine, camp):
    a = [f.rep for f in generate_creatures(engine, "Horde", "monster", 10, seed=3).creatures]
    b = [f.rep for f in generate_creatures(engine, "Easy", "monster", 10, seed=3).creatures]
    assert a == b


def test_roller_passed_in_keeps_the_rolls(engine, camp):
    roller = Roller.from_options([3, 6])
    made = generate_creatures(engine, "Horde", "rocket-trooper", 2, roller=roller).creatures
    assert [r.fighter_id for r in roller.rolls] == [f.id for f in made]


@pytest.mark.parametrize("call,error,match", [
    (dict(kind="ghoul"), InputError, "unknown creature kind 'ghoul': choose zombie, vampire"),
    (dict(kind="walker"), InputError, "walker add"),
    (dict(kind="zombie", super_=True), InputError, "always Rep 2"),
    (dict(kind="vampire", count=0), InputError, "1 to 100"),
    (dict(kind="vampire", count=101), InputError, "1 to 100"),
    (dict(kind="vampire", count="many"), InputError, "not a whole number"),
    (dict(kind="vampire", dice="7"), DiceError, "1 to 6"),
    (dict(kind="vampire", count=2, dice="3"), DiceError, "not enough dice"),
    (dict(kind="vampire", count=1, dice="3,4"), DiceError, "too many dice"),
    (dict(kind="zombie", dice="3"), DiceError, "too many dice"),
    (dict(kind="vampire", dice="3", seed=2), DiceError, "not both"),
    (dict(kind="vampire", roster="Nobody"), NotFoundError, "no roster 'Nobody'"),
])
def test_bad_input_writes_nothing(engine, camp, snap, call, error, match):
    before = snap(engine)
    args = {"roster": "Horde", **call}
    with pytest.raises(error, match=match):
        generate_creatures(engine, args.pop("roster"), args.pop("kind"), **args)
    assert snap(engine) == before


def test_creatures_need_the_expansion(engine, snap):
    c = create_campaign(engine, "Plain", "nuts")
    create_roster(engine, c.id, "Squad")
    before = snap(engine)
    with pytest.raises(InputError, match="weird-ww2"):
        generate_creatures(engine, "Squad", "zombie")
    with pytest.raises(InputError, match="weird-ww2"):
        add_walker_type(engine, c.id, "X", 1, 1)
    assert snap(engine) == before


def test_rep_9_on_fighter_add_writes_nothing(engine, camp, snap):
    before = snap(engine)
    with pytest.raises(InputError, match="rep: 9 is outside 1..6"):
        add_fighter(engine, "Easy", "Sgt Rock", fighter_type="star", rep=9)
    with pytest.raises(InputError, match="weird-ww2|kind"):
        add_fighter(engine, "Easy", "Thing", rep=3, kind="ghoul")
    assert snap(engine) == before


# --------------------------------------------------------------------------- walkers
def test_shipped_soviet_walker_is_listed_and_usable_without_adding(engine, camp):
    types = list_walker_types(engine, camp.id)
    (soviet,) = [t for t in types if t["key"] == "soviet-medium"]
    assert soviet["source"] == "shipped"
    assert (soviet["armour_front"], soviet["armour_side"], soviet["armour_top"]) == (3, 2, 1)
    assert (soviet["gun1"], soviet["gun2"], soviet["aa_mg"], soviet["hull_mg"]) == ("4", "Grenade", False, True)
    w = add_walker(engine, "Easy", "Red Bear", "soviet-medium", {"commander": 4, "driver": 3, "gunner": 5})
    assert w.kind == "walker" and w.rep is None and w.walker_type_id is None
    assert w.stats["armour_top"] == 1 and w.stats["walker_type"] == "soviet-medium"
    crew = walker_crew(engine, w.id)
    assert [(c["role"], c["rep"], c["crew_of_id"]) for c in crew] == [
        ("Commander", 4, w.id), ("Driver", 3, w.id), ("Gunner", 5, w.id)]
    assert [c["name"] for c in crew] == ["Red Bear Commander", "Red Bear Driver", "Red Bear Gunner"]
    # by its name too
    add_walker(engine, "Easy", "Red Wolf", "soviet medium walker", {"commander": 4, "driver": 3, "gunner": 5})


def test_user_walker_type(engine, camp):
    t = add_walker_type(engine, camp.id, "Panzerläufer", 4, 3, gun1="5", gun2="grenade", aa_mg=True,
                        hull_mg=False, speed_road=20, speed_cc=10, crew=3, nation="Germany")
    assert t.armour_top == 1 and t.gun2 == "Grenade"
    types = list_walker_types(engine, camp.id)
    assert [x["name"] for x in types] == ["Soviet Medium Walker", "Panzerläufer"]
    assert types[1]["armour_top"] == 1 and types[1]["source"] == "campaign"
    w = add_walker(engine, "Easy", "Fritz", "Panzerläufer", {"Commander": 4, "driver": "3", "gunner": 4})
    assert w.walker_type_id == t.id and w.stats["aa_mg"] is True and w.stats["speed_cc"] == 10
    w2 = add_walker(engine, "Easy", "Franz", str(t.id), {"commander": 4, "driver": 3, "gunner": 4})
    assert w2.walker_type_id == t.id


def test_small_crews(engine, camp):
    assert crew_roles(2) == ("commander", "driver") and crew_roles(1) == ("driver",)
    add_walker_type(engine, camp.id, "Tankette", 1, 1, gun1="2", speed_road=30, crew=2)
    w = add_walker(engine, "Easy", "Tiny", "Tankette", {"commander": 3, "driver": 3})
    assert [c["role"] for c in walker_crew(engine, w.id)] == ["Commander", "Driver"]


def test_walker_add_is_one_undo_step(engine, camp):
    add_walker(engine, "Easy", "Red Bear", "soviet-medium", {"commander": 4, "driver": 3, "gunner": 5})
    assert len(fighters(engine, "Easy")) == 4
    assert undo(engine, camp.id).action == "walker.add"
    assert fighters(engine, "Easy") == []


@pytest.mark.parametrize("kwargs,match", [
    (dict(walker_type="tiger"), "no walker type 'tiger'.*soviet-medium"),
    (dict(crew_reps={"commander": 9, "driver": 3, "gunner": 4}), "commander rep: 9 is outside 1..6"),
    (dict(crew_reps={"commander": 4, "driver": 3}), "Rep of the gunner"),
    (dict(crew_reps={"commander": 4, "driver": 3, "gunner": 4, "loader": 3}), "not loader"),
    (dict(crew_reps={"commander": "x", "driver": 3, "gunner": 4}), "not a whole number"),
    (dict(name=""), "walker name is empty"),
    (dict(roster="Nobody"), "no roster"),
])
def test_bad_walker_writes_nothing(engine, camp, snap, kwargs, match):
    before = snap(engine)
    args = {"roster": "Easy", "name": "Red Bear", "walker_type": "soviet-medium",
            "crew_reps": {"commander": 4, "driver": 3, "gunner": 5}, **kwargs}
    with pytest.raises(InputError, match=match):
        add_walker(engine, args.pop("roster"), args.pop("name"), **args)
    assert snap(engine) == before


@pytest.mark.parametrize("kwargs,match", [
    (dict(name="Soviet Medium Walker"), "already shipped"),
    (dict(name="soviet-medium"), "already shipped"),
    (dict(armour_front=11), "armour front: 11 is outside 0..10"),
    (dict(armour_side=-1), "armour side: -1 is outside"),
    (dict(gun1="big"), "1st gun 'big'"),
    (dict(gun2="99"), "2nd gun '99'"),
    (dict(crew=0), "crew: 0 is outside 1..10"),
    (dict(speed_road="fast"), "road speed: 'fast' is not a whole number"),
    (dict(aa_mg="maybe"), "AA MG"),
    (dict(name=" "), "walker type name is empty"),
])
def test_bad_walker_type_writes_nothing(engine, camp, snap, kwargs, match):
    before = snap(engine)
    args = {"name": "Läufer", "armour_front": 3, "armour_side": 2, **kwargs}
    with pytest.raises(InputError, match=match):
        add_walker_type(engine, camp.id, args.pop("name"), args.pop("armour_front"), args.pop("armour_side"),
                        **args)
    assert snap(engine) == before


def test_duplicate_walker_type_refused(engine, camp, snap):
    add_walker_type(engine, camp.id, "Läufer", 3, 2)
    before = snap(engine)
    with pytest.raises(InputError, match="already has a walker type"):
        add_walker_type(engine, camp.id, "läufer", 3, 2)
    assert snap(engine) == before
    with read_session(engine) as s:
        assert len(s.exec(select(WalkerType)).all()) == 1


@pytest.mark.parametrize("text,second_optional,out", [
    ("3/2", False, (3, 2)), ("3 / 2", False, (3, 2)), ("24", True, (24, 0)), ("24/?", True, (24, 0)),
    ("24/12", True, (24, 12)),
])
def test_parse_pair(text, second_optional, out):
    assert parse_pair(text, "--x", second_optional=second_optional) == out


@pytest.mark.parametrize("text", ["3", "3/x", "a/b", "", "3/2/1"])
def test_parse_pair_refuses(text):
    with pytest.raises(InputError, match="FRONT/SIDE"):
        parse_pair(text, "--armour")


# --------------------------------------------------------------------------- CLI
def test_cli_creature_generate(engine, db_url, camp, capsys):
    rc = main(["--db", db_url, "creature", "generate", "Horde", "vampire", "--count", "2", "--dice", "1,6"])
    out = capsys.readouterr().out
    assert rc == 0
    assert "Vampire 1" in out and "d6 [1] -> Rep 4" in out and "d6 [6] -> Rep 6" in out
    rc = main(["--db", db_url, "--json", "creature", "generate", "Horde", "zombie", "--count", "2"])
    data = json.loads(capsys.readouterr().out)
    assert rc == 0 and [d["rep"] for d in data] == [2, 2] and all(isinstance(d["id"], int) for d in data)
    assert data[0]["roll"] is None
    rc = main(["--db", db_url, "--json", "creature", "generate", "Horde", "werewolf", "--super"])
    (w,) = json.loads(capsys.readouterr().out)
    assert w["rep"] == 5 and w["how"] == "super: no roll"


def test_cli_bad_input_is_one_line_and_writes_nothing(engine, db_url, camp, capsys, snap):
    before = snap(engine)
    for argv, msg in [
        (["creature", "generate", "Horde", "ghoul"], "unknown creature kind"),
        (["creature", "generate", "Horde", "vampire", "--dice", "7"], "a d6 shows 1 to 6"),
        (["creature", "generate", "Horde", "vampire", "--count", "0"], "1 to 100"),
        (["walker", "add", "Easy", "X", "--type", "soviet-medium", "--commander", "9", "--driver", "3",
          "--gunner", "3"], "outside 1..6"),
        # a single number is the armour all round (seed 001); a half-written pair is refused
        (["walker", "type-add", str(camp.id), "L", "--armour", "3/", "--speed", "20"], "FRONT/SIDE"),
        (["walker", "type-add", str(camp.id), "L", "--armour", "3/2", "--speed", "x"], "ROAD/CC"),
    ]:
        rc = main(["--db", db_url, *argv])
        err = capsys.readouterr().err
        assert rc == 2, argv
        assert err.startswith("error: ") and msg in err and err.count("\n") == 1, err
    assert snap(engine) == before


def test_cli_walkers(engine, db_url, camp, capsys):
    rc = main(["--db", db_url, "walker", "type-add", str(camp.id), "Läufer", "--armour", "4/3", "--gun1", "5",
               "--gun2", "Grenade", "--aa-mg", "--hull-mg", "--speed", "20/10", "--crew", "3", "--nation", "Germany"])
    assert rc == 0 and "added walker type" in capsys.readouterr().out
    rc = main(["--db", db_url, "walker", "types", str(camp.id)])
    out = capsys.readouterr().out
    assert rc == 0 and "soviet-medium" in out and "Läufer" in out and "4/3/1" in out and "20/10" in out
    rc = main(["--db", db_url, "--json", "walker", "add", "Easy", "Red Bear", "--type", "soviet-medium",
               "--commander", "4", "--driver", "3", "--gunner", "5"])
    d = json.loads(capsys.readouterr().out)
    assert rc == 0 and d["kind"] == "walker"
    assert [(c["role"], c["rep"]) for c in d["crew"]] == [("Commander", 4), ("Driver", 3), ("Gunner", 5)]
    rc = main(["--db", db_url, "walker", "add", "Easy", "Fritz", "--type", "Läufer", "--commander", "4",
               "--driver", "3", "--gunner", "5"])
    out = capsys.readouterr().out
    assert rc == 0 and "Commander: Fritz Commander" in out and "armour 4/3/1" in out
    with read_session(engine) as s:
        assert len(s.exec(select(Fighter).where(Fighter.kind == "walker")).all()) == 2


def test_generation_result_names_the_new_fighters_and_the_tree_shape(engine, camp):
    made = generate_creatures(engine, "Horde", "vampire", 2, dice="1,6")
    ids = {c.id for c in made.creatures}
    assert made.changes.structure and made.changes.rolls
    assert made.changes.fighters == ids and not made.changes.campaigns
    assert len(made.changes.rosters) == 1
    w = add_walker(engine, "Easy", "Red Bear", "soviet-medium", {"commander": 4, "driver": 3, "gunner": 5})
    assert w.changes.structure and w.changes.fighters == {w.id, *w.crew} and len(w.crew) == 3
    t = add_walker_type(engine, camp.id, "Läufer", 3, 2)
    assert t.changes.campaigns == {camp.id} and not t.changes.fighters
