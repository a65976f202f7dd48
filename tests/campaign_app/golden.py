"""Golden records for the mutation tests (tests/.../test_mutants_*.py): an After the
Battle outcome as plain data, every line, change and record of it, compared with a JSON
file written once and checked by hand (GOLDEN=write rewrites the files after a
deliberate change: review the diff)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any


def roll_data(r: Any) -> Any:
    if r is None:
        return None
    return {**r.to_dict(), "fighter_id": r.fighter_id, "unit_id": r.unit_id, "extra": dict(r.extra)}


def records(rs: Any) -> list:
    return [{"fighter_id": r.fighter_id, "table_id": r.table_id, "roll": roll_data(r.roll), "result": r.result,
             "label": r.label, "applied": r.applied, "skipped": r.skipped} for r in rs]


def plain(out: Any) -> Any:
    """An Outcome (or an InjuryRun) as JSON-able data."""
    d: dict[str, Any] = {"steps": [{**s.to_dict(), "roll": roll_data(s.roll)} for s in out.steps],
                         "notes": list(out.notes)}
    if hasattr(out, "records"):
        d["records"] = records(out.records)
    else:
        d["changes"] = [[c.fighter_id, c.set, c.reason] for c in out.fighter_changes]
        d["new_fighters"] = [[n.roster_id, n.fields, n.reason] for n in out.new_fighters]
        d["unit_changes"] = [[getattr(c, "unit_id", None), getattr(c, "set", None), getattr(c, "reason", "")]
                             for c in out.unit_changes]
        d["injuries"] = records(out.injuries)
        d["rosters"] = [[c.roster_id, c.set, c.reason] for c in out.roster_changes]
        d["skills"] = [[s.fighter_id, s.name, s.source] for s in out.skills]
        d["removed_fighters"] = list(out.removed_fighters)
        d["removed_units"] = list(out.removed_units)
    return json.loads(json.dumps(d, default=str))


def check(path: Path, got: dict[str, Any]) -> None:
    got = json.loads(json.dumps(got, default=str))
    if os.environ.get("GOLDEN") == "write":
        path.write_text(json.dumps(got, indent=1, sort_keys=True, ensure_ascii=False) + "\n", "utf-8")
    want = json.loads(path.read_text("utf-8"))
    assert sorted(got) == sorted(want)
    for name in want:
        assert got[name] == want[name], name
