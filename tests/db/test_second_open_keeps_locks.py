"""A database file opened a second time in one process (the league server's live
watcher, the server started by the CLI, a second window) must keep the first opening's
SQLite locks: POSIX drops every lock a process holds on a file when any descriptor of
that file is closed, so a plain ``open()``/``close()`` of the file let another process,
closing its last connection, delete the -wal file under the first opening, and its
newest commits were lost (the web pages showed a mark the file never got)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import text

from db.migrate import open_database

_OTHER_PROCESS = """
import sqlite3, sys
con = sqlite3.connect(sys.argv[1])
con.execute("SELECT count(*) FROM campaign").fetchall()
con.close()
"""


@pytest.mark.parametrize("not_a_database", [False, True])
def test_opening_again_keeps_the_first_openings_commits(tmp_path: Path, not_a_database: bool) -> None:
    from campaign_app.errors import DatabaseError
    from campaign_app.usecases import campaigns

    path = tmp_path / "table.sqlite"
    url = f"sqlite:///{path}"
    first = open_database(url)
    try:
        campaigns.create_campaign(first, "Kursk", "nuts")
        with first.connect() as held:  # the server's pooled connection, open throughout
            held.execute(text("SELECT 1"))
            again = open_database(url, create=False)  # a second opening in this process
            again.dispose()
            if not_a_database:  # the check of a file that is not a database looks the same way
                junk = tmp_path / "junk.sqlite"
                junk.write_bytes(b"not a database at all" * 20)
                with pytest.raises(DatabaseError, match="file is not a database"):
                    open_database(f"sqlite:///{junk}", create=False)
            subprocess.run([sys.executable, "-c", _OTHER_PROCESS, str(path)], check=True, timeout=60)
            assert (tmp_path / "table.sqlite-wal").exists(), "another process deleted the -wal under us"
            campaigns.create_campaign(first, "Stalingrad", "nuts")
    finally:
        first.dispose()
    import sqlite3

    con = sqlite3.connect(path)
    try:
        names = sorted(r[0] for r in con.execute("SELECT name FROM campaign"))
    finally:
        con.close()
    assert names == ["Kursk", "Stalingrad"]
