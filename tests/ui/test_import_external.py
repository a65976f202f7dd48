"""The GUI's Yaktribe import finds its importer through the game-system registry: the
file dialog's filter is the importer's, the gang goes into the current campaign when
that campaign's system offers the importer, and what did not map is listed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sqlmodel import Session, select

from campaign_app.usecases import campaigns
from db.models import Roster
from tests.campaign_app.test_yaktribe import SAMPLE_DOC
from tests.ui.conftest import messages
from tests.ui.test_app import wait_task


def _rosters(engine: Any, campaign_id: int) -> list[str]:
    with Session(engine) as s:
        return list(s.exec(select(Roster.name).where(Roster.campaign_id == campaign_id)).all())


def test_yaktribe_import_goes_into_the_current_campaign(qtbot: Any, win: Any, gui_engine: Any,
                                                         tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setenv("CAMPAIGN_APP_BACKUP_DIR", str(tmp_path / "backups"))
    c = campaigns.create_campaign(gui_engine, "Underhive", "necromunda")
    campaigns.create_campaign(gui_engine, "Taikkuus' Campaign", "nuts")
    win.reload(prefer=("campaign", c.id))
    path = tmp_path / "gang.json"
    path.write_text(json.dumps(SAMPLE_DOC), encoding="utf-8")
    asked: list[tuple[str, str]] = []
    monkeypatch.setattr(win, "ask_open_path", lambda title, flt: asked.append((title, flt)) or str(path))
    offered: list[tuple[list[str], int]] = []
    monkeypatch.setattr(win, "ask_choice", lambda _t, _l, items, cur: offered.append((items, cur)) or cur)

    wait_task(qtbot, win.import_external("yaktribe"))
    assert asked == [("Import a Yaktribe gang", "Yaktribe JSON (*.json);;All files (*)")]
    # asked which campaign: the Necromunda ones (the open one chosen first) or a new one
    assert offered == [(["Underhive", "A new campaign (named as in the file)"], 0)]
    assert _rosters(gui_engine, c.id) == ["Max's Marauders"]
    title, text = messages()[-1]
    assert title == "Imported, with gaps"
    assert text.startswith("imported Max's Marauders (roster")  # the CLI's report, line by line
    assert "gangers[3] Gone: fighter type 'Mystery Thing' is not known; mapped to 'ganger'" in text


def test_yaktribe_import_asks_the_campaign_and_cancel_imports_nothing(
        qtbot: Any, win: Any, gui_engine: Any, tmp_path: Path, monkeypatch: Any, snap: Any) -> None:
    monkeypatch.setenv("CAMPAIGN_APP_BACKUP_DIR", str(tmp_path / "backups"))
    a = campaigns.create_campaign(gui_engine, "Underhive", "necromunda")
    b = campaigns.create_campaign(gui_engine, "Ash Wastes", "necromunda")
    win.reload(prefer=("campaign", b.id))
    path = tmp_path / "gang.json"
    path.write_text(json.dumps(SAMPLE_DOC), encoding="utf-8")
    before = snap(gui_engine)
    monkeypatch.setattr(win, "ask_choice", lambda *_a: None)
    assert win.import_external("yaktribe", str(path)) is None
    assert snap(gui_engine) == before
    monkeypatch.setattr(win, "ask_choice", lambda _t, _l, items, cur: items.index("Underhive"))
    wait_task(qtbot, win.import_external("yaktribe", str(path)))
    assert _rosters(gui_engine, a.id) == ["Max's Marauders"] and _rosters(gui_engine, b.id) == []


def test_a_file_without_fighters_is_refused_and_nothing_is_written(
        qtbot: Any, win: Any, gui_engine: Any, tmp_path: Path, monkeypatch: Any, snap: Any) -> None:
    monkeypatch.setenv("CAMPAIGN_APP_BACKUP_DIR", str(tmp_path / "backups"))
    win.reload()
    before = snap(gui_engine)
    for doc in ({"gang": {"gang_name": "Nobody", "gangers": []}}, {"gang": {"gang_name": "X"}},
                {"gang": {"gang_name": "Y", "gangers": [1, "two"]}}):
        path = tmp_path / "junk.json"
        path.write_text(json.dumps(doc), encoding="utf-8")
        wait_task(qtbot, win.import_external("yaktribe", str(path)))
        title, text = messages()[-1]
        assert "junk.json has no fighters to import" in text, (title, text)
        assert snap(gui_engine) == before
    assert not (tmp_path / "backups").exists()  # refused before the backup too


def test_yaktribe_import_without_a_campaign_of_its_system(qtbot: Any, win: Any, gui_engine: Any,
                                                           tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setenv("CAMPAIGN_APP_BACKUP_DIR", str(tmp_path / "backups"))
    other = campaigns.create_campaign(gui_engine, "Weird", "nuts")
    win.reload(prefer=("campaign", other.id))
    path = tmp_path / "gang.json"
    path.write_text(json.dumps(SAMPLE_DOC), encoding="utf-8")
    wait_task(qtbot, win.import_external("yaktribe", str(path)))
    # a NUTS campaign is not the importer's system: a new campaign named after the gang's
    names = {x["name"]: x["system"] for x in campaigns.list_campaigns(gui_engine)}
    assert names == {"Weird": "nuts", "Taikkuus' Campaign": "necromunda"}
    assert _rosters(gui_engine, other.id) == []
