"""League mode (issue #15 item 3): PostgreSQL's grants and row-level security, not the
app, decide who changes what. On the real server (CAMPAIGN_APP_TEST_PG; skipped without
it): two players and an arbitrator, each a login role of their own (random names,
dropped at teardown even when a test fails), each connecting as themselves, through
the app and through raw SQL with ``psql``."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import uuid
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import DBAPIError

from campaign_app.cli import main
from campaign_app.errors import InputError, RefusedError
from campaign_app.usecases import (
    add_fighter,
    create_campaign,
    create_roster,
    edit_fighter,
    show_fighter,
    undo,
)
from campaign_app.usecases.battles import after_battle, record_battle
from campaign_app.usecases.league import (
    add_player,
    assign_roster,
    init_league,
    name_arbitrator,
    players,
)
from db.migrate import open_database
from tests.conftest import pg_admin_url, snapshot

STATS = {"M": "5", "WS": "3+", "BS": "3+", "S": "3", "T": "3", "W": "1", "I": "4+", "A": "1", "Ld": "7+",
         "Cl": "7+", "Wil": "7+", "Int": "7+"}


def test_league_on_sqlite_is_a_one_line_error(tmp_path, capsys):
    path = tmp_path / "solo.sqlite"
    assert main(["--db", str(path), "league", "init"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == "error: league mode needs a PostgreSQL server (give --db postgresql://USER@HOST/DATABASE)"
    assert not path.exists()  # nothing was made


@dataclass
class League:
    admin_url: str
    admin: Engine
    roles: list[str]  # every role made for the test (dropped at the end)
    a: str
    b: str
    arb: str
    password: str

    def url(self, role: str) -> str:
        return make_url(self.admin_url).set(username=role, password=self.password).render_as_string(
            hide_password=False)

    def engine(self, role: str) -> Engine:
        return open_database(self.url(role))


@pytest.fixture
def league() -> Iterator[League]:
    admin = pg_admin_url()
    if not admin:
        pytest.skip("no PostgreSQL server: set CAMPAIGN_APP_TEST_PG (.ci/run does)")
    tag = uuid.uuid4().hex[:10]
    name = f"lg_{tag}"
    server = create_engine(make_url(admin).set(drivername="postgresql+psycopg"), isolation_level="AUTOCOMMIT")
    with server.connect() as c:
        c.execute(text(f'CREATE DATABASE "{name}"'))
    url = make_url(admin).set(database=name).render_as_string(hide_password=False)
    lg = League(url, open_database(url), [], f"alice_{tag}", f"bob_{tag}", f"arb_{tag}", f"pw {tag} ünï")
    try:
        ready = init_league(lg.admin)
        lg.roles += [ready.league_role, ready.player_role, ready.arbitrator_role]
        for role in (lg.a, lg.b, lg.arb):
            lg.roles.append(role)
            add_player(lg.admin, role, lg.password)
        name_arbitrator(lg.admin, lg.arb)
        yield lg
    finally:
        lg.admin.dispose()
        with server.connect() as c:
            c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            for role in reversed(lg.roles):
                c.execute(text(f'DROP ROLE IF EXISTS "{role}"'))
        server.dispose()


@pytest.fixture
def gangs(league: League) -> dict[str, int]:
    """Two campaigns' worth of gangs: Rats (A's), Ghosts and Moles (B's), each with fighters."""
    e = league.admin
    create_campaign(e, "Hive", "necromunda", edition="n23")
    ids: dict[str, int] = {}
    for gang, faction, owner in (("Rats", "Orlock", league.a), ("Ghosts", "Cawdor", league.b),
                                 ("Moles", "Goliath", league.b)):
        ids[gang] = int(create_roster(e, "Hive", gang, faction=faction, credits=150).id)
        assign_roster(e, gang, owner)
        for ftype in ("leader", "ganger"):
            ids[f"{gang} {ftype}"] = int(add_fighter(e, gang, f"{gang} {ftype}", fighter_type=ftype,
                                                     stats=STATS, weapons=["Stub gun"]).id)
    return ids


def _row(engine: Engine, sql: str, **params: object) -> tuple:
    with engine.connect() as c:
        return tuple(c.execute(text(sql), params).one())


def test_init_is_idempotent_and_only_the_owner_may_run_it(league: League, gangs):
    again = init_league(league.admin)  # a second run changes nothing and fails on nothing
    assert again.player_role in league.roles
    ea = league.engine(league.a)
    try:
        with pytest.raises(RefusedError, match=f"league init needs .*CREATEROLE.*{league.a} is not"):
            init_league(ea)
        with pytest.raises(RefusedError, match="league add-player needs .*CREATEROLE"):
            add_player(ea, f"x_{uuid.uuid4().hex[:8]}", "pw")
        before = snapshot(league.admin)
        with pytest.raises(RefusedError, match=f"the roster 'Ghosts' belongs to {league.b}, not to you"):
            assign_roster(ea, "Ghosts", league.a)  # stealing B's roster
        with pytest.raises(RefusedError, match="only the arbitrator gives a roster to a player"):
            assign_roster(ea, "Rats", league.b)  # giving one's own away
        assert snapshot(league.admin) == before
    finally:
        ea.dispose()
    listed = {p["name"]: p for p in players(league.admin)}
    assert listed[league.arb]["arbitrator"] and not listed[league.a]["arbitrator"]
    assert [r["name"] for r in listed[league.b]["rosters"]] == ["Ghosts", "Moles"]
    assert [r["name"] for r in listed[league.a]["rosters"]] == ["Rats"]


def test_a_player_changes_own_fighters_and_is_refused_on_anothers(league: League, gangs):
    ea = league.engine(league.a)
    try:
        edit_fighter(ea, gangs["Rats ganger"], xp=3, add_weapons=["Autopistol"])
        assert show_fighter(league.admin, gangs["Rats ganger"])["xp"] == 3
        before = snapshot(league.admin)
        for change in (lambda: edit_fighter(ea, gangs["Ghosts ganger"], xp=9),  # a versioned UPDATE
                       lambda: edit_fighter(ea, gangs["Ghosts ganger"], add_weapons=["Lasgun"]),  # INSERT
                       lambda: add_fighter(ea, "Ghosts", "Spy", fighter_type="ganger", stats=STATS)):
            with pytest.raises(RefusedError) as err:
                change()
            msg = str(err.value)
            assert "\n" not in msg
            assert msg == (f"refused by the league database: the roster 'Ghosts' belongs to {league.b}, "
                           f"not to you ({league.a}); nothing was saved")
        assert snapshot(league.admin) == before  # nothing written, B's rows unchanged
        # a new roster is the player's own (the database fills in the owner)
        create_roster(ea, "Hive", "Rats II", faction="Orlock")
        assert _row(league.admin, "SELECT owner FROM roster WHERE name = 'Rats II'") == (league.a,)
    finally:
        ea.dispose()


def test_the_cli_says_the_refusal_in_one_line(league: League, gangs, capsys):
    rc = main(["--db", league.url(league.a), "fighter", "edit", str(gangs["Ghosts leader"]), "--xp", "5"])
    assert rc != 0
    err = capsys.readouterr().err.strip()
    assert err == (f"error: refused by the league database: the roster 'Ghosts' belongs to {league.b}, "
                   f"not to you ({league.a}); nothing was saved")


def _psql(league: League, role: str, sql: str) -> subprocess.CompletedProcess[str]:
    exe = shutil.which("psql")
    if exe is None:
        pytest.skip("the psql client is not installed")
    env = dict(os.environ, PGPASSWORD=league.password)
    u = make_url(league.admin_url)
    return subprocess.run([exe, "-X", "-v", "ON_ERROR_STOP=1", "-h", u.host or "127.0.0.1",
                           "-p", str(u.port or 5432), "-U", role, "-d", u.database or "", "-c", sql],
                          capture_output=True, text=True, env=env, timeout=60)


def test_raw_sql_through_psql_is_refused_by_the_database(league: League, gangs):
    with league.admin.begin() as c:  # a roll on record
        c.execute(text("INSERT INTO roll_record (campaign_id, created_at, purpose, rule, dice, faces, source, "
                       "value, table_id, row, result, label, subject) SELECT id, now(), 'test', '', 'd6', '4', "
                       "'random', 4, '', '', '', '', '' FROM campaign"))
    before = snapshot(league.admin)
    upd = _psql(league, league.a, f"UPDATE fighter SET xp = 99 WHERE id = {gangs['Ghosts ganger']}")
    assert upd.returncode == 0 and upd.stdout.strip() == "UPDATE 0", upd  # invisible to A's UPDATE
    upd = _psql(league, league.a, f"UPDATE fighter SET roster_id = {gangs['Rats']} WHERE id = {gangs['Ghosts ganger']}")
    assert upd.stdout.strip() == "UPDATE 0", upd  # nor can A take B's fighter over
    dele = _psql(league, league.a, f"DELETE FROM fighter WHERE roster_id = {gangs['Ghosts']}")
    assert dele.stdout.strip() == "DELETE 0", dele
    ins = _psql(league, league.a, f"INSERT INTO fighter (roster_id, name, fighter_type, role, kind, stats, xp, "
                f"credits_value, status, status_note, abilities, conditions, notes, created_at, version) "
                f"VALUES ({gangs['Ghosts']}, 'Spy', 'ganger', '', 'human', '{{}}', 0, 0, 'active', '', '[]', "
                f"'[]', '', now(), 1)")
    assert ins.returncode != 0 and "row-level security" in ins.stderr, ins
    for sql in ("DELETE FROM roll_record", "UPDATE roll_record SET value = 6"):
        out = _psql(league, league.a, sql)
        assert out.returncode != 0 and "permission denied for table roll_record" in out.stderr, out
    out = _psql(league, league.a, "UPDATE campaign SET name = 'Mine'")
    assert out.returncode != 0 and "permission denied for table campaign" in out.stderr, out
    out = _psql(league, league.a, f"UPDATE roster SET owner = '{league.a}' WHERE id = {gangs['Ghosts']}")
    assert out.stdout.strip() == "UPDATE 0", out
    out = _psql(league, league.a, f"UPDATE roster SET owner = '{league.b}' WHERE id = {gangs['Rats']}")
    assert out.returncode != 0 and "only the arbitrator gives a roster" in out.stderr, out
    assert snapshot(league.admin) == before
    # everyone reads everything
    out = _psql(league, league.a, f"SELECT count(*) FROM fighter WHERE roster_id = {gangs['Ghosts']}")
    assert out.returncode == 0 and " 2\n" in out.stdout, out
    # and A's own fighter, yes
    out = _psql(league, league.a, f"UPDATE fighter SET xp = 4 WHERE id = {gangs['Rats ganger']}")
    assert out.stdout.strip() == "UPDATE 1", out
    # the arbitrator may change everything, the roll record included
    out = _psql(league, league.arb, f"UPDATE fighter SET xp = 7 WHERE id = {gangs['Ghosts ganger']}")
    assert out.stdout.strip() == "UPDATE 1", out
    out = _psql(league, league.arb, "DELETE FROM roll_record")
    assert out.returncode == 0 and out.stdout.strip() == "DELETE 1", out


def test_the_arbitrator_changes_everything_through_the_app(league: League, gangs):
    earb = league.engine(league.arb)
    try:
        edit_fighter(earb, gangs["Ghosts ganger"], xp=5)
        edit_fighter(earb, gangs["Rats ganger"], xp=6)
        add_fighter(earb, "Moles", "Digger", fighter_type="ganger", stats=STATS)
        assign_roster(earb, "Moles", league.a)
    finally:
        earb.dispose()
    assert show_fighter(league.admin, gangs["Ghosts ganger"])["xp"] == 5
    assert _row(league.admin, "SELECT owner FROM roster WHERE name = 'Moles'") == (league.a,)


def test_a_player_records_a_battle_their_roster_fought_and_runs_after_the_battle(league: League, gangs):
    ea = league.engine(league.a)
    try:
        b = record_battle(ea, "Hive", ["Rats", "Ghosts"], winner="Rats",
                          results={gangs["Ghosts ganger"]: "out-of-action"},
                          by={gangs["Ghosts ganger"]: gangs["Rats leader"]})
        report = after_battle(ea, b.id, seed=3)
        assert report.applied
        assert _row(league.admin, "SELECT after_battle_done FROM battle WHERE id = :i", i=b.id) == (True,)
        # a battle only B's rosters fought: refused at commit, nothing written
        before = snapshot(league.admin)
        with pytest.raises(RefusedError, match="one of their rosters fought"):
            record_battle(ea, "Hive", ["Ghosts", "Moles"], winner="Ghosts")
        assert snapshot(league.admin) == before
        # After the Battle done: B's fighters are B's again
        with pytest.raises(RefusedError, match=f"'Ghosts' belongs to {league.b}"):
            edit_fighter(ea, gangs["Ghosts leader"], xp=41)
        # reopening it (undoing After the Battle, which changed B's figures too) is the arbitrator's
        with pytest.raises(RefusedError, match=f"'Ghosts' belongs to {league.b}"):
            undo(ea, "Hive")
        out = _psql(league, league.a, f"UPDATE battle SET after_battle_done = false WHERE id = {b.id}")
        assert out.returncode != 0 and "only the arbitrator reopens the After the Battle" in out.stderr, out
        assert snapshot(league.admin) == before
    finally:
        ea.dispose()
    eb = league.engine(league.b)
    try:
        with pytest.raises(RefusedError, match=f"{league.a}"):
            undo(eb, "Hive")  # the newest action is A's After the Battle
    finally:
        eb.dispose()
    earb = league.engine(league.arb)
    try:
        undo(earb, "Hive")  # the arbitrator reopens it
    finally:
        earb.dispose()
    assert _row(league.admin, "SELECT after_battle_done FROM battle WHERE id = :i", i=b.id) == (False,)


def test_undo_of_another_players_change_is_refused_by_the_database(league: League, gangs):
    ea, eb = league.engine(league.a), league.engine(league.b)
    try:
        edit_fighter(ea, gangs["Rats leader"], xp=2)
        undo(ea, "Hive")  # one's own change: yes
        assert show_fighter(league.admin, gangs["Rats leader"])["xp"] == 0
        edit_fighter(eb, gangs["Ghosts leader"], xp=4, add_weapons=["Lasgun"])
        before = snapshot(league.admin)
        with pytest.raises(RefusedError) as err:
            undo(ea, "Hive")
        assert str(err.value).startswith("refused by the league database: that change (")
        assert f"was made by {league.b}: only {league.b} or the arbitrator may undo or redo it" in str(err.value)
        assert snapshot(league.admin) == before
        # the same refusal in raw SQL: A cannot mark B's journal undone
        out = _psql(league, league.a, "UPDATE journal SET undone = true WHERE id = (SELECT max(id) FROM journal)")
        assert out.stdout.strip() == "UPDATE 0", out
        undo(eb, "Hive")  # B's own: yes
        assert show_fighter(league.admin, gangs["Ghosts leader"])["xp"] == 0
    finally:
        ea.dispose()
        eb.dispose()


def test_add_player_reads_the_password_from_stdin_and_never_prints_it(league: League, capsys, monkeypatch):
    name = f"carol_{uuid.uuid4().hex[:8]}"
    league.roles.insert(3, name)  # dropped at teardown (before the group roles)
    secret = f"s3cret-{uuid.uuid4().hex}"
    monkeypatch.setattr("sys.stdin", io.StringIO(secret + "\n"))
    assert main(["--db", league.admin_url, "league", "add-player", name, "--password-stdin"]) == 0
    out = capsys.readouterr()
    assert out.out.strip() == f"player {name} added" and secret not in out.out + out.err
    verifier = _row(league.admin, "SELECT rolpassword FROM pg_authid WHERE rolname = :n", n=name)[0]
    assert verifier.startswith("SCRAM-SHA-256$") and secret not in verifier
    with pytest.raises(InputError, match="already exists on this server"):
        add_player(league.admin, "postgres" if _row(league.admin, "SELECT current_user")[0] != "postgres"
                   else _row(league.admin, "SELECT current_user")[0], "x")
    assert main(["--db", league.admin_url, "league", "players"]) == 0
    assert name in capsys.readouterr().out


def test_json_export_carries_the_owners(league: League, gangs, sqlite_engine):
    from campaign_app.usecases.datafiles.export import export_json
    from campaign_app.usecases.datafiles.importing import import_json

    doc = export_json(league.admin, "Hive")
    owners = {r["name"]: r.get("owner") for r in doc["rosters"]}
    assert owners == {"Rats": league.a, "Ghosts": league.b, "Moles": league.b}
    import_json(sqlite_engine, doc, backup=False)
    again = export_json(sqlite_engine, "Hive")
    assert {r["name"]: r.get("owner") for r in again["rosters"]} == owners


def test_a_solo_export_has_no_owner(sqlite_engine):
    from campaign_app.usecases.datafiles.export import export_json

    create_campaign(sqlite_engine, "Solo", "necromunda", edition="n23")
    create_roster(sqlite_engine, "Solo", "Rats", faction="Orlock")
    assert export_json(sqlite_engine, "Solo")["rosters"][0]["owner"] is None


def test_campaigns_are_the_arbitrators_and_the_roll_record_survives_a_players_removal(league: League, gangs):
    from campaign_app.usecases import remove_fighter, roll_log, roll_table

    ea, earb = league.engine(league.a), league.engine(league.arb)
    try:
        before = snapshot(league.admin)
        with pytest.raises(RefusedError, match="only the arbitrator may create or change a campaign"):
            create_campaign(ea, "Mine", "necromunda", edition="n23")
        assert snapshot(league.admin) == before
        create_campaign(earb, "Second", "necromunda", edition="n23")
        # a roll about A's fighter, then A removes the fighter: the record stays (its link is
        # cleared by the database's own foreign key action, which no policy stops)
        roll_table(ea, "n23-lasting-injury", campaign="Hive", dice="5,1")  # a player's roll is recorded
        with league.admin.begin() as c:
            c.execute(text("UPDATE roll_record SET fighter_id = :f"), {"f": gangs["Rats ganger"]})
        remove_fighter(ea, gangs["Rats ganger"])
        assert _row(league.admin, "SELECT count(*), count(fighter_id) FROM roll_record") == (1, 0)
        assert len(roll_log(league.admin, "Hive")) == 1
    finally:
        ea.dispose()
        earb.dispose()


def test_a_player_cannot_name_an_arbitrator_and_passwords_are_typed_twice(league: League, capsys, monkeypatch):
    rc = main(["--db", league.url(league.a), "league", "arbitrator", league.a])
    assert rc == 2
    assert capsys.readouterr().err.strip() == (
        f"error: league arbitrator needs a role with the right to create roles (CREATEROLE), such as the "
        f"database's owner; {league.a} has not")
    # no terminal (a script, a pipe): refused in one line, never a prompt nobody answers
    assert main(["--db", league.admin_url, "league", "add-player", f"dan_{uuid.uuid4().hex[:8]}"]) == 2
    assert capsys.readouterr().err.strip() == (
        "error: no terminal to ask the password on: give it with --password-stdin")
    typed = iter(["one", "two"])
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("getpass.getpass", lambda prompt="": next(typed))
    assert main(["--db", league.admin_url, "league", "add-player", f"dan_{uuid.uuid4().hex[:8]}"]) == 2
    assert capsys.readouterr().err.strip() == "error: the two passwords differ; nothing was changed"
    assert main(["--db", league.admin_url, "--json", "league", "players"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert {p["name"] for p in listed} == {league.a, league.b, league.arb}


def test_a_player_deletes_and_brings_back_their_own_roster_not_anothers(league: League, gangs):
    from campaign_app.usecases import roll_log, roll_table, undo
    from campaign_app.usecases.manage import delete_roster, move_fighter

    ea = league.engine(league.a)
    try:
        roll_table(ea, "n23-lasting-injury", campaign="Hive", dice="5,1")
        with league.admin.begin() as c:  # the roll was about A's ganger
            c.execute(text("UPDATE roll_record SET fighter_id = :f"), {"f": gangs["Rats ganger"]})
        before = snapshot(league.admin)
        with pytest.raises(RefusedError, match=f"'Ghosts' belongs to {league.b}"):
            delete_roster(ea, "Ghosts")
        with pytest.raises(RefusedError):
            move_fighter(ea, gangs["Rats ganger"], "Ghosts")  # into B's roster: refused
        assert snapshot(league.admin) == before
        delete_roster(ea, "Rats")  # one's own: yes, its roll kept and marked
        assert _row(league.admin, "SELECT count(*), count(fighter_id), bool_and(figure_removed) FROM roll_record") \
            == (1, 0, True)
        undo(ea, "Hive")  # and back, the roll linked again
        assert _row(league.admin, "SELECT fighter_id, figure_removed FROM roll_record") == (gangs["Rats ganger"], False)
        assert len(roll_log(league.admin, "Hive", fighter=gangs["Rats ganger"])) == 1
    finally:
        ea.dispose()


def test_no_league_role_reads_the_servers_members(league: League):
    """#35: the league server's members (password hashes), sessions (token hashes) and
    idempotency keys (its kept answers) are the server's own: league init gives no league role any right on them, the
    arbitrator included; a roster is still given to a PostgreSQL player."""
    from campaign_app.usecases.members import add_member

    add_member(league.admin, "mallory", "hunter2 long", "player")
    for role in (league.a, league.arb):
        eng = league.engine(role)
        try:
            for table in ("member", "member_session", "idempotency_key"):
                with pytest.raises(DBAPIError, match="permission denied"), eng.connect() as c:
                    c.execute(text(f"SELECT * FROM {table}")).all()
        finally:
            eng.dispose()
    arb = league.engine(league.arb)
    try:
        create_roster(arb, create_campaign(arb, "Ash", "necromunda").id, "Wastes")
        assert assign_roster(arb, "Wastes", league.a).player == league.a  # no member table needed
        with pytest.raises(InputError, match="is not a member of this league"):
            assign_roster(arb, "Wastes", "mallory")  # the arbitrator's role cannot see the members
    finally:
        arb.dispose()
