"""Relics a roster holds, the example plug-in's own entity, end to end from this folder:
the CLI commands, what is written in the database (SQLite, and PostgreSQL when
CAMPAIGN_APP_TEST_PG names a server), bad input refused with nothing written, undo and
redo, the JSON export and import, and the dialog the window opens from its menu."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import example_skirmish
import pytest


@pytest.fixture(autouse=True)
def skirmish(game_system: Any) -> Any:
    return game_system(example_skirmish.SYSTEM)


def _relics(db_rows: Any, engine: Any) -> list[tuple[Any, ...]]:
    rows = db_rows(engine, "SELECT r.name, s.system, s.kind, s.data FROM system_record s "
                           "JOIN roster r ON r.id = s.roster_id ORDER BY s.id")
    return [(a, b, c, json.loads(d) if isinstance(d, str) else d) for a, b, c, d in rows]


def _setup(cli: Any) -> None:
    for argv in (("campaign", "create", "Ford", "--system", example_skirmish.ID),
                 ("roster", "create", "Ford", "Reds"), ("roster", "create", "Ford", "Blues")):
        rc, _out, err = cli(*argv)
        assert rc == 0, err


def test_relics_through_the_cli_undo_and_redo(campaign_cli: Any, campaign_engine: Any, db_rows: Any) -> None:
    _setup(campaign_cli)
    rc, out, err = campaign_cli("relic", "add", "Reds", "Skull of Ages", "--power", "3", "--notes", "old")
    assert rc == 0 and out.strip() == "Reds holds Skull of Ages (power 3)", err
    assert _relics(db_rows, campaign_engine) == [
        ("Reds", "example-skirmish", "relic", {"name": "Skull of Ages", "power": 3, "notes": "old"})]
    rc, out, _ = campaign_cli("relic", "list", "Reds")
    assert rc == 0 and out.splitlines() == ["Reds: relics", "- Skull of Ages (power 3): old"]
    rc, out, _ = campaign_cli("roster", "show", "Reds")
    assert rc == 0 and "relics: Skull of Ages" in out.splitlines()

    rc, _out, err = campaign_cli("relic", "add", "Reds", "Iron Crown", "--power", "7")
    assert rc == 2 and err.strip().endswith("relic power: Input should be less than or equal to 6")
    assert err.count("\n") == 1
    rc, _out, err = campaign_cli("relic", "add", "Reds", "skull of ages")
    assert rc == 2 and "Reds already has a relic named 'skull of ages'" in err
    assert len(_relics(db_rows, campaign_engine)) == 1  # nothing written by either

    assert campaign_cli("relic", "remove", "Reds", "Skull of Ages")[0] == 0
    assert _relics(db_rows, campaign_engine) == []
    assert campaign_cli("undo", "Ford")[0] == 0
    assert [r[0:3] for r in _relics(db_rows, campaign_engine)] == [("Reds", "example-skirmish", "relic")]
    assert campaign_cli("undo", "Ford")[0] == 0  # the add
    assert _relics(db_rows, campaign_engine) == []
    assert campaign_cli("redo", "Ford")[0] == 0
    assert _relics(db_rows, campaign_engine)[0][3]["name"] == "Skull of Ages"


def test_relics_go_out_and_come_back_with_the_campaign(campaign_cli: Any, campaign_engine: Any, db_rows: Any,
                                                      tmp_path: Path) -> None:
    _setup(campaign_cli)
    assert campaign_cli("relic", "add", "Blues", "Horn", "--power", "2")[0] == 0
    out = tmp_path / "ford.json"
    rc, _o, err = campaign_cli("export", "json", "Ford", "-o", str(out))
    assert rc == 0, err
    doc = json.loads(out.read_text("utf-8"))
    assert [(r["kind"], r["roster"], r["data"]) for r in doc["records"]] == [
        ("relic", "r2", {"name": "Horn", "power": 2, "notes": ""})]
    rc, _o, err = campaign_cli("import", "json", str(out), "--rename", "Ford (copy)")
    assert rc == 0, err
    assert [r[0] for r in _relics(db_rows, campaign_engine)] == ["Blues", "Blues"]
    again = tmp_path / "copy.json"
    assert campaign_cli("export", "json", "Ford (copy)", "-o", str(again))[0] == 0
    assert json.loads(again.read_text("utf-8"))["records"] == doc["records"]

    doc["records"][0]["data"]["power"] = 9  # the plug-in's model is checked on import
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc), "utf-8")
    rc, _o, err = campaign_cli("import", "json", str(bad), "--rename", "Ford (bad)")
    assert rc != 0 and "records[0].data.power: Input should be less than or equal to 6" in err


def test_the_relics_dialog_from_the_roster_menu(campaign_window: Any) -> None:
    from campaign_app.usecases import campaigns, rosters

    app = campaign_window.app
    c = app.run(campaigns.create_campaign, "Ford", example_skirmish.ID)
    reds = app.run(rosters.create_roster, c.id, "Reds")
    campaign_window.reload(prefer=("roster", reds.id))
    assert campaign_window.actions["relics"].isEnabled()
    dlg = campaign_window.run_command("relics")
    assert dlg is not None and dlg.windowTitle() == "Relics of Reds"
    dlg.name.setText("Skull of Ages")
    dlg.power.setValue(4)
    dlg.add()
    assert dlg.names() == ["Skull of Ages"] and dlg.error.text() == ""
    dlg.name.setText("skull of ages")
    dlg.add()
    assert "already has a relic" in dlg.error.text() and dlg.names() == ["Skull of Ages"]
    dlg.list.setCurrentRow(0)
    dlg.remove()
    assert dlg.names() == []
    from campaign_app.usecases.journal import undo

    app.run(undo, "Ford")
    dlg.reload()
    assert dlg.names() == ["Skull of Ages"]
    dlg.reject()
