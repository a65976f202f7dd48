"""NUTS! 4th edition and its Weird WWII expansion: the pure procedures.

Nothing here touches the database: every function takes plain data, the campaign's
tables (house rules applied) and returns plain data; what rolls is a generator (it yields
each roll's :class:`~campaign_app.dice.DiceRequest`: ``campaign_app.procedure_driver``).

After the Battle (:func:`after_battle`), in this order, per RULES.md sections 1 and 2:

1. **Obviously Dead** figures are dead (status ``dead``).
2. **Zombie victims**: a figure that ended ``turned``, or that went OD or OOF from zombie
   melee (the battle result's ``details["zombie"]`` is true, or the fighter that put it
   down is a zombie), rises as a zombie. It *leaves the roster* by taking the status
   ``turned``: it is kept (with its history and roll record) but can never fight again
   for the squad, like the dead. Nothing is deleted, so the battle log stays whole.
3. **They Can Sure Bite**: each bite of the game (a ``bitten`` result counts one; a
   figure tracked at the table ``bitten`` twice, ``details["marked"]["bitten"]``, two)
   rolls the ``ww2-bite`` table (1d6 vs Rep); failing turns it (status ``turned``). A
   Star passes his first bite of each game without a roll (seed 001: "the first time
   during a game"); a later bite in the same game is rolled. A bite already tested at
   the table (the zombies' bite command, ``details["bite_tests"]``) is not tested
   again: its result stands (a failed one turns the figure).
4. **OOF recovery**: every other OOF figure rolls ``nuts-recovery`` (2d6 vs Rep) and
   takes the status its row sets (``active``, ``in-recovery`` = misses the next
   battle, ``lost``).
5. **Rep increase**: a figure that scored a hit, was not OOF, did not hunker down and is
   still with the squad rolls ``nuts-rep-increase`` (1d6): a row with a ``rep`` effect
   applies it; the ``compare-rep`` row raises Rep by 1 when the score beats the Rep.
6. **Rep decrease**: a figure that hunkered down or left the battlefield rolls
   ``nuts-rep-decrease`` (1d6) and applies its row's ``rep`` effect. Rep stays 1..6.
   Zombies (always Rep 2) and figures without a Rep (walkers) roll neither.
7. **Back from recovery**: a figure ``in-recovery`` that did not take part in this
   battle has now missed it, and returns to ``active`` (no roll).
8. **Replacements** (unless ``options["replacements"]`` is false): in every taking-part
   roster the squad leader rolls ``nuts-replacements`` (2d6 vs Rep); each new grunt
   rolls ``nuts-grunt-rep`` for its Rep and is named "Replacement N". The squad leader
   is the first of the roster's human, non-crew figures with a Rep that are still
   active after steps 1-7, ordered: role "leader" first, then Stars, then the highest
   Rep, then the oldest (lowest id). So when the leader is dead, lost, turned or in
   recovery, the next in line rolls. A grunt's Rep roll carries
   ``extra["new_fighter"]``, its index in ``Outcome.new_fighters``, so the use-case can
   set the roll's fighter id once the new fighter is written.

Every roll is made through the roller with the rule that asked for it, and each shows
as a :class:`Step`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from campaign_app.dice import Rolling, RollResult
from campaign_app.errors import InputError, RulesDataError
from campaign_app.rules import Row, Table
from campaign_app.rules.rolling import roll_on
from campaign_app.systems.base import (
    BattleState,
    FighterState,
    NewFighter,
    Outcome,
    Procedures,
    Step,
    register,
)
from campaign_app.systems.nuts import STATUSES as NUTS_STATUSES
from campaign_app.systems.nuts.combat import TABLE_ROLLS

REP_MIN, REP_MAX = 1, 6
ZOMBIE_REP = 2
SUPER_REP = 5
GONE = ("dead", "lost", "turned", "captured", "retired")

RULE_OD = "Obviously Dead"
RULE_TURNED = "Turned zombie"
RULE_BITE = "They Can Sure Bite"
RULE_RECOVERY = "OOF recovery"
RULE_REP_UP = "Rep increase"
RULE_REP_DOWN = "Rep decrease"
RULE_BACK = "Back from recovery"
RULE_REPLACEMENTS = "Replacements"
RULE_GRUNT_REP = "Grunt Rep"
RULE_CREATURE = "Creature Rep"


# --------------------------------------------------------------------------- helpers
def _table(tables: Mapping[str, Table], table_id: str, why: str) -> Table:
    t = tables.get(table_id)
    if t is None:
        raise InputError(f"{why} needs the table {table_id!r}, which this campaign does not have"
                         + (" (enable the weird-ww2 expansion)" if table_id.startswith("ww2-") else ""))
    return t


def _clamp_rep(value: int) -> int:
    return max(REP_MIN, min(REP_MAX, value))


def _faces(res: RollResult) -> str:
    vs = f" vs {res.target}" if res.target is not None else ""
    return f"{res.spec}{vs} [{res.faces_text}]"


def _row_status(row: Row) -> str | None:
    for e in row.effects:
        if e.op == "status":
            return str(e.get("value"))
    return None


def _row_rep(row: Row, rep: int, score: int) -> tuple[int, str]:
    """Apply a Rep row: ``rep``/``set-rep`` effects, or the ``compare-rep`` rule."""
    new = rep
    said = ""
    for e in row.effects:
        if e.op == "rep":
            new = _clamp_rep(new + int(e.get("delta", 0)))
        elif e.op == "set-rep":
            new = _clamp_rep(int(e.get("value")))
    if row.result == "compare-rep" and not any(e.op in ("rep", "set-rep") for e in row.effects):
        if score > rep:
            new = _clamp_rep(rep + 1)
            said = f"score {score} beats Rep {rep}"
        else:
            said = f"score {score} does not beat Rep {rep}"
    return new, said


def _promises_change(row: Row, rep: int) -> bool:
    """Whether a Rep row's label reads as a change of ``rep`` (``Rep up``, ``Beat your
    Rep``), as opposed to a row that leaves Rep alone (``No change``)."""
    if row.result == "compare-rep":
        return True
    return any((e.op == "rep" and int(e.get("delta", 0)) != 0)
               or (e.op == "set-rep" and int(e.get("value")) != rep) for e in row.effects)


def _apply_rep_row(tr: _Track, f: FighterState, rule: str, res: RollResult, row: Row, rep: int) -> None:
    new, said = _row_rep(row, rep, res.value)
    why = said or row.label
    # the roll record shows the row's label as the result: make it say what happened
    # (a "Beat your Rep" row that did not beat it, a "Rep up" at the top of the scale)
    if new == rep and _promises_change(row, rep):
        res.extra["label"] = "No change"
    elif new > rep and row.result == "compare-rep":
        res.extra["label"] = "Rep up"
    if new != rep:
        tr.set_rep(f, new, rule)
        tr.step(rule, f, f"{why}: Rep {rep} -> {new}", res)
        return
    limit = ""
    deltas = [int(e.get("delta", 0)) for e in row.effects if e.op == "rep"]
    if any(d > 0 for d in deltas) and rep == REP_MAX:
        limit = f" (Rep never goes above {REP_MAX})"
    elif any(d < 0 for d in deltas) and rep == REP_MIN:
        limit = f" (Rep never goes below {REP_MIN})"
    tr.step(rule, f, f"{why}: Rep stays {rep}{limit}", res)


def _row_text(row: Row) -> str:
    """A row's consequence in words (its text, else its label), ending with a full stop."""
    text = (row.text or row.label).strip()
    return text if text.endswith((".", "!", "?")) else f"{text}."


def _notes(row: Row) -> str:
    return " ".join(str(e.get("value")) for e in row.effects if e.op == "note")


def bites(f: FighterState) -> int:
    """How many times ``f`` was bitten in the battle: the times it was marked ``bitten``
    at the table, at least one when its result is ``bitten``."""
    marked = f.details.get("marked") if isinstance(f.details, Mapping) else None
    n = int(marked.get("bitten", 0)) if isinstance(marked, Mapping) else 0
    return max(n, 1) if f.result == "bitten" else n


def bite_tests(details: Mapping[str, Any] | None) -> list[str]:
    """The bite tests taken at the table during the battle (the zombies' bite command),
    kept in a figure's battle result details, in order: a result key of ``ww2-bite``, or
    ``free`` (a Star's first of the game)."""
    raw = details.get("bite_tests") if isinstance(details, Mapping) else None
    return [str(x) for x in raw] if isinstance(raw, list) else []


def _bite_at_table(tr: _Track, f: FighterState, tables: Mapping[str, Table], result: str, which: str,
                   battle: str) -> bool:
    """One bite tested at the table: its step, and its status (True when that ends the
    figure's bites: it turns)."""
    if result == "free":
        tr.step(RULE_BITE, f, f"{which} tested at the table: a Star's first bite of the game, passed "
                              "without a roll (just a scratch)")
        return False
    table = _table(tables, "ww2-bite", f"{f.name}'s bite test")
    try:
        row = table.row_by_result(result)
    except RulesDataError:
        raise InputError(f"{f.name}'s bite test at the table gave {result!r}, which the bite table does not "
                         "have") from None
    status = _row_status(row)
    text = f"{which} tested at the table: {_row_text(row)}"
    if status is not None:
        note = f"bitten in {battle}: turned zombie" if status == "turned" else f"bitten in {battle}"
        tr.set_status(f, status, RULE_BITE, note)
        text += f" Status {status}" + (": leaves the roster." if status in GONE else ".")
    tr.step(RULE_BITE, f, text)
    return status is not None


def _is_zombie_victim(f: FighterState, fighters: Mapping[int, FighterState]) -> bool:
    if f.result not in ("obviously-dead", "out-of-the-fight"):
        return False
    if f.details.get("zombie"):
        return True
    by = fighters.get(f.by_fighter_id) if f.by_fighter_id is not None else None
    return by is not None and by.kind == "zombie"


class _Track:
    """The figures' state as the procedure goes (status, Rep, conditions)."""

    def __init__(self, state: BattleState, out: Outcome) -> None:
        self.state = state
        self.out = out
        self.status = {fid: f.status for fid, f in state.fighters.items()}
        self.rep = {fid: f.rep for fid, f in state.fighters.items()}

    def set_status(self, f: FighterState, status: str, reason: str, note: str | None = None) -> None:
        """Change the status; ``note`` (when not None) replaces the status note."""
        self.status[f.id] = status
        values: dict[str, Any] = {"status": status}
        if note is not None:
            values["status_note"] = note
        self.out.change(f.id, reason, **values)

    def set_rep(self, f: FighterState, rep: int, reason: str) -> None:
        self.rep[f.id] = rep
        self.out.change(f.id, reason, rep=rep)

    def step(self, rule: str, f: FighterState, text: str, roll: RollResult | None = None) -> None:
        self.out.steps.append(Step(rule=rule, subject=f.name, text=text, roll=roll, fighter_id=f.id))


# --------------------------------------------------------------------------- after the battle
def after_battle(state: BattleState, options: Mapping[str, Any]) -> Rolling[Outcome]:
    """NUTS! (and Weird WWII) After the Battle; see the module docstring for the order."""
    out = Outcome()
    tr = _Track(state, out)
    tables = state.tables
    fighters = [state.fighters[k] for k in sorted(state.fighters)]
    taking_part = [f for f in fighters if f.result is not None]
    battle = f"battle {state.number}"
    for f in taking_part:
        if f.result not in NUTS_STATUSES:
            raise InputError(f"{f.name}: battle result {f.result!r} is not a NUTS! status "
                             f"({', '.join(NUTS_STATUSES)})")

    # 1-2. the dead, and those who rose as zombies
    handled: set[int] = set()
    for f in taking_part:
        if f.result == "turned" or _is_zombie_victim(f, state.fighters):
            how = {"turned": "turned zombie during the battle",
                   "obviously-dead": "killed in zombie melee",
                   "out-of-the-fight": "put out of the fight in zombie melee"}[f.result or "turned"]
            tr.set_status(f, "turned", RULE_TURNED, f"turned zombie in {battle}")
            tr.step(RULE_TURNED, f, f"{how}: rises as a zombie and leaves the roster")
            handled.add(f.id)
        elif f.result == "obviously-dead":
            tr.set_status(f, "dead", RULE_OD, f"obviously dead in {battle}")
            tr.step(RULE_OD, f, "obviously dead: removed from the squad (dead)")
            handled.add(f.id)

    # 3. bites: every bite of the game is its own test (seed 001: a Star passes the first
    # time during a game he is knocked down by a zombie; the second time he rolls)
    for f in taking_part:
        n = bites(f)
        if not n or f.id in handled:
            continue
        tested = bite_tests(f.details)
        n = max(n, len(tested))
        for k in range(1, n + 1):
            which = f"bite {k} of {n}" if n > 1 else "bite"
            if k <= len(tested):  # tested at the table already: not tested again
                if _bite_at_table(tr, f, tables, tested[k - 1], which, battle):
                    handled.add(f.id)
                    break
                continue
            if f.type == "star" and k == 1:
                tr.step(RULE_BITE, f, "a Star's first bite of the game: passes without a roll (just a scratch)")
                continue
            table = _table(tables, "ww2-bite", f"{f.name}'s bite test")
            if f.rep is None:
                raise InputError(f"{f.name} was bitten but has no Rep to roll the bite test against")
            res, row = yield from roll_on(table, f"{f.name}: bite test" + (f" ({which})" if n > 1 else ""),
                               target=f.rep, rule=RULE_BITE, fighter_id=f.id, subject=f.name)
            status = _row_status(row)
            text = _row_text(row)
            if status is not None:
                note = f"bitten in {battle}: turned zombie" if status == "turned" else f"bitten in {battle}"
                tr.set_status(f, status, RULE_BITE, note)
                handled.add(f.id)
                text += f" Status {status}" + (": leaves the roster." if status in GONE else ".")
            extra = "" if row.text else _notes(row)
            tr.step(RULE_BITE, f, f"{text}{' ' + extra if extra else ''}", res)
            if f.id in handled:
                break
        if f.result == "bitten":
            handled.add(f.id)  # bitten and still standing: nothing more to roll

    # 4. OOF recovery
    for f in taking_part:
        if f.result != "out-of-the-fight" or f.id in handled:
            continue
        handled.add(f.id)
        if f.rep is None:
            tr.step(RULE_RECOVERY, f, "out of the fight but has no Rep: set its status by hand")
            continue
        table = _table(tables, "nuts-recovery", f"{f.name}'s recovery")
        res, row = yield from roll_on(table, f"{f.name}: recovery", target=f.rep, rule=RULE_RECOVERY,
                              fighter_id=f.id, subject=f.name)
        status = _row_status(row)
        text = _row_text(row)
        if status is not None:
            note = {"in-recovery": f"wounded in {battle}: misses the next battle",
                    "lost": f"lost after {battle}"}.get(status, "")
            tr.set_status(f, status, RULE_RECOVERY, note)
            text += f" Status {status}" + (": leaves the roster." if status in GONE else ".")
        extra = "" if row.text else _notes(row)
        tr.step(RULE_RECOVERY, f, f"{text}{' ' + extra if extra else ''}", res)

    # 5-6. Rep up and down
    def can_change_rep(f: FighterState) -> bool:
        return f.rep is not None and f.kind != "zombie" and tr.status[f.id] not in GONE

    for f in taking_part:
        if not f.scored_hit or f.result in ("out-of-the-fight", "hunker-down") or not can_change_rep(f):
            continue
        table = _table(tables, "nuts-rep-increase", f"{f.name}'s Rep increase")
        rep = tr.rep[f.id]
        assert rep is not None
        res, row = yield from roll_on(table, f"{f.name}: Rep increase", rule=RULE_REP_UP,
                              fighter_id=f.id, subject=f.name)
        _apply_rep_row(tr, f, RULE_REP_UP, res, row, rep)

    for f in taking_part:
        if f.result not in ("hunker-down", "left-battlefield") or not can_change_rep(f):
            continue
        table = _table(tables, "nuts-rep-decrease", f"{f.name}'s Rep decrease")
        rep = tr.rep[f.id]
        assert rep is not None
        res, row = yield from roll_on(table, f"{f.name}: Rep decrease", rule=RULE_REP_DOWN,
                              fighter_id=f.id, subject=f.name)
        _apply_rep_row(tr, f, RULE_REP_DOWN, res, row, rep)

    # 7. figures that sat this battle out while recovering are back
    for f in fighters:
        if f.result is None and f.status == "in-recovery":
            tr.set_status(f, "active", RULE_BACK, "")
            tr.step(RULE_BACK, f, f"missed {battle} while recovering: back on duty (active)")

    # 8. replacements
    if options.get("replacements", True):
        yield from _replacements(state, tr, taking_part)
    return out


def leader_order(candidates: list[FighterState], rep: Mapping[int, int | None]) -> list[FighterState]:
    """The squad's chain of command: role "leader", then Stars, then Rep, then seniority."""
    return sorted(
        candidates,
        key=lambda f: (f.role.strip().lower() != "leader", f.type != "star", -(rep.get(f.id) or 0), f.id),
    )


def _replacements(state: BattleState, tr: _Track, taking_part: list[FighterState]) -> Rolling[None]:
    out = tr.out
    roster_ids = sorted({f.roster_id for f in taking_part})
    next_number = _next_replacement_numbers(state)
    for rid in roster_ids:
        roster = state.rosters.get(rid)
        rname = roster.name if roster is not None else f"roster {rid}"
        members = [f for f in state.fighters.values() if f.roster_id == rid]
        candidates = [
            f for f in members
            if f.kind == "human" and f.crew_of_id is None and tr.rep.get(f.id) is not None
            and tr.status[f.id] == "active"
        ]
        if not candidates:
            if any(f.kind == "human" for f in members):
                out.steps.append(Step(rule=RULE_REPLACEMENTS, subject=rname,
                                      text="no squad leader left standing: no replacements"))
            continue
        chain = leader_order(candidates, tr.rep)
        leader = chain[0]
        usual = leader_order([f for f in members if f.kind == "human" and f.crew_of_id is None
                              and f.rep is not None], {f.id: f.rep for f in members})
        stand_in = ""
        if usual and usual[0].id != leader.id:
            stand_in = f" (standing in for {usual[0].name}, {tr.status[usual[0].id]})"
        table = _table(state.tables, "nuts-replacements", f"{rname}'s replacements")
        rep = tr.rep[leader.id]
        assert rep is not None
        res, row = yield from roll_on(table, f"{rname}: replacements ({leader.name} rolls)", target=rep,
                              rule=RULE_REPLACEMENTS, fighter_id=leader.id, subject=leader.name)
        count = sum(int(e.get("count", 0)) for e in row.effects if e.op == "new-figures")
        out.steps.append(Step(
            rule=RULE_REPLACEMENTS, subject=rname, fighter_id=leader.id, roll=res,
            text=f"{leader.name}{stand_in} rolls: {_row_text(row)}",
        ))
        grunt = _table(state.tables, "nuts-grunt-rep", "a new grunt's Rep") if count else None
        for _ in range(count):
            assert grunt is not None
            n = next_number
            next_number += 1
            name = f"Replacement {n}"
            gres, grow = yield from roll_on(grunt, f"{name}: Rep", rule=RULE_GRUNT_REP, subject=name)
            # the new fighter has no id yet: its index in new_fighters lets the use-case link the roll
            gres.extra["new_fighter"] = len(out.new_fighters)
            new_rep = _clamp_rep(next((int(e.get("value")) for e in grow.effects if e.op == "set-rep"),
                                      gres.value))
            out.new_fighters.append(NewFighter(
                roster_id=rid,
                fields={"name": name, "fighter_type": "grunt", "kind": "human", "rep": new_rep,
                        "role": "", "status": "active",
                        "notes": f"Joined {rname} after battle {state.number}."},
                reason=RULE_REPLACEMENTS,
            ))
            out.steps.append(Step(rule=RULE_GRUNT_REP, subject=name, roll=gres,
                                  text=f"{name} joins {rname} at Rep {new_rep}."))


_REPLACEMENT = re.compile(r"^Replacement (\d+)$")


def _next_replacement_numbers(state: BattleState) -> int:
    """Replacement names run on through the campaign's taking-part rosters."""
    top = 0
    for f in state.fighters.values():
        m = _REPLACEMENT.match(f.name)
        if m:
            top = max(top, int(m[1]))
    return top + 1


# --------------------------------------------------------------------------- creatures
def creature_kinds(data: Mapping[str, Any]) -> list[str]:
    creatures = data.get("creatures", {})
    return list(creatures) if isinstance(creatures, Mapping) else []


def creature_label(kind: str, data: Mapping[str, Any]) -> str:
    spec = data.get("creatures", {}).get(kind, {})
    return str(spec.get("label") or kind.replace("-", " ").title())


def generate_creatures(kind: str, count: int, super_: bool, tables: Mapping[str, Table],
                       data: Mapping[str, Any], start_number: int = 1) -> Rolling[list[dict[str, Any]]]:
    """Make ``count`` creatures of ``kind`` (Weird WWII).

    Zombies are Rep 2 without a roll; the other kinds roll their generation table
    (``gen_table`` in the creature data, house rules applied through ``tables``);
    ``super_`` gives Rep 5 without a roll (not for zombies). Each creature is a dict of
    Fighter fields (name "Label N" numbered from ``start_number``, kind, rep,
    fighter_type, abilities, stats) plus ``roll`` (the RollResult or None) and
    ``how`` (how its Rep was set, in words)."""
    kinds = creature_kinds(data)
    if kind not in kinds:
        raise InputError(f"unknown creature kind {kind!r} (known: {', '.join(kinds) or 'none: enable weird-ww2'})")
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 100:
        raise InputError(f"count: {count!r} must be a whole number from 1 to 100")
    spec = data["creatures"][kind]
    label = creature_label(kind, data)
    fixed = spec.get("rep")
    if super_ and fixed is not None:
        raise InputError(f"{label}s are always Rep {fixed}: there is no super {label.lower()}")
    table: Table | None = None
    if fixed is None and not super_:
        gen = spec.get("gen_table")
        if not gen:
            raise InputError(f"{label} has no generation table in the rules data")
        table = _table(tables, str(gen), f"{label} generation")
    super_rep = int(spec.get("super_rep", SUPER_REP))
    out: list[dict[str, Any]] = []
    for i in range(count):
        name = f"{label} {start_number + i}"
        roll: RollResult | None = None
        if fixed is not None:
            rep = int(fixed)
            how = f"always Rep {rep}"
        elif super_:
            rep = super_rep
            how = f"super: Rep {rep} without a roll"
        else:
            assert table is not None
            roll, row = yield from roll_on(table, f"{name}: Rep", rule=RULE_CREATURE, subject=name)
            rep = next((int(e.get("value")) for e in row.effects if e.op == "set-rep"), roll.value)
            how = f"{_faces(roll)}: {row.label}"
        rep = _clamp_rep(rep)
        stats: dict[str, Any] = {}
        if "armour" in spec:
            stats["armour"] = int(spec["armour"])
        out.append({
            "name": name,
            "kind": kind,
            "rep": rep,
            "fighter_type": "grunt",
            "abilities": [str(a) for a in spec.get("abilities", [])],
            "stats": stats,
            "notes": f"Super {label.lower()} (Rep {rep} by agreement)." if super_ else "",
            "roll": roll,
            "how": how,
        })
    return out


DETAIL_FLAGS = {
    "zombie": "taken out (OD or OOF) in zombie melee: rises as a zombie after the battle",
}

# during a battle the bite test is the zombies' bite command: it marks the bite, knows a
# Star's free first one, and keeps the test for After the Battle
TABLE_COMMANDS = {"ww2-bite": "the Zombies bite command"}

# a walker (no Rep of its own) rolling at the table: which of its crew rolls (seed 001,
# crews and what they do): the commander activates it and takes In Sight and Clank, the
# driver when the commander is out (activation) and the gunner (the other tests); the
# driver takes the movement tests; the gunner fires, the commander when there is none
CREW_ROLLS = {
    "nuts-activation": ("commander", "driver"),
    "ww2-walker-in-sight": ("commander", "gunner"),
    "ww2-walker-clank": ("commander", "gunner"),
    "ww2-walker-place-round": ("gunner", "commander"),
    "ww2-walker-run-over": ("driver",),
    "ww2-walker-losing-control": ("driver",),
    "ww2-walker-will-it-stand": ("driver",),
}
DOWN_RESULTS = ("out-of-the-fight", "obviously-dead", "turned", "left-battlefield")

register(Procedures(system="nuts", after_battle=after_battle, default_result="carry-on",
                    result_statuses=NUTS_STATUSES, detail_flags=DETAIL_FLAGS, table_commands=TABLE_COMMANDS,
                    crew_rolls=CREW_ROLLS, down_results=DOWN_RESULTS, table_rolls=TABLE_ROLLS))
