"""A campaign's settings (``campaign settings``: dice discipline, typed dice, roster
rules) go into the campaign JSON and come back on import, by both import paths, as the
database holds them; a file with a setting the app does not know is refused with nothing
written. On SQLite and PostgreSQL."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import text

from campaign_app.usecases import campaigns
from campaign_app.usecases.datafiles import ImportRefused, export_json, import_json, write_json
from campaign_app.usecases.record import set_campaign_settings
from tests.conftest import snapshot


def settings(engine, cid: int) -> tuple:
    with engine.connect() as c:
        row = c.execute(text("SELECT dice_discipline, typed_dice, roster_rules FROM campaign WHERE id = :i"),
                        {"i": cid}).one()
    return row[0], bool(row[1]), row[2]


@pytest.mark.parametrize("streamed", [False, True])
def test_settings_round_trip(engine, tmp_path, streamed):
    c = campaigns.create_campaign(engine, "Underhive", "necromunda", edition="n23")
    set_campaign_settings(engine, c.id, dice_discipline="strict", typed_dice=False, roster_rules="loose")
    doc = export_json(engine, c.id)
    assert (doc["campaign"]["dice_discipline"], doc["campaign"]["typed_dice"],
            doc["campaign"]["roster_rules"]) == ("strict", False, "loose")
    path = tmp_path / "c.json"
    write_json(doc, path)
    res = import_json(engine, path, rename="Copy", streamed=streamed)
    assert settings(engine, res.id) == ("strict", False, "loose")
    # a file written before the settings were exported: the defaults
    for key in ("dice_discipline", "typed_dice", "roster_rules"):
        del doc["campaign"][key]
    write_json(doc, path)
    res = import_json(engine, path, rename="Old", streamed=streamed)
    assert settings(engine, res.id) == ("open", True, "checked")


@pytest.mark.parametrize("streamed", [False, True])
def test_an_unknown_setting_is_refused(engine, tmp_path, streamed):
    c = campaigns.create_campaign(engine, "Underhive", "necromunda", edition="n23")
    doc = json.loads(json.dumps(export_json(engine, c.id)))
    doc["campaign"]["roster_rules"] = "lax"
    path = tmp_path / "bad.json"
    write_json(doc, path)
    before = snapshot(engine)
    with pytest.raises(ImportRefused) as e:
        import_json(engine, path, rename="Copy", streamed=streamed)
    assert any("roster_rules" in p and "checked" in p for p in e.value.problems), e.value.problems
    assert snapshot(engine) == before
