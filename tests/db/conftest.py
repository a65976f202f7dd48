"""Fixtures shared by the database tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy.engine import Engine

from db.migrate import open_database
from tests.campaign_app.data_builders import build_necromunda, build_nuts


@pytest.fixture
def filled(sqlite_url: str) -> Iterator[Engine]:
    """A SQLite database holding a Necromunda and a NUTS! campaign (rolls on record)."""
    eng = open_database(sqlite_url)
    build_necromunda(eng)
    build_nuts(eng)
    yield eng
    eng.dispose()
