"""What the dialogs know of a game system (its characteristics, editions, statuses, the
factions a roster may be founded from) and the checks and text forms they use; plain
data, no campaign read but a campaign's ranges house rules (:func:`range_rules`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from typing_extensions import TypedDict  # pydantic reads it on Python 3.11 (the facade's results)

from campaign_app.systems import SYSTEMS, game_system, get_system
from campaign_app.systems import systems as all_systems
from campaign_app.systems.layout import BASE_STATUSES, RosterLayout
from db.uow import Engine, read_session


class EditionChoice(TypedDict):
    id: str
    name: str


class StatChoice(TypedDict):
    key: str
    label: str
    low: int
    high: int
    target: bool


class SystemDict(TypedDict):
    """What a dialog needs to know about a game system."""

    id: str
    name: str
    editions: list[EditionChoice]
    default_edition: str
    expansions: list[str]
    expansion_names: dict[str, str]
    roster_kinds: list[str]
    default_roster_kind: str
    fighter_types: list[str]
    default_fighter_type: str
    uses_rep: bool
    uses_units: bool
    uses_credits: bool
    stats: list[StatChoice]  # those of ``edition``
    edition: str  # the edition whose characteristics ``stats`` are
    kinds: list[str]
    battle_statuses: list[str]
    fighter_statuses: list[str]
    house_rules: dict[str, Any]  # the campaign's ranges house rules the stats follow


def system_info(system: str, edition: str | None = None,
                house_rules: Mapping[str, Any] | None = None) -> SystemDict:
    """What a dialog needs to know about a game system, as plain data; its
    characteristics are those of ``edition`` (the default edition if None): what is a
    target number ("4+") in one edition can be a plain value in another.
    ``house_rules``: a campaign's ranges house rules (:func:`range_rules`)."""
    from campaign_app.systems.info import stat_rules
    from campaign_app.usecases.fighters import FIGHTER_STATUSES

    info = get_system(system)
    rules = stat_rules(info.id, edition, "", house_rules)
    return {
        "id": info.id,
        "name": info.name,
        "editions": [
            {"id": e, "name": info.edition_names.get(e, e)} for e in info.editions if e
        ],
        "default_edition": info.default_edition,
        "expansions": list(info.expansions),
        "expansion_names": {x: info.expansion_names.get(x, x) for x in info.expansions},
        "roster_kinds": list(info.roster_kinds),
        "default_roster_kind": info.default_roster_kind,
        "fighter_types": list(info.fighter_types),
        "default_fighter_type": info.default_type,
        "uses_rep": info.uses_rep,
        "uses_units": info.uses_units,
        "uses_credits": info.uses_credits,
        "stats": [
            {"key": s.key, "label": s.label, "low": s.low, "high": s.high, "target": s.target}
            for s in rules
        ],
        "edition": (edition or info.default_edition).lower(),
        "kinds": list(info.kinds),
        "battle_statuses": list(info.battle_statuses),
        "fighter_statuses": list(FIGHTER_STATUSES),
        "house_rules": dict(house_rules or {}),
    }


def range_rules(engine: Engine, campaign_id: int) -> dict[str, Any]:
    """The campaign's house rules of the characteristic ranges (the tables
    :data:`~campaign_app.systems.info.RANGES_TABLE` and its vehicle twin), for
    :func:`system_info` and :func:`check_stat`."""
    from campaign_app.systems.info import RANGES_TABLE, VEHICLE_RANGES_TABLE
    from db.models import Campaign

    with read_session(engine) as s:
        c = s.get(Campaign, campaign_id)
        rules = dict(c.house_rules or {}) if c is not None else {}
    return {k: v for k, v in rules.items() if k in (RANGES_TABLE, VEHICLE_RANGES_TABLE)}


class HouseChoice(TypedDict):
    """A house (faction) a new roster may be founded from, with its starting credits."""

    name: str
    credits: int
    credits_default: bool  # our labelled default, not a source's


class RosterChoices(TypedDict):
    """What the new-roster dialog offers in a campaign: the factions its game's rules
    data names (``[roster] factions`` and the system's houses; any other may be typed)
    and those its rosters already use, and the credits a new roster starts with
    (``starting_credits``, 0), each house's own in ``houses`` (the roster is then
    founded from it: ``create_roster(house=...)``)."""

    factions: list[str]
    starting_credits: int
    houses: list[HouseChoice]


def roster_choices(system: str, edition: str = "", expansions: Iterable[str] = (),
                   used: Iterable[str] = ()) -> RosterChoices:
    from campaign_app.rules import load_rulebook

    spec = load_rulebook().data(system, edition, list(expansions)).get("roster")
    spec = spec if isinstance(spec, dict) else {}
    houses: list[HouseChoice] = [{"name": f.name, "credits": f.credits, "credits_default": f.credits_default}
                                 for f in game_system(system).founding_list(edition, list(expansions))]
    factions = [h["name"] for h in houses]
    for f in used:  # the campaign's own, typed before
        if f and f.strip() and f.strip().lower() not in {x.lower() for x in factions}:
            factions.append(f.strip())
    credits = spec.get("starting_credits", 0)
    return {"factions": factions,
            "starting_credits": credits if isinstance(credits, int) and not isinstance(credits, bool) else 0,
            "houses": houses}


def systems() -> list[SystemDict]:
    return [system_info(sid) for sid in SYSTEMS]


def roster_layout(system: str) -> RosterLayout:
    """How the system's rosters are shown (its columns, statuses...):
    :class:`campaign_app.systems.layout.RosterLayout`."""
    return game_system(system).roster_layout()


def status_class(status: str, system: str | None = None) -> str:
    """``down``, ``away``, ``hurt`` or ``ok``: how serious a status is (for icons and
    colours), as the system's layout says; without a system, as the core's statuses or
    any installed system's say."""
    s = (status or "").strip().lower()
    if system:
        return roster_layout(system).status(s).screen
    style = BASE_STATUSES.get(s)
    if style is None:
        for gs in all_systems().values():
            style = gs.roster_layout().statuses.get(s)
            if style is not None:
                break
    return style.screen if style is not None else "ok"


def check_stat(system: str, key: str, text: str, edition: str | None = None,
               house_rules: Mapping[str, Any] | None = None) -> str:
    """'' if ``text`` is a valid value for characteristic ``key`` in ``edition`` (with
    the campaign's ranges ``house_rules``), else the reason (the same check as the
    use-cases make)."""
    from campaign_app.errors import InputError
    from campaign_app.systems.info import find_stat, stat_rules

    if not str(text).strip():
        return ""
    try:
        find_stat(stat_rules(system, edition, "", house_rules), key, get_system(system).name).parse(text)
    except InputError as e:
        return str(e)
    return ""


def check_rep(system: str, text: str) -> str:
    from campaign_app.errors import InputError
    from campaign_app.usecases.fighters import validate_rep

    try:
        validate_rep(get_system(system), text)
    except InputError as e:
        return str(e)
    return ""


def effects_text(effects: Iterable[dict[str, Any]]) -> str:
    """Row effects as one editable line: ``status value=in-recovery; rep delta=-1``."""
    parts = []
    for e in effects:
        args = []
        for k, v in e.items():
            if k == "op":
                continue
            if isinstance(v, (list, tuple)):
                v = ",".join(str(x) for x in v)
            args.append(f"{k}={v}")
        parts.append(" ".join([str(e.get("op", ""))] + args))
    return "; ".join(parts)


def parse_effects_text(text: str) -> list[dict[str, Any]]:
    """The reverse of :func:`effects_text`; the loader then checks the ops and keys."""
    from campaign_app.errors import InputError

    out: list[dict[str, Any]] = []
    for chunk in (c.strip() for c in str(text or "").split(";")):
        if not chunk:
            continue
        words = chunk.split()
        eff: dict[str, Any] = {"op": words[0]}
        if words[0] == "note":
            rest = chunk[len("note"):].strip()
            eff["value"] = rest[len("value="):] if rest.startswith("value=") else rest
            out.append(eff)
            continue
        for w in words[1:]:
            if "=" not in w:
                raise InputError(f"effect {chunk!r}: write KEY=VALUE after the op (got {w!r})")
            k, v = w.split("=", 1)
            value: Any = v
            if k == "reroll":
                value = [x for x in v.split(",") if x]
            elif v.lstrip("+-").isdigit():
                value = int(v)
            eff[k] = value
        out.append(eff)
    return out
