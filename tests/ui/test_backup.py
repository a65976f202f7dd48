"""Back up and restore from the File menu: off the GUI thread, a restore asks first
(naming what it replaces), then the window reopens the restored database; a refused
file or a cancelled question leaves the database as it was."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QMessageBox

from campaign_app.usecases import campaigns, rosters
from tests.ui.conftest import messages


def wait_task(qtbot: Any, task: Any) -> None:
    if task.running:
        with qtbot.waitSignal(task.ended, timeout=60000):
            pass


def names(engine: Any) -> list[str]:
    return sorted(c["name"] for c in campaigns.list_campaigns(engine))


def test_file_menu_has_backup_and_restore(win: Any) -> None:
    file_menu = next(a.menu() for a in win.menuBar().actions() if a.text() == "&File")
    got = {a.objectName() for a in file_menu.actions()}
    assert {"action_backup", "action_restore"} <= got
    assert win.actions["backup"].isEnabled() and win.actions["restore"].isEnabled()


def test_backup_then_restore_replaces_the_database_and_reopens_it(
        qtbot: Any, win: Any, gui_engine: Any, tmp_path: Path) -> None:
    campaigns.create_campaign(gui_engine, "Kept", "nuts")
    win.reload()
    out = tmp_path / "saved.sqlite"
    wait_task(qtbot, win.backup_database(str(out)))
    assert out.exists() and out.read_bytes().startswith(b"SQLite format 3")
    assert f"Backup written to {out}" in win.notice_text()
    campaigns.create_campaign(gui_engine, "Added later", "fubar")
    win.reload()
    assert names(gui_engine) == ["Added later", "Kept"]

    box = win.restore_database(str(out))
    title, text = messages()[-1]
    assert title == "Restore from backup" and str(out) in text.replace("\u200b", "")  # breakable after each /
    assert "(2 campaigns: Added later, Kept)" in text
    assert str(gui_engine.url.database) in text.replace("\u200b", "")
    assert not win.tasks  # nothing happens before the answer
    box.yes_button.click()
    assert win.tasks
    wait_task(qtbot, win.tasks[-1])
    assert win.app.engine is not gui_engine  # reopened
    assert names(win.app.engine) == ["Kept"]
    assert [win.tree.topLevelItem(i).text(0) for i in range(win.tree.topLevelItemCount())] == ["Kept"]
    title, text = messages()[-1]
    assert title == "Restored" and "Restored 1 campaign " in text and "previous database was saved" in text
    saved = text.rsplit("saved to ", 1)[1].strip()
    assert Path(saved).exists()  # the replaced database was kept
    win.app.dispose()


def test_cancelling_the_restore_question_changes_nothing(
        qtbot: Any, win: Any, gui_engine: Any, tmp_path: Path, snap: Any) -> None:
    campaigns.create_campaign(gui_engine, "Kept", "nuts")
    win.reload()
    out = tmp_path / "saved.sqlite"
    wait_task(qtbot, win.backup_database(str(out)))
    campaigns.create_campaign(gui_engine, "Stays", "fubar")
    win.reload()
    before = snap(gui_engine)
    box = win.restore_database(str(out))
    box.button(QMessageBox.StandardButton.Cancel).click()
    assert not win.tasks
    assert snap(gui_engine) == before and win.app.engine is gui_engine


def test_a_file_that_is_no_backup_is_refused_and_nothing_changes(
        qtbot: Any, win: Any, gui_engine: Any, tmp_path: Path, snap: Any) -> None:
    campaigns.create_campaign(gui_engine, "Kept", "nuts")
    win.reload()
    junk = tmp_path / "junk.sqlite"
    junk.write_text("not a database at all")
    before = snap(gui_engine)
    win.restore_database(str(junk)).yes_button.click()
    wait_task(qtbot, win.tasks[-1])
    title, text = messages()[-1]
    assert title == "Cannot restore" and "neither a SQLite campaign database nor a JSON backup" in text
    assert snap(gui_engine) == before and names(gui_engine) == ["Kept"]
    assert win.tree.topLevelItemCount() == 1


def test_a_backup_to_a_missing_folder_is_a_message(qtbot: Any, win: Any, gui_engine: Any,
                                                   tmp_path: Path) -> None:
    campaigns.create_campaign(gui_engine, "Kept", "nuts")
    win.reload()
    dest = tmp_path / "no-such-folder" / "b.sqlite"
    wait_task(qtbot, win.backup_database(str(dest)))
    title, text = messages()[-1]
    assert title == "Back up" and "does not exist" in text
    assert not dest.parent.exists()


def test_restore_keeps_the_roster_the_user_was_on(qtbot: Any, win: Any, gui_engine: Any,
                                                  tmp_path: Path) -> None:
    campaigns.create_campaign(gui_engine, "First", "nuts")
    c2 = campaigns.create_campaign(gui_engine, "Second", "nuts")
    r = rosters.create_roster(gui_engine, c2.id, "Bravo")
    win.reload(prefer=("roster", r.id))
    out = tmp_path / "saved.sqlite"
    wait_task(qtbot, win.backup_database(str(out)))
    box = win.restore_database(str(out))
    box.yes_button.click()
    wait_task(qtbot, win.tasks[-1])
    assert (win.campaign["name"], win.roster_id) == ("Second", r.id)
    win.app.dispose()
