"""How NUTS! rosters are shown and printed: Rep and Star/Grunt, kinds and walker crews,
weapons with range, targets and impact; the reaction statuses."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from campaign_app.systems.layout import (
    BASE_STATUSES,
    BATTLES,
    CREDITS_IF_SET,
    REPUTATION_IF_SET,
    Column,
    FigureProfile,
    RosterLayout,
    Row,
    StatusStyle,
    Total,
    average_rep,
    default_fighter_card,
    gear_text,
    join,
    pretty,
    table_columns,
)
from campaign_app.systems.nuts import INFO, STATUSES


def _gear(e: Any, detailed: bool = False) -> str:
    return gear_text([e.get("range"), f"T{e['targets']}" if e.get("targets") is not None else "",
                      f"I{e['impact']}" if e.get("impact") is not None else ""], e, detailed)


def _gun(v: Any) -> str:
    """A walker gun as the rules write it: an armour-piercing rating, or Grenade."""
    text = str(v or "").strip()
    return f"APR {text}" if text.isdigit() else text


def walker_profile(f: Row, data: Mapping[str, Any]) -> FigureProfile | None:
    """A walker in the detail pane (Weird WWII): its type by name, armour front/side/top,
    speed road/cross-country ("?" when unknown) and crew; its guns and machine guns as
    its weapons. None for any other figure (the stat line)."""
    if f.get("kind") != "walker":
        return None
    st = f.get("stats") or {}
    types = data.get("walker_types")
    key = str(st.get("walker_type") or "")
    spec = types.get(key) if isinstance(types, Mapping) else None
    name = str(spec.get("name", key)) if isinstance(spec, Mapping) else key
    cells = (
        ("Type", name or "-"),
        ("Armour F/S/T", "/".join(str(st.get(k, "-")) for k in ("armour_front", "armour_side", "armour_top"))),
        ("Speed road/cc", f"{st.get('speed_road') or '?'}/{st.get('speed_cc') or '?'}"),
        ("Crew", str(st.get("crew", "-"))),
    )
    weapons = [(label, _gun(st.get(k))) for k, label in (("gun1", "1st gun"), ("gun2", "2nd gun")) if _gun(st.get(k))]
    weapons += [(label, "") for k, label in (("aa_mg", "AA MG"), ("hull_mg", "Hull MG")) if st.get(k)]
    return FigureProfile(cells, tuple(weapons))


def _kind(f: Row) -> str:
    kind = f.get("kind_label", "")
    if f.get("crew_of_id"):
        kind = f"Crew of {f.get('crew_of') or 'a walker'}"
    if f.get("crew"):
        kind += "\nCrew: " + ", ".join(join([c["name"], c.get("role")], " ") for c in f["crew"])
    return kind


SHEET = (
    Column("name", "Name", width=3),
    Column("rep", "Rep", width=0.7),
    Column("type", "Star/Grunt", width=1.5, value=lambda f: join([pretty(f.get("type")), f.get("role")])),
    Column("kind", "Kind", width=2, value=_kind),
    Column("weapons", "Weapons (range, targets, impact)", width=4),
    Column("skills", "Skills", width=2, value=lambda f: ", ".join(f.get("skills") or [])),
    Column("status", "Status", width=2,
           value=lambda f: join([f["status_label"], *(pretty(x) for x in f.get("conditions") or [])], "; ")),
)

TOTALS = (
    BATTLES,
    Total("Squad strength", lambda r: f"{len(r.ready)} / {len(r.fighters)}"),
    Total("Stars", lambda r: str(sum(1 for f in r.fighters if f.get("type") == "star"))),
    Total("Average Rep", average_rep),
    REPUTATION_IF_SET,
    CREDITS_IF_SET,
)

# the reaction statuses a figure may end a battle with (the core's are shared)
STATUS_STYLES = {s: StatusStyle(pretty(s)) for s in STATUSES if s not in BASE_STATUSES}
STATUS_STYLES.update({
    "out-of-the-fight": StatusStyle("Out of the fight", "bad"),
    "obviously-dead": StatusStyle("Obviously dead", "gone"),
})

LAYOUT = RosterLayout(
    table=table_columns(INFO),
    sheet=SHEET,
    totals=TOTALS,
    statuses=STATUS_STYLES,
    gear_text=_gear,
    fighter_card=lambda f: default_fighter_card(f, type_field=True),
    weapon_columns=(("range", "Range"), ("targets", "Targets"), ("impact", "Impact")),
    figure_profile=walker_profile,
)
