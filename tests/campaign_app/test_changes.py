"""The change set: its algebra, and what the journal says a row change touches."""

from campaign_app.changes import Changes, Result, changes_of
from db.journal import entry_changes
from db.models import JournalEntry


def test_union_joins_ids_and_flags():
    a = Changes.of(fighters=[1], rolls=True)
    b = Changes.of(fighters=[2], rosters=[5], structure=True)
    c = a | b
    assert c.fighters == {1, 2} and c.rosters == {5} and c.rolls and c.structure
    assert not c.everything and not c.battles
    assert not Changes() and c
    assert c.names() == ["rosters", "fighters", "structure", "rolls"]


def test_of_drops_missing_ids():
    assert Changes.of(fighters=[None, 3]).fighters == {3}  # type: ignore[list-item]


def test_a_result_without_a_change_set_means_everything():
    assert changes_of(object()).everything
    assert changes_of(Result(changes=Changes.of(units=[4]))).units == {4}


def _entry(table, op, row_id, before=None, after=None):
    return JournalEntry(journal_id=1, seq=1, table_name=table, row_id=row_id, op=op,
                        before=before, after=after)


def test_a_weapon_names_its_owner_and_is_no_change_of_shape():
    ch = entry_changes(_entry("equipment", "insert", 9, after={"fighter_id": 3, "unit_id": None}))
    assert ch.fighters == {3} and not ch.units and not ch.structure and ch.history


def test_a_new_fighter_changes_its_roster_and_the_shape():
    ch = entry_changes(_entry("fighter", "insert", 7, after={"roster_id": 2, "name": "Ann"}))
    assert ch.fighters == {7} and ch.rosters == {2} and ch.structure


def test_an_edited_fighter_changes_only_itself_unless_it_moves():
    assert entry_changes(_entry("fighter", "update", 7, {"rep": 3}, {"rep": 4})) == Changes.of(
        fighters=[7], history=True)
    moved = entry_changes(_entry("fighter", "update", 7, {"roster_id": 1}, {"roster_id": 2}))
    assert moved.rosters == {1, 2} and moved.structure


def test_a_battle_result_names_the_battle_and_the_figure():
    ch = entry_changes(_entry("battle_result", "insert", 1, after={"battle_id": 4, "fighter_id": 8,
                                                                   "unit_id": None}))
    assert ch.battles == {4} and ch.fighters == {8}
