"""Records a game system keeps of its own (campaign_app/usecases/records.py), through a
system made up here that no other file knows: stored in ``system_record`` on SQLite
and PostgreSQL, checked by the system's own pydantic model (one line naming the field,
nothing written), each change one undo step, undone and redone, and carried by the
JSON export and both imports."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import text

from campaign_app.errors import InputError, NotFoundError
from campaign_app.systems.api import GameSystem, RecordKind
from campaign_app.systems.info import StatRule, SystemInfo
from campaign_app.usecases import campaigns, rosters
from campaign_app.usecases.records import add_record, edit_record, list_records, remove_record

ID = "records-test"


class Banner(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = Field(min_length=1, max_length=80)
    height: int = Field(1, ge=1, le=9)


class Oath(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    words: str = ""


SYSTEM = GameSystem(
    info=SystemInfo(id=ID, name="Records Test", default_roster_kind="gang", fighter_types=("fighter",),
                    default_fighter_type="fighter", stats=(StatRule("Skill", "Skill", 1, 6),),
                    battle_statuses=("fine", "out")),
    package="tests.campaign_app",
    records=(RecordKind("banner", f"{__name__}:Banner"),
             RecordKind("oath", f"{__name__}:Oath", holder="campaign")),
)


@pytest.fixture
def system() -> Iterator[GameSystem]:
    from campaign_app.systems.registry import add_system, remove_system

    add_system(SYSTEM)
    yield SYSTEM
    remove_system(ID)


def _rows(engine: Any) -> list[tuple[Any, ...]]:
    with engine.connect() as c:
        rows = c.execute(text("SELECT roster_id, system, kind, data, version FROM system_record ORDER BY id"))
        return [(r[0], r[1], r[2], json.loads(r[3]) if isinstance(r[3], str) else r[3], r[4]) for r in rows]


def test_records_are_stored_checked_and_undone(system: Any, engine: Any) -> None:
    from campaign_app.usecases.journal import redo, undo

    c = campaigns.create_campaign(engine, "Ford", ID)
    reds = rosters.create_roster(engine, c.id, "Reds")
    res = add_record(engine, "banner", {"name": "Red Hand", "height": 3}, roster="Reds")
    assert (res.title, res.roster, res.changes.rosters) == ("Red Hand", "Reds", frozenset({reds.id}))
    assert _rows(engine) == [(reds.id, ID, "banner", {"name": "Red Hand", "height": 3}, 1)]
    add_record(engine, "oath", {"name": "No retreat"}, campaign="Ford")
    assert [r["title"] for r in list_records(engine, campaign="Ford")["records"]] == ["Red Hand", "No retreat"]

    for bad, msg in (({"name": "X", "height": 10}, "banner height: Input should be less than or equal to 9"),
                     ({"name": "X", "height": "3"}, "banner height: Input should be a valid integer"),
                     ({"name": "X", "colour": "red"}, "banner colour: Extra inputs are not permitted"),
                     ({"height": 2}, "banner name: Field required"),
                     ({"name": "red hand"}, "Reds already has a banner named 'red hand'")):
        with pytest.raises(InputError) as e:
            add_record(engine, "banner", bad, roster="Reds")
        assert str(e.value) == msg and "\n" not in str(e.value)
    with pytest.raises(InputError, match=r"keeps no records of kind 'relic' \(known: banner, oath\)"):
        add_record(engine, "relic", {"name": "X"}, roster="Reds")
    with pytest.raises(InputError, match="name the roster that holds the banner"):
        add_record(engine, "banner", {"name": "X"}, campaign="Ford")
    assert len(_rows(engine)) == 2  # nothing written by any of them

    from campaign_app.cli.roster import records_lines
    from campaign_app.facade import Campaigns

    assert records_lines(Campaigns(engine), reds.id, ID) == ["banners: Red Hand"]  # what roster show prints
    edit_record(engine, "banner", "red hand", {"height": 5}, roster="Reds")
    assert _rows(engine)[0][3:] == ({"name": "Red Hand", "height": 5}, 2)
    remove_record(engine, "banner", "Red Hand", roster="Reds")
    assert [r[2] for r in _rows(engine)] == ["oath"]
    with pytest.raises(NotFoundError, match="Reds has no banner 'Red Hand'"):
        remove_record(engine, "banner", "Red Hand", roster="Reds")

    undo(engine, "Ford")  # the removal
    assert _rows(engine)[0][2:4] == ("banner", {"name": "Red Hand", "height": 5})
    undo(engine, "Ford")  # the edit
    assert _rows(engine)[0][3] == {"name": "Red Hand", "height": 3}
    redo(engine, "Ford")
    redo(engine, "Ford")
    assert [r[2] for r in _rows(engine)] == ["oath"]
    undo(engine, "Ford")
    from campaign_app.usecases.manage import delete_roster

    delete_roster(engine, "Reds")  # the roster's records go with it, one undo step
    assert [r[2] for r in _rows(engine)] == ["oath"]
    undo(engine, "Ford")
    assert [r[2] for r in _rows(engine)] == ["banner", "oath"]


def test_records_go_through_export_and_both_imports(system: Any, engine: Any, tmp_path: Any) -> None:
    from campaign_app.usecases.datafiles import export_json, import_json
    from campaign_app.usecases.datafiles.export import export_json_file

    c = campaigns.create_campaign(engine, "Ford", ID)
    rosters.create_roster(engine, c.id, "Reds")
    rosters.create_roster(engine, c.id, "Blues")
    add_record(engine, "banner", {"name": "Red Hand"}, roster="Reds")
    add_record(engine, "oath", {"name": "No retreat", "words": "never"}, campaign="Ford")
    doc = export_json(engine, "Ford")
    assert doc["records"] == [
        {"kind": "banner", "roster": "r1", "data": {"name": "Red Hand", "height": 1},
         "created_at": doc["records"][0]["created_at"]},
        {"kind": "oath", "roster": None, "data": {"name": "No retreat", "words": "never"},
         "created_at": doc["records"][1]["created_at"]}]
    path = tmp_path / "ford.json"
    export_json_file(engine, "Ford", path)
    assert json.loads(path.read_text("utf-8")) == doc
    import_json(engine, doc, rename="Ford 2", streamed=False)
    import_json(engine, path, rename="Ford 3", streamed=True)
    for name in ("Ford 2", "Ford 3"):
        again = export_json(engine, name)
        assert again["records"] == doc["records"]
        assert [r["roster"] for r in list_records(engine, campaign=name)["records"]] == ["Reds", ""]

    bad = json.loads(json.dumps(doc))
    bad["records"][0]["data"]["height"] = 12
    bad["records"][1]["kind"] = "relic"
    bad["records"].append({"kind": "banner", "roster": "r9", "data": {"name": "Y"}})
    (tmp_path / "bad.json").write_text(json.dumps(bad), "utf-8")
    for run in (lambda: import_json(engine, bad, rename="Ford 4"),
                lambda: import_json(engine, tmp_path / "bad.json", rename="Ford 4", streamed=True)):
        with pytest.raises(InputError) as e:
            run()
        msg = str(e.value)
        assert "records[0].data.height: Input should be less than or equal to 9" in msg, msg
        assert "records[1].kind: Records Test keeps no records of kind 'relic'" in msg, msg
        assert "records[2].roster" in msg, msg
    assert "Ford 4" not in {x["name"] for x in campaigns.list_campaigns(engine)}

    doc["records"][0]["no_such_field"] = 1  # the record's own fields are the model's, exactly
    with pytest.raises(InputError) as e:
        import_json(engine, doc, rename="Ford 5", streamed=False)
    assert e.value.problems == ["records[0].no_such_field: unknown field"]  # type: ignore[attr-defined]
