"""``-o`` onto what is not a regular file, and names the file system cannot take (issue
#34 items 2 and 4): every command that writes a file refuses a FIFO, a unix socket and a
character device (``/dev/null``: renaming a file over it would replace it, and as root
that succeeds) with one ``error:`` line and exit status 2, leaving it as it was; a file
name of 300 characters, or a path past PATH_MAX, is one line too, never a traceback."""

from __future__ import annotations

import os
import socket
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from campaign_app.cli import main
from campaign_app.errors import InputError
from campaign_app.files import atomic_write, check_output_path
from campaign_app.usecases import campaigns, fighters, rosters
from db.migrate import open_database

WRITERS = [  # every command that writes a file the user names
    ["export", "json", "Kursk", "-o"],
    ["export", "roster", "Easy Company", "-o"],
    ["export", "cards", "Easy Company", "-o"],
    ["export", "qrs", "Kursk", "-o"],
    ["export", "league", "Kursk", "-o"],
    ["export", "campaign", "Kursk", "-o"],
    ["content", "export", "Hive", "-o"],
    ["backup", "-o"],
]

PACK = """
[pack]
name = "Hive weapons"
system = "necromunda"

[items.knife]
name = "Fighting knife"
category = "weapon"
cost = 15
"""


@pytest.fixture
def db(tmp_path) -> Path:
    path = tmp_path / "campaign.sqlite"
    eng = open_database(f"sqlite:///{path}")
    c = campaigns.create_campaign(eng, "Kursk", "nuts")
    r = rosters.create_roster(eng, c.id, "Easy Company")
    fighters.add_fighter(eng, r.id, "Pvt Ryan", fighter_type="grunt", rep=4)
    eng.dispose()
    pack = tmp_path / "pack.toml"
    pack.write_text(PACK, encoding="utf-8")
    assert main(["--db", str(path), "campaign", "create", "Hive", "--system", "necromunda"]) == 0
    assert main(["--db", str(path), "content", "add", "Hive", str(pack)]) == 0
    return path


@pytest.fixture
def short_dir() -> Iterator[Path]:
    """A folder with a short path (a unix socket's path is at most 107 bytes)."""
    d = Path(tempfile.mkdtemp(prefix="co-", dir="/tmp"))
    yield d
    for p in d.iterdir():
        p.unlink()
    d.rmdir()


def _specials(folder: Path) -> dict[str, tuple[Path, object]]:
    fifo = folder / "pipe"
    os.mkfifo(fifo)
    sock_path = folder / "sock"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.bind(str(sock_path))
    out: dict[str, tuple[Path, object]] = {"a FIFO": (fifo, stat.S_ISFIFO), "a unix socket": (sock_path, stat.S_ISSOCK)}
    link = folder / "link-to-pipe"
    link.symlink_to(fifo)
    out["a symbolic link to a FIFO"] = (link, stat.S_ISFIFO)
    if os.geteuid() == 0:  # a private character device (the same as /dev/null: 1, 3)
        dev = folder / "null"
        os.mknod(dev, stat.S_IFCHR | 0o666, os.makedev(1, 3))
        out["a character device"] = (dev, stat.S_ISCHR)
    sock.close()
    return out


def _one_error_line(err: str) -> None:
    assert err.startswith("error: "), err
    assert len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err


@pytest.mark.parametrize("argv", WRITERS, ids=lambda a: " ".join(a[:2]))
def test_no_writer_replaces_a_fifo_a_socket_or_a_device(db, short_dir, capsys, argv):
    for what, (target, is_kind) in _specials(short_dir).items():
        with pytest.raises(InputError, match="not a regular file"):  # the one check, before any write
            check_output_path(target)
        rc = main(["--db", str(db), *argv, str(target)])
        err = capsys.readouterr().err
        assert rc == 2, (what, err)
        _one_error_line(err)
        assert "not a regular file" in err, (what, err)
        assert is_kind(os.stat(target).st_mode), f"{what} was replaced by {argv}"  # type: ignore[operator]
        assert not [p for p in short_dir.iterdir() if p.name.endswith(".part")]
    for p in list(short_dir.iterdir()):
        p.unlink()
    out = short_dir / "out.file"  # an ordinary new file is written
    assert main(["--db", str(db), *argv, str(out)]) == 0
    assert out.stat().st_size > 0


def test_dev_null_is_refused_and_stays_a_character_device(db, capsys):
    null = Path("/dev/null")
    assert stat.S_ISCHR(os.stat(null).st_mode)
    # the check first: if it let /dev/null through, the commands below would replace it (as root)
    with pytest.raises(InputError, match="it is a character device, not a regular file"):
        check_output_path(null)
    with pytest.raises(InputError, match="not a regular file"), atomic_write(null) as tmp:
        tmp.write_text("x")
    for argv in WRITERS:
        rc = main(["--db", str(db), *argv, str(null)])
        err = capsys.readouterr().err
        assert rc == 2, (argv, err)
        _one_error_line(err)
        assert stat.S_ISCHR(os.stat(null).st_mode), f"{argv} replaced /dev/null"
    assert not list(Path("/dev").glob(".null.*.part"))


@pytest.mark.parametrize("argv", WRITERS, ids=lambda a: " ".join(a[:2]))
def test_a_name_too_long_for_the_file_system_is_one_line(db, tmp_path, capsys, argv):
    long_name = tmp_path / ("n" * 300 + ".pdf")
    deep = tmp_path.joinpath(*["d" * 200] * 25, "out.pdf")  # past PATH_MAX (4096 bytes)
    many = tmp_path / ("é" * 200 + ".json")  # 200 characters but 400 bytes
    for target, words in ((long_name, "bytes long (at most"), (deep, "bytes long (at most"),
                          (many, "bytes long (at most")):
        rc = main(["--db", str(db), *argv, str(target)])
        err = capsys.readouterr().err
        assert rc == 2, err
        _one_error_line(err)
        assert words in err, err
        assert len(err) < 400, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["campaign.sqlite", "pack.toml"] or \
        not [p for p in tmp_path.iterdir() if p.name.endswith(".part")]


def test_a_name_near_the_limit_is_still_written(db, tmp_path):
    near = tmp_path / ("n" * 250 + ".json")  # 255 bytes: the temporary file's name must fit too
    assert main(["--db", str(db), "export", "json", "Kursk", "-o", str(near)]) == 0
    assert near.stat().st_size > 0
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".part")]


def test_a_name_too_long_anywhere_else_is_one_line(db, tmp_path, capsys, monkeypatch):
    """The same names where a file is read (import, restore, a pack, a house rule) and
    where the database itself is named (``--db``, a ``sqlite:///`` URL, $CAMPAIGN_APP_DB)."""
    capsys.readouterr()
    long_file = str(tmp_path / ("n" * 300 + ".json"))
    deep_db = str(tmp_path.joinpath(*["d" * 200] * 25, "x.sqlite"))
    runs = [["--db", str(db), "import", "json", long_file], ["--db", str(db), "restore", long_file],
            ["--db", str(db), "content", "add", "Hive", long_file],
            ["--db", str(db), "import", "yaktribe", long_file, "--campaign", "Hive"],
            ["--db", str(db), "campaign", "house-rule", "Hive", "n26-lasting-injury", "--file", long_file],
            ["--db", long_file, "campaign", "list"], ["--db", f"sqlite:///{long_file}", "campaign", "create", "X",
                                                     "--system", "nuts"],
            ["--db", deep_db, "campaign", "list"]]
    for argv in runs:
        rc = main(argv)
        err = capsys.readouterr().err
        assert rc == 2, (argv[-3:], err)
        _one_error_line(err)  # (the name itself may be shown whole)
    monkeypatch.setenv("CAMPAIGN_APP_DB", long_file)
    assert main(["campaign", "create", "X", "--system", "nuts"]) == 2
    err = capsys.readouterr().err
    _one_error_line(err)
    assert "bytes long (at most 255)" in err, err
    assert not [p for p in tmp_path.iterdir() if len(p.name) > 255 or p.name.startswith(".n")]
