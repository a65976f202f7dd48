"""Bionics (#30 item 4): Necromunda N23 items that take a lasting injury away, as data
(rules/bionics_n23.toml: which injury each cures, its cost and rarity from the public
sources). Buying one for a fighter, or handing one over from the stash, removes the
injury and gives back what it took, in one undo step; a fighter without the injury is
refused with one line and nothing written. Read back from the database, on SQLite and
PostgreSQL."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import text

from campaign_app.cli import main
from campaign_app.errors import InputError
from campaign_app.rules import load_rulebook
from campaign_app.rules.catalogue import catalogue
from campaign_app.systems import campaign_tables
from campaign_app.systems.necromunda.actions import injury_roll
from campaign_app.usecases import campaigns, fighters, gear, journal, rosters
from db.models import LastingInjury
from tests.conftest import snapshot

LINE = {"M": "5", "WS": "3+", "BS": "4+", "S": "3", "T": "3", "W": "2", "I": "4+", "A": "1",
        "Ld": "7+", "Cl": "6+", "Wil": "7+", "Int": "7+"}

# name -> (cost, rarity, injury it cures, how many losses it gives back: 0 all) as the
# sources give them (necroman_v2 12-armoury/14-bionics.md; Gyrinx equipment.yaml)
SOURCE = {
    "lobo-chip": (20, "R11", "humiliated", 1), "lobo-chip-improved": (45, "R12", "humiliated", 0),
    "cortex-cogitator": (15, "R11", "head-injury", 1),
    "cortex-cogitator-improved": (30, "R12", "head-injury", 0),
    "bionic-eye": (45, "R13", "eye-injury", 0), "bionic-arm": (45, "R13", "hand-injury", 0),
    "bionic-leg": (25, "R12", "hobbled", 0), "skeletal-enhancers": (70, "R13", "spinal-injury", 0),
    "aortic-supercharger": (65, "R13", "enfeebled", 0),
}


def url_of(engine) -> str:
    return engine.url.render_as_string(hide_password=False)


def run(engine, *argv: str) -> int:
    return main(["--db", url_of(engine), *argv])


def _load(v):
    return json.loads(v) if isinstance(v, str) else v


def fighter_row(engine, fid: int) -> tuple[dict, list[str]]:
    """(stats, injury results) as the database holds them."""
    with engine.connect() as c:
        stats = _load(c.execute(text("SELECT stats FROM fighter WHERE id = :i"), {"i": fid}).scalar_one())
        hurt = [r for (r,) in c.execute(text("SELECT result FROM lasting_injury WHERE fighter_id = :i ORDER BY id"),
                                        {"i": fid})]
    return stats, hurt


def gang(engine, credits: int = 300):
    c = campaigns.create_campaign(engine, "Underhive", "necromunda", edition="n23")
    r = rosters.create_roster(engine, c.id, "Rusty Cogs", credits=credits)
    f = fighters.add_fighter(engine, r.id, "Krag", fighter_type="champion", stats=LINE)
    return c, r, f


def hurt(engine, fid: int, faces: str) -> None:
    injury_roll(engine, fid, dice=faces)


def test_the_bionics_data_is_the_sources_and_names_injuries_of_the_table():
    data = load_rulebook().data("necromunda", "n23")
    items = catalogue(data)
    table = campaign_tables("necromunda", "n23", [], {})["n23-lasting-injury"]
    results = {row.result: row for row in table.rows}
    cures = {k: it for k, it in items.items() if it.get("cures")}
    assert set(cures) == set(SOURCE)
    for key, (cost, rarity, injury, restores) in SOURCE.items():
        it = cures[key]
        assert (it["cost"], it["rarity"], it["cures"], it.get("restores", 0)) == (cost, rarity, [injury], restores)
        assert it["trading_post"] and it["category"] == "wargear" and not it["default"]
        stats = [e for e in results[injury].effects if e.op == "stat"]
        assert stats, f"{injury} takes no characteristic"
        # a Mundane bionic of a two-characteristic injury gives back one (the buyer chooses)
        assert restores == (1 if len(stats) == 2 and not key.endswith("improved") else 0)


def test_buying_a_bionic_cures_the_injury_in_one_undo_step(engine):
    c, r, f = gang(engine)
    hurt(engine, f.id, "4,4")  # Eye Injury: BS 4+ -> 5+
    stats, injuries = fighter_row(engine, f.id)
    assert stats["BS"] == 5 and injuries == ["eye-injury"]
    status = fighters.show_fighter(engine, f.id)["status"]

    res = gear.buy_item(engine, f.id, "Bionic Eye (Mundane)")  # Gyrinx's name finds it
    assert res.cured == "cures Eye Injury: BS 5+ \u2192 4+"
    stats, injuries = fighter_row(engine, f.id)
    assert stats["BS"] == 4 and injuries == []
    d = fighters.show_fighter(engine, f.id)
    assert d["status"] == status  # In Recovery stays (the source says so)
    assert [e["name"] for e in d["equipment"]] == ["Bionic eye"]
    assert gear.show_stash(engine, r.id)["credits"] == 255

    journal.undo(engine, c.id)  # the purchase and the cure together
    stats, injuries = fighter_row(engine, f.id)
    assert stats["BS"] == 5 and injuries == ["eye-injury"]
    assert gear.show_stash(engine, r.id)["credits"] == 300
    assert fighters.show_fighter(engine, f.id)["equipment"] == []
    journal.redo(engine, c.id)
    assert fighter_row(engine, f.id) == ({**stats, "BS": 4}, [])


def test_a_fighter_without_the_injury_is_refused_and_nothing_is_written(engine, capsys):
    c, r, f = gang(engine)
    hurt(engine, f.id, "4,5")  # Hand Injury, not an eye
    before = snapshot(engine)
    with pytest.raises(InputError) as e:
        gear.buy_item(engine, f.id, "Bionic eye")
    assert str(e.value) == "Krag has no Eye Injury for the Bionic eye to cure"
    assert snapshot(engine) == before
    assert run(engine, "fighter", "buy", "Krag", "Bionic eye") == 2
    assert capsys.readouterr().err.strip() == "error: Krag has no Eye Injury for the Bionic eye to cure"
    assert snapshot(engine) == before
    with pytest.raises(InputError, match="gives no characteristic back"):
        gear.buy_item(engine, f.id, "Lasgun", stat="BS")
    assert snapshot(engine) == before


def test_a_mundane_bionic_gives_back_the_chosen_one_an_improved_one_both(engine, capsys):
    c, r, f = gang(engine)
    hurt(engine, f.id, "4,3")  # Humiliated: Ld 7+ -> 8+, Cl 6+ -> 7+
    stats = fighter_row(engine, f.id)[0]
    assert (stats["Ld"], stats["Cl"]) == (8, 7)
    before = snapshot(engine)
    with pytest.raises(InputError, match=r"the Lobo chip gives back 1 of Ld, Cl \(Humiliated\): say which"):
        gear.buy_item(engine, f.id, "Lobo chip")
    with pytest.raises(InputError, match="gives back Ld or Cl, not BS"):
        gear.buy_item(engine, f.id, "Lobo chip", stat="BS")
    assert snapshot(engine) == before
    assert run(engine, "fighter", "buy", "Krag", "Lobo chip", "--stat", "cl") == 0
    assert "Lobo chip cures Humiliated: Cl 7+ \u2192 6+" in capsys.readouterr().out
    stats, injuries = fighter_row(engine, f.id)
    assert (stats["Ld"], stats["Cl"], injuries) == (8, 6, [])  # one chip per injury: it is gone

    journal.undo(engine, c.id)
    gear.buy_item(engine, f.id, "Lobo chip (improved)")
    stats, injuries = fighter_row(engine, f.id)
    assert (stats["Ld"], stats["Cl"], injuries) == (7, 6, [])


def test_handing_a_bionic_over_from_the_stash_cures_too(engine, capsys):
    c, r, f = gang(engine)
    gear.stash_add(engine, r.id, "Bionic leg")
    before = snapshot(engine)
    with pytest.raises(InputError, match="Krag has no Hobbled for the Bionic leg to cure"):
        gear.stash_give(engine, r.id, "Bionic leg", f.id)
    assert snapshot(engine) == before
    hurt(engine, f.id, "4,6")  # Hobbled: M 5 -> 4
    assert fighter_row(engine, f.id)[0]["M"] == 4
    assert run(engine, "roster", "stash", "Rusty Cogs", "--give", "Bionic leg", "--to", "Krag") == 0
    assert "Bionic leg cures Hobbled: M 4 \u2192 5" in capsys.readouterr().out
    stats, injuries = fighter_row(engine, f.id)
    assert stats["M"] == 5 and injuries == []
    assert gear.show_stash(engine, r.id)["items"] == []
    journal.undo(engine, c.id)
    assert fighter_row(engine, f.id)[0]["M"] == 4 and fighter_row(engine, f.id)[1] == ["hobbled"]
    assert [i["name"] for i in gear.show_stash(engine, r.id)["items"]] == ["Bionic leg"]


def test_an_imported_injury_gives_back_what_it_took_and_limits_hold(engine):
    """An injury imported with its effects already in the stat line (Yaktribe) is cured
    the same way; a characteristic already at its best is left as it is (said so)."""
    from sqlmodel import Session

    c, r, f = gang(engine)
    fighters.edit_fighter(engine, f.id, stats={"S": "2"})  # Spinal Injury already in the stat line
    with Session(engine) as s:
        s.add(LastingInjury(fighter_id=f.id, table_id="n23-lasting-injury", roll=51, result="spinal-injury",
                            label="Spinal Injury", effects_applied=[],
                            effects_skipped=["imported from Yaktribe: effects are already in the stat line"]))
        s.add(LastingInjury(fighter_id=f.id, table_id="n23-lasting-injury", roll=44, result="eye-injury",
                            label="Eye Injury"))
        s.commit()
    fighters.edit_fighter(engine, f.id, stats={"BS": "2+"})  # improved since: at the edition's best
    res = gear.buy_item(engine, f.id, "Skeletal enhancers")
    assert res.cured == "cures Spinal Injury: S 2 \u2192 3"
    res = gear.buy_item(engine, f.id, "Bionic eye")
    assert res.cured.startswith("cures Eye Injury: kept BS 2+")
    stats, injuries = fighter_row(engine, f.id)
    assert (stats["S"], stats["BS"], injuries) == (3, 2, [])
