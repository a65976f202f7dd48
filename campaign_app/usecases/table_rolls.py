"""Tables a system rolls with a small procedure (``Procedures.table_rolls``): a spotting
test, a shooting table, damage tables (the game's own). The inputs come from
the figures at the table (``--fighter``, who rolls; ``--target-fighter``, the one on the
other end: their Rep, creature kind and weapon) or are given (``--rep``, ``--vs-rep``,
``--impact``, ``--shots``, ``--flag``, ``--per-die``); a given number wins over the
figure's.

The figures are read first, the procedure rolls (pure), then one unit of work records
every roll (faces, table, row, the rule) against the battle or the campaign and, in a
battle in progress, applies what the roll says: the target's status (one of the
system's battle statuses) and the shooter's hit, as a status or hit mark (one undo
step, like ``battle track``). Bad input: one line, nothing written."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from campaign_app.changes import Changes
from campaign_app.dice import Roller
from campaign_app.errors import InputError, NotFoundError
from campaign_app.procedure_driver import drive
from campaign_app.rules import Table, load_rulebook
from campaign_app.systems import get_system
from campaign_app.systems.base import Procedures, TableProcedure, TableRollInputs, TableRollOutcome
from campaign_app.systems.info import campaign_tables
from campaign_app.usecases.campaigns import tables_for
from campaign_app.usecases.common import Ref, clean_int, get_campaign
from campaign_app.usecases.results import RollOutcome
from db.models import Equipment, Fighter
from db.uow import UnitOfWork, read_session

REP_RANGE = (1, 10)
INPUT_KEYS = ("rep", "vs_rep", "kind", "vs_kind", "impact", "shots", "flags", "per_die", "target_fighter", "weapon")


@dataclass(frozen=True, kw_only=True)
class TableRolled(RollOutcome):
    """A table rolled by a procedure: the roll outcome, every roll made (``rolls``), a
    line per die or step, and what was applied at the table."""

    lines: list[str] = field(default_factory=list)
    rolls: list[dict[str, Any]] = field(default_factory=list)
    status: str | None = None
    applied: list[str] = field(default_factory=list)


def has_inputs(inputs: Mapping[str, Any] | None) -> bool:
    return any(v not in (None, "", (), []) for v in (inputs or {}).values())


def _weapon(s: Any, f: Fighter, name: str | None) -> Equipment | None:
    from db.queries.fighters import equipment_of

    items = equipment_of(s, [f.id])
    if name:
        hit = [e for e in items if e.name.lower() == name.strip().lower()]
        if not hit:
            raise InputError(f"{f.name} has no weapon {name!r}"
                             + (f" (has: {', '.join(e.name for e in items)})" if items else ""))
        return hit[0]
    return next((e for e in items if e.category == "weapon" and (e.targets is not None or e.impact is not None)), None)


def _flags(proc: TableProcedure, table: Table, given: Iterable[str] | str | None) -> frozenset[str]:
    if given is None:
        return frozenset()
    items = given.split(",") if isinstance(given, str) else list(given)
    out = set()
    for raw in items:
        f = str(raw).strip().lower()
        if not f:
            continue
        if f not in proc.flags:
            offered = ", ".join(proc.flags) or "none"
            raise InputError(f"{table.title} takes no flag {f!r} (its flags: {offered})")
        out.add(f)
    return frozenset(out)


def _per_die(given: Any) -> tuple[int, ...]:
    if given is None or given == "":
        return ()
    items = str(given).replace(" ", ",").split(",") if isinstance(given, str) else list(given)
    return tuple(clean_int(x, "a die's target", 1, 20) for x in items if str(x).strip())


def _num(v: Any, what: str, lo: int, hi: int) -> int | None:
    return clean_int(v, what, lo, hi) if v is not None and str(v).strip() else None


def procedure_roll(engine: Any, table_id: str, proc: Procedures, *, campaign: Ref | None = None,
                   battle: Ref | None = None, fighter: Ref | None = None,
                   inputs: Mapping[str, Any] | None = None, dice: Any = None, seed: int | None = None) -> TableRolled:
    """Roll ``table_id`` with its procedure (see the module)."""
    from campaign_app.usecases.table import IN_PROGRESS, SETUP, _battle, _in_battle, _need_state

    inputs = dict(inputs or {})
    unknown = set(inputs) - set(INPUT_KEYS)
    if unknown:
        raise InputError(f"unknown roll input {sorted(unknown)[0]!r}")
    roller = Roller.from_options(dice, seed)
    tp = proc.table_rolls[table_id]
    # --- read: the tables, the rules data and the figures
    who: Fighter | None = None
    vs: Fighter | None = None
    battle_id: int | None = None
    campaign_id: int | None = None
    in_progress = False
    with read_session(engine) as s:
        if battle is not None:
            b, c = _battle(s, battle)
            _need_state(b, SETUP, IN_PROGRESS, doing="roll on its tables")
            battle_id, in_progress = b.id, b.state == IN_PROGRESS
        elif campaign is not None:
            c = get_campaign(s, campaign)
        else:
            c = None
        if c is not None:
            campaign_id = c.id
            tables = tables_for(c)
            data = load_rulebook().data(c.system, c.edition, c.expansions or [])
            if table_id not in tables:
                raise NotFoundError(f"{c.name} ({get_system(c.system).name}) has no table {table_id!r}")
        else:
            book = load_rulebook()
            t0 = book.table(table_id)
            every = list(get_system(t0.system).expansions)  # no campaign: the creatures of every expansion
            data = book.data(t0.system, t0.edition, every)
            tables = campaign_tables(t0.system, t0.edition, every, {})
        table = tables[table_id]
        gun: Equipment | None = None
        if battle is not None:
            roll, by_f, _ = _in_battle(s, b)
            if fighter is not None and str(fighter).strip():
                who = roll.fighter(fighter, "fighter rolling")
                gun = _weapon(s, who, inputs.get("weapon"))
            tf = inputs.get("target_fighter")
            if tf is not None and str(tf).strip():
                vs = roll.fighter(tf, "target fighter")
                st = by_f[vs.id].status  # type: ignore[index]
                if st in proc.down_results:
                    raise InputError(f"{vs.name} is {st.replace('-', ' ')} already")
        else:
            for k in ("target_fighter", "weapon"):
                if inputs.get(k):
                    raise InputError(f"--{k.replace('_', '-')} names a figure of a battle: give --battle too")
            if fighter is not None and str(fighter).strip():
                raise InputError("--fighter names a figure of a battle: give --battle too")
    rep = _num(inputs.get("rep"), "Rep", *REP_RANGE)
    vs_rep = _num(inputs.get("vs_rep"), "the other figure's Rep", *REP_RANGE)
    impact = _num(inputs.get("impact"), "impact", 0, 10)
    shots = _num(inputs.get("shots"), "shots (the weapon's Target number)", 1, 20)
    if rep is None and who is not None:
        rep = who.rep
    if vs_rep is None and vs is not None:
        vs_rep = vs.rep
    if gun is not None:
        impact = impact if impact is not None else gun.impact
        shots = shots if shots is not None else gun.targets
    per_die = _per_die(inputs.get("per_die"))
    if per_die and not tp.per_die:
        raise InputError(f"{table.title} is not allotted die by die: no --per-die")
    kinds = ["human", *(data.get("creatures") or {})]

    def kind_of(given: Any, f: Fighter | None, what: str) -> str:
        k = str(given or "").strip().lower()
        if k and k not in kinds:
            raise InputError(f"{what} {k!r} is not one of {', '.join(kinds)}")
        return k or ((f.kind if f is not None else "") or "human")

    inp = TableRollInputs(
        rep=rep, vs_rep=vs_rep, impact=impact, shots=shots,
        kind=kind_of(inputs.get("kind"), who, "--kind"),
        vs_kind=kind_of(inputs.get("vs_kind"), vs, "--vs-kind"),
        flags=_flags(tp, table, inputs.get("flags")), per_die=per_die,
        who=who.name if who is not None else "", vs_who=vs.name if vs is not None else "")
    ids = (who.id if who is not None else None, vs.id if vs is not None else None)
    out: TableRollOutcome = drive(tp.run(table, tables, data, inp, ids), roller)
    roller.finish()
    names = {f.id: f.name for f in (who, vs) if f is not None}
    for r in roller.rolls:  # who each roll was for, as the roll record shows it
        subject = names.get(r.fighter_id) if r.fighter_id is not None else None
        if subject or battle_id is not None:
            r.extra["subject"] = subject or f"battle {battle}"
    # --- write: the rolls, and at the table what they mean
    applied: list[str] = []
    changes = Changes()
    if campaign_id is not None:
        marking = in_progress and ((out.status is not None and vs is not None) or (out.scored_hit and who is not None))
        with UnitOfWork(engine, "battle.mark" if marking else "roll", journaled=marking) as uow:
            s = uow.session
            uow.campaign_id = campaign_id
            if marking:
                from campaign_app.usecases.table import _mark, put_status

                assert battle_id is not None
                b, _c = _battle(s, battle_id)
                _roll, by_f, _ = _in_battle(s, b)
                if out.status is not None and vs is not None:
                    res = by_f[vs.id]  # type: ignore[index]
                    if res.status != out.status:
                        attacker = who if who is not None and who.roster_id != vs.roster_id else None
                        if attacker is not None and out.status in proc.down_results:
                            res.by_fighter_id, res.by_roster_id = attacker.id, attacker.roster_id
                        put_status(uow, b, res, vs.name, out.status, attacker)
                        applied.append(f"{vs.name}: {out.status.replace('-', ' ')}")
                if out.scored_hit and who is not None:
                    res = by_f[who.id]  # type: ignore[index]
                    if not res.scored_hit:
                        res.scored_hit = True
                        _mark(uow, b, res, "hit", "hit", "", who.name, f"{who.name} scores a hit")
                        applied.append(f"{who.name} scores a hit")
            uow.record_rolls(roller, battle_id=battle_id)
        changes = uow.changes
    if not roller.rolls:
        raise InputError(f"{table.title}: nothing to roll (neither side rolls dice)")
    first = roller.rolls[0]
    return TableRolled(
        table=table.id, title=table.title, dice=" + ".join(r.spec for r in roller.rolls),
        faces=[f for r in roller.rolls for f in r.faces], target=first.target, value=out.value,
        row=str(first.row or ""), result=out.result, label=out.label, text=out.text, effects=[],
        source=first.source, recorded=campaign_id is not None, house_rule=table.house_rule,
        default=table.default or out.default, lines=list(out.lines),
        rolls=[r.to_dict() for r in roller.rolls], status=out.status, applied=applied, changes=changes)


def procedure_for(engine: Any, table_id: str, *, campaign: Ref | None = None, battle: Ref | None = None,
                  inputs: Mapping[str, Any] | None = None) -> Procedures | None:
    """The system procedures that roll ``table_id`` with inputs, or None for a plain
    table (or one the campaign does not know: the caller says so)."""
    from campaign_app.systems import game_system
    from campaign_app.usecases.table import _battle

    system: str | None = None
    if battle is not None or campaign is not None:
        with read_session(engine) as s:
            c = _battle(s, battle)[1] if battle is not None else get_campaign(s, campaign)  # type: ignore[arg-type]
            system = c.system
    else:
        try:
            system = load_rulebook().table(table_id).system
        except Exception:  # an unknown table: the plain path names it
            return None
    if not system:
        return None
    proc = game_system(system).procedures()
    if proc is None or table_id not in proc.table_rolls:
        return None
    return proc
