"""How a use-case crosses a process boundary (the league server and its clients): its
name, its result's pydantic adapter. Pure: it imports no use-case and no database (a
use-case's module is read by name)."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pydantic import TypeAdapter


def api_name(fn: Callable[..., Any]) -> str:
    """``fighters.add_fighter``: the module's last part and the function's name (the league
    server's ``POST /api/run/<api_name>``)."""
    return f"{fn.__module__.rpartition('.')[2]}.{fn.__name__}"


def use_case_name(fn: Callable[..., Any]) -> str:
    """``module:function``: how a use-case is named across a process boundary."""
    return f"{getattr(fn, '__module__', '?')}:{getattr(fn, '__qualname__', repr(fn))}"


@cache
def takes_database(fn: Callable[..., Any]) -> bool:
    """Whether ``fn`` is a use-case: its first parameter is the database."""
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return False
    return bool(params) and params[0].name in ("engine", "eng")


@cache
def result_adapter(fn: Callable[..., Any]) -> TypeAdapter[Any]:
    """The pydantic adapter of ``fn``'s declared result: it turns a result into JSON and
    back into an equal result (dataclasses, typed dicts, change sets included). The names
    a module imports only for type checking (to load faster) are imported first."""

    from pydantic import TypeAdapter

    return TypeAdapter(result_type(fn))


@cache
def result_type(fn: Callable[..., Any]) -> Any:
    """``fn``'s declared result type (``Any`` when it declares none)."""
    import sys
    from typing import get_type_hints

    _type_checking_imports(sys.modules[fn.__module__])
    return get_type_hints(fn).get("return", Any)


def _type_checking_imports(module: Any) -> None:
    """Run the ``from X import Y`` lines of ``module``'s ``if TYPE_CHECKING:`` blocks into
    it, so its annotations can be read at run time (where pydantic and get_type_hints
    look); once per module."""
    import ast
    import importlib

    if getattr(module, "__type_checking_imported__", False) or not getattr(module, "__file__", None):
        return
    tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
    for node in tree.body:
        test = node.test if isinstance(node, ast.If) else None
        if not ((isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
                or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")):
            continue
        for imp in node.body:  # type: ignore[attr-defined]
            if isinstance(imp, ast.ImportFrom) and imp.module is not None:
                base = importlib.import_module("." * imp.level + imp.module, module.__package__ if imp.level else None)
                for a in imp.names:
                    if not hasattr(module, a.asname or a.name):
                        setattr(module, a.asname or a.name, getattr(base, a.name))
    module.__type_checking_imported__ = True
