"""The one driver of dice procedures (pure: no SQL, no Qt, no threads).

A *procedure* is a generator (the state it works on was read before, once, and is
bound in): each roll it makes, it yields a :class:`~campaign_app.dice.DiceRequest`
(the dice, what for, for whom, the rule and the table: ``dice.ask(...)``) and is sent
back the :class:`~campaign_app.dice.RollResult` (the faces, read); it returns its
result. A helper that rolls (a table, a sub-step) is a generator too, used with
``yield from``::

    def after_battle(state, options) -> Rolling[Outcome]:
        roll = yield ask("2d6", "Sgt Rock's recovery", target=4, rule="Recovery")
        res, row = yield from roll_on(table, "Sgt Rock: injury")
        ...

The driver answers each request:

- :func:`run`: from the random, seeded or typed source of a ready
  :class:`~campaign_app.dice.Roller` (CLI, one-shot calls, a dialog's preview), every
  roll kept in ``roller.rolls``;
- :class:`Run` ("ask" mode, the wizard, Apply): from the faces gathered so far; at a
  roll that has no faces yet the run *waits* (the live generator is kept, with its
  pending request) and :meth:`Run.send` hands it more: nothing is run again;
- :func:`app_dice`: a source where the app's own dice answer every request and keep
  the faces (marked ``random``), so Apply can use exactly those.

Faces carry where they came from (``random`` or ``typed``); each roll made records
the source of its faces.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Generic, TypeVar

from campaign_app.dice import (
    DiceRequest,
    DiceSource,
    RandomSource,
    Roller,
    Rolling,
    RollResult,
    TypedSource,
    read,
    validate_faces,
)
from campaign_app.errors import AppError, DiceError

T = TypeVar("T")
Face = tuple[int, str]  # (face, "random" | "typed")

MAX_FACES = 400  # the app's own dice for one run (a runaway procedure stops here)


def _send(gen: Rolling[T], value: RollResult | BaseException | None) -> tuple[DiceRequest | None, T | None]:
    """Resume ``gen`` with a roll (or throw a refusal in at its yield, as a roll call
    would have raised there); its next request, or None and its result."""
    try:
        if isinstance(value, BaseException):
            return gen.throw(value), None
        return gen.send(value), None  # type: ignore[arg-type]  # None primes it
    except StopIteration as stop:
        return None, stop.value


def drive(gen: Rolling[T], roller: Roller) -> T:
    """Run the generator ``gen`` to its end, each request answered by ``roller`` (its
    source's faces; every roll kept in ``roller.rolls``). Leftover typed faces are not
    checked here (:func:`run` does)."""
    request, result = _send(gen, None)
    while request is not None:
        answer: RollResult | BaseException
        try:
            answer = roller.answer(request)
        except AppError as e:  # not enough dice...: raised where the procedure asked
            answer = e
        request, result = _send(gen, answer)
    return result  # type: ignore[return-value]


def run(procedure: Rolling[T], roller: Roller) -> T:
    """Run ``procedure`` (a generator) with a ready roller (random, seeded or typed) to
    the end; typed faces left over are refused."""
    result = drive(procedure, roller)
    roller.finish()
    return result


class Run(Generic[T]):
    """A procedure run in "ask" mode, kept alive between rolls: the generator, the
    request it waits at (``pending``), the faces given and used so far (``faces``), the
    rolls made (``rolls``) and, once done, its ``result``. :meth:`send` gives it more
    faces and it goes on to its next roll without faces, or to its end; each roll costs
    the same however many came before (nothing is run again). Faces given past the end
    are counted in ``unused`` (the caller refuses them)."""

    def __init__(self, gen: Rolling[T], faces: Sequence[Face] = ()) -> None:
        self._gen = gen
        self._given: list[Face] = []
        self._pos = 0
        self.rolls: list[RollResult] = []
        self.result: T | None = None
        self.error: AppError | None = None
        self.pending: DiceRequest | None = None
        self.done = False
        self._go(None)
        self.send(faces)

    def _go(self, value: RollResult | BaseException | None) -> None:
        try:
            self.pending, result = _send(self._gen, value)
        except AppError as e:  # the procedure refused: the run is over
            self.pending, self.done, self.error = None, True, e
            raise
        if self.pending is None:
            self.done, self.result = True, result

    def send(self, faces: Sequence[Face]) -> Run[T]:
        """More faces: the run goes on while it has the faces its next roll needs."""
        self._given += [(validate_faces([f])[0], src) for f, src in faces]
        while self.pending is not None and self._pos + self.pending.count <= len(self._given):
            got = self._given[self._pos:self._pos + self.pending.count]
            self._pos += len(got)
            answer: RollResult | BaseException
            try:
                answer = read(self.pending, [f for f, _src in got], got[-1][1] if got else "typed")
                self.rolls.append(answer)
            except AppError as e:
                answer = e
            self._go(answer)
        return self

    @property
    def given(self) -> list[Face]:
        return list(self._given)

    @property
    def faces(self) -> list[Face]:
        """The faces the rolls made so far took (with their sources)."""
        return self._given[:self._pos]

    @property
    def unused(self) -> int:
        return len(self._given) - self._pos

    def close(self) -> None:
        """Let a run that waits for dice go (its generator is closed)."""
        self._gen.close()


class FaceSource:
    """A ready source of faces gathered before (a preview's), each marked with where it
    came from. With ``then`` (a fallback source) missing faces come from it and are
    kept (:func:`app_dice`); else a missing roll is refused."""

    def __init__(self, faces: Sequence[Face] = (), then: Callable[[DiceRequest], list[Face]] | None = None,
                 limit: int = MAX_FACES) -> None:
        self.faces: list[Face] = [(validate_faces([f])[0], src) for f, src in faces]
        self._pos = 0
        self._last = self.faces[0][1] if self.faces else ("random" if then is not None else "typed")
        self._then = then
        self._limit = len(self.faces) + limit

    @property
    def name(self) -> str:
        return self._last

    @property
    def used(self) -> int:
        return self._pos

    @property
    def rolls_more(self) -> bool:
        """Whether missing faces are rolled (a fallback source) rather than refused."""
        return self._then is not None

    def take(self, request: DiceRequest) -> list[int]:
        if self._pos + request.count > len(self.faces):
            if self._then is None:
                raise DiceError(f"not enough dice: {len(self.faces)} given, the next roll needs {request.need}")
            if len(self.faces) + request.count > self._limit:
                raise DiceError(f"more than {self._limit} dice needed: stopped")
            self.faces.extend(self._then(request)[: request.count])
        got = self.faces[self._pos:self._pos + request.count]
        self._pos += request.count
        self._last = got[-1][1] if got else self._last
        return [f for f, _src in got]

    def finish(self) -> None:
        if self._pos < len(self.faces):
            raise DiceError(f"{len(self.faces) - self._pos} dice left over")


def app_dice(rng: RandomSource | None = None, limit: int = MAX_FACES) -> FaceSource:
    """A source where the app rolls every request and keeps the faces (``.faces``, each
    marked ``random``) so the same result can be applied with ``FaceSource(faces)``."""
    dice = rng or RandomSource()
    return FaceSource(then=lambda req: [(dice.next_face(), "random") for _ in range(req.count)], limit=limit)


class RecordedFirst:
    """Strict dice discipline: the faces already on record for a step come first (each
    with the source it had), then the roller's own source for the rest. Typed faces
    (when the campaign allows them) must be the faces on record where there are some."""

    def __init__(self, recorded: Sequence[Face], then: DiceSource) -> None:
        self.recorded = [(validate_faces([f])[0], src) for f, src in recorded]
        self.then = then
        self._pos = 0
        self._last = then.name

    @property
    def name(self) -> str:
        return self._last

    def take(self, request: DiceRequest) -> list[int]:
        got = self.recorded[self._pos:self._pos + request.count]
        self._pos += len(got)
        known = [f for f, _src in got]
        if isinstance(self.then, FaceSource) and self.then.rolls_more and self.then.used == len(self.then.faces):
            self.then.faces.extend(got)  # the app's own dice (a dialog's preview): kept with the rest
            faces = self.then.take(request)
            self._last = self.then.name
            return faces
        if isinstance(self.then, (TypedSource, FaceSource)):  # faces given: they must be those
            given = self.then.take(request)
            if given[:len(known)] != known:
                shown = ",".join(map(str, known))
                raise DiceError(f"the dice for {request.need} were already rolled ({shown}): "
                                f"the campaign's strict dice discipline reuses them")
            self._last = self.then.name
            return given
        rest = self.then.take(replace(request, count=request.count - len(got))) if request.count > len(got) else []
        self._last = self.then.name if rest else (got[-1][1] if got else self._last)
        return known + rest

    def finish(self) -> None:
        self.then.finish()


def check_recorded(recorded: Sequence[Face], faces: Sequence[Face], what: str) -> None:
    """Strict dice discipline: ``faces`` (a run's, in order) begin with the faces on
    record (or are a beginning of them); else one line naming the first that differs."""
    for i, ((got, _s), (want, _w)) in enumerate(zip(faces, recorded, strict=False), start=1):
        if got != want:
            raise DiceError(f"die #{i} of {what} shows {got}, but {want} was already rolled for it: "
                            f"the campaign's strict dice discipline reuses the dice already rolled")
