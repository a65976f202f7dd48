"""At the table: the pure parts of a battle's setup that every game shares (the
scenario roll, who attacks, a crew drawn at random), for the generic use-cases in
:mod:`campaign_app.usecases.table`. A game says what it uses through its
:class:`campaign_app.systems.api.GameSystem` (``scenario_table``, ``crew_rule``).

Each helper that rolls is a procedure (a generator yielding each roll's request, run by
``campaign_app.procedure_driver`` with random, seeded or typed dice), so each roll is on
record; nothing here touches the database."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from campaign_app.errors import InputError

# The system packages import this module for CrewRule when the registry lists them: the
# dice (campaign_app.dice) are imported by the helpers that roll, when they first roll.
if TYPE_CHECKING:
    from campaign_app.dice import Rolling, RollResult

RULE_SCENARIO = "Scenario"
RULE_ATTACKER = "Who attacks"
RULE_CREW = "Crew drawn at random"


@dataclass(frozen=True)
class CrewRule:
    """A crew for a battle: the player picks some fighters, and ``random`` (dice) more are
    drawn at random from those still available."""

    random: str = "d3"
    label: str = "the player picks fighters; {dice} more are drawn at random"

    def text(self) -> str:
        return self.label.format(dice=self.random.upper())


@dataclass
class Candidate:
    """A figure that may be drawn: its id and name."""

    id: int
    name: str


@dataclass
class CrewDraw:
    """What the draw gave: how many were to be drawn, and who (in draw order)."""

    wanted: int
    drawn: list[Candidate] = field(default_factory=list)
    rolls: list[RollResult] = field(default_factory=list)


def pick_one(count: int, purpose: str, rule: str) -> Rolling[tuple[int, list[RollResult]]]:
    """A random index below ``count`` with d6 (up to 6) or D66 (up to 36), rolling again
    on a face past the last one; returns it and the rolls made."""
    if count < 1:
        raise InputError(f"{purpose}: nothing to choose from")
    if count > 36:
        raise InputError(f"{purpose}: {count} to choose from is more than a D66 can draw")
    from campaign_app.dice import ask

    rolls: list[RollResult] = []
    for _ in range(100):
        if count == 1:
            return 0, rolls
        if count <= 6:
            r = yield ask("d6", f"{purpose} (1-{count}; roll again above)", rule=rule)
            n = r.value
        else:
            r = yield ask("d66", f"{purpose} (1-{count} counting 11 as 1, 16 as 6, 21 as 7...; "
                                 "roll again above)", rule=rule)
            n = (r.value // 10 - 1) * 6 + r.value % 10
        rolls.append(r)
        if n <= count:
            return n - 1, rolls
    raise InputError(f"{purpose}: no usable roll in 100 tries")


def draw_crew(candidates: Sequence[Candidate], rule: CrewRule, roster: str) -> Rolling[CrewDraw]:
    """Roll how many more fight (``rule.random``), then draw each from ``candidates`` (the
    available fighters not picked), in their order. Fewer are drawn when fewer are left."""
    from campaign_app.dice import ask

    how = yield ask(rule.random, f"{roster}: how many more fighters are drawn", rule=RULE_CREW)
    how.extra["subject"] = roster
    out = CrewDraw(wanted=how.value, rolls=[how])
    left = list(candidates)
    while left and len(out.drawn) < out.wanted:
        names = ", ".join(f"{i}. {c.name}" for i, c in enumerate(left, 1))
        i, rolls = yield from pick_one(len(left), f"{roster}: draw a fighter ({names})", RULE_CREW)
        out.rolls += rolls
        chosen = left.pop(i)
        for r in rolls:
            r.fighter_id = chosen.id
            r.extra["subject"] = chosen.name
        out.drawn.append(chosen)
    return out


def roll_attacker(rosters: Sequence[str]) -> Rolling[tuple[int, list[RollResult]]]:
    """Who attacks: each roster rolls a d6, the highest attacks; the tied best roll again."""
    if not rosters:
        raise InputError("a battle needs at least one roster")
    from campaign_app.dice import ask

    in_play = list(range(len(rosters)))
    rolls: list[RollResult] = []
    for _ in range(100):
        if len(in_play) == 1:
            return in_play[0], rolls
        scores: dict[int, int] = {}
        for i in in_play:
            r = yield ask("d6", f"{rosters[i]}: roll for who attacks (highest attacks)", rule=RULE_ATTACKER)
            r.extra["subject"] = rosters[i]
            rolls.append(r)
            scores[i] = r.value
        best = max(scores.values())
        in_play = [i for i in in_play if scores[i] == best]
    raise InputError("who attacks: still tied after 100 rolls")
