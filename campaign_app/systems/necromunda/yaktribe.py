"""The Yaktribe gang import (best effort): everything that maps becomes one roster of a
Necromunda campaign; the report lists each item that did not map and why.

The Necromunda package's importer ``yaktribe`` (see its ``__init__``): generic code runs
it through :func:`campaign_app.usecases.datafiles.import_external`. It runs the use-cases,
so it is not one of the pure modules of the pure-domain contract."""

from __future__ import annotations

import html
import math
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from campaign_app.changes import Result
from campaign_app.errors import InputError
from campaign_app.systems.necromunda.content import Content, FighterType, House, content, norm
from campaign_app.textlimits import char_label, invisible_char
from campaign_app.usecases.common import (
    CREDITS_RANGE,
    MAX_NAME,
    MAX_TEXT,
    REPUTATION_RANGE,
    XP_RANGE,
    get_campaign,
)
from campaign_app.usecases.datafiles.limits import (
    _kind,
    _load,
    _short,
)
from campaign_app.usecases.datafiles.validate import _stat_rules
from campaign_app.usecases.gear import equipment_of_item, items_of
from db.models import (
    Campaign,
    Fighter,
    LastingInjury,
    Roster,
    Skill,
    StashItem,
    Territory,
)
from db.queries import figures_import as q
from db.uow import Engine, UnitOfWork, fault_point, read_session

if TYPE_CHECKING:
    from campaign_app.usecases.shapes import CampaignData, RosterData

YAK_STATS = (("m", "M"), ("ws", "WS"), ("bs", "BS"), ("s", "S"), ("t", "T"), ("w", "W"), ("i", "I"),
             ("a", "A"), ("ld", "Ld"), ("cl", "Cl"), ("wil", "Wil"), ("int", "Int"))
# Yaktribe writes these as 2D6 target numbers (7 for 7+); an edition that has them as plain
# values (n26) gets 14 - T: the same chance on 2D6 (the rule of migration 0008_advance)
TARGETS_2D6 = ("Ld", "Cl", "Wil", "Int")
YAK_STATUS = {"alive": "active", "recovery": "in-recovery", "in recovery": "in-recovery",
              "dead": "dead", "captured": "captured", "retired": "retired", "missing": "lost"}
# (our type, words that mark it): first match wins
YAK_TYPES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("vehicle", ("vehicle", "quad", "ridgehauler", "cargo-8", "cargo 8", "rockgrinder", "buggy",
                 "bike", "ironcrawler")),
    ("crew", ("crew", "driver")),
    ("champion", ("champion", "acolyte", "arms master", "forgeborn", "lieutenant", "deacon",
                  "prime")),
    ("leader", ("leader", "alpha", "boss", "matriarch", "patriarch", "primus", "chieftain", "magus",
                "queen", "king", "captain", "tyrant", "word-keeper", "master of", "lord")),
    ("specialist", ("specialist", "heavy")),
    ("prospect", ("prospect",)),
    ("juve", ("juve", "juvie", "initiate", "youngblood", "novice", "brat")),
    ("brute", ("brute", "aberrant", "ogryn", "ambot", "beast")),
    ("hanger-on", ("hanger", "familiar", "propagandist", "rogue doc", "ammo-jack", "ammo jack",
                   "dome runner", "slopper", "cherub", "bookie", "cyber-mastiff", "mastiff")),
    ("ganger", ("ganger", "neophyte", "bully", "hybrid")),
)
# older Yaktribe names of Lasting Injury results (lower case) -> our row labels (lower case)
YAK_INJURY_ALIASES = {"grievous injury": "grievous wound"}
_WEAPON_WORDS = ("pistol", "gun", "sword", "knife", "launcher", "las", "rifle", "blade", "axe",
                 "hammer", "club", "maul", "flamer", "grenade", "stubber", "cannon", "bolt", "melta",
                 "plasma", "whip", "spear", "saw", "shotgun", "carbine", "claw", "fist", "web", "drill")


@dataclass
class _Report:
    items: list[dict[str, str]] = field(default_factory=list)

    def add(self, where: str, message: str) -> None:
        if len(self.items) < 1000:
            self.items.append({"where": where, "message": message})


def _plain_of_target(v: Any) -> int | None:
    """A Yaktribe 2D6 target (7, "7" or "7+") as a plain value (14 - T); None if not one."""
    text = str(v).strip().rstrip("+") if isinstance(v, int | str) and not isinstance(v, bool) else ""
    if not text.isdigit() or not 2 <= int(text) <= 12:
        return None
    return 14 - int(text)


def _yak_int(v: Any, where: str, what: str, rep: _Report, *, default: int = 0, lo: int = 0,
             hi: int = 1_000_000) -> int:
    if v is None or v == "":
        return default
    n: int | None = None
    if isinstance(v, bool):
        n = None
    elif isinstance(v, int):
        n = v
    elif isinstance(v, float) and math.isfinite(v) and v == int(v):
        n = int(v)
    elif isinstance(v, str) and re.fullmatch(r"\s*[+-]?\d{1,12}\s*", v):
        n = int(v)
    if n is None:
        rep.add(where, f"{what} {_short(v)} is not a whole number; used {default}")
        return default
    if not lo <= n <= hi:
        rep.add(where, f"{what} {n} is outside {lo}..{hi}; used {default}")
        return default
    return n


def _yak_text(v: Any, where: str, what: str, rep: _Report, limit: int) -> str:
    if v is None:
        return ""
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        v = str(v)
    if not isinstance(v, str):
        rep.add(where, f"{what} is {_kind(v)}, not text; left out")
        return ""
    # Yaktribe writes its text HTML-escaped (Redbeard&rsquo;s, &amp;): decoded, once
    v = html.unescape(v).replace("\x00", "")
    if len(v) > limit:
        rep.add(where, f"{what} is {len(v):,} characters long; cut to {limit:,}")
        v = v[:limit]
    return v


def _yak_name(v: Any, where: str, what: str, rep: _Report, fallback: str) -> str:
    text = _yak_text(v, where, what, rep, 10 * MAX_NAME)
    text = re.sub(r"[\x00-\x1f]+", " ", text).strip()
    hidden = sorted({char_label(ch) for ch in text if invisible_char(ch)})
    if hidden:  # a bidi control would show the name reversed (window, PDFs): taken out
        rep.add(where, f"{what} held invisible control characters ({', '.join(hidden[:3])}); removed")
        text = "".join(ch for ch in text if not invisible_char(ch)).strip()
    if len(text) > MAX_NAME:
        rep.add(where, f"{what} is longer than {MAX_NAME} characters; cut")
        text = text[:MAX_NAME].strip()
    if not text:
        if v not in (None, "") and fallback:
            rep.add(where, f"{what} is empty; named {fallback!r}")
        return fallback
    return text


def yak_fighter_type(raw: str) -> str | None:
    """Our fighter category of a Yaktribe type by the words in its name (the last resort
    when the library has no such type); None when no word tells."""
    low = raw.lower()
    for ours, words in YAK_TYPES:
        if any(w in low for w in words):
            return ours
    return None


# keys a gang file may name its rules' edition under (Yaktribe's own exports name none)
_EDITION_KEYS = ("edition", "ruleset", "rules", "game_edition", "version")


def yak_edition(gang: dict[str, Any], editions: tuple[str, ...]) -> tuple[str, str]:
    """The edition a new campaign of this gang plays, and why: the one the file names, else
    n23: Yaktribe's gang builder writes N18/N23 gangs (the 2018 and 2023 rules: Ld, Cl,
    Wil and Int as 2D6 targets), never the newest edition the app defaults to."""
    for key in _EDITION_KEYS:
        v = gang.get(key)
        if not isinstance(v, (str, int)) or isinstance(v, bool):
            continue
        text = str(v).lower()
        if "26" in text and "n26" in editions:
            return "n26", f"the file's {key} is {str(v)[:40]!r}"
        if any(x in text for x in ("18", "23")) and "n23" in editions:
            return "n23", f"the file's {key} is {str(v)[:40]!r}"
    return "n23", "the file names no edition, and Yaktribe's gangs are N18/N23 gangs"


def _type_names(t: FighterType) -> set[str]:
    return {norm(t.key), norm(t.key.removeprefix(t.house + "-")), norm(t.name), *(norm(a) for a in t.aliases)}


def library_type(cont: Content | None, house: House | None, raw: str) -> FighterType | None:
    """The library's fighter type of a Yaktribe type name (name or alias; case, HTML
    entities and punctuation aside): the gang's own house first, then the entries no gang
    is founded of (Hangers-on), then any house when every type of that name there is of
    one category. None when nothing matches."""
    if cont is None or not raw.strip():
        return None
    if house is not None:
        t = cont.find_fighter_type(house.key, raw)
        if t is not None:
            return t
    want = norm(raw)
    found = [t for t in cont.types.values() if want in _type_names(t)]
    shared = [t for t in found if not cont.houses[t.house].founding]
    if shared:
        return shared[0]
    if found and len({t.category for t in found}) == 1:
        return found[0]
    return None


def _item_index(items: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Every name a catalogue item answers to (key, name, aliases), as :func:`norm` has it
    ("Armored undersuit", "Grenade Launcher w/Frag+Krak", "Redbeard&rsquo;s ...") -> item."""
    out: dict[str, dict[str, Any]] = {}
    for key, it in items.items():
        for n in (key, it.get("name"), *(it.get("aliases") or [])):
            if norm(n):
                out.setdefault(norm(n), it)
    return out


def _gang_of(doc: Any) -> dict[str, Any] | None:
    """The gang of a Yaktribe file: under ``gang``, or the file itself when it is the bare
    gang object (a name or fighters at its top)."""
    if not isinstance(doc, dict):
        return None
    if "gang" in doc:
        return doc["gang"] if isinstance(doc["gang"], dict) else None
    if "gangers" in doc or "gang_name" in doc:
        return doc
    return None


@dataclass(frozen=True, kw_only=True)
class RosterImported(Result):
    """The roster an import made, the campaign it went into (both as ``campaign show`` and
    ``roster show`` head them), how many fighters it has, and each item that did not map
    (``where``, ``message``)."""

    campaign: CampaignData
    roster: RosterData
    fighters: int
    report: list[dict[str, str]]


def import_yaktribe(engine: Engine, path: Any, campaign: Any = None) -> RosterImported:
    """Import a Yaktribe gang (best effort): everything that maps is imported as one roster
    (one undo step); the report lists each item that did not map and why."""
    from campaign_app.systems import get_system
    from campaign_app.usecases.campaigns import tables_for
    from campaign_app.usecases.fighters import make_equipment
    from campaign_app.usecases.shapes import campaign_dict, roster_dict

    doc, source = _load(path)
    gang = _gang_of(doc)
    if gang is None:
        raise InputError(f"{source} is not a Yaktribe gang export (no \"gang\" object, no \"gangers\")")
    rep = _Report()
    raw_gangers = gang.get("gangers", [])
    if not isinstance(raw_gangers, list) or not any(isinstance(g, dict) for g in raw_gangers):
        # a gang without one fighter is no roster to play: a wrong or empty file
        raise InputError(f"{source} has no fighters to import (a Yaktribe gang lists them under "
                         "\"gangers\")")

    from campaign_app.usecases.backup import automatic_backup

    info = get_system("necromunda")
    if campaign is not None:  # refused before anything is written, the backup too
        with read_session(engine) as s:
            c = get_campaign(s, campaign)
            if c.system != "necromunda":
                raise InputError(f"{c.name} is a {get_system(c.system).name} campaign: Yaktribe gangs "
                                 "go into a Necromunda campaign")
    automatic_backup(engine, "pre-import")
    with UnitOfWork(engine, "roster.import") as uow:
        s = uow.session
        if campaign is not None:
            c = get_campaign(s, campaign)
            if c.system != "necromunda":
                raise InputError(f"{c.name} is a {get_system(c.system).name} campaign: Yaktribe gangs "
                                 "go into a Necromunda campaign")
        else:
            cname = _yak_name(gang.get("campaign"), "gang.campaign", "campaign name", rep,
                              "Yaktribe import")
            existing = q.campaign_named(s, cname)
            if existing is not None:
                if existing.system != "necromunda":
                    raise InputError(f"campaign {cname!r} exists and is not Necromunda: name the "
                                     "Necromunda campaign to import the gang into")
                c = existing
                rep.add("gang.campaign", f"added to the existing campaign {cname!r}")
            else:
                edition, why = yak_edition(gang, tuple(info.editions))
                rep.add("gang.campaign", f"new campaign {cname!r} plays {edition}: {why}")
                c = Campaign(name=cname, system="necromunda", edition=edition,
                             expansions=[], notes="imported from Yaktribe")
                s.add(c)
                s.flush()
                uow.action = "campaign.create"
                if uow.journal is not None:
                    uow.journal.action = "campaign.create"
        assert c.id is not None
        uow.campaign_id = c.id
        fault_point("yaktribe.after-campaign")

        rname = _yak_name(gang.get("gang_name"), "gang.gang_name", "gang name", rep,
                          f"Yaktribe gang {_yak_text(gang.get('gang_id'), 'gang.gang_id', 'gang id', rep, 40)}".strip())
        taken = q.roster_names(s, c.id)
        if rname in taken:
            base, n = rname[: MAX_NAME - 6], 2
            while f"{base} ({n})" in taken:
                n += 1
            rep.add("gang.gang_name", f"{c.name} already has a roster {rname!r}; named it {base} ({n})")
            rname = f"{base} ({n})"
        notes = [_yak_text(gang.get("gang_notes"), "gang.gang_notes", "gang notes", rep, MAX_TEXT // 2)]
        extra_lines = []
        for key, label in (("alignment", "Alignment"), ("allegiance", "Allegiance"),
                           ("gang_rating", "Gang rating"), ("wealth", "Wealth"), ("meat", "Meat"),
                           ("url", "Yaktribe")):
            v = gang.get(key)
            if v not in (None, "", [], 0, "0"):
                extra_lines.append(f"{label}: {_yak_text(v, f'gang.{key}', label, rep, 500)}")
        held = gang.get("territories")  # gear: held as territories, and named in the notes as before
        if isinstance(held, list) and held:
            extra_lines.append(f"Territories: {', '.join(n for n in (_yak_item_name(x) for x in held[:200]) if n)}")
        for key, label in (("campaign_rackets", "Rackets"),):
            v = gang.get(key)
            if isinstance(v, list) and v:
                names = [_yak_item_name(x) for x in v[:200]]
                extra_lines.append(f"{label}: {', '.join(n for n in names if n)}")
                rep.add(f"gang.{key}", f"{label.lower()} have no place in a roster; kept in the roster notes")
        if isinstance(gang.get("campaign_territories"), list) and gang["campaign_territories"]:
            rep.add("gang.campaign_territories", "the campaign's territory list is not part of a gang; left out")
        if extra_lines:
            notes.append("\n".join(extra_lines))
        roster = Roster(
            campaign_id=c.id, name=rname, kind="gang",
            faction=_yak_text(gang.get("gang_type"), "gang.gang_type", "gang type", rep, 200),
            credits=_yak_int(gang.get("credits"), "gang.credits", "credits", rep, lo=CREDITS_RANGE[0],
                             hi=CREDITS_RANGE[1]),
            reputation=_yak_int(gang.get("reputation"), "gang.reputation", "reputation", rep,
                                lo=REPUTATION_RANGE[0], hi=REPUTATION_RANGE[1]),
            notes="\n\n".join(n for n in notes if n)[:MAX_TEXT],
        )
        s.add(roster)
        s.flush()
        assert roster.id is not None
        uow.summary = f"import Yaktribe gang {rname}"
        fault_point("yaktribe.after-roster")

        catalogue_items = _item_index(items_of(s, c))  # gear: by every name, as norm() has it
        cont = _content(c.edition or "")
        house = cont.find_house(roster.faction) if cont is not None and roster.faction else None
        if house is not None and not house.founding:
            house = None
        if roster.faction and house is None and cont is not None and cont.houses:
            rep.add("gang.gang_type", f"{roster.faction!r} is not a house or gang of the {c.edition} library; "
                                      "its fighter types were looked up in every house")
        missed_types: dict[str, int] = {}
        missed_items: dict[str, int] = {}
        _yak_stash(s, gang.get("stash"), roster.id, catalogue_items, rep, missed_items)
        _yak_territories(s, gang.get("territories"), roster.id, rep)
        tables = tables_for(c)
        injury_table = tables.get(f"{c.edition}-lasting-injury")
        by_label = {}
        if injury_table is not None:
            for row in injury_table.rows:
                by_label[row.label.lower()] = row
        count = 0
        converted: set[str] = set()
        for gi, g in enumerate(raw_gangers[:1000]):
            where = f"gangers[{gi}]"
            if not isinstance(g, dict):
                rep.add(where, f"is {_kind(g)}, not a fighter; skipped")
                continue
            fname = _yak_name(g.get("name"), where, "name", rep, f"Fighter {gi + 1}")
            who = f"{where} {fname}"
            ytype = _yak_text(g.get("type"), who, "type", rep, 100).strip()
            libtype = library_type(cont, house, ytype)
            ftype = libtype.category if libtype is not None else (yak_fighter_type(ytype) if ytype else None)
            if libtype is None:
                missed_types[ytype] = missed_types.get(ytype, 0) + 1
            if ftype is None:
                rep.add(who, f"fighter type {ytype!r} is not known; mapped to 'ganger'")
                ftype = "ganger"
            elif libtype is None:
                rep.add(who, f"fighter type {ytype!r} is not in the {c.edition} library; mapped to "
                             f"{ftype!r} by its name")
            stats: dict[str, int] = {}
            rules = _stat_rules(info, c.edition, "vehicle" if ftype == "vehicle" else "")
            for ykey, key in YAK_STATS:
                v = g.get(ykey)
                if v is None or v == "" or v == "-":
                    continue
                rule = next((r for r in rules if r.key == key), None)
                if rule is None:
                    rep.add(who, f"{key} is not a characteristic of this fighter; left out")
                    continue
                if key in TARGETS_2D6 and not rule.target:  # advance helper: the newest edition
                    plain = _plain_of_target(v)
                    if plain is not None:
                        converted.add(key)
                        if not rule.low <= plain <= rule.high:  # e.g. Ld 3+ is 11: the edition stops at 10
                            near = min(max(plain, rule.low), rule.high)
                            rep.add(who, f"{key} {14 - plain}+ is {plain} as a plain value, outside "
                                         f"{rule.low}..{rule.high}{' (default)' if rule.default else ''}: "
                                         f"set to {near}")
                            plain = near
                        v = plain
                try:
                    stats[rule.key] = rule.parse(v if isinstance(v, (int, str)) and not isinstance(v, bool)
                                                 else _short(v))
                except InputError as e:
                    rep.add(who, f"{e}; left out")
            status_raw = _yak_text(g.get("status"), who, "status", rep, 40).strip()
            status = YAK_STATUS.get(status_raw.lower(), None) if status_raw else "active"
            if status is None:
                rep.add(who, f"status {status_raw!r} is not known; set to active")
                status = "active"
            note_lines = [_yak_text(g.get("notes"), who, "notes", rep, MAX_TEXT // 2)]
            kills = _yak_int(g.get("kills"), who, "kills", rep)
            advances = _yak_int(g.get("advance_count"), who, "advance count", rep)
            if kills or advances:
                note_lines.append(f"Yaktribe: {kills} kills, {advances} advances")
            f = Fighter(
                roster_id=roster.id, name=fname, fighter_type=ftype,
                role=(libtype.name if libtype is not None else ytype)[:100],
                kind="vehicle" if ftype == "vehicle" else "human", rep=None, stats=stats,
                xp=_yak_int(g.get("xp"), who, "xp", rep, lo=XP_RANGE[0], hi=XP_RANGE[1]),
                credits_value=_yak_int(g.get("cost"), who, "cost", rep, lo=CREDITS_RANGE[0],
                                       hi=CREDITS_RANGE[1]), status=status,
                notes="\n".join(n for n in note_lines if n),
            )
            conditions: list[str] = []
            s.add(f)
            s.flush()
            assert f.id is not None
            fid: int = f.id
            count += 1
            eq = g.get("equipment", [])
            if not isinstance(eq, list):
                rep.add(who, f"equipment is {_kind(eq)}, not a list; left out")
                eq = []
            for ei, item in enumerate(eq[:200]):
                ew = f"{who} equipment[{ei}]"
                if isinstance(item, str):
                    item = {"name": item, "qty": 1}
                if not isinstance(item, dict):
                    rep.add(ew, f"is {_kind(item)}, not an item; left out")
                    continue
                iname = _yak_name(item.get("name"), ew, "item name", rep, "")
                if not iname:
                    rep.add(ew, "has no name; left out")
                    continue
                found = catalogue_items.get(norm(iname))  # gear: matched to the catalogue by name
                if found is not None:
                    gear = equipment_of_item(found)
                else:
                    gear = make_equipment(c, iname)
                    missed_items[iname] = missed_items.get(iname, 0) + 1
                    rep.add(ew, f"{iname!r} is not in the catalogue; kept without a profile")
                known = found is not None or gear.range != "" or gear.targets is not None or gear.impact is not None
                if not known:
                    low = iname.lower()
                    gear.category = ("armour" if "armo" in low else
                                     "weapon" if any(w in low for w in _WEAPON_WORDS) else "wargear")
                gear.qty = _yak_int(item.get("qty"), ew, "qty", rep, default=1, lo=1, hi=1000)
                gear.fighter_id = fid
                s.add(gear)
            skills = g.get("skills", [])
            if not isinstance(skills, list):
                rep.add(who, f"skills is {_kind(skills)}, not a list; left out")
                skills = []
            for si, sk in enumerate(skills[:200]):
                sw = f"{who} skills[{si}]"
                if isinstance(sk, dict):
                    sk = sk.get("name")
                sname = _yak_name(sk, sw, "skill", rep, "")
                if not sname:
                    rep.add(sw, f"skill {_short(sk)} has no name; left out")
                    continue
                s.add(Skill(fighter_id=fid, name=sname, source="yaktribe"))
            injuries = g.get("injuries", [])
            if not isinstance(injuries, list):
                rep.add(who, f"injuries is {_kind(injuries)}, not a list; left out")
                injuries = []
            for ii, inj in enumerate(injuries[:200]):
                iw = f"{who} injuries[{ii}]"
                if isinstance(inj, dict):
                    inj = inj.get("name")
                iname = _yak_name(inj, iw, "injury", rep, "")
                if not iname:
                    rep.add(iw, f"injury {_short(inj)} has no name; left out")
                    continue
                inj_row = by_label.get(YAK_INJURY_ALIASES.get(iname.lower(), iname.lower()))
                if inj_row is not None and injury_table is not None:
                    s.add(LastingInjury(
                        fighter_id=fid, table_id=injury_table.id, roll=inj_row.low, faces="",
                        result=inj_row.result, label=inj_row.label, effects_applied=[],
                        effects_skipped=["imported from Yaktribe: effects are already in the stat line"],
                    ))
                else:
                    conditions.append(iname)
                    rep.add(iw, f"injury {iname!r} is not on the {injury_table.title if injury_table else 'Lasting Injury'}"
                                " table; kept as a condition")
            if conditions:
                f.conditions = list(conditions)
                s.add(f)
            fault_point("yaktribe.after-fighter")
        if converted:
            rep.add("gang.gangers", f"{', '.join(k for k in TARGETS_2D6 if k in converted)}: Yaktribe's target "
                    f"numbers (7 for 7+) written as this edition's plain values (14 - T, as likely on 2D6)")
        if len(raw_gangers) > 1000:
            rep.add("gang.gangers", f"{len(raw_gangers)} fighters; only the first 1000 were imported")
        for key in sorted(set(gang) - _YAK_GANG_KNOWN):
            rep.add(f"gang.{key}", "not a field this import knows; left out")
        rep.add("gang", _missed_line(c.edition or "", missed_types, missed_items))
        s.flush()
        cdata, rdata = campaign_dict(c), roster_dict(roster)
    return RosterImported(campaign=cdata, roster=rdata, fighters=count, report=list(rep.items),
                          changes=uow.changes)


_YAK_GANG_KNOWN = frozenset({
    "gang_id", "gang_name", "gang_type", "gang_rating", "campaign", "url", "credits", "meat",
    "reputation", "wealth", "alignment", "allegiance", "territories", "campaign_territories",
    "campaign_rackets", "stash", "gang_image", "gang_notes", "gangers", *_EDITION_KEYS,
})


def _content(edition: str) -> Content | None:
    """The edition's gang content (houses, fighter types), None for an edition without."""
    try:
        cont = content(edition)
    except (InputError, KeyError):
        return None
    return cont if cont.types else None


def _missed_line(edition: str, types: dict[str, int], items: dict[str, int]) -> str:
    """The report's last line: what still matched nothing in the library, or that all did."""
    def names(d: dict[str, int]) -> str:
        return ", ".join(f"{n!r}" + (f" (x{k})" if k > 1 else "") for n, k in sorted(d.items()))

    if not types and not items:
        return f"every fighter type and item matched the {edition} library"
    parts = []
    if types:
        parts.append(f"{len(types)} fighter type(s): {names(types)}")
    if items:
        parts.append(f"{len(items)} item name(s): {names(items)}")
    return f"matched nothing in the {edition} library: " + "; ".join(parts)


def _yak_stash(s: Any, raw: Any, roster_id: int, items: dict[str, dict[str, Any]], rep: _Report,
               missed: dict[str, int]) -> None:
    """The gang's stash: each item matched to the catalogue by name (its cost and
    category), an unmatched one kept by name alone and named in the report (gear)."""
    if raw in (None, "", []):
        return
    if not isinstance(raw, list):
        rep.add("gang.stash", f"is {_kind(raw)}, not a list; left out")
        return
    for i, x in enumerate(raw[:200]):
        where = f"gang.stash[{i}]"
        name = _yak_name(_yak_item_name(x), where, "item name", rep, "")
        if not name:
            rep.add(where, "has no name; left out")
            continue
        qty = _yak_int(x.get("qty"), where, "qty", rep, default=1, lo=1, hi=1000) if isinstance(x, dict) else 1
        found = items.get(norm(name))
        if found is None:
            missed[name] = missed.get(name, 0) + 1
            rep.add(where, f"{name!r} is not in the catalogue; kept in the stash without a cost")
        s.add(StashItem(roster_id=roster_id, name=str(found["name"]) if found else name,
                        category=str(found["category"]) if found else "wargear",
                        cost=int(found["cost"]) if found else 0, qty=qty))


def _yak_territories(s: Any, raw: Any, roster_id: int, rep: _Report) -> None:
    """The gang's territories, by name: Yaktribe gives no income, so none is set (gear)."""
    if raw in (None, "", []):
        return
    if not isinstance(raw, list):
        rep.add("gang.territories", f"is {_kind(raw)}, not a list; left out")
        return
    seen: set[str] = set()
    for i, x in enumerate(raw[:200]):
        name = _yak_name(_yak_item_name(x), f"gang.territories[{i}]", "territory", rep, "")
        if not name or name.lower() in seen:
            continue
        seen.add(name.lower())
        s.add(Territory(roster_id=roster_id, name=name))
    if seen:
        rep.add("gang.territories", f"{len(seen)} held without income (Yaktribe gives none): set each one's "
                                    "credits or dice")


def _yak_item_name(x: Any) -> str:
    if isinstance(x, str):
        return x[:200]
    if isinstance(x, dict):
        n = x.get("name")
        return str(n)[:200] if isinstance(n, (str, int)) else ""
    return ""

