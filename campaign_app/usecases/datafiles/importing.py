"""JSON import of one campaign: check the whole document (validate), then write the plan in
one transaction with bulk inserts (executemany on SQLite, COPY on PostgreSQL)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from campaign_app import rollchain
from campaign_app.changes import Changes
from campaign_app.dice import RollResult
from campaign_app.errors import InputError
from campaign_app.usecases.common import get_campaign
from campaign_app.usecases.datafiles.limits import (
    ImportRefused,
    _load,
    read_json_file,
)
from campaign_app.usecases.datafiles.results import ImportResult
from campaign_app.usecases.datafiles.validate import _Plan, _Rows, validate_document
from db.models import utcnow
from db.queries.transfer import _sqlite_insert, _stored, campaign_names, insert_columns, set_crews
from db.uow import Engine, Session, UnitOfWork, fault_point, read_session

__all__ = ["_insert", "_sqlite_insert", "_stored", "_write_plan", "import_json"]


def _insert(s: Session, table: str, rows: _Rows | list[dict[str, Any]],
            extra: Mapping[str, Any] | None = None, returning: bool = False) -> list[int]:
    """Bulk-insert ``rows`` (keys starting with ``_`` are left out) plus the ``extra``
    columns (name -> one value per row as a list, or one value for all); with ``returning``
    give their new ids in row order (:func:`db.queries.transfer.insert_columns`: Core
    ``insert().returning()``, executemany on SQLite, COPY on PostgreSQL)."""
    if isinstance(rows, list):
        table_rows = _Rows()
        for r in rows:
            table_rows.append(r)
        rows = table_rows
    n = len(rows)
    if not n:
        return []
    names = [k for k in rows.cols if k[0] != "_"]
    columns: list[list[Any]] = [rows.cols[k] for k in names]
    for k, v in (extra or {}).items():
        names.append(k)
        columns.append(v if isinstance(v, list) else [v] * n)
    return insert_columns(s, table, names, columns, returning)


def chain_plan(plan: _Plan) -> rollchain.Break | None:
    """The roll record's hash chain (record helper): check the hashes the file gives
    (when it gives any), then chain the rolls afresh in file order (each hash covers the
    roll's content, never a database id, so an intact chain comes out the same); the
    first record whose given content or order does not match, if any. Rolls of an undone
    action are marked ``undone``."""
    rolls = plan.rolls
    n = len(rolls)
    if not n or "_chained" in rolls.cols:
        return None
    cols = {k: rolls[k] for k in rollchain.HASHED}
    given_prev, given = rolls["prev_hash"], rolls["hash"]
    refs = rolls["_ref"]
    rows = [{k: cols[k][i] for k in rollchain.HASHED} | {"prev_hash": given_prev[i], "hash": given[i], "ref": refs[i]}
            for i in range(n)]
    brk, intact = None, False
    if any(given):
        checked, brk = rollchain.first_break(rows, ref="ref")
        intact = brk is None and checked == n
    if intact:  # checked link by link from "": what chaining afresh would make (not hashed twice)
        rolls.cols["prev_hash"] = [p or "" for p in given_prev]
        rolls.cols["hash"] = [str(h) for h in given]
    else:
        rollchain.chain("", rows)
        rolls.cols["prev_hash"] = [r["prev_hash"] for r in rows]
        rolls.cols["hash"] = [r["hash"] for r in rows]
    rolls.cols["mark"] = ["undone" if u and m == "applied" else m
                          for m, u in zip(rolls["mark"], rolls["_undone"], strict=True)]
    rolls.cols["_chained"] = [True] * n
    return brk


def _write_plan(s: Session, plan: _Plan, summary: str) -> int:
    """Insert a checked plan with bulk inserts; returns the new campaign's id."""
    chain_plan(plan)
    now = utcnow()
    cid = _insert(s, "campaign", [plan.campaign], returning=True)[0]
    fault_point("import.after-campaign")

    # journals: one per (action, undone) of the roll record, then the import itself last,
    # so undo stops at the import and redo never replays an imported undone action
    keys = list(dict.fromkeys(k for k in zip(plan.rolls["_action"], plan.rolls["_undone"], strict=True)
                              if k[0]))
    holders = dict(zip(keys, _insert(s, "journal", [{
        "campaign_id": cid, "action": key[0], "summary": "imported roll record",
        "created_at": now, "undone": key[1], "undone_at": now if key[1] else None,
    } for key in keys], returning=True), strict=True))
    _insert(s, "journal", [{"campaign_id": cid, "action": "campaign.create", "summary": summary,
                            "created_at": now, "undone": False, "undone_at": None}])

    def refs(rows: _Rows, key: str, ids: dict[str, int]) -> list[int | None]:
        return [ids[r] if r else None for r in rows[key]]

    def ids_of(rows: _Rows, key: str, ids: dict[str, int]) -> list[int]:
        return [ids[r] for r in rows[key]]

    wid = dict(zip(plan.walker_types["_ref"],
                   _insert(s, "walker_type", plan.walker_types, {"campaign_id": cid}, returning=True),
                   strict=True))
    rid = dict(zip(plan.rosters["_ref"],
                   _insert(s, "roster", plan.rosters, {"campaign_id": cid}, returning=True), strict=True))
    fighters = plan.fighters
    fighter_rosters = ids_of(fighters, "_roster", rid)
    fid = dict(zip(fighters["_ref"], _insert(s, "fighter", fighters, {
        "roster_id": fighter_rosters,
        "captured_by_roster_id": refs(fighters, "_captured_by", rid),
        "walker_type_id": refs(fighters, "_walker_type", wid),
        "crew_of_id": None,
    }, returning=True), strict=True))
    set_crews(s, [(fid[f], fid[c]) for f, c in zip(fighters["_ref"], fighters["_crew_of"], strict=True) if c])
    unit_rosters = ids_of(plan.units, "_roster", rid)
    uid = dict(zip(plan.units["_ref"], _insert(s, "unit", plan.units, {"roster_id": unit_rosters}, returning=True),
                   strict=True))
    # each figure's roster, for the copies its battle results keep (db.models.BattleResult)
    f_roster = dict(zip(fighters["_ref"], fighter_rosters, strict=True))
    u_roster = dict(zip(plan.units["_ref"], unit_rosters, strict=True))
    _insert(s, "equipment", plan.equipment, {"fighter_id": refs(plan.equipment, "_fighter", fid),
                                             "unit_id": refs(plan.equipment, "_unit", uid)})
    _insert(s, "skill", plan.skills, {"fighter_id": ids_of(plan.skills, "_fighter", fid)})
    _insert(s, "stash_item", plan.stash, {"roster_id": ids_of(plan.stash, "_roster", rid)})  # gear
    _insert(s, "content_pack", plan.content_packs, {"campaign_id": cid})  # gear
    _insert(s, "territory", plan.territories, {"roster_id": ids_of(plan.territories, "_roster", rid)})
    _insert(s, "system_record", plan.records, {"campaign_id": cid,  # records helper
                                               "roster_id": refs(plan.records, "_roster", rid)})
    fault_point("import.after-rosters")

    bid = dict(zip(plan.battles["_ref"],
                   _insert(s, "battle", plan.battles, {"campaign_id": cid,
                                                       "winner_roster_id": refs(plan.battles, "_winner", rid),
                                                       "attacker_roster_id": refs(plan.battles, "_attacker", rid)},
                           returning=True), strict=True))
    links, results = plan.battle_rosters, plan.battle_results
    _insert(s, "battle_roster", links, {"battle_id": ids_of(links, "_battle", bid),
                                        "roster_id": ids_of(links, "_roster", rid)})
    _insert(s, "battle_result", results, {
        "battle_id": ids_of(results, "_battle", bid),
        "fighter_id": refs(results, "_fighter", fid),
        "unit_id": refs(results, "_unit", uid),
        "by_fighter_id": refs(results, "_by", fid),
        "roster_id": [f_roster[f] if f else u_roster[u] if u else None
                      for f, u in zip(results["_fighter"], results["_unit"], strict=True)],
        "by_roster_id": refs(results, "_by", f_roster)})
    marks = plan.battle_marks
    _insert(s, "battle_mark", marks, {
        "battle_id": ids_of(marks, "_battle", bid),
        "fighter_id": refs(marks, "_fighter", fid),
        "unit_id": refs(marks, "_unit", uid),
        "by_fighter_id": refs(marks, "_by", fid)})
    ledger = plan.ledger  # gear: after the battles it names
    _insert(s, "ledger_entry", ledger, {"roster_id": ids_of(ledger, "_roster", rid),
                                        "fighter_id": refs(ledger, "_fighter", fid),
                                        "battle_id": refs(ledger, "_battle", bid)})
    fault_point("import.after-battles")

    rolls, injuries = plan.rolls, plan.injuries
    needed = any(injuries["_roll"])
    ids = _insert(s, "roll_record", rolls, {
        "campaign_id": cid,
        "journal_id": [holders[(a, u)] if a else None
                       for a, u in zip(rolls["_action"], rolls["_undone"], strict=True)],
        "battle_id": refs(rolls, "_battle", bid),
        "fighter_id": refs(rolls, "_fighter", fid),
        "unit_id": refs(rolls, "_unit", uid),
    }, returning=needed)
    did = dict(zip(rolls["_ref"], ids, strict=True)) if needed else {}
    fault_point("import.after-rolls")
    _insert(s, "lasting_injury", injuries, {
        "fighter_id": ids_of(injuries, "_fighter", fid),
        "battle_id": refs(injuries, "_battle", bid),
        "roll_record_id": refs(injuries, "_roll", did)})
    fault_point("import.after-injuries")
    return cid


def import_json(engine: Engine, path_or_doc: Any, *, rename: str | None = None,
                backup: bool = True, accept_broken_chain: bool = False,
                streamed: bool | None = None) -> ImportResult:
    """Import a campaign file as a new campaign; every problem is reported, nothing written
    on any. An automatic backup is taken just before writing. The result names the new
    campaign; its change set is everything (a whole campaign is added).

    The roll record's hash chain is checked: a broken one is refused unless
    ``accept_broken_chain`` (then the rolls are chained afresh and a chained note
    record after them says where the file's chain was broken).

    A file larger than the whole-document limit (``MAX_FILE_BYTES``) is streamed
    (:mod:`.streamed`: read section by section, checked and written in chunks in the same
    one transaction, in bounded memory); ``streamed`` forces either way for a file."""
    from campaign_app.usecases.datafiles import streamed as _streamed

    if streamed is None:
        streamed = _streamed.should_stream(path_or_doc)
    if streamed:
        if not isinstance(path_or_doc, (str, os.PathLike)):
            raise InputError("a streamed import reads a file")
        if not Path(path_or_doc).is_file():
            read_json_file(path_or_doc)  # the same one-line refusal (no such file, a folder)

        def before_write() -> None:
            if backup:
                from campaign_app.usecases.backup import automatic_backup

                automatic_backup(engine, "pre-import")

        cid, _brk = _streamed.import_streamed(
            engine, path_or_doc, rename=rename, taken=campaign_names(engine),
            accept_broken_chain=accept_broken_chain, before_write=before_write,
            summary=lambda name: f"import campaign {name} from {Path(path_or_doc).name}")
        return _result(engine, cid)
    doc, source = _load(path_or_doc)
    plan, problems, more = validate_document(doc, rename=rename, taken_names=campaign_names(engine))
    if problems:
        raise ImportRefused(source, problems, more)
    brk = chain_plan(plan)
    if brk is not None and not accept_broken_chain:
        raise ImportRefused(source, [f"rolls: the roll record's hash chain is broken at {brk.text('roll')}; "
                                     "accept the broken chain to import it anyway (the break is recorded)"])
    if backup:
        from campaign_app.usecases.backup import automatic_backup

        automatic_backup(engine, "pre-import")
    name = plan.campaign["name"]
    with UnitOfWork(engine, "campaign.import", journaled=False) as uow:
        fault_point("import.start")
        cid = _write_plan(uow.session, plan, f"import campaign {name} from {Path(source).name}")
        uow.campaign_id = cid
        if brk is not None:  # the break accepted: on record, as a chained note
            note = RollResult(spec=rollchain.NOTE_DICE, faces=[], value=0, source="note", purpose=(
                f"import from {Path(source).name}: the file's roll hash chain was broken at "
                f"{brk.text('roll')}; accepted, its rolls chained afresh")[:2000])
            uow.record_rolls([note], mark="note")
    return _result(engine, cid)


def _result(engine: Engine, cid: int) -> ImportResult:
    from campaign_app.usecases.shapes import campaign_dict

    with read_session(engine) as s:
        d = campaign_dict(get_campaign(s, cid))
    return ImportResult(id=d["id"], name=d["name"], system=d["system"], system_name=d["system_name"],
                        edition=d["edition"], expansions=list(d["expansions"]),
                        house_rules=list(d["house_rules"]), cycle=d["cycle"], version=d["version"],
                        changes=Changes.all())
