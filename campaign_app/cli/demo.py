"""CLI: ``campaign-app demo`` creates one sample campaign per game system."""

from __future__ import annotations

import argparse
from typing import Any

from campaign_app.cli import emit


def cmd_demo(args: argparse.Namespace, engine: Any) -> None:
    from campaign_app.usecases.demo import create_demo

    res = create_demo(engine)

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
