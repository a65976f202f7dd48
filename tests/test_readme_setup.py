"""The README's two set-up commands work as written, as root and as a user with sudo
(issue #34 item 9). A fresh Debian container has no ``sudo`` and one is root there; a
desktop user is not root and has ``sudo``. The commands are read from README.md as a
newcomer copies them (the two ``sh`` blocks after "Set up on a fresh Debian machine"),
checked against ``.ci/run``, and the first is run under ``sh`` with ``apt-get``, ``sudo``
and ``python3`` replaced by stubs on PATH that write down how they were called: as root
it must never call ``sudo``; as another user (``runuser -u nobody``) it must call
``apt-get`` through ``sudo``."""

from __future__ import annotations

import os
import re
import shutil
import stat
import subprocess
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TEST_ONLY = {"xvfb", "x11-utils", "binutils", "postgresql", "chromium", "caddy"}  # .ci/run's packages the app itself does not need


def _setup_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("Set up on a fresh Debian machine")
    blocks = re.findall(r"```sh\n(.*?)\n```", text[start:], flags=re.S)
    return [b.strip() for b in blocks[:2]]


def _ci_packages() -> list[str]:
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    m = re.search(r"for pkg in (.*?); do", script, flags=re.S)
    assert m, "the package loop of .ci/run"
    return m.group(1).replace("\\\n", " ").split()


def _install_packages(command: str) -> list[str]:
    m = re.search(r"apt-get install -y ([^&;|]*)", command)
    assert m, command
    return m.group(1).split()


def test_the_two_commands_read_as_a_newcomer_copies_them():
    first, second = _setup_commands()
    assert "\n" not in first and "\n" not in second
    for cmd in (first, second):
        # no command of the line starts with a bare sudo (there is none as root in a container)
        for part in re.split(r"&&|;|\|\|", cmd):
            assert not part.strip().startswith("sudo"), part
    assert second == "bash .ci/run"  # .ci/run takes sudo itself for apt-get when not root
    assert _install_packages(first) == [p for p in _ci_packages() if p not in TEST_ONLY]
    assert "apt-get update" in first  # a fresh container has no package lists yet
    assert first.endswith("python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/campaign-app")


def test_ci_run_uses_sudo_only_when_not_root_and_keeps_its_settings_through_it():
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert '[ "$(id -u)" -eq 0 ] || SUDO="sudo"' in script
    apt_lines = [line.strip() for line in script.splitlines() if "apt-get" in line and not line.strip().startswith("#")]
    assert apt_lines and all(line.startswith("$SUDO ") for line in apt_lines), apt_lines
    # sudo resets the environment: a variable for apt-get goes through env after sudo
    assert not re.search(r"DEBIAN_FRONTEND=\S+ \$SUDO", script)
    # the PostgreSQL server runs as the postgres user only when root (initdb refuses root)
    assert 'runuser -u postgres -- "$@"; else "$@"; fi' in script
    code = "\n".join(line for line in script.splitlines() if not line.strip().startswith("#"))
    assert "sudo " not in code.replace('SUDO="sudo"', "")  # never a bare sudo


_STUB = """#!/bin/sh
echo "$(id -u) {name} $*" >> "$STUB_LOG"
{body}
"""


def _stubs(folder: Path) -> Path:
    bin_dir = folder / "stubs"
    bin_dir.mkdir()
    venv_bin = '''mkdir -p .venv/bin
for tool in pip campaign-app; do
  printf '#!/bin/sh\\necho "$(id -u) .venv/bin/%s $*" >> "$STUB_LOG"\\n' "$tool" > .venv/bin/$tool
  chmod +x .venv/bin/$tool
done'''
    bodies = {"apt-get": "exit 0", "sudo": 'exec "$@"',
              "python3": f'[ "$1 $2 $3" = "-m venv .venv" ] || exit 3\n{venv_bin}'}
    for name, body in bodies.items():
        p = bin_dir / name
        p.write_text(_STUB.format(name=name, body=body))
        p.chmod(0o755)
    return bin_dir


def _run_first(folder: Path, as_user: str | None) -> list[str]:
    first = _setup_commands()[0]
    bin_dir = _stubs(folder)
    log = folder / "log"
    log.touch()
    log.chmod(0o666)
    work = folder / "checkout"
    work.mkdir()
    for p in (folder, work):
        p.chmod(p.stat().st_mode | stat.S_IRWXO)
    env = {"PATH": f"{bin_dir}:/usr/sbin:/usr/bin:/sbin:/bin", "STUB_LOG": str(log), "HOME": str(folder)}
    argv = ["sh", "-c", first]
    if as_user is not None:
        argv = ["runuser", "-u", as_user, "--", "env", *(f"{k}={v}" for k, v in env.items()), *argv]
    out = subprocess.run(argv, cwd=work, env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return log.read_text().splitlines()


def _shape(lines: list[str]) -> list[str]:
    return [" ".join(line.split()[1:3]) for line in lines]


@pytest.mark.skipif(os.geteuid() != 0, reason="the root path is run as root")
def test_the_first_command_runs_as_root_without_sudo(tmp_path):
    lines = _run_first(tmp_path, None)
    assert _shape(lines) == ["apt-get update", "apt-get install", "python3 -m", ".venv/bin/pip install",
                             ".venv/bin/campaign-app"], lines
    assert all(line.startswith("0 ") for line in lines[:2])  # apt-get as root, no sudo in between
    assert lines[1].split()[3:] == ["-y", *_install_packages(_setup_commands()[0])]


@pytest.fixture
def open_dir():
    """A folder another user can reach (pytest's own are private to this user)."""
    d = Path(tempfile.mkdtemp(prefix="readme-setup-", dir="/tmp"))
    d.chmod(0o755)
    yield d
    shutil.rmtree(d, ignore_errors=True)


@pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("runuser"),
                    reason="runs the command as another user through runuser (as root)")
def test_the_first_command_runs_as_a_user_through_sudo(open_dir):
    lines = _run_first(open_dir, "nobody")
    assert _shape(lines) == ["sudo apt-get", "apt-get update", "sudo apt-get", "apt-get install", "python3 -m",
                             ".venv/bin/pip install", ".venv/bin/campaign-app"], lines
    uid = lines[0].split()[0]
    assert uid != "0" and all(line.split()[0] == uid for line in lines)  # the rest as the user, not root


@pytest.mark.skipif(os.geteuid() == 0, reason="the non-root path is run as a user (as root: runuser above)")
def test_the_first_command_runs_as_this_user_through_sudo(tmp_path):
    lines = _run_first(tmp_path, None)
    assert _shape(lines)[:4] == ["sudo apt-get", "apt-get update", "sudo apt-get", "apt-get install"], lines
