"""What the league server refuses before a use-case runs: too many failed logins for one
name from one address (:class:`LoginLimiter`, 429), and a request body over a size
(:class:`BodyLimit`, 413)."""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]


class LoginLimiter:
    """At most ``failures`` failed logins per (name, address) in ``window`` seconds: the
    next attempt within the window is refused without looking at the password."""

    def __init__(self, failures: int = 5, window: float = 60.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.failures = failures
        self.window = window
        self.clock = clock
        self._seen: dict[tuple[str, str], deque[float]] = {}
        self._lock = threading.Lock()

    def _recent(self, key: tuple[str, str]) -> deque[float]:
        now = self.clock()
        q = self._seen.setdefault(key, deque())
        while q and now - q[0] >= self.window:
            q.popleft()
        return q

    def blocked(self, name: str, address: str) -> float:
        """Seconds until ``name`` may try again from ``address`` (0: now)."""
        key = (name.strip().casefold(), address)
        with self._lock:
            q = self._recent(key)
            if len(q) < self.failures:
                return 0.0
            return max(self.window - (self.clock() - q[0]), 0.0)

    def failed(self, name: str, address: str) -> None:
        key = (name.strip().casefold(), address)
        with self._lock:
            self._recent(key).append(self.clock())
            if len(self._seen) > 10_000:  # forget the idle ones (a flood of names)
                for k in [k for k, q in self._seen.items() if not q]:
                    del self._seen[k]

    def succeeded(self, name: str, address: str) -> None:
        with self._lock:
            self._seen.pop((name.strip().casefold(), address), None)


class BodyLimit:
    """ASGI middleware: a request body over ``limit`` bytes is answered 413 and never
    reaches the app (by its Content-Length, or counted as it arrives)."""

    def __init__(self, app: Callable[[Scope, Receive, Send], Awaitable[None]], limit: int = 1_000_000) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope.get("headers") or []).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await self._too_large(send)
            return
        body = bytearray()
        more = True
        while more:
            msg = await receive()
            if msg["type"] != "http.request":
                break
            body += msg.get("body", b"")
            more = bool(msg.get("more_body", False))
            if len(body) > self.limit:
                await self._too_large(send)
                return
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": bytes(body), "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _too_large(self, send: Send) -> None:
        data = json.dumps({"error": f"the request is larger than {self.limit:,} bytes"}).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode())]})
        await send({"type": "http.response.body", "body": data})
