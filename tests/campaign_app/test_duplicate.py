"""Duplicating a fighter: a copy of what it is (type, characteristics, weapons, skills),
none of what happened to it, in one undo step, on SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

import pytest

from campaign_app.errors import InputError
from campaign_app.usecases import campaigns, fighters, journal, rosters
from campaign_app.usecases.duplicate import copy_name, duplicate_fighter


def test_copy_names_are_numbered_and_never_taken() -> None:
    assert copy_name("Brak", {"Brak"}) == "Brak (2)"
    assert copy_name("Brak", {"Brak", "Brak (2)"}) == "Brak (3)"
    assert copy_name("Brak (2)", {"Brak", "Brak (2)"}) == "Brak (3)"
    assert len(copy_name("x" * 200, {"x" * 200})) == 200


def test_a_copy_has_what_the_fighter_is_not_what_happened_to_it(engine: Any, snap: Any) -> None:
    c = campaigns.create_campaign(engine, "Hive", "necromunda", "n23")
    r = rosters.create_roster(engine, c.id, "Jackals")
    f = fighters.add_fighter(engine, r.id, "Brak", fighter_type="champion", stats={"WS": "3+", "I": "4+"},
                         xp=7, credits_value=120, weapons=["Autogun", "Stub gun"], skills=["Nerves of Steel"],
                         role="sergeant")
    fighters.edit_fighter(engine, f.id, status="in-recovery")
    before = snap(engine)
    d = duplicate_fighter(engine, f.id)
    assert d.name == "Brak (2)" and d.roster_id == r.id and d.id != f.id
    a, b = fighters.show_fighter(engine, f.id), fighters.show_fighter(engine, d.id)
    for key in ("type", "role", "kind", "stats", "xp", "credits_value", "skills"):
        assert b[key] == a[key], key
    assert [e["name"] for e in b["equipment"]] == ["Autogun", "Stub gun"]
    assert b["status"] == "active" and b["injuries"] == []
    fighters.edit_fighter(engine, d.id, stats={"WS": "2+"})  # the copy is its own: the original keeps 3+
    assert fighters.show_fighter(engine, f.id)["stats"]["WS"] == 3
    journal.undo(engine, c.id)
    journal.undo(engine, c.id)  # the copy was one step
    after = snap(engine)
    data = [k for k in before if not k.startswith("journal")]
    assert {k: after[k] for k in data} == {k: before[k] for k in data}
    assert duplicate_fighter(engine, f.id, "Vel").name == "Vel"


def test_a_taken_name_is_refused_and_nothing_is_written(engine: Any, snap: Any) -> None:
    c = campaigns.create_campaign(engine, "Hive", "necromunda")
    r = rosters.create_roster(engine, c.id, "Jackals")
    f = fighters.add_fighter(engine, r.id, "Brak")
    fighters.add_fighter(engine, r.id, "Vel")
    before = snap(engine)
    with pytest.raises(InputError, match="Jackals already has a fighter named Vel"):
        duplicate_fighter(engine, f.id, "Vel")
    with pytest.raises(InputError):
        duplicate_fighter(engine, f.id, "   ")
    assert snap(engine) == before
