"""JSON export/import: exact round trip on each backend, validation with paths, limits."""

from __future__ import annotations

import copy
import json
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import Engine, make_url

from campaign_app.cli import main
from campaign_app.errors import InputError
from campaign_app.usecases import campaigns, journal, rolls, rosters
from campaign_app.usecases.datafiles import (
    FORMAT,
    MAX_FILE_BYTES,
    ImportRefused,
    export_json,
    export_json_file,
    import_json,
    validate_document,
    write_json,
)
from tests.campaign_app.data_builders import build_necromunda, build_nuts, build_squad, counts
from tests.conftest import pg_admin_url

pytestmark = pytest.mark.usefixtures("_server_backups")  # tests/campaign_app/conftest.py


@pytest.fixture
def empty_engine(db_url: str, tmp_path: Path) -> Iterator[Engine]:
    """A second, empty database on the same backend as ``engine``."""
    from db.migrate import open_database

    if db_url.startswith("sqlite"):
        eng = open_database(f"sqlite:///{tmp_path / 'other.sqlite'}")
        yield eng
        eng.dispose()
        return
    admin = pg_admin_url()
    assert admin
    name = f"t_{uuid.uuid4().hex[:12]}"
    adm = create_engine(make_url(admin).set(drivername="postgresql+psycopg"), isolation_level="AUTOCOMMIT")
    with adm.connect() as c:
        c.execute(text(f'CREATE DATABASE "{name}"'))
    eng = open_database(make_url(admin).set(database=name).render_as_string(hide_password=False))
    try:
        yield eng
    finally:
        eng.dispose()
        with adm.connect() as c:
            c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        adm.dispose()


def _all_docs(engine: Engine) -> dict[str, dict]:
    return {c["name"]: export_json(engine, c["id"]) for c in campaigns.list_campaigns(engine)}


# --------------------------------------------------------------------------- round trip
def test_round_trip_is_exact(engine, empty_engine, tmp_path):
    build_necromunda(engine)
    build_nuts(engine)
    build_squad(engine)
    docs = _all_docs(engine)
    assert docs["Hive War"]["rosters"][0]["fighters"][0]["equipment"][0]["name"] == "Autopistol"
    for name, doc in docs.items():
        path = tmp_path / f"{name}.json"
        export_json_file(engine, name, path)
        assert json.loads(path.read_text(encoding="utf-8")) == doc
        c = import_json(empty_engine, path)
        again = export_json(empty_engine, c.id)
        assert json.dumps(again, ensure_ascii=False) == json.dumps(doc, ensure_ascii=False), name
        # a second import into the same database under another name
        c2 = import_json(empty_engine, doc, rename=f"{name} copy")
        third = export_json(empty_engine, c2.id)
        third["campaign"]["name"] = name
        assert third == doc


def test_streamed_file_is_the_same_text_in_any_chunks(engine, tmp_path, monkeypatch):
    """The file is written as it is read (rosters and battles in chunks, rolls through a
    cursor): the same text as the document dumped whole, whatever the chunk sizes, and
    the summary counts what was written."""
    from campaign_app.usecases.datafiles import export as export_mod

    build_necromunda(engine)
    build_nuts(engine)
    build_squad(engine)
    for c in campaigns.list_campaigns(engine):
        whole = tmp_path / f"whole{c['id']}.json"
        write_json(export_json(engine, c["id"]), whole)
        for roster_chunk, battle_chunk in ((5000, 2000), (1, 1), (2, 3)):
            monkeypatch.setattr(export_mod, "ROSTER_CHUNK", roster_chunk)
            monkeypatch.setattr(export_mod, "BATTLE_CHUNK", battle_chunk)
            out = tmp_path / f"streamed{c['id']}-{roster_chunk}.json"
            summary = export_json_file(engine, c["id"], out)
            assert out.read_bytes() == whole.read_bytes(), (c["name"], roster_chunk)
        doc = json.loads(whole.read_text(encoding="utf-8"))
        assert summary == {"file": str(out), "campaign": c["name"], "rosters": len(doc["rosters"]),
                           "fighters": sum(len(r["fighters"]) for r in doc["rosters"]),
                           "units": sum(len(r["units"]) for r in doc["rosters"]),
                           "battles": len(doc["battles"]), "rolls": len(doc["rolls"])}
    injured = [i for c in campaigns.list_campaigns(engine) for r in export_json(engine, c["id"])["rosters"]
               for f in r["fighters"] for i in f["injuries"] if i["roll_record"]]
    assert injured, "the builders make an injury that names its roll"


def test_flat_objects_are_written_as_json_writes_them():
    from campaign_app.usecases.datafiles.export import _dumps

    tricky = {"s": 'quote " back \\ nl \n tab \t é 😀 \x00 \u2028', "i": -3, "big": 2**62, "f": 0.1,
              "e": 1e300, "t": True, "n": None, "no": False, "": "", "k\"ey": 1}
    nested = {"a": [1, {"b": None}], "c": {"d": {}}, "e": [[], {}, [[]]], "f": "[{", "g": ["[", "{"],
              "h": [{"x": 1}, {"x": "]"}], "i": {"": [None, True]}, "j": tricky}
    for v in (tricky, nested, [nested, tricky], {"a": 1}, {}, [], [[]], {"a": {"b": 1}}, [tricky, 2], "x", 3,
              None, 2.5, ["a\x00b"], {"k": "a\x00b"}, {1: "a", "b": 2}, [{2: [3]}], (1, 2), {"t": (1, "x")}):
        for depth in (0, 1, 2, 5):
            assert _dumps(v, depth) == json.dumps(v, ensure_ascii=False, indent=1).replace("\n", "\n" + " " * depth)


def test_round_trip_keeps_every_table(engine, empty_engine):
    build_necromunda(engine)
    build_nuts(engine)
    build_squad(engine)
    before = counts(engine)
    for c in campaigns.list_campaigns(engine):
        import_json(empty_engine, export_json(engine, c["id"]))
    after = counts(empty_engine)
    for table in ("campaign", "roster", "fighter", "unit", "equipment", "skill", "lasting_injury",
                  "walker_type", "battle", "battle_roster", "battle_result", "roll_record"):
        assert after[table] == before[table], table


def test_export_pieces(sqlite_engine):
    cid = build_necromunda(sqlite_engine)
    build_nuts(sqlite_engine)
    doc = export_json(sqlite_engine, cid)
    assert doc["format"] == FORMAT and doc["schema_version"] == 1
    assert [r["ref"] for r in doc["rosters"]] == ["r1", "r2"]
    vala = doc["rosters"][1]["fighters"][0]
    assert vala["captured_by"] == "r1" and vala["status"] == "in-recovery"
    assert vala["injuries"][0]["roll_record"] == doc["rolls"][-1]["ref"]
    assert vala["injuries"][0]["battle"] == "b1"
    assert doc["battles"][0]["winner"] == "r1"
    assert doc["battles"][0]["results"][0]["by_fighter"] == "f1"
    assert doc["rolls"][-1]["undone"] is True and doc["rolls"][-1]["action"] == "battle.after"
    assert doc["rolls"][0]["action"] == "" and doc["rolls"][0]["undone"] is False
    assert "n26-lasting-injury" in doc["campaign"]["house_rules"]
    # only this campaign
    assert all(r["name"] != "1st Platoon" for r in doc["rosters"])
    nuts = export_json(sqlite_engine, "Weird Front")
    walker = nuts["rosters"][0]["fighters"][2]
    assert walker["walker_type"] == "w1" and nuts["rosters"][0]["fighters"][0]["crew_of"] == walker["ref"]


def test_import_is_one_step_that_undo_does_not_cross(sqlite_engine):
    cid = build_necromunda(sqlite_engine)
    doc = export_json(sqlite_engine, cid)
    c = import_json(sqlite_engine, doc, rename="Copy")
    with pytest.raises(InputError, match="nothing to undo in Copy: its first action, importing it, cannot be undone"):
        journal.undo(sqlite_engine, c.id)
    with pytest.raises(InputError, match="nothing to redo"):
        journal.redo(sqlite_engine, c.id)
    log = rolls.roll_log(sqlite_engine, c.id)
    assert [r["undone"] for r in log] == [False, False, True]
    # later actions undo normally
    rosters.create_roster(sqlite_engine, c.id, "New gang")
    journal.undo(sqlite_engine, c.id)
    assert export_json(sqlite_engine, c.id)["rosters"] == doc["rosters"]


def test_import_takes_an_automatic_backup(sqlite_engine, sqlite_url):
    cid = build_necromunda(sqlite_engine)
    doc = export_json(sqlite_engine, cid)
    import_json(sqlite_engine, doc, rename="Copy")
    folder = Path(sqlite_url.replace("sqlite:///", "")).parent / "backups"
    assert len(list(folder.glob("*-pre-import-*.sqlite"))) == 1


# --------------------------------------------------------------------------- validation
def _doc(sqlite_engine) -> dict:
    cid = build_nuts(sqlite_engine)
    return export_json(sqlite_engine, cid)


def test_problems_are_reported_with_paths_and_nothing_written(sqlite_engine, snap):
    doc = _doc(sqlite_engine)
    bad = copy.deepcopy(doc)
    bad["campaign"]["name"] = "Other"
    bad["rosters"][0]["fighters"][1]["rep"] = 9
    bad["rosters"][0]["fighters"][0]["xp"] = "lots"
    bad["rosters"][0]["fighters"][0]["status"] = "sleeping"
    bad["rosters"][0]["fighters"][2]["walker_type"] = "w9"
    bad["rosters"][0]["fighters"][0]["colour"] = "red"
    bad["rosters"][0]["fighters"][1]["created_at"] = "yesterday"
    bad["rolls"] = [{"ref": "d1", "dice": "d6", "faces": "x", "source": "random", "value": 1.5}]
    before = snap(sqlite_engine)
    with pytest.raises(ImportRefused) as ei:
        import_json(sqlite_engine, bad)
    problems = ei.value.problems
    assert "rosters[0].fighters[1].rep: 9 is above 6" in problems
    assert "rosters[0].fighters[0].xp: 'lots' is not a whole number" in problems
    assert any(p.startswith("rosters[0].fighters[0].status: 'sleeping' is not one of") for p in problems)
    assert "rosters[0].fighters[2].walker_type: no walker type has ref 'w9'" in problems
    assert "rosters[0].fighters[0].colour: unknown field" in problems
    assert any(p.startswith("rosters[0].fighters[1].created_at:") for p in problems)
    assert "rolls[0].value: 1.5 is not a whole number" in problems
    assert any(p.startswith("rolls[0].faces:") for p in problems)
    assert len(problems) == 8
    assert "nothing was imported" in str(ei.value)
    assert snap(sqlite_engine) == before


@pytest.mark.parametrize("mutate, expected", [
    (lambda d: d.update(format="other"), "format: 'other' is not"),
    (lambda d: d.update(schema_version=2), "schema_version: 2 is newer than this app reads"),
    (lambda d: d.pop("campaign"), "campaign: is missing"),
    (lambda d: d["campaign"].update(system="chess"), "campaign.system: 'chess' is not a known game system"),
    (lambda d: d["campaign"].update(expansions=["jetpacks"]), "campaign.expansions[0]: 'jetpacks' is not"),
    (lambda d: d["rosters"].append(copy.deepcopy(d["rosters"][0])), "rosters[1].name: '1st Platoon' is already used"),
    (lambda d: d["rosters"][0].update(kind="horde"), "rosters[0].kind: 'horde' is not one of"),
    (lambda d: d["rosters"][0].update(credits=-5), "rosters[0].credits: -5 is below 0"),
    (lambda d: d["rosters"][0].update(credits=2**40), "rosters[0].credits: 1099511627776 is above"),
    (lambda d: d["rosters"][0].update(name=" x"), "rosters[0].name: ' x' has spaces around it"),
    (lambda d: d["rosters"][0].update(name="x" * 201), "rosters[0].name: is 201 characters long"),
    (lambda d: d["rosters"][0]["fighters"][0].update(type="wizard"), "rosters[0].fighters[0].type: 'wizard'"),
    (lambda d: d["rosters"][0]["fighters"][0].update(crew_of=5), "rosters[0].fighters[0].crew_of: 5 must be a reference"),
    (lambda d: d["rosters"][0]["fighters"][1].update(ref="f1"), "rosters[0].fighters[1].ref: 'f1' is already used"),
    (lambda d: d["rosters"][0]["fighters"][0]["equipment"].append({"qty": 2}),
     "rosters[0].fighters[0].equipment[1].name: is missing"),
    (lambda d: d["rosters"][0]["fighters"][0].update(skills=["Brawler"]),
     "rosters[0].fighters[0].skills[0]: must be an object"),
    (lambda d: d["rosters"][0].update(fighters={}), "rosters[0].fighters: must be a list"),
    (lambda d: d.update(battles=[{"ref": "b1", "number": 1, "played_on": "2026-02-30"}]),
     "battles[0].played_on: '2026-02-30' is not a date"),
    (lambda d: d.update(battles=[{"ref": "b1", "number": 1, "rosters": [{"roster": "r1"}, {"roster": "r1"}]}]),
     "battles[0].rosters[1].roster: 'r1' is already listed"),
    (lambda d: d["campaign"]["house_rules"].update({"nuts-nope": {}}), "campaign.house_rules.nuts-nope: NUTS"),
])
def test_each_problem_named(sqlite_engine, snap, mutate, expected):
    doc = _doc(sqlite_engine)
    mutate(doc)
    before = snap(sqlite_engine)
    with pytest.raises(ImportRefused) as ei:
        import_json(sqlite_engine, doc, rename="Imported")
    assert any(p.startswith(expected) for p in ei.value.problems), ei.value.problems
    assert snap(sqlite_engine) == before


def test_necromunda_stats_checked(sqlite_engine):
    doc = export_json(sqlite_engine, build_necromunda(sqlite_engine))
    doc["rosters"][0]["fighters"][0]["stats"]["WS"] = 7
    doc["rosters"][0]["fighters"][0]["stats"]["ws"] = 3
    doc["rosters"][0]["fighters"][1]["stats"]["BS"] = "4+"
    doc["rosters"][0]["fighters"][1]["stats"]["Foo"] = 3
    _plan, problems, _ = validate_document(doc)
    assert any(p.startswith("rosters[0].fighters[1].stats.Foo: 'Foo' is not a characteristic here (M, WS")
               for p in problems), problems
    assert "rosters[0].fighters[0].stats.WS: 7 is above 6" in problems
    assert "rosters[0].fighters[0].stats.ws: write the characteristic as WS" in problems
    assert "rosters[0].fighters[1].stats.BS: '4+' is not a whole number" in problems


def test_house_rule_checked(sqlite_engine):
    doc = export_json(sqlite_engine, build_necromunda(sqlite_engine))
    doc["campaign"]["house_rules"]["n26-lasting-injury"]["rows"].pop()
    _plan, problems, _ = validate_document(doc, rename="X")
    assert len(problems) == 1 and problems[0].startswith("campaign.house_rules.n26-lasting-injury:")
    assert "66" in problems[0]


def test_name_taken_and_rename(sqlite_engine, snap):
    doc = _doc(sqlite_engine)
    before = snap(sqlite_engine)
    with pytest.raises(ImportRefused, match="already exists"):
        import_json(sqlite_engine, doc)
    with pytest.raises(ImportRefused, match="--rename"):
        import_json(sqlite_engine, doc, rename="  ")
    assert snap(sqlite_engine) == before
    c = import_json(sqlite_engine, doc, rename="Second Front")
    assert c.name == "Second Front"
    # a typed result: the campaign's fields (as `campaign show`), and everything changed
    from campaign_app.changes import Changes
    from campaign_app.usecases.datafiles import ImportResult

    assert isinstance(c, ImportResult) and c.changes == Changes.all()
    assert c.system == doc["campaign"]["system"] and c.expansions == doc["campaign"]["expansions"]


def test_problem_list_is_bounded(sqlite_engine):
    doc = _doc(sqlite_engine)
    doc["rolls"] = [{"ref": f"d{i}"} for i in range(1000)]
    with pytest.raises(ImportRefused) as ei:
        import_json(sqlite_engine, doc, rename="Z")
    assert len(ei.value.problems) == 200
    assert "200+ problems" in str(ei.value)


# --------------------------------------------------------------------------- the plan
# The models check every record (pydantic-core, plain dicts out); the plan holds each
# checked record's fields as the models give them, defaults filled in, times in UTC.
_PLAN_NAMES = {"ref": "_ref", "type": "fighter_type", "table": "table_id", "action": "_action",
               "undone": "_undone", "battle": "_battle", "fighter": "_fighter", "unit": "_unit"}


def _many_rolls(doc: dict, n: int = 30) -> dict:
    base = doc["rolls"][0]
    doc["rolls"] = [dict(base, ref=f"d{i + 1}", value=i, target=None if i % 3 else 4) for i in range(n)]
    return doc


def test_the_plan_holds_what_the_models_give(sqlite_engine):
    from datetime import UTC

    from campaign_app.usecases.datafiles import schema as sch

    docs = [export_json(sqlite_engine, build(sqlite_engine)) for build in (build_necromunda, build_nuts, build_squad)]
    odd = _many_rolls(copy.deepcopy(docs[2]))
    for i, r in enumerate(odd["rolls"]):  # optional keys left out, times in other zones, naive and "Z"
        for k in ("subject", "rule", "target", "table", "row", "result", "label", "action", "undone", "unit")[: i % 11]:
            r.pop(k, None)
        r["created_at"] = ["2026-01-02T03:04:05+05:30", "2026-01-02T03:04:05", "2026-01-02T03:04:05Z",
                           "2026-01-02T03:04:05.000001-08:00"][i % 4]
    for res in docs[0]["battles"][0]["results"]:
        res.pop("details")
    for doc in [*docs, odd]:
        plan, problems, _ = validate_document(doc, rename="X")
        assert problems == []
        assert len(plan.rolls) == len(doc["rolls"])
        for i, raw in enumerate(doc["rolls"]):
            model = sch.Roll.model_validate(raw)
            for key, value in model:
                assert plan.rolls[_PLAN_NAMES.get(key, key)][i] == value, (i, key)
            assert plan.rolls["created_at"][i].tzinfo is UTC
        results = [r for b in doc["battles"] for r in b["results"]]
        assert plan.battle_results["details"] == [r.get("details", {}) for r in results]
        assert plan.battle_results["status"] == [r["status"] for r in results]
    assert [t.hour for t in validate_document(odd, rename="X")[0].rolls["created_at"][:4]] == [21, 3, 3, 11]


@pytest.mark.parametrize("mutate, expected", [
    (lambda d: d["rolls"][7].update(target=True), "rolls[7].target: True is not a whole number"),
    (lambda d: d["rolls"][7].update(value=2**31), "rolls[7].value: 2147483648 is above 2147483647"),
    (lambda d: d["rolls"][3].update(battle="b9"), "rolls[3].battle: no battle has ref 'b9'"),
    (lambda d: d["rolls"][5].update(ref="d1"), "rolls[5].ref: 'd1' is already used by rolls[0]"),
    (lambda d: d["rolls"][5].update(ref=""), "rolls[5].ref: '' must be short text (1 to 40 characters)"),
    (lambda d: d["rolls"][2].update(undone=True, action=""), "rolls[2].undone: an undone roll needs the action"),
    (lambda d: d["rolls"][4].update(faces="3,,5"), "rolls[4].faces: '3,,5' is not faces such as 3,5"),
    (lambda d: d["rolls"][4].pop("dice"), "rolls[4].dice: is missing"),
    (lambda d: d["rolls"][4].update(created_at="2026-99-01"), "rolls[4].created_at: '2026-99-01' is not a date"),
    (lambda d: d["rolls"][6].update(label="x" * 201), "rolls[6].label: is 201 characters long (at most 200)"),
    (lambda d: d["rolls"][6].update(colour="red"), "rolls[6].colour: unknown field"),
    (lambda d: d["rolls"].append("d6"), "rolls[30]: must be an object, not text 'd6'"),
    (lambda d: d["battles"][0]["results"][1].update(casualties=-1), "battles[0].results[1].casualties: -1 is below 0"),
    (lambda d: d["battles"][0]["results"][0].update(fighter="f99"), "battles[0].results[0].fighter: no fighter has"),
    (lambda d: d["battles"][0]["results"][0].update(details=[]), "battles[0].results[0].details: must be an object"),
    (lambda d: d["battles"][0]["results"][0].pop("status"), "battles[0].results[0].status: is missing"),
])
def test_each_problem_of_the_big_lists_named_once(sqlite_engine, mutate, expected):
    doc = _many_rolls(export_json(sqlite_engine, build_necromunda(sqlite_engine)))
    assert validate_document(doc, rename="X")[1] == []
    mutate(doc)
    plan, problems, more = validate_document(doc, rename="X")
    assert len(problems) == 1 and problems[0].startswith(expected), problems
    assert not more and not plan.rolls


def test_sqlite_gets_the_text_sqlalchemy_stores():
    """The bulk insert's shortcuts for times and empty JSON give what the column type's
    own bind processor gives."""
    from datetime import UTC, datetime, timedelta, timezone

    from sqlalchemy.dialects import sqlite
    from sqlmodel import SQLModel

    from campaign_app.usecases.datafiles import _stored

    d = sqlite.dialect()
    tables = SQLModel.metadata.tables
    when = tables["fighter"].c.created_at.type.dialect_impl(d).bind_processor(d)
    for vals in ([datetime(2026, 1, 2, 3, 4, 5, 6, tzinfo=UTC), datetime(5, 1, 1, tzinfo=UTC)],
                 [datetime(2026, 1, 2, 3, 4, 5, tzinfo=timezone(timedelta(hours=5)))],
                 [datetime(2026, 1, 2, tzinfo=UTC), None]):
        assert _stored(when, vals, False) == [when(v) for v in vals]
    js = tables["battle_result"].c.details.type.dialect_impl(d).bind_processor(d)
    for vals in ([{}, [], {"a": [1, "é"]}, ["x"], {}], [None, {}], [{"b": 1}]):
        assert _stored(js, vals, True) == [js(v) for v in vals]


def test_bad_keys_are_reported_every_time():
    """Known good keys are remembered to go fast; a bad key, or text that is not a str, never is."""
    from campaign_app.usecases.datafiles import check_limits

    class Text(str):
        pass

    with pytest.raises(ImportRefused) as ei:
        check_limits([{"a\x00": 1, "a": 1}, {"a\x00": 2}, {Text("a"): 3}])
    assert ei.value.problems == ["[0]: key 'a\\x00': text contains a NUL character",
                                 "[1]: key 'a\\x00': text contains a NUL character",
                                 "[2]: key 'a' is not text"]


# --------------------------------------------------------------------------- limits
@pytest.mark.parametrize("value, expected", [
    ("a\x00b", "text contains a NUL character"), ("\ud800", "unpaired surrogate"),
    ("x" * 20_001, "characters long"), (2**70, "number is too large"), (float("inf"), "not finite"),
])
def test_a_bad_value_among_many_plain_records_is_named(value, expected):
    """Lists of flat records (rolls) are checked at once; one bad value still gets its path."""
    rows = [{"ref": f"d{i}", "value": i, "undone": False, "unit": None} for i in range(500)]
    rows[321]["value"] = value
    from campaign_app.usecases.datafiles import check_limits

    check_limits([dict(r) for r in rows[:300]])
    with pytest.raises(ImportRefused) as ei:
        check_limits({"rolls": rows})
    assert len(ei.value.problems) == 1 and ei.value.problems[0].startswith("rolls[321].value:")
    assert expected in ei.value.problems[0]


def test_flat_records_by_column_answer_as_value_by_value():
    """A long list of flat records is looked at a column at a time: the same answer as
    value by value, whatever the values (keys in another order, missing keys, text that is
    long, non-ASCII or holds NUL, numbers past 64 bits, floats, true/false, null, lists)."""
    import random
    from itertools import chain

    from campaign_app.usecases.datafiles import limits, streamed

    rng = random.Random(32)
    kinds = ["", "plain", "é", "a\x00b", "x" * 20_000, "x" * 20_001, 0, 7, -(2**63) + 1, 2**63 - 1, 2**63,
             -(2**63), True, False, None, 1.5, [], {}]
    keys = ["a", "b", "c", "d"]
    seen = set()
    for _ in range(400):
        n = rng.choice([1, 5, 31, 32, 40, 200])
        base = [rng.choice(kinds[:4] + [0, 7, None]) for _k in keys]
        rows = [dict(zip(keys, base, strict=True)) for _i in range(n)]
        for _j in range(rng.choice([0, 0, 1, 2])):  # a few odd values, reordered or missing keys
            r = rows[rng.randrange(n)]
            what = rng.random()
            if what < 0.6:
                r[rng.choice(keys)] = rng.choice(kinds)
            elif what < 0.8:
                r.pop(rng.choice(keys))
            else:
                for k in rng.sample(keys, 4):
                    r[k] = r.pop(k)
        expected = limits._plain_values(chain.from_iterable(map(dict.values, rows)))
        assert limits._flat_records(rows, set()) == expected, rows[:3]
        columns = streamed._transposed(rows)  # the streamed rolls' way: the same keys in the same order
        if columns is not None:
            assert limits.flat_columns(columns, n) == expected
            seen.add(("columns", expected))
        seen.add((n >= limits._BY_COLUMN, expected))
    assert seen == {(True, True), (True, False), (False, True), (False, False), ("columns", True), ("columns", False)}


@pytest.mark.parametrize("content, expected", [
    (b"", "not valid JSON"),
    (b"\xff\xfe garbage", "not UTF-8"),
    (b"{\"a\": NaN}", "not valid JSON"),
    (b"[" * 100_000 + b"]" * 100_000, "nesting is deeper than 20"),
    (b"[" * 25 + b"]" * 25, "nesting is deeper than 20"),
    (json.dumps({"format": "x" * 20_001}).encode(), "characters long"),
    (b'{"format": "\\ud800"}', "unpaired surrogate"),
    (b'{"format": "a\\u0000b"}', "NUL"),
    (b"1" * 5000, "not valid JSON"),
    (b"[1e400]", "not finite"),
    (b"[123456789012345678901234567890]", "too large"),
    (b"[]", "must be an object"),
    (b"{\"gang\": {}}", "format: None is not"),
])
def test_hostile_files_refused_cleanly(sqlite_engine, snap, tmp_path, content, expected):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    before = snap(sqlite_engine)
    with pytest.raises(InputError) as ei:
        import_json(sqlite_engine, path)
    assert expected in str(ei.value)
    assert snap(sqlite_engine) == before


def test_size_cap_before_parsing(sqlite_engine, tmp_path):
    """Above MAX_FILE_BYTES a file is not read whole but streamed (#19), where no token
    (a text, a number, a run of blanks) may pass 256 KB and the top must be an object."""
    path = tmp_path / "big.json"
    with open(path, "wb") as fh:
        fh.write(b"[" + b" " * MAX_FILE_BYTES + b"]")
    with pytest.raises(InputError, match="document: must be an object"):
        import_json(sqlite_engine, path)
    with pytest.raises(InputError, match="larger than 50 MB"):
        import_json(sqlite_engine, path, streamed=False)
    with open(path, "wb") as fh:
        fh.write(b'{"format": "campaign_app/campaign", "schema_version": 1, '
                 b'"campaign": {"name": "Big", "system": "necromunda", "edition": "n26"}, "rolls": [' + b" " * MAX_FILE_BYTES + b"]}")
    with pytest.raises(InputError, match="longer than 256 KB"):
        import_json(sqlite_engine, path)


def test_too_many_items(sqlite_engine, tmp_path):
    path = tmp_path / "many.json"
    path.write_text("[" + ",".join(["0"] * 250_001) + "]")
    with pytest.raises(InputError, match="more than 250,000 items"):
        import_json(sqlite_engine, path)


def test_missing_file_and_folder(sqlite_engine, tmp_path):
    with pytest.raises(InputError, match="no such file"):
        import_json(sqlite_engine, tmp_path / "nope.json")
    with pytest.raises(InputError, match="folder"):
        import_json(sqlite_engine, tmp_path)


# --------------------------------------------------------------------------- CLI
def test_cli_export_and_import(sqlite_url, tmp_path, capsys):
    from db.migrate import open_database

    eng = open_database(sqlite_url)
    build_necromunda(eng)
    eng.dispose()
    out = tmp_path / "hive.json"
    assert main(["--db", sqlite_url, "export", "json", "Hive War", "-o", str(out)]) == 0
    assert "exported Hive War" in capsys.readouterr().out
    assert main(["--db", sqlite_url, "import", "json", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "campaign.name: a campaign named 'Hive War' already exists" in err
    assert main(["--db", sqlite_url, "--json", "import", "json", str(out), "--rename", "Hive 2"]) == 0
    assert json.loads(capsys.readouterr().out)["name"] == "Hive 2"


def test_cli_import_lists_first_problems(sqlite_url, tmp_path, capsys):
    doc = {"format": FORMAT, "schema_version": 1, "campaign": {"name": "X", "system": "nuts"},
           "rosters": [{"ref": f"r{i}", "name": f"R{i}", "credits": -1} for i in range(30)]}
    path = tmp_path / "x.json"
    path.write_text(json.dumps(doc))
    assert main(["--db", sqlite_url, "import", "json", str(path)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0] == f"error: {path}: 30 problems, nothing was imported:"
    assert err[1] == "  rosters[0].credits: -1 is below 0"
    assert len(err) == 17 and "15 more" in err[-1]
    assert main(["--db", sqlite_url, "--json", "import", "json", str(path)]) == 2
    data = json.loads(capsys.readouterr().err)
    assert len(data["problems"]) == 30


def test_demo_campaigns_round_trip(engine, empty_engine):
    """Campaigns built by every system's use-cases (battles, after-battle, creatures,
    units, injuries) import and export back exactly."""
    from campaign_app.usecases.demo import create_demo

    create_demo(engine)
    for name, doc in _all_docs(engine).items():
        c = import_json(empty_engine, doc, backup=False)
        assert export_json(empty_engine, c.id) == doc, name


def test_unusable_file_names(sqlite_engine, tmp_path):
    from campaign_app.usecases.backup import restore

    with pytest.raises(InputError, match="not a usable file name"):
        import_json(sqlite_engine, "\x00")
    with pytest.raises(InputError, match="not a usable file name"):
        restore(sqlite_engine, "a\x00b")
    from campaign_app.usecases.backup import backup

    cid = campaigns.create_campaign(sqlite_engine, "N", "nuts").id
    with pytest.raises(InputError, match="not a usable file name"):
        export_json_file(sqlite_engine, cid, tmp_path / "a\x00.json")
    with pytest.raises(InputError, match="not a usable file name"):
        backup(sqlite_engine, "x\x00y")
