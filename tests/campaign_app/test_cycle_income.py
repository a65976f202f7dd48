"""Income in the Necromunda post-cycle step (#21 item 4): ``cycle end --income`` has
every roster collect its territories' income, rolls on record, credits on each roster's
ledger, in the one undo step of the cycle end; on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from campaign_app.errors import InputError
from campaign_app.systems.necromunda.actions import end_cycle
from campaign_app.usecases import campaigns, fighters, gear, journal, rolls, rosters
from tests.campaign_app.test_gear import game_rows, run


def hive(engine, edition: str = "n26"):
    c = campaigns.create_campaign(engine, "Underhive", "necromunda", edition=edition)
    a = rosters.create_roster(engine, c.id, "Rusty Cogs", credits=10)
    b = rosters.create_roster(engine, c.id, "Vex Gang", credits=0)
    idle = rosters.create_roster(engine, c.id, "No Turf", credits=5)
    for r, name in ((a, "Brak"), (b, "Vex"), (idle, "Nobody")):
        fighters.add_fighter(engine, r.id, name, fighter_type="leader")
    gear.add_territory(engine, a.id, "Old Ruins", credits=5, dice="D6x10")
    gear.add_territory(engine, a.id, "Drinking Hole", credits=0, dice="D3x5")
    gear.add_territory(engine, b.id, "Settlement", credits=15)
    return c, a, b, idle


@pytest.mark.parametrize("edition", ["n26", "n23"])
def test_cycle_end_collects_income_with_rolls_ledger_and_exact_undo(engine, edition):
    c, a, b, idle = hive(engine, edition)
    before = game_rows(engine)
    rep = end_cycle(engine, c.id, income=True, dice="4 2")
    assert rep.applied and show_cycle(engine, c.id) == 2
    income = [(st["subject"], st["text"]) for st in rep.steps if st["rule"] == "Income"]
    assert income == [("Rusty Cogs", "Old Ruins: 5 + D6x10 [4] = 45"),
                      ("Rusty Cogs", "Drinking Hole: 0 + D3x5 [2] = 5"),
                      ("Vex Gang", "Settlement: 15 = 15")]
    assert "Rusty Cogs: credits 10 → 60" in rep.lines and "Vex Gang: credits 0 → 15" in rep.lines
    assert [rosters.show_roster(engine, r.id)["credits"] for r in (a, b, idle)] == [60, 15, 5]
    # the rolls are on record, as the player's typed dice, each saying whose income it is
    log = [(x["purpose"], x["faces"], x["source"]) for x in rolls.roll_log(engine, c.id)]
    assert log[-2:] == [("income from Old Ruins", [4], "typed"), ("income from Drinking Hole", [2], "typed")]
    # each roster's ledger: one income line
    led = gear.show_ledger(engine, a.id)["entries"]
    assert [(e["kind"], e["amount"], e["balance"], e["why"]) for e in led] == [
        ("income", 50, 60, "income from Old Ruins, Drinking Hole")]
    assert [(e["kind"], e["amount"]) for e in gear.show_ledger(engine, b.id)["entries"]] == [("income", 15)]
    assert gear.show_ledger(engine, idle.id)["entries"] == []
    # one undo step takes back the income with the rest of the cycle end, exactly
    journal.undo(engine, c.id)
    assert game_rows(engine) == before and show_cycle(engine, c.id) == 1


def show_cycle(engine, cid) -> int:
    return int(campaigns.show_campaign(engine, cid)["cycle"])


def test_without_income_or_dry_run_nothing_is_collected(engine):
    c, a, _b, _idle = hive(engine)
    before = game_rows(engine)
    rep = end_cycle(engine, c.id, income=True, dice="6 3", dry_run=True)
    assert not rep.applied and "Old Ruins: 5 + D6x10 [6] = 65" in [st["text"] for st in rep.steps]
    assert game_rows(engine) == before  # a preview writes nothing
    rep = end_cycle(engine, c.id)
    assert not [st for st in rep.steps if st["rule"] == "Income"]
    assert gear.show_ledger(engine, a.id)["entries"] == [] and rosters.show_roster(engine, a.id)["credits"] == 10
    # too few typed dice for the income: refused, nothing written
    journal.undo(engine, c.id)
    with pytest.raises(InputError):
        end_cycle(engine, c.id, income=True, dice="4")
    assert game_rows(engine) == before


def test_no_territory_says_so(engine):
    c = campaigns.create_campaign(engine, "Underhive", "necromunda", edition="n26")
    rosters.create_roster(engine, c.id, "Rusty Cogs")
    rep = end_cycle(engine, c.id, income=True)
    assert [st["text"] for st in rep.steps if st["rule"] == "Income"] == ["no gang holds a territory: no income"]
    assert not gear.campaign_has_income(engine, c.id)


def test_cli_cycle_end_income(engine, capsys):
    c, a, _b, _idle = hive(engine)
    assert gear.campaign_has_income(engine, c.id)
    capsys.readouterr()
    assert run(engine, "cycle", "end", str(c.id), "--income", "--dice", "3 1") == 0
    out = capsys.readouterr().out
    assert "- Income: Rusty Cogs: Old Ruins: 5 + D6x10 [3] = 35" in out
    assert "- Income: Vex Gang: Settlement: 15 = 15" in out
    assert "Rusty Cogs: credits 10 → 50" in out
    assert rosters.show_roster(engine, a.id)["credits"] == 50
