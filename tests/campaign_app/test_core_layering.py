"""The core use-cases (campaigns, rosters, fighters, rolls, history, units) hold no SQL
(their statements live in db/queries) and, with their CLI commands, name no game: what
differs between games comes from the game systems."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
USE_CASES = ["campaign_app/usecases/rosters.py", "campaign_app/usecases/campaigns.py",
             "campaign_app/usecases/journal.py", "campaign_app/usecases/rolls.py", "campaign_app/usecases/fighters.py",
             "campaign_app/usecases/shapes.py", "campaign_app/usecases/games.py",
             "campaign_app/usecases/units.py",
             "campaign_app/usecases/common.py", "campaign_app/usecases/results.py"]
GENERIC = [*USE_CASES, "campaign_app/usecases/__init__.py", "campaign_app/cli/parsing.py",
           "campaign_app/usecases/advance.py", "campaign_app/rules/advancement.py",  # advance helper
           *(f"campaign_app/cli/{m}.py" for m in ("campaign", "roster", "fighter", "units", "rolls",
                                                    "history", "systems")),
           *(str(p.relative_to(ROOT)) for p in sorted((ROOT / "db" / "queries").glob("*.py")))]
GAMES = re.compile(r"nuts|necromunda|fubar|unit-morale|weird|n23|n26", re.IGNORECASE)


@pytest.mark.parametrize("rel", USE_CASES)
def test_core_use_cases_import_no_sql_library(rel: str):
    tree = ast.parse((ROOT / rel).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                 else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
        for name in names:
            assert name.split(".")[0] not in ("sqlalchemy", "sqlmodel"), f"{rel} imports {name}"


@pytest.mark.parametrize("rel", GENERIC)
def test_generic_code_names_no_game(rel: str):
    for n, line in enumerate((ROOT / rel).read_text(encoding="utf-8").splitlines(), 1):
        assert not GAMES.search(line), f"{rel}:{n} names a game: {line.strip()}"
