"""Demo campaigns: one sample campaign per game system, built only through the
ordinary use-cases (so each piece is journaled and undoable like the user's own
work). Seeded dice make the demo the same every time. A demo campaign that already
exists is left alone, so running it twice adds nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy.engine import Engine

from campaign_app.uow import read_session
from campaign_app.usecases import core

Progress = Callable[..., Any]

NUTS = "Ardennes 1944"
NECRO = "Underhive Feud"
FUBAR = "Operation Granite"
MORALE = "Bocage Summer"
DEMO_NAMES = (NUTS, NECRO, FUBAR, MORALE)


def _exists(engine: Engine, name: str) -> bool:
    from sqlmodel import select

    from db.models import Campaign

    with read_session(engine) as s:
        return s.exec(select(Campaign.id).where(Campaign.name == name)).first() is not None


def _fighters(engine: Engine, roster: Any, rows: list[tuple[Any, ...]]) -> dict[str, int]:
    out = {}
    for name, kw in rows:
        f = core.add_fighter(engine, roster, name, **kw)
        assert f.id is not None
        out[name] = f.id
    return out


def _battles_available() -> bool:
    try:
        import campaign_app.usecases.battles  # noqa: F401
    except ImportError:
        return False
    return True


def demo_nuts(engine: Engine) -> int:
    c = core.create_campaign(engine, NUTS, "nuts", expansions=["weird-ww2"],
                             notes="Sample NUTS! campaign with Weird WWII creatures.")
    easy = core.create_roster(engine, c.id, "Easy Company, 2nd Squad", faction="US Army", player="Sam")
    wolves = core.create_roster(engine, c.id, "Die Nachtwölfe", faction="Wehrmacht (occult)",
                                player="Jo")
    _fighters(engine, easy.id, [
        ("Sgt. Rock Harlan", dict(fighter_type="star", rep=5, role="squad leader",
                                  weapons=["M1 Thompson SMG"], skills=["Born leader"])),
        ("Cpl. Eddie Voss", dict(fighter_type="grunt", rep=4, role="NCO", weapons=["M1 Garand"])),
        ("Pvt. Lou Marino", dict(fighter_type="grunt", rep=4, weapons=["M1 Garand"])),
        ("Pvt. Danny Keel", dict(fighter_type="grunt", rep=3, weapons=["M1 Garand"])),
        ("Pvt. Walt Brody", dict(fighter_type="grunt", rep=4, role="BAR gunner", weapons=["BAR"])),
        ("Doc Abrams", dict(fighter_type="grunt", rep=4, role="medic", weapons=["Colt .45"])),
        ("Pvt. Sol Hendry", dict(fighter_type="grunt", rep=3, weapons=["Crossbow"],
                                 notes="Carries wooden bolts, just in case.")),
    ])
    _fighters(engine, wolves.id, [
        ("Hauptmann Kessler", dict(fighter_type="star", rep=5, role="leader", weapons=["MP40"])),
        ("Gefreiter Lang", dict(fighter_type="grunt", rep=4, weapons=["Kar98k"])),
        ("Schütze Albers", dict(fighter_type="grunt", rep=3, weapons=["Kar98k"])),
    ])
    try:
        from campaign_app.systems.nuts.creatures import generate_creatures

        generate_creatures(engine, wolves.id, "zombie", 4)
        generate_creatures(engine, wolves.id, "vampire", 1, seed=7)
        generate_creatures(engine, wolves.id, "werewolf", 1, super_=True)
    except ImportError:
        pass
    if _battles_available():
        from campaign_app.usecases.battles import after_battle, record_battle

        b = record_battle(
            engine, c.id, [easy.id, wolves.id], scenario="Night patrol at Foy",
            played_on="1944-12-20", winner=str(easy.id),
            results={"Pvt. Danny Keel": "out-of-the-fight", "Pvt. Lou Marino": "duck-back",
                     "Schütze Albers": "obviously-dead", "Gefreiter Lang": "out-of-the-fight",
                     "Zombie 1": "obviously-dead", "Zombie 2": "obviously-dead"},
            hits=["Sgt. Rock Harlan", "Pvt. Walt Brody"])
        after_battle(engine, b.id, seed=1944)
        record_battle(
            engine, c.id, [easy.id, wolves.id], scenario="The mill at Recogne", played_on="1944-12-28",
            results={"Cpl. Eddie Voss": "out-of-the-fight", "Hauptmann Kessler": "hunker-down",
                     "Zombie 3": "obviously-dead"},
            hits=["Pvt. Sol Hendry"])
    assert c.id is not None
    return c.id


GOLIATH_STATS = {"M": 4, "WS": 3, "BS": 4, "S": 4, "T": 4, "W": 2, "I": 4, "A": 2,
                 "Ld": 7, "Cl": 6, "Wil": 8, "Int": 9}
ESCHER_STATS = {"M": 5, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 2, "I": 3, "A": 2,
                "Ld": 7, "Cl": 6, "Wil": 7, "Int": 7}


def _stats(base: dict[str, int], **changes: int) -> dict[str, int]:
    d = dict(base)
    d.update(changes)
    return d


def demo_necromunda(engine: Engine) -> int:
    c = core.create_campaign(engine, NECRO, "necromunda", "n26",
                             notes="Sample Necromunda campaign: two gangs in the Badzones.")
    goliath = core.create_roster(engine, c.id, "The Iron Jackals", "gang", faction="House Goliath",
                                 player="Max", credits=120)
    escher = core.create_roster(engine, c.id, "Venom Sisters", "gang", faction="House Escher",
                                player="Ria", credits=85)
    _fighters(engine, goliath.id, [
        ("Krug Ironhide", dict(fighter_type="leader", stats=_stats(GOLIATH_STATS, WS=2, W=3, Ld=6),
                               xp=12, credits_value=215, weapons=["Renderizer", "Stub gun"],
                               skills=["Iron Jaw", "Fearsome"])),
        ("Brak", dict(fighter_type="champion", stats=_stats(GOLIATH_STATS, WS=2), xp=6, credits_value=165,
                      weapons=["Heavy stubber"], skills=["Unstoppable"])),
        ("Vorn", dict(fighter_type="ganger", stats=GOLIATH_STATS, xp=2, credits_value=95,
                      weapons=["Autogun", "Fighting knife"])),
        ("Skarg", dict(fighter_type="ganger", stats=GOLIATH_STATS, xp=1, credits_value=90,
                       weapons=["Boltgun"])),
        ("Ruk", dict(fighter_type="juve", stats=_stats(GOLIATH_STATS, WS=4, W=1), credits_value=40,
                     weapons=["Stub gun"])),
    ])
    _fighters(engine, escher.id, [
        ("Mirela Vex", dict(fighter_type="leader", stats=_stats(ESCHER_STATS, WS=2, BS=2, Ld=5),
                            xp=10, credits_value=190, weapons=["Needle pistol", "Power sword"],
                            skills=["Backflip", "Sprint"])),
        ("Sable", dict(fighter_type="champion", stats=_stats(ESCHER_STATS, BS=2), xp=5, credits_value=170,
                       weapons=["Plasma gun"])),
        ("Iska", dict(fighter_type="ganger", stats=ESCHER_STATS, xp=1, credits_value=80,
                      weapons=["Lasgun"])),
        ("Nyx", dict(fighter_type="ganger", stats=ESCHER_STATS, credits_value=85,
                     weapons=["Shotgun"])),
        ("Tansy", dict(fighter_type="juve", stats=_stats(ESCHER_STATS, W=1, WS=4), credits_value=35,
                       weapons=["Laspistol"])),
    ])
    if _battles_available():
        from campaign_app.usecases.battles import after_battle, record_battle

        b = record_battle(
            engine, c.id, [goliath.id, escher.id], scenario="Stand-off at Dust Falls",
            played_on="2024-03-02", winner=str(escher.id),
            results={"Vorn": "out-of-action", "Skarg": "seriously-injured", "Iska": "out-of-action"},
            by={"Vorn": "Sable", "Iska": "Brak"}, hits=["Sable", "Brak"])
        after_battle(engine, b.id, seed=24)
        record_battle(
            engine, c.id, [goliath.id, escher.id], scenario="Sneak attack", played_on="2024-03-09",
            results={"Ruk": "out-of-action", "Nyx": "injured"}, by={"Ruk": "Nyx"})
    assert c.id is not None
    return c.id


def _units(engine: Engine, roster: Any, rows: list[tuple[str, dict[str, Any]]]) -> None:
    from campaign_app.usecases.units import add_unit

    for name, kw in rows:
        add_unit(engine, roster, name, **kw)


def demo_fubar(engine: Engine) -> int:
    c = core.create_campaign(engine, FUBAR, "fubar", notes="Sample FUBAR force-on-force campaign.")
    blue = core.create_roster(engine, c.id, "2nd Platoon, Bravo Coy", faction="UN peacekeepers",
                              player="Alex")
    red = core.create_roster(engine, c.id, "Red Star Militia", faction="Insurgents", player="Kim")
    try:
        _units(engine, blue.id, [
            ("Alpha Section", dict(figures=8, training="veteran", weapons=["Assault rifle", "LMG"])),
            ("Bravo Section", dict(figures=8, training="seasoned", weapons=["Assault rifle", "RPG"])),
            ("Sniper Team", dict(figures=2, training="elite", weapons=["Sniper rifle"])),
        ])
        _units(engine, red.id, [
            ("Cell One", dict(figures=10, training="green", weapons=["Assault rifle"])),
            ("Cell Two", dict(figures=9, training="green", weapons=["Assault rifle", "RPG"])),
            ("Heavy Weapons", dict(figures=4, training="seasoned", weapons=["HMG"])),
        ])
    except ImportError:
        pass
    core.add_fighter(engine, blue.id, "Lt. Marsh", fighter_type="character", notes="Platoon leader")
    if _battles_available():
        from campaign_app.usecases.battles import after_battle, record_battle

        b = record_battle(engine, c.id, [blue.id, red.id], scenario="Take the bridge",
                          played_on="2024-05-11", winner=str(blue.id),
                          casualties={"Alpha Section": 2, "Cell One": 5, "Cell Two": 3})
        after_battle(engine, b.id, seed=311)
    assert c.id is not None
    return c.id


def demo_unit_morale(engine: Engine) -> int:
    c = core.create_campaign(engine, MORALE, "unit-morale",
                             notes="Sample campaign for the unit-morale infantry game.")
    para = core.create_roster(engine, c.id, "3rd Parachute Platoon", faction="British Airborne",
                              player="Chris")
    gren = core.create_roster(engine, c.id, "Kampfgruppe Weiss", faction="Grenadiers", player="Pat")
    try:
        _units(engine, para.id, [
            ("1 Section", dict(figures=10, training="veteran", order="advance")),
            ("2 Section", dict(figures=9, training="regular")),
            ("Mortar Team", dict(figures=3, training="regular", order="hold")),
        ])
        _units(engine, gren.id, [
            ("1. Gruppe", dict(figures=10, training="regular")),
            ("2. Gruppe", dict(figures=10, training="green")),
        ])
    except ImportError:
        pass
    if _battles_available():
        from campaign_app.usecases.battles import record_battle

        record_battle(engine, c.id, [para.id, gren.id], scenario="Hedgerow at Bréville",
                      played_on="1944-06-12", winner=str(para.id),
                      casualties={"1 Section": 3, "2. Gruppe": 6})
    assert c.id is not None
    return c.id


BUILDERS: tuple[tuple[str, Callable[[Engine], int]], ...] = (
    (NUTS, demo_nuts), (NECRO, demo_necromunda), (FUBAR, demo_fubar), (MORALE, demo_unit_morale),
)


def create_demo(engine: Engine, progress: Progress | None = None) -> dict[str, Any]:
    """Create the demo campaigns that do not exist yet; returns their names and ids."""
    created: list[str] = []
    ids: list[int] = []
    skipped: list[str] = []
    for i, (name, build) in enumerate(BUILDERS):
        if progress is not None and progress(i, len(BUILDERS), f"Creating {name}…") is False:
            break
        if _exists(engine, name):
            skipped.append(name)
            continue
        ids.append(build(engine))
        created.append(name)
    if progress is not None:
        progress(len(BUILDERS), len(BUILDERS), "Done")
    return {"created": created, "skipped": skipped, "ids": ids, "first_id": ids[0] if ids else None}
