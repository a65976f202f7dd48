"""The wheel a player installs: ``python -m build`` makes an sdist and a wheel (the wheel
built from the sdist, so both hold every data file), installed into a fresh venv outside
the checkout, ``campaign-app`` runs there: ``--version``, ``demo``, a PDF export, the
app icon and ``install-desktop``. Slow (a venv and the dependencies from pip's cache)."""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from campaign_app._version import __version__

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


def _data_files(root: Path) -> set[str]:
    """Every file of the app's packages (code, and data such as rules tables, fonts,
    glyphs, migrations, icons), relative to ROOT: the files git tracks when this is a
    git checkout (untracked scraps are no part of the app)."""
    pkgs = ("campaign_app", "db", "reports", "server", "ui")  # server: its web pages' templates and assets
    res = subprocess.run(["git", "-C", str(root), "ls-files", "-z", "--", *pkgs],
                         capture_output=True, text=True, check=False)
    if res.returncode == 0 and res.stdout:
        names = [n for n in res.stdout.split("\0") if n and (root / n).is_file()]
    else:
        names = [p.relative_to(root).as_posix() for pkg in pkgs for p in (root / pkg).rglob("*")
                 if p.is_file() and "__pycache__" not in p.parts]
    return {n for n in names if not n.endswith(".pyc")}


def _run(cmd: list[str], cwd: Path, env: dict[str, str], timeout: int = 600) -> subprocess.CompletedProcess[str]:
    res = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert res.returncode == 0, f"{cmd} failed:\n{res.stdout}\n{res.stderr}"
    return res


def test_wheel_installs_into_a_fresh_venv_and_runs_outside_the_checkout(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "CAMPAIGN_APP_DB")}
    dist = tmp_path / "dist"
    _run([sys.executable, "-m", "build", "--outdir", str(dist), str(ROOT)], tmp_path, env)
    wheel = next(dist.glob("campaign_app-*.whl"))
    sdist = next(dist.glob("campaign_app-*.tar.gz"))
    assert wheel.name == f"campaign_app-{__version__}-py3-none-any.whl"

    wanted = _data_files(ROOT)
    for kind in (".toml", ".ttf", ".png", ".svg", ".desktop", ".xml", ".mako", ".ini"):
        assert any(f.endswith(kind) for f in wanted), kind
    assert any(f.startswith("db/migrations/versions/") for f in wanted)
    in_wheel = set(zipfile.ZipFile(wheel).namelist())
    assert wanted <= in_wheel, f"missing from the wheel: {sorted(wanted - in_wheel)}"
    assert "server/app.py" in in_wheel  # the league server (campaign-app serve loads it by name)
    with tarfile.open(sdist) as tf:
        prefix = f"campaign_app-{__version__}/"
        in_sdist = {n.removeprefix(prefix) for n in tf.getnames()}
    assert wanted <= in_sdist, f"missing from the sdist: {sorted(wanted - in_sdist)}"

    # A fresh venv without a pip of its own: the pip that runs these tests installs into it
    # (``pip --python``: pip runs under the venv's interpreter, as the venv's own pip would),
    # without ensurepip unpacking a pip into it first (6.5 s of the test on the 2-core CI).
    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], tmp_path, env)
    py, app = venv / "bin" / "python", venv / "bin" / "campaign-app"
    _run([sys.executable, "-m", "pip", "--python", str(py), "install", "-q", str(wheel)], tmp_path, env,
         timeout=900)

    work = tmp_path / "player"
    work.mkdir()
    where = _run([str(py), "-c", "import campaign_app, ui, db, reports, server.app; print(campaign_app.__file__)"],
                 work, env)  # server.app: the league server and its dependencies came with the wheel
    assert Path(where.stdout.strip()).is_relative_to(venv), where.stdout  # not the checkout

    assert _run([str(app), "--version"], work, env).stdout.strip() == f"campaign-app {__version__}"
    # the window's own command is installed (its --help needs no display)
    assert "usage: campaign-app-gui" in _run([str(venv / "bin" / "campaign-app-gui"), "--help"], work, env).stdout
    db = work / "league.sqlite"
    out = _run([str(app), "--db", str(db), "demo"], work, env).stdout
    assert "created demo campaigns:" in out
    assert "Ardennes 1944" in _run([str(app), "--db", str(db), "campaign", "list"], work, env).stdout
    _run([str(app), "--db", str(db), "export", "roster", "1", "-o", "roster.pdf"], work, env)
    _run([str(app), "--db", str(db), "export", "qrs", "1", "-o", "qrs.pdf"], work, env)
    from pypdf import PdfReader

    for name in ("roster.pdf", "qrs.pdf"):
        reader = PdfReader(work / name)
        assert len(reader.pages) >= 1 and reader.pages[0].extract_text().strip(), name

    # the window's icon comes from the installed package, and the desktop files install
    icon = _run([str(py), "-c", "from ui.app import make_app; a = make_app(); "
                 "print(sorted(s.width() for s in a.windowIcon().availableSizes()), "
                 "a.windowIcon().pixmap(64, 64).isNull())"], work, {**env, "QT_QPA_PLATFORM": "offscreen"})
    assert icon.stdout.strip() == "[16, 24, 32, 48, 64, 128, 256, 512] False", icon.stdout + icon.stderr
    home = work / "xdg"
    _run([str(app), "install-desktop", "--data-home", str(home)], work, env)
    entry = (home / "applications" / "io.github.campaign_app.CampaignManager.desktop").read_text()
    assert f"Exec={app}\n" in entry
    assert (home / "icons/hicolor/256x256/apps/io.github.campaign_app.CampaignManager.png").is_file()
