"""The GUI opens a campaign of the example plug-in (examples/example-skirmish), which no
file of the app knows, and shows its roster with the system's own characteristic."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from campaign_app.facade import Campaigns
from tests.examples.test_example_skirmish import registered


@pytest.fixture
def skirmish(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    yield from registered(monkeypatch)


def test_the_gui_opens_its_campaign_and_roster(skirmish: Any, win: Any, gui_engine: Any) -> None:
    from example_skirmish import demo

    from campaign_app.usecases import rosters

    cid = demo.build(gui_engine)
    win.reload(prefer=("campaign", cid))
    assert "Skill" in [c.title for c in win.model.columns]
    assert {"Red Captain", "Blue Captain", "Red Spear"} <= {r["name"] for r in win.model.rows}
    win.reload(prefer=("roster", rosters.show_roster(gui_engine, "Red Band")["id"]))
    assert {r["name"] for r in win.model.rows} == {"Red Captain", "Red Spear", "Red Bow"}
    assert win.select_figure("Red Captain")
    text = win.detail.toPlainText()
    assert "Red Captain" in text and "Skill" in text and "5" in text, text
    dlg = win.new_campaign()
    assert dlg.system.findData("example-skirmish") >= 0
    dlg.reject()


def test_after_the_battle_wizard_with_typed_dice(skirmish: Any, qtbot: Any, win: Any, gui_engine: Any) -> None:
    from campaign_app.usecases import campaigns, fighters, rosters
    from campaign_app.usecases.battles import record_battle
    from tests.ui.test_flow import click, type_dice

    c = campaigns.create_campaign(gui_engine, "Ford", "example-skirmish")
    reds = rosters.create_roster(gui_engine, c.id, "Reds")
    fighters.add_fighter(gui_engine, reds.id, "Ann", stats={"Skill": 4})
    fighters.add_fighter(gui_engine, reds.id, "Bob", stats={"Skill": 2})
    record_battle(gui_engine, c.id, [reds.id], results={"Ann": "out-of-action", "Bob": "out-of-action"})
    win.reload(prefer=("campaign", c.id))
    wiz = win.after_battle()
    click(qtbot, wiz.next_button)
    needs = []
    for faces in ("7", "3", "6"):
        need = wiz.current_need()
        assert need is not None
        needs.append(need.need)
        type_dice(qtbot, wiz, faces)
        if faces == "7":
            assert "1 to 6" in wiz.error.text() and wiz.page == "roll"
            continue
        assert wiz.page == "result", wiz.error.text()
        click(qtbot, wiz.next_button)
    assert wiz.page == "summary" and "Ann: injury" in needs[1] and "Bob: injury" in needs[2]
    click(qtbot, wiz.apply_button)
    assert not wiz.isVisible(), wiz.error.text()
    status = {f["name"]: f["status"] for f in rosters.show_roster(gui_engine, reds.id)["fighters"]}
    assert status == {"Ann": "in-recovery", "Bob": "active"}
    win.actions["undo"].trigger()
    status = {f["name"]: f["status"] for f in rosters.show_roster(gui_engine, reds.id)["fighters"]}
    assert status == {"Ann": "active", "Bob": "active"}


def test_the_gui_lists_a_campaign_whose_plug_in_is_gone(skirmish: Any, qtbot: Any, settings: Any,
                                                        sqlite_url: str) -> None:
    from campaign_app.systems.registry import add_system, remove_system
    from campaign_app.usecases import campaigns
    from db.migrate import open_database
    from ui.main_window import MainWindow

    eng = open_database(sqlite_url)
    campaigns.create_campaign(eng, "Ford", "example-skirmish")
    kursk = campaigns.create_campaign(eng, "Kursk", "nuts")
    remove_system("example-skirmish")
    try:
        w = MainWindow(Campaigns(eng), settings, sqlite_url)
        qtbot.addWidget(w)
        w.show()
        qtbot.waitExposed(w)
        ford = next(c for c in w.tree_data if c["name"] == "Ford")
        assert ford["system_name"] == "example-skirmish (not installed)"
        w.reload(prefer=("campaign", ford["id"]))  # selecting it says why it cannot open
        assert w.system is None and "unknown game system 'example-skirmish'" in w.detail.toPlainText()
        w.reload(prefer=("campaign", kursk.id))
        assert w.campaign is not None and w.campaign["name"] == "Kursk"
        w.close()
    finally:
        add_system(skirmish)
        eng.dispose()
