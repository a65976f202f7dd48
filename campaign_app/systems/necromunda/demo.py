"""The demo campaign of Necromunda: built only through the ordinary use-cases (each piece
journaled and undoable), with seeded dice so it is the same every time."""

from __future__ import annotations

from campaign_app.usecases import campaigns, rosters
from campaign_app.usecases.demo import add_fighters, battles_available
from db.uow import Engine

NAME = "Underhive Feud"


# the newest edition's line: WS, BS and the Save are targets ("3+"); Ld, Cl, Wil and Int
# plain values (higher is better)
GOLIATH_STATS = {"M": 4, "WS": 3, "BS": 4, "S": 4, "T": 4, "W": 2, "I": 4, "A": 2, "Sv": 5,
                 "Ld": 7, "Cl": 8, "Wil": 6, "Int": 5}
ESCHER_STATS = {"M": 5, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 2, "I": 3, "A": 2, "Sv": 6,
                "Ld": 7, "Cl": 8, "Wil": 7, "Int": 7}


def _stats(base: dict[str, int], **changes: int) -> dict[str, int]:
    d = dict(base)
    d.update(changes)
    return d


def build(engine: Engine) -> int:
    c = campaigns.create_campaign(engine, NAME, "necromunda", "n26",
                             notes="Sample Necromunda campaign: two gangs in the Badzones.")
    goliath = rosters.create_roster(engine, c.id, "The Iron Jackals", "gang", faction="House Goliath",
                                 player="Max", credits=120)
    escher = rosters.create_roster(engine, c.id, "Venom Sisters", "gang", faction="House Escher",
                                player="Ria", credits=85)
    add_fighters(engine, goliath.id, [
        ("Krug Ironhide", dict(fighter_type="leader", stats=_stats(GOLIATH_STATS, WS=2, W=3, Ld=8),
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
    add_fighters(engine, escher.id, [
        ("Mirela Vex", dict(fighter_type="leader", stats=_stats(ESCHER_STATS, WS=2, BS=2, Ld=9),
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
    if battles_available():
        from campaign_app.usecases.battles import after_battle, record_battle

        b = record_battle(
            engine, c.name, [goliath.name, escher.name], scenario="Stand-off at Dust Falls",
            played_on="2024-03-02", winner=str(escher.id),
            results={"Vorn": "out-of-action", "Skarg": "seriously-injured", "Iska": "out-of-action"},
            by={"Vorn": "Sable", "Iska": "Brak"}, hits=["Sable", "Brak"])
        after_battle(engine, b.id, seed=24)
        record_battle(
            engine, c.name, [goliath.name, escher.name], scenario="Sneak attack", played_on="2024-03-09",
            results={"Ruk": "out-of-action", "Nyx": "injured"}, by={"Ruk": "Nyx"})
    assert c.id is not None
    return c.id
