"""Yaktribe gang import: what maps is imported, the report names what did not."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from campaign_app.cli import main
from campaign_app.errors import InputError, NotFoundError
from campaign_app.systems.necromunda.yaktribe import import_yaktribe, yak_fighter_type
from campaign_app.usecases import campaigns, fighters, journal, rosters

SAMPLE = Path("/work/shared/samples/yaktribe-gang-157849.json")
SAMPLE_DOC: dict = {
    "gang": {
        "gang_id": "157849", "gang_name": "Max's Marauders", "gang_type": "Genestealer Cult",
        "campaign": "Taikkuus' Campaign", "credits": "30", "reputation": "16", "meat": "0",
        "alignment": "Law Abiding", "territories": ["Settlement"], "stash": [],
        "gang_notes": "Bait and Switch\r\nCrossfire",
        "gangers": [
            {"name": "Maxath-Ja", "type": "Cult Alpha", "m": 6, "ws": 3, "bs": 3, "s": 4, "t": 4, "w": 2,
             "i": 3, "a": 2, "ld": 3, "cl": 5, "wil": 5, "int": 4, "cost": "405", "xp": "0", "kills": "0",
             "advance_count": "2",
             "equipment": [{"name": "Power Sword", "qty": "1"}, {"name": "Plasma Pistol", "qty": "2"},
                           {"name": "Mesh Armor", "qty": "1"}],
             "skills": ["Gunfighter"], "injuries": [], "status": "Alive", "notes": "the boss"},
            {"name": "Cherub Beta", "type": "Psychic Familiar", "m": 5, "ws": 4, "bs": 0, "s": 2, "t": 2,
             "w": 1, "i": 2, "a": 1, "ld": 7, "cl": 7, "wil": 6, "int": 7, "cost": "0", "xp": "3",
             "equipment": [], "skills": [], "injuries": [], "status": "Alive"},
            {"name": "Nesh-Tei", "type": "Hybrid Acolyte", "m": "4", "ws": "3", "bs": "2", "s": "4", "t": "3",
             "w": "1", "i": "3", "a": "1", "ld": "4", "cl": "5", "wil": "7", "int": "6", "cost": "215",
             "xp": "0", "equipment": [], "skills": ["Overwatch"],
             "injuries": ["Critical Injury", "Eye Injury", "Grievous Injury", "Bad Knee"],
             "status": "Recovery"},
            {"name": "Gone", "type": "Mystery Thing", "status": "Dead", "xp": "lots"},
            {"name": "Lost One", "type": "Neophyte Hybrid", "status": "Wandering", "ws": 9},
        ],
    }
}


@pytest.fixture(autouse=True)
def _server_backups(tmp_path, monkeypatch):
    """Backups of a PostgreSQL test database go to the test's folder, not the user's."""
    monkeypatch.setenv("CAMPAIGN_APP_BACKUP_DIR", str(tmp_path / "server-backups"))


def _write(tmp_path, doc) -> Path:
    p = tmp_path / "gang.json"
    p.write_text(json.dumps(doc), encoding="utf-8")
    return p


def test_sample_file_imports(sqlite_engine):
    if not SAMPLE.exists():
        pytest.skip("shared Yaktribe sample not present")
    d = import_yaktribe(sqlite_engine, SAMPLE)
    assert d.campaign["name"] == "Taikkuus' Campaign" and d.campaign["system"] == "necromunda"
    assert d.fighters == 18
    roster = rosters.show_roster(sqlite_engine, d.roster["id"])
    assert roster["faction"] == "Genestealer Cult" and roster["credits"] == 30 and roster["reputation"] == 16
    by_name = {f["name"]: f for f in roster["fighters"]}
    alpha = by_name["Maxath-Ja"]
    assert alpha["type"] == "leader" and alpha["role"] == "Cult Alpha"
    assert alpha["stats"]["WS"] == 3 and alpha["stats"]["M"] == 6 and alpha["credits_value"] == 405
    plasma = next(e for e in alpha["equipment"] if e["name"] == "Plasma pistol")  # the catalogue's name
    assert plasma["qty"] == 2
    assert by_name["Waku-Tah"]["status"] == "in-recovery"
    assert by_name["Newest Guy"]["status"] == "dead"
    assert "BS" not in by_name["Cherub Beta"]["stats"]
    messages = [f"{r['where']}: {r['message']}" for r in d.report]
    assert any("Cherub Beta: BS: 0 is outside" in m for m in messages)
    assert "gang: every fighter type and item matched the n23 library" in messages
    assert d.campaign["edition"] == "n23"
    nesh = fighters.show_fighter(sqlite_engine, by_name["Nesh-Tei"]["id"])
    assert [i["label"] for i in nesh["injuries"]] == ["Critical Injury", "Eye Injury"]


def test_report_lists_what_did_not_map(sqlite_engine, tmp_path, snap):
    d = import_yaktribe(sqlite_engine, _write(tmp_path, SAMPLE_DOC))
    messages = [f"{r['where']}: {r['message']}" for r in d.report]
    assert "gangers[3] Gone: fighter type 'Mystery Thing' is not known; mapped to 'ganger'" in messages
    assert "gangers[3] Gone: xp 'lots' is not a whole number; used 0" in messages
    assert "gangers[4] Lost One: status 'Wandering' is not known; set to active" in messages
    assert "gangers[4] Lost One: WS: 9 is outside 2+..6+ (default); left out" in messages
    assert "gangers[1] Cherub Beta: BS: 0 is outside 2+..6+ (default); left out" in messages
    assert any(m.startswith("gangers[2] Nesh-Tei injuries[3]: injury 'Bad Knee' is not on") for m in messages)
    assert any(m.startswith("gang.territories:") for m in messages)
    roster = rosters.show_roster(sqlite_engine, d.roster["id"])
    types = {f["name"]: f["type"] for f in roster["fighters"]}
    assert types == {"Maxath-Ja": "leader", "Cherub Beta": "exotic-beast", "Nesh-Tei": "champion",
                     "Gone": "ganger", "Lost One": "ganger"}
    nesh = next(f for f in roster["fighters"] if f["name"] == "Nesh-Tei")
    assert nesh["conditions"] == ["Grievous Injury", "Bad Knee"] and nesh["status"] == "in-recovery"
    assert nesh["stats"]["BS"] == 2  # numbers given as text
    injuries = fighters.show_fighter(sqlite_engine, nesh["id"])["injuries"]
    assert [i["result"] for i in injuries] == ["critical-injury", "eye-injury"]
    assert "gang: matched nothing in the n23 library: 1 fighter type(s): 'Mystery Thing'" in messages
    assert "Settlement" in roster["notes"] and "Crossfire" in roster["notes"]
    # the import is one undo step; undoing it leaves the campaign it created
    c = d.campaign["name"]
    before = snap(sqlite_engine)
    d2 = import_yaktribe(sqlite_engine, _write(tmp_path, SAMPLE_DOC))
    assert d2.roster["name"] == "Max's Marauders (2)"
    journal.undo(sqlite_engine, c)
    after = snap(sqlite_engine)
    assert after["fighter"] == before["fighter"] and after["roster"] == before["roster"]


def test_into_a_given_campaign(sqlite_engine, tmp_path):
    campaigns.create_campaign(sqlite_engine, "Underhive", "necromunda", "n23")
    d = import_yaktribe(sqlite_engine, _write(tmp_path, SAMPLE_DOC), campaign="Underhive")
    assert d.campaign["name"] == "Underhive" and d.campaign["edition"] == "n23"
    campaigns.create_campaign(sqlite_engine, "Bocage", "fubar")
    with pytest.raises(InputError, match="Necromunda campaign"):
        import_yaktribe(sqlite_engine, _write(tmp_path, SAMPLE_DOC), campaign="Bocage")
    with pytest.raises(NotFoundError):
        import_yaktribe(sqlite_engine, _write(tmp_path, SAMPLE_DOC), campaign="Nowhere")


def test_messy_values_are_best_effort(sqlite_engine, tmp_path):
    doc = copy.deepcopy(SAMPLE_DOC)
    g = doc["gang"]
    g["gang_name"] = "  "
    g["credits"] = "thirty"
    g["gangers"] = [
        "not a fighter",
        {"name": "\x1f\x07", "type": 7, "equipment": "sword", "skills": [None, {"name": "Dodge"}],
         "injuries": {"x": 1}, "m": [1], "status": None},
        {"name": "x" * 500, "equipment": [{"name": "Knife", "qty": "-2"}, 5, {"qty": 1}]},
    ]
    d = import_yaktribe(sqlite_engine, _write(tmp_path, doc))
    messages = [f"{r['where']}: {r['message']}" for r in d.report]
    assert "gangers[0]: is text 'not a fighter', not a fighter; skipped" in messages
    assert "gang.credits: credits 'thirty' is not a whole number; used 0" in messages
    assert d.fighters == 2
    roster = rosters.show_roster(sqlite_engine, d.roster["id"])
    assert roster["name"].startswith("Yaktribe gang")
    names = [f["name"] for f in roster["fighters"]]
    assert names[0] == "Fighter 2" and len(names[1]) == 200
    assert roster["fighters"][0]["skills"] == ["Dodge"]
    assert roster["fighters"][1]["equipment"][0]["qty"] == 1


@pytest.mark.parametrize("doc", [[], {"gangs": {}}, {"gang": "x"}, {"gang": []}, 5, None, {"name": "x"}])
def test_not_a_gang_is_refused(sqlite_engine, tmp_path, snap, doc):
    before = snap(sqlite_engine)
    with pytest.raises(InputError, match="not a Yaktribe gang export"):
        import_yaktribe(sqlite_engine, _write(tmp_path, doc))
    assert snap(sqlite_engine) == before


def test_type_mapping():
    assert yak_fighter_type("Cult Alpha") == "leader"
    assert yak_fighter_type("Hybrid Acolyte Early Gen") == "champion"
    assert yak_fighter_type("Neophyte Hybrid Specialist") == "specialist"
    assert yak_fighter_type("Aberrant") == "brute"
    assert yak_fighter_type("Juve") == "juve"
    assert yak_fighter_type("Ridgehauler") == "vehicle"
    assert yak_fighter_type("Gobbledygook") is None


def test_cli_import_yaktribe(sqlite_url, tmp_path, capsys):
    path = _write(tmp_path, SAMPLE_DOC)
    assert main(["--db", sqlite_url, "import", "yaktribe", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("imported Max's Marauders")
    assert "did not map" in out and "Mystery Thing" in out
    assert main(["--db", sqlite_url, "--json", "import", "yaktribe", str(path), "--campaign",
                 "Taikkuus' Campaign"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["fighters"] == 5 and isinstance(data["report"], list)
    assert all(set(r) == {"where", "message"} for r in data["report"])
    assert main(["--db", sqlite_url, "import", "yaktribe", str(tmp_path / "nope.json")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_import_result_names_the_new_roster_and_its_fighters(sqlite_engine, tmp_path):
    d = import_yaktribe(sqlite_engine, _write(tmp_path, SAMPLE_DOC))
    assert d.changes.structure and d.changes.rosters == {d.roster["id"]}
    assert d.changes.campaigns == {d.campaign["id"]} and len(d.changes.fighters) == d.fighters


def test_into_the_newest_edition_ld_cl_wil_int_become_plain_values(sqlite_engine, tmp_path):
    """Yaktribe writes Ld, Cl, Wil and Int as 2D6 targets (3 for 3+); in n26 they are plain
    values: 14 - T, said once in the report (advance helper, issue #21 item 7)."""
    campaigns.create_campaign(sqlite_engine, "New Hive", "necromunda", "n26")
    d = import_yaktribe(sqlite_engine, _write(tmp_path, SAMPLE_DOC), campaign="New Hive")
    assert d.campaign["edition"] == "n26"  # a campaign named keeps its edition
    first = rosters.show_roster(sqlite_engine, d.roster["id"])["fighters"][0]
    # Ld 3+ is 11 as a plain value: the edition stops at 10 (default), said in the report
    assert {k: first["stats"][k] for k in ("Ld", "Cl", "Wil", "Int")} == {"Ld": 10, "Cl": 9, "Wil": 9, "Int": 10}
    assert any("14 - T" in r["message"] for r in d.report)
    assert any(r["message"] == "Ld 3+ is 11 as a plain value, outside 4..10 (default): set to 10" for r in d.report)
    campaigns.create_campaign(sqlite_engine, "Old Hive", "necromunda", "n23")
    d = import_yaktribe(sqlite_engine, _write(tmp_path, SAMPLE_DOC), campaign="Old Hive")
    first = rosters.show_roster(sqlite_engine, d.roster["id"])["fighters"][0]
    assert first["stats"]["Ld"] == 3 and not any("14 - T" in r["message"] for r in d.report)
