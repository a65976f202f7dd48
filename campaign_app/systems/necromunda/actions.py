"""Necromunda use-cases outside the generic battle flow: a lasting injury roll for one
fighter, Critical Injury treatment, the end of a campaign cycle, releasing a captive
and reviving a fighter marked dead by mistake.

Each writing use-case is one :class:`UnitOfWork` (one transaction, one journal entry:
``undo`` takes it back whole) and records every roll it makes. Bad input raises an
:class:`InputError` and writes nothing; ``dry_run`` shows what would happen and writes
nothing.

When In Recovery ends depends on the edition (``recovery_cleared`` in the rules data):

- **n26**: in the Update Roster step of the Post-cycle Sequence, i.e. :func:`end_cycle`
  clears every In Recovery box of the campaign (after deciding the pending Critical
  Injuries: treated ones roll, untreated ones die).
- **n23**: in the wrap-up of the gang's next battle (the one the fighter sat out): the
  After the Battle of that battle clears In Recovery and Convalescence
  (``campaign_app.systems.necromunda.after_battle``); :func:`end_cycle` then only
  decides pending Critical Injuries and advances the cycle counter.

A fighter In Recovery, Captured or dead cannot be entered into a battle (the battle
use-case refuses the statuses of ``Procedures.unavailable``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from typing_extensions import TypedDict  # pydantic reads it on Python 3.11 (the facade's results)

from campaign_app.changes import Result
from campaign_app.dice import Roller
from campaign_app.entities import FIGHTER_STATE
from campaign_app.errors import InputError
from campaign_app.procedure_driver import drive
from campaign_app.rules import load_rulebook
from campaign_app.systems import get_system
from campaign_app.systems.base import FighterState, Step
from campaign_app.systems.necromunda.procedures import (
    RULE_CRIT,
    EditionRules,
    Enemy,
    InjuryRun,
    Sheet,
    edition_rules,
    has_critical,
    let_die,
    roll_lasting_injury,
    treat_critical,
)
from campaign_app.usecases.campaigns import tables_for
from campaign_app.usecases.common import (
    Ref,
    campaign_of_fighter,
    clean_text,
    describe_change,
    get_campaign,
    get_fighter,
    get_roster,
)
from campaign_app.usecases.record import disciplined
from db.models import Campaign, Fighter, LastingInjury, Roster, Skill
from db.queries import injuries as q
from db.uow import Engine, Session, UnitOfWork, read_session, work

RELEASE_HOW = ("rescue", "exchange")


# --------------------------------------------------------------------------- results
@dataclass(frozen=True, kw_only=True)
class InjuryReport(Result):
    """A lasting injury roll: its steps, the injuries rolled, the changes in words
    (``changes`` in the JSON) and notes; ``applied`` unless a dry run."""

    fighter_id: int
    fighter: str
    campaign: str
    edition: str
    dry_run: bool
    steps: list[dict[str, Any]]
    injuries: list[dict[str, Any]]
    lines: list[str] = field(metadata={"data_key": "changes"})
    notes: list[str]
    applied: bool = False


@dataclass(frozen=True, kw_only=True)
class TreatReport(Result):
    """A Critical Injury decided: treated (``cost`` paid) or let die."""

    fighter_id: int
    fighter: str
    dry_run: bool
    steps: list[dict[str, Any]]
    lines: list[str] = field(metadata={"data_key": "changes"})
    cost: int
    applied: bool = False


@dataclass(frozen=True, kw_only=True)
class CycleReport(Result):
    """The Post-cycle Sequence of a campaign (``cleared``: In Recovery boxes cleared)."""

    campaign_id: int
    campaign: str
    edition: str
    cycle: int
    next_cycle: int
    dry_run: bool
    steps: list[dict[str, Any]]
    lines: list[str] = field(metadata={"data_key": "changes"})
    cleared: int
    applied: bool = False


@dataclass(frozen=True, kw_only=True)
class Released(Result):
    """A captive back with its gang (``from_``: the gang that held it)."""

    fighter_id: int
    fighter: str
    how: str
    from_: str | None = field(metadata={"data_key": "from"})
    status: str


@dataclass(frozen=True, kw_only=True)
class Revived(Result):
    """A fighter marked dead by mistake, active again."""

    fighter_id: int
    fighter: str
    status: str
    note: str


class PendingCritical(TypedDict):
    id: int
    name: str
    roster: str
    roster_id: int
    credits: int
    status_note: str


class Opponent(TypedDict):
    id: int
    name: str
    roster: str


# --------------------------------------------------------------------------- helpers
def _necromunda(c: Campaign) -> None:
    if c.system != "necromunda":
        raise InputError(f"{c.name} is a {get_system(c.system).name} campaign, not Necromunda")


def _state(s: Session, f: Fighter) -> FighterState:
    assert f.id is not None
    skills = q.fighter_skills(s, f.id)
    return FighterState(**FIGHTER_STATE.build(f, skills=skills))


def _rules(c: Campaign) -> EditionRules:
    return edition_rules(c.edition, load_rulebook().data(c.system, c.edition, c.expansions or []))


def _apply_sheet(s: Session, f: Fighter, before: FighterState, sheet: Sheet) -> dict[str, Any]:
    cols = sheet.columns(before)
    for k, v in cols.items():
        setattr(f, k, list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v)
    s.add(f)
    for name in sheet.new_skills:
        s.add(Skill(fighter_id=before.id, name=name, source="injury"))
    return cols


def _steps(steps: Iterable[Step]) -> list[dict[str, Any]]:
    return [st.to_dict() for st in steps]


def _describe(name: str, cols: dict[str, Any], before: Any,
              rosters: dict[int, str] | None = None) -> list[str]:
    text = describe_change(name, cols, vars(before), rosters)
    return [text] if text else []


def _campaign_fighters(s: Session, c: Campaign) -> list[tuple[Fighter, Roster]]:
    assert c.id is not None
    return q.campaign_fighters(s, c.id)


def _enemy_for(s: Session, c: Campaign, f: Fighter, by: Ref | None) -> Enemy:
    """Who took ``f`` out: the ``by`` fighter, else the only other gang of the campaign."""
    if by is not None and str(by).strip():
        att = get_fighter(s, by)
        ac, ar = campaign_of_fighter(s, att)
        if ac.id != c.id:
            raise InputError(f"{att.name} belongs to another campaign ({ac.name})")
        if ar.id == f.roster_id:
            raise InputError(f"{att.name} is in {f.name}'s own gang: they did not take {f.name} out")
        return Enemy(att.id, att.name, ar.id, ar.name, ar.faction)
    assert c.id is not None
    others = q.other_rosters(s, c.id, f.roster_id)
    if len(others) == 1:
        r = others[0]
        return Enemy(None, "", r.id, r.name, r.faction)
    return Enemy()


def _roller(dice: Any, seed: int | None, roller: Roller | None) -> Roller:
    """Typed dice, a seed, or a ready roller (the GUI's step-wise dice), not several."""
    if roller is None:
        return Roller.from_options(dice, seed)
    if dice is not None or seed is not None:
        raise InputError("give dice, a seed or a roller, not several")
    return roller


# --------------------------------------------------------------------------- injury roll
def injury_step(fighter_id: int) -> str:
    """What a lasting injury's dice are rolled for (dice discipline)."""
    return f"injury:{fighter_id}"


def injury_roll(engine: Engine, fighter: Ref, dice: Any = None, seed: int | None = None,
                dry_run: bool = False, *, by: Ref | None = None, roller: Roller | None = None) -> InjuryReport:
    """Roll the edition's Lasting Injury (fighters) or Lasting Damage (vehicles) table
    for ``fighter`` outside a recorded battle, apply every effect and record the
    injury and its rolls. ``by``: the fighter that took it out (for Hatred and a
    capture; default: the campaign's only other gang if there is just one)."""
    roller = _roller(dice, seed, roller)
    with work(engine, "necromunda.injury", dry_run) as uow:
        s = uow.session
        f = get_fighter(s, fighter)
        c, r = campaign_of_fighter(s, f)
        uow.campaign_id = c.id
        _necromunda(c)
        if f.status in ("dead", "captured"):
            raise InputError(f"{f.name} is {f.status}: no lasting injury to roll"
                             + (" (fighter revive if that was a mistake)" if f.status == "dead" else ""))
        enemy = _enemy_for(s, c, f, by)
        before = _state(s, f)
        step = injury_step(int(f.id or 0))
        roller = disciplined(s, c, step, roller)  # strict dice: the faces already rolled for it
        sheet = Sheet.of(before, f.status_note)
        rules = _rules(c)
        run: InjuryRun = drive(roll_lasting_injury(sheet, tables_for(c), c.edition, enemy=enemy,
                                                   data=load_rulebook().data(c.system, c.edition)), roller)
        steps = list(run.steps)
        if sheet.status == "captured" and before.status != "captured":
            if enemy.roster_id is None:
                raise InputError(f"{f.name} is captured, but by whom? name the fighter who took them out")
            sheet.held_by(enemy.roster_id, f"held by {enemy.roster_name}")
            steps.append(Step("Captured", f.name, f"held by {enemy.roster_name} until rescued or exchanged",
                              None, f.id))
        if has_critical(sheet, rules) and sheet.status != "dead":
            sheet.status_note = "critical injury: treat it (injury treat) or it dies"
            steps.append(Step(RULE_CRIT, f.name, "treat it (injury treat) or let it die; undecided ones die "
                              "at the end of the cycle", None, f.id))
        roller.finish()
        cols = sheet.columns(before)
        report = InjuryReport(
            fighter_id=before.id, fighter=f.name, campaign=c.name, edition=c.edition,
            dry_run=dry_run, steps=_steps(steps),
            injuries=[{"table": rec.table_id, "roll": rec.roll.value, "faces": list(rec.roll.faces),
                       "result": rec.result, "label": rec.label, "applied": list(rec.applied),
                       "skipped": list(rec.skipped)} for rec in run.records],
            lines=_describe(f.name, cols, before, {enemy.roster_id: enemy.roster_name}
                            if enemy is not None and enemy.roster_id is not None else None),
            notes=list(run.notes),
        )
        for rr in roller.rolls:
            rr.extra.setdefault("subject", f.name)
        if not isinstance(uow, UnitOfWork):  # dry run: its rolls go on record as a preview
            uow.record_rolls(roller, step=step, face_start=0)
            return report
        _apply_sheet(s, f, before, sheet)
        uow.record_rolls(roller, step=step, face_start=0)
        for rec in run.records:
            rid = rec.roll.extra.get("record_id")
            s.add(LastingInjury(
                fighter_id=before.id, battle_id=None, table_id=rec.table_id, roll=rec.roll.value,
                faces=rec.roll.faces_text, result=rec.result, label=rec.label,
                roll_record_id=rid if isinstance(rid, int) else None,
                effects_applied=list(rec.applied), effects_skipped=list(rec.skipped),
            ))
        uow.summary = f"lasting injury for {f.name}: {', '.join(rec.label for rec in run.records)}"
    return replace(report, applied=True, changes=uow.changes)


# --------------------------------------------------------------------------- treatment
def treat_injury(engine: Engine, fighter: Ref, *, treat: bool = True, dice: Any = None,
                 seed: int | None = None, dry_run: bool = False,
                 roller: Roller | None = None) -> TreatReport:
    """Decide a pending Critical Injury: ``treat`` (the gang pays the cost roll, then
    the treatment D6) or let the fighter die."""
    roller = _roller(dice, seed, roller)
    with work(engine, "necromunda.treat", dry_run) as uow:
        s = uow.session
        f = get_fighter(s, fighter)
        c, r = campaign_of_fighter(s, f)
        uow.campaign_id = c.id
        _necromunda(c)
        rules = _rules(c)
        before = _state(s, f)
        sheet = Sheet.of(before, f.status_note)
        if f.status == "dead" or not has_critical(sheet, rules):
            raise InputError(f"{f.name} has no critical injury waiting for treatment")
        steps: list[Step] = []
        cost = 0
        if treat:
            steps.append(Step(RULE_CRIT, f.name, "the gang chooses to treat", None, f.id))
            cost, more, ok = drive(treat_critical(sheet, tables_for(c), rules, r.credits), roller)
            steps.extend(more)
            if not ok:
                steps.append(Step(RULE_CRIT, f.name, "not treated: still waiting (more credits, or let it die)",
                                  None, f.id))
        else:
            steps.append(let_die(sheet, "critical injury, not treated", rules))
        roller.finish()
        cols = sheet.columns(before)
        changes = _describe(f.name, cols, before)
        if cost:
            changes.append(f"{r.name}: credits {r.credits} → {r.credits - cost}")
        report = TreatReport(fighter_id=before.id, fighter=f.name, dry_run=dry_run, steps=_steps(steps),
                             lines=changes, cost=cost)
        if not isinstance(uow, UnitOfWork):  # dry run: its rolls go on record as a preview
            for rr in roller.rolls:
                rr.extra.setdefault("subject", f.name)
            uow.record_rolls(roller)
            return report
        _apply_sheet(s, f, before, sheet)
        if cost:
            r.credits = r.credits - cost
            s.add(r)
        for rr in roller.rolls:
            rr.extra.setdefault("subject", f.name)
        uow.record_rolls(roller)
        uow.summary = f"critical injury of {f.name}: {'treated' if treat else 'not treated'}"
    return replace(report, applied=True, changes=uow.changes)


# --------------------------------------------------------------------------- cycle
def end_cycle(engine: Engine, campaign: Ref, *, treat: Iterable[Ref] = (), dice: Any = None,
              seed: int | None = None, dry_run: bool = False,
              roller: Roller | None = None, income: bool = False) -> CycleReport:
    """The Post-cycle Sequence: decide every pending Critical Injury (``treat``: the
    fighters whose gang pays; the others die), then Update Roster (n26: clear every In
    Recovery box; n23: recovery is cleared after battles instead), then (``income``)
    every roster collects its territories' income (rolls recorded, credits on its
    ledger), then advance the campaign's cycle. Typed dice go to the treatments first,
    then to the income, roster by roster."""
    roller = _roller(dice, seed, roller)
    with work(engine, "necromunda.cycle-end", dry_run) as uow:
        s = uow.session
        c = get_campaign(s, campaign)
        uow.campaign_id = c.id
        _necromunda(c)
        rules = _rules(c)
        tables = tables_for(c)
        rows = _campaign_fighters(s, c)
        fighters = {int(f.id or 0): f for f, _ in rows}
        assert c.id is not None
        rosters = {int(r.id or 0): r for r in q.campaign_rosters(s, c.id)}
        states = {fid: _state(s, f) for fid, f in fighters.items()}
        sheets = {fid: Sheet.of(st, fighters[fid].status_note) for fid, st in states.items()}
        pending = [fid for fid, sh in sheets.items() if sh.status != "dead" and has_critical(sh, rules)]
        chosen: set[int] = set()
        for ref in treat:
            text = str(ref).strip()
            hits = [fid for fid, f in fighters.items() if str(fid) == text or f.name == text]
            if len(hits) != 1:
                raise InputError(f"fighter to treat {text!r} is not (exactly one) fighter of {c.name}")
            if hits[0] not in pending:
                raise InputError(f"{fighters[hits[0]].name} has no critical injury waiting for treatment")
            chosen.add(hits[0])
        steps: list[Step] = []
        credits = {rid: r.credits for rid, r in rosters.items()}
        paid: dict[int, int] = {}
        for fid in sorted(pending):
            sh = sheets[fid]
            if fid in chosen:
                steps.append(Step(RULE_CRIT, sh.name, "the gang chooses to treat", None, fid))
                cost, more, ok = drive(treat_critical(sh, tables, rules, credits[sh.roster_id]), roller)
                steps.extend(more)
                if ok:
                    credits[sh.roster_id] -= cost
                    paid[sh.roster_id] = paid.get(sh.roster_id, 0) + cost
                    continue
            steps.append(let_die(sh, "critical injury, not treated by the end of the cycle", rules))
        cleared = 0
        if not rules.clears_recovery_after_next_battle:
            for fid, sh in sorted(sheets.items()):
                if sh.status == "in-recovery":
                    sh.status = "active"
                    sh.status_note = ""
                    cleared += 1
                    steps.append(Step("Update Roster", sh.name, "In Recovery cleared", None, fid))
        else:
            steps.append(Step("Update Roster", c.name, "In Recovery is cleared after each gang's next battle "
                              f"in {c.edition} (nothing to clear here)", None, None))
        collected = _roll_income(s, rosters, roller, steps, c.name) if income else {}
        roller.finish()
        changes = []
        for fid, sh in sorted(sheets.items()):
            changes += _describe(sh.name, sh.columns(states[fid]), states[fid])
        for rid in sorted(set(paid) | set(collected)):
            after = credits[rid] + sum(x["amount"] for x in collected.get(rid, []))
            changes.append(f"{rosters[rid].name}: credits {rosters[rid].credits} → {after}")
        report = CycleReport(
            campaign_id=c.id, campaign=c.name, edition=c.edition, cycle=c.cycle,
            next_cycle=c.cycle + 1, dry_run=dry_run, steps=_steps(steps), lines=changes,
            cleared=cleared,
        )
        if not isinstance(uow, UnitOfWork):  # dry run: its rolls go on record as a preview
            for rr in roller.rolls:
                if rr.fighter_id in fighters:
                    rr.extra.setdefault("subject", fighters[rr.fighter_id].name)
            uow.record_rolls(roller)
            return report
        for fid, sh in sheets.items():
            _apply_sheet(s, fighters[fid], states[fid], sh)
        for rid in paid:
            rosters[rid].credits = credits[rid]
            s.add(rosters[rid])
        if collected:
            from campaign_app.usecases.gear import pay_income

            for rid, lines in sorted(collected.items()):
                pay_income(s, rosters[rid], lines)  # on the roster's ledger (gear)
        names = {fid: f.name for fid, f in fighters.items()}
        for rr in roller.rolls:
            if rr.fighter_id in names:
                rr.extra.setdefault("subject", names[rr.fighter_id])
        uow.record_rolls(roller)
        c.cycle = c.cycle + 1
        s.add(c)
        uow.summary = f"end of cycle {c.cycle - 1} in {c.name}"
    return replace(report, applied=True, changes=uow.changes)


def _roll_income(s: Session, rosters: dict[int, Roster], roller: Roller, steps: list[Step],
                 campaign: str) -> dict[int, list[Any]]:
    """Roll the territories' income of every roster (by id) that holds any, a step per
    territory; roster id -> its income lines (paid by the caller, not here)."""
    from campaign_app.usecases.gear import income_line_text, roll_income
    from db.queries import gear as gear_q

    out: dict[int, list[Any]] = {}
    for rid, r in sorted(rosters.items()):
        held = list(gear_q.territories_of(s, rid))
        if not held:
            continue
        out[rid] = drive(roll_income(r, held), roller)
        steps.extend(Step("Income", r.name, income_line_text(x), None, None) for x in out[rid])
    if not out:
        steps.append(Step("Income", campaign, "no gang holds a territory: no income", None, None))
    return out


def pending_criticals(engine: Engine, campaign: Ref) -> list[PendingCritical]:
    """Fighters whose Critical Injury waits for a decision (``injury treat`` or ``cycle
    end --treat``); empty for other systems."""
    with read_session(engine) as s:
        c = get_campaign(s, campaign)
        if c.system != "necromunda":
            return []
        rules = _rules(c)
        out: list[PendingCritical] = []
        for f, r in _campaign_fighters(s, c):
            sh = Sheet.of(_state(s, f), f.status_note)
            if sh.status != "dead" and has_critical(sh, rules):
                assert f.id is not None and r.id is not None
                out.append({"id": f.id, "name": f.name, "roster": r.name, "roster_id": r.id,
                            "credits": r.credits, "status_note": f.status_note})
        return out


# --------------------------------------------------------------------------- captives, mistakes
def release_captive(engine: Engine, fighter: Ref, how: str = "rescue", note: str = "") -> Released:
    """A captured fighter comes back to its gang (rescued, or exchanged for a captive)."""
    how = (how or "").strip().lower()
    if how not in RELEASE_HOW:
        raise InputError(f"{how!r} is not how a captive comes back: choose {' or '.join(RELEASE_HOW)}")
    note = clean_text(note, "note", 500)
    with UnitOfWork(engine, "necromunda.release") as uow:
        s = uow.session
        f = get_fighter(s, fighter)
        c, _r = campaign_of_fighter(s, f)
        uow.campaign_id = c.id
        _necromunda(c)
        if f.status != "captured":
            raise InputError(f"{f.name} is {f.status}, not captured")
        captor = s.get(Roster, f.captured_by_roster_id) if f.captured_by_roster_id else None
        f.status = "active"
        f.captured_by_roster_id = None
        f.status_note = f"{'rescued' if how == 'rescue' else 'exchanged'}" + (
            f" from {captor.name}" if captor else "") + (f": {note}" if note else "")
        s.add(f)
        uow.summary = f"release {f.name} ({how})"
        assert f.id is not None
        fid, name, status = f.id, f.name, f.status
    return Released(fighter_id=fid, fighter=name, how=how, from_=captor.name if captor else None,
                    status=status, changes=uow.changes)


def revive_fighter(engine: Engine, fighter: Ref, note: str = "") -> Revived:
    """Undo a death recorded by mistake (the fighter becomes active again); journaled,
    so ``undo`` takes it back too."""
    note = clean_text(note, "note", 500)
    with UnitOfWork(engine, "fighter.revive") as uow:
        s = uow.session
        f = get_fighter(s, fighter)
        c, _r = campaign_of_fighter(s, f)
        uow.campaign_id = c.id
        if f.status != "dead":
            raise InputError(f"{f.name} is {f.status}, not dead")
        f.status = "active"
        f.status_note = "revived: marked dead by mistake" + (f" ({note})" if note else "")
        crit = {"critical-injury", "critical-damage"}
        if any(x in crit for x in (f.conditions or [])):
            f.conditions = [x for x in (f.conditions or []) if x not in crit]
        s.add(f)
        uow.summary = f"revive {f.name} (marked dead by mistake)"
        assert f.id is not None
        fid, name, status, status_note = f.id, f.name, f.status, f.status_note
    return Revived(fighter_id=fid, fighter=name, status=status, note=status_note, changes=uow.changes)


# --------------------------------------------------------------------------- GUI queries
def injury_opponents(engine: Engine, fighter: Ref) -> list[Opponent]:
    """Fighters of the other rosters of ``fighter``'s campaign, who may have taken it
    out (:func:`injury_roll` ``by=``), ordered by roster then id."""
    with read_session(engine) as s:
        f = get_fighter(s, fighter)
        r = get_roster(s, f.roster_id)
        assert r.id is not None
        rows = q.opponents(s, r.campaign_id, r.id)
    return [{"id": x.id, "name": x.name, "roster": x.roster} for x in rows]


def has_pending_critical(engine: Engine, fighter: Ref) -> bool:
    """True when a Necromunda fighter's Critical Injury waits for a decision (treat it or
    let it die: :func:`treat_injury`); False for any other fighter or system."""
    with read_session(engine) as s:
        f = get_fighter(s, fighter)
        c = s.get(Campaign, get_roster(s, f.roster_id).campaign_id)
        if c is None or c.system != "necromunda" or f.status == "dead":
            return False
        rules = edition_rules(c.edition, load_rulebook().data(c.system, c.edition, c.expansions or []))
        return any(x in (f.conditions or []) for x in rules.critical_conditions)
