"""#35: the league server's permission check inside the unit of work (db/acting.py),
reached through Campaigns.run_as with no HTTP at all: what a viewer, a player and the
arbitrator may write, refused in the same transaction with nothing written."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from sqlalchemy import update

from campaign_app.errors import NotFoundError, RefusedError
from campaign_app.facade import Campaigns
from campaign_app.usecases import (
    battles,
    campaigns,
    fighters,
    journal,
    league,
    manage,
    members,
    rosters,
)
from db import acting
from db.models import BattleRoster, Fighter
from db.uow import UnitOfWork
from tests.conftest import snapshot


@dataclass(frozen=True)
class Who:
    name: str
    role: str


ANN, BOB, VIC, CARLA = Who("ann", "player"), Who("bob", "player"), Who("vic", "viewer"), Who("carla", "arbitrator")


@pytest.fixture
def setup(engine: Any) -> tuple[Campaigns, int, int, int]:
    app = Campaigns(engine)
    c = app.run(campaigns.create_campaign, "Kursk", "nuts")
    easy = app.run(rosters.create_roster, c.id, "Easy")
    with app.engine.begin() as conn:  # owners named directly: no members needed below the server
        conn.exec_driver_sql(f"UPDATE roster SET owner = 'ann' WHERE id = {easy.id}")
    rock = app.run(fighters.add_fighter, easy.id, "Sgt Rock", rep=5)
    for name in ("bob", "carla"):  # league assign gives rosters to members
        app.run(members.add_member, name, "pw", "player")
    return app, c.id, easy.id, rock.id


def test_no_one_acting_checks_nothing(setup: Any) -> None:
    app, _c, _easy, rock = setup
    assert acting.current() is None
    app.run(fighters.edit_fighter, rock, xp=1)  # the desktop app, the CLI


def test_a_viewers_write_is_refused_inside_the_unit_of_work(setup: Any) -> None:
    app, c, _easy, rock = setup
    before = snapshot(app.engine)
    with pytest.raises(RefusedError, match="vic is a viewer"):
        app.run_as(VIC, fighters.edit_fighter, rock, xp=5)
    with pytest.raises(RefusedError):
        app.run_as(VIC, rosters.create_roster, c, "Mine")
    assert snapshot(app.engine) == before
    assert app.run_as(VIC, fighters.show_fighter, rock)["xp"] == 0  # reads are fine
    assert acting.current() is None  # set for the run only


def test_a_player_writes_their_own_roster_only(setup: Any) -> None:
    app, c, easy, rock = setup
    app.run_as(ANN, fighters.edit_fighter, rock, xp=2)
    before = snapshot(app.engine)
    with pytest.raises(RefusedError, match="belongs to ann, not to you \\(bob\\)"):
        app.run_as(BOB, fighters.edit_fighter, rock, xp=9)
    with pytest.raises(RefusedError, match="neither takes nor gives away"):
        app.run_as(ANN, league.assign_roster, easy, "carla")  # giving it away
    with pytest.raises(RefusedError, match="create or change a campaign"):
        app.run_as(ANN, campaigns.create_campaign, "Mine", "nuts")
    assert snapshot(app.engine) == before
    app.run_as(CARLA, league.assign_roster, easy, "bob")  # the arbitrator may
    app.run_as(BOB, fighters.edit_fighter, rock, xp=9)
    assert app.run(fighters.show_fighter, rock)["xp"] == 9


def test_undo_is_checked_on_the_rows_it_puts_back(setup: Any) -> None:
    app, c, easy, rock = setup
    app.run_as(ANN, fighters.edit_fighter, rock, xp=4)
    before = snapshot(app.engine)
    with pytest.raises(RefusedError, match="made by ann"):
        app.run_as(BOB, journal.undo, c)
    assert snapshot(app.engine) == before
    app.run_as(ANN, journal.undo, c)
    assert app.run(fighters.show_fighter, rock)["xp"] == 0
    app.run_as(ANN, journal.redo, c)
    assert app.run(fighters.show_fighter, rock)["xp"] == 4


def _core_write(engine: Any, fighter: int) -> None:
    """A use-case writing with a Core statement db.journal does not note."""
    with UnitOfWork(engine, "odd.write") as uow:
        uow.campaign_id = None
        uow.session.execute(update(Fighter).where(Fighter.id == fighter).values(xp=99))


def test_a_core_write_the_server_cannot_place_is_refused_for_a_player(setup: Any) -> None:
    app, _c, _easy, rock = setup
    with pytest.raises(RefusedError, match="cannot check"):
        app.run_as(ANN, _core_write, rock)
    assert app.run(fighters.show_fighter, rock)["xp"] == 0
    app.run_as(CARLA, _core_write, rock)
    assert app.run(fighters.show_fighter, rock)["xp"] == 99


def test_an_unknown_role_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown role"), acting.acting(acting.Actor("x", "admin")):
        pass


def test_a_player_removes_and_undoes_their_own_rows_that_go_away(setup: Any) -> None:
    """Rows this unit of work deletes (a fighter and its weapons, an undone roster or
    battle) are placed by what the written rows say of them."""
    app, c, easy, rock = setup
    app.run_as(ANN, fighters.edit_fighter, rock, add_weapons=["Rifle"])
    app.run_as(ANN, fighters.remove_fighter, rock)  # the fighter and its weapon go
    app.run_as(ANN, journal.undo, c)
    assert [e["name"] for e in app.run(fighters.show_fighter, rock)["equipment"]] == ["Rifle"]
    app.run_as(ANN, journal.redo, c)
    app.run_as(ANN, journal.undo, c)
    mine = app.run_as(ANN, rosters.create_roster, c, "Reserves")
    app.run_as(ANN, fighters.add_fighter, mine.id, "Pvt Ryan", rep=4, weapons=["Rifle"])
    app.run_as(ANN, journal.undo, c)  # the fighter and its weapon removed again
    app.run_as(ANN, journal.undo, c)  # the roster
    assert [r["name"] for r in app.run(campaigns.show_campaign, c)["rosters"]] == ["Easy"]


def test_a_player_undoes_their_battle_but_not_anothers(setup: Any) -> None:
    app, c, easy, rock = setup
    jerries = app.run_as(BOB, rosters.create_roster, c, "Jerries")
    app.run_as(BOB, fighters.add_fighter, jerries.id, "Hans", rep=4)
    b = app.run_as(ANN, battles.record_battle, c, [easy, jerries.id], winner=easy)
    with pytest.raises(RefusedError, match="made by ann"):
        app.run_as(BOB, journal.undo, c)
    app.run_as(ANN, journal.undo, c)
    with pytest.raises(NotFoundError):
        app.run(battles.show_battle, b.id)
    app.run_as(ANN, journal.redo, c)
    third = app.run_as(CARLA, rosters.create_roster, c, "Reserves")
    app.run_as(CARLA, fighters.add_fighter, third.id, "Fritz", rep=3)
    before = snapshot(app.engine)
    with pytest.raises(RefusedError, match="not fought by one of your rosters"):
        app.run_as(ANN, battles.record_battle, c, [jerries.id, third.id])
    assert snapshot(app.engine) == before


def _join_battle(engine: Any, battle: int, roster: int) -> None:
    """A use-case that adds a roster to a battle already recorded."""
    with UnitOfWork(engine, "battle.join") as uow:
        uow.session.add(BattleRoster(battle_id=battle, roster_id=roster))


def test_moving_a_fighter_counts_where_it_was_and_where_it_goes(setup: Any) -> None:
    app, c, easy, rock = setup
    jerries = app.run_as(BOB, rosters.create_roster, c, "Jerries")
    hans = app.run_as(BOB, fighters.add_fighter, jerries.id, "Hans", rep=4)
    before = snapshot(app.engine)
    with pytest.raises(RefusedError, match="belongs to bob, not to you \\(ann\\)"):
        app.run_as(ANN, manage.move_fighter, hans.id, easy)  # taking bob's fighter
    with pytest.raises(RefusedError, match="belongs to bob, not to you \\(ann\\)"):
        app.run_as(ANN, manage.move_fighter, rock, jerries.id)  # giving hers away
    assert snapshot(app.engine) == before
    mine = app.run_as(ANN, rosters.create_roster, c, "Reserves")
    app.run_as(ANN, manage.move_fighter, rock, mine.id)  # between her own rosters
    assert app.run(fighters.show_fighter, rock)["roster_id"] == mine.id


def test_a_player_does_not_join_someone_elses_battle(setup: Any) -> None:
    app, c, easy, _rock = setup
    jerries = app.run_as(BOB, rosters.create_roster, c, "Jerries")
    app.run_as(BOB, fighters.add_fighter, jerries.id, "Hans", rep=4)
    third = app.run_as(CARLA, rosters.create_roster, c, "Reserves")
    app.run_as(CARLA, fighters.add_fighter, third.id, "Fritz", rep=3)
    b = app.run_as(BOB, battles.record_battle, c, [jerries.id, third.id])
    before = snapshot(app.engine)
    with pytest.raises(RefusedError, match="not fought by one of your rosters"):
        app.run_as(ANN, _join_battle, b.id, easy)
    assert snapshot(app.engine) == before
    app.run_as(BOB, _join_battle, b.id, easy)  # bob fought it: he may (the check is on rows)
