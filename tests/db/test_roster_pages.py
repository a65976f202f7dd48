"""The paged roster table's reads (``gui_queries.roster_page``, ``roster_count``,
``roster_statuses``; SQL in ``db/queries/pages.py``), on SQLite and PostgreSQL: page by
page (keyset), every sortable column in both directions gives the order the in-memory
table gives (Python's sort of every row: blanks last, ties by kind and id), fighters and
units merged; the search and the status run in SQL, the user's wildcards taken as plain
characters; and each statement is served by an index (no whole-table read)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy import insert, update

from tests.db.plans import check, statements

# the user's wildcards, and letters beyond A-Z (SQLite's own lower() knows only those)
_NAMES = {7: "50%_off 7", 11: "Łukasz 11", 13: "ärger 13", 17: "Ärmel 17", 19: "Zoë 19", 23: "zoe 23"}


@pytest.fixture
def league(engine: Any) -> tuple[Any, int, int]:
    from bench.league import LeagueSize, make_league
    from campaign_app.usecases import gui_queries as q
    from db.models import Fighter, Unit

    cid = make_league(engine, system="necromunda", size=LeagueSize().scaled(0.1))
    rid = q.campaign_tree(engine)[0]["rosters"][0]["id"]
    fids = [r["id"] for r in q.roster_rows(engine, roster=rid)["rows"]]
    with engine.begin() as c:  # ties, blanks and odd values to sort
        for i, fid in enumerate(fids):
            stats = {"M": i % 4, "WS": "4+" if i % 5 == 0 else i % 3, "BS": 3}
            if i % 6 == 0:
                stats.pop("M")
            c.execute(update(Fighter).where(Fighter.id == fid).values(
                stats=stats, role="" if i % 3 else ("Leader" if i % 2 else "ganger"),
                xp=i % 5, name=_NAMES.get(i, f"{'ab'[i % 2]}{'Cd'[i % 3 % 2]} {i}")))
        now = datetime.now(UTC)
        c.execute(insert(Unit), [{"roster_id": rid, "name": f"Squad {n}", "unit_type": "infantry",
                                  "training": "green" if n % 2 else "", "figures": 5 - n % 3, "figures_start": 5,
                                  "wounded": 0, "armour": "", "discipline": "", "order": "", "status": "active",
                                  "battles_fought": n % 2, "stats": {"M": n}, "notes": "", "created_at": now,
                                  "version": 1} for n in range(5)])
    if engine.dialect.name == "postgresql":
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as c:
            c.exec_driver_sql("ANALYZE")
    return engine, cid, rid


def _raw(row: dict[str, Any], key: str) -> Any:
    return row["stats"].get(key[5:]) if key.startswith("stat:") else row.get(key)


def _python_order(rows: list[dict[str, Any]], key: str, desc: bool) -> list[tuple[str, int]]:
    """The in-memory table's order (ui.models._sortable), characteristics that are not
    numbers counted blank (as the paged table sorts them)."""
    from ui.models import _sortable

    def val(r: dict[str, Any]) -> tuple[int, Any]:
        v = _raw(r, key)
        if key.startswith("stat:") and not isinstance(v, (int, float)):
            return (2, "")
        return _sortable(v)

    natural = sorted(rows, key=lambda r: (r["what"] != "fighter", r["id"]))
    filled = [r for r in natural if val(r)[0] != 2]
    filled.sort(key=val, reverse=desc)
    return [(r["what"], r["id"]) for r in filled + [r for r in natural if val(r)[0] == 2]]


def _all_pages(engine: Any, limit: int, **kw: Any) -> list[dict[str, Any]]:
    from campaign_app.usecases import gui_queries as q

    got: list[dict[str, Any]] = []
    after = None
    for _ in range(1000):
        page = q.roster_page(engine, after=after, limit=limit, **kw)
        assert len(page["rows"]) <= limit and len(page["keys"]) == len(page["rows"])
        got += page["rows"]
        if not page["more"]:
            return got
        after = page["keys"][-1]
    raise AssertionError("pages never end")


KEYS = ["name", "type", "role", "kind", "status", "rep", "xp", "credits_value", "roster", "figures",
        "training", "battles_fought", "stat:M", "stat:WS", "stat:BS"]


def test_pages_in_every_sort_order_match_the_in_memory_sort(league: tuple[Any, int, int]) -> None:
    from campaign_app.usecases import gui_queries as q

    engine, cid, rid = league
    for scope in ({"roster": rid}, {"campaign": cid}):
        full = q.roster_rows(engine, **scope)["rows"]  # type: ignore[arg-type]
        assert any(r["what"] == "unit" for r in full)
        limit = 7 if "roster" in scope else 53
        natural = [(r["what"], r["id"]) for r in _all_pages(engine, limit, **scope)]
        assert natural == [(r["what"], r["id"]) for r in full]
        for key in KEYS:
            assert q.roster_sortable(key)
            for desc in (False, True):
                got = [(r["what"], r["id"]) for r in _all_pages(engine, limit, sort=key, descending=desc, **scope)]
                assert got == _python_order(full, key, desc), (scope, key, desc)
    assert not q.roster_sortable("weapons") and not q.roster_sortable("skills")


def test_the_search_and_the_status_run_in_sql(league: tuple[Any, int, int]) -> None:
    from campaign_app.usecases import gui_queries as q

    engine, cid, rid = league
    full = q.roster_rows(engine, roster=rid)["rows"]
    assert q.roster_count(engine, roster=rid) == {
        "fighters": sum(r["what"] == "fighter" for r in full), "units": 5,
        "figures": sum(r.get("figures", 0) for r in full if r["what"] == "unit")}
    # the user's % and _ are plain characters
    for text in ("50%_", "%", "_OFF"):
        rows = _all_pages(engine, 5, roster=rid, search=text)
        assert [r["name"] for r in rows] == ["50%_off 7"], text
    # every word, any case, in any text column shown (a weapon's name too)
    rows = _all_pages(engine, 5, roster=rid, search="BC LEADER")
    want = [r["id"] for r in full if r["name"].lower().startswith("bc") and r.get("role") == "Leader"]
    assert want and [r["id"] for r in rows] == want
    weapon = full[0]["weapons"][0]
    assert len(_all_pages(engine, 50, roster=rid, search=weapon.upper())) == sum(weapon in r["weapons"] for r in full)
    assert len(_all_pages(engine, 50, roster=rid, search="squad")) == 5
    for text, names in (("łuk", ["Łukasz 11"]), ("ÄR", ["Ärmel 17", "ärger 13"]), ("ZOË", ["Zoë 19"])):
        assert sorted(r["name"] for r in _all_pages(engine, 50, roster=rid, search=text)) == names, text
    # a status, and the statuses offered
    statuses = q.roster_statuses(engine, roster=rid)
    assert statuses == sorted({r["status"] for r in full})
    for st in statuses:
        rows = _all_pages(engine, 9, roster=rid, status=st, sort="name")
        assert sorted(r["id"] for r in rows) == sorted(r["id"] for r in full if r["status"] == st)
        n = q.roster_count(engine, roster=rid, status=st)
        assert n["fighters"] + n["units"] == len(rows)
    # the campaign's scope searches the roster's name too
    name = q.campaign_tree(engine)[0]["rosters"][1]["name"]
    n = q.roster_count(engine, campaign=cid, search=name)
    assert n["fighters"] == q.roster_count(engine, roster=q.campaign_tree(engine)[0]["rosters"][1]["id"])["fighters"]


def test_named_rows_come_with_their_keys(league: tuple[Any, int, int]) -> None:
    from campaign_app.usecases import gui_queries as q

    engine, _cid, rid = league
    page = q.roster_page(engine, roster=rid, sort="xp", descending=True, limit=10)
    ids = [r["id"] for r in page["rows"] if r["what"] == "fighter"][:3]
    again = q.roster_page(engine, roster=rid, sort="xp", descending=True, fighters=ids, units=[])
    assert [r["id"] for r in again["rows"]] == ids
    assert again["keys"] == [k for r, k in zip(page["rows"], page["keys"], strict=True) if r["id"] in ids
                             and r["what"] == "fighter"]
    none = q.roster_page(engine, roster=rid, fighters=ids, units=[], search="no such words")
    assert none["rows"] == [] and not none["more"]


def test_the_paged_reads_use_indexes(league: tuple[Any, int, int]) -> None:
    from campaign_app.usecases import gui_queries as q

    engine, cid, rid = league
    with statements(engine) as seen:
        for scope in ({"roster": rid}, {"campaign": cid}):
            for key in (None, "name", "roster", "stat:M", "xp"):
                first = q.roster_page(engine, sort=key, limit=5, **scope)  # type: ignore[arg-type]
                q.roster_page(engine, sort=key, descending=True, after=first["keys"][-1], limit=5,
                              **scope)  # type: ignore[arg-type]
            q.roster_page(engine, search="ab leader", status="active", limit=5, **scope)  # type: ignore[arg-type]
            q.roster_count(engine, **scope)  # type: ignore[arg-type]
            q.roster_count(engine, search="x", status="dead", **scope)  # type: ignore[arg-type]
            q.roster_statuses(engine, **scope)  # type: ignore[arg-type]
    assert len(seen) > 30
    assert check(engine, seen) == []
