"""NUTS! combat tables rolled with the inputs they need (pure): In Sight, Shooting,
Shooting Damage (seed 000) and the Weird WWII creatures' damage tables (seed 001).

The bands are data (the tables' ``entries`` in ``nuts.toml`` and ``weird_ww2.toml``):
Shooting reads ``low``/``high``/``hit``/``miss_if``/``miss_from_target``; the damage
tables a ``band`` (``six``, ``rep``, ``under-rep``; a creature's ``impact``, ``rep``,
``over-rep``) and the ``status`` it leaves the target at (``with`` a flag such as a stake
or silver bullets: ``with_status``; ``then_pass_status``: the shooter's follow-up 1d6 vs
his Rep); Monster Damage ``rep_plus``. A creature's In Sight dice (``in_sight``) and the
damage table it is shot on (``damage_table``) are in its ``[creatures.KIND]`` entry.

Each function takes the table, the campaign's tables and rules data and the
:class:`TableRollInputs`; it is a generator that yields each roll's request (each roll
carries the table, the row and the rule, for the roll record) and returns a
:class:`TableRollOutcome`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from campaign_app.dice import Rolling, RollResult, ask
from campaign_app.errors import InputError, RulesDataError
from campaign_app.rules import Table
from campaign_app.systems.base import TableProcedure, TableRollInputs, TableRollOutcome

SHOOTING_DAMAGE = "nuts-shooting-damage"

FLAG_WORDS = {
    "fast-moved": "the shooter fast moved",
    "target-fast-moved": "the target fast moved",
    "charging": "the target is charging the shooter",
    "cover": "the target is in cover",
    "stake": "a stake shot from a bow or crossbow",
    "silver": "silver bullets",
    "airborne": "the rocket trooper was flying or jumping",
}


# --------------------------------------------------------------------------- helpers
def _entries(table: Table) -> list[Mapping[str, Any]]:
    if not table.entries:
        raise RulesDataError(f"table {table.id} has no entries to roll on")
    return list(table.entries)


def _creature(data: Mapping[str, Any], kind: str) -> Mapping[str, Any]:
    creatures = data.get("creatures", {})
    spec = creatures.get(kind) if isinstance(creatures, Mapping) else None
    return spec if isinstance(spec, Mapping) else {}


def _label(data: Mapping[str, Any], kind: str) -> str:
    return str(_creature(data, kind).get("label") or kind.replace("-", " "))


def _need(inp: TableRollInputs, table: Table, *names: str) -> None:
    words = {"rep": "the Rep of who rolls (--rep, or --fighter at the table)",
             "vs_rep": "the other figure's Rep (--vs-rep, or --target-fighter at the table)",
             "impact": "the weapon's impact (--impact, or the shooter's weapon)",
             "shots": "the weapon's Target number, how many dice (--shots, or the shooter's weapon)"}
    for n in names:
        if getattr(inp, n) is None:
            raise InputError(f"{table.title} needs {words[n]}")


def _mark(res: RollResult, table: Table, row: str, result: str, label: str) -> None:
    res.table = table.id
    res.row = row
    res.result = result
    res.extra["label"] = label


def _status_words(status: str | None) -> str:
    return status.replace("-", " ") if status else "no change"


# --------------------------------------------------------------------------- In Sight
def _successes(n: int) -> str:
    return f"{n} success" + ("" if n == 1 else "es")


def _sight_dice(table: Table, data: Mapping[str, Any], rep: int, kind: str, who: str,
                success: int, fighter_id: int | None) -> Rolling[tuple[int, str]]:
    mode = str(_creature(data, kind).get("in_sight", ""))
    if mode == "auto-1":  # seed 001: a zombie seeing a figure move counts as passing 1d6
        return 1, f"{who} ({_label(data, kind)}): counts 1 success without a roll"
    if mode == "2d6-best":  # seed 001: 2d6 instead of 1d6, the better one counts
        res = yield ask(f"{2 * rep}d6", f"{who}: {table.title} (2d6 best per Rep)",
                          rule=table.title, table=table.id, fighter_id=fighter_id)
        pairs = [res.faces[i:i + 2] for i in range(0, len(res.faces), 2)]
        n = sum(1 for p in pairs if min(p) <= success)
        res.value = n
        _mark(res, table, str(n), "successes", _successes(n))
        shown = " ".join(f"({a},{b})" for a, b in pairs)
        return n, f"{who} ({_label(data, kind)}, 2d6 best per Rep {rep}): {shown} = {_successes(n)}"
    res = yield ask(f"{rep}d6", f"{who}: {table.title}", rule=table.title, table=table.id, fighter_id=fighter_id)
    n = sum(1 for f in res.faces if f <= success)
    res.value = n
    _mark(res, table, str(n), "successes", _successes(n))
    return n, f"{who} (Rep {rep}): {res.spec} [{res.faces_text}] = {_successes(n)}"


def in_sight(table: Table, tables: Mapping[str, Table], data: Mapping[str, Any],
             inp: TableRollInputs, fighter_ids: tuple[int | None, int | None] = (None, None)
             ) -> Rolling[TableRollOutcome]:
    """Seed 000: each side's leader rolls 1d6 per point of Rep, every 1-3 a success; the
    side with more acts first. Seed 001: vampires, werewolves and monsters roll 2d6 per
    die keeping the better; a zombie counts 1 success. A tie: both roll again (our
    default: no seed says)."""
    _need(inp, table, "rep", "vs_rep")
    entries = _entries(table)
    success = next((int(e["success"]) for e in entries if "success" in e), 3)
    tie = next((e for e in entries if str(e.get("step", "")).lower() == "tie"), None)
    a, b = inp.who or "side 1", inp.vs_who or "side 2"
    na, la = yield from _sight_dice(table, data, int(inp.rep or 0), inp.kind, a, success, fighter_ids[0])
    nb, lb = yield from _sight_dice(table, data, int(inp.vs_rep or 0), inp.vs_kind, b, success, fighter_ids[1])
    if na > nb:
        result, label = "acts-first", f"{a} acts first"
    elif nb > na:
        result, label = "other-acts-first", f"{b} acts first"
    else:
        result, label = "tie", "Tie"
    text = (str(tie.get("text", "")) if tie else "") if result == "tie" else "acts first, figure by figure"
    return TableRollOutcome(value=na - nb, result=result, label=f"{label} ({na} to {nb})", text=text,
                            lines=[la, lb], default=result == "tie" and bool(tie and tie.get("default")))


# --------------------------------------------------------------------------- Shooting
def shooting(table: Table, tables: Mapping[str, Table], data: Mapping[str, Any],
             inp: TableRollInputs, fighter_ids: tuple[int | None, int | None] = (None, None)
             ) -> Rolling[TableRollOutcome]:
    """Seed 000: as many d6 as the weapon's Target number, each plus the shooter's Rep,
    read on the Shooting table; a die's target is the one it was allotted to (1st, 2nd...).
    Two or more natural 1s: out of ammo. Seed 001: a vampire, werewolf or monster that
    fast moved shoots as if it had not."""
    _need(inp, table, "rep", "shots")
    shots = int(inp.shots or 0)
    per_die = list(inp.per_die) or [1] * shots
    if len(per_die) != shots:
        raise InputError(f"{table.title}: {len(per_die)} targets given for {shots} dice (one per die, e.g. "
                         f"--per-die {','.join(['1'] * shots)})")
    if any(t < 1 or t > shots for t in per_die):
        raise InputError(f"{table.title}: a die's target is 1 (the first) to {shots}, not "
                         f"{next(t for t in per_die if t < 1 or t > shots)}")
    entries = sorted(_entries(table), key=lambda e: int(e["low"]))
    flags = set(inp.flags)
    lines: list[str] = []
    if "fast-moved" in flags and _creature(data, inp.kind).get("shoots_as_stationary"):
        flags.discard("fast-moved")
        lines.append(f"{_label(data, inp.kind)}: its fast move does not count when it shoots")
    rep = int(inp.rep or 0)
    res = yield ask(f"{shots}d6", f"{inp.who or 'shooter'}: {table.title}", rule=table.title, table=table.id,
                      fighter_id=fighter_ids[0])
    hits: dict[int, int] = {}
    for i, (face, target) in enumerate(zip(res.faces, per_die, strict=True), start=1):
        total = face + rep
        entry = next((e for e in entries if int(e["low"]) <= total <= int(e["high"])), entries[0])
        hit = bool(entry.get("hit"))
        why = ""
        if hit:
            stop = [f for f in entry.get("miss_if", []) if f in flags]
            nth = entry.get("miss_from_target")
            if stop:
                hit, why = False, ", ".join(FLAG_WORDS.get(f, f) for f in stop)
            elif nth is not None and target >= int(nth):
                hit, why = False, f"target {target} (the {int(nth)}{'nd' if int(nth) == 2 else 'rd'} or later)"
        if hit:
            hits[target] = hits.get(target, 0) + 1
        lines.append(f"die {i} at target {target}: {face} + Rep {rep} = {total} ({entry.get('total', '')}): "
                     + ("hit" if hit else "miss") + (f": {why}" if why else ""))
    ammo = sum(1 for f in res.faces if f == 1) >= 2
    n = sum(hits.values())
    if ammo:
        lines.append(f"{sum(1 for f in res.faces if f == 1)} natural 1s: out of ammo")
    per = ", ".join(f"target {t}: {hits[t]}" for t in sorted(hits))
    label = (f"{n} hit{'s' if n != 1 else ''}" + (f" ({per})" if per and max(per_die) > 1 else "")
             + ("; out of ammo" if ammo else ""))
    result = "out-of-ammo" if ammo else ("hit" if n else "miss")
    res.value = n
    _mark(res, table, str(n), result, label)
    text = ("roll Shooting Damage for each hit" if n else
            "missed: outgunned targets duck back, the others return fire (or duck back if they already "
            "have, or carry on if they cannot fire); chargers keep coming")
    return TableRollOutcome(value=n, result=result, label=label, text=text, lines=lines, scored_hit=n > 0)


# --------------------------------------------------------------------------- damage
def _plain_damage(table: Table, rep: int, who: str, fighter_id: int | None,
                  note: str = "") -> Rolling[TableRollOutcome]:
    bands = {str(e.get("band")): e for e in _entries(table)}
    res = yield ask("d6", f"{who}: {table.title}", target=rep, rule=table.title, table=table.id,
                      fighter_id=fighter_id)
    face = res.faces[0]
    band = "six" if face == 6 else ("rep" if face >= rep else "under-rep")
    e = bands[band]
    status = e.get("status")
    label = str(e.get("text", "")).rstrip(".") or str(e.get("result"))
    res.value = face
    _mark(res, table, str(e.get("score", band)), str(e.get("result")), label)
    line = f"{who}: d6 vs Rep {rep}{note} [{face}] -> {label}"
    return TableRollOutcome(value=face, result=str(e.get("result")), label=label,
                            text=f"{who}: {_status_words(status)}", lines=[line], status=status)


def shooting_damage(table: Table, tables: Mapping[str, Table], data: Mapping[str, Any],
                    inp: TableRollInputs, fighter_ids: tuple[int | None, int | None] = (None, None)
                    ) -> Rolling[TableRollOutcome]:
    """Seed 000: 1d6 vs the target's Rep per hit: a 6 Obviously Dead, Rep or more Out of
    the Fight, less Duck Back. Seed 001: a creature is rolled on its own damage table."""
    _need(inp, table, "vs_rep")
    own = str(_creature(data, inp.vs_kind).get("damage_table", ""))
    if own and own != table.id:
        proc = TABLE_ROLLS.get(own)
        if proc is None or own not in tables:
            t = tables.get(own)
            raise InputError(f"{inp.vs_who or 'the target'} ({_label(data, inp.vs_kind)}) is not hurt on this table: "
                             f"{t.title if t else own}: {(t.entries[0].get('text') if t and t.entries else '')}")
        out = yield from proc.run(tables[own], tables, data, inp, fighter_ids)
        out.lines.insert(0, f"{inp.vs_who or 'the target'} ({_label(data, inp.vs_kind)}): rolled on {tables[own].title}")
        return out
    return (yield from _plain_damage(table, int(inp.vs_rep or 0), inp.vs_who or "target", fighter_ids[1]))


def monster_damage(table: Table, tables: Mapping[str, Table], data: Mapping[str, Any],
                   inp: TableRollInputs, fighter_ids: tuple[int | None, int | None] = (None, None)
                   ) -> Rolling[TableRollOutcome]:
    """Seed 001: a monster's damage is the usual Shooting Damage roll against its Rep + 1."""
    _need(inp, table, "vs_rep")
    plus = next((int(e["rep_plus"]) for e in _entries(table) if "rep_plus" in e), 1)
    base = tables.get(SHOOTING_DAMAGE)
    if base is None:
        raise RulesDataError(f"{table.title} needs the table {SHOOTING_DAMAGE}")
    rep = int(inp.vs_rep or 0)
    out = yield from _plain_damage(base, rep + plus, inp.vs_who or "monster", fighter_ids[1],
                        note=f" (Rep {rep} + {plus}, a monster)")
    return out


def creature_damage(table: Table, tables: Mapping[str, Table], data: Mapping[str, Any],
                    inp: TableRollInputs, fighter_ids: tuple[int | None, int | None] = (None, None)
                    ) -> Rolling[TableRollOutcome]:
    """Seed 001: 1d6 against the weapon's impact and the creature's Rep: a score up to
    the impact, over it up to the Rep, or over the Rep (checked in that order); a stake,
    silver bullets or a flying trooper change the outcome where the table says; the
    zombie knocked down by a shot: the shooter 1d6 vs his own Rep, pass: destroyed."""
    _need(inp, table, "vs_rep", "impact")
    entries = _entries(table)
    follow = any("then_pass_status" in e for e in entries)
    if follow:
        _need(inp, table, "rep")
    bands = {str(e.get("band")): e for e in entries}
    rep, impact = int(inp.vs_rep or 0), int(inp.impact or 0)
    kind = inp.vs_kind if _creature(data, inp.vs_kind) else next(
        (k for k, v in (data.get("creatures") or {}).items() if isinstance(v, Mapping) and v.get("damage_table") == table.id),
        "creature")
    who = inp.vs_who or f"the {_label(data, kind).lower()}"
    res = yield ask("d6", f"{who}: {table.title}", target=rep, rule=table.title, table=table.id,
                      fighter_id=fighter_ids[1])
    face = res.faces[0]
    band = "impact" if face <= impact else ("rep" if face <= rep else "over-rep")
    e = bands[band]
    status = e.get("status")
    label = str(e.get("result", band)).replace("-", " ").capitalize()
    extra = ""
    flag = e.get("with")
    if flag and flag in inp.flags:
        status = e.get("with_status")
        extra = f"; {FLAG_WORDS.get(str(flag), flag)}: {_status_words(status)}"
    lines = [f"{who}: d6 [{face}] vs impact {impact}, Rep {rep} -> {label}{extra}"]
    res.value = face
    _mark(res, table, str(e.get("score", band)), str(e.get("result")), label + extra)
    if "then_pass_status" in e:
        shooter = int(inp.rep or 0)
        fr = yield ask("pass:1d6", f"{inp.who or 'shooter'}: put {who} down for good", target=shooter,
                         rule=table.title, table=table.id, fighter_id=fighter_ids[0])
        if fr.value:
            status = e.get("then_pass_status")
            after = f"pass: {_status_words(status)}"
        else:
            after = "fail: it gets up at its next activation"
        _mark(fr, table, str(fr.value), "put-down" if fr.value else "gets-up", after)
        lines.append(f"{inp.who or 'shooter'}: 1d6 vs his Rep {shooter} [{fr.faces_text}] -> {after}")
        extra += f"; {after}"
    return TableRollOutcome(value=face, result=str(e.get("result")), label=label + extra,
                            text=str(e.get("text", "")), lines=lines, status=status)


_CREATURE_FLAGS = {"stake": FLAG_WORDS["stake"], "silver": FLAG_WORDS["silver"], "airborne": FLAG_WORDS["airborne"]}

TABLE_ROLLS: dict[str, TableProcedure] = {
    "nuts-in-sight": TableProcedure(in_sight, needs=("rep", "vs_rep")),
    "nuts-shooting": TableProcedure(
        shooting, needs=("rep", "shots"), per_die=True,
        flags={k: FLAG_WORDS[k] for k in ("fast-moved", "target-fast-moved", "charging", "cover")}),
    "nuts-shooting-damage": TableProcedure(shooting_damage, needs=("vs_rep",), takes=("rep", "impact"),
                                           flags=_CREATURE_FLAGS),
    "ww2-monster-damage": TableProcedure(monster_damage, needs=("vs_rep",)),
    "ww2-zombie-melee-damage": TableProcedure(creature_damage, needs=("vs_rep", "impact")),
    "ww2-zombie-ranged-damage": TableProcedure(creature_damage, needs=("rep", "vs_rep", "impact")),
    "ww2-vampire-ranged-damage": TableProcedure(creature_damage, needs=("vs_rep", "impact"),
                                                flags={"stake": FLAG_WORDS["stake"]}),
    "ww2-werewolf-ranged-damage": TableProcedure(creature_damage, needs=("vs_rep", "impact"),
                                                 flags={"silver": FLAG_WORDS["silver"]}),
    "ww2-rocket-trooper-ranged-damage": TableProcedure(creature_damage, needs=("vs_rep", "impact"),
                                                       flags={"airborne": FLAG_WORDS["airborne"]}),
}
