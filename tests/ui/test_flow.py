"""End to end through the real widgets: campaign, rosters and fighters through the
dialogs, a battle, the After the Battle wizard with typed dice (Back included), the
database checked through use-cases, undo and redo, and Cancel writing nothing."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from campaign_app.usecases import campaigns, rolls, rosters
from campaign_app.usecases.battles import list_battles
from campaign_app.usecases.record import verify_chain


def click(qtbot: Any, button: Any) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def make_campaign(qtbot: Any, win: Any, name: str = "Kursk", system: str = "nuts",
                  expansions: tuple[str, ...] = ("weird-ww2",), edition: str | None = None) -> int:
    dlg = win.new_campaign()
    qtbot.keyClicks(dlg.name, name)
    dlg.system.setCurrentIndex(dlg.system.findData(system))
    if edition:
        dlg.edition.setCurrentIndex(dlg.edition.findData(edition))
    for x in expansions:
        dlg.set_expansion(x)
    click(qtbot, dlg.ok_button)
    assert not dlg.isVisible(), dlg.error.text()
    return int(dlg.result_value)


def make_roster(qtbot: Any, win: Any, name: str) -> int:
    dlg = win.new_roster()
    qtbot.keyClicks(dlg.name, name)
    click(qtbot, dlg.ok_button)
    assert not dlg.isVisible(), dlg.error.text()
    return int(dlg.result_value)


def add_fighter(qtbot: Any, win: Any, name: str, ftype: str, rep: int,
                weapons: tuple[str, ...] = ()) -> Any:
    dlg = win.add_fighter()
    qtbot.keyClicks(dlg.name, name)
    dlg.type.setCurrentIndex(dlg.type.findData(ftype))
    dlg.rep.setValue(rep)
    for w in weapons:
        qtbot.keyClicks(dlg.weapons.entry, w)
        click(qtbot, dlg.weapons.add_button)
    click(qtbot, dlg.ok_button)
    return dlg


def fighters_by_name(engine: Any, roster: int) -> dict[str, dict[str, Any]]:
    return {f["name"]: f for f in rosters.show_roster(engine, roster)["fighters"]}


def type_dice(qtbot: Any, wiz: Any, text: str) -> None:
    wiz.typed.clear()
    qtbot.keyClicks(wiz.typed, text)
    click(qtbot, wiz.use_typed)


# typed faces by what the roll is for (the wizard says what is rolled and why)
FACES = {"recovery": "3,5", "Rep increase": "6", "replacements": "6,6", "Replacement": "6"}


def faces_for(need: str) -> str:
    for key, faces in FACES.items():
        if key in need:
            return faces
    raise AssertionError(f"unexpected roll: {need}")


def build_battle(qtbot: Any, win: Any) -> tuple[int, int, int, int]:
    cid = make_campaign(qtbot, win)
    assert win.campaign is not None and win.campaign["id"] == cid
    r1 = make_roster(qtbot, win, "1st Squad")
    assert win.roster_id == r1
    add_fighter(qtbot, win, "Sgt Rock", "star", 5, ("Rifle",))
    add_fighter(qtbot, win, "Pvt Joe", "grunt", 4)
    win.select_tree("campaign", cid)
    r2 = make_roster(qtbot, win, "Jerries")
    add_fighter(qtbot, win, "Hans", "grunt", 4)
    dlg = win.record_battle()
    dlg.set_roster_checked(r1)
    dlg.set_roster_checked(r2)
    dlg.set_end("Pvt Joe", "out-of-the-fight")
    dlg.set_end("Hans", "obviously-dead")
    dlg.set_hit("Sgt Rock")
    dlg.winner.setCurrentIndex(dlg.winner.findData(r1))
    qtbot.keyClicks(dlg.scenario, "Crossroads")
    click(qtbot, dlg.ok_button)
    assert not dlg.isVisible(), dlg.error.text()
    bid = int(dlg.result_value)
    return cid, r1, r2, bid


def test_campaign_to_after_the_battle_with_typed_dice_then_undo(qtbot: Any, win: Any, gui_engine: Any,
                                                                 snap: Any) -> None:
    e = gui_engine
    assert win.stack.currentWidget() is win.empty_page  # no campaign yet: the demo is offered
    assert win.demo_button.isVisible()
    cid, r1, r2, bid = build_battle(qtbot, win)

    # what the dialogs saved, read back through the use-cases
    camp = campaigns.show_campaign(e, cid)
    assert camp["system"] == "nuts" and camp["expansions"] == ["weird-ww2"]
    assert [r["name"] for r in camp["rosters"]] == ["1st Squad", "Jerries"]
    squad = fighters_by_name(e, r1)
    assert squad["Sgt Rock"]["type"] == "star" and squad["Sgt Rock"]["rep"] == 5
    assert [w["name"] for w in squad["Sgt Rock"]["equipment"]] == ["Rifle"]
    battle = list_battles(e, cid)[0]
    assert battle["scenario"] == "Crossroads" and battle["winner"] == "1st Squad"
    assert not battle["after_battle_done"]

    # the wizard opens by itself after recording
    qtbot.waitUntil(lambda: win.active_dialog is not None and hasattr(win.active_dialog, "roll_button"))
    wiz = win.active_dialog
    assert wiz.page == "start"
    click(qtbot, wiz.next_button)
    before_rolls = snap(e)
    seen_needs = []
    while wiz.page != "summary":
        need = wiz.current_need()
        assert need is not None and wiz.result_box.isHidden()
        seen_needs.append(need.need)
        if "Rep increase" in need.need:
            # bad input is refused on the page, with the reason
            type_dice(qtbot, wiz, "7")
            assert "1 to 6" in wiz.error.text() and wiz.page == "roll"
            type_dice(qtbot, wiz, "2,3")
            assert "takes 1 die" in wiz.error.text() and wiz.page == "roll"
            # a roll, then Back drops its faces and asks again
            type_dice(qtbot, wiz, "2")
            assert wiz.page == "result" and "Rep stays 5" in wiz.effect_label.text()
            n = len(wiz.faces)
            click(qtbot, wiz.back_button)
            assert wiz.page == "roll" and len(wiz.faces) == n - 1
        type_dice(qtbot, wiz, faces_for(need.need))
        assert wiz.page == "result", wiz.error.text()
        assert wiz.row_label.text() and wiz.effect_label.text()
        click(qtbot, wiz.next_button)
    assert len(seen_needs) == 5, seen_needs
    assert wiz.changes.count() >= 3
    assert snap(e) == before_rolls  # the dry runs wrote nothing
    click(qtbot, wiz.apply_button)
    assert not wiz.isVisible(), wiz.error.text()

    squad = fighters_by_name(e, r1)
    assert squad["Pvt Joe"]["status"] == "in-recovery"  # 3,5 vs Rep 4: pass 1
    assert squad["Sgt Rock"]["rep"] == 6  # a 6 always raises Rep
    assert {n: f["rep"] for n, f in squad.items() if n.startswith("Replacement")} == {
        "Replacement 1": 5, "Replacement 2": 5}
    assert fighters_by_name(e, r2)["Hans"]["status"] == "dead"
    assert list_battles(e, cid)[0]["after_battle_done"]
    log = rolls.roll_log(e, cid, battle=bid)
    assert len(log) == 5 and {r["source"] for r in log} == {"typed"}
    assert [r["faces"] for r in log][:2] == [[3, 5], [6]]
    assert win.actions["undo"].isEnabled() and "After the Battle" in win.actions["undo"].text()

    # undo (Ctrl+Z) takes the whole After the Battle back; the rolls stay, marked undone
    assert win.actions["undo"].shortcut().toString() == "Ctrl+Z"
    win.actions["undo"].trigger()
    squad = fighters_by_name(e, r1)
    assert squad["Pvt Joe"]["status"] == "active" and squad["Sgt Rock"]["rep"] == 5
    assert not any(n.startswith("Replacement") for n in squad)
    assert not list_battles(e, cid)[0]["after_battle_done"]
    assert all(r["undone"] for r in rolls.roll_log(e, cid, battle=bid))
    # and redo (Ctrl+Shift+Z) puts it back
    assert "Ctrl+Shift+Z" in [s.toString() for s in win.actions["redo"].shortcuts()]
    win.actions["redo"].trigger()
    assert fighters_by_name(e, r1)["Sgt Rock"]["rep"] == 6
    win.actions["undo"].trigger()

    # Cancel in the middle of the wizard writes nothing but the roll made, marked abandoned
    before = snap(e)
    wiz = win.after_battle()
    click(qtbot, wiz.next_button)
    click(qtbot, wiz.roll_button)  # the app rolls
    assert wiz.page == "result" and wiz.faces and wiz.faces[0][1] == "random"
    click(qtbot, wiz.cancel_button)
    assert not wiz.isVisible()
    after = snap(e)
    assert {k: v for k, v in after.items() if k not in ("roll_record", "chain_head")} == \
        {k: v for k, v in before.items() if k not in ("roll_record", "chain_head")}  # the head moves with the rolls
    # the roll, and the chained mark record saying it is now abandoned (#35 item 4)
    assert len(after["roll_record"]) == len(before["roll_record"]) + 2
    rolled = rolls.roll_log(e, cid, battle=bid)[-1]
    assert rolled["mark"] == "abandoned"
    (marked,) = rolls.roll_log(e, cid, marks=["mark"])[-1:]
    assert (marked["result"], marked["id"]) == ("abandoned", rolled["id"] + 1)
    assert verify_chain(e, cid).intact


def test_battle_dialog_refuses_bad_input_and_cancel_writes_nothing(qtbot: Any, win: Any, gui_engine: Any,
                                                                    snap: Any) -> None:
    cid = make_campaign(qtbot, win, "Bastogne", expansions=())
    r1 = make_roster(qtbot, win, "Able")
    add_fighter(qtbot, win, "Rock", "star", 5)
    before = snap(gui_engine)
    dlg = win.record_battle()
    assert dlg.chosen_rosters() == [r1]  # the selected roster is ticked already
    dlg.set_roster_checked(r1, False)
    click(qtbot, dlg.ok_button)  # no roster ticked
    assert dlg.isVisible() and "at least one roster" in dlg.error.text()
    dlg.set_roster_checked(r1)
    dlg.set_fought("Rock", False)
    click(qtbot, dlg.ok_button)  # nobody fought
    assert dlg.isVisible() and "nobody" in dlg.error.text()
    assert snap(gui_engine) == before
    click(qtbot, dlg.buttons.button(dlg.buttons.StandardButton.Cancel))
    assert snap(gui_engine) == before
    assert list_battles(gui_engine, cid) == []
