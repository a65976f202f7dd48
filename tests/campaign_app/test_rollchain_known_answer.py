"""Known-answer test of the roll record's hash chain (issue #34 part 1).

The other chain tests compare the app with itself (export, verify, import), so a change
that hashes every roll the same wrong way (``prev`` left out, a field dropped, another
encoding) passes them all. Here the bytes hashed and the SHA-256 are written out by hand:
any change of what is hashed or how must change this file, on purpose."""

from __future__ import annotations

import hashlib

import pytest

from campaign_app import rollchain

FIRST = {
    "created_at": "2026-03-14T12:34:56.789012", "subject": "Krug", "purpose": "Lasting Injury for Krug",
    "rule": "Lasting Injury", "dice": "d66", "faces": "5,1", "source": "typed", "target": None, "value": 51,
    "table_id": "n26-lasting-injury", "row": "51", "result": "eye-injury", "label": "Eye Injury",
    "step": "after-battle:1", "face_pos": 0,
    # not hashed: ids and the mark
    "id": 17, "campaign_id": 3, "mark": "applied",
}
FIRST_JSON = (
    '{"created_at":"2026-03-14T12:34:56.789012","dice":"d66","face_pos":0,"faces":"5,1",'
    '"label":"Eye Injury","prev":"","purpose":"Lasting Injury for Krug","result":"eye-injury",'
    '"row":"51","rule":"Lasting Injury","source":"typed","step":"after-battle:1","subject":"Krug",'
    '"table_id":"n26-lasting-injury","target":null,"value":51}'
)
FIRST_HASH = "cfc46a028cf0e03ddab6451f34c3fc01d4817cf47de68050d993bc8bf4f3eb58"

SECOND = {
    **FIRST, "created_at": "2026-03-14T12:34:57.000001", "subject": "Vala", "dice": "d6", "faces": "6",
    "value": 6, "target": 4, "table_id": "", "row": "", "result": "", "label": "Ñandú ✓", "step": "",
    "face_pos": None, "id": 18, "mark": "undone",
}
SECOND_JSON = (
    '{"created_at":"2026-03-14T12:34:57.000001","dice":"d6","face_pos":null,"faces":"6",'
    '"label":"Ñandú ✓","prev":"' + FIRST_HASH + '","purpose":"Lasting Injury for Krug",'
    '"result":"","row":"","rule":"Lasting Injury","source":"typed","step":"","subject":"Vala",'
    '"table_id":"","target":4,"value":6}'
)
SECOND_HASH = "100db9ee5570e1b65509a392fe3196fe6da7e8a9cdc0b80d0e51bba907c5993e"

# version 1 (#35 item 4, written since 0019_rollmark): ``v`` and the first mark are hashed
# too (as ``"mark"``); the mark the record has now is not (its changes are mark records)
THIRD = {
    **SECOND, "created_at": "2026-03-14T12:34:58.000002", "faces": "2", "value": 2, "v": 1,
    "first_mark": "preview", "id": 19, "mark": "abandoned",
}
THIRD_JSON = (
    '{"created_at":"2026-03-14T12:34:58.000002","dice":"d6","face_pos":null,"faces":"2",'
    '"label":"Ñandú ✓","mark":"preview","prev":"' + SECOND_HASH + '","purpose":"Lasting Injury for Krug",'
    '"result":"","row":"","rule":"Lasting Injury","source":"typed","step":"","subject":"Vala",'
    '"table_id":"","target":4,"v":1,"value":2}'
)
THIRD_HASH = "f9be4180379f8b73fd70372823ac8586ef69d2562860fd71fa5eb04dc542127a"


def test_the_written_out_bytes_are_what_is_hashed():
    """The literals above agree with each other (SHA-256 of the written-out JSON)."""
    assert hashlib.sha256(FIRST_JSON.encode()).hexdigest() == FIRST_HASH
    assert hashlib.sha256(SECOND_JSON.encode()).hexdigest() == SECOND_HASH
    assert hashlib.sha256(THIRD_JSON.encode()).hexdigest() == THIRD_HASH


def test_known_answer_version_1_record_hashes_v_and_its_first_mark():
    assert rollchain.canonical(SECOND_HASH, THIRD) == THIRD_JSON.encode("utf-8")
    assert rollchain.link(SECOND_HASH, THIRD) == THIRD_HASH
    assert rollchain.link(SECOND_HASH, {**THIRD, "mark": "applied"}) == THIRD_HASH  # the mark now: not hashed


def test_known_answer_first_record():
    assert rollchain.canonical("", FIRST) == FIRST_JSON.encode("utf-8")
    assert rollchain.link("", FIRST) == FIRST_HASH


def test_known_answer_second_record_chains_on_the_first():
    """The second record's hash covers the first's: hashing without ``prev`` fails here."""
    assert rollchain.canonical(FIRST_HASH, SECOND) == SECOND_JSON.encode("utf-8")
    assert rollchain.link(FIRST_HASH, SECOND) == SECOND_HASH
    assert rollchain.link("", SECOND) != SECOND_HASH


def test_chain_sets_prev_hash_and_hash_in_order():
    rows = [dict(FIRST), dict(SECOND)]
    head = rollchain.chain("", rows)
    assert head == SECOND_HASH
    assert [(r["prev_hash"], r["hash"]) for r in rows] == [("", FIRST_HASH), (FIRST_HASH, SECOND_HASH)]
    assert rollchain.first_break(rows) == (2, None)


def test_created_at_as_a_datetime_with_a_zone_hashes_as_naive_utc():
    from datetime import datetime, timedelta, timezone

    aware = datetime(2026, 3, 14, 14, 34, 56, 789012, tzinfo=timezone(timedelta(hours=2)))
    assert rollchain.link("", {**FIRST, "created_at": aware}) == FIRST_HASH
    naive = datetime(2026, 3, 14, 12, 34, 56, 789012)
    assert rollchain.link("", {**FIRST, "created_at": naive}) == FIRST_HASH


@pytest.mark.parametrize("field", rollchain.HASHED)
def test_every_hashed_field_changes_the_hash(field):
    """Each field of HASHED is in the hash: changing it (or dropping it) changes the hash
    (of a version 1 record: ``v`` and ``first_mark`` are hashed from version 1 on)."""
    changed = dict(THIRD)
    if field == "created_at":
        changed[field] = "2026-03-14T12:34:58.000003"
    elif field in ("target", "value", "face_pos", "v"):
        changed[field] = (changed[field] or 0) + 1
    else:
        changed[field] = f"{changed[field]}x"
    assert rollchain.link(SECOND_HASH, changed) != THIRD_HASH
    dropped = {k: v for k, v in THIRD.items() if k != field}
    if THIRD[field] not in ("", None):
        assert rollchain.link(SECOND_HASH, dropped) != THIRD_HASH


def test_ids_and_marks_are_not_hashed():
    assert rollchain.link(FIRST_HASH, {**SECOND, "id": 999, "mark": "applied", "campaign_id": 1}) == SECOND_HASH


def test_first_break_names_a_record_hashed_without_prev():
    rows = [dict(FIRST), dict(SECOND)]
    rollchain.chain("", rows)
    rows[1]["hash"] = rollchain.link("", rows[1])  # as a chain that forgot prev would write it
    n, brk = rollchain.first_break(rows)
    assert brk is not None and brk.position == 2 and brk.why == "content"


def canonical_by_json(prev: str, row: dict) -> bytes:
    """The definition :func:`rollchain.canonical` writes out by hand, built with json."""
    import json

    get = row.get
    doc: dict = {k: "" if (x := get(k)) is None else str(x) for k in rollchain._TEXTS}
    for k in rollchain._NUMBERS:
        x = get(k)
        doc[k] = None if x is None else int(x)
    doc["created_at"] = rollchain.when_text(get("created_at"))
    doc["prev"] = prev
    if v := get("v"):
        doc["v"] = int(v)
        doc["mark"] = "" if (m := get("first_mark")) is None else str(m)
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


_AWKWARD = ["", "plain", 'say "hi"', "back\\slash", "tab\there", "new\nline", "\x00\x1f\x7f", "Ñandú ✓",
            "🎲 d66", "</script>", "\u2028\u2029", 0, 17, -3, None]


def test_canonical_writes_what_json_writes_for_every_kind_of_value():
    """The hand-written canonical JSON is json's, byte for byte, on awkward texts (quotes,
    backslashes, control characters, non-ASCII, emoji), None, numbers given as text or
    int, and both versions with and without a first mark."""
    import random

    rng = random.Random(35)
    keys = rollchain._TEXTS + ("first_mark",)
    for _ in range(3000):
        row: dict = {k: rng.choice(_AWKWARD) for k in keys if rng.random() < 0.9}
        for k in rollchain._NUMBERS:
            if rng.random() < 0.9:
                row[k] = rng.choice([None, 0, 6, -1, 66, "12", True])
        row["created_at"] = rng.choice([None, "2026-03-14T12:34:56.789012", "2026-01-01 00:00:00"])
        row["v"] = rng.choice([None, 0, 1, 2, "1"])
        prev = rng.choice(["", FIRST_HASH])
        assert rollchain.canonical(prev, row) == canonical_by_json(prev, row), row


def test_chain_columns_gives_the_hashes_of_link_row_by_row():
    """A chunk chained column by column (the streamed import) gives each row's prev_hash
    and hash as :func:`rollchain.link` row by row, on the known answers and on awkward
    values of every kind (datetimes with and without a zone, texts, numbers, versions),
    after a head or after nothing."""
    import random
    from datetime import UTC, datetime, timedelta, timezone

    cols = {k: [row.get(k) for row in (FIRST, SECOND, THIRD)] for k in rollchain.HASHED}
    assert rollchain.chain_columns("", cols) == (["", FIRST_HASH, SECOND_HASH], [FIRST_HASH, SECOND_HASH, THIRD_HASH])
    assert rollchain.chain_columns("", {k: [] for k in rollchain.HASHED}) == ([], [])

    rng = random.Random(32)
    whens = [None, "2026-03-14T12:34:56.789012", datetime(2026, 3, 14, 12, 34, 56, 789012, tzinfo=UTC),
             datetime(2026, 3, 14, 12, 34, 56), datetime(999, 1, 2, 3, 4, 5, 6, tzinfo=UTC),
             datetime(2026, 3, 14, 14, 34, 56, 1, tzinfo=timezone(timedelta(hours=2)))]
    for _ in range(300):
        n = rng.choice([1, 2, 7, 40])
        uniform = rng.random() < 0.5  # a column of one kind (the fast paths) or of mixed kinds
        rows: list[dict] = []
        for _i in range(n):
            row: dict = {k: rng.choice(_AWKWARD[:10] if uniform else _AWKWARD) for k in rollchain._TEXTS}
            row["first_mark"] = rng.choice(["applied", "", None, "Ñ"] if not uniform else ["applied", "preview"])
            for k in rollchain._NUMBERS:
                row[k] = rng.choice([0, 6, -1, 66] if uniform else [None, 0, 6, "12", True])
            row["created_at"] = rng.choice(whens[2:4] if uniform else whens)
            row["v"] = rng.choice([0, 1] if uniform else [None, 0, 1, 2, "1", True])
            rows.append(row)
        cols = {k: [row[k] for row in rows] for k in rollchain.HASHED}
        for head in ("", FIRST_HASH, 'not "a hash"'):
            prevs, hashes = [], []
            prev = head
            for row in rows:
                prevs.append(prev)
                prev = rollchain.link(prev, row)
                hashes.append(prev)
            assert rollchain.chain_columns(head, cols) == (prevs, hashes)
