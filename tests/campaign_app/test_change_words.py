"""Previews and reports word a change as a player reads it: column names in words, old
and new values, only the characteristics that change, notes and captors by name."""

from __future__ import annotations

from campaign_app.usecases.common import change_words, describe_change


def test_columns_are_worded_with_before_and_after() -> None:
    old = {"rep": 4, "status": "active", "stats": {"M": 4, "WS": 3, "BS": 4},
           "conditions": ["Captured"], "xp": 2}
    new = {"rep": 5, "status": "active", "stats": {"M": 4, "WS": 4, "BS": 4},
           "conditions": ["Blind"], "xp": 5, "status_note": "Back from recovery",
           "battles_fought": 3}
    assert change_words(new, old) == [
        "Rep 4 → 5", "WS 3 → 4", "gains condition Blind", "loses condition Captured", "XP 2 → 5",
        "note “Back from recovery”", "battles fought 3"]


def test_captors_notes_and_nothing_visible() -> None:
    rosters = {3: "Venom Sisters"}
    assert change_words({"captured_by_roster_id": 3}, {}, rosters) == ["held by Venom Sisters"]
    assert change_words({"captured_by_roster_id": None}, {"captured_by_roster_id": 3}) == [
        "no longer held captive"]
    assert change_words({"status_note": ""}, {"status_note": "held"}) == ["note cleared"]
    assert change_words({"status_note": ""}, {}) == []
    assert describe_change("Joe", {"status": "active"}, {"status": "active"}) is None
    assert describe_change("Joe", {"status": "active"}, {"status": "active"},
                           reason="back from recovery") == "Joe: back from recovery"
    assert describe_change("Joe", {"status": "in-recovery"}, {"status": "active"}, reason="OOF") == \
        "Joe: status active → in-recovery (OOF)"
    line = describe_change("Joe", {"stats": {"WS": 4}, "status_note": "x"})
    assert line is not None and "{" not in line and "status_note" not in line
