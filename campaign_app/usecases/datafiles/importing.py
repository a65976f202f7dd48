"""JSON import of one campaign: check the whole document (validate), then write the plan in
one transaction with bulk inserts (executemany on SQLite, COPY on PostgreSQL)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC, datetime
from operator import attrgetter, itemgetter, methodcaller
from pathlib import Path
from typing import Any

from sqlalchemy import insert, select, text, update
from sqlalchemy.engine import Connection, Engine
from sqlmodel import Session

from campaign_app.usecases.datafiles.export import _T
from campaign_app.usecases.datafiles.limits import (
    ImportRefused,
    _load,
)
from campaign_app.usecases.datafiles.validate import _Plan, _Rows, validate_document
from db.models import (
    Campaign,
    utcnow,
)
from db.uow import UnitOfWork, fault_point, read_session


def _insert(s: Session, table: str, rows: _Rows | list[dict[str, Any]],
            extra: Mapping[str, Any] | None = None, returning: bool = False) -> list[int]:
    """Bulk-insert ``rows`` (keys starting with ``_`` are left out) plus the ``extra``
    columns (name -> one value per row as a list, or one value for all); with ``returning``
    give their new ids in row order: ``insert().returning(id, sort_by_parameter_order=True)``
    (batched by SQLAlchemy's insertmanyvalues), else executemany on SQLite, COPY on PostgreSQL."""
    if isinstance(rows, list):
        table_rows = _Rows()
        for r in rows:
            table_rows.append(r)
        rows = table_rows
    n = len(rows)
    if not n:
        return []
    t = _T[table]
    names = [k for k in rows.cols if k[0] != "_"]
    columns: list[list[Any]] = [rows.cols[k] for k in names]
    for k, v in (extra or {}).items():
        names.append(k)
        columns.append(v if isinstance(v, list) else [v] * n)
    conn = s.connection()
    pg = conn.dialect.name == "postgresql"
    if returning and pg and n >= _PG_COPY_ROWS:
        # many rows: ids drawn from the table's own sequence (nextval: nobody else gets
        # them), then COPY, which is much faster than INSERT ... RETURNING at this size
        ids = sorted(conn.execute(
            text("SELECT nextval(pg_get_serial_sequence(:t, 'id')) FROM generate_series(1, :n)"),
            {"t": t.name, "n": n},
        ).scalars())
        _pg_copy(conn, t, ["id", *names], [ids, *columns])
        return ids
    if returning:
        return _insert_returning(conn, t, names, columns)
    if pg:
        _pg_copy(conn, t, names, columns)
    else:
        _sqlite_insert(conn, t, names, columns)
    return []


_PG_COPY_ROWS = 1000  # from this many rows on, PostgreSQL COPYs even when the ids are needed


def _insert_returning(conn: Connection, t: Any, names: list[str], columns: list[Any]) -> list[int]:
    """INSERT ... RETURNING id, the ids in the order of the rows."""
    stmt = insert(t).returning(t.c.id, sort_by_parameter_order=True)
    params = [dict(zip(names, row, strict=True)) for row in zip(*columns, strict=True)]
    return list(conn.execute(stmt, params).scalars())


def _sqlite_insert(conn: Connection, t: Any, names: list[str], columns: list[Any]) -> None:
    """SQLite: one executemany of plain tuples, each value converted by the column type's
    own bind processor (the text SQLAlchemy would store)."""
    from sqlalchemy import JSON

    dialect = conn.dialect
    columns = list(columns)
    for i, k in enumerate(names):
        proc = t.c[k].type.dialect_impl(dialect).bind_processor(dialect)
        if proc is not None:
            columns[i] = _stored(proc, columns[i], isinstance(t.c[k].type, JSON))
    q = dialect.identifier_preparer.quote
    sql = (f"INSERT INTO {q(t.name)} ({', '.join(q(k) for k in names)}) "  # noqa: S608
           f"VALUES ({', '.join('?' * len(names))})")
    conn.exec_driver_sql(sql, list(zip(*columns, strict=True)))


_PROBE = datetime(2001, 2, 3, 4, 5, 6, 7, tzinfo=UTC)
_ISO = methodcaller("isoformat", " ", "microseconds")
_NO_OFFSET = itemgetter(slice(0, 26))


def _stored(proc: Any, vals: list[Any], is_json: bool) -> list[Any]:
    """``proc`` applied to every value, faster for the usual columns: UTC datetimes (SQLite
    keeps "YYYY-MM-DD HH:MM:SS.ffffff"; checked against ``proc`` on a probe and on the
    first value) and empty JSON objects and lists (the same text every time)."""
    kinds = set(map(type, vals))
    if kinds == {datetime} and set(map(id, map(attrgetter("tzinfo"), vals))) == {id(UTC)}:
        if all(proc(v) == _NO_OFFSET(_ISO(v)) for v in (_PROBE, vals[0])):
            return list(map(_NO_OFFSET, map(_ISO, vals)))
    elif is_json and kinds <= {dict, list}:
        empty: dict[type, Any] = {dict: proc({}), list: proc([])}
        return [proc(v) if v else empty[type(v)] for v in vals]
    return list(map(proc, vals))


def _pg_copy(conn: Connection, t: Any, names: list[str], columns: list[Any]) -> None:
    """PostgreSQL: COPY the rows in (much faster than INSERTs for thousands of rows)."""
    from sqlalchemy import JSON

    columns = list(columns)
    for i, k in enumerate(names):
        if isinstance(t.c[k].type, JSON):
            columns[i] = [None if v is None else json.dumps(v, ensure_ascii=False) for v in columns[i]]
    q = conn.dialect.identifier_preparer.quote
    raw: Any = conn.connection.driver_connection
    with raw.cursor() as cur, cur.copy(
        f"COPY {q(t.name)} ({', '.join(q(c) for c in names)}) FROM STDIN"
    ) as cp:
        for row in zip(*columns, strict=True):
            cp.write_row(row)


def _write_plan(s: Session, plan: _Plan, summary: str) -> int:
    """Insert a checked plan with bulk inserts; returns the new campaign's id."""
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
    fid = dict(zip(fighters["_ref"], _insert(s, "fighter", fighters, {
        "roster_id": ids_of(fighters, "_roster", rid),
        "captured_by_roster_id": refs(fighters, "_captured_by", rid),
        "walker_type_id": refs(fighters, "_walker_type", wid),
        "crew_of_id": None,
    }, returning=True), strict=True))
    crews = [{"b_id": fid[f], "b_crew": fid[c]} for f, c in zip(fighters["_ref"], fighters["_crew_of"],
                                                                 strict=True) if c]
    if crews:
        from sqlalchemy import bindparam

        t = _T["fighter"]
        s.execute(update(t).where(t.c.id == bindparam("b_id")).values(crew_of_id=bindparam("b_crew")), crews)
    uid = dict(zip(plan.units["_ref"],
                   _insert(s, "unit", plan.units, {"roster_id": ids_of(plan.units, "_roster", rid)},
                           returning=True), strict=True))
    _insert(s, "equipment", plan.equipment, {"fighter_id": refs(plan.equipment, "_fighter", fid),
                                             "unit_id": refs(plan.equipment, "_unit", uid)})
    _insert(s, "skill", plan.skills, {"fighter_id": ids_of(plan.skills, "_fighter", fid)})
    fault_point("import.after-rosters")

    bid = dict(zip(plan.battles["_ref"],
                   _insert(s, "battle", plan.battles, {"campaign_id": cid,
                                                       "winner_roster_id": refs(plan.battles, "_winner", rid)},
                           returning=True), strict=True))
    links, results = plan.battle_rosters, plan.battle_results
    _insert(s, "battle_roster", links, {"battle_id": ids_of(links, "_battle", bid),
                                        "roster_id": ids_of(links, "_roster", rid)})
    _insert(s, "battle_result", results, {
        "battle_id": ids_of(results, "_battle", bid),
        "fighter_id": refs(results, "_fighter", fid),
        "unit_id": refs(results, "_unit", uid),
        "by_fighter_id": refs(results, "_by", fid)})
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


def _taken_names(engine: Engine) -> set[str]:
    with engine.connect() as conn:
        return {r[0] for r in conn.execute(select(_T["campaign"].c.name))}


def import_json(engine: Engine, path_or_doc: Any, *, rename: str | None = None,
                backup: bool = True) -> Campaign:
    """Import a campaign file as a new campaign; every problem is reported, nothing written
    on any. An automatic backup is taken just before writing."""
    doc, source = _load(path_or_doc)
    plan, problems, more = validate_document(doc, rename=rename, taken_names=_taken_names(engine))
    if problems:
        raise ImportRefused(source, problems, more)
    if backup:
        from campaign_app.usecases.backup import automatic_backup

        automatic_backup(engine, "pre-import")
    name = plan.campaign["name"]
    with UnitOfWork(engine, "campaign.import", journaled=False) as uow:
        fault_point("import.start")
        cid = _write_plan(uow.session, plan, f"import campaign {name} from {Path(source).name}")
        uow.campaign_id = cid
    with read_session(engine) as s:
        c = s.get(Campaign, cid)
        assert c is not None
        return c
