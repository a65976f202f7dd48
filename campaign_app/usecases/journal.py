"""A campaign's journal as a user meets it: its history of actions, undo and redo. Each
writing use-case of the app is one journal entry (one undo step, :mod:`db.journal`);
``undo`` takes back the newest one not undone yet, ``redo`` puts back the one undone
last, and each tells the others what it changed (its change set)."""

from __future__ import annotations

from typing_extensions import TypedDict  # pydantic reads it on Python 3.11 (the facade's results)

from campaign_app.errors import InputError
from campaign_app.usecases.common import Number, Ref, check_limit, get_campaign, row_id
from campaign_app.usecases.results import UndoResult
from db.journal import (
    can_undo,
    journal_changes,
    redo_journal,
    redo_target,
    undo_journal,
    undo_target,
)
from db.queries import history as history_q
from db.uow import Engine, UnitOfWork, read_session


class HistoryEntry(TypedDict):
    id: int
    when: str
    action: str
    summary: str
    undone: bool


def history(engine: Engine, campaign: Ref, limit: Number | None = None) -> list[HistoryEntry]:
    """The campaign's actions, newest first (the newest ``limit``, at least 1, when given)."""
    n = check_limit(limit)
    with read_session(engine) as s:
        c = get_campaign(s, campaign, deleted=True)
        return [
            {"id": j.id or 0, "when": j.created_at.isoformat(timespec="seconds"), "action": j.action,
             "summary": j.summary, "undone": j.undone}
            for j in history_q.journals_of(s, row_id(c), n)
        ]


def undo(engine: Engine, campaign: Ref) -> UndoResult:
    """Undo the campaign's last action that is not undone yet."""
    with UnitOfWork(engine, "undo", journaled=False) as uow:
        s = uow.session
        c = get_campaign(s, campaign, deleted=True)
        j = undo_target(s, row_id(c))
        if j is None:
            raise InputError(f"nothing to undo in {c.name}")
        if c.deleted_at is not None and j.action != "campaign.delete":
            raise InputError(f"campaign {c.id} was deleted: only its deletion can be undone")
        if not can_undo(j):
            how = "importing it" if j.summary.startswith("import") else "creating it"
            raise InputError(f"nothing to undo in {c.name}: its first action, {how}, cannot be undone")
        undo_journal(s, j)
        uow.note(journal_changes(j))  # live helper: the others are told what it changed
        out = UndoResult(id=j.id or 0, action=j.action, summary=j.summary,
                         changes=journal_changes(j))
    return out


def redo(engine: Engine, campaign: Ref) -> UndoResult:
    """Redo the most recently undone action, if nothing was done since."""
    with UnitOfWork(engine, "redo", journaled=False) as uow:
        s = uow.session
        c = get_campaign(s, campaign)
        j = redo_target(s, row_id(c))
        if j is None:
            raise InputError(f"nothing to redo in {c.name}")
        redo_journal(s, j)
        uow.note(journal_changes(j))  # live helper: the others are told what it changed
        out = UndoResult(id=j.id or 0, action=j.action, summary=j.summary,
                         changes=journal_changes(j))
    return out
