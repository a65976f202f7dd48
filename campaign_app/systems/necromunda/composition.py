"""Founding a gang from its house and recruiting from its list, as pure domain (issue
#30 item 2): the houses a gang is founded from (:func:`foundings`, the
``GameSystem.foundings`` hook), what an item costs a new fighter (:func:`price`) and the
gang composition rules of the house checked against its fighters (:func:`check`).

The rules are the edition's data (``[compositions]`` in ``n23_gangs.toml``, a fighter
type's ``max``, a house's ``min_fighters``): each broken one is named by its id and
given in its words. Recruiting checks what more recruits cannot mend (a rule's ``max``,
a type's ``max``); ``roster check`` checks every rule (a rule's ``min``, a share of the
gang, the house's minimum of fighters as well)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from campaign_app.errors import InputError
from campaign_app.rules.catalogue import find_item
from campaign_app.systems.api import Founding
from campaign_app.systems.necromunda.content import Content, FighterType, House, content

# the fighters that are no longer of the gang: not counted by the composition rules
GONE = ("dead", "lost", "turned", "retired")
# Our default (labelled so where it refuses): a new fighter takes Common items only from
# the Trading Post; a rare or illegal item is sought there after a battle (fighter buy).
RECRUIT_RARITY = ("C",)
# the words of a category in a rule's detail
CATEGORY_WORDS = {
    "leader": "Leaders", "champion": "Champions", "ganger": "Gangers", "specialist": "Specialists",
    "juve": "Juves", "prospect": "Prospects", "crew": "Crew", "brute": "Brutes",
    "exotic-beast": "Exotic Beasts", "hanger-on": "Hangers-on", "hired-gun": "Hired Guns",
    "vehicle": "Vehicles",
}


def foundings(edition: str) -> list[Founding]:
    """The houses of the edition's gang content, with their starting credits (the
    ``GameSystem.foundings`` hook; the other factions come from ``[roster]``). A list no
    gang is founded of (``founding = false``: the Hangers-on) is left out."""
    return [Founding(h.name, h.starting_credits, h.is_default("starting_credits"), (h.key, *h.aliases))
            for h in content(edition).houses.values() if h.founding]


@dataclass(frozen=True)
class Member:
    """One fighter of the gang as the composition rules count it."""

    name: str
    category: str  # the fighter's type column: leader, champion, ganger...
    type_key: str = ""  # the house fighter type it was recruited as ("" = not known)


@dataclass(frozen=True)
class Broken:
    """A composition rule the gang breaks: its id, its words, what was counted."""

    id: str
    rule: str
    detail: str
    default: bool = False  # the rule is our labelled default, not a source's

    def text(self) -> str:
        return f"{self.id}: {self.rule} ({self.detail})" + (" [our default]" if self.default else "")


def _words(categories: Sequence[str]) -> str:
    return ", ".join(CATEGORY_WORDS.get(c, c) for c in categories)


def check(cont: Content, house: House, members: Sequence[Member], *, founding: bool,
          complete: bool) -> list[Broken]:
    """The rules of ``house``'s composition that ``members`` break. ``founding``: the
    gang has fought no battle yet (the rules ``when = "founding"`` apply); ``complete``:
    check every rule (``roster check``), else only the limits more recruits cannot mend
    (recruiting)."""
    out: list[Broken] = []
    cats = [m.category for m in members]
    for rule in cont.composition(house.key):
        if rule.when == "founding" and not founding:
            continue
        n = sum(1 for c in cats if c in rule.count)
        if rule.max is not None and n > rule.max:
            out.append(Broken(rule.id, rule.rule, f"{n} {_words(rule.count)}, at most {rule.max}", rule.default))
        elif complete and n < rule.min:
            out.append(Broken(rule.id, rule.rule, f"{n} {_words(rule.count)}, at least {rule.min}", rule.default))
        elif complete and rule.share_of:
            total = sum(1 for c in cats if c in rule.share_of)
            if total and n * 100 < rule.min_percent * total:
                out.append(Broken(rule.id, rule.rule, f"{n} of {total} fighters, under {rule.min_percent}%",
                                  rule.default))
    for t in cont.fighter_types(house.key):
        if t.max is None:
            continue
        n = sum(1 for m in members if m.type_key == t.key)
        if n > t.max:
            out.append(Broken(f"{t.key}-max", f"A gang has at most {t.max} {t.name}.", f"{n} {t.name}"))
    if complete:
        counted = [c for c in cats if c != "vehicle"]
        if len(counted) < house.min_fighters:
            out.append(Broken("min-fighters", f"A {house.name} gang has at least {house.min_fighters} fighters.",
                              f"{len(counted)} fighter{'' if len(counted) == 1 else 's'}",
                              house.is_default("min_fighters")))
    return out


@dataclass(frozen=True)
class Priced:
    """An item a new fighter takes: the catalogue item, its price and where from."""

    item: Mapping[str, Any]
    price: int
    source: str  # "list" (the fighter type's equipment list) or "trading post"


def price(cont: Content, items: Mapping[str, Mapping[str, Any]], t: FighterType, name: str) -> Priced:
    """What the item ``name`` costs a new fighter of type ``t``: its list's price when the
    list has it; else, from the Trading Post (``items``: the campaign's catalogue, content
    packs included), a Common item at its cost, a weapon only for a type that may take
    the Trading Post's weapons. A one-line :class:`InputError` otherwise."""
    shipped = cont.find_item(name)
    listed = cont.equipment_list(t)
    if shipped is not None and shipped["key"] in listed:
        return Priced(shipped, listed[shipped["key"]], "list")
    it = find_item(items, name)
    if it is None:
        raise InputError(f"{name!r} is not in the {cont.edition} catalogue (see `content list`)")
    if not it.get("trading_post"):
        raise InputError(f"{it['name']} is not on the {t.name}'s equipment list, nor sold at the Trading Post")
    if it.get("category") == "weapon" and not t.trading_post:
        raise InputError(f"a {t.name} takes weapons from its equipment list only, and {it['name']} is not on it")
    rarity = str(it.get("rarity") or "")
    if rarity not in RECRUIT_RARITY:
        raise InputError(f"{it['name']} is {rarity or 'of no rarity'} at the Trading Post: a new fighter takes "
                         "Common items only (our default); seek it after a battle (fighter buy)")
    if not it.get("cost_known", True):
        raise InputError(f"the cost of {it['name']} is not known: enter it with a content pack first")
    return Priced(it, int(it["cost"]), "trading post")
