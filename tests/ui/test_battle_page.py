"""The setup dialog and the battle page, clicked and keyed through the real widgets: a
battle set up with typed dice, started, figures marked by click and by key, a mark
undone, a hit, a walker table rolled against the battle, a zombie arrival, the finish;
the database checked through the use-cases."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from campaign_app.systems.nuts.creatures import add_walker, generate_creatures
from campaign_app.usecases import add_fighter, create_campaign, create_roster, roll_log
from campaign_app.usecases.table import table_view


def click(qtbot: Any, button: Any) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def weird_world(engine: Any) -> int:
    c = create_campaign(engine, "Night Shift", "nuts", expansions=["weird-ww2"])
    create_roster(engine, c.id, "Easy")
    create_roster(engine, c.id, "Horde")
    add_fighter(engine, "Easy", "Sgt Rock", fighter_type="star", rep=5, role="leader")
    add_fighter(engine, "Easy", "Able", fighter_type="grunt", rep=4)
    generate_creatures(engine, "Horde", "zombie", 1)
    add_walker(engine, "Easy", "Ironside", "soviet-medium", {"commander": 4, "driver": 4, "gunner": 4})
    return c.id


def status_of(engine: Any, battle: int, name: str) -> str:
    return next(f["status"] for f in table_view(engine, battle)["figures"] if f["name"] == name)


def test_setup_dialog_then_the_battle_page_by_click_and_key(qtbot: Any, win: Any, gui_engine: Any) -> None:
    cid = weird_world(gui_engine)
    win.reload()
    win.select_tree("campaign", cid)
    act = win.actions["setup_battle"]
    assert act.isEnabled() and not win.actions["battle_page"].isEnabled()
    act.trigger()
    dlg = win.active_dialog
    assert dlg is not None and dlg.focusWidget() is dlg.roster_list
    click(qtbot, dlg.ok_button)  # no roster ticked: said, nothing written
    assert dlg.isVisible() and "at least one roster" in dlg.error.text()
    for r in dlg.choices["rosters"]:
        dlg.set_roster_checked(r["id"])
    qtbot.keyClicks(dlg.dice, "4,6,2")  # scenario 4 (Defend); Easy 6 vs Horde 2
    click(qtbot, dlg.ok_button)
    assert not dlg.isVisible(), dlg.error.text()
    qtbot.waitUntil(lambda: getattr(win, "battle_page", None) is not None)
    page = win.battle_page
    bid = page.battle_id
    assert "Defend" in page.head.text() and "Easy attacks" in page.head.text()
    assert not page.status_buttons["duck-back"].isEnabled()  # set up: not started yet

    click(qtbot, page.start_button)
    assert page.view_data["state"] == "in-progress" and page.status_buttons["duck-back"].isEnabled()
    # one click per figure and status
    page.select("Able")
    click(qtbot, page.status_buttons["duck-back"])
    assert status_of(gui_engine, bid, "Able") == "duck-back"
    # ... or one key: the statuses are numbered in order
    statuses = list(page.view_data["statuses"])
    page.table.setFocus()
    page.select("Sgt Rock")
    qtbot.keyClick(page.table, str(statuses.index("bitten") + 1))
    assert status_of(gui_engine, bid, "Sgt Rock") == "bitten"
    page.select("Able")
    qtbot.keyClick(page.table, str(statuses.index("obviously-dead") + 1))
    assert status_of(gui_engine, bid, "Able") == "obviously-dead"
    qtbot.keyClick(page.table, "z", Qt.KeyboardModifier.ControlModifier)  # undo the last mark
    assert status_of(gui_engine, bid, "Able") == "duck-back"
    assert page.marks.count() == 2
    qtbot.keyClick(page.table, "h")  # Able scored a hit
    assert next(f for f in table_view(gui_engine, bid)["figures"] if f["name"] == "Able")["scored_hit"]
    qtbot.keyClick(page.table, "h")  # twice: refused, said on the page
    assert "already scored a hit" in page.message.text()

    # a walker table rolled against the battle: Penetration, 2d6 vs 2
    page.table_choice.setCurrentIndex(page.table_choice.findData("ww2-walker-penetration"))
    page.target.setValue(2)
    qtbot.keyClicks(page.typed, "1,5")
    click(qtbot, page.roll_button)
    assert "Disabled" in page.roll_result.text()
    assert any(r["table"] == "ww2-walker-penetration" for r in roll_log(gui_engine, cid, battle=bid))

    # shots fired: a zombie arrival from the page (urban: 3), 1,2 = pass 2, then a 5: 4 zombies
    button, edits = page.command_rows["zombies_arrive"]
    dict(edits)["support"].setText("urban")
    qtbot.keyClicks(page.typed, "1,2,5")
    click(qtbot, button)
    names = [f["name"] for f in table_view(gui_engine, bid)["figures"]]
    assert {"Zombie 2", "Zombie 3", "Zombie 4", "Zombie 5"} <= set(names), page.message.text()
    assert page.model.find("Zombie 5") >= 0

    page.winner.setCurrentIndex(page.winner.findData("Easy"))
    click(qtbot, page.finish_button)
    assert table_view(gui_engine, bid)["state"] == "finished"
    assert not page.status_buttons["duck-back"].isEnabled()
    page.close()


def test_combat_tables_rolled_from_the_page_with_their_inputs(qtbot: Any, win: Any, gui_engine: Any) -> None:
    """Issue #31: Shooting and Shooting Damage (seed 000) and a vampire's damage (seed
    001) from the Roll panel: the selected figure rolls, the other figure is picked, the
    conditions ticked, the dice typed; the roll is on the record and the target marked."""
    from campaign_app.usecases.table import setup_battle, start_battle

    c = create_campaign(gui_engine, "Firefight", "nuts", expansions=["weird-ww2"])
    create_roster(gui_engine, c.id, "Easy")
    create_roster(gui_engine, c.id, "Jerry")
    add_fighter(gui_engine, "Easy", "Able", fighter_type="grunt", rep=4)
    add_fighter(gui_engine, "Jerry", "Fritz", fighter_type="grunt", rep=4)
    add_fighter(gui_engine, "Jerry", "Drac", fighter_type="grunt", rep=4, kind="vampire")
    b = setup_battle(gui_engine, c.id, ["Easy", "Jerry"], scenario="Patrol", attacker="Easy")
    start_battle(gui_engine, b.id)
    win.reload()
    win.select_tree("campaign", c.id)
    win.actions["battle_page"].trigger()
    page, bid = win.battle_page, int(b.id)

    # Shooting: Able, 2 dice (no weapon entered: the number is given), in cover
    page.table_choice.setCurrentIndex(page.table_choice.findData("nuts-shooting"))
    assert page.inputs_box.isVisibleTo(page) and not page.target.isVisibleTo(page)
    assert set(page.flag_boxes) == {"fast-moved", "target-fast-moved", "charging", "cover"}
    page.select("Able")
    page.other.setCurrentIndex(page.other.findData("Fritz"))
    page.shots.setValue(2)
    page.flag_boxes["cover"].setChecked(True)
    qtbot.keyClicks(page.typed, "4,5")  # 8 and 9 in cover: both miss
    click(qtbot, page.roll_button)
    assert page.roll_result.text().startswith("Shooting: [4,5] = 0 -> 0 hits"), page.message.text()
    page.flag_boxes["cover"].setChecked(False)
    qtbot.keyClicks(page.typed, "4,5")  # in the open: both hit
    click(qtbot, page.roll_button)
    assert "2 hits" in page.roll_result.text()
    assert next(f for f in table_view(gui_engine, bid)["figures"] if f["name"] == "Able")["scored_hit"]

    # Shooting Damage on Fritz: a 4 vs Rep 4, Out of the Fight, marked on the page
    page.table_choice.setCurrentIndex(page.table_choice.findData("nuts-shooting-damage"))
    page.other.setCurrentIndex(page.other.findData("Fritz"))
    qtbot.keyClicks(page.typed, "4")
    click(qtbot, page.roll_button)
    assert status_of(gui_engine, bid, "Fritz") == "out-of-the-fight", page.message.text()
    assert "Fritz: out of the fight" in page.roll_result.text()

    # the vampire: its own table, impact 2, a stake: Out of the Fight
    page.other.setCurrentIndex(page.other.findData("Drac"))
    page.impact.setValue(2)
    page.flag_boxes["stake"].setChecked(True)
    qtbot.keyClicks(page.typed, "1")
    click(qtbot, page.roll_button)
    assert status_of(gui_engine, bid, "Drac") == "out-of-the-fight", page.message.text()
    recs = [(r["table"], r["faces"], r["result"]) for r in roll_log(gui_engine, c.id, battle=bid)]
    assert recs == [("nuts-shooting", [4, 5], "miss"), ("nuts-shooting", [4, 5], "hit"),
                    ("nuts-shooting-damage", [4], "out-of-the-fight"),
                    ("ww2-vampire-ranged-damage", [1], "no-effect")]
    page.close()
