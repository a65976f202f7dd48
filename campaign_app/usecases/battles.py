"""Battles for every system: record who fought and how each fighter or unit ended, then
run the system's After the Battle procedure and apply its outcome in one transaction.

The procedure itself is a pure function of the system (``campaign_app/systems``); this
module reads the state, hands it over with the dice, and writes what comes back.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any

from typing_extensions import TypedDict  # pydantic reads it on Python 3.11 (the facade's results)

from campaign_app import procedure_driver as driver
from campaign_app.changes import Result
from campaign_app.dice import DiceRequest, Roller, Rolling, RollResult
from campaign_app.entities import FIGHTER_STATE, ROSTER_STATE, UNIT_STATE
from campaign_app.errors import ConflictError, InputError
from campaign_app.rules import load_rulebook
from campaign_app.systems import game_system, get_system
from campaign_app.systems.base import (
    BattleState,
    FighterState,
    Outcome,
    Procedures,
    RosterState,
    UnitState,
)
from campaign_app.usecases.campaigns import tables_for
from campaign_app.usecases.common import (
    Ref,
    clean_int,
    clean_text,
    clean_yes_no,
    describe_change,
    get_battle,
    get_campaign,
    get_roster,
)
from campaign_app.usecases.record import check_disciplined, disciplined
from db.models import (
    Battle,
    BattleResult,
    BattleRoster,
    Campaign,
    Fighter,
    LastingInjury,
    Roster,
    Skill,
    Unit,
)
from db.queries import battles as q
from db.uow import Engine, Preview, Session, UnitOfWork, fault_point, read_session


def procedures_for(system: str) -> Procedures:
    proc = game_system(system).procedures()
    if proc is None:
        raise InputError(f"battles are not available for {get_system(system).name} yet")
    return proc


class BattleData(TypedDict):
    """A battle's own row, as ``battle show --json`` and ``battle record --json`` print it."""

    id: int
    campaign_id: int
    number: int
    played_on: str
    scenario: str
    outcome: str
    winner_roster_id: int | None
    cycle: int
    notes: str
    after_battle_done: bool


@dataclass(frozen=True, kw_only=True)
class BattleRecorded(Result):
    """The battle :func:`record_battle` wrote (its change set names the battle and every
    figure given a result)."""

    id: int
    campaign_id: int
    number: int
    played_on: str
    scenario: str
    outcome: str
    winner_roster_id: int | None
    cycle: int
    notes: str
    after_battle_done: bool


class _Roll:
    """Participants of a battle, to resolve fighter and unit names within them."""

    def __init__(self, fighters: list[Fighter], units: list[Unit]) -> None:
        self.fighters = fighters
        self.units = units

    def find(self, ref: Ref, what: str) -> Fighter | Unit:
        text = str(ref).strip()
        hits: list[Fighter | Unit] = []
        if text.isdigit():
            hits = [f for f in self.fighters if f.id == int(text)] + [u for u in self.units if u.id == int(text)]
            if len(hits) == 2:
                raise InputError(f"{what} {text}: both a fighter and a unit have this id; use the name")
        if not hits:
            hits = [f for f in self.fighters if f.name == text] + [u for u in self.units if u.name == text]
        if not hits:
            raise InputError(f"{what} {text!r} is not in the rosters of this battle")
        if len(hits) > 1:
            raise InputError(f"{what} {text!r}: {len(hits)} figures have this name; use the id")
        return hits[0]

    def fighter(self, ref: Ref, what: str) -> Fighter:
        found = self.find(ref, what)
        if not isinstance(found, Fighter):
            raise InputError(f"{what} {str(ref)!r} is a unit, not a fighter")
        return found


def record_battle(engine: Engine, campaign: Ref, rosters: Iterable[Ref], *,
                  results: Mapping[Ref, str] | None = None, hits: Iterable[Ref] = (),
                  by: Mapping[Ref, Ref] | None = None, casualties: Mapping[Ref, int | str] | None = None,
                  winner: Ref | None = None, scenario: str = "", played_on: date | str | None = None,
                  notes: str = "", absent: Iterable[Ref] = (),
                  details: Mapping[Ref, Mapping[str, Any]] | None = None) -> BattleRecorded:
    """Record a battle. ``results``: how a figure ended (by id or name); ``hits``: the
    fighters that scored a hit; ``by``: who took a fighter out; ``casualties``: figures a
    unit lost; ``details``: the yes/no facts the system's After the Battle reads.
    Fighters and units not named end with the system's default result; ``absent``
    lists figures that did not take part."""
    roster_refs = list(rosters)
    if not roster_refs:
        raise InputError("a battle needs at least one roster")
    when = _parse_date(played_on)
    with UnitOfWork(engine, "battle.record") as uow:
        s = uow.session
        c = get_campaign(s, campaign)
        uow.campaign_id = c.id
        proc = procedures_for(c.system)
        rs: list[Roster] = []
        for ref in roster_refs:
            r = get_roster(s, ref, c) if not str(ref).isdigit() else _roster_in(s, ref, c)
            if r in rs:
                raise InputError(f"roster {r.name!r} is named twice")
            rs.append(r)
        rids = [r.id for r in rs if r.id is not None]
        fighters = q.roster_fighters(s, rids)
        units = q.roster_units(s, rids)
        roll = _Roll(fighters, units)
        win = None
        if winner is not None and str(winner).strip():
            win = next((r for r in rs if r.name == str(winner).strip() or str(r.id) == str(winner).strip()), None)
            if win is None:
                raise InputError(f"winner {winner!r} is not one of the battle's rosters")
        absent_ids = {id(roll.find(a, "absent figure")) for a in absent}
        chosen: dict[int, str] = {}
        for ref, status in (results or {}).items():
            fig = roll.find(ref, "figure")
            if id(fig) in chosen:
                raise InputError(f"the result of {fig.name} is given twice")
            st = str(status).strip().lower()
            if st not in proc.result_statuses:
                raise InputError(
                    f"result {status!r} for {fig.name} is not one of {', '.join(proc.result_statuses)}"
                )
            chosen[id(fig)] = st
        hit_ids = {id(roll.fighter(h, "fighter who scored a hit")) for h in hits}
        by_map: dict[int, Fighter] = {}
        for ref, att in (by or {}).items():
            victim = roll.fighter(ref, "fighter taken out")
            attacker = roll.fighter(att, "attacker")
            if id(victim) in by_map:
                raise InputError(f"who took {victim.name} out is given twice")
            if attacker.roster_id == victim.roster_id:
                raise InputError(f"{victim.name} and {attacker.name} are in the same roster")
            by_map[id(victim)] = attacker
        cas: dict[int, int] = {}
        for ref, n in (casualties or {}).items():
            unit = roll.find(ref, "unit")
            if not isinstance(unit, Unit):
                raise InputError(f"{unit.name} is a fighter, not a unit: only units have casualties")
            if id(unit) in cas:
                raise InputError(f"the casualties of {unit.name} are given twice")
            k = clean_int(n, f"casualties of {unit.name}")
            if not 0 <= k <= unit.figures:
                raise InputError(f"{k} casualties of {unit.name}: give 0 to {unit.figures} "
                                 f"({unit.name} has {unit.figures} figures)")
            cas[id(unit)] = k
        detail_of = _check_details(details or {}, roll, proc, get_system(c.system).name)
        assert c.id is not None
        number = q.next_battle_number(s, c.id)
        b = Battle(campaign_id=c.id, number=number, played_on=when, scenario=clean_text(scenario, "scenario", 200),
                   winner_roster_id=win.id if win else None, cycle=c.cycle, notes=clean_text(notes, "notes"))
        s.add(b)
        s.flush()
        fault_point("battle.record.after-battle")
        for r in rs:
            outcome = "" if win is None else ("win" if r.id == win.id else "loss")
            s.add(BattleRoster(battle_id=b.id, roster_id=r.id, result=outcome))
        taking_part = 0
        figures: list[Fighter | Unit] = [*fighters, *units]
        for fig in figures:
            key = id(fig)
            if key in absent_ids:
                continue
            unavailable = fig.status in proc.unavailable
            if unavailable:
                if key in chosen or key in hit_ids or key in by_map or key in cas:
                    raise InputError(f"{fig.name} is {fig.status} and cannot take part in a battle")
                continue
            taking_part += 1
            res = BattleResult(battle_id=b.id, status=chosen.get(key, proc.default_result), roster_id=fig.roster_id)
            if isinstance(fig, Fighter):
                res.fighter_id = fig.id
                res.scored_hit = key in hit_ids
                if key in by_map:
                    res.by_fighter_id, res.by_roster_id = by_map[key].id, by_map[key].roster_id
            else:
                res.unit_id = fig.id
                res.casualties = cas.get(key, 0)
            if key in detail_of:
                res.details = detail_of[key]
            s.add(res)
        if taking_part == 0:
            raise InputError("nobody in these rosters can take part in a battle")
        uow.summary = f"battle {number}: {' vs '.join(r.name for r in rs)}"
    return BattleRecorded(**battle_dict(b), changes=uow.changes)


def _check_details(details: Mapping[Ref, Mapping[str, Any]], roll: _Roll, proc: Procedures,
                   system_name: str) -> dict[int, dict[str, Any]]:
    """``{figure: {flag: value}}`` checked against the flags the system's After the
    Battle reads (``proc.detail_flags``): each a yes/no fact about a fighter (``True``,
    or the text yes/no); keyed by ``id()`` of the figure."""
    valid = dict(proc.detail_flags)
    out: dict[int, dict[str, Any]] = {}
    for ref, flags in details.items():
        fig = roll.find(ref, "figure")
        if not isinstance(flags, Mapping):
            raise InputError(f"the details of {fig.name}: give each as a flag, yes or no")
        for flag, value in flags.items():
            key = str(flag).strip().lower()
            if not valid:
                raise InputError(f"{fig.name}: {system_name} battles take no details "
                                 "(After the Battle reads none)")
            if key not in valid:
                raise InputError(f"{fig.name}: unknown detail {str(flag)!r} for "
                                 f"{system_name} (valid: {', '.join(valid)})")
            if not isinstance(fig, Fighter):
                raise InputError(f"{fig.name} is a unit; details are about fighters")
            out.setdefault(id(fig), {})[key] = clean_yes_no(value, f"{key} of {fig.name}")
    return out


def _roster_in(s: Session, ref: Any, c: Campaign) -> Roster:
    r = s.get(Roster, int(str(ref)))
    if r is None:
        return get_roster(s, ref, c)
    if r.campaign_id != c.id:
        raise InputError(f"roster {r.name!r} belongs to another campaign")
    return r


def _parse_date(value: date | str | None) -> date:
    if value is None or value == "":
        return date.today()
    if isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value).strip())
    except ValueError:
        raise InputError(f"date {value!r} is not YYYY-MM-DD") from None


def battle_state(s: Session, b: Battle) -> BattleState:
    c = s.get(Campaign, b.campaign_id)
    assert c is not None
    assert b.id is not None
    links = q.battle_links(s, b.id)
    rids = [link.roster_id for link in links]
    rosters = q.rosters_by_id(s, rids)
    results = q.battle_results(s, b.id)
    by_f = {r.fighter_id: r for r in results if r.fighter_id is not None}
    by_u = {r.unit_id: r for r in results if r.unit_id is not None}
    fighters = q.roster_fighters(s, rids)
    skills = q.skill_names(s, [f.id for f in fighters if f.id is not None])
    units = q.roster_units(s, rids)
    before = q.battles_before(s, rids, b.number)
    fstates = {}
    for f in fighters:
        res = by_f.get(f.id)
        assert f.id is not None
        fstates[f.id] = FighterState(
            **FIGHTER_STATE.build(f, skills=skills.get(f.id, [])),
            result=res.status if res else None, scored_hit=bool(res and res.scored_hit),
            by_fighter_id=res.by_fighter_id if res else None, details=dict(res.details or {}) if res else {},
        )
    ustates = {}
    for u in units:
        res = by_u.get(u.id)
        assert u.id is not None
        ustates[u.id] = UnitState(
            **UNIT_STATE.build(u),
            result=res.status if res else None, casualties=res.casualties if res else 0,
            details=dict(res.details or {}) if res else {},
        )
    result_of = {link.roster_id: link.result for link in links}
    return BattleState(
        battle_id=b.id, number=b.number, campaign_id=c.id,  # type: ignore[arg-type]
        system=c.system, edition=c.edition, expansions=list(c.expansions or []),
        tables=tables_for(c), data=load_rulebook().data(c.system, c.edition, c.expansions or []),
        rosters={int(rid): RosterState(**ROSTER_STATE.build(r, id=int(rid)), result=result_of.get(rid, ""))
                 for rid, r in rosters.items()},
        fighters=fstates, units=ustates, winner_roster_id=b.winner_roster_id,
        battles_before={rid: int(before.get(rid, 0)) for rid in rids},
    )


def describe_outcome(state: BattleState, out: Outcome) -> list[str]:
    names = {fid: f.name for fid, f in state.fighters.items()}
    unames = {uid: u.name for uid, u in state.units.items()}
    rnames = {rid: r.name for rid, r in state.rosters.items()}

    def line(name: Any, new: dict[str, Any], before: Any, reason: str) -> None:
        text = describe_change(str(name), new, vars(before) if before is not None else None, rnames, reason)
        if text:
            lines.append(text)

    lines: list[str] = []
    for ch in out.fighter_changes:
        line(names.get(ch.fighter_id, ch.fighter_id), ch.set, state.fighters.get(ch.fighter_id), ch.reason)
    for fid in out.removed_fighters:
        lines.append(f"{names.get(fid, fid)} leaves the roster")
    for nf in out.new_fighters:
        extra = f", Rep {nf.fields['rep']}" if nf.fields.get("rep") is not None else ""
        lines.append(f"new: {nf.fields.get('name', '?')}{extra}" + (f" ({nf.reason})" if nf.reason else ""))
    for uc in out.unit_changes:
        line(unames.get(uc.unit_id, uc.unit_id), uc.set, state.units.get(uc.unit_id), uc.reason)
    for uid in out.removed_units:
        lines.append(f"{unames.get(uid, uid)} leaves the force")
    for inj in out.injuries:
        lines.append(f"{names.get(inj.fighter_id, inj.fighter_id)}: lasting injury {inj.label}"
                     + (f"; skipped: {', '.join(inj.skipped)}" if inj.skipped else ""))
    for sg in out.skills:
        lines.append(f"{names.get(sg.fighter_id, sg.fighter_id)} gains {sg.name}")
    for rc in out.roster_changes:
        line(rnames.get(rc.roster_id, rc.roster_id), rc.set, state.rosters.get(rc.roster_id), rc.reason)
    lines.extend(out.notes)
    return lines


FIGHTER_COLUMNS = {"status", "rep", "xp", "stats", "conditions", "abilities", "notes", "status_note",
                   "captured_by_roster_id", "fighter_type", "role", "credits_value", "roster_id", "name",
                   "kind"}
UNIT_COLUMNS = {"figures", "figures_start", "wounded", "training", "discipline", "order", "status",
                "battles_fought", "stats", "notes", "armour"}
ROSTER_COLUMNS = {"credits", "reputation", "notes"}


@dataclass(frozen=True, kw_only=True)
class AfterBattleReport(Result):
    """What After the Battle did (or, in a dry run, would do): every step with its roll,
    the changes in words (``changes`` in the JSON) and whether it was written. Applied,
    its change set names the fighters, units and rosters it changed and the rolls."""

    battle_id: int
    battle: int
    campaign: str
    dry_run: bool
    steps: list[dict[str, Any]]
    lines: list[str] = field(metadata={"data_key": "changes"})
    applied: bool = False


@dataclass
class AfterBattlePlan:
    """After the Battle of one battle, ready to run: the state read once (plain data),
    the options checked and the system's pure procedure. Previews run in memory
    (:meth:`preview`, :meth:`step`); :func:`apply_after_battle` writes once."""

    battle_id: int
    number: int
    campaign: str
    state: BattleState
    options: dict[str, Any]
    proc: Procedures = field(repr=False)

    def procedure(self) -> Rolling[Outcome]:
        """A fresh run of the system's After the Battle (a generator: see the driver)."""
        return self.proc.after_battle(self.state, self.options)

    @property
    def step_key(self) -> str:
        """What the dice are rolled for (dice discipline, record helper)."""
        return after_battle_step(self.battle_id)

    def report(self, outcome: Outcome, dry_run: bool) -> AfterBattleReport:
        """The report of ``outcome`` (not applied; no changes)."""
        return AfterBattleReport(
            battle_id=self.battle_id, battle=self.number, campaign=self.campaign, dry_run=dry_run,
            steps=[self._step_dict(st) for st in outcome.steps], lines=describe_outcome(self.state, outcome),
        )

    def _step_dict(self, st: Any) -> dict[str, Any]:
        """A step as plain data; ``default``: its roll was on a table no seed gives, so
        the CLI prints "(default)" after its rule."""
        d = st.to_dict()
        t = self.state.tables.get(st.roll.table) if st.roll is not None and st.roll.table else None
        d["default"] = bool(t is not None and t.default and not t.house_rule)
        return d

    def step(self, faces: Sequence[driver.Face]) -> driver.Run[Outcome]:
        """A run with ``faces``, waiting at the first roll without faces (in memory;
        nothing read or written)."""
        return driver.Run(self.procedure(), faces)

    def live(self, faces: Sequence[driver.Face] = ()) -> tuple[driver.Run[Outcome], list[Outcome]]:
        """The wizard's preview kept alive between rolls: the run waits at the first
        roll without faces and goes on with :meth:`driver.Run.send`; with it the list of
        outcomes the run made (the first is the one it returns), whose steps so far the
        wizard shows (in memory; nothing read or written)."""
        from campaign_app.systems.base import watch_outcomes

        gen, seen = watch_outcomes(self.procedure())
        return driver.Run(gen, faces), seen

    def preview(self, roller: Roller) -> tuple[Outcome, AfterBattleReport]:
        """A dry run with a ready roller (random, seeded or typed), in memory."""
        outcome = driver.run(self.procedure(), roller)
        return outcome, self.report(outcome, True)


def after_battle_step(battle_id: int) -> str:
    return f"after-battle:{battle_id}"


def _read_plan(s: Session, battle: Ref, options: Mapping[str, Any] | None, campaign: Ref | None) -> AfterBattlePlan:
    b = get_battle(s, battle, get_campaign(s, campaign) if campaign is not None else None)
    if b.after_battle_done:
        raise InputError(f"After the Battle was already run for battle {b.number} (id {b.id})")
    if b.state != "finished":  # table helper: a battle tracked at the table ends first
        words = {"setup": "being set up", "in-progress": "in progress"}.get(b.state, b.state)
        raise InputError(f"battle {b.number} is {words}: finish it before After the Battle")
    c = s.get(Campaign, b.campaign_id)
    assert c is not None and b.id is not None
    proc = procedures_for(c.system)
    state = battle_state(s, b)
    opts = dict(options or {})
    from campaign_app.systems.registry import systems

    gs = systems().get(c.system)
    for o in gs.after_battle_options if gs is not None else ():  # the game's own options
        if o.kind == "fighters" and o.key in opts:  # fighters named by id or name: their ids
            opts[o.key] = _resolve_fighters(state, opts[o.key], o.what or f"fighter for {o.key}")
    return AfterBattlePlan(b.id, b.number, c.name, state, opts, proc)


def start_after_battle(engine: Engine, battle: Ref, options: Mapping[str, Any] | None = None,
                       campaign: Ref | None = None) -> AfterBattlePlan:
    """Read the battle's state once (no unit of work, nothing written) and check the
    options: the plan every preview and the Apply then use."""
    with read_session(engine) as s:
        return _read_plan(s, battle, options, campaign)


def apply_after_battle(engine: Engine, plan: AfterBattlePlan,
                       faces: Sequence[driver.Face]) -> AfterBattleReport:
    """Apply After the Battle with the faces of the preview (one transaction, every roll
    recorded with its source). The procedure runs once more in memory with exactly
    those faces; if the rosters changed since the plan was read, nothing is written."""
    run = plan.step(faces)
    if run.pending is not None:
        raise InputError(f"not enough dice for After the Battle: the next roll needs {run.pending.need}")
    if run.unused:
        raise InputError(f"too many dice for After the Battle: {run.unused} left over")
    assert run.result is not None
    return _write(engine, plan, run)


def _write(engine: Engine, plan: AfterBattlePlan, run: driver.Run[Outcome]) -> AfterBattleReport:
    assert run.result is not None
    outcome, rolls = run.result, run.rolls
    uow = UnitOfWork(engine, "after-battle")
    with uow:
        s = uow.session
        b = s.get(Battle, plan.battle_id)
        if b is None:
            raise InputError(f"battle {plan.number} vanished before After the Battle was applied")
        uow.campaign_id = b.campaign_id
        if b.after_battle_done:
            raise InputError(f"After the Battle was already run for battle {b.number} (id {b.id})")
        if battle_state(s, b) != plan.state:
            raise ConflictError("the rosters changed since the preview: go Back and check the rolls")
        c = s.get(Campaign, b.campaign_id)
        assert c is not None
        check_disciplined(s, c, plan.step_key, run.faces, f"After the Battle of battle {b.number}")
        report = _finish(s, uow, plan, outcome, rolls, b)
    return replace(report, changes=uow.changes)


def _finish(s: Session, uow: UnitOfWork, plan: AfterBattlePlan, outcome: Outcome, rolls: list[RollResult],
            b: Battle) -> AfterBattleReport:
    report = plan.report(outcome, False)
    # the battle is marked done first: on a league database that write is what lets this
    # transaction change the other rosters of the battle (db/league.py)
    b.after_battle_done = True
    s.add(b)
    s.flush()
    _apply(s, uow, plan.state, outcome, rolls, b)
    uow.summary = f"After the Battle {b.number}"
    return replace(report, applied=True)


def after_battle(engine: Engine, battle: Ref, *, dice: str | Sequence[int] | None = None, seed: int | None = None,
                 roller: Roller | None = None, dry_run: bool = False,
                 options: Mapping[str, Any] | None = None, campaign: Ref | None = None) -> AfterBattleReport:
    """Run the system's After the Battle for ``battle``; apply it unless ``dry_run``
    (a dry run reads the state once and writes nothing)."""
    if roller is None:
        roller = Roller.from_options(dice, seed)
    elif dice is not None or seed is not None:
        raise InputError("give dice, a seed or a roller, not several")
    if dry_run:  # the state read once; the preview's rolls go on record (marked preview)
        pre = Preview(engine, "after-battle")
        with pre:
            plan = _read_plan(pre.session, battle, options, campaign)
            pre.campaign_id = plan.state.campaign_id
            roller = _disciplined(pre.session, plan, roller)
            outcome, report = plan.preview(roller)
            name_rolls(plan.state, roller.rolls)
            pre.record_rolls(roller, battle_id=plan.battle_id, step=plan.step_key)
        return replace(report, changes=pre.changes)
    uow = UnitOfWork(engine, "after-battle")
    with uow:
        s = uow.session
        plan = _read_plan(s, battle, options, campaign)
        uow.campaign_id = plan.state.campaign_id
        roller = _disciplined(s, plan, roller)
        outcome = driver.run(plan.procedure(), roller)
        b = s.get(Battle, plan.battle_id)
        assert b is not None
        report = _finish(s, uow, plan, outcome, roller.rolls, b)
    return replace(report, changes=uow.changes)


# --- After the Battle step by step with the server's dice (the wizard over a league, #35)
# The wizard on a local file keeps the procedure alive in memory and rolls the app's
# dice (``start_after_battle``, ``record_preview``, ``apply_after_battle``: a plan is no
# plain data). Over a league server it sends faces instead: ``after_battle_view`` runs
# the procedure with them (nothing written), ``roll_after_battle`` has the server roll
# the next roll's dice and keep them (a preview on record; a position rolled before is
# returned again, never rolled anew), and ``apply_rolled_after_battle`` applies faces
# whose ``random`` ones must be the server's own.

@dataclass(frozen=True)
class AfterBattleView:
    """After the Battle of one battle run in memory with ``faces``: the roll it waits at
    (``need``, None when ``done``), the rolls made, the steps decided so far and, once
    done, the changes in words (``lines``). ``strict``/``typed_dice``: the campaign's
    dice settings; ``recorded``: under strict dice, the faces already rolled for it
    (what a typed face must repeat); ``state_key``: the battle's state as read, which
    Apply must find unchanged."""

    battle_id: int
    number: int
    campaign: str
    faces: list[tuple[int, str]]
    need: DiceRequest | None
    rolls: list[RollResult]
    steps: list[dict[str, Any]]
    lines: list[str]
    done: bool
    strict: bool
    typed_dice: bool
    recorded: list[tuple[int, str]]
    state_key: str

    def report(self) -> AfterBattleReport:
        """The dry run's report (once ``done``)."""
        return AfterBattleReport(battle_id=self.battle_id, battle=self.number, campaign=self.campaign,
                                 dry_run=True, steps=self.steps, lines=self.lines)


@dataclass(frozen=True, kw_only=True)
class AfterBattleRolled(Result):
    """The server's faces for the next roll (``faces``; ``fresh``: rolled now, else the
    ones it rolled before for those positions), their roll records and the run with them."""

    faces: list[tuple[int, str]]
    fresh: bool
    ids: list[int]
    view: AfterBattleView


FaceIn = tuple[int, str]


def _state_key(state: BattleState) -> str:
    """A digest of what After the Battle reads of the battle (figures, rosters, results)."""
    import hashlib

    parts = (sorted(state.fighters.items()), sorted(state.units.items()), sorted(state.rosters.items()),
             state.winner_roster_id, sorted(state.battles_before.items()))
    return hashlib.sha256(repr(parts).encode()).hexdigest()


def _server_faces(s: Session, campaign_id: int, step: str) -> dict[int, int]:
    """The faces the app (the server) rolled for ``step`` since it was last applied, by
    position: the first roll that covered a position holds it."""
    from db.queries import rolls as roll_q

    rows = list(roll_q.step_rolls(s, campaign_id, step))
    last_applied = max((i for i, r in enumerate(rows) if r.mark == "applied"), default=-1)
    out: dict[int, int] = {}
    for r in rows[last_applied + 1:]:
        if r.source != "random" or r.face_pos is None:
            continue
        for i, x in enumerate(x for x in r.faces.split(",") if x):
            out.setdefault(int(r.face_pos) + i, int(x))
    return out


def _check_faces(s: Session, c: Campaign, plan: AfterBattlePlan, faces: Sequence[FaceIn]) -> list[driver.Face]:
    """Faces sent by a client: each ``random`` one must be the server's own at its
    position, a ``typed`` one is refused where the campaign refuses typed dice, and
    under strict dice they begin with the faces already rolled."""
    what = f"After the Battle of battle {plan.number}"
    known = _server_faces(s, int(c.id or 0), plan.step_key)
    out: list[driver.Face] = []
    for i, (face, src) in enumerate(faces):
        if src not in ("random", "typed"):
            raise InputError(f"{what}: die {i + 1} comes from {src!r}; give random (the server's) or typed dice")
        if src == "random" and known.get(i) != face:
            raise InputError(f"{what}: die {i + 1} ({face}) was not rolled by the server; press Roll for it")
        out.append((int(face), src))
    check_disciplined(s, c, plan.step_key, out, what)
    return out


def _view(s: Session, c: Campaign, plan: AfterBattlePlan, faces: Sequence[driver.Face]) -> AfterBattleView:
    from campaign_app.usecases.record import step_faces

    run, seen = plan.live(faces)
    try:
        if run.unused:
            raise InputError(f"too many dice for After the Battle: {run.unused} left over")
        steps: list[dict[str, Any]]
        lines: list[str] = []
        if run.done:
            assert run.result is not None
            report = plan.report(run.result, True)
            steps, lines = report.steps, report.lines
        else:
            steps = [st.to_dict() for st in seen[0].steps] if seen else []
        strict = c.dice_discipline == "strict"
        return AfterBattleView(
            battle_id=plan.battle_id, number=plan.number, campaign=plan.campaign, faces=list(run.faces),
            need=run.pending, rolls=list(run.rolls), steps=steps, lines=lines, done=run.done, strict=strict,
            typed_dice=bool(c.typed_dice),
            recorded=step_faces(s, int(c.id or 0), plan.step_key) if strict else [],
            state_key=_state_key(plan.state))
    finally:
        run.close()


def after_battle_view(engine: Engine, battle: Ref, faces: Sequence[FaceIn] = (),
                      options: Mapping[str, Any] | None = None) -> AfterBattleView:
    """After the Battle of ``battle`` run in memory with ``faces`` (each a face and
    ``random``, the server's, or ``typed``): the roll it waits at, the rolls and steps so
    far, or the whole dry run. Nothing is rolled or written."""
    with read_session(engine) as s:
        plan = _read_plan(s, battle, options, None)
        c = s.get(Campaign, plan.state.campaign_id)
        assert c is not None
        return _view(s, c, plan, _check_faces(s, c, plan, faces))


def roll_after_battle(engine: Engine, battle: Ref, faces: Sequence[FaceIn] = (),
                      options: Mapping[str, Any] | None = None) -> AfterBattleRolled:
    """The wizard's Roll over a league: the server rolls the dice of the roll After the
    Battle of ``battle`` waits at after ``faces`` and puts them on record (marked
    ``preview``, in their own small transaction); dice it rolled before for those
    positions are returned again, not rolled anew (Cancel, Back or a new wizard does
    not re-roll)."""
    from campaign_app.dice import RandomSource, read

    with UnitOfWork(engine, "preview", journaled=False, durable=False) as uow:
        s = uow.session
        plan = _read_plan(s, battle, options, None)
        cid = plan.state.campaign_id
        uow.campaign_id = cid
        c = s.get(Campaign, cid)
        assert c is not None
        given = _check_faces(s, c, plan, faces)
        run = plan.step(given)
        try:
            if run.unused:
                raise InputError(f"too many dice for After the Battle: {run.unused} left over")
            need = run.pending
            if need is None:
                raise InputError(f"After the Battle of battle {plan.number} needs no more dice: apply it")
            start = len(given)
        finally:
            run.close()
        known = _server_faces(s, cid, plan.step_key)
        rng = RandomSource()
        new = [(known[start + i] if start + i in known else rng.next_face(), "random") for i in range(need.count)]
        fresh = any(start + i not in known for i in range(need.count))
        ids: list[int] = []
        if fresh:
            roll = read(need, [f for f, _src in new], "random")
            name_rolls(plan.state, [roll])
            ids = uow.record_rolls([roll], battle_id=plan.battle_id, step=plan.step_key, mark="preview",
                                   face_start=start, app_only=True)
            # someone rolled these positions in the same instant: the first roll holds them
            known = _server_faces(s, cid, plan.step_key)
            new = [(known.get(start + i, f), "random") for i, (f, _src) in enumerate(new)]
        else:
            uow.discard()  # the server's dice of before: nothing to write
        view = _view(s, c, plan, [*given, *new])
    return AfterBattleRolled(faces=new, fresh=fresh, ids=ids, view=view, changes=uow.changes)


def apply_rolled_after_battle(engine: Engine, battle: Ref, faces: Sequence[FaceIn],
                              options: Mapping[str, Any] | None = None, state_key: str = "") -> AfterBattleReport:
    """Apply After the Battle of ``battle`` with ``faces`` (one transaction, one undo
    step, every roll recorded with its source): the ``random`` ones must be the dice the
    server rolled for it (:func:`roll_after_battle`), typed ones only where the campaign
    takes typed dice. ``state_key`` (from :func:`after_battle_view`): if the rosters
    changed since, nothing is written."""
    uow = UnitOfWork(engine, "after-battle")
    with uow:
        s = uow.session
        plan = _read_plan(s, battle, options, None)
        uow.campaign_id = plan.state.campaign_id
        if state_key and _state_key(plan.state) != state_key:
            raise ConflictError("the rosters changed since the preview: go Back and check the rolls")
        c = s.get(Campaign, plan.state.campaign_id)
        assert c is not None
        run = plan.step(_check_faces(s, c, plan, faces))
        if run.pending is not None:
            run.close()
            raise InputError(f"not enough dice for After the Battle: the next roll needs {run.pending.need}")
        if run.unused:
            raise InputError(f"too many dice for After the Battle: {run.unused} left over")
        assert run.result is not None
        b = s.get(Battle, plan.battle_id)
        assert b is not None
        report = _finish(s, uow, plan, run.result, run.rolls, b)
    return replace(report, changes=uow.changes)
# --- end After the Battle step by step


def _disciplined(s: Session, plan: AfterBattlePlan, roller: Roller) -> Roller:
    c = s.get(Campaign, plan.state.campaign_id)
    assert c is not None
    return disciplined(s, c, plan.step_key, roller)


def name_rolls(state: BattleState, rolls: list[RollResult], new_rows: Sequence[Fighter] = ()) -> None:
    """Name who each roll was for (the roll record's subject)."""
    names = {fid: f.name for fid, f in state.fighters.items()}
    unames = {uid: u.name for uid, u in state.units.items()}
    for rr in rolls:
        idx = rr.extra.get("new_fighter")
        if isinstance(idx, int) and 0 <= idx < len(new_rows):  # a replacement's own roll
            rr.fighter_id = new_rows[idx].id
            rr.extra.setdefault("subject", new_rows[idx].name)
        if "subject" not in rr.extra:
            if rr.fighter_id in names:
                rr.extra["subject"] = names[rr.fighter_id]
            elif rr.unit_id in unames:
                rr.extra["subject"] = unames[rr.unit_id]


def _apply(s: Session, uow: UnitOfWork, state: BattleState, out: Outcome, rolls: list[RollResult],
           b: Battle) -> None:
    # every row changed is read first and all are written in one flush (q.changed_by_id says why)
    fighters, units, rosters = q.changed_by_id(s, (ch.fighter_id for ch in out.fighter_changes),
                                               (uc.unit_id for uc in out.unit_changes),
                                               (rc.roster_id for rc in out.roster_changes))
    with s.no_autoflush:
        _change_rows(s, out, fighters, units, rosters)
    fault_point("after-battle.after-fighters")
    new_rows: list[Fighter] = []
    for nf in out.new_fighters:
        bad = set(nf.fields) - FIGHTER_COLUMNS
        if bad:
            raise ValueError(f"procedure tried to set {bad} on a new fighter")
        new_rows.append(Fighter(roster_id=nf.roster_id, **nf.fields))
        s.add(new_rows[-1])
    for sg in out.skills:
        s.add(Skill(fighter_id=sg.fighter_id, name=sg.name, source=sg.source))
    s.flush()
    fault_point("after-battle.before-rolls")
    # record the rolls, then link lasting injuries to their roll records
    name_rolls(state, rolls, new_rows)
    uow.record_rolls(rolls, battle_id=b.id, step=after_battle_step(int(b.id or 0)), face_start=0)
    for inj in out.injuries:
        s.add(LastingInjury(
            fighter_id=inj.fighter_id, battle_id=b.id, table_id=inj.table_id, roll=inj.roll.value,
            faces=inj.roll.faces_text, result=inj.result, label=inj.label,
            roll_record_id=inj.roll.extra.get("record_id"),
            effects_applied=list(inj.applied), effects_skipped=list(inj.skipped),
        ))
    for fid in out.removed_fighters:
        f = s.get(Fighter, fid)
        if f is not None:
            for crew in q.crew_of(s, fid):
                crew.crew_of_id = None
                s.add(crew)
            s.delete(f)
    for uid in out.removed_units:
        u = s.get(Unit, uid)
        if u is not None:
            s.delete(u)
    fault_point("after-battle.end")


def _change_rows(s: Session, out: Outcome, fighters: Mapping[int, Fighter], units: Mapping[int, Unit],
                 rosters: Mapping[int, Roster]) -> None:
    for ch in out.fighter_changes:
        f = fighters.get(ch.fighter_id)
        if f is None:
            raise InputError(f"fighter {ch.fighter_id} vanished during After the Battle")
        s.add(_set_columns(f, ch.set, FIGHTER_COLUMNS, "fighter"))
    for uc in out.unit_changes:
        u = units.get(uc.unit_id)
        if u is None:
            raise InputError(f"unit {uc.unit_id} vanished during After the Battle")
        s.add(_set_columns(u, uc.set, UNIT_COLUMNS, "unit"))
        if u.figures > u.figures_start:
            raise ValueError(f"{u.name}: figures above the starting strength")
    for rc in out.roster_changes:
        r = rosters.get(rc.roster_id)
        assert r is not None
        s.add(_set_columns(r, rc.set, ROSTER_COLUMNS, "roster"))


def _set_columns(row: Any, values: Mapping[str, Any], allowed: set[str], what: str) -> Any:
    """``row`` with ``values`` set (a list or dict as a copy of its own); a procedure that
    sets a column not in ``allowed`` is our bug."""
    bad = set(values) - allowed
    if bad:
        raise ValueError(f"procedure tried to set {bad} on a {what}")
    for k, v in values.items():
        setattr(row, k, list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v)
    return row


def _resolve_fighters(state: BattleState, refs: Iterable[Any], what: str) -> set[int]:
    out: set[int] = set()
    for ref in refs:
        text = str(ref).strip()
        hits = [f.id for f in state.fighters.values() if str(f.id) == text or f.name == text]
        if len(hits) != 1:
            raise InputError(f"{what} {text!r} is not (exactly one) fighter of this battle")
        out.add(hits[0])
    return out


def battle_dict(b: Battle) -> BattleData:
    assert b.id is not None
    return {"id": b.id, "campaign_id": b.campaign_id, "number": b.number,
            "played_on": b.played_on.isoformat(), "scenario": b.scenario, "outcome": b.outcome,
            "winner_roster_id": b.winner_roster_id, "cycle": b.cycle, "notes": b.notes,
            "after_battle_done": b.after_battle_done}


class BattleListed(BattleData):
    """A battle of ``battle list``: its row, the names of its rosters and its winner's."""

    rosters: list[str]
    winner: str | None


class BattleRosterData(TypedDict):
    id: int
    name: str
    result: str


class FigureResultData(TypedDict):
    fighter_id: int | None
    unit_id: int | None
    name: str
    status: str
    scored_hit: bool
    by_fighter_id: int | None
    casualties: int
    details: dict[str, Any]


class BattleShown(BattleData):
    """A battle of ``battle show``: its row, its rosters and every figure's result."""

    rosters: list[BattleRosterData]
    results: list[FigureResultData]


class FighterBattle(TypedDict):
    battle_id: int
    number: int
    played_on: str
    scenario: str
    status: str
    scored_hit: bool


def list_battles(engine: Engine, campaign: Ref) -> list[BattleListed]:
    with read_session(engine) as s:
        c = get_campaign(s, campaign)
        assert c.id is not None
        battles = q.campaign_battles(s, c.id)
        names = q.roster_names(s, c.id)
        links: dict[int, list[str]] = {}
        for link in q.campaign_battle_links(s, c.id):
            links.setdefault(link.battle_id, []).append(names.get(link.roster_id, "?"))
        out: list[BattleListed] = []
        for b in battles:
            assert b.id is not None
            out.append({**battle_dict(b), "rosters": links.get(b.id, []),
                        "winner": names.get(b.winner_roster_id) if b.winner_roster_id else None})
        return out


def show_battle(engine: Engine, battle: Ref) -> BattleShown:
    with read_session(engine) as s:
        b = get_battle(s, battle)
        assert b.id is not None
        links = q.battle_rosters(s, b.id)
        results: list[FigureResultData] = [
            {"fighter_id": res.fighter_id, "unit_id": res.unit_id,
             "name": f.name if f else (u.name if u else "?"), "status": res.status,
             "scored_hit": res.scored_hit, "by_fighter_id": res.by_fighter_id,
             "casualties": res.casualties, "details": dict(res.details or {})}
            for res, f, u in q.battle_results_named(s, b.id)
        ]
        return {**battle_dict(b),
                "rosters": [{"id": r.id, "name": r.name, "result": link.result}  # type: ignore[typeddict-item]
                            for link, r in links],  # (loaded rows have their ids)
                "results": results}


def fighter_battles(engine: Engine, fighter_id: int) -> list[FighterBattle]:
    """A fighter's battle history (for the detail pane and cards)."""
    with read_session(engine) as s:
        return [{"battle_id": b.id, "number": b.number,  # type: ignore[typeddict-item]
                 "played_on": b.played_on.isoformat(), "scenario": b.scenario, "status": r.status,
                 "scored_hit": r.scored_hit} for r, b in q.fighter_results(s, fighter_id)]
