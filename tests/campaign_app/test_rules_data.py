"""The shipped rule tables (campaign_app/systems/<pkg>/rules/*.toml) load, cover their dice
exactly, and hold the facts of the rules digest; broken tables are refused with a
message naming the file, table and row."""

from __future__ import annotations

import pytest

from campaign_app.dice import parse_spec
from campaign_app.errors import RulesDataError
from campaign_app.rules.loader import load_rulebook, parse_rule_file, shipped_files

EXPECTED_FILES = {
    "nuts.toml",
    "weird_ww2.toml",
    "necromunda_n26.toml",
    "necromunda_n23.toml",
    "fubar.toml",
    "unit_morale.toml",
}


def _book():
    return load_rulebook()


def _rolled_ids() -> list[str]:
    return sorted(tid for tid, t in _book().tables.items() if t.rolled)


def _d66() -> list[int]:
    return [t * 10 + u for t in range(1, 7) for u in range(1, 7)]


def _results(table_id: str, values) -> dict[int, str]:
    t = _book().table(table_id)
    return {v: t.lookup(v).result for v in values}


def _effects(table_id: str, roll: int) -> list[dict]:
    return [e.to_dict() for e in _book().table(table_id).lookup(roll).effects]


# --------------------------------------------------------------------------
# Loading
# --------------------------------------------------------------------------


def test_every_shipped_file_loads():
    names = {name for name, _ in shipped_files()}
    assert EXPECTED_FILES <= names
    book = _book()
    assert {f.name for f in book.files} >= EXPECTED_FILES
    assert len(book.tables) >= 40


def test_meta_of_each_file():
    by_name = {f.name: f for f in _book().files}
    assert (by_name["nuts.toml"].system, by_name["nuts.toml"].expansion) == ("nuts", "")
    assert (by_name["weird_ww2.toml"].system, by_name["weird_ww2.toml"].expansion) == (
        "nuts",
        "weird-ww2",
    )
    assert (by_name["necromunda_n26.toml"].system, by_name["necromunda_n26.toml"].edition) == (
        "necromunda",
        "n26",
    )
    assert (by_name["necromunda_n23.toml"].system, by_name["necromunda_n23.toml"].edition) == (
        "necromunda",
        "n23",
    )
    assert by_name["fubar.toml"].system == "fubar"
    assert by_name["unit_morale.toml"].system == "unit-morale"


def test_campaign_views_split_by_edition_and_expansion():
    book = _book()
    n23 = book.for_campaign("necromunda", "n23")
    n26 = book.for_campaign("necromunda", "n26")
    assert "n23-lasting-injury" in n23 and "n26-lasting-injury" not in n23
    assert "n26-lasting-injury" in n26 and "n23-lasting-injury" not in n26
    core = book.for_campaign("nuts")
    weird = book.for_campaign("nuts", expansions=["weird-ww2"])
    assert "nuts-recovery" in core and "ww2-gen-vampire" not in core
    assert {"nuts-recovery", "ww2-gen-vampire"} <= set(weird)
    data = book.data("nuts", expansions=["weird-ww2"])
    assert "stake" in data["weapons"]
    assert "zombie" in data["creatures"]


def test_default_tables_say_so_in_their_note():
    defaults = [t for t in _book().tables.values() if t.default]
    assert len(defaults) >= 15
    for t in defaults:
        assert "default" in t.note.lower(), t.id
        assert "house rule" in t.note.lower(), t.id


# --------------------------------------------------------------------------
# Coverage: every outcome of every rolled table maps to exactly one row
# --------------------------------------------------------------------------


@pytest.mark.parametrize("table_id", _rolled_ids())
def test_every_outcome_maps_to_exactly_one_row(table_id):
    t = _book().table(table_id)
    spec = parse_spec(t.dice)
    for v in spec.outcomes():
        hits = [r for r in t.rows if r.covers(v)]
        assert len(hits) == 1, f"{table_id}: roll {v} hits {len(hits)} rows"
        assert t.lookup(v) is hits[0]


@pytest.mark.parametrize("table_id", _rolled_ids())
def test_roll_again_effects_point_at_real_rows(table_id):
    book = _book()
    for row in book.table(table_id).rows:
        for e in row.effects:
            if e.op != "roll-again":
                continue
            target = book.table(e.get("table"))
            known = {r.result for r in target.rows}
            assert set(e.get("reroll", [])) <= known, (table_id, row.roll)
            times = e.get("times", 1)
            if not isinstance(times, int):
                parse_spec(times)


@pytest.mark.parametrize("edition", ["n23", "n26"])
def test_necromunda_stat_effects_name_known_characteristics(edition):
    book = _book()
    data = book.data("necromunda", edition)
    known = set(data["characteristics"]) | set(data.get("vehicle_characteristics", {}))
    for t in book.for_campaign("necromunda", edition).values():
        for row in t.rows:
            for e in row.effects:
                if e.op == "stat":
                    assert e.get("stat") in known, (t.id, row.roll, e.get("stat"))


# --------------------------------------------------------------------------
# D66 lasting injuries: all 36 outcomes, written out from the rules digest
# --------------------------------------------------------------------------

N26_LASTING_INJURY = {
    11: "lesson-learnt",
    12: "eternal-enmity",
    13: "bitter-enmity",
    14: "personal-enmity",
    15: "horrid-scars",
    16: "impressive-scars",
    21: "out-cold", 22: "out-cold", 23: "out-cold",
    24: "out-cold", 25: "out-cold", 26: "out-cold",
    31: "grievous-wound", 32: "grievous-wound", 33: "grievous-wound",
    34: "grievous-wound", 35: "grievous-wound", 36: "grievous-wound",
    41: "grievous-wound", 42: "grievous-wound", 43: "grievous-wound",
    44: "grievous-wound", 45: "grievous-wound", 46: "grievous-wound",
    51: "eye-injury",
    52: "hand-injury",
    53: "hobbled",
    54: "spinal-injury",
    55: "enfeebled",
    56: "head-injury",
    61: "captured", 62: "captured",
    63: "critical-injury", 64: "critical-injury", 65: "critical-injury",
    66: "memorable-death",
}  # fmt: skip

N23_LASTING_INJURY = {
    11: "lesson-learned",
    12: "impressive-scars",
    13: "horrid-scars",
    14: "bitter-enmity",
    15: "out-cold", 16: "out-cold",
    21: "out-cold", 22: "out-cold", 23: "out-cold",
    24: "out-cold", 25: "out-cold", 26: "out-cold",
    31: "convalescence", 32: "convalescence", 33: "convalescence",
    34: "convalescence", 35: "convalescence", 36: "convalescence",
    41: "old-battle-wound",
    42: "partially-deafened",
    43: "humiliated",
    44: "eye-injury",
    45: "hand-injury",
    46: "hobbled",
    51: "spinal-injury",
    52: "enfeebled",
    53: "head-injury",
    54: "multiple-injuries",
    55: "captured", 56: "captured",
    61: "critical-injury", 62: "critical-injury", 63: "critical-injury",
    64: "critical-injury", 65: "critical-injury",
    66: "memorable-death",
}  # fmt: skip


def test_expected_d66_mappings_are_complete():
    assert sorted(N26_LASTING_INJURY) == _d66()
    assert sorted(N23_LASTING_INJURY) == _d66()


@pytest.mark.parametrize("roll", _d66())
def test_n26_lasting_injury_outcome(roll):
    assert _book().table("n26-lasting-injury").lookup(roll).result == N26_LASTING_INJURY[roll]


@pytest.mark.parametrize("roll", _d66())
def test_n23_lasting_injury_outcome(roll):
    assert _book().table("n23-lasting-injury").lookup(roll).result == N23_LASTING_INJURY[roll]


def test_n26_lasting_injury_effects():
    e = _effects
    assert e("n26-lasting-injury", 11) == [{"op": "xp", "dice": "d3"}]
    assert e("n26-lasting-injury", 12) == [{"op": "condition", "value": "hatred-gang-type"}]
    assert e("n26-lasting-injury", 13) == [{"op": "condition", "value": "hatred-gang"}]
    assert e("n26-lasting-injury", 14) == [{"op": "condition", "value": "hatred-fighter"}]
    assert e("n26-lasting-injury", 15) == [{"op": "condition", "value": "fearsome"}]
    # Ld is a plain value in this edition: +1 Leadership is one higher.
    assert e("n26-lasting-injury", 16) == [{"op": "stat", "stat": "Ld", "delta": 1}]
    assert e("n26-lasting-injury", 23) == []
    rec = {"op": "status", "value": "in-recovery"}
    for roll in (31, 36, 41, 46):
        assert e("n26-lasting-injury", roll) == [rec]
    assert e("n26-lasting-injury", 51) == [rec, {"op": "stat", "stat": "BS", "delta": 1}]
    assert e("n26-lasting-injury", 52) == [rec, {"op": "stat", "stat": "WS", "delta": 1}]
    assert e("n26-lasting-injury", 53) == [rec, {"op": "stat", "stat": "M", "delta": -1}]
    assert e("n26-lasting-injury", 54) == [rec, {"op": "stat", "stat": "S", "delta": -1}]
    assert e("n26-lasting-injury", 55) == [rec, {"op": "stat", "stat": "T", "delta": -1}]
    assert e("n26-lasting-injury", 56) == [rec, {"op": "stat", "stat": "Ld", "delta": -1}]
    assert e("n26-lasting-injury", 62) == [{"op": "status", "value": "captured"}]
    assert e("n26-lasting-injury", 64) == [rec, {"op": "condition", "value": "critical-injury"}]
    assert e("n26-lasting-injury", 66) == [{"op": "status", "value": "dead"}]


def test_n26_lasting_damage_rows():
    expected = {
        11: "lesson-learnt", 12: "eternal-enmity", 13: "bitter-enmity", 14: "personal-enmity",
        15: "percussive-repair", 16: "percussive-repair",
        21: "superficial-damage", 26: "superficial-damage",
        31: "major-damage", 46: "major-damage",
        51: "busted-sights", 52: "busted-sights", 53: "drive-system-fault",
        54: "buckled-frame", 55: "engine-fracture", 56: "engine-fracture",
        61: "captured", 62: "captured",
        63: "critical-damage", 65: "critical-damage", 66: "catastrophic-explosion",
    }  # fmt: skip
    assert _results("n26-lasting-damage", expected) == expected
    assert {"op": "status", "value": "in-recovery"} in _effects("n26-lasting-damage", 40 + 4)
    assert {"op": "status", "value": "dead"} in _effects("n26-lasting-damage", 66)
    assert {"op": "condition", "value": "critical-damage"} in _effects("n26-lasting-damage", 63)


def test_n23_lasting_injury_effects():
    e = _effects
    rec = {"op": "status", "value": "in-recovery"}
    conv = {"op": "status", "value": "convalescence"}
    assert e("n23-lasting-injury", 11) == [conv, {"op": "xp", "dice": "d3"}]
    assert {"op": "stat", "stat": "Cl", "delta": -1} in e("n23-lasting-injury", 12)
    assert {"op": "condition", "value": "impressive-scars"} in e("n23-lasting-injury", 12)
    assert e("n23-lasting-injury", 33) == [conv]
    assert e("n23-lasting-injury", 43) == [
        conv,
        {"op": "stat", "stat": "Ld", "delta": 1},
        {"op": "stat", "stat": "Cl", "delta": 1},
    ]
    for roll in (41, 42, 44, 45, 46, 51, 52, 53):
        assert e("n23-lasting-injury", roll)[0] == rec, roll
    assert e("n23-lasting-injury", 53)[1:] == [
        {"op": "stat", "stat": "Int", "delta": 1},
        {"op": "stat", "stat": "Wil", "delta": 1},
    ]
    (multi,) = e("n23-lasting-injury", 54)
    assert multi["op"] == "roll-again"
    assert multi["table"] == "n23-lasting-injury"
    assert multi["times"] == "d3"
    assert set(multi["reroll"]) == {
        "multiple-injuries", "out-cold", "captured", "critical-injury", "memorable-death",
    }  # fmt: skip
    assert e("n23-lasting-injury", 63) == [rec, {"op": "condition", "value": "critical-injury"}]
    assert e("n23-lasting-injury", 66) == [{"op": "status", "value": "dead"}]


def test_n23_post_battle_tables_and_xp():
    assert _results("n23-lasting-damage", range(1, 7)) == {
        1: "persistent-rattle", 2: "handling-glitch", 3: "unreliable",
        4: "loss-of-power", 5: "damaged-bodywork", 6: "damaged-frame",
    }  # fmt: skip
    assert "7" in _book().table("n23-lasting-damage").note
    assert _results("n23-seriously-injured", range(1, 7)) == {
        1: "out-of-action", 2: "out-of-action", 3: "fine", 4: "fine", 5: "fine", 6: "fine",
    }  # fmt: skip
    assert _results("n23-escape", range(1, 7)) == {
        1: "still-captured", 2: "still-captured", 3: "still-captured",
        4: "escapes", 5: "escapes", 6: "escapes",
    }  # fmt: skip
    assert _results("n23-medical-escort", range(1, 7)) == {
        1: "dies", 2: "saved", 3: "saved", 4: "saved", 5: "saved", 6: "saved",
    }  # fmt: skip
    assert _effects("n23-medical-escort", 1) == [{"op": "status", "value": "dead"}]
    xp = _book().data("necromunda", "n23")["xp"]
    assert xp == {
        "serious_injury_caused": 1,
        "out_of_action_caused": 2,
        "leader_champion_bonus": 1,
        "took_part": 1,
    }


@pytest.mark.parametrize("edition", ["n23", "n26"])
def test_necromunda_characteristics(edition):
    data = _book().data("necromunda", edition)
    chars = data["characteristics"]
    if edition == "n23":
        assert list(chars) == ["M", "WS", "BS", "S", "T", "W", "I", "A", "Ld", "Cl", "Wil", "Int"]
        targets, values = ("WS", "BS", "Ld", "Cl", "Wil", "Int"), ("M", "S", "T", "W", "A")
    else:  # n26: a Save; Ld, Cl, Wil and Int are plain values
        assert list(chars) == ["M", "WS", "BS", "S", "T", "W", "I", "A", "Sv", "Ld", "Cl", "Wil", "Int"]
        targets, values = ("WS", "BS", "Sv"), ("M", "S", "T", "W", "A", "I", "Ld", "Cl", "Wil", "Int")
        assert (chars["Sv"]["min"], chars["Sv"]["max"]) == (2, 6)
    for key in targets:
        assert chars[key]["kind"] == "target" and chars[key]["lower_is_better"] is True
    for key in values:
        assert chars[key]["kind"] == "value" and chars[key]["lower_is_better"] is False
    for c in chars.values():
        assert c["min"] < c["max"]
    assert (chars["WS"]["min"], chars["WS"]["max"]) == (2, 6)
    # the public ranges (docs/rules-fidelity.md), labelled defaults: n23 3+ to 10+, n26 4 to 10
    assert (chars["Ld"]["min"], chars["Ld"]["max"]) == ((3, 10) if edition == "n23" else (4, 10))
    assert chars["Ld"].get("default") is True
    assert "leader" in data["fighter_types"] and "vehicle" in data["fighter_types"]
    assert len(data["post_battle"]["steps"]) >= 4


# --------------------------------------------------------------------------
# NUTS! and Weird WWII
# --------------------------------------------------------------------------


def test_nuts_after_battle_defaults():
    book = _book()
    for tid in ("nuts-recovery", "nuts-rep-increase", "nuts-rep-decrease",
                "nuts-replacements", "nuts-grunt-rep"):  # fmt: skip
        assert book.table(tid).default, tid
        assert book.table(tid).group == "after-battle"
    assert book.table("nuts-recovery").dice == "pass:2d6"
    assert _results("nuts-recovery", [0, 1, 2]) == {
        2: "return-to-duty", 1: "wounded", 0: "lost",
    }  # fmt: skip
    assert _effects("nuts-recovery", 2) == [{"op": "status", "value": "active"}]
    assert _effects("nuts-recovery", 1) == [{"op": "status", "value": "in-recovery"}]
    assert _effects("nuts-recovery", 0) == [{"op": "status", "value": "lost"}]

    inc = book.table("nuts-rep-increase")
    assert inc.dice == "d6"
    assert {v: inc.lookup(v).result for v in range(1, 7)} == {
        1: "compare-rep", 2: "compare-rep", 3: "compare-rep", 4: "compare-rep",
        5: "compare-rep", 6: "rep-up",
    }  # fmt: skip
    assert _effects("nuts-rep-increase", 6) == [{"op": "rep", "delta": 1}]
    assert "greater than" in inc.note

    assert _results("nuts-rep-decrease", range(1, 7)) == {
        1: "rep-down", 2: "no-change", 3: "no-change", 4: "no-change", 5: "no-change",
        6: "no-change",
    }  # fmt: skip
    assert _effects("nuts-rep-decrease", 1) == [{"op": "rep", "delta": -1}]

    assert [_effects("nuts-replacements", p) for p in (2, 1, 0)] == [
        [{"op": "new-figures", "count": 2}],
        [{"op": "new-figures", "count": 1}],
        [{"op": "new-figures", "count": 0}],
    ]
    grunt = {v: _effects("nuts-grunt-rep", v)[0]["value"] for v in range(1, 7)}
    assert grunt == {1: 3, 2: 3, 3: 4, 4: 4, 5: 4, 6: 5}


def test_nuts_in_battle_tables():
    book = _book()
    assert book.table("nuts-activation").dice == "pass:1d6"
    assert _results("nuts-fast-move", [0, 1, 2]) == {2: "move-16", 1: "move-12", 0: "move-8"}
    for tid in ("nuts-reaction-man-down", "nuts-reaction-recover", "nuts-reaction-rally"):
        t = book.table(tid)
        assert t.dice == "pass:2d6" and t.group == "reaction"
    assert book.table("nuts-reaction-man-down").lookup(0).result == "leave-battlefield"
    assert "half strength" in book.table("nuts-reaction-recover").lookup(1).text
    shooting = book.table("nuts-shooting")
    assert not shooting.rolled
    assert [e["total"] for e in shooting.entries] == ["3-7", "8", "9", "10+"]
    assert [e["result"] for e in book.table("nuts-shooting-damage").entries] == [
        "obviously-dead", "out-of-the-fight", "duck-back",
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("table_id", "reps"),
    [
        ("ww2-gen-vampire", (4, 5, 6)),
        ("ww2-gen-werewolf", (4, 5, 6)),
        ("ww2-gen-monster", (4, 5, 6)),
        ("ww2-gen-armoured-light", (3, 4, 5)),
        ("ww2-gen-armoured-heavy", (3, 4, 5)),
        ("ww2-gen-rocket-trooper", (3, 4, 5)),
    ],
)
def test_creature_generation_defaults(table_id, reps):
    t = _book().table(table_id)
    assert t.dice == "d6" and t.default and t.expansion == "weird-ww2"
    low, mid, high = reps
    got = {v: _effects(table_id, v) for v in range(1, 7)}
    want = {1: low, 2: low, 3: mid, 4: mid, 5: mid, 6: high}
    assert got == {v: [{"op": "set-rep", "value": r}] for v, r in want.items()}


def test_weird_ww2_tables_and_data():
    book = _book()
    assert book.table("ww2-zombie-arrival").dice == "pass:2d6"
    assert _results("ww2-zombie-arrival", [0, 1, 2]) == {
        2: "zombies-arrive", 1: "one-zombie", 0: "no-zombies",
    }  # fmt: skip
    assert "1d3+1" in _effects("ww2-zombie-arrival", 2)[0]["value"]
    assert _results("ww2-bite", [0, 1]) == {1: "just-a-scratch", 0: "turns"}
    assert {"op": "status", "value": "turned"} in _effects("ww2-bite", 0)

    data = book.data("nuts", expansions=["weird-ww2"])
    creatures = data["creatures"]
    assert set(creatures) == {
        "zombie", "vampire", "werewolf", "monster",
        "armoured-light", "armoured-heavy", "rocket-trooper",
    }  # fmt: skip
    assert creatures["zombie"]["rep"] == 2 and "gen_table" not in creatures["zombie"]
    for kind, c in creatures.items():
        assert c["label"] and c["abilities"], kind
        if "gen_table" in c:
            assert book.table(c["gen_table"]).rolled
        if "damage_table" in c:
            book.table(c["damage_table"])
    assert creatures["armoured-light"]["armour"] == 1
    assert creatures["armoured-heavy"]["armour"] == 2

    walker = data["walker_types"]["soviet-medium"]
    assert (walker["armour_front"], walker["armour_side"]) == (3, 2)
    assert (walker["gun1"], walker["gun2"]) == ("4", "Grenade")
    assert walker["aa_mg"] is False and walker["hull_mg"] is True
    assert walker["speed_road"] == 24

    # each walker test is its own rollable table (top result first, as on the QRS)
    walker_tables = {
        "ww2-walker-in-sight": ("In Sight", "pass:1d6"), "ww2-walker-place-round": ("Place Round", "pass:2d6"),
        "ww2-walker-penetration": ("Penetration", "pass:2d6"), "ww2-walker-clank": ("Clank", "pass:2d6"),
        "ww2-walker-run-over": ("Run Over", "pass:1d6+1"), "ww2-walker-will-it-stand": ("Will It Stand", "pass:1d6"),
        "ww2-walker-losing-control": ("Losing Control", "pass:2d6+1"),
        "ww2-walker-stomp": ("Don't Let 'Em Stomp Ya", "pass:2d6"),
        "ww2-walker-driver-disabled": ("Driver Disabled", "pass:1d6"),
    }
    for tid, (name, dice) in walker_tables.items():
        t = book.table(tid)
        assert t.title.startswith(name) and t.dice == dice and t.target and t.group == "walkers"
        top = int(dice[5])
        assert [r.roll for r in t.rows] == [str(n) for n in range(top, -1, -1)]
    # seed 001: each remaining crew member rolls 1d6 vs Rep: pass 1 prone, pass 0 out of the fight
    assert _results("ww2-walker-driver-disabled", [0, 1]) == {1: "prone", 0: "out-of-the-fight"}
    assert _results("ww2-walker-penetration", [0, 1, 2]) == {2: "penetrates", 1: "disabled", 0: "clank"}

    weapons = data["weapons"]
    assert weapons["single-edged-blade"]["impact"] == 2
    assert weapons["bludgeon"]["impact"] == 1 and weapons["stake"]["targets"] == 1
    assert "impact" not in weapons["bow"] and "impact" not in weapons["crossbow"]


# --------------------------------------------------------------------------
# FUBAR and unit morale
# --------------------------------------------------------------------------


def test_fubar_training_levels():
    training = _book().data("fubar")["training"]
    got = {
        k: (v["activation"], v["expertise"], v["max_suppressed"], v["order"])
        for k, v in training.items()
    }
    assert got == {
        "green": (5, 6, 1, 1),
        "seasoned": (4, 5, 2, 2),
        "veteran": (3, 4, 3, 3),
        "elite": (2, 4, 4, 4),
    }
    assert training["green"]["aliases"] == ["Recluta"]
    assert training["seasoned"]["aliases"] == ["Esperto"]
    assert training["veteran"]["aliases"] == ["Veterano"]
    assert len(_book().table("fubar-training").entries) == 4


def test_fubar_weapons_and_armour():
    data = _book().data("fubar")
    weapons = {k: (w["range"], w["fp"]) for k, w in data["weapons"].items()}
    assert weapons == {
        "pistol": (8, 1), "rifle": (24, 1), "assault-rifle": (24, 1), "sniper-rifle": (32, 2),
        "smg": (16, 3), "lmg": (32, 3), "shotgun": (8, 3), "hmg": (32, 4), "flamer": (8, 4),
        "grenade-launcher": (8, 3), "rpg": (24, 3), "light-at-gun": (32, 3),
        "light-mortar": (40, 3), "light-cannon": (32, 4), "heavy-cannon": (48, 6),
    }  # fmt: skip
    ar = data["weapons"]["assault-rifle"]
    assert (ar["close_fp"], ar["close_range"]) == (2, 12)
    assert {k: a["save"] for k, a in data["armour"]["personal"].items()} == {
        "light": 6, "medium": 5, "heavy": 4, "power": 3, "battle": 2,
    }  # fmt: skip
    assert {k: a["save"] for k, a in data["armour"]["vehicle"].items()} == {
        "none": 6, "light": 5, "medium": 4, "heavy": 3, "ultra-heavy": 2,
    }  # fmt: skip
    assert [p["key"] for p in data["sequence"]["phases"]][0] == "initiative"


def test_fubar_tables():
    assert _results("fubar-vehicle-damage", range(1, 7)) == {
        1: "crew-stunned", 2: "crew-stunned", 3: "immobilised",
        4: "weapon-destroyed", 5: "weapon-destroyed", 6: "destroyed",
    }  # fmt: skip


@pytest.mark.parametrize(("casualty", "promotion"), [
    ("squad-casualty", "squad-promotion"), ("um-casualty", "um-promotion"),
])  # fmt: skip
def test_squad_after_battle_defaults(casualty, promotion):
    book = _book()
    assert book.table(casualty).default and book.table(promotion).default
    fates = {v: _effects(casualty, v)[0]["value"] for v in range(1, 7)}
    assert fates == {1: "lost", 2: "lost", 3: "wounded", 4: "wounded", 5: "back", 6: "back"}
    assert all(_effects(casualty, v)[0]["op"] == "figures" for v in range(1, 7))
    assert [_effects(promotion, v) for v in range(1, 5)] == [[]] * 4
    assert _effects(promotion, 5) == _effects(promotion, 6) == [{"op": "training", "delta": 1}]


def test_unit_morale_data():
    data = _book().data("unit-morale")
    assert list(data["discipline"]) == [
        "confident", "suppressed", "shaken", "demoralised", "destroyed", "prisoner",
    ]  # fmt: skip
    assert [d["order"] for d in data["discipline"].values()] == [1, 2, 3, 4, 5, 6]
    orders = data["orders"]
    assert list(orders) == ["hold", "sneak", "advance", "run"]
    assert orders["advance"]["move_cm"] == 20
    assert orders["sneak"]["move_change_cm"] == -10
    assert orders["run"]["move_change_cm"] == 10 and orders["run"]["can_fire"] is False
    assert orders["hold"]["moves"] is False
    assert [p["label"] for p in data["sequence"]["phases"]] == [
        "Discipline", "Orders", "Movement", "Shooting", "Close Combat",
    ]  # fmt: skip
    assert len(_book().table("um-state-changes").entries) >= 3


def test_table_ids_unique_and_kebab_case():
    seen: dict[str, str] = {}
    for name, text in shipped_files():
        for t in parse_rule_file(name, text).tables:
            assert t.id not in seen, f"{t.id} in {name} and {seen.get(t.id)}"
            seen[t.id] = name
            assert t.id == t.id.lower() and "_" not in t.id


# --------------------------------------------------------------------------
# Broken tables are refused, naming file, table and row
# --------------------------------------------------------------------------

HEAD = '[meta]\nsystem = "test"\n\n'


def _d6_table(rows: str, dice: str = "d6") -> str:
    return HEAD + f'[tables.broken-table]\ntitle = "Broken"\ndice = "{dice}"\n\n' + rows


def _row(roll: str, result: str, effects: str = "") -> str:
    eff = f"effects = [ {effects} ]\n" if effects else ""
    return f'[[tables.broken-table.rows]]\nroll = "{roll}"\nresult = "{result}"\n{eff}\n'


def test_gap_is_refused():
    text = _d6_table(_row("1-2", "low") + _row("4-6", "high"))
    with pytest.raises(RulesDataError) as err:
        parse_rule_file("house.toml", text)
    msg = str(err.value)
    assert "no row covers a roll of 3" in msg
    assert "broken-table" in msg and "house.toml" in msg


def test_overlap_is_refused():
    text = _d6_table(_row("1-3", "low") + _row("3-6", "high"))
    with pytest.raises(RulesDataError) as err:
        parse_rule_file("house.toml", text)
    msg = str(err.value)
    assert "rows 1 and 2 both cover a roll of 3" in msg
    assert "broken-table" in msg and "house.toml" in msg


def test_unknown_effect_op_is_refused():
    text = _d6_table(_row("1-3", "low") + _row("4-6", "high", '{ op = "explode" }'))
    with pytest.raises(RulesDataError) as err:
        parse_rule_file("house.toml", text)
    msg = str(err.value)
    assert "unknown effect op 'explode'" in msg
    assert "house.toml" in msg and "broken-table" in msg and "row 2" in msg


def test_bad_dice_spec_is_refused():
    text = _d6_table(_row("1-6", "all"), dice="d7")
    with pytest.raises(RulesDataError) as err:
        parse_rule_file("house.toml", text)
    msg = str(err.value)
    assert "unknown dice" in msg and "d7" in msg
    assert "house.toml" in msg and "broken-table" in msg


def test_row_that_cannot_come_up_is_refused():
    text = _d6_table(_row("1-6", "all") + _row("7+", "never"))
    with pytest.raises(RulesDataError) as err:
        parse_rule_file("house.toml", text)
    assert "row 2" in str(err.value) and "cannot come up" in str(err.value)


def test_bad_status_value_is_refused():
    text = _d6_table(_row("1-6", "all", '{ op = "status", value = "sleepy" }'))
    with pytest.raises(RulesDataError) as err:
        parse_rule_file("house.toml", text)
    assert "row 1" in str(err.value) and "sleepy" in str(err.value)


def test_good_inline_table_parses():
    text = _d6_table(_row("1-3", "low") + _row("4-6", "high", '{ op = "rep", delta = 1 }'))
    rf = parse_rule_file("house.toml", text)
    (t,) = rf.tables
    assert t.lookup(3).result == "low" and t.lookup(4).result == "high"
    assert t.lookup(5).effects[0].to_dict() == {"op": "rep", "delta": 1}


# --------------------------------------------------------------------------
# Wrong types and missing or unknown keys: one line with the path (the pydantic
# models of campaign_app/rules/schema.py)
# --------------------------------------------------------------------------


def _table(body: str) -> str:
    return HEAD + '[tables.broken-table]\ntitle = "Broken"\ndice = "d6"\n' + body


@pytest.mark.parametrize(("text", "expected"), [
    (_table(_row("1-3", "low") + '[[tables.broken-table.rows]]\nroll = true\nresult = "high"\n'),
     "house.toml: tables.broken-table.rows[1].roll: must be a number or a range like '3-7', not true/false"),
    (_table(_row("1-3", "low") + '[[tables.broken-table.rows]]\nroll = "4 to 6"\nresult = "high"\n'),
     "house.toml: tables.broken-table.rows[1].roll: roll '4 to 6' must be a number or a range like '3-7'"),
    (_table('[[tables.broken-table.rows]]\nroll = "1-6"\n'),
     "house.toml: tables.broken-table.rows[0].result: is required"),
    (_table('[[tables.broken-table.rows]]\nroll = "1-6"\nresult = "Low Roll"\n'),
     "house.toml: tables.broken-table.rows[0].result: result 'Low Roll' must be a kebab-case key"),
    (_table('[[tables.broken-table.rows]]\nroll = "1-6"\nresult = "all"\nlabel = 3\n'),
     "house.toml: tables.broken-table.rows[0].label: must be text, not a whole number"),
    (_table('[[tables.broken-table.rows]]\nroll = "1-6"\nresult = "all"\nefects = []\n'),
     "house.toml: tables.broken-table.rows[0].efects: is not a known key"),
    (_table('[[tables.broken-table.rows]]\nroll = "1-6"\nresult = "all"\neffects = { op = "remove" }\n'),
     "house.toml: tables.broken-table.rows[0].effects: must be a list, not a table"),
    (_table('[[tables.broken-table.rows]]\nroll = "1-6"\nresult = "all"\neffects = [ "remove" ]\n'),
     "house.toml: tables.broken-table.rows[0].effects[0]: must be a table, not text"),
    (_table('default = "yes"\n' + _row("1-6", "all")),
     "house.toml: tables.broken-table.default: must be true or false, not text"),
    (HEAD + '[tables.broken-table]\ndice = "d6"\n', "house.toml: tables.broken-table.title: is required"),
    (HEAD + '[tables.broken-table]\ntitle = "Broken"\ndice = 6\n',
     "house.toml: tables.broken-table.dice: must be text, not a whole number"),
    (HEAD + 'tables = 3\n', "house.toml: meta.tables: is not a known key"),
    ('tables = 3\n[meta]\nsystem = "test"\n', "house.toml: tables: must be a table, not a whole number"),
    ('[tables.broken-table]\ntitle = "Broken"\ndice = "none"\n', "house.toml: meta: is required"),
    ('[meta]\nsystem = 3\n', "house.toml: meta.system: must be text, not a whole number"),
])  # fmt: skip
def test_wrong_types_and_keys_give_one_line_with_the_path(text, expected):
    with pytest.raises(RulesDataError) as err:
        parse_rule_file("house.toml", text)
    assert str(err.value) == expected


def test_house_rule_errors_name_the_house_rule_and_the_path():
    from campaign_app.rules import parse_table

    with pytest.raises(RulesDataError, match=r"^house rule: tables\.nuts-recovery: must be a table, not text$"):
        parse_table("nuts-recovery", "none", "house rule")
    rows = [{"roll": "0", "result": "lost"}, {"roll": "1-2", "result": "back", "text": ["Back"]}]
    with pytest.raises(RulesDataError) as err:
        parse_table("nuts-recovery", {"title": "Recovery", "dice": "pass:2d6", "rows": rows}, "house rule")
    assert str(err.value) == "house rule: tables.nuts-recovery.rows[1].text: must be text, not a list"
    with pytest.raises(RulesDataError, match="^house rule: table Bad_Id: table id must be"):
        parse_table("Bad_Id", {"title": "Recovery", "dice": "none"}, "house rule")


def test_labels_default_to_the_result_and_the_free_sections_stay():
    text = _table('[[tables.broken-table.rows]]\nroll = 1\nresult = "one"\n'
                  '[[tables.broken-table.rows]]\nroll = "2-6"\nresult = "more"\nlabel = "More"\n'
                  '\n[weapons.club]\nimpact = 1\n')
    rf = parse_rule_file("house.toml", text)
    (t,) = rf.tables
    assert [(r.roll, r.label) for r in t.rows] == [("1", "one"), ("2-6", "More")]
    assert rf.data == {"weapons": {"club": {"impact": 1}}} and rf.title == "test"


def test_a_stored_house_rule_with_numbers_where_text_goes_still_loads():
    """House rules saved raw before the models (JSON imports) kept numbers in target,
    note and group and 0/1 for default: they load as the loader always read them."""
    from campaign_app.rules import parse_table

    t = parse_table("old-house-rule", {"title": "Old", "dice": "d6", "target": 7, "note": 3,
                                       "group": 1, "default": 1,
                                       "rows": [{"roll": "1-6", "result": "ok", "label": "Ok"}]},
                    "house rule")
    assert (t.target, t.note, t.group, t.default) == ("7", "3", "1", True)
