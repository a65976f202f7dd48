"""How Necromunda gangs are shown and printed: the fighter profile as the edition writes
it (targets ``3+``, Movement ``5"``; vehicles with their own line), XP, wargear,
skills and lasting injuries; gang rating, credits and reputation."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from campaign_app.systems.layout import (
    BASE_STATUSES,
    BATTLES,
    Column,
    RosterLayout,
    Row,
    SheetContext,
    StatusStyle,
    Total,
    card,
    card_tail,
    gear_text,
    join,
    pretty,
    section,
    stat_text,
    table_columns,
)
from campaign_app.systems.necromunda import INFO, STATS, STATUSES

PROFILE = tuple(r.key for r in STATS)


def _gear(e: Any, detailed: bool = False) -> str:
    return gear_text([e.get("range"), f"Str {e['strength']}" if e.get("strength") else "",
                      f"AP {e['ap']}" if e.get("ap") else "",
                      f"Leth {e['lethality']}" if e.get("lethality") else "", *(e.get("traits") or []),
                      "default" if e.get("profile_source") == "default" else ""], e, detailed)


def _is_vehicle(f: Row) -> bool:
    return f.get("kind") == "vehicle" or f.get("type") == "vehicle"


def stat_kind(data: Mapping[str, Any], key: str, vehicle: bool = False) -> str:
    """'target' or 'value' for a characteristic, as the edition's rules data says."""
    sections = ("vehicle_characteristics", "characteristics") if vehicle else ("characteristics",)
    for name in sections:
        chars = data.get(name)
        spec = chars.get(key) if isinstance(chars, Mapping) else None
        if isinstance(spec, Mapping):
            return str(spec.get("kind", "value"))
    rule = next((r for r in STATS if r.key == key), None)
    return "target" if rule is not None and rule.target else "value"


def _prepare(f: dict[str, Any], ctx: SheetContext) -> None:
    """The profile and the other characteristics as printed; the type's own name."""
    if f.get("what") != "fighter":
        return
    stats = f.get("stats") or {}
    vehicle = _is_vehicle(f)
    f["profile_text"] = {k: stat_text(k, stat_kind(ctx.data, k, vehicle), stats.get(k)) for k in PROFILE}
    # the edition's own line (a Save only in the edition that has one)
    keys = {r.key for r in (ctx.vehicle_stats if vehicle and ctx.vehicle_stats else ctx.stats)}
    f["profile_keys"] = [k for k in PROFILE if not keys or k in keys or k in stats]
    f["extra_stats"] = [(k, stat_text(k, stat_kind(ctx.data, k, vehicle), v))
                        for k, v in stats.items() if k not in PROFILE]
    types = ctx.data.get("fighter_types", {})
    f["type_label"] = (types.get(f.get("type")) if isinstance(types, Mapping) else None) or pretty(f.get("type"))


def _type_cell(f: Row) -> str:
    return join([f["type_label"], f.get("role"), " ".join(f"{k} {v}" for k, v in f["extra_stats"]),
                 f"{f['credits_value']} cr" if f.get("credits_value") else ""], "\n")


def _profile(key: str) -> Callable[[Row], str]:
    return lambda f: str(f["profile_text"][key])


SHEET = (
    Column("name", "Name", width=2.6),
    Column("type", "Type", width=2.1, value=_type_cell),
    *(Column(f"stat_{k}", k, width=0.8, value=_profile(k)) for k in PROFILE),
    Column("xp", "XP", width=0.85),
    Column("wargear", "Wargear", width=3.2, value=lambda f: f["weapons"]),
    Column("skills", "Skills", width=2, value=lambda f: ", ".join(f.get("skills") or [])),
    Column("injuries", "Lasting injuries", width=2,
           value=lambda f: [*f.get("injuries", []), *(pretty(x) for x in f.get("conditions") or [])]),
    Column("status", "Status", width=2.4, value=lambda f: f["status_label"]),
)


def _fighter_card(f: Row) -> dict[str, Any]:
    subtitle = join([f["type_label"], f.get("role"), f.get("kind_label") if f.get("kind") != "human" else "",
                     f"{f['credits_value']} credits" if f.get("credits_value") else ""])
    stats = f.get("stats") or {}
    extra = [[k, v] for k, v in f["extra_stats"]]
    profile = [[k, f["profile_text"][k]] for k in f.get("profile_keys", PROFILE)
               if not _is_vehicle(f) or k in stats]
    fields = extra + profile if _is_vehicle(f) else profile + extra
    fields.append(["XP", str(f.get("xp", 0))])
    sections = section("Wargear", f.get("gear_detailed", []))
    sections += section("Skills", f.get("skills", []))
    sections += section("Lasting injuries", f.get("injuries", []))
    return card(f, subtitle, fields, sections + card_tail(f))


TOTALS = (
    BATTLES,
    # gear: the rating and wealth the app keeps (fighters' values; + credits + stash)
    Total("Gang rating", lambda r: str(r.roster.get("rating", sum(f.get("credits_value") or 0 for f in r.ready)))),
    Total("Wealth", lambda r: str(r.roster["wealth"]) if "wealth" in r.roster else None),
    Total("Credits", lambda r: str(r.roster.get("credits"))),
    Total("Reputation", lambda r: str(r.roster.get("reputation"))),
    Total("Fighters ready", lambda r: f"{len(r.ready)} of {len(r.fighters)}"),
)

STATUS_STYLES = {s: StatusStyle(pretty(s)) for s in STATUSES if s not in BASE_STATUSES}
STATUS_STYLES.update({s: StatusStyle(pretty(s), "warning") for s in ("injured", "seriously-injured", "out-of-action")})

LAYOUT = RosterLayout(
    table=table_columns(INFO),
    sheet=SHEET,
    totals=TOTALS,
    statuses=STATUS_STYLES,
    prepare=_prepare,
    gear_text=_gear,
    fighter_card=_fighter_card,
    shows_cycle=True,
    table_hidden=("xp", "credits_value", "skills", "injuries"),
    weapon_columns=(("range", "Rng"), ("strength", "Str"), ("ap", "AP"), ("lethality", "Leth"),
                    ("traits", "Traits")),
)
