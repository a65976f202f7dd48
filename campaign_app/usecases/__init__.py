"""Use-cases: what the CLI and the GUI can do. Each writing one is one transaction and
returns a typed result with its change set (:mod:`campaign_app.usecases.results`).

``from campaign_app.usecases import add_fighter`` works for every public name of the
foundation's subjects (:mod:`~campaign_app.usecases.campaigns`,
:mod:`~campaign_app.usecases.rosters`, :mod:`~campaign_app.usecases.fighters`,
:mod:`~campaign_app.usecases.rolls`, :mod:`~campaign_app.usecases.journal`,
:mod:`~campaign_app.usecases.games`, :mod:`~campaign_app.usecases.shapes`), then of
:mod:`~campaign_app.usecases.units` and :mod:`~campaign_app.usecases.results`
(``add_unit``, ``FighterResult``); the modules are imported on first use, so importing
this package (or one of its other modules) stays cheap."""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

_EXPORTING = ("campaigns", "rosters", "fighters", "rolls", "journal", "games", "shapes", "units", "results")


def __getattr__(name: str) -> Any:
    if name.startswith("__"):
        raise AttributeError(name)
    if importlib.util.find_spec(f"{__name__}.{name}") is not None:  # a submodule
        return importlib.import_module(f"{__name__}.{name}")
    for mod_name in _EXPORTING:
        mod = importlib.import_module(f"{__name__}.{mod_name}")
        if not name.startswith("_") and hasattr(mod, name):
            return getattr(mod, name)
    raise AttributeError(f"module 'campaign_app.usecases' has no attribute {name!r}")
