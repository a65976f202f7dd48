"""The demo campaign of NUTS! (with Weird WWII creatures): built only through the ordinary use-cases (each piece
journaled and undoable), with seeded dice so it is the same every time."""

from __future__ import annotations

from campaign_app.usecases import campaigns, rosters
from campaign_app.usecases.demo import add_fighters, battles_available
from db.uow import Engine

NAME = "Ardennes 1944"


def build(engine: Engine) -> int:
    c = campaigns.create_campaign(engine, NAME, "nuts", expansions=["weird-ww2"],
                             notes="Sample NUTS! campaign with Weird WWII creatures.")
    easy = rosters.create_roster(engine, c.id, "Easy Company, 2nd Squad", faction="US Army", player="Sam")
    wolves = rosters.create_roster(engine, c.id, "Die Nachtwölfe", faction="Wehrmacht (occult)",
                                player="Jo")
    add_fighters(engine, easy.id, [
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
    add_fighters(engine, wolves.id, [
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
    if battles_available():
        from campaign_app.usecases.battles import after_battle, record_battle

        b = record_battle(
            engine, c.name, [easy.name, wolves.name], scenario="Night patrol at Foy",
            played_on="1944-12-20", winner=str(easy.id),
            results={"Pvt. Danny Keel": "out-of-the-fight", "Pvt. Lou Marino": "duck-back",
                     "Schütze Albers": "obviously-dead", "Gefreiter Lang": "out-of-the-fight",
                     "Zombie 1": "obviously-dead", "Zombie 2": "obviously-dead"},
            hits=["Sgt. Rock Harlan", "Pvt. Walt Brody"])
        after_battle(engine, b.id, seed=1944)
        record_battle(
            engine, c.name, [easy.name, wolves.name], scenario="The mill at Recogne", played_on="1944-12-28",
            results={"Cpl. Eddie Voss": "out-of-the-fight", "Hauptmann Kessler": "hunker-down",
                     "Zombie 3": "obviously-dead"},
            hits=["Pvt. Sol Hendry"])
    assert c.id is not None
    return c.id
