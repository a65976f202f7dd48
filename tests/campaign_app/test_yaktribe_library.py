"""Yaktribe imports that keep everything (issue #30 items 3, 4 and 5): fighter types and
items mapped onto the n23 library, HTML entities decoded, a bare gang object, the edition
from the file, nothing left behind when refused; an item of unknown cost bought only at
a given cost; every weapon's profile on the cards. On SQLite and PostgreSQL."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader
from sqlmodel import select

from campaign_app.cli import main
from campaign_app.errors import InputError
from campaign_app.systems.necromunda.content import content
from campaign_app.systems.necromunda.yaktribe import import_yaktribe, library_type, yak_edition
from campaign_app.usecases import campaigns, gear, rosters
from campaign_app.usecases.fighters import add_fighter, show_fighter
from db.models import Campaign, Equipment, Fighter, LedgerEntry, Roster
from db.uow import read_session
from tests.conftest import snapshot

SAMPLE = Path("/work/shared/samples/yaktribe-gang-157849.json")
# the sample's fighter types and what the library makes of them (facts: the transcription's
# Genestealer Cult list, Gyrinx's Hangers-on)
SAMPLE_TYPES = {
    "Cult Alpha": "leader", "Psychic Familiar": "exotic-beast", "Hybrid Acolyte": "champion",
    "Hybrid Acolyte Early Gen": "champion", "Aberrant": "ganger", "Neophyte Hybrid Specialist": "specialist",
    "Neophyte Hybrid": "ganger", "Propagandist": "hanger-on", "Neophyte Early Gen": "ganger",
}


def url_of(engine) -> str:
    return engine.url.render_as_string(hide_password=False)


def run(engine, *argv: str) -> int:
    return main(["--db", url_of(engine), *argv])


def _sample() -> dict:
    if not SAMPLE.exists():
        pytest.skip("shared Yaktribe sample not present")
    return json.loads(SAMPLE.read_text(encoding="utf-8"))


def _write(tmp_path: Path, doc, name: str = "gang.json") -> Path:
    p = tmp_path / name
    p.write_text(json.dumps(doc), encoding="utf-8")
    return p


def test_every_fighter_type_and_item_of_the_sample_matches(engine):
    d = import_yaktribe(engine, SAMPLE if _sample() else SAMPLE)
    assert d.report[-1] == {"where": "gang", "message": "every fighter type and item matched the n23 library"}
    assert not any("not in the catalogue" in r["message"] or "is not known" in r["message"] for r in d.report)
    raw = {g["name"]: g for g in _sample()["gang"]["gangers"]}
    with read_session(engine) as s:
        c = s.exec(select(Campaign)).one()
        assert c.edition == "n23"  # N18/N23-era gang: not the n26 default
        fighters = s.exec(select(Fighter)).all()
        assert len(fighters) == 18
        for f in fighters:  # each fighter's category as the library's type gives it
            assert f.fighter_type == SAMPLE_TYPES[raw[f.name]["type"]], f.name
        by_name = {f.name: f for f in fighters}
        assert by_name["Wuja-Shei"].role == "Neophyte Hybrid (Specialist)"
        eq = {(e.fighter_id, e.name): e for e in s.exec(select(Equipment)).all()}
        alpha = by_name["Maxath-Ja"].id
        # items by the catalogue's names, with its costs and categories
        assert eq[(alpha, "Armoured undersuit")].category == "armour"  # "Armored undersuit"
        assert eq[(alpha, "Mesh armour")].cost == content("n23").item("mesh-armour")["cost"]
        assert eq[(alpha, "Extra arm")].cost == 45  # "Third Arm"
        pp = eq[(alpha, "Plasma pistol")]
        assert (pp.cost, pp.strength, pp.ap, pp.qty) == (50, "5", "-1", 2)
        nesh = by_name["Nesh-Tei"].id
        assert eq[(nesh, "Grenade launcher")].category == "weapon"  # "Grenade Launcher w/Frag+Krak"
        assert eq[(nesh, "Grenade launcher photon flash grenades")].category == "ammo"
    # the profile comes from the catalogue as the fighter is read
    shown = show_fighter(engine, alpha)
    plasma = next(e for e in shown["equipment"] if e["name"] == "Plasma pistol")
    assert plasma["profile"]["Str"] == "5" and plasma["profile"]["D"] == "2"
    assert [p["name"] for p in plasma["profile_lines"]] == ["low", "maximal"]
    assert plasma["profile_lines"][1]["profile"]["Str"] == "7"


def test_html_entities_are_decoded_and_a_bare_gang_object_is_read(engine, tmp_path):
    gang = _sample()["gang"]
    gang["gang_name"] = "Redbeard&rsquo;s Reclaimers &amp; Co"
    gang["gangers"][0]["name"] = "Max&#39;s &quot;Alpha&quot;"
    gang["gangers"][0]["type"] = "Cult&nbsp;Alpha"
    gang["gangers"][0]["equipment"][0] = {"name": "Power&nbsp;Sword", "qty": "1"}
    gang["gangers"][0]["notes"] = "Tom &amp; Jerry"
    d = import_yaktribe(engine, _write(tmp_path, gang))  # no {"gang": ...} around it
    assert d.roster["name"] == "Redbeard\u2019s Reclaimers & Co"
    with read_session(engine) as s:
        r = s.exec(select(Roster)).one()
        assert r.name == "Redbeard\u2019s Reclaimers & Co"
        f = s.exec(select(Fighter).where(Fighter.name == 'Max\'s "Alpha"')).one()
        assert f.fighter_type == "leader" and f.role == "Cult Alpha" and f.notes.startswith("Tom & Jerry")
        names = {e.name for e in s.exec(select(Equipment).where(Equipment.fighter_id == f.id)).all()}
        assert "Power sword" in names


def test_the_edition_comes_from_the_file():
    assert yak_edition({}, ("n26", "n23"))[0] == "n23"
    assert yak_edition({"edition": "N26"}, ("n26", "n23"))[0] == "n26"
    assert yak_edition({"ruleset": "Necromunda 2018"}, ("n26", "n23"))[0] == "n23"
    n23 = content("n23")
    gsc = n23.house("Genestealer Cult")
    assert library_type(n23, gsc, "Neophyte Early Gen").key == "genestealer-cult-neophyte-early-gen"
    assert library_type(n23, None, "Propagandist").category == "hanger-on"
    assert library_type(n23, None, "Leader") is None or library_type(n23, None, "Leader").category == "leader"
    assert library_type(n23, gsc, "Gobbledygook") is None


def test_what_still_matches_nothing_is_listed_once(engine, tmp_path):
    gang = _sample()["gang"]
    gang["gangers"][0]["type"] = "Brood Mystic"
    gang["gangers"][0]["equipment"].append({"name": "Vortex Gizmo", "qty": "1"})
    gang["stash"] = [{"name": "Vortex Gizmo"}, {"name": "Lasgun"}]
    d = import_yaktribe(engine, _write(tmp_path, {"gang": gang}))
    assert d.report[-1]["message"] == ("matched nothing in the n23 library: 1 fighter type(s): 'Brood Mystic'; "
                                       "1 item name(s): 'Vortex Gizmo' (x2)")
    with read_session(engine) as s:
        f = s.exec(select(Fighter).where(Fighter.name == "Maxath-Ja")).one()
        assert f.fighter_type == "ganger" and f.role == "Brood Mystic"  # kept, named in the report
        assert "Vortex Gizmo" in {e.name for e in s.exec(select(Equipment).where(Equipment.fighter_id == f.id))}


def test_a_refused_import_leaves_no_database_file(tmp_path, capsys):
    bad = _write(tmp_path, {"x": 1}, "bad.json")
    for key in ("yaktribe", "json"):
        db = tmp_path / f"new-{key}.sqlite"
        assert main(["--db", str(db), "import", key, str(bad)]) == 2
        assert not db.exists() and not list(tmp_path.glob(f"new-{key}.sqlite*"))
    db = tmp_path / "new.sqlite"
    assert main(["--db", str(db), "import", "yaktribe", str(_write(tmp_path, _sample())), "--campaign", "Nope"]) != 0
    assert "no campaign 'Nope'" in capsys.readouterr().err
    assert not db.exists() and not (tmp_path / "backups").exists()
    # an existing database is never taken away
    assert main(["--db", str(db), "import", "yaktribe", str(_write(tmp_path, _sample()))]) == 0
    assert main(["--db", str(db), "import", "yaktribe", str(bad)]) == 2
    assert db.exists()


def test_a_refused_import_into_a_server_database_writes_nothing(engine, tmp_path):
    before = snapshot(engine)
    with pytest.raises(InputError, match="not a Yaktribe gang export"):
        import_yaktribe(engine, _write(tmp_path, {"gangs": []}))
    campaigns.create_campaign(engine, "Bocage", "fubar")
    before = snapshot(engine)
    with pytest.raises(InputError, match="Necromunda campaign"):
        import_yaktribe(engine, _write(tmp_path, _sample()), campaign="Bocage")
    assert snapshot(engine) == before


def test_an_item_of_unknown_cost_is_bought_only_at_a_given_cost(engine, capsys):
    c = campaigns.create_campaign(engine, "New Hive", "necromunda", edition="n26")
    r = rosters.create_roster(engine, c.id, "Rusty Cogs", credits=100)
    f = add_fighter(engine, r.id, "Brak", fighter_type="leader")
    before = snapshot(engine)
    with pytest.raises(InputError, match=r"^the cost of Autopistol is not known .*--cost 25$"):
        gear.buy_item(engine, f.id, "Autopistol")
    assert run(engine, "fighter", "buy", str(f.id), "Autopistol") == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--cost" in err
    assert snapshot(engine) == before
    assert run(engine, "fighter", "buy", str(f.id), "Autopistol", "--cost", "15") == 0
    with read_session(engine) as s:
        assert s.get(Roster, r.id).credits == 85 and s.get(Fighter, f.id).credits_value == 15
        e = s.exec(select(Equipment).where(Equipment.fighter_id == f.id)).one()
        assert (e.name, e.cost) == ("Autopistol", 15)
        assert [x.amount for x in s.exec(select(LedgerEntry).where(LedgerEntry.roster_id == r.id))] == [-15]
    # an item of known cost: --cost must be that cost
    c23 = campaigns.create_campaign(engine, "Old Hive", "necromunda", edition="n23")
    r23 = rosters.create_roster(engine, c23.id, "Irons", credits=100)
    f23 = add_fighter(engine, r23.id, "Gus", fighter_type="leader")
    before = snapshot(engine)
    with pytest.raises(InputError, match="Autopistol costs 10 credits"):
        gear.buy_item(engine, f23.id, "Autopistol", cost=3)
    with pytest.raises(InputError, match="--cost -1 is not a whole number"):
        gear.buy_item(engine, f23.id, "Autopistol", cost=-1)
    assert snapshot(engine) == before
    assert gear.buy_item(engine, f23.id, "Autopistol", cost=10).price == 10


def test_cards_and_roster_print_every_weapon_profile_line(engine, tmp_path, capsys):
    d = import_yaktribe(engine, SAMPLE if _sample() else SAMPLE)
    out = tmp_path / "cards.pdf"
    assert run(engine, "export", "cards", str(d.roster["id"]), "-o", str(out)) == 0
    words = " ".join(" ".join((p.extract_text() or "") for p in PdfReader(str(out)).pages).split())
    assert "default" not in words
    # Maxath-Ja's plasma pistol, both lines (low, maximal); the grenade launcher's frag and krak
    assert "low: S 6\", L 12\", Acc S +2, Acc L -, Str 5, AP -1, D 2, Am 5+" in words
    assert "maximal: S 6\", L 12\", Acc S +1, Acc L -, Str 7, AP -2, D 3, Am 5+" in words
    assert "krak grenades: S 6\", L 24\", Acc S -1, Acc L -, Str 6, AP -2, D 2, Am 6+" in words
    assert "Long las (S 18\", L 36\"" in words
    out = tmp_path / "roster.pdf"
    assert run(engine, "export", "roster", str(d.roster["id"]), "-o", str(out)) == 0
    words = " ".join(" ".join((p.extract_text() or "") for p in PdfReader(str(out)).pages).split())
    assert "Power sword (S -, L E, Acc S -, Acc L -, Str S+1, AP -2, D 1" in words and "default" not in words
    capsys.readouterr()
    with read_session(engine) as s:
        alpha = s.exec(select(Fighter).where(Fighter.name == "Maxath-Ja")).one().id
    assert run(engine, "fighter", "show", str(alpha)) == 0
    shown = capsys.readouterr().out
    assert "    maximal:  S 6\"  L 12\"  Acc S +1  Acc L -  Str 7  AP -2  D 3  Am 5+" in shown
