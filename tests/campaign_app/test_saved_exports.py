"""What can be saved can be exported and imported again (issue #14 item 5).

One set of limits serves every way in: a use-case's argument, a house rule, the JSON
import and a restore. A property test drives every writing use-case that takes text or
numbers with generated values (hostile ones weighted in: NUL, lone surrogates, markup,
lengths at and past each limit, numbers past 64 bits): whatever is accepted exports to
JSON text and imports back equal; whatever is refused writes nothing."""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from campaign_app.errors import AppError, InputError
from campaign_app.systems.nuts.creatures import add_walker_type
from campaign_app.usecases import (
    add_fighter,
    create_campaign,
    create_roster,
    edit_fighter,
    edit_roster,
    set_house_rule,
)
from campaign_app.usecases.battles import record_battle
from campaign_app.usecases.datafiles import export_json, import_json
from campaign_app.usecases.units import add_unit, edit_unit

SETTINGS = settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
                    deadline=None, max_examples=30)

# lengths at and past every limit (names 200, columns 20-200, row labels 200, notes 20,000)
_LENGTHS = [0, 1, 20, 21, 40, 41, 80, 81, 100, 101, 200, 201, 2000, 2001, 20000, 20001, 100_000]
_ODD = ["\x00", "\ud800", "\udfff", "<b>", "&", " ", "\n", "\t", "\x1f", "é", "😀", "\u202e", "\x7f"]
plain = st.text(alphabet="abcXYZ -'", min_size=1, max_size=12)
texts = st.one_of(
    plain, plain, plain,
    st.text(max_size=30),
    st.lists(st.sampled_from(_ODD + ["a", "B", "7"]), max_size=12).map("".join),
    st.builds(lambda n, ch: ch * n, st.sampled_from(_LENGTHS), st.sampled_from(["x", "é", "\x00"])),
    st.builds(lambda a, b: a + b, st.text(max_size=10), st.sampled_from(_ODD)),
)
numbers = st.one_of(st.integers(0, 6), st.integers(0, 6), st.integers(-10, 20), st.integers(-(2**70), 2**70),
                    st.sampled_from([0, 1, 6, 7, 2**31 - 1, 2**31, 2**63 - 1, 2**63, -(2**63)]),
                    st.integers(-5, 99).map(str), texts)
maybe = st.one_of(st.none(), texts)


@pytest.fixture(autouse=True)
def _server_backups(tmp_path, monkeypatch):
    monkeypatch.setenv("CAMPAIGN_APP_BACKUP_DIR", str(tmp_path / "server-backups"))


@pytest.fixture
def world(engine):
    base = create_campaign(engine, "Base", "nuts", expansions=["weird-ww2"])
    squad = create_roster(engine, base.id, "Squad")
    rock = add_fighter(engine, squad.id, "Rock", fighter_type="star", rep=5)
    ops = create_campaign(engine, "Ops", "fubar")
    alpha = create_roster(engine, ops.id, "Alpha")
    bravo = add_unit(engine, alpha.id, "Bravo", 8)
    return engine, {"base": base.id, "squad": squad.id, "rock": rock.id, "ops": ops.id, "alpha": alpha.id,
                    "bravo": bravo.id}


def _house_rule(title: Any, label: Any, text: Any, note: Any, result: Any, effect: Any = "a note") -> dict[str, Any]:
    return {"title": title, "dice": "d6", "note": note, "rows": [
        {"roll": "1-5", "result": "fine", "label": label, "text": text},
        {"roll": "6", "result": result, "effects": [{"op": "note", "value": effect}]}]}


# each writing use-case as (name, strategy of a call: (function, campaign it changes))
_calls: dict[str, Any] = {
    "campaign create": st.builds(lambda n, notes: (lambda e, w: create_campaign(e, n, "nuts", notes=notes).id),
                                 texts, texts),
    "roster create": st.builds(lambda n, f, p, c: (lambda e, w: create_roster(
        e, w["base"], n, faction=f, player=p, credits=c) and w["base"]), texts, texts, texts, numbers),
    "roster edit": st.builds(lambda kw: (lambda e, w: edit_roster(e, w["squad"], **kw) and w["base"]),
                             st.fixed_dictionaries({}, optional={
                                 "name": texts, "faction": texts, "player": texts, "notes": texts,
                                 "credits": numbers, "reputation": numbers})),
    "fighter add": st.builds(lambda n, kw: (lambda e, w: add_fighter(e, w["squad"], n, **kw) and w["base"]),
                             texts, st.fixed_dictionaries({"rep": st.one_of(st.just(4), numbers)}, optional={
                                 "role": texts, "notes": texts, "xp": numbers, "credits_value": numbers,
                                 "skills": st.lists(texts, max_size=2), "weapons": st.lists(texts, max_size=2)})),
    "fighter edit": st.builds(lambda kw: (lambda e, w: edit_fighter(e, w["rock"], **kw) and w["base"]),
                              st.fixed_dictionaries({}, optional={
                                  "name": texts, "role": texts, "notes": texts, "xp": numbers, "rep": numbers,
                                  "credits_value": numbers, "add_skills": st.lists(texts, max_size=2),
                                  "add_weapons": st.lists(texts, max_size=2)})),
    "house rule": st.builds(lambda *a: (lambda e, w: set_house_rule(
        e, w["base"], "nuts-grunt-rep", _house_rule(*a)) and w["base"]), texts, maybe, texts, texts,
        st.one_of(st.just("odd"), texts), texts),
    "walker type": st.builds(lambda n, g, nat, notes, af: (lambda e, w: add_walker_type(
        e, w["base"], n, af, 2, gun1=g, nation=nat, notes=notes) and w["base"]),
        texts, texts, texts, texts, numbers),
    "battle": st.builds(lambda sc, notes: (lambda e, w: record_battle(
        e, w["base"], [w["squad"]], scenario=sc, notes=notes) and w["base"]), texts, texts),
    "unit add": st.builds(lambda n, fig, notes: (lambda e, w: add_unit(e, w["alpha"], n, fig, notes=notes)
                                                 and w["ops"]), texts, numbers, texts),
    "unit edit": st.builds(lambda kw: (lambda e, w: edit_unit(e, w["bravo"], **kw) and w["ops"]),
                           st.fixed_dictionaries({}, optional={"name": texts, "notes": texts,
                                                               "figures": numbers, "battles_fought": numbers})),
}
_copies = itertools.count(1)
_names = itertools.count(1)

# one call of each use-case that is accepted and one that is refused, tried first by every
# run (so each run checks both halves of the property, whatever else is generated)
_GOOD: dict[str, Any] = {
    "campaign create": lambda e, w: create_campaign(e, f"C{next(_names)}", "nuts", notes="n").id,
    "roster create": lambda e, w: create_roster(e, w["base"], f"R{next(_names)}", faction="f") and w["base"],
    "roster edit": lambda e, w: edit_roster(e, w["squad"], faction="Allies", notes="<b>&") and w["base"],
    "fighter add": lambda e, w: add_fighter(e, w["squad"], f"F{next(_names)}", rep=4, notes="é") and w["base"],
    "fighter edit": lambda e, w: edit_fighter(e, w["rock"], role="NCO", xp=3) and w["base"],
    "house rule": lambda e, w: set_house_rule(e, w["base"], "nuts-grunt-rep", _house_rule(
        "T", "x" * 200, "t", "n", "odd")) and w["base"],
    "walker type": lambda e, w: add_walker_type(e, w["base"], f"W{next(_names)}", 4, 3, nation="G") and w["base"],
    "battle": lambda e, w: record_battle(e, w["base"], [w["squad"]], scenario="Bridge") and w["base"],
    "unit add": lambda e, w: add_unit(e, w["alpha"], f"U{next(_names)}", 5, notes="n") and w["ops"],
    "unit edit": lambda e, w: edit_unit(e, w["bravo"], notes="n", figures=6) and w["ops"],
}
_BAD: dict[str, Any] = {
    "campaign create": lambda e, w: create_campaign(e, "C\x00", "nuts"),
    "roster create": lambda e, w: create_roster(e, w["base"], "R", faction="f" * 201),
    "roster edit": lambda e, w: edit_roster(e, w["squad"], notes="\ud800"),
    "fighter add": lambda e, w: add_fighter(e, w["squad"], "F", rep=4, notes="a\x00"),
    "fighter edit": lambda e, w: edit_fighter(e, w["rock"], role="r" * 101),
    "house rule": lambda e, w: set_house_rule(e, w["base"], "nuts-grunt-rep", _house_rule(
        "T", "x" * 100_000, "t", "n", "odd")),
    "walker type": lambda e, w: add_walker_type(e, w["base"], "W", 4, 3, notes="\x00"),
    "battle": lambda e, w: record_battle(e, w["base"], [w["squad"]], scenario="s" * 201),
    "unit add": lambda e, w: add_unit(e, w["alpha"], "U", 5, notes="\ud800"),
    "unit edit": lambda e, w: edit_unit(e, w["bravo"], notes="n\x00"),
}


def _round_trips(engine: Any, campaign: int) -> None:
    """The campaign exports to JSON text and imports back (as a copy) equal."""
    doc = export_json(engine, campaign)
    raw = json.dumps(doc, ensure_ascii=False, indent=1).encode("utf-8")  # as export json writes it
    copy = import_json(engine, raw, rename=f"copy {next(_copies)}", backup=False)
    again = export_json(engine, copy.id)
    again["campaign"]["name"] = doc["campaign"]["name"]
    assert again == doc


def _one(world: Any, snap: Any, call: Any) -> str:
    engine, ids = world
    before = snap(engine)
    try:
        campaign = call(engine, ids)
    except AppError as e:
        assert str(e) and "\n" not in str(e)
        assert snap(engine) == before, f"refused ({e}) but wrote something"
        return "refused"
    _round_trips(engine, campaign)
    return "saved"


@pytest.mark.parametrize("command", sorted(_calls))
def test_what_is_saved_exports_and_imports_back(world, snap, command):
    seen: set[str] = set()

    @SETTINGS
    @given(call=_calls[command])
    @example(call=_BAD[command])
    @example(call=_GOOD[command])
    def run(call: Any) -> None:
        seen.add(_one(world, snap, call))

    run()
    assert seen == {"saved", "refused"}, seen  # both halves of the property were checked


# --------------------------------------------------------------------------- the cases of the issue
def test_a_house_rule_label_of_100000_characters_or_a_nul_is_refused(world, snap):
    engine, ids = world
    before = snap(engine)
    for label, words in (("x" * 100_000, "label: is longer than 200 characters"),
                         ("a\x00b", "label: contains a NUL character")):
        with pytest.raises(InputError, match=f"house rule: tables.nuts-grunt-rep.rows\\[0\\].{words}"):
            set_house_rule(engine, ids["base"], "nuts-grunt-rep", _house_rule("T", label, "", "", "odd"))
    assert snap(engine) == before
    set_house_rule(engine, ids["base"], "nuts-grunt-rep", _house_rule("T", "x" * 200, "t" * 20000, "", "odd"))
    _round_trips(engine, ids["base"])


@pytest.mark.parametrize(("kw", "message"), [
    ({"faction": "f" * 201}, r"faction is 201 characters long \(at most 200\)"),
    ({"notes": "a\x00b"}, "notes contains a NUL character"),
    ({"player": "\ud800"}, "player holds an unpaired surrogate"),
])  # fmt: skip
def test_roster_edit_keeps_to_the_columns_and_to_text_json_holds(world, snap, kw, message):
    engine, ids = world
    before = snap(engine)
    with pytest.raises(InputError, match=message):
        edit_roster(engine, ids["squad"], **kw)
    assert snap(engine) == before
