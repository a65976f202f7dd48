"""The one driver of dice procedures (pure: no SQL, no Qt).

A *procedure* is a pure function of a :class:`~campaign_app.dice.Roller` (the state it
works on was read before, once, and is bound in): ``procedure(roller) -> result``.
Each roll it makes first hands the source a :class:`~campaign_app.dice.DiceRequest`
(the dice, what for, for whom, the rule and the table), and the source answers with
the faces. The driver runs a procedure against a source:

- :func:`run`: the random, seeded or typed source of a use-case (CLI, one-shot calls);
- :func:`step` ("ask" mode, the wizard): with the faces gathered so far; when a roll
  has no faces yet the run stops there and returns the pending request, so the GUI
  can show it, get the faces (Roll button or typed) and go on. Going on runs the pure
  procedure again in memory with one roll more: no database, no unit of work;
- :func:`app_dice`: a source where the app's own dice answer every request and keep
  the faces (marked ``random``), so Apply can use exactly those;
- :func:`probe`: filler faces after the real ones (never shown or saved), to see the
  steps the real faces already decided.

Faces carry where they came from (``random`` or ``typed``); each roll made records
the source of its faces.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Generic, TypeVar

from campaign_app.dice import (
    DiceRequest,
    DiceSource,
    RandomSource,
    Roller,
    RollResult,
    TypedSource,
    validate_faces,
)
from campaign_app.errors import AppError, DiceError

T = TypeVar("T")
Procedure = Callable[[Roller], T]
Face = tuple[int, str]  # (face, "random" | "typed")

MAX_FACES = 400  # the app's own dice or filler dice for one run (a runaway procedure stops here)


class _Wanted(Exception):
    """Internal to the driver: the next roll has no faces yet (never leaves it)."""

    def __init__(self, request: DiceRequest) -> None:
        super().__init__(request.need)
        self.request = request


class FaceSource:
    """Faces gathered one roll at a time, each marked with where it came from. With
    ``then`` (a fallback source) missing faces come from it and are kept; with ``ask``
    a missing roll stops the run with its request (:func:`step`); else it is refused."""

    def __init__(self, faces: Sequence[Face] = (), then: Callable[[DiceRequest], list[Face]] | None = None,
                 limit: int = MAX_FACES, *, ask: bool = False) -> None:
        self.faces: list[Face] = [(validate_faces([f])[0], src) for f, src in faces]
        self._pos = 0
        self._last = self.faces[0][1] if self.faces else ("random" if then is not None else "typed")
        self._then = then
        self._limit = len(self.faces) + limit
        self._ask = ask

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
                if self._ask:
                    raise _Wanted(request)
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


@dataclass
class Run(Generic[T]):
    """One run of a procedure: its result (when every roll had faces) or the request
    it stopped at, the rolls made so far and the faces (with their sources) used."""

    result: T | None = None
    pending: DiceRequest | None = None
    rolls: list[RollResult] = field(default_factory=list)
    faces: list[Face] = field(default_factory=list)
    unused: int = 0  # faces given that no roll took

    @property
    def done(self) -> bool:
        return self.pending is None


def run(procedure: Procedure[T], roller: Roller) -> T:
    """Run ``procedure`` with a ready roller (random, seeded or typed) to the end; typed
    faces left over are refused."""
    result = procedure(roller)
    roller.finish()
    return result


def step(procedure: Procedure[T], faces: Sequence[Face]) -> Run[T]:
    """Run with the faces gathered so far; stop at the first roll that has none. Faces
    left over at the end are counted in ``unused`` (the caller refuses them)."""
    source = FaceSource(faces, ask=True)
    roller = Roller(source)
    try:
        result = procedure(roller)
    except _Wanted as w:
        return Run(pending=w.request, rolls=roller.rolls, faces=source.faces[:source.used])
    return Run(result=result, rolls=roller.rolls, faces=source.faces[:source.used],
               unused=len(source.faces) - source.used)


def app_dice(rng: RandomSource | None = None, limit: int = MAX_FACES) -> FaceSource:
    """A source where the app rolls every request and keeps the faces (``.faces``, each
    marked ``random``) so the same result can be applied with ``FaceSource(faces)``."""
    dice = rng or RandomSource()
    return FaceSource(then=lambda req: [(dice.next_face(), "random") for _ in range(req.count)], limit=limit)


def probe(procedure: Procedure[T], faces: Sequence[Face], limit: int = MAX_FACES) -> Run[T] | None:
    """Run on past the real faces with filler dice (1s), to learn the steps the real
    faces already decided; None when the filler makes the procedure refuse."""
    source = FaceSource(faces, then=lambda req: [(1, "typed")] * req.count, limit=limit)
    roller = Roller(source)
    try:
        result = procedure(roller)
    except AppError:
        return None
    return Run(result=result, rolls=roller.rolls, faces=source.faces)


# --- lazy: a run kept waiting at its next roll (lazy helper)
class _Cancelled(BaseException):
    """Internal to :class:`Live`: the run was let go while it waited (never leaves it)."""


class Live(Generic[T]):
    """A procedure run kept alive between rolls, as the wizard previews one roll at a
    time: the run waits (in a thread of its own) at the first roll without faces;
    :meth:`give` hands it more and it goes on to the next roll or to the end. Each
    roll costs the same however many came before: nothing is run again (:func:`step`
    would replay every earlier roll each time).

    ``before`` is called in the run's thread before the procedure (what it returns is
    ``context``: e.g. a watch on what the procedure builds). ``pending``, ``rolls``,
    ``faces`` (used so far), ``done``, ``result`` and ``error`` are read while the run
    waits or has ended; :meth:`close` lets a waiting run go."""

    def __init__(self, procedure: Procedure[T], faces: Sequence[Face] = (),
                 before: Callable[[], object] | None = None) -> None:
        import threading

        self._cv = threading.Condition()
        self._given: list[Face] = [(validate_faces([f])[0], src) for f, src in faces]
        self._pos = 0
        self._last = "typed"
        self._busy = True
        self._cancelled = False
        self.pending: DiceRequest | None = None
        self.done = False
        self.result: T | None = None
        self.error: BaseException | None = None
        self.context: object = None
        self.roller = Roller(self)
        self._procedure = procedure
        self._before = before
        self._thread = threading.Thread(target=self._main, name="procedure-live-run", daemon=True)
        with self._cv:
            self._thread.start()
            self._wait()

    # the run's own thread -----------------------------------------------------------
    def _main(self) -> None:
        try:
            if self._before is not None:
                self.context = self._before()
            result = self._procedure(self.roller)
        except _Cancelled:
            return
        except BaseException as e:  # noqa: BLE001 - handed to the caller as it is
            with self._cv:
                self.error, self.done, self._busy = e, True, False
                self._cv.notify_all()
            return
        with self._cv:
            self.result, self.done, self._busy = result, True, False
            self._cv.notify_all()

    @property
    def name(self) -> str:  # the DiceSource of the run's roller
        return self._last

    def take(self, request: DiceRequest) -> list[int]:
        with self._cv:
            while self._pos + request.count > len(self._given) and not self._cancelled:
                self.pending, self._busy = request, False
                self._cv.notify_all()
                self._cv.wait()
            if self._cancelled:
                raise _Cancelled
            self.pending = None
            got = self._given[self._pos:self._pos + request.count]
            self._pos += request.count
            self._last = got[-1][1] if got else self._last
            return [f for f, _src in got]

    def finish(self) -> None:
        """Nothing to refuse: faces left over are counted in :attr:`unused`."""

    # the caller's side ----------------------------------------------------------------
    def _wait(self) -> None:
        while self._busy:
            self._cv.wait()

    def give(self, faces: Sequence[Face]) -> None:
        """More faces: the run goes on until its next roll without faces, or its end."""
        checked = [(validate_faces([f])[0], src) for f, src in faces]
        with self._cv:
            if self.done or self._cancelled:
                self._given += checked
                return
            self._given += checked
            self._busy = True
            self._cv.notify_all()
            self._wait()

    @property
    def given(self) -> list[Face]:
        return list(self._given)

    @property
    def faces(self) -> list[Face]:
        return self._given[:self._pos]

    @property
    def rolls(self) -> list[RollResult]:
        return self.roller.rolls

    @property
    def unused(self) -> int:
        return len(self._given) - self._pos

    def close(self) -> None:
        """Let a run that waits for dice go (its thread ends)."""
        with self._cv:
            self._cancelled = True
            self._cv.notify_all()


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
