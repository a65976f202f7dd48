"""Necromunda N23 content as data (issue #30 item 1): houses, fighter types, equipment
lists, the catalogue's weapon profiles and Trading Post rarity, skills by set, and the
checks the rules loader makes of them."""

from __future__ import annotations

import pytest

from campaign_app.errors import InputError, RulesDataError
from campaign_app.rules import loader as L
from campaign_app.rules.loader import load_rulebook
from campaign_app.systems.necromunda import content as C

META = '[meta]\nsystem = "necromunda"\nedition = "n23"\n'


@pytest.fixture(scope="module")
def n23() -> C.Content:
    return C.content("n23")


def test_the_shipped_content_loads_and_every_reference_resolves(n23):
    assert {"orlock"} <= set(n23.houses)
    for t in n23.types.values():
        assert t.house in n23.houses
        for key in t.equipment:
            assert key in n23.items, (t.key, key)
        if t.equipment_list:
            assert t.equipment_list in n23.lists, t.key
        for s in (*t.primary, *t.secondary):
            assert s in n23.skill_sets, (t.key, s)
        assert isinstance(t.cost, int) and t.cost_known
    for lid, items in n23.lists.items():
        for key, cost in items.items():
            assert key in n23.items, (lid, key)
            assert type(cost) is int and cost >= 0


def test_every_weapon_has_a_profile_or_says_it_has_none(n23):
    fields = {"rng_s", "rng_l", "acc_s", "acc_l", "strength", "ap", "damage", "ammo"}
    for key, it in n23.items.items():
        assert type(it["cost"]) is int
        if it["category"] != "weapon":
            continue
        lines = n23.weapon_profiles(key)
        assert lines or it.get("no_profile"), key
        for p in lines:
            assert set(p.values) == fields, (key, p.name)
        if it.get("trading_post"):
            assert C.RARITY.match(it["rarity"]), key


def test_spot_checks_against_the_sources(n23):
    # the Orlock Road Captain: 105 credits, M5 WS3+ BS3+ S3 T3 W3 I4+ A2 Ld4+ Cl5+ Wil5+ Int5+
    cap = n23.fighter_type("House Orlock", "Road Captain")
    assert (cap.category, cap.cost, cap.free_skill) == ("leader", 105, True)
    assert dict(cap.stats) == {"M": 5, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 3, "I": 4, "A": 2,
                               "Ld": 4, "Cl": 5, "Wil": 5, "Int": 5}
    assert cap.primary == ("ferocity", "leadership", "savant")
    assert n23.fighter_type("orlock", "greenhorn").cost == 35
    assert n23.fighter_type("orlock", "Wrecker").category == "prospect"
    assert n23.fighter_type("orlock", "servitor").max == 1
    # the Autogun: 8" 24" +1 - 3 - 1 4+, Rapid Fire (1); 15 credits, Common
    (auto,) = n23.weapon_profiles("Autogun")
    assert auto.values == {"rng_s": '8"', "rng_l": '24"', "acc_s": "+1", "acc_l": "-", "strength": "3",
                           "ap": "-", "damage": "1", "ammo": "4+"}
    assert auto.traits == ("Rapid Fire (1)",)
    assert (n23.item("autogun")["cost"], n23.item("autogun")["rarity"]) == (15, "C")
    # a weapon of two modes prints both lines
    assert [p.name for p in n23.weapon_profiles("plasma pistol")] == ["low", "maximal"]
    assert n23.weapon_profiles("plasma pistol")[1].values["strength"] == "7"
    # the list's price is the house's, the catalogue's the Trading Post's
    assert n23.equipment_list(n23.fighter_type("orlock", "gunner"))["combat-shotgun"] == 55
    assert n23.item("combat shotgun")["cost"] == 70
    assert "heavy-bolter" not in n23.equipment_list(n23.fighter_type("orlock", "gunner"))
    assert n23.equipment_list(n23.fighter_type("orlock", "gunner specialist"))["heavy-bolter"] == 160
    assert n23.skills("Ferocity")[3] == "Nerves of Steel"


def test_names_resolve_by_key_name_alias_and_entities(n23):
    assert n23.house("Orlocks").key == n23.house("house-orlock".replace("house-", "")).key == "orlock"
    assert n23.find_item("Mesh Armor")["key"] == "mesh-armour"
    assert n23.find_item("Grenade Launcher w/Frag+Krak")["key"] == "grenade-launcher"
    assert n23.find_item("Arms Master&rsquo;s thing") is None
    assert n23.find_fighter_type(None, "Road Sergeant (Champion)").key == "orlock-road-sergeant"
    with pytest.raises(InputError, match="no house or gang 'Squigs'"):
        n23.house("Squigs")
    with pytest.raises(InputError, match="no fighter type 'Boss' in House Orlock"):
        n23.fighter_type("orlock", "Boss")


def test_composition_rules_are_data_in_words(n23):
    rules = {r.id: r for r in n23.composition("orlock")}
    assert (rules["one-leader"].min, rules["one-leader"].max) == (1, 1)
    assert rules["half-gang-fighters"].min_percent == 50
    assert rules["one-founding-specialist"].when == "founding"
    h = n23.house("orlock")
    assert h.starting_credits == 1000 and not h.is_default("starting_credits")
    assert h.is_default("min_fighters")  # no source gives a minimum: ours, labelled


@pytest.mark.parametrize(("text", "message"), [
    ('[house_fighters.x-boss]\nhouse = "x"\nname = "Boss"\ncategory = "boss"\ncost = 10\nstats = {}\n',
     r"^bad\.toml: house_fighters\.x-boss\.category: .*not one of"),
    ('[house_fighters.x-boss]\nhouse = "x"\nname = "Boss"\ncategory = "leader"\ncost = "cheap"\nstats = {}\n',
     r"^bad\.toml: house_fighters\.x-boss\.cost: "),
    ('[house_fighters.x-boss]\nhouse = "x"\nname = "Boss"\ncategory = "leader"\ncost = 10\nstats = { M = 5 }\n',
     r"^bad\.toml: house_fighters\.x-boss: .*missing WS"),
    ('[equipment_lists.x]\nhouse = "x"\nname = "X"\nitems = { autogun = "15" }\n',
     r"^bad\.toml: equipment_lists\.x\.items\.autogun: "),
    ('[houses.x]\nname = "X"\ndefaults = ["colour"]\n', r"^bad\.toml: houses\.x: .*'colour' is not a field"),
    ('[catalogue.gun]\nname = "Gun"\nrarity = "sometimes"\n', r"^bad\.toml: catalogue\.gun\.rarity: "),
])
def test_a_bad_file_is_one_line_naming_file_and_key(text, message):
    with pytest.raises(RulesDataError, match=message) as e:
        L.parse_rule_file("bad.toml", META + text)
    assert "\n" not in str(e.value)


def test_a_dangling_reference_is_refused_naming_file_and_key():
    good = [f for f in load_rulebook().files]
    extra = L.parse_rule_file("mine.toml", META + (
        '[house_fighters.orlock-boss]\nhouse = "orlock"\nname = "Boss"\ncategory = "leader"\ncost = 10\n'
        'stats = { M = 5, WS = 3, BS = 3, S = 3, T = 3, W = 2, I = 4, A = 2, Ld = 4, Cl = 5, Wil = 5, Int = 5 }\n'
        'equipment = ["death-ray"]\n'))
    with pytest.raises(RulesDataError, match=r"^mine\.toml: house_fighters\.orlock-boss: equipment: 'death-ray' is not in"):
        L.RuleBook([*good, extra])
    twice = L.parse_rule_file("twice.toml", META + '[houses.orlock]\nname = "Orlock again"\n')
    with pytest.raises(RulesDataError, match=r"^twice\.toml: houses\.orlock: already given in n23_house_orlock\.toml"):
        L.RuleBook([*good, twice])
