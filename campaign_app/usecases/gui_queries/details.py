"""The detail pane's reads: a fighter, a unit or a roster with what the pane shows of it
(its battles, crew, rolls, worth); the shapes are :mod:`campaign_app.usecases.panes`'."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from typing_extensions import TypedDict  # pydantic reads it on Python 3.11 (the facade's results)

from campaign_app.entities import ROSTER_DATA
from campaign_app.systems import get_system
from campaign_app.usecases.common import Ref, campaign_of_roster, get_fighter, get_roster, get_unit
from campaign_app.usecases.gui_queries.game_info import roster_layout
from db.queries import views
from db.uow import Engine, read_session

if TYPE_CHECKING:  # the panes' types (core is loaded when a pane is read)
    from campaign_app.usecases.panes import (
        CrewMember,
        FighterPane,
        RosterDetail,
        UnitPane,
        UnitRoll,
    )
    from campaign_app.usecases.shapes import RosterData


class FigureBattle(TypedDict):
    """A battle a fighter or unit took part in, with its result there."""

    battle_id: int
    number: int
    played_on: str
    scenario: str
    status: str
    scored_hit: bool
    casualties: int
    after_battle_done: bool


def _battles_of(s: Any, *, fighter_id: int | None = None, unit_id: int | None = None
                ) -> list[FigureBattle]:
    return [
        {"battle_id": b.id, "number": b.number, "played_on": b.played_on.isoformat(),
         "scenario": b.scenario, "status": b.status, "scored_hit": bool(b.scored_hit),
         "casualties": b.casualties, "after_battle_done": bool(b.after_battle_done)}
        for b in views.figure_battles(s, fighter_id=fighter_id, unit_id=unit_id)
    ]


def fighter_detail(engine: Engine, fighter: Ref) -> FighterPane:
    """A fighter with its weapons, skills, injuries, battles and rolls."""
    from campaign_app.usecases.fighters import show_fighter
    from campaign_app.usecases.rolls import roll_log

    shown = show_fighter(engine, fighter)
    with read_session(engine) as s:
        f = get_fighter(s, shown["id"])
        assert f.id is not None
        r = get_roster(s, f.roster_id)
        c = campaign_of_roster(s, r)
        assert c.id is not None
        battles = _battles_of(s, fighter_id=f.id)
        crew: list[CrewMember] = [{"id": int(x.id or 0), "name": x.name, "role": x.role}
                                  for x in views.crew_of(s, f.id)]
    from campaign_app.systems.info import stat_rules

    rules = stat_rules(c.system, c.edition, f.kind or "", c.house_rules)
    layout = roster_layout(c.system)
    targets = layout.detail_targets
    profile = None
    if layout.figure_profile is not None:
        from campaign_app.rules import load_rulebook

        data = load_rulebook().data(c.system, c.edition, list(c.expansions or []))
        profile = layout.figure_profile(shown, data)
    pane: FighterPane = {
        **shown, "roster": r.name, "campaign_id": c.id, "campaign": c.name, "system": c.system,
        "battles": battles, "crew": crew, "rolls": roll_log(engine, c.id, fighter=shown["id"]),
        "what": "fighter", "stat_order": [st.key for st in rules],
        "stat_targets": list(targets if targets is not None else (st.key for st in rules if st.target)),
        "profile": list(profile.cells) if profile is not None else None,
        "built_in": list(profile.weapons) if profile is not None else [],
        "uses_credits": get_system(c.system).uses_credits,
    }
    return pane


def unit_detail(engine: Engine, unit: Ref) -> UnitPane:
    from campaign_app.usecases.fighters import equipment_by_owner
    from campaign_app.usecases.shapes import unit_dict

    with read_session(engine) as s:
        u = get_unit(s, unit)
        assert u.id is not None
        r = get_roster(s, u.roster_id)
        c = campaign_of_roster(s, r)
        assert c.id is not None
        eq = equipment_by_owner(s, [], [u.id])
        rolls: list[UnitRoll] = [
            {"id": int(x.id or 0), "when": x.created_at.isoformat(timespec="seconds"), "purpose": x.purpose,
             "dice": x.dice, "faces": [int(v) for v in x.faces.split(",") if v], "source": x.source,
             "target": x.target, "value": x.value, "label": x.label, "result": x.result,
             "battle_id": x.battle_id}
            for x in views.unit_rolls(s, u.id)
        ]
        pane: UnitPane = {**unit_dict(u, eq.get(("u", int(u.id)), [])), "roster": r.name,
                          "campaign_id": c.id, "campaign": c.name, "system": c.system,
                          "battles": _battles_of(s, unit_id=u.id), "rolls": rolls, "what": "unit"}
        return pane


def roster_detail(engine: Engine, roster: Any) -> RosterDetail:
    """A roster's own fields (as ``roster show``), its campaign and system, head counts."""
    from campaign_app.usecases.counters import definitions, values_of

    with read_session(engine) as s:
        r = get_roster(s, roster)
        assert r.id is not None and r.campaign_id is not None
        c = campaign_of_roster(s, r)
        fighters, units = views.roster_head_count(s, r.id)
        return {
            **cast("RosterData", ROSTER_DATA.build(r)),
            "campaign": c.name, "system": c.system, "system_name": get_system(c.system).name,
            "uses_credits": get_system(c.system).uses_credits,
            "fighters": fighters, "units": units, "worth": _worth(s, r),
            "counters": values_of(definitions(c.counters), r.counters),  # counters helper
        }


def _worth(s: Any, r: Any) -> dict[str, int]:
    """The roster's rating, credits, stash value and wealth (gear)."""
    from campaign_app.usecases.gear import worth_of

    return worth_of(s, [r])[r.id or 0]
