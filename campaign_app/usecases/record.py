"""The roll record you can trust (issue #15 items 1-2, record helper): the campaign's
dice discipline settings, every preview's rolls on record (marked ``preview``, then
``abandoned`` when a wizard is cancelled), the strict discipline that reuses the faces
already rolled for a step, and the hash chain's check (``log verify``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from typing_extensions import TypedDict  # pydantic reads it on Python 3.11 (the facade's results)

from campaign_app import procedure_driver as driver
from campaign_app import rollchain
from campaign_app.changes import Changes, Result
from campaign_app.dice import Roller, RollResult
from campaign_app.errors import Cancelled, DiceError, InputError
from campaign_app.usecases.common import Ref, get_campaign
from db.models import Campaign
from db.queries import rolls as roll_q
from db.uow import Engine, Session, UnitOfWork, read_session

DISCIPLINES = ("open", "strict")
# the game's gang composition rules: checked on recruit and by ``roster check``, or not
ROSTER_RULES = ("checked", "loose")


# --------------------------------------------------------------------------- settings
class CampaignSettings(TypedDict):
    campaign_id: int
    campaign: str
    dice_discipline: str
    typed_dice: bool
    roster_rules: str


@dataclass(frozen=True)
class SettingsResult(Result):
    campaign_id: int
    campaign: str
    dice_discipline: str
    typed_dice: bool
    roster_rules: str
    changed: bool


def _settings(c: Campaign) -> CampaignSettings:
    return {"campaign_id": int(c.id or 0), "campaign": c.name, "dice_discipline": c.dice_discipline,
            "typed_dice": bool(c.typed_dice), "roster_rules": c.roster_rules or "checked"}


def campaign_settings(engine: Engine, campaign: Ref) -> CampaignSettings:
    with read_session(engine) as s:
        return _settings(get_campaign(s, campaign))


def set_campaign_settings(engine: Engine, campaign: Ref, *, dice_discipline: str | None = None,
                          typed_dice: bool | None = None, roster_rules: str | None = None) -> SettingsResult:
    """Change the campaign's dice discipline (``open`` or ``strict``), whether typed
    dice are allowed, and whether its game's gang composition rules are ``checked`` or
    played ``loose`` (one transaction, one undo step)."""
    if dice_discipline is not None and dice_discipline not in DISCIPLINES:
        raise InputError(f"dice discipline {dice_discipline!r} is not open or strict")
    if roster_rules is not None and roster_rules not in ROSTER_RULES:
        raise InputError(f"roster rules {roster_rules!r} are not checked or loose")
    with UnitOfWork(engine, "campaign.settings") as uow:
        c = get_campaign(uow.session, campaign)
        uow.campaign_id = c.id
        changed = False
        if dice_discipline is not None and dice_discipline != c.dice_discipline:
            c.dice_discipline = dice_discipline
            changed = True
        if typed_dice is not None and bool(typed_dice) != bool(c.typed_dice):
            c.typed_dice = bool(typed_dice)
            changed = True
        if roster_rules is not None and roster_rules != c.roster_rules:
            c.roster_rules = roster_rules
            changed = True
        if not changed:
            uow.discard()
        else:
            uow.session.add(c)
            uow.summary = (f"settings of {c.name}: dice discipline {c.dice_discipline}, typed dice "
                           f"{'allowed' if c.typed_dice else 'refused'}, roster rules {c.roster_rules}")
        d = _settings(c)
    return SettingsResult(**d, changed=changed, changes=uow.changes if changed else Changes())


# --------------------------------------------------------------------------- strict dice
def step_faces(s: Session, campaign_id: int, step: str) -> list[driver.Face]:
    """The faces already rolled for ``step``, in order (each with its source): the
    rolls recorded for it since it was last applied (an undone run counts as rolled),
    each face position taken from the first roll that covered it."""
    rows = list(roll_q.step_rolls(s, campaign_id, step))
    last_applied = max((i for i, r in enumerate(rows) if r.mark == "applied"), default=-1)
    faces: list[driver.Face] = []
    for r in rows[last_applied + 1:]:
        if r.face_pos is None or r.face_pos > len(faces):
            continue
        got = [int(x) for x in r.faces.split(",") if x]
        faces.extend((f, r.source) for f in got[len(faces) - r.face_pos:])
    return faces


def refuse_typed(c: Campaign, source: str) -> None:
    if source == "typed" and c.dice_discipline == "strict" and not c.typed_dice:
        raise InputError(f"{c.name} plays strict dice without typed dice: let the app roll them")


def disciplined(s: Session, c: Campaign, step: str, roller: Roller) -> Roller:
    """The roller a run of ``step`` uses: under strict discipline the faces already
    rolled for the step come first (typed dice refused unless the campaign allows them);
    under open discipline ``roller`` itself."""
    if c.dice_discipline != "strict":
        return roller
    refuse_typed(c, roller.source.name)
    faces = step_faces(s, int(c.id or 0), step)
    if not faces:
        return roller
    return Roller(driver.RecordedFirst(faces, roller.source))


def check_disciplined(s: Session, c: Campaign, step: str, faces: Sequence[driver.Face], what: str) -> None:
    """A run given its faces (the wizard's Apply): under strict discipline typed ones
    are refused unless allowed, and they must begin with the faces already rolled."""
    if c.dice_discipline != "strict":
        return
    for _f, src in faces:
        refuse_typed(c, src)
    try:
        driver.check_recorded(step_faces(s, int(c.id or 0), step), faces, what)
    except DiceError as e:
        raise InputError(str(e)) from None


class StepDice(TypedDict):
    strict: bool
    typed_dice: bool
    faces: list[tuple[int, str]]


def step_dice(engine: Engine, campaign: Ref, step: str) -> StepDice:
    """For a wizard: the discipline and the faces already rolled for ``step``."""
    with read_session(engine) as s:
        c = get_campaign(s, campaign)
        strict = c.dice_discipline == "strict"
        return {"strict": strict, "typed_dice": bool(c.typed_dice),
                "faces": step_faces(s, int(c.id or 0), step) if strict else []}


# --------------------------------------------------------------------------- previews
@dataclass(frozen=True)
class RecordedRolls(Result):
    ids: list[int]


def record_preview(engine: Engine, campaign_id: int, rolls: Iterable[RollResult], *, step: str = "",
                   battle_id: int | None = None, face_start: int | None = 0) -> RecordedRolls:
    """Put a preview's rolls the app rolled (not typed ones) on record (marked ``preview``) in their own small
    transaction: a record, not a change of the game (no undo step, no version)."""
    items = list(rolls)
    with UnitOfWork(engine, "preview", campaign_id=campaign_id, journaled=False, durable=False) as uow:
        ids = uow.record_rolls(items, battle_id=battle_id, step=step, mark="preview", face_start=face_start,
                               app_only=True)
    return RecordedRolls(ids=ids, changes=uow.changes)


def abandon_rolls(engine: Engine, ids: Sequence[int]) -> RecordedRolls:
    """A wizard cancelled (or a roll taken back) after rolling: its previewed rolls are
    marked ``abandoned`` (kept, never deleted; the change is a mark record on the chain)."""
    with UnitOfWork(engine, "abandon", journaled=False, durable=False) as uow:
        n = roll_q.set_marks(uow.session, list(ids), "abandoned", only=("preview",), durable=False)
        uow.note(Changes(rolls=bool(n)))
    return RecordedRolls(ids=list(ids), changes=uow.changes)


# --------------------------------------------------------------------------- the chain
@dataclass(frozen=True)
class ChainState:
    campaign: str
    rolls: int
    intact: bool
    broken_at: int | None = None  # the id of the first record that no longer matches
    problem: str = ""
    # the chain's head as the database keeps it (count, last hash): what players hold a copy of
    head_count: int | None = None
    head_hash: str = ""

    @property
    def text(self) -> str:
        if self.intact:
            return f"chain intact: {self.rolls} rolls"
        return f"chain broken at {self.problem}"


def chain_length(engine: Engine, campaign: Ref) -> int:
    """How many roll records the campaign's hash chain has (counted by the database)."""
    with read_session(engine) as s:
        c = get_campaign(s, campaign)
        return roll_q.chain_length(s, int(c.id or 0))


def chain_longer_than(engine: Engine, campaign: Ref, n: int) -> bool:
    """Whether the campaign's chain has more than ``n`` roll records (cheap for any n)."""
    with read_session(engine) as s:
        c = get_campaign(s, campaign)
        return roll_q.chain_longer_than(s, int(c.id or 0), n)


VERIFY_STEP = 20_000  # records checked between two progress reports


def verify_chain(engine: Engine, campaign: Ref,
                 progress: Callable[[int, int], bool] | None = None) -> ChainState:
    """Walk the campaign's roll records in order and check each one's hash (its content
    and the hash before it). The records stream from the database (memory stays flat
    for millions of them); ``progress(done, total)`` is called every VERIFY_STEP records
    and stops the walk by returning False (:class:`~campaign_app.errors.Cancelled`)."""
    with read_session(engine) as s:
        c = get_campaign(s, campaign)
        cid = int(c.id or 0)
        total = roll_q.chain_length(s, cid) if progress is not None else 0

        head = roll_q.chain_head(s, cid)
        count, kept = head if head is not None else (None, "")
        seen: dict[int, tuple[int, str]] = {}  # position -> (id, hash): the head's record, the one after, the last
        marks = rollchain.MarkReplay()  # each roll's mark as the chain says it (#35 item 4)

        def rows() -> Iterator[dict[str, Any]]:
            for i, r in enumerate(roll_q.chain_rows(s, cid), start=1):
                if progress is not None and i % VERIFY_STEP == 0 and not progress(i, total):
                    raise Cancelled("chain check stopped")
                if count is not None and i in (count, count + 1):
                    seen[i] = (int(r.id), str(r.hash))
                seen[0] = (int(r.id), str(r.hash))
                row = dict(r._mapping)
                marks.feed(i, row)
                yield row

        n, brk = rollchain.first_break(rows())
        if brk is not None:
            return ChainState(c.name, roll_q.chain_length(s, cid), False, broken_at=int(brk.ref), problem=brk.text(),
                              head_count=count, head_hash=kept)
        why, at = _against_head(n, count, kept, seen)
        if why:
            return ChainState(c.name, n, False, broken_at=at, problem=why, head_count=count, head_hash=kept)
        wrong = marks.mismatches(lambda hashes: (dict(r._mapping) for r in roll_q.rolls_by_hash(s, cid, hashes)))
        if wrong:
            first = wrong[0]
            if first.position is None and isinstance(first.ref, int):
                first = rollchain.MarkMismatch(first.ref, roll_q.chain_position(s, cid, first.ref), first.table,
                                               first.chain)
            more = f" (and {len(wrong) - 1} more)" if len(wrong) > 1 else ""
            return ChainState(c.name, n, False, broken_at=first.ref if isinstance(first.ref, int) else None,
                              problem=first.text() + more, head_count=count, head_hash=kept)
        return ChainState(c.name, n, True, head_count=count, head_hash=kept)


def _against_head(n: int, count: int | None, kept: str, seen: dict[int, tuple[int, str]]) -> tuple[str, int | None]:
    """An intact chain of ``n`` records compared with its kept head: what does not
    match (words and the record's id), or ``("", None)``."""
    if count is None:
        if n == 0:
            return "", None
        return (f"its head: the chain of {n} rolls has no head kept (the campaign's head was removed); its end "
                "cannot be checked"), None
    if n < count:
        return (f"its end: {count - n} roll{'s' if count - n != 1 else ''} cut off the end (the head holds {count} "
                f"rolls ending in {kept[:16]}, the chain has {n})"), None
    if n > count:
        rid = seen.get(count + 1, (None, ""))[0]
        follows = count == 0 or seen.get(count, (0, ""))[1] == kept
        return (f"roll record {rid} (#{count + 1} of the chain): it is past the chain's head ({count} rolls"
                + (f" ending in {kept[:16]}" if count else "") + "): not written by the app"
                + ("" if follows else "; and the chain's record at the head does not match it")), rid
    last = seen.get(0, (None, ""))
    if last[1] != kept:
        return (f"roll record {last[0]} (#{n} of the chain): the chain's newest record does not match its head "
                f"(ending in {kept[:16]})"), last[0]
    return "", None
