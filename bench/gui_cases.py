"""Benchmark cases of the GUI's reads at national-league scale (issue #19): ``tree``,
``roll-log-page`` and ``wizard-preview``. Each takes the runner's :class:`bench.__main__.Bench`
(its database ``engine``, the league's campaign ``cid``, ``repeat``) and reports through
``bench.add``.

- **tree**: the campaign tree filled as the window fills it (every campaign with its
  counts, the first page of rosters with their head counts): <= 100 ms;
- **roll-log-page**: the newest 200 rolls of the campaign, of one fighter, of one table,
  and the next page of each (keyset): the slowest median <= 50 ms;
- **wizard-preview**: the After the Battle wizard previewing every roll of 40
  casualties one roll at a time (Roll, then Next): total <= 150 ms, and the rolls of the
  last quarter take no longer than those of the first (``wizard-growth`` <= 1.5x, the
  median roll of each quarter); ``wizard-summary`` is the last Next, which lays out the
  summary page;
- **roster-page**: the first page (500 rows) of the league's largest roster into the
  paged table model (``ui.paged``: the SQL count, the keyset page, its rows shaped), vs
  the raw sqlite3 read of the same 500 rows with their weapons: <= 50 ms;
  ``roster-page-sort`` is a click on the Name column of that table (the first page
  again, sorted in SQL): <= 100 ms.
"""

from __future__ import annotations

import statistics
import time
from datetime import UTC, datetime
from typing import Any

from bench.__main__ import median_time
from campaign_app.facade import Campaigns


def case_tree(bench: Any) -> None:
    from campaign_app.usecases import gui_queries as q
    from ui.main_window import MainWindow

    win = MainWindow(Campaigns(bench.engine))
    win._build_main_page()
    win.show()

    def fill() -> None:
        win.tree_data = q.campaign_tree(bench.engine)
        win._fill_tree(None)

    fill()
    t = median_time(fill, bench.repeat)
    camp = next(c for c in win.tree_data if c["id"] == bench.cid)
    bench.add("tree", t * 1000, "ms", None, f"<= 100 ms ({camp['roster_count']} rosters)", t <= 0.100)
    win.close()
    win.deleteLater()


def case_roll_log_page(bench: Any) -> None:
    from campaign_app.usecases import gui_queries as q

    f = q.log_filters(bench.engine, bench.cid)
    filters: list[dict[str, Any]] = [{}]
    if f["fighters"]:
        filters.append({"fighter": f["fighters"][len(f["fighters"]) // 2]["id"]})
    if f["tables"]:
        filters.append({"table": f["tables"][0]["id"]})
    worst = 0.0
    for flt in filters:
        first = q.roll_log_page(bench.engine, bench.cid, **flt)
        worst = max(worst, median_time(lambda flt=flt: q.roll_log_page(bench.engine, bench.cid, **flt),
                                       bench.repeat))
        if first["before"] is not None:
            worst = max(worst, median_time(
                lambda flt=flt, b=first["before"]: q.roll_log_page(bench.engine, bench.cid, before=b, **flt),
                bench.repeat))
    bench.add("roll-log-page", worst * 1000, "ms", None, "<= 50 ms (200 rolls)", worst <= 0.050)


def _casualty_battle(bench: Any, n: int = 40) -> int | None:
    """A battle of the league with ``n`` fresh casualties waiting for After the Battle."""
    from sqlalchemy import insert, select

    from campaign_app.usecases.battles import record_battle
    from campaign_app.usecases.rosters import create_roster
    from db.models import Fighter, Roster

    league = bench.league
    if not league.casualty_result:
        return None
    stamp = time.perf_counter_ns()
    roster = f"Wizard {stamp}"
    create_roster(bench.engine, bench.cid, roster)
    with bench.engine.connect() as c:
        rid = c.execute(select(Roster.id).where(Roster.campaign_id == bench.cid, Roster.name == roster)).scalar_one()
    rep = None if league.rep is None else (league.rep[0] + league.rep[1]) // 2
    names = [f"W{stamp} {i}" for i in range(n)]
    with bench.engine.begin() as c:
        c.execute(insert(Fighter), [{"roster_id": rid, "name": name, "fighter_type": league.fighter_types[0],
                                     "kind": "human", "rep": rep, "stats": dict(league.stats), "xp": 0,
                                     "credits_value": 0, "status": "active", "status_note": "",
                                     "abilities": [], "conditions": [], "notes": "",
                                     "created_at": datetime.now(UTC), "version": 1} for name in names])
    return int(record_battle(bench.engine, bench.cid, [rid], results={name: league.casualty_result
                                                                       for name in names}).id)


def preview_all(engine: Any, battle_id: int, system: str) -> list[float]:
    """Preview every roll of the battle's After the Battle in the wizard, one at a time
    (Roll, then Next, as a user clicks); the seconds each roll took."""
    from campaign_app.systems import game_system
    from ui.wizard import AfterBattleWizard

    wiz = AfterBattleWizard(None, Campaigns(engine), battle_id, game_system(system).after_battle_options)
    wiz.next()  # leave the start page: the battle's state is read once
    times = []
    while wiz.page != "summary":
        assert not wiz.error.text(), wiz.error.text()
        t0 = time.perf_counter()
        wiz.roll()
        wiz.next()
        times.append(time.perf_counter() - t0)
    wiz.deleteLater()
    return times


def case_wizard_preview(bench: Any) -> None:
    bid = _casualty_battle(bench)
    if bid is None:
        print(f"{'wizard-preview':<14} skipped: the league's system has no casualty result", flush=True)
        return
    runs = [preview_all(bench.engine, bid, bench.system) for _ in range(max(1, bench.repeat))]
    # the last Next also lays out the summary page (every step in a table): said apart
    total = statistics.median(sum(r[:-1]) for r in runs)
    summary = statistics.median(r[-1] for r in runs)
    # the dice decide how many rolls a run takes (a roll-again, a result needing no
    # roll): the roll by roll medians go as far as the shortest run
    times = [statistics.median(r[i] for r in runs) for i in range(min(len(r) for r in runs) - 1)]
    q = max(1, len(times) // 4)
    growth = statistics.median(times[-q:]) / max(statistics.median(times[:q]), 1e-9)
    bench.add("wizard-preview", total * 1000, "ms", None, f"<= 150 ms ({len(times)} rolls)", total <= 0.150)
    bench.add("wizard-growth", growth, "x", None, "last/first quarter <= 1.5x", growth <= 1.5)
    bench.add("wizard-summary", summary * 1000, "ms", None, "(reported)", None)


def case_roster_page(bench: Any) -> None:
    from PySide6.QtCore import Qt

    from campaign_app.usecases import gui_queries as q
    from ui.models import roster_columns
    from ui.paged import PAGE_ROWS, PagedRosterModel

    model = PagedRosterModel(roster_columns(q.system_info(bench.system), with_roster=False))
    scope = {"roster": bench.big_roster}

    def load() -> None:
        model.load_pages(Campaigns(bench.engine), scope, q.roster_count(bench.engine, **scope))

    def raw() -> None:  # the plain driver on the same backend
        with bench.raw() as (c, m):
            c.execute(f"SELECT f.*, e.name FROM (SELECT * FROM fighter WHERE roster_id = {m} ORDER BY id LIMIT {m}) f "
                      "LEFT JOIN equipment e ON e.fighter_id = f.id", (bench.big_roster, PAGE_ROWS)).fetchall()

    load()
    assert model.rowCount() == min(PAGE_ROWS, model.total["fighters"] + model.total["units"])
    t = median_time(load, bench.repeat)
    b = median_time(raw, bench.repeat)
    bench.add("roster-page", t * 1000, "ms", b * 1000, f"<= 50 ms ({model.rowCount()} rows)", t <= 0.050)
    name = next(i for i, c in enumerate(model.columns) if c.key == "name")
    order = [Qt.SortOrder.DescendingOrder, Qt.SortOrder.AscendingOrder]
    k = [0]

    def sort() -> None:
        model.sort(name, order[k[0] % 2])
        k[0] += 1

    ts = median_time(sort, bench.repeat)
    bench.add("roster-page-sort", ts * 1000, "ms", None, "<= 100 ms (Name, in SQL)", ts <= 0.100)


def cases(bench: Any) -> dict[str, Any]:
    """The runner's entries for these cases (name -> a call taking nothing)."""
    return {"tree": lambda: case_tree(bench), "roll-log-page": lambda: case_roll_log_page(bench),
            "wizard-preview": lambda: case_wizard_preview(bench), "roster-page": lambda: case_roster_page(bench)}
