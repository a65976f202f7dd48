"""Live updates: hearing of the changes other clients commit to the open database (the
GUI's refresh without a reload). The work is :mod:`db.live`'s: LISTEN/NOTIFY on
PostgreSQL, ``PRAGMA data_version`` and the journal on a SQLite file."""

from __future__ import annotations

from typing import Protocol

from campaign_app.changes import Changes
from db import live
from db.uow import Engine

__all__ = ["Watcher", "watch"]


class Watcher(Protocol):
    def fileno(self) -> int | None:
        """The socket to wait on (PostgreSQL); None: call :meth:`poll` now and then."""

    def poll(self) -> list[Changes]:
        """The change sets other clients committed since the last call (never blocks)."""

    def close(self) -> None: ...


def watch(engine: Engine) -> Watcher | None:
    """A watcher of ``engine``'s database (on PostgreSQL it opens a connection of its
    own: call it off the GUI thread); None for a database no other client can open."""
    return live.watcher(engine)
