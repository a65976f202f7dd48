"""#35 item 2 (the old league): a direct PostgreSQL league moves to the league server.
``league adopt-players`` makes every player and arbitrator role a member of the same
name and role (their rosters' ``owner`` already names them: nothing moves), each with a
starting password shown once; ``league close-direct`` takes the roles' LOGIN away, so
a player can no longer reach the tables with ``psql``; the server's own login stays.
On the real server only (CAMPAIGN_APP_TEST_PG; the league fixture of test_league)."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.exc import OperationalError

from campaign_app.cli import main
from campaign_app.errors import InputError, RefusedError
from campaign_app.usecases import members
from campaign_app.usecases.league import adopt_players, close_direct
from tests.conftest import snapshot
from tests.db import test_league
from tests.db.test_league import League

league = test_league.league  # the fixtures: a league of three roles (two players, an arbitrator)
gangs = test_league.gangs


@pytest.fixture(autouse=True)
def _cheap_argon2(monkeypatch: pytest.MonkeyPatch) -> None:
    from argon2 import PasswordHasher

    cheap = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
    monkeypatch.setattr(members, "_hasher", lambda: cheap)


def _can_login(lg: League, role: str) -> bool:
    eng = create_engine(lg.url(role).replace("postgresql://", "postgresql+psycopg://", 1))
    try:
        with eng.connect() as c:
            c.execute(text("SELECT 1"))
        return True
    except OperationalError as e:
        assert "not permitted to log in" in str(e)
        return False
    finally:
        eng.dispose()


def _without_members(rows: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in rows.items() if k not in ("member", "member_session")}


def test_roles_become_members_with_their_rosters_and_role(league: League, gangs: dict[str, int]) -> None:
    before = snapshot(league.admin)
    d = adopt_players(league.admin)
    assert d.adopted == 3
    got = {m["name"]: m for m in d.members}
    assert {n: (m["role"], sorted(r["name"] for r in m["rosters"])) for n, m in got.items()} == {
        league.a: ("player", ["Rats"]), league.b: ("player", ["Ghosts", "Moles"]), league.arb: ("arbitrator", [])}
    # in the database: the three members, with those roles; the game's rows untouched
    after = snapshot(league.admin)
    assert _without_members(after) == _without_members(before)
    rows = members.members(league.admin)
    assert {(m["name"], m["role"], m["disabled"]) for m in rows} == {
        (league.a, "player", False), (league.b, "player", False), (league.arb, "arbitrator", False)}
    assert {m["name"]: sorted(r["name"] for r in m["rosters"]) for m in rows}[league.b] == ["Ghosts", "Moles"]
    # each logs in with the password shown, which is kept only as an argon2id hash
    passwords = {n: m["password"] for n, m in got.items()}
    assert len(set(passwords.values())) == 3 and all(p and len(p) >= 16 for p in passwords.values())
    for name, pw in passwords.items():
        assert members.login(league.admin, name, pw).name == name
        assert pw not in str(after["member"])
    assert all(str(r).count("$argon2id$") == 1 for r in after["member"])
    # again: nobody new, nothing written
    before = snapshot(league.admin)
    again = adopt_players(league.admin)
    assert again.adopted == 0 and all(not m["adopted"] and m["password"] is None for m in again.members)
    assert snapshot(league.admin) == before


def test_adopted_disabled_show_no_password_and_cannot_log_in(league: League, gangs: dict[str, int]) -> None:
    d = adopt_players(league.admin, disabled=True)
    assert d.adopted == 3 and all(m["password"] is None for m in d.members)
    assert all(m["disabled"] for m in members.members(league.admin))
    members.set_member(league.admin, league.a, password="chosen at the desk", disabled=False)
    assert members.login(league.admin, league.a, "chosen at the desk").role == "player"


def test_close_direct_takes_the_players_login_away(league: League, gangs: dict[str, int]) -> None:
    assert _can_login(league, league.a) and _can_login(league, league.arb)
    held = league.engine(league.b)  # bob is connected while the league closes
    c = held.connect()
    c.execute(text("SELECT 1"))
    before = snapshot(league.admin)
    d = close_direct(league.admin)
    assert sorted(d.closed) == sorted([league.a, league.b, league.arb]) and d.already_closed == []
    assert d.connections_ended == 1
    with pytest.raises(OperationalError, match="terminating connection"):  # bob's connection was ended
        c.execute(text("SELECT 1"))
    c.invalidate()
    held.dispose()
    assert snapshot(league.admin) == before  # the data is the same: only the roles changed
    for role in (league.a, league.b, league.arb):
        assert not _can_login(league, role)
    with league.admin.connect() as c:  # the server's own login stays
        assert c.execute(text("SELECT rolcanlogin FROM pg_roles WHERE rolname = current_user")).scalar()
    again = close_direct(league.admin)
    assert again.closed == [] and sorted(again.already_closed) == sorted([league.a, league.b, league.arb])


def test_only_the_owner_closes_the_direct_league(league: League, gangs: dict[str, int]) -> None:
    ea = league.engine(league.a)
    try:
        with pytest.raises(RefusedError, match="league close-direct needs .*CREATEROLE"):
            close_direct(ea)
    finally:
        ea.dispose()
    assert _can_login(league, league.b)


def test_cli_adopt_players_close_direct(league: League, gangs: dict[str, int], capsys: Any) -> None:
    assert main(["--db", league.admin_url, "league", "adopt-players", "--close-direct"]) == 0
    out = capsys.readouterr().out
    assert "starting password" in out and "shown only now" in out and "direct login closed for " in out
    rows = members.members(league.admin)
    assert sorted(m["name"] for m in rows) == sorted([league.a, league.b, league.arb])
    assert not _can_login(league, league.a)
    buf = io.StringIO()
    with redirect_stdout(buf):
        assert main(["--db", league.admin_url, "--json", "league", "adopt-players"]) == 0
    again = json.loads(buf.getvalue())
    assert again["adopted"] == 0 and again["closed"] is None


def test_adopt_players_on_sqlite_is_a_one_line_error(tmp_path: Any, capsys: Any) -> None:
    assert main(["--db", str(tmp_path / "x.sqlite"), "league", "adopt-players"]) == 2
    assert capsys.readouterr().err.strip() == ("error: league mode needs a PostgreSQL server "
                                                "(give --db postgresql://USER@HOST/DATABASE)")
    assert main(["--db", str(tmp_path / "x.sqlite"), "league", "close-direct"]) == 2
    with pytest.raises(InputError):
        close_direct(create_engine(f"sqlite:///{tmp_path / 'y.sqlite'}"))


def test_a_role_name_no_member_may_have_adopts_nobody(league: League, gangs: dict[str, int]) -> None:
    from campaign_app.usecases.league import add_player

    odd = f"eve\u202e{league.a[-6:]}"  # a bidi control: shown reversed in the window and in PDFs
    league.roles.append(odd)
    add_player(league.admin, odd, "pw")
    before = snapshot(league.admin)
    with pytest.raises(InputError, match="the role name .* (bidi|direction|control)"):
        adopt_players(league.admin)
    assert snapshot(league.admin) == before  # all or none: not even the good names were added
