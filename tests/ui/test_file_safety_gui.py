"""The window's file writes go through the same check as the CLI: printing, exporting
or backing up over the open database, its -wal file or into its backups folder is a
message, and the database is left whole."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from campaign_app.usecases import campaigns, fighters, rosters
from tests.ui.conftest import messages
from tests.ui.test_backup import wait_task


def test_no_window_action_writes_over_the_database(qtbot: Any, win: Any, gui_engine: Any) -> None:
    db = Path(str(gui_engine.url.database))
    c = campaigns.create_campaign(gui_engine, "Kept", "nuts")
    r = rosters.create_roster(gui_engine, c.id, "Squad")
    fighters.add_fighter(gui_engine, r.id, "Joe", rep=4)
    win.reload(prefer=("roster", r.id))
    (db.parent / "backups").mkdir(exist_ok=True)
    for target in (db, db.with_name(db.name + "-wal"), db.parent / "backups" / "x.pdf"):
        assert win.export_pdf("roster", str(target)) is None
        title, text = messages()[-1]
        assert title == "Export PDF" and "nothing was written" in text, text
        wait_task(qtbot, win.export_json(str(target)))
        assert "nothing was written" in messages()[-1][1]
        wait_task(qtbot, win.backup_database(str(target)))
        assert "nothing was written" in messages()[-1][1]
    con = sqlite3.connect(db)
    assert con.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    assert con.execute("SELECT name FROM campaign").fetchall() == [("Kept",)]
    con.close()
    assert not list((db.parent / "backups").iterdir())
