"""``campaign-app install-desktop`` puts the entry, the AppStream metadata and the icon
into the user's XDG data folder (``--remove`` takes them away), the entry starts this
install, and ``--version`` prints the one version the wheel also carries."""

from __future__ import annotations

import configparser
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from campaign_app import desktop
from campaign_app._version import __version__
from campaign_app.cli import main


def test_version_is_printed_from_one_place(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"campaign-app {__version__}"
    meta = ET.parse(desktop.SHARE / "metainfo" / f"{desktop.APP_ID}.metainfo.xml").getroot()
    assert [r.get("version") for r in meta.iter("release")][0] == __version__


def test_install_desktop_writes_the_xdg_files_and_remove_takes_them_away(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert main(["install-desktop"]) == 0
    out = capsys.readouterr().out
    data = tmp_path / "data"
    entry = data / "applications" / f"{desktop.APP_ID}.desktop"
    assert f"installed {entry}" in out
    for n in desktop.ICON_SIZES:
        png = data / f"icons/hicolor/{n}x{n}/apps/{desktop.APP_ID}.png"
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (data / f"icons/hicolor/scalable/apps/{desktop.APP_ID}.svg").read_text().lstrip().startswith("<?xml")
    meta = ET.parse(data / "metainfo" / f"{desktop.APP_ID}.metainfo.xml").getroot()
    assert meta.findtext("id") == desktop.APP_ID
    assert meta.findtext("launchable") == entry.name

    cfg = configparser.ConfigParser(interpolation=None)
    cfg.optionxform = str  # type: ignore[assignment,method-assign]
    cfg.read(entry, encoding="utf-8")
    sec = cfg["Desktop Entry"]
    assert sec["Type"] == "Application" and sec["Icon"] == desktop.APP_ID
    assert sec["Exec"] == " ".join(desktop.launcher_command())  # this very install
    if shutil.which("desktop-file-validate"):
        res = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True, text=True)
        assert res.returncode == 0, res.stdout + res.stderr

    assert main(["install-desktop", "--remove"]) == 0
    assert f"removed {entry}" in capsys.readouterr().out
    assert not list(data.rglob("*.*"))
    assert main(["install-desktop", "--remove"]) == 0
    assert "nothing to remove" in capsys.readouterr().out


def test_exec_line_starts_the_program_that_installed_it(tmp_path: Path) -> None:
    d = desktop.install(tmp_path, ["/opt/Campaign Manager/campaign-app"])
    text = next(p for p in d if p.suffix == ".desktop").read_text()
    assert 'Exec="/opt/Campaign Manager/campaign-app"\n' in text
    assert text.count("Exec=") == 1
    # run from a venv's script or with python -m: either way this same install starts
    cmd = desktop.launcher_command()
    assert Path(cmd[0]).is_absolute()
    assert cmd[0].endswith("campaign-app") or cmd[1:] == ["-m", "campaign_app"]
    if cmd[1:] == ["-m", "campaign_app"]:
        assert cmd[0] == os.path.abspath(sys.executable)  # a venv's python, not the one it links to


def test_a_data_home_that_is_a_file_is_refused_with_nothing_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    assert main(["install-desktop", "--data-home", str(blocker)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "not a folder" in err and err.count("\n") == 1
    assert blocker.read_text() == "x"


def test_xdg_data_home_is_used_only_when_absolute(tmp_path: Path) -> None:
    assert desktop.data_home({"XDG_DATA_HOME": str(tmp_path), "HOME": "/h"}) == tmp_path
    assert desktop.data_home({"XDG_DATA_HOME": "rel/dir", "HOME": "/h"}) == Path("/h/.local/share")
    assert desktop.data_home({"HOME": "/h"}) == Path("/h/.local/share")
