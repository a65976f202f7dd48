"""Gear (#21 items 2, 3, 5, 8): the equipment catalogue and content packs, credits and
trading, the stash and the ledger, rating and wealth, imports and exports carrying them;
on SQLite and PostgreSQL."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from campaign_app.cli import main
from campaign_app.errors import InputError, RulesDataError
from campaign_app.rules import load_rulebook
from campaign_app.rules.catalogue import (
    catalogue,
    profile_fields,
    sell_price,
    validate_pack,
    validate_sections,
)
from campaign_app.rules.loader import parse_rule_file
from campaign_app.usecases import campaigns, fighters, gear, journal, rolls, rosters
from campaign_app.usecases.datafiles import export_json, import_json
from tests.campaign_app.test_yaktribe import SAMPLE, SAMPLE_DOC
from tests.conftest import snapshot

PACK = """
[pack]
name = "Hive weapons"
system = "necromunda"
edition = "n23"

[items.web-cannon]
name = "Web cannon"
category = "weapon"
cost = 35
traits = ["Silent", "Web"]
profile = { rng_s = "T", rng_l = "-", acc_s = "-", acc_l = "-", strength = "7", ap = "-4", damage = "-", ammo = "5+" }

[items.autopistol]
name = "Autopistol"
category = "weapon"
cost = 12
profile = { rng_s = '4"', rng_l = '12"', strength = "3", ap = "-" }
"""


def url_of(engine) -> str:
    return engine.url.render_as_string(hide_password=False)


def run(engine, *argv: str) -> int:
    return main(["--db", url_of(engine), *argv])


def gang(engine, credits: int = 100, edition: str = "n23"):
    c = campaigns.create_campaign(engine, "Underhive", "necromunda", edition=edition)
    r = rosters.create_roster(engine, c.id, "Rusty Cogs", credits=credits)
    f = fighters.add_fighter(engine, r.id, "Brak", fighter_type="leader")
    return c, r, f


def game_rows(engine) -> dict[str, list[tuple]]:
    """Every row of the game's tables, without the history (journal, roll record) and
    without the row versions (which only go up, undo or not)."""
    from sqlmodel import SQLModel

    out: dict[str, list[tuple]] = {}
    with engine.connect() as conn:
        for name, t in SQLModel.metadata.tables.items():
            if name in ("journal", "journal_entry", "roll_record", "chain_head"):  # chain_head: moves with the rolls
                continue
            cols = [c for c in t.c if c.name != "version"]
            out[name] = sorted(tuple(str(v) for v in row) for row in conn.execute(t.select().with_only_columns(*cols)))
    return out


def pack_file(tmp_path: Path, text: str = PACK, name: str = "pack.toml") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


# --------------------------------------------------------------------------- rules data
def test_shipped_catalogues_declare_their_profile_and_label_defaults():
    book = load_rulebook()
    n23 = book.data("necromunda", "n23", [])
    assert [k for k, _ in profile_fields(n23)] == ["rng_s", "rng_l", "acc_s", "acc_l", "strength", "ap",
                                                   "damage", "ammo", "traits"]
    items = catalogue(n23)
    assert items["autopistol"]["profile"]["strength"] == "3" and items["autopistol"]["cost"] == 10
    # the N23 items come from the sources each file names (issue #30), not our defaults
    assert not any(it["default"] for it in items.values())
    assert items["mesh-armour"]["cost"] == 15 and items["mesh-armour"]["cost_known"] is True
    nuts = book.data("nuts", "", ["weird-ww2"])
    assert [k for k, _ in profile_fields(nuts)] == ["range", "targets", "impact"]
    assert catalogue(nuts)["stake"]["profile"]["impact"] == 1
    fubar = book.data("fubar", "", [])
    assert [k for k, _ in profile_fields(fubar)] == ["range", "fp"]
    assert catalogue(fubar)["smg"]["profile"] == {"range": '16"', "fp": 3}
    # the sell rule is data (our default: half, rounded down to 5)
    assert sell_price(n23, 50) == 25 and sell_price(n23, 45) == 20


def test_a_bad_catalogue_entry_is_one_line_naming_file_and_path():
    text = """[meta]\nsystem = "necromunda"\n\n[catalogue.lasgun]\nname = "Lasgun"\ncost = "cheap"\n"""
    with pytest.raises(RulesDataError) as e:
        parse_rule_file("mine.toml", text)
    assert str(e.value).startswith("mine.toml: catalogue.lasgun.cost:")
    assert "\n" not in str(e.value)
    with pytest.raises(RulesDataError, match=r"^x.toml: catalogue.knife.category: .*not one of"):
        validate_sections({"catalogue": {"knife": {"name": "Knife", "category": "blade"}}}, "x.toml")
    with pytest.raises(RulesDataError, match=r"^pack.toml: items.gun.profile"):
        validate_pack({"pack": {"name": "p", "system": "nuts"}, "items": {"gun": {"name": "Gun", "profile": 3}}},
                      "pack.toml")


# --------------------------------------------------------------------------- content packs
def test_content_pack_adds_and_replaces_items_and_is_one_undo_step(engine, tmp_path, capsys):
    c, r, f = gang(engine)
    before = snapshot(engine)
    res = gear.add_content(engine, c.id, pack_file(tmp_path))
    assert res.added == ["web-cannon"] and res.replaced == ["autopistol"]
    listed = gear.list_content(engine, c.id)
    by_key = {i["key"]: i for i in listed["items"]}
    assert by_key["web-cannon"]["source"] == "pack Hive weapons" and by_key["autopistol"]["cost"] == 12
    assert listed["packs"] == [{"id": listed["packs"][0]["id"], "name": "Hive weapons", "items": 2}]
    # the same pack twice is refused, nothing written
    mid = snapshot(engine)
    with pytest.raises(InputError, match="already has a content pack"):
        gear.add_content(engine, c.id, pack_file(tmp_path))
    assert snapshot(engine) == mid
    journal.undo(engine, c.id)
    assert game_rows(engine)["content_pack"] == [] and before["content_pack"] == []
    # export writes the packs as one pack file that adds back
    gear.add_content(engine, c.id, pack_file(tmp_path))
    out = tmp_path / "out.toml"
    assert run(engine, "content", "export", str(c.id), "-o", str(out)) == 0
    other = campaigns.create_campaign(engine, "Other", "necromunda", edition="n23")
    again = gear.add_content(engine, other.id, out)
    assert sorted(again.added + again.replaced) == ["autopistol", "web-cannon"]
    assert run(engine, "content", "list", "Other") == 0
    assert "Web cannon" in capsys.readouterr().out


def test_a_pack_for_another_game_or_a_broken_pack_writes_nothing(engine, tmp_path):
    c, _r, _f = gang(engine)
    before = snapshot(engine)
    with pytest.raises(InputError, match="is a pack for 'nuts'"):
        gear.add_content(engine, c.id, pack_file(tmp_path, PACK.replace('"necromunda"', '"nuts"')))
    with pytest.raises(InputError, match=r"^pack.toml: items.web-cannon.cost"):
        gear.add_content(engine, c.id, pack_file(tmp_path, PACK.replace("cost = 35", "cost = -3")))
    with pytest.raises(InputError, match="not valid JSON"):
        gear.add_content(engine, c.id, pack_file(tmp_path, "{", "pack.json"))
    assert snapshot(engine) == before


def test_a_pack_weapon_prints_its_str_and_ap_on_the_fighter_card(engine, tmp_path):
    c, r, f = gang(engine, credits=200)
    gear.add_content(engine, c.id, pack_file(tmp_path))
    gear.buy_item(engine, f.id, "Web cannon")
    out = tmp_path / "cards.pdf"
    assert run(engine, "export", "cards", "Rusty Cogs", "-o", str(out)) == 0
    text = " ".join((p.extract_text() or "") for p in PdfReader(str(out)).pages)
    words = " ".join(text.split())
    assert "Str" in words and "AP" in words and "Acc S" in words
    assert "Web cannon" in words and "7 -4" in words  # Str 7, AP -4 in their columns
    # the roster PDF prints the profile too, and the rating and wealth
    out = tmp_path / "roster.pdf"
    assert run(engine, "export", "roster", "Rusty Cogs", "-o", str(out)) == 0
    words = " ".join(" ".join((p.extract_text() or "") for p in PdfReader(str(out)).pages).split())
    assert "Str 7" in words and "AP -4" in words
    assert "Gang rating 35" in words and "Wealth 200" in words  # 35 value + 165 credits


def test_fighter_show_prints_the_profile(engine, tmp_path, capsys):
    c, r, f = gang(engine)
    gear.buy_item(engine, f.id, "Autopistol")
    d = fighters.show_fighter(engine, f.id)
    assert d["equipment"][0]["profile"]["Str"] == "3" and d["equipment"][0]["profile"]["Am"] == "4+"
    assert run(engine, "fighter", "show", str(f.id)) == 0
    assert 'Autopistol  S 4"  L 12"  Acc S +1' in capsys.readouterr().out


# --------------------------------------------------------------------------- credits and trading
def test_buying_beyond_the_credits_is_refused_with_nothing_written(engine, capsys):
    c, r, f = gang(engine, credits=40)
    before = snapshot(engine)
    with pytest.raises(InputError, match=r"Rusty Cogs cannot afford Plasma pistol \(50 credits; it has 40\)"):
        gear.buy_item(engine, f.id, "plasma pistol")
    assert snapshot(engine) == before
    assert run(engine, "fighter", "buy", str(f.id), "Plasma pistol") != 0
    assert "cannot afford" in capsys.readouterr().err
    assert snapshot(engine) == before
    with pytest.raises(InputError, match="has 40 credits"):
        gear.adjust_credits(engine, r.id, -41, "fine")
    assert snapshot(engine) == before


def test_buy_sell_credits_stash_ledger_and_undo_are_exact(engine):
    c, r, f = gang(engine, credits=100)
    start = game_rows(engine)
    b = gear.buy_item(engine, f.id, "Bolt pistol")
    assert (b.price, b.credits, b.value) == (45, 55, 45)
    after_buy = game_rows(engine)
    s = gear.sell_item(engine, f.id, "Bolt pistol")
    assert (s.price, s.credits, s.value) == (20, 75, 0)  # half of 45, down to 5
    gear.adjust_credits(engine, r.id, +30, "loot")
    gear.stash_add(engine, r.id, "Laspistol")
    gear.stash_add(engine, r.id, "Lucky charm", pay=False)
    st = gear.show_stash(engine, r.id)
    assert [(i["name"], i["cost"]) for i in st["items"]] == [("Laspistol", 10), ("Lucky charm", 0)]
    assert gear.roster_worth(engine, r.id) == {"rating": 0, "credits": 95, "stash": 10, "wealth": 105}
    gear.stash_give(engine, r.id, "Laspistol", f.id)
    assert gear.roster_worth(engine, r.id) == {"rating": 10, "credits": 95, "stash": 0, "wealth": 105}
    d = rosters.show_roster(engine, r.id)
    assert d["worth"]["wealth"] == 105
    ledger = gear.show_ledger(engine, r.id)["entries"]
    assert [(e["kind"], e["amount"], e["balance"], e["why"]) for e in ledger] == [
        ("buy", -45, 55, "Brak buys Bolt pistol"), ("sell", 20, 75, "Brak sells Bolt pistol"),
        ("credits", 30, 105, "loot"), ("stash", -10, 95, "Laspistol bought into the stash")]
    # each is one undo step, back to exactly what was
    for _ in range(5):
        journal.undo(engine, c.id)
    assert game_rows(engine) == after_buy
    journal.undo(engine, c.id)
    assert game_rows(engine) == start
    assert rosters.show_roster(engine, r.id)["credits"] == 100
    assert fighters.show_fighter(engine, f.id)["credits_value"] == 0


def test_cli_credits_stash_and_ledger(engine, capsys):
    c, r, f = gang(engine, credits=20)
    assert run(engine, "roster", "credits", "Rusty Cogs", "+50", "--why", "won the battle") == 0
    assert run(engine, "roster", "credits", "Rusty Cogs", "-5", "--why", "bribe") == 0
    assert run(engine, "roster", "stash", "Rusty Cogs", "--add", "Stub gun") == 0
    assert run(engine, "roster", "stash", "Rusty Cogs", "--give", "Stub gun", "--to", "Brak") == 0
    capsys.readouterr()
    assert run(engine, "roster", "ledger", "Rusty Cogs") == 0
    out = capsys.readouterr().out
    assert "won the battle" in out and "+50" in out and "-5" in out
    assert run(engine, "--json", "roster", "show", "Rusty Cogs") == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["credits"] == 60 and shown["worth"] == {"rating": 5, "credits": 60, "stash": 0, "wealth": 65}
    assert run(engine, "roster", "credits", "Rusty Cogs", "+5", "--why", "") != 0


# --------------------------------------------------------------------------- files
def test_json_export_and_import_carry_credits_stash_ledger_and_packs(engine, tmp_path):
    c, r, f = gang(engine, credits=100)
    gear.add_content(engine, c.id, pack_file(tmp_path))
    gear.buy_item(engine, f.id, "Web cannon")
    gear.stash_add(engine, r.id, "Laspistol")
    doc = export_json(engine, c.id)
    ros = doc["rosters"][0]
    assert ros["credits"] == 55 and ros["stash"][0]["name"] == "Laspistol"
    assert [x["amount"] for x in ros["ledger"]] == [-35, -10] and ros["ledger"][0]["fighter"] == "f1"
    assert doc["content_packs"][0]["name"] == "Hive weapons"
    assert doc["worth"] == {"r1": {"rating": 35, "credits": 55, "stash": 10, "wealth": 100}}
    res = import_json(engine, json.loads(json.dumps(doc)), rename="Copy", backup=False)
    again = export_json(engine, res.id)
    again["campaign"]["name"] = doc["campaign"]["name"]
    assert again == doc
    r2 = rosters.show_roster(engine, campaigns.show_campaign(engine, res.id)["rosters"][0]["id"])
    assert r2["worth"] == {"rating": 35, "credits": 55, "stash": 10, "wealth": 100}
    # a broken pack in a file is refused, with its path
    bad = json.loads(json.dumps(doc))
    bad["content_packs"][0]["items"]["web-cannon"]["cost"] = "lots"
    with pytest.raises(Exception, match=r"content_packs\[0\]"):
        import_json(engine, bad, rename="Bad", backup=False)


def test_yaktribe_import_carries_credits_stash_and_matches_the_catalogue(engine):
    c = campaigns.create_campaign(engine, "Underhive", "necromunda", edition="n23")
    # the shared sample when it is there, else the test file's copy of its essentials
    doc = json.loads(SAMPLE.read_text(encoding="utf-8")) if SAMPLE.exists() else json.loads(json.dumps(SAMPLE_DOC))
    doc["gang"]["stash"] = [{"name": "Laspistol", "qty": "1"}, {"name": "Mystery box"}]
    res = gear_import(engine, doc, c.id)
    report = {(x.where, x.message) for x in res.report}
    assert not any("'Third Arm' is not in the catalogue" in m for _w, m in report)  # the library's Extra arm
    assert ("gang.stash[1]", "'Mystery box' is not in the catalogue; kept in the stash without a cost") in report
    r = rosters.show_roster(engine, res.roster["id"])
    assert r["credits"] == 30
    st = gear.show_stash(engine, r["id"])
    assert [(i["name"], i["cost"]) for i in st["items"]] == [("Laspistol", 10), ("Mystery box", 0)]
    maxath = next(f for f in r["fighters"] if f["name"] == "Maxath-Ja")
    by_name = {e["name"]: e for e in maxath["equipment"]}
    if "Autopistol" in by_name:
        assert by_name["Autopistol"]["profile"]["Str"] == "3"
    assert by_name["Plasma pistol"]["profile"]["Str"] == "5"
    assert by_name["Plasma pistol"]["qty"] == 2  # matched by name, as the catalogue writes it
    assert by_name["Extra arm"]["profile"] == {} and by_name["Extra arm"]["category"] == "wargear"
    held = [t["name"] for t in gear.show_territories(engine, r["id"])["territories"]]
    assert held == list(doc["gang"].get("territories") or [])


def gear_import(engine, doc, campaign):
    from campaign_app.usecases.datafiles import import_external

    return import_external(engine, "yaktribe", doc, campaign=campaign)


# --------------------------------------------------------------------------- territories, income
def test_income_is_collected_with_its_roll_on_record_and_undone_exactly(engine, capsys):
    from campaign_app.dice import Roller

    c, r, f = gang(engine, credits=10)
    gear.add_territory(engine, r.id, "Old Ruins", credits=5, dice="d6x10", rule="Scavenge")
    assert gear.show_territories(engine, r.id)["territories"][0]["dice"] == "D6x10"
    with pytest.raises(InputError, match="write them like D6x10"):
        gear.add_territory(engine, r.id, "Bad", dice="lots")
    before = game_rows(engine)
    res = gear.collect_income(engine, r.id, roller=Roller.from_options("4"))
    assert (res.total, res.credits) == (45, 55) and res.lines[0]["faces"] == [4]
    log = rolls.roll_log(engine, c.id)
    assert [(x["purpose"], x["faces"], x["source"]) for x in log][-1] == ("income from Old Ruins", [4], "typed")
    led = gear.show_ledger(engine, r.id)["entries"]
    assert [(e["kind"], e["amount"], e["balance"]) for e in led] == [("income", 45, 55)]
    journal.undo(engine, c.id)
    assert game_rows(engine) == before
    # after a battle: the flag collects the income of each roster that fought, battle on the ledger
    other = rosters.create_roster(engine, c.id, "Other")
    fighters.add_fighter(engine, other.id, "Vex", fighter_type="leader")
    assert run(engine, "battle", "record", str(c.id), "--roster", "Rusty Cogs", "--roster", "Other",
               "--winner", "Rusty Cogs") == 0
    battle = campaigns.show_campaign(engine, c.id)["battles"][0]["id"]
    capsys.readouterr()
    assert run(engine, "after-battle", str(battle), "--seed", "1", "--income", "--income-dice", "3") == 0
    assert "Old Ruins: 5 + D6x10 [3] = 35" in capsys.readouterr().out
    led = gear.show_ledger(engine, r.id)["entries"]
    assert led[-1]["kind"] == "income" and led[-1]["battle"] == 1 and led[-1]["amount"] == 35


def test_a_battles_income_is_collected_once_per_roster_until_undone(engine):
    """A second collection of the same battle's income would pay the territories twice:
    refused in one line, nothing written; a roster that has not collected yet still
    can, alone; undone, it can be collected again."""
    from campaign_app.dice import Roller

    c, r, f = gang(engine, credits=10)
    other = rosters.create_roster(engine, c.id, "Other")
    fighters.add_fighter(engine, other.id, "Vex", fighter_type="leader")
    gear.add_territory(engine, r.id, "Old Ruins", credits=5, dice="d6x10")
    from campaign_app.usecases import battles

    b = battles.record_battle(engine, c.id, [r.id, other.id], winner=r.id)
    gear.collect_income(engine, r.id, battle=b.id, roller=Roller.from_options("2"))
    before = game_rows(engine)
    with pytest.raises(InputError, match="already collected its income for that battle"):
        gear.collect_income(engine, r.id, battle=b.id, roller=Roller.from_options("6"))
    with pytest.raises(InputError, match=r"income of battle 1 has already been collected \(Rusty Cogs\)"):
        gear.collect_battle_income(engine, b.id, roller=Roller.from_options("6"))
    assert game_rows(engine) == before
    gear.add_territory(engine, other.id, "Sump", credits=7)
    res = gear.collect_battle_income(engine, b.id)  # only Other, which has not collected yet
    assert [(x.roster, x.total) for x in res.rosters] == [("Other", 7)]
    assert [e["amount"] for e in gear.show_ledger(engine, r.id)["entries"]] == [25]
    journal.undo(engine, c.id)  # Other's collection undone
    journal.undo(engine, c.id)  # Sump given back
    journal.undo(engine, c.id)  # Rusty Cogs' collection undone: the battle's income can be collected again
    res = gear.collect_battle_income(engine, b.id, roller=Roller.from_options("6"))
    assert [(x.roster, x.total) for x in res.rosters] == [("Rusty Cogs", 65)]
    assert [(e["kind"], e["amount"], e["battle"]) for e in gear.show_ledger(engine, r.id)["entries"]] == [
        ("income", 65, 1)]


def test_territories_travel_in_the_json_file(engine):
    c, r, f = gang(engine)
    gear.add_territory(engine, r.id, "Settlement", credits=10, dice="2D6", rule="Recruits")
    doc = export_json(engine, c.id)
    assert doc["rosters"][0]["territories"] == [{"name": "Settlement", "credits": 10, "dice": "2D6",
                                                 "rule": "Recruits"}]
    res = import_json(engine, json.loads(json.dumps(doc)), rename="Copy", backup=False)
    rid = campaigns.show_campaign(engine, res.id)["rosters"][0]["id"]
    assert gear.show_territories(engine, rid)["territories"][0]["dice"] == "2D6"
