"""Each dialog through its real widgets: inline validation (the reason shown, nothing
written), conflicts, the creature generator with typed and rolled dice, the house-rule
editor, units, the roll log filters, remove and undo, and the end of a cycle."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from campaign_app.usecases import campaigns, fighters, rolls, rosters
from tests.ui.conftest import messages


def click(qtbot: Any, button: Any) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def setup(win: Any, engine: Any, system: str, expansions: tuple[str, ...] = (), edition: str | None = None
          ) -> tuple[int, int]:
    c = campaigns.create_campaign(engine, f"Camp {system}", system, edition, expansions)
    r = rosters.create_roster(engine, c.id, "Alpha")
    win.reload(prefer=("roster", r.id))
    assert win.roster_id == r.id
    return int(c.id), int(r.id)


def test_fighter_editor_checks_as_you_type_and_ok_explains(qtbot: Any, win: Any, gui_engine: Any,
                                                            snap: Any) -> None:
    cid, rid = setup(win, gui_engine, "necromunda")
    before = snap(gui_engine)
    dlg = win.add_fighter()
    click(qtbot, dlg.ok_button)
    assert dlg.isVisible() and dlg.error.text() == "fighter name is empty"
    qtbot.keyClicks(dlg.name, "Krug")
    qtbot.keyClicks(dlg.stat_edits["WS"], "9+")
    # checked while typing: the field turns red and the reason is shown at once
    assert "WS: 9 is outside 2+..6+" in dlg.error.text()
    assert dlg.stat_edits["WS"].styleSheet()
    click(qtbot, dlg.ok_button)
    assert dlg.isVisible() and "WS: 9 is outside" in dlg.error.text()
    dlg.stat_edits["WS"].clear()
    qtbot.keyClicks(dlg.stat_edits["WS"], "3+")
    assert not dlg.error.isVisible() and not dlg.stat_edits["WS"].styleSheet()
    qtbot.keyClicks(dlg.weapons.entry, "Autogun")
    click(qtbot, dlg.ok_button)  # typed but not added: said, not silently dropped
    assert dlg.isVisible() and "press Add" in dlg.error.text()
    assert snap(gui_engine) == before
    click(qtbot, dlg.weapons.add_button)
    qtbot.keyClicks(dlg.stat_edits["M"], "5")
    click(qtbot, dlg.ok_button)
    assert not dlg.isVisible()
    f = rosters.show_roster(gui_engine, rid)["fighters"][0]
    assert f["name"] == "Krug" and f["stats"] == {"WS": 3, "M": 5}
    assert [e["name"] for e in f["equipment"]] == ["Autogun"]
    # the new fighter is selected and shown in the detail pane
    assert win.selected_row()["name"] == "Krug"
    assert "Krug" in win.detail.toPlainText() and "Autogun" in win.detail.toPlainText()


def test_nuts_fighter_without_rep_is_refused(qtbot: Any, win: Any, gui_engine: Any, snap: Any) -> None:
    setup(win, gui_engine, "nuts")
    before = snap(gui_engine)
    dlg = win.add_fighter()
    qtbot.keyClicks(dlg.name, "Joe")
    click(qtbot, dlg.ok_button)
    assert dlg.isVisible() and "need a Rep" in dlg.error.text()
    click(qtbot, dlg.buttons.button(dlg.buttons.StandardButton.Cancel))
    assert snap(gui_engine) == before


def test_roster_dialog_refuses_negative_credits(qtbot: Any, win: Any, gui_engine: Any, snap: Any) -> None:
    cid, _rid = setup(win, gui_engine, "necromunda")
    before = snap(gui_engine)
    dlg = win.new_roster()
    qtbot.keyClicks(dlg.name, "Broke")
    dlg.credits.setValue(-5)
    click(qtbot, dlg.ok_button)
    assert dlg.isVisible() and dlg.error.text() == "credits cannot be negative"
    qtbot.keyClicks(dlg.name, "")
    dlg.name.setText("Alpha")
    dlg.credits.setValue(10)
    click(qtbot, dlg.ok_button)
    assert dlg.isVisible() and "already has a roster named 'Alpha'" in dlg.error.text()
    assert snap(gui_engine) == before


def test_edit_conflict_is_a_message_then_the_view_reloads(qtbot: Any, win: Any, gui_engine: Any) -> None:
    _cid, rid = setup(win, gui_engine, "nuts")
    f = fighters.add_fighter(gui_engine, rid, "Joe", rep=4)
    win.reload()
    assert win.select_figure("Joe")
    dlg = win.edit_selected()
    fighters.edit_fighter(gui_engine, f.id, name="Joseph")  # someone else saves first
    dlg.name.setText("Joey")
    click(qtbot, dlg.ok_button)
    assert not dlg.isVisible()
    assert messages() and "someone else" in messages()[-1][1]
    assert fighters.show_fighter(gui_engine, f.id)["name"] == "Joseph"
    assert win.model.find(lambda r: r["name"] == "Joseph") >= 0  # reloaded


def test_creature_generator_typed_dice_preview_then_add(qtbot: Any, win: Any, gui_engine: Any,
                                                         snap: Any) -> None:
    cid, rid = setup(win, gui_engine, "nuts", ("weird-ww2",))
    assert win.actions["creatures"].isEnabled()
    before = snap(gui_engine)
    dlg = win.run_command("creatures")
    dlg.kind.setCurrentIndex(dlg.kind.findData("zombie"))
    assert not dlg.super.isEnabled()  # zombies are always Rep 2
    dlg.kind.setCurrentIndex(dlg.kind.findData("vampire"))
    dlg.count.setValue(2)
    click(qtbot, dlg.dice.typed)
    qtbot.keyClicks(dlg.dice.entry, "1")
    click(qtbot, dlg.preview_button)
    assert "not enough dice typed" in dlg.error.text()
    dlg.dice.entry.clear()
    qtbot.keyClicks(dlg.dice.entry, "8")
    assert "1 to 6" in dlg.dice.problem.text()
    dlg.dice.entry.clear()
    qtbot.keyClicks(dlg.dice.entry, "1,6")
    click(qtbot, dlg.preview_button)
    assert [(r["name"], r["rep"]) for r in dlg.model.rows] == [("Vampire 1", 4), ("Vampire 2", 6)]
    assert snap(gui_engine) == before  # a preview writes nothing
    click(qtbot, dlg.ok_button)
    assert not dlg.isVisible(), dlg.error.text()
    made = {f["name"]: f for f in rosters.show_roster(gui_engine, rid)["fighters"]}
    assert made["Vampire 1"]["rep"] == 4 and made["Vampire 2"]["rep"] == 6
    log = rolls.roll_log(gui_engine, cid)
    assert [(r["faces"], r["source"], r["subject"]) for r in log] == [
        ([1], "typed", "Vampire 1"), ([6], "typed", "Vampire 2")]

    # "Roll for me": what the preview showed is what is added, recorded as random
    dlg = win.run_command("creatures")
    dlg.kind.setCurrentIndex(dlg.kind.findData("werewolf"))
    dlg.count.setValue(3)
    click(qtbot, dlg.preview_button)
    shown = [(r["name"], r["rep"]) for r in dlg.model.rows]
    click(qtbot, dlg.ok_button)
    made = {f["name"]: f["rep"] for f in rosters.show_roster(gui_engine, rid)["fighters"]}
    assert all(made[n] == rep for n, rep in shown)
    assert [r["source"] for r in rolls.roll_log(gui_engine, cid)][-3:] == ["random"] * 3


def test_house_rule_editor_saves_checks_and_restores(qtbot: Any, win: Any, gui_engine: Any,
                                                      snap: Any) -> None:
    cid, _rid = setup(win, gui_engine, "nuts")
    dlg = win.house_rules()
    dlg.select_table("nuts-recovery")
    assert dlg.current["id"] == "nuts-recovery" and not dlg.save.isEnabled()
    rows = dlg.rows
    assert rows.setData(rows.index(1, 2), "Badly hurt")
    assert dlg.save.isEnabled()
    click(qtbot, dlg.save)
    assert not dlg.error.isVisible(), dlg.error.text()
    camp = campaigns.show_campaign(gui_engine, cid)
    assert camp["house_rules"] == ["nuts-recovery"]
    assert campaigns.campaign_rules(gui_engine, cid)["nuts-recovery"].rows[1].label == "Badly hurt"
    # a table with a gap is refused, naming the problem; nothing saved
    before = snap(gui_engine)
    rows.remove_row(2)
    click(qtbot, dlg.save)
    assert "no row covers a roll of 0" in dlg.error.text()
    assert snap(gui_engine) == before
    # effects are checked too
    click(qtbot, dlg.revert)
    rows.setData(rows.index(0, 4), "status value=flying")
    click(qtbot, dlg.save)
    assert "status 'flying' is not one of" in dlg.error.text()
    assert snap(gui_engine) == before
    click(qtbot, dlg.revert)
    click(qtbot, dlg.restore)
    assert campaigns.show_campaign(gui_engine, cid)["house_rules"] == []
    dlg.reject()


def test_house_rule_editor_at_800_pixels_keeps_every_table_title_whole(qtbot: Any, win: Any, gui_engine: Any) -> None:
    """With its buttons in one row the right pane took all but 54 px of the list of
    tables, and titles were cut mid-word ("Penetrat", "Generati")."""
    from ui.cutoff import cut_texts

    setup(win, gui_engine, "nuts", ("weird-ww2",))
    dlg = win.house_rules()
    dlg.resize(800, 580)
    qtbot.waitExposed(dlg)
    qtbot.wait(10)
    cut = [line for line in cut_texts(dlg) if "ruleTables" in line]
    assert cut == [], cut


def test_unit_editor_adds_and_edits_a_unit(qtbot: Any, win: Any, gui_engine: Any, snap: Any) -> None:
    from campaign_app.usecases.units import show_unit

    _cid, rid = setup(win, gui_engine, "fubar")
    assert win.actions["add_unit"].isEnabled()
    dlg = win.add_unit()
    qtbot.keyClicks(dlg.name, "Alpha Section")
    dlg.figures.setValue(8)
    dlg.figures_start.setValue(6)
    dlg.training.setCurrentIndex(dlg.training.findData("veteran"))
    qtbot.keyClicks(dlg.weapons.entry, "Assault rifle")
    click(qtbot, dlg.weapons.add_button)
    before = snap(gui_engine)
    click(qtbot, dlg.ok_button)
    assert dlg.isVisible() and "8" in dlg.error.text()  # more figures than at the start
    assert snap(gui_engine) == before
    dlg.figures_start.setValue(8)
    click(qtbot, dlg.ok_button)
    assert not dlg.isVisible(), dlg.error.text()
    row = win.selected_row()
    assert row["what"] == "unit" and row["name"] == "Alpha Section"
    u = show_unit(gui_engine, row["id"])
    assert (u["figures"], u["figures_start"], u["training"]) == (8, 8, "veteran")
    dlg = win.edit_selected()
    dlg.figures.setValue(5)
    dlg.wounded.setValue(2)
    click(qtbot, dlg.ok_button)
    assert not dlg.isVisible(), dlg.error.text()
    u = show_unit(gui_engine, row["id"])
    assert (u["figures"], u["wounded"]) == (5, 2)


def test_remove_then_undo_brings_the_fighter_back(qtbot: Any, win: Any, gui_engine: Any) -> None:
    _cid, rid = setup(win, gui_engine, "nuts")
    fighters.add_fighter(gui_engine, rid, "Joe", rep=4, weapons=["Rifle"])
    win.reload()
    win.select_figure("Joe")
    win.actions["remove_item"].trigger()
    assert rosters.show_roster(gui_engine, rid)["fighters"] == []
    assert win.model.rowCount() == 0
    assert "remove fighter" in win.actions["undo"].text() or "remove" in win.actions["undo"].text()
    win.actions["undo"].trigger()
    fs = rosters.show_roster(gui_engine, rid)["fighters"]
    assert [f["name"] for f in fs] == ["Joe"] and fs[0]["equipment"][0]["name"] == "Rifle"
    assert win.model.rowCount() == 1
    win.actions["redo"].trigger()
    assert rosters.show_roster(gui_engine, rid)["fighters"] == []


def test_roll_log_filters(qtbot: Any, win: Any, gui_engine: Any) -> None:
    from campaign_app.systems.nuts.creatures import generate_creatures

    cid, rid = setup(win, gui_engine, "nuts", ("weird-ww2",))
    rolls.roll_table(gui_engine, "nuts-recovery", campaign=cid, dice="1,2", target=4)
    v1, v2 = generate_creatures(gui_engine, rid, "vampire", 2, dice="1,6").creatures
    win.reload()
    win.actions["view_log"].trigger()
    assert win.tabs.currentIndex() == 2
    log = win.log_view
    assert log.model.rowCount() == 3
    log.table.setCurrentIndex(log.table.findData("nuts-recovery"))
    assert [r["table"] for r in log.model.rows] == ["nuts-recovery"]
    assert log.count.text() == "1 roll of After the Battle: Out of the Fight recovery"  # in words
    log.table.setCurrentIndex(0)
    assert log.model.rowCount() == 3 and log.count.text() == "3 rolls"
    log.fighter.setCurrentIndex(log.fighter.findData(v2.id))
    assert [(r["subject"], r["faces"]) for r in log.model.rows] == [("Vampire 2", [6])]
    log.set_filter()
    # sorting happens in the model
    log.view.sortByColumn(6, Qt.SortOrder.DescendingOrder)
    assert [r["value"] for r in log.model.rows] == [6, 2, 1]
    # Roll Log with a fighter selected opens filtered on it
    win.tabs.setCurrentIndex(0)
    win.select_figure("Vampire 1")
    win.actions["view_log"].trigger()
    assert [r["subject"] for r in log.model.rows] == ["Vampire 1"]


def test_end_cycle_decides_the_pending_critical_injury(qtbot: Any, win: Any, gui_engine: Any) -> None:
    from campaign_app.systems.necromunda.actions import pending_criticals
    from campaign_app.systems.necromunda.demo import NAME as NECRO
    from campaign_app.systems.necromunda.demo import build as demo_necromunda

    cid = demo_necromunda(gui_engine)
    pending = pending_criticals(gui_engine, cid)
    win.reload(prefer=("campaign", cid))
    assert win.actions["end_cycle"].isEnabled()
    dlg = win.run_command("end_cycle")
    assert dlg.treat.count() == max(1, len(pending))
    click(qtbot, dlg.preview_button)
    assert not dlg.error.isVisible(), dlg.error.text()
    click(qtbot, dlg.ok_button)
    assert not dlg.isVisible(), dlg.error.text()
    assert campaigns.show_campaign(gui_engine, cid)["cycle"] == 2
    for p in pending:  # not treated: the fighter dies
        assert fighters.show_fighter(gui_engine, p["id"])["status"] == "dead"
    win.actions["undo"].trigger()
    assert campaigns.show_campaign(gui_engine, NECRO)["cycle"] == 1


def test_house_rule_editor_changes_a_reference_table_the_characteristic_ranges(
        qtbot: Any, win: Any, gui_engine: Any, snap: Any) -> None:
    """The ranges (and the advancement limits) are reference tables: listed with the
    rolled ones, edited field by field, saved as the campaign's house rule, checked."""
    cid, rid = setup(win, gui_engine, "necromunda", edition="n26")
    dlg = win.house_rules()
    assert "characteristics" in [r["id"] for r in dlg.tables.rows]
    dlg.select_table("characteristics")
    rows = dlg.rows
    assert rows.reference and rows.keys[:5] == ("stat", "label", "kind", "min", "max")
    i = next(n for n, r in enumerate(rows.rows) if r["stat"] == "I")
    assert rows.rows[i]["max"] == "10"
    before = snap(gui_engine)
    rows.setData(rows.index(i, 4), "ten")
    click(qtbot, dlg.save)
    assert "'ten' is not a whole number" in dlg.error.text() and snap(gui_engine) == before
    rows.setData(rows.index(i, 4), "12")
    click(qtbot, dlg.save)
    assert not dlg.error.isVisible(), dlg.error.text()
    assert campaigns.show_campaign(gui_engine, cid)["house_rules"] == ["characteristics"]
    entries = {e["stat"]: e for e in campaigns.campaign_rules(gui_engine, cid)["characteristics"].entries}
    assert (entries["I"]["min"], entries["I"]["max"], entries["Ld"]["max"]) == (1, 12, 10)
    # the campaign's fighters now take I 12, and the window's checks agree
    fighters.add_fighter(gui_engine, rid, "Quick", stats={"I": "12"})
    from campaign_app.usecases import gui_queries as q

    assert q.check_stat("necromunda", "I", "12", "n26", q.range_rules(gui_engine, cid)) == ""
    assert "outside 1..12 (house rule)" in q.check_stat("necromunda", "I", "13", "n26", q.range_rules(gui_engine, cid))
    rows.setData(rows.index(i, 3), "13")  # min above max: refused, nothing saved
    before = snap(gui_engine)
    click(qtbot, dlg.save)
    assert "min 13 is above max 12" in dlg.error.text() and snap(gui_engine) == before
    click(qtbot, dlg.revert)
    click(qtbot, dlg.restore)
    assert campaigns.show_campaign(gui_engine, cid)["house_rules"] == []
    dlg.reject()
