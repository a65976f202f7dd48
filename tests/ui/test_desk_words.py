"""The window on a real desk (issue #33): what it shows is words, not the data's raw
keys and stamps; each game's rosters get that game's tools only."""

from __future__ import annotations

import re
from typing import Any

from campaign_app.usecases import campaigns, fighters, rolls, rosters


def _roll_without_a_table(engine: Any, campaign_id: int, fighter_id: int) -> None:
    """A d6 on record for a fighter that reads no table (no row, no label)."""
    from campaign_app.dice import Roller
    from db.uow import UnitOfWork

    roller = Roller.from_options(None, 7)  # the app's dice (typed ones say "typed")
    with UnitOfWork(engine, "roll", journaled=False) as uow:
        uow.campaign_id = campaign_id
        roller.roll("d6", "Rock: an extra die", fighter_id=fighter_id)
        roller.finish()
        uow.record_rolls(roller)


def test_a_roll_on_no_table_ends_at_its_value_not_an_empty_arrow(qtbot: Any, win: Any, gui_engine: Any) -> None:
    c = campaigns.create_campaign(gui_engine, "Foy", "nuts", None, ())
    r = rosters.create_roster(gui_engine, c.id, "Easy")
    f = fighters.add_fighter(gui_engine, r.id, "Rock", fighter_type="star", rep=5)
    rolls.roll_table(gui_engine, "nuts-recovery", campaign=c.id, dice="6,1", target=5)  # not his: not shown
    _roll_without_a_table(gui_engine, c.id, f.id)
    win.reload(prefer=("roster", r.id))
    assert win.select_figure("Rock")
    text = win.detail.toPlainText()
    line = next(x for x in text.splitlines() if "an extra die" in x)
    assert re.search(r"an extra die: d6 \[(\d)\] = \1$", line.rstrip()), line
    assert "→" not in line and "->" not in line


def test_the_ledger_shows_its_times_as_the_roll_log_does(qtbot: Any, win: Any, gui_engine: Any) -> None:
    from campaign_app.usecases.gear import adjust_credits

    c = campaigns.create_campaign(gui_engine, "Hive", "necromunda", "n23", ())
    r = rosters.create_roster(gui_engine, c.id, "Kings")
    adjust_credits(gui_engine, r.id, 150, "a rich find")
    win.reload(prefer=("roster", r.id))
    win.actions["gear_ledger"].trigger()
    from PySide6.QtWidgets import QApplication

    from ui.dialogs.gear import LedgerDialog

    dlg = next(w for w in QApplication.topLevelWidgets() if isinstance(w, LedgerDialog) and w.isVisible())
    shown = dlg.ledger.item(0, 0).text()
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d", shown), shown
    assert dlg.ledger.item(0, 4).text() == "a rich find"
    dlg.reject()


def test_a_walker_shows_its_game_words_and_its_guns(qtbot: Any, win: Any, gui_engine: Any) -> None:
    """The walker's panel: its type by name, armour, speed and crew under the game's
    labels, and its two guns and hull MG as weapons; no raw key (armour_front, aa_mg
    False, speed_cc 0, walker_type soviet-medium), no "Weapons: None."."""
    from campaign_app.systems.nuts.creatures import add_walker

    c = campaigns.create_campaign(gui_engine, "Weird", "nuts", None, ("weird-ww2",))
    r = rosters.create_roster(gui_engine, c.id, "Easy")
    add_walker(gui_engine, r.id, "Red Bear", "soviet-medium", {"commander": 4, "driver": 3, "gunner": 5})
    win.reload(prefer=("roster", r.id))
    assert win.select_figure("Red Bear")
    lines = [x.strip() for x in win.detail.toPlainText().splitlines() if x.strip()]
    text = "\n".join(lines)
    for raw in ("armour_front", "aa_mg", "hull_mg", "speed_cc", "walker_type", "soviet-medium", "False", "True"):
        assert raw not in text, raw
    for label, value in (("Type", "Soviet Medium Walker"), ("Armour F/S/T", "3/2/1"), ("Speed road/cc", "24/?"),
                         ("Crew", "3")):
        assert label in lines and value in lines, (label, value)
    weapons = lines[lines.index("Weapons") + 1:lines.index("Lasting injuries")]
    assert weapons == ["Name", "Profile", "1st gun", "APR 4", "2nd gun", "Grenade", "Hull MG"]
    # his crew is still a man of Rep, with the stat line of one
    assert win.select_figure("Red Bear Gunner")
    crew = [x.strip() for x in win.detail.toPlainText().splitlines() if x.strip()]
    assert crew[crew.index("Rep") + 1] == "5" and "Type" not in crew


def _menu(win: Any, title: str) -> Any:
    return next(a.menu() for a in win.menuBar().actions() if a.text() == title)


def _shown(menu: Any) -> list[str]:
    menu.aboutToShow.emit()
    return [a.text().replace("&", "") for a in menu.actions() if a.text() and a.isVisible()]


def test_a_game_without_money_has_no_credits_tools(qtbot: Any, win: Any, gui_engine: Any) -> None:
    """NUTS! keeps no credits (its SystemInfo says so): its roster's panel has no
    Credits nor Reputation, the Roster menu no Credits, Buy, Sell or Ledger, the roster
    dialog no credit fields; a Necromunda gang keeps them all."""
    c = campaigns.create_campaign(gui_engine, "Foy", "nuts", None, ())
    r = rosters.create_roster(gui_engine, c.id, "Easy")
    fighters.add_fighter(gui_engine, r.id, "Rock", fighter_type="star", rep=5)
    win.reload(prefer=("roster", r.id))
    panel = [x.strip() for x in win.detail.toPlainText().splitlines()]
    assert "Fighters" in panel and "Credits" not in panel and "Reputation" not in panel
    assert win.select_figure("Rock")
    menu = _shown(_menu(win, "&Roster"))
    for gone in ("Credits…", "Buy Equipment…", "Sell Equipment…", "Ledger and Stash…"):
        assert gone not in menu, menu
    assert "Catalogue and Content Packs…" in menu  # NUTS! weapons have profiles
    assert not win.actions["gear_credits"].isEnabled() and not win.actions["gear_buy"].isEnabled()
    dlg = win.edit_roster()
    assert not dlg.credits.isVisibleTo(dlg) and not dlg.reputation.isVisibleTo(dlg)
    dlg.reject()

    n = campaigns.create_campaign(gui_engine, "Hive", "necromunda", "n23", ())
    g = rosters.create_roster(gui_engine, n.id, "Kings", credits=200)
    fighters.add_fighter(gui_engine, g.id, "Grim", fighter_type="leader")
    win.reload(prefer=("roster", g.id))
    panel = [x.strip() for x in win.detail.toPlainText().splitlines()]
    assert panel[panel.index("Credits") + 1] == "200" and "Reputation" in panel
    assert win.select_figure("Grim")
    menu = _shown(_menu(win, "&Roster"))
    assert {"Credits…", "Buy Equipment…", "Sell Equipment…", "Ledger and Stash…"} <= set(menu)
    assert win.actions["gear_credits"].isEnabled() and win.actions["gear_buy"].isEnabled()
    dlg = win.edit_roster()
    assert dlg.credits.isVisibleTo(dlg) and dlg.credits.value() == 200 and dlg.reputation.isVisibleTo(dlg)
    dlg.reject()


def test_end_cycle_is_ready_at_once_when_there_is_nothing_to_roll(qtbot: Any, win: Any, gui_engine: Any) -> None:
    """No Critical Injury waiting and no territory income: End Cycle needs no dice, so
    the dialog shows what it does and its button works without a Roll first."""
    from PySide6.QtCore import Qt

    c = campaigns.create_campaign(gui_engine, "Hive", "necromunda", "n23", ())
    rosters.create_roster(gui_engine, c.id, "Kings")
    win.reload(prefer=("campaign", c.id))
    dlg = win.run_command("end_cycle")
    assert dlg.ok_button.isEnabled() and not dlg.dice.roll.isEnabled()
    assert dlg.changes.count() >= 1  # the preview is shown
    qtbot.mouseClick(dlg.ok_button, Qt.MouseButton.LeftButton)
    assert not dlg.isVisible(), dlg.error.text()
    assert campaigns.show_campaign(gui_engine, c.id)["cycle"] == 2


def test_end_cycle_waits_for_the_dice_once_a_treatment_is_paid_for(qtbot: Any, win: Any, gui_engine: Any) -> None:
    from PySide6.QtCore import Qt

    from campaign_app.systems.necromunda.actions import pending_criticals
    from campaign_app.systems.necromunda.demo import build as demo_necromunda

    cid = demo_necromunda(gui_engine)
    assert pending_criticals(gui_engine, cid)
    win.reload(prefer=("campaign", cid))
    dlg = win.run_command("end_cycle")
    assert dlg.ok_button.isEnabled()  # nobody treated: they die, nothing to roll
    dlg.treat.item(0).setCheckState(Qt.CheckState.Checked)  # the treatment's cost is rolled
    assert not dlg.ok_button.isEnabled() and dlg.dice.roll.isEnabled()
    qtbot.mouseClick(dlg.preview_button, Qt.MouseButton.LeftButton)
    assert dlg.ok_button.isEnabled(), dlg.error.text()
    dlg.treat.item(0).setCheckState(Qt.CheckState.Unchecked)
    assert dlg.ok_button.isEnabled() and not dlg.dice.roll.isEnabled()
    dlg.reject()


def _open(win: Any, cls: Any) -> Any:
    from PySide6.QtWidgets import QApplication

    return next(w for w in QApplication.topLevelWidgets() if isinstance(w, cls) and w.isVisible())


def _links(win: Any) -> list[str]:
    return re.findall(r'href="action:([a-z_]+)"', win.detail.toHtml())


def test_territories_are_taken_and_given_up_in_the_window(qtbot: Any, win: Any, gui_engine: Any, snap: Any) -> None:
    """The gang's panel links its money tools; Territories opens a dialog that adds a
    territory (its income dice written one way) and gives one up, each one undo step;
    bad input is one line and writes nothing."""
    from PySide6.QtCore import Qt, QUrl

    from campaign_app.usecases.gear import show_territories
    from ui.dialogs.gear import TerritoriesDialog

    c = campaigns.create_campaign(gui_engine, "Hive", "necromunda", "n23", ())
    r = rosters.create_roster(gui_engine, c.id, "Kings")
    win.reload(prefer=("roster", r.id))
    assert _links(win) == ["gear_credits", "gear_ledger", "gear_territories"]
    assert win.actions["gear_territories"].isEnabled()
    win.detail._link(QUrl("action:gear_territories"))  # the link, as a click on it runs it
    dlg = _open(win, TerritoriesDialog)
    assert dlg.table.rowCount() == 0 and not dlg.remove.isEnabled()
    before = snap(gui_engine)
    qtbot.keyClicks(dlg.name, "Old Ruins")
    qtbot.keyClicks(dlg.dice, "2d6 times ten")
    qtbot.mouseClick(dlg.add, Qt.MouseButton.LeftButton)
    assert dlg.error.text() == "income dice '2d6 times ten': write them like D6x10, 2D6x5 or D3"
    assert snap(gui_engine) == before
    dlg.dice.clear()
    qtbot.keyClicks(dlg.dice, "d6x10")
    dlg.credits.setValue(5)
    qtbot.keyClick(dlg.name, Qt.Key.Key_Return)
    assert [(t["name"], t["credits"], t["dice"]) for t in show_territories(gui_engine, r.id)["territories"]] == [
        ("Old Ruins", 5, "D6x10")]
    assert dlg.table.item(0, 0).text() == "Old Ruins" and dlg.table.item(0, 2).text() == "D6x10"
    assert dlg.name.text() == "" and dlg.error.text() == ""
    qtbot.keyClicks(dlg.name, "old ruins")  # held already: refused
    qtbot.mouseClick(dlg.add, Qt.MouseButton.LeftButton)
    assert dlg.error.text() == "Kings already holds old ruins"
    dlg.table.selectRow(0)
    qtbot.mouseClick(dlg.remove, Qt.MouseButton.LeftButton)
    assert show_territories(gui_engine, r.id)["territories"] == [] and dlg.table.rowCount() == 0
    dlg.reject()
    win.actions["undo"].trigger()  # giving it up is undone: held again
    assert [t["name"] for t in show_territories(gui_engine, r.id)["territories"]] == ["Old Ruins"]


def test_selling_and_the_ledger_are_where_the_fighter_is(qtbot: Any, win: Any, gui_engine: Any) -> None:
    from PySide6.QtCore import QUrl

    from ui.dialogs.gear import TradeDialog

    c = campaigns.create_campaign(gui_engine, "Hive", "necromunda", "n23", ())
    r = rosters.create_roster(gui_engine, c.id, "Kings")
    fighters.add_fighter(gui_engine, r.id, "Grim", fighter_type="leader", weapons=["Autogun"])
    win.reload(prefer=("roster", r.id))
    assert win.select_figure("Grim")
    assert [k for k in _links(win) if k.startswith("gear_")] == ["gear_buy", "gear_sell", "gear_ledger"]
    win.detail._link(QUrl("action:gear_sell"))
    dlg = _open(win, TradeDialog)
    assert dlg.selling
    dlg.reject()
    nuts = campaigns.create_campaign(gui_engine, "Foy", "nuts", None, ())
    easy = rosters.create_roster(gui_engine, nuts.id, "Easy")
    fighters.add_fighter(gui_engine, easy.id, "Rock", fighter_type="star", rep=5)
    win.reload(prefer=("roster", easy.id))
    assert _links(win) == []  # no money in NUTS!
    assert win.select_figure("Rock") and _links(win) == []


def test_a_new_gang_starts_with_its_game_s_credits_and_picks_a_house(qtbot: Any, win: Any, gui_engine: Any) -> None:
    """New Roster in a Necromunda campaign: the credits the rules data gives a new gang
    (1000), the houses to pick from (typed ones still go), both written; NUTS! offers
    its nations and no credits."""
    from PySide6.QtCore import Qt

    c = campaigns.create_campaign(gui_engine, "Hive", "necromunda", "n23", ())
    win.reload(prefer=("campaign", c.id))
    dlg = win.new_roster()
    assert dlg.credits.value() == 1000 and dlg.credits.isVisibleTo(dlg)
    houses = [dlg.faction.itemText(i) for i in range(dlg.faction.count())]
    assert "House Escher" in houses and "House Goliath" in houses and dlg.faction.currentText() == ""
    qtbot.keyClicks(dlg.name, "Venom Sisters")
    dlg.activateWindow()
    dlg.faction.setFocus()
    qtbot.waitUntil(lambda: dlg.faction.lineEdit().hasFocus())
    qtbot.keyClicks(dlg.faction.lineEdit(), "house es")  # completed from the list as typed
    assert dlg.faction.currentText().lower() == "house escher"
    qtbot.mouseClick(dlg.ok_button, Qt.MouseButton.LeftButton)
    assert not dlg.isVisible(), dlg.error.text()
    r = rosters.show_roster(gui_engine, "Venom Sisters")
    assert (r["faction"], r["credits"]) == ("House Escher", 1000)
    dlg = win.new_roster()  # a faction of one's own is typed; it is offered the next time
    qtbot.keyClicks(dlg.name, "Hunters")
    qtbot.keyClicks(dlg.faction.lineEdit(), "Spyrers")
    qtbot.mouseClick(dlg.ok_button, Qt.MouseButton.LeftButton)
    assert rosters.show_roster(gui_engine, "Hunters")["faction"] == "Spyrers"
    dlg = win.new_roster()
    assert dlg.faction.findText("Spyrers") >= 0
    dlg.reject()

    n = campaigns.create_campaign(gui_engine, "Foy", "nuts", None, ())
    win.reload(prefer=("campaign", n.id))
    dlg = win.new_roster()
    assert [dlg.faction.itemText(i) for i in range(dlg.faction.count())] == ["Britain", "Germany", "USA", "USSR"]
    assert dlg.credits.value() == 0 and not dlg.credits.isVisibleTo(dlg)
    dlg.reject()
