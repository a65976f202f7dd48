"""Write contract of advancement (issue #34 part 1), table-driven from the rules data:
every advancement a Necromunda N23 fighter can buy, at its cost (the rows it writes:
XP spent, value added, the characteristic or the skill row; then undo), one XP short of
its cost, at its characteristic's limit and for a fighter type it is not for (refused,
nothing written); the random advancement; N26's ranks (below the next rank's XP, every
rank claimed). SQLite and PostgreSQL, one database per backend for the module."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy.engine import Engine

from campaign_app.errors import InputError
from campaign_app.systems import find_stat, stat_rules
from campaign_app.usecases import advance, campaigns, fighters, rosters
from db.models import Campaign
from tests.campaign_app.write_contract import contract, module_engine, rows

N23 = advance.advancement_for(Campaign(name="x", system="necromunda", edition="n23"))
N26 = advance.advancement_for(Campaign(name="x", system="necromunda", edition="n26"))
assert N23 is not None and N26 is not None and N23.mode == "xp" and N26.mode == "ranks"
BOUGHT = [o for o in N23.options if not o.random_only]
STATS = {"M": 5, "WS": 4, "BS": 4, "S": 3, "T": 3, "W": 1, "I": 4, "A": 1, "Ld": 8, "Cl": 8, "Wil": 8, "Int": 8}


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def eng(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    yield from module_engine(request, tmp_path_factory)


@pytest.fixture(scope="module")
def w(eng: Engine) -> dict[str, Any]:
    ids: dict[str, Any] = {}
    for ed in ("n23", "n26"):
        c = campaigns.create_campaign(eng, f"Advance {ed}", "necromunda", ed)
        r = rosters.create_roster(eng, c.id, f"Gang {ed}")
        ids[ed] = c.id
        for ftype in ("leader", "ganger", "juve", "specialist"):
            ids[f"{ed}-{ftype}"] = fighters.add_fighter(eng, r.id, f"{ftype} {ed}", fighter_type=ftype, stats=STATS).id
    return ids


def _set(eng: Engine, fid: int, **cols: Any) -> None:
    fighters.edit_fighter(eng, fid, **cols)


def _refused(eng: Engine, match: str, fn: Any) -> None:
    before = rows(eng)
    with pytest.raises(InputError, match=match):
        fn()
    assert rows(eng) == before


def _who(o: Any) -> str:
    return o.types[0] if o.types else "leader"


@pytest.mark.parametrize("o", BOUGHT, ids=[o.key for o in BOUGHT])
def test_n23_bought_advancement_at_its_cost_and_one_short(eng, w, o):
    fid = w[f"n23-{_who(o)}"]
    _set(eng, fid, xp=o.xp - 1, stats=STATS, credits_value=0)
    kw: dict[str, Any] = {"skill": "Contract Skill"} if o.skill else {}
    if o.skill_roll:  # a random skill: one die picks it, the player names it
        kw["dice"] = "4"
    _refused(eng, f"costs {o.xp}", lambda: advance.take_advance(eng, fid, o.key, **kw))
    _set(eng, fid, xp=o.xp)
    got = contract(eng, w["n23"], lambda: advance.take_advance(eng, fid, o.key, **kw))
    want: dict[str, Any] = {"xp": 0}
    if o.value:
        want["credits_value"] = o.value
    if o.stat:
        rule = find_stat(stat_rules("necromunda", "n23", ""), o.stat, "Necromunda")
        want["stats"] = {**STATS, rule.key: STATS[rule.key] + o.delta}
        want["advances"] = {rule.key: 1}  # counted: the next time costs more
    if o.promote:
        want["fighter_type"] = o.promote
    assert got.changed_rows("fighter") == {fid: want}
    if o.skill:
        [sk] = got.added("skill")
        assert (sk["fighter_id"], sk["name"], sk["source"]) == (fid, "Contract Skill", "advance")
        assert got.touched() == {"fighter": (0, 0, 1), "skill": (1, 0, 0)}
    else:
        assert got.touched() == {"fighter": (0, 0, 1)}
    if o.skill_roll:
        [roll] = got.rolls()
        assert (roll["fighter_id"], roll["faces"], roll["value"]) == (fid, "4", 4)
    else:
        assert got.rolls() == []


@pytest.mark.parametrize("o", [o for o in BOUGHT if o.stat], ids=[o.key for o in BOUGHT if o.stat])
def test_n23_stat_advancement_refused_at_its_limit(eng, w, o):
    fid = w[f"n23-{_who(o)}"]
    rule = find_stat(stat_rules("necromunda", "n23", ""), o.stat, "Necromunda")
    best = N23.limit(rule.key, _who(o))
    if best is None:
        best = rule.low if rule.target else rule.high
    _set(eng, fid, xp=o.xp + 10, stats={**STATS, rule.key: best})
    _refused(eng, rf"{rule.key} is .*(goes no further|is outside)",
             lambda: advance.take_advance(eng, fid, o.key))


@pytest.mark.parametrize("o", [o for o in BOUGHT if o.types], ids=[o.key for o in BOUGHT if o.types])
def test_n23_advancement_refused_for_another_fighter_type(eng, w, o):
    other = next(t for t in ("leader", "ganger", "juve") if t not in o.types)
    fid = w[f"n23-{other}"]
    _set(eng, fid, xp=o.xp + 10, stats=STATS)
    _refused(eng, "cannot take", lambda: advance.take_advance(eng, fid, o.key, skill="X"))


def test_n23_a_ganger_cannot_buy_and_rolls_at_the_random_cost(eng, w):
    fid = w["n23-ganger"]
    spec = N23.random_for("ganger")
    assert spec is not None
    _set(eng, fid, xp=spec.xp - 1, stats=STATS, credits_value=0)
    _refused(eng, f"costs {spec.xp}", lambda: advance.take_advance(eng, fid, "random", dice="3,4"))
    _set(eng, fid, xp=spec.xp)
    # 7: Movement or Initiative, the player's choice
    got = contract(eng, w["n23"], lambda: advance.take_advance(eng, fid, "random", dice="3,4", choose="m"))
    assert got.changed_rows("fighter") == {fid: {"xp": 0, "credits_value": N23.option("m").value,
                                                 "stats": {**STATS, "M": STATS["M"] + 1},
                                                 "advances": {"M": 1}}}
    [roll] = got.rolls()
    assert (roll["fighter_id"], roll["dice"], roll["faces"], roll["value"]) == (fid, "2d6", "3,4", 7)


def test_n26_ranks_below_the_next_rank_and_every_rank_claimed(eng, w):
    fid = w["n26-ganger"]
    first, last = N26.ranks[0], N26.ranks[-1]
    _set(eng, fid, xp=first.xp - 1, stats=STATS, credits_value=0)
    _refused(eng, f"rank {first.rank} needs {first.xp}", lambda: advance.take_advance(eng, fid, "rank", dice="3,4"))
    _set(eng, fid, xp=first.xp)
    got = contract(eng, w["n26"], lambda: advance.take_advance(eng, fid, "rank", dice="3,4", choose="m"))
    ch = got.changed_rows("fighter")[fid]
    assert ch["rank"] == first.rank and "xp" not in ch  # XP is kept in N26
    assert ch["stats"] == {**STATS, "M": STATS["M"] + 1} and ch["advances"] == {"M": 1}
    assert len(got.rolls()) == 1
    # every rank claimed: nothing more (set the rank through the app's own path: an import
    # would do; here a direct write of the column, then refused with nothing written)
    from sqlmodel import Session

    from db.models import Fighter

    with Session(eng) as s:
        f = s.get(Fighter, fid)
        assert f is not None
        f.rank, f.xp = last.rank, last.xp + 100
        s.add(f)
        s.commit()
    try:
        _refused(eng, "has claimed every rank", lambda: advance.take_advance(eng, fid, "rank", dice="3,4"))
    finally:
        with Session(eng) as s:
            f = s.get(Fighter, fid)
            assert f is not None
            f.rank = 0
            s.add(f)
            s.commit()
