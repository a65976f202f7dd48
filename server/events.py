"""Live updates: one :class:`Hub` per server process, the change sets committed to the
league fanned out to two kinds of streams (Server-Sent Events):

* ``GET /api/events`` (the desktop clients): one ``data:`` line per change set, as JSON
  ``{"by": SESSION_ID | null, "changes": {...}}`` (``by``: the session whose request
  made it, so a client skips its own; null: another process's, heard through the
  database, or a write no session of the API made);
* ``GET /battle/{id}/events`` (the battle pages, server/web/pages.py): ``event:
  changed`` when a change set concerns the battle (the page fetches its marks again).

Each change set reaches each subscriber once. The hub hears them from two sides:

* **this process's writes** are published by the front end that ran them as the
  request ends (:meth:`Hub.published`: ``/api/run``, the pages' forms, ``/api/join``);
* **every other process's** (the desktop window on the same SQLite file, another
  server process on the same PostgreSQL database) by one watcher of
  :func:`campaign_app.usecases.live.watch` on the server's own engine (LISTEN/NOTIFY
  on PostgreSQL, ``PRAGMA data_version`` and the journal on SQLite), in one thread
  started with the first subscriber. A watcher skips what its own engine wrote, so the
  writes published at request end are not heard a second time. A lost watcher (the
  database restarting) is opened again after a pause that grows from 1 s to 30 s."""

from __future__ import annotations

import asyncio
import json
import logging
import select
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from campaign_app.changes import Changes
from campaign_app.facade import Campaigns

log = logging.getLogger("campaign_app.server")

KEEPALIVE = 15.0  # seconds between comment lines on a quiet stream (proxies close idle ones)
POLL = 0.2  # seconds between two looks at a SQLite file (a mark shows within a second)
PAUSE_FIRST, PAUSE_MAX = 1.0, 30.0  # seconds before opening a lost watcher again (doubling)

Item = tuple[Changes, int | None]  # a change set and the API session that made it (or None)


def payload(changes: Changes, by: int | None) -> str:
    """The ``data:`` of ``/api/events`` for ``changes``."""
    from pydantic import TypeAdapter

    return json.dumps({"by": by, "changes": json.loads(TypeAdapter(Changes).dump_json(changes))},
                      separators=(",", ":"))


@dataclass(eq=False)
class Subscriber:
    """One stream's queue (None in it: the hub stopped, the stream ends)."""

    loop: asyncio.AbstractEventLoop
    queue: asyncio.Queue[Item | None] = field(default_factory=asyncio.Queue)


class Hub:
    """The change sets of the league for every subscriber of this process."""

    def __init__(self, campaigns: Campaigns) -> None:
        self.campaigns = campaigns
        self._subs: set[Subscriber] = set()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self.ready = threading.Event()  # the watcher is listening (set and cleared by its thread)

    # ------------------------------------------------------------------ subscribers
    def subscribe(self) -> Subscriber:
        """A new subscriber (from the event loop that will read its queue); the watcher
        starts with the first one."""
        sub = Subscriber(asyncio.get_running_loop())
        with self._lock:
            self._subs.add(sub)
            if not self._stop.is_set() and (self._thread is None or not self._thread.is_alive()):
                self._thread = threading.Thread(target=self._watch, name="league-live", daemon=True)
                self._thread.start()
        return sub

    def unsubscribe(self, sub: Subscriber) -> None:
        with self._lock:
            self._subs.discard(sub)

    def publish(self, changes: Changes, by: int | None = None) -> None:
        """Send ``changes`` to every subscriber (from any thread); nothing when empty."""
        if not changes:
            return
        with self._lock:
            subs = list(self._subs)
        for sub in subs:
            try:
                sub.loop.call_soon_threadsafe(sub.queue.put_nowait, (changes, by))
            except RuntimeError:  # its loop is closed: it is gone
                self.unsubscribe(sub)

    def published(self, result: Any, by: int | None = None) -> Any:
        """``result`` of a use-case this process ran, its change set (if it wrote)
        published first: what a front end calls as each request ends."""
        changed = getattr(result, "changes", None)
        if isinstance(changed, Changes):
            self.publish(changed, by)
        return result

    async def stream(self, is_disconnected: Callable[[], Awaitable[bool]]) -> AsyncIterator[str]:
        """The ``/api/events`` stream of one subscriber, until it disconnects or the hub stops."""
        sub = self.subscribe()
        try:
            yield ": live updates of this league\n\n"
            while True:
                item = await self.next(sub, is_disconnected)
                if item is None:
                    return
                if not item:
                    yield ": keep-alive\n\n"
                    continue
                yield f"data: {payload(*item)}\n\n"
        finally:
            self.unsubscribe(sub)

    async def next(self, sub: Subscriber,
                   is_disconnected: Callable[[], Awaitable[bool]]) -> Item | tuple[()] | None:
        """The next item of ``sub``; ``()`` after :data:`KEEPALIVE` seconds of quiet
        (send a comment); None when the hub stopped or the client went away."""
        if self._stop.is_set():
            return None
        try:
            return await asyncio.wait_for(sub.queue.get(), KEEPALIVE)
        except TimeoutError:
            return None if await is_disconnected() else ()

    # ------------------------------------------------------------------ the watcher
    def _watch(self) -> None:
        """The change sets of the other processes, heard through the database."""
        from campaign_app.usecases import live

        pause = PAUSE_FIRST
        while not self._stop.is_set():
            watcher: Any = None
            try:
                watcher = self.campaigns.run(live.watch)
                if watcher is None:
                    return  # a database no other process can open (in memory)
                self.ready.set()
                pause = PAUSE_FIRST
                while not self._stop.is_set():
                    fd = watcher.fileno()
                    if fd is not None:
                        select.select([fd], [], [], POLL)
                    else:
                        self._stop.wait(POLL)
                    for ch in watcher.poll():
                        self.publish(ch, None)
            except Exception as e:  # noqa: BLE001 - the database went away: try again
                log.warning("live updates watcher lost: %s (again in %.0f s)", type(e).__name__, pause)
            finally:
                self.ready.clear()
                if watcher is not None:
                    try:
                        watcher.close()
                    except Exception:  # noqa: BLE001 - closing a broken connection
                        pass
            if self._stop.wait(pause):
                return
            pause = min(pause * 2, PAUSE_MAX)

    def close(self) -> None:
        """Stop the watcher and end every stream (the server shutting down)."""
        self._stop.set()
        with self._lock:
            subs = list(self._subs)
            thread, self._thread = self._thread, None
        for sub in subs:
            try:
                sub.loop.call_soon_threadsafe(sub.queue.put_nowait, None)
            except RuntimeError:
                pass
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=5)

    stop = close
