"""JSON export of one campaign: one consistent snapshot, stable order and document-local
references, so ``export -> import into an empty database -> export`` gives the same document."""

from __future__ import annotations

import json
import os
from array import array
from bisect import bisect_left
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from datetime import date, datetime
from pathlib import Path
from typing import Any, TextIO

from campaign_app.entities import CAMPAIGN_DOC, EQUIPMENT_DOC, FIGHTER_DOC, ROSTER_DOC, UNIT_DOC
from campaign_app.errors import InputError
from campaign_app.usecases.common import (
    get_campaign,
)
from campaign_app.usecases.datafiles.results import ExportSummary
from campaign_app.usecases.datafiles.schema import (
    FORMAT,
    SCHEMA_VERSION,
)
from db.queries.transfer import (
    TABLES,
    Connection,
    battle_parts,
    campaign_head,
    content_packs_of,
    roster_parts,
    snapshot,
    stream_rolls,
    system_records_of,
)
from db.uow import Engine, read_session

_T = TABLES  # every table by name (validate reads the column limits from them)


def _iso(v: datetime | date | None) -> str | None:
    return None if v is None else v.isoformat()


def export_json(engine: Engine, campaign: Any) -> dict[str, Any]:
    """The whole campaign as a JSON-ready document (see docs/json-format.md)."""
    cid = _campaign_id(engine, campaign)
    with snapshot(engine) as conn:
        return _export(conn, cid)


def _campaign_id(engine: Engine, campaign: Any) -> int:
    with read_session(engine) as s:
        cid = get_campaign(s, campaign).id
    assert cid is not None
    return cid


def export_json_file(engine: Engine, campaign: Any, path: str | os.PathLike[str]) -> ExportSummary:
    """Write the campaign to ``path`` (whole, then renamed; never over the database, its
    side files or its backups folder); returns a summary. The document is written as it
    is read (rosters and battles a chunk at a time, rolls through a server-side cursor):
    a campaign of millions of rolls goes out in bounded memory, the same text
    :func:`write_json` writes for :func:`export_json`'s document."""
    from campaign_app.files import check_output_path
    from db.backup import protected_outputs

    check_output_path(path, protected_outputs(engine), example="campaign.json")
    cid = _campaign_id(engine, campaign)
    counts = {"rosters": 0, "fighters": 0, "units": 0, "battles": 0, "rolls": 0}
    with snapshot(engine) as conn, _open_output(path) as fh:
        name = _write_document(fh, _sections(conn, cid, counts))
    return {"file": str(path), "campaign": name, "rosters": counts["rosters"], "fighters": counts["fighters"],
            "units": counts["units"], "battles": counts["battles"], "rolls": counts["rolls"]}


def write_json(doc: Any, path: str | os.PathLike[str]) -> None:
    """Write ``doc`` as JSON through :func:`campaign_app.files.atomic_write` (a kill
    leaves the old file whole)."""
    with _open_output(path) as fh:
        json.dump(doc, fh, ensure_ascii=False, indent=1)


@contextmanager
def _open_output(path: str | os.PathLike[str]) -> Iterator[TextIO]:
    """``path`` opened for writing through :func:`campaign_app.files.atomic_write`; the
    closing newline is added after what the caller wrote."""
    from campaign_app.files import atomic_write

    p = Path(path)
    if "\x00" in str(p) or not p.name:
        raise InputError(f"{str(p)!r} is not a usable file name")
    if p.parent and not p.parent.exists():
        raise InputError(f"folder {p.parent} does not exist")
    with atomic_write(p) as tmp, open(tmp, "w", encoding="utf-8", newline="\n", buffering=1 << 20) as fh:
        yield fh
        fh.write("\n")


def _not_json(o: Any) -> Any:
    raise TypeError(f"{type(o).__name__} is not JSON")


_string = json.encoder.encode_basestring  # what json.dumps(ensure_ascii=False) writes a str as
_c_make = getattr(json.encoder, "c_make_encoder", None)  # json's C encoder (json.dumps makes one a call)
_c = None if _c_make is None else _c_make(None, _not_json, _string, None, ": ", "\x00", False, False, True)
_py = json.JSONEncoder(ensure_ascii=False, separators=("\x00", ": "), default=_not_json).encode


def _flat(v: Any) -> str:
    """``v`` in one line, values apart by a NUL (which JSON text never holds raw)."""
    return "".join(_c(v, 0)) if _c is not None else _py(v)


_keys: dict[tuple[Any, ...], list[str]] = {}


def _dumps(v: Any, depth: int) -> str:
    """``v`` as ``json.dump(..., indent=1)`` writes it ``depth`` levels down, the same
    text, faster: json's indenting encoder is written in Python and was the slowest part
    of a big export; here each object or list whose values are plain scalars (a roll, a
    weapon, a battle result) is encoded in one call of json's C encoder."""
    t = type(v)
    if t is dict:
        if not v:
            return "{}"
        if any(type(k) is not str for k in v):
            return _slow(v, depth)  # json's own text for keys that are not strings
        pad = "\n" + " " * (depth + 1)
        values = list(v.values())
        try:
            inner = _flat(values)[1:-1]
        except TypeError:
            return _slow(v, depth)
        if "[" not in inner and "{" not in inner:  # scalars only (else a bracket shows)
            parts = inner.split("\x00")
            if len(parts) == len(values):
                ks = (depth, *v)
                heads = _keys.get(ks)
                if heads is None:
                    if len(_keys) > 1000:
                        _keys.clear()
                    heads = _keys[ks] = [f"{pad}{_string(k)}: " for k in v]
                return "{" + ",".join([h + p for h, p in zip(heads, parts, strict=True)]) + pad[:-1] + "}"
        return "{" + ",".join([f"{pad}{_string(k)}: {_dumps(x, depth + 1)}" for k, x in v.items()]) \
            + pad[:-1] + "}"
    if t is list:
        if not v:
            return "[]"
        pad = "\n" + " " * (depth + 1)
        try:
            inner = _flat(v)[1:-1]
        except TypeError:
            return _slow(v, depth)
        if "[" not in inner and "{" not in inner:
            parts = inner.split("\x00")
            if len(parts) == len(v):
                return "[" + ",".join([pad + p for p in parts]) + pad[:-1] + "]"
        return "[" + ",".join([pad + _dumps(x, depth + 1) for x in v]) + pad[:-1] + "]"
    if t is str:
        return _string(v)
    if t in (int, float, bool) or v is None:
        return _flat(v)
    return _slow(v, depth)  # anything else: json's own way


def _slow(v: Any, depth: int) -> str:
    text = json.dumps(v, ensure_ascii=False, indent=1)
    return text.replace("\n", "\n" + " " * depth) if depth else text


def _write(fh: TextIO, v: Any, depth: int) -> None:
    """Write ``v`` ``depth`` levels down as ``json.dump(indent=1)`` would: an iterator as
    a list written item by item, an object holding one key by key, the rest whole."""
    pad = "\n" + " " * (depth + 1)
    if isinstance(v, Iterator):
        empty = True
        for item in v:
            fh.write(("[" if empty else ",") + pad)
            _write(fh, item, depth + 1)
            empty = False
        fh.write("[]" if empty else pad[:-1] + "]")
    elif type(v) is dict and any(isinstance(x, Iterator) for x in v.values()):
        for i, (key, x) in enumerate(v.items()):
            fh.write(("," if i else "{") + pad + _string(key) + ": ")
            _write(fh, x, depth + 1)
        fh.write(pad[:-1] + "}")
    else:
        fh.write(_dumps(v, depth))


def _write_document(fh: TextIO, sections: Iterator[tuple[str, Any]]) -> str:
    """Write the document's ``(key, value)`` sections (values as :func:`_write` writes
    them); the text is exactly ``json.dump(doc, indent=1)``'s. Returns the campaign's
    name."""
    name = ""
    fh.write("{")
    for i, (key, value) in enumerate(sections):
        fh.write(("," if i else "") + "\n " + _string(key) + ": ")
        if key == "campaign":
            name = value["name"]
        _write(fh, value, 1)
    fh.write("\n}")
    return name


def _whole(v: Any) -> Any:
    """``v`` with every iterator in it read into a list (the document as one object)."""
    if isinstance(v, Iterator):
        return [_whole(x) for x in v]
    if type(v) is dict and any(isinstance(x, Iterator) for x in v.values()):
        return {k: _whole(x) for k, x in v.items()}
    return v


class _Numbers:
    """The document numbers (1, 2, ...) of fighters or units: rosters in document order,
    each one's in id order; found by id with a binary search over the ids (arrays, not a
    dict: a few MB for a national league)."""

    def __init__(self, ids: Any, rosters: Any, rpos: Mapping[int, int]) -> None:
        self.ids = ids
        order = sorted(range(len(ids)), key=lambda i: rpos[rosters[i]])  # stable: id order within a roster
        self.nums = array("q", bytes(8 * len(ids)))
        for n, i in enumerate(order, 1):
            self.nums[i] = n

    def number(self, id_: int | None) -> int | None:
        if id_ is None:
            return None
        i = bisect_left(self.ids, id_)
        return self.nums[i] if i < len(self.ids) and self.ids[i] == id_ else None


def _export(conn: Connection, cid: int) -> dict[str, Any]:
    """The document of campaign ``cid``, read on ``conn`` (one snapshot)."""
    return {k: _whole(v) for k, v in _sections(conn, cid)}


ROSTER_CHUNK = 5000
"""Fighters (and units) read at a time by the export: whole rosters up to about this many."""
BATTLE_CHUNK = 2000
"""Battles read at a time by the export."""


def _chunks(rosters: list[Any], sizes: Mapping[int, int], limit: int) -> Iterator[list[Any]]:
    """``rosters`` in order, cut into runs of about ``limit`` figures (a bigger roster alone)."""
    run: list[Any] = []
    n = 0
    for r in rosters:
        k = sizes.get(r["id"], 0)
        if run and n + k > limit:
            yield run
            run, n = [], 0
        run.append(r)
        n += k
    if run:
        yield run


def _sections(conn: Connection, cid: int, counts: dict[str, int] | None = None) -> Iterator[tuple[str, Any]]:
    """The document of campaign ``cid`` as ``(key, value)`` in document order; the
    rosters, battles and rolls as iterators reading on ``conn`` as they are consumed
    (each consumed before the next section is asked for). ``counts`` is filled in
    (rosters, fighters, units, battles, rolls) as they go by."""
    counts = counts if counts is not None else {}
    head = campaign_head(conn, cid)
    camp, rosters, walkers = head.campaign, head.rosters, head.walker_types

    # document-local references, in document order
    wref = {w["id"]: f"w{i}" for i, w in enumerate(walkers, 1)}
    rref = {r["id"]: f"r{i}" for i, r in enumerate(rosters, 1)}
    rpos = {r["id"]: i for i, r in enumerate(rosters)}
    fighters = _Numbers(head.fighter_ids, head.fighter_rosters, rpos)
    units = _Numbers(head.unit_ids, head.unit_rosters, rpos)
    sizes: dict[int, int] = {}
    for rid in (*head.fighter_rosters, *head.unit_rosters):
        sizes[rid] = sizes.get(rid, 0) + 1
    battles = head.battle_ids
    from campaign_app.systems import systems  # gear: the system's rating rule
    from campaign_app.usecases.gear import rating_of

    gs = systems().get(camp["system"])
    counted = gs.rating_statuses if gs is not None else ()
    worth: dict[str, dict[str, int]] = {}

    def fref(fid: int | None) -> str | None:
        n = fighters.number(fid)
        return None if n is None else f"f{n}"

    def uref(uid: int | None) -> str | None:
        n = units.number(uid)
        return None if n is None else f"u{n}"

    def bref(bid: int | None) -> str | None:
        if bid is None:
            return None
        i = bisect_left(battles, bid)
        return f"b{i + 1}" if i < len(battles) and battles[i] == bid else None

    def dref(did: int | None) -> str | None:
        n = head.injury_rolls.get(did) if did is not None else None
        return None if n is None else f"d{n}"

    # a fighter's, a unit's and their equipment's fields are their shapes' (entities)
    def eq_doc(e: Mapping[str, Any]) -> dict[str, Any]:
        return EQUIPMENT_DOC.build(e)

    def roster_docs() -> Iterator[dict[str, Any]]:
        for chunk in _chunks(rosters, sizes, ROSTER_CHUNK):
            part = roster_parts(conn, [r["id"] for r in chunk])
            by_roster: dict[int, list[Any]] = {}
            for f in part.fighters:
                by_roster.setdefault(f["roster_id"], []).append(f)
            units_by: dict[int, list[Any]] = {}
            for u in part.units:
                units_by.setdefault(u["roster_id"], []).append(u)
            eq_f: dict[int, list[Any]] = {}
            eq_u: dict[int, list[Any]] = {}
            for e in part.equipment:
                if e["fighter_id"] is not None:
                    eq_f.setdefault(e["fighter_id"], []).append(e)
                elif e["unit_id"] is not None:
                    eq_u.setdefault(e["unit_id"], []).append(e)
            sk_f: dict[int, list[Any]] = {}
            for sk in part.skills:
                sk_f.setdefault(sk["fighter_id"], []).append(sk)
            inj_f: dict[int, list[Any]] = {}
            for i in part.injuries:
                inj_f.setdefault(i["fighter_id"], []).append(i)

            def fighter_doc(f: Mapping[str, Any], eq_f: dict[int, list[Any]] = eq_f,
                            sk_f: dict[int, list[Any]] = sk_f, inj_f: dict[int, list[Any]] = inj_f) -> dict[str, Any]:
                return FIGHTER_DOC.build(
                    f, ref=fref(f["id"]),
                    captured_by=rref.get(f["captured_by_roster_id"]),
                    walker_type=wref.get(f["walker_type_id"]),
                    crew_of=fref(f["crew_of_id"]),
                    created_at=_iso(f["created_at"]),
                    equipment=[eq_doc(e) for e in eq_f.get(f["id"], [])],
                    skills=[{"name": s["name"], "source": s["source"]} for s in sk_f.get(f["id"], [])],
                    injuries=[
                        {
                            "table": i["table_id"], "roll": i["roll"], "faces": i["faces"],
                            "result": i["result"], "label": i["label"], "battle": bref(i["battle_id"]),
                            "roll_record": dref(i["roll_record_id"]),
                            "effects_applied": list(i["effects_applied"] or []),
                            "effects_skipped": list(i["effects_skipped"] or []),
                            "created_at": _iso(i["created_at"]),
                        }
                        for i in inj_f.get(f["id"], [])
                    ])

            def unit_doc(u: Mapping[str, Any], eq_u: dict[int, list[Any]] = eq_u) -> dict[str, Any]:
                return UNIT_DOC.build(u, ref=uref(u["id"]), created_at=_iso(u["created_at"]),
                                      equipment=[eq_doc(e) for e in eq_u.get(u["id"], [])])

            # --- gear (gear helper): each roster's stash, ledger, territories and worth
            stash_r: dict[int, list[Any]] = {}
            for x in part.stash:
                stash_r.setdefault(x["roster_id"], []).append(x)
            ledger_r: dict[int, list[Any]] = {}
            for x in part.ledger:
                ledger_r.setdefault(x["roster_id"], []).append(x)
            held_r: dict[int, list[Any]] = {}
            for x in part.territories:
                held_r.setdefault(x["roster_id"], []).append(x)

            for r in chunk:
                its_fighters = by_roster.get(r["id"], [])
                its_units = units_by.get(r["id"], [])
                stash = stash_r.get(r["id"], [])
                rating = rating_of(counted, [(f["status"] or "active", f["credits_value"] or 0) for f in its_fighters])
                stash_value = sum((x["cost"] or 0) * (x["qty"] or 0) for x in stash)
                worth[rref[r["id"]]] = {"rating": rating, "credits": r["credits"], "stash": stash_value,
                                        "wealth": rating + r["credits"] + stash_value}
                counts["rosters"] = counts.get("rosters", 0) + 1
                counts["fighters"] = counts.get("fighters", 0) + len(its_fighters)
                counts["units"] = counts.get("units", 0) + len(its_units)
                # the roster's own fields (with its owner, league, and counters) are ROSTER_DOC's
                yield ROSTER_DOC.build(
                    r, ref=rref[r["id"]], created_at=_iso(r["created_at"]),
                    # one fighter at a time: a roster of thousands is never one big text
                    fighters=map(fighter_doc, its_fighters),
                    units=map(unit_doc, its_units),
                    stash=[{"name": x["name"], "category": x["category"], "qty": x["qty"], "cost": x["cost"],
                            "notes": x["notes"]} for x in stash],
                    ledger=[{"amount": x["amount"], "balance": x["balance"], "kind": x["kind"], "why": x["why"],
                             "item": x["item"], "fighter": fref(x["fighter_id"]),
                             "battle": bref(x["battle_id"]), "created_at": _iso(x["created_at"])}
                            for x in ledger_r.get(r["id"], [])],
                    territories=[{"name": x["name"], "credits": x["credits"], "dice": x["dice"],
                                  "rule": x["rule"]} for x in held_r.get(r["id"], [])],
                )

    def battle_docs() -> Iterator[dict[str, Any]]:
        for k in range(0, len(battles), BATTLE_CHUNK):
            part = battle_parts(conn, list(battles[k:k + BATTLE_CHUNK]))
            links_b: dict[int, list[Any]] = {}
            for link in part.battle_rosters:
                links_b.setdefault(link["battle_id"], []).append(link)
            res_b: dict[int, list[Any]] = {}
            for res in part.battle_results:
                res_b.setdefault(res["battle_id"], []).append(res)
            marks_b: dict[int, list[Any]] = {}
            for mk in part.battle_marks:
                marks_b.setdefault(mk["battle_id"], []).append(mk)
            for b in part.battles:
                counts["battles"] = counts.get("battles", 0) + 1
                yield {
                    "ref": bref(b["id"]), "number": b["number"], "played_on": _iso(b["played_on"]),
                    "scenario": b["scenario"], "outcome": b["outcome"],
                    "winner": rref.get(b["winner_roster_id"]), "cycle": b["cycle"], "notes": b["notes"],
                    "after_battle_done": bool(b["after_battle_done"]), "created_at": _iso(b["created_at"]),
                    "rosters": [{"roster": rref.get(x["roster_id"]), "result": x["result"]}
                                for x in links_b.get(b["id"], []) if x["roster_id"] in rref],
                    "results": [
                        {
                            "fighter": fref(x["fighter_id"]), "unit": uref(x["unit_id"]),
                            "status": x["status"], "scored_hit": bool(x["scored_hit"]),
                            "by_fighter": fref(x["by_fighter_id"]), "casualties": x["casualties"],
                            "details": dict(x["details"] or {}),
                        }
                        for x in res_b.get(b["id"], [])
                    ],
                    "state": b["state"], "attacker": rref.get(b["attacker_roster_id"]),
                    "setup": dict(b["setup"] or {}),
                    "marks": [
                        {"kind": x["kind"], "fighter": fref(x["fighter_id"]), "unit": uref(x["unit_id"]),
                         "by_fighter": fref(x["by_fighter_id"]), "value": x["value"], "before": x["before"],
                         "created_at": _iso(x["created_at"])}
                        for x in marks_b.get(b["id"], [])
                    ],
                }

    def roll_docs() -> Iterator[dict[str, Any]]:
        for n, x in enumerate(stream_rolls(conn, cid), 1):
            counts["rolls"] = n
            yield {
                "ref": f"d{n}", "created_at": _iso(x["created_at"]),
                "battle": bref(x["battle_id"]), "fighter": fref(x["fighter_id"]),
                "unit": uref(x["unit_id"]), "subject": x["subject"], "purpose": x["purpose"],
                "rule": x["rule"], "dice": x["dice"], "faces": x["faces"], "source": x["source"],
                "target": x["target"], "value": x["value"], "table": x["table_id"], "row": x["row"],
                "result": x["result"], "label": x["label"], "action": x["j_action"] or "",
                "undone": bool(x["j_undone"]),
                "mark": x["mark"], "step": x["step"], "face_pos": x["face_pos"],
                "v": x["v"], "first_mark": x["first_mark"],
                "prev_hash": x["prev_hash"], "hash": x["hash"],
            }

    yield "format", FORMAT
    yield "schema_version", SCHEMA_VERSION
    yield "campaign", CAMPAIGN_DOC.build(
        camp, stat_line=2, created_at=_iso(camp["created_at"]),
        house_rules=dict(camp["house_rules"] or {}),
        counters=[dict(x) for x in camp["counters"] or []],  # counters helper
        typed_dice=bool(camp["typed_dice"]))
    yield "walker_types", [
        {
            "ref": wref[w["id"]], "name": w["name"], "nation": w["nation"],
            "armour_front": w["armour_front"], "armour_side": w["armour_side"],
            "gun1": w["gun1"], "gun2": w["gun2"], "aa_mg": w["aa_mg"], "hull_mg": w["hull_mg"],
            "speed_road": w["speed_road"], "speed_cc": w["speed_cc"], "crew": w["crew"],
            "notes": w["notes"],
        }
        for w in walkers
    ]
    yield "rosters", roster_docs()
    yield "battles", battle_docs()
    yield "rolls", roll_docs()
    yield "content_packs", [{"name": x["name"], "items": dict(x["items"] or {}), "notes": x["notes"],
                             "created_at": _iso(x["created_at"])} for x in content_packs_of(conn, cid)]
    # records a game system keeps of its own (records helper)
    yield "records", [{"kind": x["kind"], "roster": rref.get(x["roster_id"]) if x["roster_id"] is not None
                       else None, "data": dict(x["data"] or {}), "created_at": _iso(x["created_at"])}
                      for x in system_records_of(conn, cid)]
    yield "worth", worth  # derived (gear): an import works them out again and ignores these
