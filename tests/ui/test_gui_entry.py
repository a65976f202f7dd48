"""The window's own command, ``campaign-app-gui`` (``ui.app:main``), and how the CLI
reaches the window without importing ``ui`` (the layer above it): ``campaign-app`` with
no command, ``campaign-app gui`` and ``campaign-app-gui`` open the same window, with the
same options and the same one-line errors."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

import ui.app
from campaign_app import cli

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """The windows ``ui.app.run`` was asked to open (none is, for real)."""
    seen: list[dict[str, Any]] = []

    def fake_run(db: Any, lang: str | None = None, **_kw: Any) -> int:
        seen.append({"db": db, "lang": lang})
        return 0

    monkeypatch.setattr(ui.app, "run", fake_run)
    return seen


def test_the_window_has_its_own_script() -> None:
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    assert scripts["campaign-app-gui"] == "ui.app:main"
    assert scripts["campaign-app"] == "campaign_app.cli:main"  # the launch command users know


@pytest.mark.parametrize(("argv", "expected"), [
    ([], {"db": None, "lang": None}),
    (["--db", "x.sqlite"], {"db": "x.sqlite", "lang": None}),
    (["--lang", "it", "--db=sqlite://"], {"db": "sqlite://", "lang": "it"}),
])
def test_campaign_app_gui_opens_the_window_as_a_plain_start_does(
        argv: list[str], expected: dict[str, Any], opened: list[dict[str, Any]],
        monkeypatch: pytest.MonkeyPatch) -> None:
    def no_parser() -> None:
        raise AssertionError("a plain start builds no parser (it loads every command module)")

    monkeypatch.setattr(cli, "build_parser", no_parser)
    assert ui.app.main(argv) == 0
    assert cli.main(argv) == 0  # campaign-app with the same options: the same window
    assert opened == [expected, expected]


def test_campaign_app_gui_takes_no_command(opened: list[dict[str, Any]], capsys: Any) -> None:
    assert ui.app.main(["roster", "show", "x"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: unrecognized arguments: roster show x") and err.count("\n") == 1, err
    assert ui.app.main(["--lang", "de"]) == 2
    assert "--lang" in capsys.readouterr().err
    assert opened == []


def test_campaign_app_gui_refuses_an_empty_db_in_one_line(opened: list[dict[str, Any]], capsys: Any) -> None:
    assert ui.app.main(["--db", " "]) == 2
    assert capsys.readouterr().err.startswith("error: --db is empty")
    assert opened == []


def test_the_gui_command_still_opens_the_window(opened: list[dict[str, Any]]) -> None:
    assert cli.main(["gui", "--db", "sqlite://"]) == 0
    assert opened == [{"db": "sqlite://", "lang": None}]


def test_without_the_desktop_app_the_cli_says_so_in_one_line(
        monkeypatch: pytest.MonkeyPatch, capsys: Any) -> None:
    """The CLI loads the window by name (it never imports ui): where that package is not
    installed, a plain start says so and points at the commands."""
    monkeypatch.setattr(cli, "GUI_MODULE", "campaign_app_no_such_gui.app")
    assert cli.main([]) == 2
    err = capsys.readouterr().err
    assert err == ("error: the desktop app is not installed here; every action also works as a "
                   "command: campaign-app --help\n"), err


def test_a_module_missing_inside_the_desktop_app_is_not_hidden(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Only the window's own package missing is the friendly message; a module that the
    window needs and that is missing is a fault, raised as it is."""
    pkg = tmp_path / "campaign_app_broken_gui"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "app.py").write_text("import campaign_app_missing_dependency\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(cli, "GUI_MODULE", "campaign_app_broken_gui.app")
    with pytest.raises(ModuleNotFoundError, match="campaign_app_missing_dependency"):
        cli.main([])
