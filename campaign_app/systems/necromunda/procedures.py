"""Necromunda (editions ``n26``, the default, and ``n23``): the pure procedures.

Nothing here touches the database: every function takes plain data, the campaign's
tables (house rules applied); a step that rolls is a generator (it yields each roll's
:class:`~campaign_app.dice.DiceRequest`, ``yield from`` for a sub-step). What differs
between editions is data, read from ``[injury_rules]``, ``characteristics``,
``vehicle_characteristics`` and ``xp`` of ``necromunda_<edition>.toml``.

**Lasting injuries** (:func:`apply_lasting_injury`, :func:`roll_lasting_injury`): one
roll on the edition's table for a fighter taken Out of Action (vehicles: its Lasting
Damage table, N26 D66, N23 D6 + 1 per Persistent Rattle, 7+ Write-off). Every effect of
the row is applied to a working copy of the fighter (:class:`Sheet`):

- ``stat``: WS, BS, Ld, Cl, Wil, Int (and I in N23) are target numbers, so "one worse"
  is +1 on the target. A change that would leave the edition's limits is skipped and
  reported; the rest of the row still applies. A repeated result applies again.
- ``status``: the most serious status wins (active < convalescence < in-recovery <
  captured < dead). N23 keeps Convalescence (plays on, no post-battle actions) apart
  from In Recovery (misses the next battle).
- ``xp`` (Lesson Learnt): rolls D3. ``condition``: recorded once (a condition or skill
  already held is skipped) except the edition's ``stacking_conditions`` (Persistent
  Rattle). Hatred conditions name who took the fighter out:
  ``hatred-gang-type:<gang type>``, ``hatred-gang:<gang> (#id)``,
  ``hatred-fighter:<fighter> (#id)``. A result in ``once_only_results`` (N23 Impressive
  Scars) does nothing the second time.
- ``roll-again`` (N23 Multiple Injuries): D3 more rolls on the table; a roll giving one
  of the listed results is rolled again (each roll is recorded and shown).
- ``note``: shown, not applied (the N26 vehicle results our source leaves open).

**After the Battle** (:func:`after_battle`), in this order; the dice are taken in this
order too, so typed dice follow it:

1. N23 **Seriously Injured** check: each fighter (not vehicle) that ended Seriously
   Injured rolls D6 on ``n23-seriously-injured``; 1-2 counts as Out of Action.
2. For each fighter Out of Action (by id): one **Lasting Injury** / Lasting Damage roll
   (with its D3s and rerolls), then at once its consequences:
   - **Captured** (or the battle result ``captured``): held by the gang that took it out
     (the attacker's roster, else the only other roster, else the winner);
     ``captured_by_roster_id`` is set. N23 then rolls the D6 escape (``n23-escape``,
     -1 when the captive's gang drew — a battle with no winner counts as a draw — and
     -2 when it lost; a modified 4+ escapes). N26: held until ``captive release``.
   - **Critical Injury**: if the gang pays (``options["treat"]``, a set of fighter
     ids: "treat this fighter if it needs it"), roll the cost (2D6 x 10 credits, paid
     from the roster's credits) and the D6 on the edition's treatment table (a 1 dies;
     otherwise In Recovery). A gang that cannot pay cannot treat. Untreated: N23 the
     fighter dies now; N26 it stays In Recovery with the condition ``critical-injury``
     until ``cycle end`` (Post-cycle Sequence) treats it or it dies.
3. **Experience** (``xp`` data): 1 for taking part; for the fighter named as the
   attacker (``by_fighter_id``, another roster): 1 per enemy Seriously Injured, 2 per
   enemy taken Out of Action or captured, +1 when that enemy is a Leader or Champion
   (the bonus is for the victim's rank, as in the rulebook's XP table).
4. N23 **Clear Recovery**: fighters of the taking-part rosters who were In Recovery or
   Convalescent before this battle (and got no new injury in it) are active again. In
   N26 this happens at ``cycle end`` (Update Roster step), not here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from campaign_app.dice import Rolling, RollResult, ask
from campaign_app.errors import InputError
from campaign_app.rules import Row, Table, load_rulebook
from campaign_app.systems.base import (
    BattleState,
    FighterState,
    InjuryRecord,
    Outcome,
    Procedures,
    RosterChange,
    SkillGain,
    Step,
    register,
)
from campaign_app.systems.necromunda import STATUSES as NECRO_STATUSES

SYSTEM = "necromunda"
SEVERITY = {"active": 0, "convalescence": 1, "in-recovery": 2, "captured": 3, "dead": 4}
UNAVAILABLE = ("dead", "lost", "captured", "in-recovery", "retired")
OUT_RESULTS = ("out-of-action", "captured")
LEADERS = ("leader", "champion")
HATRED = ("hatred-gang-type", "hatred-gang", "hatred-fighter")
MAX_REROLLS = 200

RULE_SI = "Seriously Injured check"
RULE_LI = "Lasting Injury"
RULE_LD = "Lasting Damage"
RULE_MULTI = "Multiple Injuries"
RULE_CAPTURE = "Captured"
RULE_ESCAPE = "Escape"
RULE_CRIT = "Critical Injury"
RULE_XP = "Experience"
RULE_CLEAR = "Clear Recovery"


# --------------------------------------------------------------------------- data
@dataclass(frozen=True)
class EditionRules:
    """One edition's injury rules data (``[injury_rules]``, characteristics, xp)."""

    edition: str
    rules: Mapping[str, Any]
    characteristics: Mapping[str, Mapping[str, Any]]
    vehicle_characteristics: Mapping[str, Mapping[str, Any]]
    xp: Mapping[str, int]

    def get(self, key: str, default: Any = None) -> Any:
        return self.rules.get(key, default)

    def limits(self, vehicle: bool) -> Mapping[str, Mapping[str, Any]]:
        return self.vehicle_characteristics if vehicle else self.characteristics

    @property
    def critical_conditions(self) -> tuple[str, ...]:
        return tuple(self.rules.get("critical_conditions", ("critical-injury",)))

    @property
    def decides_critical_now(self) -> bool:
        return self.rules.get("critical_decided", "after-battle") == "after-battle"

    @property
    def clears_recovery_after_next_battle(self) -> bool:
        return self.rules.get("recovery_cleared", "cycle-end") == "next-battle"


def edition_rules(edition: str, data: Mapping[str, Any] | None = None) -> EditionRules:
    """The rules data of a Necromunda edition (``data``: the campaign's merged rules
    data if the caller has it, else read from the shipped files)."""
    if data is None or "injury_rules" not in data:
        data = load_rulebook().data(SYSTEM, edition)
    rules = data.get("injury_rules")
    if not isinstance(rules, Mapping):
        raise InputError(f"Necromunda edition {edition!r} has no injury rules data")
    return EditionRules(
        edition=edition,
        rules=rules,
        characteristics=data.get("characteristics", {}),
        vehicle_characteristics=data.get("vehicle_characteristics", {}),
        xp=data.get("xp", {}),
    )


def _table(tables: Mapping[str, Table], table_id: str, why: str) -> Table:
    t = tables.get(table_id)
    if t is None:
        raise InputError(f"{why} needs the table {table_id!r}, which this campaign does not have")
    return t


# --------------------------------------------------------------------------- state
@dataclass
class Enemy:
    """Who took a fighter out: each part may be unknown."""

    fighter_id: int | None = None
    fighter_name: str = ""
    roster_id: int | None = None
    roster_name: str = ""
    gang_type: str = ""


@dataclass
class Sheet:
    """A fighter's roster entries as this procedure changes them (a working copy)."""

    fighter_id: int
    roster_id: int
    name: str
    type: str
    vehicle: bool
    stats: dict[str, Any]
    xp: int
    status: str
    conditions: list[str]
    skills: list[str]
    captured_by_roster_id: int | None = None
    status_note: str | None = None  # None: unchanged
    new_skills: list[str] = field(default_factory=list)
    captor_changed: bool = False
    note_before: str | None = None  # the fighter's status note, when the caller knows it

    @classmethod
    def of(cls, f: FighterState, status_note: str | None = None) -> Sheet:
        return cls(note_before=status_note,
            fighter_id=f.id, roster_id=f.roster_id, name=f.name, type=(f.type or "").lower(),
            vehicle=is_vehicle(f), stats=dict(f.stats or {}), xp=int(f.xp or 0),
            status=f.status or "active", conditions=list(f.conditions or []),
            skills=list(f.skills or []),
        )

    def columns(self, before: FighterState) -> dict[str, Any]:
        """Fighter columns that differ from ``before`` (new dicts/lists)."""
        out: dict[str, Any] = {}
        if self.stats != dict(before.stats or {}):
            out["stats"] = dict(self.stats)
        if self.xp != int(before.xp or 0):
            out["xp"] = self.xp
        if self.status != (before.status or "active"):
            out["status"] = self.status
        if self.conditions != list(before.conditions or []):
            out["conditions"] = list(self.conditions)
        if self.captor_changed:
            out["captured_by_roster_id"] = self.captured_by_roster_id
        if self.status_note is not None and self.status_note != self.note_before:
            out["status_note"] = self.status_note
        return out

    def held_by(self, roster_id: int | None, note: str) -> None:
        self.captured_by_roster_id = roster_id
        self.captor_changed = True
        self.status_note = note

    def set_status(self, value: str) -> tuple[bool, str]:
        """Apply a status effect: the more serious status wins. Returns (applied, text)."""
        if value == "active":
            was = self.status
            self.status = "active"
            if was == "captured":
                self.held_by(None, "")
            return True, f"status {was} -> active"
        old = self.status
        if SEVERITY.get(value, 0) > SEVERITY.get(old, 0):
            self.status = value
            return True, f"status {value}"
        if value == old:
            return True, f"status {value} (again)"
        return False, f"status {value}: already {old}, which is more serious"


def is_vehicle(f: FighterState) -> bool:
    return (f.kind or "").lower() == "vehicle" or (f.type or "").lower() == "vehicle"


def _norm(text: str) -> str:
    return str(text).strip().lower().replace(" ", "-").replace("_", "-")


def show_stat(value: Any, spec: Mapping[str, Any]) -> str:
    return f"{value}+" if spec.get("kind") == "target" else str(value)


@dataclass
class InjuryRun:
    """What one or more lasting injury rolls produced (records in roll order)."""

    records: list[InjuryRecord] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def extend(self, other: InjuryRun) -> None:
        self.records.extend(other.records)
        self.steps.extend(other.steps)
        self.notes.extend(other.notes)


# --------------------------------------------------------------------------- rolling
def _subject(res: RollResult, sheet: Sheet) -> RollResult:
    res.fighter_id = sheet.fighter_id
    res.extra["subject"] = sheet.name
    return res


def _roll_row(table: Table, purpose: str, rule: str, sheet: Sheet,
              modifier: int = 0) -> Rolling[tuple[RollResult, Row | None]]:
    """Roll ``table`` (its dice plus ``modifier``) and read the row; a modified value
    past the table's ends reads the first/last row, except that a value above the top
    returns no row (the caller decides, e.g. a Write-off)."""
    spec = table.spec
    if spec is None:
        raise InputError(f"table {table.id} is reference data and cannot be rolled")
    text = spec.text if not modifier else f"{spec.text}{modifier:+d}"
    res = _subject((yield ask(text, purpose, rule=rule, fighter_id=sheet.fighter_id, table=table.id)), sheet)
    outcomes = spec.outcomes()
    value = res.value
    row: Row | None
    if value > max(outcomes):
        row = None
    else:
        row = table.lookup(max(value, min(outcomes)))
    res.table = table.id
    if row is not None:
        res.row, res.result = row.roll, row.result
        res.extra["label"] = row.label
    return res, row


def _condition_text(value: str, enemy: Enemy | None) -> tuple[str, str]:
    """(condition as recorded, note when who took the fighter out is unknown)."""
    e = enemy or Enemy()
    if value == "hatred-gang-type":
        target = e.gang_type or (f"{e.roster_name} (gang type not set)" if e.roster_name else "")
    elif value == "hatred-gang":
        target = f"{e.roster_name} (#{e.roster_id})" if e.roster_name else ""
    elif value == "hatred-fighter":
        target = f"{e.fighter_name} (#{e.fighter_id})" if e.fighter_name else ""
    else:
        return value, ""
    if not target:
        return value, "who took it out is not known: add the name to the condition"
    return f"{value}:{target}", ""


def apply_lasting_injury(fighter: FighterState | Sheet, row: Row,
                         tables: Mapping[str, Table], edition: str, *,
                         roll: RollResult | None = None, table_id: str = "",
                         enemy: Enemy | None = None, data: Mapping[str, Any] | None = None,
                         rule: str = RULE_LI, _rules: EditionRules | None = None) -> Rolling[InjuryRun]:
    """Apply every effect of ``row`` to the fighter's working copy (pass a :class:`Sheet`
    to keep the changes; a FighterState gets a fresh copy). Rolls what the row asks for
    (D3 XP, Multiple Injuries). Returns the injury records (this row's first) and steps."""
    rules = _rules or edition_rules(edition, data)
    sheet = fighter if isinstance(fighter, Sheet) else Sheet.of(fighter)
    limits = rules.limits(sheet.vehicle)
    stacking = set(rules.get("stacking_conditions", []))
    run = InjuryRun()
    applied: list[str] = []
    skipped: list[str] = []
    later: list[InjuryRun] = []
    if row.result in set(rules.get("once_only_results", [])) and row.result in sheet.conditions:
        skipped.append(f"{row.label}: only once per fighter, already had")
        effects: tuple[Any, ...] = ()
    else:
        effects = row.effects
    for eff in effects:
        op = eff.op
        if op == "status":
            ok, text = sheet.set_status(str(eff.get("value")))
            (applied if ok else skipped).append(text)
        elif op == "stat":
            key = str(eff.get("stat"))
            delta = int(eff.get("delta"))
            spec = limits.get(key)
            if spec is None:
                skipped.append(f"{key}: not a characteristic of this {'vehicle' if sheet.vehicle else 'fighter'}")
                continue
            cur = sheet.stats.get(key)
            try:
                cur_i = int(str(cur).rstrip("+")) if cur is not None and str(cur).strip() != "" else None
            except ValueError:
                cur_i = None
            if cur_i is None:
                skipped.append(f"{key} {delta:+d}: no {key} on the stat line")
                continue
            new = cur_i + delta
            lo, hi = int(spec["min"]), int(spec["max"])
            if not lo <= new <= hi:
                edge = show_stat(cur_i, spec)
                skipped.append(f"{key} {delta:+d}: already at its limit ({edge})")
                continue
            sheet.stats = {**sheet.stats, key: new}
            applied.append(f"{key} {show_stat(cur_i, spec)} -> {show_stat(new, spec)}")
        elif op == "xp":
            if eff.get("dice"):
                res = _subject((yield ask(str(eff.get("dice")), f"XP for {row.label} ({sheet.name})",
                                          rule=f"{rule}: {row.label}")), sheet)
                gain = res.value
                run.steps.append(Step(f"{rule}: {row.label}", sheet.name, f"gains {gain} XP", res,
                                      sheet.fighter_id))
            else:
                gain = int(eff.get("value"))
            sheet.xp += gain
            applied.append(f"+{gain} XP")
        elif op == "skill":
            name = str(eff.get("value"))
            if _norm(name) in {_norm(s) for s in sheet.skills}:
                skipped.append(f"skill {name}: already held")
            else:
                sheet.skills.append(name)
                sheet.new_skills.append(name)
                applied.append(f"skill {name}")
        elif op == "condition":
            value = str(eff.get("value"))
            cond, missing = _condition_text(value, enemy)
            held = cond in sheet.conditions or _norm(value) in {_norm(s) for s in sheet.skills}
            if held and value not in stacking:
                skipped.append(f"{cond}: already has it")
                continue
            sheet.conditions = [*sheet.conditions, cond]
            applied.append(f"condition {cond}" + (f" ({missing})" if missing else ""))
            if missing:
                run.notes.append(f"{sheet.name}: {row.label}: {missing}")
        elif op == "roll-again":
            sub = yield from _roll_again(sheet, eff, row, tables, rules, enemy, rule)
            applied.append(f"{sub[0]} more roll(s) on {eff.get('table')}")
            later.append(sub[1])
        elif op == "note":
            text = str(eff.get("value"))
            applied.append(f"note: {text}")
            run.notes.append(f"{sheet.name}: {text}")
        else:
            skipped.append(f"{op}: not used by Necromunda")
    if roll is None:  # a result entered by hand
        roll = RollResult(spec="none", faces=[], value=row.low, purpose=f"{row.label} entered by hand",
                          rule=rule, source="typed", table=table_id or None, row=row.roll,
                          result=row.result, fighter_id=sheet.fighter_id,
                          extra={"label": row.label, "subject": sheet.name})
    tid = table_id or roll.table or ""
    rec = InjuryRecord(fighter_id=sheet.fighter_id, table_id=tid, roll=roll, result=row.result,
                       label=row.label, applied=applied, skipped=skipped)
    text = row.label + (f": {'; '.join(applied)}" if applied else ": no lasting effect")
    if skipped:
        text += f" (skipped: {'; '.join(skipped)})"
    run.records.append(rec)
    run.steps.insert(0, Step(rule, sheet.name, text, roll, sheet.fighter_id))
    for sub_run in later:
        run.extend(sub_run)
    return run


def _roll_again(sheet: Sheet, eff: Any, row: Row, tables: Mapping[str, Table],
                rules: EditionRules, enemy: Enemy | None, rule: str) -> Rolling[tuple[int, InjuryRun]]:
    table = _table(tables, str(eff.get("table")), row.label)
    times = eff.get("times", 1)
    run = InjuryRun()
    if isinstance(times, int):
        n = times
    else:
        res = _subject((yield ask(str(times), f"how many more rolls for {row.label} ({sheet.name})",
                                  rule=RULE_MULTI)), sheet)
        n = res.value
        run.steps.append(Step(RULE_MULTI, sheet.name, f"{n} more roll(s) on {table.title}", res,
                              sheet.fighter_id))
    reroll = set(eff.get("reroll", []))
    for i in range(1, n + 1):
        for _ in range(MAX_REROLLS):
            res, got = yield from _roll_row(table, f"{row.label} roll {i} of {n} for {sheet.name}",
                                            RULE_MULTI, sheet)
            assert got is not None
            if got.result in reroll:
                res.extra["rerolled"] = True
                run.steps.append(Step(RULE_MULTI, sheet.name, f"{got.label}: rolled again (not allowed here)",
                                      res, sheet.fighter_id))
                continue
            run.extend((yield from apply_lasting_injury(sheet, got, tables, rules.edition, roll=res,
                                                        table_id=table.id, enemy=enemy, rule=RULE_MULTI,
                                                        _rules=rules)))
            break
        else:
            raise InputError(f"{row.label}: more than {MAX_REROLLS} rerolls for {sheet.name}")
    return n, run


def roll_lasting_injury(fighter: FighterState | Sheet, tables: Mapping[str, Table],
                        edition: str, *, enemy: Enemy | None = None,
                        data: Mapping[str, Any] | None = None) -> Rolling[InjuryRun]:
    """One Lasting Injury roll (fighters) or Lasting Damage roll (vehicles) on the
    edition's table, with every effect applied to the working copy."""
    rules = edition_rules(edition, data)
    sheet = fighter if isinstance(fighter, Sheet) else Sheet.of(fighter)
    if sheet.vehicle:
        table = _table(tables, str(rules.get("lasting_damage_table")), RULE_LD)
        rule = RULE_LD
        mod_cond = rules.get("lasting_damage_modifier_condition")
        modifier = sum(1 for c in sheet.conditions if c == mod_cond) if mod_cond else 0
        res, row = yield from _roll_row(table, f"{table.title} for {sheet.name}", rule, sheet, modifier)
        if row is None or (rules.get("write_off_at") and res.value >= int(rules.get("write_off_at"))):
            return _write_off(sheet, res, table, rule, modifier)
    else:
        table = _table(tables, str(rules.get("lasting_injury_table")), RULE_LI)
        rule = RULE_LI
        res, got = yield from _roll_row(table, f"{table.title} for {sheet.name}", rule, sheet)
        assert got is not None
        row = got
    return (yield from apply_lasting_injury(sheet, row, tables, edition, roll=res, table_id=table.id,
                                            enemy=enemy, rule=rule, _rules=rules))


def _write_off(sheet: Sheet, res: RollResult, table: Table, rule: str, modifier: int) -> InjuryRun:
    res.result, res.row = "write-off", f"{res.value}"
    res.extra["label"] = "Write-off"
    ok, text = sheet.set_status("dead")
    sheet.status_note = "written off (Lasting Damage)"
    rec = InjuryRecord(fighter_id=sheet.fighter_id, table_id=table.id, roll=res, result="write-off",
                       label="Write-off", applied=[text, "beyond repair"], skipped=[])
    why = f" (+{modifier} for Persistent Rattle)" if modifier else ""
    return InjuryRun(records=[rec], steps=[Step(rule, sheet.name, f"Write-off{why}: beyond repair", res,
                                                sheet.fighter_id)])


# --------------------------------------------------------------------------- treatment
def treat_critical(sheet: Sheet, tables: Mapping[str, Table], rules: EditionRules,
                   credits: int) -> Rolling[tuple[int, list[Step], bool]]:
    """The gang pays for a Critical Injury's treatment: roll the cost (credits), then
    the treatment D6. Returns (cost paid, steps, paid?). Without enough credits nothing
    is paid and nothing rolled after the cost."""
    steps: list[Step] = []
    cost_dice = str(rules.get("treatment_cost_dice", "2d6"))
    mult = int(rules.get("treatment_cost_multiplier", 10))
    cres = _subject((yield ask(cost_dice, f"treatment cost for {sheet.name}", rule=RULE_CRIT)), sheet)
    cost = cres.value * mult
    cres.extra["label"] = f"{cost} credits"
    if cost > credits:
        steps.append(Step(RULE_CRIT, sheet.name, f"treatment costs {cost} credits; the gang has {credits}: "
                          "it cannot pay", cres, sheet.fighter_id))
        return 0, steps, False
    steps.append(Step(RULE_CRIT, sheet.name, f"the gang pays {cost} credits for treatment", cres,
                      sheet.fighter_id))
    table = _table(tables, str(rules.get("treatment_table")), RULE_CRIT)
    res, row = yield from _roll_row(table, f"{table.title} for {sheet.name}", RULE_CRIT, sheet)
    assert row is not None
    crit = set(rules.critical_conditions)
    sheet.conditions = [c for c in sheet.conditions if c not in crit]
    texts = []
    for eff in row.effects:
        if eff.op == "status":
            if eff.get("value") == "dead":
                sheet.status = "dead"
                sheet.status_note = "died of a critical injury despite treatment"
                texts.append("dies")
            else:
                sheet.status = str(eff.get("value"))
                sheet.status_note = "critical injury treated"
                texts.append(f"status {sheet.status}")
    steps.append(Step(RULE_CRIT, sheet.name, f"{row.label}: {', '.join(texts) or row.text}", res,
                      sheet.fighter_id))
    return cost, steps, True


def let_die(sheet: Sheet, why: str, rules: EditionRules) -> Step:
    crit = set(rules.critical_conditions)
    sheet.conditions = [c for c in sheet.conditions if c not in crit]
    sheet.status = "dead"
    sheet.status_note = why
    return Step(RULE_CRIT, sheet.name, f"not treated: dies ({why})", None, sheet.fighter_id)


def has_critical(sheet: Sheet, rules: EditionRules) -> bool:
    return any(c in sheet.conditions for c in rules.critical_conditions)


# --------------------------------------------------------------------------- after the battle
def _enemy(state: BattleState, f: FighterState) -> Enemy:
    att = state.fighters.get(f.by_fighter_id) if f.by_fighter_id is not None else None
    if att is not None and att.roster_id != f.roster_id:
        r = state.rosters.get(att.roster_id)
        return Enemy(att.id, att.name, att.roster_id, r.name if r else "", r.faction if r else "")
    r2 = _captor(state, f)
    if r2 is not None:
        return Enemy(None, "", r2.id, r2.name, r2.faction)
    return Enemy()


def _captor(state: BattleState, f: FighterState) -> Any:
    """The roster holding a captured fighter: the attacker's, else the only other
    roster, else the winner (when not the fighter's own)."""
    att = state.fighters.get(f.by_fighter_id) if f.by_fighter_id is not None else None
    if att is not None and att.roster_id != f.roster_id and att.roster_id in state.rosters:
        return state.rosters[att.roster_id]
    others = [r for rid, r in sorted(state.rosters.items()) if rid != f.roster_id]
    if len(others) == 1:
        return others[0]
    if state.winner_roster_id is not None and state.winner_roster_id != f.roster_id:
        return state.rosters.get(state.winner_roster_id)
    return None


def _escape(sheet: Sheet, f: FighterState, state: BattleState,
            tables: Mapping[str, Table], rules: EditionRules) -> Rolling[list[Step]]:
    table = _table(tables, str(rules.get("escape_table")), RULE_ESCAPE)
    own = state.rosters.get(f.roster_id)
    result = own.result if own is not None else ""
    mods = rules.get("escape_modifiers", {})
    outcome = result or "draw"
    modifier = int(mods.get(outcome, 0))
    res, row = yield from _roll_row(table, f"escape roll for {sheet.name}", RULE_ESCAPE, sheet, modifier)
    did = {"win": "won", "loss": "lost"}.get(outcome, "drew")
    why = "" if not modifier else f" ({modifier:+d}: the gang {did}" + (", no winner recorded)" if not result else ")")
    if row is None:  # cannot happen with negative modifiers; a score past 6 escapes
        row = table.rows[-1]
    escaped = any(e.op == "status" and e.get("value") == "active" for e in row.effects)
    if escaped:
        sheet.set_status("active")
        return [Step(RULE_ESCAPE, sheet.name, f"{row.label}{why}: back with the gang", res, sheet.fighter_id)]
    return [Step(RULE_ESCAPE, sheet.name, f"{row.label}{why}", res, sheet.fighter_id)]


def _treat_set(options: Mapping[str, Any], state: BattleState) -> set[int]:
    raw = options.get("treat") or ()
    if isinstance(raw, (str, int)):
        raw = [raw]
    out: set[int] = set()
    for ref in raw:
        text = str(ref).strip()
        hits = [f.id for f in state.fighters.values() if str(f.id) == text or f.name == text]
        if len(hits) != 1:
            raise InputError(f"--treat {text!r} is not (exactly one) fighter of this battle")
        out.add(hits[0])
    return out


def after_battle(state: BattleState, options: Mapping[str, Any]) -> Rolling[Outcome]:
    rules = edition_rules(state.edition, state.data)
    tables = state.tables
    out = Outcome()
    treat = _treat_set(options or {}, state)
    sheets: dict[int, Sheet] = {}
    credits = {rid: r.credits for rid, r in state.rosters.items()}
    paid: dict[int, list[str]] = {}
    touched: set[int] = set()

    def sheet(fid: int) -> Sheet:
        if fid not in sheets:
            sheets[fid] = Sheet.of(state.fighters[fid])
        return sheets[fid]

    took_part = [f for _, f in sorted(state.fighters.items()) if f.result is not None]
    out_of_action: list[tuple[FighterState, str]] = []

    # 1. Seriously Injured check (N23)
    si_table_id = rules.get("seriously_injured_table")
    for f in took_part:
        if f.result == "out-of-action":
            out_of_action.append((f, ""))
        elif f.result == "captured":
            out_of_action.append((f, "captured"))
    if si_table_id:
        table = _table(tables, str(si_table_id), RULE_SI)
        for f in took_part:
            if f.result != "seriously-injured" or is_vehicle(f):
                continue
            sh = sheet(f.id)
            res, row = yield from _roll_row(table, f"seriously injured check for {f.name}", RULE_SI, sh)
            assert row is not None
            fails = any(e.op == "roll-again" for e in row.effects) or row.result == "out-of-action"
            out.steps.append(Step(RULE_SI, f.name, "counts as Out of Action" if fails else row.label, res, f.id))
            if fails:
                out_of_action.append((f, ""))
        out_of_action.sort(key=lambda x: x[0].id)

    # 2. Lasting injuries and their consequences, fighter by fighter
    for f, how in out_of_action:
        sh = sheet(f.id)
        touched.add(f.id)
        if how == "captured":
            sh.set_status("captured")
            out.steps.append(Step(RULE_CAPTURE, f.name, "captured in the battle (no lasting injury roll)",
                                  None, f.id))
        else:
            run = yield from roll_lasting_injury(sh, tables, state.edition, enemy=_enemy(state, f),
                                                 data=state.data)
            out.steps.extend(run.steps)
            out.injuries.extend(run.records)
            out.notes.extend(run.notes)
        if sh.status == "captured":
            captor = _captor(state, f)
            if captor is None:
                raise InputError(
                    f"{f.name} was captured but not by a known gang: name who took them out "
                    f"(battle record ... --by {f.name}=ATTACKER)"
                )
            sh.held_by(captor.id, f"held by {captor.name}")
            out.steps.append(Step(RULE_CAPTURE, f.name, f"held by {captor.name}", None, f.id))
            if rules.get("escape_table"):
                out.steps.extend((yield from _escape(sh, f, state, tables, rules)))
            else:
                out.steps.append(Step(RULE_CAPTURE, f.name,
                                      "held until rescued or exchanged (captive release)", None, f.id))
        if has_critical(sh, rules) and sh.status != "dead":
            if f.id in treat:
                cost, steps, ok = yield from treat_critical(sh, tables, rules, credits.get(f.roster_id, 0))
                out.steps.append(Step(RULE_CRIT, f.name, "the gang chooses to treat", None, f.id))
                out.steps.extend(steps)
                if ok:
                    credits[f.roster_id] = credits.get(f.roster_id, 0) - cost
                    paid.setdefault(f.roster_id, []).append(f"{f.name} {cost}")
                    continue
            else:
                out.steps.append(Step(RULE_CRIT, f.name, "the gang does not pay for treatment", None, f.id))
            if rules.decides_critical_now:
                out.steps.append(let_die(sh, "critical injury, not treated", rules))
            else:
                sh.status_note = "critical injury: treat it or it dies at the end of the cycle"
                out.steps.append(Step(RULE_CRIT, f.name, "stays In Recovery; treat it by the end of the cycle "
                                      "(cycle end --treat) or it dies", None, f.id))

    # 3. Experience
    xp_rules = rules.xp
    if xp_rules:
        gains: dict[int, list[tuple[int, str]]] = {}
        for f in took_part:
            if xp_rules.get("took_part"):
                gains.setdefault(f.id, []).append((int(xp_rules["took_part"]), "took part"))
            att = state.fighters.get(f.by_fighter_id) if f.by_fighter_id is not None else None
            if att is None or att.roster_id == f.roster_id:
                continue
            if f.result == "seriously-injured" and xp_rules.get("serious_injury_caused"):
                gains.setdefault(att.id, []).append(
                    (int(xp_rules["serious_injury_caused"]), f"seriously injured {f.name}"))
            elif f.result in OUT_RESULTS and xp_rules.get("out_of_action_caused"):
                n = int(xp_rules["out_of_action_caused"])
                why = f"took {f.name} out of action"
                if (f.type or "").lower() in LEADERS and xp_rules.get("leader_champion_bonus"):
                    n += int(xp_rules["leader_champion_bonus"])
                    why += f" (a {f.type.lower()})"
                gains.setdefault(att.id, []).append((n, why))
        for fid in sorted(gains):
            total = sum(n for n, _ in gains[fid])
            sh = sheet(fid)
            sh.xp += total
            out.steps.append(Step(RULE_XP, sh.name, f"+{total} XP ({'; '.join(w for _, w in gains[fid])})",
                                  None, fid))
    else:
        out.notes.append("no XP awards in this edition's data: add XP by hand")

    # 4. Clear Recovery (N23: at the wrap-up of the next battle)
    if rules.clears_recovery_after_next_battle:
        for fid, f in sorted(state.fighters.items()):
            if f.status not in ("in-recovery", "convalescence") or fid in touched:
                continue
            if any(c in (f.conditions or []) for c in rules.critical_conditions):
                continue  # an untreated critical injury waits for its decision
            sh = sheet(fid)
            sh.status = "active"
            out.steps.append(Step(RULE_CLEAR, f.name, f"back from {f.status.replace('-', ' ')}", None, fid))

    for fid, sh in sorted(sheets.items()):
        cols = sh.columns(state.fighters[fid])
        if cols:
            out.change(fid, "after the battle", **cols)
        for name in sh.new_skills:
            out.skills.append(SkillGain(fid, name, "injury"))
    for rid, items in sorted(paid.items()):
        out.roster_changes.append(RosterChange(rid, {"credits": credits[rid]},
                                               f"treatment: {', '.join(items)} credits"))
    return out


register(Procedures(system=SYSTEM, after_battle=after_battle, default_result="fine",
                    result_statuses=NECRO_STATUSES, unavailable=UNAVAILABLE))

