"""How NUTS! rosters are shown and printed: Rep and Star/Grunt, kinds and walker crews,
weapons with range, targets and impact; the reaction statuses."""

from __future__ import annotations

from typing import Any

from campaign_app.systems.layout import (
    BASE_STATUSES,
    BATTLES,
    CREDITS_IF_SET,
    REPUTATION_IF_SET,
    Column,
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
)
