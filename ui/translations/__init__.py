"""The window's translations: ``campaign_app_LANG.ts`` (the source, kept in the repo,
made by ``pyside6-lupdate`` and translated) and ``campaign_app_LANG.qm`` (built by
``pyside6-lrelease``, loaded by :func:`ui.i18n.install`). The helpers here run those
tools (tools/update-translations and the tests use them); the app never imports this."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

LANGS = ("fr", "it")
HERE = Path(__file__).resolve().parent


def tool(name: str) -> str:
    """``pyside6-<name>`` next to this Python (a venv), else on PATH."""
    exe = Path(sys.executable).with_name(f"pyside6-{name}")
    if exe.exists():
        return str(exe)
    found = shutil.which(f"pyside6-{name}")
    if not found:
        raise FileNotFoundError(f"pyside6-{name} not found (it comes with PySide6)")
    return found


def sources(root: Path) -> list[str]:
    """The ui/ Python files lupdate reads (relative to ``root``, so the locations in the
    .ts files do not depend on where the checkout is)."""
    return sorted(str(p.relative_to(root)) for p in (root / "ui").rglob("*.py")
                  if "translations" not in p.parts)


def lupdate(root: Path, ts: Path, lang: str) -> None:
    """Update ``ts`` from ui/ (kept translations stay; gone strings are dropped)."""
    subprocess.run([tool("lupdate"), "-no-obsolete", "-locations", "none",
                    "-target-language", lang, *sources(root), "-ts", str(ts)],
                   cwd=root, check=True, stdout=subprocess.DEVNULL)


def lrelease(ts: Path, qm: Path) -> None:
    subprocess.run([tool("lrelease"), "-silent", str(ts), "-qm", str(qm)], check=True,
                   stdout=subprocess.DEVNULL)
