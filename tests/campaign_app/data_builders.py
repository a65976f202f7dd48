"""A campaign using every table the JSON format carries (for export/import/backup tests)."""

from __future__ import annotations

from datetime import date
from typing import Any

from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from campaign_app import rollchain
from campaign_app.usecases import campaigns, fighters, rolls, rosters
from db.models import (
    Battle,
    BattleResult,
    BattleRoster,
    Campaign,
    Equipment,
    Fighter,
    Journal,
    LastingInjury,
    RollRecord,
    Unit,
    WalkerType,
    utcnow,
)


def build_necromunda(engine: Engine, name: str = "Hive War") -> int:
    c = campaigns.create_campaign(engine, name, "necromunda", "n26")
    table = campaigns.campaign_rules(engine, c.id)["n26-lasting-injury"].to_dict()
    table["rows"][0]["label"] = "Lesson Learnt (house)"
    campaigns.set_house_rule(engine, c.id, "n26-lasting-injury", table)
    g = rosters.create_roster(engine, c.id, "Goliath Ñ Crushers", faction="Goliath", credits=120)
    e = rosters.create_roster(engine, c.id, "Escher Blades", faction="Escher", player="Ana")
    rosters.edit_roster(engine, g.id, reputation=7, notes="line one\nline two ✓")
    krug = fighters.add_fighter(engine, g.id, "Krug", fighter_type="leader", stats={"WS": "3+", "M": 4},
                            weapons=["Autopistol", "Power Sword"], skills=["Nerves of Steel"], xp=5,
                            credits_value=120)
    fighters.add_fighter(engine, g.id, "Brak", fighter_type="ganger", stats={"BS": 4}, weapons=["Autogun"])
    vala = fighters.add_fighter(engine, e.id, "Vala", fighter_type="champion", notes="a\tb")
    rolls.roll_table(engine, "n26-lasting-injury", campaign=c.id, seed=7)
    rolls.roll_table(engine, "n26-lasting-injury", campaign=c.id, dice="6,6")
    with Session(engine) as s:
        b = Battle(campaign_id=c.id, number=1, played_on=date(2026, 3, 14), scenario="Stand-off",
                   outcome="Goliaths win", winner_roster_id=g.id, notes="close", after_battle_done=True)
        s.add(b)
        s.flush()
        s.add(BattleRoster(battle_id=b.id, roster_id=g.id, result="win"))
        s.add(BattleRoster(battle_id=b.id, roster_id=e.id, result="loss"))
        s.add(BattleResult(battle_id=b.id, fighter_id=vala.id, status="out-of-action", roster_id=e.id,
                           by_fighter_id=krug.id, by_roster_id=g.id, details={"xp": [1, 2], "note": {"deep": True}}))
        s.add(BattleResult(battle_id=b.id, fighter_id=krug.id, status="fine", scored_hit=True, roster_id=g.id))
        j = Journal(campaign_id=c.id, action="battle.after", summary="after battle 1", undone=True,
                    undone_at=utcnow())
        s.add(j)
        s.flush()
        rr = chained_roll(s, campaign_id=c.id, journal_id=j.id, battle_id=b.id, fighter_id=vala.id,
                          subject="Vala", purpose="lasting injury", dice="d66", faces="5,1", source="typed",
                          value=51, table_id="n26-lasting-injury", row="51", result="eye-injury",
                          label="Eye Injury", mark="undone")  # its action undone
        s.add(rr)
        s.flush()
        s.add(LastingInjury(fighter_id=vala.id, battle_id=b.id, roll_record_id=rr.id,
                            table_id="n26-lasting-injury", roll=51, faces="5,1", result="eye-injury",
                            label="Eye Injury", effects_applied=["status in-recovery"],
                            effects_skipped=["BS +1"]))
        f = s.get(Fighter, vala.id)
        assert f is not None
        f.status = "in-recovery"
        f.conditions = ["critical-injury"]
        f.captured_by_roster_id = g.id
        s.add(f)
        s.commit()
        return int(c.id)  # type: ignore[arg-type]


def build_nuts(engine: Engine, name: str = "Weird Front") -> int:
    c = campaigns.create_campaign(engine, name, "nuts", expansions=["weird-ww2"])
    r = rosters.create_roster(engine, c.id, "1st Platoon")
    sgt = fighters.add_fighter(engine, r.id, "Sgt Rock", fighter_type="star", rep=5, role="NCO",
                           weapons=["M1 Garand"])
    fighters.add_fighter(engine, r.id, "Zed", fighter_type="grunt", rep=2, kind="zombie")
    with Session(engine) as s:
        wt = WalkerType(campaign_id=c.id, name="Panzerläufer", nation="DE", armour_front=4, armour_side=3,
                        gun1="75mm", aa_mg=True, speed_road=8, speed_cc=4)
        s.add(wt)
        s.flush()
        walker = Fighter(roster_id=r.id, name="Walker 1", fighter_type="grunt", kind="walker", rep=None,
                         walker_type_id=wt.id)
        s.add(walker)
        s.flush()
        crew = s.get(Fighter, sgt.id)
        assert crew is not None
        crew.crew_of_id = walker.id
        s.add(crew)
        s.commit()
    return int(c.id)  # type: ignore[arg-type]


def chained_roll(s: Session, **fields: Any) -> RollRecord:
    """A roll record written by hand, chained after its campaign's head as the app does."""
    from db.queries.rolls import lock_chain

    s.flush()
    row: dict[str, Any] = {"created_at": utcnow(), "v": rollchain.VERSION,  # its first mark hashed too
                           "first_mark": fields.get("mark", "applied"), **fields}
    rollchain.chain(lock_chain(s, fields["campaign_id"]), [row])
    return RollRecord(**row)


def build_squad(engine: Engine, name: str = "Bocage") -> int:
    c = campaigns.create_campaign(engine, name, "fubar")
    r = rosters.create_roster(engine, c.id, "Able Company")
    with Session(engine) as s:
        u = Unit(roster_id=r.id, name="1st Squad", training="regular", figures=8, figures_start=10,
                 wounded=1, stats={"move": 6})
        s.add(u)
        s.flush()
        s.add(Equipment(unit_id=u.id, name="Bren", category="weapon", qty=1, traits=["support"]))
        b = Battle(campaign_id=c.id, number=1, scenario="Hedgerow")
        s.add(b)
        s.flush()
        s.add(BattleResult(battle_id=b.id, unit_id=u.id, status="fought", casualties=2, roster_id=r.id))
        s.add(chained_roll(s, campaign_id=c.id, battle_id=b.id, unit_id=u.id, subject="1st Squad",
                           purpose="morale", dice="d6", faces="4", source="random", value=4))
        s.commit()
    return int(c.id)  # type: ignore[arg-type]


def counts(engine: Engine) -> dict[str, int]:
    from sqlmodel import SQLModel

    out = {}
    with engine.connect() as conn:
        for t in SQLModel.metadata.sorted_tables:
            out[t.name] = len(conn.execute(t.select()).all())
    return out


def campaign_id(engine: Engine, name: str) -> Any:
    with Session(engine) as s:
        c = s.exec(select(Campaign).where(Campaign.name == name)).one()
        return c.id
