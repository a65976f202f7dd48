"""Live updates for the desktop clients: ``GET /api/events`` (Server-Sent Events), one
``data:`` line per change set committed to the league, as JSON
``{"by": SESSION_ID | null, "changes": {...}}`` (``by``: the session whose request made
it, so a client skips its own; null: another server process's, heard through the
database).

One :class:`Hub` per server process fans change sets out to its subscribers: the
change sets of the writes this process runs (published as each request ends), and
those of every other process on the same database, heard by one watcher of
:func:`campaign_app.usecases.live.watch` (LISTEN/NOTIFY on PostgreSQL, the journal on
SQLite) in a thread of its own, which ignores this process's own writes (they are
already published). Kept apart from the battle pages' stream (server/web/)."""

from __future__ import annotations

import asyncio
import json
import logging
import select
import threading
from collections.abc import AsyncIterator
from typing import Any

from campaign_app.changes import Changes
from campaign_app.facade import Campaigns

log = logging.getLogger("campaign_app.server")

KEEPALIVE = 15.0  # seconds between comment lines on a quiet stream (proxies close idle ones)
POLL = 0.5  # seconds between polls of a SQLite watcher


def payload(changes: Changes, by: int | None) -> str:
    from pydantic import TypeAdapter

    return json.dumps({"by": by, "changes": json.loads(TypeAdapter(Changes).dump_json(changes))},
                      separators=(",", ":"))


class Hub:
    def __init__(self, campaigns: Campaigns) -> None:
        self.campaigns = campaigns
        self._subscribers: set[tuple[asyncio.AbstractEventLoop, asyncio.Queue[str | None]]] = set()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()

    def publish(self, changes: Changes, by: int | None) -> None:
        """Send ``changes`` to every subscriber (from any thread)."""
        if not changes:
            return
        text = payload(changes, by)
        with self._lock:
            subs = list(self._subscribers)
        for loop, q in subs:
            try:
                loop.call_soon_threadsafe(q.put_nowait, text)
            except RuntimeError:  # its loop is closed: it is gone
                self._drop(loop, q)

    def _drop(self, loop: asyncio.AbstractEventLoop, q: asyncio.Queue[str | None]) -> None:
        with self._lock:
            self._subscribers.discard((loop, q))

    async def stream(self, is_disconnected: Any) -> AsyncIterator[str]:
        """The event stream of one subscriber, until it disconnects or the hub stops."""
        loop = asyncio.get_running_loop()
        q: asyncio.Queue[str | None] = asyncio.Queue()
        with self._lock:
            self._subscribers.add((loop, q))
        self._start_watcher()
        try:
            yield ": live updates of this league\n\n"
            while not self._stop.is_set():
                try:
                    item = await asyncio.wait_for(q.get(), KEEPALIVE)
                except TimeoutError:
                    if await is_disconnected():
                        return
                    yield ": keep-alive\n\n"
                    continue
                if item is None:
                    return
                yield f"data: {item}\n\n"
        finally:
            self._drop(loop, q)

    def _start_watcher(self) -> None:
        with self._lock:
            if self._thread is not None or self._stop.is_set():
                return
            self._thread = threading.Thread(target=self._watch, name="league-events-watcher", daemon=True)
            self._thread.start()

    def _watch(self) -> None:
        """Change sets of the other server processes, heard through the database; a
        lost watcher is opened again after a pause that grows to 30 s."""
        from campaign_app.usecases import live

        pause = 1.0
        while not self._stop.is_set():
            watcher: Any = None
            try:
                watcher = self.campaigns.run(live.watch)
                if watcher is None:
                    return  # a database no other process can open (in memory)
                pause = 1.0
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
                if watcher is not None:
                    try:
                        watcher.close()
                    except Exception:  # noqa: BLE001 - closing a broken connection
                        pass
            if self._stop.wait(pause):
                return
            pause = min(pause * 2, 30.0)

    def close(self) -> None:
        self._stop.set()
        with self._lock:
            subs = list(self._subscribers)
        for loop, q in subs:
            try:
                loop.call_soon_threadsafe(q.put_nowait, None)
            except RuntimeError:
                pass
