"""Founding a Necromunda gang from its house and recruiting from its list (issue #30
item 2): ``roster create --house``, ``fighter recruit``, ``roster check`` and the
campaign's ``--roster-rules loose``; what is written read back, on SQLite and
PostgreSQL."""

from __future__ import annotations

import json

import pytest

from campaign_app.cli import main
from campaign_app.errors import InputError
from campaign_app.systems.necromunda import recruiting
from campaign_app.usecases import campaigns, gear, journal, rosters
from campaign_app.usecases.fighters import show_fighter
from campaign_app.usecases.record import campaign_settings, set_campaign_settings
from tests.campaign_app.test_gear import game_rows

# the n23 houses and gangs with fighter lists, in the order the rules files give them
LISTS = "House Cawdor, House Delaque, House Escher, Genestealer Cult, House Goliath, Ironhead Squat Prospectors, House Orlock, Palanite Enforcers, House Van Saar"


def cli(engine, capsys, *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    rc = main(["--db", engine.url.render_as_string(hide_password=False), *argv])
    out, err = capsys.readouterr()
    return rc, out, err


def orlocks(engine, capsys, edition: str = "n23") -> int:
    assert cli(engine, capsys, "campaign", "create", "Underhive", "--system", "necromunda",
               "--edition", edition)[0] == 0
    rc, out, err = cli(engine, capsys, "--json", "roster", "create", "Underhive", "Rusty Cogs", "--house", "Orlock")
    assert rc == 0, err
    return json.loads(out)["id"]


def fighters(engine, roster_id: int) -> dict[str, dict]:
    return {f["name"]: f for f in rosters.show_roster(engine, roster_id)["fighters"]}


def test_an_orlock_gang_of_a_leader_two_champions_and_four_gangers(engine, capsys):
    """The issue's "Done when": 1,000 credits, a leader, two champions, four gangers
    from the list; each recruit paid, its stat line and items written."""
    rid = orlocks(engine, capsys)
    r = rosters.show_roster(engine, rid)
    assert (r["faction"], r["credits"]) == ("House Orlock", 1000)
    assert [(e["kind"], e["amount"], e["why"]) for e in gear.show_ledger(engine, rid)["entries"]] == [
        ("credits", 1000, "starting credits of House Orlock")]  # a source gives it: no "default"

    rc, out, _ = cli(engine, capsys, "fighter", "recruit", "Rusty Cogs", "Road Captain", "Big Jak",
                     "--with", "Combat shotgun", "--with", "Mesh armour")
    assert rc == 0 and out.startswith("recruited Big Jak (#") and "for 175 credits: 825 left" in out
    rc, out, _ = cli(engine, capsys, "--json", "fighter", "recruit", "Rusty Cogs", "Road Sergeant", "Ma Grit",
                     "--with", "Lasgun")  # a Common Trading Post weapon: a champion may take it
    d = json.loads(out)
    assert rc == 0 and (d["cost"], d["total"], d["credits"], d["category"]) == (80, 95, 730, "champion")
    assert d["items"] == [{"name": "Lasgun", "price": 15, "source": "trading post"}]
    assert cli(engine, capsys, "fighter", "recruit", "Rusty Cogs", "Arms Master", "Old Iron")[0] == 0
    for i, extra in enumerate((["--with", "Autogun"], [], ["--with", "Stub gun"], [])):
        assert cli(engine, capsys, "fighter", "recruit", "Rusty Cogs", "Gunner", f"Gunner {i + 1}", *extra)[0] == 0

    # read back: credits, each fighter's type, stat line, value and items
    r = rosters.show_roster(engine, rid)
    spent = 175 + 95 + 95 + (45 + 15) + 45 + (45 + 5) + 45
    assert r["credits"] == 1000 - spent == 435
    fs = fighters(engine, rid)
    assert len(fs) == 7
    jak = fs["Big Jak"]
    assert (jak["type"], jak["role"], jak["credits_value"]) == ("leader", "Road Captain", 175)
    assert jak["stats"] == {"M": 5, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 3, "I": 4, "A": 2,
                            "Ld": 4, "Cl": 5, "Wil": 5, "Int": 5}
    assert sorted((e["name"], e["cost"]) for e in jak["equipment"]) == [("Combat shotgun", 55), ("Mesh armour", 15)]
    assert [f["type"] for f in fs.values()].count("champion") == 2
    assert [f["type"] for f in fs.values()].count("ganger") == 4
    assert fs["Gunner 1"]["stats"]["BS"] == 4 and fs["Gunner 1"]["credits_value"] == 60
    assert r["worth"]["rating"] == spent
    ledger = gear.show_ledger(engine, rid)["entries"]
    assert [(e["amount"], e["balance"], e["why"]) for e in ledger][1:3] == [
        (-175, 825, "recruits Big Jak (Road Captain)"), (-95, 730, "recruits Ma Grit (Road Sergeant)")]
    # the weapon's profile is the library's
    shot = next(e for e in show_fighter(engine, jak["id"])["equipment"] if e["name"] == "Combat shotgun")
    assert shot.get("profile")

    rc, out, _ = cli(engine, capsys, "roster", "check", "Rusty Cogs")
    assert rc == 0 and out == "Rusty Cogs (House Orlock, 7 fighters, founding): follows every composition rule\n"
    rc, out, _ = cli(engine, capsys, "fighter", "recruit", "Rusty Cogs", "--list")
    assert rc == 0 and "435 credits left, rating 565" in out
    assert "Road Captain" in out and "Servitor" in out


def test_an_illegal_recruit_is_refused_naming_the_rule_and_writes_nothing(engine, capsys):
    rid = orlocks(engine, capsys)
    recruiting.recruit_fighter(engine, rid, "leader", "Big Jak")
    before = game_rows(engine)
    rc, _out, err = cli(engine, capsys, "fighter", "recruit", "Rusty Cogs", "Road Captain", "Second Boss")
    assert rc == 2 and err.count("\n") == 1
    assert "cannot recruit Second Boss, a Road Captain: it breaks rule one-leader: " \
           "A gang always has exactly one Leader." in err and "(2 Leaders, at most 1)" in err
    assert game_rows(engine) == before
    # a type's own limit (Servitor 0-1)
    recruiting.recruit_fighter(engine, rid, "Servitor", "Lugger")
    with pytest.raises(InputError, match=r"breaks rule orlock-servitor-max: A gang has at most 1 Servitor"):
        recruiting.recruit_fighter(engine, rid, "Servitor", "Lugger 2")
    # the founding rule: one Specialist
    recruiting.recruit_fighter(engine, rid, "Gunner (Specialist)", "Spec")
    with pytest.raises(InputError, match=r"breaks rule one-founding-specialist"):
        recruiting.recruit_fighter(engine, rid, "gunner specialist", "Spec 2")


@pytest.mark.parametrize(("ftype", "items", "message"), [
    ("Gunner", ["Heavy bolter"], r"a Gunner takes weapons from its equipment list only, and Heavy bolter"),
    ("Road Captain", ["Power sword"], r"Power sword is R9 at the Trading Post: .*Common items only \(our default\)"),
    ("Gunner", ["Death ray"], r"'Death ray' is not in the n23 catalogue"),
    ("Gunner", ["Mesh armour"] * 70, r"cannot afford Gan, a Gunner: 45 \+ 15 \+ .* credits; it has 1000"),
    ("Boss", [], r"no fighter type 'Boss' in House Orlock \(known: Road Captain, "),
])
def test_what_a_recruit_may_not_take_is_refused_in_one_line(engine, capsys, ftype, items, message):
    rid = orlocks(engine, capsys)
    before = game_rows(engine)
    with pytest.raises(InputError, match=message) as e:
        recruiting.recruit_fighter(engine, rid, ftype, "Gan", items)
    assert "\n" not in str(e.value)
    assert game_rows(engine) == before


def test_a_recruit_is_one_undo_step(engine, capsys):
    rid = orlocks(engine, capsys)
    c = rosters.show_roster(engine, rid)["campaign"]["id"]
    before = game_rows(engine)
    rec = recruiting.recruit_fighter(engine, rid, "Servitor", "Lugger", ["Heavy bolter"])
    assert (rec.total, rec.credits, rec.equipment) == (280, 720, ["Harpoon launcher", "Servitor combat weapon",
                                                                 "Light carapace armour"])
    assert [h["summary"] for h in journal.history(engine, c)][0] == "Rusty Cogs recruits Lugger (Servitor, 280 credits)"
    eq = {e["name"]: e["cost"] for e in fighters(engine, rid)["Lugger"]["equipment"]}
    assert eq == {"Harpoon launcher": 0, "Servitor combat weapon": 0, "Light carapace armour": 0, "Heavy bolter": 50}
    journal.undo(engine, c)
    assert game_rows(engine) == before
    journal.redo(engine, c)
    assert fighters(engine, rid)["Lugger"]["credits_value"] == 280
    assert rosters.show_roster(engine, rid)["credits"] == 720


def test_roster_check_lists_each_broken_rule_and_exits_non_zero(engine, capsys):
    rid = orlocks(engine, capsys)
    recruiting.recruit_fighter(engine, rid, "Road Sergeant", "Ma Grit")
    recruiting.recruit_fighter(engine, rid, "Road Sergeant", "Pa Grit")
    rc, out, _ = cli(engine, capsys, "roster", "check", "Rusty Cogs")
    assert rc == 3
    assert out.splitlines()[0] == "Rusty Cogs (House Orlock, 2 fighters, founding): breaks 3 composition rules"
    assert [line.split(":")[0] for line in out.splitlines()[1:]] == [
        "- one-leader", "- half-gang-fighters", "- min-fighters"]
    assert out.splitlines()[1].endswith("(0 Leaders, at least 1)")
    assert out.splitlines()[2].endswith("(0 of 2 fighters, under 50%)")
    assert out.splitlines()[3].endswith("(2 fighters) [our default]")
    rc, out, _ = cli(engine, capsys, "--json", "roster", "check", "Rusty Cogs")
    d = json.loads(out)
    assert rc == 3 and d["legal"] is False and [b["id"] for b in d["broken"]] == [
        "one-leader", "half-gang-fighters", "min-fighters"]
    assert [b["default"] for b in d["broken"]] == [False, False, True]


def test_a_campaign_that_plays_loose_is_not_checked(engine, capsys):
    rid = orlocks(engine, capsys)
    c = rosters.show_roster(engine, rid)["campaign"]["id"]
    rc, out, _ = cli(engine, capsys, "campaign", "settings", "Underhive", "--roster-rules", "loose")
    assert rc == 0 and out.endswith("roster rules loose\n")
    assert campaign_settings(engine, c)["roster_rules"] == "loose"
    recruiting.recruit_fighter(engine, rid, "Road Captain", "Boss 1")
    rec = recruiting.recruit_fighter(engine, rid, "Road Captain", "Boss 2")
    assert rec.checked is False
    rc, out, _ = cli(engine, capsys, "roster", "check", "Rusty Cogs")
    assert rc == 0 and "the campaign plays loose: nothing is refused" in out and "- one-leader" in out
    # the setting is one undo step of its own
    journal.undo(engine, c)
    journal.undo(engine, c)
    journal.undo(engine, c)
    assert campaign_settings(engine, c)["roster_rules"] == "checked"
    assert set_campaign_settings(engine, c, roster_rules="checked").changed is False
    with pytest.raises(InputError, match="roster rules 'tight' are not checked or loose"):
        set_campaign_settings(engine, c, roster_rules="tight")


def test_the_house_is_checked_and_its_credits_labelled(engine, capsys):
    orlocks(engine, capsys)
    rc, _out, err = cli(engine, capsys, "roster", "create", "Underhive", "Squiggers", "--house", "Squigs")
    assert rc == 2 and err == ("error: no house 'Squigs' in Necromunda n23 (known: House Cawdor, House Delaque, "
                               "House Escher, House Goliath, House Orlock, House Van Saar, Genestealer Cult, "
                               "Ironhead Squat Prospectors, Palanite Enforcers)\n")
    # the Hangers-on are a list any gang hires from, not a house a gang is founded of
    rc, _out, err = cli(engine, capsys, "roster", "create", "Underhive", "Hired", "--house", "Hangers-on")
    assert rc == 2 and err.startswith("error: no house 'Hangers-on' in Necromunda n23") and "Hangers-on)" not in err
    # a house with lists: its credits are the source's
    rc, out, _ = cli(engine, capsys, "roster", "create", "Underhive", "Iron Jaws", "--house", "house goliath")
    assert rc == 0 and out.endswith(": Iron Jaws (House Goliath, 1,000 credits)\n")
    # a gang of a faction without fighter lists: recruiting says which houses have them
    assert cli(engine, capsys, "roster", "create", "Underhive", "Nomads", "--faction", "Ash Wastes Nomads")[0] == 0
    rc, _out, err = cli(engine, capsys, "fighter", "recruit", "Nomads", "Leader", "Krag")
    assert rc == 2 and err == ("error: Nomads's house 'Ash Wastes Nomads' has no fighter lists in n23 "
                               f"(lists: {LISTS}); add its fighters with `fighter add`\n")
    # --credits overrides, and is on the ledger
    rc, out, _ = cli(engine, capsys, "--json", "roster", "create", "Underhive", "Rich", "--house", "Orlock",
                     "--credits", "1500")
    assert rc == 0 and json.loads(out)["credits"] == 1500 and json.loads(out)["credits_default"] is False
    rc, _out, err = cli(engine, capsys, "roster", "create", "Underhive", "Both", "--house", "Orlock",
                        "--faction", "House Escher")
    assert rc == 2 and "give the house or the faction, not both" in err


def test_n26_has_no_house_lists_and_says_so(engine, capsys):
    rc, _o, _e = cli(engine, capsys, "campaign", "create", "New", "--system", "necromunda", "--edition", "n26")
    rc, out, _ = cli(engine, capsys, "roster", "create", "New", "Cogs", "--house", "House Orlock")
    assert rc == 0 and "(House Orlock, 1,000 credits, our default)" in out
    rc, _out, err = cli(engine, capsys, "fighter", "recruit", "Cogs", "--list")
    assert rc == 2 and "lists: none yet" in err


def test_the_readme_recruiting_example_runs_as_written(tmp_path, capsys):
    from tests.campaign_app.test_readme_examples import README, _block

    db = str(tmp_path / "readme.sqlite")
    assert main(["--db", db, "campaign", "create", "Underhive", "--system", "necromunda", "--edition", "n23"]) == 0
    assert "fighter recruit" in README.read_text(encoding="utf-8")
    commands = _block("A gang founded from its house")
    assert [c[:2] for c in commands] == [["roster", "create"], ["fighter", "recruit"], ["fighter", "recruit"],
                                         ["roster", "check"], ["campaign", "settings"]]
    codes = [main(["--db", db, *argv]) for argv in commands]
    assert codes == [0, 0, 0, 3, 0], capsys.readouterr().err  # one fighter: not a legal gang yet


def test_a_house_founded_through_the_use_case_gets_its_credits(engine):
    """What the window and a server call: no credits given means the house's, on the ledger."""
    from sqlalchemy import text

    c = campaigns.create_campaign(engine, "Underhive", "necromunda", "n23")
    r = rosters.create_roster(engine, c.id, "Rusty Cogs", house="Orlock")
    plain = rosters.create_roster(engine, c.id, "No House")
    with engine.connect() as conn:
        assert conn.execute(text("SELECT credits FROM roster WHERE id = :i"), {"i": r.id}).scalar_one() == 1000
        assert conn.execute(text("SELECT credits FROM roster WHERE id = :i"), {"i": plain.id}).scalar_one() == 0
        assert conn.execute(text("SELECT amount FROM ledger_entry WHERE roster_id = :i"),
                            {"i": r.id}).scalars().all() == [1000]


def test_the_article_follows_the_type_name():
    from campaign_app.systems.necromunda.recruiting import a_an

    assert (a_an("Augmek"), a_an("Ganger"), a_an("Enforcer")) == ("an Augmek", "a Ganger", "an Enforcer")
