"""The layering of the design card, checked on the source: the core and db import no
Qt, no reportlab, no ui and no reports (only the campaign_app/cli/ package may import
reports, inside a function; nothing below ui imports ui); ui holds no SQL; reports gets
plain data only.

The contracts in pyproject.toml ``[tool.importlinter]`` (the layers front ends > CLI >
use-cases > db > pure domain, the pure domain covering every module of campaign_app but
a short list, the games independent plug-ins, ui and reports without db, reports on
plain data) are checked by running import-linter, on the tree and on a copy with each
kind of crossing put in; the AST checks below say the same per file."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
GUI_OR_PDF = ("PySide6", "reportlab", "ui", "reports")
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
LINTER = PYPROJECT["tool"]["importlinter"]
CONTRACTS = {c["id"]: c for c in LINTER["contracts"]}


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
            assert is_cli and not top and _root(mod) != "ui", \
                f"{path.name} imports {mod}" + (" at module level" if top else "")


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
    assert "0 broken" in res.stdout and f"{len(CONTRACTS)} kept" in res.stdout, res.stdout


def test_a_lazy_import_across_a_layer_breaks_its_contract(tmp_path: Path):
    """A copy of the tree with imports inside functions that cross the layers: each
    contract they break is reported, so the check above can fail."""
    for pkg in LINTER["root_packages"]:
        shutil.copytree(ROOT / pkg, tmp_path / pkg, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    for rel, line in [("campaign_app/dice.py", "import sqlalchemy"),
                      ("db/paths.py", "from campaign_app.usecases import campaigns"),
                      ("ui/lazy.py", "from db.engine import make_engine"),
                      ("reports/_base.py", "from campaign_app.errors import InputError"),
                      ("campaign_app/usecases/battles.py", "from sqlalchemy import select")]:
        with open(tmp_path / rel, "a", encoding="utf-8") as fh:
            fh.write(f"\n\ndef _crossing():\n    {line}\n")
    res = lint_imports(tmp_path)
    assert res.returncode == 1, res.stdout + res.stderr
    # the five contracts these were written for; db.paths also breaks the layers and the
    # upper core's protection
    assert "7 broken" in res.stdout, res.stdout
    for path in ("campaign_app.dice -> sqlalchemy", "db.paths -> campaign_app.usecases",
                 "ui.lazy -> db.engine", "reports._base -> campaign_app.errors",
                 "campaign_app.usecases.battles -> sqlalchemy"):
        assert path in res.stdout, res.stdout


# --------------------------------------------------------------------------- crossings
def _broken(stdout: str) -> set[str]:
    """The ids of the contracts import-linter reports broken (its output wraps names)."""
    flat = " ".join(stdout.split())
    return {cid for cid, c in CONTRACTS.items() if f"{' '.join(c['name'].split())} BROKEN" in flat}


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One copy of the packages and the contracts, for every crossing below (each puts
    its import in, runs import-linter and takes it out again)."""
    root = tmp_path_factory.mktemp("tree")
    for pkg in LINTER["root_packages"]:
        shutil.copytree(ROOT / pkg, root / pkg, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    return root


@pytest.fixture
def edit(tree: Path) -> Iterator[Any]:
    """``edit(rel, text, top=True)``: ``text`` put into the copy's file ``rel`` (made if
    new), at the top of the module or inside a function; undone after the test."""
    saved: dict[Path, str | None] = {}
    made: list[Path] = []

    def put(rel: str, text: str, *, top: bool = True) -> None:
        path = tree / rel
        if path not in saved:
            saved[path] = path.read_text(encoding="utf-8") if path.exists() else None
        if not path.parent.exists():
            made.append(path.parent)
            path.parent.mkdir(parents=True)
        old = path.read_text(encoding="utf-8") if path.exists() else ""
        body = f"\n{text}\n" if top else "\n\ndef _crossing():\n" + "".join(
            f"    {line}\n" for line in text.splitlines())
        path.write_text(old + body, encoding="utf-8")

    yield put
    for path, text in saved.items():
        if text is None:
            path.unlink()
        else:
            path.write_text(text, encoding="utf-8")
    for folder in reversed(made):
        shutil.rmtree(folder)


# (what crosses, file, import, top level?, contracts that must break, the import reported)
CROSSINGS = [
    ("sqlalchemy in a pure-domain module", "campaign_app/changes.py", "import sqlalchemy", True,
     {"pure-domain"}, "campaign_app.changes -> sqlalchemy"),
    ("a new core module using the database", "campaign_app/notes.py", "from db.uow import UnitOfWork",
     True, {"pure-domain"}, "campaign_app.notes -> db.uow"),
    ("a use-case importing a game", "campaign_app/usecases/campaigns.py", "import campaign_app.systems.nuts",
     True, {"games-are-plug-ins"}, "campaign_app.usecases.campaigns -> campaign_app.systems.nuts"),
    ("the core importing a game, lazily", "campaign_app/systems/registry.py",
     "from campaign_app.systems.fubar import procedures", False, {"games-are-plug-ins"},
     "campaign_app.systems.registry -> campaign_app.systems.fubar.procedures"),
    ("one game importing another", "campaign_app/systems/nuts/procedures.py",
     "from campaign_app.systems.necromunda import procedures", True,
     {"games-independent", "games-are-plug-ins"},
     "campaign_app.systems.nuts.procedures -> campaign_app.systems.necromunda.procedures"),
    ("db importing the use-cases", "db/paths.py", "from campaign_app.usecases import campaigns", False,
     {"layers", "db-below-usecases", "pure-domain-below-use-cases"}, "db.paths -> campaign_app.usecases"),
    ("ui importing db", "ui/lazy.py", "from db.engine import make_engine", False,
     {"ui-reports-no-db", "pure-domain"}, "ui.lazy -> db.engine"),
    ("the league server importing db", "server/app.py", "from db.uow import UnitOfWork", False,
     {"ui-reports-no-db", "pure-domain"}, "server.app -> db.uow"),
    ("the CLI importing the league server", "campaign_app/cli/serve.py", "from server.app import serve", False,
     {"layers"}, "campaign_app.cli.serve -> server.app"),
    ("the CLI importing ui at top level", "campaign_app/cli/__init__.py", "from ui.app import run", True,
     {"layers"}, "campaign_app.cli -> ui.app"),
    ("the CLI importing ui inside a command", "campaign_app/cli/roster.py",
     "from ui.main_window import MainWindow", False, {"layers"},
     "campaign_app.cli.roster -> ui.main_window"),
    ("a use-case importing the CLI", "campaign_app/usecases/battles.py", "from campaign_app.cli import emit",
     False, {"layers"}, "campaign_app.usecases.battles -> campaign_app.cli"),
    ("a use-case importing the facade", "campaign_app/usecases/gear.py", "from campaign_app.facade import Campaigns",
     False, {"layers"}, "campaign_app.usecases.gear -> campaign_app.facade"),
    ("the pure domain importing the facade", "campaign_app/rules/loader.py",
     "from campaign_app.facade import Campaigns", False, {"pure-domain-below-use-cases"},
     "campaign_app.rules.loader -> campaign_app.facade"),
    ("the pure domain importing a use-case", "campaign_app/rules/loader.py",
     "from campaign_app.usecases import common", False, {"pure-domain-below-use-cases"},
     "campaign_app.rules.loader -> campaign_app.usecases.common"),
    ("a game's procedures importing its database actions", "campaign_app/systems/necromunda/procedures.py",
     "from campaign_app.systems.necromunda import actions", False, {"pure-domain-below-use-cases"},
     "campaign_app.systems.necromunda.procedures -> campaign_app.systems.necromunda.actions"),
    ("the pure domain importing Qt", "campaign_app/procedure_driver.py", "from PySide6 import QtCore",
     False, {"pure-domain-no-gui"}, "campaign_app.procedure_driver -> PySide6"),
    ("the CLI importing Qt inside a command", "campaign_app/cli/export.py", "from PySide6 import QtGui",
     False, {"pure-domain-no-gui"}, "campaign_app.cli.export -> PySide6"),
    ("the first screen reading through the ORM, lazily", "db/queries/first_screen.py",
     "from db.uow import read_session", False, {"first-screen-no-orm"},
     "db.queries.first_screen -> db.uow"),
    ("the first screen's use-case reading the rules data", "campaign_app/usecases/first_screen.py",
     "from campaign_app.rules import load_rulebook", False, {"first-screen-no-orm"},
     "campaign_app.usecases.first_screen -> campaign_app.rules"),
    ("roster show's plain read reaching the tables, lazily", "db/queries/roster_show.py",
     "from db.models import Roster", False, {"roster-show-no-orm"},
     "db.queries.roster_show -> db.models"),
    ("roster show's use-case reading through the ORM's use-cases", "campaign_app/usecases/roster_show.py",
     "from campaign_app.usecases.rosters import show_roster", False, {"roster-show-no-orm"},
     "campaign_app.usecases.roster_show -> campaign_app.usecases.rosters"),
    ("a game's layout importing the PDF code", "campaign_app/systems/nuts/layout.py",
     "from reports import _base", False, {"pure-domain-no-pdf"},
     "campaign_app.systems.nuts.layout -> reports._base"),
]


@pytest.mark.parametrize(("what", "rel", "line", "top", "contracts", "reported"), CROSSINGS,
                         ids=[c[0] for c in CROSSINGS])
def test_each_crossing_breaks_its_contract(edit: Any, tree: Path, what: str, rel: str, line: str,
                                           top: bool, contracts: set[str], reported: str) -> None:
    edit(rel, line, top=top)
    res = lint_imports(tree)
    assert res.returncode == 1, f"{what}: lint-imports passed\n" + res.stdout + res.stderr
    assert contracts <= _broken(res.stdout), (what, _broken(res.stdout), res.stdout)
    assert reported in " ".join(res.stdout.split()), res.stdout


def test_the_copy_without_a_crossing_keeps_every_contract(tree: Path) -> None:
    """The copy the crossings run in is the tree itself: what breaks there is the crossing."""
    res = lint_imports(tree)
    assert res.returncode == 0 and _broken(res.stdout) == set(), res.stdout


def test_the_server_is_a_front_end_beside_ui(edit: Any, tree: Path) -> None:
    """The league server (server/, #35) is a root package in the top layer beside ui:
    it calls the core, and the two front ends do not import each other."""
    assert "server" in LINTER["root_packages"]
    edit("server/__init__.py", "from campaign_app.errors import AppError")
    res = lint_imports(tree)
    assert res.returncode == 0, res.stdout + res.stderr  # a server on the core: allowed
    edit("server/__init__.py", "import ui.app")
    res = lint_imports(tree)
    assert res.returncode == 1 and "layers" in _broken(res.stdout), res.stdout
    assert "server -> ui.app" in res.stdout, res.stdout


# --------------------------------------------------------------------------- the lists
def test_every_shipped_package_is_a_root_of_the_contracts() -> None:
    """A new top-level package (the league server) cannot slip past the contracts."""
    shipped = {p.rstrip("*") for p in PYPROJECT["tool"]["setuptools"]["packages"]["find"]["include"]}
    assert set(LINTER["root_packages"]) == shipped
    on_disk = {p.parent.name for p in ROOT.glob("*/__init__.py")} - {"tests", "bench"}
    assert on_disk <= shipped, on_disk - shipped


def test_every_front_end_is_in_the_top_layer_and_may_call_the_use_cases() -> None:
    fronts = set(LINTER["root_packages"]) - {"campaign_app", "db", "reports"}
    top = {m.strip().strip("()") for m in CONTRACTS["layers"]["layers"][0].split("|")}
    assert fronts <= top, fronts - top
    assert fronts <= set(CONTRACTS["pure-domain-below-use-cases"]["allowed_importers"])
    assert CONTRACTS["layers"]["layers"][1:] == ["campaign_app.cli", "campaign_app.facade", "campaign_app.usecases", "db"]


def test_the_upper_core_is_one_list() -> None:
    """What may reach the database (pure-domain) is what is protected from the pure
    domain (pure-domain-below-use-cases): the same short list, db and the front ends aside."""
    upper = CONTRACTS["pure-domain-below-use-cases"]["protected_modules"]
    assert set(CONTRACTS["pure-domain"]["allowed_importers"]) == {"db", *upper}
    fronts = set(LINTER["root_packages"]) - {"campaign_app", "db", "reports"}
    assert set(CONTRACTS["pure-domain-below-use-cases"]["allowed_importers"]) == {*fronts, *upper}


def test_every_game_package_is_an_independent_plug_in() -> None:
    """Each package under campaign_app/systems/ is a game: in both game contracts and
    among the entry points the core finds the games by."""
    games = {f"campaign_app.systems.{p.parent.name}" for p in (ROOT / "campaign_app" / "systems").glob("*/__init__.py")}
    assert set(CONTRACTS["games-independent"]["modules"]) == games
    assert set(CONTRACTS["games-are-plug-ins"]["protected_modules"]) == games
    assert CONTRACTS["games-are-plug-ins"]["allowed_importers"] == []
    entry_points = PYPROJECT["project"]["entry-points"]["campaign_app.systems"].values()
    assert {ep.partition(":")[0] for ep in entry_points} == games
