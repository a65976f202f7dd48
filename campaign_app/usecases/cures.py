"""Items that take a lasting injury away (Necromunda's bionics, or any catalogue item
with ``cures``): fitted to a fighter, the item removes the injury and gives back the
characteristics that injury took.

Which injuries an item cures, and how many of an injury's characteristic losses it gives
back, is the item's data (``cures``, ``restores``: docs/content-packs.md); what an injury
took is its table row's ``stat`` effects (the campaign's table, house rules included),
less any the roll skipped. A characteristic goes back by the effect's step and never
past the edition's limits. Runs inside the caller's unit of work (buying an item,
handing one over from the stash): one transaction, one undo step with the purchase.

Generic: the game's words come from its tables and its items."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from campaign_app.errors import InputError, RulesDataError
from campaign_app.systems.info import stat_rules
from db.models import Campaign, Fighter, LastingInjury
from db.queries import fighters as fighter_q
from db.uow import Session


@dataclass(frozen=True)
class Cure:
    """What fitting an item cured: the injury (its label) and the characteristics given
    back, in words ("BS 5+ -> 4+"), with any it could not give back."""

    injury: str = ""
    restored: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)


def _losses(c: Campaign, inj: LastingInjury) -> list[tuple[str, int]]:
    """(characteristic, step) of each loss the injury's row gives that was not skipped."""
    from campaign_app.usecases.campaigns import tables_for

    table = tables_for(c).get(inj.table_id)
    if table is None:
        return []
    try:
        row = table.row_by_result(inj.result)
    except RulesDataError:
        return []
    skipped = " ".join(inj.effects_skipped or [])
    out = []
    for eff in row.effects:
        if eff.op != "stat":
            continue
        key, delta = str(eff.get("stat")), int(eff.get("delta"))
        if f"{key} {delta:+d}:" in skipped:  # the roll could not apply it (at a limit)
            continue
        out.append((key, delta))
    return out


def _number(v: Any) -> int | None:
    try:
        return int(str(v).strip().rstrip("+").rstrip('"'))
    except ValueError:
        return None


def cure_with(s: Session, c: Campaign, f: Fighter, item: Mapping[str, Any], stat: str | None = None) -> Cure | None:
    """Fit ``item`` to fighter ``f``: when the item cures lasting injuries, remove the
    fighter's newest one of them and give back what it took (``stat``: which one, for an
    item that gives back fewer than the injury took). None for an item that cures nothing.
    Refused (InputError, one line) when the fighter has none of the injuries."""
    cures = [str(x) for x in item.get("cures") or []]
    if not cures:
        if stat:
            raise InputError(f"{item.get('name')} gives no characteristic back: leave the characteristic out")
        return None
    held = [i for i in fighter_q.injuries_of(s, f.id or 0) if i.result in cures]
    if not held:
        names = sorted({_label(c, r) for r in cures})
        raise InputError(f"{f.name} has no {' or '.join(names)} for the {item.get('name')} to cure")
    inj = held[-1]  # the newest
    losses = _losses(c, inj)
    restores = int(item.get("restores") or 0)
    if restores and len(losses) > restores:
        keys = [k for k, _d in losses]
        if not stat:
            raise InputError(f"the {item.get('name')} gives back {restores} of {', '.join(keys)} "
                             f"({inj.label}): say which")
        pick = [x for x in losses if x[0].lower() == stat.strip().lower()]
        if not pick:
            raise InputError(f"the {item.get('name')} gives back {' or '.join(keys)}, not {stat}")
        losses = pick
    elif stat and stat.strip().lower() not in {k.lower() for k, _d in losses}:
        raise InputError(f"{inj.label} took no {stat} to give back")
    rules = {r.key: r for r in stat_rules(c.system, c.edition, f.kind or "", c.house_rules)}
    stats = dict(f.stats or {})
    restored: list[str] = []
    kept: list[str] = []
    for key, delta in losses:
        spec = rules.get(key)
        cur = _number(stats.get(key))
        if spec is None or cur is None:
            kept.append(f"{key}: not on the stat line")
            continue
        new = cur - delta
        if not spec.low <= new <= spec.high:
            kept.append(f"{key} {spec.show(cur)}: already at its limit")
            continue
        stats[key] = new
        restored.append(f"{key} {spec.show(cur)} \u2192 {spec.show(new)}")
    f.stats = stats
    s.add(f)
    s.delete(inj)
    return Cure(injury=inj.label or inj.result, restored=restored, kept=kept)


def _label(c: Campaign, result: str) -> str:
    """The label the campaign's tables give an injury result ("Eye Injury")."""
    from campaign_app.usecases.campaigns import tables_for

    for t in tables_for(c).values():
        for row in t.rows:
            if row.result == result:
                return row.label
    return result


def cure_text(cure: Cure | None) -> str:
    """'cures Eye Injury: BS 5+ -> 4+' ("" for no cure)."""
    if cure is None:
        return ""
    parts = list(cure.restored) + [f"kept {k}" for k in cure.kept]
    return f"cures {cure.injury}" + (f": {'; '.join(parts)}" if parts else "")
