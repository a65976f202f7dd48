"""Tests that kill mutants of rules loading (tools/mutation, group `rules`):
campaign_app/rules/loader.py, schema.py, i18n.py and rolling.py.

``load_rulebook()`` and the translations' ``catalogue()`` are read once per process
(lru_cache); mutmut runs each mutant in a child of a process that already ran the tests,
so a test that only asks for the cached rulebook never runs the loader's code under the
mutant. Every test here builds what it checks afresh (the ``fresh`` fixture clears the
caches before and after), or calls the parse and check functions on data.

- a golden record of the whole freshly loaded rulebook (every file, table, row, effect,
  lookup at every outcome of its dice, the per-campaign views) and of both translation
  catalogues: ``mutants_rules_golden.json``, written with GOLDEN=write (tests/campaign_app/
  golden.py) and checked by hand against the rules files;
- bad rules data, each with the exact one-line error, boundaries included (the last value
  accepted, the first refused);
- ``translated()`` with and without a translation, and rolling on a table."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, TypeAdapter, ValidationError
from pydantic_core import InitErrorDetails, PydanticCustomError

from campaign_app.dice import DiceRequest, Roller, parse_spec
from campaign_app.errors import InputError, RulesDataError
from campaign_app.rules import i18n
from campaign_app.rules import loader as L
from campaign_app.rules import schema as S
from campaign_app.rules.rolling import roll_on
from campaign_app.systems.registry import systems
from tests.campaign_app.golden import check

GOLDEN = Path(__file__).with_name("mutants_rules_golden.json")


@pytest.fixture
def fresh():
    """The rulebook and the translations read anew (and again after, for other tests)."""
    L.load_rulebook.cache_clear()
    i18n.catalogue.cache_clear()
    yield
    L.load_rulebook.cache_clear()
    i18n.catalogue.cache_clear()


def raises(text: str, exc: type[Exception] = RulesDataError):
    return pytest.raises(exc, match="^" + re.escape(text) + "$")


def digest(v: Any) -> str:
    return hashlib.sha256(json.dumps(v, sort_keys=True, default=str).encode()).hexdigest()[:16]


# --- the golden record -------------------------------------------------------------


def table_record(t: L.Table) -> dict[str, Any]:
    d: dict[str, Any] = {
        "id": t.id, "title": t.title, "dice": t.dice, "target": t.target, "note": t.note,
        "default": t.default, "group": t.group, "system": t.system, "edition": t.edition,
        "expansion": t.expansion, "source": t.source, "rolled": t.rolled,
        "entries": [dict(e) for e in t.entries],
        "rows": [{"roll": r.roll, "low": r.low, "high": r.high, "result": r.result, "label": r.label,
                  "text": r.text, "effects": [[e.op, dict(e.args)] for e in r.effects]} for r in t.rows],
        "to_dict": t.to_dict(),
    }
    spec = t.spec
    d["spec"] = None if spec is None else spec.text
    if spec is not None:
        outs = spec.outcomes()
        d["lookups"] = {str(v): t.lookup(v).result for v in outs}
        for v in (min(outs) - 1, max(outs) + 1):
            try:
                d["lookups"][str(v)] = t.lookup(v).result
            except RulesDataError as e:
                d["lookups"][str(v)] = str(e)
    return d


def book_record(book: L.RuleBook) -> dict[str, Any]:
    files = [{"name": f.name, "system": f.system, "edition": f.edition, "expansion": f.expansion,
              "title": f.title, "tables": [t.id for t in f.tables], "data": dict(f.data)} for f in book.files]
    views: dict[str, Any] = {}
    for sid, gs in systems().items():
        info = gs.info
        views[f"{sid}"] = {"tables": sorted(book.for_campaign(sid)), "data": sorted(book.data(sid))}
        for ed in info.editions:
            for exps in ((), tuple(info.expansions)):
                key = f"{sid}|{ed}|{','.join(exps)}"
                data = book.data(sid, ed, exps)
                views[key] = {"tables": sorted(book.for_campaign(sid, ed, exps)),
                              "data": {k: digest(v) for k, v in sorted(data.items())}}
    return {"files": files, "tables": {tid: table_record(t) for tid, t in book.tables.items()},
            "views": views}


def test_golden_rulebook_and_translations(fresh):
    book = L.load_rulebook()
    got = book_record(book)
    # the same rulebook comes back until the cache is cleared
    assert L.load_rulebook() is book
    for t in book.tables.values():
        assert book.table(t.id) is t
        for r in t.rows:
            assert t.row_by_result(r.result) is r
    got["catalogue_fr"] = i18n.build_catalogue("fr")
    got["catalogue_it"] = i18n.build_catalogue("it")
    assert i18n.catalogue("fr") == got["catalogue_fr"]
    assert i18n.catalogue("en") == {}
    check(GOLDEN, got)


# --- bad tables: parse_table (a house rule) and _build_table -------------------------

D6 = [{"roll": "1-6", "result": "any"}]


def tbl(rows: Any = D6, dice: str = "d6", **kw: Any) -> dict[str, Any]:
    return {"title": "T", "dice": dice, "rows": rows, **kw}


def effects_table(*effects: dict[str, Any], source: str = "src") -> L.Table:
    """A d6 table whose second row carries ``effects`` after a harmless one (so the
    row and the effect named in an error count from 1: row 2 effect 2)."""
    return L.parse_table("t", tbl([{"roll": "1-3", "result": "a"},
                                   {"roll": "4-6", "result": "b", "effects": [{"op": "remove"}, *effects]}]),
                         source)


HR = "house rule: table t"
W = f"{HR} row 2 effect 2"
KNOWN = ("advance, condition, figures, new-figures, note, remove, rep, roll-again, set-rep, skill, stat, "
         "status, training, xp")
STATUSES = "active, captured, convalescence, dead, in-recovery, lost, turned"
D7 = "unknown dice 'd7' (try d6, 2d6, d3, d66, pass:2d6)"

BAD_TABLES = [
    # (table id, raw table, the one-line error)
    ("Bad", tbl(), "house rule: table Bad: table id must be lower-case kebab-case"),
    ("t", {"dice": "d6"}, "house rule: tables.t.title: is required"),
    ("t", tbl(Label="x"), "house rule: tables.t.Label: is not a known key"),
    ("t", tbl([{"roll": "1-6", "result": "any", "Text": ""}]), "house rule: tables.t.rows[0].Text: is not a known key"),
    ("t", tbl([{"roll": "6-1", "result": "any"}]), "house rule: tables.t.rows[0].roll: roll range '6-1' runs backwards"),
    ("t", tbl([{"roll": True, "result": "any"}]),
     "house rule: tables.t.rows[0].roll: must be a number or a range like '3-7', not true/false"),
    ("t", tbl([{"roll": 2.5, "result": "any"}]),
     "house rule: tables.t.rows[0].roll: must be a number or a range like '3-7', not a number"),
    ("t", tbl([{"roll": "1-6", "result": "any", "effects": ["x"]}]),
     "house rule: tables.t.rows[0].effects[0]: must be a table, not text"),
    ("t", tbl(dice="none"), f"{HR}: a table with dice = 'none' has entries, not rows"),
    ("t", tbl([]), f"{HR}: a rolled table needs rows"),
    ("t", tbl([{"roll": "1-5", "result": "a"}]), f"{HR}: no row covers a roll of 6 (d6)"),
    ("t", tbl([{"roll": "1-4", "result": "a"}, {"roll": "4-6", "result": "b"}]), f"{HR}: rows 1 and 2 both cover a roll of 4"),
    ("t", tbl([{"roll": "1-6", "result": "a"}, {"roll": 0, "result": "b"}]), f"{HR} row 2: roll 0 cannot come up on d6"),
    ("t", tbl([{"roll": "1-6", "result": "a"}, {"roll": "7+", "result": "b"}]), f"{HR} row 2: roll 7+ cannot come up on d6"),
    ("t", tbl([{"roll": "1-7", "result": "a"}]), f"{HR} row 1: roll 1-7 runs outside 1-6 (d6)"),
    # a closed band starting below the dice: refused as one that cannot come up
    ("t", tbl([{"roll": "1-3", "result": "a"}, {"roll": "4-7", "result": "b"}], dice="d6+1"),
     f"{HR} row 1: roll 1-3 cannot come up on d6+1"),
    ("t", tbl([{"roll": "2-3", "result": "a"}, {"roll": "4-8", "result": "b"}], dice="d6+1"),
     f"{HR} row 2: roll 4-8 runs outside 2-7 (d6+1)"),
    # effects: the row and the effect counted from 1
    ("t", tbl([{"roll": "1-6", "result": "a", "effects": [{"op": "remove"}, {"op": "fly"}]}]),
     f"{HR} row 1 effect 2: unknown effect op 'fly' (known: {KNOWN})"),
    ("t", tbl([{"roll": "1-6", "result": "a", "effects": [{"value": 1}]}]),
     f"{HR} row 1 effect 1: unknown effect op None (known: {KNOWN})"),
]

BAD_EFFECTS = [
    ({"op": "stat"}, "effect 'stat' needs delta, stat"),
    ({"op": "stat", "stat": "M"}, "effect 'stat' needs delta"),
    ({"op": "remove", "x": 1, "a": 2}, "effect 'remove' does not take a, x"),
    ({"op": "rep", "delta": 1, "value": 2}, "effect 'rep' does not take value"),
    ({"op": "status", "value": "gone"}, f"status 'gone' is not one of {STATUSES}"),
    ({"op": "status", "value": 3}, f"status 3 is not one of {STATUSES}"),
    ({"op": "rep", "delta": "1"}, "effect 'rep': delta must be a whole number"),
    ({"op": "stat", "stat": "M", "delta": True}, "effect 'stat': delta must be a whole number"),
    ({"op": "new-figures", "count": 1.0}, "effect 'new-figures': count must be a whole number"),
    ({"op": "xp"}, "effect 'xp' needs exactly one of value or dice"),
    ({"op": "xp", "value": 1, "dice": "d3"}, "effect 'xp' needs exactly one of value or dice"),
    ({"op": "xp", "dice": "d7"}, D7),
    ({"op": "roll-again", "table": "t", "times": "d7"}, f"roll-again times: {D7}"),
]


@pytest.mark.parametrize(("tid", "raw", "error"), BAD_TABLES)
def test_a_bad_table_is_one_exact_line(tid, raw, error):
    with raises(error):
        L.parse_table(tid, raw, "house rule")


@pytest.mark.parametrize(("effect", "error"), BAD_EFFECTS)
def test_a_bad_effect_is_one_exact_line_naming_row_and_effect(effect, error):
    with raises(f"{W}: {error}"):
        effects_table(effect, source="house rule")


def test_good_tables_and_effects_as_parsed():
    t = L.parse_table("t", tbl([{"roll": "2-3", "result": "a", "label": "A", "text": "x"},
                                {"roll": 4, "result": "b", "text": "y",
                                 "effects": [{"op": "roll-again", "table": "t"},
                                             {"op": "roll-again", "table": "t", "times": "d3", "reroll": ["a"]},
                                             {"op": "xp", "dice": "d3"}, {"op": "xp", "value": 2},
                                             {"op": "rep", "delta": -1}, {"op": "new-figures", "count": 2},
                                             {"op": "status", "value": "dead"}]},
                                {"roll": "5+", "result": "c"}], dice="d6+1", target="Rep"), "house rule")
    assert (t.id, t.title, t.dice, t.target, t.source) == ("t", "T", "d6+1", "Rep", "house rule")
    # no file: no system, edition nor expansion
    assert (t.system, t.edition, t.expansion, t.entries, t.note, t.group, t.default) == ("", "", "", (), "", "", False)
    assert [(r.roll, r.low, r.high, r.result, r.label, r.text) for r in t.rows] == [
        ("2-3", 2, 3, "a", "A", "x"), ("4", 4, 4, "b", "b", "y"), ("5+", 5, 999, "c", "c", "")]
    assert [e.to_dict() for e in t.rows[1].effects] == [
        {"op": "roll-again", "table": "t"}, {"op": "roll-again", "table": "t", "times": "d3", "reroll": ["a"]},
        {"op": "xp", "dice": "d3"}, {"op": "xp", "value": 2}, {"op": "rep", "delta": -1},
        {"op": "new-figures", "count": 2}, {"op": "status", "value": "dead"}]
    assert t.rows[1].effects[0].args == {"table": "t"}
    assert t.rows[1].effects[1].get("times") == "d3" and t.rows[1].effects[0].get("times", 1) == 1
    assert [t.lookup(v).result for v in range(2, 8)] == ["a", "a", "b", "c", "c", "c"]
    with raises("table t: no row for a roll of 1"):
        t.lookup(1)
    assert t.lookup(999).result == "c"  # an open row runs on (to 999)
    with raises("table t: no row with result 'zz'"):
        t.row_by_result("zz")
    assert t.row_by_result("b") is t.rows[1]
    assert t.to_dict() == {"title": "T", "dice": "d6+1", "target": "Rep", "rows": [r.to_dict() for r in t.rows]}
    assert t.rows[0].to_dict() == {"roll": "2-3", "result": "a", "label": "A", "text": "x", "effects": []}
    # a row reaching below the dice, open or not, and one that only its low end can reach
    low = L.parse_table("t", tbl([{"roll": -1, "result": "a"}, {"roll": "0-4", "result": "b"}], dice="d6-2"), "s")
    assert [(r.low, r.high) for r in low.rows] == [(-1, -1), (0, 4)]
    with raises("s: table t row 2: roll 5+ cannot come up on d6-2"):
        L.parse_table("t", tbl([{"roll": "-1-4", "result": "a"}, {"roll": "5+", "result": "b"}], dice="d6-2"), "s")


def test_reference_tables_and_meta():
    t = L.parse_table("ref", {"title": " R ", "dice": "none", "entries": [{"a": 1}], "note": 5, "group": "g",
                              "default": 1}, "f.toml", {"system": "nuts", "edition": "e", "expansion": "x"})
    assert (t.title, t.note, t.group, t.default, t.system, t.edition, t.expansion) == ("R", "5", "g", True, "nuts", "e", "x")
    assert t.entries == ({"a": 1},) and t.rows == () and t.spec is None and not t.rolled
    assert t.to_dict() == {"title": "R", "dice": "none", "note": "5", "group": "g", "default": True,
                           "entries": [{"a": 1}]}
    # a table built from a model whose rows the schema did not check (model_construct)
    bad = S.TableModel.model_construct(title="T", dice="d6", target="", note="", default=False, group="",
                                       entries=[], rows=[S.RowModel.model_construct(
                                           roll="6-1", result="a", label=None, text="", effects=[])])
    with raises("src: table t row 1: roll range '6-1' runs backwards"):
        L._build_table("t", bad, "src", {})


def test_parse_helpers_name_where():
    with raises("W: an effect must be a table with an 'op'"):
        L._parse_effect("x", "W")
    with raises("W: roll 2.5 must be a number or a range like '3-7'"):
        L._parse_range(2.5, "W")
    with raises("W: roll True must be a number or a range like '3-7'"):
        L._parse_range(True, "W")
    with raises("W: roll range '6-1' runs backwards"):
        L._parse_range("6-1", "W")
    assert L._parse_range(" 3 - 5 ", "W") == (3, 5)
    assert L._parse_range("-2", "W") == (-2, -2)
    assert S.parse_range(4) == (4, 4) and S.parse_range("7+") == (7, 999)
    with raises("roll None must be a number or a range like '3-7'", ValueError):
        S.parse_range(None)  # type: ignore[arg-type]
    assert L._parse_effect({"op": "roll-again", "table": "x"}, "W") == L.Effect("roll-again", {"table": "x"})


# --- values of effects (check_effects) ------------------------------------------------

NUMBERS = [
    # (op, key, other keys, lowest, highest, why)
    ("set-rep", "value", {}, 1, 6, "Rep runs 1 to 6"),
    ("rep", "delta", {}, -5, 5, "Rep runs 1 to 6"),
    ("stat", "delta", {"stat": "M"}, -10, 10, "a characteristic moves a few steps at a time"),
    ("xp", "value", {}, 0, 100, "XP gained from one result"),
    ("new-figures", "count", {}, 0, 10, "new figures from one roll"),
    ("training", "delta", {}, -3, 3, "training moves a level or two at a time"),
    ("roll-again", "times", {"table": "t"}, 1, 10, "more rolls from one result"),
]


@pytest.mark.parametrize(("op", "key", "more", "lo", "hi", "why"), NUMBERS)
def test_effect_numbers_first_refused_last_accepted(op, key, more, lo, hi, why):
    for v in (lo, hi):
        L.check_effects(effects_table({"op": op, key: v, **more}), "src")
    for v in (lo - 1, hi + 1):
        with raises(f"src: table t row 2 effect 2: effect {op!r}: {key} {v} is outside {lo}..{hi} ({why})"):
            L.check_effects(effects_table({"op": op, key: v, **more}), "src")


def test_effect_values_that_are_no_whole_number():
    cases = [({"op": "set-rep", "value": "3"}, "effect 'set-rep': value '3' must be a whole number"),
             ({"op": "set-rep", "value": True}, "effect 'set-rep': value True must be a whole number"),
             ({"op": "xp", "value": 2.5}, "effect 'xp': value 2.5 must be a whole number"),
             ({"op": "roll-again", "table": "t", "times": True}, "effect 'roll-again': times True must be a whole number")]
    for effect, error in cases:
        with raises(f"src: table t row 2 effect 2: {error}"):
            L.check_effects(effects_table(effect), "src")
    # times as dice: checked as dice, not as a number
    L.check_effects(effects_table({"op": "roll-again", "table": "t", "times": "d3"}), "src")


TEXTS = [("skill", "value", {}, 200), ("condition", "value", {}, 200), ("stat", "stat", {"delta": 1}, 200),
         ("roll-again", "table", {}, 200), ("note", "value", {}, 2000)]


@pytest.mark.parametrize(("op", "key", "more", "limit"), TEXTS)
def test_effect_texts(op, key, more, limit):
    where = "src: table t row 2 effect 2"
    for v in ("", "  ", 5):
        with raises(f"{where}: effect {op!r}: {key} must be text"):
            L.check_effects(effects_table({"op": op, key: v, **more}), "src")
    ok = "a" * limit
    L.check_effects(effects_table({"op": op, key: ok, **more}), "src")
    with raises(f"{where}: effect {op!r}: {key} is {limit + 1} characters long (at most {limit})"):
        L.check_effects(effects_table({"op": op, key: ok + "a", **more}), "src")


def test_roll_again_advance_and_figures_values():
    where = "src: table t row 2 effect 2"

    def bad(effect: dict[str, Any], error: str) -> None:
        with raises(f"{where}: {error}"):
            L.check_effects(effects_table(effect), "src")

    def good(effect: dict[str, Any]) -> None:
        L.check_effects(effects_table(effect), "src")

    bad({"op": "roll-again", "table": "Bad Table"}, "effect 'roll-again': table 'Bad Table' must be a table id")
    for reroll in ("x", ["a", "Bad"], [3]):
        bad({"op": "roll-again", "table": "t", "reroll": reroll},
            "effect 'roll-again': reroll must be a list of result keys")
    good({"op": "roll-again", "table": "t", "reroll": ["a", "b-2"]})
    for options in ("ws bs", [], ["Bad"], 5, ["ws", 3]):
        bad({"op": "advance", "options": options}, "effect 'advance': options must be a list of advancement keys")
    good({"op": "advance", "options": "ws, bs"})
    good({"op": "advance", "options": ["ws"]})
    bad({"op": "figures", "value": "gone"}, "effect 'figures': value 'gone' is not one of lost, wounded, back")
    for fate in (" Lost ", "wounded", "BACK"):
        good({"op": "figures", "value": fate})
    # long text where no limit applies
    good({"op": "status", "value": "dead"})


def test_check_table_refs():
    t = effects_table({"op": "roll-again", "table": "other"}, {"op": "note", "value": "n"})
    L.check_table_refs(t, {"t", "other"}, "src")
    with raises("src: table t row 2 effect 2: effect 'roll-again': no table 'other' to roll on"):
        L.check_table_refs(t, {"t"}, "src")
    L.check_table_refs(effects_table({"op": "note", "value": "n"}), set(), "src")
