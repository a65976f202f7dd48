"""Migration 0021_result_rosters (#32), on SQLite and PostgreSQL: each battle result gets
the roster of its fighter or unit and of the fighter that caused it, filled from the
figures of a database written before; the downgrade takes the columns away again; the
standings count the same before and after."""

from __future__ import annotations

from sqlalchemy import create_engine, inspect

from campaign_app.usecases import campaigns, fighters, rosters
from campaign_app.usecases.battles import record_battle
from campaign_app.usecases.standings import league_standings
from campaign_app.usecases.units import add_unit
from db.migrate import HEAD_REVISION, open_database
from tests.db.test_migration_advance import _alembic, _rows


def _columns(url: str) -> set[str]:
    eng = create_engine(url)
    try:
        return {str(c["name"]) for c in inspect(eng).get_columns("battle_result")}
    finally:
        eng.dispose()


def _lines(engine: object, cid: int) -> list[tuple[str, int, int]]:
    return sorted((x["roster"], x["suffered"], x["caused"]) for x in league_standings(engine, cid)["standings"])


def test_results_are_given_their_figures_rosters_by_the_migration(db_url: str) -> None:
    engine = open_database(db_url)
    c = campaigns.create_campaign(engine, "Bocage", "necromunda")
    a, b = rosters.create_roster(engine, c.id, "Rats"), rosters.create_roster(engine, c.id, "Ghosts")
    a1 = fighters.add_fighter(engine, "Rats", "A1", fighter_type="leader").id
    b1 = fighters.add_fighter(engine, "Ghosts", "B1", fighter_type="leader").id
    b2 = fighters.add_fighter(engine, "Ghosts", "B2", fighter_type="ganger").id
    record_battle(engine, c.id, [a.id, b.id], winner=a.id, results={b1: "out-of-action", b2: "out-of-action"},
                  by={b1: a1})
    f = campaigns.create_campaign(engine, "Hedgerows", "fubar")
    x, y = rosters.create_roster(engine, f.id, "Paras"), rosters.create_roster(engine, f.id, "Grenadiers")
    ux, uy = add_unit(engine, x.id, "1st Section", 8).id, add_unit(engine, y.id, "Gruppe 1", 10).id
    record_battle(engine, f.id, [x.id, y.id], winner=x.id, casualties={ux: 2, uy: 5})
    want = {cid: _lines(engine, cid) for cid in (c.id, f.id)}
    assert want[c.id] == [("Ghosts", 2, 0), ("Rats", 0, 2)]
    engine.dispose()
    kept = "SELECT fighter_id, unit_id, roster_id, by_roster_id FROM battle_result ORDER BY id"
    written = _rows(db_url, kept)

    _alembic(db_url, "downgrade", "0020_standings_index")
    assert not {"roster_id", "by_roster_id"} & _columns(db_url)
    assert _rows(db_url, "SELECT count(*) FROM battle_result") == [(len(written),)]

    engine = open_database(db_url)  # upgraded again, as an old database is on open
    try:
        assert _rows(db_url, "SELECT version_num FROM alembic_version") == [(HEAD_REVISION,)]
        assert _rows(db_url, kept) == written  # the same as the app writes
        by_figure = {(fid, uid): (rid, by) for fid, uid, rid, by in written}
        assert by_figure[(b1, None)] == (b.id, a.id) and by_figure[(b2, None)] == (b.id, None)
        assert by_figure[(a1, None)] == (a.id, None)
        assert by_figure[(None, ux)] == (x.id, None) and by_figure[(None, uy)] == (y.id, None)
        assert {cid: _lines(engine, cid) for cid in (c.id, f.id)} == want
    finally:
        engine.dispose()
