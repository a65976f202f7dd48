"""``systems``: the game systems, editions, expansions and tables (no database)."""

from __future__ import annotations

import argparse
from typing import Any

from campaign_app.cli import emit


def cmd_systems(args: argparse.Namespace, _app: Any) -> None:
    from campaign_app.usecases.games import systems_overview

    data = systems_overview()

    def text() -> str:
        out = []
        for s in data:
            eds = f" editions: {', '.join(s['editions'])} (default {s['default_edition']})" if s["editions"] else ""
            exps = f" expansions: {', '.join(s['expansions'])}" if s["expansions"] else ""
            out.append(f"{s['id']}: {s['name']}{eds}{exps}")
            for t in s["tables"]:
                tag = []
                if t["edition"]:
                    tag.append(t["edition"])
                if t["expansion"]:
                    tag.append(t["expansion"])
                if t["default"]:
                    tag.append("default")
                extra = f" [{', '.join(tag)}]" if tag else ""
                out.append(f"  {t['id']:<32} {t['dice']:<10} {t['title']}{extra}")
        return "\n".join(out)

    emit(args, data, text)


def register(sub: Any, add: Any, group: Any) -> None:
    add(sub, "systems", cmd_systems, "list game systems, editions, expansions and tables", needs_db=False)
