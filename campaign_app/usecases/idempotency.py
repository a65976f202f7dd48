"""Idempotency keys of the league server (#35, item 6): what the server asks of
:mod:`db.idempotency` (it imports no database module itself).

A writing request may carry ``Idempotency-Key``; the server looks the key up
(:func:`kept_answer`), runs the use-case inside :func:`claiming` (the key's row is then
written in the change's own transaction) and keeps the answer (:func:`keep_answer`).
None of these is journaled: keys are the server's bookkeeping, not a change of the game."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from typing_extensions import TypedDict

from db import idempotency as idem_q
from db.idempotency import KEEP, Claim, KeyInUse, claiming
from db.models import utcnow
from db.uow import Engine

__all__ = ["KEEP", "MAX_KEY", "Claim", "Kept", "KeyInUse", "claiming", "keep_answer", "kept_answer",
           "request_hash", "valid_key"]

MAX_KEY = 200


class Kept(TypedDict):
    """A key already used: the hash of its request, its answer (status and body: None
    while it runs, or when the server stopped between the commit and keeping the
    answer) and its age in seconds."""

    request_hash: str
    status: int | None
    body: str | None
    age: float


def valid_key(text: str | None) -> str | None:
    """The key as sent, or None when there is none; raises ValueError with the reason
    for a key that is not 1 to 200 printable ASCII characters."""
    if text is None:
        return None
    if not 1 <= len(text) <= MAX_KEY or not all(" " < c <= "~" for c in text):
        raise ValueError(f"Idempotency-Key must be 1 to {MAX_KEY} printable ASCII characters without spaces "
                         "(a uuid4 will do)")
    return text


def request_hash(use_case: str, args: dict[str, Any]) -> str:
    """SHA-256 of the use-case's name and its arguments (as JSON with sorted keys: the
    same call however the client spaced or ordered its body)."""
    text = json.dumps([use_case, args], sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def kept_answer(engine: Engine, member: str, key: str) -> Kept | None:
    """What ``member``'s ``key`` answered (None: unused, or expired and now forgotten)."""
    found = idem_q.find(engine, member, key)
    if found is None:
        return None
    return {"request_hash": found.request_hash, "status": found.status, "body": found.body,
            "age": (utcnow() - found.created_at).total_seconds()}


def keep_answer(engine: Engine, member: str, key: str, status: int, body: str) -> None:
    """The answer to send again for ``member``'s ``key`` (whose change committed)."""
    idem_q.keep_answer(engine, member, key, status, body)
