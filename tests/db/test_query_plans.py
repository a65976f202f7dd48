"""The GUI's hot queries are index lookups on both backends: the tree's counts, a
roster's rows, a roll log page (whole, and by fighter, table and battle, and the next
page), the roll log's filters, a fighter found by name, a campaign's history and newest
battles. Each
statement they run is explained (see tests/db/plans.py: on PostgreSQL with
``enable_seqscan`` off, which proves an index can serve it whatever the table's size;
the planner's choice on a test's few rows would prove nothing) and none may read a whole
big table; a roll log page is read in index order (no sort)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.db.plans import check, sorts, statements


@pytest.fixture
def league(engine: Any) -> tuple[Any, int]:
    from bench.league import LeagueSize, make_league

    cid = make_league(engine, size=LeagueSize().scaled(0.1))
    if engine.dialect.name == "postgresql":
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as c:
            c.exec_driver_sql("ANALYZE")
    return engine, cid


def _ids(engine: Any, cid: int) -> tuple[int, int, str, int, str]:
    from campaign_app.usecases import gui_queries as q

    f = q.log_filters(engine, cid)
    tree = q.campaign_tree(engine)
    roster = tree[0]["rosters"][1]
    fighter = f["fighters"][0]
    return roster["id"], fighter["id"], fighter["name"], f["battles"][0]["id"], f["tables"][0]["id"]


def test_the_hot_gui_queries_use_indexes(league: tuple[Any, int]) -> None:
    from campaign_app.usecases import fighters, journal
    from campaign_app.usecases import gui_queries as q

    engine, cid = league
    rid, fid, fname, bid, tid = _ids(engine, cid)
    with statements(engine) as seen:
        tree = q.campaign_tree(engine, page=3)
        assert tree[0]["roster_count"] > len(tree[0]["rosters"]) == 3
        last = tree[0]["rosters"][-1]
        q.campaign_rosters(engine, cid, after=(last["name"], last["id"]), limit=3)
        q.campaign_rosters(engine, cid, up_to=rid)
        q.roster_rows(engine, roster=rid)
        q.roster_detail(engine, rid)
        q.log_filters(engine, cid)
        for flt in ({}, {"fighter": fid}, {"table": tid}, {"battle": bid}):
            page = q.roll_log_page(engine, cid, limit=5, **flt)  # type: ignore[arg-type]
            if page["before"] is not None:
                q.roll_log_page(engine, cid, limit=5, before=page["before"], **flt)  # type: ignore[arg-type]
        fighters.show_fighter(engine, fname)
        q.fighter_detail(engine, fid)
        journal.history(engine, cid, limit=50)
        q.undo_state(engine, cid)
        assert len(q.battles(engine, cid, newest=15)) == 15  # the campaign pane's battles
    assert len(seen) > 20
    assert check(engine, seen) == []


def test_a_roll_log_page_comes_in_index_order(league: tuple[Any, int]) -> None:
    from campaign_app.usecases import gui_queries as q

    engine, cid = league
    _rid, fid, _name, bid, tid = _ids(engine, cid)
    for flt in ({}, {"fighter": fid}, {"table": tid}, {"battle": bid}):
        first = q.roll_log_page(engine, cid, limit=7, **flt)  # type: ignore[arg-type]
        assert first["before"] is not None
        with statements(engine) as seen:
            second = q.roll_log_page(engine, cid, limit=7, before=first["before"], **flt)  # type: ignore[arg-type]
        page = [s for s in seen if "roll_record" in s.statement]
        assert len(page) == 1 and sorts(engine, page[0]) == [], flt
        ids = [r["id"] for r in first["rows"] + second["rows"]]
        assert ids == sorted(ids, reverse=True) and len(set(ids)) == 14  # newest first, no overlap


def test_the_plan_check_sees_a_whole_table_read(league: tuple[Any, int]) -> None:
    """The check itself fails on what it is there to catch: a filter on an unindexed
    column and a page without its index (the roll log's old ``ORDER BY id`` of the
    whole log, sorted)."""
    from sqlalchemy import text

    engine, cid = league
    with statements(engine) as seen, engine.connect() as c:
        c.execute(text("SELECT id FROM roll_record WHERE value = 3"))
        c.execute(text("SELECT id FROM fighter WHERE xp > 3 ORDER BY credits_value LIMIT 5"))
        c.execute(text("SELECT count(*) FROM journal"))  # the index may serve it: still all of it
    found = check(engine, seen)
    assert len(found) == 3, found
    assert sorts(engine, seen[1])


def test_rows_by_id_are_read_by_primary_key(league: tuple[Any, int]) -> None:
    """A page of a paged roster (or the rows a change names) reads its figures by their
    ids, their weapons, skills and injuries by those ids: not the roster's whole index
    (PostgreSQL chose it with the roster's condition in SQL: 30,000 entries a page)."""
    from campaign_app.usecases import gui_queries as q
    from tests.db.plans import plan

    engine, cid = league
    rid = _ids(engine, cid)[0]
    rows = q.roster_rows(engine, roster=rid)["rows"]
    ids = [r["id"] for r in rows if r["what"] == "fighter"][:3]
    with statements(engine) as seen:
        got = q.roster_rows(engine, roster=rid, fighters=ids, units=[])["rows"]
    assert sorted(r["id"] for r in got) == sorted(ids)
    assert check(engine, seen) == []
    figures = [s for s in seen if re.search(r"FROM fighter\b", s.statement)]
    assert len(figures) == 1 and "JOIN fighter" not in " ".join(s.statement for s in seen)
    lines = " ".join(plan(engine, figures[0]))
    assert ("fighter_pkey" in lines) if engine.dialect.name == "postgresql" else ("PRIMARY KEY" in lines), lines
    other = next(r for r in q.campaign_tree(engine)[0]["rosters"] if r["id"] != rid)
    assert q.roster_rows(engine, roster=other["id"], fighters=ids, units=[])["rows"] == []  # out of scope
    # a campaign's scope: the same, its rosters checked by their ids
    from campaign_app.usecases.campaigns import create_campaign

    with statements(engine) as seen:
        got = q.roster_rows(engine, campaign=cid, fighters=ids, units=[])["rows"]
    assert sorted(r["id"] for r in got) == sorted(ids) and check(engine, seen) == []
    assert "JOIN fighter" not in " ".join(s.statement for s in seen)
    elsewhere = int(create_campaign(engine, "Elsewhere", "nuts").id)
    assert q.roster_rows(engine, campaign=elsewhere, fighters=ids, units=[])["rows"] == []


def test_postgres_sessions_run_without_jit(engine: Any) -> None:
    """JIT compiling took most of a big roster's search (343 of 467 ms): our sessions
    turn it off, each pooled connection (a URL's own ``options`` untouched)."""
    if engine.dialect.name != "postgresql":
        pytest.skip("PostgreSQL only")
    with engine.connect() as a, engine.connect() as b:
        assert [c.exec_driver_sql("SHOW jit").scalar() for c in (a, b)] == ["off", "off"]
