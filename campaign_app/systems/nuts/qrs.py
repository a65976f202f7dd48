"""NUTS! quick-reference cards: turn sequence, reactions, shooting, After the Battle;
with Weird WWII, a card per creature kind (those in the campaign's rosters, or all)
and the walkers'."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from campaign_app.rules.labels import labelled
from campaign_app.systems.layout import join as _join
from campaign_app.systems.layout import pretty as _pretty
from campaign_app.systems.nuts import WEIRD
from campaign_app.systems.qrs import QrsSheet


def _turn_cards(q: QrsSheet) -> None:
    mv = q.data.get("movement", {})
    lines = q.phases()
    if isinstance(mv, Mapping) and mv:
        lines.append(f'Movement: normal {mv.get("normal")}", crawl {mv.get("crawl")}"; '
                     f'charge reach {mv.get("charge_reach")}". {mv.get("notes", "")}'.strip())
    q.card("Turn sequence", "NUTS!", lines, q.table("nuts-activation") + q.table("nuts-fast-move"))
    statuses = q.data.get("statuses", {})
    status_lines = [f"{s.get('label')}: {s.get('text')}" for s in statuses.values() if isinstance(s, Mapping)] \
        if isinstance(statuses, Mapping) else []
    q.card("Reactions", "Infantry reaction tests", status_lines,
           q.table("nuts-reaction-man-down", "Man Down") + q.table("nuts-reaction-recover", "Recover")
           + q.table("nuts-reaction-rally", "Rally"))
    q.card("Shooting", "In Sight, shooting and damage", [],
           q.table("nuts-in-sight") + q.table("nuts-shooting") + q.table("nuts-shooting-damage"))
    q.card("After the Battle", "Campaign rolls (defaults are editable house rules)", [],
           q.table("nuts-recovery") + q.table("nuts-rep-increase") + q.table("nuts-rep-decrease")
           + q.table("nuts-replacements") + q.table("nuts-grunt-rep"))


ZOMBIE_EXTRAS = ("ww2-zombie-arrival", "ww2-bite", "ww2-zombie-melee-damage")


def _creature_cards(q: QrsSheet) -> None:
    present, all_kinds = q.kinds_present, q.all_kinds
    creatures = q.data.get("creatures", {})
    if not isinstance(creatures, Mapping):
        return
    for kind, spec in creatures.items():
        if not isinstance(spec, Mapping):
            continue
        own = [spec.get("gen_table"), spec.get("damage_table")]
        if kind == "zombie":
            own += list(ZOMBIE_EXTRAS)
        ids = [str(t) for t in own if t]
        if not all_kinds and kind not in present:
            q.skipped.update(ids)
            continue
        label = str(spec.get("label", _pretty(kind)))
        lines = []
        if spec.get("rep") is not None:
            lines.append(f"Rep: always {spec['rep']}.")
        elif spec.get("gen_table"):
            gen = q.tables.get(str(spec["gen_table"]))
            rule = f"Rep: roll on {gen.title if gen else spec['gen_table']} (below)"
            if spec.get("super_rep") is not None:
                rule += f"; the super version is Rep {spec['super_rep']} without a roll"
            lines.append(rule + ".")
        abilities = [str(a) for a in spec.get("abilities", [])]
        if spec.get("armour") and not any(a.lower().startswith("armour rating") for a in abilities):
            lines.append(f"Armour rating {spec['armour']}.")
        lines += [f"\u2013 {a}" for a in abilities]
        tables: list[dict[str, Any]] = []
        for tid in ids:
            tables += q.table(tid)
        q.card(label, "Weird WWII creature: Rep rule, special abilities, damage", lines, tables)


WALKER_TABLES = tuple(f"ww2-walker-{t}" for t in (
    "in-sight", "place-round", "penetration", "clank", "run-over", "will-it-stand", "losing-control",
    "stomp", "driver-disabled"))


def _walker_card(q: QrsSheet) -> None:
    card = q.data.get("walker_card", {})
    lines = [str(x) for x in card.get("lines", [])] if isinstance(card, Mapping) else []
    roles = q.data.get("walker_crew_roles", {})
    if isinstance(roles, Mapping):
        lines += [f"{r.get('label')}: {r.get('text')}" for r in roles.values() if isinstance(r, Mapping)]
    rows = []
    shipped = q.data.get("walker_types", {})
    specs: list[Mapping[str, Any]] = [w for w in shipped.values() if isinstance(w, Mapping)] \
        if isinstance(shipped, Mapping) else []
    specs += q.walker_types
    for w in specs:
        side = int(w.get("armour_side") or 0)
        rows.append([
            str(w.get("name", "")), str(w.get("nation", "")),
            f"{w.get('armour_front', 0)}/{side}/{side // 2}",
            _join([w.get("gun1"), w.get("gun2")], ", ") or "-",
            "Yes" if w.get("aa_mg") else "No", "Yes" if w.get("hull_mg") else "No",
            f"{w.get('speed_road') or '?'}/{w.get('speed_cc') or '?'}",
            labelled(str(w.get("crew", "")), default="crew" in (w.get("defaults") or [])),
        ])
    tables: list[dict[str, Any]] = []
    if rows:
        tables.append({"title": "Walker types", "note": "Armour front/side/top (top = side / 2).",
                       "columns": ["Walker", "Nation", "Armour F/S/T", "Guns", "AA MG", "Hull MG",
                                   "Speed road/cc", "Crew"], "rows": rows})
    for tid in WALKER_TABLES:  # each test its own (rollable) table, in card order
        tables += q.table(tid)
    q.card("Walkers", "Weird WWII walkers: crew, stat lines and tests", lines, tables)


def _weapon_card(q: QrsSheet) -> None:
    """The weapons the rules data lists (Weird WWII's extra ones), a row each; a value
    the source lost shows as a dash, and the weapon's note follows."""
    weapons = q.data.get("weapons", {})
    spec = q.data.get("weapon_card", {})
    if not isinstance(weapons, Mapping) or not weapons or not isinstance(spec, Mapping):
        return
    rows = []
    for w in weapons.values():
        if not isinstance(w, Mapping):
            continue
        rows.append([str(w.get("name", "")), str(w.get("range", "-")), str(w.get("targets", "-")),
                     str(w.get("impact", "-")), str(w.get("note", ""))])
    table = {"title": "Weapons", "note": "A dash: lost in our source, enter your own.",
             "columns": ["Weapon", "Range", "Targets", "Impact", "Note"], "rows": rows}
    q.card(str(spec.get("title", "Weapons")), str(spec.get("subtitle", "")), [], [table])


def cards(q: QrsSheet) -> None:
    _turn_cards(q)
    q.card("Before the battle", "The mission, rolled at setup unless you name one", [],
           q.table("nuts-scenario"))  # table helper
    if WEIRD in q.expansions:
        _creature_cards(q)
        _walker_card(q)
        _weapon_card(q)
