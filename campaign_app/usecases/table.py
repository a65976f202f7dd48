"""At the table: a battle set up before the game (scenario, who attacks, the crew, every
roll on record), tracked while it is played (a mark per status, hit and casualty, each
its own undo step), and finished; After the Battle then reads the tracked results.

Generic for every game: what differs is asked of the :class:`GameSystem` (its scenario
table, its crew rule, the statuses it tracks) and of its procedures (the battle
statuses, the default result, who cannot take part). A battle goes
``setup`` -> ``in-progress`` -> ``finished``; ``battle record`` writes a finished one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from typing_extensions import TypedDict  # pydantic reads it on Python 3.11 (the facade's results)

from campaign_app.changes import Result
from campaign_app.dice import Roller, RollResult
from campaign_app.errors import InputError
from campaign_app.procedure_driver import drive
from campaign_app.rules import Table
from campaign_app.rules.rolling import roll_on
from campaign_app.systems import game_system, get_system
from campaign_app.systems.base import Procedures
from campaign_app.systems.table import Candidate, draw_crew, roll_attacker
from campaign_app.usecases.battles import (
    _parse_date,
    _Roll,
    _roster_in,
    battle_dict,
    procedures_for,
)
from campaign_app.usecases.campaigns import tables_for
from campaign_app.usecases.common import (
    Ref,
    clean_int,
    clean_text,
    get_battle,
    get_campaign,
    get_roster,
)
from campaign_app.usecases.results import RollOutcome, UndoResult
from campaign_app.usecases.rolls import roll_out
from db.models import (
    Battle,
    BattleMark,
    BattleResult,
    BattleRoster,
    Campaign,
    Fighter,
    Roster,
    Unit,
)
from db.queries import battles as q
from db.uow import Session, UnitOfWork, read_session

SETUP, IN_PROGRESS, FINISHED = "setup", "in-progress", "finished"
STATES = (SETUP, IN_PROGRESS, FINISHED)

__all__ = [
    "BattleSetUp", "BattleStateChanged", "BattleTable", "MarkResult", "add_to_battle", "battle_roll",
    "casualties", "finish_battle", "hit", "setup_battle", "start_battle", "table_view", "track",
    "undo_mark",
]


# --------------------------------------------------------------------------- results
@dataclass(frozen=True, kw_only=True)
class BattleSetUp(Result):
    """A battle set up: its row, the scenario (and whether it was rolled), who attacks, the
    crew of each roster (picked and drawn) and every roll made."""

    id: int
    campaign_id: int
    number: int
    state: str
    scenario: str
    scenario_rolled: bool
    scenario_text: str = ""  # what the rolled scenario asks of the players
    scenario_default: bool = False  # rolled on a table no seed gives: "(default)"
    attacker: str | None
    crews: dict[str, dict[str, list[str]]]
    taking_part: list[str]
    rolls: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True, kw_only=True)
class BattleStateChanged(Result):
    """A battle started or finished."""

    id: int
    number: int
    state: str
    winner: str | None = None


@dataclass(frozen=True, kw_only=True)
class MarkResult(Result):
    """One mark of a game in progress (its change set names the battle and the figure)."""

    battle_id: int
    mark_id: int
    figure: str
    kind: str
    value: str
    before: str
    text: str


class FigureRow(TypedDict):
    """A figure of a battle at the table, as the battle page shows it."""

    result_id: int
    fighter_id: int | None
    unit_id: int | None
    name: str
    roster: str
    roster_id: int
    kind: str
    rep: int | None
    status: str
    scored_hit: bool
    by: str | None
    casualties: int
    figures: int
    marked: dict[str, int]


class MarkRow(TypedDict):
    id: int
    kind: str
    figure: str
    value: str
    before: str
    by: str | None
    text: str


class TableChoice(TypedDict):
    id: str
    title: str
    target: str
    # a table the system rolls with a procedure (a shooting table...): the inputs it cannot
    # do without (rep, vs_rep, impact, shots), its flags (key, words) and whether its
    # dice are allotted to targets one by one; a pass table: none
    needs: list[str]
    takes: list[str]  # the inputs it reads: needs and the optional ones
    flags: list[list[str]]
    per_die: bool


class CommandChoice(TypedDict):
    key: str
    label: str


class BattleTable(TypedDict):
    """Everything the battle page shows of one battle (read once, plain data)."""

    id: int
    campaign_id: int
    campaign: str
    system: str
    number: int
    state: str
    scenario: str
    attacker: str | None
    rosters: list[str]
    after_battle_done: bool
    statuses: list[str]
    default_status: str
    figures: list[FigureRow]
    marks: list[MarkRow]
    tables: list[TableChoice]
    commands: list[CommandChoice]
    setup: dict[str, Any]


# --------------------------------------------------------------------------- setup
def setup_battle(engine: Any, campaign: Ref, rosters: Iterable[Ref], *, scenario: str | None = None,
                 attacker: Ref | None = None, picks: Iterable[Ref] = (), dice: str | Sequence[int] | None = None,
                 seed: int | None = None, roller: Roller | None = None, played_on: date | str | None = None,
                 notes: str = "") -> BattleSetUp:
    """Set a battle up (state ``setup``): the scenario (rolled on the system's scenario
    table when none is given), who attacks (rolled when not given), and the crew of each
    roster: the ``picks`` of a roster fight, and with the game's crew rule more are drawn
    at random from its other available fighters; a roster with no picks fights with every
    available figure. Figures that cannot take part are never offered. One undo step."""
    if roller is None:
        roller = Roller.from_options(dice, seed)
    elif dice is not None or seed is not None:
        raise InputError("give dice, a seed or a roller, not several")
    roster_refs = list(rosters)
    if not roster_refs:
        raise InputError("a battle needs at least one roster")
    when = _parse_date(played_on)
    with UnitOfWork(engine, "battle.setup") as uow:
        s = uow.session
        c = get_campaign(s, campaign)
        uow.campaign_id = c.id
        assert c.id is not None
        proc = procedures_for(c.system)
        gs = game_system(c.system)
        rs: list[Roster] = []
        for ref in roster_refs:
            r = _roster_in(s, ref, c) if str(ref).isdigit() else get_roster(s, ref, c)
            if r in rs:
                raise InputError(f"roster {r.name!r} is named twice")
            rs.append(r)
        rids = [r.id for r in rs if r.id is not None]
        fighters = q.roster_fighters(s, rids)
        units = q.roster_units(s, rids)
        everyone = _Roll(fighters, units)
        # the scenario
        rolled = False
        scenario_roll: dict[str, Any] = {}
        tables = tables_for(c)
        if scenario is not None and str(scenario).strip():
            name = clean_text(scenario, "scenario", 200)
        elif gs.scenario_table and gs.scenario_table in tables:
            st = tables[gs.scenario_table]
            res, row = drive(roll_on(st, "the scenario"), roller)
            name, rolled = row.label or row.result, True
            # default: the scenario table is ours (no seed gives one): said so wherever it is shown
            scenario_roll = {"table": res.table, "value": res.value, "result": row.result, "label": row.label,
                             "text": row.text, "default": st.default and not st.house_rule}
        else:
            name = ""
        # who attacks
        att: Roster | None = None
        if attacker is not None and str(attacker).strip():
            att = next((r for r in rs if r.name == str(attacker).strip() or str(r.id) == str(attacker).strip()), None)
            if att is None:
                raise InputError(f"the attacker {attacker!r} is not one of the battle's rosters")
        elif len(rs) > 1:
            i, _ = drive(roll_attacker([r.name for r in rs]), roller)
            att = rs[i]
        # the crews
        picked: dict[int, list[Fighter]] = {}
        for ref in picks:
            f = everyone.fighter(ref, "fighter picked")
            if f.status in proc.unavailable:
                raise InputError(f"{f.name} is {f.status} and cannot take part in a battle")
            lst = picked.setdefault(f.roster_id, [])
            if f in lst:
                raise InputError(f"{f.name} is picked twice")
            lst.append(f)
        crews: dict[str, dict[str, list[str]]] = {}
        taking: list[Fighter | Unit] = []
        for r in rs:
            mine = [f for f in fighters if f.roster_id == r.id and f.status not in proc.unavailable]
            if r.id in picked:
                chosen = list(picked[r.id])
                drawn: list[Fighter] = []
                if gs.crew_rule is not None:
                    left = [f for f in mine if f not in chosen]
                    got = drive(draw_crew([Candidate(f.id or 0, f.name) for f in left], gs.crew_rule, r.name), roller)
                    by_id = {f.id: f for f in left}
                    drawn = [by_id[x.id] for x in got.drawn]
                crews[r.name] = {"picked": [f.name for f in chosen], "drawn": [f.name for f in drawn]}
                crew_ids = {f.id for f in chosen + drawn}
                taking += [f for f in mine if f.id in crew_ids]
            else:
                taking += mine
            taking += [u for u in units if u.roster_id == r.id and u.status not in proc.unavailable]
        if not taking:
            raise InputError("nobody in these rosters can take part in a battle")
        roller.finish()
        number = q.next_battle_number(s, c.id)
        b = Battle(campaign_id=c.id, number=number, played_on=when, scenario=name, state=SETUP,
                   attacker_roster_id=att.id if att else None, cycle=c.cycle, notes=clean_text(notes, "notes"),
                   setup={"scenario_roll": scenario_roll, "crews": crews})
        s.add(b)
        s.flush()
        assert b.id is not None
        for r in rs:
            s.add(BattleRoster(battle_id=b.id, roster_id=r.id, result=""))  # type: ignore[arg-type]
        for fig in taking:
            br = BattleResult(battle_id=b.id, status=proc.default_result, roster_id=fig.roster_id)
            if isinstance(fig, Fighter):
                br.fighter_id = fig.id
            else:
                br.unit_id = fig.id
            s.add(br)
        s.flush()
        for rr in roller.rolls:
            if "subject" not in rr.extra and rr.fighter_id is None:
                rr.extra["subject"] = f"battle {number}"
        uow.record_rolls(roller, battle_id=b.id)
        uow.summary = f"set up battle {number}: {' vs '.join(r.name for r in rs)}"
        assert b.id is not None
        out = dict(id=b.id, campaign_id=c.id, number=number, state=SETUP, scenario=name, scenario_rolled=rolled,
                   scenario_text=str(scenario_roll.get("text") or ""),
                   scenario_default=bool(scenario_roll.get("default")),
                   attacker=att.name if att else None, crews=crews, taking_part=[f.name for f in taking],
                   rolls=[rr.to_dict() for rr in roller.rolls])
    return BattleSetUp(**out, changes=uow.changes)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- state
def _battle(s: Session, battle: Ref) -> tuple[Battle, Campaign]:
    b = get_battle(s, battle)
    c = s.get(Campaign, b.campaign_id)
    assert c is not None and b.id is not None
    return b, c


STATE_WORDS = {SETUP: "being set up", IN_PROGRESS: "in progress", FINISHED: "finished"}


def _need_state(b: Battle, *states: str, doing: str) -> None:
    if b.state not in states:
        hint = {SETUP: "start it first", IN_PROGRESS: "finish it first",
                FINISHED: "it is over"}.get(b.state, "")
        raise InputError(f"battle {b.number} is {STATE_WORDS.get(b.state, b.state)}: cannot {doing}"
                         + (f" ({hint})" if hint else ""))


def start_battle(engine: Any, battle: Ref) -> BattleStateChanged:
    """The game begins: a battle set up goes ``in-progress`` (marks may be made)."""
    with UnitOfWork(engine, "battle.start") as uow:
        b, c = _battle(uow.session, battle)
        uow.campaign_id = c.id
        _need_state(b, SETUP, doing="start it")
        b.state = IN_PROGRESS
        uow.session.add(b)
        uow.summary = f"battle {b.number} begins"
        bid, number = b.id, b.number
    assert bid is not None
    return BattleStateChanged(id=bid, number=number, state=IN_PROGRESS, changes=uow.changes)


def finish_battle(engine: Any, battle: Ref, *, winner: Ref | None = None) -> BattleStateChanged:
    """The game is over (``finished``): the winner, if any; After the Battle may run
    from the tracked results."""
    with UnitOfWork(engine, "battle.finish") as uow:
        s = uow.session
        b, c = _battle(s, battle)
        uow.campaign_id = c.id
        _need_state(b, IN_PROGRESS, doing="finish it")
        assert b.id is not None
        links = q.battle_rosters(s, b.id)
        win = None
        if winner is not None and str(winner).strip():
            w = str(winner).strip()
            win = next((r for _, r in links if r.name == w or str(r.id) == w), None)
            if win is None:
                raise InputError(f"winner {winner!r} is not one of the battle's rosters")
            for link, r in links:
                link.result = "win" if r.id == win.id else "loss"
                s.add(link)
        b.winner_roster_id = win.id if win else None
        b.state = FINISHED
        s.add(b)
        uow.summary = f"battle {b.number} over" + (f": {win.name} wins" if win else "")
        bid, number = b.id, b.number
    return BattleStateChanged(id=bid, number=number, state=FINISHED, winner=win.name if win else None,
                              changes=uow.changes)


# --------------------------------------------------------------------------- marks
def _in_battle(s: Session, b: Battle) -> tuple[_Roll, dict[int, BattleResult], dict[int, BattleResult]]:
    assert b.id is not None
    results = q.battle_results(s, b.id)
    by_f = {r.fighter_id: r for r in results if r.fighter_id is not None}
    by_u = {r.unit_id: r for r in results if r.unit_id is not None}
    rids = [link.roster_id for link in q.battle_links(s, b.id)]
    fighters = [f for f in q.roster_fighters(s, rids) if f.id in by_f]
    units = [u for u in q.roster_units(s, rids) if u.id in by_u]
    return _Roll(fighters, units), by_f, by_u  # type: ignore[return-value]


def _mark(uow: UnitOfWork, b: Battle, res: BattleResult, kind: str, value: str, before: str, name: str,
          text: str, by: Fighter | None = None) -> MarkResult:
    s = uow.session
    m = BattleMark(battle_id=b.id, fighter_id=res.fighter_id, unit_id=res.unit_id,  # type: ignore[arg-type]
                   by_fighter_id=by.id if by else None, kind=kind, value=value[:80], before=before[:80])
    s.add(res)
    s.add(m)
    s.flush()
    uow.summary = f"battle {b.number}: {text}"
    assert b.id is not None and m.id is not None
    return MarkResult(battle_id=b.id, mark_id=m.id, figure=name, kind=kind, value=value, before=before, text=text)


def track(engine: Any, battle: Ref, figure: Ref, status: str, *, by: Ref | None = None) -> MarkResult:
    """Mark how a figure stands now (one of the system's battle statuses), and who did
    it to a fighter (``by``, a fighter of another roster). One undo step."""
    with UnitOfWork(engine, "battle.mark") as uow:
        s = uow.session
        b, c = _battle(s, battle)
        uow.campaign_id = c.id
        _need_state(b, IN_PROGRESS, doing="mark what happens")
        proc = procedures_for(c.system)
        roll, by_f, by_u = _in_battle(s, b)
        fig = roll.find(figure, "figure")
        st = str(status).strip().lower()
        if st not in proc.result_statuses:
            raise InputError(f"{st!r} for {fig.name} is not one of {', '.join(proc.result_statuses)}")
        res = by_f[fig.id] if isinstance(fig, Fighter) else by_u[fig.id]  # type: ignore[index]
        attacker: Fighter | None = None
        if by is not None and str(by).strip():
            if not isinstance(fig, Fighter):
                raise InputError(f"{fig.name} is a unit: who took it out is kept for fighters only")
            attacker = roll.fighter(by, "attacker")
            if attacker.roster_id == fig.roster_id:
                raise InputError(f"{fig.name} and {attacker.name} are in the same roster")
            res.by_fighter_id, res.by_roster_id = attacker.id, attacker.roster_id
        out = put_status(uow, b, res, fig.name, st, attacker)
    return _with_changes(out, uow)


def put_mark(uow: UnitOfWork, b: Battle, res: BattleResult, name: str, kind: str, value: str, text: str
             ) -> MarkResult:
    """For a system's in-battle use-case: a mark of its own ``kind`` on a figure (shown
    among the battle's marks as ``text``); the caller has set what it means on ``res``."""
    return _mark(uow, b, res, kind, value, "", name, text)


def put_status(uow: UnitOfWork, b: Battle, res: BattleResult, name: str, status: str,
               by: Fighter | None = None) -> MarkResult:
    """For a use-case marking statuses during a game (``track``, a system's in-battle
    command): ``res`` (the figure's result row) now stands at ``status``, counted among
    the statuses it was marked with, and a status mark says so (the unit of work's
    summary names it)."""
    before = res.status
    res.status = status
    details = dict(res.details or {})
    marked = dict(details.get("marked") or {})
    marked[status] = int(marked.get(status, 0)) + 1
    details["marked"] = marked
    res.details = details
    text = mark_text("status", name, status, by.name if by else None)
    return _mark(uow, b, res, "status", status, before, name, text, by)


def fighters_in_battle(s: Session, battle: Ref, *, doing: str, states: Sequence[str] = (IN_PROGRESS,)
                       ) -> tuple[Battle, Campaign, dict[int, tuple[Fighter, BattleResult]]]:
    """For a system's in-battle use-case: the battle (in progress, or in one of
    ``states``, else refused with ``doing`` in the message), its campaign and each
    fighter taking part with its result row, by fighter id."""
    b, c = _battle(s, battle)
    _need_state(b, *states, doing=doing)
    assert b.id is not None
    by_f = {r.fighter_id: r for r in q.battle_results(s, b.id) if r.fighter_id is not None}
    rids = [link.roster_id for link in q.battle_links(s, b.id)]
    return b, c, {f.id: (f, by_f[f.id]) for f in q.roster_fighters(s, rids) if f.id in by_f}  # type: ignore[misc]


def units_in_battle(s: Session, battle: Ref, *, doing: str, states: Sequence[str] = (IN_PROGRESS,)
                    ) -> tuple[Battle, Campaign, dict[int, tuple[Unit, BattleResult]]]:
    """As :func:`fighters_in_battle`, for the units taking part."""
    b, c = _battle(s, battle)
    _need_state(b, *states, doing=doing)
    assert b.id is not None
    by_u = {r.unit_id: r for r in q.battle_results(s, b.id) if r.unit_id is not None}
    rids = [link.roster_id for link in q.battle_links(s, b.id)]
    return b, c, {u.id: (u, by_u[u.id]) for u in q.roster_units(s, rids) if u.id in by_u}  # type: ignore[misc]


def hit(engine: Any, battle: Ref, fighter: Ref) -> MarkResult:
    """Mark that a fighter scored a hit (or won a melee). One undo step."""
    with UnitOfWork(engine, "battle.mark") as uow:
        s = uow.session
        b, c = _battle(s, battle)
        uow.campaign_id = c.id
        _need_state(b, IN_PROGRESS, doing="mark what happens")
        roll, by_f, _ = _in_battle(s, b)
        f = roll.fighter(fighter, "fighter who scored a hit")
        res = by_f[f.id]  # type: ignore[index]
        if res.scored_hit:
            raise InputError(f"{f.name} has already scored a hit in battle {b.number}")
        res.scored_hit = True
        out = _mark(uow, b, res, "hit", "hit", "", f.name, f"{f.name} scores a hit")
    return _with_changes(out, uow)


def casualties(engine: Any, battle: Ref, unit: Ref, n: int | str) -> MarkResult:
    """Set how many figures a unit has lost so far (0 to its figures). One undo step."""
    with UnitOfWork(engine, "battle.mark") as uow:
        s = uow.session
        b, c = _battle(s, battle)
        uow.campaign_id = c.id
        _need_state(b, IN_PROGRESS, doing="mark what happens")
        roll, _, by_u = _in_battle(s, b)
        u = roll.find(unit, "unit")
        if not isinstance(u, Unit):
            raise InputError(f"{u.name} is a fighter, not a unit: only units have casualties")
        k = clean_int(n, f"casualties of {u.name}")
        if not 0 <= k <= u.figures:
            raise InputError(f"{k} casualties of {u.name}: give 0 to {u.figures} "
                             f"({u.name} has {u.figures} figures)")
        res = by_u[u.id]  # type: ignore[index]
        before = str(res.casualties)
        if k == res.casualties:
            raise InputError(f"{u.name} has {k} casualties already")
        res.casualties = k
        out = _mark(uow, b, res, "casualties", str(k), before, u.name, f"{u.name}: {k} casualties")
    return _with_changes(out, uow)


def add_to_battle(uow: UnitOfWork, b: Battle, figures: Sequence[Fighter], status: str, text: str) -> int:
    """For a system's own in-battle use-case (figures that arrive during a game, e.g.
    creatures): the new fighters, already added to one of the battle's rosters and
    flushed, take part with ``status``; one ``arrival`` mark says so. Returns the mark id."""
    s = uow.session
    m: BattleMark | None = None
    for f in figures:
        res = BattleResult(battle_id=b.id, fighter_id=f.id, status=status, roster_id=f.roster_id)  # type: ignore[arg-type]
        s.add(res)
    m = BattleMark(battle_id=b.id, fighter_id=figures[0].id if figures else None,  # type: ignore[arg-type]
                   kind="arrival", value=text[:80])
    s.add(m)
    s.flush()
    assert m.id is not None
    return m.id


def _with_changes(out: MarkResult, uow: UnitOfWork) -> MarkResult:
    from dataclasses import replace

    return replace(out, changes=uow.changes)


def undo_mark(engine: Any, battle: Ref) -> UndoResult:
    """Undo the last mark of ``battle``: the campaign's Undo, when what it would undo is
    a mark of this battle (anything else is refused, nothing undone)."""
    from campaign_app.usecases.journal import undo
    from db.journal import undo_target

    with read_session(engine) as s:
        b, c = _battle(s, battle)
        assert c.id is not None
        j = undo_target(s, c.id)
        ok = j is not None and any(e.table_name == "battle_mark" and e.op == "insert"
                                   and (e.after or {}).get("battle_id") == b.id for e in j.entries)
        if not ok:
            raise InputError(f"the last change in {c.name} is not a mark of battle {b.number}: nothing undone")
        cid = c.id
    return undo(engine, cid)


# --------------------------------------------------------------------------- rolls
def battle_roll(engine: Any, battle: Ref, table_id: str, *, target: int | str | None = None,
                fighter: Ref | None = None, dice: str | Sequence[int] | None = None,
                seed: int | None = None, inputs: Mapping[str, Any] | None = None) -> RollOutcome:
    """Roll a table of the battle's campaign (house rules in) during the game, recorded
    against the battle; ``fighter`` (of the battle) is who rolls, his Rep the target when
    none is given. A table the system rolls with a procedure takes ``inputs`` and, in a
    game in progress, marks what it says (:mod:`campaign_app.usecases.table_rolls`)."""
    from campaign_app.usecases.common import TARGET_RANGE
    from campaign_app.usecases.table_rolls import has_inputs, procedure_for, procedure_roll

    proc = procedure_for(engine, table_id, battle=battle, inputs=inputs)
    if proc is not None:
        if target is not None and str(target).strip():
            raise InputError(f"{table_id} is not rolled against one target: give its inputs (--rep, --vs-rep...)")
        return procedure_roll(engine, table_id, proc, battle=battle, fighter=fighter, inputs=inputs, dice=dice,
                              seed=seed)

    roller = Roller.from_options(dice, seed)
    with UnitOfWork(engine, "roll", journaled=False) as uow:
        s = uow.session
        b, c = _battle(s, battle)
        uow.campaign_id = c.id
        _need_state(b, SETUP, IN_PROGRESS, doing="roll on its tables")
        tables = tables_for(c)
        if table_id not in tables:
            from campaign_app.errors import NotFoundError

            raise NotFoundError(f"{c.name} ({get_system(c.system).name}) has no table {table_id!r}")
        table = tables[table_id]
        if has_inputs(inputs):
            raise InputError(f"{table_id} is a plain table: it takes no --target-fighter, --rep, --vs-rep, --impact, "
                             "--shots, --weapon, --flag or --per-die")
        proc = procedures_for(c.system)
        command = proc.table_commands.get(table_id) if b.state == IN_PROGRESS else None
        if command:
            raise InputError(f"during a battle, {table.title} is taken with {command}: nothing rolled")
        who: Fighter | None = None
        for_whom = ""
        if fighter is not None and str(fighter).strip():
            roll, by_f, _ = _in_battle(s, b)
            who = roll.fighter(fighter, "fighter rolling")
        tgt = clean_int(target, "target", *TARGET_RANGE) if target is not None and str(target).strip() else None
        if tgt is None and who is not None and table.spec is not None and table.spec.mode == "pass":
            if who.rep is None and table_id in proc.crew_rolls:
                vehicle = who
                who, for_whom = _crew_roller(vehicle, roll.fighters, by_f, proc, table_id, table.title)
            if who.rep is None:
                raise InputError(f"{who.name} has no Rep to roll {table.title} against: give the target")
            tgt = who.rep
        purpose = f"{who.name}: {table.title}{for_whom}" if who else f"battle {b.number}: {table.title}"
        res, row = drive(roll_on(table, purpose, target=tgt, fighter_id=who.id if who else None,
                                 subject=who.name if who else f"battle {b.number}"), roller)
        roller.finish()
        uow.record_rolls(roller, battle_id=b.id)
    return roll_out(res, row, table, recorded=True, changes=uow.changes)


def _table_choice(t: Table, proc: Procedures) -> TableChoice:
    tp = proc.table_rolls.get(t.id)
    if tp is None:
        return {"id": t.id, "title": t.title, "target": t.target, "needs": [], "takes": [], "flags": [],
                "per_die": False}
    return {"id": t.id, "title": t.title, "target": "", "needs": list(tp.needs),
            "takes": list(dict.fromkeys([*tp.needs, *tp.takes])),
            "flags": [[k, v] for k, v in tp.flags.items()], "per_die": tp.per_die}


def _crew_roller(vehicle: Fighter, fighters: Sequence[Fighter], by_f: dict[int, BattleResult], proc: Procedures,
                 table_id: str, title: str) -> tuple[Fighter, str]:
    """The crew member who rolls ``title`` for ``vehicle`` (a figure without a Rep): the
    first of the system's roles for that table still in the fight; and the words that
    say so in the roll's purpose."""
    roles = proc.crew_rolls[table_id]
    crew = [f for f in fighters if f.crew_of_id == vehicle.id]
    first = True
    for role in roles:
        for f in crew:
            if (f.role or "").strip().lower() != role:
                continue
            res = by_f.get(f.id or 0)
            if res is None or res.status in proc.down_results:
                continue
            stand_in = "" if first else f", the {roles[0]} being out"
            return f, f" for {vehicle.name} ({role}{stand_in})"
        first = False
    raise InputError(f"{vehicle.name} has no {' or '.join(roles)} left in the fight to roll {title}")


# --------------------------------------------------------------------------- the page
def table_view(engine: Any, battle: Ref) -> BattleTable:
    """One battle as the battle page shows it: its figures with their tracked results,
    the marks so far, the statuses to offer, the tables that can be rolled and the
    system's in-battle commands."""
    with read_session(engine) as s:
        b, c = _battle(s, battle)
        assert b.id is not None and c.id is not None
        proc = procedures_for(c.system)
        gs = game_system(c.system)
        links = q.battle_rosters(s, b.id)
        rnames = {r.id: r.name for _, r in links}
        figures: list[FigureRow] = []
        fnames: dict[int, str] = {}
        named = q.battle_results_named(s, b.id)
        for _res, f, _u in named:
            if f is not None:
                fnames[f.id or 0] = f.name
        for res, f, u in named:
            fig: Any = f if f is not None else u
            if fig is None:
                continue
            figures.append({
                "result_id": res.id or 0, "fighter_id": res.fighter_id, "unit_id": res.unit_id,
                "name": fig.name, "roster": rnames.get(fig.roster_id, "?"), "roster_id": fig.roster_id,
                "kind": f.kind if f is not None else "unit", "rep": f.rep if f is not None else None,
                "status": res.status, "scored_hit": res.scored_hit,
                "by": fnames.get(res.by_fighter_id) if res.by_fighter_id else None,
                "casualties": res.casualties, "figures": u.figures if u is not None else 1,
                "marked": dict((res.details or {}).get("marked") or {}),
            })
        marks = q.battle_marks(s, b.id)
        mf, mu = q.figure_names(s, [m.fighter_id for m in marks if m.fighter_id] +
                                [m.by_fighter_id for m in marks if m.by_fighter_id],
                                [m.unit_id for m in marks if m.unit_id])
        mark_rows: list[MarkRow] = []
        for m in marks:
            who = mf.get(m.fighter_id or 0) or mu.get(m.unit_id or 0) or ""
            by = mf.get(m.by_fighter_id) if m.by_fighter_id else None
            mark_rows.append({"id": m.id or 0, "kind": m.kind, "figure": who, "value": m.value, "before": m.before,
                              "by": by, "text": mark_text(m.kind, who, m.value, by)})
        tables = tables_for(c)
        rollable = sorted((t for t in tables.values() if ((t.spec is not None and t.spec.mode == "pass")
                                                          or t.id in proc.table_rolls)
                           and t.id not in proc.table_commands),
                          key=lambda t: (t.id in proc.table_rolls, t.group != "walkers" and t.group != "creatures",
                                         t.group, t.title))
        cmds = {cmd.action_key: cmd for cmd in gs.command_list()}
        commands: list[CommandChoice] = [{"key": k, "label": f"{cmds[k].group} {cmds[k].name}".replace("-", " ").strip().capitalize()}
                                         for k in gs.battle_commands
                                         if k in cmds and cmds[k].applies({"expansions": list(c.expansions or [])})]
        statuses = [st for st in (gs.track_statuses or proc.result_statuses) if st in proc.result_statuses]
        return {**_battle_head(b), "campaign_id": c.id, "campaign": c.name, "system": c.system,  # type: ignore[typeddict-item]
                "attacker": rnames.get(b.attacker_roster_id) if b.attacker_roster_id else None,
                "rosters": [r.name for _, r in links], "statuses": statuses,
                "default_status": proc.default_result, "figures": figures, "marks": mark_rows,
                "tables": [_table_choice(t, proc) for t in rollable],
                "commands": commands, "setup": dict(b.setup or {})}


def _battle_head(b: Battle) -> dict[str, Any]:
    d = battle_dict(b)
    return {"id": d["id"], "number": d["number"], "state": b.state, "scenario": d["scenario"],
            "after_battle_done": d["after_battle_done"]}


def mark_text(kind: str, figure: str, value: str, by: str | None) -> str:
    """A mark in words, for the page and the CLI."""
    if kind == "status":  # in words: "out of action", not the id "out-of-action"
        return f"{figure}: {value.replace('-', ' ')}" + (f" (by {by})" if by else "")
    if kind == "hit":
        return f"{figure} scores a hit"
    if kind == "casualties":
        return f"{figure}: {value} casualties"
    if kind == "arrival":
        return f"arrive: {value}"
    if kind == "loads":
        return f"{figure} loads {value}"
    return f"{figure}: {kind} {value}".strip()


def rolls_data(rolls: Sequence[RollResult]) -> list[dict[str, Any]]:
    return [r.to_dict() for r in rolls]


# --------------------------------------------------------------------------- for the GUI
class OpenBattle(TypedDict):
    id: int
    number: int
    state: str
    scenario: str


class SetupChoices(TypedDict):
    """What the setup dialog offers: the rosters (each fighter with whether it can take
    part), the scenario table, the crew rule in words."""

    campaign_id: int
    rosters: list[dict[str, Any]]
    scenario_table: str
    scenario_title: str
    crew_rule: str


def open_battles(engine: Any, campaign: Ref) -> list[OpenBattle]:
    """The campaign's battles being set up or played, oldest first."""
    with read_session(engine) as s:
        c = get_campaign(s, campaign)
        assert c.id is not None
        return [{"id": b.id or 0, "number": b.number, "state": b.state, "scenario": b.scenario}
                for b in q.campaign_battles(s, c.id) if b.state != FINISHED]


def setup_choices(engine: Any, campaign: Ref) -> SetupChoices:
    """What :func:`setup_battle` can be given for ``campaign``."""
    from campaign_app.usecases.gui_queries.battle_list import battle_setup

    base = battle_setup(engine, campaign)
    with read_session(engine) as s:
        c = get_campaign(s, campaign)
        assert c.id is not None
        gs = game_system(c.system)
        tables = tables_for(c)
        t = tables.get(gs.scenario_table) if gs.scenario_table else None
        return {"campaign_id": c.id, "rosters": [dict(r) for r in base["rosters"]],
                "scenario_table": t.id if t else "", "scenario_title": t.title if t else "",
                "crew_rule": gs.crew_rule.text() if gs.crew_rule else ""}
