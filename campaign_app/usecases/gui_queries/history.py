"""What Undo and Redo would do now in a campaign, in words (the journal's actions named)."""

from __future__ import annotations

from typing import Any

from typing_extensions import TypedDict  # pydantic reads it on Python 3.11 (the facade's results)

from campaign_app.systems import systems as all_systems
from campaign_app.usecases.common import get_campaign
from db.uow import Engine, read_session


class UndoState(TypedDict):
    """What Undo and Redo would do now (their labels), or None."""

    undo: str | None
    redo: str | None


ACTION_LABELS = {
    "after-battle": "After the Battle", "battle.record": "record battle",
    "campaign.create": "new campaign", "campaign.import": "import campaign",
    "campaign.house-rule": "house rule",
    "fighter.add": "add fighter", "fighter.edit": "edit fighter", "fighter.remove": "remove fighter",
    "fighter.revive": "revive fighter", "fighter.duplicate": "duplicate fighter",
    "fighter.advance": "advance fighter",
    "roster.create": "new roster", "roster.edit": "edit roster", "roster.import": "import roster",
    "unit.add": "add unit", "unit.edit": "edit unit", "unit.remove": "remove unit",
    "unit.exchange": "exchange prisoner", "roll": "roll", "undo": "undo", "redo": "redo",
    "restore": "restore",
    "battle.setup": "set up battle", "battle.start": "start battle", "battle.mark": "battle mark",
    "battle.finish": "finish battle",  # table helper
}


def action_label(action: str, summary: str = "") -> str:
    """What a journal entry did, in words (its summary, else a name for its action: the
    core's, or the one a game system gives its own use-case's action)."""
    if summary:
        return summary
    label = ACTION_LABELS.get(action)
    for gs in () if label else all_systems().values():
        label = gs.action_labels.get(action)
        if label:
            break
    return label or action.replace(".", " ").replace("-", " ")


def undo_state(engine: Engine, campaign: Any) -> UndoState:
    """What Undo and Redo would do now in this campaign (their summaries), or None: the
    same journals :func:`~campaign_app.usecases.journal.undo` and ``redo`` would take."""
    from db.journal import can_undo, redo_target, undo_target

    with read_session(engine) as s:
        c = get_campaign(s, campaign)
        last = undo_target(s, c.id)  # type: ignore[arg-type]
        nxt = redo_target(s, c.id)  # type: ignore[arg-type]
        return {
            "undo": action_label(last.action, last.summary) if last is not None and can_undo(last) else None,
            "redo": action_label(nxt.action, nxt.summary) if nxt is not None else None,
        }
