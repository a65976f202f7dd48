"""The web pages over the league of tests/server/conftest.py (both backends): battle 1
between ann's Easy (Sgt Rock) and bob's Jerries (Hans), in progress."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from fastapi.testclient import TestClient

from campaign_app.usecases import table
from tests.server.conftest import PASSWORDS, League


@dataclass
class Table:
    lg: League
    battle: int

    def client(self, name: str | None = None) -> TestClient:
        """A browser of its own (its own cookie jar), signed in as ``name``."""
        c = TestClient(self.lg.client.app, client=("203.0.113.9", 50001))
        if name is not None:
            r = c.post("/login", data={"name": name, "password": PASSWORDS[name]}, follow_redirects=False)
            assert r.status_code == 303, r.text
        return c

    def csrf(self, c: TestClient) -> str:
        m = re.search(r'name="csrf" value="([^"]+)"', c.get(f"/battle/{self.battle}").text)
        assert m, "no CSRF token on the page"
        return m.group(1)

    def post(self, c: TestClient, what: str, fetch: bool = True, **data: Any) -> Any:
        headers = {"X-Requested-With": "fetch"} if fetch else {}
        return c.post(f"/battle/{self.battle}/{what}", data={k: str(v) for k, v in data.items()},
                      headers=headers, follow_redirects=False)

    def view(self) -> Any:
        return self.lg.app.run(table.table_view, self.battle)


@pytest.fixture
def tb(lg: League) -> Iterator[Table]:
    b = lg.app.run(table.setup_battle, lg.campaign, [lg.easy, lg.jerries])
    lg.app.run(table.start_battle, b.id)
    yield Table(lg, b.id)


def error_line(html: str) -> str | None:
    m = re.search(r'class="error"[^>]*>([^<]*)<', html)
    return m.group(1) if m else None
