"""Tests that kill mutants of campaign_app/dice.py that survived the mutation run
(tools/mutation, group `dice`): the exact error texts a user reads, the request a
source is asked with, the default and typed sources, and the plain-data form of a roll."""

from __future__ import annotations

import re

import pytest

from campaign_app.dice import (
    DiceRequest,
    DiceSpec,
    RandomSource,
    Roller,
    RollResult,
    SeededSource,
    TypedSource,
    parse_spec,
    parse_typed,
    validate_faces,
)
from campaign_app.errors import DiceError


class Recording:
    """A source that hands out fixed faces and keeps the requests it was asked."""

    name = "recording"

    def __init__(self, faces: list[int]) -> None:
        self.faces = list(faces)
        self.requests: list[DiceRequest] = []

    def take(self, request: DiceRequest) -> list[int]:
        self.requests.append(request)
        got, self.faces = self.faces[: request.count], self.faces[request.count :]
        return got

    def finish(self) -> None:
        return None


def raises_exactly(text: str):
    return pytest.raises(DiceError, match="^" + re.escape(text) + "$")


def test_random_source_shows_every_face_and_only_faces():
    src = RandomSource()
    seen = {src.next_face() for _ in range(3000)}
    assert seen == {1, 2, 3, 4, 5, 6}
    got = src.take(DiceRequest(spec="3d6", count=3, need="", purpose=""))
    assert len(got) == 3 and all(1 <= f <= 6 for f in got)


def test_seeded_source_keeps_its_seed():
    assert SeededSource(42).seed == 42
    a = Roller(SeededSource(7)).roll("5d6", "x").faces
    b = Roller(SeededSource(7)).roll("5d6", "x").faces
    assert a == b


def test_typed_source_error_texts():
    src = TypedSource([1, 2, 3])
    src.take(DiceRequest(spec="d6", count=1, need="", purpose=""))
    with raises_exactly("too many dice typed: 3 given but only 1 used (left over: 2,3)"):
        src.finish()
    src2 = TypedSource([4])
    with raises_exactly("not enough dice typed: 1 given, the next roll needs 2d6 for a test"):
        src2.take(DiceRequest(spec="2d6", count=2, need="2d6 for a test", purpose="a test"))


def test_validate_faces_error_texts_number_the_die_from_one():
    with raises_exactly("typed die #1 'x' is not a number (faces are 1-6)"):
        validate_faces(["x"])
    with raises_exactly("typed die #2 'y' is not a number (faces are 1-6)"):
        validate_faces([1, "y"])
    with raises_exactly("typed die #1 is 7: a d6 shows 1 to 6"):
        validate_faces([7])
    with raises_exactly("typed die #2 is 0: a d6 shows 1 to 6"):
        validate_faces([3, 0])
    # seven digits are refused unread; six digits are read (and then out of range)
    with raises_exactly("typed die #1 is 123456... (7 digits): a d6 shows 1 to 6"):
        validate_faces(["1234567"])
    with raises_exactly("typed die #1 is 123456: a d6 shows 1 to 6"):
        validate_faces(["123456"])
    with raises_exactly("typed die #1 is 100000: a d6 shows 1 to 6"):
        validate_faces(["100000"])
    with raises_exactly("typed die #1 is 123456... (8 digits): a d6 shows 1 to 6"):
        validate_faces(["12345678"])


def test_parse_typed_error_texts():
    with raises_exactly("no dice typed: enter faces such as 3,5"):
        parse_typed("   ")
    with raises_exactly("typed dice '1,,2': an empty entry between commas (type faces such as 3,5)"):
        parse_typed("1,,2")
    long = "1," * 30 + ","
    with raises_exactly(f"typed dice {long[:40]!r}: an empty entry between commas (type faces such as 3,5)"):
        parse_typed(long)
    assert parse_typed("35 6") == [3, 5, 6]


def test_outcomes_of_pass_and_best_specs():
    assert parse_spec("pass:3d6b2").outcomes() == [0, 1, 2]
    assert DiceSpec(text="best:2d6+1", mode="best", count=2, sides=6, keep=2, modifier=1).outcomes() == [2, 3, 4, 5, 6, 7]
    assert DiceSpec(text="best:2d6-1", mode="best", count=2, sides=6, keep=2, modifier=-1).outcomes() == [0, 1, 2, 3, 4, 5]
    assert parse_spec("2d6+1").outcomes() == list(range(3, 14))


def test_parse_spec_reads_spaces_and_modes():
    s = parse_spec(" 2 d6 + 1 ")
    assert (s.text, s.mode, s.count, s.modifier) == ("2d6+1", "sum", 2, 1)
    assert parse_spec("3d6").mode == "sum"
    assert parse_spec("20d6").count == 20


def test_parse_spec_error_texts():
    with raises_exactly("unknown dice 'x6' (try d6, 2d6, d3, d66, pass:2d6)"):
        parse_spec("x6")
    with raises_exactly("dice '21d6': between 1 and 20 dice"):
        parse_spec("21d6")
    with raises_exactly("dice '2d66': a D66 is read alone"):
        parse_spec("2d66")
    with raises_exactly("dice 'pass:2d6b3': cannot keep 3 of 2 dice"):
        parse_spec("pass:2d6b3")
    with raises_exactly("dice 'best:2d3': pass and best take d6"):
        parse_spec("best:2d3")
    with raises_exactly("dice 'pass:2d3': pass and best take d6"):
        parse_spec("pass:2d3")


def test_from_options():
    with raises_exactly("give typed dice or a seed, not both"):
        Roller.from_options(dice="3", seed=1)
    r = Roller.from_options(dice="3,4")
    assert isinstance(r.source, TypedSource) and r.source.faces == [3, 4]
    r = Roller.from_options(dice=[5, 6])
    assert isinstance(r.source, TypedSource) and r.source.faces == [5, 6]
    with raises_exactly("typed die #1 is 9: a d6 shows 1 to 6"):
        Roller.from_options(dice=[9])
    r = Roller.from_options(seed=5)
    assert isinstance(r.source, SeededSource) and r.source.seed == 5
    assert isinstance(Roller.from_options(seed=0).source, SeededSource)
    assert isinstance(Roller.from_options().source, RandomSource)
    assert Roller.from_options(dice="2").roll("d6", "x").source == "typed"
    assert Roller.from_options(seed=3).roll("d6", "x").source == "seeded"


def test_default_roller_is_random_and_given_source_is_kept():
    assert isinstance(Roller().source, RandomSource)
    src = Recording([1])
    assert Roller(src).source is src


def test_the_request_a_source_is_asked():
    src = Recording([3, 4, 5, 6, 1, 2, 6, 6, 2, 5, 4, 4])
    r = Roller(src)
    a = r.roll("2d6", "Rock's recovery", target=4)
    b = r.roll("d66", "loot", rule="R1", table="T", fighter_id=7, unit_id=8)
    c = r.roll("d3", "ammo")
    d = r.roll("2d3", "ammo")
    e = r.roll("2d6", "plain")
    f = r.roll(parse_spec("d6"), "spec object")
    assert [q.need for q in src.requests] == [
        "2d6 vs 4 for Rock's recovery", "D66 for loot", "D3 (a d6 each) for ammo",
        "2D3 (a d6 each) for ammo", "2d6 for plain", "1d6 for spec object"]
    q = src.requests[1]
    assert (q.spec, q.count, q.purpose, q.rule, q.target, q.table, q.fighter_id, q.unit_id) == (
        "d66", 2, "loot", "R1", None, "T", 7, 8)
    q = src.requests[0]
    assert (q.spec, q.count, q.rule, q.target, q.table, q.fighter_id, q.unit_id) == (
        "2d6", 2, "", 4, None, None, None)
    assert a.rule == "" and a.target == 4 and a.value == 7
    assert b.value == 56 and (b.rule, b.fighter_id, b.unit_id, b.source) == ("R1", 7, 8, "recording")
    assert b.table is None and b.row is None
    assert c.value == 1 and d.value == 4  # d3 reads a d6 halved up: 1 -> 1; 2,6 -> 1+3
    assert e.value == 8 and f.value == 5
    assert r.rolls == [a, b, c, d, e, f]


def test_conveniences_pass_their_spec_and_keywords():
    src = Recording([6, 2, 5, 4, 1])
    r = Roller(src)
    x = r.d6("a", rule="R", fighter_id=3)
    y = r.d3("b", unit_id=4)
    z = r.d66("c", table="T")
    assert (x.spec, x.value, x.rule, x.fighter_id) == ("d6", 6, "R", 3)
    assert (y.spec, y.value, y.unit_id) == ("d3", 1, 4)
    assert (z.spec, z.value) == ("d66", 54)
    assert [q.need for q in src.requests] == ["1d6 for a", "D3 (a d6 each) for b", "D66 for c"]
    assert src.requests[2].table == "T" and src.requests[0].rule == "R"


def test_pass_best_and_modifiers():
    r = Roller(Recording([2, 5, 6, 3, 1, 4, 6, 2]))
    with raises_exactly("morale: a pass test needs a target number"):
        Roller(Recording([1])).roll("pass:1d6", "morale")
    p = r.roll("pass:3d6b2", "t", target=3)  # faces 2,5,6 kept 2,5 -> one pass
    assert p.value == 1
    q = r.roll("pass:2d6+1", "t", target=2)  # faces 3,1 vs 3 -> two pass
    assert q.value == 2
    b = r.roll("best:2d6-1", "t")  # faces 4,6 -> 5
    assert b.value == 5
    s = r.roll("d6+2", "t")  # face 2 -> 4
    assert s.value == 4


def test_to_dict_and_faces_text():
    res = RollResult(spec="2d6", faces=[3, 4], value=7, purpose="p", rule="R", source="typed",
                     target=5, table="T", row="7", result="ok", extra={"label": "L"})
    assert res.to_dict() == {"dice": "2d6", "faces": [3, 4], "target": 5, "value": 7, "table": "T",
                             "row": "7", "result": "ok", "label": "L", "source": "typed",
                             "purpose": "p", "rule": "R"}
    assert RollResult(spec="d6", faces=[1], value=1, purpose="p").to_dict()["label"] == ""
    assert res.faces_text == "3,4"


def test_d3_with_a_modifier():
    r = Roller(Recording([1, 6]))
    assert r.roll("d3+1", "t").value == 2
    assert r.roll("d3-1", "t").value == 2
