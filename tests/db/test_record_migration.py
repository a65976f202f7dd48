"""Migration 0010_record on a database with rolls already recorded (SQLite and
PostgreSQL): the chain of every existing roll is computed, rolls of an undone action are
marked undone, and its downgrade takes the columns away again."""

from __future__ import annotations

from sqlalchemy import create_engine, inspect, text
from sqlalchemy.engine import Engine

from campaign_app.usecases import roll_log, undo
from campaign_app.usecases.battles import after_battle
from campaign_app.usecases.record import verify_chain
from campaign_app.usecases.rolls import roll_table
from db.engine import migration_engine, normalize_url
from db.migrate import alembic_config, open_database
from tests.campaign_app.test_after_battle_statements import eight_fighter_n23_battle


def _engine(url: str) -> Engine:
    u = normalize_url(url)
    return migration_engine(u) if u.get_backend_name() == "sqlite" else create_engine(u)


def _downgrade(url: str, revision: str) -> None:
    from alembic import command

    cfg = alembic_config()
    mig = _engine(url)
    try:
        with mig.begin() as conn:
            cfg.attributes["connection"] = conn
            command.downgrade(cfg, revision)
    finally:
        mig.dispose()


def test_the_migration_chains_the_rolls_already_recorded(db_url: str) -> None:
    eng = open_database(db_url)
    cid, bid, _ids = eight_fighter_n23_battle(eng)
    after_battle(eng, bid, seed=3)
    for n in range(4):
        roll_table(eng, "n23-lasting-injury", campaign=cid, seed=n)
    undo(eng, cid)  # After the Battle undone (a plain roll is no undo step)
    before = roll_log(eng, cid)
    with eng.begin() as c:  # an undo before 0010 marked nothing: no mark record (#35 item 4)
        c.execute(text("DELETE FROM roll_record WHERE mark = 'mark'"))
    eng.dispose()
    _downgrade(db_url, "0004_table")
    old = _engine(db_url)
    cols = {c["name"] for c in inspect(old).get_columns("roll_record")}
    old.dispose()
    assert not {"mark", "hash", "prev_hash", "step", "face_pos"} & cols
    eng = open_database(db_url)  # upgraded again: the chain computed for every roll
    try:
        after = roll_log(eng, cid)
        assert [r["id"] for r in after] == [r["id"] for r in before]
        assert [r["mark"] for r in after] == [r["mark"] for r in before]
        assert {r["mark"] for r in after} == {"applied", "undone"}
        assert all(len(r["hash"]) == 64 for r in after)
        st = verify_chain(eng, cid)
        assert st.intact and st.rolls == len(before)
    finally:
        eng.dispose()


# Known answer (issue #32): a fixed database at 0009 of two campaigns whose rolls
# interleave, with the created_at forms and texts the chain must hash alike on both
# backends (microseconds or none, a zone other than UTC, quotes, backslashes, control
# characters, non-ASCII, NULL target, negative and large numbers), and one undone
# action. The hashes below are what the first version of the migration wrote (its rows
# read with SQLAlchemy's UTCDateTime processing, hashed, written with an executemany);
# a faster one must write exactly these.
_ROLLS = [  # id, campaign (0 or 1), journal (None, 101 kept, 102 undone), created_at, subject, label, target, value
    (1, 0, None, "2026-03-14 12:34:56.789012", "Krug", "Eye Injury", None, 51),
    (2, 1, 101, "2026-03-14 12:34:56", "Vala", 'Ñandú ✓ "quoted" \\ back', 4, 6),
    (3, 0, 102, "2026-03-14T14:34:57.000001+02:00", "Krug", "line\nbreak\ttab\x01", 7, -3),
    (4, 1, 102, "2026-03-14 12:34:58.5", "", "", None, 2**31 - 1),
    (5, 0, 101, "2026-03-14 10:00:00-05:30", "Zoë 🎲", "</script>&<", 0, 0),
    (7, 0, None, "2026-03-15 00:00:00.000000", "Krug", "last", 3, 12),
]
_KNOWN = {  # id: (mark, prev_hash, hash)
    1: ("applied", "",
        "9940cc5db3cfcc70f2483c823085607315903ec9a519f96253abde4651312df9"),
    2: ("applied", "",
        "71626bc99f87ddb3a23b2504368c27b9c90fe8d65f60e887b6a541cd49b7970a"),
    3: ("undone", "9940cc5db3cfcc70f2483c823085607315903ec9a519f96253abde4651312df9",
        "2a25b278a2dd59189880defd041e0990bb83e7a18575c85680190fbcde36a133"),
    4: ("undone", "71626bc99f87ddb3a23b2504368c27b9c90fe8d65f60e887b6a541cd49b7970a",
        "0c680fc572435d55b820f1d439dce01c2d2e7d9260e2970fc46ae31f12e4bd03"),
    5: ("applied", "2a25b278a2dd59189880defd041e0990bb83e7a18575c85680190fbcde36a133",
        "78ec0beaff9fdfa9b115de27c3ed9965ec4deddc8fcee9204ced0bb93f720312"),
    7: ("applied", "78ec0beaff9fdfa9b115de27c3ed9965ec4deddc8fcee9204ced0bb93f720312",
        "f773d79ee3472267aee7facb1c2efb1eae86e31bc0aa336e875d9024c50db4b9"),
}


def _fixed_database_at_0009(engine: Engine) -> tuple[str, list[int]]:
    from campaign_app.usecases.campaigns import create_campaign

    url = engine.url.render_as_string(hide_password=False)
    cids = [create_campaign(engine, name, "necromunda").id for name in ("First", "Second")]
    engine.dispose()
    _downgrade(url, "0009_gear")
    eng = _engine(url)
    pg = eng.dialect.name == "postgresql"
    try:
        with eng.begin() as c:
            for jid, undone in ((101, False), (102, True)):
                c.execute(text("INSERT INTO journal (id, campaign_id, action, summary, created_at, undone)"
                               " VALUES (:id, :c, 'x', '', :t, :u)"),
                          {"id": jid, "c": cids[0], "t": "2026-03-14 12:00:00+00:00", "u": undone})
            for rid, camp, jid, when, subject, label, target, value in _ROLLS:
                if pg and not when[-6:].startswith(("+", "-")):
                    when += "+00:00"  # a SQLite file's naive time is UTC
                c.execute(text(
                    "INSERT INTO roll_record (id, campaign_id, journal_id, subject, created_at, purpose, rule,"
                    " dice, faces, source, target, value, table_id, row, result, label)"
                    " VALUES (:id, :c, :j, :s, :t, 'Lasting Injury', 'rule ''x''', 'd66', '5,1', 'typed',"
                    " :target, :value, 'n26-lasting-injury', '51', 'eye-injury', :label)"),
                    {"id": rid, "c": cids[camp], "j": jid, "s": subject, "t": when, "target": target,
                     "value": value, "label": label})
    finally:
        eng.dispose()
    return url, cids


def test_the_migration_writes_the_known_chain_of_a_fixed_database(engine: Engine) -> None:
    url, cids = _fixed_database_at_0009(engine)
    eng = open_database(url)
    try:
        with eng.connect() as c:
            got = {r.id: (r.mark, r.prev_hash, r.hash) for r in c.execute(
                text("SELECT id, mark, prev_hash, hash FROM roll_record ORDER BY id"))}
        assert got == _KNOWN
        for cid in cids:
            assert verify_chain(eng, cid).intact
    finally:
        eng.dispose()
