"""Necromunda advancement as the public data gives it (issue #31, "Every seed rule right";
docs/rules-fidelity.md, "Necromunda advancement"). Each rule is driven through the
use-case or the CLI with typed dice and explicit choices, and checked in the database:
the XP left, the characteristic stored, the times it was advanced, the value, the skill
row, the rank; a refusal is one line and writes nothing."""

from __future__ import annotations

import pytest

from campaign_app.cli import main
from campaign_app.errors import InputError
from campaign_app.usecases import campaigns, fighters, rolls, rosters
from campaign_app.usecases.advance import advance_options, take_advance

N23 = {"M": "4", "WS": "4+", "BS": "4+", "S": "3", "T": "3", "W": "1", "I": "4+", "A": "1",
       "Ld": "7+", "Cl": "7+", "Wil": "8+", "Int": "8+"}
N26 = {"M": "5", "WS": "4+", "BS": "4+", "S": "3", "T": "3", "W": "1", "I": "4", "A": "1", "Sv": "5+",
       "Ld": "7", "Cl": "8", "Wil": "6", "Int": "6"}


def stored(engine, fid):
    """The fighter's row as the database holds it."""
    from sqlmodel import Session

    from db.models import Fighter

    with Session(engine) as s:
        f = s.get(Fighter, fid)
        assert f is not None
        return {"stats": dict(f.stats), "xp": f.xp, "value": f.credits_value, "type": f.fighter_type,
                "advances": dict(f.advances or {}), "rank": f.rank,
                "skills": sorted(sk.name for sk in f.skills)}


@pytest.fixture
def gang(engine):
    c = campaigns.create_campaign(engine, "Old Hive", "necromunda", edition="n23")
    r = rosters.create_roster(engine, c.id, "Rust Rats")

    def add(name, ftype, xp, **stats):
        return fighters.add_fighter(engine, r.id, name, fighter_type=ftype, stats={**N23, **stats}, xp=xp,
                                credits_value=100).id
    return engine, c, add


def refused(engine, snap, match, fn):
    before = snap(engine)
    with pytest.raises(InputError, match=match) as e:
        fn()
    assert "\n" not in str(e.value)
    assert snap(engine) == before


# --------------------------------------------------------------------------- n23: costs
def test_n23_a_characteristic_taken_again_costs_two_xp_more_each_time(gang, snap):
    engine, _c, add = gang
    krag = add("Krag", "champion", 15)
    assert [take_advance(engine, krag, "wil").xp_spent for _ in range(3)] == [3, 5, 7]
    row = stored(engine, krag)
    assert (row["stats"]["Wil"], row["xp"], row["value"], row["advances"]) == (5, 0, 115, {"Wil": 3})
    # another characteristic starts again at its own cost; the listing shows the dearer one
    add_xp = add("Vex", "champion", 11)
    take_advance(engine, add_xp, "ws")
    d = {o["key"]: o for o in advance_options(engine, add_xp)["options"]}
    assert (d["ws"]["xp"], d["bs"]["xp"], d["ws"]["can"], d["ws"]["why"]) == (8, 6, False, "needs 8 XP (has 5)")
    refused(engine, snap, r"Vex has 5 XP: Weapon Skill one better costs 8 \(taken 2 XP dearer",
            lambda: take_advance(engine, add_xp, "ws"))
    assert stored(engine, add_xp)["xp"] == 5 and stored(engine, add_xp)["advances"] == {"WS": 1}


@pytest.mark.parametrize("ftype", ["juve", "prospect"])
def test_n23_juves_and_prospects_buy_like_champions_and_pay_no_repeat(gang, ftype):
    engine, _c, add = gang
    kid = add("Kid", ftype, 9)
    d = advance_options(engine, kid)
    keys = [o["key"] for o in d["options"]]
    assert "random" not in keys and {"ws", "w", "primary-skill", "random-any-skill"} <= set(keys)
    assert d["table"] == ""  # no invented Juve table
    assert [take_advance(engine, kid, "wil").xp_spent for _ in range(3)] == [3, 3, 3]
    row = stored(engine, kid)
    assert (row["xp"], row["stats"]["Wil"], row["advances"], row["value"]) == (0, 5, {"Wil": 3}, 115)
    with pytest.raises(InputError, match=f"a {ftype} has no random advancement"):
        take_advance(engine, kid, "random", dice="3,4")


# --------------------------------------------------------------------------- n23: random skills, promotion
@pytest.mark.parametrize("key, xp, value, which", [
    ("random-primary-skill", 6, 20, "primary"),
    ("random-secondary-skill", 9, 35, "secondary"),
    ("random-any-skill", 15, 50, "any"),
])
def test_n23_random_skill_rolls_a_d6_then_the_skill_is_named(gang, snap, key, xp, value, which):
    engine, c, add = gang
    krag = add("Krag", "leader", xp)
    refused(engine, snap, r"name the skill the roll gave \(4\)", lambda: take_advance(engine, krag, key, dice="4"))
    preview = take_advance(engine, krag, key, dice="4", dry_run=True)  # the dialog's preview: the die first
    assert preview.skill_roll and preview.skill_roll["value"] == 4 and "name the skill the roll gave" in preview.lines
    r = take_advance(engine, krag, key, dice="4", skill="Iron Jaw")
    assert (r.xp_spent, r.value_added) == (xp, value)
    row = stored(engine, krag)
    assert (row["xp"], row["value"], row["skills"]) == (0, 100 + value, ["Iron Jaw"])
    [log] = rolls.roll_log(engine, c.id)
    assert (log["dice"], log["faces"], log["value"], log["source"]) == ("d6", [4], 4, "typed")
    assert which in log["purpose"] and "random" in log["rule"].lower()
    # a skill already held: roll again (refused, nothing written)
    add_xp = add("Vex", "leader", xp)
    take_advance(engine, add_xp, key, dice="2", skill="Nerves")
    fighters.edit_fighter(engine, add_xp, xp=xp)
    refused(engine, snap, "Vex has Nerves already: roll again",
            lambda: take_advance(engine, add_xp, key, dice="2", skill="Nerves"))


def test_n23_a_specialist_is_promoted_to_champion_for_12_xp(gang, snap):
    engine, _c, add = gang
    spec = add("Spec", "specialist", 12)
    leader = add("Boss", "leader", 30)
    opt = next(o for o in advance_options(engine, spec)["options"] if o["key"] == "promote-champion")
    assert (opt["xp"], opt["value"], opt["dice"], opt["can"]) == (12, 40, "d6", True)
    refused(engine, snap, "a leader cannot take Promotion",
            lambda: take_advance(engine, leader, "promote-champion", dice="3", skill="Iron Jaw"))
    r = take_advance(engine, spec, "promote-champion", dice="3", skill="Iron Jaw")
    assert r.fighter_type == "champion"
    row = stored(engine, spec)
    assert (row["type"], row["xp"], row["value"], row["skills"]) == ("champion", 0, 140, ["Iron Jaw"])


# --------------------------------------------------------------------------- n23: a Ganger's value
@pytest.mark.parametrize("dice, choose, skill, stat, value", [
    ("1,2", "ws", None, "WS", 20),
    ("2,3", "s", None, "S", 30),
    ("3,4", "m", None, "M", 10),
    ("3,4", "i", None, "I", 10),
    ("4,5", "wil", None, "Wil", 5),
    ("5,5", "cl", None, "Cl", 10),
    ("6,6,5", None, "Iron Jaw", "", 20),  # 12: a Specialist, with a random Primary skill
])
def test_n23_a_gangers_value_rises_by_the_advance_taken(gang, dice, choose, skill, stat, value):
    engine, c, add = gang
    gan = add("Gan", "ganger", 6)
    r = take_advance(engine, gan, "random", dice=dice, choose=choose, skill=skill)
    assert r.value_added == value
    row = stored(engine, gan)
    assert (row["xp"], row["value"]) == (0, 100 + value)
    if stat:
        assert row["advances"] == {stat: 1} and row["type"] == "ganger"
    else:
        assert (row["type"], row["skills"]) == ("specialist", ["Iron Jaw"])
        assert [e["dice"] for e in rolls.roll_log(engine, c.id)] == ["2d6", "d6"]


def test_n23_a_ganger_roll_with_every_choice_at_its_limit_counts_as_a_12(gang, snap):
    engine, c, add = gang
    ace = add("Ace", "ganger", 6, WS="2+", BS="2+")
    # 3: WS or BS, both at 2+: read as 12, a Specialist with a random Primary skill (one more D6)
    r = take_advance(engine, ace, "random", dice="1,2,5", skill="Iron Jaw")
    assert r.key == "promote-specialist" and r.roll and r.roll["value"] == 3 and r.roll["row"] == "12"
    assert "read as 12" in r.roll["text"]
    row = stored(engine, ace)
    assert (row["type"], row["xp"], row["value"], row["skills"]) == ("specialist", 0, 120, ["Iron Jaw"])
    assert [(e["faces"], e["value"]) for e in rolls.roll_log(engine, c.id)] == [([1, 2], 3), ([5], 5)]
    # one of the two can still go: the row stands, the player takes that one
    bo = add("Bo", "ganger", 6, WS="2+")
    refused(engine, snap, "offers a choice", lambda: take_advance(engine, bo, "random", dice="1,2"))
    take_advance(engine, bo, "random", dice="1,2", choose="bs")
    assert stored(engine, bo)["stats"]["BS"] == 3


# --------------------------------------------------------------------------- n23: limits
def test_n23_limits_are_counted_from_the_basic_profile(gang, snap):
    engine, c, add = gang
    # a basic Toughness of 4 goes to 6 (an absolute 5 refused it); a third time is refused
    ogre = add("Ogre", "champion", 40, T="4", W="2")
    take_advance(engine, ogre, "t")
    take_advance(engine, ogre, "t")
    assert stored(engine, ogre)["stats"]["T"] == 6
    refused(engine, snap, r"Ogre's T is 6: advancement goes no further than 6 \(default\)",
            lambda: take_advance(engine, ogre, "t"))
    gor = add("Gor", "champion", 60, S="3", W="2")
    take_advance(engine, gor, "s")
    take_advance(engine, gor, "s")
    refused(engine, snap, r"Gor's S was advanced 2 times: advancement goes no further than 2 past the basic "
            r"profile \(default\)", lambda: take_advance(engine, gor, "s"))
    # Wounds and Attacks once: W 2 -> 3, then refused although 4 is under the maximum
    take_advance(engine, gor, "w")
    refused(engine, snap, "Gor's W was advanced 1 time: .* no further than 1 past the basic profile",
            lambda: take_advance(engine, gor, "w"))
    row = stored(engine, gor)
    assert (row["stats"]["S"], row["stats"]["W"], row["advances"]) == (5, 3, {"S": 2, "W": 1})
    # a house rule changes the limit: Wounds twice
    table = campaigns.campaign_rules(engine, c.id)["n23-advancement-limits"].to_dict()
    next(e for e in table["entries"] if e["stat"] == "W")["above"] = 2
    campaigns.set_house_rule(engine, c.id, "n23-advancement-limits", table)
    take_advance(engine, gor, "w")
    assert stored(engine, gor)["stats"]["W"] == 4


def test_n23_limit_entries_say_how_far_and_bad_ones_are_refused(gang, snap):
    engine, c, _add = gang
    table = campaigns.campaign_rules(engine, c.id)["n23-advancement-limits"].to_dict()
    assert {e["stat"]: (e.get("best"), e.get("above")) for e in table["entries"]} == {
        "M": (8, 2), "WS": (2, None), "BS": (2, None), "S": (6, 2), "T": (6, 2), "W": (6, 1), "I": (2, None),
        "A": (10, 1), "Ld": (3, None), "Cl": (3, None), "Wil": (3, None), "Int": (3, None)}
    assert table["default"] is True
    table["entries"][0] = {"stat": "M"}
    refused(engine, snap, r"entries\[0\]: .*give best, above or both",
            lambda: campaigns.set_house_rule(engine, c.id, "n23-advancement-limits", table))


# --------------------------------------------------------------------------- characteristic ranges
def test_characteristic_ranges_come_from_public_data_and_say_default(engine, snap):
    old = campaigns.create_campaign(engine, "Old Hive", "necromunda", edition="n23")
    new = campaigns.create_campaign(engine, "Hive War", "necromunda")
    ro = rosters.create_roster(engine, old.id, "Rust Rats")
    rn = rosters.create_roster(engine, new.id, "Venom Sisters")
    # n26: Initiative 7 is a legal entry (it stopped at 6); Ld stops at 10
    f = fighters.add_fighter(engine, rn.id, "Quick", stats={**N26, "I": "7"})
    assert stored(engine, f.id)["stats"]["I"] == 7
    refused(engine, snap, r"Ld: 11 is outside 4\.\.10 \(default\)",
            lambda: fighters.add_fighter(engine, rn.id, "Loud", stats={**N26, "Ld": "11"}))
    # n23: Leadership 3+..10+ (it took 2+..12+)
    refused(engine, snap, r"Ld: 2 is outside 3\+\.\.10\+ \(default\)",
            lambda: fighters.add_fighter(engine, ro.id, "Calm", stats={**N23, "Ld": "2+"}))
    refused(engine, snap, r"Ld: 11 is outside 3\+\.\.10\+ \(default\)",
            lambda: fighters.add_fighter(engine, ro.id, "Calm", stats={**N23, "Ld": "11+"}))


def test_a_house_rule_changes_the_characteristic_ranges(engine, snap):
    """The ranges are the campaign's "characteristics" table: a house rule widens one
    (entries and advancement follow it, the message says "house rule"), a bad one is
    refused whole, and --reset goes back to the labelled defaults."""
    c = campaigns.create_campaign(engine, "Hive War", "necromunda")
    other = campaigns.create_campaign(engine, "Next Door", "necromunda")
    r = rosters.create_roster(engine, c.id, "Venom Sisters")
    ro = rosters.create_roster(engine, other.id, "Rust Rats")
    refused(engine, snap, r"Ld: 11 is outside 4\.\.10 \(default\)",
            lambda: fighters.add_fighter(engine, r.id, "Loud", stats={**N26, "Ld": "11"}))
    rule = {"title": "Characteristic ranges", "dice": "none",
            "entries": [{"stat": "Ld", "min": 3, "max": 12}, {"stat": "i", "min": 1, "max": 8}]}
    campaigns.set_house_rule(engine, c.id, "characteristics", rule)
    from sqlmodel import Session

    from db.models import Campaign

    with Session(engine) as s:
        saved = s.get(Campaign, c.id).house_rules["characteristics"]
    ranges = {e["stat"]: (e["min"], e["max"]) for e in saved["entries"]}
    assert (ranges["Ld"], ranges["I"], ranges["Cl"], ranges["M"]) == ((3, 12), (1, 8), (4, 10), (1, 12))
    f = fighters.add_fighter(engine, r.id, "Loud", stats={**N26, "Ld": "12"})
    assert stored(engine, f.id)["stats"]["Ld"] == 12
    refused(engine, snap, r"Ld: 13 is outside 3\.\.12 \(house rule\)",
            lambda: fighters.add_fighter(engine, r.id, "Louder", stats={**N26, "Ld": "13"}))
    refused(engine, snap, r"I: 9 is outside 1\.\.8 \(house rule\)",
            lambda: fighters.edit_fighter(engine, f.id, stats={"I": "9"}))
    # another campaign of the same game keeps the defaults
    refused(engine, snap, r"Ld: 11 is outside 4\.\.10 \(default\)",
            lambda: fighters.add_fighter(engine, ro.id, "Loud", stats={**N26, "Ld": "11"}))
    for bad, match in (
        ([{"stat": "Q", "min": 1, "max": 3}], r"entry 1: unknown characteristic 'Q'"),
        ([{"stat": "Ld", "min": 9, "max": 3}], r"entry 1 \(Ld\): min 9 is above max 3"),
        ([{"stat": "Ld", "min": 3, "max": "x"}], r"entry 1 \(Ld\): min and max must be whole numbers"),
        ([{"stat": "Ld", "min": 3, "max": 9}, {"stat": "LD", "min": 3, "max": 9}], r"entry 2: LD is given twice"),
    ):
        refused(engine, snap, match, lambda b=bad: campaigns.set_house_rule(
            engine, c.id, "characteristics", {"title": "x", "dice": "none", "entries": b}))
    campaigns.set_house_rule(engine, c.id, "characteristics", None)
    with Session(engine) as s:
        assert "characteristics" not in (s.get(Campaign, c.id).house_rules or {})
    refused(engine, snap, r"Ld: 11 is outside 4\.\.10 \(default\)",
            lambda: fighters.add_fighter(engine, r.id, "Loud", stats={**N26, "Ld": "11"}))


def test_the_ranges_house_rule_from_the_cli_and_on_the_cards(tmp_path, capsys):
    url = f"sqlite:///{tmp_path / 'r.sqlite'}"
    assert main(["--db", url, "campaign", "create", "Hive War", "--system", "necromunda"]) == 0
    rule = tmp_path / "ranges.toml"
    rule.write_text('title = "Characteristic ranges"\ndice = "none"\n[[entries]]\nstat = "I"\nmin = 1\nmax = 12\n')
    assert main(["--db", url, "campaign", "house-rule", "Hive War", "characteristics", "--file", str(rule)]) == 0
    out = tmp_path / "qrs.pdf"
    assert main(["--db", url, "export", "qrs", "Hive War", "-o", str(out)]) == 0
    from pypdf import PdfReader

    text = " ".join(" ".join(p.extract_text() for p in PdfReader(str(out)).pages).split())
    # Necromunda's Characteristics card prints the campaign's ranges, the house rule's now
    assert "Fighter characteristics (house rule)" in text and "I Initiative value 1 to 12" in text
    assert "Ld Leadership value 4 to 10" in text and "Vehicle characteristics" in text


# --------------------------------------------------------------------------- n26: ranks
def test_n26_rank_ladder_is_the_public_one(engine, snap):
    c = campaigns.create_campaign(engine, "Hive War", "necromunda")
    r = rosters.create_roster(engine, c.id, "Venom Sisters")
    f = fighters.add_fighter(engine, r.id, "Lyra", stats=N26, xp=3).id
    d = advance_options(engine, f)
    assert [rk["xp"] for rk in d["ranks"]][:12] == [4, 7, 10, 13, 19, 25, 31, 37, 49, 61, 73, 85]
    assert d["ranks"][-1]["xp"] == 229 and all(rk["grants"] == ["roll"] for rk in d["ranks"])
    refused(engine, snap, "Lyra has 3 XP: rank 1 needs 4", lambda: take_advance(engine, f, "rank", dice="3,4"))
    fighters.edit_fighter(engine, f, xp=4)
    take_advance(engine, f, "rank", dice="3,4", choose="i")  # I 4 -> 5
    row = stored(engine, f)
    assert (row["rank"], row["xp"], row["stats"]["I"]) == (1, 4, 5)


def test_n26_ld_cl_wil_int_stop_at_10_and_initiative_goes_past_6(engine, snap):
    c = campaigns.create_campaign(engine, "Hive War", "necromunda")
    r = rosters.create_roster(engine, c.id, "Venom Sisters")
    f = fighters.add_fighter(engine, r.id, "Lyra", stats={**N26, "Ld": "9", "I": "6"}, xp=10).id
    take_advance(engine, f, "rank", dice="5,5", choose="ld")  # 10: Leadership or Cool
    take_advance(engine, f, "rank", dice="3,4", choose="i")  # 7: Movement or Initiative
    row = stored(engine, f)
    assert (row["stats"]["Ld"], row["stats"]["I"], row["rank"]) == (10, 7, 2)
    refused(engine, snap, r"Lyra's Ld is 10: advancement goes no further than 10 \(default\)",
            lambda: take_advance(engine, f, "rank", dice="5,6", choose="ld"))


# --------------------------------------------------------------------------- CLI
def test_cli_lists_the_dearer_repeat_and_takes_a_random_skill(gang, capsys):
    engine, _c, add = gang
    add("Krag", "champion", 20)
    url = engine.url.render_as_string(hide_password=False)
    assert main(["--db", url, "fighter", "advance", "Krag", "bs"]) == 0
    capsys.readouterr()
    assert main(["--db", url, "fighter", "advance", "Krag"]) == 0
    out = capsys.readouterr().out
    assert "[our default]" in out and "A random Primary skill" in out and "D6, then name it" in out
    bs = next(line for line in out.splitlines() if line.startswith("bs "))
    assert " 8 " in bs  # Ballistic Skill again: 6 + 2
    assert main(["--db", url, "fighter", "advance", "Krag", "random-primary-skill", "--dice", "5",
                 "--skill", "Iron Jaw"]) == 0
    out = capsys.readouterr().out
    assert "random primary skill: D6 [5] = 5" in out and "skill Iron Jaw" in out and "XP 14 -> 8" in out


def test_the_times_advanced_go_with_the_campaign_file(gang):
    from campaign_app.usecases.datafiles import export_json, import_json

    engine, c, add = gang
    krag = add("Krag", "champion", 20)
    take_advance(engine, krag, "wil")
    doc = export_json(engine, c.id)
    assert doc["rosters"][0]["fighters"][0]["advances"] == {"Wil": 1}
    res = import_json(engine, doc, rename="Old Hive 2")
    again = export_json(engine, res.id)["rosters"][0]["fighters"][0]
    assert again["advances"] == {"Wil": 1}
    # the copy pays the repeat too
    [roster] = campaigns.show_campaign(engine, res.id)["rosters"]
    [copy] = rosters.show_roster(engine, roster["id"])["fighters"]
    assert take_advance(engine, copy["id"], "wil").xp_spent == 5
