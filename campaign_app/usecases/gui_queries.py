"""Read-only queries the desktop GUI needs beyond the CLI's use-cases.

Everything here returns plain dicts and lists (no ORM objects leave this module) and
writes nothing. The roster table query is built for league-size campaigns: one Core
select per table, no per-fighter queries.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.engine import Engine

from campaign_app.systems import SYSTEMS, game_system, get_system
from campaign_app.systems import systems as all_systems
from campaign_app.systems.layout import BASE_STATUSES, RosterLayout
from campaign_app.usecases.common import get_campaign, get_fighter, get_roster, get_unit
from db.models import (
    Battle,
    BattleResult,
    Campaign,
    Equipment,
    Fighter,
    Journal,
    LastingInjury,
    RollRecord,
    Roster,
    Skill,
    Unit,
)
from db.uow import read_session


def _cols(model: Any) -> Any:
    """The Core columns of a table (typed loosely: these queries build plain selects)."""
    return model.__table__.c


CA = _cols(Campaign)
RO = _cols(Roster)
FI = _cols(Fighter)
UN = _cols(Unit)
BA = _cols(Battle)
BR = _cols(BattleResult)
EQ = _cols(Equipment)
SK = _cols(Skill)
LI = _cols(LastingInjury)
RR = _cols(RollRecord)
JO = _cols(Journal)


# --------------------------------------------------------------------------- systems
def system_info(system: str) -> dict[str, Any]:
    """What a dialog needs to know about a game system, as plain data."""
    from campaign_app.usecases.core import FIGHTER_STATUSES

    info = get_system(system)
    return {
        "id": info.id,
        "name": info.name,
        "editions": [
            {"id": e, "name": info.edition_names.get(e, e)} for e in info.editions if e
        ],
        "default_edition": info.default_edition,
        "expansions": list(info.expansions),
        "expansion_names": {x: info.expansion_names.get(x, x) for x in info.expansions},
        "roster_kinds": list(info.roster_kinds),
        "default_roster_kind": info.default_roster_kind,
        "fighter_types": list(info.fighter_types),
        "default_fighter_type": info.default_type,
        "uses_rep": info.uses_rep,
        "uses_units": info.uses_units,
        "stats": [
            {"key": s.key, "label": s.label, "low": s.low, "high": s.high, "target": s.target}
            for s in info.stats
        ],
        "kinds": list(info.kinds),
        "battle_statuses": list(info.battle_statuses),
        "fighter_statuses": list(FIGHTER_STATUSES),
    }


def systems() -> list[dict[str, Any]]:
    return [system_info(sid) for sid in SYSTEMS]


def roster_layout(system: str) -> RosterLayout:
    """How the system's rosters are shown (its columns, statuses...):
    :class:`campaign_app.systems.layout.RosterLayout`."""
    return game_system(system).roster_layout()


def status_class(status: str, system: str | None = None) -> str:
    """``down``, ``away``, ``hurt`` or ``ok``: how serious a status is (for icons and
    colours), as the system's layout says; without a system, as the core's statuses or
    any installed system's say."""
    s = (status or "").strip().lower()
    if system:
        return roster_layout(system).status(s).screen
    style = BASE_STATUSES.get(s)
    if style is None:
        for gs in all_systems().values():
            style = gs.roster_layout().statuses.get(s)
            if style is not None:
                break
    return style.screen if style is not None else "ok"


# --------------------------------------------------------------------------- campaigns
def campaign_count(engine: Engine) -> int:
    with read_session(engine) as s:
        return int(s.execute(select(func.count(CA.id))).scalar_one())


def campaign_tree(engine: Engine) -> list[dict[str, Any]]:
    """Every campaign with its rosters (and their head counts) for the tree view."""
    with read_session(engine) as s:
        camps = s.execute(
            select(CA.id, CA.name, CA.system, CA.edition,
                   CA.expansions, CA.cycle).order_by(CA.name)
        ).all()
        rosters = s.execute(
            select(RO.id, RO.campaign_id, RO.name, RO.kind, RO.faction,
                   RO.player).order_by(RO.name)
        ).all()
        fcount = dict(s.execute(
            select(FI.roster_id, func.count(FI.id)).group_by(FI.roster_id)
        ).all())
        ucount = dict(s.execute(
            select(UN.roster_id, func.count(UN.id)).group_by(UN.roster_id)
        ).all())
        pending = dict(s.execute(
            select(BA.campaign_id, func.count(BA.id))
            .where(BA.after_battle_done == False)  # noqa: E712
            .group_by(BA.campaign_id)
        ).all())
        battles = dict(s.execute(
            select(BA.campaign_id, func.count(BA.id)).group_by(BA.campaign_id)
        ).all())
    by_campaign: dict[int, list[dict[str, Any]]] = {}
    for r in rosters:
        by_campaign.setdefault(r.campaign_id, []).append({
            "id": r.id, "name": r.name, "kind": r.kind, "faction": r.faction, "player": r.player,
            "fighters": fcount.get(r.id, 0), "units": ucount.get(r.id, 0),
        })
    out = []
    known = all_systems()
    for c in camps:
        gs = known.get(c.system)  # None: a system not installed here (shown, no system actions)
        out.append({
            "id": c.id, "name": c.name, "system": c.system,
            "system_name": gs.name if gs else f"{c.system} (not installed)",
            "edition": c.edition, "expansions": list(c.expansions or []), "cycle": c.cycle,
            "uses_units": bool(gs and gs.info.uses_units),
            "rosters": by_campaign.get(c.id, []),
            "shows_cycle": gs is not None and gs.roster_layout().shows_cycle,
            "battles": battles.get(c.id, 0), "pending_battles": pending.get(c.id, 0),
        })
    return out


# --------------------------------------------------------------------------- roster table
def _names_by(rows: Iterable[Any]) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    for owner, name in rows:
        out.setdefault(owner, []).append(name)
    return out


def roster_rows(engine: Engine, *, campaign: Any = None, roster: Any = None,
                fighters: Iterable[int] | None = None, units: Iterable[int] | None = None) -> dict[str, Any]:
    """The rows of the roster table: every fighter and unit of one roster, or of every
    roster of a campaign. Weapons and skills come as name lists. With ``fighters`` or
    ``units`` (ids), only those of them still in that scope (a view refreshing the rows
    a change set names); give both, an empty one for none of that kind."""
    if (campaign is None) == (roster is None):
        raise ValueError("give a campaign or a roster")
    with read_session(engine) as s:
        if roster is not None:
            r = get_roster(s, roster)
            c = s.get(Campaign, r.campaign_id)
            assert c is not None
            scope_f = FI.roster_id == r.id
            scope_u = UN.roster_id == r.id
            roster_names = {r.id: r.name}
        else:
            c = get_campaign(s, campaign)
            ids = select(RO.id).where(RO.campaign_id == c.id).scalar_subquery()
            scope_f = FI.roster_id.in_(ids)
            scope_u = UN.roster_id.in_(ids)
            roster_names = dict(s.execute(
                select(RO.id, RO.name).where(RO.campaign_id == c.id)).all())
        if fighters is not None or units is not None:
            scope_f = scope_f & FI.id.in_(sorted(fighters or ()))
            scope_u = scope_u & UN.id.in_(sorted(units or ()))
        ft = FI
        fighter_rows = s.execute(
            select(ft.id, ft.roster_id, ft.name, ft.fighter_type, ft.role, ft.kind, ft.rep,
                   ft.stats, ft.xp, ft.credits_value, ft.status, ft.status_note, ft.crew_of_id,
                   ft.version).where(scope_f).order_by(ft.id)
        ).all()
        et = EQ
        weapons = _names_by(s.execute(
            select(et.fighter_id, et.name).join(Fighter, FI.id == et.fighter_id)
            .where(scope_f).order_by(et.id)).all())
        sk = SK
        skills = _names_by(s.execute(
            select(sk.fighter_id, sk.name).join(Fighter, FI.id == sk.fighter_id)
            .where(scope_f).order_by(sk.id)).all())
        it = LI
        injuries = _names_by(s.execute(
            select(it.fighter_id, it.label).join(Fighter, FI.id == it.fighter_id)
            .where(scope_f).order_by(it.id)).all())
        ut = UN
        unit_rows = s.execute(
            select(ut.id, ut.roster_id, ut.name, ut.unit_type, ut.training, ut.figures,
                   ut.figures_start, ut.wounded, ut.armour, ut.discipline, ut.order, ut.status,
                   ut.battles_fought, ut.stats, ut.version).where(scope_u).order_by(ut.id)
        ).all()
        unit_weapons = _names_by(s.execute(
            select(et.unit_id, et.name).join(Unit, UN.id == et.unit_id)
            .where(scope_u).order_by(et.id)).all())
        info = get_system(c.system)
        layout = roster_layout(c.system)
        out_rows: list[dict[str, Any]] = []
        for f in fighter_rows:
            out_rows.append({
                "what": "fighter", "id": f.id, "roster_id": f.roster_id,
                "roster": roster_names.get(f.roster_id, ""), "name": f.name, "type": f.fighter_type,
                "role": f.role, "kind": f.kind, "rep": f.rep, "stats": dict(f.stats or {}),
                "xp": f.xp, "credits_value": f.credits_value, "status": f.status,
                "status_note": f.status_note, "crew_of_id": f.crew_of_id, "version": f.version,
                "weapons": weapons.get(f.id, []), "skills": skills.get(f.id, []),
                "injuries": injuries.get(f.id, []), "status_class": layout.status(f.status).screen,
            })
        for u in unit_rows:
            out_rows.append({
                "what": "unit", "id": u.id, "roster_id": u.roster_id,
                "roster": roster_names.get(u.roster_id, ""), "name": u.name, "type": u.unit_type,
                "training": u.training, "figures": u.figures, "figures_start": u.figures_start,
                "wounded": u.wounded, "armour": u.armour, "discipline": u.discipline,
                "order": u.order, "status": u.status, "battles_fought": u.battles_fought,
                "stats": dict(u.stats or {}), "version": u.version,
                "weapons": unit_weapons.get(u.id, []), "status_class": layout.status(u.status).screen,
            })
        return {
            "campaign_id": c.id, "campaign": c.name, "system": c.system, "system_name": info.name,
            "uses_rep": info.uses_rep, "uses_units": info.uses_units,
            "stat_keys": [st.key for st in info.stats],
            "roster_id": next(iter(roster_names)) if roster is not None else None,
            "rows": out_rows,
        }


# --------------------------------------------------------------------------- details
def _battles_of(s: Any, *, fighter_id: int | None = None, unit_id: int | None = None
                ) -> list[dict[str, Any]]:
    br = BR
    stmt = select(br.status, br.scored_hit, br.casualties, BA.id, BA.number,
                  BA.played_on, BA.scenario, BA.after_battle_done,
                  BA.winner_roster_id).join(Battle, BA.id == br.battle_id)
    stmt = stmt.where(br.fighter_id == fighter_id) if fighter_id is not None else stmt.where(
        br.unit_id == unit_id)
    return [
        {"battle_id": b.id, "number": b.number, "played_on": b.played_on.isoformat(),
         "scenario": b.scenario, "status": b.status, "scored_hit": bool(b.scored_hit),
         "casualties": b.casualties, "after_battle_done": bool(b.after_battle_done)}
        for b in s.execute(stmt.order_by(BA.number)).all()
    ]


def fighter_detail(engine: Engine, fighter: Any) -> dict[str, Any]:
    """A fighter with its weapons, skills, injuries, battles and rolls."""
    from campaign_app.usecases.core import roll_log, show_fighter

    d: dict[str, Any] = dict(show_fighter(engine, fighter))
    with read_session(engine) as s:
        f = get_fighter(s, d["id"])
        r = s.get(Roster, f.roster_id)
        assert r is not None
        c = s.get(Campaign, r.campaign_id)
        assert c is not None
        d["roster"] = r.name
        d["campaign_id"] = c.id
        d["campaign"] = c.name
        d["system"] = c.system
        d["battles"] = _battles_of(s, fighter_id=f.id)
        crew = s.execute(select(FI.id, FI.name, FI.role)
                         .where(FI.crew_of_id == f.id).order_by(FI.id)).all()
        d["crew"] = [{"id": x.id, "name": x.name, "role": x.role} for x in crew]
    d["rolls"] = roll_log(engine, d["campaign_id"], fighter=d["id"])
    d["what"] = "fighter"
    info = get_system(c.system)
    d["stat_order"] = [st.key for st in info.stats]
    targets = roster_layout(c.system).detail_targets
    d["stat_targets"] = list(targets if targets is not None else (st.key for st in info.stats if st.target))
    return d


def unit_detail(engine: Engine, unit: Any) -> dict[str, Any]:
    from campaign_app.usecases.core import _equipment_by_owner, unit_dict

    with read_session(engine) as s:
        u = get_unit(s, unit)
        r = s.get(Roster, u.roster_id)
        assert r is not None
        c = s.get(Campaign, r.campaign_id)
        assert c is not None
        eq = _equipment_by_owner(s, [], [u.id])
        d: dict[str, Any] = dict(unit_dict(u, eq.get(("u", int(u.id or 0)), [])))
        d["roster"] = r.name
        d["campaign_id"] = c.id
        d["campaign"] = c.name
        d["system"] = c.system
        d["battles"] = _battles_of(s, unit_id=u.id)
        rt = RR
        rolls = s.execute(
            select(rt.id, rt.created_at, rt.purpose, rt.dice, rt.faces, rt.source, rt.target,
                   rt.value, rt.label, rt.result, rt.battle_id)
            .where(rt.unit_id == u.id).order_by(rt.id)).all()
        d["rolls"] = [
            {"id": x.id, "when": x.created_at.isoformat(timespec="seconds"), "purpose": x.purpose,
             "dice": x.dice, "faces": [int(v) for v in x.faces.split(",") if v], "source": x.source,
             "target": x.target, "value": x.value, "label": x.label, "result": x.result,
             "battle_id": x.battle_id}
            for x in rolls
        ]
    d["what"] = "unit"
    return d


def roster_detail(engine: Engine, roster: Any) -> dict[str, Any]:
    from campaign_app.usecases.core import roster_dict

    with read_session(engine) as s:
        r = get_roster(s, roster)
        c = s.get(Campaign, r.campaign_id)
        assert c is not None
        d: dict[str, Any] = dict(roster_dict(r))
        d["campaign"] = c.name
        d["system"] = c.system
        d["system_name"] = get_system(c.system).name
        d["fighters"] = int(s.execute(select(func.count(FI.id))
                                      .where(FI.roster_id == r.id)).one()[0])
        d["units"] = int(s.execute(select(func.count(UN.id)).where(UN.roster_id == r.id)).one()[0])
        return d


# --------------------------------------------------------------------------- battles
def battles(engine: Engine, campaign: Any) -> list[dict[str, Any]]:
    """The campaign's battles, newest last, with the rosters that took part."""
    from db.models import BattleRoster

    with read_session(engine) as s:
        c = get_campaign(s, campaign)
        rows = s.execute(select(Battle).where(BA.campaign_id == c.id)
                         .order_by(BA.number)).scalars().all()
        bro = _cols(BattleRoster)
        links = s.execute(
            select(bro.battle_id, RO.name, bro.result)
            .join(Roster, RO.id == bro.roster_id)
            .join(Battle, BA.id == bro.battle_id)
            .where(BA.campaign_id == c.id).order_by(bro.id)).all()
        names = dict(s.execute(
            select(RO.id, RO.name).where(RO.campaign_id == c.id)).all())
        by_battle: dict[int, list[str]] = {}
        for bid, name, _res in links:
            by_battle.setdefault(bid, []).append(name)
        return [
            {"id": b.id, "number": b.number, "played_on": b.played_on.isoformat(),
             "scenario": b.scenario, "outcome": b.outcome, "notes": b.notes,
             "winner": names.get(b.winner_roster_id, "") if b.winner_roster_id else "",
             "rosters": by_battle.get(b.id, []), "after_battle_done": bool(b.after_battle_done),
             "cycle": b.cycle}
            for b in rows
        ]


def battle_setup(engine: Engine, campaign: Any) -> dict[str, Any]:
    """What the battle recording dialog offers: each roster with its figures."""
    from campaign_app.errors import InputError
    from campaign_app.usecases.battles import procedures_for

    with read_session(engine) as s:
        c = get_campaign(s, campaign)
        info = get_system(c.system)
        try:
            proc = procedures_for(c.system)
        except InputError:
            proc = None
        unavailable = set(proc.unavailable) if proc else {"dead", "lost", "captured",
                                                          "in-recovery", "turned", "retired"}
        rosters = s.execute(select(RO.id, RO.name, RO.kind)
                            .where(RO.campaign_id == c.id).order_by(RO.name)).all()
        rids = [r.id for r in rosters]
        figs: dict[int, list[dict[str, Any]]] = {}
        if rids:
            for f in s.execute(select(FI.id, FI.roster_id, FI.name, FI.status,
                                      FI.fighter_type, FI.crew_of_id)
                               .where(FI.roster_id.in_(rids))
                               .order_by(FI.id)).all():
                figs.setdefault(f.roster_id, []).append({
                    "what": "fighter", "id": f.id, "name": f.name, "status": f.status,
                    "type": f.fighter_type, "available": f.status not in unavailable,
                })
            for u in s.execute(select(UN.id, UN.roster_id, UN.name, UN.status, UN.figures)
                               .where(UN.roster_id.in_(rids))
                               .order_by(UN.id)).all():
                figs.setdefault(u.roster_id, []).append({
                    "what": "unit", "id": u.id, "name": u.name, "status": u.status,
                    "figures": u.figures,
                    "available": u.status not in ("destroyed", "prisoner", "disbanded"),
                })
        return {
            "campaign_id": c.id, "campaign": c.name, "system": c.system,
            "statuses": list(proc.result_statuses) if proc else list(info.battle_statuses),
            "default_status": proc.default_result if proc else "",
            "uses_units": info.uses_units,
            "rosters": [{"id": r.id, "name": r.name, "kind": r.kind, "figures": figs.get(r.id, [])}
                        for r in rosters],
        }


# --------------------------------------------------------------------------- undo
ACTION_LABELS = {
    "after-battle": "After the Battle", "battle.record": "record battle",
    "campaign.house-rule": "house rule",
    "fighter.add": "add fighter", "fighter.edit": "edit fighter", "fighter.remove": "remove fighter",
    "roster.create": "new roster", "roster.edit": "edit roster", "unit.add": "add unit",
    "unit.edit": "edit unit",
}


def action_label(action: str, summary: str = "") -> str:
    """What a journal entry did, in words (its summary, else a name for its action: the
    core's, or the one a game system gives its own use-case's action)."""
    if summary:
        return summary
    label = ACTION_LABELS.get(action)
    for gs in () if label else all_systems().values():
        label = gs.action_labels.get(action)
        if label:
            break
    return label or action.replace(".", " ").replace("-", " ")


def undo_state(engine: Engine, campaign: Any) -> dict[str, Any]:
    """What Undo and Redo would do now in this campaign (their summaries), or None: the
    same journals :func:`~campaign_app.usecases.core.undo` and ``redo`` would take."""
    from db.journal import can_undo, redo_target, undo_target

    with read_session(engine) as s:
        c = get_campaign(s, campaign)
        last = undo_target(s, c.id)  # type: ignore[arg-type]
        nxt = redo_target(s, c.id)  # type: ignore[arg-type]
        return {
            "undo": action_label(last.action, last.summary) if last is not None and can_undo(last) else None,
            "redo": action_label(nxt.action, nxt.summary) if nxt is not None else None,
        }


# --------------------------------------------------------------------------- rules tables
def rule_tables(engine: Engine, campaign: Any) -> list[dict[str, Any]]:
    """The rolled tables in force in a campaign (house rules marked)."""
    from campaign_app.usecases.core import tables_for

    with read_session(engine) as s:
        c = get_campaign(s, campaign)
        tables = tables_for(c)
        house = set((c.house_rules or {}).keys())
    return [
        {"id": t.id, "title": t.title, "dice": t.dice, "group": t.group,
         "house_rule": t.id in house}
        for t in sorted(tables.values(), key=lambda t: (t.group, t.title))
        if t.rolled
    ]


def rule_table(engine: Engine, campaign: Any, table_id: str) -> dict[str, Any]:
    """One table as the campaign uses it, in the house-rule shape, plus the shipped one."""
    from campaign_app.errors import NotFoundError
    from campaign_app.systems import campaign_tables
    from campaign_app.usecases.core import tables_for

    with read_session(engine) as s:
        c = get_campaign(s, campaign)
        tables = tables_for(c)
        shipped = campaign_tables(c.system, c.edition, c.expansions or [])
        house = table_id in (c.house_rules or {})
        name = c.name
    if table_id not in tables:
        raise NotFoundError(f"{name} has no table {table_id!r}")
    t = tables[table_id]
    return {
        "id": t.id, "title": t.title, "dice": t.dice, "target": t.target, "note": t.note,
        "house_rule": house, "table": t.to_dict(),
        "shipped": shipped[table_id].to_dict() if table_id in shipped else None,
        "outcomes": t.spec.outcomes() if t.spec is not None else [],
    }


def weapon_names(engine: Engine, campaign: Any) -> list[str]:
    """Weapon names the system's rules data knows (for completion in the editors)."""
    from campaign_app.rules import load_rulebook

    with read_session(engine) as s:
        c = get_campaign(s, campaign)
        data = load_rulebook().data(c.system, c.edition, c.expansions or [])
    weapons = data.get("weapons", {})
    if not isinstance(weapons, dict):
        return []
    return sorted({str(w.get("name", k)) if isinstance(w, dict) else str(k)
                   for k, w in weapons.items()}, key=str.lower)


def log_filters(engine: Engine, campaign: Any) -> dict[str, Any]:
    """Choices for the roll log filters: battles, fighters with rolls, tables rolled."""
    with read_session(engine) as s:
        c = get_campaign(s, campaign)
        bs = s.execute(select(BA.id, BA.number, BA.scenario)
                       .where(BA.campaign_id == c.id).order_by(BA.number)).all()
        fs = s.execute(
            select(FI.id, FI.name).where(
                FI.id.in_(
                    select(RR.fighter_id).where(RR.campaign_id == c.id)
                    .distinct().scalar_subquery())).order_by(FI.name)).all()
        ts = s.execute(select(RR.table_id).where(RR.campaign_id == c.id,
                                                         RR.table_id != "")
                       .distinct().order_by(RR.table_id)).scalars().all()
    return {
        "battles": [{"id": b.id, "number": b.number, "scenario": b.scenario} for b in bs],
        "fighters": [{"id": f.id, "name": f.name} for f in fs],
        "tables": list(ts),
    }


# --------------------------------------------------------------------------- checks
def check_stat(system: str, key: str, text: str) -> str:
    """'' if ``text`` is a valid value for characteristic ``key``, else the reason."""
    from campaign_app.errors import InputError

    if not str(text).strip():
        return ""
    try:
        get_system(system).stat(key).parse(text)
    except InputError as e:
        return str(e)
    return ""


def check_rep(system: str, text: str) -> str:
    from campaign_app.errors import InputError
    from campaign_app.usecases.core import validate_rep

    try:
        validate_rep(get_system(system), text)
    except InputError as e:
        return str(e)
    return ""


# --------------------------------------------------------------------------- effects as text
def effects_text(effects: Iterable[dict[str, Any]]) -> str:
    """Row effects as one editable line: ``status value=in-recovery; rep delta=-1``."""
    parts = []
    for e in effects:
        args = []
        for k, v in e.items():
            if k == "op":
                continue
            if isinstance(v, (list, tuple)):
                v = ",".join(str(x) for x in v)
            args.append(f"{k}={v}")
        parts.append(" ".join([str(e.get("op", ""))] + args))
    return "; ".join(parts)


def parse_effects_text(text: str) -> list[dict[str, Any]]:
    """The reverse of :func:`effects_text`; the loader then checks the ops and keys."""
    from campaign_app.errors import InputError

    out: list[dict[str, Any]] = []
    for chunk in (c.strip() for c in str(text or "").split(";")):
        if not chunk:
            continue
        words = chunk.split()
        eff: dict[str, Any] = {"op": words[0]}
        if words[0] == "note":
            rest = chunk[len("note"):].strip()
            eff["value"] = rest[len("value="):] if rest.startswith("value=") else rest
            out.append(eff)
            continue
        for w in words[1:]:
            if "=" not in w:
                raise InputError(f"effect {chunk!r}: write KEY=VALUE after the op (got {w!r})")
            k, v = w.split("=", 1)
            value: Any = v
            if k == "reroll":
                value = [x for x in v.split(",") if x]
            elif v.lstrip("+-").isdigit():
                value = int(v)
            eff[k] = value
        out.append(eff)
    return out
