"""Campaign counters (#30 item 4): a campaign defines a counter (name, start, limits),
each roster holds its value; changes are journaled and undone whole, a value outside the
limits is refused with nothing written; the values go into `roster show` (text and
JSON), the roster PDF, the campaign JSON (both import paths) and the backups. Read back
from the database, on SQLite and PostgreSQL."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import text

from campaign_app.cli import main
from campaign_app.errors import InputError
from campaign_app.usecases import campaigns, journal, rosters
from campaign_app.usecases.backup import backup, restore
from campaign_app.usecases.counters import change_counter, define_counter, remove_counter
from campaign_app.usecases.datafiles import ImportRefused, export_json, import_json, write_json
from tests.conftest import snapshot

pytestmark = pytest.mark.usefixtures("_server_backups")


def url_of(engine) -> str:
    return engine.url.render_as_string(hide_password=False)


def run(engine, *argv: str) -> int:
    return main(["--db", url_of(engine), *argv])


def _load(v):
    return json.loads(v) if isinstance(v, str) else v


def stored(engine, roster_id: int) -> dict:
    """The roster's counter values as the database holds them."""
    with engine.connect() as c:
        return _load(c.execute(text("SELECT counters FROM roster WHERE id = :i"), {"i": roster_id}).scalar_one())


def defined(engine, campaign_id: int) -> list:
    with engine.connect() as c:
        return _load(c.execute(text("SELECT counters FROM campaign WHERE id = :i"), {"i": campaign_id}).scalar_one())


def gang(engine):
    c = campaigns.create_campaign(engine, "Underhive", "necromunda", edition="n23")
    r = rosters.create_roster(engine, c.id, "Rusty Cogs")
    other = rosters.create_roster(engine, c.id, "Glass Eyes")
    return c, r, other


def test_define_change_undo_redo_written_and_read_back(engine):
    c, r, other = gang(engine)
    define_counter(engine, c.id, "Terror Level", start=2, low=0, high=10)
    assert defined(engine, c.id) == [{"name": "Terror Level", "start": 2, "min": 0, "max": 10}]
    assert stored(engine, r.id) == {}  # stands at its start until changed
    assert rosters.show_roster(engine, r.id)["counters"] == [
        {"name": "Terror Level", "start": 2, "min": 0, "max": 10, "value": 2}]

    res = change_counter(engine, r.id, "terror level", by=1)  # any case
    assert (res.before, res.value, res.counter) == (2, 3, "Terror Level")
    assert stored(engine, r.id) == {"Terror Level": 3}
    change_counter(engine, r.id, "Terror Level", to=9)
    assert stored(engine, r.id) == {"Terror Level": 9}
    assert stored(engine, other.id) == {}  # the other gang untouched

    journal.undo(engine, c.id)  # one step: back to 3
    assert stored(engine, r.id) == {"Terror Level": 3}
    journal.redo(engine, c.id)
    assert stored(engine, r.id) == {"Terror Level": 9}
    journal.undo(engine, c.id)
    journal.undo(engine, c.id)
    assert stored(engine, r.id) == {}
    journal.undo(engine, c.id)  # the definition itself
    assert defined(engine, c.id) == []


@pytest.mark.parametrize(("kw", "msg"), [
    ({"by": 9}, "Terror Level of Rusty Cogs would be 11; it runs from 0 to 10"),
    ({"by": -3}, "Terror Level of Rusty Cogs would be -1; it runs from 0 to 10"),
    ({"to": 12}, "would be 12"),
    ({"to": 2}, "is 2 already"),
])
def test_out_of_range_is_refused_with_one_line_and_nothing_written(engine, kw, msg):
    c, r, _ = gang(engine)
    define_counter(engine, c.id, "Terror Level", start=0, high=10)
    change_counter(engine, r.id, "Terror Level", to=2)
    before = snapshot(engine)
    with pytest.raises(InputError, match=msg) as e:
        change_counter(engine, r.id, "Terror Level", **kw)
    assert "\n" not in str(e.value)
    assert snapshot(engine) == before


def test_bad_definitions_and_unknown_counters_are_refused(engine):
    c, r, _ = gang(engine)
    before = snapshot(engine)
    for kw, msg in (({"start": 11, "high": 10}, "the start 11 is not from 0 to 10"),
                    ({"low": 5, "high": 2, "start": 3}, "the lowest value 5 is above the highest 2"),
                    ({"start": 10**9}, "out of range")):
        with pytest.raises(InputError, match=msg):
            define_counter(engine, c.id, "Terror Level", **kw)
    with pytest.raises(InputError, match="counter name is empty"):
        define_counter(engine, c.id, "  ")
    with pytest.raises(InputError, match=r"Underhive has no counter 'Fear' \(it has none"):
        change_counter(engine, r.id, "Fear", by=1)
    assert snapshot(engine) == before
    define_counter(engine, c.id, "Terror Level")
    with pytest.raises(InputError, match="already has a counter named 'Terror Level'"):
        define_counter(engine, c.id, "TERROR LEVEL")


def test_removing_a_counter_takes_every_rosters_value_and_undo_brings_them_back(engine):
    c, r, other = gang(engine)
    define_counter(engine, c.id, "Terror Level", high=10)
    define_counter(engine, c.id, "Supplies", start=5, high=20)
    change_counter(engine, r.id, "Terror Level", to=4)
    change_counter(engine, other.id, "Supplies", by=-2)
    remove_counter(engine, c.id, "terror level")
    assert [d["name"] for d in defined(engine, c.id)] == ["Supplies"]
    assert stored(engine, r.id) == {} and stored(engine, other.id) == {"Supplies": 3}
    journal.undo(engine, c.id)
    assert [d["name"] for d in defined(engine, c.id)] == ["Supplies", "Terror Level"] or \
        [d["name"] for d in defined(engine, c.id)] == ["Terror Level", "Supplies"]
    assert stored(engine, r.id) == {"Terror Level": 4}


def test_cli_defines_changes_and_shows_counters(engine, capsys):
    c, r, _ = gang(engine)
    assert run(engine, "campaign", "counter", "add", "Underhive", "Terror Level", "--start", "0",
               "--min", "0", "--max", "10") == 0
    assert run(engine, "roster", "counter", "Rusty Cogs", "Terror Level", "+1") == 0
    assert run(engine, "roster", "counter", "Rusty Cogs", "Terror Level", "=5") == 0
    assert run(engine, "roster", "counter", "Rusty Cogs", "Terror Level", "-2") == 0
    out = capsys.readouterr().out
    assert "Rusty Cogs: Terror Level 0 \u2192 1" in out and "Terror Level 5 \u2192 3" in out
    assert stored(engine, r.id) == {"Terror Level": 3}
    assert run(engine, "roster", "counter", "Rusty Cogs", "Terror Level", "+8") == 2
    err = capsys.readouterr().err
    assert err.strip() == "error: Terror Level of Rusty Cogs would be 11; it runs from 0 to 10"
    assert run(engine, "roster", "counter", "Rusty Cogs", "Terror Level", "up") == 2
    assert "write +1, -1 or =5" in capsys.readouterr().err
    assert stored(engine, r.id) == {"Terror Level": 3}

    assert run(engine, "roster", "show", "Rusty Cogs") == 0
    assert "Terror Level 3 (0\u201310)" in capsys.readouterr().out
    assert run(engine, "--json", "roster", "show", "Rusty Cogs") == 0
    d = json.loads(capsys.readouterr().out)
    assert d["counters"] == [{"name": "Terror Level", "start": 0, "min": 0, "max": 10, "value": 3}]
    assert run(engine, "campaign", "counter", "list", "Underhive") == 0
    assert "Terror Level" in capsys.readouterr().out
    assert run(engine, "undo", "Underhive") == 0
    assert stored(engine, r.id) == {"Terror Level": 5}


def test_roster_pdf_prints_the_counters(engine, tmp_path):
    from pypdf import PdfReader

    c, r, _ = gang(engine)
    define_counter(engine, c.id, "Terror Level", high=10)
    change_counter(engine, r.id, "Terror Level", to=7)
    out = tmp_path / "r.pdf"
    assert run(engine, "export", "roster", str(r.id), "-o", str(out)) == 0
    txt = "".join(p.extract_text() for p in PdfReader(out).pages)
    assert "Terror Level" in txt and "7 (0\u201310)" in txt


@pytest.mark.parametrize("streamed", [False, True])
def test_export_import_round_trip_keeps_counters(engine, tmp_path, streamed):
    c, r, other = gang(engine)
    define_counter(engine, c.id, "Terror Level", start=1, high=10)
    define_counter(engine, c.id, "Supplies", start=0, low=-5, high=50)
    change_counter(engine, r.id, "Terror Level", to=6)
    change_counter(engine, other.id, "Supplies", to=-3)
    doc = export_json(engine, c.id)
    assert doc["campaign"]["counters"] == [{"name": "Terror Level", "start": 1, "min": 0, "max": 10},
                                           {"name": "Supplies", "start": 0, "min": -5, "max": 50}]
    assert [x["counters"] for x in doc["rosters"]] == [{"Terror Level": 6}, {"Supplies": -3}]
    path = tmp_path / "c.json"
    write_json(doc, path)
    res = import_json(engine, path, rename="Copy", streamed=streamed)
    new = campaigns.show_campaign(engine, res.id)
    assert defined(engine, res.id) == doc["campaign"]["counters"]
    ids = {x["name"]: x["id"] for x in new["rosters"]}
    assert stored(engine, ids["Rusty Cogs"]) == {"Terror Level": 6}
    assert stored(engine, ids["Glass Eyes"]) == {"Supplies": -3}
    again = export_json(engine, res.id)
    assert again["campaign"]["counters"] == doc["campaign"]["counters"]
    assert [x["counters"] for x in again["rosters"]] == [x["counters"] for x in doc["rosters"]]


@pytest.mark.parametrize("streamed", [False, True])
def test_import_refuses_counters_outside_the_campaigns(engine, tmp_path, streamed):
    c, r, _ = gang(engine)
    define_counter(engine, c.id, "Terror Level", high=10)
    good = export_json(engine, c.id)
    before = snapshot(engine)
    bad_def = json.loads(json.dumps(good))
    bad_def["campaign"]["counters"].append({"name": "terror level", "start": 0, "min": 0, "max": 3})
    bad_def["campaign"]["counters"].append({"name": "Fear", "start": 5, "min": 0, "max": 3})
    bad_values = json.loads(json.dumps(good))
    bad_values["rosters"][0]["counters"] = {"Terror Level": 11, "Fear": 1, "terror level": 2}
    for doc, want in ((bad_def, ["campaign.counters[1].name: 'terror level' is already the name of another counter",
                                 "campaign.counters[2]: the start 5 is not from 0 to 3"]),
                      (bad_values, ['rosters[0].counters["Terror Level"]: 11 is not from 0 to 10',
                                    "rosters[0].counters.Fear: 'Fear' is not a counter of the campaign",
                                    "did you mean 'Terror Level'?"])):
        path = tmp_path / "bad.json"
        write_json(doc, path)
        with pytest.raises(ImportRefused) as e:
            import_json(engine, path, rename="Copy", streamed=streamed)
        problems = "\n".join(e.value.problems)
        for w in want:
            assert w in problems
        assert snapshot(engine) == before


def test_backup_and_restore_keep_counters(engine, tmp_path):
    c, r, _ = gang(engine)
    define_counter(engine, c.id, "Terror Level", high=10)
    change_counter(engine, r.id, "Terror Level", to=8)
    made = backup(engine, tmp_path / ("b.json" if engine.url.get_backend_name() != "sqlite" else "b.sqlite"))
    change_counter(engine, r.id, "Terror Level", to=1)
    remove_counter(engine, c.id, "Terror Level")
    restore(engine, Path(made.file))
    engine.dispose()
    cid = campaigns.show_campaign(engine, "Underhive")["id"]
    assert defined(engine, cid) == [{"name": "Terror Level", "start": 0, "min": 0, "max": 10}]
    rid = rosters.show_roster(engine, "Rusty Cogs")["id"]
    assert stored(engine, rid) == {"Terror Level": 8}
