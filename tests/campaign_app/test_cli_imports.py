"""#32: the command line imports what its command needs and no more. A structural pin
(what is imported, never how long it takes; the time is bench's ``cli`` case): after
``roster show``, in a fresh process, no other command's module, no game system's
commands or procedures, and none of the PDF, desktop, server or import libraries."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from campaign_app.cli import TOP
from campaign_app.usecases import campaigns, fighters, rosters

ROOT = Path(__file__).resolve().parents[2]

# what only other commands use: PDFs, the window, the league server, streamed imports,
# the keyring of a league client, QR codes
HEAVY = ("reportlab", "PySide6", "fastapi", "starlette", "uvicorn", "jinja2", "ijson", "keyring", "qrcode",
         "ui", "server", "reports", "campaign_app.usecases.battles", "campaign_app.usecases.exports",
         "campaign_app.usecases.datafiles")
# a game system's own modules below its package (commands, procedures, layout, demo...)
SYSTEM_PART = re.compile(r"campaign_app\.systems\.(\w+)\.\w+")


def _modules_after(argv: list[str], cache: Path) -> tuple[str, list[str]]:
    """What ``campaign-app ARGV`` prints and every module it imported, in a fresh process
    (run twice: the first keeps the checked rules data, as a user's first command does)."""
    code = ("import contextlib, io, json, sys\nfrom campaign_app.cli import main\nout = io.StringIO()\n"
            f"with contextlib.redirect_stdout(out):\n    code = main({argv!r})\n"
            "print(json.dumps([code, out.getvalue(), sorted(sys.modules)]))\n")
    env = {**os.environ, "CAMPAIGN_APP_CACHE": str(cache), "PYTHONPATH": str(ROOT)}
    for _ in range(2):
        run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT,
                             timeout=120)
    assert run.returncode == 0, run.stderr
    status, printed, modules = json.loads(run.stdout.strip().splitlines()[-1])
    assert status == 0, printed
    return printed, modules


def test_roster_show_imports_its_own_command_modules_only(engine: Any, db_url: str, tmp_path: Path) -> None:
    c = campaigns.create_campaign(engine, "Bastogne", "nuts")
    r = rosters.create_roster(engine, c.id, "Easy Company")
    fighters.add_fighter(engine, r.id, "Sgt Lipton", fighter_type="star", rep=5)
    printed, modules = _modules_after(["--db", db_url, "roster", "show", "Easy Company"], tmp_path / "cache")
    assert printed.startswith("Easy Company") and "Sgt Lipton" in printed, printed

    cli = {m for m in modules if m.startswith("campaign_app.cli.")}
    assert cli == set(TOP["roster"][1]), "roster show imported other commands' modules: " + \
        ", ".join(sorted(cli - set(TOP["roster"][1])))
    parts = sorted(m for m in modules if SYSTEM_PART.match(m))
    assert parts == [], f"a game system's own modules were imported: {parts}"
    heavy = sorted(m for m in modules if m.split(".")[0] in HEAVY or m in HEAVY)
    assert heavy == [], heavy


def test_the_whole_list_of_commands_builds_no_commands_options(tmp_path: Path) -> None:
    """``campaign-app --help`` lists every command from the table of commands and the
    game systems' command lists: no command module is imported."""
    code = ("import contextlib, io, json, sys\nfrom campaign_app.cli import main\nout = io.StringIO()\n"
            "with contextlib.redirect_stdout(out):\n    code = main(['--help'])\n"
            "print(json.dumps([code, out.getvalue(), sorted(sys.modules)]))\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    status, printed, modules = json.loads(run.stdout.strip().splitlines()[-1])
    assert status == 0 and "after-battle" in printed and "creature" in printed
    assert sorted(m for m in modules if m.startswith("campaign_app.cli.")) == []
    assert "sqlalchemy" not in modules and "db" not in modules
