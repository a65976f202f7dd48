"""#32: ``roster show`` read by plain SQL (``campaign_app.usecases.roster_show``) prints
byte for byte what the ORM's read prints, text and ``--json``, for every roster of every
game's demo campaign (with a content pack, stash, counters and skills added), on SQLite
and PostgreSQL; every case it cannot read so goes to the normal path, with its messages;
and it reads without importing SQLAlchemy, SQLModel or the tables."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

from campaign_app import cli
from campaign_app.cli import roster as roster_cli
from campaign_app.usecases import roster_show as plain
from campaign_app.usecases.demo import create_demo
from tests.conftest import snapshot

ROOT = Path(__file__).resolve().parents[2]


def _url(engine: Any) -> str:
    return str(engine.url.render_as_string(hide_password=False))


def _show(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    code = cli.main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def _both(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str]
          ) -> tuple[tuple[int, str, str], tuple[int, str, str], int]:
    """(plain path's output, ORM path's output, how many times the plain read answered)."""
    answered = []
    real = plain.plain_show_roster

    def counted(db: str | None, ref: str) -> Any:
        d = real(db, ref)
        answered.append(d is not None)
        return d

    with monkeypatch.context() as m:
        m.setattr(plain, "plain_show_roster", counted)
        fast = _show(capsys, argv)
    with monkeypatch.context() as m:
        m.setitem(cli.PLAIN_READS, roster_cli.cmd_roster_show, lambda _args: False)
        orm = _show(capsys, argv)
    return fast, orm, sum(answered)


def _enrich(engine: Any) -> None:
    """What the demo lacks and ``roster show`` prints: a content pack's weapon carried
    (its profile from the pack), a stash, a campaign counter with a roster's value, a
    skill; on every campaign."""
    with engine.begin() as c:
        camps = c.execute(text("SELECT id FROM campaign ORDER BY id")).scalars().all()
        for cid in camps:
            rid = c.execute(text("SELECT min(id) FROM roster WHERE campaign_id = :c"), {"c": cid}).scalar_one()
            c.execute(text("UPDATE campaign SET counters = :v WHERE id = :c"),
                      {"c": cid, "v": json.dumps([{"name": "Glory", "start": 1, "min": 0, "max": 9}])})
            c.execute(text("UPDATE roster SET counters = :v WHERE id = :r"), {"r": rid, "v": json.dumps({"Glory": 3})})
            c.execute(text("INSERT INTO stash_item (roster_id, name, category, qty, cost, notes) "
                           "VALUES (:r, 'Rope', 'wargear', 2, 5, '')"),
                      {"r": rid})
            fid = c.execute(text("SELECT min(id) FROM fighter WHERE roster_id = :r"), {"r": rid}).scalar()
            if fid is not None:
                c.execute(text("INSERT INTO skill (fighter_id, name, source) VALUES (:f, 'Nerves of Steel', '')"), {"f": fid})


def test_plain_read_prints_what_the_orm_prints_for_every_game(engine: Any, capsys: pytest.CaptureFixture[str],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    create_demo(engine)
    _enrich(engine)
    from campaign_app.systems import systems

    url = _url(engine)
    with engine.connect() as c:
        rosters = c.execute(text("SELECT r.id, r.name, c.system FROM roster r JOIN campaign c ON c.id = r.campaign_id "
                                 "ORDER BY r.id")).all()
    assert {s for _i, _n, s in rosters} == set(systems()), "a demo roster of every installed game"
    before = snapshot(engine)
    shown = 0
    for rid, name, system in rosters:
        for ref in (str(rid), name):
            for js in ([], ["--json"]):
                argv = ["--db", url, *js, "roster", "show", ref]
                fast, orm, answered = _both(capsys, monkeypatch, argv)
                assert answered == 1, (system, ref, "not read by plain SQL")
                assert fast == orm, (system, ref, js)
                assert fast[0] == 0 and fast[1] and not fast[2]
                shown += 1
    assert shown == 4 * len(rosters)
    assert snapshot(engine) == before  # a read: nothing written
    # the cases above show what the enrichment added: profiles, stash, counters, skills
    d = plain.plain_show_roster(url, str(rosters[0][0]))
    assert d is not None and d["worth"]["stash"] == 10 and d["counters"]
    every = [plain.plain_show_roster(url, str(r)) for r, _n, _s in rosters]
    assert any(e["profile"] for d in every if d for f in d["fighters"] for e in f["equipment"])
    assert any("Nerves of Steel" in f["skills"] for d in every if d for f in d["fighters"])


def test_a_content_packs_weapon_shows_its_profile(engine: Any, capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A weapon found only in a campaign's content pack: its profile is the pack's, read
    the same way on both paths."""
    create_demo(engine)
    with engine.begin() as c:
        cid, rid = c.execute(text("SELECT c.id, r.id FROM campaign c JOIN roster r ON r.campaign_id = c.id "
                                  "WHERE c.system = 'necromunda' ORDER BY r.id LIMIT 1")).one()
        fid = c.execute(text("SELECT min(id) FROM fighter WHERE roster_id = :r"), {"r": rid}).scalar_one()
    from campaign_app.usecases.gear import add_content

    add_content(engine, cid, {"pack": {"name": "Lances", "system": "necromunda"},
                              "items": {"plasma-lance": {"name": "Plasma Lance", "category": "weapon", "cost": 40,
                                                         "profile": {"strength": "5", "ap": "-2"}}}})
    with engine.begin() as c:
        c.execute(text("INSERT INTO equipment (fighter_id, name, category, range, strength, ap, traits, qty, cost, "
                       "notes) VALUES (:f, 'Plasma Lance', 'weapon', '', '', '', '[]', 1, 40, '')"), {"f": fid})
    fast, orm, answered = _both(capsys, monkeypatch, ["--db", _url(engine), "--json", "roster", "show", str(rid)])
    assert answered == 1 and fast == orm
    lance = [e for f in json.loads(fast[1])["fighters"] for e in f["equipment"] if e["name"] == "Plasma Lance"]
    assert lance and lance[0]["profile"], lance


def test_bad_input_and_what_plain_sql_leaves_to_the_normal_path(engine: Any, capsys: pytest.CaptureFixture[str],
                                                                monkeypatch: pytest.MonkeyPatch,
                                                                tmp_path: Path) -> None:
    """No such roster, a name two rosters share, a deleted campaign, a schema to migrate,
    a missing file: the plain read answers nothing and the command says what the normal
    path says, in one line, exit 2 (nothing written)."""
    create_demo(engine)
    url = _url(engine)
    with engine.begin() as c:
        r1, r2 = c.execute(text("SELECT min(id), campaign_id FROM roster GROUP BY campaign_id "
                                "ORDER BY campaign_id LIMIT 2")).all()
        c.execute(text("UPDATE roster SET name = 'Twin' WHERE id IN (:a, :b)"), {"a": r1[0], "b": r2[0]})
    before = snapshot(engine)
    for ref, msg in (("999999", "error: no roster '999999'"), ("Nobody", "error: no roster 'Nobody'"),
                     ("Twin", "error: 2 rosters are named 'Twin': use the id"), ("", "error: no roster given")):
        fast, orm, answered = _both(capsys, monkeypatch, ["--db", url, "roster", "show", ref])
        assert answered == 0 and fast == orm, ref
        assert fast[0] == 2 and not fast[1] and fast[2].startswith(msg) and fast[2].count("\n") == 1, fast
    assert snapshot(engine) == before
    assert plain.plain_show_roster(url, str(r1[0])) is not None  # by id: the twins are found
    with engine.begin() as c:
        c.execute(text("UPDATE campaign SET deleted_at = created_at WHERE id = :c"), {"c": r1[1]})
    assert plain.plain_show_roster(url, str(r1[0])) is None
    fast, orm, _n = _both(capsys, monkeypatch, ["--db", url, "roster", "show", str(r1[0])])
    assert fast == orm and fast[0] == 2 and "its campaign was deleted" in fast[2]
    assert plain.plain_show_roster(url, str(r2[0])) is not None
    with engine.begin() as c:
        c.execute(text("UPDATE alembic_version SET version_num = '0001_old'"))
    assert plain.plain_show_roster(url, str(r2[0])) is None  # to be migrated: the normal path's
    missing = tmp_path / "nothing.sqlite"
    assert plain.plain_show_roster(str(missing), "1") is None
    assert plain.plain_show_roster(f"sqlite:///{missing}", "1") is None
    assert not missing.exists()  # never made by the plain read
    assert plain.plain_show_roster("https://league.example/league", "1") is None
    code, out, err = _show(capsys, ["--db", str(missing), "roster", "show", "1"])
    assert code == 2 and not out and err.startswith("error: no database at") and not missing.exists()


def test_a_game_that_keeps_records_takes_the_normal_path(engine: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game with records of its own (records helper) prints them from the normal path's
    read: the plain read leaves such a roster to it."""
    import dataclasses

    from campaign_app.systems import api, registry

    create_demo(engine)
    url = _url(engine)
    with engine.connect() as c:
        rid = c.execute(text("SELECT r.id FROM roster r JOIN campaign c ON c.id = r.campaign_id "
                             "WHERE c.system = 'necromunda' ORDER BY r.id LIMIT 1")).scalar_one()
    assert plain.plain_show_roster(url, str(rid)) is not None
    known = dict(registry.systems())
    kind = api.RecordKind(key="relic", model="campaign_app.systems.api:RecordKind")
    known["necromunda"] = dataclasses.replace(known["necromunda"], records=(kind,))
    monkeypatch.setattr(plain, "systems", lambda: known)
    assert plain.plain_show_roster(url, str(rid)) is None


def test_json_columns_are_the_tables(engine: Any) -> None:
    from sqlalchemy import JSON
    from sqlmodel import SQLModel

    import db.models  # noqa: F401
    from db.queries.roster_show import JSON_COLUMNS

    for table, cols in JSON_COLUMNS.items():
        t = SQLModel.metadata.tables[table]
        assert cols == {c.name for c in t.columns if isinstance(c.type, JSON)}, table


def test_roster_show_imports_no_orm(engine: Any, tmp_path: Path) -> None:
    """``roster show`` of a demo roster, in a fresh process, on either backend: printed
    without importing SQLAlchemy, SQLModel, alembic or the tables."""
    create_demo(engine)
    with engine.connect() as c:
        rid = c.execute(text("SELECT r.id FROM roster r JOIN campaign c ON c.id = r.campaign_id "
                             "WHERE c.system = 'necromunda' ORDER BY r.id LIMIT 1")).scalar_one()
    code = ("import contextlib, io, json, sys\nfrom campaign_app.cli import main\nout = io.StringIO()\n"
            f"with contextlib.redirect_stdout(out):\n    code = main(['--db', {_url(engine)!r}, 'roster', 'show', "
            f"'{rid}'])\nprint(json.dumps([code, out.getvalue(), sorted(m for m in sys.modules if m.split('.')[0] "
            "in ('sqlalchemy', 'sqlmodel', 'alembic') or m in ('db.models', 'db.uow', 'db.engine'))]))\n")
    env = {**os.environ, "CAMPAIGN_APP_CACHE": str(tmp_path / "cache"), "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    status, printed, orm = json.loads(run.stdout.strip().splitlines()[-1])
    assert status == 0 and printed.startswith("The Iron Jackals"), printed
    assert orm == [], orm
