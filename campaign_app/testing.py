"""pytest fixtures for a game system plug-in's own tests (and anyone embedding the app).

A plug-in's ``conftest.py`` at its project's root loads them::

    pytest_plugins = ["campaign_app.testing"]      # add "ui.testing" for the window

Fixtures:

``campaign_db``
    The URL of a fresh, migrated campaign database: a SQLite file in the test's
    temporary folder, and the same test again on PostgreSQL when
    ``CAMPAIGN_APP_TEST_PG`` names a server's admin URL (each test a database of its
    own, dropped afterwards); skipped there otherwise. The user's own database
    (``CAMPAIGN_APP_DB``) is out of reach, and backups go to a temporary folder.
``campaign_engine``
    An engine on ``campaign_db``, disposed afterwards.
``campaign_cli``
    ``run(*argv) -> (exit code, stdout, stderr)``: a ``campaign-app`` command against
    ``campaign_db`` (``--db`` is added), in this process.
``game_system``
    ``register(system)``: registers a :class:`~campaign_app.systems.api.GameSystem`
    for this test only, as an installed entry point would (``add_system``), and
    returns it; removed afterwards.
``db_rows``
    ``rows(engine, sql, **params)``: the rows a query reads, as tuples (to check what
    was written, not only what a function returned).
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

PG_ENV = "CAMPAIGN_APP_TEST_PG"


@pytest.fixture(autouse=True)
def _campaign_app_isolated(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test reaches the user's database or backup folder."""
    monkeypatch.delenv("CAMPAIGN_APP_DB", raising=False)
    monkeypatch.setenv("CAMPAIGN_APP_BACKUP_DIR", str(tmp_path_factory.mktemp("campaign-backups")))


def _pg_database(admin: str) -> Iterator[str]:
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    name = f"ca_{uuid.uuid4().hex[:12]}"
    adm = create_engine(make_url(admin).set(drivername="postgresql+psycopg"), isolation_level="AUTOCOMMIT")
    with adm.connect() as c:
        c.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield make_url(admin).set(drivername="postgresql+psycopg", database=name).render_as_string(
            hide_password=False)
    finally:
        with adm.connect() as c:
            c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        adm.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def campaign_db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    from campaign_app.usecases.database import open_database

    if request.param == "sqlite":
        urls: Iterator[str] = iter([f"sqlite:///{tmp_path / 'campaign.sqlite'}"])
    else:
        admin = os.environ.get(PG_ENV)
        if not admin:
            pytest.skip(f"no PostgreSQL server: set {PG_ENV} to its admin URL")
        urls = _pg_database(admin)
    url = next(urls)
    try:
        open_database(url).dispose()  # created and migrated, as the app opens it
        yield url
    finally:
        next(urls, None)  # the PostgreSQL database dropped


@pytest.fixture
def campaign_engine(campaign_db: str) -> Iterator[Any]:
    from campaign_app.usecases.database import open_database

    eng = open_database(campaign_db)
    yield eng
    eng.dispose()


@pytest.fixture
def campaign_cli(campaign_db: str, capsys: pytest.CaptureFixture[str]) -> Callable[..., tuple[int, str, str]]:
    from campaign_app.cli import main

    def run(*argv: str) -> tuple[int, str, str]:
        rc = main(["--db", campaign_db, *argv])
        out = capsys.readouterr()
        return rc, out.out, out.err

    return run


@pytest.fixture
def game_system() -> Iterator[Callable[[Any], Any]]:
    from campaign_app.systems.registry import add_system, remove_system

    added: list[str] = []

    def register(system: Any) -> Any:
        add_system(system)
        added.append(system.id)
        return system

    yield register
    for sid in reversed(added):
        remove_system(sid)


@pytest.fixture
def db_rows() -> Callable[..., list[tuple[Any, ...]]]:
    from sqlalchemy import text

    def rows(engine: Any, sql: str, **params: Any) -> list[tuple[Any, ...]]:
        with engine.connect() as c:
            return [tuple(r) for r in c.execute(text(sql), params)]

    return rows
