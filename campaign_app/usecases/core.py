"""Foundation use-cases: campaigns, rosters, fighters, rolling tables, the roll log,
undo and redo. Each writing use-case is one :class:`UnitOfWork` (one transaction, one
journal, one undo step); each raises typed errors and writes nothing on bad input."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from sqlalchemy import func
from sqlalchemy import select as sa_select
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from campaign_app.changes import Changes
from campaign_app.dice import Roller, RollResult
from campaign_app.errors import ConflictError, InputError, NotFoundError, RulesDataError
from campaign_app.rules import Row, Table, check_effects, parse_table
from campaign_app.rules.rolling import roll_on
from campaign_app.systems import (
    StatRule,
    SystemInfo,
    campaign_tables,
    find_stat,
    get_system,
    stat_rules,
)
from campaign_app.usecases.common import (
    CREDITS_RANGE,
    REPUTATION_RANGE,
    TARGET_RANGE,
    XP_RANGE,
    campaign_of_fighter,
    campaign_of_roster,
    clean_int,
    clean_name,
    clean_text,
    get_campaign,
    get_fighter,
    get_roster,
    touch_version,
)
from campaign_app.usecases.results import UndoResult
from db.journal import (
    can_undo,
    journal_changes,
    redo_journal,
    redo_target,
    undo_journal,
    undo_target,
)
from db.models import (
    Battle,
    BattleResult,
    Campaign,
    Equipment,
    Fighter,
    Journal,
    RollRecord,
    Roster,
    Skill,
    Unit,
)
from db.uow import UnitOfWork, fault_point, read_session

FIGHTER_STATUSES = (
    "active", "in-recovery", "convalescence", "captured", "dead", "lost", "turned", "retired",
)


# --------------------------------------------------------------------------- campaigns
def create_campaign(engine: Engine, name: str, system: str, edition: str | None = None,
                    expansions: Iterable[str] = (), notes: str = "") -> Campaign:
    info = get_system(system)
    name = clean_name(name, "campaign name")
    ed = info.check_edition(edition)
    exps = info.check_expansions(expansions)
    with UnitOfWork(engine, "campaign.create", summary=f"create campaign {name}") as uow:
        s = uow.session
        if s.exec(select(Campaign).where(Campaign.name == name)).first() is not None:
            raise InputError(f"a campaign named {name!r} already exists")
        c = Campaign(name=name, system=info.id, edition=ed, expansions=exps,
                     notes=clean_text(notes, "notes"))
        s.add(c)
        s.flush()
        uow.campaign_id = c.id
    return c


def list_campaigns(engine: Engine) -> list[dict[str, Any]]:
    with read_session(engine) as s:
        counts = dict(
            s.exec(select(Roster.campaign_id, func.count(Roster.id)).group_by(Roster.campaign_id)).all()
        )
        battles = dict(
            s.exec(select(Battle.campaign_id, func.count(Battle.id)).group_by(Battle.campaign_id)).all()
        )
        return [
            {**campaign_dict(c), "rosters": counts.get(c.id, 0), "battles": battles.get(c.id, 0)}
            for c in s.exec(select(Campaign).order_by(Campaign.name)).all()
        ]


def campaign_dict(c: Campaign) -> dict[str, Any]:
    from campaign_app.systems.registry import system_name

    return {
        "id": c.id,
        "name": c.name,
        "system": c.system,
        "system_name": system_name(c.system),
        "edition": c.edition,
        "expansions": list(c.expansions or []),
        "house_rules": sorted((c.house_rules or {}).keys()),
        "cycle": c.cycle,
        "version": c.version,
    }


def show_campaign(engine: Engine, ref: Any) -> dict[str, Any]:
    with read_session(engine) as s:
        c = get_campaign(s, ref)
        rosters = s.exec(select(Roster).where(Roster.campaign_id == c.id).order_by(Roster.name)).all()
        fcount = dict(
            s.exec(
                select(Fighter.roster_id, func.count(Fighter.id))
                .join(Roster, Roster.id == Fighter.roster_id)
                .where(Roster.campaign_id == c.id)
                .group_by(Fighter.roster_id)
            ).all()
        )
        ucount = dict(
            s.exec(
                select(Unit.roster_id, func.count(Unit.id))
                .join(Roster, Roster.id == Unit.roster_id)
                .where(Roster.campaign_id == c.id)
                .group_by(Unit.roster_id)
            ).all()
        )
        battles = s.exec(select(Battle).where(Battle.campaign_id == c.id).order_by(Battle.number)).all()
        return {
            **campaign_dict(c),
            "notes": c.notes,
            "rosters": [
                {**roster_dict(r), "fighters": fcount.get(r.id, 0), "units": ucount.get(r.id, 0)}
                for r in rosters
            ],
            "battles": [
                {"id": b.id, "number": b.number, "played_on": b.played_on.isoformat(),
                 "scenario": b.scenario, "after_battle_done": b.after_battle_done}
                for b in battles
            ],
        }


def campaign_rules(engine: Engine, ref: Any) -> dict[str, Table]:
    with read_session(engine) as s:
        c = get_campaign(s, ref)
        return tables_for(c)


def tables_for(c: Campaign) -> dict[str, Table]:
    return campaign_tables(c.system, c.edition, c.expansions or [], c.house_rules or {})


def set_house_rule(engine: Engine, ref: Any, table_id: str, table: Mapping[str, Any] | None) -> Campaign:
    """Override one table for a campaign (``None`` restores the shipped default).

    The table is checked like a shipped one (covers its dice exactly once) before
    anything is saved; an error names the table and row."""
    with UnitOfWork(engine, "campaign.house-rule") as uow:
        s = uow.session
        c = get_campaign(s, ref)
        uow.campaign_id = c.id
        shipped = campaign_tables(c.system, c.edition, c.expansions or [])
        if table_id not in shipped:
            raise InputError(f"{c.name} has no table {table_id!r} to override")
        rules = dict(c.house_rules or {})
        if table is None:
            if table_id not in rules:
                raise InputError(f"{table_id} has no house rule in {c.name}")
            rules.pop(table_id)
        else:
            try:
                parsed = parse_table(table_id, table, "house rule")
                check_effects(parsed, "house rule")
            except RulesDataError as e:
                raise InputError(str(e)) from None
            if parsed.dice != shipped[table_id].dice:
                raise InputError(
                    f"house rule {table_id}: dice must stay {shipped[table_id].dice} (got {parsed.dice})"
                )
            rules[table_id] = parsed.to_dict()
        c.house_rules = rules
        uow.summary = f"house rule {table_id} in {c.name}"
        s.add(c)
    return c


# --------------------------------------------------------------------------- rosters
def roster_dict(r: Roster) -> dict[str, Any]:
    return {
        "id": r.id, "campaign_id": r.campaign_id, "name": r.name, "kind": r.kind,
        "faction": r.faction, "player": r.player, "credits": r.credits,
        "reputation": r.reputation, "notes": r.notes, "version": r.version,
    }


def create_roster(engine: Engine, campaign_ref: Any, name: str, kind: str | None = None,
                  faction: str = "", player: str = "", credits: int = 0) -> Roster:
    name = clean_name(name, "roster name")
    with UnitOfWork(engine, "roster.create") as uow:
        s = uow.session
        c = get_campaign(s, campaign_ref)
        info = get_system(c.system)
        k = (kind or info.default_roster_kind).strip().lower()
        if k not in info.roster_kinds:
            raise InputError(f"roster kind {kind!r} is not one of {', '.join(info.roster_kinds)}")
        if s.exec(select(Roster).where(Roster.campaign_id == c.id, Roster.name == name)).first():
            raise InputError(f"{c.name} already has a roster named {name!r}")
        credits = clean_int(credits if credits is not None else 0, "credits", *CREDITS_RANGE)
        r = Roster(campaign_id=c.id, name=name, kind=k, faction=clean_text(faction, "faction", 200),
                   player=clean_text(player, "player", 200), credits=credits)
        s.add(r)
        uow.campaign_id = c.id
        uow.summary = f"create roster {name}"
    return r


def edit_roster(engine: Engine, ref: Any, *, if_version: int | None = None,
                **changes: Any) -> Roster:
    allowed = {"name", "faction", "player", "credits", "reputation", "notes", "kind"}
    bad = set(changes) - allowed
    if bad:
        raise InputError(f"cannot edit {', '.join(sorted(bad))} of a roster")
    with UnitOfWork(engine, "roster.edit") as uow:
        s = uow.session
        r = get_roster(s, ref)
        c = campaign_of_roster(s, r)
        uow.campaign_id = c.id
        _check_version(r, if_version, "roster")
        for k, v in changes.items():
            if v is None:
                continue
            if k == "name":
                v = clean_name(v, "roster name")
                other = s.exec(select(Roster).where(Roster.campaign_id == c.id, Roster.name == v,
                                                    Roster.id != r.id)).first()
                if other is not None:
                    raise InputError(f"{c.name} already has a roster named {v!r}")
            elif k in ("credits", "reputation"):
                v = clean_int(v, k, *(CREDITS_RANGE if k == "credits" else REPUTATION_RANGE))
            elif k == "kind":
                info = get_system(c.system)
                if v not in info.roster_kinds:
                    raise InputError(f"roster kind {v!r} is not one of {', '.join(info.roster_kinds)}")
            else:
                v = clean_text(v, k)
            setattr(r, k, v)
        s.add(r)
        uow.summary = f"edit roster {r.name}"
    return r


def show_roster(engine: Engine, ref: Any) -> dict[str, Any]:
    with read_session(engine) as s:
        r = get_roster(s, ref)
        c = campaign_of_roster(s, r)
        fighters = s.exec(select(Fighter).where(Fighter.roster_id == r.id).order_by(Fighter.id)).all()
        units = s.exec(select(Unit).where(Unit.roster_id == r.id).order_by(Unit.id)).all()
        eq = _equipment_by_owner(s, [f.id for f in fighters], [u.id for u in units])
        skills = _skills_by_fighter(s, [f.id for f in fighters])
        return {
            **roster_dict(r),
            "campaign": campaign_dict(c),
            "fighters": [fighter_dict(f, eq.get(("f", f.id), []), skills.get(f.id, [])) for f in fighters],
            "units": [unit_dict(u, eq.get(("u", u.id), [])) for u in units],
        }


def _equipment_by_owner(s: Session, fids: Sequence[int | None], uids: Sequence[int | None]
                        ) -> dict[tuple[str, int], list[dict[str, Any]]]:
    out: dict[tuple[str, int], list[dict[str, Any]]] = {}
    if fids:
        for e in s.exec(select(Equipment).where(Equipment.fighter_id.in_(fids)).order_by(Equipment.id)):  # type: ignore[union-attr]
            out.setdefault(("f", e.fighter_id), []).append(equipment_dict(e))  # type: ignore[arg-type]
    if uids:
        for e in s.exec(select(Equipment).where(Equipment.unit_id.in_(uids)).order_by(Equipment.id)):  # type: ignore[union-attr]
            out.setdefault(("u", e.unit_id), []).append(equipment_dict(e))  # type: ignore[arg-type]
    return out


def _skills_by_fighter(s: Session, fids: Sequence[int | None]) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    if fids:
        for sk in s.exec(select(Skill).where(Skill.fighter_id.in_(fids)).order_by(Skill.id)):  # type: ignore[attr-defined]
            out.setdefault(sk.fighter_id, []).append(sk.name)
    return out


def equipment_dict(e: Equipment) -> dict[str, Any]:
    return {
        "id": e.id, "name": e.name, "category": e.category, "range": e.range,
        "targets": e.targets, "impact": e.impact, "fp": e.fp, "strength": e.strength,
        "ap": e.ap, "traits": list(e.traits or []), "qty": e.qty, "cost": e.cost, "notes": e.notes,
    }


def fighter_dict(f: Fighter, equipment: list[dict[str, Any]] | None = None,
                 skills: list[str] | None = None) -> dict[str, Any]:
    return {
        "id": f.id, "roster_id": f.roster_id, "name": f.name, "type": f.fighter_type,
        "role": f.role, "kind": f.kind, "rep": f.rep, "stats": dict(f.stats or {}),
        "xp": f.xp, "credits_value": f.credits_value, "status": f.status,
        "status_note": f.status_note, "captured_by_roster_id": f.captured_by_roster_id,
        "walker_type_id": f.walker_type_id, "crew_of_id": f.crew_of_id,
        "abilities": list(f.abilities or []), "conditions": list(f.conditions or []),
        "notes": f.notes, "version": f.version,
        "equipment": equipment or [], "skills": skills or [],
    }


def unit_dict(u: Unit, equipment: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {
        "id": u.id, "roster_id": u.roster_id, "name": u.name, "unit_type": u.unit_type,
        "training": u.training, "figures": u.figures, "figures_start": u.figures_start,
        "wounded": u.wounded, "armour": u.armour, "discipline": u.discipline, "order": u.order,
        "status": u.status, "battles_fought": u.battles_fought, "stats": dict(u.stats or {}),
        "notes": u.notes, "version": u.version, "equipment": equipment or [],
    }


# --------------------------------------------------------------------------- fighters
def _check_version(obj: Any, expected: int | None, what: str) -> None:
    if expected is not None and obj.version != expected:
        raise ConflictError(
            f"{what} {obj.name!r} was changed by someone else (version {obj.version}, you had "
            f"{expected}); nothing was saved — reload and try again"
        )


def validate_rep(info: SystemInfo, rep: Any) -> int | None:
    if rep is None or rep == "":
        return None
    if not info.uses_rep:
        raise InputError(f"{info.name} does not use Rep")
    value = clean_int(rep, "rep")
    if not 1 <= value <= 6:
        raise InputError(f"rep: {value} is outside 1..6")
    return value


def parse_stats(info: SystemInfo, raw: Mapping[str, Any] | Iterable[str],
                rules: Sequence[StatRule] | None = None) -> dict[str, int]:
    """``{"WS": "3+"}`` or ``["WS=3+", "M=5"]`` to checked values keyed as the system spells them.

    ``rules``: the characteristics to check against (``stat_rules(system, edition,
    kind)``); default the system's edition-less ``info.stats``."""
    pairs: list[tuple[str, Any]] = []
    if isinstance(raw, Mapping):
        pairs = list(raw.items())
    else:
        for item in raw:
            if "=" not in item:
                raise InputError(f"--stat {item!r}: write KEY=VALUE, e.g. WS=3+")
            k, v = item.split("=", 1)
            pairs.append((k.strip(), v.strip()))
    out: dict[str, int] = {}
    for k, v in pairs:
        rule = find_stat(rules, k, info.name) if rules is not None else info.stat(k)
        out[rule.key] = rule.parse(v)
    return out


def _weapon_data(c: Campaign) -> dict[str, Any]:
    from campaign_app.rules import load_rulebook

    data = load_rulebook().data(c.system, c.edition, c.expansions or [])
    weapons = data.get("weapons", {})
    return weapons if isinstance(weapons, dict) else {}


def make_equipment(c: Campaign, name: str) -> Equipment:
    """A weapon by name, filled from the system's weapon list when it knows it."""
    name = clean_name(name, "weapon name")
    weapons = _weapon_data(c)
    key = name.lower().replace(" ", "-")
    spec = weapons.get(key) or next(
        (w for w in weapons.values() if isinstance(w, dict) and str(w.get("name", "")).lower() == name.lower()),
        None,
    )
    e = Equipment(name=name)
    if isinstance(spec, dict):
        e.name = str(spec.get("name", name))
        rng = spec.get("range")
        e.range = "" if rng is None else (f'{rng}"' if isinstance(rng, int) else str(rng))
        for k in ("targets", "impact", "fp"):
            if isinstance(spec.get(k), int):
                setattr(e, k, spec[k])
        if spec.get("notes"):
            e.notes = str(spec["notes"])
        if spec.get("category"):
            e.category = str(spec["category"])
    return e


def _fixed_rep(c: Campaign, kind: str) -> tuple[int, str] | None:
    """(Rep, label) of a creature kind whose Rep never varies (Weird WWII zombies: Rep
    2), from the campaign's rules data; None for every other kind."""
    from campaign_app.rules import load_rulebook

    if not kind or kind == "human":
        return None
    creatures = load_rulebook().data(c.system, c.edition, c.expansions or []).get("creatures", {})
    spec = creatures.get(kind) if isinstance(creatures, Mapping) else None
    if not isinstance(spec, Mapping) or spec.get("rep") is None:
        return None
    return int(spec["rep"]), str(spec.get("label") or kind.replace("-", " ").title())


def add_fighter(engine: Engine, roster_ref: Any, name: str, *, fighter_type: str | None = None,
                rep: Any = None, stats: Mapping[str, Any] | Iterable[str] = (), role: str = "",
                kind: str = "human", xp: Any = 0, credits_value: Any = 0, notes: str = "",
                weapons: Iterable[str] = (), skills: Iterable[str] = ()) -> Fighter:
    name = clean_name(name, "fighter name")
    with UnitOfWork(engine, "fighter.add") as uow:
        s = uow.session
        r = get_roster(s, roster_ref)
        c = campaign_of_roster(s, r)
        uow.campaign_id = c.id
        info = get_system(c.system)
        f = Fighter(roster_id=r.id, name=name)
        _apply_fighter_fields(info, c, f, fighter_type=fighter_type, rep=rep, stats=stats, role=role,
                              kind=kind, xp=xp, credits_value=credits_value, notes=notes, new=True)
        s.add(f)
        s.flush()
        fault_point("fighter.add.after-insert")
        for w in weapons:
            e = make_equipment(c, w)
            e.fighter_id = f.id
            s.add(e)
        fault_point("fighter.add.after-equipment")
        for sk in skills:
            s.add(Skill(fighter_id=f.id, name=clean_name(sk, "skill")))
        uow.summary = f"add {name} to {r.name}"
    return f


def _apply_fighter_fields(info: SystemInfo, c: Campaign, f: Fighter, *, new: bool = False,
                          **fields: Any) -> None:
    ft = fields.get("fighter_type")
    if ft is not None or new:
        t = (ft or info.default_type).strip().lower()
        if t not in info.fighter_types:
            raise InputError(f"type {ft!r} is not one of {', '.join(info.fighter_types)}")
        f.fighter_type = t
    kind_given = fields.get("kind")
    fixed = _fixed_rep(c, str(kind_given).strip().lower() if kind_given is not None else f.kind or "")
    if "rep" in fields and (fields["rep"] is not None or new):
        rep = validate_rep(info, fields["rep"])
        if info.uses_rep and rep is None and new and fixed is None:
            raise InputError(f"{info.name} fighters need a Rep (--rep 1..6)")
        if fixed is not None and rep is not None and rep != fixed[0]:
            label = fixed[1].lower()
            raise InputError(f"{f.name} is a {label}: {label}s are always Rep {fixed[0]} (not {rep})")
        f.rep = rep
    if fixed is not None:  # a zombie (made one now, or added without a Rep) is Rep 2
        f.rep = fixed[0]
    if fields.get("stats"):
        kind_now = str(fields.get("kind") or f.kind or "").strip().lower()
        if kind_now != "vehicle" and (f.fighter_type or "") == "vehicle":
            kind_now = "vehicle"
        merged = dict(f.stats or {})
        merged.update(parse_stats(info, fields["stats"], stat_rules(info.id, c.edition, kind_now)))
        f.stats = merged
    kind = fields.get("kind")
    if kind is not None:
        k = kind.strip().lower()
        if k not in info.kinds:
            raise InputError(f"kind {kind!r} is not one of {', '.join(info.kinds)}")
        needed = info.expansion_for_kind(k)
        if needed and needed not in (c.expansions or []):
            raise InputError(f"kind {k!r} needs the {needed} expansion enabled for {c.name}")
        f.kind = k
    for key, bounds in (("xp", XP_RANGE), ("credits_value", CREDITS_RANGE)):
        if fields.get(key) is not None:
            setattr(f, key, clean_int(fields[key], key.replace("_", " "), *bounds))
    if fields.get("role") is not None:
        f.role = clean_text(fields["role"], "role", 100)
    if fields.get("notes") is not None:
        f.notes = clean_text(fields["notes"], "notes")
    if fields.get("name") is not None:
        f.name = clean_name(fields["name"], "fighter name")
    status = fields.get("status")
    if status is not None:
        st = status.strip().lower()
        if st not in FIGHTER_STATUSES:
            raise InputError(f"status {status!r} is not one of {', '.join(FIGHTER_STATUSES)}")
        f.status = st


def edit_fighter(engine: Engine, ref: Any, *, if_version: int | None = None,
                 add_weapons: Iterable[str] = (), remove_weapons: Iterable[str] = (),
                 add_skills: Iterable[str] = (), **fields: Any) -> Fighter:
    allowed = {"name", "fighter_type", "rep", "stats", "role", "kind", "xp", "credits_value",
               "notes", "status"}
    bad = set(fields) - allowed
    if bad:
        raise InputError(f"cannot edit {', '.join(sorted(bad))} of a fighter")
    with UnitOfWork(engine, "fighter.edit") as uow:
        s = uow.session
        f = get_fighter(s, ref)
        c, r = campaign_of_fighter(s, f)
        uow.campaign_id = c.id
        _check_version(f, if_version, "fighter")
        info = get_system(c.system)
        _apply_fighter_fields(info, c, f, **{k: v for k, v in fields.items() if v is not None})
        s.add(f)
        add_weapons, remove_weapons, add_skills = list(add_weapons), list(remove_weapons), list(add_skills)
        if add_weapons or remove_weapons or add_skills:
            touch_version(s, f)  # its weapons or skills change: a new version of the fighter
        fault_point("fighter.edit.after-fields")
        for w in add_weapons:
            e = make_equipment(c, w)
            e.fighter_id = f.id
            s.add(e)
        for w in remove_weapons:
            found = s.exec(select(Equipment).where(Equipment.fighter_id == f.id, Equipment.name == w)).first()
            if found is None:
                raise InputError(f"{f.name} carries no {w!r}")
            s.delete(found)
        fault_point("fighter.edit.after-equipment")
        for sk in add_skills:
            s.add(Skill(fighter_id=f.id, name=clean_name(sk, "skill")))
        uow.summary = f"edit {f.name}"
    return f


def remove_fighter(engine: Engine, ref: Any) -> None:
    with UnitOfWork(engine, "fighter.remove") as uow:
        s = uow.session
        f = get_fighter(s, ref)
        c, _r = campaign_of_fighter(s, f)
        uow.campaign_id = c.id
        uow.summary = f"remove {f.name}"
        # other rows that point at this fighter keep their history without the link
        # (journaled like everything else, so undo puts the links back)
        for res in s.exec(select(BattleResult).where(BattleResult.by_fighter_id == f.id)).all():
            res.by_fighter_id = None
            s.add(res)
        for crew in s.exec(select(Fighter).where(Fighter.crew_of_id == f.id)).all():
            crew.crew_of_id = None
            s.add(crew)
        s.flush()
        s.delete(f)


def show_fighter(engine: Engine, ref: Any) -> dict[str, Any]:
    from db.models import LastingInjury

    with read_session(engine) as s:
        f = get_fighter(s, ref)
        eq = _equipment_by_owner(s, [f.id], [])
        skills = _skills_by_fighter(s, [f.id])
        injuries = s.exec(select(LastingInjury).where(LastingInjury.fighter_id == f.id)
                          .order_by(LastingInjury.id)).all()
        d = fighter_dict(f, eq.get(("f", f.id), []), skills.get(f.id, []))  # type: ignore[arg-type]
        d["injuries"] = [
            {"id": i.id, "table": i.table_id, "roll": i.roll, "result": i.result, "label": i.label,
             "battle_id": i.battle_id, "effects_applied": list(i.effects_applied or []),
             "effects_skipped": list(i.effects_skipped or [])}
            for i in injuries
        ]
        return d


# --------------------------------------------------------------------------- rolling
def roll_table(engine: Engine, table_id: str, *, campaign: Any = None, dice: Any = None,
               seed: int | None = None, target: Any = None) -> dict[str, Any]:
    """Roll any table (house rules of ``campaign`` included) and record it there."""
    roller = Roller.from_options(dice, seed)
    tgt = clean_int(target, "target", *TARGET_RANGE) if target is not None else None
    if campaign is None:
        from campaign_app.rules import load_rulebook

        try:
            table = load_rulebook().table(table_id)
        except RulesDataError as e:
            raise NotFoundError(str(e)) from None
        res, row = roll_on(table, roller, f"roll on {table.title}", target=tgt)
        roller.finish()
        return _roll_out(res, row, table, recorded=False)
    with UnitOfWork(engine, "roll", journaled=False) as uow:
        c = get_campaign(uow.session, campaign)
        uow.campaign_id = c.id
        tables = tables_for(c)
        if table_id not in tables:
            raise NotFoundError(f"{c.name} ({get_system(c.system).name}) has no table {table_id!r}")
        table = tables[table_id]
        res, row = roll_on(table, roller, f"roll on {table.title}", target=tgt)
        roller.finish()
        uow.record_rolls(roller)
    return _roll_out(res, row, table, recorded=True)


def _roll_out(res: RollResult, row: Row, table: Table, recorded: bool) -> dict[str, Any]:
    return {
        "table": table.id, "title": table.title, "dice": res.spec, "faces": res.faces,
        "target": res.target, "value": res.value, "row": row.roll, "result": row.result,
        "label": row.label, "text": row.text, "effects": [e.to_dict() for e in row.effects],
        "source": res.source, "recorded": recorded, "house_rule": table.source == "house rule",
    }


# --------------------------------------------------------------------------- log / undo
def roll_log(engine: Engine, campaign: Any, *, battle: int | None = None, fighter: Any = None,
             table: str | None = None, limit: int | None = None) -> list[dict[str, Any]]:
    """The roll record, oldest first (the newest ``limit`` when given). Read as plain
    rows, not ORM objects: a league's log holds tens of thousands of rolls.

    ``battle`` is a battle id of this campaign, ``fighter`` one of its fighters;
    ``limit`` at least 1 (None: every roll)."""
    limit = _check_limit(limit)
    with read_session(engine) as s:
        c = get_campaign(s, campaign)
        if battle is not None:
            battle = _battle_of(s, c, battle)
        rr = RollRecord.__table__.c  # type: ignore[attr-defined]
        jr = Journal.__table__.c  # type: ignore[attr-defined]
        stmt = (
            sa_select(rr.id, rr.created_at, rr.purpose, rr.rule, rr.subject, rr.dice, rr.faces, rr.source,
                   rr.target, rr.value, rr.table_id, rr.row, rr.result, rr.label, rr.battle_id,
                   rr.fighter_id, jr.undone, jr.action)
            .select_from(RollRecord.__table__.outerjoin(Journal.__table__, jr.id == rr.journal_id))  # type: ignore[attr-defined]
            .where(rr.campaign_id == c.id)
        )
        if battle is not None:
            stmt = stmt.where(rr.battle_id == battle)
        if fighter is not None:
            f = get_fighter(s, fighter)
            if campaign_of_fighter(s, f)[0].id != c.id:
                raise InputError(f"{f.name} is not in {c.name}")
            stmt = stmt.where(rr.fighter_id == f.id)
        if table:
            stmt = stmt.where(rr.table_id == table)
        stmt = stmt.order_by(rr.id.desc())
        if limit is not None:
            stmt = stmt.limit(limit)
        rows = list(s.execute(stmt).all())
        rows.reverse()
        return [
            {
                "id": r.id, "when": _when(r.created_at), "purpose": r.purpose,
                "rule": r.rule, "subject": r.subject, "dice": r.dice,
                "faces": [int(x) for x in r.faces.split(",") if x], "source": r.source,
                "target": r.target, "value": r.value, "table": r.table_id, "row": r.row,
                "result": r.result, "label": r.label, "battle_id": r.battle_id,
                "fighter_id": r.fighter_id, "action": r.action or "roll", "undone": bool(r.undone),
            }
            for r in rows
        ]


def _check_limit(limit: Any) -> int | None:
    if limit is None:
        return None
    n = clean_int(limit, "limit")
    if n < 1:
        raise InputError(f"limit must be 1 or more (got {n})")
    return n


def _battle_of(s: Session, c: Campaign, ref: Any) -> int:
    """The id of battle ``ref`` (its id) of campaign ``c``; InputError when it has none."""
    bid = clean_int(ref, "battle")
    b = s.get(Battle, bid) if bid > 0 else None
    if b is None or b.campaign_id != c.id:
        raise NotFoundError(f"no battle {bid} in {c.name}")
    return bid


def _when(value: Any) -> str:
    return value.isoformat(timespec="seconds") if hasattr(value, "isoformat") else str(value)


def history(engine: Engine, campaign: Any, limit: int | None = None) -> list[dict[str, Any]]:
    """The campaign's actions, newest first (the newest ``limit``, at least 1, when given)."""
    limit = _check_limit(limit)
    with read_session(engine) as s:
        c = get_campaign(s, campaign)
        stmt = select(Journal).where(Journal.campaign_id == c.id).order_by(Journal.id.desc())  # type: ignore[union-attr]
        if limit is not None:
            stmt = stmt.limit(limit)
        return [
            {"id": j.id, "when": j.created_at.isoformat(timespec="seconds"), "action": j.action,
             "summary": j.summary, "undone": j.undone}
            for j in s.exec(stmt).all()
        ]


def undo(engine: Engine, campaign: Any) -> UndoResult:
    """Undo the campaign's last action that is not undone yet."""
    with UnitOfWork(engine, "undo", journaled=False) as uow:
        s = uow.session
        c = get_campaign(s, campaign)
        j = undo_target(s, c.id)  # type: ignore[arg-type]
        if j is None:
            raise InputError(f"nothing to undo in {c.name}")
        if not can_undo(j):
            how = "importing it" if j.summary.startswith("import") else "creating it"
            raise InputError(f"nothing to undo in {c.name}: its first action, {how}, cannot be undone")
        undo_journal(s, j)
        out = UndoResult(id=j.id, action=j.action, summary=j.summary,  # type: ignore[arg-type]
                         changes=journal_changes(j) | Changes.of(campaigns=[c.id]))  # type: ignore[list-item]
    return out


def redo(engine: Engine, campaign: Any) -> UndoResult:
    """Redo the most recently undone action, if nothing was done since."""
    with UnitOfWork(engine, "redo", journaled=False) as uow:
        s = uow.session
        c = get_campaign(s, campaign)
        j = redo_target(s, c.id)  # type: ignore[arg-type]
        if j is None:
            raise InputError(f"nothing to redo in {c.name}")
        redo_journal(s, j)
        out = UndoResult(id=j.id, action=j.action, summary=j.summary,  # type: ignore[arg-type]
                         changes=journal_changes(j) | Changes.of(campaigns=[c.id]))  # type: ignore[list-item]
    return out


def systems_overview() -> list[dict[str, Any]]:
    from campaign_app.rules import load_rulebook
    from campaign_app.systems import SYSTEMS

    book = load_rulebook()
    out = []
    for info in SYSTEMS.values():
        tables = [
            {"id": t.id, "title": t.title, "dice": t.dice, "edition": t.edition,
             "expansion": t.expansion, "default": t.default}
            for t in book.tables.values() if t.system == info.id
        ]
        out.append({
            "id": info.id, "name": info.name, "editions": [e for e in info.editions if e],
            "default_edition": info.default_edition, "expansions": list(info.expansions),
            "tables": tables,
        })
    return out

