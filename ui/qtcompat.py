"""Work-arounds for bugs of particular PySide6 releases.

PySide6 6.12.0 returns ``True`` from ``SignalInstance.emit()`` without taking a
reference to it: every emit from Python drops one reference to ``True``, and after a
few hundred the interpreter aborts ("bool_dealloc: deallocating True or False"). The
GUI therefore emits its own signals through :func:`emit`, which measures once whether
this PySide6 has the bug and, if so, gives the reference back after each emit. Fixed
releases (6.11.x and earlier) are left alone. The project pins PySide6 away from 6.12.0
as well; this keeps the app alive if such a build is installed anyway."""

from __future__ import annotations

import sys
import threading
from typing import Any

_lock = threading.Lock()
_leaks: bool | None = None


def _measure() -> bool:
    from PySide6.QtCore import QObject, Signal

    class _Probe(QObject):
        ping = Signal()

    probe = _Probe()
    before = sys.getrefcount(True)
    for _ in range(4):
        probe.ping.emit()
    after = sys.getrefcount(True)
    leaked = before - after
    if leaked > 0:
        _give_back(leaked)
    probe.deleteLater()
    return leaked >= 4


def emit_leaks() -> bool:
    global _leaks
    if _leaks is None:
        with _lock:
            if _leaks is None:
                _leaks = _measure()
    return _leaks


def emit(signal: Any, *args: Any) -> Any:
    """``signal.emit(*args)``, safe on PySide6 releases whose emit drops a reference."""
    result = signal.emit(*args)
    if emit_leaks() and result is True:
        _give_back(1)
    return result


def _give_back(n: int) -> None:
    import ctypes  # only on a PySide6 with the bug

    for _ in range(n):
        ctypes.pythonapi.Py_IncRef(ctypes.py_object(True))
