"""The app starts as a user starts it: `campaign-app` on a real X display (Xvfb), with
Qt's xcb platform plugin and its system libraries, not the offscreen one the other GUI
tests use. .ci/run installs Xvfb and the libraries the README's launch command names."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

XVFB = shutil.which("xvfb-run")
XWININFO = shutil.which("xwininfo")


@pytest.mark.skipif(not (XVFB and XWININFO), reason="needs xvfb-run and xwininfo (.ci/run installs them)")
def test_campaign_app_opens_its_window_on_an_x_display(tmp_path: Path) -> None:
    app = Path(sys.executable).with_name("campaign-app")
    db = tmp_path / "first.sqlite"
    env = {k: v for k, v in os.environ.items() if not k.startswith("QT_")}
    env.update(HOME=str(tmp_path), QT_QPA_PLATFORM="xcb", XDG_CONFIG_HOME=str(tmp_path / "config"))
    script = (
        f'"{app}" --db "sqlite:///{db}" & pid=$!; '
        'for i in $(seq 1 120); do '
        '  if xwininfo -root -tree 2>/dev/null | grep -q "Campaign Manager"; then found=1; fi; '
        f'  if test -n "$found" && test -s "{db}"; then break; fi; '
        '  kill -0 $pid 2>/dev/null || break; sleep 0.25; '
        'done; '
        'xwininfo -root -tree > window-tree.txt 2>&1; kill $pid 2>/dev/null; wait $pid; '
        'test -n "$found"'
    )
    t0 = time.time()
    out = subprocess.run([XVFB, "-a", "-s", "-screen 0 1400x900x24", "bash", "-c", script],
                         cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    tree = (tmp_path / "window-tree.txt").read_text() if (tmp_path / "window-tree.txt").exists() else ""
    assert out.returncode == 0, f"no window after {time.time() - t0:.0f}s\n{out.stderr[-3000:]}\n{tree[-2000:]}"
    assert "Campaign Manager" in tree
    assert db.exists()  # the window came first; then the database was created and migrated
