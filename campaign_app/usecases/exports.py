"""Printable documents as plain data: rosters, fighter cards and quick-reference cards.

Each builder reads the database through a read session and returns the dict shape the
``reports`` package draws (see ``reports/__init__.py``); nothing here imports
reportlab. The quick-reference cards are built from the very tables the engine rolls
on (``tables_for(campaign)``: shipped tables with the campaign's house rules applied)
and from ``load_rulebook().data(...)``, so a printed card shows exactly what the app
applies.

Use from the GUI or the CLI::

    doc = exports.roster_document(engine, "Rusty Cogs")
    reports.render_roster(doc, "rusty.pdf", page="a4", progress=callback)
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import func
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from campaign_app.errors import InputError
from campaign_app.rules import Row, Table, load_rulebook
from campaign_app.systems import SystemInfo, get_system
from campaign_app.systems.necromunda import STATS as NECRO_STATS
from campaign_app.uow import read_session
from campaign_app.usecases.common import campaign_of_roster, get_campaign, get_roster
from campaign_app.usecases.core import tables_for
from db.models import (
    BattleRoster,
    Campaign,
    Equipment,
    Fighter,
    LastingInjury,
    Roster,
    Skill,
    Unit,
    WalkerType,
)

__all__ = [
    "cards_document",
    "qrs_document",
    "roster_document",
    "roster_documents",
    "table_card",
    "table_card_rows",
]

SQUAD_SYSTEMS = ("fubar", "unit-morale")

STATUS_LABELS = {
    "active": "Active",
    "in-recovery": "In recovery",
    "convalescence": "Convalescence",
    "captured": "Captured",
    "dead": "Dead",
    "lost": "Lost",
    "turned": "Turned",
    "retired": "Retired",
    "destroyed": "Destroyed",
    "prisoner": "Taken prisoner",
    "not-present": "Not present",
    "out-of-the-fight": "Out of the fight",
}
# statuses the printers colour: others borrow the closest one
STATUS_SHADE = {
    "convalescence": "in-recovery",
    "turned": "lost",
    "retired": "lost",
    "destroyed": "dead",
    "prisoner": "captured",
}


# --------------------------------------------------------------------------- small text helpers
def _pretty(key: Any) -> str:
    """'in-recovery' -> 'In recovery'; '' -> ''."""
    s = str(key or "").replace("_", " ").replace("-", " ").strip()
    return s[:1].upper() + s[1:] if s else ""


def _num(value: Any) -> str:
    return "" if value is None else str(value)


def _join(parts: Iterable[Any], sep: str = " \u00b7 ") -> str:
    return sep.join(str(p) for p in parts if p not in (None, ""))


def _status_label(status: str) -> str:
    return STATUS_LABELS.get(status, _pretty(status))


# --------------------------------------------------------------------------- rules tables
def dice_heading(table: Table) -> str:
    """How the table is rolled, as a column heading: '2d6 vs Rep', 'D66', 'D6'."""
    spec = table.spec
    if spec is None:
        return ""
    if spec.mode == "pass":
        dice = f"{spec.count}d6" + (f", best {spec.keep}" if spec.keep < spec.count else "")
        return f"{dice} vs {table.target}" if table.target else f"{dice} (passes)"
    if spec.mode == "best":
        return f"best of {spec.count}d6"
    return spec.text.upper()


def _effect_text(effect: Any) -> str:
    op, a = effect.op, effect.args
    if op == "status":
        return f"Status: {_status_label(str(a.get('value')))}"
    if op == "stat":
        delta = int(a.get("delta", 0))
        return f"{a.get('stat')} {delta:+d}"
    if op == "rep":
        return f"Rep {int(a.get('delta', 0)):+d}"
    if op == "set-rep":
        return f"Rep becomes {a.get('value')}"
    if op == "xp":
        return f"+{a.get('value', a.get('dice', ''))} XP".replace("+d", "+D")
    if op == "skill":
        return f"Gains the skill {a.get('value')}"
    if op == "condition":
        return f"Gains {_pretty(a.get('value')).lower()}"
    if op == "roll-again":
        times = a.get("times", 1)
        return f"Roll on {a.get('table')} ({times} time{'s' if times != 1 else ''})"
    if op == "new-figures":
        return f"{a.get('count')} new figure(s)"
    if op == "remove":
        return "Leaves the roster"
    if op == "figures":
        return f"Figure {a.get('value')}"
    if op == "training":
        return f"Training {int(a.get('delta', 0)):+d}"
    if op == "note":
        return str(a.get("value", ""))
    return op


def _row_text(row: Row) -> str:
    if row.text:
        return row.text
    return "; ".join(_effect_text(e) for e in row.effects)


def table_card_rows(table: Table) -> list[list[str]]:
    """A rolled table as printed rows ``[roll, label, text]``, one per row of the table.

    The roll is written as the app reads it: a pass test's row is 'Pass 2', others keep
    the table's own range ('1-2', '21-26', '7+'). A row with no text shows what its
    effects do, so a printed row always says what the app applies. A reference table
    (``dice = 'none'``) has no rows: see :func:`table_card`.
    """
    if not table.rolled:
        return []
    spec = table.spec
    passes = spec is not None and spec.mode == "pass"
    return [
        [f"Pass {row.roll}" if passes else row.roll, row.label, _row_text(row)]
        for row in table.rows
    ]


_ENTRY_HEADINGS = {
    "score": "Score (1d6)", "result": "Result", "text": "Effect", "total": "1d6 + Rep",
    "step": "Step", "roll": "Roll", "trigger": "When", "change": "Change", "level": "Level",
    "max_suppressed": "Max suppressed", "name": "Test",
}


def _entry_rows(table: Table) -> tuple[list[str], list[list[str]]]:
    """A reference table's entries as (headings, rows), keys in their first-seen order."""
    keys: list[str] = []
    for e in table.entries:
        for k in e:
            if k not in keys:
                keys.append(k)
    merge_roll = "rolls" in keys and "vs" in keys
    if merge_roll:
        keys = [k for k in keys if k not in ("rolls", "vs", "modifiers")]
        keys.insert(1 if keys and keys[0] == "name" else 0, "_roll")
    headings = []
    for k in keys:
        if k == "_roll":
            headings.append("Roll")
        elif k.startswith("pass_"):
            headings.append(f"Pass {k[5:]}")
        else:
            headings.append(_ENTRY_HEADINGS.get(k, _pretty(k)))
    rows = []
    for e in table.entries:
        row = []
        for k in keys:
            if k == "_roll":
                rolls = str(e.get("rolls", "")).replace("pass:", "")
                cell = _join([rolls, f"vs {e['vs']}" if e.get("vs") else ""], " ")
                if e.get("modifiers"):
                    cell += f" ({e['modifiers']})"
            elif k == "result":
                cell = _pretty(e.get(k))
            else:
                v = e.get(k)
                cell = "" if v is None else str(v)
            row.append(cell)
        rows.append(row)
    return headings, rows


def table_card(table: Table, title: str | None = None) -> dict[str, Any]:
    """One printable table ``{title, note, columns, rows}`` for a QRS card."""
    name = title or table.title
    if table.source == "house rule":
        name += " (house rule)"
    if table.rolled:
        columns = [dice_heading(table), "Result", "Effect"]
        rows = table_card_rows(table)
    else:
        columns, rows = _entry_rows(table)
    return {"title": name, "note": table.note, "columns": columns, "rows": rows}


# --------------------------------------------------------------------------- roster data
@dataclass
class _RosterData:
    campaign: Campaign
    roster: Roster
    info: SystemInfo
    data: dict[str, Any]
    fighters: list[Fighter]
    units: list[Unit]
    equipment: dict[tuple[str, int], list[Equipment]] = field(default_factory=dict)
    skills: dict[int, list[str]] = field(default_factory=dict)
    injuries: dict[int, list[str]] = field(default_factory=dict)
    walker_types: dict[int, WalkerType] = field(default_factory=dict)
    roster_names: dict[int, str] = field(default_factory=dict)
    battles: int = 0

    def gear(self, f: Fighter | Unit) -> list[Equipment]:
        return self.equipment.get(("f" if isinstance(f, Fighter) else "u", f.id or 0), [])


def _load(s: Session, r: Roster, c: Campaign, battles: int | None = None) -> _RosterData:
    return _load_many(s, c, [r], None if battles is None else {r.id or 0: battles})[0]


def _load_many(s: Session, c: Campaign, rosters: Sequence[Roster],
               battles: Mapping[int, int] | None = None) -> list[_RosterData]:
    """Everything the roster printers need for ``rosters`` (all of campaign ``c``).

    A fixed handful of queries whatever the number of rosters: fighters, units, their
    gear, skills and injuries are each read once for the lot (scoped to the one roster,
    or to the whole campaign when printing several), then handed out per roster.
    """
    info = get_system(c.system)
    data = load_rulebook().data(c.system, c.edition, c.expansions or [])
    rids = [r.id for r in rosters if r.id is not None]
    if not rids:
        return [_RosterData(campaign=c, roster=r, info=info, data=data, fighters=[], units=[]) for r in rosters]
    if len(rids) == 1:
        f_scope = Fighter.roster_id == rids[0]
        u_scope = Unit.roster_id == rids[0]
    else:  # every roster of the campaign: a sub-select, not thousands of bound ids
        campaign_rosters = select(Roster.id).where(Roster.campaign_id == c.id)
        f_scope = Fighter.roster_id.in_(campaign_rosters)  # type: ignore[attr-defined]
        u_scope = Unit.roster_id.in_(campaign_rosters)  # type: ignore[attr-defined]
    fighters: dict[int, list[Fighter]] = {}
    for f in s.exec(select(Fighter).where(f_scope).order_by(Fighter.id)):  # type: ignore[arg-type]
        fighters.setdefault(f.roster_id or 0, []).append(f)
    units: dict[int, list[Unit]] = {}
    for u in s.exec(select(Unit).where(u_scope).order_by(Unit.id)):  # type: ignore[arg-type]
        units.setdefault(u.roster_id or 0, []).append(u)
    fighter_ids = select(Fighter.id).where(f_scope)
    unit_ids = select(Unit.id).where(u_scope)
    # per roster: the roster's fighters and units own these rows
    f_roster = {f.id or 0: rid for rid, fs in fighters.items() for f in fs}
    u_roster = {u.id or 0: rid for rid, us in units.items() for u in us}
    equipment: dict[int, dict[tuple[str, int], list[Equipment]]] = {}
    skills: dict[int, dict[int, list[str]]] = {}
    injuries: dict[int, dict[int, list[str]]] = {}
    if fighters:
        for e in s.exec(select(Equipment).where(Equipment.fighter_id.in_(fighter_ids))  # type: ignore[union-attr]
                        .order_by(Equipment.id)):  # type: ignore[arg-type]
            fid = e.fighter_id or 0
            equipment.setdefault(f_roster.get(fid, 0), {}).setdefault(("f", fid), []).append(e)
        for sk in s.exec(select(Skill).where(Skill.fighter_id.in_(fighter_ids))  # type: ignore[attr-defined]
                         .order_by(Skill.id)):  # type: ignore[arg-type]
            skills.setdefault(f_roster.get(sk.fighter_id, 0), {}).setdefault(sk.fighter_id, []).append(sk.name)
        for inj in s.exec(select(LastingInjury).where(LastingInjury.fighter_id.in_(fighter_ids))  # type: ignore[attr-defined]
                          .order_by(LastingInjury.id)):  # type: ignore[arg-type]
            injuries.setdefault(f_roster.get(inj.fighter_id, 0), {}).setdefault(inj.fighter_id, []).append(
                inj.label or _pretty(inj.result))
    if units:
        for e in s.exec(select(Equipment).where(Equipment.unit_id.in_(unit_ids))  # type: ignore[union-attr]
                        .order_by(Equipment.id)):  # type: ignore[arg-type]
            uid = e.unit_id or 0
            equipment.setdefault(u_roster.get(uid, 0), {}).setdefault(("u", uid), []).append(e)
    walker_types = {
        w.id: w for w in s.exec(select(WalkerType).where(WalkerType.campaign_id == c.id)) if w.id is not None
    }
    roster_names = {
        rid: name for rid, name in s.exec(select(Roster.id, Roster.name).where(Roster.campaign_id == c.id))  # type: ignore[call-overload]
        if rid is not None
    }
    if battles is None:
        battles = dict(s.exec(
            select(BattleRoster.roster_id, func.count(BattleRoster.id))  # type: ignore[arg-type]
            .where(BattleRoster.roster_id.in_(rids))  # type: ignore[attr-defined]
            .group_by(BattleRoster.roster_id)  # type: ignore[arg-type]
        ).all())
    out = []
    for r in rosters:
        rid = r.id or 0
        out.append(_RosterData(
            campaign=c, roster=r, info=info, data=data,
            fighters=fighters.get(rid, []), units=units.get(rid, []),
            equipment=equipment.get(rid, {}), skills=skills.get(rid, {}), injuries=injuries.get(rid, {}),
            walker_types=walker_types, roster_names=roster_names, battles=int(battles.get(rid, 0) or 0),
        ))
    return out


def _fighter_status(d: _RosterData, f: Fighter) -> tuple[str, str]:
    """(status key for the printer's colours, label to print)."""
    status = (f.status or "active").lower()
    label = _status_label(status)
    if status == "captured" and f.captured_by_roster_id in d.roster_names:
        label = f"Captured by {d.roster_names[f.captured_by_roster_id or 0]}"
    if f.status_note:
        label = f"{label} ({f.status_note})"
    return STATUS_SHADE.get(status, status), label


def _unit_status(u: Unit) -> tuple[str, str]:
    status = (u.status or "active").lower()
    return STATUS_SHADE.get(status, status), _status_label(status)


def weapon_text(system: str, e: Equipment, detailed: bool = False) -> str:
    """One piece of gear as printed: 'Rifle (24", T1, I3)', 'Lasgun (S3, AP-, Plentiful)'."""
    name = f"{e.qty}\u00d7 {e.name}" if (e.qty or 1) > 1 else e.name
    parts: list[str] = []
    if system == "nuts":
        parts = [e.range, f"T{e.targets}" if e.targets is not None else "",
                 f"I{e.impact}" if e.impact is not None else ""]
    elif system == "necromunda":
        parts = [e.range, f"S{e.strength}" if e.strength else "", f"AP{e.ap}" if e.ap else "",
                 *(e.traits or [])]
    else:
        parts = [e.range, f"FP {e.fp}" if e.fp is not None else "", *(e.traits or [])]
    if detailed and e.notes:
        parts.append(e.notes)
    inner = ", ".join(p for p in parts if p)
    return f"{name} ({inner})" if inner else name


def _gear_list(d: _RosterData, owner: Fighter | Unit, detailed: bool = False) -> list[str]:
    return [weapon_text(d.campaign.system, e, detailed) for e in d.gear(owner)]


def _kind_label(d: _RosterData, f: Fighter) -> str:
    creatures = d.data.get("creatures", {})
    if f.kind == "walker":
        wt = d.walker_types.get(f.walker_type_id or 0)
        return f"Walker ({wt.name})" if wt else "Walker"
    if isinstance(creatures, Mapping) and isinstance(creatures.get(f.kind), Mapping):
        return str(creatures[f.kind].get("label", _pretty(f.kind)))
    return _pretty(f.kind) or "Human"


def _crew(d: _RosterData) -> dict[int, list[Fighter]]:
    out: dict[int, list[Fighter]] = {}
    for f in d.fighters:
        if f.crew_of_id:
            out.setdefault(f.crew_of_id, []).append(f)
    return out


def _is_vehicle(f: Fighter) -> bool:
    return f.kind == "vehicle" or f.fighter_type == "vehicle"


def _stat_kind(d: _RosterData, key: str, vehicle: bool = False) -> str:
    """'target' or 'value' for a characteristic, as the edition's rules data says."""
    sections = ("vehicle_characteristics", "characteristics") if vehicle else ("characteristics",)
    for name in sections:
        chars = d.data.get(name)
        spec = chars.get(key) if isinstance(chars, Mapping) else None
        if isinstance(spec, Mapping):
            return str(spec.get("kind", "value"))
    rule = next((r for r in NECRO_STATS if r.key == key), None)
    return "target" if rule is not None and rule.target else "value"


def _char_spec(d: _RosterData) -> list[tuple[str, str]]:
    """[(key, kind)] of the edition's fighter characteristics, in profile order."""
    return [(rule.key, _stat_kind(d, rule.key)) for rule in NECRO_STATS]


def _extra_stats(d: _RosterData, f: Fighter) -> list[tuple[str, str]]:
    """Characteristics outside the fighter profile (a vehicle's Fr, Sd, Rr, HP...)."""
    profile = {r.key for r in NECRO_STATS}
    stats = f.stats or {}
    return [(k, stat_text(k, _stat_kind(d, k, _is_vehicle(f)), v)) for k, v in stats.items() if k not in profile]


def stat_text(key: str, kind: str, value: Any) -> str:
    """A characteristic as the edition writes it: '3+' for targets, '5"' for Movement."""
    if value is None or value == "":
        return "-"
    if kind == "target":
        return f"{value}+"
    if key == "M":
        return f'{value}"'
    return str(value)


def _title(d: _RosterData) -> str:
    return "Gang roster" if d.roster.kind == "gang" else "Squad roster"


def _system_name(c: Campaign, info: SystemInfo) -> str:
    name = info.edition_names.get(c.edition) or info.name
    if c.expansions:
        book = load_rulebook()
        titles = {f.expansion: f.title for f in book.files if f.system == c.system and f.expansion}
        name += " + " + ", ".join(titles.get(x, x) for x in c.expansions)
    return name


def _subtitle(r: Roster) -> str:
    return _join([r.faction, f"played by {r.player}" if r.player else ""])


# --------------------------------------------------------------------------- roster documents
def _totals(d: _RosterData) -> list[list[str]]:
    r = d.roster
    alive = [f for f in d.fighters if (f.status or "active") == "active"]
    totals: list[list[str]] = [["Battles", str(d.battles)]]
    system = d.campaign.system
    if system == "necromunda":
        totals += [
            ["Gang rating", str(sum(f.credits_value or 0 for f in alive))],
            ["Credits", str(r.credits)],
            ["Reputation", str(r.reputation)],
            ["Fighters ready", f"{len(alive)} of {len(d.fighters)}"],
        ]
    elif system in SQUAD_SYSTEMS:
        standing = [u for u in d.units if (u.status or "active") not in ("destroyed", "prisoner")]
        totals += [
            ["Units", f"{len(standing)} of {len(d.units)}"],
            ["Squad strength", f"{sum(u.figures for u in d.units)} / {sum(u.figures_start for u in d.units)}"],
            ["Wounded figures", str(sum(u.wounded for u in d.units))],
        ]
        if d.fighters:
            totals.append(["Characters", f"{len(alive)} of {len(d.fighters)}"])
    elif d.info.uses_rep:
        reps = [f.rep for f in alive if f.rep is not None]
        totals += [
            ["Squad strength", f"{len(alive)} / {len(d.fighters)}"],
            ["Stars", str(sum(1 for f in d.fighters if f.fighter_type == "star"))],
            ["Average Rep", f"{sum(reps) / len(reps):.1f}" if reps else "-"],
        ]
    else:  # any other system
        totals.append(["Fighters ready", f"{len(alive)} of {len(d.fighters)}"])
    if system != "necromunda":
        if r.reputation:
            totals.append(["Reputation", str(r.reputation)])
        if r.credits:
            totals.append(["Credits", str(r.credits)])
    return totals


def _nuts_rows(d: _RosterData) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    columns = [
        {"key": "name", "label": "Name", "width": 3},
        {"key": "rep", "label": "Rep", "width": 0.7},
        {"key": "type", "label": "Star/Grunt", "width": 1.5},
        {"key": "kind", "label": "Kind", "width": 2},
        {"key": "weapons", "label": "Weapons", "width": 4},
        {"key": "status", "label": "Status", "width": 2},
    ]
    crew = _crew(d)
    names = {f.id: f.name for f in d.fighters}
    rows = []
    for f in d.fighters:
        shade, label = _fighter_status(d, f)
        kind = _kind_label(d, f)
        if f.crew_of_id:
            kind = f"Crew of {names.get(f.crew_of_id, 'a walker')}"
        if f.id in crew:
            kind += "\nCrew: " + ", ".join(_join([c.name, c.role], " ") for c in crew[f.id or 0])
        rows.append({
            "name": f.name,
            "rep": _num(f.rep),
            "type": _join([_pretty(f.fighter_type), f.role]),
            "kind": kind,
            "weapons": "\n".join(_gear_list(d, f)),
            "status": _join([label, *(_pretty(x) for x in f.conditions or [])], "; "),
            "_status": shade,
            "_status_label": label,
        })
    return columns, rows


def _generic_rows(d: _RosterData) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The roster of any other system: name, type, its characteristics, XP, gear, status."""
    stats = d.info.stats
    columns: list[dict[str, Any]] = [
        {"key": "name", "label": "Name", "width": 3},
        {"key": "type", "label": "Type", "width": 1.8},
        *({"key": f"stat_{r.key}", "label": r.label, "width": 0.9} for r in stats),
        {"key": "xp", "label": "XP", "width": 0.8},
        {"key": "weapons", "label": "Weapons", "width": 3.5},
        {"key": "status", "label": "Status", "width": 2},
    ]
    rows = []
    for f in d.fighters:
        shade, label = _fighter_status(d, f)
        row: dict[str, Any] = {
            "name": f.name,
            "type": _join([_pretty(f.fighter_type), f.role]),
            "xp": str(f.xp),
            "weapons": "\n".join(_gear_list(d, f)),
            "status": _join([label, *(_pretty(x) for x in f.conditions or [])], "; "),
            "_status": shade,
            "_status_label": label,
        }
        row.update({f"stat_{r.key}": r.show((f.stats or {}).get(r.key)) for r in stats})
        rows.append(row)
    return columns, rows


def _necro_rows(d: _RosterData) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    spec = _char_spec(d)
    types = d.data.get("fighter_types", {})
    columns: list[dict[str, Any]] = [
        {"key": "name", "label": "Name", "width": 2.6},
        {"key": "type", "label": "Type", "width": 2.1},
    ]
    columns += [{"key": f"stat_{k}", "label": k, "width": 0.8} for k, _kind in spec]
    columns += [
        {"key": "xp", "label": "XP", "width": 0.85},
        {"key": "wargear", "label": "Wargear", "width": 3.2},
        {"key": "skills", "label": "Skills", "width": 2},
        {"key": "injuries", "label": "Lasting injuries", "width": 2},
        {"key": "status", "label": "Status", "width": 1.6},
    ]
    rows = []
    for f in d.fighters:
        shade, label = _fighter_status(d, f)
        stats = f.stats or {}
        ftype = types.get(f.fighter_type) if isinstance(types, Mapping) else None
        row: dict[str, Any] = {
            "name": f.name,
            "type": _join([ftype or _pretty(f.fighter_type), f.role,
                           " ".join(f"{k} {v}" for k, v in _extra_stats(d, f)),
                           f"{f.credits_value} cr" if f.credits_value else ""], "\n"),
            "xp": str(f.xp),
            "wargear": "\n".join(_gear_list(d, f)),
            "skills": ", ".join(d.skills.get(f.id or 0, [])),
            "injuries": "\n".join([*d.injuries.get(f.id or 0, []),
                                   *(_pretty(x) for x in f.conditions or [])]),
            "status": label,
            "_status": shade,
            "_status_label": label,
        }
        for k, kind in spec:
            if _is_vehicle(f):
                kind = _stat_kind(d, k, True)
            row[f"stat_{k}"] = stat_text(k, kind, stats.get(k))
        rows.append(row)
    return columns, rows


def _unit_profile(d: _RosterData, u: Unit) -> dict[str, Any]:
    from campaign_app.systems import squads

    return squads.unit_profile(d.campaign.system, d.data, training=u.training, armour=u.armour,
                               unit_type=u.unit_type, discipline=u.discipline, order=u.order)


def _training_label(u: Unit, p: Mapping[str, Any]) -> str:
    lv = p.get("training")
    return str(lv["label"]) if isinstance(lv, Mapping) else (_pretty(u.training) or "-")


def _armour_label(u: Unit, p: Mapping[str, Any]) -> str:
    a = p.get("armour")
    if isinstance(a, Mapping):
        return f"{a.get('label')} ({a.get('save')}+)"
    return _pretty(u.armour) or "-"


def _morale_label(u: Unit, p: Mapping[str, Any]) -> str:
    parts = []
    disc, order = p.get("discipline"), p.get("order")
    if isinstance(disc, Mapping):
        parts.append(str(disc.get("label")))
    elif u.discipline:
        parts.append(_pretty(u.discipline))
    if isinstance(order, Mapping):
        parts.append(f"order {order.get('label')}")
    elif u.order:
        parts.append(f"order {_pretty(u.order)}")
    return _join(parts, ", ") or "-"


def _squad_rows(d: _RosterData) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    columns = [
        {"key": "unit", "label": "Unit", "width": 2.6},
        {"key": "training", "label": "Training", "width": 1.4},
        {"key": "figures", "label": "Figures now / at start", "width": 1.3},
        {"key": "weapons", "label": "Weapons and FP", "width": 3.6},
        {"key": "armour", "label": "Armour", "width": 1.4},
        {"key": "morale", "label": "Morale state", "width": 1.6},
        {"key": "status", "label": "Status", "width": 1.4},
    ]
    rows = []
    for u in d.units:
        shade, label = _unit_status(u)
        p = _unit_profile(d, u)
        figures = f"{u.figures} / {u.figures_start}"
        if u.wounded:
            figures += f"\n({u.wounded} wounded)"
        rows.append({
            "unit": _join([u.name, _pretty(u.unit_type) if u.unit_type != "infantry" else ""], "\n"),
            "training": _training_label(u, p),
            "figures": figures,
            "weapons": "\n".join(_gear_list(d, u)),
            "armour": _armour_label(u, p),
            "morale": _morale_label(u, p),
            "status": label,
            "_status": shade,
            "_status_label": label,
        })
    for f in d.fighters:
        shade, label = _fighter_status(d, f)
        rows.append({
            "unit": _join([f.name, _join(["Character", f.role], ", ")], "\n"),
            "training": "-",
            "figures": "1 / 1",
            "weapons": "\n".join(_gear_list(d, f)),
            "armour": "-",
            "morale": "-",
            "status": label,
            "_status": shade,
            "_status_label": label,
        })
    return columns, rows


def _roster_doc(d: _RosterData) -> dict[str, Any]:
    system = d.campaign.system
    if system == "necromunda":
        columns, rows = _necro_rows(d)
    elif system in SQUAD_SYSTEMS:
        columns, rows = _squad_rows(d)
    elif d.info.uses_rep:
        columns, rows = _nuts_rows(d)
    else:
        columns, rows = _generic_rows(d)
    return {
        "title": _title(d),
        "campaign": d.campaign.name,
        "system": _system_name(d.campaign, d.info),
        "roster": d.roster.name,
        "subtitle": _subtitle(d.roster),
        "totals": _totals(d),
        "columns": columns,
        "rows": rows,
        "notes": d.roster.notes or "",
    }


def _find_roster(s: Session, roster: Any, campaign: Any = None) -> tuple[Roster, Campaign]:
    if isinstance(roster, Roster):
        roster = roster.id
    if isinstance(campaign, Campaign):
        campaign = campaign.id
    c = get_campaign(s, campaign) if campaign is not None else None
    r = get_roster(s, roster, c)
    return r, c or campaign_of_roster(s, r)


def roster_document(engine: Engine, roster: Any, campaign: Any = None) -> dict[str, Any]:
    """The printable roster of ``roster`` (id or unique name, within ``campaign`` if given)."""
    with read_session(engine) as s:
        r, c = _find_roster(s, roster, campaign)
        return _roster_doc(_load(s, r, c))


def roster_documents(engine: Engine, campaign: Any) -> list[dict[str, Any]]:
    """Every roster of the campaign (by name), for one PDF."""
    with read_session(engine) as s:
        c = get_campaign(s, campaign.id if isinstance(campaign, Campaign) else campaign)
        rosters = s.exec(select(Roster).where(Roster.campaign_id == c.id).order_by(Roster.name)).all()  # type: ignore[arg-type]
        counts = dict(s.exec(
            select(BattleRoster.roster_id, func.count(BattleRoster.id))  # type: ignore[arg-type]
            .join(Roster, Roster.id == BattleRoster.roster_id)  # type: ignore[arg-type]
            .where(Roster.campaign_id == c.id)
            .group_by(BattleRoster.roster_id)  # type: ignore[arg-type]
        ).all())
        return [_roster_doc(d) for d in _load_many(s, c, rosters, counts)]


# --------------------------------------------------------------------------- cards
def _section(title: str, lines: Sequence[str]) -> list[dict[str, Any]]:
    return [{"title": title, "lines": list(lines)}] if lines else []


def _fighter_card(d: _RosterData, f: Fighter, crew: dict[int, list[Fighter]],
                  names: Mapping[int | None, str]) -> dict[str, Any]:
    system = d.campaign.system
    shade, label = _fighter_status(d, f)
    fields: list[list[str]] = []
    sections: list[dict[str, Any]] = []
    if system == "necromunda":
        types = d.data.get("fighter_types", {})
        ftype = types.get(f.fighter_type) if isinstance(types, Mapping) else None
        subtitle = _join([ftype or _pretty(f.fighter_type), f.role, _kind_label(d, f) if f.kind != "human" else "",
                          f"{f.credits_value} credits" if f.credits_value else ""])
        stats = f.stats or {}
        if _is_vehicle(f):
            fields += [[k, v] for k, v in _extra_stats(d, f)]
            fields += [[k, stat_text(k, _stat_kind(d, k, True), stats[k])] for k, _kind in _char_spec(d)
                       if k in stats]
        else:
            fields += [[k, stat_text(k, kind, stats.get(k))] for k, kind in _char_spec(d)]
            fields += [[k, v] for k, v in _extra_stats(d, f)]
        fields.append(["XP", str(f.xp)])
        sections += _section("Wargear", _gear_list(d, f, detailed=True))
        sections += _section("Skills", d.skills.get(f.id or 0, []))
        sections += _section("Lasting injuries", d.injuries.get(f.id or 0, []))
    else:
        subtitle = _join([_pretty(f.fighter_type) or "Character", f.role, _kind_label(d, f)])
        if f.rep is not None:
            fields.append(["Rep", str(f.rep)])
        if not d.info.uses_rep:
            fields += [[r.label, r.show((f.stats or {}).get(r.key))] for r in d.info.stats]
        if system == "nuts":
            fields.append(["Type", _pretty(f.fighter_type)])
        if f.crew_of_id:
            fields.append(["Crew of", names.get(f.crew_of_id, "a walker")])
        if f.xp:
            fields.append(["XP", str(f.xp)])
        sections += _section("Weapons", _gear_list(d, f, detailed=True))
        sections += _section("Skills", d.skills.get(f.id or 0, []))
        creatures = d.data.get("creatures", {})
        spec = creatures.get(f.kind) if isinstance(creatures, Mapping) else None
        if isinstance(spec, Mapping):
            if spec.get("armour"):
                fields.append(["Armour", str(spec["armour"])])
            sections += _section("Special abilities", [str(x) for x in spec.get("abilities", [])])
        wt = d.walker_types.get(f.walker_type_id or 0) if f.kind == "walker" else None
        if wt is not None:
            fields += [
                ["Armour", f"{wt.armour_front}/{wt.armour_side}/{wt.armour_top}"],
                ["Gun 1", wt.gun1 or "-"],
                ["Gun 2", wt.gun2 or "-"],
                ["AA MG", "Yes" if wt.aa_mg else "No"],
                ["Hull MG", "Yes" if wt.hull_mg else "No"],
                ["Speed", f"{wt.speed_road}/{wt.speed_cc or '?'}"],
            ]
        if f.id in crew:
            sections += _section("Crew", [_join([c.name, c.role, f"Rep {c.rep}" if c.rep else ""], ", ")
                                          for c in crew[f.id or 0]])
    if f.conditions:
        sections += _section("Conditions", [_pretty(x) for x in f.conditions])
    if f.abilities:
        sections += _section("Abilities", list(f.abilities))
    if f.notes:
        sections += _section("Notes", [f.notes])
    return {
        "title": f.name,
        "subtitle": subtitle,
        "status": shade if shade != "active" else "",
        "status_label": label if shade != "active" else "",
        "fields": fields,
        "sections": sections,
    }


def _unit_card(d: _RosterData, u: Unit) -> dict[str, Any]:
    shade, label = _unit_status(u)
    p = _unit_profile(d, u)
    fields = [["Figs", f"{u.figures}/{u.figures_start}"], ["Wnd", str(u.wounded)]]
    lv = p.get("training")
    if isinstance(lv, Mapping):
        for short, key, plus in (("Act", "activation", "+"), ("Hit", "expertise", "+"),
                                 ("Supp", "max_suppressed", "")):
            if lv.get(key) is not None:
                fields.append([short, f"{lv[key]}{plus}"])
    fields += [
        ["Training", str(lv.get("shown", lv.get("label"))) if isinstance(lv, Mapping) else _training_label(u, p)],
        ["Armour", _armour_label(u, p)],
        ["Morale state", _morale_label(u, p)],
        ["Battles", str(u.battles_fought)],
    ]
    sections = _section("Weapons", _gear_list(d, u, detailed=True))
    if u.notes:
        sections += _section("Notes", [u.notes])
    return {
        "title": u.name,
        "subtitle": _join([_pretty(u.unit_type), d.info.name]),
        "status": shade if shade != "active" else "",
        "status_label": label if shade != "active" else "",
        "fields": fields,
        "sections": sections,
    }


def cards_document(engine: Engine, roster: Any, campaign: Any = None) -> dict[str, Any]:
    """One card per unit and per fighter of ``roster``."""
    with read_session(engine) as s:
        r, c = _find_roster(s, roster, campaign)
        d = _load(s, r, c)
        crew = _crew(d)
        names = {f.id: f.name for f in d.fighters}
        cards = [_unit_card(d, u) for u in d.units]
        cards += [_fighter_card(d, f, crew, names) for f in d.fighters]
        return {"campaign": c.name, "roster": r.name, "cards": cards}


# --------------------------------------------------------------------------- quick reference
class _Qrs:
    """Collects cards and remembers which tables were printed."""

    def __init__(self, tables: Mapping[str, Table], data: Mapping[str, Any]) -> None:
        self.tables = tables
        self.data = data
        self.cards: list[dict[str, Any]] = []
        self.used: set[str] = set()
        self.skipped: set[str] = set()

    def table(self, table_id: str, title: str | None = None) -> list[dict[str, Any]]:
        t = self.tables.get(table_id)
        if t is None:
            return []
        self.used.add(table_id)
        return [table_card(t, title)]

    def card(self, title: str, subtitle: str = "", lines: Sequence[str] = (),
             tables: Sequence[dict[str, Any]] = ()) -> None:
        if lines or tables:
            self.cards.append({"title": title, "subtitle": subtitle, "lines": list(lines),
                               "tables": list(tables)})

    def phases(self) -> list[str]:
        seq = self.data.get("sequence", {})
        phases = seq.get("phases", []) if isinstance(seq, Mapping) else []
        return [f"{i}. {p.get('label', '')}: {p.get('text', '')}" for i, p in enumerate(phases, 1)
                if isinstance(p, Mapping)]

    def rest(self) -> None:
        """Any table of the campaign no card has shown yet (new data, other groups)."""
        left = [t for tid, t in self.tables.items() if tid not in self.used and tid not in self.skipped]
        if left:
            self.card("More tables", "Other tables the app uses in this campaign",
                      tables=[table_card(t) for t in left])
            self.used.update(t.id for t in left)


def _nuts_cards(q: _Qrs) -> None:
    mv = q.data.get("movement", {})
    lines = q.phases()
    if isinstance(mv, Mapping) and mv:
        lines.append(f'Movement: normal {mv.get("normal")}", crawl {mv.get("crawl")}"; '
                     f'charge reach {mv.get("charge_reach")}". {mv.get("notes", "")}'.strip())
    q.card("Turn sequence", "NUTS!", lines, q.table("nuts-activation") + q.table("nuts-fast-move"))
    statuses = q.data.get("statuses", {})
    status_lines = [f"{s.get('label')}: {s.get('text')}" for s in statuses.values() if isinstance(s, Mapping)] \
        if isinstance(statuses, Mapping) else []
    q.card("Reactions", "Infantry reaction tests", status_lines,
           q.table("nuts-reaction-man-down", "Man Down") + q.table("nuts-reaction-recover", "Recover")
           + q.table("nuts-reaction-rally", "Rally"))
    q.card("Shooting", "In Sight, shooting and damage", [],
           q.table("nuts-in-sight") + q.table("nuts-shooting") + q.table("nuts-shooting-damage"))
    q.card("After the Battle", "Campaign rolls (defaults are editable house rules)", [],
           q.table("nuts-recovery") + q.table("nuts-rep-increase") + q.table("nuts-rep-decrease")
           + q.table("nuts-replacements") + q.table("nuts-grunt-rep"))


ZOMBIE_EXTRAS = ("ww2-zombie-arrival", "ww2-bite", "ww2-zombie-melee-damage")


def _creature_cards(q: _Qrs, present: set[str], all_kinds: bool) -> None:
    creatures = q.data.get("creatures", {})
    if not isinstance(creatures, Mapping):
        return
    for kind, spec in creatures.items():
        if not isinstance(spec, Mapping):
            continue
        own = [spec.get("gen_table"), spec.get("damage_table")]
        if kind == "zombie":
            own += list(ZOMBIE_EXTRAS)
        ids = [str(t) for t in own if t]
        if not all_kinds and kind not in present:
            q.skipped.update(ids)
            continue
        label = str(spec.get("label", _pretty(kind)))
        lines = []
        if spec.get("rep") is not None:
            lines.append(f"Rep: always {spec['rep']}.")
        elif spec.get("gen_table"):
            gen = q.tables.get(str(spec["gen_table"]))
            rule = f"Rep: roll on {gen.title if gen else spec['gen_table']} (below)"
            if spec.get("super_rep") is not None:
                rule += f"; the super version is Rep {spec['super_rep']} without a roll"
            lines.append(rule + ".")
        abilities = [str(a) for a in spec.get("abilities", [])]
        if spec.get("armour") and not any(a.lower().startswith("armour rating") for a in abilities):
            lines.append(f"Armour rating {spec['armour']}.")
        lines += [f"\u2013 {a}" for a in abilities]
        tables: list[dict[str, Any]] = []
        for tid in ids:
            tables += q.table(tid)
        q.card(label, "Weird WWII creature: Rep rule, special abilities, damage", lines, tables)


def _walker_card(q: _Qrs, campaign_types: Sequence[WalkerType]) -> None:
    lines = []
    roles = q.data.get("walker_crew_roles", {})
    if isinstance(roles, Mapping):
        lines += [f"{r.get('label')}: {r.get('text')}" for r in roles.values() if isinstance(r, Mapping)]
    rows = []
    shipped = q.data.get("walker_types", {})
    specs: list[Mapping[str, Any]] = [w for w in shipped.values() if isinstance(w, Mapping)] \
        if isinstance(shipped, Mapping) else []
    specs += [{"name": w.name, "nation": w.nation, "armour_front": w.armour_front,
               "armour_side": w.armour_side, "gun1": w.gun1, "gun2": w.gun2, "aa_mg": w.aa_mg,
               "hull_mg": w.hull_mg, "speed_road": w.speed_road, "speed_cc": w.speed_cc,
               "crew": w.crew} for w in campaign_types]
    for w in specs:
        side = int(w.get("armour_side") or 0)
        rows.append([
            str(w.get("name", "")), str(w.get("nation", "")),
            f"{w.get('armour_front', 0)}/{side}/{side // 2}",
            _join([w.get("gun1"), w.get("gun2")], ", ") or "-",
            "Yes" if w.get("aa_mg") else "No", "Yes" if w.get("hull_mg") else "No",
            f"{w.get('speed_road') or '?'}/{w.get('speed_cc') or '?'}", str(w.get("crew", "")),
        ])
    tables: list[dict[str, Any]] = []
    if rows:
        tables.append({"title": "Walker types", "note": "Armour front/side/top (top = side / 2).",
                       "columns": ["Walker", "Nation", "Armour F/S/T", "Guns", "AA MG", "Hull MG",
                                   "Speed road/cc", "Crew"], "rows": rows})
    tables += q.table("ww2-walker-tables")
    q.card("Walkers", "Weird WWII walkers: crew, stat lines and tests", lines, tables)


def _necro_cards(q: _Qrs, edition: str) -> None:
    rules = q.data.get("injury_rules", {})
    rules = rules if isinstance(rules, Mapping) else {}

    def tid(key: str, default: str) -> str:
        return str(rules.get(key) or f"{edition}-{default}")

    post = q.data.get("post_battle", {})
    steps = post.get("steps", []) if isinstance(post, Mapping) else []
    lines = [f"{i}. {s.get('label')}: {s.get('text')}" for i, s in enumerate(steps, 1) if isinstance(s, Mapping)]
    xp = q.data.get("xp")
    if isinstance(xp, Mapping) and xp:
        lines.append("XP: " + ", ".join(f"{_pretty(k).lower()} {v}" for k, v in xp.items()))
    q.card("Post-battle checklist", "Necromunda " + edition.upper(), lines)
    q.card("Lasting Injury", "Fighters taken Out of Action", [],
           q.table(tid("lasting_injury_table", "lasting-injury")))
    q.card("Lasting Damage", "Vehicles taken Out of Action", [],
           q.table(tid("lasting_damage_table", "lasting-damage")) + q.table(f"{edition}-write-off"))
    q.card("Post-battle tests", "Seriously injured, captured and critically injured models", [],
           q.table(tid("seriously_injured_table", "seriously-injured")) + q.table(tid("escape_table", "escape"))
           + q.table(tid("treatment_table", "medical-escort")))
    tables = []
    for key, title in (("characteristics", "Fighter characteristics"),
                       ("vehicle_characteristics", "Vehicle characteristics")):
        chars = q.data.get(key)
        if isinstance(chars, Mapping) and chars:
            tables.append({
                "title": title, "note": "Targets are written 3+ (lower is better); values higher is better.",
                "columns": ["Key", "Characteristic", "Kind", "Limits"],
                "rows": [[k, str(v.get("label", "")),
                          "target (lower is better)" if v.get("kind") == "target" else "value",
                          stat_text(k, str(v.get("kind")), v.get("min")) + " to "
                          + stat_text(k, str(v.get("kind")), v.get("max"))]
                         for k, v in chars.items() if isinstance(v, Mapping)],
            })
    q.card("Characteristics", "As this edition writes them", [], tables)


def _squad_cards(q: _Qrs, system: str) -> None:
    """FUBAR / unit-morale cards, from the squads module (same rules data, house rules in)."""
    from campaign_app.systems.squads import qrs_cards

    cards = qrs_cards(system, q.tables, q.data)
    q.cards += cards
    titles = {str(t.get("title", "")).removesuffix(" (house rule)")
              for c in cards for t in c.get("tables", []) if isinstance(t, Mapping)}
    q.used.update(tid for tid, t in q.tables.items() if t.title in titles)
    # reference tables (training, state changes) are printed from the same data by
    # the squads cards under their own titles: only a rolled table may be left over
    q.skipped.update(tid for tid, t in q.tables.items() if not t.rolled)


def qrs_document(engine: Engine, campaign: Any, all_kinds: bool = False) -> dict[str, Any]:
    """Quick-reference cards for the campaign's system and expansions, house rules applied.

    Weird WWII creature cards are printed for the kinds present in the campaign's
    rosters, or for every kind with ``all_kinds``.
    """
    with read_session(engine) as s:
        c = get_campaign(s, campaign.id if isinstance(campaign, Campaign) else campaign)
        info = get_system(c.system)
        tables = tables_for(c)
        data = load_rulebook().data(c.system, c.edition, c.expansions or [])
        q = _Qrs(tables, data)
        if c.system == "nuts":
            _nuts_cards(q)
            if "weird-ww2" in (c.expansions or []):
                present = set(s.exec(
                    select(Fighter.kind).join(Roster, Roster.id == Fighter.roster_id)  # type: ignore[arg-type]
                    .where(Roster.campaign_id == c.id).distinct()
                ).all())
                _creature_cards(q, present, all_kinds)
                types = list(s.exec(select(WalkerType).where(WalkerType.campaign_id == c.id)
                                    .order_by(WalkerType.name)).all())  # type: ignore[arg-type]
                _walker_card(q, types)
        elif c.system == "necromunda":
            _necro_cards(q, c.edition)
        elif info.uses_units:
            _squad_cards(q, c.system)
        q.rest()  # any other system: every table of its rules data
        return {"campaign": c.name, "system": _system_name(c, info), "cards": q.cards}


def check_output_path(path: str) -> str:
    """The absolute output path, or an InputError saying why it cannot be written."""
    raw = str(path or "").strip()
    if not raw:
        raise InputError("no output file given (-o FILE.pdf)")
    full = os.path.abspath(os.path.expanduser(raw))
    if os.path.isdir(full):
        raise InputError(f"output {raw} is a folder: give a file name, e.g. {os.path.join(raw, 'roster.pdf')}")
    folder = os.path.dirname(full)
    if not os.path.exists(folder):
        raise InputError(f"cannot write {raw}: the folder {folder} does not exist")
    if not os.path.isdir(folder):
        raise InputError(f"cannot write {raw}: {folder} is not a folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise InputError(f"cannot write {raw}: the folder {folder} is not writable")
    if os.path.exists(full) and not os.access(full, os.W_OK):
        raise InputError(f"cannot write {raw}: the file exists and is read-only")
    return full
