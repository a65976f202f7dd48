"""The layering of the design card, checked on the source: the core and db import no
Qt, no reportlab, no ui and no reports (only the campaign_app/cli/ package may, inside
a function); ui holds no SQL; reports gets plain data only.

The contracts in pyproject.toml ``[tool.importlinter]`` (the pure domain, db below the
use-cases, ui and reports without db, reports on plain data) are checked by running
import-linter; the AST checks below say the same per file."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
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
    code = ("import sys, campaign_app.usecases, campaign_app.cli, db.migrate;"
            "bad=[m for m in sys.modules if m.split('.')[0] in ('PySide6','reportlab','ui','reports')];"
            "print(bad); sys.exit(1 if bad else 0)")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stdout + res.stderr


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    """import-linter on the packages under ``root`` with the contracts of its pyproject."""
    code = ("import sys; from importlinter.cli import lint_imports;"
            "sys.exit(lint_imports(config_filenames=('pyproject.toml',), no_cache=True, no_logo=True))")
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True,
                          text=True, timeout=300)


def test_import_contracts_are_kept():
    res = lint_imports(ROOT)
    assert res.returncode == 0, res.stdout + res.stderr
    assert "0 broken" in res.stdout and "6 kept" in res.stdout, res.stdout


def test_a_lazy_import_across_a_layer_breaks_its_contract(tmp_path: Path):
    """A copy of the tree with imports inside functions that cross the layers: each
    contract they break is reported, so the check above can fail."""
    for pkg in ("campaign_app", "db", "ui", "reports"):
        shutil.copytree(ROOT / pkg, tmp_path / pkg, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    for rel, line in [("campaign_app/dice.py", "import sqlalchemy"),
                      ("db/paths.py", "from campaign_app.usecases import core"),
                      ("ui/lazy.py", "from db.engine import make_engine"),
                      ("reports/_base.py", "from campaign_app.errors import InputError"),
                      ("campaign_app/usecases/battles.py", "from sqlalchemy import select")]:
        with open(tmp_path / rel, "a", encoding="utf-8") as fh:
            fh.write(f"\n\ndef _crossing():\n    {line}\n")
    res = lint_imports(tmp_path)
    assert res.returncode == 1, res.stdout + res.stderr
    assert "5 broken" in res.stdout, res.stdout
    for path in ("campaign_app.dice -> sqlalchemy", "db.paths -> campaign_app.usecases",
                 "ui.lazy -> db.engine", "reports._base -> campaign_app.errors",
                 "campaign_app.usecases.battles -> sqlalchemy"):
        assert path in res.stdout, res.stdout
