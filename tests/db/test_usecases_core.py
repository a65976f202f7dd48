"""CRUD, undo/redo, stale-edit refusal and 'bad input writes nothing', on SQLite and
PostgreSQL (the `engine` fixture runs each test on both)."""

from __future__ import annotations

import pytest
from sqlmodel import Session

from campaign_app.errors import ConflictError, DiceError, InputError, NotFoundError
from campaign_app.usecases import (
    add_fighter,
    create_campaign,
    create_roster,
    edit_fighter,
    history,
    redo,
    remove_fighter,
    roll_log,
    roll_table,
    set_house_rule,
    show_campaign,
    show_fighter,
    show_roster,
    undo,
)
from db.models import Fighter
from db.uow import UnitOfWork


@pytest.fixture
def squad(engine):
    create_campaign(engine, "Kursk", "nuts", expansions=["weird-ww2"])
    create_roster(engine, "Kursk", "1st Squad")
    rock = add_fighter(engine, "1st Squad", "Sgt Rock", fighter_type="star", rep=5, weapons=["Rifle"],
                       role="leader")
    ryan = add_fighter(engine, "1st Squad", "Pvt Ryan", rep=4)
    return engine, rock, ryan


def test_crud_round_trip(squad):
    engine, rock, ryan = squad
    r = show_roster(engine, "1st Squad")
    assert [f["name"] for f in r["fighters"]] == ["Sgt Rock", "Pvt Ryan"]
    assert r["fighters"][0]["type"] == "star" and r["fighters"][1]["type"] == "grunt"
    assert r["fighters"][0]["equipment"][0]["name"] == "Rifle"
    c = show_campaign(engine, "Kursk")
    assert c["expansions"] == ["weird-ww2"] and c["rosters"][0]["fighters"] == 2
    edit_fighter(engine, rock.id, rep=6, notes="hero")
    f = show_fighter(engine, "Sgt Rock")
    assert f["rep"] == 6 and f["notes"] == "hero" and f["version"] == 2


def test_undo_and_redo_whole_use_cases(squad):
    engine, rock, ryan = squad
    edit_fighter(engine, rock.id, rep=6, add_weapons=["SMG"], add_skills=["Tough"])
    assert show_fighter(engine, rock.id)["rep"] == 6
    undo(engine, "Kursk")
    f = show_fighter(engine, rock.id)
    assert f["rep"] == 5 and [e["name"] for e in f["equipment"]] == ["Rifle"] and f["skills"] == []
    redo(engine, "Kursk")
    f = show_fighter(engine, rock.id)
    assert f["rep"] == 6 and len(f["equipment"]) == 2 and f["skills"] == ["Tough"]
    # undo twice more: the edit, then Ryan's creation
    undo(engine, "Kursk")
    undo(engine, "Kursk")
    assert [x["name"] for x in show_roster(engine, "1st Squad")["fighters"]] == ["Sgt Rock"]
    redo(engine, "Kursk")
    assert [x["name"] for x in show_roster(engine, "1st Squad")["fighters"]] == ["Sgt Rock", "Pvt Ryan"]
    h = history(engine, "Kursk")
    assert [x["undone"] for x in h][:2] == [True, False]
    assert h[0]["summary"] == "edit Sgt Rock" and h[-1]["summary"] == "create campaign Kursk"


def test_undo_of_a_removal_restores_the_fighter_and_its_gear(squad):
    engine, rock, _ = squad
    remove_fighter(engine, rock.id)
    with pytest.raises(NotFoundError):
        show_fighter(engine, rock.id)
    undo(engine, "Kursk")
    f = show_fighter(engine, rock.id)
    assert f["name"] == "Sgt Rock" and f["equipment"][0]["name"] == "Rifle"


def test_new_action_clears_redo(squad):
    engine, rock, _ = squad
    edit_fighter(engine, rock.id, rep=6)
    undo(engine, "Kursk")
    edit_fighter(engine, rock.id, notes="x")
    with pytest.raises(InputError, match="nothing to redo"):
        redo(engine, "Kursk")


def test_stale_edit_is_refused_with_if_version(squad, snap):
    engine, rock, _ = squad
    edit_fighter(engine, rock.id, rep=6, if_version=1)
    before = snap(engine)
    with pytest.raises(ConflictError, match="changed by someone else"):
        edit_fighter(engine, rock.id, rep=3, if_version=1)
    assert snap(engine) == before
    assert show_fighter(engine, rock.id)["rep"] == 6


def test_stale_session_write_is_refused(squad, snap):
    engine, rock, _ = squad
    with Session(engine) as s1:
        stale = s1.get(Fighter, rock.id)
        assert stale is not None
        edit_fighter(engine, rock.id, rep=6)  # another writer commits first
        before = snap(engine)
        with pytest.raises(ConflictError):
            with UnitOfWork(engine, "test.stale") as uow:
                obj = uow.session.merge(stale, load=False)
                obj.rep = 2
                uow.session.add(obj)
        assert snap(engine) == before
    assert show_fighter(engine, rock.id)["rep"] == 6


def test_undo_steps_back_through_several_actions_on_one_row(squad):
    engine, rock, _ = squad
    edit_fighter(engine, rock.id, rep=6)
    edit_fighter(engine, rock.id, notes="later")
    undo(engine, "Kursk")
    assert show_fighter(engine, rock.id)["notes"] == ""
    undo(engine, "Kursk")
    f = show_fighter(engine, rock.id)
    # the data of version 1 is back, under a new version: versions never go back
    assert f["rep"] == 5 and f["version"] == 5
    redo(engine, "Kursk")
    redo(engine, "Kursk")
    f = show_fighter(engine, rock.id)
    assert (f["rep"], f["notes"], f["version"]) == (6, "later", 7)
    # a stale editor holding any earlier version is refused after the redo
    for stale in (1, 3, 5):
        with pytest.raises(ConflictError):
            edit_fighter(engine, rock.id, rep=2, if_version=stale)


def test_undo_refuses_when_another_campaign_action_moved_the_row(squad):
    """Undo of an older journal is refused when a newer one changed the same row."""
    from sqlmodel import select

    from db.journal import undo_journal
    from db.models import Journal

    engine, rock, _ = squad
    edit_fighter(engine, rock.id, rep=6)
    edit_fighter(engine, rock.id, notes="later")
    with Session(engine) as s:
        older = s.exec(select(Journal).where(Journal.action == "fighter.edit").order_by(Journal.id)).first()
        with pytest.raises(ConflictError, match="changed by a later action"):
            undo_journal(s, older)
        s.rollback()
    assert show_fighter(engine, rock.id)["rep"] == 6


@pytest.mark.parametrize(
    "call,err",
    [
        (lambda e: add_fighter(e, "1st Squad", "X", rep=9), "rep: 9 is outside 1..6"),
        (lambda e: add_fighter(e, "1st Squad", "X", rep=None), "need a Rep"),
        (lambda e: add_fighter(e, "1st Squad", "", rep=3), "name is empty"),
        (lambda e: add_fighter(e, "1st Squad", "X" * 201, rep=3), "201 characters"),
        (lambda e: add_fighter(e, "1st Squad", "X", rep=3, fighter_type="hero"), "type 'hero'"),
        (lambda e: add_fighter(e, "1st Squad", "X", rep=3, kind="dragon"), "kind 'dragon'"),
        (lambda e: add_fighter(e, "No Such", "X", rep=3), "no roster"),
        (lambda e: add_fighter(e, "1st Squad", "X", rep=3, stats={"WS": "3"}), "unknown characteristic"),
        (lambda e: edit_fighter(e, "Sgt Rock", status="zombified"), "status 'zombified'"),
        (lambda e: edit_fighter(e, "Sgt Rock", xp=-1), "cannot be negative"),
        (lambda e: create_roster(e, "Kursk", "1st Squad"), "already has a roster"),
        (lambda e: create_campaign(e, "Kursk", "nuts"), "already exists"),
        (lambda e: create_campaign(e, "Other", "chess"), "unknown game system"),
        (lambda e: create_campaign(e, "Other", "necromunda", edition="n99"), "no edition"),
        (lambda e: create_campaign(e, "Other", "nuts", expansions=["mars"]), "no expansion"),
        (lambda e: roll_table(e, "nuts-recovery", campaign="Kursk", target=4, dice="3,7"), "is 7"),
        (lambda e: roll_table(e, "nuts-recovery", campaign="Kursk", target=4, dice="3"), "not enough dice"),
        (lambda e: roll_table(e, "nuts-recovery", campaign="Kursk", target=4, dice="3,1,1"), "too many dice"),
        (lambda e: roll_table(e, "nuts-recovery", campaign="Kursk", dice="3,1"), "against a target"),
        (lambda e: roll_table(e, "n26-lasting-injury", campaign="Kursk", dice="1,1"), "has no table"),
        (lambda e: set_house_rule(e, "Kursk", "nuts-grunt-rep", {"title": "x", "dice": "d6",
                                   "rows": [{"roll": "1-2", "result": "a"}]}), "no row covers a roll of 3"),
    ],
)
def test_bad_input_is_refused_and_nothing_is_written(squad, snap, call, err):
    engine = squad[0]
    before = snap(engine)
    with pytest.raises((InputError, DiceError)) as e:
        call(engine)
    assert err in str(e.value)
    assert "\n" not in str(e.value)
    assert snap(engine) == before


def test_rolls_are_recorded_with_faces_source_and_row(squad):
    engine = squad[0]
    out = roll_table(engine, "nuts-recovery", campaign="Kursk", target=4, dice="3,5")
    assert out.value == 1 and out.result == "wounded" and out.recorded
    roll_table(engine, "nuts-grunt-rep", campaign="Kursk", seed=5)
    log = roll_log(engine, "Kursk")
    assert [r["table"] for r in log] == ["nuts-recovery", "nuts-grunt-rep"]
    assert log[0]["faces"] == [3, 5] and log[0]["source"] == "typed" and log[0]["target"] == 4
    assert log[0]["row"] == "1" and log[1]["source"] == "seeded"
    assert roll_log(engine, "Kursk", table="nuts-grunt-rep")[0]["table"] == "nuts-grunt-rep"


def test_house_rule_replaces_a_table_for_one_campaign(squad):
    engine = squad[0]
    create_campaign(engine, "Other", "nuts")
    table = {"title": "Veteran replacements", "dice": "d6", "rows": [
        {"roll": "1-3", "result": "rep-4", "label": "Seasoned", "effects": [{"op": "set-rep", "value": 4}]},
        {"roll": "4-6", "result": "rep-5", "label": "Veteran", "effects": [{"op": "set-rep", "value": 5}]},
    ]}
    set_house_rule(engine, "Kursk", "nuts-grunt-rep", table)
    assert roll_table(engine, "nuts-grunt-rep", campaign="Kursk", dice="6").label == "Veteran"
    assert roll_table(engine, "nuts-grunt-rep", campaign="Other", dice="6").label != "Veteran"
    set_house_rule(engine, "Kursk", "nuts-grunt-rep", None)
    assert roll_table(engine, "nuts-grunt-rep", campaign="Kursk", dice="6").label != "Veteran"


def test_necromunda_stat_lines_are_checked(engine):
    create_campaign(engine, "Underhive", "necromunda")
    create_roster(engine, "Underhive", "Goliaths")
    f = add_fighter(engine, "Goliaths", "Krag", fighter_type="leader",
                    stats={"M": "5", "WS": "3+", "BS": "4+", "S": "4", "T": "4", "W": "2", "A": "2", "Sv": "5+",
                           "Ld": "8", "Cl": "9"})
    assert show_fighter(engine, f.id)["stats"]["WS"] == 3
    assert show_fighter(engine, f.id)["stats"]["Sv"] == 5
    with pytest.raises(InputError, match="WS: 7 is outside"):
        add_fighter(engine, "Goliaths", "Bad", stats={"WS": "7+"})
    # the newest edition (the default) writes Ld, Cl, Wil and Int as plain values: a target is refused
    with pytest.raises(InputError, match="Ld is a plain number, not a target"):
        add_fighter(engine, "Goliaths", "Bad", stats={"Ld": "6+"})
    with pytest.raises(InputError, match="Sv: 7 is outside"):
        add_fighter(engine, "Goliaths", "Bad", stats={"Sv": "7+"})
    with pytest.raises(InputError, match="does not use Rep"):
        add_fighter(engine, "Goliaths", "Bad", rep=4)


def test_names_or_ids_and_ambiguity(squad):
    engine, rock, _ = squad
    assert show_fighter(engine, str(rock.id))["name"] == "Sgt Rock"
    add_fighter(engine, "1st Squad", "Twin", rep=3)
    add_fighter(engine, "1st Squad", "Twin", rep=3)
    with pytest.raises(InputError, match="2 fighters are named 'Twin': use the id"):
        show_fighter(engine, "Twin")


def test_removing_a_fighter_that_took_someone_out_keeps_the_history(engine):
    from campaign_app.usecases.battles import record_battle, show_battle

    create_campaign(engine, "Hive", "necromunda")
    create_roster(engine, "Hive", "Goliaths")
    create_roster(engine, "Hive", "Eschers")
    add_fighter(engine, "Goliaths", "Krag", fighter_type="leader")
    add_fighter(engine, "Eschers", "Lyra", fighter_type="champion")
    b = record_battle(engine, "Hive", ["Goliaths", "Eschers"], results={"Lyra": "out-of-action"}, by={"Lyra": "Krag"})
    remove_fighter(engine, "Krag")
    lyra = next(r for r in show_battle(engine, b.id)["results"] if r["name"] == "Lyra")
    assert lyra["by_fighter_id"] is None
    undo(engine, "Hive")
    lyra = next(r for r in show_battle(engine, b.id)["results"] if r["name"] == "Lyra")
    assert lyra["by_fighter_id"] == show_fighter(engine, "Krag")["id"]


@pytest.mark.parametrize("effect", [{"op": []}, {"op": {"x": 1}}, {"op": "status", "value": ["dead"]}])
def test_malformed_house_rule_effects_are_refused_with_their_row(squad, snap, effect):
    engine = squad[0]
    before = snap(engine)
    table = {"title": "x", "dice": "d6", "rows": [{"roll": "1-6", "result": "a", "effects": [effect]}]}
    with pytest.raises(InputError, match="nuts-grunt-rep row 1 effect 1"):
        set_house_rule(engine, "Kursk", "nuts-grunt-rep", table)
    assert snap(engine) == before
