"""Advancement as rules data (issue #21 item 1): ``fighter advance`` lists what a fighter
may take and what it costs, and takes it (XP spent, stat or skill applied within the
edition's limits, value raised, the roll recorded with its table, row and rule, one
undo step), on SQLite and PostgreSQL."""

from __future__ import annotations

import json

import pytest

from campaign_app.cli import main
from campaign_app.errors import InputError, RulesDataError
from campaign_app.rules.loader import parse_rule_file
from campaign_app.usecases import campaigns, fighters, journal, rolls, rosters
from campaign_app.usecases.advance import advance_options, take_advance
from campaign_app.usecases.datafiles import export_json, import_json

N23_LINE = {"M": "4", "WS": "4+", "BS": "4+", "S": "3", "T": "3", "W": "1", "I": "4+", "A": "1",
            "Ld": "7+", "Cl": "7+", "Wil": "8+", "Int": "8+"}
N26_LINE = {"M": "5", "WS": "4+", "BS": "4+", "S": "3", "T": "3", "W": "1", "I": "4", "A": "1", "Sv": "5+",
            "Ld": "7", "Cl": "8", "Wil": "6", "Int": "6"}


def url_of(engine) -> str:
    return engine.url.render_as_string(hide_password=False)


def fighter_state(engine, fid):
    d = fighters.show_fighter(engine, fid)
    return {k: d[k] for k in ("stats", "xp", "credits_value", "skills", "type")}


@pytest.fixture
def n23(engine):
    c = campaigns.create_campaign(engine, "Old Hive", "necromunda", edition="n23")
    r = rosters.create_roster(engine, c.id, "Rust Rats")
    champ = fighters.add_fighter(engine, r.id, "Krag", fighter_type="champion", stats=N23_LINE, xp=14,
                             credits_value=100)
    ganger = fighters.add_fighter(engine, r.id, "Gan", fighter_type="ganger", stats=N23_LINE, xp=7,
                              credits_value=50)
    return engine, c, champ, ganger


@pytest.fixture
def n26(engine):
    c = campaigns.create_campaign(engine, "Hive War", "necromunda")  # the default edition: n26
    r = rosters.create_roster(engine, c.id, "Venom Sisters")
    f = fighters.add_fighter(engine, r.id, "Lyra", fighter_type="ganger", stats=N26_LINE, xp=11)
    return engine, c, f


# --------------------------------------------------------------------------- bought with XP (n23)
def test_list_shows_each_advancement_with_its_cost_and_value(n23):
    engine, _c, champ, ganger = n23
    d = advance_options(engine, champ.id)
    assert d["mode"] == "xp" and d["default"] and "our defaults" in d["note"]
    ws = next(o for o in d["options"] if o["key"] == "ws")
    assert (ws["xp"], ws["value"], ws["change"], ws["can"]) == (6, 20, "WS 4+ -> 3+", True)
    w = next(o for o in d["options"] if o["key"] == "w")
    assert (w["xp"], w["value"], w["can"]) == (12, 45, True)
    s_ = next(o for o in advance_options(engine, ganger.id)["options"] if o["key"] == "random")
    assert s_["can"] and s_["why"] == ""
    assert "random" not in {o["key"] for o in d["options"]}  # a Champion buys; no ganger table
    g = advance_options(engine, ganger.id)
    assert [o["key"] for o in g["options"]] == ["random"]
    assert g["options"][0]["xp"] == 6 and g["table"] == "n23-ganger-advancement"
    assert [r["roll"] for r in g["rows"]] == ["2", "3-4", "5-6", "7", "8-9", "10-11", "12"]


def test_advancing_applies_the_stat_spends_xp_raises_value_and_undo_is_exact(n23, snap):
    engine, c, champ, _g = n23
    before, rows_before = fighter_state(engine, champ.id), snap(engine)
    r = take_advance(engine, champ.id, "ws")
    assert (r.stat, r.before, r.after, r.xp_spent, r.xp, r.value_added, r.credits_value) == \
        ("WS", "4+", "3+", 6, 8, 20, 120)
    after = fighter_state(engine, champ.id)
    assert after["stats"] == {**before["stats"], "WS": 3}
    assert (after["xp"], after["credits_value"]) == (8, 120)
    assert r.changes.fighters == frozenset({champ.id}) and r.changes.history
    assert journal.history(engine, c.id)[0]["summary"] == "advance Krag: Weapon Skill one better"
    journal.undo(engine, c.id)
    assert fighter_state(engine, champ.id) == before
    assert {k: v for k, v in snap(engine).items() if k not in ("journal", "journal_entry", "fighter")} == \
        {k: v for k, v in rows_before.items() if k not in ("journal", "journal_entry", "fighter")}


def test_skill_advancement_adds_the_skill_and_undo_takes_it_away(n23):
    engine, c, champ, _g = n23
    before = fighter_state(engine, champ.id)
    with pytest.raises(InputError, match="name the skill"):
        take_advance(engine, champ.id, "primary-skill")
    r = take_advance(engine, champ.id, "primary-skill", skill="Nerves of Steel")
    assert r.skill == "Nerves of Steel" and r.xp == 5 and r.credits_value == 120
    assert fighters.show_fighter(engine, champ.id)["skills"] == ["Nerves of Steel"]
    journal.undo(engine, c.id)
    assert fighter_state(engine, champ.id) == before


def test_random_advancement_with_typed_dice_is_rolled_recorded_and_applied(n23):
    engine, c, _champ, ganger = n23
    r = take_advance(engine, ganger.id, "random", dice="2,3", choose="t")
    assert r.roll is not None and r.roll["table"] == "n23-ganger-advancement" and r.roll["row"] == "5-6"
    assert r.roll["faces"] == [2, 3] and r.roll["options"] == ["s", "t"]
    assert (r.stat, r.before, r.after, r.xp, r.credits_value) == ("T", "3", "4", 1, 80)  # +30 for T
    log = rolls.roll_log(engine, c.id)
    assert len(log) == 1
    e = log[0]
    assert (e["table"], e["row"], e["result"], e["faces"], e["source"]) == \
        ("n23-ganger-advancement", "5-6", "s-or-t", [2, 3], "typed")
    assert "Ganger advancement" in e["rule"] and e["subject"] == "Gan"
    # a row with one advancement needs no choice: 2 = promotion to Specialist (and a
    # random Primary skill: one more D6, the skill named)
    journal.undo(engine, c.id)
    r = take_advance(engine, ganger.id, "random", dice="1,1,4", skill="Iron Jaw")
    assert r.fighter_type == "specialist" and r.key == "promote-specialist" and r.skill == "Iron Jaw"
    journal.undo(engine, c.id)
    assert fighters.show_fighter(engine, ganger.id)["type"] == "ganger"


def test_random_advancement_with_a_seed_is_recorded(n23):
    engine, c, _champ, ganger = n23
    for seed in range(50):  # a seed whose roll needs no choice or whose choice is given
        try:
            r = take_advance(engine, ganger.id, "random", seed=seed, choose=None, skill="Iron Jaw")
            break
        except InputError as e:
            assert "offers a choice" in str(e)
    else:
        pytest.fail("no seed rolled a single-advancement row")
    log = rolls.roll_log(engine, c.id)
    assert {e["source"] for e in log} == {"seeded"}
    table_rolls = [e for e in log if e["table"] == "n23-ganger-advancement"]  # (a promotion also rolls a skill)
    assert len(table_rolls) == 1 and len(log) == (2 if r.key == "promote-specialist" else 1)
    assert r.roll and table_rolls[0]["row"] == r.roll["row"]


@pytest.mark.parametrize("case, match", [
    (lambda e, f: take_advance(e, f["champ"], "ws"), "advancement goes no further than 2\\+"),
    (lambda e, f: take_advance(e, f["poor"], "w"), "has 2 XP: \\+1 Wounds costs 12"),
    (lambda e, f: take_advance(e, f["poor"], "ws"), "has 2 XP: Weapon Skill one better costs 6"),
    (lambda e, f: take_advance(e, f["ganger"], "ws"), "a ganger cannot take Weapon Skill one better"),
    (lambda e, f: take_advance(e, f["ganger"], "random", dice="5,5"), "offers a choice: choose one of ld, cl"),
    (lambda e, f: take_advance(e, f["ganger"], "random", dice="5,5", choose="ws"), "offers ld, cl, not 'ws'"),
    (lambda e, f: take_advance(e, f["ganger"], "random", dice="5,5,5", choose="ld"), "dice|faces"),
    (lambda e, f: take_advance(e, f["champ"], "ws", dice="3"), "dice|faces"),
    (lambda e, f: take_advance(e, f["champ"], "rank"), "no advancement 'rank' to buy"),
    (lambda e, f: take_advance(e, f["bare"], "s"), "has no S on the roster"),
])
def test_refused_beyond_limits_or_costs_with_nothing_written(engine, snap, case, match):
    c = campaigns.create_campaign(engine, "Old Hive", "necromunda", edition="n23")
    r = rosters.create_roster(engine, c.id, "Rust Rats")
    f = {
        "champ": fighters.add_fighter(engine, r.id, "Top", fighter_type="champion",
                                  stats={**N23_LINE, "WS": "2+", "W": "3"}, xp=14).id,
        "poor": fighters.add_fighter(engine, r.id, "Poor", fighter_type="champion", stats=N23_LINE, xp=2).id,
        "ganger": fighters.add_fighter(engine, r.id, "Gan", fighter_type="ganger", stats=N23_LINE, xp=7).id,
        "bare": fighters.add_fighter(engine, r.id, "Bare", fighter_type="leader", stats={"M": "4"}, xp=20).id,
    }
    before = snap(engine)
    with pytest.raises(InputError, match=match) as e:
        case(engine, f)
    assert "\n" not in str(e.value)
    assert snap(engine) == before


# --------------------------------------------------------------------------- XP ranks (n26)
def test_n26_ranks_are_claimed_by_xp_not_bought(n26, snap):
    engine, c, f = n26
    d = advance_options(engine, f.id)
    assert d["mode"] == "ranks" and [o["key"] for o in d["options"]] == ["rank"]
    assert [(r["rank"], r["reached"], r["claimed"]) for r in d["ranks"][:4]] == \
        [(1, True, False), (2, True, False), (3, True, False), (4, False, False)]
    before = snap(engine)
    with pytest.raises(InputError, match="earned by XP ranks"):
        take_advance(engine, f.id, "ws")
    assert snap(engine) == before
    r = take_advance(engine, f.id, "rank", dice="5,5", choose="cl")  # 10: Leadership or Cool
    assert (r.stat, r.before, r.after, r.rank, r.xp, r.xp_spent) == ("Cl", "8", "9", 1, 11, 0)
    assert r.roll and r.roll["table"] == "n26-advancement" and r.roll["row"] == "10-11"
    assert r.credits_value == 10
    r = take_advance(engine, f.id, "rank", dice="6,6", choose="w")
    assert (r.stat, r.after, r.rank) == ("W", "2", 2)
    r = take_advance(engine, f.id, "rank", dice="1,1", skill="Nerves of Steel")  # 2: a skill
    assert r.roll and r.roll["row"] == "2" and r.skill == "Nerves of Steel" and r.rank == 3
    before = snap(engine)
    with pytest.raises(InputError, match="has 11 XP: rank 4 needs 13"):
        take_advance(engine, f.id, "rank", dice="3,3")
    assert snap(engine) == before
    assert advance_options(engine, f.id)["rank"] == 3
    assert fighters.show_fighter(engine, f.id)["rank"] == 3  # `fighter show --json` says it too
    journal.undo(engine, c.id)
    journal.undo(engine, c.id)
    journal.undo(engine, c.id)
    d = fighters.show_fighter(engine, f.id)
    assert d["stats"]["Cl"] == 8 and d["stats"]["W"] == 1 and d["skills"] == [] and d["credits_value"] == 0
    assert d["rank"] == 0
    assert advance_options(engine, f.id)["rank"] == 0


def test_n26_plain_values_are_limited_upwards(engine, snap):
    c = campaigns.create_campaign(engine, "Hive War", "necromunda")
    r = rosters.create_roster(engine, c.id, "Venom Sisters")
    f = fighters.add_fighter(engine, r.id, "Ace", stats={**N26_LINE, "Cl": "10"}, xp=5)
    before = snap(engine)
    with pytest.raises(InputError, match=r"Cl is 10: advancement goes no further than 10 \(default\)"):
        take_advance(engine, f.id, "rank", dice="5,5", choose="cl")
    assert snap(engine) == before


# --------------------------------------------------------------------------- other games: list only
def test_nuts_says_rep_changes_in_after_the_battle(engine, snap):
    c = campaigns.create_campaign(engine, "Kursk", "nuts")
    r = rosters.create_roster(engine, c.id, "Easy Company")
    f = fighters.add_fighter(engine, r.id, "Sgt Rock", fighter_type="star", rep=5)
    d = advance_options(engine, f.id)
    assert d["mode"] == "after-battle" and "After the Battle" in d["note"] and d["options"] == []
    assert d["table"] == "nuts-rep-increase" and d["rows"]
    before = snap(engine)
    with pytest.raises(InputError, match="After the Battle"):
        take_advance(engine, f.id, "rep")
    assert snap(engine) == before


@pytest.mark.parametrize("system, table", [("fubar", "squad-promotion"), ("unit-morale", "um-promotion")])
def test_squad_games_show_promotion_by_battles(engine, system, table):
    from campaign_app.usecases.units import add_unit

    c = campaigns.create_campaign(engine, "Granite", system)
    r = rosters.create_roster(engine, c.id, "2nd Platoon")
    add_unit(engine, r.id, "Bravo Section", figures=8)
    d = advance_options(engine, "Bravo Section")
    assert d["mode"] == "battles" and "every third battle" in d["note"] and d["table"] == table
    assert d["status"] == [f"Bravo Section: 0 battles fought, training {d['status'][0].rsplit(' ', 1)[1]}"]
    assert {row["label"] for row in d["rows"]} >= {"Promoted"}


# --------------------------------------------------------------------------- rules data and house rules
def test_house_rule_changes_a_cost_and_bad_entries_are_refused_with_their_path(n23, snap):
    engine, c, champ, _g = n23
    table = campaigns.campaign_rules(engine, c.id)["n23-advancements"].to_dict()
    ws = next(e for e in table["entries"] if e["key"] == "ws")
    ws["xp"] = 2
    campaigns.set_house_rule(engine, c.id, "n23-advancements", table)
    assert next(o for o in advance_options(engine, champ.id)["options"] if o["key"] == "ws")["xp"] == 2
    assert take_advance(engine, champ.id, "ws").xp == 12
    before = snap(engine)
    ws["xp"] = "lots"
    with pytest.raises(InputError, match=r"^house rule: tables\.n23-advancements\.entries\[6\]\.xp: "
                                         r"must be a whole number"):
        campaigns.set_house_rule(engine, c.id, "n23-advancements", table)
    ws["xp"], ws["stat"] = 6, ""
    with pytest.raises(InputError, match=r"entries\[6\]: .*exactly one of stat, skill or promote"):
        campaigns.set_house_rule(engine, c.id, "n23-advancements", table)
    rolled = campaigns.campaign_rules(engine, c.id)["n23-ganger-advancement"].to_dict()
    rolled["rows"][1]["effects"] = [{"op": "advance", "options": ["flying"]}]
    with pytest.raises(InputError, match="advancement 'flying' is not in n23-advancements"):
        campaigns.set_house_rule(engine, c.id, "n23-ganger-advancement", rolled)
    assert snap(engine) == before


BROKEN = """
[meta]
system = "necromunda"
edition = "n23"

[advancement]
mode = "ranks"
options = "x-options"
"""


def test_a_rules_file_with_a_bad_advancement_section_names_the_path():
    with pytest.raises(RulesDataError, match=r"^bad\.toml: advancement: .*needs a ranks table"):
        parse_rule_file("bad.toml", BROKEN)
    with pytest.raises(RulesDataError, match=r"^bad\.toml: advancement\.mode: "):
        parse_rule_file("bad.toml", BROKEN.replace('"ranks"', '"bought"'))
    with pytest.raises(RulesDataError, match=r"^bad\.toml: advancement\.random\.ganger\.xp: "):
        parse_rule_file("bad.toml", BROKEN.replace('mode = "ranks"', 'mode = "xp"')
                        + '[advancement.random.ganger]\ntable = "t"\nxp = "six"\n')


# --------------------------------------------------------------------------- CLI, JSON, PDF
def test_cli_lists_and_takes(n23, capsys):
    engine, c, champ, ganger = n23
    url = url_of(engine)
    assert main(["--db", url, "fighter", "advance", "Krag"]) == 0
    out = capsys.readouterr().out
    assert "Advancement (bought with XP) [our default]" in out and "WS 4+ -> 3+" in out
    assert main(["--db", url, "fighter", "advance", "Gan", "random", "--dice", "2,3", "--choose", "s"]) == 0
    out = capsys.readouterr().out
    assert "2d6 [2,3] = 5 -> Strength or Toughness (row 5-6)" in out and "S 3 -> 4" in out
    assert main(["--db", url, "--json", "fighter", "advance", "Krag", "ws"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["stat"] == "WS" and d["after"] == "3+" and d["xp"] == 8 and "changes" not in d
    assert main(["--db", url, "fighter", "advance", "Krag", "ws"]) == 0  # WS 3+ -> 2+, XP 8 -> 2
    capsys.readouterr()
    assert main(["--db", url, "fighter", "advance", "Krag", "ws"]) == 2  # 2+ is the limit
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1


def test_n26_fighter_with_save_in_cli_json_and_back(n26, capsys, tmp_path):
    engine, c, f = n26
    take_advance(engine, f.id, "rank", dice="5,5", choose="ld")
    assert main(["--db", url_of(engine), "fighter", "show", "Lyra"]) == 0
    out = capsys.readouterr().out
    assert "Sv 5" in out and "Ld 8" in out
    doc = export_json(engine, c.id)
    fd = doc["rosters"][0]["fighters"][0]
    assert fd["stats"]["Sv"] == 5 and fd["stats"]["Ld"] == 8 and fd["rank"] == 1
    res = import_json(engine, doc, rename="Hive War 2")
    again = export_json(engine, res.id)
    assert again["rosters"][0]["fighters"][0]["rank"] == 1
    assert again["rosters"][0]["fighters"][0]["stats"] == fd["stats"]
    bad = json.loads(json.dumps(doc))
    bad["campaign"]["name"] = "Hive War 3"
    bad["rosters"][0]["fighters"][0]["stats"]["Ld"] = "8+"
    with pytest.raises(InputError, match="Ld"):
        import_json(engine, bad)


def test_a_json_file_written_before_the_n26_stat_line_is_converted_on_import(n26):
    """A file without ``stat_line`` 2 (written before issue #21) holds n26 Ld, Cl, Wil and Int
    as targets and no Save: the import converts them as migration 0005 does."""
    engine, c, f = n26
    doc = export_json(engine, c.id)
    assert doc["campaign"]["stat_line"] == 2
    old = json.loads(json.dumps(doc))
    del old["campaign"]["stat_line"]
    old["campaign"]["name"] = "Old File"
    fd = old["rosters"][0]["fighters"][0]
    fd["stats"] = {"WS": 4, "Ld": 7, "Cl": 5, "Wil": 9, "Int": 8}  # as the old app wrote them
    del fd["rank"]
    res = import_json(engine, old)
    st = export_json(engine, res.id)["rosters"][0]["fighters"][0]["stats"]
    assert st == {"WS": 4, "Ld": 7, "Cl": 9, "Wil": 5, "Int": 6, "Sv": 6}
    # this app's own files are read as written
    doc["campaign"]["name"] = "Same File"
    res = import_json(engine, doc)
    assert export_json(engine, res.id)["rosters"][0]["fighters"][0]["stats"] == \
        export_json(engine, c.id)["rosters"][0]["fighters"][0]["stats"]
