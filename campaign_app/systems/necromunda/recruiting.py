"""Use-cases of recruiting a Necromunda gang from its house's list (issue #30 item 2):
``fighter recruit`` (one fighter of a house fighter type, paid from the gang's credits
with the items it takes: one transaction, one undo step), the list of the house's
fighter types with their costs (``fighter recruit R --list``) and the gang checked
against its composition rules (``roster check``).

The gang's house is its faction (``roster create C NAME --house H`` records it). A
recruit's type column is its category (leader, champion, ganger...), its role the house
fighter type's name; its value the type's cost and the items bought. A campaign that
plays loose (``campaign settings C --roster-rules loose``) is not checked."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from typing_extensions import TypedDict

from campaign_app.changes import Result
from campaign_app.errors import InputError
from campaign_app.systems import get_system, stat_rules
from campaign_app.systems.necromunda.composition import GONE, Broken, Member, check, price
from campaign_app.systems.necromunda.content import SYSTEM, Content, FighterType, House, content
from campaign_app.usecases.common import Ref, campaign_of_roster, clean_name, get_roster
from campaign_app.usecases.fighters import parse_stats
from campaign_app.usecases.gear import _ledger, equipment_of_item, items_of, worth_of
from db.models import Campaign, Fighter, Roster, Skill
from db.queries import rosters as roster_q
from db.uow import Engine, Session, UnitOfWork, read_session

ILLEGAL_EXIT = 3  # ``roster check``: the gang breaks a rule (2: bad input, 1: a damaged file)


def a_an(word: str) -> str:
    """``word`` with its English article by the first letter ("an Augmek", "a Ganger")."""
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def _gang(s: Session, roster: Ref) -> tuple[Roster, Campaign, Content, House]:
    """The roster, its campaign, the edition's gang content and the roster's house;
    a one-line InputError when the campaign is not Necromunda or the house has no list."""
    r = get_roster(s, roster)
    c = campaign_of_roster(s, r)
    if c.system != SYSTEM:
        raise InputError(f"{c.name} plays {get_system(c.system).name}: recruiting from a house list is Necromunda's")
    cont = content(c.edition)
    h = cont.find_house(r.faction) if r.faction else None
    if h is None or not h.founding:  # the Hangers-on: a list any gang hires from, not a house
        lists = ", ".join(x.name for x in cont.houses.values() if x.founding) or "none yet"
        said = f"{r.name}'s house {r.faction!r} has" if r.faction else f"{r.name} has no house, so"
        raise InputError(f"{said} no fighter lists in {c.edition} (lists: {lists}); "
                         "add its fighters with `fighter add`")
    return r, c, cont, h


def _members(s: Session, r: Roster, cont: Content, h: House) -> list[Member]:
    out = []
    for f in roster_q.fighters_of(s, r.id or 0):
        if f.status in GONE or f.kind == "vehicle":
            continue
        t = cont.find_fighter_type(h.key, f.role) if f.role else None
        out.append(Member(f.name, f.fighter_type, t.key if t is not None else ""))
    return out


def _founding(s: Session, r: Roster) -> bool:
    """True while the gang has fought no battle (the founding rules apply)."""
    return roster_q.battles_fought(s, r.id or 0) == 0


def _checked(c: Campaign) -> bool:
    return (c.roster_rules or "checked") != "loose"


def can_recruit(engine: Engine, roster: Ref) -> bool:
    """Whether the roster's house has a list to recruit from (the Recruit action's check)."""
    with read_session(engine) as s:
        try:
            _gang(s, roster)
        except InputError:
            return False
        return True


# --------------------------------------------------------------------------- recruit
class BoughtItem(TypedDict):
    name: str
    price: int
    source: str  # "list" or "trading post"


@dataclass(frozen=True, kw_only=True)
class Recruited(Result):
    """A fighter recruited: what it cost and what the gang has left."""

    fighter_id: int
    fighter: str
    roster_id: int
    roster: str
    fighter_type: str  # the house fighter type's name ("Road Captain")
    category: str
    cost: int  # the type's cost
    items: list[BoughtItem] = field(default_factory=list)
    equipment: list[str] = field(default_factory=list)  # what it comes with, free
    skills: list[str] = field(default_factory=list)
    total: int = 0
    credits: int = 0  # the gang's credits left
    value: int = 0  # the fighter's value
    checked: bool = True  # the composition rules were checked (False: the campaign plays loose)


def recruit_fighter(engine: Engine, roster: Ref, fighter_type: str, name: str,
                    with_items: Iterable[str] = ()) -> Recruited:
    """Recruit ``name``, a ``fighter_type`` of the gang's house, with ``with_items``
    bought from its list or the Trading Post: its stat line, category, default
    equipment and skills filled, its cost and the items' paid from the gang's credits
    (on its ledger). Refused, nothing written, when the gang cannot pay, an item is not
    the fighter's to take, or (unless the campaign plays loose) a composition rule
    would break."""
    name = clean_name(name, "fighter name")
    wanted = [clean_name(i, "item") for i in with_items]
    with UnitOfWork(engine, "fighter.recruit") as uow:
        s = uow.session
        r, c, cont, h = _gang(s, roster)
        uow.campaign_id = c.id
        t = cont.fighter_type(h.key, clean_name(fighter_type, "fighter type"))
        if not t.cost_known:
            raise InputError(f"the cost of {a_an(t.name)} is not known in {c.edition}: add it with `fighter add`")
        catalogue = items_of(s, c)
        bought = [price(cont, catalogue, t, w) for w in wanted]
        total = t.cost + sum(b.price for b in bought)
        if total > r.credits:
            spent = f"{t.cost}" + "".join(f" + {b.price}" for b in bought)
            raise InputError(f"{r.name} cannot afford {name}, {a_an(t.name)}: {spent} = {total} credits; "
                             f"it has {r.credits}")
        if _checked(c):
            members = [*_members(s, r, cont, h), Member(name, t.category, t.key)]
            broken = check(cont, h, members, founding=_founding(s, r), complete=False)
            if broken:
                raise InputError(f"{r.name} cannot recruit {name}, {a_an(t.name)}: it breaks rule {broken[0].text()}")
        info = get_system(c.system)
        stats = parse_stats(info, {k: v for k, v in t.stats.items() if v != "-"},
                            stat_rules(info.id, c.edition, "", c.house_rules))
        f = Fighter(roster_id=r.id or 0, name=name, fighter_type=t.category, role=t.name[:100], kind="human",
                    stats=stats, credits_value=total)
        s.add(f)
        s.flush()
        _ledger(s, r, -total, f"recruits {name} ({t.name})", kind="buy", item=t.name, fighter=f)
        free = [cont.items[k] for k in t.equipment]
        for it in free:
            e = equipment_of_item(it)
            e.cost = 0  # part of the fighter type's cost
            e.fighter_id = f.id
            s.add(e)
        for b in bought:
            e = equipment_of_item(b.item)
            e.cost = b.price  # what was paid (a sale starts from it)
            e.fighter_id = f.id
            s.add(e)
        for sk in t.skills:
            s.add(Skill(fighter_id=f.id or 0, name=sk))
        uow.summary = f"{r.name} recruits {name} ({t.name}, {total} credits)"
    return Recruited(
        fighter_id=f.id or 0, fighter=f.name, roster_id=r.id or 0, roster=r.name, fighter_type=t.name,
        category=t.category, cost=t.cost,
        items=[{"name": str(b.item["name"]), "price": b.price, "source": b.source} for b in bought],
        equipment=[str(it["name"]) for it in free], skills=list(t.skills), total=total, credits=r.credits,
        value=f.credits_value, checked=_checked(c), changes=uow.changes)


# --------------------------------------------------------------------------- the list
class TypeOffer(TypedDict):
    key: str
    name: str
    category: str
    cost: int
    max: int | None
    in_gang: int
    affordable: bool
    equipment: list[str]
    special_rules: list[str]


class RecruitList(TypedDict):
    roster_id: int
    roster: str
    house: str
    credits: int
    rating: int
    roster_rules: str
    types: list[TypeOffer]


def _offer(t: FighterType, members: list[Member], credits: int, cont: Content) -> TypeOffer:
    return {"key": t.key, "name": t.name, "category": t.category, "cost": t.cost, "max": t.max,
            "in_gang": sum(1 for m in members if m.type_key == t.key),
            "affordable": t.cost_known and t.cost <= credits,
            "equipment": [str(cont.items[k]["name"]) for k in t.equipment],
            "special_rules": list(t.special_rules)}


def recruit_list(engine: Engine, roster: Ref) -> RecruitList:
    """The house's fighter types with their costs, how many the gang has, and the
    gang's credits and rating."""
    with read_session(engine) as s:
        r, c, cont, h = _gang(s, roster)
        members = _members(s, r, cont, h)
        rating = worth_of(s, [r])[r.id or 0]["rating"]
        return {"roster_id": r.id or 0, "roster": r.name, "house": h.name, "credits": r.credits,
                "rating": rating, "roster_rules": c.roster_rules or "checked",
                "types": [_offer(t, members, r.credits, cont) for t in cont.fighter_types(h.key)]}


def item_offers(engine: Engine, roster: Ref, fighter_type: str) -> list[BoughtItem]:
    """What a new fighter of ``fighter_type`` may take and at what price: its list, then
    the Trading Post's Common items it may take (the Recruit dialog's list)."""
    with read_session(engine) as s:
        r, c, cont, h = _gang(s, roster)
        t = cont.fighter_type(h.key, fighter_type)
        catalogue = items_of(s, c)
    out: list[BoughtItem] = []
    seen: set[str] = set()
    for key in [*cont.equipment_list(t), *catalogue]:
        if key in seen or key not in catalogue:
            continue
        seen.add(key)
        try:
            p = price(cont, catalogue, t, key)
        except InputError:
            continue
        out.append({"name": str(p.item["name"]), "price": p.price, "source": p.source})
    return out


# --------------------------------------------------------------------------- check
class BrokenRule(TypedDict):
    id: str
    rule: str
    detail: str
    default: bool


class RosterCheck(TypedDict):
    roster_id: int
    roster: str
    house: str
    fighters: int
    founding: bool
    roster_rules: str
    legal: bool
    broken: list[BrokenRule]


def _broken(b: Broken) -> BrokenRule:
    return {"id": b.id, "rule": b.rule, "detail": b.detail, "default": b.default}


def check_roster(engine: Engine, roster: Ref) -> RosterCheck:
    """The gang against every composition rule of its house (what it breaks, each rule
    named). A campaign that plays loose is told so, the rules listed all the same."""
    with read_session(engine) as s:
        r, c, cont, h = _gang(s, roster)
        members = _members(s, r, cont, h)
        founding = _founding(s, r)
        broken = check(cont, h, members, founding=founding, complete=True)
        return {"roster_id": r.id or 0, "roster": r.name, "house": h.name, "fighters": len(members),
                "founding": founding, "roster_rules": c.roster_rules or "checked", "legal": not broken,
                "broken": [_broken(b) for b in broken]}


def check_status(d: Any) -> int:
    """``roster check``'s exit status: 0 legal (or a campaign that plays loose), 3 not."""
    return 0 if d["legal"] or d["roster_rules"] == "loose" else ILLEGAL_EXIT
