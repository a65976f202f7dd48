"""One object per open database through which a front end reaches every use-case.

The window holds a :class:`Campaigns`, never an engine: it asks ``app.run(use_case,
*args)`` and gets the use-case's typed result (a result with its change set for a
writing one). A use-case is a function whose first parameter is the database
(``engine``); :meth:`Campaigns.run` supplies it, so the call keeps the use-case's own
signature and return type (mypy checks both through ``ParamSpec``).

That is also the seam for a remote database: a use-case is named by its module and name
(:func:`use_case_name`), its arguments and result are plain data pydantic turns into JSON
and back unchanged (:func:`result_adapter`, checked for every use-case by
``tests/campaign_app/test_facade.py``), so a client :class:`Campaigns` can send the same
call to a league server and the window does not change.

Importing this module loads nothing: the database opens in :meth:`Campaigns.open`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Concatenate, ParamSpec, Protocol, TypeVar

from campaign_app.wire import (  # noqa: F401 - re-exported: how a use-case crosses a process boundary
    _type_checking_imports,
    api_name,
    result_adapter,
    takes_database,
    use_case_name,
)

if TYPE_CHECKING:
    from db.uow import Engine

P = ParamSpec("P")


class Member(Protocol):
    """Who acts through :meth:`Campaigns.run_as`: a league member's name and role."""

    @property
    def name(self) -> str: ...

    @property
    def role(self) -> str: ...


R = TypeVar("R")


class Campaigns:
    """An open database and the use-cases on it (what the window and a server call)."""

    def __init__(self, engine: Engine, url: str = "") -> None:
        self._engine = engine
        self.url = url or engine.url.render_as_string(hide_password=True)

    @classmethod
    def open(cls, url: str, *, create: bool = True) -> Campaigns:
        """The database at ``url`` at the newest schema (see
        :func:`campaign_app.usecases.database.open_database`); ``http(s)://host/league``:
        the league server there, as the member signed in to it
        (:class:`campaign_app.remote.RemoteCampaigns`, the same interface)."""
        from campaign_app.remote import RemoteCampaigns, is_league_url

        if is_league_url(url):
            return RemoteCampaigns.open(url)  # type: ignore[return-value]  # same interface
        from campaign_app.usecases.database import open_database

        return cls(open_database(url, create=create), url)

    def run(self, use_case: Callable[Concatenate[Engine, P], R], *args: P.args, **kwargs: P.kwargs) -> R:
        """``use_case`` run on this database with ``args``: its own result, typed."""
        return use_case(self._engine, *args, **kwargs)

    def run_as(self, who: Member | None, use_case: Callable[Concatenate[Engine, P], R],
               *args: P.args, **kwargs: P.kwargs) -> R:
        """``use_case`` run as the league member ``who`` (the league server): every unit
        of work it opens checks, in its own transaction before it commits, that ``who``
        may write what it wrote (:mod:`db.acting`), and refuses the whole of it
        otherwise. ``who``: anything with the member's ``name`` and ``role`` (arbitrator,
        player, viewer). ``who=None``: no one is checked (as :meth:`run`)."""
        from db.acting import Actor, acting

        actor = None if who is None else Actor(who.name, who.role, getattr(who, "battle_id", None),
                                               getattr(who, "roster_id", None))
        with acting(actor):
            return use_case(self._engine, *args, **kwargs)

    def reopened(self) -> Campaigns:
        """The same database opened anew (after a restore replaced it)."""
        from campaign_app.usecases.database import reopen

        return Campaigns(reopen(self._engine), self.url)

    @property
    def shown_url(self) -> str:
        """This database's URL without its password (for messages and logs)."""
        from db.engine import redact

        return redact(self._engine.url)

    @property
    def backend(self) -> str:
        """``sqlite`` or ``postgresql``."""
        return str(self._engine.dialect.name)

    @property
    def sqlite_file(self) -> Path | None:
        """The SQLite file of this database (None on a server)."""
        if self._engine.dialect.name != "sqlite" or not self._engine.url.database:
            return None
        return Path(str(self._engine.url.database))

    def same_database(self, other: Campaigns | None) -> bool:
        return other is not None and getattr(other, "_engine", None) is self._engine

    def dispose(self) -> None:
        """Close the database's connections (the window switching databases, quitting)."""
        self._engine.dispose()

    @property
    def engine(self) -> Engine:
        """For the layers below the front ends only (the CLI's commands, tests, the bench):
        a front end calls :meth:`run`."""
        return self._engine


def database_fault(e: BaseException) -> str | None:
    """Why the database could not do a request when ``e`` is the database being away or
    busy (PostgreSQL restarting or unreachable, a connection dropped, a SQLite file
    locked past its wait): the environment, worth a retry; else None. For the server's
    log only: the reason may name the database's host."""
    from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError

    if isinstance(e, OperationalError | InterfaceError) or (
            isinstance(e, DBAPIError) and e.connection_invalidated):
        text = str(getattr(e, "orig", None) or e).strip()
        return text.splitlines()[0] if text else type(e).__name__
    return None


TEST_STALL = "CAMPAIGN_APP_TEST_STALL"
"""Tests only (the server's fault tests): ``POINT:FILE`` makes the first unit of work of a
keyed write (a request with an Idempotency-Key) that reaches the fault point ``POINT``
(``uow.before-commit``: its rows and the key's written, not yet committed) create
``FILE`` and wait there for a minute (``POINT:FILE:SECONDS``: that long), so that a test
can kill the process, or restart the database, inside the transaction. Unset, nothing
is installed."""


def stall_from_environment() -> None:
    """Install the :data:`TEST_STALL` hook when the variable is set (``campaign-app serve``)."""
    import os
    import threading
    import time

    spec = os.environ.get(TEST_STALL, "")
    point, _, rest = spec.partition(":")
    marker, _, seconds = rest.partition(":")
    if not point or not marker:
        return
    wait = float(seconds or 60)
    import db.idempotency
    import db.uow

    once = threading.Lock()

    def hook(name: str) -> None:
        if name == point and db.idempotency.current() is not None and once.acquire(blocking=False):
            Path(marker).write_text(name, encoding="utf-8")
            time.sleep(wait)

    db.uow.FAULT_HOOK = hook
