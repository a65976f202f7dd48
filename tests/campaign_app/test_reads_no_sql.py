"""The read side and the data files build no SQL: their statements live in db/queries
(views, documents, transfer), and they import no SQLAlchemy or SQLModel."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FILES = [
    *sorted(str(p.relative_to(ROOT)) for p in ROOT.glob("campaign_app/usecases/gui_queries/*.py")),
    "campaign_app/usecases/exports.py",
    "campaign_app/usecases/demo.py",
    "campaign_app/usecases/backup.py",
    "campaign_app/usecases/database.py",
    "campaign_app/usecases/datafiles/__init__.py",
    "campaign_app/usecases/datafiles/export.py",
    "campaign_app/usecases/datafiles/importing.py",
    "campaign_app/usecases/datafiles/backup.py",
    "campaign_app/usecases/datafiles/results.py",
    *sorted(str(p.relative_to(ROOT)) for p in ROOT.glob("campaign_app/systems/*/demo.py")),
    "campaign_app/cli/data.py",
    "campaign_app/cli/export.py",
    "campaign_app/cli/demo.py",
]


def _imports(path: Path) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.add(node.module)
    return out


@pytest.mark.parametrize("name", FILES)
def test_no_sqlalchemy_or_sqlmodel(name: str) -> None:
    found = {m for m in _imports(ROOT / name) if m.split(".")[0] in {"sqlalchemy", "sqlmodel"}}
    assert not found, f"{name} imports {sorted(found)}: put the statement in db/queries"
