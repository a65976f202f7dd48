"""The GUI bench cases (bench/gui_cases.py) run through the runner at a tiny size and
report a line each (speed is bench/'s business, not asserted here)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_gui_cases_run_at_tiny_size() -> None:
    out = subprocess.run([sys.executable, "-m", "bench", "--scale", "0.02", "--repeat", "1",
                          "--only", "tree", "--only", "roll-log-page", "--only", "wizard-preview"],
                         capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    cases = {line.split()[0] for line in out.stdout.splitlines()[1:] if line.strip()}
    assert {"tree", "roll-log-page", "wizard-preview", "wizard-growth"} <= cases, out.stdout
