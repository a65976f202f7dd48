"""The layering of the design card, checked on the source: the core and db import no
Qt, no reportlab, no ui and no reports (only the campaign_app/cli/ package may, inside
a function); ui holds no SQL; reports gets plain data only."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GUI_OR_PDF = ("PySide6", "reportlab", "ui", "reports")


def imports(path: Path) -> list[tuple[str, bool]]:
    """(module, at_top_level) for each import in the file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = set(map(id, tree.body))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.extend((a.name, id(node) in top) for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.append((node.module, id(node) in top))
    return out


def _root(mod: str) -> str:
    return mod.split(".")[0]


def files(pkg: str) -> list[Path]:
    return sorted((ROOT / pkg).rglob("*.py"))


@pytest.mark.parametrize("path", files("campaign_app") + files("db"), ids=lambda p: str(p.relative_to(ROOT)))
def test_core_and_db_import_no_gui_or_pdf(path: Path):
    is_cli = path.parent == ROOT / "campaign_app" / "cli"
    for mod, top in imports(path):
        if _root(mod) in GUI_OR_PDF:
            assert is_cli and not top, f"{path.name} imports {mod}" + (" at module level" if top else "")


@pytest.mark.parametrize("path", files("ui"), ids=lambda p: str(p.relative_to(ROOT)))
def test_ui_holds_no_sql(path: Path):
    for mod, _top in imports(path):
        assert _root(mod) not in ("sqlalchemy", "sqlmodel", "sqlite3", "psycopg"), f"{path.name} imports {mod}"
        assert not mod.startswith("db.models"), f"{path.name} imports {mod}"


@pytest.mark.parametrize("path", files("reports"), ids=lambda p: str(p.relative_to(ROOT)))
def test_reports_get_plain_data_only(path: Path):
    for mod, _top in imports(path):
        assert _root(mod) not in ("campaign_app", "db", "ui", "PySide6", "sqlalchemy", "sqlmodel"), mod


def test_importing_the_core_loads_no_qt_or_reportlab():
    import subprocess
    import sys

    code = ("import sys, campaign_app.usecases, campaign_app.cli, db.migrate;"
            "bad=[m for m in sys.modules if m.split('.')[0] in ('PySide6','reportlab','ui','reports')];"
            "print(bad); sys.exit(1 if bad else 0)")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stdout + res.stderr
