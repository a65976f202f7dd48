"""A roll's mark is part of what is hashed (#35 item 4), on SQLite and PostgreSQL: every
change of a mark (undo, redo, an abandoned preview) is a chained mark record written in
the same transaction; ``log verify`` replays them and names a mark changed behind the
app's back; export/import and backup/restore keep the chain and its marks intact."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.engine import Engine

from campaign_app import rollchain
from campaign_app.cli import main
from campaign_app.usecases import redo, roll_log, undo
from campaign_app.usecases.battles import after_battle
from campaign_app.usecases.datafiles import export_json, import_json
from campaign_app.usecases.record import abandon_rolls, verify_chain
from tests.campaign_app.test_after_battle_statements import eight_fighter_n23_battle


def _url(engine: Engine) -> str:
    return engine.url.render_as_string(hide_password=False)


def _raw(engine: Engine, sql: str, **kw: Any) -> list[Any]:
    with engine.begin() as c:
        res = c.execute(text(sql), kw)
        return list(res.all()) if res.returns_rows else []


def _chain(engine: Engine, cid: int) -> list[dict[str, Any]]:
    """Every record of the campaign's chain as stored: id, mark, v, first_mark, content."""
    rows = _raw(engine, "SELECT id, mark, v, first_mark, dice, label, row, result, hash FROM roll_record "
                        "WHERE campaign_id = :c ORDER BY id", c=cid)
    return [dict(r._mapping) for r in rows]


def _played(engine: Engine) -> tuple[int, int]:
    """A campaign with a preview, an applied After the Battle, an undo and a redo."""
    cid, bid, _ids = eight_fighter_n23_battle(engine)
    after_battle(engine, bid, seed=8, dry_run=True)
    after_battle(engine, bid, seed=9)
    return cid, bid


# --------------------------------------------------------------------------- written by the app
def test_every_roll_hashes_its_first_mark_and_every_mark_change_is_chained(engine: Engine) -> None:
    cid, bid = _played(engine)
    rows = _chain(engine, cid)
    assert rows and {r["v"] for r in rows} == {rollchain.VERSION}
    assert all(r["first_mark"] == r["mark"] for r in rows)  # no change yet: no mark record
    applied = [r for r in rows if r["mark"] == "applied"]
    assert applied and verify_chain(engine, cid).intact

    undo(engine, cid)  # one mark record per roll of the undone action, after them, same hashes named
    after = _chain(engine, cid)
    marks = after[len(rows):]
    assert [(m["dice"], m["label"], m["row"], m["result"], m["mark"]) for m in marks] == [
        ("mark", r["hash"], "applied", "undone", "mark") for r in applied]
    assert {r["mark"] for r in after if r["hash"] in {a["hash"] for a in applied}} == {"undone"}
    st = verify_chain(engine, cid)
    assert st.intact and st.rolls == st.head_count == len(rows) + len(applied)
    assert st.head_hash == after[-1]["hash"]

    redo(engine, cid)
    again = _chain(engine, cid)
    assert [(m["label"], m["row"], m["result"]) for m in again[len(after):]] == [
        (r["hash"], "undone", "applied") for r in applied]
    assert verify_chain(engine, cid).intact
    # the roll log shows rolls; the mark records only when asked for
    assert len(roll_log(engine, cid, battle=bid)) == len(rows)
    assert len(roll_log(engine, cid, marks=["mark"])) == 2 * len(applied)


def test_an_abandoned_preview_is_chained_and_a_second_abandon_writes_nothing(engine: Engine, snap: Any) -> None:
    cid, _bid = _played(engine)
    previews = [r["id"] for r in roll_log(engine, cid, marks=["preview"])]
    assert previews
    n = len(_chain(engine, cid))
    abandon_rolls(engine, previews)
    rows = _chain(engine, cid)
    assert len(rows) == n + len(previews)
    assert {r["result"] for r in rows[n:]} == {"abandoned"} and {r["row"] for r in rows[n:]} == {"preview"}
    assert verify_chain(engine, cid).intact
    before = snap(engine)
    abandon_rolls(engine, previews)  # already abandoned: no mark record says so twice
    assert snap(engine) == before


def test_a_failed_undo_writes_no_mark_and_no_mark_record(engine: Engine, snap: Any) -> None:
    from db import uow as uow_mod

    cid, _bid = _played(engine)
    before = snap(engine)

    def boom(name: str) -> None:
        if name == "uow.before-commit":
            raise RuntimeError("power cut")

    uow_mod.FAULT_HOOK = boom
    try:
        with pytest.raises(RuntimeError, match="power cut"):
            undo(engine, cid)
    finally:
        uow_mod.FAULT_HOOK = None
    assert snap(engine) == before
    assert verify_chain(engine, cid).intact


# --------------------------------------------------------------------------- changed behind its back
@pytest.mark.parametrize(("was", "now"), [("preview", "applied"), ("applied", "undone"), ("preview", "abandoned")])
def test_a_mark_changed_in_the_database_is_found_and_named(engine: Engine, capsys: Any, was: str,
                                                           now: str) -> None:
    cid, _bid = _played(engine)
    victim = roll_log(engine, cid, marks=[was])[1]["id"]
    pos = [r["id"] for r in _chain(engine, cid)].index(victim) + 1
    _raw(engine, "UPDATE roll_record SET mark = :m WHERE id = :i", m=now, i=victim)
    st = verify_chain(engine, cid)
    assert not st.intact and st.broken_at == victim
    assert st.text == (f"chain broken at roll record {victim} (#{pos} of the chain): marked {now} in the table, "
                       f"the chain says {was}")
    rc = main(["--db", _url(engine), "log", "verify", str(cid)])
    err = capsys.readouterr().err
    assert rc == 3 and f"roll record {victim} (#{pos} of the chain): marked {now} in the table" in err
    assert err.count("\n") == 1


def test_an_undone_roll_flipped_back_is_found_after_its_mark_record(engine: Engine) -> None:
    """The mark records decide: after an undo the chain says ``undone``; a roll set back to
    ``applied`` by hand (or a mark record's target put back) is named."""
    cid, _bid = _played(engine)
    undo(engine, cid)
    undone = [r["id"] for r in roll_log(engine, cid, marks=["undone"])]
    _raw(engine, "UPDATE roll_record SET mark = 'applied' WHERE id IN (" + ",".join(map(str, undone[:2])) + ")")
    st = verify_chain(engine, cid)
    assert not st.intact and st.broken_at == undone[0]
    assert "marked applied in the table, the chain says undone (and 1 more)" in st.text
    _raw(engine, "UPDATE roll_record SET mark = 'undone'")  # every mark undone, mark records too
    st = verify_chain(engine, cid)
    assert not st.intact and "the chain says" in st.text


def test_a_mark_record_removed_breaks_the_chain(engine: Engine) -> None:
    cid, _bid = _played(engine)
    undo(engine, cid)
    rid = roll_log(engine, cid, marks=["mark"])[0]["id"]
    _raw(engine, "DELETE FROM roll_record WHERE id = :i", i=rid)
    st = verify_chain(engine, cid)
    assert not st.intact and "removed, moved or put in between" in st.text


# --------------------------------------------------------------------------- export, import, backup
def _marked_doc(engine: Engine) -> tuple[int, dict[str, Any]]:
    cid, _bid = _played(engine)
    undo(engine, cid)
    abandon_rolls(engine, [r["id"] for r in roll_log(engine, cid, marks=["preview"])][:2])
    return cid, export_json(engine, cid)


@pytest.mark.parametrize("streamed", [False, True])
def test_export_import_keeps_the_marks_and_their_records(engine: Engine, tmp_path: Path, streamed: bool) -> None:
    cid, doc = _marked_doc(engine)
    assert {r["mark"] for r in doc["rolls"]} >= {"mark", "undone", "abandoned", "preview"}
    assert {r["v"] for r in doc["rolls"]} == {1}
    path = tmp_path / "c.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    copy = import_json(engine, str(path), rename="Copy", backup=False, streamed=streamed)
    st = verify_chain(engine, copy.id)
    assert st.intact and st.head_count == len(doc["rolls"])
    again = export_json(engine, copy.id)
    keys = ("hash", "mark", "v", "first_mark", "label", "result")
    assert [[r[k] for k in keys] for r in again["rolls"]] == [[r[k] for k in keys] for r in doc["rolls"]]
    # a mark changed in the file (its hash does not cover the mark now): imported, then named
    bad = json.loads(json.dumps(doc))
    k = next(i for i, r in enumerate(bad["rolls"]) if r["mark"] == "undone")
    bad["rolls"][k]["mark"], bad["rolls"][k]["undone"] = "applied", False
    path.write_text(json.dumps(bad), encoding="utf-8")
    res = import_json(engine, str(path), rename="Bad", backup=False, streamed=streamed)
    st = verify_chain(engine, res.id)
    assert not st.intact and f"(#{k + 1} of the chain): marked applied in the table, the chain says undone" in st.text


def test_an_accepted_broken_import_takes_the_marks_as_imported(engine: Engine) -> None:
    _cid, doc = _marked_doc(engine)
    bad = json.loads(json.dumps(doc))
    bad["rolls"][0]["faces"] = "6,6" if bad["rolls"][0]["faces"] != "6,6" else "1,1"
    res = import_json(engine, bad, rename="Broken", backup=False, accept_broken_chain=True)
    st = verify_chain(engine, res.id)  # chained afresh: the mark records name the old hashes
    assert st.intact, st.text
    previews = [r["id"] for r in roll_log(engine, res.id, marks=["preview"])]
    abandon_rolls(engine, previews[:1])  # after the note: marks proven again
    assert verify_chain(engine, res.id).intact
    _raw(engine, "UPDATE roll_record SET mark = 'preview' WHERE id = :i", i=previews[0])
    st = verify_chain(engine, res.id)
    assert not st.intact and st.broken_at == previews[0] and "the chain says abandoned" in st.text


def test_backup_and_restore_keep_the_marks_intact(engine: Engine, tmp_path: Path) -> None:
    from campaign_app.usecases.backup import backup, restore

    cid, doc = _marked_doc(engine)
    out = backup(engine, tmp_path / "all.json")
    restore(engine, out.file)
    engine.dispose()
    st = verify_chain(engine, doc["campaign"]["name"])
    assert st.intact and st.head_count == len(doc["rolls"])
    rows = roll_log(engine, doc["campaign"]["name"], marks=list(rollchain.MARKS))
    assert [r["mark"] for r in rows] == [r["mark"] for r in doc["rolls"]]


def test_an_old_file_without_versions_still_verifies(engine: Engine) -> None:
    """A file written before 0019 (no ``v``, no ``first_mark``, no mark records): its rolls
    are version 0, hashed as they were; their marks are proven from their first mark
    record on."""
    _cid, doc = _marked_doc(engine)
    old = json.loads(json.dumps(doc))
    old["rolls"] = [r for r in old["rolls"] if r["mark"] != "mark"]
    for r in old["rolls"]:
        for k in ("hash", "prev_hash", "v", "first_mark"):
            r.pop(k)
    res = import_json(engine, old, rename="Old", backup=False)
    assert {r[0] for r in _raw(engine, "SELECT v FROM roll_record WHERE campaign_id = :c", c=res.id)} == {0}
    assert verify_chain(engine, res.id).intact
    previews = [r["id"] for r in roll_log(engine, res.id, marks=["preview"])]
    abandon_rolls(engine, previews[:1])  # a version 0 roll's mark changed: now on the chain
    assert verify_chain(engine, res.id).intact
    _raw(engine, "UPDATE roll_record SET mark = 'preview' WHERE id = :i", i=previews[0])
    st = verify_chain(engine, res.id)
    assert not st.intact and st.broken_at == previews[0] and "the chain says abandoned" in st.text
