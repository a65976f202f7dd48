"""The first screen read by a second process while the window starts (``ui.prefetch``,
issue #32): its answer is the one ``first_screen`` gives, it is only taken for the URL
and place the window opens on, the child never outlives its use, and a real start
shows the first screen from it. Each case runs in a fresh process, as a start does:
the fork is only made from a process of one thread, without Qt running."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from campaign_app.usecases.demo import create_demo
from tests.ui.test_first_screen import FIRST_SCREEN_PROBE

ROOT = Path(__file__).resolve().parents[2]

PROBE = r"""
import json, os, sys, time
from PySide6.QtCore import QCoreApplication, QSettings
from ui import prefetch
from ui.app import APP_NAME, ORGANIZATION
url, case, place = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
QCoreApplication.setOrganizationName(ORGANIZATION)
QCoreApplication.setApplicationName(APP_NAME)
q = QSettings()
if place is not None:
    q.setValue("view/campaign", place)
if case == "password":
    from ui.settings import AppSettings
    AppSettings(q).set_ask_password(url, True)
q.sync()
want = ["campaign", place] if place is not None else None
want = tuple(want) if want else None
if case == "slow":  # a server that takes the connection and never answers: the child waits
    import socket
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(8)
    url = f"postgresql://nobody@127.0.0.1:{silent.getsockname()[1]}/nothing"
if case == "busy":  # every core this process may use is running a thread right now
    prefetch._loadavg = lambda: f"3.10 2.50 1.90 {prefetch.usable_cores()}/400 12345"
t0 = time.monotonic()
default = "sqlite:////nowhere/default.sqlite"
if case == "policy":  # as ui.app.run calls it: a SQLite file is read after the first frame
    p = prefetch.start(url, default)
else:
    p = prefetch.start(url if case != "last" else None, default, sqlite=True)
out = {"started": p is not None}
if case in ("same", "last", "password", "off", "policy", "busy"):
    read, fs = prefetch.take(url, want)
elif case == "elsewhere":
    read, fs = prefetch.take(url + "-other", want)
elif case == "place":
    read, fs = prefetch.take(url, ("campaign", 10**6))
elif case == "slow":
    time.sleep(1.5)  # connected by now, and waiting for the server's answer
    out["was_running"] = os.waitpid(p.pid, os.WNOHANG) == (0, 0)
    t0 = time.monotonic()
    prefetch.discard()
    read, fs = False, None
out["read"], out["seconds"] = read, time.monotonic() - t0
out["again"] = prefetch.take(url, want)[0]  # taken once
if p is not None:
    try:
        os.waitpid(p.pid, os.WNOHANG)
        out["reaped"] = False
    except ChildProcessError:
        out["reaped"] = True
    out["alive"] = os.path.exists(f"/proc/{p.pid}")
from campaign_app.usecases.first_screen import first_screen
direct = first_screen(url, want) if case != "slow" else None
out["same"] = fs == direct
out["shown"] = None if fs is None else [fs["want"], len(fs["rows"]), len(fs["tree"])]
out["direct"] = None if direct is None else [direct["want"], len(direct["rows"]), len(direct["tree"])]
print(json.dumps(out))
"""


def _url(engine: Any) -> str:
    return str(engine.url.render_as_string(hide_password=False))


def _run(url: str, case: str, tmp_path: Path, place: int | None = None, **env: str) -> dict[str, Any]:
    # the test run keeps every core busy: fork whatever the load, unless the case is that
    full = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": str(tmp_path / "c"),
            "XDG_DATA_HOME": str(tmp_path / "d"),
            "CAMPAIGN_APP_PREFETCH": "" if case == "busy" else "always", **env}
    if case == "last":  # the database used last, from the settings the child reads too
        cfg = tmp_path / "c" / "campaign_app"
        cfg.mkdir(parents=True, exist_ok=True)
        (cfg / "Campaign Manager.conf").write_text(f"[database]\nlast={url}\n", encoding="utf-8")
    out = subprocess.run([sys.executable, "-c", PROBE, url, case, json.dumps(place)], capture_output=True,
                         text=True, env=full, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


def _second_campaign(engine: Any) -> int:
    from sqlalchemy import text

    with engine.connect() as con:
        ids = [r[0] for r in con.execute(text("SELECT id FROM campaign ORDER BY name, id"))]
    assert len(ids) > 1
    return ids[1]


def test_the_answer_is_first_screens_for_the_place_shown_last(engine: Any, tmp_path: Path) -> None:
    create_demo(engine)
    place = _second_campaign(engine)
    got = _run(_url(engine), "same", tmp_path, place)
    assert got["started"] and got["read"] and got["same"], got
    assert got["shown"][0] == ["campaign", place] and got["shown"][1] > 0, got
    assert got["reaped"] and not got["again"], got


def test_the_database_used_last_is_found_as_the_window_finds_it(engine: Any, tmp_path: Path) -> None:
    create_demo(engine)
    got = _run(_url(engine), "last", tmp_path)
    assert got["read"] and got["same"] and got["shown"] is not None, got


@pytest.mark.parametrize("case", ["elsewhere", "place"])
def test_an_answer_for_another_url_or_place_is_not_taken(engine: Any, tmp_path: Path, case: str) -> None:
    create_demo(engine)
    got = _run(_url(engine), case, tmp_path)
    assert got["started"] and got["read"] is False and got["reaped"], got


def test_a_child_still_reading_is_stopped_when_let_go(tmp_path: Path) -> None:
    got = _run("postgresql://placeholder", "slow", tmp_path)
    assert got["started"] and got["was_running"] and got["reaped"] and not got["alive"], got
    assert got["seconds"] < 2, got  # not the 10 s its connection would have waited


def test_a_start_forks_for_a_server_only(engine: Any, tmp_path: Path) -> None:
    create_demo(engine)
    got = _run(_url(engine), "policy", tmp_path)
    pg = engine.dialect.name == "postgresql"
    assert got["started"] is pg and got["read"] is pg, got
    assert got["same"] if pg else got["shown"] is None, got


def test_turned_off_it_forks_nothing(sqlite_url: str, tmp_path: Path) -> None:
    got = _run(sqlite_url, "off", tmp_path, CAMPAIGN_APP_NO_PREFETCH="1")
    assert got["started"] is False and got["read"] is False, got


def test_with_no_core_free_it_forks_nothing_and_the_window_reads_itself(engine: Any, tmp_path: Path) -> None:
    """A second process on a busy machine would take turns on the cores with the window
    and the other work: the first screen is then read by the open task, as without it."""
    if engine.dialect.name != "postgresql":
        pytest.skip("only a start on a server forks")
    create_demo(engine)
    got = _run(_url(engine), "busy", tmp_path)
    assert got["started"] is False and got["read"] is False, got
    assert got["direct"] is not None, got  # there was a first screen to read


@pytest.mark.parametrize(("loadavg", "cores", "free"), [
    ("0.52 0.61 0.70 1/180 4242", 2, True),    # only this process runs: the other core is free
    ("1.90 1.75 1.60 2/180 4242", 2, False),   # another thread runs on the second core
    ("3.00 3.00 3.00 5/400 4242", 4, False),
    ("3.00 3.00 3.00 3/400 4242", 4, True),
    ("9.00 9.00 9.00 1/400 4242", 2, True),    # a busy minute past is not a busy moment
    ("", 2, True),                             # no /proc/loadavg: as before
    ("0.1 0.1 0.1 x/y 1", 2, True),
])
def test_a_core_is_free_when_fewer_threads_run_than_the_cores(loadavg: str, cores: int, free: bool) -> None:
    from ui.prefetch import core_free

    assert core_free(loadavg, cores) is free


def test_a_server_that_asks_for_a_password_is_not_read_before_the_window_asks(engine: Any, tmp_path: Path) -> None:
    if engine.dialect.name != "postgresql":
        pytest.skip("only a PostgreSQL URL asks for a password")
    create_demo(engine)
    got = _run(_url(engine), "password", tmp_path)
    assert got["started"] and got["read"] is False and got["reaped"], got


def test_a_real_start_shows_the_first_screen_the_second_process_read(engine: Any, tmp_path: Path) -> None:
    """``campaign-app`` with no --db (the database used last, the campaign shown last),
    fresh process: on a server the open task takes the child's answer and the window
    shows it; on a SQLite file the open task reads it itself, the same place."""
    create_demo(engine)
    place = _second_campaign(engine)
    url = _url(engine)
    cfg = tmp_path / "c" / "campaign_app"
    cfg.mkdir(parents=True)
    (cfg / "Campaign Manager.conf").write_text(f"[database]\nlast={url}\n\n[view]\ncampaign={place}\n",
                                               encoding="utf-8")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": str(tmp_path / "c"),
           "XDG_DATA_HOME": str(tmp_path / "d"), "CAMPAIGN_APP_PREFETCH": "always"}  # cores busy with tests
    env.pop("CAMPAIGN_APP_DB", None)
    out = subprocess.run([sys.executable, "-c", FIRST_SCREEN_PROBE, "-", "whole"], capture_output=True, text=True,
                         env=env, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    if engine.dialect.name == "postgresql":
        assert seen["read"] is True and seen["want"] == ["campaign", place], seen
    else:  # a SQLite file: read by the open task after the first frame
        assert seen["read"] is False, seen
    assert seen["rows"] > 0, seen
    from sqlalchemy import text

    with engine.connect() as con:
        name = con.execute(text("SELECT name FROM campaign WHERE id = :i"), {"i": place}).scalar_one()
    assert seen["current"].startswith(name), seen


@pytest.mark.parametrize("value", [
    "sqlite:////home/ann/campaigns.sqlite", "sqlite:////home/ann/my campaigns/league 1.sqlite",
    "sqlite:////home/zoë/Kampagnen/Ärger.sqlite", "postgresql://ann@db.example:5432/league",
    " leading space", "a,comma", 'a "quote"', "back\\slash", "semi;colon", "equal=sign", "tab\there",
    "日本語のキャンペーン.sqlite"])
def test_the_settings_file_read_as_text_gives_what_qsettings_gives(tmp_path: Path, value: str) -> None:
    """The reader reads the settings without Qt: each plain text value reads as
    QSettings itself reads it, or not at all (never as something else)."""
    from PySide6.QtCore import QSettings

    from ui.prefetch import read_settings

    path = tmp_path / "s.conf"
    q = QSettings(str(path), QSettings.Format.IniFormat)
    q.setValue("database/last", value)
    q.setValue("view/campaign", 42)
    q.setValue("database/ask_password/postgresql://ann@db.example:5432/league", True)
    q.sync()
    got = read_settings(path)
    assert got.get("database/last", value) == value == QSettings(str(path), QSettings.Format.IniFormat).value(
        "database/last")
    assert got["view/campaign"] == "42"
    # (Qt folds the URL's "//" in the key: any such key counts, for any server)
    assert [v for k, v in got.items() if k.startswith("database/ask_password/")] == ["true"]
    assert "database/last" in got


def test_the_settings_file_is_where_qsettings_keeps_it(tmp_path: Path) -> None:
    import subprocess

    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path)}
    code = ("from PySide6.QtCore import QCoreApplication, QSettings\n"
            "from ui.app import APP_NAME, ORGANIZATION\n"
            "from ui.prefetch import settings_file\n"
            "QCoreApplication.setOrganizationName(ORGANIZATION)\n"
            "QCoreApplication.setApplicationName(APP_NAME)\n"
            "print(QSettings().fileName() == str(settings_file()), settings_file())\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT, timeout=60)
    assert out.stdout.startswith("True "), out.stdout + out.stderr


def test_a_start_given_its_database_reads_no_settings_file(monkeypatch: pytest.MonkeyPatch, sqlite_url: str) -> None:
    """``--db``: whether to fork is the URL's alone, so the settings file is not read on
    the way to the first frame (the reader reads it itself, for the place to open)."""
    from ui import prefetch

    monkeypatch.setattr(prefetch, "enabled", lambda: True)
    monkeypatch.setattr(prefetch, "_qt_running", lambda: False)
    monkeypatch.setattr(prefetch.threading, "active_count", lambda: 1)
    monkeypatch.setattr(prefetch, "read_settings", lambda _path: pytest.fail("the settings file was read"))
    assert prefetch.start(sqlite_url) is None
