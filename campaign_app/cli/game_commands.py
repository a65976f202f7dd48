"""CLI: the commands of every installed game system (``creature generate``, ``injury
roll``...), each built from its :class:`~campaign_app.systems.commands.Command`: the
arguments from its parameters, the handler runs its use-case with them through the app
(``app.run``: on a league server the server runs it, when it offers it) and prints its
result (``--json``: the data; otherwise the command's text)."""

from __future__ import annotations

import argparse
from typing import Any

from campaign_app.systems.commands import Command, Param


def _add_param(sp: Any, p: Param) -> None:
    kw: dict[str, Any] = {}
    if p.help:
        kw["help"] = p.help
    if p.metavar:
        kw["metavar"] = p.metavar
    if p.kind == "flag":
        kw["action"] = "store_true"
    elif p.kind == "list":
        kw["action"] = "append"
    elif p.kind == "int":
        kw["type"] = int
    if p.choices and not p.free:
        kw["choices"] = p.choices
    if not p.flag:
        if p.optional:
            kw["nargs"] = "?"
        sp.add_argument(p.name, **kw)
        return
    if p.default is not None:
        kw["default"] = p.default
    if p.required:
        kw["required"] = True
    sp.add_argument(p.flag, dest=p.name, **kw)


def _handler(system: Any, cmd: Command) -> Any:
    def handle(args: argparse.Namespace, app: Any) -> int | None:
        from campaign_app.cli import emit

        params = {p.name: getattr(args, p.name) for p in cmd.params}
        if cmd.dice:
            params.update(dice=args.dice, seed=args.seed)
        result = app.run(system.load(cmd.run), **params)  # the use-case, here or on a league server
        text = system.load(cmd.text) if cmd.text else None
        data = system.load(cmd.data)(result) if cmd.data and getattr(args, "json", False) else result
        emit(args, data, (lambda: text(result, params)) if text else None)
        return int(system.load(cmd.status)(result)) if cmd.status else None

    return handle


def register(sub: Any, add: Any, group: Any) -> None:
    from campaign_app.cli import dice_options
    from campaign_app.systems.registry import systems

    for system in systems().values():
        for cmd in system.command_list():
            parent = group(cmd.group, cmd.group_help) if cmd.group else sub
            sp = add(parent, cmd.name, _handler(system, cmd), cmd.help)
            for p in cmd.params:
                _add_param(sp, p)
            if cmd.dice:
                dice_options(sp)
