"""The window shows what a use-case changed and reads nothing else: its change set
names the figures whose table rows and detail are read again, and says whether the
tree, the battles, the roll log and the history (with Undo/Redo) must be. Counted by
the gui_queries calls made."""

from __future__ import annotations

import collections
from typing import Any

import pytest
from PySide6.QtCore import Qt

from campaign_app.changes import Changes
from campaign_app.usecases import campaigns, fighters, journal, rosters
from campaign_app.usecases import gui_queries as q

COUNTED = ("campaign_tree", "roster_rows", "battles", "undo_state", "fighter_detail", "roster_detail",
           "system_info")


@pytest.fixture
def calls(monkeypatch: Any) -> collections.Counter[str]:
    """How often each counted gui_queries function ran (and roster_rows' arguments)."""
    seen: collections.Counter[str] = collections.Counter()
    args: list[dict[str, Any]] = []
    for name in COUNTED:
        real = getattr(q, name)

        def counted(*a: Any, _real: Any = real, _name: str = name, **kw: Any) -> Any:
            seen[_name] += 1
            if _name == "roster_rows":
                args.append(kw)
            return _real(*a, **kw)

        monkeypatch.setattr(q, name, counted)
    seen.args = args  # type: ignore[attr-defined]
    return seen


def _roster(win: Any, engine: Any, names: tuple[str, ...] = ("Brak", "Vel", "Zed")) -> tuple[int, list[int]]:
    c = campaigns.create_campaign(engine, "Ash Wastes", "necromunda")
    r = rosters.create_roster(engine, c.id, "Iron Jackals")
    ids = [int(fighters.add_fighter(engine, r.id, n, fighter_type="ganger").id) for n in names]
    win.reload(prefer=("roster", r.id))
    return int(r.id), ids


def _select(win: Any, fid: int) -> None:
    r = win.model.find(lambda row: (row["what"], row["id"]) == ("fighter", fid))
    assert r >= 0
    win.table.selectRow(r)


def _signals(model: Any) -> collections.Counter[str]:
    seen: collections.Counter[str] = collections.Counter()
    for sig in ("modelReset", "dataChanged", "rowsInserted", "rowsRemoved", "rowsMoved"):
        getattr(model, sig).connect(lambda *_a, s=sig: seen.update([s]))
    return seen


def test_undo_of_a_fighter_edit_reads_that_fighters_row_and_the_history_only(
        win: Any, gui_engine: Any, calls: Any) -> None:
    _rid, (brak, vel, _zed) = _roster(win, gui_engine)
    f = fighters.show_fighter(gui_engine, brak)
    fighters.edit_fighter(gui_engine, brak, if_version=f["version"], name="Brak the Bold")
    win.reload()
    _select(win, brak)
    vel_row = win.model.rows[win.model.find(lambda r: r["id"] == vel)]
    assert win.actions["undo"].isEnabled()
    calls.clear()
    calls.args.clear()
    sig = _signals(win.model)

    win.undo()

    assert calls["campaign_tree"] == 0 and calls["battles"] == 0 and calls["system_info"] == 0
    assert calls["roster_rows"] == 1
    assert calls.args == [{"fighters": [brak], "units": [], "roster": win.roster_id}]
    assert calls["undo_state"] == 1  # the history changed: Undo/Redo read again, once
    assert calls["fighter_detail"] == 1  # the selected fighter is the one named
    assert sig["modelReset"] == 0 and sig["dataChanged"] == 1
    assert win.selected_row()["id"] == brak and win.selected_row()["name"] == "Brak"
    assert win.model.rows[win.model.find(lambda r: r["id"] == vel)] is vel_row  # untouched
    assert win.actions["redo"].isEnabled() and "Brak" in win.detail.toPlainText()


def test_selecting_rows_does_not_read_the_undo_state(win: Any, gui_engine: Any, calls: Any) -> None:
    _rid, (brak, vel, zed) = _roster(win, gui_engine)
    calls.clear()
    for fid in (brak, vel, zed, brak):
        _select(win, fid)
    assert calls["undo_state"] == 0
    assert calls["fighter_detail"] == 4
    assert win.actions["undo"].isEnabled()  # add fighter, read when the campaign was shown


def test_a_change_of_a_figure_not_selected_leaves_the_detail_alone(
        win: Any, gui_engine: Any, calls: Any) -> None:
    _rid, (brak, vel, _zed) = _roster(win, gui_engine)
    _select(win, brak)
    f = fighters.show_fighter(gui_engine, vel)
    fighters.edit_fighter(gui_engine, vel, if_version=f["version"], xp=7)
    calls.clear()
    win.apply_changes(Changes.of(fighters=[vel]))
    assert calls["roster_rows"] == 1 and calls["fighter_detail"] == 0 and calls["campaign_tree"] == 0
    assert calls["undo_state"] == 0  # no history named
    assert win.model.rows[win.model.find(lambda r: r["id"] == vel)]["xp"] == 7
    assert win.selected_row()["id"] == brak


def test_rows_are_inserted_and_removed_where_the_sort_puts_them(
        win: Any, gui_engine: Any, calls: Any) -> None:
    rid, (brak, vel, zed) = _roster(win, gui_engine)
    win.table.sortByColumn(win.model.columns.index(
        next(c for c in win.model.columns if c.key == "name")), Qt.SortOrder.DescendingOrder)
    assert [r["name"] for r in win.model.rows] == ["Zed", "Vel", "Brak"]
    _select(win, vel)
    calls.clear()
    sig = _signals(win.model)
    new = int(fighters.add_fighter(gui_engine, rid, "Mox", fighter_type="ganger").id)
    win.apply_changes(Changes.of(fighters=[new]))  # no shape change said: the row alone
    assert [r["name"] for r in win.model.rows] == ["Zed", "Vel", "Mox", "Brak"]
    assert sig["rowsInserted"] == 1 and sig["modelReset"] == 0
    assert win.selected_row()["id"] == vel
    fighters.remove_fighter(gui_engine, zed)
    win.apply_changes(Changes.of(fighters=[zed]))
    assert [r["name"] for r in win.model.rows] == ["Vel", "Mox", "Brak"]
    assert sig["rowsRemoved"] == 1 and win.selected_row()["id"] == vel
    assert "3 fighters" in win.table_title.text()
    # a new name that sorts elsewhere moves the row; the selection goes with it
    f = fighters.show_fighter(gui_engine, vel)
    fighters.edit_fighter(gui_engine, vel, if_version=f["version"], name="Abe")
    win.apply_changes(Changes.of(fighters=[vel]))
    assert [r["name"] for r in win.model.rows] == ["Mox", "Brak", "Abe"]
    assert sig["rowsMoved"] == 1 and win.selected_row()["name"] == "Abe"
    assert calls["campaign_tree"] == 0


def test_unsorted_rows_are_inserted_in_the_querys_order(win: Any, gui_engine: Any) -> None:
    rid, (brak, _vel, zed) = _roster(win, gui_engine)
    fighters.remove_fighter(gui_engine, brak)
    win.apply_changes(Changes.of(fighters=[brak]))
    assert [r["name"] for r in win.model.rows] == ["Vel", "Zed"]
    journal.undo(gui_engine, win.campaign["id"])  # Brak is back, first by id
    win.apply_changes(Changes.of(fighters=[brak]))
    assert [r["name"] for r in win.model.rows] == ["Brak", "Vel", "Zed"]
    assert zed in [r["id"] for r in win.model.rows]


def test_each_flag_reads_its_view_only(win: Any, gui_engine: Any, calls: Any, monkeypatch: Any) -> None:
    rid, _ids = _roster(win, gui_engine)
    log_loads: list[int] = []
    hist_loads: list[int] = []
    monkeypatch.setattr(win.log_view, "set_campaign", lambda e, c: log_loads.append(c))
    monkeypatch.setattr(win.history_view, "set_campaign", lambda e, c: hist_loads.append(c))
    cid = win.campaign["id"]
    calls.clear()
    win.apply_changes(Changes(rolls=True))
    assert log_loads == [cid] and hist_loads == [] and sum(calls.values()) == 0
    win.apply_changes(Changes(history=True))
    assert hist_loads == [cid] and calls["undo_state"] == 1 and calls["campaign_tree"] == 0
    assert calls["roster_rows"] == 0 and calls["battles"] == 0
    calls.clear()
    rosters.edit_roster(gui_engine, rid, if_version=q.roster_detail(gui_engine, rid)["version"], name="Jackals")
    calls.clear()
    win.apply_changes(Changes.of(rosters=[rid]))  # a roster's row: the tree, the detail, the battles
    assert calls["campaign_tree"] == 1 and calls["roster_detail"] == 1 and calls["roster_rows"] == 0
    assert calls["battles"] == 1 and "Jackals" in win.table_title.text()
    assert win.tree.currentItem().text(0).startswith("Jackals")
    calls.clear()
    win.apply_changes(Changes.of(campaigns=[cid], structure=True))
    assert calls["campaign_tree"] == 1 and calls["roster_rows"] == 1 and calls["battles"] == 0
    assert calls.args[-1] == {"roster": rid}  # the whole table
    calls.clear()
    fid = _ids[0]
    win.apply_changes(Changes.of(fighters=[fid]))  # a fighter only: not the tree
    assert calls["campaign_tree"] == 0 and calls["roster_rows"] == 1
    calls.clear()
    win.apply_changes(Changes.of(campaigns=[cid], fighters=[fid]))  # its campaign's row too (a cycle ends)
    assert calls["campaign_tree"] == 1 and calls["roster_rows"] == 1
    calls.clear()
    win.apply_changes(Changes.all())
    assert calls["campaign_tree"] == 1 and calls["battles"] == 1 and calls["undo_state"] == 1


def test_a_battle_recorded_refreshes_the_battles_and_the_tree(win: Any, gui_engine: Any, calls: Any) -> None:
    from campaign_app.usecases.battles import record_battle

    rid, _ids = _roster(win, gui_engine)
    record_battle(gui_engine, win.campaign["id"], [rid])
    calls.clear()
    win.apply_changes(Changes.of(battles=[1], campaigns=[win.campaign["id"]]))
    assert calls["battles"] == 1 and calls["campaign_tree"] == 1  # the pending count
    assert win.campaign["pending_battles"] == 1 and win.actions["after_battle"].isEnabled()
    assert len(win.battles_view.model.rows) == 1


def test_one_import_action_per_installed_importer(win: Any) -> None:
    from campaign_app.systems.registry import systems

    offered = {imp.key: imp for gs in systems().values() for imp in gs.importers}
    file_menu = win.menuBar().actions()[0].menu()
    in_menu = {a.objectName() for a in file_menu.actions()}
    for key, imp in offered.items():
        a = win.actions[f"import_{key}"]
        assert a.objectName() in in_menu and imp.label in a.text() and a.isEnabled()
    assert win.import_actions == {f"import_{k}": k for k in offered}
