"""The roll record you can trust (issue #15 items 1-2), on SQLite and PostgreSQL: every
roll on record with its mark, strict dice discipline reusing the faces already rolled,
typed dice refused when the campaign allows none, and the SHA-256 hash chain (``log
verify``, export/import, undo and redo marking, raw SQL tampering found and named)."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.engine import Engine

from campaign_app.cli import main
from campaign_app.errors import InputError
from campaign_app.rollchain import MARKS
from campaign_app.usecases import redo, roll_log, show_fighter, undo
from campaign_app.usecases.battles import after_battle, record_battle
from campaign_app.usecases.campaigns import create_campaign
from campaign_app.usecases.datafiles import ImportRefused, export_json, import_json
from campaign_app.usecases.fighters import add_fighter
from campaign_app.usecases.record import campaign_settings, set_campaign_settings, verify_chain
from campaign_app.usecases.rolls import roll_table
from campaign_app.usecases.rosters import create_roster
from tests.campaign_app.test_after_battle_statements import STATS, eight_fighter_n23_battle


def _url(engine: Engine) -> str:
    return engine.url.render_as_string(hide_password=False)


def cli(engine: Engine, capsys: Any, *argv: str) -> tuple[int, str, str]:
    rc = main(["--db", _url(engine), *argv])
    out = capsys.readouterr()
    return rc, out.out, out.err


def _faces(rows: list[Any]) -> list[int]:
    return [f for r in rows for f in r["faces"]]


# --------------------------------------------------------------------------- marks, strict dice
def test_strict_dice_the_real_run_reuses_the_previewed_faces(engine: Engine) -> None:
    cid, bid, _ids = eight_fighter_n23_battle(engine)
    set_campaign_settings(engine, cid, dice_discipline="strict")
    pre = after_battle(engine, bid, dry_run=True)  # the app rolls: on record, marked preview
    previewed = roll_log(engine, cid, battle=bid)
    assert previewed and {r["mark"] for r in previewed} == {"preview"}
    again = after_battle(engine, bid, dry_run=True)  # a second preview: the same dice
    assert again.steps == pre.steps
    done = after_battle(engine, bid)  # random dice asked for: the previewed faces come back
    assert done.applied and done.lines == pre.lines
    applied = roll_log(engine, cid, battle=bid, marks=["applied"])
    assert _faces(applied) == _faces(previewed)
    assert verify_chain(engine, cid).intact


def test_open_dice_records_previews_and_rolls_anew(engine: Engine) -> None:
    cid, bid, _ids = eight_fighter_n23_battle(engine)
    assert campaign_settings(engine, cid)["dice_discipline"] == "open"
    for seed in (1, 2, 3):
        after_battle(engine, bid, seed=seed, dry_run=True)
    after_battle(engine, bid, seed=9)
    marks = [r["mark"] for r in roll_log(engine, cid, battle=bid)]
    assert marks.count("preview") >= 3 and "applied" in marks
    undo(engine, cid)  # undo marks the action's rolls undone: appended or marked, never deleted
    after = roll_log(engine, cid, battle=bid)
    assert len(after) == len(marks) and "applied" not in {r["mark"] for r in after}
    assert {r["mark"] for r in after if r["undone"]} == {"undone"}
    redo(engine, cid)
    assert [r["mark"] for r in roll_log(engine, cid, battle=bid)] == marks
    assert verify_chain(engine, cid).intact


def test_strict_dice_after_an_undo_the_run_again_reuses_the_faces(engine: Engine) -> None:
    cid, bid, _ids = eight_fighter_n23_battle(engine)
    set_campaign_settings(engine, cid, dice_discipline="strict")
    first = after_battle(engine, bid)
    rolled = _faces(roll_log(engine, cid, battle=bid))
    undo(engine, cid)
    second = after_battle(engine, bid)  # undo and run again: no re-roll
    assert second.lines == first.lines
    assert _faces(roll_log(engine, cid, battle=bid, marks=["applied"])) == rolled


def test_strict_dice_typed_dice_refused_unless_allowed(engine: Engine, snap: Any) -> None:
    cid, bid, _ids = eight_fighter_n23_battle(engine)
    faces = ",".join(["3"] * 40)
    set_campaign_settings(engine, cid, dice_discipline="strict", typed_dice=False)
    before = snap(engine)
    with pytest.raises(InputError, match="strict dice without typed dice"):
        after_battle(engine, bid, dice=faces)
    with pytest.raises(InputError, match="strict dice without typed dice"):
        after_battle(engine, bid, dice=faces, dry_run=True)
    assert snap(engine) == before
    # allowed: typed dice must be those already rolled where some were
    set_campaign_settings(engine, cid, typed_dice=True)
    after_battle(engine, bid, seed=11, dry_run=True)
    rolled = _faces(roll_log(engine, cid, battle=bid))
    wrong = [7 - rolled[0]] + rolled[1:]
    with pytest.raises(InputError, match="already rolled"):
        after_battle(engine, bid, dice=",".join(map(str, wrong)))
    done = after_battle(engine, bid, dice=",".join(map(str, rolled)))
    assert done.applied


def test_campaign_settings_cli(engine: Engine, capsys: Any) -> None:
    cid, _bid, _ids = eight_fighter_n23_battle(engine)
    assert cli(engine, capsys, "campaign", "settings", str(cid)) == \
        (0, "Underhive: dice discipline open, typed dice yes, roster rules checked\n", "")
    rc, out, _err = cli(engine, capsys, "campaign", "settings", "Underhive", "--dice-discipline", "strict",
                        "--typed-dice", "no")
    assert rc == 0 and out == "Underhive: dice discipline strict, typed dice no, roster rules checked\n"
    rc, out, _err = cli(engine, capsys, "--json", "campaign", "settings", "Underhive")
    assert rc == 0 and json.loads(out)["dice_discipline"] == "strict"
    rc, _out, err = cli(engine, capsys, "campaign", "settings", "Underhive", "--dice-discipline", "loose")
    assert rc == 2 and "invalid choice" in err


def test_strict_dice_cli_dry_run_then_apply(engine: Engine, capsys: Any) -> None:
    cid, bid, _ids = eight_fighter_n23_battle(engine)
    cli(engine, capsys, "campaign", "settings", str(cid), "--dice-discipline", "strict", "--typed-dice", "no")
    rc, pre, _ = cli(engine, capsys, "after-battle", str(bid), "--dry-run")
    assert rc == 0
    rc, out, err = cli(engine, capsys, "after-battle", str(bid), "--dice", "1,2,3")
    assert rc == 2 and "typed dice" in err and err.count("\n") == 1
    rc, out, _ = cli(engine, capsys, "after-battle", str(bid))
    assert rc == 0
    previewed = roll_log(engine, cid, battle=bid, marks=["preview"])
    assert previewed and _faces(roll_log(engine, cid, battle=bid, marks=["applied"])) == _faces(previewed)
    assert pre.splitlines()[-2:] == out.splitlines()[-2:]  # the same changes, the last lines
    rc, log, _ = cli(engine, capsys, "log", str(cid), "--mark", "preview")
    assert rc == 0 and "preview" in log
    rc, _, err = cli(engine, capsys, "log", str(cid), "--mark", "nonsense")
    assert rc == 2 and "marks are" in err


# --------------------------------------------------------------------------- the chain
def _league(engine: Engine) -> int:
    """A longer campaign: twelve battles with After the Battle, undos and redos between."""
    c = create_campaign(engine, "League", "necromunda", edition="n23")
    gangs = []
    for gang, faction in (("Rats", "Orlock"), ("Ghosts", "Cawdor")):
        r = create_roster(engine, c.id, gang, faction=faction, credits=300)
        ids = [add_fighter(engine, r.id, f"{gang} {i}", fighter_type="ganger", stats=STATS).id for i in range(6)]
        gangs.append((r.id, ids))
    for n in range(12):
        hurt: dict[int, str] = {}
        for _rid, ids in gangs:
            for fid in ids[n % 6:n % 6 + 2]:
                if show_fighter(engine, fid)["status"] == "active":
                    hurt[fid] = "out-of-action"
        b = record_battle(engine, c.id, [g[0] for g in gangs], winner=gangs[n % 2][0], results=hurt)
        after_battle(engine, b.id, seed=100 + n, dry_run=True)
        after_battle(engine, b.id, seed=200 + n)
        roll_table(engine, "n23-lasting-injury", campaign=c.id, seed=n)
        if n % 3 == 0:
            undo(engine, c.id)
        if n % 4 == 0:
            redo(engine, c.id) if n % 3 == 0 else undo(engine, c.id)
    assert c.id is not None
    return int(c.id)


def test_log_verify_passes_on_a_long_campaign_and_names_a_changed_row(engine: Engine, capsys: Any) -> None:
    from campaign_app.usecases.demo import create_demo

    create_demo(engine)
    cid = _league(engine)
    log = roll_log(engine, cid)
    assert len(log) > 60 and {"applied", "undone", "preview"} <= {r["mark"] for r in log}
    # the chain holds the rolls and the mark records of every undo and redo (#35 item 4)
    chained = roll_log(engine, cid, marks=list(MARKS))
    assert len(chained) > len(log) and {r["mark"] for r in chained} - {r["mark"] for r in log} == {"mark"}
    rc, out, _ = cli(engine, capsys, "log", "verify", "League")
    assert (rc, out) == (0, f"chain intact: {len(chained)} rolls\nhead: {len(chained)} rolls, last hash "
                            f"{chained[-1]['hash']}\n")
    rc, out, _ = cli(engine, capsys, "log", "verify", "League", "--json")
    assert rc == 0 and json.loads(out)["head"] == {"rolls": len(chained), "hash": chained[-1]["hash"]}
    for camp in ("Ardennes 1944", "Underhive Feud"):
        rc, out, _ = cli(engine, capsys, "log", "verify", camp)
        assert rc == 0 and out.startswith("chain intact: "), out
    victim = log[len(log) // 2]["id"]
    with engine.begin() as c:  # a bad roll made good by hand
        c.execute(text("UPDATE roll_record SET faces = '6,6' WHERE id = :i"), {"i": victim})
    rc, out, err = cli(engine, capsys, "log", "verify", "League")
    assert rc == 3 and out == "" and f"roll record {victim} " in err and "content" in err
    st = verify_chain(engine, cid)
    assert not st.intact and st.broken_at == victim


def test_log_verify_names_the_record_after_a_deleted_or_moved_row(engine: Engine, capsys: Any) -> None:
    cid, bid, _ids = eight_fighter_n23_battle(engine)
    after_battle(engine, bid, seed=5)
    for n in range(6):
        roll_table(engine, "n23-lasting-injury", campaign=cid, seed=n)
    ids = [r["id"] for r in roll_log(engine, cid)]
    with engine.begin() as c:
        c.execute(text("DELETE FROM roll_record WHERE id = :i"), {"i": ids[3]})
    rc, _out, err = cli(engine, capsys, "log", "verify", str(cid))
    assert rc == 3 and f"roll record {ids[4]} " in err and "removed, moved" in err
    with engine.begin() as c:  # a row moved to the end (renumbered)
        c.execute(text("UPDATE roll_record SET id = :n WHERE id = :i"), {"n": ids[-1] + 100, "i": ids[1]})
    st = verify_chain(engine, cid)
    assert not st.intact and st.broken_at == ids[2]


def test_concurrent_writers_never_fork_the_chain(engine: Engine) -> None:
    cid, _bid, _ids = eight_fighter_n23_battle(engine)
    errors: list[BaseException] = []

    def writer(seed: int) -> None:
        try:
            for n in range(8):
                roll_table(engine, "n23-lasting-injury", campaign=cid, seed=seed * 100 + n)
        except BaseException as e:  # noqa: BLE001 - reported below
            errors.append(e)

    if engine.dialect.name == "sqlite":  # one writer at a time: a busy writer may be refused
        writer(1)
        writer(2)
    else:
        threads = [threading.Thread(target=writer, args=(i,)) for i in range(3)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert not errors, errors
    st = verify_chain(engine, cid)
    assert st.intact and st.rolls >= 16


# --------------------------------------------------------------------------- export / import
def test_export_import_carries_the_chain_and_refuses_a_broken_one(engine: Engine, tmp_path: Path,
                                                                 capsys: Any, snap: Any, monkeypatch: Any) -> None:
    cid, bid, _ids = eight_fighter_n23_battle(engine)
    after_battle(engine, bid, seed=8, dry_run=True)
    after_battle(engine, bid, seed=9)
    doc = export_json(engine, cid)
    assert doc["rolls"] and all(len(r["hash"]) == 64 for r in doc["rolls"])
    assert {r["mark"] for r in doc["rolls"]} == {"preview", "applied"}
    from campaign_app import rollchain

    linked = []
    real_link = rollchain.link
    monkeypatch.setattr(rollchain, "link", lambda prev, row: linked.append(1) or real_link(prev, row))
    copy = import_json(engine, doc, rename="Copy", backup=False)
    assert len(linked) == len(doc["rolls"])  # an intact chain is checked once, not hashed again
    monkeypatch.setattr(rollchain, "link", real_link)
    again = export_json(engine, copy.id)
    assert [r["hash"] for r in again["rolls"]] == [r["hash"] for r in doc["rolls"]]
    assert [r["mark"] for r in again["rolls"]] == [r["mark"] for r in doc["rolls"]]
    st = verify_chain(engine, copy.id)
    assert st.intact
    # the import rebuilt the chain's head from what it wrote (#35): the same as the original's
    orig = verify_chain(engine, cid)
    assert (st.head_count, st.head_hash) == (orig.head_count, orig.head_hash) == (len(doc["rolls"]),
                                                                                 doc["rolls"][-1]["hash"])
    bad = json.loads(json.dumps(doc))
    bad["rolls"][1]["faces"] = "6,6" if bad["rolls"][1]["faces"] != "6,6" else "1,1"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    before = snap(engine)
    with pytest.raises(ImportRefused, match="hash chain is broken at roll d2"):
        import_json(engine, bad, rename="Bad", backup=False)
    rc, _out, err = cli(engine, capsys, "import", "json", str(path), "--rename", "Bad")
    assert rc == 2 and "hash chain is broken" in err
    assert snap(engine) == before
    rc, out, _err = cli(engine, capsys, "import", "json", str(path), "--rename", "Bad", "--accept-broken-chain")
    assert rc == 0 and "imported campaign" in out
    notes = roll_log(engine, "Bad", marks=["note"])
    assert len(notes) == 1 and "broken at roll d2" in notes[0]["purpose"]
    st = verify_chain(engine, "Bad")
    assert st.intact and st.head_count == len(doc["rolls"]) + 1  # chained afresh, the break on record
    swapped = json.loads(json.dumps(doc))  # two rolls swapped: the order no longer matches
    swapped["rolls"][0], swapped["rolls"][1] = swapped["rolls"][1], swapped["rolls"][0]
    with pytest.raises(ImportRefused, match="no longer follows"):
        import_json(engine, swapped, rename="Swapped", backup=False)
    old = json.loads(json.dumps(doc))  # a file written before the chain: imported and chained
    for r in old["rolls"]:
        for k in ("hash", "prev_hash", "mark", "step", "face_pos", "v", "first_mark"):
            r.pop(k)
    res = import_json(engine, old, rename="Old", backup=False)
    assert verify_chain(engine, res.id).intact


def test_strict_dice_the_lasting_injury_dialog_preview_fixes_the_faces(engine: Engine) -> None:
    """The dialog's way: a preview where the app rolls (keeping the faces), then the
    real run; a second preview under strict dice shows the same faces."""
    from campaign_app import procedure_driver as driver
    from campaign_app.dice import Roller
    from campaign_app.systems.necromunda.actions import injury_roll

    cid, _bid, ids = eight_fighter_n23_battle(engine)
    fid = ids["Rats ganger"]
    set_campaign_settings(engine, cid, dice_discipline="strict")
    first = driver.app_dice()
    pre = injury_roll(engine, fid, dry_run=True, roller=Roller(first))
    again = driver.app_dice()
    assert injury_roll(engine, fid, dry_run=True, roller=Roller(again)).injuries == pre.injuries
    assert again.faces == first.faces
    log = roll_log(engine, cid, fighter=fid)
    assert {r["mark"] for r in log} == {"preview"} and len(log) >= 2
    done = injury_roll(engine, fid, roller=Roller(driver.FaceSource(first.faces)))
    assert done.applied and done.injuries == pre.injuries
    # open dice: the real run may roll anew, the preview is still on record
    set_campaign_settings(engine, cid, dice_discipline="open")
    injury_roll(engine, ids["Rats juve"], dry_run=True, roller=Roller(driver.app_dice()))
    assert {r["mark"] for r in roll_log(engine, cid, fighter=ids["Rats juve"])} == {"preview"}
    assert verify_chain(engine, cid).intact


@pytest.mark.parametrize("head_kept", [True, False], ids=["head-kept", "no-head-yet"])
def test_a_second_chain_writer_waits_for_the_first_and_follows_its_record(engine: Engine, monkeypatch: Any,
                                                                        head_kept: bool) -> None:
    """PostgreSQL: a second writer of the chain waits while the first holds the head (its
    row locked ``FOR UPDATE``, or the campaign's advisory lock while no head row exists
    yet), then chains its record after the first's: one preview (the wizard's each click,
    one statement for insert and head) against a whole use-case's rolls."""
    import db.uow as uow_module
    from campaign_app.dice import RollResult
    from campaign_app.usecases.record import record_preview
    from db.uow import UnitOfWork

    if engine.dialect.name != "postgresql":
        pytest.skip("SQLite runs one writer at a time: no two transactions wait on each other")
    cid, _bid, _ids = eight_fighter_n23_battle(engine)
    roll_table(engine, "n23-lasting-injury", campaign=cid, seed=1)
    if not head_kept:  # a campaign from before chain heads were kept: the first writer makes it
        with engine.begin() as c:
            c.execute(text("DELETE FROM chain_head WHERE campaign_id = :c"), {"c": cid})
    before = verify_chain(engine, cid).rolls

    def roll(n: int) -> RollResult:
        return RollResult("2d6", [n, n], 2 * n, f"test: writer {n}")

    holding, waiting = threading.Event(), threading.Event()
    first = threading.current_thread()

    def hook(name: str) -> None:  # the first writer holds the head until the second waits for it
        if name == "uow.before-commit" and threading.current_thread() is first:
            holding.set()
            assert waiting.wait(10), "the second writer never waited for the chain's head"

    second: dict[str, Any] = {}

    def writer() -> None:
        holding.wait(10)
        try:
            second["ids"] = record_preview(engine, cid, [roll(2)], step="test").ids
        except BaseException as e:  # noqa: BLE001 - reported below
            second["error"] = e

    def watch() -> None:  # a backend of this database waiting on a lock: the second writer
        holding.wait(10)
        for _ in range(1000):
            with engine.connect() as c:
                if c.execute(text("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                                  "AND wait_event_type = 'Lock'")).scalar():
                    waiting.set()
                    return
            threading.Event().wait(0.01)

    monkeypatch.setattr(uow_module, "FAULT_HOOK", hook)
    threads = [threading.Thread(target=writer), threading.Thread(target=watch)]
    for t in threads:
        t.start()
    with UnitOfWork(engine, "first", campaign_id=cid, journaled=False) as uow:
        first_ids = uow.record_rolls([roll(1), roll(3)])  # two rolls: the batched insert and head
    for t in threads:
        t.join(15)
    assert "error" not in second, second.get("error")
    assert waiting.is_set()
    with engine.connect() as c:
        rows = c.execute(text("SELECT id, prev_hash, hash FROM roll_record WHERE id IN (:a, :b) ORDER BY id"),
                         {"a": first_ids[-1], "b": second["ids"][0]}).all()
        head = c.execute(text("SELECT count, last_hash FROM chain_head WHERE campaign_id = :c"), {"c": cid}).one()
    assert [r.id for r in rows] == [first_ids[-1], second["ids"][0]]
    assert rows[1].prev_hash == rows[0].hash  # after the first's last record, not beside it
    assert (head.count, head.last_hash) == (before + 3, rows[1].hash)
    st = verify_chain(engine, cid)
    assert st.intact and st.rolls == before + 3, st.text
