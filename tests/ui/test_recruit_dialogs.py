"""The New Roster dialog founding a gang from its house (its credits, on the ledger) and
the Recruit dialog (issue #30 item 2): the house's types with their costs, the items with
their prices, the credits left and the gang rating as you choose; Recruit refused in the
dialog when the gang cannot pay or a rule would break, nothing written; one undo step."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from campaign_app.usecases import campaigns, gear, journal, rosters


def click(qtbot: Any, button: Any) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def _gang(qtbot: Any, win: Any, engine: Any) -> tuple[int, int]:
    c = campaigns.create_campaign(engine, "Underhive", "necromunda", "n23")
    win.reload(prefer=("campaign", c.id))
    dlg = win.new_roster()
    qtbot.keyClicks(dlg.name, "Rusty Cogs")
    dlg.faction.setEditText("house orlock")
    assert dlg.credits.value() == 1000 and dlg.house_note.text() == "House Orlock starts with 1,000 credits."
    dlg.faction.setEditText("House Goliath")
    assert dlg.house_note.text() == "House Goliath starts with 1,000 credits."
    dlg.faction.setEditText("Orlock")  # not one of the list's names: nothing said
    assert dlg.house_note.text() == ""
    dlg.faction.setEditText("House Orlock")
    click(qtbot, dlg.ok_button)
    assert not dlg.isVisible(), dlg.error.text()
    r = next(x for x in campaigns.show_campaign(engine, c.id)["rosters"] if x["name"] == "Rusty Cogs")
    assert win.roster_id == r["id"]
    return int(c.id), int(r["id"])


def test_new_gang_from_its_house_then_recruit_with_costs_and_credits_left(qtbot: Any, win: Any,
                                                                         gui_engine: Any, snap: Any) -> None:
    cid, rid = _gang(qtbot, win, gui_engine)
    d = rosters.show_roster(gui_engine, rid)
    assert (d["faction"], d["credits"]) == ("House Orlock", 1000)
    assert [e["why"] for e in gear.show_ledger(gui_engine, rid)["entries"]] == ["starting credits of House Orlock"]

    assert win.actions["recruit"].isEnabled()
    dlg = win.run_command("recruit")
    assert dlg.fighter_type.itemText(0) == "Road Captain (leader): 105 credits"
    assert dlg.summary.text() == "Cost 105 credits · 895 credits left · gang rating 105"
    texts = [dlg.items.item(i).text() for i in range(dlg.items.count())]
    assert "Combat shotgun: 55 credits (list)" in texts and "Lasgun: 15 credits (Trading Post)" in texts
    dlg.items.item(texts.index("Combat shotgun: 55 credits (list)")).setCheckState(Qt.CheckState.Checked)
    assert dlg.summary.text() == "Cost 160 credits · 840 credits left · gang rating 160"
    click(qtbot, dlg.ok_button)
    assert dlg.isVisible() and "fighter name is empty" in dlg.error.text()
    qtbot.keyClicks(dlg.name, "Big Jak")
    click(qtbot, dlg.ok_button)
    assert not dlg.isVisible(), dlg.error.text()
    jak = rosters.show_roster(gui_engine, rid)["fighters"][0]
    assert (jak["name"], jak["type"], jak["role"], jak["credits_value"]) == ("Big Jak", "leader", "Road Captain", 160)
    assert [e["name"] for e in jak["equipment"]] == ["Combat shotgun"] and jak["stats"]["Ld"] == 4
    assert rosters.show_roster(gui_engine, rid)["credits"] == 840
    assert win.selected_row()["name"] == "Big Jak"

    # a second leader: the rule named in the dialog, nothing written
    before = snap(gui_engine)
    dlg = win.run_command("recruit")
    assert dlg.summary.text() == "Cost 105 credits · 735 credits left · gang rating 265"
    qtbot.keyClicks(dlg.name, "Boss Two")
    click(qtbot, dlg.ok_button)
    assert dlg.isVisible() and "breaks rule one-leader" in dlg.error.text()
    # the Servitor (230) with a heavy bolter (50) and more than the gang holds
    dlg.fighter_type.setCurrentIndex(dlg.fighter_type.findData("orlock-servitor"))
    assert "Comes with: Harpoon launcher" in dlg.type_note.text() and "At most 1 in a gang (0 now)." in dlg.type_note.text()
    dlg.data["credits"] = 100  # as if the gang had spent the rest meanwhile
    click(qtbot, dlg.ok_button)
    assert dlg.isVisible() and dlg.error.text() == "the gang has 100 credits; this costs 230"
    dlg.reject()
    assert snap(gui_engine) == before

    # one undo step takes the recruit back
    journal.undo(gui_engine, cid)
    assert rosters.show_roster(gui_engine, rid)["fighters"] == [] and rosters.show_roster(gui_engine, rid)["credits"] == 1000


def test_recruit_is_offered_only_for_a_house_with_a_list(qtbot: Any, win: Any, gui_engine: Any) -> None:
    c = campaigns.create_campaign(gui_engine, "Hive", "necromunda", "n23")
    r = rosters.create_roster(gui_engine, c.id, "Dust Riders", faction="Ash Wastes Nomads")  # no list
    o = rosters.create_roster(gui_engine, c.id, "Cogs", house="House Orlock")
    win.reload(prefer=("roster", r.id))
    assert not win.actions["recruit"].isEnabled() and win.run_command("recruit") is None
    win.select_tree("roster", o.id)
    assert win.actions["recruit"].isEnabled()
    dlg = win.run_command("recruit")
    assert dlg is not None and dlg.fighter_type.count() == 10
    dlg.reject()
