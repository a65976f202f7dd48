"""The Charts tab's data: the rolls made on each rules table (a GROUP BY over the roll
record: undone rolls and rolls on no table left out, tables named by their titles) and
the campaign report's charts with it. On SQLite and PostgreSQL."""

from __future__ import annotations

import collections
from typing import Any

from campaign_app.rules import load_rulebook
from campaign_app.usecases import campaigns, journal, rosters
from campaign_app.usecases.charts import campaign_charts, rolls_per_table
from campaign_app.usecases.exports import campaign_document
from campaign_app.usecases.rolls import roll_log, roll_table


def _counted_from_the_log(engine: Any, cid: int) -> dict[str, int]:
    """The same count, made from the roll log row by row."""
    rows = roll_log(engine, cid)
    return dict(collections.Counter(r["table"] for r in rows if r["table"] and not r["undone"]))


def test_rolls_per_table_counts_the_rolls_on_record_not_undone(engine: Any) -> None:
    from campaign_app.systems.necromunda.actions import injury_roll
    from campaign_app.systems.necromunda.demo import build

    cid = build(engine)
    before = rolls_per_table(engine, cid)
    assert before, "the demo campaign has rolls on record"
    assert {t["table"]: t["rolls"] for t in before} == _counted_from_the_log(engine, cid)
    rulebook = load_rulebook()
    for t in before:
        assert t["title"] == rulebook.tables[t["table"]].title
    assert [t["rolls"] for t in before] == sorted((t["rolls"] for t in before), reverse=True)

    fighter = next(r for r in roll_log(engine, cid) if r["fighter_id"] is not None)["fighter_id"]
    injury_roll(engine, fighter, dice="6,3")  # Critical Injury
    after = {t["table"]: t["rolls"] for t in rolls_per_table(engine, cid)}
    assert after == _counted_from_the_log(engine, cid)
    grew = {k: v - {t["table"]: t["rolls"] for t in before}.get(k, 0) for k, v in after.items()}
    assert sum(grew.values()) >= 1 and all(v >= 0 for v in grew.values())

    journal.undo(engine, cid)  # the injury's rolls are undone: not counted any more
    assert rolls_per_table(engine, cid) == before


def test_a_roll_outside_an_action_counts_and_other_campaigns_do_not(engine: Any) -> None:
    from campaign_app.systems.nuts.demo import build

    cid = build(engine)
    other = campaigns.create_campaign(engine, "Kursk", "nuts")
    start = {t["table"]: t["rolls"] for t in rolls_per_table(engine, cid)}
    roll_table(engine, "nuts-recovery", campaign=other.id, target=4, dice="3,5")
    assert {t["table"]: t["rolls"] for t in rolls_per_table(engine, cid)} == start
    assert rolls_per_table(engine, other.id) == [
        {"table": "nuts-recovery", "title": load_rulebook().tables["nuts-recovery"].title, "rolls": 1}]
    assert rolls_per_table(engine, "Kursk") == rolls_per_table(engine, other.id)  # by name too


def test_campaign_charts_are_the_reports_charts_and_the_rolls_per_table(engine: Any) -> None:
    from campaign_app.systems.necromunda.demo import build

    cid = build(engine)
    data = campaign_charts(engine, cid)
    report = campaign_document(engine, cid)["charts"]
    assert data["charts"][:-1] == report
    assert [c["title"] for c in data["charts"]] == [
        "Casualties per battle", "Wins after each battle", "XP after each battle", "Rating after each battle",
        "Rolls per table"]
    rolls = data["charts"][-1]
    tables = rolls_per_table(engine, cid)
    assert rolls["kind"] == "hbar"
    assert rolls["categories"] == [t["title"] for t in tables]
    assert rolls["series"] == [{"name": "Rolls", "values": [float(t["rolls"]) for t in tables]}]


def test_a_new_campaign_has_no_charts(engine: Any) -> None:
    c = campaigns.create_campaign(engine, "Empty", "nuts")
    assert rolls_per_table(engine, c.id) == []
    assert campaign_charts(engine, c.id)["charts"] == []


def test_a_league_beyond_the_chart_limits_gets_no_charts_and_says_why(engine: Any, monkeypatch: Any) -> None:
    """A national league (10,000 rosters, 100,000 battles) would draw 10,000 lines of
    100,000 points: above CHART_ROSTERS rosters or CHART_BATTLES battles nothing is
    read but the counts."""
    import campaign_app.usecases.charts as charts_uc
    import campaign_app.usecases.exports as exports

    c = campaigns.create_campaign(engine, "Hive War", "necromunda")
    for name in ("A", "B", "C"):
        rosters.create_roster(engine, c.id, name)
    monkeypatch.setattr(charts_uc, "CHART_ROSTERS", 2)
    monkeypatch.setattr(exports, "campaign_document", None)  # never read
    monkeypatch.setattr(charts_uc, "campaign_document", None)
    data = campaign_charts(engine, c.id)
    assert (data["too_big"], data["rosters"], data["battles"], data["charts"]) == (True, 3, 0, [])
    assert data["campaign"] == "Hive War" and "Necromunda" in data["system"]
