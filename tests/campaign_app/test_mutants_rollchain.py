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
