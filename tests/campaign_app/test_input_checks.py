"""Input checks found by a QA pass of the command line: huge numbers, unknown battle
details, a unit named twice, zombies' fixed Rep, impossible house-rule effects, versions
of fighters and units whose weapons change, the Rep-increase log, roll-log filters and
armour without a save. Each refusal is one clear line (exit 2 on the CLI) and writes
nothing; each runs on SQLite and, when CAMPAIGN_APP_TEST_PG is set, PostgreSQL."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy.engine import Engine

from campaign_app.cli import main
from campaign_app.errors import ConflictError, InputError, NotFoundError
from campaign_app.usecases import (
    add_fighter,
    create_campaign,
    create_roster,
    edit_fighter,
    edit_roster,
    history,
    roll_log,
    roll_table,
    set_house_rule,
    show_fighter,
    undo,
)
from campaign_app.usecases.battles import after_battle, record_battle, show_battle
from campaign_app.usecases.units import add_unit, edit_unit, show_unit

HUGE = "99999999999999999999999"


@pytest.fixture
def world(engine: Engine) -> Engine:
    """A NUTS! campaign with Weird WWII (a squad and a horde) and a FUBAR one."""
    create_campaign(engine, "Kursk", "nuts", expansions=["weird-ww2"])
    create_roster(engine, "Kursk", "1st Squad")
    create_roster(engine, "Kursk", "The Horde")
    add_fighter(engine, "1st Squad", "Sgt Rock", fighter_type="star", rep=5)
    add_fighter(engine, "1st Squad", "Pvt Ryan", rep=4)
    add_fighter(engine, "The Horde", "Zombie 1", kind="zombie", rep=2)
    create_campaign(engine, "Ops", "fubar")
    create_roster(engine, "Ops", "Alpha")
    add_unit(engine, "Alpha", "Bravo Section", 8, weapons=["rifle"])
    add_unit(engine, "Alpha", "Tank", 1, unit_type="vehicle", armour="heavy")
    return engine


@pytest.fixture
def cli(world: Engine, capsys: pytest.CaptureFixture[str]) -> Any:
    url = world.url.render_as_string(hide_password=False)

    def run(*argv: str) -> tuple[int, str, str]:
        rc = main(["--db", url, *argv])
        out = capsys.readouterr()
        return rc, out.out, out.err

    return run


def refused(run: Any, snap: Any, engine: Engine, argv: list[str], message: str) -> str:
    """Run ``argv``: exit 2, one ``error:`` line holding ``message``, nothing written."""
    before = snap(engine)
    rc, _out, err = run(*argv)
    assert rc == 2, err
    assert err.startswith("error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err and message in err, err
    assert snap(engine) == before
    return err


# --------------------------------------------------------------------------- 1. huge numbers
@pytest.mark.parametrize(("argv", "message"), [
    (["fighter", "add", "1st Squad", "Y", "--rep", "4", "--xp", HUGE], "xp: 999999… (23 digits) is outside 0..100000"),
    (["fighter", "edit", "Sgt Rock", "--xp", HUGE], "xp: 999999… (23 digits) is outside 0..100000"),
    (["fighter", "edit", "Sgt Rock", "--xp", "100001"], "xp: 100001 is outside 0..100000"),
    (["fighter", "add", "1st Squad", "Y", "--rep", "4", "--credits-value", HUGE], "credits value: 999999…"),
    (["roster", "create", "Kursk", "Z", "--credits", HUGE], "credits: 999999… (23 digits) is outside 0..1000000"),
    (["roster", "edit", "1st Squad", "--credits", HUGE], "credits: 999999…"),
    (["roster", "edit", "1st Squad", "--reputation", HUGE], "reputation: 999999… (23 digits) is outside"),
    (["roster", "edit", "1st Squad", "--reputation", f"-{HUGE}"], "reputation: -999999… (23 digits) is outside"),
    (["unit", "add", "Alpha", "U", "--figures", HUGE], "figures: 999999… (23 digits) is outside 0..100"),
    (["unit", "add", "Alpha", "U", "--figures", "5", "--start", HUGE], "figures at start: 999999…"),
    (["unit", "edit", "Bravo Section", "--figures", HUGE], "figures: 999999…"),
    (["unit", "edit", "Bravo Section", "--wounded", HUGE], "wounded: 999999…"),
    (["unit", "edit", "Bravo Section", "--battles", HUGE], "battles fought: 999999…"),
    (["roll", "nuts-recovery", "--campaign", "Kursk", "--target", HUGE], "target: 999999…"),
    (["battle", "record", "Ops", "--roster", "Alpha", "--casualties", f"Bravo Section={HUGE}"],
     "casualties of Bravo Section: 999999…"),
    (["battle", "record", "Ops", "--roster", "Alpha", "--casualties", "Bravo Section=-1"],
     "-1 casualties of Bravo Section: give 0 to 8 (Bravo Section has 8 figures)"),
])  # fmt: skip
def test_huge_numbers_are_refused_not_a_crash(cli, world, snap, argv, message):
    refused(cli, snap, world, argv, message)


def test_clean_int_words():
    from campaign_app.usecases.common import clean_int

    assert clean_int(" 12 ", "xp", 0, 100) == 12
    assert clean_int(7, "xp") == 7
    for value, message in [
        (True, "xp: True is not a whole number"),
        ("lots", "xp: 'lots' is not a whole number"),
        ("", "xp is empty"),
        ("1" * 500, "(500 characters) is not a whole number"),
        ("-1", "xp cannot be negative"),
        (101, "xp: 101 is outside 0..100"),
        (10**30, "xp: 100000… (31 digits) is outside 0..100"),
    ]:
        with pytest.raises(InputError, match=message.replace("(", r"\(").replace(")", r"\)")):
            clean_int(value, "xp", 0, 100)


def test_use_cases_refuse_huge_numbers_and_write_nothing(world, snap):
    before = snap(world)
    for call in (
        lambda: add_fighter(world, "1st Squad", "Y", rep=4, xp=10**25),
        lambda: edit_fighter(world, "Sgt Rock", credits_value=10**25),
        lambda: create_roster(world, "Kursk", "Z", credits=10**25),
        lambda: edit_roster(world, "1st Squad", reputation=10**25),
        lambda: add_unit(world, "Alpha", "U", 10**25),
        lambda: edit_unit(world, "Bravo Section", figures_start=10**25),
        lambda: roll_table(world, "nuts-recovery", campaign="Kursk", target=10**25, dice="1,1"),
    ):
        with pytest.raises(InputError, match="is outside"):
            call()
    assert snap(world) == before


def test_json_import_uses_the_same_ranges(world, snap):
    from campaign_app.usecases.datafiles import ImportRefused, export_json, import_json

    doc = export_json(world, "Kursk")
    doc["campaign"]["name"] = "Kursk 2"
    squad = next(r for r in doc["rosters"] if r["name"] == "1st Squad")
    horde = next(r for r in doc["rosters"] if r["name"] == "The Horde")
    squad["credits"] = 1_000_001
    squad["reputation"] = 100_001
    squad["fighters"][0]["xp"] = 100_001
    squad["fighters"][1]["credits_value"] = 1_000_001
    horde["fighters"][0]["rep"] = 4
    before = snap(world)
    with pytest.raises(ImportRefused) as err:
        import_json(world, doc, backup=False)
    problems = "\n".join(err.value.problems)
    for where in ("rosters[0].credits: 1000001 is above 1000000", "rosters[0].reputation: 100001 is above 100000",
                  "rosters[0].fighters[0].xp: 100001 is above 100000",
                  "rosters[0].fighters[1].credits_value: 1000001 is above 1000000",
                  "rosters[1].fighters[0].rep: 4: a zombie is always Rep 2"):
        assert where in problems, problems
    assert snap(world) == before


# --------------------------------------------------------------------------- 2. battle details
def test_unknown_detail_flag_is_refused_with_the_valid_ones(cli, world, snap):
    refused(cli, snap, world, ["battle", "record", "Kursk", "--roster", "1st Squad",
                               "--detail", "Pvt Ryan=banana"],
            "Pvt Ryan: unknown detail 'banana' for NUTS! 4th edition (valid: zombie)")
    refused(cli, snap, world, ["battle", "record", "Kursk", "--roster", "1st Squad",
                               "--detail", "Pvt Ryan=zombie:maybe"], "'maybe' is not yes or no")
    refused(cli, snap, world, ["battle", "record", "Ops", "--roster", "Alpha",
                               "--detail", "Bravo Section=zombie"],
            "FUBAR 3rd edition battles take no details")


def test_known_detail_flag_is_stored_as_yes_or_no(world):
    b = record_battle(world, "Kursk", ["1st Squad"], results={"Pvt Ryan": "obviously-dead"},
                      details={"Pvt Ryan": {"zombie": True}, "Sgt Rock": {"zombie": "no"}})
    details = {r["name"]: r["details"] for r in show_battle(world, b.id)["results"]}
    assert details == {"Sgt Rock": {"zombie": False}, "Pvt Ryan": {"zombie": True}}
    rep = after_battle(world, b.id, options={"replacements": False}, dice=[])
    assert "Pvt Ryan: status active → turned" in " ".join(rep.lines)


# --------------------------------------------------------------------------- 3. a unit named twice
def test_casualties_named_twice_or_out_of_range_are_refused(cli, world, snap):
    refused(cli, snap, world, ["battle", "record", "Ops", "--roster", "Alpha", "--casualties",
                               "Bravo Section=3", "--casualties", "Bravo Section=2"],
            "--casualties: Bravo Section is named twice")
    err = refused(cli, snap, world, ["battle", "record", "Ops", "--roster", "Alpha", "--casualties",
                                     "Bravo Section=-1"], "-1 casualties of Bravo Section: give 0 to 8")
    assert "(Bravo Section has 8 figures)" in err
    refused(cli, snap, world, ["battle", "record", "Ops", "--roster", "Alpha", "--result",
                               "Tank=fought", "--result", "Tank=destroyed"], "--result: Tank is named twice")
    refused(cli, snap, world, ["battle", "record", "Kursk", "--roster", "1st Squad", "--roster", "The Horde",
                               "--by", "Pvt Ryan=Zombie 1", "--by", "Pvt Ryan=Zombie 1"],
            "--by: Pvt Ryan is named twice")
    # the same figure by its id and by its name: the use-case says so in the game's words
    sid = show_unit(world, "Bravo Section")["id"]
    before = snap(world)
    with pytest.raises(InputError, match="the casualties of Bravo Section are given twice"):
        record_battle(world, "Ops", ["Alpha"], casualties={"Bravo Section": 1, str(sid): 2})
    assert snap(world) == before


# --------------------------------------------------------------------------- 4. zombies are Rep 2
def test_zombies_are_always_rep_2(cli, world, snap):
    refused(cli, snap, world, ["fighter", "add", "The Horde", "Bob", "--kind", "zombie", "--rep", "4"],
            "Bob is a zombie: zombies are always Rep 2 (not 4)")
    refused(cli, snap, world, ["fighter", "edit", "Zombie 1", "--rep", "5"],
            "Zombie 1 is a zombie: zombies are always Rep 2 (not 5)")
    refused(cli, snap, world, ["fighter", "edit", "Pvt Ryan", "--kind", "zombie", "--rep", "4"],
            "zombies are always Rep 2")
    assert cli("fighter", "add", "The Horde", "Bob", "--kind", "zombie")[0] == 0
    assert show_fighter(world, "Bob")["rep"] == 2
    edit_fighter(world, "Pvt Ryan", kind="zombie")  # turned: a zombie now, so Rep 2
    assert show_fighter(world, "Pvt Ryan")["rep"] == 2
    with pytest.raises(InputError, match="need a Rep"):  # humans still need one
        add_fighter(world, "1st Squad", "Pvt Nobody")


# --------------------------------------------------------------------------- 5. house-rule values
def _table(*effects: dict[str, Any], dice: str = "d6") -> dict[str, Any]:
    return {"title": "House rule", "dice": dice, "rows": [
        {"roll": "1-5", "result": "fine"},
        {"roll": "6", "result": "odd", "effects": list(effects)},
    ]}


@pytest.mark.parametrize(("campaign", "table_id", "effect", "message"), [
    ("Kursk", "nuts-grunt-rep", {"op": "set-rep", "value": 9}, "'set-rep': value 9 is outside 1..6"),
    ("Kursk", "nuts-grunt-rep", {"op": "set-rep", "value": 0}, "'set-rep': value 0 is outside 1..6"),
    ("Kursk", "nuts-grunt-rep", {"op": "set-rep", "value": "five"}, "'set-rep': value 'five' must be a whole number"),
    ("Kursk", "nuts-rep-increase", {"op": "rep", "delta": 7}, "'rep': delta 7 is outside -5..5"),
    ("Kursk", "nuts-rep-increase", {"op": "xp", "value": 10**20}, "'xp': value 100000000000000000000 is outside"),
    ("Kursk", "nuts-rep-increase", {"op": "stat", "stat": "", "delta": 1}, "'stat': stat must be text"),
    ("Kursk", "nuts-rep-increase", {"op": "stat", "stat": "WS", "delta": 99}, "'stat': delta 99 is outside"),
    ("Kursk", "nuts-rep-increase", {"op": "roll-again", "table": "nuts-grunt-rep", "times": 10**6},
     "'roll-again': times 1000000 is outside 1..10"),
    ("Kursk", "nuts-rep-increase", {"op": "roll-again", "table": "Not A Table"}, "must be a table id"),
    ("Kursk", "nuts-rep-increase", {"op": "skill", "value": 3}, "'skill': value must be text"),
    ("Ops", "squad-casualty", {"op": "figures", "value": "eaten"}, "'figures': value 'eaten' is not one of"),
    ("Ops", "squad-casualty", {"op": "training", "delta": 40}, "'training': delta 40 is outside"),
])  # fmt: skip
def test_house_rule_effect_values_within_the_game(world, snap, campaign, table_id, effect, message):
    before = snap(world)
    with pytest.raises(InputError) as err:
        set_house_rule(world, campaign, table_id, _table(effect))
    assert str(err.value).startswith(f"house rule: table {table_id} row 2 effect 1: effect ")
    assert message in str(err.value)
    assert snap(world) == before


def test_house_rule_with_sensible_values_is_saved(world):
    set_house_rule(world, "Kursk", "nuts-grunt-rep", _table({"op": "set-rep", "value": 6}))
    set_house_rule(world, "Kursk", "nuts-replacements", {"title": "R", "dice": "pass:2d6", "rows": [
        {"roll": "0-1", "result": "none"},
        {"roll": "2", "result": "three", "effects": [{"op": "new-figures", "count": 3}]}]})


def test_imported_house_rule_is_checked_the_same_way(world, snap):
    from campaign_app.usecases.datafiles import ImportRefused, export_json, import_json

    doc = export_json(world, "Kursk")
    doc["campaign"]["name"] = "Kursk 2"
    doc["campaign"]["house_rules"] = {"nuts-grunt-rep": _table({"op": "set-rep", "value": 9})}
    before = snap(world)
    with pytest.raises(ImportRefused, match="house rule: table nuts-grunt-rep row 2 effect 1: effect "
                                            "'set-rep': value 9 is outside 1..6"):
        import_json(world, doc, backup=False)
    assert snap(world) == before


def test_a_campaign_with_an_old_out_of_range_house_rule_still_opens(world):
    """Saved before the check: the campaign still opens and rolls (Rep capped at 6)."""
    from sqlmodel import Session, select

    from db.models import Campaign

    with Session(world) as s:
        c = s.exec(select(Campaign).where(Campaign.name == "Kursk")).one()
        c.house_rules = {"nuts-grunt-rep": _table({"op": "set-rep", "value": 9})}
        s.add(c)
        s.commit()
    assert roll_table(world, "nuts-grunt-rep", campaign="Kursk", dice="6").result == "odd"


def test_house_rule_on_the_cli_names_table_row_and_effect(cli, world, snap, tmp_path):
    path = tmp_path / "grunt.json"
    import json

    path.write_text(json.dumps(_table({"op": "set-rep", "value": 9})), encoding="utf-8")
    refused(cli, snap, world, ["campaign", "house-rule", "Kursk", "nuts-grunt-rep", "--file", str(path)],
            "house rule: table nuts-grunt-rep row 2 effect 1: effect 'set-rep': value 9 is outside 1..6")


# --------------------------------------------------------------------------- 6. versions
def test_weapons_and_skills_raise_the_fighters_version(cli, world, snap):
    v0 = show_fighter(world, "Pvt Ryan")["version"]
    assert cli("fighter", "edit", "Pvt Ryan", "--weapon", "pistol")[0] == 0
    v1 = show_fighter(world, "Pvt Ryan")["version"]
    assert v1 == v0 + 1  # one action, one new version
    # the stale edit check sees it
    refused(cli, snap, world, ["fighter", "edit", "Pvt Ryan", "--if-version", str(v0), "--rep", "3"],
            "changed by someone else")
    with pytest.raises(ConflictError):
        edit_fighter(world, "Pvt Ryan", if_version=v0, add_skills=["Medic"])
    edit_fighter(world, "Pvt Ryan", if_version=v1, add_skills=["Medic"])
    v2 = show_fighter(world, "Pvt Ryan")["version"]
    assert v2 == v1 + 1
    edit_fighter(world, "Pvt Ryan", if_version=v2, remove_weapons=["pistol"])
    v3 = show_fighter(world, "Pvt Ryan")["version"]
    assert v3 == v2 + 1
    edit_fighter(world, "Pvt Ryan", if_version=v3, rep=3, add_weapons=["rifle"])  # fields and weapon
    d = show_fighter(world, "Pvt Ryan")
    assert d["version"] == v3 + 1 and d["rep"] == 3 and d["notes"] == ""
    # undo walks the data back, each step in turn, down to where it began; each step
    # gives a new, higher version (versions never go back), so no older one is accepted
    seen = d["version"]
    for weapons, skills in (([], ["Medic"]), (["pistol"], ["Medic"]), (["pistol"], []), ([], [])):
        undo(world, "Kursk")
        d = show_fighter(world, "Pvt Ryan")
        assert ([e["name"] for e in d["equipment"]], d["skills"]) == (weapons, skills)
        assert d["notes"] == "" and d["rep"] == 4
        assert d["version"] > seen
        seen = d["version"]
    for stale in (v0, v1, v2, v3, v3 + 1):
        with pytest.raises(ConflictError):
            edit_fighter(world, "Pvt Ryan", if_version=stale, notes="stale")


def test_weapons_raise_the_units_version(world):
    u = show_unit(world, "Bravo Section")
    edit_unit(world, "Bravo Section", if_version=u["version"], add_weapons=["smg"])
    v1 = show_unit(world, "Bravo Section")["version"]
    assert v1 > u["version"]
    with pytest.raises(ConflictError):
        edit_unit(world, "Bravo Section", if_version=u["version"], remove_weapons=["rifle"])
    edit_unit(world, "Bravo Section", if_version=v1, remove_weapons=["rifle"])
    assert show_unit(world, "Bravo Section")["version"] > v1
    v2 = show_unit(world, "Bravo Section")["version"]
    undo(world, "Ops")
    undo(world, "Ops")
    d = show_unit(world, "Bravo Section")
    # the weapons are back, under a new version (versions never go back)
    assert [e["name"] for e in d["equipment"]] == ["Rifle"] and d["version"] > v2
    with pytest.raises(ConflictError):
        edit_unit(world, "Bravo Section", if_version=u["version"], remove_weapons=["rifle"])


# --------------------------------------------------------------------------- 7. the Rep-increase log
@pytest.mark.parametrize(("rep", "face", "new", "label"), [
    (5, 5, 5, "No change"),   # a "Beat your Rep" row that does not beat it
    (4, 5, 5, "Rep up"),      # one that does
    (6, 6, 6, "No change"),   # "Rep up" at the top of the scale
    (4, 6, 5, "Rep up"),
])  # fmt: skip
def test_rep_increase_is_logged_as_what_happened(world, rep, face, new, label):
    edit_fighter(world, "Sgt Rock", rep=rep)
    b = record_battle(world, "Kursk", ["1st Squad"], hits=["Sgt Rock"])
    after_battle(world, b.id, dice=[face], options={"replacements": False})
    (row,) = roll_log(world, "Kursk", battle=b.id)
    assert (row["subject"], row["value"], row["label"]) == ("Sgt Rock", face, label)
    assert show_fighter(world, "Sgt Rock")["rep"] == new


# --------------------------------------------------------------------------- 8. log filters
def test_log_refuses_a_battle_of_no_campaign_and_a_limit_below_1(cli, world):
    b = record_battle(world, "Ops", ["Alpha"])
    with pytest.raises(NotFoundError, match="no battle 99 in Kursk"):
        roll_log(world, "Kursk", battle=99)
    with pytest.raises(NotFoundError, match=f"no battle {b.id} in Kursk"):  # Ops's battle
        roll_log(world, "Kursk", battle=b.id)
    assert roll_log(world, "Ops", battle=b.id) == []
    for limit in (0, -1):
        with pytest.raises(InputError, match=f"limit must be 1 or more \\(got {limit}\\)"):
            roll_log(world, "Kursk", limit=limit)
        with pytest.raises(InputError, match="limit must be 1 or more"):
            history(world, "Kursk", limit=limit)
    with pytest.raises(InputError, match="Zombie 1 is not in Ops"):
        roll_log(world, "Ops", fighter="Zombie 1")
    assert len(history(world, "Kursk", limit=1)) == 1
    for argv, message in [(["log", "Kursk", "--battle", "99"], "no battle 99 in Kursk"),
                          (["log", "Kursk", "--battle", HUGE], "battle: 999999…"),
                          (["log", "Kursk", "--limit", "0"], "limit must be 1 or more (got 0)"),
                          (["log", "Kursk", "--limit", "-1"], "limit must be 1 or more (got -1)"),
                          (["history", "Kursk", "--limit", "0"], "limit must be 1 or more")]:
        rc, _out, err = cli(*argv)
        assert rc == 2 and err == f"error: {message}\n" or message in err, err
        assert rc == 2 and err.count("\n") == 1


# --------------------------------------------------------------------------- 9. armour without a save
def test_armour_without_a_save_is_shown_as_such(cli, world):
    rc, out, _err = cli("unit", "options", "fubar")
    assert rc == 0
    assert "infantry armour: none (no save), light (6+)" in out and "None+" not in out
    edit_unit(world, "Bravo Section", armour="light")
    rc, out, _err = cli("unit", "show", "Bravo Section")
    assert rc == 0 and "personal armour Light (save 6+)" in out


@pytest.mark.parametrize("argv", [["fighter", "show", "99999999999999999999"], ["battle", "show", "99999999999999999999"],
                                  ["fighter", "show", "²"], ["unit", "show", "99999999999999999999"],
                                  ["roster", "show", "9223372036854775808"]])
def test_huge_or_odd_ids_are_not_found_not_a_crash(sqlite_url, capsys, argv):
    from campaign_app.cli import main
    from db.migrate import open_database

    open_database(sqlite_url).dispose()
    assert main(["--db", sqlite_url, *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: no ") and "Traceback" not in err


def test_renaming_a_roster_onto_another_is_named_not_a_constraint(engine, snap):
    from campaign_app.usecases import create_campaign, create_roster, edit_roster

    create_campaign(engine, "Kursk", "nuts")
    create_roster(engine, "Kursk", "Easy Company")
    create_roster(engine, "Kursk", "The Horde")
    before = snap(engine)
    with pytest.raises(InputError, match="Kursk already has a roster named 'Easy Company'"):
        edit_roster(engine, "The Horde", name="Easy Company")
    assert snap(engine) == before
    edit_roster(engine, "The Horde", name="The Horde", faction="Undead")  # its own name is fine
