"""The unit-morale game at the table (seed 002, the Orders phase): ``squad order``,
``squad cover``, ``squad hide`` and ``squad opportunity-fire``, each a CLI subcommand and
a command of the battle page.

What they record, on the unit's battle result (``details``) and as marks of the battle,
one undo step each:

- the order of the turn (also the unit's ``order``); a Suppressed or Shaken unit may
  only Sneak (the discipline state's ``orders``); the mark says whether the order counts
  as using the terrain (Hold, Sneak: +1 to the save) or not (Advance, Run);
- whether the unit is in cover; leaving it, the unit is no longer hidden;
- hiding: only in cover and only on an order that may hide (Hold, Sneak); an order
  that cannot hide, or marking the unit in cover again, shows it;
- opportunity fire, on Hold only: a 180-degree arc, or, hidden, any direction at any time
  in the enemy phase (the arc is on record with the mark).

The saves and the shooting themselves are played on the table: the app records the
states the rules depend on and refuses what the seed forbids."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from campaign_app.changes import Result
from campaign_app.errors import InputError
from campaign_app.systems.commands import Command, Param

_ME = "campaign_app.systems.unit_morale.commands"
SYSTEM = "unit-morale"
ORDERS = ("hold", "sneak", "advance", "run")  # as the rules data's [orders] (kept equal by a test)
COVER = ("in", "out")


@dataclass(frozen=True, kw_only=True)
class SquadMarked(Result):
    """What a ``squad`` command recorded for a unit in a battle."""

    battle_id: int
    unit_id: int
    unit: str
    kind: str  # the mark: order, cover, hides, revealed, opportunity fire
    value: str
    text: str  # the marks in words, as the battle page lists them
    order: str  # the unit's order key ("" if none)
    cover: bool
    hidden: bool
    save_modifier: int  # what using the terrain adds to its save under this order (0: none)
    arc: str = ""  # opportunity fire: the arc it fires in


def _label(table: dict[str, dict[str, Any]], key: str) -> str:
    return str(table.get(key, {}).get("label", key))


def _on(name: str, table: dict[str, dict[str, Any]], key: str) -> str:
    """``1 Section is on Advance`` (``has no order`` before its first)."""
    return f"{name} is on {_label(table, key)}" if key else f"{name} has no order"


def _mark(engine: Any, battle: Any, figure: Any, doing: str, action: str, apply: Any,
          states: tuple[str, ...] = ()) -> SquadMarked:
    """Run ``apply(unit, result, data, details) -> [(kind, value)]`` on a unit taking part
    in ``battle``, in one unit of work: its marks are written, ``details`` stored."""
    from campaign_app.rules import load_rulebook
    from campaign_app.systems import squads
    from campaign_app.usecases.table import IN_PROGRESS, SETUP, mark_text, put_mark, units_in_battle
    from db.uow import UnitOfWork

    with UnitOfWork(engine, action) as uow:
        s = uow.session
        b, c, taking_part = units_in_battle(s, battle, doing=doing, states=states or (SETUP, IN_PROGRESS))
        uow.campaign_id = c.id
        if c.system != SYSTEM:
            raise InputError(f"battle {b.number} is not a unit-morale game: squad commands are for its units")
        ref = str(figure if figure is not None else "").strip()
        if not ref:
            raise InputError("name the unit")
        found = [p for p in taking_part.values() if p[0].name == ref or (ref.isdigit() and p[0].id == int(ref))]
        if not found:
            raise InputError(f"{ref!r} is not a unit taking part in battle {b.number}")
        u, res = found[0]
        if res.status in ("destroyed", "prisoner", "not-present"):
            raise InputError(f"{u.name} is {res.status.replace('-', ' ')} in battle {b.number}")
        data = load_rulebook().data(c.system, c.edition, c.expansions or [])
        details = dict(res.details or {})
        marks = apply(u, data, details)
        res.details = details
        texts = []
        for kind, value in marks:
            put_mark(uow, b, res, u.name, kind, value, mark_text(kind, u.name, value, None))
            texts.append(mark_text(kind, u.name, value, None))
        uow.summary = f"battle {b.number}: {'; '.join(texts)}"
        spec = squads.orders(data).get(u.order or "", {})
        out = dict(battle_id=b.id or 0, unit_id=u.id or 0, unit=u.name, kind=marks[-1][0], value=marks[-1][1],
                   text="\n".join(texts), order=u.order or "", cover=bool(details.get("cover")),
                   hidden=bool(details.get("hidden")),
                   save_modifier=squads.terrain_save(data) if spec.get("uses_terrain") else 0,
                   arc=str(details.get("opportunity_fire") or ""))
    return SquadMarked(**out, changes=uow.changes)  # type: ignore[arg-type]


def give_order(engine: Any, battle: Any, figure: Any = None, order: str = "") -> SquadMarked:
    """The unit's order for this turn (seed 002, Orders phase)."""
    from campaign_app.systems import squads

    def apply(u: Any, data: Any, details: dict[str, Any]) -> list[tuple[str, str]]:
        key = squads.resolve_order(data, order, SYSTEM)
        table = squads.orders(data)
        spec = table[key]
        state = squads.discipline_states(data).get(u.discipline or "", {})
        allowed = [str(x) for x in state.get("orders") or []]
        if allowed and key not in allowed:
            raise InputError(f"{u.name} is {state.get('label', u.discipline)}: it may only take "
                             f"{' or '.join(_label(table, k) for k in allowed)}, not {_label(table, key)}")
        u.order = key
        details["order"] = key
        details.pop("opportunity_fire", None)  # a new order, a new turn: fire declared again
        marks = [("order", f"{_label(table, key)} ({squads.order_terrain_text(data, spec)})")]
        if details.get("hidden") and not spec.get("can_hide"):
            details["hidden"] = False
            marks.append(("revealed", f"({_label(table, key)} cannot hide)"))
        return marks

    return _mark(engine, battle, figure, "give a unit its order", "squad.order", apply)


def cover(engine: Any, battle: Any, figure: Any = None, where: str = "in") -> SquadMarked:
    """The unit is in cover (``in``) or leaves it (``out``: no longer hidden either).
    Marked in cover again while hidden: the enemy sees it, it is no longer hidden."""
    w = str(where or "").strip().lower()
    if w not in COVER:
        raise InputError(f"cover {where!r}: give in or out")

    def apply(u: Any, data: Any, details: dict[str, Any]) -> list[tuple[str, str]]:
        if w == "in":
            if details.get("cover") and details.get("hidden"):
                details["hidden"] = False
                return [("revealed", "(seen in its cover)")]
            if details.get("cover"):
                raise InputError(f"{u.name} is in cover already")
            details["cover"] = True
            return [("cover", "taken")]
        if not details.get("cover"):
            raise InputError(f"{u.name} is not in cover")
        was_hidden = bool(details.get("hidden"))
        details["cover"] = False
        details["hidden"] = False
        return [("cover", "left" + (": no longer hidden" if was_hidden else ""))]

    return _mark(engine, battle, figure, "mark a unit in cover", "squad.cover", apply)


def hide(engine: Any, battle: Any, figure: Any = None) -> SquadMarked:
    """The unit hides: only in cover (seed 002: "se cacher : si on est à couvert") and on
    an order that may hide (Hold, Sneak)."""
    from campaign_app.systems import squads

    def apply(u: Any, data: Any, details: dict[str, Any]) -> list[tuple[str, str]]:
        table = squads.orders(data)
        if details.get("hidden"):
            raise InputError(f"{u.name} is hidden already")
        if not details.get("cover"):
            raise InputError(f"{u.name} is not in cover: a unit may hide only in cover "
                             f"(mark it first: squad cover BATTLE {u.name!r} in)")
        spec = table.get(u.order or "")
        if not spec or not spec.get("can_hide"):
            may = " or ".join(_label(table, k) for k, v in table.items() if v.get("can_hide"))
            raise InputError(f"{_on(u.name, table, u.order or '')}: only a unit on {may} may hide")
        details["hidden"] = True
        return [("hides", "in cover")]

    return _mark(engine, battle, figure, "hide a unit", "squad.hide", apply)


def opportunity_fire(engine: Any, battle: Any, figure: Any = None) -> SquadMarked:
    """The unit takes opportunity fire (on Hold only): in a 180-degree arc, or, hidden,
    in any direction and at any time in the enemy phase; the arc is on record."""
    from campaign_app.systems import squads
    from campaign_app.usecases.table import IN_PROGRESS

    def apply(u: Any, data: Any, details: dict[str, Any]) -> list[tuple[str, str]]:
        table = squads.orders(data)
        spec = table.get(u.order or "")
        if not spec or not spec.get("opportunity_fire"):
            may = " or ".join(_label(table, k) for k, v in table.items() if v.get("opportunity_fire"))
            raise InputError(f"{_on(u.name, table, u.order or '')}: only a unit on {may} may take "
                             "opportunity fire")
        if details.get("opportunity_fire"):
            raise InputError(f"{u.name} is on opportunity fire already this turn ({details['opportunity_fire']})")
        rules = data.get("opportunity_fire") or {}
        arc = str(rules.get("hidden_arc" if details.get("hidden") else "arc")
                  or ("any direction, at any time" if details.get("hidden") else "180-degree arc"))
        details["opportunity_fire"] = arc
        return [("opportunity fire", arc)]

    return _mark(engine, battle, figure, "take opportunity fire", "squad.opportunity-fire", apply,
                 states=(IN_PROGRESS,))


def marked_text(m: SquadMarked, _params: dict[str, Any]) -> str:
    return m.text


_GROUP = ("squad", "unit-morale game at the table: a unit's order, cover, hiding and opportunity fire")
_BATTLE = Param("battle", help="the battle (its id)")
_UNIT = Param("figure", help="the unit (the selected figure at the table)")

COMMANDS: tuple[Command, ...] = (
    Command(
        "order", "the unit's order for the turn (Hold and Sneak count as using the terrain: +1 to the save; "
                 "a Suppressed or Shaken unit may only Sneak; an order that cannot hide shows a hidden unit)",
        f"{_ME}:give_order", *_GROUP, text=f"{_ME}:marked_text",
        params=(_BATTLE, _UNIT, Param("order", kind="choice", choices=ORDERS, default="hold", free=True,
                                      help="hold, sneak, advance or run (any case; or the game's "
                                           "words for them, see `unit options unit-morale`)")),
        key="squad_order",
    ),
    Command(
        "cover", "the unit is in cover (in) or leaves it (out: no longer hidden); in again while hidden: seen",
        f"{_ME}:cover", *_GROUP, text=f"{_ME}:marked_text",
        params=(_BATTLE, _UNIT, Param("where", kind="choice", choices=COVER, default="in", help="in or out")),
        key="squad_cover",
    ),
    Command(
        "hide", "the unit hides: only in cover, on Hold or Sneak", f"{_ME}:hide", *_GROUP,
        text=f"{_ME}:marked_text", params=(_BATTLE, _UNIT), key="squad_hide",
    ),
    Command(
        "opportunity-fire", "the unit takes opportunity fire (Hold only): a 180-degree arc, or any direction "
                            "and any time in the enemy phase when hidden", f"{_ME}:opportunity_fire", *_GROUP,
        text=f"{_ME}:marked_text", params=(_BATTLE, _UNIT), key="squad_opportunity_fire",
    ),
)
