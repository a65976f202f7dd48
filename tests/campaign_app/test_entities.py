"""One declaration per entity (issue #28): every shape of a campaign, roster, fighter,
unit and equipment (read shapes, results, table rows, a procedure's state, the export's
documents) is a shape of :mod:`campaign_app.entities`; its ``TypedDict``, dataclass or
pydantic model has the same keys, in order; the entity's columns are its table's. Then
what the use-cases give is checked against the database, on both backends."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from campaign_app import entities as E
from campaign_app.systems import base
from campaign_app.usecases import results, shapes
from campaign_app.usecases.datafiles import schema
from campaign_app.usecases.gui_queries import roster_table


def _typed_keys(t: Any) -> tuple[str, ...]:
    return tuple(t.__annotations__)


def _result_keys(t: Any) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(t) if f.name != "changes")


def _model_keys(t: Any) -> tuple[str, ...]:
    return tuple(t.model_fields)


_BATTLE = {"result", "scored_hit", "by_fighter_id", "details", "casualties"}  # a state's battle fields


def _state_keys(t: Any) -> tuple[str, ...]:
    """A procedure's state: a dataclass built by keyword, so its fields as a set (sorted)."""
    return tuple(sorted(f.name for f in dataclasses.fields(t) if f.name not in _BATTLE))


def _sorted(shape: E.Shape) -> tuple[str, ...]:
    return tuple(sorted(shape.keys))


# every written-out shape: (what, its keys, the entity's shape it must equal, how to compare)
PAIRS: list[tuple[str, Any, E.Shape, Any]] = [
    ("CampaignData", _typed_keys(shapes.CampaignData), E.CAMPAIGN_DATA, tuple),
    ("RosterData", _typed_keys(shapes.RosterData), E.ROSTER_DATA, tuple),
    ("EquipmentData", _typed_keys(shapes.EquipmentData), E.EQUIPMENT_DATA, tuple),
    ("FighterData", _typed_keys(shapes.FighterData), E.FIGHTER_DATA, tuple),
    ("UnitData", _typed_keys(shapes.UnitData), E.UNIT_DATA, tuple),
    ("CampaignResult", _result_keys(results.CampaignResult), E.CAMPAIGN_RESULT, tuple),
    ("RosterResult", _result_keys(results.RosterResult), E.ROSTER_RESULT, tuple),
    ("FighterResult", _result_keys(results.FighterResult), E.FIGHTER_RESULT, tuple),
    ("UnitResult", _result_keys(results.UnitResult), E.UNIT_RESULT, tuple),
    ("FighterRow", _typed_keys(roster_table.FighterRow), E.FIGHTER_ROW, tuple),
    ("UnitRow", _typed_keys(roster_table.UnitRow), E.UNIT_ROW, tuple),
    ("FighterState", _state_keys(base.FighterState), E.FIGHTER_STATE, _sorted),
    ("UnitState", _state_keys(base.UnitState), E.UNIT_STATE, _sorted),
    ("RosterState", _state_keys(base.RosterState), E.ROSTER_STATE, _sorted),
    ("schema.CampaignInfo", _model_keys(schema.CampaignInfo), E.CAMPAIGN_DOC, tuple),
    ("schema.Roster", _model_keys(schema.Roster), E.ROSTER_DOC, tuple),
    ("schema.Equipment", _model_keys(schema.Equipment), E.EQUIPMENT_DOC, tuple),
    ("schema.Fighter", _model_keys(schema.Fighter), E.FIGHTER_DOC, tuple),
    ("schema.Unit", _model_keys(schema.Unit), E.UNIT_DOC, tuple),
]


def _keys_of(shape: E.Shape, how: Any) -> tuple[str, ...]:
    return how(shape) if how is _sorted else shape.keys


@pytest.mark.parametrize("what, keys, shape, how", PAIRS, ids=[p[0] for p in PAIRS])
def test_each_written_out_shape_has_its_entity_shapes_keys_in_order(what, keys, shape, how):
    assert keys == _keys_of(shape, how), what


@pytest.mark.parametrize("what, keys, shape, how", PAIRS, ids=[p[0] for p in PAIRS])
def test_a_field_added_to_the_entity_reaches_every_shape_or_fails_here(what, keys, shape, how):
    """No shape lists its fields one by one: the entity with one field more gives each
    shape that field, so the comparison above fails until the type says it (or the
    shape leaves it out on purpose)."""
    more = dataclasses.replace(shape.entity, fields=(*shape.entity.fields, E.col("morale")))
    grown = shape.of(more)
    assert "morale" in grown.keys
    assert keys != _keys_of(grown, how), what
    assert shape.of(shape.entity) == shape


def test_unit_columns_are_unit_data_less_its_equipment():
    assert _typed_keys(shapes.UnitColumns) == tuple(k for k in E.UNIT_DATA.keys if k != "equipment")


def test_each_entity_declares_its_tables_columns_and_only_those():
    from db import models

    for entity, model in [(E.CAMPAIGN, models.Campaign), (E.ROSTER, models.Roster), (E.FIGHTER, models.Fighter),
                          (E.UNIT, models.Unit), (E.EQUIPMENT, models.Equipment)]:
        table = model.__table__  # type: ignore[attr-defined]
        assert table.name == entity.table
        assert sorted(entity.columns) == sorted(c.name for c in table.columns), entity.name


def test_the_first_screen_reads_the_columns_of_the_table_rows():
    from db.queries import first_screen as fs

    assert fs.FIGHTER_COLS == E.FIGHTER_ROW.columns
    assert fs.UNIT_COLS == E.UNIT_ROW.columns
    assert fs.ROSTER_FIELDS == E.ROSTER_DATA.columns


def test_a_shape_refuses_a_missing_or_unknown_given_key_and_a_typo_in_its_declaration():
    row = {"id": 1, "campaign_id": 2, "name": "A", "kind": "gang", "faction": "", "player": "",
           "credits": 0, "reputation": 0, "notes": "", "version": 1}
    assert E.ROSTER_DATA.build(row) == row
    with pytest.raises(TypeError, match="credits_default"):
        E.ROSTER_RESULT.build(row)
    with pytest.raises(TypeError, match="colour"):
        E.ROSTER_DATA.build(row, colour="red")
    with pytest.raises(KeyError, match="colour"):
        E.ROSTER.shape(leave_out=("colour",))
    with pytest.raises(ValueError, match="twice"):
        E.Entity("x", "x", (E.col("a"), E.col("a")))
    with pytest.raises(ValueError, match="twice"):
        E.ROSTER.shape(("*", "name"), rename={"kind": "name"})


# --------------------------------------------------------------------------- against the database
def _db_row(engine: Any, table: str, row_id: int) -> dict[str, Any]:
    from sqlalchemy import select

    from db.models import SQLModel

    t = SQLModel.metadata.tables[table]
    with engine.connect() as conn:
        return dict(conn.execute(select(t).where(t.c.id == row_id)).mappings().one())


def _check(shape: E.Shape, got: dict[str, Any], db: dict[str, Any]) -> None:
    """``got`` has the shape's keys in order, and each read from a column holds that
    column's value in the database (copied as the entity says)."""
    assert tuple(got) == shape.keys
    for key, column, copy, _default in shape.plan:
        if column is None:
            assert key in got
            continue
        want = copy(db[column]) if copy is not None else db[column]
        assert got[key] == want, (shape.entity.name, key)


def test_what_the_use_cases_give_is_each_shape_of_the_rows_written(engine):
    from campaign_app.usecases import campaigns, fighters, rosters
    from campaign_app.usecases.battles import battle_state, record_battle
    from campaign_app.usecases.datafiles.export import export_json
    from campaign_app.usecases.gui_queries import details
    from campaign_app.usecases.results import as_data
    from db.models import Battle
    from db.uow import read_session

    c = campaigns.create_campaign(engine, "Kursk", "nuts")
    _check(E.CAMPAIGN_RESULT, as_data(c), _db_row(engine, "campaign", c.id))
    r = rosters.create_roster(engine, c.id, "1st", faction="US", player="Kim", credits=12)
    f = fighters.add_fighter(engine, r.id, "Rock", fighter_type="star", rep=5, role="sarge", xp=7,
                             credits_value=35, notes="big", weapons=["Rifle"], skills=["Tough"])
    f2 = fighters.edit_fighter(engine, f.id, xp=9, notes="tall")  # a later version
    assert f2.version > f.version
    fdb = _db_row(engine, "fighter", f.id)
    assert fdb["notes"] == "tall" and fdb["xp"] == 9 and fdb["credits_value"] == 35
    _check(E.FIGHTER_RESULT, as_data(f2), fdb | {"campaign_id": c.id})
    # the values as given, not only as the shape maps them (a column mapped wrong fails here)
    assert (f2.fighter_type, f2.role, f2.rep, f2.xp, f2.credits_value, f2.notes, f2.name) == (
        "star", "sarge", 5, 9, 35, "tall", "Rock")
    r2 = rosters.edit_roster(engine, r.id, notes="hq")
    rdb = _db_row(engine, "roster", r.id)
    assert rdb["notes"] == "hq" and rdb["credits"] == 12
    _check(E.ROSTER_RESULT, as_data(r2), rdb | {"credits_default": False})
    other = rosters.create_roster(engine, c.id, "2nd")
    hans = fighters.add_fighter(engine, other.id, "Hans", rep=4)
    record_battle(engine, c.id, [r.id, other.id], results={"Hans": "out-of-the-fight"}, hits=["Rock"])
    fdb = _db_row(engine, "fighter", f.id)
    rdb = _db_row(engine, "roster", r.id)
    cdb = _db_row(engine, "campaign", c.id)

    shown = fighters.show_fighter(engine, f.id)
    data = {k: shown[k] for k in E.FIGHTER_DATA.keys}  # type: ignore[literal-required]
    _check(E.FIGHTER_DATA, data, fdb)
    assert (shown["type"], shown["role"], shown["rep"], shown["xp"], shown["roster_id"]) == ("star", "sarge", 5, 9, r.id)
    assert [e["name"] for e in shown["equipment"]] == ["Rifle"] and shown["skills"] == ["Tough"]
    edb = _db_row(engine, "equipment", shown["equipment"][0]["id"])
    _check(E.EQUIPMENT_DATA, dict(shown["equipment"][0]), edb)

    roster = rosters.show_roster(engine, r.id)
    _check(E.ROSTER_DATA, {k: roster[k] for k in E.ROSTER_DATA.keys}, rdb)  # type: ignore[literal-required]
    assert (roster["faction"], roster["player"], roster["credits"], roster["notes"]) == ("US", "Kim", 12, "hq")
    _check(E.CAMPAIGN_DATA, dict(roster["campaign"]), cdb)
    pane = details.roster_detail(engine, r.id)
    _check(E.ROSTER_DATA, {k: pane[k] for k in E.ROSTER_DATA.keys}, rdb)  # type: ignore[literal-required]

    row = next(x for x in roster_table.roster_rows(engine, roster=r.id)["rows"] if x["id"] == f.id)
    _check(E.FIGHTER_ROW, dict(row), fdb)
    assert (row["type"], row["role"], row["rep"], row["credits_value"]) == ("star", "sarge", 5, 35)
    assert (row["what"], row["roster"], row["weapons"], row["skills"]) == ("fighter", "1st", ["Rifle"], ["Tough"])

    with read_session(engine) as s:
        state = battle_state(s, s.get(Battle, 1))
    fs = vars(state.fighters[f.id])
    _check(E.FIGHTER_STATE, {k: fs[k] for k in E.FIGHTER_STATE.keys}, fdb)
    assert state.fighters[f.id].skills == ["Tough"] and state.fighters[f.id].scored_hit
    assert state.fighters[hans.id].result == "out-of-the-fight"
    rs = vars(state.rosters[r.id])
    _check(E.ROSTER_STATE, {k: rs[k] for k in E.ROSTER_STATE.keys}, rdb)

    doc = export_json(engine, c.id)
    _check(E.CAMPAIGN_DOC, doc["campaign"], cdb)
    assert doc["campaign"]["house_rules"] == {} and doc["campaign"]["stat_line"] == 2
    rdoc = next(x for x in doc["rosters"] if x["name"] == "1st")
    _check(E.ROSTER_DOC, rdoc, rdb)
    assert (rdoc["faction"], rdoc["player"], rdoc["notes"]) == ("US", "Kim", "hq")
    fdoc = next(x for ro in doc["rosters"] for x in ro["fighters"] if x["name"] == "Rock")
    _check(E.FIGHTER_DOC, fdoc, fdb)
    assert (fdoc["type"], fdoc["role"], fdoc["xp"]) == ("star", "sarge", 9)
    assert fdoc["ref"].startswith("f") and fdoc["captured_by"] is None and fdoc["skills"][0]["name"] == "Tough"
    _check(E.EQUIPMENT_DOC, fdoc["equipment"][0], edb)


def test_a_units_shapes_are_its_row(engine):
    from campaign_app.usecases import campaigns, rosters, units
    from campaign_app.usecases.datafiles.export import export_json
    from campaign_app.usecases.gui_queries import details
    from campaign_app.usecases.results import as_data

    c = campaigns.create_campaign(engine, "Sandbox", "fubar")
    r = rosters.create_roster(engine, c.id, "Alpha")
    u = units.add_unit(engine, r.id, "1st Section", 8, training="veteran", weapons=["Assault rifle"],
                       armour="medium", figures_start=9, notes="left flank")
    u2 = units.edit_unit(engine, u.id, figures=6, wounded=2)
    udb = _db_row(engine, "unit", u.id)
    assert udb["figures"] == 6 and udb["wounded"] == 2 and udb["figures_start"] == 9 and udb["notes"] == "left flank"

    _check(E.UNIT_RESULT, as_data(u2), udb | {"campaign_id": c.id})
    assert (u2.training, u2.armour, u2.figures, u2.figures_start, u2.wounded, u2.notes) == (
        "veteran", "medium", 6, 9, 2, "left flank")
    shown = units.show_unit(engine, u.id)
    _check(E.UNIT_DATA, {k: shown[k] for k in E.UNIT_DATA.keys}, udb)  # type: ignore[literal-required]
    pane = details.unit_detail(engine, u.id)
    _check(E.UNIT_DATA, {k: pane[k] for k in E.UNIT_DATA.keys}, udb)  # type: ignore[literal-required]
    row = roster_table.roster_rows(engine, roster=r.id)["rows"][0]
    _check(E.UNIT_ROW, dict(row), udb)
    assert (row["what"], row["type"], row["weapons"]) == ("unit", "infantry", ["Assault rifle"])
    udoc = export_json(engine, c.id)["rosters"][0]["units"][0]
    _check(E.UNIT_DOC, udoc, udb)
    assert udoc["ref"] == "u1" and [e["name"] for e in udoc["equipment"]] == ["Assault rifle"]


def test_the_other_lists_of_an_entitys_columns_name_only_its_columns():
    """What a use-case lets be edited, copies or lets a procedure set, and what the
    paged table sorts by, are chosen subsets (not shapes): each names only columns its
    entity declares, so a column renamed or dropped there fails here."""
    from campaign_app.usecases import battles, duplicate, fighters, rosters, units
    from db.queries import pages

    assert set(fighters.FighterFields.__annotations__) <= set(E.FIGHTER.columns)
    assert set(units.UnitFields.__annotations__) <= set(E.UNIT.columns)
    assert set(rosters.RosterFields.__annotations__) <= set(E.ROSTER.columns)
    assert set(duplicate.COPIED) <= set(E.FIGHTER.columns)
    assert battles.FIGHTER_COLUMNS <= set(E.FIGHTER.columns)
    assert battles.UNIT_COLUMNS <= set(E.UNIT.columns)
    assert battles.ROSTER_COLUMNS <= set(E.ROSTER.columns)
    sortable = pages._COLUMNS  # noqa: SLF001 (the paged table's sortable columns)
    assert {f for f, _u, _t in sortable.values() if f} <= set(E.FIGHTER_ROW.columns)
    assert {u for _f, u, _t in sortable.values() if u} <= set(E.UNIT_ROW.columns)
    assert set(sortable) <= set(E.FIGHTER_ROW.keys) | set(E.UNIT_ROW.keys)
