"""The GUI opens a campaign of the example plug-in (examples/example-skirmish), which no
file of the app knows, and shows its roster with the system's own characteristic."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.examples.test_example_skirmish import registered


@pytest.fixture
def skirmish(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    yield from registered(monkeypatch)


def test_the_gui_opens_its_campaign_and_roster(skirmish: Any, win: Any, gui_engine: Any) -> None:
    from example_skirmish import demo

    from campaign_app.usecases import core

    cid = demo.build(gui_engine)
    win.reload(prefer=("campaign", cid))
    assert "Skill" in [c.title for c in win.model.columns]
    assert {"Red Captain", "Blue Captain", "Red Spear"} <= {r["name"] for r in win.model.rows}
    win.reload(prefer=("roster", core.show_roster(gui_engine, "Red Band")["id"]))
    assert {r["name"] for r in win.model.rows} == {"Red Captain", "Red Spear", "Red Bow"}
    dlg = win.new_campaign()
    assert dlg.system.findData("example-skirmish") >= 0
    dlg.reject()
