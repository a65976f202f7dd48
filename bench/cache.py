"""Built leagues kept between benchmark runs, one per (backend, system, scale, build key).

A league of scale 100 (5,000,000 rolls) takes minutes to load; a rerun takes a copy of the
one built before instead:

- SQLite: ``<cache dir>/league-<system>-s<scale>-<key>.sqlite``, copied into the run's
  folder (each run writes into its own copy);
- PostgreSQL: a database ``cabench_<system>_s<scale>_<key>`` on the server of ``--url``,
  from which each run makes its own database (``CREATE DATABASE ... TEMPLATE``), dropped
  at the end.

The key changes with :data:`BUILD_VERSION` (bump it when the builder's output changes),
the schema head and the league's size, so a stale league is never used."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict
from pathlib import Path
from typing import Any

BUILD_VERSION = 4  # 4: battles with casualties (the standings count them)
"""The builder's output version (part of the cache key)."""


def default_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "campaign-app-bench"


def cache_key(system: str, scale: float, size: object) -> str:
    from db.migrate import HEAD_REVISION

    raw = f"{BUILD_VERSION}|{HEAD_REVISION}|{system}|{scale!r}|{asdict(size)}"  # type: ignore[call-overload]
    return hashlib.sha1(raw.encode()).hexdigest()[:10]  # noqa: S324 (a cache key, not a secret)


def _scale_tag(scale: float) -> str:
    return re.sub(r"[^0-9a-z]", "_", f"{scale:g}")


def sqlite_league(cache: Path | None, dest: Path, system: str, scale: float, size: object,
                  build: object) -> tuple[str, bool]:
    """A SQLite league at ``dest`` (a copy of the cached one, built first if missing);
    returns its URL and whether it came from the cache. ``build(url)`` builds a league
    into the empty database at ``url``."""
    if cache is None:
        build(f"sqlite:///{dest}")  # type: ignore[operator]
        return f"sqlite:///{dest}", False
    cache.mkdir(parents=True, exist_ok=True)
    path = cache / f"league-{system}-s{_scale_tag(scale)}-{cache_key(system, scale, size)}.sqlite"
    hit = path.exists()
    if not hit:
        tmp = path.with_suffix(f".building-{os.getpid()}")
        tmp.unlink(missing_ok=True)
        build(f"sqlite:///{tmp}")  # type: ignore[operator]
        _checkpoint(tmp)
        os.replace(tmp, path)
    shutil.copyfile(path, dest)
    return f"sqlite:///{dest}", hit


def _checkpoint(path: Path) -> None:
    """Everything of a WAL database in its main file (it is copied alone)."""
    import sqlite3

    con = sqlite3.connect(path)
    try:
        busy = con.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]
        con.execute("PRAGMA journal_mode = DELETE")  # the copy carries no side file
    finally:
        con.close()
    if busy:
        raise RuntimeError(f"{path} is still in use: it cannot be kept in the cache")


def _admin(url: str):  # type: ignore[no-untyped-def]
    from sqlalchemy import create_engine
    from sqlalchemy.engine import make_url

    return create_engine(make_url(url).set(drivername="postgresql+psycopg"), isolation_level="AUTOCOMMIT")


def _exists(conn: object, name: str) -> bool:
    from sqlalchemy import text

    return conn.execute(text("SELECT 1 FROM pg_database WHERE datname = :n"), {"n": name}).first() is not None  # type: ignore[attr-defined]


@contextmanager
def pg_league(url: str, system: str, scale: float, size: object, build: object) -> Iterator[tuple[str, bool]]:
    """A PostgreSQL league on the server of ``url`` for the run: a database made from the
    cached one (built first if missing), dropped when the run ends. Yields its URL and
    whether the league came from the cache."""
    from sqlalchemy import text
    from sqlalchemy.engine import make_url

    base = make_url(url)
    cached = f"cabench_{re.sub(r'[^a-z0-9]', '_', system.lower())}_s{_scale_tag(scale)}_{cache_key(system, scale, size)}"
    adm = _admin(url)
    try:
        with adm.connect() as c:
            hit = _exists(c, cached)
        if not hit:
            building = f"{cached}_tmp{os.getpid()}"
            with adm.connect() as c:
                c.execute(text(f'DROP DATABASE IF EXISTS "{building}" WITH (FORCE)'))
                c.execute(text(f'CREATE DATABASE "{building}"'))
            build(base.set(database=building).render_as_string(hide_password=False))  # type: ignore[operator]
            with adm.connect() as c:
                c.execute(text(f'ALTER DATABASE "{building}" RENAME TO "{cached}"'))
        with _database(adm, url, "run", template=cached) as run_url:
            yield run_url, hit
    finally:
        adm.dispose()


@contextmanager
def pg_scratch(url: str) -> Iterator[str]:
    """An empty database on the server of ``url`` for one job of the run (the JSON case's
    import: a database of its own, as SQLite's import gets a new file), dropped after."""
    adm = _admin(url)
    try:
        with _database(adm, url, "scratch") as scratch_url:
            yield scratch_url
    finally:
        adm.dispose()


@contextmanager
def _database(adm: Any, url: str, kind: str, template: str | None = None) -> Iterator[str]:
    """A new database ``cabench_<kind>_<random>`` (a copy of ``template``, else empty)
    on ``adm``'s server for the block, dropped after; yields its URL (``url``'s, renamed)."""
    from sqlalchemy import text
    from sqlalchemy.engine import make_url

    name = f"cabench_{kind}_{uuid.uuid4().hex[:12]}"
    with adm.connect() as c:
        c.execute(text(f'CREATE DATABASE "{name}"' + (f' TEMPLATE "{template}"' if template else "")))
    try:
        yield make_url(url).set(database=name).render_as_string(hide_password=False)
    finally:
        with adm.connect() as c:
            c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
