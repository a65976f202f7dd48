"""Records a game system keeps of its own (records helper): the example plug-in's relics
a roster holds, or anything a plug-in declares as a :class:`~campaign_app.systems.api.
RecordKind` with a pydantic model. One core table holds them all (``system_record``);
these use-cases are the only way in: each write is one unit of work (one transaction,
one journal, one Undo step), the data checked by the plug-in's model first (a one-line
error naming the field, nothing written on bad input).

A record is found by its id, or by its title (the kind's ``title`` field, e.g. its name)
among its holder's records of that kind."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError
from typing_extensions import TypedDict  # pydantic reads it on Python 3.11 (the facade's results)

from campaign_app.changes import Result
from campaign_app.errors import InputError, NotFoundError
from campaign_app.systems.api import GameSystem, RecordKind
from campaign_app.usecases.common import Ref, as_id, campaign_of_roster, get_campaign, get_roster
from db.models import Campaign, Roster, SystemRecord
from db.queries import records as q
from db.uow import Engine, Session, UnitOfWork, read_session

__all__ = ["RecordData", "RecordList", "RecordProblem", "RecordResult", "add_record", "edit_record",
           "list_records", "remove_record", "validate_record"]

MAX_RECORD_BYTES = 64_000
"""The most a record's data may take as JSON (a record is a note, not a file)."""
MAX_RECORDS = 10_000
"""The most records of one kind a holder may have (the import checks the same)."""


class RecordData(TypedDict):
    id: int
    kind: str
    roster_id: int | None
    roster: str  # the holder roster's name ("" = the campaign's own)
    title: str  # the value of the kind's title field ("" when it has none)
    data: dict[str, Any]
    version: int


class RecordList(TypedDict):
    campaign: str
    roster: str  # "" = every holder
    kind: str  # "" = every kind
    label: str  # the kind's plural in words ("" = several kinds)
    records: list[RecordData]


@dataclass(frozen=True, kw_only=True)
class RecordResult(Result):
    id: int
    kind: str
    campaign_id: int
    roster_id: int | None
    roster: str
    title: str
    data: dict[str, Any]
    removed: bool = False


def _system(c: Campaign) -> GameSystem:
    from campaign_app.systems.registry import game_system

    return game_system(c.system)


class RecordProblem(InputError):
    """The data of a record its system's model refuses: ``where`` the field ("" = the
    record as a whole), ``reason`` why."""

    def __init__(self, one: str, where: str, reason: str) -> None:
        super().__init__(f"{one} {where}: {reason}" if where else f"{one}: {reason}")
        self.where = where
        self.reason = reason


def validate_record(gs: GameSystem, kind: str, data: Any) -> dict[str, Any]:
    """``data`` as the plug-in's model of ``kind`` accepts and stores it (JSON-ready), or
    a :class:`RecordProblem` naming the first field it refuses ("relic power: ...")."""
    rk = gs.record_kind(kind)
    one, _ = rk.words
    if not isinstance(data, Mapping):
        raise RecordProblem(one, "", f"an object of fields, not {type(data).__name__}")
    model = gs.record_model(kind)
    if not (isinstance(model, type) and issubclass(model, BaseModel)):
        raise RecordProblem(one, "", f"{gs.name}'s model {rk.model} is not a pydantic model")
    try:
        out = model.model_validate(dict(data)).model_dump(mode="json")
    except ValidationError as e:
        d = e.errors(include_url=False)[0]
        raise RecordProblem(one, ".".join(str(x) for x in d["loc"]), d["msg"]) from None
    if len(json.dumps(out, ensure_ascii=False).encode()) > MAX_RECORD_BYTES:
        raise RecordProblem(one, "", f"more than {MAX_RECORD_BYTES:,} bytes of data")
    if rk.title:
        title = out.get(rk.title)
        if not isinstance(title, str) or not title.strip():
            raise RecordProblem(one, rk.title, f"a {one} needs one")
    return out




def _title(rk: RecordKind, data: Mapping[str, Any]) -> str:
    v = data.get(rk.title) if rk.title else None
    return v if isinstance(v, str) else ""


def _kind_of(s: Session, kind: str, roster: Ref | None, campaign: Ref | None
             ) -> tuple[GameSystem, RecordKind, Campaign, Roster | None]:
    """The system, the kind and the holder: the campaign, and the roster when the kind's
    records are a roster's (``roster`` found within ``campaign`` when both are named)."""
    c0 = get_campaign(s, campaign) if campaign is not None else None
    r0 = get_roster(s, roster, c0) if roster is not None else None
    if r0 is not None:
        c = campaign_of_roster(s, r0)
    elif c0 is not None:
        c = c0
    else:
        raise InputError("name the roster or the campaign")
    gs = _system(c)
    rk = gs.record_kind(kind)
    if rk.holder == "campaign":
        return gs, rk, c, None
    if r0 is None:
        raise InputError(f"name the roster that holds the {rk.words[0]}")
    return gs, rk, c, r0


def _find(s: Session, rk: RecordKind, c: Campaign, r: Roster | None, record: Ref) -> SystemRecord:
    one, _ = rk.words
    held = q.records_of(s, c.id or 0, rk.key, roster_id=r.id if r is not None else None,
                        campaign_only=r is None)
    ident = as_id(str(record).strip())
    if ident is not None:
        for x in held:
            if x.id == ident:
                return x
    text = str(record).strip().casefold()
    found = [x for x in held if rk.title and _title(rk, x.data).casefold() == text]
    if len(found) == 1:
        return found[0]
    where = r.name if r is not None else c.name
    raise NotFoundError(f"{where} has no {one} {str(record).strip()!r}")


def _same_title(s: Session, rk: RecordKind, c: Campaign, r: Roster | None, data: Mapping[str, Any],
                but: int | None = None) -> None:
    if not rk.title:
        return
    one, many = rk.words
    title = _title(rk, data).casefold()
    held = q.records_of(s, c.id or 0, rk.key, roster_id=r.id if r is not None else None,
                        campaign_only=r is None)
    where = r.name if r is not None else c.name
    if any(x.id != but and _title(rk, x.data).casefold() == title for x in held):
        raise InputError(f"{where} already has a {one} named {_title(rk, data)!r}")
    if but is None and len(held) >= MAX_RECORDS:
        raise InputError(f"{where} already has {MAX_RECORDS:,} {many}")


def _result(x: SystemRecord, rk: RecordKind, r: Roster | None, changes: Any, removed: bool = False) -> RecordResult:
    return RecordResult(id=x.id or 0, kind=x.kind, campaign_id=x.campaign_id, roster_id=x.roster_id,
                        roster=r.name if r is not None else "", title=_title(rk, x.data), data=dict(x.data),
                        removed=removed, changes=changes)


def add_record(engine: Engine, kind: str, data: Mapping[str, Any], *, roster: Ref | None = None,
               campaign: Ref | None = None) -> RecordResult:
    """A new record of the campaign's game system's ``kind`` (a roster's: name the
    roster; the campaign's own: name the campaign), its data checked by the system's
    model. One undo step."""
    with UnitOfWork(engine, "record.add") as uow:
        s = uow.session
        gs, rk, c, r = _kind_of(s, kind, roster, campaign)
        uow.campaign_id = c.id
        clean = validate_record(gs, kind, data)
        _same_title(s, rk, c, r, clean)
        x = SystemRecord(campaign_id=c.id or 0, roster_id=r.id if r is not None else None, system=gs.id,
                         kind=rk.key, data=clean)
        s.add(x)
        s.flush()
        one, _ = rk.words
        uow.summary = f"{r.name if r is not None else c.name}: {one} {_title(rk, clean)} added".replace("  ", " ")
    return _result(x, rk, r, uow.changes)


def edit_record(engine: Engine, kind: str, record: Ref, data: Mapping[str, Any], *, roster: Ref | None = None,
                campaign: Ref | None = None, if_version: int | None = None) -> RecordResult:
    """Change fields of a record (those ``data`` names; the others stay), checked by the
    system's model as a whole. One undo step; a stale ``if_version`` is refused."""
    with UnitOfWork(engine, "record.edit") as uow:
        s = uow.session
        gs, rk, c, r = _kind_of(s, kind, roster, campaign)
        uow.campaign_id = c.id
        x = _find(s, rk, c, r, record)
        if if_version is not None and x.version != if_version:
            from campaign_app.errors import ConflictError

            raise ConflictError(f"{rk.words[0]} {_title(rk, x.data)} was changed by someone else meanwhile",
                                rows=(("system_record", x.id or 0),))
        if not isinstance(data, Mapping):
            raise InputError(f"a {rk.words[0]} is an object of fields, not {type(data).__name__}")
        clean = validate_record(gs, kind, {**x.data, **data})
        _same_title(s, rk, c, r, clean, but=x.id)
        if clean == x.data:
            raise InputError(f"{rk.words[0]} {_title(rk, x.data)}: nothing to change")
        x.data = clean
        s.add(x)
        s.flush()
        uow.summary = f"{r.name if r is not None else c.name}: {rk.words[0]} {_title(rk, clean)} changed"
    return _result(x, rk, r, uow.changes)


def remove_record(engine: Engine, kind: str, record: Ref, *, roster: Ref | None = None,
                  campaign: Ref | None = None) -> RecordResult:
    """Remove a record (by id or title). One undo step."""
    with UnitOfWork(engine, "record.remove") as uow:
        s = uow.session
        _gs, rk, c, r = _kind_of(s, kind, roster, campaign)
        uow.campaign_id = c.id
        x = _find(s, rk, c, r, record)
        s.delete(x)
        s.flush()
        uow.summary = f"{r.name if r is not None else c.name}: {rk.words[0]} {_title(rk, x.data)} removed"
    return _result(x, rk, r, uow.changes, removed=True)


def list_records(engine: Engine, kind: str | None = None, *, roster: Ref | None = None,
                 campaign: Ref | None = None) -> RecordList:
    """The records of a roster (or of a campaign: every roster's and its own), of one
    kind or of every kind the system keeps, oldest first."""
    with read_session(engine) as s:
        if roster is not None:
            c0 = get_campaign(s, campaign) if campaign is not None else None
            r: Roster | None = get_roster(s, roster, c0)
            assert r is not None
            c = campaign_of_roster(s, r)
        elif campaign is not None:
            c, r = get_campaign(s, campaign), None
        else:
            raise InputError("name the roster or the campaign")
        gs = _system(c)
        kinds = {k.key: k for k in gs.records}
        if kind is not None:
            gs.record_kind(kind)
        names = {x.id: x.name for x in c.rosters}
        rows = q.records_of(s, c.id or 0, kind, roster_id=r.id if r is not None else None)
        out: list[RecordData] = []
        for x in rows:
            rk = kinds.get(x.kind)
            out.append({"id": x.id or 0, "kind": x.kind, "roster_id": x.roster_id,
                        "roster": names.get(x.roster_id or 0, "") if x.roster_id is not None else "",
                        "title": _title(rk, x.data) if rk is not None else "", "data": dict(x.data),
                        "version": x.version})
        label = kinds[kind].words[1] if kind is not None else ""
        return {"campaign": c.name, "roster": r.name if r is not None else "", "kind": kind or "",
                "label": label, "records": out}
