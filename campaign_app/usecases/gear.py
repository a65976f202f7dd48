"""Gear: the equipment catalogue of a campaign (shipped items and content packs), credits
and trading (buy, sell, the stash, the ledger), and a roster's rating and wealth.

Each writing use-case is one unit of work (one transaction, one undo step) and writes
its credit movements to the roster's ledger. Buying beyond the credits is refused with
nothing written."""

from __future__ import annotations

import json
import os
import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from typing_extensions import TypedDict  # pydantic reads it on Python 3.11 (the facade's results)

from campaign_app.changes import Result
from campaign_app.dice import Roller, Rolling, ask
from campaign_app.errors import InputError, RulesDataError
from campaign_app.procedure_driver import drive
from campaign_app.rules.catalogue import (
    find_item,
    pack_profile_problem,
    profile_by_key,
    profile_fields,
    sell_price,
    trading,
    validate_pack,
)
from campaign_app.textlimits import deeper_than
from campaign_app.usecases.common import (
    CREDITS_RANGE,
    Ref,
    campaign_of_roster,
    clean_name,
    clean_text,
    get_campaign,
    get_fighter,
    get_roster,
)
from campaign_app.usecases.profiles import (  # noqa: F401 (gear's names as before: its readers import them here)
    READY,
    profile_columns,
    rating_of,
    rules_data,
    with_catalogue,
)
from db.models import (
    Campaign,
    ContentPack,
    Equipment,
    Fighter,
    LedgerEntry,
    Roster,
    StashItem,
    Territory,
)
from db.queries import fighters as fighter_q
from db.queries import gear as q
from db.uow import Engine, Session, UnitOfWork, read_session

MAX_PACK_BYTES = 2_000_000
MAX_PACK_DEPTH = 20  # lists and tables within a pack (a real one nests 4 or 5 deep)


# --------------------------------------------------------------------------- the catalogue
def campaign_data(s: Session, c: Campaign) -> dict[str, Any]:
    """The campaign's rules data with its catalogue (shipped items, then each content
    pack's) under ``"catalogue_items"`` (:func:`.profiles.rules_data`)."""
    packs = q.packs_of(s, c.id or 0) if c.id is not None else []
    return rules_data(c.system, c.edition, c.expansions or [], [(p.name, dict(p.items or {})) for p in packs])


def items_of(s: Session, c: Campaign) -> dict[str, dict[str, Any]]:
    items = campaign_data(s, c)["catalogue_items"]
    assert isinstance(items, dict)
    return items


class ItemData(TypedDict):
    key: str
    name: str
    category: str
    cost: int
    cost_known: bool
    default: bool
    traits: list[str]
    profile: dict[str, Any]
    notes: str
    source: str


class PackData(TypedDict):
    id: int
    name: str
    items: int


class ContentList(TypedDict):
    campaign: str
    profile: list[dict[str, str]]
    packs: list[PackData]
    items: list[ItemData]


def _item(it: Mapping[str, Any]) -> ItemData:
    return {"key": str(it["key"]), "name": str(it["name"]), "category": str(it["category"]),
            "cost": int(it["cost"]), "cost_known": bool(it["cost_known"]), "default": bool(it["default"]),
            "traits": list(it["traits"]), "profile": dict(it["profile"]), "notes": str(it["notes"]),
            "source": str(it["source"])}


def list_content(engine: Engine, campaign: Ref) -> ContentList:
    """The campaign's catalogue: its profile fields, its content packs, every item."""
    with read_session(engine) as s:
        c = get_campaign(s, campaign)
        data = campaign_data(s, c)
        packs = q.packs_of(s, c.id or 0)
        return {
            "campaign": c.name,
            "profile": [{"key": k, "label": lbl} for k, lbl in profile_fields(data)],
            "packs": [{"id": p.id or 0, "name": p.name, "items": len(p.items or {})} for p in packs],
            "items": [_item(it) for it in data["catalogue_items"].values()],
        }


def read_pack(path: str | os.PathLike[str]) -> dict[str, Any]:
    """A content pack file (TOML, or JSON when it ends in .json) as a document."""
    p = Path(path)
    try:
        raw = p.read_bytes()
    except OSError as e:
        raise InputError(f"cannot read {p}: {e.strerror or e}") from None
    if len(raw) > MAX_PACK_BYTES:
        raise InputError(f"{p.name} is {len(raw):,} bytes; a content pack is at most {MAX_PACK_BYTES:,}")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(f"{p.name} is not UTF-8 text") from None
    kind = "JSON" if p.suffix.lower() == ".json" else "TOML"
    deep = f"{p.name}: not a content pack: lists and tables nest deeper than {MAX_PACK_DEPTH} levels"
    try:
        doc = json.loads(text) if kind == "JSON" else tomllib.loads(text)
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as e:
        raise InputError(f"{p.name}: not valid {kind}: {str(e).splitlines()[0] if str(e) else e}") from None
    except RecursionError:  # nested far deeper than any pack: the parser gave up
        raise InputError(deep) from None
    if deeper_than(doc, MAX_PACK_DEPTH):
        raise InputError(deep)
    if not isinstance(doc, dict):
        raise InputError(f"{p.name}: a content pack is a table with [pack] and [items]")
    return doc


@dataclass(frozen=True, kw_only=True)
class ContentAdded(Result):
    campaign_id: int
    pack: str
    added: list[str]
    replaced: list[str]


def add_content(engine: Engine, campaign: Ref, pack: str | os.PathLike[str] | Mapping[str, Any]
                ) -> ContentAdded:
    """Add a content pack (a file or a parsed document) to the campaign: its items add to
    or replace the catalogue's (one undo step)."""
    doc = dict(pack) if isinstance(pack, Mapping) else read_pack(pack)
    source = "content pack" if isinstance(pack, Mapping) else Path(pack).name
    try:
        model = validate_pack(doc, source)
    except RulesDataError as e:
        raise InputError(str(e)) from None
    with UnitOfWork(engine, "content.add") as uow:
        s = uow.session
        c = get_campaign(s, campaign)
        uow.campaign_id = c.id
        if model.pack.system != c.system:
            raise InputError(f"{source} is a pack for {model.pack.system!r}; {c.name} plays {c.system!r}")
        if model.pack.edition and model.pack.edition != (c.edition or ""):
            raise InputError(f"{source} is a pack for edition {model.pack.edition!r}; {c.name} plays "
                             f"{c.edition or 'no edition'!r}")
        if q.pack_named(s, c.id or 0, model.pack.name) is not None:
            raise InputError(f"{c.name} already has a content pack named {model.pack.name!r}")
        data = campaign_data(s, c)
        items = {k: v.model_dump(exclude_defaults=True) | {"name": v.name} for k, v in model.items.items()}
        # each weapon's profile fits the campaign's edition (its fields, by key or label)
        bad = pack_profile_problem(data, items, source, c.edition or "")
        if bad:
            raise InputError(bad)
        for it in items.values():
            if it.get("profile"):
                it["profile"] = profile_by_key(data, it["profile"])
        before = data["catalogue_items"]
        s.add(ContentPack(campaign_id=c.id or 0, name=model.pack.name, items=items, notes=model.pack.notes))
        uow.summary = f"add content pack {model.pack.name}"
    return ContentAdded(campaign_id=c.id or 0, pack=model.pack.name,
                        added=[k for k in items if k not in before], replaced=[k for k in items if k in before],
                        changes=uow.changes)


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    if isinstance(v, Mapping):
        return "{ " + ", ".join(f"{json.dumps(str(k))} = {_toml_value(x)}" for k, x in v.items()) + " }"
    raise InputError(f"cannot write {type(v).__name__} in a content pack")


def pack_text(doc: Mapping[str, Any], as_json: bool) -> str:
    if as_json:
        return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
    lines = ["# A campaign-app content pack (docs/content-packs.md).", "", "[pack]"]
    lines += [f"{k} = {_toml_value(v)}" for k, v in doc["pack"].items()]
    for key, item in doc["items"].items():
        lines += ["", f"[items.{key}]"]
        lines += [f"{k} = {_toml_value(v)}" for k, v in item.items()]
    return "\n".join(lines) + "\n"


class ContentExport(TypedDict):
    path: str
    items: int


def export_content(engine: Engine, campaign: Ref, path: str | os.PathLike[str]) -> ContentExport:
    """Write the campaign's content packs (their items merged, later ones winning) as one
    pack file (JSON when the name ends in .json, else TOML) that ``add_content`` reads."""
    from campaign_app.files import atomic_write, check_output_path
    from db.backup import protected_outputs

    check_output_path(path, protected_outputs(engine), example="pack.toml")  # the one check
    with read_session(engine) as s:
        c = get_campaign(s, campaign)
        items: dict[str, Any] = {}
        for p in q.packs_of(s, c.id or 0):
            items.update(p.items or {})
        doc = {"pack": {"name": f"{c.name} content", "system": c.system, "edition": c.edition or "",
                        "format": 1}, "items": items}
    if not items:
        raise InputError(f"{c.name} has no content packs to export")
    text = pack_text(doc, Path(path).suffix.lower() == ".json")
    with atomic_write(path) as tmp:
        tmp.write_text(text, encoding="utf-8")
    return {"path": str(path), "items": len(items)}


# --------------------------------------------------------------------------- credits
def _ledger(s: Session, r: Roster, amount: int, why: str, *, kind: str, item: str = "",
            fighter: Fighter | None = None, battle_id: int | None = None) -> LedgerEntry:
    """Move ``amount`` credits in (+) or out (-) of roster ``r``, on its ledger; refused
    when the roster cannot pay."""
    new = r.credits + amount
    if new < 0:
        raise InputError(f"{r.name} has {r.credits} credits; {why} needs {-amount}")
    if new > CREDITS_RANGE[1]:
        raise InputError(f"{r.name} would hold {new:,} credits; at most {CREDITS_RANGE[1]:,}")
    r.credits = new
    s.add(r)
    e = LedgerEntry(roster_id=r.id or 0, amount=amount, balance=new, kind=kind, why=why[:500], item=item[:200],
                    fighter_id=fighter.id if fighter is not None else None, battle_id=battle_id)
    s.add(e)
    return e


@dataclass(frozen=True, kw_only=True)
class CreditsResult(Result):
    roster_id: int
    roster: str
    amount: int
    credits: int
    why: str


def _battle_id(s: Session, c: Campaign, battle: Ref | None) -> int | None:
    """The id of the campaign's battle ``battle`` (its id), or None."""
    if battle is None:
        return None
    from campaign_app.usecases.common import get_battle

    return get_battle(s, battle, c).id


def adjust_credits(engine: Engine, roster: Ref, amount: int, why: str, *, battle: Ref | None = None) -> CreditsResult:
    """Give (+) or take (-) credits, with the reason, on the roster's ledger (one undo step)."""
    if isinstance(amount, bool) or not isinstance(amount, int) or amount == 0:
        raise InputError("the credits to move are a whole number other than 0, e.g. +50 or -20")
    why = clean_text(why, "reason", 500).strip()
    if not why:
        raise InputError("say why the credits move (e.g. \"sold loot\")")
    with UnitOfWork(engine, "roster.credits") as uow:
        s = uow.session
        r = get_roster(s, roster)
        c = campaign_of_roster(s, r)
        uow.campaign_id = c.id
        _ledger(s, r, amount, why, kind="credits", battle_id=_battle_id(s, c, battle))
        uow.summary = f"{r.name}: {amount:+d} credits ({why})"
    return CreditsResult(roster_id=r.id or 0, roster=r.name, amount=amount, credits=r.credits, why=why,
                         changes=uow.changes)


def _catalogue_item(s: Session, c: Campaign, name: str) -> dict[str, Any]:
    it = find_item(items_of(s, c), name)
    if it is None:
        raise InputError(f"{name!r} is not in the catalogue of {c.name} (see the content list)")
    return dict(it)


def equipment_of_item(it: Mapping[str, Any]) -> Equipment:
    """A new equipment row (no owner yet) of a catalogue item: name, category, cost,
    the profile values the row has columns for."""
    p = it.get("profile") or {}
    e = Equipment(name=str(it["name"])[:200], category=str(it["category"]), cost=int(it["cost"]),
                  traits=list(it.get("traits") or []), notes=str(it.get("notes") or ""))
    if p.get("range") not in (None, "", "default"):
        e.range = str(p["range"])[:40]
    for k in ("targets", "impact", "fp"):
        if isinstance(p.get(k), int):
            setattr(e, k, p[k])
    for k in ("strength", "ap"):
        if p.get(k) not in (None, "", "default"):  # "default": the value is not known to us
            setattr(e, k, str(p[k])[:20])
    return e


@dataclass(frozen=True, kw_only=True)
class TradeResult(Result):
    """An item bought or sold: for whom, for how much, and what is left."""

    fighter_id: int | None
    fighter: str
    roster_id: int
    item: str
    price: int
    credits: int
    value: int
    rule: str = ""  # a sale: the trading rule that set the price, in words
    rule_default: bool = False  # ... and it is ours, not a seed's: "(default)"
    cured: str = ""  # an item that cures a lasting injury (bionics): what it cured, in words


def buy_item(engine: Engine, fighter: Ref, item: str, cost: int | None = None, *,
             stat: str | None = None) -> TradeResult:
    """The fighter buys a catalogue item: the gang's credits pay its cost, the fighter's
    value grows by it (refused, nothing written, when the gang cannot pay). An item whose
    cost the catalogue does not know is bought only at the ``cost`` the buyer gives (never
    for 0 without a word); ``cost`` for an item of known cost must be that cost. An item
    that cures a lasting injury (bionics) removes it from the fighter and gives back what
    it took (``stat``: which characteristic, when the item gives back only one of
    several), in the same undo step; refused for a fighter without that injury."""
    from campaign_app.usecases.cures import cure_text, cure_with

    item = clean_name(item, "item")
    if cost is not None and (isinstance(cost, bool) or not isinstance(cost, int)
                             or not 0 <= cost <= CREDITS_RANGE[1]):
        raise InputError(f"--cost {cost!r} is not a whole number of credits from 0 to {CREDITS_RANGE[1]:,}")
    with UnitOfWork(engine, "fighter.buy") as uow:
        s = uow.session
        f = get_fighter(s, fighter)
        r = get_roster(s, f.roster_id)
        c = campaign_of_roster(s, r)
        uow.campaign_id = c.id
        it = _catalogue_item(s, c, item)
        if not it.get("cost_known", True):
            if cost is None:
                raise InputError(f"the cost of {it['name']} is not known (the catalogue of {c.name} gives "
                                 "none): give what it costs, e.g. --cost 25")
            it["cost"] = cost
        elif cost is not None and cost != int(it["cost"]):
            raise InputError(f"{it['name']} costs {it['cost']} credits in the catalogue of {c.name}; "
                             "--cost is for an item whose cost is not known")
        cost = int(it["cost"])
        if cost > r.credits:
            raise InputError(f"{r.name} cannot afford {it['name']} ({cost} credits; it has {r.credits})")
        cured = cure_text(cure_with(s, c, f, it, stat))  # bionics: refused before anything is paid
        _ledger(s, r, -cost, f"{f.name} buys {it['name']}", kind="buy", item=str(it["name"]), fighter=f)
        e = equipment_of_item(it)
        e.fighter_id = f.id
        s.add(e)
        f.credits_value = (f.credits_value or 0) + cost
        s.add(f)
        uow.summary = f"{f.name} buys {it['name']} ({cost} credits)" + (f"; {cured}" if cured else "")
    return TradeResult(fighter_id=f.id, fighter=f.name, roster_id=r.id or 0, item=str(it["name"]), price=cost,
                       credits=r.credits, value=f.credits_value, changes=uow.changes, cured=cured)


def _carried(s: Session, f: Fighter, name: str) -> Equipment:
    want = name.strip().lower()
    for e in fighter_q.equipment_of(s, [f.id]):
        if e.name.lower() == want:
            return e
    raise InputError(f"{f.name} carries no {name!r}")


def sell_item(engine: Engine, fighter: Ref, item: str) -> TradeResult:
    """The fighter sells an item it carries: the gang gets the sell price (the rules
    data's trading rule; our default: half the cost, rounded down to 5), the fighter's
    value drops by the item's cost."""
    item = clean_name(item, "item")
    with UnitOfWork(engine, "fighter.sell") as uow:
        s = uow.session
        f = get_fighter(s, fighter)
        r = get_roster(s, f.roster_id)
        c = campaign_of_roster(s, r)
        uow.campaign_id = c.id
        e = _carried(s, f, item)
        data = campaign_data(s, c)
        cost = e.cost or 0
        if not cost:
            found = find_item(data["catalogue_items"], e.name)
            cost = int(found["cost"]) if found else 0
        price = sell_price(data, cost) * max(1, e.qty or 1)
        rule = trading(data)
        if price:
            _ledger(s, r, price, f"{f.name} sells {e.name}", kind="sell", item=e.name, fighter=f)
        else:  # on the ledger all the same: the item left
            s.add(LedgerEntry(roster_id=r.id or 0, amount=0, balance=r.credits, kind="sell",
                              why=f"{f.name} sells {e.name}", item=e.name, fighter_id=f.id))
        f.credits_value = max(0, (f.credits_value or 0) - cost * max(1, e.qty or 1))
        s.add(f)
        s.delete(e)
        uow.summary = f"{f.name} sells {e.name} ({price} credits)"
    return TradeResult(fighter_id=f.id, fighter=f.name, roster_id=r.id or 0, item=e.name, price=price,
                       credits=r.credits, value=f.credits_value, changes=uow.changes,
                       rule=f"{rule.sell_percent}% of the cost, rounded down to {rule.round_to}",
                       rule_default=rule.default)


# --------------------------------------------------------------------------- the stash
class StashEntry(TypedDict):
    id: int
    name: str
    category: str
    qty: int
    cost: int


class StashData(TypedDict):
    roster: str
    credits: int
    items: list[StashEntry]
    value: int


def _stash_entry(i: StashItem) -> StashEntry:
    return {"id": i.id or 0, "name": i.name, "category": i.category, "qty": i.qty, "cost": i.cost}


def show_stash(engine: Engine, roster: Ref) -> StashData:
    with read_session(engine) as s:
        r = get_roster(s, roster)
        items = [_stash_entry(i) for i in q.stash_of(s, r.id or 0)]
        return {"roster": r.name, "credits": r.credits, "items": items,
                "value": sum(i["cost"] * i["qty"] for i in items)}


@dataclass(frozen=True, kw_only=True)
class StashResult(Result):
    roster_id: int
    roster: str
    item: str
    price: int
    credits: int
    fighter: str
    cured: str = ""  # an item that cures a lasting injury handed to a fighter: what it cured


def stash_add(engine: Engine, roster: Ref, item: str, *, pay: bool = True) -> StashResult:
    """Put a catalogue item (or, with ``pay`` false, any item: found loot) in the gang's
    stash; a catalogue item is paid for from the credits (refused beyond them)."""
    item = clean_name(item, "item")
    with UnitOfWork(engine, "roster.stash") as uow:
        s = uow.session
        r = get_roster(s, roster)
        c = campaign_of_roster(s, r)
        uow.campaign_id = c.id
        found = find_item(items_of(s, c), item)
        if found is None and pay:
            raise InputError(f"{item!r} is not in the catalogue of {c.name} (see the content list)")
        name = str(found["name"]) if found else item
        cost = int(found["cost"]) if found else 0
        price = cost if pay else 0
        if price > r.credits:
            raise InputError(f"{r.name} cannot afford {name} ({price} credits; it has {r.credits})")
        if pay:
            _ledger(s, r, -price, f"{name} bought into the stash", kind="stash", item=name)
        s.add(StashItem(roster_id=r.id or 0, name=name, category=str(found["category"]) if found else "wargear",
                        cost=cost))
        uow.summary = f"{r.name}: {name} into the stash"
    return StashResult(roster_id=r.id or 0, roster=r.name, item=name, price=price, credits=r.credits, fighter="",
                       changes=uow.changes)


def stash_give(engine: Engine, roster: Ref, item: str, fighter: Ref, *, stat: str | None = None) -> StashResult:
    """Hand an item of the stash to one of the gang's fighters (its value moves with it);
    an item that cures a lasting injury (bionics) cures it as when bought (``stat``:
    see :func:`buy_item`), refused for a fighter without that injury."""
    from campaign_app.usecases.cures import cure_text, cure_with

    item = clean_name(item, "item")
    with UnitOfWork(engine, "roster.stash") as uow:
        s = uow.session
        r = get_roster(s, roster)
        c = campaign_of_roster(s, r)
        uow.campaign_id = c.id
        f = get_fighter(s, fighter, r)
        if f.roster_id != r.id:
            raise InputError(f"{f.name} is not in {r.name}")
        held = next((i for i in q.stash_of(s, r.id or 0) if i.name.lower() == item.lower()), None)
        if held is None:
            raise InputError(f"the stash of {r.name} holds no {item!r}")
        found = find_item(items_of(s, c), held.name)
        cured = cure_text(cure_with(s, c, f, found, stat)) if found else ""
        if stat and not found:
            raise InputError(f"{held.name} is not in the catalogue: it gives no characteristic back")
        e = equipment_of_item(found) if found else Equipment(name=held.name, category=held.category)
        e.cost = held.cost
        e.fighter_id = f.id
        s.add(e)
        f.credits_value = (f.credits_value or 0) + held.cost
        s.add(f)
        if held.qty > 1:
            held.qty -= 1
            s.add(held)
        else:
            s.delete(held)
        uow.summary = f"{r.name}: {held.name} from the stash to {f.name}" + (f"; {cured}" if cured else "")
    return StashResult(roster_id=r.id or 0, roster=r.name, item=held.name, price=0, credits=r.credits,
                       fighter=f.name, changes=uow.changes, cured=cured)


# --------------------------------------------------------------------------- ledger, worth
class LedgerLine(TypedDict):
    id: int
    when: str
    kind: str
    amount: int
    balance: int
    why: str
    item: str
    fighter_id: int | None
    battle: int | None


class LedgerData(TypedDict):
    roster: str
    credits: int
    entries: list[LedgerLine]


def show_ledger(engine: Engine, roster: Ref) -> LedgerData:
    """Every movement of the roster's credits, oldest first, with why and the battle."""
    from db.queries import battles as battle_q

    with read_session(engine) as s:
        r = get_roster(s, roster)
        entries = q.ledger_of(s, r.id or 0)
        numbers: dict[int, int] = {}
        if any(e.battle_id for e in entries):
            c = campaign_of_roster(s, r)
            numbers = {b.id or 0: b.number for b in battle_q.campaign_battles(s, c.id or 0)}
        return {"roster": r.name, "credits": r.credits, "entries": [
            {"id": e.id or 0, "when": e.created_at.isoformat(timespec="seconds") if e.created_at else "",
             "kind": e.kind, "amount": e.amount, "balance": e.balance, "why": e.why, "item": e.item,
             "fighter_id": e.fighter_id, "battle": numbers.get(e.battle_id or 0) if e.battle_id else None}
            for e in entries]}


class Worth(TypedDict):
    rating: int
    credits: int
    stash: int
    wealth: int


def worth_of(s: Session, rosters: Sequence[Roster]) -> dict[int, dict[str, int]]:
    """roster id -> rating (its fighters' values), credits, stash value and wealth
    (rating + credits + stash), in three queries whatever the number of rosters."""
    from campaign_app.systems import game_system

    ids = [r.id for r in rosters if r.id is not None]
    values: dict[int, list[tuple[str, int]]] = {}
    for rid, st, v in q.figure_values(s, ids):
        values.setdefault(rid, []).append((st, v))
    stash: dict[int, int] = {}
    for i in q.stashes_of(s, ids):
        stash[i.roster_id] = stash.get(i.roster_id, 0) + i.cost * i.qty
    counted: dict[int, tuple[str, ...]] = {}
    out: dict[int, dict[str, int]] = {}
    for r in rosters:
        rid = r.id or 0
        if r.campaign_id not in counted:
            c = s.get(Campaign, r.campaign_id)
            counted[r.campaign_id] = game_system(c.system).rating_statuses if c is not None else ()
        rating = rating_of(counted[r.campaign_id], values.get(rid, []))
        out[rid] = {"rating": rating, "credits": r.credits, "stash": stash.get(rid, 0),
                    "wealth": rating + r.credits + stash.get(rid, 0)}
    return out


def roster_worth(engine: Engine, roster: Ref) -> Worth:
    with read_session(engine) as s:
        r = get_roster(s, roster)
        w = worth_of(s, [r])[r.id or 0]
        return {"rating": w["rating"], "credits": w["credits"], "stash": w["stash"], "wealth": w["wealth"]}


__all__ = [
    "ContentAdded", "CreditsResult", "StashResult", "TradeResult", "add_content", "adjust_credits",
    "buy_item", "campaign_data", "export_content", "list_content", "roster_worth", "sell_item",
    "equipment_of_item", "find_item", "items_of", "show_ledger", "show_stash", "stash_add", "stash_give",
    "trading", "with_catalogue", "worth_of",
]


# --------------------------------------------------------------------------- territories, income
_INCOME_DICE = re.compile(r"^\s*(\d{0,2})\s*[dD]\s*(3|6)\s*(?:[xX\u00d7*]\s*(\d{1,4}))?\s*$")


def income_dice(text: str) -> tuple[str, int] | None:
    """``"D6x10"`` -> ("d6", 10); ``"2D6"`` -> ("2d6", 1); "" -> None. An InputError
    names anything else."""
    text = (text or "").strip()
    if not text:
        return None
    m = _INCOME_DICE.match(text)
    if m is None:
        raise InputError(f"income dice {text!r}: write them like D6x10, 2D6x5 or D3")
    n = int(m[1] or 1)
    if not 1 <= n <= 6:
        raise InputError(f"income dice {text!r}: roll 1 to 6 dice")
    return f"{n}d{m[2]}", int(m[3] or 1)


class TerritoryData(TypedDict):
    id: int
    name: str
    credits: int
    dice: str
    rule: str


class TerritoryList(TypedDict):
    roster: str
    territories: list[TerritoryData]


def _territory(t: Territory) -> TerritoryData:
    return {"id": t.id or 0, "name": t.name, "credits": t.credits, "dice": t.dice, "rule": t.rule}


def show_territories(engine: Engine, roster: Ref) -> TerritoryList:
    with read_session(engine) as s:
        r = get_roster(s, roster)
        return {"roster": r.name, "territories": [_territory(t) for t in q.territories_of(s, r.id or 0)]}


@dataclass(frozen=True, kw_only=True)
class TerritoryResult(Result):
    roster_id: int
    roster: str
    territory: str
    removed: bool


def add_territory(engine: Engine, roster: Ref, name: str, *, credits: int = 0, dice: str = "",
                  rule: str = "") -> TerritoryResult:
    """The roster takes a territory: what it gives each battle (credits, a dice roll
    such as D6x10) and its special rule in words (one undo step)."""
    name = clean_name(name, "territory name")
    if isinstance(credits, bool) or not isinstance(credits, int) or not 0 <= credits <= 100_000:
        raise InputError("a territory's credits per battle are a whole number from 0 to 100,000")
    spec = income_dice(dice)
    if spec is not None:  # written one way: D6x10, 2D6, D3x5
        n, sides = spec[0].split("d")
        dice = f"{'' if n == '1' else n}D{sides}" + (f"x{spec[1]}" if spec[1] > 1 else "")
    rule = clean_text(rule, "special rule")
    with UnitOfWork(engine, "roster.territory") as uow:
        s = uow.session
        r = get_roster(s, roster)
        c = campaign_of_roster(s, r)
        uow.campaign_id = c.id
        if any(t.name.lower() == name.lower() for t in q.territories_of(s, r.id or 0)):
            raise InputError(f"{r.name} already holds {name}")
        s.add(Territory(roster_id=r.id or 0, name=name, credits=credits, dice=dice if spec else "", rule=rule))
        uow.summary = f"{r.name} takes {name}"
    return TerritoryResult(roster_id=r.id or 0, roster=r.name, territory=name, removed=False, changes=uow.changes)


def remove_territory(engine: Engine, roster: Ref, name: str) -> TerritoryResult:
    name = clean_name(name, "territory name")
    with UnitOfWork(engine, "roster.territory") as uow:
        s = uow.session
        r = get_roster(s, roster)
        c = campaign_of_roster(s, r)
        uow.campaign_id = c.id
        t = next((t for t in q.territories_of(s, r.id or 0) if t.name.lower() == name.lower()), None)
        if t is None:
            raise InputError(f"{r.name} holds no territory {name!r}")
        s.delete(t)
        uow.summary = f"{r.name} loses {t.name}"
    return TerritoryResult(roster_id=r.id or 0, roster=r.name, territory=t.name, removed=True, changes=uow.changes)


class IncomeLine(TypedDict):
    territory: str
    credits: int
    dice: str
    faces: list[int]
    amount: int


@dataclass(frozen=True, kw_only=True)
class IncomeResult(Result):
    """The income a roster collected: per territory, its fixed credits and its roll."""

    roster_id: int
    roster: str
    lines: list[IncomeLine]
    total: int
    credits: int


def collect_income(engine: Engine, roster: Ref, *, battle: Ref | None = None,
                   roller: Roller | None = None) -> IncomeResult:
    """Collect the income of the roster's territories: each one's credits plus its dice
    roll (recorded in the roll log), into the credits, on the ledger with the battle
    (one undo step). Typed dice are taken in the order of the territories."""
    roller = roller or Roller()
    with UnitOfWork(engine, "roster.income") as uow:
        s = uow.session
        r = get_roster(s, roster)
        c = campaign_of_roster(s, r)
        uow.campaign_id = c.id
        battle_id = _battle_id(s, c, battle)
        held = list(q.territories_of(s, r.id or 0))
        if not held:
            raise InputError(f"{r.name} holds no territories")
        if battle_id is not None and q.income_collected(s, [r.id or 0], battle_id):
            raise InputError(f"{r.name} has already collected its income for that battle (undo it to collect again)")
        lines = _collect(s, r, held, battle_id, roller)
        roller.finish()
        uow.record_rolls(roller, battle_id=battle_id, campaign_id=c.id)
        total = sum(x["amount"] for x in lines)
        uow.summary = f"{r.name} collects {total} credits of income"
    return IncomeResult(roster_id=r.id or 0, roster=r.name, lines=lines, total=total, credits=r.credits,
                        changes=uow.changes)


def _collect(s: Session, r: Roster, held: Sequence[Territory], battle_id: int | None,
             roller: Roller) -> list[IncomeLine]:
    """Roll and pay the income of ``held`` territories of ``r`` (one ledger line)."""
    lines = drive(roll_income(r, held), roller)
    pay_income(s, r, lines, battle_id)
    return lines


def roll_income(r: Roster, held: Sequence[Territory]) -> Rolling[list[IncomeLine]]:
    """Roll the income of ``held`` territories of ``r`` (a procedure: a generator; nothing
    written: see :func:`pay_income`); each roll says whose income it is."""
    lines: list[IncomeLine] = []
    for t in held:
        spec = income_dice(t.dice)
        faces: list[int] = []
        amount = t.credits
        if spec is not None:
            res = yield ask(spec[0], f"income from {t.name}", rule="territory income")
            res.extra["subject"] = r.name
            faces = list(res.faces)
            amount += res.value * spec[1]
        lines.append({"territory": t.name, "credits": t.credits, "dice": t.dice, "faces": faces, "amount": amount})
    return lines


def pay_income(s: Session, r: Roster, lines: Sequence[IncomeLine], battle_id: int | None = None) -> None:
    """Pay the rolled income ``lines`` into the credits of ``r``, one ledger line."""
    total = sum(x["amount"] for x in lines)
    if total:
        _ledger(s, r, total, "income from " + ", ".join(x["territory"] for x in lines), kind="income",
                battle_id=battle_id)


@dataclass(frozen=True, kw_only=True)
class BattleIncome(Result):
    """The income every roster of a battle collected (one undo step)."""

    battle_id: int
    rosters: list[IncomeResult]


def collect_battle_income(engine: Engine, battle: Ref, *, roller: Roller | None = None) -> BattleIncome:
    """After a battle: each roster that fought and holds territories collects their
    income, rolls recorded with the battle, in one undo step. A roster collects once per
    battle: one that has (and not undone) is left out, and when every one has, the
    collection is refused in one line."""
    from campaign_app.usecases.common import get_battle
    from db.queries import battles as battle_q

    roller = roller or Roller()
    with UnitOfWork(engine, "roster.income") as uow:
        s = uow.session
        b = get_battle(s, battle)
        uow.campaign_id = b.campaign_id
        holders = [(r, held) for _link, r in battle_q.battle_rosters(s, b.id or 0)
                   if (held := list(q.territories_of(s, r.id or 0)))]
        done = q.income_collected(s, [r.id or 0 for r, _held in holders], b.id or 0)
        if holders and len(done) == len(holders):
            raise InputError(f"the income of battle {b.number} has already been collected "
                             f"({', '.join(r.name for r, _held in holders)}); undo it to collect again")
        out: list[IncomeResult] = []
        for r, held in holders:
            if r.id in done:
                continue
            lines = _collect(s, r, held, b.id, roller)
            out.append(IncomeResult(roster_id=r.id or 0, roster=r.name, lines=lines,
                                    total=sum(x["amount"] for x in lines), credits=r.credits))
        roller.finish()
        uow.record_rolls(roller, battle_id=b.id, campaign_id=b.campaign_id)
        uow.summary = f"income after battle {b.number}"
    return BattleIncome(battle_id=b.id or 0, rosters=out, changes=uow.changes)


def income_line_text(x: IncomeLine) -> str:
    """'Old Ruins: 5 + D6x10 [3] = 35'."""
    roll = f" + {x['dice']} [{','.join(map(str, x['faces']))}]" if x["dice"] else ""
    return f"{x['territory']}: {x['credits']}{roll} = {x['amount']}"


def campaign_has_income(engine: Engine, campaign: Ref) -> bool:
    """Whether a roster of the campaign holds a territory (the post-cycle step offers income)."""
    from db.queries import rosters as roster_q

    with read_session(engine) as s:
        c = get_campaign(s, campaign)
        return bool(q.territories_in(s, [r.id or 0 for r in roster_q.rosters_of(s, c.id or 0)]))


def battle_has_income(engine: Engine, battle: Ref) -> bool:
    """Whether a roster of the battle holds a territory (the wizard offers income)."""
    from campaign_app.usecases.common import get_battle
    from db.queries import battles as battle_q

    with read_session(engine) as s:
        b = get_battle(s, battle)
        ids = [r.id or 0 for _link, r in battle_q.battle_rosters(s, b.id or 0)]
        return bool(q.territories_in(s, ids))
