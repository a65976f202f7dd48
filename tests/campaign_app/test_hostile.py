"""Hostile input: thousands of malformed JSON and Yaktribe documents, command lines and
typed dice. Only clean errors come out (AppError, or exit status 2 with ``error:``),
never a traceback, and a refused input never leaves a partial write."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from campaign_app.dice import Roller
from campaign_app.errors import AppError, DiceError
from campaign_app.systems.necromunda.yaktribe import import_yaktribe
from campaign_app.usecases import campaigns, fighters, rolls, rosters
from campaign_app.usecases.datafiles import export_json, import_json
from tests.campaign_app.test_yaktribe import SAMPLE_DOC

FIXTURES_OK = settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
                       deadline=None)

scalars = st.one_of(st.none(), st.booleans(), st.integers(min_value=-(2**70), max_value=2**70),
                    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=30))
json_values = st.recursive(scalars, lambda c: st.one_of(st.lists(c, max_size=5),
                                                         st.dictionaries(st.text(max_size=10), c, max_size=5)),
                           max_leaves=30)


@pytest.fixture(autouse=True)
def _server_backups(tmp_path, monkeypatch):
    monkeypatch.setenv("CAMPAIGN_APP_BACKUP_DIR", str(tmp_path / "server-backups"))


@pytest.fixture
def world(sqlite_engine):
    """A database with one campaign and its export (the seed of mutated documents)."""
    c = campaigns.create_campaign(sqlite_engine, "Seed", "necromunda")
    r = rosters.create_roster(sqlite_engine, c.id, "Gang", credits=50)
    fighters.add_fighter(sqlite_engine, r.id, "Ava", fighter_type="leader", stats={"WS": 3}, weapons=["Lasgun"],
                     skills=["Dodge"])
    rolls.roll_table(sqlite_engine, "n26-lasting-injury", campaign=c.id, seed=1)
    return sqlite_engine, export_json(sqlite_engine, c.id)


def _paths(doc: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out.extend(_paths(v, prefix + (k,)))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out.extend(_paths(v, prefix + (i,)))
    return out


@st.composite
def mutated(draw: Any, base: Any) -> Any:
    doc = copy.deepcopy(base)
    for _ in range(draw(st.integers(1, 4))):
        paths = [p for p in _paths(doc) if p]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = doc
        for part in path[:-1]:
            parent = parent[part]
        action = draw(st.sampled_from(["replace", "delete", "add"]))
        key = path[-1]
        if action == "replace":
            parent[key] = draw(json_values)
        elif action == "delete":
            del parent[key]
        elif isinstance(parent, dict):
            parent[draw(st.text(max_size=8))] = draw(json_values)
        else:
            parent.append(draw(json_values))
    return doc


class Seen:
    """The rows of the test's database as last read, kept across the examples of one test
    (hypothesis keeps its fixtures, and so the database, from one example to the next).
    Reading every table before and after each input was two thirds of these tests' time;
    but a refused input is checked to leave the rows exactly as they were, so the rows read
    after it are the rows before the next input, and need not be read again. Whatever may
    have written (an input that is accepted) makes them unknown: read afresh next time."""

    def __init__(self, engine: Any, snap: Any) -> None:
        self.engine, self.snap = engine, snap
        self._rows: dict[str, list[tuple]] | None = None

    def before(self) -> dict[str, list[tuple]]:
        """The rows now, before an input is tried (unknown again until it is refused)."""
        rows = self._rows if self._rows is not None else self.snap(self.engine)
        self._rows = None
        return rows

    def unchanged(self, before: dict[str, list[tuple]], why: Any) -> None:
        """Check that the input just refused wrote nothing: every row as ``before``."""
        after = self.snap(self.engine)
        assert after == before, why
        self._rows = after


@pytest.fixture
def seen(world: Any, snap: Any) -> Seen:
    return Seen(world[0], snap)


def _import_cleanly(fn: Any, seen: Seen) -> Any:
    before = seen.before()
    try:
        return fn()
    except AppError as e:
        assert str(e)
        seen.unchanged(before, f"refused ({e}) but wrote something")
        return None


# --------------------------------------------------------------------------- files
@pytest.mark.slow
@settings(FIXTURES_OK, max_examples=1000)
@given(raw=st.one_of(st.binary(max_size=300), st.text(max_size=300).map(lambda t: t.encode("utf-8", "surrogatepass"))))
def test_random_bytes_as_campaign_and_gang_files(world, seen, tmp_path, raw):
    engine, _doc = world
    path = tmp_path / "input.json"
    path.write_bytes(raw)
    _import_cleanly(lambda: import_json(engine, path, rename="Fuzz"), seen)
    _import_cleanly(lambda: import_yaktribe(engine, path), seen)


@pytest.mark.slow
@settings(FIXTURES_OK, max_examples=300)
@given(data=st.data())
def test_mutated_campaign_documents(world, seen, data):
    engine, doc = world
    bad = data.draw(mutated(doc))
    c = _import_cleanly(lambda: import_json(engine, bad, rename=f"Fuzz {data.draw(st.uuids())}"), seen)
    if c is not None:  # a mutation that is still valid imports whole and exports back
        again = export_json(engine, c.id)
        assert len(again["rosters"]) == len(bad.get("rosters", []))
        assert len(again["rolls"]) == len(bad.get("rolls", []))


@pytest.mark.slow
@settings(FIXTURES_OK, max_examples=300)
@given(doc=json_values)
def test_random_json_values(world, seen, doc):
    engine, _ = world
    _import_cleanly(lambda: import_json(engine, doc, rename="Fuzz"), seen)
    _import_cleanly(lambda: import_yaktribe(engine, doc), seen)


@pytest.mark.slow
@settings(FIXTURES_OK, max_examples=200)
@given(data=st.data())
def test_mutated_yaktribe_gangs(world, seen, data):
    engine, _ = world
    bad = data.draw(mutated(SAMPLE_DOC))
    result = _import_cleanly(lambda: import_yaktribe(engine, bad, campaign="Seed"), seen)
    if result is not None:
        assert isinstance(result.report, list)
        roster = rosters.show_roster(engine, result.roster["id"])
        assert len(roster["fighters"]) == result.fighters


# --------------------------------------------------------------------------- dice
dice_text = st.one_of(
    st.text(max_size=20),
    st.lists(st.integers(-3, 70), max_size=8).map(lambda xs: ",".join(map(str, xs))),
    st.text(alphabet="0123456789, ;-+\t", max_size=20),
)


@settings(FIXTURES_OK, max_examples=600)
@given(text=dice_text, spec=st.sampled_from(["d6", "2d6", "d66", "d3", "pass:2d6", "best:3d6", "3d6b2"]))
def test_typed_dice_strings(world, seen, text, spec):
    engine, _ = world
    try:
        roller = Roller.from_options(text, None)
        roller.roll(spec, "fuzz", target=4)
        roller.finish()
    except DiceError as e:
        assert str(e)
    _import_cleanly(lambda: rolls.roll_table(engine, "n26-lasting-injury", campaign="Seed", dice=text),
                    seen)


# --------------------------------------------------------------------------- command line
def _commands() -> list[tuple[list[str], list[str]]]:
    """Every command path with its option strings, from the parser itself."""
    import argparse

    from campaign_app.cli import build_parser

    out: list[tuple[list[str], list[str]]] = []

    def walk(parser: argparse.ArgumentParser, path: list[str]) -> None:
        subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        if not subs:
            opts = [s for a in parser._actions for s in a.option_strings if s not in ("-h", "--help", "--db")]
            out.append((path, opts))
            return
        for name, sp in subs[0].choices.items():
            walk(sp, path + [name])

    walk(build_parser(), [])
    # gui and demo open the window; serve runs a server until stopped (tests/server runs it
    # over real HTTP and stops it)
    return [(p, o) for p, o in out if p and p[0] not in ("gui", "demo", "serve")]


COMMANDS = _commands()
safe_text = st.text(alphabet=st.characters(blacklist_characters="/\\~\x00", blacklist_categories=("Cs",)),
                    max_size=12)
token = st.one_of(safe_text, st.integers(-5, 50).map(str), st.sampled_from(["Seed", "Gang", "Ava", "1", "2",
                                                                            "--json", "-1", "3,5", "out.json"]))


@st.composite
def argv(draw: Any) -> list[str]:
    path, opts = draw(st.sampled_from(COMMANDS))
    words = list(path)
    for _ in range(draw(st.integers(0, 6))):
        if opts and draw(st.booleans()):
            words.append(draw(st.sampled_from(opts)))
        words.append(draw(token))
    return words


@pytest.mark.slow
@settings(FIXTURES_OK, max_examples=400)
@given(words=argv())
def test_command_lines(seen, sqlite_url, tmp_path, monkeypatch, capsys, words):
    from campaign_app.cli import main

    monkeypatch.chdir(tmp_path)
    before = seen.before()
    try:
        rc = main(["--db", sqlite_url, *words])
    except SystemExit as e:  # argparse: usage errors exit 2, --help exits 0
        rc = e.code if isinstance(e.code, int) else 2
    out, err = capsys.readouterr()
    assert rc in (0, 2), (words, rc, err[-500:])
    assert "Traceback" not in err and "Traceback" not in out, (words, err[-2000:])
    if rc == 2:
        assert err.startswith("error: ") or err.lstrip().startswith("{") or "usage" in err, (words, err)
        seen.unchanged(before, (words, "refused but wrote something"))


def test_command_list_is_discovered():
    names = {" ".join(p) for p, _ in COMMANDS}
    assert {"backup", "restore", "export json", "import json", "import yaktribe", "fighter add"} <= names
