"""Tests that kill mutants of the import checks (campaign_app/usecases/datafiles:
validate.py, schema.py, limits.py, importing.py, streamed.py) that survived the mutation
run (tools/mutation, group `imports`). Each refused import is checked to write nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest

from campaign_app.usecases.datafiles import ImportRefused, export_json, import_json
from tests.campaign_app.data_builders import build_necromunda
from tests.conftest import snapshot


@pytest.fixture
def necro(sqlite_engine):
    build_necromunda(sqlite_engine)
    return sqlite_engine, export_json(sqlite_engine, "Hive War")


def copy(doc: Any) -> Any:
    return json.loads(json.dumps(doc))


@pytest.mark.parametrize("streamed", [False, True])
def test_a_fighter_ref_used_in_two_rosters_is_refused(necro, tmp_path, streamed):
    """Each roster's fighters have distinct refs, but one ref is in two rosters' lists:
    the check across lists refuses it, and nothing is written."""
    engine, doc = necro
    bad = copy(doc)
    assert len(bad["rosters"]) >= 2
    first = bad["rosters"][0]["fighters"][0]["ref"]
    last = bad["rosters"][-1]["fighters"]
    assert first not in {f["ref"] for f in last}
    last[-1]["ref"] = first
    before = snapshot(engine)
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(bad), "utf-8")
    with pytest.raises(ImportRefused, match=rf"fighters\[\d+\]\.ref: '{first}' is already used by "
                                            r"rosters\[0\]\.fighters\[0\]"):
        import_json(engine, p, rename="Copy", backup=False, streamed=streamed)
    assert snapshot(engine) == before
    # the same document with distinct refs imports
    import_json(engine, doc, rename="Copy", backup=False)
    assert snapshot(engine) != before
