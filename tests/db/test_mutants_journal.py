"""Tests that read back what the journal, undo and redo wrote (issue #34, the mutation
group ``journal``: db/journal.py, db/uow.py, undo and redo of usecases/journal.py).

The other journal tests check what a user sees (a refusal, a version that went up); these
check every row: a scripted campaign (rosters, fighters with gear and skills, a move
between rosters, territories, credits, a battle, a removal) is run action by action, then
undone to its creation and redone to the end. After each step the test compares with a
golden record (``mutants_journal_golden.json``, checked by hand when written) every
journal entry the action wrote (table, row, operation, before, after, version), the
change set each step returned, every journaled row of the database and the history's
marks. Undo must also put each row back exactly as it was, timestamps included.

The refusals are driven at the level of db.journal (an older journal undone directly,
a row changed behind the journal's back), each checking its one-line message and that
nothing was written. Fast: SQLite and PostgreSQL, under a second or two each.
GOLDEN=write rewrites the record after a deliberate change (review the diff).
"""

from __future__ import annotations

import re
from datetime import date, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select, text, update
from sqlmodel import SQLModel

import db.uow as uow_module
from campaign_app.changes import Changes
from campaign_app.dice import Roller
from campaign_app.errors import ConflictError, InputError
from campaign_app.usecases import (
    add_fighter,
    create_campaign,
    create_roster,
    edit_fighter,
    edit_roster,
    history,
    redo,
    remove_fighter,
    show_fighter,
    undo,
)
from campaign_app.usecases.battles import record_battle
from campaign_app.usecases.gear import add_territory, adjust_credits
from campaign_app.usecases.manage import move_fighter
from db.journal import (
    JournalRecorder,
    _from_json,
    _jsonable,
    bump_version,
    can_undo,
    entry_changes,
    journal_changes,
    journal_links,
    redo_journal,
    redo_target,
    undo_journal,
    undo_target,
)
from db.models import JOURNALED_TABLES, Fighter, Journal, JournalEntry, Roster
from db.uow import Preview, UnitOfWork, read_session, roll_rows
from tests.campaign_app.golden import check

GOLDEN = Path(__file__).with_name("mutants_journal_golden.json")
_ISO = re.compile(r"^\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d")


def _norm(v: Any) -> Any:
    """Timestamps and today's date made stable (they differ run to run); everything else
    as it is (undo's exact putting back of them is checked on the raw rows)."""
    if isinstance(v, dict):
        if set(v) == {"__dt__"}:
            return {"__dt__": "<time>"}
        if set(v) == {"__date__"}:
            return {"__date__": "<date>"}
        return {k: _norm(x) for k, x in sorted(v.items())}
    if isinstance(v, list | tuple):
        return [_norm(x) for x in v]
    if isinstance(v, datetime):
        return "<time>"
    if isinstance(v, str) and _ISO.match(v):
        return "<time>"
    if isinstance(v, date):
        return "<date>"
    return v


def _changes(ch: Changes) -> dict[str, Any]:
    return {"campaigns": sorted(ch.campaigns), "rosters": sorted(ch.rosters), "fighters": sorted(ch.fighters),
            "units": sorted(ch.units), "battles": sorted(ch.battles), "structure": ch.structure,
            "rolls": ch.rolls, "history": ch.history, "everything": ch.everything}


def _rows(engine, raw: bool = False) -> dict[str, list[dict[str, Any]]]:
    """Every journaled row, by table, ordered by id (raw: timestamps kept)."""
    out: dict[str, list[dict[str, Any]]] = {}
    with engine.connect() as c:
        for t in SQLModel.metadata.sorted_tables:
            if t.name not in JOURNALED_TABLES:
                continue
            rows = [dict(r._mapping) for r in c.execute(t.select().order_by(t.c.id))]
            out[t.name] = rows if raw else [_norm(r) for r in rows]
    return out


def _journals(engine) -> list[list[Any]]:
    with engine.connect() as c:
        js = c.execute(text("SELECT id, campaign_id, action, summary, undone, undo_mark FROM journal ORDER BY id"))
        return [[j[0], j[1], j[2], j[3], bool(j[4]), j[5]] for j in js]


def _entries(engine, journal_id: int) -> list[list[Any]]:
    with engine.connect() as c:
        es = c.execute(text("SELECT seq, table_name, row_id, op, \"before\", \"after\", version_after, "
                            "version_undone FROM journal_entry WHERE journal_id = :j ORDER BY seq"),
                       {"j": journal_id})
        out = []
        for e in es:
            before, after = (_load(e[4]), _load(e[5]))
            out.append([e[0], e[1], e[2], e[3], _norm(before), _norm(after), e[6], e[7]])
        return out


def _load(v: Any) -> Any:
    import json

    return json.loads(v) if isinstance(v, str) else v


def _newest(engine) -> int:
    with engine.connect() as c:
        return int(c.execute(text("SELECT max(id) FROM journal")).scalar())


def _without_versions(rows: dict[str, list[dict[str, Any]]]) -> dict[str, list[dict[str, Any]]]:
    return {t: [{k: v for k, v in r.items() if k != "version"} for r in rs] for t, rs in rows.items()}


def _script(engine) -> list[tuple[str, Any]]:
    """The actions, each a (label, callable returning its result)."""
    return [
        ("campaign", lambda: create_campaign(engine, "Hive", "necromunda")),
        ("roster goliaths", lambda: create_roster(engine, "Hive", "Goliaths")),
        ("roster eschers", lambda: create_roster(engine, "Hive", "Eschers")),
        ("fighter grukk", lambda: add_fighter(engine, "Goliaths", "Grukk", fighter_type="ganger",
                                              weapons=["Stub gun", "Autogun"])),
        ("fighter brakk", lambda: add_fighter(engine, "Goliaths", "Brakk", fighter_type="ganger")),
        ("edit grukk", lambda: edit_fighter(engine, "Grukk", notes="scarred", add_skills=["Nerves of Steel"],
                                            remove_weapons=["Autogun"])),
        ("move brakk", lambda: move_fighter(engine, "Brakk", "Eschers")),
        ("edit roster", lambda: edit_roster(engine, "Goliaths", notes="the pit")),
        ("territory", lambda: add_territory(engine, "Goliaths", "Old Ruins", credits=5)),
        ("credits", lambda: adjust_credits(engine, "Goliaths", 20, "found a cache")),
        ("battle", lambda: record_battle(engine, "Hive", ["Goliaths", "Eschers"], winner="Goliaths",
                                         results={"Brakk": "out-of-action"}, by={"Brakk": "Grukk"})),
        ("remove grukk", lambda: remove_fighter(engine, "Grukk")),
    ]


def test_every_entry_and_row_through_undo_and_redo(engine):
    got: dict[str, Any] = {}
    before: list[dict[str, Any]] = []  # raw rows before each action
    for label, act in _script(engine):
        before.append(_rows(engine, raw=True))
        res = act()
        jid = _newest(engine)
        got[f"do {label}"] = {"changes": _changes(res.changes), "entries": _entries(engine, jid),
                              "undo target": getattr(undo_target_of(engine), "id", None)}
    got["rows at the end"] = _rows(engine)
    end_raw = _rows(engine, raw=True)
    n = len(before)
    # undo to the campaign's creation: each undo puts the rows back as they were
    for i in range(n - 1, 0, -1):
        res = undo(engine, "Hive")
        now = _rows(engine, raw=True)
        assert _without_versions(now) == _without_versions(before[i]), f"undo of step {i}"
        got[f"undo {i}"] = {"changes": _changes(res.changes), "action": res.action, "summary": res.summary,
                            "rows": _rows(engine), "journals": _journals(engine),
                            "entries": _entries(engine, res.id)}
    with pytest.raises(InputError, match="its first action, creating it, cannot be undone"):
        undo(engine, "Hive")
    # redo to the end: the rows are as they were at the end, versions higher
    for i in range(1, n):
        res = redo(engine, "Hive")
        got[f"redo {i}"] = {"changes": _changes(res.changes), "action": res.action, "rows": _rows(engine),
                            "journals": _journals(engine), "entries": _entries(engine, res.id)}
    assert _without_versions(_rows(engine, raw=True)) == _without_versions(end_raw)
    with pytest.raises(InputError, match="nothing to redo in Hive"):
        redo(engine, "Hive")
    check(GOLDEN, got)


def undo_target_of(engine):
    with read_session(engine) as s:
        cid = s.execute(text("SELECT id FROM campaign WHERE name = 'Hive'")).scalar()
        return undo_target(s, cid)


def test_a_new_action_after_an_undo_abandons_the_redo(engine):
    create_campaign(engine, "Hive", "necromunda")
    create_roster(engine, "Hive", "Goliaths")
    add_fighter(engine, "Goliaths", "Grukk", fighter_type="ganger")
    edit_fighter(engine, "Grukk", notes="one")
    edit_fighter(engine, "Grukk", notes="two")
    undo(engine, "Hive")
    undo(engine, "Hive")
    assert show_fighter(engine, "Grukk")["notes"] == ""
    with read_session(engine) as s:
        cid = s.execute(text("SELECT id FROM campaign")).scalar()
        t = redo_target(s, cid)
        assert t is not None and t.summary == "edit Grukk" and t.id == _newest(engine) - 1
    edit_fighter(engine, "Grukk", notes="three")
    with read_session(engine) as s:
        assert redo_target(s, cid) is None
    with pytest.raises(InputError, match="nothing to redo"):
        redo(engine, "Hive")
    undo(engine, "Hive")  # the new action undone: the abandoned ones still cannot come back
    with read_session(engine) as s:
        t = redo_target(s, cid)
        assert t is not None and t.id == _newest(engine)
    redo(engine, "Hive")
    assert show_fighter(engine, "Grukk")["notes"] == "three"
    with read_session(engine) as s:
        assert redo_target(s, cid) is None
        j = undo_target(s, cid)
        assert j is not None and j.id == _newest(engine) and not j.undone


def test_undo_and_redo_targets_on_an_empty_and_a_new_campaign(engine):
    c = create_campaign(engine, "Hive", "necromunda")
    with read_session(engine) as s:
        j = undo_target(s, c.id)
        assert j is not None and j.action == "campaign.create" and not can_undo(j)
        assert redo_target(s, c.id) is None
        assert undo_target(s, c.id + 1) is None and redo_target(s, c.id + 1) is None
    assert can_undo(None) is False
    assert can_undo(Journal(action="roster.create")) is True


# --------------------------------------------------------------------------- refusals

@pytest.fixture
def two_edits(engine):
    """Grukk and Brakk, then one edit of each (two journals touching different rows)."""
    create_campaign(engine, "Hive", "necromunda")
    create_roster(engine, "Hive", "Goliaths")
    g = int(add_fighter(engine, "Goliaths", "Grukk", fighter_type="ganger").id)
    b = int(add_fighter(engine, "Goliaths", "Brakk", fighter_type="ganger").id)
    edit_fighter(engine, g, notes="grukk's")
    edit_fighter(engine, b, notes="brakk's")
    return engine, g, b, _newest(engine) - 1, _newest(engine)


def _fighter_row(engine, fid: int) -> dict[str, Any]:
    t = Fighter.__table__
    with engine.connect() as c:
        return dict(c.execute(t.select().where(t.c.id == fid)).one()._mapping)


def _journal(s, jid: int) -> Journal:
    return s.get(Journal, jid)


def test_undoing_an_older_action_past_a_newer_one_is_refused_and_writes_nothing(two_edits, snap):
    engine, g, _b, older, _newer = two_edits
    was = snap(engine)
    with UnitOfWork(engine, "undo", journaled=False) as uow:
        with pytest.raises(ConflictError) as ei:
            undo_journal(uow.session, _journal(uow.session, older))
        uow.discard()
    assert str(ei.value) == ("cannot undo edit Grukk: the campaign's history was changed by someone else "
                             "meanwhile; nothing was undone — reload and try again")
    assert ei.value.rows[0] == ("journal", older)
    assert snap(engine) == was
    assert show_fighter(engine, g)["notes"] == "grukk's"


def test_redoing_an_action_after_a_new_one_is_refused(two_edits, snap):
    engine, _g, b, _older, newer = two_edits
    undo(engine, "Hive")
    edit_fighter(engine, _g, notes="new")  # a new action: the undone edit of Brakk is abandoned
    was = snap(engine)
    with UnitOfWork(engine, "redo", journaled=False) as uow:
        with pytest.raises(ConflictError, match=r"^cannot redo edit Brakk: the campaign's history was changed"):
            redo_journal(uow.session, _journal(uow.session, newer))
        uow.discard()
    assert snap(engine) == was
    assert show_fighter(engine, b)["notes"] == ""


def test_undo_refuses_a_row_a_later_action_changed(two_edits, snap):
    engine, g, _b, older, _newer = two_edits
    edit_fighter(engine, g, notes="later")
    was = snap(engine)
    with UnitOfWork(engine, "undo", journaled=False) as uow:
        with pytest.raises(ConflictError, match=rf"^cannot undo: fighter #{g} was changed by a later action$"):
            undo_journal(uow.session, _journal(uow.session, older))
    assert snap(engine) == was


def test_undo_refuses_a_row_removed_since(two_edits, snap):
    engine, g, _b, older, _newer = two_edits
    remove_fighter(engine, g)
    was = snap(engine)
    with UnitOfWork(engine, "undo", journaled=False) as uow:
        with pytest.raises(ConflictError, match=rf"^cannot undo: fighter #{g} was removed by a later change$") as ei:
            undo_journal(uow.session, _journal(uow.session, older))
    assert ei.value.rows[0] == ("journal", older)
    assert snap(engine) == was


def test_undo_of_a_removal_refuses_a_row_that_exists_again(engine, snap):
    create_campaign(engine, "Hive", "necromunda")
    create_roster(engine, "Hive", "Goliaths")
    g = int(add_fighter(engine, "Goliaths", "Grukk", fighter_type="ganger").id)
    row = _fighter_row(engine, g)
    remove_fighter(engine, g)
    removal = _newest(engine)
    # the row comes back behind the journal's back (a restore of an old copy, say)
    with engine.begin() as c:
        c.execute(Fighter.__table__.insert().values(**row))
    was = snap(engine)
    with UnitOfWork(engine, "undo", journaled=False) as uow:
        with pytest.raises(ConflictError, match=rf"^cannot undo: fighter #{g} exists again$"):
            undo_journal(uow.session, _journal(uow.session, removal))
    assert snap(engine) == was


def test_redo_refuses_rows_that_changed_after_the_undo(two_edits, snap):
    engine, _g, b, _older, newer = two_edits
    undo(engine, "Hive")
    with engine.begin() as c:  # an edit that bypassed the journal
        c.execute(text("UPDATE fighter SET version = version + 1 WHERE id = :b"), {"b": b})
    was = snap(engine)
    with pytest.raises(ConflictError, match=rf"^cannot redo: fighter #{b} was changed after the undo$"):
        redo(engine, "Hive")
    assert snap(engine) == was
    with engine.begin() as c:
        c.execute(text("DELETE FROM fighter WHERE id = :b"), {"b": b})
    with pytest.raises(ConflictError, match=rf"^cannot redo: fighter #{b} no longer exists$") as ei:
        redo(engine, "Hive")
    assert ei.value.rows[0] == ("journal", newer)


def test_redo_of_an_insert_refuses_a_row_that_exists_again(engine, snap):
    create_campaign(engine, "Hive", "necromunda")
    create_roster(engine, "Hive", "Goliaths")
    g = int(add_fighter(engine, "Goliaths", "Grukk", fighter_type="ganger").id)
    row = _fighter_row(engine, g)
    undo(engine, "Hive")
    with engine.begin() as c:
        c.execute(Fighter.__table__.insert().values(**row))
    was = snap(engine)
    with pytest.raises(ConflictError, match=rf"^cannot redo: fighter #{g} exists again$"):
        redo(engine, "Hive")
    assert snap(engine) == was


def test_a_row_changed_between_the_check_and_the_write_is_refused(two_edits, snap, monkeypatch):
    """The replay's statements are guarded by the version it checked: a writer that got in
    between (here: the check is shown the old version) makes the statement touch nothing."""
    import db.journal as journal

    engine, g, _b, _older, _newer = two_edits
    undo(engine, "Hive")  # Brakk's edit undone; now undo Grukk's, with Grukk changed meanwhile
    real = journal._current_versions

    def stale(session, rows):
        out = real(session, rows)
        session.execute(update(Fighter.__table__).where(Fighter.__table__.c.id == g)
                        .values(version=Fighter.__table__.c.version + 7))
        return out

    with engine.connect() as c:
        v0 = c.execute(text("SELECT version FROM fighter WHERE id = :g"), {"g": g}).scalar()
    was = snap(engine)
    monkeypatch.setattr(journal, "_current_versions", stale)
    with pytest.raises(ConflictError, match=rf"^cannot undo: fighter #{g} was changed by someone else meanwhile; "
                                            r"nothing was undone — try again$"):
        undo(engine, "Hive")
    assert snap(engine) == was
    monkeypatch.setattr(journal, "_current_versions", real)
    undo(engine, "Hive")
    with engine.connect() as c:
        assert c.execute(text("SELECT version FROM fighter WHERE id = :g"), {"g": g}).scalar() == v0 + 1


def _behind_its_back(session, fid: int) -> None:
    """Another writer's edit of the fighter, as the session would meet it (on SQLite the
    unit of work already holds the write lock, so it is made through the session's own
    connection, without the ORM seeing it)."""
    session.execute(text("UPDATE fighter SET version = version + 1 WHERE id = :g"), {"g": fid})


def test_bump_version_refuses_a_stale_row_and_journals_only_the_version(engine):
    create_campaign(engine, "Hive", "necromunda")
    create_roster(engine, "Hive", "Goliaths")
    g = int(add_fighter(engine, "Goliaths", "Grukk", fighter_type="ganger").id)
    other = int(add_fighter(engine, "Goliaths", "Brakk", fighter_type="ganger").id)
    v = show_fighter(engine, g)["version"]
    assert show_fighter(engine, other)["version"] == v
    with UnitOfWork(engine, "fighter.touch", campaign_id=1) as uow:
        f = uow.session.get(Fighter, g)
        bump_version(uow.session, f)
        assert f.version == v + 1
    assert show_fighter(engine, g)["version"] == v + 1
    assert show_fighter(engine, other)["version"] == v  # only the row named
    assert _entries(engine, _newest(engine)) == [[1, "fighter", g, "update", {}, {}, v + 1, None]]
    undo(engine, "Hive")
    assert show_fighter(engine, g)["version"] == v + 2  # undo raises it too: versions only go up
    with UnitOfWork(engine, "fighter.touch", campaign_id=1) as uow:
        f = uow.session.get(Fighter, g)
        _behind_its_back(uow.session, g)
        with pytest.raises(ConflictError, match=rf"^fighter #{g} was changed by someone else meanwhile$") as ei:
            bump_version(uow.session, f)
    assert ei.value.rows == (("fighter", g),)


def test_journal_links_are_undone_and_redone(engine):
    """A removed figure's rolls let go of it (journal_links); undo puts the links back."""
    create_campaign(engine, "Hive", "necromunda")
    create_roster(engine, "Hive", "Goliaths")
    g = int(add_fighter(engine, "Goliaths", "Grukk", fighter_type="ganger").id)
    with UnitOfWork(engine, "rolls", campaign_id=1, journaled=False) as uow:
        r = Roller.from_options(seed=3)
        r.roll("d6", purpose="test", fighter_id=g)
        r.roll("d6", purpose="test", fighter_id=g)
        ids = uow.record_rolls(r)
    with UnitOfWork(engine, "links", campaign_id=1) as uow:
        uow.session.add(Roster(campaign_id=1, name="Eschers"))
        uow.session.flush()
        assert journal_links(uow.session, "roll_record", [ids[1], ids[0], ids[1], 9999],
                             {"fighter_id": None, "subject": "gone"}) == 2
        assert journal_links(uow.session, "roll_record", [], {"fighter_id": None}) == 0
    esch = uow_row_named(engine, "Eschers")
    assert uow.changes == Changes.of(campaigns=[1], rosters=[esch], structure=True, rolls=True, history=True)
    ents = _entries(engine, _newest(engine))
    assert ents == [[1, "roster", esch, "insert", None, ents[0][5], ents[0][6], None],
                    [2, "roll_record", ids[0], "update", {"fighter_id": g, "subject": ""},
                     {"fighter_id": None, "subject": "gone"}, None, None],
                    [3, "roll_record", ids[1], "update", {"fighter_id": g, "subject": ""},
                     {"fighter_id": None, "subject": "gone"}, None, None]]  # no entry for 9999: no such row

    def linked():
        with engine.connect() as c:
            return [tuple(r) for r in c.execute(text("SELECT fighter_id, subject FROM roll_record ORDER BY id"))]

    assert linked() == [(None, "gone"), (None, "gone")]
    undo(engine, "Hive")
    assert linked() == [(g, ""), (g, "")]
    redo(engine, "Hive")
    assert linked() == [(None, "gone"), (None, "gone")]


def uow_row_named(engine, name: str) -> int:
    with engine.connect() as c:
        return int(c.execute(text("SELECT id FROM roster WHERE name = :n"), {"n": name}).scalar())


def test_an_undone_insert_refuses_a_row_changed_between_the_check_and_the_delete(engine, snap, monkeypatch):
    import db.journal as journal

    create_campaign(engine, "Hive", "necromunda")
    create_roster(engine, "Hive", "Goliaths")
    g = int(add_fighter(engine, "Goliaths", "Grukk", fighter_type="ganger").id)
    real = journal._current_versions

    def stale(session, rows):
        out = real(session, rows)
        session.execute(text("UPDATE fighter SET version = version + 1 WHERE id = :g"), {"g": g})
        return out

    was = snap(engine)
    monkeypatch.setattr(journal, "_current_versions", stale)
    with pytest.raises(ConflictError, match=rf"^cannot undo: fighter #{g} was changed by someone else meanwhile; "):
        undo(engine, "Hive")
    assert snap(engine) == was


def test_labels_name_the_table_in_words():
    from db.journal import _label_of

    assert _label_of("lasting_injury", 3) == "lasting injury #3"
    assert _label_of("fighter", 1) == "fighter #1"


# --------------------------------------------------------------------------- pure parts

def test_json_values_round_trip():
    dt, d = datetime(2026, 12, 4, 18, 30, 5, 12), date(2026, 12, 4)
    assert _jsonable(dt) == {"__dt__": "2026-12-04T18:30:05.000012"}
    assert _jsonable(d) == {"__date__": "2026-12-04"}
    assert _jsonable(5) == 5 and _jsonable("x") == "x" and _jsonable(None) is None
    assert _from_json(_jsonable(dt)) == dt and type(_from_json(_jsonable(dt))) is datetime
    assert _from_json(_jsonable(d)) == d and type(_from_json(_jsonable(d))) is date
    assert _from_json({"__dt__": "x", "y": 1}) == {"__dt__": "x", "y": 1}
    assert _from_json({"a": 1}) == {"a": 1}
    assert _from_json([1]) == [1]


def _entry(table: str, op: str, row_id: int | None = 9, before=None, after=None) -> JournalEntry:
    return JournalEntry(journal_id=1, seq=1, table_name=table, row_id=row_id, op=op, before=before, after=after)


@pytest.mark.parametrize(("entry", "want"), [
    (_entry("campaign", "insert"), Changes.of(campaigns=[9], structure=True, history=True)),
    (_entry("campaign", "update", after={"name": "x"}), Changes.of(campaigns=[9], history=True)),
    (_entry("campaign", "update", after={"deleted_at": None}), Changes.of(campaigns=[9], structure=True,
                                                                          history=True)),
    (_entry("roster", "insert", after={"campaign_id": 2}), Changes.of(campaigns=[2], rosters=[9], structure=True,
                                                                       history=True)),
    (_entry("roster", "update", before={"campaign_id": 2}, after={"campaign_id": 3}),
     Changes.of(campaigns=[2, 3], rosters=[9], history=True)),
    (_entry("fighter", "update", before={"roster_id": 4}, after={"roster_id": 5}),
     Changes.of(rosters=[4, 5], fighters=[9], structure=True, history=True)),
    (_entry("fighter", "update", before={"xp": 1}, after={"xp": 2}), Changes.of(fighters=[9], history=True)),
    (_entry("fighter", "delete", before={"roster_id": 4, "crew_of_id": 7}),
     Changes.of(rosters=[4], fighters=[9, 7], structure=True, history=True)),
    (_entry("unit", "update", after={"roster_id": 5}), Changes.of(rosters=[5], units=[9], structure=True,
                                                                 history=True)),
    (_entry("unit", "update", after={"name": "x"}), Changes.of(units=[9], history=True)),
    (_entry("battle", "delete", before={"campaign_id": 2}), Changes.of(campaigns=[2], battles=[9], structure=True,
                                                                       history=True)),
    (_entry("battle", "update", after={"notes": "x"}), Changes.of(battles=[9], history=True)),
    (_entry("equipment", "insert", after={"fighter_id": 3, "unit_id": None}), Changes.of(fighters=[3],
                                                                                         history=True)),
    (_entry("equipment", "delete", before={"fighter_id": None, "unit_id": 6}), Changes.of(units=[6],
                                                                                          history=True)),
    (_entry("skill", "insert", after={"fighter_id": 3}), Changes.of(fighters=[3], history=True)),
    (_entry("lasting_injury", "insert", after={"fighter_id": 3, "battle_id": 8}),
     Changes.of(fighters=[3], battles=[8], history=True)),
    (_entry("battle_roster", "insert", after={"battle_id": 8, "roster_id": 4}),
     Changes.of(battles=[8], rosters=[4], history=True)),
    (_entry("battle_result", "update", before={"battle_id": 8, "fighter_id": 3, "unit_id": 6}),
     Changes.of(battles=[8], fighters=[3], units=[6], history=True)),
    (_entry("battle_mark", "insert", after={"battle_id": 8, "fighter_id": 3}),
     Changes.of(battles=[8], fighters=[3], history=True)),
    (_entry("walker_type", "insert", after={"campaign_id": 2}), Changes.of(campaigns=[2], history=True)),
    (_entry("content_pack", "insert", after={"campaign_id": 2}), Changes.of(campaigns=[2], history=True)),
    (_entry("ledger_entry", "insert", after={"roster_id": 4, "fighter_id": 3}),
     Changes.of(rosters=[4], fighters=[3], history=True)),
    (_entry("stash_item", "delete", before={"roster_id": 4}), Changes.of(rosters=[4], history=True)),
    (_entry("territory", "insert", after={"roster_id": 4}), Changes.of(rosters=[4], history=True)),
    (_entry("territory", "insert", after={"roster_id": "4"}), Changes.of(history=True)),
    (_entry("fighter", "insert", row_id=None), Changes.of(structure=True, history=True)),
    (_entry("skill", "update", after=None), Changes.of(history=True)),
])
def test_what_each_entry_changes(entry, want):
    assert entry_changes(entry) == want


def test_a_journal_changes_the_union_of_its_entries():
    j = Journal(action="x")
    j.entries = [_entry("skill", "insert", after={"fighter_id": 3}),
                 _entry("roster", "update", row_id=4, after={"notes": "x"})]
    assert journal_changes(j) == Changes.of(fighters=[3], rosters=[4], history=True)
    assert journal_changes(Journal(action="y")) == Changes(history=True)


# --------------------------------------------------------------------------- unit of work

def test_a_unit_of_work_journals_its_action_and_summary(engine):
    create_campaign(engine, "Hive", "necromunda")
    with UnitOfWork(engine, "roster.create", campaign_id=1, summary="s" * 600) as uow:
        uow.session.add(Roster(campaign_id=1, name="Goliaths"))
        assert uow.journal is not None and uow.journal.id is not None
    with engine.connect() as c:
        j = c.execute(text("SELECT campaign_id, action, summary, undone FROM journal ORDER BY id DESC")).first()
    assert (j[0], j[1], len(j[2]), bool(j[3])) == (1, "roster.create", 500, False)
    assert uow.changes == Changes.of(campaigns=[1], rosters=[uow_row(engine)], structure=True, history=True)


def uow_row(engine) -> int:
    with engine.connect() as c:
        return int(c.execute(text("SELECT id FROM roster WHERE name = 'Goliaths'")).scalar())


def test_a_campaign_named_late_and_a_summary_set_late_reach_the_journal(engine):
    create_campaign(engine, "Hive", "necromunda")
    with UnitOfWork(engine, "roster.create") as uow:
        uow.session.add(Roster(campaign_id=1, name="Goliaths"))
        uow.campaign_id = 1
        uow.summary = "create Goliaths"
    with engine.connect() as c:
        j = c.execute(text("SELECT campaign_id, summary FROM journal ORDER BY id DESC")).first()
    assert tuple(j) == (1, "create Goliaths")


def test_an_unjournaled_or_discarded_unit_of_work(engine, snap):
    create_campaign(engine, "Hive", "necromunda")
    was = snap(engine)
    with UnitOfWork(engine, "roster.create", campaign_id=1) as uow:
        uow.session.add(Roster(campaign_id=1, name="Goliaths"))
        uow.discard()
    assert snap(engine) == was
    with UnitOfWork(engine, "quiet", campaign_id=1, journaled=False) as uow:
        uow.session.add(Roster(campaign_id=1, name="Goliaths"))
        assert uow.journal is None
    assert uow.changes == Changes()  # nothing journaled, no history
    with engine.connect() as c:
        assert c.execute(text("SELECT count(*) FROM journal")).scalar() == 1
        assert c.execute(text("SELECT count(*) FROM journal_entry WHERE table_name = 'roster'")).scalar() == 0
    uow2 = UnitOfWork(engine, "noted", campaign_id=1, journaled=False)
    with uow2:
        uow2.note(Changes(rolls=True))
    assert uow2.changes == Changes(rolls=True)


def test_an_exception_writes_nothing_and_a_duplicate_is_an_input_error(engine, snap):
    create_campaign(engine, "Hive", "necromunda")
    create_roster(engine, "Hive", "Goliaths")
    was = snap(engine)
    with pytest.raises(RuntimeError), UnitOfWork(engine, "x", campaign_id=1) as uow:
        uow.session.add(Roster(campaign_id=1, name="Eschers"))
        uow.session.flush()
        raise RuntimeError("boom")
    assert snap(engine) == was
    with pytest.raises(InputError, match=r"^the database refused the change: a name or number is already used \("):
        with UnitOfWork(engine, "roster.create", campaign_id=1) as uow:
            uow.session.add(Roster(campaign_id=1, name="Goliaths"))
    assert snap(engine) == was


def test_a_stale_orm_update_is_a_conflict(engine, snap):
    create_campaign(engine, "Hive", "necromunda")
    create_roster(engine, "Hive", "Goliaths")
    g = int(add_fighter(engine, "Goliaths", "Grukk", fighter_type="ganger").id)
    was = snap(engine)
    with pytest.raises(ConflictError, match="someone else changed this since you opened it; nothing was saved"):
        with UnitOfWork(engine, "fighter.edit", campaign_id=1) as uow:
            f = uow.session.get(Fighter, g)
            _behind_its_back(uow.session, g)
            f.notes = "stale"
            uow.session.add(f)
    assert snap(engine) == was


def test_fault_points_run_the_hook_by_name(monkeypatch):
    seen: list[str] = []
    monkeypatch.setattr(uow_module, "FAULT_HOOK", seen.append)
    uow_module.fault_point("here")
    monkeypatch.setattr(uow_module, "FAULT_HOOK", None)
    uow_module.fault_point("not seen")
    assert seen == ["here"]


def test_a_refused_commit_step_rolls_back(engine, snap, monkeypatch):
    create_campaign(engine, "Hive", "necromunda")
    was = snap(engine)

    def hook(name):
        if name == "uow.before-commit":
            raise RuntimeError("killed")

    monkeypatch.setattr(uow_module, "FAULT_HOOK", hook)
    with pytest.raises(RuntimeError), UnitOfWork(engine, "roster.create", campaign_id=1) as uow:
        uow.session.add(Roster(campaign_id=1, name="Goliaths"))
    assert snap(engine) == was


def test_rolls_go_on_record_with_their_positions_and_campaign(engine):
    create_campaign(engine, "Hive", "necromunda")
    create_roster(engine, "Hive", "Goliaths")
    g = int(add_fighter(engine, "Goliaths", "Grukk", fighter_type="ganger").id)
    record_battle(engine, "Hive", ["Goliaths"])
    r = Roller.from_options(seed=5)
    a = r.roll("2d6", purpose="first", rule="rule one", target=7, fighter_id=g, table="tbl")
    a.extra.update(subject="S" * 300, label="L" * 300)
    a.table, a.row, a.result = "tbl", "7-8", "hurt"
    r.roll("d6", purpose="second", rule="r" * 300)
    with UnitOfWork(engine, "rolls", campaign_id=1) as uow:
        ids = uow.record_rolls(r, step="t" * 300, face_start=3, battle_id=1)
        assert uow.record_rolls(r) == []  # already on record: not twice
        assert len(ids) == 2 and ids[0] < ids[1]
        assert [x.extra["record_id"] for x in r.rolls] == ids
    assert uow.changes.rolls and uow.changes.history
    cols = ("campaign_id, journal_id, battle_id, fighter_id, unit_id, purpose, rule, dice, faces, step, face_pos, "
            "mark, subject, label, source, target, value, table_id, row, result")
    with engine.connect() as c:
        rows = c.execute(text(f"SELECT {cols} FROM roll_record ORDER BY id")).fetchall()
        stamped = c.execute(text("SELECT count(*) FROM roll_record WHERE created_at IS NOT NULL")).scalar()
    jid = _newest(engine)
    for got, want in zip([tuple(x) for x in rows], [
        (1, jid, 1, g, None, "first", "rule one", "2d6", r.rolls[0].faces_text, "t" * 120, 3, "applied", "S" * 200,
         "L" * 200, "seeded", 7, r.rolls[0].value, "tbl", "7-8", "hurt"),
        (1, jid, 1, None, None, "second", "r" * 200, "d6", r.rolls[1].faces_text, "t" * 120, 5, "applied", "", "",
         "seeded", None, r.rolls[1].value, "", "", ""),
    ], strict=True):
        assert [(i, x) for i, x in enumerate(got) if x != want[i]] == []
    assert stamped == 2
    # the defaults: no step, marked applied, no positions; typed faces are on record too
    t = Roller.from_options(dice=[4])
    t.roll("d6", purpose="typed", unit_id=None)
    with UnitOfWork(engine, "rolls", campaign_id=1) as uow:
        uow.record_rolls(t)
    with engine.connect() as c:
        last = c.execute(text("SELECT step, mark, face_pos, source, battle_id FROM roll_record ORDER BY id DESC")).first()
    assert tuple(last) == ("", "applied", None, "typed", None)
    with UnitOfWork(engine, "rolls", journaled=False) as uow, \
            pytest.raises(ValueError, match=r"^rolls need a campaign$"):
        one = Roller.from_options(seed=1)
        one.roll("d6", purpose="x")
        uow.record_rolls(one)


def test_a_preview_starts_empty_and_does_not_flush_on_its_own(engine):
    create_campaign(engine, "Hive", "necromunda")
    p = Preview(engine, "fighter.add")
    assert (p.action, p.campaign_id, p.summary, p.changes) == ("fighter.add", None, "", Changes())
    with p:
        p.session.add(Roster(campaign_id=1, name="Goliaths"))
        assert p.session.execute(select(Roster.name)).scalars().all() == []  # no autoflush
    rp = Preview(engine, "x")
    with pytest.raises(RuntimeError), rp:  # an error: the preview's rolls are not kept
        rp.campaign_id = 1
        r = Roller.from_options(seed=1)
        r.roll("d6", purpose="x")
        rp.record_rolls(r)
        raise RuntimeError("stop")
    with engine.connect() as c:
        assert c.execute(text("SELECT count(*) FROM roll_record")).scalar() == 0
    np = Preview(engine, "x")
    with np:  # no campaign: nothing to keep them under
        r = Roller.from_options(seed=1)
        r.roll("d6", purpose="x")
        np.record_rolls(r)
    with engine.connect() as c:
        assert c.execute(text("SELECT count(*) FROM roll_record")).scalar() == 0


def test_a_preview_keeps_the_step_it_is_given(engine):
    create_campaign(engine, "Hive", "necromunda")
    with Preview(engine, "x") as p:
        p.campaign_id = 1
        r = Roller.from_options(seed=1)
        r.roll("2d6", purpose="x")
        p.record_rolls(r.rolls)
        p.record_rolls(r, step="later")
    with engine.connect() as c:
        rows = c.execute(text("SELECT step, face_pos FROM roll_record ORDER BY id")).fetchall()
    assert [tuple(x) for x in rows] == [("", 0)]  # the same roll is on record once


def test_the_database_errors_are_read_as_they_come(monkeypatch):
    from sqlalchemy.exc import DBAPIError, IntegrityError

    class Orig(Exception):
        sqlstate = "42501"

    class Other(Exception):
        sqlstate = "23505"

    denied = DBAPIError("UPDATE x", {}, Orig("permission denied for table fighter\nDETAIL: more"))
    assert uow_module._lacks_rights(denied) is True
    assert uow_module._lacks_rights(DBAPIError("x", {}, Other("no"))) is False
    assert uow_module._lacks_rights(DBAPIError("x", {}, ValueError("no"))) is False
    assert uow_module._first_line(denied) == "permission denied for table fighter"
    assert uow_module._first_line(DBAPIError("x", {}, Orig("  "))) == "permission denied"
    unique = IntegrityError("INSERT", {}, Other("UNIQUE constraint failed: roster.name\nmore"))
    assert uow_module._integrity_reason(unique) == "a name or number is already used (UNIQUE constraint failed: roster.name)"
    pg = IntegrityError("INSERT", {}, Other('duplicate key value violates unique constraint "uq"'))
    assert uow_module._integrity_reason(pg) == ('a name or number is already used (duplicate key value violates '
                                                'unique constraint "uq")')
    fk = IntegrityError("INSERT", {}, Other("FOREIGN KEY constraint failed"))
    assert uow_module._integrity_reason(fk) == "FOREIGN KEY constraint failed"


def test_typed_faces_of_a_preview_stay_off_the_record(engine):
    create_campaign(engine, "Hive", "necromunda")
    typed = Roller.from_options(dice=[6])
    typed.roll("d6", purpose="typed")
    app = Roller.from_options(seed=2)
    app.roll("d6", purpose="app")
    with Preview(engine, "preview") as p:
        p.campaign_id = 1
        p.record_rolls([*typed.rolls, *app.rolls], step="s")
        assert p.session.info is not None
    with engine.connect() as c:
        rows = c.execute(text("SELECT purpose, mark, journal_id, step, face_pos FROM roll_record")).fetchall()
    assert [tuple(x) for x in rows] == [("app", "preview", None, "s", 1)]  # its face is the step's second
    assert p.changes == Changes(rolls=True)


def test_a_preview_writes_nothing_of_the_game(engine, snap):
    create_campaign(engine, "Hive", "necromunda")
    was = snap(engine)
    with uow_module.work(engine, "roster.create", dry_run=True) as p:
        assert isinstance(p, Preview)
        p.session.add(Roster(campaign_id=1, name="Goliaths"))
        p.discard()
    assert snap(engine) == was
    assert isinstance(uow_module.work(engine, "x", dry_run=False), UnitOfWork)


def test_roll_rows_positions():
    r = Roller.from_options(seed=1)
    r.roll("3d6", purpose="a")
    r.roll("d6", purpose="b")
    rows = roll_rows(r.rolls, 7, 8, 9, step="s", mark="m", face_start=0)
    assert [(x["campaign_id"], x["journal_id"], x["battle_id"], x["face_pos"], x["mark"], x["step"])
            for x in rows] == [(7, 8, 9, 0, "m", "s"), (7, 8, 9, 3, "m", "s")]
    assert [x["face_pos"] for x in roll_rows(r.rolls, 7, None, None)] == [None, None]


def test_the_recorder_detaches(engine):
    with read_session(engine) as s:
        rec = JournalRecorder(s, Journal(id=1, action="x"))
        assert s.info["campaign_app.journal"] is rec
        rec.detach()
        assert "campaign_app.journal" not in s.info
        rec.detach()  # twice is harmless
        assert rec.write() == 0


def test_history_lists_undone_actions(engine):
    create_campaign(engine, "Hive", "necromunda")
    create_roster(engine, "Hive", "Goliaths")
    undo(engine, "Hive")
    h = history(engine, "Hive")
    assert [(x["action"], x["undone"]) for x in h] == [("roster.create", True), ("campaign.create", False)]
    with read_session(engine) as s:
        j = s.execute(select(Journal).order_by(Journal.id.desc())).scalars().first()
        assert j.undone and j.undo_mark == j.id


# --------------------------------------------------------------------------- batch 2: what the
# first record did not reach (rolls' marks, two campaigns, several rows in one flush)

def _marks(engine) -> list[tuple]:
    """The rolls' marks (the chain's mark records left out: see _mark_records)."""
    with engine.connect() as c:
        return [tuple(r) for r in c.execute(text(
            "SELECT id, journal_id, mark FROM roll_record WHERE mark <> 'mark' ORDER BY id"))]


def _mark_records(engine) -> list[tuple]:
    """The chain's mark records (#35 item 4): the id of the roll named (by its hash), the
    mark before, the mark after."""
    with engine.connect() as c:
        return [tuple(r) for r in c.execute(text(
            "SELECT r.id, m.row, m.result FROM roll_record m JOIN roll_record r ON r.hash = m.label "
            "WHERE m.mark = 'mark' ORDER BY m.id"))]


def test_undo_and_redo_mark_the_rolls_of_their_action_only(engine):
    create_campaign(engine, "Hive", "necromunda")
    create_roster(engine, "Hive", "Goliaths")
    ids = []
    for purpose in ("one", "two"):
        with UnitOfWork(engine, "roll", campaign_id=1, summary=purpose) as uow:
            r = Roller.from_options(seed=1)
            r.roll("d6", purpose=purpose)
            ids += uow.record_rolls(r)
        with UnitOfWork(engine, "preview", campaign_id=1, journaled=False) as uow:
            r = Roller.from_options(seed=2)
            r.roll("d6", purpose="preview")
            ids += uow.record_rolls(r, mark="preview")
    j1, j2 = _newest(engine) - 1, _newest(engine)
    assert _marks(engine) == [(ids[0], j1, "applied"), (ids[1], None, "preview"), (ids[2], j2, "applied"),
                              (ids[3], None, "preview")]
    res = undo(engine, "Hive")
    assert (res.id, res.summary, res.action) == (j2, "two", "roll")
    assert _marks(engine) == [(ids[0], j1, "applied"), (ids[1], None, "preview"), (ids[2], j2, "undone"),
                              (ids[3], None, "preview")]
    assert _mark_records(engine) == [(ids[2], "applied", "undone")]
    with engine.connect() as c:
        row = c.execute(text("SELECT undone, undone_at IS NOT NULL, undo_mark FROM journal WHERE id = :j"),
                        {"j": j2}).one()
    assert (bool(row[0]), bool(row[1]), row[2]) == (True, True, j2)
    res = redo(engine, "Hive")
    assert (res.id, res.summary, res.action) == (j2, "two", "roll")
    assert _marks(engine)[2] == (ids[2], j2, "applied")
    assert _mark_records(engine) == [(ids[2], "applied", "undone"), (ids[2], "undone", "applied")]
    with engine.connect() as c:
        row = c.execute(text("SELECT undone, undone_at IS NULL FROM journal WHERE id = :j"), {"j": j2}).one()
    assert (bool(row[0]), bool(row[1])) == (False, True)


def test_the_journal_object_follows_its_undo_and_redo(engine):
    create_campaign(engine, "Hive", "necromunda")
    create_roster(engine, "Hive", "Goliaths")
    jid = _newest(engine)
    with UnitOfWork(engine, "undo", journaled=False) as uow:
        j = uow.session.get(Journal, jid)
        undo_journal(uow.session, j)
        assert (j.undone, j.undone_at is not None, j.undo_mark) == (True, True, jid)
        assert uow.session.info["live.marked_journals"] == {jid}
    with UnitOfWork(engine, "redo", journaled=False) as uow:
        j = uow.session.get(Journal, jid)
        redo_journal(uow.session, j)
        assert (j.undone, j.undone_at) == (False, None)


def test_two_campaigns_keep_their_histories_apart(engine):
    create_campaign(engine, "Hive", "necromunda")
    create_roster(engine, "Hive", "Goliaths")
    g = int(add_fighter(engine, "Goliaths", "Grukk", fighter_type="ganger").id)
    create_campaign(engine, "Ash", "necromunda")
    create_roster(engine, "Ash", "Eschers")
    edit_fighter(engine, g, notes="hive edit")
    hive_edit = _newest(engine)
    create_roster(engine, "Ash", "Cawdor")  # a later action, in the other campaign
    undo(engine, "Hive")  # the Hive's own newest action: the other campaign's do not stand in the way
    assert show_fighter(engine, g)["notes"] == ""
    with read_session(engine) as s:
        ash = s.execute(text("SELECT id FROM campaign WHERE name = 'Ash'")).scalar()
        hive = s.execute(text("SELECT id FROM campaign WHERE name = 'Hive'")).scalar()
        assert redo_target(s, ash) is None
        t = redo_target(s, hive)
        assert t is not None and t.id == hive_edit
    undo(engine, "Ash")
    with read_session(engine) as s:
        assert redo_target(s, hive).id == hive_edit and redo_target(s, ash).summary == "create roster Cawdor"
    redo(engine, "Hive")
    assert show_fighter(engine, g)["notes"] == "hive edit"


def test_several_rows_of_one_flush_journal_in_a_fixed_order(engine):
    create_campaign(engine, "Hive", "necromunda")
    with UnitOfWork(engine, "bulk", campaign_id=1) as uow:
        s = uow.session
        rs = [Roster(campaign_id=1, name=n) for n in ("C", "A", "B")]
        s.add_all(rs)
        s.flush()
        fs = [Fighter(roster_id=rs[i % 3].id, name=f"F{i}") for i in range(4)]
        s.add_all(fs)
        s.flush()
    ents = _entries(engine, _newest(engine))
    assert [(e[0], e[1], e[2], e[3]) for e in ents] == [
        (1, "roster", rs[0].id, "insert"), (2, "roster", rs[1].id, "insert"), (3, "roster", rs[2].id, "insert"),
        (4, "fighter", fs[0].id, "insert"), (5, "fighter", fs[1].id, "insert"), (6, "fighter", fs[2].id, "insert"),
        (7, "fighter", fs[3].id, "insert")]
    assert rs[0].id < rs[1].id < rs[2].id
    with UnitOfWork(engine, "bulk edit", campaign_id=1) as uow:
        s = uow.session
        f0, f3, r1 = s.get(Fighter, fs[0].id), s.get(Fighter, fs[3].id), s.get(Roster, rs[1].id)
        f3.notes, f0.rank, r1.notes = "three", 2, "one"  # rank comes after version in the mapper
        s.add_all([f3, f0, r1])
    ents = _entries(engine, _newest(engine))
    assert [(e[1], e[2], e[3], e[4], e[5]) for e in ents] == [
        ("roster", rs[1].id, "update", {"notes": ""}, {"notes": "one"}),
        ("fighter", fs[0].id, "update", {"rank": 0}, {"rank": 2}),
        ("fighter", fs[3].id, "update", {"notes": ""}, {"notes": "three"})]
    with UnitOfWork(engine, "bulk delete", campaign_id=1) as uow:
        s = uow.session
        gone = [s.get(Fighter, f.id) for f in (fs[1], fs[3], fs[2])] + [s.get(Roster, rs[2].id)]
        with s.no_autoflush:  # the deletes go out in one flush (a cascade's loads would flush each)
            for obj in gone:
                s.delete(obj)
        s.flush()
    ents = _entries(engine, _newest(engine))
    assert [(e[1], e[2], e[3]) for e in ents] == [
        ("fighter", fs[3].id, "delete"), ("fighter", fs[2].id, "delete"), ("fighter", fs[1].id, "delete"),
        ("roster", rs[2].id, "delete")]
    undo(engine, "Hive")  # children back after their parents
    undo(engine, "Hive")
    with engine.connect() as c:
        got = c.execute(text("SELECT name, notes, rank FROM fighter ORDER BY id")).fetchall()
    assert [tuple(x) for x in got] == [("F0", "", 0), ("F1", "", 0), ("F2", "", 0), ("F3", "", 0)]


def test_undo_names_a_campaign_made_by_import_and_brings_back_a_deleted_one(engine, tmp_path):
    from campaign_app.usecases.datafiles import export_json, import_json
    from campaign_app.usecases.manage import delete_campaign

    create_campaign(engine, "Hive", "necromunda")
    create_roster(engine, "Hive", "Goliaths")
    doc = export_json(engine, "Hive")
    import_json(engine, doc, rename="Copy", backup=False)
    with pytest.raises(InputError, match=r"^nothing to undo in Copy: its first action, importing it, cannot be "
                                         r"undone$"):
        undo(engine, "Copy")
    cid = delete_campaign(engine, "Hive").id
    res = undo(engine, cid)  # a deleted campaign is found by its id
    assert res.action == "campaign.delete"
    with engine.connect() as c:
        assert c.execute(text("SELECT name, deleted_at FROM campaign WHERE id = :c"), {"c": cid}).one() == ("Hive",
                                                                                                          None)


def test_a_campaign_with_nothing_to_undo_says_so(engine):
    create_campaign(engine, "Hive", "necromunda")
    create_roster(engine, "Hive", "Goliaths")
    undo(engine, "Hive")
    with engine.begin() as c:  # its creation gone from the history (an old database)
        c.execute(text("DELETE FROM journal_entry WHERE journal_id = 1"))
        c.execute(text("DELETE FROM journal WHERE id = 1"))
    with pytest.raises(InputError, match=r"^nothing to undo in Hive$"):
        undo(engine, "Hive")


def test_fault_points_of_a_commit_are_named(engine, monkeypatch):
    create_campaign(engine, "Hive", "necromunda")
    seen: list[str] = []
    monkeypatch.setattr(uow_module, "FAULT_HOOK", seen.append)
    with UnitOfWork(engine, "roster.create", campaign_id=1) as uow:
        uow.session.add(Roster(campaign_id=1, name="Goliaths"))
    assert seen == ["uow.before-journal", "uow.before-commit"]


def test_a_summary_set_late_replaces_the_first_only_when_given(engine):
    create_campaign(engine, "Hive", "necromunda")
    with UnitOfWork(engine, "roster.create", campaign_id=1, summary="first") as uow:
        uow.session.add(Roster(campaign_id=1, name="A"))
        uow.summary = ""
    with UnitOfWork(engine, "roster.create", campaign_id=1, summary="first") as uow:
        uow.session.add(Roster(campaign_id=1, name="B"))
        uow.summary = "x" * 600
    with engine.connect() as c:
        got = [r[0] for r in c.execute(text("SELECT summary FROM journal ORDER BY id"))][-2:]
    assert got == ["first", "x" * 500]


# --------------------------------------------------------------------------- batch 3: legacy
# journals, versions recorded by other journals, the replay's checks in order, the unit
# of work's edges (what the second run of the mutation group left)

JE = JournalEntry.__table__
FT = Fighter.__table__


def _version(engine, fid: int) -> int | None:
    with engine.connect() as c:
        return c.execute(select(FT.c.version).where(FT.c.id == fid)).scalar()


def _hive(engine) -> tuple[int, int]:
    """A campaign (id 1) with a roster; returns (roster id, a fighter's id)."""
    create_campaign(engine, "Hive", "necromunda")
    create_roster(engine, "Hive", "Goliaths")
    return uow_row(engine), int(add_fighter(engine, "Goliaths", "Grukk", fighter_type="ganger").id)


def _journaled(engine, action: str, *steps) -> int:
    """One unit of work of campaign 1, each step (a callable of the session) flushed on its
    own; returns the journal's id."""
    with UnitOfWork(engine, action, campaign_id=1) as uow:
        for step in steps:
            step(uow.session)
            uow.session.flush()
        assert uow.journal is not None
        return int(uow.journal.id)


def _edit(fid: int, **values):
    def step(s):
        f = s.get(Fighter, fid)
        for k, v in values.items():
            setattr(f, k, v)
        s.add(f)
    return step


def _forget_other_versions(engine, jid: int, fid: int) -> None:
    """The fighter's entries in the other journals carry no versions (an old database)."""
    with engine.begin() as c:
        c.execute(update(JE).where(JE.c.journal_id != jid, JE.c.table_name == "fighter", JE.c.row_id == fid)
                  .values(version_after=None, version_undone=None))


def test_a_legacy_undone_update_is_redone_from_the_version_its_undo_put_back(sqlite_engine):
    """Undone before versions only went up: version_undone is empty and the undo put the
    version from before the action back (version_after - 1)."""
    engine = sqlite_engine  # the journal's logic; PostgreSQL: the batches above
    _rid, g = _hive(engine)
    jid = _journaled(engine, "fighter.edit", _edit(g, notes="scarred"))
    va = _version(engine, g)
    undo(engine, "Hive")
    with engine.begin() as c:
        c.execute(update(JE).where(JE.c.journal_id == jid).values(version_undone=None))
        c.execute(update(FT).where(FT.c.id == g).values(version=va - 1))
    _forget_other_versions(engine, jid, g)
    res = redo(engine, "Hive")
    assert res.id == jid and show_fighter(engine, g)["notes"] == "scarred"
    assert _version(engine, g) == va + 1  # above any version the row had
    # a row not at that version was changed after the (legacy) undo
    undo(engine, "Hive")
    with engine.begin() as c:
        c.execute(update(JE).where(JE.c.journal_id == jid).values(version_undone=None))
        c.execute(update(FT).where(FT.c.id == g).values(version=va - 1))  # not version_after (now va + 1) - 1
    with pytest.raises(ConflictError, match=rf"^cannot redo: fighter #{g} was changed after the undo$"):
        redo(engine, "Hive")


def test_a_legacy_undone_removal_is_redone_from_the_version_the_row_had(sqlite_engine, snap):
    engine = sqlite_engine  # the journal's logic; PostgreSQL: the batches above
    rid, g = _hive(engine)
    edit_fighter(engine, g, notes="one")
    edit_fighter(engine, g, notes="two")
    v = _version(engine, g)
    assert v == 3
    jid = _journaled(engine, "fighter.remove", lambda s: s.delete(s.get(Fighter, g)))
    undo(engine, "Hive")
    # the old undo put the row back as it was, version included
    with engine.begin() as c:
        c.execute(update(JE).where(JE.c.journal_id == jid).values(version_undone=None))
        c.execute(update(FT).where(FT.c.id == g).values(version=v))
    _forget_other_versions(engine, jid, g)
    was = snap(engine)
    with engine.begin() as c:  # at another version: refused
        c.execute(update(FT).where(FT.c.id == g).values(version=v - 1))
    with pytest.raises(ConflictError, match=rf"^cannot redo: fighter #{g} was changed after the undo$"):
        redo(engine, "Hive")
    with engine.begin() as c:
        c.execute(update(FT).where(FT.c.id == g).values(version=v))
    assert snap(engine) == was
    assert redo(engine, "Hive").id == jid
    assert _version(engine, g) is None


def test_an_entry_without_any_version_is_refused_on_a_versioned_row(sqlite_engine):
    """Nothing tells which version an undo or redo of such an entry expects: refused."""
    engine = sqlite_engine  # the journal's logic; PostgreSQL: the batches above
    _rid, g = _hive(engine)
    jid = _journaled(engine, "fighter.edit", _edit(g, notes="scarred"))
    with engine.begin() as c:
        c.execute(update(JE).where(JE.c.journal_id == jid).values(version_after=None))
        c.execute(update(FT).where(FT.c.id == g).values(version=1))
    _forget_other_versions(engine, jid, g)
    with pytest.raises(ConflictError, match=rf"^cannot undo: fighter #{g} was changed by a later action$"):
        undo(engine, "Hive")
    with engine.begin() as c:
        c.execute(update(JE).where(JE.c.journal_id == jid).values(version_after=2))
        c.execute(update(FT).where(FT.c.id == g).values(version=2))
    undo(engine, "Hive")
    with engine.begin() as c:
        c.execute(update(JE).where(JE.c.journal_id == jid).values(version_undone=None, version_after=None))
        c.execute(update(FT).where(FT.c.id == g).values(version=1))
    with pytest.raises(ConflictError, match=rf"^cannot redo: fighter #{g} was changed after the undo$"):
        redo(engine, "Hive")


def test_redo_of_an_abandoned_action_counts_only_earlier_actions_in_force(sqlite_engine, snap):
    engine = sqlite_engine  # the journal's logic; PostgreSQL: the batches above
    _rid, g = _hive(engine)
    edit_fighter(engine, g, notes="a")
    abandoned = _newest(engine)
    undo(engine, "Hive")
    edit_fighter(engine, g, notes="b")  # a new action on the same fighter, in force
    was = snap(engine)
    with UnitOfWork(engine, "redo", journaled=False) as uow:
        with pytest.raises(ConflictError, match=rf"^cannot redo: fighter #{g} was changed after the undo$"):
            redo_journal(uow.session, _journal(uow.session, abandoned))
        uow.discard()
    assert snap(engine) == was


def test_a_higher_version_another_journal_gave_the_row_is_respected(sqlite_engine):
    """Versions only go up: the replay raises a row above the highest version any journal
    of the campaign recorded for it; an abandoned undo's version is not what the row must
    be at now."""
    engine = sqlite_engine  # the journal's logic; PostgreSQL: the batches above
    _rid, g = _hive(engine)
    edit_fighter(engine, g, notes="a")
    first = _newest(engine)
    undo(engine, "Hive")
    edit_fighter(engine, g, notes="b")
    assert _version(engine, g) == 4
    with engine.begin() as c:
        c.execute(update(JE).where(JE.c.journal_id == first).values(version_undone=9))
    undo(engine, "Hive")
    assert (show_fighter(engine, g)["notes"], _version(engine, g)) == ("", 10)
    with engine.begin() as c:
        c.execute(update(JE).where(JE.c.journal_id == first).values(version_undone=20))
    redo(engine, "Hive")
    assert (show_fighter(engine, g)["notes"], _version(engine, g)) == ("b", 21)


def test_a_removal_undone_again_and_again_keeps_raising_the_version(sqlite_engine):
    engine = sqlite_engine  # the journal's logic; PostgreSQL: the batches above
    _rid, g = _hive(engine)
    edit_fighter(engine, g, notes="one")  # version 2
    jid = _journaled(engine, "fighter.remove", lambda s: s.delete(s.get(Fighter, g)))
    _forget_other_versions(engine, jid, g)  # only the removal's entry knows the version
    undo(engine, "Hive")
    assert _version(engine, g) == 3
    redo(engine, "Hive")
    undo(engine, "Hive")
    assert _version(engine, g) == 4
    with engine.connect() as c:
        assert [tuple(r) for r in c.execute(select(JE.c.version_after, JE.c.version_undone)
                                            .where(JE.c.journal_id == jid))] == [(3, 4)]


def test_a_redone_insert_counts_the_version_in_its_values(sqlite_engine):
    engine = sqlite_engine  # the journal's logic; PostgreSQL: the batches above
    rid, _g = _hive(engine)
    jid = _journaled(engine, "fighter.add", lambda s: s.add(Fighter(roster_id=rid, name="Yan")))
    undo(engine, "Hive")
    with engine.begin() as c:  # an old entry: the version only in the row's values
        c.execute(update(JE).where(JE.c.journal_id == jid).values(version_after=None, version_undone=None))
    redo(engine, "Hive")
    with engine.connect() as c:
        assert c.execute(text("SELECT version FROM fighter WHERE name = 'Yan'")).scalar() == 2


def test_the_session_s_entries_follow_the_versions_written(sqlite_engine):
    engine = sqlite_engine  # the journal's logic; PostgreSQL: the batches above
    _rid, g = _hive(engine)
    jid = _journaled(engine, "fighter.edit", _edit(g, notes="x"), _edit(g, notes="y"))
    for fn, column in ((undo_journal, "version_undone"), (redo_journal, "version_after")):
        with UnitOfWork(engine, "replay", journaled=False) as uow:
            j = _journal(uow.session, jid)
            fn(uow.session, j)
            got = [getattr(e, column) for e in sorted(j.entries, key=lambda e: e.seq)]
        with engine.connect() as c:
            want = [r[0] for r in c.execute(select(JE.c[column]).where(JE.c.journal_id == jid).order_by(JE.c.seq))]
        assert got == want == [_version(engine, g)] * 2
    assert _version(engine, g) == 5  # 3 after the edit; its undo 4 (one raise for both entries); redo 5


def test_a_journal_of_no_campaign_is_undone_and_redone_apart_from_the_campaigns(engine):
    rid, _g = _hive(engine)
    with UnitOfWork(engine, "loose") as uow:
        uow.session.add(Fighter(roster_id=rid, name="Lone"))
    loose = _newest(engine)
    create_campaign(engine, "Ash", "necromunda")  # a later action of a campaign
    with UnitOfWork(engine, "undo", journaled=False) as uow:
        undo_journal(uow.session, _journal(uow.session, loose))
    with engine.connect() as c:
        assert c.execute(text("SELECT count(*) FROM fighter WHERE name = 'Lone'")).scalar() == 0
    with UnitOfWork(engine, "redo", journaled=False) as uow:
        redo_journal(uow.session, _journal(uow.session, loose))
    with engine.connect() as c:
        assert c.execute(text("SELECT count(*) FROM fighter WHERE name = 'Lone'")).scalar() == 1
    assert _journals(engine)[loose - 1][4] is False


def test_undo_marks_only_the_applied_rolls_of_its_action(sqlite_engine):
    engine = sqlite_engine  # the journal's logic; PostgreSQL: the batches above
    _hive(engine)
    with UnitOfWork(engine, "roll", campaign_id=1) as uow:
        r = Roller.from_options(seed=1)
        r.roll("d6", purpose="kept")
        p = Roller.from_options(seed=2)
        p.roll("d6", purpose="seen")
        ids = uow.record_rolls(r) + uow.record_rolls(p, mark="preview")
    jid = _newest(engine)
    undo(engine, "Hive")
    assert _marks(engine) == [(ids[0], jid, "undone"), (ids[1], jid, "preview")]
    redo(engine, "Hive")
    assert _marks(engine) == [(ids[0], jid, "applied"), (ids[1], jid, "preview")]
    assert _mark_records(engine) == [(ids[0], "applied", "undone"), (ids[0], "undone", "applied")]


def test_an_action_already_redone_is_not_redone_again(sqlite_engine, snap):
    engine = sqlite_engine  # the journal's logic; PostgreSQL: the batches above
    _hive(engine)
    with UnitOfWork(engine, "nothing", campaign_id=1):
        pass
    jid = _newest(engine)
    undo(engine, "Hive")
    redo(engine, "Hive")
    was = snap(engine)
    with UnitOfWork(engine, "redo", journaled=False) as uow:
        with pytest.raises(ConflictError, match=r"^cannot redo nothing: the campaign's history was changed"):
            redo_journal(uow.session, _journal(uow.session, jid))
        uow.discard()
    assert snap(engine) == was


def test_an_action_abandoned_by_a_new_action_since_undone_is_not_redone(two_edits, snap):
    engine, g, b, _older, newer = two_edits
    undo(engine, "Hive")
    edit_fighter(engine, g, notes="new")
    undo(engine, "Hive")  # the new action undone too: nothing in force after the edit of Brakk
    was = snap(engine)
    with UnitOfWork(engine, "redo", journaled=False) as uow:
        with pytest.raises(ConflictError, match=r"^cannot redo edit Brakk: the campaign's history was changed"):
            redo_journal(uow.session, _journal(uow.session, newer))
        uow.discard()
    assert snap(engine) == was
    assert show_fighter(engine, b)["notes"] == ""


def test_redo_target_after_a_redo_out_of_order_and_with_another_campaign(two_edits):
    engine, g, _b, older, newer = two_edits
    undo(engine, "Hive")
    undo(engine, "Hive")
    with UnitOfWork(engine, "redo", journaled=False) as uow:  # the newer first (its rows are its own)
        redo_journal(uow.session, _journal(uow.session, newer))
    create_campaign(engine, "Ash", "necromunda")
    create_roster(engine, "Ash", "Eschers")
    undo(engine, "Ash")  # an undone action of another campaign, after the Hive's newest
    with read_session(engine) as s:
        # the older edit was undone before the newer came back: it cannot come back after it
        assert redo_target(s, 1) is None
        assert undo_target(s, 1).id == newer
    with pytest.raises(InputError, match=r"^nothing to redo in Hive$"):
        redo(engine, "Hive")
    assert show_fighter(engine, g)["notes"] == ""


def test_undo_checks_every_row_before_it_writes(sqlite_engine, snap):
    """A removal in the journal's first flush does not end the check of the rows after it."""
    engine = sqlite_engine  # the journal's logic; PostgreSQL: the batches above
    rid, g = _hive(engine)
    b = int(add_fighter(engine, "Goliaths", "Brakk", fighter_type="ganger").id)
    jid = _journaled(engine, "mixed", lambda s: s.delete(s.get(Fighter, b)), _edit(g, notes="x"))
    edit_fighter(engine, g, notes="later")
    was = snap(engine)
    with UnitOfWork(engine, "undo", journaled=False) as uow:
        with pytest.raises(ConflictError, match=rf"^cannot undo: fighter #{g} was changed by a later action$"):
            undo_journal(uow.session, _journal(uow.session, jid))
        uow.discard()
    assert snap(engine) == was


def test_redo_checks_every_row_before_it_writes(sqlite_engine, snap):
    engine = sqlite_engine  # the journal's logic; PostgreSQL: the batches above
    rid, g = _hive(engine)
    jid = _journaled(engine, "mixed", lambda s: s.add(Fighter(roster_id=rid, name="New")), _edit(g, notes="y"))
    undo(engine, "Hive")
    with engine.begin() as c:  # a writer that journals nothing
        c.execute(update(FT).where(FT.c.id == g).values(version=FT.c.version + 1))
    was = snap(engine)
    with UnitOfWork(engine, "redo", journaled=False) as uow:
        with pytest.raises(ConflictError, match=rf"^cannot redo: fighter #{g} was changed after the undo$"):
            redo_journal(uow.session, _journal(uow.session, jid))
        uow.discard()
    assert snap(engine) == was


def test_a_refused_statement_of_the_replay_names_its_row(two_edits, monkeypatch):
    import db.journal as journal

    engine, g, _b, older, _newer = two_edits
    undo(engine, "Hive")
    real = journal._current_versions

    def stale(session, rows):
        out = real(session, rows)
        session.execute(update(FT).where(FT.c.id == g).values(version=FT.c.version + 1))
        return out

    monkeypatch.setattr(journal, "_current_versions", stale)
    with UnitOfWork(engine, "undo", journaled=False) as uow:
        with pytest.raises(ConflictError) as ei:
            undo_journal(uow.session, _journal(uow.session, older))
        uow.discard()
    assert ei.value.rows == (("journal", older), ("fighter", g))


def test_an_entry_with_no_row_names_no_row():
    assert entry_changes(_entry("fighter", "update", row_id=None, after={"notes": "x"})) == Changes(history=True)


def test_a_detached_recorder_records_no_more(sqlite_engine):
    engine = sqlite_engine  # the unit of work's own logic: one backend is enough
    create_campaign(engine, "Hive", "necromunda")
    with read_session(engine) as s:
        rec = JournalRecorder(s, Journal(id=1, action="x"))
        rec.detach()
        s.add(Roster(campaign_id=1, name="A"))
        s.flush()
        assert rec.pending == [] and rec.seq == 0
        s.rollback()


def test_coerce_reads_dates_and_times_by_the_column_s_type():
    from sqlalchemy import Column, Date, DateTime, Integer, MetaData, String, Table

    from db.journal import _coerce

    t = Table("t", MetaData(), Column("id", Integer), Column("day", Date), Column("at", DateTime),
              Column("name", String))
    got = _coerce(t, {"day": "2026-03-01", "at": "2026-03-01T10:20:30", "name": "2026-03-01", "id": 3,
                      "gone": "2026-03-01", "when": {"__date__": "2026-03-02"}})
    assert got == {"day": date(2026, 3, 1), "at": datetime(2026, 3, 1, 10, 20, 30), "name": "2026-03-01",
                   "id": 3, "gone": "2026-03-01", "when": date(2026, 3, 2)}
    assert type(got["day"]) is date and type(got["at"]) is datetime


def test_a_removed_battle_comes_back_with_its_dates_from_an_old_entry(engine):
    """Entries of old databases hold dates and times as plain ISO text."""
    from db.models import Battle

    _hive(engine)
    bt = Battle.__table__
    from datetime import UTC

    played, made = date(2025, 5, 6), datetime(2025, 5, 6, 7, 8, 9, tzinfo=UTC)
    _journaled(engine, "battle.add", lambda s: s.add(Battle(campaign_id=1, number=1, played_on=played,
                                                             created_at=made)))
    jid = _journaled(engine, "battle.remove", lambda s: s.delete(s.get(Battle, 1)))
    with engine.begin() as c:
        before = _load(c.execute(select(JE.c.before).where(JE.c.journal_id == jid)).scalar())
        before |= {"played_on": played.isoformat()}
        c.execute(update(JE).where(JE.c.journal_id == jid).values(before=before))
    undo(engine, "Hive")
    with engine.connect() as c:
        row = c.execute(select(bt.c.played_on, bt.c.created_at).where(bt.c.id == 1)).one()
    assert (row[0], row[1]) == (played, made)
    assert type(row[0]) is date and type(row[1]) is datetime


def test_the_journal_is_the_campaign_s_from_the_start(sqlite_engine):
    engine = sqlite_engine  # the unit of work's own logic: one backend is enough
    _hive(engine)
    with UnitOfWork(engine, "roster.create", campaign_id=1, summary="s" * 600) as uow:
        assert uow.summary == "s" * 600
        assert (uow.journal.campaign_id, len(uow.journal.summary)) == (1, 500)
        row = uow.session.execute(text("SELECT campaign_id, length(summary) FROM journal WHERE id = :j"),
                                  {"j": uow.journal.id}).one()
        assert tuple(row) == (1, 500)  # written so at once: the history holds it in this transaction
        uow.campaign_id = 2  # named late: the journal keeps the campaign it was made for
    with UnitOfWork(engine, "plain", campaign_id=1) as uow:
        pass
    with engine.connect() as c:
        got = [tuple(r) for r in c.execute(text("SELECT campaign_id, summary FROM journal ORDER BY id DESC"))][:2]
    assert got == [(1, ""), (1, "s" * 500)]


def test_notes_and_rolls_add_up_in_the_change_set(sqlite_engine):
    engine = sqlite_engine  # the unit of work's own logic: one backend is enough
    _hive(engine)
    with UnitOfWork(engine, "noted", campaign_id=1, journaled=False) as uow:
        uow.note(Changes.of(fighters=[1]))
        uow.note(Changes.of(rosters=[1]))
        r = Roller.from_options(seed=1)
        r.roll("d6", purpose="x")
        uow.record_rolls(r)
    assert uow.changes == Changes.of(fighters=[1], rosters=[1], rolls=True)


def test_the_engine_remembers_its_own_journals_and_rolls(sqlite_engine):
    engine = sqlite_engine  # the unit of work's own logic: one backend is enough
    from db import live

    _hive(engine)
    with UnitOfWork(engine, "roll", campaign_id=1) as uow:
        ids = []
        for seed in (1, 2):
            r = Roller.from_options(seed=seed)
            r.roll("d6", purpose="x")
            ids += uow.record_rolls(r)
    jid = _newest(engine)
    own = live._own_of(engine)
    assert jid in own.journals and all(i in own.rolls for i in ids) and len(ids) == 2
    undo(engine, "Hive")  # an undo journals nothing: the journal it marked is its own change
    assert list(own.journals)[-1] == jid
    own.journals.clear()
    redo(engine, "Hive")
    assert list(own.journals) == [jid]


def test_rolls_chain_after_the_campaign_s_head(engine):
    _hive(engine)
    for seed in (1, 2):
        with UnitOfWork(engine, "roll", campaign_id=1) as uow:
            r = Roller.from_options(seed=seed)
            r.roll("d6", purpose="x")
            uow.record_rolls(r)
    with engine.connect() as c:
        rows = [tuple(x) for x in c.execute(text("SELECT prev_hash, hash FROM roll_record ORDER BY id"))]
    assert rows[0][0] == "" and rows[1][0] == rows[0][1] != ""


def test_roll_rows_defaults_and_columns():
    r = Roller.from_options(seed=1)
    r.roll("d6", purpose="a", unit_id=4)
    (row,) = roll_rows(r.rolls, 7, None, None)
    assert (row["step"], row["mark"], row["unit_id"], row["face_pos"]) == ("", "applied", 4, None)
    assert (row["v"], row["first_mark"]) == (1, "applied")  # the first mark is hashed (#35 item 4)
    assert isinstance(row["created_at"], datetime)
    assert row["figure_removed"] is False  # every column with a default named (the single-roll INSERT)
    assert set(row) == {"campaign_id", "journal_id", "battle_id", "fighter_id", "unit_id", "subject", "created_at",
                        "purpose", "rule", "dice", "faces", "source", "target", "value", "table_id", "row", "result",
                        "label", "figure_removed", "mark", "step", "face_pos", "v", "first_mark"}
    (pre,) = roll_rows(r.rolls, 7, None, None, mark="preview")
    assert (pre["mark"], pre["first_mark"]) == ("preview", "preview")


def test_work_hands_over_the_engine_and_action(sqlite_engine):
    engine = sqlite_engine  # the unit of work's own logic: one backend is enough
    p = uow_module.work(engine, "fighter.add", dry_run=True)
    u = uow_module.work(engine, "fighter.edit", dry_run=False)
    assert (p.engine, p.action, u.engine, u.action) == (engine, "fighter.add", engine, "fighter.edit")
    u.session.close()
    p.session.close()


def _denied(text_: str = "permission denied for table journal"):
    from sqlalchemy.exc import DBAPIError

    class Orig(Exception):
        sqlstate = "42501"

    return DBAPIError("INSERT", {}, Orig(text_))


def _other_db_error():
    from sqlalchemy.exc import DBAPIError

    class Orig(Exception):
        sqlstate = "XX000"

    return DBAPIError("INSERT", {}, Orig("internal error"))


def test_a_history_the_role_may_not_write_is_refused_at_the_start(sqlite_engine, snap):
    engine = sqlite_engine  # the unit of work's own logic: one backend is enough
    from campaign_app.errors import RefusedError

    _hive(engine)
    was = snap(engine)
    for err, want in ((_denied(), RefusedError), (_other_db_error(), type(_other_db_error()))):
        uow = UnitOfWork(engine, "roster.create", campaign_id=1)

        def flush(*_a, _err=err, **_k):
            raise _err

        uow.session.flush = flush
        with pytest.raises(want) as ei:
            uow.__enter__()
        if want is RefusedError:
            assert str(ei.value) == ("the database refused the change: permission denied for table journal; "
                                     "nothing was saved")
        uow.session.close()
    assert snap(engine) == was


def test_a_refusal_inside_the_block_is_explained_and_writes_nothing(sqlite_engine, snap):
    engine = sqlite_engine  # the unit of work's own logic: one backend is enough
    from sqlalchemy.orm.exc import StaleDataError

    from campaign_app.errors import RefusedError

    _hive(engine)
    was = snap(engine)
    with pytest.raises(RefusedError) as ei, UnitOfWork(engine, "roster.create", campaign_id=1) as uow:
        uow.session.add(Roster(campaign_id=1, name="Eschers"))
        uow.session.flush()
        raise _denied("permission denied for table roster\nDETAIL: x")
    assert str(ei.value) == "the database refused the change: permission denied for table roster; nothing was saved"
    with pytest.raises(type(_other_db_error())), UnitOfWork(engine, "roster.create", campaign_id=1) as uow:
        raise _other_db_error()  # not a refusal: as it came
    with pytest.raises(ConflictError) as ce, UnitOfWork(engine, "roster.create", campaign_id=1) as uow:
        uow.session.add(Roster(campaign_id=1, name="Eschers"))
        uow.session.flush()
        raise StaleDataError("stale")
    assert str(ce.value) == "someone else changed this since you opened it; nothing was saved — reload and try again"
    assert snap(engine) == was


def test_a_refusal_at_commit_is_explained_and_writes_nothing(sqlite_engine, snap, monkeypatch):
    engine = sqlite_engine  # the unit of work's own logic: one backend is enough
    from campaign_app.errors import RefusedError

    _hive(engine)
    was = snap(engine)
    for err in (_denied("permission denied for table roster"), _other_db_error()):
        def hook(name, _err=err):
            if name == "uow.before-commit":
                raise _err

        monkeypatch.setattr(uow_module, "FAULT_HOOK", hook)
        want = RefusedError if err.orig.sqlstate == "42501" else type(err)
        with pytest.raises(want) as ei, UnitOfWork(engine, "roster.create", campaign_id=1) as uow:
            uow.session.add(Roster(campaign_id=1, name="Eschers"))
        if want is RefusedError:
            assert str(ei.value) == ("the database refused the change: permission denied for table roster; "
                                     "nothing was saved")
    monkeypatch.setattr(uow_module, "FAULT_HOOK", None)
    assert snap(engine) == was


def test_a_stale_commit_says_so_in_one_line(sqlite_engine, snap):
    engine = sqlite_engine  # the unit of work's own logic: one backend is enough
    _rid, g = _hive(engine)
    was = snap(engine)
    with pytest.raises(ConflictError) as ei, UnitOfWork(engine, "fighter.edit", campaign_id=1) as uow:
        f = uow.session.get(Fighter, g)
        _behind_its_back(uow.session, g)
        f.notes = "stale"
        uow.session.add(f)
    assert str(ei.value) == "someone else changed this since you opened it; nothing was saved — reload and try again"
    assert snap(engine) == was


def test_what_a_refused_unit_of_work_was_writing(sqlite_engine):
    engine = sqlite_engine  # the unit of work's own logic: one backend is enough
    _rid, g = _hive(engine)
    with read_session(engine) as s:
        f = s.get(Fighter, g)
        new = Fighter(roster_id=1, name="New")
        got = uow_module._touched([f, new, object(), Changes()])
    assert got == [("fighter", {"id": g, "roster_id": 1}), ("fighter", {"roster_id": 1})]
    with UnitOfWork(engine, "fighter.edit", campaign_id=1) as uow:
        f = uow.session.get(Fighter, g)
        f.notes = "x"
        uow.session.add(f)
        uow.session.flush()
        assert uow._flushing == [("fighter", {"id": g, "roster_id": 1})]
        uow.discard()


def test_a_read_session_keeps_what_it_loaded_after_commit(sqlite_engine):
    engine = sqlite_engine  # the unit of work's own logic: one backend is enough
    _rid, g = _hive(engine)
    s = read_session(engine)
    f = s.get(Fighter, g)
    s.commit()
    s.close()
    assert f.name == "Grukk"  # not expired: readable after the session is gone


def test_a_deleted_campaign_can_only_have_its_deletion_undone(sqlite_engine, snap):
    engine = sqlite_engine  # the unit of work's own logic: one backend is enough
    _hive(engine)
    with engine.begin() as c:
        c.execute(text("UPDATE campaign SET deleted_at = created_at WHERE id = 1"))
    was = snap(engine)
    with pytest.raises(InputError, match=r"^campaign 1 was deleted: only its deletion can be undone$"):
        undo(engine, 1)
    assert snap(engine) == was


def test_a_row_put_back_and_changed_in_one_replay_is_raised_once(sqlite_engine):
    """A redo that re-inserts a row and then replays its update raises the version once
    (the insert already gave it a new one)."""
    engine = sqlite_engine  # the journal's logic; PostgreSQL: the batches above
    rid, _g = _hive(engine)
    with UnitOfWork(engine, "fighter.add", campaign_id=1) as uow:
        f = Fighter(roster_id=rid, name="Yan")
        uow.session.add(f)
        uow.session.flush()
        f.notes = "new"
        uow.session.add(f)
        uow.session.flush()
        fid = int(f.id)
    assert _version(engine, fid) == 2
    undo(engine, "Hive")
    redo(engine, "Hive")
    assert (show_fighter(engine, fid)["notes"], _version(engine, fid)) == ("new", 4)  # undo left it at 3


def test_a_redo_racing_a_writer_says_it_redid_nothing(two_edits, snap, monkeypatch):
    import db.journal as journal

    engine, _g, b, _older, newer = two_edits
    undo(engine, "Hive")
    real = journal._current_versions

    def stale(session, rows):
        out = real(session, rows)
        session.execute(update(FT).where(FT.c.id == b).values(version=FT.c.version + 1))
        return out

    was = snap(engine)
    monkeypatch.setattr(journal, "_current_versions", stale)
    with pytest.raises(ConflictError, match=rf"^cannot redo: fighter #{b} was changed by someone else meanwhile; "
                                            r"nothing was redone — try again$"):
        redo(engine, "Hive")
    assert snap(engine) == was


def test_a_row_whose_older_history_was_trimmed_is_redone(sqlite_engine):
    """An old database may hold no other entry of a row (its earlier history removed)."""
    engine = sqlite_engine  # the journal's logic; PostgreSQL: the batches above
    _rid, g = _hive(engine)
    jid = _journaled(engine, "fighter.edit", _edit(g, notes="x"))
    undo(engine, "Hive")
    with engine.begin() as c:
        c.execute(JE.delete().where(JE.c.journal_id != jid, JE.c.table_name == "fighter", JE.c.row_id == g))
    redo(engine, "Hive")
    assert (show_fighter(engine, g)["notes"], _version(engine, g)) == ("x", 4)
