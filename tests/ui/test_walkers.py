"""Weird WWII walkers in the GUI: the walker types dialog (shipped and campaign types,
adding one with the use-case's own checks) and Add Walker (a Rep per crew role)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from campaign_app.usecases import campaigns, rosters
from tests.ui.conftest import messages


def click(qtbot: Any, button: Any) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def setup(win: Any, engine: Any, system: str = "nuts", expansions: tuple[str, ...] = ("weird-ww2",)
          ) -> tuple[int, int]:
    c = campaigns.create_campaign(engine, f"Camp {system} {'+'.join(expansions)}", system, None, expansions)
    r = rosters.create_roster(engine, c.id, "Alpha")
    win.reload(prefer=("roster", r.id))
    return int(c.id), int(r.id)


def fill_type(qtbot: Any, dlg: Any, **fields: str) -> None:
    for key, text in fields.items():
        edit = getattr(dlg, key)
        edit.clear()
        if text.isascii():
            qtbot.keyClicks(edit, text)
        else:  # QTest types ASCII only
            edit.setText(text)


def test_walker_actions_need_nuts_with_weird_ww2(qtbot: Any, win: Any, gui_engine: Any) -> None:
    setup(win, gui_engine, "nuts", ())
    assert not win.actions["walker_types"].isEnabled() and not win.actions["add_walker"].isEnabled()
    assert win.run_command("walker_types") is None and win.run_command("add_walker") is None
    setup(win, gui_engine, "necromunda", ())
    assert "add_walker" not in win.actions and "walker_types" not in win.actions  # not this system's
    cid, _rid = setup(win, gui_engine)
    assert win.actions["walker_types"].isEnabled() and win.actions["add_walker"].isEnabled()
    win.reload(prefer=("campaign", cid))  # no roster selected: types yes, a walker needs a roster
    assert win.actions["walker_types"].isEnabled() and not win.actions["add_walker"].isEnabled()
    roster_menu = next(a.menu() for a in win.menuBar().actions() if a.text() == "&Roster")
    assert {"action_add_walker", "action_walker_types"} <= {a.objectName() for a in roster_menu.actions()}


def test_walker_types_are_listed_and_a_type_is_added_with_the_use_case_checks(
        qtbot: Any, win: Any, gui_engine: Any, snap: Any) -> None:
    cid, _rid = setup(win, gui_engine)
    dlg = win.run_command("walker_types")
    assert dlg.isVisible()
    shipped = [r for r in dlg.model.rows if r["source"] == "shipped"]
    assert "soviet-medium" in [r["key"] for r in shipped]
    before = snap(gui_engine)
    # bad input: the use-case's message, the dialog stays open, nothing written
    cases = [
        ({}, "walker type name is empty"),
        ({"name": "Läufer", "armour_front": "12", "armour_side": "2"}, "armour front: 12 is outside 0..10"),
        ({"name": "Läufer", "armour_front": "x", "armour_side": "2"}, "armour front"),
        ({"name": "Läufer", "armour_front": "3", "armour_side": "2", "gun1": "Laser"},
         "1st gun 'Laser': give an armour-piercing rating 1-20, Grenade, or none"),
        ({"name": "Läufer", "armour_front": "3", "armour_side": "2", "gun1": "", "crew": "0"},
         "crew: 0 is outside 1..10"),
        ({"name": "Soviet Medium Walker", "crew": "3"}, "is already shipped (soviet-medium)"),
    ]
    for fields, msg in cases:
        fill_type(qtbot, dlg, **fields)
        click(qtbot, dlg.add_button)
        assert dlg.isVisible() and msg in dlg.error.text(), (msg, dlg.error.text())
        assert snap(gui_engine) == before, msg
    # a good one
    fill_type(qtbot, dlg, name="Panzerläufer", nation="Germany", armour_front="4", armour_side="3",
              gun1="5", gun2="", speed_road="18", speed_cc="9", crew="2")
    click(qtbot, dlg.hull_mg)
    click(qtbot, dlg.add_button)
    assert not dlg.error.isVisible(), dlg.error.text()
    assert "Added Panzerläufer" in dlg.added.text() and dlg.name.text() == ""
    from campaign_app.systems.nuts.creatures import list_walker_types

    own = [t for t in list_walker_types(gui_engine, cid) if t["source"] == "campaign"]
    assert [(t["name"], t["armour_front"], t["armour_side"], t["armour_top"], t["gun1"], t["hull_mg"],
             t["speed_road"], t["speed_cc"], t["crew"]) for t in own] == [
        ("Panzerläufer", 4, 3, 1, "5", True, 18, 9, 2)]
    row = dlg.model.rows[dlg.table.currentIndex().row()]
    assert row["name"] == "Panzerläufer" and row["source"] == "campaign"
    # the same name again is refused
    fill_type(qtbot, dlg, name="panzerläufer", armour_front="1", armour_side="1")
    click(qtbot, dlg.add_button)
    assert "already has a walker type named 'Panzerläufer'" in dlg.error.text()
    dlg.reject()
    assert "walker type" in win.actions["undo"].text()
    win.actions["undo"].trigger()
    assert [t for t in list_walker_types(gui_engine, cid) if t["source"] == "campaign"] == []


def test_closing_the_walker_types_dialog_with_a_filled_form_writes_nothing(
        qtbot: Any, win: Any, gui_engine: Any, snap: Any) -> None:
    setup(win, gui_engine)
    before = snap(gui_engine)
    dlg = win.run_command("walker_types")
    fill_type(qtbot, dlg, name="Never saved", armour_front="2", armour_side="2", speed_road="12")
    click(qtbot, dlg.buttons.button(dlg.buttons.StandardButton.Close))
    assert not dlg.isVisible()
    assert snap(gui_engine) == before


def test_add_walker_with_a_rep_for_each_crew_role(qtbot: Any, win: Any, gui_engine: Any, snap: Any) -> None:
    from campaign_app.systems.nuts.creatures import add_walker_type, walker_crew

    cid, rid = setup(win, gui_engine)
    t = add_walker_type(gui_engine, cid, "Panzerläufer", 4, 3, crew=2, speed_road=18)
    before = snap(gui_engine)
    dlg = win.run_command("add_walker")
    # the shipped type has three crew roles, the campaign's two-man type two
    dlg.type.setCurrentIndex(dlg.type.findData("soviet-medium"))
    assert dlg.roles() == ("commander", "driver", "gunner")
    assert all(dlg.reps[r].isVisibleTo(dlg) for r in dlg.roles())
    dlg.type.setCurrentIndex(dlg.type.findData(str(t.id)))
    assert dlg.roles() == ("commander", "driver") and not dlg.reps["gunner"].isVisibleTo(dlg)
    click(qtbot, dlg.ok_button)
    assert dlg.isVisible() and dlg.error.text() == "walker name is empty"
    qtbot.keyClicks(dlg.name, "Iron Bear")
    assert dlg.crew_names["driver"].placeholderText() == "Iron Bear Driver"
    dlg.set_rep("commander", 4)
    click(qtbot, dlg.ok_button)
    assert dlg.isVisible() and dlg.error.text() == "give the Rep of the driver"
    assert snap(gui_engine) == before
    dlg.set_rep("driver", 3)
    qtbot.keyClicks(dlg.crew_names["commander"], "Hans")
    click(qtbot, dlg.ok_button)
    assert not dlg.isVisible(), dlg.error.text()
    figs = {f["name"]: f for f in rosters.show_roster(gui_engine, rid)["fighters"]}
    walker = figs["Iron Bear"]
    assert walker["kind"] == "walker" and walker["stats"]["armour_front"] == 4
    crew = {c["role"]: (c["name"], c["rep"]) for c in walker_crew(gui_engine, walker["id"])}
    assert crew == {"Commander": ("Hans", 4), "Driver": ("Iron Bear Driver", 3)}
    assert win.selected_row()["name"] == "Iron Bear"
    assert "walker" in win.actions["undo"].text()
    win.actions["undo"].trigger()
    assert rosters.show_roster(gui_engine, rid)["fighters"] == []
    assert not messages()


def test_cancelling_add_walker_writes_nothing(qtbot: Any, win: Any, gui_engine: Any, snap: Any) -> None:
    setup(win, gui_engine)
    before = snap(gui_engine)
    dlg = win.run_command("add_walker")
    qtbot.keyClicks(dlg.name, "Never built")
    for role in dlg.roles():
        dlg.set_rep(role, 4)
    click(qtbot, dlg.buttons.button(dlg.buttons.StandardButton.Cancel))
    assert not dlg.isVisible()
    assert snap(gui_engine) == before
