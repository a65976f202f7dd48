"""The campaign JSON document's pydantic models: docs/json-format.md is generated from them
and committed up to date, every exported document is one of them (strictly, with the keys in
the models' order), and the import's checks allow exactly the models' fields."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, ValidationError

from campaign_app.usecases.datafiles import FORMAT, export_all, export_json, validate_document
from campaign_app.usecases.datafiles import schema as sch
from tests.campaign_app.data_builders import build_necromunda, build_nuts, build_squad

ROOT = Path(__file__).resolve().parents[2]


def test_committed_json_format_doc_is_generated_from_the_models():
    committed = (ROOT / "docs" / "json-format.md").read_text(encoding="utf-8")
    assert committed == sch.markdown(), (
        "docs/json-format.md is out of date: python -m campaign_app.usecases.datafiles --markdown "
        "> docs/json-format.md")


def test_the_generator_runs_as_a_module():
    out = subprocess.run([sys.executable, "-m", "campaign_app.usecases.datafiles", "--markdown"],
                         capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout == sch.markdown()
    assert out.stderr == ""
    bad = subprocess.run([sys.executable, "-m", "campaign_app.usecases.datafiles"],
                         capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert bad.returncode == 2 and "usage" in bad.stderr


def test_the_doc_shows_each_field_with_its_range_and_default():
    md = sch.markdown()
    assert "| `rep` | integer 1..6 or null | null |" in md
    assert "| `crew` | integer 0..100 | 3 |" in md
    assert "| `winner` | roster ref or null | null |" in md
    assert "| `number` | integer ≥ 1 | required |" in md
    for model, _title in sch._SECTIONS:
        for key in model.model_fields:
            assert f"| `{key}` |" in md


def _walk(model: type[BaseModel], doc: Any, path: str) -> None:
    """Every record's keys are the model's fields, in the model's order."""
    assert list(doc) == list(model.model_fields), path
    for key, info in model.model_fields.items():
        ann = info.annotation
        args = getattr(ann, "__args__", ())
        if args and isinstance(args[0], type) and issubclass(args[0], BaseModel):
            for i, item in enumerate(doc[key]):
                _walk(args[0], item, f"{path}.{key}[{i}]")
        elif isinstance(ann, type) and issubclass(ann, BaseModel):
            _walk(ann, doc[key], f"{path}.{key}")


def test_every_exported_document_is_the_models(sqlite_engine):
    ids = [build_necromunda(sqlite_engine), build_nuts(sqlite_engine), build_squad(sqlite_engine)]
    for cid in ids:
        doc = export_json(sqlite_engine, cid)
        assert doc["format"] == FORMAT
        sch.CampaignDocument.model_validate_json(json.dumps(doc))
        _walk(sch.CampaignDocument, doc, "document")
    backup = export_all(sqlite_engine)
    parsed = sch.BackupDocument.model_validate_json(json.dumps(backup))
    assert len(parsed.campaigns) == 3


def test_the_models_refuse_what_import_refuses(sqlite_engine):
    doc = export_json(sqlite_engine, build_necromunda(sqlite_engine))
    doc["rosters"][0]["fighters"][0]["xp"] = "3"
    with pytest.raises(ValidationError) as e:
        sch.CampaignDocument.model_validate_json(json.dumps(doc))
    assert e.value.errors()[0]["loc"] == ("rosters", 0, "fighters", 0, "xp")
    _plan, problems, _more = validate_document(doc)
    assert problems == ["rosters[0].fighters[0].xp: '3' is not a whole number"]


@pytest.mark.parametrize("model", [m for m, _t in sch._SECTIONS])
def test_import_allows_exactly_the_model_fields(sqlite_engine, model):
    doc = export_json(sqlite_engine, build_necromunda(sqlite_engine))
    fighter = doc["rosters"][0]["fighters"][0]

    def added(where: list[Any], record: dict[str, Any]) -> dict[str, Any]:
        where.append(record)
        return record

    records = {
        sch.CampaignInfo: lambda: doc["campaign"],
        sch.WalkerType: lambda: added(doc["walker_types"], {"ref": "wx", "name": "Walker X"}),
        sch.Roster: lambda: doc["rosters"][0],
        sch.Fighter: lambda: fighter,
        sch.Equipment: lambda: fighter["equipment"][0],
        sch.Skill: lambda: added(fighter["skills"], {"name": "Nerves of Steel"}),
        sch.Injury: lambda: added(fighter["injuries"], {"table": "t", "roll": 11, "result": "r"}),
        sch.Unit: lambda: added(doc["rosters"][0]["units"], {"ref": "ux", "name": "Squad X"}),
        sch.Battle: lambda: doc["battles"][0],
        sch.BattleRoster: lambda: doc["battles"][0]["rosters"][0],
        sch.BattleResult: lambda: doc["battles"][0]["results"][0],
        sch.BattleMark: lambda: added(doc["battles"][0]["marks"], {"kind": "hit", "value": "hit"}),
        sch.Roll: lambda: doc["rolls"][0],
        # gear helper
        sch.StashEntry: lambda: added(doc["rosters"][0]["stash"], {"name": "Rope"}),
        sch.LedgerLine: lambda: added(doc["rosters"][0]["ledger"], {"amount": 5, "balance": 5}),
        sch.TerritoryDoc: lambda: added(doc["rosters"][0]["territories"], {"name": "Old Mine"}),
        sch.ContentPackDoc: lambda: added(doc["content_packs"], {"name": "Pack", "items": {}}),
        # counters helper
        sch.CounterDoc: lambda: added(doc["campaign"]["counters"], {"name": "Terror Level", "max": 10}),
    }
    if model is sch.RecordDoc:  # records helper: Necromunda keeps none
        pytest.skip("a system that keeps records: tests/campaign_app/test_records.py")
    rec = records[model]()
    assert validate_document(doc)[1] == []
    rec["no_such_field"] = 1
    _plan, problems, _more = validate_document(doc)
    assert len(problems) == 1 and problems[0].endswith("no_such_field: unknown field"), problems
