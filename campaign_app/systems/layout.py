"""The roster layout contract: how a game system's rosters are shown and printed.

A :class:`RosterLayout` says, as plain Python (no SQL, no Qt, no reportlab):

- ``table``: the columns of the GUI roster table (read from the rows of
  ``gui_queries.roster_rows``);
- ``sheet``: the columns of the printed roster (read from the *figure* dicts the
  exports build, see below); empty means "the table's columns";
- ``totals``: the figures printed in the roster's header (gang rating, strength...);
- ``statuses``: a :class:`StatusStyle` (label and severity) per fighter/unit status,
  used for the icons and colours of the GUI and the shading of the PDFs;
- hooks for what only the system knows: ``prepare`` (adds facts to each figure before
  the columns read it), ``gear_text`` (a weapon as printed), ``fighter_card`` and
  ``unit_card`` (a card's fields and sections), ``detail_targets`` (characteristics the
  detail pane writes ``3+``) and ``shows_cycle`` (campaigns count cycles).

A system names its layout as ``GameSystem.layout = "module:attr"``;
:func:`default_layout` derives a sensible one from the :class:`SystemInfo` of a system
that names none (``GameSystem.roster_layout()``).

A *figure* is one fighter or unit as a plain dict. It has the keys of a GUI table row
(``what``, ``name``, ``type``, ``role``, ``kind``, ``rep``, ``stats``, ``xp``,
``credits_value``, ``status``, ``skills``, ``injuries``, ``figures``, ``training``...)
with ``weapons`` as printed text, plus ``status_label``, ``kind_label``, ``conditions``,
``abilities``, ``notes``, ``crew_of`` (name), ``crew`` (figures), ``walker`` (dict),
``creature`` (the rules data of its kind), ``equipment`` (dicts), ``gear`` and
``gear_detailed`` (printed weapon lines), ``shade`` (the printers' colour key) and
``ctx`` (the :class:`SheetContext`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from campaign_app.rules.labels import labelled

if TYPE_CHECKING:
    from campaign_app.systems.info import StatRule, SystemInfo

Row = Mapping[str, Any]

# how serious a status is, best first
SEVERITIES = ("ok", "warning", "bad", "away", "gone")
# the GUI's four status classes (icons and colours: ui.icons.STATUS_COLOURS)
SCREEN_CLASS = {"ok": "ok", "warning": "hurt", "bad": "hurt", "away": "away", "gone": "down"}
# the printed shading group of each severity (reports' STATUS_COLOURS keys)
PRINT_SHADE = {"ok": "", "warning": "in-recovery", "bad": "out-of-the-fight", "away": "captured",
               "gone": "dead"}
ALIGNS = ("left", "center", "right")


@dataclass(frozen=True)
class StatusStyle:
    """How a status is written and how serious it is."""

    label: str
    severity: str = "ok"
    # the printed shading group when it is not the severity's own (e.g. "lost": grey,
    # apart from "dead" in the legend)
    shade: str = ""

    def __post_init__(self) -> None:
        if self.severity not in SEVERITIES:
            raise ValueError(f"status severity {self.severity!r} is not one of {', '.join(SEVERITIES)}")

    @property
    def screen(self) -> str:
        """The GUI class: ``ok``, ``hurt``, ``away`` or ``down``."""
        return SCREEN_CLASS[self.severity]

    def print_shade(self, status: str) -> str:
        """The printers' colour key for ``status`` (the status itself when it is fine)."""
        return self.shade or PRINT_SHADE[self.severity] or status


# the statuses of the core (fighter and unit rows), shared by every system
BASE_STATUSES: dict[str, StatusStyle] = {
    "active": StatusStyle("Active"),
    "in-recovery": StatusStyle("In recovery", "warning"),
    "convalescence": StatusStyle("Convalescence", "warning"),
    "captured": StatusStyle("Captured", "away"),
    "dead": StatusStyle("Dead", "gone"),
    "lost": StatusStyle("Lost", "gone", shade="lost"),
    "turned": StatusStyle("Turned", "gone", shade="lost"),
    "retired": StatusStyle("Retired", "away", shade="lost"),
    "destroyed": StatusStyle("Destroyed", "gone"),
    "prisoner": StatusStyle("Taken prisoner", "away"),
    "not-present": StatusStyle("Not present"),
}


@dataclass(frozen=True)
class Column:
    """One column of the roster table or the printed roster."""

    key: str
    label: str
    # the cell's raw value (sorting; the printed cell); default ``row[key]``
    value: Callable[[Row], Any] | None = None
    # the text shown in the GUI; default the value as text
    text: Callable[[Row], str] | None = None
    # GUI: pixels (0 = fit the contents); printed: relative width (0 = 1)
    width: float = 0
    align: str = "left"
    tip: str = ""

    def __post_init__(self) -> None:
        if self.align not in ALIGNS:
            raise ValueError(f"column {self.key!r}: align {self.align!r} is not one of {', '.join(ALIGNS)}")

    def raw(self, row: Row) -> Any:
        return self.value(row) if self.value is not None else row.get(self.key)

    def show(self, row: Row) -> str:
        return self.text(row) if self.text is not None else as_text(self.raw(row))


@dataclass(frozen=True)
class Total:
    """One figure of the printed roster's header; ``value`` None leaves it out."""

    label: str
    value: Callable[[RosterFacts], str | None]


@dataclass
class SheetContext:
    """What the printed-roster hooks may read besides the figure itself."""

    system: str
    edition: str
    data: Mapping[str, Any]  # the campaign's rules data
    system_name: str = ""
    stats: tuple[StatRule, ...] = ()  # the edition's characteristics
    vehicle_stats: tuple[StatRule, ...] = ()


@dataclass
class RosterFacts:
    """A roster for the totals: its own columns and its figures."""

    roster: Mapping[str, Any]  # name, kind, credits, reputation...
    fighters: list[dict[str, Any]]
    units: list[dict[str, Any]]
    battles: int = 0

    @property
    def ready(self) -> list[dict[str, Any]]:
        return [f for f in self.fighters if (f.get("status") or "active") == "active"]


@dataclass(frozen=True)
class FigureProfile:
    """What the detail pane shows of a figure whose stat line is not the game's
    characteristics (a walker: its type, armour, speed and crew; its guns): ``cells``,
    (label, value) in order, in place of the stats, and ``weapons``, (name, profile),
    the weapons it is built with, listed before any it carries. Labels are the game's
    English words (the window translates them as it does the rules data's)."""

    cells: tuple[tuple[str, str], ...]
    weapons: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class RosterLayout:
    table: tuple[Column, ...]
    sheet: tuple[Column, ...] = ()
    totals: tuple[Total, ...] = ()
    statuses: Mapping[str, StatusStyle] = field(default_factory=dict)
    prepare: Callable[[dict[str, Any], SheetContext], None] | None = None
    gear_text: Callable[[Row, bool], str] | None = None
    fighter_card: Callable[[Row], dict[str, Any]] | None = None
    unit_card: Callable[[Row], dict[str, Any]] | None = None
    detail_targets: tuple[str, ...] | None = None  # None: the targets of the stats
    # the detail pane's profile of a figure the stat line does not suit (figure dict,
    # the campaign's rules data) -> FigureProfile, or None for the stat line
    figure_profile: Callable[[Row, Mapping[str, Any]], FigureProfile | None] | None = None
    shows_cycle: bool = False
    # the roster table's columns hidden until the user shows them (Columns menu): what
    # the detail pane shows anyway, so that the table fits a 1280 px window
    table_hidden: tuple[str, ...] = ()
    # --- print: the weapon profile table of a card (print helper): (key of an
    # equipment dict, heading); () = the profile columns any of the card's weapons fills
    weapon_columns: tuple[tuple[str, str], ...] = ()

    def status(self, status: str | None) -> StatusStyle:
        """The style of ``status`` (unknown ones are fine, labelled from the word)."""
        key = (status or "active").strip().lower()
        style = self.statuses.get(key) or BASE_STATUSES.get(key)
        return style if style is not None else StatusStyle(pretty(key))

    def sheet_columns(self) -> tuple[Column, ...]:
        """The printed roster's columns: ``sheet``, or the table's (status as its label)."""
        if self.sheet:
            return self.sheet
        out = []
        for c in self.table:
            if c.key == "status":
                out.append(Column("status", c.label, value=lambda r: r.get("status_label", "")))
            else:
                out.append(Column(c.key, c.label, value=c.raw, width=max(c.width / 40, 0.7) if c.width else 1))
        return tuple(out)


# --------------------------------------------------------------------------- text helpers
def pretty(key: Any) -> str:
    """'in-recovery' -> 'In recovery'; '' -> ''."""
    s = str(key or "").replace("_", " ").replace("-", " ").strip()
    return s[:1].upper() + s[1:] if s else ""


def spaced(key: Any) -> str:
    """'in-recovery' -> 'in recovery' (the GUI writes keys so)."""
    return str(key or "").replace("-", " ")


def join(parts: Iterable[Any], sep: str = " \u00b7 ") -> str:
    return sep.join(str(p) for p in parts if p not in (None, ""))


def as_text(v: Any) -> str:
    if v is None:
        return ""
    if isinstance(v, (list, tuple)):
        return ", ".join(str(x) for x in v)
    if isinstance(v, bool):
        return "yes" if v else ""
    return str(v)


def stat_text(key: str, kind: str, value: Any) -> str:
    """A characteristic as the edition writes it: '3+' for targets, '5"' for Movement."""
    if value is None or value == "":
        return "-"
    if kind == "target":
        return f"{value}+"
    if key == "M":
        return f'{value}"'
    return str(value)


def section(title: str, lines: Sequence[str]) -> list[dict[str, Any]]:
    return [{"title": title, "lines": list(lines)}] if lines else []


def gear_text(parts: Sequence[Any], e: Row, detailed: bool) -> str:
    """A piece of gear as printed: name (with count) and its profile ``parts``."""
    qty = e.get("qty") or 1
    name = f"{qty}\u00d7 {e.get('name', '')}" if qty > 1 else str(e.get("name", ""))
    out = [p for p in parts if p]
    if detailed and e.get("notes"):
        out.append(e["notes"])
    inner = ", ".join(str(p) for p in out)
    return f"{name} ({inner})" if inner else name


def default_gear_text(e: Row, detailed: bool = False) -> str:
    """Range, fire points and traits: 'Rifle (24", FP 2, Rapid)'."""
    return gear_text([e.get("range"), f"FP {e['fp']}" if e.get("fp") is not None else "",
                      *(e.get("traits") or [])], e, detailed)


# --------------------------------------------------------------------------- weapon profiles
# the profile fields of an equipment dict, in the order a generic weapon table shows them
PROFILE_FIELDS = (("range", "Range"), ("targets", "Targets"), ("impact", "Impact"), ("strength", "Str"),
                  ("ap", "AP"), ("lethality", "Leth"), ("fp", "FP"), ("traits", "Traits"))


def _norm(name: Any) -> str:
    return " ".join(str(name or "").lower().replace("-", " ").split())


# weapons mapping (by id, kept with it so the id stays its own) -> its entries by every name
_WEAPON_INDEX: dict[int, tuple[Mapping[str, Any], dict[str, Mapping[str, Any]]]] = {}


def _weapon_index(weapons: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
    """Each weapon entry under every name it answers to (the first entry wins a name, as
    a scan in order would find it); built once per rules-data mapping: a roster document
    looks up thousands of weapons in the same one."""
    hit = _WEAPON_INDEX.get(id(weapons))
    if hit is not None and hit[0] is weapons:
        return hit[1]
    index: dict[str, Mapping[str, Any]] = {}
    for key, spec in weapons.items():
        if not isinstance(spec, Mapping):
            continue
        names = [_norm(key), _norm(spec.get("name")), *(_norm(p) for p in str(spec.get("name", "")).split("/"))]
        for n in names:
            if n:
                index.setdefault(n, spec)
    if len(_WEAPON_INDEX) >= 32:
        _WEAPON_INDEX.clear()
    _WEAPON_INDEX[id(weapons)] = (weapons, index)
    return index


def weapon_spec(data: Mapping[str, Any], name: Any) -> Mapping[str, Any] | None:
    """The rules data's entry for the weapon called ``name`` (by key or by name; a name
    written 'Pistol / revolver' answers to each part), or None."""
    weapons = data.get("weapons")
    if not isinstance(weapons, Mapping):
        return None
    want = _norm(name)
    if not want:
        return None
    return _weapon_index(weapons).get(want)


def _range_text(spec: Mapping[str, Any]) -> str:
    rng = spec.get("range")
    if rng is None or rng == "":
        return ""
    return f'{rng}"' if isinstance(rng, int) else str(rng)


def with_profile(item: dict[str, Any], data: Mapping[str, Any]) -> dict[str, Any]:
    """``item`` (an equipment dict) with the profile values it lacks filled from the rules
    data's weapon of that name; ``profile_source`` says "default" when that entry is one
    of our labelled defaults, "rules" when it is from the game's own data, "" when the row
    had everything (or the rules data does not know the weapon)."""
    spec = weapon_spec(data, item.get("name"))
    out = dict(item)
    out.setdefault("lethality", None)
    out["profile_source"] = ""
    if spec is None:
        return out
    filled = False
    fills = {"range": _range_text(spec), "targets": spec.get("targets"), "impact": spec.get("impact"),
             "fp": spec.get("fp"), "strength": spec.get("strength"), "ap": spec.get("ap"),
             "lethality": spec.get("lethality"), "traits": list(spec.get("traits") or [])}
    for key, value in fills.items():
        if value in (None, "", []) or out.get(key) not in (None, "", []):
            continue
        out[key] = value
        filled = True
    if filled:
        out["profile_source"] = "default" if spec.get("default") else "rules"
    return out


def profile_cell(item: Mapping[str, Any], key: str) -> str:
    v = item.get(key)
    if v is None or v == "" or v == []:
        return "-"
    if isinstance(v, (list, tuple)):
        return ", ".join(str(x) for x in v)
    return str(v)


def weapon_table(items: Sequence[Mapping[str, Any]], columns: Sequence[tuple[str, str]] = ()) -> dict[str, Any]:
    """A card's weapon profile table ``{columns, rows, note}``: the name, then
    ``columns`` (or every profile field some weapon fills); empty rows when no weapons."""
    weapons = [e for e in items if str(e.get("category") or "weapon") == "weapon"]
    cols = list(columns) or [(k, label) for k, label in PROFILE_FIELDS
                             if any(e.get(k) not in (None, "", []) for e in weapons)]
    rows = []
    for e in weapons:
        qty = e.get("qty") or 1
        name = f"{qty}\u00d7 {e.get('name', '')}" if qty > 1 else str(e.get("name", ""))
        if e.get("profile_source") == "default":
            name += " (default)"
        if e.get("profile_lines") and e.get("profile_name"):
            name += f" ({e['profile_name']})"
        rows.append([name, *(profile_cell(e, k) for k, _label in cols)])
        for line in e.get("profile_lines") or ():  # the weapon's other modes or ammunition
            rows.append([f"\u2013 {line.get('name', '')}", *(profile_cell(line, k) for k, _label in cols)])
    note = "(default): a profile from our rules digest, not the game's book; check it." \
        if any(e.get("profile_source") == "default" for e in weapons) else ""
    return {"columns": ["Weapon", *(label for _k, label in cols)], "rows": rows, "note": note}


# --------------------------------------------------------------------------- table columns
def stat_show(key: str, target: bool) -> Callable[[Row], str]:
    def show(r: Row) -> str:
        v = r.get("stats", {}).get(key)
        if v is None or v == "":
            return ""
        return f"{v}+" if target else str(v)
    return show


def _stat_value(key: str) -> Callable[[Row], Any]:
    return lambda r: r.get("stats", {}).get(key)


def edition_columns(columns: Sequence[Column], stats: Iterable[StatRule]) -> tuple[Column, ...]:
    """``columns`` without the characteristic columns (``stat:X`` or ``stat_X``) that are
    not among ``stats`` (the campaign's edition's): a Save column only where the edition
    has a Save. Unchanged when ``stats`` is empty. (advance helper)"""
    keys = {st.key for st in stats}
    if not keys:
        return tuple(columns)
    return tuple(c for c in columns
                 if not (c.key[:5] in ("stat:", "stat_") and c.key[5:] not in keys))


def stat_columns(stats: Iterable[StatRule]) -> list[Column]:
    """One centred column per characteristic (targets written ``3+``)."""
    return [Column(f"stat:{st.key}", st.key, align="center", tip=st.label, value=_stat_value(st.key),
                   text=stat_show(st.key, st.target))
            for st in stats]


def unit_table_columns(extra: Sequence[Column] = ()) -> list[Column]:
    """Type, Training, Figures, Wounded, Armour, ``extra``, Battles."""
    return [
        Column("type", "Type", text=lambda r: spaced(r.get("type", ""))),
        Column("training", "Training", text=lambda r: spaced(r.get("training", ""))),
        Column("figures", "Figures", align="center",
               text=lambda r: f"{r['figures']}/{r['figures_start']}" if r["what"] == "unit" else "",
               value=lambda r: r.get("figures"), tip="figures now / at the start"),
        Column("wounded", "Wounded", align="center",
               text=lambda r: str(r.get("wounded") or "") if r["what"] == "unit" else ""),
        Column("armour", "Armour", text=lambda r: spaced(r.get("armour", ""))),
        *extra,
        Column("battles_fought", "Battles", align="center"),
    ]


def table_columns(info: SystemInfo, unit_extra: Sequence[Column] = ()) -> tuple[Column, ...]:
    """The GUI roster table of a system, from what it is made of (the roster column, when
    every roster is shown, is the GUI's own: after Status)."""
    cols = [
        Column("name", "Name", width=170),
        Column("status", "Status", width=118, text=lambda r: spaced(r.get("status", ""))),
    ]
    if info.uses_units:
        cols += unit_table_columns(unit_extra)
    else:
        cols.append(Column("type", "Type", text=lambda r: spaced(r.get("type", "")).title()))
        if info.uses_rep:
            cols += [
                Column("role", "Role"),
                Column("kind", "Kind", text=lambda r: spaced(r.get("kind", ""))),
                Column("rep", "Rep", align="center", tip="Reputation 1-6"),
            ]
        cols += stat_columns(info.stats)
        if info.stats:
            cols += [
                Column("xp", "XP", align="right", tip="experience"),
                Column("credits_value", "Value", align="right", tip="credits value"),
                Column("skills", "Skills"),
                Column("injuries", "Injuries"),
            ]
    cols.append(Column("weapons", "Weapons", width=200))
    return tuple(cols)


# --------------------------------------------------------------------------- totals
def _battles(r: RosterFacts) -> str:
    return str(r.battles)


def _if_set(key: str) -> Callable[[RosterFacts], str | None]:
    return lambda r: str(r.roster.get(key)) if r.roster.get(key) else None


BATTLES = Total("Battles", _battles)
REPUTATION_IF_SET = Total("Reputation", _if_set("reputation"))
CREDITS_IF_SET = Total("Credits", _if_set("credits"))


def _characters(r: RosterFacts) -> str | None:
    return f"{len(r.ready)} of {len(r.fighters)}" if r.fighters else None


def unit_totals() -> tuple[Total, ...]:
    def standing(r: RosterFacts) -> str:
        ok = [u for u in r.units if (u.get("status") or "active") not in ("destroyed", "prisoner")]
        return f"{len(ok)} of {len(r.units)}"

    return (
        Total("Units", standing),
        Total("Squad strength", lambda r: f"{sum(u['figures'] for u in r.units)} / "
                                          f"{sum(u['figures_start'] for u in r.units)}"),
        Total("Wounded figures", lambda r: str(sum(u["wounded"] for u in r.units))),
        Total("Characters", _characters),
    )


def default_totals(info: SystemInfo) -> tuple[Total, ...]:
    if info.uses_units:
        return (BATTLES, *unit_totals(), REPUTATION_IF_SET, CREDITS_IF_SET)
    out = [BATTLES, Total("Fighters ready", lambda r: f"{len(r.ready)} of {len(r.fighters)}")]
    if info.uses_rep:
        out.append(Total("Average Rep", average_rep))
    return (*out, REPUTATION_IF_SET, CREDITS_IF_SET)


def average_rep(r: RosterFacts) -> str:
    reps = [f["rep"] for f in r.ready if f.get("rep") is not None]
    return f"{sum(reps) / len(reps):.1f}" if reps else "-"


# --------------------------------------------------------------------------- cards
def card(fig: Row, subtitle: str, fields: list[list[str]], sections: list[dict[str, Any]]) -> dict[str, Any]:
    """A card with the figure's status badge (none when it is fine)."""
    shade, label = fig.get("shade", ""), fig.get("status_label", "")
    return {
        "title": fig["name"],
        "subtitle": subtitle,
        "status": shade if shade != "active" else "",
        "status_label": label if shade != "active" else "",
        "fields": fields,
        "sections": sections,
    }


def card_tail(fig: Row) -> list[dict[str, Any]]:
    """Conditions, abilities and notes: the last sections of every fighter card."""
    out = section("Conditions", [pretty(x) for x in fig.get("conditions") or []])
    out += section("Abilities", list(fig.get("abilities") or []))
    if fig.get("notes"):
        out += section("Notes", [fig["notes"]])
    return out


def default_fighter_card(fig: Row, type_field: bool = False) -> dict[str, Any]:
    """Rep, weapons, skills; a creature's armour and abilities, a walker's profile and
    crew, when the figure has them. ``type_field`` adds its type under Rep."""
    subtitle = join([pretty(fig.get("type")) or "Character", fig.get("role"), fig.get("kind_label")])
    fields: list[list[str]] = []
    if fig.get("rep") is not None:
        fields.append(["Rep", str(fig["rep"])])
    ctx = fig.get("ctx")
    if ctx is not None and fig.get("rep") is None:  # a game of characteristics, not Rep
        fields += [[st.label, st.show((fig.get("stats") or {}).get(st.key))] for st in ctx.stats]
    if type_field:
        fields.append(["Type", pretty(fig.get("type"))])
    if fig.get("crew_of"):
        fields.append(["Crew of", fig["crew_of"]])
    if fig.get("xp"):
        fields.append(["XP", str(fig["xp"])])
    sections = section("Weapons", fig.get("gear_detailed", []))
    sections += section("Skills", fig.get("skills", []))
    spec = fig.get("creature")
    if isinstance(spec, Mapping):
        if spec.get("armour"):
            fields.append(["Armour", str(spec["armour"])])
        sections += section("Special abilities", [str(x) for x in spec.get("abilities", [])])
    wt = fig.get("walker")
    if wt:
        fields += [
            ["Armour", f"{wt['armour_front']}/{wt['armour_side']}/{wt['armour_top']}"],
            ["Gun 1", wt["gun1"] or "-"],
            ["Gun 2", wt["gun2"] or "-"],
            ["AA MG", "Yes" if wt["aa_mg"] else "No"],
            ["Hull MG", "Yes" if wt["hull_mg"] else "No"],
            ["Speed", f"{wt['speed_road']}/{wt['speed_cc'] or '?'}"],
        ]
    if fig.get("crew"):
        sections += section("Crew", [join([c["name"], c.get("role"), f"Rep {c['rep']}" if c.get("rep") else ""], ", ")
                                     for c in fig["crew"]])
    return card(fig, subtitle, fields, sections + card_tail(fig))


def default_unit_card(fig: Row) -> dict[str, Any]:
    """Figures, wounded, training, armour, morale state and battles; weapons, notes."""
    p = fig.get("profile") or {}
    fields = [["Figs", f"{fig['figures']}/{fig['figures_start']}"], ["Wnd", str(fig["wounded"])]]
    lv = p.get("training")
    if isinstance(lv, Mapping):
        for short, key, plus in (("Act", "activation", "+"), ("Hit", "expertise", "+"),
                                 ("Supp", "max_suppressed", "")):
            if lv.get(key) is not None:
                fields.append([short, f"{lv[key]}{plus}"])
    fields += [
        ["Training", labelled(str(lv.get("shown", lv.get("label"))), default=bool(lv.get("default")))
         if isinstance(lv, Mapping) else training_label(fig)],
        ["Armour", armour_label(fig)],
        ["Morale state", morale_label(fig)],
        ["Battles", str(fig["battles_fought"])],
    ]
    sections = section("Weapons", fig.get("gear_detailed", []))
    if fig.get("notes"):
        sections += section("Notes", [fig["notes"]])
    ctx = fig.get("ctx")
    return card(fig, join([pretty(fig.get("type")), ctx.system_name if ctx is not None else ""]), fields, sections)


def training_label(fig: Row) -> str:
    lv = (fig.get("profile") or {}).get("training")
    if isinstance(lv, Mapping):
        return labelled(str(lv["label"]), default=bool(lv.get("default")))
    return pretty(fig.get("training")) or "-"


def armour_label(fig: Row) -> str:
    a = (fig.get("profile") or {}).get("armour")
    if isinstance(a, Mapping):
        return f"{a.get('label')} ({a.get('save')}+)"
    return pretty(fig.get("armour")) or "-"


def morale_label(fig: Row) -> str:
    p = fig.get("profile") or {}
    parts = []
    disc, order = p.get("discipline"), p.get("order")
    if isinstance(disc, Mapping):
        parts.append(str(disc.get("label")))
    elif fig.get("discipline"):
        parts.append(pretty(fig["discipline"]))
    if isinstance(order, Mapping):
        parts.append(f"order {order.get('label')}")
    elif fig.get("order"):
        parts.append(f"order {pretty(fig['order'])}")
    return join(parts, ", ") or "-"


# --------------------------------------------------------------------------- the default
def default_layout(info: SystemInfo) -> RosterLayout:
    """A roster layout from what the system is made of: unit columns when it uses units,
    Rep, role and kind when it uses Rep, one column per characteristic; statuses from
    the core and the system's battle statuses (as fine)."""
    return RosterLayout(
        table=table_columns(info),
        totals=default_totals(info),
        statuses={s: StatusStyle(pretty(s)) for s in info.battle_statuses if s not in BASE_STATUSES},
    )
