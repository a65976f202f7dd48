"""Use-cases: what the CLI and the GUI can do. Each writing one is one transaction.

``from campaign_app.usecases import add_fighter`` works for every public name of
:mod:`campaign_app.usecases.core`; the module itself is imported on first use, so
importing this package (or one of its other modules) stays cheap."""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any


def __getattr__(name: str) -> Any:
    if name.startswith("__"):
        raise AttributeError(name)
    if importlib.util.find_spec(f"{__name__}.{name}") is not None:  # a submodule
        return importlib.import_module(f"{__name__}.{name}")
    core = importlib.import_module(f"{__name__}.core")
    try:
        return getattr(core, name)
    except AttributeError:
        raise AttributeError(f"module 'campaign_app.usecases' has no attribute {name!r}") from None
