"""The standalone bundle: tools/build-bundle builds the PyInstaller one-folder app
from tools/campaign-app.spec, and its smoke test (tools/bundle_smoke.py) runs CLI
commands with no Python on the path and starts the window under Xvfb until it shows.
Slow (about two minutes), but it runs in CI's ``pytest -q`` like every slow test."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from campaign_app._version import __version__

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the bundle smoke test is for Linux")
def test_bundle_builds_and_starts_without_python(tmp_path: Path) -> None:
    if not (shutil.which("Xvfb") and shutil.which("xwininfo")):
        pytest.fail("the bundle smoke test needs Xvfb and xwininfo: .ci/run installs them")
    env = {**os.environ, "PYTHON": sys.executable, "TMPDIR": str(tmp_path)}
    res = subprocess.run([str(ROOT / "tools" / "build-bundle"), "--dist", str(tmp_path / "dist")],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    assert res.returncode == 0, res.stdout[-4000:] + res.stderr[-4000:]
    line = next(s for s in res.stdout.splitlines() if s.startswith("{"))
    result = json.loads(line)
    assert result["version"] == f"campaign-app {__version__}"
    assert 0 < result["window_seconds"] < 60
    if shutil.which("xprop"):  # x11-utils: the window hands the desktop our icon
        assert "48 x 48" in result["window_icons"], result
    bundle = tmp_path / "dist" / "campaign-app"
    # the app's own data went in: rules tables, fonts, migrations, icons, desktop files
    internal = bundle / "_internal"
    for pattern in ("campaign_app/**/*.toml", "reports/fonts/*.ttf", "db/migrations/versions/*.py",
                    "db/alembic.ini", "ui/glyphs/*.png", "ui/glyphs/status/*.png",
                    "campaign_app/share/icons/hicolor/*/apps/*.png",
                    "campaign_app/share/applications/*.desktop"):
        assert list(internal.glob(pattern)), pattern


def test_bundle_smoke_refuses_a_folder_without_the_app(tmp_path: Path) -> None:
    res = subprocess.run([sys.executable, str(ROOT / "tools" / "bundle_smoke.py"), str(tmp_path)],
                         capture_output=True, text=True, timeout=60)
    assert res.returncode != 0 and "no " in res.stderr and "build-bundle" in res.stderr
