"""Weird WWII, Driver Disabled at the table (issue #33, seed 001 p. 26): the driver of
a moving walker is disabled, the walker falls and each *remaining* crew member rolls
1d6 vs his Rep: pass, prone; fail, Out of the Fight, marked on him. A stationary walker
just stops: nothing rolled, nothing written. The command is NUTS!'s own (its plug-in's
battle commands), run from the battle page with the figure selected there."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from campaign_app.usecases import create_campaign, create_roster, roll_log
from campaign_app.usecases.table import setup_battle, start_battle, table_view


def click(qtbot: Any, button: Any) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def status_of(engine: Any, battle: int, name: str) -> str:
    return next(f["status"] for f in table_view(engine, battle)["figures"] if f["name"] == name)


def _page(win: Any, engine: Any) -> tuple[Any, int, int]:
    from campaign_app.systems.nuts.creatures import add_walker, generate_creatures

    c = create_campaign(engine, "Night Shift", "nuts", expansions=["weird-ww2"])
    create_roster(engine, c.id, "Easy")
    create_roster(engine, c.id, "Horde")
    generate_creatures(engine, "Horde", "zombie", 1)
    add_walker(engine, "Easy", "Red Bear", "soviet-medium", {"commander": 4, "driver": 3, "gunner": 5})
    b = setup_battle(engine, c.id, ["Easy", "Horde"], scenario="Night at the mill", attacker="Horde")
    start_battle(engine, b.id)
    win.reload()
    win.select_tree("campaign", c.id)
    win.actions["battle_page"].trigger()
    return win.battle_page, int(b.id), int(c.id)


def test_a_moving_walker_falls_and_the_remaining_crew_roll(qtbot: Any, win: Any, gui_engine: Any, snap: Any) -> None:
    page, bid, cid = _page(win, gui_engine)
    button, edits = page.command_rows["driver_disabled"]
    fields = dict(edits)
    assert button.isEnabled() and fields["motion"].currentData() == "moving"
    # nothing selected, nothing named: one line, nothing written
    before = snap(gui_engine)
    page.table.clearSelection()
    click(qtbot, button)
    assert "name the walker" in page.message.text() and snap(gui_engine) == before
    page.select("Red Bear Driver")  # the driver, as he is hit: his walker's crew roll
    qtbot.keyClicks(page.typed, "3,6")  # commander (Rep 4) rolls 3: pass; gunner (Rep 5) rolls 6: fail
    click(qtbot, button)
    text = page.message.text()
    assert "Red Bear falls" in text, text
    assert "Red Bear Commander: 1d6 vs 4 [3] = pass 1 -> Prone" in text
    assert "Red Bear Gunner: 1d6 vs 5 [6] = pass 0 -> Out of the Fight" in text
    assert "Red Bear Driver:" not in text  # the driver does not roll for himself
    assert status_of(gui_engine, bid, "Red Bear Gunner") == "out-of-the-fight"
    assert status_of(gui_engine, bid, "Red Bear Commander") == "carry-on"
    assert status_of(gui_engine, bid, "Red Bear Driver") == "carry-on"
    row = page.model.rows[page.model.find("Red Bear Gunner")]
    assert row["status"] == "out-of-the-fight"  # the page shows it at once
    rolls = [r for r in roll_log(gui_engine, cid, battle=bid) if r["table"] == "ww2-walker-driver-disabled"]
    assert sorted((r["purpose"].split(":")[0], r["target"], r["faces"]) for r in rolls) == [
        ("Red Bear Commander", 4, [3]), ("Red Bear Gunner", 5, [6])]
    # one undo step: the mark goes, the gunner stands again
    click(qtbot, page.undo_button)
    assert status_of(gui_engine, bid, "Red Bear Gunner") == "carry-on"
    page.close()


def test_a_stationary_walker_just_stops(qtbot: Any, win: Any, gui_engine: Any, snap: Any) -> None:
    page, bid, _cid = _page(win, gui_engine)
    button, edits = page.command_rows["driver_disabled"]
    fields = dict(edits)
    fields["motion"].setCurrentIndex(fields["motion"].findData("stationary"))
    fields["figure"].setText("Red Bear")
    before = snap(gui_engine)
    click(qtbot, button)
    assert "Red Bear stops where it stands" in page.message.text(), page.message.text()
    assert snap(gui_engine) == before
    # a figure that is no walker's: refused in one line, nothing written
    fields["motion"].setCurrentIndex(fields["motion"].findData("moving"))
    fields["figure"].setText("Zombie 1")
    click(qtbot, button)
    assert page.message.text() == "Zombie 1 is neither a walker nor one of a walker's crew"
    assert snap(gui_engine) == before
    assert status_of(gui_engine, bid, "Red Bear Gunner") == "carry-on"
    page.close()
