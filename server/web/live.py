"""One watcher of the database per server process, fanned out to the battle pages'
event streams (Server-Sent Events).

The watcher (:func:`campaign_app.usecases.live.watch`: LISTEN/NOTIFY on PostgreSQL,
``PRAGMA data_version`` and the journal on a SQLite file) runs on a database opened
anew for it (:meth:`Campaigns.reopened`): a watcher skips what its own engine wrote, and
this one shares no engine with the server's use-cases, so it hears the server's own marks
as well as the desktop window's and any other client's. It runs in a thread started
with the first subscriber; each subscriber is an asyncio queue that gets the change
sets (the page then fetches its marks again)."""

from __future__ import annotations

import asyncio
import logging
import select
import threading
from dataclasses import dataclass, field
from typing import Any

from campaign_app.changes import Changes
from campaign_app.facade import Campaigns
from campaign_app.usecases import live

log = logging.getLogger("campaign_app.server")

POLL = 0.2  # seconds between two looks at a SQLite file (a mark shows within a second)


@dataclass(eq=False)
class Subscriber:
    loop: asyncio.AbstractEventLoop
    queue: asyncio.Queue[Changes] = field(default_factory=asyncio.Queue)


class Hub:
    """Change notices of the database for every subscriber of this process."""

    def __init__(self, campaigns: Campaigns) -> None:
        self.campaigns = campaigns
        self._subs: set[Subscriber] = set()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self.ready = threading.Event()  # the watcher is listening (set and cleared by its thread)

    def subscribe(self) -> Subscriber:
        sub = Subscriber(asyncio.get_running_loop())
        with self._lock:
            self._subs.add(sub)
            if self._thread is None or not self._thread.is_alive():
                self._stop.clear()
                self._thread = threading.Thread(target=self._run, name="web-live", daemon=True)
                self._thread.start()
        return sub

    def unsubscribe(self, sub: Subscriber) -> None:
        with self._lock:
            self._subs.discard(sub)

    def publish(self, changes: Changes) -> None:
        with self._lock:
            subs = list(self._subs)
        for sub in subs:
            try:
                sub.loop.call_soon_threadsafe(sub.queue.put_nowait, changes)
            except RuntimeError:  # its loop closed
                self.unsubscribe(sub)

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def _run(self) -> None:
        other: Campaigns | None = None
        watcher: Any = None
        while not self._stop.is_set():
            try:
                if watcher is None:
                    other = self.campaigns.reopened()
                    watcher = other.run(live.watch)
                    if watcher is None:  # an in-memory database: no other client, no notices
                        return
                    self.ready.set()
                fd = watcher.fileno()
                if fd is not None:
                    select.select([fd], [], [], POLL)
                else:
                    self._stop.wait(POLL)
                for changes in watcher.poll():
                    self.publish(changes)
            except Exception as e:  # noqa: BLE001 - a lost database connection: open it again
                log.warning("live updates: %s (trying again)", type(e).__name__)
                self.ready.clear()
                if watcher is not None:
                    try:
                        watcher.close()
                    except Exception:  # noqa: BLE001
                        pass
                watcher = None
                if other is not None:
                    other.dispose()
                    other = None
                self._stop.wait(1.0)
        self.ready.clear()
        if watcher is not None:
            watcher.close()
        if other is not None:
            other.dispose()


def concerns(changes: Changes, battle_id: int) -> bool:
    """Whether ``changes`` may change what the page of ``battle_id`` shows."""
    if changes.everything or battle_id in changes.battles:
        return True
    return bool(not changes.battles and (changes.fighters or changes.units or changes.rosters))
