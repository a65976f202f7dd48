"""Shared fixtures. Qt runs offscreen, always; databases are temp SQLite files, and the
same tests run on PostgreSQL when CAMPAIGN_APP_TEST_PG names a server (.ci/run starts
one): each test then gets a fresh database of its own."""

from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any


def _laptop_screen() -> str:
    """Qt's offscreen platform with one 1280x800 screen (the smallest laptop the window is
    made for; the plugin's default is 800x800): windows and dialogs sized to fit the
    screen (ui.widgets.fit_to_screen) are laid out as on that laptop. The 1024x700 checks
    run the screenshot tool in a process of its own with that screen."""
    import json
    import tempfile

    conf = Path(tempfile.mkdtemp(prefix="qt-screen-")) / "screen.json"
    conf.write_text(json.dumps({"screens": [{"name": "laptop", "x": 0, "y": 0, "width": 1280, "height": 800,
                                             "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}), "utf-8")
    return f"offscreen:configfile={conf}"


os.environ["QT_QPA_PLATFORM"] = _laptop_screen()
os.environ.pop("CAMPAIGN_APP_DB", None)
# every test parses and checks the rules data itself (the user's kept copy is not read:
# tests/campaign_app/test_rulebook_cache.py proves the copy on a folder of its own)
os.environ["CAMPAIGN_APP_CACHE"] = "off"

import pytest  # noqa: E402
from sqlalchemy import create_engine, text  # noqa: E402
from sqlalchemy.engine import Engine, make_url  # noqa: E402

PG_ENV = "CAMPAIGN_APP_TEST_PG"


def pg_admin_url() -> str | None:
    return os.environ.get(PG_ENV) or None


@pytest.fixture(autouse=True)
def _backups_in_tmp(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Server backups (taken before imports and migrations) never go to the user's folder."""
    monkeypatch.setenv("CAMPAIGN_APP_BACKUP_DIR", str(tmp_path_factory.mktemp("backups")))


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'campaign.sqlite'}"


@contextmanager
def _pg_database(admin: str, template: str | None = None) -> Iterator[str]:
    """A new PostgreSQL database (empty, or a copy of ``template``), dropped at the end."""
    name = f"t_{uuid.uuid4().hex[:12]}"
    adm = create_engine(make_url(admin).set(drivername="postgresql+psycopg"), isolation_level="AUTOCOMMIT")
    with adm.connect() as c:
        c.execute(text(f'CREATE DATABASE "{name}"' + (f' TEMPLATE "{template}"' if template else "")))
    try:
        yield make_url(admin).set(database=name).render_as_string(hide_password=False)
    finally:
        with adm.connect() as c:
            c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        adm.dispose()


@pytest.fixture
def pg_url() -> Iterator[str]:
    admin = pg_admin_url()
    if not admin:
        pytest.skip(f"no PostgreSQL server: set {PG_ENV} (.ci/run does)")
    with _pg_database(admin) as url:
        yield url


@pytest.fixture(params=["sqlite", "postgres"])
def db_url(request: pytest.FixtureRequest) -> str:
    """A fresh, empty database URL: SQLite, and PostgreSQL when available."""
    if request.param == "sqlite":
        return request.getfixturevalue("sqlite_url")
    if "engine" in request.fixturenames:  # made from the migrated template at once (below)
        return request.getfixturevalue("_pg_migrated_url")
    return request.getfixturevalue("pg_url")


# A migrated database is made once per test process (and xdist worker) and copied for
# each test that asks for `engine`: a SQLite file copied, a PostgreSQL database created
# from it as TEMPLATE. Running the ten migrations took about 0.4 s a test on each backend,
# for 750 tests. What creating and upgrading do is proven by their own tests (tests/db/
# test_schema.py, test_migration_*.py), which open empty databases through `db_url`.


@pytest.fixture(scope="session")
def _sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from db.migrate import open_database

    path = tmp_path_factory.mktemp("template") / "template.sqlite"
    eng = open_database(f"sqlite:///{path}")
    with eng.connect() as c:
        c.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    eng.dispose()  # the last connection gone: no -wal or -shm file is left beside it
    assert not path.with_name(path.name + "-wal").exists()
    return path


@pytest.fixture(scope="session")
def _pg_template() -> Iterator[str]:
    """The name of a migrated PostgreSQL database that no one is connected to."""
    admin = pg_admin_url()
    if not admin:
        pytest.skip(f"no PostgreSQL server: set {PG_ENV} (.ci/run does)")
    from db.migrate import open_database

    name = f"tmpl_{uuid.uuid4().hex[:12]}"
    adm = create_engine(make_url(admin).set(drivername="postgresql+psycopg"), isolation_level="AUTOCOMMIT")
    with adm.connect() as c:
        c.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        eng = open_database(make_url(admin).set(database=name).render_as_string(hide_password=False))
        eng.dispose()
        yield name
    finally:
        with adm.connect() as c:
            c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        adm.dispose()


# Seeded databases: a fixture that writes the same rows before every test that asks for
# it (tests/server's league, `lg`: four members with argon2 hashes, a campaign, two
# rosters and their fighters, 0.3-1.5 s a test for ~300 tests) names, in SEEDS, its
# fixture and the function that writes them. The rows are then written once per test
# process and backend, into a copy of the migrated template, and a test asking for that
# fixture gets its `engine` as a copy of this seeded template instead: a database of its
# own, with the same rows and ids as if the fixture had written them itself (SQLite
# copies sqlite_sequence, PostgreSQL's TEMPLATE its sequences). What the function returns
# (the rows' ids) the fixture reads with `seeded(request, name)`.
# tests/server/test_app.py::test_the_league_fixture_is_the_league_written_in_place
# compares such a copy with the rows written in place.
SEEDS: dict[str, Callable[[Engine], Any]] = {}


def _seed_asked(request: pytest.FixtureRequest) -> str | None:
    return next((name for name in SEEDS if name in request.fixturenames), None)


@pytest.fixture(scope="session")
def _seeded_templates() -> Iterator[dict[tuple[str, str], tuple[str, Any]]]:
    """(seed, backend) -> (the template: a SQLite file, a PostgreSQL database's name; what
    the seed function returned), filled as tests ask; the PostgreSQL ones dropped at the end."""
    made: dict[tuple[str, str], tuple[str, Any]] = {}
    yield made
    admin = pg_admin_url()
    pg = [where for (_, backend), (where, _) in made.items() if backend == "postgresql"]
    if admin and pg:
        adm = create_engine(make_url(admin).set(drivername="postgresql+psycopg"), isolation_level="AUTOCOMMIT")
        with adm.connect() as c:
            for name in pg:
                c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        adm.dispose()


def _seeded_template(request: pytest.FixtureRequest, seed: str, backend: str) -> tuple[str, Any]:
    """The template of ``seed`` on ``backend`` (made the first time it is asked for)."""
    from db.migrate import open_database

    made = request.getfixturevalue("_seeded_templates")
    if (seed, backend) in made:
        return made[(seed, backend)]  # type: ignore[no-any-return]
    if backend == "sqlite":
        path = request.getfixturevalue("tmp_path_factory").mktemp(f"seed-{seed}") / "template.sqlite"
        shutil.copyfile(request.getfixturevalue("_sqlite_template"), path)
        eng = open_database(f"sqlite:///{path}")
        value = SEEDS[seed](eng)
        with eng.connect() as c:
            c.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
        eng.dispose()  # as _sqlite_template: the whole database in the one file copied
        assert not path.with_name(path.name + "-wal").exists()
        made[(seed, backend)] = (str(path), value)
    else:
        admin = pg_admin_url()
        assert admin
        name = f"seed_{uuid.uuid4().hex[:12]}"
        adm = create_engine(make_url(admin).set(drivername="postgresql+psycopg"), isolation_level="AUTOCOMMIT")
        with adm.connect() as c:
            c.execute(text(f'CREATE DATABASE "{name}" TEMPLATE "{request.getfixturevalue("_pg_template")}"'))
        adm.dispose()
        made[(seed, backend)] = (name, None)  # dropped at the end even if the seed fails
        eng = open_database(make_url(admin).set(database=name).render_as_string(hide_password=False))
        try:
            value = SEEDS[seed](eng)
        finally:
            eng.dispose()  # no one connected: it can be a TEMPLATE
        made[(seed, backend)] = (name, value)
    return made[(seed, backend)]  # type: ignore[no-any-return]


def seeded(request: pytest.FixtureRequest, seed: str) -> Any:
    """What ``SEEDS[seed]`` returned when it wrote the rows this test's database was
    copied from (the test's ``engine`` is one such copy)."""
    backend = make_url(request.getfixturevalue("db_url")).get_backend_name()
    return _seeded_template(request, seed, backend)[1]


@pytest.fixture
def _pg_migrated_url(_pg_template: str, request: pytest.FixtureRequest) -> Iterator[str]:
    """A PostgreSQL database made from the session's migrated template (or seeded one, if
    the test asks for a fixture in SEEDS), for a test that asks for ``engine``
    (``db_url`` is then its URL): made once, not made empty by ``pg_url`` and then
    dropped and made again (0.12-0.18 s more a test)."""
    admin = pg_admin_url()
    assert admin
    seed = _seed_asked(request)
    template = _seeded_template(request, seed, "postgresql")[0] if seed else _pg_template
    with _pg_database(admin, template) as url:
        yield url


def _copy_sqlite(template: str | Path, target: str) -> None:
    """``template``'s database into the file ``target``. A file copy when there is no
    such file yet; else through SQLite's backup API: another engine of the test may have
    opened that file already (the window's, tests/ui/conftest.py's gui_engine, on the same
    sqlite_url), and a file copied under it would be read through its -wal file, which
    still holds the pages of the database it made (the seeded rows unseen)."""
    import sqlite3

    if not Path(target).exists():
        shutil.copyfile(template, target)
        return
    src = sqlite3.connect(f"file:{template}?mode=ro", uri=True)
    dst = sqlite3.connect(target)
    try:
        src.backup(dst)
    finally:
        dst.close()
        src.close()


@pytest.fixture
def engine(db_url: str, request: pytest.FixtureRequest) -> Iterator[Engine]:
    """A migrated engine on each backend (a copy of the session's migrated database, or
    of a seeded one: a SQLite file copied; on PostgreSQL ``db_url`` is already one,
    ``_pg_migrated_url``)."""
    from db.migrate import open_database

    u = make_url(db_url)
    if u.get_backend_name() == "sqlite":
        seed = _seed_asked(request)
        template = _seeded_template(request, seed, "sqlite")[0] if seed else request.getfixturevalue("_sqlite_template")
        _copy_sqlite(template, u.database)
    eng = open_database(db_url)
    yield eng
    _results_keep_their_rosters(eng)
    eng.dispose()


def _results_keep_their_rosters(eng: Engine) -> None:
    """Whatever a test did, every battle result still names its figure's roster and its
    attacker's (copies the standings count by: db.models.BattleResult)."""
    from sqlmodel import Session

    from db.queries.standings import stale_result_rosters

    with Session(eng) as s:
        stale = stale_result_rosters(s)
    assert not stale, f"battle results {stale[:10]} keep another roster than their figure's"


@pytest.fixture
def sqlite_engine(sqlite_url: str, _sqlite_template: Path) -> Iterator[Engine]:
    from db.migrate import open_database

    shutil.copyfile(_sqlite_template, make_url(sqlite_url).database)
    eng = open_database(sqlite_url)
    yield eng
    _results_keep_their_rosters(eng)
    eng.dispose()


_SELECTS: dict[frozenset[Any], list[tuple[str, Any]]] = {}


def snapshot(engine: Engine) -> dict[str, list[tuple]]:
    """Every row of every table, for 'nothing was written' assertions."""
    from sqlmodel import SQLModel

    import db.models  # noqa: F401

    tables = SQLModel.metadata.tables
    key = frozenset(tables.values())
    if key not in _SELECTS:  # the tables sorted and their SELECTs made once (a tenth of the time)
        _SELECTS[key] = [(t.name, t.select()) for t in SQLModel.metadata.sorted_tables]
    out: dict[str, list[tuple]] = {}
    with engine.connect() as c:
        for name, select in _SELECTS[key]:
            out[name] = sorted(tuple(map(repr, r)) for r in c.execute(select))
    return out


@pytest.fixture
def snap():
    return snapshot


# rough seconds of the long proofs on the 2-core CI machine, to share them out (by name)
_LONG_WEIGHTS = (("mutation_sample", 150), ("upgrade_of_a_large", 100), ("exports_and_backups", 60),
                 ("bundle", 50), ("wheel", 30), ("first_creation", 20))


def _weight(item: pytest.Item) -> int:
    return next((w for key, w in _LONG_WEIGHTS if key in item.name), 10)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The long proofs (marked slow: kill loops, the bundle and wheel builds; the mutation
    sample) start first, shared out among the pytest-xdist workers (.ci/run: ``-n``):
    last, one of them would keep the whole run waiting at its end.

    Sorting them first is not enough: xdist's load scheduling hands each worker a first
    chunk of consecutive tests (a quarter of its share), so every long proof went to the
    first worker, one after another, while the other ran short tests and then waited. So
    each worker's first chunk starts with its part of the long proofs (the longest first,
    each to the worker with the least so far), then short tests. Workers collect the same
    tests and sort them the same way, as xdist requires."""
    def long(item: pytest.Item) -> bool:
        return item.get_closest_marker("slow") is not None or item.get_closest_marker("mutation") is not None

    longs = sorted((i for i in items if long(i)), key=lambda i: (-_weight(i), i.nodeid))
    shorts = [i for i in items if not long(i)]
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT") or 1)
    if workers <= 1 or len(items) < 2 * workers:
        items[:] = longs + shorts
        return
    shares: list[list[pytest.Item]] = [[] for _ in range(workers)]
    load = [0] * workers
    for item in longs:
        k = load.index(min(load))
        shares[k].append(item)
        load[k] += _weight(item)
    chunk = max((len(items) // workers) // 4, 2)  # xdist's LoadScheduling: its first chunk per worker
    out: list[pytest.Item] = []
    for share in shares:
        fill = max(chunk - len(share), 0)
        out += share + shorts[:fill]
        shorts = shorts[fill:]
    items[:] = out + shorts
