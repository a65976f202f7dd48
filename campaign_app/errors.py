"""Typed errors raised by the core. The CLI turns an :class:`AppError` into exit code 2
with its one-line message; the GUI shows the message in a dialog. Nothing is written
when one is raised inside a unit of work."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class AppError(Exception):
    """Base of every error a user can cause or fix; ``str(err)`` is the message."""

    exit_code = 2
    # set on a league server's write that may not have been applied (no answer, 503):
    # sends the same request again with the same Idempotency-Key; its result, as ``run``'s
    retry: Callable[[], Any] | None = None

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class InputError(AppError):
    """Bad input: a typed value, option or file the app refuses."""


class DiceError(InputError):
    """Bad dice: a typed face out of range, too few or too many faces."""


class NotFoundError(InputError):
    """A named or numbered campaign/roster/fighter/battle does not exist."""


class RulesDataError(AppError):
    """A rules table (shipped or house rule) is malformed; names file/table and row."""


class ConflictError(AppError):
    """Someone else changed the row since it was read (optimistic concurrency).

    ``rows``: the (table, id) pairs the refused statement aimed at, so that a league
    database can say whose they are (a row-level security policy hides a row from an
    UPDATE as a stale version would)."""

    def __init__(self, message: str, *, rows: tuple[tuple[str, int], ...] = ()) -> None:
        super().__init__(message)
        self.rows = rows


class DatabaseError(AppError):
    """The database cannot be opened, is too new, or the URL is wrong."""


class DamagedDatabaseError(DatabaseError):
    """The database file is damaged (a corrupt page, a broken schema stamp): exit 1,
    with what to do (restore a copy from its ``backups`` folder)."""

    exit_code = 1


class RefusedError(DatabaseError):
    """The database refused the change for lack of rights (a league's grants and
    row-level security policies): an environment error, not a bug; nothing was written."""


class Cancelled(AppError):
    """The user stopped a long read or check before it ended (nothing was written)."""


class AuthError(AppError):
    """A league server's login or session was refused: wrong name or password, a member
    disabled, a token unknown, expired or revoked (the server answers 401)."""
