"""The contract between the generic battle use-cases and each system's procedures.

A system's After the Battle is a **procedure**, a generator: it takes a
:class:`BattleState` (plain data read from the database) and options, and returns an
:class:`Outcome`: the steps shown to the user (each roll with its reason and
consequence) and the changes to make. Every roll is a :class:`~campaign_app.dice.DiceRequest`
it yields (what, why, for whom, which table: ``roll = yield ask(...)``, or
``res, row = yield from roll_on(table, ...)``), so one driver
(``campaign_app.procedure_driver``) can answer with random, seeded or typed faces, or
keep the run waiting at the request until the wizard has the faces. The use-case in
``campaign_app/usecases/battles.py`` reads the state once (``start_after_battle``),
previews in memory, and applies the changes in one transaction
(``apply_after_battle``; ``--dry-run`` only shows them).

Each system registers a :class:`Procedures` object in :data:`PROCEDURES` (see
``register``); the battle use-cases look it up by the campaign's system id.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, TypeVar

from campaign_app.dice import Rolling, RollResult
from campaign_app.rules import Table


@dataclass(frozen=True)
class TableRollInputs:
    """What a table rolled by a procedure (``Procedures.table_rolls``) needs, read from the
    figures at the table or given: who rolls (``rep``, ``kind``: a creature kind or
    "human"), who is on the other end (``vs_rep``, ``vs_kind``: the target, the other
    side's leader), the weapon (``impact``; ``shots``, how many dice it rolls), the
    conditions (``flags``, each one the procedure declares) and ``per_die``, which
    target each die goes to (1 = the first)."""

    rep: int | None = None
    vs_rep: int | None = None
    impact: int | None = None
    shots: int | None = None
    kind: str = "human"
    vs_kind: str = "human"
    flags: frozenset[str] = frozenset()
    per_die: tuple[int, ...] = ()
    who: str = ""  # names, for the roll's purpose
    vs_who: str = ""


@dataclass
class TableRollOutcome:
    """A table rolled by a procedure: the rolls made (each on the roller, for the roll
    record), the number it came to (``value``), the result key, label and text, the lines
    that show each die, and the status the figure on the other end now stands at
    (``status``; applied to the target figure of a battle in progress) and whether the
    roller scored a hit (``scored_hit``)."""

    value: int
    result: str
    label: str
    text: str
    lines: list[str] = field(default_factory=list)
    status: str | None = None
    scored_hit: bool = False
    default: bool = False  # the result rests on one of our defaults (no seed says)


@dataclass(frozen=True)
class TableProcedure:
    """A rules table that is rolled by a small procedure rather than read off one row:
    ``run(table, tables, data, inputs, fighter_ids)`` is a pure procedure (a generator
    yielding each roll's request; ``fighter_ids``: who rolls and who is on the other end,
    for the roll record); ``needs`` the inputs it
    cannot do without (``rep``, ``vs_rep``, ``impact``, ``shots``), ``takes`` those it
    reads when given, and ``flags`` the
    conditions it takes (flag -> what it means)."""

    run: Callable[..., Rolling[TableRollOutcome]]
    needs: tuple[str, ...] = ()
    takes: tuple[str, ...] = ()  # inputs it reads when given (a creature target's impact...)
    flags: Mapping[str, str] = field(default_factory=dict)
    per_die: bool = False


@dataclass
class FighterState:
    """A fighter as the procedure sees it (a copy: change nothing here)."""

    id: int
    roster_id: int
    name: str
    type: str
    role: str
    kind: str
    rep: int | None
    stats: dict[str, Any]
    xp: int
    status: str
    conditions: list[str]
    skills: list[str]
    crew_of_id: int | None = None
    # the battle's result for this fighter (None if it did not take part)
    result: str | None = None
    scored_hit: bool = False
    by_fighter_id: int | None = None
    details: dict[str, Any] = field(default_factory=dict)


@dataclass
class UnitState:
    id: int
    roster_id: int
    name: str
    training: str
    figures: int
    figures_start: int
    wounded: int
    discipline: str
    status: str
    battles_fought: int
    stats: dict[str, Any]
    result: str | None = None
    casualties: int = 0
    details: dict[str, Any] = field(default_factory=dict)


@dataclass
class RosterState:
    id: int
    name: str
    kind: str
    faction: str
    credits: int
    reputation: int
    result: str = ""  # win, loss, draw, "" (from the battle's winner)


@dataclass
class BattleState:
    battle_id: int
    number: int
    campaign_id: int
    system: str
    edition: str
    expansions: list[str]
    tables: Mapping[str, Table]  # house rules already applied
    data: Mapping[str, Any]  # non-table rules data (creatures, xp, weapons...)
    rosters: dict[int, RosterState]
    fighters: dict[int, FighterState]  # every fighter of the participating rosters
    units: dict[int, UnitState]
    winner_roster_id: int | None = None
    battles_before: dict[int, int] = field(default_factory=dict)  # roster id -> battles fought before


@dataclass
class Step:
    """One line of the After the Battle walk-through."""

    rule: str  # the rule that asked, e.g. "OOF recovery"
    subject: str  # who it is about
    text: str  # what happened, in words
    roll: RollResult | None = None
    fighter_id: int | None = None
    unit_id: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "subject": self.subject, "text": self.text,
                "roll": None if self.roll is None else self.roll.to_dict(),
                "fighter_id": self.fighter_id, "unit_id": self.unit_id}


@dataclass
class FighterChange:
    fighter_id: int
    set: dict[str, Any]  # column -> new value (status, rep, xp, stats, conditions, ...)
    reason: str = ""


@dataclass
class NewFighter:
    roster_id: int
    fields: dict[str, Any]  # Fighter columns (name, fighter_type, rep, kind, ...)
    reason: str = ""


@dataclass
class UnitChange:
    unit_id: int
    set: dict[str, Any]
    reason: str = ""


@dataclass
class RosterChange:
    roster_id: int
    set: dict[str, Any]
    reason: str = ""


@dataclass
class InjuryRecord:
    fighter_id: int
    table_id: str
    roll: RollResult
    result: str
    label: str
    applied: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)


@dataclass
class SkillGain:
    fighter_id: int
    name: str
    source: str = "injury"


# --- lazy: the outcome a run builds, seen while the run waits for dice (lazy helper)
T = TypeVar("T")
_WATCHED: ContextVar[list[Outcome] | None] = ContextVar("campaign_app_outcomes", default=None)


def watch_outcomes(gen: Rolling[T]) -> tuple[Rolling[T], list[Outcome]]:
    """``gen`` wrapped so that every :class:`Outcome` made while it runs is also put in
    the list returned: the wizard reads the steps an After the Battle has decided so far
    while the run waits at its next roll."""
    seen: list[Outcome] = []

    def watching() -> Rolling[T]:
        answer: Any = None
        thrown: BaseException | None = None
        while True:
            token = _WATCHED.set(seen)
            try:
                request = gen.throw(thrown) if thrown is not None else gen.send(answer)
            except StopIteration as stop:
                return stop.value  # type: ignore[no-any-return]
            finally:
                _WATCHED.reset(token)
            thrown = None
            try:
                answer = yield request
            except GeneratorExit:
                gen.close()
                raise
            except BaseException as e:  # noqa: BLE001 - a refusal the driver throws in: passed on
                thrown = e

    return watching(), seen


@dataclass
class Outcome:
    steps: list[Step] = field(default_factory=list)
    fighter_changes: list[FighterChange] = field(default_factory=list)
    new_fighters: list[NewFighter] = field(default_factory=list)
    unit_changes: list[UnitChange] = field(default_factory=list)
    roster_changes: list[RosterChange] = field(default_factory=list)
    injuries: list[InjuryRecord] = field(default_factory=list)
    skills: list[SkillGain] = field(default_factory=list)
    removed_fighters: list[int] = field(default_factory=list)  # leave the roster (deleted)
    removed_units: list[int] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        seen = _WATCHED.get()
        if seen is not None:
            seen.append(self)

    def change(self, fighter_id: int, reason: str = "", **values: Any) -> None:
        """Merge column changes for one fighter (later values win)."""
        for ch in self.fighter_changes:
            if ch.fighter_id == fighter_id:
                ch.set.update(values)
                if reason:
                    ch.reason = f"{ch.reason}; {reason}" if ch.reason else reason
                return
        self.fighter_changes.append(FighterChange(fighter_id, dict(values), reason))

    def change_unit(self, unit_id: int, reason: str = "", **values: Any) -> None:
        for ch in self.unit_changes:
            if ch.unit_id == unit_id:
                ch.set.update(values)
                if reason:
                    ch.reason = f"{ch.reason}; {reason}" if ch.reason else reason
                return
        self.unit_changes.append(UnitChange(unit_id, dict(values), reason))


AfterBattle = Callable[[BattleState, Mapping[str, Any]], Rolling[Outcome]]


@dataclass(frozen=True)
class Procedures:
    system: str
    after_battle: AfterBattle
    # status a fighter/unit that is not named in `battle record` ended with
    default_result: str
    # statuses `battle record` accepts for this system
    result_statuses: tuple[str, ...]
    # fighter statuses that may not take part in a battle
    unavailable: tuple[str, ...] = ("dead", "lost", "captured", "in-recovery", "turned", "retired")
    # the yes/no facts `battle record --detail FIGURE=FLAG` may note for a fighter, each
    # read by ``after_battle`` from ``FighterState.details`` (flag -> what it means)
    detail_flags: Mapping[str, str] = field(default_factory=dict)
    # tables a battle in progress does not roll as a plain table (``roll T --battle``):
    # the system's own in-battle command takes them, because it marks what the roll
    # means and knows the rules around it (table id -> that command, in words)
    table_commands: Mapping[str, str] = field(default_factory=dict)
    # a figure without a Rep of its own that has a crew (a vehicle) rolling a table at
    # the table (``roll T --battle --fighter F``): the crew roles that roll it for the
    # figure, in order; the first crew member of those roles still in the fight (his
    # battle status not one of ``down_results``) rolls with his own Rep
    crew_rolls: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    down_results: tuple[str, ...] = ()
    # tables rolled by a procedure with the inputs it needs (``roll T --rep N --impact N
    # --flag cover ...``; at the table from the figures): table id -> its procedure
    table_rolls: Mapping[str, TableProcedure] = field(default_factory=dict)


PROCEDURES: dict[str, Procedures] = {}


def register(proc: Procedures) -> Procedures:
    PROCEDURES[proc.system] = proc
    return proc
