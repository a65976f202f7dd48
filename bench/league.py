"""Fill a database with a league-size campaign with bulk loads (:mod:`db.bulk`).

    python -m bench.league --db sqlite:///league.sqlite [--system ID] [--scale 1.0]

The league's system is any installed game system that describes a benchmark league
(``GameSystem.bench``, a :class:`~campaign_app.systems.bench_league.BenchLeague`); the
default is the first of them in the systems' listing order.

Default size: 100 rosters, 3,000 fighters (one roster of 300, the rest ~27 each),
1,000 battles (two rosters each, six figures a side, about a quarter of them
casualties: :data:`CASUALTY_SHARE`), 50,000 recorded rolls. ``scale`` shrinks it for
smoke tests or grows it (scale 100: the national league of 300,000 fighters and
5,000,000 rolls).
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any

from sqlalchemy.engine import Engine

from campaign_app.rollchain import VERSION, link
from campaign_app.systems.bench_league import BenchLeague


def bench_systems() -> list[str]:
    """The ids of the installed systems that describe a benchmark league, listed first."""
    from campaign_app.systems.registry import systems

    return [sid for sid, gs in systems().items() if gs.bench]


def default_system() -> str:
    found = bench_systems()
    if not found:
        raise SystemExit("no installed game system describes a benchmark league")
    return found[0]


def league_of(system: str) -> BenchLeague:
    """The benchmark league ``system`` describes (a one-line error when it has none)."""
    from campaign_app.errors import InputError
    from campaign_app.systems.registry import game_system

    gs = game_system(system)
    if not gs.bench:
        raise InputError(f"{gs.name} describes no benchmark league (choose {', '.join(bench_systems())})")
    league = gs.load(gs.bench)
    assert isinstance(league, BenchLeague)
    return league


@dataclass
class LeagueSize:
    rosters: int = 100
    fighters: int = 3000
    largest_roster: int = 300
    battles: int = 1000
    rolls: int = 50000

    def scaled(self, k: float) -> LeagueSize:
        return LeagueSize(*(max(2, int(v * k)) for v in (self.rosters, self.fighters, self.largest_roster,
                                                          self.battles, self.rolls)))


CASUALTY_SHARE = 0.25
"""The share of a battle's figures that end it as casualties (where the system has a
casualty result): one or two of a side's six, as a skirmish game goes."""


def make_league(engine: Engine, *, system: str = "", size: LeagueSize | None = None,
                name: str = "League", seed: int = 1) -> int:
    """Create one campaign of ``size`` of ``system`` (default: :func:`default_system`)
    and return its id. One transaction of bulk loads (:mod:`db.bulk`: COPY on PostgreSQL,
    executemany on SQLite): rows are generated as they are loaded, so memory stays small
    at any scale. The rows are plain app data (version 1, the campaign's creation
    journaled, every roll recorded against a battle and a fighter of the league)."""
    from db.bulk import bulk_load

    system = system or default_system()
    league = league_of(system)
    size = size or LeagueSize()
    rng = random.Random(seed)
    rand, pick = rng.random, rng.choice
    now = datetime.now(UTC)
    with bulk_load(engine) as load:
        cid = load.ids("campaign", 1)[0]
        load.rows("campaign", ["id", "name", "system", "edition", "expansions", "house_rules", "cycle", "notes",
                               "created_at", "version"],
                  [(cid, name, system, league.edition, list(league.expansions), {}, 1, "benchmark league", now, 1)])
        load.rows("journal", ["campaign_id", "action", "summary", "created_at", "undone"],
                  [(cid, "campaign.create", f"create campaign {name}", now, False)])
        rids = list(load.ids("roster", size.rosters))
        factions = ["Goliath", "Escher", "US Army", "Wehrmacht", "Red Army"]
        load.rows("roster", ["id", "campaign_id", "name", "kind", "faction", "player", "credits", "reputation",
                             "notes", "created_at", "version"],
                  ((rid, cid, f"Roster {i + 1:03d}", league.roster_kind, pick(factions), f"Player {i + 1}",
                    rng.randint(0, 500), rng.randint(0, 20), "", now, 1) for i, rid in enumerate(rids)))
        # the first roster is the largest; the rest share what is left
        per_roster = [size.largest_roster] + _spread(size.fighters - size.largest_roster, len(rids) - 1)
        fids = load.ids("fighter", sum(per_roster))
        owner: list[int] = []  # roster id of each fighter, in fighter id order
        first_of: dict[int, int] = {}  # roster id -> its first fighter's id
        for rid, n in zip(rids, per_roster, strict=True):
            first_of[rid] = fids[0] + len(owner)
            owner += [rid] * n
        statuses = ["active"] * 17 + ["in-recovery", "captured", "dead"]
        types, stats, rep = league.fighter_types, dict(league.stats), league.rep
        starts = {v: k for k, v in first_of.items()}

        def fighters() -> Iterator[tuple[Any, ...]]:
            j = 0
            for fid, rid in zip(fids, owner, strict=True):
                j = 0 if fid in starts else j + 1
                yield (fid, rid, f"{pick(_FIRST)} {pick(_LAST)} {j + 1}", pick(types), "", "human",
                       None if rep is None else rng.randint(*rep), stats, rng.randint(0, 30),
                       rng.randint(50, 250), pick(statuses), "", [], [], "", now, 1)

        load.rows("fighter", ["id", "roster_id", "name", "fighter_type", "role", "kind", "rep", "stats", "xp",
                              "credits_value", "status", "status_note", "abilities", "conditions", "notes",
                              "created_at", "version"], fighters())
        weapons = ["Rifle", "SMG", "Lasgun", "Autopistol"]
        load.rows("equipment", ["fighter_id", "name", "category", "range", "strength", "ap", "traits", "qty",
                                "cost", "notes"],
                  ((fid, pick(weapons), "weapon", '24"', "", "", [], 1, 10, "") for fid in fids))
        load.rows("skill", ["fighter_id", "name", "source"],
                  ((fid, "Nerves of Steel", "advance") for fid in fids[::5]))
        bids = load.ids("battle", size.battles)
        load.rows("battle", ["id", "campaign_id", "number", "played_on", "scenario", "outcome", "cycle", "notes",
                             "after_battle_done", "created_at", "version"],
                  ((bid, cid, i + 1, date(2025, 1, 1) + timedelta(days=i // 3), pick(["Patrol", "Ambush", "Raid"]),
                    "", 1, "", True, now, 1) for i, bid in enumerate(bids)))
        sizes = dict(zip(rids, per_roster, strict=True))
        sides = [rng.sample(rids, 2) for _ in bids]
        load.rows("battle_roster", ["battle_id", "roster_id", "result"],
                  (row for bid, (a, b) in zip(bids, sides, strict=True)
                   for row in ((bid, a, "win"), (bid, b, "loss"))))
        fine, hurt = league.fine_result, league.casualty_result

        def results(sides: list[list[int]]) -> Iterator[tuple[Any, ...]]:
            # six figures a side; where the system has a casualty result, a share of
            # CASUALTY_SHARE of them are casualties, half naming a figure of the other side
            # as the attacker (what the standings count: a league without casualties
            # would time them on a walk that finds nothing)
            for bid, pair in zip(bids, sides, strict=True):
                for rid, other in (pair, pair[::-1]):
                    for fid in range(first_of[rid], first_of[rid] + min(6, sizes[rid])):
                        if hurt and rand() < CASUALTY_SHARE:
                            by = first_of[other] + int(rand() * min(6, sizes[other])) if rand() < 0.5 else None
                            yield (bid, fid, hurt, False, 0, {}, by, rid, other if by else None)
                        else:
                            yield (bid, fid, fine, False, 0, {}, None, rid, None)

        load.rows("battle_result", ["battle_id", "fighter_id", "status", "scored_hit", "casualties", "details",
                                    "by_fighter_id", "roster_id", "by_roster_id"], results(sides))
        del sides
        roll = dict(league.roll)
        pass_target = roll.get("target") if str(roll.get("dice", "")).startswith("pass") else None
        d66 = roll.get("dice") == "d66"
        nf, nb, f0, b0 = len(fids), len(bids), fids[0], bids[0]
        extra = list(roll)
        extra_values = tuple(roll.values())

        def rolls() -> Iterator[tuple[Any, ...]]:
            prev = ""  # the roll record's hash chain, as the app writes it (campaign_app.rollchain)
            for _ in range(size.rolls):
                f1, f2 = int(rand() * 6) + 1, int(rand() * 6) + 1
                faces, value = f"{f1},{f2}", f1 * 10 + f2  # d66
                if pass_target is not None:
                    value = (f1 <= pass_target) + (f2 <= pass_target)
                elif not d66:
                    faces, value = str(f1), f1  # d6
                h = link(prev, {**roll, "subject": "", "created_at": now, "source": "random", "faces": faces,
                                "value": value, "v": VERSION, "first_mark": "applied"})
                yield (cid, b0 + int(rand() * nb), f0 + int(rand() * nf), "", now, "random", faces, value,
                       *extra_values, VERSION, "applied", prev, h)
                prev = h

        load.rows("roll_record", ["campaign_id", "battle_id", "fighter_id", "subject", "created_at", "source",
                                  "faces", "value", *extra, "v", "first_mark", "prev_hash", "hash"], rolls())
    return int(cid)


def _spread(total: int, n: int) -> list[int]:
    if n <= 0:
        return []
    base, extra = divmod(max(total, 0), n)
    return [base + (1 if i < extra else 0) for i in range(n)]


_FIRST = ["Anna", "Boris", "Carl", "Dmitri", "Ewa", "Frank", "Greta", "Hans", "Ivan", "Józef", "Kurt", "Lena",
          "Max", "Nadia", "Otto", "Pyotr", "Rosa", "Sam", "Tomasz", "Ursula", "Vera", "Walt", "Zoë"]
_LAST = ["Adler", "Baker", "Chen", "Dubois", "Evans", "Fischer", "Gorski", "Hale", "Ivanov", "Jansen", "Kowal",
         "Lang", "Müller", "Novak", "Orlov", "Price", "Quinn", "Rossi", "Smith", "Tanaka", "Ulrich", "Volkov"]


def main() -> None:
    from db.migrate import open_database

    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", required=True)
    ap.add_argument("--system", default="", choices=bench_systems(), help="game system (default: the first listed)")
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--name", default="League")
    a = ap.parse_args()
    eng = open_database(a.db)
    cid = make_league(eng, system=a.system, size=LeagueSize().scaled(a.scale), name=a.name)
    print(f"league campaign {cid} created")


if __name__ == "__main__":
    main()
