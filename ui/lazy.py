"""The core's use-case modules, loaded on first use.

The main window and its tabs call ``core.*`` and ``q.*`` only once a database is open;
importing them (SQLAlchemy, SQLModel, the rules) costs about half a second, which a
cold start should not spend before the window is on screen."""

from __future__ import annotations

import importlib.util
import sys
import threading
from types import ModuleType

_lock = threading.Lock()


def lazy_module(name: str) -> ModuleType:
    with _lock:
        if name in sys.modules:
            return sys.modules[name]
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.loader is not None, name
        loader = importlib.util.LazyLoader(spec.loader)
        spec.loader = loader
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        loader.exec_module(module)
        parent, _, child = name.rpartition(".")
        if parent in sys.modules:  # as an import would: ``import ui.worker; ui.worker.x``
            setattr(sys.modules[parent], child, module)
        return module


campaigns = lazy_module("campaign_app.usecases.campaigns")
rosters = lazy_module("campaign_app.usecases.rosters")
fighters = lazy_module("campaign_app.usecases.fighters")
journal = lazy_module("campaign_app.usecases.journal")
q = lazy_module("campaign_app.usecases.gui_queries")
