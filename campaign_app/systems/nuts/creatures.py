"""Weird WWII use-cases: creature generation, walker types and walkers with their crews.

Each writing use-case is one :class:`UnitOfWork` (one transaction, one undo step);
bad input raises :class:`InputError` and writes nothing. The Rep rolls themselves
are the pure :func:`campaign_app.systems.nuts.generate_creatures`.

Walker types: the shipped ones come from the rules data (``[walker_types]`` of
``weird_ww2.toml``, e.g. ``soviet-medium``) and can be used by key or name without
being added; the ones a user adds are stored per campaign (``WalkerType`` rows). A
walker is a Fighter of kind ``walker`` whose stat line (armour front/side/top, guns,
MGs, speeds, crew, type) is copied into ``stats``; its crew are human Fighters with
``crew_of_id`` pointing at it and roles Commander, Driver, Gunner.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from typing_extensions import TypedDict  # pydantic reads it on Python 3.11 (the facade's results)

from campaign_app.changes import Result
from campaign_app.dice import Roller
from campaign_app.errors import InputError
from campaign_app.procedure_driver import drive
from campaign_app.rules import load_rulebook
from campaign_app.systems import get_system
from campaign_app.usecases.campaigns import tables_for
from campaign_app.usecases.common import (
    Ref,
    campaign_of_roster,
    clean_int,
    clean_name,
    clean_text,
    clean_yes_no,
    get_campaign,
    get_roster,
)
from campaign_app.usecases.fighters import validate_rep
from campaign_app.usecases.record import disciplined, record_preview, refuse_typed, step_faces
from campaign_app.usecases.shapes import FighterData
from db.models import Campaign, Fighter, Roster, WalkerType
from db.queries import creatures as cq
from db.queries import walkers as wq
from db.uow import Engine, Session, UnitOfWork, read_session

EXPANSION = "weird-ww2"
MAX_BATCH = 100
CREW_ROLES = ("commander", "driver", "gunner")
ARMOUR_MAX = 10
SPEED_MAX = 100
CREW_MAX = 10


class WalkerTypeData(TypedDict):
    """A walker type as ``walker types`` lists it: a shipped one (``key``) or a
    campaign's own (``id``)."""

    id: int | None
    key: str | None
    source: str
    name: str
    nation: str
    armour_front: int
    armour_side: int
    armour_top: int
    gun1: str
    gun2: str
    aa_mg: bool
    hull_mg: bool
    speed_road: int
    speed_cc: int
    crew: int
    notes: str
    defaults: list[str]  # the fields no seed gives (a shipped type's ``defaults``): "(default)"


class CreatureKind(TypedDict):
    kind: str
    label: str
    fixed_rep: Any
    super_rep: Any
    table: Any


class CreaturePreview(TypedDict):
    faces: list[Any]
    dice_needed: int
    creatures: list[dict[str, Any]]


@dataclass(frozen=True)
class Creature:
    """One creature :func:`generate_creatures` added."""

    id: int
    roster_id: int
    name: str
    kind: str
    rep: int | None
    fighter_type: str
    abilities: list[str]
    stats: dict[str, Any]
    roll: Any  # the RollResult of its Rep (None: a fixed Rep, no roll)
    row: FighterData  # the fighter as ``fighter show`` prints it


@dataclass(frozen=True, kw_only=True)
class CreaturesAdded(Result):
    """The creatures added (the change set names the roster, each new fighter, the
    tree's new shape and the rolls)."""

    creatures: list[Creature]
    super_: bool = False  # super creatures: Rep 5 without a roll


@dataclass(frozen=True, kw_only=True)
class WalkerTypeAdded(Result):
    """A campaign's new walker type, as ``walker types`` lists it."""

    id: int
    key: None = None
    source: str = "campaign"
    name: str
    nation: str
    armour_front: int
    armour_side: int
    armour_top: int
    gun1: str
    gun2: str
    aa_mg: bool
    hull_mg: bool
    speed_road: int
    speed_cc: int
    crew: int
    notes: str
    defaults: list[str] = field(default_factory=list)  # none: the user gave every value


@dataclass(frozen=True, kw_only=True)
class WalkerAdded(Result):
    """A new walker and the ids of its crew."""

    id: int
    roster_id: int
    name: str
    kind: str
    rep: int | None
    stats: dict[str, Any]
    walker_type_id: int | None
    crew: list[int]


def _need_weird(c: Campaign, what: str) -> None:
    if c.system != "nuts":
        raise InputError(f"{what} belong to NUTS! campaigns with the {EXPANSION} expansion; "
                         f"{c.name} is {get_system(c.system).name}")
    if EXPANSION not in (c.expansions or []):
        raise InputError(f"{what} need the {EXPANSION} expansion, which {c.name} does not use")


def _data(c: Campaign) -> dict[str, Any]:
    return load_rulebook().data(c.system, c.edition, c.expansions or [])


# --------------------------------------------------------------------------- creatures
def creature_kinds() -> list[str]:
    """The creature kinds of Weird WWII (for the GUI's list)."""
    from campaign_app.systems.nuts.procedures import creature_kinds as kinds

    return kinds(load_rulebook().data("nuts", "", [EXPANSION]))


def next_creature_number(s: Session, c: Campaign, label: str) -> int:
    """Creatures are numbered on through the whole campaign ("Zombie 7")."""
    pat = re.compile(rf"^{re.escape(label)} (\d+)$")
    assert c.id is not None
    names = cq.campaign_fighter_names(s, c.id)
    top = 0
    for n in names:
        m = pat.match(n)
        if m:
            top = max(top, int(m[1]))
    return top + 1


def generate_creatures(engine: Engine, roster: Any, kind: str, count: Any = 1, super_: bool = False,
                       dice: Any = None, seed: int | None = None, *,
                       roller: Roller | None = None) -> CreaturesAdded:
    """Add ``count`` creatures of ``kind`` to ``roster``, each Rep rolled on its
    generation table (zombies Rep 2, ``super_`` Rep 5, both without a roll). One undo
    step; every roll recorded with the new creature's id. Pass ``roller`` to read the
    rolls afterwards (``roller.rolls``; each has ``fighter_id`` set)."""
    from campaign_app.systems.nuts.procedures import creature_kinds as kinds_of
    from campaign_app.systems.nuts.procedures import creature_label
    from campaign_app.systems.nuts.procedures import generate_creatures as generate

    if roller is None:
        roller = Roller.from_options(dice, seed)
    elif dice is not None or seed is not None:
        raise InputError("give dice, a seed or a roller, not several")
    n = clean_int(count, "count")
    if not 1 <= n <= MAX_BATCH:
        raise InputError(f"count: {n} must be from 1 to {MAX_BATCH}")
    k = str(kind or "").strip().lower()
    with UnitOfWork(engine, "creature.generate") as uow:
        s = uow.session
        r = get_roster(s, roster)
        assert r.id is not None
        rid = r.id
        c = campaign_of_roster(s, r)
        uow.campaign_id = c.id
        _need_weird(c, "creatures")
        data = _data(c)
        known = kinds_of(data)
        if k not in known:
            hint = " (walkers: use walker add)" if k == "walker" else ""
            raise InputError(f"unknown creature kind {kind!r}: choose {', '.join(known)}{hint}")
        label = creature_label(k, data)
        step = creature_step(rid, k)
        roller = disciplined(s, c, step, roller)  # strict dice: the faces already rolled for it
        made = drive(generate(k, n, bool(super_), tables_for(c), data, next_creature_number(s, c, label)), roller)
        roller.finish()
        fighters: list[Fighter] = []
        for m in made:
            f = Fighter(roster_id=rid, name=m["name"], fighter_type=m["fighter_type"], kind=m["kind"],
                        rep=m["rep"], abilities=list(m["abilities"]), stats=dict(m["stats"]),
                        notes=m["notes"])
            s.add(f)
            fighters.append(f)
        s.flush()  # the new ids, for the roll record
        for f, m in zip(fighters, made, strict=True):
            if m["roll"] is not None:
                m["roll"].fighter_id = f.id
                m["roll"].extra["subject"] = f.name
        uow.record_rolls(roller, step=step, face_start=0)
        plural = label if n == 1 else f"{label}s"
        uow.summary = f"generate {n} {'super ' if super_ else ''}{plural} in {r.name}"
        added = [_creature(f, m["roll"]) for f, m in zip(fighters, made, strict=True)]
    return CreaturesAdded(creatures=added, super_=bool(super_), changes=uow.changes)


def _creature(f: Fighter, roll: Any) -> Creature:
    from campaign_app.usecases.shapes import fighter_dict

    assert f.id is not None
    return Creature(id=f.id, roster_id=f.roster_id, name=f.name, kind=f.kind, rep=f.rep,
                    fighter_type=f.fighter_type, abilities=list(f.abilities or []),
                    stats=dict(f.stats or {}), roll=roll, row=fighter_dict(f))


# --------------------------------------------------------------------------- walker types
def parse_pair(text: Any, what: str, *, second_optional: bool = False,
               single_for_both: bool = False) -> tuple[int, int]:
    """``"3/2"`` -> (3, 2); with ``second_optional`` ``"24"`` or ``"24/?"`` -> (24, 0); with
    ``single_for_both`` ``"3"`` -> (3, 3) (seed 001: one armour number is the value all round)."""
    raw = str(text if text is not None else "").strip()
    m = re.fullmatch(r"(\d+)\s*(?:/\s*(\d+|\?|-)?)?", raw)
    if m and single_for_both and m[2] is None and "/" not in raw:
        return int(m[1]), int(m[1])
    if not m or (m[2] in (None, "?", "-") and not second_optional):
        form = ("ROAD/CC (e.g. 24/12, or 24 if cross-country is unknown)" if second_optional
                else "FRONT/SIDE (e.g. 3/2, or 3 all round)" if single_for_both else "FRONT/SIDE (e.g. 3/2)")
        raise InputError(f"{what} {raw!r}: write {form}")
    second = int(m[2]) if m[2] not in (None, "?", "-") else 0
    return int(m[1]), second


def clean_gun(value: Any, what: str) -> str:
    """A walker gun: an armour-piercing rating (a number), ``Grenade``, or none."""
    text = str(value if value is not None else "").strip()
    if text.lower() in ("", "-", "none", "no"):
        return ""
    if text.lower() == "grenade":
        return "Grenade"
    if text.isdigit() and 1 <= int(text) <= 20:
        return str(int(text))
    raise InputError(f"{what} {text!r}: give an armour-piercing rating 1-20, Grenade, or none")


def _bounded(value: Any, what: str, low: int, high: int) -> int:
    v = clean_int(value, what)
    if not low <= v <= high:
        raise InputError(f"{what}: {v} is outside {low}..{high}")
    return v


def shipped_walker_types(c: Campaign | None = None) -> dict[str, dict[str, Any]]:
    data = _data(c) if c is not None else load_rulebook().data("nuts", "", [EXPANSION])
    raw = data.get("walker_types", {})
    return {k: dict(v) for k, v in raw.items()} if isinstance(raw, Mapping) else {}


def _type_line(src: Mapping[str, Any]) -> dict[str, Any]:
    side = int(src.get("armour_side", 0) or 0)
    return {
        "name": str(src.get("name", "")), "nation": str(src.get("nation", "") or ""),
        "armour_front": int(src.get("armour_front", 0) or 0), "armour_side": side,
        "armour_top": side // 2,
        "gun1": str(src.get("gun1", "") or ""), "gun2": str(src.get("gun2", "") or ""),
        "aa_mg": bool(src.get("aa_mg", False)), "hull_mg": bool(src.get("hull_mg", False)),
        "speed_road": int(src.get("speed_road", 0) or 0), "speed_cc": int(src.get("speed_cc", 0) or 0),
        "crew": int(src.get("crew", 3) or 3), "notes": str(src.get("note", src.get("notes", "")) or ""),
        "defaults": [str(x) for x in src.get("defaults") or []],
    }


def walker_type_dict(t: WalkerType) -> WalkerTypeData:
    line = _type_line({**t.model_dump(), "note": t.notes})
    return {"id": t.id, "key": None, "source": "campaign", **line}  # type: ignore[typeddict-item]


def list_walker_types(engine: Engine, campaign: Ref) -> list[WalkerTypeData]:
    """Shipped walker types (usable in every Weird WWII campaign), then the campaign's own."""
    with read_session(engine) as s:
        c = get_campaign(s, campaign)
        _need_weird(c, "walkers")
        out: list[WalkerTypeData] = [
            {"id": None, "key": key, "source": "shipped", **_type_line(v)}  # type: ignore[typeddict-item]
            for key, v in shipped_walker_types(c).items()]
        assert c.id is not None
        out.extend(walker_type_dict(t) for t in wq.campaign_walker_types(s, c.id))
    return out


def add_walker_type(engine: Engine, campaign: Any, name: str, armour_front: Any, armour_side: Any,
                    gun1: Any = "", gun2: Any = "", aa_mg: Any = False, hull_mg: Any = False,
                    speed_road: Any = 0, speed_cc: Any = 0, crew: Any = 3, nation: str = "",
                    notes: str = "") -> WalkerTypeAdded:
    """Add a walker type to a campaign (top armour is side // 2)."""
    name = clean_name(name, "walker type name")
    fields: dict[str, Any] = dict(
        name=name,
        nation=clean_text(nation, "nation", 100),
        armour_front=_bounded(armour_front, "armour front", 0, ARMOUR_MAX),
        armour_side=_bounded(armour_side, "armour side", 0, ARMOUR_MAX),
        gun1=clean_gun(gun1, "1st gun"),
        gun2=clean_gun(gun2, "2nd gun"),
        aa_mg=clean_yes_no(aa_mg, "AA MG"),
        hull_mg=clean_yes_no(hull_mg, "hull MG"),
        speed_road=_bounded(speed_road, "road speed", 0, SPEED_MAX),
        speed_cc=_bounded(speed_cc, "cross-country speed", 0, SPEED_MAX),
        crew=_bounded(crew, "crew", 1, CREW_MAX),
        notes=clean_text(notes, "notes"),
    )
    with UnitOfWork(engine, "walker-type.add") as uow:
        s = uow.session
        c = get_campaign(s, campaign)
        uow.campaign_id = c.id
        _need_weird(c, "walkers")
        low = name.lower()
        for key, v in shipped_walker_types(c).items():
            if low in (key.lower(), str(v.get("name", "")).lower()):
                raise InputError(f"walker type {name!r} is already shipped ({key}): use it as it is")
        assert c.id is not None
        for other in wq.campaign_walker_types(s, c.id):
            if other.name.lower() == low:
                raise InputError(f"{c.name} already has a walker type named {other.name!r}")
        t = WalkerType(campaign_id=c.id, **fields)
        s.add(t)
        uow.summary = f"add walker type {name}"
        s.flush()
        assert t.id is not None
        line = _type_line({**t.model_dump(), "note": t.notes})
    return WalkerTypeAdded(id=t.id, **line, changes=uow.changes)


def _find_type(s: Session, c: Campaign, ref: Any) -> tuple[dict[str, Any], WalkerType | None]:
    text = str(ref if ref is not None else "").strip()
    if not text:
        raise InputError("a walker needs a walker type")
    low = text.lower()
    for key, v in shipped_walker_types(c).items():
        if low in (key.lower(), str(v.get("name", "")).lower()):
            return {**_type_line(v), "key": key}, None
    assert c.id is not None
    rows = wq.campaign_walker_types(s, c.id)
    for t in rows:
        if (text.isdigit() and t.id == int(text)) or t.name.lower() == low:
            return {**_type_line({**t.model_dump(), "note": t.notes}), "key": None}, t
    known = [*shipped_walker_types(c), *(t.name for t in rows)]
    raise InputError(f"no walker type {text!r} in {c.name} (known: {', '.join(known)}; add one with walker type-add)")


def crew_roles(crew: int) -> tuple[str, ...]:
    """The crew roles a walker with ``crew`` crew members fills.

    Three or more: commander, driver, gunner (any more crew are not tracked); two: the
    commander also serves the guns; one: the driver does everything."""
    if crew >= 3:
        return CREW_ROLES
    if crew == 2:
        return ("commander", "driver")
    return ("driver",)


def add_walker(engine: Engine, roster: Any, name: str, walker_type: Any,
               crew_reps: Mapping[str, Any], crew_names: Mapping[str, str] | None = None,
               notes: str = "") -> WalkerAdded:
    """Add a walker of ``walker_type`` and its crew (one Fighter per role, each with a Rep)."""
    name = clean_name(name, "walker name")
    reps_in = {str(k).strip().lower(): v for k, v in (crew_reps or {}).items()}
    names_in = {str(k).strip().lower(): v for k, v in (crew_names or {}).items()}
    with UnitOfWork(engine, "walker.add") as uow:
        s = uow.session
        r = get_roster(s, roster)
        assert r.id is not None
        rid = r.id
        c = campaign_of_roster(s, r)
        uow.campaign_id = c.id
        _need_weird(c, "walkers")
        info = get_system(c.system)
        line, row = _find_type(s, c, walker_type)
        roles = crew_roles(line["crew"])
        bad = [k for k in (*reps_in, *names_in) if k not in roles]
        if bad:
            raise InputError(f"{line['name']} has a crew of {line['crew']}: roles {', '.join(roles)} "
                             f"(not {', '.join(sorted(set(bad)))})")
        missing = [k for k in roles if reps_in.get(k) in (None, "")]
        if missing:
            raise InputError(f"give the Rep of the {', '.join(missing)}")
        reps = {}
        for role in roles:
            try:
                reps[role] = validate_rep(info, reps_in[role])
            except InputError as e:
                raise InputError(f"{role} {e}") from None
        crew_names_ok = {role: clean_name(names_in.get(role) or f"{name} {role.title()}", f"{role} name")
                         for role in roles}
        stats = {k: line[k] for k in ("armour_front", "armour_side", "armour_top", "gun1", "gun2", "aa_mg",
                                      "hull_mg", "speed_road", "speed_cc", "crew")}
        stats["walker_type"] = line["key"] or line["name"]
        w = Fighter(roster_id=rid, name=name, fighter_type="", role="", kind="walker", rep=None,
                    stats=stats, walker_type_id=row.id if row is not None else None,
                    notes=clean_text(notes or line["notes"], "notes"))
        s.add(w)
        s.flush()
        crew = [Fighter(roster_id=rid, name=crew_names_ok[role], fighter_type="grunt", role=role.title(),
                        kind="human", rep=reps[role], crew_of_id=w.id) for role in roles]
        s.add_all(crew)
        uow.summary = f"add walker {name} ({line['name']}) to {r.name}"
    assert w.id is not None
    return WalkerAdded(id=w.id, roster_id=rid, name=w.name, kind=w.kind, rep=w.rep, stats=dict(w.stats or {}),
                       walker_type_id=w.walker_type_id, crew=[int(f.id or 0) for f in crew],
                       changes=uow.changes)


def walker_crew(engine: Engine, walker_id: int) -> list[dict[str, Any]]:
    from campaign_app.usecases.shapes import fighter_dict

    with read_session(engine) as s:
        return [dict(fighter_dict(f)) for f in wq.crew(s, walker_id)]


# --------------------------------------------------------------------------- GUI queries
def campaign_creature_kinds(engine: Engine, campaign: Ref) -> list[CreatureKind]:
    """Creature kinds a campaign may generate (empty without Weird WWII), with whether
    each is rolled, fixed or may be super."""
    with read_session(engine) as s:
        c = get_campaign(s, campaign)
        if c.system != "nuts" or EXPANSION not in (c.expansions or []):
            return []
        data = load_rulebook().data(c.system, c.edition, c.expansions or [])
    out: list[CreatureKind] = []
    for key, spec in (data.get("creatures") or {}).items():
        if not isinstance(spec, dict):
            continue
        out.append({"kind": key, "label": str(spec.get("label", key)),
                    "fixed_rep": spec.get("rep"), "super_rep": spec.get("super_rep", 5),
                    "table": spec.get("gen_table")})
    return out


def creature_step(roster_id: int, kind: str) -> str:
    """What a creature batch's dice are rolled for (dice discipline)."""
    return f"creatures:{roster_id}:{kind}"


def preview_creatures(engine: Engine, roster: Any, kind: str, count: int = 1, super_: bool = False,
                      faces: Iterable[tuple[int, str]] | None = None) -> CreaturePreview:
    """What :func:`generate_creatures` would add, without writing anything.

    With ``faces`` None the app rolls (random); otherwise the given faces are used, in
    order. The faces used come back (each with ``random`` or ``typed``) so the same
    result can then be added with ``roller=Roller(FaceSource(faces))``
    (``campaign_app.procedure_driver``). The state is read once; the Rep rolls run in
    memory."""
    from campaign_app import procedure_driver as driver
    from campaign_app.systems.nuts.procedures import generate_creatures as generate

    with read_session(engine) as s:
        r = get_roster(s, roster)
        c = s.get(Campaign, r.campaign_id)
        assert c is not None
        if c.system != "nuts" or EXPANSION not in (c.expansions or []):
            raise InputError(f"creatures need a NUTS! campaign with weird-ww2; {c.name} is not one")
        data = load_rulebook().data(c.system, c.edition, c.expansions or [])
        tables = tables_for(c)
        k = str(kind or "").strip().lower()
        label = str((data.get("creatures") or {}).get(k, {}).get("label", k))
        start = next_creature_number(s, c, label)
        assert r.id is not None
        step = creature_step(r.id, k)
        recorded = step_faces(s, int(c.id or 0), step) if c.dice_discipline == "strict" else []
        if faces is not None:
            for _f, src in faces:
                refuse_typed(c, src)
        cid = int(c.id or 0)

    if faces is None:  # the app rolls every die asked for, keeping the faces (strict: those already rolled first)
        source = driver.app_dice()
        source.faces.extend(recorded)
        roller = Roller(source)
        made = drive(generate(k, count, bool(super_), tables, data, start), roller)
        got, rolls = list(source.faces), roller.rolls
        record_preview(engine, cid, rolls, step=step)  # the preview's rolls on record
    else:
        got = list(faces)
        run = driver.Run(generate(k, count, bool(super_), tables, data, start), got)
        if run.pending is not None:
            raise InputError(f"not enough dice typed: {len(got)} given; the next roll needs "
                             f"{run.pending.need}")
        assert run.result is not None
        made, rolls = run.result, run.rolls
    used = sum(len(r.faces) for r in rolls)
    if used < len(got):
        raise InputError(f"too many dice typed: {len(got)} given but only {used} used")
    return {
        "faces": got,
        "dice_needed": used,
        "creatures": [
            {"name": m["name"], "kind": m["kind"], "rep": m["rep"], "how": m["how"],
             "roll": None if m["roll"] is None else m["roll"].to_dict()}
            for m in made
        ],
    }


# --------------------------------------------------------------------------- at the table (table helper)
@dataclass(frozen=True, kw_only=True)
class ZombiesArrived(Result):
    """A Zombie Arrival during a battle: the test against the support level, how many
    came (and the roll for it), and the zombies added to the battle's opposing force."""

    battle_id: int
    support: int
    passes: int
    label: str
    count: int
    roster: str
    zombies: list[str]
    rolls: list[dict[str, Any]]


def zombie_arrival(engine: Engine, battle: Any, support: Any = "rural", roster: Any = None,
                   dice: Any = None, seed: int | None = None) -> ZombiesArrived:
    """Shots or noise during a battle in progress: roll the Zombie Arrival table against
    the support level (rural 2, urban 3, or a number), and for a pass add the zombies it
    brings (1d3+1 rolled, or 1) to the battle's opposing force (``roster``, else the
    battle's roster that already holds zombies), taking part at once. One undo step,
    every roll recorded against the battle."""
    from campaign_app.rules.rolling import roll_on
    from campaign_app.systems.nuts.procedures import creature_label
    from campaign_app.systems.nuts.procedures import generate_creatures as generate
    from campaign_app.usecases.battles import procedures_for
    from campaign_app.usecases.common import get_battle
    from campaign_app.usecases.table import IN_PROGRESS, add_to_battle
    from db.queries import battles as bq

    roller = Roller.from_options(dice, seed)
    with UnitOfWork(engine, "zombie.arrival") as uow:
        s = uow.session
        b = get_battle(s, battle)
        c = s.get(Campaign, b.campaign_id)
        assert c is not None and b.id is not None
        uow.campaign_id = c.id
        _need_weird(c, "zombies")
        if b.state != IN_PROGRESS:
            raise InputError(f"battle {b.number} is {b.state}: zombies arrive during a battle in progress")
        data = _data(c)
        spec = data["creatures"]["zombie"]
        levels = {str(k): int(v) for k, v in (spec.get("support_levels") or {}).items()}
        raw = str(support if support is not None else "rural").strip().lower()
        if raw in levels:
            level = levels[raw]
        else:
            try:
                level = clean_int(raw, "support level", 1, 6)
            except InputError:
                raise InputError(f"support level {support!r}: give {', '.join(levels)} or a number 1-6") from None
        links = bq.battle_rosters(s, b.id)
        fighters = bq.roster_fighters(s, [r.id for _, r in links if r.id is not None])
        target: Roster | None = None
        if roster is not None and str(roster).strip():
            ref = str(roster).strip()
            target = next((r for _, r in links if r.name == ref or str(r.id) == ref), None)
            if target is None:
                raise InputError(f"roster {ref!r} is not in battle {b.number}")
        else:
            with_zombies = [r for _, r in links if any(f.roster_id == r.id and f.kind == "zombie" for f in fighters)]
            if len(with_zombies) != 1:
                raise InputError("name the roster the zombies join: " + (
                    "none of the battle's rosters holds zombies yet" if not with_zombies
                    else "several of the battle's rosters hold zombies"))
            target = with_zombies[0]
        assert target is not None and target.id is not None
        tables = tables_for(c)
        arrival = tables.get("ww2-zombie-arrival")
        if arrival is None:
            raise InputError(f"{c.name} has no Zombie Arrival table")
        res, row = drive(roll_on(arrival, f"battle {b.number}: zombie arrival (support {level})", target=level,
                                 subject=f"battle {b.number}"), roller)
        how = (spec.get("arrivals") or {}).get(row.result, 0)
        if isinstance(how, str):
            count = roller.roll(how, f"battle {b.number}: how many zombies arrive ({how})",
                                rule="Zombie Arrival").value
        else:
            count = int(how)
        label = creature_label("zombie", data)
        names: list[str] = []
        if count > 0:
            made = drive(generate("zombie", count, False, tables, data, next_creature_number(s, c, label)), roller)
            new = [Fighter(roster_id=target.id, name=m["name"], fighter_type=m["fighter_type"], kind=m["kind"],
                           rep=m["rep"], abilities=list(m["abilities"]), stats=dict(m["stats"]), notes=m["notes"])
                   for m in made]
            for f in new:
                s.add(f)
            s.flush()
            names = [f.name for f in new]
            proc = procedures_for(c.system)
            add_to_battle(uow, b, new, proc.default_result,
                          f"{count} {label.lower()}{'s' if count != 1 else ''} join {target.name}")
        roller.finish()
        for rr in roller.rolls:
            rr.extra.setdefault("subject", f"battle {b.number}")
        uow.record_rolls(roller, battle_id=b.id)
        uow.summary = f"battle {b.number}: zombie arrival, {count} {'zombie' if count == 1 else 'zombies'}"
        out = dict(battle_id=b.id, support=level, passes=res.value, label=row.label or row.result, count=count,
                   roster=target.name, zombies=names, rolls=[r.to_dict() for r in roller.rolls])
    return ZombiesArrived(**out, changes=uow.changes)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- at the table
DRIVER_DISABLED_TABLE = "ww2-walker-driver-disabled"
MOTIONS = ("moving", "stationary")
DOWN = ("out-of-the-fight", "obviously-dead", "turned", "left-battlefield")  # roll no more


class CrewRoll(TypedDict):
    """One crew member's Driver Disabled roll: his Rep, the dice passed, the row, and
    the battle status it marked ("" when it marks none: prone is not a status)."""

    name: str
    rep: int
    faces: list[int]
    passes: int
    label: str
    status: str


@dataclass(frozen=True, kw_only=True)
class DriverDisabled(Result):
    """The driver of a walker is disabled (Weird WWII): a moving walker falls and each
    remaining crew member has rolled; a stationary one just stops (no rolls)."""

    battle_id: int
    walker: str
    driver: str
    moving: bool
    crew: list[CrewRoll]


def _walker_of(s: Session, battle: Ref, figure: Ref | None) -> tuple[Any, Campaign, Fighter, list[Fighter], Fighter,
                                                             dict[int, tuple[Fighter, Any]]]:
    """The battle (in progress), its campaign, the walker ``figure`` names (itself or one
    of its crew, in the battle), its crew, its driver and the battle's fighters."""
    from campaign_app.usecases.table import fighters_in_battle

    b, c, taking_part = fighters_in_battle(s, battle, doing="mark a disabled driver")
    _need_weird(c, "walkers")
    ref = str(figure if figure is not None else "").strip()
    if not ref:
        raise InputError("name the walker (or one of its crew) whose driver is disabled")
    found = [f for f, _res in taking_part.values() if f.name == ref or (ref.isdigit() and f.id == int(ref))]
    if not found:
        raise InputError(f"{ref!r} does not take part in battle {b.number}")
    f = found[0]
    walker = f if f.kind == "walker" else (s.get(Fighter, f.crew_of_id) if f.crew_of_id else None)
    if walker is None or walker.id is None:
        raise InputError(f"{f.name} is neither a walker nor one of a walker's crew")
    crew = wq.crew(s, walker.id)
    driver = next((x for x in crew if (x.role or "").lower() == "driver"), None)
    if driver is None:
        raise InputError(f"{walker.name} has no driver")
    return b, c, walker, crew, driver, taking_part


def driver_disabled(engine: Engine, battle: Ref, figure: Ref | None, motion: str = "moving",
                    dice: str | None = None, seed: int | None = None) -> DriverDisabled:
    """The driver of ``figure`` (a walker in the battle, or one of its crew) is disabled
    during the game. Moving, the walker falls at once and each *remaining* crew member
    in the battle (not the driver, nor anyone already down) rolls Driver Disabled, 1d6
    vs his Rep: pass, prone until the next activation; fail, Out of the Fight, marked on
    him (one undo step). Stationary, it just stops: nothing is rolled or written."""
    from campaign_app.changes import NO_CHANGES
    from campaign_app.rules.rolling import roll_on
    from campaign_app.usecases.battles import procedures_for
    from campaign_app.usecases.table import put_status

    how = str(motion or "moving").strip().lower()
    if how not in MOTIONS:
        raise InputError(f"the walker was {motion!r}: give {' or '.join(MOTIONS)}")
    if how == "stationary":
        with read_session(engine) as s:
            b, _c, walker, _crew, driver, _in = _walker_of(s, battle, figure)
            return DriverDisabled(battle_id=b.id or 0, walker=walker.name, driver=driver.name, moving=False,
                                  crew=[], changes=NO_CHANGES)
    roller = Roller.from_options(dice, seed)
    rolled: list[CrewRoll] = []
    with UnitOfWork(engine, "walker.driver-disabled") as uow:
        s = uow.session
        b, c, walker, crew, driver, taking_part = _walker_of(s, battle, figure)
        uow.campaign_id = c.id
        table = tables_for(c).get(DRIVER_DISABLED_TABLE)
        if table is None:
            raise InputError(f"{c.name} has no Driver Disabled table")
        statuses = procedures_for(c.system).result_statuses
        for x in crew:
            part = taking_part.get(x.id or 0)
            if x.id == driver.id or part is None or part[1].status in DOWN or x.rep is None:
                continue
            res, row = drive(roll_on(table, f"{x.name}: {table.title}", target=x.rep, fighter_id=x.id,
                                     subject=x.name), roller)
            status = row.result if row.result in statuses else ""  # prone is no battle status
            if status:
                put_status(uow, b, part[1], x.name, status)
            rolled.append({"name": x.name, "rep": x.rep, "faces": list(res.faces), "passes": res.value,
                           "label": row.label or row.result, "status": status})
        roller.finish()
        uow.record_rolls(roller, battle_id=b.id)
        uow.summary = f"battle {b.number}: {walker.name}'s driver disabled, it falls"
        bid, wname, dname = b.id or 0, walker.name, driver.name
    return DriverDisabled(battle_id=bid, walker=wname, driver=dname, moving=True, crew=rolled, changes=uow.changes)


def driver_disabled_text(d: DriverDisabled) -> str:
    """What happened, in words (the CLI and the battle page)."""
    if not d.moving:
        return (f"{d.walker} stops where it stands: it may still fire, and another driver may take over "
                f"({d.driver} is disabled)")
    head = f"{d.walker} falls ({d.driver} is disabled)"
    if not d.crew:
        return head + "; no other crew member is left to roll"
    lines = [f"{x['name']}: 1d6 vs {x['rep']} [{','.join(map(str, x['faces']))}] = pass {x['passes']} -> "
             f"{x['label']}" + (" (marked)" if x["status"] else "") for x in d.crew]
    return head + "\n" + "\n".join(lines)


# --------------------------------------------------------------------------- at the table: bites
BITE_TABLE = "ww2-bite"
FREE_BITE = "free"  # a bite test passed without a roll (a Star's first of the game)


@dataclass(frozen=True, kw_only=True)
class BiteTested(Result):
    """They Can Sure Bite at the table: a zombie knocked ``figure`` down in melee, it is
    marked bitten and tested at once. ``free``: a Star's first bite of the game, passed
    without a roll (``roll`` is None); else the roll, its row and what it means."""

    battle_id: int
    figure: str
    bite: int  # which bite of the game this was for the figure (1, 2...)
    free: bool
    result: str
    label: str
    text: str
    roll: dict[str, Any] | None


def zombie_bite(engine: Engine, battle: Ref, figure: Ref | None, by: Ref | None = None,
                dice: Any = None, seed: int | None = None) -> BiteTested:
    """A zombie knocks ``figure`` down in melee during a battle in progress (seed 001):
    it is marked ``bitten`` (``by`` the zombie, when named) and takes They Can Sure Bite
    now, 1d6 vs its Rep. A Star's first bite of the game passes without a roll (a bite
    marked earlier in the game counts). The test is kept on the figure's battle result,
    so After the Battle does not test that bite again. One undo step."""
    from campaign_app.rules.rolling import roll_on
    from campaign_app.systems.nuts.procedures import RULE_BITE, bite_tests
    from campaign_app.usecases.table import fighters_in_battle, put_status

    roller = Roller.from_options(dice, seed)
    with UnitOfWork(engine, "zombie.bite") as uow:
        s = uow.session
        b, c, taking_part = fighters_in_battle(s, battle, doing="test a bite")
        uow.campaign_id = c.id
        _need_weird(c, "zombies")
        ref = str(figure if figure is not None else "").strip()
        if not ref:
            raise InputError("name the figure the zombie knocked down")
        by_ref = str(by).strip() if by is not None else ""

        def find(r: str) -> tuple[Fighter, Any]:
            hit = [p for p in taking_part.values() if p[0].name == r or (r.isdigit() and p[0].id == int(r))]
            if not hit:
                raise InputError(f"{r!r} does not take part in battle {b.number}")
            return hit[0]

        f, res = find(ref)
        attacker = find(by_ref)[0] if by_ref else None
        if f.kind == "zombie":
            raise InputError(f"{f.name} is a zombie: zombies do not take the bite test")
        if attacker is not None and attacker.kind != "zombie":
            raise InputError(f"{attacker.name} is not a zombie: only a zombie's bite is tested")
        if res.status in DOWN:
            raise InputError(f"{f.name} is {res.status.replace('-', ' ')} already: no bite test")
        table = tables_for(c).get(BITE_TABLE)
        if table is None:
            raise InputError(f"{c.name} has no They Can Sure Bite table")
        details = dict(res.details or {})
        before = int((details.get("marked") or {}).get("bitten", 0))
        tests = bite_tests(details)
        nth = max(before, len(tests)) + 1
        roll: dict[str, Any] | None = None
        if f.fighter_type == "star" and nth == 1:
            free, result = True, FREE_BITE
            top = table.rows[0]  # the passing row, top result first
            label, text = top.label, "a Star's first bite of the game: passes without a roll"
        else:
            if f.rep is None:
                raise InputError(f"{f.name} has no Rep to roll the bite test against")
            rr, row = drive(roll_on(table, f"{f.name}: bite test (bite {nth})", target=f.rep, rule=RULE_BITE,
                                    fighter_id=f.id, subject=f.name), roller)
            free, result, label, text = False, row.result, row.label, row.text
            roll = rr.to_dict()
        roller.finish()
        res.details = {**details, "bite_tests": [*tests, result]}
        put_status(uow, b, res, f.name, "bitten", attacker)  # counts the mark in the details too
        uow.record_rolls(roller, battle_id=b.id)
        uow.summary = f"battle {b.number}: {f.name} bitten, " + ("free pass" if free else label.lower())
        out = dict(battle_id=b.id or 0, figure=f.name, bite=nth, free=free, result=result, label=label,
                   text=text, roll=roll)
    return BiteTested(**out, changes=uow.changes)  # type: ignore[arg-type]


def zombie_bite_text(t: BiteTested) -> str:
    """The bite test in words (the CLI and the battle page)."""
    if t.free:
        return f"{t.figure} is bitten (bite {t.bite} of the game): {t.text}: {t.label}"
    r = t.roll or {}
    faces = ",".join(str(x) for x in r.get("faces", []))  # type: ignore[attr-defined]
    return (f"{t.figure} is bitten (bite {t.bite} of the game): 1d6 vs {r.get('target')} [{faces}] -> "
            f"{t.label}" + (f": {t.text}" if t.text else ""))


# --------------------------------------------------------------------------- a walker's ammunition
AMMO = {"he": "HE", "ap": "AP"}  # high explosive, armour piercing


@dataclass(frozen=True, kw_only=True)
class AmmoLoaded(Result):
    """A walker's ammunition for the battle (Weird WWII): HE or AP, once per battle."""

    battle_id: int
    walker: str
    ammo: str  # "HE" or "AP"


def walker_ammo(engine: Engine, battle: Ref, figure: Ref | None, ammo: Any) -> AmmoLoaded:
    """Seed 001: a walker's guns load themselves, so the player chooses before the
    battle whether the loader holds high explosive or armour piercing rounds, and keeps
    that type the whole battle. Recorded on the walker's battle result and as a mark of
    the battle (set up or in progress); a second choice in the same battle is refused.
    ``figure``: the walker or one of its crew. One undo step."""
    from campaign_app.usecases.table import IN_PROGRESS, SETUP, fighters_in_battle, put_mark

    want = str(ammo if ammo is not None else "").strip().lower()
    if want not in AMMO:
        raise InputError(f"ammunition {ammo!r}: give he (high explosive) or ap (armour piercing)")
    with UnitOfWork(engine, "walker.ammo") as uow:
        s = uow.session
        b, c, taking_part = fighters_in_battle(s, battle, doing="load a walker's guns", states=(SETUP, IN_PROGRESS))
        uow.campaign_id = c.id
        _need_weird(c, "walkers")
        ref = str(figure if figure is not None else "").strip()
        if not ref:
            raise InputError("name the walker (or one of its crew) whose guns are loaded")
        found = [p for p in taking_part.values() if p[0].name == ref or (ref.isdigit() and p[0].id == int(ref))]
        if not found:
            raise InputError(f"{ref!r} does not take part in battle {b.number}")
        f = found[0][0]
        wid = f.id if f.kind == "walker" else f.crew_of_id
        if wid is None or wid not in taking_part or taking_part[wid][0].kind != "walker":
            raise InputError(f"{f.name} is neither a walker in battle {b.number} nor one of its crew")
        walker, res = taking_part[wid]
        stats = walker.stats or {}
        if not any(str(stats.get(g) or "").strip().isdigit() for g in ("gun1", "gun2")):
            raise InputError(f"{walker.name} has no gun that fires HE or AP (its guns: "
                             f"{', '.join(str(stats.get(g)) for g in ('gun1', 'gun2') if stats.get(g)) or 'none'})")
        details = dict(res.details or {})
        if details.get("ammo"):
            raise InputError(f"{walker.name} loaded {details['ammo']} for battle {b.number}: the ammunition is "
                             "chosen once, for the whole battle")
        details["ammo"] = AMMO[want]
        res.details = details
        put_mark(uow, b, res, walker.name, "loads", AMMO[want], f"{walker.name} loads {AMMO[want]}")
        out = dict(battle_id=b.id or 0, walker=walker.name, ammo=AMMO[want])
    return AmmoLoaded(**out, changes=uow.changes)  # type: ignore[arg-type]
