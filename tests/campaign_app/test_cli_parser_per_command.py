"""#32: the command line builds only the parser of the command it was given. That
parser must be the same, option for option, as the command's part of the whole parser
(``--help`` and a mistyped command still get the whole list)."""

from __future__ import annotations

import argparse
import importlib
import subprocess
import sys
from typing import Any

import pytest

from campaign_app.cli import (
    COMMANDS,
    EXTENSIONS,
    SYSTEM_COMMANDS,
    TOP,
    _core_knows,
    _has_command,
    _words,
    build_parser,
    command_of,
    main,
    parser_for,
    top_parser,
)


def _shape(p: argparse.ArgumentParser) -> Any:
    """Every option and positional of ``p`` and of its sub-commands, recursively."""
    out = []
    for a in p._actions:
        if isinstance(a, argparse._SubParsersAction):
            out.append(("sub", a.dest, a.required, {k: _shape(v) for k, v in sorted(a.choices.items())}))
        else:
            out.append((tuple(a.option_strings), a.dest, a.nargs, repr(a.const), repr(a.default),
                        tuple(a.choices) if a.choices else None, a.required, type(a).__name__))
    return out


def _commands(p: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    (sub,) = [a for a in p._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(sub.choices)


FULL = build_parser()


@pytest.mark.parametrize("name", sorted(_commands(FULL)))
def test_one_commands_parser_is_its_part_of_the_whole(name: str) -> None:
    only = build_parser(name)
    assert list(_commands(only)) == [name]
    assert _shape(_commands(only)[name]) == _shape(_commands(FULL)[name])
    # the top level (global options) is the same too
    assert [a.option_strings for a in only._actions] == [a.option_strings for a in FULL._actions]


def test_the_command_is_found_past_the_global_options() -> None:
    assert command_of(["--db", "x.sqlite", "--lang", "fr", "--json", "roster", "show", "A"]) == "roster"
    assert command_of(["--db=x.sqlite", "export", "qrs"]) == "export"
    assert command_of(["--help", "roster"]) is None and command_of(["-h"]) is None
    assert command_of(["--json"]) is None and command_of([]) is None


def test_a_mistyped_command_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rostr", "show", "A"]) == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'rostr'" in err and "'after-battle'" in err and "'export'" in err


def test_a_command_loads_no_rules_data_it_does_not_need() -> None:
    """`campaign list --help` reads no rules: neither the rules loader nor its schemas
    are imported, nor any game system (a core action's parser needs none of them; they
    may add actions to any group, and are read for those), nor their procedures."""
    code = ("import sys\nfrom campaign_app.cli import main\nmain(['campaign', 'list', '--help'])\n"
            "print(sorted(m for m in sys.modules if m.startswith(('campaign_app.rules.loader', "
            "'campaign_app.rules.catalogue', 'campaign_app.rules.schema', 'pydantic', "
            "'campaign_app.systems.registry', 'campaign_app.systems.nuts')) "
            "or m.endswith('.procedures')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "[]", out


def _words_of(module: str) -> list[str]:
    """The top-level commands (or groups) ``module`` adds to, asked as the parser asks it."""
    from campaign_app.cli import SKIPPED

    top: Any = object()
    seen: list[str] = []

    def add(parent: Any, name: str, *_a: Any, **_k: Any) -> Any:
        if parent is top:
            seen.append(name)
        return SKIPPED

    def group(name: str, _help: str) -> Any:
        seen.append(name)
        return SKIPPED

    importlib.import_module(module).register(top, add, group)
    return seen


@pytest.mark.parametrize("module", [m for m in [*COMMANDS, *EXTENSIONS] if m != SYSTEM_COMMANDS])
def test_the_table_of_commands_names_each_modules_commands(module: str) -> None:
    """TOP (what the top-level parser and a command's parser are built from, without
    importing the modules) says which modules add to which command, as they do."""
    listed = {word for word, (_help, mods) in TOP.items() if module in mods}
    assert set(_words_of(module)) == listed


def test_the_top_level_parser_is_the_whole_parsers_top_level() -> None:
    """Every command, in order, with its help: ``--help`` and a mistyped command's usage
    error are the whole parser's, though no command module is asked."""
    top = top_parser()
    assert top.format_help() == FULL.format_help()
    assert [(a.dest, a.help) for a in _commands_action(top)._choices_actions] == \
        [(a.dest, a.help) for a in _commands_action(FULL)._choices_actions]
    assert [a for a in TOP if a not in _commands(FULL)] == []


def _commands_action(p: argparse.ArgumentParser) -> Any:
    (sub,) = [a for a in p._actions if isinstance(a, argparse._SubParsersAction)]
    return sub


def test_a_core_group_reads_the_game_systems_only_for_an_action_it_lacks() -> None:
    """A game system may add actions to any group (NUTS! adds ``roster`` actions): the
    core's parser serves a core action; the systems' are read for theirs and for the list."""
    assert _words(["--db", "x", "roster", "--json", "show", "A"]) == ["roster", "show"]
    core_only = build_parser("roster", systems=False)
    whole = build_parser("roster")
    assert list(_commands(core_only)) == ["roster"]
    core_actions = set(_sub(_commands(core_only)["roster"]))
    all_actions = set(_sub(_commands(whole)["roster"]))
    assert core_actions < all_actions  # the systems add some
    extra = sorted(all_actions - core_actions)[0]
    assert _core_knows(core_only, "roster", ["roster", "show", "A"])
    assert not _core_knows(core_only, "roster", ["roster", extra])
    assert not _core_knows(core_only, "roster", ["roster", "--help"])
    assert _has_command(parser_for(["roster", extra]), "roster")
    assert extra in _sub(_commands(parser_for(["roster", extra]))["roster"])
    assert extra not in _sub(_commands(parser_for(["roster", "show", "A"]))["roster"])


def _sub(p: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    return _commands(p)
