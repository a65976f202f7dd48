"""Use-cases: what the CLI and the GUI can do. Each writing one is one transaction and
returns a typed result with its change set (:mod:`campaign_app.usecases.results`).

``from campaign_app.usecases import add_fighter`` works for every public name of
:mod:`campaign_app.usecases.core`, then of :mod:`~campaign_app.usecases.units` and
:mod:`~campaign_app.usecases.results` (``add_unit``, ``FighterResult``); the modules are
imported on first use, so importing this package (or one of its other modules) stays
cheap."""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

_EXPORTING = ("core", "shapes", "games", "journal", "campaigns", "rolls", "fighters", "units", "results")


def __getattr__(name: str) -> Any:
    if name.startswith("__"):
        raise AttributeError(name)
    if importlib.util.find_spec(f"{__name__}.{name}") is not None:  # a submodule
        return importlib.import_module(f"{__name__}.{name}")
    for mod_name in _EXPORTING:
        mod = importlib.import_module(f"{__name__}.{mod_name}")
        if not name.startswith("_") and hasattr(mod, name):
            return getattr(mod, name)
    core = importlib.import_module(f"{__name__}.core")
    try:
        return getattr(core, name)  # the core's own helpers (``_check_version``...), as before
    except AttributeError:
        raise AttributeError(f"module 'campaign_app.usecases' has no attribute {name!r}") from None
