"""Tests that kill mutants of campaign_app/rollchain.py that survived the mutation run
(tools/mutation, group `rollchain`): where the first break of a chain is and why."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone

from campaign_app.rollchain import Break, canonical, chain, first_break, link, when_text


def rows(n: int) -> list[dict]:
    out = [{"id": 10 + i, "subject": f"s{i}", "purpose": "p", "dice": "2d6", "faces": "3,4", "value": 7,
            "created_at": datetime(2026, 1, 1, 12, 0, i)} for i in range(n)]
    chain("", out)
    return out


def test_an_empty_chain_has_no_records_and_no_break():
    assert first_break([]) == (0, None)


def test_an_intact_chain_counts_its_records():
    assert first_break(rows(3)) == (3, None)


def test_a_record_out_of_order_breaks_at_its_position():
    rs = rows(3)
    del rs[1]
    n, br = first_break(rs)
    assert n == 2
    assert br == Break(2, 12, "order")
    assert br.text() == ("roll record 12 (#2 of the chain): it no longer follows the record before it "
                         "(a record was removed, moved or put in between)")


def test_a_changed_record_breaks_on_its_content():
    rs = rows(3)
    rs[2]["value"] = 8
    n, br = first_break(rs, ref="subject")
    assert n == 3
    assert br == Break(3, "s2", "content")
    assert br.text("note") == "note s2 (#3 of the chain): its content no longer matches its hash"


def test_the_hash_covers_the_previous_hash():
    r = rows(1)[0]
    assert link("a" * 64, r) != link("b" * 64, r)
    assert json.loads(canonical("abc", r))["prev"] == "abc"
    assert rows(2)[1]["prev_hash"] == rows(2)[0]["hash"]


def test_when_text():
    assert when_text(None) == ""
    assert when_text("2026-01-01T12:00:00") == "2026-01-01T12:00:00.000000"
    aware = datetime(2026, 1, 1, 13, 0, tzinfo=timezone(timedelta(hours=1)))
    assert when_text(aware) == "2026-01-01T12:00:00.000000"
    assert when_text(datetime(2026, 1, 1, tzinfo=UTC)) == "2026-01-01T00:00:00.000000"


def test_canonical_bytes_are_the_documented_format():
    """A golden record: the bytes hashed and the hash never change (an import checks the
    chains of files written by older versions)."""
    row = {"created_at": datetime(2026, 3, 4, 5, 6, 7, 89), "subject": "Kâra", "purpose": None, "rule": "R",
           "dice": "2d6", "faces": "3,4", "source": "typed", "target": "5", "value": 7, "table_id": None,
           "row": "7", "result": "ok", "label": "L", "step": "s", "face_pos": None, "id": 99, "mark": "applied"}
    got = canonical("ab", row)
    assert got == (
        '{"created_at":"2026-03-04T05:06:07.000089","dice":"2d6","face_pos":null,"faces":"3,4",'
        '"label":"L","prev":"ab","purpose":"","result":"ok","row":"7","rule":"R","source":"typed",'
        '"step":"s","subject":"Kâra","table_id":"","target":5,"value":7}').encode()
    assert link("ab", row) == __import__("hashlib").sha256(got).hexdigest()
    assert json.loads(canonical("", {}))["created_at"] == ""


def test_when_text_is_utc_whatever_the_local_zone(monkeypatch):
    import time

    monkeypatch.setenv("TZ", "America/New_York")
    time.tzset()
    try:
        aware = datetime(2026, 1, 1, 13, 0, tzinfo=timezone(timedelta(hours=1)))
        assert when_text(aware) == "2026-01-01T12:00:00.000000"
    finally:
        monkeypatch.undo()
        time.tzset()


# --------------------------------------------------------------------------- marks (#35 item 4)
def test_a_version_1_record_hashes_its_version_and_first_mark_and_not_its_mark_now():
    """A second golden record (version 1): ``v`` and the mark it was written with are
    hashed; the mark it has now is not (its changes are mark records)."""
    row = {"created_at": datetime(2026, 3, 4, 5, 6, 7, 89), "subject": "Kâra", "purpose": None, "rule": "R",
           "dice": "2d6", "faces": "3,4", "source": "typed", "target": "5", "value": 7, "table_id": None,
           "row": "7", "result": "ok", "label": "L", "step": "s", "face_pos": None, "id": 99, "mark": "undone",
           "v": 1, "first_mark": "applied"}
    got = canonical("ab", row)
    assert got == (
        '{"created_at":"2026-03-04T05:06:07.000089","dice":"2d6","face_pos":null,"faces":"3,4",'
        '"label":"L","mark":"applied","prev":"ab","purpose":"","result":"ok","row":"7","rule":"R",'
        '"source":"typed","step":"s","subject":"Kâra","table_id":"","target":5,"v":1,"value":7}').encode()
    assert link("ab", row) == link("ab", row | {"mark": "preview"})
    assert link("ab", row) != link("ab", row | {"first_mark": "preview"})
    assert link("ab", row) != link("ab", row | {"v": 0})
    assert canonical("ab", row | {"v": 0}) == canonical("ab", {k: v for k, v in row.items()
                                                              if k not in ("v", "first_mark")})


def _replay(records):
    from campaign_app.rollchain import MarkReplay

    rp = MarkReplay()
    for i, r in enumerate(records, start=1):
        rp.feed(i, r)
    by_hash = {r["hash"]: r for r in records}
    return rp.mismatches(lambda hs: [by_hash[h] for h in hs if h in by_hash])


def _roll(i, mark, first="preview", v=1):
    return {"id": i, "hash": f"h{i}", "dice": "d6", "mark": mark, "first_mark": first, "v": v}


def _mark(i, target, new, old="preview"):
    from campaign_app.rollchain import mark_row

    return mark_row({"hash": f"h{target}", "mark": old}, new, None) | {"id": i, "hash": f"h{i}"}


def test_the_mark_replay_names_each_roll_whose_mark_is_not_the_chains():
    from campaign_app.rollchain import MarkMismatch

    assert _replay([_roll(1, "preview"), _roll(2, "abandoned"), _mark(3, 2, "abandoned")]) == []
    assert _replay([_roll(1, "applied"), _roll(2, "preview")]) == [MarkMismatch(1, 1, "applied", "preview")]
    # a mark record changed the mark: the table must follow it (a roll kept, and one looked up)
    assert _replay([_roll(1, "preview"), _mark(2, 1, "abandoned")]) == [MarkMismatch(1, None, "preview", "abandoned")]
    assert _replay([_roll(1, "undone", "applied"), _mark(2, 1, "undone", "applied"),
                    _mark(3, 1, "applied", "undone")]) == [MarkMismatch(1, 1, "undone", "applied")]
    # version 0: no first mark hashed, proven only once a mark record names it
    assert _replay([_roll(1, "undone", "", v=0)]) == []
    assert _replay([_roll(1, "preview", "", v=0), _mark(2, 1, "abandoned")]) == [
        MarkMismatch(1, None, "preview", "abandoned")]
    # an accepted broken import's note: the marks before it are as imported
    note = {"id": 3, "hash": "h3", "dice": "note", "mark": "note", "first_mark": "note", "v": 1}
    assert _replay([_roll(1, "applied"), _mark(2, 1, "abandoned"), note]) == []
    # a mark record naming no roll of the chain
    assert [m.text() for m in _replay([_mark(1, 9, "applied")])] == [
        "a mark record names the roll with hash h9: no such roll in the table (the chain says applied)"]
    assert MarkMismatch(12, 5, "applied", "preview").text() == (
        "roll record 12 (#5 of the chain): marked applied in the table, the chain says preview")


def test_a_mark_record_says_which_roll_what_mark_before_and_after_whose_and_when():
    """The mark record's content, field by field: what the chain hashes of a mark change."""
    from campaign_app.rollchain import MARK_DICE, VERSION, mark_row

    target = {"hash": "ab" * 32, "mark": "preview", "subject": "Krug " + "x" * 300}
    assert mark_row(target, "applied", "2026-03-14T12:00:00") == {
        "subject": ("Krug " + "x" * 300)[:200], "created_at": "2026-03-14T12:00:00",
        "purpose": "mark: preview -> applied", "rule": "", "dice": MARK_DICE, "faces": "", "source": MARK_DICE,
        "target": None, "value": 0, "table_id": "", "row": "preview", "result": "applied", "label": "ab" * 32,
        "mark": MARK_DICE, "step": "", "face_pos": None, "v": VERSION, "first_mark": MARK_DICE}
    assert (MARK_DICE, VERSION) == ("mark", 1)
    bare = mark_row({}, "undone", None)  # nothing known of the roll: empty texts, not "None"
    assert (bare["subject"], bare["row"], bare["label"], bare["purpose"]) == ("", "", "", "mark: None -> undone")
