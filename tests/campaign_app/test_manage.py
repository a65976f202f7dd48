"""Renaming, deleting and moving (issue #21 item 6), on SQLite and PostgreSQL: each one
transaction and one undo step, undo exact, the roll record kept."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import select
from sqlmodel import Session, SQLModel

from campaign_app.errors import ConflictError, InputError, NotFoundError
from campaign_app.usecases import campaigns, fighters, journal, manage, rolls, rosters
from campaign_app.usecases.battles import after_battle, record_battle
from campaign_app.usecases.demo import create_demo
from db.models import Fighter


def rows(engine: Any) -> dict[str, list[tuple]]:
    """Every row of every game table, versions left out (undo gives put-back rows a
    higher version: versions only go up)."""
    out: dict[str, list[tuple]] = {}
    with engine.connect() as conn:
        for t in SQLModel.metadata.sorted_tables:
            if t.name.startswith("journal") or t.name == "alembic_version":
                continue
            cols = [c for c in t.c if c.name != "version"]
            out[t.name] = sorted(tuple(map(repr, r)) for r in conn.execute(select(*cols)))
    return out


def _necromunda(engine: Any) -> tuple[Any, Any, Any]:
    c = campaigns.create_campaign(engine, "Hive", "necromunda", "n23")
    a = rosters.create_roster(engine, c.id, "Jackals")
    b = rosters.create_roster(engine, c.id, "Vipers")
    for n in ("Brak", "Vel", "Ossa"):
        fighters.add_fighter(engine, a.id, n, weapons=["Autogun"])
    for n in ("Kesh", "Moro"):
        fighters.add_fighter(engine, b.id, n)
    return c, a, b


def _battle(engine: Any, c: Any, a: Any, b: Any) -> int:
    fa = {f["name"]: f["id"] for f in rosters.show_roster(engine, a.id)["fighters"]}
    fb = {f["name"]: f["id"] for f in rosters.show_roster(engine, b.id)["fighters"]}
    bt = record_battle(engine, c.id, [a.id, b.id], winner=a.id,
                       results={fb["Kesh"]: "out-of-action"}, by={fb["Kesh"]: fa["Brak"]})
    after_battle(engine, bt.id, seed=7)
    return bt.id


def test_delete_a_roster_with_battles_and_undo_it_exactly(engine: Any) -> None:
    c, a, b = _necromunda(engine)
    _battle(engine, c, a, b)
    log_before = rolls.roll_log(engine, c.id)
    jackal_rolls = [x for x in log_before if x["subject"] in ("Brak", "Vel", "Ossa")]
    before = rows(engine)
    res = manage.delete_roster(engine, a.id)
    assert (res.kind, res.name, res.fighters, res.battles) == ("roster", "Jackals", 3, 1)
    assert res.changes.structure and a.id in res.changes.rosters
    with pytest.raises(NotFoundError):
        rosters.show_roster(engine, a.id)
    # the other roster and the battle stay; the casualty its fighter caused lets go of it
    assert [r["name"] for r in campaigns.show_campaign(engine, c.id)["rosters"]] == ["Vipers"]
    log = rolls.roll_log(engine, c.id)
    assert len(log) == len(log_before)  # every roll stays on record
    assert all(x["fighter_id"] is None for x in log if x["subject"] in ("Brak", "Vel", "Ossa"))
    # one undo step puts every row back, the rolls' links too
    journal.undo(engine, c.id)
    assert rows(engine) == before
    brak = next(f for f in rosters.show_roster(engine, a.id)["fighters"] if f["name"] == "Brak")
    assert len(rolls.roll_log(engine, c.id, fighter=brak["id"])) == len(
        [x for x in jackal_rolls if x["subject"] == "Brak"])
    journal.redo(engine, c.id)
    with pytest.raises(NotFoundError):
        rosters.show_roster(engine, a.id)


def test_a_stale_roster_delete_is_refused_and_nothing_is_written(engine: Any) -> None:
    c, a, b = _necromunda(engine)
    rosters.edit_roster(engine, a.id, notes="changed elsewhere")
    before = rows(engine)
    with pytest.raises(ConflictError):
        manage.delete_roster(engine, a.id, if_version=a.version)
    assert rows(engine) == before


def test_rename_campaign_and_roster(engine: Any) -> None:
    c, a, b = _necromunda(engine)
    assert manage.rename_campaign(engine, c.id, "Underhive").name == "Underhive"
    assert manage.rename_roster(engine, a.id, "Jackals of Hive Primus").name == "Jackals of Hive Primus"
    before = rows(engine)
    with pytest.raises(InputError, match="already has a roster named 'Vipers'"):
        manage.rename_roster(engine, a.id, "Vipers")
    campaigns.create_campaign(engine, "Ash Wastes", "necromunda")
    with pytest.raises(InputError, match="already exists"):
        manage.rename_campaign(engine, c.id, "Ash Wastes")
    with pytest.raises(InputError):
        manage.rename_roster(engine, a.id, "  ")
    after = rows(engine)
    assert {k: v for k, v in after.items() if k != "campaign"} == {k: v for k, v in before.items() if k != "campaign"}
    journal.undo(engine, c.id)
    assert rosters.show_roster(engine, a.id)["name"] == "Jackals"
    journal.undo(engine, c.id)
    assert campaigns.show_campaign(engine, c.id)["name"] == "Hive"


def test_delete_a_campaign_keeps_it_for_undo_and_frees_its_name(engine: Any) -> None:
    c, a, b = _necromunda(engine)
    _battle(engine, c, a, b)
    before = rows(engine)
    n_rolls = len(rolls.roll_log(engine, c.id))
    res = manage.delete_campaign(engine, "Hive")
    assert (res.kind, res.name, res.fighters, res.battles) == ("campaign", "Hive", 5, 1)
    assert res.changes.structure
    assert [x["name"] for x in campaigns.list_campaigns(engine)] == []
    with pytest.raises(NotFoundError, match="was deleted"):
        campaigns.show_campaign(engine, "Hive")
    with pytest.raises(NotFoundError, match="was deleted"):
        rosters.show_roster(engine, a.id)
    with pytest.raises(NotFoundError, match="was deleted"):
        fighters.add_fighter(engine, a.id, "Late")
    assert [(d["id"], d["name"], d["rosters"]) for d in manage.deleted_campaigns(engine)] == [(c.id, "Hive", 2)]
    # the name is free meanwhile
    other = campaigns.create_campaign(engine, "Hive", "nuts")
    with pytest.raises(InputError, match="exists again"):
        manage.restore_campaign(engine, c.id)
    manage.rename_campaign(engine, other.id, "Hive II")
    back = manage.restore_campaign(engine, "Hive")
    assert back.name == "Hive" and back.changes.structure
    assert len(rolls.roll_log(engine, c.id)) == n_rolls
    after = rows(engine)
    camp = [r for r in after["campaign"] if "'Hive II'" not in str(r)]
    assert camp == before["campaign"]
    assert {k: v for k, v in after.items() if k != "campaign"} == {k: v for k, v in before.items() if k != "campaign"}


def test_purge_removes_a_deleted_campaign_for_good(engine: Any) -> None:
    c, a, b = _necromunda(engine)
    _battle(engine, c, a, b)
    keep = campaigns.create_campaign(engine, "Other", "fubar")
    with pytest.raises(NotFoundError):
        manage.purge_campaign(engine, c.id)  # only a deleted campaign can be purged
    manage.delete_campaign(engine, c.id)
    manage.purge_campaign(engine, c.id)
    assert manage.deleted_campaigns(engine) == []
    left = rows(engine)
    assert all(not v for k, v in left.items() if k not in ("campaign",))
    assert [x["name"] for x in campaigns.list_campaigns(engine)] == [keep.name]


def test_purge_takes_the_gangs_stash_ledger_territories_and_content_packs(engine: Any) -> None:
    """Every table that hangs from a campaign or its rosters is emptied by the purge
    (on PostgreSQL a forgotten one makes the purge fail on its foreign key)."""
    from campaign_app.usecases import gear

    c, a, _b = _necromunda(engine)
    gear.adjust_credits(engine, a.id, 30, "loot")
    gear.stash_add(engine, a.id, "Lucky charm", pay=False)
    gear.add_territory(engine, a.id, "Old Mine", credits=5, dice="D6x10")
    gear.add_content(engine, c.id, {"pack": {"name": "Hive weapons", "system": "necromunda"},
                                    "items": {"web-gun": {"name": "Web gun", "category": "weapon", "cost": 35}}})
    filled = rows(engine)
    assert all(filled[t] for t in ("stash_item", "ledger_entry", "territory", "content_pack"))
    manage.delete_campaign(engine, c.id)
    manage.purge_campaign(engine, c.id)
    left = rows(engine)
    assert {k: v for k, v in left.items() if v} == {}


def test_move_a_fighter_to_another_roster_and_back(engine: Any) -> None:
    c, a, b = _necromunda(engine)
    _battle(engine, c, a, b)
    brak = next(f for f in rosters.show_roster(engine, a.id)["fighters"] if f["name"] == "Brak")
    before = rows(engine)
    res = manage.move_fighter(engine, brak["id"], "Vipers")
    assert (res.from_roster, res.to_roster) == ("Jackals", "Vipers")
    assert {a.id, b.id} <= set(res.changes.rosters) and res.changes.structure
    moved = fighters.show_fighter(engine, brak["id"])
    assert moved["roster_id"] == b.id and [e["name"] for e in moved["equipment"]] == ["Autogun"]
    with pytest.raises(InputError, match="already in Vipers"):
        manage.move_fighter(engine, brak["id"], b.id)
    other = campaigns.create_campaign(engine, "Elsewhere", "necromunda")
    far = rosters.create_roster(engine, other.id, "Far")
    with pytest.raises(InputError, match="only within a campaign"):
        manage.move_fighter(engine, brak["id"], far.id)
    with pytest.raises(NotFoundError):
        manage.move_fighter(engine, brak["id"], "Nobody")
    journal.undo(engine, c.id)
    assert rows(engine)["fighter"] == before["fighter"]


def test_a_walker_moves_with_its_crew(engine: Any) -> None:
    c = campaigns.create_campaign(engine, "Front", "nuts")
    a = rosters.create_roster(engine, c.id, "Able")
    b = rosters.create_roster(engine, c.id, "Baker")
    tank = fighters.add_fighter(engine, a.id, "Sherman", rep=4)
    crew = fighters.add_fighter(engine, a.id, "Driver", rep=3)
    with Session(engine) as s:  # as the walker use-case links its crew
        f = s.get(Fighter, crew.id)
        f.crew_of_id = tank.id
        s.add(f)
        s.commit()
    with pytest.raises(InputError, match="crews Sherman"):
        manage.move_fighter(engine, crew.id, b.id)
    manage.move_fighter(engine, tank.id, b.id)
    assert fighters.show_fighter(engine, crew.id)["roster_id"] == b.id
    journal.undo(engine, c.id)
    assert fighters.show_fighter(engine, crew.id)["roster_id"] == a.id


def test_demo_rosters_delete_and_undo(engine: Any) -> None:
    create_demo(engine)
    before = rows(engine)
    camps = campaigns.list_campaigns(engine)
    for camp in camps:
        for r in campaigns.show_campaign(engine, camp["id"])["rosters"]:
            manage.delete_roster(engine, r["id"])
        assert campaigns.show_campaign(engine, camp["id"])["rosters"] == []
    for camp in camps:
        for h in journal.history(engine, camp["id"]):
            if h["action"] == "roster.delete":
                journal.undo(engine, camp["id"])
    assert rows(engine) == before
