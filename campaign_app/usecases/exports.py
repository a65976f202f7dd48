"""Printable documents as plain data: rosters, fighter cards and quick-reference cards.

Each builder reads the database through a read session and returns the dict shape the
``reports`` package draws (see ``reports/__init__.py``); nothing here imports
reportlab. The quick-reference cards are built from the very tables the engine rolls
on (``tables_for(campaign)``: shipped tables with the campaign's house rules applied)
and from ``load_rulebook().data(...)``, so a printed card shows exactly what the app
applies.

Use from the GUI or the CLI::

    doc = exports.roster_document(engine, "Rusty Cogs")
    reports.render_roster(doc, "rusty.pdf", page="a4", progress=callback)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from typing_extensions import TypedDict  # pydantic reads it on Python 3.11 (the facade's results)

from campaign_app.errors import InputError
from campaign_app.rules import load_rulebook
from campaign_app.systems import SystemInfo, game_system, get_system, stat_rules
from campaign_app.systems.layout import (
    RosterFacts,
    RosterLayout,
    SheetContext,
    default_fighter_card,
    default_gear_text,
    default_unit_card,
    edition_columns,
    gear_text,
    profile_cell,
    weapon_table,
    with_profile,
)
from campaign_app.systems.layout import pretty as _pretty
from campaign_app.systems.qrs import QrsSheet, dice_heading, table_card, table_card_rows
from campaign_app.usecases.campaigns import tables_for
from campaign_app.usecases.common import Ref, campaign_of_roster, get_campaign, get_roster
from campaign_app.usecases.counters import definitions, values_of
from campaign_app.usecases.gear import campaign_data, profile_columns, with_catalogue, worth_of
from db.models import (
    Campaign,
    Fighter,
    Roster,
    Unit,
    WalkerType,
)
from db.queries import campaign_report as qr
from db.queries import documents as q
from db.queries import pages as pages_q
from db.queries import rolls as roll_q
from db.uow import Engine, Session, read_session

__all__ = [
    "CardsDocument",
    "QrsDocument",
    "RosterDocument",
    "cards_document",
    "dice_heading",
    "qrs_document",
    "roster_document",
    "roster_documents",
    "table_card",
    "table_card_rows",
]


class ColumnDoc(TypedDict):
    key: str
    label: str
    width: float


class RosterDocument(TypedDict):
    """A printable roster: header, totals, columns and one row (cell texts by column key,
    plus ``_status`` and ``_status_label``) per unit and fighter."""

    title: str
    campaign: str
    system: str
    game: str  # the game system's id: its words come first when the document is translated
    roster: str
    subtitle: str
    totals: list[list[Any]]
    columns: list[ColumnDoc]
    rows: list[dict[str, str]]
    notes: str


class CardsDocument(TypedDict):
    """One card per unit and fighter of a roster (the layout's card dicts)."""

    campaign: str
    game: str
    roster: str
    cards: list[dict[str, Any]]
    blank: dict[str, Any]  # a write-in card with the system's empty stat line


class QrsDocument(TypedDict):
    """The quick-reference cards of a campaign's game."""

    campaign: str
    system: str
    game: str
    cards: list[dict[str, Any]]


def _join(parts: Iterable[Any], sep: str = " \u00b7 ") -> str:
    return sep.join(str(p) for p in parts if p not in (None, ""))


# --------------------------------------------------------------------------- roster data
@dataclass
class _RosterData:
    campaign: Campaign
    roster: Roster
    info: SystemInfo
    data: dict[str, Any]
    fighters: list[Any]  # fighter rows (db.queries.documents.figure_rows)
    units: list[Any]  # unit rows
    equipment: dict[tuple[str, int], list[Any]] = field(default_factory=dict)  # equipment rows
    skills: dict[int, list[str]] = field(default_factory=dict)
    injuries: dict[int, list[str]] = field(default_factory=dict)
    walker_types: dict[int, WalkerType] = field(default_factory=dict)
    roster_names: dict[int, str] = field(default_factory=dict)
    battles: int = 0
    worth: Mapping[str, int] = field(default_factory=dict)  # gear: rating, credits, stash, wealth

    def gear(self, what: str, owner: Any) -> list[Any]:
        """The equipment rows of a fighter (``what`` "f") or unit ("u") row."""
        return self.equipment.get((what, owner.id or 0), [])


def _load(s: Session, r: Roster, c: Campaign, battles: int | None = None) -> _RosterData:
    return _load_many(s, c, [r], None if battles is None else {r.id or 0: battles})[0]


def _load_many(s: Session, c: Campaign, rosters: Sequence[Roster],
               battles: Mapping[int, int] | None = None, *, whole: bool = False) -> list[_RosterData]:
    """Everything the roster printers need for ``rosters`` of campaign ``c`` (``whole``:
    all of them).

    A fixed handful of queries whatever the number of rosters: fighters, units, their
    gear, skills and injuries are each read once for the lot (scoped to the rosters, or
    to the whole campaign when printing all of it), then handed out per roster.
    """
    info = get_system(c.system)
    data = campaign_data(s, c)  # the rules data with the campaign's catalogue (gear)
    rids = [r.id for r in rosters if r.id is not None]
    if not rids:
        return [_RosterData(campaign=c, roster=r, info=info, data=data, fighters=[], units=[]) for r in rosters]
    assert c.id is not None
    rows = q.figure_rows(s, c.id, rids, whole=whole)
    fighters: dict[int, list[Any]] = {}
    for f in rows.fighters:
        fighters.setdefault(f.roster_id or 0, []).append(f)
    units: dict[int, list[Any]] = {}
    for u in rows.units:
        units.setdefault(u.roster_id or 0, []).append(u)
    # per roster: the roster's fighters and units own these rows
    f_roster = {f.id or 0: rid for rid, fs in fighters.items() for f in fs}
    u_roster = {u.id or 0: rid for rid, us in units.items() for u in us}
    equipment: dict[int, dict[tuple[str, int], list[Any]]] = {}
    skills: dict[int, dict[int, list[str]]] = {}
    injuries: dict[int, dict[int, list[str]]] = {}
    for e in rows.fighter_equipment:
        fid = e.fighter_id or 0
        equipment.setdefault(f_roster.get(fid, 0), {}).setdefault(("f", fid), []).append(e)
    for sk in rows.skills:
        skills.setdefault(f_roster.get(sk.fighter_id, 0), {}).setdefault(sk.fighter_id, []).append(sk.name)
    for inj in rows.injuries:
        injuries.setdefault(f_roster.get(inj.fighter_id, 0), {}).setdefault(inj.fighter_id, []).append(
            inj.label or _pretty(inj.result))
    for e in rows.unit_equipment:
        uid = e.unit_id or 0
        equipment.setdefault(u_roster.get(uid, 0), {}).setdefault(("u", uid), []).append(e)
    walker_types = {w.id: w for w in q.walker_types(s, c.id) if w.id is not None}
    captors = {f.captured_by_roster_id for fs in fighters.values() for f in fs if f.captured_by_roster_id}
    roster_names = pages_q.roster_names(s, captors)  # its figures' captors only (10,000 rosters in a league)
    if battles is None:
        battles = q.battle_counts(s, roster_ids=rids)
    worth = worth_of(s, rosters)
    out = []
    for r in rosters:
        rid = r.id or 0
        out.append(_RosterData(
            campaign=c, roster=r, info=info, data=data,
            fighters=fighters.get(rid, []), units=units.get(rid, []),
            equipment=equipment.get(rid, {}), skills=skills.get(rid, {}), injuries=injuries.get(rid, {}),
            walker_types=walker_types, roster_names=roster_names, battles=int(battles.get(rid, 0) or 0),
            worth=worth.get(rid, {}),
        ))
    return out


def _equipment(e: Any) -> dict[str, Any]:
    """A piece of gear (an equipment row or object) as the printers' dict."""
    return {"name": e.name, "category": e.category, "qty": e.qty, "range": e.range, "targets": e.targets, "impact": e.impact,
            "strength": e.strength, "ap": e.ap, "fp": e.fp, "traits": list(e.traits or []), "notes": e.notes}


def _gear_line(show: Callable[[Any, bool], str], e: dict[str, Any], detailed: bool,
               profile: Sequence[tuple[str, str]]) -> str:
    """A piece of gear as printed: with the edition's declared profile when its values
    come from the catalogue (gear), else as the layout writes it."""
    if not e.get("catalogue_profile") or not profile:
        return show(e, detailed)
    # a value "default" is one our sources do not give: the line says "default" once
    def cells(line: dict[str, Any]) -> list[str]:
        return [f"{label} {profile_cell(line, key)}" if key != "traits" else profile_cell(line, key)
                for key, label in profile if line.get(key) not in (None, "", [], "default")]

    parts = cells(e)
    if e.get("profile_lines"):  # every line of a weapon of several modes: "low: ...; maximal: ..."
        first = ", ".join(parts)
        lines = [f"{e['profile_name']}: {first}" if e.get("profile_name") else first]
        lines += [f"{line.get('name', '')}: {', '.join(cells(line))}" for line in e["profile_lines"]]
        parts = ["; ".join(lines)]
    if e.get("profile_source") == "default":
        parts.append("default")
    return gear_text(parts, e, detailed)


def _walker(w: WalkerType) -> dict[str, Any]:
    return {"name": w.name, "nation": w.nation, "armour_front": w.armour_front, "armour_side": w.armour_side,
            "armour_top": w.armour_top, "gun1": w.gun1, "gun2": w.gun2, "aa_mg": w.aa_mg,
            "hull_mg": w.hull_mg, "speed_road": w.speed_road, "speed_cc": w.speed_cc, "crew": w.crew}


def _kind_label(d: _RosterData, f: Any) -> str:
    creatures = d.data.get("creatures", {})
    if f.kind == "walker":
        wt = d.walker_types.get(f.walker_type_id or 0)
        return f"Walker ({wt.name})" if wt else "Walker"
    if isinstance(creatures, Mapping) and isinstance(creatures.get(f.kind), Mapping):
        return str(creatures[f.kind].get("label", _pretty(f.kind)))
    return _pretty(f.kind) or "Human"


class _Gear:
    """The pieces of gear of a campaign's rosters as the printers show them: the
    equipment dict (profile values the row lacks from the rules data's weapon of that
    name, then from the catalogue) and its two printed lines, made once per distinct
    piece (the same rifle is carried by hundreds of figures). Each figure gets its own
    copy of the dict; what the dicts hold (traits, profile lines) the printers only read."""

    def __init__(self, data: dict[str, Any], layout: RosterLayout) -> None:
        self.data, self.layout = data, layout
        self.show = layout.gear_text or default_gear_text
        self.profile = profile_columns(data)
        self._made: dict[tuple[Any, ...], tuple[dict[str, Any], str, str]] = {}

    def suits(self, data: dict[str, Any], layout: RosterLayout) -> bool:
        return data is self.data and layout is self.layout

    def _make(self, e: Any) -> tuple[dict[str, Any], str, str]:
        item = with_catalogue(with_profile(_equipment(e), self.data), self.data)
        return item, _gear_line(self.show, item, False, self.profile), _gear_line(self.show, item, True, self.profile)

    def __call__(self, rows: list[Any]) -> dict[str, Any]:
        items, lines, detailed = [], [], []
        for e in rows:
            traits = e.traits
            # what _equipment reads of the row, each value's type with it where two
            # equal values could print apart (1, 1.0 and True)
            key = (e.name, e.category, e.qty, e.range, e.targets, e.impact, e.strength, e.ap, e.fp, e.notes,
                   tuple((type(t), t) for t in traits) if traits else None, type(traits))
            try:
                made, keep = self._made.get(key), True
            except TypeError:  # a trait no dict can hold: made for this row alone
                made, keep = None, False
            if made is None:
                made = self._make(e)
                if keep:
                    self._made[key] = made
            items.append(dict(made[0]))
            lines.append(made[1])
            detailed.append(made[2])
        return {"equipment": items, "gear": lines, "gear_detailed": detailed}


def _figures(d: _RosterData, layout: RosterLayout, gear_of: _Gear | None = None) -> list[dict[str, Any]]:
    """Every unit, then every fighter, of the roster as a plain *figure* dict (see
    :mod:`campaign_app.systems.layout`), with the layout's own facts added; ``gear_of``:
    the gear already made for other rosters of the campaign."""
    c = d.campaign
    ctx = SheetContext(system=c.system, edition=c.edition, data=d.data, system_name=d.info.name,
                       stats=stat_rules(c.system, c.edition, "", c.house_rules),
                       vehicle_stats=stat_rules(c.system, c.edition, "vehicle", c.house_rules))
    if gear_of is None or not gear_of.suits(d.data, layout):
        gear_of = _Gear(d.data, layout)

    def gear(what: str, owner: Any) -> dict[str, Any]:
        return gear_of(d.gear(what, owner))

    def status(raw: str | None, note: str = "", captor: int | None = None) -> dict[str, Any]:
        key = (raw or "active").lower()
        style = layout.status(key)
        label = style.label
        if key == "captured" and captor in d.roster_names:
            label = f"Captured by {d.roster_names[captor or 0]}"
        if note:
            label = f"{label} ({note})"
        return {"status": key, "status_label": label, "shade": style.print_shade(key), "severity": style.severity}

    out: list[dict[str, Any]] = []
    for u in d.units:
        g = gear("u", u)
        out.append({
            "what": "unit", "id": u.id, "name": u.name, "type": u.unit_type, "training": u.training,
            "figures": u.figures, "figures_start": u.figures_start, "wounded": u.wounded, "armour": u.armour,
            "discipline": u.discipline, "order": u.order, "battles_fought": u.battles_fought,
            "stats": dict(u.stats or {}), "notes": u.notes, "weapons": g["gear"], **g,
            **status(u.status), "ctx": ctx,
        })
    names = {f.id: f.name for f in d.fighters}
    crew: dict[int, list[Any]] = {}
    for f in d.fighters:
        if f.crew_of_id:
            crew.setdefault(f.crew_of_id, []).append(f)
    creatures = d.data.get("creatures", {})
    for f in d.fighters:
        g = gear("f", f)
        wt = d.walker_types.get(f.walker_type_id or 0) if f.kind == "walker" else None
        out.append({
            "what": "fighter", "id": f.id, "name": f.name, "type": f.fighter_type, "role": f.role,
            "kind": f.kind, "kind_label": _kind_label(d, f), "rep": f.rep, "stats": dict(f.stats or {}),
            "xp": f.xp, "credits_value": f.credits_value, "status_note": f.status_note,
            "skills": list(d.skills.get(f.id or 0, [])), "injuries": list(d.injuries.get(f.id or 0, [])),
            "conditions": list(f.conditions or []), "abilities": list(f.abilities or []), "notes": f.notes,
            "crew_of_id": f.crew_of_id, "crew_of": names.get(f.crew_of_id, "") if f.crew_of_id else "",
            "crew": [{"name": x.name, "role": x.role, "rep": x.rep} for x in crew.get(f.id or 0, [])],
            "walker": _walker(wt) if wt is not None else None,
            "creature": creatures.get(f.kind) if isinstance(creatures, Mapping) else None,
            "weapons": g["gear"], **g, **status(f.status, f.status_note or "", f.captured_by_roster_id),
            "ctx": ctx,
        })
    for fig in out:
        if layout.prepare is not None:
            layout.prepare(fig, ctx)
    return out


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, (list, tuple)):
        return "\n".join(str(v) for v in value)
    return str(value)


def _layout(c: Campaign) -> RosterLayout:
    return game_system(c.system).roster_layout()


def _title(d: _RosterData) -> str:
    return "Gang roster" if d.roster.kind == "gang" else "Squad roster"


def _system_name(c: Campaign, info: SystemInfo) -> str:
    name = info.edition_names.get(c.edition) or info.name
    if c.expansions:
        book = load_rulebook()
        titles = {f.expansion: f.title for f in book.files if f.system == c.system and f.expansion}
        name += " + " + ", ".join(titles.get(x, x) for x in c.expansions)
    return name


def _subtitle(r: Roster) -> str:
    return _join([r.faction, f"played by {r.player}" if r.player else ""])


# --------------------------------------------------------------------------- roster documents
def _roster_doc(d: _RosterData, gear_of: _Gear | None = None) -> RosterDocument:
    layout = _layout(d.campaign)
    figures = _figures(d, layout, gear_of)
    r = d.roster
    facts = RosterFacts(
        roster={"name": r.name, "kind": r.kind, "credits": r.credits, "reputation": r.reputation,
                **{k: v for k, v in d.worth.items() if k != "credits"}},
        fighters=[f for f in figures if f["what"] == "fighter"],
        units=[f for f in figures if f["what"] == "unit"], battles=d.battles)
    totals = [[t.label, v] for t in layout.totals if (v := t.value(facts)) is not None]
    # the campaign's own counters (counters helper): "Terror Level" "3 (0-10)"
    totals += [[x["name"], f"{x['value']} ({x['min']}\u2013{x['max']})"]
               for x in values_of(definitions(d.campaign.counters), r.counters)]
    columns = edition_columns(layout.sheet_columns(), stat_rules(d.campaign.system, d.campaign.edition, "", d.campaign.house_rules))
    rows = []
    for fig in figures:
        row = {c.key: _cell(c.raw(fig)) for c in columns}
        row["_status"] = fig["shade"]
        row["_status_label"] = fig["status_label"]
        rows.append(row)
    return {
        "title": _title(d),
        "campaign": d.campaign.name,
        "system": _system_name(d.campaign, d.info),
        "game": d.campaign.system,
        "roster": r.name,
        "subtitle": _subtitle(r),
        "totals": totals,
        "columns": [{"key": c.key, "label": c.label, "width": c.width or 1} for c in columns],
        "rows": rows,
        "notes": r.notes or "",
    }


def _find_roster(s: Session, roster: Any, campaign: Any = None) -> tuple[Roster, Campaign]:
    if isinstance(roster, Roster):
        roster = roster.id
    if isinstance(campaign, Campaign):
        campaign = campaign.id
    c = get_campaign(s, campaign) if campaign is not None else None
    r = get_roster(s, roster, c)
    return r, c or campaign_of_roster(s, r)


def roster_document(engine: Engine, roster: Any, campaign: Any = None) -> RosterDocument:
    """The printable roster of ``roster`` (id or unique name, within ``campaign`` if given)."""
    with read_session(engine) as s:
        r, c = _find_roster(s, roster, campaign)
        return _roster_doc(_load(s, r, c))


def roster_documents(engine: Engine, campaign: Ref, rosters: Iterable[Ref] | None = None) -> list[RosterDocument]:
    """Every roster of the campaign (by name), for one PDF; ``rosters``: only these (ids
    or names in the campaign), in the order given: a national league's organiser prints
    tonight's rosters, not its ten thousand. Read together, as the whole campaign is (a
    handful of queries for the lot, each piece of gear made once)."""
    with read_session(engine) as s:
        c = get_campaign(s, campaign)
        assert c.id is not None
        if rosters is None:
            chosen = q.campaign_rosters(s, c.id)
            counts: Mapping[int, int] | None = q.battle_counts(s, campaign_id=c.id)
        else:
            chosen = []
            for ref in rosters:
                r = get_roster(s, ref, c)
                if r in chosen:
                    raise InputError(f"roster {r.name!r} is named twice")
                chosen.append(r)
            if not chosen:
                raise InputError("name at least one roster to print")
            counts = None  # read for these rosters only
        loaded = _load_many(s, c, chosen, counts, whole=rosters is None)
        gear_of = _Gear(loaded[0].data, _layout(c)) if loaded else None  # the rosters' gear, made once
        return [_roster_doc(d, gear_of) for d in loaded]


# --------------------------------------------------------------------------- cards
def cards_document(engine: Engine, roster: Any, campaign: Any = None) -> CardsDocument:
    """One card per unit and per fighter of ``roster``."""
    with read_session(engine) as s:
        r, c = _find_roster(s, roster, campaign)
        d = _load(s, r, c)
        layout = _layout(c)
        unit_card = layout.unit_card or default_unit_card
        fighter_card = layout.fighter_card or default_fighter_card
        cards = []
        for f in _figures(d, layout):
            one = unit_card(f) if f["what"] == "unit" else fighter_card(f)
            table = weapon_table(f.get("equipment") or [], _weapon_columns(d.data, layout))
            one.setdefault("weapons", table)
            items = f.get("equipment") or []
            if table["rows"] and all((e.get("category") or "weapon") == "weapon" and not e.get("notes")
                                     for e in items):
                # the table says it all: the weapon lines would only repeat it
                one["sections"] = [s for s in one.get("sections", []) if s.get("lines") != f.get("gear_detailed")]
            cards.append(one)
        return {"campaign": c.name, "game": c.system, "roster": r.name, "cards": cards, "blank": blank_card(c)}


def _weapon_columns(data: Mapping[str, Any], layout: RosterLayout) -> tuple[tuple[str, str], ...]:
    """The card's weapon columns: the profile the edition declares in its rules data
    (gear), else the layout's."""
    return tuple(profile_columns(data)) or layout.weapon_columns


def blank_card(c: Campaign) -> dict[str, Any]:
    """A write-in card: the system's empty stat line and weapon table headings."""
    gs = game_system(c.system)
    layout = gs.roster_layout()
    info = gs.info
    fields: list[list[str]] = []
    if info.uses_units:
        fields = [["Figs", ""], ["Wnd", ""], ["Training", ""], ["Armour", ""], ["Morale state", ""]]
    else:
        if info.uses_rep:
            fields.append(["Rep", ""])
        fields += [[st.key, ""] for st in stat_rules(c.system, c.edition, "", c.house_rules)]
        if info.stats:
            fields.append(["XP", ""])
    cols = _weapon_columns(load_rulebook().data(c.system, c.edition, c.expansions or []), layout) \
        or (("range", "Range"),)
    return {"title": "", "subtitle": "", "status": "", "status_label": "", "fields": fields,
            "sections": [], "weapons": {"columns": ["Weapon", *(lbl for _k, lbl in cols)],
                                        "rows": [[""] * (len(cols) + 1) for _ in range(4)], "note": ""},
            "write_in": True}


# --------------------------------------------------------------------------- quick reference
def qrs_document(engine: Engine, campaign: Ref, all_kinds: bool = False) -> QrsDocument:
    """Quick-reference cards for the campaign's system and expansions, house rules applied.

    The system's ``qrs`` function makes the cards (:mod:`campaign_app.systems.qrs`);
    cards about figure kinds (creatures an expansion adds, say) are printed for the kinds
    present in the campaign's rosters, or for every kind with ``all_kinds``.
    """
    with read_session(engine) as s:
        c = get_campaign(s, campaign)
        info = get_system(c.system)
        tables = tables_for(c)
        data = load_rulebook().data(c.system, c.edition, c.expansions or [])
        gs = game_system(c.system)
        assert c.id is not None
        present = q.kinds_present(s, c.id)
        walkers = [_walker(w) for w in q.walker_types(s, c.id, by_name=True)]
        sheet = QrsSheet(tables, data, system=c.system, edition=c.edition, expansions=tuple(c.expansions or []),
                         kinds_present=present, walker_types=walkers, all_kinds=all_kinds)
        if gs.qrs:
            gs.load(gs.qrs)(sheet)
        sheet.rules_cards()  # the cards the rules data writes out (seed rules, defaults)
        sheet.rest()
        return {"campaign": c.name, "system": _system_name(c, info), "game": c.system, "cards": sheet.cards}


def check_output_path(path: str, engine: Engine | None = None) -> str:
    """The absolute output path, or an InputError saying why it cannot be written (the
    one check, :func:`campaign_app.files.check_output_path`: never the database of
    ``engine``, its side files or its backups folder)."""
    from campaign_app.files import check_output_path as check
    from db.backup import protected_outputs

    return str(check(path, protected_outputs(engine), example="roster.pdf"))


def writable_output(engine: Engine, path: str) -> str:
    """:func:`check_output_path` as a use-case (the database first): where the window
    may write a file, never over this database or its backups."""
    return check_output_path(path, engine)


# --------------------------------------------------------------------------- campaign report
class BattleLine(TypedDict):
    number: int
    date: str
    scenario: str
    result: str


class Standing(TypedDict):
    roster: str
    battles: int
    wins: int
    draws: int
    losses: int
    casualties: int  # suffered
    # --- standings (standings helper): the league table's other columns
    caused: int
    suffered: int
    rating: int


class RosterHistory(TypedDict):
    roster: str
    lines: list[str]


class ChartSeries(TypedDict):
    name: str
    values: list[float]


class Chart(TypedDict):
    title: str
    kind: str  # "bar" or "line"
    categories: list[str]
    series: list[ChartSeries]
    axis: str


class RollChainHead(TypedDict):
    """The roll chain's head as the database keeps it (#35): what players hold a copy of."""

    rolls: int
    hash: str


class CampaignDocument(TypedDict):
    """A campaign's report: battles, standings, each roster's history, charts, and the
    roll chain's head (count and last hash)."""

    campaign: str
    system: str
    game: str
    battles: list[BattleLine]
    standings: list[Standing]
    rating: str  # what the standings' rating counts (standings helper)
    histories: list[RosterHistory]
    charts: list[Chart]
    roll_chain: RollChainHead


_RESULT_WORDS = {"win": "won", "loss": "lost", "draw": "drew"}


def campaign_document(engine: Engine, campaign: Ref) -> CampaignDocument:
    """The campaign report: every battle (date, scenario, result), the standings (per
    roster: battles, wins, draws, losses, casualties), each roster's battle history and
    the charts (casualties per battle, wins so far). A casualty is a figure whose battle
    status the game counts as worse than fine, or a unit's lost figures."""
    with read_session(engine) as s:
        c = get_campaign(s, campaign)
        assert c.id is not None
        info = get_system(c.system)
        layout = _layout(c)
        names = q.roster_names(s, c.id)
        rows = qr.campaign_report_rows(s, c.id)
        history_rows = qr.figure_history(s, c.id)
        fighters_now, units_now = qr.current_figures(s, c.id)
        measures = _measures(info)
        rosters = list(names)

        def measured(state: Figures) -> list[list[float]]:  # per measure, per roster (a league: no snapshots kept)
            split = _by_roster(state) if measures else {}
            return [[m(split.get(r, ({}, {})), r) for r in rosters] for _t, _a, m in measures]

        after_each = _after_each_battle(rows.battles, history_rows, fighters_now, units_now, measured)
        head = roll_q.chain_head(s, c.id) or (0, "")
    order = list(names)
    casualties: dict[tuple[int, int], int] = {}
    for r in rows.results:
        hurt = r.casualties if r.is_unit else int(layout.status(r.status).severity != "ok")
        key = (r.battle_id, r.roster_id)
        casualties[key] = casualties.get(key, 0) + hurt
    by_battle: dict[int, list[Any]] = {}
    for link in rows.links:
        by_battle.setdefault(link.battle_id, []).append(link)
    battles: list[BattleLine] = []
    history: dict[int, list[str]] = {rid: [] for rid in order}
    standing = {rid: {"battles": 0, "wins": 0, "draws": 0, "losses": 0, "casualties": 0} for rid in order}
    wins_so_far: dict[int, list[float]] = {rid: [] for rid in order}
    cas_series: dict[int, list[float]] = {rid: [] for rid in order}
    for b in rows.battles:
        links = by_battle.get(b.id or 0, [])
        parts = []
        for link in links:
            rid = link.roster_id
            word = _RESULT_WORDS.get(link.result, link.result or ("fought" if b.after_battle_done else "pending"))
            parts.append(f"{names.get(rid, '?')} {word}")
            st = standing.setdefault(rid, {"battles": 0, "wins": 0, "draws": 0, "losses": 0, "casualties": 0})
            st["battles"] += 1
            if link.result in ("win", "draw", "loss"):
                st[{"win": "wins", "draw": "draws", "loss": "losses"}[link.result]] += 1
            lost = casualties.get((b.id or 0, rid), 0)
            st["casualties"] += lost
            history.setdefault(rid, []).append(
                _join([f"Battle {b.number} ({b.played_on.isoformat()})", b.scenario, word,
                       f"{lost} casualt{'y' if lost == 1 else 'ies'}"], ", "))
        if not b.after_battle_done and not any(link.result for link in links):
            parts = [_join([names.get(link.roster_id, "?") for link in links], " vs "), "pending"]
        result = _join([b.outcome, _join(parts, "; ")], ": ") or ("" if b.after_battle_done else "pending")
        battles.append({"number": b.number, "date": b.played_on.isoformat(), "scenario": b.scenario,
                        "result": result})
        for rid in order:
            cas_series[rid].append(float(casualties.get((b.id or 0, rid), 0)))
            wins_so_far[rid].append(float(standing[rid]["wins"]))
    categories = [f"#{b.number}" for b in rows.battles]
    charts: list[Chart] = []
    if rows.battles:
        charts.append({"title": "Casualties per battle", "kind": "bar", "categories": categories,
                       "series": [{"name": names[r], "values": cas_series[r]} for r in order],
                       "axis": "casualties"})
        charts.append({"title": "Wins after each battle", "kind": "line", "categories": categories,
                       "series": [{"name": names[r], "values": wins_so_far[r]} for r in order],
                       "axis": "wins"})
        for k, (title, axis, _m) in enumerate(measures):
            charts.append({"title": title, "kind": "line", "categories": categories, "axis": axis,
                           "series": [{"name": names[r], "values": [values[k][i] for values in after_each]}
                                      for i, r in enumerate(rosters)]})
    from campaign_app.usecases.standings import league_standings

    table = league_standings(engine, c.id or 0)  # the league table, counted by the database
    return {
        "campaign": c.name,
        "system": _system_name(c, info),
        "game": c.system,
        "battles": battles,
        "standings": [{"roster": t["roster"], "battles": t["battles"], "wins": t["wins"], "draws": t["draws"],
                       "losses": t["losses"], "casualties": t["suffered"], "caused": t["caused"],
                       "suffered": t["suffered"], "rating": t["rating"]} for t in table["standings"]],
        "rating": table["rating"],
        "histories": [{"roster": names[r], "lines": history.get(r, [])} for r in order],
        "charts": charts,
        "roll_chain": {"rolls": head[0], "hash": head[1]},
    }


Figures = tuple[dict[int, dict[str, Any]], dict[int, dict[str, Any]]]  # fighters, units by id
_KEEP = ("roster_id", "rep", "xp", "credits_value", "status", "figures")


def _after_each_battle(battles: Sequence[Any], changes: Sequence[qr.JournalChange], fighters: Sequence[Fighter],
                       units: Sequence[Unit], reduce: Callable[[Figures], Any] | None = None) -> list[Any]:
    """The campaign's figures as they stood after each battle (its After the Battle, or its
    recording when that has not run): today's rows with the journal's later changes
    taken back, newest first. ``reduce``: what to keep of each battle's figures (the
    figures themselves when not given)."""
    state: Figures = ({f.id or 0: {k: getattr(f, k, None) for k in _KEEP} for f in fighters},
                      {u.id or 0: {k: getattr(u, k, None) for k in _KEEP} for u in units})
    index = {b.id: i for i, b in enumerate(battles)}
    snap = reduce or (lambda st: (dict(st[0]), dict(st[1])))  # rows are never changed in place
    out: list[Any] = [None] * len(battles)
    journals: dict[int, list[qr.JournalChange]] = {}
    for ch in changes:
        journals.setdefault(ch.journal_id, []).append(ch)
    for _jid, entries in sorted(journals.items(), reverse=True):
        for ch in entries:  # the state after this journal: the last one of its battle
            if ch.table == "battle" and ch.row_id in index and out[index[ch.row_id]] is None:
                out[index[ch.row_id]] = snap(state)
        for ch in reversed(entries):  # take the journal back
            rows = state[0] if ch.table == "fighter" else state[1] if ch.table == "unit" else None
            if rows is None:
                continue
            if ch.op == "insert":
                rows.pop(ch.row_id, None)
            elif ch.op == "delete" and ch.before:
                rows[ch.row_id] = {k: ch.before.get(k) for k in _KEEP}
            elif ch.op == "update" and ch.before and ch.row_id in rows:
                rows[ch.row_id] = {**rows[ch.row_id], **{k: v for k, v in ch.before.items() if k in _KEEP}}
    # a battle the journal never names (imported, say): the state after the one before it
    filled: list[Any] = []
    for i, kept in enumerate(out):
        filled.append(kept if kept is not None else (filled[i - 1] if i else snap(state)))
    return filled


def _by_roster(state: Figures) -> dict[int, Figures]:
    """``state`` split by roster (each measure then reads one roster's rows, not all)."""
    out: dict[int, Figures] = {}
    for i in (0, 1):
        for ident, row in state[i].items():
            out.setdefault(row.get("roster_id") or 0, ({}, {}))[i][ident] = row
    return out


def _ready(rows: dict[int, dict[str, Any]], roster: int) -> list[dict[str, Any]]:
    return [f for f in rows.values() if f.get("roster_id") == roster and (f.get("status") or "active") == "active"]


def _measures(info: SystemInfo) -> list[tuple[str, str, Any]]:
    """What the game's players track per battle: Rep (games of Rep), XP and rating (games
    of characteristics and experience), figures (games of units)."""
    out: list[tuple[str, str, Any]] = []
    if info.uses_rep:
        def rep(state: Figures, roster: int) -> float:
            reps = [f["rep"] for f in _ready(state[0], roster) if f.get("rep") is not None]
            return round(sum(reps) / len(reps), 2) if reps else 0.0
        out.append(("Average Rep after each battle", "Rep (fighters ready)", rep))
    elif info.stats and not info.uses_units:
        out.append(("XP after each battle", "XP (all fighters)",
                    lambda state, roster: float(sum(f.get("xp") or 0 for f in state[0].values()
                                                    if f.get("roster_id") == roster))))
        out.append(("Rating after each battle", "rating (value of fighters ready)",
                    lambda state, roster: float(sum(f.get("credits_value") or 0 for f in _ready(state[0], roster)))))
    if info.uses_units:
        out.append(("Figures after each battle", "figures",
                    lambda state, roster: float(sum(u.get("figures") or 0 for u in state[1].values()
                                                    if u.get("roster_id") == roster))))
    return out
