"""``campaign-app install-desktop``: put the app into the desktop's menus for this user.

The files are shipped in ``campaign_app/share/``, laid out as they go under
``$XDG_DATA_HOME`` (``~/.local/share``): a freedesktop ``.desktop`` entry in
``applications/``, AppStream metadata in ``metainfo/`` and the icon (SVG and PNG sizes,
drawn by :mod:`ui.icons`) in ``icons/hicolor/``. Installing copies them there, with the
entry's ``Exec`` pointing at the program that ran the command (the ``campaign-app``
script of a pipx or venv install, or the bundle's executable); ``--remove`` takes them
away again. Nothing here needs Qt."""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from campaign_app.errors import InputError

APP_ID = "io.github.campaign_app.CampaignManager"
SHARE = Path(__file__).with_name("share")
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def shipped_files() -> list[Path]:
    """Every shipped desktop file, relative to ``SHARE``."""
    rel = [Path("applications") / f"{APP_ID}.desktop", Path("metainfo") / f"{APP_ID}.metainfo.xml",
           Path("icons/hicolor/scalable/apps") / f"{APP_ID}.svg"]
    rel += [Path(f"icons/hicolor/{n}x{n}/apps") / f"{APP_ID}.png" for n in ICON_SIZES]
    return rel


def data_home(env: dict[str, str] | None = None) -> Path:
    """``$XDG_DATA_HOME`` (when absolute, as the spec asks), else ``~/.local/share``."""
    env = dict(os.environ) if env is None else env
    given = env.get("XDG_DATA_HOME", "")
    if given and os.path.isabs(given):
        return Path(given)
    return Path(env.get("HOME") or Path.home()) / ".local" / "share"


def launcher_command() -> list[str]:
    """How the desktop starts this same install: the bundle's executable, the
    ``campaign-app`` script that is running, else this Python with ``-m campaign_app``
    (its path as it is, not followed through links: a venv's python is a link to the
    system's, which does not see the venv's packages)."""
    if getattr(sys, "frozen", False):
        return [str(Path(sys.executable).resolve())]
    script = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if script is not None and script.name == "campaign-app" and script.is_file():
        return [str(script.resolve())]
    return [os.path.abspath(sys.executable), "-m", "campaign_app"]


def _exec_quote(arg: str) -> str:
    """One argument of a ``.desktop`` ``Exec`` line (quoted as the spec says)."""
    if arg and not any(c in arg for c in ' \t\n"\'\\><~|&;$*?#()`%='):
        return arg
    escaped = "".join("\\" + c if c in '"`$\\' else c for c in arg)
    return f'"{escaped.replace("%", "%%")}"'


def desktop_entry(command: list[str]) -> str:
    """The shipped entry with its ``Exec`` line starting ``command``."""
    text = (SHARE / "applications" / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    exec_line = "Exec=" + " ".join(_exec_quote(a) for a in command)
    lines = [exec_line if line.startswith("Exec=") else line for line in text.splitlines()]
    return "\n".join(lines) + "\n"


def install(target: Path | None = None, command: list[str] | None = None) -> list[Path]:
    """Copy the entry, the metadata and the icons under ``target`` (the XDG data
    folder); returns the files written. Refused, with nothing written, if a shipped file
    is missing (a broken install) or ``target`` cannot take them."""
    target = data_home() if target is None else target
    rel = shipped_files()
    missing = [str(r) for r in rel if not (SHARE / r).is_file()]
    if missing:
        raise InputError(f"this install lacks its desktop files ({', '.join(missing)}): reinstall it")
    entry = desktop_entry(command or launcher_command())
    if target.exists() and not target.is_dir():
        raise InputError(f"{target} is not a folder")
    written = []
    try:
        for r in rel:
            dest = target / r
            dest.parent.mkdir(parents=True, exist_ok=True)
            if r.suffix == ".desktop":
                dest.write_text(entry, encoding="utf-8")
            else:
                shutil.copyfile(SHARE / r, dest)
            written.append(dest)
    except OSError as e:
        for dest in written:
            dest.unlink(missing_ok=True)
        raise InputError(f"cannot write the desktop files under {target}: {e.strerror or e}") from e
    _refresh_caches(target)
    return written


def remove(target: Path | None = None) -> list[Path]:
    """Delete what :func:`install` wrote; returns the files removed."""
    target = data_home() if target is None else target
    removed = []
    for r in shipped_files():
        dest = target / r
        if dest.is_file():
            dest.unlink()
            removed.append(dest)
    _refresh_caches(target)
    return removed


def _refresh_caches(target: Path) -> None:
    """Tell the desktop about the change, where its tools are installed (best effort:
    menus also notice new files by themselves)."""
    for tool, arg in (("update-desktop-database", target / "applications"),
                      ("gtk-update-icon-cache", target / "icons" / "hicolor")):
        exe = shutil.which(tool)
        if exe and arg.is_dir() and (tool != "gtk-update-icon-cache" or (arg / "index.theme").is_file()):
            subprocess.run([exe, "-q", str(arg)], capture_output=True, timeout=30, check=False)


# --------------------------------------------------------------------------- command
def cmd_install_desktop(args: argparse.Namespace, _app: Any) -> None:
    from campaign_app.cli import emit

    target = Path(args.data_home) if args.data_home else None
    paths = remove(target) if args.remove else install(target)
    verb = "removed" if args.remove else "installed"
    emit(args, {verb: [str(p) for p in paths]},
         lambda: "\n".join(f"{verb} {p}" for p in paths) if paths else f"nothing to remove under {target or data_home()}")


def register(sub: Any, add: Any, group: Any) -> None:
    sp = add(sub, "install-desktop", cmd_install_desktop,
             "add the app to this user's desktop menus (entry, icon, AppStream metadata)", needs_db=False)
    sp.add_argument("--remove", action="store_true", help="take the desktop files away again")
    sp.add_argument("--data-home", help="the XDG data folder (default: $XDG_DATA_HOME or ~/.local/share)")
