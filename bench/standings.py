"""Benchmark case ``standings``: the league's standings (the use-case behind ``league
standings``, the Standings tab and the campaign report), against the plain driver on the
same backend counting the same rows in two grouped statements (each roster's battles and
results; each roster's hurt figures, by the roster each result keeps): the floor of
reading what the standings count.

Target (issue #32): linear in the league's size, at most 12x the time for 10x the data.
The case ``standings-10x`` checks it in the run itself: the same use-case on the league
a tenth of the run's size (``--scale`` / 10, same backend, built once and then taken from
the cache as the run's own league is), the run's time against that one's, the two timed
in turn."""

from __future__ import annotations

import statistics
from typing import Any


def case_standings(bench: Any) -> None:
    from campaign_app.usecases.standings import league_standings

    lines = [0]

    def ours() -> None:
        lines[0] = len(league_standings(bench.engine, bench.cid)["standings"])

    def raw() -> None:
        with bench.raw() as (c, mark):
            c.execute("SELECT br.roster_id, count(*), sum(CASE WHEN br.result = 'win' THEN 1 ELSE 0 END), "
                      "sum(CASE WHEN br.result = 'loss' THEN 1 ELSE 0 END) FROM battle_roster br "
                      f"JOIN battle b ON b.id = br.battle_id WHERE b.campaign_id = {mark} "  # noqa: S608
                      "GROUP BY br.roster_id", (bench.cid,)).fetchall()
            c.execute("SELECT r.roster_id, count(*) FROM battle_result r JOIN battle b ON b.id = r.battle_id "
                      f"WHERE b.campaign_id = {mark} AND lower(r.status) <> 'carry-on' "  # noqa: S608
                      "GROUP BY r.roster_id", (bench.cid,)).fetchall()

    ours()  # warm both (caches, the rules data)
    raw()
    b = bench.median_time(raw, bench.repeat)
    # the growth, in the same run: the league a tenth of this size (built once, then
    # cached), timed in turn with this one (a busy moment hits both: timed one after the
    # other, a machine slower for a minute moved the ratio from 9.7x to 12.1x)
    with bench.league_at(bench.scale / 10) as (small, small_cid, small_size):
        def tenth() -> None:
            league_standings(small, small_cid)

        tenth()
        full, part = [], []
        for _ in range(bench.repeat):
            full.append(bench.median_time(ours, 1))
            part.append(bench.median_time(tenth, 1))
    t, t_small = statistics.median(full), statistics.median(part)
    bench.add("standings", t * 1000, "ms", b * 1000, f"(reported; {lines[0]} rosters)", None)
    more = bench.size.battles / small_size.battles
    bench.add("standings-10x", t * 1000, "ms", t_small * 1000,
              f"<= {GROWTH_LIMIT:g}x the tenth ({more:.3g}x the battles)", t <= GROWTH_LIMIT * t_small)


GROWTH_LIMIT = 12.0
"""Standings linear in the league's size: at most 12x the time for 10x the data."""


def cases(bench: Any) -> dict[str, Any]:
    return {"standings": lambda: case_standings(bench)}
