"""Names with bidi controls and other invisible format characters (issue #34 item 6): a
U+202E RIGHT-TO-LEFT OVERRIDE makes "evil" show as "live" in the window and the PDFs, a
zero-width space makes two names look the same. They are refused where names enter (the
use-cases the CLI and the window both call, the JSON import and a restore through it)
with one line naming the character, and taken out of a Yaktribe import (best effort,
reported). Right-to-left letters (Arabic, Hebrew) and the joiners scripts and emoji need
(U+200C, U+200D) stay accepted."""

from __future__ import annotations

import copy
import json
import unicodedata
from pathlib import Path

import pytest

from campaign_app.cli import main
from campaign_app.errors import InputError
from campaign_app.textlimits import INVISIBLE_RANGES, invisible_char
from campaign_app.usecases import campaigns, fighters, rosters
from campaign_app.usecases.datafiles import ImportRefused, export_json, import_json
from campaign_app.usecases.manage import rename_roster
from campaign_app.usecases.units import add_unit

HOSTILE = ["\u202e", "\u202d", "\u202a", "\u202b", "\u202c", "\u2066", "\u2067", "\u2068", "\u2069",
           "\u200e", "\u200f", "\u061c", "\u200b", "\u2060", "\ufeff", "\u00ad", "\u2028", "\u2029",
           "\U000e0041"]
KEPT = ["Ахмед", "أحمد", "דוד", "می\u200cخواهم", "क्\u200dष", "👨\u200d👩\u200d👧", "\u0600١٢"]


@pytest.mark.parametrize("ch", HOSTILE, ids=lambda c: f"U+{ord(c):04X}")
def test_a_name_with_an_invisible_control_is_refused_by_every_way_in(sqlite_engine, snap, ch):
    eng = sqlite_engine
    c = campaigns.create_campaign(eng, "Kursk", "nuts")
    r = rosters.create_roster(eng, c.id, "Easy Company")
    before = snap(eng)
    bad = f"ev{ch}il"
    for make in (lambda: campaigns.create_campaign(eng, bad, "nuts"),
                 lambda: rosters.create_roster(eng, c.id, bad),
                 lambda: fighters.add_fighter(eng, r.id, bad, fighter_type="grunt", rep=4),
                 lambda: rename_roster(eng, r.id, bad)):
        with pytest.raises(InputError) as err:
            make()
        text = str(err.value)
        assert f"contains an invisible control character U+{ord(ch):04X}" in text, text
        assert ch not in text and "\n" not in text  # the message itself shows no control
    assert snap(eng) == before


def test_units_and_the_cli_refuse_it_with_one_error_line(sqlite_url, capsys):
    assert main(["--db", sqlite_url, "campaign", "create", "Bocage", "--system", "fubar"]) == 0
    assert main(["--db", sqlite_url, "roster", "create", "Bocage", "Platoon"]) == 0
    capsys.readouterr()
    for argv in (["campaign", "create", "ev\u202eil", "--system", "nuts"],
                 ["roster", "create", "Bocage", "ev\u202eil"],
                 ["roster", "rename", "Platoon", "ev\u2067il"]):
        assert main(["--db", sqlite_url, *argv]) == 2
        err = capsys.readouterr().err
        assert err.startswith("error: ") and "invisible control character U+20" in err, err
        assert len(err.strip().splitlines()) == 1
    from db.migrate import open_database

    eng = open_database(sqlite_url)
    try:
        with pytest.raises(InputError, match="U\\+202E"):
            add_unit(eng, "Platoon", "ev\u202eil", 5)
    finally:
        eng.dispose()


@pytest.mark.parametrize("name", KEPT)
def test_right_to_left_letters_and_the_joiners_are_names(sqlite_engine, name):
    c = campaigns.create_campaign(sqlite_engine, "Kursk", "nuts")
    r = rosters.create_roster(sqlite_engine, c.id, name)
    assert rosters.show_roster(sqlite_engine, r.id)["name"] == name
    doc = export_json(sqlite_engine, c.id)
    doc["campaign"]["name"] = "Kursk again"
    import_json(sqlite_engine, doc, backup=False)  # the import takes what the use-cases take


def test_the_json_import_refuses_it_naming_the_character(sqlite_engine, snap):
    c = campaigns.create_campaign(sqlite_engine, "Kursk", "nuts")
    r = rosters.create_roster(sqlite_engine, c.id, "Easy Company")
    fighters.add_fighter(sqlite_engine, r.id, "Pvt Ryan", fighter_type="grunt", rep=4)
    doc = export_json(sqlite_engine, c.id)
    before = snap(sqlite_engine)
    for where, change in (("campaign.name", lambda d: d["campaign"].__setitem__("name", "ev\u202eil")),
                          ("rosters[0].name", lambda d: d["rosters"][0].__setitem__("name", "Easy\u200bCompany")),
                          ("fighters[0].name", lambda d: d["rosters"][0]["fighters"][0].__setitem__(
                              "name", "Pvt \u2066Ryan\u2069"))):
        bad = copy.deepcopy(doc)
        bad["campaign"]["name"] = "Other"
        change(bad)
        with pytest.raises(ImportRefused) as err:
            import_json(sqlite_engine, bad, backup=False)
        text = "\n".join(err.value.problems)
        assert "invisible control character U+" in text, (where, text)
    with pytest.raises(ImportRefused, match="not a usable campaign name"):
        import_json(sqlite_engine, doc, rename="ev\u202eil", backup=False)
    assert snap(sqlite_engine) == before


def test_a_yaktribe_import_takes_the_controls_out_and_says_so(sqlite_engine, tmp_path):
    from campaign_app.systems.necromunda.yaktribe import import_yaktribe
    from tests.campaign_app.test_yaktribe import SAMPLE_DOC

    doc = copy.deepcopy(SAMPLE_DOC)
    doc["gang"]["gang_name"] = "Max's \u202eMarauders"
    doc["gang"]["gangers"][0]["name"] = "Maxath\u200b-Ja"
    f = tmp_path / "gang.json"
    f.write_text(json.dumps(doc), encoding="utf-8")
    d = import_yaktribe(sqlite_engine, f)
    roster = rosters.show_roster(sqlite_engine, d.roster["id"])
    assert roster["name"] == "Max's Marauders"
    assert "Maxath-Ja" in [x["name"] for x in roster["fighters"]]
    messages = " ".join(r["message"] for r in d.report)
    assert "invisible control characters (U+202E (RIGHT-TO-LEFT OVERRIDE)); removed" in messages, messages


def test_every_format_character_is_either_refused_or_kept_on_purpose():
    kept = {0x200C, 0x200D, *range(0x0600, 0x0606), 0x06DD, 0x070F, 0x0890, 0x0891, 0x08E2, 0x110BD, 0x110CD,
            *range(0x13430, 0x13460), *range(0x1BCA0, 0x1BCA4)}
    for n in range(0x110000):
        ch = chr(n)
        cat = unicodedata.category(ch)
        if cat in ("Cf", "Zl", "Zp"):
            assert (invisible_char(ch) is None) == (n in kept), f"U+{n:04X} {unicodedata.name(ch, '')}"
        elif invisible_char(ch) is not None:
            assert cat == "Cn", f"U+{n:04X} is refused but is {cat}"  # unassigned, inside a refused range
    assert all(a <= b for a, b in INVISIBLE_RANGES)


def test_a_restore_refuses_a_name_with_a_control(sqlite_url, tmp_path):
    import sqlite3

    from campaign_app.usecases.backup import backup, restore
    from db.migrate import open_database

    eng = open_database(sqlite_url)
    campaigns.create_campaign(eng, "Kursk", "nuts")
    good = tmp_path / "good.sqlite"
    backup(eng, good)
    con = sqlite3.connect(good)
    con.execute("UPDATE campaign SET name = 'ev' || char(8238) || 'il'")
    con.commit()
    con.close()
    try:
        with pytest.raises(ImportRefused) as err:
            restore(eng, good)
        assert "invisible control character U+202E" in "\n".join(err.value.problems)
    finally:
        eng.dispose()
    assert Path(sqlite_url.removeprefix("sqlite:///")).exists()


@pytest.mark.parametrize("where", ["pack", "item", "trait"])
def test_a_content_pack_refuses_it_in_its_names(sqlite_engine, tmp_path, snap, where):
    from campaign_app.usecases.gear import add_content

    c = campaigns.create_campaign(sqlite_engine, "Hive", "necromunda")
    names = {"pack": "Hive weapons", "item": "Fighting knife", "trait": "Melee"}
    names[where] = names[where].replace(" ", "\u202e ") if " " in names[where] else "Mel\u202eee"
    pack = tmp_path / "pack.toml"
    pack.write_text(f'[pack]\nname = "{names["pack"]}"\nsystem = "necromunda"\n\n[items.knife]\n'
                    f'name = "{names["item"]}"\ncategory = "weapon"\ncost = 15\ntraits = ["{names["trait"]}"]\n',
                    encoding="utf-8")
    before = snap(sqlite_engine)
    with pytest.raises(InputError, match="invisible control character U\\+202E"):
        add_content(sqlite_engine, c.id, pack)
    assert snap(sqlite_engine) == before
