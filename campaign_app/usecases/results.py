"""The typed results of the writing use-cases. Each is a frozen dataclass that says what
the use-case made or did, plus :attr:`~campaign_app.changes.Result.changes`, the change
set a view refreshes from. ``as_data`` turns one into the plain dict the CLI prints with
``--json`` (the change set left out)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from campaign_app.changes import Changes, Result

__all__ = ["Changes", "Result", "UndoResult", "as_data"]


@dataclass(frozen=True, kw_only=True)
class UndoResult(Result):
    """The action Undo reversed or Redo applied again."""

    id: int
    action: str
    summary: str


def as_data(value: Any) -> Any:
    """A result as plain data: dataclasses become dicts without their change set (a
    field with ``metadata={"data_key": K}`` is shown under ``K``: a report's lines of
    changes in words print as ``changes``, as before change sets)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.metadata.get("data_key", f.name): as_data(getattr(value, f.name))
                for f in dataclasses.fields(value) if f.name != "changes"}
    if isinstance(value, (list, tuple)):
        return [as_data(v) for v in value]
    if isinstance(value, dict):
        return {k: as_data(v) for k, v in value.items()}
    if isinstance(value, (frozenset, set)):
        return sorted(value)
    return value
