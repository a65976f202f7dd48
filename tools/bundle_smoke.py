"""Smoke test of a PyInstaller bundle (``tools/build-bundle`` runs it; so does
tests/packaging/test_bundle.py): ``python tools/bundle_smoke.py dist/campaign-app``.

It runs the bundle's executable with no Python on its path: ``--version``, ``demo`` and a
PDF export from the command line, then starts the window on a private Xvfb display and
waits until it shows (``xwininfo``) with its icon (``xprop``), and prints the bundle's size and the time the window
took. ``--screenshot FILE`` also saves the screen (needs PySide6 in this Python).
Standard library only, so it runs from any Python."""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

WINDOW = re.compile(r'(0x[0-9a-f]+) "Campaign Manager": \("campaign-app" "Campaign Manager"\)\s+(\d+)x(\d+)')


def folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def bare_env(home: Path) -> dict[str, str]:
    """An environment with no Python in it: no PYTHON* variables, no venv, a PATH of
    system folders only, and a HOME of its own (settings, data, desktop files)."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PYTHON", "VIRTUAL_ENV", "CAMPAIGN_APP", "QT_", "XDG_"))}
    env.update(PATH="/usr/bin:/bin", HOME=str(home), LANG=env.get("LANG", "C.UTF-8"))
    return env


def run(cmd: list[str], env: dict[str, str], cwd: Path) -> str:
    res = subprocess.run(cmd, env=env, cwd=cwd, capture_output=True, text=True, timeout=120)
    if res.returncode != 0:
        raise SystemExit(f"bundle smoke: {' '.join(cmd)} failed ({res.returncode}):\n{res.stdout}{res.stderr}")
    return res.stdout


def start_xvfb() -> tuple[subprocess.Popen[bytes], str]:
    """A private X server on a free display number (Xvfb picks it: -displayfd)."""
    if not shutil.which("Xvfb") or not shutil.which("xwininfo"):
        raise SystemExit("bundle smoke: needs Xvfb and xwininfo (apt-get install xvfb x11-utils)")
    r, w = os.pipe()
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(w), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                            pass_fds=(w,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(w)
    with os.fdopen(r) as f:
        number = f.readline().strip()
    if not number:
        proc.kill()
        raise SystemExit("bundle smoke: Xvfb did not start")
    return proc, f":{number}"


def shown_window(display: str) -> str | None:
    """The id of the app's main window once it is on the screen (mapped, full size)."""
    tree = subprocess.run(["xwininfo", "-root", "-tree"], env={**os.environ, "DISPLAY": display},
                          capture_output=True, text=True, timeout=30).stdout
    return next((wid for wid, w, h in WINDOW.findall(tree) if int(w) > 100 and int(h) > 100), None)


def window_icon_sizes(display: str, wid: str) -> list[str]:
    """The icon sizes the window gives the desktop (``_NET_WM_ICON``), via xprop."""
    if not shutil.which("xprop"):
        return []
    out = subprocess.run(["xprop", "-id", wid, "_NET_WM_ICON"], env={**os.environ, "DISPLAY": display},
                         capture_output=True, text=True, timeout=30).stdout
    return re.findall(r"Icon \((\d+ x \d+)\)", out)


def grab(display: str, path: Path) -> None:
    code = ("import sys; from PySide6.QtGui import QGuiApplication; a = QGuiApplication(sys.argv[:1]);"
            "sys.exit(0 if a.primaryScreen().grabWindow(0).save(sys.argv[1]) else 1)")
    subprocess.run([sys.executable, "-c", code, str(path)], check=True, timeout=60,
                   env={**os.environ, "DISPLAY": display, "QT_QPA_PLATFORM": "xcb"})


def smoke(bundle: Path, screenshot: Path | None = None, timeout: float = 60) -> dict[str, object]:
    exe = bundle / ("campaign-app.exe" if sys.platform == "win32" else "campaign-app")
    if not exe.is_file():
        raise SystemExit(f"bundle smoke: no {exe} (build it with tools/build-bundle)")
    if not list(bundle.glob("_internal/libpython3*")) and sys.platform.startswith("linux"):
        raise SystemExit("bundle smoke: the bundle has no Python library of its own")
    with tempfile.TemporaryDirectory(prefix="bundle-smoke-") as tmp:
        home = Path(tmp)
        env = bare_env(home)
        version = run([str(exe), "--version"], env, home).strip()
        db = home / "league.sqlite"
        if "created demo campaigns" not in run([str(exe), "--db", str(db), "demo"], env, home):
            raise SystemExit("bundle smoke: demo made no campaigns")
        run([str(exe), "--db", str(db), "export", "roster", "1", "-o", "roster.pdf"], env, home)
        if not (home / "roster.pdf").read_bytes().startswith(b"%PDF-"):
            raise SystemExit("bundle smoke: the exported roster is not a PDF")

        xvfb, display = start_xvfb()
        app = None
        try:
            t0 = time.monotonic()
            app = subprocess.Popen([str(exe), "--db", str(db)], cwd=home,
                                   env={**env, "DISPLAY": display, "QT_QPA_PLATFORM": "xcb"},
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            while (wid := shown_window(display)) is None:
                if app.poll() is not None:
                    out = app.stdout.read().decode(errors="replace") if app.stdout else ""
                    raise SystemExit(f"bundle smoke: the app quit ({app.returncode}) before its window showed:\n{out}")
                if time.monotonic() - t0 > timeout:
                    raise SystemExit(f"bundle smoke: no window after {timeout:.0f} s")
                time.sleep(0.05)
            shown = time.monotonic() - t0
            # the icon property may come a moment after the window is mapped (a loaded
            # machine showed the window before it): waited for, as the window is
            icons = window_icon_sizes(display, wid)
            waited = time.monotonic()
            while shutil.which("xprop") and not icons and time.monotonic() - waited < 10:
                time.sleep(0.1)
                icons = window_icon_sizes(display, wid)
            if shutil.which("xprop") and not icons:
                raise SystemExit("bundle smoke: the window has no icon (_NET_WM_ICON)")
            if screenshot is not None:
                time.sleep(5)  # the database opens after the first paint
                grab(display, screenshot)
            if app.poll() is not None:
                raise SystemExit(f"bundle smoke: the app quit ({app.returncode}) after its window showed")
        finally:
            if app is not None and app.poll() is None:
                app.terminate()
                app.wait(timeout=30)
            xvfb.terminate()
            xvfb.wait(timeout=30)
    return {"version": version, "window_seconds": round(shown, 2), "window_icons": icons,
            "size_mb": round(folder_size(bundle) / 1e6, 1)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("bundle", type=Path, help="the bundle folder (dist/campaign-app)")
    ap.add_argument("--screenshot", type=Path, help="save the screen once the window shows")
    args = ap.parse_args(argv)
    res = smoke(args.bundle, args.screenshot)
    print(json.dumps(res))
    print(f"bundle smoke passed: {res['version']}, {res['size_mb']} MB, window in {res['window_seconds']} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
