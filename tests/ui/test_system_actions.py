"""Game-system commands in the window: a system's commands are actions (menus,
toolbar, shortcuts) only while a campaign of that system is open, enabled by each
command's own needs; a dialog key opens its dialog; a campaign of a system not
installed opens with no system actions; the wizard's options box is built from the
system's After the Battle options."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt

from campaign_app.facade import Campaigns
from campaign_app.systems.registry import add_system, remove_system
from campaign_app.usecases import campaigns, fighters, rosters
from tests.campaign_app.test_system_commands import CALLS, OPTIONS, TEST_SYSTEM
from tests.ui.conftest import messages

SYSTEM_KEYS = {"creatures", "walker_types", "add_walker", "injury_roll", "treat_injury", "end_cycle",
               "release", "revive"}


@pytest.fixture
def greeter() -> Iterator[Any]:
    add_system(TEST_SYSTEM)
    yield TEST_SYSTEM
    remove_system(TEST_SYSTEM.id)


def menu(win: Any, title: str) -> Any:
    return next(a.menu() for a in win.menuBar().actions() if a.text() == title)


def names(widget: Any) -> list[str]:
    return [a.objectName() for a in widget.actions() if not a.isSeparator()]


def open_campaign(win: Any, engine: Any, system: str, expansions: tuple[str, ...] = ()) -> tuple[int, int]:
    c = campaigns.create_campaign(engine, f"Camp {system}", system, None, list(expansions))
    r = rosters.create_roster(engine, c.id, "Alpha")
    win.reload(prefer=("roster", r.id))
    return int(c.id), int(r.id)


def test_a_systems_command_is_an_action_only_for_its_campaigns(qtbot: Any, win: Any, gui_engine: Any,
                                                                greeter: Any) -> None:
    assert not SYSTEM_KEYS & set(win.actions)  # nothing open yet: no system actions
    cid, rid = open_campaign(win, gui_engine, "test-greeter")
    assert "hello_greet" in win.actions and "hello_wave" in win.actions
    assert not SYSTEM_KEYS & set(win.actions)
    greet = win.actions["hello_greet"]
    assert greet.isEnabled() and "action_hello_greet" in names(menu(win, "&Campaign"))
    assert [s.toString() for s in greet.shortcuts()] == ["Ctrl+Alt+G"]
    assert "action_hello_wave" in names(menu(win, "&Roster"))
    assert not win.actions["hello_wave"].isEnabled()  # needs a dead fighter selected
    f = fighters.add_fighter(gui_engine, rid, "Ann", fighter_type="hero")
    fighters.edit_fighter(gui_engine, f.id, status="dead")
    win.reload(prefer=("roster", rid))
    assert win.select_figure("Ann")
    assert win.actions["hello_wave"].isEnabled()
    CALLS.clear()
    win.run_command("hello_wave")  # no dialog: runs the use-case on the selection
    assert CALLS == [{"waved": "Ann"}]
    assert win.notice_text().startswith("waved at Ann")
    # the dialog key names a dialog this app does not have: a message, nothing else
    assert win.run_command("hello_greet") is None
    assert "no dialog 'greet'" in messages()[-1][1]

    # another system's campaign: its actions, not these
    open_campaign(win, gui_engine, "nuts", ("weird-ww2",))
    assert "hello_greet" not in win.actions and "action_hello_greet" not in names(menu(win, "&Campaign"))
    assert {"creatures", "walker_types", "add_walker"} <= set(win.actions)
    assert not {"injury_roll", "end_cycle"} & set(win.actions)
    assert "action_creatures" in names(win.toolbar)
    open_campaign(win, gui_engine, "necromunda")
    assert "action_creatures" not in names(win.toolbar) and "creatures" not in win.actions
    assert "action_end_cycle" in names(menu(win, "&Campaign"))
    roster = names(menu(win, "&Roster"))
    assert roster.index("action_revive") == roster.index("action_exchange") - 1  # before Exchange, as before
    win.reload(prefer=("campaign", cid))
    assert "hello_greet" in win.actions


def test_a_campaign_of_a_system_not_installed_opens_with_no_system_actions(
        qtbot: Any, win: Any, gui_engine: Any, greeter: Any) -> None:
    cid, rid = open_campaign(win, gui_engine, "test-greeter")
    assert "hello_greet" in win.actions
    open_campaign(win, gui_engine, "nuts", ("weird-ww2",))
    remove_system(TEST_SYSTEM.id)  # uninstalled since
    win.reload(prefer=("campaign", cid))
    assert win.campaign is not None and win.campaign["id"] == cid
    assert "not installed" in win.campaign["system_name"]
    assert "unknown game system 'test-greeter'" in win.notice_text()
    assert win.model.rowCount() == 0  # not the rows of the campaign shown before
    assert not (SYSTEM_KEYS | {"hello_greet", "hello_wave"}) & set(win.actions)


def test_the_wizards_options_box_is_built_from_the_systems_options(qtbot: Any, win: Any, gui_engine: Any,
                                                                   greeter: Any) -> None:
    from campaign_app.usecases.battles import record_battle
    from ui.wizard import AfterBattleWizard

    c = campaigns.create_campaign(gui_engine, "Kursk", "nuts")
    r = rosters.create_roster(gui_engine, c.id, "Alpha")
    fighters.add_fighter(gui_engine, r.id, "Joe", rep=4)
    fighters.add_fighter(gui_engine, r.id, "Max", rep=3)
    b = record_battle(gui_engine, c.id, [r.id])
    dlg = AfterBattleWizard(win, Campaigns(gui_engine), b.id, OPTIONS)
    qtbot.addWidget(dlg)
    assert not dlg.options_box.isHidden()
    bonus, weather, heal = (dlg.findChild(object, f"option_{k}") for k in ("bonus", "weather", "heal"))
    assert bonus.text() == "Roll for a bonus" and bonus.isChecked() and bonus.toolTip() == "a bonus roll"
    assert [weather.itemText(i) for i in range(weather.count())] == ["dry", "rain"]
    assert [heal.item(i).text() for i in range(heal.count())] == ["Joe", "Max"]
    assert dlg.options() == {}  # all at their defaults
    bonus.setChecked(False)
    weather.setCurrentIndex(1)
    heal.item(1).setCheckState(Qt.CheckState.Checked)
    assert dlg.options() == {"bonus": False, "weather": "rain", "heal": [str(heal.item(1).data(256))]}
    none = AfterBattleWizard(win, Campaigns(gui_engine), b.id, ())
    qtbot.addWidget(none)
    assert none.options_box.isHidden() and none.options() == {}
    # from the window: the open campaign's system gives the options (NUTS!: replacements)
    win.reload(prefer=("campaign", c.id))
    wiz = win.open_wizard(b.id)
    assert [k for k in wiz.option_widgets] == ["replacements"]
    wiz.option_widgets["replacements"].setChecked(False)
    assert wiz.options() == {"replacements": False}
    wiz.reject()
