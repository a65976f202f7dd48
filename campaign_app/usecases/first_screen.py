"""The window's first screen without the ORM (issue #32): the campaign tree, the first
page of the roster (or campaign) to show and the detail pane's data, read by plain SQL
(:mod:`db.queries.first_screen`) and shaped by the same code that shapes the ORM path's
reads (:mod:`.gui_queries.tree`, :mod:`.gui_queries.roster_table`,
:mod:`.gui_queries.details`): the window shows this, then SQLAlchemy, the tables and the
rules data load off the GUI thread and it switches to its normal reads.

Importing this module imports neither SQLAlchemy nor SQLModel nor the rules data
(pydantic): only the game systems' registry and their layouts. A campaign whose
characteristics differ from its game's own list (an edition with its own, read from the
rules data) is not shown here: :func:`first_screen` gives None and the window takes its
normal path.

``first_screen`` is also a use-case as any other: ``first_screen(url, ...)`` on a
database URL (it opens its own plain connection; a league server's URL gives None)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from campaign_app.entities import FIGHTER_ROW, ROSTER_DATA, UNIT_ROW
from campaign_app.systems.registry import game_system, some_systems
from campaign_app.usecases.counter_values import definitions, values_of

TREE_PAGE = 200  # as gui_queries.tree.TREE_PAGE (a test keeps them equal)
LEAGUE_ROSTERS = 50  # as ui.main_window.LEAGUE_ROSTERS: a bigger campaign opens on its first roster
PAGE_THRESHOLD = 2000  # as ui.paged: a scope above it is shown a page at a time
PAGE_ROWS = 500
BATTLES_NEWEST = 15  # the campaign pane's battles
READY = ("active",)  # as campaign_app.usecases.gear.READY: the statuses a rating counts by default


# ----------------------------------------------------------------------------- shaping
# (used by the ORM path's reads as well: one shape for both)
def about(info: Any, system: str, edition: str | None, expansions: list[str]) -> str:
    """A campaign's game in the words of its rules data: "Necromunda (newest edition)",
    "NUTS! 4th edition + Weird WWII"."""
    if info is None:
        return f"{system} (not installed)"
    name = info.edition_names.get(edition or "", "") or info.name
    extras = [info.expansion_names.get(x, x).split(" (")[0] for x in expansions]
    return " + ".join([name, *extras])


def tree_rosters(rows: Iterable[Any], fighters: Mapping[int, int], units: Mapping[int, int]) -> list[dict[str, Any]]:
    return [{"id": r.id, "name": r.name, "kind": r.kind, "faction": r.faction, "player": r.player,
             "fighters": fighters.get(r.id, 0), "units": units.get(r.id, 0)} for r in rows]


def tree_campaigns(campaigns: Iterable[Any], rosters: list[Any], fighters: Mapping[int, int],
                   units: Mapping[int, int]) -> list[dict[str, Any]]:
    """The tree's campaigns (``gui_queries.TreeCampaign``) from the campaign rows with
    their counts and the roster rows of their first page."""
    by_campaign: dict[int, list[dict[str, Any]]] = {}
    for row, r in zip(rosters, tree_rosters(rosters, fighters, units), strict=True):
        by_campaign.setdefault(row.campaign_id, []).append(r)
    out: list[dict[str, Any]] = []
    campaigns = list(campaigns)
    known = some_systems({c.system for c in campaigns})
    for c in campaigns:
        gs = known.get(c.system)  # None: a system not installed here (shown, no system actions)
        out.append({
            "id": c.id, "name": c.name, "system": c.system,
            "system_name": gs.name if gs else f"{c.system} (not installed)",
            "edition": c.edition, "expansions": list(c.expansions or []), "cycle": c.cycle,
            "about": about(gs.info if gs else None, c.system, c.edition, list(c.expansions or [])),
            "uses_units": bool(gs and gs.info.uses_units),
            "uses_credits": bool(gs and gs.info.uses_credits),
            "rosters": by_campaign.get(c.id, []), "roster_count": int(c.rosters or 0),
            "shows_cycle": gs is not None and gs.roster_layout().shows_cycle,
            "battles": int(c.battles or 0), "pending_battles": int(c.pending or 0),
        })
    return out


def table_rows(system: str, t: Any, roster_names: Mapping[int, str]) -> list[dict[str, Any]]:
    """The roster table's rows (``gui_queries.FighterRow``, ``UnitRow``) of ``t`` (a
    ``views.TableRows`` or its plain twin: fighters, then units, by id), each the shape
    ``FIGHTER_ROW`` or ``UNIT_ROW`` of :mod:`campaign_app.entities`."""
    layout = game_system(system).roster_layout()
    out_rows: list[dict[str, Any]] = []
    for f in t.fighters:
        out_rows.append(FIGHTER_ROW.build(
            f, what="fighter", roster=roster_names.get(f.roster_id, ""), weapons=t.weapons.get(f.id, []),
            skills=t.skills.get(f.id, []), injuries=t.injuries.get(f.id, []),
            status_class=layout.status(f.status).screen))
    for u in t.units:
        out_rows.append(UNIT_ROW.build(
            u, what="unit", roster=roster_names.get(u.roster_id, ""), weapons=t.unit_weapons.get(u.id, []),
            status_class=layout.status(u.status).screen))
    return out_rows


def battle_items(rows: Iterable[Any], by_battle: Mapping[int, list[str]]) -> list[dict[str, Any]]:
    """The battle list's items (``gui_queries.BattleItem``)."""
    return [
        {"id": b.id, "number": b.number,
         "played_on": b.played_on if isinstance(b.played_on, str) else b.played_on.isoformat(),
         "scenario": b.scenario, "outcome": b.outcome, "notes": b.notes,
         "winner": b.winner or "",
         "rosters": by_battle.get(b.id, []), "after_battle_done": bool(b.after_battle_done),
         "cycle": b.cycle}
        for b in rows
    ]


# ----------------------------------------------------------------------------- the screen
class _Table:
    def __init__(self, d: Mapping[str, Any]) -> None:
        self.__dict__.update(d)


def _columns_known(campaign: Mapping[str, Any]) -> bool:
    """Whether the table's columns can be chosen without the rules data: the campaign's
    edition is its game's default one, whose characteristics are the game's own list
    (a test checks this of every installed game)."""
    gs = some_systems([campaign["system"]]).get(campaign["system"])
    if gs is None:
        return False
    ed = (campaign.get("edition") or gs.info.default_edition or "").lower()
    return ed == (gs.info.default_edition or "").lower()


def system_stats(system: str) -> dict[str, Any]:
    """What the roster table's columns need of a game system (a part of
    ``gui_queries.SystemDict``): its id, name and default edition's characteristics."""
    info = game_system(system).info
    return {"id": info.id, "name": info.name, "uses_rep": info.uses_rep, "uses_units": info.uses_units,
            "stats": [{"key": s.key, "label": s.label, "low": s.low, "high": s.high, "target": s.target}
                      for s in info.stats],
            "edition": (info.default_edition or "").lower(), "partial": True}


def roster_layout(system: str) -> Any:
    """As ``gui_queries.roster_layout`` (without importing the database layer)."""
    return game_system(system).roster_layout()


def first_screen(url: str, want: tuple[str, int] | None = None) -> dict[str, Any] | None:
    """What the window shows first on database ``url``: ``tree`` (``campaign_tree``'s
    list), ``want`` (the item to make current: ``("campaign", id)`` or ``("roster",
    id)``), ``campaign_id`` and ``edition`` (its campaign's), ``rows`` (the table's first rows), ``counts`` (a paged scope's figures, else
    None), ``system`` (see :func:`system_stats`), ``detail`` (``roster_detail``'s dict
    for a roster, else ``battles`` for the campaign's pane) and ``house_rules``. None
    when it cannot be read so (a league server, no such file, another schema revision,
    an edition with its own characteristics, nothing to show)."""
    from db.queries import first_screen as fs

    if not url.startswith(("sqlite:", "postgresql:", "postgresql+psycopg:", "postgres:")):
        return None  # a league server (its own reads), a plain file path: the normal path
    with fs.current(url) as db:
        return None if db is None else _first_screen(db, want)


def _first_screen(db: Any, want: tuple[str, int] | None) -> dict[str, Any] | None:
    from db.queries import first_screen as fs

    try:
        t = fs.tree(db, TREE_PAGE)
        tree = tree_campaigns(t["campaigns"], t["rosters"], t["fighters"], t["units"])
        if not tree:
            return None
        want = _place(db, tree, want)
        if want is None:
            return None
        camp = (next(c for c in tree if any(r["id"] == want[1] for r in c["rosters"])) if want[0] == "roster"
                else next(c for c in tree if c["id"] == want[1]))
        if not _columns_known(camp):
            return None
        scope = {"roster_id": want[1]} if want[0] == "roster" else {"campaign_id": camp["id"]}
        counts = fs.figure_counts(db, **scope)
        big = counts["fighters"] + counts["units"] > PAGE_THRESHOLD  # as ui.paged.big_scope
        raw = fs.table(db, limit=PAGE_ROWS if big else None, **scope)
        names = fs.roster_names(db, [r["roster_id"] for r in (*raw["fighters"], *raw["units"])])
        rows = table_rows(camp["system"], _Table(raw), names)
        detail: Any
        if want[0] == "roster":
            detail = roster_detail(db, want[1])
        else:
            detail = battle_items(*fs.battles(db, camp["id"], BATTLES_NEWEST))
        return {"tree": tree, "want": want, "campaign_id": camp["id"], "edition": camp.get("edition"), "rows": rows,
                "counts": counts if big else None,
                "system": system_stats(camp["system"]), "detail": detail,
                "house_rules": fs.house_rules(db, camp["id"])}
    except Exception:  # noqa: BLE001 (anything unexpected: the normal path shows it, or its error)
        import logging

        logging.getLogger(__name__).debug("first screen not read", exc_info=True)
        return None


def _place(db: Any, tree: list[dict[str, Any]], want: tuple[str, int] | None) -> tuple[str, int] | None:
    """The item the window makes current, as ``MainWindow.reload(start=True)`` picks
    it: ``want`` if the tree has it, else the first campaign; a campaign of more than
    LEAGUE_ROSTERS rosters opens on its first roster. A roster past a campaign's first
    page (not in the tree yet): None (the normal path reads up to it)."""
    if want is not None and want[0] == "roster":
        if any(r["id"] == want[1] for c in tree for r in c["rosters"]):
            return want
        return None
    camp = next((c for c in tree if want is None or c["id"] == want[1]), None)
    if camp is not None and camp["roster_count"] > LEAGUE_ROSTERS and camp["rosters"]:
        return ("roster", camp["rosters"][0]["id"])
    return ("campaign", (camp or tree[0])["id"])  # a campaign gone since: the first, whole


def roster_detail(db: Any, roster_id: int) -> dict[str, Any] | None:
    """As ``gui_queries.roster_detail``, from the plain reads."""
    from db.queries import first_screen as fs

    r = fs.roster(db, roster_id)
    if r is None:
        return None
    gs = game_system(r["system"])
    counted = tuple(gs.rating_statuses) or READY
    rating = sum(v for st, v in r["values"] if st in counted)
    return {
        **ROSTER_DATA.build(r),
        "campaign": r["campaign"], "system": r["system"], "system_name": gs.info.name,
        "uses_credits": gs.info.uses_credits,
        "fighters": r["fighters"], "units": r["units"],
        "worth": {"rating": rating, "credits": r["credits"], "stash": r["stash"],
                  "wealth": rating + r["credits"] + r["stash"]},
        "counters": values_of(definitions(r["campaign_counters"]), r["counters"]),
    }
