"""How the squad games' forces are shown and printed: units with training, figures,
armour and morale state (as the rules data names them), characters below them.

Light on purpose (the GUI reads it for its table): the squad toolkit itself
(:mod:`campaign_app.systems.squads`) is imported when a roster is printed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from campaign_app.systems.info import SystemInfo
from campaign_app.systems.layout import (
    Column,
    RosterLayout,
    Row,
    SheetContext,
    armour_label,
    default_layout,
    default_unit_card,
    join,
    morale_label,
    pretty,
    spaced,
    table_columns,
    training_label,
)


def _prepare(f: dict[str, Any], ctx: SheetContext) -> None:
    """What the rules make of a unit's columns (training level, save, discipline...)."""
    if f.get("what") != "unit":
        return
    from campaign_app.systems import squads

    f["profile"] = squads.unit_profile(ctx.system, ctx.data, training=f.get("training") or "",
                                       armour=f.get("armour") or "", unit_type=f.get("type") or "infantry",
                                       discipline=f.get("discipline") or "", order=f.get("order") or "")


def training_text(f: Row) -> str:
    """The training level with the targets it gives (activation, to hit, most suppressed)."""
    lv = (f.get("profile") or {}).get("training")
    if not isinstance(lv, Mapping):
        return training_label(f)
    parts = [f"{short} {lv[key]}{plus}" for short, key, plus in
             (("Act", "activation", "+"), ("Hit", "expertise", "+"), ("Supp max", "max_suppressed", ""))
             if lv.get(key) is not None]
    return join([training_label(f), ", ".join(parts)], "\n")


def _unit(f: Row) -> str:
    if f["what"] == "unit":
        return join([f["name"], pretty(f.get("type")) if f.get("type") != "infantry" else ""], "\n")
    return join([f["name"], join(["Character", f.get("role")], ", ")], "\n")


def _figures(f: Row) -> str:
    if f["what"] != "unit":
        return "1 / 1"
    text = f"{f['figures']} / {f['figures_start']}"
    return text + (f"\n({f['wounded']} wounded)" if f.get("wounded") else "")


def _unit_only(fn: Any) -> Any:
    return lambda f: fn(f) if f["what"] == "unit" else "-"


SHEET = (
    Column("unit", "Unit", width=2.6, value=_unit),
    Column("training", "Training", width=1.6, value=_unit_only(training_text)),
    Column("figures", "Figures now / at start", width=1.3, value=_figures),
    Column("weapons", "Weapons and FP", width=3.6),
    Column("armour", "Armour", width=1.4, value=_unit_only(armour_label)),
    Column("morale", "Morale state", width=1.6, value=_unit_only(morale_label)),
    Column("status", "Status", width=1.4, value=lambda f: f["status_label"]),
)

# the unit-morale game's discipline states and orders, in the GUI table
ORDERS_COLUMNS = (
    Column("discipline", "Discipline", text=lambda r: spaced(r.get("discipline", ""))),
    Column("order", "Order", text=lambda r: spaced(r.get("order", ""))),
)


def squad_layout(info: SystemInfo, unit_columns: Sequence[Column] = (),
                 table_hidden: tuple[str, ...] = ()) -> RosterLayout:
    """The layout of a squad game; ``unit_columns`` go in the table after Armour;
    ``table_hidden`` are shown only once the user asks (the detail pane has them)."""
    base = default_layout(info)
    return RosterLayout(
        table=table_columns(info, unit_columns),
        sheet=SHEET,
        totals=base.totals,
        statuses=base.statuses,
        prepare=_prepare,
        unit_card=default_unit_card,
        table_hidden=table_hidden,
        weapon_columns=(("range", "Range"), ("fp", "FP")),
    )
