"""What the machine is doing right now, for work that should only run beside the rest
when a core is free (the start's first-screen reader, ``ui.prefetch``; the benchmark's
wait for a settled machine, ``bench.__main__.settle``). Linux's ``/proc/loadavg``;
elsewhere nothing is known and the callers go on as if the machine were idle."""

from __future__ import annotations

import os


def loadavg() -> str:
    """The text of ``/proc/loadavg`` (``"0.52 0.61 0.70 1/180 4242"``), else ``""``."""
    try:
        with open("/proc/loadavg", encoding="ascii") as fh:
            return fh.read()
    except OSError:
        return ""


def running_threads(text: str) -> int | None:
    """The threads running on the machine at that moment (the fourth field of
    ``/proc/loadavg``'s ``text``, ``running/total``, the reading process among them);
    None where it is not known (no such file, another format)."""
    try:
        return int(text.split()[3].split("/")[0])
    except (IndexError, ValueError):
        return None


def usable_cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1
