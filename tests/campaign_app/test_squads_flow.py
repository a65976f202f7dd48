"""Squad games end to end on each backend: add units, record battles, run After the
Battle with typed dice, check the units, the roll record and undo; bad input writes
nothing."""

from __future__ import annotations

import json

import pytest
from sqlmodel import Session, select

from campaign_app.errors import DiceError, InputError
from campaign_app.usecases import create_campaign, create_roster, roll_log, undo
from campaign_app.usecases.battles import after_battle, record_battle
from campaign_app.usecases.units import add_unit, edit_unit, exchange_prisoners, show_unit
from db.models import RollRecord


def figs(engine, name):
    d = show_unit(engine, name)
    return d["figures"], d["wounded"], d["training"], d["status"], d["battles_fought"]


@pytest.fixture
def ops(engine):
    create_campaign(engine, "Ops", "fubar")
    create_roster(engine, "Ops", "Alpha")
    create_roster(engine, "Ops", "Reds")
    add_unit(engine, "Alpha", "1st Squad", 8, training="Esperto", weapons=["assault rifle", "lmg"],
             armour="medium")
    add_unit(engine, "Alpha", "Tank", 1, unit_type="vehicle", armour="heavy", weapons=["heavy cannon"])
    add_unit(engine, "Reds", "Red 1", 10, training="Recluta", weapons=["rifle"])
    return engine


def test_fubar_campaign_flow(ops, snap):
    engine = ops
    # battle 1: 1st Squad loses 3 (lost, wounded, back), Red 1 loses 2 (both back)
    b1 = record_battle(engine, "Ops", ["Alpha", "Reds"], casualties={"1st Squad": 3, "Red 1": 2}, winner="Alpha")
    before = snap(engine)
    rep = after_battle(engine, b1.id, dice=[1, 3, 5, 6, 5], dry_run=True)
    assert rep.applied is False and snap(engine) == before
    rep = after_battle(engine, b1.id, dice=[1, 3, 5, 6, 5])
    assert rep.applied is True
    rolled = [s for s in rep.steps if s["roll"]]
    assert [(s["subject"], s["roll"]["faces"], s["roll"]["result"]) for s in rolled] == [
        ("1st Squad", [1], "lost"), ("1st Squad", [3], "wounded"), ("1st Squad", [5], "back"),
        ("Red 1", [6], "back"), ("Red 1", [5], "back")]
    assert all(s["rule"] == "After the battle: casualty fate" and s["unit_id"] for s in rolled)
    assert figs(engine, "1st Squad") == (6, 1, "seasoned", "active", 1)
    assert figs(engine, "Tank") == (1, 0, "green", "active", 1)
    assert figs(engine, "Red 1") == (10, 0, "green", "active", 1)
    log = roll_log(engine, "Ops", battle=b1.id)
    assert [(r["subject"], r["table"], r["source"], r["value"]) for r in log] == [
        ("1st Squad", "squad-casualty", "typed", 1), ("1st Squad", "squad-casualty", "typed", 3),
        ("1st Squad", "squad-casualty", "typed", 5), ("Red 1", "squad-casualty", "typed", 6),
        ("Red 1", "squad-casualty", "typed", 5)]
    with Session(engine) as s:
        uids = [r.unit_id for r in s.exec(select(RollRecord).where(RollRecord.battle_id == b1.id)
                                          .order_by(RollRecord.id)).all()]
    assert uids[:3] == [show_unit(engine, "1st Squad")["id"]] * 3
    with pytest.raises(InputError, match="already run"):
        after_battle(engine, b1.id, dice=[])

    # battle 2: no casualties; the wounded figure comes back; no dice needed
    b2 = record_battle(engine, "Ops", ["Alpha", "Reds"])
    rep = after_battle(engine, b2.id, dice=None, seed=1)
    assert [s for s in rep.steps if s["roll"]] == []
    assert figs(engine, "1st Squad") == (7, 0, "seasoned", "active", 2)

    # battle 3: promotion rolls in unit id order: 1st Squad 5 (up), Tank 4 (stays), Red 1 6 (up)
    b3 = record_battle(engine, "Ops", ["Alpha", "Reds"])
    before = snap(engine)
    with pytest.raises(DiceError, match="promotion of Red 1 after its battle 3"):
        after_battle(engine, b3.id, dice=[5, 4])
    with pytest.raises(DiceError, match="too many dice"):
        after_battle(engine, b3.id, dice=[5, 4, 6, 1])
    assert snap(engine) == before
    rep = after_battle(engine, b3.id, dice=[5, 4, 6])
    assert [s["rule"] for s in rep.steps if s["roll"]] == ["After the battle: unit promotion"] * 3
    assert figs(engine, "1st Squad")[2:] == ("veteran", "active", 3)
    assert figs(engine, "Tank")[2] == "green"
    assert figs(engine, "Red 1")[2] == "seasoned"
    assert show_unit(engine, "1st Squad")["rules"]["training"]["activation"] == 3

    # undo the promotions: everything as after battle 2, the rolls stay in the record (as undone)
    undo(engine, "Ops")
    assert figs(engine, "1st Squad") == (7, 0, "seasoned", "active", 2)
    assert figs(engine, "Red 1")[2] == "green"
    log = roll_log(engine, "Ops", battle=b3.id)
    assert len(log) == 3 and all(r["undone"] for r in log)
    rep = after_battle(engine, b3.id, dice=[6, 6, 1])
    assert figs(engine, "1st Squad")[2] == "veteran" and figs(engine, "Tank")[2] == "seasoned"


def test_fubar_destroyed_and_elite_cap(ops):
    engine = ops
    edit_unit(engine, "1st Squad", training="elite", battles_fought=2)
    b = record_battle(engine, "Ops", ["Alpha", "Reds"], results={"Red 1": "destroyed", "Tank": "not-present"},
                      casualties={"1st Squad": 1})
    rep = after_battle(engine, b.id, dice=[2])  # one casualty roll; no promotion roll for Elite
    assert any("already Elite" in s["text"] for s in rep.steps)
    assert figs(engine, "1st Squad") == (7, 0, "elite", "active", 3)
    assert figs(engine, "Red 1")[3:] == ("destroyed", 1)
    assert figs(engine, "Tank")[4] == 0
    # a destroyed unit takes no part in later battles
    with pytest.raises(InputError, match="Red 1 is destroyed and cannot take part"):
        record_battle(engine, "Ops", ["Reds"], casualties={"Red 1": 1})


def test_unit_morale_flow_with_prisoners(engine, snap):
    create_campaign(engine, "Bocage", "unit-morale")
    create_roster(engine, "Bocage", "Paras")
    create_roster(engine, "Bocage", "Grenadiers")
    add_unit(engine, "Paras", "1 Section", 10, weapons=["Bren gun"], order="advance")
    add_unit(engine, "Grenadiers", "Gruppe 1", 9)
    edit_unit(engine, "1 Section", discipline="shaken")
    b = record_battle(engine, "Bocage", ["Paras", "Grenadiers"], results={"Gruppe 1": "prisoner"},
                      casualties={"1 Section": 2, "Gruppe 1": 1})
    rep = after_battle(engine, b.id, dice=[4, 5, 1])
    assert figs(engine, "1 Section") == (9, 1, "green", "active", 1)
    assert show_unit(engine, "1 Section")["discipline"] == "confident"
    assert figs(engine, "Gruppe 1") == (8, 0, "green", "prisoner", 1)
    assert show_unit(engine, "Gruppe 1")["discipline"] == "prisoner"
    assert any(s["rule"] == "Discipline reset" for s in rep.steps)
    # a prisoner cannot fight until exchanged
    before = snap(engine)
    with pytest.raises(InputError, match="Gruppe 1 is prisoner and cannot take part"):
        record_battle(engine, "Bocage", ["Grenadiers"], casualties={"Gruppe 1": 1})
    assert snap(engine) == before
    exchange_prisoners(engine, "Gruppe 1")
    assert figs(engine, "Gruppe 1")[3] == "active"
    assert show_unit(engine, "Gruppe 1")["discipline"] == "confident"
    undo(engine, "Bocage")
    assert figs(engine, "Gruppe 1")[3] == "prisoner"


def test_bad_battle_input_writes_nothing(ops, snap):
    engine = ops
    before = snap(engine)
    with pytest.raises(InputError, match="Tank has 1 figures"):
        record_battle(engine, "Ops", ["Alpha"], casualties={"Tank": 2})
    with pytest.raises(InputError, match="result 'routed' for 1st Squad is not one of fought, destroyed"):
        record_battle(engine, "Ops", ["Alpha"], results={"1st Squad": "routed"})
    assert snap(engine) == before
    b = record_battle(engine, "Ops", ["Alpha"], casualties={"1st Squad": 2})
    before = snap(engine)
    with pytest.raises(DiceError, match="not enough dice typed"):
        after_battle(engine, b.id, dice=[1])
    with pytest.raises(DiceError, match="a d6 shows 1 to 6"):
        after_battle(engine, b.id, dice=[1, 7])
    assert snap(engine) == before


def test_cli_flow(sqlite_url, capsys):
    from campaign_app.cli import main

    def cli(*args):
        rc = main(["--db", sqlite_url, *args])
        out, err = capsys.readouterr()
        assert rc == 0, err
        return out

    cli("campaign", "create", "Ops", "--system", "fubar")
    cli("roster", "create", "Ops", "Alpha")
    cli("unit", "add", "Alpha", "1st Squad", "--figures", "8", "--training", "Veterano", "--weapon", "smg")
    cli("battle", "record", "Ops", "--roster", "Alpha", "--casualties", "1st Squad=2")
    out = cli("after-battle", "1", "--dice", "1,4", "--dry-run")
    assert "dry run" in out and "[1] = 1 -> Lost" in out and "[4] = 4 -> Wounded" in out
    out = cli("--json", "after-battle", "1", "--dice", "1,4")
    rep = json.loads(out)
    assert rep["applied"] and "1st Squad: battles fought 0 → 1, figures 8 → 6, wounded 0 → 1 (after the battle)" in rep["changes"]
    out = cli("unit", "show", "1st Squad")
    assert "figures 6/8, 1 wounded" in out and "Veteran (Veterano)" in out
    out = cli("log", "Ops")
    assert out.count("fate of 1st Squad's casualty") == 2
    cli("undo", "Ops")
    assert "figures 8/8" in cli("unit", "show", "1st Squad")


def test_removing_a_unit_takes_its_weapons_and_results_and_undo_brings_them_back(ops, snap):
    from campaign_app.errors import NotFoundError
    from campaign_app.usecases import history
    from campaign_app.usecases.battles import show_battle
    from campaign_app.usecases.units import remove_unit

    engine = ops
    b = record_battle(engine, "Ops", ["Alpha", "Reds"], casualties={"1st Squad": 2}, winner="Reds")
    before = show_unit(engine, "1st Squad")
    remove_unit(engine, "1st Squad")
    with pytest.raises(NotFoundError):
        show_unit(engine, "1st Squad")
    assert "1st Squad" not in [r["name"] for r in show_battle(engine, b.id)["results"]]
    assert history(engine, "Ops")[0]["summary"] == "remove 1st Squad"
    undo(engine, "Ops")
    back = show_unit(engine, "1st Squad")
    assert (back["id"], back["figures"], [w["name"] for w in back["equipment"]]) == (
        before["id"], before["figures"], [w["name"] for w in before["equipment"]])
    assert "1st Squad" in [r["name"] for r in show_battle(engine, b.id)["results"]]
    state = snap(engine)
    with pytest.raises(NotFoundError):
        remove_unit(engine, "No Such Unit")
    assert snap(engine) == state


def test_unit_remove_on_the_command_line(sqlite_url, capsys):
    from campaign_app.cli import main

    for argv in (["campaign", "create", "Ops", "--system", "fubar"], ["roster", "create", "Ops", "Alpha"],
                 ["unit", "add", "Alpha", "1st Squad", "--figures", "8"]):
        assert main(["--db", sqlite_url, *argv]) == 0
    assert main(["--db", sqlite_url, "unit", "remove", "1st Squad"]) == 0
    assert "removed unit 1st Squad" in capsys.readouterr().out
    assert main(["--db", sqlite_url, "unit", "remove", "1st Squad"]) == 2
    assert "1st Squad" in capsys.readouterr().err
