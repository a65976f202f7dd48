"""JSON export of one campaign: one consistent snapshot, stable order and document-local
references, so ``export -> import into an empty database -> export`` gives the same document."""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from datetime import date, datetime
from pathlib import Path
from typing import Any

from campaign_app.errors import InputError
from campaign_app.usecases.common import (
    get_campaign,
)
from campaign_app.usecases.datafiles.results import ExportSummary
from campaign_app.usecases.datafiles.schema import (
    FORMAT,
    SCHEMA_VERSION,
)
from db.queries.transfer import TABLES, CampaignRows, Connection, campaign_rows, snapshot
from db.uow import Engine, read_session

_T = TABLES  # every table by name (validate reads the column limits from them)


def _iso(v: datetime | date | None) -> str | None:
    return None if v is None else v.isoformat()


def export_json(engine: Engine, campaign: Any) -> dict[str, Any]:
    """The whole campaign as a JSON-ready document (see docs/json-format.md)."""
    with read_session(engine) as s:
        cid = get_campaign(s, campaign).id
    assert cid is not None
    with snapshot(engine) as conn:
        return _export(conn, cid)


def export_json_file(engine: Engine, campaign: Any, path: str | os.PathLike[str]) -> ExportSummary:
    """Write the campaign to ``path`` (whole, then renamed; never over the database, its
    side files or its backups folder); returns a summary."""
    from campaign_app.files import check_output_path
    from db.backup import protected_outputs

    check_output_path(path, protected_outputs(engine), example="campaign.json")
    doc = export_json(engine, campaign)
    write_json(doc, path)
    return _summary(doc, path)


def write_json(doc: Any, path: str | os.PathLike[str]) -> None:
    """Write ``doc`` as JSON through :func:`campaign_app.files.atomic_write` (a kill
    leaves the old file whole)."""
    from campaign_app.files import atomic_write

    p = Path(path)
    if "\x00" in str(p) or not p.name:
        raise InputError(f"{str(p)!r} is not a usable file name")
    if p.parent and not p.parent.exists():
        raise InputError(f"folder {p.parent} does not exist")
    with atomic_write(p) as tmp, open(tmp, "w", encoding="utf-8", newline="\n") as fh:
        json.dump(doc, fh, ensure_ascii=False, indent=1)
        fh.write("\n")


def _summary(doc: Mapping[str, Any], path: Any = None) -> ExportSummary:
    rosters = doc.get("rosters", [])
    return {
        "file": str(path) if path is not None else None,
        "campaign": doc["campaign"]["name"],
        "rosters": len(rosters),
        "fighters": sum(len(r.get("fighters", [])) for r in rosters),
        "units": sum(len(r.get("units", [])) for r in rosters),
        "battles": len(doc.get("battles", [])),
        "rolls": len(doc.get("rolls", [])),
    }


def _export(conn: Connection, cid: int) -> dict[str, Any]:
    """The document of campaign ``cid``, read on ``conn`` (one snapshot)."""
    return _document(campaign_rows(conn, cid))


def _document(rows: CampaignRows) -> dict[str, Any]:
    camp, rosters, fighters, units = rows.campaign, rows.rosters, rows.fighters, rows.units
    equipment, skills, injuries, walkers = rows.equipment, rows.skills, rows.injuries, rows.walker_types
    battles, links, results, rolls = rows.battles, rows.battle_rosters, rows.battle_results, rows.rolls
    marks = rows.battle_marks

    # document-local references, in document order
    wref = {w["id"]: f"w{i}" for i, w in enumerate(walkers, 1)}
    rref = {r["id"]: f"r{i}" for i, r in enumerate(rosters, 1)}
    by_roster: dict[int, list[Any]] = {}
    for f in fighters:
        by_roster.setdefault(f["roster_id"], []).append(f)
    units_by: dict[int, list[Any]] = {}
    for u in units:
        units_by.setdefault(u["roster_id"], []).append(u)
    fref: dict[int, str] = {}
    uref: dict[int, str] = {}
    for r in rosters:
        for f in by_roster.get(r["id"], []):
            fref[f["id"]] = f"f{len(fref) + 1}"
        for u in units_by.get(r["id"], []):
            uref[u["id"]] = f"u{len(uref) + 1}"
    bref = {b["id"]: f"b{i}" for i, b in enumerate(battles, 1)}
    dref = {x["id"]: f"d{i}" for i, x in enumerate(rolls, 1)}

    eq_f: dict[int, list[Any]] = {}
    eq_u: dict[int, list[Any]] = {}
    for e in equipment:
        if e["fighter_id"] is not None:
            eq_f.setdefault(e["fighter_id"], []).append(e)
        elif e["unit_id"] is not None:
            eq_u.setdefault(e["unit_id"], []).append(e)
    sk_f: dict[int, list[Any]] = {}
    for sk in skills:
        sk_f.setdefault(sk["fighter_id"], []).append(sk)
    inj_f: dict[int, list[Any]] = {}
    for i in injuries:
        inj_f.setdefault(i["fighter_id"], []).append(i)

    def eq_doc(e: Mapping[str, Any]) -> dict[str, Any]:
        return {
            "name": e["name"], "category": e["category"], "range": e["range"],
            "targets": e["targets"], "impact": e["impact"], "fp": e["fp"],
            "strength": e["strength"], "ap": e["ap"], "traits": list(e["traits"] or []),
            "qty": e["qty"], "cost": e["cost"], "notes": e["notes"],
        }

    def fighter_doc(f: Mapping[str, Any]) -> dict[str, Any]:
        return {
            "ref": fref[f["id"]], "name": f["name"], "type": f["fighter_type"], "role": f["role"],
            "kind": f["kind"], "rep": f["rep"], "stats": dict(f["stats"] or {}), "xp": f["xp"],
            "credits_value": f["credits_value"], "status": f["status"],
            "status_note": f["status_note"],
            "captured_by": rref.get(f["captured_by_roster_id"]),
            "walker_type": wref.get(f["walker_type_id"]),
            "crew_of": fref.get(f["crew_of_id"]),
            "abilities": list(f["abilities"] or []), "conditions": list(f["conditions"] or []),
            "notes": f["notes"], "created_at": _iso(f["created_at"]),
            "equipment": [eq_doc(e) for e in eq_f.get(f["id"], [])],
            "skills": [{"name": s["name"], "source": s["source"]} for s in sk_f.get(f["id"], [])],
            "injuries": [
                {
                    "table": i["table_id"], "roll": i["roll"], "faces": i["faces"],
                    "result": i["result"], "label": i["label"], "battle": bref.get(i["battle_id"]),
                    "roll_record": dref.get(i["roll_record_id"]),
                    "effects_applied": list(i["effects_applied"] or []),
                    "effects_skipped": list(i["effects_skipped"] or []),
                    "created_at": _iso(i["created_at"]),
                }
                for i in inj_f.get(f["id"], [])
            ],
        }

    def unit_doc(u: Mapping[str, Any]) -> dict[str, Any]:
        return {
            "ref": uref[u["id"]], "name": u["name"], "unit_type": u["unit_type"],
            "training": u["training"], "figures": u["figures"], "figures_start": u["figures_start"],
            "wounded": u["wounded"], "armour": u["armour"], "discipline": u["discipline"],
            "order": u["order"], "status": u["status"], "battles_fought": u["battles_fought"],
            "stats": dict(u["stats"] or {}), "notes": u["notes"], "created_at": _iso(u["created_at"]),
            "equipment": [eq_doc(e) for e in eq_u.get(u["id"], [])],
        }

    links_b: dict[int, list[Any]] = {}
    for link in links:
        links_b.setdefault(link["battle_id"], []).append(link)
    res_b: dict[int, list[Any]] = {}
    for res in results:
        res_b.setdefault(res["battle_id"], []).append(res)
    marks_b: dict[int, list[Any]] = {}
    for mk in marks:
        marks_b.setdefault(mk["battle_id"], []).append(mk)

    return {
        "format": FORMAT,
        "schema_version": SCHEMA_VERSION,
        "campaign": {
            "name": camp["name"], "system": camp["system"], "edition": camp["edition"],
            "expansions": list(camp["expansions"] or []), "cycle": camp["cycle"],
            "notes": camp["notes"], "created_at": _iso(camp["created_at"]),
            "house_rules": dict(camp["house_rules"] or {}),
        },
        "walker_types": [
            {
                "ref": wref[w["id"]], "name": w["name"], "nation": w["nation"],
                "armour_front": w["armour_front"], "armour_side": w["armour_side"],
                "gun1": w["gun1"], "gun2": w["gun2"], "aa_mg": w["aa_mg"], "hull_mg": w["hull_mg"],
                "speed_road": w["speed_road"], "speed_cc": w["speed_cc"], "crew": w["crew"],
                "notes": w["notes"],
            }
            for w in walkers
        ],
        "rosters": [
            {
                "ref": rref[r["id"]], "name": r["name"], "kind": r["kind"], "faction": r["faction"],
                "player": r["player"], "credits": r["credits"], "reputation": r["reputation"],
                "notes": r["notes"], "created_at": _iso(r["created_at"]),
                "fighters": [fighter_doc(f) for f in by_roster.get(r["id"], [])],
                "units": [unit_doc(u) for u in units_by.get(r["id"], [])],
            }
            for r in rosters
        ],
        "battles": [
            {
                "ref": bref[b["id"]], "number": b["number"], "played_on": _iso(b["played_on"]),
                "scenario": b["scenario"], "outcome": b["outcome"],
                "winner": rref.get(b["winner_roster_id"]), "cycle": b["cycle"], "notes": b["notes"],
                "after_battle_done": bool(b["after_battle_done"]), "created_at": _iso(b["created_at"]),
                "rosters": [{"roster": rref.get(x["roster_id"]), "result": x["result"]}
                            for x in links_b.get(b["id"], []) if x["roster_id"] in rref],
                "results": [
                    {
                        "fighter": fref.get(x["fighter_id"]), "unit": uref.get(x["unit_id"]),
                        "status": x["status"], "scored_hit": bool(x["scored_hit"]),
                        "by_fighter": fref.get(x["by_fighter_id"]), "casualties": x["casualties"],
                        "details": dict(x["details"] or {}),
                    }
                    for x in res_b.get(b["id"], [])
                ],
                "state": b["state"], "attacker": rref.get(b["attacker_roster_id"]),
                "setup": dict(b["setup"] or {}),
                "marks": [
                    {"kind": x["kind"], "fighter": fref.get(x["fighter_id"]), "unit": uref.get(x["unit_id"]),
                     "by_fighter": fref.get(x["by_fighter_id"]), "value": x["value"], "before": x["before"],
                     "created_at": _iso(x["created_at"])}
                    for x in marks_b.get(b["id"], [])
                ],
            }
            for b in battles
        ],
        "rolls": [
            {
                "ref": dref[x["id"]], "created_at": _iso(x["created_at"]),
                "battle": bref.get(x["battle_id"]), "fighter": fref.get(x["fighter_id"]),
                "unit": uref.get(x["unit_id"]), "subject": x["subject"], "purpose": x["purpose"],
                "rule": x["rule"], "dice": x["dice"], "faces": x["faces"], "source": x["source"],
                "target": x["target"], "value": x["value"], "table": x["table_id"], "row": x["row"],
                "result": x["result"], "label": x["label"], "action": x["j_action"] or "",
                "undone": bool(x["j_undone"]),
                "mark": x["mark"], "step": x["step"], "face_pos": x["face_pos"],
                "prev_hash": x["prev_hash"], "hash": x["hash"],
            }
            for x in rolls
        ],
    }
