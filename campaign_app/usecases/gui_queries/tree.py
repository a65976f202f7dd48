"""The campaign tree's reads: every campaign with its counts and its rosters, a page at a
time (a league has 10,000 rosters in a campaign)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from typing_extensions import TypedDict  # pydantic reads it on Python 3.11 (the facade's results)

from campaign_app.systems import systems as all_systems
from db.queries import views
from db.uow import Engine, read_session


class TreeRoster(TypedDict):
    id: int
    name: str
    kind: str
    faction: str
    player: str
    fighters: int
    units: int


class TreeCampaign(TypedDict):
    """A campaign of the tree view, with its rosters and battle counts."""

    id: int
    name: str
    system: str
    system_name: str
    edition: str
    expansions: list[str]
    about: str  # the game, edition and expansions in words ("NUTS! 4th edition + Weird WWII")
    cycle: int
    uses_units: bool
    uses_credits: bool  # the game's rosters keep credits (the gear actions apply)
    rosters: list[TreeRoster]  # the first TREE_PAGE by name; the tree reads more as it is scrolled
    roster_count: int  # all of them
    shows_cycle: bool
    battles: int
    pending_battles: int


def campaign_count(engine: Engine) -> int:
    with read_session(engine) as s:
        return views.campaign_count(s)


TREE_PAGE = 200  # rosters of a campaign read at a time for the tree (a league has 10,000)


def _tree_rosters(rows: Iterable[Any], fighters: dict[int, int], units: dict[int, int]) -> list[TreeRoster]:
    return [{"id": r.id, "name": r.name, "kind": r.kind, "faction": r.faction, "player": r.player,
             "fighters": fighters.get(r.id, 0), "units": units.get(r.id, 0)} for r in rows]


def campaign_tree(engine: Engine, page: int = TREE_PAGE) -> list[TreeCampaign]:
    """Every campaign with its counts (rosters, battles, pending battles: one aggregate
    query) and the first ``page`` of its rosters with their head counts, for the tree
    view (:func:`campaign_rosters` reads the next pages)."""
    with read_session(engine) as s:
        t = views.tree_rows(s, page)
    by_campaign: dict[int, list[TreeRoster]] = {}
    for row, r in zip(t.rosters, _tree_rosters(t.rosters, t.fighters, t.units), strict=True):
        by_campaign.setdefault(row.campaign_id, []).append(r)
    out: list[TreeCampaign] = []
    known = all_systems()
    for c in t.campaigns:
        gs = known.get(c.system)  # None: a system not installed here (shown, no system actions)
        out.append({
            "id": c.id, "name": c.name, "system": c.system,
            "system_name": gs.name if gs else f"{c.system} (not installed)",
            "edition": c.edition, "expansions": list(c.expansions or []), "cycle": c.cycle,
            "about": _about(gs.info if gs else None, c.system, c.edition, list(c.expansions or [])),
            "uses_units": bool(gs and gs.info.uses_units),
            "uses_credits": bool(gs and gs.info.uses_credits),
            "rosters": by_campaign.get(c.id, []), "roster_count": int(c.rosters or 0),
            "shows_cycle": gs is not None and gs.roster_layout().shows_cycle,
            "battles": int(c.battles or 0), "pending_battles": int(c.pending or 0),
        })
    return out


def campaign_rosters(engine: Engine, campaign_id: int, *, after: tuple[str, int] | None = None,
                     limit: int | None = TREE_PAGE, up_to: int | None = None) -> list[TreeRoster]:
    """A page of a campaign's rosters by name with their head counts: the ``limit``
    after ``after`` (the last one shown: name, id), or (``up_to``, a roster id) every
    one up to and including that roster."""
    with read_session(engine) as s:
        rows = (views.rosters_up_to(s, campaign_id, up_to) if up_to is not None
                else views.roster_page_rows(s, campaign_id, after, limit))
        fighters, units = views.head_counts(s, [r.id for r in rows])
    return _tree_rosters(rows, fighters, units)


def _about(info: Any, system: str, edition: str | None, expansions: list[str]) -> str:
    """A campaign's game in the words of its rules data: "Necromunda (newest edition)",
    "NUTS! 4th edition + Weird WWII"."""
    if info is None:
        return f"{system} (not installed)"
    name = info.edition_names.get(edition or "", "") or info.name
    extras = [info.expansion_names.get(x, x).split(" (")[0] for x in expansions]
    return " + ".join([name, *extras])
