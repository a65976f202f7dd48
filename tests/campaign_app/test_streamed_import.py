"""The streamed JSON import (issue #19): a file above the whole-document limit is read
with ijson section by section and written in chunks in one transaction. It must give
exactly the rows of the whole-document import, and write nothing on any problem."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import Engine, make_url

from campaign_app.errors import InputError
from campaign_app.usecases.datafiles import (
    ImportRefused,
    export_json,
    export_json_file,
    import_json,
    write_json,
)
from campaign_app.usecases.datafiles import streamed as st
from tests.campaign_app.data_builders import build_necromunda, build_nuts, build_squad
from tests.conftest import pg_admin_url, snapshot

pytestmark = pytest.mark.usefixtures("_server_backups")  # tests/campaign_app/conftest.py


@contextmanager
def _fresh(db_url: str, tmp_path: Path) -> Iterator[Engine]:
    """A new, empty database on the backend of ``db_url``."""
    from db.migrate import open_database

    name = f"t_{uuid.uuid4().hex[:12]}"
    if db_url.startswith("sqlite"):
        eng = open_database(f"sqlite:///{tmp_path / (name + '.sqlite')}")
        try:
            yield eng
        finally:
            eng.dispose()
        return
    admin = pg_admin_url()
    assert admin
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


def _rows(engine: Engine) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table in id order; the import's own time (journals) left out."""
    from sqlmodel import SQLModel

    import db.models  # noqa: F401

    out: dict[str, list[tuple[Any, ...]]] = {}
    with engine.connect() as c:
        for t in SQLModel.metadata.sorted_tables:
            cols = [x for x in t.c if not (t.name == "journal" and x.name in ("created_at", "undone_at"))]
            order = [t.c.id] if "id" in t.c else list(t.c)
            out[t.name] = [tuple(r) for r in c.execute(t.select().with_only_columns(*cols).order_by(*order))]
    return out


def _forward_refs(doc: dict[str, Any]) -> dict[str, Any]:
    """The document with references a streamed reader meets before their target: a
    fighter captured by a later roster, crew of a later fighter, an injury naming a battle
    and a roll, a ledger line naming a battle; and a roster list cut so rosters span chunks."""
    doc = json.loads(json.dumps(doc))
    rosters = doc["rosters"]
    if len(rosters) >= 2 and rosters[0]["fighters"] and rosters[-1]["fighters"]:
        rosters[0]["fighters"][0]["captured_by"] = rosters[-1]["ref"]
        rosters[0]["fighters"][0]["status"] = "captured"
    if doc["battles"] and doc["rolls"]:
        for r in rosters:
            for f in r["fighters"]:
                for inj in f["injuries"]:
                    inj["battle"] = doc["battles"][-1]["ref"]
                    inj["roll_record"] = doc["rolls"][-1]["ref"]
            for x in r["ledger"]:
                x["battle"] = doc["battles"][-1]["ref"]
    return doc


def _sources(engine: Engine, tmp_path: Path) -> list[Path]:
    build_necromunda(engine)
    build_nuts(engine)
    build_squad(engine)
    from campaign_app.usecases import campaigns

    paths = []
    for c in campaigns.list_campaigns(engine):
        p = tmp_path / f"{c['id']}.json"
        export_json_file(engine, c["id"], p)
        paths.append(p)
        q = tmp_path / f"{c['id']}-forward.json"
        write_json(_forward_refs(export_json(engine, c["id"])), q)
        paths.append(q)
    return paths


def test_streamed_gives_the_rows_of_the_whole_document_import(engine, db_url, tmp_path, monkeypatch):
    monkeypatch.setattr(st, "CHUNK", 3)  # many chunks even in a small file
    paths = _sources(engine, tmp_path)
    with _fresh(db_url, tmp_path) as old, _fresh(db_url, tmp_path) as new:
        for p in paths:
            a = import_json(old, p, rename=p.stem, backup=False, streamed=False)
            b = import_json(new, p, rename=p.stem, backup=False, streamed=True)
            assert a == b
        ra, rb = _rows(old), _rows(new)
        assert sum(map(len, ra.values())) > 50
        assert ra["roll_record"] and ra["lasting_injury"]
        for t in ra:
            assert ra[t] == rb[t], t


def test_streamed_keeps_every_check(sqlite_engine, tmp_path, monkeypatch):
    monkeypatch.setattr(st, "CHUNK", 3)
    build_necromunda(sqlite_engine)
    doc = export_json(sqlite_engine, "Hive War")
    before = snapshot(sqlite_engine)

    def refused(d: Any, match: str, **kw: Any) -> None:
        p = tmp_path / f"bad{uuid.uuid4().hex[:6]}.json"
        write_json(d, p)
        with pytest.raises(ImportRefused, match=match):
            import_json(sqlite_engine, p, rename="Copy", backup=False, streamed=True, **kw)
        assert snapshot(sqlite_engine) == before

    bad = json.loads(json.dumps(doc))
    bad["rolls"][-1]["faces"] = "x"  # the very last roll
    n = len(bad["rolls"]) - 1
    refused(bad, rf"rolls\[{n}\]\.faces: 'x' is not faces")
    bad = json.loads(json.dumps(doc))
    bad["rolls"][-1]["value"] = "1"
    refused(bad, rf"rolls\[{n}\]\.value")
    bad = json.loads(json.dumps(doc))
    bad["rolls"][-1]["ref"] = bad["rolls"][0]["ref"]
    refused(bad, rf"rolls\[{n}\]\.ref: 'd1' is already used by rolls\[0\]")
    bad = json.loads(json.dumps(doc))
    bad["rolls"][-1]["fighter"] = "f999"
    refused(bad, rf"rolls\[{n}\]\.fighter: no fighter has ref 'f999'")
    bad = json.loads(json.dumps(doc))
    bad["rolls"][-1]["wat"] = 1
    refused(bad, rf"rolls\[{n}\]\.wat: unknown field")
    bad = json.loads(json.dumps(doc))
    bad["rolls"][-1]["purpose"] = "changed"
    refused(bad, "hash chain is broken")
    bad = json.loads(json.dumps(doc))
    bad["rosters"][-1]["fighters"][-1]["rep"] = 9
    refused(bad, r"rosters\[\d+\]\.fighters\[\d+\]\.rep: 9 is above 6")
    bad = json.loads(json.dumps(doc))
    bad["rosters"][0]["fighters"][0]["captured_by"] = "r99"
    refused(bad, r"rosters\[0\]\.fighters\[0\]\.captured_by: no roster has ref 'r99'")
    bad = json.loads(json.dumps(doc))
    bad["battles"][-1]["winner"] = "r99"
    refused(bad, r"battles\[\d+\]\.winner: no roster has ref 'r99'")
    bad = json.loads(json.dumps(doc))
    bad["content_packs"] = [{"name": "x", "wat": 1}]
    refused(bad, r"content_packs\[0\]\.wat: unknown field")
    bad = json.loads(json.dumps(doc))
    bad["worth"] = {"r1": {"rating": "x"}}
    refused(bad, r"worth\.r1\.rating")
    bad = json.loads(json.dumps(doc))
    bad["campaign"]["system"] = "nope"
    refused(bad, r"campaign\.system: 'nope' is not a known game system")
    bad = json.loads(json.dumps(doc))
    bad["rosters"][0]["notes"] = "a\x00b"
    refused(bad, r"rosters\[0\]\.notes: text contains a NUL character")

    bad = json.loads(json.dumps(doc))
    bad["rosters"][-1]["fighters"][-1]["ref"] = bad["rosters"][0]["fighters"][0]["ref"]
    refused(bad, r"rosters\[\d+\]\.fighters\[\d+\]\.ref: 'f1' is already used by rosters\[0\]\.fighters\[0\]")
    bad = json.loads(json.dumps(doc))
    bad["battles"].append({**bad["battles"][0], "number": 999})
    refused(bad, rf"battles\[{len(doc['battles'])}\]\.ref: 'b1' is already used by battles\[0\]")
    bad = json.loads(json.dumps(doc))
    bad["rolls"][0]["ref"] = "d2"  # then the second roll's own d2 is taken
    refused(bad, r"rolls\[1\]\.ref: 'd2' is already used by rolls\[0\]")

    # refs of any text (not the exporter's numbering) import the same
    odd = json.loads(json.dumps(doc))
    for k, roll in enumerate(odd["rolls"]):
        roll["ref"] = f"roll-{k}"
    for r in odd["rosters"]:
        for f in r["fighters"]:
            for inj in f["injuries"]:
                if inj["roll_record"]:
                    inj["roll_record"] = f"roll-{int(inj['roll_record'][1:]) - 1}"
    p = tmp_path / "odd.json"
    write_json(odd, p)
    a = import_json(sqlite_engine, p, rename="Odd", backup=False, streamed=True)
    b = import_json(sqlite_engine, p, rename="Odd whole", backup=False, streamed=False)
    ea, eb = export_json(sqlite_engine, a.id), export_json(sqlite_engine, b.id)
    ea["campaign"]["name"] = eb["campaign"]["name"]
    assert ea == eb
    before = snapshot(sqlite_engine)

    # accepted, the break is on record as a chained note
    bad = json.loads(json.dumps(doc))
    bad["rolls"][-1]["purpose"] = "changed"
    p = tmp_path / "broken.json"
    write_json(bad, p)
    res = import_json(sqlite_engine, p, rename="Accepted", backup=False, streamed=True, accept_broken_chain=True)
    again = export_json(sqlite_engine, res.id)
    assert again["rolls"][-1]["source"] == "note" and "broken at roll" in again["rolls"][-1]["purpose"]


def test_truncated_file_and_huge_string_write_nothing(sqlite_engine, tmp_path):
    build_necromunda(sqlite_engine)
    p = tmp_path / "whole.json"
    export_json_file(sqlite_engine, "Hive War", p)
    before = snapshot(sqlite_engine)
    raw = p.read_bytes()
    cut = tmp_path / "cut.json"
    cut.write_bytes(raw[: len(raw) - 200])
    with pytest.raises(InputError, match="is not valid JSON"):
        import_json(sqlite_engine, cut, rename="Cut", backup=False, streamed=True)
    assert snapshot(sqlite_engine) == before
    doc = json.loads(raw)
    doc["rolls"][-1]["purpose"] = "x" * (st.MAX_TOKEN_BYTES + 10)
    huge = tmp_path / "huge.json"
    write_json(doc, huge)
    with pytest.raises(InputError, match="is longer than 256 KB"):
        import_json(sqlite_engine, huge, rename="Huge", backup=False, streamed=True)
    doc["rolls"][-1]["purpose"] = '\\"' * st.MAX_TOKEN_BYTES  # escaped quotes hide no string
    write_json(doc, huge)
    with pytest.raises(InputError, match="is longer than 256 KB"):
        import_json(sqlite_engine, huge, rename="Huge", backup=False, streamed=True)
    assert snapshot(sqlite_engine) == before
    doc["rolls"][-1]["purpose"] = "y" * 20_001  # under the token guard, over the text limit
    write_json(doc, huge)
    with pytest.raises(ImportRefused, match=r"rolls\[\d+\]\.purpose: text is 20,001 characters long"):
        import_json(sqlite_engine, huge, rename="Huge", backup=False, streamed=True)
    assert snapshot(sqlite_engine) == before


def test_big_files_are_streamed(sqlite_engine, tmp_path, monkeypatch):
    """Above MAX_FILE_BYTES the import streams (the old path refused such a file)."""
    build_necromunda(sqlite_engine)
    p = tmp_path / "big.json"
    export_json_file(sqlite_engine, "Hive War", p)
    monkeypatch.setattr(st, "MAX_FILE_BYTES", 1000)
    assert st.should_stream(p)
    called = []
    real = st.import_streamed
    monkeypatch.setattr(st, "import_streamed", lambda *a, **k: called.append(1) or real(*a, **k))
    res = import_json(sqlite_engine, p, rename="Big", backup=False)
    assert called and res.name == "Big"
    assert st._backend().backend_name in ("yajl2_c", "yajl2_cffi", "yajl2", "python")


def test_a_streamed_import_leaves_the_planner_statistics_of_what_it_wrote(engine, db_url, tmp_path):
    """PostgreSQL: the import ends with ANALYZE of the tables it filled, in its own
    transaction (without it the planner took the tables for what they were before the
    import until autovacuum came round: at scale 100, a league imported beside another
    was a campaign without rolls to it, and the Roll Log tab's first read ran for
    minutes). SQLite plans by its indexes: no statistics are made there."""
    build_necromunda(engine)
    p = tmp_path / "league.json"
    export_json_file(engine, "Hive War", p)
    with _fresh(db_url, tmp_path) as new:
        import_json(new, p, rename="Copy", backup=False, streamed=True)
        with new.connect() as c:
            rolls = c.execute(text("SELECT count(*) FROM roll_record")).scalar()
            fighters = c.execute(text("SELECT count(*) FROM fighter")).scalar()
            assert rolls and fighters
            if new.dialect.name == "postgresql":
                kept = dict(c.execute(text(
                    "SELECT relname, reltuples FROM pg_class WHERE relname IN ('roll_record', 'fighter')")).all())
                assert kept == {"roll_record": rolls, "fighter": fighters}
                assert c.execute(text("SELECT count(*) FROM pg_stats WHERE tablename = 'roll_record'")).scalar()
            else:
                assert not c.execute(text("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'")).first()


def test_cli_import_streams_a_big_file(engine, tmp_path, monkeypatch, capsys):
    """``campaign-app import json`` of a file above the limit: streamed, same summary;
    a bad last roll is one line, exit 2, nothing written; the broken chain accepted."""
    from campaign_app.cli import main

    build_necromunda(engine)
    url = engine.url.render_as_string(hide_password=False)
    p = tmp_path / "big.json"
    export_json_file(engine, "Hive War", p)
    monkeypatch.setattr(st, "MAX_FILE_BYTES", 1000)
    called: list[int] = []
    real = st.import_streamed
    monkeypatch.setattr(st, "import_streamed", lambda *a, **k: called.append(1) or real(*a, **k))
    assert main(["--db", url, "import", "json", str(p), "--rename", "Streamed"]) == 0
    assert called and "Streamed" in capsys.readouterr().out
    before = snapshot(engine)
    doc = json.loads(p.read_text(encoding="utf-8"))
    doc["rolls"][-1]["purpose"] = "changed"
    write_json(doc, p)
    assert main(["--db", url, "import", "json", str(p), "--rename", "Broken"]) == 2
    err = capsys.readouterr().err
    assert "hash chain is broken" in err and "Traceback" not in err
    assert snapshot(engine) == before
    assert main(["--db", url, "import", "json", str(p), "--rename", "Broken", "--accept-broken-chain"]) == 0


_HEAD = b'{"format": "campaign_app/campaign", "schema_version": 1, ' \
        b'"campaign": {"name": "x", "system": "necromunda", "edition": "n26"}, '


@pytest.mark.parametrize("content, expected", [
    (b"", "truncated"),
    (b"\xff\xfe garbage", "not valid JSON"),
    (b'{"a": NaN}', "not valid JSON"),
    (b"[]", "document: must be an object"),
    (b'{"campaign": {"notes": ' + b"[" * 100_000 + b"]" * 100_000 + b"}}", "nesting is deeper than 20"),
    (_HEAD + b'"rosters": [' + b"[" * 25 + b"]" * 25 + b"]}", r"rosters\[0\]\[0\].*: nesting is deeper than 20"),
    (json.dumps({"format": "x" * 20_001}).encode(), "characters long"),
    (b'{"format": "a\\u0000b"}', "NUL"),
    (b'{"format": "campaign_app/backup"}', "whole-database backup"),
    (b'{"gang": {}}', "gang: unknown field"),
    (_HEAD + b'"rolls": [{"ref": "d1", "value": 123456789012345678901234567890}]}', "not valid JSON"),
    (_HEAD + b'"rolls": [{"ref": "d1", "value": 1e400}]}', "not valid JSON"),
    (_HEAD + b'"rolls": [{"ref": "d1"}]}', r"rolls\[0\]\.dice: is missing"),
    (b'{"campaign": {"notes": [' + b'"abc",' * 12_000_000 + b'"x"]}}', "take more than 50 MB"),
    # a big section nested 100,000 deep: refused by the reader's depth check before ijson
    # builds a prefix for each level (it took O(depth^2) memory and time: killed, not refused)
    *[(_HEAD + f'"{section}": ['.encode() + deep + b"]}", f"{section}: nesting is deeper than 20 levels near byte")
      for section in ("rosters", "battles", "rolls")
      for deep in (b"[" * 100_000 + b"]" * 100_000, b'{"a": ' * 100_000 + b"1" + b"}" * 100_000)],
    (b'{"worth": {"a": ' + b'{"a": ' * 100_000 + b"1" + b"}" * 100_001 + b"}", "worth: nesting is deeper than 20 levels"),
    (b'{"gang": [' + b'["]]]", ' * 100_000 + b"]" * 100_000 + b"]}", r'gang: nesting is deeper than 20 levels near byte 506$'),
])
def test_hostile_streamed_files_refused_in_one_line(sqlite_engine, tmp_path, content, expected):
    p = tmp_path / "bad.json"
    p.write_bytes(content)
    before = snapshot(sqlite_engine)
    with pytest.raises(InputError, match=expected):
        import_json(sqlite_engine, p, backup=False, streamed=True)
    assert snapshot(sqlite_engine) == before


def test_nesting_is_checked_to_the_end_once(sqlite_engine, tmp_path, monkeypatch):
    """The reader's depth check: a section nested far too deep after the first read (past
    what the head's pass reads) is refused by the pass that gets to it; a good file's depth
    is looked at by the first pass that reads it to its end, and the later passes read only
    their own section's bytes (from where that pass saw it begin), not the file again."""
    p = tmp_path / "late.json"
    rosters = b'{"name": "' + b"x" * 1000 + b'"}, '
    content = _HEAD + b'"rosters": [' + rosters * 200 + b'{}], "rolls": [' + b"[" * 100_000 + b"]" * 100_000 + b"]}"
    p.write_bytes(content)
    at = content.index(b"[[[") + 63  # rolls' [ is the 2nd level (the document the 1st): 63 more make 65
    before = snapshot(sqlite_engine)
    with pytest.raises(InputError, match=rf"rolls: nesting is deeper than 20 levels near byte {at:,}$"):
        import_json(sqlite_engine, p, backup=False, streamed=True)
    assert snapshot(sqlite_engine) == before

    build_necromunda(sqlite_engine)
    export_json_file(sqlite_engine, "Hive War", p)
    guards: list[st._Guarded] = []
    real = st._Guarded.__init__

    def spy(self: st._Guarded, *a: Any, **k: Any) -> None:
        real(self, *a, **k)
        guards.append(self)

    slices: list[st._Slice] = []
    real_slice = st._Slice.__init__

    def spy_slice(self: st._Slice, *a: Any, **k: Any) -> None:
        real_slice(self, *a, **k)
        slices.append(self)

    monkeypatch.setattr(st._Guarded, "__init__", spy)
    monkeypatch.setattr(st._Slice, "__init__", spy_slice)
    import_json(sqlite_engine, p, rename="Copy", backup=False, streamed=True)
    assert len(guards) == 2  # the head, then the first pass to the end; no other pass reads the whole file
    assert [g.nesting for g in guards] == [True, True]
    assert guards[1].complete and guards[1].depth == 0
    raw = p.read_bytes()
    doc = json.loads(raw)
    big = [k for k in ("battles", "rolls", "content_packs", "records", "worth") if k in doc]
    assert len(slices) == len(big) >= 4  # each later section once, read whole and no further
    assert all(x.left == 0 for x in slices)
    assert sum(x.pos for x in slices) < len(raw) - len(json.dumps(doc["rosters"]).encode()) // 2


def test_sections_in_another_order(sqlite_engine, tmp_path):
    """The streamed reader takes each section wherever it is (walker types after the
    rosters, rolls before the battles); a big section of the wrong kind is refused."""
    build_necromunda(sqlite_engine)
    doc = export_json(sqlite_engine, "Hive War")
    doc["walker_types"] = [{"ref": "w1", "name": "Sentinel"}]
    doc["rosters"][0]["fighters"][0]["walker_type"] = "w1"
    order = ["format", "schema_version", "campaign", "rolls", "rosters", "walker_types", "content_packs",
             "battles", "worth"]
    p = tmp_path / "shuffled.json"
    write_json({k: doc[k] for k in order}, p)
    a = import_json(sqlite_engine, p, rename="Shuffled", backup=False, streamed=True)
    b = import_json(sqlite_engine, p, rename="Shuffled whole", backup=False, streamed=False)
    ea, eb = export_json(sqlite_engine, a.id), export_json(sqlite_engine, b.id)
    assert ea["walker_types"] and ea["rosters"][0]["fighters"][0]["walker_type"] == "w1"
    ea["campaign"]["name"] = eb["campaign"]["name"]
    assert ea == eb
    write_json({**{k: doc[k] for k in ("format", "schema_version", "campaign")}, "rosters": {"r1": 1}}, p)
    with pytest.raises(ImportRefused, match="rosters: must be a list, not an object"):
        import_json(sqlite_engine, p, rename="Bad", backup=False, streamed=True)


@pytest.mark.parametrize("point", ["import.after-campaign", "import.after-rosters", "import.after-battles",
                                   "import.after-rolls", "import.after-injuries", "uow.before-commit"])
def test_a_failure_midway_writes_nothing(engine, tmp_path, monkeypatch, point):
    """The streamed import writes in chunks, all in one transaction: a failure at any step
    leaves the database as it was."""
    import db.uow

    monkeypatch.setattr(st, "CHUNK", 3)
    build_necromunda(engine)
    p = tmp_path / "c.json"
    export_json_file(engine, "Hive War", p)
    before = snapshot(engine)

    def boom(name: str) -> None:
        if name == point:
            raise RuntimeError(f"fault at {name}")

    monkeypatch.setattr(db.uow, "FAULT_HOOK", boom)
    with pytest.raises(RuntimeError, match="fault at"):
        import_json(engine, p, rename="Copy", backup=False, streamed=True)
    monkeypatch.setattr(db.uow, "FAULT_HOOK", None)
    assert snapshot(engine) == before
    assert import_json(engine, p, rename="Copy", backup=False, streamed=True).name == "Copy"


def _bad_roster(doc: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``doc`` whose first roster has problems of every kind: its own fields,
    its fighters' (the model's and unknown keys), its units', and the file's checks."""
    bad = json.loads(json.dumps(doc))
    r = bad["rosters"][0]
    r["credits"] = "lots"
    r["wat"] = 1
    r["stash"] = [{"name": 5}]
    fs = r["fighters"]
    fs.append({**json.loads(json.dumps(fs[-1])), "ref": "f900", "name": "Extra"})
    fs[0]["rep"] = 9
    fs[0]["huh"] = True
    fs[1]["equipment"] = [{"name": "Rifle", "odd": 1}]
    fs[1]["captured_by"] = "r99"
    fs[2]["xp"] = "x"
    fs[2]["ref"] = fs[0]["ref"]
    fs.append("not a fighter")
    del fs[1]["name"]
    return bad


def test_roster_checked_fighter_by_fighter_gives_the_same_problems(sqlite_engine, tmp_path):
    """A roster's fighters are checked one at a time and let go of (a national league's
    30,000-fighter roster no longer held twice): the same problems in the same order and
    the same checked record as the model's check of the whole roster."""
    from campaign_app.usecases.datafiles import schema as sch
    from campaign_app.usecases.datafiles.validate import _Checker

    build_necromunda(sqlite_engine)
    doc = export_json(sqlite_engine, "Hive War")
    for r in (doc["rosters"][0], _bad_roster(doc)["rosters"][0]):
        whole, split = _Checker(), _Checker()
        expected = st._model(whole, st._adapter(sch.Roster), sch.Roster, json.loads(json.dumps(r)), ("rosters", 0))
        raw = json.loads(json.dumps(r))
        got = st._roster_model(split, raw, ("rosters", 0))
        assert split.problems == whole.problems
        assert got == expected
        assert raw["fighters"] == [None] * len(r["fighters"])  # let go of, each once checked
    assert len(whole.problems) >= 8 and expected is None


def test_streamed_roster_problems_model_first_then_the_files_checks(sqlite_engine, tmp_path):
    """The streamed import's problems of a roster: the model's (in its order), then the
    file's checks (refs, captured_by, rules); the same problems as the whole document's."""
    from campaign_app.usecases.datafiles import schema as sch
    from campaign_app.usecases.datafiles.validate import _Checker

    build_necromunda(sqlite_engine)
    bad = _bad_roster(export_json(sqlite_engine, "Hive War"))
    p = tmp_path / "bad.json"
    write_json(bad, p)
    got = []
    for streamed in (False, True):
        with pytest.raises(ImportRefused) as e:
            import_json(sqlite_engine, p, rename="Copy", backup=False, streamed=streamed)
        got.append(e.value.problems)
    assert sorted(got[1]) == sorted(got[0])
    model = _Checker()
    st._model(model, st._adapter(sch.Roster), sch.Roster, bad["rosters"][0], ("rosters", 0))
    n = len(model.problems)
    assert got[1][:n] == model.problems and len(got[1]) > n
    assert any("captured_by" in x for x in got[1][n:]) and any("already used" in x for x in got[1][n:])


def test_bulk_inserts_reach_the_driver_a_batch_at_a_time(sqlite_engine, tmp_path, monkeypatch):
    """Rows go to SQLAlchemy and the driver _BATCH_ROWS at a time (RETURNING; five times
    that without), not all at once: a 30,000-fighter roster's rows were held three times
    over (parameter dicts, compiled parameters). The same rows and ids. (On SQLite a
    RETURNING insert sends its first row alone, the others as plain rows.)"""
    from sqlalchemy import event

    from db.queries import transfer

    build_necromunda(sqlite_engine)
    doc = export_json(sqlite_engine, "Hive War")
    fighters = doc["rosters"][0]["fighters"]
    model = next(fd for fd in fighters if fd["equipment"] and not fd["injuries"] and not fd["crew_of"])
    fighters += [{**json.loads(json.dumps(model)), "ref": f"fx{k}", "name": f"Extra {k}"} for k in range(12)]
    p = tmp_path / "nuts.json"
    write_json(doc, p)

    def spy(engine: Engine) -> dict[str, list[int]]:
        seen: dict[str, list[int]] = {"core": [], "plain": []}

        @event.listens_for(engine, "before_cursor_execute")
        def _spy(conn, cursor, statement, parameters, context, executemany):
            if not statement.startswith("INSERT"):
                return
            if context.compiled is not None:  # Core insert(): every row SQLAlchemy was handed
                seen["core"].append(len(context.compiled_parameters))
            else:  # executemany of plain tuples
                seen["plain"].append(len(parameters) if executemany else 1)

        return seen

    with _fresh("sqlite://", tmp_path) as whole, _fresh("sqlite://", tmp_path) as batched:
        at_once = spy(whole)
        import_json(whole, p, rename="Copy", backup=False, streamed=True)
        monkeypatch.setattr(transfer, "_BATCH_ROWS", 1)
        batches = spy(batched)
        import_json(batched, p, rename="Copy", backup=False, streamed=True)
        assert max(at_once["core"]) == 1 and max(at_once["plain"]) > 5
        assert max(batches["core"]) == 1 and max(batches["plain"]) == 5
        ra, rb = _rows(whole), _rows(batched)
        assert sum(map(len, ra.values())) > 50
        for t in ra:
            assert ra[t] == rb[t], t
