"""``history``, ``undo`` and ``redo`` of a campaign's actions."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from campaign_app.cli import emit, table_text

if TYPE_CHECKING:
    from campaign_app.facade import Campaigns


def cmd_history(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.journal import history

    rows = app.run(history, args.campaign, args.limit)
    emit(args, rows, lambda: table_text(
        [(r["id"], r["when"], r["action"], r["summary"], "undone" if r["undone"] else "") for r in rows],
        ["id", "when", "action", "summary", ""]))


def cmd_undo(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.journal import undo

    d = app.run(undo, args.campaign)
    emit(args, d, f"undone: {d.summary or d.action}")


def cmd_redo(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.journal import redo

    d = app.run(redo, args.campaign)
    emit(args, d, f"redone: {d.summary or d.action}")


def register(sub: Any, add: Any, group: Any) -> None:
    sp = add(sub, "history", cmd_history, "the campaign's actions (what undo would undo)")
    sp.add_argument("campaign")
    sp.add_argument("--limit", type=int)
    sp = add(sub, "undo", cmd_undo, "undo the campaign's last action")
    sp.add_argument("campaign")
    sp = add(sub, "redo", cmd_redo, "redo the last undone action")
    sp.add_argument("campaign")
