"""#32: the command line builds only the parser of the command it was given. That
parser must be the same, option for option, as the command's part of the whole parser
(``--help`` and a mistyped command still get the whole list)."""

from __future__ import annotations

import argparse
import subprocess
import sys
from typing import Any

import pytest

from campaign_app.cli import build_parser, command_of, main


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
    are imported (the game systems' packages are: any of them may add a command to any
    group), nor the After the Battle procedures of any game."""
    code = ("import sys\nfrom campaign_app.cli import main\nmain(['campaign', 'list', '--help'])\n"
            "print(sorted(m for m in sys.modules if m.startswith(('campaign_app.rules.loader', "
            "'campaign_app.rules.catalogue', 'campaign_app.rules.schema', 'pydantic')) "
            "or m.endswith('.procedures')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "[]", out
