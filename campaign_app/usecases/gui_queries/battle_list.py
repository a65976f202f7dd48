"""The campaign's battles as the window lists them, and what the battle recording dialog
offers (each roster with its figures, available or not)."""

from __future__ import annotations

from typing import Any, cast

from typing_extensions import TypedDict  # pydantic reads it on Python 3.11 (the facade's results)

from campaign_app.systems import get_system
from campaign_app.usecases.common import get_campaign
from campaign_app.usecases.first_screen import battle_items
from db.queries import views
from db.uow import Engine, read_session


class BattleItem(TypedDict):
    """A battle of the campaign's battle list."""

    id: int
    number: int
    played_on: str
    scenario: str
    outcome: str
    notes: str
    winner: str
    rosters: list[str]
    after_battle_done: bool
    cycle: int


class SetupFighter(TypedDict):
    what: str
    id: int
    name: str
    status: str
    type: str
    available: bool


class SetupUnit(TypedDict):
    what: str
    id: int
    name: str
    status: str
    figures: int
    available: bool


class SetupRoster(TypedDict):
    id: int
    name: str
    kind: str
    figures: list[SetupFighter | SetupUnit]


class BattleSetup(TypedDict):
    """What the battle recording dialog offers: each roster with its figures."""

    campaign_id: int
    campaign: str
    system: str
    statuses: list[str]
    default_status: str
    uses_units: bool
    rosters: list[SetupRoster]


def battles(engine: Engine, campaign: Any, newest: int | None = None) -> list[BattleItem]:
    """The campaign's battles, newest last, with the rosters that took part; with
    ``newest``, the ``newest`` last ones and every one waiting for After the Battle."""
    with read_session(engine) as s:
        c = get_campaign(s, campaign)
        assert c.id is not None
        rows, by_battle = views.battle_rows(s, c.id, newest)
        return cast(list[BattleItem], battle_items(rows, by_battle))  # as the first screen's


BATTLES_SHOWN = 1000  # the newest battles the window lists (and every pending one)


def battle_setup(engine: Engine, campaign: Any) -> BattleSetup:
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
        assert c.id is not None
        rosters = views.setup_rosters(s, c.id)
        fighters, units = views.setup_figures(s, [r.id for r in rosters])
        figs: dict[int, list[SetupFighter | SetupUnit]] = {}
        for f in fighters:
            figs.setdefault(f.roster_id, []).append({
                "what": "fighter", "id": f.id, "name": f.name, "status": f.status,
                "type": f.fighter_type, "available": f.status not in unavailable,
            })
        for u in units:
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
