"""The demo campaign of the unit-morale game: built only through the ordinary use-cases (each piece
journaled and undoable), with seeded dice so it is the same every time."""

from __future__ import annotations

from campaign_app.usecases import campaigns, rosters
from campaign_app.usecases.demo import add_units, battles_available
from db.uow import Engine

NAME = "Bocage Summer"


def build(engine: Engine) -> int:
    c = campaigns.create_campaign(engine, NAME, "unit-morale",
                             notes="Sample campaign for the unit-morale infantry game.")
    para = rosters.create_roster(engine, c.id, "3rd Parachute Platoon", faction="British Airborne",
                              player="Chris")
    gren = rosters.create_roster(engine, c.id, "Kampfgruppe Weiss", faction="Grenadiers", player="Pat")
    try:
        add_units(engine, para.id, [
            ("1 Section", dict(figures=10, training="veteran", order="advance")),
            ("2 Section", dict(figures=9, training="regular")),
            ("Mortar Team", dict(figures=3, training="regular", order="hold")),
        ])
        add_units(engine, gren.id, [
            ("1. Gruppe", dict(figures=10, training="regular")),
            ("2. Gruppe", dict(figures=10, training="green")),
        ])
    except ImportError:
        pass
    if battles_available():
        from campaign_app.usecases.battles import record_battle

        record_battle(engine, c.name, [para.name, gren.name], scenario="Hedgerow at Bréville",
                      played_on="1944-06-12", winner=str(para.id),
                      casualties={"1 Section": 3, "2. Gruppe": 6})
    assert c.id is not None
    return c.id
