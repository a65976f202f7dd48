"""Rolls: a roll on any rules table (recorded in the campaign's roll record, house rules
included; a table a game rolls with a procedure goes to :mod:`.table_rolls`), and the
roll log that reads the record back."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from typing_extensions import TypedDict  # pydantic reads it on Python 3.11 (the facade's results)

from campaign_app.changes import Changes
from campaign_app.dice import Roller, RollResult
from campaign_app.errors import InputError, NotFoundError, RulesDataError
from campaign_app.procedure_driver import drive
from campaign_app.rollchain import MARKS
from campaign_app.rules import Row, Table
from campaign_app.rules.rolling import roll_on
from campaign_app.systems import get_system
from campaign_app.usecases.campaigns import tables_for
from campaign_app.usecases.common import (
    TARGET_RANGE,
    Number,
    Ref,
    campaign_of_fighter,
    check_limit,
    clean_int,
    get_campaign,
    get_fighter,
    row_id,
)
from campaign_app.usecases.results import RollOutcome
from db.models import Campaign
from db.queries import campaigns as campaign_q
from db.queries import rolls as roll_q
from db.uow import Engine, Session, UnitOfWork, read_session


class RollLogEntry(TypedDict):
    id: int
    when: str
    purpose: str
    rule: str
    subject: str
    dice: str
    faces: list[int]
    source: str
    target: int | None
    value: int
    table: str
    row: str
    result: str
    label: str
    battle_id: int | None
    fighter_id: int | None
    removed: bool
    """The fighter or unit rolled for was removed since (the roll stays, under ``subject``)."""
    action: str
    undone: bool
    mark: str  # record helper: preview, abandoned, applied or undone
    step: str
    hash: str


def roll_table(engine: Engine, table_id: str, *, campaign: Ref | None = None,
               dice: str | Sequence[int] | None = None, seed: int | None = None,
               target: Number | None = None, inputs: Mapping[str, Any] | None = None) -> RollOutcome:
    """Roll any table (house rules of ``campaign`` included) and record it there. A
    table a system rolls with a procedure (a shooting table...) takes ``inputs`` (see
    :mod:`campaign_app.usecases.table_rolls`)."""
    from campaign_app.usecases.table_rolls import has_inputs, procedure_for

    proc = procedure_for(engine, table_id, campaign=campaign, inputs=inputs)
    if proc is not None:
        from campaign_app.usecases.table_rolls import procedure_roll

        if target is not None:
            raise InputError(f"{table_id} is not rolled against one target: give its inputs (--rep, --vs-rep...)")
        return procedure_roll(engine, table_id, proc, campaign=campaign, inputs=inputs, dice=dice, seed=seed)
    def plain(table: Table) -> None:
        if has_inputs(inputs):
            raise InputError(f"{table.id} is a plain table: it takes no --rep, --vs-rep, --impact, --shots, --flag "
                             "or --per-die")

    roller = Roller.from_options(dice, seed)
    tgt = clean_int(target, "target", *TARGET_RANGE) if target is not None else None
    if campaign is None:
        from campaign_app.rules import load_rulebook

        try:
            table = load_rulebook().table(table_id)
        except RulesDataError as e:
            raise NotFoundError(str(e)) from None
        plain(table)
        res, row = drive(roll_on(table, f"roll on {table.title}", target=tgt), roller)
        roller.finish()
        return roll_out(res, row, table, recorded=False, changes=Changes())
    with UnitOfWork(engine, "roll", journaled=False) as uow:
        c = get_campaign(uow.session, campaign)
        uow.campaign_id = c.id
        tables = tables_for(c)
        if table_id not in tables:
            raise NotFoundError(f"{c.name} ({get_system(c.system).name}) has no table {table_id!r}")
        table = tables[table_id]
        plain(table)
        res, row = drive(roll_on(table, f"roll on {table.title}", target=tgt), roller)
        roller.finish()
        uow.record_rolls(roller)
    return roll_out(res, row, table, recorded=True, changes=uow.changes)


def roll_out(res: RollResult, row: Row, table: Table, recorded: bool, changes: Changes) -> RollOutcome:
    return RollOutcome(
        table=table.id, title=table.title, dice=res.spec, faces=list(res.faces), target=res.target,
        value=res.value, row=row.roll, result=row.result, label=row.label, text=row.text,
        effects=[e.to_dict() for e in row.effects], source=res.source, recorded=recorded,
        house_rule=table.house_rule, default=table.default, changes=changes)


def roll_log(engine: Engine, campaign: Ref, *, battle: Number | None = None, fighter: Ref | None = None,
             table: str | None = None, limit: Number | None = None,
             marks: Sequence[str] | None = None) -> list[RollLogEntry]:
    """The roll record, oldest first (the newest ``limit`` when given). Read as plain
    rows, not ORM objects: a league's log holds tens of thousands of rolls.

    ``battle`` is a battle id of this campaign, ``fighter`` one of its fighters;
    ``limit`` at least 1 (None: every roll); ``marks``: only rolls marked so (preview,
    abandoned, applied, undone)."""
    n = check_limit(limit)
    for m in marks or ():
        if m not in MARKS:
            raise InputError(f"no roll is marked {m!r}: marks are {', '.join(MARKS)}")
    with read_session(engine) as s:
        c = get_campaign(s, campaign)
        bid = _battle_of(s, c, battle) if battle is not None else None
        fid: int | None = None
        if fighter is not None:
            f = get_fighter(s, fighter)
            if campaign_of_fighter(s, f)[0].id != c.id:
                raise InputError(f"{f.name} is not in {c.name}")
            fid = f.id
        rows = roll_q.roll_rows(s, row_id(c), battle_id=bid, fighter_id=fid, table_id=table, limit=n,
                                marks=list(marks) if marks else None)
        return [roll_entry(r) for r in rows]


def roll_entry(r: Any) -> RollLogEntry:
    """A roll record's row (``db.queries.rolls``) as the roll log shows it."""
    return {
        "id": r.id, "when": _when(r.created_at), "purpose": r.purpose,
        "rule": r.rule, "subject": r.subject, "dice": r.dice,
        "faces": [int(x) for x in r.faces.split(",") if x], "source": r.source,
        "target": r.target, "value": r.value, "table": r.table_id, "row": r.row,
        "result": r.result, "label": r.label, "battle_id": r.battle_id,
        "fighter_id": r.fighter_id, "removed": bool(r.figure_removed), "action": r.action or "roll",
        "undone": bool(r.undone), "mark": r.mark, "step": r.step, "hash": r.hash,
    }


def _battle_of(s: Session, c: Campaign, ref: Number) -> int:
    """The id of battle ``ref`` (its id) of campaign ``c``; NotFoundError when it has none."""
    bid = clean_int(ref, "battle")
    if campaign_q.battle_in(s, row_id(c), bid) is None:
        raise NotFoundError(f"no battle {bid} in {c.name}")
    return bid


def _when(value: datetime | str) -> str:
    return value.isoformat(timespec="seconds") if isinstance(value, datetime) else str(value)
