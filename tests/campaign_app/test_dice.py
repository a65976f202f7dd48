"""Dice: specs, the three sources, typed-dice validation, distributions, properties."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from campaign_app.dice import (
    Roller,
    SeededSource,
    TypedSource,
    parse_spec,
    parse_typed,
)
from campaign_app.errors import DiceError


@pytest.mark.parametrize(
    "spec,outcomes",
    [
        ("d6", list(range(1, 7))),
        ("d3", [1, 2, 3]),
        ("2d6", list(range(2, 13))),
        ("3d6", list(range(3, 19))),
        ("d6+1", list(range(2, 8))),
        ("pass:2d6", [0, 1, 2]),
        ("pass:3d6b2", [0, 1, 2]),
        ("pass:2d6b1", [0, 1]),
        ("pass:1d6", [0, 1]),
        ("best:2d6", list(range(1, 7))),
    ],
)
def test_spec_outcomes(spec, outcomes):
    assert parse_spec(spec).outcomes() == outcomes


def test_d66_outcomes_are_the_36_tens_units_pairs():
    out = parse_spec("d66").outcomes()
    assert len(out) == 36 and out[0] == 11 and out[-1] == 66
    assert all(1 <= v // 10 <= 6 and 1 <= v % 10 <= 6 for v in out)


@pytest.mark.parametrize("bad", ["d7", "0d6", "2d66", "pass:d3", "xd6", "", "pass:2d6b3"])
def test_bad_specs_refused(bad):
    with pytest.raises(DiceError):
        parse_spec(bad)


def test_typed_faces_consumed_in_order_and_carried_in_results():
    r = Roller(TypedSource([3, 5, 6, 1, 2]))
    a = r.roll("pass:2d6", "Sgt Rock's recovery", target=4)
    assert a.faces == [3, 5] and a.value == 1 and a.source == "typed" and a.target == 4
    b = r.d66("lasting injury")
    assert b.faces == [6, 1] and b.value == 61
    c = r.d3("xp")
    assert c.faces == [2] and c.value == 1
    r.finish()
    assert [x.purpose for x in r.rolls] == ["Sgt Rock's recovery", "lasting injury", "xp"]


def test_too_few_typed_faces_names_the_roll_needed():
    r = Roller(TypedSource([3]))
    with pytest.raises(DiceError, match=r"2d6 vs 4 for Sgt Rock's recovery"):
        r.roll("pass:2d6", "Sgt Rock's recovery", target=4)


def test_leftover_typed_faces_refused():
    r = Roller(TypedSource([3, 5, 2]))
    r.roll("2d6", "x")
    with pytest.raises(DiceError, match="left over: 2"):
        r.finish()


@pytest.mark.parametrize("text", ["0", "7", "3,7", "a", "3,,x", "-1"])
def test_bad_typed_faces_refused(text):
    with pytest.raises(DiceError):
        parse_typed(text)


def test_typed_parsing_accepts_commas_spaces_and_d66_pairs():
    assert parse_typed("3,5 6") == [3, 5, 6]
    assert parse_typed("35") == [3, 5]
    with pytest.raises(DiceError, match="no dice typed"):
        parse_typed("  ")


def test_seeded_rolls_reproducible():
    a = [Roller(SeededSource(42)).roll("3d6", "x").faces for _ in range(3)]
    assert a[0] == a[1] == a[2]
    r1, r2 = Roller(SeededSource(1)), Roller(SeededSource(1))
    assert [r1.d6("x").value for _ in range(50)] == [r2.d6("x").value for _ in range(50)]


def test_from_options_refuses_dice_and_seed_together():
    with pytest.raises(DiceError):
        Roller.from_options("3,4", 7)


def test_pass_counting_best_two_of_three_keeps_the_best_dice():
    # 1, 6, 2 vs 3: the best two are 1 and 2, both pass
    assert Roller(TypedSource([1, 6, 2])).roll("pass:3d6b2", "charge", target=3).value == 2
    # 6, 5, 1 vs 3: best two are 1 and 5 -> one pass
    assert Roller(TypedSource([6, 5, 1])).roll("pass:3d6b2", "charge", target=3).value == 1
    # best of 2d6: any die passing counts once
    assert Roller(TypedSource([6, 2])).roll("pass:2d6b1", "in sight", target=3).value == 1


def test_modifiers_apply():
    assert Roller(TypedSource([4])).roll("d6+3", "shoot").value == 7
    assert Roller(TypedSource([4, 4])).roll("pass:2d6+1", "x", target=3).value == 2


def test_pass_test_needs_a_target():
    with pytest.raises(DiceError, match="needs a target"):
        Roller(TypedSource([1, 2])).roll("pass:2d6", "x")


def test_the_driver_waits_at_the_roll_without_faces_and_says_what_it_asks_for():
    from campaign_app import procedure_driver as driver
    from campaign_app.dice import Rolling, ask

    def proc() -> Rolling[int]:
        first = (yield ask("d6", "first")).value
        return first + (yield ask("pass:2d6", "OOF recovery", target=4, rule="OOF", fighter_id=7)).value

    run = driver.Run(proc(), [(3, "random")])
    assert not run.done and run.result is None and run.pending is not None
    req = run.pending
    assert req.count == 2 and "OOF recovery" in req.need and req.spec == "pass:2d6"
    assert (req.rule, req.target, req.fighter_id) == ("OOF", 4, 7)
    assert [r.faces for r in run.rolls] == [[3]] and run.faces == [(3, "random")]
    run.send([(1, "typed")])  # not enough for the 2d6: it still waits, the face kept
    assert run.pending is req and run.faces == [(3, "random")] and run.unused == 1
    run.send([(5, "typed")])
    assert run.done and run.result == 4 and run.unused == 0
    assert [r.source for r in run.rolls] == ["random", "typed"]
    assert driver.Run(proc(), [(3, "random"), (1, "typed"), (5, "typed"), (2, "typed")]).unused == 1
    # with a ready roller a missing roll is refused, naming it (raised where the procedure asked)
    with pytest.raises(DiceError, match="the next roll needs 2d6 vs 4 for OOF recovery"):
        driver.run(proc(), Roller(driver.FaceSource([(3, "typed")])))
    # the app's dice answer every request and keep the faces, for Apply
    src = driver.app_dice()
    roller = Roller(src)
    value = driver.run(proc(), roller)
    assert len(src.faces) == 3 and {s for _f, s in src.faces} == {"random"}
    assert [r.to_dict() for r in roller.rolls] == [r.to_dict() for r in driver.Run(proc(), src.faces).rolls]
    assert driver.run(proc(), Roller(driver.FaceSource(src.faces))) == value


def test_an_ask_mode_session_runs_each_line_of_the_procedure_once():
    """No replay: going on is ``run.send(faces)`` to the live generator, so each line of
    the procedure runs once however many rolls the session takes."""
    from campaign_app import procedure_driver as driver
    from campaign_app.dice import Rolling, ask

    lines: Counter[str] = Counter()

    def proc() -> Rolling[int]:
        lines["start"] += 1
        total = 0
        for i in range(5):
            lines[f"before roll {i}"] += 1
            total += (yield ask("2d6", f"roll {i}")).value
            lines[f"after roll {i}"] += 1
        lines["end"] += 1
        return total

    run = driver.Run(proc())
    sent = 0
    while not run.done:
        assert run.pending is not None
        run.send([(3, "typed")] * run.pending.count)
        sent += 1
    assert sent == 5 and run.result == 30
    assert set(lines.values()) == {1} and len(lines) == 12, lines


def test_the_driver_uses_no_thread():
    """The driver keeps the live generator: no thread waits at a roll (nor is there any
    threading in it at all)."""
    import threading
    from pathlib import Path

    from campaign_app import procedure_driver as driver
    from campaign_app.dice import Rolling, ask

    source = Path(driver.__file__).read_text(encoding="utf-8")
    assert "threading" not in source and "Thread" not in source

    def proc() -> Rolling[int]:
        return (yield ask("d6", "one")).value + (yield ask("d6", "two")).value

    before = threading.active_count()
    runs = [driver.Run(proc()) for _ in range(20)]  # twenty runs waiting at their first roll
    assert all(r.pending is not None for r in runs)
    assert threading.active_count() == before
    for r in runs:
        r.send([(2, "typed"), (5, "typed")])
    assert {r.result for r in runs} == {7} and threading.active_count() == before


def test_a_refusal_reaches_the_procedure_where_it_asked():
    """A roll the source refuses (not enough typed dice) is raised at the procedure's
    ``yield``, as a roll call raised before: the procedure may catch it."""
    from campaign_app import procedure_driver as driver
    from campaign_app.dice import Rolling, ask

    def proc() -> Rolling[str]:
        try:
            yield ask("d6", "one")
        except DiceError as e:
            return f"caught: {e}"
        return "rolled"

    assert driver.run(proc(), Roller(TypedSource([4]))) == "rolled"
    assert driver.run(proc(), Roller(TypedSource([]))).startswith("caught: not enough dice typed")


def _chi2(counts: Counter, expected: dict[int, float], n: int) -> float:
    return sum((counts.get(k, 0) - p * n) ** 2 / (p * n) for k, p in expected.items())


def test_d6_distribution_over_seeded_runs_is_uniform():
    n = 60000
    r = Roller(SeededSource(2026))
    counts = Counter(r.d6("x").value for _ in range(n))
    # chi-square, 5 degrees of freedom: 20.5 is the 0.1% critical value
    assert _chi2(counts, {k: 1 / 6 for k in range(1, 7)}, n) < 20.5


def test_2d6_distribution_over_seeded_runs():
    n = 36000
    r = Roller(SeededSource(2026))
    counts = Counter(r.roll("2d6", "x").value for _ in range(n))
    expected = {s: (6 - abs(s - 7)) / 36 for s in range(2, 13)}
    assert _chi2(counts, expected, n) < 29.6  # 10 dof, 0.1%


def test_d66_distribution_over_seeded_runs():
    n = 36000 * 2
    r = Roller(SeededSource(11))
    counts = Counter(r.d66("x").value for _ in range(n))
    expected = {t * 10 + u: 1 / 36 for t in range(1, 7) for u in range(1, 7)}
    assert set(counts) == set(expected)
    assert _chi2(counts, expected, n) < 66.6  # 35 dof, 0.1%


def test_pass_2d6_vs_4_distribution():
    n = 36000
    r = Roller(SeededSource(3))
    counts = Counter(r.roll("pass:2d6", "x", target=4).value for _ in range(n))
    p = 4 / 6
    expected = {0: (1 - p) ** 2, 1: 2 * p * (1 - p), 2: p * p}
    assert _chi2(counts, expected, n) < 13.8  # 2 dof, 0.1%


@given(st.lists(st.integers(1, 6), min_size=3, max_size=3), st.integers(1, 6))
def test_pass_count_property(faces, target):
    res = Roller(TypedSource(faces)).roll("pass:3d6", "x", target=target)
    assert res.value == sum(1 for f in faces if f <= target)
    assert 0 <= res.value <= 3 and res.faces == faces


@given(st.lists(st.integers(1, 6), min_size=2, max_size=2))
def test_d66_property(faces):
    v = Roller(TypedSource(faces)).d66("x").value
    assert v == faces[0] * 10 + faces[1] and v in parse_spec("d66").outcomes()


@given(st.lists(st.integers(-3, 9), min_size=1, max_size=6))
def test_typed_validation_property(faces):
    if all(1 <= f <= 6 for f in faces):
        assert TypedSource(faces).faces == faces
    else:
        with pytest.raises(DiceError):
            TypedSource(faces)


@given(st.integers(0, 2**32), st.sampled_from(["d6", "2d6", "d66", "d3", "3d6", "best:2d6"]))
def test_seeded_values_always_within_the_spec(seed, spec):
    r = Roller(SeededSource(seed))
    assert r.roll(spec, "x").value in parse_spec(spec).outcomes()
