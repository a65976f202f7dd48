"""#28: one object per open database (:class:`campaign_app.facade.Campaigns`) through
which the window reaches every use-case. The window holds it and never an engine; every
use-case's result is plain data pydantic turns into JSON and back unchanged (what a
league server will send), except the few named below that only make sense in-process."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from pathlib import Path
from typing import Any

import pytest

import campaign_app.systems
import campaign_app.usecases
from campaign_app.facade import Campaigns, result_adapter, takes_database, use_case_name
from campaign_app.usecases import (
    battles,
    campaigns,
    fighters,
    gear,
    gui_queries,
    journal,
    rosters,
    standings,
)

ROOT = Path(__file__).resolve().parents[2]

# use-cases whose result stays in the process that made it, and why
LOCAL_ONLY = {
    "campaign_app.usecases.battles:start_after_battle": "the plan holds the game's procedure (code)",
    "campaign_app.usecases.database:reopen": "an open database",
    "campaign_app.usecases.live:watch": "a listening connection",
    "campaign_app.usecases.table_rolls:procedure_for": "a procedure (code)",
}


def _use_cases() -> list[Any]:
    found = []
    for pkg in (campaign_app.usecases, campaign_app.systems):
        for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + "."):
            if m.name.endswith("__main__"):
                continue
            mod = importlib.import_module(m.name)
            for name, fn in list(vars(mod).items()):
                if (not name.startswith("_") and inspect.isfunction(fn) and fn.__module__ == mod.__name__
                        and takes_database(fn)):
                    found.append(fn)
    return found


USE_CASES = _use_cases()


def test_no_file_of_the_window_names_an_engine_or_imports_db() -> None:
    offenders = []
    for path in sorted((ROOT / "ui").rglob("*.py")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"\bengine\b", line, re.IGNORECASE) or re.match(r"\s*(from|import) (db|sqlalchemy)\b", line):
                offenders.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert offenders == []


def test_there_are_use_cases_and_every_one_says_what_it_returns() -> None:
    assert len(USE_CASES) > 120
    names = {use_case_name(f) for f in USE_CASES}
    assert {"campaign_app.usecases.fighters:add_fighter", "campaign_app.usecases.gui_queries.roster_table:roster_rows",
            "campaign_app.usecases.battles:after_battle"} <= names
    assert set(LOCAL_ONLY) <= names  # the list names real use-cases
    missing = [use_case_name(f) for f in USE_CASES if "return" not in inspect.get_annotations(f)]
    assert missing == []


@pytest.mark.parametrize("fn", USE_CASES, ids=use_case_name)
def test_each_result_has_a_json_shape(fn: Any) -> None:
    """Every use-case's declared result has a JSON schema (a server's API is generated
    from them), but for the in-process ones."""
    if use_case_name(fn) in LOCAL_ONLY:
        with pytest.raises(Exception):  # noqa: B017,PT011 (it is local because pydantic cannot say it)
            result_adapter(fn).json_schema()
        return
    schema = result_adapter(fn).json_schema()
    assert isinstance(schema, dict) and schema


def _round_trip(fn: Any, result: Any) -> None:
    adapter = result_adapter(fn)
    again = adapter.validate_json(adapter.dump_json(result))
    assert again == result, use_case_name(fn)


def test_results_go_to_json_and_back_unchanged(engine: Any) -> None:
    """Real results of the window's everyday calls, through the facade: each, turned
    into JSON and read back by its declared type, is equal to what the use-case
    returned (change sets, nested typed dicts, dates, None)."""
    app = Campaigns(engine)
    c = app.run(campaigns.create_campaign, "Kursk", "nuts", None, ["weird-ww2"])
    _round_trip(campaigns.create_campaign, c)
    assert app.run(campaigns.show_campaign, c.id)["name"] == "Kursk"  # the database got it
    r = app.run(rosters.create_roster, c.id, "Easy", player="Ann")
    _round_trip(rosters.create_roster, r)
    f = app.run(fighters.add_fighter, r.id, "Sgt Rock", rep=5, weapons=["Rifle"])
    _round_trip(fighters.add_fighter, f)
    g = app.run(fighters.add_fighter, r.id, "Pvt Ryan", rep=4)
    other = app.run(rosters.create_roster, c.id, "Jerries")
    h = app.run(fighters.add_fighter, other.id, "Hans", rep=4)
    for fn, res in ((rosters.show_roster, app.run(rosters.show_roster, r.id)),
                    (gui_queries.campaign_tree, app.run(gui_queries.campaign_tree)),
                    (gui_queries.roster_rows, app.run(gui_queries.roster_rows, roster=r.id)),
                    (gui_queries.fighter_detail, app.run(gui_queries.fighter_detail, f.id)),
                    (gui_queries.roster_detail, app.run(gui_queries.roster_detail, r.id)),
                    (gear.roster_worth, app.run(gear.roster_worth, r.id))):
        _round_trip(fn, res)
    b = app.run(battles.record_battle, c.id, [r.id, other.id],
                results={g.id: "out-of-the-fight", h.id: "obviously-dead"}, winner=r.id)
    _round_trip(battles.record_battle, b)
    report = app.run(battles.after_battle, b.id, seed=7)
    _round_trip(battles.after_battle, report)
    _round_trip(gui_queries.roll_log_page, app.run(gui_queries.roll_log_page, c.id))
    _round_trip(standings.league_standings, app.run(standings.league_standings, c.id))
    undone = app.run(journal.undo, c.id)
    _round_trip(journal.undo, undone)
    assert undone.changes  # a change set survives the trip too (checked above by equality)


def test_the_facade_runs_the_use_case_on_its_own_database(engine: Any) -> None:
    app = Campaigns(engine)
    assert app.backend == engine.dialect.name
    assert (app.sqlite_file is not None) == (engine.dialect.name == "sqlite")
    c = app.run(campaigns.create_campaign, "Kursk", "nuts")
    assert campaigns.show_campaign(engine, c.id)["name"] == "Kursk"  # written where the facade points
    again = app.reopened()
    assert again.run(campaigns.show_campaign, c.id)["name"] == "Kursk" and not again.same_database(app)
    again.dispose()
