"""Live updates below the GUI: the NOTIFY payload, a notification sent only when the
change commits, and a SQLite file's data_version read with the journal."""

from __future__ import annotations

import time
from typing import Any

import pytest

import db.uow as uow_mod
from campaign_app.changes import Changes
from campaign_app.errors import InputError
from campaign_app.usecases import campaigns, fighters, journal, rolls, rosters
from db import live
from db.migrate import open_database


def test_the_payload_is_compact_and_comes_back_as_the_same_change_set() -> None:
    ch = Changes.of(campaigns=[3], rosters=[5], fighters=[10, 11], battles=[2], structure=True, history=True)
    text = live.encode(ch, "me", 3)
    assert text == '{"s":"me","k":3,"c":[3],"o":[5],"f":[10,11],"b":[2],"x":"sh"}'
    assert live.decode(text) == ("me", ch)
    assert live.decode("not json") is None and live.decode('{"x": "s"}') is None


def test_a_change_set_over_the_payload_limit_says_everything_for_its_campaign() -> None:
    big = Changes.of(fighters=range(1_000_000, 1_002_000), history=True)
    text = live.encode(big, "me", 7)
    assert len(text) < 100 and '"k":7' in text
    sender, ch = live.decode(text) or ("", Changes())
    assert sender == "me" and ch.everything
    assert len(live.encode(Changes.of(fighters=range(100)), "me", 7).encode()) < live.PAYLOAD_LIMIT


def _wait(listener: live.PgListener, want: int = 1, timeout: float = 2.0) -> list[Changes]:
    got: list[Changes] = []
    end = time.monotonic() + timeout
    while time.monotonic() < end and len(got) < want:
        got += listener.poll()
        time.sleep(0.05)
    return got


def test_notify_is_sent_on_commit_only(pg_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = open_database(pg_url), open_database(pg_url)
    try:
        c = campaigns.create_campaign(second, "League", "necromunda")
        r = rosters.create_roster(second, c.id, "Goliaths")
        listener = live.PgListener(first)
        own = live.PgListener(second)  # the sender's own ear: it hears nothing of its own
        try:
            def boom(name: str) -> None:
                if name == "uow.before-commit":
                    raise InputError("pulled the plug")

            monkeypatch.setattr(uow_mod, "FAULT_HOOK", boom)
            with pytest.raises(InputError):
                fighters.add_fighter(second, r.id, "Never", fighter_type="ganger")
            monkeypatch.setattr(uow_mod, "FAULT_HOOK", None)
            time.sleep(0.5)
            assert listener.poll() == []  # rolled back: nothing was sent
            f = fighters.add_fighter(second, r.id, "Grub", fighter_type="ganger")
            got = _wait(listener)
            assert len(got) == 1
            assert f.id in got[0].fighters and r.id in got[0].rosters and got[0].structure
            journal.undo(second, c.id)  # an undo names what it took back
            undone = _wait(listener)
            assert undone and f.id in undone[0].fighters and undone[0].history
            assert own.poll() == []
        finally:
            listener.close()
            own.close()
    finally:
        first.dispose()
        second.dispose()


def test_an_import_tells_the_others_everything(pg_url: str, tmp_path: Any) -> None:
    from campaign_app.usecases.datafiles import export_json_file, import_json

    first, second = open_database(pg_url), open_database(pg_url)
    try:
        c = campaigns.create_campaign(second, "League", "nuts")
        path = tmp_path / "c.json"
        export_json_file(second, c.id, path)
        listener = live.PgListener(first)
        try:
            import_json(second, str(path), rename="Copy")
            got = _wait(listener)
            assert got and got[0].everything
        finally:
            listener.close()
    finally:
        first.dispose()
        second.dispose()


def test_sqlite_data_version_shows_another_connections_commits_only(sqlite_url: str) -> None:
    mine, other = open_database(sqlite_url), open_database(sqlite_url)
    try:
        c = campaigns.create_campaign(other, "Solo", "nuts")
        r = rosters.create_roster(other, c.id, "Squad")
        w = live.SqliteWatcher(mine)
        try:
            assert w.poll() == []  # nothing since it started
            f = fighters.add_fighter(other, r.id, "Hans", rep=4)
            got = w.poll()
            assert len(got) == 1 and f.id in got[0].fighters and r.id in got[0].rosters and got[0].structure
            assert w.poll() == []
            fighters.add_fighter(mine, r.id, "Own", rep=3)  # this engine's own change: not reported
            assert w.poll() == []
            journal.undo(mine, c.id)  # nor its own undo
            assert w.poll() == []
            journal.undo(other, c.id)  # another's undo: what it took back
            got = w.poll()
            assert got and f.id in got[0].fighters and got[0].history
            journal.redo(other, c.id)
            got = w.poll()
            assert got and f.id in got[0].fighters
            rolls.roll_table(other, "nuts-recovery", campaign=c.id, target=4, dice="3,5")  # a roll, unjournaled
            got = w.poll()
            assert got and got[0].rolls and not got[0].structure
            rolls.roll_table(mine, "nuts-recovery", campaign=c.id, target=4, dice="3,5")
            assert w.poll() == []
        finally:
            w.close()
    finally:
        mine.dispose()
        other.dispose()
