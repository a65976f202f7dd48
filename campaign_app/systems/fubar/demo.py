"""The demo campaign of FUBAR: built only through the ordinary use-cases (each piece
journaled and undoable), with seeded dice so it is the same every time."""

from __future__ import annotations

from campaign_app.usecases import campaigns, fighters, rosters
from campaign_app.usecases.demo import add_units, battles_available
from db.uow import Engine

NAME = "Operation Granite"


def build(engine: Engine) -> int:
    c = campaigns.create_campaign(engine, NAME, "fubar", notes="Sample FUBAR force-on-force campaign.")
    blue = rosters.create_roster(engine, c.id, "2nd Platoon, Bravo Coy", faction="UN peacekeepers",
                              player="Alex")
    red = rosters.create_roster(engine, c.id, "Red Star Militia", faction="Insurgents", player="Kim")
    try:
        add_units(engine, blue.id, [
            ("Alpha Section", dict(figures=8, training="veteran", weapons=["Assault rifle", "LMG"])),
            ("Bravo Section", dict(figures=8, training="seasoned", weapons=["Assault rifle", "RPG"])),
            ("Sniper Team", dict(figures=2, training="elite", weapons=["Sniper rifle"])),
        ])
        add_units(engine, red.id, [
            ("Cell One", dict(figures=10, training="green", weapons=["Assault rifle"])),
            ("Cell Two", dict(figures=9, training="green", weapons=["Assault rifle", "RPG"])),
            ("Heavy Weapons", dict(figures=4, training="seasoned", weapons=["HMG"])),
        ])
    except ImportError:
        pass
    fighters.add_fighter(engine, blue.id, "Lt. Marsh", fighter_type="character", notes="Platoon leader")
    if battles_available():
        from campaign_app.usecases.battles import after_battle, record_battle

        b = record_battle(engine, c.name, [blue.name, red.name], scenario="Take the bridge",
                          played_on="2024-05-11", winner=str(blue.id),
                          casualties={"Alpha Section": 2, "Cell One": 5, "Cell Two": 3})
        after_battle(engine, b.id, seed=311)
    assert c.id is not None
    return c.id
