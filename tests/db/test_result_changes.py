"""Each writing use-case of the core and of units returns a typed result (never an ORM
row) whose change set names what it changed, and no more: a view refreshes from it."""

from __future__ import annotations

import dataclasses
import json

import pytest
from sqlmodel import SQLModel

from campaign_app.changes import Changes, Result
from campaign_app.usecases import (
    add_fighter,
    create_campaign,
    create_roster,
    edit_fighter,
    edit_roster,
    redo,
    remove_fighter,
    roll_table,
    set_house_rule,
    show_fighter,
    undo,
)
from campaign_app.usecases.results import as_data
from campaign_app.usecases.units import add_unit, edit_unit, exchange_prisoners, remove_unit


@pytest.fixture
def squad(engine):
    c = create_campaign(engine, "Kursk", "nuts")
    r = create_roster(engine, c.id, "1st Squad")
    f = add_fighter(engine, r.id, "Sgt Rock", fighter_type="star", rep=5, weapons=["Rifle"], skills=["Tough"])
    return engine, c, r, f


def _typed(result: object) -> None:
    assert isinstance(result, Result) and not isinstance(result, SQLModel)
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.changes = Changes()  # type: ignore[misc]


def test_create_campaign_and_roster_name_themselves_and_the_shape(squad):
    engine, c, r, _f = squad
    _typed(c)
    _typed(r)
    assert c.changes.campaigns == {c.id} and c.changes.structure and c.changes.history
    assert not c.changes.rosters and not c.changes.fighters
    assert r.changes == Changes.of(campaigns=[c.id], rosters=[r.id], structure=True, history=True)
    assert (c.name, c.system, r.campaign_id, r.name, r.kind) == ("Kursk", "nuts", c.id, "1st Squad", "squad")


def test_add_fighter_names_the_fighter_its_roster_and_the_shape(squad):
    engine, c, r, f = squad
    _typed(f)
    assert f.changes == Changes.of(rosters=[r.id], fighters=[f.id], structure=True,
                                   history=True)
    assert (f.roster_id, f.campaign_id, f.rep, f.fighter_type, f.version) == (r.id, c.id, 5, "star", 1)


def test_edit_fighter_rep_names_only_that_fighter(squad):
    engine, c, r, f = squad
    out = edit_fighter(engine, f.id, rep=6)
    _typed(out)
    assert out.changes == Changes.of(fighters=[f.id], history=True)
    assert out.rep == 6 and out.version == f.version + 1
    armed = edit_fighter(engine, f.id, add_weapons=["Pistol"], remove_weapons=["Rifle"])
    assert armed.changes == Changes.of(fighters=[f.id], history=True)  # gear: no new shape
    assert armed.version == out.version + 1


def test_edit_roster_and_house_rule_change_no_shape(squad):
    engine, c, r, _f = squad
    out = edit_roster(engine, r.id, faction="US Army", credits="12")
    _typed(out)
    assert out.changes == Changes.of(rosters=[r.id], history=True)
    assert (out.faction, out.credits, out.version) == ("US Army", 12, r.version + 1)
    table = {"title": "Veterans", "dice": "d6", "rows": [{"roll": "1-6", "result": "rep-5", "label": "Vet"}]}
    hr = set_house_rule(engine, c.id, "nuts-grunt-rep", table)
    _typed(hr)
    assert hr.changes == Changes.of(campaigns=[c.id], history=True)
    assert hr.house_rules == ["nuts-grunt-rep"]


def test_remove_fighter_names_the_fighter_its_roster_and_the_shape(squad):
    engine, c, r, f = squad
    out = remove_fighter(engine, f.id)
    _typed(out)
    assert (out.id, out.name, out.roster_id) == (f.id, "Sgt Rock", r.id)
    assert out.changes.structure and out.changes.fighters == {f.id} and out.changes.rosters == {r.id}


def test_a_recorded_roll_names_the_rolls_not_the_history(squad):
    engine, c, _r, _f = squad
    out = roll_table(engine, "nuts-recovery", campaign=c.id, target=4, dice="3,5")
    _typed(out)
    assert out.changes == Changes.of(rolls=True)
    assert (out.value, out.result, out.faces, out.recorded) == (1, "wounded", [3, 5], True)
    loose = roll_table(engine, "nuts-recovery", target=4, dice="3,5")
    assert not loose.changes and not loose.recorded


def test_undo_and_redo_of_an_add_name_the_shape(squad):
    engine, c, r, f = squad
    back = undo(engine, c.id)
    assert back.action == "fighter.add"
    assert back.changes.structure and back.changes.fighters == {f.id} and back.changes.rosters == {r.id}
    again = redo(engine, c.id)
    assert again.changes.structure and again.changes.fighters == {f.id}


def test_unit_use_cases_name_their_units(engine):
    c = create_campaign(engine, "Granite", "fubar")
    blue = create_roster(engine, c.id, "Blue")
    red = create_roster(engine, c.id, "Red")
    u = add_unit(engine, blue.id, "Alpha", 8, training="veteran", weapons=["Assault rifle"])
    _typed(u)
    assert u.changes == Changes.of(rosters=[blue.id], units=[u.id], structure=True,
                                   history=True)
    assert (u.figures, u.figures_start, u.training, u.roster_id, u.campaign_id) == (8, 8, "veteran", blue.id, c.id)
    hurt = edit_unit(engine, u.id, figures=6, wounded=2)
    assert hurt.changes == Changes.of(units=[u.id], history=True)
    assert (hurt.figures, hurt.wounded, hurt.version) == (6, 2, u.version + 1)
    v = add_unit(engine, red.id, "Cell", "5")
    edit_unit(engine, u.id, status="prisoner")
    edit_unit(engine, v.id, status="prisoner")
    swap = exchange_prisoners(engine, u.id, for_unit=v.id)
    _typed(swap)
    assert [x.status for x in swap.units] == ["active", "active"]
    assert swap.changes.units == {u.id, v.id} and not swap.changes.structure
    gone = remove_unit(engine, v.id)
    assert gone.changes.structure and gone.changes.units == {v.id} and gone.changes.rosters == {red.id}
    assert undo(engine, c.id).changes.units == {v.id}


def test_the_package_exports_the_unit_use_cases_and_the_results():
    import campaign_app.usecases as uc
    from campaign_app.usecases import results, units

    assert uc.add_unit is units.add_unit and uc.FighterResult is results.FighterResult
    with pytest.raises(AttributeError):
        uc.no_such_use_case  # noqa: B018


def test_the_json_of_a_result_is_the_row_dict_it_replaced(squad):
    from campaign_app.usecases.shapes import campaign_dict, roster_dict
    from db.models import Campaign, Roster
    from db.uow import read_session

    engine, c, r, _f = squad
    with read_session(engine) as s:
        row_c, row_r = s.get(Campaign, c.id), s.get(Roster, r.id)
        assert row_c is not None and row_r is not None
        # same keys in the same order: ``--json`` prints the same bytes as before
        assert json.dumps(as_data(c)) == json.dumps(campaign_dict(row_c))
        # ... plus, last, whether the starting credits are our labelled default (recruit)
        assert json.dumps(as_data(r)) == json.dumps({**roster_dict(row_r), "credits_default": False})


def test_cli_json_of_fighter_add_is_fighter_show(sqlite_url, capsys):
    from campaign_app.cli import main
    from db.migrate import open_database

    open_database(sqlite_url).dispose()

    def run(*argv: str) -> str:
        assert main(["--db", sqlite_url, *argv]) == 0
        return capsys.readouterr().out

    run("campaign", "create", "Necro", "--system", "necromunda")
    run("roster", "create", "Necro", "Jackals")
    added = run("fighter", "add", "Jackals", "Krug", "--type", "leader", "--stat", "WS=2+", "--stat", "M=4",
                "--weapon", "Autogun", "--json")
    shown = run("fighter", "show", "Krug", "--json")
    assert added == shown
    d = json.loads(added)
    assert list(d)[:4] == ["id", "roster_id", "name", "type"] and list(d)[-3:] == ["equipment", "skills", "injuries"]
    assert d["stats"] == {"WS": 2, "M": 4} and "changes" not in d
    assert main(["--db", sqlite_url, "fighter", "add", "Jackals", "Ruk", "--stat", "WS"]) == 2
    assert "--stat 'WS': write KEY=VALUE" in capsys.readouterr().err


def test_messages_speak_of_the_game_not_of_flags(squad):
    from campaign_app.errors import InputError

    engine, _c, r, _f = squad
    with pytest.raises(InputError, match="fighters need a Rep from 1 to 6$"):
        add_fighter(engine, r.id, "Nobody")
    assert show_fighter(engine, "Sgt Rock")["skills"] == ["Tough"]
