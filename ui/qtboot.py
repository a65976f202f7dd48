"""Two things the desktop app's start does to reach its first screen sooner (issue #32).

**PySide6's per-import check.** PySide6 replaces ``builtins.__import__`` to support its opt-in ``from __feature__
import snake_case``; after every module imported from then on it asks whether that
module uses PySide6 (``shibokensupport.feature._mod_uses_pyside``) by reading the
module's whole source through ``inspect.getsource``: the ``linecache`` read, split into
lines and kept for the rest of the process. The window imports some hundred modules of
its own after PySide6, so this was 4-8 ms of every start's CPU (a py-spy profile of
the first screen: 4% of its samples). :func:`quicker_feature_check` swaps in the same question asked
of the file's bytes: the same answer for every module with a source file (a test
compares both on every module a window start imports), False where there is no
readable source (as ``getsource`` fails there). The app never selects a feature, so
the answer only decides whether PySide switches feature tables for a module's frames.

If PySide6 has no such function (another version), nothing is changed.

**The collector held** (:func:`hold_gc`, :func:`release_gc`) while the window starts."""

from __future__ import annotations

import gc
import sys
from typing import Any

_SWAPPED = "_campaign_app_quick"


def uses_pyside(module: Any) -> bool:
    """Whether ``module``'s source file names PySide6 (what PySide asks of every import)."""
    spec = getattr(module, "__spec__", None)
    origin = getattr(spec, "origin", None) or getattr(module, "__file__", None)
    if not isinstance(origin, str) or not origin.endswith(".py"):
        return False  # a built-in, an extension or a frozen module: no source to search
    try:
        with open(origin, "rb") as fh:
            return b"PySide6" in fh.read()
    except OSError:
        return False


def quicker_feature_check() -> bool:
    """Install :func:`uses_pyside` as PySide's per-import check; True if it was (or
    already is) installed. Call after PySide6 is imported."""
    feature = sys.modules.get("shibokensupport.feature")
    old = getattr(feature, "_mod_uses_pyside", None)
    if feature is None or not callable(old):
        return False
    if getattr(old, _SWAPPED, False):
        return True
    setattr(uses_pyside, _SWAPPED, True)
    feature._mod_uses_pyside = uses_pyside  # type: ignore[attr-defined]
    return True


_held = False
GC_HELD_MS = 10_000  # the longest the collector stays off, whatever happens to the start


def hold_gc() -> None:
    """No cyclic garbage collection while the window starts: until the database it opens
    at start-up has opened (or failed to), GC_HELD_MS at most (:func:`release_gc`).
    Starting imports some hundred modules and builds the window, and the collector ran
    some 70 times for nothing over them (about 10 ms of the first screen: each pass
    walks every young object, and start-up makes objects that live on, not cycles).
    What does become cyclic garbage meanwhile is collected once it is back on."""
    global _held
    if gc.isenabled():
        gc.disable()
        _held = True


def release_gc() -> None:
    """The collector back on, if :func:`hold_gc` turned it off (once; later calls do nothing)."""
    global _held
    if _held:
        _held = False
        gc.enable()


def set_by_name(obj: Any, **properties: str) -> None:
    """Set enum properties of a QObject by their names (``set_by_name(label,
    textFormat="RichText")``): Qt converts the key itself, so no Python enum is built.
    The window's first frame and its first screen use no enum of Qt's namespace, whose
    first use builds all 93 of its Python enums (some 125 million instructions, a tenth
    of the first screen, issue #32); a test holds both to that. A property Qt does not
    take (a misspelt name or key) is our bug, said at once."""
    for name, key in properties.items():
        if not obj.setProperty(name, key):
            raise ValueError(f"{type(obj).__name__} did not take {name}={key!r}")
