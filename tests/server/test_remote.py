"""#35 item 3: the desktop app and the CLI as clients of the league server. A real
server (uvicorn on a free loopback port, in a thread) over the `lg` league (SQLite and
PostgreSQL), and the remote facade (campaign_app/remote.py): the same results and rows
as the local facade, errors mapped to the same AppError classes with nothing written,
the token kept in the keyring or a 0600 file and never printed, the CLI end to end,
live updates by Server-Sent Events."""

from __future__ import annotations

import json
import socket
import stat
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from campaign_app import remote
from campaign_app.errors import (
    AuthError,
    ConflictError,
    DatabaseError,
    InputError,
    NotFoundError,
    RefusedError,
)
from campaign_app.facade import Campaigns
from campaign_app.remote import RemoteCampaigns, TokenStore
from campaign_app.usecases import (
    campaigns,
    fighters,
    gui_queries,
    journal,
    league,
    live,
    members,
    rosters,
)
from tests.server.conftest import PASSWORDS, League, game_rows


class MemoryKeyring:
    """A keyring backend in memory (what the desktop's would be)."""

    priority = 5

    def __init__(self) -> None:
        self.secrets: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, user: str) -> str | None:
        return self.secrets.get((service, user))

    def set_password(self, service: str, user: str, password: str) -> None:
        self.secrets[(service, user)] = password

    def delete_password(self, service: str, user: str) -> None:
        self.secrets.pop((service, user), None)


@pytest.fixture(autouse=True)
def _no_keyring(no_keyring: None) -> None:
    """Headless: no keyring (the file holds tokens), the config folder a temporary one."""


def signed_in(url: str, name: str) -> RemoteCampaigns:
    remote.login(url, name, PASSWORDS[name])
    app = Campaigns.open(url)
    assert isinstance(app, RemoteCampaigns)
    return app


# --------------------------------------------------------------------------- the facade
def test_reads_give_the_same_results_as_the_local_facade(lg: League, url: str) -> None:
    ann = signed_in(url, "ann")
    try:
        for fn, args in [(rosters.show_roster, (lg.easy,)), (fighters.show_fighter, (lg.rock,)),
                         (campaigns.list_campaigns, ()), (gui_queries.campaign_tree, ()),
                         (gui_queries.roster_detail, (lg.easy,)), (gui_queries.undo_state, (lg.campaign,)),
                         (campaigns.show_campaign, ("Kursk",))]:
            assert ann.run(fn, *args) == lg.app.run(fn, *args), fn.__name__
    finally:
        ann.dispose()


def test_a_write_lands_in_the_servers_database_with_its_change_set(lg: League, url: str) -> None:
    ann = signed_in(url, "ann")
    try:
        before = game_rows(lg.app)
        res = ann.run(fighters.add_fighter, lg.easy, "Pvt Ryan", rep=4)
        after = game_rows(lg.app)
        new = [r for r in after["fighter"] if r not in before["fighter"]]
        assert len(new) == 1 and "'Pvt Ryan'" in new[0]
        assert res.name == "Pvt Ryan" and res.roster_id == lg.easy and res.id in res.changes.fighters
        assert lg.app.run(fighters.show_fighter, res.id) == ann.run(fighters.show_fighter, res.id)
        edited = ann.run(fighters.edit_fighter, res.id, if_version=res.version, name="Pte Ryan")
        assert edited.name == "Pte Ryan" and lg.app.run(fighters.show_fighter, res.id)["name"] == "Pte Ryan"
    finally:
        ann.dispose()


def test_undo_and_redo_over_the_server(lg: League, url: str) -> None:
    ann = signed_in(url, "ann")
    try:
        before = game_rows(lg.app)
        ann.run(fighters.edit_fighter, lg.rock, name="Sgt Stone")
        edited = game_rows(lg.app)
        assert ann.run(gui_queries.undo_state, lg.campaign)["undo"]
        undone = ann.run(journal.undo, lg.campaign)
        assert lg.rock in undone.changes.fighters
        assert lg.app.run(fighters.show_fighter, lg.rock)["name"] == "Sgt Rock"
        rows = game_rows(lg.app)
        assert len(rows["fighter"]) == len(before["fighter"])
        assert "'Sgt Rock'" in next(r for r in rows["fighter"] if r[0] == str(lg.rock))
        ann.run(journal.redo, lg.campaign)
        assert lg.app.run(fighters.show_fighter, lg.rock)["name"] == "Sgt Stone"
        def unversioned(rows: list[tuple]) -> list[tuple]:  # undo and redo bump the version
            return [r[:-3] + r[-2:] for r in rows]

        assert unversioned(game_rows(lg.app)["fighter"]) == unversioned(edited["fighter"])
    finally:
        ann.dispose()


def test_refused_stale_and_missing_map_to_the_local_errors_with_nothing_written(lg: League, url: str) -> None:
    ann = signed_in(url, "ann")
    try:
        before = game_rows(lg.app)
        with pytest.raises(RefusedError):  # bob's fighter
            ann.run(fighters.edit_fighter, lg.hans, name="Fritz")
        with pytest.raises(ConflictError):
            ann.run(fighters.edit_fighter, lg.rock, if_version=99, name="Sgt Stale")
        with pytest.raises(NotFoundError):
            ann.run(fighters.show_fighter, 9999)
        with pytest.raises(RefusedError):  # the arbitrator's
            ann.run(campaigns.create_campaign, "Mine", "nuts")
        with pytest.raises(InputError, match="not available on a league server"):
            from campaign_app.usecases.database import backup

            ann.run(backup)
        assert game_rows(lg.app) == before
    finally:
        ann.dispose()


def test_a_revoked_token_asks_to_sign_in_again(lg: League, url: str) -> None:
    ann = signed_in(url, "ann")
    try:
        lg.app.run(members.revoke, member="ann")
        with pytest.raises(AuthError, match="sign in again"):
            ann.run(rosters.show_roster, lg.easy)
    finally:
        ann.dispose()


def test_not_signed_in_and_no_server_are_one_line_errors(url: str) -> None:
    with pytest.raises(AuthError, match="not signed in"):
        Campaigns.open(url)
    with pytest.raises(AuthError, match="wrong name or password"):
        remote.login(url, "ann", "nope")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        dead = f"http://127.0.0.1:{s.getsockname()[1]}"
    with pytest.raises(DatabaseError, match="cannot reach the league server"):
        remote.login(dead, "ann", "x")


class DropOnce(httpx.HTTPTransport):
    """Sends the first write to the server, then drops the connection before its answer."""

    def __init__(self) -> None:
        super().__init__()
        self.keys: list[str | None] = []

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        if request.url.path.startswith("/api/run/"):
            self.keys.append(request.headers.get("Idempotency-Key"))
            response = super().handle_request(request)
            if len(self.keys) == 1:
                response.read()
                raise httpx.ReadError("connection dropped", request=request)
            return response
        return super().handle_request(request)


def test_a_write_carries_an_idempotency_key_and_a_retry_sends_the_same(lg: League, url: str) -> None:
    remote.login(url, "ann", PASSWORDS["ann"])
    transport = DropOnce()
    ann = RemoteCampaigns.open(url, transport=transport)
    try:
        res = ann.run(fighters.edit_fighter, lg.rock, name="Sgt Again")
        assert res.name == "Sgt Again"
        assert len(transport.keys) == 2 and transport.keys[0] and transport.keys[0] == transport.keys[1]
        ann.run(rosters.show_roster, lg.easy)  # a read: no key
        assert transport.keys[2] is None
        ann.run(fighters.edit_fighter, lg.rock, name="Sgt Third")
        assert transport.keys[3] and transport.keys[3] != transport.keys[0]  # a new call, a new key
    finally:
        ann.dispose()


class DropFirst(httpx.HTTPTransport):
    """#35 item 6: the server gets and commits the first ``drops`` writes, but every answer
    is lost (dropped before it arrives); ``busy``: the first write is answered 503 (the
    database away, Retry-After) before it reaches the server. Keeps each write's key,
    the bodies the server sent and whether they were replays. Reads pass untouched
    (``reads``: they are dropped and counted too)."""

    def __init__(self, drops: int = 0, busy: bool = False, reads: bool = False) -> None:
        super().__init__()
        self.drops, self.busy, self.reads = drops, busy, reads
        self.keys: list[str | None] = []
        self.bodies: list[bytes] = []
        self.replays: list[bool] = []

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        if not request.url.path.startswith("/api/run/") or not (
                self.reads or "Idempotency-Key" in request.headers):
            return super().handle_request(request)
        self.keys.append(request.headers.get("Idempotency-Key"))
        if self.busy and len(self.keys) == 1:
            return httpx.Response(503, headers={"Retry-After": "2"},
                                  json={"error": "the database is unavailable, try again shortly"})
        response = super().handle_request(request)
        self.bodies.append(response.read())
        self.replays.append(response.headers.get("Idempotent-Replay") == "true")
        if len(self.keys) <= self.drops:
            raise httpx.ReadError("connection dropped", request=request)
        return response


def _fighters_named(lg: League, name: str) -> int:
    return sum(f"'{name}'" in r for r in game_rows(lg.app)["fighter"])


def test_a_write_whose_answer_never_came_can_be_sent_again_and_applies_once(lg: League, url: str) -> None:
    remote.login(url, "ann", PASSWORDS["ann"])
    transport = DropFirst(drops=1 + remote.RETRIES)  # every automatic retry loses its answer too
    ann = RemoteCampaigns.open(url, transport=transport)
    try:
        with pytest.raises(DatabaseError) as caught:
            ann.run(fighters.add_fighter, lg.easy, "Pvt Ryan", rep=4)
        err = caught.value
        assert type(err) is DatabaseError and "\n" not in str(err)
        assert str(err).startswith(f"cannot reach the league server {url}: ReadError")
        assert "applies it at most once" in str(err)
        assert callable(err.retry)
        assert _fighters_named(lg, "Pvt Ryan") == 1  # the server applied it the first time
        assert transport.replays == [False, True, True]

        res = err.retry()  # the same request, the same key: the kept answer, nothing run again
        assert transport.replays[-1] is True and len(set(transport.keys)) == 1
        assert res.name == "Pvt Ryan" and res.changes.fighters
        assert transport.bodies[-1] == transport.bodies[0]  # the answer of the write that was applied
        assert _fighters_named(lg, "Pvt Ryan") == 1
        assert err.retry() == res  # and again: still once
        assert _fighters_named(lg, "Pvt Ryan") == 1
    finally:
        ann.dispose()


def test_a_write_answered_503_can_be_sent_again_with_its_key(lg: League, url: str) -> None:
    remote.login(url, "ann", PASSWORDS["ann"])
    transport = DropFirst(busy=True)
    ann = RemoteCampaigns.open(url, transport=transport)
    try:
        with pytest.raises(DatabaseError, match=r"cannot do that now \(503\).*at most once") as caught:
            ann.run(fighters.add_fighter, lg.easy, "Pvt Ryan", rep=4)
        assert _fighters_named(lg, "Pvt Ryan") == 0 and caught.value.retry is not None
        res = caught.value.retry()
        assert res.name == "Pvt Ryan" and transport.keys[0] == transport.keys[1]
        assert _fighters_named(lg, "Pvt Ryan") == 1
    finally:
        ann.dispose()


def test_a_read_that_gets_no_answer_offers_no_retry(lg: League, url: str) -> None:
    remote.login(url, "ann", PASSWORDS["ann"])
    ann = RemoteCampaigns.open(url, transport=DropFirst(drops=99, reads=True))
    try:
        with pytest.raises(DatabaseError) as caught:
            ann.run(rosters.show_roster, lg.easy)
        assert caught.value.retry is None and "at most once" not in str(caught.value)
    finally:
        ann.dispose()


# --------------------------------------------------------------------------- tokens
def test_the_token_is_kept_in_a_0600_file_without_a_keyring(url: str, tmp_path: Path) -> None:
    d = remote.login(url, "ann", PASSWORDS["ann"])
    path = tmp_path / "config" / "tokens.json"
    assert d["kept_in"] == str(path) and "token" not in d
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert TokenStore().get(url, "ann")
    remote.logout(url)
    assert TokenStore().get(url, "ann") is None
    with pytest.raises(AuthError, match="not signed in"):
        Campaigns.open(url)


def test_the_token_is_kept_in_the_keyring_when_there_is_one(url: str, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    kr = MemoryKeyring()
    monkeypatch.setattr(remote, "_usable_keyring", lambda: kr)
    d = remote.login(url, "bob", PASSWORDS["bob"])
    assert d["kept_in"] == "the system keyring"
    assert list(kr.secrets) == [("campaign_app", f"bob@{url}")]
    assert not (tmp_path / "config" / "tokens.json").exists() or \
        "bob" not in (tmp_path / "config" / "tokens.json").read_text()
    app = Campaigns.open(url)
    assert app.run(rosters.show_roster, "Jerries")["name"] == "Jerries"
    app.dispose()
    remote.logout(url, "bob")
    assert kr.secrets == {}


def test_the_fail_keyring_backend_counts_as_none(monkeypatch: pytest.MonkeyPatch) -> None:
    import keyring
    from keyring.backends import fail

    monkeypatch.undo()  # the real _usable_keyring
    old = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())
    try:
        assert remote._usable_keyring() is None
    finally:
        keyring.set_keyring(old)


# --------------------------------------------------------------------------- the CLI
def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    from campaign_app.cli import main

    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_cli_signs_in_and_works_over_the_server(lg: League, url: str, capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO(PASSWORDS["ann"] + "\n"))
    code, out, err = cli(capsys, "--db", url + "/", "login", "ann", "--password-stdin")
    assert code == 0, err
    assert "signed in to" in out and "as ann (player)" in out
    token = TokenStore().get(url, "ann")
    assert token and token not in out + err
    code, out, err = cli(capsys, "--db", url, "roster", "show", "Easy")
    assert code == 0, err
    assert "Easy" in out and "Sgt Rock" in out
    code, out, err = cli(capsys, "--db", url, "--json", "fighter", "add", "Easy", "Cpl Upham", "--rep", "3")
    assert code == 0, err
    assert any(r for r in game_rows(lg.app)["fighter"] if "'Cpl Upham'" in r)
    before = game_rows(lg.app)
    code, out, err = cli(capsys, "--db", url, "fighter", "edit", "Hans", "--name", "Fritz")
    assert code == 2 and err.startswith("error: ") and err.count("\n") == 1
    pdf = tmp_path / "easy.pdf"  # made here from the data the server returns
    code, out, err = cli(capsys, "--db", url, "export", "roster", "Easy", "-o", str(pdf))
    assert code == 0, err
    assert pdf.read_bytes().startswith(b"%PDF")
    code, out, err = cli(capsys, "--db", url, "backup")
    assert code == 2 and "not available on a league server" in err
    assert game_rows(lg.app) == before
    code, out, err = cli(capsys, "--db", url, "logout")
    assert code == 0 and "signed out ann" in out
    code, out, err = cli(capsys, "--db", url, "roster", "show", "Easy")
    assert code == 2 and "not signed in" in err


def _use_case_functions() -> dict[tuple[str, str], Any]:
    """Every function of every module of campaign_app.usecases, as it is now."""
    import importlib
    import inspect
    import pkgutil

    import campaign_app.usecases as pkg

    out: dict[tuple[str, str], Any] = {}
    for info in pkgutil.iter_modules(pkg.__path__):
        try:
            mod = importlib.import_module(f"{pkg.__name__}.{info.name}")
        except ImportError:
            continue
        out.update({(mod.__name__, k): v for k, v in vars(mod).items() if inspect.isfunction(v)})
    return out


def test_a_league_command_goes_through_remote_campaigns_run_with_no_module_patched(
        lg: League, url: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """#28: a command's handler calls ``app.run`` on the league's RemoteCampaigns with the
    use-case itself; no use-case module is patched for the command (every function of
    campaign_app.usecases is the original while it runs), and what it writes is in the
    server's database. A game's own command goes the same way: the server runs the
    ones it offers (those that roll dice) and refuses the others in one line."""
    originals = _use_case_functions()
    calls: list[Any] = []
    real_run = RemoteCampaigns.run

    def spy(self: RemoteCampaigns, use_case: Any, *args: Any, **kwargs: Any) -> Any:
        assert _use_case_functions() == originals  # nothing swapped during the command
        calls.append(use_case)
        return real_run(self, use_case, *args, **kwargs)

    monkeypatch.setattr(RemoteCampaigns, "run", spy)
    remote.login(url, "ann", PASSWORDS["ann"])
    before = game_rows(lg.app)
    code, out, err = cli(capsys, "--db", url, "fighter", "add", "Easy", "Cpl Upham", "--rep", "3")
    assert code == 0, err
    assert calls == [fighters.add_fighter, fighters.show_fighter]
    added = [r for r in game_rows(lg.app)["fighter"] if r not in before["fighter"]]
    assert len(added) == 1 and "'Cpl Upham'" in added[0]
    code, out, err = cli(capsys, "--db", url, "--json", "roster", "show", "Easy")
    assert code == 0, err
    assert calls[-1] is rosters.show_roster
    assert {f["name"] for f in json.loads(out)["fighters"]} == {"Sgt Rock", "Cpl Upham"}
    assert _use_case_functions() == originals

    calls.clear()
    before = game_rows(lg.app)
    code, out, err = cli(capsys, "--db", url, "walker", "types", "Kursk")  # a game's command the server does not offer
    assert code == 2 and err.count("\n") == 1 and "not available on a league server" in err, err
    assert [c.__name__ for c in calls] == ["types"]
    assert game_rows(lg.app) == before

    weird = lg.app.run(campaigns.create_campaign, "Weird", "nuts", None, ["weird-ww2"])
    ghouls = lg.app.run(rosters.create_roster, weird.id, "Ghouls")
    lg.app.run(league.assign_roster, ghouls.id, "ann")
    calls.clear()
    before = game_rows(lg.app)
    code, out, err = cli(capsys, "--db", url, "--json", "creature", "generate", "Ghouls", "zombie", "--count", "2")
    assert code == 0, err  # a game's command that rolls: the server runs it and rolls the dice
    assert [c.__name__ for c in calls] == ["generate"]
    added = [r for r in game_rows(lg.app)["fighter"] if r not in before["fighter"]]
    assert len(added) == 2
    assert len(lg.app.run(rosters.show_roster, ghouls.id)["fighters"]) == 2
    assert len(json.loads(out)) == 2
    assert _use_case_functions() == originals


# --------------------------------------------------------------------------- live updates
def test_another_clients_change_arrives_by_server_sent_events(lg: League, url: str) -> None:
    remote.login(url, "bob", PASSWORDS["bob"])
    ann = signed_in(url, "ann")
    watcher = ann.run(live.watch)
    try:
        assert watcher.fileno() is None
        assert watcher.connected.wait(10)
        ann.run(fighters.edit_fighter, lg.rock, name="Sgt Own")  # ann's own: not heard again
        bob = RemoteCampaigns(url, TokenStore().get(url, "bob") or "", "bob")
        bob.run(fighters.edit_fighter, lg.hans, name="Fritz")  # another client of the same server
        bob.dispose()
        got: list[Any] = []
        for _ in range(200):
            got += watcher.poll()
            if got:
                break
            time.sleep(0.05)
        time.sleep(0.2)
        got += watcher.poll()
        assert len(got) == 1 and lg.hans in got[0].fighters and lg.rock not in got[0].fighters
    finally:
        watcher.close()
        ann.dispose()


def test_a_change_made_through_another_server_process_arrives_too(lg: League, url: str, db_url: str) -> None:
    """A second server process on the same database is another engine: its writes reach
    this server's subscribers through the database (LISTEN/NOTIFY, the SQLite journal)."""
    ann = signed_in(url, "ann")
    watcher = ann.run(live.watch)
    other = Campaigns.open(db_url)  # what the other process's use-cases write through
    try:
        assert watcher.connected.wait(10)
        time.sleep(0.6)  # the hub's database watcher is up (it starts with the first subscriber)
        other.run(fighters.edit_fighter, lg.hans, name="Otto")
        got: list[Any] = []
        for _ in range(200):
            got += watcher.poll()
            if got:
                break
            time.sleep(0.05)
        assert got and any(lg.hans in ch.fighters for ch in got)
    finally:
        watcher.close()
        other.dispose()
        ann.dispose()


def test_the_pdf_output_check_is_made_here_over_a_league(lg: League, url: str, tmp_path: Path) -> None:
    from campaign_app.usecases.exports import roster_document, writable_output

    ann = signed_in(url, "ann")
    try:
        assert ann.run(writable_output, str(tmp_path / "easy.pdf")) == str(tmp_path / "easy.pdf")
        with pytest.raises(InputError):
            ann.run(writable_output, "")
        assert ann.run(roster_document, lg.easy) == lg.app.run(roster_document, lg.easy)
    finally:
        ann.dispose()


def test_a_battle_recorded_over_the_server_equals_the_local_one(lg: League, url: str) -> None:
    """Mappings keyed by ids travel as JSON objects (string keys) and mean the same."""
    from campaign_app.usecases import battles

    ann = signed_in(url, "ann")
    try:
        before = game_rows(lg.app)
        rec = ann.run(battles.record_battle, lg.campaign, [lg.easy, lg.jerries],
                      results={lg.rock: "out-of-the-fight"}, winner=lg.jerries)
        shown = lg.app.run(battles.show_battle, rec.id)
        assert ann.run(battles.show_battle, rec.id) == shown
        results = [r for r in game_rows(lg.app)["battle_result"] if r not in before["battle_result"]]
        assert any(str(lg.rock) in r and "'out-of-the-fight'" in r for r in results), results
    finally:
        ann.dispose()


def test_no_answer_is_the_environment_error_and_callbacks_do_not_travel(lg: League, url: str) -> None:
    from campaign_app.usecases import record

    ann = signed_in(url, "ann")
    try:
        with pytest.raises(InputError, match="not available on a league server: its argument 'progress'"):
            ann.run(record.verify_chain, lg.campaign, progress=lambda _n, _of: True)
        assert ann.run(record.verify_chain, lg.campaign) == lg.app.run(record.verify_chain, lg.campaign)
    finally:
        ann.dispose()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        dead = f"http://127.0.0.1:{s.getsockname()[1]}"
    gone = RemoteCampaigns(dead, "some-token", "ann")
    try:
        with pytest.raises(DatabaseError, match="cannot reach the league server"):
            gone.run(rosters.show_roster, lg.easy)
        with pytest.raises(DatabaseError, match="cannot reach the league server"):
            gone.run(fighters.edit_fighter, lg.rock, name="Nobody")
    finally:
        gone.dispose()


def test_after_a_dropped_stream_the_watcher_reconnects_and_asks_for_a_full_reread() -> None:
    """What was committed while the stream was down was not heard: the first change set
    after the reconnect is "everything" (the window reads all again, as on a file)."""
    import contextlib

    from campaign_app.remote import EventWatcher

    hold = threading.Event()

    class Stream:
        status_code = 200

        def __init__(self, lines: list[str], block: bool) -> None:
            self.lines, self.block = lines, block

        def iter_lines(self) -> Iterator[str]:
            yield from self.lines
            if self.block:
                hold.wait(10)

    class FakeApp:
        streams = [Stream(['data: {"by": 7, "changes": {"fighters": [3]}}'], False), Stream([], True)]

        def me(self, notify: bool = True) -> dict[str, Any]:
            return {"session_id": 1}

        @contextlib.contextmanager
        def events(self, timeout: float | None = None) -> Iterator[Stream]:
            yield self.streams.pop(0) if self.streams else Stream([], True)

    w = EventWatcher(FakeApp())  # type: ignore[arg-type]
    try:
        got: list[Any] = []
        for _ in range(100):
            got += w.poll()
            if len(got) >= 2:
                break
            time.sleep(0.05)
        assert got[0].fighters == {3} and not got[0].everything
        assert got[1].everything  # the reconnect: read everything again
    finally:
        w.close()
        hold.set()
