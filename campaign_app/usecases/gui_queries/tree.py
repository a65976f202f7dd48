"""The campaign tree's reads: every campaign with its counts and its rosters, a page at a
time (a league has 10,000 rosters in a campaign)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

from typing_extensions import TypedDict  # pydantic reads it on Python 3.11 (the facade's results)

from campaign_app.usecases.first_screen import tree_campaigns, tree_rosters
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
    return cast(list[TreeRoster], tree_rosters(rows, fighters, units))


def campaign_tree(engine: Engine, page: int = TREE_PAGE) -> list[TreeCampaign]:
    """Every campaign with its counts (rosters, battles, pending battles: one aggregate
    query) and the first ``page`` of its rosters with their head counts, for the tree
    view (:func:`campaign_rosters` reads the next pages)."""
    with read_session(engine) as s:
        t = views.tree_rows(s, page)
    # shaped as the first screen shapes its plain reads (campaign_app.usecases.first_screen)
    return cast(list[TreeCampaign], tree_campaigns(t.campaigns, list(t.rosters), t.fighters, t.units))


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
