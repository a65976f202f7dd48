"""Fill a database with a league-size campaign using SQLAlchemy Core bulk inserts.

    python -m bench.league --db sqlite:///league.sqlite [--system ID] [--scale 1.0]

The league's system is any installed game system that describes a benchmark league
(``GameSystem.bench``, a :class:`~campaign_app.systems.bench_league.BenchLeague`); the
default is the first of them in the systems' listing order.

Default size: 100 rosters, 3,000 fighters (one roster of 300, the rest ~27 each),
1,000 battles, 50,000 recorded rolls. ``scale`` shrinks it for smoke tests.
"""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from sqlalchemy import insert, select
from sqlalchemy.engine import Engine

from campaign_app.systems.bench_league import BenchLeague
from db.models import (
    Battle,
    BattleResult,
    BattleRoster,
    Campaign,
    Equipment,
    Fighter,
    RollRecord,
    Roster,
    Skill,
)


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


def make_league(engine: Engine, *, system: str = "", size: LeagueSize | None = None,
                name: str = "League", seed: int = 1) -> int:
    """Create one campaign of ``size`` of ``system`` (default: :func:`default_system`)
    and return its id. One transaction."""
    system = system or default_system()
    league = league_of(system)
    size = size or LeagueSize()
    rng = random.Random(seed)
    now = datetime.now(UTC)
    with engine.begin() as c:
        cid = c.execute(insert(Campaign).values(
            name=name, system=system, edition=league.edition, expansions=list(league.expansions),
            house_rules={}, cycle=1, notes="benchmark league", created_at=now, version=1,
        ).returning(Campaign.id)).scalar_one()
        roster_rows = [
            {"campaign_id": cid, "name": f"Roster {i + 1:03d}", "kind": league.roster_kind,
             "faction": rng.choice(["Goliath", "Escher", "US Army", "Wehrmacht", "Red Army"]),
             "player": f"Player {i + 1}", "credits": rng.randint(0, 500), "reputation": rng.randint(0, 20),
             "notes": "", "created_at": now, "version": 1}
            for i in range(size.rosters)
        ]
        c.execute(insert(Roster), roster_rows)
        rids = list(c.execute(select(Roster.id).where(Roster.campaign_id == cid).order_by(Roster.id)).scalars())
        # the first roster is the largest; the rest share what is left
        per_roster = [size.largest_roster] + _spread(size.fighters - size.largest_roster, len(rids) - 1)
        fighter_rows = []
        statuses = ["active"] * 17 + ["in-recovery", "captured", "dead"]
        for rid, n in zip(rids, per_roster, strict=True):
            for j in range(n):
                fighter_rows.append({
                    "roster_id": rid, "name": f"{rng.choice(_FIRST)} {rng.choice(_LAST)} {j + 1}",
                    "fighter_type": rng.choice(league.fighter_types),
                    "role": "", "kind": "human", "rep": None if league.rep is None else rng.randint(*league.rep),
                    "stats": dict(league.stats), "xp": rng.randint(0, 30),
                    "credits_value": rng.randint(50, 250), "status": rng.choice(statuses), "status_note": "",
                    "abilities": [], "conditions": [], "notes": "", "created_at": now, "version": 1,
                })
        c.execute(insert(Fighter), fighter_rows)
        fids = list(c.execute(select(Fighter.id, Fighter.roster_id).join(Roster, Roster.id == Fighter.roster_id).where(Roster.campaign_id == cid)
                              .order_by(Fighter.id)).all())
        c.execute(insert(Equipment), [
            {"fighter_id": fid, "name": rng.choice(["Rifle", "SMG", "Lasgun", "Autopistol"]), "category": "weapon",
             "range": '24"', "traits": [], "qty": 1, "cost": 10, "notes": ""}
            for fid, _ in fids
        ])
        c.execute(insert(Skill), [{"fighter_id": fid, "name": "Nerves of Steel", "source": "advance"}
                                  for fid, _ in fids[::5]])
        by_roster: dict[int, list[int]] = {}
        for fid, rid in fids:
            by_roster.setdefault(rid, []).append(fid)
        battle_rows = [
            {"campaign_id": cid, "number": i + 1, "played_on": date(2025, 1, 1) + timedelta(days=i // 3),
             "scenario": rng.choice(["Patrol", "Ambush", "Raid"]), "outcome": "", "cycle": 1, "notes": "",
             "after_battle_done": True, "created_at": now, "version": 1}
            for i in range(size.battles)
        ]
        c.execute(insert(Battle), battle_rows)
        bids = list(c.execute(select(Battle.id).where(Battle.campaign_id == cid).order_by(Battle.id)).scalars())
        links, results = [], []
        for bid in bids:
            a, b = rng.sample(rids, 2)
            links += [{"battle_id": bid, "roster_id": a, "result": "win"},
                      {"battle_id": bid, "roster_id": b, "result": "loss"}]
            for rid in (a, b):
                for fid in by_roster[rid][:6]:
                    results.append({"battle_id": bid, "fighter_id": fid, "status": league.fine_result, "scored_hit": False,
                                    "casualties": 0, "details": {}})
        c.execute(insert(BattleRoster), links)
        c.execute(insert(BattleResult), results)
        roll_rows = []
        pass_target = league.roll.get("target") if str(league.roll.get("dice", "")).startswith("pass") else None
        for _ in range(size.rolls):
            f1, f2 = rng.randint(1, 6), rng.randint(1, 6)
            fid, _rid = fids[rng.randrange(len(fids))]
            faces, value = f"{f1},{f2}", f1 * 10 + f2  # d66
            if pass_target is not None:
                value = (f1 <= pass_target) + (f2 <= pass_target)
            elif league.roll.get("dice") != "d66":
                faces, value = str(f1), f1  # d6
            roll_rows.append({
                "campaign_id": cid, "battle_id": bids[rng.randrange(len(bids))], "fighter_id": fid,
                "subject": "", "created_at": now, "source": "random", "faces": faces, "value": value,
                **league.roll,
            })
        for i in range(0, len(roll_rows), 10000):
            c.execute(insert(RollRecord), roll_rows[i:i + 10000])
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
