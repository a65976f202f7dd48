"""Fixtures shared by the tests of campaign_app."""

from __future__ import annotations

import pytest


@pytest.fixture
def _server_backups(tmp_path, monkeypatch):
    """Backups of a PostgreSQL test database go to the test's folder, not the user's
    (used by the import tests: ``pytestmark = pytest.mark.usefixtures("_server_backups")``)."""
    monkeypatch.setenv("CAMPAIGN_APP_BACKUP_DIR", str(tmp_path / "server-backups"))
