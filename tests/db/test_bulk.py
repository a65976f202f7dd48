"""Bulk loads (db/bulk.py) leave plain app data: the app reads it, exports and imports it
unchanged, and new rows get fresh ids after it (PostgreSQL's sequences moved on)."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import func, select


def test_bulk_league_is_app_data(engine):
    from bench.league import LeagueSize, make_league
    from campaign_app.usecases import fighters, journal, rosters
    from campaign_app.usecases.datafiles import export_json, import_json
    from campaign_app.usecases.gui_queries import roster_rows
    from db.models import Fighter, Journal, RollRecord

    size = LeagueSize(rosters=4, fighters=40, largest_roster=16, battles=6, rolls=300)
    cid = make_league(engine, size=size, name="League")
    assert len(roster_rows(engine, roster=1)["rows"]) == 16
    assert [h["action"] for h in journal.history(engine, cid)] == ["campaign.create"]
    doc = export_json(engine, cid)
    assert len(doc["rolls"]) == 300 and sum(len(r["fighters"]) for r in doc["rosters"]) == 40
    copy = import_json(engine, doc, rename="Copy", backup=False)
    again = export_json(engine, copy.id)
    again["campaign"]["name"] = "League"
    assert again == doc
    # ids after the loaded ones: an ordinary use-case adds rows as usual
    r = rosters.create_roster(engine, "League", "Late")
    f = fighters.add_fighter(engine, r.id, "Newcomer", rep=4)
    with engine.connect() as c:
        assert f.id == c.execute(select(func.max(Fighter.id))).scalar_one()
        assert c.execute(select(func.count()).select_from(RollRecord)).scalar_one() == 600
        assert c.execute(select(func.count()).select_from(Journal)).scalar_one() >= 3


def test_bulk_load_in_chunks_and_pragmas_restored(sqlite_engine):
    from db.bulk import bulk_load

    with sqlite_engine.connect() as c:
        before = c.exec_driver_sql("PRAGMA synchronous").scalar()
    with bulk_load(sqlite_engine) as load:
        cid = load.ids("campaign", 1)[0]
        load.rows("campaign", ["id", "name", "system", "edition", "expansions", "house_rules", "cycle", "notes",
                               "created_at", "version"],
                  [(cid, "C", "nuts", "", [], {}, 1, "", datetime(2025, 1, 1, tzinfo=UTC), 1)])
        ids = load.ids("roster", 7)
        n = load.rows("roster", ["id", "campaign_id", "name", "kind", "faction", "player", "credits",
                                 "reputation", "notes", "created_at", "version"],
                      ((i, cid, f"R{i}", "gang", "", "", 0, 0, "", datetime(2025, 1, 1, tzinfo=UTC), 1)
                       for i in ids), chunk=3)
    assert n == 7 and list(ids) == list(range(1, 8))
    from campaign_app.usecases import campaigns

    assert [r["name"] for r in campaigns.show_campaign(sqlite_engine, "C")["rosters"]] == [f"R{i}" for i in ids]
    with sqlite_engine.connect() as c:
        assert c.exec_driver_sql("PRAGMA synchronous").scalar() == before


def test_bulk_league_battles_have_casualties_the_standings_count(engine):
    """The benchmark league's battles end with casualties, as played ones do (a league
    without any timed the standings on a walk that found nothing): about a quarter of the
    figures, half of them naming an attacker of the other side; the standings count each
    once for the roster that suffered it and once for the roster that caused it."""
    from collections import Counter

    from bench.league import CASUALTY_SHARE, LeagueSize, league_of, make_league
    from campaign_app.usecases.standings import league_standings
    from db.models import BattleResult, Fighter

    size = LeagueSize(rosters=6, fighters=60, largest_roster=15, battles=60, rolls=10)
    cid = make_league(engine, size=size, name="League")
    hurt = league_of("nuts").casualty_result
    with engine.connect() as c:
        rows = c.execute(select(BattleResult.status, BattleResult.by_fighter_id, Fighter.roster_id)
                         .join(Fighter, Fighter.id == BattleResult.fighter_id)).all()
        attackers = dict(c.execute(select(Fighter.id, Fighter.roster_id)).all())
    casualties = [r for r in rows if r.status == hurt]
    assert abs(len(casualties) / len(rows) - CASUALTY_SHARE) < 0.08, (len(casualties), len(rows))
    named = [r for r in casualties if r.by_fighter_id is not None]
    assert 0.3 < len(named) / len(casualties) < 0.7
    assert all(attackers[r.by_fighter_id] != r.roster_id for r in named)  # the other side's
    lines = {line["roster_id"]: line for line in league_standings(engine, cid)["standings"]}
    suffered = Counter(r.roster_id for r in casualties)
    assert {rid: line["suffered"] for rid, line in lines.items() if line["suffered"]} == dict(suffered)
    # every battle is of two rosters: each casualty is caused by the other one
    assert sum(line["caused"] for line in lines.values()) == len(casualties)
