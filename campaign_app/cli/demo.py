"""CLI: ``campaign-app demo`` creates one sample campaign per game system."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from campaign_app.cli import emit

if TYPE_CHECKING:
    from campaign_app.facade import Campaigns


def cmd_demo(args: argparse.Namespace, app: Campaigns) -> None:
    from campaign_app.usecases.demo import create_demo

    res = app.run(create_demo)

    def text() -> str:
        lines = []
        if res.created:
            lines.append("created demo campaigns: " + ", ".join(res.created))
        if res.skipped:
            lines.append("already there (left as they are): " + ", ".join(res.skipped))
        lines.append("open them with: campaign-app (the desktop app) or campaign-app campaign list")
        return "\n".join(lines)

    emit(args, res, text)


def register(sub: Any, add: Any, group: Any) -> None:
    add(sub, "demo", cmd_demo, "create one sample campaign per game system (skips those already there)",
        creates_db=True)
