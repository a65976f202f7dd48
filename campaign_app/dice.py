"""Dice: one roller interface over three sources (random, seeded, typed-in faces).

Every roll the app makes goes through :class:`Roller`. Before each roll the roller
asks its source with a :class:`DiceRequest` (the dice, what for, for whom, the rule
and the table); the source only hands out d6 faces (``campaign_app.procedure_driver``
adds the faces gathered roll by roll, for the wizard); the roller turns faces into the
value a table is read with (a sum, a D66, a count of passing dice, ...). Each roll returns a :class:`RollResult` carrying the
faces shown, what the roll was for and the rule that asked for it, and the roller
keeps them in order so a use-case can record every one.

Dice specs understood by :func:`parse_spec`:

``d6``, ``d3``, ``d66``, ``Nd6`` (sum, e.g. ``2d6``), ``Nd6+M``/``Nd6-M`` (with a
modifier), ``pass:Nd6`` (N dice vs a target, each die <= target passes; the value is
the count of passes), ``pass:3d6b2`` (best two of three: value 0..2), ``pass:2d6b1``
(best of two: value 0..1), ``best:Nd6`` (the highest face of N dice).
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Generator, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeAlias, TypeVar

from campaign_app.errors import DiceError

FACES = range(1, 7)
T = TypeVar("T")


@dataclass(frozen=True)
class DiceRequest:
    """What a procedure asks for before a roll: the dice, how many d6 that takes, what
    it is for (``need`` in words, ``purpose``), the rule that asked, the target, who it
    is for and the table it is read on. A source answers it with faces."""

    spec: str
    count: int  # physical d6 to roll
    need: str  # in words, e.g. "2d6 vs 4 for Sgt Rock's recovery"
    purpose: str
    rule: str = ""
    target: int | None = None
    table: str | None = None
    fighter_id: int | None = None
    unit_id: int | None = None


class DiceSource(Protocol):
    """Hands out the d6 faces a :class:`DiceRequest` needs."""

    @property
    def name(self) -> str:
        """``random``, ``seeded`` or ``typed``: where the faces last handed out came from."""
        ...

    def take(self, request: DiceRequest) -> list[int]:
        """Return ``request.count`` faces for the roll asked for."""
        ...

    def finish(self) -> None:
        """Called when a use-case has taken all its dice; may refuse leftovers."""
        ...


class RandomSource:
    """The operating system's randomness (``random.SystemRandom``, the class
    :mod:`secrets` gives as ``secrets.SystemRandom``, without importing ``secrets``:
    its hmac and OpenSSL hashlib cost the window's first screen about 4 ms): what the
    league server rolls every die with, and the desktop's dice too. No seed, nothing
    to predict."""

    name = "random"

    def __init__(self) -> None:
        self._rng: random.Random = random.SystemRandom()

    def next_face(self) -> int:
        return self._rng.randint(1, 6)

    def take(self, request: DiceRequest) -> list[int]:
        return [self.next_face() for _ in range(request.count)]

    def finish(self) -> None:
        return None


class SeededSource:
    """Reproducible: the same seed gives the same faces in the same order."""

    name = "seeded"

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def take(self, request: DiceRequest) -> list[int]:
        return [self._rng.randint(1, 6) for _ in range(request.count)]

    def finish(self) -> None:
        return None


class TypedSource:
    """Faces the user rolled at the table, consumed in order."""

    name = "typed"

    def __init__(self, faces: Iterable[int | str]) -> None:
        self.faces = validate_faces(faces)
        self._pos = 0

    def take(self, request: DiceRequest) -> list[int]:
        if self._pos + request.count > len(self.faces):
            raise DiceError(
                f"not enough dice typed: {len(self.faces)} given, the next roll needs "
                f"{request.need}"
            )
        got = self.faces[self._pos:self._pos + request.count]
        self._pos += request.count
        return got

    def finish(self) -> None:
        if self._pos < len(self.faces):
            left = ",".join(str(f) for f in self.faces[self._pos :])
            raise DiceError(
                f"too many dice typed: {len(self.faces)} given but only {self._pos} "
                f"used (left over: {left})"
            )


def validate_faces(faces: Iterable[int | str]) -> list[int]:
    out: list[int] = []
    for i, raw in enumerate(faces, start=1):
        text = str(raw).strip()
        if not re.fullmatch(r"[+-]?\d+", text):
            raise DiceError(f"typed die #{i} {text!r} is not a number (faces are 1-6)")
        if len(text) > 6:  # thousands of digits: not worth converting (nor allowed to)
            raise DiceError(f"typed die #{i} is {text[:6]}... ({len(text)} digits): a d6 shows 1 to 6")
        face = int(text)
        if face not in FACES:
            raise DiceError(f"typed die #{i} is {face}: a d6 shows 1 to 6")
        out.append(face)
    return out


def parse_typed(text: str) -> list[int]:
    """Parse ``"3,5 6"`` (commas and/or spaces) into faces, validating each.

    A D66 may be typed as two faces (``3,5``) or as one two-digit entry (``35``).
    """
    stripped = text.strip()
    if not stripped:
        raise DiceError("no dice typed: enter faces such as 3,5")
    # one comma or semicolon (spaces around it allowed) or spaces between two faces:
    # "1,,2" or "1,2," leave an empty entry, a typo, never read as "1,2"
    parts = re.split(r"\s*[,;]\s*|\s+", stripped)
    if "" in parts:
        raise DiceError(f"typed dice {stripped[:40]!r}: an empty entry between commas (type faces such as 3,5)")
    faces: list[str] = []
    for p in parts:
        if re.fullmatch(r"[1-6][1-6]", p):
            faces.extend(p)
        else:
            faces.append(p)
    return validate_faces(faces)


_SPEC = re.compile(
    r"^(?:(?P<mode>pass|best):)?(?P<n>\d*)d(?P<sides>66|6|3)(?:b(?P<keep>\d+))?"
    r"(?P<mod>[+-]\d+)?$"
)


@dataclass(frozen=True)
class DiceSpec:
    text: str
    mode: str  # "sum", "d66", "pass", "best"
    count: int  # number of physical d6 rolled
    sides: int  # 6, 3 or 66
    keep: int  # pass mode: how many dice count (best N)
    modifier: int = 0

    def outcomes(self) -> list[int]:
        """Every value this spec can produce (what a table on it must cover)."""
        if self.mode == "d66":
            return [t * 10 + u for t in FACES for u in FACES]
        if self.mode == "pass":
            return list(range(0, self.keep + 1))
        if self.mode == "best":
            return list(range(1 + self.modifier, 7 + self.modifier))
        per = 3 if self.sides == 3 else 6
        return list(range(self.count + self.modifier, self.count * per + self.modifier + 1))


@functools.lru_cache(maxsize=512)
def parse_spec(text: str) -> DiceSpec:
    t = text.strip().lower().replace(" ", "")
    m = _SPEC.match(t)
    if not m:
        raise DiceError(f"unknown dice {text!r} (try d6, 2d6, d3, d66, pass:2d6)")
    n = int(m["n"] or 1)
    sides = int(m["sides"])
    mode = m["mode"] or ("d66" if sides == 66 else "sum")
    keep = int(m["keep"]) if m["keep"] else n
    mod = int(m["mod"] or 0)
    if not 1 <= n <= 20:
        raise DiceError(f"dice {text!r}: between 1 and 20 dice")
    if sides == 66 and (n != 1 or mode != "d66"):
        raise DiceError(f"dice {text!r}: a D66 is read alone")
    if keep > n or keep < 1:
        raise DiceError(f"dice {text!r}: cannot keep {keep} of {n} dice")
    if mode in ("pass", "best") and sides != 6:
        raise DiceError(f"dice {text!r}: pass and best take d6")
    return DiceSpec(text=t, mode=mode, count=n, sides=sides, keep=keep, modifier=mod)


@dataclass
class RollResult:
    """One roll: what was rolled, the faces shown, and the value read from them."""

    spec: str
    faces: list[int]
    value: int
    purpose: str
    rule: str = ""
    source: str = "random"
    target: int | None = None
    table: str | None = None
    row: str | None = None
    result: str | None = None
    fighter_id: int | None = None
    unit_id: int | None = None
    extra: dict[str, object] = field(default_factory=dict)

    def to_dict(self) -> dict[str, object]:
        """Plain data for reports, JSON and the GUI: the dice, the faces shown, the row
        it hit and the rule that asked."""
        return {"dice": self.spec, "faces": list(self.faces), "target": self.target, "value": self.value,
                "table": self.table, "row": self.row, "result": self.result,
                "label": self.extra.get("label", ""), "source": self.source, "purpose": self.purpose,
                "rule": self.rule}

    @property
    def faces_text(self) -> str:
        return ",".join(str(f) for f in self.faces)


def ask(spec: str | DiceSpec, purpose: str, *, target: int | None = None, rule: str = "",
        fighter_id: int | None = None, unit_id: int | None = None, table: str | None = None) -> DiceRequest:
    """The request for one roll: what a procedure yields (``roll = yield ask("2d6", ...)``);
    the driver sends back the :class:`RollResult` (the faces, read)."""
    ds = parse_spec(spec) if isinstance(spec, str) else spec
    need_target = f" vs {target}" if target is not None else ""
    need = f"{ds.count}d6{need_target} for {purpose}" if ds.mode != "d66" else f"D66 for {purpose}"
    if ds.sides == 3:
        need = f"{'' if ds.count == 1 else ds.count}D3 (a d6 each) for {purpose}"
    return DiceRequest(spec=ds.text, count=2 if ds.mode == "d66" else ds.count, need=need,
                       purpose=purpose, rule=rule, target=target, table=table,
                       fighter_id=fighter_id, unit_id=unit_id)


def read(request: DiceRequest, faces: list[int], source: str) -> RollResult:
    """The roll ``request`` asked for, read from ``faces`` (``source``: where they came
    from): the value a table is read with (a sum, a D66, a count of passing dice...)."""
    ds = parse_spec(request.spec)
    target, purpose = request.target, request.purpose
    if ds.mode == "d66":
        value = faces[0] * 10 + faces[1]
    else:
        if ds.mode == "pass":
            if target is None:
                raise DiceError(f"{purpose}: a pass test needs a target number")
            effective = target + ds.modifier
            kept = sorted(faces)[: ds.keep]
            value = sum(1 for f in kept if f <= effective)
        elif ds.mode == "best":
            value = max(faces) + ds.modifier
        elif ds.sides == 3:
            value = sum((f + 1) // 2 for f in faces) + ds.modifier
        else:
            value = sum(faces) + ds.modifier
    return RollResult(spec=ds.text, faces=faces, value=value, purpose=purpose, rule=request.rule, source=source,
                      target=target, fighter_id=request.fighter_id, unit_id=request.unit_id)


Rolling: TypeAlias = Generator[DiceRequest, "RollResult", T]
"""A procedure's run: it yields a :class:`DiceRequest` for each roll and is sent the
:class:`RollResult` (the faces, read); it returns its result (``T``)."""


class Roller:
    """The single roll interface. Wraps a source and remembers every roll made."""

    def __init__(self, source: DiceSource | None = None) -> None:
        self.source: DiceSource = source if source is not None else RandomSource()
        self.rolls: list[RollResult] = []

    # construction helpers -------------------------------------------------
    @classmethod
    def from_options(cls, dice: str | Sequence[int] | None = None, seed: int | None = None) -> Roller:
        if dice is not None and seed is not None:
            raise DiceError("give typed dice or a seed, not both")
        if dice is not None:
            faces = parse_typed(dice) if isinstance(dice, str) else validate_faces(dice)
            return cls(TypedSource(faces))
        if seed is not None:
            return cls(SeededSource(seed))
        return cls(RandomSource())

    def finish(self) -> None:
        """Refuse leftover typed faces. Call once all rolls of a use-case are made."""
        self.source.finish()

    # rolling ---------------------------------------------------------------
    def roll(
        self,
        spec: str | DiceSpec,
        purpose: str,
        *,
        target: int | None = None,
        rule: str = "",
        fighter_id: int | None = None,
        unit_id: int | None = None,
        table: str | None = None,
    ) -> RollResult:
        return self.answer(ask(spec, purpose, target=target, rule=rule, fighter_id=fighter_id, unit_id=unit_id,
                               table=table))

    def answer(self, request: DiceRequest) -> RollResult:
        """The roll ``request`` asks for, with faces from this roller's source (kept in
        :attr:`rolls`): what the procedure driver sends back to a procedure."""
        faces = self.source.take(request)
        res = read(request, faces, self.source.name)
        self.rolls.append(res)
        return res

    # conveniences ----------------------------------------------------------
    def d6(self, purpose: str, **kw: object) -> RollResult:
        return self.roll("d6", purpose, **kw)  # type: ignore[arg-type]

    def d3(self, purpose: str, **kw: object) -> RollResult:
        return self.roll("d3", purpose, **kw)  # type: ignore[arg-type]

    def d66(self, purpose: str, **kw: object) -> RollResult:
        return self.roll("d66", purpose, **kw)  # type: ignore[arg-type]
