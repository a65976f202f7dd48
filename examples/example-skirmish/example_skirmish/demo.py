"""The Example Skirmish demo campaign (``campaign-app demo``): two bands and one battle
whose After the Battle is rolled with seeded dice, built through the ordinary use-cases
so every piece is journaled and undoable."""

from __future__ import annotations

from sqlalchemy.engine import Engine

from campaign_app.usecases import campaigns, rosters
from campaign_app.usecases.demo import add_fighters, battles_available
from example_skirmish import ID

NAME = "Skirmish at the Ford"


def build(engine: Engine) -> int:
    c = campaigns.create_campaign(engine, NAME, ID, notes="Sample campaign of the example plug-in.")
    reds = rosters.create_roster(engine, c.id, "Red Band", player="Ann")
    blues = rosters.create_roster(engine, c.id, "Blue Band", player="Bo")
    add_fighters(engine, reds.id, [
        ("Red Captain", dict(fighter_type="leader", stats={"Skill": 5})),
        ("Red Spear", dict(stats={"Skill": 3})),
        ("Red Bow", dict(stats={"Skill": 4})),
    ])
    add_fighters(engine, blues.id, [
        ("Blue Captain", dict(fighter_type="leader", stats={"Skill": 5})),
        ("Blue Axe", dict(stats={"Skill": 3})),
        ("Blue Sling", dict(stats={"Skill": 2})),
    ])
    if battles_available():
        from campaign_app.usecases.battles import after_battle, record_battle

        b = record_battle(engine, c.id, [reds.id, blues.id], scenario="Hold the ford",
                          winner=str(reds.id),
                          results={"Red Spear": "out-of-action", "Blue Axe": "out-of-action",
                                   "Blue Sling": "out-of-action"})
        after_battle(engine, b.id, seed=6)
    assert c.id is not None
    return c.id
