"""A preview's roll records are committed without waiting for the server's disk
(``UnitOfWork(durable=False)``), on PostgreSQL only for that transaction; every other
unit of work waits. On SQLite (WAL, ``synchronous=NORMAL``) nothing changes."""

from __future__ import annotations

from sqlalchemy import text
from sqlalchemy.engine import Engine

from campaign_app.dice import Roller
from campaign_app.usecases import roll_log
from campaign_app.usecases.campaigns import create_campaign
from campaign_app.usecases.record import abandon_rolls, record_preview
from db.uow import UnitOfWork


def _setting(uow: UnitOfWork) -> str | None:
    if uow.engine.dialect.name != "postgresql":
        return None
    return str(uow.session.execute(text("SELECT current_setting('synchronous_commit')")).scalar())


def _campaign(engine: Engine) -> int:
    return int(create_campaign(engine, "Durable", "nuts").id)


def test_a_non_durable_unit_of_work_does_not_wait_and_only_for_itself(engine: Engine) -> None:
    cid = _campaign(engine)
    pg = engine.dialect.name == "postgresql"
    seen = []
    with UnitOfWork(engine, "preview", campaign_id=cid, journaled=False, durable=False) as uow:
        uow.record_rolls([Roller.from_options(seed=3).roll("2d6", "test")], mark="preview")
        seen.append(_setting(uow))
    with UnitOfWork(engine, "preview", campaign_id=cid, journaled=False, durable=False) as uow:
        uow.session.execute(text("SELECT 1"))  # no roll (no chain lock): told at commit
    with UnitOfWork(engine, "edit", campaign_id=cid) as uow:
        uow.record_rolls([Roller.from_options(seed=4).roll("2d6", "test")])
        seen.append(_setting(uow))
    assert seen == (["off", "on"] if pg else [None, None])
    log = roll_log(engine, cid)
    assert sorted(r["mark"] for r in log) == ["applied", "preview"]


def test_previews_and_abandons_are_on_record_as_before(engine: Engine) -> None:
    cid = _campaign(engine)
    rolls = [Roller.from_options(seed=5).roll("1d6", "test") for _ in range(3)]
    ids = [i for r in rolls for i in record_preview(engine, cid, [r]).ids]
    assert len(ids) == 3
    abandon_rolls(engine, ids[:1])
    marks = {r["id"]: r["mark"] for r in roll_log(engine, cid)}
    assert [marks[i] for i in ids] == ["abandoned", "preview", "preview"]
