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

from campaign_app.dice import Roller
from campaign_app.errors import InputError, RulesDataError
from campaign_app.procedure_driver import drive
from campaign_app.rules import i18n
from campaign_app.rules import loader as L
from campaign_app.rules import schema as S
from campaign_app.rules.rolling import roll_on
from campaign_app.systems.registry import systems
from tests.campaign_app.golden import check
from tests.campaign_app.test_mutants_dice import Recording  # the dice tests' recording source

GOLDEN = Path(__file__).with_name("mutants_rules_golden.json")


@pytest.fixture
def fresh():
    """The rulebook and the translations read anew (and again after, for other tests)."""
    L.load_rulebook.cache_clear()
    i18n.catalogue.cache_clear()
    i18n.pattern_catalogue.cache_clear()
    i18n._merged.cache_clear()
    yield
    L.load_rulebook.cache_clear()
    i18n.catalogue.cache_clear()
    i18n.pattern_catalogue.cache_clear()
    i18n._merged.cache_clear()


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
    # an op without values to check
    good({"op": "status", "value": "dead"})


def test_check_table_refs():
    t = effects_table({"op": "roll-again", "table": "other"}, {"op": "note", "value": "n"})
    L.check_table_refs(t, {"t", "other"}, "src")
    with raises("src: table t row 2 effect 2: effect 'roll-again': no table 'other' to roll on"):
        L.check_table_refs(t, {"t"}, "src")
    L.check_table_refs(effects_table({"op": "note", "value": "n"}), set(), "src")


# --- rule files and the rulebook --------------------------------------------------------

META = '[meta]\nsystem = "sx"\n'
GOOD = META + 'title = "SX"\nedition = "e1"\nexpansion = "x1"\n[tables.t]\ntitle = "T"\ndice = "d6"\n' \
    '[[tables.t.rows]]\nroll = "1-6"\nresult = "any"\neffects = [{ op = "roll-again", table = "u" }]\n' \
    '[tables.u]\ntitle = "U"\ndice = "none"\n[[tables.u.entries]]\nk = 1\n[weapons]\nknife = 1\n'


def test_a_rule_file_as_parsed():
    f = L.parse_rule_file("sx.toml", GOOD)
    assert (f.name, f.system, f.edition, f.expansion, f.title) == ("sx.toml", "sx", "e1", "x1", "SX")
    assert [(t.id, t.source, t.system, t.edition, t.expansion) for t in f.tables] == [
        ("t", "sx.toml", "sx", "e1", "x1"), ("u", "sx.toml", "sx", "e1", "x1")]
    assert f.data == {"weapons": {"knife": 1}}
    # no title: the system's id
    assert L.parse_rule_file("a.toml", META).title == "sx"
    assert L.parse_rule_file("a.toml", META).tables == ()


# pydantic's own words for an error the schema has none of its own for
MODE = "Input should be 'xp', 'ranks', 'battles' or 'after-battle'"
BAD_FILES = [
    ("[meta\n", None),
    ('[x]\ny = 1\n', "a.toml: meta: is required"),
    ("meta = 5\n", "a.toml: meta: must be a table, not a whole number"),
    ("[meta]\nsystem = 1979-05-27\n", "a.toml: meta.system: must be text, not date"),
    ("[meta]\nsystem = true\n", "a.toml: meta.system: must be text, not true/false"),
    ("[meta]\nsystem = [1]\n", "a.toml: meta.system: must be text, not a list"),
    ("[meta]\nsystem = {a = 1}\n", "a.toml: meta.system: must be text, not a table"),
    ("[meta]\nsystem = 2.5\n", "a.toml: meta.system: must be text, not a number"),
    (META + '[tables.3d]\ndice = "d6"\n', "a.toml: tables['3d'].title: is required"),
    (META + '[tables.Bad]\ntitle = "T"\ndice = "none"\n', "a.toml: table Bad: table id must be lower-case kebab-case"),
    (META + f'[tables.t]\ntitle = "{"x" * 201}"\ndice = "none"\n', "a.toml: tables.t.title: is longer than 200 characters"),
    (META + '[tables.t]\ntitle = "T"\ndice = "d6"\n[[tables.t.rows]]\nroll = "1-6"\nresult = "a"\n'
     'effects = [{ op = "set-rep", value = 9 }]\n',
     "a.toml: table t row 1 effect 1: effect 'set-rep': value 9 is outside 1..6 (Rep runs 1 to 6)"),
    (META + '[tables.t]\ntitle = "T"\ndice = "d6"\n[[tables.t.rows]]\nroll = "1-6"\nresult = "a"\n'
     'effects = [{ op = "fly" }]\n', f"a.toml: table t row 1 effect 1: unknown effect op 'fly' (known: {KNOWN})"),
    (META + '[advancement]\nmode = 5\n', f"a.toml: advancement.mode: {MODE}"),
    ('catalogue = "x"\n' + META, "a.toml: catalogue: must be a table of items"),
    ('trading = 5\n' + META, "a.toml: trading: must be a table, not a whole number"),
]


@pytest.mark.parametrize(("text", "error"), BAD_FILES)
def test_a_bad_rule_file_is_one_exact_line(text, error):
    if error is None:  # TOML's own words after the file's name
        import tomllib

        with pytest.raises(tomllib.TOMLDecodeError) as e:
            tomllib.loads(text)
        error = f"a.toml: not valid TOML: {e.value}"
    with raises(error):
        L.parse_rule_file("a.toml", text)


def test_the_limits_of_a_table():
    def limited(raw: dict[str, Any]) -> None:
        S.check_table_limits("t", raw, "src")

    limited(tbl(title="x" * 200))
    for raw, error in [
        (tbl(title="x" * 201), "src: tables.t.title: is longer than 200 characters"),
        (tbl([{"roll": "1-6", "result": "a", "text": "a\x00"}]), "src: tables.t.rows[0].text: contains a NUL character"),
        (tbl(note="x" * 20_001), "src: tables.t.note: is longer than 20,000 characters"),
        (tbl([{"roll": 1, "result": "a"}] * 1001), "src: tables.t.rows: is longer than 1,000 items"),
        (tbl([{"roll": "1" * 41, "result": "a"}]), "src: tables.t.rows[0].roll: roll is 41 characters long (at most 40)"),
        ({**tbl(), "x" * 201: 1}, "src: tables.t: a key is 201 characters long (at most 200)"),
        (tbl(entries=[{"a": 2**63}]), "src: tables.t.entries: 'a': number 9223372036854775808 is too large"),
    ]:
        with raises(error):
            limited(raw)
    limited(tbl([{"roll": "1" * 40, "result": "a"}] * 1000))


def book_files(*texts: str) -> list[L.RuleFile]:
    return [L.parse_rule_file(f"f{i}.toml", t) for i, t in enumerate(texts, 1)]


ADV = META + '[advancement]\nmode = "after-battle"\ntitle = "A"\ntable = "u"\n'


def test_the_rulebook_checks_across_files():
    book = L.RuleBook(book_files(GOOD, ADV))
    assert [f.name for f in book.files] == ["f1.toml", "f2.toml"]
    assert list(book.tables) == ["t", "u"] and book.tables["t"].source == "f1.toml"
    assert book.table("u") is book.tables["u"]
    with raises("no rules table 'zz'"):
        book.table("zz")
    assert sorted(book.for_campaign("sx", "e1", ["x1"])) == ["t", "u"]
    assert book.for_campaign("sx", "e1") == {} and book.for_campaign("sx") == {}
    assert book.data("sx", "e1", ["x1"]) == {"weapons": {"knife": 1}, "advancement": book.files[1].data["advancement"]}
    with raises("f2.toml: table t is already defined in f1.toml"):
        L.RuleBook(book_files(GOOD, GOOD))
    with raises("f1.toml: table t row 1 effect 1: effect 'roll-again': no table 'u' to roll on"):
        L.RuleBook(book_files(GOOD.split("[tables.u]")[0]))
    with raises("f1.toml: advancement.table: no table 'u'"):
        L.RuleBook(book_files(ADV))
    # the section as the rulebook reads it again (a RuleFile made elsewhere)
    raw = L.RuleFile("r.toml", "sx", "", "", "R", (), {"advancement": {"mode": 5}})
    with raises(f"r.toml: advancement.mode: {MODE}"):
        L.RuleBook([raw])


def test_data_merges_sections_of_the_files_in_force():
    text = META + "[weapons]\nknife = 1\nlist = [1]\n"
    more = META + 'edition = "e1"\n[weapons]\nclub = 2\n[list]\na = 1\n'
    other = META + 'edition = "e2"\n[weapons]\nknife = 9\n'
    exp = META + 'expansion = "x"\n[weapons]\nknife = 3\n[extra]\nb = 2\n'
    book = L.RuleBook(book_files(text, more, other, exp))
    assert book.data("sx") == {"weapons": {"knife": 1, "list": [1]}}
    assert book.data("sx", "e1") == {"weapons": {"knife": 1, "list": [1], "club": 2}, "list": {"a": 1}}
    assert book.data("sx", "e2", ("x",)) == {"weapons": {"knife": 3, "list": [1]}, "extra": {"b": 2}}
    assert book.data("sy") == {}


# --- schema.problem on errors the rules files cannot make -----------------------------


def error_of(adapter: TypeAdapter, value: Any) -> ValidationError:
    with pytest.raises(ValidationError) as e:
        adapter.validate_python(value, strict=True)
    return e.value


def custom(kind: str, msg: str, loc: tuple[Any, ...] = ("a",)) -> ValidationError:
    return ValidationError.from_exception_data(
        "x", [InitErrorDetails(type=PydanticCustomError(kind, msg), loc=loc, input=1)])


class _Named(BaseModel):
    Key: int
    when: int


def test_problem_words():
    # a union of text and number whose first failing branch is the text one: the roll words
    assert str(S.problem(error_of(TypeAdapter(str | int), 2.5), "s")) == \
        "s: must be a number or a range like '3-7', not a number"
    assert str(S.problem(error_of(TypeAdapter(str | int), 2.5), "s", ("tables", "t"))) == \
        "s: tables.t: must be a number or a range like '3-7', not a number"
    # a type the schema has no words for: pydantic's
    assert str(S.problem(error_of(TypeAdapter(float), "x"), "s")) == "s: Input should be a valid number"
    # errors without the context pydantic's own give them
    assert str(S.problem(custom("value_error", "bad value"), "s")) == "s: a: bad value"
    assert str(S.problem(custom("too_long", "far too long"), "s")) == "s: a: far too long"
    assert str(S.problem(custom("string_too_long", "far too long", ()), "s")) == "s: far too long"
    assert str(S.problem(custom("nothing_known", "odd", ("x", 0, "Y z")), "s")) == "s: x[0]['Y z']: odd"
    # the kind of a value of a type not named in the words
    assert str(S.problem(error_of(TypeAdapter(_Named), {"Key": None, "when": 1}), "s")) == \
        "s: Key: must be a whole number, not NoneType"
    assert S._kind(object()) == "object" and S._kind(None) == "NoneType" and S._kind(b"") == "bytes"
    assert S._path(("tables", "t", "rows", 0, "Label")) == "tables.t.rows[0].Label"
    assert S._path(("tables", "3d", "x y", "_k")) == "tables['3d']['x y']._k"
    assert S._path((0, "a")) == "[0].a"


def test_validate_file_and_table_errors_at_the_top():
    with raises("s: must be a table, not text"):
        S.validate_file("x", "s")
    with raises("s: tables.t: must be a table, not a whole number"):
        S.validate_table("t", 5, "s")
    with raises("s: tables.t: must be a table, not a whole number"):
        S.check_table_limits("t", 5, "s")
    with raises("s: tables.t.entries: 'a': contains a NUL character"):
        S.check_table_limits("t", tbl(entries=[{"a": "\x00"}]), "s")
    with raises("s: tables.t.title: contains a NUL character"):
        S.check_table_limits("t", tbl(title="a\x00"), "s")


# --- translations ---------------------------------------------------------------------


def test_parse_translation():
    m = i18n.parse_translation("f.toml", 'language = "it"\nname = "N"\n[tables.t.rows.r]\nlabel = "L"\n')
    assert (m.language, m.name, m.tables["t"].rows["r"].label, m.tables["t"].rows["r"].text) == ("it", "N", "L", None)
    import tomllib

    with pytest.raises(tomllib.TOMLDecodeError) as e:
        tomllib.loads("x = ")
    with raises(f"f.toml: not valid TOML: {e.value}"):
        i18n.parse_translation("f.toml", "x = ")
    with raises("f.toml: tables.t.rows.r.colour: Extra inputs are not permitted"):
        i18n.parse_translation("f.toml", 'language = "fr"\n[tables.t.rows.r]\ncolour = "x"\n')
    with raises("f.toml: language 'de' is not one of fr, it"):
        i18n.parse_translation("f.toml", 'language = "de"\n')


def test_reading_translation_files(monkeypatch):
    name, text = i18n._read("campaign_app.rules", "fr")
    assert name == "campaign_app.rules/translations/fr.toml" and text.startswith("# The core's")
    assert "é" in text  # read as UTF-8
    assert i18n._read("campaign_app.rules", "de") is None
    assert i18n._read("campaign_app.no_such_package", "fr") is None
    files = i18n.translation_files("it")
    assert [(n, sid, m.language) for n, sid, m in files][:2] == [
        ("campaign_app.rules/translations/it.toml", None, "it"),
        ("campaign_app.systems.nuts/translations/it.toml", "nuts", "it")]
    assert {sid for _, sid, _ in files} == {None, *systems()}
    monkeypatch.setattr(i18n, "_read", lambda package, lang: (f"{package}.toml", 'language = "it"\n'))
    with raises("campaign_app.rules.toml: says language 'it', not 'fr'"):
        i18n.translation_files("fr")


def test_small_helpers():
    assert i18n._pretty("in-recovery_now") == "in recovery now"
    out: dict[str, str] = {}
    i18n._put(out, "", "x")
    i18n._put(out, None, "x")
    i18n._put(out, "a", "")
    i18n._put(out, "b", None)
    assert out == {}
    i18n._put(out, "a", "b")
    assert out == {"a": "b"}


def catalogue_of(monkeypatch, *files: tuple[str | None, str]) -> dict[str, dict[str, str]]:
    """build_catalogue("fr") over the given (system id, file text) translations only."""
    parsed = [(f"{sid}.toml", sid, i18n.parse_translation(f"{sid}.toml", text)) for sid, text in files]
    monkeypatch.setattr(i18n, "translation_files", lambda lang: parsed)
    return i18n.build_catalogue("fr")


def test_build_catalogue_from_given_files(fresh, monkeypatch):
    fr = 'language = "fr"\n'
    cats = catalogue_of(monkeypatch, (None, fr + '[statuses]\nin-recovery = "convalescent"\n[columns]\nName = "Nom"\n'
                                            '[text]\nHello = "Bonjour"\n'),
                        ("nuts", fr + 'name = "NOIX"\n[expansions]\nweird-ww2 = "Bizarre"\n'
                                      '[tables.nuts-recovery]\ntitle = "Récup"\nnote = "Note"\n'
                                      '[tables.nuts-recovery.rows.wounded]\nlabel = "Blessé"\ntext = "Absent"\n'),
                        ("necromunda", fr + '[editions]\nn23 = "Édition 23"\n'))
    assert cats == {
        "": {"Hello": "Bonjour", "In Recovery": "convalescent", "in-recovery": "convalescent",
             "In recovery": "Convalescent", "in recovery": "convalescent"},
        "#columns": {"Name": "Nom"},
        "nuts": {"NUTS! 4th edition": "NOIX", "Weird WWII (creatures, walkers)": "Bizarre",
                 "After the Battle: Out of the Fight recovery": "Récup",
                 L.load_rulebook().tables["nuts-recovery"].note: "Note",
                 "Wounded": "Blessé", "Misses the next battle while recovering.": "Absent"},
        "necromunda": {"Necromunda 2023 core rules": "Édition 23"},
    }
    # the title-case and key forms of a status keep words given in [text]; the pretty
    # lower-case and capitalised forms are the status's
    cats = catalogue_of(monkeypatch, (None, fr + '[text]\n"In Recovery" = "Soigné"\nin-recovery = "soigné"\n'
                                                 '"In recovery" = "X"\n[statuses]\nin-recovery = "convalescent"\n'))
    assert cats[""] == {"In Recovery": "Soigné", "in-recovery": "soigné", "In recovery": "Convalescent",
                        "in recovery": "convalescent"}


BAD_CATALOGUES = [
    ((None, 'name = "X"\n'), "None.toml: the core's words name no system, edition or table"),
    ((None, '[editions]\nn23 = "X"\n'), "None.toml: the core's words name no system, edition or table"),
    ((None, '[expansions]\nx = "X"\n'), "None.toml: the core's words name no system, edition or table"),
    ((None, '[tables.nuts-recovery]\ntitle = "X"\n'), "None.toml: the core's words name no system, edition or table"),
    (("nuts", '[editions]\nzz = "X"\n'), "nuts.toml: nuts has no edition 'zz'"),
    (("nuts", '[expansions]\nzz = "X"\n'), "nuts.toml: nuts has no expansion 'zz'"),
    (("nuts", '[tables.zz]\ntitle = "X"\n'), "nuts.toml: no rules table 'zz' in nuts"),
    (("nuts", '[tables.n23-escape]\ntitle = "X"\n'), "nuts.toml: no rules table 'n23-escape' in nuts"),
    (("nuts", '[tables.nuts-recovery.rows.zz]\nlabel = "X"\n'), "nuts.toml: table nuts-recovery has no row 'zz'"),
]


@pytest.mark.parametrize(("file", "error"), BAD_CATALOGUES)
def test_a_translation_naming_what_is_not_there(fresh, monkeypatch, file, error):
    sid, text = file
    with raises(error):
        catalogue_of(monkeypatch, (sid, 'language = "fr"\n' + text))


def test_translated(fresh):
    fr = i18n.catalogue("fr")
    assert i18n.catalogue("fr") is fr and i18n.catalogue("de") == {}
    assert i18n.translated(5, "fr") == 5 and i18n.translated(None, "fr") is None and i18n.translated("", "fr") == ""
    assert i18n.translated("Destroyed", "en") == "Destroyed" and i18n.translated("Destroyed", "de") == "Destroyed"
    # the campaign's system first, then the core's words, then any system's
    assert i18n.translated("Destroyed", "fr") == "Détruite"
    assert i18n.translated("green", "fr", "fubar") == "bleu"
    assert i18n.translated("green", "fr", "necromunda") == "novice"
    assert i18n.translated("green", "fr", "no-such-system") == "novice"
    assert i18n.translated("Destroyed", "fr", "fubar") == "Détruite"  # FUBAR's is "Vehicle destroyed"
    assert i18n.translated("Green", "fr", "unit-morale") == "Bleue"
    assert i18n.translated("Green", "fr", "fubar") == "Bleu"
    assert i18n.translated("&Generate Creatures…", "fr", "fubar") == "&Générer des créatures…"
    assert i18n.translated(" green ", "fr", "fubar") == "bleu"
    assert i18n.translated("Not a rules word", "it") == "Not a rules word"
    # column titles: only when asked for a column, and first
    assert i18n.translated("Name", "fr") == "Name"
    assert i18n.translated("Name", "fr", column=True) == "Nom"
    assert i18n.translated("Wounded", "fr", "fubar") == "Blessé"
    assert i18n.translated("Wounded", "fr", "fubar", column=True) == "Blessés"
    assert i18n.translated("green", "fr", "fubar", column=True) == "bleu"
    assert i18n.translated("elite", "it", "fubar") == "elite"  # seed 004's Elite, the core's élite
    assert i18n.translated("elite", "it") == "élite"


def test_translated_over_given_files(fresh, monkeypatch):
    """translated() when the files are not the shipped ones: no core file, none at all,
    a system's file read before the core's, an empty English text among the words."""
    def files(*given: tuple[str | None, str]) -> None:
        parsed = [(f"{sid}.toml", sid, i18n.parse_translation(f"{sid}.toml", 'language = "fr"\n' + text))
                  for sid, text in given]
        monkeypatch.setattr(i18n, "translation_files", lambda lang: parsed)
        i18n.catalogue.cache_clear()
        i18n.pattern_catalogue.cache_clear()
    i18n._merged.cache_clear()

    files()
    assert i18n.translated("Name", "fr", column=True) == "Name"
    assert i18n.translated("Name", "fr", "nuts") == "Name"
    files(("nuts", '[text]\nHello = "Salut"\n'), (None, '[text]\nHello = "Bonjour"\n"" = "vide"\n'))
    assert i18n.translated("Hello", "fr", "fubar") == "Bonjour"  # the core's words before another system's
    assert i18n.translated("Hello", "fr", "nuts") == "Salut"
    assert i18n.translated("", "fr") == ""
    files(("nuts", '[text]\nHello = "Salut"\n'))
    assert i18n.translated("Hello", "fr", "fubar") == "Salut"
    assert i18n.translated("Bye", "fr", "fubar", column=True) == "Bye"


# --- rolling on a table -----------------------------------------------------------------


ROLLED = L.parse_table("t", tbl([{"roll": "1-3", "result": "low", "label": "Low"},
                                 {"roll": "4-6", "result": "high", "label": "High"}], title="Table T"), "src")
PASS = L.parse_table("p", tbl([{"roll": 0, "result": "none"}, {"roll": 1, "result": "one"},
                               {"roll": 2, "result": "two"}], dice="pass:2d6", target="Rep"), "src")


def test_roll_on_carries_every_argument():
    src = Recording([5])
    roller = Roller(src)
    res, row = drive(roll_on(ROLLED, "a purpose", fighter_id=3, unit_id=4, subject="Bob"), roller)
    assert row is ROLLED.rows[1]
    assert (res.spec, res.faces, res.value, res.purpose, res.rule, res.source, res.target) == (
        "d6", [5], 5, "a purpose", "Table T", "recording", None)
    assert (res.table, res.row, res.result, res.fighter_id, res.unit_id) == ("t", "4-6", "high", 3, 4)
    assert res.extra == {"label": "High", "subject": "Bob"}
    assert roller.rolls == [res]
    (req,) = src.requests
    assert (req.spec, req.purpose, req.rule, req.target, req.table, req.fighter_id, req.unit_id) == (
        "d6", "a purpose", "Table T", None, "t", 3, 4)
    # a rule given is kept; no subject, none recorded
    res, row = drive(roll_on(ROLLED, "p", rule="Rule 7"), Roller(Recording([1])))
    assert (res.rule, res.result, res.row, res.fighter_id, res.unit_id, res.extra) == (
        "Rule 7", "low", "1-3", None, None, {"label": "Low"})


def test_roll_on_a_pass_table_and_the_refusals():
    src = Recording([2, 5])
    res, row = drive(roll_on(PASS, "recovery", target=4), Roller(src))
    assert (res.value, res.target, res.result, row.result, src.requests[0].target) == (1, 4, "one", "one", 4)
    with raises("table p is rolled against a target (Rep): give one", InputError):
        drive(roll_on(PASS, "recovery"), Roller(Recording([1, 1])))
    untargeted = L.parse_table("p", tbl(PASS.to_dict()["rows"], dice="pass:2d6"), "src")
    with raises("table p is rolled against a target (a number): give one", InputError):
        drive(roll_on(untargeted, "recovery"), Roller(Recording([1, 1])))
    ref = L.parse_table("r", {"title": "R", "dice": "none"}, "src")
    with raises("table r is reference data and cannot be rolled", InputError):
        drive(roll_on(ref, "x"), Roller(Recording([1])))
    # a plain d6 needs no target and takes one given
    res, _ = drive(roll_on(ROLLED, "x", target=3), Roller(Recording([2])))
    assert (res.target, res.result) == (3, "low")
